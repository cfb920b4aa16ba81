/* ObjectConnectorReevingSystemSprings: one rope running over nr sheaves (Exudyn 1.13's item),
 * a massless spring of axial stiffness EA and damping DA per length with one force all along it.
 * The sheaves are nr rigid markers m_0 .. m_{nr-1} (centre p_i, orientation A_i, axis
 * a_i = A_i sheavesAxes_i, radius R_i); m_0 and m_{nr-1} are the rope's ends (radius 0). With
 * hasCoordinateMarkers two coordinate markers c0, c1 follow, whose values lengthen the rope.
 * Geometry: segment i runs from p_i + rA_i to p_{i+1} + rB_i along the common tangent of the
 * circles (p_i, a_i, R_i) and (p_{i+1}, a_{i+1}, R_{i+1}) (tangent() below); the rope length is
 *     L = sum_i |p_{i+1} + rB_i - p_i - rA_i| + sum_{0<i<nr-1} R_i phi_i,
 * phi_i in [0, 2 pi) the wrap angle on sheave i from rB_{i-1} to rA_i about a_i; its rate
 *     L_t = sum_i (v_{i+1} + w_{i+1} x rB_i - v_i - w_i x rA_i) . d_i   (d_i the unit segment,
 * the rolling on the sheaves cancels, as in Exudyn). The force (tension > 0)
 *     F = ((L - L0) EA + (L_t - L0_t) DA) / L0,   L0 = referenceLength + f0 c0 + f1 c1,
 * is regularized in compression, F = Freg tanh(F / Freg) for F < 0 when Freg > 0. Segment i
 * pulls sheave i by F d_i at p_i + rA_i and sheave i+1 by -F d_i at p_{i+1} + rB_i (plus
 * Exudyn's experimental torsional and shear damping); the coordinate markers get -f F g.
 * r2 = -f over the markers' coordinates; the Jacobian is numerical (as in Exudyn). */
#include "cd_connectors.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

#define NAME "ObjectConnectorReevingSystemSprings"
#define CD_PI 3.14159265358979323846

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers: nr rigid markers [+ c0, c1] */
    int hasCoordinateMarkers;
    cd_vec coordinateFactors;         /* 2: f0, f1 */
    double stiffnessPerLength, dampingPerLength, dampingTorsional, dampingShear;
    double regularizationForce, referenceLength;
    cd_mat sheavesAxes;               /* nr x 3, local axes of the sheaves */
    cd_vec sheavesRadii;              /* nr */
    int activeConnector;
} params;

static int nrigid(const params *p) { return p->h.markerNumbers.n - 2 * (p->hasCoordinateMarkers != 0); }

/* the common tangent of the circles A (centre pA, unit axis aA, radius RA) and B: the radius
 * vectors rA, rB of its contact points, with c = pB - pA and t = c + rB - rA the tangent,
 * t . rA = 0 and t . rB = 0. rA = RA (tA cos x - nA sin x) (nA = aA x c / |aA x c|,
 * tA = nA x aA), rB alike; Newton on (xA, xB) from (pi/2, pi/2), which selects the tangent
 * Exudyn's takes. Returns 0, or 1 if the centres coincide, 2 if an axis is parallel to c, 3 if
 * Newton fails. */
