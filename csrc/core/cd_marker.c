/* cd_marker: the cd_md_* dispatchers (see cd_marker.h) */
#include "cd_marker.h"
#include <string.h>

static void zero3n(const cd_markerdata *md, double *G)
{
    memset(G, 0, sizeof(double) * 3 * (size_t)md->n);
}

void cd_md_jtv_dq(const cd_markerdata *md, const double v[3], double *K)
{
    if (md->deriv && md->deriv->jtv_dq) md->deriv->jtv_dq(md, v, K);
}

void cd_md_jrtv_dq(const cd_markerdata *md, const double t[3], double *K, int ld, int o)
{
    if (md->deriv && md->deriv->jrtv_dq) md->deriv->jrtv_dq(md, t, K, ld, o);
}

void cd_md_dvec(const cd_markerdata *md, const double xl[3], double *G)
{
    if (md->deriv && md->deriv->dvec) md->deriv->dvec(md, xl, G);
    else zero3n(md, G);
}

void cd_md_dAt(const cd_markerdata *md, const double y[3], double *G)
{
    if (md->deriv && md->deriv->dAt) md->deriv->dAt(md, y, G);
    else zero3n(md, G);
}

void cd_md_dpos(const cd_markerdata *md, double *G)
{
    if (md->deriv && md->deriv->dpos) md->deriv->dpos(md, G);
    else memcpy(G, md->J, sizeof(double) * 3 * (size_t)md->n);  /* J is the exact derivative */
}

void cd_md_dvel(const cd_markerdata *md, double *G)
{
    if (md->deriv && md->deriv->dvel) md->deriv->dvel(md, G);
    else zero3n(md, G);
}

void cd_md_domega(const cd_markerdata *md, double *G)
{
    if (md->deriv && md->deriv->domega) md->deriv->domega(md, G);
    else zero3n(md, G);
}

void cd_md_domegav(const cd_markerdata *md, double *G)
{
    if (md->deriv && md->deriv->domegav) md->deriv->domegav(md, G);
    else memcpy(G, md->Jrot, sizeof(double) * 3 * (size_t)md->n);
}

int cd_md_coord_exact(const cd_markerdata *md)
{
    return !cd_md_has_gradient(md) || (md->deriv && md->deriv->dvalue && md->deriv->dgrad);
}

void cd_md_coord_dvalue(const cd_markerdata *md, double *dval, double *dvalt)
{
    if (cd_md_has_gradient(md) && md->deriv && md->deriv->dvalue) {
        md->deriv->dvalue(md, dval, dvalt);
        return;
    }
    /* a single coordinate (or, inexactly, a gradient without derivatives): dval = g */
    if (dval) {
        memset(dval, 0, sizeof(double) * (size_t)md->n);
        cd_md_coord_add(md, 1.0, dval);
    }
    if (dvalt) memset(dvalt, 0, sizeof(double) * (size_t)md->n);
}

void cd_md_coord_dgrad(const cd_markerdata *md, double s, double *K, int ld, int o)
{
    if (cd_md_has_gradient(md) && md->deriv && md->deriv->dgrad) md->deriv->dgrad(md, s, K, ld, o);
}
