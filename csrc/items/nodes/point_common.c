/* point_common: coordinates and positions of the point-like nodes (see cd_nodes.h) */
#include "cd_nodes.h"
#include <string.h>

void cd_pointnode_init(const cd_vec *ref, const cd_vec *q0, const cd_vec *v0, double *qref,
                       double *q0out, double *v0out)
{
    size_t n = (size_t)ref->n;
    memcpy(qref, ref->x, sizeof(double) * n);
    memcpy(q0out, q0->x, sizeof(double) * n);
    memcpy(v0out, v0->x, sizeof(double) * n);
}

void cd_coordnode_init(const void *vp, double *qref, double *q0, double *v0)
{
    const cd_p_coordnode *p = vp;
    cd_pointnode_init(&p->referenceCoordinates, &p->initialCoordinates, &p->initialVelocities,
                      qref, q0, v0);
}

void cd_pointnode_position(int n, const double *qref, const double *q, const double *v,
                           double pos[3], double vel[3], double *J)
{
    for (int i = 0; i < 3; i++) {
        pos[i] = i < n ? qref[i] + q[i] : 0.0;
        vel[i] = i < n ? v[i] : 0.0;
    }
    if (J)
        for (int j = 0; j < n; j++)
            for (int i = 0; i < 3; i++) J[i + 3 * j] = (i == j);
}

const cd_outvar cd_pointnode_outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
    CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
    CD_OV_COORDINATESTOTAL, CD_OV_NONE};

/* NodePoint, NodePoint2D: also Exudyn's rotation outputs of a point (identity, zero) */
const cd_outvar cd_pointnode_rot_outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
    CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
    CD_OV_COORDINATESTOTAL, CD_OV_ROTATION, CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITY,
    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_HOMOGENEOUSTRANSFORMATION, CD_OV_NONE};

static int slopenode_nq(const void *vp)
{
    return ((const cd_p_coordnode *)vp)->referenceCoordinates.n;
}

static void slopenode_position(const void *vp, const double *qref, const double *q,
                               const double *v, double pos[3], double vel[3], double *J)
{
    int nq = slopenode_nq(vp);
    cd_pointnode_position(nq / 2, qref, q, v, pos, vel, J);
    if (J)
        for (int j = nq / 2; j < nq; j++)
            for (int i = 0; i < 3; i++) J[i + 3 * j] = 0.0;
}

const cd_nodeops cd_slopenode_ops = {.flags = CD_NODEF_POS, .nq = slopenode_nq,
                                     .init = cd_coordnode_init, .position = slopenode_position};