static int tangent(const double pA[3], const double pB[3], const double aA[3],
                   const double aB[3], double RA, double RB, double rA[3], double rB[3])
{
    double c[3], nA[3], nB[3], tA[3], tB[3], dA[3], dB[3];
    memset(rA, 0, 3 * sizeof(double));
    memset(rB, 0, 3 * sizeof(double));
    if (RA == 0.0 && RB == 0.0) return 0;
    for (int i = 0; i < 3; i++) c[i] = pB[i] - pA[i];
    double Lc = sqrt(cd_dot(c, c));
    if (Lc == 0.0) return 1;
    double c0[3] = {c[0] / Lc, c[1] / Lc, c[2] / Lc};
    cd_cross(aA, c0, nA);
    cd_cross(aB, c0, nB);
    double lA = sqrt(cd_dot(nA, nA)), lB = sqrt(cd_dot(nB, nB));
    if (lA == 0.0 || lB == 0.0) return 2;
    for (int i = 0; i < 3; i++) {
        nA[i] /= lA;
        nB[i] /= lB;
    }
    cd_cross(nA, aA, tA);
    cd_cross(nB, aB, tB);
    double x[2] = {0.5 * CD_PI, 0.5 * CD_PI}, scale = (Lc + RA + RB) * (RA + RB);
    for (int it = 0; it < 30; it++) {
        double sa = sin(x[0]), ca = cos(x[0]), sb = sin(x[1]), cb = cos(x[1]);
        for (int i = 0; i < 3; i++) {
            rA[i] = RA * (tA[i] * ca - nA[i] * sa);
            rB[i] = RB * (tB[i] * cb - nB[i] * sb);
            dA[i] = -RA * (tA[i] * sa + nA[i] * ca);   /* d rA / d xA */
            dB[i] = -RB * (tB[i] * sb + nB[i] * cb);   /* d rB / d xB */
        }
        double ab = cd_dot(rA, rB);
        double g0 = RA == 0.0 ? 0.0 : cd_dot(c, rA) + ab - RA * RA;  /* (c + rB - rA) . rA */
        double g1 = RB == 0.0 ? 0.0 : cd_dot(c, rB) + RB * RB - ab;  /* (c + rB - rA) . rB */
        if (sqrt(g0 * g0 + g1 * g1) <= 1e-14 * scale) return 0;
        double j00 = RA == 0.0 ? 1.0 : cd_dot(c, dA) + cd_dot(dA, rB);
        double j01 = cd_dot(rA, dB), j10 = -cd_dot(dA, rB);
        double j11 = RB == 0.0 ? 1.0 : cd_dot(c, dB) - cd_dot(rA, dB);
        double det = j00 * j11 - j01 * j10;
        if (det == 0.0 || !isfinite(det)) return 3;
        x[0] -= (j11 * g0 - j01 * g1) / det;
        x[1] -= (-j10 * g0 + j00 * g1) / det;
    }
    return 3;
}

/* the axis of sheave i in global coordinates */
static void axis(const cd_objctx *c, int i, double a[3])
{
    const params *p = c->item->p;
    cd_matvec(c->md[i].A, p->sheavesAxes.x + 3 * i, a);
}

/* rope length L and its rate Lt; r (scratch, 6 (nr - 1)) = [rA_i, rB_i] of every segment */
static int geometry(const cd_objctx *c, double *r, double *L, double *Lt)
{
    const params *p = c->item->p;
    int nr = nrigid(p);
    double last[3] = {0, 0, 0};
    *L = *Lt = 0.0;
    for (int i = 0; i + 1 < nr; i++) {
        const cd_markerdata *A = &c->md[i], *B = &c->md[i + 1];
        double aA[3], aB[3], *rA = r + 6 * i, *rB = rA + 3, RA = p->sheavesRadii.x[i];
        axis(c, i, aA);
        axis(c, i + 1, aB);
        int rc = tangent(A->pos, B->pos, aA, aB, RA, p->sheavesRadii.x[i + 1], rA, rB);
        if (rc) {
            static const char *why[] = {"", "the centres of the sheaves coincide",
                                        "a sheave's axis is parallel to the line between the "
                                        "centres", "no common tangent found"};
            return cd_error_set(c->err, CD_RETRY_STEP,
                                NAME " %d: the rope between markers %d and %d (entries %d, %d of "
                                "markerNumbers) has no geometry at t = %g: %s; check the "
                                "sheaves' positions, axes and radii", c->index,
                                p->h.markerNumbers.x[i], p->h.markerNumbers.x[i + 1], i, i + 1,
                                c->t, why[rc]);
        }
        double d[3], wA[3], wB[3], vr[3];
        for (int k = 0; k < 3; k++) d[k] = B->pos[k] + rB[k] - A->pos[k] - rA[k];
        double len = sqrt(cd_dot(d, d));
        *L += len;
        if (len != 0.0) {
            cd_cross(A->omega, rA, wA);
            cd_cross(B->omega, rB, wB);
            for (int k = 0; k < 3; k++) vr[k] = B->vel[k] + wB[k] - A->vel[k] - wA[k];
            *Lt += cd_dot(vr, d) / len;
        }
        if (i > 0 && RA != 0.0) {  /* wrap on sheave i from rB_{i-1} (last) to rA_i */
            double n[3];
            cd_cross(aA, last, n);
            double phi = atan2(cd_dot(n, rA), cd_dot(last, rA));
            if (phi < 0) phi += 2.0 * CD_PI;
            *L += phi * RA;
        }
        memcpy(last, rB, sizeof last);
    }
    return CD_OK;
}

