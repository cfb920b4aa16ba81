/* Rigid bodies in 3D: NodeRigidBodyEP (position + 4 Euler parameters, with the norm constraint
 * |e|^2 - 1 = 0 owned by the node), NodeRigidBodyRxyz (position + Tait-Bryan angles xyz; the
 * body reports a SolverError near cos(beta) = 0), NodeRigidBodyRotVecLG (rotation vector on
 * SO(3), velocity coordinates = body angular velocity, Gbar = I; see cd_lie.c) and
 * ObjectRigidBody (mass, inertia about the reference point, centre of mass c, body frame).
 *
 * Coordinates q = [p; theta], A = A(theta), local angular velocity w = Gbar theta_t.
 * A body-fixed point lp: position p + A lp, J = [I, -A lp~ Gbar], Jrot (global) = [0, A Gbar].
 * Equations of motion (reference point, body frame), with w_t = Gbar theta_tt + Gbd_v:
 *   m p_tt - m A c~ w_t + m A w~ w~ c                          = f
 *   Gbar^T (J w_t + w~ J w + m c~ A^T p_tt)                     = Gbar^T tau
 * so M = [m I, -m A c~ Gbar; m Gbar^T c~ A^T, Gbar^T J Gbar] and the residual holds M a plus
 * the quadratic terms m A (w~ w~ c - c~ Gbd_v) and Gbar^T (J Gbd_v + w~ J w).
 * The body's Jacobian is analytic (rb3_jacobian). */
#include "../core/cd_items.h"
#include "../math/cd_vec3.h"
#include "../math/cd_lie.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- small math */




/* ---------------------------------------------------------------- parametrizations */

/* Euler parameters e = (e0, e1, e2, e3): A, Gbar (3 x 4) = 2 [-e1 e0 e3 -e2; -e2 -e3 e0 e1;
 * -e3 e2 -e1 e0], and Gbar(e_t) e_t = 0 */
static void rot_ep(const double *e, const double *et, double A[9], double *G, double Gbd_v[3])
{
    double e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
    double R[9] = {e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3, 2 * (e1 * e2 - e0 * e3),
                   2 * (e1 * e3 + e0 * e2), 2 * (e1 * e2 + e0 * e3),
                   e0 * e0 - e1 * e1 + e2 * e2 - e3 * e3, 2 * (e2 * e3 - e0 * e1),
                   2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1),
                   e0 * e0 - e1 * e1 - e2 * e2 + e3 * e3};
    double Gb[12] = {-e1, e0, e3, -e2, -e2, -e3, e0, e1, -e3, e2, -e1, e0};
    memcpy(A, R, sizeof R);
    for (int k = 0; k < 12; k++) G[k] = 2 * Gb[k];
    (void)et;
    Gbd_v[0] = Gbd_v[1] = Gbd_v[2] = 0;
}

/* Tait-Bryan xyz, A = Rx(a) Ry(b) Rz(c); local omega = Gbar theta_t with
 * Gbar = [Rz^T Ry^T e_x, Rz^T e_y, e_z] = [cb cc, sc, 0; -cb sc, cc, 0; sb, 0, 1] (depends on
 * b, c only; det = cb) and Gbd_v = (dGbar/dt) theta_t */
static void rot_rxyz(const double *t, const double *tt, double A[9], double *Gb, double Gbd_v[3])
{
    double ca = cos(t[0]), sa = sin(t[0]), cb = cos(t[1]), sb = sin(t[1]), cc = cos(t[2]),
           sc = sin(t[2]);
    double R[9] = {cb * cc, -cb * sc, sb,
                   ca * sc + sa * sb * cc, ca * cc - sa * sb * sc, -sa * cb,
                   sa * sc - ca * sb * cc, sa * cc + ca * sb * sc, ca * cb};
    double G[9] = {cb * cc, sc, 0, -cb * sc, cc, 0, sb, 0, 1};
    double at = tt[0], bt = tt[1], ct = tt[2];
    memcpy(A, R, sizeof R);
    memcpy(Gb, G, sizeof G);
    /* b_t a_t dGbar_0/db + c_t (a_t dGbar_0/dc + b_t dGbar_1/dc) */
    Gbd_v[0] = -bt * at * sb * cc + ct * (-at * cb * sc + bt * cc);
    Gbd_v[1] = bt * at * sb * sc + ct * (-at * cb * cc - bt * sc);
    Gbd_v[2] = bt * at * cb;
}

/* dA_k = A Gbar_k~ (exact for an orthogonal parametrization), row-major 3x3 blocks */
static void dA_orthogonal(const double A[9], const double *Gb, int nt, double *dA)
{
    for (int k = 0; k < nt; k++) {
        double g[3] = {Gb[k], Gb[nt + k], Gb[2 * nt + k]};
        double S[9] = {0, -g[2], g[1], g[2], 0, -g[0], -g[1], g[0], 0};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                dA[9 * k + 3 * i + j] =
                    A[3 * i] * S[j] + A[3 * i + 1] * S[3 + j] + A[3 * i + 2] * S[6 + j];
    }
}

