/* MarkerNodeRotationCoordinate: one rotation angle of a rigid-body node */
#include "cd_markers.h"

typedef struct {
    cd_p_markerbase b;
    int coordinate;      /* rotation axis: the angle is the node's coordinate nq - 3 + axis */
} params;

static int coordinates(const cd_system *s, const cd_item *mk, int *first)
{
    const params *p = mk->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    *first = nd->nq - 3 + p->coordinate;
    return nd->nq > 0 ? 1 : 0;
}

/* angles only: the rotation of a planar node (axis 2) or a Tait-Bryan angle (axis 0, 1, 2) */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_itemtype *t = s->list[CD_NODE].items[p->b.number].type;
    if (t == &cd_type_NodeRigidBody2D ? p->coordinate != 2
        : t == &cd_type_NodeRigidBodyRxyz ? (p->coordinate < 0 || p->coordinate > 2) : 1)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeRotationCoordinate %d: node %d (%s) with "
                            "rotationCoordinate %d: supported are NodeRigidBody2D (axis 2) and "
                            "NodeRigidBodyRxyz (axes 0, 1, 2), whose rotation coordinates are "
                            "angles", index, p->b.number, t->name, p->coordinate);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_COORDINATE | CD_MKF_CONSTJ, .on_body = 0,
                                 .base = cd_marker_base, .coordinates = coordinates,
                                 .eval = cd_marker_coordinate_eval};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_NODE_FIELD(params),
    {"rotationCoordinate", CD_FT_INT, 0, offsetof(params, coordinate), NULL, 0, 0, "",
     "rotation axis: 2 for NodeRigidBody2D; 0, 1, 2 (Tait-Bryan angle) for NodeRigidBodyRxyz",
     NULL}};

const cd_itemtype cd_type_MarkerNodeRotationCoordinate = {
    .kind = CD_MARKER, .name = "MarkerNodeRotationCoordinate",
    .typename_ = "NodeRotationCoordinate",
    .doc = "One rotation angle of a rigid-body node (displacement value), e.g. to drive a crank "
           "with a CoordinateConstraint.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
