/* cd_structure: the Dulmage-Mendelsohn decomposition (CXSparse cs_di_dmperm) of the Newton
 * matrix, of the constraint Jacobian, or of the causal view; see cd_structure.h. */
#include "cd_structure.h"
#include "../core/cd_eval.h"
#include "../core/cd_items.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <suitesparse/cs.h>

/* generic coefficients: any nonzero values, chosen so that no two terms cancel by design */
static void form_coef(int form, cd_evalcoef *c)
{
    memset(c, 0, sizeof(*c));
    c->force_scale = 1.0;
    c->mass_coef = 1.0;
    c->multiplier_coef = 1.0;
    c->velocity_row_scale = 1.0;
    c->lambda_per_unknown = 1.0;   /* deactivated constraints: lambda = 0 is their equation */
    c->load_factor = 1.0;
    c->ode1_scale = 1.0;
    c->ode1_rate_coef = 1.0;
    if (form == CD_STRUCT_ODE) return;  /* q'' and y' unknown, q, q', y known */
    c->stiffness_coef = 0.6180339887;
    c->damping_coef = 0.4142135624;
    c->gdq_coef = 1.0;
    c->gdv_coef = 0.7320508076;
    c->ode1_stiffness_coef = 0.5772156649;
}

/* uniform in [-1, 1) from a 64-bit LCG (deterministic: the same model gives the same report) */
static double rnd(unsigned long long *x)
{
    *x = *x * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*x >> 11) / 4503599627370496.0 - 1.0;
}

/* st2 = st with every coordinate, velocity, acceleration and multiplier moved at random:
 * q by 1e-3 (1 + |qref + q|), others by an order-one amount */
static void perturb(const cd_system *s, const cd_state *st, cd_state *st2, unsigned long long *x)
{
    cd_state_copy(st2, st);
    for (int i = 0; i < s->n2; i++) {
        st2->q[i] += 1e-3 * (1.0 + fabs(s->qref[i] + st->q[i])) * rnd(x);
        st2->v[i] += 0.5 + 0.5 * rnd(x);
        st2->a[i] += 0.5 + 0.5 * rnd(x);
    }
    for (int i = 0; i < s->nae; i++) st2->lam[i] += 1.0 + 0.5 * rnd(x);
    for (int i = 0; i < s->n1; i++) {
        st2->y[i] += 1e-3 * (1.0 + fabs(s->yref[i] + st->y[i])) * rnd(x);
        st2->yd[i] += 0.5 + 0.5 * rnd(x);
    }
}

/* 1 if pattern entry (i, j) holds an unknown of the causal view (q'', lambda and x, y'):
 * constraint rows hold none (the pattern cannot tell which constraints are deactivated: every
 * one is taken as active); the equations of algebraic variables (the pool) and every other row
 * hold the algebraic unknowns; q and y are known, so an ODE2 row holds no ODE1 column, an ODE1
 * row no ODE2 column and a pool row neither */
static int causal_entry(const cd_system *s, int i, int j)
{
    int ae_i = i >= s->n2 && i < s->off1, pool_i = ae_i && i >= s->n2 + s->aex0;
    int ae_j = j >= s->n2 && j < s->off1;
    if (ae_i && !pool_i) return 0;
    if (ae_j) return 1;
    if (pool_i) return 0;
    return (i < s->n2) == (j < s->n2);
}

/* keep[k] = 1 if pattern entry k is structurally nonzero (see the header) */
static int structural_mask(const cd_system *s, const cd_state *st, int form, int generic,
                           char *keep, cd_error *err)
{
    const cd_pattern *P = &s->pat;
    if (!generic) {
        for (int j = 0; j < P->N; j++)
            for (int k = P->colptr[j]; k < P->colptr[j + 1]; k++)
                keep[k] = form != CD_STRUCT_ODE || causal_entry(s, P->rowind[k], j);
        return CD_OK;
    }
    cd_evalws ws;
    cd_state st2;
    cd_evalcoef c;
    double *val = malloc(sizeof(double) * (size_t)(P->nnz > 0 ? P->nnz : 1));
    int rc = val ? cd_state_init(&st2, s) : CD_ERR_NOMEM;
    if (rc) {
        free(val);
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory in the structural analysis");
    }
    rc = cd_evalws_init(&ws, s, err);
    form_coef(form, &c);
    memset(keep, 0, (size_t)P->nnz);
    unsigned long long x = 0x9E3779B97F4A7C15ULL;
    for (int pass = 0; pass < 2 && !rc; pass++) {
        perturb(s, st, &st2, &x);
        rc = cd_eval_jacobian(s, &ws, &st2, &c, val, err);
        for (int k = 0; k < P->nnz && !rc; k++)
            if (val[k] != 0.0) keep[k] = 1;
    }
    cd_evalws_free(&ws, s);  /* safe after a failed init: that one leaves ws cleared */
    cd_state_free(&st2);
    free(val);
    if (rc > 0) {  /* a recoverable status means nothing here: the evaluation failed */
        char msg[CD_MSG_LEN];
        snprintf(msg, sizeof msg, "%s", err ? err->msg : "");
        rc = cd_error_set(err, CD_ERR_INPUT, "structural analysis: the Newton matrix could "
                          "not be evaluated at a perturbed state: %s", msg);
    }
    return rc;
}

/* the kept pattern entries in rows i with rowmap[i] >= 0 (renumbered rowmap[i], m of them)
 * and columns [0, n), as a cs_di matrix */
