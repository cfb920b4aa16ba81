/* cd_genalpha: generalized-alpha time integration, Arnold & Bruels (2007) Algorithm 1, index 3,
 * with Chung-Hulbert parameters from the spectral radius rho:
 *     am = (2 rho - 1)/(rho + 1), af = rho/(rho + 1), gamma = 1/2 + af - am,
 *     beta = (gamma + 1/2)^2 / 4
 * Per step (a: algorithmic acceleration, qdd: true acceleration):
 *     q1  = q0 + h v0 + h^2 (1/2 - beta) a0 + h^2 beta a1
 *     v1  = v0 + h (1 - gamma) a0 + h gamma a1
 *     (1 - am) a1 + am a0 = (1 - af) qdd1 + af qdd0
 *     M qdd1 + C_q^T lam1 = f(q1, v1, t1),  g(q1, t1) = 0
 * Newton in the position increment dq: dqdd = beta' dq, dv = gamma' dq with
 *     beta' = (1 - am) / (h^2 beta (1 - af)),  gamma' = gamma / (h beta).
 * The ODE2 rows are scaled by 1/beta' and lambda = beta' mu, so the Newton matrix
 *     [M + (gamma'/beta') D + K/beta', C_q^T ; C_q, 0]
 * stays well conditioned as h -> 0. useNewmark: am = af = 0 with newmarkBeta/Gamma. */
#include "cd_newton.h"
#include "../core/cd_items.h"
#include "../math/cd_lie.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double am, af, gamma, beta; } ga_param;

static ga_param ga_params(const cd_settings *set)
{
    ga_param p;
    if (set->useNewmark) {
        p.am = p.af = 0;
        p.beta = set->newmarkBeta;
        p.gamma = set->newmarkGamma;
        return p;
    }
    double r = set->spectralRadius;
    p.am = (2 * r - 1) / (r + 1);
    p.af = r / (r + 1);
    p.gamma = 0.5 + p.af - p.am;
    p.beta = 0.25 * (p.gamma + 0.5) * (p.gamma + 0.5);
    return p;
}

/* Newton coefficients for step h */
static void ga_coef(const ga_param *p, double h, int index2, cd_evalcoef *c, double *bq,
                    double *gq)
{
    *bq = (1 - p->am) / (h * h * p->beta * (1 - p->af));
    *gq = p->gamma / (h * p->beta);
    memset(c, 0, sizeof(*c));
    c->force_scale = 1.0 / *bq;
    c->mass_coef = 1.0;
    c->stiffness_coef = 1.0 / *bq;
    c->damping_coef = *gq / *bq;
    c->multiplier_coef = 1.0;
    c->gdq_coef = 1.0;
    c->gdv_coef = *gq;
    c->velocity_row_scale = 1.0 / *gq;
    c->lambda_per_unknown = *bq;
    c->load_factor = 1.0;
    c->index2 = index2;
}

/* consistent initial accelerations and multipliers:
 *   [M C^T; C 0] [a; lam] = [f - r2(lam = 0); -(d/dt g_t along the motion)]
 * with C = d g_t / d v (every constraint at velocity level) and the time derivative of the
 * velocity-level residual as a central difference along (q + eps v, t + eps). */
