/* ObjectJointPrismatic2D: a prismatic joint in the x-y plane, marker 1 slides along the axis
 * a0 = A0 axisMarker0 of marker 0:
 *   g0 = n1 . (p1 - p0) = 0,   g1 = a0 . n1 = 0,   n1 = A1 normalMarker1 (global);
 * without constrainRotation the second equation is lambda1 = 0. Index 2: their time
 * derivatives. r2 = C_q^T lambda with
 *   dg0 = n1^T dD + (n1 x d)^T dtheta1,  dg1 = (a0 x n1)^T dtheta0 + (n1 x a0)^T dtheta1. */
#include "cd_joints.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_connector h;                 /* name, markerNumbers */
    cd_vec axisMarker0, normalMarker1;   /* 3 each */
    int constrainRotation, activeConnector;
} params;

static int nae(const void *p) { (void)p; return 2; }
static int active(const void *p) { return ((const params *)p)->activeConnector; }
static int lambda_row(const cd_item *it, int j)
{
    return j == 1 && !((const params *)it->p)->constrainRotation;
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
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

/* what both rows of the Jacobian use (3 x nq matrices over the joint's coordinates, in the
 * scratch; work: the rest of it) */
typedef struct {
    double n1[3], a0[3], d[3], vd[3], nd[3], w[3], w1n[3];  /* nd = n1 x d, w = a0 x n1,
                                                               w1n = w1 x n1 */
    double *dd, *dvd, *W0, *W1, *dn, *da;                  /* d(p1-p0), d(v1-v0), d omega_k,
                                                               dn1, da0 (d/dq) */
    cd_work work;
} pkin;

/* row 0: c0 = JD^T n1 + Jrot1^T (n1 x d); index 3: Gq = dg0/dq, index 2: Gq = d g0_t/dq with
 * g0_t = (w1 x n1) . d + n1 . vd, Gv = c0; K += lam0 dc0/dq */
static void row0(const cd_objctx *c, const pkin *k, double l0, double *K, double *Cq,
                 double *Gq, double *Gv)
{
    int nq = c->item->nq, i2 = c->index2;
    const double *n1 = k->n1, *d = k->d, *vd = k->vd, *dd = k->dd, *dvd = k->dvd, *dn = k->dn,
                 *W1 = k->W1, *w1 = c->md[1].omega;
    cd_work w = k->work;
    double *cv = cd_work_take(&w, nq), *X = cd_work_take(&w, 3 * nq);
    memset(cv, 0, sizeof(double) * (size_t)nq);
    cd_conn_apply_force(c, n1, cv);
    cd_conn_add_rot_row(c, 1, k->nd, 1.0, cv);
    for (int j = 0; j < nq; j++) {
        double t1[3], t2[3];
        Cq[2 * j] = cv[j];
        if (!i2) {
            Gq[2 * j] = cd_dot(d, dn + 3 * j) + cd_dot(n1, dd + 3 * j);
        } else {
            cd_cross(W1 + 3 * j, n1, t1);
            cd_cross(w1, dn + 3 * j, t2);
            Gq[2 * j] = cd_dot(t1, d) + cd_dot(t2, d) + cd_dot(k->w1n, dd + 3 * j) +
                        cd_dot(dn + 3 * j, vd) + cd_dot(n1, dvd + 3 * j);
            Gv[2 * j] = cv[j];
        }
        cd_cross(dn + 3 * j, d, t1);
        cd_cross(n1, dd + 3 * j, t2);
        for (int i = 0; i < 3; i++) X[i + 3 * j] = t1[i] + t2[i];
    }
    cd_conn_add_jtv(c, w, 0, n1, -l0, K);
    cd_conn_add_jtv(c, w, 1, n1, l0, K);
    cd_conn_add_jdtx(c, dn, l0, K);
    cd_conn_add_jrtv(c, 1, k->nd, l0, K);
    cd_conn_add_jrtx(c, 1, X, l0, K);
}

/* index 2, g1_t = (w0 x a0) . n1 + a0 . (w1 x n1): d g1_t/dq in column j */
static double row1_gq2(const cd_objctx *c, const pkin *k, int j)
{
    const double *n1 = k->n1, *a0 = k->a0, *dn = k->dn, *da = k->da, *w0 = c->md[0].omega,
                 *w1 = c->md[1].omega;
    double wa[3], u[3], t1[3], t2[3];
    cd_cross(w0, a0, wa);
    cd_cross(k->W0 + 3 * j, a0, t1);
    cd_cross(w0, da + 3 * j, t2);
    double g =
        cd_dot(t1, n1) + cd_dot(t2, n1) + cd_dot(wa, dn + 3 * j) + cd_dot(da + 3 * j, k->w1n);
    cd_cross(k->W1 + 3 * j, n1, t1);
    cd_cross(w1, dn + 3 * j, u);
    return g + cd_dot(a0, t1) + cd_dot(a0, u);
}

/* row 1: c1 = (Jrot0 - Jrot1)^T (a0 x n1); Gq = dg1/dq (index 3) or d g1_t/dq (index 2),
 * Gv = c1; K += lam1 dc1/dq */
static void row1(const cd_objctx *c, const pkin *k, double l1, double *K, double *Cq,
                 double *Gq, double *Gv)
{
    int nq = c->item->nq;
    const double *n1 = k->n1, *a0 = k->a0, *dn = k->dn, *da = k->da;
    cd_work w = k->work;
    double *cv = cd_work_take(&w, nq), *dw = cd_work_take(&w, 3 * nq);
    memset(cv, 0, sizeof(double) * (size_t)nq);
    cd_conn_add_rot_row(c, 0, k->w, 1.0, cv);
    cd_conn_add_rot_row(c, 1, k->w, -1.0, cv);
    for (int j = 0; j < nq; j++) {
        double t1[3], t2[3];
        Cq[1 + 2 * j] = cv[j];
        if (!c->index2) {
            Gq[1 + 2 * j] = cd_dot(n1, da + 3 * j) + cd_dot(a0, dn + 3 * j);
        } else {
            Gq[1 + 2 * j] = row1_gq2(c, k, j);
            Gv[1 + 2 * j] = cv[j];
        }
        cd_cross(da + 3 * j, n1, t1);
        cd_cross(a0, dn + 3 * j, t2);
        for (int i = 0; i < 3; i++) dw[i + 3 * j] = t1[i] + t2[i];
    }
    cd_conn_add_jrtv(c, 0, k->w, l1, K);
    cd_conn_add_jrtv(c, 1, k->w, -l1, K);
    cd_conn_add_jrtx(c, 0, dw, l1, K);
    cd_conn_add_jrtx(c, 1, dw, -l1, K);
}

/* the exact derivatives (cd_conn_dd, cd_conn_dvec, cd_conn_domega) of both rows */
static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    const params *p = c->item->p;
    int nq = c->item->nq, i2 = c->index2;
    pkin k;
    if (!cd_conn_frames_diff_ok(c)) return CD_JAC_NUMERICAL;
    k.work = cd_conn_work(c);
    double **const m[6] = {&k.dd, &k.dvd, &k.W0, &k.W1, &k.dn, &k.da};
    cd_work_take_mats(&k.work, nq, m, 6);
    double l0 = c->lam[0], l1 = p->constrainRotation ? c->lam[1] : 0.0;
    cd_matvec(c->md[1].A, p->normalMarker1.x, k.n1);
    cd_matvec(c->md[0].A, p->axisMarker0.x, k.a0);
    for (int i = 0; i < 3; i++) {
        k.d[i] = c->md[1].pos[i] - c->md[0].pos[i];
        k.vd[i] = c->md[1].vel[i] - c->md[0].vel[i];
    }
    cd_cross(k.n1, k.d, k.nd);
    cd_cross(k.a0, k.n1, k.w);
    cd_cross(c->md[1].omega, k.n1, k.w1n);
    cd_conn_dd(c, k.dd, i2 ? k.dvd : NULL);
    if (i2) {
        cd_conn_domega(c, 0, k.W0);
        cd_conn_domega(c, 1, k.W1);
    }
    cd_conn_dvec(c, 1, p->normalMarker1.x, k.dn);
    cd_conn_dvec(c, 0, p->axisMarker0.x, k.da);
    memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    memset(Cq, 0, sizeof(double) * (size_t)(2 * nq));
    memset(Gq, 0, sizeof(double) * (size_t)(2 * nq));
    memset(Gv, 0, sizeof(double) * (size_t)(2 * nq));
    row0(c, &k, l0, K, Cq, Gq, Gv);
    if (p->constrainRotation) row1(c, &k, l1, K, Cq, Gq, Gv);
    return CD_OK;
}

