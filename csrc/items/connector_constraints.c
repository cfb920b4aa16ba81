/* Constraints, each with its own Lagrange multiplier:
 *  ObjectConnectorDistance    g = |p1 - p0| - distance = 0
 *                             (index 2 option: g_t = n . (v1 - v0))
 *  ObjectConnectorCoordinate  g = factor1 q1 - q0 - offset(t) = 0
 *                             (velocityLevel or index 2: factor1 q1_t - q0_t - offset_t(t))
 * r2 = C_q^T lambda. A deactivated constraint (activeConnector False) has the equation
 * lambda = 0, handled by the assembly. */
#include "../core/cd_items.h"
#include "../math/cd_vec3.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define OFF(f) offsetof(cd_p_conn, f)

static int one_ae(const void *p) { (void)p; return 1; }
static int active(const void *p) { return ((const cd_p_conn *)p)->activeConnector; }

/* ---------------------------------------------------------------- Distance */

static int dist_eval(const cd_objctx *c, cd_conn_kin *k)
{
    return cd_conn_kin_eval(c, k, "ObjectConnectorDistance");
}

static int dist_residual(const cd_objctx *c, double *r2, double *rae)
{
    const cd_p_conn *p = c->item->p;
    cd_conn_kin k;
    int rc = dist_eval(c, &k);
    if (rc) return rc;
    double w[3] = {k.n[0] * c->lam[0], k.n[1] * c->lam[0], k.n[2] * c->lam[0]};
    cd_conn_apply_force(c, w, r2);
    rae[0] = c->index2 ? k.n[0] * k.vd[0] + k.n[1] * k.vd[1] + k.n[2] * k.vd[2]
                       : k.L - p->distance;
    return CD_OK;
}

/* Cq = n^T JD; K = JD^T (lam P / L) dD + d(JD^T)/dq lam n; index 3: Gq = n^T dD, Gv = 0;
 * index 2: Gq = (vD^T P / L) dD + n^T dVD, Gv = Cq; P = I - n n^T, dD = d(p1 - p0)/dq and
 * dVD = d(v1 - v0)/dq (dD = JD and dVD = 0 for point markers) */
static int dist_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                         double *Gv)
{
    int nq = c->item->nq;
    cd_conn_kin k;
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    int rc = dist_eval(c, &k);
    if (rc) return rc;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    cd_conn_apply_force(c, k.n, Cq);
    double G[3 * CD_CONN_MAXNQ], GV[3 * CD_CONN_MAXNQ], X[3 * CD_CONN_MAXNQ], lam = c->lam[0];
    cd_conn_dd(c, G, c->index2 ? GV : NULL);
    for (int j = 0; j < nq; j++) {   /* X = lam P / L dD */
        const double *x = G + 3 * j;
        double nx = cd_dot(k.n, x);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = lam * (x[i] - k.n[i] * nx) / k.L;
    }
    cd_conn_add_jdtx(c, X, 1.0, K);
    double ln[3] = {lam * k.n[0], lam * k.n[1], lam * k.n[2]};
    cd_conn_add_jtv(c, 0, ln, -1.0, K);
    cd_conn_add_jtv(c, 1, ln, 1.0, K);
    if (!c->index2) {
        for (int j = 0; j < nq; j++) Gq[j] = cd_dot(k.n, G + 3 * j);
        memset(Gv, 0, sizeof(double) * (size_t)nq);
        return CD_OK;
    }
    double nv = cd_dot(k.n, k.vd), vP[3];
    for (int i = 0; i < 3; i++) vP[i] = (k.vd[i] - nv * k.n[i]) / k.L;
    for (int j = 0; j < nq; j++) Gq[j] = cd_dot(vP, G + 3 * j) + cd_dot(k.n, GV + 3 * j);
    memcpy(Gv, Cq, sizeof(double) * (size_t)nq);
    return CD_OK;
}

