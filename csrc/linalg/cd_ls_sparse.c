/* cd_ls_sparse: the sparse path. L U = P A Q with CXSparse's kernels (int API, cs_di_*):
 *   first factor:  S = cs_di_sqr (q = AMD of A+A'), then a left-looking LU with threshold
 *                  partial pivoting (sparse_lu: the elimination of cs_di_lu, with cs_di_spsolve
 *                  for each column) into factors the solver keeps;
 *   later factors: numeric refactorization on the patterns of L, U and P of the last pivoting
 *                  factorization; a pivot that fails the growth test pivots afresh (counted in
 *                  stats.nfull) into the same storage.
 * Neither allocates once the storage is large enough: sparse_lu grows L and U only when a new
 * pivot order fills more than any before in this solver (a stiff flexible model re-pivots now
 * and then; a time step must not allocate).
 * Layout of the factors (as cs_di_lu leaves them, which the refactorization relies on):
 * U(:,k) holds the pivotal rows of the reach of A(:,q[k]) in the order cs_spsolve eliminated
 * them, a topological order of the graph of L, with U(k,k) stored last; L(:,k) holds L(k,k) = 1
 * first, then the non-pivotal rows of the reach (numerical zeros are kept, so both patterns are
 * structural); rows of L and U are in pivot order. */
#include "cd_ls_impl.h"
#include <math.h>
#include <stdlib.h>
#include <suitesparse/cs.h>

/* Threshold of cs_di_lu: the diagonal A(q[k],q[k]) is the pivot if |a_kk| >= 0.1 max|a_ik|
 * over the candidates, else the largest candidate. Preferring the diagonal keeps the fill near
 * what AMD on A+A' planned, and bounds |L| <= 10 (growth at most 11x per step instead of 2x),
 * which leaves a margin of 100 before the refactorization's growth test (below) rejects the
 * old pivots. For the zero (2,2) block of a KKT matrix there is no diagonal and the largest
 * candidate is taken. */
#define CD_LS_PIVOT_TOL 0.1

/* refactorization keeps the old pivot of column k only if |U(k,k)| >= 1e-3 max |candidates| */
#define CD_LS_GROWTH_TOL 1e-3

/* a cs_di header over the solver's pattern and the values Ax; the const is cast away because
 * cs_di has no const members, and cs_di_sqr and cs_di_lu only read A */
static cs_di csc_view(const cd_linsolver *ls, const double *Ax)
{
    cs_di A;
    A.nzmax = ls->colptr[ls->n];
    A.m = ls->n;
    A.n = ls->n;
    A.p = ls->colptr;
    A.i = ls->rowind;
    A.x = (double *) Ax;
    A.nz = -1;              /* compressed-column form */
    return A;
}

int cd_lss_alloc(cd_linsolver *ls)
{
    size_t n = (size_t) ls->n;
    ls->sparse.x = calloc(n, sizeof(double));     /* invariant: x = 0 between columns */
    ls->sparse.w = malloc(n * sizeof(double));
    ls->sparse.xi = malloc(2 * n * sizeof(int) + sizeof(int));
    return ls->sparse.x && ls->sparse.w && ls->sparse.xi;
}

/* x = P*A(:,col): row i of A goes to its pivot position pinv[i] */
static void refactor_scatter(const cd_linsolver *ls, const int *pinv, const double *Ax, int col,
                             double *x)
{
    int p;
    for (p = ls->colptr[col]; p < ls->colptr[col+1]; p++) x[pinv[ls->rowind[p]]] = Ax[p];
}

/* for each off-diagonal j of U(:,k), in stored (topological) order: U(j,k) = x(j) and
 * x = x - L(:,j)*x(j) -- the sparse triangular solve x = L\x restricted to the reach */
static void refactor_upper(const cs_di *L, cs_di *U, int k, double *x)
{
    int p, r, j;
    double xj;
    for (p = U->p[k]; p < U->p[k+1] - 1; p++) {
        j = U->i[p];
        xj = x[j];
        U->x[p] = xj;                                             /* U(j,k) = x(j) */
        for (r = L->p[j] + 1; r < L->p[j+1]; r++) {
            x[L->i[r]] -= L->x[r] * xj;                           /* x -= L(:,j)*x(j) */
        }
    }
}

/* 1 if the old pivot x(k) is nonzero, finite and |x(k)| >= GROWTH max|x(i)| over the pivot
 * candidates i in {k} + rows of L(:,k); a NaN or Inf anywhere fails */
