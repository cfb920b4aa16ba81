/* ObjectGenericODE1: a first-order system on the ODE1 coordinates y of its nodes,
 *     y' = A y + b + f_user(t, y)
 * with y the nodes' coordinates without reference values (as in Exudyn). */
#include "../../core/cd_items.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;         /* nodes providing the coordinates, in this order */
    cd_mat systemMatrix;         /* A: n x n, or empty */
    cd_vec rhsVector;            /* b: n, or empty */
    cd_func rhsUserFunction;     /* f_user(mbs, t, itemNumber, y) -> n values */
} params;

static int nodes(const void *vp, const int **nd)
{
    const params *p = vp;
    *nd = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* r1 = -(A y + b + f_user) */
static int residual1(const cd_objctx *c, double *r1)
{
    const params *p = c->item->p;
    int n = c->item->n1;
    for (int i = 0; i < n; i++) {
        double f = p->rhsVector.n ? p->rhsVector.x[i] : 0.0;
        for (int j = 0; p->systemMatrix.rows && j < n; j++)
            f += p->systemMatrix.x[i * n + j] * c->y[j];
        r1[i] = -f;
    }
    if (!p->rhsUserFunction.fn) return CD_OK;
    double *fu = c->scratch;  /* n values, asked for at Assemble */
    int rc = cd_object_userfunc(c, &p->rhsUserFunction, c->y, n, fu, n);
    if (rc) return rc;
    for (int i = 0; i < n; i++) r1[i] -= fu[i];
    return CD_OK;
}

static int scratch(const cd_system *s, const cd_item *it) { (void)s; return it->n1; }

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = c->item->n1;
    if (var == CD_OV_COORDINATESTOTAL)  /* reference + displacement */
        for (int k = 0; k < n; k++) out[k] = c->sys->yref[c->item->ltg1[k]] + c->y[k];
    else if (var == CD_OV_COORDINATES) memcpy(out, c->y, sizeof(double) * (size_t)n);
    else if (var == CD_OV_COORDINATES_T) memcpy(out, c->yd, sizeof(double) * (size_t)n);
    else return -1;
    return n;
}

/* every node has ODE1 coordinates only; A is n x n and b has n entries (or they are empty) */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int n = 0;
    for (int k = 0; k < p->nodeNumbers.n; k++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[k]];
        const cd_nodeops *no = nd->type->node;
        int n1 = no->n1 ? no->n1(nd->p) : 0;
        if (n1 == 0 || no->nq(nd->p) != 0)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericODE1 %d: parameter "
                                "'nodeNumbers' entry %d is node %d of type %s, which has no ODE1 "
                                "coordinates (use NodeGenericODE1)", index, k,
                                p->nodeNumbers.x[k], nd->type->name);
        n += n1;
    }
    if (p->nodeNumbers.n == 0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericODE1 %d: parameter 'nodeNumbers' "
                            "is empty", index);
    if (p->systemMatrix.rows && (p->systemMatrix.rows != n || p->systemMatrix.cols != n))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericODE1 %d: parameter 'systemMatrix' "
                            "must be %d x %d (the nodes' ODE1 coordinates) or empty, got %d x %d",
                            index, n, n, p->systemMatrix.rows, p->systemMatrix.cols);
    if (p->rhsVector.n && p->rhsVector.n != n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericODE1 %d: parameter 'rhsVector' "
                            "must have length %d or be empty, got length %d", index, n,
                            p->rhsVector.n);
    return CD_OK;
}

static const cd_objectops ops = {.flags = 0, .nodes = nodes, .residual1 = residual1,
                                 .scratch = scratch, .output = output};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T,
                                    CD_OV_COORDINATESTOTAL, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "object's unique name",
     NULL},
    {"nodeNumbers", CD_FT_INDEXLIST, 0, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "NodeGenericODE1 nodes whose coordinates y the object uses, in this order", NULL},
    {"systemMatrix", CD_FT_MAT, 0, OFF(systemMatrix), NULL, 0, 0, "",
     "A (n x n): y' = A y + rhsVector + rhsUserFunction; empty: none", NULL},
    {"rhsVector", CD_FT_VEC, 0, OFF(rhsVector), NULL, 0, 0, "",
     "constant right-hand side b (n entries); empty: none", NULL},
    {"rhsUserFunction", CD_FT_FUNC, CD_UF_ODE1RHS, OFF(rhsUserFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, q) -> vector added to the right-hand side (q: the coordinates "
     "without reference values)", NULL}};

const cd_itemtype cd_type_ObjectGenericODE1 = {
    .kind = CD_OBJECT, .name = "ObjectGenericODE1", .typename_ = "GenericODE1", .alias = NULL,
    .doc = "A first-order system y' = A y + b + f_user(t, y) on the ODE1 coordinates of "
           "NodeGenericODE1 nodes (state-space models, controllers, filters); integrated with the "
           "trapezoidal rule by the implicit solvers.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
