/* Derivatives of rigid MarkerData (md->rotd == 1) with respect to the marker's local
 * coordinates, exact for the formulas the markers evaluate (see cd_system.h):
 *   pos = P q_pos + A(theta) lp,      J_theta_j   = A (Gb_j x lp),
 *   vel = P q_pos_t + A (w x lp),     Jrot_theta_j = A Gb_j,       w = Gb theta_t.
 * For Euler parameters A(e) is the quadratic formula (not orthogonal off |e| = 1) and J is
 * the velocity Jacobian, so d pos/dq differs from J in the radial direction; constraints
 * therefore use cd_md_dpos for their Jacobian rows and J for the forces. */
#include "../../core/cd_items.h"
#include "../../math/cd_vec3.h"
#include <string.h>

static void gcol(const double *G, int nr, int j, double g[3])
{
    g[0] = G[j]; g[1] = G[nr + j]; g[2] = G[2 * nr + j];
}

void cd_md_jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    int np = md->npos, nr = md->nrot, n = md->n;
    double Atv[3];
    cd_mattvec(md->A, v, Atv);
    for (int k = 0; k < nr; k++) {
        double dAtv[3];
        cd_mattvec(md->dA + 9 * k, v, dAtv);
        for (int j = 0; j < nr; j++) {
            double g[3], dg[3], t1[3], t2[3];
            gcol(md->Gb, nr, j, g);
            gcol(md->dGb + 3 * nr * k, nr, j, dg);
            cd_cross(g, md->lp, t1);
            cd_cross(dg, md->lp, t2);
            K[(np + j) + n * (np + k)] += cd_dot(dAtv, t1) + cd_dot(Atv, t2);
        }
    }
}

void cd_md_jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    int np = md->npos, nr = md->nrot;
    double Att[3];
    cd_mattvec(md->A, t, Att);
    for (int k = 0; k < nr; k++) {
        double dAtt[3];
        cd_mattvec(md->dA + 9 * k, t, dAtt);
        for (int j = 0; j < nr; j++) {
            double g[3], dg[3];
            gcol(md->Gb, nr, j, g);
            gcol(md->dGb + 3 * nr * k, nr, j, dg);
            K[(o + np + j) + ld * (o + np + k)] += cd_dot(dAtt, g) + cd_dot(Att, dg);
        }
    }
}

void cd_md_dvec(const cd_markerdata *md, const double xl[3], double *G)
{
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int k = 0; k < md->nrot; k++) cd_matvec(md->dA + 9 * k, xl, G + 3 * (md->npos + k));
}

void cd_md_dAt(const cd_markerdata *md, const double y[3], double *G)
{
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
    for (int k = 0; k < md->nrot; k++) cd_mattvec(md->dA + 9 * k, y, G + 3 * (md->npos + k));
}

void cd_md_dpos(const cd_markerdata *md, double *G)
{
    if (!md->rotd) {  /* point markers: J is the exact derivative */
        memcpy(G, md->J, sizeof(double) * 3 * (size_t)md->n);
        return;
    }
    cd_md_dvec(md, md->lp, G);
    for (int i = 0; i < md->npos; i++) G[i + 3 * i] = 1;
}

/* w = Gb theta_t (local) and wq_k = dGb_k theta_t */
static void local_omega(const cd_markerdata *md, const double *Gb, double w[3])
{
    int nr = md->nrot;
    for (int i = 0; i < 3; i++) {
        w[i] = 0;
        for (int j = 0; j < nr; j++) w[i] += Gb[nr * i + j] * md->tht[j];
    }
}

void cd_md_dvel(const cd_markerdata *md, double *G)
{
    double w[3], wl[3];
    if (!md->rotd) {
        memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
        return;
    }
    local_omega(md, md->Gb, w);
    cd_cross(w, md->lp, wl);
    cd_md_dvec(md, wl, G);
    for (int k = 0; k < md->nrot; k++) {
        double wq[3], t[3], At[3];
        local_omega(md, md->dGb + 3 * md->nrot * k, wq);
        cd_cross(wq, md->lp, t);
        cd_matvec(md->A, t, At);
        for (int i = 0; i < 3; i++) G[i + 3 * (md->npos + k)] += At[i];
    }
}

void cd_md_domega(const cd_markerdata *md, double *G)
{
    double w[3];
    if (!md->rotd) {
        memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
        return;
    }
    local_omega(md, md->Gb, w);
    cd_md_dvec(md, w, G);
    for (int k = 0; k < md->nrot; k++) {
        double wq[3], At[3];
        local_omega(md, md->dGb + 3 * md->nrot * k, wq);
        cd_matvec(md->A, wq, At);
        for (int i = 0; i < 3; i++) G[i + 3 * (md->npos + k)] += At[i];
    }
}
