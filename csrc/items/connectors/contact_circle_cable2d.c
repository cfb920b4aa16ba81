/* ObjectContactCircleCable2D: Exudyn's penalty contact between a circle (radius r, centre at a
 * position marker, marker 0) and the polygon of an ANCF cable's MarkerBodyCable2DShape
 * (marker 1): numberOfContactSegments straight segments [p_i, p_i+1]. Per segment i:
 *     s_i   = the closest point's relative position on the segment, clamped to [0, 1]
 *     d_i   = distance of the centre c from the segment
 *     g_i   = d_i - r - offset                    (the gap; <= 0: penetration)
 *     n_i   = (p(s_i) - c) / d_i                   (from the centre to the segment)
 * The contact states are the Data coordinates of a NodeGenericData (nodeNumber), one per
 * segment: the gap of the last post-Newton update. Segment i acts when its state is <= 0, with
 * F_i = k g_i + d g_i_t (g_i_t = n_i . (v(s_i) - v_c); the damping term is coordyn's: Exudyn
 * 1.13 has no contactDamping, its later versions accept it and apply none) distributed to the
 * segment's end points: force on the cable -F_i n_i (1 - s_i) at p_i and -F_i n_i s_i at p_i+1
 * (F_i < 0 in contact: pushed away from the centre), the opposite total on the circle. During
 * Newton the states are fixed (the force uses the current gap, also where it became > 0);
 * after Newton post_newton sets the state of every segment whose sign of the gap changed to
 * the new gap, with the error sum |g_i - state_i| k over those segments, and the solvers
 * iterate (the discontinuous iteration, cd_driver.c). The Jacobian is analytic (below; with
 * verticalOffset != 0 it returns CD_JAC_NUMERICAL: the engine's forward differences). */
#include "cd_connectors.h"
#include "../markers/cd_markers.h"
#include "../../core/cd_marker.h"
#include "../cd_item_list.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers [circle centre, cable shape] */
    int nodeNumber;                   /* NodeGenericData with the contact states */
    int numberOfContactSegments;
    double contactStiffness, contactDamping, circleRadius, offset;
    int activeConnector;
} params;

#define NAME "ObjectContactCircleCable2D"

static const cd_item *shape_marker(const cd_system *s, const params *p)
{
    return &s->list[CD_MARKER].items[p->h.markerNumbers.x[1]];
}

/* the gap of every segment and what applies its force; work from the scratch */
typedef struct {
    int np, nqc;
    double *pos, *vel, *J, *work;     /* marker points (2 np), velocities, 2 x nqc Jacobians */
    double *gap, *gapt, *sr, *nx, *ny; /* per segment */
    double *fp;                       /* force per point (2 np) */
} geom;

/* the Jacobian's temporaries beyond geom: 17 nq (G 6, ds, dn 2, dF, dFv, dfp0 2, dfp1 2,
 * dfs 2) and 3 n0 + n0^2 for marker 0 (d vel/dq, d(J0^T f)/dq) */
static int jac_scratch(const cd_system *s, const cd_item *it)
{
    const params *p = it->p;
    int n0 = s->list[CD_MARKER].items[p->h.markerNumbers.x[0]].nq;
    return 17 * it->nq + 3 * n0 + n0 * n0;
}

static int scratch(const cd_system *s, const cd_item *it)
{
    const params *p = it->p;
    const cd_item *mk = shape_marker(s, p);
    int np = p->numberOfContactSegments + 1, nqc = mk->nq;
    return 2 * np * (2 + nqc) + cd_cable2d_shape_work(s, mk) + 5 * np + 2 * np +
           jac_scratch(s, it);
}

