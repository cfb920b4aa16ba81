/* ObjectJointSliding: Exudyn's 3D sliding joint between a position (or rigid) marker m0 and a
 * chain of ObjectANCFCable elements, each seen through a MarkerBodyBeamShape
 * (slidingMarkerNumbers, element k starting at the global sliding coordinate
 * slidingMarkerOffsets[k]). The element under the joint, the Data coordinates [k, d1] of the
 * NodeGenericData and the switch to the next element after Newton are the 2D joint's
 * (cd_joints.h, joint_sliding_common.c).
 *
 * Unknowns z = [ds, f0, f1, f2] in Exudyn's order: ds the change of the sliding coordinate since
 * the last post-Newton update (x = d1 + ds - o_k on element k), f the joint force on the body
 * (marker 0; the cable gets -f).
 * With r = S(x) q_k, r' = S'(x) q_k, Delta = r - p0, c_i = constrainTranslations[i] and
 * F = axialForce, the equations as in Exudyn's CObjectJointSliding:
 *   g0 = r'.f - |r'| F                (no force along the cable but F; coordyn scales it by
 *                                      L/EA of the element, see force_row_scale)
 *   g(1+i) = Delta_i  if c_i,  f_i otherwise
 * r2 = C^T z with Exudyn's constraint Jacobian C (4 x nq): row 1+i (c_i): -J0 on marker 0's
 * coordinates, S_a on the cable coordinate (a, i); row 0: S'_a f_i on the cable coordinate
 * (a, i) for c_i (ds multiplies it: the equations depend on the object's own unknowns,
 * CD_OBJF_AESELF). Exudyn implements no rotation constraint: constrainRotations (default
 * [1, 1, 1], as Exudyn's) must be [0, 0, 0], else the item is refused (Exudyn stops in its first
 * evaluation). Exudyn has no velocity-level rows; coordyn's initial system and index-2 solvers use
 * the 2D classical joint's, rows 1+i (c_i) = Delta_t_i + r'_i ds (Exudyn's initial accelerations
 * take the position-level Jacobian with d g/d z, the same rows). */
#include "cd_joints.h"
#include "../bodies/cd_ancf.h"
#include "../markers/cd_markers.h"
#include "../cd_item_list.h"
#include "../../core/cd_marker.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_sliding h;   /* name, markerNumbers, slidingMarkerNumbers (MarkerBodyBeamShape),
                         slidingMarkerOffsets, nodeNumber (cd_joints.h) */
    cd_vec constrainRotations;     /* 3 flags; must be 0 */
    cd_vec constrainTranslations;  /* 3 flags c_i: row 1+i is Delta_i (1) or f_i = 0 (0) */
    double axialForce;
    int activeConnector;
} params;

#define NAME "ObjectJointSliding"
#define NA 4

static int nae(const void *vp) { (void)vp; return NA; }
static int active(const void *vp) { return ((const params *)vp)->activeConnector; }

static void elem_eval(const cd_objctx *c, cd_sliding_elem *e)
{
    cd_sliding_eval(c, 3, c->lam[0], e);
}

static int ct(const params *p, int i) { return p->constrainTranslations.x[i] != 0.0; }

/* g0 is a force balance; the solvers test the algebraic rows in position units, so coordyn
 * writes it as the elongation L/EA g0 an axial force g0 would give the element (1 g0 for
 * EA = 0): the same root, a residual the Newton test can bring below its tolerance (in N,
 * the round-off of r'.f with forces of hundreds of newtons is above it) */
static double force_row_scale(const cd_sliding_elem *e) { return e->EA > 0 ? e->L / e->EA : 1.0; }

/* C (NA x nq, row-major) = Exudyn's position-level constraint Jacobian with respect to q */
static void constraint_jacobian(const cd_objctx *c, const cd_sliding_elem *e, double *C)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0];
    int nq = c->item->nq, n0 = m0->n;
    memset(C, 0, sizeof(double) * (size_t)(NA * nq));
    for (int i = 0; i < 3; i++) {
        if (!ct(p, i)) continue;
        double *row = C + (1 + i) * nq;
        for (int j = 0; j < n0; j++) row[j] = -m0->J[3 * j + i];
        for (int a = 0; a < 4; a++) {
            row[e->idx[3 * a + i]] += e->S[a];
            C[e->idx[3 * a + i]] += e->Sx[a] * c->lam[1 + i];
        }
    }
}

