/* Joints, each with its own multipliers:
 *  ObjectJointSpherical    g = p1 - p0 = 0 on the constrained axes (3 multipliers: the force;
 *                          an axis that is not constrained has the equation lambda_i = 0)
 *  ObjectJointRevolute2D   g = (p1 - p0)_{x,y} = 0          (2 multipliers: the joint force)
 *  ObjectJointPrismatic2D  g0 = n1 . (p1 - p0) = 0, g1 = a0 . n1 = 0
 *      n1 = A1 normalMarker1 and a0 = A0 axisMarker0 in global coordinates; without
 *      constrainRotation the second equation is lambda1 = 0.
 * Index 2: the time derivatives of these equations. r2 = C_q^T lambda.
 * All three have analytic Jacobians (index 3 and 2) when both markers provide derivatives
 * (points, ground, node frames, points of planar and 3D rigid bodies). */
#include "../core/cd_items.h"
#include "../math/cd_vec3.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

#define OFF(f) offsetof(cd_p_joint, f)

static int two_ae(const void *p) { (void)p; return 2; }
static int active(const void *p) { return ((const cd_p_joint *)p)->activeConnector; }

/* ---------------------------------------------------------------- point coincidence */
/* Revolute2D (rows x, y) and Spherical (rows x, y, z, each constrained or free) share
 * g_i = (p1 - p0)_i on the first na global axes; on[i] = 0 makes row i the equation
 * lambda_i = 0. r2 = JD^T F with F_i = lambda_i on the constrained rows. */

static void point_force(const cd_objctx *c, int na, const int on[3], double F[3])
{
    for (int i = 0; i < 3; i++) F[i] = i < na && on[i] ? c->lam[i] : 0.0;
}

static int point_residual(const cd_objctx *c, int na, const int on[3], double *r2, double *rae)
{
    double F[3];
    point_force(c, na, on, F);
    cd_conn_apply_force(c, F, r2);
    for (int i = 0; i < na; i++)
        rae[i] = !on[i] ? c->lam[i]
               : c->index2 ? c->md[1].vel[i] - c->md[0].vel[i] : c->md[1].pos[i] - c->md[0].pos[i];
    return CD_OK;
}

/* Cq = the constrained rows of JD; K = d(JD^T F)/dq from the markers' lever arms (markers
 * with constant Jacobians or derivative data; numerical otherwise) */
static int point_jacobian(const cd_objctx *c, int na, const int on[3], double *K, double *D,
                          double *Cq, double *Gq, double *Gv)
{
    int nq = c->item->nq;
    double JD[3 * CD_CONN_MAXNQ], G[3 * CD_CONN_MAXNQ], GV[3 * CD_CONN_MAXNQ], F[3];
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    cd_conn_jd(c, JD);
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < na; j++) Cq[j + na * i] = on[j] ? JD[j + 3 * i] : 0.0;
    /* index 3: Gq = the exact derivative of p1 - p0 (differs from JD for Euler parameters,
     * whose J is the velocity Jacobian), Gv = 0; index 2 (g = v1 - v0 = JD q_t): Gq = d(v1 -
     * v0)/dq, Gv = JD */
    cd_conn_dd(c, G, c->index2 ? GV : NULL);
    const double *X = c->index2 ? GV : G;
    for (int i = 0; i < nq; i++)
        for (int j = 0; j < na; j++) {
            Gq[j + na * i] = on[j] ? X[j + 3 * i] : 0.0;
            Gv[j + na * i] = c->index2 ? Cq[j + na * i] : 0.0;
        }
    point_force(c, na, on, F);
    cd_conn_add_jtv(c, 1, F, 1.0, K);
    cd_conn_add_jtv(c, 0, F, -1.0, K);
    return CD_OK;
}

/* ---------------------------------------------------------------- Revolute2D */

static const int REV_ON[3] = {1, 1, 0};

static int rev_residual(const cd_objctx *c, double *r2, double *rae)
{
    return point_residual(c, 2, REV_ON, r2, rae);
}

