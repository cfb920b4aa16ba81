/* cd_dof: rank of the constraint Jacobian, degrees of freedom, redundant equations (see
 * cd_dof.h). */
#include "cd_dof.h"
#include "cd_sprank.h"
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* LAPACK */
void dgeqp3_(const int *m, const int *n, double *a, const int *lda, int *jpvt, double *tau,
             double *work, const int *lwork, int *info);
void dgesdd_(const char *jobz, const int *m, const int *n, double *a, const int *lda,
             double *s, double *u, const int *ldu, double *vt, const int *ldvt, double *work,
             const int *lwork, int *iwork, int *info);

void cd_dofresult_free(cd_dofresult *r)
{
    if (!r) return;
    free(r->redundant);
    free(r->diag_all);
    free(r->diag_ae);
    memset(r, 0, sizeof(*r));
}

int cd_rank_qr(int m, int n, double *A, double *diag, double *tol_out)
{
    int k = m < n ? m : n;
    if (tol_out) *tol_out = 0.0;
    if (k == 0) return 0;
    int lda = m > 1 ? m : 1, info = 0, lwork = -1;
    double wq = 0.0;
    int *jpvt = calloc((size_t)n, sizeof(int));
    double *tau = malloc(sizeof(double) * (size_t)k);
    if (!jpvt || !tau) { free(jpvt); free(tau); return -1; }
    dgeqp3_(&m, &n, A, &lda, jpvt, tau, &wq, &lwork, &info);
    lwork = info == 0 && wq >= 1.0 ? (int)wq : 3 * n + 1;
    double *work = malloc(sizeof(double) * (size_t)lwork);
    if (!work) { free(jpvt); free(tau); return -1; }
    dgeqp3_(&m, &n, A, &lda, jpvt, tau, work, &lwork, &info);
    free(work);
    free(jpvt);
    free(tau);
    if (info != 0) return -2;
    for (int i = 0; i < k; i++) diag[i] = fabs(A[i + (size_t)i * (size_t)lda]);
    /* numpy.linalg.matrix_rank's tolerance with |R_00| in place of the largest singular value */
    double tol = diag[0] * (double)(m > n ? m : n) * DBL_EPSILON;
    if (tol_out) *tol_out = tol;
    int rank = 0;
    for (int i = 0; i < k; i++)
        if (diag[i] > tol) rank++;
    return rank;
}

int cd_rank_svd(int m, int n, double *A, double *diag, double threshold)
{
    int k = m < n ? m : n;
    if (k == 0) return 0;
    int lda = m > 1 ? m : 1, one = 1, info = 0, lwork = -1;
    double wq = 0.0, dummy = 0.0;
    int *iwork = malloc(sizeof(int) * 8 * (size_t)k);
    if (!iwork) return -1;
    dgesdd_("N", &m, &n, A, &lda, diag, &dummy, &one, &dummy, &one, &wq, &lwork, iwork, &info);
    lwork = info == 0 && wq >= 1.0 ? (int)wq : 8 * (m + n) + 7 * k;
    double *work = malloc(sizeof(double) * (size_t)lwork);
    if (!work) { free(iwork); return -1; }
    dgesdd_("N", &m, &n, A, &lda, diag, &dummy, &one, &dummy, &one, work, &lwork, iwork, &info);
    free(work);
    free(iwork);
    if (info != 0) return -2;
    int rank = 0;
    for (int i = 0; i < k; i++)
        if (fabs(diag[i]) > threshold) rank++;
    return rank;
}

/* in-order dependence: flag[j] = 1 if column j of A (m x n, column-major, overwritten) lies
 * within tol of the span of the accepted columns before it (Householder QR, no pivoting) */
static int dependent_columns(int m, int n, double *A, double tol, int *flag)
{
    double *tau = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    if (!tau) return -1;
    int r = 0;  /* accepted columns: reflectors 0..r-1 stored in the accepted columns' places */
    int *acc = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (!acc) { free(tau); return -1; }
    for (int j = 0; j < n; j++) {
        double *x = A + (size_t)j * (size_t)m;
        for (int k = 0; k < r; k++) {  /* x <- H_k x, v_k = (0.., 1, V[k+1..]) */
            const double *v = A + (size_t)acc[k] * (size_t)m;
            double d = x[k];
            for (int i = k + 1; i < m; i++) d += v[i] * x[i];
            d *= tau[k];
            x[k] -= d;
            for (int i = k + 1; i < m; i++) x[i] -= d * v[i];
        }
        double nrm = 0.0;
        for (int i = r; i < m; i++) nrm = hypot(nrm, x[i]);
        if (r >= m || nrm <= tol) {
            flag[j] = 1;
            continue;
        }
        flag[j] = 0;
        /* reflector H = I - tau v v^T with H x[r..] = beta e_r */
        double alpha = x[r], beta = alpha >= 0 ? -nrm : nrm;
        double v0 = alpha - beta;
        tau[r] = (beta - alpha) / beta;
        for (int i = r + 1; i < m; i++) x[i] /= v0;
        x[r] = beta;  /* v_r = 1 implicit; x[r] keeps R's diagonal */
        acc[r] = j;
        r++;
    }
    free(acc);
    free(tau);
    return r;
}

