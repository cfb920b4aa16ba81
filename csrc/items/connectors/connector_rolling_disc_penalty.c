/* ObjectConnectorRollingDiscPenalty: a rigid disc (marker 1: its centre and frame) on a plane
 * (marker 0: a point of the plane and its frame), with a penalty contact in the normal direction
 * and regularized dry friction in the plane, after Exudyn's connector of the same name.
 * With the disc axis w1 = A1 discAxis, the plane normal n0 = A0 planeNormal, the radius r:
 *   forward  w2 = (w1 x n0) / |w1 x n0|,  w3 = w1 x w2 (from the centre to the contact),
 *   lateral  wL = n0 x w2,
 *   contact  pC = p1 + r w3 - p0 (relative to marker 0),
 *   slip     vC = v1 + omega1 x r w3 - (v0 + omega0 x pC),  s = [wL.vC, w2.vC] (local slip).
 * The state in the 3 Data coordinates of the NodeGenericData nodeNumber: d = [s_lat, s_fwd, gap]
 * of the last post-Newton update. While d[2] < 0 the disc is in contact with the normal force
 *   fn = -(k n0.pC + c n0.vC)
 * and the friction force ft (2 local components) of slip(s, d):
 *   |d_s| = 0 or |s| = 0:  ft = 0;
 *   else ft = -phi |fn| e, with e = d_s/|d_s| and phi = 1, except in the proportional zone
 *   |d_s| <= v_r (dryFrictionProportionalZone > 0): e = s/|s|, phi = |s|/v_r, times
 *   (2 - |s|/v_r) unless useLinearProportionalZone; then ft = R^T D R ft with
 *   D = diag(mu_i + mu_v,i |s|) and R the rotation by dryFrictionAngle.
 * The force on the disc at the contact point is fC = ft_0 wL + ft_1 w2 + fn n0, its negative
 * on the plane's material point at the contact; rollingViscousFriction mu_r adds
 * -mu_r |fn| vG to the disc centre (and its negative to the plane, both without moment), vG the
 * centre's velocity relative to the plane's material point at the contact, without its normal
 * part. After Newton, post_newton stores [s, n0.pC] of the converged state and reports the size
 * of the change as Exudyn's PostNewtonStep does: k |gap| + |ft(s, s)| when the contact state
 * changed, |ft(s, s) - ft(s, d_s)| while it stays in contact. The Jacobian is numerical. */
#include "cd_connectors.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    int nodeNumber;                   /* NodeGenericData with 3 data coordinates */
    double discRadius;
    cd_vec discAxis, planeNormal;     /* in the frames of marker 1 and marker 0 */
    double dryFrictionAngle, contactStiffness, contactDamping;
    cd_vec dryFriction;               /* 2: lateral, forward */
    double dryFrictionProportionalZone;
    cd_vec viscousFriction;           /* 2 */
    double rollingViscousFriction;
    int useLinearProportionalZone, activeConnector;
} params;

#define NAME "ObjectConnectorRollingDiscPenalty"

/* the contact geometry and forces of one evaluation */
typedef struct {
    double n0[3], w2[3], w3[3], wL[3], pC[3], vC[3], s[2];
    double fn, ft[2];                 /* normal force and local friction force on the disc */
} geo;

static double norm2(const double x[2]) { return sqrt(x[0] * x[0] + x[1] * x[1]); }

/* the local friction force ft from the current slip s, the slip ds of the data and the
 * normal force fn (Exudyn's ComputeSlipForce) */
static void slip_force(const params *p, const double s[2], const double ds[2], double fn,
                       double ft[2])
{
    double vs = norm2(s), vd = norm2(ds), e[2], phi = 1.0, vr = p->dryFrictionProportionalZone;
    ft[0] = ft[1] = 0.0;
    if (vd == 0.0 || vs == 0.0) return;
    e[0] = ds[0] / vd; e[1] = ds[1] / vd;
    if (vr != 0.0 && vd <= vr) {       /* proportional zone: the current slip direction */
        double f = vs / vr;
        phi = p->useLinearProportionalZone ? f : f * (2.0 - f);
        e[0] = s[0] / vs; e[1] = s[1] / vs;
    }
    double t[2] = {-phi * fabs(fn) * e[0], -phi * fabs(fn) * e[1]};
    double d0 = p->dryFriction.x[0] + p->viscousFriction.x[0] * vs;
    double d1 = p->dryFriction.x[1] + p->viscousFriction.x[1] * vs;
    if (p->dryFrictionAngle == 0.0) {
        ft[0] = d0 * t[0];
        ft[1] = d1 * t[1];
        return;
    }
    double c = cos(p->dryFrictionAngle), sn = sin(p->dryFrictionAngle);
    double u0 = d0 * (c * t[0] - sn * t[1]), u1 = d1 * (sn * t[0] + c * t[1]); /* D R t */
    ft[0] = c * u0 + sn * u1;                                                  /* R^T D R t */
    ft[1] = -sn * u0 + c * u1;
}

