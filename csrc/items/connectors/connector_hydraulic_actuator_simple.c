/* ObjectConnectorHydraulicActuatorSimple: Exudyn's double-acting hydraulic cylinder between two
 * position markers, with the chamber pressures p0, p1 as the two ODE1 coordinates of a
 * NodeGenericODE1 (nodeNumbers[0]; p = reference + y, Exudyn asks for zero references).
 * With L = |p1 - p0|, n = (p1 - p0) / L, stroke s = L - L_o and s_t = n . (v1 - v0):
 *     F = -p0 A0 + p1 A1 + d s_t            (tension positive), r2 = JD^T F n,
 *     p0' = K0/V0 (-A0 s_t + Av0 Qn sqrts(ps - p0))   (Av0 >= 0; Av0 < 0: sqrts(p0 - pt))
 *     p1' = K1/V1 ( A1 s_t + Av1 Qn sqrts(ps - p1))   (Av1 >= 0; Av1 < 0: sqrts(p1 - pt))
 * sqrts(x) = sign(x) sqrt|x|. With useChamberVolumeChange V0 = Vh0 + A0 s, V1 = Vh1 +
 * A1 (L_s - s) and 1/K_k = 1/K_oil + (V_k - Vh_k)/(V_k K_cyl) + Vh_k/(V_k K_hose) (terms with
 * a zero modulus left out); else V_k = Vh_k, K_k = K_oil. It couples ODE2 and ODE1
 * coordinates, so it is a mixed object (forces on ODE2 rows, rates r1 = -p' on ODE1 rows);
 * the engine differentiates it numerically. */
#include "cd_connectors.h"
#include "../cd_item_list.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    cd_ivec nodeNumbers;              /* [NodeGenericODE1 with 2 coordinates] */
    double offsetLength, strokeLength, chamberCrossSection0, chamberCrossSection1;
    double hoseVolume0, hoseVolume1, valveOpening0, valveOpening1, actuatorDamping;
    double oilBulkModulus, cylinderBulkModulus, hoseBulkModulus, nominalFlow;
    double systemPressure, tankPressure;
    int useChamberVolumeChange, activeConnector;
} params;

#define NAME "ObjectConnectorHydraulicActuatorSimple"

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

static double sqrts(double x) { return x >= 0 ? sqrt(x) : -sqrt(-x); }

/* evaluate both position markers into md (J from the scratch: 3 x n each) */
static void markers(const cd_objctx *c, cd_markerdata md[2])
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    const int *mk;
    c->item->type->object->markers(c->item->p, &mk);
    double *w = c->scratch;
    for (int k = 0; k < 2; k++) {
        const cd_item *m = &c->sys->list[CD_MARKER].items[mk[k]];
        memset(&md[k], 0, sizeof md[k]);
        md[k].n = m->nq;
        md[k].J = w;
        md[k].Jrot = w + 3 * m->nq;
        w += 6 * m->nq;
        memcpy(md[k].A, I3, sizeof I3);
        m->type->marker->eval(c->sys, m, c->q + c->item->mk_off[k], c->v + c->item->mk_off[k],
                              &md[k]);
    }
}

/* L, n, s_t from the markers */
static int kinematics(const cd_objctx *c, const cd_markerdata md[2], double *L, double n[3],
                      double *st)
{
    double d[3], vd[3];
    for (int i = 0; i < 3; i++) {
        d[i] = md[1].pos[i] - md[0].pos[i];
        vd[i] = md[1].vel[i] - md[0].vel[i];
    }
    *L = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (!(*L > 0))
        return cd_error_set(c->err, CD_RETRY_STEP, NAME " %d: the markers coincide (length 0)",
                            c->index);
    *st = 0;
    for (int i = 0; i < 3; i++) {
        n[i] = d[i] / *L;
        *st += n[i] * vd[i];
    }
    return CD_OK;
}

static double pressure(const cd_objctx *c, int k)
{
    return c->sys->yref[c->item->ltg1[k]] + c->y[k];
}

