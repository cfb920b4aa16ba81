/* ObjectKinematicTree: a tree of rigid links connected by revolute and prismatic joints, in
 * minimal coordinates (one per joint, those of its NodeGenericODE2), as Exudyn's.
 *
 * Link i has the parent p(i) < i (-1: the base, at baseOffset with the global orientation).
 * Its joint frame is the parent's link frame moved by jointOffsets[i] (parent coordinates) and
 * turned by jointTransformations[i]; the joint then turns (RevoluteX/Y/Z) about, or slides
 * (PrismaticX/Y/Z) along, that frame's axis by the total coordinate q_i = qref_i + u_i, which
 * gives the link frame (A_i, o_i) in which linkCOMs and linkInertiasCOM are given.
 *
 * Equations (residual r2 = M(q) q'' - f, as every state-dependent mass in coordyn):
 *   r2 = ID(q, q', q'') - jointForceVector + P (q - u_o) + D (q' - v_o) - f_user(t, q, q')
 * where ID is the inverse dynamics by the recursive Newton-Euler algorithm, in global
 * coordinates, with the base accelerated by -gravity and the link forces and torques as
 * external loads (O(n)); the mass matrix M(q) by the composite-rigid-body algorithm (composite
 * inertias about the global origin, O(n d) with d the depth of the tree). The Jacobian is
 * numerical (per-object forward differences of r2). */
#include "cd_kintree.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_common c;
    int nodeNumber;
    cd_vec gravity, baseOffset;          /* 3 each */
    cd_vec jointTypes, linkParents;      /* n each, integers */
    cd_mat jointTransformations;         /* 3n x 3: n row-major 3x3 stacked, or empty */
    cd_mat jointOffsets;                 /* n x 3, or empty */
    cd_mat jointHTs;                     /* 4n x 4: n homogeneous transformations, or empty */
    cd_mat linkInertiasCOM;              /* 3n x 3 */
    cd_mat linkCOMs;                     /* n x 3 */
    cd_vec linkMasses;                   /* n */
    cd_mat linkForces, linkTorques;      /* n x 3, or empty */
    cd_vec jointForceVector, jointPositionOffsetVector, jointVelocityOffsetVector;
    cd_vec jointPControlVector, jointDControlVector;   /* n each, or empty */
    cd_func forceUserFunction;
} params;

#define OFF(f) offsetof(params, f)

/* kinematics of one link frame, global: rotation R (row-major), origin o, angular velocity w,
 * velocity of the origin vo, angular acceleration al, acceleration of the origin ao, joint axis */
typedef struct { double R[9], o[3], w[3], vo[3], al[3], ao[3], ax[3]; } kin;
#define KIN_SIZE ((int)(sizeof(kin) / sizeof(double)))

int cd_kt_nlinks(const void *vp) { return ((const params *)vp)->jointTypes.n; }

static int nodes(const void *vp, const int **n)
{
    *n = &((const params *)vp)->nodeNumber;
    return 1;
}

/* the constant transformation of joint i: rotation A (row-major) and offset off */
static void joint_geometry(const params *p, int i, double A[9], double off[3])
{
    if (p->jointTransformations.rows) {
        memcpy(A, p->jointTransformations.x + 9 * i, sizeof(double) * 9);
    } else {
        const double *H = p->jointHTs.x + 16 * i;
        for (int r = 0; r < 3; r++)
            for (int k = 0; k < 3; k++) A[3 * r + k] = H[4 * r + k];
    }
    for (int r = 0; r < 3; r++)
        off[r] = p->jointOffsets.rows ? p->jointOffsets.x[3 * i + r]
                                      : p->jointHTs.x[16 * i + 4 * r + 3];
}

