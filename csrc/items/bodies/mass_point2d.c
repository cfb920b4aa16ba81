/* ObjectMassPoint2D: a point mass on a NodePoint2D in the x-y plane; mass matrix m I (2x2) */
#include "cd_bodies.h"

typedef struct { cd_p_body b; } params;  /* mass, nodeNumber */

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_body_check_point_node(s, i, p, 2, "ObjectMassPoint2D", "NodePoint2D", e);
}

const cd_itemtype cd_type_ObjectMassPoint2D = {
    .kind = CD_OBJECT, .name = "ObjectMassPoint2D", .typename_ = "MassPoint2D",
    .alias = "MassPoint2D",
    .doc = "A point mass on a NodePoint2D moving in the x-y plane; mass matrix m I (2x2).",
    .psize = sizeof(params), .fields = cd_body_point_fields, .nfields = CD_NF(cd_body_point_fields),
    .check = check, .object = &cd_body_point_ops, .outvars = cd_body_point_outvars};
