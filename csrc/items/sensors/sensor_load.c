/* SensorLoad: records the current value of a load (vector or scalar) */
#include "cd_sensors_common.h"

typedef struct { cd_p_sensorbase b; } params;

static void info(const void *p, cd_sensorinfo *si)
{
    cd_sensor_info_base(p, CD_LOAD, si);
    si->var = CD_OV_FORCE;
}

static const cd_sensorops ops = {.info = info};
static const cd_outvar outvars[] = {CD_OV_NONE};
static const cd_field fields[] = {
    CD_SENSOR_NAME_FIELD,
    CD_SENSOR_TARGET_FIELD("loadNumber", CD_LOAD, "load number"),
    CD_SENSOR_FILE_FIELDS};

const cd_itemtype cd_type_SensorLoad = {
    .kind = CD_SENSOR, .name = "SensorLoad", .typename_ = "Load", .alias = NULL,
    .doc = "Records the current value of a load (vector or scalar).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .sensor = &ops,
    .outvars = outvars};
