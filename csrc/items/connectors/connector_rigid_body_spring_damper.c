/* ObjectConnectorRigidBodySpringDamper: a 6-component spring-damper (bushing) between two
 * rigid markers, with Exudyn 1.13's two force laws. Joint frames F0 = A0 R0, F1 = A1 R1,
 * R = F0^T F1, t = F0^T (p1 - p0):
 * - useIntrinsicFormulation False (default): x = [t; r], r the Tait-Bryan angles xyz of R
 *   (R = Rx(r0) Ry(r1) Rz(r2)), in the frame Aj = F0;
 * - True: x = [u; psi] = log_SE(3) of the relative frame (psi = log R, u = Jr(psi)^-T t), in
 *   the mid frame Aj = F0 exp(psi / 2), with the lever torque tau = (Aj (-u / 2)) x Aj f on
 *   both bodies.
 * x_t = [Aj^T (v1 - v0); Aj^T (w1 - w0)], [f; m] = K (x - offset) + D x_t (6 x 6, local); the
 * force Aj f acts on marker 1 and -Aj f on marker 0, the torque Aj m + tau on body 1 and
 * -Aj m + tau on body 0: r2 = JD^T Aj f + Jrot1^T (Aj m + tau) + Jrot0^T (-Aj m + tau) (the
 * torque is the generalized force of the angles only to first order, as in Exudyn). A
 * springForceTorqueUserFunction replaces K (x - offset) + D x_t by its 6 values (Exudyn's
 * arguments). The Jacobian is analytic for the Tait-Bryan law without user function,
 * numerical otherwise.
 * State (Exudyn's nodeNumber and postNewtonStepUserFunction): after each converged Newton
 * solve of an active connector, the postNewtonStepUserFunction gets the Data coordinates d of
 * the NodeGenericData nodeNumber (those Newton used) and the spring's arguments, and returns
 * [error, recommended step, d_new]: d_new becomes the node's Data, error > 0 makes the
 * discontinuous iteration solve the step again (e.g. friction or plasticity states that the
 * springForceTorqueUserFunction reads from the node). */
#include "cd_connectors.h"
#include "../cd_item_list.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_vec3.h"
#include "../../math/cd_lie.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_frames f;                    /* name, markerNumbers, rotationMarker0/1, activeConnector */
    cd_mat stiffness, damping;        /* 6 x 6 each */
    cd_vec offset;                    /* 6 */
    int useIntrinsicFormulation;      /* 1: Exudyn's intrinsic SE(3) law, 0: Tait-Bryan angles */
    cd_func userFunction;             /* springForceTorqueUserFunction */
    int nodeNumber;                   /* NodeGenericData of the user state, or -1 */
    cd_func postNewton;               /* postNewtonStepUserFunction */
} params;

#define NAME "ObjectConnectorRigidBodySpringDamper"

/* R = F0^T F1, as Exudyn's (not normalised: Euler-parameter frames are rotations only on
 * |e| = 1) */
static void rel_rotation(const double F0[9], const double F1[9], double Ar[9])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            Ar[3 * i + j] = F0[i] * F1[j] + F0[3 + i] * F1[3 + j] + F0[6 + i] * F1[6 + j];
}

/* what the force law gives: x = [displacement; rotation], x_t (in the joint frame Aj), the
 * local force and torque fm = [f; m] = K (x - offset) + D x_t, the global force fg = Aj f and
 * torque mg = Aj m, the lever torque tau on both bodies (intrinsic formulation; else 0) and
 * t = F0^T (p1 - p0) */
typedef struct {
    double x[6], xt[6], fm[6], fg[3], mg[3], tau[3], Aj[9], t[3];
} rbforce;

/* Exudyn's intrinsic formulation: (u, psi) = log_SE(3)(H0^-1 H1), the SE(3) logarithm of the
 * relative frame (psi = log R, u = Jr(psi)^-T t), and the mid frame Aj = F0 exp(psi / 2) */
static void intrinsic(const double F0[9], const double Ar[9], rbforce *r)
{
    double Ti[9], E[9], h[3];
    cd_rot_log(Ar, r->x + 3);
    cd_rot_tangent_inv(r->x + 3, Ti);
    cd_mattvec(Ti, r->t, r->x);
    for (int i = 0; i < 3; i++) h[i] = 0.5 * r->x[3 + i];
    cd_rot_exp(h, E);
    cd_matmul(F0, E, r->Aj);
}

