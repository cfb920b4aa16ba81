/* ObjectBeamGeometricallyExact2D: the planar geometrically exact (Simo-Reissner) beam of
 * Exudyn 1.13, axial, shear and bending deformation, on 2 (linear) or 3 (quadratic) nodes of
 * type NodeRigidBody2D (x, y, theta each).
 *
 * Kinematics: local axial coordinate x in [-L/2, L/2] (L = length); Lagrange shape functions
 * S_i(x) (linear: (L/2 -+ x)/L; quadratic: nodes at -L/2, 0, L/2) interpolate the nodal
 * positions r_i and rotations theta_i (total: reference + displacement):
 *     r(x) = sum S_i r_i,   r' = sum S_i' r_i,   theta(x) = theta_0(x) + sum S_i theta_i
 * with theta_0 = 0 if includeReferenceRotations, else theta_0 = atan2(r'_ref) - sum S_i
 * theta_i,ref (the reference cross section is orthogonal to the reference slope and only the
 * change of the nodal rotations counts; Exudyn's convention).
 * Strains (material, in the cross-section frame t = (c, s), n = (-s, c), c = cos theta):
 *     gamma1 = t . r' - 1 (axial),   gamma2 = n . r' (shear),
 *     kappa = sum S_i' theta_i - kappa_0 (curvature, kappa_0 = referenceCurvature).
 * Section forces N = EA gamma1 + d_A gamma1_t, Q = GA gamma2 + d_S gamma2_t,
 * M = EI kappa + d_B kappa_t; the residual Q_gen = int (N dgamma1/dq + Q dgamma2/dq +
 * M dkappa/dq) dx, integrated as Exudyn does: linear elements with one Gauss point (x = 0,
 * weight L: reduced integration, free of shear locking), quadratic with two.
 * With the gradient g and Hessian H of a strain measure at a point, its contribution is
 *     Q += w sigma g,   dQ/dq += w [(E g + d H v) g^T + sigma H],   dQ/dv += w d g g^T
 * (sigma = E s + d g.v), the analytic Jacobian; the elastic part (d = 0) splits into the
 * material stiffness w E g g^T and the geometric stiffness w E s H.
 * Gradients (node i, coordinates x_i, y_i, theta_i):
 *     g1 = (c S_i', s S_i', gamma2 S_i),   g2 = (-s S_i', c S_i', -(1 + gamma1) S_i),
 *     g3 = (0, 0, S_i');
 * the only nonzero second derivatives are those with a theta_j:
 *     H1: (x_i, th_j) -s S_i' S_j, (y_i, th_j) c S_i' S_j, (th_i, th_j) -(1 + gamma1) S_i S_j
 *     H2: (x_i, th_j) -c S_i' S_j, (y_i, th_j) -s S_i' S_j, (th_i, th_j) -gamma2 S_i S_j.
 * Mass: M = int S^T diag(rhoA, rhoA, rhoJ) S dx (constant; Gauss, 2 points linear, 3 points
 * quadratic: exact), rhoJ = crossSectionInertia, so the rotary inertia of the cross sections
 * is included. Points on the axis ([x, 0, 0]) carry a frame: position r(x), rotation
 * phi(x) = theta(x) (the same interpolation), so MarkerBodyRigid and joints attach to it. */
#include "cd_bodies.h"
#include "../../math/cd_rotations.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;
    double length, massPerLength, crossSectionInertia, bendingStiffness, axialStiffness,
        shearStiffness, bendingDamping, axialDamping, shearDamping, referenceCurvature;
    int includeReferenceRotations;
} params;

#define OFF(f) offsetof(params, f)
#define MAXNS 3
#define MAXNQ 9

static const double G2X[2] = {-0.57735026918962576451, 0.57735026918962576451};
static const double G2W[2] = {1.0, 1.0};
static const double G3X[3] = {-0.77459666924148337704, 0.0, 0.77459666924148337704};
static const double G3W[3] = {0.55555555555555555556, 0.88888888888888888889,
                              0.55555555555555555556};
static const double G1X[1] = {0.0};
static const double G1W[1] = {2.0};

/* shape functions S (ns) and their derivatives Sx at x in [-L/2, L/2] */
static void shape(int ns, double x, double L, double *S, double *Sx)
{
    if (ns == 2) {
        S[0] = (0.5 * L - x) / L;
        S[1] = (0.5 * L + x) / L;
        Sx[0] = -1.0 / L;
        Sx[1] = 1.0 / L;
    } else {
        double xi = 2.0 * x / L, d = 2.0 / L;
        S[0] = 0.5 * xi * (xi - 1.0);
        S[1] = 1.0 - xi * xi;
        S[2] = 0.5 * xi * (xi + 1.0);
        Sx[0] = (xi - 0.5) * d;
        Sx[1] = (-2.0 * xi) * d;
        Sx[2] = (xi + 0.5) * d;
    }
}

