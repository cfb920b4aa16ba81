/* ObjectConnectorDistance: keeps the distance between two position markers,
 * g = |p1 - p0| - distance = 0 (index 2: g_t = n . (v1 - v0), n = (p1 - p0) / L); its
 * multiplier is the tension force, r2 = C_q^T lambda = JD^T n lambda */
#include "cd_joints.h"
#include "../../math/cd_vec3.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    double distance;                  /* > 0 */
    int activeConnector;
} params;

static int nae(const void *p) { (void)p; return 1; }
static int active(const void *p) { return ((const params *)p)->activeConnector; }

/* d = p1 - p0, L = |d|, n = d / L (an error when the markers coincide) */
static int kin_eval(const cd_objctx *c, cd_conn_kin *k)
{
    return cd_conn_kin_eval(c, k, "ObjectConnectorDistance");
}

/* r2 = JD^T n lambda, g = L - distance (index 2: g_t = n . (v1 - v0)) */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    cd_conn_kin k;
    int rc = kin_eval(c, &k);
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
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    int nq = c->item->nq;
    cd_conn_kin k;
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    int rc = kin_eval(c, &k);
    if (rc) return rc;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    cd_conn_apply_force(c, k.n, Cq);
    cd_work w = cd_conn_work(c);
    double *G = cd_work_take(&w, 3 * nq), *GV = cd_work_take(&w, 3 * nq),
           *X = cd_work_take(&w, 3 * nq), lam = c->lam[0];
    cd_conn_dd(c, G, c->index2 ? GV : NULL);
    for (int j = 0; j < nq; j++) {   /* X = lam P / L dD */
        const double *x = G + 3 * j;
        double nx = cd_dot(k.n, x);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = lam * (x[i] - k.n[i] * nx) / k.L;
    }
    cd_conn_add_jdtx(c, X, 1.0, K);
    double ln[3] = {lam * k.n[0], lam * k.n[1], lam * k.n[2]};
    cd_conn_add_jtv(c, w, 0, ln, -1.0, K);
    cd_conn_add_jtv(c, w, 1, ln, 1.0, K);
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

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    cd_conn_kin k;
    if (kin_eval(c, &k)) return -1;
    switch (var) {
    case CD_OV_DISTANCE: out[0] = k.L; return 1;
    case CD_OV_DISPLACEMENT: memcpy(out, k.d, sizeof(k.d)); return 3;
    case CD_OV_VELOCITY: memcpy(out, k.vd, sizeof(k.vd)); return 3;
    case CD_OV_FORCE: out[0] = c->lam[0]; return 1;
    case CD_OV_CONSTRAINTEQUATION: out[0] = k.L - p->distance; return 1;
    default: return -1;
    }
}

static int check(const cd_system *s, int i, const void *vp, cd_error *e)
{
    int rc = cd_conn_check_markers(s, i, vp, CD_MKF_POSITION, "ObjectConnectorDistance", e);
    if (!rc && ((const params *)vp)->distance <= 0)
        return cd_error_set(e, CD_ERR_INPUT, "ObjectConnectorDistance %d: parameter 'distance' "
                            "must be > 0, got %g", i, ((const params *)vp)->distance);
    return rc;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = nae, .mass_const = 1, .residual = residual,
    .scratch = cd_conn_scratch, .jacobian = jacobian, .output = output, .active = active};
static const cd_outvar outvars[] = {CD_OV_DISTANCE, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_FORCE, CD_OV_CONSTRAINTEQUATION, CD_OV_NONE};

static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("constraint"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"distance", CD_FT_REAL, 0, offsetof(params, distance), "0", 0, 0, "m",
     "prescribed distance (> 0)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_CONSTRAINT)};

const cd_itemtype cd_type_ObjectConnectorDistance = {
    .kind = CD_OBJECT, .name = "ObjectConnectorDistance", .typename_ = "ConnectorDistance",
    .alias = "DistanceConstraint",
    .doc = "Keeps the distance between two position markers: |p1 - p0| - distance = 0; its "
           "multiplier is the tension force.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
