/* MarkerBodyRigid: a body-fixed frame at localPosition of a rigid body */
#include "cd_markers.h"

typedef struct {
    cd_p_markerbase b;
    cd_vec localPosition;    /* 3: relative to the body's reference point, body frame */
} params;

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const cd_item *body = &s->list[CD_OBJECT].items[p->b.number];
    body->type->object->body_frame(s, body, p->localPosition.x, q, v, md);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (!ob->type->object->body_frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyRigid %d: parameter 'bodyNumber' refers to object %d of "
                            "type %s, which has no orientation (use a rigid body)", index,
                            p->b.number, ob->type->name);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_ORIENTATION, .on_body = 1,
                                 .base = cd_marker_base, .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(params),
    {"localPosition", CD_FT_VEC, 3, offsetof(params, localPosition), "0 0 0", 0, 0, "m",
     "position of the marker relative to the body's reference point", NULL}};

const cd_itemtype cd_type_MarkerBodyRigid = {
    .kind = CD_MARKER, .name = "MarkerBodyRigid", .typename_ = "BodyRigid",
    .doc = "A body-fixed frame at localPosition of a rigid body: position and orientation.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
