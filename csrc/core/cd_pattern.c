/* cd_pattern: the Newton matrix's sparsity pattern, built once at Assemble, and each object's
 * map from its local Jacobian entries to positions in the CSC value array.
 *
 * Unknowns are ordered [ODE2 (n2) ; AE (nae) ; ODE1 (n1)]. Object map layout (positions
 * into values):
 *   QQ: nq*nq   (local row i, col j at i + j*nq)    mass, stiffness, damping, d(C_q^T lam)/dq
 *   QA: nq*nae  (row i, multiplier j at i + j*nq)    C_q^T
 *   AQ: nae*nq  (multiplier i, col j at i + j*nae)   dg/dq
 *   AA: nae     (diagonal)                           deactivated constraints: lambda = 0
 *       nae*nae (row i, col j at i + j*nae) for CD_OBJF_AESELF objects: d rae/d lam
 *   YY: n1*n1   (local row i, col j at i + j*n1)     d r1/dy of ODE1 equations
 * Mixed objects (cd_objectops.mixed) have one map instead: nr x nc' with local rows
 * [ODE2 (nq) ; equations (neq) ; ODE1 (n1)] and local columns [q (nq) ; x (nx) ; y (n1)],
 * entry (i, j) at i + j*nr; -1 for rows of a kind the object does not write.
 */
#include "cd_system.h"
#include "cd_items.h"
#include <stdlib.h>
#include <string.h>

typedef struct { int *row, *col; int n, cap; } triplets;

static int trip_add(triplets *t, int r, int c)
{
    if (t->n == t->cap) {
        int cap = t->cap ? 2 * t->cap : 1024;
        int *nr = realloc(t->row, sizeof(int) * (size_t)cap);
        if (!nr) return CD_ERR_NOMEM;
        t->row = nr;
        int *nc = realloc(t->col, sizeof(int) * (size_t)cap);
        if (!nc) return CD_ERR_NOMEM;
        t->col = nc;
        t->cap = cap;
    }
    t->row[t->n] = r;
    t->col[t->n] = c;
    t->n++;
    return CD_OK;
}

/* all (row, col) pairs an object can write */
static int object_triplets(const cd_system *s, const cd_item *it, triplets *t)
{
    int rc = CD_OK;
    int a0 = s->n2 + it->ae0;
    for (int j = 0; j < it->nq && !rc; j++)
        for (int i = 0; i < it->nq && !rc; i++) rc = trip_add(t, it->ltg[i], it->ltg[j]);
    for (int j = 0; j < it->nae && !rc; j++)
        for (int i = 0; i < it->nq && !rc; i++) {
            rc = trip_add(t, it->ltg[i], a0 + j);
            if (!rc) rc = trip_add(t, a0 + j, it->ltg[i]);
        }
    for (int j = 0; j < it->nae && !rc; j++)
        for (int i = 0; i < it->nae && !rc; i++)
            if (i == j || cd_aa_full(it)) rc = trip_add(t, a0 + i, a0 + j);
    for (int j = 0; j < it->n1 && !rc; j++)
        for (int i = 0; i < it->n1 && !rc; i++)
            rc = trip_add(t, s->off1 + it->ltg1[i], s->off1 + it->ltg1[j]);
    return rc;
}

/* global row of local row i of a mixed object (-1: a kind it does not write), global column
 * of local column j (see the map layout above) */
static int mixed_row(const cd_system *s, const cd_item *it, int i)
{
    int k = it->type->object->mixed_rows;
    if (i < it->nq) return (k & CD_MIXR_ODE2) ? it->ltg[i] : -1;
    i -= it->nq;
    if (i < it->neq) return (k & CD_MIXR_AE) ? s->n2 + it->eq0 + i : -1;
    i -= it->neq;
    return (k & CD_MIXR_ODE1) ? s->off1 + it->ltg1[i] : -1;
}

static int mixed_col(const cd_system *s, const cd_item *it, int j)
{
    if (j < it->nq) return it->ltg[j];
    j -= it->nq;
    if (j < it->nx) return s->n2 + it->ltgx[j];
    return s->off1 + it->ltg1[j - it->nx];
}

static int mixed_triplets(const cd_system *s, const cd_item *it, triplets *t)
{
    int nr = it->nq + it->neq + it->n1, nc = it->nq + it->nx + it->n1, rc = CD_OK;
    for (int i = 0; i < nr && !rc; i++) {
        int r = mixed_row(s, it, i);
        for (int j = 0; j < nc && !rc && r >= 0; j++) rc = trip_add(t, r, mixed_col(s, it, j));
    }
    return rc;
}

