/* ancf_common: what the ANCF cable elements share, for dim = 2 or 3 (see cd_ancf.h): shape
 * functions, integration rules, axial strain and curvature, the element forces with their Jacobian and
 * parts, mass, mass-proportional loads, points on the axis, outputs and the check. */
#include "cd_ancf.h"
#include <math.h>
#include <string.h>

/* Gauss-Legendre points and weights on [-1, 1] */
static const double g2x[2] = {-0.57735026918962576451, 0.57735026918962576451};
static const double g2w[2] = {1.0, 1.0};
static const double g3x[3] = {-0.77459666924148337704, 0.0, 0.77459666924148337704};
static const double g3w[3] = {0.55555555555555555556, 0.88888888888888888889,
                              0.55555555555555555556};
static const double g4x[4] = {-0.86113631159405257522, -0.33998104358485626480,
                              0.33998104358485626480, 0.86113631159405257522};
static const double g4w[4] = {0.34785484513745385737, 0.65214515486254614263,
                              0.65214515486254614263, 0.34785484513745385737};
static const double g5x[5] = {-0.90617984593866399280, -0.53846931010339377040, 0.0,
                              0.53846931010339377040, 0.90617984593866399280};
static const double g5w[5] = {0.23692688505618908751, 0.47862867049936646804,
                              0.56888888888888888889, 0.47862867049936646804,
                              0.23692688505618908751};
/* Lobatto, 3 points */
static const double l3x[3] = {-1.0, 0.0, 1.0};
static const double l3w[3] = {1.0 / 3.0, 4.0 / 3.0, 1.0 / 3.0};

typedef struct { int n; const double *x, *w; } rule;

/* the rules of the axial (which 0) and bending (which 1) terms */
static rule integration_rule(int reduced, int which)
{
    rule r;
    if (which == 0) {
        if (reduced == 0) { r.n = 5; r.x = g5x; r.w = g5w; }
        else if (reduced == 1) { r.n = 4; r.x = g4x; r.w = g4w; }
        else { r.n = 3; r.x = l3x; r.w = l3w; }
    } else {
        if (reduced == 0) { r.n = 3; r.x = g3x; r.w = g3w; }
        else { r.n = 2; r.x = g2x; r.w = g2w; }
    }
    return r;
}

static const cd_ancf_desc *desc_of(const cd_item *it)
{
    return it->type == &cd_type_ObjectANCFCable2D ? &cd_ancf_cable2d_desc : &cd_ancf_cable_desc;
}

void cd_ancf_shape(double x, double L, double S[4], double Sx[4], double Sxx[4])
{
    double xi = x / L, L2 = L * L;
    if (S) {
        S[0] = 1.0 - 3.0 * xi * xi + 2.0 * xi * xi * xi;
        S[1] = x * (1.0 - 2.0 * xi + xi * xi);
        S[2] = 3.0 * xi * xi - 2.0 * xi * xi * xi;
        S[3] = x * (xi * xi - xi);
    }
    if (Sx) {
        Sx[0] = (-6.0 * xi + 6.0 * xi * xi) / L;
        Sx[1] = 1.0 - 4.0 * xi + 3.0 * xi * xi;
        Sx[2] = (6.0 * xi - 6.0 * xi * xi) / L;
        Sx[3] = -2.0 * xi + 3.0 * xi * xi;
    }
    if (Sxx) {
        Sxx[0] = (-6.0 + 12.0 * xi) / L2;
        Sxx[1] = (-4.0 + 6.0 * xi) / L;
        Sxx[2] = (6.0 - 12.0 * xi) / L2;
        Sxx[3] = (-2.0 + 6.0 * xi) / L;
    }
}

#if defined(__GNUC__)
#define CD_ANCF_INLINE static inline __attribute__((always_inline))
#else
#define CD_ANCF_INLINE static inline
#endif

/* out (dim) = sum_j Sv[j] q[dim j .. dim j + dim - 1] */
CD_ANCF_INLINE void map_d(const int dim, const double Sv[4], const double *q, double *out)
{
    for (int i = 0; i < dim; i++) out[i] = 0.0;
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < dim; i++) out[i] += Sv[j] * q[dim * j + i];
}

