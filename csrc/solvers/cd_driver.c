/* cd_driver: the step loop shared by the dynamic and the static solver (see cd_driver.h).
 *
 * Per attempt: plan the step (never past the next grid point), save the state, let the solver
 * take the step, then either accept it (land on the grid point, grow the step, record the
 * sensors, report progress) or reject it (restore the state, halve the step, or stop with an
 * error below the minimum step). */
#include "cd_driver.h"
#include "cd_solfile.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

/* the loop's state */
typedef struct drive {
    const cd_system *s;
    const cd_stepper *sp;
    cd_steprules r;
    cd_nwork w;
    cd_state *prev;       /* the state at the start of the step (the last accepted one): the
                           * caller's ctx->step_start, or prev_own */
    cd_state prev_own;
    cd_state *st;         /* the state being advanced */
    cd_solvectx *ctx;
    const cd_settings *set;
    cd_solfile *sol;      /* the solution file, NULL if none */
    cd_stats *stats;
    double tau;           /* step variable of st */
    double h, H;          /* current and nominal step size (control: the controller's step) */
    double G;             /* CD_GRID_TIME: grid spacing */
    int after_reject;     /* control: the last attempt was rejected (no growth next) */
    double est_last;      /* control: the last accepted step's estimate (at the step h) */
    long k;               /* grid points reached */
    int good;             /* successful steps since the last reduction or growth */
    int warned;           /* the blow-up warning was given */
    int over;             /* growing estimates beyond the guard since it was last below */
    double est_guard;     /* the last accepted step's estimate (fixed steps) */
    double log_base;      /* running mean of log2(estimate) over ~20 steps (fixed steps) */
    int have_base;
    int ndisc;            /* objects with a discontinuous iteration (post_newton) */
    /* verbose events (cd_event; in w.evrec): the callback (NULL: none), the level, the Newton
     * iterations and Jacobians counted at the last accepted step, and the attempt's */
    cd_eventfn event;
    int verbose;
    long nit_mark, jac_mark, nit_try;
    double h_tried;       /* the size of the step being accepted */
    char evmsg[CD_MSG_LEN];
    double tstart;        /* clock at the start of the solve */
    double tprog;         /* clock of the last progress report */
    /* system user functions (NULL: none); uf_stop: one returned False, the solve ends after
     * this step; h_rec: the step size a PostNewtonUserFunction recommended (< 0: none) */
    const cd_sysfuncs *uf;
    int uf_stop;
    double h_rec;
} drive;

/* ------------------------------------------------------------------ system user functions */

/* a user function changed item parameters: the constant mass matrices and the Newton matrix
 * are computed again */
static void uf_refresh(drive *d)
{
    cd_evalws *ws = &d->w.ev;
    if (!d->w.uf_changed) return;
    d->w.uf_changed = 0;
    d->w.jac_current = 0;
    for (int o = 0; o < d->s->list[CD_OBJECT].n; o++) {
        if (!ws->Mconst[o]) continue;
        const cd_item *it = &d->s->list[CD_OBJECT].items[o];
        cd_objctx c = cd_eval_objctx(d->s, ws, o, 0.0, 0, NULL);
        it->type->object->mass(&c, ws->Mconst[o]);
    }
}

/* Pre- or PostStepUserFunction (fn) at the time of st: a False return ends the solve after this
 * step */
static int uf_step(drive *d, int (*fn)(void *, double, cd_error *), cd_error *err)
{
    if (!fn) return CD_OK;
    int rc = fn(d->uf->ctx, d->st->t, err);
    if (rc < 0) return rc;
    if (rc & CD_SYSUF_STOP) d->uf_stop = 1;
    if (rc & CD_SYSUF_CHANGED) d->w.uf_changed = 1;
    uf_refresh(d);
    return CD_OK;
}

/* PostNewtonUserFunction after a converged Newton solve: its error |out[0]| into *e and its
 * recommended step size (with discontinuous.useRecommendedStepSize) into d->h_rec */
static int uf_post_newton(drive *d, double *e, cd_error *err)
{
    double out[2] = {0, -1};
    d->h_rec = -1;
    if (!d->uf || !d->uf->post_newton) return CD_OK;
    int rc = d->uf->post_newton(d->uf->ctx, d->st->t, out, err);
    if (rc < 0) return rc;
    if (rc & CD_SYSUF_CHANGED) d->w.uf_changed = 1;
    *e += fabs(out[0]);
    if (out[1] >= 0 && d->r.disc->useRecommendedStepSize) d->h_rec = out[1];
    return CD_OK;
}

