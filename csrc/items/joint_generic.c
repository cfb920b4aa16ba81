/* ObjectJointGeneric (and ObjectJointRevoluteZ, ObjectJointPrismaticX with fixed axes):
 * joint frames F0 = A0 R0 and F1 = A1 R1 (R: rotationMarker0/1 in the marker frames), with
 * columns f_x, f_y, f_z. Constrained axes (1 = constrained) of the 6 relative motions:
 *   translation i:  g_i = f0_i . (p1 - p0)                 (the offset of marker 1 in frame 0)
 *   rotation x, y, z: g = f0_y . f1_z,  f0_z . f1_x,  f0_x . f1_y   (zero when aligned)
 * Variations, with dtheta the global rotation variations (Jrot dq):
 *   d(f0_i . d) = f0_i . dD + dtheta0 . (f0_i x d)
 *   d(a . b)    = dtheta0 . (a x b) + dtheta1 . (b x a)  (a of frame 0, b of frame 1)
 * A free axis has the equation lambda = 0. The Jacobian is analytic (markers with derivative
 * data). */
#include "../core/cd_items.h"
#include "cd_item_list.h"
#include "../math/cd_lie.h"
#include "../math/cd_vec3.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define OFF(f) offsetof(cd_p_joint, f)

static int six_ae(const void *p) { (void)p; return 6; }
static int active(const void *p) { return ((const cd_p_joint *)p)->activeConnector; }

static const double AX_REVZ[6] = {1, 1, 1, 1, 1, 0}, AX_PRIX[6] = {0, 1, 1, 1, 1, 1};

static const double *joint_axes(const cd_item *it)
{
    if (it->type == &cd_type_ObjectJointRevoluteZ) return AX_REVZ;
    if (it->type == &cd_type_ObjectJointPrismaticX) return AX_PRIX;
    return ((const cd_p_joint *)it->p)->constrainedAxes.x;
}

static int lambda_row(const cd_item *it, int j) { return joint_axes(it)[j] == 0.0; }



/* F = A R (row-major 3x3 each); column k of F is F[3i + k] */
static void frame(const double A[9], const cd_mat *R, double F[9])
{
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            F[3 * i + k] = A[3 * i] * R->x[k] + A[3 * i + 1] * R->x[3 + k] + A[3 * i + 2] * R->x[6 + k];
}

static void col(const double F[9], int k, double c[3])
{
    c[0] = F[k]; c[1] = F[3 + k]; c[2] = F[6 + k];
}


/* rotation pairs: constraint on rotation about x: f0_y . f1_z etc. */
static const int ROT_A[3] = {1, 2, 0}, ROT_B[3] = {2, 0, 1};

static int gen_residual(const cd_objctx *c, double *r2, double *rae)
{
    const cd_p_joint *p = c->item->p;
    const double *ax = joint_axes(c->item);
    double F0[9], F1[9], d[3], vd[3], Ft[3] = {0, 0, 0}, w[3];
    frame(c->md[0].A, &p->rotationMarker0, F0);
    frame(c->md[1].A, &p->rotationMarker1, F1);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    for (int i = 0; i < 3; i++) {  /* translation forces sum lam_i f0_i, via JD^T */
        double f[3];
        col(F0, i, f);
        if (ax[i] != 0.0)
            for (int k = 0; k < 3; k++) Ft[k] += c->lam[i] * f[k];
    }
    cd_conn_apply_force(c, Ft, r2);  /* writes all of r2 */
    for (int i = 0; i < 3; i++) {  /* translations: equations and the rotation of frame 0 */
        double f[3], fd[3], wf[3];
        col(F0, i, f);
        if (ax[i] == 0.0) { rae[i] = c->lam[i]; continue; }
        cd_cross(f, d, fd);
        cd_conn_add_rot_row(c, 0, fd, c->lam[i], r2);
        cd_cross(c->md[0].omega, f, wf);
        rae[i] = c->index2 ? cd_dot(f, vd) + cd_dot(wf, d) : cd_dot(f, d);
    }
    for (int i = 0; i < 3; i++) {  /* rotations */
        double a[3], b[3], wa[3], wb[3];
        if (ax[3 + i] == 0.0) { rae[3 + i] = c->lam[3 + i]; continue; }
        col(F0, ROT_A[i], a);
        col(F1, ROT_B[i], b);
        cd_cross(a, b, w);
        cd_conn_add_rot_row(c, 0, w, c->lam[3 + i], r2);
        cd_conn_add_rot_row(c, 1, w, -c->lam[3 + i], r2);
        cd_cross(c->md[0].omega, a, wa);
        cd_cross(c->md[1].omega, b, wb);
        rae[3 + i] = c->index2 ? cd_dot(wa, b) + cd_dot(a, wb) : cd_dot(a, b);
    }
    return CD_OK;
}

/* Cq = dr2/dlambda with the velocity Jacobians J, Jrot; index 3: Gq the exact derivative of g
 * (cd_md_dpos, cd_md_dvec), Gv = 0; index 2: Gq = d g_t/dq (cd_md_dvel, cd_md_domega too),
 * Gv = Cq; K = d(Cq^T lambda)/dq with Ft = sum lam_i f0_i,
 * S = sum lam_i f0_i x d and T = sum lam w:
 *   marker 0: -J0^T Ft + Jrot0^T (S + T),  marker 1: J1^T Ft - Jrot1^T T */