static int dist_output(const cd_objctx *c, cd_outvar var, double *out)
{
    const cd_p_conn *p = c->item->p;
    cd_conn_kin k;
    if (dist_eval(c, &k)) return -1;
    switch (var) {
    case CD_OV_DISTANCE: out[0] = k.L; return 1;
    case CD_OV_DISPLACEMENT: memcpy(out, k.d, sizeof(k.d)); return 3;
    case CD_OV_VELOCITY: memcpy(out, k.vd, sizeof(k.vd)); return 3;
    case CD_OV_FORCE: out[0] = c->lam[0]; return 1;
    case CD_OV_CONSTRAINTEQUATION: out[0] = k.L - p->distance; return 1;
    default: return -1;
    }
}

/* ---------------------------------------------------------------- Coordinate */

static int offset_value(const cd_objctx *c, const cd_func *f, double base, double *off)
{
    *off = base;
    if (!f->fn) return CD_OK;
    return f->fn(f->ctx, c->t, c->index, &base, 1, off, 1);
}

/* which local entries hold q0 and q1 (-1: ground coordinate) */
static void coord_locs(const cd_objctx *c, int *i0, int *i1)
{
    *i0 = c->md[0].n > 0 ? c->item->mk_off[0] + c->md[0].coord : -1;
    *i1 = c->md[1].n > 0 ? c->item->mk_off[1] + c->md[1].coord : -1;
}

static int coord_residual(const cd_objctx *c, double *r2, double *rae)
{
    const cd_p_conn *p = c->item->p;
    int i0, i1, rc;
    double off;
    coord_locs(c, &i0, &i1);
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (i0 >= 0) r2[i0] -= c->lam[0];
    if (i1 >= 0) r2[i1] += p->factor1 * c->lam[0];
    if (p->velocityLevel || c->index2) {
        const cd_func *f = p->velocityLevel ? &p->userFunction_t
                                            : (p->userFunction.fn ? &p->userFunction_t : NULL);
        rc = f ? offset_value(c, f, p->velocityLevel ? p->offset : 0.0, &off) : (off = 0, 0);
        rae[0] = p->factor1 * c->md[1].value_t - c->md[0].value_t - off;
    } else {
        rc = offset_value(c, &p->userFunction, p->offset, &off);
        rae[0] = p->factor1 * c->md[1].value - c->md[0].value - off;
    }
    return rc;
}

static int coord_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                          double *Gv)
{
    const cd_p_conn *p = c->item->p;
    int nq = c->item->nq, i0, i1;
    coord_locs(c, &i0, &i1);
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    memset(Cq, 0, sizeof(double) * (size_t)nq);
    if (i0 >= 0) Cq[i0] -= 1.0;
    if (i1 >= 0) Cq[i1] += p->factor1;
    int vel = p->velocityLevel || c->index2;
    memset(vel ? Gq : Gv, 0, sizeof(double) * (size_t)nq);
    memcpy(vel ? Gv : Gq, Cq, sizeof(double) * (size_t)nq);
    return CD_OK;
}

static int coord_output(const cd_objctx *c, cd_outvar var, double *out)
{
    const cd_p_conn *p = c->item->p;
    double off;
    switch (var) {
    case CD_OV_FORCE: out[0] = c->lam[0]; return 1;
    case CD_OV_DISPLACEMENT: out[0] = c->md[1].value - c->md[0].value; return 1;
    case CD_OV_VELOCITY: out[0] = c->md[1].value_t - c->md[0].value_t; return 1;
    case CD_OV_CONSTRAINTEQUATION:
        if (p->velocityLevel) {
            if (offset_value(c, &p->userFunction_t, p->offset, &off)) return -1;
            out[0] = p->factor1 * c->md[1].value_t - c->md[0].value_t - off;
        } else {
            if (offset_value(c, &p->userFunction, p->offset, &off)) return -1;
            out[0] = p->factor1 * c->md[1].value - c->md[0].value - off;
        }
        return 1;
    default: return -1;
    }
}

static int velocity_level(const void *p) { return ((const cd_p_conn *)p)->velocityLevel; }

