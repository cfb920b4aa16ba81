/* defkin_planar: the planar deformation kinematics of cd_defkin.h (truss, beam, hinge).
 *
 * Truss, q = [x1, y1, x2, y2], ref = [l0]:
 *     d = r2 - r1, l = |d|, u = d / l,   e1 = l - l0,
 *     De = [-u^T, u^T],   d2 e1/dq2 = (1/l) [P, -P; -P, P],  P = I - u u^T.
 * Beam, q = [x1, y1, phi1, x2, y2, phi2], ref = [l0, a1, a2, refined] with a_i = theta0 - phi_i0 the
 * angle from node i's orientation to the reference chord (theta0 the chord angle of the
 * reference configuration); the end tangent of node i is at the angle phi_i + a_i:
 *     e1 = l - l0 (elongation),
 *     e2 = l0 b1, e3 = l0 b2,   b_i = wrap(phi_i + a_i - theta),  theta = atan2(d_y, d_x),
 * b_i the rotation of the end cross-section i relative to the chord, counterclockwise positive
 * (wrapped to (-pi, pi]); an arc bending to the left (positive curvature) has b1 > 0 > b2.
 *     d theta / d d = w / l,  w = (-u_y, u_x);
 *     d2 theta / d d2 = (1/l^4) [2 dx dy, dy^2 - dx^2; dy^2 - dx^2, -2 dx dy].
 * Hinge, q = [x1, y1, phi1, x2, y2, phi2], ref = [phi2_0 - phi1_0]:
 *     e1 = phi2 - phi1 - ref,  De = [0, 0, -1, 0, 0, 1],  H = 0.
 * With ref[3] = 1 (set by the element from secondOrderElongation) the beam's elongation is
 * the seed's refined one, e1 = l - l0 + (2 e2^2 - e2 e3 + 2 e3^2) / (30 l0): the chord's
 * shortening by the bending, which gives the cubic beam's consistent geometric stiffness.
 * The beam's stiffness (cubic Euler-Bernoulli beam): N = (EA/l0) e1, and the end moments
 * M1 = (EI/l0)(4 b1 + 2 b2), M2 = (EI/l0)(2 b1 + 4 b2); with e2,3 = l0 b1,2 the stress
 * resultants are sigma2,3 = M1,2 / l0 and S = diag(EA/l0, (EI/l0^3)[4 2; 2 4]).
 * Consistent mass of the beam: the cubic Hermite interpolation of cd_defkin_beam2d_interp. */
#include "cd_defkin.h"
#include <math.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

/* ---------------------------------------------------------------- truss */

int cd_defkin_truss2d_reference(const double *q0, const double *par, double *ref)
{
    (void)par;
    double dx = q0[2] - q0[0], dy = q0[3] - q0[1];
    ref[0] = sqrt(dx * dx + dy * dy);
    return ref[0] > 0 ? 0 : 1;
}

void cd_defkin_truss2d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H)
{
    double d[2] = {q[2] - q[0], q[3] - q[1]};
    double l = sqrt(d[0] * d[0] + d[1] * d[1]), u[2] = {d[0] / l, d[1] / l};
    e[0] = l - ref[0];
    if (De)
        for (int a = 0; a < 2; a++) {
            De[a] = -u[a];      /* row 0, column a (ne = 1: column-major = row) */
            De[2 + a] = u[a];
        }
    if (sig && H) {
        double c = sig[0] / l;
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++) {
                int a = i % 2, b = j % 2;
                double P = (a == b ? 1.0 : 0.0) - u[a] * u[b];
                H[i + 4 * j] = ((i < 2) == (j < 2) ? c : -c) * P;
            }
    }
}

/* ---------------------------------------------------------------- beam */

/* x wrapped to (-pi, pi] */
static double wrap(double x)
{
    while (x > PI) x -= 2.0 * PI;
    while (x <= -PI) x += 2.0 * PI;
    return x;
}