static int gen_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    const cd_p_joint *p = c->item->p;
    const double *ax = joint_axes(c->item);
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    int nq = c->item->nq, n0 = m0->n, n1 = m1->n, o1 = c->item->mk_off[1];
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    for (int k = 0; k < 2; k++)
        if (c->md[k].n > 0 && !c->md[k].rotd) return CD_JAC_NUMERICAL;
    int i2 = c->index2;
    double F0[9], F1[9], d[3], vd[3], Ft[3] = {0, 0, 0}, S[3] = {0, 0, 0}, T[3] = {0, 0, 0};
    const double *w0 = m0->omega, *w1 = m1->omega;
    double dd[3 * CD_CONN_MAXNQ], dFt[3 * CD_CONN_MAXNQ], dT[3 * CD_CONN_MAXNQ],
        G[3 * CD_CONN_MAXNQ], G1[3 * CD_CONN_MAXNQ], X[3 * CD_CONN_MAXNQ],
        dvd[3 * CD_CONN_MAXNQ], W0[3 * CD_CONN_MAXNQ], W1[3 * CD_CONN_MAXNQ];
    frame(m0->A, &p->rotationMarker0, F0);
    frame(m1->A, &p->rotationMarker1, F1);
    for (int i = 0; i < 3; i++) {
        d[i] = m1->pos[i] - m0->pos[i];
        vd[i] = m1->vel[i] - m0->vel[i];
    }
    size_t sz = sizeof(double) * (size_t)(nq * nq), s6 = sizeof(double) * (size_t)(6 * nq);
    memset(K, 0, sz);
    memset(D, 0, sz);
    memset(Cq, 0, s6);
    memset(Gq, 0, s6);
    memset(Gv, 0, s6);
    memset(dFt, 0, sizeof(double) * 3 * (size_t)nq);
    memset(dT, 0, sizeof(double) * 3 * (size_t)nq);
    cd_conn_dd(c, dd, i2 ? dvd : NULL);
    if (i2) {
        cd_conn_domega(c, 0, W0);
        cd_conn_domega(c, 1, W1);
    }
    for (int r = 0; r < 3; r++) {  /* translations */
        if (ax[r] == 0.0) continue;
        double f[3], fl[3] = {p->rotationMarker0.x[r], p->rotationMarker0.x[3 + r],
                              p->rotationMarker0.x[6 + r]}, fd[3], lam = c->lam[r];
        col(F0, r, f);
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
            for (int i = 0; i < 3; i++) dFt[i + 3 * j] += lam * G[i + 3 * j];
        }
        for (int i = 0; i < 3; i++) {
            Ft[i] += lam * f[i];
            S[i] += lam * fd[i];
        }
    }
    for (int r = 0; r < 3; r++) {  /* rotations: g = a . b */
        if (ax[3 + r] == 0.0) continue;
        int ia = ROT_A[r], ib = ROT_B[r];
        double a[3], b[3], w[3], lam = c->lam[3 + r];
        double al[3] = {p->rotationMarker0.x[ia], p->rotationMarker0.x[3 + ia],
                        p->rotationMarker0.x[6 + ia]};
        double bl[3] = {p->rotationMarker1.x[ib], p->rotationMarker1.x[3 + ib],
                        p->rotationMarker1.x[6 + ib]};
        col(F0, ia, a);
        col(F1, ib, b);
        cd_cross(a, b, w);
        cd_conn_dvec(c, 0, al, G);
        cd_conn_dvec(c, 1, bl, G1);
        for (int j = 0; j < n0; j++) Cq[(3 + r) + 6 * j] = cd_dot(m0->Jrot + 3 * j, w);
        for (int j = 0; j < n1; j++) Cq[(3 + r) + 6 * (o1 + j)] = -cd_dot(m1->Jrot + 3 * j, w);
        for (int j = 0; j < nq; j++) {   /* dg = da . b + a . db, dw = da x b + a x db */
            double t1[3], t2[3];
            if (!i2) {
                Gq[(3 + r) + 6 * j] = cd_dot(b, G + 3 * j) + cd_dot(a, G1 + 3 * j);
            } else {  /* g = (w0 x a) . b + a . (w1 x b) */
                double wa[3], wb[3], u[3];
                cd_cross(w0, a, wa);
                cd_cross(w1, b, wb);
                cd_cross(W0 + 3 * j, a, t1);
                cd_cross(w0, G + 3 * j, t2);
                double gq = cd_dot(t1, b) + cd_dot(t2, b) + cd_dot(wa, G1 + 3 * j) +
                            cd_dot(G + 3 * j, wb);
                cd_cross(W1 + 3 * j, b, t1);
                cd_cross(w1, G1 + 3 * j, u);
                Gq[(3 + r) + 6 * j] = gq + cd_dot(a, t1) + cd_dot(a, u);
                Gv[(3 + r) + 6 * j] = Cq[(3 + r) + 6 * j];
            }
            cd_cross(G + 3 * j, b, t1);
            cd_cross(a, G1 + 3 * j, t2);
            for (int i = 0; i < 3; i++) dT[i + 3 * j] += lam * (t1[i] + t2[i]);
        }
        for (int i = 0; i < 3; i++) T[i] += lam * w[i];
    }
    /* derivatives of the Jacobians at constant force/torque, then of the forces:
     * X = dFt x d + Ft x dd + dT (marker 0's rotation rows) */
    double ST[3] = {S[0] + T[0], S[1] + T[1], S[2] + T[2]};
    cd_conn_add_jtv(c, 0, Ft, -1.0, K);
    cd_conn_add_jtv(c, 1, Ft, 1.0, K);
    cd_conn_add_jrtv(c, 0, ST, 1.0, K);
    cd_conn_add_jrtv(c, 1, T, -1.0, K);
    for (int j = 0; j < nq; j++) {
        double t1[3], t2[3];
        cd_cross(dFt + 3 * j, d, t1);
        cd_cross(Ft, dd + 3 * j, t2);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = t1[i] + t2[i] + dT[i + 3 * j];
    }
    cd_conn_add_jdtx(c, dFt, 1.0, K);
    cd_conn_add_jrtx(c, 0, X, 1.0, K);
    cd_conn_add_jrtx(c, 1, dT, -1.0, K);
    return CD_OK;
}