void cd_ancf_map(int dim, const double Sv[4], const double *q, double *out)
{
    map_d(dim, Sv, q, out);
}

void cd_ancf_total_coordinates(const cd_objctx *c, double *qt, double *qr)
{
    for (int k = 0; k < c->item->nq; k++) {
        qr[k] = c->sys->qref[c->item->ltg[k]];
        qt[k] = qr[k] + c->q[k];
    }
}

/* The strain measures below are written for a dimension known at compile time: strain_at calls
 * them with the literal 2 or 3, and CD_ANCF_INLINE (above) makes the compiler specialize them (k / dim
 * and k % dim become constants in the unrolled loops; this halved the cost of a cable step).
 * Their Hessians are symmetric: the upper triangle is computed, the lower one copied. */
/* H (nq x nq, column-major): the lower triangle from the upper one */
CD_ANCF_INLINE void mirror(int nq, double *H)
{
    for (int l = 0; l < nq; l++)
        for (int k = l + 1; k < nq; k++) H[k + nq * l] = H[l + nq * k];
}

/* axial strain at a point: eps, gradient g (nq), Hessian H (nq x nq column-major, may be NULL) */
CD_ANCF_INLINE double axial_strain(const int dim, const double Sx[4], const double *q, double *g,
                                   double *H)
{
    const int nq = 4 * dim;
    double a[3], n2 = 0.0;
    map_d(dim, Sx, q, a);
    for (int i = 0; i < dim; i++) n2 += a[i] * a[i];
    const double n = sqrt(n2), in = 1.0 / n;
    for (int k = 0; k < nq; k++) g[k] = Sx[k / dim] * a[k % dim] * in;
    if (H) {
        for (int l = 0; l < nq; l++)
            for (int k = 0; k <= l; k++)
                H[k + nq * l] = ((k % dim == l % dim) ? Sx[k / dim] * Sx[l / dim] : 0.0) * in -
                                g[k] * g[l] * in;
        mirror(nq, H);
    }
    return n - 1.0;
}

/* (e_i x e_j)_c: the Levi-Civita symbol */
static double levi(int i, int j, int c)
{
    if (i == j || j == c || i == c) return 0.0;
    return ((j - i + 3) % 3 == 1) ? 1.0 : -1.0;
}

/* component c of the curvature vector K = (a x b) / (a.a), a = r', b = r'' (dim 2: the z
 * component, c = 2, of the in-plane vectors), its gradient g (nq) and Hessian H (nq x nq, may
 * be NULL); with f = (a x b)_c and h = a.a: K = f / h */
CD_ANCF_INLINE double curvature(const int dim, int c, const double Sx[4], const double Sxx[4],
                                const double *q, double *g, double *H)
{
    const int nq = 4 * dim;
    double a[3] = {0.0, 0.0, 0.0}, b[3] = {0.0, 0.0, 0.0}, lv[3][3];
    double df[CD_ANCF_MAXNQ], dh[CD_ANCF_MAXNQ];
    map_d(dim, Sx, q, a);
    map_d(dim, Sxx, q, b);
    for (int i = 0; i < dim; i++)
        for (int m = 0; m < dim; m++) lv[i][m] = levi(i, m, c);
    int c1 = (c + 1) % 3, c2 = (c + 2) % 3;
    double f = a[c1] * b[c2] - a[c2] * b[c1], h = 0.0;
    for (int i = 0; i < dim; i++) h += a[i] * a[i];
    const double ih = 1.0 / h, ih2 = ih * ih;
    for (int k = 0; k < nq; k++) {
        int j = k / dim, i = k % dim;
        /* (e_i x b)_c Sx_j + (a x e_i)_c Sxx_j */
        df[k] = 0.0;
        for (int m = 0; m < dim; m++) df[k] += lv[i][m] * (Sx[j] * b[m] - Sxx[j] * a[m]);
        dh[k] = 2.0 * Sx[j] * a[i];
        g[k] = df[k] * ih - f * dh[k] * ih2;
    }
    if (H) {
        const double fih2 = f * ih2, f2ih3 = 2.0 * f * ih2 * ih;
        for (int l = 0; l < nq; l++)
            for (int k = 0; k <= l; k++) {
                int ik = k % dim, il = l % dim, jk = k / dim, jl = l / dim;
                /* d2f: (e_ik x e_il)_c (Sx_jk Sxx_jl - Sx_jl Sxx_jk) */
                double d2f = lv[ik][il] * (Sx[jk] * Sxx[jl] - Sx[jl] * Sxx[jk]);
                double d2h = (ik == il) ? 2.0 * Sx[jk] * Sx[jl] : 0.0;
                H[k + nq * l] = d2f * ih - (df[k] * dh[l] + df[l] * dh[k]) * ih2 - d2h * fih2 +
                                dh[k] * dh[l] * f2ih3;
            }
        mirror(nq, H);
    }
    return f * ih;
}

