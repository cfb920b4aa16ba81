/* joint_common: the equations the joints share (see cd_joints.h).
 *
 * Point coincidence (JointRevolute2D, JointSpherical): g_i = (p1 - p0)_i on the first na
 * global axes, r2 = JD^T F with F_i = lambda_i on the constrained rows.
 *
 * The generic joint (JointGeneric, JointRevoluteZ, JointPrismaticX): joint frames F0 = A0 R0
 * and F1 = A1 R1 with columns f_x, f_y, f_z. Constrained axes (1 = constrained) of the 6
 * relative motions:
 *   translation i:  g_i = f0_i . (p1 - p0)                 (the offset of marker 1 in frame 0)
 *   rotation x, y, z: g = f0_y . f1_z,  f0_z . f1_x,  f0_x . f1_y   (zero when aligned)
 * Variations, with dtheta the global rotation variations (Jrot dq):
 *   d(f0_i . d) = f0_i . dD + dtheta0 . (f0_i x d)
 *   d(a . b)    = dtheta0 . (a x b) + dtheta1 . (b x a)  (a of frame 0, b of frame 1)
 * A free axis has the equation lambda = 0. The Jacobian is analytic (markers with derivative
 * data). */
#include "cd_joints.h"
#include "../../math/cd_vec3.h"
#include "../../math/cd_rotations.h"
#include <string.h>

/* ---------------------------------------------------------------- point coincidence */

static void point_force(const cd_objctx *c, int na, const int on[3], double F[3])
{
    for (int i = 0; i < 3; i++) F[i] = i < na && on[i] ? c->lam[i] : 0.0;
}

int cd_joint_point_residual(const cd_objctx *c, int na, const int on[3], double *r2, double *rae)
{
    double F[3];
    point_force(c, na, on, F);
    cd_conn_apply_force(c, F, r2);
    for (int i = 0; i < na; i++)
        rae[i] = !on[i] ? c->lam[i]
               : c->index2 ? c->md[1].vel[i] - c->md[0].vel[i] : c->md[1].pos[i] - c->md[0].pos[i];
    return CD_OK;
}

/* Cq = the constrained rows of JD; K = d(JD^T F)/dq from the markers' lever arms (markers
 * with constant Jacobians or derivative data; numerical otherwise) */
int cd_joint_point_jacobian(const cd_objctx *c, int na, const int on[3], double *K, double *D,
                            double *Cq, double *Gq, double *Gv)
{
    int nq = c->item->nq;
    double F[3];
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    cd_work w = cd_conn_work(c);
    double *JD = cd_work_take(&w, 3 * nq), *G = cd_work_take(&w, 3 * nq),
           *GV = cd_work_take(&w, 3 * nq);
    cd_conn_jd(c, JD);
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < na; j++) Cq[j + na * i] = on[j] ? JD[j + 3 * i] : 0.0;
    /* index 3: Gq = the exact derivative of p1 - p0 (differs from JD for Euler parameters,
     * whose J is the velocity Jacobian), Gv = 0; index 2 (g = v1 - v0 = JD q_t): Gq = d(v1 -
     * v0)/dq, Gv = JD */
    cd_conn_dd(c, G, c->index2 ? GV : NULL);
    const double *X = c->index2 ? GV : G;
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < na; j++) {
            Gq[j + na * i] = on[j] ? X[j + 3 * i] : 0.0;
            Gv[j + na * i] = c->index2 ? Cq[j + na * i] : 0.0;
        }
    point_force(c, na, on, F);
    cd_conn_add_jtv(c, w, 1, F, 1.0, K);
    cd_conn_add_jtv(c, w, 0, F, -1.0, K);
    return CD_OK;
}

/* ---------------------------------------------------------------- generic joint */

/* rotation pairs: constraint on rotation about x: f0_y . f1_z etc. */
static const int ROT_A[3] = {1, 2, 0}, ROT_B[3] = {2, 0, 1};

