/* ObjectJointSliding2D: Exudyn's sliding joint between a position (or rigid) marker m0 and a
 * chain of ObjectANCFCable2D elements, each seen through a MarkerBodyCable2DCoordinates
 * (slidingMarkerNumbers, element k starting at the global sliding coordinate
 * slidingMarkerOffsets[k]).
 *
 * State: the Data coordinates of a NodeGenericData (nodeNumber) hold d0 = k, the index of the
 * current element in slidingMarkerNumbers, and d1, the global sliding coordinate at the last
 * post-Newton update; the third algebraic unknown lam2 is the change of the sliding coordinate
 * since then, so that the local coordinate on element k is
 *     x = d1 + lam2 - slidingMarkerOffsets[k],   r = S(x) q_k,  r' = S'(x) q_k
 * (q_k: element k's total coordinates, S the cubic Hermite shape functions, cd_ancf.h), and
 * vPos = r - p0. The equations, as in Exudyn's CObjectJointSliding2D:
 *   useClassicalFormulation (default): g0,1 = vPos = 0, g2 = r' . f - |r'| axialForce = 0 with
 *     the joint force f = (lam0, lam1) on the cable;
 *   else: g0 = lam0 (a dummy), g1 = vPos . n with n = (-r'_y, r'_x), g2 = vPos . r';
 *   constrainRotation: g3 = r' . n0, n0 = A0 e_y (marker 0 turns with the cable's slope).
 * r2 = C^T lam with C Exudyn's constraint Jacobian (all of lam, lam2 included, multiplies it),
 * so the equations depend on the object's own unknowns (CD_OBJF_AESELF): the Newton matrix gets
 * the full block d g/d lam. The Jacobian is analytic for the classical formulation at index 3
 * without constrainRotation (jacobian_aeself), else the engine's forward differences.
 * Velocity level: Exudyn's initial accelerations solve [M C^T; C dg/dlam] [a; lam] = [f; 0]
 * with the position-level C and d g/d lam (lam2 then stands for the sliding acceleration of a
 * joint at rest); coordyn's initial system takes the velocity-level rows (index2 = 2 there),
 * so these are C q_t + (d g/d lam2) lam2: classical rows 0, 1 S(x) q_k_t - v0 + r' lam2, the
 * other formulation's rows 1, 2 with lam2 (r.n' (Exudyn's r, not Delta), r'.r' + Delta.r'').
 * With useIndex2Constraints (index2 = 1) the other formulation has Exudyn's velocity-level
 * rows; the classical one keeps the rows above (Exudyn has none).
 * After Newton (post_newton): x < 0 moves to element k - 1, x > L to k + 1 (the error is the
 * overshoot |x|, resp. x - L), d1 += lam2, clamped to [0, offsets[last] + L]. The switch to
 * another element changes which of the object's local coordinates the equations use; the
 * local list holds the coordinates of every sliding marker (more_markers). */
#include "cd_joints.h"
#include "../bodies/cd_ancf.h"
#include "../markers/cd_markers.h"
#include "../cd_item_list.h"
#include "../../core/cd_marker.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_sliding h;   /* name, markerNumbers, slidingMarkerNumbers (MarkerBodyCable2DCoordinates),
                         slidingMarkerOffsets, nodeNumber (cd_joints.h) */
    int classicalFormulation, constrainRotation;
    double axialForce;
    int activeConnector;
} params;

#define NAME "ObjectJointSliding2D"

static int nae(const void *vp) { return 3 + ((const params *)vp)->constrainRotation; }
static int active(const void *vp) { return ((const params *)vp)->activeConnector; }

/* the element under the joint (cd_joints.h) */
typedef cd_sliding_elem cable;

static void cable_eval(const cd_objctx *c, cable *e) { cd_sliding_eval(c, 2, c->lam[2], e); }

