/* MarkerBodyRigid: a body-fixed frame at localPosition of a rigid body, turned against the body
 * frame by the rotation of localHT (whose translation is then the position), or the frame of a
 * point [x, 0, 0] of a planar cable's axis (rotated with the slope, ObjectANCFCable2D) */
#include "cd_markers.h"
#include <math.h>

typedef cd_p_markerframe params;

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const cd_item *body = &s->list[CD_OBJECT].items[p->pt.b.number];
    const double *h = p->localHT.x, *x = p->pt.localPosition.x;
    double lp[3];            /* the point: localHT's translation (column 3) if it is given */
    for (int i = 0; i < 3; i++) lp[i] = p->localHT.rows == 4 ? h[4 * i + 3] : x[i];
    if (body->type->object->body_frame) {
        body->type->object->body_frame(s, body, lp, q, v, md);
        cd_marker_turn(md, &p->localHT);
        return;
    }
    cd_body_point(s, p->pt.b.number, lp, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

static int check_ht(int index, const params *p, const cd_item *ob, cd_error *err)
{
    const double *h = p->localHT.x, *x = p->pt.localPosition.x;
    int rc = cd_marker_check_local_ht(&p->localHT, index, "MarkerBodyRigid", err);
    if (rc || p->localHT.rows == 0) return rc;
    if ((x[0] != 0.0 || x[1] != 0.0 || x[2] != 0.0) &&
        (fabs(h[3] - x[0]) > 1e-14 || fabs(h[7] - x[1]) > 1e-14 || fabs(h[11] - x[2]) > 1e-14))
        return cd_error_set(err, CD_ERR_INPUT, "MarkerBodyRigid %d: parameters 'localPosition' "
                            "[%g, %g, %g] and 'localHT' (translation [%g, %g, %g]) differ; give "
                            "one of them (Exudyn 1.13 refuses them too)", index, x[0], x[1], x[2],
                            h[3], h[7], h[11]);
    if ((ob->type->object->flags & CD_OBJF_AXIS) &&
        (cd_marker_ht_rotates(&p->localHT) || h[7] != 0.0 || h[11] != 0.0))
        return cd_error_set(err, CD_ERR_INPUT, "MarkerBodyRigid %d: parameter 'localHT' on body "
                            "%d of type %s must be a translation [x, 0, 0] along the axis without "
                            "rotation (a turned frame is available on rigid bodies and ground; "
                            "use the joint's rotationMarker0/1 here)", index, p->pt.b.number,
                            ob->type->name);
    return CD_OK;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->pt.b.number];
    if (!ob->type->object->body_frame)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyRigid %d: parameter 'bodyNumber' refers to object %d of "
                            "type %s, which has no orientation (rigid bodies, beams and planar "
                            "cables have one; a 3D cable, without torsion, has none)", index,
                            p->pt.b.number, ob->type->name);
    int rc = check_ht(index, p, ob, err);
    if (rc) return rc;
    return cd_marker_check_axis(s, index, vp, "MarkerBodyRigid", err);
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION | CD_MKF_ORIENTATION, .on_body = 1,
                                 .base = cd_marker_base, .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_DISPLACEMENT,
                                    CD_OV_ROTATION, CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD,
    {"bodyNumber", CD_FT_INDEX, 0, offsetof(params, pt.b.number), NULL, 0, CD_OBJECT, "",
     "body (object) number", NULL},
    {"localPosition", CD_FT_VEC, 3, offsetof(params, pt.localPosition), "0 0 0", 0, 0, "m",
     "position of the marker relative to the body's reference point", NULL},
    {"localHT", CD_FT_MAT, 4, offsetof(params, localHT), NULL, 0, 0, "",
     "the marker frame in the body frame, a 4x4 homogeneous transformation (an HT): the marker's "
     "orientation is the body's times its rotation, its translation the position (None: the body "
     "frame at localPosition; if both are given they must agree)", NULL}};

const cd_itemtype cd_type_MarkerBodyRigid = {
    .kind = CD_MARKER, .name = "MarkerBodyRigid", .typename_ = "BodyRigid",
    .doc = "A body-fixed frame at localPosition of a rigid body (turned by the rotation of "
           "localHT against the body frame): position and orientation; on an ObjectANCFCable2D "
           "the frame of the axis point [x, 0, 0], turned with the slope.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
