/* ObjectBeamGeometricallyExact: Exudyn's 3D geometrically exact (Simo-Reissner) beam on two
 * rigid-body nodes (NodeRigidBodyRotVecLG or NodeRigidBodyEP), with Exudyn 1.13's equations.
 *
 * Node i has the frame H_i = (A_i, p_i). The element's deformation is the relative motion of
 * the two frames in SE(3): h = [u; psi] = log(H_0^-1 H_1), psi = log(A_0^T A_1) (a rotation
 * vector), u = Jr^-T(psi) A_0^T (p_1 - p_0) (Jr^-1 the inverse right tangent of SO(3)). The
 * strains are constant along the element (one-point rule):
 *     eps = (h - h0) / L,  h0 = [L, 0, 0, 0, 0, 0]
 * (axial strain, two shear strains, torsion, two curvatures, all in the section frame). The
 * section forces are sigma = K eps + D eps_t with the 6x6 section stiffness K and damping D of
 * the BeamSection (Exudyn uses the diagonal of K only and no damping). A variation xi_i =
 * [A_i^T dp_i; dtheta_i] (local twist of node i) changes h by T_i xi_i with T_0 =
 * -Texp^-1(-h) and T_1 = Texp^-1(h), Texp^-1 the inverse right tangent of SE(3); with the
 * node's local angular velocity matrix Gbar_i (I for the Lie-group node), P_i = T_i
 * diag(A_i^T, Gbar_i) maps the node's coordinates, and the elastic forces are
 *     f_i = P_i^T sigma      (the gradient of (L/2) eps^T K eps).
 * Mass (that of Exudyn 1.13.6, measured: the repository's source has a lumped one): velocity
 * and global angular velocity interpolated linearly between the nodes, v(x) = N_0 v_0 + N_1 v_1,
 * w(x) = N_0 A_0 w_0 + N_1 A_1 w_1, the section inertia J in the frame A(x) of the SE(3)
 * interpolation, 2-point Gauss rule (see mass_k); gyroscopic terms int N_i Gbar_i^T A_i^T
 * (w x A(x) J A(x)^T w) dx. Both node types have Gbd_v = 0.
 *
 * Jacobian: the material stiffness Km = P^T (K/L) P (and P^T (D/L) P for damping) is
 * analytic; the geometric stiffness Kg = d(P^T)/dq sigma at fixed sigma, the damping term
 * P^T (D/L) d(P v)/dq and the (small) inertia terms are central differences inside the element
 * of quantities of the size of the section forces, never of the stiff axial force itself, so
 * Newton converges quadratically also for slender beams (EA L^2 / EI = 5e3 per element in the
 * tests). On Euler parameters the columns of K along e are central differences of the forces
 * along e (radial_columns). elastic() gives f_el with Km + Kg, geometric() Kg.
 *
 * The local position x of points runs from -L/2 (node 0) to L/2 (node 1); the frame there is
 * H_0 exp(s h), s = (x + L/2) / L, and a point [x, y, z] sits at p(x) + A(x) [0, y, z].
 * Markers (MarkerBodyPosition, MarkerBodyRigid) get the analytic J and Jrot of that frame
 * (frame_full) and, for the connectors' analytic Jacobians, derivative products by central
 * differences of them (mk_deriv). */
#include "cd_bodies.h"
#include "../nodes/cd_nodes.h"
#include "../../math/cd_vec3.h"
#include "../../math/cd_rotations.h"
#include "../../math/cd_lie.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_common c;
    cd_ivec nodeNumbers;
    double length, massPerLength;
    cd_mat inertia, stiffness, damping;
} params;

#define OFF(f) offsetof(params, f)
#define MAXNQ 14           /* two Euler-parameter nodes */
#define TNAME "ObjectBeamGeometricallyExact"

/* ---------------------------------------------------------------- SO(3) and SE(3) tangents */

static void skew(const double x[3], double S[9])
{
    S[0] = 0; S[1] = -x[2]; S[2] = x[1];
    S[3] = x[2]; S[4] = 0; S[5] = -x[0];
    S[6] = -x[1]; S[7] = x[0]; S[8] = 0;
}

/* Jr^-1(w) = beta I + w~ / 2 + gamma w w^T, beta = (phi/2) cot(phi/2), gamma = (1 - beta)/phi^2
 * (series below phi = 0.02) */
static void tso3_inv(const double w[3], double T[9])
{
    double phi2 = cd_dot(w, w), phi = sqrt(phi2), b, g;
    if (phi == 0.0) {
        for (int k = 0; k < 9; k++) T[k] = (k % 4 == 0);
        return;
    }
    if (phi <= 0.02) {
        g = 1.0 / 12 + phi2 / 720 + phi2 * phi2 / 30240;
        b = 1 - g * phi2;
    } else {
        double e = 0.5 * phi;
        b = e * cos(e) / sin(e);
        g = (1 - b) / phi2;
    }
    double S[9];
    skew(w, S);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            T[3 * i + j] = (i == j ? b : 0.0) + 0.5 * S[3 * i + j] + g * w[i] * w[j];
}

/* Texp^-1(u, w) of SE(3) (6x6 row-major): [Jr^-1(w), Tuw; 0, Jr^-1(w)] with
 * Tuw = u~/2 + f6 (u~ w~ + w~ u~) + f8 (w.u) w~^2 */
static void tse3_inv(const double u[3], const double w[3], double T[36])
{
    double phi2 = cd_dot(w, w), phi = sqrt(phi2), f6, f8, U[9], W[9], UW[9], WU[9], W2[9], Ti[9];
    if (phi >= 1e-2) f6 = (2 - phi * cos(0.5 * phi) / sin(0.5 * phi)) / (2 * phi2);
    else f6 = 1.0 / 12 + phi2 / 720 + phi2 * phi2 / 30240;
    if (phi >= 2e-1) {
        double s = sin(0.5 * phi);
        f8 = (phi * sin(phi) + 4 * cos(phi) + phi2 - 4) / (4 * s * s * phi2 * phi2);
    } else {
        double p4 = phi2 * phi2;
        f8 = 1.0 / 360 + phi2 / 7560 + p4 / 201600 + p4 * phi2 / 5987520 +
             691.0 * p4 * p4 / 130767436800.0;
    }
    skew(u, U);
    skew(w, W);
    cd_matmul(U, W, UW);
    cd_matmul(W, U, WU);
    cd_matmul(W, W, W2);
    tso3_inv(w, Ti);
    double wu = cd_dot(w, u);
    memset(T, 0, sizeof(double) * 36);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            T[6 * i + j] = T[6 * (i + 3) + j + 3] = Ti[3 * i + j];
            T[6 * i + j + 3] = 0.5 * U[3 * i + j] + f6 * (UW[3 * i + j] + WU[3 * i + j]) +
                               f8 * wu * W2[3 * i + j];
        }
}

