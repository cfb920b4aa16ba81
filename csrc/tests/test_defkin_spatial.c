/* test_defkin_spatial: C tests of the spatial deformation kinematics (defkin_spatial.c):
 *  - De against central differences of e, H against central differences of sig^T De, for
 *    random configurations with normalized and unnormalized Euler parameters (truss, beam,
 *    hinge); H symmetric and written fully; the checker itself flags a wrong entry;
 *  - invariance: e unchanged under a random rigid motion of both nodes and under a scaling of
 *    the Euler parameters; e = 0 in the reference configuration;
 *  - the meaning of each deformation: pure elongation, torsion, bending of one node about its
 *    local y or z; hinge rotation by large angles about the axis and tilts about u and v;
 *  - the stiffness S: a clamped one-element cantilever assembled as De^T S De at the reference
 *    (small rotations mapped to Euler-parameter increments): tip deflection and rotation under
 *    tip forces (P L^3 / 3EI, P L^2 / 2EI in both planes), end moments about y and z (M L / EI,
 *    M L^2 / 2EI), an axial force (P L / EA) and a torque (T L / GJ): all six columns of the
 *    tip flexibility; the geometric stiffness H of an axial compression (buckling of the
 *    one-element cantilever at 3 EI / L^2, the string stiffness of e1 = l - l0);
 *  - the Hermite interpolation: end points, end tangents, J and Jdv against differences.
 * Prints the maximal errors and "N passed, M failed"; exit status 1 on any failure. */
#include "../items/deformation/cd_defkin.h"
#include "../math/cd_rotations.h"
#include "../math/cd_vec3.h"
#include <math.h>
#include <stdio.h>
#include <string.h>

static int passed = 0, failed = 0;
#define CHECK(cond, ...)                                                                     \
    do {                                                                                     \
        if (cond) passed++;                                                                  \
        else {                                                                               \
            failed++;                                                                        \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                      \
            printf(__VA_ARGS__);                                                             \
            printf("\n");                                                                    \
        }                                                                                    \
    } while (0)

/* ------------------------------------------------------------------------------ helpers */

static unsigned long long g_rng = 0x9e3779b97f4a7c15ULL;
static double rnd(void)   /* uniform in [-1, 1) */
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 7;
    g_rng ^= g_rng << 17;
    return (double)(g_rng >> 11) / 9007199254740992.0 * 2.0 - 1.0;
}

/* max(a, b), NaN if either is NaN (unlike fmax): a NaN result fails every check */
static double worst(double a, double b)
{
    return (b > a || isnan(b)) ? b : a;
}

static double maxabs(const double *a, int n)
{
    double m = 0;
    for (int i = 0; i < n; i++) m = worst(m, fabs(a[i]));
    return m;
}

static int allfinite(const double *a, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(a[i])) return 0;
    return 1;
}

static void normalize(double *a, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * a[i];
    s = sqrt(s);
    for (int i = 0; i < n; i++) a[i] /= s;
}

static void rand_unit(double *a, int n)
{
    for (int i = 0; i < n; i++) a[i] = rnd();
    normalize(a, n);
}

/* Hamilton product c = a b (R(a b) = R(a) R(b), checked below) */
static void qmul(const double a[4], const double b[4], double c[4])
{
    double r[4];
    r[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
    r[1] = a[0] * b[1] + b[0] * a[1] + a[2] * b[3] - a[3] * b[2];
    r[2] = a[0] * b[2] + b[0] * a[2] + a[3] * b[1] - a[1] * b[3];
    r[3] = a[0] * b[3] + b[0] * a[3] + a[1] * b[2] - a[2] * b[1];
    memcpy(c, r, sizeof r);
}

/* Euler parameters of the rotation by angle a about the unit axis n */
static void qaxis(const double n[3], double a, double e[4])
{
    e[0] = cos(a / 2);
    for (int i = 0; i < 3; i++) e[i + 1] = sin(a / 2) * n[i];
}

/* the rotation of e (normalized), row-major */
static void rotmat(const double e[4], double R[9])
{
    double Gb[12], Gd[3], ee = e[0] * e[0] + e[1] * e[1] + e[2] * e[2] + e[3] * e[3];
    cd_rot_ep(e, R, Gb, Gd);
    for (int i = 0; i < 9; i++) R[i] /= ee;
}

/* node k of q (7 per node) rotated by the rotation qr applied in the global frame */
static void rotate_node(double *q, int k, const double qr[4])
{
    qmul(qr, q + 7 * k + 3, q + 7 * k + 3);
}

/* ---------------------------------------------------------------- difference checks */

/* max |De - central differences of e| / max |De| */
static double check_De(cd_defkin_fn f, int nq, int ne, const double *q, const double *ref)
{
    double e[CD_DEFKIN_MAXNE], De[CD_DEFKIN_MAXNE * CD_DEFKIN_MAXNQ], qq[CD_DEFKIN_MAXNQ],
        ep[CD_DEFKIN_MAXNE], em[CD_DEFKIN_MAXNE], err = 0, h = 1e-6;
    for (int i = 0; i < ne * nq; i++) De[i] = NAN;   /* must be written fully */
    f(q, ref, e, De, NULL, NULL);
    if (!allfinite(De, ne * nq) || !allfinite(e, ne)) return INFINITY;
    for (int j = 0; j < nq; j++) {
        memcpy(qq, q, nq * sizeof(double));
        qq[j] = q[j] + h;
        f(qq, ref, ep, NULL, NULL, NULL);
        qq[j] = q[j] - h;
        f(qq, ref, em, NULL, NULL, NULL);
        for (int i = 0; i < ne; i++) {
            double d = fabs(De[i + ne * j] - (ep[i] - em[i]) / (2 * h));
            if (d > err) err = d;
        }
    }
    return err / maxabs(De, ne * nq);
}

/* max |H - central differences of sig^T De| / max |H|; *asym = max |H - H^T| / max |H| */
static double check_H(cd_defkin_fn f, int nq, int ne, const double *q, const double *ref,
                      const double *sig, double *asym)
{
    enum { N = CD_DEFKIN_MAXNQ };
    double e[CD_DEFKIN_MAXNE], H[N * N], Dp[CD_DEFKIN_MAXNE * N], Dm[CD_DEFKIN_MAXNE * N],
        qq[N], err = 0, h = 1e-6, as = 0;
    for (int i = 0; i < nq * nq; i++) H[i] = NAN;   /* must be written fully */
    f(q, ref, e, NULL, sig, H);
    if (!allfinite(H, nq * nq)) return *asym = INFINITY;
    for (int j = 0; j < nq; j++) {
        memcpy(qq, q, nq * sizeof(double));
        qq[j] = q[j] + h;
        f(qq, ref, e, Dp, NULL, NULL);
        qq[j] = q[j] - h;
        f(qq, ref, e, Dm, NULL, NULL);
        for (int k = 0; k < nq; k++) {
            double gp = 0, gm = 0;
            for (int i = 0; i < ne; i++) {
                gp += sig[i] * Dp[i + ne * k];
                gm += sig[i] * Dm[i + ne * k];
            }
            double d = fabs(H[k + nq * j] - (gp - gm) / (2 * h));
            if (!(d <= err)) err = d;   /* NaN propagates */
            d = fabs(H[k + nq * j] - H[j + nq * k]);
            if (!(d <= as)) as = d;
        }
    }
    *asym = as / maxabs(H, nq * nq);
    return err / maxabs(H, nq * nq);
}

/* a beam with a wrong entry of De and of H: the checks above must flag it */
static void beam3d_broken(const double *q, const double *ref, double *e, double *De,
                          const double *sig, double *H)
{
    cd_defkin_beam3d(q, ref, e, De, sig, H);
    if (De) De[3 + 6 * 11] *= 1.001;
    if (sig && H) H[4 + 14 * 12] += 1e-3 * maxabs(H, 196);
}

/* ------------------------------------------------------------- random configurations */

/* a random reference configuration of two rigid nodes: positions, unit Euler parameters */
static void rand_ref(double *q0, double lmin, double lmax)
{
    double d[3];
    for (int i = 0; i < 3; i++) q0[i] = rnd();
    rand_unit(d, 3);
    double l = lmin + (lmax - lmin) * 0.5 * (1 + rnd());
    for (int i = 0; i < 3; i++) q0[7 + i] = q0[i] + l * d[i];
    rand_unit(q0 + 3, 4);
    rand_unit(q0 + 10, 4);
}

/* a deformed configuration near q0: positions moved by up to dx, rotations perturbed, Euler
 * parameters scaled by 1 + scale rnd (scale 0: unit) */
static void rand_config(const double *q0, double dx, double dr, double scale, double *q)
{
    memcpy(q, q0, 14 * sizeof(double));
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 3; i++) q[7 * k + i] += dx * rnd();
        for (int i = 0; i < 4; i++) q[7 * k + 3 + i] += dr * rnd();
        normalize(q + 7 * k + 3, 4);
        double s = 1 + scale * rnd();
        for (int i = 0; i < 4; i++) q[7 * k + 3 + i] *= s;
    }
}

