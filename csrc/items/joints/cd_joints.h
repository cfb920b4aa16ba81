/* cd_joints: what the constraints and joints (csrc/items/joints/) share. They are connectors
 * (cd_connectors.h) with their own multipliers: r2 = C_q^T lambda, rae = g (index 3) or g_t
 * (index 2); a deactivated one (activeConnector False) has the equations lambda = 0. */
#ifndef CD_JOINTS_H
#define CD_JOINTS_H

#include "../connectors/cd_connectors.h"

/* point coincidence on the first na global axes (Revolute2D: x, y; Spherical: x, y, z):
 * g_i = (p1 - p0)_i; on[i] = 0 makes row i the equation lambda_i = 0 */
int cd_joint_point_residual(const cd_objctx *c, int na, const int on[3], double *r2,
                            double *rae);
int cd_joint_point_jacobian(const cd_objctx *c, int na, const int on[3], double *K, double *D,
                            double *Cq, double *Gq, double *Gv);

/* the generic joint (JointGeneric, JointRevoluteZ, JointPrismaticX; parameters beginning with
 * cd_p_frames): joint frames F0 = A0 R0, F1 = A1 R1 and the constrained axes ax[6]
 * (1 constrained, 0 free: lambda = 0) of [x, y, z, rx, ry, rz] in frame 0; see joint_common.c */
int cd_joint_generic_residual(const cd_objctx *c, const double ax[6], double *r2, double *rae);
/* the same with Exudyn's offsets off (6: translations in frame 0, then Tait-Bryan angles xyz of
 * a rotation of frame 0: F0 = A0 R0 Rxyz(off[3..5])): g_i = f0_i . d - off_i, or, as Exudyn,
 * f0_i . (d - off[0..2]) (global offsets) when all three translations are constrained; at
 * velocity level
 * (index 2) the rows are their time derivatives with the rates off_t (NULL: 0) */
int cd_joint_generic_residual_offset(const cd_objctx *c, const double ax[6], const double *off,
                                     const double *off_t, double *r2, double *rae);
int cd_joint_generic_jacobian(const cd_objctx *c, const double ax[6], double *K, double *D,
                              double *Cq, double *Gq, double *Gv);
int cd_joint_generic_nae(const void *p);   /* 6 */
/* Position (marker 0), Velocity, Force (lambda 0..2) and Torque (lambda 3..5) */
int cd_joint_generic_output(const cd_objctx *c, cd_outvar var, double *out);
/* the output variables of the generic joints */
extern const cd_outvar cd_joint_generic_outvars[];

#endif
