/* SensorMarker: Records an output variable of a marker. */
#include "cd_sensors_common.h"

typedef struct { cd_p_sensorbase b; } params;

static void info(const void *p, cd_sensorinfo *si) { cd_sensor_info_base(p, CD_MARKER, si); }

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_sensor_check_var(s, i, p, "SensorMarker", CD_MARKER, e);
}

static const cd_sensorops ops = {.info = info};
static const cd_outvar outvars[] = {CD_OV_NONE};
static const cd_field fields[] = {
    CD_SENSOR_NAME_FIELD,
    CD_SENSOR_TARGET_FIELD("markerNumber", CD_MARKER, "marker number"),
    CD_SENSOR_OUTVAR_FIELD, CD_SENSOR_FILE_FIELDS};

const cd_itemtype cd_type_SensorMarker = {
    .kind = CD_SENSOR, .name = "SensorMarker", .typename_ = "Marker", .alias = NULL,
    .doc = "Records an output variable of a marker.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .sensor = &ops, .outvars = outvars};