/* a random rigid motion (qr, t) applied to both nodes of q (2 nodes of 7 coordinates, or 2
 * points of 3 if points) */
static void rigid_motion(const double qr[4], const double t[3], int points, double *q)
{
    double R[9];
    rotmat(qr, R);
    for (int k = 0; k < 2; k++) {
        double *x = q + (points ? 3 : 7) * k, y[3];
        cd_matvec(R, x, y);
        for (int i = 0; i < 3; i++) x[i] = y[i] + t[i];
        if (!points) rotate_node(q, k, qr);
    }
}

/* ------------------------------------------------------------------------------ tests */

static void test_conventions(void)
{
    /* R(a b) = R(a) R(b): the rigid motions below compose rotations this way */
    double a[4], b[4], c[4], Ra[9], Rb[9], Rc[9], RaRb[9], err = 0;
    for (int t = 0; t < 20; t++) {
        rand_unit(a, 4);
        for (int i = 0; i < 4; i++) b[i] = 1.1 * rnd();
        qmul(a, b, c);
        rotmat(a, Ra);
        rotmat(b, Rb);
        rotmat(c, Rc);
        cd_matmul(Ra, Rb, RaRb);
        for (int i = 0; i < 9; i++) err = worst(err, fabs(Rc[i] - RaRb[i]));
    }
    CHECK(err < 1e-14, "quaternion product vs rotation product: %g", err);
    /* qaxis: a rotation about n by a turns a vector normal to n by a, right-handed */
    double n[3] = {0, 0, 1}, e[4], R[9];
    qaxis(n, 0.3, e);
    rotmat(e, R);
    CHECK(fabs(R[3] - sin(0.3)) < 1e-15 && fabs(R[0] - cos(0.3)) < 1e-15,
          "rotation about z: R = %g %g", R[0], R[3]);
}