/* the element coordinates made relative to node 0 in place (r0 -> 0, r1 -> r1 - r0): the
 * measures depend on derivatives only (Sx[0] = -Sx[2], Sxx[0] = -Sxx[2]), but with the
 * absolute positions r' and r'' carry a round-off of eps |r0| / L and eps |r0| / L^2, which
 * made K of a 10^4-element cable wrong by 3e-12 relative, 20 % in its first eigenvalue (see
 * docs/linearized.rst, "Accuracy"); r1 - r0 is exact for neighbouring nodes (Sterbenz) */
static void relative_to_node0(int dim, double *q)
{
    for (int i = 0; i < dim; i++) {
        q[2 * dim + i] -= q[i];
        q[i] = 0.0;
    }
}

/* strain measure m (0: axial strain, 1..ncurv: the curvature components) at x, with its
 * gradient and Hessian; q: the coordinates relative to node 0 (relative_to_node0) */
static double strain_at(const cd_ancf_desc *d, int m, double x, double L, const double *q,
                        double *g, double *H)
{
    double Sx[4], Sxx[4];
    cd_ancf_shape(x, L, NULL, Sx, Sxx);
    if (d->dim == 2)
        return m == 0 ? axial_strain(2, Sx, q, g, H) : curvature(2, 2, Sx, Sxx, q, g, H);
    return m == 0 ? axial_strain(3, Sx, q, g, H) : curvature(3, m - 1, Sx, Sxx, q, g, H);
}

/* the reference value s_ref of measure m at x (qr: the reference coordinates, relative to
 * node 0) */
static double strain_ref(const cd_ancf_desc *d, const cd_p_ancf *p, int m, double x,
                         const double *qr, double *gr)
{
    double sref = m ? d->ref_curvature(p, m - 1) : p->referenceAxialStrain;
    if (p->strainIsRelativeToReference != 0.0)
        sref += p->strainIsRelativeToReference * strain_at(d, m, x, p->length, qr, gr, NULL);
    return sref;
}

int cd_ancf_uses_userfunc(const void *vp)
{
    const cd_p_ancf *p = vp;
    return p->axialForceUserFunction.fn != NULL || p->bendingMomentUserFunction.fn != NULL;
}

/* measure m's value, rate and reference value at x (qt, qr relative to node 0; g: work) */
static void strain_state(const cd_objctx *c, const cd_ancf_desc *d, int m, double x,
                         const double *qt, const double *qr, double *g, double st3[3])
{
    const cd_p_ancf *p = c->item->p;
    double gr[CD_ANCF_MAXNQ];
    st3[0] = strain_at(d, m, x, p->length, qt, g, NULL);
    st3[1] = 0.0;
    for (int k = 0; k < 4 * d->dim; k++) st3[1] += g[k] * c->v[k];
    st3[2] = strain_ref(d, p, m, x, qr, gr);
}

/* the section force of measure m (0: axial force N, 1: bending moment M of the planar
 * cable) at x from its user function, with Exudyn's arguments; s3 = (value, rate, reference)
 * of measure m. Returns a status; *found = 0 if measure m has no user function. */
