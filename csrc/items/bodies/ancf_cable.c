/* ObjectANCFCable: the 3D ANCF cable element of Exudyn (axial strain and bending, no torsion)
 * on two NodePointSlope1 nodes; the 3D counterpart of ObjectANCFCable2D (ancf_cable2d.c).
 *
 * r(x) = S(x) q, q = [r0, r0', r1, r1'] (12 total coordinates, local index k = 3 j + i for
 * shape function j and component i), the Hermite functions of cd_ancf.h.
 * Strains: eps = |r'| - 1 and the curvature vector K = (r' x r'') / |r'|^2 (3 components).
 * N = EA (eps - eps_ref) + d_eps eps_t, M = EI (K - K_ref) + d_K K_t (vector) with
 * eps_ref = referenceAxialStrain + f eps(q_ref), K_ref = f K(q_ref), f =
 * strainIsRelativeToReference; forces Q = int (N d eps/dq + M . dK/dq) dx with the rules of
 * ObjectANCFCable2D. Every strain measure s (eps and the three K_c) adds, with its gradient g
 * and Hessian H, w sigma g to Q, w [(E g + d H v) g^T + sigma H] to dQ/dq and w d g g^T to
 * dQ/dv, sigma = E (s - s_ref) + d g.v (analytic Jacobian); the geometric stiffness is
 * sum w E (s - s_ref) H. Mass: rhoA int S^T S dx (constant). */
#include "cd_bodies.h"
#include "cd_ancf.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_common c;
    double length, massPerLength, bendingStiffness, axialStiffness, bendingDamping,
        axialDamping, referenceAxialStrain, strainIsRelativeToReference;
    cd_ivec nodeNumbers;
    int useReducedOrderIntegration;
} params;

#define OFF(f) offsetof(params, f)
#define NQ 12

static void map3(const double Sv[4], const double *q, double out[3])
{
    out[0] = out[1] = out[2] = 0.0;
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 3; i++) out[i] += Sv[j] * q[3 * j + i];
}

static void total_coordinates(const cd_objctx *c, double *qt, double *qr)
{
    for (int k = 0; k < NQ; k++) {
        qr[k] = c->sys->qref[c->item->ltg[k]];
        qt[k] = qr[k] + c->q[k];
    }
}

static double axial_strain(const double Sx[4], const double *q, double *g, double *H)
{
    double a[3];
    map3(Sx, q, a);
    double n = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
    for (int k = 0; k < NQ; k++) g[k] = Sx[k / 3] * a[k % 3] / n;
    if (H)
        for (int l = 0; l < NQ; l++)
            for (int k = 0; k < NQ; k++)
                H[k + NQ * l] = ((k % 3 == l % 3) ? Sx[k / 3] * Sx[l / 3] : 0.0) / n -
                                g[k] * g[l] / n;
    return n - 1.0;
}

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
    map3(Sx, q, a);
    map3(Sxx, q, b);
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

/* measure m: 0 axial strain, 1..3 the curvature components */
static double strain_at(int m, double x, double L, const double *q, double *g, double *H)
{
    double Sx[4], Sxx[4];
    shape(x, L, NULL, Sx, Sxx);
    return m == 0 ? axial_strain(Sx, q, g, H) : curvature(m - 1, Sx, Sxx, q, g, H);
}

static void element_forces(const cd_objctx *c, int damping, double *Q, double *K, double *D,
                           double *Kg)
{
    const params *p = c->item->p;
    const double L = p->length, fr = p->strainIsRelativeToReference;
    double qt[NQ], qr[NQ], g[NQ], gr[NQ], H[NQ * NQ], Hv[NQ];
    const int needH = K || Kg;
    total_coordinates(c, qt, qr);
    if (Q) memset(Q, 0, sizeof(double) * NQ);
    if (K) memset(K, 0, sizeof(double) * NQ * NQ);
    if (D) memset(D, 0, sizeof(double) * NQ * NQ);
    if (Kg) memset(Kg, 0, sizeof(double) * NQ * NQ);
    for (int m = 0; m < 4; m++) {
        const int which = m > 0;
        const double E = which ? p->bendingStiffness : p->axialStiffness;
        const double d = damping ? (which ? p->bendingDamping : p->axialDamping) : 0.0;
        rule r = integration_rule(p->useReducedOrderIntegration, which);
        for (int ip = 0; ip < r.n; ip++) {
            double x = 0.5 * L * (r.x[ip] + 1.0), w = 0.5 * L * r.w[ip];
            double s = strain_at(m, x, L, qt, g, needH ? H : NULL);
            double sref = which ? 0.0 : p->referenceAxialStrain;
            if (fr != 0.0) sref += fr * strain_at(m, x, L, qr, gr, NULL);
            double st = 0.0;
            if (d != 0.0)
                for (int k = 0; k < NQ; k++) st += g[k] * c->v[k];
            double sig_el = E * (s - sref), sig = sig_el + d * st;
            if (Q)
                for (int k = 0; k < NQ; k++) Q[k] += w * sig * g[k];
            if (K) {
                for (int k = 0; k < NQ; k++) {
                    Hv[k] = 0.0;
                    if (d != 0.0)
                        for (int n = 0; n < NQ; n++) Hv[k] += H[n + NQ * k] * c->v[n];
                }
                for (int l = 0; l < NQ; l++) {
                    double cl = E * g[l] + d * Hv[l];
                    for (int k = 0; k < NQ; k++)
                        K[k + NQ * l] += w * (cl * g[k] + sig * H[k + NQ * l]);
                }
            }
            if (D && d != 0.0)
                for (int l = 0; l < NQ; l++)
                    for (int k = 0; k < NQ; k++) D[k + NQ * l] += w * d * g[k] * g[l];
            if (Kg)
                for (int l = 0; l < NQ * NQ; l++) Kg[l] += w * sig_el * H[l];
        }
    }
}