static void rxyz_d(const double *t, const double *tt, double *dA, double *dGb, double *dq,
                   double *dv)
{
    double A[9], Gb[9], Gd[3];
    double cb = cos(t[1]), sb = sin(t[1]), cc = cos(t[2]), sc = sin(t[2]);
    double at = tt[0], bt = tt[1], ct = tt[2];
    rot_rxyz(t, tt, A, Gb, Gd);
    dA_orthogonal(A, Gb, 3, dA);
    memset(dGb, 0, 27 * sizeof(double));
    dGb[9 + 0] = -sb * cc; dGb[9 + 3] = sb * sc; dGb[9 + 6] = cb;            /* d/db */
    dGb[18 + 0] = -cb * sc; dGb[18 + 3] = -cb * cc;                          /* d/dc */
    dGb[18 + 1] = cc; dGb[18 + 4] = -sc;
    double Q[9] = {0, at * bt * (-cb * cc) + ct * at * sb * sc,
                   at * bt * sb * sc + ct * at * (-cb * cc) - ct * bt * sc,
                   0, at * bt * cb * sc + ct * at * sb * cc,
                   at * bt * sb * cc + ct * at * cb * sc - ct * bt * cc,
                   0, -at * bt * sb, 0};
    double V[9] = {bt * (-sb * cc) + ct * (-cb * sc), at * (-sb * cc) + ct * cc,
                   at * (-cb * sc) + bt * cc,
                   bt * sb * sc + ct * (-cb * cc), at * sb * sc - ct * sc,
                   at * (-cb * cc) - bt * sc,
                   bt * cb, at * cb, 0};
    memcpy(dq, Q, sizeof Q);
    memcpy(dv, V, sizeof V);
}

/* Euler parameters: A is quadratic in e, Gbar linear and Gbar(e_t) e_t = 0 */
static void ep_d(const double *e, double *dA, double *dGb, double *dq, double *dv)
{
    double e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
    double D[36] = {e0, -e3, e2, e3, e0, -e1, -e2, e1, e0,
                    e1, e2, e3, e2, -e1, -e0, e3, e0, -e1,
                    -e2, e1, e0, e1, e2, e3, -e0, e3, -e2,
                    -e3, -e0, e1, e0, -e3, e2, e1, e2, e3};
    for (int k = 0; k < 36; k++) dA[k] = 2 * D[k];
    for (int k = 0; k < 4; k++) {  /* dGbar/de_k = Gbar(u_k) */
        double u[4] = {0, 0, 0, 0}, A[9], Gd[3];
        u[k] = 1;
        rot_ep(u, u, A, dGb + 12 * k, Gd);
    }
    memset(dq, 0, 12 * sizeof(double));
    memset(dv, 0, 12 * sizeof(double));
}

/* ---------------------------------------------------------------- nodes */

#define NOFF(f) offsetof(cd_p_node, f)

static int nq7(const void *p) { (void)p; return 7; }
static int nq6(const void *p) { (void)p; return 6; }
static int ep_nae(const void *p) { return ((const cd_p_node *)p)->addConstraintEquation ? 1 : 0; }

static void node_init(const void *vp, double *qref, double *q0, double *v0)
{
    const cd_p_node *p = vp;
    int n = p->referenceCoordinates.n;
    memcpy(qref, p->referenceCoordinates.x, sizeof(double) * (size_t)n);
    memcpy(q0, p->initialCoordinates.x, sizeof(double) * (size_t)n);
    memcpy(v0, p->initialVelocities.x, sizeof(double) * (size_t)n);
}

static void node_position(const void *vp, const double *qref, const double *q, const double *v,
                          double pos[3], double vel[3], double *J)
{
    int n = ((const cd_p_node *)vp)->referenceCoordinates.n;
    for (int i = 0; i < 3; i++) {
        pos[i] = qref[i] + q[i];
        vel[i] = v[i];
    }
    if (J)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < 3; i++) J[i + 3 * j] = (i == j);
}

static void ep_rotation(const void *vp, const double *qref, const double *q, const double *v,
                        double A[9], double *Gb, double Gbd_v[3])
{
    double e[4];
    (void)vp;
    for (int i = 0; i < 4; i++) e[i] = qref[3 + i] + q[3 + i];
    rot_ep(e, v + 3, A, Gb, Gbd_v);
}

static void rxyz_rotation(const void *vp, const double *qref, const double *q, const double *v,
                          double A[9], double *Gb, double Gbd_v[3])
{
    double t[3];
    (void)vp;
    for (int i = 0; i < 3; i++) t[i] = qref[3 + i] + q[3 + i];
    rot_rxyz(t, v + 3, A, Gb, Gbd_v);
}

static void ep_rotation_d(const void *vp, const double *qref, const double *q, const double *v,
                          double *dA, double *dGb, double *dq, double *dv)
{
    double e[4];
    (void)vp; (void)v;
    for (int i = 0; i < 4; i++) e[i] = qref[3 + i] + q[3 + i];
    ep_d(e, dA, dGb, dq, dv);
}

static void rxyz_rotation_d(const void *vp, const double *qref, const double *q,
                            const double *v, double *dA, double *dGb, double *dq, double *dv)
{
    double t[3];
    (void)vp;
    for (int i = 0; i < 3; i++) t[i] = qref[3 + i] + q[3 + i];
    rxyz_d(t, v + 3, dA, dGb, dq, dv);
}