static void equations(const cd_objctx *c, const cd_sliding_elem *e, double *g)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0];
    const double *f = c->lam + 1;
    g[0] = e->rx[0] * f[0] + e->rx[1] * f[1] + e->rx[2] * f[2];
    if (p->axialForce != 0) g[0] -= sqrt(cd_dot(e->rx, e->rx)) * p->axialForce;
    g[0] *= force_row_scale(e);
    for (int i = 0; i < 3; i++) {
        if (!ct(p, i)) g[1 + i] = f[i];
        else if (c->index2) g[1 + i] = e->rt[i] - m0->vel[i] + e->rx[i] * c->lam[0];
        else g[1 + i] = e->r[i] - m0->pos[i];
    }
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    int nq = c->item->nq;
    double *C = c->scratch;
    cd_sliding_elem e;
    elem_eval(c, &e);
    equations(c, &e, rae);
    constraint_jacobian(c, &e, C);
    for (int j = 0; j < nq; j++) {
        double sum = 0.0;
        for (int i = 0; i < NA; i++) sum += C[i * nq + j] * c->lam[i];
        r2[j] = sum;
    }
    return CD_OK;
}

static int scratch(const cd_system *s, const cd_item *it)
{
    int n0 = s->list[CD_MARKER].items[((const params *)it->p)->h.h.markerNumbers.x[0]].nq;
    return NA * it->nq + n0 * n0 + 3 * n0;
}

/* the analytic Jacobian at index 3 (CD_JAC_NUMERICAL at velocity level). With x = d1 + ds - o_k:
 *   r2 = C^T z: C's cable columns depend on x and f, its marker-0 columns (-J0) on q, so
 *     K = d(J0^T v)/dq, v = -(c_i f_i) (zero for point markers); D = 0;
 *     d r2/d ds on the cable coordinate (a, i), c_i: C0 + ds S''_a f_i + f_i S'_a (row 1+i's
 *     d/dx), d r2/d f_i there: S_a + ds S'_a;
 *   g0 (times its scale): d/dq on (a, i) = S'_a (f_i - F r'_i/|r'|), d/d ds = r''.f -
 *     F r'.r''/|r'|, d/d f_i = r'_i;
 *   g(1+i), c_i: d/dq = C(1+i) on the cable, -d p0_i/dq on marker 0's coordinates,
 *     d/d ds = r'_i; else d/d f_i = 1 */
static int jacobian_aeself(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                           double *Gv, double *Ga)
{
    const params *p = c->item->p;
    int nq = c->item->nq, n0 = c->md[0].n;
    if (c->index2 || !cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    double *C = c->scratch, *K0 = C + NA * nq, *P0 = K0 + n0 * n0;
    const double *z = c->lam, *f = c->lam + 1;
    cd_sliding_elem e;
    elem_eval(c, &e);
    constraint_jacobian(c, &e, C);
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    memset(Gv, 0, sizeof(double) * (size_t)(NA * nq));
    memset(Ga, 0, sizeof(double) * (size_t)(NA * NA));
    /* marker 0's block of K */
    double v[3];
    for (int i = 0; i < 3; i++) v[i] = ct(p, i) ? -f[i] : 0.0;
    memset(K0, 0, sizeof(double) * (size_t)(n0 * n0));
    cd_md_jtv_dq(&c->md[0], v, K0);
    for (int j = 0; j < n0; j++)
        for (int i = 0; i < n0; i++) K[i + nq * j] = K0[i + n0 * j];
    /* Cq (column-major NA x nq): d r2_i / d z_j at [j + NA i] */
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < NA; j++) Cq[j + NA * i] = C[j * nq + i];
    for (int a = 0; a < 4; a++)
        for (int i = 0; i < 3; i++) {
            if (!ct(p, i)) continue;
            int l = e.idx[3 * a + i];
            Cq[0 + NA * l] += z[0] * e.Sxx[a] * f[i] + f[i] * e.Sx[a];
            Cq[1 + i + NA * l] += z[0] * e.Sx[a];
        }
    /* Gq: row 0 = S'(x) (f - F r'/|r'|) on the cable, rows 1+i = C(1+i) */
    double nr = sqrt(cd_dot(e.rx, e.rx)), F = p->axialForce, w[3];
    for (int i = 0; i < 3; i++) w[i] = f[i] - (F != 0 ? F * e.rx[i] / nr : 0.0);
    for (int j = 0; j < nq; j++) {
        Gq[0 + NA * j] = 0.0;
        for (int i = 0; i < 3; i++) Gq[1 + i + NA * j] = C[(1 + i) * nq + j];
    }
    for (int a = 0; a < 4; a++)
        for (int i = 0; i < 3; i++) Gq[0 + NA * e.idx[3 * a + i]] += e.Sx[a] * w[i];
    /* marker 0's columns: the exact d p0/dq (J0 is the velocity Jacobian; they differ for
     * Euler parameters) */
    cd_md_dpos(&c->md[0], P0);
    for (int j = 0; j < n0; j++)
        for (int i = 0; i < 3; i++)
            if (ct(p, i)) Gq[1 + i + NA * j] = -P0[i + 3 * j];
    /* Ga (column-major NA x NA) */
    double sc = force_row_scale(&e);
    for (int j = 0; j < nq; j++) Gq[0 + NA * j] *= sc;
    Ga[0] = sc * (cd_dot(e.rxx, f) - (F != 0 ? F * cd_dot(e.rx, e.rxx) / nr : 0.0));
    for (int i = 0; i < 3; i++) {
        Ga[0 + NA * (1 + i)] = sc * e.rx[i];
        if (ct(p, i)) Ga[1 + i] = e.rx[i];
        else Ga[1 + i + NA * (1 + i)] = 1.0;
    }
    return CD_OK;
}

