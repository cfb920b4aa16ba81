/* ObjectANCFCable2D: the planar ANCF cable element (Bernoulli-Euler, axial strain and
 * curvature) of Exudyn, on two NodePoint2DSlope1 nodes.
 *
 * Kinematics: local axial coordinate x in [0, L]; r(x) = S(x) q with the cubic Hermite shape
 * functions S1..S4 and q = [r0, r0', r1, r1'] (total coordinates: reference + displacement),
 * local index k = 2 j + i for shape function j and component i.
 * Strains: eps = |r'| - 1, K = (r' x r'') / |r'|^2 (material measure of curvature).
 * Section forces: N = EA (eps - eps_ref) + d_eps eps_t, M = EI (K - K_ref) + d_K K_t with
 * eps_ref = referenceAxialStrain + f eps(q_ref), K_ref = referenceCurvature + f K(q_ref),
 * f = strainIsRelativeToReference.
 * Residual (generalized elastic and damping forces): Q = int (N d eps/dq + M dK/dq) dx with
 * Gauss rules as in Exudyn: axial order 9 (5 points) and bending order 5 (3 points); reduced
 * (useReducedOrderIntegration = 1): orders 7 (4 points) and 3 (2 points); = 2: Lobatto with 3
 * points (0, L/2, L) and Gauss order 3.
 * Since eps and K depend on q only, eps_t = (d eps/dq) . v and K_t = (dK/dq) . v; with the
 * gradient g and Hessian H of a strain measure s at a point, the point's contribution is
 *   Q += w sigma g,  sigma = E (s - s_ref) + d g.v
 *   dQ/dq += w [(E g + d H v) g^T + sigma H],   dQ/dv += w d g g^T
 * which is the analytic Jacobian; the elastic part (d = 0) splits into the material stiffness
 * w E g g^T and the geometric stiffness w E (s - s_ref) H.
 * Mass: M = rhoA int S^T S dx (constant, exact with 4 Gauss points). */
#include "cd_bodies.h"
#include "cd_ancf.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_common c;
    double length, massPerLength, bendingStiffness, axialStiffness, bendingDamping,
        axialDamping, referenceAxialStrain, referenceCurvature, strainIsRelativeToReference;
    cd_ivec nodeNumbers;
    int useReducedOrderIntegration;
} params;

#define OFF(f) offsetof(params, f)
#define NQ 8

/* out (2) = sum_j Sv[j] q[2j..2j+1] */
static void map2(const double Sv[4], const double *q, double out[2])
{
    out[0] = out[1] = 0.0;
    for (int j = 0; j < 4; j++) {
        out[0] += Sv[j] * q[2 * j];
        out[1] += Sv[j] * q[2 * j + 1];
    }
}

/* total coordinates qt = qref + q and the reference qr of the element */
static void total_coordinates(const cd_objctx *c, double *qt, double *qr)
{
    const cd_system *s = c->sys;
    for (int k = 0; k < NQ; k++) {
        qr[k] = s->qref[c->item->ltg[k]];
        qt[k] = qr[k] + c->q[k];
    }
}

/* axial strain at a point: eps, gradient g (8), Hessian H (8x8 column-major, may be NULL) */
static double axial_strain(const double Sx[4], const double *q, double *g, double *H)
{
    double a[2];
    map2(Sx, q, a);
    double n = sqrt(a[0] * a[0] + a[1] * a[1]);
    for (int k = 0; k < NQ; k++) g[k] = Sx[k / 2] * a[k % 2] / n;
    if (H)
        for (int l = 0; l < NQ; l++)
            for (int k = 0; k < NQ; k++)
                H[k + NQ * l] = ((k % 2 == l % 2) ? Sx[k / 2] * Sx[l / 2] : 0.0) / n -
                                g[k] * g[l] / n;
    return n - 1.0;
}

/* curvature at a point: K, gradient g (8), Hessian H (8x8, may be NULL); with f = a x b,
 * h = a.a (a = r', b = r''): K = f / h */
