/* MarkerBodyRigid: a body-fixed frame at localPosition of a rigid body, or the frame of a
 * point [x, 0, 0] of a planar cable's axis (rotated with the slope, ObjectANCFCable2D) */
#include "cd_markers.h"

typedef cd_p_markerpoint params;

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (!ob->type->object->body_frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyRigid %d: parameter 'bodyNumber' refers to object %d of "
                            "type %s, which has no orientation (rigid bodies, beams and planar "
                            "cables have one; a 3D cable, without torsion, has none)", index,
                            p->b.number, ob->type->name);
    return cd_marker_check_axis(s, index, vp, "MarkerBodyRigid", err);
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_ORIENTATION, .on_body = 1,
                                 .base = cd_marker_base, .eval = cd_marker_body_point_eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_DISPLACEMENT,
                                    CD_OV_ROTATION, CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(params),
    CD_MARKER_LOCAL_POSITION_FIELD};

const cd_itemtype cd_type_MarkerBodyRigid = {
    .kind = CD_MARKER, .name = "MarkerBodyRigid", .typename_ = "BodyRigid",
    .doc = "A body-fixed frame at localPosition of a rigid body: position and orientation; "
           "on an ObjectANCFCable2D the frame of the axis point [x, 0, 0], turned with the "
           "slope.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