static int gen_output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = cd_conn_point_output(c, var, 0, out);
    if (n) return n;
    switch (var) {
    case CD_OV_FORCE: memcpy(out, c->lam, 3 * sizeof(double)); return 3;
    case CD_OV_TORQUE: memcpy(out, c->lam + 3, 3 * sizeof(double)); return 3;
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_joint *p = vp;
    const cd_mat *R[2] = {&p->rotationMarker0, &p->rotationMarker1};
    const char *nm[2] = {"rotationMarker0", "rotationMarker1"};
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->markerNumbers.x[k]];
        if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
            return cd_error_set(err, CD_ERR_INPUT,
                                "joint %d: parameter 'markerNumbers' entry %d refers to marker %d "
                                "of type %s, which provides no orientation; use MarkerBodyRigid "
                                "or MarkerNodeRigid", index, k, p->markerNumbers.x[k],
                                mk->type->name);
        if (R[k]->rows != 3 || R[k]->cols != 3)
            return cd_error_set(err, CD_ERR_INPUT, "joint %d: parameter '%s' must be a 3x3 "
                                "matrix, got %dx%d", index, nm[k], R[k]->rows, R[k]->cols);
    }
    return CD_OK;
}

static int check_generic(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_joint *p = vp;
    int rc = check(s, index, vp, err);
    if (rc) return rc;
    for (int i = 0; i < 6; i++)
        if (p->constrainedAxes.x[i] != 0.0 && p->constrainedAxes.x[i] != 1.0)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectJointGeneric %d: parameter "
                                "'constrainedAxes' entries must be 0 or 1, got %g", index,
                                p->constrainedAxes.x[i]);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .nae = six_ae,
    .mass_const = 1,
    .residual = gen_residual,
    .jacobian = gen_jacobian,
    .output = gen_output,
    .active = active,
    .lambda_row = lambda_row};
static const cd_outvar ov[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE, CD_OV_TORQUE,
                               CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "joint's unique name", NULL}
#define MARKERS_FIELD {"markerNumbers", CD_FT_INDEXLIST, 2, OFF(markerNumbers), NULL, 0, CD_MARKER, "", "two markers with orientation [m0, m1]", NULL}
#define ROT_FIELDS                                                                                 \
    {"rotationMarker0", CD_FT_MAT, 3, OFF(rotationMarker0), "1 0 0 0 1 0 0 0 1", 0, 0, "",         \
     "joint frame in marker 0's frame (3x3 rotation)", NULL},                                      \
    {"rotationMarker1", CD_FT_MAT, 3, OFF(rotationMarker1), "1 0 0 0 1 0 0 0 1", 0, 0, "",         \
     "joint frame in marker 1's frame (3x3 rotation)", NULL}
#define ACTIVE_FIELD {"activeConnector", CD_FT_BOOL, 0, OFF(activeConnector), "1", 0, 0, "", "False: the joint is replaced by lambda = 0", NULL}

static const cd_field gen_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"constrainedAxes", CD_FT_VEC, 6, OFF(constrainedAxes), "1 1 1 1 1 1", 0, 0, "",
     "[x, y, z, rx, ry, rz] of joint frame 0: 1 constrained, 0 free", NULL},
    ROT_FIELDS, ACTIVE_FIELD};
static const cd_field fixed_fields[] = {NAME_FIELD, MARKERS_FIELD, ROT_FIELDS, ACTIVE_FIELD};

const cd_itemtype cd_type_ObjectJointGeneric = {
    CD_OBJECT, "ObjectJointGeneric", "JointGeneric", "GenericJoint",
    "A joint constraining any subset of the 6 relative motions in the joint frame of marker 0 "
    "(analytic Jacobian); multipliers: force (3) and torque (3) components.",
    sizeof(cd_p_joint), gen_fields, CD_NF(gen_fields), check_generic, NULL, &ops, NULL, NULL, ov, NULL};
const cd_itemtype cd_type_ObjectJointRevoluteZ = {
    CD_OBJECT, "ObjectJointRevoluteZ", "JointRevoluteZ", "RevoluteJointZ",
    "A revolute joint about the z axis of the joint frame (ObjectJointGeneric with axes "
    "[1,1,1,1,1,0]).", sizeof(cd_p_joint), fixed_fields, CD_NF(fixed_fields), check, NULL, &ops,
    NULL, NULL, ov, NULL};
const cd_itemtype cd_type_ObjectJointPrismaticX = {
    CD_OBJECT, "ObjectJointPrismaticX", "JointPrismaticX", "PrismaticJointX",
    "A prismatic joint along the x axis of the joint frame (ObjectJointGeneric with axes "
    "[0,1,1,1,1,1]).", sizeof(cd_p_joint), fixed_fields, CD_NF(fixed_fields), check, NULL, &ops,
    NULL, NULL, ov, NULL};

/* ---------------------------------------------------------------- TorsionalSpringDamper */

/* relative rotation phi about z of frame 0 (in (-pi, pi]), its rate and the torque
 * T = k (phi - offset) + d (phi_t - velocityOffset) + torque; z = f0_z */