/* the total coordinates qt = qref + q and the reference qr of the element (3 ns each) */
static void total_coordinates(const cd_system *s, const cd_item *it, const double *q,
                              double *qt, double *qr)
{
    for (int k = 0; k < it->nq; k++) {
        qr[k] = s->qref[it->ltg[k]];
        qt[k] = qr[k] + (q ? q[k] : 0.0);
    }
}

/* theta_0(x): the rotation added to sum S_i theta_i (total) */
static double theta0(const params *p, int ns, const double *S, const double *Sx,
                     const double *qr)
{
    if (p->includeReferenceRotations) return 0.0;
    double rs[2] = {0, 0}, th = 0;
    for (int i = 0; i < ns; i++) {
        rs[0] += Sx[i] * qr[3 * i];
        rs[1] += Sx[i] * qr[3 * i + 1];
        th += S[i] * qr[3 * i + 2];
    }
    return atan2(rs[1], rs[0]) - th;
}

typedef struct {
    int ns;
    double S[MAXNS], Sx[MAXNS];
    double theta, c, s, g1, g2, kappa;  /* rotation, its cosine and sine, the three strains */
} point;

static void point_eval(const params *p, int ns, double x, const double *qt, const double *qr,
                       point *pt)
{
    pt->ns = ns;
    shape(ns, x, p->length, pt->S, pt->Sx);
    double rx = 0, ry = 0, th = theta0(p, ns, pt->S, pt->Sx, qr), kap = 0;
    for (int i = 0; i < ns; i++) {
        rx += pt->Sx[i] * qt[3 * i];
        ry += pt->Sx[i] * qt[3 * i + 1];
        th += pt->S[i] * qt[3 * i + 2];
        kap += pt->Sx[i] * qt[3 * i + 2];
    }
    pt->theta = th;
    pt->c = cos(th);
    pt->s = sin(th);
    pt->g1 = pt->c * rx + pt->s * ry - 1.0;
    pt->g2 = -pt->s * rx + pt->c * ry;
    pt->kappa = kap - p->referenceCurvature;
}

/* gradient (nq) of strain measure m (0 axial, 1 shear, 2 curvature) */
static void gradient(const point *pt, int m, double *g)
{
    for (int i = 0; i < pt->ns; i++) {
        double *gi = g + 3 * i, Sx = pt->Sx[i], S = pt->S[i];
        if (m == 0) { gi[0] = pt->c * Sx; gi[1] = pt->s * Sx; gi[2] = pt->g2 * S; }
        else if (m == 1) { gi[0] = -pt->s * Sx; gi[1] = pt->c * Sx; gi[2] = -(1.0 + pt->g1) * S; }
        else { gi[0] = 0.0; gi[1] = 0.0; gi[2] = Sx; }
    }
}

/* Hessian (nq x nq, column-major) of strain measure m (0 or 1; the curvature has none) */
static void hessian(const point *pt, int m, int nq, double *H)
{
    memset(H, 0, sizeof(double) * (size_t)(nq * nq));
    double ax = m == 0 ? -pt->s : -pt->c, ay = m == 0 ? pt->c : -pt->s;
    double at = m == 0 ? -(1.0 + pt->g1) : -pt->g2;
    for (int i = 0; i < pt->ns; i++)
        for (int j = 0; j < pt->ns; j++) {
            int ti = 3 * i + 2, tj = 3 * j + 2;
            double hx = ax * pt->Sx[i] * pt->S[j], hy = ay * pt->Sx[i] * pt->S[j];
            H[3 * i + nq * tj] += hx;
            H[tj + nq * (3 * i)] += hx;
            H[3 * i + 1 + nq * tj] += hy;
            H[tj + nq * (3 * i + 1)] += hy;
            H[ti + nq * tj] += at * pt->S[i] * pt->S[j];
        }
}

/* the stiffness integration rule (as Exudyn: 1 Gauss point linear, 2 quadratic) */
static int stiffness_rule(int ns, const double **x, const double **w)
{
    if (ns == 2) { *x = G1X; *w = G1W; return 1; }
    *x = G2X; *w = G2W;
    return 2;
}