/* the reference length L0 and its rate with the coordinate markers */
static void reference(const cd_objctx *c, double *L0, double *L0t)
{
    const params *p = c->item->p;
    int nr = nrigid(p);
    *L0 = p->referenceLength;
    *L0t = 0.0;
    if (!p->hasCoordinateMarkers) return;
    for (int k = 0; k < 2; k++) {
        *L0 += p->coordinateFactors.x[k] * c->md[nr + k].value;
        *L0t += p->coordinateFactors.x[k] * c->md[nr + k].value_t;
    }
}

static double rope_force(const params *p, double L, double Lt, double L0, double L0t)
{
    if (!p->activeConnector) return 0.0;
    double inv = L0 != 0.0 ? 1.0 / L0 : 1e3;
    double F = ((L - L0) * p->stiffnessPerLength + (Lt - L0t) * p->dampingPerLength) * inv;
    if (p->regularizationForce > 0 && F < 0)
        F = p->regularizationForce * tanh(F / p->regularizationForce);
    return F;
}

/* x (marker k's block of r2) += s (J^T f + Jrot^T t) */
static void add_wrench(const cd_markerdata *md, const double f[3], const double t[3], double s,
                       double *x)
{
    for (int j = 0; j < md->n; j++)
        x[j] += s * (cd_dot(md->J + 3 * j, f) + cd_dot(md->Jrot + 3 * j, t));
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    int nr = nrigid(p);
    double L, Lt, L0, L0t, *r = c->scratch;
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!p->activeConnector) return CD_OK;
    int rc = geometry(c, r, &L, &Lt);
    if (rc) return rc;
    reference(c, &L0, &L0t);
    double F = rope_force(p, L, Lt, L0, L0t);
    for (int i = 0; i + 1 < nr; i++) {
        const cd_markerdata *A = &c->md[i], *B = &c->md[i + 1];
        const double *rA = r + 6 * i, *rB = rA + 3;
        double d[3], fp[3], fr[3] = {0, 0, 0}, tA[3], tB[3];
        for (int k = 0; k < 3; k++) d[k] = B->pos[k] + rB[k] - A->pos[k] - rA[k];
        double len = sqrt(cd_dot(d, d));
        if (len != 0.0)
            for (int k = 0; k < 3; k++) d[k] /= len;
        for (int k = 0; k < 3; k++) fp[k] = -F * d[k];   /* -(force on sheave i) */
        if (p->dampingTorsional != 0.0 || p->dampingShear != 0.0) {
            double wA[3], wB[3], vd[3], wd[3];
            cd_cross(A->omega, rA, wA);
            cd_cross(B->omega, rB, wB);
            for (int k = 0; k < 3; k++) {
                wd[k] = B->omega[k] - A->omega[k];
                vd[k] = B->vel[k] + wB[k] - A->vel[k] - wA[k];
            }
            double tw = cd_dot(wd, d) * p->dampingTorsional, vn = cd_dot(vd, d);
            for (int k = 0; k < 3; k++) fr[k] = -tw * d[k];
            if (len != 0.0)
                for (int k = 0; k < 3; k++) fp[k] -= p->dampingShear / len * (vd[k] - vn * d[k]);
        }
        cd_cross(rA, fp, tA);
        cd_cross(rB, fp, tB);
        for (int k = 0; k < 3; k++) {
            tA[k] += fr[k];
            tB[k] += fr[k];
        }
        add_wrench(A, fp, tA, 1.0, r2 + c->item->mk_off[i]);
        add_wrench(B, fp, tB, -1.0, r2 + c->item->mk_off[i + 1]);
    }
    for (int k = 0; p->hasCoordinateMarkers && k < 2; k++)
        cd_md_coord_add(&c->md[nr + k], -p->coordinateFactors.x[k] * F,
                        r2 + c->item->mk_off[nr + k]);
    return CD_OK;
}

