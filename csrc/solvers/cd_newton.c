/* cd_newton: Newton iteration with full or modified Newton and the failure diagnostics */
#define _POSIX_C_SOURCE 199309L
#include "cd_newton.h"
#include "../core/cd_items.h"
#include "../math/cd_lie.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

double cd_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void cd_settings_default(cd_settings *s)
{
    memset(s, 0, sizeof(*s));
    s->startTime = 0;
    s->endTime = 1;
    s->numberOfSteps = 100;
    s->spectralRadius = 0.9;
    s->newmarkBeta = 0.25;
    s->newmarkGamma = 0.5;
    s->computeInitialAccelerations = 1;
    s->lieGroupAddTangentOperator = 1;
    s->adaptiveStep = 1;
    s->minimumStepSize = 1e-8;
    s->relativeTolerance = 1e-8;
    s->absoluteTolerance = 1e-10;
    s->maxIterations = 25;
    s->relativeEpsilon = 1e-7;
    s->minimumCoordinateSize = 1e-2;
    s->numberOfLoadSteps = 1;
    s->loadStepGeometricRange = 1000;
    s->linearSolver = CD_LS_AUTO;
    s->sensorsWritePeriod = 0;
}

int cd_nwork_init(cd_nwork *w, const cd_system *s, const cd_settings *set, cd_error *err)
{
    memset(w, 0, sizeof(*w));
    int rc = cd_evalws_init(&w->ev, s, err);
    if (rc) return rc;
    w->ev.numerical = set->numericalJacobian;
    w->ev.eps_rel = set->relativeEpsilon;
    w->ev.eps_min = set->minimumCoordinateSize;
    w->N = s->n2 + s->nae;
    w->lie_tangent = set->lieGroupAddTangentOperator;
    w->values = calloc((size_t)s->pat.nnz + 1, sizeof(double));
    w->r = calloc((size_t)w->N + 1, sizeof(double));
    w->dx = calloc((size_t)w->N + 1, sizeof(double));
    if (s->nlg) w->ev.lieT = calloc(9 * (size_t)s->n2, sizeof(double));
    if (!w->values || !w->r || !w->dx || (s->nlg && !w->ev.lieT)) {
        cd_nwork_free(w, s);
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating the solver workspace");
    }
    if (w->N > 0) {
        w->ls = cd_ls_create(set->linearSolver, w->N, s->pat.colptr, s->pat.rowind, err);
        if (!w->ls) {
            cd_nwork_free(w, s);
            return err && err->code ? err->code : CD_ERR_NOMEM;
        }
    }
    return CD_OK;
}

void cd_nwork_free(cd_nwork *w, const cd_system *s)
{
    free(w->ev.lieT);
    w->ev.lieT = NULL;
    cd_evalws_free(&w->ev, s);
    w->ls = cd_ls_free(w->ls);
    free(w->values); free(w->r); free(w->dx);
    w->values = w->r = w->dx = NULL;
}

void cd_newton_explain(const cd_system *s, const cd_nwork *w, cd_error *err)
{
    int N = s->n2 + s->nae, best[3] = {-1, -1, -1};
    size_t len = strlen(err->msg);
    const double *r = w->r;
    double inv = w->last_s2 > 0 ? 1.0 / w->last_s2 : 1.0;
#define RU(i) ((i) < s->n2 ? r[i] * inv : r[i])
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < N; i++) {
            if (i == best[0] || i == best[1]) continue;
            if (best[k] < 0 || fabs(RU(i)) > fabs(RU(best[k])) || isnan(r[i])) best[k] = i;
        }
    len += (size_t)snprintf(err->msg + len, CD_MSG_LEN - len, "; largest residuals:");
    for (int k = 0; k < 3 && best[k] >= 0 && len < CD_MSG_LEN; k++) {
        char lb[160];
        int i = best[k];
        if (i < s->n2)
            cd_item_label(s, CD_NODE, s->owner2[i], lb, sizeof lb);
        else
            cd_item_label(s, (cd_kind)s->ownerae_kind[i - s->n2], s->ownerae[i - s->n2], lb,
                          sizeof lb);
        len += (size_t)snprintf(err->msg + len, CD_MSG_LEN - len, " %s %d of %s = %.3g%s",
                                i < s->n2 ? "ODE2 coordinate" : "algebraic equation",
                                i < s->n2 ? i : i - s->n2, lb, RU(i), k < 2 ? ";" : "");
    }