static int tsd_eval(const cd_objctx *c, double *phi, double *phit, double *T, double z[3])
{
    const cd_p_joint *p = c->item->p;
    double F0[9], F1[9], x1[3], x0[3], y0[3], dw[3];
    frame(c->md[0].A, &p->rotationMarker0, F0);
    frame(c->md[1].A, &p->rotationMarker1, F1);
    col(F0, 0, x0);
    col(F0, 1, y0);
    col(F0, 2, z);
    col(F1, 0, x1);
    *phi = atan2(cd_dot(y0, x1), cd_dot(x0, x1));
    for (int i = 0; i < 3; i++) dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    *phit = cd_dot(z, dw);
    if (p->userFunction.fn) {
        double in[5] = {*phi, *phit, p->stiffness, p->damping, p->offset};
        return p->userFunction.fn(p->userFunction.ctx, c->t, c->index, in, 5, T, 1);
    }
    *T = p->stiffness * (*phi - p->offset) + p->damping * (*phit - p->velocityOffset) + p->torque;
    return CD_OK;
}

/* torque -T z on body 1 and +T z on body 0: r2 = [-Jrot0^T; Jrot1^T] T z */
static int tsd_residual(const cd_objctx *c, double *r2, double *rae)
{
    double phi, phit, T, z[3];
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const cd_p_joint *)c->item->p)->activeConnector) return CD_OK;
    int rc = tsd_eval(c, &phi, &phit, &T, z);
    if (rc) return rc;
    cd_conn_add_rot_row(c, 0, z, -T, r2);
    cd_conn_add_rot_row(c, 1, z, T, r2);
    return CD_OK;
}

/* r2 = T c with c = [-Jrot0^T z; Jrot1^T z] = d phi_t/dq_t: K = c T_q^T + T dc/dq,
 * D = d c c^T; T_q = k phi_q + d phi_t,q from the markers' derivative data */
static int tsd_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    const cd_p_joint *p = c->item->p;
    int nq = c->item->nq;
    double phi, phit, T, z[3];
    (void)Cq; (void)Gq; (void)Gv;
    if (p->userFunction.fn || !cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    if (!p->activeConnector) return CD_OK;
    int rc = tsd_eval(c, &phi, &phit, &T, z);
    if (rc) return rc;
    double F0[9], F1[9], x0[3], y0[3], x1[3], dw[3], cv[CD_CONN_MAXNQ] = {0};
    double Gx0[3 * CD_CONN_MAXNQ], Gy0[3 * CD_CONN_MAXNQ], Gx1[3 * CD_CONN_MAXNQ],
        Gz[3 * CD_CONN_MAXNQ], W0[3 * CD_CONN_MAXNQ], W1[3 * CD_CONN_MAXNQ],
        Tq[CD_CONN_MAXNQ];
    const double *R0 = p->rotationMarker0.x, *R1 = p->rotationMarker1.x;
    double r0x[3] = {R0[0], R0[3], R0[6]}, r0y[3] = {R0[1], R0[4], R0[7]},
           r0z[3] = {R0[2], R0[5], R0[8]}, r1x[3] = {R1[0], R1[3], R1[6]};
    frame(c->md[0].A, &p->rotationMarker0, F0);
    frame(c->md[1].A, &p->rotationMarker1, F1);
    col(F0, 0, x0);
    col(F0, 1, y0);
    col(F1, 0, x1);
    for (int i = 0; i < 3; i++) dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    cd_conn_dvec(c, 0, r0x, Gx0);
    cd_conn_dvec(c, 0, r0y, Gy0);
    cd_conn_dvec(c, 0, r0z, Gz);
    cd_conn_dvec(c, 1, r1x, Gx1);
    cd_conn_domega(c, 0, W0);
    cd_conn_domega(c, 1, W1);
    double cx = cd_dot(x0, x1), cy = cd_dot(y0, x1), den = cx * cx + cy * cy;
    for (int j = 0; j < nq; j++) {
        const double *a = Gx0 + 3 * j, *b = Gy0 + 3 * j, *e = Gx1 + 3 * j;
        double dcx = cd_dot(x1, a) + cd_dot(x0, e), dcy = cd_dot(x1, b) + cd_dot(y0, e);
        double phiq = (cx * dcy - cy * dcx) / den;
        double phitq = cd_dot(dw, Gz + 3 * j) + cd_dot(z, W1 + 3 * j) - cd_dot(z, W0 + 3 * j);
        Tq[j] = p->stiffness * phiq + p->damping * phitq;
    }
    cd_conn_add_rot_row(c, 0, z, -1.0, cv);
    cd_conn_add_rot_row(c, 1, z, 1.0, cv);
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < nq; i++) {
            K[i + nq * j] = cv[i] * Tq[j];
            D[i + nq * j] = p->damping * cv[i] * cv[j];
        }
    cd_conn_add_jrtv(c, 0, z, -T, K);
    cd_conn_add_jrtv(c, 1, z, T, K);
    cd_conn_add_jrtx(c, 0, Gz, -T, K);
    cd_conn_add_jrtx(c, 1, Gz, T, K);
    return CD_OK;
}

static int tsd_output(const cd_objctx *c, cd_outvar var, double *out)
{
    double phi, phit, T, z[3];
    if (tsd_eval(c, &phi, &phit, &T, z)) return -1;
    switch (var) {
    case CD_OV_ROTATION: out[0] = phi; return 1;
    case CD_OV_ANGULARVELOCITY: out[0] = phit; return 1;
    case CD_OV_TORQUE: out[0] = T; return 1;
    default: return -1;
    }
}

static int tsd_uf(const void *p) { return ((const cd_p_joint *)p)->userFunction.fn != NULL; }

static const cd_objectops tsd_ops = {
    .flags = CD_OBJF_CONNECTOR,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .mass_const = 1,
    .residual = tsd_residual,
    .jacobian = tsd_jacobian,
    .output = tsd_output,
    .uses_userfunc = tsd_uf};
