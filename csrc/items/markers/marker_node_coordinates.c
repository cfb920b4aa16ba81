/* MarkerNodeCoordinates: all ODE2 coordinates of a node, as one vector (Exudyn's marker for
 * ObjectConnectorCoordinateVector). Its value is the vector of total coordinates
 * (reference + displacement) and its Jacobian the identity over the node's coordinates; a
 * ground node has none (the vector is empty). The consumer reads the values from the
 * connector's local coordinates (cd_marker_vector_values); the marker data carry no point. */
#include "cd_marker_vector.h"

typedef struct { cd_p_markerbase b; } params;

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    if (nd->type->node->flags & CD_NODEF_LIE)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeCoordinates %d: parameter 'nodeNumber' refers to node %d "
                            "(%s), whose rotation coordinates are composed on SO(3), not added; "
                            "use a joint or connector on a MarkerNodeRigid", index, p->b.number,
                            nd->type->name);
    return CD_OK;
}

static const cd_markerops ops = {.flags = 0, .on_body = 0, .base = cd_marker_base,
                                 .eval = cd_marker_vector_eval, .output = cd_marker_vector_output};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {CD_MARKER_NAME_FIELD, CD_MARKER_NODE_FIELD(params)};

const cd_itemtype cd_type_MarkerNodeCoordinates = {
    .kind = CD_MARKER, .name = "MarkerNodeCoordinates", .typename_ = "NodeCoordinates",
    .doc = "All ODE2 coordinates of a node as one vector (reference + displacement), for "
           "ObjectConnectorCoordinateVector; empty on a ground node.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