/* ---------------------------------------------------------------- kinematics */

typedef struct {
    int nq, nt, off;                      /* node coordinates, rotation coordinates, offset */
    double p[3], v[3], A[9], Gb[12], Gbd[3], w[3];
} nodekin;

typedef struct {
    nodekin n[2];
    double h[6];            /* [u; psi] = log(H_0^-1 H_1) */
    double P[2][6 * 7];     /* P_i (6 x nq_i, row-major) */
} beamkin;

static const cd_item *node_item(const cd_system *s, const cd_item *it, int i)
{
    return &s->list[CD_NODE].items[((const params *)it->p)->nodeNumbers.x[i]];
}

static void node_kin(const cd_system *s, const cd_item *it, int i, const double *q,
                     const double *v, nodekin *k)
{
    const cd_item *nd = node_item(s, it, i);
    const double *qr = s->qref + nd->ltg[0];
    k->nq = nd->nq;
    k->nt = nd->nq - 3;
    k->off = i ? node_item(s, it, 0)->nq : 0;
    q += k->off;
    v += k->off;
    nd->type->node->rotation(nd->p, qr, q, v, k->A, k->Gb, k->Gbd);
    for (int j = 0; j < 3; j++) {
        k->p[j] = qr[j] + q[j];
        k->v[j] = v[j];
        k->w[j] = 0;
        for (int l = 0; l < k->nt; l++) k->w[j] += k->Gb[k->nt * j + l] * v[3 + l];
    }
}

/* h = log(H_0^-1 H_1): psi = log(A_0^T A_1), u = Jr^-T(psi) A_0^T (p_1 - p_0) */
static void relative_motion(const nodekin *n0, const nodekin *n1, double h[6])
{
    double R[9], A0t[9], d[3], dp[3], Ti[9];
    for (int i = 0; i < 3; i++) {
        dp[i] = n1->p[i] - n0->p[i];
        for (int j = 0; j < 3; j++) A0t[3 * i + j] = n0->A[3 * j + i];
    }
    cd_matmul(A0t, n1->A, R);
    cd_rot_log(R, h + 3);
    cd_matvec(A0t, dp, d);
    tso3_inv(h + 3, Ti);
    cd_mattvec(Ti, d, h);
}

static void beam_kin(const cd_system *s, const cd_item *it, const double *q, const double *v,
                     beamkin *b)
{
    double T[36], hm[6];
    node_kin(s, it, 0, q, v, &b->n[0]);
    node_kin(s, it, 1, q, v, &b->n[1]);
    relative_motion(&b->n[0], &b->n[1], b->h);
    for (int i = 0; i < 6; i++) hm[i] = -b->h[i];
    for (int i = 0; i < 2; i++) {
        const nodekin *k = &b->n[i];
        double sg = i ? 1.0 : -1.0;
        const double *hh = i ? b->h : hm;
        tse3_inv(hh, hh + 3, T);
        /* P = sg T [A^T 0; 0 Gbar] */
        for (int r = 0; r < 6; r++) {
            for (int c = 0; c < 3; c++) {
                double x = 0;
                for (int l = 0; l < 3; l++) x += T[6 * r + l] * k->A[3 * c + l];
                b->P[i][k->nq * r + c] = sg * x;
            }
            for (int c = 0; c < k->nt; c++) {
                double x = 0;
                for (int l = 0; l < 3; l++) x += T[6 * r + 3 + l] * k->Gb[k->nt * l + c];
                b->P[i][k->nq * r + 3 + c] = sg * x;
            }
        }
    }
}

/* eps = (h - h0) / L */
static void strains(const params *p, const double h[6], double eps[6])
{
    for (int i = 0; i < 6; i++) eps[i] = h[i] / p->length;
    eps[0] -= 1.0;
}

/* eps_t = sum_i P_i v_i / L */
static void strain_rates(const params *p, const beamkin *b, const double *v, double et[6])
{
    for (int r = 0; r < 6; r++) {
        et[r] = 0;
        for (int i = 0; i < 2; i++)
            for (int c = 0; c < b->n[i].nq; c++)
                et[r] += b->P[i][b->n[i].nq * r + c] * v[b->n[i].off + c];
        et[r] /= p->length;
    }
}

/* sigma = K eps (+ D eps_t if damping) */
static void section_forces(const params *p, const beamkin *b, const double *v, int damping,
                           double sig[6])
{
    double eps[6], et[6];
    strains(p, b->h, eps);
    if (damping) strain_rates(p, b, v, et);
    for (int r = 0; r < 6; r++) {
        sig[r] = 0;
        for (int c = 0; c < 6; c++) {
            sig[r] += p->stiffness.x[6 * r + c] * eps[c];
            if (damping) sig[r] += p->damping.x[6 * r + c] * et[c];
        }
    }
}

/* f = sum_i P_i^T sigma on the element's coordinates (nq) */
static void add_section_work(const beamkin *b, const double sig[6], double *f)
{
    for (int i = 0; i < 2; i++)
        for (int c = 0; c < b->n[i].nq; c++) {
            double x = 0;
            for (int r = 0; r < 6; r++) x += b->P[i][b->n[i].nq * r + c] * sig[r];
            f[b->n[i].off + c] += x;
        }
}

/* the elastic forces at local coordinates q (velocities v only for the node kinematics) */
static void elastic_forces(const cd_system *s, const cd_item *it, const double *q,
                           const double *v, double *f)
{
    beamkin b;
    double sig[6];
    beam_kin(s, it, q, v, &b);
    memset(f, 0, sizeof(double) * (size_t)it->nq);
    section_forces(it->p, &b, v, 0, sig);
    add_section_work(&b, sig, f);
}

/* ---------------------------------------------------------------- ops */

static int damped(const params *p)
{
    for (int k = 0; k < 36; k++)
        if (p->damping.x[k] != 0.0) return 1;
    return 0;
}

/* the section frame at the Gauss points of the 2-point rule, s = (1 -+ 1/sqrt(3)) / 2:
 * A_0^T A(x) = exp(s psi), and N = (1 - s, s) */
static void gauss_frames(const beamkin *b, double s[2], double E[2][9])
{
    const double r = 0.5 / sqrt(3.0);
    s[0] = 0.5 - r;
    s[1] = 0.5 + r;
    for (int g = 0; g < 2; g++) {
        double w[3] = {s[g] * b->h[3], s[g] * b->h[4], s[g] * b->h[5]}, Eg[9];
        cd_rot_exp(w, Eg);
        cd_matmul(b->n[0].A, Eg, E[g]);   /* A(x_g), global */
    }
}