/* effective bulk modulus and volume of chamber k at stroke s */
static void chamber(const params *p, int k, double s, double *K, double *V)
{
    double Vh = k ? p->hoseVolume1 : p->hoseVolume0;
    double A = k ? p->chamberCrossSection1 : p->chamberCrossSection0;
    if (!p->useChamberVolumeChange) {
        *V = Vh;
        *K = p->oilBulkModulus;
        return;
    }
    *V = Vh + A * (k ? p->strokeLength - s : s);
    double inv = 1.0 / p->oilBulkModulus;
    if (p->cylinderBulkModulus != 0) inv += (*V - Vh) / (*V * p->cylinderBulkModulus);
    if (p->hoseBulkModulus != 0) inv += Vh / (*V * p->hoseBulkModulus);
    *K = 1.0 / inv;
}

static int mixed(const cd_objctx *c, double *r2, double *rg, double *r1)
{
    const params *p = c->item->p;
    cd_markerdata md[2];
    double L, n[3], st, pr[2] = {pressure(c, 0), pressure(c, 1)};
    (void)rg;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    memset(r1, 0, sizeof(double) * 2);
    markers(c, md);
    int rc = kinematics(c, md, &L, n, &st);
    if (rc) return rc;
    double s = L - p->offsetLength;
    if (p->activeConnector) {
        double F = -pr[0] * p->chamberCrossSection0 + pr[1] * p->chamberCrossSection1 +
                   p->actuatorDamping * st;
        for (int k = 0; k < 2; k++) {          /* r2 = JD^T F n, JD = [-J0, J1] */
            int o = c->item->mk_off[k];
            double sg = k ? F : -F;
            for (int j = 0; j < md[k].n; j++)
                r2[o + j] = sg * (md[k].J[3 * j] * n[0] + md[k].J[3 * j + 1] * n[1] +
                                  md[k].J[3 * j + 2] * n[2]);
        }
    }
    for (int k = 0; k < 2; k++) {
        double K, V, Av = k ? p->valveOpening1 : p->valveOpening0;
        double A = k ? p->chamberCrossSection1 : p->chamberCrossSection0;
        chamber(p, k, s, &K, &V);
        double flow = Av >= 0 ? sqrts(p->systemPressure - pr[k]) : sqrts(pr[k] - p->tankPressure);
        r1[k] = -K / V * ((k ? A : -A) * st + Av * p->nominalFlow * flow);
    }
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    cd_markerdata md[2];
    double L, n[3], st;
    markers(c, md);
    if (kinematics(c, md, &L, n, &st)) return -1;
    switch (var) {
    case CD_OV_DISTANCE: out[0] = L; return 1;
    case CD_OV_DISPLACEMENT:
        for (int i = 0; i < 3; i++) out[i] = md[1].pos[i] - md[0].pos[i];
        return 3;
    case CD_OV_VELOCITY:
        for (int i = 0; i < 3; i++) out[i] = md[1].vel[i] - md[0].vel[i];
        return 3;
    case CD_OV_VELOCITYLOCAL: out[0] = st; return 1;
    case CD_OV_FORCE: {   /* the force vector F n (as Exudyn reports it) */
        double F = p->activeConnector ? -pressure(c, 0) * p->chamberCrossSection0 +
                                            pressure(c, 1) * p->chamberCrossSection1 +
                                            p->actuatorDamping * st
                                      : 0.0;
        for (int i = 0; i < 3; i++) out[i] = F * n[i];
        return 3;
    }
    default: return -1;
    }
}

