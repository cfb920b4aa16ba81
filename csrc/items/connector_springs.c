/* Spring-dampers between two markers:
 *  ObjectConnectorSpringDamper           F = k (L - L0) + d (L_t - velocityOffset) + force along
 *                                        the unit vector n = (p1 - p0) / L
 *  ObjectConnectorCartesianSpringDamper  F_i = k_i (p1 - p0 - offset)_i + d_i (v1 - v0)_i
 *  ObjectConnectorCoordinateSpringDamper F = k (q1 - q0 - offset) + d (q1_t - q0_t)
 * The force F acts on marker 1 as -F and on marker 0 as +F, so r2 = [-J0^T; J1^T] F. */
#include "../core/cd_items.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define OFF(f) offsetof(cd_p_conn, f)

static int is_active(const cd_p_conn *p) { return p->activeConnector; }

/* ---------------------------------------------------------------- SpringDamper */

/* kinematics and the scalar force F (tension positive) */
static int sd_eval(const cd_objctx *c, cd_conn_kin *k, double *F)
{
    const cd_p_conn *p = c->item->p;
    int rc = cd_conn_kin_eval(c, k, "ObjectConnectorSpringDamper");
    if (rc) return rc;
    if (p->userFunction.fn) {
        double in[5] = {k->L - p->referenceLength, k->Lt, p->stiffness, p->damping, p->force};
        return p->userFunction.fn(p->userFunction.ctx, c->t, c->index, in, 5, F, 1);
    }
    *F = p->stiffness * (k->L - p->referenceLength) + p->damping * (k->Lt - p->velocityOffset) +
         p->force;
    return CD_OK;
}

static int sd_residual(const cd_objctx *c, double *r2, double *rae)
{
    cd_conn_kin k;
    double F;
    (void)rae;
    if (!is_active(c->item->p)) { memset(r2, 0, sizeof(double) * (size_t)c->item->nq); return 0; }
    int rc = sd_eval(c, &k, &F);
    if (rc) return rc;
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    cd_conn_apply_force(c, Fv, r2);
    return CD_OK;
}

/* r2 = JD^T Fv(D, VD): K = JD^T (A dD/dq + B dVD/dq) + d(JD^T)/dq Fv with A = dFv/dD,
 * B = dFv/dVD (D = JD^T B JD is added by the caller) */
static void add_force_jacobian(const cd_objctx *c, const double A[9], const double B[9],
                               const double Fv[3], double *K)
{
    int nq = c->item->nq;
    double G[3 * CD_CONN_MAXNQ], GV[3 * CD_CONN_MAXNQ], X[3 * CD_CONN_MAXNQ];
    cd_conn_dd(c, G, GV);
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < 3; i++)
            X[i + 3 * j] = A[3 * i] * G[3 * j] + A[3 * i + 1] * G[3 * j + 1] +
                           A[3 * i + 2] * G[3 * j + 2] + B[3 * i] * GV[3 * j] +
                           B[3 * i + 1] * GV[3 * j + 1] + B[3 * i + 2] * GV[3 * j + 2];
    cd_conn_add_jdtx(c, X, 1.0, K);
    cd_conn_add_jtv(c, 0, Fv, -1.0, K);
    cd_conn_add_jtv(c, 1, Fv, 1.0, K);
}

