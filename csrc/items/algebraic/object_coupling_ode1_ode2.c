/* ObjectCouplingODE1ODE2: a linear coupling of one ODE2 coordinate q (of nodeNumbers[0]) and
 * one ODE1 coordinate y (of nodeNumbers[1]), both without reference values:
 *     generalized force on q:        f  = forceFactor y
 *     right-hand side of y' += rateFactor q_t
 * An electric motor is the example: torque k i on the shaft (forceFactor = k) and the back
 * electromotive force in L di/dt = U - R i - k omega (rateFactor = -k / L). */
#include "../../core/cd_items.h"

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;     /* [node with ODE2 coordinates, NodeGenericODE1] */
    int coordinateODE2;      /* local index of q in node 0 */
    int coordinateODE1;      /* local index of y in node 1 */
    double forceFactor;      /* kf: f = kf y on q */
    double rateFactor;       /* kv: y' += kv q_t */
} params;

static int nodes(const void *vp, const int **nd)
{
    const params *p = vp;
    *nd = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* r2 = -kf y on q, r1 = -kv q_t on y (residuals are -f, -f1) */
static int mixed(const cd_objctx *c, double *r2, double *rg, double *r1)
{
    const params *p = c->item->p;
    (void)rg;
    r2[p->coordinateODE2] = -p->forceFactor * c->y[p->coordinateODE1];
    r1[p->coordinateODE1] = -p->rateFactor * c->v[p->coordinateODE2];
    return CD_OK;
}

/* the two constant entries d r2_q / dy = -kf, d r1_y / dq_t = -kv */
static int mixed_jacobian(const cd_objctx *c, double *J)
{
    const params *p = c->item->p;
    const cd_item *it = c->item;
    int nq = it->nq, nr = nq + it->n1, nc = 2 * nq + it->n1;
    for (int k = 0; k < nr * nc; k++) J[k] = 0.0;
    J[p->coordinateODE2 + nr * (2 * nq + p->coordinateODE1)] = -p->forceFactor;
    J[(nq + p->coordinateODE1) + nr * (nq + p->coordinateODE2)] = -p->rateFactor;
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    if (var != CD_OV_FORCE) return -1;
    out[0] = p->forceFactor * c->y[p->coordinateODE1];
    return 1;
}

/* node 0 has ODE2 coordinates only, node 1 ODE1 coordinates only; indices in range */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    if (p->nodeNumbers.n != 2)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectCouplingODE1ODE2 %d: parameter "
                            "'nodeNumbers' must have 2 entries [ODE2 node, NodeGenericODE1], got "
                            "%d", index, p->nodeNumbers.n);
    const cd_item *n0 = &s->list[CD_NODE].items[p->nodeNumbers.x[0]];
    const cd_item *n1 = &s->list[CD_NODE].items[p->nodeNumbers.x[1]];
    int q0 = n0->type->node->nq(n0->p), y0 = n0->type->node->n1 ? n0->type->node->n1(n0->p) : 0;
    int q1 = n1->type->node->nq(n1->p), y1 = n1->type->node->n1 ? n1->type->node->n1(n1->p) : 0;
    if (q0 == 0 || y0 != 0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectCouplingODE1ODE2 %d: parameter "
                            "'nodeNumbers' entry 0 is node %d of type %s, which has no ODE2 "
                            "coordinates", index, p->nodeNumbers.x[0], n0->type->name);
    if (y1 == 0 || q1 != 0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectCouplingODE1ODE2 %d: parameter "
                            "'nodeNumbers' entry 1 is node %d of type %s, which has no ODE1 "
                            "coordinates (use NodeGenericODE1)", index, p->nodeNumbers.x[1],
                            n1->type->name);
    if (p->coordinateODE2 < 0 || p->coordinateODE2 >= q0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectCouplingODE1ODE2 %d: parameter "
                            "'coordinateODE2' must be in [0, %d) (the ODE2 coordinates of node "
                            "%d), got %d", index, q0, p->nodeNumbers.x[0], p->coordinateODE2);
    if (p->coordinateODE1 < 0 || p->coordinateODE1 >= y1)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectCouplingODE1ODE2 %d: parameter "
                            "'coordinateODE1' must be in [0, %d) (the ODE1 coordinates of node "
                            "%d), got %d", index, y1, p->nodeNumbers.x[1], p->coordinateODE1);
    return CD_OK;
}

static const cd_objectops ops = {.flags = 0, .nodes = nodes, .output = output,
                                 .mixed_rows = CD_MIXR_ODE2 | CD_MIXR_ODE1, .mixed = mixed,
                                 .mixed_jacobian = mixed_jacobian};
static const cd_outvar outvars[] = {CD_OV_FORCE, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "object's unique name",
     NULL},
    {"nodeNumbers", CD_FT_INDEXLIST, 2, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "[node with ODE2 coordinates, NodeGenericODE1]", NULL},
    {"coordinateODE2", CD_FT_INT, 0, OFF(coordinateODE2), "0", CD_CHK_NONNEG, 0, "",
     "local index of the coupled ODE2 coordinate q in node 0", NULL},
    {"coordinateODE1", CD_FT_INT, 0, OFF(coordinateODE1), "0", CD_CHK_NONNEG, 0, "",
     "local index of the coupled ODE1 coordinate y in node 1", NULL},
    {"forceFactor", CD_FT_REAL, 0, OFF(forceFactor), "0", 0, 0, "",
     "generalized force forceFactor * y on q (a motor constant: torque per current)", NULL},
    {"rateFactor", CD_FT_REAL, 0, OFF(rateFactor), "0", 0, 0, "",
     "rateFactor * q_t added to the right-hand side of y' (back-EMF: -k / L)", NULL}};

const cd_itemtype cd_type_ObjectCouplingODE1ODE2 = {
    .kind = CD_OBJECT, .name = "ObjectCouplingODE1ODE2", .typename_ = "CouplingODE1ODE2",
    .alias = NULL,
    .doc = "A linear coupling of an ODE2 coordinate q and an ODE1 coordinate y: the generalized "
           "force forceFactor y on q and rateFactor q_t added to y' (an electric motor: torque "
           "k i, back-EMF -k omega / L). Part of the Newton matrix with its analytic Jacobian, "
           "so a circuit or controller on ODE1 coordinates and a mechanism are solved together.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