/* grid point k: load factors k / n exactly (k * (1 / n) may miss 1 at k = n), times
 * t0 + k G with the grid spacing G, the last one tau1 exactly */
static double grid_point(const drive *d, long k)
{
    if (d->r.grid == CD_GRID_LOAD) return (double)k / (double)d->r.ngrid;
    if (k >= d->r.ngrid) return d->r.tau1;
    return d->r.tau0 + (double)k * d->G;
}

/* the end of the next step, never past the next grid point `grid`; *h_tried its size */
static double plan_step(const drive *d, double grid, double *h_tried)
{
    if (d->r.grid == CD_GRID_LOAD) {
        double next = d->tau + d->h;
        if (next >= grid - 1e-6 * d->h) next = grid;
        *h_tried = next - d->tau;
        return next;
    }
    double rest = grid - d->tau;
    if (!d->r.control || d->sp->control) {
        *h_tried = fmin(d->h, rest);
        return d->tau + *h_tried;
    }
    /* error control: the rest of the interval in equal steps of at most h (equal steps keep
     * the factorization; no tiny last step before an output time) */
    double n = fmax(1.0, ceil(rest / d->h - 1e-9));
    *h_tried = rest / n;
    return n == 1.0 ? grid : d->tau + *h_tried;
}

/* the accepted step ended on the grid point */
static int on_grid(const drive *d, double tau_next, double grid)
{
    if (d->r.grid == CD_GRID_LOAD) return tau_next == grid;
    return fabs(tau_next - grid) <= 1e-12 * (d->r.tau1 - d->r.tau0) + 1e-15;
}

static int more_steps(const drive *d)
{
    if (d->r.grid == CD_GRID_LOAD) return d->k < d->r.ngrid;
    return d->tau < d->r.tau1 - 1e-12 * (d->r.tau1 - d->r.tau0);
}

static int report_progress(drive *d, cd_error *err);
static int accept(drive *d, double tau_next, double grid, cd_error *err);

/* hand the filled event record to the callback; a failing callback ends the solve's events */
static void send_event(drive *d)
{
    if (d->event(d->w.event_ctx, &d->w.evrec)) {
        d->event = d->w.event = NULL;
        d->w.event_failed = 1;
    }
}

/* a driver event (kind) at step `step`, at tau (the time or load factor the event names), of
 * step size h into w.evrec; the callback failing ends the solve's events */
static void drive_event(drive *d, int kind, long step, double tau, double h, const char *msg)
{
    cd_event *ev = &d->w.evrec;
    ev->kind = kind;
    ev->statics = d->r.grid == CD_GRID_LOAD;
    ev->step = step;
    ev->t = d->r.time_offset + tau;
    ev->factor = d->sp->factor ? d->sp->factor(d->sp->solver, tau) : tau;
    ev->h = h;
    ev->iteration = (int)(d->stats->newton - d->nit_try);
    ev->iterations = d->stats->newton - d->nit_mark;
    ev->jacobians = d->stats->jacobians - d->jac_mark;
    ev->message = msg;
    ev->r = ev->dx = NULL;
    ev->st = NULL;
    send_event(d);
}

/* a recoverable failure: back to the start of the step and halve the step, or stop with an
 * error (why the last try failed, then the largest residuals) below the minimum */
static int reject(drive *d, double tau_next, double h_tried, cd_error *err)
{
    double base = d->r.halve_tried ? h_tried : d->h, hn = base * 0.5;
    /* Exudyn's reduction to a step a PostNewtonUserFunction recommended (0: the minimum) */
    if (d->h_rec >= 0) hn = base > d->r.hmin ? fmax(d->r.hmin, fmin(0.75 * base, d->h_rec)) : 0;
    d->h_rec = -1;
    if (d->event) drive_event(d, CD_EV_FAILED, d->stats->steps + 1, tau_next, h_tried, err->msg);
    d->stats->rejected++;
    cd_state_copy(d->st, d->prev);
    d->w.jac_current = 0;
    if (!d->r.adaptive || hn < d->r.hmin) {
        char why[CD_MSG_LEN];
        snprintf(why, sizeof why, "%s", err->msg);
        d->sp->failed(d->sp->solver, d->tau, tau_next, h_tried, d->h, why, err);
        cd_newton_explain(d->s, &d->w, err);
        return CD_ERR_NEWTON;
    }
    d->h = hn;
    d->good = 0;
    d->after_reject = 1;
    if (d->h < d->stats->hmin_used) d->stats->hmin_used = d->h;
    if (d->event) drive_event(d, CD_EV_REDUCED, d->stats->steps + 1, d->tau, d->h, NULL);
    return report_progress(d, err);  /* a solve that keeps rejecting can be interrupted */
}