/* d(F n)/dD = n (k n^T + d vD^T P / L) + F P / L,  d(F n)/dvD = d n n^T,  P = I - n n^T */
static int sd_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const cd_p_conn *p = c->item->p;
    int nq = c->item->nq;
    cd_conn_kin k;
    double F;
    (void)Cq; (void)Gq; (void)Gv;
    if (p->userFunction.fn || !cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    if (!is_active(p)) return CD_OK;
    int rc = sd_eval(c, &k, &F);
    if (rc) return rc;
    double A[9], B[9], vP[3];
    for (int j = 0; j < 3; j++) {
        vP[j] = 0;
        for (int i = 0; i < 3; i++) vP[j] += k.vd[i] * ((i == j) - k.n[i] * k.n[j]);
    }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double P = (i == j) - k.n[i] * k.n[j];
            A[3 * i + j] = k.n[i] * (p->stiffness * k.n[j] + p->damping * vP[j] / k.L) + F * P / k.L;
            B[3 * i + j] = p->damping * k.n[i] * k.n[j];
        }
    double Fv[3] = {F * k.n[0], F * k.n[1], F * k.n[2]};
    add_force_jacobian(c, A, B, Fv, K);
    cd_conn_add_jtaj(c, B, D);
    return CD_OK;
}

static int sd_output(const cd_objctx *c, cd_outvar var, double *out)
{
    cd_conn_kin k;
    double F;
    int rc = sd_eval(c, &k, &F);
    if (rc) return -1;
    switch (var) {
    case CD_OV_DISTANCE: out[0] = k.L; return 1;
    case CD_OV_DISPLACEMENT: memcpy(out, k.d, sizeof(k.d)); return 3;
    case CD_OV_VELOCITY: memcpy(out, k.vd, sizeof(k.vd)); return 3;
    case CD_OV_FORCE: for (int i = 0; i < 3; i++) out[i] = F * k.n[i]; return 3;
    default: return -1;
    }
}

/* ---------------------------------------------------------------- CartesianSpringDamper */

static int cart_force(const cd_objctx *c, double F[3])
{
    const cd_p_conn *p = c->item->p;
    double d[3], vd[3];
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    if (p->userFunction.fn) {
        double in[15];
        for (int i = 0; i < 3; i++) {
            in[i] = d[i]; in[3 + i] = vd[i]; in[6 + i] = p->stiffnessv.x[i];
            in[9 + i] = p->dampingv.x[i]; in[12 + i] = p->offsetv.x[i];
        }
        return p->userFunction.fn(p->userFunction.ctx, c->t, c->index, in, 15, F, 3);
    }
    for (int i = 0; i < 3; i++)
        F[i] = p->stiffnessv.x[i] * (d[i] - p->offsetv.x[i]) + p->dampingv.x[i] * vd[i];
    return CD_OK;
}

static int cart_residual(const cd_objctx *c, double *r2, double *rae)
{
    double F[3];
    (void)rae;
    if (!is_active(c->item->p)) { memset(r2, 0, sizeof(double) * (size_t)c->item->nq); return 0; }
    int rc = cart_force(c, F);
    if (rc) return rc;
    cd_conn_apply_force(c, F, r2);
    return CD_OK;
}

static int cart_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const cd_p_conn *p = c->item->p;
    int nq = c->item->nq;
    (void)Cq; (void)Gq; (void)Gv;
    if (p->userFunction.fn || !cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    if (!is_active(p)) return CD_OK;
    double A[9] = {0}, B[9] = {0}, F[3];
    for (int i = 0; i < 3; i++) {
        A[4 * i] = p->stiffnessv.x[i];
        B[4 * i] = p->dampingv.x[i];
    }
    int rc = cart_force(c, F);
    if (rc) return rc;
    add_force_jacobian(c, A, B, F, K);
    cd_conn_add_jtaj(c, B, D);
    return CD_OK;
}

static int cart_output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_DISPLACEMENT:  /* p1 - p0 - offset, as Exudyn reports it */
        for (int i = 0; i < 3; i++)
            out[i] = c->md[1].pos[i] - c->md[0].pos[i] - ((const cd_p_conn *)c->item->p)->offsetv.x[i];
        return 3;
    case CD_OV_DISTANCE: {
        double d[3], L2 = 0;
        cart_output(c, CD_OV_DISPLACEMENT, d);
        for (int i = 0; i < 3; i++) L2 += d[i] * d[i];
        out[0] = sqrt(L2);
        return 1;
    }
    case CD_OV_VELOCITY:
        for (int i = 0; i < 3; i++) out[i] = c->md[1].vel[i] - c->md[0].vel[i];
        return 3;
    case CD_OV_FORCE: return cart_force(c, out) ? -1 : 3;
    default: return -1;
    }
}

