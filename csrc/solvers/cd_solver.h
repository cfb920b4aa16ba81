/* cd_solver: settings, statistics, callbacks and the sensor store shared by the solvers */
#ifndef CD_SOLVER_H
#define CD_SOLVER_H

#include <stdio.h>
#include "../core/cd_system.h"
#include "../linalg/cd_linsolve.h"
#include "cd_settings_list.h"

/* C types of the setting types of cd_settings_list.h */
typedef int cd_set_BOOL;
typedef int cd_set_INT;
typedef double cd_set_REAL;
typedef cd_ls_kind cd_set_LINSOLVER;

/* a member for the settings the engine reads (effect RESULT or OUTPUT), none for the others */
#define CD_SET_DECL_RESULT(type, member) cd_set_##type member;
#define CD_SET_DECL_OUTPUT(type, member) cd_set_##type member;
#define CD_SET_DECL_PYTHON(type, member)
#define CD_SET_DECL_ACCEPTED(type, member)
#define CD_SET_DECL_WARN(type, member)
#define CD_SET_DECL_NONE(type, member)
#define CD_SET_DECL(path, member, type, def, range, effect, aliases, doc)                         \
    CD_SET_DECL_##effect(type, member)
/* a sub-list's member: of the struct named by <sub-list>_TYPE */
#define CD_SET_DECL_GROUP(X, list, prefix, member) list##_TYPE member;

/* one Newton group (timeIntegration.newton, staticSolver.newton): members as in the list */
typedef struct cd_newton_settings {
    CD_NEWTON_SETTINGS_LIST(CD_SET_DECL, "", )
} cd_newton_settings;

/* one discontinuous-iteration group (timeIntegration.discontinuous, staticSolver.discontinuous) */
typedef struct cd_discontinuous_settings {
    CD_DISCONTINUOUS_SETTINGS_LIST(CD_SET_DECL, "", )
} cd_discontinuous_settings;

/* the settings of a solve; members and defaults from cd_settings_list.h (its doc lines say what
 * each one means) */
typedef struct cd_settings {
    CD_SETTINGS_LIST(CD_SET_DECL, CD_SET_DECL_GROUP)
} cd_settings;

/* every member its default from the list */
void cd_settings_default(cd_settings *s);

/* the list at run time, for the extension (parser, _core.settings_table()) */
typedef enum { CD_SETT_BOOL, CD_SETT_INT, CD_SETT_REAL, CD_SETT_LINSOLVER, CD_SETT_STRING,
               CD_SETT_AUTOBOOL, CD_SETT_GROUP } cd_settype;
typedef enum { CD_SETE_RESULT, CD_SETE_OUTPUT, CD_SETE_PYTHON, CD_SETE_ACCEPTED,
               CD_SETE_NONE, CD_SETE_WARN } cd_seteffect;

/* the valid values of a setting (the range column of cd_settings_list.h) */
typedef enum { CD_SETR_ANY, CD_SETR_FINITE, CD_SETR_POSITIVE, CD_SETR_NONNEG, CD_SETR_UNIT,
               CD_SETR_HALF_ONE, CD_SETR_UNIT_POS, CD_SETR_INT_POS,
               CD_SETR_INT_NONNEG } cd_setrange;

/* a range as bounds: lo <(=) x <(=) hi; reals must be finite, INTs also at most INT_MAX */
typedef struct cd_range_info {
    double lo, hi;           /* -HUGE_VAL / HUGE_VAL where unbounded */
    int lo_open, hi_open;    /* 1: the bound itself is excluded */
    const char *text;        /* "> 0", "in [0, 1]", ... ("" for ANY) */
} cd_range_info;

typedef struct cd_setting_info {
    const char *path;        /* Exudyn's dotted path below SimulationSettings */
    const char *member;      /* C member ("dynamicNewton.maxIterations"), NULL if none */
    long offset;             /* offsetof(cd_settings, member), -1 if none */
    cd_settype type;
    double def;              /* default of BOOL, INT, REAL, LINSOLVER */
    const char *def_str;     /* default of STRING, AUTOBOOL; NULL for the others */
    cd_setrange range;       /* valid values (INT, REAL) */
    cd_seteffect effect;
    const char *aliases;     /* alternative paths, space-separated; "" if none */
    const char *doc;
} cd_setting_info;

