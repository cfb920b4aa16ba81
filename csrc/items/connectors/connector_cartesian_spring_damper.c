/* ObjectConnectorCartesianSpringDamper: a spring-damper per global axis between two position
 * markers, F_i = k_i (p1 - p0 - offset)_i + d_i (v1 - v0)_i, r2 = JD^T F */
#include "cd_connectors.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    cd_vec stiffness, damping, offset;   /* 3 each: per global axis */
    cd_func userFunction;             /* springForceUserFunction */
    int activeConnector;
} params;

static int force(const cd_objctx *c, double F[3])
{
    const params *p = c->item->p;
    double d[3], vd[3];
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    if (p->userFunction.fn) {
        double in[15];
        for (int i = 0; i < 3; i++) {
            /* Exudyn's displacement argument: p1 - p0 - offset */
            in[i] = d[i] - p->offset.x[i]; in[3 + i] = vd[i]; in[6 + i] = p->stiffness.x[i];
            in[9 + i] = p->damping.x[i]; in[12 + i] = p->offset.x[i];
        }
        return cd_object_userfunc(c, &p->userFunction, in, 15, F, 3);
    }
    for (int i = 0; i < 3; i++)
        F[i] = p->stiffness.x[i] * (d[i] - p->offset.x[i]) + p->damping.x[i] * vd[i];
    return CD_OK;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    double F[3];
    (void)rae;
    if (!((const params *)c->item->p)->activeConnector) {
        memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
        return 0;
    }
    int rc = force(c, F);
    if (rc) return rc;
    cd_conn_apply_force(c, F, r2);
    return CD_OK;
}

/* dF/dD = diag(k), dF/dVD = diag(d) */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const params *p = c->item->p;
    (void)Cq; (void)Gq; (void)Gv;
    int rc = cd_conn_jacobian_begin(c, p->userFunction.fn || !cd_conn_diff_ok(c), K, D);
    if (rc || !p->activeConnector) return rc;
    double A[9] = {0}, B[9] = {0}, F[3];
    for (int i = 0; i < 3; i++) {
        A[4 * i] = p->stiffness.x[i];
        B[4 * i] = p->damping.x[i];
    }
    rc = force(c, F);
    if (rc) return rc;
    cd_conn_add_force_jacobian(c, cd_conn_work(c), A, B, F, K);
    cd_conn_add_jtaj(c, cd_conn_work(c), B, D);
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_DISPLACEMENT:  /* p1 - p0 - offset, as Exudyn reports it */
        for (int i = 0; i < 3; i++)
            out[i] = c->md[1].pos[i] - c->md[0].pos[i] - ((const params *)c->item->p)->offset.x[i];
        return 3;
    case CD_OV_DISTANCE: {
        double d[3], L2 = 0;
        output(c, CD_OV_DISPLACEMENT, d);
        for (int i = 0; i < 3; i++) L2 += d[i] * d[i];
        out[0] = sqrt(L2);
        return 1;
    }
    case CD_OV_VELOCITY:
        for (int i = 0; i < 3; i++) out[i] = c->md[1].vel[i] - c->md[0].vel[i];
        return 3;
    case CD_OV_FORCE: return force(c, out) ? -1 : 3;
    case CD_OV_POTENTIALENERGY: {  /* V = sum_i k_i (d_i - offset_i)^2 / 2, as Exudyn's */
        const params *p = c->item->p;
        double d[3];
        if (p->userFunction.fn) return -1;  /* no potential of a user function's force */
        output(c, CD_OV_DISPLACEMENT, d);
        out[0] = 0;
        for (int i = 0; i < 3; i++) out[0] += 0.5 * p->stiffness.x[i] * d[i] * d[i];
        return 1;
    }
    default: return -1;
    }
}

static int uses_uf(const void *p) { return ((const params *)p)->userFunction.fn != NULL; }

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_POSITION, "ObjectConnectorCartesianSpringDamper",
                                 e);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .mass_const = 1,
    .residual = residual, .scratch = cd_conn_scratch, .jacobian = jacobian, .output = output,
    .uses_userfunc = uses_uf};
static const cd_outvar outvars[] = {CD_OV_DISPLACEMENT, CD_OV_DISTANCE, CD_OV_VELOCITY,
                                    CD_OV_FORCE, CD_OV_POTENTIALENERGY,
                                    CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"), CD_CONN_MARKERS_FIELD(CD_CONN_TWO_MARKERS),
    {"stiffness", CD_FT_VEC, 3, OFF(stiffness), "0 0 0", 0, 0, "N/m", "stiffness per axis", NULL},
    {"damping", CD_FT_VEC, 3, OFF(damping), "0 0 0", 0, 0, "N s/m", "damping per axis", NULL},
    {"offset", CD_FT_VEC, 3, OFF(offset), "0 0 0", 0, 0, "m", "offset subtracted from p1 - p0",
     NULL},
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_CARTSPRING, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> force 3-vector",
     NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE)};

const cd_itemtype cd_type_ObjectConnectorCartesianSpringDamper = {
    .kind = CD_OBJECT, .name = "ObjectConnectorCartesianSpringDamper",
    .typename_ = "ConnectorCartesianSpringDamper", .alias = "CartesianSpringDamper",
    .doc = "Spring-damper acting per global axis between two position markers: F_i = k_i (p1 - "
           "p0 - offset)_i + d_i (v1 - v0)_i.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
