/* cd_convert: Python values <-> item parameter fields, driven by the field tables.
 * No physics here: every check on values happens in the engine (cd_params, type checks). */
#include "cd_pyext.h"
#include <limits.h>
#include <string.h>

/* "ObjectMassPoint 3: parameter 'mass' ..." prefix for type errors */
#define PERR(exc, t, index, f, fmt, ...) \
    PyErr_Format(exc, "%s %d: parameter '%s' " fmt, (t)->name, index, (f)->name, __VA_ARGS__)

/* numbers of a Python value as a contiguous float64 array; NULL with exception on failure */
static PyArrayObject *as_doubles(PyObject *v, const cd_itemtype *t, int index, const cd_field *f,
                                 int maxdim)
{
    PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(v, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
    if (!a) {
        PyErr_Clear();
        PERR(PyExc_TypeError, t, index, f, "must be %s of numbers, got %s",
             maxdim == 2 ? "a matrix" : "a list", Py_TYPE(v)->tp_name);
        return NULL;
    }
    if (PyArray_NDIM(a) > maxdim) {
        PERR(PyExc_ValueError, t, index, f, "must have at most %d dimension(s), got shape with %d",
             maxdim, PyArray_NDIM(a));
        Py_DECREF(a);
        return NULL;
    }
    return a;
}

static int set_numbers(const cd_itemtype *t, int index, const cd_field *f, void *p, PyObject *v)
{
    cd_error err = {0, ""};
    int maxdim = f->type == CD_FT_MAT ? ((f->check & CD_CHK_STACK) ? 3 : 2) : 1;
    if (f->type == CD_FT_MAT && (v == Py_None || (PyList_Check(v) && PyList_GET_SIZE(v) == 0)))
        return cd_field_set_numbers(f, p, NULL, 0, 0, &err) ? (PyErr_NoMemory(), -1) : 0;
    if (v == Py_None) {
        PERR(PyExc_TypeError, t, index, f, "must be a list of numbers, got %s", "None");
        return -1;
    }
    PyArrayObject *a = as_doubles(v, t, index, f, maxdim);
    if (!a) return -1;
    int n = (int)PyArray_SIZE(a), ndim = PyArray_NDIM(a);
    int rows = ndim == 2 ? (int)PyArray_DIM(a, 0) : 1;
    if (ndim == 3) {   /* CD_CHK_STACK: a list of matrices, stacked row-wise */
        rows = (int)(PyArray_DIM(a, 0) * PyArray_DIM(a, 1));
        ndim = 2;
    }
    if (f->type == CD_FT_MAT && ndim != 2 && n > 0) {
        Py_DECREF(a);
        PERR(PyExc_ValueError, t, index, f, "must be a 2D matrix, got %d dimension(s)", ndim);
        return -1;
    }
    int rc = cd_field_set_numbers(f, p, (const double *)PyArray_DATA(a), n, rows, &err);
    Py_DECREF(a);
    if (rc) { PyErr_NoMemory(); return -1; }
    return 0;
}

static int set_index_list(const cd_itemtype *t, int index, const cd_field *f, void *p,
                          PyObject *v)
{
    PyObject *seq = PySequence_Fast(v, "");
    if (!seq) {
        PyErr_Clear();
        PERR(PyExc_TypeError, t, index, f, "must be a list of indices, got %s",
             Py_TYPE(v)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    double *x = PyMem_Malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    if (!x) { Py_DECREF(seq); PyErr_NoMemory(); return -1; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *it = PySequence_Fast_GET_ITEM(seq, i);
        long k = PyLong_Check(it) || PyIndex_Check(it) ? PyLong_AsLong(it) : -2;
        if (k == -1 && PyErr_Occurred()) PyErr_Clear(), k = (long)INT_MAX + 1;
        if (k > INT_MAX) {
            PERR(PyExc_ValueError, t, index, f, "entry %zd is out of range", i);
            PyMem_Free(x); Py_DECREF(seq);
            return -1;
        }
        if (k == -2 && !(PyLong_Check(it) || PyIndex_Check(it))) {
            PERR(PyExc_TypeError, t, index, f, "entry %zd must be an index, got %s", i,
                 Py_TYPE(it)->tp_name);
            PyMem_Free(x); Py_DECREF(seq);
            return -1;
        }
        x[i] = (double)k;
    }
    cd_error err = {0, ""};
    int rc = cd_field_set_numbers(f, p, x, (int)n, 1, &err);
    PyMem_Free(x);
    Py_DECREF(seq);
    if (rc) { PyErr_NoMemory(); return -1; }
    return 0;
}

static int set_int(const cd_itemtype *t, int index, const cd_field *f, void *p, PyObject *v)
{
    if (PyBool_Check(v) && f->type != CD_FT_BOOL && !(f->check & CD_CHK_BOOLINT)) {
        PERR(PyExc_TypeError, t, index, f, "must be an integer, got %s", "bool");
        return -1;
    }
    if (f->type == CD_FT_BOOL) {  /* True/False, 0/1 or a NumPy bool; not 'no' or [] */
        int ok = PyBool_Check(v) || PyArray_IsScalar(v, Bool) ||
                 (PyLong_Check(v) && (PyLong_AsLong(v) == 0 || PyLong_AsLong(v) == 1));
        if (!ok) {
            PERR(PyExc_TypeError, t, index, f, "must be True or False, got %R", v);
            return -1;
        }
        int b = PyObject_IsTrue(v);
        if (b < 0) return -1;
        *(int *)((char *)p + f->offset) = b;
        return 0;
    }
    if (!PyIndex_Check(v)) {
        PERR(PyExc_TypeError, t, index, f, "must be an integer%s, got %s",
             f->type == CD_FT_INDEX ? " index" : "", Py_TYPE(v)->tp_name);
        return -1;
    }
    long k = PyLong_AsLong(v);
    if (k == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        PERR(PyExc_ValueError, t, index, f, "is out of range: %R", v);
        return -1;
    }
    if (k > INT_MAX || k < INT_MIN) {
        PERR(PyExc_ValueError, t, index, f, "is out of range: %ld", k);
        return -1;
    }
    if (f->type == CD_FT_OUTVAR && (k <= 0 || k >= CD_OV_COUNT)) {
        PERR(PyExc_ValueError, t, index, f, "must be an OutputVariableType, got %ld", k);
        return -1;
    }
    if (f->type == CD_FT_INDEX && k < 0) {
        PERR(PyExc_ValueError, t, index, f, "must be a valid index >= 0, got %ld", k);
        return -1;
    }
    *(int *)((char *)p + f->offset) = (int)k;
    return 0;
}

static int set_string(const cd_itemtype *t, int index, const cd_field *f, void *p, PyObject *v)
{
    if ((f->check & CD_CHK_LIST) && (PyList_Check(v) || PyTuple_Check(v))) {
        /* a list of strings: joined by blanks */
        Py_ssize_t n = PySequence_Size(v);
        for (Py_ssize_t i = 0; i < n; i++) {
            PyObject *x = PySequence_Fast_GET_ITEM(v, i);
            if (!PyUnicode_Check(x)) {
                PERR(PyExc_TypeError, t, index, f, "must be a string or a list of strings, got "
                     "a %s in the list", Py_TYPE(x)->tp_name);
                return -1;
            }
        }
        PyObject *sep = PyUnicode_FromString(" ");
        PyObject *joined = sep ? PyUnicode_Join(sep, v) : NULL;
        Py_XDECREF(sep);
        if (!joined) return -1;
        int rc = set_string(t, index, f, p, joined);
        Py_DECREF(joined);
        return rc;
    }
    if (!PyUnicode_Check(v)) {
        PERR(PyExc_TypeError, t, index, f, "must be a string, got %s", Py_TYPE(v)->tp_name);
        return -1;
    }
    const char *s = PyUnicode_AsUTF8(v);
    if (!s) return -1;
    char **dst = (char **)((char *)p + f->offset);
    char *copy = malloc(strlen(s) + 1);
    if (!copy) { PyErr_NoMemory(); return -1; }
    strcpy(copy, s);
    free(*dst);
    *dst = copy;
    return 0;
}

void cdpy_uf_release(void *ctx)
{
    cdpy_uf *u = ctx;
    Py_XDECREF(u->callable);
    Py_XDECREF(u->call);
    PyMem_Free(u);
}

static int set_func(const cd_itemtype *t, int index, const cd_field *f, void *p, PyObject *v,
                    cdpy_system *sys)
{
    cd_func *fn = (cd_func *)((char *)p + f->offset);
    if (PyDict_Check(v)) {  /* Exudyn's form {'function': f, 'type': 'Python' or 'Symbolic'} */
        PyObject *fv = PyDict_GetItemString(v, "function"), *tv = PyDict_GetItemString(v, "type");
        const char *ts = tv && PyUnicode_Check(tv) ? PyUnicode_AsUTF8(tv) : NULL;
        if (!fv || !ts || PyDict_Size(v) != 2 ||
            (strcmp(ts, "Python") != 0 && strcmp(ts, "Symbolic") != 0)) {
            PyErr_Clear();
            PERR(PyExc_TypeError, t, index, f, "as a dict must be {'function': f, 'type': "
                 "'Python' or 'Symbolic'} (what Exudyn's getters give)%s", "");
            return -1;
        }
        v = fv;
    }
    if (v == Py_None || (PyLong_Check(v) && PyLong_AsLong(v) == 0)) return 0;
    if (!PyCallable_Check(v)) {
        PERR(PyExc_TypeError, t, index, f, "must be a Python function or 0, got %s",
             Py_TYPE(v)->tp_name);
        return -1;
    }
    /* a symbolic.UserFunction is called through its compiled function (no __call__ step); the
     * name is looked for on the type, so that an object answering every attribute (a mock, a
     * proxy) is called itself */
    PyObject *call = PyObject_HasAttrString((PyObject *)Py_TYPE(v), "_coordyn_call")
                     ? PyObject_GetAttrString(v, "_coordyn_call") : NULL;
    if (!call || !PyCallable_Check(call)) {
        PyErr_Clear();
        Py_XDECREF(call);
        Py_INCREF(v);
        call = v;
    }
    cdpy_uf *u = PyMem_Calloc(1, sizeof(cdpy_uf));
    if (!u) { Py_DECREF(call); PyErr_NoMemory(); return -1; }
    Py_INCREF(v);
    u->callable = v;
    u->call = call;
    u->conv = f->size;
    u->sys = sys;
    u->kind = t->kind;
    u->field = f->name;
    if (fn->release && fn->ctx) fn->release(fn->ctx);
    fn->fn = cdpy_uf_call;
    fn->ctx = u;
    fn->release = cdpy_uf_release;
    return 0;
}

/* set one field from a Python value */
static int set_field(const cd_itemtype *t, int index, const cd_field *f, void *p, PyObject *v,
                     cdpy_system *sys)
{
    switch (f->type) {
    case CD_FT_REAL: {
        if (!PyNumber_Check(v) || PyBool_Check(v)) {
            PERR(PyExc_TypeError, t, index, f, "must be a number, got %s", Py_TYPE(v)->tp_name);
            return -1;
        }
        double x = PyFloat_AsDouble(v);
        if (x == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            PERR(PyExc_TypeError, t, index, f, "must be a number, got %s", Py_TYPE(v)->tp_name);
            return -1;
        }
        *(double *)((char *)p + f->offset) = x;
        return 0;
    }
    case CD_FT_VEC: case CD_FT_MAT: return set_numbers(t, index, f, p, v);
    case CD_FT_INDEXLIST: return set_index_list(t, index, f, p, v);
    case CD_FT_INT: case CD_FT_BOOL: case CD_FT_INDEX: case CD_FT_OUTVAR:
        return set_int(t, index, f, p, v);
    case CD_FT_STRING: return set_string(t, index, f, p, v);
    case CD_FT_FUNC: return set_func(t, index, f, p, v, sys);
    case CD_FT_COUNT: break;
    }
    PyErr_Format(PyExc_SystemError, "%s: field '%s' has an invalid type", t->name, f->name);
    return -1;
}

/* names of a type's fields, for "unknown parameter" messages */
static PyObject *field_names(const cd_itemtype *t)
{
    PyObject *l = PyList_New(0);
    for (int i = 0; l && i < t->nfields; i++) {
        if (t->fields[i].check & CD_CHK_ALIAS) continue;
        PyObject *s = PyUnicode_FromString(t->fields[i].name);
        if (!s || PyList_Append(l, s)) { Py_XDECREF(s); Py_CLEAR(l); break; }
        Py_DECREF(s);
    }
    if (!l) return NULL;
    PyObject *sep = PyUnicode_FromString(", ");
    PyObject *r = sep ? PyUnicode_Join(sep, l) : NULL;
    Py_XDECREF(sep);
    Py_DECREF(l);
    return r;
}

/* None is a value of f: an empty matrix (as in Exudyn) or no user function; for every other
 * type None is an error (set_field names the parameter) */
static int none_allowed(const cd_field *f)
{
    return f->type == CD_FT_MAT || f->type == CD_FT_FUNC;
}

void *cdpy_parse_params(const cd_itemtype *t, int index, PyObject *dict, cdpy_system *sys)
{
    cd_error err = {0, ""};
    void *p = cd_params_new(t, &err);
    PyObject *key, *val;
    Py_ssize_t pos = 0;
    if (!p) { PyErr_NoMemory(); return NULL; }
    /* pass 0 sets the parameters, pass 1 the deprecated aliases: an alias given together
     * with its parameter wins, as in Exudyn */
    for (int pass = 0; pass < 2; pass++, pos = 0)
    while (PyDict_Next(dict, &pos, &key, &val)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        if (!k) { PyErr_SetString(PyExc_TypeError, "parameter names must be strings"); goto fail; }
        const cd_field *f = cd_field_find(t, k);
        if (f && pass != ((f->check & CD_CHK_ALIAS) != 0)) continue;
        if (!f && pass) continue;
        if (!f) {
            PyObject *names = field_names(t);
            PyErr_Format(PyExc_ValueError, "%s %d: unknown parameter '%s'; valid parameters: %U",
                         t->name, index, k, names ? names : Py_None);
            Py_XDECREF(names);
            goto fail;
        }
        if (f->check & CD_CHK_ALIAS) {
            const cd_field *to = cd_field_find(t, f->alias);
            if (val == Py_None && !none_allowed(to)) {  /* no silent default for None */
                PERR(PyExc_TypeError, t, index, f, "(the name of '%s') must be %s, got None",
                     to->name, to->type == CD_FT_REAL ? "a number" : "a list of numbers");
                goto fail;
            }
            f = to;
        }
        if (set_field(t, index, f, p, val, sys)) goto fail;
    }
    return p;
fail:
    cd_params_free(t, p);
    return NULL;
}

/* one field as a Python value (for GetNode/GetObject/...) */
static PyObject *get_field(const cd_field *f, const void *p)
{
    const char *base = (const char *)p + f->offset;
    switch (f->type) {
    case CD_FT_REAL: return PyFloat_FromDouble(*(const double *)base);
    case CD_FT_INT: case CD_FT_INDEX: case CD_FT_OUTVAR: return PyLong_FromLong(*(const int *)base);
    case CD_FT_BOOL: return PyBool_FromLong(*(const int *)base);
    case CD_FT_STRING: return PyUnicode_FromString(*(char *const *)base ? *(char *const *)base : "");
    case CD_FT_VEC: {
        const cd_vec *v = (const cd_vec *)base;
        npy_intp d = v->n;
        PyObject *a = PyArray_SimpleNew(1, &d, NPY_DOUBLE);
        if (a && v->n) memcpy(PyArray_DATA((PyArrayObject *)a), v->x, sizeof(double) * (size_t)v->n);
        return a;
    }
    case CD_FT_MAT: {
        const cd_mat *m = (const cd_mat *)base;
        npy_intp d[3] = {m->rows, m->cols, m->cols};
        int nd = 2;
        if ((f->check & CD_CHK_STACK) && m->cols > 0 && m->rows % m->cols == 0) {
            d[0] = m->rows / m->cols;   /* the list of cols x cols matrices */
            d[1] = m->cols;
            nd = 3;
        }
        PyObject *a = PyArray_SimpleNew(nd, d, NPY_DOUBLE);
        if (a && m->rows > 0 && m->cols > 0)
            memcpy(PyArray_DATA((PyArrayObject *)a), m->x, sizeof(double) * (size_t)(m->rows * m->cols));
        return a;
    }
    case CD_FT_INDEXLIST: {
        const cd_ivec *v = (const cd_ivec *)base;
        PyObject *l = PyList_New(v->n);
        for (int i = 0; l && i < v->n; i++) PyList_SET_ITEM(l, i, PyLong_FromLong(v->x[i]));
        return l;
    }
    case CD_FT_FUNC: {
        const cd_func *fn = (const cd_func *)base;
        if (fn->fn && fn->ctx) { Py_INCREF(((cdpy_uf *)fn->ctx)->callable); return ((cdpy_uf *)fn->ctx)->callable; }
        return PyLong_FromLong(0);
    }
    case CD_FT_COUNT: break;
    }
    Py_RETURN_NONE;
}

PyObject *cdpy_params_to_dict(const cd_itemtype *t, const void *p)
{
    PyObject *d = PyDict_New();
    for (int i = 0; d && i < t->nfields; i++) {
        const cd_field *f = &t->fields[i];
        if (f->check & CD_CHK_ALIAS) continue;
        PyObject *v = get_field(f, p);
        if (!v || PyDict_SetItemString(d, f->name, v)) { Py_XDECREF(v); Py_CLEAR(d); break; }
        Py_DECREF(v);
    }
    return d;
}

/* the type tables as Python data: the single source of truth for classes and docs */
PyObject *cdpy_item_types(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    PyObject *list = PyList_New(0);
    for (int i = 0; list && i < cd_ntypes(); i++) {
        const cd_itemtype *t = cd_type_get(i);
        PyObject *fields = PyList_New(0);
        for (int j = 0; fields && j < t->nfields; j++) {
            const cd_field *f = &t->fields[j];
            PyObject *fd = Py_BuildValue(
                "{s:s,s:s,s:i,s:s,s:s,s:s,s:s,s:O,s:O,s:O,s:s}", "name", f->name, "type",
                cd_ftype_name(f->type), "size", f->size, "default", f->def ? f->def : "",
                "unit", f->unit ? f->unit : "", "doc", f->doc ? f->doc : "", "ref",
                (f->type == CD_FT_INDEX || f->type == CD_FT_INDEXLIST) ? cd_kind_name((cd_kind)f->ref) : "",
                "nonnegative", (f->check & CD_CHK_NONNEG) ? Py_True : Py_False,
                "positive", (f->check & CD_CHK_POS) ? Py_True : Py_False,
                "has_default", f->def ? Py_True : Py_False,
                "alias_of", f->alias ? f->alias : "");
            if (!fd || PyList_Append(fields, fd)) { Py_XDECREF(fd); Py_CLEAR(fields); break; }
            Py_DECREF(fd);
        }
        PyObject *ov = PyList_New(0);
        for (const cd_outvar *o = t->outvars; ov && o && *o != CD_OV_NONE; o++) {
            PyObject *s = PyUnicode_FromString(cd_outvar_name(*o));
            if (!s || PyList_Append(ov, s)) { Py_XDECREF(s); Py_CLEAR(ov); break; }
            Py_DECREF(s);
        }
        PyObject *td = (fields && ov) ? Py_BuildValue(
            "{s:s,s:s,s:s,s:s,s:s,s:O,s:O}", "kind", cd_kind_name(t->kind), "name", t->name,
            "typename", t->typename_, "alias", t->alias ? t->alias : "", "doc", t->doc,
            "fields", fields, "outputVariables", ov) : NULL;
        Py_XDECREF(fields);
        Py_XDECREF(ov);
        if (!td || PyList_Append(list, td)) { Py_XDECREF(td); Py_CLEAR(list); break; }
        Py_DECREF(td);
    }
    return list;
}