static int user_section_force(const cd_objctx *c, const cd_ancf_desc *d, int m, double x,
                              const double *qt, const double *qr, const double s3[3],
                              int *found, double *sig)
{
    const cd_p_ancf *p = c->item->p;
    const cd_func *f = m ? &p->bendingMomentUserFunction : &p->axialForceUserFunction;
    double g[CD_ANCF_MAXNQ], o3[3], in[9];
    *found = d->dim == 2 && f->fn != NULL;
    if (!*found) return CD_OK;
    strain_state(c, d, m ? 0 : 1, x, qt, qr, g, o3);   /* the other measure */
    in[0] = x / p->length;
    for (int i = 0; i < 3; i++) {
        in[1 + i] = s3[i];
        in[6 + i] = o3[i];
    }
    in[4] = m ? p->bendingStiffness : p->axialStiffness;
    in[5] = m ? p->bendingDamping : p->axialDamping;
    return cd_object_userfunc(c, f, in, 9, sig, 1);
}

/* Everything of the element's forces: Q (nq, may be NULL), K = dQ/dq, D = dQ/dv (may be NULL),
 * Kg (the geometric stiffness, may be NULL). damping: include the damping terms. */
static int element_forces(const cd_objctx *c, int damping, double *Q, double *K, double *D,
                          double *Kg)
{
    const cd_ancf_desc *dd = desc_of(c->item);
    const cd_p_ancf *p = c->item->p;
    const int nq = 4 * dd->dim;
    const double L = p->length;
    double qt[CD_ANCF_MAXNQ], qr[CD_ANCF_MAXNQ], g[CD_ANCF_MAXNQ], gr[CD_ANCF_MAXNQ];
    double H[CD_ANCF_MAXNQ * CD_ANCF_MAXNQ], Hv[CD_ANCF_MAXNQ];
    const int needH = K || Kg;
    const size_t sz = sizeof(double) * (size_t)(nq * nq);
    cd_ancf_total_coordinates(c, qt, qr);
    relative_to_node0(dd->dim, qt);
    relative_to_node0(dd->dim, qr);
    if (Q) memset(Q, 0, sizeof(double) * (size_t)nq);
    if (K) memset(K, 0, sz);
    if (D) memset(D, 0, sz);
    if (Kg) memset(Kg, 0, sz);
    for (int m = 0; m <= dd->ncurv; m++) {
        const int which = m > 0;
        const double E = which ? p->bendingStiffness : p->axialStiffness;
        const double d = damping ? (which ? p->bendingDamping : p->axialDamping) : 0.0;
        rule r = integration_rule(p->useReducedOrderIntegration, which);
        for (int ip = 0; ip < r.n; ip++) {
            double x = 0.5 * L * (r.x[ip] + 1.0), w = 0.5 * L * r.w[ip];
            double s = strain_at(dd, m, x, L, qt, g, needH ? H : NULL);
            double sref = strain_ref(dd, p, m, x, qr, gr);
            double st = 0.0;
            if (d != 0.0)
                for (int k = 0; k < nq; k++) st += g[k] * c->v[k];
            double sig_el = E * (s - sref), sig = sig_el + d * st;
            if (Q && damping && cd_ancf_uses_userfunc(p)) {  /* (only Q: Jacobian numerical) */
                double s3[3];
                int found, rc;
                if (d == 0.0)
                    for (int k = 0; k < nq; k++) st += g[k] * c->v[k];
                s3[0] = s;
                s3[1] = st;
                s3[2] = sref;
                rc = user_section_force(c, dd, m, x, qt, qr, s3, &found, &sig);
                if (rc) return rc;
            }
            if (Q)
                for (int k = 0; k < nq; k++) Q[k] += w * sig * g[k];
            if (K) {
                for (int k = 0; k < nq; k++) {
                    Hv[k] = 0.0;
                    if (d != 0.0)
                        for (int n = 0; n < nq; n++) Hv[k] += H[n + nq * k] * c->v[n];
                }
                for (int l = 0; l < nq; l++) {
                    double cl = E * g[l] + d * Hv[l];
                    for (int k = 0; k < nq; k++)
                        K[k + nq * l] += w * (cl * g[k] + sig * H[k + nq * l]);
                }
            }
            if (D && d != 0.0)
                for (int l = 0; l < nq; l++)
                    for (int k = 0; k < nq; k++) D[k + nq * l] += w * d * g[k] * g[l];
            if (Kg)
                for (int l = 0; l < nq * nq; l++) Kg[l] += w * sig_el * H[l];
        }
    }
    return CD_OK;
}