extern const cd_setting_info cd_settings_table[];
extern const int cd_settings_count;

/* the entry of tab (n entries) whose path or one of whose aliases is key; NULL if none */
const cd_setting_info *cd_settings_find(const cd_setting_info *tab, int n, const char *key);
/* the bounds of a range kind */
const cd_range_info *cd_setrange_info(cd_setrange r);
/* x is a valid value of e (ranges, finiteness of reals) */
int cd_setting_valid(const cd_setting_info *e, double x);
/* every INT and REAL member of set in its range; entries whose path starts with skip (a group
 * the solve does not read, "" for none) are not checked. CD_ERR_INPUT with
 * "<path> must be <range>, got <value>" for the first bad one */
int cd_settings_check(const cd_settings *set, const char *skip, cd_error *err);
/* the same for the one entry at path */
int cd_settings_check_path(const cd_settings *set, const char *path, cd_error *err);
/* at the start of a dynamic solve: all but staticSolver.*, then the time grid (endTime -
 * startTime finite; h = (endTime - startTime) / numberOfSteps with h^2 finite and normal) */
int cd_settings_check_dynamic(const cd_settings *set, cd_error *err);
/* at the start of a static solve: all but timeIntegration.* (startTime is checked) */
int cd_settings_check_static(const cd_settings *set, cd_error *err);
/* type and effect names as the Python side spells them ("bool", "result", ...) */
const char *cd_settype_name(cd_settype t);
const char *cd_seteffect_name(cd_seteffect e);

#define CD_REDUNDANT_LISTED 64
typedef struct cd_stats {
    long steps, rejected, newton, factorizations, jacobians, residuals;
    long rejected_error;          /* of the rejected steps: by the error test */
    long linesearch;              /* reductions of Newton increments by the static line search */
    long discontinuous;           /* post-Newton (discontinuous) iterations: Newton solves of
                                   * steps followed by a state update, all steps */
    long disc_max;                /* most of them in one step */
    long disc_unsettled;          /* accepted steps whose states did not settle (ignored) */
    double hmin_used;             /* smallest step size (statics: load-step increment) */
    double hmax_used;             /* largest step size */
    double est_max;               /* largest local error estimate of an accepted step, relative
                                   * to the tolerances (0: none) */
    int linsolver;                /* cd_ls_kind actually used */
    long lsfull;                  /* full (pivoting) factorizations of the linear solver */
    double cpu_seconds;
    char warning[CD_MSG_LEN];     /* a warning of the solve (the caller shows it), "" if none */
    /* redundant constraint equations removed from the Newton matrix (cd_redundant.c) */
    int nredundant;               /* how many (0: none; the largest set if it changed) */
    int nredundant_start;         /* of them found at the start of the solve */
    int nselections;              /* sets chosen (a new set when the configuration changed) */
    double t_redundant;           /* time of the first set chosen after the start */
    int t_redundant_set;
    int redundant[CD_REDUNDANT_LISTED];  /* the first set (AE indices) */
    int minnorm_skipped;          /* too many to compute minimum-norm multipliers */
} cd_stats;

/* progress callback: called at most every 0.02 s; a nonzero return stops the solve
 * (used for Ctrl-C and progress bars) */
typedef int (*cd_progressfn)(void *ctx, double t, double t0, double t1);

/* sensor storage, written at output times; one block per solve */
typedef struct cd_sensorstore {
    int n;           /* number of sensors */
    int cap;         /* rows allocated per sensor */
    int *nvals;      /* values per sensor (n) */
    int *rows;       /* rows written per sensor (n) */
    double **data;   /* per sensor: cap x (1 + nvals) row-major [t, values...] */
    FILE **files;    /* per sensor: open file or NULL */
    double period, t_next, t0, h;
    int precision;   /* significant digits in the files (solutionSettings.outputPrecision) */
    int header, footer, append;  /* solutionSettings.sensorsWriteFileHeader/Footer, ...AppendToFile */
} cd_sensorstore;

struct cd_evalws;
/* allocate storage for `cap` output rows per sensor (period P: every P seconds of simulation
 * time starting at t0), evaluate each sensor once at st to size it, open files; more than
 * INT_MAX rows (with sensors) is CD_ERR_INPUT, a failed allocation CD_ERR_NOMEM, both with a
 * message naming the rows and the sensors */