/* the step-size factor for an error estimate est (relative to the tolerance) of a method
 * whose local error is O(h^3): 0.9 est^(-1/3), within [0.2, 2] */
static double step_factor(double est)
{
    if (!(est > 0)) return 2.0;
    return fmin(2.0, fmax(0.2, 0.9 * pow(est, -1.0 / 3.0)));
}

/* error control: a converged step whose estimate exceeds the tolerance is taken again with a
 * smaller step, or ends the solve below the minimum step */
static int reject_error(drive *d, double tau_next, double h_tried, double est, cd_error *err)
{
    double h = h_tried * fmin(0.9, step_factor(est));
    d->stats->rejected++;
    d->stats->rejected_error++;
    cd_state_copy(d->st, d->prev);
    if (h < d->r.hmin)
        return cd_error_set(err, CD_ERR_NEWTON, "error control: the step size fell below "
                            "timeIntegration.minimumStepSize (%.3g) at t = %.10g: the local error "
                            "estimate of the step to t = %.10g (size %.3g) is %.3g times the "
                            "tolerances (errorControl.relativeTolerance, absoluteTolerance)",
                            d->r.hmin, d->r.time_offset + d->tau, d->r.time_offset + tau_next,
                            h_tried, est);
    d->h = h;
    d->after_reject = 1;
    if (d->event) {
        snprintf(d->evmsg, sizeof d->evmsg, "the local error estimate of the step to t = %.10g "
                 "is %.3g times the tolerances", d->r.time_offset + tau_next, est);
        drive_event(d, CD_EV_REDUCED, d->stats->steps + 1, d->tau, d->h, d->evmsg);
    }
    return report_progress(d, err);
}

/* error control after an accepted step of size h_tried: the next step from the estimate as if
 * the controller's step h had been taken (est scales with h^3) or the previous step's estimate
 * if larger (generalized-alpha's estimates alternate from step to step with its weakly damped
 * high-frequency mode: growing after the smaller of two makes the next step fail); a proposal
 * within [1, 1.25] of h keeps h (and with it the factorization), no growth right after a
 * rejection */
static void control_next(drive *d, double h_tried, double est)
{
    cd_stats *st = d->stats;
    if (h_tried < st->hmin_used) st->hmin_used = h_tried;
    if (h_tried > st->hmax_used) st->hmax_used = h_tried;
    if (est < 0) return;                    /* no estimate: keep the step */
    double r = h_tried < d->h ? d->h / h_tried : 1.0, e = est * r * r * r;
    double f = step_factor(fmax(e, d->est_last));
    d->est_last = e;
    if (d->after_reject) f = fmin(f, 1.0);
    d->after_reject = 0;
    if (f >= 1.0 && f <= 1.25) return;
    d->h = fmin(d->r.hmax, fmax(d->r.hmin, d->h * f));
}

/* error control by the stepper (cd_stepper.control): it accepts the step or rejects it, and
 * says the next step size either way */
static int solver_control(drive *d, double tau_next, double h_tried, double est, double grid,
                          cd_error *err)
{
    double h_next = d->h;
    if (d->sp->control(d->sp->solver, h_tried, est, &h_next)) {
        d->stats->rejected++;
        d->stats->rejected_error++;
        cd_state_copy(d->st, d->prev);
        d->h = h_next;
        if (d->event) {
            snprintf(d->evmsg, sizeof d->evmsg, "the local error estimate of the step to t = "
                     "%.10g is %.3g times the tolerances", d->r.time_offset + tau_next, est);
            drive_event(d, CD_EV_REDUCED, d->stats->steps + 1, d->tau, d->h, d->evmsg);
        }
        return report_progress(d, err);
    }
    if (h_tried < d->stats->hmin_used) d->stats->hmin_used = h_tried;
    if (h_tried > d->stats->hmax_used) d->stats->hmax_used = h_tried;
    if (est > d->stats->est_max) d->stats->est_max = est;
    if (d->sp->accept) d->sp->accept(d->sp->solver, d->st, h_tried);
    d->h = h_next;
    d->h_tried = h_tried;
    return accept(d, tau_next, grid, err);
}