static int rev_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    return point_jacobian(c, 2, REV_ON, K, D, Cq, Gq, Gv);
}

static int rev_output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = cd_conn_point_output(c, var, 0, out);
    if (n) return n;
    switch (var) {
    case CD_OV_FORCE: out[0] = c->lam[0]; out[1] = c->lam[1]; out[2] = 0; return 3;
    case CD_OV_CONSTRAINTEQUATION:
        for (int i = 0; i < 2; i++) out[i] = c->md[1].pos[i] - c->md[0].pos[i];
        return 2;
    default: return -1;
    }
}

/* ---------------------------------------------------------------- Prismatic2D */





/* g0 = n1.d: dg0 = n1^T dD + (n1 x d)^T dtheta1;
 * g1 = a0.n1: dg1 = (a0 x n1)^T dtheta0 + (n1 x a0)^T dtheta1 */
static int pri_residual(const cd_objctx *c, double *r2, double *rae)
{
    const cd_p_joint *p = c->item->p;
    double n1[3], a0[3], d[3], vd[3], w[3], F[3];
    cd_matvec(c->md[1].A, p->normalMarker1.x, n1);
    cd_matvec(c->md[0].A, p->axisMarker0.x, a0);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    double l0 = c->lam[0], l1 = p->constrainRotation ? c->lam[1] : 0.0;
    for (int i = 0; i < 3; i++) F[i] = l0 * n1[i];
    cd_conn_apply_force(c, F, r2);
    cd_cross(n1, d, w);
    for (int i = 0; i < 3; i++) w[i] *= l0;
    cd_conn_add_rot_row(c, 1, w, 1.0, r2);
    if (l1 != 0.0) {
        cd_cross(a0, n1, w);
        for (int i = 0; i < 3; i++) w[i] *= l1;
        cd_conn_add_rot_row(c, 0, w, 1.0, r2);
        for (int i = 0; i < 3; i++) w[i] = -w[i];
        cd_conn_add_rot_row(c, 1, w, 1.0, r2);
    }
    if (c->index2) {
        double wn[3], wa[3];
        cd_cross(c->md[1].omega, n1, wn);
        cd_cross(c->md[0].omega, a0, wa);
        rae[0] = cd_dot(wn, d) + cd_dot(n1, vd);
        rae[1] = p->constrainRotation ? cd_dot(wa, n1) + cd_dot(a0, wn) : c->lam[1];
    } else {
        rae[0] = cd_dot(n1, d);
        rae[1] = p->constrainRotation ? cd_dot(a0, n1) : c->lam[1];
    }
    return CD_OK;
}

/* Cq rows c0 = JD^T n1 + Jrot1^T (n1 x d), c1 = (Jrot0 - Jrot1)^T (a0 x n1);
 * index 3: Gq = exact dg/dq (cd_conn_dd, cd_conn_dvec), index 2: Gq = d g_t/dq, Gv = Cq;
 * K = lam0 dc0/dq + lam1 dc1/dq */
