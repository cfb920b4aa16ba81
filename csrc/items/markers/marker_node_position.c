/* MarkerNodePosition: the position of a node (NodePoint, NodePoint2D, NodePointGround, rigid) */
#include "cd_markers.h"

typedef struct { cd_p_markerbase b; } params;

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    cd_node_point(s, p->b.number, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    if (!(nd->type->node->flags & CD_NODEF_POS))
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodePosition %d: parameter 'nodeNumber' refers to node %d of "
                            "type %s, which has no position", index, p->b.number, nd->type->name);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_CONSTJ, .on_body = 0,
                                 .base = cd_marker_base, .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_DISPLACEMENT,
                                    CD_OV_NONE};
static const cd_field fields[] = {CD_MARKER_NAME_FIELD, CD_MARKER_NODE_FIELD(params)};

const cd_itemtype cd_type_MarkerNodePosition = {
    .kind = CD_MARKER, .name = "MarkerNodePosition", .typename_ = "NodePosition",
    .doc = "The position of a node (NodePoint, NodePoint2D, NodePointGround).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
