/* ObjectJointGeneric: a joint constraining any subset of the 6 relative motions [x, y, z, rx,
 * ry, rz] in the joint frame of marker 0 (equations in joint_common.c); multipliers: force (3)
 * and torque (3) components. Exudyn's offsetUserFunction(mbs, t, itemNumber,
 * offsetUserFunctionParameters) gives 6 offsets: translations (in the joint frame, or global
 * when all three translations are constrained, as in Exudyn) and Tait-Bryan angles xyz that
 * rotate the joint frame; offsetUserFunction_t their rates (velocity-level constraints;
 * central differences of offsetUserFunction without it); with them the Jacobian is numerical. */
#include "cd_joints.h"
#include <math.h>

typedef struct {
    cd_p_frames f;                    /* name, markerNumbers, rotationMarker0/1, activeConnector */
    cd_vec constrainedAxes;           /* 6 flags, 0 or 1 */
    cd_vec ufParameters;              /* offsetUserFunctionParameters (6) */
    cd_func offsetUF, offsetUF_t;     /* offsetUserFunction, offsetUserFunction_t */
    int alternativeConstraints;       /* Exudyn's flag: no effect unless all rotations are
                                         constrained, refused then (see check) */
} params;

static int lambda_row(const cd_item *it, int j)
{
    return ((const params *)it->p)->constrainedAxes.x[j] == 0.0;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    double off[6], off_t[6] = {0, 0, 0, 0, 0, 0};
    if (!p->offsetUF.fn) return cd_joint_generic_residual(c, p->constrainedAxes.x, r2, rae);
    int rc = cd_object_userfunc(c, &p->offsetUF, p->ufParameters.x, 6, off, 6);
    if (!rc && c->index2 && p->offsetUF_t.fn)
        rc = cd_object_userfunc(c, &p->offsetUF_t, p->ufParameters.x, 6, off_t, 6);
    else if (!rc && c->index2) {  /* the rates by central differences of offsetUserFunction */
        double h = 1e-6 * fmax(1.0, fabs(c->t)), op[6], om[6];
        rc = cd_call_userfunc(c->sys, CD_OBJECT, c->index, &p->offsetUF, c->t + h,
                              p->ufParameters.x, 6, op, 6, c->err);
        if (!rc) rc = cd_call_userfunc(c->sys, CD_OBJECT, c->index, &p->offsetUF, c->t - h,
                                       p->ufParameters.x, 6, om, 6, c->err);
        for (int i = 0; i < 6; i++) off_t[i] = (op[i] - om[i]) / (2 * h);
    }
    if (rc) return rc;
    return cd_joint_generic_residual_offset(c, p->constrainedAxes.x, off, off_t, r2, rae);
}

static int uses_uf(const void *vp) { return ((const params *)vp)->offsetUF.fn != NULL; }

static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const params *p = c->item->p;
    return cd_joint_generic_jacobian(c, p->constrainedAxes.x, K, D, Cq, Gq, Gv);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = cd_conn_check_frames(s, index, vp, err);
    if (rc) return rc;
    for (int i = 0; i < 6; i++)
        if (p->constrainedAxes.x[i] != 0.0 && p->constrainedAxes.x[i] != 1.0)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectJointGeneric %d: parameter "
                                "'constrainedAxes' entries must be 0 or 1, got %g", index,
                                p->constrainedAxes.x[i]);
    /* Exudyn's alternative rotation equations x0 . (y1 x z0) - 1 = 0, y0 . (z1 x x0) - 1 = 0,
     * z0 . (x1 x y0) - 1 = 0 (that is y0 . y1 = z0 . z1 = x0 . x1 = 1) hold only where their
     * gradient vanishes: the Newton matrix is singular at every solution */
    if (p->alternativeConstraints && p->constrainedAxes.x[3] != 0.0 &&
        p->constrainedAxes.x[4] != 0.0 && p->constrainedAxes.x[5] != 0.0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectJointGeneric %d: parameter "
                            "'alternativeConstraints' = True with all three rotations "
                            "constrained is not provided by coordyn: Exudyn's alternative "
                            "equations (y0 . y1 = z0 . z1 = x0 . x1 = 1) have a zero gradient "
                            "where they hold, so the system matrix is singular there (Exudyn "
                            "1.13.6 stops with a singular matrix in static and dynamic solves); "
                            "use alternativeConstraints=False (the standard equations)", index);
    if (p->offsetUF_t.fn && !p->offsetUF.fn)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectJointGeneric %d: parameter "
                            "'offsetUserFunction_t' without 'offsetUserFunction'", index);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = cd_joint_generic_nae, .mass_const = 1,
    .residual = residual, .scratch = cd_conn_scratch, .jacobian = jacobian,
    .output = cd_joint_generic_output,
    .active = cd_conn_frames_active, .lambda_row = lambda_row, .uses_userfunc = uses_uf};

static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_FRAMES),
    {"constrainedAxes", CD_FT_VEC, 6, offsetof(params, constrainedAxes), "1 1 1 1 1 1", 0, 0, "",
     "[x, y, z, rx, ry, rz] of joint frame 0: 1 constrained, 0 free", NULL},
    CD_CONN_ROTATION_FIELDS, CD_CONN_FRAMES_ACTIVE_FIELD,
    {"offsetUserFunctionParameters", CD_FT_VEC, 6, offsetof(params, ufParameters),
     "0 0 0 0 0 0", 0, 0, "", "handed to offsetUserFunction and offsetUserFunction_t", NULL},
    {"offsetUserFunction", CD_FT_FUNC, CD_UF_OFFSET6, offsetof(params, offsetUF), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, offsetUserFunctionParameters) -> 6 offsets [x, y, z, rx, ry, rz]: "
     "translations of marker 1 in the joint frame (global when x, y, z are all constrained, as "
     "Exudyn), Tait-Bryan angles xyz rotating the joint frame", NULL},
    {"offsetUserFunction_t", CD_FT_FUNC, CD_UF_OFFSET6, offsetof(params, offsetUF_t), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, offsetUserFunctionParameters) -> their time derivatives "
     "(velocity-level constraints)", NULL},
    {"alternativeConstraints", CD_FT_BOOL, 0, offsetof(params, alternativeConstraints), "0", 0,
     0, "", "Exudyn's experimental flag: no effect with free rotations (as in Exudyn); with all "
     "three rotations constrained True is refused (its equations are singular where they "
     "hold)", NULL}};

const cd_itemtype cd_type_ObjectJointGeneric = {
    .kind = CD_OBJECT, .name = "ObjectJointGeneric", .typename_ = "JointGeneric",
    .alias = "GenericJoint",
    .doc = "A joint constraining any subset of the 6 relative motions in the joint frame of "
           "marker 0 (analytic Jacobian); multipliers: force (3) and torque (3) components.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_joint_generic_outvars};
