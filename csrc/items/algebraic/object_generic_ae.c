/* ObjectGenericAE: algebraic equations on the coordinates u of its nodes,
 *     0 = g(u, u_t, t) = A u + f_user(t, u, u_t) - offset      (numberOfEquations rows)
 * u: the nodes' coordinates in the order of nodeNumbers, each node giving its algebraic
 * variables x (NodeGenericAE), its ODE2 coordinates q (displacements, without reference
 * values) or its ODE1 coordinates y (without reference values); u_t: the ODE2 velocities,
 * zero for x and y. The equations take rows of the AE pool (core/cd_system.h): they determine
 * the algebraic variables; they apply no force to q and no rate to y. */
#include "../../core/cd_items.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;           /* nodes giving u, in this order */
    int numberOfEquations;         /* m; 0: rows of systemMatrix, else length of offset */
    cd_mat systemMatrix;           /* A: m x n, or empty */
    cd_vec offset;                 /* m, or empty */
    cd_func constraintUserFunction; /* f(mbs, t, itemNumber, q, q_t, velocityLevel) -> m */
    cd_func jacobianUserFunction;   /* f(...) -> m x n: d f_user / du */
} params;

static int nodes(const void *vp, const int **nd)
{
    const params *p = vp;
    *nd = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* m: numberOfEquations, else the rows of systemMatrix, else the length of offset */
static int neq(const void *vp)
{
    const params *p = vp;
    return p->numberOfEquations > 0 ? p->numberOfEquations
           : p->systemMatrix.rows > 0 ? p->systemMatrix.rows : p->offset.n;
}

/* entry k of u: *kind 0 (q), 1 (x), 2 (y) and its index in that kind's local vector; returns
 * its column in the local Jacobian (cd_objectops.mixed_jacobian: q, q', x, y) */
static int u_entry(const cd_objctx *c, int k, int *kind, int *idx)
{
    const params *p = c->item->p;
    int off[3] = {0, 0, 0};
    for (int j = 0; j < p->nodeNumbers.n; j++) {
        const cd_item *nd = &c->sys->list[CD_NODE].items[p->nodeNumbers.x[j]];
        int cnt[3] = {nd->nq, nd->nx, nd->n1};
        for (int t = 0; t < 3; t++) {
            if (k < cnt[t]) {
                *kind = t;
                *idx = off[t] + k;
                int nq = c->item->nq;
                return t == 0 ? *idx : t == 1 ? 2 * nq + *idx : 2 * nq + c->item->nx + *idx;
            }
            k -= cnt[t];
            off[t] += cnt[t];
        }
    }
    *kind = *idx = -1;
    return -1;
}

static int ucount(const cd_item *it) { return it->nq + it->nx + it->n1; }

/* u, u_t (n each) and velocityLevel = 0 into in (2 n + 1) */
static void gather_u(const cd_objctx *c, double *in)
{
    int n = ucount(c->item), kind, i;
    for (int k = 0; k < n; k++) {
        u_entry(c, k, &kind, &i);
        in[k] = kind == 0 ? c->q[i] : kind == 1 ? c->x[i] : c->y[i];
        in[n + k] = kind == 0 ? c->v[i] : 0.0;
    }
    in[2 * n] = 0.0;
}

/* rg = A u + f_user - offset; no ODE2 or ODE1 rows */
static int mixed(const cd_objctx *c, double *r2, double *rg, double *r1)
{
    const params *p = c->item->p;
    int n = ucount(c->item), m = c->item->neq;
    double *in = c->scratch, *fu = in + 2 * n + 1;
    (void)r2; (void)r1;
    gather_u(c, in);
    for (int i = 0; i < m; i++) {
        double g = p->offset.n ? -p->offset.x[i] : 0.0;
        for (int j = 0; p->systemMatrix.rows && j < n; j++) g += p->systemMatrix.x[i * n + j] * in[j];
        rg[i] = g;
    }
    if (!p->constraintUserFunction.fn) return CD_OK;
    int rc = cd_object_userfunc(c, &p->constraintUserFunction, in, 2 * n + 1, fu, m);
    if (rc) return rc;
    for (int i = 0; i < m; i++) rg[i] += fu[i];
    return CD_OK;
}

/* J = dg/du in the local layout: A, plus the user's Jacobian (g then must not depend on
 * q_t); numerical when there is a constraintUserFunction without jacobianUserFunction */
static int mixed_jacobian(const cd_objctx *c, double *J)
{
    const params *p = c->item->p;
    const cd_item *it = c->item;
    int n = ucount(it), m = it->neq, nr = it->nq + m + it->n1, nc = 2 * it->nq + it->nx + it->n1;
    int kind, idx;
    if (p->constraintUserFunction.fn && !p->jacobianUserFunction.fn) return CD_JAC_NUMERICAL;
    double *in = c->scratch, *Ju = in + 2 * n + 1 + m;
    memset(J, 0, sizeof(double) * (size_t)nr * (size_t)nc);
    if (p->jacobianUserFunction.fn) {
        gather_u(c, in);
        int rc = cd_object_userfunc(c, &p->jacobianUserFunction, in, 2 * n + 1, Ju, m * n);
        if (rc) return rc;
    }
    for (int k = 0; k < n; k++) {
        int col = u_entry(c, k, &kind, &idx);
        for (int i = 0; i < m; i++) {
            double a = p->systemMatrix.rows ? p->systemMatrix.x[i * n + k] : 0.0;
            if (p->jacobianUserFunction.fn) a += Ju[i * n + k];  /* row-major m x n */
            J[(it->nq + i) + (size_t)nr * col] = a;
        }
    }
    return CD_OK;
}

/* u, u_t, the flag, f_user (m) and the user's Jacobian (m x n) */
static int scratch(const cd_system *s, const cd_item *it)
{
    int n = ucount(it);
    (void)s;
    return 2 * n + 1 + it->neq + it->neq * n;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    if (var != CD_OV_CONSTRAINTEQUATION) return -1;
    double r2dummy = 0, r1dummy = 0;
    int rc = mixed(c, &r2dummy, out, &r1dummy);
    return rc ? -1 : c->item->neq;
}

/* nodes: NodeGenericAE, nodes with ODE2 coordinates or NodeGenericODE1 (one kind each);
 * sizes of systemMatrix (m x n), offset (m) and numberOfEquations consistent; some equation */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int n = 0;
    if (p->nodeNumbers.n == 0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericAE %d: parameter 'nodeNumbers' is "
                            "empty", index);
    for (int k = 0; k < p->nodeNumbers.n; k++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[k]];
        const cd_nodeops *no = nd->type->node;
        int c2 = no->nq(nd->p), c1 = no->n1 ? no->n1(nd->p) : 0, cx = no->nx ? no->nx(nd->p) : 0;
        int cd = no->ndata ? no->ndata(nd->p) : 0;
        if (c2 + c1 + cx == 0 || cd > 0)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericAE %d: parameter 'nodeNumbers' "
                                "entry %d is node %d of type %s, which has no algebraic, ODE2 "
                                "or ODE1 coordinates", index, k, p->nodeNumbers.x[k],
                                nd->type->name);
        n += c2 + c1 + cx;
    }
    int m = neq(p);
    if (m < 1)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericAE %d: no equations: set "
                            "'numberOfEquations' (or give 'systemMatrix' or 'offset')", index);
    if (p->systemMatrix.rows && (p->systemMatrix.rows != m || p->systemMatrix.cols != n))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericAE %d: parameter 'systemMatrix' "
                            "must be %d x %d (numberOfEquations x the nodes' coordinates) or "
                            "empty, got %d x %d", index, m, n, p->systemMatrix.rows,
                            p->systemMatrix.cols);
    if (p->offset.n && p->offset.n != m)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericAE %d: parameter 'offset' must "
                            "have length %d (numberOfEquations) or be empty, got length %d",
                            index, m, p->offset.n);
    if (!p->systemMatrix.rows && !p->constraintUserFunction.fn)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericAE %d: the equations depend on "
                            "no coordinate: give 'systemMatrix' or 'constraintUserFunction'",
                            index);
    if (p->jacobianUserFunction.fn && !p->constraintUserFunction.fn)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericAE %d: 'jacobianUserFunction' "
                            "without 'constraintUserFunction'", index);
    return CD_OK;
}

