/* marker_vector_common: what the vector markers share (cd_marker_vector.h) */
#include "cd_marker_vector.h"

void cd_marker_vector_eval(const cd_system *s, const cd_item *mk, const double *q,
                           const double *v, cd_markerdata *md)
{
    (void)s; (void)mk; (void)q; (void)v;
    for (int i = 0; i < 3; i++) md->pos[i] = md->vel[i] = md->Jdot_v[i] = 0.0;
    for (int k = 0; k < 3 * md->n; k++) md->J[k] = 0.0;
    md->Jconst = 1;
    md->coord = -1;
    md->value = md->value_t = 0.0;
}

int cd_marker_vector_output(const cd_system *s, const cd_item *mk, const double *q,
                            const double *v, cd_outvar var, double *out)
{
    if (var != CD_OV_COORDINATES && var != CD_OV_COORDINATES_T) return -1;
    for (int k = 0; k < mk->nq; k++)
        out[k] = var == CD_OV_COORDINATES ? s->qref[mk->ltg[k]] + q[k] : v[k];
    return mk->nq;
}

int cd_marker_is_vector(const cd_item *mk)
{
    return mk->type == &cd_type_MarkerNodeCoordinates ||
           mk->type == &cd_type_MarkerObjectODE2Coordinates ||
           mk->type == &cd_type_MarkerBodyCable2DCoordinates;
}

static int node_size(const cd_system *s, int n)
{
    const cd_item *nd = &s->list[CD_NODE].items[n];
    return (nd->type->node->flags & CD_NODEF_GROUND) ? 0 : nd->type->node->nq(nd->p);
}

int cd_marker_vector_size(const cd_system *s, const cd_item *mk)
{
    int base = cd_marker_base(mk->p);
    if (mk->type == &cd_type_MarkerNodeCoordinates) return node_size(s, base);
    const cd_item *ob = &s->list[CD_OBJECT].items[base];
    const int *nodes;
    int n = 0, nn = ob->type->object->nodes ? ob->type->object->nodes(ob->p, &nodes) : 0;
    for (int i = 0; i < nn; i++) n += node_size(s, nodes[i]);
    return n;
}
