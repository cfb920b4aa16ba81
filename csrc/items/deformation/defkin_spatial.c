/* defkin_spatial: kinematics of the spatial deformation-based elements (truss, beam, hinge) in
 * the SPACAR line (Jonker 1989; Jonker & Meijaard): generalized deformations e(q), invariant
 * under rigid-body motion and zero in the reference configuration, their exact first
 * derivatives De = de/dq and the exact contraction H = sum_i sig_i d2e_i/dq2 (see cd_defkin.h
 * for the calling conventions).
 *
 * Coordinates. Truss: q = [x_p (3), x_q (3)]. Beam and hinge: q = [x_p (3), e_p (4), x_q (3),
 * e_q (4)], e the Euler parameters of a NodeRigidBodyEP (global = A local). The four Euler
 * parameters are treated as independent coordinates: every node rotation here is
 *     R(e) = A(e) / (e . e),
 * A(e) coordyn's quadratic matrix (cd_rot_ep), which equals |e|^2 times the rotation of e/|e|;
 * R(e) is therefore a proper rotation for every nonzero e, equal to A(e) on |e| = 1, and the
 * deformations depend on the rotation only (they are invariant under a scaling of e, so
 * De e_node = 0: element forces never act on the norm constraint, which stays the node's
 * business). e = 0 (no rotation) is outside the domain.
 *
 * Notation: n = (x_q - x_p)/l the unit chord, l = |x_q - x_p|, l0 its reference value. For each
 * node k of the beam, the cross-section frame (x_k, y_k, z_k) = R(e_k) (cx_k, cy_k, cz_k), the
 * c vectors constant in the node frame (stored in ref); in the reference configuration both
 * nodes' frames equal the element frame: x along the reference chord, y the part of par normal
 * to x, normalized, z = x cross y.
 *
 * TRUSS (ne = 1):  e1 = l - l0.
 *
 * BEAM (ne = 6), all of dimension length:
 *   e1 = l - l0                                  elongation
 *   e2 = l0 (z_p . y_q - y_p . z_q) / 2          torsion (twist of q relative to p about x)
 *   e3 = -l0 z_p . n                             bending of p in the x-z plane
 *   e4 =  l0 z_q . n                             bending of q in the x-z plane
 *   e5 =  l0 y_p . n                             bending of p in the x-y plane
 *   e6 = -l0 y_q . n                             bending of q in the x-y plane
 * Meaning (exact for a single rotation, first order in general): a twist of node q by the
 * angle a about the chord gives e2 = l0 sin a; a rotation of node p by th about its local y
 * gives e3 = -l0 sin th, of q about its local y e4 = l0 sin th, of p about its local z
 * e5 = -l0 sin th, of q about its local z e6 = l0 sin th (every other entry zero). A uniformly
 * curved beam (constant curvature, end rotations opposite relative to the chord) has e3 = e4
 * and e5 = e6. With th_y,p, th_y,q, th_z,p, th_z,q the end rotations relative to the chord
 * about the local y and z axes: e3 = -l0 th_y,p, e4 = l0 th_y,q, e5 = -l0 th_z,p,
 * e6 = l0 th_z,q to first order.
 *
 * e1 is the plain chord elongation by default (ref[19] = 0): the geometric stiffness of an
 * axial force N is then the string stiffness N/l (I - n n^T) alone, so one element per member
 * overestimates buckling loads (a one-element cantilever buckles at 3 EI/L^2, exact 2.467).
 * With ref[19] = 1 (set by the element after cd_defkin_beam3d_reference) e1 is the seed's
 * refined elongation, e1 = l - l0 + (2 e3^2 + e3 e4 + 2 e4^2 + 2 e5^2 + e5 e6 + 2 e6^2) /
 * (30 l0) in this file's signs (Jonker 1989: the shortening of the chord by the bending), which
 * gives the cubic beam's consistent geometric stiffness (one element: 2.486 EI/L^2).
 *
 * BEAM STIFFNESS (cd_defkin_beam3d_stiffness): sigma = S e with sigma_i de_i the work, so
 *   sigma1 = EA/l0 e1 (the axial force), sigma2 = GJ/l0^3 e2 (torque / l0),
 *   [sigma3 sigma4] = EIy/l0^3 [4 -2; -2 4] [e3 e4], [sigma5 sigma6] = EIz/l0^3 [4 -2; -2 4]
 *   [e5 e6]; this gives the classical end moments M_p = EI/l0 (4 th_p + 2 th_q),
 *   M_q = EI/l0 (2 th_p + 4 th_q) in each plane (moment about y: EIy; about z: EIz).
 *
 * BEAM INTERPOLATION (consistent mass): the cubic Hermite curve
 *   r(xi) = h1 x_p + h2 t_p + h3 x_q + h4 t_q,  h1 = 2xi^3 - 3xi^2 + 1, h2 = xi^3 - 2xi^2 + xi,
 *   h3 = 3xi^2 - 2xi^3, h4 = xi^3 - xi^2,  t_k = l0 x_k = l0 R(e_k) cx_k (the nodal tangents).
 *
 * HINGE (ne = 3): h = par/|par| the hinge axis in the reference configuration, u a unit vector
 * normal to h (the global axis least aligned with h, made normal to h), v = h cross u; each is
 * stored in both node frames, the current vectors h_k, u_k, v_k = R(e_k) (...) (k = p, q):
 *   e1 = atan2(v_p . u_q - u_p . v_q, u_p . u_q + v_p . v_q)   relative rotation angle of q
 *        about the axis (right-handed about h), in (-pi, pi]: exactly the angle a of a rotation
 *        of q about the axis; the value jumps by 2 pi at +-pi (De, H are continuous there);
 *        undefined when both sums vanish (axes tilted by 90 degrees);
 *   e2 = -v_p . h_q   tilt of the q axis about u (a rotation of q by b about u: e2 = sin b)
 *   e3 =  u_p . h_q   tilt of the q axis about v (a rotation of q by b about v: e3 = sin b)
 * e2, e3 are dimensionless; positions do not enter (their De columns are zero).
 *
 * ref layouts (doubles): truss [l0]; beam [l0, cx_p, cy_p, cz_p, cx_q, cy_q, cz_q, refined]
 * (20);
 * hinge [h, u, v in p's frame, h, u, v in q's frame] (18). */
