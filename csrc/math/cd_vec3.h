/* cd_vec3: 3-vector and row-major 3x3 matrix helpers shared by the item files */
#ifndef CD_VEC3_H
#define CD_VEC3_H

/* c = a x b */
static inline void cd_cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

static inline double cd_dot(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* y = A x, A row-major 3x3 */
static inline void cd_matvec(const double A[9], const double x[3], double y[3])
{
    for (int i = 0; i < 3; i++) y[i] = A[3 * i] * x[0] + A[3 * i + 1] * x[1] + A[3 * i + 2] * x[2];
}

/* y = A^T x */
static inline void cd_mattvec(const double A[9], const double x[3], double y[3])
{
    for (int i = 0; i < 3; i++) y[i] = A[i] * x[0] + A[3 + i] * x[1] + A[6 + i] * x[2];
}

/* C = A B, all row-major 3x3 */
static inline void cd_matmul(const double A[9], const double B[9], double C[9])
{
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 3; k++)
            C[3 * i + k] = A[3 * i] * B[k] + A[3 * i + 1] * B[3 + k] + A[3 * i + 2] * B[6 + k];
}

/* c = column k of the row-major 3x3 matrix F */
static inline void cd_col(const double F[9], int k, double c[3])
{
    c[0] = F[k]; c[1] = F[3 + k]; c[2] = F[6 + k];
}

#endif
