/* cd_newton: Newton iteration with full or modified Newton and the failure diagnostics */
#define _POSIX_C_SOURCE 199309L
#include "cd_newton.h"
#include "../core/cd_items.h"
#include "../core/cd_liegroup.h"
#include "../math/cd_lie.h"
#include <float.h>
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

int cd_nwork_init(cd_nwork *w, const cd_system *s, const cd_settings *set,
                  const cd_newton_settings *nt, cd_error *err)
{
    memset(w, 0, sizeof(*w));
    int rc = cd_evalws_init(&w->ev, s, err);
    if (rc) return rc;
    w->ev.numerical = nt->numericalJacobian;
    w->ev.eps_rel = nt->relativeEpsilon;
    w->ev.eps_min = nt->minimumCoordinateSize;
    w->N = s->pat.N;
    w->lie_tangent = set->lieGroupAddTangentOperator;
    w->values = calloc((size_t)s->pat.nnz + 1, sizeof(double));
    w->r = calloc((size_t)w->N + 1, sizeof(double));
    w->dx = calloc((size_t)w->N + 1, sizeof(double));
    w->xsave = calloc(2 * (size_t)s->n2 + (size_t)s->nae + (size_t)s->n1 + 1, sizeof(double));
    w->floor_row = calloc((size_t)s->n2 + 1, sizeof(double));
    if (s->nlg) w->ev.lieT = calloc(9 * (size_t)s->n2, sizeof(double));
    if (!w->values || !w->r || !w->dx || !w->xsave || !w->floor_row ||
        (s->nlg && !w->ev.lieT)) {
        cd_nwork_free(w, s);
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating the solver workspace");
    }
    if ((rc = cd_redund_init(&w->rd, s, set->handleRedundantConstraints, err))) {
        cd_nwork_free(w, s);
        return rc;
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
    cd_redund_free(&w->rd);
    free(w->values); free(w->r); free(w->dx); free(w->xsave); free(w->floor_row);
    w->values = w->r = w->dx = w->xsave = w->floor_row = NULL;
}

void cd_newton_explain(const cd_system *s, const cd_nwork *w, cd_error *err)
{
    int N = w->N, best[3] = {-1, -1, -1};
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
        char lb[256];
        len += (size_t)snprintf(err->msg + len, CD_MSG_LEN - len, "%s %s = %.3g",
                                k ? ";" : "", cd_equation_label(s, best[k], lb, sizeof lb),
                                RU(best[k]));
    }
#undef RU
}

void cd_explain_column(const cd_system *s, int col, cd_error *err)
{
    char lb[256];
    size_t len = strlen(err->msg);
    if (col < 0 || col >= s->pat.N || len >= CD_MSG_LEN) return;
    const char *why = col < s->n2 ? "no mass and no stiffness on it?"
                      : col >= s->n2 + s->aex0 && col < s->off1
                          ? "an algebraic loop without a solution, or no equation depends on it?"
                      : col < s->off1 ? "redundant or conflicting constraint?"
                                      : "no equation depends on it?";
    snprintf(err->msg + len, CD_MSG_LEN - len, "; the singular column is %s (%s)",
             cd_unknown_label(s, col, lb, sizeof lb), why);
}

/* the first non-finite entry of the Newton matrix: which equation (row) and unknown (column) */
static void explain_nonfinite_entry(const cd_system *s, const cd_nwork *w, cd_error *err)
{
    char lr[256], lc[256];
    size_t len = strlen(err->msg);
    for (int j = 0; j < s->pat.N && len < CD_MSG_LEN; j++)
        for (int p = s->pat.colptr[j]; p < s->pat.colptr[j + 1]; p++)
            if (!isfinite(w->values[p])) {
                snprintf(err->msg + len, CD_MSG_LEN - len, "; the equation of %s, the unknown "
                         "%s", cd_equation_label(s, s->pat.rowind[p], lr, sizeof lr),
                         cd_unknown_label(s, j, lc, sizeof lc));
                return;
            }
}