/* ---------------------------------------------------------------- CoordinateSpringDamper */

static int coord_force(const cd_objctx *c, double *F)
{
    const cd_p_conn *p = c->item->p;
    double u = c->md[1].value - c->md[0].value, ut = c->md[1].value_t - c->md[0].value_t;
    if (p->userFunction.fn) {
        double in[5] = {u, ut, p->stiffness, p->damping, p->offset};
        return p->userFunction.fn(p->userFunction.ctx, c->t, c->index, in, 5, F, 1);
    }
    *F = p->stiffness * (u - p->offset) + p->damping * ut;
    return CD_OK;
}

/* add s * value to the local entry of marker k's coordinate (ground markers have none) */
static void add_coord(const cd_objctx *c, int k, double s, double *r)
{
    if (c->md[k].n > 0) r[c->item->mk_off[k] + c->md[k].coord] += s;
}

static int coord_residual(const cd_objctx *c, double *r2, double *rae)
{
    double F;
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!is_active(c->item->p)) return 0;
    int rc = coord_force(c, &F);
    if (rc) return rc;
    add_coord(c, 0, -F, r2);
    add_coord(c, 1, F, r2);
    return CD_OK;
}

/* K = k [1 -1; -1 1] on the two coordinates, D = d [1 -1; -1 1] */
static int coord_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const cd_p_conn *p = c->item->p;
    int nq = c->item->nq;
    (void)Cq; (void)Gq; (void)Gv;
    if (p->userFunction.fn) return CD_JAC_NUMERICAL;
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    if (!is_active(p)) return CD_OK;
    for (int a = 0; a < 2; a++)
        for (int b = 0; b < 2; b++) {
            if (c->md[a].n == 0 || c->md[b].n == 0) continue;
            int i = c->item->mk_off[a] + c->md[a].coord, j = c->item->mk_off[b] + c->md[b].coord;
            double sg = a == b ? 1.0 : -1.0;
            K[i + nq * j] += sg * p->stiffness;
            D[i + nq * j] += sg * p->damping;
        }
    return CD_OK;
}

static int coord_output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_DISPLACEMENT: out[0] = c->md[1].value - c->md[0].value; return 1;
    case CD_OV_VELOCITY: out[0] = c->md[1].value_t - c->md[0].value_t; return 1;
    case CD_OV_FORCE: return coord_force(c, out) ? -1 : 1;
    default: return -1;
    }
}

static int uses_uf(const void *vp) { return ((const cd_p_conn *)vp)->userFunction.fn != NULL; }

static int check_sd(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_POSITION, "ObjectConnectorSpringDamper", e);
}
static int check_cart(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_POSITION, "ObjectConnectorCartesianSpringDamper", e);
}
static int check_coord(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_COORDINATE, "ObjectConnectorCoordinateSpringDamper", e);
}

static const cd_objectops sd_ops = {
    .flags = CD_OBJF_CONNECTOR,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .mass_const = 1,
    .residual = sd_residual,
    .jacobian = sd_jacobian,
    .output = sd_output,
    .uses_userfunc = uses_uf};
static const cd_objectops cart_ops = {
    .flags = CD_OBJF_CONNECTOR,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .mass_const = 1,
    .residual = cart_residual,
    .jacobian = cart_jacobian,
    .output = cart_output,
    .uses_userfunc = uses_uf};
static const cd_objectops coord_ops = {
    .flags = CD_OBJF_CONNECTOR,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .mass_const = 1,
    .residual = coord_residual,
    .jacobian = coord_jacobian,
    .output = coord_output,
    .uses_userfunc = uses_uf};

static const cd_outvar sd_ov[] = {CD_OV_DISTANCE, CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE,
                                  CD_OV_NONE};