static int residual(const cd_objctx *c, double *r2, double *rae)
{
    (void)rae;
    element_forces(c, 1, r2, NULL, NULL, NULL);
    return CD_OK;
}

static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    (void)Cq; (void)Gq; (void)Gv;
    element_forces(c, 1, NULL, K, D, NULL);
    return CD_OK;
}

static int elastic(const cd_objctx *c, double *fel, double *Kel)
{
    element_forces(c, 0, fel, Kel, NULL, NULL);
    return CD_OK;
}

static int geometric(const cd_objctx *c, double *Kg)
{
    element_forces(c, 0, NULL, NULL, NULL, Kg);
    return CD_OK;
}

static int mass(const cd_objctx *c, double *M)
{
    const params *p = c->item->p;
    double L = p->length, S[4];
    memset(M, 0, sizeof(double) * NQ * NQ);
    for (int ip = 0; ip < 4; ip++) {
        double x = 0.5 * L * (g4x[ip] + 1.0), w = 0.5 * L * g4w[ip] * p->massPerLength;
        shape(x, L, S, NULL, NULL);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++)
                for (int d = 0; d < 3; d++) M[3 * i + d + NQ * (3 * j + d)] += w * S[i] * S[j];
    }
    return CD_OK;
}

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

static void body_position(const cd_system *s, const cd_item *it, const double *lp,
                          const double *q, const double *v, double pos[3], double vel[3],
                          double *J)
{
    const params *p = it->p;
    double S[4];
    shape(lp[0], p->length, S, NULL, NULL);
    for (int i = 0; i < 3; i++) pos[i] = vel[i] = 0.0;
    for (int k = 0; k < NQ; k++) {
        double Sk = S[k / 3];
        pos[k % 3] += Sk * (s->qref[it->ltg[k]] + q[k]);
        vel[k % 3] += Sk * v[k];
        if (J)
            for (int i = 0; i < 3; i++) J[i + 3 * k] = (i == k % 3) ? Sk : 0.0;
    }
}

static void mass_force(const cd_system *s, const cd_item *it, const double *q, const double b[3],
                       double *f)
{
    const params *p = it->p;
    double L = p->length, m = p->massPerLength;
    const double ints[4] = {L / 2, L * L / 12, L / 2, -L * L / 12};
    (void)s; (void)q;
    for (int k = 0; k < NQ; k++) f[k] = m * ints[k / 3] * b[k % 3];
}

