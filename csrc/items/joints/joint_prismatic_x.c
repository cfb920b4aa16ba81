/* ObjectJointPrismaticX: a prismatic joint along the x axis of the joint frame, the generic
 * joint (joint_common.c) with the translation along x free */
#include "cd_joints.h"

typedef struct { cd_p_frames f; } params;  /* rotationMarker0/1, activeConnector */

/* [x, y, z, rx, ry, rz] of joint frame 0: 1 constrained, 0 free */
static const double AXES[6] = {0, 1, 1, 1, 1, 1};

static int lambda_row(const cd_item *it, int j) { (void)it; return AXES[j] == 0.0; }

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    return cd_joint_generic_residual(c, AXES, r2, rae);
}

static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    return cd_joint_generic_jacobian(c, AXES, K, D, Cq, Gq, Gv);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = cd_joint_generic_nae, .mass_const = 1,
    .residual = residual, .scratch = cd_conn_scratch, .jacobian = jacobian,
    .output = cd_joint_generic_output,
    .active = cd_conn_frames_active, .lambda_row = lambda_row};

static const cd_field fields[] = {CD_CONN_NAME_FIELD("joint"),
                                  CD_CONN_MARKERS_FIELD(CD_CONN_TWO_FRAMES),
                                  CD_CONN_ROTATION_FIELDS, CD_CONN_FRAMES_ACTIVE_FIELD};

const cd_itemtype cd_type_ObjectJointPrismaticX = {
    .kind = CD_OBJECT, .name = "ObjectJointPrismaticX", .typename_ = "JointPrismaticX",
    .alias = "PrismaticJointX",
    .doc = "A prismatic joint along the x axis of the joint frame (ObjectJointGeneric with axes "
           "[0,1,1,1,1,1]).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields),
    .check = cd_conn_check_frames, .object = &ops, .outvars = cd_joint_generic_outvars};