static void test_fd(void)
{
    double maxDe[3] = {0, 0, 0}, maxH[3] = {0, 0, 0}, maxas = 0;
    const char *names[3] = {"truss3d", "beam3d", "hinge3d"};
    for (int t = 0; t < 60; t++) {
        double q0[14], q[14], ref[CD_DEFKIN_MAXREF], par[3], sig[6], as;
        double scale = t % 2 ? 0.05 : 0;   /* every other case: unnormalized parameters */
        for (int i = 0; i < 6; i++) sig[i] = rnd();

        /* truss: points p = q0[0..2], q = q0[7..9] */
        rand_ref(q0, 0.5, 2);
        double tq0[6], tq[6];
        memcpy(tq0, q0, 3 * sizeof(double));
        memcpy(tq0 + 3, q0 + 7, 3 * sizeof(double));
        for (int i = 0; i < 6; i++) tq[i] = tq0[i] + 0.3 * rnd();
        CHECK(cd_defkin_truss3d_reference(tq0, NULL, ref) == 0, "truss reference");
        maxDe[0] = worst(maxDe[0], check_De(cd_defkin_truss3d, 6, 1, tq, ref));
        maxH[0] = worst(maxH[0], check_H(cd_defkin_truss3d, 6, 1, tq, ref, sig, &as));
        maxas = worst(maxas, as);

        /* beam */
        rand_ref(q0, 0.5, 2);
        rand_unit(par, 3);
        CHECK(cd_defkin_beam3d_reference(q0, par, ref) == 0, "beam reference");
        rand_config(q0, 0.3, 0.4, scale, q);
        maxDe[1] = worst(maxDe[1], check_De(cd_defkin_beam3d, 14, 6, q, ref));
        maxH[1] = worst(maxH[1], check_H(cd_defkin_beam3d, 14, 6, q, ref, sig, &as));
        maxas = worst(maxas, as);
        ref[19] = 1;   /* the refined elongation */
        maxDe[1] = worst(maxDe[1], check_De(cd_defkin_beam3d, 14, 6, q, ref));
        maxH[1] = worst(maxH[1], check_H(cd_defkin_beam3d, 14, 6, q, ref, sig, &as));
        maxas = worst(maxas, as);

        /* hinge */
        rand_ref(q0, 0.5, 2);
        rand_unit(par, 3);
        CHECK(cd_defkin_hinge3d_reference(q0, par, ref) == 0, "hinge reference");
        rand_config(q0, 0.3, 0.4, scale, q);
        maxDe[2] = worst(maxDe[2], check_De(cd_defkin_hinge3d, 14, 3, q, ref));
        maxH[2] = worst(maxH[2], check_H(cd_defkin_hinge3d, 14, 3, q, ref, sig, &as));
        maxas = worst(maxas, as);
    }
    for (int k = 0; k < 3; k++) {
        printf("%-8s max rel. error De %.2e, H %.2e (central differences, 60 configurations)\n",
               names[k], maxDe[k], maxH[k]);
        CHECK(maxDe[k] < 1e-6, "%s: De error %g", names[k], maxDe[k]);
        CHECK(maxH[k] < 1e-6, "%s: H error %g", names[k], maxH[k]);
    }
    printf("H max rel. asymmetry %.2e\n", maxas);
    CHECK(maxas < 1e-13, "H asymmetric: %g", maxas);

    /* the checks flag a wrong entry (a relative error 1e-3 of one entry) */
    {
        double q0[14], q[14], ref[CD_DEFKIN_MAXREF], par[3], sig[6], as;
        rand_ref(q0, 0.5, 2);
        rand_unit(par, 3);
        cd_defkin_beam3d_reference(q0, par, ref);
        rand_config(q0, 0.3, 0.4, 0, q);
        for (int i = 0; i < 6; i++) sig[i] = rnd();
        double eD = check_De(beam3d_broken, 14, 6, q, ref);
        double eH = check_H(beam3d_broken, 14, 6, q, ref, sig, &as);
        CHECK(eD > 1e-5 && eH > 1e-5, "the difference checks miss a wrong entry: %g %g", eD, eH);
    }

    /* e the same with and without De and H; H only with sig */
    {
        double q0[14], q[14], ref[CD_DEFKIN_MAXREF], par[3], sig[6], e1[6], e2[6], De[84],
            H[196], d = 0;
        rand_ref(q0, 0.5, 2);
        rand_unit(par, 3);
        cd_defkin_beam3d_reference(q0, par, ref);
        rand_config(q0, 0.3, 0.4, 0.05, q);
        for (int i = 0; i < 6; i++) sig[i] = rnd();
        cd_defkin_beam3d(q, ref, e1, NULL, NULL, NULL);
        for (int i = 0; i < 196; i++) H[i] = 12345;
        cd_defkin_beam3d(q, ref, e2, De, NULL, H);
        for (int i = 0; i < 6; i++) d = worst(d, fabs(e1[i] - e2[i]));
        CHECK(d == 0 && H[0] == 12345 && H[195] == 12345, "beam: e depends on De/H (%g) or H "
              "written without sig", d);
        cd_defkin_hinge3d_reference(q0, par, ref);
        cd_defkin_hinge3d(q, ref, e1, NULL, NULL, NULL);
        cd_defkin_hinge3d(q, ref, e2, De, sig, H);
        d = 0;
        for (int i = 0; i < 3; i++) d = worst(d, fabs(e1[i] - e2[i]));
        CHECK(d == 0, "hinge: e depends on De/H: %g", d);
    }
}

static void test_invariance(void)
{
    double maxinv[3] = {0, 0, 0}, maxzero[3] = {0, 0, 0}, maxscale[2] = {0, 0}, maxe[3] = {0, 0, 0},
        maxradial = 0;
    for (int t = 0; t < 100; t++) {
        double q0[14], q[14], qm[14], ref[CD_DEFKIN_MAXREF], par[3], qr[4], tr[3], e[6],
            em[6], e0[6];
        int points = 0;
        rand_unit(qr, 4);
        for (int i = 0; i < 3; i++) tr[i] = 2 * rnd();
        for (int k = 0; k < 3; k++) {
            cd_defkin_fn f = k == 0 ? cd_defkin_truss3d : k == 1 ? cd_defkin_beam3d
                                                                  : cd_defkin_hinge3d;
            int ne = k == 0 ? 1 : k == 1 ? 6 : 3;
            rand_ref(q0, 0.5, 2);
            rand_unit(par, 3);
            rand_config(q0, 0.3, 0.6, t % 2 ? 0.05 : 0, q);
            if (k == 0) {   /* the truss: two points */
                points = 1;
                memmove(q0 + 3, q0 + 7, 3 * sizeof(double));
                memmove(q + 3, q + 7, 3 * sizeof(double));
                cd_defkin_truss3d_reference(q0, par, ref);
            } else {
                points = 0;
                if (k == 1) cd_defkin_beam3d_reference(q0, par, ref);
                else cd_defkin_hinge3d_reference(q0, par, ref);
            }
            f(q0, ref, e0, NULL, NULL, NULL);
            f(q, ref, e, NULL, NULL, NULL);
            memcpy(qm, q, sizeof qm);
            rigid_motion(qr, tr, points, qm);
            f(qm, ref, em, NULL, NULL, NULL);
            for (int i = 0; i < ne; i++) {
                maxinv[k] = worst(maxinv[k], fabs(em[i] - e[i]));
                maxzero[k] = worst(maxzero[k], fabs(e0[i]));
            }
            /* the reference moved rigidly: still zero */
            memcpy(qm, q0, sizeof qm);
            rigid_motion(qr, tr, points, qm);
            f(qm, ref, em, NULL, NULL, NULL);
            for (int i = 0; i < ne; i++) maxzero[k] = worst(maxzero[k], fabs(em[i]));
            /* scaled Euler parameters: the same deformations */
            if (k) {
                memcpy(qm, q, sizeof qm);
                for (int i = 0; i < 4; i++) {
                    qm[3 + i] *= 1.3;
                    qm[10 + i] *= 0.8;
                }
                f(qm, ref, em, NULL, NULL, NULL);
                for (int i = 0; i < ne; i++)
                    maxscale[k - 1] = worst(maxscale[k - 1], fabs(em[i] - e[i]));
                /* hence De e_node = 0 (no element force on the norm constraint) */
                double De[84];
                f(q, ref, e, De, NULL, NULL);
                for (int i = 0; i < ne; i++)
                    for (int nd = 0; nd < 2; nd++) {
                        double s = 0;
                        for (int m = 0; m < 4; m++)
                            s += De[i + ne * (7 * nd + 3 + m)] * q[7 * nd + 3 + m];
                        maxradial = worst(maxradial, fabs(s));
                    }
            }
            maxe[k] = worst(maxe[k], maxabs(e, ne));
        }
    }
    const char *names[3] = {"truss3d", "beam3d", "hinge3d"};
    for (int k = 0; k < 3; k++) {
        printf("%-8s invariance error %.2e, max |e| in reference %.2e\n", names[k], maxinv[k],
               maxzero[k]);
        CHECK(maxinv[k] < 1e-12, "%s: rigid motion changes e by %g", names[k], maxinv[k]);
        CHECK(maxzero[k] < 1e-12, "%s: e in reference %g", names[k], maxzero[k]);
        /* the deformed configurations are not trivially undeformed (the test can fail) */
        CHECK(maxe[k] > 0.05, "%s: deformations too small to test: %g", names[k], maxe[k]);
    }
    printf("scaled Euler parameters change e by %.2e (beam), %.2e (hinge)\n", maxscale[0],
           maxscale[1]);
    CHECK(maxscale[0] < 1e-12 && maxscale[1] < 1e-12, "scaling of e changes e: %g %g",
          maxscale[0], maxscale[1]);
    printf("De along the Euler parameters (radial) %.2e\n", maxradial);
    CHECK(maxradial < 1e-12, "De e_node = %g", maxradial);
}