/* the frame of a body-fixed point lp of a node with rotation rot (also used by the body) */
static void point_frame(const cd_nodeops *ops, const void *np, const double *qref,
                        const double *q, const double *v, const double *lp, cd_markerdata *md)
{
    int nt = md->n - 3;
    double A[9], Gb[12], Gbd[3], w[3], r[3], wl[3], t1[3], t2[3];
    ops->rotation(np, qref, q, v, A, Gb, Gbd);
    for (int i = 0; i < 3; i++) {
        w[i] = 0;
        for (int j = 0; j < nt; j++) w[i] += Gb[nt * i + j] * v[3 + j];
    }
    cd_matvec(A, lp, r);
    cd_cross(w, lp, wl);
    cd_matvec(A, wl, t1);
    for (int i = 0; i < 3; i++) {
        md->pos[i] = qref[i] + q[i] + r[i];
        md->vel[i] = v[i] + t1[i];
    }
    memset(md->J, 0, sizeof(double) * 3 * (size_t)md->n);
    memset(md->Jrot, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int i = 0; i < 3; i++) md->J[i + 3 * i] = 1;
    for (int j = 0; j < nt; j++) {  /* columns of -A lp~ Gbar = A (Gbar_j x lp) ... */
        double g[3] = {Gb[j], Gb[nt + j], Gb[2 * nt + j]}, gl[3], Ag[3];
        cd_cross(g, lp, gl);
        cd_matvec(A, gl, Ag);      /* d(A lp)/dtheta_j = A (Gbar_j x lp) */
        cd_matvec(A, g, t2);       /* global rotation Jacobian A Gbar_j */
        for (int i = 0; i < 3; i++) {
            md->J[i + 3 * (3 + j)] = Ag[i];
            md->Jrot[i + 3 * (3 + j)] = t2[i];
        }
    }
    /* Jdot_v = A (Gbd_v x lp + w x (w x lp)) */
    double a1[3], a2[3];
    cd_cross(Gbd, lp, a1);
    cd_cross(w, wl, a2);
    for (int i = 0; i < 3; i++) a1[i] += a2[i];
    cd_matvec(A, a1, md->Jdot_v);
    md->Jconst = 0;
    md->rigid = 1;
    memcpy(md->A, A, sizeof A);
    cd_matvec(A, w, md->omega);
    memcpy(md->r, r, sizeof r);
    if (!md->want_d) return;
    /* derivative data (cd_md_*) */
    double dq[12], dv[12];
    ops->rotation_d(np, qref, q, v, md->dA, md->dGb, dq, dv);
    md->rotd = 1;
    md->npos = 3;
    md->nrot = nt;
    memcpy(md->lp, lp, sizeof md->lp);
    memcpy(md->tht, v + 3, sizeof(double) * (size_t)nt);
    memcpy(md->Gb, Gb, sizeof(double) * (size_t)(3 * nt));
}

/* rotation vector psi (total), Lie-group node: A = exp(psi~), velocity = local omega, so
 * Gbar = I and Gbd_v = 0; derivatives along the local tangent (q o exp(d)): dA_k = A e_k~ */
static void lg_rotation_d(const void *vp, const double *qref, const double *q, const double *v,
                          double *dA, double *dGb, double *dq, double *dv)
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    double psi[3], A[9];
    (void)vp; (void)v;
    for (int i = 0; i < 3; i++) psi[i] = qref[3 + i] + q[3 + i];
    cd_rot_exp(psi, A);
    dA_orthogonal(A, I3, 3, dA);
    memset(dGb, 0, 27 * sizeof(double));
    memset(dq, 0, 9 * sizeof(double));
    memset(dv, 0, 9 * sizeof(double));
}

/* rotation vector psi (total), Lie-group node: A = exp(psi~), velocity = local omega, so
 * Gbar = I and Gbd_v = 0 */
static void lg_rotation(const void *vp, const double *qref, const double *q, const double *v,
                        double A[9], double *Gb, double Gbd_v[3])
{
    double psi[3];
    (void)vp; (void)v;
    for (int i = 0; i < 3; i++) psi[i] = qref[3 + i] + q[3 + i];
    cd_rot_exp(psi, A);
    for (int k = 0; k < 9; k++) Gb[k] = (k % 4 == 0);
    Gbd_v[0] = Gbd_v[1] = Gbd_v[2] = 0;
}

static void ep_frame(const void *vp, const double *qref, const double *q, const double *v,
                     cd_markerdata *md);
static void rxyz_frame(const void *vp, const double *qref, const double *q, const double *v,
                       cd_markerdata *md);

/* g = |e|^2 - 1 (index 3) or 2 e . e_t (index 2); r2 = 2 e lam on the parameters */
static void ep_ae_residual(const void *vp, const double *qref, const double *q, const double *v,
                           const double *lam, int index2, double *r2, double *rae)
{
    double e[4], ee = 0, ev = 0;
    (void)vp;
    for (int i = 0; i < 4; i++) {
        e[i] = qref[3 + i] + q[3 + i];
        ee += e[i] * e[i];
        ev += e[i] * v[3 + i];
    }
    for (int i = 0; i < 3; i++) r2[i] = 0;
    for (int i = 0; i < 4; i++) r2[3 + i] = 2 * e[i] * lam[0];
    rae[0] = index2 ? 2 * ev : ee - 1;
}

