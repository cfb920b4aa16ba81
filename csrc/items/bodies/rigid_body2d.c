/* ObjectRigidBody2D: a rigid body in the x-y plane on a NodeRigidBody2D (x, y, phi), with mass,
 * the moment of inertia J about the reference point (the node), as in Exudyn, and the centre of
 * mass c in the body frame relative to the node.
 *
 * With A = Rz(phi), c_g = A c and t = dc_g/dphi = (-c_g,y, c_g,x), the centre of mass moves as
 * p_c = p + c_g, so T = m/2 |p_t|^2 + m phi_t p_t . t + J/2 phi_t^2 and Lagrange's equations give
 *     M(phi) = [m I2, m t; m t^T, J],   quadratic term -m phi_t^2 c_g (x, y rows);
 * J >= m |c|^2 (the moment about the centre of mass, J - m |c|^2, is not negative).
 * A body-fixed point lp: position p + A lp, J = [I2, t_l] with t_l = d(A lp)/dphi. */
#include "cd_bodies.h"
#include "../nodes/cd_nodes.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_vec3.h"
#include <string.h>

typedef struct {
    cd_p_body b;                 /* mass, nodeNumber */
    double inertia;              /* about the reference point (the node) */
    cd_vec centerOfMass;         /* 2: body frame, relative to the node */
} params;

typedef struct { double A[9], phi_t, cg[2], t[2]; } kin;

static void kin_eval(const cd_system *s, const cd_item *it, const double *q, const double *v,
                     kin *k)
{
    const params *p = it->p;
    cd_rot_z(s->qref[cd_body_node(s, it)->ltg[2]] + q[2], k->A);
    k->phi_t = v[2];
    k->cg[0] = k->A[0] * p->centerOfMass.x[0] + k->A[1] * p->centerOfMass.x[1];
    k->cg[1] = k->A[3] * p->centerOfMass.x[0] + k->A[4] * p->centerOfMass.x[1];
    k->t[0] = -k->cg[1];
    k->t[1] = k->cg[0];
}

/* M = [m I2, m t; m t^T, J] */
static int mass(const cd_objctx *c, double *M)
{
    const params *p = c->item->p;
    kin k;
    kin_eval(c->sys, c->item, c->q, c->v, &k);
    double m = p->b.mass;
    double Mr[9] = {m, 0, m * k.t[0], 0, m, m * k.t[1], m * k.t[0], m * k.t[1], p->inertia};
    memcpy(M, Mr, sizeof Mr);  /* symmetric: row- and column-major alike */
    return CD_OK;
}

/* r2 = M(phi) a - m phi_t^2 c_g (x, y) */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    double M[9];
    const params *p = c->item->p;
    kin k;
    (void)rae;
    kin_eval(c->sys, c->item, c->q, c->v, &k);
    mass(c, M);
    for (int i = 0; i < 3; i++)
        r2[i] = M[i] * c->a[0] + M[i + 3] * c->a[1] + M[i + 6] * c->a[2];
    r2[0] -= p->b.mass * k.phi_t * k.phi_t * k.cg[0];
    r2[1] -= p->b.mass * k.phi_t * k.phi_t * k.cg[1];
    return CD_OK;
}

/* only phi enters: dt/dphi = -c_g, dc_g/dphi = t */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    double m = p->b.mass;
    kin k;
    (void)Cq; (void)Gq; (void)Gv;
    kin_eval(c->sys, c->item, c->q, c->v, &k);
    memset(K, 0, 9 * sizeof(double));
    memset(D, 0, 9 * sizeof(double));
    const double *a = c->a;
    for (int i = 0; i < 2; i++) {
        K[i + 6] = -m * a[2] * k.cg[i] - m * k.phi_t * k.phi_t * k.t[i];
        D[i + 6] = -2 * m * k.phi_t * k.cg[i];
    }
    K[2 + 6] = -m * (k.cg[0] * a[0] + k.cg[1] * a[1]);
    return CD_OK;
}

/* the frame of the body-fixed point lp: pos = p + A lp, J = [I2, t_l], omega = phi_t e_z,
 * Jdot_v = -phi_t^2 A lp */
