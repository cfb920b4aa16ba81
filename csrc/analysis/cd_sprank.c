/* cd_sprank: greedy sparse Householder QR, dependent columns skipped (see cd_sprank.h). */
#include "cd_sprank.h"
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the reflectors H_f = I - tau[f] v_f v_f^T, f = 0 .. nref-1, and the workspace of one column */
typedef struct work {
    int m;
    /* reflector entries, appended: row, value, owning reflector, next entry of the same row */
    int *erow, *eref, *enext;
    double *eval;
    long ne, cap;       /* entries used, allocated */
    long *start;        /* n+1: reflector f has entries start[f] .. start[f+1]-1 */
    double *tau;        /* n: tau of each reflector */
    int nref;           /* reflectors made */
    int *rowhead;       /* m: the last entry in each row (-1: none); lists run to lower f */
    char *pivot;        /* m: 1 if the row is a reflector's pivot row */
    double *x;          /* m: the column being transformed (zero outside its support) */
    int *supp, nsupp;   /* the column's support (rows), in the order they were reached */
    int *mark;          /* m: stamp of the column that has the row in its support */
    int *seen;          /* n: stamp of the column that has the reflector in its heap */
    int *heap, nheap;   /* min-heap of reflector numbers to apply */
} work;

static void work_free(work *w)
{
    free(w->erow); free(w->eref); free(w->enext); free(w->eval); free(w->start); free(w->tau);
    free(w->rowhead); free(w->pivot); free(w->x); free(w->supp); free(w->mark); free(w->seen);
    free(w->heap);
}

static int work_init(work *w, int m, int n, long cap)
{
    size_t M = (size_t)(m > 0 ? m : 1), N = (size_t)(n > 0 ? n : 1);
    memset(w, 0, sizeof(*w));
    w->m = m;
    w->cap = cap > 16 ? cap : 16;
    w->erow = malloc(sizeof(int) * (size_t)w->cap);
    w->eref = malloc(sizeof(int) * (size_t)w->cap);
    w->enext = malloc(sizeof(int) * (size_t)w->cap);
    w->eval = malloc(sizeof(double) * (size_t)w->cap);
    w->start = calloc(N + 1, sizeof(long));
    w->tau = malloc(sizeof(double) * N);
    w->rowhead = malloc(sizeof(int) * M);
    w->pivot = calloc(M, 1);
    w->x = calloc(M, sizeof(double));
    w->supp = malloc(sizeof(int) * M);
    w->mark = calloc(M, sizeof(int));
    w->seen = calloc(N, sizeof(int));
    w->heap = malloc(sizeof(int) * N);
    if (!w->erow || !w->eref || !w->enext || !w->eval || !w->start || !w->tau || !w->rowhead ||
        !w->pivot || !w->x || !w->supp || !w->mark || !w->seen || !w->heap) {
        work_free(w);
        return -1;
    }
    for (int i = 0; i < m; i++) w->rowhead[i] = -1;
    return 0;
}