static int force_eval(const cd_objctx *c, rbforce *r)
{
    const params *p = c->item->p;
    double F0[9], F1[9], Ar[9], d[3], vd[3], dw[3], *x = r->x, *xt = r->xt, *fm = r->fm;
    cd_matmul(c->md[0].A, p->f.rotationMarker0.x, F0);
    cd_matmul(c->md[1].A, p->f.rotationMarker1.x, F1);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
        dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    }
    rel_rotation(F0, F1, Ar);
    cd_mattvec(F0, d, r->t);
    if (p->useIntrinsicFormulation) {
        intrinsic(F0, Ar, r);
    } else {
        memcpy(x, r->t, sizeof r->t);
        cd_rot_rxyz_angles(Ar, x + 3);
        memcpy(r->Aj, F0, sizeof F0);
    }
    cd_mattvec(r->Aj, vd, xt);
    cd_mattvec(r->Aj, dw, xt + 3);
    if (p->userFunction.fn) {
        /* (displacement, rotation, velocity, angularVelocity, stiffness, damping, rotJ0,
         * rotJ1, offset) */
        double in[12 + 72 + 18 + 6];
        memcpy(in, x, sizeof(double) * 6);
        memcpy(in + 6, xt, sizeof(double) * 6);
        memcpy(in + 12, p->stiffness.x, sizeof(double) * 36);
        memcpy(in + 48, p->damping.x, sizeof(double) * 36);
        memcpy(in + 84, p->f.rotationMarker0.x, sizeof(double) * 9);
        memcpy(in + 93, p->f.rotationMarker1.x, sizeof(double) * 9);
        memcpy(in + 102, p->offset.x, sizeof(double) * 6);
        int rc = cd_object_userfunc(c, &p->userFunction, in, 108, fm, 6);
        if (rc) return rc;
    } else {
        for (int i = 0; i < 6; i++) {
            fm[i] = 0;
            for (int j = 0; j < 6; j++)
                fm[i] += p->stiffness.x[6 * i + j] *
                         (x[j] - p->offset.x[j]) + p->damping.x[6 * i + j] * xt[j];
        }
    }
    cd_matvec(r->Aj, fm, r->fg);
    cd_matvec(r->Aj, fm + 3, r->mg);
    r->tau[0] = r->tau[1] = r->tau[2] = 0;
    if (p->useIntrinsicFormulation) {  /* tau = (Aj (-u / 2)) x fg, as Exudyn's */
        double hu[3] = {-0.5 * x[0], -0.5 * x[1], -0.5 * x[2]}, lever[3];
        cd_matvec(r->Aj, hu, lever);
        cd_cross(lever, r->fg, r->tau);
    }
    return CD_OK;
}

/* r2 = JD^T fg + Jrot1^T (mg + tau) + Jrot0^T (-mg + tau) */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    rbforce r;
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const params *)c->item->p)->f.activeConnector) return CD_OK;
    int rc = force_eval(c, &r);
    if (rc) return rc;
    cd_conn_apply_force(c, r.fg, r2);
    cd_conn_add_rot_row(c, 1, r.mg, 1.0, r2);
    cd_conn_add_rot_row(c, 0, r.mg, -1.0, r2);
    cd_conn_add_rot_row(c, 1, r.tau, 1.0, r2);
    cd_conn_add_rot_row(c, 0, r.tau, 1.0, r2);
    return CD_OK;
}

/* what the columns of the Jacobian use (3 x nq matrices over the connector's coordinates,
 * taken from the scratch) */
typedef struct {
    const double *K6, *D6, *R0;        /* stiffness, damping (6 x 6), rotationMarker0 */
    double F0[9], F1[9], R[9];         /* joint frames, R = F0^T F1 */
    double *dF0[3], *dF1[3];           /* d(F_k e_i)/dq (3 x nq each) */
    double *dd, *dvd, *W0, *W1;        /* d(p1 - p0)/dq, d(v1 - v0)/dq, d omega_k/dq */
    double *V0, *V1;                   /* d omega_k/dq_t */
    double *Ad, *Avd, *Adw;            /* d(A0^T y)/dq at y = d, vd, w1 - w0 */
    double *dfg, *dmg, *dfgv, *dmgv;   /* d(F0 f), d(F0 m) by q and by q_t */
} rbjac;


