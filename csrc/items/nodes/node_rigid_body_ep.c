/* NodeRigidBodyEP: a 3D rigid-body node with coordinates q = [p; e], e the 4 Euler parameters
 * (cd_rot_ep). The node owns the norm constraint g = |e|^2 - 1 = 0 (index 2: 2 e . e_t = 0)
 * with its own multiplier: r2 = 2 e lambda on the parameters. */
#include "cd_nodes.h"
#include "../../math/cd_rotations.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_coordnode n;                /* name, the coordinate vectors (7 entries each) */
    int addConstraintEquation;     /* 1: the node owns the norm constraint */
} params;

static int nq(const void *p) { (void)p; return 7; }
static int nae(const void *p) { return ((const params *)p)->addConstraintEquation ? 1 : 0; }

static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    (void)vp;
    cd_rigidnode_position(3, 7, qref, q, v, pos, vel, J);
}

/* the node's rotation matrix is Exudyn's (cd_rot_ep_exudyn): cd_rot_ep's quadratic A
 * (|e|^2 times the rotation of e/|e|) plus (1 - |e|^2) I, A_ii = 1 - 2 (e_j^2 + e_k^2). Both
 * equal the rotation when |e| = 1 (index 3); with index-2 constraints |e| drifts, and this form
 * keeps a rotation about one axis exact along that axis (and gives Exudyn's results). Its
 * derivatives are cd_rot_ep_d's minus 2 e_k I */
static void rotation(const void *vp, const double *qref, const double *q, const double *v,
                     double A[9], double *Gb, double Gbd_v[3])
{
    double e[4];
    (void)vp; (void)v;
    cd_rigidnode_theta(qref, q, 4, e);
    cd_rot_ep(e, A, Gb, Gbd_v);
    cd_rot_ep_exudyn(e, A);
}

static void rotation_d(const void *vp, const double *qref, const double *q, const double *v,
                       double *dA, double *dGb, double *dq, double *dv)
{
    double e[4];
    (void)vp; (void)v;
    cd_rigidnode_theta(qref, q, 4, e);
    cd_rot_ep_d(e, dA, dGb, dq, dv);
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 3; i++) dA[9 * k + 4 * i] -= 2 * e[k];
}

/* the global rotation Jacobian G = 2 [-e1 e0 -e3 e2; -e2 e3 e0 -e1; -e3 -e2 e1 e0]
 * (d omega/d e_t), linear in e; it equals A Gbar on |e| = 1. Exudyn applies torques and
 * reactions with it (markers' rotation Jacobian), which matters where |e| drifts (index 2) */
static void rotation_global(const void *vp, const double *qref, const double *q, double *G,
                            double *dG)
{
    double e[4];
    (void)vp;
    cd_rigidnode_theta(qref, q, 4, e);
    cd_rot_ep_exudyn_G(e, G);
    if (!dG) return;
    for (int k = 0; k < 4; k++) {   /* G is linear in e: dG/de_k = G(u_k) */
        double u[4] = {0, 0, 0, 0};
        u[k] = 1;
        cd_rot_ep_exudyn_G(u, dG + 12 * k);
    }
}

/* e = reference + displacement parameters, ee = |e|^2, ev = e . e_t */
static void norms(const double *qref, const double *q, const double *v, double e[4], double *ee,
                  double *ev)
{
    *ee = *ev = 0;
    for (int i = 0; i < 4; i++) {
        e[i] = qref[3 + i] + q[3 + i];
        *ee += e[i] * e[i];
        *ev += e[i] * v[3 + i];
    }
}

/* g = |e|^2 - 1 (index 3) or 2 e . e_t (index 2); r2 = 2 e lam on the parameters */
static void ae_residual(const void *vp, const double *qref, const double *q, const double *v,
                        const double *lam, int index2, double *r2, double *rae)
{
    double e[4], ee, ev;
    (void)vp;
    norms(qref, q, v, e, &ee, &ev);
    for (int i = 0; i < 3; i++) r2[i] = 0;
    for (int i = 0; i < 4; i++) r2[3 + i] = 2 * e[i] * lam[0];
    rae[0] = index2 ? 2 * ev : ee - 1;
}

