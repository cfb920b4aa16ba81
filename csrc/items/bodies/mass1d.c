/* ObjectMass1D: a mass on a Node1D moving along the first column of referenceRotation R:
 * position = referencePosition + R [x, 0, 0]^T + R lp, x = reference + displacement;
 * mass matrix m (1x1) */
#include "cd_bodies.h"
#include "../../math/cd_rotations.h"
#include <string.h>

typedef struct {
    cd_p_body b;                /* mass, nodeNumber */
    cd_vec referencePosition;   /* 3 */
    cd_mat referenceRotation;   /* 3 x 3 */
} params;

static void body_position(const cd_system *s, const cd_item *it, const double *lp,
                          const double *q, const double *v, double pos[3], double vel[3],
                          double *J)
{
    const params *p = it->p;
    const double *R = p->referenceRotation.x;  /* row-major 3x3 */
    double x = s->qref[cd_body_node(s, it)->ltg[0]] + q[0];
    for (int i = 0; i < 3; i++) {
        double lpr = R[3 * i] * lp[0] + R[3 * i + 1] * lp[1] + R[3 * i + 2] * lp[2];
        pos[i] = p->referencePosition.x[i] + R[3 * i] * x + lpr;
        vel[i] = R[3 * i] * v[0];
        if (J) J[i] = R[3 * i];
    }
}

/* f = m J^T b with J = the first column of R */
static void mass_force(const cd_system *s, const cd_item *it, const double *q, const double b[3],
                       double *f)
{
    const params *p = it->p;
    const double *R = p->referenceRotation.x;
    (void)s; (void)q;
    f[0] = p->b.mass * (R[0] * b[0] + R[3] * b[1] + R[6] * b[2]);
}

/* the rotation outputs, as Exudyn's: the body's frame is referenceRotation R, fixed */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    const double *R = p->referenceRotation.x;
    double pos[3], vel[3];
    switch (var) {
    case CD_OV_ROTATIONMATRIX: memcpy(out, R, 9 * sizeof(double)); return 9;
    case CD_OV_ROTATION: cd_rot_rxyz_angles(R, out); return 3;
    case CD_OV_ANGULARVELOCITY:
    case CD_OV_ANGULARVELOCITYLOCAL: out[0] = out[1] = out[2] = 0; return 3;
    case CD_OV_HOMOGENEOUSTRANSFORMATION:
        body_position(c->sys, c->item, lp, c->q, c->v, pos, vel, NULL);
        return cd_rot_homogeneous(R, pos, out);
    default: return -1;  /* the body point's outputs */
    }
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    static const double zero[3] = {0, 0, 0};
    return output_at(c, zero, var, out);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.nodeNumber];
    if (nd->type != &cd_type_Node1D)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectMass1D %d: parameter 'nodeNumber' refers to node %d of type %s; "
                            "ObjectMass1D needs a Node1D", index, p->b.nodeNumber, nd->type->name);
    if (p->referenceRotation.rows != 3 || p->referenceRotation.cols != 3)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectMass1D %d: parameter 'referenceRotation' must be a 3x3 matrix, "
                            "got %dx%d", index, p->referenceRotation.rows,
                            p->referenceRotation.cols);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP, .nodes = cd_body_nodes, .mass_const = 1,
    .mass = cd_body_point_mass, .body_position = body_position, .mass_force = mass_force,
    .output_at = output_at, .output = output};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD, CD_BODY_MASS_FIELD, CD_BODY_NODE_FIELD("node number"),
    CD_BODY_ALIAS_FIELD("physicsMass", CD_FT_REAL, 0, "kg", "mass"),
    {"referencePosition", CD_FT_VEC, 3, OFF(referencePosition), "0 0 0", 0, 0, "m",
     "position of the coordinate's origin", NULL},
    {"referenceRotation", CD_FT_MAT, 3, OFF(referenceRotation), "1 0 0 0 1 0 0 0 1", 0, 0, "",
     "3x3 rotation; its first column is the direction of motion (default identity)", NULL}};

const cd_itemtype cd_type_ObjectMass1D = {
    .kind = CD_OBJECT, .name = "ObjectMass1D", .typename_ = "Mass1D", .alias = "Mass1D",
    .doc = "A mass on a Node1D moving along the first column of referenceRotation from "
           "referencePosition.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_body_point_outvars};