static double curvature(const double Sx[4], const double Sxx[4], const double *q, double *g,
                        double *H)
{
    double a[2], b[2], df[NQ], dh[NQ];
    map2(Sx, q, a);
    map2(Sxx, q, b);
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

/* strain measure of term `which` (0 axial, 1 bending) at x with gradient and Hessian */
static double strain_at(int which, double x, double L, const double *q, double *g, double *H)
{
    double Sx[4], Sxx[4];
    shape(x, L, NULL, Sx, Sxx);
    return which == 0 ? axial_strain(Sx, q, g, H) : curvature(Sx, Sxx, q, g, H);
}

/* Everything of the element's forces: Q (8, may be NULL), K = dQ/dq, D = dQ/dv (may be NULL),
 * Kg (the geometric stiffness, may be NULL). damping: include the damping terms. */
static void element_forces(const cd_objctx *c, int damping, double *Q, double *K, double *D,
                           double *Kg)
{
    const params *p = c->item->p;
    const double L = p->length, fr = p->strainIsRelativeToReference;
    const double E[2] = {p->axialStiffness, p->bendingStiffness};
    const double d[2] = {damping ? p->axialDamping : 0.0, damping ? p->bendingDamping : 0.0};
    const double s0[2] = {p->referenceAxialStrain, p->referenceCurvature};
    double qt[NQ], qr[NQ], g[NQ], gr[NQ], H[NQ * NQ], Hv[NQ];
    const int needH = K || Kg;
    total_coordinates(c, qt, qr);
    if (Q) memset(Q, 0, sizeof(double) * NQ);
    if (K) memset(K, 0, sizeof(double) * NQ * NQ);
    if (D) memset(D, 0, sizeof(double) * NQ * NQ);
    if (Kg) memset(Kg, 0, sizeof(double) * NQ * NQ);
    for (int which = 0; which < 2; which++) {
        rule r = integration_rule(p->useReducedOrderIntegration, which);
        for (int ip = 0; ip < r.n; ip++) {
            double x = 0.5 * L * (r.x[ip] + 1.0), w = 0.5 * L * r.w[ip];
            double s = strain_at(which, x, L, qt, g, needH ? H : NULL);
            double sref = s0[which];
            if (fr != 0.0) sref += fr * strain_at(which, x, L, qr, gr, NULL);
            double st = 0.0;
            if (d[which] != 0.0)
                for (int k = 0; k < NQ; k++) st += g[k] * c->v[k];
            double sig_el = E[which] * (s - sref), sig = sig_el + d[which] * st;
            if (Q)
                for (int k = 0; k < NQ; k++) Q[k] += w * sig * g[k];
            if (K) {
                for (int k = 0; k < NQ; k++) {
                    Hv[k] = 0.0;
                    if (d[which] != 0.0)
                        for (int m = 0; m < NQ; m++) Hv[k] += H[m + NQ * k] * c->v[m];
                }
                for (int l = 0; l < NQ; l++) {
                    double cl = E[which] * g[l] + d[which] * Hv[l];
                    for (int k = 0; k < NQ; k++)
                        K[k + NQ * l] += w * (cl * g[k] + sig * H[k + NQ * l]);
                }
            }
            if (D && d[which] != 0.0)
                for (int l = 0; l < NQ; l++)
                    for (int k = 0; k < NQ; k++) D[k + NQ * l] += w * d[which] * g[k] * g[l];
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

/* the elastic forces (without damping) and their tangent */
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

/* M = rhoA int S^T S dx (Gauss, 4 points: exact for the cubic shape functions) */
static int mass(const cd_objctx *c, double *M)
{
    const params *p = c->item->p;
    double L = p->length, S[4];
    memset(M, 0, sizeof(double) * NQ * NQ);
    for (int ip = 0; ip < 4; ip++) {
        double x = 0.5 * L * (g4x[ip] + 1.0), w = 0.5 * L * g4w[ip] * p->massPerLength;
        shape(x, L, S, NULL, NULL);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++) {
                double m = w * S[i] * S[j];
                M[2 * i + NQ * (2 * j)] += m;
                M[2 * i + 1 + NQ * (2 * j + 1)] += m;
            }
    }
    return CD_OK;
}

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* the point lp = [x, 0, 0] on the axis: pos = S(x) (qref + q), vel = S(x) v, J = S(x) */
static void body_position(const cd_system *s, const cd_item *it, const double *lp,
                          const double *q, const double *v, double pos[3], double vel[3],
                          double *J)
{
    const params *p = it->p;
    double S[4];
    shape(lp[0], p->length, S, NULL, NULL);
    for (int i = 0; i < 3; i++) pos[i] = vel[i] = 0.0;
    for (int k = 0; k < NQ; k++) {
        double Sk = S[k / 2];
        pos[k % 2] += Sk * (s->qref[it->ltg[k]] + q[k]);
        vel[k % 2] += Sk * v[k];
        if (J)
            for (int i = 0; i < 3; i++) J[i + 3 * k] = (i == k % 2) ? Sk : 0.0;
    }
}

/* f = rhoA int S^T b dx = rhoA [L/2, L^2/12, L/2, -L^2/12] (x) b */
static void mass_force(const cd_system *s, const cd_item *it, const double *q, const double b[3],
                       double *f)
{
    const params *p = it->p;
    double L = p->length, m = p->massPerLength;
    const double ints[4] = {L / 2, L * L / 12, L / 2, -L * L / 12};
    (void)s; (void)q;
    for (int k = 0; k < NQ; k++) f[k] = m * ints[k / 2] * b[k % 2];
}

/* outputs at the axis point x = lp[0]: Rotation (angle of r'), Director1 (r'), StrainLocal,
 * CurvatureLocal, ForceLocal N and TorqueLocal M (with the damping terms, as in Exudyn) */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    double qt[NQ], qr[NQ], g[NQ], gr[NQ], Sx[4];
    total_coordinates(c, qt, qr);
    double x = lp[0], L = p->length;
    switch (var) {
    case CD_OV_ROTATION:
    case CD_OV_DIRECTOR1: {
        double a[2];
        shape(x, L, NULL, Sx, NULL);
        map2(Sx, qt, a);
        if (var == CD_OV_ROTATION) {
            out[0] = atan2(a[1], a[0]);
            return 1;
        }
        out[0] = a[0];
        out[1] = a[1];
        out[2] = 0.0;
        return 3;
    }
    case CD_OV_STRAINLOCAL: case CD_OV_CURVATURELOCAL:
    case CD_OV_FORCELOCAL: case CD_OV_TORQUELOCAL: {
        int which = (var == CD_OV_STRAINLOCAL || var == CD_OV_FORCELOCAL) ? 0 : 1;
        double sv = strain_at(which, x, L, qt, g, NULL);
        if (var == CD_OV_STRAINLOCAL || var == CD_OV_CURVATURELOCAL) {
            out[0] = sv;
            return 1;
        }
        double E = which ? p->bendingStiffness : p->axialStiffness;
        double d = which ? p->bendingDamping : p->axialDamping;
        double sref = which ? p->referenceCurvature : p->referenceAxialStrain;
        if (p->strainIsRelativeToReference != 0.0)
            sref += p->strainIsRelativeToReference * strain_at(which, x, L, qr, gr, NULL);
        double st = 0.0;
        for (int k = 0; k < NQ; k++) st += g[k] * c->v[k];
        out[0] = E * (sv - sref) + d * st;
        return 1;
    }
    default: return -1;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    for (int i = 0; i < 2; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[i]];
        if (nd->type != &cd_type_NodePoint2DSlope1)
            return cd_error_set(err, CD_ERR_INPUT,
                                "ObjectANCFCable2D %d: parameter 'nodeNumbers' refers to node %d "
                                "of type %s; ObjectANCFCable2D needs two NodePoint2DSlope1",
                                index, p->nodeNumbers.x[i], nd->type->name);
    }
    if (p->useReducedOrderIntegration < 0 || p->useReducedOrderIntegration > 2)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectANCFCable2D %d: parameter 'useReducedOrderIntegration' must "
                            "be 0, 1 or 2, got %d", index, p->useReducedOrderIntegration);
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP | CD_OBJF_AXIS, .nodes = nodes, .mass_const = 1,
    .mass = mass, .residual = residual, .jacobian = jacobian, .elastic = elastic,
    .geometric = geometric, .body_position = body_position, .mass_force = mass_force,
    .output_at = output_at};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ROTATION, CD_OV_DIRECTOR1,
                                    CD_OV_STRAINLOCAL, CD_OV_CURVATURELOCAL, CD_OV_FORCELOCAL,
                                    CD_OV_TORQUELOCAL, CD_OV_NONE};