/* C (nae x nq, row-major) = Exudyn's position-level constraint Jacobian with respect to q */
static void constraint_jacobian(const cd_objctx *c, const cable *e, double *C)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0];
    int nq = c->item->nq, n0 = m0->n, na = nae(p);
    const double *J0 = m0->J;   /* 3 x n0, column-major */
    double vp[2] = {e->r[0] - m0->pos[0], e->r[1] - m0->pos[1]};
    memset(C, 0, sizeof(double) * (size_t)(na * nq));
    if (p->classicalFormulation) {
        for (int i = 0; i < n0; i++) {
            C[i] = -J0[3 * i];
            C[nq + i] = -J0[3 * i + 1];
        }
        for (int i = 0; i < 4; i++) {
            C[e->idx[2 * i]] += e->S[i];
            C[nq + e->idx[2 * i + 1]] += e->S[i];
            C[2 * nq + e->idx[2 * i]] += e->Sx[i] * c->lam[0];
            C[2 * nq + e->idx[2 * i + 1]] += e->Sx[i] * c->lam[1];
        }
    } else {
        double n[2] = {-e->rx[1], e->rx[0]};
        for (int i = 0; i < n0; i++) {
            C[nq + i] = -(J0[3 * i] * n[0] + J0[3 * i + 1] * n[1]);
            C[2 * nq + i] = -(J0[3 * i] * e->rx[0] + J0[3 * i + 1] * e->rx[1]);
        }
        for (int i = 0; i < 4; i++) {
            C[nq + e->idx[2 * i]] += e->S[i] * n[0] + vp[1] * e->Sx[i];
            C[nq + e->idx[2 * i + 1]] += e->S[i] * n[1] - vp[0] * e->Sx[i];
            C[2 * nq + e->idx[2 * i]] += e->S[i] * e->rx[0] + e->Sx[i] * vp[0];
            C[2 * nq + e->idx[2 * i + 1]] += e->S[i] * e->rx[1] + e->Sx[i] * vp[1];
        }
    }
    if (p->constrainRotation) {
        /* g3 = r' . A0 e_y: d/dtheta (A0 e_y) = -A0 e_x per unit rotation about z */
        const double *A = m0->A;
        double t0[2] = {A[0], A[3]}, ny[2] = {A[1], A[4]};
        for (int i = 0; i < n0; i++)
            C[3 * nq + i] = -(e->rx[0] * t0[0] + e->rx[1] * t0[1]) * m0->Jrot[3 * i + 2];
        for (int i = 0; i < 4; i++) {
            C[3 * nq + e->idx[2 * i]] += e->Sx[i] * ny[0];
            C[3 * nq + e->idx[2 * i + 1]] += e->Sx[i] * ny[1];
        }
    }
}

static void equations(const cd_objctx *c, const cable *e, double *g)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0];
    double vp[2] = {e->r[0] - m0->pos[0], e->r[1] - m0->pos[1]};
    double vv[2] = {e->rt[0] - m0->vel[0], e->rt[1] - m0->vel[1]};
    double n[2] = {-e->rx[1], e->rx[0]}, nt[2] = {-e->rxt[1], e->rxt[0]};
    const double *A = m0->A;
    double n0[2] = {A[1], A[4]}, nn0[2] = {-A[0], -A[3]};
    if (p->classicalFormulation) {
        for (int i = 0; i < 2; i++) g[i] = c->index2 ? vv[i] + e->rx[i] * c->lam[2] : vp[i];
        g[2] = e->rx[0] * c->lam[0] + e->rx[1] * c->lam[1];
        if (p->axialForce != 0) g[2] -= hypot(e->rx[0], e->rx[1]) * p->axialForce;
    } else {
        g[0] = c->lam[0];
        g[1] = c->index2 ? vv[0] * n[0] + vv[1] * n[1] + vp[0] * nt[0] + vp[1] * nt[1]
                         : vp[0] * n[0] + vp[1] * n[1];
        g[2] = vp[0] * e->rx[0] + vp[1] * e->rx[1];
        if (c->index2 == 2) {  /* Exudyn's initial system: C q_t + (d g/d lam2) lam2 */
            double nx[2] = {-e->rxx[1], e->rxx[0]};
            g[1] += c->lam[2] * (e->r[0] * nx[0] + e->r[1] * nx[1]);
            g[2] = vv[0] * e->rx[0] + vv[1] * e->rx[1] + vp[0] * e->rxt[0] + vp[1] * e->rxt[1] +
                   c->lam[2] * (e->rx[0] * e->rx[0] + e->rx[1] * e->rx[1] + vp[0] * e->rxx[0] +
                                vp[1] * e->rxx[1]);
        }
    }
    if (p->constrainRotation)
        g[3] = c->index2 ? e->rxt[0] * n0[0] + e->rxt[1] * n0[1] +
                               m0->omega[2] * (e->rx[0] * nn0[0] + e->rx[1] * nn0[1])
                         : e->rx[0] * n0[0] + e->rx[1] * n0[1];
}

