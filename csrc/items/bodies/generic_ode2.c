/* ObjectGenericODE2: M q'' + D q' + K q = f + f_user(t, q, q') on the coordinates of its nodes
 * (q are displacement coordinates). Residual r2 = K q + D q' - f - f_user. */
#include "cd_bodies.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;                            /* its coordinates: those of these nodes */
    cd_mat massMatrix, stiffnessMatrix, dampingMatrix;   /* n x n each, or empty */
    cd_vec forceVector;                             /* n, or empty */
    cd_func forceUserFunction;
} params;

#define OFF(f) offsetof(params, f)

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* copy a row-major n x n matrix into column-major M (zero if absent) */
static void to_colmajor(const cd_mat *A, int n, double *M)
{
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) M[i + j * n] = A->rows ? A->x[i * n + j] : 0.0;
}

static int mass(const cd_objctx *c, double *M)
{
    to_colmajor(&((const params *)c->item->p)->massMatrix, c->item->nq, M);
    return CD_OK;
}

/* y += A x for row-major n x n A (absent: nothing) */
static void matvec_add(const cd_mat *A, int n, const double *x, double *y)
{
    if (!A->rows) return;
    for (int i = 0; i < n; i++) {
        double s = 0;
        for (int j = 0; j < n; j++) s += A->x[i * n + j] * x[j];
        y[i] += s;
    }
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    int n = c->item->nq;
    (void)rae;
    for (int i = 0; i < n; i++) r2[i] = p->forceVector.n ? -p->forceVector.x[i] : 0.0;
    matvec_add(&p->stiffnessMatrix, n, c->q, r2);
    matvec_add(&p->dampingMatrix, n, c->v, r2);
    if (p->forceUserFunction.fn) {
        double *in = c->scratch, *out = c->scratch + 2 * n;  /* 3 n, asked for at Assemble */
        memcpy(in, c->q, sizeof(double) * (size_t)n);
        memcpy(in + n, c->v, sizeof(double) * (size_t)n);
        int rc = cd_object_userfunc(c, &p->forceUserFunction, in, 2 * n, out, n);
        if (rc) return rc;
        for (int i = 0; i < n; i++) r2[i] -= out[i];
    }
    return CD_OK;
}

/* scratch for the user function's arguments and result: q, q' and f_user (3 n) */
static int scratch(const cd_system *s, const cd_item *it)
{
    (void)s;
    return ((const params *)it->p)->forceUserFunction.fn ? 3 * it->nq : 0;
}

/* the elastic forces K q and their tangent K (the damping and the forces are not elastic) */
static int elastic(const cd_objctx *c, double *fel, double *Kel)
{
    const params *p = c->item->p;
    int n = c->item->nq;
    memset(fel, 0, sizeof(double) * (size_t)n);
    matvec_add(&p->stiffnessMatrix, n, c->q, fel);
    if (Kel) to_colmajor(&p->stiffnessMatrix, n, Kel);
    return CD_OK;
}

/* K = stiffnessMatrix, D = dampingMatrix (exact unless a user force is set) */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const params *p = c->item->p;
    (void)Cq; (void)Gq; (void)Gv;
    if (p->forceUserFunction.fn) return CD_JAC_NUMERICAL;
    to_colmajor(&p->stiffnessMatrix, c->item->nq, K);
    to_colmajor(&p->dampingMatrix, c->item->nq, D);
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = c->item->nq;
    const double *src = var == CD_OV_COORDINATES ? c->q : var == CD_OV_COORDINATES_T ? c->v
                      : var == CD_OV_COORDINATES_TT ? c->a : NULL;
    if (!src) return -1;
    memcpy(out, src, sizeof(double) * (size_t)n);
    return n;
}

static int uses_uf(const void *vp)
{
    return ((const params *)vp)->forceUserFunction.fn != NULL;
}

/* sizes: every matrix n x n (or empty), force vector n (or empty), nodes with coordinates */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_mat *m[3] = {&p->massMatrix, &p->stiffnessMatrix, &p->dampingMatrix};
    const char *nm[3] = {"massMatrix", "stiffnessMatrix", "dampingMatrix"};
    int n = 0;
    for (int i = 0; i < p->nodeNumbers.n; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[i]];
        n += nd->type->node->nq(nd->p);
    }
    if (p->nodeNumbers.n == 0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGenericODE2 %d: parameter 'nodeNumbers' "
                            "is empty", index);
    for (int i = 0; i < 3; i++)
        if (m[i]->rows && (m[i]->rows != n || m[i]->cols != n))
            return cd_error_set(err, CD_ERR_INPUT,
                                "ObjectGenericODE2 %d: parameter '%s' must be %dx%d (the nodes "
                                "have %d coordinates), got %dx%d", index, nm[i], n, n, n,
                                m[i]->rows, m[i]->cols);
    if (p->forceVector.n && p->forceVector.n != n)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectGenericODE2 %d: parameter 'forceVector' must have length %d, "
                            "got length %d", index, n, p->forceVector.n);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY, .nodes = nodes, .mass_const = 1, .mass = mass, .residual = residual,
    .jacobian = jacobian, .elastic = elastic, .scratch = scratch, .output = output,
    .uses_userfunc = uses_uf};
static const cd_outvar ov[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
                               CD_OV_NONE};
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    {"nodeNumbers", CD_FT_INDEXLIST, 0, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "nodes whose coordinates (in this order) form the object's coordinates q", NULL},
    {"massMatrix", CD_FT_MAT, 0, OFF(massMatrix), NULL, 0, 0, "", "mass matrix M (n x n)", NULL},
    {"stiffnessMatrix", CD_FT_MAT, 0, OFF(stiffnessMatrix), NULL, 0, 0, "",
     "stiffness matrix K (n x n)", NULL},
    {"dampingMatrix", CD_FT_MAT, 0, OFF(dampingMatrix), NULL, 0, 0, "", "damping matrix D (n x n)",
     NULL},
    {"forceVector", CD_FT_VEC, 0, OFF(forceVector), NULL, 0, 0, "", "constant force vector f (n)",
     NULL},
    {"forceUserFunction", CD_FT_FUNC, CD_UF_GENERICFORCE, OFF(forceUserFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, q, q_t) -> additional force vector (n)", NULL}};

const cd_itemtype cd_type_ObjectGenericODE2 = {
    .kind = CD_OBJECT, .name = "ObjectGenericODE2", .typename_ = "GenericODE2", .alias = NULL,
    .doc = "Linear second-order system M q'' + D q' + K q = f (+ user force) on the coordinates "
           "of its nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = ov};