/* column j of d x/dq (xq), d x_t/dq (xtq) and d x_t/dq_t (xtv) */
static void column_x(const cd_objctx *c, const rbjac *g, int j, double xq[6], double xtq[6],
                     double xtv[6])
{
    const double *F0 = g->F0, *F1 = g->F1, *R0 = g->R0, *W0 = g->W0, *W1 = g->W1;
    int o1 = c->item->mk_off[1];
    const cd_markerdata *mk = j < o1 ? &c->md[0] : &c->md[1];
    int jl = j < o1 ? j : j - o1;
    double sg = j < o1 ? -1.0 : 1.0, ps[3], jd[3], a[3], dR[9], th[3];
    for (int i = 0; i < 3; i++) {
        jd[i] = sg * mk->J[i + 3 * jl];
        th[i] = (j < o1 ? -g->V0[i + 3 * j] : g->V1[i + 3 * j]);
    }
    /* dR_ik = dF0_i . F1_k + F0_i . dF1_k (the markers' exact dA) */
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++) {
            const double *a0 = g->dF0[i] + 3 * j, *a1 = g->dF1[k] + 3 * j;
            dR[3 * i + k] = a0[0] * F1[k] + a0[1] * F1[3 + k] + a0[2] * F1[6 + k] +
                            F0[i] * a1[0] + F0[3 + i] * a1[1] + F0[6 + i] * a1[2];
        }
    cd_rot_rxyz_angles_d(g->R, dR, ps);
    cd_mattvec(F0, g->dd + 3 * j, xq);            /* F0^T dd + R0^T dA0^T d */
    cd_mattvec(R0, g->Ad + 3 * j, a);
    for (int i = 0; i < 3; i++) { xq[i] += a[i]; xq[3 + i] = ps[i]; }
    cd_mattvec(F0, g->dvd + 3 * j, xtq);          /* F0^T dvd + R0^T dA0^T vd */
    cd_mattvec(R0, g->Avd + 3 * j, a);
    for (int i = 0; i < 3; i++) xtq[i] += a[i];
    double dW[3] = {W1[3 * j] - W0[3 * j], W1[3 * j + 1] - W0[3 * j + 1],
                    W1[3 * j + 2] - W0[3 * j + 2]};
    cd_mattvec(F0, dW, xtq + 3);                  /* F0^T dW + R0^T dA0^T dw */
    cd_mattvec(R0, g->Adw + 3 * j, a);
    for (int i = 0; i < 3; i++) xtq[3 + i] += a[i];
    cd_mattvec(F0, jd, xtv);                      /* d x_t / dq_t */
    cd_mattvec(F0, th, xtv + 3);
}

/* column j of d fm = K6 dx + D6 dx_t, mapped to the global force and torque at fixed F0 */
static void column_forces(const cd_objctx *c, rbjac *g, int j)
{
    double xq[6], xtq[6], xtv[6], dfm[6], dfmv[6];
    column_x(c, g, j, xq, xtq, xtv);
    for (int r = 0; r < 6; r++) {
        dfm[r] = dfmv[r] = 0;
        for (int k = 0; k < 6; k++) {
            dfm[r] += g->K6[6 * r + k] * xq[k] + g->D6[6 * r + k] * xtq[k];
            dfmv[r] += g->D6[6 * r + k] * xtv[k];
        }
    }
    cd_matvec(g->F0, dfm, g->dfg + 3 * j);
    cd_matvec(g->F0, dfm + 3, g->dmg + 3 * j);
    cd_matvec(g->F0, dfmv, g->dfgv + 3 * j);
    cd_matvec(g->F0, dfmv + 3, g->dmgv + 3 * j);
}

