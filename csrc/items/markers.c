/* Markers: MarkerNodePosition, MarkerNodeCoordinate, MarkerBodyPosition, MarkerBodyMass.
 * A marker's local coordinates are those of its node or body (one coordinate for
 * MarkerNodeCoordinate); eval fills MarkerData from them. */
#include "../core/cd_items.h"
#include <stdio.h>
#include <string.h>

#define OFF(f) offsetof(cd_p_marker, f)

static void node_pos_eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                          cd_markerdata *md)
{
    const cd_p_marker *p = mk->p;
    cd_node_point(s, p->number, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

/* value = displacement coordinate (ground nodes: 0) */
static void node_coord_eval(const cd_system *s, const cd_item *mk, const double *q,
                            const double *v, cd_markerdata *md)
{
    (void)s; (void)mk;
    md->Jconst = 1;
    md->coord = md->n > 0 ? 0 : -1;
    md->value = md->n > 0 ? q[0] : 0.0;
    md->value_t = md->n > 0 ? v[0] : 0.0;
}

/* a body-fixed point: the full frame for rigid bodies (J may depend on q), else the position */
static void body_pos_eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                          cd_markerdata *md)
{
    const cd_p_marker *p = mk->p;
    const cd_item *body = &s->list[CD_OBJECT].items[p->number];
    if (body->type->object->body_frame) {
        body->type->object->body_frame(s, body, p->localPosition.x, q, v, md);
        return;
    }
    cd_body_point(s, p->number, p->localPosition.x, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

static void node_rigid_eval(const cd_system *s, const cd_item *mk, const double *q,
                            const double *v, cd_markerdata *md)
{
    const cd_p_marker *p = mk->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->number];
    nd->type->node->frame(nd->p, s->qref + nd->ltg[0], q, v, md);
}

/* angles only: the rotation of a planar node (axis 2) or a Tait-Bryan angle (axis 0, 1, 2) */
static int check_node_rot_coord(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_marker *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->number];
    const cd_itemtype *t = nd->type;
    if (t == &cd_type_NodeRigidBody2D ? p->coordinate != 2
        : t == &cd_type_NodeRigidBodyRxyz ? (p->coordinate < 0 || p->coordinate > 2) : 1)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeRotationCoordinate %d: node %d (%s) with "
                            "rotationCoordinate %d: supported are NodeRigidBody2D (axis 2) and "
                            "NodeRigidBodyRxyz (axes 0, 1, 2), whose rotation coordinates are "
                            "angles", index, p->number, t->name, p->coordinate);
    return CD_OK;
}

static int check_node_rigid(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_marker *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->number];
    if (!nd->type->node->frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeRigid %d: parameter 'nodeNumber' refers to node %d of type "
                            "%s, which has no orientation (use a rigid-body node)", index,
                            p->number, nd->type->name);
    return CD_OK;
}

static int check_body_rigid(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_marker *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->number];
    if (!ob->type->object->body_frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyRigid %d: parameter 'bodyNumber' refers to object %d of "
                            "type %s, which has no orientation (use a rigid body)", index,
                            p->number, ob->type->name);
    return CD_OK;
}

static void body_mass_eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                           cd_markerdata *md)
{
    static const double zero[3] = {0, 0, 0};
    const cd_p_marker *p = mk->p;
    cd_body_point(s, p->number, zero, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

static int check_node_pos(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_marker *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->number];
    if (!(nd->type->node->flags & CD_NODEF_POS))
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodePosition %d: parameter 'nodeNumber' refers to node %d of "
                            "type %s, which has no position", index, p->number, nd->type->name);
    return CD_OK;
}

static int check_node_coord(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_marker *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->number];
    int nq = nd->type->node->nq(nd->p);
    int lim = (nd->type->node->flags & CD_NODEF_GROUND) ? 3 : nq;
    if (p->coordinate < 0 || p->coordinate >= lim)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeCoordinate %d: parameter 'coordinate' is %d, but node %d "
                            "(%s) has coordinates 0..%d", index, p->coordinate, p->number,
                            nd->type->name, lim - 1);
    if ((nd->type->node->flags & CD_NODEF_LIE) && p->coordinate >= 3)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerNodeCoordinate %d: parameter 'coordinate' is %d, a rotation "
                            "coordinate of node %d (%s), which is composed on SO(3), not added; "
                            "use a joint or connector on a MarkerNodeRigid", index, p->coordinate,
                            p->number, nd->type->name);
    return CD_OK;
}

static int check_body(const cd_system *s, int index, const void *vp, int need, const char *tname,
                      cd_error *err)
{
    const cd_p_marker *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->number];
    int fl = ob->type->object->flags;
    if (!(fl & CD_OBJF_BODY) || !ob->type->object->body_position || (need && !(fl & need)))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'bodyNumber' refers to object %d of type %s, which "
                            "is not a body%s", tname, index, p->number, ob->type->name,
                            need ? " with mass" : " with positions");
    return CD_OK;
}
static int check_body_pos(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_body(s, i, p, 0, "MarkerBodyPosition", e);
}
static int check_body_mass(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_body(s, i, p, CD_OBJF_MASSPROP, "MarkerBodyMass", e);
}

