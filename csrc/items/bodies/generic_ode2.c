/* ObjectGenericODE2: M q'' + D q' + K q = f + f_user(t, q, q') on the coordinates of its nodes
 * (q are displacement coordinates). Residual r2 = K q + D q' - f - f_user; with a
 * massMatrixUserFunction M = M_user(t, q, q') and r2 also holds M_user q''. Its Jacobian is
 * analytic (K, D) without user functions, K + J_user(1, 0) and D + J_user(0, 1) with a
 * jacobianUserFunction J_user(fODE2, fODE2_t) = fODE2 dr_user/dq + fODE2_t dr_user/dq' (the
 * derivatives of the left-hand side, as Exudyn's), else numerical. */
#include "cd_bodies.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;                            /* its coordinates: those of these nodes */
    cd_mat massMatrix, stiffnessMatrix, dampingMatrix;   /* n x n each, or empty */
    cd_vec forceVector;                             /* n, or empty */
    cd_func forceUserFunction;
    cd_func massMatrixUserFunction;                 /* f(mbs, t, i, q, q_t) -> n x n */
    cd_func jacobianUserFunction;                   /* f(..., fODE2, fODE2_t) -> n x n */
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

/* the inputs [q, q_t, f2, f2t] of a user function in the scratch; its result follows them */
static double *uf_inputs(const cd_objctx *c, double f2, double f2t)
{
    int n = c->item->nq;
    double *in = c->scratch;
    memcpy(in, c->q, sizeof(double) * (size_t)n);
    memcpy(in + n, c->v, sizeof(double) * (size_t)n);
    in[2 * n] = f2;
    in[2 * n + 1] = f2t;
    return in;
}

/* a matrix user function's n x n row-major result (at the scratch's end) into column-major A */
static int user_matrix(const cd_objctx *c, const cd_func *f, int nin, double f2, double f2t,
                       double *A)
{
    int n = c->item->nq;
    double *in = uf_inputs(c, f2, f2t), *out = in + 2 * n + 2;
    int rc = cd_object_userfunc(c, f, in, nin, out, n * n);
    if (rc) return rc;
    for (int j = 0; j < n; j++)
        for (int i = 0; i < n; i++) A[i + j * n] = out[i * n + j];
    return CD_OK;
}

static int mass(const cd_objctx *c, double *M)
{
    const params *p = c->item->p;
    if (p->massMatrixUserFunction.fn)
        return user_matrix(c, &p->massMatrixUserFunction, 2 * c->item->nq, 0, 0, M);
    to_colmajor(&p->massMatrix, c->item->nq, M);
    return CD_OK;
}

static int mass_varies(const void *vp)
{
    return ((const params *)vp)->massMatrixUserFunction.fn != NULL;
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
    if (p->massMatrixUserFunction.fn && c->a) {  /* r2 += M_user(t, q, q') q'' */
        double *M = c->scratch + 2 * n + 2 + n * n;
        int rc = user_matrix(c, &p->massMatrixUserFunction, 2 * n, 0, 0, M);
        if (rc) return rc;
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++) r2[i] += M[i + j * n] * c->a[j];
    }
    return CD_OK;
}

/* scratch for the user functions' arguments and results: q, q', two factors, a result of up to
 * n x n values, and a mass matrix (n x n) */
static int scratch(const cd_system *s, const cd_item *it)
{
    const params *p = it->p;
    int n = it->nq;
    (void)s;
    if (p->massMatrixUserFunction.fn || p->jacobianUserFunction.fn) return 2 * n + 2 + 2 * n * n;
    return p->forceUserFunction.fn ? 3 * n : 0;
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
    int n = c->item->nq, nin = 2 * n + 2;
    (void)Cq; (void)Gq; (void)Gv;
    if (p->jacobianUserFunction.fn) {  /* Exudyn's: J_user + fODE2 K + fODE2_t D */
        int rc = user_matrix(c, &p->jacobianUserFunction, nin, 1.0, 0.0, K);
        if (!rc) rc = user_matrix(c, &p->jacobianUserFunction, nin, 0.0, 1.0, D);
        if (rc) return rc;
        for (int k = 0; k < n * n; k++) {
            K[k] += p->stiffnessMatrix.rows ? p->stiffnessMatrix.x[(k % n) * n + k / n] : 0.0;
            D[k] += p->dampingMatrix.rows ? p->dampingMatrix.x[(k % n) * n + k / n] : 0.0;
        }
        return CD_OK;
    }
    if (p->forceUserFunction.fn || p->massMatrixUserFunction.fn) return CD_JAC_NUMERICAL;
    to_colmajor(&p->stiffnessMatrix, n, K);
    to_colmajor(&p->dampingMatrix, n, D);
    return CD_OK;
}

/* Coordinates, their derivatives, CoordinatesTotal (reference + displacement) and, as
 * Exudyn's, Force = K q + D q_t - f - f_user(t, q, q_t): the object's residual without the
 * mass term */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = c->item->nq;
    if (var == CD_OV_COORDINATESTOTAL) {
        for (int k = 0; k < n; k++) out[k] = c->sys->qref[c->item->ltg[k]] + c->q[k];
        return n;
    }
    if (var == CD_OV_FORCE) {
        cd_objctx c2 = *c;
        c2.a = NULL;  /* without M_user q'' */
        return residual(&c2, out, NULL) ? -1 : n;
    }
    const double *src = var == CD_OV_COORDINATES ? c->q : var == CD_OV_COORDINATES_T ? c->v
                      : var == CD_OV_COORDINATES_TT ? c->a : NULL;
    if (!src) return -1;
    memcpy(out, src, sizeof(double) * (size_t)n);
    return n;
}

static int uses_uf(const void *vp)
{
    const params *p = vp;
    /* (with a jacobianUserFunction the Jacobian comes from it) */
    return !p->jacobianUserFunction.fn && (p->forceUserFunction.fn || p->massMatrixUserFunction.fn);
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
    .flags = CD_OBJF_BODY, .nodes = nodes, .mass_const = 1, .mass_varies = mass_varies,
    .mass = mass, .residual = residual,
    .jacobian = jacobian, .elastic = elastic, .scratch = scratch, .output = output,
    .uses_userfunc = uses_uf};
static const cd_outvar ov[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_COORDINATES_TT,
                               CD_OV_COORDINATESTOTAL, CD_OV_FORCE, CD_OV_NONE};
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
     "f(mbs, t, itemNumber, q, q_t) -> additional force vector (n)", NULL},
    {"massMatrixUserFunction", CD_FT_FUNC, CD_UF_MASSUF, OFF(massMatrixUserFunction), NULL, 0,
     0, "", "f(mbs, t, itemNumber, q, q_t) -> mass matrix (n x n) replacing massMatrix", NULL},
    {"jacobianUserFunction", CD_FT_FUNC, CD_UF_ODE2JACUF, OFF(jacobianUserFunction), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, q, q_t, fODE2, fODE2_t) -> fODE2 dr/dq + fODE2_t dr/dq_t (n x n) "
     "of the left-hand side r = -forceUserFunction (stiffnessMatrix, dampingMatrix are added)",
     NULL}};

const cd_itemtype cd_type_ObjectGenericODE2 = {
    .kind = CD_OBJECT, .name = "ObjectGenericODE2", .typename_ = "GenericODE2", .alias = NULL,
    .doc = "Linear second-order system M q'' + D q' + K q = f (+ user force) on the coordinates "
           "of its nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = ov};