static void ep_ae_jacobian(const void *vp, const double *qref, const double *q, const double *v,
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
static void ep_project_velocity(const void *vp, const double *qref, const double *q, double *v)
{
    double e[4], ee = 0, ev = 0;
    (void)vp;
    for (int i = 0; i < 4; i++) {
        e[i] = qref[3 + i] + q[3 + i];
        ee += e[i] * e[i];
        ev += e[i] * v[3 + i];
    }
    for (int i = 0; i < 4; i++) v[3 + i] -= ev / ee * e[i];
}

static const cd_nodeops ep_ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT, .nq = nq7, .init = node_init,
    .position = node_position, .frame = ep_frame, .rotation = ep_rotation,
    .rotation_d = ep_rotation_d, .project_velocity = ep_project_velocity, .nae = ep_nae,
    .ae_residual = ep_ae_residual, .ae_jacobian = ep_ae_jacobian};
static void lg_frame(const void *vp, const double *qref, const double *q, const double *v,
                     cd_markerdata *md);
static const cd_nodeops lg_ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT | CD_NODEF_LIE, .nq = nq6, .init = node_init,
    .position = node_position, .frame = lg_frame, .rotation = lg_rotation,
    .rotation_d = lg_rotation_d};
static const cd_nodeops rxyz_ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT, .nq = nq6, .init = node_init,
    .position = node_position, .frame = rxyz_frame, .rotation = rxyz_rotation,
    .rotation_d = rxyz_rotation_d};

static void ep_frame(const void *vp, const double *qref, const double *q, const double *v,
                     cd_markerdata *md)
{
    static const double zero[3] = {0, 0, 0};
    point_frame(&ep_ops, vp, qref, q, v, zero, md);
    md->Jconst = 1;  /* the node point: J = [I 0] */
}

static void lg_frame(const void *vp, const double *qref, const double *q, const double *v,
                     cd_markerdata *md)
{
    static const double zero[3] = {0, 0, 0};
    point_frame(&lg_ops, vp, qref, q, v, zero, md);
    md->Jconst = 1;
}

static void rxyz_frame(const void *vp, const double *qref, const double *q, const double *v,
                       cd_markerdata *md)
{
    static const double zero[3] = {0, 0, 0};
    point_frame(&rxyz_ops, vp, qref, q, v, zero, md);
    md->Jconst = 1;
}

/* Euler parameters of reference + initial coordinates must have unit norm */
static int ep_check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_node *p = vp;
    double n2 = 0;
    (void)s;
    for (int i = 3; i < 7; i++) {
        double e = p->referenceCoordinates.x[i] + p->initialCoordinates.x[i];
        n2 += e * e;
    }
    if (fabs(sqrt(n2) - 1) > 1e-10)
        return cd_error_set(err, CD_ERR_INPUT, "NodeRigidBodyEP %d: the Euler parameters of "
                            "referenceCoordinates + initialCoordinates must have unit norm, got "
                            "norm %.12g", index, sqrt(n2));
    return CD_OK;
}

static const cd_outvar node_ov[] = {
    CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_ACCELERATION, CD_OV_COORDINATES,
    CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT, CD_OV_ANGULARVELOCITY, CD_OV_ROTATIONMATRIX,
    CD_OV_NONE};

#define NAME_FIELD(what) {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", what "'s unique name", NULL}

static const cd_field ep_fields[] = {
    NAME_FIELD("node"),
    {"referenceCoordinates", CD_FT_VEC, 7, NOFF(referenceCoordinates), "0 0 0 1 0 0 0", 0, 0, "",
     "reference [x, y, z, e0, e1, e2, e3]", NULL},
    {"initialCoordinates", CD_FT_VEC, 7, NOFF(initialCoordinates), "0 0 0 0 0 0 0", 0, 0, "",
     "initial displacements of [x, y, z, e0, e1, e2, e3]", NULL},
    {"initialVelocities", CD_FT_VEC, 7, NOFF(initialVelocities), "0 0 0 0 0 0 0", 0, 0, "",
     "initial velocities of the 7 coordinates", NULL},
    {"addConstraintEquation", CD_FT_BOOL, 0, NOFF(addConstraintEquation), "1", 0, 0, "",
     "True: the node adds the norm constraint |e|^2 - 1 = 0 with its own multiplier", NULL}};
static const cd_field rxyz_fields[] = {
    NAME_FIELD("node"),
    {"referenceCoordinates", CD_FT_VEC, 6, NOFF(referenceCoordinates), "0 0 0 0 0 0", 0, 0, "",
     "reference [x, y, z, alpha, beta, gamma] (Tait-Bryan xyz)", NULL},
    {"initialCoordinates", CD_FT_VEC, 6, NOFF(initialCoordinates), "0 0 0 0 0 0", 0, 0, "",
     "initial displacements", NULL},
    {"initialVelocities", CD_FT_VEC, 6, NOFF(initialVelocities), "0 0 0 0 0 0", 0, 0, "",
     "initial velocities", NULL}};

const cd_itemtype cd_type_NodeRigidBodyEP = {
    CD_NODE, "NodeRigidBodyEP", "RigidBodyEP", NULL,
    "A 3D rigid-body node: position and 4 Euler parameters; it owns the norm constraint.",
    sizeof(cd_p_node), ep_fields, CD_NF(ep_fields), ep_check, &ep_ops, NULL, NULL, NULL, node_ov, NULL};
