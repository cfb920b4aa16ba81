/* cd_kinematics: the constraint equations and their Jacobians at a state, dense, for the
 * kinematic analysis of mechanisms (coordyn.deformation.SolveKinematics: positions from
 * g(q, t) = 0 by Newton, velocities from C_q v = -g_t, accelerations, and the multipliers of
 * the inverse dynamics from M a + C_q^T lambda = f). One assembly path: the residual and the
 * Newton matrix of cd_eval with the coefficient set that selects each block. */
#ifndef CD_KINEMATICS_H
#define CD_KINEMATICS_H

#include "../core/cd_eval.h"

/* at state st (t, q, v, a, lam), position-level constraints evaluated at velocity level if
 * index2:
 *   r  (n2 + nae): the residual [M a + sum r2 - f ; g] (g: g(q, t), index 2: g_t = C_q v + dg/dt)
 *   Gq, Gv (nae x n2, row-major): dg/dq, dg/dv
 *   Cq (nae x n2, row-major): the matrix whose transpose multiplies lambda in the ODE2 rows
 * any output may be NULL. Allocates its own workspace; returns a status. */
int cd_constraint_eval(const cd_system *s, const cd_state *st, int index2, double *r,
                       double *Gq, double *Gv, double *Cq, cd_error *err);

#endif
