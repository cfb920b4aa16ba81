/* ObjectConnectorCoordinateSpringDamperExt: Exudyn's extended spring-damper between two
 * coordinate markers, with x = factor1 q1 - factor0 q0 and x_t likewise,
 *     F = k (x - offset) + d (x_t - velocityOffset) + F_fric(x_t) + F_stop(x, x_t),
 * acting as +factor1 F on q1 and -factor0 F on q0.
 * F_fric: the regularized Stribeck law (frictionProportionalZone v_r > 0):
 *     |v| <= v_r: (F_d + F_s) v / v_r,
 *     else sign(v) (F_d + F_s exp(-(|v| - v_r) / v_e) + mu_v (|v| - v_r))
 * (F_d dynamicFrictionForce, F_s staticFrictionOffsetForce, v_e exponentialDecayStatic, mu_v
 * viscousFrictionFactor; v_e = 0: no decay). Exudyn's stick-slip model (v_r = 0 with friction)
 * needs the start-of-step data, which coordyn's objects do not see: it is refused.
 * F_stop: limit stops, with the contact state s in Data coordinate 2 of the NodeGenericData
 * nodeNumber (0: free, < 0: at the lower stop, > 0: at the upper one):
 *     s < 0: k_s (x - lower) + d_s x_t,  s > 0: k_s (x - upper) + d_s x_t,  s = 0: 0;
 * after Newton post_newton sets s from x (x - lower below the lower stop, x - upper above the
 * upper one, else 0) and reports k_s |s_old| or k_s |s_new| when the state changes, as
 * Exudyn's PostNewtonStep does; the solver iterates until no state changes. */
#include "cd_connectors.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    int nodeNumber;                   /* NodeGenericData (3 values) or -1 */
    double stiffness, damping, offset, velocityOffset, factor0, factor1;
    double dynamicFrictionForce, staticFrictionOffsetForce, stickingStiffness, stickingDamping;
    double exponentialDecayStatic, viscousFrictionFactor, frictionProportionalZone;
    double limitStopsUpper, limitStopsLower, limitStopsStiffness, limitStopsDamping;
    int useLimitStops, activeConnector;
    cd_func userFunction;             /* springForceUserFunction: refused (see check) */
} params;

#define NAME "ObjectConnectorCoordinateSpringDamperExt"

static int friction_on(const params *p)
{
    return p->dynamicFrictionForce != 0 || p->staticFrictionOffsetForce != 0 ||
           p->viscousFrictionFactor != 0;
}

/* Stribeck law and its derivative dF/dv */
static double stribeck(const params *p, double v, double *dFdv)
{
    double vr = p->frictionProportionalZone, fd = p->dynamicFrictionForce;
    double fs = p->staticFrictionOffsetForce, mv = p->viscousFrictionFactor;
    double ve = p->exponentialDecayStatic;
    if (fabs(v) <= vr) {
        *dFdv = (fd + fs) / vr;
        return (fd + fs) * v / vr;
    }
    double s = v > 0 ? 1.0 : (v < 0 ? -1.0 : 0.0), w = fabs(v) - vr;
    double e = ve != 0 ? exp(-w / ve) : 1.0;
    *dFdv = (ve != 0 ? -fs / ve * e : 0.0) + mv;
    return s * (fd + fs * e + mv * w);
}

/* x, x_t of the two coordinate markers */
static void relative(const cd_objctx *c, double *x, double *xt)
{
    const params *p = c->item->p;
    *x = p->factor1 * c->md[1].value - p->factor0 * c->md[0].value;
    *xt = p->factor1 * c->md[1].value_t - p->factor0 * c->md[0].value_t;
}

