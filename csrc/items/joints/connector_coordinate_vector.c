/* ObjectConnectorCoordinateVector: m algebraic equations between the coordinate vectors u0, u1
 * of two vector markers (MarkerNodeCoordinates, MarkerObjectODE2Coordinates,
 * MarkerBodyCable2DCoordinates; u = reference + displacement), Exudyn's item:
 *     g = (S1 u1 + Q1 u1^2) - (S0 u0 + Q0 u0^2) - offset = 0
 * with u^2 taken entrywise, S0, Q0 (m x n0), S1, Q1 (m x n1) the scaling and quadratic-term
 * matrices (an empty one is absent) and m the largest number of rows among them. With
 * velocityLevel the same is written in the velocities u_t; at index 2 a position-level
 * equation is replaced by its time derivative g_t = C_q u_t (exact; Exudyn evaluates
 * S u_t + Q u_t^2 there; with user functions g_t = (jacobianUserFunction) u_t, so the
 * user's constraint function is only asked at its own level). C_q = [-(S0 + 2 Q0 diag u0), S1 + 2 Q1 diag u1] (diag u_t at
 * velocity level), r2 = C_q^T lambda. A constraintUserFunction f(mbs, t, itemNumber, q, q_t,
 * velocityLevel), q = [u0; u1], replaces g; its jacobianUserFunction (m x (n0 + n1)) is C_q. */
#include "cd_joints.h"
#include "../markers/cd_marker_vector.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                            /* name, markerNumbers */
    cd_mat scalingMarker0, scalingMarker1;       /* m x n0, m x n1, or empty */
    cd_mat quadraticTermMarker0, quadraticTermMarker1;
    cd_vec offset;                               /* m, or empty */
    int velocityLevel;
    cd_func constraintUserFunction, jacobianUserFunction;
    int activeConnector;
} params;

static int maxi(int a, int b) { return a > b ? a : b; }

static int nae(const void *vp)
{
    const params *p = vp;
    return maxi(maxi(p->scalingMarker0.rows, p->scalingMarker1.rows),
                maxi(p->quadraticTermMarker0.rows, p->quadraticTermMarker1.rows));
}
static int active(const void *p) { return ((const params *)p)->activeConnector; }
static int velocity_level(const void *p) { return ((const params *)p)->velocityLevel; }
static int uses_uf(const void *p) { return ((const params *)p)->constraintUserFunction.fn != 0; }

/* in = [u0; u1; u0_t; u1_t; flag] (2 nq + 1): total coordinates and velocities */
static void gather(const cd_objctx *c, double *in, int flag)
{
    const cd_item *it = c->item;
    int nq = it->nq;
    for (int j = 0; j < nq; j++) {
        in[j] = c->sys->qref[it->ltg[j]] + c->q[j];
        in[nq + j] = c->v[j];
    }
    in[2 * nq] = flag;
}

/* g += s (S w + Q w^2) over the block of marker k (w: its n entries) */
static void add_block(const cd_mat *S, const cd_mat *Q, const double *w, double s, double *g)
{
    for (int i = 0; S->rows && i < S->rows; i++)
        for (int j = 0; j < S->cols; j++) g[i] += s * S->x[i * S->cols + j] * w[j];
    for (int i = 0; Q->rows && i < Q->rows; i++)
        for (int j = 0; j < Q->cols; j++) g[i] += s * Q->x[i * Q->cols + j] * w[j] * w[j];
}

