/* ObjectRigidBody: a rigid body in 3D on a rigid-body node (NodeRigidBodyEP,
 * NodeRigidBodyRxyz, NodeRigidBodyRotVecLG): mass, inertia about the reference point (the
 * node), centre of mass c, body frame.
 *
 * Coordinates q = [p; theta], A = A(theta), local angular velocity w = Gbar theta_t (the node's
 * rotation op). A body-fixed point lp: position p + A lp, J = [I, -A lp~ Gbar], Jrot (global)
 * = [0, A Gbar] (cd_rigidnode_point_frame). Equations of motion (reference point, body frame),
 * with w_t = Gbar theta_tt + Gbd_v:
 *   m p_tt - m A c~ w_t + m A w~ w~ c                          = f
 *   Gbar^T (J w_t + w~ J w + m c~ A^T p_tt)                     = Gbar^T tau
 * so M = [m I, -m A c~ Gbar; m Gbar^T c~ A^T, Gbar^T J Gbar] and the residual holds M a plus
 * the quadratic terms m A (w~ w~ c - c~ Gbd_v) and Gbar^T (J Gbd_v + w~ J w).
 * The body's Jacobian is analytic (jacobian). */
#include "cd_bodies.h"
#include "../nodes/cd_nodes.h"
#include "../../math/cd_vec3.h"
#include "../../math/cd_rotations.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct {
    cd_p_body b;                 /* mass, nodeNumber */
    cd_vec inertia;              /* 6: Jxx, Jyy, Jzz, Jyz, Jxz, Jxy about the reference point */
    cd_vec centerOfMass;         /* 3: body frame */
} params;

/* inertia about the reference point, body frame: [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] */
static void inertia3(const params *p, double J[9])
{
    const double *x = p->inertia.x;
    double R[9] = {x[0], x[5], x[4], x[5], x[1], x[3], x[4], x[3], x[2]};
    memcpy(J, R, sizeof R);
}

typedef struct { double A[9], Gb[12], Gbd[3], w[3]; int nt; } kin;

static void kin_eval(const cd_system *s, const cd_item *it, const double *q, const double *v,
                     kin *k)
{
    const cd_item *nd = cd_body_node(s, it);
    k->nt = it->nq - 3;
    nd->type->node->rotation(nd->p, s->qref + nd->ltg[0], q, v, k->A, k->Gb, k->Gbd);
    for (int i = 0; i < 3; i++) {
        k->w[i] = 0;
        for (int j = 0; j < k->nt; j++) k->w[i] += k->Gb[k->nt * i + j] * v[3 + j];
    }
}

/* M = [m I, -m A c~ Gbar; m Gbar^T c~ A^T, Gbar^T J Gbar] (column-major, written fully) */
static void mass_k(const params *p, int n, const kin *kp, double *M)
{
    const kin k = *kp;
    double J[9];
    inertia3(p, J);
    memset(M, 0, sizeof(double) * (size_t)(n * n));
    for (int i = 0; i < 3; i++) M[i + n * i] = p->b.mass;
    for (int j = 0; j < k.nt; j++) {
        double g[3] = {k.Gb[j], k.Gb[k.nt + j], k.Gb[2 * k.nt + j]}, cg[3], Acg[3], Jg[3];
        cd_cross(p->centerOfMass.x, g, cg);        /* c~ g */
        cd_matvec(k.A, cg, Acg);
        for (int i = 0; i < 3; i++) {
            M[i + n * (3 + j)] = -p->b.mass * Acg[i];
            M[(3 + j) + n * i] = -p->b.mass * Acg[i];
        }
        cd_matvec(J, g, Jg);
        for (int l = 0; l < k.nt; l++)
            M[(3 + l) + n * (3 + j)] = k.Gb[l] * Jg[0] + k.Gb[k.nt + l] * Jg[1] +
                                       k.Gb[2 * k.nt + l] * Jg[2];
    }
}

static int mass(const cd_objctx *c, double *M)
{
    kin k;
    kin_eval(c->sys, c->item, c->q, c->v, &k);
    mass_k(c->item->p, c->item->nq, &k, M);
    return CD_OK;
}

