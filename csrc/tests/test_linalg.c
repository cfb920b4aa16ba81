/* test_linalg: unit tests of the linear-solver layer (csrc/linalg/cd_linsolve.h).
 * Prints every failing check and finally "N passed, M failed"; exits nonzero on failure.
 * malloc, calloc, realloc and free are interposed (test_alloc.h) to count allocations and to
 * make the Nth one fail on purpose. */
#include "test_alloc.h"
#include "../linalg/cd_linsolve.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* ---------------------------------------------------------------------------------------- */
/* checks */

static int g_pass, g_fail;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) g_pass++;                                                \
        else {                                                             \
            g_fail++;                                                      \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
            printf(__VA_ARGS__);                                           \
            printf("\n");                                                  \
        }                                                                  \
    } while (0)

/* ---------------------------------------------------------------------------------------- */
/* test matrices: compressed-column, rows sorted, arrays owned */

typedef struct {
    int n;          /* dimension */
    int *p;         /* n+1 column pointers */
    int *i;         /* p[n] row indices */
    double *x;      /* p[n] values */
} csc;

static unsigned long long g_rng = 88172645463325252ULL;

/* uniform in [-1, 1) (xorshift64) */
static double rnd(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (double) (g_rng >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

static void csc_free(csc *A)
{
    free(A->p);
    free(A->i);
    free(A->x);
    memset(A, 0, sizeof(*A));
}

/* compress a dense n x n matrix D (column-major) keeping the entries where mask is set */
static csc csc_from_dense(int n, const double *D, const char *mask)
{
    csc A;
    int j, r, nz = 0;
    A.n = n;
    A.p = malloc((size_t) (n + 1) * sizeof(int));
    A.i = malloc((size_t) n * n * sizeof(int));
    A.x = malloc((size_t) n * n * sizeof(double));
    for (j = 0; j < n; j++) {
        A.p[j] = nz;
        for (r = 0; r < n; r++) {
            if (!mask[r + (size_t) j * n]) continue;
            A.i[nz] = r;
            A.x[nz++] = D[r + (size_t) j * n];
        }
    }
    A.p[n] = nz;
    return A;
}

/* random sparse n x n: diagonal plus up to 3 random entries per column in [-1,1], diagonal
 * 1 + (entries in its row and column) with a random sign: diagonally dominant both ways */
static csc csc_random(int n)
{
    double *D = calloc((size_t) n * n, sizeof(double));
    char *mask = calloc((size_t) n * n, 1);
    int j, r, t, *cnt = calloc((size_t) n, sizeof(int));
    csc A;
    for (j = 0; j < n; j++) {
        for (t = 0; t < 3 && n > 1; t++) {
            r = (int) ((rnd() + 1.0) * 0.5 * n) % n;
            if (r == j || mask[r + (size_t) j * n]) continue;
            mask[r + (size_t) j * n] = 1;
            D[r + (size_t) j * n] = rnd();
            cnt[r]++;
            cnt[j]++;
        }
    }
    for (j = 0; j < n; j++) {
        mask[j + (size_t) j * n] = 1;
        D[j + (size_t) j * n] = (rnd() < 0 ? -1.0 : 1.0) * (1.0 + cnt[j]);
    }
    A = csc_from_dense(n, D, mask);
    free(D);
    free(mask);
    free(cnt);
    return A;
}

/* new random values on A's pattern, keeping the diagonal dominance of csc_random */
static void csc_rerandomize(csc *A)
{
    int j, p;
    for (j = 0; j < A->n; j++) {
        for (p = A->p[j]; p < A->p[j+1]; p++) {
            if (A->i[p] == j) A->x[p] *= 1.0 + 0.3 * rnd();
            else A->x[p] = rnd();
        }
    }
}

/* KKT matrix [M + h^2 K, C'; C, 0] of a planar chain of nm point masses hanging from the
 * origin, joined by distance constraints g_i = (|p_i - p_{i-1}|^2 - l^2)/2 (p_{-1} = 0).
 * Unknowns: x_a = 2a, y_a = 2a+1, lambda_i = 2 nm + i. K = sum lambda_i d2g_i couples
 * neighbours by +-lambda I; C(i, p_i) = d_i', C(i, p_{i-1}) = -d_i' with d_i = p_i - p_{i-1}.
 * zero_diag: store the (2,2) block's diagonal as explicit zeros. */
static csc csc_kkt(int nm, int zero_diag)
{
    int n = 3 * nm, a, c, i;
    double *D = calloc((size_t) n * n, sizeof(double)), h2 = 1e-4, m = 1.0;
    double *px = calloc((size_t) nm + 1, sizeof(double));
    double *py = calloc((size_t) nm + 1, sizeof(double));
    double *lam = calloc((size_t) nm + 1, sizeof(double)), dx, dy, th;
    char *mask = calloc((size_t) n * n, 1);
    csc A;
    /* geometry: px[a+1], py[a+1] is mass a; tension decreases down the chain */
    for (a = 0; a < nm; a++) {
        th = 0.6 * rnd();
        px[a+1] = px[a] + sin(th);
        py[a+1] = py[a] - cos(th);
        lam[a] = 9.81 * m * (nm - a) * (1.0 + 0.1 * rnd());
    }
#define SET(r, col, v) (D[(r) + (size_t) (col) * n] += (v), mask[(r) + (size_t) (col) * n] = 1)
    for (i = 0; i < nm; i++) {
        /* mass block and the stiffness of constraint i between masses i-1 and i */
        for (c = 0; c < 2; c++) {
            SET(2 * i + c, 2 * i + c, m + h2 * lam[i]);
            if (i > 0) {
                SET(2 * (i-1) + c, 2 * (i-1) + c, h2 * lam[i]);
                SET(2 * i + c, 2 * (i-1) + c, -h2 * lam[i]);
                SET(2 * (i-1) + c, 2 * i + c, -h2 * lam[i]);
            }
        }
        /* constraint Jacobian row i and its transpose */
        dx = px[i+1] - px[i];
        dy = py[i+1] - py[i];
        SET(2 * nm + i, 2 * i, dx); SET(2 * i, 2 * nm + i, dx);
        SET(2 * nm + i, 2 * i + 1, dy); SET(2 * i + 1, 2 * nm + i, dy);
        if (i > 0) {
            SET(2 * nm + i, 2 * (i-1), -dx); SET(2 * (i-1), 2 * nm + i, -dx);
            SET(2 * nm + i, 2 * (i-1) + 1, -dy); SET(2 * (i-1) + 1, 2 * nm + i, -dy);
        }
        if (zero_diag) SET(2 * nm + i, 2 * nm + i, 0.0);
    }
#undef SET
    A = csc_from_dense(n, D, mask);
    free(D); free(px); free(py); free(lam); free(mask);
    return A;
}

/* ||A x - b||_1 / (||A||_1 ||x||_1) */
static double rel_residual(const csc *A, const double *x, const double *b)
{
    int j, p;
    double anorm = 0, xnorm = 0, rnorm = 0, s;
    double *r = calloc((size_t) A->n, sizeof(double));
    for (j = 0; j < A->n; j++) {
        for (s = 0, p = A->p[j]; p < A->p[j+1]; p++) {
            r[A->i[p]] += A->x[p] * x[j];                      /* r = A*x */
            s += fabs(A->x[p]);
        }
        if (s > anorm) anorm = s;
        xnorm += fabs(x[j]);
    }
    for (j = 0; j < A->n; j++) rnorm += fabs(r[j] - b[j]);
    free(r);
    return rnorm / (anorm * xnorm);
}

/* max |x - y| / max |y| */
static double rel_diff(int n, const double *x, const double *y)
{
    double d = 0, m = 0;
    int k;
    for (k = 0; k < n; k++) {
        if (fabs(x[k] - y[k]) > d) d = fabs(x[k] - y[k]);
        if (fabs(y[k]) > m) m = fabs(y[k]);
    }
    return d / m;
}

static double *random_vector(int n)
{
    double *b = malloc((size_t) n * sizeof(double));
    int k;
    for (k = 0; k < n; k++) b[k] = rnd();
    return b;
}

static const char *kind_name(cd_ls_kind kind)
{
    return kind == CD_LS_DENSE ? "dense" : kind == CD_LS_SPARSE ? "sparse"
         : kind == CD_LS_BLOCK ? "block" : "auto";
}

/* factor A with ls, solve for b and return the relative residual (1 on any failure) */
static double factor_solve(cd_linsolver *ls, const csc *A, const double *b, double *x)
{
    cd_error err = {0, ""};
    memcpy(x, b, (size_t) A->n * sizeof(double));
    if (cd_ls_factor(ls, A->x, &err) != CD_OK) return 1.0;
    if (cd_ls_solve(ls, x, &err) != CD_OK) return 1.0;
    return rel_residual(A, x, b);
}

/* ---------------------------------------------------------------------------------------- */
/* tests */

/* random well-conditioned matrices of several sizes: residual at rounding level */
static void test_random(cd_ls_kind kind)
{
    static const int sizes[] = {1, 2, 5, 50, 400};
    cd_error err = {0, ""};
    unsigned s;
    for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
        int n = sizes[s];
        csc A = csc_random(n);
        double *b = random_vector(n), *x = malloc((size_t) n * sizeof(double)), res;
        cd_linsolver *ls = cd_ls_create(kind, n, A.p, A.i, &err);
        CHECK(ls != NULL, "%s n=%d create: %s", kind_name(kind), n, err.msg);
        res = ls ? factor_solve(ls, &A, b, x) : 1.0;
        CHECK(res < 1e-12, "%s n=%d residual %.3g", kind_name(kind), n, res);
        cd_ls_free(ls);
        csc_free(&A);
        free(b);
        free(x);
    }
}

/* a refactorization with the first factor's own values repeats cs_di_lu's arithmetic in the
 * same order (U(:,k) in stored topological order): the solution must be bitwise identical */
static void test_refactor_identical(void)
{
    csc A = csc_kkt(20, 0);
    double *b = random_vector(A.n), *x1 = malloc((size_t) A.n * sizeof(double));
    double *x2 = malloc((size_t) A.n * sizeof(double));
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(CD_LS_SPARSE, A.n, A.p, A.i, &err);
    factor_solve(ls, &A, b, x1);
    factor_solve(ls, &A, b, x2);
    CHECK(memcmp(x1, x2, (size_t) A.n * sizeof(double)) == 0,
          "refactor with the same values differs by %.3g", rel_diff(A.n, x2, x1));
    CHECK(cd_ls_get_stats(ls).nfull == 1, "no fallback expected, nfull = %ld",
          cd_ls_get_stats(ls).nfull);
    cd_ls_free(ls);
    csc_free(&A);
    free(b); free(x1); free(x2);
}

/* new values on the same pattern: refactorization agrees with a fresh solver */
static void check_refactor_vs_fresh(cd_ls_kind kind, csc *A, csc *A2, const char *what)
{
    double *b = random_vector(A->n), *x = malloc((size_t) A->n * sizeof(double));
    double *xf = malloc((size_t) A->n * sizeof(double)), res;
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(kind, A->n, A->p, A->i, &err);
    cd_linsolver *fresh = cd_ls_create(kind, A->n, A->p, A->i, &err);
    factor_solve(ls, A, b, x);
    res = factor_solve(ls, A2, b, x);                   /* refactorization */
    factor_solve(fresh, A2, b, xf);
    CHECK(res < 1e-12, "%s %s refactor residual %.3g", kind_name(kind), what, res);
    CHECK(rel_diff(A->n, x, xf) < 1e-10, "%s %s refactor vs fresh differ by %.3g",
          kind_name(kind), what, rel_diff(A->n, x, xf));
    if (kind == CD_LS_SPARSE)
        CHECK(cd_ls_get_stats(ls).nfull == 1, "%s refactor fell back, nfull = %ld", what,
              cd_ls_get_stats(ls).nfull);
    cd_ls_free(ls);
    cd_ls_free(fresh);
    free(b); free(x); free(xf);
}

static void test_refactor_new_values(cd_ls_kind kind)
{
    csc A = csc_random(50), A2 = A, K = csc_kkt(20, 0), K2 = csc_kkt(20, 0);
    /* A2: A's pattern with new values; K2: the same chain in a new configuration */
    A2.x = malloc((size_t) A.p[A.n] * sizeof(double));
    memcpy(A2.x, A.x, (size_t) A.p[A.n] * sizeof(double));
    csc_rerandomize(&A2);
    check_refactor_vs_fresh(kind, &A, &A2, "random n=50");
    check_refactor_vs_fresh(kind, &K, &K2, "pendulum KKT n=60");
    free(A2.x);
    csc_free(&A);
    csc_free(&K);
    csc_free(&K2);
}

/* KKT matrices with a zero (2,2) block, absent or stored as explicit zeros: both solvers
 * must pivot off the diagonal and agree */
static void test_kkt(void)
{
    int zd, nm;
    for (zd = 0; zd < 2; zd++) {
        for (nm = 1; nm <= 40; nm += 13) {
            csc K = csc_kkt(nm, zd);
            double *b = random_vector(K.n), *xd = malloc((size_t) K.n * sizeof(double));
            double *xs = malloc((size_t) K.n * sizeof(double)), rd, rs;
            cd_error err = {0, ""};
            cd_linsolver *d = cd_ls_create(CD_LS_DENSE, K.n, K.p, K.i, &err);
            cd_linsolver *s = cd_ls_create(CD_LS_SPARSE, K.n, K.p, K.i, &err);
            rd = factor_solve(d, &K, b, xd);
            rs = factor_solve(s, &K, b, xs);
            CHECK(rd < 1e-12 && rs < 1e-12, "KKT n=%d zero-diag=%d residual dense %.3g "
                  "sparse %.3g", K.n, zd, rd, rs);
            CHECK(rel_diff(K.n, xs, xd) < 1e-10, "KKT n=%d dense and sparse differ by %.3g",
                  K.n, rel_diff(K.n, xs, xd));
            cd_ls_free(d);
            cd_ls_free(s);
            csc_free(&K);
            free(b); free(xd); free(xs);
        }
    }
}

/* singular matrices: CD_ERR_SINGULAR with a message naming the column; no solve after it */
static void test_singular(cd_ls_kind kind)
{
    /* column 1 is empty: structurally singular; [1 2; 2 4]: numerically singular */
    int p3[] = {0, 1, 1, 2}, i3[] = {0, 2}, p2[] = {0, 2, 4}, i2[] = {0, 1, 0, 1};
    double x3[] = {1, 1}, x2[] = {1, 2, 2, 4}, b[3] = {1, 1, 1};
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(kind, 3, p3, i3, &err);
    int status = cd_ls_factor(ls, x3, &err);
    CHECK(status == CD_ERR_SINGULAR, "%s empty column: status %d", kind_name(kind), status);
    CHECK(strstr(err.msg, "column 1") != NULL, "%s message should name column 1: '%s'",
          kind_name(kind), err.msg);
    CHECK(cd_ls_solve(ls, b, &err) == CD_ERR_NOTASSEMBLED, "%s solve after a failed factor",
          kind_name(kind));
    cd_ls_free(ls);
    cd_error_clear(&err);
    ls = cd_ls_create(kind, 2, p2, i2, &err);
    status = cd_ls_factor(ls, x2, &err);
    CHECK(status == CD_ERR_SINGULAR && strstr(err.msg, "column") != NULL,
          "%s [1 2; 2 4]: status %d message '%s'", kind_name(kind), status, err.msg);
    cd_ls_free(ls);
}

/* sparse: good -> singular (refactor and cs_di_lu fail) -> good again on the old pattern */
static void test_singular_refactor(void)
{
    int p[] = {0, 2, 4}, i[] = {0, 1, 0, 1};
    double good[] = {4, 1, 1, 3}, bad[] = {1, 2, 2, 4}, b[2] = {1, 2}, x[2];
    csc A = {2, p, i, good};
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(CD_LS_SPARSE, 2, p, i, &err);
    CHECK(cd_ls_factor(ls, good, &err) == CD_OK, "first factor: %s", err.msg);
    CHECK(cd_ls_factor(ls, bad, &err) == CD_ERR_SINGULAR, "singular refactor not reported");
    CHECK(strstr(err.msg, "column") != NULL, "message should name the column: '%s'", err.msg);
    CHECK(factor_solve(ls, &A, b, x) < 1e-14, "solve after recovering from a singular matrix");
    cd_ls_free(ls);
}

/* values whose old pivots become tiny: the refactorization falls back to cs_di_lu (nfull
 * increments), the result is accurate, and the new pivots are kept for the next factor.
 * A1 = 4 I + S and A2 = tiny I + S, S the cyclic shift S(j+1 mod n, j) = 1 */
static void check_fallback(int n, double tiny)
{
    int j, k, nz = 0, *p = malloc((n + 1) * sizeof(int)), *ii = malloc(2 * n * sizeof(int));
    double *x1 = malloc(2 * n * sizeof(double)), *x2 = malloc(2 * n * sizeof(double));
    double *b = random_vector(n), *x = malloc(n * sizeof(double)), res;
    cd_error err = {0, ""};
    cd_linsolver *ls;
    for (j = 0; j < n; j++) {
        int r1 = (j + 1) % n, lo = j < r1 ? j : r1, hi = j < r1 ? r1 : j;
        p[j] = nz;
        for (k = 0; k < 2; k++, nz++) {
            ii[nz] = k ? hi : lo;
            x1[nz] = (ii[nz] == j) ? 4.0 : 1.0;
            x2[nz] = (ii[nz] == j) ? tiny : 1.0;
        }
    }
    p[n] = nz;
    csc A1 = {n, p, ii, x1}, A2 = {n, p, ii, x2};
    ls = cd_ls_create(CD_LS_SPARSE, n, p, ii, &err);
    res = factor_solve(ls, &A1, b, x);
    CHECK(res < 1e-12 && cd_ls_get_stats(ls).nfull == 1, "n=%d A1: residual %.3g", n, res);
    res = factor_solve(ls, &A2, b, x);
    CHECK(res < 1e-12, "n=%d fallback residual %.3g", n, res);
    CHECK(cd_ls_get_stats(ls).nfull == 2, "n=%d fallback should count in nfull: %ld", n,
          cd_ls_get_stats(ls).nfull);
    x2[0] = 2 * tiny;                                   /* new values, the new pivots hold */
    res = factor_solve(ls, &A2, b, x);
    CHECK(res < 1e-12 && cd_ls_get_stats(ls).nfull == 2, "n=%d refactor on the fallback's "
          "pattern: residual %.3g nfull %ld", n, res, cd_ls_get_stats(ls).nfull);
    cd_ls_free(ls);
    free(p); free(ii); free(x1); free(x2); free(b); free(x);
}

static void test_fallback(void)
{
    check_fallback(50, 1e-8);       /* old pivots would overflow */
    check_fallback(4, 1e-6);        /* old pivots stay finite but grow by 1e6 per step */
}

/* statistics: factorizations, full factorizations and solves are counted */
static void test_stats(cd_ls_kind kind)
{
    csc A = csc_random(30);
    double *b = random_vector(A.n);
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(kind, A.n, A.p, A.i, &err);
    cd_ls_stats st = cd_ls_get_stats(ls);
    int k;
    CHECK(st.nfactor == 0 && st.nfull == 0 && st.nsolve == 0, "%s fresh stats not zero",
          kind_name(kind));
    for (k = 0; k < 3; k++) cd_ls_factor(ls, A.x, &err);
    for (k = 0; k < 5; k++) cd_ls_solve(ls, b, &err);
    st = cd_ls_get_stats(ls);
    CHECK(st.nfactor == 3 && st.nsolve == 5, "%s stats nfactor %ld nsolve %ld",
          kind_name(kind), st.nfactor, st.nsolve);
    /* block: a tiny block pivots at every factorization, a larger one once */
    CHECK(kind == CD_LS_BLOCK ? st.nfull >= 1 && st.nfull <= 3
                              : st.nfull == (kind == CD_LS_DENSE ? 3 : 1),
          "%s stats nfull %ld", kind_name(kind), st.nfull);
    cd_ls_free(ls);
    csc_free(&A);
    free(b);
}

/* one bad pattern: NULL, code CD_ERR_INPUT and a message */
static void check_bad(cd_ls_kind kind, int n, const int *p, const int *i, const char *what)
{
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(kind, n, p, i, &err);
    CHECK(ls == NULL && err.code == CD_ERR_INPUT && err.msg[0] != '\0',
          "bad input (%s) accepted: code %d msg '%s'", what, err.code, err.msg);
    cd_ls_free(ls);
}

static void test_bad_input(void)
{
    int p_ok[] = {0, 2, 3}, i_ok[] = {0, 1, 1};
    int p_dec[] = {0, 2, 1}, p_start[] = {1, 2, 3};
    int i_big[] = {0, 2, 1}, i_neg[] = {0, -1, 1}, i_uns[] = {1, 0, 1}, i_dup[] = {0, 0, 1};
    double v_ok[] = {1, 1, 1}, v_nan[] = {1, NAN, 1}, b[2] = {1, 1};
    cd_error err = {0, ""};
    cd_linsolver *ls;
    int k;
    for (k = 1; k <= 2; k++) {
        cd_ls_kind kind = (cd_ls_kind) k;
        check_bad(kind, 0, p_ok, i_ok, "n = 0");
        check_bad(kind, -3, p_ok, i_ok, "n < 0");
        check_bad(kind, 2, p_dec, i_ok, "colptr not monotone");
        check_bad(kind, 2, p_start, i_ok, "colptr[0] != 0");
        check_bad(kind, 2, p_ok, i_big, "row index >= n");
        check_bad(kind, 2, p_ok, i_neg, "row index < 0");
        check_bad(kind, 2, p_ok, i_uns, "rows unsorted");
        check_bad(kind, 2, p_ok, i_dup, "duplicate row");
        check_bad(kind, 2, NULL, i_ok, "colptr NULL");
        check_bad(kind, 2, p_ok, NULL, "rowind NULL");
    }
    for (k = 1; k <= 3; k += 2) check_bad((cd_ls_kind) k, 2, p_dec, i_ok, "colptr not monotone");
    check_bad((cd_ls_kind) 7, 2, p_ok, i_ok, "unknown kind");
    CHECK(cd_ls_free(NULL) == NULL, "cd_ls_free(NULL)");
    ls = cd_ls_create(CD_LS_SPARSE, 2, p_ok, i_ok, &err);
    CHECK(cd_ls_factor(ls, NULL, &err) == CD_ERR_INPUT, "factor with NULL values");
    CHECK(cd_ls_factor(NULL, v_ok, &err) == CD_ERR_INPUT, "factor with NULL solver");
    CHECK(cd_ls_factor(ls, v_nan, &err) == CD_ERR_NONFINITE && strstr(err.msg, "row 1"),
          "NaN value: code %d msg '%s'", err.code, err.msg);
    CHECK(cd_ls_solve(ls, b, &err) == CD_ERR_NOTASSEMBLED, "solve before a factorization");
    CHECK(cd_ls_factor(ls, v_ok, &err) == CD_OK, "factor: %s", err.msg);
    CHECK(cd_ls_solve(ls, NULL, &err) == CD_ERR_INPUT, "solve with NULL b");
    CHECK(cd_ls_solve(ls, b, NULL) == CD_OK, "err may be NULL");
    cd_ls_free(ls);
}

/* AUTO resolves by size; the inputs are not modified */
static void test_auto_and_const(void)
{
    int lim = cd_ls_dense_limit(), sizes[3] = {1, lim, lim + 1}, s, n;
    cd_error err = {0, ""};
    CHECK(lim >= 0, "dense limit %d", lim);
    for (s = 0; s < 3; s++) {
        if ((n = sizes[s]) < 1) continue;
        csc A = csc_random(n);
        int nnz = A.p[n], *p0 = malloc((n + 1) * sizeof(int)), *i0 = malloc(nnz * sizeof(int));
        double *x0 = malloc(nnz * sizeof(double)), *b = random_vector(n);
        memcpy(p0, A.p, (n + 1) * sizeof(int));
        memcpy(i0, A.i, nnz * sizeof(int));
        memcpy(x0, A.x, nnz * sizeof(double));
        cd_linsolver *ls = cd_ls_create(CD_LS_AUTO, n, A.p, A.i, &err);
        CHECK(cd_ls_kind_of(ls) == (n <= lim ? CD_LS_DENSE : CD_LS_SPARSE), "AUTO at n=%d "
              "(limit %d) chose %s", n, lim, kind_name(cd_ls_kind_of(ls)));
        cd_ls_factor(ls, A.x, &err);
        cd_ls_solve(ls, b, &err);
        CHECK(!memcmp(p0, A.p, (n + 1) * sizeof(int)) && !memcmp(i0, A.i, nnz * sizeof(int))
              && !memcmp(x0, A.x, nnz * sizeof(double)), "inputs modified at n=%d", n);
        cd_ls_free(ls);
        csc_free(&A);
        free(p0); free(i0); free(x0); free(b);
    }
}

/* after the first factor, 100 refactor + solve cycles allocate nothing */
static void check_no_alloc(cd_ls_kind kind, const csc *A, const char *what)
{
    csc A2 = *A;
    double *b = random_vector(A->n), *x = malloc(A->n * sizeof(double)), res = 0, r;
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(kind, A->n, A->p, A->i, &err);
    long before, nalloc = 0, k, p, bad = 0;
    A2.x = malloc(A->p[A->n] * sizeof(double));
    cd_ls_factor(ls, A->x, &err);
    for (k = 0; k < 100; k++) {
        for (p = 0; p < A->p[A->n]; p++) A2.x[p] = A->x[p] * (1.0 + 0.01 * sin(k + p));
        memcpy(x, b, A->n * sizeof(double));
        before = ta_nalloc;
        bad += cd_ls_factor(ls, A2.x, &err) != CD_OK;
        bad += cd_ls_solve(ls, x, &err) != CD_OK;
        nalloc += ta_nalloc - before;
        r = rel_residual(&A2, x, b);
        if (r > res) res = r;
    }
    CHECK(nalloc == 0, "%s %s: %ld allocations in 100 refactor+solve cycles",
          kind_name(kind), what, nalloc);
    CHECK(bad == 0 && res < 1e-12, "%s %s: %ld failures, worst residual %.3g", kind_name(kind),
          what, bad, res);
    CHECK(kind == CD_LS_BLOCK || cd_ls_get_stats(ls).nfull == (kind == CD_LS_DENSE ? 101 : 1),
          "%s %s: nfull %ld",
          kind_name(kind), what, cd_ls_get_stats(ls).nfull);
    cd_ls_free(ls);
    free(A2.x); free(b); free(x);
}

static void test_no_alloc(void)
{
    csc K = csc_kkt(30, 0), R = csc_random(400);
    check_no_alloc(CD_LS_SPARSE, &K, "KKT n=90");
    check_no_alloc(CD_LS_DENSE, &K, "KKT n=90");
    check_no_alloc(CD_LS_SPARSE, &R, "random n=400");
    check_no_alloc(CD_LS_BLOCK, &K, "KKT n=90");
    check_no_alloc(CD_LS_BLOCK, &R, "random n=400");
    csc_free(&K);
    csc_free(&R);
}

/* run create + factor + solve (+ a fallback factor for sparse) with the Nth allocation failing,
 * for every N until a run sees no failure; every run must end in CD_OK or CD_ERR_NOMEM, never
 * a crash, a leak (valgrind) or a misreported singular matrix */
static void test_alloc_failures(cd_ls_kind kind)
{
    int p[] = {0, 2, 4}, i[] = {0, 1, 0, 1}, status, wrong = 0;
    double v1[] = {4, 1, 1, 4}, v2[] = {1e-8, 1, 1, 1e-8}, b[2];
    long fail;
    cd_error err;
    for (fail = 1; fail < 1000; fail++) {
        cd_linsolver *ls;
        ta_fail_at = ta_nalloc + fail;
        ls = cd_ls_create(kind, 2, p, i, &err);
        status = ls ? CD_OK : err.code;
        if (status == CD_OK) status = cd_ls_factor(ls, v1, &err);
        if (status == CD_OK) status = cd_ls_factor(ls, v2, &err);   /* sparse: fallback */
        b[0] = b[1] = 1;
        if (status == CD_OK) status = cd_ls_solve(ls, b, &err);
        if (status == CD_OK && fabs(b[0] - 1.0 / (1 + 1e-8)) > 1e-12) status = CD_ERR_INTERNAL;
        cd_ls_free(ls);
        if (status != CD_OK && status != CD_ERR_NOMEM) wrong++;
        if (ta_nalloc < ta_fail_at) break;                /* this run had no injected failure */
    }
    ta_fail_at = 0;
    CHECK(wrong == 0, "%s: %d runs with a failed allocation ended in a wrong status",
          kind_name(kind), wrong);
    CHECK(fail > 3 && fail < 1000, "%s: allocation failure sweep stopped at %ld",
          kind_name(kind), fail);
}

/* AUTO moves to the dense path when the first sparse factorization fills L and U (a full
 * 60 x 60 matrix), and stays sparse for a mechanism KKT matrix that fills little */
static void test_auto_fill(void)
{
    int n = 60, i;
    cd_error err = {0, ""};
    double *D = malloc((size_t) n * n * sizeof(double)), *b = random_vector(n), *x = NULL;
    char *mask = malloc((size_t) n * n);
    for (i = 0; i < n * n; i++) {
        D[i] = rnd() + (i % (n + 1) == 0 ? n : 0.0);  /* diagonally dominant */
        mask[i] = 1;
    }
    csc A = csc_from_dense(n, D, mask);
    cd_linsolver *ls = cd_ls_create(CD_LS_AUTO, n, A.p, A.i, &err);
    x = malloc((size_t) n * sizeof(double));
    double res = factor_solve(ls, &A, b, x);
    CHECK(cd_ls_kind_of(ls) == CD_LS_DENSE, "AUTO on a full 60x60 matrix kept %s",
          kind_name(cd_ls_kind_of(ls)));
    CHECK(res < 1e-12, "AUTO dense after the switch: residual %.3g", res);
    csc_rerandomize(&A);
    res = factor_solve(ls, &A, b, x);
    CHECK(res < 1e-12, "AUTO dense refactor: residual %.3g", res);
    cd_ls_free(ls);
    csc K = csc_kkt(100, 1);
    ls = cd_ls_create(CD_LS_AUTO, K.n, K.p, K.i, &err);
    double *bk = random_vector(K.n), *xk = malloc((size_t) K.n * sizeof(double));
    res = factor_solve(ls, &K, bk, xk);
    CHECK(cd_ls_kind_of(ls) == CD_LS_SPARSE && res < 1e-12, "AUTO on a chain KKT (n=%d): %s, "
          "residual %.3g", K.n, kind_name(cd_ls_kind_of(ls)), res);
    cd_ls_free(ls);
    csc_free(&A); csc_free(&K);
    free(D); free(mask); free(b); free(x); free(bk); free(xk);
}


/* ---------------------------------------------------------------------------------------- */
/* the block path */

/* a random block upper triangular matrix in disguise: nb diagonal blocks of sizes 1..smax
 * (entries as csc_random's), with coupled != 0 entries above the diagonal blocks (about one
 * per column), diagonally dominant; then rows and columns permuted at random (with one
 * permutation for both when not coupled: block diagonal as the connected components of A + A'
 * see it, else independently: only the block triangular form finds the blocks). *bfirst (n)
 * gets the first column of each column's block in the original (permuted) numbering, so a
 * test can tell which columns share a block */
static csc csc_blocky(int nb, int smax, int coupled, int **bfirst)
{
    int k, j, t, r, n = 0, *start = malloc(((size_t) nb + 1) * sizeof(int));
    for (k = 0; k < nb; k++) {
        start[k] = n;
        n += 1 + (int) ((rnd() + 1.0) * 0.5 * smax) % smax;
    }
    start[nb] = n;
    double *D = calloc((size_t) n * n, sizeof(double)), *P = calloc((size_t) n * n, sizeof(double));
    char *mask = calloc((size_t) n * n, 1), *pm = calloc((size_t) n * n, 1);
    int *cnt = calloc((size_t) n, sizeof(int)), *pr = malloc(n * sizeof(int));
    int *pc = malloc(n * sizeof(int));
    for (k = 0; k < nb; k++)
        for (j = start[k]; j < start[k + 1]; j++) {
            int s = start[k + 1] - start[k];
            for (t = 0; t < 3 + coupled; t++) {
                /* within the block, or (the coupling) above it */
                if (t < 3) r = start[k] + (int) ((rnd() + 1.0) * 0.5 * s) % s;
                else if (k > 0) r = (int) ((rnd() + 1.0) * 0.5 * start[k]) % start[k];
                else continue;
                if (r == j || mask[r + (size_t) j * n]) continue;
                mask[r + (size_t) j * n] = 1;
                D[r + (size_t) j * n] = rnd();
                cnt[r]++;
                cnt[j]++;
            }
        }
    for (j = 0; j < n; j++) {
        mask[j + (size_t) j * n] = 1;
        D[j + (size_t) j * n] = (rnd() < 0 ? -1.0 : 1.0) * (1.0 + cnt[j]);
        pr[j] = pc[j] = j;
    }
    for (j = n - 1; j > 0; j--) {                               /* Fisher-Yates, twice */
        int a = (int) ((rnd() + 1.0) * 0.5 * (j + 1)) % (j + 1), tmp;
        int b = (int) ((rnd() + 1.0) * 0.5 * (j + 1)) % (j + 1);
        tmp = pr[j]; pr[j] = pr[a]; pr[a] = tmp;
        tmp = pc[j]; pc[j] = pc[coupled ? b : a]; pc[coupled ? b : a] = tmp;
    }
    *bfirst = malloc((size_t) n * sizeof(int));
    for (k = 0; k < nb; k++)
        for (j = start[k]; j < start[k + 1]; j++) {
            (*bfirst)[pc[j]] = pc[start[k]];
            for (r = 0; r < n; r++) {
                P[pr[r] + (size_t) pc[j] * n] = D[r + (size_t) j * n];
                pm[pr[r] + (size_t) pc[j] * n] = mask[r + (size_t) j * n];
            }
        }
    csc A = csc_from_dense(n, P, pm);
    free(start); free(D); free(P); free(mask); free(pm); free(cnt); free(pr); free(pc);
    return A;
}

/* the block path solves as the global sparse LU does, to round-off, on block-diagonal and
 * block-triangular matrices with tiny and larger blocks, and after refactorization on new
 * values; AUTO takes it where the matrix splits */
static void test_block_random(void)
{
    static const int cases[][3] = {{40, 3, 0}, {30, 20, 1}, {12, 40, 1}, {1, 30, 0},
                                   {200, 6, 1}};
    cd_error err = {0, ""};
    int c, rep, e, *bf;
    for (c = 0; c < 5; c++) {
        csc A = csc_blocky(cases[c][0], cases[c][1], cases[c][2], &bf);
        double *b = random_vector(A.n), *x = malloc(A.n * sizeof(double));
        double *y = malloc(A.n * sizeof(double)), worst = 0, res = 0, gres = 0, r;
        double *z = malloc(A.n * sizeof(double)), worst_sp = 0;
        cd_linsolver *blk = cd_ls_create(CD_LS_BLOCK, A.n, A.p, A.i, &err);
        cd_linsolver *glo = cd_ls_create(CD_LS_DENSE, A.n, A.p, A.i, &err);
        cd_linsolver *gsp = cd_ls_create(CD_LS_SPARSE, A.n, A.p, A.i, &err);
        int nb = cd_ls_get_stats(blk).nblocks;
        CHECK(blk && cd_ls_kind_of(blk) == (nb > 1 ? CD_LS_BLOCK : CD_LS_SPARSE) &&
              nb >= cases[c][0], "case %d: %d blocks for %d built, kind %s", c, nb,
              cases[c][0], kind_name(cd_ls_kind_of(blk)));
        for (rep = 0; rep < 4; rep++) {
            r = factor_solve(blk, &A, b, x);
            if (r > res) res = r;
            r = factor_solve(glo, &A, b, y);
            if (r > gres) gres = r;
            r = rel_diff(A.n, x, y);
            if (r > worst) worst = r;
            factor_solve(gsp, &A, b, z);
            r = rel_diff(A.n, x, z);
            if (r > worst_sp) worst_sp = r;
            for (e = 0; e < A.p[A.n]; e++) A.x[e] *= 1.0 + 0.1 * rnd();   /* new values */
        }
        CHECK(res < 1e-14 && worst < 1e-12 && worst_sp < 1e-12, "case %d (n = %d): block "
              "residual %.3g, difference from the global dense solve %.3g (its residual %.3g), "
              "from the global sparse solve %.3g", c, A.n, res, worst, gres, worst_sp);
        CHECK(cd_ls_get_stats(blk).nfactor == 4 && cd_ls_get_stats(blk).nsolve == 4,
              "case %d: stats", c);
        cd_ls_free(blk);
        blk = cd_ls_create(CD_LS_AUTO, A.n, A.p, A.i, &err);
        /* AUTO: the block path when connected components of at most 8 unknowns hold 80% of
         * them (the coupled cases are one component) */
        CHECK(cd_ls_kind_of(blk) == (nb > 1 && cases[c][1] <= 8 && !cases[c][2] ? CD_LS_BLOCK
                                                                                 : CD_LS_SPARSE),
              "case %d: AUTO chose %s", c, kind_name(cd_ls_kind_of(blk)));
        cd_ls_free(blk);
        cd_ls_free(glo);
        cd_ls_free(gsp);
        csc_free(&A);
        free(b); free(x); free(y); free(z); free(bf);
    }
}

/* make columns c1 and c2 of A (same block) proportional on the union of their patterns:
 * A(:,c2) = 2 A(:,c1), explicit zeros where only one of them had an entry */
static csc make_dependent(const csc *A, int c1, int c2)
{
    int n = A->n, j, p;
    double *D = calloc((size_t) n * n, sizeof(double));
    char *mask = calloc((size_t) n * n, 1);
    for (j = 0; j < n; j++)
        for (p = A->p[j]; p < A->p[j + 1]; p++) {
            D[A->i[p] + (size_t) j * n] = A->x[p];
            mask[A->i[p] + (size_t) j * n] = 1;
        }
    for (j = 0; j < n; j++) {
        char u = mask[j + (size_t) c1 * n] | mask[j + (size_t) c2 * n];
        mask[j + (size_t) c1 * n] = mask[j + (size_t) c2 * n] = u;
        D[j + (size_t) c2 * n] = 2 * D[j + (size_t) c1 * n];
    }
    csc B = csc_from_dense(n, D, mask);
    free(D); free(mask);
    return B;
}

/* a singular diagonal block (tiny or larger) is reported as singular with one of its two
 * dependent columns, in the original numbering; an empty column (structurally singular: the
 * connected components are used) is named exactly */
static void test_block_singular(void)
{
    static const int smax[2] = {4, 30};
    cd_error err = {0, ""};
    int c, *bf, j, c1, c2 = -1;
    for (c = 0; c < 2; c++) {
        csc A = csc_blocky(10, smax[c], 1, &bf);
        for (c1 = -1, j = 0; j < A.n && c1 < 0; j++)     /* a block with two columns */
            if (bf[j] != j) { c1 = bf[j]; c2 = j; }
        csc S = make_dependent(&A, c1, c2);
        cd_linsolver *ls = cd_ls_create(CD_LS_BLOCK, S.n, S.p, S.i, &err);
        int rc = cd_ls_factor(ls, S.x, &err), fc = cd_ls_get_stats(ls).failed_column;
        CHECK(rc == CD_ERR_SINGULAR && (fc == c1 || fc == c2) && strstr(err.msg, "block"),
              "smax %d: status %d, failed column %d (dependent: %d, %d): %s", smax[c], rc, fc,
              c1, c2, err.msg);
        cd_ls_free(ls);
        csc_free(&A); csc_free(&S); free(bf);
    }
    int p[] = {0, 2, 2, 4}, i[] = {0, 2, 0, 2};
    double x[] = {1, 2, 3, 4};
    cd_linsolver *ls = cd_ls_create(CD_LS_BLOCK, 3, p, i, &err);
    int rc = cd_ls_factor(ls, x, &err);
    CHECK(rc == CD_ERR_SINGULAR && cd_ls_get_stats(ls).failed_column == 1 &&
          cd_ls_get_stats(ls).nblocks == 2, "empty column: status %d, column %d, %d blocks",
          rc, cd_ls_get_stats(ls).failed_column, cd_ls_get_stats(ls).nblocks);
    cd_ls_free(ls);
}

/* the block path with the Nth allocation failing, for every N until a run sees none: a tiny
 * block, a block of 12 (its own sparse solver) and an entry above the diagonal blocks; every
 * run ends in CD_OK or CD_ERR_NOMEM and frees all it allocated */
static void test_block_alloc_failures(void)
{
    int n = 14, j, nz = 0, p[15], i[60], status, wrong = 0, leaks = 0;
    double x[60], b[14];
    long fail, live0;
    cd_error err;
    for (j = 0; j < n; j++) {                /* [2x2 | coupling; 0 | tridiagonal 12x12] */
        p[j] = nz;
        if (j < 2) { i[nz] = 0; x[nz++] = j ? 1 : 4; i[nz] = 1; x[nz++] = j ? 4 : 1; continue; }
        if (j == 5) { i[nz] = 0; x[nz++] = 0.5; }
        if (j > 2) { i[nz] = j - 1; x[nz++] = -1; }
        i[nz] = j; x[nz++] = 4;
        if (j < n - 1) { i[nz] = j + 1; x[nz++] = -1; }
    }
    p[n] = nz;
    for (fail = 1; fail < 5000; fail++) {
        cd_linsolver *ls;
        live0 = ta_live;
        ta_fail_at = ta_nalloc + fail;
        ls = cd_ls_create(CD_LS_BLOCK, n, p, i, &err);
        status = ls ? CD_OK : err.code;
        if (status == CD_OK) status = cd_ls_factor(ls, x, &err);
        for (j = 0; j < n; j++) b[j] = 1;
        if (status == CD_OK) status = cd_ls_solve(ls, b, &err);
        if (status == CD_OK && cd_ls_get_stats(ls).nblocks < 2) status = CD_ERR_INTERNAL;
        cd_ls_free(ls);
        if (status != CD_OK && status != CD_ERR_NOMEM) wrong++;
        if (ta_live != live0) leaks++;
        if (ta_nalloc < ta_fail_at) break;
    }
    ta_fail_at = 0;
    CHECK(wrong == 0 && leaks == 0, "block: %d runs with a failed allocation ended in a wrong "
          "status, %d leaked", wrong, leaks);
    CHECK(fail > 10 && fail < 5000, "block: allocation failure sweep stopped at %ld", fail);
}

int main(void)
{
    test_random(CD_LS_DENSE);
    test_random(CD_LS_SPARSE);
    test_random(CD_LS_AUTO);
    test_refactor_identical();
    test_refactor_new_values(CD_LS_DENSE);
    test_refactor_new_values(CD_LS_SPARSE);
    test_kkt();
    test_singular(CD_LS_DENSE);
    test_singular(CD_LS_SPARSE);
    test_singular_refactor();
    test_fallback();
    test_stats(CD_LS_DENSE);
    test_stats(CD_LS_SPARSE);
    test_bad_input();
    test_auto_and_const();
    test_auto_fill();
    test_stats(CD_LS_BLOCK);
    test_block_random();
    test_block_singular();
    if (ta_interposer_live()) {
        test_no_alloc();
        test_alloc_failures(CD_LS_DENSE);
        test_alloc_failures(CD_LS_SPARSE);
        test_alloc_failures(CD_LS_BLOCK);
        test_block_alloc_failures();
    } else {
        printf("note: malloc is not interposed (valgrind? add "
               "--soname-synonyms=somalloc=nouserintercepts): allocation tests skipped\n");
    }
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail != 0;
}