/* The round-off floor of the force rows: perturbing every unknown x_j in its last bit changes
 * row i of the residual by up to u sum_j |J_ij| |x_j| (u the unit round-off), so no evaluation
 * of it is more accurate than that. With large stiffness or small steps (M / (beta h^2)) this
 * floor is far above relativeTolerance times the forces: a stiff ANCF cable of 1000 elements
 * needed 10 iterations per step at h = 4e-6 and never met the tolerance. x: total ODE2
 * coordinates qref + q, multipliers in the units of the unknowns (lambda / lambda_per_unknown),
 * ODE1 coordinates; the matrix rows are scaled by force_scale, the floor is unscaled. */
static void roundoff_floor(const cd_system *s, cd_nwork *w, const cd_state *st,
                           const cd_evalcoef *c)
{
    w->floor_stale = 0;
    const cd_pattern *P = &s->pat;
    double *fr = w->floor_row, ss = 0;
    memset(fr, 0, sizeof(double) * (size_t)s->n2);
    for (int j = 0; j < P->N; j++) {
        double xj = j < s->n2 ? fabs(s->qref[j] + st->q[j])
                    : j < s->off1 ? fabs(st->lam[j - s->n2] / c->lambda_per_unknown)
                                  : fabs(s->yref[j - s->off1] + st->y[j - s->off1]);
        if (xj == 0.0) continue;
        for (int p = P->colptr[j]; p < P->colptr[j + 1]; p++) {
            int i = P->rowind[p];
            if (i < s->n2) fr[i] += fabs(w->values[p]) * xj;
        }
    }
    for (int i = 0; i < s->n2; i++) ss += fr[i] * fr[i];
    w->floor2 = DBL_EPSILON * 0.5 * sqrt(ss) / w->jac_force_scale;
}

/* evaluate and factor the Newton matrix at st */
/* the system user functions' hooks (w->uf; cd_solver.h) */

/* PreNewtonResidualUserFunction before a residual evaluation (it: Newton increments applied) */
static int uf_pre_residual(cd_nwork *w, const cd_state *st, int it, cd_error *err)
{
    if (!w->uf || !w->uf->pre_residual) return CD_OK;
    int rc = w->uf->pre_residual(w->uf->ctx, st->t, it, w->disc_it, err);
    if (rc < 0) return rc;
    if (rc & CD_SYSUF_CHANGED) w->uf_changed = 1;
    return CD_OK;
}

typedef struct { const cd_system *s; cd_nwork *w; double sign; } jacadd_ctx;

/* one entry of the SystemJacobianUserFunction's matrix, in Exudyn's ordering of the unknowns
 * [ODE2, ODE1, AE] (coordyn's is [ODE2, AE, ODE1]), into the Newton matrix values */
static int jac_add(void *vctx, int row, int col, double v, cd_error *err)
{
    jacadd_ctx *a = vctx;
    const cd_system *s = a->s;
    int ij[2] = {row, col};
    for (int k = 0; k < 2; k++) {
        int e = ij[k];
        if (e < 0 || e >= s->pat.N)
            return cd_error_set(err, CD_ERR_USERFUNC, "SystemJacobianUserFunction: entry (%d, %d) "
                                "is outside the system matrix (%d unknowns)", row, col, s->pat.N);
        ij[k] = e < s->n2 ? e : e < s->n2 + s->n1 ? s->off1 + e - s->n2 : e - s->n1;
    }
    int p = cd_pattern_find(&s->pat, ij[0], ij[1]);
    if (p < 0)
        return cd_error_set(err, CD_ERR_USERFUNC, "SystemJacobianUserFunction: entry (%d, %d) is "
                            "not in the Newton matrix pattern (coordyn's pattern holds the "
                            "couplings of the items, fixed at Assemble: couple these "
                            "coordinates by an item, or leave the entry out: it speeds up "
                            "Newton but does not change the solution)", row, col);
    if (!isfinite(v))
        return cd_error_set(err, CD_ERR_NONFINITE, "SystemJacobianUserFunction: entry (%d, %d) "
                            "is %g", row, col, v);
    a->w->values[p] += a->sign * v;
    return CD_OK;
}

/* SystemJacobianUserFunction after the Newton matrix evaluation: Exudyn's factors are those of
 * the derivatives of the right-hand side f in its matrix (dynamics: the same signs as coordyn's,
 * whose matrix is d(M q'' - f)/dx; statics: Exudyn's static matrix is df/dq, the opposite
 * sign, so the user's entries are subtracted) */