static int initial_accelerations(const cd_system *s, cd_nwork *w, cd_state *st, cd_stats *stats,
                                 cd_error *err)
{
    int n2 = s->n2, N = w->N, rc;
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = c.mass_coef = c.multiplier_coef = c.gdv_coef = c.velocity_row_scale = c.lambda_per_unknown = c.load_factor = 1.0;
    c.index2 = 1;
    memset(st->a, 0, sizeof(double) * (size_t)n2);
    memset(st->lam, 0, sizeof(double) * (size_t)s->nae);
    if ((rc = cd_eval_jacobian(s, &w->ev, st, &c, w->values, err))) return rc;
    stats->jacobians++;
    /* [M C^T; C 0] is sparse (M block diagonal) even when the Newton matrix is solved densely:
     * factor it with the sparse solver, once */
    cd_linsolver *ls = w->ls;
    if (cd_ls_kind_of(w->ls) == CD_LS_DENSE) {
        ls = cd_ls_create(CD_LS_SPARSE, N, s->pat.colptr, s->pat.rowind, err);
        if (!ls) return err->code ? err->code : CD_ERR_NOMEM;
    }
    rc = cd_ls_factor(ls, w->values, err);
    stats->factorizations++;
    if (rc) {
        char why[CD_MSG_LEN];
        if (rc == CD_ERR_SINGULAR) cd_explain_column(s, cd_ls_get_stats(ls).failed_column, err);
        snprintf(why, sizeof why, "%s", err->msg);
        if (ls != w->ls) cd_ls_free(ls);
        return cd_error_set(err, rc, "computing initial accelerations: the matrix [M C^T; C 0] "
                            "is singular (a coordinate without mass, or redundant constraints?): %s",
                            why);
    }
    w->jac_current = 0;
    rc = cd_eval_residual(s, &w->ev, st, &c, w->r, err);
    double vmax = 0, qmax = 1;
    for (int i = 0; i < n2; i++) {
        vmax = fmax(vmax, fabs(st->v[i]));
        qmax = fmax(qmax, fabs(s->qref[i] + st->q[i]));
    }
    double eps = 1e-6 * (vmax > 0 ? fmin(1.0, qmax / vmax) : 1.0);
    double t0 = st->t;
    double *rp = w->dx;  /* dx as scratch for the shifted residuals */
    for (int sgn = 1; sgn >= -1 && !rc; sgn -= 2) {
        cd_lie_add(s, st->q, st->v, sgn * eps);
        st->t = t0 + sgn * eps;
        rc = cd_eval_residual(s, &w->ev, st, &c, rp, err);
        cd_lie_add(s, st->q, st->v, -sgn * eps);
        st->t = t0;
        if (rc) break;
        for (int j = n2; j < N; j++)
            w->r[j] = sgn > 0 ? rp[j] : (w->r[j] - rp[j]) / (2 * eps);
    }
    /* solve J x = -rhs in the Newton form J dx = r with x = -dx */
    memcpy(w->dx, w->r, sizeof(double) * (size_t)N);
    if (!rc) rc = cd_ls_solve(ls, w->dx, err);
    if (ls != w->ls) cd_ls_free(ls);
    if (rc) return rc;
    for (int i = 0; i < n2; i++) st->a[i] = -w->dx[i];
    for (int j = 0; j < s->nae; j++) st->lam[j] = -w->dx[n2 + j];
    return CD_OK;
}

/* dynamic solver state besides st: start-of-step copies and algorithmic accelerations */
typedef struct {
    cd_state prev;     /* state at the start of the step */
    double *aa, *aa0;  /* algorithmic acceleration a (n2): current and at step start */
    double *dq;        /* predictor increment (n2) */
} ga_hist;

static int hist_init(ga_hist *h, const cd_system *s)
{
    memset(h, 0, sizeof(*h));
    if (cd_state_init(&h->prev, s->n2, s->nae)) return CD_ERR_NOMEM;
    h->aa = calloc((size_t)s->n2 + 1, sizeof(double));
    h->aa0 = calloc((size_t)s->n2 + 1, sizeof(double));
    h->dq = calloc((size_t)s->n2 + 1, sizeof(double));
    return (h->aa && h->aa0 && h->dq) ? CD_OK : CD_ERR_NOMEM;
}

static void hist_free(ga_hist *h)
{
    cd_state_free(&h->prev);
    free(h->aa);
    free(h->aa0);
    free(h->dq);
}

/* predictor: qdd1 = qdd0 (a better start than 0 for smooth motion), lam1 = lam0,
 * a1 from the averaging relation, q1 and v1 from the Newmark formulas */
static void predict(const cd_system *s, const ga_param *p, double h, ga_hist *H, cd_state *st)
{
    const cd_state *o = &H->prev;
    for (int i = 0; i < s->n2; i++) {
        double qdd = o->a[i];
        double a1 = (p->af * o->a[i] + (1 - p->af) * qdd - p->am * H->aa0[i]) / (1 - p->am);
        H->dq[i] = h * o->v[i] + h * h * ((0.5 - p->beta) * H->aa0[i] + p->beta * a1);
        st->q[i] = o->q[i];
        st->v[i] = o->v[i] + h * ((1 - p->gamma) * H->aa0[i] + p->gamma * a1);
        st->a[i] = qdd;
    }
    cd_lie_add(s, st->q, H->dq, 1.0);  /* q1 = q0 o exp(dq) on Lie-group rotations */
}

