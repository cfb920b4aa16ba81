/* cd_driver: the step loop shared by the dynamic and the static solver (private).
 *
 * A solve advances a step variable tau over [tau0, tau1]: the time for dynamics, the load
 * factor's argument for statics (st->t = time_offset + tau). The driver owns everything that
 * is not the integration formula: the workspace and the state at the start of a step, the
 * grid points it lands on, step reduction on a recoverable failure and growth after good
 * steps, the error below the minimum step, sensor recording, the progress callback and the
 * statistics. The solver plugs in one function that takes a step (cd_stepper.step). */
#ifndef CD_DRIVER_H
#define CD_DRIVER_H

#include "cd_newton.h"

/* how the grid points are placed and reached */
typedef enum {
    /* times t0 + k h; a step is cut to end at the next grid point and a step that ends within
     * round-off of it (1e-12 of the span) is put on it; the solve ends at tau1 */
    CD_GRID_TIME,
    /* load factors k / n exactly; a step that would end within 1e-6 of its size before the
     * next grid point ends on it instead; the solve ends after n grid points */
    CD_GRID_LOAD
} cd_gridkind;

typedef struct cd_steprules {
    cd_gridkind grid;
    double tau0, tau1;     /* range of the step variable */
    long ngrid;            /* grid points after tau0 (numberOfSteps, numberOfLoadSteps); the
                            * nominal step is (tau1 - tau0) / ngrid */
    double time_offset;    /* st->t = time_offset + tau */
    double hmin;           /* a step reduction below hmin ends the solve */
    int adaptive;          /* 0: the first failed step ends the solve */
    int halve_tried;       /* on failure halve 1: the step just tried (which may have been cut
                            * to reach a grid point), 0: the current step size */
    int grow_after;        /* successful steps at a reduced size before the step doubles */
    int record_start;      /* 1: record the sensors at tau0 */
    double sensor_period;  /* > 0: offer the sensors every step, they record every period;
                            * 0: record at every grid point */
    long long sensor_cap;  /* rows per sensor (64 bits: cd_sensors_create refuses too many) */
    /* local error estimates (the stepper reports one per step, relative to the tolerances):
     * control: the step size follows them (the grid points are then the output times, every
     * grid_dt, steps divide the rest of an interval evenly, sensors record at grid points);
     * else with guard > 0 an estimate above guard ends the solve (guard_warn: a warning) */
    int control;
    double h0;             /* control: first step */
    double hmax;           /* control: largest step */
    double grid_dt;        /* CD_GRID_TIME: spacing of the grid points (the last one is tau1);
                            * 0: (tau1 - tau0) / ngrid */
    double guard;
    int guard_warn;
    /* the discontinuous (post-Newton) iteration of items with contact states (NULL: none):
     * after a converged step the driver lets them update their Data coordinates and takes the
     * step again from its start with the new Data while the states change (cd_driver.c) */
    const cd_discontinuous_settings *disc;
} cd_steprules;

/* the solver's part; `solver` is the solver's own state */
typedef struct cd_stepper {
    void *solver;
    /* once the workspace exists: check the settings, fill the rules, allocate, set the
     * initial state (st->t = time_offset + tau0, initial values) */
    int (*start)(void *solver, cd_nwork *w, cd_state *st, cd_stats *stats, cd_steprules *r,
                 cd_error *err);
    /* one step from prev (accepted, at tau) to tau_next = tau + h into st, whose t is set
     * and whose Data coordinates are those the step uses (the stepper leaves st->data alone;
     * on the first try they equal prev's, in a discontinuous iteration they are the updated
     * states) and whose other coordinates equal prev's on entry:
     * CD_OK, a positive code (recoverable: st is garbage and the step is retried smaller, err
     * says why) or a negative code (fatal); *est: the step's local error estimate relative to
     * the tolerances (1: at the tolerance), or -1 when it has none */
    int (*step)(void *solver, const cd_state *prev, cd_state *st, double tau_next, double h,
                double *est, cd_error *err);
    /* error control by the solver (NULL: the driver's controller for O(h^3) estimates, whose
     * steps divide the rest of an output interval evenly). With r.control: after a step of
     * size h with estimate est, *h_next is the next step size; returns 1 to reject the step
     * (it is taken again with *h_next). Steps are then of the size it says, the last one cut
     * to end on the grid point */
    int (*control)(void *solver, double h, double est, double *h_next);
    /* the driver accepted the step just taken (NULL: nothing to do) */
    void (*accept)(void *solver, const cd_state *st, double h);
    /* the message when the step cannot be reduced further (why: the last failure's reason):
     * tau the start of the failed step, h_tried its size, h the current step size */
    void (*failed)(void *solver, double tau, double tau_next, double h_tried, double h,
                   const char *why, cd_error *err);
    /* the message when the progress callback stops the solve at tau */
    void (*interrupted)(void *solver, double tau, cd_error *err);
    /* the load factor at tau for the verbose events (NULL: no load factor, the dynamic
     * solver) */
    double (*factor)(void *solver, double tau);
    /* free what start allocated (also after a failed start) */
    void (*finish)(void *solver);
} cd_stepper;

/* run a solve: st holds the initial state on input and the last accepted state on output
 * (its t = time_offset + tau); ctx may be NULL; nt: the solver's Newton settings */
int cd_drive(const cd_system *s, const cd_settings *set, const cd_newton_settings *nt,
             const cd_stepper *sp, cd_state *st, cd_solvectx *ctx, cd_stats *stats,
             cd_error *err);

/* the smallest step, relative to the size of the time, that still advances it reliably */
#define CD_TIME_RESOLUTION (64.0 * 2.220446049250313e-16)

#endif
