/* cd_sprank: greedy rank by Givens row merging, dependent columns left out (see cd_sprank.h). */
#include "cd_sprank.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* one row of R: entries at positions pos[0..n) (pos[0] = the row's own position, the
 * diagonal), values x; n = 0: no row there */
typedef struct rrow {
    int *pos;
    double *x;
    int n, cap;
} rrow;

/* R and the workspace of one column (every array indexed by position has m entries) */
typedef struct work {
    int m;
    rrow *R;            /* m rows */
    int *pinv;          /* m: position of each row index of A */
    double *w;          /* m: the column being reduced (zero outside its support) */
    int *supp, nsupp;   /* positions ever reached by the column */
    int *mark;          /* m: stamp of the column whose support holds the position */
    long *inrow;        /* m: stamp of the rotation whose R row holds the position */
    long rot;           /* rotations so far (the stamps of inrow) */
    int *heap, nheap;   /* min-heap of positions to visit */
    long fill;          /* entries of R */
} work;

static void work_free(work *w)
{
    if (w->R)
        for (int i = 0; i < w->m; i++) {
            free(w->R[i].pos);
            free(w->R[i].x);
        }
    free(w->R); free(w->pinv); free(w->w); free(w->supp); free(w->mark); free(w->inrow);
    free(w->heap);
}

/* the positions: AMD of A A^T (of A^T's A^T A); the natural order if A has no entry */
static int *positions(const cs_di *A)
{
    cs_di *AT = cs_di_transpose(A, 0);
    int *p = AT ? cs_di_amd(3, AT) : NULL, *pinv = p ? cs_di_pinv(p, A->m) : NULL;
    cs_di_spfree(AT);
    cs_di_free(p);
    return pinv;
}

static int work_init(work *w, const cs_di *A)
{
    size_t M = (size_t)(A->m > 0 ? A->m : 1);
    memset(w, 0, sizeof(*w));
    w->m = A->m;
    w->R = calloc(M, sizeof(rrow));
    w->w = calloc(M, sizeof(double));
    w->supp = malloc(sizeof(int) * M);
    w->mark = calloc(M, sizeof(int));
    w->inrow = calloc(M, sizeof(long));
    w->heap = malloc(sizeof(int) * M);
    w->pinv = w->R && w->w && w->supp && w->mark && w->inrow && w->heap ? positions(A) : NULL;
    if (w->pinv) return 0;
    work_free(w);
    return -1;
}

