/* rigid_deriv: the derivative products (cd_markerderiv) of the markers on rigid nodes and
 * rigid bodies, with respect to the marker's local coordinates, from the cd_rigid_md their
 * frames leave in md->dwork (cd_nodes.h). Exact for the formulas the frames evaluate:
 *   pos = P q_pos + A(theta) lp,      J_theta_j   = A (Gb_j x lp),
 *   vel = P q_pos_t + A (w x lp),     Jrot_theta_j = A Gb_j,       w = Gb theta_t.
 * For Euler parameters A(e) is not orthogonal off |e| = 1 and J is the velocity Jacobian, so
 * d pos/dq differs from J in the radial direction; constraints therefore use cd_md_dpos for
 * their Jacobian rows and J for the forces. Nodes with rotation_global (Euler parameters) set
 * hasG: Jrot = G (linear in e) instead of A Gb; omega stays A w, as Exudyn has both. */
#include "cd_nodes.h"
#include "../../math/cd_vec3.h"
#include <string.h>

static const cd_rigid_md *rdata(const cd_markerdata *md)
{
    return (const cd_rigid_md *)(const void *)md->dwork;
}

static void gcol(const double *G, int nr, int j, double g[3])
{
    g[0] = G[j]; g[1] = G[nr + j]; g[2] = G[2 * nr + j];
}

static void jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    const cd_rigid_md *d = rdata(md);
    int np = d->npos, nr = d->nrot, n = md->n;
    double Atv[3];
    cd_mattvec(md->A, v, Atv);
    for (int k = 0; k < nr; k++) {
        double dAtv[3];
        cd_mattvec(d->dA + 9 * k, v, dAtv);
        for (int j = 0; j < nr; j++) {
            double g[3], dg[3], t1[3], t2[3];
            gcol(d->Gb, nr, j, g);
            gcol(d->dGb + 3 * nr * k, nr, j, dg);
            cd_cross(g, d->lp, t1);
            cd_cross(dg, d->lp, t2);
            K[(np + j) + n * (np + k)] += cd_dot(dAtv, t1) + cd_dot(Atv, t2);
        }
    }
}

static void jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    const cd_rigid_md *d = rdata(md);
    int np = d->npos, nr = d->nrot;
    double Att[3];
    if (d->hasG) {           /* Jrot_j = G_j: d(G_j . t)/dtheta_k = dG_k,j . t */
        for (int k = 0; k < nr; k++)
            for (int j = 0; j < nr; j++) {
                double dg[3];
                gcol(d->dG + 3 * nr * k, nr, j, dg);
                K[(o + np + j) + ld * (o + np + k)] += cd_dot(dg, t);
            }
        return;
    }
    cd_mattvec(md->A, t, Att);
    for (int k = 0; k < nr; k++) {
        double dAtt[3];
        cd_mattvec(d->dA + 9 * k, t, dAtt);
        for (int j = 0; j < nr; j++) {
            double g[3], dg[3];
            gcol(d->Gb, nr, j, g);
            gcol(d->dGb + 3 * nr * k, nr, j, dg);
            K[(o + np + j) + ld * (o + np + k)] += cd_dot(dAtt, g) + cd_dot(Att, dg);
        }
    }
}

static void dvec(const cd_markerdata *md, const double xl[3], double *G)
{
    const cd_rigid_md *d = rdata(md);
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int k = 0; k < d->nrot; k++) cd_matvec(d->dA + 9 * k, xl, G + 3 * (d->npos + k));
}

static void dAt(const cd_markerdata *md, const double y[3], double *G)
{
    const cd_rigid_md *d = rdata(md);
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int k = 0; k < d->nrot; k++) cd_mattvec(d->dA + 9 * k, y, G + 3 * (d->npos + k));
}

static void dpos(const cd_markerdata *md, double *G)
{
    const cd_rigid_md *d = rdata(md);
    dvec(md, d->lp, G);
    for (int i = 0; i < d->npos; i++) G[i + 3 * i] = 1;
}

