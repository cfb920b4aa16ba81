/* ObjectRotationalMass1D: a rotor (moment of inertia J) on a Node1D whose coordinate is the
 * rotation angle psi = reference + displacement about the local z axis of the frame
 * referenceRotation R0, centred at referencePosition p0 (Exudyn's ObjectRotationalMass1D).
 *
 * Body frame A = R0 Rz(psi); a body-fixed point lp sits at p0 + A lp; the angular velocity is
 * psi_t R0 e_z. Mass matrix [J]; no elastic, gyroscopic or gravity term (a load through
 * MarkerBodyMass has no effect in Exudyn either, so the body does not accept one). Torques act
 * through Jrot = R0 e_z; a force at lp acts through J = A (e_z x lp), zero on the axis (Exudyn
 * only allows points on the axis; here the general point is exact). */
#include "cd_bodies.h"
#include "../nodes/cd_nodes.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_body b;                /* b.mass holds the moment of inertia; nodeNumber */
    cd_vec referencePosition;   /* 3 */
    cd_mat referenceRotation;   /* 3 x 3 */
} params;

static double angle(const cd_system *s, const cd_item *it, const double *q)
{
    return s->qref[cd_body_node(s, it)->ltg[0]] + q[0];
}

/* the frame of the body-fixed point lp: A = R0 Rz(psi), pos = p0 + A lp,
 * vel = psi_t A (e_z x lp), J = A (e_z x lp), Jdot_v = -psi_t^2 A (x, y, 0) of lp,
 * omega = psi_t R0 e_z, Jrot = R0 e_z */
static void frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                  const double *v, cd_markerdata *md)
{
    const params *p = it->p;
    const double *R0 = p->referenceRotation.x;
    double psi = angle(s, it, q), Rz[9], ez[3] = {0, 0, 1}, el[3], lxy[3] = {lp[0], lp[1], 0};
    cd_rot_z(psi, Rz);
    cd_matmul(R0, Rz, md->A);
    cd_matvec(md->A, lp, md->r);
    cd_cross(ez, lp, el);
    cd_matvec(md->A, el, md->J);
    cd_matvec(md->A, lxy, md->Jdot_v);
    for (int i = 0; i < 3; i++) {
        md->pos[i] = p->referencePosition.x[i] + md->r[i];
        md->vel[i] = v[0] * md->J[i];
        md->Jdot_v[i] *= -v[0] * v[0];
        md->Jrot[i] = R0[3 * i + 2];
        md->omega[i] = v[0] * md->Jrot[i];
    }
    md->Jconst = lp[0] == 0 && lp[1] == 0;
    md->rigid = 1;
    if (md->want_d) {
        /* dA/dpsi = R0 dRz/dpsi; Gbar = e_z (local), dGbar = 0 */
        double c = cos(psi), sn = sin(psi), dRz[9] = {-sn, -c, 0, c, -sn, 0, 0, 0, 0};
        cd_rigid_md *d = cd_rigid_md_begin(md);
        d->npos = 0;
        d->nrot = 1;
        cd_matmul(R0, dRz, d->dA);
        d->Gb[0] = d->Gb[1] = 0;
        d->Gb[2] = 1;
        d->dGb[0] = d->dGb[1] = d->dGb[2] = 0;
        d->tht[0] = v[0];
        memcpy(d->lp, lp, sizeof d->lp);
    }
}

static int mass(const cd_objctx *c, double *M)
{
    M[0] = ((const params *)c->item->p)->b.mass;
    return CD_OK;
}