static int uf_jacobian(const cd_system *s, cd_nwork *w, const cd_state *st,
                       const cd_evalcoef *c, cd_error *err)
{
    if (!w->uf || !w->uf->jacobian) return CD_OK;
    double sign = w->statics ? -1.0 : 1.0;
    double fac[3] = {-sign * c->stiffness_coef, -sign * c->damping_coef,
                     -sign * c->ode1_scale * c->ode1_stiffness_coef};
    jacadd_ctx a = {s, w, sign};
    int rc = w->uf->jacobian(w->uf->ctx, st->t, fac, jac_add, &a, err);
    return rc < 0 ? rc : CD_OK;
}

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
    if (!rc) rc = uf_jacobian(s, w, st, c, err);
    if (rc) return rc;
    stats->jacobians++;
    w->floor_stale = 1;   /* computed when an iteration needs it (cd_newton); the old value */
    w->floor2 = 0;        /* belongs to another matrix (a step of another size) */
    w->jac_force_scale = c->force_scale;
    int changed = 0;
    if (w->rd.reselect) {  /* Newton failed with equations removed: choose them here again */
        w->rd.reselect = 0;
        if ((rc = cd_redund_select(s, w, w->values, st, &changed, stats, err))) return rc;
    }
    cd_redund_matrix(s, &w->rd, w->values);
    rc = cd_ls_factor(w->ls, w->values, err);
    stats->factorizations++;
    /* singular: are some constraint equations dependent here (redundant, or a singular
     * configuration)? Remove them and factor again */
    if (rc == CD_ERR_SINGULAR) rc = cd_redund_refactor(s, w, st, c, w->ls, rc, stats, err);
    if (rc == CD_ERR_SINGULAR || rc == CD_ERR_NONFINITE) {  /* retry with a smaller step */
        if (rc == CD_ERR_SINGULAR) cd_explain_column(s, cd_ls_get_stats(w->ls).failed_column, err);
        if (rc == CD_ERR_NONFINITE) explain_nonfinite_entry(s, w, err);
        /* singular again and again without a good factorization in between (steps that need
         * no iteration are accepted unfactored, so the step could cycle without end): a
         * smaller step does not help */
        if (rc == CD_ERR_SINGULAR && ++w->singular_streak >= 5) {
            char why[CD_MSG_LEN];
            snprintf(why, sizeof why, "%s", err->msg);
            cd_error_set(err, CD_ERR_SINGULAR, "the Newton matrix is singular at 5 step sizes "
                         "in a row (a smaller step does not help): %s", why);
            cd_newton_explain(s, w, err);  /* w->r: the residual of this iterate */
            return CD_ERR_SINGULAR;
        }
        return CD_RETRY_STEP;
    }
    w->singular_streak = 0;
    if (rc) return rc;  /* out of memory, or a bug: a smaller step would not help */
    w->jac_current = 1;
    return CD_OK;
}

/* q <- q o exp(-dx) (additive but on Lie-group rotation blocks), v, a and lambda additive:
 * v -= vel_per_dq dx, a -= accel_per_dq dx, lambda -= lambda_per_unknown dx_lambda */
static void apply(const cd_system *s, cd_nwork *w, cd_state *st, const cd_evalcoef *c,
                  double accel_per_dq, double vel_per_dq)
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
        st->v[i] -= vel_per_dq * dx[i];
        st->a[i] -= accel_per_dq * dx[i];
    }
    for (int j = 0; j < s->nae; j++) st->lam[j] -= c->lambda_per_unknown * dx[n2 + j];
    for (int i = 0; i < s->n1; i++) {  /* ODE1: y -= dy, y' -= ode1_rate_coef dy */
        st->y[i] -= dx[s->off1 + i];
        st->yd[i] -= c->ode1_rate_coef * dx[s->off1 + i];
    }
}

/* the force tolerance is at least this many times the round-off floor (roundoff_floor) */
#define FLOOR_FACTOR 4.0

/* the convergence test of iteration `it` on the residual just evaluated (w->ev's norms);
 * fresh: the matrix was evaluated during this call; qs: size of the coordinates.
 * Force rows: L2 of the unscaled residual M a + r2 - f, relative to the force level
 * |f - C^T lam| at the predictor (what the residual of a zero-acceleration predictor would be)
 * or the predictor's own residual if larger (w->rref); the predictor qdd1 = qdd0 is often so
 * good that its residual alone is near round-off. */
