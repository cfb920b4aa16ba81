/* marker_bodies_relative_common: what MarkerBodiesRelativeTranslationCoordinate and
 * MarkerBodiesRelativeRotationCoordinate share (see cd_markers.h). Their local coordinates are
 * body 0's followed by body 1's; the position, velocity and frame they report are those of
 * body 0's point localPosition0 (as Exudyn's). */
#include "cd_markers.h"
#include "../../math/cd_vec3.h"
#include <string.h>

int cd_marker_relative_base(const void *p)
{
    return ((const cd_p_markerrelative *)p)->bodyNumbers.x[0];
}

int cd_marker_relative_ltg(const cd_system *s, const cd_item *mk, int *ltg)
{
    const cd_p_markerrelative *p = mk->p;
    int n = 0;
    for (int k = 0; k < 2; k++) {
        const cd_item *b = &s->list[CD_OBJECT].items[p->bodyNumbers.x[k]];
        if (ltg && b->nq > 0) memcpy(ltg + n, b->ltg, sizeof(int) * (size_t)b->nq);
        n += b->nq;
    }
    return n;
}

int cd_marker_relative_check(const cd_system *s, int index, const void *vp, const char *tname,
                             cd_error *err)
{
    const cd_p_markerrelative *p = vp;
    for (int k = 0; k < 2; k++) {
        const cd_item *ob = &s->list[CD_OBJECT].items[p->bodyNumbers.x[k]];
        if (!ob->type->object->body_frame)
            return cd_error_set(err, CD_ERR_INPUT,
                                "%s %d: parameter 'bodyNumbers' entry %d refers to object %d of "
                                "type %s, which has no orientation (use rigid bodies, beams or "
                                "ground)", tname, index, k, p->bodyNumbers.x[k], ob->type->name);
    }
    if (p->bodyNumbers.x[0] == p->bodyNumbers.x[1])
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'bodyNumbers' names body %d twice; the marker "
                            "measures between two different bodies", tname, index,
                            p->bodyNumbers.x[0]);
    if (cd_dot(p->axis0.x, p->axis0.x) == 0.0)
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'axis0' is the zero vector; it must give a "
                            "direction in body 0", tname, index);
    return CD_OK;
}

/* the frame of body k's point lp into f, its J and Jrot into the marker's columns o.. */
static void body_frame(const cd_system *s, int body, const double *lp, const double *q,
                       const double *v, const cd_markerdata *md, int o, cd_markerdata *f)
{
    const cd_item *b = &s->list[CD_OBJECT].items[body];
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    memset(f, 0, sizeof *f);
    memcpy(f->A, I3, sizeof I3);
    f->n = b->nq;
    f->J = md->J + 3 * o;
    f->Jrot = md->Jrot + 3 * o;
    b->type->object->body_frame(s, b, lp, q + o, v + o, f);
}

void cd_marker_relative_frames(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md, cd_markerdata *f0,
                               cd_markerdata *f1)
{
    const cd_p_markerrelative *p = mk->p;
    int n0 = s->list[CD_OBJECT].items[p->bodyNumbers.x[0]].nq;
    body_frame(s, p->bodyNumbers.x[0], p->localPosition0.x, q, v, md, 0, f0);
    body_frame(s, p->bodyNumbers.x[1], p->localPosition1.x, q, v, md, n0, f1);
    /* what the marker reports as a point and frame: body 0's */
    memcpy(md->pos, f0->pos, sizeof md->pos);
    memcpy(md->vel, f0->vel, sizeof md->vel);
    memcpy(md->A, f0->A, sizeof md->A);
    memcpy(md->omega, f0->omega, sizeof md->omega);
    md->Jconst = 0;
    md->coord = -1;   /* the value's gradient: row 0 of J (cd_md_coord_add) */
    md->deriv = NULL;
}

/* row 0 of J = g (the gradient, 1 x n), rows 1, 2 zero; J holds [J0 | J1] (position or
 * rotation Jacobians, chosen by the caller through X) on input: g = -a^T X0 | a^T X1 */
void cd_marker_relative_gradient(const cd_system *s, const cd_item *mk, const double a[3],
                                 const double *X, cd_markerdata *md)
{
    const cd_p_markerrelative *p = mk->p;
    int n0 = s->list[CD_OBJECT].items[p->bodyNumbers.x[0]].nq;
    for (int j = 0; j < md->n; j++) {
        double g = cd_dot(a, X + 3 * j);
        md->J[3 * j] = j < n0 ? -g : g;
        md->J[3 * j + 1] = md->J[3 * j + 2] = 0.0;
    }
}