/* B = A Rot_axis(t) (row-major) */
static void turn(const double A[9], int axis, double t, double B[9])
{
    double R[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, c = cos(t), s = sin(t);
    int j = (axis + 1) % 3, k = (axis + 2) % 3;
    R[3 * j + j] = c; R[3 * j + k] = -s;
    R[3 * k + j] = s; R[3 * k + k] = c;
    cd_matmul(A, R, B);
}

/* the base frame: at baseOffset, not rotating, its origin accelerated by ao0 */
static void base_kin(const params *p, const double ao0[3], kin *b)
{
    memset(b, 0, sizeof(*b));
    b->R[0] = b->R[4] = b->R[8] = 1.0;
    memcpy(b->o, p->baseOffset.x, sizeof(double) * 3);
    memcpy(b->ao, ao0, sizeof(double) * 3);
}

/* link i's frame k from its parent's frame pa and the joint's total coordinate qt, velocity qd
 * and acceleration qdd:
 *   revolute:  R = Rp A Rot(qt), o = op + Rp off, w = wp + a qd,
 *              al = alp + wp x a qd + a qdd, ao = aop + alp x r + wp x (wp x r)
 *   prismatic: R = Rp A, o = op + Rp off + a qt, w = wp, al = alp,
 *              ao = aop + alp x r + wp x (wp x r) + 2 wp x a qd + a qdd
 * with the global axis a = Rp A e_axis and r = o - op */
static void joint_step(const params *p, int i, double qt, double qd, double qdd, const kin *pa,
                       kin *k)
{
    double A[9], off[3], Rj[9], r[3], t[3], u[3];
    int type = (int)p->jointTypes.x[i], axis = (type - 1) % 3, rev = type <= 3;
    joint_geometry(p, i, A, off);
    cd_matmul(pa->R, A, Rj);
    cd_col(Rj, axis, k->ax);
    cd_matvec(pa->R, off, r);
    if (rev) turn(Rj, axis, qt, k->R);
    else {
        memcpy(k->R, Rj, sizeof(Rj));
        for (int j = 0; j < 3; j++) r[j] += k->ax[j] * qt;
    }
    cd_cross(pa->w, r, t);
    cd_cross(pa->w, t, u);
    cd_cross(pa->al, r, t);
    for (int j = 0; j < 3; j++) {
        k->o[j] = pa->o[j] + r[j];
        k->ao[j] = pa->ao[j] + t[j] + u[j];
    }
    cd_cross(pa->w, r, t);
    for (int j = 0; j < 3; j++) k->vo[j] = pa->vo[j] + t[j];
    memcpy(k->w, pa->w, sizeof(k->w));
    memcpy(k->al, pa->al, sizeof(k->al));
    cd_cross(pa->w, k->ax, t);
    for (int j = 0; j < 3; j++) {
        if (rev) {
            k->w[j] += k->ax[j] * qd;
            k->al[j] += t[j] * qd + k->ax[j] * qdd;
        } else {
            k->vo[j] += k->ax[j] * qd;
            k->ao[j] += 2.0 * t[j] * qd + k->ax[j] * qdd;
        }
    }
}

/* total coordinate of joint i: reference + displacement */
static double qtotal(const cd_system *s, const cd_item *it, const double *q, int i)
{
    return s->qref[it->ltg[i]] + q[i];
}

/* forward pass: the frames K (n) of all links from q, v, a (a NULL: zero), base accelerated by
 * ao0 */
static void forward(const cd_system *s, const cd_item *it, const double *q, const double *v,
                    const double *a, const double ao0[3], kin *K)
{
    const params *p = it->p;
    kin base;
    base_kin(p, ao0, &base);
    for (int i = 0; i < p->jointTypes.n; i++) {
        int pi = (int)p->linkParents.x[i];
        joint_step(p, i, qtotal(s, it, q, i), v ? v[i] : 0.0, a ? a[i] : 0.0,
                   pi < 0 ? &base : &K[pi], &K[i]);
    }
}

/* global inertia tensor Ic = R J R^T of link i and its centre of mass offset cg = R c */
static void link_inertia(const params *p, int i, const kin *k, double Ic[9], double cg[3])
{
    double T[9], Rt[9];
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 3; j++) Rt[3 * r + j] = k->R[3 * j + r];
    cd_matmul(k->R, p->linkInertiasCOM.x + 9 * i, T);
    cd_matmul(T, Rt, Ic);
    cd_matvec(k->R, p->linkCOMs.x + 3 * i, cg);
}

/* inverse dynamics (recursive Newton-Euler): tau (n) = M(q) a + h(q, v) - Q_ext with gravity
 * and the link forces/torques; work: (KIN_SIZE + 6) n doubles */
