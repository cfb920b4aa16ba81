/* Rigid bodies in the x-y plane: NodeRigidBody2D (x, y, phi displacements) and
 * ObjectRigidBody2D (mass, inertia about the centre of mass, centre of mass c in the body
 * frame relative to the node).
 *
 * With A = Rz(phi), c_g = A c and t = dc_g/dphi = (-c_g,y, c_g,x), the centre of mass moves as
 * p_c = p + c_g, so T = m/2 |p_t + phi_t t|^2 + I/2 phi_t^2 and Lagrange's equations give
 *     M(phi) = [m I2, m t; m t^T, I + m |c|^2],   quadratic term -m phi_t^2 c_g (x, y rows).
 * A body-fixed point lp: position p + A lp, J = [I2, t_l] with t_l = d(A lp)/dphi. */
#include "../core/cd_items.h"
#include "cd_item_list.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- node */

#define NOFF(f) offsetof(cd_p_node, f)

static int nq3(const void *p) { (void)p; return 3; }

static void node_init(const void *vp, double *qref, double *q0, double *v0)
{
    const cd_p_node *p = vp;
    memcpy(qref, p->referenceCoordinates.x, 3 * sizeof(double));
    memcpy(q0, p->initialCoordinates.x, 3 * sizeof(double));
    memcpy(v0, p->initialVelocities.x, 3 * sizeof(double));
}

/* position of the node and J = [I2 0; 0 0 0] */
static void node_position(const void *vp, const double *qref, const double *q, const double *v,
                          double pos[3], double vel[3], double *J)
{
    (void)vp;
    pos[0] = qref[0] + q[0]; pos[1] = qref[1] + q[1]; pos[2] = 0;
    vel[0] = v[0]; vel[1] = v[1]; vel[2] = 0;
    if (J)
        for (int k = 0; k < 9; k++) J[k] = (k == 0 || k == 4) ? 1.0 : 0.0;
}

static void rot_z(double phi, double A[9])
{
    double c = cos(phi), s = sin(phi);
    double R[9] = {c, -s, 0, s, c, 0, 0, 0, 1};
    memcpy(A, R, sizeof R);
}

/* Jrot: omega_z = phi_t */
static void jrot_phi(double *Jrot)
{
    for (int k = 0; k < 9; k++) Jrot[k] = (k == 8) ? 1.0 : 0.0;
}

/* derivative data of a planar frame (cd_md_*): A = Rz(phi), Gbar = e_z */
static void planar_rotd(cd_markerdata *md, double phi, double phit, const double lp[3])
{
    double c = cos(phi), s = sin(phi);
    double dA[9] = {-s, -c, 0, c, -s, 0, 0, 0, 0};
    md->rotd = 1;
    md->npos = 2;
    md->nrot = 1;
    memcpy(md->dA, dA, sizeof dA);
    md->Gb[0] = md->Gb[1] = 0;
    md->Gb[2] = 1;
    md->dGb[0] = md->dGb[1] = md->dGb[2] = 0;
    md->tht[0] = phit;
    memcpy(md->lp, lp, sizeof md->lp);
}