/* x = [F0^T d; r], x_t = [F0^T vd; F0^T dw] (R = F0^T F1), fm = K6 (x - off) + D6 x_t,
 * fg = F0 f, mg = F0 m; r2 = JD^T fg + (Jrot1 - Jrot0)^T mg. Derivatives: dF0, dF1 from the
 * markers' dA, dr from dR by the angles' formulas (cd_rot_rxyz_angles_d), d omega/dq_t from the
 * markers (cd_md_domegav) */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    int nq = c->item->nq;
    (void)Cq; (void)Gq; (void)Gv;
    int rc = cd_conn_jacobian_begin(c, p->useIntrinsicFormulation || !cd_conn_frames_diff_ok(c),
                                    K, D);
    if (rc || !p->f.activeConnector) return rc;
    rbjac g;
    cd_work w = cd_conn_work(c);
    rbforce r;
    double *fg = r.fg, *mg = r.mg, *fm = r.fm, d[3], vd[3], dw[3], R0f[3], R0m[3];
    double **const m[19] = {&g.dd, &g.dvd, &g.W0, &g.W1, &g.Ad, &g.Avd, &g.Adw,
                            &g.dfg, &g.dmg, &g.dfgv, &g.dmgv, &g.V0, &g.V1, &g.dF0[0],
                            &g.dF0[1], &g.dF0[2], &g.dF1[0], &g.dF1[1], &g.dF1[2]};
    cd_work_take_mats(&w, nq, m, 19);
    double *G = cd_work_take(&w, 3 * nq);
    g.K6 = p->stiffness.x;
    g.D6 = p->damping.x;
    g.R0 = p->f.rotationMarker0.x;
    if ((rc = force_eval(c, &r))) return rc;
    cd_matmul(c->md[0].A, p->f.rotationMarker0.x, g.F0);
    cd_matmul(c->md[1].A, p->f.rotationMarker1.x, g.F1);
    rel_rotation(g.F0, g.F1, g.R);
    for (int i = 0; i < 3; i++) {
        double r0[3] = {g.R0[i], g.R0[3 + i], g.R0[6 + i]};
        const double *R1 = p->f.rotationMarker1.x;
        double r1[3] = {R1[i], R1[3 + i], R1[6 + i]};
        cd_conn_dvec(c, 0, r0, g.dF0[i]);
        cd_conn_dvec(c, 1, r1, g.dF1[i]);
    }
    cd_conn_domegav(c, 0, g.V0);
    cd_conn_domegav(c, 1, g.V1);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
        dw[i] = c->md[1].omega[i] - c->md[0].omega[i];
    }
    cd_conn_dd(c, g.dd, g.dvd);
    cd_conn_domega(c, 0, g.W0);
    cd_conn_domega(c, 1, g.W1);
    cd_conn_dAt(c, 0, d, g.Ad);      /* d(A0^T y)/dq at fixed y; F0^T = R0^T A0^T */
    cd_conn_dAt(c, 0, vd, g.Avd);
    cd_conn_dAt(c, 0, dw, g.Adw);
    cd_matvec(g.R0, fm, R0f);        /* F0 f = A0 (R0 f) */
    cd_matvec(g.R0, fm + 3, R0m);
    for (int j = 0; j < nq; j++) column_forces(c, &g, j);
    cd_conn_dvec(c, 0, R0f, G);     /* + dF0 f, dF0 m */
    for (int j = 0; j < 3 * nq; j++) g.dfg[j] += G[j];
    cd_conn_dvec(c, 0, R0m, G);
    for (int j = 0; j < 3 * nq; j++) g.dmg[j] += G[j];
    cd_conn_add_jdtx(c, g.dfg, 1.0, K);
    cd_conn_add_jtv(c, w, 0, fg, -1.0, K);
    cd_conn_add_jtv(c, w, 1, fg, 1.0, K);
    cd_conn_add_jrtx(c, 1, g.dmg, 1.0, K);
    cd_conn_add_jrtx(c, 0, g.dmg, -1.0, K);
    cd_conn_add_jrtv(c, 1, mg, 1.0, K);
    cd_conn_add_jrtv(c, 0, mg, -1.0, K);
    cd_conn_add_jdtx(c, g.dfgv, 1.0, D);
    cd_conn_add_jrtx(c, 1, g.dmgv, 1.0, D);
    cd_conn_add_jrtx(c, 0, g.dmgv, -1.0, D);
    return CD_OK;
}

