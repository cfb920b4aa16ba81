/* cd_linsolve: the public layer over the dense and sparse paths (see cd_linsolve.h).
 * It validates the pattern and the values, owns the solver object and keeps the statistics;
 * the numerics are in cd_ls_dense.c (LAPACK) and cd_ls_sparse.c (CSparse). */
#include "cd_ls_impl.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Crossover of CD_LS_AUTO, measured with benchmarks/bench_linalg.c on the development machine
 * (Intel Xeon, 2 cores, gcc -O2, Debian 12 reference LAPACK 3.11 + reference BLAS, CXSparse
 * 3.2). Matrix: KKT [M + h^2 K, C'; C, 0] of a planar pendulum chain, n = 3 x masses. Cost of
 * one steady-state step, numeric factorization of new values + one solve, best of 7 (us):
 *
 *       n     dense    sparse        n     dense    sparse
 *       3      0.19     0.04        30      6.0      0.97
 *       6      0.42     0.10        45     16        1.6
 *       9      0.75     0.21        60     34        2.1
 *      12      1.2      0.32        90    105        3.2
 *      15      1.7      0.42       150    430        5.3
 *      18      2.3      0.52       210   1160        7.4
 *      21      3.0      0.66       300   3190       10.6
 *      24      3.8      0.74
 *
 * The sparse refactorization wins at every size for such mechanism matrices, so AUTO starts
 * sparse (limit 0); it moves to dense only when the first sparse LU fills (maybe_go_dense). The sparse first factor
 * (AMD + the pivoting LU, 25-60 us) and its rare re-pivotings (a chain of 100 masses swept through
 * +-1 rad in 4000 steps: 8) do not change this. Even a fully dense pattern favours the
 * refactorization up to n = 30 (7.8 vs 8.2 us); dense wins from n = 50 (29 vs 48 us).
 * An optimized BLAS (OpenBLAS) would move the crossover: measure again if the provider changes. */
#define CD_LS_DENSE_LIMIT 0

int cd_ls_dense_limit(void)
{
    return CD_LS_DENSE_LIMIT;
}

/* CD_LS_AUTO takes the block path when the connected components of the pattern that are tiny
 * (at most CD_LS_TINY = 8 unknowns: the in-house dense LU of cd_ls_block.c) hold at least 80%
 * of the unknowns. Measured with benchmarks/bench_blocks.c (one factorization of new values +
 * one solve, thread CPU time, median of 15, n = 3000; docs/structural_analysis.rst):
 *     1000 independent pendulums (blocks of 3)         block / global sparse  0.88
 *     500 pendulums + a chain of 500 masses            block / global sparse  1.02 - 1.06
 *     100 independent chains of 10 masses (blocks of 30)                       1.13 - 1.20
 *     a chain, a tree (one block)                                              1.00
 * Larger blocks do not pay: AMD on the whole matrix already orders each component on its own,
 * so the block path saves no flops there and adds a scatter of the values and a permutation
 * of the right-hand side; only the tiny blocks' dense LU beats the sparse kernels. The
 * components cost one pass over the pattern; the matching of the block triangular form
 * (cs_di_dmperm, 0.4 - 0.7 ms at n = 3000) is computed only when the block path is taken. */
#define CD_LS_BLOCK_MIN_N 2
static int block_pays(const cd_linsolver *ls)
{
    return 5L * cd_lsb_tiny_unknowns(ls) >= 4L * ls->n;
}

/* check the CSC pattern: colptr[0] = 0, nondecreasing, rows in [0,n) strictly increasing */
static int check_pattern(int n, const int *Ap, const int *Ai, cd_error *err)
{
    int j, p;
    if (n < 1) return cd_error_set(err, CD_ERR_INPUT, "linear solver: n = %d, must be >= 1", n);
    if (!Ap || !Ai)
        return cd_error_set(err, CD_ERR_INPUT, "linear solver: colptr and rowind must not be NULL");
    if (Ap[0] != 0)
        return cd_error_set(err, CD_ERR_INPUT, "linear solver: colptr[0] = %d, must be 0", Ap[0]);
    for (j = 0; j < n; j++) {
        if (Ap[j+1] < Ap[j])
            return cd_error_set(err, CD_ERR_INPUT, "linear solver: colptr not monotone: "
                                "colptr[%d] = %d < colptr[%d] = %d", j+1, Ap[j+1], j, Ap[j]);
        for (p = Ap[j]; p < Ap[j+1]; p++) {
            if (Ai[p] < 0 || Ai[p] >= n)
                return cd_error_set(err, CD_ERR_INPUT, "linear solver: rowind[%d] = %d in "
                                    "column %d is out of range [0, %d)", p, Ai[p], j, n);
            if (p > Ap[j] && Ai[p] <= Ai[p-1])
                return cd_error_set(err, CD_ERR_INPUT, "linear solver: rows of column %d not "
                                    "strictly increasing at rowind[%d] = %d", j, p, Ai[p]);
        }
    }
    return CD_OK;
}

/* check that every value is finite; the message names the entry */
static int check_values(const cd_linsolver *ls, const double *Ax, cd_error *err)
{
    int j, p;
    for (j = 0; j < ls->n; j++)
        for (p = ls->colptr[j]; p < ls->colptr[j+1]; p++)
            if (!isfinite(Ax[p]))
                return cd_error_set(err, CD_ERR_NONFINITE, "linear solver: values[%d] = %g "
                                    "(row %d, column %d) is not finite", p, Ax[p],
                                    ls->rowind[p], j);
    return CD_OK;
}

/* copy the pattern (n+1 pointers, nnz rows) into ls; 1 if ok, 0 if out of memory */
static int copy_pattern(cd_linsolver *ls, const int *Ap, const int *Ai)
{
    int n = ls->n, nnz = Ap[n];
    ls->colptr = malloc((size_t) (n + 1) * sizeof(int));
    ls->rowind = malloc((size_t) (nnz > 0 ? nnz : 1) * sizeof(int));
    if (!ls->colptr || !ls->rowind) return 0;
    memcpy(ls->colptr, Ap, (size_t) (n + 1) * sizeof(int));
    memcpy(ls->rowind, Ai, (size_t) nnz * sizeof(int));
    return 1;
}

/* the one exit of cd_ls_create: ls if ok, else free what was made and report */
static cd_linsolver *create_done(cd_linsolver *ls, int ok, int n, cd_error *err)
{
    if (ok) return ls;
    cd_error_set(err, CD_ERR_NOMEM, "linear solver: out of memory creating a solver for "
                 "n = %d", n);
    cd_ls_free(ls);
    return NULL;
}

/* a solver for the checked pattern with kind unresolved and no workspace; NULL on failure */
static cd_linsolver *new_solver(cd_ls_kind kind, int n, const int *colptr, const int *rowind,
                                cd_error *err)
{
    cd_linsolver *ls;
    if (kind != CD_LS_AUTO && kind != CD_LS_DENSE && kind != CD_LS_SPARSE &&
        kind != CD_LS_BLOCK) {
        cd_error_set(err, CD_ERR_INPUT, "linear solver: unknown kind %d", (int) kind);
        return NULL;
    }
    if (check_pattern(n, colptr, rowind, err) != CD_OK) return NULL;
    ls = calloc(1, sizeof(cd_linsolver));
    if (!ls) return create_done(NULL, 0, n, err);
    ls->n = n;
    ls->stats.failed_column = -1;
    ls->stats.nblocks = 1;
    ls->automatic = kind == CD_LS_AUTO;
    ls->kind = kind;
    if (!copy_pattern(ls, colptr, rowind)) return create_done(ls, 0, n, err);
    return ls;
}

/* AUTO resolved to dense or sparse and that path's workspace */
static cd_linsolver *global_workspace(cd_linsolver *ls, cd_error *err)
{
    if (ls->kind == CD_LS_AUTO)
        ls->kind = ls->n <= CD_LS_DENSE_LIMIT ? CD_LS_DENSE : CD_LS_SPARSE;
    return create_done(ls, ls->kind == CD_LS_DENSE ? cd_lsd_alloc(ls) : cd_lss_alloc(ls), ls->n,
                       err);
}

cd_linsolver *cd_ls_create_global(cd_ls_kind kind, int n, const int *colptr, const int *rowind,
                                  cd_error *err)
{
    cd_linsolver *ls = new_solver(kind == CD_LS_BLOCK ? CD_LS_AUTO : kind, n, colptr, rowind,
                                  err);
    return ls ? global_workspace(ls, err) : NULL;
}

/* AUTO takes the block path when it pays (block_pays); a pattern that does not split (one
 * block) is solved by the global path whatever the kind */
cd_linsolver *cd_ls_create(cd_ls_kind kind, int n, const int *colptr, const int *rowind,
                           cd_error *err)
{
    cd_linsolver *ls = new_solver(kind, n, colptr, rowind, err);
    if (!ls || (kind != CD_LS_BLOCK && (kind != CD_LS_AUTO || n < CD_LS_BLOCK_MIN_N)))
        return ls ? global_workspace(ls, err) : NULL;
    /* AUTO judges by the connected components (cheap); the block triangular form (a maximum
     * matching) is computed only for the block path */
    if (cd_lsb_analyse(ls, kind == CD_LS_BLOCK, err) != CD_OK) return cd_ls_free(ls);
    if (kind == CD_LS_AUTO && cd_lsb_nblocks(ls) > 1 && block_pays(ls)) {
        cd_lsb_free(ls);
        if (cd_lsb_analyse(ls, 1, err) != CD_OK) return cd_ls_free(ls);
    }
    if (cd_lsb_nblocks(ls) == 1 || (kind == CD_LS_AUTO && !block_pays(ls))) {
        cd_lsb_free(ls);
        ls->kind = CD_LS_AUTO;      /* as the solver of a block would be */
        ls->automatic = 1;
        return global_workspace(ls, err);
    }
    ls->kind = CD_LS_BLOCK;
    if (cd_lsb_layout(ls, err) != CD_OK) return cd_ls_free(ls);
    ls->stats.nblocks = cd_lsb_nblocks(ls);
    return ls;
}

cd_ls_kind cd_ls_kind_of(const cd_linsolver *ls)
{
    return ls ? ls->kind : CD_LS_AUTO;
}

/* AUTO decides by the fill of the first sparse factorization: when L and U hold at least half
 * of the n^2 entries (and n >= CD_LS_DENSE_MIN_N) the dense path is faster. Measured with
 * OpenBLAS (one thread), factor + solve of random patterns whose LU fills completely, in us:
 *     n        30     50     80    120    200    300
 *     dense    5.5   14.6   39.0    100    336    873
 *     sparse   7.8   38.5    133    402   1726   5346
 * Mechanism Jacobians (chains, grids) fill little and stay sparse. The switch happens once,
 * at the first factorization of a solve. */
#define CD_LS_DENSE_MIN_N 40
static int maybe_go_dense(cd_linsolver *ls, const double *values, cd_error *err)
{
    long n = ls->n;
    if (n < CD_LS_DENSE_MIN_N || 2 * cd_lss_fill(ls) < n * n) return CD_OK;
    cd_lss_free(ls);
    ls->kind = CD_LS_DENSE;
    if (!cd_lsd_alloc(ls))
        return cd_error_set(err, CD_ERR_NOMEM, "linear solver: out of memory switching to dense");
    return cd_lsd_factor(ls, values, err);
}

/* nfactor counts every factorization attempted on valid values, the paths count nfull */
int cd_ls_factor(cd_linsolver *ls, const double *values, cd_error *err)
{
    int status;
    if (!ls || !values)
        return cd_error_set(err, CD_ERR_INPUT, "linear solver: factor needs a solver and values");
    ls->factored = 0;
    status = check_values(ls, values, err);
    return status != CD_OK ? status : cd_ls_factor_checked(ls, values, err);
}

int cd_ls_factor_checked(cd_linsolver *ls, const double *values, cd_error *err)
{
    int status;
    ls->factored = 0;
    ls->stats.nfactor++;
    status = ls->kind == CD_LS_DENSE ? cd_lsd_factor(ls, values, err)
           : ls->kind == CD_LS_BLOCK ? cd_lsb_factor(ls, values, err)
                                     : cd_lss_factor(ls, values, err);
    if (status == CD_OK && ls->automatic && ls->kind == CD_LS_SPARSE && ls->stats.nfull == 1)
        status = maybe_go_dense(ls, values, err);
    ls->factored = (status == CD_OK);
    return status;
}

int cd_ls_solve(cd_linsolver *ls, double *b, cd_error *err)
{
    int status;
    if (!ls || !b)
        return cd_error_set(err, CD_ERR_INPUT, "linear solver: solve needs a solver and b");
    if (!ls->factored)
        return cd_error_set(err, CD_ERR_NOTASSEMBLED, "linear solver: no factorization to "
                            "solve with (cd_ls_factor was not called or failed)");
    status = ls->kind == CD_LS_DENSE ? cd_lsd_solve(ls, b, err)
           : ls->kind == CD_LS_BLOCK ? cd_lsb_solve(ls, b, err)
                                     : cd_lss_solve(ls, b, err);
    if (status == CD_OK) ls->stats.nsolve++;
    return status;
}

cd_ls_stats cd_ls_get_stats(const cd_linsolver *ls)
{
    cd_ls_stats none = {0, 0, 0, -1, 1};
    return ls ? ls->stats : none;
}

cd_linsolver *cd_ls_free(cd_linsolver *ls)
{
    if (!ls) return NULL;
    if (ls->kind == CD_LS_DENSE) cd_lsd_free(ls);
    else if (ls->kind == CD_LS_SPARSE) cd_lss_free(ls);
    cd_lsb_free(ls);
    free(ls->colptr);
    free(ls->rowind);
    free(ls);
    return NULL;
}
