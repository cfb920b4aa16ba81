/* test_defkin_planar: the planar deformation kinematics (csrc/items/deformation/defkin_planar.c)
 * against finite differences (De, H, the interpolation's J and Jdv), rigid-body invariance,
 * zero deformations in the reference, and closed forms (elongation, end rotations, the cubic
 * beam's stiffness). Prints every failing check and "N passed, M failed"; exits nonzero on
 * failure. */
#include "../items/deformation/cd_defkin.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static int g_pass, g_fail;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (cond) g_pass++;                                                \
        else {                                                             \
            g_fail++;                                                      \
            printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);          \
            printf(__VA_ARGS__);                                           \
            printf("\n");                                                  \
        }                                                                  \
    } while (0)

static unsigned long long g_rng = 88172645463325252ULL;

static double rnd(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (double)(g_rng >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

typedef struct {
    const char *name;
    int nq, ne, rot;           /* rot: node coordinates [x, y, phi] (else [x, y]) */
    cd_defkin_fn fn;
    cd_defkin_ref_fn ref;
} element;

static const element ELEMENTS[] = {
    {"truss2d", CD_DEFKIN_TRUSS2D_NQ, CD_DEFKIN_TRUSS2D_NE, 0, cd_defkin_truss2d,
     cd_defkin_truss2d_reference},
    {"beam2d", CD_DEFKIN_BEAM2D_NQ, CD_DEFKIN_BEAM2D_NE, 1, cd_defkin_beam2d,
     cd_defkin_beam2d_reference},
    {"hinge2d", CD_DEFKIN_HINGE2D_NQ, CD_DEFKIN_HINGE2D_NE, 1, cd_defkin_hinge2d,
     cd_defkin_hinge2d_reference}};

/* a configuration near the reference q0: q0 + s * random */
static void perturb(const element *el, const double *q0, double s, double *q)
{
    for (int k = 0; k < el->nq; k++) q[k] = q0[k] + s * rnd();
}

/* the largest |x_i| */
static double amax(const double *x, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++) m = fmax(m, fabs(x[i]));
    return m;
}

/* De against central differences of e; H (sig random) against central differences of
 * De^T sig */
static void check_derivatives(const element *el, const double *q, const double *ref)
{
    const int nq = el->nq, ne = el->ne;
    const double h = 1e-6;
    double e[CD_DEFKIN_MAXNE], ep[CD_DEFKIN_MAXNE], em[CD_DEFKIN_MAXNE];
    double De[CD_DEFKIN_MAXNE * CD_DEFKIN_MAXNQ], Dp[CD_DEFKIN_MAXNE * CD_DEFKIN_MAXNQ],
        Dm[CD_DEFKIN_MAXNE * CD_DEFKIN_MAXNQ];
    double H[CD_DEFKIN_MAXNQ * CD_DEFKIN_MAXNQ], sig[CD_DEFKIN_MAXNE], qp[CD_DEFKIN_MAXNQ];
    for (int i = 0; i < ne; i++) sig[i] = rnd();
    el->fn(q, ref, e, De, sig, H);
    double errD = 0, errH = 0, errS = 0;
    for (int j = 0; j < nq; j++) {
        memcpy(qp, q, sizeof(double) * (size_t)nq);
        qp[j] += h;
        el->fn(qp, ref, ep, Dp, NULL, NULL);
        qp[j] -= 2 * h;
        el->fn(qp, ref, em, Dm, NULL, NULL);
        for (int i = 0; i < ne; i++)
            errD = fmax(errD, fabs((ep[i] - em[i]) / (2 * h) - De[i + ne * j]));
        for (int k = 0; k < nq; k++) {   /* d/dq_j of sum_i sig_i De[i, k] */
            double fp = 0, fm = 0;
            for (int i = 0; i < ne; i++) {
                fp += sig[i] * Dp[i + ne * k];
                fm += sig[i] * Dm[i + ne * k];
            }
            errH = fmax(errH, fabs((fp - fm) / (2 * h) - H[k + nq * j]));
            errS = fmax(errS, fabs(H[k + nq * j] - H[j + nq * k]));
        }
    }
    double sD = fmax(1.0, amax(De, ne * nq)), sH = fmax(1.0, amax(H, nq * nq));
    CHECK(errD < 1e-8 * sD, "%s: De vs finite differences: max error %.3g", el->name, errD);
    CHECK(errH < 1e-7 * sH, "%s: H vs finite differences: max error %.3g", el->name, errH);
    CHECK(errS < 1e-13 * sH, "%s: H not symmetric: %.3g", el->name, errS);
    /* De without H and H without De give the same */
    double e2[CD_DEFKIN_MAXNE], H2[CD_DEFKIN_MAXNQ * CD_DEFKIN_MAXNQ];
    el->fn(q, ref, e2, NULL, sig, H2);
    CHECK(!memcmp(e, e2, sizeof(double) * (size_t)ne) &&
              !memcmp(H, H2, sizeof(double) * (size_t)(nq * nq)),
          "%s: results depend on which outputs are asked", el->name);
}

/* e is invariant under a rigid motion (rotation by alpha about the origin, translation t) */
static void check_invariance(const element *el, const double *q, const double *ref)
{
    double alpha = 2.5 * rnd(), t[2] = {3 * rnd(), 3 * rnd()}, c = cos(alpha), s = sin(alpha);
    double qr[CD_DEFKIN_MAXNQ], e[CD_DEFKIN_MAXNE], er[CD_DEFKIN_MAXNE];
    int per = el->rot ? 3 : 2;
    for (int n = 0; n < 2; n++) {
        const double *x = q + per * n;
        qr[per * n] = c * x[0] - s * x[1] + t[0];
        qr[per * n + 1] = s * x[0] + c * x[1] + t[1];
        if (el->rot) qr[per * n + 2] = x[2] + alpha;
    }
    el->fn(q, ref, e, NULL, NULL, NULL);
    el->fn(qr, ref, er, NULL, NULL, NULL);
    double err = 0;
    for (int i = 0; i < el->ne; i++) err = fmax(err, fabs(e[i] - er[i]));
    CHECK(err < 1e-12, "%s: deformations change under a rigid motion by %.3g", el->name, err);
}

static void check_element(const element *el)
{
    /* a reference configuration with rotated nodes */
    double q0[CD_DEFKIN_MAXNQ], q[CD_DEFKIN_MAXNQ], ref[CD_DEFKIN_MAXREF], e[CD_DEFKIN_MAXNE];
    if (el->rot) {
        const double r[6] = {0.3, -0.2, 0.4, 1.4, 0.5, -0.7};
        memcpy(q0, r, sizeof r);
    } else {
        const double r[4] = {0.3, -0.2, 1.4, 0.5};
        memcpy(q0, r, sizeof r);
    }
    CHECK(el->ref(q0, NULL, ref) == 0, "%s: reference rejected", el->name);
    el->fn(q0, ref, e, NULL, NULL, NULL);
    CHECK(amax(e, el->ne) < 1e-14, "%s: deformation in the reference %.3g", el->name,
          amax(e, el->ne));
    for (int trial = 0; trial < 20; trial++) {
        perturb(el, q0, trial < 10 ? 0.05 : 0.4, q);
        check_derivatives(el, q, ref);
        check_invariance(el, q, ref);
    }
}

/* closed forms of the beam: a stretched, rotated element; end rotations; wrap at +-pi */
static void check_beam_closed_form(void)
{
    const double q0[6] = {0, 0, 0.2, 2, 0, -0.1};   /* chord along x, nodes rotated */
    double ref[CD_DEFKIN_MAXREF], e[3];
    cd_defkin_beam2d_reference(q0, NULL, ref);
    CHECK(fabs(ref[0] - 2) < 1e-15 && fabs(ref[1] + 0.2) < 1e-15 && fabs(ref[2] - 0.1) < 1e-15,
          "beam2d reference %g %g %g", ref[0], ref[1], ref[2]);
    /* rotate the whole element by 3 rad (chord angle crosses pi), stretch it by 0.1, turn the
     * end sections by +0.05 and -0.03 */
    double a = 3.0, c = cos(a), s = sin(a), L = 2.1;
    const double q[6] = {1, 1, 0.2 + a + 0.05, 1 + L * c, 1 + L * s, -0.1 + a - 0.03};
    cd_defkin_beam2d(q, ref, e, NULL, NULL, NULL);
    CHECK(fabs(e[0] - 0.1) < 1e-14 && fabs(e[1] - 2 * 0.05) < 1e-14 &&
              fabs(e[2] + 2 * 0.03) < 1e-14,
          "beam2d e = %.15g %.15g %.15g, expected 0.1 0.1 -0.06", e[0], e[1], e[2]);
    /* S: the energy 1/2 e^T S e of end rotations b1 = -b2 = b (an arc, constant curvature
     * kappa = 2 b / l0) is EI kappa^2 l0 / 2; pure stretch EA e1^2 / (2 l0) */
    double S[9], EA = 7.0, EI = 3.0, b = 0.01, ev[3] = {0, 2 * b, -2 * b};
    cd_defkin_beam2d_stiffness(EA, EI, ref, S);
    double U = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) U += 0.5 * ev[i] * S[i + 3 * j] * ev[j];
    double kap = 2 * b / 2.0, Uref = 0.5 * EI * kap * kap * 2.0;
    CHECK(fabs(U - Uref) < 1e-15 * fmax(1, Uref) + 1e-18, "beam2d arc energy %g vs %g", U, Uref);
    CHECK(fabs(S[0] - EA / 2.0) < 1e-15, "beam2d S11 = %g", S[0]);
    /* end moment of a cantilever-like state b2 = 0: M1 = 4 EI b1 / l0 = l0 sigma2 */
    double ev2[3] = {0, 2 * b, 0};
    double sig2 = S[1 + 3 * 1] * ev2[1];
    CHECK(fabs(2.0 * sig2 - 4 * EI * b / 2.0) < 1e-15, "beam2d moment %g", 2.0 * sig2);
    /* zero length is refused */
    const double qz[6] = {1, 1, 0, 1, 1, 0.3};
    CHECK(cd_defkin_beam2d_reference(qz, NULL, ref) != 0, "beam2d zero length accepted");
    const double qt[4] = {1, 1, 1, 1};
    CHECK(cd_defkin_truss2d_reference(qt, NULL, ref) != 0, "truss2d zero length accepted");
}

