/* marker_common: what the marker types share (see cd_markers.h) */
#include "cd_markers.h"

int cd_marker_base(const void *p) { return ((const cd_p_markerbase *)p)->number; }

int cd_marker_check_body(const cd_system *s, int index, const void *vp, int need,
                         const char *tname, cd_error *err)
{
    const cd_p_markerbase *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->number];
    int fl = ob->type->object->flags;
    if (!(fl & CD_OBJF_BODY) || !ob->type->object->body_position || (need && !(fl & need)))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'bodyNumber' refers to object %d of type %s, which "
                            "is not a body%s", tname, index, p->number, ob->type->name,
                            need ? " with mass" : " with positions");
    return CD_OK;
}

void cd_marker_coordinate_eval(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md)
{
    (void)s; (void)mk;
    md->Jconst = 1;
    md->coord = md->n > 0 ? 0 : -1;
    md->value = md->n > 0 ? q[0] : 0.0;
    md->value_t = md->n > 0 ? v[0] : 0.0;
}

void cd_marker_body_point_eval(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md)
{
    const cd_p_markerpoint *p = mk->p;
    const cd_item *body = &s->list[CD_OBJECT].items[p->b.number];
    if (body->type->object->body_frame) {
        body->type->object->body_frame(s, body, p->localPosition.x, q, v, md);
        return;
    }
    cd_body_point(s, p->b.number, p->localPosition.x, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

int cd_marker_check_axis(const cd_system *s, int index, const void *vp, const char *tname,
                         cd_error *err)
{
    const cd_p_markerpoint *p = vp;
    const cd_item *body = &s->list[CD_OBJECT].items[p->b.number];
    if ((body->type->object->flags & CD_OBJF_AXIS) &&
        (p->localPosition.x[1] != 0.0 || p->localPosition.x[2] != 0.0))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'localPosition' must be [x, 0, 0] on body %d of "
                            "type %s (points on its axis only), got [%g, %g, %g]", tname, index,
                            p->b.number, body->type->name, p->localPosition.x[0],
                            p->localPosition.x[1], p->localPosition.x[2]);
    return CD_OK;
}