/* Jg = A(x) J A(x)^T (global section inertia), row-major */
static void global_inertia(const params *p, const double Ax[9], double Jg[9])
{
    double T[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            T[3 * i + j] = 0;
            for (int l = 0; l < 3; l++) T[3 * i + j] += Ax[3 * i + l] * p->inertia.x[3 * l + j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            Jg[3 * i + j] = 0;
            for (int l = 0; l < 3; l++) Jg[3 * i + j] += T[3 * i + l] * Ax[3 * j + l];
        }
}

/* Exudyn 1.13.6's mass: the velocity v(x) = N_0 v_0 + N_1 v_1 and the global angular velocity
 * w(x) = N_0 A_0 w_0 + N_1 A_1 w_1 (w_i = Gbar_i theta_t,i local) interpolated linearly, the
 * section inertia J in the interpolated frame A(x); kinetic energy integrated by the 2-point
 * Gauss rule (exact for the translational part: rhoA L [1/3, 1/6; 1/6, 1/3]):
 *   M_ij = int N_i N_j [rhoA I, 0; 0, Gbar_i^T A_i^T A(x) J A(x)^T A_j Gbar_j] dx */
static void mass_k(const params *p, const beamkin *b, int n, double *M)
{
    const double L = p->length, ml = p->massPerLength * L;
    double s[2], E[2][9];
    memset(M, 0, sizeof(double) * (size_t)(n * n));
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            double m = ml * (i == j ? 1.0 / 3 : 1.0 / 6);
            for (int d = 0; d < 3; d++) M[(b->n[i].off + d) + n * (b->n[j].off + d)] = m;
        }
    gauss_frames(b, s, E);
    for (int g = 0; g < 2; g++) {
        double N[2] = {1 - s[g], s[g]}, Jg[9], B[2][12];  /* B_i = A_i Gbar_i (3 x nt_i) */
        global_inertia(p, E[g], Jg);
        for (int i = 0; i < 2; i++) {
            const nodekin *k = &b->n[i];
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < k->nt; c++) {
                    B[i][k->nt * r + c] = 0;
                    for (int l = 0; l < 3; l++) B[i][k->nt * r + c] += k->A[3 * r + l] * k->Gb[k->nt * l + c];
                }
        }
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++) {
                const nodekin *ki = &b->n[i], *kj = &b->n[j];
                double f = 0.5 * L * N[i] * N[j];   /* Gauss weight 1 times L/2 */
                for (int c = 0; c < kj->nt; c++) {
                    double JB[3];
                    for (int r = 0; r < 3; r++) {
                        JB[r] = 0;
                        for (int l = 0; l < 3; l++) JB[r] += Jg[3 * r + l] * B[j][kj->nt * l + c];
                    }
                    for (int r = 0; r < ki->nt; r++)
                        M[(ki->off + 3 + r) + n * (kj->off + 3 + c)] +=
                            f * (B[i][r] * JB[0] + B[i][ki->nt + r] * JB[1] +
                                 B[i][2 * ki->nt + r] * JB[2]);
                }
            }
    }
}

/* the gyroscopic terms of Exudyn 1.13.6: r_i += int N_i Gbar_i^T A_i^T (w x Jg w) dx with the
 * interpolated global w(x) and Jg = A(x) J A(x)^T, 2-point Gauss rule */
static void add_gyroscopic(const params *p, const beamkin *b, double *r)
{
    double s[2], E[2][9], wg0[3], wg1[3];
    cd_matvec(b->n[0].A, b->n[0].w, wg0);
    cd_matvec(b->n[1].A, b->n[1].w, wg1);
    gauss_frames(b, s, E);
    for (int g = 0; g < 2; g++) {
        double N[2] = {1 - s[g], s[g]}, w[3], Jg[9], Jw[3], tau[3];
        for (int l = 0; l < 3; l++) w[l] = N[0] * wg0[l] + N[1] * wg1[l];
        global_inertia(p, E[g], Jg);
        cd_matvec(Jg, w, Jw);
        cd_cross(w, Jw, tau);
        for (int i = 0; i < 2; i++) {
            const nodekin *k = &b->n[i];
            double tl[3];
            cd_mattvec(k->A, tau, tl);
            for (int l = 0; l < k->nt; l++)
                r[k->off + 3 + l] += 0.5 * p->length * N[i] *
                                     (k->Gb[l] * tl[0] + k->Gb[k->nt + l] * tl[1] +
                                      k->Gb[2 * k->nt + l] * tl[2]);
        }
    }
}

static int mass(const cd_objctx *c, double *M)
{
    beamkin b;
    beam_kin(c->sys, c->item, c->q, c->v, &b);
    mass_k(c->item->p, &b, c->item->nq, M);
    return CD_OK;
}

/* r2 = M a + quadratic velocity terms + P^T sigma */
static int residual(const cd_objctx *c, double *r2, double *rae)
{
    const params *p = c->item->p;
    int n = c->item->nq;
    double M[MAXNQ * MAXNQ], sig[6];
    beamkin b;
    (void)rae;
    beam_kin(c->sys, c->item, c->q, c->v, &b);
    memset(r2, 0, sizeof(double) * (size_t)n);
    mass_k(p, &b, n, M);
    if (c->a)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) r2[i] += M[i + n * j] * c->a[j];
    add_gyroscopic(p, &b, r2);
    section_forces(p, &b, c->v, damped(p), sig);
    add_section_work(&b, sig, r2);
    return CD_OK;
}

/* coordinate j of the local coordinates q moved by d: additively, or for the rotation block
 * of a Lie-group node by composition psi <- log(exp(psi) exp(d e_k)) (as the engine's Newton
 * updates and numerical differentiation do) */
static void perturb(const cd_system *s, const cd_item *it, double *q, int j, double d)
{
    int i = j >= node_item(s, it, 0)->nq, off = i ? node_item(s, it, 0)->nq : 0;
    const cd_item *nd = node_item(s, it, i);
    int loc = j - off;
    if ((nd->type->node->flags & CD_NODEF_LIE) && loc >= 3) {
        const double *qr = s->qref + nd->ltg[0];
        double psi[3], e[3] = {0, 0, 0}, out[3];
        for (int l = 0; l < 3; l++) psi[l] = qr[3 + l] + q[off + 3 + l];
        e[loc - 3] = d;
        cd_rot_compose(psi, e, out);
        for (int l = 0; l < 3; l++) q[off + 3 + l] = out[l] - qr[3 + l];
    } else {
        q[j] += d;
    }
}