static int refactor_pivot_ok(const cs_di *L, int k, const double *x)
{
    int r;
    double t, piv = fabs(x[k]), amax = piv;
    for (r = L->p[k] + 1; r < L->p[k+1]; r++) {
        t = fabs(x[L->i[r]]);
        if (!(t <= amax)) amax = t;                                   /* NaN propagates */
    }
    return isfinite(amax) && piv > 0 && piv >= CD_LS_GROWTH_TOL * amax;
}

/* U(k,k) = x(k) and L(k+1:n,k) = x(rows of L(:,k)) / U(k,k); L(k,k) = 1 stays */
static void refactor_lower(cs_di *L, cs_di *U, int k, const double *x)
{
    int r;
    double pivot = x[k];
    U->x[U->p[k+1] - 1] = pivot;
    for (r = L->p[k] + 1; r < L->p[k+1]; r++) L->x[r] = x[L->i[r]] / pivot;
}

/* x = 0 on the pattern of column k (rows of U(:,k), U(k,k) included, and of L(:,k)): the
 * scatter and every update of column k touched only these rows */
static void refactor_clear(const cs_di *L, const cs_di *U, int k, double *x)
{
    int p;
    for (p = U->p[k]; p < U->p[k+1]; p++) x[U->i[p]] = 0;
    for (p = L->p[k] + 1; p < L->p[k+1]; p++) x[L->i[p]] = 0;
}

/* numeric refactorization, left-looking as KLU's refactor: for k = 0..n-1,
 *   x = P*A(:,q[k]); U(0:k-1,k) = L(0:k-1,0:k-1)\x(0:k-1); U(k,k) = x(k); L(k+1:n,k) = x/U(k,k)
 * with the patterns and P of the last cs_di_lu. Returns -1 on success, else the step k whose
 * pivot failed the growth test (the factors are then partly overwritten; x is clean). */
static int sparse_refactor(cd_linsolver *ls, const double *Ax)
{
    cs_din *N = ls->sparse.N;
    const int *q = ls->sparse.S->q;
    double *x = ls->sparse.x;
    int k, ok;
    for (k = 0; k < ls->n; k++) {
        refactor_scatter(ls, N->pinv, Ax, q ? q[k] : k, x);
        refactor_upper(N->L, N->U, k, x);
        ok = refactor_pivot_ok(N->L, k, x);
        if (ok) refactor_lower(N->L, N->U, k, x);
        refactor_clear(N->L, N->U, k, x);
        if (!ok) return k;
    }
    return -1;
}

/* the numeric object with n pivots and L, U of nzmax lnz, unz; NULL when out of memory */
static cs_din *numeric_alloc(int n, int lnz, int unz)
{
    cs_din *N = cs_di_calloc(1, sizeof(cs_din));
    if (!N) return NULL;
    N->L = cs_di_spalloc(n, n, lnz, 1, 0);
    N->U = cs_di_spalloc(n, n, unz, 1, 0);
    N->pinv = cs_di_malloc(n, sizeof(int));
    if (!N->L || !N->U || !N->pinv) return cs_di_nfree(N);
    return N;
}

/* full factorization with threshold partial pivoting, L*U = P*A*Q, into sp->N (allocated on the
 * first call with cs_di_lu's first guess of the fill, grown by doubling when a column does not
 * fit). Returns -1 on success, the elimination step without a nonzero pivot candidate
 * (singular), or -2 when out of memory; the factors are then invalid. */