int cd_defkin_beam2d_reference(const double *q0, const double *par, double *ref)
{
    (void)par;
    double dx = q0[3] - q0[0], dy = q0[4] - q0[1];
    double th = atan2(dy, dx);
    ref[0] = sqrt(dx * dx + dy * dy);
    ref[1] = th - q0[2];
    ref[2] = th - q0[5];
    ref[3] = 0.0;   /* plain elongation; the element sets 1 for the refined one */
    return ref[0] > 0 ? 0 : 1;
}

static void beam2d_plain(const double *q, const double *ref, double *e, double *De,
                         const double *sig, double *H)
{
    const double l0 = ref[0];
    double d[2] = {q[3] - q[0], q[4] - q[1]};
    double l2 = d[0] * d[0] + d[1] * d[1], l = sqrt(l2);
    double u[2] = {d[0] / l, d[1] / l}, w[2] = {-u[1], u[0]};
    double th = atan2(d[1], d[0]);
    e[0] = l - l0;
    e[1] = l0 * wrap(q[2] + ref[1] - th);
    e[2] = l0 * wrap(q[5] + ref[2] - th);
    if (De) {
        /* column-major 3 x 6: De[r + 3 c] */
        memset(De, 0, sizeof(double) * 18);
        for (int a = 0; a < 2; a++) {
            De[0 + 3 * a] = -u[a];
            De[0 + 3 * (3 + a)] = u[a];
            /* d b_i / d d = -w / l; d d / d r1 = -I, d d / d r2 = I */
            for (int r = 1; r < 3; r++) {
                De[r + 3 * a] = l0 * w[a] / l;
                De[r + 3 * (3 + a)] = -l0 * w[a] / l;
            }
        }
        De[1 + 3 * 2] = l0;
        De[2 + 3 * 5] = l0;
    }
    if (sig && H) {
        /* elongation: (sig1 / l) P on d; rotations: -l0 (sig2 + sig3) d2theta/dd2 */
        double c = sig[0] / l, m = -l0 * (sig[1] + sig[2]) / (l2 * l2);
        double T[2][2] = {{2 * d[0] * d[1], d[1] * d[1] - d[0] * d[0]},
                          {d[1] * d[1] - d[0] * d[0], -2 * d[0] * d[1]}};
        static const int pos[4] = {0, 1, 3, 4};     /* positions of x1, y1, x2, y2 in q */
        memset(H, 0, sizeof(double) * 36);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++) {
                int a = i % 2, b = j % 2;
                double P = (a == b ? 1.0 : 0.0) - u[a] * u[b];
                double sgn = (i < 2) == (j < 2) ? 1.0 : -1.0;
                H[pos[i] + 6 * pos[j]] = sgn * (c * P + m * T[a][b]);
            }
    }
}

/* the seed's refined elongation (ref[3] != 0): e1 = l - l0 + phi(e2, e3), the shortening of
 * the chord by the bending, phi = (2 e2^2 - e2 e3 + 2 e3^2) / (30 l0) (int_0^l w'^2 / 2 of the
 * cubic with end slopes b1, b2); De1 += phi_i De_i, H += sig1 (phi_i H_i + De_i^T phi_ij De_j) */