static const cd_field lg_fields[] = {
    NAME_FIELD("node"),
    {"referenceCoordinates", CD_FT_VEC, 6, NOFF(referenceCoordinates), "0 0 0 0 0 0", 0, 0, "",
     "reference [x, y, z, psi_x, psi_y, psi_z] (rotation vector)", NULL},
    {"initialCoordinates", CD_FT_VEC, 6, NOFF(initialCoordinates), "0 0 0 0 0 0", 0, 0, "",
     "initial displacements (the rotation vector of the total is reference + displacement)",
     NULL},
    {"initialVelocities", CD_FT_VEC, 6, NOFF(initialVelocities), "0 0 0 0 0 0", 0, 0, "",
     "initial [velocity (global), angular velocity (body frame)]", NULL}};

const cd_itemtype cd_type_NodeRigidBodyRotVecLG = {
    CD_NODE, "NodeRigidBodyRotVecLG", "RigidBodyRotVecLG", NULL,
    "A 3D rigid-body node with a rotation vector integrated on the Lie group SO(3): rotations "
    "are composed, the velocity coordinates are the body-frame angular velocity (no "
    "singularity, no constraint).", sizeof(cd_p_node), lg_fields, CD_NF(lg_fields), NULL,
    &lg_ops, NULL, NULL, NULL, node_ov, NULL};
const cd_itemtype cd_type_NodeRigidBodyRxyz = {
    CD_NODE, "NodeRigidBodyRxyz", "RigidBodyRxyz", NULL,
    "A 3D rigid-body node: position and Tait-Bryan angles xyz (A = Rx Ry Rz; singular at "
    "beta = +-pi/2).", sizeof(cd_p_node), rxyz_fields, CD_NF(rxyz_fields), NULL, &rxyz_ops, NULL,
    NULL, NULL, node_ov, NULL};

/* ---------------------------------------------------------------- body */

#define OFF(f) offsetof(cd_p_rigid3d, f)

static const cd_item *body_node(const cd_system *s, const cd_item *it)
{
    return &s->list[CD_NODE].items[((const cd_p_rigid3d *)it->p)->nodeNumber];
}

static int one_node(const void *vp, const int **nodes)
{
    *nodes = &((const cd_p_rigid3d *)vp)->nodeNumber;
    return 1;
}

/* inertia about the reference point, body frame: [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] */
static void inertia3(const cd_p_rigid3d *p, double J[9])
{
    const double *x = p->inertia.x;
    double R[9] = {x[0], x[5], x[4], x[5], x[1], x[3], x[4], x[3], x[2]};
    memcpy(J, R, sizeof R);
}

typedef struct { double A[9], Gb[12], Gbd[3], w[3]; int nt; } rb3_kin;

static void rb3_eval(const cd_system *s, const cd_item *it, const double *q, const double *v,
                     rb3_kin *k)
{
    const cd_item *nd = body_node(s, it);
    k->nt = it->nq - 3;
    nd->type->node->rotation(nd->p, s->qref + nd->ltg[0], q, v, k->A, k->Gb, k->Gbd);
    for (int i = 0; i < 3; i++) {
        k->w[i] = 0;
        for (int j = 0; j < k->nt; j++) k->w[i] += k->Gb[k->nt * i + j] * v[3 + j];
    }
}

/* M = [m I, -m A c~ Gbar; m Gbar^T c~ A^T, Gbar^T J Gbar] (column-major, written fully) */
static void rb3_mass_k(const cd_p_rigid3d *p, int n, const rb3_kin *kp, double *M)
{
    const rb3_kin k = *kp;
    double J[9];
    inertia3(p, J);
    memset(M, 0, sizeof(double) * (size_t)(n * n));
    for (int i = 0; i < 3; i++) M[i + n * i] = p->mass;
    for (int j = 0; j < k.nt; j++) {
        double g[3] = {k.Gb[j], k.Gb[k.nt + j], k.Gb[2 * k.nt + j]}, cg[3], Acg[3], Jg[3];
        cd_cross(p->centerOfMass.x, g, cg);        /* c~ g */
        cd_matvec(k.A, cg, Acg);
        for (int i = 0; i < 3; i++) {
            M[i + n * (3 + j)] = -p->mass * Acg[i];
            M[(3 + j) + n * i] = -p->mass * Acg[i];
        }
        cd_matvec(J, g, Jg);
        for (int l = 0; l < k.nt; l++)
            M[(3 + l) + n * (3 + j)] = k.Gb[l] * Jg[0] + k.Gb[k.nt + l] * Jg[1] +
                                       k.Gb[2 * k.nt + l] * Jg[2];
    }
}

static int rb3_mass(const cd_objctx *c, double *M)
{
    rb3_kin k;
    rb3_eval(c->sys, c->item, c->q, c->v, &k);
    rb3_mass_k(c->item->p, c->item->nq, &k, M);
    return CD_OK;
}