/* the global element frame (x, y, z) of a beam reference q0, par, built here from the
 * definition (not from ref) */
static void beam_frame(const double *q0, const double *par, double x[3], double y[3],
                       double z[3], double *l0)
{
    for (int i = 0; i < 3; i++) x[i] = q0[7 + i] - q0[i];
    *l0 = sqrt(cd_dot(x, x));
    normalize(x, 3);
    double px = cd_dot(par, x);
    for (int i = 0; i < 3; i++) y[i] = par[i] - px * x[i];
    normalize(y, 3);
    cd_cross(x, y, z);
}

/* max |e - expected| */
static double dev(const double *e, const double *x, int n)
{
    double d = 0;
    for (int i = 0; i < n; i++) d = worst(d, fabs(e[i] - x[i]));
    return d;
}

static void test_meaning_beam(void)
{
    double maxd = 0, small = 0;
    for (int t = 0; t < 20; t++) {
        double q0[14], q[14], ref[CD_DEFKIN_MAXREF], par[3], x[3], y[3], z[3], l0, e[6], r[4];
        rand_ref(q0, 0.5, 2);
        rand_unit(par, 3);
        cd_defkin_beam3d_reference(q0, par, ref);
        beam_frame(q0, par, x, y, z, &l0);
        CHECK(fabs(ref[0] - l0) < 1e-15 * l0, "l0 %g %g", ref[0], l0);

        /* elongation by 0.1 (node q moved along the chord) */
        memcpy(q, q0, sizeof q);
        for (int i = 0; i < 3; i++) q[7 + i] += 0.1 * x[i];
        cd_defkin_beam3d(q, ref, e, NULL, NULL, NULL);
        maxd = worst(maxd, dev(e, (double[]){0.1, 0, 0, 0, 0, 0}, 6));

        /* torsion: node q twisted about the chord by a */
        double a = 0.7;
        memcpy(q, q0, sizeof q);
        qaxis(x, a, r);
        rotate_node(q, 1, r);
        cd_defkin_beam3d(q, ref, e, NULL, NULL, NULL);
        maxd = worst(maxd, dev(e, (double[]){0, l0 * sin(a), 0, 0, 0, 0}, 6));
        a = 1e-4;
        memcpy(q, q0, sizeof q);
        qaxis(x, a, r);
        rotate_node(q, 1, r);
        cd_defkin_beam3d(q, ref, e, NULL, NULL, NULL);
        small = worst(small, fabs(e[1] - l0 * a));
        /* twisting p instead: opposite sign */
        memcpy(q, q0, sizeof q);
        qaxis(x, 0.7, r);
        rotate_node(q, 0, r);
        cd_defkin_beam3d(q, ref, e, NULL, NULL, NULL);
        maxd = worst(maxd, dev(e, (double[]){0, -l0 * sin(0.7), 0, 0, 0, 0}, 6));

        /* bending: one node rotated by th about the local y or z of its cross-section */
        double th = 0.3, s = l0 * sin(th);
        const double *axes[4] = {y, y, z, z};
        const int node[4] = {0, 1, 0, 1};
        const double expect[4] = {-s, s, -s, s};
        for (int b = 0; b < 4; b++) {
            double ex[6] = {0, 0, 0, 0, 0, 0};
            ex[2 + b] = expect[b];
            memcpy(q, q0, sizeof q);
            qaxis(axes[b], th, r);
            rotate_node(q, node[b], r);
            cd_defkin_beam3d(q, ref, e, NULL, NULL, NULL);
            maxd = worst(maxd, dev(e, ex, 6));
            /* small rotation: e = -+ l0 th to first order */
            memcpy(q, q0, sizeof q);
            qaxis(axes[b], 1e-4, r);
            rotate_node(q, node[b], r);
            cd_defkin_beam3d(q, ref, e, NULL, NULL, NULL);
            small = worst(small, fabs(e[2 + b] - (expect[b] > 0 ? 1 : -1) * l0 * 1e-4));
        }
        /* uniform curvature in the x-z plane (tangent rotations -al at p, +al at q about y):
         * e3 = e4; in the x-y plane (about z: +al at p, -al at q): e5 = e6 */
        double al = 0.2;
        memcpy(q, q0, sizeof q);
        qaxis(y, -al, r);
        rotate_node(q, 0, r);
        qaxis(y, al, r);
        rotate_node(q, 1, r);
        cd_defkin_beam3d(q, ref, e, NULL, NULL, NULL);
        maxd = worst(maxd, dev(e, (double[]){0, 0, l0 * sin(al), l0 * sin(al), 0, 0}, 6));
    }
    printf("beam meaning: max deviation %.2e (exact cases), %.2e (first order, angle 1e-4)\n",
           maxd, small);
    CHECK(maxd < 1e-12, "beam deformations of pure motions: deviation %g", maxd);
    CHECK(small < 1e-11, "beam first-order deformations: deviation %g", small);
}