/* the marker Jacobians J and Jrot (6 n per marker) */
static int scratch(const cd_system *s, const cd_item *it)
{
    (void)s;
    return 6 * it->nq + 1;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = cd_conn_check_markers(s, index, p, CD_MKF_POSITION, NAME, err);
    if (rc) return rc;
    if (p->nodeNumbers.n != 1)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumbers' must hold one "
                            "NodeGenericODE1 (the two pressures), got %d nodes", index,
                            p->nodeNumbers.n);
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[0]];
    int n1 = nd->type->node->n1 ? nd->type->node->n1(nd->p) : 0;
    if (nd->type != &cd_type_NodeGenericODE1 || n1 != 2)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumbers' refers to node "
                            "%d (%s with %d ODE1 coordinates); it needs a NodeGenericODE1 with 2 "
                            "coordinates (the pressures p0, p1)", index, p->nodeNumbers.x[0],
                            nd->type->name, n1);
    const double pos[] = {p->chamberCrossSection0, p->chamberCrossSection1, p->hoseVolume0,
                          p->hoseVolume1, p->oilBulkModulus};
    static const char *nm[] = {"chamberCrossSection0", "chamberCrossSection1", "hoseVolume0",
                               "hoseVolume1", "oilBulkModulus"};
    for (int i = 0; i < 5; i++)
        if (!(pos[i] > 0))
            return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter '%s' must be > 0, got "
                                "%g", index, nm[i], pos[i]);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .nodes = nodes,
    .scratch = scratch, .output = output, .mixed_rows = CD_MIXR_ODE2 | CD_MIXR_ODE1,
    .mixed = mixed};
static const cd_outvar outvars[] = {CD_OV_DISTANCE, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_VELOCITYLOCAL, CD_OV_FORCE, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
#define REAL(N, CHK, U, DOC) {#N, CD_FT_REAL, 0, OFF(N), "0", CHK, 0, U, DOC, NULL}
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"nodeNumbers", CD_FT_INDEXLIST, 0, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "[a NodeGenericODE1 with the two pressures p0, p1 (reference values 0)]", NULL},
    REAL(offsetLength, CD_CHK_NONNEG, "m", "actuator length L_o at stroke 0"),
    REAL(strokeLength, CD_CHK_NONNEG, "m", "stroke length L_s"),
    REAL(chamberCrossSection0, CD_CHK_NONNEG, "m^2", "piston area A0 (head side, chamber 0)"),
    REAL(chamberCrossSection1, CD_CHK_NONNEG, "m^2", "piston area A1 (rod side, chamber 1)"),
    REAL(hoseVolume0, CD_CHK_NONNEG, "m^3", "hose volume Vh0 of chamber 0"),
    REAL(hoseVolume1, CD_CHK_NONNEG, "m^3", "hose volume Vh1 of chamber 1"),
    REAL(valveOpening0, 0, "", "valve 0 in [-1, 1]: > 0 towards system, < 0 towards tank"),
    REAL(valveOpening1, 0, "", "valve 1 in [-1, 1]"),
    REAL(actuatorDamping, CD_CHK_NONNEG, "N s/m", "damping d on the stroke velocity"),
    REAL(oilBulkModulus, CD_CHK_NONNEG, "N/m^2", "bulk modulus of the oil K_oil"),
    REAL(cylinderBulkModulus, CD_CHK_NONNEG, "N/m^2", "cylinder term of the effective modulus"),
    REAL(hoseBulkModulus, CD_CHK_NONNEG, "N/m^2", "hose term of the effective modulus"),
    REAL(nominalFlow, CD_CHK_NONNEG, "m^3/s", "nominal flow Qn of the valves"),
    REAL(systemPressure, 0, "N/m^2", "system pressure ps"),
    REAL(tankPressure, 0, "N/m^2", "tank pressure pt"),
    {"useChamberVolumeChange", CD_FT_BOOL, 0, OFF(useChamberVolumeChange), "0", 0, 0, "",
     "True: chamber volumes and effective moduli follow the stroke", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE)};

const cd_itemtype cd_type_ObjectConnectorHydraulicActuatorSimple = {
    .kind = CD_OBJECT, .name = NAME, .typename_ = "ConnectorHydraulicActuatorSimple",
    .alias = "HydraulicActuatorSimple",
    .doc = "Double-acting hydraulic cylinder between two position markers; the chamber "
           "pressures are the ODE1 coordinates of a NodeGenericODE1.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
