/* cd_redundant: redundant constraint equations in the Newton solves (see cd_newton.h).
 *
 * A constraint equation j is redundant when its multiplier column c_j of the constraint Jacobian
 * (c_j = C_q^T e_j, the force direction of lambda_j) is a combination of the others'. Then the
 * Newton matrix [S C^T; C 0] is singular: the constraint forces C^T lambda are determined, the
 * multipliers are not. The equations found dependent are removed: their rows of the Newton
 * matrix become lambda_j = 0, which leaves the matrix of the kept equations (expanding along the
 * identity row), nonsingular when the kept equations are independent. The removed equations hold
 * anyway while they stay dependent; their residuals remain in the convergence test, so an
 * equation that stops being dependent (a configuration that was singular only in passing) makes
 * Newton fail visibly instead of being dropped without a word.
 *
 * Only the constraints' multipliers take part (AE indices [0, aex0)): the algebraic variables
 * of NodeGenericAE nodes and their equations (the pool, core/cd_system.h) are never removed.
 *
 * Minimum-norm multipliers. With K the kept and R the removed equations, c_r = C_K^T a_r for each
 * removed r: the solve of the Newton matrix J (removed rows applied) with the right-hand side
 * [c_r; 0] is [0; a_r] (S 0 + C_K^T a_r = c_r, C_K 0 = 0, lambda_R = 0). The vectors
 * n_r = e_r - a_r span the null space of C^T, so the multipliers with the same forces and the
 * least Euclidean norm are lambda - N (N^T N)^-1 N^T lambda, with (N^T N)_rs = delta_rs + a_r.a_s
 * and (N^T lambda)_r = lambda_r - a_r.lambda. For a linkage of identical parallel cranks this
 * shares the load among them equally instead of giving it all to the first two. */
#include "cd_newton.h"
#include "../analysis/cd_sprank.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the selection is a dense QR with column pivoting of the (n2 + nae) x nae multiplier columns
 * (the best-conditioned independent set is kept) when (n2 + nae) nae^2 is at most this (a few
 * ms); larger models use the greedy sparse QR of cd_sprank (linear in the size of a chain or
 * tree; the later of equivalent equations is removed) */
#define CD_REDUND_DENSE_LIMIT 2e7
/* minimum-norm multipliers: at most this many removed equations (the Gram matrix is dense) and
 * this many entries of amat */
#define CD_REDUND_MINNORM_MAX 400
#define CD_REDUND_AMAT_MAX 2e7
/* a multiplier column is dependent when its pivoted-QR diagonal is below this times the first */
#define CD_REDUND_RTOL 1e-10

int cd_redund_init(cd_redund *rd, const cd_system *s, int on, cd_error *err)
{
    memset(rd, 0, sizeof(*rd));
    rd->on = on;
    int nae = s->aex0, n2 = s->n2;
    if (nae == 0) return CD_OK;
    const cd_pattern *P = &s->pat;
    rd->pin = calloc((size_t)nae, sizeof(int));
    rd->list = calloc((size_t)nae, sizeof(int));
    rd->rowptr = calloc((size_t)nae + 1, sizeof(int));
    rd->lam_kept = malloc(sizeof(double) * (size_t)nae);
    rd->diagpos = malloc(sizeof(int) * (size_t)nae);
    if (!rd->pin || !rd->list || !rd->rowptr || !rd->diagpos || !rd->lam_kept) goto nomem;
    for (int j = 0; j < P->N; j++)
        for (int p = P->colptr[j]; p < P->colptr[j + 1]; p++) {
            int i = P->rowind[p] - n2;
            if (i >= 0 && i < nae) rd->rowptr[i + 1]++;
        }
    for (int i = 0; i < nae; i++) rd->rowptr[i + 1] += rd->rowptr[i];
    rd->rowpos = malloc(sizeof(int) * ((size_t)rd->rowptr[nae] + 1));
    int *next = malloc(sizeof(int) * (size_t)nae);
    if (!rd->rowpos || !next) { free(next); goto nomem; }
    memcpy(next, rd->rowptr, sizeof(int) * (size_t)nae);
    for (int i = 0; i < nae; i++) rd->diagpos[i] = -1;
    for (int j = 0; j < P->N; j++)
        for (int p = P->colptr[j]; p < P->colptr[j + 1]; p++) {
            int i = P->rowind[p] - n2;
            if (i < 0 || i >= nae) continue;
            rd->rowpos[next[i]++] = p;
            if (j == n2 + i) rd->diagpos[i] = p;
        }
    free(next);
    for (int i = 0; i < nae; i++)  /* the pattern holds every AE diagonal (cd_pattern.c) */
        if (rd->diagpos[i] < 0)
            return cd_error_set(err, CD_ERR_INTERNAL, "the Newton-matrix pattern has no diagonal "
                                "entry for algebraic equation %d", i);
    return CD_OK;
nomem:
    cd_redund_free(rd);
    return cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating the redundant-constraint "
                        "workspace");
}