/* the pair of row r, g = sg (f0_ia . f1_ib). With all rotations constrained, (A, B) =
 * (r+1, r+2). With exactly one free rotation axis k (a revolute joint) both constrained rows
 * use f0_k, the free axis of frame 0, against the other two axes of frame 1: g = f0_k . f1_j
 * keeps f1_k parallel to f0_k for any angle about k. The plain pairs would not: at a quarter
 * turn about k their two rows have the same gradient (w = f0_A x f1_B), the joint loses a
 * constraint there, and index-2 (velocity-level) solves drift off it. A swapped pair
 * (k, A) carries the sign -1, so every row has the linearization (dtheta0 - dtheta1) . e_r of
 * the plain one and the multipliers keep their meaning near the reference. */
static void rot_pair(const double ax[6], int r, int *ia, int *ib, double *sg)
{
    int nfree = 0, k = -1;
    for (int i = 0; i < 3; i++)
        if (ax[3 + i] == 0.0) { nfree++; k = i; }
    *ia = ROT_A[r];
    *ib = ROT_B[r];
    *sg = 1.0;
    if (nfree == 1 && r != k && ROT_A[r] != k) {  /* then ROT_B[r] == k */
        *ia = k;
        *ib = ROT_A[r];
        *sg = -1.0;
    }
}

const cd_outvar cd_joint_generic_outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE,
                                              CD_OV_TORQUE, CD_OV_DISPLACEMENTLOCAL,
                                              CD_OV_VELOCITYLOCAL, CD_OV_ROTATION,
                                              CD_OV_ANGULARVELOCITYLOCAL, CD_OV_FORCELOCAL,
                                              CD_OV_TORQUELOCAL,
                                              CD_OV_HOMOGENEOUSTRANSFORMATION,
                                              CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL, CD_OV_NONE};

int cd_joint_generic_nae(const void *p) { (void)p; return 6; }

int cd_joint_generic_residual(const cd_objctx *c, const double ax[6], double *r2, double *rae)
{
    return cd_joint_generic_residual_offset(c, ax, NULL, NULL, r2, rae);
}

int cd_joint_generic_residual_offset(const cd_objctx *c, const double ax[6], const double *off,
                                     const double *off_t, double *r2, double *rae)
{
    const cd_p_frames *p = c->item->p;
    double F0[9], F1[9], d[3], vd[3], Ft[3] = {0, 0, 0}, w[3];
    double om0[3] = {c->md[0].omega[0], c->md[0].omega[1], c->md[0].omega[2]};
    cd_matmul(c->md[0].A, p->rotationMarker0.x, F0);
    if (off) {  /* F0 <- F0 Rxyz(off); its rate adds F0 Gb off_t to frame 0's angular velocity */
        double R[9], Gb[9], Gv[3], zero[3] = {0, 0, 0}, F[9], wb[3], wg[3];
        const double *tt = off_t ? off_t + 3 : zero;
        cd_rot_rxyz(off + 3, tt, R, Gb, Gv);
        cd_matmul(F0, R, F);
        memcpy(F0, F, sizeof F);
        for (int i = 0; i < 3; i++) wb[i] = Gb[3 * i] * tt[0] + Gb[3 * i + 1] * tt[1] + Gb[3 * i + 2] * tt[2];
        for (int i = 0; i < 3; i++) wg[i] = F0[3 * i] * wb[0] + F0[3 * i + 1] * wb[1] + F0[3 * i + 2] * wb[2];
        for (int i = 0; i < 3; i++) om0[i] += wg[i];
    }
    cd_matmul(c->md[1].A, p->rotationMarker1.x, F1);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    /* Exudyn: with all three translations constrained the translation offsets are global
     * (p1 - p0 = off), else they are in the joint frame (f0_i . (p1 - p0) = off_i) */
    int global = off && ax[0] != 0.0 && ax[1] != 0.0 && ax[2] != 0.0;
    for (int i = 0; global && i < 3; i++) {
        d[i] -= off[i];
        vd[i] -= off_t ? off_t[i] : 0.0;
    }
    for (int i = 0; i < 3; i++) {  /* translation forces sum lam_i f0_i, via JD^T */
        double f[3];
        cd_col(F0, i, f);
        if (ax[i] != 0.0)
            for (int k = 0; k < 3; k++) Ft[k] += c->lam[i] * f[k];
    }
    cd_conn_apply_force(c, Ft, r2);  /* writes all of r2 */
    for (int i = 0; i < 3; i++) {  /* translations: equations and the rotation of frame 0 */
        double f[3], fd[3], wf[3];
        cd_col(F0, i, f);
        if (ax[i] == 0.0) { rae[i] = c->lam[i]; continue; }
        cd_cross(f, d, fd);
        cd_conn_add_rot_row(c, 0, fd, c->lam[i], r2);
        cd_cross(om0, f, wf);
        rae[i] = c->index2 ? cd_dot(f, vd) + cd_dot(wf, d) : cd_dot(f, d);
        if (off && !global) rae[i] -= c->index2 ? (off_t ? off_t[i] : 0.0) : off[i];
    }
    for (int i = 0; i < 3; i++) {  /* rotations: g = sg a . b */
        double a[3], b[3], wa[3], wb[3], sg;
        int ia, ib;
        if (ax[3 + i] == 0.0) { rae[3 + i] = c->lam[3 + i]; continue; }
        rot_pair(ax, i, &ia, &ib, &sg);
        cd_col(F0, ia, a);
        cd_col(F1, ib, b);
        cd_cross(a, b, w);
        cd_conn_add_rot_row(c, 0, w, sg * c->lam[3 + i], r2);
        cd_conn_add_rot_row(c, 1, w, -sg * c->lam[3 + i], r2);
        cd_cross(om0, a, wa);
        cd_cross(c->md[1].omega, b, wb);
        rae[3 + i] = sg * (c->index2 ? cd_dot(wa, b) + cd_dot(a, wb) : cd_dot(a, b));
    }
    return CD_OK;
}

