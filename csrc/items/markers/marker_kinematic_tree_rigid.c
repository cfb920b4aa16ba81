/* MarkerKinematicTreeRigid: the frame of a link-fixed point (localPosition, link coordinates)
 * of link linkNumber of an ObjectKinematicTree: position, orientation, velocities and the
 * Jacobians with respect to all the tree's coordinates, for loads, connectors and joints.
 *
 * Along the path from the root to the link (joint axes a_f, origins o_f), the Jacobian column of
 * joint f is a_f x (p - o_f), a_f (revolute) or a_f, 0 (prismatic); every other column is zero.
 * Their derivatives, supplied to analytic connector Jacobians, follow from
 *   d a_e/dq_f = a_f x a_e,  d o_e/dq_f = a_f x (o_e - o_f)  (f revolute, before e on the path)
 *   d o_e/dq_f = a_f                                        (f prismatic, before e)
 *   d p/dq_f = J_f,  d(A x)/dq_f = a_f x (A x)              (f revolute, any f on the path) */
#include "cd_markers.h"
#include "../bodies/cd_kintree.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_markerbase b;        /* objectNumber: the ObjectKinematicTree */
    int linkNumber;
    cd_vec localPosition;     /* 3, link coordinates */
    cd_mat localHT;           /* 4 x 4: the marker frame in the link frame (translation: the
                                 position, used when localPosition is zero) */
} params;

/* the marker's position lp and rotation R (row-major) in the link frame */
static void local_frame(const params *p, double lp[3], double R[9])
{
    const double *H = p->localHT.x, *x = p->localPosition.x;
    int given = x[0] != 0.0 || x[1] != 0.0 || x[2] != 0.0;
    for (int r = 0; r < 3; r++) {
        lp[r] = given ? x[r] : H[4 * r + 3];
        for (int k = 0; k < 3; k++) R[3 * r + k] = H[4 * r + k];
    }
}

static int nchain(const cd_markerdata *md) { return (int)md->dwork[0]; }
static const double *entry(const cd_markerdata *md, int e)
{
    return md->dwork + 1 + CD_KT_CHAIN_STRIDE * e;
}

/* da = d a_e/dq_f and dor = d o_e/dq_f for path entries e, f */
static void daxis(const cd_markerdata *md, int e, int f, double da[3], double dor[3])
{
    const double *E = entry(md, e), *F = entry(md, f);
    double d[3];
    memset(da, 0, sizeof(double) * 3);
    memset(dor, 0, sizeof(double) * 3);
    if (f >= e) return;
    if (F[1] != 0.0) {
        cd_cross(F + 2, E + 2, da);
        for (int j = 0; j < 3; j++) d[j] = E[5 + j] - F[5 + j];
        cd_cross(F + 2, d, dor);
    } else {
        memcpy(dor, F + 2, sizeof(double) * 3);
    }
}

/* column of path entry f of J: d p/dq_f */
static void jcol(const cd_markerdata *md, int f, double c[3])
{
    const double *F = entry(md, f);
    double d[3];
    if (F[1] != 0.0) {
        for (int j = 0; j < 3; j++) d[j] = md->pos[j] - F[5 + j];
        cd_cross(F + 2, d, c);
    } else {
        memcpy(c, F + 2, sizeof(double) * 3);
    }
}

/* dJ = d J_e/dq_f and dJr = d Jrot_e/dq_f */
static void dcols(const cd_markerdata *md, int e, int f, double dJ[3], double dJr[3])
{
    const double *E = entry(md, e);
    double da[3], dor[3], dp[3], d[3], t[3];
    daxis(md, e, f, da, dor);
    if (E[1] == 0.0) {
        memcpy(dJ, da, sizeof(double) * 3);
        memset(dJr, 0, sizeof(double) * 3);
        return;
    }
    jcol(md, f, dp);
    for (int j = 0; j < 3; j++) d[j] = md->pos[j] - E[5 + j];
    cd_cross(da, d, dJ);
    for (int j = 0; j < 3; j++) d[j] = dp[j] - dor[j];
    cd_cross(E + 2, d, t);
    for (int j = 0; j < 3; j++) dJ[j] += t[j];
    memcpy(dJr, da, sizeof(double) * 3);
}

