/* SensorBody: position, displacement, velocity or acceleration of a point on a body (and the
 * angular velocity and rotation matrix of rigid bodies) */
#include "cd_sensors_common.h"

typedef struct {
    cd_p_sensorbase b;
    cd_vec localPosition;    /* 3: the point, relative to the body's reference point */
} params;

static void info(const void *vp, cd_sensorinfo *si)
{
    const params *p = vp;
    cd_sensor_info_base(p, CD_OBJECT, si);
    si->lp = p->localPosition.x;
}

static int check(const cd_system *s, int i, const void *vp, cd_error *e)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    int v = p->b.outputVariableType;
    if (!ob->type->object->body_position && !(ob->type->object->flags & CD_OBJF_BODY))
        return cd_error_set(e, CD_ERR_INPUT, "SensorBody %d: parameter 'bodyNumber' refers to "
                            "object %d of type %s, which is not a body with positions", i,
                            p->b.number, ob->type->name);
    int rot = ob->type->object->body_frame &&
              (v == CD_OV_ANGULARVELOCITY || v == CD_OV_ROTATIONMATRIX);
    int own = cd_type_has_outvar(ob->type, v);
    int point = ob->type->object->body_position &&
                (v == CD_OV_POSITION || v == CD_OV_DISPLACEMENT || v == CD_OV_VELOCITY ||
                 v == CD_OV_ACCELERATION);
    if (!point && !rot && !own)
        return cd_error_set(e, CD_ERR_INPUT, "SensorBody %d: parameter 'outputVariableType' is "
                            "%s; SensorBody provides Position, Displacement, Velocity, "
                            "Acceleration (and AngularVelocity, RotationMatrix of rigid bodies, "
                            "the output variables a body type lists)",
                            i, cd_outvar_name((cd_outvar)v));
    if ((ob->type->object->flags & CD_OBJF_AXIS) &&
        (p->localPosition.x[1] != 0.0 || p->localPosition.x[2] != 0.0))
        return cd_error_set(e, CD_ERR_INPUT, "SensorBody %d: parameter 'localPosition' must be "
                            "[x, 0, 0] on body %d of type %s (points on its axis only)", i,
                            p->b.number, ob->type->name);
    return CD_OK;
}

static const cd_sensorops ops = {.info = info};
static const cd_outvar outvars[] = {CD_OV_NONE};
static const cd_field fields[] = {
    CD_SENSOR_NAME_FIELD,
    CD_SENSOR_TARGET_FIELD("bodyNumber", CD_OBJECT, "body (object) number"),
    {"localPosition", CD_FT_VEC, 3, offsetof(params, localPosition), "0 0 0", 0, 0, "m",
     "point on the body, relative to its reference point", NULL},
    CD_SENSOR_OUTVAR_FIELD, CD_SENSOR_FILE_FIELDS};

const cd_itemtype cd_type_SensorBody = {
    .kind = CD_SENSOR, .name = "SensorBody", .typename_ = "Body", .alias = NULL,
    .doc = "Records position, displacement, velocity or acceleration of a point on a body (and "
           "the angular velocity and rotation matrix of rigid bodies).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .sensor = &ops, .outvars = outvars};
