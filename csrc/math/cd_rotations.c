/* cd_rotations: the rotation parametrizations of the rigid-body nodes (see cd_rotations.h) */
#include "cd_rotations.h"
#include "cd_lie.h"
#include <math.h>
#include <string.h>

void cd_rot_z(double phi, double A[9])
{
    double c = cos(phi), s = sin(phi);
    double R[9] = {c, -s, 0, s, c, 0, 0, 0, 1};
    memcpy(A, R, sizeof R);
}

/* A(e) (quadratic in e), Gbar (3 x 4) = 2 [-e1 e0 e3 -e2; -e2 -e3 e0 e1; -e3 e2 -e1 e0],
 * and Gbar(e_t) e_t = 0, so Gbd_v = 0 */
void cd_rot_ep(const double e[4], double A[9], double G[12], double Gbd_v[3])
{
    double e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
    double R[9] = {e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3, 2 * (e1 * e2 - e0 * e3),
                   2 * (e1 * e3 + e0 * e2), 2 * (e1 * e2 + e0 * e3),
                   e0 * e0 - e1 * e1 + e2 * e2 - e3 * e3, 2 * (e2 * e3 - e0 * e1),
                   2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1),
                   e0 * e0 - e1 * e1 - e2 * e2 + e3 * e3};
    double Gb[12] = {-e1, e0, e3, -e2, -e2, -e3, e0, e1, -e3, e2, -e1, e0};
    memcpy(A, R, sizeof R);
    for (int k = 0; k < 12; k++) G[k] = 2 * Gb[k];
    Gbd_v[0] = Gbd_v[1] = Gbd_v[2] = 0;
}

/* A is quadratic in e (dA_k = 2 D_k), Gbar linear (dGbar/de_k = Gbar(u_k)) and
 * Gbar(e_t) e_t = 0 (dq = dv = 0) */
void cd_rot_ep_d(const double e[4], double dA[36], double dGb[48], double dq[12], double dv[12])
{
    double e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
    double D[36] = {e0, -e3, e2, e3, e0, -e1, -e2, e1, e0,
                    e1, e2, e3, e2, -e1, -e0, e3, e0, -e1,
                    -e2, e1, e0, e1, e2, e3, -e0, e3, -e2,
                    -e3, -e0, e1, e0, -e3, e2, e1, e2, e3};
    for (int k = 0; k < 36; k++) dA[k] = 2 * D[k];
    for (int k = 0; k < 4; k++) {
        double u[4] = {0, 0, 0, 0}, A[9], Gd[3];
        u[k] = 1;
        cd_rot_ep(u, A, dGb + 12 * k, Gd);
    }
    memset(dq, 0, 12 * sizeof(double));
    memset(dv, 0, 12 * sizeof(double));
}

/* Gbar = [Rz^T Ry^T e_x, Rz^T e_y, e_z] = [cb cc, sc, 0; -cb sc, cc, 0; sb, 0, 1] (depends on
 * b, c only; det = cb) and Gbd_v = (dGbar/dt) theta_t */
void cd_rot_rxyz(const double t[3], const double tt[3], double A[9], double Gb[9],
                 double Gbd_v[3])
{
    double ca = cos(t[0]), sa = sin(t[0]), cb = cos(t[1]), sb = sin(t[1]), cc = cos(t[2]),
           sc = sin(t[2]);
    double R[9] = {cb * cc, -cb * sc, sb,
                   ca * sc + sa * sb * cc, ca * cc - sa * sb * sc, -sa * cb,
                   sa * sc - ca * sb * cc, sa * cc + ca * sb * sc, ca * cb};
    double G[9] = {cb * cc, sc, 0, -cb * sc, cc, 0, sb, 0, 1};
    double at = tt[0], bt = tt[1], ct = tt[2];
    memcpy(A, R, sizeof R);
    memcpy(Gb, G, sizeof G);
    /* b_t a_t dGbar_0/db + c_t (a_t dGbar_0/dc + b_t dGbar_1/dc) */
    Gbd_v[0] = -bt * at * sb * cc + ct * (-at * cb * sc + bt * cc);
    Gbd_v[1] = bt * at * sb * sc + ct * (-at * cb * cc - bt * sc);
    Gbd_v[2] = bt * at * cb;
}

/* dGbar/db, dGbar/dc (Gbar does not depend on a), and the derivatives of Gbd_v above */
void cd_rot_rxyz_d(const double t[3], const double tt[3], double dA[27], double dGb[27],
                   double dq[9], double dv[9])
{
    double A[9], Gb[9], Gd[3];
    double cb = cos(t[1]), sb = sin(t[1]), cc = cos(t[2]), sc = sin(t[2]);
    double at = tt[0], bt = tt[1], ct = tt[2];
    cd_rot_rxyz(t, tt, A, Gb, Gd);
    cd_rot_dA_orthogonal(A, Gb, 3, dA);
    memset(dGb, 0, 27 * sizeof(double));
    dGb[9 + 0] = -sb * cc; dGb[9 + 3] = sb * sc; dGb[9 + 6] = cb;            /* d/db */
    dGb[18 + 0] = -cb * sc; dGb[18 + 3] = -cb * cc;                          /* d/dc */
    dGb[18 + 1] = cc; dGb[18 + 4] = -sc;
    double Q[9] = {0, at * bt * (-cb * cc) + ct * at * sb * sc,
                   at * bt * sb * sc + ct * at * (-cb * cc) - ct * bt * sc,
                   0, at * bt * cb * sc + ct * at * sb * cc,
                   at * bt * sb * cc + ct * at * cb * sc - ct * bt * cc,
                   0, -at * bt * sb, 0};
    double V[9] = {bt * (-sb * cc) + ct * (-cb * sc), at * (-sb * cc) + ct * cc,
                   at * (-cb * sc) + bt * cc,
                   bt * sb * sc + ct * (-cb * cc), at * sb * sc - ct * sc,
                   at * (-cb * cc) - bt * sc,
                   bt * cb, at * cb, 0};
    memcpy(dq, Q, sizeof Q);
    memcpy(dv, V, sizeof V);
}

