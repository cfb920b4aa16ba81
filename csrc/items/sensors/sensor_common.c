/* sensor_common: what the sensor types share (see cd_sensors_common.h) */
#include "cd_sensors_common.h"

void cd_sensor_info_base(const void *vp, cd_kind kind, cd_sensorinfo *si)
{
    const cd_p_sensorbase *p = vp;
    si->kind = kind;
    si->index = p->number;
    si->lp = NULL;
    si->var = (cd_outvar)p->outputVariableType;
    si->writeToFile = p->writeToFile;
    si->fileName = p->fileName;
    si->storeInternal = p->storeInternal;
}

int cd_sensor_check_var(const cd_system *s, int index, const void *vp, const char *tname,
                        cd_kind kind, cd_error *err)
{
    const cd_p_sensorbase *p = vp;
    const cd_itemtype *target = s->list[kind].items[p->number].type;
    if (!cd_type_has_outvar(target, p->outputVariableType))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'outputVariableType' is %s, which %s does not "
                            "provide", tname, index,
                            cd_outvar_name((cd_outvar)p->outputVariableType), target->name);
    return CD_OK;
}
