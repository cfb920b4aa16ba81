/* cd_lie: SO(3) exponential/logarithm, composition and tangent operators of rotation vectors
 * (the system-level updates are in core/cd_liegroup.h) */
#ifndef CD_LIE_H
#define CD_LIE_H

/* A (row-major) = exp(psi~) (Rodrigues) */
void cd_rot_exp(const double psi[3], double A[9]);
/* psi with exp(psi~) = A, |psi| <= pi */
void cd_rot_log(const double A[9], double psi[3]);
/* out = log(exp(psi) exp(d)): a body-frame increment d composed onto psi */
void cd_rot_compose(const double psi[3], const double d[3], double out[3]);
/* right tangent operator: exp(psi + d) = exp(psi) exp(T(psi) d + O(d^2)),
 * T = I - (1 - cos th)/th^2 psi~ + (th - sin th)/th^3 psi~^2 (row-major) */
void cd_rot_tangent(const double psi[3], double T[9]);
/* inverse right Jacobian of SO(3): log(exp(psi) exp(d)) = psi + Jr^-1(psi) d + O(d^2),
 * Jr^-1 = I + psi~ / 2 + (1/th^2 - (1 + cos th) / (2 th sin th)) psi~^2 (row-major) */
void cd_rot_tangent_inv(const double psi[3], double T[9]);

#endif