/* Cq (m x nq, column-major) = [-(S0 + 2 Q0 diag w0), S1 + 2 Q1 diag w1] */
static void cq_block(const params *p, int m, int n0, int nq, const double *w, double *Cq)
{
    memset(Cq, 0, sizeof(double) * (size_t)(m * nq));
    for (int k = 0; k < 2; k++) {
        const cd_mat *S = k ? &p->scalingMarker1 : &p->scalingMarker0;
        const cd_mat *Q = k ? &p->quadraticTermMarker1 : &p->quadraticTermMarker0;
        int o = k ? n0 : 0;
        double s = k ? 1.0 : -1.0;
        for (int i = 0; S->rows && i < S->rows; i++)
            for (int j = 0; j < S->cols; j++) Cq[i + m * (o + j)] += s * S->x[i * S->cols + j];
        for (int i = 0; Q->rows && i < Q->rows; i++)
            for (int j = 0; j < Q->cols; j++)
                Cq[i + m * (o + j)] += 2.0 * s * Q->x[i * Q->cols + j] * w[o + j];
    }
}

/* g (m) at position or velocity level (vel), and Cq (m x nq) with respect to the coordinates
 * the level constrains; user functions as described above. work: 2 nq + 1 + m nq doubles */
static int equations(const cd_objctx *c, int vel, double *g, double *Cq, double *work)
{
    const params *p = c->item->p;
    int m = c->item->nae, nq = c->item->nq, n0 = c->md[0].n;
    double *in = work, *Ju = work + 2 * nq + 1;
    gather(c, in, vel);
    const double *w = in + (vel ? nq : 0);
    if (p->constraintUserFunction.fn) {
        int rc = cd_object_userfunc(c, &p->constraintUserFunction, in, 2 * nq + 1, g, m);
        if (rc || !Cq) return rc;
        in[2 * nq] = p->velocityLevel;   /* Exudyn: the Jacobian is asked at the item's level */
        rc = cd_object_userfunc(c, &p->jacobianUserFunction, in, 2 * nq + 1, Ju, m * nq);
        if (rc) return rc;
        for (int i = 0; i < m; i++)       /* row-major m x nq -> column-major */
            for (int j = 0; j < nq; j++) Cq[i + m * j] = Ju[i * nq + j];
        return CD_OK;
    }
    memset(g, 0, sizeof(double) * (size_t)m);
    add_block(&p->scalingMarker0, &p->quadraticTermMarker0, w, -1.0, g);
    add_block(&p->scalingMarker1, &p->quadraticTermMarker1, w + n0, 1.0, g);
    for (int i = 0; p->offset.n && i < m; i++) g[i] -= p->offset.x[i];
    if (Cq) cq_block(p, m, n0, nq, w, Cq);
    return CD_OK;
}

/* r2 = Cq^T lambda; rae = g (position or velocity level), or at index 2 Cq u_t (also with
 * user functions: Cq is then the user's Jacobian) */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    int m = c->item->nae, nq = c->item->nq;
    double *Cq = c->scratch, *work = Cq + m * nq;
    int rc;
    if (!p->velocityLevel && c->index2) {
        double *g = work + 2 * nq + 1 + m * nq;
        rc = equations(c, 0, g, Cq, work);
        for (int i = 0; i < m; i++) {
            rae[i] = 0;
            for (int j = 0; j < nq; j++) rae[i] += Cq[i + m * j] * c->v[j];
        }
    } else {
        rc = equations(c, p->velocityLevel || c->index2, rae, Cq, work);
    }
    if (rc) return rc;
    for (int j = 0; j < nq; j++) {
        r2[j] = 0;
        for (int i = 0; i < m; i++) r2[j] += Cq[i + m * j] * c->lam[i];
    }
    return CD_OK;
}

