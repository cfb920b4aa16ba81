/* cd_linsolve: one small interface over the dense (LAPACK) and sparse (CSparse) linear solvers.
 *
 * The matrix is square n x n in compressed-column form with a pattern fixed for the lifetime of
 * the solver: colptr (n+1 entries), rowind (nnz entries, rows sorted within a column). The values
 * (nnz entries, same order) are passed at each factorization. Life cycle:
 *     create (pattern) -> factor (values) -> solve (rhs) ... -> factor ... -> free
 * Symbolic analysis (ordering) happens once, at the first factor (the block path's block
 * decomposition at create); every later factor is numeric.
 * No allocation happens in factor or solve after the first factor, except the documented
 * fallback of the sparse solver to a new pivoting factorization (counted in the statistics). */
#ifndef CD_LINSOLVE_H
#define CD_LINSOLVE_H

#include "../core/cd_error.h"

typedef enum {
    CD_LS_AUTO = 0,   /* the block path when connected components of at most 8 unknowns hold
                         80% of them; else start dense at n <= cd_ls_dense_limit(), else
                         sparse; a sparse solver moves to dense when its first LU fills (see
                         cd_linsolve.c) */
    CD_LS_DENSE = 1,  /* LAPACK dgetrf/dgetrs on a dense copy */
    CD_LS_SPARSE = 2, /* CSparse LU (AMD ordering once) with pattern-reusing numeric refactorization */
    CD_LS_BLOCK = 3   /* block triangular form (cs_dmperm) or connected components at create;
                         each diagonal block factored on its own, tiny ones by a dense LU; a
                         pattern of one block is solved as AUTO would (cd_ls_kind_of says so) */
} cd_ls_kind;

typedef struct cd_ls_stats {
    long nfactor;      /* numeric factorizations performed */
    long nfull;        /* of which full pivoting factorizations (sparse: cs_lu; dense: all) */
    long nsolve;       /* solves */
    int failed_column; /* original column of the last failed pivot, -1 if none */
    int nblocks;       /* diagonal blocks factored separately (block path), else 1 */
} cd_ls_stats;

typedef struct cd_linsolver cd_linsolver;

/* largest n for which CD_LS_AUTO picks the dense solver */
int cd_ls_dense_limit(void);

/* create a solver for the fixed pattern; the pattern arrays are copied.
 * Returns NULL and fills err on failure (bad pattern, out of memory). */
cd_linsolver *cd_ls_create(cd_ls_kind kind, int n, const int *colptr, const int *rowind,
                           cd_error *err);

/* the kind actually used (AUTO resolved) */
cd_ls_kind cd_ls_kind_of(const cd_linsolver *ls);

/* numeric factorization of the matrix with the given values (nnz entries).
 * Returns CD_OK, or CD_ERR_SINGULAR with a message naming the column/pivot, CD_ERR_NOMEM. */
int cd_ls_factor(cd_linsolver *ls, const double *values, cd_error *err);

/* solve A x = b with the last factorization; b holds b on input and x on output.
 * Returns CD_OK or a negative code if no factorization is available. */
int cd_ls_solve(cd_linsolver *ls, double *b, cd_error *err);

/* statistics since create */
cd_ls_stats cd_ls_get_stats(const cd_linsolver *ls);

/* free everything; accepts NULL; returns NULL so callers can write ls = cd_ls_free(ls) */
cd_linsolver *cd_ls_free(cd_linsolver *ls);

#endif
