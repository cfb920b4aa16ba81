/* MarkerNodeRigid: the frame of a rigid-body node, turned against it by the rotation of
 * localHT */
#include "cd_markers.h"

typedef struct { cd_p_markerbase b; cd_mat localHT; } params;

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    nd->type->node->frame(nd->p, s->qref + nd->ltg[0], q, v, md);
    cd_marker_turn(md, &p->localHT);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    const double *h = p->localHT.x;
    if (!nd->type->node->frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeRigid %d: parameter 'nodeNumber' refers to node %d of type "
                            "%s, which has no orientation (use a rigid-body node)", index,
                            p->b.number, nd->type->name);
    int rc = cd_marker_check_local_ht(&p->localHT, index, "MarkerNodeRigid", err);
    if (rc) return rc;
    if (p->localHT.rows == 4 && (h[3] != 0.0 || h[7] != 0.0 || h[11] != 0.0))
        return cd_error_set(err, CD_ERR_INPUT, "MarkerNodeRigid %d: the translation of parameter "
                            "'localHT' must be zero, got [%g, %g, %g]; for a point away from the "
                            "node use MarkerBodyRigid on its body (as Exudyn 1.13)", index, h[3],
                            h[7], h[11]);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_ORIENTATION, .on_body = 0,
                                 .base = cd_marker_base, .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_DISPLACEMENT,
                                    CD_OV_ROTATION, CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_NODE_FIELD(params),
    {"localHT", CD_FT_MAT, 4, offsetof(params, localHT), NULL, 0, 0, "",
     "the marker frame in the node frame, a 4x4 homogeneous transformation (an HT) without "
     "translation: the marker's orientation is the node's times its rotation (None: the node "
     "frame)", NULL}};

const cd_itemtype cd_type_MarkerNodeRigid = {
    .kind = CD_MARKER, .name = "MarkerNodeRigid", .typename_ = "NodeRigid",
    .doc = "The frame of a rigid-body node (turned by the rotation of localHT): position and "
           "orientation.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