static void compute_gaps(const cd_objctx *c, geom *g)
{
    const params *p = c->item->p;
    const cd_item *mk = shape_marker(c->sys, p);
    const cd_markerdata *m0 = &c->md[0];
    int ns = p->numberOfContactSegments;
    double *w = c->scratch;
    g->np = ns + 1;
    g->nqc = mk->nq;
    g->pos = w; w += 2 * g->np;
    g->vel = w; w += 2 * g->np;
    g->J = w; w += 2 * g->np * g->nqc;
    g->work = w; w += cd_cable2d_shape_work(c->sys, mk);
    g->gap = w; w += g->np;
    g->gapt = w; w += g->np;
    g->sr = w; w += g->np;
    g->nx = w; w += g->np;
    g->ny = w; w += g->np;
    g->fp = w;
    cd_cable2d_shape_points(c->sys, mk, c->q + c->item->mk_off[1], c->v + c->item->mk_off[1],
                            g->pos, g->vel, g->J, g->work);
    const double cx = m0->pos[0], cy = m0->pos[1];
    for (int i = 0; i < ns; i++) {
        const double *p0 = g->pos + 2 * i, *p1 = p0 + 2;
        double vx = cx - p0[0], vy = cy - p0[1];          /* p0 -> centre */
        double lx = p1[0] - p0[0], ly = p1[1] - p0[1];    /* the segment */
        double num = lx * vx + ly * vy, den = lx * lx + ly * ly, sr, dx, dy, dist;
        if (den == 0.0 || num / den < 0.0) {              /* closest: p0 */
            sr = 0.0; dx = vx; dy = vy; dist = sqrt(vx * vx + vy * vy);
        } else if (num / den >= 1.0) {                    /* closest: p1 */
            sr = 1.0; dx = cx - p1[0]; dy = cy - p1[1]; dist = sqrt(dx * dx + dy * dy);
        } else {
            sr = num / den;
            dx = cx - (p0[0] + sr * lx);
            dy = cy - (p0[1] + sr * ly);
            dist = sqrt(fmax(0.0, vx * vx + vy * vy - num * num / den));
        }
        if (dist != 0.0) { dx /= dist; dy /= dist; }
        g->sr[i] = sr;
        g->gap[i] = dist - p->circleRadius - p->offset;
        g->nx[i] = -dx;   /* from the centre towards the segment */
        g->ny[i] = -dy;
        /* rate of the distance: n . (v(s) - v_c) (s moves along the segment, normal to n) */
        const double *v0 = g->vel + 2 * i, *v1 = v0 + 2;
        double vsx = (1 - sr) * v0[0] + sr * v1[0] - m0->vel[0];
        double vsy = (1 - sr) * v0[1] + sr * v1[1] - m0->vel[1];
        g->gapt[i] = g->nx[i] * vsx + g->ny[i] * vsy;
    }
}

static int any_contact(const cd_objctx *c, int ns)
{
    for (int i = 0; i < ns; i++)
        if (c->data[i] <= 0) return 1;
    return 0;
}

/* the forces of the segments in contact: g->fp (Exudyn's sign: the residual's share of the
 * cable points) and their sum fs; returns the number of segments in contact */
static int contact_forces(const cd_objctx *c, geom *g, double fs[2])
{
    const params *p = c->item->p;
    int ns = p->numberOfContactSegments, nc = 0;
    fs[0] = fs[1] = 0.0;
    memset(g->fp, 0, sizeof(double) * 2 * (size_t)g->np);
    for (int i = 0; i < ns; i++) {
        if (!(c->data[i] <= 0)) continue;
        nc++;
        double F = p->contactStiffness * g->gap[i] + p->contactDamping * g->gapt[i];
        double a0 = (1.0 - g->sr[i]) * F, a1 = g->sr[i] * F;
        g->fp[2 * i] += g->nx[i] * a0;
        g->fp[2 * i + 2] += g->nx[i] * a1;
        g->fp[2 * i + 1] += g->ny[i] * a0;
        g->fp[2 * i + 3] += g->ny[i] * a1;
        fs[0] += g->nx[i] * a0 + g->nx[i] * a1;
        fs[1] += g->ny[i] * a0 + g->ny[i] * a1;
    }
    return nc;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    geom g;
    double fs[2];
    (void)rae;
    memset(r2, 0, sizeof(double) * (size_t)c->item->nq);
    if (!p->activeConnector || !any_contact(c, p->numberOfContactSegments)) return CD_OK;
    compute_gaps(c, &g);
    contact_forces(c, &g, fs);
    /* cable: r2 = J1^T fp; circle: r2 = -J0^T fs */
    double *r1 = r2 + c->item->mk_off[1];
    for (int k = 0; k < g.nqc; k++) {
        double sum = 0.0;
        for (int i = 0; i < g.np; i++) {
            const double *Ji = g.J + 2 * (size_t)g.nqc * i;
            sum += Ji[2 * k] * g.fp[2 * i] + Ji[2 * k + 1] * g.fp[2 * i + 1];
        }
        r1[k] = sum;
    }
    const cd_markerdata *m0 = &c->md[0];
    for (int k = 0; k < m0->n; k++)
        r2[c->item->mk_off[0] + k] = -(m0->J[3 * k] * fs[0] + m0->J[3 * k + 1] * fs[1]);
    return CD_OK;
}

/* K (nq x nq, column-major) += the rows of a 2 x nq matrix X mapped by the 2 x n Jacobian Jr
 * (column-major with leading dimension ldj) of the residual block starting at row o: K[o + a,
 * m] += sc sum_r Jr[r, a] X[r, m] */