/* r2 = M a + [m A (w~ w~ c - c~ Gbd_v); Gbar^T (J Gbd_v + w~ J w)] */
static int rb3_residual(const cd_objctx *c, double *r2, double *rae)
{
    const cd_p_rigid3d *p = c->item->p;
    int n = c->item->nq;
    double M[7 * 7], J[9], t1[3], t2[3], t3[3], h[3];
    rb3_kin k;
    (void)rae;
    rb3_eval(c->sys, c->item, c->q, c->v, &k);
    if (k.nt == 3) {  /* Tait-Bryan: Gbar is singular where det = cos(beta) = 0 */
        const double *g = k.Gb;
        double det = g[0] * (g[4] * g[8] - g[5] * g[7]) - g[1] * (g[3] * g[8] - g[5] * g[6]) +
                     g[2] * (g[3] * g[7] - g[4] * g[6]);
        if (fabs(det) < 1e-2)  /* within about 0.6 degrees of the singularity */
            return cd_error_set(c->err, CD_ERR_SINGULAR,
                                "ObjectRigidBody %d: its Tait-Bryan angles (NodeRigidBodyRxyz) "
                                "are singular at t = %g (cos(beta) = %.3g); use NodeRigidBodyEP or "
                                "NodeRigidBodyRotVecLG for large rotations", c->index, c->t, det);
    }
    rb3_mass_k(p, n, &k, M);
    for (int i = 0; i < n; i++) {
        r2[i] = 0;
        for (int j = 0; j < n; j++) r2[i] += M[i + n * j] * c->a[j];
    }
    const double *cm = p->centerOfMass.x;
    cd_cross(k.w, cm, t1);
    cd_cross(k.w, t1, t2);              /* w x (w x c) */
    cd_cross(cm, k.Gbd, t3);            /* c x Gbd */
    for (int i = 0; i < 3; i++) t2[i] = p->mass * (t2[i] - t3[i]);
    cd_matvec(k.A, t2, t1);
    for (int i = 0; i < 3; i++) r2[i] += t1[i];
    inertia3(p, J);
    cd_matvec(J, k.w, t1);
    cd_cross(k.w, t1, h);               /* w x J w */
    cd_matvec(J, k.Gbd, t1);
    for (int i = 0; i < 3; i++) h[i] += t1[i];
    for (int j = 0; j < k.nt; j++) r2[3 + j] += k.Gb[j] * h[0] + k.Gb[k.nt + j] * h[1] +
                                                k.Gb[2 * k.nt + j] * h[2];
    return CD_OK;
}

/* K = dr2/dq, D = dr2/dq_t of r2 = [m p_tt + m A u; Gbar^T h] with (local)
 *   alpha = Gbar theta_tt + Gbd_v,  u = alpha x c + w x (w x c),
 *   h = J alpha + w x J w + m c x A^T p_tt
 * differentiated through A, Gbar, Gbd_v (the node's rotation_d) and w = Gbar theta_t */
static int rb3_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    const cd_p_rigid3d *p = c->item->p;
    const cd_item *nd = body_node(c->sys, c->item);
    int n = c->item->nq, nt = n - 3;
    double m = p->mass, J[9], dA[36], dGb[48], dGq[12], dGv[12];
    double al[3], u[3], h[3], Jw[3], wc[3], pl[3], t1[3], t2[3];
    const double *cm = p->centerOfMass.x, *pa = c->a, *tta = c->a + 3, *tt = c->v + 3;
    rb3_kin k;
    (void)Cq; (void)Gq; (void)Gv;
    rb3_eval(c->sys, c->item, c->q, c->v, &k);
    nd->type->node->rotation_d(nd->p, c->sys->qref + nd->ltg[0], c->q, c->v, dA, dGb, dGq, dGv);
    inertia3(p, J);
    for (int i = 0; i < 3; i++) {
        al[i] = k.Gbd[i];
        for (int j = 0; j < nt; j++) al[i] += k.Gb[nt * i + j] * tta[j];
    }
    cd_cross(k.w, cm, wc);
    cd_cross(al, cm, u);
    cd_cross(k.w, wc, t1);
    for (int i = 0; i < 3; i++) u[i] += t1[i];
    cd_matvec(J, k.w, Jw);
    cd_mattvec(k.A, pa, pl);
    cd_matvec(J, al, h);
    cd_cross(k.w, Jw, t1);
    cd_cross(cm, pl, t2);
    for (int i = 0; i < 3; i++) h[i] += t1[i] + m * t2[i];
    memset(K, 0, sizeof(double) * (size_t)(n * n));
    memset(D, 0, sizeof(double) * (size_t)(n * n));
    for (int kk = 0; kk < 2 * nt; kk++) {
        /* column kk < nt: d/dtheta_k (K); else d/dtheta_t_k (D) */
        int vel = kk >= nt, col = vel ? kk - nt : kk;
        double *out = vel ? D : K;
        const double *dG = dGb + 3 * nt * col;
        double wq[3], aq[3], uq[3], hq[3], x[3], y[3], Jwq[3];
        for (int i = 0; i < 3; i++) {
            if (vel) {
                wq[i] = k.Gb[nt * i + col];
                aq[i] = dGv[nt * i + col];
            } else {
                wq[i] = aq[i] = 0;
                for (int j = 0; j < nt; j++) {
                    wq[i] += dG[nt * i + j] * tt[j];
                    aq[i] += dG[nt * i + j] * tta[j];
                }
                aq[i] += dGq[nt * i + col];
            }
        }
        cd_cross(aq, cm, uq);                    /* uq = aq x c + wq x (w x c) + w x (wq x c) */
        cd_cross(wq, wc, x);
        cd_cross(wq, cm, y);
        cd_cross(k.w, y, t1);
        for (int i = 0; i < 3; i++) uq[i] += x[i] + t1[i];
        cd_matvec(k.A, uq, x);                   /* translational rows */
        if (!vel) {
            cd_matvec(dA + 9 * col, u, y);
            for (int i = 0; i < 3; i++) x[i] += y[i];
        }
        for (int i = 0; i < 3; i++) out[i + n * (3 + col)] = m * x[i];
        cd_matvec(J, aq, hq);                    /* hq = J aq + wq x Jw + w x J wq (+ m c x dA^T pa) */
        cd_cross(wq, Jw, x);
        cd_matvec(J, wq, Jwq);
        cd_cross(k.w, Jwq, y);
        for (int i = 0; i < 3; i++) hq[i] += x[i] + y[i];
        if (!vel) {
            cd_mattvec(dA + 9 * col, pa, x);
            cd_cross(cm, x, y);
            for (int i = 0; i < 3; i++) hq[i] += m * y[i];
        }
        for (int j = 0; j < nt; j++) {           /* rotational rows: dGb^T h + Gb^T hq */
            double v = k.Gb[j] * hq[0] + k.Gb[nt + j] * hq[1] + k.Gb[2 * nt + j] * hq[2];
            if (!vel) v += dG[j] * h[0] + dG[nt + j] * h[1] + dG[2 * nt + j] * h[2];
            out[(3 + j) + n * (3 + col)] = v;
        }
    }
    return CD_OK;
}