cd_sensorstore *cd_sensors_create(const cd_system *s, struct cd_evalws *ws, const cd_state *st,
                                  long long cap, double period, const cd_settings *set,
                                  cd_error *err);
cd_sensorstore *cd_sensors_free(cd_sensorstore *ss);

/* record the sensors at time st->t if it is an output time (force: always) */
/* 1 if the store records at st's time (its next output time is reached) */
int cd_sensors_due(const cd_sensorstore *ss, const cd_state *st);
int cd_sensors_record(const cd_system *s, struct cd_evalws *ws, const cd_state *st,
                      cd_sensorstore *ss, int force, cd_error *err);
/* close files (data stays), with the footer (sensorsWriteFileFooter) when stats is given */
void cd_sensors_close(cd_sensorstore *ss, const cd_stats *stats);

/* solver events for timeIntegration/staticSolver.verboseMode (the caller prints them): the
 * driver and Newton fill one fixed record (no allocation) and call cd_solvectx.event with it.
 * Which events come depends on cd_solvectx.verbose (none below 1, so verboseMode 0 and 1 cost
 * one test of a NULL pointer per step and Newton iteration):
 *   verbose >= 1: CD_EV_FAILED, CD_EV_REDUCED (rare: a step that failed and is retried)
 *   verbose >= 2: CD_EV_START, CD_EV_STEP, CD_EV_NEWTON, CD_EV_JACOBIAN, CD_EV_ITERATION,
 *                 CD_EV_CONVERGED, CD_EV_DISCONTINUOUS, CD_EV_ACCEPTED
 *   verbose >= 3: the vectors of CD_EV_ITERATION (r, dx, st) */
typedef enum {
    CD_EV_START = 1,      /* before the first step: step 0, t, factor, h (first step size) */
    CD_EV_STEP,           /* a step is tried: step (number of the step), t and factor at its end,
                           * h its size */
    CD_EV_NEWTON,         /* Newton starts: residual (initial), tol_rel, tol_abs */
    CD_EV_JACOBIAN,       /* the Newton matrix was evaluated and factored (at iteration) */
    CD_EV_ITERATION,      /* the residual after the increment of Newton iteration `iteration`
                           * (1, 2, ...): residual, relative (to initial), contraction (to the
                           * previous iteration), constraint (the constraint rows' norm) */
    CD_EV_CONVERGED,      /* Newton converged after `iteration` increments; relative */
    CD_EV_FAILED,         /* Newton (or the step) failed after `iteration` increments: relative,
                           * message: why (the step is retried smaller or the solve ends) */
    CD_EV_REDUCED,        /* the step was rejected; h: the new step size, t: the time (load
                           * factor: factor) of the step's start */
    CD_EV_DISCONTINUOUS,  /* discontinuous iteration `iteration` (0, 1, ...): residual = its
                           * error, tol_abs = iterationTolerance */
    CD_EV_ACCEPTED        /* the step was accepted: step, t, factor, h, iterations (Newton
                           * increments since the last accepted step), jacobians (likewise) */
} cd_evkind;

typedef struct cd_event {
    int kind;                     /* cd_evkind */
    int statics;                  /* 1: the static solver (factor is the load factor) */
    long step;
    double t, factor, h;
    int iteration;
    long iterations, jacobians;
    double residual, relative, contraction, constraint, tol_rel, tol_abs;
    const char *message;          /* CD_EV_FAILED: why; else NULL */
    /* verbose >= 3, CD_EV_ITERATION: the residual (as the Newton matrix sees it, N), the
     * increment just applied (N) and the iterate; else NULL */
    const double *r, *dx;
    int N;
    const cd_state *st;
} cd_event;

/* called with the filled record; nonzero: stop calling it (the caller's callback failed; the
 * solve stops at the next progress report) */
typedef int (*cd_eventfn)(void *ctx, const cd_event *ev);

/* the system user functions (Exudyn's MainSystem.Set{PreStep,PostStep,PostNewton,
 * PreNewtonResidual,SystemJacobian}UserFunction), called where Exudyn's solvers call them; each
 * NULL when not set (then nothing is called: no cost). Each returns a negative code with err
 * set when it failed (the solve stops with that code), else flags: CD_SYSUF_STOP (stop the solve
 * after this step), CD_SYSUF_CHANGED (it changed item parameters: the solver refreshes its
 * constant mass matrices and its Newton matrix). t is st->t of the state being computed. */