/* what the rows of the generic joint's Jacobian share and gather (3 x nq matrices,
 * column-major over the joint's coordinates, in the scratch; w: the rest of it) */
typedef struct {
    const cd_mat *R0, *R1;
    double F0[9], F1[9], d[3], vd[3];   /* joint frames, p1 - p0, v1 - v0 */
    double *dd, *dvd, *W0, *W1;         /* d(p1 - p0)/dq, d(v1 - v0)/dq, d omega_k/dq */
    double Ft[3], S[3], T[3];           /* sum lam_i f0_i, sum lam_i f0_i x d, sum lam w */
    double *dFt, *dT;                   /* dFt/dq, dT/dq */
    cd_work w;
} gjac;

/* translation row r: Cq, Gq (index 3: d(f . d)/dq; index 2: d(f . vd + (w0 x f) . d)/dq),
 * Gv; adds to Ft, S, dFt */
static void gjac_translation(const cd_objctx *c, gjac *g, int r, double *Cq, double *Gq,
                             double *Gv)
{
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    int nq = c->item->nq, n0 = m0->n, n1 = m1->n, o1 = c->item->mk_off[1], i2 = c->index2;
    const double *d = g->d, *vd = g->vd, *dd = g->dd, *dvd = g->dvd, *W0 = g->W0,
                 *w0 = m0->omega, *R = g->R0->x;
    double f[3], fl[3] = {R[r], R[3 + r], R[6 + r]}, fd[3], lam = c->lam[r];
    cd_work w = g->w;
    double *G = cd_work_take(&w, 3 * nq);
    cd_col(g->F0, r, f);
    cd_cross(f, d, fd);
    cd_conn_dvec(c, 0, fl, G);   /* df/dq (marker 0's columns) */
    for (int j = 0; j < n0; j++)
        Cq[r + 6 * j] = -cd_dot(m0->J + 3 * j, f) + cd_dot(m0->Jrot + 3 * j, fd);
    for (int j = 0; j < n1; j++) Cq[r + 6 * (o1 + j)] = cd_dot(m1->J + 3 * j, f);
    for (int j = 0; j < nq; j++) {
        if (!i2) {
            Gq[r + 6 * j] = cd_dot(f, dd + 3 * j) + cd_dot(d, G + 3 * j);
        } else {  /* g = f . vd + (w0 x f) . d */
            double wf[3], t1[3], t2[3];
            cd_cross(w0, f, wf);
            cd_cross(W0 + 3 * j, f, t1);
            cd_cross(w0, G + 3 * j, t2);
            Gq[r + 6 * j] = cd_dot(G + 3 * j, vd) + cd_dot(f, dvd + 3 * j) +
                            cd_dot(t1, d) + cd_dot(t2, d) + cd_dot(wf, dd + 3 * j);
            Gv[r + 6 * j] = Cq[r + 6 * j];
        }
        for (int i = 0; i < 3; i++) g->dFt[i + 3 * j] += lam * G[i + 3 * j];
    }
    for (int i = 0; i < 3; i++) {
        g->Ft[i] += lam * f[i];
        g->S[i] += lam * fd[i];
    }
}

