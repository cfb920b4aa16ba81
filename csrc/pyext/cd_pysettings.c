/* cd_pysettings: the settings table (cd_settings_list.h) for Python: the parser of a solve's
 * settings, _core.settings_table() and _core.settings_defaults() */
#include "cd_pyext.h"
#include <limits.h>
#include <math.h>
#include <string.h>

/* an INT setting: val as a C int within e's range; an integer out of range (any size: no cut to
 * 32 or 64 bits) is a ValueError naming the setting and its range */
static int parse_int(const cd_setting_info *e, PyObject *val, int *out)
{
    int overflow = 0;
    PyObject *i = PyNumber_Index(val);
    long long x = i ? PyLong_AsLongLongAndOverflow(i, &overflow) : -1;
    if (x == -1 && PyErr_Occurred()) {
        Py_XDECREF(i);
        return -2;
    }
    if (overflow || x < INT_MIN || x > INT_MAX || !cd_setting_valid(e, (double)x)) {
        PyErr_Format(PyExc_ValueError, "%s must be an integer %s (at most %d), got %S", e->path,
                     cd_setrange_info(e->range)->text, INT_MAX, i);
        Py_DECREF(i);
        return -1;
    }
    Py_DECREF(i);
    *out = (int)x;
    return 0;
}

/* write val into the member of entry e (e->offset >= 0); key: the name the caller used */
static int store_setting(const cd_setting_info *e, const char *key, PyObject *val, cd_settings *set)
{
    char *m = (char *)set + e->offset;
    if (e->type == CD_SETT_REAL) {
        double x = PyFloat_AsDouble(val);
        if (x == -1.0 && PyErr_Occurred()) goto bad;
        *(double *)m = x;
        return 0;
    }
    if (e->type == CD_SETT_INT) {
        int rc = parse_int(e, val, (int *)m);
        if (rc == -2) goto bad;
        return rc;
    }
    long x = PyLong_AsLong(val);
    if (x == -1 && PyErr_Occurred()) goto bad;
    if (e->type == CD_SETT_BOOL) {
        *(int *)m = x != 0;
        return 0;
    }
    if (x != CD_LS_AUTO && x != CD_LS_DENSE && x != CD_LS_SPARSE && x != CD_LS_BLOCK) {
        PyErr_Format(PyExc_ValueError, "setting '%s': invalid LinearSolverType %ld", key, x);
        return -1;
    }
    *(cd_ls_kind *)m = (cd_ls_kind)x;
    return 0;
bad:
    PyErr_Format(PyExc_TypeError, "setting '%s' must be %s %s, got %R", key,
                 e->type == CD_SETT_INT ? "an" : "a", cd_settype_name(e->type), val);
    return -1;
}

/* an INT or REAL entry without a C member (accepted for Exudyn scripts, or read by Python):
 * its value within its range all the same; other types are not looked at */
static int check_unread(const cd_setting_info *e, const char *key, PyObject *val)
{
    int i;
    if (e->type == CD_SETT_INT) {
        int rc = parse_int(e, val, &i);
        if (rc == -2)
            PyErr_Format(PyExc_TypeError, "setting '%s' must be an int, got %R", key, val);
        return rc ? -1 : 0;
    }
    if (e->type != CD_SETT_REAL) return 0;
    double x = PyFloat_AsDouble(val);
    if (x == -1.0 && PyErr_Occurred()) {
        PyErr_Format(PyExc_TypeError, "setting '%s' must be a real, got %R", key, val);
        return -1;
    }
    if (cd_setting_valid(e, x)) return 0;
    PyErr_Format(PyExc_ValueError, "%s must be %s%s, got %R", e->path,
                 isfinite(x) ? "" : "a finite number ", cd_setrange_info(e->range)->text, val);
    return -1;
}

/* settings: {path: value} for any entries of cd_settings_list.h (by path or alias) over the
 * defaults; entries without a C member are accepted and ignored, unknown paths are an error
 * naming the key */
