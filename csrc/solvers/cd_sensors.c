/* cd_sensors: sensor values recorded at output times into preallocated rows */
#if !defined(_WIN32) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include "cd_solver.h"
#include "cd_solfile.h"
#include "../core/cd_eval.h"
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void sensor_info(const cd_system *s, int i, cd_sensorinfo *si)
{
    const cd_item *sn = &s->list[CD_SENSOR].items[i];
    sn->type->sensor->info(sn->p, si);
}

/* the sensor's values into out (nv of them when nv >= 0: a sensor that computes its values
 * itself must give as many as at the start; nv < 0: out holds CD_MAXOUT) */
static int eval_sensor(const cd_system *s, struct cd_evalws *ws, const cd_state *st, int i,
                       double *out, int nv, cd_error *err)
{
    cd_sensorinfo si;
    const cd_item *sn = &s->list[CD_SENSOR].items[i];
    if (sn->type->sensor->value) {
        double buf[CD_MAXOUT];
        char lb[160];
        int n = sn->type->sensor->value(s, i, st, buf, err);
        if (n < 0) return n;
        if (nv >= 0 && n != nv)
            return cd_error_set(err, CD_ERR_USERFUNC, "%s returned %d values at t = %.10g, %d "
                                "at the start of the solve", cd_item_label(s, CD_SENSOR, i, lb,
                                                                           sizeof lb),
                                n, st->t, nv);
        memcpy(out, buf, sizeof(double) * (size_t)n);
        return n;
    }
    sensor_info(s, i, &si);
    int rc = cd_eval_output(s, ws, si.kind, si.index, si.lp, si.var, st, out, err);
    if (rc == CD_ERR_NONFINITE) {  /* the output's message, with the sensor in front */
        char msg[CD_MSG_LEN], lb[160];
        snprintf(msg, sizeof msg, "%s", err->msg);
        cd_error_set(err, rc, "%s: %s", cd_item_label(s, CD_SENSOR, i, lb, sizeof lb), msg);
    }
    return rc;
}

/* a sensor value that is NaN or Inf stops the solve: the error names the sensor, what it
 * measures, the value and the time; returns nv or CD_ERR_NONFINITE */
static int check_finite(const cd_system *s, const cd_state *st, int i, const double *v, int nv,
                        cd_error *err)
{
    for (int k = 0; k < nv; k++) {
        if (isfinite(v[k])) continue;
        cd_sensorinfo si;
        char lb[160], li[160];
        sensor_info(s, i, &si);
        return cd_error_set(err, CD_ERR_NONFINITE, "%s: its output %s of %s is %g (value %d) "
                            "at t = %.10g", cd_item_label(s, CD_SENSOR, i, lb, sizeof lb),
                            cd_outvar_name(si.var),
                            cd_item_label(s, si.kind, si.index, li, sizeof li), v[k], k, st->t);
    }
    return nv;
}

/* the header Exudyn 1.13 writes above a sensor file's rows (exudyn.plot.ParseOutputFileHeader
 * reads the sensor type, the output variable and the number of values from it) */
static int write_header(const cd_system *s, const cd_sensorstore *ss, int i, FILE *f)
{
    const cd_item *sn = &s->list[CD_SENSOR].items[i];
    cd_sensorinfo si;
    char date[32];
    sensor_info(s, i, &si);
    cd_date_time(date, sizeof date);
    return fprintf(f, "#coordyn sensor output file\n#measure %s number = %d\n"
                   "#OutputVariableType = %s\n#simulation started = %s\n"
                   "#columns contain: time, comma separated sensor values (e.g, x,y,z position "
                   "coordinates)\n#number of sensor values = %d\n#\n",
                   sn->type->typename_, si.index, cd_outvar_name(si.var), date, ss->nvals[i]);
}

/* sensor i's file: opened when writeToFile is set and fileName is given (Exudyn's rule) */
static int open_file(const cd_system *s, cd_sensorstore *ss, int i, cd_error *err)
{
    cd_sensorinfo si;
    char lb[160];
    sensor_info(s, i, &si);
    if (!si.writeToFile || !si.fileName || !si.fileName[0]) return CD_OK;
    errno = 0;
    ss->files[i] = fopen(si.fileName, ss->append ? "a" : "w");
    if (!ss->files[i])
        return cd_error_set(err, CD_ERR_IO, "%s: cannot open '%s' for writing: %s",
                            cd_item_label(s, CD_SENSOR, i, lb, sizeof lb), si.fileName,
                            errno ? strerror(errno) : "unknown reason");
    /* the header into a new or replaced file (appending: only into an empty one) */
    int empty = !ss->append || (fseek(ss->files[i], 0, SEEK_END) == 0 && ftell(ss->files[i]) == 0);
    if (ss->header && empty && write_header(s, ss, i, ss->files[i]) < 0)
        return cd_error_set(err, CD_ERR_IO, "%s: writing the header of '%s' failed",
                            cd_item_label(s, CD_SENSOR, i, lb, sizeof lb), si.fileName);
    return CD_OK;
}

/* the storage of sensor i: one evaluation at st sizes its rows; its file is opened */
static int sensor_storage(const cd_system *s, struct cd_evalws *ws, const cd_state *st,
                          cd_sensorstore *ss, int i, double *out, cd_error *err)
{
    int nv = eval_sensor(s, ws, st, i, out, -1, err);
    if (nv < 0) return nv;
    ss->nvals[i] = nv;
    size_t row = sizeof(double) * ((size_t)nv + 1);
    if ((size_t)ss->cap <= SIZE_MAX / row) ss->data[i] = malloc(row * (size_t)ss->cap);
    if (!ss->data[i])
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating sensor storage for %d "
                            "rows of %d sensor(s)", ss->cap, ss->n);
    return open_file(s, ss, i, err);
}