static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    double L, Lt, L0, L0t;
    if (geometry(c, c->scratch, &L, &Lt)) return -1;
    reference(c, &L0, &L0t);
    switch (var) {
    case CD_OV_DISTANCE: out[0] = L; return 1;
    case CD_OV_VELOCITYLOCAL: out[0] = Lt; return 1;
    case CD_OV_FORCELOCAL: out[0] = rope_force(p, L, Lt, L0, L0t); return 1;
    default: return -1;
    }
}

static int scratch(const cd_system *s, const cd_item *it)
{
    (void)s;
    int nr = nrigid(it->p);
    return 6 * (nr > 1 ? nr - 1 : 1);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int nm = p->h.markerNumbers.n, nr = nrigid(p);
    if (nr < 2)
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'markerNumbers' has %d entries, but needs at "
                            "least %d (two rigid markers for the rope's ends%s)", index, nm,
                            p->hasCoordinateMarkers ? 4 : 2,
                            p->hasCoordinateMarkers ? " and the two coordinate markers, as "
                            "hasCoordinateMarkers is True" : "");
    if (p->sheavesAxes.rows != nr || (nr > 0 && p->sheavesAxes.cols != 3))
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'sheavesAxes' must have one 3-vector per rigid "
                            "marker (%d%s), got %d x %d", index, nr,
                            p->hasCoordinateMarkers ? "; the last two markers are the "
                            "coordinate markers" : "", p->sheavesAxes.rows, p->sheavesAxes.cols);
    if (p->sheavesRadii.n != nr)
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'sheavesRadii' must have one radius per rigid "
                            "marker (%d%s), got %d", index, nr, p->hasCoordinateMarkers ?
                            "; the last two markers are the coordinate markers" : "",
                            p->sheavesRadii.n);
    for (int i = 0; i < nr; i++) {
        const double *a = p->sheavesAxes.x + 3 * i;
        if (fabs(sqrt(cd_dot(a, a)) - 1.0) > 1e-10)
            return cd_error_set(err, CD_ERR_INPUT,
                                NAME " %d: parameter 'sheavesAxes' row %d has length %g; the "
                                "axes must be unit vectors", index, i, sqrt(cd_dot(a, a)));
        if (p->sheavesRadii.x[i] < 0)
            return cd_error_set(err, CD_ERR_INPUT,
                                NAME " %d: parameter 'sheavesRadii' entry %d is %g; radii must be "
                                ">= 0", index, i, p->sheavesRadii.x[i]);
    }
    if (p->regularizationForce == 0.0)
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'regularizationForce' must not be 0 (> 0: "
                            "compression limited to -regularizationForce, < 0: a linear rope "
                            "in tension and compression)", index);
    for (int k = 0; k < nm; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[k]];
        int fl = mk->type->marker->flags, coord = k >= nr;
        int ok = coord ? (fl & (CD_MKF_COORDINATE | CD_MKF_RELCOORD)) != 0
                       : (fl & CD_MKF_POSITION) && (fl & CD_MKF_ORIENTATION);
        if (!ok)
            return cd_error_set(err, CD_ERR_INPUT,
                                NAME " %d: parameter 'markerNumbers' entry %d refers to marker %d "
                                "of type %s, which is not a %s", index, k,
                                p->h.markerNumbers.x[k], mk->type->name,
                                coord ? "coordinate marker (the last two entries are, as "
                                        "hasCoordinateMarkers is True)"
                                      : "rigid marker (MarkerBodyRigid, MarkerNodeRigid)");
    }
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 0, .markers = cd_conn_markers, .mass_const = 1,
    .residual = residual, .scratch = scratch, .output = output};