int cdpy_parse_settings(PyObject *d, cd_settings *set)
{
    PyObject *key, *val;
    Py_ssize_t pos = 0;
    cd_settings_default(set);
    while (PyDict_Next(d, &pos, &key, &val)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        if (!k) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "setting names must be str, got %R", key);
            return -1;
        }
        const cd_setting_info *e = cd_settings_find(cd_settings_table, cd_settings_count, k);
        if (!e || e->type == CD_SETT_GROUP) {
            PyErr_Format(PyExc_ValueError, "unknown setting '%s'%s", k,
                         e ? " (a group of settings, not a value)" : "");
            return -1;
        }
        if (e->offset >= 0 ? store_setting(e, k, val, set) : check_unread(e, k, val)) return -1;
    }
    return 0;
}

/* the value of entry e in set as a Python object (e has a member) */
static PyObject *setting_value(const cd_setting_info *e, const cd_settings *set)
{
    const char *m = (const char *)set + e->offset;
    switch (e->type) {
    case CD_SETT_REAL: return PyFloat_FromDouble(*(const double *)m);
    case CD_SETT_BOOL: return PyBool_FromLong(*(const int *)m);
    case CD_SETT_INT: return PyLong_FromLong(*(const int *)m);
    case CD_SETT_LINSOLVER: return PyLong_FromLong((long)*(const cd_ls_kind *)m);
    default: break;
    }
    PyErr_Format(PyExc_SystemError, "setting '%s' has no C value", e->path);
    return NULL;
}

/* the default of entry e as a Python object (None for groups) */
static PyObject *table_default(const cd_setting_info *e)
{
    switch (e->type) {
    case CD_SETT_REAL: return PyFloat_FromDouble(e->def);
    case CD_SETT_BOOL: return PyBool_FromLong(e->def != 0);
    case CD_SETT_INT: case CD_SETT_LINSOLVER: return PyLong_FromLong((long)e->def);
    case CD_SETT_STRING: case CD_SETT_AUTOBOOL: return PyUnicode_FromString(e->def_str);
    case CD_SETT_GROUP: break;
    }
    Py_RETURN_NONE;
}

/* the C member's name without the blanks the preprocessor leaves ("staticNewton.maxIterations")
 * or None */
static PyObject *member_name(const cd_setting_info *e)
{
    char buf[128];
    size_t n = 0;
    if (!e->member) Py_RETURN_NONE;
    for (const char *p = e->member; *p && n + 1 < sizeof buf; p++)
        if (*p != ' ') buf[n++] = *p;
    buf[n] = '\0';
    return PyUnicode_FromString(buf);
}

/* aliases as a list of str */
static PyObject *alias_list(const char *aliases)
{
    PyObject *s = PyUnicode_FromString(aliases), *l = s ? PyUnicode_Split(s, NULL, -1) : NULL;
    Py_XDECREF(s);
    return l;
}

PyObject *cdpy_settings_table(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    PyObject *rows = PyList_New(cd_settings_count);
    for (int i = 0; rows && i < cd_settings_count; i++) {
        const cd_setting_info *e = &cd_settings_table[i];
        const cd_range_info *ri = cd_setrange_info(e->range);
        PyObject *row = Py_BuildValue("{s:s,s:N,s:s,s:N,s:s,s:N,s:s,s:s,s:d,s:d,s:O,s:O}",
                                      "path", e->path, "member", member_name(e),
                                      "type", cd_settype_name(e->type), "default", table_default(e),
                                      "effect", cd_seteffect_name(e->effect),
                                      "aliases", alias_list(e->aliases), "doc", e->doc,
                                      "range", ri->text, "min", ri->lo, "max", ri->hi,
                                      "min_open", ri->lo_open ? Py_True : Py_False,
                                      "max_open", ri->hi_open ? Py_True : Py_False);
        if (!row) Py_CLEAR(rows);
        else PyList_SET_ITEM(rows, i, row);
    }
    return rows;
}

PyObject *cdpy_settings_defaults(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    cd_settings set;
    cd_settings_default(&set);
    PyObject *d = PyDict_New();
    for (int i = 0; d && i < cd_settings_count; i++) {
        const cd_setting_info *e = &cd_settings_table[i];
        if (e->offset < 0) continue;
        PyObject *v = setting_value(e, &set);
        if (!v || PyDict_SetItemString(d, e->path, v)) Py_CLEAR(d);
        Py_XDECREF(v);
    }
    return d;
}
