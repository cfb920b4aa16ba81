/* MarkerNodeRigid: the frame of a rigid-body node */
#include "cd_markers.h"

typedef struct { cd_p_markerbase b; } params;

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    nd->type->node->frame(nd->p, s->qref + nd->ltg[0], q, v, md);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    if (!nd->type->node->frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeRigid %d: parameter 'nodeNumber' refers to node %d of type "
                            "%s, which has no orientation (use a rigid-body node)", index,
                            p->b.number, nd->type->name);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_ORIENTATION, .on_body = 0,
                                 .base = cd_marker_base, .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_DISPLACEMENT,
                                    CD_OV_ROTATION, CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_NONE};
static const cd_field fields[] = {CD_MARKER_NAME_FIELD, CD_MARKER_NODE_FIELD(params)};

const cd_itemtype cd_type_MarkerNodeRigid = {
    .kind = CD_MARKER, .name = "MarkerNodeRigid", .typename_ = "NodeRigid",
    .doc = "The frame of a rigid-body node: position and orientation.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