static void rnea(const cd_system *s, const cd_item *it, const double *q, const double *v,
                 const double *a, double *tau, double *work)
{
    const params *p = it->p;
    int n = p->jointTypes.n;
    kin *K = (kin *)work;
    double *F = work + KIN_SIZE * n, *N = F + 3 * n;
    double g[3] = {-p->gravity.x[0], -p->gravity.x[1], -p->gravity.x[2]};
    forward(s, it, q, v, a, g, K);
    for (int i = 0; i < n; i++) {   /* force and moment (about o_i) the link needs */
        const kin *k = &K[i];
        double Ic[9], cg[3], t[3], u[3], ac[3], Iw[3], m = p->linkMasses.x[i];
        link_inertia(p, i, k, Ic, cg);
        cd_cross(k->al, cg, t);
        cd_cross(k->w, cg, u);
        cd_cross(k->w, u, Iw);
        for (int j = 0; j < 3; j++) ac[j] = m * (k->ao[j] + t[j] + Iw[j]);   /* m a_com */
        cd_matvec(Ic, k->w, Iw);
        cd_cross(k->w, Iw, u);
        cd_matvec(Ic, k->al, Iw);
        cd_cross(cg, ac, t);
        for (int j = 0; j < 3; j++) {
            F[3 * i + j] = ac[j] - (p->linkForces.rows ? p->linkForces.x[3 * i + j] : 0.0);
            N[3 * i + j] = Iw[j] + u[j] + t[j] -
                           (p->linkTorques.rows ? p->linkTorques.x[3 * i + j] : 0.0);
        }
    }
    for (int i = n - 1; i >= 0; i--) {   /* leaves to root */
        int pi = (int)p->linkParents.x[i], rev = p->jointTypes.x[i] <= 3;
        tau[i] = cd_dot(K[i].ax, rev ? N + 3 * i : F + 3 * i);
        if (pi < 0) continue;
        double r[3], t[3];
        for (int j = 0; j < 3; j++) r[j] = K[i].o[j] - K[pi].o[j];
        cd_cross(r, F + 3 * i, t);
        for (int j = 0; j < 3; j++) {
            F[3 * pi + j] += F[3 * i + j];
            N[3 * pi + j] += N[3 * i + j] + t[j];
        }
    }
}

/* r2 = ID(q, q', a) - f - P (u_o - q) - D (v_o - q') - f_user; a NULL: the Force output */
static int lhs(const cd_objctx *c, const double *a, double *r2)
{
    const params *p = c->item->p;
    int n = p->jointTypes.n;
    double *in = c->scratch + (KIN_SIZE + 6) * n;   /* [q + qref, q_t], then the result */
    rnea(c->sys, c->item, c->q, c->v, a, r2, c->scratch);
    for (int i = 0; i < n; i++) {
        double qt = qtotal(c->sys, c->item, c->q, i);
        if (p->jointForceVector.n) r2[i] -= p->jointForceVector.x[i];
        if (p->jointPositionOffsetVector.n)
            r2[i] -= p->jointPControlVector.x[i] * (p->jointPositionOffsetVector.x[i] - qt);
        if (p->jointVelocityOffsetVector.n)
            r2[i] -= p->jointDControlVector.x[i] * (p->jointVelocityOffsetVector.x[i] - c->v[i]);
        in[i] = qt;
        in[n + i] = c->v[i];
    }
    if (p->forceUserFunction.fn) {
        int rc = cd_object_userfunc(c, &p->forceUserFunction, in, 2 * n, in + 2 * n, n);
        if (rc) return rc;
        for (int i = 0; i < n; i++) r2[i] -= in[2 * n + i];
    }
    return CD_OK;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    (void)rae;
    return lhs(c, c->a, r2);
}

/* the motion of joint i about the global origin: S = (a, o x a) revolute, (0, a) prismatic */
static void motion(const params *p, const kin *K, int i, double S[6])
{
    if (p->jointTypes.x[i] <= 3) {
        memcpy(S, K[i].ax, sizeof(double) * 3);
        cd_cross(K[i].o, K[i].ax, S + 3);
    } else {
        memset(S, 0, sizeof(double) * 3);
        memcpy(S + 3, K[i].ax, sizeof(double) * 3);
    }
}