static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    cd_markerdata md;
    double J[3], Jr[3];
    md.n = 1;
    md.J = J;
    md.Jrot = Jr;
    md.want_d = 0;
    md.deriv = NULL;
    frame(c->sys, c->item, lp, c->q, c->v, &md);
    switch (var) {
    case CD_OV_ROTATION: out[0] = angle(c->sys, c->item, c->q); return 1;
    case CD_OV_ANGULARVELOCITY: memcpy(out, md.omega, sizeof md.omega); return 3;
    case CD_OV_ANGULARVELOCITYLOCAL: out[0] = out[1] = 0; out[2] = c->v[0]; return 3;
    case CD_OV_ANGULARACCELERATION:
        if (!c->a) return -1;
        for (int i = 0; i < 3; i++) out[i] = c->a[0] * Jr[i];
        return 3;
    case CD_OV_ROTATIONMATRIX: memcpy(out, md.A, sizeof md.A); return 9;
    case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(md.A, md.pos, out);
    case CD_OV_KINETICENERGY: out[0] = 0.5 * p->b.mass * c->v[0] * c->v[0]; return 1;
    default: return -1;  /* Position, Displacement, Velocity, Acceleration: the body point */
    }
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    static const double zero[3] = {0, 0, 0};
    cd_markerdata md;
    double J[3], Jr[3];
    int n = output_at(c, zero, var, out);
    if (n >= 0) return n;
    md.n = 1;
    md.J = J;
    md.Jrot = Jr;
    md.want_d = 0;
    md.deriv = NULL;
    frame(c->sys, c->item, zero, c->q, c->v, &md);
    switch (var) {
    case CD_OV_POSITION: memcpy(out, md.pos, sizeof md.pos); return 3;
    case CD_OV_DISPLACEMENT:
    case CD_OV_VELOCITY:
    case CD_OV_ACCELERATION: out[0] = out[1] = out[2] = 0; return 3;  /* the centre is fixed */
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.nodeNumber];
    if (nd->type != &cd_type_Node1D)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectRotationalMass1D %d: parameter 'nodeNumber' refers to node %d "
                            "of type %s; ObjectRotationalMass1D needs a Node1D (its coordinate is "
                            "the rotation angle)", index, p->b.nodeNumber, nd->type->name);
    if (p->referenceRotation.rows != 3 || p->referenceRotation.cols != 3)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectRotationalMass1D %d: parameter 'referenceRotation' must be a "
                            "3x3 matrix, got %dx%d", index, p->referenceRotation.rows,
                            p->referenceRotation.cols);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY, .nodes = cd_body_nodes, .mass_const = 1, .mass = mass,
    .body_position = cd_body_frame_position, .body_frame = frame,
    .marker_dsize = cd_rigid_marker_dsize, .output_at = output_at, .output = output};

static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ROTATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_ANGULARACCELERATION,
                                    CD_OV_ROTATIONMATRIX, CD_OV_KINETICENERGY,
                                    CD_OV_HOMOGENEOUSTRANSFORMATION, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    {"inertia", CD_FT_REAL, 0, offsetof(cd_p_body, mass), "0", CD_CHK_NONNEG, 0, "kg m^2",
     "moment of inertia about the rotation axis (local z axis)", NULL},
    CD_BODY_NODE_FIELD("a Node1D whose coordinate is the rotation angle"),
    {"referencePosition", CD_FT_VEC, 3, OFF(referencePosition), "0 0 0", 0, 0, "m",
     "position of the rotation centre (the body's reference point)", NULL},
    {"referenceRotation", CD_FT_MAT, 3, OFF(referenceRotation), "1 0 0 0 1 0 0 0 1", 0, 0, "",
     "3x3 rotation of the body frame at angle 0; its third column is the rotation axis", NULL},
    CD_BODY_ALIAS_FIELD("physicsInertia", CD_FT_REAL, 0, "kg m^2", "inertia")};

const cd_itemtype cd_type_ObjectRotationalMass1D = {
    .kind = CD_OBJECT, .name = "ObjectRotationalMass1D", .typename_ = "RotationalMass1D",
    .alias = "Rotor1D",
    .doc = "A rotor with one rotation coordinate (a Node1D) about the local z axis of "
           "referenceRotation, centred at referencePosition.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
