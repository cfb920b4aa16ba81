/* ObjectConnectorCoordinate: couples two coordinate markers, g = factor1 q1 - q0 - offset(t)
 * = 0 (velocityLevel or index 2: factor1 q1_t - q0_t - offset_t(t)); a gear ratio is one
 * constraint. r2 = C_q^T lambda. */
#include "cd_joints.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    double offset, factor1;
    int velocityLevel, activeConnector;
    cd_func userFunction, userFunction_t;   /* offsetUserFunction, offsetUserFunction_t */
} params;

static int nae(const void *p) { (void)p; return 1; }
static int active(const void *p) { return ((const params *)p)->activeConnector; }
static int velocity_level(const void *p) { return ((const params *)p)->velocityLevel; }

/* off = base, or f(t, item, base) when the user function f is set */
static int offset_value(const cd_objctx *c, const cd_func *f, double base, double *off)
{
    *off = base;
    if (!f->fn) return CD_OK;
    return cd_object_userfunc(c, f, &base, 1, off, 1);
}

/* Cq (nq) = d(factor1 q1 - q0)/dq: -1 at q0's entry, factor1 at q1's (coordinate markers), or
 * the markers' gradients (relative-coordinate markers); written fully */
static void constraint_row(const cd_objctx *c, double *Cq)
{
    const params *p = c->item->p;
    memset(Cq, 0, sizeof(double) * (size_t)c->item->nq);
    cd_md_coord_add(&c->md[0], -1.0, Cq + c->item->mk_off[0]);
    cd_md_coord_add(&c->md[1], p->factor1, Cq + c->item->mk_off[1]);
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    int rc;
    double off;
    constraint_row(c, r2);
    for (int i = 0; i < c->item->nq; i++) r2[i] *= c->lam[0];
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

/* Cq = w = d(factor1 value_1 - value_0)_t/dq_t (the markers' gradients; -1 and factor1 on
 * single coordinates), K = lambda dw/dq, D = 0; Gq = d(factor1 value_1 - value_0)/dq at
 * position level, Gq = d(...)_t/dq and Gv = w at velocity level (velocityLevel or index 2).
 * Numerical with relative-coordinate markers (their gradient derivatives are not given) */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    int nq = c->item->nq, vel = p->velocityLevel || c->index2;
    double *dx = c->scratch, *dxt = dx + nq;
    if (!cd_conn_coord_rows(c, -1.0, p->factor1, Cq, dx, dxt)) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    cd_conn_coord_dgrad(c, -1.0, p->factor1, c->lam[0], K);
    memcpy(Gq, vel ? dxt : dx, sizeof(double) * (size_t)nq);
    if (vel) memcpy(Gv, Cq, sizeof(double) * (size_t)nq);
    else memset(Gv, 0, sizeof(double) * (size_t)nq);
    return CD_OK;
}

/* dx, dxt of the Jacobian */
static int scratch(const cd_system *s, const cd_item *it) { (void)s; return 2 * it->nq; }

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
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

static int check(const cd_system *s, int i, const void *vp, cd_error *e)
{
    return cd_conn_check_markers(s, i, vp, CD_MKF_COORDINATE | CD_MKF_RELCOORD,
                                 "ObjectConnectorCoordinate", e);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = nae, .mass_const = 1, .residual = residual,
    .jacobian = jacobian, .velocity_level = velocity_level, .output = output, .active = active,
    .scratch = scratch};
static const cd_outvar outvars[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_CONSTRAINTEQUATION, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("constraint"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "", "offset in factor1 q1 - q0 = offset",
     NULL},
    {"factor1", CD_FT_REAL, 0, OFF(factor1), "1", 0, 0, "", "factor of q1 (a gear ratio)", NULL},
    {"velocityLevel", CD_FT_BOOL, 0, OFF(velocityLevel), "0", 0, 0, "",
     "True: constrain velocities, factor1 q1_t - q0_t = offset", NULL},
    {"offsetUserFunction", CD_FT_FUNC, CD_UF_OFFSET, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, lOffset) -> offset(t)", NULL},
    {"offsetUserFunction_t", CD_FT_FUNC, CD_UF_OFFSET, OFF(userFunction_t), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, lOffset) -> d offset / dt (velocity level and index 2)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_CONSTRAINT),
    {"factorValue1", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "", "deprecated alias of factor1",
     "factor1"}};

const cd_itemtype cd_type_ObjectConnectorCoordinate = {
    .kind = CD_OBJECT, .name = "ObjectConnectorCoordinate", .typename_ = "ConnectorCoordinate",
    .alias = "CoordinateConstraint",
    .doc = "Couples two coordinate markers: factor1 q1 - q0 - offset = 0 (a gear ratio is one "
           "constraint).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
