/* ObjectConnectorCoordinateSpringDamper: a spring-damper between two coordinate markers,
 * F = k (q1 - q0 - offset) + d (q1_t - q0_t); r2 = -F on q0 and +F on q1 (a ground coordinate
 * has no entry) */
#include "cd_connectors.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    double stiffness, damping, offset;
    int activeConnector;
    cd_func userFunction;             /* springForceUserFunction */
} params;

static int force(const cd_objctx *c, double *F)
{
    const params *p = c->item->p;
    double u = c->md[1].value - c->md[0].value, ut = c->md[1].value_t - c->md[0].value_t;
    if (p->userFunction.fn)
        return cd_conn_user_scalar(c, &p->userFunction, u, ut, p->stiffness, p->damping,
                                   p->offset, F);
    *F = p->stiffness * (u - p->offset) + p->damping * ut;
    return CD_OK;
}

/* r += s d value_k/dq over marker k's coordinates (ground markers have none) */
static void add_coord(const cd_objctx *c, int k, double s, double *r)
{
    cd_md_coord_add(&c->md[k], s, r + c->item->mk_off[k]);
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    double F;
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const params *)c->item->p)->activeConnector) return 0;
    int rc = force(c, &F);
    if (rc) return rc;
    add_coord(c, 0, -F, r2);
    add_coord(c, 1, F, r2);
    return CD_OK;
}

/* r2 = F w with u = value_1 - value_0, w = du_t/dq_t (the markers' gradients; -1 and +1 on
 * single coordinates): K = w (k du/dq + d du_t/dq)^T + F dw/dq, D = d w w^T. Numerical with a
 * user function or relative-coordinate markers (their gradient derivatives are not given) */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const params *p = c->item->p;
    int nq = c->item->nq;
    double F, *w = c->scratch, *du = w + nq, *dut = du + nq;
    (void)Cq; (void)Gq; (void)Gv;
    int exact = cd_conn_coord_rows(c, -1.0, 1.0, w, du, dut);
    int rc = cd_conn_jacobian_begin(c, p->userFunction.fn != NULL || !exact, K, D);
    if (rc || !p->activeConnector) return rc;
    if ((rc = force(c, &F))) return rc;
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < nq; i++) {
            K[i + nq * j] += w[i] * (p->stiffness * du[j] + p->damping * dut[j]);
            D[i + nq * j] += p->damping * w[i] * w[j];
        }
    cd_conn_coord_dgrad(c, -1.0, 1.0, F, K);
    return CD_OK;
}

/* w, du, dut of the Jacobian */
static int scratch(const cd_system *s, const cd_item *it) { (void)s; return 3 * it->nq; }

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_DISPLACEMENT: out[0] = c->md[1].value - c->md[0].value; return 1;
    case CD_OV_VELOCITY: out[0] = c->md[1].value_t - c->md[0].value_t; return 1;
    case CD_OV_FORCE: return force(c, out) ? -1 : 1;
    case CD_OV_POTENTIALENERGY: {  /* V = k (u - offset)^2 / 2, as Exudyn's */
        const params *p = c->item->p;
        double e = c->md[1].value - c->md[0].value - p->offset;
        if (p->userFunction.fn) return -1;  /* no potential of a user function's force */
        out[0] = 0.5 * p->stiffness * e * e;
        return 1;
    }
    default: return -1;
    }
}

static int uses_uf(const void *p) { return ((const params *)p)->userFunction.fn != NULL; }

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_COORDINATE | CD_MKF_RELCOORD,
                                 "ObjectConnectorCoordinateSpringDamper", e);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .mass_const = 1,
    .residual = residual, .jacobian = jacobian, .output = output, .uses_userfunc = uses_uf,
    .scratch = scratch};
static const cd_outvar outvars[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_POTENTIALENERGY, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N/m", "stiffness k", NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N s/m", "damping d", NULL},
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "m", "offset subtracted from q1 - q0", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE),
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_COORDSPRING, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> scalar force",
     NULL}};

const cd_itemtype cd_type_ObjectConnectorCoordinateSpringDamper = {
    .kind = CD_OBJECT, .name = "ObjectConnectorCoordinateSpringDamper",
    .typename_ = "ConnectorCoordinateSpringDamper", .alias = "CoordinateSpringDamper",
    .doc = "Spring-damper between two coordinate markers: F = k (q1 - q0 - offset) + "
           "d (q1_t - q0_t).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
