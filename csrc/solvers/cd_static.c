/* cd_static: static equilibrium  r2(q, lam) - lf f_loads = 0,  g(q) = 0  (and f1(y) = 0 for
 * ODE1 coordinates, with y' = 0) by Newton with load steps. Constant loads are scaled by the load
 * factor lf (linear steps i/n, or geometric range^((i - 1)/(n - 1) - 1) as Exudyn 1.13); loads
 * given by user functions are evaluated at the quasi-time
 * t = startTime + lf instead. The step variable of the driver (cd_driver.c) is x in [0, 1]
 * (lf = x for linear steps): a load step whose Newton fails is halved
 * (staticSolver.adaptiveStep, down to staticSolver.minimumStepSize), a step grows back by 2
 * after each success, the sensors record at the nominal load steps.
 * staticSolver.stabilizerODE2term adds Exudyn's mass-proportional term s (1 - lf^2) M (q - q_prev)
 * while lf < 1. staticSolver.lineSearch damps Newton by a line search on the slope of the energy
 * (cd_newton.c). */
#include "cd_driver.h"
#include <math.h>
#include <string.h>

typedef struct st_solver {
    const cd_system *s;
    const cd_settings *set;
    cd_nwork *w;
    cd_stats *stats;
    cd_evalcoef c;     /* Newton coefficients: the stiffness matrix, position-level rows */
} st_solver;

/* the load factor at x in [0, 1]: x, or geometric steps as Exudyn 1.13's static solver: in
 * step k = x n (1..n) R^((k - 1)/(n - 1) - 1), from 1/R in the first step to 1 in the last
 * (n = 1: 1); a reduced first step x < 1/n ramps linearly to 1/R */
static double load_factor(const cd_settings *set, double x)
{
    if (!set->loadStepGeometric || x <= 0) return x;
    double n = (double)set->numberOfLoadSteps, R = set->loadStepGeometricRange;
    if (n <= 1) return x;
    if (x * n < 1.0) return x * n / R;
    return x >= 1.0 ? 1.0 : pow(R, (x * n - 1.0) / (n - 1.0) - 1.0);
}

/* one load step to x = tau_next: Newton from the last equilibrium with a fresh matrix */
static int static_step(void *solver, const cd_state *prev, cd_state *st, double tau_next,
                       double h, double *est, cd_error *err)
{
    st_solver *g = solver;
    (void)prev; (void)h;
    *est = -1;
    double lf = load_factor(g->set, tau_next);
    /* stabilizerODE2term (Exudyn's): s (1 - lf^2) M (q - q_prev) in the force rows, with
     * a = s (1 - lf^2) (q - q_prev) following the Newton increments; st starts as prev, a = 0 */
    double stab = g->set->staticStabilizer * (1.0 - lf * lf);
    g->c.load_factor = lf;
    g->c.mass_coef = stab;
    memset(st->a, 0, sizeof(double) * (size_t)g->s->n2);
    g->w->jac_current = 0;
    g->w->rref = 0;
    return cd_newton(g->s, g->w, st, &g->c, stab, 0.0, &g->set->staticNewton, g->stats, err);
}

/* load steps: x on the grid k / n, halved on failure down to minimumStepSize, grown by 2 after
 * each success, sensors recorded at the nominal steps */
static void static_rules(const cd_settings *set, cd_steprules *r)
{
    int n = set->numberOfLoadSteps;
    memset(r, 0, sizeof(*r));
    r->grid = CD_GRID_LOAD;
    r->tau0 = 0.0;
    r->tau1 = 1.0;
    r->ngrid = n;
    r->time_offset = set->startTime;
    r->hmin = set->staticMinimumStepSize;
    r->adaptive = set->staticAdaptiveStep;
    r->halve_tried = 0;
    r->grow_after = 1;
    r->record_start = 0;
    r->sensor_period = 0;
    r->sensor_cap = (long long)n + 2;
    r->disc = &set->staticDiscontinuous;
}

static int static_start(void *solver, cd_nwork *w, cd_state *st, cd_stats *stats,
                        cd_steprules *r, cd_error *err)
{
    st_solver *g = solver;
    const cd_settings *set = g->set;
    int rc = cd_settings_check_static(set, err);
    if (rc) return rc;
    g->w = w;
    g->stats = stats;
    w->line_search = set->staticLineSearch;
    w->ls_max = set->staticLineSearchMaxReductions;
    w->statics = 1;
    memset(&g->c, 0, sizeof g->c);
    g->c.force_scale = g->c.stiffness_coef = g->c.multiplier_coef = 1.0;
    g->c.gdq_coef = g->c.velocity_row_scale = g->c.lambda_per_unknown = 1.0;
    /* ODE1 rows: equilibrium f1(y) = 0 with y' = 0 */
    g->c.ode1_scale = g->c.ode1_stiffness_coef = 1.0;
    g->c.ode1_rate_coef = 0.0;
    static_rules(set, r);
    memset(st->v, 0, sizeof(double) * (size_t)g->s->n2);
    memset(st->a, 0, sizeof(double) * (size_t)g->s->n2);
    memset(st->yd, 0, sizeof(double) * (size_t)g->s->n1);
    st->t = set->startTime;
    return CD_OK;
}

static void static_failed(void *solver, double tau, double tau_next, double h_tried, double h,
                          const char *why, cd_error *err)
{
    const st_solver *g = solver;
    (void)tau; (void)h_tried;
    cd_error_set(err, CD_ERR_NEWTON, "static solver failed at load factor %.6g (load step %.3g): "
                 "%s", load_factor(g->set, tau_next), h, why);
}

static void static_interrupted(void *solver, double tau, cd_error *err)
{
    const st_solver *g = solver;
    cd_error_set(err, CD_ERR_USERFUNC, "static solve interrupted at load factor %g",
                 load_factor(g->set, tau));
}

static double static_factor(void *solver, double tau)
{
    const st_solver *g = solver;
    return load_factor(g->set, tau);
}

static void static_finish(void *solver) { (void)solver; }

int cd_solve_static(const cd_system *s, const cd_settings *set, cd_state *st,
                    cd_solvectx *ctx, cd_stats *stats, cd_error *err)
{
    st_solver g;
    memset(&g, 0, sizeof g);
    g.s = s;
    g.set = set;
    cd_stepper sp = {.solver = &g, .start = static_start, .step = static_step,
                     .failed = static_failed, .interrupted = static_interrupted,
                     .factor = static_factor, .finish = static_finish};
    return cd_drive(s, set, &set->staticNewton, &sp, st, ctx, stats, err);
}
