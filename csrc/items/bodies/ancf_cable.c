/* ObjectANCFCable: the 3D ANCF cable element of Exudyn (axial strain and bending, no torsion)
 * on two NodePointSlope1 nodes; the 3D counterpart of ObjectANCFCable2D. What the two share
 * (kinematics, element forces and their Jacobian, mass, outputs) is in ancf_common.c
 * (cd_ancf.h); here are the curvature vector and the type.
 *
 * q = [r0, r0', r1, r1'] (12 total coordinates, local index k = 3 j + i).
 * Curvature vector K = (r' x r'') / |r'|^2 (3 components, each a strain measure of its own);
 * M = EI (K - K_ref) + d_K K_t with K_ref = f K(q_ref), f = strainIsRelativeToReference. */
#include "cd_ancf.h"

typedef struct { cd_p_ancf a; } params;

#define NQ 12

/* (e_i x e_j)_c: the Levi-Civita symbol */
static double levi(int i, int j, int c)
{
    if (i == j || j == c || i == c) return 0.0;
    return ((j - i + 3) % 3 == 1) ? 1.0 : -1.0;
}

/* component c of the curvature vector K = (a x b) / (a.a), gradient g and Hessian H */
static double curvature(int c, const double Sx[4], const double Sxx[4], const double *q,
                        double *g, double *H)
{
    double a[3], b[3], df[NQ], dh[NQ];
    cd_ancf_map(3, Sx, q, a);
    cd_ancf_map(3, Sxx, q, b);
    int c1 = (c + 1) % 3, c2 = (c + 2) % 3;
    double f = a[c1] * b[c2] - a[c2] * b[c1], h = a[0] * a[0] + a[1] * a[1] + a[2] * a[2];
    for (int k = 0; k < NQ; k++) {
        int j = k / 3, i = k % 3;
        /* (e_i x b)_c Sx_j + (a x e_i)_c Sxx_j */
        df[k] = 0.0;
        for (int m = 0; m < 3; m++)
            df[k] += levi(i, m, c) * (Sx[j] * b[m] - Sxx[j] * a[m]);
        dh[k] = 2.0 * Sx[j] * a[i];
        g[k] = df[k] / h - f * dh[k] / (h * h);
    }
    if (H) {
        double h2 = h * h, h3 = h2 * h;
        for (int l = 0; l < NQ; l++)
            for (int k = 0; k < NQ; k++) {
                int ik = k % 3, il = l % 3, jk = k / 3, jl = l / 3;
                double d2f = levi(ik, il, c) * (Sx[jk] * Sxx[jl] - Sx[jl] * Sxx[jk]);
                double d2h = (ik == il) ? 2.0 * Sx[jk] * Sx[jl] : 0.0;
                H[k + NQ * l] = d2f / h - (df[k] * dh[l] + df[l] * dh[k]) / h2 - f * d2h / h2 +
                                2.0 * f * dh[k] * dh[l] / h3;
            }
    }
    return f / h;
}

static double ref_curvature(const void *p, int c)
{
    (void)p; (void)c;
    return 0.0;
}

const cd_ancf_desc cd_ancf_cable_desc = {
    .dim = 3, .ncurv = 3, .name = "ObjectANCFCable", .node = &cd_type_NodePointSlope1,
    .curvature = curvature, .ref_curvature = ref_curvature};

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    return cd_ancf_check(&cd_ancf_cable_desc, s, index, vp, err);
}

static const cd_objectops ops = {CD_ANCF_OPS};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_DIRECTOR1, CD_OV_STRAINLOCAL,
                                    CD_OV_CURVATURELOCAL, CD_OV_FORCELOCAL, CD_OV_TORQUELOCAL,
                                    CD_OV_NONE};

static const cd_field fields[] = {
    CD_ANCF_FIELDS_HEAD("bending stiffness EI; bending moment M = EI (K - K_ref), K the "
                        "curvature vector"),
    CD_ANCF_FIELDS_TAIL("factor f: eps_ref = eps_0 + f eps(q_ref), K_ref = f K(q_ref); 1: the "
                        "reference configuration is stress-free",
                        "the two NodePointSlope1 nodes of the element")};

const cd_itemtype cd_type_ObjectANCFCable = {
    .kind = CD_OBJECT, .name = "ObjectANCFCable", .typename_ = "ANCFCable", .alias = "Cable",
    .doc = "A 3D ANCF cable element (axial strain and bending, no torsion; cubic Hermite "
           "interpolation) on two NodePointSlope1 nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