/* r2 = M a + [m A (w~ w~ c - c~ Gbd_v); Gbar^T (J Gbd_v + w~ J w)] */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    int n = c->item->nq;
    double M[7 * 7], J[9], t1[3], t2[3], t3[3], h[3];
    kin k;
    (void)rae;
    kin_eval(c->sys, c->item, c->q, c->v, &k);
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
    mass_k(p, n, &k, M);
    for (int i = 0; i < n; i++) {
        r2[i] = 0;
        for (int j = 0; j < n; j++) r2[i] += M[i + n * j] * c->a[j];
    }
    const double *cm = p->centerOfMass.x;
    cd_cross(k.w, cm, t1);
    cd_cross(k.w, t1, t2);              /* w x (w x c) */
    cd_cross(cm, k.Gbd, t3);            /* c x Gbd */
    for (int i = 0; i < 3; i++) t2[i] = p->b.mass * (t2[i] - t3[i]);
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

/* what every column of the Jacobian uses: the kinematics, the inertia J, the node's
 * derivatives (dA, dGb, dGq = d Gbd_v/dtheta, dGv = d Gbd_v/dtheta_t) and u, h, J w, w x c
 * (see jacobian) */
typedef struct {
    kin k;
    int n, nt;
    double m, J[9], dA[36], dGb[48], dGq[12], dGv[12], u[3], h[3], Jw[3], wc[3];
    const double *cm, *pa, *tta, *tt;   /* c, p_tt, theta_tt, theta_t */
} jac_data;

/* the variations of w and alpha along column col: d/dtheta_col (vel = 0) or d/dtheta_t,col */
static void column_variations(const jac_data *g, int vel, int col, double wq[3], double aq[3])
{
    int nt = g->nt;
    const double *dG = g->dGb + 3 * nt * col;
    for (int i = 0; i < 3; i++) {
        if (vel) {
            wq[i] = g->k.Gb[nt * i + col];
            aq[i] = g->dGv[nt * i + col];
        } else {
            wq[i] = aq[i] = 0;
            for (int j = 0; j < nt; j++) {
                wq[i] += dG[nt * i + j] * g->tt[j];
                aq[i] += dG[nt * i + j] * g->tta[j];
            }
            aq[i] += g->dGq[nt * i + col];
        }
    }
}

/* column kk < nt of K (d/dtheta_k), else column kk - nt of D (d/dtheta_t,k) */
static void jacobian_column(const jac_data *g, int kk, double *K, double *D)
{
    int n = g->n, nt = g->nt, vel = kk >= nt, col = vel ? kk - nt : kk;
    double *out = vel ? D : K;
    const double *dG = g->dGb + 3 * nt * col, *cm = g->cm, *J = g->J, *Gb = g->k.Gb;
    double wq[3], aq[3], uq[3], hq[3], x[3], y[3], Jwq[3], t1[3];
    column_variations(g, vel, col, wq, aq);
    cd_cross(aq, cm, uq);                    /* uq = aq x c + wq x (w x c) + w x (wq x c) */
    cd_cross(wq, g->wc, x);
    cd_cross(wq, cm, y);
    cd_cross(g->k.w, y, t1);
    for (int i = 0; i < 3; i++) uq[i] += x[i] + t1[i];
    cd_matvec(g->k.A, uq, x);                /* translational rows */
    if (!vel) {
        cd_matvec(g->dA + 9 * col, g->u, y);
        for (int i = 0; i < 3; i++) x[i] += y[i];
    }
    for (int i = 0; i < 3; i++) out[i + n * (3 + col)] = g->m * x[i];
    cd_matvec(J, aq, hq);                    /* hq = J aq + wq x Jw + w x J wq (+ m c x dA^T pa) */
    cd_cross(wq, g->Jw, x);
    cd_matvec(J, wq, Jwq);
    cd_cross(g->k.w, Jwq, y);
    for (int i = 0; i < 3; i++) hq[i] += x[i] + y[i];
    if (!vel) {
        cd_mattvec(g->dA + 9 * col, g->pa, x);
        cd_cross(cm, x, y);
        for (int i = 0; i < 3; i++) hq[i] += g->m * y[i];
    }
    for (int j = 0; j < nt; j++) {           /* rotational rows: dGb^T h + Gb^T hq */
        double v = Gb[j] * hq[0] + Gb[nt + j] * hq[1] + Gb[2 * nt + j] * hq[2];
        if (!vel) v += dG[j] * g->h[0] + dG[nt + j] * g->h[1] + dG[2 * nt + j] * g->h[2];
        out[(3 + j) + n * (3 + col)] = v;
    }
}