/* the initial check: position level Delta_i (c_i), velocity level the part of the relative
 * velocity normal to the cable, (I - t t^T)(r_t - v0) with t = r'/|r'| (c_i rows; a velocity
 * along the cable is free: the joint's state has no sliding rate) */
static int initial_rows(const cd_objctx *c, int index2, double *g)
{
    const params *p = c->item->p;
    const cd_markerdata *m0 = &c->md[0];
    cd_sliding_elem e;
    elem_eval(c, &e);
    memset(g, 0, sizeof(double) * NA);
    double nr = sqrt(cd_dot(e.rx, e.rx)), t[3], dv[3];
    for (int i = 0; i < 3; i++) {
        t[i] = e.rx[i] / nr;
        dv[i] = e.rt[i] - m0->vel[i];
    }
    double tv = cd_dot(t, dv);
    for (int i = 0; i < 3; i++) {
        if (!ct(p, i)) continue;
        g[1 + i] = index2 ? dv[i] - tv * t[i] : e.r[i] - m0->pos[i];
    }
    return CD_OK;
}

static int post_newton(const cd_objctx *c, double *out, double *error, double *h_rec)
{
    (void)h_rec;
    const params *p = c->item->p;
    return cd_sliding_post_newton(c, 3, c->lam[0], p->activeConnector, out, error);
}

/* Position, Velocity: of marker 0; Force: f; SlidingCoordinate: d1, the global sliding
 * coordinate of the last post-Newton update (as the 2D joint) */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    switch (var) {
    case CD_OV_POSITION: memcpy(out, c->md[0].pos, 3 * sizeof(double)); return 3;
    case CD_OV_VELOCITY: memcpy(out, c->md[0].vel, 3 * sizeof(double)); return 3;
    case CD_OV_FORCE: memcpy(out, c->lam + 1, 3 * sizeof(double)); return 3;
    case CD_OV_SLIDINGCOORDINATE: out[0] = c->data[1]; return 1;
    default: return -1;
    }
}

/* row 1+i is the trivial equation f_i = 0 where translation i is free */
static int lambda_row(const cd_item *it, int j)
{
    return j > 0 && !ct(it->p, j - 1);
}

