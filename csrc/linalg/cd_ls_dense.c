/* cd_ls_dense: the dense path. P A = L U by LAPACK dgetrf on a column-major copy of A,
 * solves by dgetrs. The n*n array and the pivots are allocated at create; factor and solve
 * allocate nothing (reference LAPACK's dgetrf/dgetrs do not allocate either). */
#include "cd_ls_impl.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Fortran LAPACK (gfortran ABI): arguments by reference; a CHARACTER argument adds a hidden
 * length, passed by value after all the others */
void dgetrf_(const int *m, const int *n, double *a, const int *lda, int *ipiv, int *info);
void dgetrs_(const char *trans, const int *n, const int *nrhs, const double *a, const int *lda,
             const int *ipiv, double *b, const int *ldb, int *info, size_t trans_len);

int cd_lsd_alloc(cd_linsolver *ls)
{
    size_t n = (size_t) ls->n;
    if (n > SIZE_MAX / sizeof(double) / n) return 0;
    ls->dense.lu = malloc(n * n * sizeof(double));
    ls->dense.ipiv = malloc(n * sizeof(int));
    return ls->dense.lu && ls->dense.ipiv;
}

/* lu = A: zero the array, then scatter the CSC values to lu[i + j*n] */
static void dense_scatter(cd_linsolver *ls, const double *Ax)
{
    int j, p, n = ls->n;
    const int *Ap = ls->colptr, *Ai = ls->rowind;
    double *lu = ls->dense.lu;
    memset(lu, 0, (size_t) n * (size_t) n * sizeof(double));
    for (j = 0; j < n; j++) {
        for (p = Ap[j]; p < Ap[j+1]; p++) lu[Ai[p] + (size_t) j * n] = Ax[p]; /* lu(:,j)=A(:,j) */
    }
}

/* every dense factorization pivots afresh: each counts in nfull */
int cd_lsd_factor(cd_linsolver *ls, const double *Ax, cd_error *err)
{
    int n = ls->n, info = 0;
    dense_scatter(ls, Ax);
    dgetrf_(&n, &n, ls->dense.lu, &n, ls->dense.ipiv, &info);   /* P*A = L*U, in place */
    ls->stats.nfull++;
    ls->stats.failed_column = info > 0 ? info - 1 : -1;
    if (info > 0)
        return cd_error_set(err, CD_ERR_SINGULAR, "dense LU: matrix is singular, pivot "
                            "U(%d,%d) is exactly zero (column %d depends on the columns "
                            "before it)", info - 1, info - 1, info - 1);
    if (info < 0)
        return cd_error_set(err, CD_ERR_INTERNAL, "dense LU: dgetrf rejected argument %d",
                            -info);
    return CD_OK;
}

/* b holds b on input and x = A\b on output */
int cd_lsd_solve(cd_linsolver *ls, double *b, cd_error *err)
{
    int n = ls->n, nrhs = 1, info = 0;
    /* b = U\(L\(P*b)) */
    dgetrs_("N", &n, &nrhs, ls->dense.lu, &n, ls->dense.ipiv, b, &n, &info, 1);
    if (info != 0)
        return cd_error_set(err, CD_ERR_INTERNAL, "dense LU: dgetrs rejected argument %d",
                            -info);
    return CD_OK;
}

void cd_lsd_free(cd_linsolver *ls)
{
    free(ls->dense.lu);
    free(ls->dense.ipiv);
    ls->dense.lu = NULL;
    ls->dense.ipiv = NULL;
}
