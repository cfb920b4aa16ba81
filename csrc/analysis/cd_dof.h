/* cd_dof: degrees of freedom and redundant constraints from the constraint Jacobian.
 *
 * The matrix analysed is the multiplier block of the Newton matrix, as Exudyn's
 * ComputeSystemDegreeOfFreedom takes it: the nae columns that multiply lambda, all N rows,
 *
 *     C_all = [ C_q^T ; 0 (ODE1 rows) ; C_lambda ]   (N x nae, N = n2 + nae + n1),
 *
 * where C_lambda is the diagonal of the trivial rows lambda_j = 0 (unconstrained axes and
 * deactivated connectors). Node-owned equations (the Euler-parameter norm) are columns like
 * any other constraint. With
 *     rank_all = rank C_all,  rank_ae = rank C_lambda,
 * the counts are redundant = nae - rank_all, pure AE = rank_ae and
 * degree of freedom = n2 - (nae - pure AE) + redundant.
 *
 * Rank: column-pivoted QR (LAPACK dgeqp3) with numpy.linalg.matrix_rank's tolerance
 * |R_00| max(N, nae) eps, or singular values (LAPACK dgesdd) above an absolute threshold
 * (Exudyn's useSVD=True). Which equations are redundant: the columns, in their order, that
 * depend on the earlier ones (Householder QR without pivoting, a column dependent when the
 * part of it orthogonal to the accepted columns is below the tolerance), so the first of a
 * set of equivalent joints is kept and the later ones are named. */
#ifndef CD_DOF_H
#define CD_DOF_H

#include "../core/cd_eval.h"

typedef struct cd_dofresult {
    int n2, n1, nae;
    int rank_all;        /* rank of C_all */
    int rank_ae;         /* rank of C_lambda */
    int *redundant;      /* nae flags: 1 if the equation depends on the earlier ones */
    double *diag_all;    /* min(N, nae) values: singular values (SVD) or |R_kk| (QR), of C_all */
    double *diag_ae;     /* nae values of C_lambda, likewise */
    double tol_all;      /* tolerance the rank of C_all used */
} cd_dofresult;

void cd_dofresult_free(cd_dofresult *r);

/* analyse at state st. numerical: object Jacobians by numerical differentiation (eps_rel,
 * eps_min as in cd_linsettings; <= 0: defaults). use_svd: 0 QR (threshold unused: numpy's
 * relative tolerance), 1 SVD with the absolute threshold. Allocates r (free with
 * cd_dofresult_free). Returns a status. */
int cd_dof_analyze(const cd_system *s, const cd_state *st, int numerical, double eps_rel,
                   double eps_min, int use_svd, double threshold, cd_dofresult *r,
                   cd_error *err);

/* rank-revealing helpers on a dense column-major m x n matrix A (overwritten); diag gets
 * min(m, n) values (|R_kk| or singular values, descending). Return the rank (>= 0) or a
 * negative value on failure (out of memory, LAPACK error). */
int cd_rank_qr(int m, int n, double *A, double *diag, double *tol_out);
int cd_rank_svd(int m, int n, double *A, double *diag, double threshold);

#endif