#define REAL(NAME, DEF, CHK, UNIT, DOC)                                                          \
    {#NAME, CD_FT_REAL, 0, OFF(NAME), DEF, CHK, 0, UNIT, DOC, NULL}
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    REAL(length, "0", CD_CHK_POS, "m", "reference length L of the element (must be positive)"),
    REAL(massPerLength, "0", CD_CHK_NONNEG, "kg/m", "mass per length rhoA"),
    REAL(bendingStiffness, "0", CD_CHK_NONNEG, "N m^2",
         "bending stiffness EI; bending moment M = EI (K - K_ref)"),
    REAL(axialStiffness, "0", CD_CHK_NONNEG, "N",
         "axial stiffness EA; axial force N = EA (eps - eps_ref), eps = |r'| - 1"),
    REAL(bendingDamping, "0", CD_CHK_NONNEG, "N m^2 s",
         "bending damping d_K; adds d_K K_t to the bending moment"),
    REAL(axialDamping, "0", CD_CHK_NONNEG, "N s",
         "axial damping d_eps; adds d_eps eps_t to the axial force"),
    REAL(referenceAxialStrain, "0", 0, "", "reference (pre-)strain eps_0 of the axis"),
    REAL(referenceCurvature, "0", 0, "1/m", "reference (pre-)curvature K_0 of the axis"),
    REAL(strainIsRelativeToReference, "0", 0, "",
         "factor f: eps_ref = eps_0 + f eps(q_ref), K_ref = K_0 + f K(q_ref); 1: the reference "
         "configuration is stress-free"),
    {"nodeNumbers", CD_FT_INDEXLIST, 2, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "the two NodePoint2DSlope1 nodes of the element", NULL},
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
                        "referenceAxialStrain"),
    CD_BODY_ALIAS_FIELD("physicsReferenceCurvature", CD_FT_REAL, 0, "1/m",
                        "referenceCurvature")};

const cd_itemtype cd_type_ObjectANCFCable2D = {
    .kind = CD_OBJECT, .name = "ObjectANCFCable2D", .typename_ = "ANCFCable2D",
    .alias = "Cable2D",
    .doc = "A planar ANCF cable element (Bernoulli-Euler: axial strain and curvature, cubic "
           "Hermite interpolation) on two NodePoint2DSlope1 nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
