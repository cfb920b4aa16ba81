/* bench_blocks: the block path (CD_LS_BLOCK) against one global factorization (CD_LS_SPARSE,
 * CD_LS_DENSE) and what CD_LS_AUTO chooses, on the KKT matrix [M + h^2 K, C'; C, 0] of planar
 * point masses joined by distance constraints in three shapes:
 *   pendulums  N independent pendulums (every mass hangs from the ground): N blocks of 3 x 3
 *   tree       a binary tree of N masses (mass i hangs from mass (i-1)/2, the root from the
 *              ground): one connected matrix
 *   chain      N masses in a chain from the ground: one connected matrix
 *   forest     N/10 independent chains of 10 masses: N/10 blocks of 30 x 30
 *   mixed      N/2 independent pendulums and a chain of N/2 masses: half the unknowns in
 *              blocks of 3 x 3, half in one block
 * n = 3N. Times one steady-state Newton step of the linear algebra (cd_ls_factor on new values,
 * alternating two value sets, then one cd_ls_solve): the median of 15 batches of >= 30 ms of
 * thread CPU time, the kinds interleaved batch by batch (A/B alternation), and the first
 * factorization (create + analysis + the first pivoting LU). Build and run from the repository
 * root:
 *   cc -std=c11 -O2 -o build/bench_blocks benchmarks/bench_blocks.c csrc/linalg/cd_*.c
 *      csrc/core/cd_error.c -lcxsparse -llapack -lblas -lm
 *   OPENBLAS_NUM_THREADS=1 taskset -c 1 ./build/bench_blocks [N ...]
 * (BENCH_SHAPES=pendulums,chain: only those shapes)
 * (add -DCD_LS_TINY=k to measure another limit of the in-house dense LU). */
#define _POSIX_C_SOURCE 199309L
#include "../csrc/linalg/cd_linsolve.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <suitesparse/cs.h>
#include <time.h>

typedef struct {
    int n;
    cs_di *A;       /* values of set 0 */
    double *x1;     /* values of set 1 on the same pattern */
} kkt;

static unsigned long long rng = 88172645463325252ULL;
static double rnd(void)                                   /* uniform in [0, 1) */
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (double) (rng >> 11) / 9007199254740992.0;
}

/* the KKT matrix of nm masses, parent[i] < i the mass i hangs from (-1: the ground); the
 * constraint g_i = (|p_i - p_parent|^2 - l^2)/2 has multiplier lambda_i (unknown 2 nm + i) */
static cs_di *kkt_build(int nm, const int *parent, double phase)
{
    int n = 3 * nm, i, c;
    cs_di *T = cs_di_spalloc(n, n, 16 * (size_t) nm, 1, 1), *C, *Ct;
    double *px = malloc(nm * sizeof(double)), *py = malloc(nm * sizeof(double));
    double h2 = 1e-6, m = 1.0;
    for (i = 0; i < nm; i++) {
        double th = phase + 1.2 * (rnd() - 0.5), lam = 9.81 * (1.0 + rnd());
        double x0 = parent[i] < 0 ? 0 : px[parent[i]], y0 = parent[i] < 0 ? 0 : py[parent[i]];
        px[i] = x0 + sin(th);
        py[i] = y0 - cos(th);
        double d[2] = {px[i] - x0, py[i] - y0};
        for (c = 0; c < 2; c++) {
            cs_di_entry(T, 2 * i + c, 2 * i + c, m + h2 * lam);           /* M + h^2 K */
            cs_di_entry(T, 2 * nm + i, 2 * i + c, d[c]);                  /* C, C' */
            cs_di_entry(T, 2 * i + c, 2 * nm + i, d[c]);
            if (parent[i] < 0) continue;
            int a = 2 * parent[i] + c;
            cs_di_entry(T, a, a, h2 * lam);
            cs_di_entry(T, 2 * i + c, a, -h2 * lam);
            cs_di_entry(T, a, 2 * i + c, -h2 * lam);
            cs_di_entry(T, 2 * nm + i, a, -d[c]);
            cs_di_entry(T, a, 2 * nm + i, -d[c]);
        }
    }
    C = cs_di_compress(T);
    cs_di_dupl(C);
    Ct = cs_di_transpose(C, 1);                      /* twice: rows sorted in each column */
    cs_di_spfree(C);
    C = cs_di_transpose(Ct, 1);
    cs_di_spfree(Ct);
    cs_di_spfree(T);
    free(px); free(py);
    return C;
}

