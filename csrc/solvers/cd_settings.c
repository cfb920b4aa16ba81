/* cd_settings: defaults and the run-time table of the settings, both generated from
 * cd_settings_list.h */
#include "cd_solver.h"
#include <stddef.h>
#include <string.h>

/* ------------------------------------------------------------------ defaults */

#define CD_SET_DEF_RESULT(type, member, def) s->member = (cd_set_##type)(def);
#define CD_SET_DEF_OUTPUT(type, member, def) s->member = (cd_set_##type)(def);
#define CD_SET_DEF_PYTHON(type, member, def)
#define CD_SET_DEF_ACCEPTED(type, member, def)
#define CD_SET_DEF_NONE(type, member, def)
#define CD_SET_DEF(path, member, type, def, effect, aliases, doc)                                 \
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
#define CD_SET_MEM_NONE(member) NULL, -1L
/* numeric and string defaults by type */
#define CD_SET_NUM_BOOL(def) (double)(def), NULL
#define CD_SET_NUM_INT(def) (double)(def), NULL
#define CD_SET_NUM_REAL(def) (double)(def), NULL
#define CD_SET_NUM_LINSOLVER(def) (double)(def), NULL
#define CD_SET_NUM_STRING(def) 0.0, def
#define CD_SET_NUM_AUTOBOOL(def) 0.0, def
#define CD_SET_NUM_GROUP(def) 0.0, NULL
#define CD_SET_ROW(path, member, type, def, effect, aliases, doc)                                 \
    {path, CD_SET_MEM_##effect(member), CD_SETT_##type, CD_SET_NUM_##type(def), CD_SETE_##effect, \
     aliases, doc},
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
    static const char *names[] = {"result", "output", "python", "accepted", "none"};
    return (unsigned)e < sizeof names / sizeof names[0] ? names[e] : "?";
}