/* index 2 row of a rotation, g = (w0 x a) . b + a . (w1 x b): d g/dq in column j */
static double gjac_rotation_gq2(const cd_objctx *c, const gjac *g, int j, const double a[3],
                                const double b[3], const double *Ga, const double *Gb)
{
    const double *w0 = c->md[0].omega, *w1 = c->md[1].omega;
    double wa[3], wb[3], u[3], t1[3], t2[3];
    cd_cross(w0, a, wa);
    cd_cross(w1, b, wb);
    cd_cross(g->W0 + 3 * j, a, t1);
    cd_cross(w0, Ga + 3 * j, t2);
    double gq = cd_dot(t1, b) + cd_dot(t2, b) + cd_dot(wa, Gb + 3 * j) + cd_dot(Ga + 3 * j, wb);
    cd_cross(g->W1 + 3 * j, b, t1);
    cd_cross(w1, Gb + 3 * j, u);
    return gq + cd_dot(a, t1) + cd_dot(a, u);
}

/* rotation row r, g = sg a . b: Cq, Gq, Gv; adds to T, dT (dw = da x b + a x db) */
static void gjac_rotation(const cd_objctx *c, gjac *g, const double ax[6], int r, double *Cq,
                          double *Gq, double *Gv)
{
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    int nq = c->item->nq, n0 = m0->n, n1 = m1->n, o1 = c->item->mk_off[1], ia, ib;
    double sg;
    rot_pair(ax, r, &ia, &ib, &sg);
    const double *R0 = g->R0->x, *R1 = g->R1->x;
    double a[3], b[3], w[3], lam = sg * c->lam[3 + r];
    cd_work wk = g->w;
    double *G = cd_work_take(&wk, 3 * nq), *G1 = cd_work_take(&wk, 3 * nq);
    double *V = c->index2 ? cd_work_take(&wk, 3 * nq) : NULL, *V1 = c->index2 ?
                cd_work_take(&wk, 3 * nq) : NULL;
    double al[3] = {R0[ia], R0[3 + ia], R0[6 + ia]}, bl[3] = {R1[ib], R1[3 + ib], R1[6 + ib]};
    cd_col(g->F0, ia, a);
    cd_col(g->F1, ib, b);
    cd_cross(a, b, w);
    cd_conn_dvec(c, 0, al, G);
    cd_conn_dvec(c, 1, bl, G1);
    if (c->index2) {
        cd_conn_domegav(c, 0, V);
        cd_conn_domegav(c, 1, V1);
    }
    for (int j = 0; j < n0; j++) Cq[(3 + r) + 6 * j] = sg * cd_dot(m0->Jrot + 3 * j, w);
    for (int j = 0; j < n1; j++) Cq[(3 + r) + 6 * (o1 + j)] = -sg * cd_dot(m1->Jrot + 3 * j, w);
    for (int j = 0; j < nq; j++) {   /* dg = sg (da . b + a . db) */
        double t1[3], t2[3];
        if (!c->index2) {
            Gq[(3 + r) + 6 * j] = sg * (cd_dot(b, G + 3 * j) + cd_dot(a, G1 + 3 * j));
        } else {
            Gq[(3 + r) + 6 * j] = sg * gjac_rotation_gq2(c, g, j, a, b, G, G1);
            /* d g_t/dq_t = sg (d omega0/dq_t . w - d omega1/dq_t . w): Cq but where omega is
             * not Jrot q_t (Euler parameters off |e| = 1) */
            Gv[(3 + r) + 6 * j] = sg * (cd_dot(V + 3 * j, w) - cd_dot(V1 + 3 * j, w));
        }
        cd_cross(G + 3 * j, b, t1);
        cd_cross(a, G1 + 3 * j, t2);
        for (int i = 0; i < 3; i++) g->dT[i + 3 * j] += lam * (t1[i] + t2[i]);
    }
    for (int i = 0; i < 3; i++) g->T[i] += lam * w[i];
}