/* the initial check: position level the distance of marker 0 from the axis, Delta (classical)
 * or [0, Delta.n, Delta.r'] (unit-free n, r' as the equations); velocity level the normal
 * relative velocity n^.(r_t - v0) (a velocity along the cable is free: the joint's state
 * has no sliding rate) */
static int initial_rows(const cd_objctx *c, int index2, double *g)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0];
    int na = c->item->nae;
    cable e;
    cable_eval(c, &e);
    memset(g, 0, sizeof(double) * (size_t)na);
    double vp[2] = {e.r[0] - m0->pos[0], e.r[1] - m0->pos[1]};
    double nr = hypot(e.rx[0], e.rx[1]), n[2] = {-e.rx[1] / nr, e.rx[0] / nr};
    if (index2) {
        g[1] = n[0] * (e.rt[0] - m0->vel[0]) + n[1] * (e.rt[1] - m0->vel[1]);
    } else if (p->classicalFormulation) {
        g[0] = vp[0];
        g[1] = vp[1];
    } else {
        g[1] = vp[0] * n[0] + vp[1] * n[1];
        g[2] = (vp[0] * e.rx[0] + vp[1] * e.rx[1]) / nr;
    }
    return CD_OK;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    int nq = c->item->nq, na = c->item->nae;
    double *C = c->scratch;
    cable e;
    cable_eval(c, &e);
    equations(c, &e, rae);
    constraint_jacobian(c, &e, C);
    for (int j = 0; j < nq; j++) {
        double sum = 0.0;
        for (int i = 0; i < na; i++) sum += C[i * nq + j] * c->lam[i];
        r2[j] = sum;
    }
    return CD_OK;
}

static int scratch(const cd_system *s, const cd_item *it)
{
    int n0 = s->list[CD_MARKER].items[((const params *)it->p)->h.h.markerNumbers.x[0]].nq;
    return 4 * it->nq + n0 * n0 + 3 * n0;
}

/* the analytic Jacobian of the classical formulation at index 3 without constrainRotation
 * (CD_JAC_NUMERICAL otherwise). With x = d1 + lam2 - o_k, f = (lam0, lam1), F = axialForce:
 *   r2 = C^T lam: C's cable columns depend on x only, its marker-0 columns (-J0) on q, so
 *     K = d(J0^T v)/dq, v = -(lam0, lam1, 0) (zero for point markers);
 *     d r2/d lam_j = C_j + sum_i lam_i dC_i/d lam_j, with dC_2/d lam_0,1 = S'(x) on the cable's
 *     x, y coordinates and dC/d lam2 = dC/dx (S -> S', S' -> S'');
 *   g0,1 = r - p0: d/dq = C0,1, d/d lam2 = r';
 *   g2 = r'.f - |r'| F: d/dq = S'(x) (f - F r'/|r'|), d/d lam0,1 = r', d/d lam2 = r''.f -
 *     F r'.r''/|r'| */