static const cd_markerops node_pos_ops = {CD_MKF_POSITION | CD_MKF_CONSTJ, 0, node_pos_eval};
static const cd_markerops node_coord_ops = {CD_MKF_COORDINATE | CD_MKF_CONSTJ, 0,
                                             node_coord_eval};
static const cd_markerops body_pos_ops = {CD_MKF_POSITION, 1, body_pos_eval};
static const cd_markerops body_mass_ops = {CD_MKF_BODYMASS | CD_MKF_POSITION, 1, body_mass_eval};
static const cd_markerops body_rigid_ops = {CD_MKF_POSITION | CD_MKF_ORIENTATION, 1, body_pos_eval};
static const cd_markerops node_rigid_ops = {CD_MKF_POSITION | CD_MKF_ORIENTATION, 0,
                                            node_rigid_eval};

static const cd_outvar pos_ov[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_NONE};
static const cd_outvar coord_ov[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "marker's unique name", NULL}
#define NODE_FIELD {"nodeNumber", CD_FT_INDEX, 0, OFF(number), NULL, 0, CD_NODE, "", "node number", NULL}
#define BODY_FIELD {"bodyNumber", CD_FT_INDEX, 0, OFF(number), NULL, 0, CD_OBJECT, "", "body (object) number", NULL}

static const cd_field node_pos_fields[] = {NAME_FIELD, NODE_FIELD};
static const cd_field node_coord_fields[] = {
    NAME_FIELD, NODE_FIELD,
    {"coordinate", CD_FT_INT, 0, OFF(coordinate), NULL, 0, 0, "",
     "index of the node's ODE2 coordinate (0-based)", NULL}};
static const cd_field body_pos_fields[] = {
    NAME_FIELD, BODY_FIELD,
    {"localPosition", CD_FT_VEC, 3, OFF(localPosition), "0 0 0", 0, 0, "m",
     "position of the marker relative to the body's reference point", NULL}};
static const cd_field body_mass_fields[] = {NAME_FIELD, BODY_FIELD};

#define MARKER_TYPE(T, NAME, TN, DOC, FIELDS, CHECK, OPS, OV)                                      \
    const cd_itemtype T = {CD_MARKER, NAME, TN, NULL, DOC, sizeof(cd_p_marker), FIELDS,            \
                           CD_NF(FIELDS), CHECK, NULL, NULL, &OPS, NULL, OV}

MARKER_TYPE(cd_type_MarkerNodePosition, "MarkerNodePosition", "NodePosition",
            "The position of a node (NodePoint, NodePoint2D, NodePointGround).", node_pos_fields,
            check_node_pos, node_pos_ops, pos_ov);
MARKER_TYPE(cd_type_MarkerNodeCoordinate, "MarkerNodeCoordinate", "NodeCoordinate",
            "One ODE2 coordinate of a node (its displacement value); on a ground node the value "
            "is 0.", node_coord_fields, check_node_coord, node_coord_ops, coord_ov);
static const cd_field node_rot_fields[] = {
    NAME_FIELD, NODE_FIELD,
    {"rotationCoordinate", CD_FT_INT, 0, OFF(coordinate), NULL, 0, 0, "",
     "rotation axis: 2 for NodeRigidBody2D; 0, 1, 2 (Tait-Bryan angle) for NodeRigidBodyRxyz",
     NULL}};
MARKER_TYPE(cd_type_MarkerNodeRotationCoordinate, "MarkerNodeRotationCoordinate",
            "NodeRotationCoordinate",
            "One rotation angle of a rigid-body node (displacement value), e.g. to drive a crank "
            "with a CoordinateConstraint.", node_rot_fields, check_node_rot_coord,
            node_coord_ops, coord_ov);
MARKER_TYPE(cd_type_MarkerBodyPosition, "MarkerBodyPosition", "BodyPosition",
            "A point fixed to a body at localPosition.", body_pos_fields, check_body_pos,
            body_pos_ops, pos_ov);
MARKER_TYPE(cd_type_MarkerBodyRigid, "MarkerBodyRigid", "BodyRigid",
            "A body-fixed frame at localPosition of a rigid body: position and orientation.",
            body_pos_fields, check_body_rigid, body_rigid_ops, pos_ov);
MARKER_TYPE(cd_type_MarkerNodeRigid, "MarkerNodeRigid", "NodeRigid",
            "The frame of a rigid-body node: position and orientation.", node_pos_fields,
            check_node_rigid, node_rigid_ops, pos_ov);
MARKER_TYPE(cd_type_MarkerBodyMass, "MarkerBodyMass", "BodyMass",
            "The mass distribution of a body, for mass-proportional loads (gravity).",
            body_mass_fields, check_body_mass, body_mass_ops, pos_ov);