/* composite-rigid-body algorithm. Composite inertia of a subtree about the global origin:
 * mass m, first moment h = sum m c, inertia I_O = sum (Ic + m (c.c 1 - c c^T)); the spatial
 * force that moves it with (w, v_O) is (I_O w + h x v_O, m v_O + w x h). The motion of joint
 * i is S_i = (a_i, o_i x a_i) (revolute) or (0, a_i) (prismatic); M_ij = S_j . (I^C_i S_i)
 * for j on the path from i to the root. */
static int mass(const cd_objctx *c, double *M)
{
    const params *p = c->item->p;
    int n = p->jointTypes.n;
    kin *K = (kin *)c->scratch;
    double *C = c->scratch + KIN_SIZE * n;   /* per link: m, h (3), I_O (9) */
    double zero[3] = {0, 0, 0};
    forward(c->sys, c->item, c->q, NULL, NULL, zero, K);
    for (int i = 0; i < n; i++) {
        double Ic[9], cg[3], m = p->linkMasses.x[i], *ci = C + 13 * i;
        link_inertia(p, i, &K[i], Ic, cg);
        for (int j = 0; j < 3; j++) cg[j] += K[i].o[j];
        double cc = cd_dot(cg, cg);
        ci[0] = m;
        for (int j = 0; j < 3; j++) ci[1 + j] = m * cg[j];
        for (int r = 0; r < 3; r++)
            for (int j = 0; j < 3; j++)
                ci[4 + 3 * r + j] = Ic[3 * r + j] + m * ((r == j ? cc : 0.0) - cg[r] * cg[j]);
    }
    for (int i = n - 1; i >= 0; i--) {
        int pi = (int)p->linkParents.x[i];
        if (pi >= 0)
            for (int j = 0; j < 13; j++) C[13 * pi + j] += C[13 * i + j];
    }
    memset(M, 0, sizeof(double) * (size_t)(n * n));
    for (int i = 0; i < n; i++) {
        const double *ci = C + 13 * i;
        double Si[6], fn[3], ff[3], t[3];
        motion(p, K, i, Si);
        cd_matvec(ci + 4, Si, fn);
        cd_cross(ci + 1, Si + 3, t);
        for (int j = 0; j < 3; j++) fn[j] += t[j];
        cd_cross(Si, ci + 1, t);
        for (int j = 0; j < 3; j++) ff[j] = ci[0] * Si[3 + j] + t[j];
        for (int j = i; j >= 0; j = (int)p->linkParents.x[j]) {
            double Sj[6];
            motion(p, K, j, Sj);
            M[i + n * j] = M[j + n * i] = cd_dot(Sj, fn) + cd_dot(Sj + 3, ff);
        }
    }
    return CD_OK;
}

static int scratch(const cd_system *s, const cd_item *it)
{
    (void)s;
    return (KIN_SIZE + 16) * cd_kt_nlinks(it->p);
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = c->item->nq;
    switch (var) {
    case CD_OV_COORDINATES:   /* with the reference values, as Exudyn's */
        for (int i = 0; i < n; i++) out[i] = qtotal(c->sys, c->item, c->q, i);
        return n;
    case CD_OV_COORDINATES_T: memcpy(out, c->v, sizeof(double) * (size_t)n); return n;
    case CD_OV_COORDINATES_TT:
        if (!c->a) return -1;
        memcpy(out, c->a, sizeof(double) * (size_t)n);
        return n;
    case CD_OV_FORCE: {   /* all forces except M q'': r2 at q'' = 0 */
        int rc = lhs(c, NULL, out);
        return rc ? -1 : n;
    }
    default: return -1;
    }
}

/* GetObjectOutputBody: the object's own outputs, whatever the local position (as Exudyn's) */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    (void)lp;
    return output(c, var, out);
}

/* entry i of x: local (ltg NULL) or global through the tree's LTG list; x NULL: zero */
static double at(const double *x, const cd_item *it, int global, int i)
{
    return x ? x[global ? it->ltg[i] : i] : 0.0;
}

