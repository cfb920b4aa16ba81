/* cd_settings: defaults and the run-time table of the settings, both generated from
 * cd_settings_list.h */
#include "cd_solver.h"
#include <float.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

/* ------------------------------------------------------------------ defaults */

#define CD_SET_DEF_RESULT(type, member, def) s->member = (cd_set_##type)(def);
#define CD_SET_DEF_OUTPUT(type, member, def) s->member = (cd_set_##type)(def);
#define CD_SET_DEF_PYTHON(type, member, def)
#define CD_SET_DEF_ACCEPTED(type, member, def)
#define CD_SET_DEF_WARN(type, member, def)
#define CD_SET_DEF_NONE(type, member, def)
#define CD_SET_DEF(path, member, type, def, range, effect, aliases, doc)                          \
    CD_SET_DEF_##effect(type, member, def)
#define CD_SET_DEF_GROUP(X, list, prefix, member) list(X, prefix, member.)

void cd_settings_default(cd_settings *s)
{
    memset(s, 0, sizeof(*s));
    CD_SETTINGS_LIST(CD_SET_DEF, CD_SET_DEF_GROUP)
}

/* ------------------------------------------------------------------ the table */

/* member name and offset for entries with a member */
#define CD_SET_MEM_RESULT(member) #member, (long)offsetof(cd_settings, member)
#define CD_SET_MEM_OUTPUT(member) #member, (long)offsetof(cd_settings, member)
#define CD_SET_MEM_PYTHON(member) NULL, -1L
#define CD_SET_MEM_ACCEPTED(member) NULL, -1L
#define CD_SET_MEM_WARN(member) NULL, -1L
#define CD_SET_MEM_NONE(member) NULL, -1L
/* numeric and string defaults by type */
#define CD_SET_NUM_BOOL(def) (double)(def), NULL
#define CD_SET_NUM_INT(def) (double)(def), NULL
#define CD_SET_NUM_REAL(def) (double)(def), NULL
#define CD_SET_NUM_LINSOLVER(def) (double)(def), NULL
#define CD_SET_NUM_STRING(def) 0.0, def
#define CD_SET_NUM_AUTOBOOL(def) 0.0, def
#define CD_SET_NUM_GROUP(def) 0.0, NULL
#define CD_SET_ROW(path, member, type, def, range, effect, aliases, doc)                          \
    {path, CD_SET_MEM_##effect(member), CD_SETT_##type, CD_SET_NUM_##type(def), CD_SETR_##range,  \
     CD_SETE_##effect, aliases, doc},
#define CD_SET_ROW_GROUP(X, list, prefix, member) list(X, prefix, member.)

const cd_setting_info cd_settings_table[] = {CD_SETTINGS_LIST(CD_SET_ROW, CD_SET_ROW_GROUP)};
const int cd_settings_count = (int)(sizeof cd_settings_table / sizeof cd_settings_table[0]);

/* key equals one of the space-separated words of list */
static int in_list(const char *list, const char *key)
{
    size_t n = strlen(key);
    for (const char *p = list; *p;) {
        while (*p == ' ') p++;
        size_t len = strcspn(p, " ");
        if (len == n && len && !strncmp(p, key, n)) return 1;
        p += len;
    }
    return 0;
}

const cd_setting_info *cd_settings_find(const cd_setting_info *tab, int n, const char *key)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(tab[i].path, key)) return &tab[i];
    for (int i = 0; i < n; i++)
        if (in_list(tab[i].aliases, key)) return &tab[i];
    return NULL;
}