static void add_jtx(double *K, int nq, int o, const double *Jr, int ldj, int n, const double *X,
                    double sc)
{
    for (int m = 0; m < nq; m++)
        for (int a = 0; a < n; a++)
            K[(o + a) + nq * m] += sc * (Jr[ldj * a] * X[2 * m] + Jr[ldj * a + 1] * X[2 * m + 1]);
}

/* the analytic Jacobian (verticalOffset 0: the points' Jacobians are the constant shape
 * functions). Per segment in contact, with the points X = (p0, p1, c):
 *   interior: s = num / den, num = l.v, den = l.l (l = p1 - p0, v = c - p0); clamped: ds = 0
 *   w = c - p(s), u = w / |w|, n = -u:  dw = dc - (1 - s) dp0 - s dp1 - l ds,
 *   d|w| = u.dw, du = (I - u u^T) dw / |w|, dn = -du
 *   gap_t = n.(v(s) - v_c): d gap_t = dn.(v(s) - v_c) + n.(v1 - v0) ds - n.(d v_c/dq) dq
 *   F = k gap + d gap_t;  fp0 = (1 - s) F n, fp1 = s F n, fs = F n
 * mapped to the local coordinates by G = d(p0, p1, c)/dq (the markers' Jacobians); the
 * velocities enter only gap_t: dF/dv = d (1 - s) n.J_p0 + d s n.J_p1 - d n.J_c */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                    double *Gv)
{
    const params *p = c->item->p;
    const cd_item *mk = shape_marker(c->sys, p);
    const cd_markerdata *m0 = &c->md[0];
    int nq = c->item->nq, ns = p->numberOfContactSegments, n0 = m0->n;
    int o0 = c->item->mk_off[0], o1 = c->item->mk_off[1];
    geom g;
    (void)Cq; (void)Gq; (void)Gv;
    memset(K, 0, sizeof(double) * (size_t)nq * (size_t)nq);
    memset(D, 0, sizeof(double) * (size_t)nq * (size_t)nq);
    if (!p->activeConnector || !any_contact(c, ns)) return CD_OK;
    if (((const cd_p_cable2dshape *)mk->p)->verticalOffset != 0.0 || !cd_conn_diff_ok(c))
        return CD_JAC_NUMERICAL;
    compute_gaps(c, &g);
    double *w = g.fp + 2 * g.np;
    double *G = w; w += 6 * nq;           /* d(p0, p1, c)/dq, 6 x nq column-major */
    double *ds = w; w += nq;
    double *dn = w; w += 2 * nq;
    double *dF = w; w += nq;
    double *dFv = w; w += nq;
    double *df0 = w; w += 2 * nq;
    double *df1 = w; w += 2 * nq;
    double *dfs = w; w += 2 * nq;
    double *dvc = w; w += 3 * n0;
    double *Kk = w;
    int vel_dq = m0->deriv && p->contactDamping != 0.0 && n0 > 0;
    if (vel_dq) cd_md_dvel(m0, dvc);
    double fs_tot[3] = {0, 0, 0};
    for (int i = 0; i < ns; i++) {
        if (!(c->data[i] <= 0)) continue;
        const double *p0 = g.pos + 2 * i, *p1 = p0 + 2, *v0 = g.vel + 2 * i, *v1 = v0 + 2;
        const double *J0p = g.J + 2 * (size_t)g.nqc * i, *J1p = J0p + 2 * g.nqc;
        double s = g.sr[i], nx = g.nx[i], ny = g.ny[i];
        double lx = p1[0] - p0[0], ly = p1[1] - p0[1];
        double vx = m0->pos[0] - p0[0], vy = m0->pos[1] - p0[1];
        double den = lx * lx + ly * ly;
        double dist = g.gap[i] + p->circleRadius + p->offset;
        if (!(dist > 0)) return CD_JAC_NUMERICAL;   /* the centre on the segment */
        int interior = den != 0.0 && s > 0.0 && s < 1.0;
        double ux = -nx, uy = -ny;
        double vsx = (1 - s) * v0[0] + s * v1[0] - m0->vel[0];
        double vsy = (1 - s) * v0[1] + s * v1[1] - m0->vel[1];
        /* G: rows p0x, p0y, p1x, p1y, cx, cy */
        memset(G, 0, sizeof(double) * 6 * (size_t)nq);
        for (int a = 0; a < g.nqc; a++) {
            G[6 * (o1 + a) + 0] = J0p[2 * a];
            G[6 * (o1 + a) + 1] = J0p[2 * a + 1];
            G[6 * (o1 + a) + 2] = J1p[2 * a];
            G[6 * (o1 + a) + 3] = J1p[2 * a + 1];
        }
        for (int a = 0; a < n0; a++) {
            G[6 * (o0 + a) + 4] = m0->J[3 * a];
            G[6 * (o0 + a) + 5] = m0->J[3 * a + 1];
        }
        for (int m = 0; m < nq; m++) {
            const double *Gm = G + 6 * m;
            double dp0x = Gm[0], dp0y = Gm[1], dp1x = Gm[2], dp1y = Gm[3], dcx = Gm[4],
                   dcy = Gm[5];
            double dsm = 0.0;
            if (interior) {
                double dlx = dp1x - dp0x, dly = dp1y - dp0y, dvx = dcx - dp0x, dvy = dcy - dp0y;
                double dnum = dlx * vx + dly * vy + lx * dvx + ly * dvy;
                double dden = 2.0 * (lx * dlx + ly * dly);
                dsm = (dnum - s * dden) / den;
            }
            double dwx = dcx - (1 - s) * dp0x - s * dp1x - lx * dsm;
            double dwy = dcy - (1 - s) * dp0y - s * dp1y - ly * dsm;
            double ddist = ux * dwx + uy * dwy;
            double dux = (dwx - ux * ddist) / dist, duy = (dwy - uy * ddist) / dist;
            double dnx = -dux, dny = -duy;
            double dgt = dnx * vsx + dny * vsy +
                         (nx * (v1[0] - v0[0]) + ny * (v1[1] - v0[1])) * dsm;
            ds[m] = dsm;
            dn[2 * m] = dnx;
            dn[2 * m + 1] = dny;
            dF[m] = p->contactStiffness * ddist + p->contactDamping * dgt;
            dFv[m] = p->contactDamping * (nx * ((1 - s) * dp0x + s * dp1x - dcx) +
                                          ny * ((1 - s) * dp0y + s * dp1y - dcy));
        }
        if (vel_dq)   /* the centre's velocity J0(q) v0 depends on q (rigid bodies) */
            for (int a = 0; a < n0; a++)
                dF[o0 + a] -= p->contactDamping * (nx * dvc[3 * a] + ny * dvc[3 * a + 1]);
        double F = p->contactStiffness * g.gap[i] + p->contactDamping * g.gapt[i];
        const double n[2] = {nx, ny};
        for (int pass = 0; pass < 2; pass++) {   /* K, then D */
            const double *dFx = pass ? dFv : dF;
            for (int m = 0; m < nq; m++)
                for (int r = 0; r < 2; r++) {
                    double base = n[r] * dFx[m] + (pass ? 0.0 : F * dn[2 * m + r]);
                    double sterm = pass ? 0.0 : n[r] * ds[m] * F;
                    df0[2 * m + r] = (1 - s) * base - sterm;
                    df1[2 * m + r] = s * base + sterm;
                    dfs[2 * m + r] = base;
                }
            double *T = pass ? D : K;
            add_jtx(T, nq, o1, J0p, 2, g.nqc, df0, 1.0);
            add_jtx(T, nq, o1, J1p, 2, g.nqc, df1, 1.0);
            add_jtx(T, nq, o0, m0->J, 3, n0, dfs, -1.0);
        }
        fs_tot[0] += F * nx;
        fs_tot[1] += F * ny;
    }
    /* circle rows r = -J0(q)^T fs: the derivative of J0 at fixed fs */
    if (n0 > 0 && m0->deriv) {
        cd_work wk = {Kk};
        cd_conn_add_jtv(c, wk, 0, fs_tot, -1.0, K);
    }
    return CD_OK;
}