static void test_meaning_hinge(void)
{
    double maxd = 0, maxref = 0;
    for (int t = 0; t < 20; t++) {
        double q0[14], q[14], ref[CD_DEFKIN_MAXREF], par[3], h[3], u[3], v[3], e[3], r[4], R[9];
        double hv[3], uv[3], w[3];
        rand_ref(q0, 0.5, 2);
        for (int i = 0; i < 3; i++) par[i] = 3 * rnd();
        CHECK(cd_defkin_hinge3d_reference(q0, par, ref) == 0, "hinge reference");
        memcpy(h, par, sizeof h);
        normalize(h, 3);
        /* u, v from ref (p frame): with h a right-handed orthonormal triad, the same from the
         * q frame */
        rotmat(q0 + 3, R);
        cd_matvec(R, ref + 0, hv);
        cd_matvec(R, ref + 3, u);
        cd_matvec(R, ref + 6, v);
        cd_cross(h, u, w);
        maxref = worst(maxref, worst(dev(hv, h, 3), worst(fabs(cd_dot(u, u) - 1), dev(w, v, 3))));
        rotmat(q0 + 10, R);
        cd_matvec(R, ref + 9, hv);
        cd_matvec(R, ref + 12, uv);
        cd_matvec(R, ref + 15, w);
        maxref = worst(maxref, worst(dev(hv, h, 3), worst(dev(uv, u, 3), dev(w, v, 3))));

        /* rotation of q about the axis by large angles: e1 = a exactly; of p: -a */
        const double angles[5] = {0.3, 2.0, 3.0, -2.5, -3.1};
        for (int k = 0; k < 5; k++) {
            memcpy(q, q0, sizeof q);
            qaxis(h, angles[k], r);
            rotate_node(q, 1, r);
            cd_defkin_hinge3d(q, ref, e, NULL, NULL, NULL);
            maxd = worst(maxd, dev(e, (double[]){angles[k], 0, 0}, 3));
            memcpy(q, q0, sizeof q);
            rotate_node(q, 0, r);
            cd_defkin_hinge3d(q, ref, e, NULL, NULL, NULL);
            maxd = worst(maxd, dev(e, (double[]){-angles[k], 0, 0}, 3));
        }
        /* tilts of q about u and v: e2 = sin b, e3 = sin b */
        double b = 0.25;
        memcpy(q, q0, sizeof q);
        qaxis(u, b, r);
        rotate_node(q, 1, r);
        cd_defkin_hinge3d(q, ref, e, NULL, NULL, NULL);
        maxd = worst(maxd, dev(e, (double[]){0, sin(b), 0}, 3));
        memcpy(q, q0, sizeof q);
        qaxis(v, b, r);
        rotate_node(q, 1, r);
        cd_defkin_hinge3d(q, ref, e, NULL, NULL, NULL);
        maxd = worst(maxd, dev(e, (double[]){0, 0, sin(b)}, 3));
        /* a tilt, then a rotation about the (tilted) axis: the tilt stays, e1 = the angle */
        memcpy(q, q0, sizeof q);
        qaxis(u, b, r);
        rotate_node(q, 1, r);
        double ht[3], ca = cos(b), sa = sin(b);
        for (int i = 0; i < 3; i++) ht[i] = ca * h[i] - sa * v[i];   /* R_u(b) h */
        double r2[4];
        qaxis(ht, 1.2, r2);
        rotate_node(q, 1, r2);
        cd_defkin_hinge3d(q, ref, e, NULL, NULL, NULL);
        CHECK(fabs(e[1] - sin(b)) < 1e-12 && fabs(e[2]) < 1e-12,
              "hinge: tilt changed by a rotation about the tilted axis: %g %g", e[1], e[2]);
        CHECK(fabs(e[0]) > 0.5, "hinge: rotation about the tilted axis not seen: %g", e[0]);
    }
    printf("hinge meaning: max deviation %.2e, reference frames %.2e\n", maxd, maxref);
    CHECK(maxd < 1e-12, "hinge deformations of pure motions: deviation %g", maxd);
    CHECK(maxref < 1e-14, "hinge reference frames: %g", maxref);
}

/* solve A x = b (n x n column-major, overwritten) by Gaussian elimination, partial pivoting */
static void solve(int n, double *A, double *b)
{
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(A[i + n * k]) > fabs(A[p + n * k])) p = i;
        for (int j = 0; j < n; j++) {
            double t = A[k + n * j];
            A[k + n * j] = A[p + n * j];
            A[p + n * j] = t;
        }
        double t = b[k];
        b[k] = b[p];
        b[p] = t;
        for (int i = k + 1; i < n; i++) {
            double f = A[i + n * k] / A[k + n * k];
            for (int j = k; j < n; j++) A[i + n * j] -= f * A[k + n * j];
            b[i] -= f * b[k];
        }
    }
    for (int k = n - 1; k >= 0; k--) {
        for (int j = k + 1; j < n; j++) b[k] -= A[k + n * j] * b[j];
        b[k] /= A[k + n * k];
    }
}

/* T (14 x 12, column-major): [dx_p, w_p, dx_q, w_q] (w small global rotations) to increments
 * of q; on |e| = 1, de = Gbar^T A^T w / 4 (w_local = Gbar e_t, Gbar Gbar^T = 4 I) */
