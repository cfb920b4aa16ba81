/* ObjectConnectorLinearSpringDamper: a spring-damper along an axis fixed to marker 0: the
 * displacement u = a0 . (p1 - p0) of marker 1 along a0 = A0 axisMarker0, its rate u_t and the
 * force F = k (u - offset) + d (u_t - velocityOffset) + force; other directions are free. */
#include "cd_connectors.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_vec3.h"
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    double stiffness, damping;
    cd_vec axisMarker0;               /* 3: the axis in marker 0's frame */
    double offset, velocityOffset, force;
    int activeConnector;
    cd_func userFunction;             /* springForceUserFunction */
} params;

/* u = a0 . (p1 - p0) along the axis a0 = A0 axisMarker0 of marker 0, its rate
 * u_t = a0 . (v1 - v0) + (w0 x a0) . (p1 - p0), and F = k (u - offset) +
 * d (u_t - velocityOffset) + force */
static int force_eval(const cd_objctx *c, double *u, double *ut, double *F, double a0[3],
                      double d[3])
{
    const params *p = c->item->p;
    double vd[3], wa[3];
    cd_matvec(c->md[0].A, p->axisMarker0.x, a0);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    cd_cross(c->md[0].omega, a0, wa);
    *u = cd_dot(a0, d);
    *ut = cd_dot(a0, vd) + cd_dot(wa, d);
    if (p->userFunction.fn)
        return cd_conn_user_scalar(c, &p->userFunction, *u, *ut, p->stiffness, p->damping,
                                   p->offset, F);
    *F = p->stiffness * (*u - p->offset) + p->damping * (*ut - p->velocityOffset) + p->force;
    return CD_OK;
}

/* r2 = F du/dq = F (a0^T JD + (a0 x d)^T Jrot0) */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    double u, ut, F, a0[3], d[3], Fv[3], ad[3];
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!((const params *)c->item->p)->activeConnector) return CD_OK;
    int rc = force_eval(c, &u, &ut, &F, a0, d);
    if (rc) return rc;
    for (int i = 0; i < 3; i++) Fv[i] = F * a0[i];
    cd_conn_apply_force(c, Fv, r2);
    cd_cross(a0, d, ad);
    cd_conn_add_rot_row(c, 0, ad, F, r2);
    return CD_OK;
}

/* r2 = F c with c = du/dq = du_t/dq_t = JD^T a0 + [Jrot0^T (a0 x d); 0]: K = c F_q^T +
 * F dc/dq, D = d c c^T */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    int nq = c->item->nq;
    double u, ut, F, a0[3], d[3];
    (void)Cq; (void)Gq; (void)Gv;
    int rc = cd_conn_jacobian_begin(c, p->userFunction.fn || !cd_conn_diff_ok(c), K, D);
    if (rc || !p->activeConnector) return rc;
    rc = force_eval(c, &u, &ut, &F, a0, d);
    if (rc) return rc;
    double vd[3], w0[3], wa[3], ad[3];
    cd_work w = cd_conn_work(c);
    double *cv = cd_work_take(&w, nq), *Fq = cd_work_take(&w, nq);
    double *G = cd_work_take(&w, 3 * nq), *GV = cd_work_take(&w, 3 * nq),
           *Ga = cd_work_take(&w, 3 * nq), *W0 = cd_work_take(&w, 3 * nq),
           *X = cd_work_take(&w, 3 * nq);
    memcpy(w0, c->md[0].omega, sizeof w0);
    for (int i = 0; i < 3; i++) vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    cd_cross(w0, a0, wa);
    cd_cross(a0, d, ad);
    cd_conn_dd(c, G, GV);
    cd_conn_dvec(c, 0, p->axisMarker0.x, Ga);
    cd_conn_domega(c, 0, W0);
    for (int j = 0; j < nq; j++) {
        const double *g = G + 3 * j, *ga = Ga + 3 * j;
        double t1[3], t2[3];
        cd_cross(W0 + 3 * j, a0, t1);
        cd_cross(w0, ga, t2);
        double uq = cd_dot(a0, g) + cd_dot(d, ga);
        double utq = cd_dot(a0, GV + 3 * j) + cd_dot(vd, ga) + cd_dot(t1, d) + cd_dot(t2, d) +
                     cd_dot(wa, g);
        Fq[j] = p->stiffness * uq + p->damping * utq;
        cd_cross(ga, d, t1);                       /* X = Ga x d + a0 x G */
        cd_cross(a0, g, t2);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = t1[i] + t2[i];
    }
    cd_conn_apply_force(c, a0, cv);
    cd_conn_add_rot_row(c, 0, ad, 1.0, cv);
    for (int j = 0; j < nq; j++)
        for (int i = 0; i < nq; i++) {
            K[i + nq * j] = cv[i] * Fq[j];
            D[i + nq * j] = p->damping * cv[i] * cv[j];
        }
    cd_conn_add_jtv(c, w, 0, a0, -F, K);
    cd_conn_add_jtv(c, w, 1, a0, F, K);
    cd_conn_add_jdtx(c, Ga, F, K);
    cd_conn_add_jrtv(c, 0, ad, F, K);
    cd_conn_add_jrtx(c, 0, X, F, K);
    return CD_OK;
}