/* fixed steps: a blow-up is an estimate beyond the guard that is also far above the solve's
 * usual level (10 times the running geometric mean of the last ~20 estimates: a stiff element
 * whose unresolved modes generalized-alpha damps keeps a high estimate that does not grow) and
 * that grew on 3 steps since it was last below the guard (after a jump of a load or a
 * prescribed motion the estimate can exceed it for a few steps, but it decays), or is beyond
 * 100 times the guard on one step: an error, or one warning */
static int guard(drive *d, double tau_next, double h_tried, double est, cd_error *err)
{
    char msg[CD_MSG_LEN];
    if (d->r.guard <= 0 || !(est > 0)) return CD_OK;
    /* log2(est) to within 0.09 from the binary exponent: no transcendental call per step */
    int ex;
    double m = frexp(est, &ex), l2 = ex - 1 + 2.0 * (m - 0.5);
    double last = d->est_guard, base = d->have_base ? d->log_base : l2;
    d->est_guard = est;
    d->log_base = 0.95 * base + 0.05 * l2;
    d->have_base = 1;
    int unusual = l2 > base + 3.32;   /* est > 10 times the running geometric mean */
    if (!(est > d->r.guard)) d->over = 0;
    if (!(est > d->r.guard) || !unusual) return CD_OK;
    if (!(est > last) && !(est > 100 * d->r.guard)) return CD_OK;  /* decaying */
    if (++d->over < 3 && !(est > 100 * d->r.guard)) return CD_OK;
    snprintf(msg, sizeof msg, "the solution blows up at t = %.10g: the local error estimate of "
             "the step to t = %.10g (size %.3g) is %.3g times the tolerances "
             "(errorControl.blowUpTolerance = %g); use a smaller step "
             "(timeIntegration.numberOfSteps) or error control "
             "(timeIntegration.errorControl.active = True)%s",
             d->r.time_offset + d->tau, d->r.time_offset + tau_next, h_tried, est, d->r.guard,
             d->r.guard_warn ? "" : "; errorControl.blowUpWarning = True makes this a warning");
    if (!d->r.guard_warn) {
        cd_state_copy(d->st, d->prev);
        return cd_error_set(err, CD_ERR_BLOWUP, "%s", msg);
    }
    if (!d->warned && !d->stats->warning[0]) snprintf(d->stats->warning, CD_MSG_LEN, "%s", msg);
    d->warned = 1;
    return CD_OK;
}

/* sensors: offered every step when they have a period, else recorded at the grid points */
static int record(drive *d, int at_grid, cd_error *err)
{
    cd_sensorstore *ss = d->ctx ? d->ctx->sensors : NULL;
    if (!ss) return CD_OK;
    int force = d->r.sensor_period > 0 ? 0 : 1;  /* with a period the store keeps its times */
    if (!(force ? at_grid : cd_sensors_due(ss, d->st))) return CD_OK;
    /* redundant equations removed: the sensors see the minimum-norm multipliers */
    int rc = cd_redund_output(d->s, &d->w, d->st, d->stats, err);
    if (!rc) rc = cd_sensors_record(d->s, &d->w.ev, d->st, ss, force, err);
    cd_redund_restore(d->s, &d->w, d->st);
    return rc;
}

/* the solution file's row if one is due (the minimum-norm multipliers, as the sensors see) */
static int solution_row(drive *d, cd_error *err)
{
    if (!cd_solfile_due(d->sol, d->st->t)) return CD_OK;
    int rc = cd_redund_output(d->s, &d->w, d->st, d->stats, err);
    if (!rc) rc = cd_solfile_step(d->sol, d->st, err);
    cd_redund_restore(d->s, &d->w, d->st);
    return rc;
}

