/* bench_linalg: where does CD_LS_AUTO switch from dense to sparse? Times one steady-state
 * Newton step of the linear algebra -- cd_ls_factor on new values of a fixed pattern, then one
 * cd_ls_solve -- for the dense (LAPACK) and sparse (CSparse refactorization) solvers on the KKT
 * matrix [M + h^2 K, C'; C, 0] of a planar pendulum chain (n = 3 x masses), and the first
 * factorization (sparse: AMD + cs_di_lu) for reference. Build and run from the repository root
 * with every .c file of csrc/linalg:
 *   cc -std=c11 -O2 -o build/bench_linalg benchmarks/bench_linalg.c csrc/linalg/cd_*.c
 *      csrc/core/cd_error.c -lcxsparse -llapack -lblas -lm && ./build/bench_linalg */
#define _POSIX_C_SOURCE 199309L
#include "../csrc/linalg/cd_linsolve.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* the KKT matrix of a chain of nm unit masses hanging from the origin, rods of length 1 at
 * angles theta_a = phase*(a+1) from the vertical, tension lambda_i = g (nm - i) */
typedef struct {
    int n, *p, *i;          /* dimension, column pointers, row indices */
    double *x;              /* values */
} kkt;

#define AT(r, c) D[(r) + (size_t) (c) * n]
#define SET(r, c, v) (AT(r, c) += (v), mask[(r) + (size_t) (c) * n] = 1)

/* dense n x n with a mask, filled with the chain's [M + h^2 K, C'; C, 0] */
static void kkt_dense(int nm, double phase, double *D, char *mask)
{
    int n = 3 * nm, i, c;
    double h2 = 1e-4, lam, dx, dy;
    for (i = 0; i < nm; i++) {
        lam = 9.81 * (nm - i);
        dx = sin(phase * (i + 1));                      /* d_i = p_i - p_{i-1} */
        dy = -cos(phase * (i + 1));
        for (c = 0; c < 2; c++) {                       /* M + h^2 lambda_i d2g_i */
            SET(2 * i + c, 2 * i + c, 1.0 + h2 * lam);
            if (i > 0) {
                SET(2 * (i-1) + c, 2 * (i-1) + c, h2 * lam);
                SET(2 * i + c, 2 * (i-1) + c, -h2 * lam);
                SET(2 * (i-1) + c, 2 * i + c, -h2 * lam);
            }
        }
        SET(2 * nm + i, 2 * i, dx); SET(2 * i, 2 * nm + i, dx);   /* C and C' */
        SET(2 * nm + i, 2 * i + 1, dy); SET(2 * i + 1, 2 * nm + i, dy);
        if (i > 0) {
            SET(2 * nm + i, 2 * (i-1), -dx); SET(2 * (i-1), 2 * nm + i, -dx);
            SET(2 * nm + i, 2 * (i-1) + 1, -dy); SET(2 * (i-1) + 1, 2 * nm + i, -dy);
        }
    }
}

static kkt kkt_make(int nm, double phase)
{
    int n = 3 * nm, j, r, nz = 0;
    double *D = calloc((size_t) n * n, sizeof(double));
    char *mask = calloc((size_t) n * n, 1);
    kkt A = {n, malloc((n + 1) * sizeof(int)), malloc((size_t) n * n * sizeof(int)),
             malloc((size_t) n * n * sizeof(double))};
    kkt_dense(nm, phase, D, mask);
    for (j = 0; j < n; j++) {
        A.p[j] = nz;
        for (r = 0; r < n; r++) {
            if (mask[r + (size_t) j * n]) { A.i[nz] = r; A.x[nz++] = AT(r, j); }
        }
    }
    A.p[n] = nz;
    free(D);
    free(mask);
    return A;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* seconds for reps steady-state steps: factor (alternating two value sets) + solve */
static double batch(cd_linsolver *ls, const kkt *A, const kkt *B, double *b, long reps)
{
    cd_error err = {0, ""};
    double t0 = now();
    long k;
    int q;
    for (k = 0; k < reps; k++) {
        for (q = 0; q < A->n; q++) b[q] = 1.0;
        if (cd_ls_factor(ls, (k & 1) ? B->x : A->x, &err) != CD_OK ||
            cd_ls_solve(ls, b, &err) != CD_OK) {
            fprintf(stderr, "n=%d: %s\n", A->n, err.msg);
            exit(1);
        }
    }
    return now() - t0;
}

/* best of 7 batches of >= 20 ms of the mean step time (us); *first_us: the first factor */
static double time_step(cd_ls_kind kind, const kkt *A, const kkt *B, double *first_us)
{
    cd_error err = {0, ""};
    cd_linsolver *ls = cd_ls_create(kind, A->n, A->p, A->i, &err);
    double *b = malloc(A->n * sizeof(double)), t0, best = 1e30, mean;
    long reps = 1, run;
    t0 = now();
    cd_ls_factor(ls, A->x, &err);
    *first_us = 1e6 * (now() - t0);
    while (batch(ls, A, B, b, reps) < 0.02) reps *= 2;
    for (run = 0; run < 7; run++) {
        mean = batch(ls, A, B, b, reps) / reps;
        if (mean < best) best = mean;
    }
    if (kind == CD_LS_SPARSE && cd_ls_get_stats(ls).nfull != 1)
        fprintf(stderr, "n=%d: sparse fell back %ld times\n", A->n,
                cd_ls_get_stats(ls).nfull - 1);
    cd_ls_free(ls);
    free(b);
    return 1e6 * best;
}

int main(void)
{
    static const int masses[] = {1, 2, 3, 4, 5, 6, 7, 8, 10, 15, 20, 30, 50, 70, 100};
    unsigned s;
    printf("%5s %12s %12s %16s %16s\n", "n", "dense_us", "sparse_us", "dense_first_us",
           "sparse_first_us");
    for (s = 0; s < sizeof(masses) / sizeof(masses[0]); s++) {
        kkt A = kkt_make(masses[s], 0.3), B = kkt_make(masses[s], 0.31);
        double fd, fs, td = time_step(CD_LS_DENSE, &A, &B, &fd);
        double ts = time_step(CD_LS_SPARSE, &A, &B, &fs);
        printf("%5d %12.3f %12.3f %16.1f %16.1f\n", A.n, td, ts, fd, fs);
        free(A.p); free(A.i); free(A.x); free(B.p); free(B.i); free(B.x);
    }
    return 0;
}