static void node_frame(const void *vp, const double *qref, const double *q, const double *v,
                       cd_markerdata *md)
{
    node_position(vp, qref, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
    md->rigid = 1;
    rot_z(qref[2] + q[2], md->A);
    md->omega[0] = md->omega[1] = 0;
    md->omega[2] = v[2];
    jrot_phi(md->Jrot);
    static const double zero[3] = {0, 0, 0};
    if (md->want_d) planar_rotd(md, qref[2] + q[2], v[2], zero);
}

static const cd_nodeops node_ops = {.flags = CD_NODEF_POS | CD_NODEF_ROT, .nq = nq3, .init = node_init, .position = node_position, .frame = node_frame};
static const cd_outvar node_ov[] = {
    CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_ACCELERATION, CD_OV_COORDINATES,
    CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT, CD_OV_ROTATION, CD_OV_ANGULARVELOCITY,
    CD_OV_ANGULARACCELERATION, CD_OV_ROTATIONMATRIX, CD_OV_NONE};

#define NAME_FIELD(what) {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", what "'s unique name", NULL}

static const cd_field node_fields[] = {
    NAME_FIELD("node"),
    {"referenceCoordinates", CD_FT_VEC, 3, NOFF(referenceCoordinates), "0 0 0", 0, 0, "m, rad",
     "reference coordinates [x, y, phi]", NULL},
    {"initialCoordinates", CD_FT_VEC, 3, NOFF(initialCoordinates), "0 0 0", 0, 0, "m, rad",
     "initial displacements [x, y, phi]", NULL},
    {"initialVelocities", CD_FT_VEC, 3, NOFF(initialVelocities), "0 0 0", 0, 0, "m/s, rad/s",
     "initial velocities [x_t, y_t, phi_t]", NULL}};

const cd_itemtype cd_type_NodeRigidBody2D = {
    CD_NODE, "NodeRigidBody2D", "RigidBody2D", NULL,
    "A rigid-body node in the x-y plane: position (x, y) and rotation phi about z.",
    sizeof(cd_p_node), node_fields, CD_NF(node_fields), NULL, &node_ops, NULL, NULL, NULL,
    node_ov, NULL};

/* ---------------------------------------------------------------- body */

#define OFF(f) offsetof(cd_p_rigid2d, f)

typedef struct { double A[9], phi_t, cg[2], t[2]; } rb2_kin;

static void rb2_eval(const cd_system *s, const cd_item *it, const double *q, const double *v,
                     rb2_kin *k)
{
    const cd_p_rigid2d *p = it->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    rot_z(s->qref[nd->ltg[2]] + q[2], k->A);
    k->phi_t = v[2];
    k->cg[0] = k->A[0] * p->centerOfMass.x[0] + k->A[1] * p->centerOfMass.x[1];
    k->cg[1] = k->A[3] * p->centerOfMass.x[0] + k->A[4] * p->centerOfMass.x[1];
    k->t[0] = -k->cg[1];
    k->t[1] = k->cg[0];
}

static int one_node(const void *vp, const int **nodes)
{
    *nodes = &((const cd_p_rigid2d *)vp)->nodeNumber;
    return 1;
}

static int rb2_mass(const cd_objctx *c, double *M)
{
    const cd_p_rigid2d *p = c->item->p;
    rb2_kin k;
    rb2_eval(c->sys, c->item, c->q, c->v, &k);
    double m = p->mass, cc = p->centerOfMass.x[0] * p->centerOfMass.x[0] +
                            p->centerOfMass.x[1] * p->centerOfMass.x[1];
    double Mr[9] = {m, 0, m * k.t[0], 0, m, m * k.t[1], m * k.t[0], m * k.t[1],
                    p->inertia + m * cc};
    memcpy(M, Mr, sizeof Mr);  /* symmetric: row- and column-major alike */
    return CD_OK;
}

/* r2 = M(phi) a - m phi_t^2 c_g (x, y) */
static int rb2_residual(const cd_objctx *c, double *r2, double *rae)
{
    double M[9];
    const cd_p_rigid2d *p = c->item->p;
    rb2_kin k;
    (void)rae;
    rb2_eval(c->sys, c->item, c->q, c->v, &k);
    rb2_mass(c, M);
    for (int i = 0; i < 3; i++)
        r2[i] = M[i] * c->a[0] + M[i + 3] * c->a[1] + M[i + 6] * c->a[2];
    r2[0] -= p->mass * k.phi_t * k.phi_t * k.cg[0];
    r2[1] -= p->mass * k.phi_t * k.phi_t * k.cg[1];
    return CD_OK;
}

/* only phi enters: dt/dphi = -c_g, dc_g/dphi = t */
static int rb2_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    const cd_p_rigid2d *p = c->item->p;
    double m = p->mass;
    rb2_kin k;
    (void)Cq; (void)Gq; (void)Gv;
    rb2_eval(c->sys, c->item, c->q, c->v, &k);
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

static void rb2_frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                      const double *v, cd_markerdata *md)
{
    const cd_p_rigid2d *p = it->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    const double *qref = s->qref + nd->ltg[0];
    double A[9];
    rot_z(qref[2] + q[2], A);
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
    jrot_phi(md->Jrot);
    md->r[0] = r[0]; md->r[1] = r[1]; md->r[2] = 0;
    if (md->want_d) planar_rotd(md, qref[2] + q[2], v[2], lp);
}

static void rb2_position(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                         const double *v, double pos[3], double vel[3], double *J)
{
    cd_markerdata md;
    double Jl[9], Jr[9];
    md.n = 3;
    md.want_d = 0;
    md.J = J ? J : Jl;
    md.Jrot = Jr;
    rb2_frame(s, it, lp, q, v, &md);
    memcpy(pos, md.pos, sizeof md.pos);
    memcpy(vel, md.vel, sizeof md.vel);
}

/* gravity-like load b per mass acts at the centre of mass: f = m J_c^T b */
/* d f/dq: only (phi, phi) = -m c_g . b (d t/dphi = -c_g) */
static void rb2_massforce_dq(const cd_system *s, const cd_item *it, const double *q,
                             const double b[3], double *K)
{
    const cd_p_rigid2d *p = it->p;
    rb2_kin k;
    double v0[3] = {0, 0, 0};
    rb2_eval(s, it, q, v0, &k);
    K[2 + 3 * 2] -= p->mass * (k.cg[0] * b[0] + k.cg[1] * b[1]);
}