#include "cd_defkin.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

enum { NQ = 14 };

/* a node's rotation R(e) = A(e) / (e . e) and what its derivatives need: A, dA/de_k and the
 * constant d2A/de_k de_m (A is quadratic in e) */
typedef struct {
    double e[4], w;          /* w = 1 / (e . e) */
    double A[9], dA[36], d2A[4][36];   /* d2A[m] + 9 k = d2A / de_k de_m */
} noderot;

static void node_rot(const double e[4], int second, noderot *r)
{
    double Gb[12], Gd[3], dGb[48], dq[12], dv[12];
    memcpy(r->e, e, sizeof r->e);
    r->w = 1.0 / (e[0] * e[0] + e[1] * e[1] + e[2] * e[2] + e[3] * e[3]);
    cd_rot_ep(e, r->A, Gb, Gd);
    cd_rot_ep_d(e, r->dA, dGb, dq, dv);
    if (second)
        for (int m = 0; m < 4; m++) {   /* dA_k is linear in e: dA_k(u_m) = d2A / de_k de_m */
            double u[4] = {0, 0, 0, 0};
            u[m] = 1;
            cd_rot_ep_d(u, r->d2A[m], dGb, dq, dv);
        }
}

/* a vector function of at most 7 of the element coordinates (idx), with its first and second
 * derivatives */
typedef struct {
    int n, idx[7];
    double v[3], d[7][3], dd[7][7][3];
} vfun;