/* the progress callback at most every 0.02 s (Ctrl-C within 0.02 s plus one step); a nonzero return stops the solve */
static int report_progress(drive *d, cd_error *err)
{
    cd_solvectx *ctx = d->ctx;
    if (!ctx || !ctx->progress) return CD_OK;
    double now = cd_clock();
    /* Ctrl-C within 0.02 s + one step; a failed event callback at once */
    if (now - d->tprog <= 0.02 && !d->w.event_failed) return CD_OK;
    d->tprog = now;
    if (!ctx->progress(ctx->progress_ctx, d->tau, d->r.tau0, d->r.tau1)) return CD_OK;
    d->sp->interrupted(d->sp->solver, d->tau, err);
    return CD_ERR_USERFUNC;
}

/* a converged step: land on the grid point, grow a reduced step, record, report */
static int accept(drive *d, double tau_next, double grid, cd_error *err)
{
    int at_grid = on_grid(d, tau_next, grid);
    d->stats->steps++;
    d->tau = at_grid ? grid : tau_next;
    if (at_grid) {
        d->k++;
        d->st->t = d->r.time_offset + d->tau;  /* exactly on the grid */
    }
    if (!d->r.control && d->h < d->H && ++d->good >= d->r.grow_after) {
        d->h = fmin(d->H, 2 * d->h);
        d->good = 0;
    }
    if (d->event && d->verbose >= 2) {
        drive_event(d, CD_EV_ACCEPTED, d->stats->steps, d->tau, d->h_tried, NULL);
        d->nit_mark = d->stats->newton;
        d->jac_mark = d->stats->jacobians;
    }
    int rc = d->uf ? uf_step(d, d->uf->post_step, err) : CD_OK;
    if (!rc) rc = record(d, at_grid, err);
    if (!rc && d->sol) rc = solution_row(d, err);
    return rc ? rc : report_progress(d, err);
}

/* a converged step whose state is not finite (coordinates that overflowed: Newton's residual
 * can stay finite, as for a free mass) is retried smaller like a failed Newton iteration, with
 * err naming the first such unknown */
static int check_state(const cd_system *s, const cd_state *st, cd_error *err)
{
    /* fast path: x * 0 is NaN exactly for Inf and NaN, so one sum tells whether any is */
    double z = 0;
    for (int i = 0; i < s->n2; i++) z += st->q[i] * 0.0 + st->v[i] * 0.0 + st->a[i] * 0.0;
    for (int j = 0; j < s->nae; j++) z += st->lam[j] * 0.0;
    for (int i = 0; i < s->n1; i++) z += st->y[i] * 0.0 + st->yd[i] * 0.0;
    if (z == 0.0) return CD_OK;
    const struct { const double *x; int n, off; const char *what; } parts[] = {
        {st->q, s->n2, 0, ""}, {st->v, s->n2, 0, "the velocity of "},
        {st->a, s->n2, 0, "the acceleration of "}, {st->lam, s->nae, s->n2, ""},
        {st->y, s->n1, s->off1, ""}, {st->yd, s->n1, s->off1, "the rate of "}};
    for (size_t k = 0; k < sizeof parts / sizeof parts[0]; k++)
        for (int i = 0; i < parts[k].n; i++) {
            if (isfinite(parts[k].x[i])) continue;
            char lb[256];
            return cd_error_set(err, CD_RETRY_STEP, "%s%s is %g after the step (not finite)",
                                parts[k].what, cd_unknown_label(s, parts[k].off + i, lb, sizeof lb),
                                parts[k].x[i]);
        }
    return CD_OK;
}

/* the discontinuous iteration's restart: st back to the start of the step but for the Data
 * coordinates (Exudyn's DiscontinuousIteration keeps the updated states) */
static void restart_keep_data(cd_state *st, const cd_state *prev)
{
    size_t n2 = sizeof(double) * (size_t)st->n2, n1 = sizeof(double) * (size_t)st->n1;
    memcpy(st->q, prev->q, n2);
    memcpy(st->v, prev->v, n2);
    memcpy(st->a, prev->a, n2);
    memcpy(st->lam, prev->lam, sizeof(double) * (size_t)st->nae);
    memcpy(st->y, prev->y, n1);
    memcpy(st->yd, prev->yd, n1);
}