static cs_di *submatrix(const cd_pattern *P, const char *keep, const int *rowmap, int m, int n)
{
    int nz = 0;
    for (int j = 0; j < n; j++)
        for (int k = P->colptr[j]; k < P->colptr[j + 1]; k++)
            if (keep[k] && rowmap[P->rowind[k]] >= 0) nz++;
    cs_di *A = cs_di_spalloc(m, n, nz > 0 ? nz : 1, 0, 0);
    if (!A) return NULL;
    nz = 0;
    for (int j = 0; j < n; j++) {
        A->p[j] = nz;
        for (int k = P->colptr[j]; k < P->colptr[j + 1]; k++)
            if (keep[k] && rowmap[P->rowind[k]] >= 0) A->i[nz++] = rowmap[P->rowind[k]];
    }
    A->p[n] = nz;
    return A;
}

/* rowmap (N) of the analysed rows, *m their number: every row, or for the constraint Jacobian
 * the AE rows except those whose equation is lambda = 0 (a deactivated constraint, the free
 * axis of a joint: its diagonal entry is kept) and except the equations of algebraic variables
 * (the pool: they constrain no ODE2 coordinate, they determine x) */
static void row_map(const cd_system *s, const char *keep, int jac, int *rowmap, int *m)
{
    const cd_pattern *P = &s->pat;
    *m = 0;
    for (int i = 0; i < P->N; i++) {
        int use = !jac || (i >= s->n2 && i < s->n2 + s->aex0);  /* not the pool */
        if (use && jac) {
            int k = cd_pattern_find(P, i, i);
            use = k < 0 || !keep[k];
        }
        rowmap[i] = use ? (*m)++ : -1;
    }
}

cd_structure *cd_structure_free(cd_structure *S)
{
    if (!S) return NULL;
    free(S->rowid);
    free(S->colid);
    free(S->p);
    free(S->q);
    free(S->r);
    free(S->s);
    free(S);
    return NULL;
}

static int *copy_ints(const int *x, int n)
{
    int *y = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (y && n > 0) memcpy(y, x, sizeof(int) * (size_t)n);
    return y;
}

/* the result from the decomposition D of the m x n matrix A (row i of the Newton system is
 * row rowmap[i] of A, N rows in all; columns 0..n-1) */
static cd_structure *result(const cs_did *D, const cs_di *A, int form, const int *rowmap, int N)
{
    int m = A->m, n = A->n;
    cd_structure *S = calloc(1, sizeof(*S));
    if (!S) return NULL;
    S->form = form;
    S->m = m;
    S->n = n;
    S->nnz = A->p[n];
    S->nb = D->nb;
    S->rowid = malloc(sizeof(int) * (size_t)(m > 0 ? m : 1));
    S->colid = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    S->p = copy_ints(D->p, m);
    S->q = copy_ints(D->q, n);
    S->r = copy_ints(D->r, D->nb + 1);
    S->s = copy_ints(D->s, D->nb + 1);
    if (!S->rowid || !S->colid || !S->p || !S->q || !S->r || !S->s) return cd_structure_free(S);
    for (int i = 0; i < N; i++)
        if (rowmap[i] >= 0) S->rowid[rowmap[i]] = i;
    for (int j = 0; j < n; j++) S->colid[j] = j;
    memcpy(S->rr, D->rr, sizeof(S->rr));
    memcpy(S->cc, D->cc, sizeof(S->cc));
    S->srank = D->rr[3];  /* rows before the unmatched ones are matched */
    /* the fine blocks that lie in the square part */
    S->blk0 = D->nb;
    S->nblk = 0;
    for (int k = 0; k < D->nb; k++) {
        int in = D->r[k] >= D->rr[1] && D->r[k + 1] <= D->rr[2] && D->r[k + 1] > D->r[k];
        if (!in) continue;
        if (S->nblk == 0) S->blk0 = k;
        S->nblk++;
    }
    return S;
}

int cd_structure_compute(const cd_system *s, const cd_state *st, int form, int generic,
                         cd_structure **out, cd_error *err)
{
    *out = NULL;
    if (!s->assembled)
        return cd_error_set(err, CD_ERR_NOTASSEMBLED,
                            "structural analysis: the system must be assembled first");
    if (form < CD_STRUCT_NEWTON || form > CD_STRUCT_ODE)
        return cd_error_set(err, CD_ERR_INPUT, "structural analysis: unknown form %d", form);
    const cd_pattern *P = &s->pat;
    char *keep = malloc((size_t)(P->nnz > 0 ? P->nnz : 1));
    if (!keep) return cd_error_set(err, CD_ERR_NOMEM, "out of memory in the structural analysis");
    int rc = structural_mask(s, st, form, generic, keep, err);
    if (rc) {
        free(keep);
        return rc;
    }
    /* the constraint Jacobian is the AE rows x ODE2 columns block */
    int jac = form == CD_STRUCT_JACOBIAN, m = 0, n = jac ? s->n2 : P->N;
    int *rowmap = malloc(sizeof(int) * (size_t)(P->N > 0 ? P->N : 1));
    cs_di *A = NULL;
    if (rowmap) {
        row_map(s, keep, jac, rowmap, &m);
        A = submatrix(P, keep, rowmap, m, n);
    }
    free(keep);
    cs_did *D = A ? cs_di_dmperm(A, 0) : NULL;
    if (D) *out = result(D, A, form, rowmap, P->N);
    free(rowmap);
    cs_di_dfree(D);
    cs_di_spfree(A);
    if (!*out) return cd_error_set(err, CD_ERR_NOMEM, "out of memory in the structural analysis");
    return CD_OK;
}