#undef RU
}

void cd_explain_column(const cd_system *s, int col, cd_error *err)
{
    char lb[160];
    size_t len = strlen(err->msg);
    if (col < 0 || col >= s->n2 + s->nae || len >= CD_MSG_LEN) return;
    if (col < s->n2)
        snprintf(err->msg + len, CD_MSG_LEN - len, "; the singular column is ODE2 coordinate %d "
                 "of %s (no mass and no stiffness on it?)", col,
                 cd_item_label(s, CD_NODE, s->owner2[col], lb, sizeof lb));
    else
        snprintf(err->msg + len, CD_MSG_LEN - len, "; the singular column is the multiplier of "
                 "%s (redundant or conflicting constraint?)",
                 cd_item_label(s, (cd_kind)s->ownerae_kind[col - s->n2], s->ownerae[col - s->n2],
                               lb, sizeof lb));
}

/* evaluate and factor the Newton matrix at st */
static int refactor(const cd_system *s, cd_nwork *w, const cd_state *st, const cd_evalcoef *c,
                    cd_stats *stats, cd_error *err)
{
    w->ev.lieT_on = w->lie_inc && s->nlg && w->lie_tangent;
    for (int k = 0; w->ev.lieT_on && k < s->nlg; k++) {
        int g = s->lgstart[k];
        cd_rot_tangent(w->lie_inc + g, w->ev.lieT + 9 * (size_t)g);
    }
    int rc = cd_eval_jacobian(s, &w->ev, st, c, w->values, err);
    w->ev.lieT_on = 0;
    if (rc) return rc;
    stats->jacobians++;
    rc = cd_ls_factor(w->ls, w->values, err);
    stats->factorizations++;
    if (rc) {  /* singular / non-finite: retry with a smaller step */
        if (rc == CD_ERR_SINGULAR) cd_explain_column(s, cd_ls_get_stats(w->ls).failed_column, err);
        return 1;
    }
    w->jac_current = 1;
    return CD_OK;
}

/* q <- q o exp(-dx) (additive but on Lie-group rotation blocks), v, a and lambda additive */
static void apply(const cd_system *s, cd_nwork *w, cd_state *st, const cd_evalcoef *c,
                  double bq, double gq)
{
    const double *dx = w->dx;
    int n2 = s->n2;
    if (w->lie_inc && s->nlg) {
        for (int i = 0; i < n2; i++) {
            if (s->lgoff[i] < 0) st->q[i] -= dx[i];
            else w->lie_inc[i] -= dx[i];
        }
        cd_lie_compose_blocks(s, st->q, w->lie_base, w->lie_inc);
    } else {
        cd_lie_add(s, st->q, dx, -1.0);
    }
    for (int i = 0; i < n2; i++) {
        st->v[i] -= gq * dx[i];
        st->a[i] -= bq * dx[i];
    }
    for (int j = 0; j < s->nae; j++) st->lam[j] -= c->lambda_per_unknown * dx[n2 + j];
}

