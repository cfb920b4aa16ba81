/* NodePoint: A 3D point node with 3 displacement coordinates (x, y, z). */
#include "cd_nodes.h"

typedef struct { cd_p_coordnode n; } params;  /* 3 coordinates */

static int nq(const void *p) { (void)p; return 3; }

static void position(const void *vp, const double *qref, const double *q, const double *v,
                     double pos[3], double vel[3], double *J)
{
    (void)vp;
    cd_pointnode_position(3, qref, q, v, pos, vel, J);
}

static const cd_nodeops ops = {
    .flags = CD_NODEF_POS, .nq = nq, .init = cd_coordnode_init, .position = position};

static const cd_field fields[] = {CD_NODE_NAME_FIELD, CD_NODE_COORD_FIELDS(3, "0 0 0")};

const cd_itemtype cd_type_NodePoint = {
    .kind = CD_NODE, .name = "NodePoint", .typename_ = "Point", .alias = "Point",
    .doc = "A 3D point node with 3 displacement coordinates (x, y, z).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = cd_pointnode_rot_outvars};