static int converged(const cd_nwork *w, const cd_evalcoef *c, const cd_newton_settings *set,
                     int it, int fresh, double qs)
{
    double e = w->ev.rnorm2, eg = w->ev.aenorm;
    double tol = fmax(set->absoluteTolerance, set->relativeTolerance * w->rref);
    tol = fmax(tol, FLOOR_FACTOR * w->floor2);
    /* modified Newton with a matrix from an earlier step converges linearly; its error is
     * about rho / (1 - rho) times the last correction, so it stops at a tenth of the
     * tolerance; with a matrix of this step (or at round-off) the plain tolerance holds */
    double tolf = set->useModifiedNewton && !fresh ? fmax(set->absoluteTolerance, 0.1 * tol)
                                                   : tol;
    /* constraint rows (position units): the violation whose correction would change the
     * forces by tol, tol h^2 beta / m (dynamics), or relativeTolerance 1e-2 of the
     * coordinates (statics); never below round-off of the coordinates */
    double tolg = c->mass_coef > 0 && !w->statics ? tol * c->force_scale / w->ev.mscale
                                   : 1e-2 * set->relativeTolerance * qs;
    tolg = fmax(tolg, 1e-14 * qs);
    int conv_f = e <= set->absoluteTolerance || (it > 0 && e <= tolf);
    /* ODE1 rows, as the Newton matrix sees them (dynamics: h/2 (y' - f1), in the units of y):
     * relativeTolerance of the size of the ODE1 coordinates */
    double e1 = w->ev.ode1norm * fabs(c->ode1_scale);
    int conv_1 = e1 <= fmax(set->absoluteTolerance, set->relativeTolerance * w->ysize);
    return conv_f && eg <= tolg && conv_1;
}

/* L2 norm of the residual as the Newton matrix sees it (scaled rows) */
static double scaled_norm(const cd_nwork *w)
{
    double en = 0;
    for (int i = 0; i < w->N; i++) en += w->r[i] * w->r[i];
    return sqrt(en);
}

/* q, lambda, y, a <-> w->xsave (the line search's state before the increment; statics: v and
 * y' stay zero, a is the stabilizer's s (q - q_start)) */
static void save_x(const cd_system *s, cd_nwork *w, const cd_state *st)
{
    memcpy(w->xsave, st->q, sizeof(double) * (size_t)s->n2);
    memcpy(w->xsave + s->n2, st->lam, sizeof(double) * (size_t)s->nae);
    memcpy(w->xsave + s->n2 + s->nae, st->y, sizeof(double) * (size_t)s->n1);
    memcpy(w->xsave + s->n2 + s->nae + s->n1, st->a, sizeof(double) * (size_t)s->n2);
}

static void restore_x(const cd_system *s, const cd_nwork *w, cd_state *st)
{
    memcpy(st->q, w->xsave, sizeof(double) * (size_t)s->n2);
    memcpy(st->lam, w->xsave + s->n2, sizeof(double) * (size_t)s->nae);
    memcpy(st->y, w->xsave + s->n2 + s->nae, sizeof(double) * (size_t)s->n1);
    memcpy(st->a, w->xsave + s->n2 + s->nae + s->n1, sizeof(double) * (size_t)s->n2);
}

/* dx . r: times -1 the slope of the potential along the increment (for conservative forces;
 * of the Lagrangian with constraints) */
static double dot_dx_r(const cd_nwork *w)
{
    double d = 0;
    for (int i = 0; i < w->N; i++) d += w->dx[i] * w->r[i];
    return d;
}

/* line search on the slope of the energy along the Newton increment (Crisfield, Non-linear
 * Finite Element Analysis of Solids and Structures 1 (1991), 9.3), after the full increment
 * was applied (the state before it in xsave, s0 = dx . r there): with the trial x - alpha dx
 * and s(alpha) = dx . r(x - alpha dx), the step is taken when |s| <= s0 / 2 or s > 0 (the
 * energy still decreases: no extrapolation beyond the Newton step), or when the trial passes
 * the convergence test; otherwise (overshoot past the energy minimum on the line, or a residual
 * that is not finite) alpha is reduced to the secant root alpha s0 / (s0 - s), at least by a
 * factor 10, or halved, at most w->ls_max times (then the shortest trial is taken). No search
 * when s0 <= 0 (an indefinite Newton matrix: dx is no descent direction of the energy).
 * Leaves the residual of the accepted iterate in w->r and w->ev. */