static void rb2_massforce(const cd_system *s, const cd_item *it, const double *q, const double b[3],
                          double *f)
{
    const cd_p_rigid2d *p = it->p;
    rb2_kin k;
    double v0[3] = {0, 0, 0};
    rb2_eval(s, it, q, v0, &k);
    f[0] = p->mass * b[0];
    f[1] = p->mass * b[1];
    f[2] = p->mass * (k.t[0] * b[0] + k.t[1] * b[1]);
}

static int rb2_output(const cd_objctx *c, cd_outvar var, double *out)
{
    static const double zero[3] = {0, 0, 0};
    cd_markerdata md;
    double J[9], Jr[9];
    md.n = 3;
    md.want_d = 0;
    md.J = J;
    md.Jrot = Jr;
    rb2_frame(c->sys, c->item, zero, c->q, c->v, &md);
    const cd_p_rigid2d *p = c->item->p;
    double phi = c->sys->qref[c->sys->list[CD_NODE].items[p->nodeNumber].ltg[2]] + c->q[2];
    switch (var) {
    case CD_OV_POSITION: memcpy(out, md.pos, sizeof md.pos); return 3;
    case CD_OV_VELOCITY: memcpy(out, md.vel, sizeof md.vel); return 3;
    case CD_OV_DISPLACEMENT: out[0] = c->q[0]; out[1] = c->q[1]; out[2] = 0; return 3;
    case CD_OV_ACCELERATION: out[0] = c->a[0]; out[1] = c->a[1]; out[2] = 0; return 3;
    case CD_OV_ROTATION: out[0] = out[1] = 0; out[2] = phi; return 3;
    case CD_OV_ANGULARVELOCITY: memcpy(out, md.omega, sizeof md.omega); return 3;
    case CD_OV_ANGULARACCELERATION: out[0] = out[1] = 0; out[2] = c->a[2]; return 3;
    case CD_OV_ROTATIONMATRIX: memcpy(out, md.A, sizeof md.A); return 9;
    default: return -1;
    }
}

static int rb2_check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_rigid2d *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    if (nd->type != &cd_type_NodeRigidBody2D)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectRigidBody2D %d: parameter 'nodeNumber' "
                            "refers to node %d of type %s; ObjectRigidBody2D needs a "
                            "NodeRigidBody2D", index, p->nodeNumber, nd->type->name);
    return CD_OK;
}

static const cd_objectops rb2_ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP,
    .nodes = one_node,
    .mass_const = 0,
    .mass = rb2_mass,
    .residual = rb2_residual,
    .jacobian = rb2_jacobian,
    .body_position = rb2_position,
    .body_frame = rb2_frame,
    .mass_force = rb2_massforce,
    .mass_force_dq = rb2_massforce_dq,
    .output = rb2_output};

static const cd_outvar body_ov[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ROTATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARACCELERATION, CD_OV_ROTATIONMATRIX, CD_OV_NONE};

static const cd_field body_fields[] = {
    NAME_FIELD("object"),
    {"mass", CD_FT_REAL, 0, OFF(mass), "0", CD_CHK_NONNEG, 0, "kg", "mass of the body", NULL},
    {"inertia", CD_FT_REAL, 0, OFF(inertia), "0", CD_CHK_NONNEG, 0, "kg m^2",
     "moment of inertia about the z axis through the centre of mass", NULL},
    {"centerOfMass", CD_FT_VEC, 2, OFF(centerOfMass), "0 0", 0, 0, "m",
     "centre of mass in the body frame, relative to the node", NULL},
    {"nodeNumber", CD_FT_INDEX, 0, OFF(nodeNumber), NULL, 0, CD_NODE, "",
     "a NodeRigidBody2D", NULL},
    {"physicsMass", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "kg", "deprecated alias of mass",
     "mass"},
    {"physicsInertia", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "kg m^2",
     "deprecated alias of inertia", "inertia"},
    {"physicsCenterOfMass", CD_FT_VEC, 2, 0, NULL, CD_CHK_ALIAS, 0, "m",
     "deprecated alias of centerOfMass", "centerOfMass"}};

const cd_itemtype cd_type_ObjectRigidBody2D = {
    CD_OBJECT, "ObjectRigidBody2D", "RigidBody2D", "RigidBody2D",
    "A rigid body in the x-y plane on a NodeRigidBody2D, with its centre of mass at "
    "centerOfMass in the body frame (the mass matrix then depends on the rotation).",
    sizeof(cd_p_rigid2d), body_fields, CD_NF(body_fields), rb2_check, NULL, &rb2_ops, NULL, NULL,
    body_ov, NULL};