/* outputs as Exudyn's: DisplacementLocal and Rotation x, VelocityLocal and
 * AngularVelocityLocal x_t, ForceLocal and TorqueLocal the spring's f and m (coordyn also names
 * them Force and Torque), PotentialEnergy (x - offset)^T K (x - offset) / 2 (none with a user
 * function), HomogeneousTransformationLocal [R, t; 0, 1]; Displacement p1 - p0, global */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    rbforce r;
    double F0[9];
    if (force_eval(c, &r)) return -1;
    switch (var) {
    case CD_OV_DISPLACEMENT:
        for (int i = 0; i < 3; i++) out[i] = c->md[1].pos[i] - c->md[0].pos[i];
        return 3;
    case CD_OV_DISPLACEMENTLOCAL: memcpy(out, r.x, 3 * sizeof(double)); return 3;
    case CD_OV_ROTATION: memcpy(out, r.x + 3, 3 * sizeof(double)); return 3;
    case CD_OV_VELOCITYLOCAL: memcpy(out, r.xt, 3 * sizeof(double)); return 3;
    case CD_OV_ANGULARVELOCITYLOCAL: memcpy(out, r.xt + 3, 3 * sizeof(double)); return 3;
    case CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL: {  /* [F0^T F1, F0^T (p1 - p0); 0, 1] */
        double F1[9], R[9];
        cd_matmul(c->md[0].A, p->f.rotationMarker0.x, F0);
        cd_matmul(c->md[1].A, p->f.rotationMarker1.x, F1);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                R[3 * i + j] = F0[i] * F1[j] + F0[3 + i] * F1[3 + j] + F0[6 + i] * F1[6 + j];
        return cd_rot_homogeneous(R, r.t, out);
    }
    case CD_OV_FORCE:
    case CD_OV_FORCELOCAL: memcpy(out, r.fm, 3 * sizeof(double)); return 3;
    case CD_OV_TORQUE:
    case CD_OV_TORQUELOCAL: memcpy(out, r.fm + 3, 3 * sizeof(double)); return 3;
    case CD_OV_POTENTIALENERGY:
        if (p->userFunction.fn) return -1;
        out[0] = 0;
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < 6; j++)
                out[0] += 0.5 * (r.x[i] - p->offset.x[i]) * p->stiffness.x[6 * i + j] *
                          (r.x[j] - p->offset.x[j]);
        return 1;
    default: return -1;
    }
}

static int check_node(const cd_system *s, int index, const params *p, cd_error *err)
{
    if (!p->postNewton.fn) return CD_OK;
    if (p->nodeNumber < 0)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'postNewtonStepUserFunction' "
                            "needs parameter 'nodeNumber', a NodeGenericData with the data "
                            "coordinates the function updates", index);
    if (p->nodeNumber >= s->list[CD_NODE].n)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumber' refers to node "
                            "%d, which does not exist", index, p->nodeNumber);
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    if (nd->type != &cd_type_NodeGenericData)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumber' refers to node "
                            "%d (%s); it needs a NodeGenericData", index, p->nodeNumber,
                            nd->type->name);
    return CD_OK;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = cd_conn_check_frames(s, index, vp, err);
    if (rc) return rc;
    const cd_mat *m[2] = {&p->stiffness, &p->damping};
    const char *nm[2] = {"stiffness", "damping"};
    for (int k = 0; k < 2; k++)
        if (m[k]->rows != 6 || m[k]->cols != 6)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorRigidBodySpringDamper %d: "
                                "parameter '%s' must be a 6x6 matrix, got %dx%d", index, nm[k],
                                m[k]->rows, m[k]->cols);
    if (p->offset.n != 6)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorRigidBodySpringDamper %d: "
                            "parameter 'offset' must have length 6, got %d", index,
                            p->offset.n);
    return check_node(s, index, p, err);
}

/* the postNewtonStepUserFunction of an active connector (Exudyn's PostNewtonStep, after the
 * spring's own evaluation): in = [nd, d, x, x_t, K, D, R0, R1, offset], out = [error,
 * recommended step, d_new] */
static int post_newton(const cd_objctx *c, double *out, double *error, double *h_rec)
{
    const params *p = c->item->p;
    int nd = c->item->nd;
    rbforce r;
    memcpy(out, c->data, sizeof(double) * (size_t)nd);
    *error = 0.0;
    if (!p->f.activeConnector) return CD_OK;
    int rc = force_eval(c, &r);
    if (rc) return rc;
    cd_work w = cd_conn_work(c);
    double *in = cd_work_take(&w, 1 + nd + 108), *res = cd_work_take(&w, 2 + nd);
    in[0] = nd;
    memcpy(in + 1, c->data, sizeof(double) * (size_t)nd);
    double *a = in + 1 + nd;
    memcpy(a, r.x, sizeof(double) * 6);
    memcpy(a + 6, r.xt, sizeof(double) * 6);
    memcpy(a + 12, p->stiffness.x, sizeof(double) * 36);
    memcpy(a + 48, p->damping.x, sizeof(double) * 36);
    memcpy(a + 84, p->f.rotationMarker0.x, sizeof(double) * 9);
    memcpy(a + 93, p->f.rotationMarker1.x, sizeof(double) * 9);
    memcpy(a + 102, p->offset.x, sizeof(double) * 6);
    rc = cd_object_userfunc(c, &p->postNewton, in, 1 + nd + 108, res, 2 + nd);
    if (rc) return rc;
    *error = res[0];
    *h_rec = res[1];
    memcpy(out, res + 2, sizeof(double) * (size_t)nd);
    return CD_OK;
}