static int check_flags(int index, const cd_vec *v, const char *name, cd_error *err)
{
    for (int i = 0; i < 3; i++)
        if (v->x[i] != 0.0 && v->x[i] != 1.0)
            return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter '%s' entries must be 0 "
                                "or 1, got %g (entry %d)", index, name, v->x[i], i);
    return CD_OK;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    int rc = check_flags(index, &p->constrainTranslations, "constrainTranslations", err);
    if (!rc) rc = check_flags(index, &p->constrainRotations, "constrainRotations", err);
    if (rc) return rc;
    const double *cr = p->constrainRotations.x;
    if (cr[0] != 0 || cr[1] != 0 || cr[2] != 0)
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'constrainRotations' is "
                            "[%g, %g, %g]; rotation constraints are not implemented (Exudyn "
                            "1.13.6 stops with 'constrainRotations must be all zero' too): set "
                            "constrainRotations=[0, 0, 0] (its default is [1, 1, 1] as in "
                            "Exudyn); to keep the body's orientation, add a joint or spring "
                            "between the body and the cable", index, cr[0], cr[1], cr[2]);
    int m0 = p->h.h.markerNumbers.x[0];
    const cd_item *k0 = &s->list[CD_MARKER].items[m0];
    if (!(k0->type->marker->flags & CD_MKF_POSITION))
        return cd_error_set(err, CD_ERR_INPUT, NAME " %d: parameter 'markerNumbers'[0] refers to "
                            "marker %d of type %s, which has no position; use MarkerNodePosition, "
                            "MarkerBodyPosition or MarkerBodyRigid", index, m0, k0->type->name);
    return cd_sliding_check(s, index, &p->h, &cd_type_MarkerBodyBeamShape, NAME, err);
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_AESELF, .nmarkers = 2,
    .markers = cd_conn_markers, .more_markers = cd_sliding_more_markers,
    .nodes = cd_sliding_nodes, .nae = nae, .mass_const = 1, .residual = residual,
    .scratch = scratch, .jacobian_aeself = jacobian_aeself, .initial_rows = initial_rows,
    .post_newton = post_newton, .output = output, .active = active, .lambda_row = lambda_row};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_SLIDINGCOORDINATE,
                                    CD_OV_FORCE, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"),
    CD_CONN_MARKERS_FIELD("[m0: position (or rigid) marker of the sliding body, m1: the "
                          "MarkerBodyBeamShape of the element where it starts]"),
    {"slidingMarkerNumbers", CD_FT_INDEXLIST, 0, OFF(h.slidingMarkerNumbers), NULL, 0,
     CD_MARKER, "", "MarkerBodyBeamShape of the ObjectANCFCable elements, in the order the "
     "joint slides along them (the end of element i is the start of element i + 1)", NULL},
    {"slidingMarkerOffsets", CD_FT_VEC, 0, OFF(h.slidingMarkerOffsets), NULL, 0, 0, "m",
     "increasing global sliding coordinate at the start of each element (0, L0, L0 + L1, ...)",
     NULL},
    {"nodeNumber", CD_FT_INDEX, 0, OFF(h.nodeNumber), NULL, 0, CD_NODE, "",
     "NodeGenericData with 2 Data coordinates: the current index in slidingMarkerNumbers and "
     "the global sliding coordinate at the start of the step (initial values: where it starts)",
     NULL},
    {"constrainRotations", CD_FT_VEC, 3, OFF(constrainRotations), "1 1 1", 0, 0, "",
     "rotation constraints about x, y, z (Exudyn's parameter, default [1, 1, 1]); not "
     "implemented, as in Exudyn: must be set to [0, 0, 0]", NULL},
    {"constrainTranslations", CD_FT_VEC, 3, OFF(constrainTranslations), "1 1 1", 0, 0, "",
     "flags (0 or 1) per global axis x, y, z: 1: marker 0 stays on the cable's axis in this "
     "component, 0: free (its force component is 0)", NULL},
    {"axialForce", CD_FT_REAL, 0, OFF(axialForce), "0", 0, 0, "N",
     "a force along the cable on the body, driving it (r'.f = |r'| axialForce, f the joint "
     "force on the body)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_JOINT)};

const cd_itemtype cd_type_ObjectJointSliding = {
    .kind = CD_OBJECT, .name = NAME, .typename_ = "JointSliding", .alias = "SlidingJoint",
    .doc = "A 3D sliding joint between a position (or rigid) marker and a chain of "
           "ObjectANCFCable elements: the marker stays on the cable's axis and moves freely "
           "along it, from one element to the next (the current element and the sliding "
           "coordinate are the Data coordinates of a NodeGenericData, updated after Newton).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