static int pri_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    const cd_p_joint *p = c->item->p;
    int nq = c->item->nq;
    if (!cd_conn_diff_ok(c)) return CD_JAC_NUMERICAL;
    for (int k = 0; k < 2; k++)
        if (c->md[k].n > 0 && !c->md[k].rotd) return CD_JAC_NUMERICAL;
    int i2 = c->index2;
    const double *w0 = c->md[0].omega, *w1 = c->md[1].omega;
    double n1[3], a0[3], d[3], vd[3], nd[3], w[3], w1n[3], X[3 * CD_CONN_MAXNQ],
        dn[3 * CD_CONN_MAXNQ], da[3 * CD_CONN_MAXNQ], dd[3 * CD_CONN_MAXNQ],
        dw[3 * CD_CONN_MAXNQ], cv[CD_CONN_MAXNQ], dvd[3 * CD_CONN_MAXNQ],
        W0[3 * CD_CONN_MAXNQ], W1[3 * CD_CONN_MAXNQ];
    int rot = p->constrainRotation;
    double l0 = c->lam[0], l1 = rot ? c->lam[1] : 0.0;
    cd_matvec(c->md[1].A, p->normalMarker1.x, n1);
    cd_matvec(c->md[0].A, p->axisMarker0.x, a0);
    for (int i = 0; i < 3; i++) {
        d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    cd_cross(n1, d, nd);
    cd_cross(a0, n1, w);
    cd_cross(w1, n1, w1n);
    cd_conn_dd(c, dd, i2 ? dvd : NULL);
    if (i2) {
        cd_conn_domega(c, 0, W0);
        cd_conn_domega(c, 1, W1);
    }
    cd_conn_dvec(c, 1, p->normalMarker1.x, dn);
    cd_conn_dvec(c, 0, p->axisMarker0.x, da);
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    memset(Cq, 0, sizeof(double) * (size_t)(2 * nq));
    memset(Gq, 0, sizeof(double) * (size_t)(2 * nq));
    memset(Gv, 0, sizeof(double) * (size_t)(2 * nq));
    /* row 0 */
    memset(cv, 0, sizeof(double) * (size_t)nq);
    cd_conn_apply_force(c, n1, cv);
    cd_conn_add_rot_row(c, 1, nd, 1.0, cv);
    for (int j = 0; j < nq; j++) {
        double t1[3], t2[3];
        Cq[2 * j] = cv[j];
        if (!i2) {
            Gq[2 * j] = cd_dot(d, dn + 3 * j) + cd_dot(n1, dd + 3 * j);
        } else {  /* g0_t = (w1 x n1) . d + n1 . vd */
            cd_cross(W1 + 3 * j, n1, t1);
            cd_cross(w1, dn + 3 * j, t2);
            Gq[2 * j] = cd_dot(t1, d) + cd_dot(t2, d) + cd_dot(w1n, dd + 3 * j) +
                        cd_dot(dn + 3 * j, vd) + cd_dot(n1, dvd + 3 * j);
            Gv[2 * j] = cv[j];
        }
        cd_cross(dn + 3 * j, d, t1);
        cd_cross(n1, dd + 3 * j, t2);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = t1[i] + t2[i];
    }
    cd_conn_add_jtv(c, 0, n1, -l0, K);
    cd_conn_add_jtv(c, 1, n1, l0, K);
    cd_conn_add_jdtx(c, dn, l0, K);
    cd_conn_add_jrtv(c, 1, nd, l0, K);
    cd_conn_add_jrtx(c, 1, X, l0, K);
    if (!rot) return CD_OK;
    /* row 1 */
    memset(cv, 0, sizeof(double) * (size_t)nq);
    cd_conn_add_rot_row(c, 0, w, 1.0, cv);
    cd_conn_add_rot_row(c, 1, w, -1.0, cv);
    for (int j = 0; j < nq; j++) {
        double t1[3], t2[3];
        Cq[1 + 2 * j] = cv[j];
        if (!i2) {
            Gq[1 + 2 * j] = cd_dot(n1, da + 3 * j) + cd_dot(a0, dn + 3 * j);
        } else {  /* g1_t = (w0 x a0) . n1 + a0 . (w1 x n1) */
            double wa[3], u[3];
            cd_cross(w0, a0, wa);
            cd_cross(W0 + 3 * j, a0, t1);
            cd_cross(w0, da + 3 * j, t2);
            double g = cd_dot(t1, n1) + cd_dot(t2, n1) + cd_dot(wa, dn + 3 * j) +
                       cd_dot(da + 3 * j, w1n);
            cd_cross(W1 + 3 * j, n1, t1);
            cd_cross(w1, dn + 3 * j, u);
            Gq[1 + 2 * j] = g + cd_dot(a0, t1) + cd_dot(a0, u);
            Gv[1 + 2 * j] = cv[j];
        }
        cd_cross(da + 3 * j, n1, t1);
        cd_cross(a0, dn + 3 * j, t2);
        for (int i = 0; i < 3; i++) dw[i + 3 * j] = t1[i] + t2[i];
    }
    cd_conn_add_jrtv(c, 0, w, l1, K);
    cd_conn_add_jrtv(c, 1, w, -l1, K);
    cd_conn_add_jrtx(c, 0, dw, l1, K);
    cd_conn_add_jrtx(c, 1, dw, -l1, K);
    return CD_OK;
}