/* F and its derivatives dF/dx, dF/dx_t */
static double force(const cd_objctx *c, double *Fx, double *Fv)
{
    const params *p = c->item->p;
    double x, xt, df = 0.0;
    relative(c, &x, &xt);
    double F = p->stiffness * (x - p->offset) + p->damping * (xt - p->velocityOffset);
    *Fx = p->stiffness;
    *Fv = p->damping;
    if (friction_on(p)) {
        F += stribeck(p, xt, &df);
        *Fv += df;
    }
    if (p->useLimitStops) {
        double st = c->data[2];
        if (st != 0) {
            F += p->limitStopsStiffness * (x - (st < 0 ? p->limitStopsLower : p->limitStopsUpper)) +
                 p->limitStopsDamping * xt;
            *Fx += p->limitStopsStiffness;
            *Fv += p->limitStopsDamping;
        }
    }
    return F;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    double Fx, Fv;
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!p->activeConnector) return CD_OK;
    double F = force(c, &Fx, &Fv);
    /* r2 = F w, w = dx_t/dq_t: -factor0 and factor1 on single coordinates */
    cd_md_coord_add(&c->md[0], -p->factor0 * F, r2 + c->item->mk_off[0]);
    cd_md_coord_add(&c->md[1], p->factor1 * F, r2 + c->item->mk_off[1]);
    return CD_OK;
}

/* K = w (dF/dx dx/dq + dF/dx_t dx_t/dq)^T + F dw/dq, D = dF/dx_t w w^T (w = dx_t/dq_t);
 * numerical with relative-coordinate markers */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const params *p = c->item->p;
    int nq = c->item->nq;
    double Fx, Fv, *w = c->scratch, *dx = w + nq, *dxt = dx + nq;
    (void)Cq; (void)Gq; (void)Gv;
    int exact = cd_conn_coord_rows(c, -p->factor0, p->factor1, w, dx, dxt);
    int rc = cd_conn_jacobian_begin(c, !exact, K, D);
    if (rc || !p->activeConnector) return rc;
    double F = force(c, &Fx, &Fv);
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < nq; i++) {
            K[i + nq * j] += w[i] * (Fx * dx[j] + Fv * dxt[j]);
            D[i + nq * j] += Fv * w[i] * w[j];
        }
    cd_conn_coord_dgrad(c, -p->factor0, p->factor1, F, K);
    return CD_OK;
}

/* w, dx, dxt of the Jacobian */
static int scratch(const cd_system *s, const cd_item *it) { (void)s; return 3 * it->nq; }

/* the new limit-stop state from x, and the size of its change (Exudyn's PostNewtonStep) */
static int post_newton(const cd_objctx *c, double *out, double *error, double *h_rec)
{
    (void)h_rec;
    const params *p = c->item->p;
    double x, xt, st = c->data[2], ks = p->limitStopsStiffness, ns = st;
    memcpy(out, c->data, sizeof(double) * (size_t)c->item->nd);
    *error = 0;
    if (!p->useLimitStops) return CD_OK;
    relative(c, &x, &xt);
    if (st < 0) {
        if (x > p->limitStopsLower) { ns = 0; *error = fabs(st * ks); }
        else ns = x - p->limitStopsLower;
    } else if (st > 0) {
        if (x < p->limitStopsUpper) { ns = 0; *error = fabs(st * ks); }
        else ns = x - p->limitStopsUpper;
    } else if (x > p->limitStopsUpper) {
        ns = x - p->limitStopsUpper;
        *error = fabs(ns * ks);
    } else if (x < p->limitStopsLower) {
        ns = x - p->limitStopsLower;
        *error = fabs(ns * ks);
    }
    out[2] = ns;
    return CD_OK;
}

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = &p->nodeNumber;
    return p->nodeNumber >= 0 ? 1 : 0;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    double Fx, Fv;
    switch (var) {
    case CD_OV_DISPLACEMENT: relative(c, out, &Fx); return 1;
    case CD_OV_VELOCITY: relative(c, &Fx, out); return 1;
    case CD_OV_FORCE:
        out[0] = ((const params *)c->item->p)->activeConnector ? force(c, &Fx, &Fv) : 0.0;
        return 1;
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = cd_conn_check_markers(s, index, p, CD_MKF_COORDINATE, NAME, err);
    if (rc) return rc;
    if (p->userFunction.fn)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'springForceUserFunction' is "
                            "not supported by coordyn (Exudyn's 11-argument form); use "
                            "ObjectConnectorCoordinateSpringDamper with its "
                            "springForceUserFunction", index);
    if (friction_on(p) && p->frictionProportionalZone == 0)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: friction with parameter "
                            "'frictionProportionalZone' = 0 is Exudyn's stick-slip model, which "
                            "coordyn does not provide; give frictionProportionalZone > 0 (the "
                            "regularized Stribeck law)", index);
    if (p->frictionProportionalZone < 0)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'frictionProportionalZone' "
                            "must be >= 0, got %g", index, p->frictionProportionalZone);
    if (p->useLimitStops && p->limitStopsLower > p->limitStopsUpper)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'limitStopsLower' (%g) is "
                            "above 'limitStopsUpper' (%g)", index, p->limitStopsLower,
                            p->limitStopsUpper);
    if (p->nodeNumber < 0) {
        if (p->useLimitStops)
            return cd_error_set(err, CD_ERR_INPUT, NAME " %d: useLimitStops needs parameter "
                                "'nodeNumber', a NodeGenericData with 3 data coordinates "
                                "(numberOfDataCoordinates=3)", index);
        if (p->nodeNumber != -1)
            return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumber' has the "
                                "invalid node number %d", index, p->nodeNumber);
        return CD_OK;
    }
    return cd_conn_check_data_node(s, index, p->nodeNumber, 3, NAME, err);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .nodes = nodes,
    .mass_const = 1, .residual = residual, .jacobian = jacobian, .post_newton = post_newton,
    .output = output, .scratch = scratch};