/* K (position level) or D (velocity level) = diag of 2 Q^T lambda (signed per marker);
 * index 2: Gq = d(Cq u_t)/dq = 2 Q_ij u_t,j (signed) on the diagonal entries */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    int m = c->item->nae, nq = c->item->nq, n0 = c->md[0].n;
    int vel = p->velocityLevel, idx2 = c->index2 && !vel;
    if (p->constraintUserFunction.fn) return CD_JAC_NUMERICAL;
    double *work = c->scratch + m * nq, *g = work + 2 * nq + 1 + m * nq;
    int rc = equations(c, vel, g, Cq, work);
    if (rc) return rc;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    memset(Gq, 0, sizeof(double) * (size_t)(m * nq));
    memset(Gv, 0, sizeof(double) * (size_t)(m * nq));
    double *KD = vel ? D : K;
    for (int k = 0; k < 2; k++) {
        const cd_mat *Q = k ? &p->quadraticTermMarker1 : &p->quadraticTermMarker0;
        int o = k ? n0 : 0;
        double s = k ? 2.0 : -2.0;
        for (int i = 0; Q->rows && i < Q->rows; i++)
            for (int j = 0; j < Q->cols; j++) {
                double qij = s * Q->x[i * Q->cols + j];
                KD[(o + j) + nq * (o + j)] += qij * c->lam[i];
                if (idx2) Gq[i + m * (o + j)] += qij * c->v[o + j];
            }
    }
    memcpy(vel || idx2 ? Gv : Gq, Cq, sizeof(double) * (size_t)(m * nq));
    return CD_OK;
}

/* Cq, the equation work (2 nq + 1 + m nq) and g (m) */
static int scratch(const cd_system *s, const cd_item *it)
{
    (void)s;
    return 2 * it->nae * it->nq + 2 * it->nq + 1 + it->nae;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    int m = c->item->nae, nq = c->item->nq, n0 = c->md[0].n, n1 = nq - n0;
    double *work = c->scratch + m * nq;
    switch (var) {
    case CD_OV_FORCE: memcpy(out, c->lam, sizeof(double) * (size_t)m); return m;
    case CD_OV_DISPLACEMENT:
    case CD_OV_VELOCITY: {   /* u1 - u0 (or -u0, u1 when one marker is on the ground) */
        int n = n1 ? n1 : n0, t = var == CD_OV_VELOCITY;
        if (n0 && n1 && n0 != n1) return -1;
        gather(c, work, 0);
        for (int j = 0; j < n; j++)
            out[j] = (n1 ? work[t * nq + n0 + j] : 0.0) - (n0 ? work[t * nq + j] : 0.0);
        return n;
    }
    case CD_OV_CONSTRAINTEQUATION: {
        const params *p = c->item->p;
        return equations(c, p->velocityLevel, out, NULL, work) ? -1 : m;
    }
    default: return -1;
    }
}

/* vector markers; matrix sizes m x n_k; offset m; the user functions as a pair */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    static const char *T = "ObjectConnectorCoordinateVector";
    const params *p = vp;
    int m = nae(p);
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[k]];
        if (!cd_marker_is_vector(mk))
            return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'markerNumbers' entry %d "
                                "is marker %d of type %s; the connector needs "
                                "MarkerNodeCoordinates, MarkerObjectODE2Coordinates or "
                                "MarkerBodyCable2DCoordinates", T, index, k,
                                p->h.markerNumbers.x[k], mk->type->name);
    }
    const cd_mat *M[4] = {&p->scalingMarker0, &p->scalingMarker1, &p->quadraticTermMarker0,
                          &p->quadraticTermMarker1};
    static const char *nm[4] = {"scalingMarker0", "scalingMarker1", "quadraticTermMarker0",
                                "quadraticTermMarker1"};
    /* columns: the coordinates of marker i % 2 (with user functions the matrices only give
     * the number of equations, as in Exudyn) */
    for (int i = 0; !p->constraintUserFunction.fn && i < 4; i++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[i % 2]];
        int n = cd_marker_vector_size(s, mk);
        if (M[i]->rows && M[i]->cols != n)
            return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter '%s' has %d columns, but "
                                "marker %d (%s) has %d coordinates", T, index, nm[i],
                                M[i]->cols, p->h.markerNumbers.x[i % 2], mk->type->name, n);
    }
    if (m == 0)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: no equation: give at least one of the "
                            "parameters 'scalingMarker0', 'scalingMarker1', "
                            "'quadraticTermMarker0', 'quadraticTermMarker1' (its number of rows "
                            "is the number of equations; with a constraintUserFunction, "
                            "scalingMarker0 = numpy.zeros((m, n0)))", T, index);
    for (int i = 0; i < 4; i++)
        if (M[i]->rows && M[i]->rows != m)
            return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter '%s' has %d rows, but "
                                "the connector has %d equations (the largest number of rows); "
                                "all matrices need the same number of rows", T, index, nm[i],
                                M[i]->rows, m);
    if (p->offset.n && p->offset.n != m)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'offset' has %d entries, but "
                            "the connector has %d equations", T, index, p->offset.n, m);
    if ((p->constraintUserFunction.fn != 0) != (p->jacobianUserFunction.fn != 0))
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter '%s' is given without '%s'; "
                            "the connector needs both (as in Exudyn)", T, index,
                            p->constraintUserFunction.fn ? "constraintUserFunction"
                                                         : "jacobianUserFunction",
                            p->constraintUserFunction.fn ? "jacobianUserFunction"
                                                         : "constraintUserFunction");
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = nae, .mass_const = 1, .residual = residual,
    .jacobian = jacobian, .scratch = scratch, .velocity_level = velocity_level,
    .output = output, .active = active, .uses_userfunc = uses_uf};
