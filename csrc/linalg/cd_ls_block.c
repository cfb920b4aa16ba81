/* cd_ls_block: the block path. The pattern is permuted once, at create, into block upper
 * triangular form C = A(p,q) with nb square diagonal blocks C_kk: the fine blocks of CSparse's
 * cs_di_dmperm (the strongly connected components after a maximum matching), or, when A is
 * structurally singular, the connected components of A + A' (C is then block diagonal). Each
 * C_kk is factored on its own:
 *   tiny blocks (s x s, s <= CD_LS_TINY)  in-house dense LU with partial pivoting, in place;
 *   larger blocks                         a cd_linsolver of kind AUTO over the block's pattern
 *                                         (sparse LU with refactorization; dense if it fills).
 * The solve is a block back substitution on C x' = b' with b' = b(p), x(q) = x':
 *   for k = nb-1 .. 0:  x'_k = C_kk \ (b'_k - sum_{j>k} C_kj x'_j)
 * done column-oriented: once x'_k is known, b' -= C(:, block k) x'_k above the block.
 * Every array is allocated at create; factor and solve allocate nothing except what a large
 * block's sparse solver documents (a re-pivoting that fills more than any before). */
#include "cd_ls_impl.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <suitesparse/cs.h>

/* blocks up to this size use the in-house dense LU (measured: benchmarks/bench_blocks.c;
 * -DCD_LS_TINY=k overrides it for that measurement) */
#ifndef CD_LS_TINY
#define CD_LS_TINY 8
#endif

struct cd_ls_block {
    int nb;          /* number of diagonal blocks */
    int *p;          /* n: row k of C is row p[k] of A */
    int *q;          /* n: column k of C is column q[k] of A */
    int *r;          /* nb+1: block k is rows and columns r[k] .. r[k+1]-1 of C */
    int *dst;        /* nnz(A): entry t of A goes to vals[dst[t]] */
    double *vals;    /* ntiny entries: the tiny blocks' dense arrays (column-major, factored in
                        place); then the larger blocks' CSC values; then the off-diagonal
                        values (column-major order of C) */
    long ntiny;      /* entries of vals holding the tiny blocks */
    int *zero;       /* nzero: the tiny blocks' entries outside the pattern of A (set to 0 at
                        each factorization; the scatter overwrites the others) */
    long nzero;
    long *vstart;    /* nb: start of block k's values in vals */
    int *piv;        /* n: tiny block k's pivots at r[k]..: local row i swapped with piv[r[k]+i] */
    int *offp;       /* n+1: column k of C has off-diagonal entries offp[k] .. offp[k+1]-1 */
    int *offi;       /* nnz(A): their rows in C (above the diagonal block) */
    long offx;       /* index in vals of the first off-diagonal value */
    cd_linsolver **sub; /* nb: the solver of a larger block, NULL for a tiny block */
    double *t;       /* n: the solve's work vector, in the order of C */
};

/* ------------------------------------------------------------------ the decomposition */

/* root of i, halving the path */
static int uf_find(int *parent, int i)
{
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
}

/* the one exit of components: free the temporaries, 1 if ok */
static int components_done(int *parent, int *id, int *next, int ok)
{
    free(parent);
    free(id);
    free(next);
    return ok;
}

/* connected components of A + A' into p = q (columns grouped by component, ascending inside),
 * r and nb. 1 if ok, 0 when out of memory */
static int components(cd_ls_block *B, int n, const int *Ap, const int *Ai)
{
    int *parent = malloc((size_t) n * sizeof(int)), *id = malloc((size_t) n * sizeof(int));
    int *next = NULL, j, t, k;
    if (!parent || !id) return components_done(parent, id, next, 0);
    for (j = 0; j < n; j++) parent[j] = j;
    for (j = 0; j < n; j++)
        for (t = Ap[j]; t < Ap[j + 1]; t++) {
            int a = uf_find(parent, Ai[t]), b = uf_find(parent, j);
            if (a != b) parent[a > b ? a : b] = a < b ? a : b;    /* root: the least index */
        }
    for (B->nb = 0, j = 0; j < n; j++)
        if (uf_find(parent, j) == j) id[j] = B->nb++;
    B->r = calloc((size_t) B->nb + 1, sizeof(int));
    B->p = malloc((size_t) n * sizeof(int));
    B->q = malloc((size_t) n * sizeof(int));
    next = malloc((size_t) B->nb * sizeof(int));
    if (!B->r || !B->p || !B->q || !next) return components_done(parent, id, next, 0);
    for (j = 0; j < n; j++) B->r[id[uf_find(parent, j)] + 1]++;
    for (k = 0; k < B->nb; k++) B->r[k + 1] += B->r[k];
    for (k = 0; k < B->nb; k++) next[k] = B->r[k];
    for (j = 0; j < n; j++) B->p[next[id[uf_find(parent, j)]]++] = j;
    memcpy(B->q, B->p, (size_t) n * sizeof(int));
    return components_done(parent, id, next, 1);
}