static const cd_outvar tsd_ov[] = {CD_OV_ROTATION, CD_OV_ANGULARVELOCITY, CD_OV_TORQUE,
                                   CD_OV_NONE};
static const cd_field tsd_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N m/rad", "torsional stiffness k",
     NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N m s/rad", "torsional damping d",
     NULL},
    ROT_FIELDS,
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "rad",
     "relative rotation at which the spring is relaxed", NULL},
    {"velocityOffset", CD_FT_REAL, 0, OFF(velocityOffset), "0", 0, 0, "rad/s",
     "relative angular velocity subtracted in the damping term", NULL},
    {"torque", CD_FT_REAL, 0, OFF(torque), "0", 0, 0, "N m", "constant torque added", NULL},
    ACTIVE_FIELD,
    {"springTorqueUserFunction", CD_FT_FUNC, CD_UF_COORDSPRING, OFF(userFunction), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, rotation, angularVelocity, stiffness, damping, offset) -> "
     "torque replacing the linear law", NULL}};

const cd_itemtype cd_type_ObjectConnectorTorsionalSpringDamper = {
    CD_OBJECT, "ObjectConnectorTorsionalSpringDamper", "ConnectorTorsionalSpringDamper",
    "TorsionalSpringDamper",
    "A torsional spring-damper about the z axis of joint frame 0: T = k (phi - offset) + "
    "d (phi_t - velocityOffset) + torque, with phi the relative rotation in (-pi, pi] "
    "(analytic Jacobian).", sizeof(cd_p_joint), tsd_fields, CD_NF(tsd_fields), check, NULL,
    &tsd_ops, NULL, NULL, tsd_ov, NULL};

/* ---------------------------------------------------------------- LinearSpringDamper */

/* u = a0 . (p1 - p0) along the axis a0 = A0 axisMarker0 of marker 0, its rate
 * u_t = a0 . (v1 - v0) + (w0 x a0) . (p1 - p0), and F = k (u - offset) +
 * d (u_t - velocityOffset) + force */
static int lsd_eval(const cd_objctx *c, double *u, double *ut, double *F, double a0[3],
                    double d[3])
{
    const cd_p_joint *p = c->item->p;
    double vd[3], wa[3];
    cd_matvec(c->md[0].A, p->axisMarker0.x, a0);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    cd_cross(c->md[0].omega, a0, wa);
    *u = cd_dot(a0, d);
    *ut = cd_dot(a0, vd) + cd_dot(wa, d);
    if (p->userFunction.fn) {
        double in[5] = {*u, *ut, p->stiffness, p->damping, p->offset};
        return p->userFunction.fn(p->userFunction.ctx, c->t, c->index, in, 5, F, 1);
    }
    *F = p->stiffness * (*u - p->offset) + p->damping * (*ut - p->velocityOffset) + p->force;
    return CD_OK;
}

/* r2 = F du/dq = F (a0^T JD + (a0 x d)^T Jrot0) */
static int lsd_residual(const cd_objctx *c, double *r2, double *rae)
{
    double u, ut, F, a0[3], d[3], Fv[3], ad[3];
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const cd_p_joint *)c->item->p)->activeConnector) return CD_OK;
    int rc = lsd_eval(c, &u, &ut, &F, a0, d);
    if (rc) return rc;
    for (int i = 0; i < 3; i++) Fv[i] = F * a0[i];
    cd_conn_apply_force(c, Fv, r2);
    cd_cross(a0, d, ad);
    cd_conn_add_rot_row(c, 0, ad, F, r2);
    return CD_OK;
}

/* r2 = F c with c = du/dq = du_t/dq_t = JD^T a0 + [Jrot0^T (a0 x d); 0]: K = c F_q^T +
 * F dc/dq, D = d c c^T */
static int lsd_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    const cd_p_joint *p = c->item->p;
    int nq = c->item->nq;
    double u, ut, F, a0[3], d[3];
    (void)Cq; (void)Gq; (void)Gv;
    if (p->userFunction.fn || !cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    if (!p->activeConnector) return CD_OK;
    int rc = lsd_eval(c, &u, &ut, &F, a0, d);
    if (rc) return rc;
    double vd[3], w0[3], wa[3], ad[3], cv[CD_CONN_MAXNQ];
    double G[3 * CD_CONN_MAXNQ], GV[3 * CD_CONN_MAXNQ], Ga[3 * CD_CONN_MAXNQ],
        W0[3 * CD_CONN_MAXNQ], X[3 * CD_CONN_MAXNQ], Fq[CD_CONN_MAXNQ];
    memcpy(w0, c->md[0].omega, sizeof w0);
    for (int i = 0; i < 3; i++) vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    cd_cross(w0, a0, wa);
    cd_cross(a0, d, ad);
    cd_conn_dd(c, G, GV);
    cd_conn_dvec(c, 0, p->axisMarker0.x, Ga);
    cd_conn_domega(c, 0, W0);
    for (int j = 0; j < nq; j++) {
        const double *g = G + 3 * j, *ga = Ga + 3 * j;
        double t1[3], t2[3];
        cd_cross(W0 + 3 * j, a0, t1);
        cd_cross(w0, ga, t2);
        double uq = cd_dot(a0, g) + cd_dot(d, ga);
        double utq = cd_dot(a0, GV + 3 * j) + cd_dot(vd, ga) + cd_dot(t1, d) + cd_dot(t2, d) +
                     cd_dot(wa, g);
        Fq[j] = p->stiffness * uq + p->damping * utq;
        cd_cross(ga, d, t1);                       /* X = Ga x d + a0 x G */
        cd_cross(a0, g, t2);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = t1[i] + t2[i];
    }
    cd_conn_apply_force(c, a0, cv);
    cd_conn_add_rot_row(c, 0, ad, 1.0, cv);
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < nq; i++) {
            K[i + nq * j] = cv[i] * Fq[j];
            D[i + nq * j] = p->damping * cv[i] * cv[j];
        }
    cd_conn_add_jtv(c, 0, a0, -F, K);
    cd_conn_add_jtv(c, 1, a0, F, K);
    cd_conn_add_jdtx(c, Ga, F, K);
    cd_conn_add_jrtv(c, 0, ad, F, K);
    cd_conn_add_jrtx(c, 0, X, F, K);
    return CD_OK;
}