static int jacobian_aeself(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                           double *Gv, double *Ga)
{
    const params *p = c->item->p;
    int nq = c->item->nq, na = c->item->nae, n0 = c->md[0].n;
    if (!p->classicalFormulation || p->constrainRotation || c->index2 || !cd_conn_diff_ok(c))
        return CD_JAC_NUMERICAL;
    double *C = c->scratch, *K0 = C + na * nq, *P0 = K0 + n0 * n0;
    const double *lam = c->lam;
    cable e;
    cable_eval(c, &e);
    constraint_jacobian(c, &e, C);
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    memset(Gv, 0, sizeof(double) * (size_t)(na * nq));
    memset(Ga, 0, sizeof(double) * (size_t)(na * na));
    /* marker 0's block of K */
    double v[3] = {-lam[0], -lam[1], 0.0};
    memset(K0, 0, sizeof(double) * (size_t)(n0 * n0));
    cd_md_jtv_dq(&c->md[0], v, K0);
    for (int j = 0; j < n0; j++)
        for (int i = 0; i < n0; i++) K[i + nq * j] = K0[i + n0 * j];
    /* Cq (column-major nae x nq): d r2_i / d lam_j at [j + na i] */
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < na; j++) Cq[j + na * i] = C[j * nq + i];
    for (int a = 0; a < 4; a++) {
        int ix = e.idx[2 * a], iy = e.idx[2 * a + 1];
        Cq[0 + na * ix] += lam[2] * e.Sx[a];
        Cq[1 + na * iy] += lam[2] * e.Sx[a];
        Cq[2 + na * ix] += lam[0] * e.Sx[a] + lam[2] * e.Sxx[a] * lam[0];
        Cq[2 + na * iy] += lam[1] * e.Sx[a] + lam[2] * e.Sxx[a] * lam[1];
    }
    /* Gq: rows 0, 1 = C0, C1 (marker 0: see below); row 2 = S'(x) (f - F r'/|r'|) */
    double nr = hypot(e.rx[0], e.rx[1]), F = p->axialForce;
    double w[2] = {lam[0] - (F != 0 ? F * e.rx[0] / nr : 0), lam[1] - (F != 0 ? F * e.rx[1] / nr : 0)};
    for (int j = 0; j < nq; j++) {
        Gq[0 + na * j] = C[j];
        Gq[1 + na * j] = C[nq + j];
        Gq[2 + na * j] = 0.0;
    }
    for (int a = 0; a < 4; a++) {
        Gq[2 + na * e.idx[2 * a]] += e.Sx[a] * w[0];
        Gq[2 + na * e.idx[2 * a + 1]] += e.Sx[a] * w[1];
    }
    /* marker 0's columns of rows 0, 1: the exact -d p0/dq (J0 is the velocity Jacobian; they
     * differ for Euler parameters) */
    cd_md_dpos(&c->md[0], P0);
    for (int j = 0; j < n0; j++) {
        Gq[0 + na * j] = -P0[3 * j];
        Gq[1 + na * j] = -P0[3 * j + 1];
    }
    /* Ga (column-major nae x nae) */
    Ga[0 + na * 2] = e.rx[0];
    Ga[1 + na * 2] = e.rx[1];
    Ga[2 + na * 0] = e.rx[0];
    Ga[2 + na * 1] = e.rx[1];
    Ga[2 + na * 2] = e.rxx[0] * lam[0] + e.rxx[1] * lam[1] -
                     (F != 0 ? F * (e.rx[0] * e.rxx[0] + e.rx[1] * e.rxx[1]) / nr : 0);
    return CD_OK;
}

static int post_newton(const cd_objctx *c, double *out, double *error, double *h_rec)
{
    (void)h_rec;
    const params *p = c->item->p;
    return cd_sliding_post_newton(c, 2, c->lam[2], p->activeConnector, out, error);
}