static int sparse_lu(cd_linsolver *ls, const double *Ax)
{
    cd_ls_sparse *sp = &ls->sparse;
    cs_di A = csc_view(ls, Ax);
    const int n = ls->n, *q = sp->S->q;
    if (!sp->N) {
        int guess = 4 * A.p[n] + n;
        sp->N = numeric_alloc(n, guess, guess);
        if (!sp->N) return -2;
    }
    cs_di *L = sp->N->L, *U = sp->N->U;
    int *pinv = sp->N->pinv, *xi = sp->xi, lnz = 0, unz = 0, k, p, i;
    double *x = sp->w;   /* the solve workspace, zero between columns */
    for (i = 0; i < n; i++) { pinv[i] = -1; x[i] = 0; }
    for (k = 0; k <= n; k++) L->p[k] = 0;   /* cs_di_spsolve marks visited rows in L->p */
    for (k = 0; k < n; k++) {
        L->p[k] = lnz;
        U->p[k] = unz;
        if ((lnz + n > L->nzmax && !cs_di_sprealloc(L, 2 * L->nzmax + n)) ||
            (unz + n > U->nzmax && !cs_di_sprealloc(U, 2 * U->nzmax + n)))
            return -2;
        int col = q ? q[k] : k, ipiv = -1;
        int top = cs_di_spsolve(L, &A, col, xi, x, pinv, 1);         /* x = L\A(:,col) */
        double a = -1, t;
        for (p = top; p < n; p++) {
            i = xi[p];
            if (pinv[i] < 0) {                                        /* a pivot candidate */
                if ((t = fabs(x[i])) > a) { a = t; ipiv = i; }
            } else {                                                  /* U(pinv[i], k) */
                U->i[unz] = pinv[i];
                U->x[unz++] = x[i];
            }
        }
        if (ipiv == -1 || !(a > 0)) return k;
        if (pinv[col] < 0 && fabs(x[col]) >= a * CD_LS_PIVOT_TOL) ipiv = col;
        double pivot = x[ipiv];
        U->i[unz] = k;                                                /* U(k,k), last */
        U->x[unz++] = pivot;
        pinv[ipiv] = k;
        L->i[lnz] = ipiv;                                             /* L(k,k) = 1, first */
        L->x[lnz++] = 1;
        for (p = top; p < n; p++) {
            i = xi[p];
            if (pinv[i] < 0) {                                        /* L(i,k) = x(i)/pivot */
                L->i[lnz] = i;
                L->x[lnz++] = x[i] / pivot;
            }
            x[i] = 0;
        }
    }
    L->p[n] = lnz;
    U->p[n] = unz;
    for (p = 0; p < lnz; p++) L->i[p] = pinv[L->i[p]];               /* rows in pivot order */
    return -1;
}

/* full factorization: the new L, U, P replace the old ones (and their patterns are reused from
 * now on); a failure leaves no usable factors */
static int sparse_full(cd_linsolver *ls, const double *Ax, cd_error *err)
{
    ls->stats.nfull++;
    int k = sparse_lu(ls, Ax);
    ls->sparse.valid = (k == -1);
    if (k == -1) return CD_OK;
    if (k == -2)
        return cd_error_set(err, CD_ERR_NOMEM, "sparse LU: out of memory for the factors "
                            "(n = %d)", ls->n);
    const int *q = ls->sparse.S->q;
    ls->stats.failed_column = q ? q[k] : k;
    return cd_error_set(err, CD_ERR_SINGULAR, "sparse LU: matrix is singular, column %d has "
                        "no nonzero pivot (elimination step %d of %d)", q ? q[k] : k, k, ls->n);
}

int cd_lss_factor(cd_linsolver *ls, const double *Ax, cd_error *err)
{
    cd_ls_sparse *sp = &ls->sparse;
    cs_di A;
    /* symbolic analysis once per pattern: q = amd(A+A') */
    if (!sp->S) {
        A = csc_view(ls, Ax);
        sp->S = cs_di_sqr(1, &A, 0);
        if (!sp->S)
            return cd_error_set(err, CD_ERR_NOMEM, "sparse LU: out of memory in the symbolic "
                                "analysis cs_di_sqr (n = %d)", ls->n);
    }
    /* reuse the last pivots if they pass the growth test, else pivot afresh */
    if (sp->valid && sparse_refactor(ls, Ax) < 0) return CD_OK;
    return sparse_full(ls, Ax, err);
}

/* b holds b on input and x = A\b = Q (U \ (L \ (P b))) on output */
int cd_lss_solve(cd_linsolver *ls, double *b, cd_error *err)
{
    const cs_din *N = ls->sparse.N;
    double *w = ls->sparse.w;
    int n = ls->n, ok;
    ok = cs_di_ipvec(N->pinv, b, w, n);                  /* w = P*b */
    ok = ok && cs_di_lsolve(N->L, w);                    /* w = L\w */
    ok = ok && cs_di_usolve(N->U, w);                    /* w = U\w */
    ok = ok && cs_di_ipvec(ls->sparse.S->q, w, b, n);    /* b(q) = w */
    return ok ? CD_OK : cd_error_set(err, CD_ERR_INTERNAL, "sparse LU: solve on broken factors");
}

void cd_lss_free(cd_linsolver *ls)
{
    ls->sparse.S = cs_di_sfree(ls->sparse.S);
    ls->sparse.N = cs_di_nfree(ls->sparse.N);
    free(ls->sparse.x);
    free(ls->sparse.w);
    free(ls->sparse.xi);
    ls->sparse.x = NULL;
    ls->sparse.w = NULL;
    ls->sparse.xi = NULL;
    ls->sparse.valid = 0;
}

long cd_lss_fill(const cd_linsolver *ls)
{
    const cs_din *N = (const cs_din *)ls->sparse.N;
    if (!N || !N->L || !N->U) return 0;
    return (long)N->L->p[ls->n] + (long)N->U->p[ls->n];
}