static void rotation_map(const double *q, double *T)
{
    memset(T, 0, 14 * 12 * sizeof(double));
    for (int k = 0; k < 2; k++) {
        double A[9], G[12], Gd[3];
        cd_rot_ep(q + 7 * k + 3, A, G, Gd);
        for (int i = 0; i < 3; i++) T[7 * k + i + 14 * (6 * k + i)] = 1;
        for (int m = 0; m < 4; m++)
            for (int j = 0; j < 3; j++) {
                double s = 0;   /* (Gbar^T A^T)_mj = sum_i G_im A_ji */
                for (int i = 0; i < 3; i++) s += G[4 * i + m] * A[3 * j + i];
                T[7 * k + 3 + m + 14 * (6 * k + 3 + j)] = s / 4;
            }
    }
}

static void test_stiffness(void)
{
    const double EA = 70, GJ = 3, EIy = 5, EIz = 2, P = 0.01;
    double maxerr = 0, maxmap = 0, maxoff = 0, L1 = 0, maxbuck = 0, maxref = 0;
    double ex_defl[2] = {0, 0}, ex_rot[2] = {0, 0}, got_defl[2] = {0, 0}, got_rot[2] = {0, 0};
    for (int t = 0; t < 10; t++) {
        double q0[14], ref[CD_DEFKIN_MAXREF], par[3], x[3], y[3], z[3], L, e[6], De[84],
            S[36], K[196], T[168], K12[144], Kff[36];
        rand_ref(q0, 0.5, 2);
        rand_unit(par, 3);
        cd_defkin_beam3d_reference(q0, par, ref);
        beam_frame(q0, par, x, y, z, &L);
        cd_defkin_beam3d(q0, ref, e, De, NULL, NULL);
        cd_defkin_beam3d_stiffness(EA, GJ, EIy, EIz, ref, S);
        /* K = De^T S De (sig = 0 at the reference: no geometric stiffness) */
        for (int i = 0; i < 14; i++)
            for (int j = 0; j < 14; j++) {
                double s = 0;
                for (int a = 0; a < 6; a++)
                    for (int b = 0; b < 6; b++) s += De[a + 6 * i] * S[a + 6 * b] * De[b + 6 * j];
                K[i + 14 * j] = s;
            }
        rotation_map(q0, T);
        /* the map: A(e + eps T w) = (I + eps w~) A(e) to first order */
        {
            double w[3] = {0.3, -0.2, 0.5}, ep[4], A0[9], A1[9], eps = 1e-7, W[9];
            for (int m = 0; m < 4; m++) {
                ep[m] = q0[10 + m];
                for (int j = 0; j < 3; j++) ep[m] += eps * T[10 + m + 14 * (9 + j)] * w[j];
            }
            rotmat(q0 + 10, A0);
            rotmat(ep, A1);
            double S3[9] = {0, -w[2], w[1], w[2], 0, -w[0], -w[1], w[0], 0};
            cd_matmul(S3, A0, W);
            for (int i = 0; i < 9; i++) maxmap = worst(maxmap, fabs((A1[i] - A0[i]) / eps - W[i]));
        }
        for (int a = 0; a < 12; a++)
            for (int b = 0; b < 12; b++) {
                double s = 0;
                for (int i = 0; i < 14; i++)
                    for (int j = 0; j < 14; j++) s += T[i + 14 * a] * K[i + 14 * j] * T[j + 14 * b];
                K12[a + 12 * b] = s;
            }
        /* clamp p: the free coordinates are [dx_q, w_q] */
        struct { double f[3], m[3]; } loads[6];
        memset(loads, 0, sizeof loads);
        for (int i = 0; i < 3; i++) {
            loads[0].f[i] = P * y[i];   /* tip force along y: bending about z */
            loads[1].f[i] = P * z[i];   /* along z: bending about y */
            loads[2].m[i] = P * z[i];   /* end moment about z */
            loads[3].f[i] = P * x[i];   /* axial force */
            loads[4].m[i] = P * x[i];   /* torque */
            loads[5].m[i] = P * y[i];   /* end moment about y */
        }
        for (int c = 0; c < 6; c++) {
            double u[6];
            for (int a = 0; a < 6; a++)
                for (int b = 0; b < 6; b++) Kff[a + 6 * b] = K12[6 + a + 12 * (6 + b)];
            for (int i = 0; i < 3; i++) {
                u[i] = loads[c].f[i];
                u[3 + i] = loads[c].m[i];
            }
            solve(6, Kff, u);
            double d[3] = {cd_dot(u, x), cd_dot(u, y), cd_dot(u, z)};
            double w[3] = {cd_dot(u + 3, x), cd_dot(u + 3, y), cd_dot(u + 3, z)};
            double dx[3] = {0, 0, 0}, wx[3] = {0, 0, 0};
            switch (c) {
            case 0: dx[1] = P * L * L * L / (3 * EIz); wx[2] = P * L * L / (2 * EIz); break;
            case 1: dx[2] = P * L * L * L / (3 * EIy); wx[1] = -P * L * L / (2 * EIy); break;
            case 2: dx[1] = P * L * L / (2 * EIz); wx[2] = P * L / EIz; break;
            case 3: dx[0] = P * L / EA; break;
            case 4: wx[0] = P * L / GJ; break;
            default: dx[2] = -P * L * L / (2 * EIy); wx[1] = P * L / EIy; break;
            }
            double scale = worst(maxabs(dx, 3), maxabs(wx, 3));
            maxerr = worst(maxerr, worst(dev(d, dx, 3), dev(w, wx, 3)) / scale);
            if (t == 0 && c < 2) {
                L1 = L;
                ex_defl[c] = dx[1 + c];
                got_defl[c] = d[1 + c];
                ex_rot[c] = wx[2 - c];
                got_rot[c] = w[2 - c];
            }
        }
        /* geometric stiffness of an axial compression P: H(sig = [-P, 0, ...]) is the string
         * stiffness -P/L (I - n n^T) on the positions only, so one element buckles as a
         * cantilever at P = 3 EI / L^2 in each plane (the cubic beam: 2.486, exact 2.467) */
        {
            double sg[6] = {-1, 0, 0, 0, 0, 0}, Hg[196], Kg12[144];
            cd_defkin_beam3d(q0, ref, e, De, sg, Hg);
            for (int a = 0; a < 12; a++)
                for (int b = 0; b < 12; b++) {
                    double s = 0;
                    for (int i = 0; i < 14; i++)
                        for (int j = 0; j < 14; j++)
                            s += T[i + 14 * a] * Hg[i + 14 * j] * T[j + 14 * b];
                    Kg12[a + 12 * b] = s;
                }
            for (int c = 0; c < 2; c++) {
                /* the plane of bending: displacement along dv, rotation about dw */
                const double *dv = c == 0 ? y : z, *dw = c == 0 ? z : y;
                double EI = c == 0 ? EIz : EIy, k[4] = {0, 0, 0, 0}, kg[4] = {0, 0, 0, 0};
                for (int a = 0; a < 3; a++)
                    for (int b = 0; b < 3; b++) {
                        int A = 6 + a, B = 6 + b, Ar = 9 + a, Br = 9 + b;
                        k[0] += dv[a] * K12[A + 12 * B] * dv[b];
                        k[1] += dv[a] * K12[A + 12 * Br] * dw[b];
                        k[3] += dw[a] * K12[Ar + 12 * Br] * dw[b];
                        kg[0] += dv[a] * Kg12[A + 12 * B] * dv[b];
                        kg[1] += dv[a] * Kg12[A + 12 * Br] * dw[b];
                        kg[3] += dw[a] * Kg12[Ar + 12 * Br] * dw[b];
                    }
                /* det(k + P kg) = 0 with kg = diag(-1/L, 0) */
                double Pcr = (k[0] * k[3] - k[1] * k[1]) / (-kg[0] * k[3]);
                maxbuck = worst(maxbuck, fabs(Pcr * L * L / EI - 3));
                maxbuck = worst(maxbuck, fabs(kg[0] * L + 1) + fabs(kg[1]) + fabs(kg[3]));
            }
            /* the refined elongation (ref[19] = 1) gives the cubic beam's consistent geometric
             * stiffness -P/L [6/5, -L/10; -L/10, 2 L^2/15] in each plane: one element buckles
             * at P L^2/EI = (5.2 - sqrt(19.84)) / 0.3 = 2.4860 (det(k + P kg) = 0, smallest
             * root), and the material stiffness De^T S De at the reference is unchanged */
            ref[19] = 1;
            cd_defkin_beam3d(q0, ref, e, De, sg, Hg);
            ref[19] = 0;
            for (int a = 0; a < 12; a++)
                for (int b = 0; b < 12; b++) {
                    double s = 0;
                    for (int i = 0; i < 14; i++)
                        for (int j = 0; j < 14; j++)
                            s += T[i + 14 * a] * Hg[i + 14 * j] * T[j + 14 * b];
                    Kg12[a + 12 * b] = s;
                }
            for (int c = 0; c < 2; c++) {
                const double *dv = c == 0 ? y : z, *dw = c == 0 ? z : y;
                double EI = c == 0 ? EIz : EIy, k[4] = {0, 0, 0, 0}, kg[4] = {0, 0, 0, 0};
                for (int a = 0; a < 3; a++)
                    for (int b = 0; b < 3; b++) {
                        int A = 6 + a, B = 6 + b, Ar = 9 + a, Br = 9 + b;
                        k[0] += dv[a] * K12[A + 12 * B] * dv[b];
                        k[1] += dv[a] * K12[A + 12 * Br] * dw[b];
                        k[3] += dw[a] * K12[Ar + 12 * Br] * dw[b];
                        kg[0] += dv[a] * Kg12[A + 12 * B] * dv[b];
                        kg[1] += dv[a] * Kg12[A + 12 * Br] * dw[b];
                        kg[3] += dw[a] * Kg12[Ar + 12 * Br] * dw[b];
                    }
                /* (k0 + P g0)(k3 + P g3) - (k1 + P g1)^2 = a P^2 + b P + c = 0 */
                double qa = kg[0] * kg[3] - kg[1] * kg[1];
                double qb = k[0] * kg[3] + k[3] * kg[0] - 2 * k[1] * kg[1];
                double qc = k[0] * k[3] - k[1] * k[1];
                double r1 = (-qb - sqrt(qb * qb - 4 * qa * qc)) / (2 * qa);
                double r2 = (-qb + sqrt(qb * qb - 4 * qa * qc)) / (2 * qa);
                double Pcr = fmin(r1 > 0 ? r1 : INFINITY, r2 > 0 ? r2 : INFINITY);
                maxref = worst(maxref, fabs(Pcr * L * L / EI - (5.2 - sqrt(19.84)) / 0.3));
                maxref = worst(maxref, fabs(kg[0] * L + 1.2) + fabs(kg[3] / L + 2.0 / 15));
            }
        }
        /* S symmetric, and only the documented couplings */
        for (int a = 0; a < 6; a++)
            for (int b = 0; b < 6; b++) {
                int coupled = a == b || (a / 2 == b / 2 && a >= 2);
                if (!coupled) maxoff = worst(maxoff, fabs(S[a + 6 * b]));
                maxoff = worst(maxoff, fabs(S[a + 6 * b] - S[b + 6 * a]));
            }
    }
    printf("cantilever (first orientation, L = %.6g, EIz = %g, EIy = %g, P = %g):\n", L1, EIz,
           EIy, P);
    printf("  tip force along y: deflection %.12g (PL^3/3EIz %.12g), rotation about z %.12g "
           "(PL^2/2EIz %.12g)\n", got_defl[0], ex_defl[0], got_rot[0], ex_rot[0]);
    printf("  tip force along z: deflection %.12g (PL^3/3EIy %.12g), rotation about y %.12g "
           "(-PL^2/2EIy %.12g)\n", got_defl[1], ex_defl[1], got_rot[1], ex_rot[1]);
    printf("cantilever: max rel. error over 10 orientations x 6 loads %.2e; rotation map %.2e\n",
           maxerr, maxmap);
    CHECK(maxmap < 1e-6, "rotation map: %g", maxmap);
    CHECK(maxerr < 1e-9, "cantilever displacements: rel. error %g", maxerr);
    CHECK(maxoff == 0, "S not symmetric or coupled: %g", maxoff);
    printf("one-element cantilever buckling load P L^2 / EI - 3: max %.2e\n", maxbuck);
    CHECK(maxbuck < 1e-9, "geometric stiffness of an axial force: %g", maxbuck);
    printf("refined elongation: one-element buckling load P L^2 / EI - 2.4860: max %.2e\n",
           maxref);
    CHECK(maxref < 1e-9, "refined elongation's geometric stiffness: %g", maxref);
}