static const cd_outvar outvars[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_CONSTRAINTEQUATION, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("constraint"),
    CD_CONN_MARKERS_FIELD("two vector markers [m0, m1] (MarkerNodeCoordinates, "
                          "MarkerObjectODE2Coordinates)"),
    {"scalingMarker0", CD_FT_MAT, 0, OFF(scalingMarker0), NULL, 0, 0, "",
     "S0 (m x n0): linear term of marker 0's coordinates (subtracted)", NULL},
    {"scalingMarker1", CD_FT_MAT, 0, OFF(scalingMarker1), NULL, 0, 0, "",
     "S1 (m x n1): linear term of marker 1's coordinates", NULL},
    {"quadraticTermMarker0", CD_FT_MAT, 0, OFF(quadraticTermMarker0), NULL, 0, 0, "",
     "Q0 (m x n0): term of the squared coordinates of marker 0 (subtracted)", NULL},
    {"quadraticTermMarker1", CD_FT_MAT, 0, OFF(quadraticTermMarker1), NULL, 0, 0, "",
     "Q1 (m x n1): term of the squared coordinates of marker 1", NULL},
    {"offset", CD_FT_VEC, 0, OFF(offset), NULL, 0, 0, "",
     "m values subtracted from the equations (empty: 0)", NULL},
    {"velocityLevel", CD_FT_BOOL, 0, OFF(velocityLevel), "0", 0, 0, "",
     "True: the equations are written in the velocities", NULL},
    {"constraintUserFunction", CD_FT_FUNC, CD_UF_CONSTRAINTUF, OFF(constraintUserFunction), NULL,
     0, 0, "", "f(mbs, t, itemNumber, q, q_t, velocityLevel) -> m equations replacing g "
     "(q = [u0; u1])", NULL},
    {"jacobianUserFunction", CD_FT_FUNC, CD_UF_JACOBIANUF, OFF(jacobianUserFunction), NULL, 0, 0,
     "", "f(mbs, t, itemNumber, q, q_t, velocityLevel) -> m x (n0 + n1) matrix dg/dq (or "
     "dg/dq_t at velocity level)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_CONSTRAINT)};

const cd_itemtype cd_type_ObjectConnectorCoordinateVector = {
    .kind = CD_OBJECT, .name = "ObjectConnectorCoordinateVector",
    .typename_ = "ConnectorCoordinateVector", .alias = "CoordinateVectorConstraint",
    .doc = "Linear and quadratic constraints between the coordinate vectors of two vector "
           "markers: (S1 u1 + Q1 u1^2) - (S0 u0 + Q0 u0^2) - offset = 0.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