static void frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                  const double *v, cd_markerdata *md)
{
    const double *qref = s->qref + cd_body_node(s, it)->ltg[0];
    double A[9];
    cd_rot_z(qref[2] + q[2], A);
    double r[2] = {A[0] * lp[0] + A[1] * lp[1], A[3] * lp[0] + A[4] * lp[1]};
    double tl[2] = {-r[1], r[0]};
    md->pos[0] = qref[0] + q[0] + r[0];
    md->pos[1] = qref[1] + q[1] + r[1];
    md->pos[2] = lp[2];
    md->vel[0] = v[0] + v[2] * tl[0];
    md->vel[1] = v[1] + v[2] * tl[1];
    md->vel[2] = 0;
    double J[9] = {1, 0, 0, 0, 1, 0, tl[0], tl[1], 0};
    memcpy(md->J, J, sizeof J);
    md->Jconst = lp[0] == 0 && lp[1] == 0;
    md->Jdot_v[0] = -v[2] * v[2] * r[0];
    md->Jdot_v[1] = -v[2] * v[2] * r[1];
    md->Jdot_v[2] = 0;
    md->rigid = 1;
    memcpy(md->A, A, sizeof A);
    md->omega[0] = md->omega[1] = 0;
    md->omega[2] = v[2];
    cd_planar_jrot(md->Jrot);
    md->r[0] = r[0]; md->r[1] = r[1]; md->r[2] = 0;
    if (md->want_d) cd_planar_rotd(md, qref[2] + q[2], v[2], lp);
}

/* gravity-like load b per mass acts at the centre of mass: f = m J_c^T b */
/* d f/dq: only (phi, phi) = -m c_g . b (d t/dphi = -c_g) */
static void massforce_dq(const cd_system *s, const cd_item *it, const double *q,
                         const double b[3], double *K)
{
    const params *p = it->p;
    kin k;
    double v0[3] = {0, 0, 0};
    kin_eval(s, it, q, v0, &k);
    K[2 + 3 * 2] -= p->b.mass * (k.cg[0] * b[0] + k.cg[1] * b[1]);
}

static void massforce(const cd_system *s, const cd_item *it, const double *q, const double b[3],
                      double *f)
{
    const params *p = it->p;
    kin k;
    double v0[3] = {0, 0, 0};
    kin_eval(s, it, q, v0, &k);
    f[0] = p->b.mass * b[0];
    f[1] = p->b.mass * b[1];
    f[2] = p->b.mass * (k.t[0] * b[0] + k.t[1] * b[1]);
}

