/* SensorUserFunction: a sensor whose values a Python function computes,
 * f(mbs, t, sensorNumbers, factors, configuration) -> list of values (Exudyn's), typically from
 * the values of other sensors */
#include "cd_sensors_common.h"
#include <string.h>

typedef struct {
    cd_p_sensorbase b;        /* name, file settings (number, outputVariableType unused) */
    cd_ivec sensorNumbers;    /* sensors handed to the function */
    cd_vec factors;           /* numbers handed to the function */
    cd_func fn;               /* sensorUserFunction */
} params;

static void info(const void *p, cd_sensorinfo *si)
{
    cd_sensor_info_base(p, CD_SENSOR, si);
    si->var = CD_OV_NONE;
}

/* the function's values into out (at most CD_MAXOUT - 1); its input: the number of sensors,
 * the sensor numbers, then the factors */
static int value(const cd_system *s, int index, const cd_state *st, double *out, cd_error *err)
{
    const params *p = s->list[CD_SENSOR].items[index].p;
    double in[CD_MAXOUT];
    int ns = p->sensorNumbers.n, nf = p->factors.n;
    in[0] = ns;
    for (int k = 0; k < ns; k++) in[1 + k] = p->sensorNumbers.x[k];
    for (int k = 0; k < nf; k++) in[1 + ns + k] = p->factors.x[k];
    if (!p->fn.fn) return 0;
    memset(out, 0, sizeof(double) * CD_MAXOUT);  /* the values the function does not return */
    /* CD_UF_SENSOR: out[0] is the number of values the function returned */
    int rc = cd_call_userfunc(s, CD_SENSOR, index, &p->fn, st->t, in, 1 + ns + nf, out,
                              CD_MAXOUT, err);
    if (rc) return rc < 0 ? rc : CD_ERR_USERFUNC;
    int n = (int)out[0];
    memmove(out, out + 1, sizeof(double) * (size_t)n);
    return n;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    (void)s;
    if (p->sensorNumbers.n + p->factors.n + 1 > CD_MAXOUT)
        return cd_error_set(err, CD_ERR_INPUT, "SensorUserFunction %d: 'sensorNumbers' and "
                            "'factors' hold %d numbers; at most %d", index,
                            p->sensorNumbers.n + p->factors.n, CD_MAXOUT - 1);
    if (!p->fn.fn)
        return cd_error_set(err, CD_ERR_INPUT, "SensorUserFunction %d: parameter "
                            "'sensorUserFunction' must be a Python function", index);
    return CD_OK;
}

#define OFF(m) offsetof(params, m)
static const cd_sensorops ops = {.info = info, .value = value};
static const cd_outvar outvars[] = {CD_OV_NONE};
static const cd_field fields[] = {
    CD_SENSOR_NAME_FIELD,
    {"sensorNumbers", CD_FT_INDEXLIST, 0, OFF(sensorNumbers), NULL, 0, CD_SENSOR, "",
     "sensors handed to sensorUserFunction (their values: mbs.GetSensorValues)", NULL},
    {"factors", CD_FT_VEC, 0, OFF(factors), NULL, 0, 0, "",
     "numbers handed to sensorUserFunction", NULL},
    CD_SENSOR_FILE_FIELDS,
    {"sensorUserFunction", CD_FT_FUNC, CD_UF_SENSOR, OFF(fn), NULL, 0, 0, "",
     "f(mbs, t, sensorNumbers, factors, configuration) -> list of values (the same number at "
     "every call, at most 255)", NULL}};

const cd_itemtype cd_type_SensorUserFunction = {
    .kind = CD_SENSOR, .name = "SensorUserFunction", .typename_ = "UserFunction", .alias = NULL,
    .doc = "A sensor whose values a Python function computes from the time, other sensors and "
           "factors, f(mbs, t, sensorNumbers, factors, configuration).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .sensor = &ops, .outvars = outvars};
