/* Node1D: A node with one scalar ODE2 coordinate, used by Mass1D. */
#include "cd_nodes.h"

typedef struct {
    cd_common c;
    cd_vec referenceCoordinates, initialCoordinates, initialVelocities;  /* 1 entries each */
} params;

static int nq(const void *p) { (void)p; return 1; }

static void init(const void *vp, double *qref, double *q0, double *v0)
{
    const params *p = vp;
    cd_pointnode_init(&p->referenceCoordinates, &p->initialCoordinates, &p->initialVelocities,
                      qref, q0, v0);
}

static const cd_nodeops ops = {.flags = 0, .nq = nq, .init = init};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
                                    CD_OV_NONE};

static const cd_field fields[] = {CD_NODE_NAME_FIELD, CD_NODE_COORD_FIELDS(params, 1, "0")};

const cd_itemtype cd_type_Node1D = {
    .kind = CD_NODE, .name = "Node1D", .typename_ = "1D", .alias = NULL,
    .doc = "A node with one scalar ODE2 coordinate, used by Mass1D.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .node = &ops,
    .outvars = outvars};