static int pri_output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = cd_conn_point_output(c, var, 1, out);
    if (n) return n;
    switch (var) {
    case CD_OV_FORCE: out[0] = c->lam[0]; out[1] = c->lam[1]; return 2;
    default: return -1;
    }
}

static int check_rev(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_conn_check_markers(s, i, p, CD_MKF_POSITION, "ObjectJointRevolute2D", e);
}

static int check_pri(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_joint *p = vp;
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->markerNumbers.x[k]];
        if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
            return cd_error_set(err, CD_ERR_INPUT,
                                "ObjectJointPrismatic2D %d: parameter 'markerNumbers' entry %d "
                                "refers to marker %d of type %s, which provides no orientation; "
                                "use MarkerBodyRigid or MarkerNodeRigid", index, k,
                                p->markerNumbers.x[k], mk->type->name);
    }
    double na = sqrt(cd_dot(p->axisMarker0.x, p->axisMarker0.x));
    double nn = sqrt(cd_dot(p->normalMarker1.x, p->normalMarker1.x));
    if (!(na > 0) || !(nn > 0))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectJointPrismatic2D %d: parameter '%s' must "
                            "not be zero", index, na > 0 ? "normalMarker1" : "axisMarker0");
    return CD_OK;
}

/* ---------------------------------------------------------------- Spherical */

static int three_ae(const void *p) { (void)p; return 3; }
static int sph_on(const cd_p_joint *p, int i) { return p->constrainedAxes.x[i] != 0.0; }
static int sph_lambda_row(const cd_item *it, int j) { return !sph_on(it->p, j); }

static void sph_axes(const cd_p_joint *p, int on[3])
{
    for (int i = 0; i < 3; i++) on[i] = sph_on(p, i);
}

static int sph_residual(const cd_objctx *c, double *r2, double *rae)
{
    int on[3];
    sph_axes(c->item->p, on);
    return point_residual(c, 3, on, r2, rae);
}

static int sph_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                        double *Gv)
{
    int on[3];
    sph_axes(c->item->p, on);
    return point_jacobian(c, 3, on, K, D, Cq, Gq, Gv);
}

static int sph_output(const cd_objctx *c, cd_outvar var, double *out)
{
    int n = cd_conn_point_output(c, var, 0, out);
    if (n) return n;
    switch (var) {
    case CD_OV_FORCE: memcpy(out, c->lam, 3 * sizeof(double)); return 3;
    default: return -1;
    }
}

static int check_sph(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_joint *p = vp;
    int rc = cd_conn_check_markers(s, index, vp, CD_MKF_POSITION, "ObjectJointSpherical", err);
    if (rc) return rc;
    for (int i = 0; i < 3; i++)
        if (p->constrainedAxes.x[i] != 0.0 && p->constrainedAxes.x[i] != 1.0)
            return cd_error_set(err, CD_ERR_INPUT, "ObjectJointSpherical %d: parameter "
                                "'constrainedAxes' entries must be 0 or 1, got %g", index,
                                p->constrainedAxes.x[i]);
    return CD_OK;
}

static int pri_lambda_row(const cd_item *it, int j)
{
    return j == 1 && !((const cd_p_joint *)it->p)->constrainRotation;
}

static const cd_objectops rev_ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .nae = two_ae,
    .mass_const = 1,
    .residual = rev_residual,
    .jacobian = rev_jacobian,
    .output = rev_output,
    .active = active};