void cd_redund_free(cd_redund *rd)
{
    free(rd->pin); free(rd->list); free(rd->rowptr); free(rd->rowpos); free(rd->diagpos);
    free(rd->amat); free(rd->gram); free(rd->ywork); free(rd->lam_kept);
    memset(rd, 0, sizeof(*rd));
}

/* LAPACK: QR with column pivoting */
void dgeqp3_(const int *m, const int *n, double *a, const int *lda, int *jpvt, double *tau,
             double *work, const int *lwork, int *info);

/* room for the minimum-norm coefficients of rd->npin equations (none when too many) */
static int minnorm_room(const cd_system *s, cd_redund *rd, cd_error *err)
{
    if (rd->npin > CD_REDUND_MINNORM_MAX ||
        (double)rd->npin * (double)s->aex0 > CD_REDUND_AMAT_MAX || rd->npin <= rd->cap)
        return CD_OK;
    int cap = rd->npin;
    double *a = realloc(rd->amat, sizeof(double) * (size_t)cap * (size_t)s->aex0);
    if (a) rd->amat = a;
    double *g = realloc(rd->gram, sizeof(double) * (size_t)cap * (size_t)cap);
    if (g) rd->gram = g;
    double *y = realloc(rd->ywork, sizeof(double) * (size_t)cap);
    if (y) rd->ywork = y;
    if (!a || !g || !y)
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory for the minimum-norm multipliers "
                            "of %d redundant constraint equations", rd->npin);
    rd->cap = cap;
    return CD_OK;
}

/* the selection of a large model (dense QR unaffordable): the greedy sparse QR of
 * cd_sprank on the multiplier columns in their order (the later of equivalent equations is
 * removed), tolerance 1e-10 times the largest column; flags[j] = 1 removed. Returns a status. */
static int select_sparse(const cd_system *s, const cd_redund *rd, const double *values,
                         int *flags, cd_error *err)
{
    int n2 = s->n2, nae = s->aex0;
    const cd_pattern *P = &s->pat;
    long nz = 0;
    for (int j = 0; j < nae; j++) nz += P->colptr[n2 + j + 1] - P->colptr[n2 + j] + 1;
    cs_di *A = cs_di_spalloc(n2 + nae, nae, nz > 0 ? (int)nz : 1, 1, 0);
    if (!A) return cd_error_set(err, CD_ERR_NOMEM, "out of memory finding redundant constraint "
                                "equations");
    int k = 0;
    double cmax = 0;
    for (int j = 0; j < nae; j++) {
        A->p[j] = k;
        double nrm = 0;
        for (int p = P->colptr[n2 + j]; p < P->colptr[n2 + j + 1]; p++) {
            int i = P->rowind[p];
            if (values[p] == 0.0 || (i >= n2 && (i >= n2 + nae || rd->pin[i - n2]))) continue;
            A->i[k] = i;   /* C_q^T, and the entries of the kept algebraic rows */
            A->x[k++] = values[p];
            nrm = hypot(nrm, values[p]);
        }
        if (nrm > cmax) cmax = nrm;
    }
    A->p[nae] = k;
    cd_sprank r;
    int rc = cd_sprank_compute(A, 1e-10 * cmax, &r);
    cs_di_spfree(A);
    if (rc) return cd_error_set(err, CD_ERR_NOMEM, "out of memory finding redundant constraint "
                                "equations");
    for (int j = 0; j < nae; j++) flags[j] = r.dependent[j];
    cd_sprank_free(&r);
    return CD_OK;
}

