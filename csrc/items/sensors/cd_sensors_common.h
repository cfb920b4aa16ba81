/* cd_sensors_common: what the sensor types (csrc/items/sensors/) share. Every sensor's
 * parameters begin with cd_p_sensorbase. */
#ifndef CD_SENSORS_COMMON_H
#define CD_SENSORS_COMMON_H

#include "../../core/cd_items.h"

typedef struct {
    cd_common c;
    int number;              /* nodeNumber, objectNumber, bodyNumber, markerNumber, loadNumber */
    int outputVariableType;  /* the OutputVariableType recorded */
    int writeToFile;
    char *fileName;
    int storeInternal;
} cd_p_sensorbase;

/* the common part of cd_sensorinfo: kind, index, variable and file settings */
void cd_sensor_info_base(const void *p, cd_kind kind, cd_sensorinfo *si);

/* outputVariableType must be one the target type provides */
int cd_sensor_check_var(const cd_system *s, int index, const void *p, const char *tname,
                        cd_kind kind, cd_error *err);

#define CD_SENSOR_NAME_FIELD                                                                     \
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "sensor's unique name",   \
     NULL}
#define CD_SENSOR_TARGET_FIELD(NAME, KIND, DOC)                                                  \
    {NAME, CD_FT_INDEX, 0, offsetof(cd_p_sensorbase, number), NULL, 0, KIND, "", DOC, NULL}
#define CD_SENSOR_OUTVAR_FIELD                                                                   \
    {"outputVariableType", CD_FT_OUTVAR, 0, offsetof(cd_p_sensorbase, outputVariableType), NULL, \
     0, 0, "", "the OutputVariableType to record", NULL}
#define CD_SENSOR_FILE_FIELDS                                                                    \
    {"writeToFile", CD_FT_BOOL, 0, offsetof(cd_p_sensorbase, writeToFile), "1", 0, 0, "",        \
     "True: write the values to fileName when one is given (as Exudyn)", NULL},                  \
    {"fileName", CD_FT_STRING, 0, offsetof(cd_p_sensorbase, fileName), "", 0, 0, "",             \
     "file the values are written to (writeToFile); empty: no file", NULL},                     \
    {"storeInternal", CD_FT_BOOL, 0, offsetof(cd_p_sensorbase, storeInternal), "1", 0, 0, "",    \
     "True: keep the values for mbs.GetSensorStoredData (coordyn default: True)", NULL}

#endif