/* outputs at the body-fixed point lp, as Exudyn's: acceleration a = p_tt + phi_tt e_z x r -
 * phi_t^2 r (r = A lp) = J a + Jdot_v, the body-frame versions A^T v, A^T a, A^T w, A^T w_t,
 * the point's displacement from where it is in the reference configuration, and Rotation the
 * node's angle coordinate q_phi (one value, without the reference angle; the node's own
 * Rotation is [0, 0, phi_ref + q_phi]) */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    cd_markerdata md, m0;
    double J[9], Jr[9], acc[3], al[3] = {0, 0, c->a[2]};
    static const double zero[3] = {0, 0, 0};
    cd_body_frame_eval(c->sys, c->item, lp, c->q, c->v, &md, J, Jr);
    for (int i = 0; i < 3; i++) acc[i] = md.Jdot_v[i] + J[i] * c->a[0] + J[3 + i] * c->a[1] +
                                         J[6 + i] * c->a[2];
    switch (var) {
    case CD_OV_POSITION: memcpy(out, md.pos, sizeof md.pos); return 3;
    case CD_OV_VELOCITY: memcpy(out, md.vel, sizeof md.vel); return 3;
    case CD_OV_VELOCITYLOCAL: cd_mattvec(md.A, md.vel, out); return 3;
    case CD_OV_DISPLACEMENT:
        cd_body_frame_eval(c->sys, c->item, lp, zero, zero, &m0, J, Jr);
        for (int i = 0; i < 3; i++) out[i] = md.pos[i] - m0.pos[i];
        return 3;
    case CD_OV_ACCELERATION: memcpy(out, acc, sizeof acc); return 3;
    case CD_OV_ACCELERATIONLOCAL: cd_mattvec(md.A, acc, out); return 3;
    case CD_OV_ROTATION: out[0] = c->q[2]; return 1;  /* Exudyn's: the angle coordinate */
    case CD_OV_ANGULARVELOCITY: memcpy(out, md.omega, sizeof md.omega); return 3;
    case CD_OV_ANGULARVELOCITYLOCAL: cd_mattvec(md.A, md.omega, out); return 3;
    case CD_OV_ANGULARACCELERATION: memcpy(out, al, sizeof al); return 3;
    case CD_OV_ANGULARACCELERATIONLOCAL: cd_mattvec(md.A, al, out); return 3;
    case CD_OV_ROTATIONMATRIX: memcpy(out, md.A, sizeof md.A); return 9;
    case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(md.A, md.pos, out);
    default: return -1;
    }
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    static const double zero[3] = {0, 0, 0};
    return output_at(c, zero, var, out);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.nodeNumber];
    if (nd->type != &cd_type_NodeRigidBody2D)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectRigidBody2D %d: parameter 'nodeNumber' "
                            "refers to node %d of type %s; ObjectRigidBody2D needs a "
                            "NodeRigidBody2D", index, p->b.nodeNumber, nd->type->name);
    double cc = p->centerOfMass.x[0] * p->centerOfMass.x[0] +
                p->centerOfMass.x[1] * p->centerOfMass.x[1], jmin = p->b.mass * cc;
    if (p->inertia < jmin * (1 - 1e-12))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectRigidBody2D %d: parameter 'inertia' (%g) is "
                            "about the reference point (the node), as in Exudyn, and must be at "
                            "least mass |centerOfMass|^2 = %g; for the moment of inertia Jc about "
                            "the centre of mass give Jc + mass |centerOfMass|^2", index,
                            p->inertia, jmin);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP, .nodes = cd_body_nodes, .mass_const = 0,
    .mass = mass, .residual = residual, .jacobian = jacobian,
    .body_position = cd_body_frame_position, .body_frame = frame,
    .marker_dsize = cd_rigid_marker_dsize, .mass_force = massforce,
    .mass_force_dq = massforce_dq, .output_at = output_at, .output = output};

static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ROTATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARACCELERATION, CD_OV_ROTATIONMATRIX,
                                    CD_OV_VELOCITYLOCAL, CD_OV_ACCELERATIONLOCAL,
                                    CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_ANGULARACCELERATIONLOCAL,
                                    CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD, CD_BODY_MASS_FIELD,
    {"inertia", CD_FT_REAL, 0, OFF(inertia), "0", CD_CHK_NONNEG, 0, "kg m^2",
     "moment of inertia about the z axis through the reference point (the node), as in Exudyn; "
     "equal to the one about the centre of mass when centerOfMass = 0", NULL},
    {"centerOfMass", CD_FT_VEC, 2, OFF(centerOfMass), "0 0", 0, 0, "m",
     "centre of mass in the body frame, relative to the node", NULL},
    CD_BODY_NODE_FIELD("a NodeRigidBody2D"),
    CD_BODY_ALIAS_FIELD("physicsMass", CD_FT_REAL, 0, "kg", "mass"),
    CD_BODY_ALIAS_FIELD("physicsInertia", CD_FT_REAL, 0, "kg m^2", "inertia"),
    CD_BODY_ALIAS_FIELD("physicsCenterOfMass", CD_FT_VEC, 2, "m", "centerOfMass")};

const cd_itemtype cd_type_ObjectRigidBody2D = {
    .kind = CD_OBJECT, .name = "ObjectRigidBody2D", .typename_ = "RigidBody2D",
    .alias = "RigidBody2D",
    .doc = "A rigid body in the x-y plane on a NodeRigidBody2D, with its centre of mass at "
           "centerOfMass in the body frame (the mass matrix then depends on the rotation).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
