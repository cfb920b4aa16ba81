/* ObjectANCFCable2D: the planar ANCF cable element (Bernoulli-Euler, axial strain and
 * curvature) of Exudyn, on two NodePoint2DSlope1 nodes. What it shares with the 3D cable
 * (kinematics, element forces and their Jacobian, mass, outputs) is in ancf_common.c
 * (cd_ancf.h); here are the frame of an axis point (MarkerBodyRigid) and the type.
 *
 * q = [r0, r0', r1, r1'] (8 total coordinates, local index k = 2 j + i).
 * Curvature: K = (r' x r'') / |r'|^2 (material measure, scalar); bending moment
 * M = EI (K - K_ref) + d_K K_t with K_ref = referenceCurvature + f K(q_ref). */
#include "cd_ancf.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_p_ancf a;
    double referenceCurvature;
} params;

#define NQ 8

/* The frame of the axis point x = lp[0] (MarkerBodyRigid, MarkerBodyPosition): with the
 * slope a = r'(x) = Sx q, h = a.a and its rate a_t = Sx v,
 *   pos = S q, vel = S v, J = S (constant, Jdot_v = 0),
 *   A = Rz(phi), phi = atan2(a_y, a_x) (A = [t, n], t = a / |a|),
 *   omega_z = (a_x a_y,t - a_y a_x,t) / h,  Jrot row z = dphi/dq = Sx_j p_i / h, p = (-a_y, a_x)
 * for coordinate k = 2 j + i. Derivative data (cable_md in md->dwork): d(A xl)/dq =
 * (dA/dphi xl) dphi/dq; d(Jrot^T t)/dq = t_z d2phi/dq2 with
 *   d2phi/dq_k dq_l = Sx_jk Sx_jl (dp_ik/da_il / h - 2 p_ik a_il / h^2),
 * d omega_z/dq_l = Sx_jl (dp_il/da . a_t - 2 omega_z a_il) / h (dp/da_x = (0, 1),
 * dp/da_y = (-1, 0)). */
typedef struct { double Sx[4], a[2], at[2]; } cable_md;
#define CABLE_MD_DSIZE ((int)(sizeof(cable_md) / sizeof(double)))

static const cable_md *cmd(const cd_markerdata *md)
{
    return (const cable_md *)(const void *)md->dwork;
}

/* dphi/dq_k, the perpendicular p = (-a_y, a_x) and h */
static double dphi(const cable_md *d, int k)
{
    double h = d->a[0] * d->a[0] + d->a[1] * d->a[1];
    return d->Sx[k / 2] * (k % 2 == 0 ? -d->a[1] : d->a[0]) / h;
}

/* dp_i/da_m: dp_x/da_y = -1, dp_y/da_x = 1 */
static double dp(int i, int m) { return i == m ? 0.0 : (i == 0 ? -1.0 : 1.0); }

static void jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    (void)md; (void)v; (void)K;   /* J = S does not depend on q */
}

static void jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    const cable_md *d = cmd(md);
    double h = d->a[0] * d->a[0] + d->a[1] * d->a[1];
    double p[2] = {-d->a[1], d->a[0]};
    for (int l = 0; l < NQ; l++)
        for (int k = 0; k < NQ; k++) {
            int ik = k % 2, il = l % 2;
            double H = d->Sx[k / 2] * d->Sx[l / 2] *
                       (dp(ik, il) / h - 2.0 * p[ik] * d->a[il] / (h * h));
            K[(o + k) + ld * (o + l)] += t[2] * H;
        }
}

/* G (3 x 8) = u dphi/dq */
static void outer_dphi(const cd_markerdata *md, const double u[3], double *G)
{
    for (int k = 0; k < NQ; k++) {
        double gk = dphi(cmd(md), k);
        for (int i = 0; i < 3; i++) G[i + 3 * k] = u[i] * gk;
    }
}

/* dA/dphi = [-s -c 0; c -s 0; 0 0 0] (row-major) from A */
static void dA_dphi(const cd_markerdata *md, double dA[9])
{
    double c = md->A[0], s = md->A[3];
    double m[9] = {-s, -c, 0, c, -s, 0, 0, 0, 0};
    memcpy(dA, m, sizeof m);
}

static void dvec(const cd_markerdata *md, const double xl[3], double *G)
{
    double dA[9], u[3];
    dA_dphi(md, dA);
    for (int i = 0; i < 3; i++)
        u[i] = dA[3 * i] * xl[0] + dA[3 * i + 1] * xl[1] + dA[3 * i + 2] * xl[2];
    outer_dphi(md, u, G);
}

static void dAt(const cd_markerdata *md, const double y[3], double *G)
{
    double dA[9], u[3];
    dA_dphi(md, dA);
    for (int i = 0; i < 3; i++) u[i] = dA[i] * y[0] + dA[3 + i] * y[1] + dA[6 + i] * y[2];
    outer_dphi(md, u, G);
}

static void dpos(const cd_markerdata *md, double *G)
{
    memcpy(G, md->J, sizeof(double) * 3 * NQ);
}