/* the fine Dulmage-Mendelsohn blocks: 1 if ok, 0 when out of memory, -1 when A is
 * structurally singular (then the blocks are not square) */
static int btf(cd_ls_block *B, int n, const int *Ap, const int *Ai)
{
    cs_di A = {Ap[n], n, n, (int *) Ap, (int *) Ai, NULL, -1};   /* pattern only: read */
    cs_did *D = cs_di_dmperm(&A, 0);
    int k, ok = -1;
    if (!D) return 0;
    if (D->rr[3] == n) {                                   /* structural rank n */
        ok = 1;
        for (k = 0; k <= D->nb; k++) ok = ok && D->r[k] == D->s[k];
    }
    if (ok == 1) {
        B->nb = D->nb;
        B->p = malloc((size_t) n * sizeof(int));
        B->q = malloc((size_t) n * sizeof(int));
        B->r = malloc(((size_t) D->nb + 1) * sizeof(int));
        ok = B->p && B->q && B->r;
        if (ok) {
            memcpy(B->p, D->p, (size_t) n * sizeof(int));
            memcpy(B->q, D->q, (size_t) n * sizeof(int));
            memcpy(B->r, D->r, ((size_t) D->nb + 1) * sizeof(int));
        }
    }
    cs_di_dfree(D);
    return ok;
}

/* ------------------------------------------------------------------ the layout of vals */

/* an entry of a larger block's column: its row in the block and its index in A */
typedef struct { int row, t; } entry;

static int entry_cmp(const void *a, const void *b)
{
    return ((const entry *) a)->row - ((const entry *) b)->row;
}

/* work arrays of the layout: inverse permutations and the block of each position of C */
typedef struct {
    int *pinv, *qinv, *blk;   /* n each */
    entry *col;               /* n: one column of a block, to sort */
    int *lp, *li;             /* a larger block's pattern: n+1, nnz */
} layout_ws;

static void layout_ws_free(layout_ws *w)
{
    free(w->pinv); free(w->qinv); free(w->blk); free(w->col); free(w->lp); free(w->li);
}

/* the pattern of the larger block k in lp, li (rows sorted) and dst of its entries; the
 * block's values start at vals[v] */
static void block_pattern(cd_ls_block *B, const cd_linsolver *ls, layout_ws *w, int k, long v)
{
    int c, e, m, nz = 0;
    for (c = B->r[k]; c < B->r[k + 1]; c++) {
        int j = B->q[c];
        w->lp[c - B->r[k]] = nz;
        for (m = 0, e = ls->colptr[j]; e < ls->colptr[j + 1]; e++) {
            int i = w->pinv[ls->rowind[e]];
            if (w->blk[i] != k) continue;
            w->col[m].row = i - B->r[k];
            w->col[m++].t = e;
        }
        qsort(w->col, (size_t) m, sizeof(entry), entry_cmp);
        for (e = 0; e < m; e++, nz++) {
            w->li[nz] = w->col[e].row;
            B->dst[w->col[e].t] = (int) (v + nz);
        }
    }
    w->lp[B->r[k + 1] - B->r[k]] = nz;
}

/* the off-diagonal entries (offp, offi, their dst) and the tiny blocks' dst; -1 when an entry
 * lies below the diagonal blocks (C not block upper triangular), else the count of entries of
 * the larger blocks */
