/* MarkerBodyPosition: a point fixed to a body at localPosition */
#include "cd_markers.h"

typedef struct {
    cd_p_markerbase b;
    cd_vec localPosition;    /* 3: relative to the body's reference point, body frame */
} params;

/* the full frame of rigid bodies (J may depend on q), else the position */
static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const cd_item *body = &s->list[CD_OBJECT].items[p->b.number];
    if (body->type->object->body_frame) {
        body->type->object->body_frame(s, body, p->localPosition.x, q, v, md);
        return;
    }
    cd_body_point(s, p->b.number, p->localPosition.x, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_marker_check_body(s, i, p, 0, "MarkerBodyPosition", e);
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION, .on_body = 1, .base = cd_marker_base,
                                 .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(params),
    {"localPosition", CD_FT_VEC, 3, offsetof(params, localPosition), "0 0 0", 0, 0, "m",
     "position of the marker relative to the body's reference point", NULL}};

const cd_itemtype cd_type_MarkerBodyPosition = {
    .kind = CD_MARKER, .name = "MarkerBodyPosition", .typename_ = "BodyPosition",
    .doc = "A point fixed to a body at localPosition.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