static int lsd_output(const cd_objctx *c, cd_outvar var, double *out)
{
    double u, ut, F, a0[3], d[3];
    if (lsd_eval(c, &u, &ut, &F, a0, d)) return -1;
    switch (var) {
    case CD_OV_DISPLACEMENT: out[0] = u; return 1;
    case CD_OV_VELOCITY: out[0] = ut; return 1;
    case CD_OV_FORCE: out[0] = F; return 1;
    default: return -1;
    }
}

static int lsd_check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_joint *p = vp;
    const cd_item *mk = &s->list[CD_MARKER].items[p->markerNumbers.x[0]];
    int rc = cd_conn_check_markers(s, index, vp, CD_MKF_POSITION,
                                   "ObjectConnectorLinearSpringDamper", err);
    if (rc) return rc;
    if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorLinearSpringDamper %d: parameter "
                            "'markerNumbers' entry 0 refers to marker %d of type %s, which "
                            "provides no orientation for the axis; use MarkerBodyRigid",
                            index, p->markerNumbers.x[0], mk->type->name);
    if (!(cd_dot(p->axisMarker0.x, p->axisMarker0.x) > 0))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorLinearSpringDamper %d: parameter "
                            "'axisMarker0' must not be zero", index);
    return CD_OK;
}

static const cd_objectops lsd_ops = {
    .flags = CD_OBJF_CONNECTOR,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .mass_const = 1,
    .residual = lsd_residual,
    .jacobian = lsd_jacobian,
    .output = lsd_output,
    .uses_userfunc = tsd_uf};
static const cd_outvar lsd_ov[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE, CD_OV_NONE};
static const cd_field lsd_fields[] = {
    NAME_FIELD,
    {"markerNumbers", CD_FT_INDEXLIST, 2, OFF(markerNumbers), NULL, 0, CD_MARKER, "",
     "[m0, m1]: m0 with orientation (the axis), m1 a position marker", NULL},
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N/m", "stiffness k", NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N s/m", "damping d", NULL},
    {"axisMarker0", CD_FT_VEC, 3, OFF(axisMarker0), "1 0 0", 0, 0, "",
     "the spring's axis in marker 0's frame", NULL},
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "m", "relaxed displacement", NULL},
    {"velocityOffset", CD_FT_REAL, 0, OFF(velocityOffset), "0", 0, 0, "m/s",
     "velocity subtracted in the damping term", NULL},
    {"force", CD_FT_REAL, 0, OFF(force), "0", 0, 0, "N", "constant force added", NULL},
    ACTIVE_FIELD,
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_COORDSPRING, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> force "
     "replacing the linear law", NULL}};

const cd_itemtype cd_type_ObjectConnectorLinearSpringDamper = {
    CD_OBJECT, "ObjectConnectorLinearSpringDamper", "ConnectorLinearSpringDamper",
    "LinearSpringDamper",
    "A spring-damper along an axis fixed to marker 0: F = k (u - offset) + d (u_t - "
    "velocityOffset) + force with u the displacement of marker 1 along the axis; other "
    "directions are free (analytic Jacobian).", sizeof(cd_p_joint), lsd_fields,
    CD_NF(lsd_fields), lsd_check, NULL, &lsd_ops, NULL, NULL, lsd_ov, NULL};

/* ---------------------------------------------------------------- RigidBodySpringDamper */

/* relative motion in joint frame 0 (F0 = A0 R0, F1 = A1 R1):
 *   x = [F0^T (p1 - p0); log(F0^T F1)],  x_t = [F0^T (v1 - v0); F0^T (w1 - w0)]
 *   [f; m] = K (x - offset) + D x_t (6 x 6, local)
 * the force F0 f acts on marker 1 and -F0 f on marker 0, the torque F0 m on body 1 and
 * -F0 m on body 0: r2 = JD^T F0 f + (Jrot1 - Jrot0)^T F0 m. (The displacement is measured in
 * the frame of marker 0.) */
/* F0^T F1 scaled to a rotation: Euler-parameter frames are |e|^2 times a rotation, and the
 * relative rotation must not depend on |e| (its Jacobian then follows from Jrot alone) */
static void rel_rotation(const double F0[9], const double F1[9], double Ar[9])
{
    double s0 = sqrt(F0[0] * F0[0] + F0[3] * F0[3] + F0[6] * F0[6]);
    double s1 = sqrt(F1[0] * F1[0] + F1[3] * F1[3] + F1[6] * F1[6]);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            Ar[3 * i + j] = (F0[i] * F1[j] + F0[3 + i] * F1[3 + j] + F0[6 + i] * F1[6 + j]) /
                            (s0 * s1);
}

