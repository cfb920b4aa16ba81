/* Node1D: A node with one scalar ODE2 coordinate, used by Mass1D. */
#include "cd_nodes.h"

typedef struct { cd_p_coordnode n; } params;  /* 1 coordinate */

static int nq(const void *p) { (void)p; return 1; }

static const cd_nodeops ops = {
    .flags = 0, .nq = nq, .init = cd_coordnode_init};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
                                    CD_OV_COORDINATESTOTAL, CD_OV_NONE};

static const cd_field fields[] = {CD_NODE_NAME_FIELD, CD_NODE_COORD_FIELDS(1, "0")};

const cd_itemtype cd_type_Node1D = {
    .kind = CD_NODE, .name = "Node1D", .typename_ = "1D", .alias = NULL,
    .doc = "A node with one scalar ODE2 coordinate, used by Mass1D.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = outvars};