static long off_and_tiny(cd_ls_block *B, const cd_linsolver *ls, const layout_ws *w, long *nbig)
{
    int c, e, noff = 0, n = ls->n;
    *nbig = 0;
    for (c = 0; c < n; c++) {
        int j = B->q[c], k = w->blk[c], s = B->r[k + 1] - B->r[k];
        B->offp[c] = noff;
        for (e = ls->colptr[j]; e < ls->colptr[j + 1]; e++) {
            int i = w->pinv[ls->rowind[e]];
            if (w->blk[i] > k) return -1;
            if (w->blk[i] < k) {
                B->offi[noff] = i;
                B->dst[e] = noff++;                          /* + offx, once it is known */
            } else if (s <= CD_LS_TINY) {
                B->dst[e] = (int) (B->vstart[k] + (i - B->r[k]) + (long) (c - B->r[k]) * s);
            } else {
                B->dst[e] = -1;                              /* block_pattern fills it */
                (*nbig)++;
            }
        }
    }
    B->offp[n] = noff;
    return noff;
}

/* B->zero: the positions of the tiny blocks' arrays that no entry of A is scattered to;
 * 1 if ok, 0 when out of memory */
static int tiny_zeros(cd_ls_block *B, int nnz)
{
    char *hit = calloc((size_t) B->ntiny + 1, 1);
    long z = 0, i;
    int t;
    B->zero = malloc(((size_t) B->ntiny + 1) * sizeof(int));
    if (!hit || !B->zero) { free(hit); return 0; }
    for (t = 0; t < nnz; t++)
        if (B->dst[t] >= 0 && B->dst[t] < B->ntiny) hit[B->dst[t]] = 1;
    for (i = 0; i < B->ntiny; i++)
        if (!hit[i]) B->zero[z++] = (int) i;
    B->nzero = z;
    free(hit);
    return 1;
}

/* the one exit of layout: 1 ok, 0 out of memory, -1 not block upper triangular */
static int layout_done(layout_ws *w, int ok)
{
    layout_ws_free(w);
    return ok;
}

/* dst, vals, the off-diagonal pattern and the solvers of the larger blocks, from p, q, r */
static int layout(cd_linsolver *ls, cd_error *err)
{
    cd_ls_block *B = ls->block;
    int n = ls->n, nnz = ls->colptr[n], k, c;
    long nbig, noff, v;
    layout_ws w = {malloc(n * sizeof(int)), malloc(n * sizeof(int)), malloc(n * sizeof(int)),
                   malloc(n * sizeof(entry)), malloc((n + 1) * sizeof(int)),
                   malloc((nnz + 1) * sizeof(int))};
    B->dst = malloc(((size_t) nnz + 1) * sizeof(int));
    B->vstart = malloc((size_t) B->nb * sizeof(long));
    B->piv = malloc((size_t) n * sizeof(int));
    B->offp = malloc(((size_t) n + 1) * sizeof(int));
    B->offi = malloc(((size_t) nnz + 1) * sizeof(int));
    B->sub = calloc((size_t) B->nb, sizeof(cd_linsolver *));
    B->t = malloc((size_t) n * sizeof(double));
    if (!w.pinv || !w.qinv || !w.blk || !w.col || !w.lp || !w.li || !B->dst || !B->vstart ||
        !B->piv || !B->offp || !B->offi || !B->sub || !B->t)
        return layout_done(&w, 0);
    for (c = 0; c < n; c++) { w.pinv[B->p[c]] = c; w.qinv[B->q[c]] = c; }
    for (B->ntiny = 0, k = 0; k < B->nb; k++) {
        int s = B->r[k + 1] - B->r[k];
        for (c = B->r[k]; c < B->r[k + 1]; c++) w.blk[c] = k;
        B->vstart[k] = B->ntiny;
        if (s <= CD_LS_TINY) B->ntiny += (long) s * s;
    }
    if ((noff = off_and_tiny(B, ls, &w, &nbig)) < 0) return layout_done(&w, -1);
    B->vals = calloc((size_t) (B->ntiny + nbig + noff + 1), sizeof(double));
    if (!B->vals) return layout_done(&w, 0);
    B->offx = B->ntiny + nbig;
    for (k = 0, v = B->ntiny; k < B->nb; k++) {
        int s = B->r[k + 1] - B->r[k];
        if (s <= CD_LS_TINY) continue;
        B->vstart[k] = v;
        block_pattern(B, ls, &w, k, v);
        B->sub[k] = cd_ls_create_global(CD_LS_AUTO, s, w.lp, w.li, err);
        if (!B->sub[k]) return layout_done(&w, 0);
        v += w.lp[s];
    }
    for (c = 0; c < n; c++) {                   /* off-diagonal dst: relative -> absolute */
        int j = B->q[c], e;
        for (e = ls->colptr[j]; e < ls->colptr[j + 1]; e++)
            if (w.blk[w.pinv[ls->rowind[e]]] < w.blk[c]) B->dst[e] += (int) B->offx;
    }
    return layout_done(&w, tiny_zeros(B, nnz));
}

