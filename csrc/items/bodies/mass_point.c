/* ObjectMassPoint: a point mass on a 3D NodePoint; constant mass matrix m I */
#include "cd_bodies.h"

typedef struct { cd_p_body b; } params;  /* mass, nodeNumber */

/* a NodePoint, or (as in Exudyn) a NodePointGround: then a mass fixed in space, with no
 * coordinates (its mass matrix is 0 x 0; markers and sensors on it read the node's position) */
static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    const cd_item *nd = &s->list[CD_NODE].items[((const cd_p_body *)p)->nodeNumber];
    int fl = nd->type->node->flags;
    if ((fl & CD_NODEF_POS) && (fl & CD_NODEF_GROUND) && !(fl & CD_NODEF_ROT)) return CD_OK;
    return cd_body_check_point_node(s, i, p, 3, "ObjectMassPoint", "NodePoint or NodePointGround",
                                    e);
}

const cd_itemtype cd_type_ObjectMassPoint = {
    .kind = CD_OBJECT, .name = "ObjectMassPoint", .typename_ = "MassPoint", .alias = "MassPoint",
    .doc = "A point mass on a 3D NodePoint (mass matrix m I), or fixed on a NodePointGround.",
    .psize = sizeof(params), .fields = cd_body_point_fields, .nfields = CD_NF(cd_body_point_fields),
    .check = check, .object = &cd_body_point_ops, .outvars = cd_body_point_outvars};