static const cd_objectops ops = {.flags = 0, .nodes = nodes, .scratch = scratch,
                                 .output = output, .mixed_rows = CD_MIXR_AE, .neq = neq,
                                 .mixed = mixed, .mixed_jacobian = mixed_jacobian};
static const cd_outvar outvars[] = {CD_OV_CONSTRAINTEQUATION, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "object's unique name",
     NULL},
    {"nodeNumbers", CD_FT_INDEXLIST, 0, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "nodes whose coordinates u the equations use, in this order: NodeGenericAE (algebraic "
     "variables x), ODE2 nodes (q) or NodeGenericODE1 (y)", NULL},
    {"numberOfEquations", CD_FT_INT, 0, OFF(numberOfEquations), "0", CD_CHK_NONNEG, 0, "",
     "number m of algebraic equations; 0: the rows of systemMatrix, else the length of offset",
     NULL},
    {"systemMatrix", CD_FT_MAT, 0, OFF(systemMatrix), NULL, 0, 0, "",
     "A (m x n, n = the nodes' coordinates): 0 = A u + constraintUserFunction - offset; "
     "empty: none", NULL},
    {"offset", CD_FT_VEC, 0, OFF(offset), NULL, 0, 0, "",
     "constant vector subtracted from the equations (m entries); empty: zero", NULL},
    {"constraintUserFunction", CD_FT_FUNC, CD_UF_CONSTRAINTUF, OFF(constraintUserFunction), NULL,
     0, 0, "", "f(mbs, t, itemNumber, q, q_t, velocityLevel) -> m values added to the equations "
     "(q: the coordinates u, q_t: their velocities, zero for algebraic and ODE1 ones; "
     "velocityLevel: always False)", NULL},
    {"jacobianUserFunction", CD_FT_FUNC, CD_UF_JACOBIANUF, OFF(jacobianUserFunction), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, q, q_t, velocityLevel) -> m x n matrix d constraintUserFunction "
     "/ dq (q_t not used); none: numerical differentiation", NULL}};

const cd_itemtype cd_type_ObjectGenericAE = {
    .kind = CD_OBJECT, .name = "ObjectGenericAE", .typename_ = "GenericAE", .alias = NULL,
    .doc = "Algebraic equations 0 = A u + f_user(t, u, u_t) - offset on the coordinates u of "
           "its nodes (algebraic variables of NodeGenericAE nodes, ODE2 and ODE1 coordinates): "
           "circuits, algebraic loops, relations between algebraic variables and mechanical "
           "coordinates. The equations determine the algebraic variables (as many equations in "
           "the system as algebraic variables) and apply no forces; solved together with the "
           "rest of the system by the implicit solvers.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