/* geometry, slip and forces; the contact is on while gap < 0, gap = d[2] or, with current,
 * the current n0.pC (Exudyn's ComputeContactForces) */
static int contact(const cd_objctx *c, int current, geo *g)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    double w1[3], f[3], t[3], a1[3];
    cd_matvec(m0->A, p->planeNormal.x, g->n0);
    cd_matvec(m1->A, p->discAxis.x, w1);
    cd_cross(w1, g->n0, f);
    double nf = sqrt(cd_dot(f, f));
    if (!(nf > 0.0))
        return cd_error_set(c->err, CD_RETRY_STEP, NAME " %d: the disc axis is parallel to the "
                            "plane normal (the disc lies flat on the plane)", c->index);
    for (int i = 0; i < 3; i++) g->w2[i] = f[i] / nf;
    cd_cross(w1, g->w2, g->w3);
    cd_cross(g->n0, g->w2, g->wL);
    for (int i = 0; i < 3; i++) {
        a1[i] = p->discRadius * g->w3[i];
        g->pC[i] = m1->pos[i] + a1[i] - m0->pos[i];
    }
    cd_cross(m1->omega, a1, t);
    for (int i = 0; i < 3; i++) g->vC[i] = m1->vel[i] + t[i] - m0->vel[i];
    cd_cross(m0->omega, g->pC, t);
    for (int i = 0; i < 3; i++) g->vC[i] -= t[i];
    g->s[0] = cd_dot(g->vC, g->wL);
    g->s[1] = cd_dot(g->vC, g->w2);
    g->fn = g->ft[0] = g->ft[1] = 0.0;
    double gap = current ? cd_dot(g->pC, g->n0) : c->data[2];
    if (gap < 0.0) {
        g->fn = -(p->contactStiffness * cd_dot(g->pC, g->n0) +
                  p->contactDamping * cd_dot(g->vC, g->n0));
        slip_force(p, g->s, c->data, g->fn, g->ft);
    }
    return CD_OK;
}

/* r2 = -f: the contact force fC on the disc at p1 + r w3 and -fC on the plane at p0 + pC */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    geo g;
    double fP[3], a1[3], T1[3], T0[3];
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!p->activeConnector) return CD_OK;
    int rc = contact(c, 0, &g);
    if (rc) return rc;
    for (int i = 0; i < 3; i++) {
        fP[i] = -(g.ft[0] * g.wL[i] + g.ft[1] * g.w2[i] + g.fn * g.n0[i]);  /* -fC */
        a1[i] = p->discRadius * g.w3[i];
    }
    cd_cross(a1, fP, T1);
    cd_cross(g.pC, fP, T0);
    if (p->rollingViscousFriction != 0.0) {  /* at the centre, no moment */
        const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
        double vg[3], t[3];
        cd_cross(m0->omega, g.pC, t);
        for (int i = 0; i < 3; i++) vg[i] = m1->vel[i] - m0->vel[i] - t[i];
        double vn = cd_dot(vg, g.n0);
        for (int i = 0; i < 3; i++)
            fP[i] += p->rollingViscousFriction * fabs(g.fn) * (vg[i] - vn * g.n0[i]);
    }
    cd_conn_apply_force(c, fP, r2);          /* -J0^T fP, J1^T fP */
    cd_conn_add_rot_row(c, 1, T1, 1.0, r2);
    cd_conn_add_rot_row(c, 0, T0, -1.0, r2);
    return CD_OK;
}

