/* cd_linearize: the linearized ODE2 system at a state, for eigenvalue and linearized analysis.
 *
 *     M dq'' + D dq' + K dq + C dlambda = 0,   C^T dq = 0 (position-level constraints)
 *
 * M the mass matrix, K = d r2/dq (r2 = -f + C_q^T lambda: elastic, load and constraint terms;
 * for a spring K is its stiffness; it includes the geometric stiffness d(C_q^T lambda)/dq of
 * the constraints at the state's multipliers), D = d r2/dq' and C = C_q^T (n2 x nae), the
 * columns that multiply lambda. Each is assembled by cd_eval_jacobian with one coefficient set
 * (mass 1, stiffness 1, damping 1, multiplier 1) and cut out of the Newton matrix pattern. */
#ifndef CD_LINEARIZE_H
#define CD_LINEARIZE_H

#include "../core/cd_eval.h"

/* a compressed-sparse-column matrix (rows x cols), owned by whoever filled it */
typedef struct cd_csc {
    int rows, cols, nnz;
    int *colptr;    /* cols + 1 */
    int *rowind;    /* nnz */
    double *x;      /* nnz */
} cd_csc;

void cd_csc_free(cd_csc *A);

typedef struct cd_linsettings {
    int numerical;            /* 1: every object Jacobian by numerical differentiation */
    double eps_rel, eps_min;  /* perturbation of numerical differentiation */
    int keep_zeros;           /* 1: keep structural zeros of the pattern */
    double load_factor;       /* factor of the constant loads (1: as given; 0: without them) */
} cd_linsettings;

/* M, K, D (n2 x n2) and C (n2 x nae) at state st (any of them may be NULL: not computed).
 * Allocates the outputs (free with cd_csc_free) and its own workspace. Returns a status. */
int cd_linearize(const cd_system *s, const cd_state *st, const cd_linsettings *set,
                 cd_csc *M, cd_csc *K, cd_csc *D, cd_csc *C, cd_error *err);

#endif