/* K = d(Cq^T lambda)/dq: the derivatives of the Jacobians at constant force/torque, then of
 * the forces, X = dFt x d + Ft x dd + dT (marker 0's rotation rows) */
static void gjac_stiffness(const cd_objctx *c, const gjac *g, double *K)
{
    int nq = c->item->nq;
    double ST[3] = {g->S[0] + g->T[0], g->S[1] + g->T[1], g->S[2] + g->T[2]};
    cd_work w = g->w;
    double *X = cd_work_take(&w, 3 * nq);
    cd_conn_add_jtv(c, w, 0, g->Ft, -1.0, K);
    cd_conn_add_jtv(c, w, 1, g->Ft, 1.0, K);
    cd_conn_add_jrtv(c, 0, ST, 1.0, K);
    cd_conn_add_jrtv(c, 1, g->T, -1.0, K);
    for (int j = 0; j < nq; j++) {
        double t1[3], t2[3];
        cd_cross(g->dFt + 3 * j, g->d, t1);
        cd_cross(g->Ft, g->dd + 3 * j, t2);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = t1[i] + t2[i] + g->dT[i + 3 * j];
    }
    cd_conn_add_jdtx(c, g->dFt, 1.0, K);
    cd_conn_add_jrtx(c, 0, X, 1.0, K);
    cd_conn_add_jrtx(c, 1, g->dT, -1.0, K);
}

/* Cq = dr2/dlambda with the velocity Jacobians J, Jrot; index 3: Gq the exact derivative of g
 * (cd_md_dpos, cd_md_dvec), Gv = 0; index 2: Gq = d g_t/dq (cd_md_dvel, cd_md_domega too),
 * Gv = Cq; K = d(Cq^T lambda)/dq with Ft = sum lam_i f0_i,
 * S = sum lam_i f0_i x d and T = sum lam w:
 *   marker 0: -J0^T Ft + Jrot0^T (S + T),  marker 1: J1^T Ft - Jrot1^T T */
