/* NodePointSlope1: the node of the 3D ANCF cable (ObjectANCFCable): 6 coordinates
 * (x, y, z, slope_x, slope_y, slope_z), a point of the cable's axis and the slope vector
 * r' = dr/dx there (cd_slopenode_ops, point_common.c). Reference coordinates default to
 * [0, 0, 0, 1, 0, 0], as in Exudyn. */
#include "cd_nodes.h"

typedef struct { cd_p_coordnode n; } params;  /* 6 coordinates */

static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 6, offsetof(cd_p_coordnode, referenceCoordinates),
     "0 0 0 1 0 0", 0, 0, "", "reference coordinates [x, y, z, slope_x, slope_y, slope_z]; "
     "position = reference + displacement", NULL},
    {"initialCoordinates", CD_FT_VEC, 6, offsetof(cd_p_coordnode, initialCoordinates),
     "0 0 0 0 0 0", 0, 0, "", "initial displacement coordinates", NULL},
    {"initialVelocities", CD_FT_VEC, 6, offsetof(cd_p_coordnode, initialVelocities),
     "0 0 0 0 0 0", 0, 0, "", "initial velocities of the 6 coordinates", NULL}};

const cd_itemtype cd_type_NodePointSlope1 = {
    .kind = CD_NODE, .name = "NodePointSlope1", .typename_ = "PointSlope1",
    .alias = "PointSlope1",
    .doc = "A 3D point node with a slope vector, 6 coordinates (position and slope r'): the node "
           "of ObjectANCFCable.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &cd_slopenode_ops,
    .outvars = cd_pointnode_outvars};
