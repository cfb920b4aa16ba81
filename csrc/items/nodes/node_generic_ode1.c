/* NodeGenericODE1: numberOfODE1Coordinates first-order coordinates y (total = reference + y) */
#include "cd_nodes.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_vec referenceCoordinates, initialCoordinates;  /* n entries each */
    int numberOfODE1Coordinates;                      /* n */
} params;

static int nq(const void *p) { (void)p; return 0; }
static int n1(const void *p) { return ((const params *)p)->numberOfODE1Coordinates; }

static void init(const void *vp, double *qref, double *q0, double *v0)
{
    (void)vp; (void)qref; (void)q0; (void)v0;
}

static void init1(const void *vp, double *yref, double *y0)
{
    const params *p = vp;
    memcpy(yref, p->referenceCoordinates.x, sizeof(double) * (size_t)p->referenceCoordinates.n);
    memcpy(y0, p->initialCoordinates.x, sizeof(double) * (size_t)p->initialCoordinates.n);
}

/* both vectors must have numberOfODE1Coordinates entries */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_vec *v[2] = {&p->referenceCoordinates, &p->initialCoordinates};
    const char *nm[2] = {"referenceCoordinates", "initialCoordinates"};
    int n = p->numberOfODE1Coordinates;
    (void)s;
    if (n < 1)
        return cd_error_set(err, CD_ERR_INPUT, "NodeGenericODE1 %d: parameter "
                            "'numberOfODE1Coordinates' must be >= 1, got %d", index, n);
    for (int i = 0; i < 2; i++)
        if (v[i]->n != n)
            return cd_error_set(err, CD_ERR_INPUT,
                                "NodeGenericODE1 %d: parameter '%s' must have length %d "
                                "(numberOfODE1Coordinates), got length %d", index, nm[i], n,
                                v[i]->n);
    return CD_OK;
}

static const cd_nodeops ops = {.flags = 0, .nq = nq, .n1 = n1, .init = init, .init1 = init1};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T,
                                    CD_OV_COORDINATESTOTAL, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 0, OFF(referenceCoordinates), NULL, 0, 0, "",
     "reference coordinates (numberOfODE1Coordinates entries)", NULL},
    {"initialCoordinates", CD_FT_VEC, 0, OFF(initialCoordinates), NULL, 0, 0, "",
     "initial displacement coordinates (numberOfODE1Coordinates entries)", NULL},
    {"numberOfODE1Coordinates", CD_FT_INT, 0, OFF(numberOfODE1Coordinates), "0", CD_CHK_NONNEG,
     0, "", "number of ODE1 (first-order) coordinates", NULL}};

const cd_itemtype cd_type_NodeGenericODE1 = {
    .kind = CD_NODE, .name = "NodeGenericODE1", .typename_ = "GenericODE1", .alias = NULL,
    .doc = "A node with numberOfODE1Coordinates first-order (ODE1) coordinates, e.g. for "
           "ObjectGenericODE1 (state-space systems, controllers).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .node = &ops, .outvars = outvars};