/* a = R(e) c of the node whose parameters are q[off .. off + 3]; the second derivatives only if
 * second (then r must have them). a = w u, u = A c, w = 1/(e.e):
 * da_k = w u_k + w_k u, dda_km = w u_km + w_k u_m + w_m u_k + w_km u */
static void node_vec(const noderot *r, int off, const double c[3], int second, vfun *a)
{
    double u[3], uk[4][3], wk[4], w = r->w;
    a->n = 4;
    cd_matvec(r->A, c, u);
    for (int k = 0; k < 4; k++) {
        a->idx[k] = off + k;
        cd_matvec(r->dA + 9 * k, c, uk[k]);
        wk[k] = -2 * w * w * r->e[k];
        for (int i = 0; i < 3; i++) a->d[k][i] = w * uk[k][i] + wk[k] * u[i];
    }
    for (int i = 0; i < 3; i++) a->v[i] = w * u[i];
    if (!second) return;
    for (int k = 0; k < 4; k++)
        for (int m = 0; m < 4; m++) {
            double ukm[3];
            double wkm = 8 * w * w * w * r->e[k] * r->e[m] - (k == m ? 2 * w * w : 0);
            cd_matvec(r->d2A[m] + 9 * k, c, ukm);
            for (int i = 0; i < 3; i++)
                a->dd[k][m][i] = w * ukm[i] + wk[k] * uk[m][i] + wk[m] * uk[k][i] + wkm * u[i];
        }
}

/* the unit chord n = d / l, d = x_q - x_p (x_p at q[0..2], x_q at q[qoff..qoff+2]);
 * dn/dd = (I - n n^T) / l, d2n_i/dd_j dd_k = (3 n_i n_j n_k - d_ij n_k - d_ik n_j - d_jk n_i)/l^2;
 * returns l */
static double chord(const double *q, int qoff, int second, vfun *nf)
{
    double d[3], l, n[3];
    for (int i = 0; i < 3; i++) d[i] = q[qoff + i] - q[i];
    l = sqrt(cd_dot(d, d));
    for (int i = 0; i < 3; i++) n[i] = d[i] / l;
    nf->n = 6;
    for (int k = 0; k < 3; k++) {
        nf->idx[k] = k;
        nf->idx[3 + k] = qoff + k;
        nf->v[k] = n[k];
    }
    for (int k = 0; k < 6; k++)
        for (int i = 0; i < 3; i++) {
            int kk = k % 3;
            double s = k < 3 ? -1.0 : 1.0;
            nf->d[k][i] = s * ((i == kk) - n[i] * n[kk]) / l;
        }
    if (!second) return l;
    for (int k = 0; k < 6; k++)
        for (int m = 0; m < 6; m++) {
            int kk = k % 3, mm = m % 3;
            double s = ((k < 3) == (m < 3) ? 1.0 : -1.0) / (l * l);
            for (int i = 0; i < 3; i++)
                nf->dd[k][m][i] = s * (3 * n[i] * n[kk] * n[mm] - (i == kk) * n[mm]
                                       - (i == mm) * n[kk] - (kk == mm) * n[i]);
        }
    return l;
}

/* f = a . b; g (NQ) += wg df/dq if g; H (NQ x NQ) += wh d2f/dq2 if H and wh != 0 */
static double dot_acc(const vfun *a, const vfun *b, double wg, double wh, double *g, double *H)
{
    if (g) {
        for (int k = 0; k < a->n; k++) g[a->idx[k]] += wg * cd_dot(a->d[k], b->v);
        for (int k = 0; k < b->n; k++) g[b->idx[k]] += wg * cd_dot(a->v, b->d[k]);
    }
    if (H && wh != 0) {
        for (int k = 0; k < a->n; k++)
            for (int m = 0; m < a->n; m++)
                H[a->idx[k] + NQ * a->idx[m]] += wh * cd_dot(a->dd[k][m], b->v);
        for (int k = 0; k < b->n; k++)
            for (int m = 0; m < b->n; m++)
                H[b->idx[k] + NQ * b->idx[m]] += wh * cd_dot(a->v, b->dd[k][m]);
        for (int k = 0; k < a->n; k++)
            for (int m = 0; m < b->n; m++) {
                double t = wh * cd_dot(a->d[k], b->d[m]);
                H[a->idx[k] + NQ * b->idx[m]] += t;
                H[b->idx[m] + NQ * a->idx[k]] += t;
            }
    }
    return cd_dot(a->v, b->v);
}