/* Director1 (r'), StrainLocal, CurvatureLocal (vector), ForceLocal N, TorqueLocal M (vector) */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    double qt[NQ], qr[NQ], g[NQ], gr[NQ], Sx[4];
    total_coordinates(c, qt, qr);
    double x = lp[0], L = p->length, fr = p->strainIsRelativeToReference;
    switch (var) {
    case CD_OV_DIRECTOR1:
        shape(x, L, NULL, Sx, NULL);
        map3(Sx, qt, out);
        return 3;
    case CD_OV_STRAINLOCAL: out[0] = strain_at(0, x, L, qt, g, NULL); return 1;
    case CD_OV_CURVATURELOCAL:
        for (int m = 1; m <= 3; m++) out[m - 1] = strain_at(m, x, L, qt, g, NULL);
        return 3;
    case CD_OV_FORCELOCAL: case CD_OV_TORQUELOCAL: {
        int m0 = var == CD_OV_FORCELOCAL ? 0 : 1, m1 = var == CD_OV_FORCELOCAL ? 0 : 3;
        for (int m = m0; m <= m1; m++) {
            double sv = strain_at(m, x, L, qt, g, NULL), sref = m ? 0.0 : p->referenceAxialStrain;
            if (fr != 0.0) sref += fr * strain_at(m, x, L, qr, gr, NULL);
            double st = 0.0;
            for (int k = 0; k < NQ; k++) st += g[k] * c->v[k];
            out[m - m0] = m ? p->bendingStiffness * (sv - sref) + p->bendingDamping * st
                            : p->axialStiffness * (sv - sref) + p->axialDamping * st;
        }
        return m1 - m0 + 1;
    }
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    for (int i = 0; i < 2; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[i]];
        if (nd->type != &cd_type_NodePointSlope1)
            return cd_error_set(err, CD_ERR_INPUT,
                                "ObjectANCFCable %d: parameter 'nodeNumbers' refers to node %d of "
                                "type %s; ObjectANCFCable needs two NodePointSlope1", index,
                                p->nodeNumbers.x[i], nd->type->name);
    }
    if (p->useReducedOrderIntegration < 0 || p->useReducedOrderIntegration > 2)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectANCFCable %d: parameter 'useReducedOrderIntegration' must be "
                            "0, 1 or 2, got %d", index, p->useReducedOrderIntegration);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP | CD_OBJF_AXIS, .nodes = nodes, .mass_const = 1,
    .mass = mass, .residual = residual, .jacobian = jacobian, .elastic = elastic,
    .geometric = geometric, .body_position = body_position, .mass_force = mass_force,
    .output_at = output_at};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_DIRECTOR1, CD_OV_STRAINLOCAL,
                                    CD_OV_CURVATURELOCAL, CD_OV_FORCELOCAL, CD_OV_TORQUELOCAL,
                                    CD_OV_NONE};

#define REAL(NAME, DEF, CHK, UNIT, DOC)                                                          \
    {#NAME, CD_FT_REAL, 0, OFF(NAME), DEF, CHK, 0, UNIT, DOC, NULL}
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    REAL(length, "0", CD_CHK_POS, "m", "reference length L of the element (must be positive)"),
    REAL(massPerLength, "0", CD_CHK_NONNEG, "kg/m", "mass per length rhoA"),
    REAL(bendingStiffness, "0", CD_CHK_NONNEG, "N m^2",
         "bending stiffness EI; bending moment M = EI (K - K_ref), K the curvature vector"),
    REAL(axialStiffness, "0", CD_CHK_NONNEG, "N",
         "axial stiffness EA; axial force N = EA (eps - eps_ref), eps = |r'| - 1"),
    REAL(bendingDamping, "0", CD_CHK_NONNEG, "N m^2 s",
         "bending damping d_K; adds d_K K_t to the bending moment"),
    REAL(axialDamping, "0", CD_CHK_NONNEG, "N s",
         "axial damping d_eps; adds d_eps eps_t to the axial force"),
    REAL(referenceAxialStrain, "0", 0, "", "reference (pre-)strain eps_0 of the axis"),
    REAL(strainIsRelativeToReference, "0", 0, "",
         "factor f: eps_ref = eps_0 + f eps(q_ref), K_ref = f K(q_ref); 1: the reference "
         "configuration is stress-free"),
    {"nodeNumbers", CD_FT_INDEXLIST, 2, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "the two NodePointSlope1 nodes of the element", NULL},
    {"useReducedOrderIntegration", CD_FT_INT, 0, OFF(useReducedOrderIntegration), "0", 0, 0, "",
     "0: Gauss order 9 (axial) and 5 (bending); 1: orders 7 and 3; 2: Lobatto 3 points and "
     "Gauss order 3", NULL},
    CD_BODY_ALIAS_FIELD("physicsLength", CD_FT_REAL, 0, "m", "length"),
    CD_BODY_ALIAS_FIELD("physicsMassPerLength", CD_FT_REAL, 0, "kg/m", "massPerLength"),
    CD_BODY_ALIAS_FIELD("physicsBendingStiffness", CD_FT_REAL, 0, "N m^2", "bendingStiffness"),
    CD_BODY_ALIAS_FIELD("physicsAxialStiffness", CD_FT_REAL, 0, "N", "axialStiffness"),
    CD_BODY_ALIAS_FIELD("physicsBendingDamping", CD_FT_REAL, 0, "N m^2 s", "bendingDamping"),
    CD_BODY_ALIAS_FIELD("physicsAxialDamping", CD_FT_REAL, 0, "N s", "axialDamping"),
    CD_BODY_ALIAS_FIELD("physicsReferenceAxialStrain", CD_FT_REAL, 0, "",
                        "referenceAxialStrain")};

const cd_itemtype cd_type_ObjectANCFCable = {
    .kind = CD_OBJECT, .name = "ObjectANCFCable", .typename_ = "ANCFCable", .alias = "Cable",
    .doc = "A 3D ANCF cable element (axial strain and bending, no torsion; cubic Hermite "
           "interpolation) on two NodePointSlope1 nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