static kkt kkt_make(const char *shape, int nm)
{
    int *parent = malloc(nm * sizeof(int)), i;
    for (i = 0; i < nm; i++)
        parent[i] = !strcmp(shape, "pendulums") ? -1 : !strcmp(shape, "chain") ? i - 1
                  : !strcmp(shape, "forest") ? (i % 10 ? i - 1 : -1)
                  : !strcmp(shape, "mixed") ? (i <= nm / 2 ? -1 : i - 1)
                  : i == 0 ? -1 : (i - 1) / 2;
    unsigned long long seed = rng;
    kkt K;
    K.A = kkt_build(nm, parent, 0.3);
    rng = seed;                                      /* same geometry, slightly moved */
    cs_di *B = kkt_build(nm, parent, 0.31);
    K.n = 3 * nm;
    K.x1 = malloc(B->p[K.n] * sizeof(double));
    memcpy(K.x1, B->x, B->p[K.n] * sizeof(double));
    cs_di_spfree(B);
    free(parent);
    return K;
}

/* the thread's CPU time: the machine is shared, and time spent descheduled is not ours */
static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* seconds for reps steady-state steps */
static double batch(cd_linsolver *ls, const kkt *K, double *b, long reps)
{
    cd_error err = {0, ""};
    double t0 = now();
    long k;
    int q;
    for (k = 0; k < reps; k++) {
        for (q = 0; q < K->n; q++) b[q] = 1.0;
        if (cd_ls_factor(ls, (k & 1) ? K->x1 : K->A->x, &err) != CD_OK ||
            cd_ls_solve(ls, b, &err) != CD_OK) {
            fprintf(stderr, "n=%d: %s\n", K->n, err.msg);
            exit(1);
        }
    }
    return now() - t0;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;
    return (x > y) - (x < y);
}

#define NK 4
#define RUNS 15
static const cd_ls_kind kinds[NK] = {CD_LS_SPARSE, CD_LS_BLOCK, CD_LS_AUTO, CD_LS_DENSE};

/* median step time (us) of each kind, interleaved; first[k]: create + first factor (us) */
static void time_kinds(const kkt *K, int ndense_max, double *med, double *first, int *nb,
                       int *autokind)
{
    cd_error err = {0, ""};
    cd_linsolver *ls[NK];
    double *b = malloc(K->n * sizeof(double)), t[NK][RUNS], t0;
    long reps[NK];
    int k, run, nk = K->n <= ndense_max ? NK : NK - 1;
    for (k = 0; k < nk; k++) {
        t0 = now();
        ls[k] = cd_ls_create(kinds[k], K->n, K->A->p, K->A->i, &err);
        cd_ls_factor(ls[k], K->A->x, &err);
        first[k] = 1e6 * (now() - t0);
        for (reps[k] = 1; batch(ls[k], K, b, reps[k]) < 0.03; reps[k] *= 2) {}
    }
    for (run = 0; run < RUNS; run++)
        for (k = 0; k < nk; k++) t[k][run] = batch(ls[k], K, b, reps[k]) / reps[k];
    for (k = 0; k < NK; k++) {
        med[k] = NAN;
        if (k >= nk) continue;
        qsort(t[k], RUNS, sizeof(double), cmp);
        med[k] = 1e6 * t[k][RUNS / 2];
    }
    *nb = cd_ls_get_stats(ls[1]).nblocks;
    *autokind = cd_ls_kind_of(ls[2]);
    for (k = 0; k < nk; k++) cd_ls_free(ls[k]);
    free(b);
}

int main(int argc, char **argv)
{
    static const char *shapes[] = {"pendulums", "tree", "chain", "forest", "mixed"};
    int sizes[16] = {1, 3, 10, 31, 100, 1000}, ns = 6, s, h, k;
    if (argc > 1)
        for (ns = 0; ns < argc - 1 && ns < 16; ns++) sizes[ns] = atoi(argv[ns + 1]);
    printf("%-9s %5s %5s %6s | %9s %9s %9s %9s | %6s %6s | %9s %9s %5s\n", "shape", "N", "n",
           "blocks", "sparse_us", "block_us", "auto_us", "dense_us", "blk/sp", "blk/de",
           "sp_first", "blk_first", "auto");
    const char *only = getenv("BENCH_SHAPES");       /* e.g. BENCH_SHAPES=pendulums,chain */
    for (h = 0; h < 5; h++)
        for (s = 0; s < ns; s++) {
            if (only && !strstr(only, shapes[h])) continue;
            kkt K = kkt_make(shapes[h], sizes[s]);
            double med[NK], first[NK];
            int nb, ak;
            time_kinds(&K, 1500, med, first, &nb, &ak);
            printf("%-9s %5d %5d %6d |", shapes[h], sizes[s], K.n, nb);
            for (k = 0; k < NK; k++) printf(" %9.2f", med[k]);
            printf(" | %6.2f %6.2f | %9.1f %9.1f %5s\n", med[1] / med[0], med[1] / med[3],
                   first[0], first[1], ak == CD_LS_BLOCK ? "block" : ak == CD_LS_DENSE
                   ? "dense" : "sparse");
            fflush(stdout);
            cs_di_spfree(K.A);
            free(K.x1);
        }
    return 0;
}
