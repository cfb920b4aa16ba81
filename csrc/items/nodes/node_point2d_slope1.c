/* NodePoint2DSlope1: the node of the planar ANCF cable (ObjectANCFCable2D): 4 coordinates
 * (x, y, slope_x, slope_y), the position of a point in the x-y plane and the slope vector
 * r' = dr/dx of the cable's axis there. Reference coordinates default to [0, 0, 1, 0] (a
 * straight, unstretched axis along x), as in Exudyn. */
#include "cd_nodes.h"

typedef struct { cd_p_coordnode n; } params;  /* 4 coordinates */

static int nq(const void *p) { (void)p; return 4; }

/* the position is the first two coordinates; the slope does not move the point: J = [I2 0] */
static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    (void)vp;
    for (int i = 0; i < 3; i++) {
        pos[i] = i < 2 ? qref[i] + q[i] : 0.0;
        vel[i] = i < 2 ? v[i] : 0.0;
    }
    if (J)
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 3; i++) J[i + 3 * j] = (i == j && j < 2);
}

static const cd_nodeops ops = {
    .flags = CD_NODEF_POS, .nq = nq, .init = cd_coordnode_init, .position = position};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_COORDINATES, CD_OV_COORDINATES_T,
                                    CD_OV_COORDINATES_TT, CD_OV_NONE};

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 4, offsetof(cd_p_coordnode, referenceCoordinates),
     "0 0 1 0", 0, 0, "", "reference coordinates [x, y, slope_x, slope_y]; position = reference "
     "+ displacement", NULL},
    {"initialCoordinates", CD_FT_VEC, 4, offsetof(cd_p_coordnode, initialCoordinates),
     "0 0 0 0", 0, 0, "", "initial displacement coordinates [x, y, slope_x, slope_y]", NULL},
    {"initialVelocities", CD_FT_VEC, 4, offsetof(cd_p_coordnode, initialVelocities), "0 0 0 0",
     0, 0, "", "initial velocities of the 4 coordinates", NULL}};

const cd_itemtype cd_type_NodePoint2DSlope1 = {
    .kind = CD_NODE, .name = "NodePoint2DSlope1", .typename_ = "Point2DSlope1",
    .alias = "Point2DSlope1",
    .doc = "A 2D point node with a slope vector, 4 coordinates (x, y, slope_x, slope_y): the node "
           "of ObjectANCFCable2D.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = outvars};