/* K = dr2/dq, D = dr2/dq_t of r2 = [m p_tt + m A u; Gbar^T h] with (local)
 *   alpha = Gbar theta_tt + Gbd_v,  u = alpha x c + w x (w x c),
 *   h = J alpha + w x J w + m c x A^T p_tt
 * differentiated through A, Gbar, Gbd_v (the node's rotation_d) and w = Gbar theta_t */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    const cd_item *nd = cd_body_node(c->sys, c->item);
    jac_data g;
    double al[3], pl[3], t1[3], t2[3];
    (void)Cq; (void)Gq; (void)Gv;
    g.n = c->item->nq;
    g.nt = g.n - 3;
    g.m = p->b.mass;
    g.cm = p->centerOfMass.x;
    g.pa = c->a;
    g.tta = c->a + 3;
    g.tt = c->v + 3;
    kin_eval(c->sys, c->item, c->q, c->v, &g.k);
    nd->type->node->rotation_d(nd->p, c->sys->qref + nd->ltg[0], c->q, c->v, g.dA, g.dGb, g.dGq,
                               g.dGv);
    inertia3(p, g.J);
    for (int i = 0; i < 3; i++) {
        al[i] = g.k.Gbd[i];
        for (int j = 0; j < g.nt; j++) al[i] += g.k.Gb[g.nt * i + j] * g.tta[j];
    }
    cd_cross(g.k.w, g.cm, g.wc);
    cd_cross(al, g.cm, g.u);
    cd_cross(g.k.w, g.wc, t1);
    for (int i = 0; i < 3; i++) g.u[i] += t1[i];
    cd_matvec(g.J, g.k.w, g.Jw);
    cd_mattvec(g.k.A, g.pa, pl);
    cd_matvec(g.J, al, g.h);
    cd_cross(g.k.w, g.Jw, t1);
    cd_cross(g.cm, pl, t2);
    for (int i = 0; i < 3; i++) g.h[i] += t1[i] + g.m * t2[i];
    memset(K, 0, sizeof(double) * (size_t)(g.n * g.n));
    memset(D, 0, sizeof(double) * (size_t)(g.n * g.n));
    for (int kk = 0; kk < 2 * g.nt; kk++) jacobian_column(&g, kk, K, D);
    return CD_OK;
}

static void frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                  const double *v, cd_markerdata *md)
{
    const cd_item *nd = cd_body_node(s, it);
    cd_rigidnode_point_frame(nd->type->node, nd->p, s->qref + nd->ltg[0], q, v, lp, md);
    md->Jconst = lp[0] == 0 && lp[1] == 0 && lp[2] == 0;
}

/* f = m J_c^T b with the Jacobian of the centre of mass */
static void massforce(const cd_system *s, const cd_item *it, const double *q,
                      const double b[3], double *f)
{
    const params *p = it->p;
    double J[21], pos[3], vel[3], v0[7] = {0};
    cd_body_frame_position(s, it, p->centerOfMass.x, q, v0, pos, vel, J);
    for (int j = 0; j < it->nq; j++)
        f[j] = p->b.mass * (J[3 * j] * b[0] + J[3 * j + 1] * b[1] + J[3 * j + 2] * b[2]);
}

/* d f/dq of f = m J_c^T b: the derivative of J^T at the centre of mass */
static void massforce_dq(const cd_system *s, const cd_item *it, const double *q,
                         const double b[3], double *K)
{
    const params *p = it->p;
    const double *c = p->centerOfMass.x;
    if (c[0] == 0 && c[1] == 0 && c[2] == 0) return;  /* J = [I 0] */
    cd_markerdata md;
    cd_rigid_md rd;               /* the frame's derivative data (this body's marker_dsize) */
    double J[21], Jr[21], v0[7] = {0};
    double mb[3] = {p->b.mass * b[0], p->b.mass * b[1], p->b.mass * b[2]};
    md.n = it->nq;
    md.want_d = 1;
    md.dwork = (double *)(void *)&rd;
    md.J = J;
    md.Jrot = Jr;
    frame(s, it, c, q, v0, &md);
    cd_md_jtv_dq(&md, mb, K);
}

