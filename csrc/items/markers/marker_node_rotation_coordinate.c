/* MarkerNodeRotationCoordinate: one Tait-Bryan angle of a rigid-body node's rotation, as
 * Exudyn's: with the node's rotation matrix A (reference included) and global angular velocity
 * omega,
 *     value   = phi_i, the i-th xyz Tait-Bryan angle of A (atan2 formulas below, so each angle
 *               is wrapped to (-pi, pi]),
 *     value_t = omega_i,
 *     g       = d omega_i / d q_t, row i of the node's global rotation Jacobian (G),
 * i = rotationCoordinate; on Euler-parameter nodes A, omega and G by Exudyn's formulas
 * (cd_rot_ep_exudyn), which the node's frame also uses. g (row 0 of md->J, coord = -1) is what
 * the connectors apply their
 * force or multiplier with, as in Exudyn; it is the exact derivative of value_t, and of value
 * only where the node rotates about axis i alone. For the analytic Jacobians of the connectors
 * the marker supplies d value/dq, d value_t/dq and dg/dq exactly (deriv: dvalue, dgrad). */
#include "cd_markers.h"
#include "../../core/cd_marker.h"
#include "../../math/cd_rotations.h"
#include <math.h>
#include <string.h>

#define NAME "MarkerNodeRotationCoordinate"

typedef struct {
    cd_p_markerbase b;
    int coordinate;      /* i: 0, 1, 2 = the angle about x, y, z */
} params;

/* angle i of A (cd_rot_rxyz_angles, Exudyn's formulas: phi1 = atan2(A02, c), c = |(A12, A22)|;
 * phi0 = atan2(-A12, A22), phi2 = atan2(-A01, A00); at c <= 1e-14 phi0 = 0 and
 * phi2 = atan2(A10, A11)) */
static double angle(const double A[9], int i)
{
    double r[3];
    cd_rot_rxyz_angles(A, r);
    return r[i];
}

/* d angle(A)_i along dA (row-major) */
static double dangle(const double A[9], const double dA[9], int i)
{
    double dr[3];
    cd_rot_rxyz_angles_d(A, dA, dr);
    return dr[i];
}

/* the marker's part of md->dwork (before the node's): dval (n), dvalt (n), H (n x n,
 * column-major, H_jk = dg_j/dq_k) */
static int own_dsize(int n) { return 2 * n + n * n; }

static int dsize(const cd_system *s, const cd_item *mk)
{
    const params *p = mk->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    int (*nds)(const void *) = nd->type->node->marker_dsize;
    return own_dsize(mk->nq) + (nds ? nds(nd->p) : 0);
}

static void dvalue(const cd_markerdata *md, double *dval, double *dvalt)
{
    size_t n = (size_t)md->n;
    if (dval) memcpy(dval, md->dwork, sizeof(double) * n);
    if (dvalt) memcpy(dvalt, md->dwork + n, sizeof(double) * n);
}

static void dgrad(const cd_markerdata *md, double s, double *K, int ld, int o)
{
    int n = md->n;
    const double *H = md->dwork + 2 * n;
    for (int k = 0; k < n; k++)
        for (int j = 0; j < n; j++) K[(o + j) + ld * (o + k)] += s * H[j + n * k];
}

/* K (n x n) += d(J^T v)/dq = v0 dg/dq: J's rows 1, 2 are zero */
static void jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    dgrad(md, v[0], K, md->n, 0);
}

static const cd_markerderiv deriv = {.jtv_dq = jtv_dq, .dvalue = dvalue, .dgrad = dgrad};

/* dval, dvalt, H into own (own_dsize(n)) from the node's frame derivatives in md (its A,
 * deriv and dwork); work: 9 n doubles */
static void derivatives(const cd_markerdata *md, int i, double *own, double *work)
{
    int n = md->n;
    double *dval = own, *dvalt = own + n, *H = own + 2 * n;
    static const double E[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    /* the columns of dA/dq_k: work + 3 n c = d(A e_c)/dq (3 x n) */
    for (int c = 0; c < 3; c++) cd_md_dvec(md, E[c], work + 3 * n * c);
    for (int k = 0; k < n; k++) {
        double dA[9];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) dA[3 * r + c] = work[3 * n * c + r + 3 * k];
        dval[k] = dangle(md->A, dA, i);
    }
    cd_md_domega(md, work);   /* d omega/dq (3 x n) */
    for (int k = 0; k < n; k++) dvalt[k] = work[i + 3 * k];
    memset(H, 0, sizeof(double) * (size_t)(n * n));
    cd_md_jrtv_dq(md, E[i], H, n, 0);   /* d(Jrot^T e_i)/dq = dg/dq */
}

/* Euler parameters e (NodeRigidBodyEP): Exudyn's A(e) and G(e) (cd_rot_ep_exudyn), as the
 * node's frame has them; off the unit sphere (index-2 solves let |e| drift) G differs from
 * A Gbar. A is quadratic in e, G linear */
static void ep_A(const double e[4], double A[9]) { cd_rot_ep_exudyn(e, A); }

static void ep_G_row(const double e[4], int i, double g[4])
{
    double G[12];
    cd_rot_ep_exudyn_G(e, G);
    memcpy(g, G + 4 * i, 4 * sizeof(double));
}

