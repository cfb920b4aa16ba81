/* NodePoint2D: A 2D point node with 2 displacement coordinates (x, y) in the x-y plane. */
#include "cd_nodes.h"

typedef struct { cd_p_coordnode n; } params;  /* 2 coordinates */

static int nq(const void *p) { (void)p; return 2; }

static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    (void)vp;
    cd_pointnode_position(2, qref, q, v, pos, vel, J);
}

static const cd_nodeops ops = {
    .flags = CD_NODEF_POS, .nq = nq, .init = cd_coordnode_init, .position = position};

static const cd_field fields[] = {CD_NODE_NAME_FIELD, CD_NODE_COORD_FIELDS(2, "0 0")};

const cd_itemtype cd_type_NodePoint2D = {
    .kind = CD_NODE, .name = "NodePoint2D", .typename_ = "Point2D", .alias = "Point2D",
    .doc = "A 2D point node with 2 displacement coordinates (x, y) in the x-y plane.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = cd_pointnode_rot_outvars};
