/* cd_dot2: sparse matrix times a block of vectors with every entry as accurate as if computed
 * in twice the working precision and rounded once (Ogita, Rump and Oishi, "Accurate sum and dot
 * product", SIAM J. Sci. Comput. 26 (2005): Dot2, with Dekker's error-free product and Knuth's
 * error-free sum). The linearized analysis needs it: the row sums of K x of a smooth mode of a
 * fine beam cancel to 1e-16 of their terms, and x^T K x in plain double precision then loses
 * every digit of the lowest eigenvalues. */
#ifndef CD_DOT2_H
#define CD_DOT2_H

/* Y (nrows x k, row-major) = A X, A in compressed-row form (indptr nrows + 1, indices and data
 * nnz), X (ncols x k, row-major); work: 2 k doubles. Overflow-free for |entries| < 2^996. */
void cd_spmm_dot2(int nrows, const int *indptr, const int *indices, const double *data, int k,
                  const double *X, double *Y, double *work);

/* the terms t_pq = a_pq x_p x_q of x^T A x for each column x of X (ncols x k, row-major; A in
 * compressed-row form, square): sq[j] = sum t^2 and ab[j] = sum |t| over the entries, for the
 * eigenvalues' round-off error estimates */
void cd_quadform_terms(int nrows, const int *indptr, const int *indices, const double *data,
                       int k, const double *X, double *sq, double *ab);

#endif
