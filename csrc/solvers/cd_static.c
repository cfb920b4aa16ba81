/* cd_static: static equilibrium  r2(q, lam) - lf f_loads = 0,  g(q) = 0  by Newton with load
 * steps. Constant loads are scaled by the load factor lf (linear steps i/n, or geometric
 * range^(i/n - 1)); loads given by user functions are evaluated at the quasi-time
 * t = startTime + lf instead. A load step whose Newton fails is halved. */
#include "cd_newton.h"
#include <math.h>
#include <string.h>

static double load_factor(const cd_settings *set, double x)
{
    if (!set->loadStepGeometric || x <= 0) return x;
    return pow(set->loadStepGeometricRange, x - 1.0);
}

int cd_solve_static(const cd_system *s, const cd_settings *set, cd_state *st,
                    cd_solvectx *ctx, cd_stats *stats, cd_error *err)
{
    cd_nwork w;
    cd_state prev;
    int rc;
    double tstart = cd_clock();
    memset(stats, 0, sizeof(*stats));
    if (!s->assembled) return cd_error_set(err, CD_ERR_NOTASSEMBLED, "call mbs.Assemble() first");
    if (set->numberOfLoadSteps < 1)
        return cd_error_set(err, CD_ERR_INPUT, "staticSolver.numberOfLoadSteps must be >= 1, got %d",
                            set->numberOfLoadSteps);
    if ((rc = cd_nwork_init(&w, s, set, &set->staticNewton, err))) return rc;
    if (cd_state_init(&prev, s)) {
        cd_nwork_free(&w, s);
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory");
    }
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = c.stiffness_coef = c.multiplier_coef = c.gdq_coef = c.velocity_row_scale = c.lambda_per_unknown = 1.0;
    memset(st->v, 0, sizeof(double) * (size_t)s->n2);
    memset(st->a, 0, sizeof(double) * (size_t)s->n2);
    int n = set->numberOfLoadSteps;
    double x = 0, dxs = 1.0 / n, t0 = set->startTime;
    st->t = t0;
    if (ctx && ctx->want_sensors) {
        ctx->sensors = cd_sensors_create(s, &w.ev, st, n + 2, 0, err);
        if (!ctx->sensors) rc = err->code ? err->code : CD_ERR_NOMEM;
    }
    long k = 0;  /* nominal load steps completed */
    double tprog = cd_clock();
    while (!rc && k < n) {
        /* next load factor, never past the next nominal one k+1/n (exactly on it when reached) */
        double xg = (double)(k + 1) / n, xn = x + dxs;
        if (xn >= xg - 1e-6 * dxs) xn = xg;
        cd_state_copy(&prev, st);
        c.load_factor = load_factor(set, xn);
        st->t = t0 + xn;
        w.jac_current = 0;
        w.rref = 0;
        int src = cd_newton(s, &w, st, &c, 0.0, 0.0, &set->staticNewton, stats, err);
        if (src < 0) { rc = src; break; }
        if (src > 0) {
            cd_state_copy(st, &prev);
            stats->rejected++;
            if (dxs * 0.5 < 1e-6 / n) {
                char why[CD_MSG_LEN];
                snprintf(why, sizeof why, "%s", err->msg);
                rc = cd_error_set(err, CD_ERR_NEWTON, "static solver failed at load factor %.6g "
                                  "(load step %.3g): %s", load_factor(set, xn), dxs, why);
                cd_newton_explain(s, &w, err);
                break;
            }
            dxs *= 0.5;
            continue;
        }
        x = xn;
        stats->steps++;
        if (xn == xg) {
            k++;
            if (ctx && ctx->sensors) rc = cd_sensors_record(s, &w.ev, st, ctx->sensors, 1, err);
        }
        if (dxs < 1.0 / n) dxs = fmin(1.0 / n, 2 * dxs);
        if (!rc && ctx && ctx->progress && cd_clock() - tprog > 0.1) {
            tprog = cd_clock();
            if (ctx->progress(ctx->progress_ctx, x, 0.0, 1.0))
                rc = cd_error_set(err, CD_ERR_USERFUNC, "static solve interrupted at load factor "
                                  "%g", load_factor(set, x));
        }
    }
    if (ctx && ctx->sensors) cd_sensors_close(ctx->sensors);
    stats->residuals = w.ev.nres;
    stats->linsolver = w.ls ? (int)cd_ls_kind_of(w.ls) : 0;
    stats->lsfull = w.ls ? cd_ls_get_stats(w.ls).nfull : 0;
    stats->cpu_seconds = cd_clock() - tstart;
    cd_state_free(&prev);
    cd_nwork_free(&w, s);
    return rc;
}