static const cd_outvar cart_ov[] = {CD_OV_DISPLACEMENT, CD_OV_DISTANCE, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_NONE};
static const cd_outvar coord_ov[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE, CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "connector's unique name", NULL}
#define MARKERS_FIELD {"markerNumbers", CD_FT_INDEXLIST, 2, OFF(markerNumbers), NULL, 0, CD_MARKER, "", "the two markers [m0, m1] it connects", NULL}
#define ACTIVE_FIELD {"activeConnector", CD_FT_BOOL, 0, OFF(activeConnector), "1", 0, 0, "", "False: the connector applies no force", NULL}

static const cd_field sd_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"referenceLength", CD_FT_REAL, 0, OFF(referenceLength), "0", 0, 0, "m",
     "reference (free) length L0", NULL},
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N/m", "stiffness k", NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N s/m", "damping d", NULL},
    {"force", CD_FT_REAL, 0, OFF(force), "0", 0, 0, "N",
     "constant force added to the spring force (positive: tension)", NULL},
    {"velocityOffset", CD_FT_REAL, 0, OFF(velocityOffset), "0", 0, 0, "m/s",
     "velocity subtracted from L_t in the damping term", NULL},
    ACTIVE_FIELD,
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_SPRINGFORCE, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force) -> scalar force "
     "replacing the linear law", NULL}};

static const cd_field cart_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"stiffness", CD_FT_VEC, 3, OFF(stiffnessv), "0 0 0", 0, 0, "N/m", "stiffness per axis", NULL},
    {"damping", CD_FT_VEC, 3, OFF(dampingv), "0 0 0", 0, 0, "N s/m", "damping per axis", NULL},
    {"offset", CD_FT_VEC, 3, OFF(offsetv), "0 0 0", 0, 0, "m",
     "offset subtracted from p1 - p0", NULL},
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_CARTSPRING, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> force 3-vector",
     NULL},
    ACTIVE_FIELD};

static const cd_field coord_fields[] = {
    NAME_FIELD, MARKERS_FIELD,
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N/m", "stiffness k", NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N s/m", "damping d", NULL},
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "m", "offset subtracted from q1 - q0", NULL},
    ACTIVE_FIELD,
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_COORDSPRING, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> scalar force",
     NULL}};

const cd_itemtype cd_type_ObjectConnectorSpringDamper = {
    CD_OBJECT, "ObjectConnectorSpringDamper", "ConnectorSpringDamper", "SpringDamper",
    "Spring-damper along the line between two position markers: F = k (L - L0) + "
    "d (L_t - velocityOffset) + force.", sizeof(cd_p_conn), sd_fields, CD_NF(sd_fields),
    check_sd, NULL, &sd_ops, NULL, NULL, sd_ov, NULL};
const cd_itemtype cd_type_ObjectConnectorCartesianSpringDamper = {
    CD_OBJECT, "ObjectConnectorCartesianSpringDamper", "ConnectorCartesianSpringDamper",
    "CartesianSpringDamper",
    "Spring-damper acting per global axis between two position markers: F_i = k_i (p1 - p0 - "
    "offset)_i + d_i (v1 - v0)_i.", sizeof(cd_p_conn), cart_fields, CD_NF(cart_fields),
    check_cart, NULL, &cart_ops, NULL, NULL, cart_ov, NULL};
const cd_itemtype cd_type_ObjectConnectorCoordinateSpringDamper = {
    CD_OBJECT, "ObjectConnectorCoordinateSpringDamper", "ConnectorCoordinateSpringDamper",
    "CoordinateSpringDamper",
    "Spring-damper between two coordinate markers: F = k (q1 - q0 - offset) + d (q1_t - q0_t).",
    sizeof(cd_p_conn), coord_fields, CD_NF(coord_fields), check_coord, NULL, &coord_ops, NULL,
    NULL, coord_ov, NULL};
