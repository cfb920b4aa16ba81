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

#endif
