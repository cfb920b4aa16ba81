/* MarkerNodeCoordinate: one ODE2 coordinate of a node (its displacement value) */
#include "cd_markers.h"

typedef struct {
    cd_p_markerbase b;
    int coordinate;      /* index of the node's coordinate (0-based) */
} params;

/* one coordinate of the node; none on a ground node (its value is fixed at 0) */
static int coordinates(const cd_system *s, const cd_item *mk, int *first)
{
    const params *p = mk->p;
    *first = p->coordinate;
    return s->list[CD_NODE].items[p->b.number].nq > 0 ? 1 : 0;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    int nq = nd->type->node->nq(nd->p);
    int lim = (nd->type->node->flags & CD_NODEF_GROUND) ? 3 : nq;
    if (p->coordinate < 0 || p->coordinate >= lim)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeCoordinate %d: parameter 'coordinate' is %d, but node %d "
                            "(%s) has coordinates 0..%d", index, p->coordinate, p->b.number,
                            nd->type->name, lim - 1);
    if ((nd->type->node->flags & CD_NODEF_LIE) && p->coordinate >= 3)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeCoordinate %d: parameter 'coordinate' is %d, a rotation "
                            "coordinate of node %d (%s), which is composed on SO(3), not added; "
                            "use a joint or connector on a MarkerNodeRigid", index, p->coordinate,
                            p->b.number, nd->type->name);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_COORDINATE | CD_MKF_CONSTJ, .on_body = 0,
                                 .base = cd_marker_base, .coordinates = coordinates,
                                 .eval = cd_marker_coordinate_eval};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_NODE_FIELD(params),
    {"coordinate", CD_FT_INT, 0, offsetof(params, coordinate), NULL, 0, 0, "",
     "index of the node's ODE2 coordinate (0-based)", NULL}};

const cd_itemtype cd_type_MarkerNodeCoordinate = {
    .kind = CD_MARKER, .name = "MarkerNodeCoordinate", .typename_ = "NodeCoordinate",
    .doc = "One ODE2 coordinate of a node (its displacement value); on a ground node the value "
           "is 0.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