/* Everything of the element's forces: Q (nq, may be NULL), K = dQ/dq, D = dQ/dv (may be NULL),
 * Kg (the geometric stiffness, may be NULL). damping: include the damping terms. */
static void element_forces(const cd_objctx *c, int damping, double *Q, double *K, double *D,
                           double *Kg)
{
    const params *p = c->item->p;
    const int ns = p->nodeNumbers.n, nq = 3 * ns;
    const double L = p->length;
    const double E[3] = {p->axialStiffness, p->shearStiffness, p->bendingStiffness};
    const double d[3] = {damping ? p->axialDamping : 0.0, damping ? p->shearDamping : 0.0,
                         damping ? p->bendingDamping : 0.0};
    double qt[MAXNQ], qr[MAXNQ], g[MAXNQ], H[MAXNQ * MAXNQ], Hv[MAXNQ];
    const int needH = K || Kg;
    const double *xr, *wr;
    int nr = stiffness_rule(ns, &xr, &wr);
    total_coordinates(c->sys, c->item, c->q, qt, qr);
    if (Q) memset(Q, 0, sizeof(double) * (size_t)nq);
    if (K) memset(K, 0, sizeof(double) * (size_t)(nq * nq));
    if (D) memset(D, 0, sizeof(double) * (size_t)(nq * nq));
    if (Kg) memset(Kg, 0, sizeof(double) * (size_t)(nq * nq));
    for (int ip = 0; ip < nr; ip++) {
        double x = 0.5 * L * xr[ip], w = 0.5 * L * wr[ip];
        point pt;
        point_eval(p, ns, x, qt, qr, &pt);
        const double sv[3] = {pt.g1, pt.g2, pt.kappa};
        for (int m = 0; m < 3; m++) {
            gradient(&pt, m, g);
            int hasH = needH && m < 2;
            if (hasH) hessian(&pt, m, nq, H);
            double st = 0.0;
            if (d[m] != 0.0)
                for (int k = 0; k < nq; k++) st += g[k] * c->v[k];
            double sig_el = E[m] * sv[m], sig = sig_el + d[m] * st;
            if (Q)
                for (int k = 0; k < nq; k++) Q[k] += w * sig * g[k];
            if (K) {
                for (int k = 0; k < nq; k++) {
                    Hv[k] = 0.0;
                    if (hasH && d[m] != 0.0)
                        for (int l = 0; l < nq; l++) Hv[k] += H[l + nq * k] * c->v[l];
                }
                for (int l = 0; l < nq; l++) {
                    double cl = E[m] * g[l] + d[m] * Hv[l];
                    for (int k = 0; k < nq; k++)
                        K[k + nq * l] += w * (cl * g[k] + (hasH ? sig * H[k + nq * l] : 0.0));
                }
            }
            if (D && d[m] != 0.0)
                for (int l = 0; l < nq; l++)
                    for (int k = 0; k < nq; k++) D[k + nq * l] += w * d[m] * g[k] * g[l];
            if (Kg && hasH)
                for (int l = 0; l < nq * nq; l++) Kg[l] += w * sig_el * H[l];
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

/* M = int S^T diag(rhoA, rhoA, rhoJ) S dx (Gauss: 2 points linear, 3 quadratic, as Exudyn) */
static int mass(const cd_objctx *c, double *M)
{
    const params *p = c->item->p;
    const int ns = p->nodeNumbers.n, nq = 3 * ns;
    const double L = p->length, rho[3] = {p->massPerLength, p->massPerLength,
                                          p->crossSectionInertia};
    const double *xr = ns == 2 ? G2X : G3X, *wr = ns == 2 ? G2W : G3W;
    double S[MAXNS], Sx[MAXNS];
    memset(M, 0, sizeof(double) * (size_t)(nq * nq));
    for (int ip = 0; ip < ns; ip++) {
        double x = 0.5 * L * xr[ip], w = 0.5 * L * wr[ip];
        shape(ns, x, L, S, Sx);
        for (int i = 0; i < ns; i++)
            for (int j = 0; j < ns; j++)
                for (int a = 0; a < 3; a++)
                    M[3 * i + a + nq * (3 * j + a)] += w * rho[a] * S[i] * S[j];
    }
    return CD_OK;
}

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* derivative data of a frame on the axis: J, Jrot constant; only A(phi) depends on q, through
 * phi = ... + sum S_i theta_i */
typedef struct { int ns; double phi, S[MAXNS]; } frame_md;
#define FRAME_MD_DSIZE ((int)((sizeof(frame_md) + sizeof(double) - 1) / sizeof(double)))

static const frame_md *fdata(const cd_markerdata *md)
{
    return (const frame_md *)(const void *)md->dwork;
}

static void dAdphi(double phi, double dA[9])
{
    double c = cos(phi), s = sin(phi);
    const double m[9] = {-s, -c, 0, c, -s, 0, 0, 0, 0};
    memcpy(dA, m, sizeof m);
}

static void md_zero_K(const cd_markerdata *md, const double v[3], double *K)
{
    (void)md; (void)v; (void)K;
}

static void md_zero_Kr(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    (void)md; (void)t; (void)K; (void)ld; (void)o;
}

static void md_zero_G(const cd_markerdata *md, double *G)
{
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
}

/* G = d(A xl)/dq (trans 0) or d(A^T y)/dq (trans 1): columns theta_i = S_i dA/dphi (xl) */
static void md_rot(const cd_markerdata *md, const double *xv, int trans, double *G)
{
    const frame_md *d = fdata(md);
    double dA[9], y[3];
    dAdphi(d->phi, dA);
    for (int r = 0; r < 3; r++)
        y[r] = trans ? dA[r] * xv[0] + dA[r + 3] * xv[1] + dA[r + 6] * xv[2]
                     : dA[3 * r] * xv[0] + dA[3 * r + 1] * xv[1] + dA[3 * r + 2] * xv[2];
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int i = 0; i < d->ns; i++)
        for (int r = 0; r < 3; r++) G[r + 3 * (3 * i + 2)] = d->S[i] * y[r];
}

static void md_dvec(const cd_markerdata *md, const double xl[3], double *G)
{
    md_rot(md, xl, 0, G);
}

static void md_dAt(const cd_markerdata *md, const double y[3], double *G)
{
    md_rot(md, y, 1, G);
}

static void md_dpos(const cd_markerdata *md, double *G)
{
    memcpy(G, md->J, sizeof(double) * 3 * (size_t)md->n);
}

static const cd_markerderiv frame_deriv = {.jtv_dq = md_zero_K, .jrtv_dq = md_zero_Kr,
                                           .dvec = md_dvec, .dAt = md_dAt, .dpos = md_dpos,
                                           .dvel = md_zero_G, .domega = md_zero_G};

static int marker_dsize(const void *p)
{
    (void)p;
    return FRAME_MD_DSIZE;
}

/* the rotation phi(x) of the cross section at x (Exudyn's GetRotation, the theta of the
 * strains) */
static double rotation_at(const params *p, int ns, const double *S, const double *Sx,
                          const double *qt, const double *qr)
{
    double phi = theta0(p, ns, S, Sx, qr);
    for (int i = 0; i < ns; i++) phi += S[i] * qt[3 * i + 2];
    return phi;
}

/* the frame of the axis point lp = [x, 0, 0]: pos = r(x), vel = sum S_i v_i, A = Rz(phi(x)),
 * omega = sum S_i theta_i,t e_z; J and Jrot are constant */
static void frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                  const double *v, cd_markerdata *md)
{
    const params *p = it->p;
    const int ns = p->nodeNumbers.n, nq = 3 * ns;
    double qt[MAXNQ], qr[MAXNQ], S[MAXNS], Sx[MAXNS];
    total_coordinates(s, it, q, qt, qr);
    shape(ns, lp[0], p->length, S, Sx);
    double phi = rotation_at(p, ns, S, Sx, qt, qr), w = 0.0;
    for (int k = 0; k < 3; k++) md->pos[k] = md->vel[k] = md->Jdot_v[k] = md->r[k] = 0.0;
    memset(md->J, 0, sizeof(double) * 3 * (size_t)nq);
    memset(md->Jrot, 0, sizeof(double) * 3 * (size_t)nq);
    for (int i = 0; i < ns; i++) {
        for (int a = 0; a < 2; a++) {
            md->pos[a] += S[i] * qt[3 * i + a];
            md->vel[a] += S[i] * v[3 * i + a];
            md->J[a + 3 * (3 * i + a)] = S[i];
        }
        w += S[i] * v[3 * i + 2];
        md->Jrot[2 + 3 * (3 * i + 2)] = S[i];
    }
    md->Jconst = 1;
    md->rigid = 1;
    cd_rot_z(phi, md->A);
    md->omega[0] = md->omega[1] = 0.0;
    md->omega[2] = w;
    md->deriv = NULL;
    if (md->want_d) {
        frame_md *d = (frame_md *)(void *)md->dwork;
        d->ns = ns;
        d->phi = phi;
        for (int i = 0; i < ns; i++) d->S[i] = S[i];
        md->deriv = &frame_deriv;
    }
}

/* f = int S^T rhoA b dx on the positions (Gauss, 2 points: exact) */
static void mass_force(const cd_system *s, const cd_item *it, const double *q, const double b[3],
                       double *f)
{
    const params *p = it->p;
    const int ns = p->nodeNumbers.n;
    const double L = p->length;
    double S[MAXNS], Sx[MAXNS];
    (void)s; (void)q;
    memset(f, 0, sizeof(double) * 3 * (size_t)ns);
    for (int ip = 0; ip < 2; ip++) {
        double w = 0.5 * L * G2W[ip] * p->massPerLength;
        shape(ns, 0.5 * L * G2X[ip], L, S, Sx);
        for (int i = 0; i < ns; i++) {
            f[3 * i] += w * S[i] * b[0];
            f[3 * i + 1] += w * S[i] * b[1];
        }
    }
}

/* the mass-proportional force does not depend on q: its derivative is zero (given so that
 * LoadMassProportional uses it instead of differentiating numerically, which it does for
 * bodies with a frame and no mass_force_dq) */
static void mass_force_dq(const cd_system *s, const cd_item *it, const double *q,
                          const double b[3], double *K)
{
    (void)s; (void)it; (void)q; (void)b; (void)K;
}

/* outputs at the axis point x = lp[0] in Exudyn's layout: Rotation [0, 0, phi], StrainLocal
 * [gamma1, 0, 0, 0, 0, gamma2], CurvatureLocal [0, 0, kappa], ForceLocal [N, Q, 0],
 * TorqueLocal [0, 0, M] (section forces with their damping terms, as in Exudyn) */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    const int ns = p->nodeNumbers.n, nq = 3 * ns;
    double qt[MAXNQ], qr[MAXNQ], g[MAXNQ];
    if (var != CD_OV_ROTATION && var != CD_OV_STRAINLOCAL && var != CD_OV_CURVATURELOCAL &&
        var != CD_OV_FORCELOCAL && var != CD_OV_TORQUELOCAL)
        return -1;
    total_coordinates(c->sys, c->item, c->q, qt, qr);
    point pt;
    point_eval(p, ns, lp[0], qt, qr, &pt);
    double rate[3];
    for (int m = 0; m < 3; m++) {
        gradient(&pt, m, g);
        rate[m] = 0.0;
        for (int k = 0; k < nq; k++) rate[m] += g[k] * c->v[k];
    }
    memset(out, 0, 6 * sizeof(double));
    switch (var) {
    case CD_OV_ROTATION: out[2] = pt.theta; return 3;
    case CD_OV_STRAINLOCAL: out[0] = pt.g1; out[5] = pt.g2; return 6;
    case CD_OV_CURVATURELOCAL: out[2] = pt.kappa; return 3;
    case CD_OV_FORCELOCAL:
        out[0] = p->axialStiffness * pt.g1 + p->axialDamping * rate[0];
        out[1] = p->shearStiffness * pt.g2 + p->shearDamping * rate[1];
        return 3;
    default:
        out[2] = p->bendingStiffness * pt.kappa + p->bendingDamping * rate[2];
        return 3;
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    if (p->nodeNumbers.n != 2 && p->nodeNumbers.n != 3)
        return cd_error_set(err, CD_ERR_INPUT,
                            "ObjectBeamGeometricallyExact2D %d: parameter 'nodeNumbers' must "
                            "list 2 (linear) or 3 (quadratic element) NodeRigidBody2D, got %d "
                            "node numbers", index, p->nodeNumbers.n);
    for (int i = 0; i < p->nodeNumbers.n; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[i]];
        if (nd->type != &cd_type_NodeRigidBody2D)
            return cd_error_set(err, CD_ERR_INPUT,
                                "ObjectBeamGeometricallyExact2D %d: parameter 'nodeNumbers' "
                                "refers to node %d of type %s; ObjectBeamGeometricallyExact2D "
                                "needs NodeRigidBody2D nodes", index, p->nodeNumbers.x[i],
                                nd->type->name);
    }
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP | CD_OBJF_AXIS, .nodes = nodes, .mass_const = 1,
    .mass = mass, .residual = residual, .jacobian = jacobian, .elastic = elastic,
    .geometric = geometric, .body_position = cd_body_frame_position, .body_frame = frame,
    .marker_dsize = marker_dsize, .mass_force = mass_force, .mass_force_dq = mass_force_dq,
    .output_at = output_at};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ROTATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ROTATIONMATRIX, CD_OV_STRAINLOCAL,
                                    CD_OV_CURVATURELOCAL, CD_OV_FORCELOCAL, CD_OV_TORQUELOCAL,
                                    CD_OV_NONE};