/* rows per sensor within what the store can index (int rows) */
static int check_rows(long long cap, int n, double period, cd_error *err)
{
    if (n == 0 || cap <= INT_MAX) return CD_OK;
    if (period > 0)
        return cd_error_set(err, CD_ERR_INPUT, "sensor storage: %lld rows for each of %d "
                            "sensor(s) (one row every %g s of simulation time, from "
                            "solutionSettings.sensorsWritePeriod and the step size) is more "
                            "than the %d rows a sensor can hold; increase sensorsWritePeriod "
                            "or shorten the time span", cap, n, period, INT_MAX);
    return cd_error_set(err, CD_ERR_INPUT, "sensor storage: %lld rows for each of %d sensor(s) "
                        "(one row per step) is more than the %d rows a sensor can hold", cap,
                        n, INT_MAX);
}

cd_sensorstore *cd_sensors_create(const cd_system *s, struct cd_evalws *ws, const cd_state *st,
                                  long long cap, double period, const cd_settings *set,
                                  cd_error *err)
{
    int n = s->list[CD_SENSOR].n, rc = check_rows(cap, n, period, err);
    if (rc) return NULL;
    if (cap > INT_MAX) cap = 0;  /* no sensors: nothing to hold */
    double *out = malloc(sizeof(double) * (size_t)cd_output_capacity(s));
    cd_sensorstore *ss = calloc(1, sizeof(*ss));
    if (ss) {
        ss->n = n;
        ss->cap = (int)cap;
        ss->period = period;
        ss->t0 = st->t;
        ss->t_next = st->t;
        ss->precision = set ? set->outputPrecision : 10;
        if (ss->precision > 17) ss->precision = 17;  /* 17 digits give a double exactly */
        ss->header = set ? set->sensorsWriteFileHeader : 1;
        ss->footer = set ? set->sensorsWriteFileFooter : 0;
        ss->append = set ? set->sensorsAppendToFile : 0;
        ss->nvals = calloc((size_t)n + 1, sizeof(int));
        ss->rows = calloc((size_t)n + 1, sizeof(int));
        ss->data = calloc((size_t)n + 1, sizeof(double *));
        ss->files = calloc((size_t)n + 1, sizeof(FILE *));
    }
    if (!out || !ss || !ss->nvals || !ss->rows || !ss->data || !ss->files)
        rc = cd_error_set(err, CD_ERR_NOMEM, "out of memory allocating sensor storage");
    for (int i = 0; i < n && !rc; i++) rc = sensor_storage(s, ws, st, ss, i, out, err);
    free(out);
    return rc ? cd_sensors_free(ss) : ss;
}

void cd_sensors_close(cd_sensorstore *ss, const cd_stats *stats)
{
    if (!ss || !ss->files) return;
    for (int i = 0; i < ss->n; i++) {
        if (!ss->files[i]) continue;
        if (stats && ss->footer) cd_write_footer(ss->files[i], stats);  /* as the solution file's */
        fclose(ss->files[i]);
        ss->files[i] = NULL;
    }
}

cd_sensorstore *cd_sensors_free(cd_sensorstore *ss)
{
    if (!ss) return NULL;
    cd_sensors_close(ss, NULL);
    if (ss->data)
        for (int i = 0; i < ss->n; i++) free(ss->data[i]);
    free(ss->data); free(ss->nvals); free(ss->rows); free(ss->files);
    free(ss);
    return NULL;
}

int cd_sensors_due(const cd_sensorstore *ss, const cd_state *st)
{
    if (!ss || ss->n == 0) return 0;
    double tol = 1e-9 * (ss->period > 0 ? ss->period : 1.0);
    return st->t >= ss->t_next - tol;
}

int cd_sensors_record(const cd_system *s, struct cd_evalws *ws, const cd_state *st,
                      cd_sensorstore *ss, int force, cd_error *err)
{
    if (!ss || ss->n == 0) return CD_OK;
    double tol = 1e-9 * (ss->period > 0 ? ss->period : 1.0);
    if (!force && st->t < ss->t_next - tol) return CD_OK;
    for (int i = 0; i < ss->n; i++) {
        if (ss->rows[i] >= ss->cap) continue;
        double *row = ss->data[i] + (size_t)ss->rows[i] * (size_t)(ss->nvals[i] + 1);
        row[0] = st->t;
        int nv = eval_sensor(s, ws, st, i, row + 1, ss->nvals[i], err);
        if (nv < 0) return nv;
        if ((nv = check_finite(s, st, i, row + 1, nv, err)) < 0) return nv;  /* row not kept */
        ss->rows[i]++;
        if (ss->files[i]) {  /* the sensor's file (writeToFile); a failed write stops */
            FILE *f = ss->files[i];
            /* 10 significant digits: Exudyn's default solutionSettings.outputPrecision */
            fprintf(f, "%.*g", ss->precision, row[0]);
            for (int k = 1; k <= nv; k++) fprintf(f, ",%.*g", ss->precision, row[k]);
            if (fputc('\n', f) == EOF || ferror(f)) {
                char lb[160];
                return cd_error_set(err, CD_ERR_IO, "%s: writing its file failed at t = %g",
                                    cd_item_label(s, CD_SENSOR, i, lb, sizeof lb), st->t);
            }
        }
    }
    /* next output time on the grid t0 + k * period */
    if (ss->period > 0) {
        long k = (long)((st->t - ss->t0) / ss->period + 0.5) + 1;
        ss->t_next = ss->t0 + (double)k * ss->period;
        while (ss->t_next <= st->t + tol) ss->t_next += ss->period;
    }
    return CD_OK;
}
