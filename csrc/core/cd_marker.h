/* cd_marker: the derivative products of MarkerData for connectors, joints and loads. Each
 * dispatches to the body's md->deriv (see cd_markerderiv in cd_system.h); a marker without
 * one (md->deriv == NULL) has J and Jrot independent of q: d pos/dq = J, everything else 0.
 * K, G column-major; K is added to, G written fully (3 x md->n). */
#ifndef CD_MARKER_H
#define CD_MARKER_H

#include "cd_system.h"

void cd_md_jtv_dq(const cd_markerdata *md, const double v[3], double *K);  /* K += d(J^T v)/dq */
/* K (leading dimension ld, the marker's block at offset o) += d(Jrot^T t)/dq */
void cd_md_jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o);
void cd_md_dvec(const cd_markerdata *md, const double xl[3], double *G);  /* d(A xl)/dq */
void cd_md_dAt(const cd_markerdata *md, const double y[3], double *G);    /* d(A^T y)/dq */
void cd_md_dpos(const cd_markerdata *md, double *G);                      /* d pos/dq */
void cd_md_dvel(const cd_markerdata *md, double *G);                      /* d vel/dq */
void cd_md_domega(const cd_markerdata *md, double *G);                    /* d omega/dq */
void cd_md_domegav(const cd_markerdata *md, double *G);                 /* d omega/dq_t */


/* coordinate markers: 1 if the value depends on all the marker's coordinates through the
 * gradient in row 0 of J (the relative-coordinate markers), 0 if it is one coordinate (coord) */
static inline int cd_md_has_gradient(const cd_markerdata *md) { return md->n > 0 && md->coord < 0; }
/* coordinate markers: x[j] += s d value/d q_j over the marker's n coordinates (x: its block) */
static inline void cd_md_coord_add(const cd_markerdata *md, double s, double *x)
{
    if (md->n == 0) return;
    if (md->coord >= 0) {
        x[md->coord] += s;
        return;
    }
    for (int j = 0; j < md->n; j++) x[j] += s * md->J[3 * j];
}

/* coordinate markers: 1 if the derivatives below are exact (a single coordinate, or a gradient
 * whose marker supplies dvalue and dgrad); 0: the caller differentiates numerically */
int cd_md_coord_exact(const cd_markerdata *md);
/* coordinate markers: dval (n) = d value/dq, dvalt (n) = d value_t/dq (written fully; either
 * may be NULL); for a single coordinate dval = e_coord, dvalt = 0 */
void cd_md_coord_dvalue(const cd_markerdata *md, double *dval, double *dvalt);
/* coordinate markers: K (leading dimension ld, the marker's block at offset o) += s dg/dq for
 * the gradient g (row 0 of J); nothing for a single coordinate (g constant) */
void cd_md_coord_dgrad(const cd_markerdata *md, double s, double *K, int ld, int o);

#endif