int cd_joint_generic_jacobian(const cd_objctx *c, const double ax[6], double *K, double *D,
                              double *Cq, double *Gq, double *Gv)
{
    const cd_p_frames *p = c->item->p;
    int nq = c->item->nq;
    gjac g;
    if (!cd_conn_frames_diff_ok(c)) return CD_JAC_NUMERICAL;
    g.w = cd_conn_work(c);
    double **const m[6] = {&g.dd, &g.dvd, &g.W0, &g.W1, &g.dFt, &g.dT};
    cd_work_take_mats(&g.w, nq, m, 6);
    g.R0 = &p->rotationMarker0;
    g.R1 = &p->rotationMarker1;
    cd_matmul(c->md[0].A, g.R0->x, g.F0);
    cd_matmul(c->md[1].A, g.R1->x, g.F1);
    for (int i = 0; i < 3; i++) {
        g.d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        g.vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
        g.Ft[i] = g.S[i] = g.T[i] = 0;
    }
    size_t sz = sizeof(double) * (size_t)(nq * nq), s6 = sizeof(double) * (size_t)(6 * nq);
    memset(K, 0, sz);
    memset(D, 0, sz);
    memset(Cq, 0, s6);
    memset(Gq, 0, s6);
    memset(Gv, 0, s6);
    memset(g.dFt, 0, sizeof(double) * 3 * (size_t)nq);
    memset(g.dT, 0, sizeof(double) * 3 * (size_t)nq);
    cd_conn_dd(c, g.dd, c->index2 ? g.dvd : NULL);
    if (c->index2) {
        cd_conn_domega(c, 0, g.W0);
        cd_conn_domega(c, 1, g.W1);
    }
    for (int r = 0; r < 3; r++)
        if (ax[r] != 0.0) gjac_translation(c, &g, r, Cq, Gq, Gv);
    for (int r = 0; r < 3; r++)
        if (ax[3 + r] != 0.0) gjac_rotation(c, &g, ax, r, Cq, Gq, Gv);
    gjac_stiffness(c, &g, K);
    return CD_OK;
}

/* outputs as Exudyn's generic joint gives them, in joint frame 0, F0 = A0 R0:
 * DisplacementLocal F0^T (p1 - p0), VelocityLocal F0^T (v1 - v0), AngularVelocityLocal
 * F0^T (w1 - w0), Rotation the Tait-Bryan xyz angles of F0^T F1, ForceLocal and TorqueLocal
 * the multipliers (forces along the axes of frame 0, torques of the rotation rows); Position
 * and Velocity those of marker 0; HomogeneousTransformation [F0, p0; 0, 1],
 * HomogeneousTransformationLocal [F0^T F1, F0^T (p1 - p0); 0, 1]. Force and Torque: the same multipliers (coordyn's names) */
int cd_joint_generic_output(const cd_objctx *c, cd_outvar var, double *out)
{
    const cd_p_frames *p = c->item->p;
    double F0[9], F1[9], R[9], d[3];
    cd_matmul(c->md[0].A, p->rotationMarker0.x, F0);
    switch (var) {
    case CD_OV_POSITION: memcpy(out, c->md[0].pos, 3 * sizeof(double)); return 3;
    case CD_OV_VELOCITY: memcpy(out, c->md[0].vel, 3 * sizeof(double)); return 3;
    case CD_OV_DISPLACEMENTLOCAL:
    case CD_OV_VELOCITYLOCAL:
    case CD_OV_ANGULARVELOCITYLOCAL:
        for (int i = 0; i < 3; i++)
            d[i] = var == CD_OV_DISPLACEMENTLOCAL ? c->md[1].pos[i] - c->md[0].pos[i]
                 : var == CD_OV_VELOCITYLOCAL ? c->md[1].vel[i] - c->md[0].vel[i]
                 : c->md[1].omega[i] - c->md[0].omega[i];
        cd_mattvec(F0, d, out);
        return 3;
    case CD_OV_ROTATION:
    case CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL:  /* [F0^T F1, F0^T (p1 - p0); 0, 1] */
        cd_matmul(c->md[1].A, p->rotationMarker1.x, F1);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                R[3 * i + j] = F0[i] * F1[j] + F0[3 + i] * F1[3 + j] + F0[6 + i] * F1[6 + j];
        if (var == CD_OV_ROTATION) {
            cd_rot_rxyz_angles(R, out);
            return 3;
        }
        for (int i = 0; i < 3; i++) d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        cd_mattvec(F0, d, F1);
        return cd_rot_homogeneous(R, F1, out);
    case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(F0, c->md[0].pos, out);
    case CD_OV_FORCE:
    case CD_OV_FORCELOCAL: memcpy(out, c->lam, 3 * sizeof(double)); return 3;
    case CD_OV_TORQUE:
    case CD_OV_TORQUELOCAL: memcpy(out, c->lam + 3, 3 * sizeof(double)); return 3;
    default: return -1;
    }
}