static void rb3_frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                      const double *v, cd_markerdata *md)
{
    const cd_item *nd = body_node(s, it);
    point_frame(nd->type->node, nd->p, s->qref + nd->ltg[0], q, v, lp, md);
    md->Jconst = lp[0] == 0 && lp[1] == 0 && lp[2] == 0;
}

static void rb3_position(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                         const double *v, double pos[3], double vel[3], double *J)
{
    cd_markerdata md;
    double Jl[21], Jr[21];
    md.n = it->nq;
    md.want_d = 0;
    md.J = J ? J : Jl;
    md.Jrot = Jr;
    rb3_frame(s, it, lp, q, v, &md);
    memcpy(pos, md.pos, sizeof md.pos);
    memcpy(vel, md.vel, sizeof md.vel);
}

/* f = m J_c^T b with the Jacobian of the centre of mass */
static void rb3_massforce(const cd_system *s, const cd_item *it, const double *q,
                          const double b[3], double *f)
{
    const cd_p_rigid3d *p = it->p;
    double J[21], pos[3], vel[3], v0[7] = {0};
    rb3_position(s, it, p->centerOfMass.x, q, v0, pos, vel, J);
    for (int j = 0; j < it->nq; j++)
        f[j] = p->mass * (J[3 * j] * b[0] + J[3 * j + 1] * b[1] + J[3 * j + 2] * b[2]);
}

/* d f/dq of f = m J_c^T b: the derivative of J^T at the centre of mass */
static void rb3_massforce_dq(const cd_system *s, const cd_item *it, const double *q,
                             const double b[3], double *K)
{
    const cd_p_rigid3d *p = it->p;
    const double *c = p->centerOfMass.x;
    if (c[0] == 0 && c[1] == 0 && c[2] == 0) return;  /* J = [I 0] */
    cd_markerdata md;
    double J[21], Jr[21], v0[7] = {0}, mb[3] = {p->mass * b[0], p->mass * b[1], p->mass * b[2]};
    md.n = it->nq;
    md.want_d = 1;
    md.J = J;
    md.Jrot = Jr;
    rb3_frame(s, it, c, q, v0, &md);
    cd_md_jtv_dq(&md, mb, K);
}

/* Tait-Bryan xyz angles of A = Rx(a) Ry(b) Rz(c) */
static void rotxyz_of(const double A[9], double r[3])
{
    double sb = A[2] > 1 ? 1 : A[2] < -1 ? -1 : A[2];
    r[0] = atan2(-A[5], A[8]);
    r[1] = asin(sb);
    r[2] = atan2(-A[1], A[0]);
}

static int rb3_output(const cd_objctx *c, cd_outvar var, double *out)
{
    static const double zero[3] = {0, 0, 0};
    cd_markerdata md;
    double J[21], Jr[21], M[49];
    int n = c->item->nq;
    md.n = n;
    md.want_d = 0;
    md.J = J;
    md.Jrot = Jr;
    rb3_frame(c->sys, c->item, zero, c->q, c->v, &md);
    switch (var) {
    case CD_OV_ROTATION: rotxyz_of(md.A, out); return 3;
    case CD_OV_ANGULARVELOCITYLOCAL: cd_mattvec(md.A, md.omega, out); return 3;
    case CD_OV_ANGULARACCELERATIONLOCAL:  /* w_t (local) = Gbar theta_tt + Gbd_v */
    case CD_OV_ANGULARACCELERATION: {     /* global: A w_t (A_t w = w x w = 0) */
        rb3_kin k;
        double wl[3];
        rb3_eval(c->sys, c->item, c->q, c->v, &k);
        for (int i = 0; i < 3; i++) {
            wl[i] = k.Gbd[i];
            for (int j = 0; j < k.nt; j++) wl[i] += k.Gb[k.nt * i + j] * c->a[3 + j];
        }
        if (var == CD_OV_ANGULARACCELERATION) cd_matvec(k.A, wl, out);
        else memcpy(out, wl, sizeof wl);
        return 3;
    }
    case CD_OV_VELOCITYLOCAL: cd_mattvec(md.A, md.vel, out); return 3;
    case CD_OV_KINETICENERGY:  /* T = v^T M v / 2 in the velocity coordinates */
        rb3_mass(c, M);
        out[0] = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) out[0] += 0.5 * c->v[i] * M[i + n * j] * c->v[j];
        return 1;
    case CD_OV_POSITION: memcpy(out, md.pos, sizeof md.pos); return 3;
    case CD_OV_VELOCITY: memcpy(out, md.vel, sizeof md.vel); return 3;
    case CD_OV_DISPLACEMENT: memcpy(out, c->q, 3 * sizeof(double)); return 3;
    case CD_OV_ACCELERATION: memcpy(out, c->a, 3 * sizeof(double)); return 3;
    case CD_OV_ANGULARVELOCITY: memcpy(out, md.omega, sizeof md.omega); return 3;
    case CD_OV_ROTATIONMATRIX: memcpy(out, md.A, sizeof md.A); return 9;
    default: return -1;
    }
}