static int post_newton(const cd_objctx *c, double *out, double *error, double *h_rec)
{
    (void)h_rec;
    const params *p = c->item->p;
    int ns = p->numberOfContactSegments;
    geom g;
    memcpy(out, c->data, sizeof(double) * (size_t)ns);
    *error = 0.0;
    if (!p->activeConnector) return CD_OK;
    compute_gaps(c, &g);
    for (int i = 0; i < ns; i++) {
        double gi = g.gap[i], st = c->data[i];
        if ((gi > 0 && st <= 0) || (gi <= 0 && st > 0)) {
            *error += fabs((gi - st) * p->contactStiffness);
            out[i] = gi;
        }
    }
    return CD_OK;
}

/* Force: the total contact force on the cable (from the circle, states as they are);
 * Distance: the smallest gap over the segments (negative: penetration) */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    geom g;
    double fs[2];
    if (var != CD_OV_FORCE && var != CD_OV_DISTANCE) return -1;
    compute_gaps(c, &g);
    if (var == CD_OV_DISTANCE) {
        double m = HUGE_VAL;
        for (int i = 0; i < p->numberOfContactSegments; i++) m = fmin(m, g.gap[i]);
        out[0] = m;
        return 1;
    }
    fs[0] = fs[1] = 0.0;
    if (p->activeConnector) contact_forces(c, &g, fs);
    out[0] = -fs[0];
    out[1] = -fs[1];
    out[2] = 0.0;
    return 3;
}