/* the new set in flags (1 removed) replaces rd's; records it in stats */
static int adopt(const cd_system *s, cd_nwork *w, const int *flags, const cd_state *st,
                 int *changed, cd_stats *stats, cd_error *err)
{
    cd_redund *rd = &w->rd;
    int npin = 0;
    for (int j = 0; j < s->aex0; j++) {
        if (flags[j] != rd->pin[j]) *changed = 1;
        rd->pin[j] = flags[j];
        if (flags[j]) rd->list[npin++] = j;
    }
    rd->npin = npin;
    if (!*changed) return CD_OK;
    if (stats->nselections++ == 0) {  /* the first set found is the one named */
        stats->nredundant = npin;
        for (int i = 0; i < npin && i < CD_REDUNDANT_LISTED; i++) stats->redundant[i] = rd->list[i];
    } else if (npin > stats->nredundant) {
        stats->nredundant = npin;
    }
    if (!rd->at_start && stats->t_redundant_set == 0) {
        stats->t_redundant = st->t;
        stats->t_redundant_set = 1;
    }
    w->jac_current = 0;  /* a factorization in use has other rows removed */
    return minnorm_room(s, rd, err);
}

int cd_redund_select(const cd_system *s, cd_nwork *w, const double *values, const cd_state *st,
                     int *changed, cd_stats *stats, cd_error *err)
{
    cd_redund *rd = &w->rd;
    int n2 = s->n2, nae = s->aex0, m = n2 + nae, info = 0, lwork = -1;
    *changed = 0;
    if (nae == 0) return CD_OK;
    if ((double)m * (double)nae * (double)nae > CD_REDUND_DENSE_LIMIT) {
        int *flags = malloc(sizeof(int) * (size_t)nae);
        if (!flags) return cd_error_set(err, CD_ERR_NOMEM, "out of memory finding redundant "
                                        "constraint equations");
        int rc = select_sparse(s, rd, values, flags, err);
        if (!rc) rc = adopt(s, w, flags, st, changed, stats, err);
        free(flags);
        return rc;
    }
    const cd_pattern *P = &s->pat;
    /* the multiplier columns: C_q^T in the ODE2 rows, below them the entries of the algebraic
     * rows not removed: the diagonal of the trivial rows (deactivated constraints: lambda_j =
     * 0), and d g/d lam of CD_OBJF_AESELF constraints (a removed row's diagonal is ours, 1) */
    double *C = calloc((size_t)m * (size_t)nae + 1, sizeof(double));
    int *jpvt = calloc((size_t)nae, sizeof(int));
    double *tau = malloc(sizeof(double) * (size_t)nae), wq = 0;
    double *work = NULL;
    int rc = CD_OK;
    if (!C || !jpvt || !tau) goto nomem;
    for (int j = 0; j < nae; j++) {
        double *c = C + (size_t)j * (size_t)m;
        for (int p = P->colptr[n2 + j]; p < P->colptr[n2 + j + 1]; p++) {
            int i = P->rowind[p];
            if (i < n2 || (i < n2 + nae && !rd->pin[i - n2])) c[i] = values[p];
        }
    }
    dgeqp3_(&m, &nae, C, &m, jpvt, tau, &wq, &lwork, &info);
    lwork = info == 0 && wq >= 1.0 ? (int)wq : 3 * nae + 1;
    work = malloc(sizeof(double) * (size_t)lwork);
    if (!work) goto nomem;
    dgeqp3_(&m, &nae, C, &m, jpvt, tau, work, &lwork, &info);
    if (info != 0) {
        rc = cd_error_set(err, CD_ERR_INTERNAL, "redundant constraints: dgeqp3 failed (%d)", info);
        goto done;
    }
    /* rank: |R_kk| above CD_REDUND_RTOL |R_00| (dependent to ~10 digits: a configuration that
     * singular is treated as singular) */
    int k = m < nae ? m : nae, rank = 0;
    double r00 = fabs(C[0]);
    for (int i = 0; i < k; i++)
        if (fabs(C[i + (size_t)i * (size_t)m]) > CD_REDUND_RTOL * r00) rank++;
    /* keep the first `rank` pivot columns: the best-conditioned independent set */
    int *flags = (int *)jpvt;  /* reused after reading: 1 removed */
    for (int j = 0; j < nae; j++) work[j] = 1.0;
    for (int i = 0; i < rank; i++) work[jpvt[i] - 1] = 0.0;
    for (int j = 0; j < nae; j++) flags[j] = work[j] != 0.0;
    rc = adopt(s, w, flags, st, changed, stats, err);
    goto done;
nomem:
    rc = cd_error_set(err, CD_ERR_NOMEM, "out of memory finding redundant constraint equations");
done:
    free(C); free(jpvt); free(tau); free(work);
    return rc;
}

