/* cd_sprank: the rank of a sparse matrix and which of its columns depend on the earlier ones,
 * by a sparse QR of its transpose built one column at a time with Givens rotations
 * (George and Heath's row merging), dependent columns left out.
 *
 * A is m x n; its columns a_0, a_1, ... are taken in their order. R holds an upper
 * triangular (echelon) basis of the span of the accepted columns, as rows: row i of R, where
 * present, has its leading entry at position i. Positions are A's row indices permuted by a
 * fill-reducing order (AMD of A A^T, CSparse's cs_di_amd): the order of the positions decides
 * only R's fill, never which columns are accepted. Column a_j, scattered to w:
 *   - at each position i of w in increasing order: where R has a row i, a Givens rotation of
 *     (R_i, w) zeroes w_i (R_i takes the rest, [R_i; w] keeps its Gram matrix); where it has
 *     none and |w_i| <= tol, w_i is dropped (a rounding residue); where |w_i| > tol, w is
 *     independent: it becomes row i of R (|R_ii| = |w_i|) and a_j is accepted;
 *   - when every position is done, a_j is dependent (flagged).
 * In exact arithmetic with tol = 0 a column is flagged exactly when it lies in the span of the
 * columns before it (a vector of that span that vanishes at every leading position of R is
 * zero), so the first of equal columns is kept and the later ones are flagged: a greedy basis
 * in the natural order. Rotations keep it stable; tol is an absolute bound on the entries of
 * the reduced column.
 *
 * Cost: R's rows have the structure of the Cholesky factor of A A^T in the AMD order (no
 * Householder vectors or Q are stored), so a chain or tree of bodies costs O(nnz) memory and
 * near-linear time. */
#ifndef CD_SPRANK_H
#define CD_SPRANK_H

#include <suitesparse/cs.h>

typedef struct cd_sprank {
    int rank;         /* accepted columns */
    int *dependent;   /* n flags: 1 if the column depends on the accepted ones before it */
    double *rnorm;    /* n: accepted, the 2-norm of the reduced column that became R's row;
                       * dependent, the 2-norm of the residues dropped */
    long fill;        /* entries of R */
} cd_sprank;

/* analyse A (CSC, m x n, only read) with tolerance tol >= 0. Allocates r's arrays (free with
 * cd_sprank_free). Returns 0, or -1 when an allocation failed (r then holds nothing). */
int cd_sprank_compute(const cs_di *A, double tol, cd_sprank *r);

/* free r's arrays and clear it; accepts NULL */
void cd_sprank_free(cd_sprank *r);

#endif