static int line_search(const cd_system *s, cd_nwork *w, cd_state *st, const cd_evalcoef *c,
                       const cd_newton_settings *set, int it, int fresh, double qs, double s0,
                       double accel_per_dq, cd_stats *stats, cd_error *err)
{
    double alpha = 1.0;
    for (int k = 0;; k++) {
        int rc = uf_pre_residual(w, st, it + 1, err);
        if (!rc) rc = cd_eval_residual(s, &w->ev, st, c, w->r, err);
        stats->residuals++;
        if (rc) return rc;
        cd_redund_residual(s, &w->rd, st, c->lambda_per_unknown, w->r);
        int finite = isfinite(w->ev.rnorm);
        double sa = dot_dx_r(w) / alpha, f = 0.5;  /* w->dx is alpha times the increment */
        if (!(s0 > 0) || k >= w->ls_max || (finite && converged(w, c, set, it + 1, fresh, qs)))
            return CD_OK;
        if (finite && isfinite(sa)) {
            if (sa > 0 || fabs(sa) <= 0.5 * s0) return CD_OK;
            f = fmax(0.1, s0 / (s0 - sa));
        }
        restore_x(s, w, st);
        alpha *= f;
        for (int i = 0; i < w->N; i++) w->dx[i] *= f;
        apply(s, w, st, c, accel_per_dq, 0.0);
        stats->linesearch++;
    }
}

/* verboseMode >= 2 (w->event set): one event of Newton in w->evrec (the driver's fields, step
 * and time, stay as it set them); a failing callback ends the events of the solve */
static void newton_event(cd_nwork *w, int kind, int it, double e, double e_last,
                         const cd_state *st, const cd_newton_settings *set)
{
    cd_event *ev = &w->evrec;
    ev->kind = kind;
    ev->iteration = it;
    ev->residual = e;
    ev->relative = w->rref > 0 ? e / w->rref : e;
    ev->contraction = e_last > 0 ? e / e_last : 0.0;
    ev->constraint = w->ev.aenorm;
    ev->tol_rel = set->relativeTolerance;
    ev->tol_abs = set->absoluteTolerance;
    ev->message = NULL;
    int full = kind == CD_EV_ITERATION && w->verbose >= 3;
    ev->r = full ? w->r : NULL;
    ev->dx = full ? w->dx : NULL;
    ev->N = w->N;
    ev->st = full ? st : NULL;
    if (w->event(w->event_ctx, ev)) {
        w->event = NULL;
        w->event_failed = 1;
    }
}