static int check_dist(const cd_system *s, int i, const void *vp, cd_error *e)
{
    int rc = cd_conn_check_markers(s, i, vp, CD_MKF_POSITION, "ObjectConnectorDistance", e);
    if (!rc && ((const cd_p_conn *)vp)->distance <= 0)
        return cd_error_set(e, CD_ERR_INPUT, "ObjectConnectorDistance %d: parameter 'distance' "
                            "must be > 0, got %g", i, ((const cd_p_conn *)vp)->distance);
    return rc;
}
static int check_coord(const cd_system *s, int i, const void *vp, cd_error *e)
{
    return cd_conn_check_markers(s, i, vp, CD_MKF_COORDINATE, "ObjectConnectorCoordinate", e);
}

static const cd_objectops dist_ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .nae = one_ae,
    .mass_const = 1,
    .residual = dist_residual,
    .jacobian = dist_jacobian,
    .output = dist_output,
    .active = active};
static const cd_objectops coord_ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .nae = one_ae,
    .mass_const = 1,
    .residual = coord_residual,
    .jacobian = coord_jacobian,
    .velocity_level = velocity_level,
    .output = coord_output,
    .active = active};

static const cd_outvar dist_ov[] = {CD_OV_DISTANCE, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_FORCE, CD_OV_CONSTRAINTEQUATION, CD_OV_NONE};
static const cd_outvar coord_ov[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE,
                                     CD_OV_CONSTRAINTEQUATION, CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "constraint's unique name", NULL}
#define MARKERS_FIELD {"markerNumbers", CD_FT_INDEXLIST, 2, OFF(markerNumbers), NULL, 0, CD_MARKER, "", "the two markers [m0, m1] it connects", NULL}
#define ACTIVE_FIELD {"activeConnector", CD_FT_BOOL, 0, OFF(activeConnector), "1", 0, 0, "", "False: the constraint is replaced by lambda = 0", NULL}

static const cd_field dist_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"distance", CD_FT_REAL, 0, OFF(distance), "0", 0, 0, "m", "prescribed distance (> 0)", NULL},
    ACTIVE_FIELD};
static const cd_field coord_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "", "offset in factor1 q1 - q0 = offset",
     NULL},
    {"factor1", CD_FT_REAL, 0, OFF(factor1), "1", 0, 0, "", "factor of q1 (a gear ratio)", NULL},
    {"velocityLevel", CD_FT_BOOL, 0, OFF(velocityLevel), "0", 0, 0, "",
     "True: constrain velocities, factor1 q1_t - q0_t = offset", NULL},
    {"offsetUserFunction", CD_FT_FUNC, CD_UF_OFFSET, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, lOffset) -> offset(t)", NULL},
    {"offsetUserFunction_t", CD_FT_FUNC, CD_UF_OFFSET, OFF(userFunction_t), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, lOffset) -> d offset / dt (velocity level and index 2)", NULL},
    ACTIVE_FIELD,
    {"factorValue1", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "", "deprecated alias of factor1",
     "factor1"}};

const cd_itemtype cd_type_ObjectConnectorDistance = {
    CD_OBJECT, "ObjectConnectorDistance", "ConnectorDistance", "DistanceConstraint",
    "Keeps the distance between two position markers: |p1 - p0| - distance = 0; its "
    "multiplier is the tension force.", sizeof(cd_p_conn), dist_fields, CD_NF(dist_fields),
    check_dist, NULL, &dist_ops, NULL, NULL, dist_ov, NULL};
const cd_itemtype cd_type_ObjectConnectorCoordinate = {
    CD_OBJECT, "ObjectConnectorCoordinate", "ConnectorCoordinate", "CoordinateConstraint",
    "Couples two coordinate markers: factor1 q1 - q0 - offset = 0 (a gear ratio is one "
    "constraint).", sizeof(cd_p_conn), coord_fields, CD_NF(coord_fields), check_coord, NULL,
    &coord_ops, NULL, NULL, coord_ov, NULL};