int cd_ancf_residual(const cd_objctx *c, double *r2, double *rae)
{
    (void)rae;
    return element_forces(c, 1, r2, NULL, NULL, NULL);
}

int cd_ancf_jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq,
                     double *Gv)
{
    (void)Cq; (void)Gq; (void)Gv;
    if (cd_ancf_uses_userfunc(c->item->p)) return CD_JAC_NUMERICAL;
    return element_forces(c, 1, NULL, K, D, NULL);
}

/* the elastic forces (without damping) and their tangent */
int cd_ancf_elastic(const cd_objctx *c, double *fel, double *Kel)
{
    if (cd_ancf_uses_userfunc(c->item->p)) return CD_JAC_NUMERICAL;
    return element_forces(c, 0, fel, Kel, NULL, NULL);
}

int cd_ancf_geometric(const cd_objctx *c, double *Kg)
{
    if (cd_ancf_uses_userfunc(c->item->p)) return CD_JAC_NUMERICAL;
    return element_forces(c, 0, NULL, NULL, NULL, Kg);
}

/* M = rhoA int S^T S dx (Gauss, 4 points: exact for the cubic shape functions) */
int cd_ancf_mass(const cd_objctx *c, double *M)
{
    const cd_p_ancf *p = c->item->p;
    const int dim = desc_of(c->item)->dim, nq = 4 * dim;
    double L = p->length, S[4];
    memset(M, 0, sizeof(double) * (size_t)(nq * nq));
    for (int ip = 0; ip < 4; ip++) {
        double x = 0.5 * L * (g4x[ip] + 1.0), w = 0.5 * L * g4w[ip] * p->massPerLength;
        cd_ancf_shape(x, L, S, NULL, NULL);
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++)
                for (int d = 0; d < dim; d++)
                    M[dim * i + d + nq * (dim * j + d)] += w * S[i] * S[j];
    }
    return CD_OK;
}