/* the length l = |x_q - x_p| (x_p at q[0..2], x_q at q[qoff..]) of an element with nq
 * coordinates: g (nq) = dl/dq if g, H (nq x nq) += wh d2l/dq2 if H */
static double length_acc(const double *q, int qoff, int nq, double wh, double *g, double *H)
{
    double d[3], l, n[3];
    for (int i = 0; i < 3; i++) d[i] = q[qoff + i] - q[i];
    l = sqrt(cd_dot(d, d));
    for (int i = 0; i < 3; i++) n[i] = d[i] / l;
    if (g)
        for (int i = 0; i < 3; i++) {
            g[i] = -n[i];
            g[qoff + i] = n[i];
        }
    if (H && wh != 0)
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double t = wh * ((i == j) - n[i] * n[j]) / l;
                H[i + nq * j] += t;
                H[qoff + i + nq * (qoff + j)] += t;
                H[i + nq * (qoff + j)] -= t;
                H[qoff + i + nq * j] -= t;
            }
    return l;
}

/* R(e)^T v for a reference node (normalized rotation); nonzero if e = 0 */
static int ref_local(const double e[4], const double v[3], double c[3])
{
    double A[9], Gb[12], Gd[3], ee = e[0] * e[0] + e[1] * e[1] + e[2] * e[2] + e[3] * e[3];
    if (!(ee > 0) || !isfinite(ee)) return 1;
    cd_rot_ep(e, A, Gb, Gd);
    cd_mattvec(A, v, c);
    for (int i = 0; i < 3; i++) c[i] /= ee;
    return 0;
}

/* ------------------------------------------------------------------------------- truss */

int cd_defkin_truss3d_reference(const double *q0, const double *par, double *ref)
{
    double d[3] = {q0[3] - q0[0], q0[4] - q0[1], q0[5] - q0[2]};
    (void)par;
    ref[0] = sqrt(cd_dot(d, d));
    return ref[0] > 0 && isfinite(ref[0]) ? 0 : 1;
}

void cd_defkin_truss3d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H)
{
    int wantH = sig && H;
    if (wantH) memset(H, 0, 36 * sizeof(double));
    e[0] = length_acc(q, 3, 6, wantH ? sig[0] : 0, De, wantH ? H : NULL) - ref[0];
}

/* -------------------------------------------------------------------------------- beam */

int cd_defkin_beam3d_reference(const double *q0, const double *par, double *ref)
{
    double d[3], x[3], y[3], z[3], l0, py, pp;
    for (int i = 0; i < 3; i++) d[i] = q0[7 + i] - q0[i];
    l0 = sqrt(cd_dot(d, d));
    if (!(l0 > 0) || !isfinite(l0)) return 1;
    if (!par) return 2;
    for (int i = 0; i < 3; i++) x[i] = d[i] / l0;
    py = cd_dot(par, x);
    for (int i = 0; i < 3; i++) y[i] = par[i] - py * x[i];
    pp = sqrt(cd_dot(y, y));
    /* par along the chord (or zero) leaves the cross-section undefined */
    if (!(pp > 1e-10 * sqrt(cd_dot(par, par)))) return 2;
    for (int i = 0; i < 3; i++) y[i] /= pp;
    cd_cross(x, y, z);
    ref[0] = l0;
    ref[19] = 0.0;   /* plain elongation; the element sets 1 for the refined one */
    for (int k = 0; k < 2; k++) {
        const double *e = q0 + 3 + 7 * k;
        if (ref_local(e, x, ref + 1 + 9 * k) || ref_local(e, y, ref + 4 + 9 * k) ||
            ref_local(e, z, ref + 7 + 9 * k))
            return 3;
    }
    return 0;
}

