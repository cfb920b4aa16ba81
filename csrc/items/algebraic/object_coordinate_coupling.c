/* ObjectCoordinateCoupling: a one-way linear coupling of two coordinates of different nodes,
 *     u = coordinate 0 of nodeNumbers[0]: an algebraic variable x, an ODE2 coordinate q (or
 *         its velocity q_t with useVelocity) or an ODE1 coordinate y (displacements, without
 *         reference values)
 *     output node nodeNumbers[1], coordinate 1: with ODE2 coordinates it gets the generalized
 *         force f = factor u, with ODE1 coordinates its right-hand side y' gets + factor u.
 * No reaction acts on the input. An electric motor is two of them: the torque k i on the shaft
 * (factor k, input the current i) and the back-EMF in L di/dt = U - R i - k omega (factor -k/L,
 * input the shaft's velocity); an inductor L di/dt = u_L is one (factor 1/L, input the
 * algebraic variable u_L). */
#include "../../core/cd_items.h"

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;     /* [input node, output node] */
    int coordinates[2];      /* [inputCoordinate, outputCoordinate] (local indices) */
    double factor;           /* f = factor u, or y' += factor u */
    int useVelocity;         /* 1: u = q_t of an ODE2 input */
} params;

enum { K_ODE2 = 0, K_AE = 1, K_ODE1 = 2 };

