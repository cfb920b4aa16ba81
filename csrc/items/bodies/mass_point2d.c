/* ObjectMassPoint2D: a point mass on a NodePoint2D in the x-y plane; mass matrix m I (2x2) */
#include "cd_bodies.h"

typedef struct { cd_p_body b; } params;  /* mass, nodeNumber */

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_body_check_point_node(s, i, p, 2, "ObjectMassPoint2D", "NodePoint2D", e);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP, .nodes = cd_body_nodes, .mass_const = 1,
    .mass = cd_body_point_mass, .body_position = cd_body_point_position,
    .mass_force = cd_body_point_mass_force};

static const cd_field fields[] = {
    CD_BODY_NAME_FIELD, CD_BODY_MASS_FIELD, CD_BODY_NODE_FIELD("node number"),
    CD_BODY_ALIAS_FIELD("physicsMass", CD_FT_REAL, 0, "kg", "mass")};

const cd_itemtype cd_type_ObjectMassPoint2D = {
    .kind = CD_OBJECT, .name = "ObjectMassPoint2D", .typename_ = "MassPoint2D",
    .alias = "MassPoint2D",
    .doc = "A point mass on a NodePoint2D moving in the x-y plane; mass matrix m I (2x2).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = cd_body_point_outvars};
