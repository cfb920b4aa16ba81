/* NodeGenericODE2: numberOfODE2Coordinates generic second-order coordinates */
#include "cd_nodes.h"

typedef struct {
    cd_p_coordnode n;                /* name, the coordinate vectors (n entries each) */
    int numberOfODE2Coordinates;                                          /* n */
} params;

static int nq(const void *p) { return ((const params *)p)->numberOfODE2Coordinates; }

/* every vector must have numberOfODE2Coordinates entries */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_vec *v[3] = {&p->n.referenceCoordinates, &p->n.initialCoordinates,
                          &p->n.initialVelocities};
    const char *nm[3] = {"referenceCoordinates", "initialCoordinates", "initialCoordinates_t"};
    int n = p->numberOfODE2Coordinates;
    (void)s;
    if (n < 1)
        return cd_error_set(err, CD_ERR_INPUT,
                            "NodeGenericODE2 %d: parameter 'numberOfODE2Coordinates' must be >= 1, "
                            "got %d", index, n);
    for (int i = 0; i < 3; i++)
        if (v[i]->n != n)
            return cd_error_set(err, CD_ERR_INPUT,
                                "NodeGenericODE2 %d: parameter '%s' must have length %d "
                                "(numberOfODE2Coordinates), got length %d", index, nm[i], n,
                                v[i]->n);
    return CD_OK;
}

static const cd_nodeops ops = {
    .flags = 0, .nq = nq, .init = cd_coordnode_init};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
                                    CD_OV_COORDINATESTOTAL, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 0, OFF(n.referenceCoordinates), NULL, 0, 0, "",
     "reference coordinates (numberOfODE2Coordinates entries)", NULL},
    {"initialCoordinates", CD_FT_VEC, 0, OFF(n.initialCoordinates), NULL, 0, 0, "",
     "initial displacement coordinates (numberOfODE2Coordinates entries)", NULL},
    {"initialCoordinates_t", CD_FT_VEC, 0, OFF(n.initialVelocities), NULL, 0, 0, "",
     "initial velocities (numberOfODE2Coordinates entries)", NULL},
    {"numberOfODE2Coordinates", CD_FT_INT, 0, OFF(numberOfODE2Coordinates), "0", CD_CHK_NONNEG, 0,
     "", "number of ODE2 coordinates", NULL}};

const cd_itemtype cd_type_NodeGenericODE2 = {
    .kind = CD_NODE, .name = "NodeGenericODE2", .typename_ = "GenericODE2", .alias = NULL,
    .doc = "A node with numberOfODE2Coordinates generic second-order coordinates.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .node = &ops, .outvars = outvars};