static int nodes(const void *vp, const int **n)
{
    *n = &((const params *)vp)->nodeNumber;
    return 1;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int m0 = p->h.markerNumbers.x[0], m1 = p->h.markerNumbers.x[1], ns = p->numberOfContactSegments;
    const cd_item *k0 = &s->list[CD_MARKER].items[m0], *k1 = &s->list[CD_MARKER].items[m1];
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    if (ns < 1)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'numberOfContactSegments' "
                            "must be >= 1, got %d", index, ns);
    if (!(k0->type->marker->flags & CD_MKF_POSITION))
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'markerNumbers'[0] refers to "
                            "marker %d of type %s, which has no position; the circle's centre "
                            "needs a position marker (MarkerBodyPosition, MarkerNodePosition)",
                            index, m0, k0->type->name);
    if (k1->type != &cd_type_MarkerBodyCable2DShape)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'markerNumbers'[1] refers to "
                            "marker %d of type %s; the cable needs a MarkerBodyCable2DShape",
                            index, m1, k1->type->name);
    int nsm = ((const cd_p_cable2dshape *)k1->p)->numberOfSegments;
    if (nsm != ns)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'numberOfContactSegments' "
                            "is %d but MarkerBodyCable2DShape %d (markerNumbers[1]) has "
                            "numberOfSegments = %d; they must be equal", index, ns, m1, nsm);
    if (nd->type != &cd_type_NodeGenericData)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'nodeNumber' refers to node "
                            "%d of type %s; the contact states need a NodeGenericData", index,
                            p->nodeNumber, nd->type->name);
    int ndd = nd->type->node->ndata(nd->p);
    if (ndd != ns)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'numberOfContactSegments' "
                            "is %d but NodeGenericData %d (nodeNumber) has "
                            "numberOfDataCoordinates = %d; they must be equal (one contact state "
                            "per segment)", index, ns, p->nodeNumber, ndd);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR, .nmarkers = 2, .markers = cd_conn_markers, .nodes = nodes,
    .mass_const = 1, .residual = residual, .scratch = scratch, .jacobian = jacobian,
    .post_newton = post_newton,
    .output = output};
static const cd_outvar outvars[] = {CD_OV_FORCE, CD_OV_DISTANCE, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("contact"),
    CD_CONN_MARKERS_FIELD("[circle centre (a position marker), MarkerBodyCable2DShape]"),
    {"nodeNumber", CD_FT_INDEX, 0, OFF(nodeNumber), NULL, 0, CD_NODE, "",
     "NodeGenericData with numberOfContactSegments Data coordinates: the contact states (the "
     "gap per segment at the last post-Newton update; <= 0: in contact)", NULL},
    {"numberOfContactSegments", CD_FT_INT, 0, OFF(numberOfContactSegments), "3", CD_CHK_POS, 0,
     "", "number of straight contact segments; equal to the marker's numberOfSegments", NULL},
    {"contactStiffness", CD_FT_REAL, 0, OFF(contactStiffness), "0", CD_CHK_NONNEG, 0, "N/m",
     "penalty stiffness k per contact segment", NULL},
    {"contactDamping", CD_FT_REAL, 0, OFF(contactDamping), "0", CD_CHK_NONNEG, 0, "N s/m",
     "damping d per contact segment on the gap's rate (coordyn; Exudyn applies none)", NULL},
    {"circleRadius", CD_FT_REAL, 0, OFF(circleRadius), "0", CD_CHK_NONNEG, 0, "m",
     "radius r of the circle", NULL},
    {"offset", CD_FT_REAL, 0, OFF(offset), "0", 0, 0, "m",
     "added to the radius, e.g. half the cable's height", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_FORCE)};

const cd_itemtype cd_type_ObjectContactCircleCable2D = {
    .kind = CD_OBJECT, .name = NAME, .typename_ = "ContactCircleCable2D",
    .doc = "Penalty contact between a circle (centre: a position marker) and the straight "
           "segments of an ANCF cable's MarkerBodyCable2DShape in the xy-plane; the contact "
           "state of every segment is a Data coordinate of a NodeGenericData, updated after "
           "Newton (the discontinuous iteration of the solvers).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
