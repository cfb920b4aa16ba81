/* cd_ls_impl: private to csrc/linalg. The solver object shared by the public layer
 * (cd_linsolve.c), the dense path (cd_ls_dense.c, LAPACK) and the sparse path (cd_ls_sparse.c,
 * CSparse). Nothing here is part of the engine's interface. */
#ifndef CD_LS_IMPL_H
#define CD_LS_IMPL_H

#include "cd_linsolve.h"

#if defined(__GNUC__)
#define CD_LS_HIDDEN __attribute__((visibility("hidden")))
#else
#define CD_LS_HIDDEN
#endif

/* CSparse objects, opaque outside cd_ls_sparse.c (the typedefs live in <suitesparse/cs.h>) */
struct cs_di_symbolic;
struct cs_di_numeric;

/* dense LU: P A = L U computed in place by dgetrf */
typedef struct cd_ls_dense {
    double *lu;     /* n*n, column-major: A after the scatter, then unit-lower L and U */
    int *ipiv;      /* n, LAPACK pivots (1-based): row i was interchanged with row ipiv[i]-1 */
} cd_ls_dense;

/* sparse LU: L U = P A Q; patterns of L, U and P fixed after a cs_di_lu, values refreshed */
typedef struct cd_ls_sparse {
    struct cs_di_symbolic *S; /* q = AMD(A+A') column order and fill guesses; NULL before 1st */
    struct cs_di_numeric *N;  /* L, U (rows in pivot order) and pinv of the last pivoting
                                 factorization; storage kept and grown (cd_ls_sparse.c) */
    int valid;      /* 1 when N holds the factors of the last successful factorization */
    double *x;      /* n, refactorization accumulator; all zero between columns */
    double *w;      /* n, solve workspace (and the pivoting factorization's accumulator) */
    int *xi;        /* 2n, the pivoting factorization's reach workspace */
} cd_ls_sparse;

/* block path: the block decomposition, its blocks' factors (defined in cd_ls_block.c) */
typedef struct cd_ls_block cd_ls_block;

/* the solver: a fixed pattern, its factorization and statistics */
struct cd_linsolver {
    cd_ls_kind kind;        /* CD_LS_DENSE, _SPARSE or _BLOCK (AUTO is resolved at create) */
    int automatic;          /* created as AUTO: may move to dense after the first factor */
    int n;                  /* matrix dimension */
    int *colptr;            /* n+1 column pointers (copy of the pattern) */
    int *rowind;            /* colptr[n] row indices, strictly increasing in a column (copy) */
    int factored;           /* 1 while a usable factorization is held, else 0 */
    cd_ls_stats stats;      /* counts since create */
    cd_ls_dense dense;      /* used when kind == CD_LS_DENSE */
    cd_ls_sparse sparse;    /* used when kind == CD_LS_SPARSE */
    cd_ls_block *block;     /* used when kind == CD_LS_BLOCK, else NULL */
};

/* cd_ls_factor on values already checked to be finite (a block's solver) */
CD_LS_HIDDEN int cd_ls_factor_checked(cd_linsolver *ls, const double *values, cd_error *err);

/* a solver of kind AUTO, DENSE or SPARSE that never takes the block path (a block's solver) */
CD_LS_HIDDEN cd_linsolver *cd_ls_create_global(cd_ls_kind kind, int n, const int *colptr,
                                               const int *rowind, cd_error *err);

/* dense path (cd_ls_dense.c): allocate workspace (1 ok, 0 out of memory), factor, solve, free */
CD_LS_HIDDEN int cd_lsd_alloc(cd_linsolver *ls);
CD_LS_HIDDEN int cd_lsd_factor(cd_linsolver *ls, const double *Ax, cd_error *err);
CD_LS_HIDDEN int cd_lsd_solve(cd_linsolver *ls, double *b, cd_error *err);
CD_LS_HIDDEN void cd_lsd_free(cd_linsolver *ls);

/* sparse path (cd_ls_sparse.c): same four jobs */
CD_LS_HIDDEN int cd_lss_alloc(cd_linsolver *ls);
CD_LS_HIDDEN int cd_lss_factor(cd_linsolver *ls, const double *Ax, cd_error *err);
CD_LS_HIDDEN int cd_lss_solve(cd_linsolver *ls, double *b, cd_error *err);
CD_LS_HIDDEN void cd_lss_free(cd_linsolver *ls);
/* block path (cd_ls_block.c), at create: the decomposition (analyse), then the blocks'
 * storage and solvers (layout); analyse finds the block triangular form if fine, else only
 * the connected components; each CD_OK or CD_ERR_NOMEM (cd_lsb_free also after a
 * failure); factor, solve, free; the number of diagonal blocks and the unknowns in blocks
 * small enough for the in-house dense LU (known after analyse) */
CD_LS_HIDDEN int cd_lsb_analyse(cd_linsolver *ls, int fine, cd_error *err);
CD_LS_HIDDEN int cd_lsb_layout(cd_linsolver *ls, cd_error *err);
CD_LS_HIDDEN int cd_lsb_factor(cd_linsolver *ls, const double *Ax, cd_error *err);
CD_LS_HIDDEN int cd_lsb_solve(cd_linsolver *ls, double *b, cd_error *err);
CD_LS_HIDDEN void cd_lsb_free(cd_linsolver *ls);
CD_LS_HIDDEN int cd_lsb_nblocks(const cd_linsolver *ls);
CD_LS_HIDDEN int cd_lsb_tiny_unknowns(const cd_linsolver *ls);

/* entries of L and U of the current sparse factorization (0 if none) */
CD_LS_HIDDEN long cd_lss_fill(const cd_linsolver *ls);

#endif