enum { CD_SYSUF_STOP = 1, CD_SYSUF_CHANGED = 2 };
/* adds v to the Newton matrix at (row, col) in Exudyn's ordering [ODE2, ODE1, AE]; nonzero
 * with err set if the entry is not in the matrix pattern or out of range */
typedef int (*cd_jacaddfn)(void *addctx, int row, int col, double v, cd_error *err);
typedef struct cd_sysfuncs {
    void *ctx;
    /* before each try of a step, t the step's end */
    int (*pre_step)(void *ctx, double t, cd_error *err);
    /* after each accepted step and once before the first (t the start), before the sensors
     * and the solution file record */
    int (*post_step)(void *ctx, double t, cd_error *err);
    /* after each converged Newton solve of a step: out[0] its discontinuous error (its
     * absolute value counts), out[1] the recommended step size (< 0: none, 0: the minimum) */
    int (*post_newton)(void *ctx, double t, double out[2], cd_error *err);
    /* before each residual evaluation of Newton: newton_it 0 for the first one of a Newton
     * solve, then the number of increments applied; disc_it the discontinuous iteration */
    int (*pre_residual)(void *ctx, double t, int newton_it, int disc_it, cd_error *err);
    /* after each Newton matrix evaluation: the user's entries, added through add(addctx, ...);
     * fac: Exudyn's factorODE2, factorODE2_t, factorODE1 */
    int (*jacobian)(void *ctx, double t, const double fac[3], cd_jacaddfn add, void *addctx,
                    cd_error *err);
} cd_sysfuncs;

typedef struct cd_solvectx {
    cd_progressfn progress;       /* may be NULL */
    void *progress_ctx;
    int want_sensors;             /* 1: create ctx->sensors at solve start */
    cd_sensorstore *sensors;      /* out: sensor data (caller frees with cd_sensors_free) */
    const char *solution_file;    /* with solutionSettings.writeSolutionToFile: the solution
                                   * file's name (cd_solfile.h); NULL: none */
    int verbose;                  /* verboseMode: which events come (cd_event) */
    cd_eventfn event;             /* NULL: none */
    void *event_ctx;
    const cd_sysfuncs *sysfn;     /* system user functions; NULL: none */
    cd_state *step_start;         /* NULL, or a state of the system's sizes that the solve
                                   * keeps equal to the start of the current step (Exudyn's
                                   * StartOfStep configuration; after the solve: the start of
                                   * the last step) */
} cd_solvectx;

/* the dynamic solvers: Exudyn's DynamicSolverType values (timeIntegration.solverType) */
typedef enum {
    CD_DYN_GENERALIZED_ALPHA = 1, CD_DYN_TRAPEZOIDAL_INDEX2 = 2, CD_DYN_EXPLICIT_EULER = 3,
    CD_DYN_EXPLICIT_MIDPOINT = 4, CD_DYN_RK33 = 5, CD_DYN_RK44 = 6, CD_DYN_RK67 = 7,
    CD_DYN_ODE23 = 8, CD_DYN_DOPRI5 = 9, CD_DYN_DVERK6 = 10, CD_DYN_VELOCITY_VERLET = 11
} cd_dynsolver;

/* explicit Runge-Kutta and velocity Verlet solves (cd_explicit.c) for the explicit
 * set->dynamicSolverType; arguments as cd_solve_dynamic, which calls it */
int cd_solve_explicit(const cd_system *s, const cd_settings *set, cd_state *st,
                      cd_solvectx *ctx, cd_stats *stats, cd_error *err);

/* dynamic solve from st (initial state on input, final / last good state on output):
 * generalized-alpha steps (cd_genalpha.c) in the shared step loop (cd_driver.c) */
int cd_solve_dynamic(const cd_system *s, const cd_settings *set, cd_state *st,
                     cd_solvectx *ctx, cd_stats *stats, cd_error *err);

/* static solve with load steps (cd_static.c, in the same loop); st holds the initial guess on
 * input */
int cd_solve_static(const cd_system *s, const cd_settings *set, cd_state *st,
                    cd_solvectx *ctx, cd_stats *stats, cd_error *err);

#endif