/* ------------------------------------------------------------------ tiny blocks */

/* P A = L U of the s x s column-major a, in place (unit L below the diagonal, U on and above)
 * with partial pivoting: at step k rows k and piv[k] were swapped. Returns -1, or the first
 * step k without a nonzero pivot candidate (A is singular; column k depends on those before) */
static int tiny_lu(double *a, int s, int *piv)
{
    int i, j, k;
    for (k = 0; k < s; k++) {
        double *ak = a + (size_t) k * s, amax = fabs(ak[k]), d;
        int ip = k;
        for (i = k + 1; i < s; i++)
            if (fabs(ak[i]) > amax) { amax = fabs(ak[i]); ip = i; }
        if (!(amax > 0)) return k;
        piv[k] = ip;
        if (ip != k)
            for (j = 0; j < s; j++) {                       /* swap rows k and ip */
                double tmp = a[k + (size_t) j * s];
                a[k + (size_t) j * s] = a[ip + (size_t) j * s];
                a[ip + (size_t) j * s] = tmp;
            }
        d = 1.0 / ak[k];
        for (i = k + 1; i < s; i++) ak[i] *= d;            /* L(k+1:s,k) = A(k+1:s,k)/A(k,k) */
        for (j = k + 1; j < s; j++) {
            double *aj = a + (size_t) j * s, f = aj[k];
            if (f == 0) continue;
            for (i = k + 1; i < s; i++) aj[i] -= ak[i] * f;   /* A(k+1:s,j) -= L(:,k) U(k,j) */
        }
    }
    return -1;
}

/* b holds b on input and x = U \ (L \ (P b)) on output */
static void tiny_solve(const double *a, int s, const int *piv, double *b)
{
    int i, j;
    for (j = 0; j < s; j++)
        if (piv[j] != j) { double tmp = b[j]; b[j] = b[piv[j]]; b[piv[j]] = tmp; }
    for (j = 0; j < s; j++)
        for (i = j + 1; i < s; i++) b[i] -= a[i + (size_t) j * s] * b[j];   /* b = L\b */
    for (j = s - 1; j >= 0; j--) {
        b[j] /= a[j + (size_t) j * s];                                      /* b = U\b */
        for (i = 0; i < j; i++) b[i] -= a[i + (size_t) j * s] * b[j];
    }
}

/* ------------------------------------------------------------------ the interface */

/* the block decomposition of ls's pattern into ls->block (p, q, r, nb): the block triangular
 * form if fine, else the connected components (one pass over the pattern, no matching).
 * CD_OK or CD_ERR_NOMEM */
int cd_lsb_analyse(cd_linsolver *ls, int fine, cd_error *err)
{
    int ok;
    ls->block = calloc(1, sizeof(cd_ls_block));
    ok = !ls->block ? 0 : fine ? btf(ls->block, ls->n, ls->colptr, ls->rowind) : -1;
    if (ok == -1)                   /* structurally singular, or asked: the components */
        ok = components(ls->block, ls->n, ls->colptr, ls->rowind);
    return ok == 1 ? CD_OK : cd_error_set(err, CD_ERR_NOMEM, "block LU: out of memory in the "
                                          "block decomposition (n = %d)", ls->n);
}

/* the blocks' storage and solvers; if C turns out not block upper triangular (cs_dmperm
 * promises it is), the connected components replace the decomposition */
int cd_lsb_layout(cd_linsolver *ls, cd_error *err)
{
    int ok = layout(ls, err);
    if (ok == -1) {
        cd_lsb_free(ls);
        ls->block = calloc(1, sizeof(cd_ls_block));
        ok = ls->block && components(ls->block, ls->n, ls->colptr, ls->rowind) &&
             layout(ls, err) == 1;
    }
    return ok == 1 ? CD_OK : cd_error_set(err, CD_ERR_NOMEM, "block LU: out of memory for the "
                                          "blocks (n = %d)", ls->n);
}