#define REAL(NAME, CHK, UNIT, DOC)                                                               \
    {#NAME, CD_FT_REAL, 0, OFF(NAME), "0", CHK, 0, UNIT, DOC, NULL}
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    {"nodeNumbers", CD_FT_INDEXLIST, 0, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "the 2 (linear) or 3 (quadratic element; middle node second) NodeRigidBody2D nodes",
     NULL},
    REAL(length, CD_CHK_POS, "m",
         "reference length L of the element; local positions x in [-L/2, L/2]"),
    REAL(massPerLength, CD_CHK_NONNEG, "kg/m", "mass per length rhoA"),
    REAL(crossSectionInertia, CD_CHK_NONNEG, "kg m",
         "mass moment of inertia of the cross section per length rhoJ (rotary inertia)"),
    REAL(bendingStiffness, CD_CHK_NONNEG, "N m^2",
         "bending stiffness EI; bending moment M = EI (kappa - kappa_0)"),
    REAL(axialStiffness, CD_CHK_NONNEG, "N",
         "axial stiffness EA; axial force N = EA gamma1, gamma1 = t . r' - 1"),
    REAL(shearStiffness, CD_CHK_NONNEG, "N",
         "effective shear stiffness GA_s (with the shear correction factor); shear force "
         "Q = GA_s gamma2, gamma2 = n . r'"),
    REAL(bendingDamping, CD_CHK_NONNEG, "N m^2 s", "bending damping; adds d_B kappa_t to M"),
    REAL(axialDamping, CD_CHK_NONNEG, "N s", "axial damping; adds d_A gamma1_t to N"),
    REAL(shearDamping, CD_CHK_NONNEG, "N s", "shear damping; adds d_S gamma2_t to Q"),
    REAL(referenceCurvature, 0, "1/m", "reference (pre-)curvature kappa_0"),
    {"includeReferenceRotations", CD_FT_BOOL, 0, OFF(includeReferenceRotations), "0", 0, 0, "",
     "True: the nodes' reference rotations are the cross sections' (a precurved reference is "
     "stress-free); False: the reference cross section is orthogonal to the reference slope "
     "and only the change of the nodal rotations counts", NULL},
    CD_BODY_ALIAS_FIELD("physicsLength", CD_FT_REAL, 0, "m", "length"),
    CD_BODY_ALIAS_FIELD("physicsMassPerLength", CD_FT_REAL, 0, "kg/m", "massPerLength"),
    CD_BODY_ALIAS_FIELD("physicsCrossSectionInertia", CD_FT_REAL, 0, "kg m",
                        "crossSectionInertia"),
    CD_BODY_ALIAS_FIELD("physicsBendingStiffness", CD_FT_REAL, 0, "N m^2", "bendingStiffness"),
    CD_BODY_ALIAS_FIELD("physicsAxialStiffness", CD_FT_REAL, 0, "N", "axialStiffness"),
    CD_BODY_ALIAS_FIELD("physicsShearStiffness", CD_FT_REAL, 0, "N", "shearStiffness"),
    CD_BODY_ALIAS_FIELD("physicsBendingDamping", CD_FT_REAL, 0, "N m^2 s", "bendingDamping"),
    CD_BODY_ALIAS_FIELD("physicsAxialDamping", CD_FT_REAL, 0, "N s", "axialDamping"),
    CD_BODY_ALIAS_FIELD("physicsShearDamping", CD_FT_REAL, 0, "N s", "shearDamping"),
    CD_BODY_ALIAS_FIELD("physicsReferenceCurvature", CD_FT_REAL, 0, "1/m",
                        "referenceCurvature")};

const cd_itemtype cd_type_ObjectBeamGeometricallyExact2D = {
    .kind = CD_OBJECT, .name = "ObjectBeamGeometricallyExact2D",
    .typename_ = "BeamGeometricallyExact2D", .alias = "Beam2D",
    .doc = "A planar geometrically exact (Simo-Reissner) beam element: axial, shear and bending "
           "deformation, on 2 (linear) or 3 (quadratic) NodeRigidBody2D nodes.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