static int copy3(double *out, const double x[3])
{
    memcpy(out, x, 3 * sizeof(double));
    return 3;
}

/* outputs at the body-fixed point lp, as Exudyn's rigid body gives them: the point's position,
 * velocity and acceleration a = p_tt + alpha x r + w x (w x r) (r = A lp), their body-frame
 * versions A^T v, A^T a, its displacement from where it is in the reference configuration;
 * the rotation outputs are the body's (Rotation: Tait-Bryan xyz angles of A) */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    cd_markerdata md;
    double J[21], Jr[21], M[49], wl[3], al[3], r[3], t1[3], t2[3], acc[3];
    int n = c->item->nq;
    kin k;
    cd_body_frame_eval(c->sys, c->item, lp, c->q, c->v, &md, J, Jr);
    switch (var) {
    case CD_OV_ROTATION: cd_rot_rxyz_angles(md.A, out); return 3;
    case CD_OV_ANGULARVELOCITY:
    case CD_OV_ANGULARVELOCITYLOCAL: {  /* Exudyn's G q_t and Gbar q_t (Euler parameters) */
        const cd_item *nd = cd_body_node(c->sys, c->item);
        double wg[3], wlo[3];
        cd_rigidnode_omegas(nd->type->node, nd->p, c->sys->qref + nd->ltg[0], c->q, c->v, n,
                            &md, wg, wlo);
        return copy3(out, var == CD_OV_ANGULARVELOCITY ? wg : wlo);
    }
    case CD_OV_VELOCITYLOCAL: cd_mattvec(md.A, md.vel, out); return 3;
    case CD_OV_KINETICENERGY:  /* T = v^T M v / 2 in the velocity coordinates */
        mass(c, M);
        out[0] = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) out[0] += 0.5 * c->v[i] * M[i + n * j] * c->v[j];
        return 1;
    case CD_OV_POSITION: memcpy(out, md.pos, sizeof md.pos); return 3;
    case CD_OV_VELOCITY: memcpy(out, md.vel, sizeof md.vel); return 3;
    case CD_OV_ROTATIONMATRIX: memcpy(out, md.A, sizeof md.A); return 9;
    case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(md.A, md.pos, out);
    case CD_OV_DISPLACEMENT: {
        static const double zero[7] = {0, 0, 0, 0, 0, 0, 0};
        cd_markerdata m0;
        cd_body_frame_eval(c->sys, c->item, lp, zero, zero, &m0, J, Jr);
        for (int i = 0; i < 3; i++) out[i] = md.pos[i] - m0.pos[i];
        return 3;
    }
    default: break;
    }
    /* angular acceleration, local: w_t = Gbar theta_tt + Gbd_v; global: A w_t */
    kin_eval(c->sys, c->item, c->q, c->v, &k);
    for (int i = 0; i < 3; i++) {
        wl[i] = k.Gbd[i];
        for (int j = 0; j < k.nt; j++) wl[i] += k.Gb[k.nt * i + j] * c->a[3 + j];
    }
    cd_matvec(k.A, wl, al);
    cd_matvec(k.A, lp, r);
    cd_cross(md.omega, r, t1);
    cd_cross(md.omega, t1, t2);
    cd_cross(al, r, t1);
    for (int i = 0; i < 3; i++) acc[i] = c->a[i] + t1[i] + t2[i];
    switch (var) {
    case CD_OV_ANGULARACCELERATION: memcpy(out, al, sizeof al); return 3;
    case CD_OV_ANGULARACCELERATIONLOCAL: memcpy(out, wl, sizeof wl); return 3;
    case CD_OV_ACCELERATION: memcpy(out, acc, sizeof acc); return 3;
    case CD_OV_ACCELERATIONLOCAL: cd_mattvec(md.A, acc, out); return 3;
    default: return -1;
    }
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    static const double zero[3] = {0, 0, 0};
    return output_at(c, zero, var, out);
}

