/* NodeRigidBodyRotVecLG: a 3D rigid-body node with coordinates q = [p; psi], psi a rotation
 * vector integrated on the Lie group SO(3) (cd_lie.c): A = exp(psi~), rotations are composed,
 * the velocity coordinates are the body-frame angular velocity (Gbar = I, cd_rot_vec) */
#include "cd_nodes.h"
#include "../../math/cd_rotations.h"

typedef struct { cd_p_coordnode n; } params;  /* 6 coordinates */

static void rotation(const void *vp, const double *qref, const double *q, const double *v,
                     double A[9], double *Gb, double Gbd_v[3])
{
    double psi[3];
    (void)vp; (void)v;
    cd_rigidnode_theta(qref, q, 3, psi);
    cd_rot_vec(psi, A, Gb, Gbd_v);
}

static void rotation_d(const void *vp, const double *qref, const double *q, const double *v,
                       double *dA, double *dGb, double *dq, double *dv)
{
    double psi[3];
    (void)vp; (void)v;
    cd_rigidnode_theta(qref, q, 3, psi);
    cd_rot_vec_d(psi, dA, dGb, dq, dv);
}

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md);
static const cd_nodeops ops = {
    .flags = CD_NODEF_POS | CD_NODEF_ROT | CD_NODEF_LIE, .nq = cd_rigidnode6_nq,
    .init = cd_coordnode_init, .position = cd_rigidnode6_position, .frame = frame,
    .marker_dsize = cd_rigid_marker_dsize,
    .rotation = rotation, .rotation_d = rotation_d};

static void frame(const void *vp, const double *qref, const double *q, const double *v,
                  cd_markerdata *md)
{
    cd_rigidnode_frame(&ops, vp, qref, q, v, md);
}

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    CD_RIGIDNODE_COORD_FIELDS(6, "0 0 0 0 0 0", "0 0 0 0 0 0",
                              "reference [x, y, z, psi_x, psi_y, psi_z] (rotation vector)",
                              "initial displacements (the rotation vector of the total is "
                              "reference + displacement)",
                              "initial [velocity (global), angular velocity (body frame)]")};

const cd_itemtype cd_type_NodeRigidBodyRotVecLG = {
    .kind = CD_NODE, .name = "NodeRigidBodyRotVecLG", .typename_ = "RigidBodyRotVecLG",
    .alias = NULL,
    .doc = "A 3D rigid-body node with a rotation vector integrated on the Lie group SO(3): "
           "rotations are composed, the velocity coordinates are the body-frame angular velocity "
           "(no singularity, no constraint).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = cd_rigidnode_outvars};
