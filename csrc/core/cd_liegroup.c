/* cd_liegroup: Lie-group updates of a system's coordinates (see cd_liegroup.h) */
#include "cd_liegroup.h"
#include "../math/cd_lie.h"

void cd_lie_compose_blocks(const cd_system *s, double *q, const double *base, const double *inc)
{
    for (int k = 0; k < s->nlg; k++) {
        int g = s->lgstart[k];
        double psi[3], out[3];
        for (int i = 0; i < 3; i++) psi[i] = s->qref[g + i] + base[g + i];
        cd_rot_compose(psi, inc + g, out);
        for (int i = 0; i < 3; i++) q[g + i] = out[i] - s->qref[g + i];
    }
}

void cd_lie_add(const cd_system *s, double *q, const double *dq, double scale)
{
    for (int i = 0; i < s->n2; i++) q[i] += scale * dq[i];
    for (int k = 0; k < s->nlg; k++) {  /* undo the sum on rotation blocks, compose instead */
        int g = s->lgstart[k];
        double psi[3], d[3], out[3];
        for (int i = 0; i < 3; i++) {
            d[i] = scale * dq[g + i];
            psi[i] = s->qref[g + i] + q[g + i] - d[i];
        }
        cd_rot_compose(psi, d, out);
        for (int i = 0; i < 3; i++) q[g + i] = out[i] - s->qref[g + i];
    }
}
