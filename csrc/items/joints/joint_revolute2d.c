/* ObjectJointRevolute2D: a revolute joint in the x-y plane, g = (p1 - p0)_{x,y} = 0 (point
 * coincidence, joint_common.c); the 2 multipliers are the joint force */
#include "cd_joints.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    int activeConnector;
} params;

static const int ON[3] = {1, 1, 0};   /* rows x, y */

static int nae(const void *p) { (void)p; return 2; }
static int active(const void *p) { return ((const params *)p)->activeConnector; }

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    return cd_joint_point_residual(c, 2, ON, r2, rae);
}

static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    return cd_joint_point_jacobian(c, 2, ON, K, D, Cq, Gq, Gv);
}

/* as Exudyn's: Position and Velocity of marker 0, Displacement p1 - p0, Force [l0, l1, 0] */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_POSITION: memcpy(out, c->md[0].pos, 3 * sizeof(double)); return 3;
    case CD_OV_VELOCITY: memcpy(out, c->md[0].vel, 3 * sizeof(double)); return 3;
    case CD_OV_DISPLACEMENT:
        for (int i = 0; i < 3; i++) out[i] = c->md[1].pos[i] - c->md[0].pos[i];
        return 3;
    case CD_OV_FORCE: out[0] = c->lam[0]; out[1] = c->lam[1]; out[2] = 0; return 3;
    case CD_OV_CONSTRAINTEQUATION:
        for (int i = 0; i < 2; i++) out[i] = c->md[1].pos[i] - c->md[0].pos[i];
        return 2;
    default: return -1;
    }
}

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_POSITION, "ObjectJointRevolute2D", e);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = nae, .mass_const = 1, .residual = residual,
    .scratch = cd_conn_scratch, .jacobian = jacobian, .output = output, .active = active};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_CONSTRAINTEQUATION, CD_OV_DISPLACEMENT, CD_OV_NONE};

static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"),
    CD_CONN_MARKERS_FIELD("two position markers [m0, m1] kept at the same point in x, y"),
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_JOINT)};

const cd_itemtype cd_type_ObjectJointRevolute2D = {
    .kind = CD_OBJECT, .name = "ObjectJointRevolute2D", .typename_ = "JointRevolute2D",
    .alias = "RevoluteJoint2D",
    .doc = "A revolute joint in the x-y plane: the two markers stay at the same point (2 "
           "equations, the multipliers are the joint force).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
