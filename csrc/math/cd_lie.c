/* cd_lie: rotations as rotation vectors (SO(3) exponential and logarithm, composition and
 * tangent operators), used by NodeRigidBodyRotVecLG: its rotation coordinates psi are
 * composed instead of added, its velocity coordinates are the local angular velocity (Bruls,
 * Cardona, Arnold 2012). The update of a system's coordinates is core/cd_liegroup.c. */
#include "cd_lie.h"
#include "cd_vec3.h"
#include <math.h>
#include <string.h>

#define CD_PI 3.14159265358979323846

void cd_rot_exp(const double psi[3], double A[9])
{
    double th = sqrt(psi[0] * psi[0] + psi[1] * psi[1] + psi[2] * psi[2]);
    double a, b;  /* A = I + a psi~ + b psi~^2 with a = sin(th)/th, b = (1 - cos th)/th^2 */
    if (th < 1e-4) {
        a = 1 - th * th / 6;
        b = 0.5 - th * th / 24;
    } else {
        a = sin(th) / th;
        b = (1 - cos(th)) / (th * th);
    }
    double x = psi[0], y = psi[1], z = psi[2];
    double S[9] = {0, -z, y, z, 0, -x, -y, x, 0};
    double S2[9] = {-(y * y + z * z), x * y, x * z, x * y, -(x * x + z * z), y * z,
                    x * z, y * z, -(x * x + y * y)};
    for (int k = 0; k < 9; k++) A[k] = (k % 4 == 0) + a * S[k] + b * S2[k];
}

/* rotation vector of A with |psi| <= pi. The angle from atan2 of the skew and symmetric
 * parts is accurate everywhere; the axis comes from the skew part w = 2 sin(th) n below pi/2
 * and from the symmetric part A + A^T = 2 cos(th) I + 2 (1 - cos th) n n^T above, where the
 * skew part vanishes (near pi) */
void cd_rot_log(const double A[9], double psi[3])
{
    double w[3] = {A[7] - A[5], A[2] - A[6], A[3] - A[1]};
    double sw = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);   /* 2 sin(th) */
    double c = 0.5 * (A[0] + A[4] + A[8] - 1);                    /* cos(th) */
    double th = atan2(0.5 * sw, c);
    if (th < 0.5 * CD_PI) {
        double f = th < 1e-4 ? 0.5 * (1 + th * th / 6) : th / sw;  /* th / (2 sin th) */
        for (int i = 0; i < 3; i++) psi[i] = f * w[i];
        return;
    }
    double oc = 1 - c, n[3];
    int k = (A[0] >= A[4] && A[0] >= A[8]) ? 0 : (A[4] >= A[8] ? 1 : 2);
    n[k] = sqrt(fmax(0.0, (A[4 * k] - c) / oc));
    for (int i = 0; i < 3; i++)
        if (i != k) n[i] = (A[3 * i + k] + A[3 * k + i]) / (2 * oc * n[k]);
    double nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    if (w[0] * n[0] + w[1] * n[1] + w[2] * n[2] < 0) nn = -nn;  /* sign from the skew part */
    for (int i = 0; i < 3; i++) psi[i] = th * n[i] / nn;
}

/* psi_out = log(exp(psi) exp(d)) */
void cd_rot_compose(const double psi[3], const double d[3], double out[3])
{
    double A[9], B[9], C[9];
    cd_rot_exp(psi, A);
    cd_rot_exp(d, B);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
    cd_rot_log(C, out);
}

void cd_rot_tangent(const double psi[3], double T[9])
{
    double th2 = psi[0] * psi[0] + psi[1] * psi[1] + psi[2] * psi[2], th = sqrt(th2), a, b;
    if (th < 1e-4) {
        a = 0.5 - th2 / 24;
        b = 1.0 / 6 - th2 / 120;
    } else {
        a = (1 - cos(th)) / th2;
        b = (th - sin(th)) / (th2 * th);
    }
    double x = psi[0], y = psi[1], z = psi[2];
    double S[9] = {0, -z, y, z, 0, -x, -y, x, 0};
    double S2[9] = {-(y * y + z * z), x * y, x * z, x * y, -(x * x + z * z), y * z,
                    x * z, y * z, -(x * x + y * y)};
    for (int k = 0; k < 9; k++) T[k] = (k % 4 == 0) - a * S[k] + b * S2[k];
}

void cd_rot_tangent_inv(const double psi[3], double T[9])
{
    double th2 = cd_dot(psi, psi), th = sqrt(th2), b;
    b = th < 1e-4 ? 1.0 / 12 + th2 / 720 : 1 / th2 - (1 + cos(th)) / (2 * th * sin(th));
    double x = psi[0], y = psi[1], z = psi[2];
    double S[9] = {0, -z, y, z, 0, -x, -y, x, 0};
    double S2[9] = {-(y * y + z * z), x * y, x * z, x * y, -(x * x + z * z), y * z,
                    x * z, y * z, -(x * x + y * y)};
    for (int k = 0; k < 9; k++) T[k] = (k % 4 == 0) + 0.5 * S[k] + b * S2[k];
}