/* after convergence: a1 = (af qdd0 + (1 - af) qdd1 - am a0) / (1 - am) */
static void update_aa(const ga_param *p, int n2, ga_hist *H, const cd_state *st)
{
    for (int i = 0; i < n2; i++)
        H->aa[i] = (p->af * H->prev.a[i] + (1 - p->af) * st->a[i] - p->am * H->aa0[i]) / (1 - p->am);
}

static int check_settings(const cd_settings *set, cd_error *err)
{
    if (!(set->endTime > set->startTime))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.endTime (%g) must be larger than "
                            "startTime (%g)", set->endTime, set->startTime);
    if (set->numberOfSteps < 1)
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.numberOfSteps must be >= 1, got %d",
                            set->numberOfSteps);
    if (!set->useNewmark && !(set->spectralRadius >= 0 && set->spectralRadius <= 1))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.generalizedAlpha.spectralRadius "
                            "must be in [0, 1], got %g", set->spectralRadius);
    if (set->useIndex2Constraints && !set->useNewmark)
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.generalizedAlpha."
                            "useIndex2Constraints requires useNewmark = True");
    if (set->useNewmark && !(set->newmarkBeta > 0 && set->newmarkGamma >= 0.5))
        return cd_error_set(err, CD_ERR_INPUT, "Newmark needs newmarkBeta > 0 and newmarkGamma "
                            ">= 0.5, got %g, %g", set->newmarkBeta, set->newmarkGamma);
    return CD_OK;
}

/* nodes with their own constraint (Euler parameters): velocities onto its tangent space */
static void project_velocities(const cd_system *s, cd_state *st)
{
    for (int k = 0; k < s->list[CD_NODE].n; k++) {
        const cd_item *it = &s->list[CD_NODE].items[k];
        const cd_nodeops *ops = it->type->node;
        if (!ops->project_velocity || it->nq == 0 || (ops->nae && ops->nae(it->p) == 0)) continue;
        int g = it->ltg[0];  /* node coordinates are contiguous */
        ops->project_velocity(it->p, s->qref + g, st->q + g, st->v + g);
    }
}

/* one step of size h from H->prev into st; nonzero: failed (st is garbage) */
static int ga_step(const cd_system *s, cd_nwork *w, const ga_param *p, double h, double *h_fact,
                   ga_hist *H, cd_state *st, const cd_settings *set, cd_stats *stats, cd_error *err)
{
    cd_evalcoef c;
    double bq, gq;
    ga_coef(p, h, set->useIndex2Constraints, &c, &bq, &gq);
    /* the matrix depends on h; steps clamped to the output grid differ from h by round-off */
    if (fabs(h - *h_fact) > 1e-10 * h) w->jac_current = 0;
    predict(s, p, h, H, st);
    memcpy(st->lam, H->prev.lam, sizeof(double) * (size_t)s->nae);
    st->t = H->prev.t + h;
    w->lie_base = H->prev.q;   /* rotation blocks: q = q0 o exp(dq), Newton updates dq */
    w->lie_inc = H->dq;
    int rc = cd_newton(s, w, st, &c, bq, gq, set, stats, err);
    w->lie_base = NULL;
    w->lie_inc = NULL;
    if (w->jac_current) *h_fact = h;
    return rc;
}

/* the step loop: land on the grid t0 + k h_nominal; halve on failure, double after 5 good
 * reduced steps; stop with an error below the minimum step */