/* A0^T A1 (the relative rotation R) and A0^T (p1 - p0) (the relative position dl) */
static void relative(const cd_objctx *c, double R[9], double dl[3])
{
    double d[3];
    for (int i = 0; i < 3; i++) d[i] = c->md[1].pos[i] - c->md[0].pos[i];
    cd_mattvec(c->md[0].A, d, dl);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            R[3 * i + j] = c->md[0].A[i] * c->md[1].A[j] + c->md[0].A[3 + i] * c->md[1].A[3 + j] +
                           c->md[0].A[6 + i] * c->md[1].A[6 + j];
}

/* as Exudyn 1.13's: Position and Velocity of marker 0; in marker 0's frame the displacement
 * dl = A0^T (p1 - p0), Distance = axisMarker0 . dl, Rotation = atan2(R_10, R_00) of
 * R = A0^T A1, ForceLocal = lambda0 A0^T n1 (the force along n1 = A1 normalMarker1); the
 * homogeneous transformations of marker 0's frame and of marker 1's frame relative to it */
static int output(const cd_objctx *c, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    double R[9], dl[3], n1[3];
    relative(c, R, dl);
    switch (var) {
    case CD_OV_POSITION: memcpy(out, c->md[0].pos, 3 * sizeof(double)); return 3;
    case CD_OV_VELOCITY: memcpy(out, c->md[0].vel, 3 * sizeof(double)); return 3;
    case CD_OV_FORCE: out[0] = c->lam[0]; out[1] = c->lam[1]; return 2;
    case CD_OV_DISPLACEMENTLOCAL: memcpy(out, dl, 3 * sizeof(double)); return 3;
    case CD_OV_DISTANCE: out[0] = cd_dot(p->axisMarker0.x, dl); return 1;
    case CD_OV_ROTATION: out[0] = atan2(R[3], R[0]); return 1;
    case CD_OV_FORCELOCAL:
        cd_matvec(R, p->normalMarker1.x, n1);
        for (int i = 0; i < 3; i++) out[i] = c->lam[0] * n1[i];
        return 3;
    case CD_OV_HOMOGENEOUSTRANSFORMATION: return cd_rot_homogeneous(c->md[0].A, c->md[0].pos, out);
    case CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL: return cd_rot_homogeneous(R, dl, out);
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    for (int k = 0; k < 2; k++) {
        const cd_item *mk = &s->list[CD_MARKER].items[p->h.markerNumbers.x[k]];
        if (!(mk->type->marker->flags & CD_MKF_ORIENTATION))
            return cd_error_set(err, CD_ERR_INPUT,
                                "ObjectJointPrismatic2D %d: parameter 'markerNumbers' entry %d "
                                "refers to marker %d of type %s, which provides no orientation; "
                                "use MarkerBodyRigid or MarkerNodeRigid", index, k,
                                p->h.markerNumbers.x[k], mk->type->name);
    }
    double na = sqrt(cd_dot(p->axisMarker0.x, p->axisMarker0.x));
    double nn = sqrt(cd_dot(p->normalMarker1.x, p->normalMarker1.x));
    if (!(na > 0) || !(nn > 0))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectJointPrismatic2D %d: parameter '%s' must "
                            "not be zero", index, na > 0 ? "normalMarker1" : "axisMarker0");
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_CONNECTOR | CD_OBJF_CONSTRAINT | CD_OBJF_POSITIONAL, .nmarkers = 2,
    .markers = cd_conn_markers, .nae = nae, .mass_const = 1, .residual = residual,
    .scratch = cd_conn_scratch, .jacobian = jacobian, .output = output,
    .lambda_row = lambda_row, .active = active};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_FORCE,
                                    CD_OV_DISPLACEMENTLOCAL, CD_OV_DISTANCE, CD_OV_ROTATION,
                                    CD_OV_FORCELOCAL, CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_HOMOGENEOUSTRANSFORMATIONLOCAL, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_CONN_NAME_FIELD("joint"),
    CD_CONN_MARKERS_FIELD("two markers with orientation [m0, m1] (MarkerBodyRigid)"),
    {"axisMarker0", CD_FT_VEC, 3, OFF(axisMarker0), "1 0 0", 0, 0, "",
     "sliding axis in marker 0's frame", NULL},
    {"normalMarker1", CD_FT_VEC, 3, OFF(normalMarker1), "0 1 0", 0, 0, "",
     "normal to the axis in marker 1's frame", NULL},
    {"constrainRotation", CD_FT_BOOL, 0, OFF(constrainRotation), "1", 0, 0, "",
     "True: the bodies keep their relative rotation (axis stays normal to normalMarker1)", NULL},
    CD_CONN_ACTIVE_FIELD(params, CD_CONN_OFF_JOINT)};

const cd_itemtype cd_type_ObjectJointPrismatic2D = {
    .kind = CD_OBJECT, .name = "ObjectJointPrismatic2D", .typename_ = "JointPrismatic2D",
    .alias = "PrismaticJoint2D",
    .doc = "A prismatic joint in the x-y plane: marker 1 slides along axisMarker0 of marker 0 "
           "(analytic Jacobian).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