int cd_dof_auto_method(int nae, int use_svd)
{
    return nae <= (use_svd ? CD_DOF_SVD_MAX_NAE : CD_DOF_DENSE_MAX_NAE) ? CD_DOF_DENSE
                                                                        : CD_DOF_SPARSE;
}

/* values (pattern order) of the Newton matrix whose multiplier columns are C_all */
static int eval_values(const cd_system *s, const cd_state *st, int numerical, double eps_rel,
                       double eps_min, double *values, cd_error *err)
{
    cd_evalws ws;
    int rc = cd_evalws_init(&ws, s, err);
    if (rc) return rc;
    ws.numerical = numerical;
    if (eps_rel > 0) ws.eps_rel = eps_rel;
    if (eps_min > 0) ws.eps_min = eps_min;
    ws.lieT_on = 0;
    cd_evalcoef c;
    memset(&c, 0, sizeof(c));
    c.force_scale = 1.0;
    c.load_factor = 1.0;
    c.velocity_row_scale = 1.0;
    c.multiplier_coef = 1.0;     /* C_q^T in the ODE2 rows */
    c.lambda_per_unknown = 1.0;  /* C_lambda: the trivial rows lambda_j = 0 */
    rc = cd_eval_jacobian(s, &ws, st, &c, values, err);
    cd_evalws_free(&ws, s);
    return rc;
}

/* the largest 2-norm of the multiplier columns */
static double max_column_norm(const cd_system *s, const double *values)
{
    double cmax = 0.0;
    for (int j = s->n2; j < s->n2 + s->nae; j++) {
        double nj = 0.0;
        for (int p = s->pat.colptr[j]; p < s->pat.colptr[j + 1]; p++) nj = hypot(nj, values[p]);
        if (nj > cmax) cmax = nj;
    }
    return cmax;
}

static int nomem(cd_error *err)
{
    return cd_error_set(err, CD_ERR_NOMEM, "out of memory for the degree-of-freedom analysis");
}

/* the dense path (see cd_dof.h) */
static int dense_path(const cd_system *s, const double *values, int use_svd, double threshold,
                      cd_dofresult *r, cd_error *err)
{
    int n2 = s->n2, nae = s->nae, N = s->pat.N;
    double *C = calloc((size_t)N * (size_t)nae + 1, sizeof(double));
    double *W = calloc((size_t)N * (size_t)nae + 1, sizeof(double));
    int rc = CD_OK;
    if (!C || !W) rc = nomem(err);
    if (!rc) {
        for (int j = 0; j < nae; j++)
            for (int p = s->pat.colptr[n2 + j]; p < s->pat.colptr[n2 + j + 1]; p++)
                C[s->pat.rowind[p] + (size_t)j * (size_t)N] = values[p];
        /* rank of C_all */
        memcpy(W, C, sizeof(double) * (size_t)N * (size_t)nae);
        double tol = threshold;
        int rk = use_svd ? cd_rank_svd(N, nae, W, r->diag_all, threshold)
                         : cd_rank_qr(N, nae, W, r->diag_all, &tol);
        /* rank of C_lambda: the AE rows of the AE columns */
        int rk2 = -1;
        if (rk >= 0) {
            for (int j = 0; j < nae; j++)
                memcpy(W + (size_t)j * (size_t)nae, C + n2 + (size_t)j * (size_t)N,
                       sizeof(double) * (size_t)nae);
            rk2 = use_svd ? cd_rank_svd(nae, nae, W, r->diag_ae, threshold)
                          : cd_rank_qr(nae, nae, W, r->diag_ae, NULL);
        }
        if (rk < 0 || rk2 < 0) {
            rc = cd_error_set(err, rk == -1 || rk2 == -1 ? CD_ERR_NOMEM : CD_ERR_SINGULAR,
                              "rank computation of the constraint Jacobian failed (%s)",
                              rk == -1 || rk2 == -1 ? "out of memory" : "LAPACK error");
        } else {
            r->rank_all = rk;
            r->rank_ae = rk2;
            r->tol_all = tol;
            /* which equations: in order, relative to the largest column */
            double tolg = fmax(tol, 1e-10 * max_column_norm(s, values));
            if (dependent_columns(N, nae, C, tolg, r->redundant) < 0) rc = nomem(err);
        }
    }
    free(W);
    free(C);
    return rc;
}

/* the multiplier columns as a CSparse matrix (exact zeros left out): all N rows (ae_rows = 0)
 * or only the AE rows, renumbered from 0 (C_lambda, ae_rows = 1) */