static void jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    int m = nchain(md), n = md->n;
    for (int e = 0; e < m; e++)
        for (int f = 0; f < m; f++) {
            double dJ[3], dJr[3];
            dcols(md, e, f, dJ, dJr);
            K[(int)entry(md, e)[0] + n * (int)entry(md, f)[0]] += cd_dot(v, dJ);
        }
}

static void jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    int m = nchain(md);
    for (int e = 0; e < m; e++)
        for (int f = 0; f < m; f++) {
            double dJ[3], dJr[3];
            dcols(md, e, f, dJ, dJr);
            K[o + (int)entry(md, e)[0] + ld * (o + (int)entry(md, f)[0])] += cd_dot(t, dJr);
        }
}

/* G (3 x n) = d(A xl)/dq: a_f x (A xl) for revolute f on the path */
static void dvec(const cd_markerdata *md, const double xl[3], double *G)
{
    double y[3];
    cd_matvec(md->A, xl, y);
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int f = 0; f < nchain(md); f++) {
        const double *F = entry(md, f);
        if (F[1] != 0.0) cd_cross(F + 2, y, G + 3 * (int)F[0]);
    }
}

/* G (3 x n) = d(A^T y)/dq = -A^T (a_f x y) for revolute f on the path */
static void dAt(const cd_markerdata *md, const double y[3], double *G)
{
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int f = 0; f < nchain(md); f++) {
        const double *F = entry(md, f);
        double t[3];
        if (F[1] == 0.0) continue;
        cd_cross(F + 2, y, t);
        cd_mattvec(md->A, t, G + 3 * (int)F[0]);
        for (int j = 0; j < 3; j++) G[3 * (int)F[0] + j] = -G[3 * (int)F[0] + j];
    }
}

static void dpos(const cd_markerdata *md, double *G)
{
    memcpy(G, md->J, sizeof(double) * 3 * (size_t)md->n);
}

/* G = d(J q_t)/dq or d(Jrot q_t)/dq (rot) */
static void dvelocity(const cd_markerdata *md, int rot, double *G)
{
    int m = nchain(md);
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int f = 0; f < m; f++) {
        double *g = G + 3 * (int)entry(md, f)[0];
        for (int e = 0; e < m; e++) {
            double dJ[3], dJr[3], qd = entry(md, e)[8];
            dcols(md, e, f, dJ, dJr);
            for (int j = 0; j < 3; j++) g[j] += (rot ? dJr[j] : dJ[j]) * qd;
        }
    }
}

static void dvel(const cd_markerdata *md, double *G) { dvelocity(md, 0, G); }
static void domega(const cd_markerdata *md, double *G) { dvelocity(md, 1, G); }