/* the Hermite interpolation: nodes at xi = 0, 1, tangents l0 t_i, J and Jdv vs differences */
static void check_interp(void)
{
    const double q0[6] = {0.1, 0.2, 0.3, 1.5, 0.9, -0.2};
    double ref[CD_DEFKIN_MAXREF], q[6], v[6], r[2], J[12], Jdv[2];
    cd_defkin_beam2d_reference(q0, NULL, ref);
    for (int k = 0; k < 6; k++) { q[k] = q0[k] + 0.1 * rnd(); v[k] = rnd(); }
    cd_defkin_beam2d_interp(0.0, q, v, ref, r, J, Jdv);
    CHECK(fabs(r[0] - q[0]) < 1e-15 && fabs(r[1] - q[1]) < 1e-15, "interp at 0");
    cd_defkin_beam2d_interp(1.0, q, v, ref, r, J, Jdv);
    CHECK(fabs(r[0] - q[3]) < 1e-15 && fabs(r[1] - q[4]) < 1e-15, "interp at 1");
    /* reference configuration: a straight element, r(xi) on the chord at xi l0 */
    cd_defkin_beam2d_interp(0.3, q0, v, ref, r, NULL, NULL);
    double x = q0[0] + 0.3 * (q0[3] - q0[0]), y = q0[1] + 0.3 * (q0[4] - q0[1]);
    CHECK(fabs(r[0] - x) < 1e-14 && fabs(r[1] - y) < 1e-14, "straight reference: %g %g", r[0],
          r[1]);
    const double h = 1e-6;
    for (int ip = 0; ip < 5; ip++) {
        double xi = 0.25 * ip, qp[6], rp[2], rm[2], Jp[12], Jm[12], err = 0, errd = 0;
        cd_defkin_beam2d_interp(xi, q, v, ref, r, J, Jdv);
        for (int j = 0; j < 6; j++) {
            memcpy(qp, q, sizeof qp);
            qp[j] += h;
            cd_defkin_beam2d_interp(xi, qp, v, ref, rp, NULL, NULL);
            qp[j] -= 2 * h;
            cd_defkin_beam2d_interp(xi, qp, v, ref, rm, NULL, NULL);
            for (int a = 0; a < 2; a++)
                err = fmax(err, fabs((rp[a] - rm[a]) / (2 * h) - J[a + 2 * j]));
        }
        /* Jdv = d/ds (J(q + s v)) v */
        for (int k = 0; k < 6; k++) qp[k] = q[k] + h * v[k];
        cd_defkin_beam2d_interp(xi, qp, v, ref, rp, Jp, NULL);
        for (int k = 0; k < 6; k++) qp[k] = q[k] - h * v[k];
        cd_defkin_beam2d_interp(xi, qp, v, ref, rm, Jm, NULL);
        for (int a = 0; a < 2; a++) {
            double d = 0;
            for (int k = 0; k < 6; k++) d += (Jp[a + 2 * k] - Jm[a + 2 * k]) / (2 * h) * v[k];
            errd = fmax(errd, fabs(d - Jdv[a]));
        }
        CHECK(err < 1e-8, "interp J at xi %g: error %.3g", xi, err);
        CHECK(errd < 1e-7, "interp Jdv at xi %g: error %.3g", xi, errd);
    }
}