static void heap_push(work *w, int i)
{
    int k = w->nheap++;
    while (k > 0 && w->heap[(k - 1) / 2] > i) {
        w->heap[k] = w->heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    w->heap[k] = i;
}

static int heap_pop(work *w)
{
    int top = w->heap[0], last = w->heap[--w->nheap], k = 0;
    for (;;) {
        int c = 2 * k + 1;
        if (c >= w->nheap) break;
        if (c + 1 < w->nheap && w->heap[c + 1] < w->heap[c]) c++;
        if (w->heap[c] >= last) break;
        w->heap[k] = w->heap[c];
        k = c;
    }
    if (w->nheap > 0) w->heap[k] = last;
    return top;
}

/* position i joins the support of column stamp st */
static void reach(work *w, int i, int st)
{
    if (w->mark[i] == st) return;
    w->mark[i] = st;
    w->supp[w->nsupp++] = i;
    heap_push(w, i);
}

/* append (i, v) to row r */
static int row_append(rrow *r, int i, double v, long *fill)
{
    if (r->n == r->cap) {
        if (r->cap > INT_MAX / 2) return -1;
        int cap = r->cap ? 2 * r->cap : 8;
        int *p = realloc(r->pos, sizeof(int) * (size_t)cap);
        if (p) r->pos = p;
        double *x = p ? realloc(r->x, sizeof(double) * (size_t)cap) : NULL;
        if (!x) return -1;
        r->x = x;
        r->cap = cap;
    }
    r->pos[r->n] = i;
    r->x[r->n++] = v;
    (*fill)++;
    return 0;
}

/* [R_i; w] <- G [R_i; w] with the rotation G = [c s; -s c] that zeroes w_i
 * (c = R_ii / r, s = w_i / r, r = hypot(R_ii, w_i)); w is zero before position i */
static int rotate(work *w, int i, int st)
{
    rrow *r = &w->R[i];
    double h = hypot(r->x[0], w->w[i]), c = r->x[0] / h, s = w->w[i] / h;
    long stamp = ++w->rot;
    for (int e = 0; e < r->n; e++) {   /* R_i's positions: both rows change */
        int k = r->pos[e];
        double rv = r->x[e], wv = w->w[k];
        w->inrow[k] = stamp;
        r->x[e] = c * rv + s * wv;
        w->w[k] = -s * rv + c * wv;
        reach(w, k, st);
    }
    w->w[i] = 0.0;
    for (int t = 0; t < w->nsupp; t++) {   /* w's other positions: R_i gains them */
        int k = w->supp[t];
        if (w->inrow[k] == stamp || w->w[k] == 0.0) continue;
        if (row_append(r, k, s * w->w[k], &w->fill)) return -1;
        w->w[k] *= c;
    }
    return 0;
}

/* w (zero before position i, |w_i| > tol) becomes row i of R; its 2-norm */
static double install(work *w, int i, int *fail)
{
    double nrm = 0.0;
    *fail = row_append(&w->R[i], i, w->w[i], &w->fill);
    for (int t = 0; t < w->nsupp && !*fail; t++) {
        int k = w->supp[t];
        nrm = hypot(nrm, w->w[k]);
        if (k != i && w->w[k] != 0.0) *fail = row_append(&w->R[i], k, w->w[k], &w->fill);
    }
    return nrm;
}

void cd_sprank_free(cd_sprank *r)
{
    if (!r) return;
    free(r->dependent);
    free(r->rnorm);
    memset(r, 0, sizeof(*r));
}

/* reduce column j (stamp st) of A; 1 if accepted, 0 if dependent, -1 out of memory */
static int reduce(work *w, const cs_di *A, int j, int st, double tol, double *rnorm)
{
    int rc = 0, fail = 0;
    double dropped = 0.0;
    w->nsupp = 0;
    w->nheap = 0;
    for (int p = A->p[j]; p < A->p[j + 1]; p++) {
        int i = w->pinv[A->i[p]];
        w->w[i] += A->x[p];
        reach(w, i, st);
    }
    while (w->nheap > 0 && rc == 0) {
        int i = heap_pop(w);
        if (w->w[i] == 0.0) continue;
        if (w->R[i].n > 0) {
            if (rotate(w, i, st)) rc = -1;
        } else if (fabs(w->w[i]) <= tol) {
            dropped = hypot(dropped, w->w[i]);
            w->w[i] = 0.0;
        } else {
            *rnorm = install(w, i, &fail);
            rc = fail ? -1 : 1;
        }
    }
    if (rc == 0) *rnorm = dropped;
    for (int t = 0; t < w->nsupp; t++) w->w[w->supp[t]] = 0.0;
    return rc;
}

int cd_sprank_compute(const cs_di *A, double tol, cd_sprank *r)
{
    int n = A->n, rc = 0;
    memset(r, 0, sizeof(*r));
    r->dependent = calloc((size_t)(n > 0 ? n : 1), sizeof(int));
    r->rnorm = calloc((size_t)(n > 0 ? n : 1), sizeof(double));
    work w;
    if (!r->dependent || !r->rnorm || work_init(&w, A)) {
        cd_sprank_free(r);
        return -1;
    }
    for (int j = 0; j < n && rc >= 0; j++) {
        rc = reduce(&w, A, j, j + 1, tol, &r->rnorm[j]);
        if (rc == 1) r->rank++;
        if (rc == 0) r->dependent[j] = 1;
    }
    r->fill = w.fill;
    work_free(&w);
    if (rc < 0) {
        cd_sprank_free(r);
        return -1;
    }
    return 0;
}
