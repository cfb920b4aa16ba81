/* NodePoint2DSlope1: the node of the planar ANCF cable (ObjectANCFCable2D): 4 coordinates
 * (x, y, slope_x, slope_y), the position of a point in the x-y plane and the slope vector
 * r' = dr/dx of the cable's axis there (cd_slopenode_ops, point_common.c). Reference
 * coordinates default to [0, 0, 1, 0] (a straight, unstretched axis along x), as in Exudyn. */
#include "cd_nodes.h"

typedef struct { cd_p_coordnode n; } params;  /* 4 coordinates */

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
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &cd_slopenode_ops,
    .outvars = cd_pointnode_outvars};