int cd_ancf_nodes(const void *vp, const int **n)
{
    const cd_p_ancf *p = vp;
    *n = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

void cd_ancf_body_position(const cd_system *s, const cd_item *it, const double *lp,
                           const double *q, const double *v, double pos[3], double vel[3],
                           double *J)
{
    const cd_p_ancf *p = it->p;
    const int dim = desc_of(it)->dim;
    double S[4];
    cd_ancf_shape(lp[0], p->length, S, NULL, NULL);
    for (int i = 0; i < 3; i++) pos[i] = vel[i] = 0.0;
    for (int k = 0; k < 4 * dim; k++) {
        double Sk = S[k / dim];
        pos[k % dim] += Sk * (s->qref[it->ltg[k]] + q[k]);
        vel[k % dim] += Sk * v[k];
        if (J)
            for (int i = 0; i < 3; i++) J[i + 3 * k] = (i == k % dim) ? Sk : 0.0;
    }
}

void cd_ancf_mass_force(const cd_system *s, const cd_item *it, const double *q,
                        const double b[3], double *f)
{
    const cd_p_ancf *p = it->p;
    const int dim = desc_of(it)->dim;
    double L = p->length, m = p->massPerLength;
    const double ints[4] = {L / 2, L * L / 12, L / 2, -L * L / 12};
    (void)s; (void)q;
    for (int k = 0; k < 4 * dim; k++) f[k] = m * ints[k / dim] * b[k % dim];
}

int cd_ancf_output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    const cd_ancf_desc *dd = desc_of(c->item);
    const cd_p_ancf *p = c->item->p;
    const int nq = 4 * dd->dim;
    double qt[CD_ANCF_MAXNQ], qr[CD_ANCF_MAXNQ], g[CD_ANCF_MAXNQ], gr[CD_ANCF_MAXNQ], Sx[4];
    cd_ancf_total_coordinates(c, qt, qr);
    relative_to_node0(dd->dim, qt);   /* only derivatives of the positions are used here */
    relative_to_node0(dd->dim, qr);
    double x = lp[0], L = p->length;
    switch (var) {
    case CD_OV_ROTATION:
    case CD_OV_DIRECTOR1: {
        double a[3] = {0.0, 0.0, 0.0};
        cd_ancf_shape(x, L, NULL, Sx, NULL);
        cd_ancf_map(dd->dim, Sx, qt, a);
        if (var == CD_OV_ROTATION) {
            if (dd->dim != 2) return -1;
            out[0] = atan2(a[1], a[0]);
            return 1;
        }
        memcpy(out, a, sizeof a);
        return 3;
    }
    case CD_OV_ANGULARACCELERATION: {
        /* planar: w = (a x a_t)_z / h, h = |a|^2 (a = r' at x), so
         * w_t = (a x a_tt)_z / h - 2 (a . a_t) w / h */
        double a[3] = {0, 0, 0}, at[3] = {0, 0, 0}, att[3] = {0, 0, 0};
        if (dd->dim != 2 || !c->a) return -1;
        cd_ancf_shape(x, L, NULL, Sx, NULL);
        cd_ancf_map(dd->dim, Sx, qt, a);
        cd_ancf_map(dd->dim, Sx, c->v, at);
        cd_ancf_map(dd->dim, Sx, c->a, att);
        double h = a[0] * a[0] + a[1] * a[1], w = (a[0] * at[1] - a[1] * at[0]) / h;
        out[0] = out[1] = 0;
        out[2] = (a[0] * att[1] - a[1] * att[0]) / h - 2.0 * (a[0] * at[0] + a[1] * at[1]) * w / h;
        return 3;
    }
    case CD_OV_STRAINLOCAL: case CD_OV_CURVATURELOCAL:
    case CD_OV_FORCELOCAL: case CD_OV_TORQUELOCAL: {
        int axial = var == CD_OV_STRAINLOCAL || var == CD_OV_FORCELOCAL;
        int m0 = axial ? 0 : 1, m1 = axial ? 0 : dd->ncurv;
        for (int m = m0; m <= m1; m++) {
            double sv = strain_at(dd, m, x, L, qt, g, NULL);
            if (var == CD_OV_STRAINLOCAL || var == CD_OV_CURVATURELOCAL) {
                out[m - m0] = sv;
                continue;
            }
            double sref = strain_ref(dd, p, m, x, qr, gr), st = 0.0;
            for (int k = 0; k < nq; k++) st += g[k] * c->v[k];
            out[m - m0] = m ? p->bendingStiffness * (sv - sref) + p->bendingDamping * st
                            : p->axialStiffness * (sv - sref) + p->axialDamping * st;
            double s3[3] = {sv, st, sref};
            int found;
            if (user_section_force(c, dd, m, x, qt, qr, s3, &found, &out[m - m0])) return -1;
        }
        return m1 - m0 + 1;
    }
    default: return -1;
    }
}

int cd_ancf_check(const cd_ancf_desc *d, const cd_system *s, int index, const void *vp,
                  cd_error *err)
{
    const cd_p_ancf *p = vp;
    for (int i = 0; i < 2; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[i]];
        if (nd->type != d->node)
            return cd_error_set(err, CD_ERR_INPUT,
                                "%s %d: parameter 'nodeNumbers' refers to node %d of type %s; %s "
                                "needs two %s", d->name, index, p->nodeNumbers.x[i],
                                nd->type->name, d->name, d->node->name);
    }
    if (p->useReducedOrderIntegration < 0 || p->useReducedOrderIntegration > 2)
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'useReducedOrderIntegration' must be 0, 1 or 2, "
                            "got %d", d->name, index, p->useReducedOrderIntegration);
    return CD_OK;
}