/* "ObjectContactCircleCable2D 3, ObjectContactCircleCable2D 4 (and 2 more)" into buf */
static void disc_items(const cd_system *s, const int *items, int ni, int cap, char *buf,
                       size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int k = 0; k < ni && k < cap && len + 1 < n; k++) {
        char lb[160];
        cd_item_label(s, CD_OBJECT, items[k], lb, sizeof lb);
        len += (size_t)snprintf(buf + len, n - len, "%s%s", k ? ", " : "", lb);
    }
    if (ni > cap && len + 1 < n) snprintf(buf + len, n - len, " (and %d more)", ni - cap);
}

/* the discontinuous (post-Newton) iteration of a converged step (Exudyn's
 * DiscontinuousIteration): the items update their states from the converged configuration;
 * while the sum of their changes exceeds iterationTolerance, the step is solved again from its
 * start with the new states, at most maxIterations Newton solves in all. States that do not
 * settle: a warning (ignoreMaxIterations) or a recoverable failure naming the items */
static int discontinuous(drive *d, double tau_next, double h_tried, double *est, cd_error *err)
{
    const cd_discontinuous_settings *ds = d->r.disc;
    enum { CAP = 4 };
    int items[CAP], ni = 0;
    int ufpn = d->uf && d->uf->post_newton;
    d->w.disc_it = 0;
    if (!ds || (!d->ndisc && !ufpn) || ds->maxIterations <= 0) return CD_OK;
    for (long k = 1;; k++) {
        double e = 0, eo = 0, ho = -1;
        int rc = uf_post_newton(d, &e, err);
        if (!rc && d->ndisc) rc = cd_eval_post_newton(d->s, &d->w.ev, d->st, &eo, &ho, items,
                                                      CAP, &ni, err);
        e += eo;
        /* the smallest recommendation of the user function and the objects (Exudyn) */
        if (ho >= 0 && d->r.disc->useRecommendedStepSize && (d->h_rec < 0 || ho < d->h_rec))
            d->h_rec = ho;
        d->stats->discontinuous++;
        if (k > d->stats->disc_max) d->stats->disc_max = k;
        if (rc) return rc;
        if (d->event && d->verbose >= 2) {
            cd_event *ev = &d->w.evrec;
            ev->kind = CD_EV_DISCONTINUOUS;
            ev->iteration = (int)(k - 1);
            ev->residual = e;
            ev->tol_abs = ds->iterationTolerance;
            ev->message = NULL;
            ev->r = ev->dx = NULL;
            ev->st = NULL;
            send_event(d);
        }
        if (!(e > ds->iterationTolerance)) return CD_OK;
        /* Exudyn: a recommended step below the step tried ends the iteration: the step is
         * taken again at that size */
        if (k < ds->maxIterations && d->h_rec >= 0 && d->h_rec < (1 + 1e-8) * h_tried)
            return cd_error_set(err, CD_RETRY_STEP, "the PostNewtonUserFunction recommends the "
                                "step size %.6g (error %.6g)", d->h_rec, e);
        if (k >= ds->maxIterations) {
            /* the list leaves room for the words around it in who */
            char who[CD_MSG_LEN / 2], msg[CD_MSG_LEN];
            char lst[CD_MSG_LEN / 2 - 64];
            if (ni) disc_items(d->s, items, ni, CAP, lst, sizeof lst);
            snprintf(who, sizeof who, "%s%s%s", ni ? "the contact states of " : "",
                     ni ? lst : "", ufpn ? (ni ? " and the PostNewtonUserFunction's error"
                                               : "the PostNewtonUserFunction's error") : "");
            snprintf(msg, sizeof msg, "%s did not settle within "
                     "discontinuous.maxIterations = %d post-Newton iterations in the step to "
                     "%.10g (error %.6g > discontinuous.iterationTolerance = %g)", who,
                     ds->maxIterations, d->r.time_offset + tau_next, e, ds->iterationTolerance);
            if (!ds->ignoreMaxIterations) return cd_error_set(err, CD_RETRY_STEP, "%s", msg);
            d->stats->disc_unsettled++;
            if (!d->stats->warning[0])
                snprintf(d->stats->warning, CD_MSG_LEN,
                         "%.900s (discontinuous.ignoreMaxIterations: the step was accepted)", msg);
            return CD_OK;
        }
        restart_keep_data(d->st, d->prev);
        d->st->t = d->r.time_offset + tau_next;
        d->w.jac_current = 0;   /* the residual changed with the states */
        d->w.disc_it = (int)k;
        uf_refresh(d);
        *est = -1;
        rc = d->sp->step(d->sp->solver, d->prev, d->st, tau_next, h_tried, est, err);
        if (!rc) rc = check_state(d->s, d->st, err);
        if (rc) return rc;
    }
}