/* Exudyn's RotationMatrix2RotXYZ: r1 = atan2(A02, c), c = |(A12, A22)|; r0 = atan2(-A12, A22),
 * r2 = atan2(-A01, A00); at c <= 1e-14 (r1 = +-pi/2, only r0 +- r2 defined) r0 = 0 and
 * r2 = atan2(A10, A11) */
void cd_rot_rxyz_angles(const double A[9], double r[3])
{
    double c = sqrt(A[5] * A[5] + A[8] * A[8]);
    r[1] = atan2(A[2], c);
    if (c > 1e-14) {
        r[0] = atan2(-A[5], A[8]);
        r[2] = atan2(-A[1], A[0]);
    } else {
        r[0] = 0.0;
        r[2] = atan2(A[3], A[4]);
    }
}

/* d atan2(y, x) = (x dy - y dx) / (x^2 + y^2) */
static double datan2(double y, double x, double dy, double dx)
{
    return (x * dy - y * dx) / (x * x + y * y);
}

void cd_rot_rxyz_angles_d(const double A[9], const double dA[9], double dr[3])
{
    double c = sqrt(A[5] * A[5] + A[8] * A[8]);
    double dc = c > 0 ? (A[5] * dA[5] + A[8] * dA[8]) / c : 0.0;
    dr[1] = datan2(A[2], c, dA[2], dc);
    if (c > 1e-14) {
        dr[0] = datan2(-A[5], A[8], -dA[5], dA[8]);
        dr[2] = datan2(-A[1], A[0], -dA[1], dA[0]);
    } else {
        dr[0] = 0.0;
        dr[2] = datan2(A[3], A[4], dA[3], dA[4]);
    }
}

void cd_rot_ep_exudyn(const double e[4], double A[9])
{
    double e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
    A[0] = 1 - 2 * (e2 * e2 + e3 * e3); A[1] = 2 * (e1 * e2 - e0 * e3);
    A[2] = 2 * (e1 * e3 + e0 * e2);     A[3] = 2 * (e1 * e2 + e0 * e3);
    A[4] = 1 - 2 * (e1 * e1 + e3 * e3); A[5] = 2 * (e2 * e3 - e0 * e1);
    A[6] = 2 * (e1 * e3 - e0 * e2);     A[7] = 2 * (e2 * e3 + e0 * e1);
    A[8] = 1 - 2 * (e1 * e1 + e2 * e2);
}

void cd_rot_ep_exudyn_G(const double e[4], double G[12])
{
    double e0 = e[0], e1 = e[1], e2 = e[2], e3 = e[3];
    double g[12] = {-e1, e0, -e3, e2, -e2, e3, e0, -e1, -e3, -e2, e1, e0};
    for (int k = 0; k < 12; k++) G[k] = 2 * g[k];
}

void cd_rot_vec(const double psi[3], double A[9], double Gb[9], double Gbd_v[3])
{
    cd_rot_exp(psi, A);
    for (int k = 0; k < 9; k++) Gb[k] = (k % 4 == 0);
    Gbd_v[0] = Gbd_v[1] = Gbd_v[2] = 0;
}

void cd_rot_vec_d(const double psi[3], double dA[27], double dGb[27], double dq[9], double dv[9])
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    double A[9];
    cd_rot_exp(psi, A);
    cd_rot_dA_orthogonal(A, I3, 3, dA);
    memset(dGb, 0, 27 * sizeof(double));
    memset(dq, 0, 9 * sizeof(double));
    memset(dv, 0, 9 * sizeof(double));
}

/* dA_k = A S_k with S_k = g~ the cross-product matrix of column k of Gbar */
void cd_rot_dA_orthogonal(const double A[9], const double *Gb, int nt, double *dA)
{
    for (int k = 0; k < nt; k++) {
        double g[3] = {Gb[k], Gb[nt + k], Gb[2 * nt + k]};
        double S[9] = {0, -g[2], g[1], g[2], 0, -g[0], -g[1], g[0], 0};
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                dA[9 * k + 3 * i + j] =
                    A[3 * i] * S[j] + A[3 * i + 1] * S[3 + j] + A[3 * i + 2] * S[6 + j];
    }
}

int cd_rot_homogeneous(const double A[9], const double p[3], double H[16])
{
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++) H[4 * i + j] = A[3 * i + j];
        H[4 * i + 3] = p[i];
    }
    H[12] = H[13] = H[14] = 0;
    H[15] = 1;
    return 16;
}