int cd_redund_start(const cd_system *s, cd_nwork *w, const cd_state *st, cd_stats *stats,
                    cd_error *err)
{
    if (s->aex0 == 0) return CD_OK;
    /* the Newton matrix of the initial state with unit coefficients (only the multiplier
     * columns are used) */
    cd_evalcoef c;
    memset(&c, 0, sizeof c);
    c.force_scale = c.mass_coef = c.multiplier_coef = c.gdq_coef = 1.0;
    c.velocity_row_scale = c.lambda_per_unknown = c.load_factor = 1.0;
    int rc = cd_eval_jacobian(s, &w->ev, st, &c, w->values, err), changed = 0;
    if (rc) return rc;
    w->rd.at_start = 1;
    rc = cd_redund_select(s, w, w->values, st, &changed, stats, err);
    w->rd.at_start = 0;
    stats->nredundant_start = w->rd.on ? w->rd.npin : 0;
    w->jac_current = 0;
    if (rc || w->rd.on || w->rd.npin == 0) return rc;
    /* the strict behaviour: redundant equations are an error, named here */
    char msg[CD_MSG_LEN], lb[256];
    size_t len = (size_t)snprintf(msg, sizeof msg, "the Newton matrix is singular: %d constraint "
                                  "equation(s) depend on the others in the initial configuration "
                                  "(redundant constraints, or a singular configuration):",
                                  w->rd.npin);
    for (int k = 0; k < w->rd.npin && k < 5 && len < sizeof msg; k++)
        len += (size_t)snprintf(msg + len, sizeof msg - len, "%s %s", k ? ";" : "",
                                cd_unknown_label(s, s->n2 + w->rd.list[k], lb, sizeof lb));
    int n = w->rd.npin;
    stats->nredundant = 0;  /* nothing was removed */
    stats->nselections = 0;
    w->rd.npin = 0;
    memset(w->rd.pin, 0, sizeof(int) * (size_t)s->aex0);
    return cd_error_set(err, CD_ERR_SINGULAR, "%s%s; linearSolverSettings."
                        "handleRedundantConstraints = True (the default) removes them and goes on",
                        msg, n > 5 ? "; ..." : "");
}

int cd_redund_refactor(const cd_system *s, cd_nwork *w, const cd_state *st, const cd_evalcoef *c,
                       cd_linsolver *ls, int rc, cd_stats *stats, cd_error *err)
{
    int changed = 0;
    cd_error e2 = {0, ""};
    if (!w->rd.on || s->aex0 == 0 ||
        cd_redund_select(s, w, w->values, st, &changed, stats, &e2) != CD_OK || !changed)
        return rc;
    int re = cd_eval_jacobian(s, &w->ev, st, c, w->values, err);
    if (re) return re;
    stats->jacobians++;
    cd_redund_matrix(s, &w->rd, w->values);
    stats->factorizations++;
    return cd_ls_factor(ls, w->values, err);
}

void cd_redund_matrix(const cd_system *s, const cd_redund *rd, double *values)
{
    (void)s;
    for (int k = 0; k < rd->npin; k++) {
        int j = rd->list[k];
        for (int p = rd->rowptr[j]; p < rd->rowptr[j + 1]; p++) values[rd->rowpos[p]] = 0.0;
        values[rd->diagpos[j]] = 1.0;
    }
}

void cd_redund_residual(const cd_system *s, const cd_redund *rd, const cd_state *st,
                        double lambda_per_unknown, double *r)
{
    for (int k = 0; k < rd->npin; k++) {
        int j = rd->list[k];
        r[s->n2 + j] = st->lam[j] / lambda_per_unknown;
    }
}

/* Cholesky G = L L^T in place (lower triangle, column-major n x n) and solve G y = b; 0 ok,
 * -1 not positive definite (G = I + A A^T always is, up to round-off) */
static int chol_solve(int n, double *G, double *y)
{
    for (int j = 0; j < n; j++) {
        double d = G[j + (size_t)j * n];
        for (int k = 0; k < j; k++) d -= G[j + (size_t)k * n] * G[j + (size_t)k * n];
        if (!(d > 0)) return -1;
        d = sqrt(d);
        G[j + (size_t)j * n] = d;
        for (int i = j + 1; i < n; i++) {
            double x = G[i + (size_t)j * n];
            for (int k = 0; k < j; k++) x -= G[i + (size_t)k * n] * G[j + (size_t)k * n];
            G[i + (size_t)j * n] = x / d;
        }
    }
    for (int i = 0; i < n; i++) {  /* L z = y */
        double x = y[i];
        for (int k = 0; k < i; k++) x -= G[i + (size_t)k * n] * y[k];
        y[i] = x / G[i + (size_t)i * n];
    }
    for (int i = n - 1; i >= 0; i--) {  /* L^T y = z */
        double x = y[i];
        for (int k = i + 1; k < n; k++) x -= G[k + (size_t)i * n] * y[k];
        y[i] = x / G[i + (size_t)i * n];
    }
    return 0;
}