static const cd_markerderiv deriv = {.jtv_dq = jtv_dq, .jrtv_dq = jrtv_dq, .dvec = dvec,
                                     .dAt = dAt, .dpos = dpos, .dvel = dvel, .domega = domega};

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    cd_kt_frame f;
    double o[3] = {0, 0, 0}, lp[3], R[9];
    local_frame(p, lp, R);
    cd_kt_frame_eval(s, ob, p->linkNumber, lp, q, v, NULL, 0, &f, md->J, md->Jrot, md->dwork);
    memcpy(md->pos, f.pos, sizeof f.pos);
    memcpy(md->vel, f.vel, sizeof f.vel);
    memcpy(md->Jdot_v, f.acc, sizeof f.acc);   /* the acceleration at q_tt = 0 */
    cd_matmul(f.A, R, md->A);                  /* the link's rotation, turned by localHT */
    memcpy(md->omega, f.omega, sizeof f.omega);
    cd_matvec(f.A, lp, o);
    memcpy(md->r, o, sizeof o);                /* from the link frame's origin */
    md->rigid = 1;
    md->Jconst = 0;
    md->deriv = md->dwork ? &deriv : NULL;   /* the derivative data live in dwork */
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (ob->type != &cd_type_ObjectKinematicTree)
        return cd_error_set(err, CD_ERR_INPUT, "MarkerKinematicTreeRigid %d: parameter "
                            "'objectNumber' refers to object %d of type %s; it must be an "
                            "ObjectKinematicTree", index, p->b.number, ob->type->name);
    int n = cd_kt_nlinks(ob->p);
    if (p->linkNumber < 0 || p->linkNumber >= n)
        return cd_error_set(err, CD_ERR_INPUT, "MarkerKinematicTreeRigid %d: parameter "
                            "'linkNumber' is %d; ObjectKinematicTree %d has links 0 .. %d",
                            index, p->linkNumber, p->b.number, n - 1);
    const double *H = p->localHT.x, *x = p->localPosition.x;
    double e = 0;
    if (p->localHT.rows != 4 || p->localHT.cols != 4)
        return cd_error_set(err, CD_ERR_INPUT, "MarkerKinematicTreeRigid %d: parameter 'localHT' "
                            "must be a 4x4 homogeneous transformation, got %d x %d", index,
                            p->localHT.rows, p->localHT.cols);
    for (int r = 0; r < 3; r++)   /* R^T R = I, last row [0, 0, 0, 1] */
        for (int k = 0; k < 3; k++) {
            double d = (r == k) ? -1.0 : 0.0;
            for (int j = 0; j < 3; j++) d += H[4 * j + r] * H[4 * j + k];
            e = fabs(d) > e ? fabs(d) : e;
        }
    if (e > 1e-10 || H[12] != 0.0 || H[13] != 0.0 || H[14] != 0.0 || H[15] != 1.0)
        return cd_error_set(err, CD_ERR_INPUT, "MarkerKinematicTreeRigid %d: parameter 'localHT' "
                            "is not a homogeneous transformation (orthonormal rotation, last row "
                            "[0, 0, 0, 1])", index);
    if ((x[0] != 0.0 || x[1] != 0.0 || x[2] != 0.0) &&
        (H[3] != 0.0 || H[7] != 0.0 || H[11] != 0.0) &&
        (fabs(H[3] - x[0]) > 1e-14 || fabs(H[7] - x[1]) > 1e-14 || fabs(H[11] - x[2]) > 1e-14))
        return cd_error_set(err, CD_ERR_INPUT, "MarkerKinematicTreeRigid %d: parameters "
                            "'localPosition' and 'localHT' give different positions (give one "
                            "of them)", index);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_ORIENTATION, .on_body = 1,
                                 .base = cd_marker_base, .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD,
    {"objectNumber", CD_FT_INDEX, 0, offsetof(params, b.number), NULL, 0, CD_OBJECT, "",
     "the ObjectKinematicTree", NULL},
    {"linkNumber", CD_FT_INT, 0, offsetof(params, linkNumber), NULL, 0, 0, "",
     "link of the tree the marker sits on (0 .. n-1)", NULL},
    {"localPosition", CD_FT_VEC, 3, offsetof(params, localPosition), "0 0 0", 0, 0, "m",
     "position of the marker in the link's frame", NULL},
    {"localHT", CD_FT_MAT, 4, offsetof(params, localHT),
     "1 0 0 0  0 1 0 0  0 0 1 0  0 0 0 1", 0, 0, "",
     "the marker frame in the link frame (4x4): its rotation turns the marker against the "
     "link; its translation is the position when localPosition is zero (else they must agree)",
     NULL}};

const cd_itemtype cd_type_MarkerKinematicTreeRigid = {
    .kind = CD_MARKER, .name = "MarkerKinematicTreeRigid", .typename_ = "KinematicTreeRigid",
    .doc = "A link-fixed frame (position and orientation) at localPosition of link linkNumber "
           "of an ObjectKinematicTree, for loads, connectors and joints.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