/* the finite-difference step of coordinate j: 1e-6 L for positions, 1e-6 for rotations */
static double fd_step(const cd_system *s, const cd_item *it, int j)
{
    int n0 = node_item(s, it, 0)->nq, loc = j < n0 ? j : j - n0;
    return loc < 3 ? 1e-6 * ((const params *)it->p)->length : 1e-6;
}

/* P (6 x n, row-major) of the whole element */
static void full_P(const beamkin *b, int n, double *Pf)
{
    for (int r = 0; r < 6; r++)
        for (int i = 0; i < 2; i++)
            for (int cc = 0; cc < b->n[i].nq; cc++)
                Pf[n * r + b->n[i].off + cc] = b->P[i][b->n[i].nq * r + cc];
}

/* K (n x n, column-major) += fac P^T X P, X 6x6 row-major */
static void add_PtXP(const double *Pf, int n, const double *X, double fac, double *K)
{
    for (int j = 0; j < n; j++) {
        double XP[6];
        for (int r = 0; r < 6; r++) {
            XP[r] = 0;
            for (int l = 0; l < 6; l++) XP[r] += X[6 * r + l] * Pf[n * l + j];
        }
        for (int i = 0; i < n; i++) {
            double x = 0;
            for (int r = 0; r < 6; r++) x += Pf[n * r + i] * XP[r];
            K[i + n * j] += fac * x;
        }
    }
}

/* the inertia part of r2: M(q) a + the gyroscopic terms */
static void inertia_forces(const cd_system *s, const cd_item *it, const double *q,
                           const double *v, const double *a, double *r)
{
    int n = it->nq;
    double M[MAXNQ * MAXNQ];
    beamkin b;
    beam_kin(s, it, q, v, &b);
    mass_k(it->p, &b, n, M);
    memset(r, 0, sizeof(double) * (size_t)n);
    if (a)
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) r[i] += M[i + n * j] * a[j];
    add_gyroscopic(it->p, &b, r);
}

/* g (n) = P(q)^T sig at fixed sig, and e (6) = P(q) v at fixed v */
static void P_products(const cd_system *s, const cd_item *it, const double *q, const double *v,
                       const double sig[6], double *g, double e[6])
{
    beamkin b;
    beam_kin(s, it, q, v, &b);
    memset(g, 0, sizeof(double) * (size_t)it->nq);
    add_section_work(&b, sig, g);
    for (int r = 0; r < 6; r++) {
        e[r] = 0;
        for (int i = 0; i < 2; i++)
            for (int cc = 0; cc < b.n[i].nq; cc++)
                e[r] += b.P[i][b.n[i].nq * r + cc] * v[b.n[i].off + cc];
    }
}

/* the part of r2 that K differentiates: elastic (+ damping) (+ inertia) forces at q */
static void stiffness_forces(const cd_objctx *c, const double *q, int damping, int inertia,
                             double *r)
{
    const params *p = c->item->p;
    double sig[6];
    beamkin b;
    if (inertia) inertia_forces(c->sys, c->item, q, c->v, c->a, r);
    else memset(r, 0, sizeof(double) * (size_t)c->item->nq);
    beam_kin(c->sys, c->item, q, c->v, &b);
    section_forces(p, &b, c->v, damping, sig);
    add_section_work(&b, sig, r);
}

/* Euler-parameter nodes: the columns of K along e itself. P maps the parameters through Gbar
 * (Gbar e = 0), but the residual, evaluated with A(e) for any e, also changes when e is scaled
 * (Newton's iterates leave |e| = 1 by the order of the constraint's residual): K e is set to
 * the central difference of the forces along e, K += (g - K e) e^T / |e|^2, which leaves K on
 * the tangent space of the unit sphere unchanged */
static void radial_columns(const cd_objctx *c, int damping, int inertia, double *K)
{
    const cd_system *s = c->sys;
    const cd_item *it = c->item;
    int n = it->nq;
    double qp[MAXNQ], rp[MAXNQ], rm[MAXNQ];
    for (int i = 0; i < 2; i++) {
        const cd_item *nd = node_item(s, it, i);
        if (nd->type != &cd_type_NodeRigidBodyEP) continue;
        int o = (i ? node_item(s, it, 0)->nq : 0) + 3;
        const double *qr = s->qref + nd->ltg[0] + 3;
        double e[4], ee = 0, d = 1e-6;
        for (int l = 0; l < 4; l++) {
            e[l] = qr[l] + c->q[o + l];
            ee += e[l] * e[l];
        }
        if (ee == 0.0) continue;
        for (int sg = -1; sg <= 1; sg += 2) {
            memcpy(qp, c->q, sizeof(double) * (size_t)n);
            for (int l = 0; l < 4; l++) qp[o + l] += sg * d * e[l];
            stiffness_forces(c, qp, damping, inertia, sg > 0 ? rp : rm);
        }
        for (int r = 0; r < n; r++) {
            double g = (rp[r] - rm[r]) / (2 * d), Ke = 0;
            for (int l = 0; l < 4; l++) Ke += K[r + n * (o + l)] * e[l];
            for (int l = 0; l < 4; l++) K[r + n * (o + l)] += (g - Ke) * e[l] / ee;
        }
    }
}

/* the element's tangents, column-major n x n (each may be NULL):
 *   Km = P^T (K/L) P                          material stiffness (analytic)
 *   Kg = d(P^T)/dq sig                        geometric stiffness (sig fixed)
 *   K  = Km + Kg + P^T (D/L) d(P v)/dq + d r_in/dq,   D = P^T (D/L) P + d r_in/dv
 * with sig = K eps (+ D eps_t if damping); the derivatives at fixed sig and v and of the
 * inertia part r_in by central differences (fd_step): all of well-scaled quantities, so that
 * the stiff axial part never enters a difference quotient */