static void heap_push(work *w, int f)
{
    int k = w->nheap++;
    while (k > 0 && w->heap[(k - 1) / 2] > f) {
        w->heap[k] = w->heap[(k - 1) / 2];
        k = (k - 1) / 2;
    }
    w->heap[k] = f;
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

/* row i joins the support of column stamp st: queue the reflectors through it made after
 * reflector `after` (the row's list runs from the newest down, so it stops there) */
static void reach_row(work *w, int i, int st, int after)
{
    if (w->mark[i] == st) return;
    w->mark[i] = st;
    w->supp[w->nsupp++] = i;
    for (int e = w->rowhead[i]; e >= 0 && w->eref[e] > after; e = w->enext[e]) {
        int f = w->eref[e];
        if (w->seen[f] != st) {
            w->seen[f] = st;
            heap_push(w, f);
        }
    }
}

/* x <- H_f x = x - tau v (v^T x); rows of v new to the support join it */
static void apply(work *w, int f, int st)
{
    double d = 0.0;
    for (long e = w->start[f]; e < w->start[f + 1]; e++) d += w->eval[e] * w->x[w->erow[e]];
    d *= w->tau[f];
    for (long e = w->start[f]; e < w->start[f + 1]; e++) {
        w->x[w->erow[e]] -= d * w->eval[e];
        reach_row(w, w->erow[e], st, f);
    }
}

static int grow(work *w, long need)
{
    if (need <= w->cap) return 0;
    if (need > INT_MAX) return -1;   /* entries are numbered by int */
    long cap = 2 * w->cap > need ? 2 * w->cap : need;
    int *r = realloc(w->erow, sizeof(int) * (size_t)cap);
    if (r) w->erow = r;
    int *f = r ? realloc(w->eref, sizeof(int) * (size_t)cap) : NULL;
    if (f) w->eref = f;
    int *nx = f ? realloc(w->enext, sizeof(int) * (size_t)cap) : NULL;
    if (nx) w->enext = nx;
    double *v = nx ? realloc(w->eval, sizeof(double) * (size_t)cap) : NULL;
    if (!v) return -1;
    w->eval = v;
    w->cap = cap;
    return 0;
}

/* the reflector that maps x_free (norm nrm) onto its largest entry's row p:
 * v = x_free - beta e_p with beta = -sign(x_p) nrm, tau = 2 / (v^T v), H x_free = beta e_p */
static int make_reflector(work *w, double nrm)
{
    int p = -1;
    long cnt = 0;
    for (int s = 0; s < w->nsupp; s++) {
        int i = w->supp[s];
        if (w->pivot[i] || w->x[i] == 0.0) continue;
        cnt++;
        if (p < 0 || fabs(w->x[i]) > fabs(w->x[p])) p = i;
    }
    if (grow(w, w->ne + cnt)) return -1;
    double alpha = w->x[p], beta = alpha >= 0.0 ? -nrm : nrm, vtv = 0.0;
    int f = w->nref;
    for (int s = 0; s < w->nsupp; s++) {
        int i = w->supp[s];
        if (w->pivot[i] || w->x[i] == 0.0) continue;
        double v = i == p ? alpha - beta : w->x[i];
        vtv += v * v;
        long e = w->ne++;
        w->erow[e] = i;
        w->eval[e] = v;
        w->eref[e] = f;
        w->enext[e] = w->rowhead[i];
        w->rowhead[i] = (int)e;
    }
    w->tau[f] = 2.0 / vtv;
    w->pivot[p] = 1;
    w->start[++w->nref] = w->ne;
    return 0;
}

void cd_sprank_free(cd_sprank *r)
{
    if (!r) return;
    free(r->dependent);
    free(r->rnorm);
    memset(r, 0, sizeof(*r));
}

int cd_sprank_compute(const cs_di *A, const int *q, double tol, cd_sprank *r)
{
    int m = A->m, n = A->n;
    memset(r, 0, sizeof(*r));
    r->dependent = calloc((size_t)(n > 0 ? n : 1), sizeof(int));
    r->rnorm = calloc((size_t)(n > 0 ? n : 1), sizeof(double));
    work w;
    if (!r->dependent || !r->rnorm || work_init(&w, m, n, 2 * (long)A->p[n])) {
        cd_sprank_free(r);
        return -1;
    }
    int rc = 0;
    for (int k = 0; k < n && !rc; k++) {
        int j = q ? q[k] : k, st = k + 1;
        /* x = A(:, j), then x <- H_f x for the reflectors it meets, in increasing f */
        w.nsupp = 0;
        for (int p = A->p[j]; p < A->p[j + 1]; p++) {
            w.x[A->i[p]] += A->x[p];
            reach_row(&w, A->i[p], st, -1);
        }
        while (w.nheap > 0) apply(&w, heap_pop(&w), st);
        double nrm = 0.0;   /* |x_free|_2, scaled against overflow by hypot */
        for (int s = 0; s < w.nsupp; s++)
            if (!w.pivot[w.supp[s]]) nrm = hypot(nrm, w.x[w.supp[s]]);
        r->rnorm[j] = nrm;
        if (nrm <= tol) r->dependent[j] = 1;
        else if (make_reflector(&w, nrm)) rc = -1;
        else r->rank++;
        for (int s = 0; s < w.nsupp; s++) w.x[w.supp[s]] = 0.0;
    }
    r->fill = w.ne;
    work_free(&w);
    if (rc) cd_sprank_free(r);
    return rc;
}