static void beam3d_plain(const double *q, const double *ref, double *e, double *De,
                         const double *sig, double *H)
{
    enum { NE = 6 };
    int wantH = sig && H;
    double l0 = ref[0], g[NQ], *gp = De ? g : NULL, *Hp = wantH ? H : NULL;
    noderot rp, rq;
    vfun yp, zp, yq, zq, n;
    /* the bending deformations: sign and vector of each (e3..e6) */
    const double bs[4] = {-1, 1, 1, -1};
    const vfun *bv[4] = {&zp, &zq, &yp, &yq};

    if (wantH) memset(H, 0, NQ * NQ * sizeof(double));
    node_rot(q + 3, wantH, &rp);
    node_rot(q + 10, wantH, &rq);
    node_vec(&rp, 3, ref + 4, wantH, &yp);
    node_vec(&rp, 3, ref + 7, wantH, &zp);
    node_vec(&rq, 10, ref + 13, wantH, &yq);
    node_vec(&rq, 10, ref + 16, wantH, &zq);
    chord(q, 7, wantH, &n);

    /* e1 = l - l0 */
    memset(g, 0, sizeof g);
    e[0] = length_acc(q, 7, NQ, wantH ? sig[0] : 0, gp, Hp) - l0;
    if (De)
        for (int j = 0; j < NQ; j++) De[0 + NE * j] = g[j];

    /* e2 = l0 (z_p . y_q - y_p . z_q) / 2 */
    {
        double w = 0.5 * l0, wh = wantH ? w * sig[1] : 0;
        memset(g, 0, sizeof g);
        e[1] = w * (dot_acc(&zp, &yq, w, wh, gp, Hp) - dot_acc(&yp, &zq, -w, -wh, gp, Hp));
        if (De)
            for (int j = 0; j < NQ; j++) De[1 + NE * j] = g[j];
    }

    /* e3..e6 = s l0 (axis . n) */
    for (int b = 0; b < 4; b++) {
        double w = bs[b] * l0, wh = wantH ? w * sig[2 + b] : 0;
        memset(g, 0, sizeof g);
        e[2 + b] = w * dot_acc(bv[b], &n, w, wh, gp, Hp);
        if (De)
            for (int j = 0; j < NQ; j++) De[2 + b + NE * j] = g[j];
    }
}

/* the seed's refined elongation (ref[19] != 0): e1 = l - l0 + phi(e3..e6),
 * phi = (2 e3^2 + e3 e4 + 2 e4^2 + 2 e5^2 + e5 e6 + 2 e6^2) / (30 l0); by the chain rule
 * De1 += sum_b phi_b De_b and H += sig1 (sum_b phi_b H_b + De_b^T phi_bc De_c) */
void cd_defkin_beam3d(const double *q, const double *ref, double *e, double *De,
                      const double *sig, double *H)
{
    enum { NE = 6 };
    if (ref[19] == 0.0) {
        beam3d_plain(q, ref, e, De, sig, H);
        return;
    }
    double l0 = ref[0], D0[NE * NQ], d[4], c = 1.0 / (30.0 * l0);
    beam3d_plain(q, ref, e, D0, NULL, NULL);
    const double *b = e + 2;
    /* d phi / d e_b and the constant second derivatives (Hessian of phi) */
    d[0] = c * (4 * b[0] + b[1]);
    d[1] = c * (b[0] + 4 * b[1]);
    d[2] = c * (4 * b[2] + b[3]);
    d[3] = c * (b[2] + 4 * b[3]);
    double phi = c * (2 * b[0] * b[0] + b[0] * b[1] + 2 * b[1] * b[1] + 2 * b[2] * b[2] +
                      b[2] * b[3] + 2 * b[3] * b[3]);
    if (sig && H) {
        double s2[NE], tmp[NE];
        memcpy(s2, sig, sizeof s2);
        for (int k = 0; k < 4; k++) s2[2 + k] += sig[0] * d[k];
        beam3d_plain(q, ref, tmp, NULL, s2, H);
        const double P[4][4] = {{4 * c, c, 0, 0}, {c, 4 * c, 0, 0}, {0, 0, 4 * c, c},
                                {0, 0, c, 4 * c}};
        for (int j = 0; j < NQ; j++)
            for (int i = 0; i < NQ; i++) {
                double h = 0;
                for (int k = 0; k < 4; k++)
                    for (int m = 0; m < 4; m++)
                        h += D0[2 + k + NE * i] * P[k][m] * D0[2 + m + NE * j];
                H[i + NQ * j] += sig[0] * h;
            }
    }
    e[0] += phi;
    if (De) {
        memcpy(De, D0, sizeof D0);
        for (int j = 0; j < NQ; j++)
            for (int k = 0; k < 4; k++) De[0 + NE * j] += d[k] * D0[2 + k + NE * j];
    }
}

