/* cd_rotations: rotation parametrizations of the rigid-body nodes. Each gives the rotation
 * matrix A (row-major 3x3, global = A local), the matrix Gbar (3 x ntheta, row-major) with the
 * local angular velocity w = Gbar theta_t, the term Gbd_v = (dGbar/dt) theta_t of the local
 * angular acceleration w_t = Gbar theta_tt + Gbd_v, and their derivatives: dA (ntheta
 * row-major 3x3 blocks, dA/dtheta_k), dGb (ntheta blocks of Gbar's layout, dGbar/dtheta_k),
 * dq and dv (3 x ntheta, row-major: d Gbd_v/dtheta and d Gbd_v/dtheta_t). */
#ifndef CD_ROTATIONS_H
#define CD_ROTATIONS_H

/* rotation about z in the plane: A = Rz(phi) */
void cd_rot_z(double phi, double A[9]);

/* Euler parameters e = (e0, e1, e2, e3), ntheta = 4 */
void cd_rot_ep(const double e[4], double A[9], double Gb[12], double Gbd_v[3]);
void cd_rot_ep_d(const double e[4], double dA[36], double dGb[48], double dq[12],
                 double dv[12]);

/* Tait-Bryan angles xyz, A = Rx(a) Ry(b) Rz(c), ntheta = 3; tt = theta_t */
void cd_rot_rxyz(const double t[3], const double tt[3], double A[9], double Gb[9],
                 double Gbd_v[3]);
void cd_rot_rxyz_d(const double t[3], const double tt[3], double dA[27], double dGb[27],
                   double dq[9], double dv[9]);
/* the angles (a, b, c) of A = Rx(a) Ry(b) Rz(c), b in [-pi/2, pi/2] */
void cd_rot_rxyz_angles(const double A[9], double r[3]);
/* the variation dr of cd_rot_rxyz_angles(A) along a variation dA of A's entries (row-major),
 * exact also where A is not a rotation (its formulas differentiated); singular at
 * cos(r1) = 0 */
void cd_rot_rxyz_angles_d(const double A[9], const double dA[9], double dr[3]);
/* Exudyn's formulas for Euler parameters e (not necessarily of unit norm, as index-2 solves
 * leave them): A = I + 2 e0 [v~] + 2 [v~]^2 (v = e[1..3]; cd_rot_ep's A equals it on
 * |e| = 1 only) and the global G (3 x 4, row-major) = 2 [-v, e0 I + [v~]], omega = G e_t;
 * what Exudyn reports for an EP node (and MarkerNodeRotationCoordinate measures) */
void cd_rot_ep_exudyn(const double e[4], double A[9]);
void cd_rot_ep_exudyn_G(const double e[4], double G[12]);
/* the homogeneous transformation [A, p; 0, 0, 0, 1] row by row into H (16); returns 16 */
int cd_rot_homogeneous(const double A[9], const double p[3], double H[16]);

/* rotation vector on the Lie group (velocity = local angular velocity): A = exp(psi~),
 * Gbar = I, Gbd_v = 0; derivatives along the local tangent, dA_k = A e_k~ */
void cd_rot_vec(const double psi[3], double A[9], double Gb[9], double Gbd_v[3]);
void cd_rot_vec_d(const double psi[3], double dA[27], double dGb[27], double dq[9],
                  double dv[9]);

/* dA_k = A Gbar_k~ for k < nt (exact for an orthogonal parametrization), row-major blocks */
void cd_rot_dA_orthogonal(const double A[9], const double *Gb, int nt, double *dA);

#endif