/* w = Gb theta_t (local); with dGb_k for Gb: wq_k = dGb_k theta_t */
static void local_omega(const cd_rigid_md *d, const double *Gb, double w[3])
{
    int nr = d->nrot;
    for (int i = 0; i < 3; i++) {
        w[i] = 0;
        for (int j = 0; j < nr; j++) w[i] += Gb[nr * i + j] * d->tht[j];
    }
}

/* G = d(A x)/dq at x = xl, plus the columns A (dGb_k theta_t x lp) (or without the cross
 * product when lever == 0): d vel/dq with xl = w x lp, d omega/dq with xl = w */
static void drate(const cd_markerdata *md, const double xl[3], int lever, double *G)
{
    const cd_rigid_md *d = rdata(md);
    dvec(md, xl, G);
    for (int k = 0; k < d->nrot; k++) {
        double wq[3], t[3], At[3];
        local_omega(d, d->dGb + 3 * d->nrot * k, wq);
        if (lever) cd_cross(wq, d->lp, t);
        cd_matvec(md->A, lever ? t : wq, At);
        for (int i = 0; i < 3; i++) G[i + 3 * (d->npos + k)] += At[i];
    }
}

static void dvel(const cd_markerdata *md, double *G)
{
    const cd_rigid_md *d = rdata(md);
    double w[3], wl[3];
    local_omega(d, d->Gb, w);
    cd_cross(w, d->lp, wl);
    drate(md, wl, 1, G);
}

static void domega(const cd_markerdata *md, double *G)
{
    double w[3];
    local_omega(rdata(md), rdata(md)->Gb, w);
    drate(md, w, 0, G);
}

/* d omega/dq_t = [0, A Gb] (with hasG Jrot is G, which differs off |e| = 1) */
static void domegav(const cd_markerdata *md, double *G)
{
    const cd_rigid_md *d = rdata(md);
    if (!d->hasG) {
        memcpy(G, md->Jrot, sizeof(double) * 3 * (size_t)md->n);
        return;
    }
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int k = 0; k < d->nrot; k++) {
        double g[3];
        gcol(d->Gb, d->nrot, k, g);
        cd_matvec(md->A, g, G + 3 * (d->npos + k));
    }
}

const cd_markerderiv cd_rigid_markerderiv = {.jtv_dq = jtv_dq, .jrtv_dq = jrtv_dq,
                                             .dvec = dvec, .dAt = dAt, .dpos = dpos,
                                             .dvel = dvel, .domega = domega,
                                             .domegav = domegav};

int cd_rigid_marker_dsize(const void *p)
{
    (void)p;
    return CD_RIGID_MD_DSIZE;
}

/* the data of the frame A R (R constant, orthonormal) for the same formulas: the body-frame
 * vectors lp, Gb_j, dGb_kj in the turned frame (R^T x; cross products keep their form, as
 * R^T (a x b) = R^T a x R^T b), dA_k R; G, dG (global) and tht stay */
void cd_rigid_md_turn(cd_rigid_md *d, const double R[9])
{
    int nr = d->nrot;
    double x[3], y[3];
    cd_mattvec(R, d->lp, x);
    memcpy(d->lp, x, sizeof x);
    for (int j = 0; j < nr; j++) {
        gcol(d->Gb, nr, j, x);
        cd_mattvec(R, x, y);
        for (int i = 0; i < 3; i++) d->Gb[nr * i + j] = y[i];
    }
    for (int k = 0; k < nr; k++) {
        double dA[9], *dGb = d->dGb + 3 * nr * k;
        cd_matmul(d->dA + 9 * k, R, dA);
        memcpy(d->dA + 9 * k, dA, sizeof dA);
        for (int j = 0; j < nr; j++) {
            gcol(dGb, nr, j, x);
            cd_mattvec(R, x, y);
            for (int i = 0; i < 3; i++) dGb[nr * i + j] = y[i];
        }
    }
}

cd_rigid_md *cd_rigid_md_begin(cd_markerdata *md)
{
    cd_rigid_md *d = (cd_rigid_md *)(void *)md->dwork;
    md->deriv = &cd_rigid_markerderiv;
    d->hasG = 0;
    return d;
}
