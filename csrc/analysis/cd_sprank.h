/* cd_sprank: the rank of a sparse matrix and which of its columns depend on the earlier ones,
 * by a sparse Householder QR that skips dependent columns.
 *
 * The columns of the m x n matrix A are taken in the order q[0], q[1], ... (natural order
 * when q is NULL). Column j = q[k] is transformed by the reflectors of the accepted columns
 * before it, x = H_r ... H_1 A(:, j); its part on the rows that are not yet pivot rows,
 * x_free, is what it adds to the span of those columns:
 *     |x_free|_2 <= tol   column j is dependent (flagged, no reflector, no row used);
 *     otherwise           a new reflector H = I - tau v v^T maps x_free onto one pivot row
 *                         p (the largest |x_free(p)|): |x_free|_2 = |R_kk|.
 * The rank is the number of accepted columns. This is a greedy basis in the given order: the
 * flagged columns are exactly those within tol of the span of the columns accepted before
 * them, so with the natural order the first of equal columns is kept and later ones flagged.
 *
 * Cost: each column meets only the reflectors that share a row with its growing support
 * (found through per-row lists in increasing order by a heap), so a banded or tree-like
 * structure (a chain of bodies) costs O(nnz) work and memory; the order decides the fill as
 * in any sparse QR. */
#ifndef CD_SPRANK_H
#define CD_SPRANK_H

#include <suitesparse/cs.h>

typedef struct cd_sprank {
    int rank;         /* accepted columns */
    int *dependent;   /* n flags, by column of A: 1 if within tol of the earlier accepted ones */
    double *rnorm;    /* n, by column of A: |x_free|_2 when the column was reached (|R_kk|) */
    long fill;        /* entries of the stored reflectors (the factor's size) */
} cd_sprank;

/* analyse A (CSC, m x n, only read) with tolerance tol >= 0 in column order q (n entries, a
 * permutation of 0..n-1, or NULL for 0, 1, ...). Allocates r's arrays (free with
 * cd_sprank_free). Returns 0, or -1 when an allocation failed (r then holds nothing). */
int cd_sprank_compute(const cs_di *A, const int *q, double tol, cd_sprank *r);

/* free r's arrays and clear it; accepts NULL */
void cd_sprank_free(cd_sprank *r);

#endif