int cd_solve_dynamic(const cd_system *s, const cd_settings *set, cd_state *st,
                     cd_solvectx *ctx, cd_stats *stats, cd_error *err)
{
    cd_nwork w;
    ga_hist H;
    int rc;
    double tstart = cd_clock(), tprog = tstart;
    memset(stats, 0, sizeof(*stats));
    if (!s->assembled) return cd_error_set(err, CD_ERR_NOTASSEMBLED, "call mbs.Assemble() first");
    if ((rc = check_settings(set, err))) return rc;
    if ((rc = cd_nwork_init(&w, s, set, err))) return rc;
    if ((rc = hist_init(&H, s))) {
        hist_free(&H);
        cd_nwork_free(&w, s);
        return cd_error_set(err, rc, "out of memory");
    }
    ga_param p = ga_params(set);
    double t0 = set->startTime, t1 = set->endTime, hn = (t1 - t0) / set->numberOfSteps;
    st->t = t0;
    if (w.N > 0 && set->computeInitialAccelerations)
        rc = initial_accelerations(s, &w, st, stats, err);
    if (!rc && ctx && ctx->want_sensors) {
        double per = set->sensorsWritePeriod > hn ? set->sensorsWritePeriod : hn;
        int cap = (int)((t1 - t0) / per + 1e-6) + 2;
        ctx->sensors = cd_sensors_create(s, &w.ev, st, cap, per, err);
        if (!ctx->sensors) rc = err->code ? err->code : CD_ERR_NOMEM;
        if (!rc) rc = cd_sensors_record(s, &w.ev, st, ctx->sensors, 1, err);
    }
    memcpy(H.aa, st->a, sizeof(double) * (size_t)s->n2);
    long k = 0;           /* grid points passed */
    double h = hn, h_fact = -1;
    int good = 0;
    stats->hmin_used = hn;
    while (!rc && st->t < t1 - 1e-12 * (t1 - t0)) {
        double tgrid = t0 + (double)(k + 1) * hn;
        double hs = fmin(h, tgrid - st->t);
        cd_state_copy(&H.prev, st);
        memcpy(H.aa0, H.aa, sizeof(double) * (size_t)s->n2);
        int src = ga_step(s, &w, &p, hs, &h_fact, &H, st, set, stats, err);
        if (src < 0) { rc = src; break; }
        if (src > 0) {  /* reject: back to the start of the step, smaller step */
            stats->rejected++;
            cd_state_copy(st, &H.prev);
            w.jac_current = 0;
            if (!set->adaptiveStep || hs * 0.5 < set->minimumStepSize) {
                char why[CD_MSG_LEN];
                snprintf(why, sizeof why, "%s", err->msg);
                cd_error_set(err, CD_ERR_NEWTON, "time integration failed at t = %.10g with step "
                             "size %.3g (minimum %.3g): %s", st->t, hs, set->minimumStepSize, why);
                cd_newton_explain(s, &w, err);
                rc = CD_ERR_NEWTON;
                break;
            }
            h = hs * 0.5;
            good = 0;
            if (h < stats->hmin_used) stats->hmin_used = h;
            continue;
        }
        update_aa(&p, s->n2, &H, st);
        project_velocities(s, st);
        stats->steps++;
        if (fabs(st->t - tgrid) <= 1e-12 * (t1 - t0) + 1e-15) {
            st->t = tgrid;  /* exact grid time */
            k++;
        }
        if (h < hn && ++good >= 5) { h = fmin(hn, 2 * h); good = 0; }
        if (ctx && ctx->sensors && (rc = cd_sensors_record(s, &w.ev, st, ctx->sensors, 0, err)))
            break;
        if (ctx && ctx->progress) {
            double now = cd_clock();
            if (now - tprog > 0.1) {
                tprog = now;
                if (ctx->progress(ctx->progress_ctx, st->t, t0, t1)) {
                    rc = cd_error_set(err, CD_ERR_USERFUNC, "solve interrupted at t = %g", st->t);
                    break;
                }
            }
        }
    }
    if (rc && rc != CD_ERR_NEWTON && H.prev.q && st->t != H.prev.t) cd_state_copy(st, &H.prev);
    if (ctx && ctx->sensors) cd_sensors_close(ctx->sensors);
    stats->residuals = w.ev.nres;
    stats->linsolver = w.ls ? (int)cd_ls_kind_of(w.ls) : 0;
    stats->lsfull = w.ls ? cd_ls_get_stats(w.ls).nfull : 0;
    stats->cpu_seconds = cd_clock() - tstart;
    hist_free(&H);
    cd_nwork_free(&w, s);
    return rc;
}