static void tangents(const cd_objctx *c, int damping, int inertia, double *Km, double *Kg,
                     double *K, double *D)
{
    const params *p = c->item->p;
    const cd_system *s = c->sys;
    const cd_item *it = c->item;
    int n = it->nq, nn = n * n;
    double Pf[6 * MAXNQ], sig[6], qp[MAXNQ], gp[MAXNQ], gm[MAXNQ], ep[6], em[6];
    double rp[MAXNQ], rm[MAXNQ], vp[MAXNQ], DL[36];
    beamkin b;
    beam_kin(s, it, c->q, c->v, &b);
    full_P(&b, n, Pf);
    section_forces(p, &b, c->v, damping, sig);
    for (int k = 0; k < 36; k++) DL[k] = p->damping.x[k] / p->length;
    if (Km) { memset(Km, 0, sizeof(double) * (size_t)nn); add_PtXP(Pf, n, p->stiffness.x, 1.0 / p->length, Km); }
    if (Kg) memset(Kg, 0, sizeof(double) * (size_t)nn);
    if (K) { memset(K, 0, sizeof(double) * (size_t)nn); add_PtXP(Pf, n, p->stiffness.x, 1.0 / p->length, K); }
    if (D) {
        memset(D, 0, sizeof(double) * (size_t)nn);
        if (damping) add_PtXP(Pf, n, p->damping.x, 1.0 / p->length, D);
    }
    if (!Kg && !K) return;
    for (int j = 0; j < n; j++) {
        double d = fd_step(s, it, j);
        memcpy(qp, c->q, sizeof(double) * (size_t)n);
        perturb(s, it, qp, j, d);
        P_products(s, it, qp, c->v, sig, gp, ep);
        if (K && inertia) inertia_forces(s, it, qp, c->v, c->a, rp);
        memcpy(qp, c->q, sizeof(double) * (size_t)n);
        perturb(s, it, qp, j, -d);
        P_products(s, it, qp, c->v, sig, gm, em);
        if (K && inertia) inertia_forces(s, it, qp, c->v, c->a, rm);
        double de[6], Dde[6];
        for (int r = 0; r < 6; r++) de[r] = (ep[r] - em[r]) / (2 * d);
        for (int r = 0; r < 6; r++) {
            Dde[r] = 0;
            if (damping)
                for (int l = 0; l < 6; l++) Dde[r] += DL[6 * r + l] * de[l];
        }
        for (int i = 0; i < n; i++) {
            double g = (gp[i] - gm[i]) / (2 * d);
            if (Kg) Kg[i + n * j] = g;
            if (K) {
                double x = g;
                if (damping)
                    for (int r = 0; r < 6; r++) x += Pf[n * r + i] * Dde[r];
                if (inertia) x += (rp[i] - rm[i]) / (2 * d);
                K[i + n * j] += x;
            }
        }
    }
    if (D && inertia)   /* the inertia part depends on v through the angular velocities */
        for (int j = 0; j < n; j++) {
            double d = 1e-6 * (1 + fabs(c->v[j]));
            memcpy(vp, c->v, sizeof(double) * (size_t)n);
            vp[j] += d;
            inertia_forces(s, it, c->q, vp, c->a, rp);
            vp[j] -= 2 * d;
            inertia_forces(s, it, c->q, vp, c->a, rm);
            for (int i = 0; i < n; i++) D[i + n * j] += (rp[i] - rm[i]) / (2 * d);
        }
    if (K) radial_columns(c, damping, inertia, K);
}

/* 1 if the inertia part of r2 is not zero: some velocity or acceleration is (statics: none) */
static int moving(const cd_objctx *c)
{
    for (int j = 0; j < c->item->nq; j++)
        if (c->v[j] != 0.0 || (c->a && c->a[j] != 0.0)) return 1;
    return 0;
}

static int jacobian(const cd_objctx *c, double *K, double *D, double *Cq, double *Gq, double *Gv)
{
    (void)Cq; (void)Gq; (void)Gv;
    tangents(c, damped(c->item->p), moving(c), NULL, NULL, K, D);
    return CD_OK;
}

static int elastic(const cd_objctx *c, double *fel, double *Kel)
{
    elastic_forces(c->sys, c->item, c->q, c->v, fel);
    if (Kel) tangents(c, 0, 0, NULL, NULL, Kel, NULL);
    return CD_OK;
}

/* Kg = Kel - Km: d(P^T)/dq sigma, and on Euler parameters the columns along e */
static int geometric(const cd_objctx *c, double *Kg)
{
    double Km[MAXNQ * MAXNQ];
    tangents(c, 0, 0, Km, NULL, Kg, NULL);
    for (int k = 0; k < c->item->nq * c->item->nq; k++) Kg[k] -= Km[k];
    return CD_OK;
}

static int nodes(const void *vp, const int **n)
{
    const params *p = vp;
    *n = p->nodeNumbers.x;
    return p->nodeNumbers.n;
}

/* the frame at the local axial position x: A(x) = A_0 exp(s psi), p(x) = p_0 + A_0 Jr^T(s psi)
 * s u (SE(3) exponential of s h), s = (x + L/2) / L */
static void frame_at(const params *p, const beamkin *b, double x, double A[9], double pos[3])
{
    double s = (x + 0.5 * p->length) / p->length, w[3], u[3], E[9], T[9], t[3], t2[3];
    for (int i = 0; i < 3; i++) {
        u[i] = s * b->h[i];
        w[i] = s * b->h[3 + i];
    }
    cd_rot_exp(w, E);
    cd_matmul(b->n[0].A, E, A);
    cd_rot_tangent(w, T);
    cd_mattvec(T, u, t);
    cd_matvec(b->n[0].A, t, t2);
    for (int i = 0; i < 3; i++) pos[i] = b->n[0].p[i] + t2[i];
}

/* the frame of the local point lp at coordinates q, velocities v: position, A(x), the
 * position Jacobian J and the global rotation Jacobian Jr (3 x n each, column-major; may be
 * NULL), exact for the interpolation. With E(s) = exp(s h) = (R, t), the right variation of
 * the frame H_0 E(s) is xi(s) = Ad_{E^-1} xi_0 + s Texp(s h) dh, dh = sum_i P_i dq_i (Texp
 * the right tangent of SE(3), the inverse of tse3_inv); a point [x, y, z] moves by
 * A(x) (xi_u - c~ xi_w), c = [0, y, z], and rotates by A(x) xi_w. */
