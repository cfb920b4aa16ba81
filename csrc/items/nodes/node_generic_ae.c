/* NodeGenericAE: numberOfAECoordinates algebraic variables x (AE coordinates without equations
 * of their own: the equations come from ObjectGenericAE objects, see core/cd_system.h) */
#include "cd_nodes.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_vec referenceCoordinates, initialCoordinates;  /* n entries each */
    int numberOfAECoordinates;                        /* n */
} params;

static int nq(const void *p) { (void)p; return 0; }
static int nx(const void *p) { return ((const params *)p)->numberOfAECoordinates; }

static void init(const void *vp, double *qref, double *q0, double *v0)
{
    (void)vp; (void)qref; (void)q0; (void)v0;
}

/* x0: the initial values, the start of the first solve's iteration for x */
static void initx(const void *vp, double *x0)
{
    const params *p = vp;
    memcpy(x0, p->initialCoordinates.x, sizeof(double) * (size_t)p->initialCoordinates.n);
}

/* numberOfAECoordinates >= 1; both vectors empty (zeros) or of that length */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_vec *v[2] = {&p->referenceCoordinates, &p->initialCoordinates};
    const char *nm[2] = {"referenceCoordinates", "initialCoordinates"};
    int n = p->numberOfAECoordinates;
    (void)s;
    if (n < 1)
        return cd_error_set(err, CD_ERR_INPUT, "NodeGenericAE %d: parameter "
                            "'numberOfAECoordinates' must be >= 1, got %d", index, n);
    for (int i = 0; i < 2; i++)
        if (v[i]->n != n)
            return cd_error_set(err, CD_ERR_INPUT, "NodeGenericAE %d: parameter '%s' must have "
                                "length %d (numberOfAECoordinates), got length %d", index, nm[i],
                                n, v[i]->n);
    return CD_OK;
}

static const cd_nodeops ops = {.flags = 0, .nq = nq, .nx = nx, .init = init, .initx = initx};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_NODE_NAME_FIELD,
    {"referenceCoordinates", CD_FT_VEC, 0, OFF(referenceCoordinates), NULL, 0, 0, "",
     "reference coordinates (numberOfAECoordinates entries; kept for Exudyn's interface: "
     "the equations see the variables x themselves)", NULL},
    {"initialCoordinates", CD_FT_VEC, 0, OFF(initialCoordinates), NULL, 0, 0, "",
     "initial values of x (numberOfAECoordinates entries): where the solvers start the "
     "iteration on the algebraic equations", NULL},
    {"numberOfAECoordinates", CD_FT_INT, 0, OFF(numberOfAECoordinates), "0", CD_CHK_NONNEG, 0,
     "", "number of algebraic (AE) variables", NULL}};

const cd_itemtype cd_type_NodeGenericAE = {
    .kind = CD_NODE, .name = "NodeGenericAE", .typename_ = "GenericAE", .alias = NULL,
    .doc = "A node with numberOfAECoordinates algebraic (AE) variables x: currents, voltages, "
           "controller outputs. They have no equations of their own: ObjectGenericAE objects "
           "give the algebraic equations 0 = g(x, q, q_t, y, t), as many in total as there are "
           "algebraic variables.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .node = &ops, .outvars = outvars};