int cd_newton(const cd_system *s, cd_nwork *w, cd_state *st, const cd_evalcoef *c, double bq,
              double gq, const cd_settings *set, cd_stats *stats, cd_error *err)
{
    int N = w->N, n2 = s->n2, rc;
    double err_prev = 0, qs = 1;  /* qs: size of the coordinates (round-off of g) */
    int fresh = 0;                /* the matrix was evaluated during this call */
    if (N == 0) return CD_OK;
    /* modified Newton: a matrix so stale that the last step needed 5 or more iterations is
     * renewed at the start of this one (measured on bench_rigid.py: the single rigid pendulum
     * took 5.4 iterations per step with a matrix renewed only on poor contraction; renewing
     * after 3 or 4 iterations refactors too often on chains, after 6 gains less) */
    if (set->useModifiedNewton && w->last_its >= 5) w->jac_current = 0;
    for (int i = 0; i < n2; i++) qs = fmax(qs, fabs(s->qref[i] + st->q[i]));
    for (int it = 0; it <= set->maxIterations; it++) {
        rc = cd_eval_residual(s, &w->ev, st, c, w->r, err);
        stats->residuals++;
        if (rc) return rc;
        /* force rows: L2 of the unscaled residual M a + r2 - f, relative to the force level
         * |f - C^T lam| at the predictor (what the residual of a zero-acceleration predictor
         * would be) or the predictor's own residual if larger; the predictor qdd1 = qdd0 is
         * often so good that its residual alone is near round-off */
        double e = w->ev.rnorm2, eg = w->ev.aenorm;
        w->last_s2 = c->force_scale;
        w->last_err = w->ev.rnorm;
        if (isnan(w->ev.rnorm) || isinf(w->ev.rnorm))
            return cd_error_set(err, 1, "residual is not finite");
        if (it == 0) w->rref = fmax(e, w->ev.fnorm);
        double tol = fmax(set->absoluteTolerance, set->relativeTolerance * w->rref);
        /* modified Newton with a matrix from an earlier step converges linearly; its error is
         * about rho / (1 - rho) times the last correction, so it stops at a tenth of the
         * tolerance; with a matrix of this step (or at round-off) the plain tolerance holds */
        double tolf = set->useModifiedNewton && !fresh ? fmax(set->absoluteTolerance, 0.1 * tol)
                                                       : tol;
        /* constraint rows (position units): the violation whose correction would change the
         * forces by tol, tol h^2 beta / m (dynamics), or relativeTolerance 1e-2 of the
         * coordinates (statics); never below round-off of the coordinates */
        double tolg = c->mass_coef > 0 ? tol * c->force_scale / w->ev.mscale : 1e-2 * set->relativeTolerance * qs;
        tolg = fmax(tolg, 1e-14 * qs);
        int conv_f = e <= set->absoluteTolerance || (it > 0 && e <= tolf);
        if (conv_f && eg <= tolg) { w->last_its = fresh ? 0 : it; return CD_OK; }
        if (it == set->maxIterations) break;
        /* full Newton: new matrix every iteration; modified: when an iteration reduces the
         * residual by less than 4x (measured on the rigid-body benchmarks: 10x refactors too
         * often on chains, 2x iterates too long on a single body) */
        /* contraction measured on the residual as the Newton matrix sees it (scaled rows) */
        double en = 0;
        for (int i = 0; i < N; i++) en += w->r[i] * w->r[i];
        en = sqrt(en);
        int need = !w->jac_current || !set->useModifiedNewton || (it > 0 && en > 0.25 * err_prev);
        if (it > 0 && en > 1e3 * err_prev && err_prev > 0)
            return cd_error_set(err, 1, "Newton diverged (residual grew from %.3g to %.3g)",
                                err_prev, en);
        if (need && (rc = refactor(s, w, st, c, stats, err))) return rc;
        if (need) fresh = 1;
        memcpy(w->dx, w->r, sizeof(double) * (size_t)N);
        rc = cd_ls_solve(w->ls, w->dx, err);
        if (rc) return 1;
        apply(s, w, st, c, bq, gq);
        stats->newton++;
        err_prev = en;
    }
    return cd_error_set(err, 1, "Newton did not converge in %d iterations (residual %.3g, "
                        "tolerance %.3g)", set->maxIterations, w->last_err,
                        fmax(set->absoluteTolerance, set->relativeTolerance * w->rref));
}
