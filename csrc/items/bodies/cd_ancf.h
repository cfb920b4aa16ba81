/* cd_ancf: what the ANCF cable elements (ancf_cable2d.c, ancf_cable.c) share: the Gauss and
 * Lobatto rules of Exudyn's cables and the cubic Hermite shape functions on [0, L] */
#ifndef CD_ANCF_H
#define CD_ANCF_H

/* Gauss-Legendre points and weights on [-1, 1] */
static const double g2x[2] = {-0.57735026918962576451, 0.57735026918962576451};
static const double g2w[2] = {1.0, 1.0};
static const double g3x[3] = {-0.77459666924148337704, 0.0, 0.77459666924148337704};
static const double g3w[3] = {0.55555555555555555556, 0.88888888888888888889,
                              0.55555555555555555556};
static const double g4x[4] = {-0.86113631159405257522, -0.33998104358485626480,
                              0.33998104358485626480, 0.86113631159405257522};
static const double g4w[4] = {0.34785484513745385737, 0.65214515486254614263,
                              0.65214515486254614263, 0.34785484513745385737};
static const double g5x[5] = {-0.90617984593866399280, -0.53846931010339377040, 0.0,
                              0.53846931010339377040, 0.90617984593866399280};
static const double g5w[5] = {0.23692688505618908751, 0.47862867049936646804,
                              0.56888888888888888889, 0.47862867049936646804,
                              0.23692688505618908751};
/* Lobatto, 3 points */
static const double l3x[3] = {-1.0, 0.0, 1.0};
static const double l3w[3] = {1.0 / 3.0, 4.0 / 3.0, 1.0 / 3.0};

typedef struct { int n; const double *x, *w; } rule;

/* the rules of the axial (which 0) and bending (which 1) terms */
static inline rule integration_rule(int reduced, int which)
{
    rule r;
    if (which == 0) {
        if (reduced == 0) { r.n = 5; r.x = g5x; r.w = g5w; }
        else if (reduced == 1) { r.n = 4; r.x = g4x; r.w = g4w; }
        else { r.n = 3; r.x = l3x; r.w = l3w; }
    } else {
        if (reduced == 0) { r.n = 3; r.x = g3x; r.w = g3w; }
        else { r.n = 2; r.x = g2x; r.w = g2w; }
    }
    return r;
}

/* shape functions and their first and second derivatives at x */
static inline void shape(double x, double L, double S[4], double Sx[4], double Sxx[4])
{
    double xi = x / L, L2 = L * L;
    if (S) {
        S[0] = 1.0 - 3.0 * xi * xi + 2.0 * xi * xi * xi;
        S[1] = x * (1.0 - 2.0 * xi + xi * xi);
        S[2] = 3.0 * xi * xi - 2.0 * xi * xi * xi;
        S[3] = x * (xi * xi - xi);
    }
    if (Sx) {
        Sx[0] = (-6.0 * xi + 6.0 * xi * xi) / L;
        Sx[1] = 1.0 - 4.0 * xi + 3.0 * xi * xi;
        Sx[2] = (6.0 * xi - 6.0 * xi * xi) / L;
        Sx[3] = -2.0 * xi + 3.0 * xi * xi;
    }
    if (Sxx) {
        Sxx[0] = (-6.0 + 12.0 * xi) / L2;
        Sxx[1] = (-4.0 + 6.0 * xi) / L;
        Sxx[2] = (6.0 - 12.0 * xi) / L2;
        Sxx[3] = (-2.0 + 6.0 * xi) / L;
    }
}

#endif