static cs_di *multiplier_columns(const cd_system *s, const double *values, int ae_rows)
{
    int n2 = s->n2, nae = s->nae, nz = 0;
    const cd_pattern *P = &s->pat;
    for (int p = P->colptr[n2]; p < P->colptr[n2 + nae]; p++) nz += values[p] != 0.0;
    cs_di *A = cs_di_spalloc(ae_rows ? nae : P->N, nae, nz > 0 ? nz : 1, 1, 0);
    if (!A) return NULL;
    nz = 0;
    for (int j = 0; j < nae; j++) {
        A->p[j] = nz;
        for (int p = P->colptr[n2 + j]; p < P->colptr[n2 + j + 1]; p++) {
            int i = P->rowind[p];
            if (values[p] == 0.0 || (ae_rows && (i < n2 || i >= n2 + nae))) continue;
            A->i[nz] = ae_rows ? i - n2 : i;
            A->x[nz++] = values[p];
        }
    }
    A->p[nae] = nz;
    return A;
}

/* the sparse path (see cd_dof.h) */
static int sparse_path(const cd_system *s, const double *values, int use_svd, double threshold,
                       cd_dofresult *r, cd_error *err)
{
    int nae = s->nae, N = s->pat.N;
    double eps_n = (double)(N > nae ? N : nae) * DBL_EPSILON;
    double tol = max_column_norm(s, values) * fmax(eps_n, 1e-10);
    if (use_svd) tol = fmax(tol, threshold);
    cs_di *A = multiplier_columns(s, values, 0), *L = A ? multiplier_columns(s, values, 1) : NULL;
    cd_sprank ra, rl;
    memset(&ra, 0, sizeof(ra));
    memset(&rl, 0, sizeof(rl));
    int rc = L ? cd_sprank_compute(A, tol, &ra) : -1;
    if (!rc) {
        double lmax = 0.0;   /* C_lambda: its own largest column, as the dense rank does */
        for (int j = 0; j < nae; j++) {
            double nj = 0.0;
            for (int p = L->p[j]; p < L->p[j + 1]; p++) nj = hypot(nj, L->x[p]);
            lmax = fmax(lmax, nj);
        }
        double tl = lmax * fmax(eps_n, 1e-10);
        rc = cd_sprank_compute(L, use_svd ? fmax(tl, threshold) : tl, &rl);
    }
    if (!rc) {
        r->rank_all = ra.rank;
        r->rank_ae = rl.rank;
        r->tol_all = tol;
        r->fill = ra.fill;
        memcpy(r->redundant, ra.dependent, sizeof(int) * (size_t)nae);
        memcpy(r->diag_all, ra.rnorm, sizeof(double) * (size_t)nae);
        memcpy(r->diag_ae, rl.rnorm, sizeof(double) * (size_t)nae);
    }
    cd_sprank_free(&ra);
    cd_sprank_free(&rl);
    cs_di_spfree(L);
    cs_di_spfree(A);
    return rc ? nomem(err) : CD_OK;
}

int cd_dof_analyze(const cd_system *s, const cd_state *st, int numerical, double eps_rel,
                   double eps_min, int use_svd, double threshold, int method,
                   cd_dofresult *r, cd_error *err)
{
    memset(r, 0, sizeof(*r));
    if (!s->assembled)
        return cd_error_set(err, CD_ERR_NOTASSEMBLED, "the system is not assembled: call mbs.Assemble()");
    if (!st)
        return cd_error_set(err, CD_ERR_INPUT, "degree-of-freedom analysis: no state given");
    if (!(threshold >= 0.0) || !isfinite(threshold))
        return cd_error_set(err, CD_ERR_INPUT, "threshold must be a finite number >= 0");
    if (method < CD_DOF_AUTO || method > CD_DOF_SPARSE)
        return cd_error_set(err, CD_ERR_INPUT, "degree-of-freedom analysis: unknown method %d "
                            "(0 automatic, 1 dense, 2 sparse)", method);
    int nae = s->nae, N = s->pat.N;
    if (method == CD_DOF_AUTO) method = cd_dof_auto_method(nae, use_svd);
    if (method == CD_DOF_DENSE && (double)N * (double)nae > CD_DOF_DENSE_MAX_ENTRIES)
        return cd_error_set(err, CD_ERR_INPUT, "degree-of-freedom analysis: the dense path "
                            "would store %d x %d = %.3g entries (at most %.3g); use the sparse "
                            "path", N, nae, (double)N * (double)nae, CD_DOF_DENSE_MAX_ENTRIES);
    r->n2 = s->n2;
    r->n1 = s->n1;
    r->nae = nae;
    r->method = method;
    int k = N < nae ? N : nae;
    r->redundant = calloc((size_t)nae + 1, sizeof(int));
    r->diag_all = calloc((size_t)k + 1, sizeof(double));
    r->diag_ae = calloc((size_t)nae + 1, sizeof(double));
    double *values = calloc((size_t)s->pat.nnz + 1, sizeof(double));
    int rc = CD_OK;
    if (!r->redundant || !r->diag_all || !r->diag_ae || !values) rc = nomem(err);
    if (!rc && nae > 0) rc = eval_values(s, st, numerical, eps_rel, eps_min, values, err);
    if (!rc && nae > 0)
        rc = method == CD_DOF_DENSE ? dense_path(s, values, use_svd, threshold, r, err)
                                    : sparse_path(s, values, use_svd, threshold, r, err);
    free(values);
    if (rc) cd_dofresult_free(r);
    return rc;
}