static void test_interp(void)
{
    double maxend = 0, maxtan = 0, maxJ = 0, maxJdv = 0;
    for (int t = 0; t < 20; t++) {
        double q0[14], q[14], v[14], ref[CD_DEFKIN_MAXREF], par[3], r[3], J[42], Jdv[3];
        double x0[3], l0;
        rand_ref(q0, 0.5, 2);
        rand_unit(par, 3);
        cd_defkin_beam3d_reference(q0, par, ref);
        for (int i = 0; i < 3; i++) x0[i] = q0[7 + i] - q0[i];
        l0 = sqrt(cd_dot(x0, x0));
        normalize(x0, 3);
        rand_config(q0, 0.3, 0.5, t % 2 ? 0.05 : 0, q);
        for (int i = 0; i < 14; i++) v[i] = rnd();

        /* end points */
        cd_defkin_beam3d_interp(0, q, v, ref, r, NULL, NULL);
        maxend = worst(maxend, dev(r, q, 3));
        cd_defkin_beam3d_interp(1, q, v, ref, r, NULL, NULL);
        maxend = worst(maxend, dev(r, q + 7, 3));
        /* end tangents (5-point differences in xi, exact for cubics): l0 R(e) R(e0)^T x0 */
        for (int k = 0; k < 2; k++) {
            double h = 1e-3, rp1[3], rm1[3], rp2[3], rm2[3], dr[3], R[9], R0[9], c[3], tg[3];
            cd_defkin_beam3d_interp(k + h, q, v, ref, rp1, NULL, NULL);
            cd_defkin_beam3d_interp(k - h, q, v, ref, rm1, NULL, NULL);
            cd_defkin_beam3d_interp(k + 2 * h, q, v, ref, rp2, NULL, NULL);
            cd_defkin_beam3d_interp(k - 2 * h, q, v, ref, rm2, NULL, NULL);
            for (int i = 0; i < 3; i++)
                dr[i] = (8 * (rp1[i] - rm1[i]) - (rp2[i] - rm2[i])) / (12 * h);
            rotmat(q + 7 * k + 3, R);
            rotmat(q0 + 7 * k + 3, R0);
            cd_mattvec(R0, x0, c);
            cd_matvec(R, c, tg);
            for (int i = 0; i < 3; i++) tg[i] *= l0;
            maxtan = worst(maxtan, dev(dr, tg, 3) / l0);
        }
        /* J and Jdv against central differences */
        for (int s = 0; s < 3; s++) {
            double xi = 0.5 * (1 + rnd()), hq = 1e-6, rp[3], rm[3], Jp[42], Jm[42], qq[14],
                Jvp[3], Jvm[3];
            cd_defkin_beam3d_interp(xi, q, v, ref, r, J, Jdv);
            double err = 0;
            for (int j = 0; j < 14; j++) {
                memcpy(qq, q, sizeof qq);
                qq[j] += hq;
                cd_defkin_beam3d_interp(xi, qq, v, ref, rp, NULL, NULL);
                qq[j] = q[j] - hq;
                cd_defkin_beam3d_interp(xi, qq, v, ref, rm, NULL, NULL);
                for (int i = 0; i < 3; i++)
                    err = worst(err, fabs(J[i + 3 * j] - (rp[i] - rm[i]) / (2 * hq)));
            }
            maxJ = worst(maxJ, err / maxabs(J, 42));
            for (int j = 0; j < 14; j++) qq[j] = q[j] + hq * v[j];
            cd_defkin_beam3d_interp(xi, qq, v, ref, rp, Jp, NULL);
            for (int j = 0; j < 14; j++) qq[j] = q[j] - hq * v[j];
            cd_defkin_beam3d_interp(xi, qq, v, ref, rm, Jm, NULL);
            for (int i = 0; i < 3; i++) {
                Jvp[i] = Jvm[i] = 0;
                for (int j = 0; j < 14; j++) {
                    Jvp[i] += Jp[i + 3 * j] * v[j];
                    Jvm[i] += Jm[i + 3 * j] * v[j];
                }
                Jvp[i] = (Jvp[i] - Jvm[i]) / (2 * hq);
            }
            maxJdv = worst(maxJdv, dev(Jdv, Jvp, 3) / maxabs(Jdv, 3));
            CHECK(maxabs(Jdv, 3) > 1e-3, "Jdv too small to test: %g", maxabs(Jdv, 3));
        }
    }
    printf("interp: end points %.2e, end tangents %.2e, J rel. %.2e, Jdv rel. %.2e\n", maxend,
           maxtan, maxJ, maxJdv);
    CHECK(maxend < 1e-14, "interp end points: %g", maxend);
    CHECK(maxtan < 1e-10, "interp end tangents: %g", maxtan);
    CHECK(maxJ < 1e-6, "interp J: %g", maxJ);
    CHECK(maxJdv < 1e-6, "interp Jdv: %g", maxJdv);
}