static int nodes(const void *vp, const int **nd)
{
    const params *p = vp;
    *nd = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* kind of coordinates a node has (K_*), -1 if none or several */
static int node_kind(const cd_item *nd)
{
    const cd_nodeops *no = nd->type->node;
    int c2 = no->nq(nd->p), c1 = no->n1 ? no->n1(nd->p) : 0, cx = no->nx ? no->nx(nd->p) : 0;
    int cd = no->ndata ? no->ndata(nd->p) : 0;
    if (cd || (c2 > 0) + (c1 > 0) + (cx > 0) != 1) return -1;
    return c2 ? K_ODE2 : cx ? K_AE : K_ODE1;
}

static int node_size(const cd_item *nd, int kind)
{
    const cd_nodeops *no = nd->type->node;
    return kind == K_ODE2 ? no->nq(nd->p) : kind == K_AE ? no->nx(nd->p) : no->n1(nd->p);
}

/* where input and output sit in the local vectors: kinds, and local indices (the output comes
 * after the input node's coordinates when both are of one kind) */
typedef struct { int kin, kout, iin, iout; } where;

static where locate(const cd_objctx *c)
{
    const params *p = c->item->p;
    const cd_item *n0 = &c->sys->list[CD_NODE].items[p->nodeNumbers.x[0]];
    const cd_item *n1 = &c->sys->list[CD_NODE].items[p->nodeNumbers.x[1]];
    where w = {node_kind(n0), node_kind(n1), p->coordinates[0], p->coordinates[1]};
    if (w.kin == w.kout) w.iout += node_size(n0, w.kin);
    return w;
}

static double input(const cd_objctx *c, const where *w)
{
    const params *p = c->item->p;
    if (w->kin == K_ODE2) return p->useVelocity ? c->v[w->iin] : c->q[w->iin];
    return w->kin == K_AE ? c->x[w->iin] : c->y[w->iin];
}

/* the output row's residual -factor u (residuals are -f, -f1) */
static int mixed(const cd_objctx *c, double *r2, double *rg, double *r1)
{
    const params *p = c->item->p;
    where w = locate(c);
    double f = p->factor * input(c, &w);
    (void)rg;
    if (w.kout == K_ODE2) r2[w.iout] = -f;
    else r1[w.iout] = -f;
    return CD_OK;
}

/* one entry: d(output row)/d(input column) = -factor */
static int mixed_jacobian(const cd_objctx *c, double *J)
{
    const params *p = c->item->p;
    const cd_item *it = c->item;
    int nq = it->nq, nr = nq + it->n1, nc = 2 * nq + it->nx + it->n1;
    where w = locate(c);
    for (int k = 0; k < nr * nc; k++) J[k] = 0.0;
    int row = w.kout == K_ODE2 ? w.iout : nq + w.iout;
    int col = w.kin == K_ODE2 ? (p->useVelocity ? nq : 0) + w.iin
              : w.kin == K_AE ? 2 * nq + w.iin : 2 * nq + it->nx + w.iin;
    J[row + nr * col] = -p->factor;
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    if (var != CD_OV_FORCE) return -1;
    where w = locate(c);
    out[0] = p->factor * input(c, &w);
    return 1;
}

/* two different nodes of one coordinate kind each; the input any kind, the output ODE2 or
 * ODE1; the coordinates in range; useVelocity only with an ODE2 input */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    static const char *kname[3] = {"ODE2", "algebraic", "ODE1"};
    const params *p = vp;
    if (p->nodeNumbers.x[0] == p->nodeNumbers.x[1])
        return cd_error_set(err, CD_ERR_INPUT, "ObjectCoordinateCoupling %d: parameter "
                            "'nodeNumbers' must name two different nodes, got node %d twice",
                            index, p->nodeNumbers.x[0]);
    for (int k = 0; k < 2; k++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[k]];
        int kind = node_kind(nd);
        if (kind < 0 || (k == 1 && kind == K_AE))
            return cd_error_set(err, CD_ERR_INPUT, "ObjectCoordinateCoupling %d: parameter "
                                "'nodeNumbers' entry %d is node %d of type %s, which has no %s",
                                index, k, p->nodeNumbers.x[k], nd->type->name,
                                k ? "ODE2 or ODE1 coordinates (the output; algebraic variables "
                                    "get their equations from ObjectGenericAE)"
                                  : "algebraic, ODE2 or ODE1 coordinates");
        int n = node_size(nd, kind);
        if (p->coordinates[k] >= n)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectCoordinateCoupling %d: parameter "
                                "'%s' must be in [0, %d) (the %s coordinates of node %d), got %d",
                                index, k ? "outputCoordinate" : "inputCoordinate", n,
                                kname[kind], p->nodeNumbers.x[k], p->coordinates[k]);
        if (k == 0 && p->useVelocity && kind != K_ODE2)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectCoordinateCoupling %d: "
                                "'useVelocity' needs an input node with ODE2 coordinates, node "
                                "%d has %s coordinates", index, p->nodeNumbers.x[0], kname[kind]);
    }
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
     "[input node, output node]: the input any node with algebraic, ODE2 or ODE1 coordinates, "
     "the output a node with ODE2 or ODE1 coordinates", NULL},
    {"inputCoordinate", CD_FT_INT, 0, OFF(coordinates[0]), "0", CD_CHK_NONNEG, 0, "",
     "local index of the input coordinate in node 0", NULL},
    {"outputCoordinate", CD_FT_INT, 0, OFF(coordinates[1]), "0", CD_CHK_NONNEG, 0, "",
     "local index of the output coordinate in node 1", NULL},
    {"factor", CD_FT_REAL, 0, OFF(factor), "0", 0, 0, "",
     "output = factor * input: a generalized force (ODE2 output) or a rate added to y' "
     "(ODE1 output)", NULL},
    {"useVelocity", CD_FT_BOOL, 0, OFF(useVelocity), "0", 0, 0, "",
     "True: the input is the velocity q_t of an ODE2 coordinate (a back-EMF k omega)", NULL}};

const cd_itemtype cd_type_ObjectCoordinateCoupling = {
    .kind = CD_OBJECT, .name = "ObjectCoordinateCoupling", .typename_ = "CoordinateCoupling",
    .alias = NULL,
    .doc = "A one-way linear coupling: factor times a coordinate of one node (an algebraic "
           "variable, an ODE2 coordinate or its velocity, an ODE1 coordinate) acts as a "
           "generalized force on an ODE2 coordinate, or is added to the rate of an ODE1 "
           "coordinate, of another node; no reaction on the input. Motors (torque k i, "
           "back-EMF), inductors and capacitors fed by algebraic variables, controllers. Part "
           "of the Newton matrix with its analytic Jacobian.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