/* value, value_t, g on an EP node (local coordinates: 3 positions, 4 parameters); with own:
 * the derivative data (own_dsize(7)) */
static void ep_eval(const double *qref, const double *q, const double *v, int i,
                    cd_markerdata *md, double *own)
{
    double e[4], g[4], A[9];
    for (int k = 0; k < 4; k++) e[k] = qref[3 + k] + q[3 + k];
    ep_A(e, A);
    ep_G_row(e, i, g);
    md->value = angle(A, i);
    md->value_t = 0;
    for (int j = 0; j < 7; j++) md->J[3 * j] = j < 3 ? 0.0 : g[j - 3];
    for (int k = 0; k < 4; k++) md->value_t += g[k] * v[3 + k];
    if (!own) return;
    int n = 7;
    double *dval = own, *dvalt = own + n, *H = own + 2 * n;
    memset(own, 0, sizeof(double) * (size_t)own_dsize(n));
    for (int k = 0; k < 4; k++) {
        /* A is quadratic: dA/de_k = A(e + u_k) - A(e) - (A(u_k) - A(0)); G is linear:
         * dG/de_k = G(u_k) */
        double u[4] = {0, 0, 0, 0}, eu[4], Au[9], Aeu[9], dA[9], gu[4];
        static const double zero[4] = {0, 0, 0, 0};
        double A0[9];
        u[k] = 1;
        for (int j = 0; j < 4; j++) eu[j] = e[j] + u[j];
        ep_A(eu, Aeu);
        ep_A(u, Au);
        ep_A(zero, A0);
        for (int r = 0; r < 9; r++) dA[r] = Aeu[r] - A[r] - (Au[r] - A0[r]);
        dval[3 + k] = dangle(A, dA, i);
        ep_G_row(u, i, gu);
        for (int j = 0; j < 4; j++) {
            dvalt[3 + k] += gu[j] * v[3 + j];
            H[(3 + j) + n * (3 + k)] = gu[j];
        }
    }
}

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    int n = md->n, i = p->coordinate;
    double *own = md->dwork, work[9 * 7];   /* rigid nodes: n <= 7 */
    /* the node's frame, its derivative data after the marker's own part of dwork */
    if (md->want_d) md->dwork = own + own_dsize(n);
    nd->type->node->frame(nd->p, s->qref + nd->ltg[0], q, v, md);
    if (nd->type == &cd_type_NodeRigidBodyEP) {
        ep_eval(s->qref + nd->ltg[0], q, v, i, md, md->want_d ? own : NULL);
    } else {
        md->value = angle(md->A, i);
        md->value_t = md->omega[i];
        if (md->want_d && md->deriv) derivatives(md, i, own, work);
        for (int j = 0; j < n; j++) md->J[3 * j] = md->Jrot[i + 3 * j];  /* g: row i of Jrot */
    }
    md->dwork = own;
    for (int j = 0; j < n; j++) md->J[3 * j + 1] = md->J[3 * j + 2] = 0.0;
    md->coord = -1;
    md->Jconst = 0;
    md->rigid = 0;
    md->deriv = md->want_d ? &deriv : NULL;
}

/* a node with an orientation (rigid-body nodes; not the ground node); the angle 0, 1 or 2, and
 * 2 on a planar node (its other angles are always 0) */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *nd = &s->list[CD_NODE].items[p->b.number];
    const cd_nodeops *ops = nd->type->node;
    if (!(ops->flags & CD_NODEF_ROT) || !ops->frame || (ops->flags & CD_NODEF_GROUND))
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'nodeNumber' refers to node %d of type %s, which "
                            "has no rotation; use a rigid-body node (NodeRigidBodyEP, "
                            "NodeRigidBodyRxyz, NodeRigidBodyRotVecLG, NodeRigidBody2D), or "
                            "MarkerNodeCoordinate for a coordinate of another node", index,
                            p->b.number, nd->type->name);
    if (p->coordinate < 0 || p->coordinate > 2)
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'rotationCoordinate' is %d; it must be 0, 1 or 2 "
                            "(the Tait-Bryan angle about x, y or z)", index, p->coordinate);
    if (nd->type == &cd_type_NodeRigidBody2D && p->coordinate != 2)
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'rotationCoordinate' is %d, but node %d "
                            "(NodeRigidBody2D) rotates about z only: use 2", index,
                            p->coordinate, p->b.number);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_COORDINATE, .on_body = 0,
                                 .base = cd_marker_base, .eval = eval, .dsize = dsize};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_NODE_FIELD(params),
    {"rotationCoordinate", CD_FT_INT, 0, offsetof(params, coordinate), NULL, 0, 0, "",
     "the Tait-Bryan angle: 0 = about x, 1 = about y, 2 = about z (NodeRigidBody2D: 2)", NULL}};

const cd_itemtype cd_type_MarkerNodeRotationCoordinate = {
    .kind = CD_MARKER, .name = NAME, .typename_ = "NodeRotationCoordinate",
    .doc = "One xyz Tait-Bryan angle of a rigid-body node's rotation (reference included, in "
           "(-pi, pi]) with the angular velocity component as its rate, as Exudyn's; forces act "
           "through the row of the rotation Jacobian. For coordinate connectors and loads, e.g. "
           "to drive a crank with a CoordinateConstraint.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