void cd_defkin_beam3d_stiffness(double EA, double GJ, double EIy, double EIz,
                                const double *ref, double *S)
{
    double l0 = ref[0], l3 = l0 * l0 * l0;
    memset(S, 0, 36 * sizeof(double));
    S[0 + 6 * 0] = EA / l0;
    S[1 + 6 * 1] = GJ / l3;
    S[2 + 6 * 2] = S[3 + 6 * 3] = 4 * EIy / l3;
    S[2 + 6 * 3] = S[3 + 6 * 2] = -2 * EIy / l3;
    S[4 + 6 * 4] = S[5 + 6 * 5] = 4 * EIz / l3;
    S[4 + 6 * 5] = S[5 + 6 * 4] = -2 * EIz / l3;
}

void cd_defkin_beam3d_interp(double xi, const double *q, const double *v, const double *ref,
                             double *r, double *J, double *Jdv)
{
    double l0 = ref[0], x2 = xi * xi, x3 = x2 * xi;
    double h[4] = {2 * x3 - 3 * x2 + 1, l0 * (x3 - 2 * x2 + xi), 3 * x2 - 2 * x3,
                   l0 * (x3 - x2)};
    int second = Jdv != NULL;
    if (J) memset(J, 0, 3 * NQ * sizeof(double));
    if (Jdv) Jdv[0] = Jdv[1] = Jdv[2] = 0;
    for (int k = 0; k < 2; k++) {
        noderot rk;
        vfun t;   /* the unit nodal tangent x_k = R(e_k) cx_k */
        int off = 7 * k;
        node_rot(q + off + 3, second, &rk);
        node_vec(&rk, off + 3, ref + 1 + 9 * k, second, &t);
        for (int i = 0; i < 3; i++) {
            if (k == 0) r[i] = 0;
            r[i] += h[2 * k] * q[off + i] + h[2 * k + 1] * t.v[i];
        }
        if (J)
            for (int i = 0; i < 3; i++) {
                J[i + 3 * (off + i)] = h[2 * k];
                for (int m = 0; m < 4; m++) J[i + 3 * (off + 3 + m)] = h[2 * k + 1] * t.d[m][i];
            }
        if (Jdv) {
            const double *ed = v + off + 3;
            for (int m = 0; m < 4; m++)
                for (int p = 0; p < 4; p++)
                    for (int i = 0; i < 3; i++)
                        Jdv[i] += h[2 * k + 1] * t.dd[m][p][i] * ed[m] * ed[p];
        }
    }
}

/* ------------------------------------------------------------------------------- hinge */

