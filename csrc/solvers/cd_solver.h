/* cd_solver: settings, statistics, callbacks and the sensor store shared by the solvers */
#ifndef CD_SOLVER_H
#define CD_SOLVER_H

#include <stdio.h>
#include "../core/cd_system.h"
#include "../linalg/cd_linsolve.h"

typedef struct cd_settings {
    /* time integration */
    double startTime, endTime;
    int numberOfSteps;
    double spectralRadius;        /* rho_inf of generalized-alpha, 0 <= rho <= 1 */
    int useNewmark;               /* 1: Newmark (alpha_m = alpha_f = 0) with newmarkBeta/Gamma */
    int useIndex2Constraints;     /* 1: position constraints at velocity level */
    double newmarkBeta, newmarkGamma;
    int computeInitialAccelerations;
    int lieGroupAddTangentOperator; /* 1: tangent operator T(increment) in the Newton matrix */
    int adaptiveStep;             /* 1: reduce the step when Newton fails */
    double minimumStepSize;
    /* Newton */
    double relativeTolerance, absoluteTolerance;
    int maxIterations;
    int useModifiedNewton;
    int numericalJacobian;        /* 1: all object Jacobians by numerical differentiation */
    double relativeEpsilon, minimumCoordinateSize;
    /* static */
    int numberOfLoadSteps;
    int loadStepGeometric;
    double loadStepGeometricRange;
    /* linear solver and output */
    cd_ls_kind linearSolver;
    double sensorsWritePeriod;    /* <= 0 or < step: every step */
} cd_settings;

void cd_settings_default(cd_settings *s);

typedef struct cd_stats {
    long steps, rejected, newton, factorizations, jacobians, residuals;
    double hmin_used;
    int linsolver;                /* cd_ls_kind actually used */
    long lsfull;                  /* full (pivoting) factorizations of the linear solver */
    double cpu_seconds;
} cd_stats;

/* progress callback: called at most every 0.1 s; a nonzero return stops the solve
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
} cd_sensorstore;

struct cd_evalws;
/* allocate storage for `cap` output rows per sensor (period P: every P seconds of simulation
 * time starting at t0), evaluate each sensor once at st to size it, open files */
cd_sensorstore *cd_sensors_create(const cd_system *s, struct cd_evalws *ws, const cd_state *st,
                                  int cap, double period, cd_error *err);
cd_sensorstore *cd_sensors_free(cd_sensorstore *ss);

/* record the sensors at time st->t if it is an output time (force: always) */
int cd_sensors_record(const cd_system *s, struct cd_evalws *ws, const cd_state *st,
                      cd_sensorstore *ss, int force, cd_error *err);
/* close files (data stays) */
void cd_sensors_close(cd_sensorstore *ss);

typedef struct cd_solvectx {
    cd_progressfn progress;       /* may be NULL */
    void *progress_ctx;
    int want_sensors;             /* 1: create ctx->sensors at solve start */
    cd_sensorstore *sensors;      /* out: sensor data (caller frees with cd_sensors_free) */
} cd_solvectx;

/* dynamic solve from st (initial state on input, final / last good state on output) */
int cd_solve_dynamic(const cd_system *s, const cd_settings *set, cd_state *st,
                     cd_solvectx *ctx, cd_stats *stats, cd_error *err);

/* static solve with load steps; st holds the initial guess on input */
int cd_solve_static(const cd_system *s, const cd_settings *set, cd_state *st,
                    cd_solvectx *ctx, cd_stats *stats, cd_error *err);

#endif