static const cd_outvar outvars[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
#define REAL(N, D, U, DOC) {#N, CD_FT_REAL, 0, OFF(N), D, 0, 0, U, DOC, NULL}
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"nodeNumber", CD_FT_INT, 0, OFF(nodeNumber), "-1", 0, 0, "",
     "NodeGenericData with 3 data coordinates (friction state, last sticking position, "
     "limit-stop state); needed for useLimitStops; -1: none", NULL},
    REAL(stiffness, "0", "N/m", "stiffness k"),
    REAL(damping, "0", "N s/m", "damping d"),
    REAL(offset, "0", "m", "offset subtracted from x"),
    REAL(velocityOffset, "0", "m/s", "subtracted from x_t in the damping term"),
    REAL(factor0, "1", "", "factor of q0 in x = factor1 q1 - factor0 q0"),
    REAL(factor1, "1", "", "factor of q1"),
    REAL(dynamicFrictionForce, "0", "N", "dynamic friction force F_d"),
    REAL(staticFrictionOffsetForce, "0", "N", "static friction added to F_d at zero velocity"),
    REAL(stickingStiffness, "0", "N/m", "stick-slip model only (not available)"),
    REAL(stickingDamping, "0", "N s/m", "stick-slip model only (not available)"),
    REAL(exponentialDecayStatic, "0.001", "m/s", "velocity of the exponential decay of F_s"),
    REAL(viscousFrictionFactor, "0", "N s/m", "viscous friction above frictionProportionalZone"),
    REAL(frictionProportionalZone, "0", "m/s",
         "regularization velocity v_r of the friction (> 0 when friction is used)"),
    REAL(limitStopsUpper, "0", "m", "upper limit of x"),
    REAL(limitStopsLower, "0", "m", "lower limit of x"),
    REAL(limitStopsStiffness, "0", "N/m", "stiffness of the limit stops"),
    REAL(limitStopsDamping, "0", "N s/m", "damping of the limit stops"),
    {"useLimitStops", CD_FT_BOOL, 0, OFF(useLimitStops), "0", 0, 0, "",
     "True: limit stops at limitStopsLower/Upper (needs nodeNumber)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE),
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_COORDSPRING, OFF(userFunction), NULL, 0, 0, "",
     "not supported (an error names the alternative)", NULL},
    {"fDynamicFriction", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "N",
     "deprecated alias of dynamicFrictionForce", "dynamicFrictionForce"},
    {"fStaticFrictionOffset", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "N",
     "deprecated alias of staticFrictionOffsetForce", "staticFrictionOffsetForce"},
    {"fViscousFriction", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "N s/m",
     "deprecated alias of viscousFrictionFactor", "viscousFrictionFactor"}};

const cd_itemtype cd_type_ObjectConnectorCoordinateSpringDamperExt = {
    .kind = CD_OBJECT, .name = NAME, .typename_ = "ConnectorCoordinateSpringDamperExt",
    .alias = "CoordinateSpringDamperExt",
    .doc = "Spring-damper between two coordinate markers with factors, regularized Stribeck "
           "friction and limit stops (Exudyn's extended coordinate spring-damper).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