static void dvel(const cd_markerdata *md, double *G)
{
    (void)md;
    memset(G, 0, sizeof(double) * 3 * NQ);
}

static void domega(const cd_markerdata *md, double *G)
{
    const cable_md *d = cmd(md);
    double h = d->a[0] * d->a[0] + d->a[1] * d->a[1];
    memset(G, 0, sizeof(double) * 3 * NQ);
    for (int l = 0; l < NQ; l++) {
        int il = l % 2;
        double dpat = dp(0, il) * d->at[0] + dp(1, il) * d->at[1];
        G[2 + 3 * l] = d->Sx[l / 2] * (dpat - 2.0 * md->omega[2] * d->a[il]) / h;
    }
}

static const cd_markerderiv cable_deriv = {.jtv_dq = jtv_dq, .jrtv_dq = jrtv_dq, .dvec = dvec,
                                           .dAt = dAt, .dpos = dpos, .dvel = dvel,
                                           .domega = domega};

static int marker_dsize(const void *p)
{
    (void)p;
    return CABLE_MD_DSIZE;
}

static void frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                  const double *v, cd_markerdata *md)
{
    const params *p = it->p;
    double Sx[4], qt[NQ], a[2], at[2];
    cd_ancf_body_position(s, it, lp, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
    for (int i = 0; i < 3; i++) md->Jdot_v[i] = md->r[i] = 0.0;
    for (int k = 0; k < NQ; k++) qt[k] = s->qref[it->ltg[k]] + q[k];
    cd_ancf_shape(lp[0], p->a.length, NULL, Sx, NULL);
    cd_ancf_map(2, Sx, qt, a);
    cd_ancf_map(2, Sx, v, at);
    double h = a[0] * a[0] + a[1] * a[1], n = sqrt(h), c = a[0] / n, sn = a[1] / n;
    double A[9] = {c, -sn, 0, sn, c, 0, 0, 0, 1};
    md->rigid = 1;
    memcpy(md->A, A, sizeof A);
    md->omega[0] = md->omega[1] = 0.0;
    md->omega[2] = (a[0] * at[1] - a[1] * at[0]) / h;
    for (int k = 0; k < NQ; k++) {
        md->Jrot[3 * k] = md->Jrot[3 * k + 1] = 0.0;
        md->Jrot[3 * k + 2] = Sx[k / 2] * (k % 2 == 0 ? -a[1] : a[0]) / h;
    }
    if (md->want_d) {
        cable_md *d = (cable_md *)(void *)md->dwork;
        memcpy(d->Sx, Sx, sizeof d->Sx);
        memcpy(d->a, a, sizeof d->a);
        memcpy(d->at, at, sizeof d->at);
        md->deriv = &cable_deriv;
    }
}

static double ref_curvature(const void *p, int cc)
{
    (void)cc;
    return ((const params *)p)->referenceCurvature;
}

const cd_ancf_desc cd_ancf_cable2d_desc = {
    .dim = 2, .ncurv = 1, .name = "ObjectANCFCable2D", .node = &cd_type_NodePoint2DSlope1,
    .ref_curvature = ref_curvature};

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    return cd_ancf_check(&cd_ancf_cable2d_desc, s, index, vp, err);
}

static const cd_objectops ops = {CD_ANCF_OPS, .body_frame = frame, .marker_dsize = marker_dsize};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ROTATION, CD_OV_DIRECTOR1,
                                    CD_OV_STRAINLOCAL, CD_OV_CURVATURELOCAL, CD_OV_FORCELOCAL,
                                    CD_OV_TORQUELOCAL, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ROTATIONMATRIX, CD_OV_VELOCITYLOCAL,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_ANGULARACCELERATION,
                                    CD_OV_NONE};

static const cd_field fields[] = {
    CD_ANCF_FIELDS_HEAD("bending stiffness EI; bending moment M = EI (K - K_ref)"),
    CD_ANCF_REAL(referenceCurvature, offsetof(params, referenceCurvature), "0", 0, "1/m",
                 "reference (pre-)curvature K_0 of the axis"),
    CD_ANCF_FIELDS_TAIL("factor f: eps_ref = eps_0 + f eps(q_ref), K_ref = K_0 + f K(q_ref); 1: "
                        "the reference configuration is stress-free",
                        "the two NodePoint2DSlope1 nodes of the element"),
    CD_BODY_ALIAS_FIELD("physicsReferenceCurvature", CD_FT_REAL, 0, "1/m",
                        "referenceCurvature"),
    CD_ANCF_USERFUNC_FIELDS};

const cd_itemtype cd_type_ObjectANCFCable2D = {
    .kind = CD_OBJECT, .name = "ObjectANCFCable2D", .typename_ = "ANCFCable2D",
    .alias = "Cable2D",
    .doc = "A planar ANCF cable element (Bernoulli-Euler: axial strain and curvature, cubic "
           "Hermite interpolation) on two NodePoint2DSlope1 nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