void cd_defkin_beam2d(const double *q, const double *ref, double *e, double *De,
                      const double *sig, double *H)
{
    if (ref[3] == 0.0) {
        beam2d_plain(q, ref, e, De, sig, H);
        return;
    }
    const double c = 1.0 / (30.0 * ref[0]);
    double D0[18];
    beam2d_plain(q, ref, e, D0, NULL, NULL);
    const double d[2] = {c * (4 * e[1] - e[2]), c * (4 * e[2] - e[1])};
    const double phi = c * (2 * e[1] * e[1] - e[1] * e[2] + 2 * e[2] * e[2]);
    if (sig && H) {
        double s2[3] = {sig[0], sig[1] + sig[0] * d[0], sig[2] + sig[0] * d[1]}, tmp[3];
        const double P[2][2] = {{4 * c, -c}, {-c, 4 * c}};
        beam2d_plain(q, ref, tmp, NULL, s2, H);
        for (int j = 0; j < 6; j++)
            for (int i = 0; i < 6; i++) {
                double h = 0;
                for (int k = 0; k < 2; k++)
                    for (int m = 0; m < 2; m++)
                        h += D0[1 + k + 3 * i] * P[k][m] * D0[1 + m + 3 * j];
                H[i + 6 * j] += sig[0] * h;
            }
    }
    e[0] += phi;
    if (De) {
        memcpy(De, D0, sizeof D0);
        for (int j = 0; j < 6; j++) De[0 + 3 * j] += d[0] * D0[1 + 3 * j] + d[1] * D0[2 + 3 * j];
    }
}

/* cubic Hermite shape functions at xi and the tangent vectors l0 t_i,
 * t_i = (cos(phi_i + a_i), sin(phi_i + a_i)):
 *     r(xi) = h1 r1 + h2 l0 t1 + h3 r2 + h4 l0 t2
 * J = dr/dq: columns x_i, y_i: h I; phi_i: h l0 n_i, n_i = dt_i/dphi_i = (-sin, cos);
 * Jdv = dJ/dt v = -l0 (h2 t1 phi1_t^2 + h4 t2 phi2_t^2). */
void cd_defkin_beam2d_interp(double xi, const double *q, const double *v, const double *ref,
                             double *r, double *J, double *Jdv)
{
    const double l0 = ref[0];
    double x2 = xi * xi, x3 = x2 * xi;
    double h[4] = {1 - 3 * x2 + 2 * x3, xi - 2 * x2 + x3, 3 * x2 - 2 * x3, -x2 + x3};
    double t[2][2], n[2][2];
    for (int i = 0; i < 2; i++) {
        double ang = q[3 * i + 2] + ref[1 + i];
        t[i][0] = cos(ang); t[i][1] = sin(ang);
        n[i][0] = -t[i][1]; n[i][1] = t[i][0];
    }
    for (int a = 0; a < 2; a++) {
        r[a] = h[0] * q[a] + h[2] * q[3 + a] + l0 * (h[1] * t[0][a] + h[3] * t[1][a]);
        if (Jdv)
            Jdv[a] = -l0 * (h[1] * t[0][a] * v[2] * v[2] + h[3] * t[1][a] * v[5] * v[5]);
    }
    if (J) {
        memset(J, 0, sizeof(double) * 12);
        for (int a = 0; a < 2; a++) {
            J[a + 2 * a] = h[0];
            J[a + 2 * (3 + a)] = h[2];
            J[a + 2 * 2] = l0 * h[1] * n[0][a];
            J[a + 2 * 5] = l0 * h[3] * n[1][a];
        }
    }
}

void cd_defkin_beam2d_stiffness(double EA, double EI, const double *ref, double *S)
{
    const double l0 = ref[0], kb = EI / (l0 * l0 * l0);
    memset(S, 0, sizeof(double) * 9);
    S[0] = EA / l0;
    S[1 + 3 * 1] = 4 * kb;
    S[2 + 3 * 2] = 4 * kb;
    S[1 + 3 * 2] = 2 * kb;
    S[2 + 3 * 1] = 2 * kb;
}

/* ---------------------------------------------------------------- hinge */

int cd_defkin_hinge2d_reference(const double *q0, const double *par, double *ref)
{
    (void)par;
    ref[0] = q0[5] - q0[2];
    return 0;
}

void cd_defkin_hinge2d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H)
{
    e[0] = q[5] - q[2] - ref[0];
    if (De) {
        memset(De, 0, sizeof(double) * 6);
        De[2] = -1.0;
        De[5] = 1.0;
    }
    if (sig && H) memset(H, 0, sizeof(double) * 36);
}