static int rbsd_eval(const cd_objctx *c, double fg[3], double mg[3], double x[6], double fm[6])
{
    const cd_p_joint *p = c->item->p;
    double F0[9], F1[9], Ar[9], d[3], vd[3], dw[3], xt[6];
    frame(c->md[0].A, &p->rotationMarker0, F0);
    frame(c->md[1].A, &p->rotationMarker1, F1);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
        dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    }
    rel_rotation(F0, F1, Ar);
    cd_mattvec(F0, d, x);
    cd_rot_log(Ar, x + 3);
    cd_mattvec(F0, vd, xt);
    cd_mattvec(F0, dw, xt + 3);
    for (int i = 0; i < 6; i++) {
        fm[i] = 0;
        for (int j = 0; j < 6; j++)
            fm[i] += p->stiffness6.x[6 * i + j] *
                     (x[j] - p->offset6.x[j]) + p->damping6.x[6 * i + j] * xt[j];
    }
    cd_matvec(F0, fm, fg);
    cd_matvec(F0, fm + 3, mg);
    return CD_OK;
}

static int rbsd_residual(const cd_objctx *c, double *r2, double *rae)
{
    double fg[3], mg[3], x[6], fm[6];
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const cd_p_joint *)c->item->p)->activeConnector) return CD_OK;
    rbsd_eval(c, fg, mg, x, fm);
    cd_conn_apply_force(c, fg, r2);
    cd_conn_add_rot_row(c, 1, mg, 1.0, r2);
    cd_conn_add_rot_row(c, 0, mg, -1.0, r2);
    return CD_OK;
}

/* inverse right Jacobian of SO(3): log(exp(psi) exp(dphi)) = psi + Jr^-1(psi) dphi + ... */
static void jr_inverse(const double psi[3], double T[9])
{
    double th2 = cd_dot(psi, psi), th = sqrt(th2), b;
    b = th < 1e-4 ? 1.0 / 12 + th2 / 720 : 1 / th2 - (1 + cos(th)) / (2 * th * sin(th));
    double x = psi[0], y = psi[1], z = psi[2];
    double S[9] = {0, -z, y, z, 0, -x, -y, x, 0};
    double S2[9] = {-(y * y + z * z), x * y, x * z, x * y, -(x * x + z * z), y * z,
                    x * z, y * z, -(x * x + y * y)};
    for (int k = 0; k < 9; k++) T[k] = (k % 4 == 0) + 0.5 * S[k] + b * S2[k];
}

/* x = [F0^T d; log(R)], x_t = [F0^T vd; F0^T dw] (R = F0^T F1 normalised), fm = K6 (x - off)
 * + D6 x_t, fg = F0 f, mg = F0 m; r2 = JD^T fg + (Jrot1 - Jrot0)^T mg. Derivatives: dF0/dq
 * from the markers' dA; d log(R) = Jr^-1 F1^T (dtheta1 - dtheta0) with dtheta = Jrot dq. */
static int rbsd_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                         double *Gv)
{
    const cd_p_joint *p = c->item->p;
    int nq = c->item->nq;
    (void)Cq; (void)Gq; (void)Gv;
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    for (int k = 0; k < 2; k++)
        if (c->md[k].n > 0 && !c->md[k].rotd) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    if (!p->activeConnector) return CD_OK;
    enum { M = 3 * CD_CONN_MAXNQ };
    double fg[3], mg[3], x[6], fm[6], F0[9], F1[9], Ti[9], d[3], vd[3], dw[3], R0f[3],
        R0m[3], dd[M], dvd[M], W0[M], W1[M], Ad[M], Avd[M], Adw[M], dfg[M], dmg[M],
        dfgv[M], dmgv[M], G[M];
    const double *K6 = p->stiffness6.x, *D6 = p->damping6.x, *R0 = p->rotationMarker0.x;
    rbsd_eval(c, fg, mg, x, fm);
    frame(c->md[0].A, &p->rotationMarker0, F0);
    frame(c->md[1].A, &p->rotationMarker1, F1);
    jr_inverse(x + 3, Ti);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
        dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    }
    cd_conn_dd(c, dd, dvd);
    cd_conn_domega(c, 0, W0);
    cd_conn_domega(c, 1, W1);
    cd_conn_dAt(c, 0, d, Ad);      /* d(A0^T y)/dq at fixed y; F0^T = R0^T A0^T */
    cd_conn_dAt(c, 0, vd, Avd);
    cd_conn_dAt(c, 0, dw, Adw);
    cd_matvec(R0, fm, R0f);        /* F0 f = A0 (R0 f) */
    cd_matvec(R0, fm + 3, R0m);
    int o1 = c->item->mk_off[1];
    for (int j = 0; j < nq; j++) {
        /* dtheta1 - dtheta0 of column j, in frame 1 */
        const cd_markerdata *mk = j < o1 ? &c->md[0] : &c->md[1];
        int jl = j < o1 ? j : j - o1;
        double sg = j < o1 ? -1.0 : 1.0, th[3], th1[3], ps[3], jd[3];
        for (int i = 0; i < 3; i++) {
            th[i] = sg * mk->Jrot[i + 3 * jl];
            jd[i] = sg * mk->J[i + 3 * jl];
        }
        cd_mattvec(F1, th, th1);
        double s1 = sqrt(F1[0] * F1[0] + F1[3] * F1[3] + F1[6] * F1[6]);
        for (int i = 0; i < 3; i++) th1[i] /= s1;
        cd_matvec(Ti, th1, ps);
        double xq[6], xtq[6], xtv[6], a[3];
        cd_mattvec(F0, dd + 3 * j, xq);               /* F0^T dd + R0^T dA0^T d */
        cd_mattvec(R0, Ad + 3 * j, a);
        for (int i = 0; i < 3; i++) { xq[i] += a[i]; xq[3 + i] = ps[i]; }
        cd_mattvec(F0, dvd + 3 * j, xtq);             /* F0^T dvd + R0^T dA0^T vd */
        cd_mattvec(R0, Avd + 3 * j, a);
        for (int i = 0; i < 3; i++) xtq[i] += a[i];
        double dW[3] = {W1[3 * j] - W0[3 * j], W1[3 * j + 1] - W0[3 * j + 1],
                        W1[3 * j + 2] - W0[3 * j + 2]};
        cd_mattvec(F0, dW, xtq + 3);                  /* F0^T dW + R0^T dA0^T dw */
        cd_mattvec(R0, Adw + 3 * j, a);
        for (int i = 0; i < 3; i++) xtq[3 + i] += a[i];
        cd_mattvec(F0, jd, xtv);                      /* d x_t / dq_t */
        cd_mattvec(F0, th, xtv + 3);
        double dfm[6], dfmv[6];
        for (int r = 0; r < 6; r++) {
            dfm[r] = dfmv[r] = 0;
            for (int k = 0; k < 6; k++) {
                dfm[r] += K6[6 * r + k] * xq[k] + D6[6 * r + k] * xtq[k];
                dfmv[r] += D6[6 * r + k] * xtv[k];
            }
        }
        cd_matvec(F0, dfm, dfg + 3 * j);
        cd_matvec(F0, dfm + 3, dmg + 3 * j);
        cd_matvec(F0, dfmv, dfgv + 3 * j);
        cd_matvec(F0, dfmv + 3, dmgv + 3 * j);
    }
    cd_conn_dvec(c, 0, R0f, G);     /* + dF0 f, dF0 m */
    for (int j = 0; j < 3 * nq; j++) dfg[j] += G[j];
    cd_conn_dvec(c, 0, R0m, G);
    for (int j = 0; j < 3 * nq; j++) dmg[j] += G[j];
    cd_conn_add_jdtx(c, dfg, 1.0, K);
    cd_conn_add_jtv(c, 0, fg, -1.0, K);
    cd_conn_add_jtv(c, 1, fg, 1.0, K);
    cd_conn_add_jrtx(c, 1, dmg, 1.0, K);
    cd_conn_add_jrtx(c, 0, dmg, -1.0, K);
    cd_conn_add_jrtv(c, 1, mg, 1.0, K);
    cd_conn_add_jrtv(c, 0, mg, -1.0, K);
    cd_conn_add_jdtx(c, dfgv, 1.0, D);
    cd_conn_add_jrtx(c, 1, dmgv, 1.0, D);
    cd_conn_add_jrtx(c, 0, dmgv, -1.0, D);
    return CD_OK;
}

