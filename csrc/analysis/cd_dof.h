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
 * Two paths compute the ranks and name the redundant equations:
 *
 * Dense (CD_DOF_DENSE): the N x nae matrix stored dense. Rank: column-pivoted QR (LAPACK
 * dgeqp3) with numpy.linalg.matrix_rank's tolerance |R_00| max(N, nae) eps, or singular values
 * (LAPACK dgesdd) above an absolute threshold (Exudyn's useSVD=True). Which equations are
 * redundant: the columns, in their order, that depend on the earlier ones (Householder QR
 * without pivoting, a column dependent when the part of it orthogonal to the accepted columns
 * is below tol_g = max(|R_00| max(N, nae) eps, 1e-10 |R_00|)), so the first of a set of
 * equivalent joints is kept and the later ones are named. O(N nae^2) time, N nae memory.
 *
 * Sparse (CD_DOF_SPARSE): cd_sprank on C_all in CSC form (Givens row merging of C_all^T in
 * the equations' order, coordinates in AMD order), one greedy pass that gives the rank and the
 * names together (so nae - rank_all equations are always named, by the same rule: the first
 * of equivalent joints kept; an equation is dependent when no entry of its reduced part
 * exceeds the tolerance), with the naming tolerance of the dense path,
 * tol_g = max(c_max max(N, nae) eps, 1e-10 c_max) (c_max: the largest column 2-norm = the
 * dense |R_00|), raised to the threshold when use_svd is set (an absolute floor: no singular
 * values are computed). Near-linear time and memory for chains and trees of bodies. Ranks
 * can differ from the dense ones only in ill-conditioned cases (a singular value near tol_g).
 *
 * CD_DOF_AUTO: dense when nae <= CD_DOF_DENSE_MAX_NAE (QR) or <= CD_DOF_SVD_MAX_NAE (SVD),
 * sparse above. A forced dense path refuses N nae > CD_DOF_DENSE_MAX_ENTRIES. */
#ifndef CD_DOF_H
#define CD_DOF_H

#include "../core/cd_eval.h"

typedef enum { CD_DOF_AUTO = 0, CD_DOF_DENSE = 1, CD_DOF_SPARSE = 2 } cd_dofmethod;

/* automatic choice: the dense path up to these numbers of algebraic equations (nae, trivial
 * rows included). The sparse path is faster at every size (rigid chain, one thread, reference
 * LAPACK: nae = 35: 0.18 ms dense, 0.11 ms sparse; nae = 105: 12.5 ms, 0.27 ms); small models
 * keep the dense QR for its tolerance, numpy's, which is Exudyn's. The dense SVD has no sparse
 * equivalent and is kept while it takes well under a second (nae = 350: 0.27 s; 700: 2.1 s). */
#define CD_DOF_DENSE_MAX_NAE 100
#define CD_DOF_SVD_MAX_NAE 500
/* a forced dense path: at most this many entries N x nae (2 copies: 3.2 GB) */
#define CD_DOF_DENSE_MAX_ENTRIES 200000000.0

typedef struct cd_dofresult {
    int n2, n1, nae;
    int method;          /* the path used: CD_DOF_DENSE or CD_DOF_SPARSE */
    long fill;           /* sparse path: entries of the triangular factor R */
    int rank_all;        /* rank of C_all */
    int rank_ae;         /* rank of C_lambda */
    int *redundant;      /* nae flags: 1 if the equation depends on the earlier ones */
    double *diag_all;    /* min(N, nae) values of C_all: dense singular values (SVD) or |R_kk|
                          * (QR), descending; sparse: by column, cd_sprank's rnorm
                          * (the norm of the reduced column; dropped residues if dependent) */
    double *diag_ae;     /* nae values of C_lambda, likewise */
    double tol_all;      /* tolerance the rank of C_all used */
} cd_dofresult;

void cd_dofresult_free(cd_dofresult *r);

/* analyse at state st. numerical: object Jacobians by numerical differentiation (eps_rel,
 * eps_min as in cd_linsettings; <= 0: defaults). use_svd: 0 QR (threshold unused: numpy's
 * relative tolerance), 1 SVD with the absolute threshold (sparse path: a floor of its
 * tolerance). method: a cd_dofmethod. Allocates r (free with cd_dofresult_free). Returns a
 * status: CD_ERR_INPUT for a NULL state, a bad threshold or method, or a forced dense path
 * too large; CD_ERR_NOMEM; an evaluation's status. */
int cd_dof_analyze(const cd_system *s, const cd_state *st, int numerical, double eps_rel,
                   double eps_min, int use_svd, double threshold, int method,
                   cd_dofresult *r, cd_error *err);

/* the path CD_DOF_AUTO takes for nae equations */
int cd_dof_auto_method(int nae, int use_svd);

/* rank-revealing helpers on a dense column-major m x n matrix A (overwritten); diag gets
 * min(m, n) values (|R_kk| or singular values, descending). Return the rank (>= 0) or a
 * negative value on failure (out of memory, LAPACK error). */
int cd_rank_qr(int m, int n, double *A, double *diag, double *tol_out);
int cd_rank_svd(int m, int n, double *A, double *diag, double threshold);

#endif