static void frame_full(const cd_system *sy, const cd_item *it, const double *lp,
                       const double *q, const double *v, double pos[3], double A[9],
                       double *J, double *Jr)
{
    const params *p = it->p;
    beamkin b;
    double c[3] = {0, lp[1], lp[2]}, r[3];
    beam_kin(sy, it, q, v, &b);
    frame_at(p, &b, lp[0], A, pos);
    cd_matvec(A, c, r);
    for (int i = 0; i < 3; i++) pos[i] += r[i];
    if (!J && !Jr) return;
    double s = (lp[0] + 0.5 * p->length) / p->length, su[3], sw[3], Ti[36], Jrt[9], R[9], t[9];
    double Tx[36], Ad[36];
    for (int i = 0; i < 3; i++) {
        su[i] = s * b.h[i];
        sw[i] = s * b.h[3 + i];
    }
    /* Texp = [Jr, -Jr Tuw Jr; 0, Jr] from Texp^-1 = [Jr^-1, Tuw; 0, Jr^-1] */
    tse3_inv(su, sw, Ti);
    cd_rot_tangent(sw, Jrt);
    memset(Tx, 0, sizeof Tx);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double x = 0;
            for (int k = 0; k < 3; k++)
                for (int l = 0; l < 3; l++) x += Jrt[3 * i + k] * Ti[6 * k + 3 + l] * Jrt[3 * l + j];
            Tx[6 * i + j] = Tx[6 * (i + 3) + j + 3] = Jrt[3 * i + j];
            Tx[6 * i + j + 3] = -x;
        }
    /* Ad_{E^-1} = [R^T, -R^T t~; 0, R^T], R = exp(s psi), t = Jr^T(s psi) s u */
    cd_rot_exp(sw, R);
    double tv[3], tS[9];
    cd_mattvec(Jrt, su, tv);
    skew(tv, tS);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            t[3 * i + j] = 0;
            for (int k = 0; k < 3; k++) t[3 * i + j] += R[3 * k + i] * tS[3 * k + j];
        }
    memset(Ad, 0, sizeof Ad);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            Ad[6 * i + j] = Ad[6 * (i + 3) + j + 3] = R[3 * j + i];
            Ad[6 * i + j + 3] = -t[3 * i + j];
        }
    for (int i = 0; i < 2; i++) {
        const nodekin *k = &b.n[i];
        for (int cc = 0; cc < k->nq; cc++) {
            double xi[6], col[6];
            for (int r6 = 0; r6 < 6; r6++) col[r6] = b.P[i][k->nq * r6 + cc];
            for (int r6 = 0; r6 < 6; r6++) {
                xi[r6] = 0;
                for (int l = 0; l < 6; l++) xi[r6] += s * Tx[6 * r6 + l] * col[l];
            }
            if (i == 0) {   /* + Ad_{E^-1} [A_0^T e_c; Gbar_0 e_c] */
                double m[6];
                for (int l = 0; l < 3; l++) {
                    m[l] = cc < 3 ? k->A[3 * cc + l] : 0.0;
                    m[3 + l] = cc < 3 ? 0.0 : k->Gb[k->nt * l + cc - 3];
                }
                for (int r6 = 0; r6 < 6; r6++)
                    for (int l = 0; l < 6; l++) xi[r6] += Ad[6 * r6 + l] * m[l];
            }
            double dl[3], wc[3], g[3];
            cd_cross(xi + 3, c, wc);
            for (int l = 0; l < 3; l++) dl[l] = xi[l] + wc[l];
            if (J) {
                cd_matvec(A, dl, g);
                for (int l = 0; l < 3; l++) J[l + 3 * (k->off + cc)] = g[l];
            }
            if (Jr) {
                cd_matvec(A, xi + 3, g);
                for (int l = 0; l < 3; l++) Jr[l + 3 * (k->off + cc)] = g[l];
            }
        }
    }
}

static void body_position(const cd_system *s, const cd_item *it, const double *lp,
                          const double *q, const double *v, double pos[3], double vel[3],
                          double *J)
{
    double A[9], Jl[3 * MAXNQ];
    double *JJ = J ? J : Jl;
    frame_full(s, it, lp, q, v, pos, A, JJ, NULL);
    for (int i = 0; i < 3; i++) {
        vel[i] = 0;
        for (int j = 0; j < it->nq; j++) vel[i] += JJ[i + 3 * j] * v[j];
    }
}

/* ---------------------------------------------------------------- marker derivative data */

/* what the derivative products of a marker on the element need (in md->dwork) */
typedef struct {
    const cd_system *s;
    const cd_item *it;
    double lp[3], q[MAXNQ], v[MAXNQ];
} mkdata;

static int marker_dsize(const void *p)
{
    (void)p;
    return (int)((sizeof(mkdata) + sizeof(double) - 1) / sizeof(double));
}

static const mkdata *mkd(const cd_markerdata *md)
{
    return (const mkdata *)(const void *)md->dwork;
}

/* which quantity the derivative products differentiate */
enum { MK_JTV, MK_JRTV, MK_AX, MK_ATY, MK_POS, MK_VEL, MK_OMEGA };

/* out (m values) of the quantity at coordinates q (x: its vector argument) */
static int mk_quantity(const mkdata *d, const double *q, int what, const double x[3],
                       double *out)
{
    int n = d->it->nq;
    double pos[3], A[9], J[3 * MAXNQ], Jr[3 * MAXNQ];
    frame_full(d->s, d->it, d->lp, q, d->v, pos, A, J, Jr);
    switch (what) {
    case MK_JTV: case MK_JRTV: {
        const double *M = what == MK_JTV ? J : Jr;
        for (int j = 0; j < n; j++) out[j] = M[3 * j] * x[0] + M[3 * j + 1] * x[1] + M[3 * j + 2] * x[2];
        return n;
    }
    case MK_AX: cd_matvec(A, x, out); return 3;
    case MK_ATY: cd_mattvec(A, x, out); return 3;
    case MK_POS: memcpy(out, pos, sizeof pos); return 3;
    default: {   /* J v, Jr v */
        const double *M = what == MK_VEL ? J : Jr;
        for (int i = 0; i < 3; i++) {
            out[i] = 0;
            for (int j = 0; j < n; j++) out[i] += M[i + 3 * j] * d->v[j];
        }
        return 3;
    }
    }
}

/* central differences of the (analytic) quantity: column j of the m x n result into
 * G[ro + ld * (co + j)] (added if add, else written) */
static void mk_diff(const cd_markerdata *md, int what, const double x[3], double *G, int ld,
                    int ro, int co, int add)
{
    const mkdata *d = mkd(md);
    int n = d->it->nq;
    double qp[MAXNQ], fp[MAXNQ], fm[MAXNQ];
    for (int j = 0; j < n; j++) {
        double h = fd_step(d->s, d->it, j);
        int m;
        memcpy(qp, d->q, sizeof(double) * (size_t)n);
        perturb(d->s, d->it, qp, j, h);
        mk_quantity(d, qp, what, x, fp);
        memcpy(qp, d->q, sizeof(double) * (size_t)n);
        perturb(d->s, d->it, qp, j, -h);
        m = mk_quantity(d, qp, what, x, fm);
        for (int i = 0; i < m; i++) {
            double g = (fp[i] - fm[i]) / (2 * h);
            if (add) G[ro + i + ld * (co + j)] += g;
            else G[ro + i + ld * (co + j)] = g;
        }
    }
}

static void mk_jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    mk_diff(md, MK_JTV, v, K, md->n, 0, 0, 1);
}
static void mk_jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    mk_diff(md, MK_JRTV, t, K, ld, o, o, 1);
}
static void mk_dvec(const cd_markerdata *md, const double xl[3], double *G)
{
    mk_diff(md, MK_AX, xl, G, 3, 0, 0, 0);
}
static void mk_dAt(const cd_markerdata *md, const double y[3], double *G)
{
    mk_diff(md, MK_ATY, y, G, 3, 0, 0, 0);
}
static void mk_dpos(const cd_markerdata *md, double *G)
{
    mk_diff(md, MK_POS, NULL, G, 3, 0, 0, 0);
}
static void mk_dvel(const cd_markerdata *md, double *G)
{
    mk_diff(md, MK_VEL, NULL, G, 3, 0, 0, 0);
}
static void mk_domega(const cd_markerdata *md, double *G)
{
    mk_diff(md, MK_OMEGA, NULL, G, 3, 0, 0, 0);
}