/* frame k of link i (root first, by recursion along the parents); chain entries as in the
 * header. Returns the depth of link i. */
static int frame_rec(const cd_system *s, const cd_item *it, int i, const double *q,
                     const double *v, const double *a, int global, kin *k, double *chain)
{
    const params *p = it->p;
    int pi = (int)p->linkParents.x[i], depth = 0;
    double zero[3] = {0, 0, 0};
    kin pa;
    if (pi < 0) base_kin(p, zero, &pa);
    else depth = frame_rec(s, it, pi, q, v, a, global, &pa, chain);
    joint_step(p, i, s->qref[it->ltg[i]] + at(q, it, global, i), at(v, it, global, i),
               at(a, it, global, i), &pa, k);
    if (chain) {
        double *e = chain + 1 + CD_KT_CHAIN_STRIDE * depth;
        e[0] = i;
        e[1] = p->jointTypes.x[i] <= 3;
        memcpy(e + 2, k->ax, sizeof(double) * 3);
        memcpy(e + 5, k->o, sizeof(double) * 3);
        e[8] = at(v, it, global, i);
        chain[0] = depth + 1;
    }
    return depth + 1;
}

int cd_kt_frame_eval(const cd_system *s, const cd_item *it, int link, const double lp[3],
                     const double *q, const double *v, const double *a, int global,
                     cd_kt_frame *f, double *J, double *Jr, double *chain)
{
    const params *p = it->p;
    int n = p->jointTypes.n;
    kin k;
    double r[3], t[3], u[3];
    int depth = frame_rec(s, it, link, q, v, a, global, &k, chain);
    cd_matvec(k.R, lp, r);
    cd_cross(k.w, r, t);
    cd_cross(k.w, t, u);
    for (int j = 0; j < 3; j++) {
        f->pos[j] = k.o[j] + r[j];
        f->vel[j] = k.vo[j] + t[j];
    }
    cd_cross(k.al, r, t);
    for (int j = 0; j < 3; j++) f->acc[j] = k.ao[j] + t[j] + u[j];
    memcpy(f->A, k.R, sizeof(k.R));
    memcpy(f->omega, k.w, sizeof(k.w));
    memcpy(f->alpha, k.al, sizeof(k.al));
    if (!J && !Jr) return depth;
    if (J) memset(J, 0, sizeof(double) * 3 * (size_t)n);
    if (Jr) memset(Jr, 0, sizeof(double) * 3 * (size_t)n);
    /* along the path: revolute a_k x (pos - o_k) and a_k, prismatic a_k and 0; axes and
     * origins from the chain (O(d)) or recomputed per joint (O(d^2)) without one */
    for (int i = link, e = depth - 1; i >= 0; i = (int)p->linkParents.x[i], e--) {
        double d[3], col[3], ax[3], o[3];
        int rev = p->jointTypes.x[i] <= 3;
        if (chain) {
            memcpy(ax, chain + 1 + CD_KT_CHAIN_STRIDE * e + 2, sizeof(ax));
            memcpy(o, chain + 1 + CD_KT_CHAIN_STRIDE * e + 5, sizeof(o));
        } else {
            kin ki;
            frame_rec(s, it, i, q, NULL, NULL, global, &ki, NULL);
            memcpy(ax, ki.ax, sizeof(ax));
            memcpy(o, ki.o, sizeof(o));
        }
        for (int j = 0; j < 3; j++) d[j] = f->pos[j] - o[j];
        if (rev) cd_cross(ax, d, col);
        else memcpy(col, ax, sizeof(col));
        for (int j = 0; j < 3; j++) {
            if (J) J[3 * i + j] = col[j];
            if (Jr && rev) Jr[3 * i + j] = ax[j];
        }
    }
    return depth;
}

static int marker_dsize(const void *vp)
{
    return CD_KT_CHAIN_SIZE(cd_kt_nlinks(vp));
}

static int uses_uf(const void *vp)
{
    return ((const params *)vp)->forceUserFunction.fn != NULL;
}