/* the new state [s, gap] and the size of its change (Exudyn's PostNewtonStep) */
static int post_newton(const cd_objctx *c, double *out, double *error, double *h_rec)
{
    (void)h_rec;
    const params *p = c->item->p;
    geo g;
    double fs[2], fd[2];
    memcpy(out, c->data, sizeof(double) * (size_t)c->item->nd);
    *error = 0.0;
    int rc = contact(c, 1, &g);
    if (rc) return rc;
    double gap = cd_dot(g.pC, g.n0), old = c->data[2];
    if ((gap > 0.0 && old <= 0.0) || (gap <= 0.0 && old > 0.0)) {
        slip_force(p, g.s, g.s, g.fn, fs);
        *error = fabs(gap * p->contactStiffness) + norm2(fs);
    } else if (gap < 0.0) {
        slip_force(p, g.s, c->data, g.fn, fd);
        slip_force(p, g.s, g.s, g.fn, fs);
        fs[0] -= fd[0]; fs[1] -= fd[1];
        *error = norm2(fs);
    }
    out[0] = g.s[0];
    out[1] = g.s[1];
    out[2] = gap;
    return CD_OK;
}

/* velocity of the contact point as a point of the trail (the disc's rotation about its axis
 * does not move it), relative to the plane's material point: v1 + r w3_t - (v0 + omega0 x pC) */
static void trail_velocity(const cd_objctx *c, const geo *g, double vt[3])
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0], *m1 = &c->md[1];
    double w1[3], w1t[3], n0t[3], f[3], ft[3], a[3], b[3], w2t[3], w3t[3] = {0, 0, 0};
    cd_matvec(m1->A, p->discAxis.x, w1);
    cd_cross(m1->omega, w1, w1t);
    cd_cross(m0->omega, g->n0, n0t);
    cd_cross(w1, g->n0, f);
    cd_cross(w1t, g->n0, a);
    cd_cross(w1, n0t, b);
    for (int i = 0; i < 3; i++) ft[i] = a[i] + b[i];
    double nf = sqrt(cd_dot(f, f));
    if (nf != 0.0) {
        double nft = cd_dot(f, ft) / nf;
        for (int i = 0; i < 3; i++) w2t[i] = (ft[i] * nf - f[i] * nft) / (nf * nf);
        cd_cross(w1t, g->w2, a);
        cd_cross(w1, w2t, b);
        for (int i = 0; i < 3; i++) w3t[i] = a[i] + b[i];
    }
    cd_cross(m0->omega, g->pC, a);
    for (int i = 0; i < 3; i++)
        vt[i] = m1->vel[i] + p->discRadius * w3t[i] - (m0->vel[i] + a[i]);
}

/* Position: pC (contact point relative to marker 0); Velocity: trail velocity;
 * VelocityLocal: vC in [lateral, forward, normal]; ForceLocal: [ft, fn] on the disc;
 * RotationMatrix: [wL, w2, n0] as columns, row by row */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    geo g;
    if (contact(c, 0, &g)) return -1;
    switch (var) {
    case CD_OV_POSITION: memcpy(out, g.pC, sizeof g.pC); return 3;
    case CD_OV_VELOCITY: trail_velocity(c, &g, out); return 3;
    case CD_OV_VELOCITYLOCAL:
        out[0] = g.s[0]; out[1] = g.s[1]; out[2] = cd_dot(g.vC, g.n0);
        return 3;
    case CD_OV_FORCELOCAL: out[0] = g.ft[0]; out[1] = g.ft[1]; out[2] = g.fn; return 3;
    case CD_OV_ROTATIONMATRIX:
        for (int i = 0; i < 3; i++) {
            out[3 * i] = g.wL[i]; out[3 * i + 1] = g.w2[i]; out[3 * i + 2] = g.n0[i];
        }
        return 9;
    default: return -1;
    }
}

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = &p->nodeNumber;
    return p->nodeNumber >= 0 ? 1 : 0;
}

static int check_unit(const cd_vec *v, const char *field, int index, cd_error *err)
{
    double l = sqrt(cd_dot(v->x, v->x));
    if (!(fabs(l - 1.0) <= 1e-10))
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter '%s' must be a unit vector, "
                            "got length %g", index, field, l);
    return CD_OK;
}