/* one attempt at the next step; CD_OK (accepted, or rejected and reduced) or the code that
 * ends the solve (st: the last accepted state) */
static int attempt(drive *d, cd_error *err)
{
    double h_tried, grid = grid_point(d, d->k + 1);
    double tau_next = plan_step(d, grid, &h_tried);
    cd_state_copy(d->prev, d->st);
    d->st->t = d->r.time_offset + tau_next;
    d->h_rec = -1;
    if (d->uf) {
        int rc = uf_step(d, d->uf->pre_step, err);
        if (rc) return rc;
    }
    if (d->event) {
        d->nit_try = d->stats->newton;
        if (d->verbose >= 2) drive_event(d, CD_EV_STEP, d->stats->steps + 1, tau_next, h_tried,
                                         NULL);
    }
    double est = -1;
    int rc = d->sp->step(d->sp->solver, d->prev, d->st, tau_next, h_tried, &est, err);
    if (!rc) rc = check_state(d->s, d->st, err);
    if (!rc) rc = discontinuous(d, tau_next, h_tried, &est, err);
    if (rc < 0) cd_state_copy(d->st, d->prev);
    if (rc) return rc < 0 ? rc : reject(d, tau_next, h_tried, err);
    if (d->r.control && d->sp->control) return solver_control(d, tau_next, h_tried, est, grid,
                                                               err);
    if (d->r.control && est > 1.0) return reject_error(d, tau_next, h_tried, est, err);
    if (!d->r.control && (rc = guard(d, tau_next, h_tried, est, err))) return rc;
    if (est > d->stats->est_max) d->stats->est_max = est;
    if (d->sp->accept) d->sp->accept(d->sp->solver, d->st, h_tried);
    if (d->r.control) control_next(d, h_tried, est);
    d->h_tried = h_tried;
    return accept(d, tau_next, grid, err);
}

/* sensor storage for the solve, and the record at the start */
static int open_sensors(drive *d, cd_error *err)
{
    if (!d->ctx || !d->ctx->want_sensors) return CD_OK;
    d->ctx->sensors = cd_sensors_create(d->s, &d->w.ev, d->st, d->r.sensor_cap,
                                        d->r.sensor_period, d->set, err);
    if (!d->ctx->sensors) return err->code ? err->code : CD_ERR_NOMEM;
    if (!d->r.record_start) return CD_OK;
    return cd_sensors_record(d->s, &d->w.ev, d->st, d->ctx->sensors, 1, err);
}

/* the solution file with its header and the initial row, if asked for */
static int open_solution(drive *d, const cd_settings *set, cd_error *err)
{
    if (!d->ctx || !d->ctx->solution_file || !set->writeSolution) return CD_OK;
    int rc = cd_redund_output(d->s, &d->w, d->st, d->stats, err);
    if (!rc) d->sol = cd_solfile_open(set, d->ctx->solution_file, d->r.grid == CD_GRID_LOAD,
                                      d->st, err);
    cd_redund_restore(d->s, &d->w, d->st);
    if (rc) return rc;
    return d->sol ? CD_OK : (err->code ? err->code : CD_ERR_NOMEM);
}

static int run(drive *d, cd_error *err)
{
    int rc = CD_OK;
    d->tau = d->r.tau0;
    /* a step below the round-off of the time does not advance it: the solve would run on
     * without end (a minimumStepSize of 1e-300 at t = 1) */
    double tres = CD_TIME_RESOLUTION * fmax(fabs(d->r.time_offset + d->r.tau0),
                                            fabs(d->r.time_offset + d->r.tau1));
    if (d->r.hmin < tres) d->r.hmin = tres;
    d->G = d->r.grid_dt > 0 ? d->r.grid_dt : (d->r.tau1 - d->r.tau0) / (double)d->r.ngrid;
    d->H = d->h = d->r.control ? d->r.h0 : (d->r.tau1 - d->r.tau0) / (double)d->r.ngrid;
    d->stats->hmin_used = d->r.control ? HUGE_VAL : d->H;
    d->stats->hmax_used = d->r.control ? 0.0 : d->H;
    if (d->event && d->verbose >= 2) drive_event(d, CD_EV_START, 0, d->tau, d->h, NULL);
    while (!rc && more_steps(d) && !d->uf_stop) rc = attempt(d, err);
    if (isinf(d->stats->hmin_used)) d->stats->hmin_used = 0;  /* control: no step accepted */
    if (d->stats->hmax_used < d->stats->hmin_used) d->stats->hmax_used = d->stats->hmin_used;
    return rc;
}