static int mixed_map(const cd_system *s, cd_item *it)
{
    int nr = it->nq + it->neq + it->n1, nc = it->nq + it->nx + it->n1;
    it->map = malloc(sizeof(int) * (size_t)(nr * nc > 0 ? nr * nc : 1));
    if (!it->map) return CD_ERR_NOMEM;
    for (int i = 0; i < nr; i++) {
        int r = mixed_row(s, it, i);
        for (int j = 0; j < nc; j++)
            it->map[i + nr * j] = r < 0 ? -1 : cd_pattern_find(&s->pat, r, mixed_col(s, it, j));
    }
    return CD_OK;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* compress triplets into CSC with sorted, unique row indices */
static int compress(cd_pattern *P, const triplets *t)
{
    int N = P->N;
    int *cnt = calloc((size_t)N + 1, sizeof(int));
    int *tmp = malloc(sizeof(int) * (size_t)(t->n > 0 ? t->n : 1));
    P->colptr = calloc((size_t)N + 1, sizeof(int));
    if (!cnt || !tmp || !P->colptr) { free(cnt); free(tmp); return CD_ERR_NOMEM; }
    for (int k = 0; k < t->n; k++) cnt[t->col[k] + 1]++;
    for (int j = 0; j < N; j++) cnt[j + 1] += cnt[j];
    int *pos = P->colptr;  /* reused as fill pointer */
    memcpy(pos, cnt, sizeof(int) * (size_t)(N + 1));
    for (int k = 0; k < t->n; k++) tmp[pos[t->col[k]]++] = t->row[k];
    int nnz = 0;
    for (int j = 0; j < N; j++) {
        int p0 = cnt[j], p1 = cnt[j + 1];
        qsort(tmp + p0, (size_t)(p1 - p0), sizeof(int), cmp_int);
        P->colptr[j] = nnz;
        for (int p = p0; p < p1; p++)
            if (p == p0 || tmp[p] != tmp[p - 1]) tmp[nnz++] = tmp[p];
    }
    P->colptr[N] = nnz;
    P->nnz = nnz;
    free(cnt);
    /* shrink to nnz entries; if that fails, the larger block serves as well */
    int *ri = realloc(tmp, sizeof(int) * (size_t)(nnz > 0 ? nnz : 1));
    P->rowind = ri ? ri : tmp;
    return CD_OK;
}

/* position of (r, c) in the pattern; -1 if absent */
int cd_pattern_find(const cd_pattern *P, int r, int c)
{
    int lo = P->colptr[c], hi = P->colptr[c + 1] - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, v = P->rowind[mid];
        if (v == r) return mid;
        if (v < r) lo = mid + 1; else hi = mid - 1;
    }
    return -1;
}

static int object_map(const cd_system *s, cd_item *it)
{
    if (it->type->kind == CD_OBJECT && it->type->object->mixed) return mixed_map(s, it);
    int nq = it->nq, na = it->nae, n1 = it->n1, a0 = s->n2 + it->ae0;
    size_t sz = (size_t)nq * nq + 2 * (size_t)nq * na + (size_t)cd_aa_size(it) +
                (size_t)n1 * n1;
    it->map = malloc(sizeof(int) * (sz > 0 ? sz : 1));
    if (!it->map) return CD_ERR_NOMEM;
    int *qq = it->map, *qa = qq + nq * nq, *aq = qa + nq * na, *aa = aq + nq * na;
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < nq; i++)
            qq[i + j * nq] = cd_pattern_find(&s->pat, it->ltg[i], it->ltg[j]);
    for (int j = 0; j < na; j++)
        for (int i = 0; i < nq; i++) {
            qa[i + j * nq] = cd_pattern_find(&s->pat, it->ltg[i], a0 + j);
            aq[j + i * na] = cd_pattern_find(&s->pat, a0 + j, it->ltg[i]);
        }
    if (cd_aa_full(it)) {
        for (int j = 0; j < na; j++)
            for (int i = 0; i < na; i++) aa[i + j * na] = cd_pattern_find(&s->pat, a0 + i, a0 + j);
    } else {
        for (int j = 0; j < na; j++) aa[j] = cd_pattern_find(&s->pat, a0 + j, a0 + j);
    }
    int *yy = aa + cd_aa_size(it);
    for (int j = 0; j < n1; j++)
        for (int i = 0; i < n1; i++)
            yy[i + j * n1] = cd_pattern_find(&s->pat, s->off1 + it->ltg1[i], s->off1 + it->ltg1[j]);
    return CD_OK;
}

int cd_pattern_build(cd_system *s, cd_error *err)
{
    triplets t = {NULL, NULL, 0, 0};
    int rc = CD_OK;
    cd_pattern *P = &s->pat;
    P->N = s->n2 + s->nae + s->n1;
    for (int i = 0; i < s->n2 && !rc; i++) rc = trip_add(&t, i, i);
    for (int i = 0; i < s->n1 && !rc; i++) rc = trip_add(&t, s->off1 + i, s->off1 + i);
    for (int i = 0; i < s->list[CD_OBJECT].n && !rc; i++) {
        const cd_item *it = &s->list[CD_OBJECT].items[i];
        rc = it->type->object->mixed ? mixed_triplets(s, it, &t) : object_triplets(s, it, &t);
    }
    for (int i = 0; i < s->list[CD_NODE].n && !rc; i++)  /* node-owned equations */
        if (s->list[CD_NODE].items[i].nae) rc = object_triplets(s, &s->list[CD_NODE].items[i], &t);
    for (int i = 0; i < s->list[CD_LOAD].n && !rc; i++)  /* loads: LTG x LTG (J depends on q) */
        rc = object_triplets(s, &s->list[CD_LOAD].items[i], &t);
    if (!rc) rc = compress(P, &t);
    free(t.row);
    free(t.col);
    if (!rc) {
        P->diag = malloc(sizeof(int) * (size_t)(s->n2 + s->n1 + 1));
        if (!P->diag) rc = CD_ERR_NOMEM;
        for (int i = 0; i < s->n2 && !rc; i++) P->diag[i] = cd_pattern_find(P, i, i);
        for (int i = 0; i < s->n1 && !rc; i++)
            P->diag[s->n2 + i] = cd_pattern_find(P, s->off1 + i, s->off1 + i);
    }
    for (int i = 0; i < s->list[CD_OBJECT].n && !rc; i++)
        rc = object_map(s, &s->list[CD_OBJECT].items[i]);
    for (int i = 0; i < s->list[CD_LOAD].n && !rc; i++)
        rc = object_map(s, &s->list[CD_LOAD].items[i]);
    for (int i = 0; i < s->list[CD_NODE].n && !rc; i++)
        if (s->list[CD_NODE].items[i].nae) rc = object_map(s, &s->list[CD_NODE].items[i]);
    if (rc) cd_error_set(err, rc, "out of memory building the Newton matrix pattern");
    return rc;
}
