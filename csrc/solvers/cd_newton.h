/* cd_newton: the Newton iteration shared by the dynamic and static solvers (private) */
#ifndef CD_NEWTON_H
#define CD_NEWTON_H

#include "cd_solver.h"
#include "../core/cd_eval.h"

/* redundant constraint equations (cd_redundant.c): equations that depend on the others are
 * removed from the Newton matrix (their row becomes lambda_j = 0), and after each converged
 * Newton solve the multipliers are replaced by the minimum-norm ones with the same constraint
 * forces C_q^T lambda */
typedef struct cd_redund {
    int on;              /* linearSolverSettings.handleRedundantConstraints */
    int npin;            /* equations removed */
    int *pin;            /* nae flags: 1 removed */
    int *list;           /* the removed equations (npin, capacity nae) */
    int *rowptr, *rowpos;/* positions in the matrix values of each AE row's entries:
                          * rowpos[rowptr[j] .. rowptr[j+1]) for equation j */
    int *diagpos;        /* position of the diagonal entry (n2 + j, n2 + j) of each AE row */
    double *amat;        /* npin x nae: removed equation r's multiplier column as a combination
                          * of the kept ones' (minimum-norm multipliers) */
    double *gram;        /* npin x npin */
    double *ywork;       /* npin */
    double *lam_kept;    /* nae: the multipliers of the Newton solves while st->lam holds the
                          * minimum-norm ones for an output (cd_redund_output) */
    int lam_saved;
    int cap;             /* rows allocated in amat (and npin x npin in gram) */
    int at_start;        /* selecting at the start of the solve */
    int reselect;        /* choose the set again at the next factorization (Newton failed) */
} cd_redund;

/* solver workspace: allocated once at solve start */
typedef struct cd_nwork {
    cd_redund rd;        /* redundant constraint equations (cd_redundant.c) */
    cd_evalcoef last_c;  /* the coefficients of the last Newton solve */
    int have_last_c;
    cd_evalws ev;
    cd_linsolver *ls;
    double *values;      /* Newton matrix values (pattern nnz) */
    double *r, *dx;      /* residual and increment (N) */
    int N;
    int jac_current;     /* factorization belongs to the current coefficients */
    double rref;         /* running residual scale for the relative tolerance */
    double last_err;     /* residual norm at the last iteration */
    double ysize;        /* size of the ODE1 coordinates (>= 1) for their tolerance */
    double last_s2;      /* ODE2 row scale of the last iteration (to report unscaled values) */
    /* generalized-alpha on SO(3) (Bruls, Cardona, Arnold 2012), set by the dynamic solver:
     * Lie-group rotation blocks are q = (qref + lie_base) o exp(lie_inc) - qref, Newton
     * updates lie_inc additively and the matrix uses the tangent operator T(lie_inc); NULL
     * (static solver): q is composed with each Newton increment */
    const double *lie_base;
    double *lie_inc;
    int lie_tangent;     /* settings.lieGroupAddTangentOperator */
    int last_its;        /* iterations of the last call if its matrix was stale, else 0 */
    int singular_streak; /* singular factorizations since the last good one */
    /* damped Newton (static solver only, set by cd_static.c): a line search on the slope of
     * the energy along each increment, at most ls_max reductions (cd_newton.c); xsave holds
     * the state before the increment */
    int line_search, ls_max;
    double *xsave;       /* q, lambda, y, a (n2 + nae + n1 + n2) */
    int statics;         /* static solver: the static constraint tolerance even when the matrix
                          * has a mass term (staticSolver.stabilizerODE2term) */
    /* round-off floor of the force rows (cd_newton.c, roundoff_floor): the L2 norm of
     * u |J| |x| over the ODE2 rows of the last evaluated Newton matrix, unscaled; the
     * residual cannot be evaluated more accurately, so the force tolerance never goes below
     * a multiple of it. Computed from the third iteration of a Newton solve on (the second
     * when it mattered last time), for the matrix in use (0 until then, and after every new
     * matrix). floor_row: workspace (n2) */
    double floor2;
    double *floor_row;
    int floor_stale;         /* the matrix changed since floor2 was computed */
    int floor_matters;       /* the last floor was above the other tolerances */
    double jac_force_scale;  /* force_scale of the matrix in use (its row scaling) */
    /* verboseMode >= 2: Newton's events (cd_event; set by the driver, NULL: none) in the
     * record evrec, which the driver also uses for its own events */
    cd_eventfn event;
    void *event_ctx;
    int verbose;
    int event_failed;    /* an event callback failed: the driver stops the solve */
    cd_event evrec;
    /* the system user functions of the solve (set by the driver; NULL: none): Newton calls
     * pre_residual before each residual and jacobian after each matrix evaluation; disc_it:
     * the discontinuous iteration of the Newton solve; uf_changed: a user function changed
     * item parameters (the driver refreshes the constant mass matrices) */
    const cd_sysfuncs *uf;
    int disc_it;
    int uf_changed;
} cd_nwork;