/* Position, Velocity: of marker 0; Force: (lam0, lam1, 0); SlidingCoordinate: d1, the global
 * sliding coordinate of the last post-Newton update (after a step: where the joint is, as
 * Exudyn reports it; lam2 then still holds the step's change, already in d1) */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_POSITION: memcpy(out, c->md[0].pos, 3 * sizeof(double)); return 3;
    case CD_OV_VELOCITY: memcpy(out, c->md[0].vel, 3 * sizeof(double)); return 3;
    case CD_OV_FORCE: out[0] = c->lam[0]; out[1] = c->lam[1]; out[2] = 0; return 3;
    case CD_OV_SLIDINGCOORDINATE: out[0] = c->data[1]; return 1;
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int m0 = p->h.h.markerNumbers.x[0];
    const cd_item *k0 = &s->list[CD_MARKER].items[m0];
    int need = CD_MKF_POSITION | (p->constrainRotation ? CD_MKF_ORIENTATION : 0);
    if ((k0->type->marker->flags & need) != need)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'markerNumbers'[0] refers to "
                            "marker %d of type %s, which has no %s; use %s", index, m0,
                            k0->type->name, p->constrainRotation ? "position and orientation"
                                                                 : "position",
                            p->constrainRotation ? "MarkerBodyRigid or MarkerNodeRigid "
                                                   "(constrainRotation)"
                                                 : "MarkerNodePosition or MarkerBodyPosition");
    return cd_sliding_check(s, index, &p->h, &cd_type_MarkerBodyCable2DCoordinates, NAME, err);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_AESELF, .nmarkers = 2,
    .markers = cd_conn_markers, .more_markers = cd_sliding_more_markers,
    .nodes = cd_sliding_nodes, .nae = nae,
    .mass_const = 1, .residual = residual, .scratch = scratch,
    .jacobian_aeself = jacobian_aeself, .initial_rows = initial_rows, .post_newton = post_newton,
    .output = output, .active = active};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_SLIDINGCOORDINATE, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"),
    CD_CONN_MARKERS_FIELD("[m0: position (constrainRotation: rigid) marker of the sliding body, "
                          "m1: the MarkerBodyCable2DCoordinates of the element where it starts]"),
    {"slidingMarkerNumbers", CD_FT_INDEXLIST, 0, OFF(h.slidingMarkerNumbers), NULL, 0, CD_MARKER,
     "", "MarkerBodyCable2DCoordinates of the cable elements, in the order the joint slides "
     "along them (the end of element i is the start of element i + 1)", NULL},
    {"slidingMarkerOffsets", CD_FT_VEC, 0, OFF(h.slidingMarkerOffsets), NULL, 0, 0, "m",
     "increasing global sliding coordinate at the start of each element (0, L0, L0 + L1, ...)",
     NULL},
    {"nodeNumber", CD_FT_INDEX, 0, OFF(h.nodeNumber), NULL, 0, CD_NODE, "",
     "NodeGenericData with 2 Data coordinates: the current index in slidingMarkerNumbers and "
     "the global sliding coordinate at the start of the step (initial values: where it starts)",
     NULL},
    {"useClassicalFormulation", CD_FT_BOOL, 0, OFF(classicalFormulation), "1", 0, 0, "",
     "True: equations r(s) - p0 = 0 and r'.f = 0 (forces global); False: the local "
     "formulation (normal and tangential equations)", NULL},
    {"constrainRotation", CD_FT_BOOL, 0, OFF(constrainRotation), "0", 0, 0, "",
     "True: marker 0's y-axis stays normal to the cable's slope (marker 0 must be rigid)", NULL},
    {"axialForce", CD_FT_REAL, 0, OFF(axialForce), "0", 0, 0, "N",
     "useClassicalFormulation only: a force along the cable between body and cable", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_JOINT),
    {"classicalFormulation", CD_FT_BOOL, 0, 0, NULL, CD_CHK_ALIAS, 0, "",
     "deprecated alias of useClassicalFormulation (Exudyn's older name)",
     "useClassicalFormulation"}};

const cd_itemtype cd_type_ObjectJointSliding2D = {
    .kind = CD_OBJECT, .name = NAME, .typename_ = "JointSliding2D", .alias = "SlidingJoint2D",
    .doc = "A sliding joint in the x-y plane between a position (or rigid) marker and a chain "
           "of ObjectANCFCable2D elements: the marker stays on the cable's axis and moves freely "
           "along it, from one element to the next (the current element and the sliding "
           "coordinate are the Data coordinates of a NodeGenericData, updated after Newton).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