int cd_newton(const cd_system *s, cd_nwork *w, cd_state *st, const cd_evalcoef *c,
              double accel_per_dq, double vel_per_dq, const cd_newton_settings *set,
              cd_stats *stats, cd_error *err)
{
    double err_prev = 0, qs = 1;  /* qs: size of the coordinates (round-off of g) */
    double e_last = 0;            /* the force residual of the last iterate (events) */
    int fresh = 0, rc;            /* fresh: the matrix was evaluated during this call */
    if (w->N == 0) return CD_OK;
    w->last_c = *c;  /* the coefficients of the minimum-norm multipliers' matrix */
    w->have_last_c = 1;
    /* modified Newton: a matrix so stale that the last step needed 5 or more iterations is
     * renewed at the start of this one (measured on bench_rigid.py: the single rigid pendulum
     * took 5.4 iterations per step with a matrix renewed only on poor contraction; renewing
     * after 3 or 4 iterations refactors too often on chains, after 6 gains less) */
    if (set->useModifiedNewton && w->last_its >= 5) w->jac_current = 0;
    for (int i = 0; i < s->n2; i++) qs = fmax(qs, fabs(s->qref[i] + st->q[i]));
    w->ysize = 1;
    for (int i = 0; i < s->n1; i++) w->ysize = fmax(w->ysize, fabs(s->yref[i] + st->y[i]));
    /* the line search only where v, a, y' do not follow the increment (statics) */
    int ls = w->line_search && vel_per_dq == 0.0 &&
             c->ode1_rate_coef == 0.0 && !w->lie_inc;
    int have_r = 0;  /* the line search left the residual of the iterate in w->r */
    for (int it = 0; it <= set->maxIterations; it++) {
        if (!have_r) {
            rc = uf_pre_residual(w, st, it, err);
            if (!rc) rc = cd_eval_residual(s, &w->ev, st, c, w->r, err);
            stats->residuals++;
            if (rc) return rc;
            cd_redund_residual(s, &w->rd, st, c->lambda_per_unknown, w->r);
        }
        have_r = 0;
        w->last_s2 = c->force_scale;
        w->last_err = w->ev.rnorm;
        if (isnan(w->ev.rnorm) || isinf(w->ev.rnorm)) {
            char lb[256];
            if (cd_eval_nonfinite_item(s, &w->ev, lb, sizeof lb))
                return cd_error_set(err, CD_RETRY_STEP, "residual is not finite (its first "
                                    "non-finite term comes from %s)", lb);
            return cd_error_set(err, CD_RETRY_STEP, "residual is not finite");
        }
        if (it == 0) w->rref = fmax(w->ev.rnorm2, w->ev.fnorm);
        /* the round-off floor of the matrix in use, from the third iteration on (most steps
         * of ordinary models converge before and do not pay the pass over the matrix), from
         * the second when the floor mattered last time (stiff, finely meshed models: a 1000-
         * element cable takes 1000 steps in 3.3 s instead of 5.3 s) */
        if ((it >= 2 || (it == 1 && w->floor_matters)) && w->floor_stale && w->jac_current) {
            roundoff_floor(s, w, st, c);
            w->floor_matters = FLOOR_FACTOR * w->floor2 >
                               fmax(set->absoluteTolerance, set->relativeTolerance * w->rref);
        }
        if (w->event) {
            /* Newton's start: the reference of the relative tolerance as its residual */
            newton_event(w, it ? CD_EV_ITERATION : CD_EV_NEWTON, it,
                         it ? w->ev.rnorm2 : w->rref, e_last, st, set);
            e_last = w->ev.rnorm2;
        }
        if (converged(w, c, set, it, fresh, qs)) {
            w->last_its = fresh ? 0 : it;
            if (w->event) newton_event(w, CD_EV_CONVERGED, it, w->ev.rnorm2, 0, st, set);
            return CD_OK;
        }
        if (it == set->maxIterations) break;
        /* full Newton: new matrix every iteration; modified: when an iteration reduces the
         * scaled residual by less than 4x (measured on the rigid-body benchmarks: 10x
         * refactors too often on chains, 2x iterates too long on a single body) */
        double en = scaled_norm(w);
        int need = !w->jac_current || !set->useModifiedNewton || (it > 0 && en > 0.25 * err_prev);
        if (it > 0 && en > 1e3 * err_prev && err_prev > 0 && !w->statics) {
            w->rd.reselect = w->rd.npin > 0;
            return cd_error_set(err, CD_RETRY_STEP, "Newton diverged (residual grew from %.3g "
                                "to %.3g)", err_prev, en);
        }
        if (need && (rc = refactor(s, w, st, c, stats, err))) return rc;
        if (need && w->event) newton_event(w, CD_EV_JACOBIAN, it + 1, w->ev.rnorm2, 0, st, set);
        if (need) fresh = 1;
        /* dx = J^-1 r, then x -= dx */
        memcpy(w->dx, w->r, sizeof(double) * (size_t)w->N);
        if ((rc = cd_ls_solve(w->ls, w->dx, err))) return rc;  /* only fails on a bug */
        double s0 = 0;
        if (ls) { save_x(s, w, st); s0 = dot_dx_r(w); }
        apply(s, w, st, c, accel_per_dq, vel_per_dq);
        stats->newton++;
        err_prev = en;
        if (ls) {
            rc = line_search(s, w, st, c, set, it, fresh, qs, s0, accel_per_dq, stats, err);
            if (rc) return rc;
            have_r = 1;
        }
    }
    /* with equations removed, the set may no longer suit the configuration (an equation
     * dependent only near a singular configuration): the retry chooses it again */
    w->rd.reselect = w->rd.npin > 0;
    return cd_error_set(err, CD_RETRY_STEP, "Newton did not converge in %d iterations (residual "
                        "%.3g, tolerance %.3g)", set->maxIterations, w->last_err,
                        fmax(fmax(set->absoluteTolerance, set->relativeTolerance * w->rref),
                             FLOOR_FACTOR * w->floor2));
}