/* nt: the Newton group of the solve (numerical differentiation settings) */
int cd_nwork_init(cd_nwork *w, const cd_system *s, const cd_settings *set,
                  const cd_newton_settings *nt, cd_error *err);
void cd_nwork_free(cd_nwork *w, const cd_system *s);

/* Newton on the step equations: increments dx update
 *     q -= dx_q (composed on Lie-group rotation blocks), v -= vel_per_dq dx_q,
 *     a -= accel_per_dq dx_q, lam -= c->lambda_per_unknown dx_lam
 * (vel_per_dq, accel_per_dq: gamma' and beta' of generalized-alpha; 0 for statics).
 * Returns CD_OK when converged, CD_RETRY_STEP (or a user function's positive code) when the
 * step should be retried with a smaller step (no convergence, singular matrix, NaN) with err
 * explaining why, or a negative code on fatal failure. */
int cd_newton(const cd_system *s, cd_nwork *w, cd_state *st, const cd_evalcoef *c,
              double accel_per_dq, double vel_per_dq, const cd_newton_settings *set,
              cd_stats *stats, cd_error *err);

/* message naming the largest (unscaled) residual entries of w->r and their items, appended to
 * err->msg */
void cd_newton_explain(const cd_system *s, const cd_nwork *w, cd_error *err);

/* append which coordinate or equation column `col` of the Newton matrix is and its item */
void cd_explain_column(const cd_system *s, int col, cd_error *err);

/* the residual at the start of a dynamic solve (cd_initial.c): NaN or Inf in it is an error
 * naming the item that gave it (CD_ERR_NONFINITE); the constraint residuals beyond
 * set->initialConstraintTolerance an error naming the violated constraints, or with
 * initialConstraintWarning a warning in stats->warning; uses w->r as scratch */
int cd_check_initial_constraints(const cd_system *s, cd_nwork *w, cd_state *st,
                                 const cd_settings *set, cd_stats *stats, cd_error *err);

/* ---- redundant constraint equations (cd_redundant.c) */

/* set up rd for system s (on: handle them); allocates the row maps; returns a status */
int cd_redund_init(cd_redund *rd, const cd_system *s, int on, cd_error *err);
void cd_redund_free(cd_redund *rd);

/* choose the equations to remove at the configuration of `values` (a Newton matrix before
 * removal): QR with column pivoting of the multiplier columns keeps the best-conditioned
 * independent set, the rest is removed (the set replaces the old one; *changed: it differs).
 * Records the first set in stats. Allocates (at the start of a solve, or on the rare event of a
 * singular Newton matrix or a failed Newton solve with equations removed). */
int cd_redund_select(const cd_system *s, cd_nwork *w, const double *values, const cd_state *st,
                     int *changed, cd_stats *stats, cd_error *err);

/* at the start of a solve: select from the Newton matrix of the initial state (dense pivoted
 * QR for small models, the sparse greedy QR of cd_sprank for large ones); with rd->on == 0 a
 * redundant equation is an error naming the equations */
int cd_redund_start(const cd_system *s, cd_nwork *w, const cd_state *st, cd_stats *stats,
                    cd_error *err);

/* after a singular factorization (rc) of w->values with ls: with rd->on, choose the equations
 * to remove at st; if the set changed, evaluate the matrix again with coefficients c (rows
 * removed before may be kept now), remove the new set and factor again. Returns the status of
 * the last factorization (rc when nothing changed), or of a failed evaluation. */
int cd_redund_refactor(const cd_system *s, cd_nwork *w, const cd_state *st, const cd_evalcoef *c,
                       cd_linsolver *ls, int rc, cd_stats *stats, cd_error *err);

/* the removed equations' rows of the matrix values become the identity row of their multiplier
 * (lambda_j = 0); the residual's entries become lambda_j / lambda_per_unknown */
void cd_redund_matrix(const cd_system *s, const cd_redund *rd, double *values);
void cd_redund_residual(const cd_system *s, const cd_redund *rd, const cd_state *st,
                        double lambda_per_unknown, double *r);

/* replace st->lam by the minimum-norm multipliers with the same constraint forces, with ls
 * holding the factorization of `values` (matrix at st, removed rows applied); work: N doubles.
 * Skipped (stats->minnorm_skipped) when there are too many removed equations. */
int cd_redund_minnorm(const cd_system *s, cd_redund *rd, cd_linsolver *ls, const double *values,
                      double *work, cd_state *st, cd_stats *stats, cd_error *err);

/* for an output (sensors, the end of a solve) with equations removed: st->lam <- the
 * minimum-norm multipliers, from the Newton matrix at st with the last Newton coefficients
 * (factored with w->ls; the next Newton solve factors again). cd_redund_restore gives the
 * Newton solves their multipliers back. */
int cd_redund_output(const cd_system *s, cd_nwork *w, cd_state *st, cd_stats *stats,
                     cd_error *err);
void cd_redund_restore(const cd_system *s, cd_nwork *w, cd_state *st);

/* monotonic clock in seconds */
double cd_clock(void);

#endif