int cd_lsb_nblocks(const cd_linsolver *ls)
{
    return ls->block ? ls->block->nb : 1;
}

int cd_lsb_tiny_unknowns(const cd_linsolver *ls)
{
    int k, s, m = 0;
    for (k = 0; ls->block && k < ls->block->nb; k++)
        if ((s = ls->block->r[k + 1] - ls->block->r[k]) <= CD_LS_TINY) m += s;
    return m;
}

/* block k is singular at its local column lc: name the column of A */
static int block_singular(cd_linsolver *ls, int k, int lc, cd_error *err)
{
    const cd_ls_block *B = ls->block;
    int col = B->q[B->r[k] + lc];
    ls->stats.failed_column = col;
    return cd_error_set(err, CD_ERR_SINGULAR, "block LU: matrix is singular, column %d has no "
                        "nonzero pivot (diagonal block %d of %d, %d x %d, local column %d)", col,
                        k, B->nb, B->r[k + 1] - B->r[k], B->r[k + 1] - B->r[k], lc);
}

/* scatter the values into the blocks, factor each; a pivoting in any block counts in nfull
 * (a tiny block pivots at every factorization) */
int cd_lsb_factor(cd_linsolver *ls, const double *Ax, cd_error *err)
{
    cd_ls_block *B = ls->block;
    int k, t, nnz = ls->colptr[ls->n], pivoted = 0;
    long z;
    for (z = 0; z < B->nzero; z++) B->vals[B->zero[z]] = 0;
    for (t = 0; t < nnz; t++) B->vals[B->dst[t]] = Ax[t];
    for (k = 0; k < B->nb; k++) {
        int s = B->r[k + 1] - B->r[k], rc, lc;
        if (!B->sub[k]) {
            pivoted = 1;
            lc = tiny_lu(B->vals + B->vstart[k], s, B->piv + B->r[k]);
            if (lc >= 0) { ls->stats.nfull++; return block_singular(ls, k, lc, err); }
            continue;
        }
        long before = cd_ls_get_stats(B->sub[k]).nfull;
        rc = cd_ls_factor_checked(B->sub[k], B->vals + B->vstart[k], err);
        pivoted |= cd_ls_get_stats(B->sub[k]).nfull != before;
        if (rc == CD_ERR_SINGULAR) {
            ls->stats.nfull++;
            return block_singular(ls, k, cd_ls_get_stats(B->sub[k]).failed_column, err);
        }
        if (rc != CD_OK) return rc;
    }
    ls->stats.nfull += pivoted;
    return CD_OK;
}

/* b holds b on input and x = A\b on output (block back substitution, see the top) */
int cd_lsb_solve(cd_linsolver *ls, double *b, cd_error *err)
{
    cd_ls_block *B = ls->block;
    const double *off = B->vals + B->offx;
    double *t = B->t;
    int k, c, e, n = ls->n;
    for (c = 0; c < n; c++) t[c] = b[B->p[c]];                             /* t = b(p) */
    for (k = B->nb - 1; k >= 0; k--) {
        double *tk = t + B->r[k];
        if (B->sub[k]) {
            int rc = cd_ls_solve(B->sub[k], tk, err);
            if (rc != CD_OK) return rc;
        } else {
            tiny_solve(B->vals + B->vstart[k], B->r[k + 1] - B->r[k], B->piv + B->r[k], tk);
        }
        if (B->offp[B->r[k]] == B->offp[B->r[k + 1]]) continue;     /* nothing above */
        for (c = B->r[k]; c < B->r[k + 1]; c++)         /* t(above) -= C(above, c) x'(c) */
            for (e = B->offp[c]; e < B->offp[c + 1]; e++) t[B->offi[e]] -= off[e] * t[c];
    }
    for (c = 0; c < n; c++) b[B->q[c]] = t[c];                             /* x(q) = x' */
    return CD_OK;
}

void cd_lsb_free(cd_linsolver *ls)
{
    cd_ls_block *B = ls->block;
    int k;
    if (!B) return;
    for (k = 0; B->sub && k < B->nb; k++) cd_ls_free(B->sub[k]);
    free(B->p); free(B->q); free(B->r); free(B->dst); free(B->vals); free(B->vstart);
    free(B->piv); free(B->offp); free(B->offi); free(B->sub); free(B->t); free(B->zero);
    free(B);
    ls->block = NULL;
}