static int check_node(const cd_system *s, int index, const params *p, cd_error *err)
{
    if (p->nodeNumber < 0)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumber' is missing: "
                            "the connector needs a NodeGenericData with 3 data coordinates "
                            "(numberOfDataCoordinates=3) for its contact state", index);
    return cd_conn_check_data_node(s, index, p->nodeNumber, 3, NAME, err);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = cd_conn_check_markers(s, index, p, CD_MKF_POSITION, NAME, err);
    if (rc) return rc;
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[k]];
        if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
            return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'markerNumbers' entry %d "
                                "refers to marker %d of type %s, which provides no orientation; "
                                "use MarkerBodyRigid or MarkerNodeRigid", index, k,
                                p->h.markerNumbers.x[k], mk->type->name);
    }
    if (!(p->discRadius > 0.0))
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'discRadius' must be > 0, "
                            "got %g", index, p->discRadius);
    if ((rc = check_unit(&p->discAxis, "discAxis", index, err))) return rc;
    if ((rc = check_unit(&p->planeNormal, "planeNormal", index, err))) return rc;
    if (!(p->dryFriction.x[0] >= 0.0 && p->dryFriction.x[1] >= 0.0))
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'dryFriction' must be >= 0, "
                            "got [%g, %g]", index, p->dryFriction.x[0], p->dryFriction.x[1]);
    if (!(p->viscousFriction.x[0] >= 0.0 && p->viscousFriction.x[1] >= 0.0))
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'viscousFriction' must be "
                            ">= 0, got [%g, %g]", index, p->viscousFriction.x[0],
                            p->viscousFriction.x[1]);
    return check_node(s, index, p, err);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .nodes = nodes,
    .mass_const = 1, .residual = residual, .post_newton = post_newton, .output = output};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_VELOCITYLOCAL,
                                    CD_OV_FORCELOCAL, CD_OV_ROTATIONMATRIX, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
#define NONNEG(N, D, U, DOC) {#N, CD_FT_REAL, 0, OFF(N), D, CD_CHK_NONNEG, 0, U, DOC, NULL}
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"),
    CD_CONN_MARKERS_FIELD("two rigid markers [m0, m1]: m0 a point and frame of the plane, m1 the "
                          "disc centre and frame"),
    {"nodeNumber", CD_FT_INT, 0, OFF(nodeNumber), "-1", 0, 0, "",
     "NodeGenericData with 3 data coordinates: the contact state [lateral slip, forward slip, "
     "gap] of the last post-Newton update (required)", NULL},
    {"discRadius", CD_FT_REAL, 0, OFF(discRadius), "0", 0, 0, "m", "radius of the disc (> 0)",
     NULL},
    {"discAxis", CD_FT_VEC, 3, OFF(discAxis), "1 0 0", 0, 0, "",
     "unit disc axis in the frame of marker 1", NULL},
    {"planeNormal", CD_FT_VEC, 3, OFF(planeNormal), "0 0 1", 0, 0, "",
     "unit normal of the plane in the frame of marker 0", NULL},
    {"dryFrictionAngle", CD_FT_REAL, 0, OFF(dryFrictionAngle), "0", 0, 0, "rad",
     "rotation of the local axes of the friction coefficients (Mecanum wheels)", NULL},
    NONNEG(contactStiffness, "0", "N/m", "normal contact stiffness k"),
    NONNEG(contactDamping, "0", "N s/m", "normal contact damping c"),
    {"dryFriction", CD_FT_VEC, 2, OFF(dryFriction), "0 0", 0, 0, "",
     "dry friction coefficients [lateral, forward]", NULL},
    NONNEG(dryFrictionProportionalZone, "0", "m/s",
           "slip velocity up to which the friction grows from 0 (regularization)"),
    {"viscousFriction", CD_FT_VEC, 2, OFF(viscousFriction), "0 0", 0, 0, "s/m",
     "friction coefficients per slip velocity [lateral, forward], added to dryFriction", NULL},
    NONNEG(rollingViscousFriction, "0", "s/m",
           "rolling friction: force -mu_r |fn| times the centre's tangential velocity"),
    {"useLinearProportionalZone", CD_FT_BOOL, 0, OFF(useLinearProportionalZone), "0", 0, 0, "",
     "True: linear friction in the proportional zone, else quadratic (2 - v/v_r) v/v_r", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE),
    {"rollingFrictionViscous", CD_FT_REAL, 0, 0, NULL, CD_CHK_ALIAS, 0, "s/m",
     "deprecated alias of rollingViscousFriction", "rollingViscousFriction"}};

const cd_itemtype cd_type_ObjectConnectorRollingDiscPenalty = {
    .kind = CD_OBJECT, .name = NAME, .typename_ = "ConnectorRollingDiscPenalty",
    .alias = "RollingDiscPenalty",
    .doc = "A rigid disc on a plane with a penalty contact in the normal direction and "
           "regularized dry and viscous friction in the plane; the contact state lives in a "
           "NodeGenericData and is updated by the discontinuous iteration.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
