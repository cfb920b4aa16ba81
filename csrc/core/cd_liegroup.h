/* cd_liegroup: updates of a system's ODE2 coordinates where Lie-group nodes
 * (NodeRigidBodyRotVecLG, s->lgstart) compose their rotation blocks instead of adding */
#ifndef CD_LIEGROUP_H
#define CD_LIEGROUP_H

#include "cd_system.h"

/* q += scale dq for all ODE2 coordinates; the rotation blocks of Lie-group nodes are composed:
 * psi <- log(exp(psi) exp(scale dq)) (psi total = reference + displacement) */
void cd_lie_add(const cd_system *s, double *q, const double *dq, double scale);
/* on the Lie-group rotation blocks only: q = log(exp(qref + base) exp(inc)) - qref */
void cd_lie_compose_blocks(const cd_system *s, double *q, const double *base, const double *inc);

#endif