/* the hinge: relative rotation, not wrapped (angles are coordinates) */
static void check_hinge(void)
{
    const double q0[6] = {0, 0, 0.4, 1, 1, 1.0};
    double ref[CD_DEFKIN_MAXREF], e[1];
    cd_defkin_hinge2d_reference(q0, NULL, ref);
    const double q[6] = {5, 3, 0.4 + 7.0, -2, 1, 1.0 + 7.5};
    cd_defkin_hinge2d(q, ref, e, NULL, NULL, NULL);
    CHECK(fabs(e[0] - 0.5) < 1e-14, "hinge2d e = %g, expected 0.5", e[0]);
}

/* the refined elongation (ref[3] = 1): derivatives and invariance like the plain one; zero in
 * the reference; the chord's shortening by a pure bending (e2 = -e3 = l0 b: phi = l0 b^2 / 6,
 * the arc of angle 2 b); and one element clamped at node 1 under an axial compression P buckles
 * at P L^2 / EI = (5.2 - sqrt(19.84)) / 0.3 = 2.4860 (the consistent geometric stiffness of
 * the cubic beam; the plain elongation gives 3) */
static void check_refined(void)
{
    const element *el = &ELEMENTS[1];
    const double q0[6] = {0.3, -0.2, 0.4, 1.4, 0.5, -0.7};
    double ref[CD_DEFKIN_MAXREF], q[6], e[3], De[18], H[36];
    CHECK(cd_defkin_beam2d_reference(q0, NULL, ref) == 0 && ref[3] == 0.0,
          "beam2d: the reference sets the plain elongation");
    ref[3] = 1.0;
    cd_defkin_beam2d(q0, ref, e, NULL, NULL, NULL);
    CHECK(amax(e, 3) < 1e-14, "refined beam2d: deformation in the reference %.3g", amax(e, 3));
    for (int trial = 0; trial < 20; trial++) {
        perturb(el, q0, trial < 10 ? 0.05 : 0.4, q);
        check_derivatives(el, q, ref);
        check_invariance(el, q, ref);
    }
    /* straight chord along x of length l0, node rotations +b and -b */
    const double b = 0.01, L = 2.0, EI = 3.0, EA = 1e7;
    const double qs[6] = {0, 0, 0, L, 0, 0};
    cd_defkin_beam2d_reference(qs, NULL, ref);
    ref[3] = 1.0;
    const double qb[6] = {0, 0, b, L, 0, -b};
    cd_defkin_beam2d(qb, ref, e, NULL, NULL, NULL);
    CHECK(fabs(e[0] - L * b * b / 6) < 1e-15, "refined e1 under pure bending %.6g, expected "
          "%.6g", e[0], L * b * b / 6);
    for (int refined = 0; refined < 2; refined++) {
        double S[9], sig[3] = {-1.0, 0, 0};
        ref[3] = refined;
        cd_defkin_beam2d(qs, ref, e, De, sig, H);
        cd_defkin_beam2d_stiffness(EA, EI, ref, S);
        /* free coordinates of node 2: y2 (4), phi2 (5) */
        const int f[2] = {4, 5};
        double k[4], g[4];
        for (int a = 0; a < 2; a++)
            for (int c = 0; c < 2; c++) {
                double sk = 0;
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 3; j++) sk += De[i + 3 * f[a]] * S[i + 3 * j] * De[j + 3 * f[c]];
                k[a + 2 * c] = sk;
                g[a + 2 * c] = H[f[a] + 6 * f[c]];
            }
        double qa = g[0] * g[3] - g[1] * g[2], qb2 = k[0] * g[3] + k[3] * g[0] - k[1] * g[2] -
                    k[2] * g[1], qc = k[0] * k[3] - k[1] * k[2];
        double P = qa != 0 ? (-qb2 - sqrt(qb2 * qb2 - 4 * qa * qc)) / (2 * qa) : -qc / qb2;
        double r1 = qa != 0 ? (-qb2 + sqrt(qb2 * qb2 - 4 * qa * qc)) / (2 * qa) : P;
        P = fmin(P > 0 ? P : INFINITY, r1 > 0 ? r1 : INFINITY);
        double expect = refined ? (5.2 - sqrt(19.84)) / 0.3 : 3.0;
        CHECK(fabs(P * L * L / EI - expect) < 1e-9, "one-element buckling (%s elongation): "
              "P L^2/EI = %.10g, expected %.10g", refined ? "refined" : "plain", P * L * L / EI,
              expect);
    }
}

int main(void)
{
    for (size_t i = 0; i < sizeof ELEMENTS / sizeof ELEMENTS[0]; i++) check_element(&ELEMENTS[i]);
    check_refined();
    check_beam_closed_form();
    check_interp();
    check_hinge();
    printf("%d passed, %d failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
