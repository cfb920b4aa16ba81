/* MarkerObjectODE2Coordinates: all ODE2 coordinates of a body (those of its nodes, in their
 * order) as one vector, like MarkerNodeCoordinates (values reference + displacement, Jacobian
 * the identity); a ground has none. */
#include "cd_marker_vector.h"

typedef struct { cd_p_markerbase b; } params;

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    const cd_objectops *ops = ob->type->object;
    if (!(ops->flags & CD_OBJF_BODY) || !ops->nodes)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerObjectODE2Coordinates %d: parameter 'objectNumber' refers to "
                            "object %d of type %s, which is not a body with nodes", index,
                            p->b.number, ob->type->name);
    const int *nodes;
    int nn = ops->nodes(ob->p, &nodes);
    for (int i = 0; i < nn; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[nodes[i]];
        if (nd->type->node->flags & CD_NODEF_LIE)
            return cd_error_set(err, CD_ERR_INPUT,
                                "MarkerObjectODE2Coordinates %d: object %d (%s) is on node %d "
                                "(%s), whose rotation coordinates are composed on SO(3), not "
                                "added; use a joint or connector on a MarkerBodyRigid", index,
                                p->b.number, ob->type->name, nodes[i], nd->type->name);
    }
    return CD_OK;
}

static const cd_markerops ops = {.flags = 0, .on_body = 1, .base = cd_marker_base,
                                 .eval = cd_marker_vector_eval, .output = cd_marker_vector_output};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD,
    {"objectNumber", CD_FT_INDEX, 0, offsetof(params, b.number), NULL, 0, CD_OBJECT, "",
     "body (object) number", NULL}};

const cd_itemtype cd_type_MarkerObjectODE2Coordinates = {
    .kind = CD_MARKER, .name = "MarkerObjectODE2Coordinates",
    .typename_ = "ObjectODE2Coordinates",
    .doc = "All ODE2 coordinates of a body (its nodes' coordinates in their order) as one "
           "vector (reference + displacement), for ObjectConnectorCoordinateVector.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
