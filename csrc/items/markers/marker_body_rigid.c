/* MarkerBodyRigid: a body-fixed frame at localPosition of a rigid body */
#include "cd_markers.h"

typedef cd_p_markerpoint params;

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (!ob->type->object->body_frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyRigid %d: parameter 'bodyNumber' refers to object %d of "
                            "type %s, which has no orientation (use a rigid body)", index,
                            p->b.number, ob->type->name);
    if ((ob->type->object->flags & CD_OBJF_AXIS) &&
        (p->localPosition.x[1] != 0.0 || p->localPosition.x[2] != 0.0))
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyRigid %d: parameter 'localPosition' must be [x, 0, 0] "
                            "on body %d of type %s (frames on its axis only), got [%g, %g, %g]",
                            index, p->b.number, ob->type->name, p->localPosition.x[0],
                            p->localPosition.x[1], p->localPosition.x[2]);
    return CD_OK;
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_ORIENTATION, .on_body = 1,
                                 .base = cd_marker_base, .eval = cd_marker_body_point_eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(params),
    CD_MARKER_LOCAL_POSITION_FIELD};

const cd_itemtype cd_type_MarkerBodyRigid = {
    .kind = CD_MARKER, .name = "MarkerBodyRigid", .typename_ = "BodyRigid",
    .doc = "A body-fixed frame at localPosition of a rigid body: position and orientation.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