/* inertia symmetric positive semidefinite (an error otherwise); the triangle inequality on
 * the principal moments gives a warning in err->msg with err->code CD_OK (such a tensor is not
 * a physical rigid body, but Exudyn's robot models use them, and the motion is well defined);
 * the node must be a 3D rigid-body node */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.nodeNumber];
    if (!nd->type->node->rotation)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectRigidBody %d: parameter 'nodeNumber' "
                            "refers to node %d of type %s; ObjectRigidBody needs a 3D rigid-body "
                            "node (NodeRigidBodyEP, NodeRigidBodyRxyz, NodeRigidBodyRotVecLG)",
                            index, p->b.nodeNumber,
                            nd->type->name);
    double J[9];
    inertia3(p, J);
    /* about the centre of mass: Jc = J - m (c.c I - c c^T) */
    const double *cm = p->centerOfMass.x;
    double cc = cm[0] * cm[0] + cm[1] * cm[1] + cm[2] * cm[2];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) J[3 * i + j] -= p->b.mass * ((i == j) * cc - cm[i] * cm[j]);
    /* Sylvester on Jc + tolerance, and the triangle inequality on the diagonal */
    double d1 = J[0], d2 = J[0] * J[4] - J[1] * J[3];
    double d3 = J[0] * (J[4] * J[8] - J[5] * J[7]) - J[1] * (J[3] * J[8] - J[5] * J[6]) +
                J[2] * (J[3] * J[7] - J[4] * J[6]);
    double scale = fabs(J[0]) + fabs(J[4]) + fabs(J[8]) + 1e-300, tol = -1e-12 * scale;
    if (d1 < tol || J[4] < tol || J[8] < tol || d2 < tol * scale || d3 < tol * scale * scale)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectRigidBody %d: parameter 'inertia' is not "
                            "positive semidefinite about the centre of mass; got diagonal about "
                            "the centre of mass %g, %g, %g", index, J[0], J[4], J[8]);
    if ((J[0] + J[4] < J[8] + tol || J[0] + J[8] < J[4] + tol || J[4] + J[8] < J[0] + tol) &&
        err)
        snprintf(err->msg, sizeof err->msg, "ObjectRigidBody %d: parameter 'inertia' violates "
                 "the triangle inequality (Jxx + Jyy >= Jzz etc.) about the centre of mass, "
                 "so no physical body has it; it is simulated as given (diagonal about the "
                 "centre of mass %g, %g, %g)", index, J[0], J[4], J[8]);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP, .nodes = cd_body_nodes, .mass_const = 0,
    .mass = mass, .residual = residual, .jacobian = jacobian,
    .body_position = cd_body_frame_position, .body_frame = frame,
    .marker_dsize = cd_rigid_marker_dsize, .mass_force = massforce,
    .mass_force_dq = massforce_dq, .output_at = output_at, .output = output};

static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ROTATIONMATRIX, CD_OV_ROTATION,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_VELOCITYLOCAL,
                                    CD_OV_KINETICENERGY, CD_OV_ANGULARACCELERATION,
                                    CD_OV_ANGULARACCELERATIONLOCAL, CD_OV_ACCELERATIONLOCAL,
                                    CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD, CD_BODY_MASS_FIELD,
    {"inertia", CD_FT_VEC, 6, OFF(inertia), "0 0 0 0 0 0", 0, 0, "kg m^2",
     "[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the reference point (node), body frame", NULL},
    {"centerOfMass", CD_FT_VEC, 3, OFF(centerOfMass), "0 0 0", 0, 0, "m",
     "centre of mass in the body frame, relative to the reference point", NULL},
    CD_BODY_NODE_FIELD(
        "a 3D rigid-body node (NodeRigidBodyEP, NodeRigidBodyRxyz, NodeRigidBodyRotVecLG)"),
    CD_BODY_ALIAS_FIELD("physicsMass", CD_FT_REAL, 0, "kg", "mass"),
    CD_BODY_ALIAS_FIELD("physicsInertia", CD_FT_VEC, 6, "kg m^2", "inertia"),
    CD_BODY_ALIAS_FIELD("physicsCenterOfMass", CD_FT_VEC, 3, "m", "centerOfMass")};

const cd_itemtype cd_type_ObjectRigidBody = {
    .kind = CD_OBJECT, .name = "ObjectRigidBody", .typename_ = "RigidBody", .alias = "RigidBody",
    .doc = "A rigid body in 3D on a rigid-body node; inertia about the reference point, centre "
           "of mass in the body frame (analytic Jacobian).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
