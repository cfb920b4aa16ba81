/* Sensors: SensorNode, SensorObject, SensorBody, SensorMarker, SensorLoad. A sensor records one
 * output variable of one item at the solution's sensor period; values are stored internally
 * (returned as NumPy arrays) and optionally written to a text file. */
#include "../core/cd_items.h"
#include <stdio.h>

#define OFF(f) offsetof(cd_p_sensor, f)

/* the output variable must be one the target provides */
static int check_var(const cd_system *s, int index, const cd_p_sensor *p, const cd_itemtype *st,
                     const cd_itemtype *target, cd_error *err)
{
    (void)s;
    if (!cd_type_has_outvar(target, p->outputVariableType))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'outputVariableType' is %s, which %s does not "
                            "provide", st->name, index, cd_outvar_name(p->outputVariableType),
                            target->name);
    return CD_OK;
}

static int check_node(const cd_system *s, int i, const void *vp, cd_error *e)
{
    const cd_p_sensor *p = vp;
    return check_var(s, i, p, &cd_type_SensorNode, s->list[CD_NODE].items[p->number].type, e);
}
static int check_object(const cd_system *s, int i, const void *vp, cd_error *e)
{
    const cd_p_sensor *p = vp;
    return check_var(s, i, p, &cd_type_SensorObject, s->list[CD_OBJECT].items[p->number].type, e);
}
static int check_marker(const cd_system *s, int i, const void *vp, cd_error *e)
{
    const cd_p_sensor *p = vp;
    return check_var(s, i, p, &cd_type_SensorMarker, s->list[CD_MARKER].items[p->number].type, e);
}
static int check_body(const cd_system *s, int i, const void *vp, cd_error *e)
{
    const cd_p_sensor *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->number];
    int v = p->outputVariableType;
    if (!ob->type->object->body_position)
        return cd_error_set(e, CD_ERR_INPUT, "SensorBody %d: parameter 'bodyNumber' refers to "
                            "object %d of type %s, which is not a body with positions", i,
                            p->number, ob->type->name);
    int rot = ob->type->object->body_frame &&
              (v == CD_OV_ANGULARVELOCITY || v == CD_OV_ROTATIONMATRIX);
    if (v != CD_OV_POSITION && v != CD_OV_DISPLACEMENT && v != CD_OV_VELOCITY &&
        v != CD_OV_ACCELERATION && !rot)
        return cd_error_set(e, CD_ERR_INPUT, "SensorBody %d: parameter 'outputVariableType' is "
                            "%s; SensorBody provides Position, Displacement, Velocity, "
                            "Acceleration (and AngularVelocity, RotationMatrix of rigid bodies)",
                            i, cd_outvar_name(v));
    return CD_OK;
}

static const cd_outvar none_ov[] = {CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "sensor's unique name", NULL}
#define COMMON_FIELDS                                                                              \
    {"writeToFile", CD_FT_BOOL, 0, OFF(writeToFile), "0", 0, 0, "",                                \
     "True: also write the values to fileName (coordyn default: False)", NULL},                    \
    {"fileName", CD_FT_STRING, 0, OFF(fileName), "", 0, 0, "",                                     \
     "file for writeToFile; default solution/sensor<index>.txt", NULL},                            \
    {"storeInternal", CD_FT_BOOL, 0, OFF(storeInternal), "1", 0, 0, "",                            \
     "True: keep the values for mbs.GetSensorStoredData (coordyn default: True)", NULL}
#define OUTVAR_FIELD {"outputVariableType", CD_FT_OUTVAR, 0, OFF(outputVariableType), NULL, 0, 0, "", "the OutputVariableType to record", NULL}

static const cd_field node_fields[] = {
    NAME_FIELD,
    {"nodeNumber", CD_FT_INDEX, 0, OFF(number), NULL, 0, CD_NODE, "", "node number", NULL},
    OUTVAR_FIELD, COMMON_FIELDS};
static const cd_field object_fields[] = {
    NAME_FIELD,
    {"objectNumber", CD_FT_INDEX, 0, OFF(number), NULL, 0, CD_OBJECT, "", "object number", NULL},
    OUTVAR_FIELD, COMMON_FIELDS};
static const cd_field body_fields[] = {
    NAME_FIELD,
    {"bodyNumber", CD_FT_INDEX, 0, OFF(number), NULL, 0, CD_OBJECT, "", "body (object) number",
     NULL},
    {"localPosition", CD_FT_VEC, 3, OFF(localPosition), "0 0 0", 0, 0, "m",
     "point on the body, relative to its reference point", NULL},
    OUTVAR_FIELD, COMMON_FIELDS};
static const cd_field marker_fields[] = {
    NAME_FIELD,
    {"markerNumber", CD_FT_INDEX, 0, OFF(number), NULL, 0, CD_MARKER, "", "marker number", NULL},
    OUTVAR_FIELD, COMMON_FIELDS};
static const cd_field load_fields[] = {
    NAME_FIELD,
    {"loadNumber", CD_FT_INDEX, 0, OFF(number), NULL, 0, CD_LOAD, "", "load number", NULL},
    COMMON_FIELDS};

#define SENSOR_TYPE(T, NAME, TN, DOC, FIELDS, CHECK)                                               \
    const cd_itemtype T = {CD_SENSOR, NAME, TN, NULL, DOC, sizeof(cd_p_sensor), FIELDS,            \
                           CD_NF(FIELDS), CHECK, NULL, NULL, NULL, NULL, none_ov}

SENSOR_TYPE(cd_type_SensorNode, "SensorNode", "Node", "Records an output variable of a node.",
            node_fields, check_node);
SENSOR_TYPE(cd_type_SensorObject, "SensorObject", "Object",
            "Records an output variable of an object (body, connector, constraint).",
            object_fields, check_object);
SENSOR_TYPE(cd_type_SensorBody, "SensorBody", "Body",
            "Records position, displacement, velocity or acceleration of a point on a body (and the "
            "angular velocity and rotation matrix of rigid bodies).",
            body_fields, check_body);
SENSOR_TYPE(cd_type_SensorMarker, "SensorMarker", "Marker",
            "Records an output variable of a marker.", marker_fields, check_marker);
SENSOR_TYPE(cd_type_SensorLoad, "SensorLoad", "Load",
            "Records the current value of a load (vector or scalar).", load_fields, NULL);