/* K = 2 lam I (parameters), Cq = 2 e^T; index 3: Gq = 2 e^T, Gv = 0; index 2: Gq = 2 e_t^T,
 * Gv = 2 e^T */
static void ae_jacobian(const void *vp, const double *qref, const double *q, const double *v,
                        const double *lam, int index2, double *K, double *Cq, double *Gq,
                        double *Gv)
{
    (void)vp;
    memset(K, 0, 49 * sizeof(double));
    memset(Cq, 0, 7 * sizeof(double));
    memset(Gq, 0, 7 * sizeof(double));
    memset(Gv, 0, 7 * sizeof(double));
    for (int i = 0; i < 4; i++) {
        double e = qref[3 + i] + q[3 + i];
        K[(3 + i) + 7 * (3 + i)] = 2 * lam[0];
        Cq[3 + i] = 2 * e;
        if (index2) {
            Gq[3 + i] = 2 * v[3 + i];
            Gv[3 + i] = 2 * e;
        } else {
            Gq[3 + i] = 2 * e;
        }
    }
}

/* the exact solution has e . e_t = 0; index-3 generalized-alpha enforces only |e| = 1 and
 * lets e . e_t oscillate (spectral radius rho_inf per step), which at large rotation per step
 * (heavy top, h omega = 0.3) spoils the solution. Projecting e_t after each step keeps it on
 * the tangent space; the projection vanishes as h -> 0 and keeps second order. */
static void project_velocity(const void *vp, const double *qref, const double *q, double *v)
{
    double e[4], ee, ev;
    (void)vp;
    norms(qref, q, v, e, &ee, &ev);
    for (int i = 0; i < 4; i++) v[3 + i] -= ev / ee * e[i];
}

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md);
static const cd_nodeops ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT, .nq = nq, .init = cd_coordnode_init,
    .position = position, .frame = frame, .marker_dsize = cd_rigid_marker_dsize,
    .rotation = rotation, .rotation_d = rotation_d, .rotation_global = rotation_global,
    .project_velocity = project_velocity, .nae = nae, .ae_residual = ae_residual,
    .ae_jacobian = ae_jacobian};

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md)
{
    cd_rigidnode_frame(&ops, vp, qref, q, v, md);
}

/* Euler parameters of reference + initial coordinates must have unit norm */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    double n2 = 0;
    (void)s;
    for (int i = 3; i < 7; i++) {
        double e = p->n.referenceCoordinates.x[i] + p->n.initialCoordinates.x[i];
        n2 += e * e;
    }
    if (fabs(sqrt(n2) - 1) > 1e-10)
        return cd_error_set(err, CD_ERR_INPUT, "NodeRigidBodyEP %d: the Euler parameters of "
                            "referenceCoordinates + initialCoordinates must have unit norm, got "
                            "norm %.12g", index, sqrt(n2));
    return CD_OK;
}

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    CD_RIGIDNODE_COORD_FIELDS(7, "0 0 0 1 0 0 0", "0 0 0 0 0 0 0",
                              "reference [x, y, z, e0, e1, e2, e3]",
                              "initial displacements of [x, y, z, e0, e1, e2, e3]",
                              "initial velocities of the 7 coordinates"),
    {"addConstraintEquation", CD_FT_BOOL, 0, offsetof(params, addConstraintEquation), "1", 0, 0,
     "", "True: the node adds the norm constraint |e|^2 - 1 = 0 with its own multiplier", NULL}};

const cd_itemtype cd_type_NodeRigidBodyEP = {
    .kind = CD_NODE, .name = "NodeRigidBodyEP", .typename_ = "RigidBodyEP", .alias = NULL,
    .doc = "A 3D rigid-body node: position and 4 Euler parameters; it owns the norm constraint.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .node = &ops, .outvars = cd_rigidnode_outvars};