/* inertia symmetric positive semidefinite with the triangle inequality on the principal
 * moments; the node must be a 3D rigid-body node */
static int rb3_check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_rigid3d *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    if (!nd->type->node->rotation)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectRigidBody %d: parameter 'nodeNumber' "
                            "refers to node %d of type %s; ObjectRigidBody needs a 3D rigid-body "
                            "node (NodeRigidBodyEP, NodeRigidBodyRxyz, NodeRigidBodyRotVecLG)",
                            index, p->nodeNumber,
                            nd->type->name);
    double J[9];
    inertia3(p, J);
    /* about the centre of mass: Jc = J - m (c.c I - c c^T) */
    const double *cm = p->centerOfMass.x;
    double cc = cm[0] * cm[0] + cm[1] * cm[1] + cm[2] * cm[2];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) J[3 * i + j] -= p->mass * ((i == j) * cc - cm[i] * cm[j]);
    /* Sylvester on Jc + tolerance, and the triangle inequality on the diagonal */
    double d1 = J[0], d2 = J[0] * J[4] - J[1] * J[3];
    double d3 = J[0] * (J[4] * J[8] - J[5] * J[7]) - J[1] * (J[3] * J[8] - J[5] * J[6]) +
                J[2] * (J[3] * J[7] - J[4] * J[6]);
    double scale = fabs(J[0]) + fabs(J[4]) + fabs(J[8]) + 1e-300, tol = -1e-12 * scale;
    if (d1 < tol || J[4] < tol || J[8] < tol || d2 < tol * scale || d3 < tol * scale * scale ||
        J[0] + J[4] < J[8] + tol || J[0] + J[8] < J[4] + tol || J[4] + J[8] < J[0] + tol)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectRigidBody %d: parameter 'inertia' is not a "
                            "physical inertia tensor about the centre of mass (must be positive "
                            "semidefinite with Jxx + Jyy >= Jzz etc.); got diagonal about the "
                            "centre of mass %g, %g, %g", index, J[0], J[4], J[8]);
    return CD_OK;
}

static const cd_objectops rb3_ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP,
    .nodes = one_node,
    .mass_const = 0,
    .mass = rb3_mass,
    .residual = rb3_residual,
    .jacobian = rb3_jacobian,
    .body_position = rb3_position,
    .body_frame = rb3_frame,
    .mass_force = rb3_massforce,
    .mass_force_dq = rb3_massforce_dq,
    .output = rb3_output};

static const cd_outvar body_ov[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ROTATIONMATRIX, CD_OV_ROTATION,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_VELOCITYLOCAL,
                                    CD_OV_KINETICENERGY, CD_OV_ANGULARACCELERATION,
                                    CD_OV_ANGULARACCELERATIONLOCAL, CD_OV_NONE};

static const cd_field body_fields[] = {
    NAME_FIELD("object"),
    {"mass", CD_FT_REAL, 0, OFF(mass), "0", CD_CHK_NONNEG, 0, "kg", "mass of the body", NULL},
    {"inertia", CD_FT_VEC, 6, OFF(inertia), "0 0 0 0 0 0", 0, 0, "kg m^2",
     "[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the reference point (node), body frame", NULL},
    {"centerOfMass", CD_FT_VEC, 3, OFF(centerOfMass), "0 0 0", 0, 0, "m",
     "centre of mass in the body frame, relative to the reference point", NULL},
    {"nodeNumber", CD_FT_INDEX, 0, OFF(nodeNumber), NULL, 0, CD_NODE, "",
     "a 3D rigid-body node (NodeRigidBodyEP, NodeRigidBodyRxyz, NodeRigidBodyRotVecLG)", NULL},
    {"physicsMass", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "kg", "deprecated alias of mass",
     "mass"},
    {"physicsInertia", CD_FT_VEC, 6, 0, NULL, CD_CHK_ALIAS, 0, "kg m^2",
     "deprecated alias of inertia", "inertia"},
    {"physicsCenterOfMass", CD_FT_VEC, 3, 0, NULL, CD_CHK_ALIAS, 0, "m",
     "deprecated alias of centerOfMass", "centerOfMass"}};

const cd_itemtype cd_type_ObjectRigidBody = {
    CD_OBJECT, "ObjectRigidBody", "RigidBody", "RigidBody",
    "A rigid body in 3D on a rigid-body node; inertia about the reference point, centre of "
    "mass in the body frame (analytic Jacobian).", sizeof(cd_p_rigid3d), body_fields,
    CD_NF(body_fields), rb3_check, NULL, &rb3_ops, NULL, NULL, body_ov, NULL};