/* the data node is a node of the connector only with a postNewtonStepUserFunction (Exudyn) */
static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = &p->nodeNumber;
    return p->postNewton.fn && p->nodeNumber >= 0 ? 1 : 0;
}

/* the post-Newton input and result vectors (the spring's evaluation has its own) */
static int scratch(const cd_system *s, const cd_item *it)
{
    return cd_conn_scratch(s, it) + 2 * it->nd + 111;
}

static int uses_uf(const void *p) { return ((const params *)p)->userFunction.fn != NULL; }

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_PNDATA, .nmarkers = 2, .markers = cd_conn_markers,
    .nodes = nodes, .mass_const = 1, .residual = residual, .scratch = scratch,
    .jacobian = jacobian, .post_newton = post_newton, .output = output,
    .uses_userfunc = uses_uf};
static const cd_outvar outvars[] = {CD_OV_DISPLACEMENT, CD_OV_ROTATION, CD_OV_FORCE, CD_OV_TORQUE,
                                    CD_OV_DISPLACEMENTLOCAL, CD_OV_VELOCITYLOCAL,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_FORCELOCAL,
                                    CD_OV_TORQUELOCAL, CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL,
                                    CD_OV_POTENTIALENERGY, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
#define ZERO36 "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_FRAMES),
    {"stiffness", CD_FT_MAT, 6, OFF(stiffness), ZERO36, 0, 0, "",
     "6x6 stiffness on [displacement; rotation] in joint frame 0", NULL},
    {"damping", CD_FT_MAT, 6, OFF(damping), ZERO36, 0, 0, "",
     "6x6 damping on [velocity; angular velocity] in joint frame 0", NULL},
    CD_CONN_ROTATION_FIELDS,
    {"offset", CD_FT_VEC, 6, OFF(offset), "0 0 0 0 0 0", 0, 0, "",
     "relaxed [displacement; rotation]", NULL},
    {"useIntrinsicFormulation", CD_FT_BOOL, 0, OFF(useIntrinsicFormulation), "0", 0, 0, "",
     "False: the rotation is the Tait-Bryan angles xyz of F0^T F1; True: Exudyn's intrinsic "
     "law, the SE(3) logarithm of the relative frame in the mid frame (numerical Jacobian)",
     NULL},
    CD_CONN_FRAMES_ACTIVE_FIELD,
    {"springForceTorqueUserFunction", CD_FT_FUNC, CD_UF_RBSPRING, OFF(userFunction), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity, stiffness, "
     "damping, rotJ0, rotJ1, offset) -> [force; torque] in joint frame 0, replacing "
     "K (x - offset) + D x_t", NULL},
    {"nodeNumber", CD_FT_INT, 0, OFF(nodeNumber), "-1", 0, 0, "",
     "NodeGenericData whose data coordinates the postNewtonStepUserFunction updates (any "
     "number; used only with that function; -1: none)", NULL},
    {"postNewtonStepUserFunction", CD_FT_FUNC, CD_UF_RBPOSTNEWTON, OFF(postNewton), NULL, 0, 0,
     "", "called after each converged Newton solve: returns [error, recommendedStepSize, new "
     "data coordinates]; error > 0 solves the step again (discontinuous iteration)", NULL},
    {"intrinsicFormulation", CD_FT_BOOL, 0, 0, NULL, CD_CHK_ALIAS, 0, "",
     "deprecated alias of useIntrinsicFormulation (Exudyn's older name)",
     "useIntrinsicFormulation"}};

const cd_itemtype cd_type_ObjectConnectorRigidBodySpringDamper = {
    .kind = CD_OBJECT, .name = "ObjectConnectorRigidBodySpringDamper",
    .typename_ = "ConnectorRigidBodySpringDamper", .alias = "RigidBodySpringDamper",
    .doc = "A 6-component spring-damper (bushing) between two rigid markers: force and torque "
           "K (x - offset) + D x_t in joint frame 0, x = relative displacement and Tait-Bryan "
           "angles xyz, or Exudyn's intrinsic SE(3) law (analytic Jacobian for the first).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
