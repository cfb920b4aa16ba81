/* ObjectConnectorGravity: Newton's gravitation between two position markers (bodies of masses
 * m0 and m1), for orbital and small-scale astronomical problems (Exudyn 1.13's item):
 *     F = G m0 m1 / d(L)       d = L^2 (L >= dmin),  L^2 + (L - dmin)^2 (L < dmin: a
 *                              regularization that keeps F finite as the bodies meet)
 * F attracts the markers: it acts like a tension F n, n = (p1 - p0) / L, so r2 = JD^T F n
 * (JD = [-J0, J1]). The force derives from the potential V = -G m0 m1 / L (L >= dmin), so all
 * of it is elastic; its tangent d(F n)/dD = F'(L) n n^T + (F / L) (I - n n^T), the second term
 * (with the markers' own Jacobian derivatives) being the geometric stiffness. */
#include "cd_connectors.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    double gravitationalConstant;     /* G */
    double mass0, mass1;              /* masses of the bodies at marker 0 and marker 1 */
    double minDistanceRegularization; /* dmin */
    int activeConnector;
} params;

/* the attraction F(L) and its derivative dF/dL */
static void attraction(const params *p, double L, double *F, double *dF)
{
    double Gm = p->gravitationalConstant * p->mass0 * p->mass1, d = L * L, dd = 2 * L;
    if (L < p->minDistanceRegularization) {
        double e = L - p->minDistanceRegularization;
        d += e * e;
        dd += 2 * e;
    }
    *F = Gm / d;
    *dF = -Gm * dd / (d * d);
}

/* kinematics and F; the connector fails (recoverable) when the markers coincide */
/* the potential of the attraction, V(L) = -int_L^inf F: -G m0 m1 / L for L >= dmin; below,
 * with x^2 + (x - d)^2 = 2 ((x - d/2)^2 + d^2/4), V = -G m0 m1 (1/d + (pi/4 - atan((2L - d)/d))/d)
 * (as Exudyn reports it) */
static double potential(const params *p, double L)
{
    double Gm = p->gravitationalConstant * p->mass0 * p->mass1, d = p->minDistanceRegularization;
    if (!p->activeConnector) return 0;
    if (L >= d) return -Gm / L;
    return -Gm / d * (1.0 + atan(1.0) - atan((2.0 * L - d) / d));
}

static int force_eval(const cd_objctx *c, cd_conn_kin *k, double *F, double *dF)
{
    int rc = cd_conn_kin_eval(c, k, "ObjectConnectorGravity");
    if (!rc) attraction(c->item->p, k->L, F, dF);
    return rc;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    cd_conn_kin k;
    double F, dF;
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const params *)c->item->p)->activeConnector) return CD_OK;
    int rc = force_eval(c, &k, &F, &dF);
    if (rc) return rc;
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    cd_conn_apply_force(c, Fv, r2);
    return CD_OK;
}

/* K += JD^T (dF n n^T + (F / L) P, or only the (F / L) P part when geometric) JD plus the
 * markers' Jacobian derivatives under F n */
static int tangent(const cd_objctx *c, int geometric, double *K)
{
    cd_conn_kin k;
    double F, dF, A[9], zero[9] = {0};
    int rc = force_eval(c, &k, &F, &dF);
    if (rc) return rc;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double nn = k.n[i] * k.n[j];
            A[3 * i + j] = (geometric ? 0.0 : dF * nn) + F * ((i == j) - nn) / k.L;
        }
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    cd_conn_add_force_jacobian(c, cd_conn_work(c), A, zero, Fv, K);
    return CD_OK;
}

static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    (void)Cq; (void)Gq; (void)Gv;
    int rc = cd_conn_jacobian_begin(c, !cd_conn_diff_ok(c), K, D);
    if (rc || !((const params *)c->item->p)->activeConnector) return rc;
    return tangent(c, 0, K);
}

/* all of the force is elastic (a potential force) */
static int elastic(const cd_objctx *c, double *fel, double *Kel)
{
    double D[1];
    int rc = residual(c, fel, D);
    if (rc || !Kel) return rc;
    int nq = c->item->nq;
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(Kel, 0, sizeof(double) * (size_t)(nq * nq));
    return ((const params *)c->item->p)->activeConnector ? tangent(c, 0, Kel) : CD_OK;
}

static int geometric(const cd_objctx *c, double *Kg)
{
    int nq = c->item->nq;
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(Kg, 0, sizeof(double) * (size_t)(nq * nq));
    return ((const params *)c->item->p)->activeConnector ? tangent(c, 1, Kg) : CD_OK;
}

/* Exudyn's outputs: Distance L, Displacement p1 - p0, Force f = -F n (the force on marker 1) */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    cd_conn_kin k;
    double F, dF;
    if (force_eval(c, &k, &F, &dF)) return -1;
    if (!((const params *)c->item->p)->activeConnector) F = 0;
    switch (var) {
    case CD_OV_DISTANCE: out[0] = k.L; return 1;
    case CD_OV_DISPLACEMENT: memcpy(out, k.d, sizeof(k.d)); return 3;
    case CD_OV_FORCE: for (int i = 0; i < 3; i++) out[i] = F * k.n[i]; return 3;
    case CD_OV_POTENTIALENERGY: out[0] = potential(c->item->p, k.L); return 1;
    default: return -1;
    }
}

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_POSITION, "ObjectConnectorGravity", e);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .mass_const = 1,
    .residual = residual, .scratch = cd_conn_scratch, .jacobian = jacobian,
    .elastic = elastic, .geometric = geometric, .output = output};
static const cd_outvar outvars[] = {CD_OV_DISTANCE, CD_OV_DISPLACEMENT, CD_OV_FORCE,
                                    CD_OV_POTENTIALENERGY, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"gravitationalConstant", CD_FT_REAL, 0, OFF(gravitationalConstant), "6.67430e-11", 0, 0,
     "m^3/(kg s^2)", "gravitational constant G (negative: repulsion)", NULL},
    {"mass0", CD_FT_REAL, 0, OFF(mass0), "0", CD_CHK_NONNEG, 0, "kg",
     "mass of the body at marker 0", NULL},
    {"mass1", CD_FT_REAL, 0, OFF(mass1), "0", CD_CHK_NONNEG, 0, "kg",
     "mass of the body at marker 1", NULL},
    {"minDistanceRegularization", CD_FT_REAL, 0, OFF(minDistanceRegularization), "0",
     CD_CHK_NONNEG, 0, "m", "below this distance the force is G m0 m1 / (L^2 + (L - dmin)^2)",
     NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE)};

const cd_itemtype cd_type_ObjectConnectorGravity = {
    .kind = CD_OBJECT, .name = "ObjectConnectorGravity", .typename_ = "ConnectorGravity",
    .alias = NULL,
    .doc = "Gravitational attraction G m0 m1 / L^2 between two position markers (orbits, "
           "astronomy); not for the uniform gravity of a lab (use LoadMassProportional).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
