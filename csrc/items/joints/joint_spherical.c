/* ObjectJointSpherical: a spherical joint, g = p1 - p0 = 0 on the constrained global axes
 * (point coincidence, joint_common.c); the 3 multipliers are the joint force, an axis that is
 * not constrained has the equation lambda_i = 0 */
#include "cd_joints.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    cd_vec constrainedAxes;           /* 3 flags, 0 or 1 */
    int activeConnector;
} params;

static int nae(const void *p) { (void)p; return 3; }
static int active(const void *p) { return ((const params *)p)->activeConnector; }
static int on(const params *p, int i) { return p->constrainedAxes.x[i] != 0.0; }
static int lambda_row(const cd_item *it, int j) { return !on(it->p, j); }

static void axes(const params *p, int ax[3])
{
    for (int i = 0; i < 3; i++) ax[i] = on(p, i);
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    int ax[3];
    axes(c->item->p, ax);
    return cd_joint_point_residual(c, 3, ax, r2, rae);
}

static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    int ax[3];
    axes(c->item->p, ax);
    return cd_joint_point_jacobian(c, 3, ax, K, D, Cq, Gq, Gv);
}

/* as Exudyn's: Position and Velocity of marker 0, Displacement p1 - p0, Force the multipliers */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_POSITION: memcpy(out, c->md[0].pos, 3 * sizeof(double)); return 3;
    case CD_OV_VELOCITY: memcpy(out, c->md[0].vel, 3 * sizeof(double)); return 3;
    case CD_OV_DISPLACEMENT:
        for (int i = 0; i < 3; i++) out[i] = c->md[1].pos[i] - c->md[0].pos[i];
        return 3;
    case CD_OV_FORCE: memcpy(out, c->lam, 3 * sizeof(double)); return 3;
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = cd_conn_check_markers(s, index, vp, CD_MKF_POSITION, "ObjectJointSpherical", err);
    if (rc) return rc;
    for (int i = 0; i < 3; i++)
        if (p->constrainedAxes.x[i] != 0.0 && p->constrainedAxes.x[i] != 1.0)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectJointSpherical %d: parameter "
                                "'constrainedAxes' entries must be 0 or 1, got %g", index,
                                p->constrainedAxes.x[i]);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = nae, .mass_const = 1, .residual = residual,
    .scratch = cd_conn_scratch, .jacobian = jacobian, .output = output, .active = active,
    .lambda_row = lambda_row};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_DISPLACEMENT, CD_OV_NONE};

static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"),
    CD_CONN_MARKERS_FIELD("two position markers [m0, m1] kept at the same point"),
    {"constrainedAxes", CD_FT_VEC, 3, offsetof(params, constrainedAxes), "1 1 1", 0, 0, "",
     "1: the global axis x, y, z is constrained, 0: free (its multiplier is 0)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_JOINT)};

const cd_itemtype cd_type_ObjectJointSpherical = {
    .kind = CD_OBJECT, .name = "ObjectJointSpherical", .typename_ = "JointSpherical",
    .alias = "SphericalJoint",
    .doc = "A spherical joint: the two markers stay at the same point (3 equations in global x, "
           "y, z; the multipliers are the joint force).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