/* matrix parameter `name` holds n entries of erows x cols numbers (what), or is empty */
static int check_shape(int index, const char *name, const cd_mat *m, int n, int erows,
                       int cols, const char *what, int may_be_empty, cd_error *err)
{
    if (m->rows == 0 && may_be_empty) return CD_OK;
    if (m->rows != n * erows || m->cols != cols)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter '%s' must be "
                            "a list of %d %s (one per link, as jointTypes)%s, got %d x %d "
                            "numbers", index, name, n, what, may_be_empty ? " or empty" : "",
                            m->rows, m->cols);
    return CD_OK;
}

/* vector parameter `name` has n entries, or is empty */
static int check_length(int index, const char *name, const cd_vec *v, int n, cd_error *err)
{
    if (v->n == 0 || v->n == n) return CD_OK;
    return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter '%s' must be "
                        "empty or have %d entries (one per link, as jointTypes), got %d", index,
                        name, n, v->n);
}

/* 1 if the 3x3 matrix J is symmetric positive semi-definite (leading and all principal minors
 * >= 0 within a tolerance relative to its size) */
static int is_spsd(const double *J)
{
    double sc = fabs(J[0]) + fabs(J[4]) + fabs(J[8]), tol = 1e-12 * (sc > 0 ? sc : 1.0);
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < r; k++)
            if (fabs(J[3 * r + k] - J[3 * k + r]) > tol) return 0;
    if (J[0] < -tol || J[4] < -tol || J[8] < -tol) return 0;
    double m01 = J[0] * J[4] - J[1] * J[3], m02 = J[0] * J[8] - J[2] * J[6];
    double m12 = J[4] * J[8] - J[5] * J[7];
    double det = J[0] * m12 - J[1] * (J[3] * J[8] - J[5] * J[6]) +
                 J[2] * (J[3] * J[7] - J[4] * J[6]);
    double tol2 = tol * sc, tol3 = tol2 * sc;
    return m01 >= -tol2 && m02 >= -tol2 && m12 >= -tol2 && det >= -tol3;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int n = p->jointTypes.n, rc;
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    if (n == 0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter 'jointTypes' "
                            "is empty (give one exu.JointType per link)", index);
    if (nd->type != &cd_type_NodeGenericODE2 || nd->type->node->nq(nd->p) != n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter 'nodeNumber' "
                            "must be a NodeGenericODE2 with %d coordinates (one per joint), got "
                            "%s %d with %d", index, n, nd->type->name, p->nodeNumber,
                            nd->type->node->nq(nd->p));
    for (int i = 0; i < n; i++) {
        double t = p->jointTypes.x[i];
        if (t != floor(t) || t < 1 || t > 6)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                                "'jointTypes' entry %d is %g; use exu.JointType.RevoluteX, "
                                "RevoluteY, RevoluteZ, PrismaticX, PrismaticY or PrismaticZ",
                                index, i, t);
    }
    if (p->linkParents.n != n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter 'linkParents' "
                            "must have %d entries (one per link, as jointTypes), got %d", index,
                            n, p->linkParents.n);
    for (int i = 0; i < n; i++) {
        double t = p->linkParents.x[i];
        if (t != floor(t) || t < -1)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                                "'linkParents' entry %d is %g; a parent is -1 (the base) or the "
                                "index of an earlier link", index, i, t);
        if (t >= i)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                                "'linkParents' entry %d is %g; the parent of link %d must be a "
                                "link with a smaller index (or -1 for the base)", index, i, t, i);
    }
    if (!p->jointHTs.rows && (!p->jointTransformations.rows || !p->jointOffsets.rows))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameters "
                            "'jointTransformations' and 'jointOffsets' (or 'jointHTs') must be "
                            "given", index);
    if ((rc = check_shape(index, "jointTransformations", &p->jointTransformations, n, 3, 3,
                          "3x3 matrices", p->jointHTs.rows > 0, err)) ||
        (rc = check_shape(index, "jointOffsets", &p->jointOffsets, n, 1, 3, "3-vectors",
                          p->jointHTs.rows > 0, err)) ||
        (rc = check_shape(index, "jointHTs", &p->jointHTs, n, 4, 4, "4x4 matrices", 1, err)) ||
        (rc = check_shape(index, "linkInertiasCOM", &p->linkInertiasCOM, n, 3, 3,
                          "3x3 matrices", 0, err)) ||
        (rc = check_shape(index, "linkCOMs", &p->linkCOMs, n, 1, 3, "3-vectors", 0, err)) ||
        (rc = check_shape(index, "linkForces", &p->linkForces, n, 1, 3, "3-vectors", 1, err)) ||
        (rc = check_shape(index, "linkTorques", &p->linkTorques, n, 1, 3, "3-vectors", 1, err)))
        return rc;
    for (int i = 0; p->jointHTs.rows && i < n; i++) {   /* must agree with the others */
        const double *H = p->jointHTs.x + 16 * i;
        for (int r = 0; r < 3; r++) {
            for (int k = 0; k < 3; k++)
                if (p->jointTransformations.rows &&
                    fabs(H[4 * r + k] - p->jointTransformations.x[9 * i + 3 * r + k]) > 1e-12)
                    return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                                        "'jointHTs' entry %d does not agree with "
                                        "'jointTransformations' (give one of them)", index, i);
            if (p->jointOffsets.rows && fabs(H[4 * r + 3] - p->jointOffsets.x[3 * i + r]) > 1e-12)
                return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                                    "'jointHTs' entry %d does not agree with 'jointOffsets' "
                                    "(give one of them)", index, i);
        }
    }
    if (p->linkMasses.n != n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter 'linkMasses' "
                            "must have %d entries (one per link, as jointTypes), got %d", index,
                            n, p->linkMasses.n);
    for (int i = 0; i < n; i++)
        if (!is_spsd(p->linkInertiasCOM.x + 9 * i))
            return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                                "'linkInertiasCOM' entry %d is not a symmetric positive "
                                "semi-definite inertia tensor", index, i);
    if ((rc = check_length(index, "jointForceVector", &p->jointForceVector, n, err)) ||
        (rc = check_length(index, "jointPositionOffsetVector", &p->jointPositionOffsetVector, n,
                           err)) ||
        (rc = check_length(index, "jointVelocityOffsetVector", &p->jointVelocityOffsetVector, n,
                           err)) ||
        (rc = check_length(index, "jointPControlVector", &p->jointPControlVector, n, err)) ||
        (rc = check_length(index, "jointDControlVector", &p->jointDControlVector, n, err)))
        return rc;
    /* Exudyn applies P only with position offsets and D only with velocity offsets */
    if (p->jointPositionOffsetVector.n && !p->jointPControlVector.n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                            "'jointPositionOffsetVector' needs 'jointPControlVector' (%d "
                            "entries)", index, n);
    if (p->jointVelocityOffsetVector.n && !p->jointDControlVector.n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                            "'jointVelocityOffsetVector' needs 'jointDControlVector' (%d "
                            "entries)", index, n);
    if (p->jointPControlVector.n && !p->jointPositionOffsetVector.n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                            "'jointPControlVector' acts only with 'jointPositionOffsetVector' "
                            "(as in Exudyn, which ignores it otherwise): give "
                            "jointPositionOffsetVector (zeros: a spring towards q = 0)", index);
    if (p->jointDControlVector.n && !p->jointVelocityOffsetVector.n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectKinematicTree %d: parameter "
                            "'jointDControlVector' acts only with 'jointVelocityOffsetVector' "
                            "(as in Exudyn, which ignores it otherwise): give "
                            "jointVelocityOffsetVector (zeros: a damper)", index);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY, .nodes = nodes, .mass_const = 0, .mass = mass,
    .residual = residual, .scratch = scratch, .output = output, .output_at = output_at,
    .marker_dsize = marker_dsize,
    .uses_userfunc = uses_uf};