static int rbsd_output(const cd_objctx *c, cd_outvar var, double *out)
{
    double fg[3], mg[3], x[6], fm[6];
    rbsd_eval(c, fg, mg, x, fm);
    switch (var) {
    case CD_OV_DISPLACEMENT: memcpy(out, x, 3 * sizeof(double)); return 3;
    case CD_OV_ROTATION: memcpy(out, x + 3, 3 * sizeof(double)); return 3;
    case CD_OV_FORCE: memcpy(out, fm, 3 * sizeof(double)); return 3;
    case CD_OV_TORQUE: memcpy(out, fm + 3, 3 * sizeof(double)); return 3;
    default: return -1;
    }
}

static int rbsd_check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_joint *p = vp;
    int rc = check(s, index, vp, err);
    if (rc) return rc;
    const cd_mat *m[2] = {&p->stiffness6, &p->damping6};
    const char *nm[2] = {"stiffness", "damping"};
    for (int k = 0; k < 2; k++)
        if (m[k]->rows != 6 || m[k]->cols != 6)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorRigidBodySpringDamper %d: "
                                "parameter '%s' must be a 6x6 matrix, got %dx%d", index, nm[k],
                                m[k]->rows, m[k]->cols);
    if (p->offset6.n != 6)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorRigidBodySpringDamper %d: "
                            "parameter 'offset' must have length 6, got %d", index,
                            p->offset6.n);
    return CD_OK;
}

static const cd_objectops rbsd_ops = {
    .flags = CD_OBJF_CONNECTOR,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .mass_const = 1,
    .residual = rbsd_residual,
    .jacobian = rbsd_jacobian,
    .output = rbsd_output};
static const cd_outvar rbsd_ov[] = {CD_OV_DISPLACEMENT, CD_OV_ROTATION, CD_OV_FORCE, CD_OV_TORQUE,
                                    CD_OV_NONE};
static const cd_field rbsd_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"stiffness", CD_FT_MAT, 6, OFF(stiffness6), "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
     "0 0 0 0 0 0 0 0 0 0 0 0", 0, 0, "", "6x6 stiffness on [displacement; rotation vector] in "
     "joint frame 0", NULL},
    {"damping", CD_FT_MAT, 6, OFF(damping6), "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 "
     "0 0 0 0 0 0 0 0 0 0 0 0", 0, 0, "", "6x6 damping on [velocity; angular velocity] in joint "
     "frame 0", NULL},
    ROT_FIELDS,
    {"offset", CD_FT_VEC, 6, OFF(offset6), "0 0 0 0 0 0", 0, 0, "",
     "relaxed [displacement; rotation vector]", NULL},
    ACTIVE_FIELD};

const cd_itemtype cd_type_ObjectConnectorRigidBodySpringDamper = {
    CD_OBJECT, "ObjectConnectorRigidBodySpringDamper", "ConnectorRigidBodySpringDamper",
    "RigidBodySpringDamper",
    "A 6-component spring-damper (bushing) between two rigid markers: force and torque "
    "K (x - offset) + D x_t in joint frame 0, x = relative displacement and rotation vector "
    "(analytic Jacobian).", sizeof(cd_p_joint), rbsd_fields, CD_NF(rbsd_fields), rbsd_check,
    NULL, &rbsd_ops, NULL, NULL, rbsd_ov, NULL};