static void test_degenerate(void)
{
    double q0[14] = {1, 2, 3, 1, 0, 0, 0, 1, 2, 3, 1, 0, 0, 0}, ref[CD_DEFKIN_MAXREF];
    double par[3] = {0, 0, 1}, along[3] = {2, 0, 0}, zero[3] = {0, 0, 0};
    CHECK(cd_defkin_beam3d_reference(q0, par, ref) != 0, "beam: zero length accepted");
    CHECK(cd_defkin_truss3d_reference((double[]){1, 2, 3, 1, 2, 3}, NULL, ref) != 0,
          "truss: zero length accepted");
    q0[7] = 2;
    CHECK(cd_defkin_beam3d_reference(q0, par, ref) == 0, "beam: valid reference refused");
    CHECK(cd_defkin_beam3d_reference(q0, along, ref) != 0, "beam: par along the chord");
    CHECK(cd_defkin_beam3d_reference(q0, NULL, ref) != 0, "beam: no par");
    CHECK(cd_defkin_hinge3d_reference(q0, zero, ref) != 0, "hinge: zero axis");
    q0[3] = 0;
    CHECK(cd_defkin_hinge3d_reference(q0, par, ref) != 0, "hinge: zero Euler parameters");
}

int main(void)
{
    test_conventions();
    test_fd();
    test_invariance();
    test_meaning_beam();
    test_meaning_hinge();
    test_stiffness();
    test_interp();
    test_degenerate();
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
