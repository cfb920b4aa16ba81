/* NodeGenericData: numberOfDataCoordinates Data coordinates (history variables of items, e.g.
 * contact states); they are part of the state but not Newton unknowns */
#include "cd_nodes.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_vec initialCoordinates;   /* n entries */
    int numberOfDataCoordinates; /* n */
} params;

static int nq(const void *p) { (void)p; return 0; }
static int ndata(const void *p) { return ((const params *)p)->numberOfDataCoordinates; }

static void init(const void *vp, double *qref, double *q0, double *v0)
{
    (void)vp; (void)qref; (void)q0; (void)v0;
}

static void initdata(const void *vp, double *d0)
{
    const params *p = vp;
    memcpy(d0, p->initialCoordinates.x, sizeof(double) * (size_t)p->initialCoordinates.n);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    (void)s;
    if (p->initialCoordinates.n != p->numberOfDataCoordinates)
        return cd_error_set(err, CD_ERR_INPUT,
                            "NodeGenericData %d: parameter 'initialCoordinates' must have length "
                            "%d (numberOfDataCoordinates), got length %d", index,
                            p->numberOfDataCoordinates, p->initialCoordinates.n);
    return CD_OK;
}

static const cd_nodeops ops = {.flags = 0, .nq = nq, .ndata = ndata, .init = init,
                               .initdata = initdata};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"initialCoordinates", CD_FT_VEC, 0, OFF(initialCoordinates), NULL, 0, 0, "",
     "initial data coordinates (numberOfDataCoordinates entries)", NULL},
    {"numberOfDataCoordinates", CD_FT_INT, 0, OFF(numberOfDataCoordinates), "0", CD_CHK_NONNEG,
     0, "", "number of data coordinates (history variables)", NULL}};

const cd_itemtype cd_type_NodeGenericData = {
    .kind = CD_NODE, .name = "NodeGenericData", .typename_ = "GenericData", .alias = NULL,
    .doc = "A node with numberOfDataCoordinates Data coordinates: history variables of items "
           "(stored in the state, not solved for by Newton).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .node = &ops, .outvars = outvars};