static const cd_markerderiv mk_deriv = {.jtv_dq = mk_jtv_dq, .jrtv_dq = mk_jrtv_dq,
                                        .dvec = mk_dvec, .dAt = mk_dAt, .dpos = mk_dpos,
                                        .dvel = mk_dvel, .domega = mk_domega};

/* MarkerBodyRigid: the frame at lp with the analytic J and Jrot; Jdot_v by central
 * differences of J v along v; the derivative products (central differences of the analytic J,
 * Jrot, A, ...) when md->want_d */
static void body_frame(const cd_system *s, const cd_item *it, const double *lp, const double *q,
                       const double *v, cd_markerdata *md)
{
    int n = it->nq;
    double qp[MAXNQ], A[9], Ax[9], px[3], Jx[3 * MAXNQ], nv = 0;
    frame_full(s, it, lp, q, v, md->pos, A, md->J, md->Jrot);
    memcpy(md->A, A, sizeof A);
    for (int i = 0; i < 3; i++) {
        md->vel[i] = md->omega[i] = 0;
        for (int j = 0; j < n; j++) {
            md->vel[i] += md->J[i + 3 * j] * v[j];
            md->omega[i] += md->Jrot[i + 3 * j] * v[j];
        }
    }
    for (int j = 0; j < n; j++) nv += v[j] * v[j];
    md->Jdot_v[0] = md->Jdot_v[1] = md->Jdot_v[2] = 0;
    if (nv > 0) {   /* d/dt (J) v = d(J v)/dq v at fixed v: central differences along v */
        double d = 1e-6 / sqrt(nv);
        for (int sg = -1; sg <= 1; sg += 2) {
            memcpy(qp, q, sizeof(double) * (size_t)n);
            for (int j = 0; j < n; j++) perturb(s, it, qp, j, sg * d * v[j]);
            frame_full(s, it, lp, qp, v, px, Ax, Jx, NULL);
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < n; j++) md->Jdot_v[i] += sg * Jx[i + 3 * j] * v[j] / (2 * d);
        }
    }
    nodekin k0;
    node_kin(s, it, 0, q, v, &k0);
    for (int i = 0; i < 3; i++) md->r[i] = md->pos[i] - k0.p[i];
    md->Jconst = 0;
    md->rigid = 1;
    md->deriv = NULL;
    if (md->want_d && md->dwork) {
        mkdata *d = (mkdata *)(void *)md->dwork;
        d->s = s;
        d->it = it;
        memcpy(d->lp, lp, sizeof d->lp);
        memcpy(d->q, q, sizeof(double) * (size_t)n);
        memcpy(d->v, v, sizeof(double) * (size_t)n);
        md->deriv = &mk_deriv;
    }
}

/* f = rhoA L/2 b on each node's position */
static void mass_force(const cd_system *s, const cd_item *it, const double *q, const double b[3],
                       double *f)
{
    const params *p = it->p;
    int n0 = node_item(s, it, 0)->nq;
    (void)q;
    memset(f, 0, sizeof(double) * (size_t)it->nq);
    for (int i = 0; i < 3; i++) f[i] = f[n0 + i] = 0.5 * p->length * p->massPerLength * b[i];
}

/* Rotation (Tait-Bryan xyz angles of A(x)), AngularVelocity (global; the exact rate of the
 * interpolated frame, where Exudyn interpolates the nodes' angular velocities linearly),
 * AngularVelocityLocal (A(x)^T times it), HomogeneousTransformation, StrainLocal (Exudyn's
 * 6 Voigt components [eps_xx, 0, 0, 0, gamma_xz, gamma_xy]), CurvatureLocal (torsion, bending
 * y, bending z), ForceLocal (sigma[0..2]), TorqueLocal (sigma[3..5]); the generic point
 * outputs answer Position, Displacement, Velocity */
static int output_at(const cd_objctx *c, const double *lp, cd_outvar var, double *out)
{
    const params *p = c->item->p;
    beamkin b;
    double eps[6], sig[6], A[9], pos[3];
    beam_kin(c->sys, c->item, c->q, c->v, &b);
    switch (var) {
    case CD_OV_ROTATION:
        frame_at(p, &b, lp[0], A, pos);   /* A(x) does not depend on the offset */
        cd_rot_rxyz_angles(A, out);
        return 3;
    case CD_OV_STRAINLOCAL:   /* Exudyn's layout: Voigt [xx, yy, zz, yz, xz, xy] */
        strains(p, b.h, eps);
        out[0] = eps[0];
        out[1] = out[2] = out[3] = 0.0;
        out[4] = eps[2];
        out[5] = eps[1];
        return 6;
    case CD_OV_CURVATURELOCAL:
        strains(p, b.h, eps);
        memcpy(out, eps + 3, 3 * sizeof(double));
        return 3;
    case CD_OV_ANGULARVELOCITY:        /* global, Jrot q_t of the interpolated frame */
    case CD_OV_ANGULARVELOCITYLOCAL: { /* the same in the frame A(x): A^T w */
        double Jr[3 * MAXNQ], w[3];
        frame_full(c->sys, c->item, lp, c->q, c->v, pos, A, NULL, Jr);
        for (int i = 0; i < 3; i++) {
            w[i] = 0;
            for (int j = 0; j < c->item->nq; j++) w[i] += Jr[i + 3 * j] * c->v[j];
        }
        if (var == CD_OV_ANGULARVELOCITYLOCAL)
            cd_mattvec(A, w, out);
        else
            memcpy(out, w, sizeof w);
        return 3;
    }
    case CD_OV_HOMOGENEOUSTRANSFORMATION:  /* [A(x), position of the point lp; 0, 1] */
        frame_full(c->sys, c->item, lp, c->q, c->v, pos, A, NULL, NULL);
        return cd_rot_homogeneous(A, pos, out);
    case CD_OV_FORCELOCAL: case CD_OV_TORQUELOCAL:
        section_forces(p, &b, c->v, damped(p), sig);
        memcpy(out, sig + (var == CD_OV_FORCELOCAL ? 0 : 3), 3 * sizeof(double));
        return 3;
    default: return -1;
    }
}