int cd_defkin_hinge3d_reference(const double *q0, const double *par, double *ref)
{
    double h[3], u[3], v[3], hh, a[3] = {0, 0, 0}, ua;
    int imin = 0;
    if (!par) return 2;
    hh = sqrt(cd_dot(par, par));
    if (!(hh > 0) || !isfinite(hh)) return 2;
    for (int i = 0; i < 3; i++) h[i] = par[i] / hh;
    for (int i = 1; i < 3; i++)
        if (fabs(h[i]) < fabs(h[imin])) imin = i;
    a[imin] = 1;
    for (int i = 0; i < 3; i++) u[i] = a[i] - h[imin] * h[i];
    ua = sqrt(cd_dot(u, u));
    for (int i = 0; i < 3; i++) u[i] /= ua;
    cd_cross(h, u, v);
    for (int k = 0; k < 2; k++) {
        const double *e = q0 + 3 + 7 * k;
        if (ref_local(e, h, ref + 9 * k) || ref_local(e, u, ref + 3 + 9 * k) ||
            ref_local(e, v, ref + 6 + 9 * k))
            return 3;
    }
    return 0;
}

void cd_defkin_hinge3d(const double *q, const double *ref, double *e, double *De,
                       const double *sig, double *H)
{
    enum { NE = 3 };
    int wantH = sig && H, second = wantH;
    noderot rp, rq;
    vfun up, vp, hq, uq, vq;
    double gs[NQ], gc[NQ], Hs[NQ * NQ], Hc[NQ * NQ], g[NQ];
    double *Hsp = wantH ? Hs : NULL, *Hcp = wantH ? Hc : NULL, s, c, r2;

    if (wantH) {
        memset(H, 0, NQ * NQ * sizeof(double));
        memset(Hs, 0, sizeof Hs);
        memset(Hc, 0, sizeof Hc);
    }
    node_rot(q + 3, second, &rp);
    node_rot(q + 10, second, &rq);
    node_vec(&rp, 3, ref + 3, second, &up);
    node_vec(&rp, 3, ref + 6, second, &vp);
    node_vec(&rq, 10, ref + 9, second, &hq);
    node_vec(&rq, 10, ref + 12, second, &uq);
    node_vec(&rq, 10, ref + 15, second, &vq);

    /* e1 = atan2(s, c), s = v_p.u_q - u_p.v_q, c = u_p.u_q + v_p.v_q */
    memset(gs, 0, sizeof gs);
    memset(gc, 0, sizeof gc);
    s = dot_acc(&vp, &uq, 1, 1, gs, Hsp) - dot_acc(&up, &vq, -1, -1, gs, Hsp);
    c = dot_acc(&up, &uq, 1, 1, gc, Hcp) + dot_acc(&vp, &vq, 1, 1, gc, Hcp);
    e[0] = atan2(s, c);
    r2 = s * s + c * c;
    {
        double ts = c / r2, tc = -s / r2;
        if (De)
            for (int j = 0; j < NQ; j++) De[0 + NE * j] = ts * gs[j] + tc * gc[j];
        if (wantH && sig[0] != 0) {
            double r4 = r2 * r2, tss = -2 * c * s / r4, tcc = 2 * c * s / r4,
                   tsc = (s * s - c * c) / r4, w = sig[0];
            for (int j = 0; j < NQ; j++)
                for (int i = 0; i < NQ; i++)
                    H[i + NQ * j] += w * (ts * Hs[i + NQ * j] + tc * Hc[i + NQ * j] +
                                          tss * gs[i] * gs[j] + tcc * gc[i] * gc[j] +
                                          tsc * (gs[i] * gc[j] + gc[i] * gs[j]));
        }
    }

    /* e2 = -v_p . h_q, e3 = u_p . h_q */
    memset(g, 0, sizeof g);
    e[1] = -dot_acc(&vp, &hq, -1, wantH ? -sig[1] : 0, De ? g : NULL, wantH ? H : NULL);
    if (De)
        for (int j = 0; j < NQ; j++) De[1 + NE * j] = g[j];
    memset(g, 0, sizeof g);
    e[2] = dot_acc(&up, &hq, 1, wantH ? sig[2] : 0, De ? g : NULL, wantH ? H : NULL);
    if (De)
        for (int j = 0; j < NQ; j++) De[2 + NE * j] = g[j];
}