int cd_redund_minnorm(const cd_system *s, cd_redund *rd, cd_linsolver *ls, const double *values,
                      double *work, cd_state *st, cd_stats *stats, cd_error *err)
{
    int n2 = s->n2, nae = s->aex0, m = rd->npin, N = s->pat.N;
    if (m == 0) return CD_OK;
    if (m > rd->cap || !rd->amat) {
        stats->minnorm_skipped = 1;
        return CD_OK;
    }
    const cd_pattern *P = &s->pat;
    for (int k = 0; k < m; k++) {
        int r = rd->list[k];
        memset(work, 0, sizeof(double) * (size_t)N);
        for (int p = P->colptr[n2 + r]; p < P->colptr[n2 + r + 1]; p++)
            if (P->rowind[p] < n2) work[P->rowind[p]] = values[p];
        int rc = cd_ls_solve(ls, work, err);
        if (rc) return rc;
        double *a = rd->amat + (size_t)k * (size_t)nae;
        for (int j = 0; j < nae; j++) a[j] = rd->pin[j] ? 0.0 : work[n2 + j];
    }
    double *G = rd->gram, *y = rd->ywork;
    for (int k = 0; k < m; k++) {
        const double *ak = rd->amat + (size_t)k * (size_t)nae;
        double b = st->lam[rd->list[k]];
        for (int j = 0; j < nae; j++) b -= ak[j] * st->lam[j];
        y[k] = b;
        for (int l = k; l < m; l++) {
            const double *al = rd->amat + (size_t)l * (size_t)nae;
            double g = k == l ? 1.0 : 0.0;
            for (int j = 0; j < nae; j++) g += ak[j] * al[j];
            G[l + (size_t)k * m] = g;
        }
    }
    if (chol_solve(m, G, y)) {
        stats->minnorm_skipped = 1;
        return CD_OK;
    }
    for (int k = 0; k < m; k++) {
        const double *ak = rd->amat + (size_t)k * (size_t)nae;
        st->lam[rd->list[k]] -= y[k];
        for (int j = 0; j < nae; j++) st->lam[j] += ak[j] * y[k];
    }
    return CD_OK;
}

int cd_redund_output(const cd_system *s, cd_nwork *w, cd_state *st, cd_stats *stats,
                     cd_error *err)
{
    cd_redund *rd = &w->rd;
    if (rd->npin == 0 || !w->have_last_c || !w->ls) return CD_OK;
    if (rd->npin > rd->cap || !rd->amat) {
        stats->minnorm_skipped = 1;
        return CD_OK;
    }
    int rc = cd_eval_jacobian(s, &w->ev, st, &w->last_c, w->values, err);
    if (rc) return rc;
    stats->jacobians++;
    cd_redund_matrix(s, rd, w->values);
    w->jac_current = 0;  /* the Newton solves factor their own matrix again */
    w->floor_stale = 1;
    w->floor2 = 0;
    cd_error e2 = {0, ""};
    rc = cd_ls_factor(w->ls, w->values, &e2);
    stats->factorizations++;
    if (rc) {  /* singular right here: the multipliers stay as the Newton solve left them */
        stats->minnorm_skipped = 1;
        return rc == CD_ERR_SINGULAR || rc == CD_ERR_NONFINITE ? CD_OK
                                                                : cd_error_set(err, rc, "%s", e2.msg);
    }
    memcpy(rd->lam_kept, st->lam, sizeof(double) * (size_t)s->aex0);
    rd->lam_saved = 1;
    return cd_redund_minnorm(s, rd, w->ls, w->values, w->dx, st, stats, err);
}

void cd_redund_restore(const cd_system *s, cd_nwork *w, cd_state *st)
{
    if (!w->rd.lam_saved) return;
    memcpy(st->lam, w->rd.lam_kept, sizeof(double) * (size_t)s->aex0);
    w->rd.lam_saved = 0;
}
