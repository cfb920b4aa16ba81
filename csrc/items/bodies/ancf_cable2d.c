/* ObjectANCFCable2D: the planar ANCF cable element (Bernoulli-Euler, axial strain and
 * curvature) of Exudyn, on two NodePoint2DSlope1 nodes. What it shares with the 3D cable
 * (kinematics, element forces and their Jacobian, mass, outputs) is in ancf_common.c
 * (cd_ancf.h); here are the planar curvature and the type.
 *
 * q = [r0, r0', r1, r1'] (8 total coordinates, local index k = 2 j + i).
 * Curvature: K = (r' x r'') / |r'|^2 (material measure, scalar); bending moment
 * M = EI (K - K_ref) + d_K K_t with K_ref = referenceCurvature + f K(q_ref). */
#include "cd_ancf.h"
#include <string.h>

typedef struct {
    cd_p_ancf a;
    double referenceCurvature;
} params;

#define NQ 8

/* curvature at a point: K, gradient g (8), Hessian H (8x8, may be NULL); with f = a x b,
 * h = a.a (a = r', b = r''): K = f / h */
static double curvature(int cc, const double Sx[4], const double Sxx[4], const double *q,
                        double *g, double *H)
{
    double a[2], b[2], df[NQ], dh[NQ];
    (void)cc;
    cd_ancf_map(2, Sx, q, a);
    cd_ancf_map(2, Sxx, q, b);
    double f = a[0] * b[1] - a[1] * b[0], h = a[0] * a[0] + a[1] * a[1];
    for (int k = 0; k < NQ; k++) {
        int j = k / 2;
        df[k] = (k % 2 == 0) ? Sx[j] * b[1] - Sxx[j] * a[1] : -Sx[j] * b[0] + Sxx[j] * a[0];
        dh[k] = 2.0 * Sx[j] * a[k % 2];
        g[k] = df[k] / h - f * dh[k] / (h * h);
    }
    if (H) {
        double h2 = h * h, h3 = h2 * h;
        for (int l = 0; l < NQ; l++)
            for (int k = 0; k < NQ; k++) {
                int ik = k % 2, il = l % 2, jk = k / 2, jl = l / 2;
                /* d2f: (e_ik x e_il) (Sx_jk Sxx_jl - Sx_jl Sxx_jk) */
                double cr = (ik == il) ? 0.0 : (ik == 0 ? 1.0 : -1.0);
                double d2f = cr * (Sx[jk] * Sxx[jl] - Sx[jl] * Sxx[jk]);
                double d2h = (ik == il) ? 2.0 * Sx[jk] * Sx[jl] : 0.0;
                H[k + NQ * l] = d2f / h - (df[k] * dh[l] + df[l] * dh[k]) / h2 - f * d2h / h2 +
                                2.0 * f * dh[k] * dh[l] / h3;
            }
    }
    return f / h;
}

static double ref_curvature(const void *p, int cc)
{
    (void)cc;
    return ((const params *)p)->referenceCurvature;
}

const cd_ancf_desc cd_ancf_cable2d_desc = {
    .dim = 2, .ncurv = 1, .name = "ObjectANCFCable2D", .node = &cd_type_NodePoint2DSlope1,
    .curvature = curvature, .ref_curvature = ref_curvature};

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    return cd_ancf_check(&cd_ancf_cable2d_desc, s, index, vp, err);
}

static const cd_objectops ops = {CD_ANCF_OPS};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ROTATION, CD_OV_DIRECTOR1,
                                    CD_OV_STRAINLOCAL, CD_OV_CURVATURELOCAL, CD_OV_FORCELOCAL,
                                    CD_OV_TORQUELOCAL, CD_OV_NONE};

static const cd_field fields[] = {
    CD_ANCF_FIELDS_HEAD("bending stiffness EI; bending moment M = EI (K - K_ref)"),
    CD_ANCF_REAL(referenceCurvature, offsetof(params, referenceCurvature), "0", 0, "1/m",
                 "reference (pre-)curvature K_0 of the axis"),
    CD_ANCF_FIELDS_TAIL("factor f: eps_ref = eps_0 + f eps(q_ref), K_ref = K_0 + f K(q_ref); 1: "
                        "the reference configuration is stress-free",
                        "the two NodePoint2DSlope1 nodes of the element"),
    CD_BODY_ALIAS_FIELD("physicsReferenceCurvature", CD_FT_REAL, 0, "1/m",
                        "referenceCurvature")};

const cd_itemtype cd_type_ObjectANCFCable2D = {
    .kind = CD_OBJECT, .name = "ObjectANCFCable2D", .typename_ = "ANCFCable2D",
    .alias = "Cable2D",
    .doc = "A planar ANCF cable element (Bernoulli-Euler: axial strain and curvature, cubic "
           "Hermite interpolation) on two NodePoint2DSlope1 nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
