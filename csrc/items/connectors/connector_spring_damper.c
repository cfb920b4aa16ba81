/* ObjectConnectorSpringDamper: a spring-damper along the line between two position markers,
 * F = k (L - L0) + d (L_t - velocityOffset) + force along n = (p1 - p0) / L; the force F n acts
 * on marker 1 as -F n and on marker 0 as +F n, so r2 = JD^T F n. */
#include "cd_connectors.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    double referenceLength, stiffness, damping, force, velocityOffset;
    int activeConnector;
    cd_func userFunction;             /* springForceUserFunction */
} params;

/* kinematics and the scalar force F (tension positive) */
static int force_eval(const cd_objctx *c, cd_conn_kin *k, double *F)
{
    const params *p = c->item->p;
    int rc = cd_conn_kin_eval(c, k, "ObjectConnectorSpringDamper");
    if (rc) return rc;
    if (p->userFunction.fn)
        return cd_conn_user_scalar(c, &p->userFunction, k->L - p->referenceLength, k->Lt,
                                   p->stiffness, p->damping, p->force, F);
    *F = p->stiffness * (k->L - p->referenceLength) + p->damping * (k->Lt - p->velocityOffset) +
         p->force;
    return CD_OK;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    cd_conn_kin k;
    double F;
    (void)rae;
    if (!((const params *)c->item->p)->activeConnector) {
        memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
        return 0;
    }
    int rc = force_eval(c, &k, &F);
    if (rc) return rc;
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    cd_conn_apply_force(c, Fv, r2);
    return CD_OK;
}

/* d(F n)/dD = n (k n^T + d vD^T P / L) + F P / L,  d(F n)/dvD = d n n^T,  P = I - n n^T */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const params *p = c->item->p;
    cd_conn_kin k;
    double F;
    (void)Cq; (void)Gq; (void)Gv;
    int rc = cd_conn_jacobian_begin(c, p->userFunction.fn || !cd_conn_diff_ok(c), K, D);
    if (rc || !p->activeConnector) return rc;
    rc = force_eval(c, &k, &F);
    if (rc) return rc;
    double A[9], B[9], vP[3];
    for (int j = 0; j < 3; j++) {
        vP[j] = 0;
        for (int i = 0; i < 3; i++) vP[j] += k.vd[i] * ((i == j) - k.n[i] * k.n[j]);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double P = (i == j) - k.n[i] * k.n[j];
            A[3 * i + j] =
                k.n[i] * (p->stiffness * k.n[j] + p->damping * vP[j] / k.L) + F * P / k.L;
            B[3 * i + j] = p->damping * k.n[i] * k.n[j];
        }
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    cd_conn_add_force_jacobian(c, cd_conn_work(c), A, B, Fv, K);
    cd_conn_add_jtaj(c, cd_conn_work(c), B, D);
    return CD_OK;
}

/* the elastic part: F_el = k (L - L0) + force (the damping term is not elastic); fel = JD^T F_el n
 * and its tangent d(F_el n)/dD = k n n^T + (F_el / L) P */
static int elastic(const cd_objctx *c, double *fel, double *Kel)
{
    const params *p = c->item->p;
    cd_conn_kin k;
    int nq = c->item->nq;
    if (p->userFunction.fn || !cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(fel, 0, sizeof(double) * (size_t)nq);
    if (Kel) memset(Kel, 0, sizeof(double) * (size_t)(nq * nq));
    if (!p->activeConnector) return CD_OK;
    int rc = cd_conn_kin_eval(c, &k, "ObjectConnectorSpringDamper");
    if (rc) return rc;
    double F = p->stiffness * (k.L - p->referenceLength) + p->force, A[9], zero[9] = {0};
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    cd_conn_apply_force(c, Fv, fel);
    if (!Kel) return CD_OK;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            A[3 * i + j] = p->stiffness * k.n[i] * k.n[j] + F * ((i == j) - k.n[i] * k.n[j]) / k.L;
    cd_conn_add_force_jacobian(c, cd_conn_work(c), A, zero, Fv, Kel);
    return CD_OK;
}

/* the geometric (stress) stiffness: the part of the tangent proportional to the elastic force,
 * JD^T (F_el / L) P JD plus the change of the markers' Jacobians under the force F_el n */
static int geometric(const cd_objctx *c, double *Kg)
{
    const params *p = c->item->p;
    cd_conn_kin k;
    int nq = c->item->nq;
    if (p->userFunction.fn || !cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(Kg, 0, sizeof(double) * (size_t)(nq * nq));
    if (!p->activeConnector) return CD_OK;
    int rc = cd_conn_kin_eval(c, &k, "ObjectConnectorSpringDamper");
    if (rc) return rc;
    double F = p->stiffness * (k.L - p->referenceLength) + p->force, A[9], zero[9] = {0};
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) A[3 * i + j] = F * ((i == j) - k.n[i] * k.n[j]) / k.L;
    cd_conn_add_force_jacobian(c, cd_conn_work(c), A, zero, Fv, Kg);
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    cd_conn_kin k;
    double F;
    int rc = force_eval(c, &k, &F);
    if (rc) return -1;
    switch (var) {
    case CD_OV_DISTANCE: out[0] = k.L; return 1;
    case CD_OV_DISPLACEMENT: memcpy(out, k.d, sizeof(k.d)); return 3;
    case CD_OV_VELOCITY: memcpy(out, k.vd, sizeof(k.vd)); return 3;
    case CD_OV_FORCE: for (int i = 0; i < 3; i++) out[i] = F * k.n[i]; return 3;
    case CD_OV_FORCELOCAL: out[0] = F; return 1;  /* the scalar force, positive: tension */
    case CD_OV_POTENTIALENERGY: {  /* V = k (L - L0)^2 / 2 + force (L - L0), as Exudyn's */
        const params *p = c->item->p;
        double e = k.L - p->referenceLength;
        if (p->userFunction.fn) return -1;  /* no potential of a user function's force */
        out[0] = 0.5 * p->stiffness * e * e + p->force * e;
        return 1;
    }
    default: return -1;
    }
}

static int uses_uf(const void *p) { return ((const params *)p)->userFunction.fn != NULL; }

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_POSITION, "ObjectConnectorSpringDamper", e);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .mass_const = 1,
    .residual = residual, .scratch = cd_conn_scratch, .jacobian = jacobian,
    .elastic = elastic, .geometric = geometric, .output = output, .uses_userfunc = uses_uf};
static const cd_outvar outvars[] = {CD_OV_DISTANCE, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_FORCE, CD_OV_FORCELOCAL, CD_OV_POTENTIALENERGY,
                                    CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"referenceLength", CD_FT_REAL, 0, OFF(referenceLength), "0", 0, 0, "m",
     "reference (free) length L0", NULL},
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N/m", "stiffness k", NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N s/m", "damping d", NULL},
    {"force", CD_FT_REAL, 0, OFF(force), "0", 0, 0, "N",
     "constant force added to the spring force (positive: tension)", NULL},
    {"velocityOffset", CD_FT_REAL, 0, OFF(velocityOffset), "0", 0, 0, "m/s",
     "velocity subtracted from L_t in the damping term", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE),
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_SPRINGFORCE, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force) -> scalar force "
     "replacing the linear law", NULL}};

const cd_itemtype cd_type_ObjectConnectorSpringDamper = {
    .kind = CD_OBJECT, .name = "ObjectConnectorSpringDamper",
    .typename_ = "ConnectorSpringDamper", .alias = "SpringDamper",
    .doc = "Spring-damper along the line between two position markers: F = k (L - L0) + "
           "d (L_t - velocityOffset) + force.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