static const cd_outvar outvars[] = {CD_OV_DISTANCE, CD_OV_VELOCITYLOCAL, CD_OV_FORCELOCAL,
                                    CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("connector"),
    {"markerNumbers", CD_FT_INDEXLIST, 0, OFF(h.markerNumbers), "-1 -1", 0, CD_MARKER, "",
     "rigid markers [m0, ..., m(nr-1)] of the rope's ends and sheaves, then with "
     "hasCoordinateMarkers two coordinate markers [c0, c1]", NULL},
    {"hasCoordinateMarkers", CD_FT_BOOL, 0, OFF(hasCoordinateMarkers), "0", 0, 0, "",
     "True: the last two markers are coordinate markers that lengthen the rope", NULL},
    {"coordinateFactors", CD_FT_VEC, 2, OFF(coordinateFactors), "1 1", 0, 0, "",
     "factors f0, f1 of the coordinate markers' values: L0 = referenceLength + f0 c0 + f1 c1",
     NULL},
    {"stiffnessPerLength", CD_FT_REAL, 0, OFF(stiffnessPerLength), "0", 0, 0, "N",
     "axial stiffness EA; the rope's stiffness is EA / L0", NULL},
    {"dampingPerLength", CD_FT_REAL, 0, OFF(dampingPerLength), "0", 0, 0, "N s",
     "axial damping DA; the rope's damping is DA / L0", NULL},
    {"dampingTorsional", CD_FT_REAL, 0, OFF(dampingTorsional), "0", 0, 0, "N m s",
     "damping of the relative rotation of two sheaves about the rope (Exudyn: experimental)",
     NULL},
    {"dampingShear", CD_FT_REAL, 0, OFF(dampingShear), "0", 0, 0, "N s",
     "damping of the relative motion of two sheaves across the rope (Exudyn: experimental)",
     NULL},
    {"regularizationForce", CD_FT_REAL, 0, OFF(regularizationForce), "0.1", 0, 0, "N",
     "> 0: a compressive force F becomes Freg tanh(F / Freg); < 0: linear in compression; "
     "not 0", NULL},
    {"referenceLength", CD_FT_REAL, 0, OFF(referenceLength), "0", 0, 0, "m",
     "unstretched length of the rope", NULL},
    {"sheavesAxes", CD_FT_MAT, 0, OFF(sheavesAxes), NULL, 0, 0, "",
     "nr x 3: the sheaves' axes (unit vectors) in their markers' frames; the rope winds "
     "positively about them", NULL},
    {"sheavesRadii", CD_FT_VEC, 0, OFF(sheavesRadii), NULL, CD_CHK_NONNEG, 0, "m",
     "nr radii of the sheaves (0 at the rope's ends)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE)};

const cd_itemtype cd_type_ObjectConnectorReevingSystemSprings = {
    .kind = CD_OBJECT, .name = NAME, .typename_ = "ConnectorReevingSystemSprings",
    .alias = "ReevingSystemSprings",
    .doc = "A rope over nr sheaves given by rigid markers (ends and sheaves), modelled as one "
           "massless spring with stiffness EA / L0 and damping DA / L0 along its whole length "
           "(the length runs along the common tangents and the arcs on the sheaves); optional "
           "coordinate markers lengthen it.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