/* the section matrices 6x6, 6x6, 3x3, symmetric with a nonnegative diagonal, and K positive
 * definite (Cholesky); nodes NodeRigidBodyRotVecLG or NodeRigidBodyEP */
static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const char *mats[3] = {"stiffnessMatrix", "dampingMatrix", "inertia"};
    const char *flds[3] = {"sectionStiffnessMatrix", "sectionDampingMatrix", "sectionInertia"};
    const cd_mat *m[3] = {&p->stiffness, &p->damping, &p->inertia};
    int dims[3] = {6, 6, 3};
    for (int i = 0; i < 2; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumbers.x[i]];
        if (nd->type != &cd_type_NodeRigidBodyRotVecLG && nd->type != &cd_type_NodeRigidBodyEP)
            return cd_error_set(err, CD_ERR_INPUT,
                                TNAME " %d: parameter 'nodeNumbers' refers to node %d of type %s; "
                                TNAME " needs two NodeRigidBodyRotVecLG or NodeRigidBodyEP nodes",
                                index, p->nodeNumbers.x[i], nd->type->name);
    }
    for (int k = 0; k < 3; k++) {
        int d = dims[k];
        if (m[k]->rows != d || m[k]->cols != d)
            return cd_error_set(err, CD_ERR_INPUT,
                                TNAME " %d: parameter '%s' (sectionData.%s) must be a "
                                "%dx%d matrix, got %dx%d", index, flds[k], mats[k], d, d, m[k]->rows,
                                m[k]->cols);
        const double *x = m[k]->x;
        double sc = 0;
        for (int l = 0; l < d * d; l++) sc = fmax(sc, fabs(x[l]));
        for (int r = 0; r < d; r++)
            for (int cc = 0; cc < r; cc++)
                if (fabs(x[d * r + cc] - x[d * cc + r]) > 1e-12 * sc)
                    return cd_error_set(err, CD_ERR_INPUT,
                                        TNAME " %d: parameter '%s' (sectionData.%s) is "
                                        "not symmetric: entry (%d, %d) = %g, (%d, %d) = %g",
                                        index, flds[k], mats[k], r, cc, x[d * r + cc], cc, r,
                                        x[d * cc + r]);
        for (int r = 0; r < d; r++)
            if (x[d * r + r] < 0)
                return cd_error_set(err, CD_ERR_INPUT,
                                    TNAME " %d: parameter '%s' (sectionData.%s) has a "
                                    "negative diagonal entry (%d, %d) = %g", index, flds[k], mats[k], r, r,
                                    x[d * r + r]);
    }
    /* Cholesky of K */
    double Lc[36];
    const double *K = p->stiffness.x;
    for (int j = 0; j < 6; j++) {
        double dj = K[7 * j];
        for (int l = 0; l < j; l++) dj -= Lc[6 * j + l] * Lc[6 * j + l];
        if (!(dj > 1e-14 * fabs(K[7 * j])) || dj <= 0)
            return cd_error_set(err, CD_ERR_INPUT,
                                TNAME " %d: parameter 'sectionStiffnessMatrix' "
                                "(sectionData.stiffnessMatrix) is not positive definite (pivot %d of "
                                "its Cholesky factor is "
                                "%g)", index, j, dj);
        Lc[7 * j] = sqrt(dj);
        for (int i = j + 1; i < 6; i++) {
            double x = K[6 * i + j];
            for (int l = 0; l < j; l++) x -= Lc[6 * i + l] * Lc[6 * j + l];
            Lc[6 * i + j] = x / Lc[7 * j];
        }
    }
    return CD_OK;
}

static const cd_objectops ops = {
    .flags = CD_OBJF_BODY | CD_OBJF_MASSPROP, .nodes = nodes, .mass_const = 0, .mass = mass,
    .residual = residual, .jacobian = jacobian, .elastic = elastic, .geometric = geometric,
    .body_position = body_position, .body_frame = body_frame, .marker_dsize = marker_dsize,
    .mass_force = mass_force, .output_at = output_at};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ROTATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARVELOCITYLOCAL,
                                    CD_OV_HOMOGENEOUSTRANSFORMATION, CD_OV_STRAINLOCAL,
                                    CD_OV_CURVATURELOCAL,
                                    CD_OV_FORCELOCAL, CD_OV_TORQUELOCAL, CD_OV_NONE};

#define ZERO36 "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0"
static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    {"nodeNumbers", CD_FT_INDEXLIST, 2, OFF(nodeNumbers), NULL, 0, CD_NODE, "",
     "the two rigid-body nodes (NodeRigidBodyRotVecLG or NodeRigidBodyEP) of the element", NULL},
    {"length", CD_FT_REAL, 0, OFF(length), "0", CD_CHK_POS, 0, "m",
     "reference length L of the element (must be positive)", NULL},
    {"sectionMassPerLength", CD_FT_REAL, 0, OFF(massPerLength), "0", CD_CHK_NONNEG, 0, "kg/m",
     "mass per length rhoA (BeamSection.massPerLength; set through sectionData)", NULL},
    {"sectionInertia", CD_FT_MAT, 3, OFF(inertia), "0 0 0 0 0 0 0 0 0", 0, 0, "kg m",
     "section inertia per length, 3x3 (BeamSection.inertia; set through sectionData)", NULL},
    {"sectionStiffnessMatrix", CD_FT_MAT, 6, OFF(stiffness), ZERO36, 0, 0, "",
     "6x6 section stiffness on [axial, shear y, shear z, torsion, bending y, bending z] strains "
     "(BeamSection.stiffnessMatrix; set through sectionData); symmetric positive definite",
     NULL},
    {"sectionDampingMatrix", CD_FT_MAT, 6, OFF(damping), ZERO36, 0, 0, "",
     "6x6 section damping on the strain rates (BeamSection.dampingMatrix; set through "
     "sectionData; Exudyn 1.13 ignores it)", NULL},
    CD_BODY_ALIAS_FIELD("physicsLength", CD_FT_REAL, 0, "m", "length")};

const cd_itemtype cd_type_ObjectBeamGeometricallyExact = {
    .kind = CD_OBJECT, .name = "ObjectBeamGeometricallyExact",
    .typename_ = "BeamGeometricallyExact", .alias = "Beam3D",
    .doc = "Exudyn's 3D geometrically exact (shear deformable) beam on two rigid-body nodes "
           "(NodeRigidBodyRotVecLG or NodeRigidBodyEP): constant strains from the SE(3) "
           "relative motion of the node frames, 6x6 section stiffness and damping, the mass of "
           "Exudyn 1.13.6 (interpolated velocities, 2-point Gauss). Section data through "
           "sectionData=BeamSection(); local x from -L/2 (node 0) to L/2 (node 1).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .object = &ops, .outvars = outvars};