/* as Exudyn's: the scalar u, u_t, F along the axis; Displacement p1 - p0; PotentialEnergy
 * k (u - offset)^2 / 2 + force u (none with a user function); HomogeneousTransformationLocal
 * [A0^T A1, A0^T (p1 - p0); 0, 1] (marker 1 with orientation) */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    double u, ut, F, a0[3], d[3], R[9], dl[3];
    if (force_eval(c, &u, &ut, &F, a0, d)) return -1;
    switch (var) {
    case CD_OV_DISPLACEMENT: memcpy(out, d, 3 * sizeof(double)); return 3;
    case CD_OV_DISPLACEMENTLOCAL: out[0] = u; return 1;
    case CD_OV_VELOCITY:
    case CD_OV_VELOCITYLOCAL: out[0] = ut; return 1;
    case CD_OV_FORCE:
    case CD_OV_FORCELOCAL: out[0] = F; return 1;
    case CD_OV_POTENTIALENERGY:
        if (p->userFunction.fn) return -1;
        out[0] = 0.5 * p->stiffness * (u - p->offset) * (u - p->offset) + p->force * u;
        return 1;
    case CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL:
        if (!c->md[1].rigid) return -1;
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                R[3 * i + j] = c->md[0].A[i] * c->md[1].A[j] +
                               c->md[0].A[3 + i] * c->md[1].A[3 + j] +
                               c->md[0].A[6 + i] * c->md[1].A[6 + j];
        cd_mattvec(c->md[0].A, d, dl);
        return cd_rot_homogeneous(R, dl, out);
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[0]];
    int rc = cd_conn_check_markers(s, index, vp, CD_MKF_POSITION,
                                   "ObjectConnectorLinearSpringDamper", err);
    if (rc) return rc;
    if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorLinearSpringDamper %d: parameter "
                            "'markerNumbers' entry 0 refers to marker %d of type %s, which "
                            "provides no orientation for the axis; use MarkerBodyRigid",
                            index, p->h.markerNumbers.x[0], mk->type->name);
    if (!(cd_dot(p->axisMarker0.x, p->axisMarker0.x) > 0))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectConnectorLinearSpringDamper %d: parameter "
                            "'axisMarker0' must not be zero", index);
    return CD_OK;
}

static int uses_uf(const void *p) { return ((const params *)p)->userFunction.fn != NULL; }

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .mass_const = 1,
    .residual = residual, .scratch = cd_conn_scratch, .jacobian = jacobian, .output = output,
    .uses_userfunc = uses_uf};
static const cd_outvar outvars[] = {CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_DISPLACEMENTLOCAL, CD_OV_VELOCITYLOCAL,
                                    CD_OV_FORCELOCAL, CD_OV_POTENTIALENERGY,
                                    CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"),
    CD_CONN_MARKERS_FIELD("[m0, m1]: m0 with orientation (the axis), m1 a position marker"),
    {"stiffness", CD_FT_REAL, 0, OFF(stiffness), "0", 0, 0, "N/m", "stiffness k", NULL},
    {"damping", CD_FT_REAL, 0, OFF(damping), "0", 0, 0, "N s/m", "damping d", NULL},
    {"axisMarker0", CD_FT_VEC, 3, OFF(axisMarker0), "1 0 0", 0, 0, "",
     "the spring's axis in marker 0's frame", NULL},
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "m", "relaxed displacement", NULL},
    {"velocityOffset", CD_FT_REAL, 0, OFF(velocityOffset), "0", 0, 0, "m/s",
     "velocity subtracted in the damping term", NULL},
    {"force", CD_FT_REAL, 0, OFF(force), "0", 0, 0, "N", "constant force added", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_JOINT),
    {"springForceUserFunction", CD_FT_FUNC, CD_UF_COORDSPRING, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset) -> force "
     "replacing the linear law", NULL}};

const cd_itemtype cd_type_ObjectConnectorLinearSpringDamper = {
    .kind = CD_OBJECT, .name = "ObjectConnectorLinearSpringDamper",
    .typename_ = "ConnectorLinearSpringDamper", .alias = "LinearSpringDamper",
    .doc = "A spring-damper along an axis fixed to marker 0: F = k (u - offset) + d (u_t - "
           "velocityOffset) + force with u the displacement of marker 1 along the axis; other "
           "directions are free (analytic Jacobian).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