static const cd_objectops pri_ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .nae = two_ae,
    .mass_const = 1,
    .residual = pri_residual,
    .jacobian = pri_jacobian,
    .output = pri_output,
    .lambda_row = pri_lambda_row,
    .active = active};

static const cd_objectops sph_ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL,
    .nmarkers = 2,
    .markers = cd_conn_markers,
    .nae = three_ae,
    .mass_const = 1,
    .residual = sph_residual,
    .jacobian = sph_jacobian,
    .output = sph_output,
    .active = active,
    .lambda_row = sph_lambda_row};
static const cd_outvar sph_ov[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE, CD_OV_NONE};

static const cd_outvar rev_ov[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE,
                                   CD_OV_CONSTRAINTEQUATION, CD_OV_NONE};
static const cd_outvar pri_ov[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE, CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "joint's unique name", NULL}
#define MARKERS_FIELD(doc) {"markerNumbers", CD_FT_INDEXLIST, 2, OFF(markerNumbers), NULL, 0, CD_MARKER, "", doc, NULL}
#define ACTIVE_FIELD {"activeConnector", CD_FT_BOOL, 0, OFF(activeConnector), "1", 0, 0, "", "False: the joint is replaced by lambda = 0", NULL}

static const cd_field rev_fields[] = {
    NAME_FIELD, MARKERS_FIELD("two position markers [m0, m1] kept at the same point in x, y"),
    ACTIVE_FIELD};
static const cd_field pri_fields[] = {
    NAME_FIELD, MARKERS_FIELD("two markers with orientation [m0, m1] (MarkerBodyRigid)"),
    {"axisMarker0", CD_FT_VEC, 3, OFF(axisMarker0), "1 0 0", 0, 0, "",
     "sliding axis in marker 0's frame", NULL},
    {"normalMarker1", CD_FT_VEC, 3, OFF(normalMarker1), "0 1 0", 0, 0, "",
     "normal to the axis in marker 1's frame", NULL},
    {"constrainRotation", CD_FT_BOOL, 0, OFF(constrainRotation), "1", 0, 0, "",
     "True: the bodies keep their relative rotation (axis stays normal to normalMarker1)", NULL},
    ACTIVE_FIELD};

static const cd_field sph_fields[] = {
    NAME_FIELD, MARKERS_FIELD("two position markers [m0, m1] kept at the same point"),
    {"constrainedAxes", CD_FT_VEC, 3, OFF(constrainedAxes), "1 1 1", 0, 0, "",
     "1: the global axis x, y, z is constrained, 0: free (its multiplier is 0)", NULL},
    ACTIVE_FIELD};

const cd_itemtype cd_type_ObjectJointSpherical = {
    CD_OBJECT, "ObjectJointSpherical", "JointSpherical", "SphericalJoint",
    "A spherical joint: the two markers stay at the same point (3 equations in global x, y, z; "
    "the multipliers are the joint force).", sizeof(cd_p_joint), sph_fields, CD_NF(sph_fields),
    check_sph, NULL, &sph_ops, NULL, NULL, sph_ov, NULL};

const cd_itemtype cd_type_ObjectJointRevolute2D = {
    CD_OBJECT, "ObjectJointRevolute2D", "JointRevolute2D", "RevoluteJoint2D",
    "A revolute joint in the x-y plane: the two markers stay at the same point (2 equations, "
    "the multipliers are the joint force).", sizeof(cd_p_joint), rev_fields, CD_NF(rev_fields),
    check_rev, NULL, &rev_ops, NULL, NULL, rev_ov, NULL};
const cd_itemtype cd_type_ObjectJointPrismatic2D = {
    CD_OBJECT, "ObjectJointPrismatic2D", "JointPrismatic2D", "PrismaticJoint2D",
    "A prismatic joint in the x-y plane: marker 1 slides along axisMarker0 of marker 0 "
    "(analytic Jacobian).", sizeof(cd_p_joint), pri_fields, CD_NF(pri_fields), check_pri, NULL,
    &pri_ops, NULL, NULL, pri_ov, NULL};
