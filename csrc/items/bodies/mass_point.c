/* ObjectMassPoint: a point mass on a 3D NodePoint; constant mass matrix m I */
#include "cd_bodies.h"

typedef struct { cd_p_body b; } params;  /* mass, nodeNumber */

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_body_check_point_node(s, i, p, 3, "ObjectMassPoint", "NodePoint", e);
}

const cd_itemtype cd_type_ObjectMassPoint = {
    .kind = CD_OBJECT, .name = "ObjectMassPoint", .typename_ = "MassPoint", .alias = "MassPoint",
    .doc = "A point mass on a 3D NodePoint; mass matrix m I.",
    .psize = sizeof(params), .fields = cd_body_point_fields, .nfields = CD_NF(cd_body_point_fields),
    .check = check, .object = &cd_body_point_ops, .outvars = cd_body_point_outvars};
