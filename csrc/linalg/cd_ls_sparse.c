/* cd_ls_sparse: the sparse path. L U = P A Q with CXSparse (int API, cs_di_*):
 *   first factor:  S = cs_di_sqr (q = AMD of A+A'), then cs_di_lu with threshold pivoting;
 *   later factors: numeric refactorization on the patterns of L, U and P of the last cs_di_lu,
 *                  allocation-free; a pivot that fails the growth test falls back to cs_di_lu
 *                  (which allocates; counted in stats.nfull) and its new patterns are kept.
 * The layout of cs_di_lu's factors that the refactorization relies on was read from CSparse's
 * cs_lu.c (identical in CXSparse 3.x): U(:,k) holds the pivotal rows of the reach of A(:,q[k])
 * in the order cs_spsolve eliminated them, a topological order of the graph of L, with U(k,k)
 * stored last; L(:,k) holds L(k,k) = 1 first, then the non-pivotal rows of the reach (numerical
 * zeros are kept, so both patterns are structural); rows of L and U are in pivot order. */
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
    return ls->sparse.x && ls->sparse.w;
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

/* the one exit of sparse_fail_step: free the replay's workspace, return step */
static int fail_step_done(int step, cs_di *L, int *pinv, int *xi, double *x)
{
    cs_di_spfree(L);
    cs_di_free(pinv);
    cs_di_free(xi);
    cs_di_free(x);
    return step;
}

/* cs_di_lu returns NULL both for a singular matrix and for lack of memory. This replays its
 * left-looking elimination with the same kernel (cs_di_spsolve), tolerance and tie-breaking, so
 * it picks the same pivots, and returns the step k at which column q[k] had no nonzero pivot
 * candidate; n if every step had one (then cs_di_lu ran out of memory); -1 if out of memory
 * here. Runs only after a failure, so it may allocate. */
static int sparse_fail_step(const cs_di *A, const cs_dis *S)
{
    int n = A->n, k, p, i, col, top, ipiv, lnz = 0;
    double a, t, pivot;
    cs_di *L = cs_di_spalloc(n, n, 4 * n, 1, 0);
    int *pinv = cs_di_malloc(n, sizeof(int)), *xi = cs_di_malloc(2 * n, sizeof(int));
    double *x = cs_di_calloc(n, sizeof(double));
    if (!L || !pinv || !xi || !x) return fail_step_done(-1, L, pinv, xi, x);
    for (i = 0; i < n; i++) pinv[i] = -1;
    for (k = 0; k <= n; k++) L->p[k] = 0;       /* cs_dfs uses L->p as marks: start clean */
    for (k = 0; k < n; k++) {
        L->p[k] = lnz;
        if (lnz + n > L->nzmax && !cs_di_sprealloc(L, 2 * L->nzmax + n))
            return fail_step_done(-1, L, pinv, xi, x);
        col = S->q ? S->q[k] : k;
        top = cs_di_spsolve(L, A, col, xi, x, pinv, 1);               /* x = L\A(:,col) */
        for (ipiv = -1, a = -1, p = top; p < n; p++) {                /* largest candidate */
            i = xi[p];
            if (pinv[i] < 0 && (t = fabs(x[i])) > a) { a = t; ipiv = i; }
        }
        if (ipiv == -1 || a <= 0) return fail_step_done(k, L, pinv, xi, x);
        if (pinv[col] < 0 && fabs(x[col]) >= a * CD_LS_PIVOT_TOL) ipiv = col;
        pivot = x[ipiv];
        pinv[ipiv] = k;
        L->i[lnz] = ipiv;                                             /* L(k,k) = 1 */
        L->x[lnz++] = 1;
        for (p = top; p < n; p++) {                                   /* L(:,k) = x/pivot */
            i = xi[p];
            if (pinv[i] < 0) { L->i[lnz] = i; L->x[lnz++] = x[i] / pivot; }
            x[i] = 0;
        }
    }
    return fail_step_done(n, L, pinv, xi, x);
}

/* report a failed cs_di_lu as CD_ERR_SINGULAR naming the column, or as CD_ERR_NOMEM */
static int sparse_lu_failed(const cs_di *A, const cs_dis *S, int *failed_column, cd_error *err)
{
    int k = sparse_fail_step(A, S);
    *failed_column = (k >= 0 && k < A->n) ? (S->q ? S->q[k] : k) : -1;
    if (k < 0 || k >= A->n)
        return cd_error_set(err, CD_ERR_NOMEM, "sparse LU: out of memory in cs_di_lu (n = %d)",
                            A->n);
    return cd_error_set(err, CD_ERR_SINGULAR, "sparse LU: matrix is singular, column %d has "
                        "no nonzero pivot (elimination step %d of %d)",
                        S->q ? S->q[k] : k, k, A->n);
}

/* full factorization with threshold partial pivoting: L*U = P*A*Q; the new L, U, P replace the
 * old ones (and their patterns are reused from now on) */
static int sparse_full(cd_linsolver *ls, const double *Ax, cd_error *err)
{
    cs_di A = csc_view(ls, Ax);
    cs_din *N = cs_di_lu(&A, ls->sparse.S, CD_LS_PIVOT_TOL);
    ls->stats.nfull++;
    if (!N) return sparse_lu_failed(&A, ls->sparse.S, &ls->stats.failed_column, err);
    cs_di_nfree(ls->sparse.N);
    ls->sparse.N = N;
    return CD_OK;
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
    if (sp->N && sparse_refactor(ls, Ax) < 0) return CD_OK;
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
    ls->sparse.x = NULL;
    ls->sparse.w = NULL;
}

long cd_lss_fill(const cd_linsolver *ls)
{
    const cs_din *N = (const cs_din *)ls->sparse.N;
    if (!N || !N->L || !N->U) return 0;
    return (long)N->L->p[ls->n] + (long)N->U->p[ls->n];
}