int cd_drive(const cd_system *s, const cd_settings *set, const cd_newton_settings *nt,
             const cd_stepper *sp, cd_state *st, cd_solvectx *ctx, cd_stats *stats,
             cd_error *err)
{
    drive d;
    int rc;
    memset(&d, 0, sizeof d);
    d.s = s;
    d.sp = sp;
    d.st = st;
    d.ctx = ctx;
    d.set = set;
    d.stats = stats;
    d.tstart = d.tprog = cd_clock();
    memset(stats, 0, sizeof(*stats));
    if (!s->assembled) return cd_error_set(err, CD_ERR_NOTASSEMBLED, "call mbs.Assemble() first");
    if ((rc = cd_nwork_init(&d.w, s, set, nt, err))) return rc;
    /* verbose events: the driver's from verboseMode 1 on, Newton's from 2 on */
    if (ctx && ctx->event && ctx->verbose >= 1) {
        d.event = ctx->event;
        d.verbose = ctx->verbose;
        d.w.event_ctx = ctx->event_ctx;
        d.w.verbose = ctx->verbose;
        if (ctx->verbose >= 2) d.w.event = ctx->event;
    }
    d.ndisc = cd_eval_has_post_newton(s);
    d.h_rec = -1;
    if (ctx && ctx->sysfn && (ctx->sysfn->pre_step || ctx->sysfn->post_step ||
                              ctx->sysfn->post_newton || ctx->sysfn->pre_residual ||
                              ctx->sysfn->jacobian))
        d.uf = d.w.uf = ctx->sysfn;
    if (ctx && ctx->step_start) {
        d.prev = ctx->step_start;
    } else if (cd_state_init(&d.prev_own, s)) {
        rc = cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating the solver's saved state "
                          "(%d + %d + %d coordinates)", s->n2, s->nae, s->n1);
    } else {
        d.prev = &d.prev_own;
    }
    if (!rc) cd_state_copy(d.prev, st);   /* the start of the first step */
    if (!rc) rc = cd_redund_start(s, &d.w, st, stats, err);
    if (!rc) rc = sp->start(sp->solver, &d.w, st, stats, &d.r, err);
    if (!rc && d.uf) rc = uf_step(&d, d.uf->post_step, err);  /* Exudyn: also at the start */
    if (!rc) rc = open_sensors(&d, err);
    if (!rc) rc = open_solution(&d, set, err);
    if (!rc) rc = run(&d, err);
    if (!rc) rc = cd_redund_output(s, &d.w, st, stats, err);  /* the final state's multipliers */
    stats->cpu_seconds = cd_clock() - d.tstart;  /* for the footers */
    if (ctx && ctx->sensors) cd_sensors_close(ctx->sensors, rc ? NULL : stats);
    stats->residuals = d.w.ev.nres;
    stats->linsolver = d.w.ls ? (int)cd_ls_kind_of(d.w.ls) : 0;
    stats->lsfull = d.w.ls ? cd_ls_get_stats(d.w.ls).nfull : 0;
    stats->cpu_seconds = cd_clock() - d.tstart;
    if (d.sol) {  /* the footer; a failed write is the solve's error unless it has one */
        cd_error ferr = {0, ""};
        int frc = cd_solfile_close(d.sol, stats, &ferr);
        d.sol = NULL;
        if (!rc && frc) rc = cd_error_set(err, frc, "%s", ferr.msg);
    }
    sp->finish(sp->solver);
    if (d.prev == &d.prev_own) cd_state_free(&d.prev_own);
    cd_nwork_free(&d.w, s);
    return rc;
}
