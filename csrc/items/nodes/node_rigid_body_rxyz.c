/* NodeRigidBodyRxyz: a 3D rigid-body node with coordinates q = [p; a, b, c], Tait-Bryan
 * angles with A = Rx(a) Ry(b) Rz(c) (cd_rot_rxyz); Gbar is singular at cos(b) = 0, which the
 * body reports as a SolverError */
#include "cd_nodes.h"
#include "../../math/cd_rotations.h"

typedef struct { cd_p_coordnode n; } params;  /* 6 coordinates */

static void rotation(const void *vp, const double *qref, const double *q, const double *v,
                     double A[9], double *Gb, double Gbd_v[3])
{
    double t[3];
    (void)vp;
    cd_rigidnode_theta(qref, q, 3, t);
    cd_rot_rxyz(t, v + 3, A, Gb, Gbd_v);
}

static void rotation_d(const void *vp, const double *qref, const double *q, const double *v,
                       double *dA, double *dGb, double *dq, double *dv)
{
    double t[3];
    (void)vp;
    cd_rigidnode_theta(qref, q, 3, t);
    cd_rot_rxyz_d(t, v + 3, dA, dGb, dq, dv);
}

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md);
static const cd_nodeops ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT | CD_NODEF_ANGLES, .nq = cd_rigidnode6_nq,
    .init = cd_coordnode_init,
    .position = cd_rigidnode6_position, .frame = frame, .marker_dsize = cd_rigid_marker_dsize,
    .rotation = rotation,
    .rotation_d = rotation_d};

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md)
{
    cd_rigidnode_frame(&ops, vp, qref, q, v, md);
}

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    CD_RIGIDNODE_COORD_FIELDS(6, "0 0 0 0 0 0", "0 0 0 0 0 0",
                              "reference [x, y, z, alpha, beta, gamma] (Tait-Bryan xyz)",
                              "initial displacements", "initial velocities")};

const cd_itemtype cd_type_NodeRigidBodyRxyz = {
    .kind = CD_NODE, .name = "NodeRigidBodyRxyz", .typename_ = "RigidBodyRxyz", .alias = NULL,
    .doc = "A 3D rigid-body node: position and Tait-Bryan angles xyz (A = Rx Ry Rz; singular at "
           "beta = +-pi/2).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = cd_rigidnode_outvars};
