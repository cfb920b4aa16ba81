/* cd_dot2: the accurate sparse product (see cd_dot2.h) */
#include "cd_dot2.h"
#include <string.h>

static const double SPLIT = 134217729.0;   /* 2^27 + 1 */

/* a b = *p + *e exactly (Dekker) */
static inline void two_prod(double a, double b, double *p, double *e)
{
    double x = a * b, c, ah, al, bh, bl;
    c = SPLIT * a;
    ah = c - (c - a);
    al = a - ah;
    c = SPLIT * b;
    bh = c - (c - b);
    bl = b - bh;
    *p = x;
    *e = al * bl - (((x - ah * bh) - al * bh) - ah * bl);
}

void cd_spmm_dot2(int nrows, const int *indptr, const int *indices, const double *data, int k,
                  const double *X, double *Y, double *work)
{
    double *s = work, *c = work + k;
    for (int i = 0; i < nrows; i++) {
        memset(work, 0, sizeof(double) * 2 * (size_t)k);
        for (int q = indptr[i]; q < indptr[i + 1]; q++) {
            const double a = data[q], *x = X + (size_t)indices[q] * (size_t)k;
            for (int j = 0; j < k; j++) {
                double p, e, t, z;
                two_prod(a, x[j], &p, &e);
                t = s[j] + p;          /* Knuth's two-sum of s and p */
                z = t - s[j];
                c[j] += ((s[j] - (t - z)) + (p - z)) + e;
                s[j] = t;
            }
        }
        for (int j = 0; j < k; j++) Y[(size_t)i * (size_t)k + j] = s[j] + c[j];
    }
}

void cd_quadform_terms(int nrows, const int *indptr, const int *indices, const double *data,
                       int k, const double *X, double *sq, double *ab)
{
    memset(sq, 0, sizeof(double) * (size_t)k);
    memset(ab, 0, sizeof(double) * (size_t)k);
    for (int i = 0; i < nrows; i++) {
        const double *xi = X + (size_t)i * (size_t)k;
        for (int q = indptr[i]; q < indptr[i + 1]; q++) {
            const double a = data[q], *xj = X + (size_t)indices[q] * (size_t)k;
            for (int j = 0; j < k; j++) {
                double t = a * xi[j] * xj[j];
                sq[j] += t * t;
                ab[j] += t < 0 ? -t : t;
            }
        }
    }
}