const char *cd_settype_name(cd_settype t)
{
    static const char *names[] = {"bool", "int", "real", "LinearSolverType", "str", "autobool",
                                  "group"};
    return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

const char *cd_seteffect_name(cd_seteffect e)
{
    static const char *names[] = {"result", "output", "python", "accepted", "none", "warn"};
    return (unsigned)e < sizeof names / sizeof names[0] ? names[e] : "?";
}

/* ------------------------------------------------------------------ ranges */

const cd_range_info *cd_setrange_info(cd_setrange r)
{
    static const cd_range_info tab[] = {
        [CD_SETR_ANY] = {-HUGE_VAL, HUGE_VAL, 1, 1, ""},
        [CD_SETR_FINITE] = {-HUGE_VAL, HUGE_VAL, 1, 1, "finite"},
        [CD_SETR_POSITIVE] = {0.0, HUGE_VAL, 1, 1, "> 0"},
        [CD_SETR_NONNEG] = {0.0, HUGE_VAL, 0, 1, ">= 0"},
        [CD_SETR_UNIT] = {0.0, 1.0, 0, 0, "in [0, 1]"},
        [CD_SETR_HALF_ONE] = {0.5, 1.0, 0, 0, "in [0.5, 1]"},
        [CD_SETR_UNIT_POS] = {0.0, 1.0, 1, 0, "in (0, 1]"},
        [CD_SETR_INT_POS] = {1.0, (double)INT_MAX, 0, 0, ">= 1"},
        [CD_SETR_INT_NONNEG] = {0.0, (double)INT_MAX, 0, 0, ">= 0"},
    };
    return (unsigned)r < sizeof tab / sizeof tab[0] ? &tab[r] : &tab[CD_SETR_ANY];
}

int cd_setting_valid(const cd_setting_info *e, double x)
{
    const cd_range_info *ri = cd_setrange_info(e->range);
    if (e->type == CD_SETT_REAL && !isfinite(x)) return 0;
    if (e->range == CD_SETR_ANY) return 1;
    if (ri->lo_open ? !(x > ri->lo) : !(x >= ri->lo)) return 0;
    return ri->hi_open ? x < ri->hi : x <= ri->hi;
}

/* the value of e's member in set as a double (INT, REAL) */
static double member_value(const cd_setting_info *e, const cd_settings *set)
{
    const char *m = (const char *)set + e->offset;
    return e->type == CD_SETT_REAL ? *(const double *)m : (double)*(const int *)m;
}

/* e's value in set is valid, or CD_ERR_INPUT naming the path, the range and the value */
static int check_entry(const cd_setting_info *e, const cd_settings *set, cd_error *err)
{
    if (e->offset < 0 || (e->type != CD_SETT_REAL && e->type != CD_SETT_INT)) return CD_OK;
    double x = member_value(e, set);
    if (cd_setting_valid(e, x)) return CD_OK;
    const char *range = cd_setrange_info(e->range)->text;
    if (e->type == CD_SETT_INT)
        return cd_error_set(err, CD_ERR_INPUT, "%s must be an integer %s, got %d", e->path,
                            range, *(const int *)((const char *)set + e->offset));
    if (!isfinite(x))
        return cd_error_set(err, CD_ERR_INPUT, "%s must be a finite number%s%s, got %g", e->path,
                            range[0] && strcmp(range, "finite") ? " " : "",
                            strcmp(range, "finite") ? range : "", x);
    return cd_error_set(err, CD_ERR_INPUT, "%s must be %s, got %.15g", e->path, range, x);
}

int cd_settings_check(const cd_settings *set, const char *skip, cd_error *err)
{
    size_t ns = strlen(skip);
    for (int i = 0; i < cd_settings_count; i++) {
        const cd_setting_info *e = &cd_settings_table[i];
        if (ns && !strncmp(e->path, skip, ns)) continue;
        int rc = check_entry(e, set, err);
        if (rc) return rc;
    }
    return CD_OK;
}

int cd_settings_check_path(const cd_settings *set, const char *path, cd_error *err)
{
    const cd_setting_info *e = cd_settings_find(cd_settings_table, cd_settings_count, path);
    return e ? check_entry(e, set, err) : CD_OK;
}

/* the dynamic solver's time grid: endTime - startTime finite, and for a positive span the
 * nominal step h = span / numberOfSteps such that h^2 (the integrator divides by beta h^2) is
 * a finite, normal number; span <= 0 is left to the solver's own check */
static int check_time_grid(const cd_settings *set, cd_error *err)
{
    double span = set->endTime - set->startTime, h = span / (double)set->numberOfSteps;
    if (!isfinite(span))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration.endTime - startTime must be "
                            "finite, got %g - %g", set->endTime, set->startTime);
    if (span > 0 && !(isfinite(h * h) && h * h >= DBL_MIN))
        return cd_error_set(err, CD_ERR_INPUT, "timeIntegration: the step size h = (endTime - "
                            "startTime) / numberOfSteps = %g / %d = %g is out of range: the "
                            "integrator needs h^2 as a finite, normal number (about 1e-154 < h "
                            "< 1e154); change endTime, startTime or numberOfSteps", span,
                            set->numberOfSteps, h);
    return CD_OK;
}

int cd_settings_check_dynamic(const cd_settings *set, cd_error *err)
{
    int rc = cd_settings_check(set, "staticSolver.", err);
    return rc ? rc : check_time_grid(set, err);
}

int cd_settings_check_static(const cd_settings *set, cd_error *err)
{
    int rc = cd_settings_check(set, "timeIntegration.", err);
    return rc ? rc : cd_settings_check_path(set, "timeIntegration.startTime", err);
}