static const cd_outvar ov[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
                               CD_OV_FORCE, CD_OV_NONE};
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    {"nodeNumber", CD_FT_INDEX, 0, OFF(nodeNumber), NULL, 0, CD_NODE, "",
     "NodeGenericODE2 holding the n joint coordinates", NULL},
    {"gravity", CD_FT_VEC, 3, OFF(gravity), "0 0 0", 0, 0, "m/s^2",
     "gravity vector, global (LoadMassProportional does not act on a kinematic tree)", NULL},
    {"baseOffset", CD_FT_VEC, 3, OFF(baseOffset), "0 0 0", 0, 0, "m",
     "position of the base (the frame of links without parent), global", NULL},
    {"jointTypes", CD_FT_VEC, 0, OFF(jointTypes), NULL, 0, 0, "",
     "exu.JointType per link: RevoluteX/Y/Z (1-3) or PrismaticX/Y/Z (4-6); gives n", NULL},
    {"linkParents", CD_FT_VEC, 0, OFF(linkParents), NULL, 0, 0, "",
     "parent link per link, -1 for the base; parent < own index", NULL},
    {"jointTransformations", CD_FT_MAT, 0, OFF(jointTransformations), NULL, CD_CHK_STACK, 0,
     "", "list of n 3x3 rotations from the parent's link frame to the joint frame", NULL},
    {"jointOffsets", CD_FT_MAT, 0, OFF(jointOffsets), NULL, 0, 0, "m",
     "list of n 3-vectors: joint frame origin in the parent's link frame", NULL},
    {"jointHTs", CD_FT_MAT, 0, OFF(jointHTs), NULL, CD_CHK_STACK, 0, "",
     "list of n 4x4 homogeneous transformations: jointTransformations and jointOffsets at once "
     "(must agree with them where both are given)", NULL},
    {"linkInertiasCOM", CD_FT_MAT, 0, OFF(linkInertiasCOM), NULL, CD_CHK_STACK, 0, "kg m^2",
     "list of n 3x3 inertia tensors about the centre of mass, link frame", NULL},
    {"linkCOMs", CD_FT_MAT, 0, OFF(linkCOMs), NULL, 0, 0, "m",
     "list of n 3-vectors: centre of mass in the link frame", NULL},
    {"linkMasses", CD_FT_VEC, 0, OFF(linkMasses), NULL, CD_CHK_NONNEG, 0, "kg",
     "n link masses", NULL},
    {"linkForces", CD_FT_MAT, 0, OFF(linkForces), NULL, 0, 0, "N",
     "list of n global forces acting at the link frame origins (or empty)", NULL},
    {"linkTorques", CD_FT_MAT, 0, OFF(linkTorques), NULL, 0, 0, "N m",
     "list of n global torques acting on the links (or empty)", NULL},
    {"jointForceVector", CD_FT_VEC, 0, OFF(jointForceVector), NULL, 0, 0, "",
     "n generalized joint forces f (torques of revolute joints) on the right-hand side, or "
     "empty", NULL},
    {"jointPositionOffsetVector", CD_FT_VEC, 0, OFF(jointPositionOffsetVector), NULL, 0, 0, "",
     "n joint set values u_o of the P control P (u_o - q), or empty", NULL},
    {"jointVelocityOffsetVector", CD_FT_VEC, 0, OFF(jointVelocityOffsetVector), NULL, 0, 0, "",
     "n joint set velocities v_o of the D control D (v_o - q_t), or empty", NULL},
    {"jointPControlVector", CD_FT_VEC, 0, OFF(jointPControlVector), NULL, 0, 0, "",
     "n proportional gains P (with jointPositionOffsetVector), or empty", NULL},
    {"jointDControlVector", CD_FT_VEC, 0, OFF(jointDControlVector), NULL, 0, 0, "",
     "n derivative gains D (with jointVelocityOffsetVector), or empty", NULL},
    {"forceUserFunction", CD_FT_FUNC, CD_UF_GENERICFORCE, OFF(forceUserFunction), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, q, q_t) -> n generalized forces added to the right-hand side "
     "(q with the reference values, as Exudyn passes them)", NULL}};

const cd_itemtype cd_type_ObjectKinematicTree = {
    .kind = CD_OBJECT, .name = "ObjectKinematicTree", .typename_ = "KinematicTree",
    .alias = NULL,
    .doc = "A tree of rigid links on revolute and prismatic joints in minimal coordinates (one "
           "per joint, on a NodeGenericODE2): mass matrix by the composite-rigid-body algorithm, "
           "forces by recursive Newton-Euler, P/D joint control; numerical Jacobian.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = ov};
