/* cd_pysystem: the _System type wrapping a cd_system, its current state and sensor data */
#include "cd_pyext.h"
#include "../analysis/cd_structure.h"
#include <string.h>
#include <time.h>
#include "../analysis/cd_dof.h"

static int parse_kind(PyObject *o, cd_kind *k)
{
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (v < 0 || v >= CD_NKIND) {
        PyErr_Format(PyExc_ValueError, "invalid item kind %ld", v);
        return -1;
    }
    *k = (cd_kind)v;
    return 0;
}

/* ------------------------------------------------------------------ user functions */

static PyObject *vector_arg(const double *x, npy_intp n)
{
    PyObject *a = PyArray_SimpleNew(1, &n, NPY_DOUBLE);
    if (a && n) memcpy(PyArray_DATA((PyArrayObject *)a), x, sizeof(double) * (size_t)n);
    return a;
}

/* arguments (mbs, t, ...) of a user function call, built from its convention's argument codes
 * (cd_system.h, CD_USERFUNCS): i item, s scalar, v 3-vector, h half of the inputs as a vector,
 * a the remaining inputs as a vector, b a bool, l / d a list of integers / reals;
 * NULL with exception on failure */
static PyObject *uf_args(const cdpy_uf *u, double t, int item, const double *in, int nin)
{
    const char *codes = cd_userfunc_args(u->conv);
    if (!codes) {
        PyErr_SetString(PyExc_SystemError, "unknown user function convention");
        return NULL;
    }
    PyObject *args = PyTuple_New(2 + (Py_ssize_t)strlen(codes));
    if (!args) return NULL;
    PyObject *mbs = u->sys->owner ? u->sys->owner : Py_None;
    Py_INCREF(mbs);
    PyTuple_SET_ITEM(args, 0, mbs);
    PyTuple_SET_ITEM(args, 1, PyFloat_FromDouble(t));
    int k = 0;  /* next input value */
    int fixed = 0, half;  /* inputs the s, b, v codes take; h takes half of the rest */
    for (Py_ssize_t j = 0; codes[j]; j++)
        fixed += codes[j] == 's' || codes[j] == 'b' ? 1 : codes[j] == 'v' ? 3
               : codes[j] == 'm' ? 36 : codes[j] == 'r' ? 9 : 0;
    half = (nin - fixed) / 2;
    for (Py_ssize_t j = 0; codes[j]; j++) {
        PyObject *a = NULL;
        switch (codes[j]) {
        case 'i': a = PyLong_FromLong(item); break;
        case 's': a = PyFloat_FromDouble(in[k]); k += 1; break;
        case 'v': a = vector_arg(in + k, 3); k += 3; break;
        case 'h': a = vector_arg(in + k, half); k += half; break;
        case 'a': a = vector_arg(in + k, nin - k); k = nin; break;
        case 'b': a = PyBool_FromLong(in[k] != 0.0); k += 1; break;
        case 'm': case 'r': {  /* a 6 x 6 or 3 x 3 matrix, row by row */
            npy_intp dims[2] = {codes[j] == 'm' ? 6 : 3, codes[j] == 'm' ? 6 : 3};
            a = PyArray_SimpleNew(2, dims, NPY_DOUBLE);
            if (a) memcpy(PyArray_DATA((PyArrayObject *)a), in + k,
                          sizeof(double) * (size_t)(dims[0] * dims[1]));
            k += (int)(dims[0] * dims[1]);
            break;
        }
        case 'l': {  /* a list of integers: its length, then the integers */
            int n = k < nin ? (int)in[k] : -1;
            if (n < 0 || k + 1 + n > nin) {
                PyErr_SetString(PyExc_SystemError, "user function argument list out of range");
                break;
            }
            a = PyList_New(n);
            for (int m = 0; a && m < n; m++) {
                PyObject *v = PyLong_FromLong((long)in[k + 1 + m]);
                if (!v) { Py_CLEAR(a); break; }
                PyList_SET_ITEM(a, m, v);
            }
            k += 1 + n;
            break;
        }
        case 'd': {  /* a list of reals: its length, then the reals */
            int n = k < nin ? (int)in[k] : -1;
            if (n < 0 || k + 1 + n > nin) {
                PyErr_SetString(PyExc_SystemError, "user function argument list out of range");
                break;
            }
            a = PyList_New(n);
            for (int m = 0; a && m < n; m++) {
                PyObject *v = PyFloat_FromDouble(in[k + 1 + m]);
                if (!v) { Py_CLEAR(a); break; }
                PyList_SET_ITEM(a, m, v);
            }
            k += 1 + n;
            break;
        }
        case 'c': {  /* ConfigurationType.Current */
            PyObject *mod = PyImport_ImportModule("coordyn.items");
            PyObject *ct = mod ? PyObject_GetAttrString(mod, "ConfigurationType") : NULL;
            a = ct ? PyObject_GetAttrString(ct, "Current") : NULL;
            Py_XDECREF(ct);
            Py_XDECREF(mod);
            break;
        }
        default: PyErr_SetString(PyExc_SystemError, "bad user function argument code"); break;
        }
        PyTuple_SET_ITEM(args, 2 + j, a);
        if (!a) { Py_DECREF(args); return NULL; }
    }
    if (!PyTuple_GET_ITEM(args, 1)) { Py_DECREF(args); return NULL; }
    return args;
}

/* the result as nout doubles (CD_UF_SENSOR: any number n < nout of them, out[0] = n) */
static int uf_result(const cdpy_uf *u, PyObject *res, double *out, int nout)
{
    PyArrayObject *a;
    /* a float for a scalar law (a force, a load): taken as it is, without an array */
    if (nout == 1 && u->conv != CD_UF_SENSOR && PyFloat_Check(res)) {
        out[0] = PyFloat_AS_DOUBLE(res);
        return 0;
    }
    /* a MatrixContainer or a scipy sparse matrix: as a dense array (arrays, lists and tuples,
     * the usual results, skip the look-ups) */
    int plain = PyArray_Check(res) || PyList_Check(res) || PyTuple_Check(res);
    const char *dense = plain ? NULL
                        : PyObject_HasAttrString(res, "Convert2DenseMatrix") ? "Convert2DenseMatrix"
                        : PyObject_HasAttrString(res, "toarray") ? "toarray" : NULL;
    if (dense) {
        PyObject *d = PyObject_CallMethod(res, dense, NULL);
        if (!d) return -1;
        a = (PyArrayObject *)PyArray_FROM_OTF(d, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
        Py_DECREF(d);
    } else {
        a = (PyArrayObject *)PyArray_FROM_OTF(res, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
    }
    if (!a) return -1;
    if (u->conv == CD_UF_SENSOR) {
        npy_intp n = PyArray_SIZE(a);
        int ok = n < nout && PyArray_NDIM(a) <= 1;
        if (ok) {
            out[0] = (double)n;
            if (n) memcpy(out + 1, PyArray_DATA(a), sizeof(double) * (size_t)n);
        }
        Py_DECREF(a);
        if (!ok)
            PyErr_Format(PyExc_ValueError, "user function '%s' must return a list of at most %d "
                         "values", u->field, nout - 1);
        return ok ? 0 : -1;
    }
    int ok = PyArray_SIZE(a) == nout;
    if (ok) memcpy(out, PyArray_DATA(a), sizeof(double) * (size_t)nout);
    Py_DECREF(a);
    if (!ok) {
        PyErr_Format(PyExc_ValueError, "user function '%s' must return %d value(s)", u->field, nout);
        return -1;
    }
    return 0;
}

/* called by the engine with the GIL released: take it, call, keep any exception for later */
int cdpy_uf_call(void *ctx, double t, int item, const double *in, int nin, double *out, int nout)
{
    cdpy_uf *u = ctx;
    int rc = 0;
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject *args = uf_args(u, t, item, in, nin);
    PyObject *res = args ? PyObject_CallObject(u->call, args) : NULL;
    if (!res || uf_result(u, res, out, nout)) {
        rc = -1;
        if (!u->sys->exc_type) {
            PyErr_Fetch(&u->sys->exc_type, &u->sys->exc_value, &u->sys->exc_tb);
            PyErr_NormalizeException(&u->sys->exc_type, &u->sys->exc_value, &u->sys->exc_tb);
            if (u->sys->exc_value) {
                PyObject *tobj = PyFloat_FromDouble(t);
                PyObject *note = tobj ? PyUnicode_FromFormat("raised in '%s' of %s %d at t = %R",
                                                             u->field, cd_kind_name(u->kind), item,
                                                             tobj) : NULL;
                Py_XDECREF(tobj);
                if (note) {
                    PyObject *r = PyObject_CallMethod(u->sys->exc_value, "add_note", "O", note);
                    Py_XDECREF(r);
                    Py_DECREF(note);
                }
                PyErr_Clear();
            }
        } else {
            PyErr_Clear();
        }
    }
    Py_XDECREF(args);
    Py_XDECREF(res);
    PyGILState_Release(g);
    return rc;
}

/* ------------------------------------------------------------------ life cycle */

static PyObject *sys_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
    PyObject *owner = Py_None;
    PyObject *solver_error = NULL;
    static char *kwlist[] = {"owner", "solver_error", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO", kwlist, &owner, &solver_error)) return NULL;
    cdpy_system *self = (cdpy_system *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    self->sys = cd_system_create();
    if (!self->sys) { Py_DECREF(self); return PyErr_NoMemory(); }
    self->owner = owner == Py_None ? NULL : owner;  /* borrowed: the owner holds us */
    Py_XINCREF(solver_error);
    self->solver_error = solver_error;
    return (PyObject *)self;
}

/* every user function an item holds: the Python callables the engine keeps alive */
typedef int (*uf_visitor)(cd_func *fn, void *arg);

static int for_each_userfunc(cdpy_system *self, uf_visitor visit, void *arg)
{
    cd_system *s = self->sys;
    for (int k = 0; s && k < CD_NKIND; k++)
        for (int i = 0; i < s->list[k].n; i++) {
            const cd_item *it = &s->list[k].items[i];
            for (int j = 0; j < it->type->nfields; j++) {
                const cd_field *f = &it->type->fields[j];
                if (f->type != CD_FT_FUNC || (f->check & CD_CHK_ALIAS)) continue;
                cd_func *fn = (cd_func *)((char *)it->p + f->offset);
                if (!fn->ctx || fn->release != cdpy_uf_release) continue;
                int rc = visit(fn, arg);
                if (rc) return rc;
            }
        }
    return 0;
}

typedef struct { visitproc visit; void *arg; } traverse_arg;

static int visit_uf(cd_func *fn, void *varg)
{
    traverse_arg *ta = varg;
    const cdpy_uf *u = fn->ctx;
    int rc = u->callable ? ta->visit(u->callable, ta->arg) : 0;
    return rc || !u->call ? rc : ta->visit(u->call, ta->arg);
}

/* garbage collection: a user function that closes over the MainSystem makes a cycle
 * MainSystem -> _System -> item -> function -> MainSystem, which the collector can only see
 * through this traversal */
static int sys_traverse(cdpy_system *self, visitproc visit, void *arg)
{
    traverse_arg ta = {visit, arg};
    Py_VISIT(Py_TYPE(self));
    for (int k = 0; k < CDPY_NSYSUF; k++) Py_VISIT(self->sysuf[k]);
    Py_VISIT(self->sensors);
    Py_VISIT(self->exc_type);
    Py_VISIT(self->exc_value);
    Py_VISIT(self->exc_tb);
    Py_VISIT(self->solver_error);
    return for_each_userfunc(self, visit_uf, &ta);
}

static int release_uf(cd_func *fn, void *arg)
{
    (void)arg;
    fn->release(fn->ctx);
    fn->fn = NULL;
    fn->ctx = NULL;
    fn->release = NULL;
    return 0;
}

/* break reference cycles: drop the user functions and the other Python references */
static int sys_clear(cdpy_system *self)
{
    for_each_userfunc(self, release_uf, NULL);
    for (int k = 0; k < CDPY_NSYSUF; k++) Py_CLEAR(self->sysuf[k]);
    Py_CLEAR(self->sensors);
    Py_CLEAR(self->exc_type);
    Py_CLEAR(self->exc_value);
    Py_CLEAR(self->exc_tb);
    Py_CLEAR(self->solver_error);
    return 0;
}

static void sys_dealloc(cdpy_system *self)
{
    PyTypeObject *tp = Py_TYPE(self);
    PyObject_GC_UnTrack(self);
    sys_clear(self);
    self->sys = cd_system_free(self->sys);
    if (self->have_state) {
        cd_state_free(&self->cur);
        cd_state_free(&self->sos);
    }
    tp->tp_free(self);
    Py_DECREF(tp);
}

/* re-raise an exception a user function raised while the engine ran; 1 if there was one */
static int restore_uf_exception(cdpy_system *self)
{
    if (!self->exc_type) return 0;
    PyErr_Restore(self->exc_type, self->exc_value, self->exc_tb);
    self->exc_type = self->exc_value = self->exc_tb = NULL;
    return 1;
}

static PyObject *raise_engine(cdpy_system *self, const cd_error *err)
{
    if (restore_uf_exception(self)) return NULL;
    PyObject *exc = PyExc_ValueError;
    if (err->code == CD_ERR_NOMEM && !err->msg[0]) return PyErr_NoMemory();
    if (err->code == CD_ERR_NOMEM) exc = PyExc_MemoryError;
    else if (err->code != CD_ERR_INPUT && self->solver_error) exc = self->solver_error;
    PyErr_SetString(exc, err->msg[0] ? err->msg : cd_error_name(err->code));
    return NULL;
}

/* a solve of this system runs in another thread (it released the GIL): refuse changes */
static int refuse_if_busy(cdpy_system *self, const char *what)
{
    if (!self->busy) return 0;
    PyErr_Format(PyExc_RuntimeError, "%s: the system is being solved (in another thread, or "
                 "this is a user function of the running solve); wait for the solve to finish",
                 what);
    return -1;
}

/* reads during a solve are allowed from the solving thread (user functions read the current
 * iterate, as in Exudyn), refused from other threads */
static int refuse_read_if_busy(cdpy_system *self, const char *what)
{
    if (!self->busy || PyThread_get_thread_ident() == self->solve_thread) return 0;
    return refuse_if_busy(self, what);
}

/* ------------------------------------------------------------------ items */

static PyObject *sys_add(cdpy_system *self, PyObject *args)
{
    if (refuse_if_busy(self, "AddItem")) return NULL;
    PyObject *kindo, *params;
    const char *tname;
    cd_kind kind;
    if (!PyArg_ParseTuple(args, "OsO!", &kindo, &tname, &PyDict_Type, &params)) return NULL;
    if (parse_kind(kindo, &kind)) return NULL;
    const cd_itemtype *t = cd_type_find(kind, tname);
    if (!t)
        return PyErr_Format(PyExc_ValueError, "unknown %s type '%s'", cd_kind_name(kind), tname);
    int index = self->sys->list[kind].n;
    void *p = cdpy_parse_params(t, index, params, self);
    if (!p) return NULL;
    cd_error err = {0, ""};
    int rc = cd_system_add(self->sys, t, p, &err);
    if (rc < 0) return raise_engine(self, &err);
    if (err.msg[0] && PyErr_WarnEx(PyExc_UserWarning, err.msg, 1) < 0) return NULL;
    return PyLong_FromLong(rc);
}

/* a system user function of the running solve is calling (changes are allowed then) */
static int in_system_userfunction(cdpy_system *self)
{
    return self->busy && self->in_sysuf && PyThread_get_thread_ident() == self->solve_thread;
}

static PyObject *sys_modify(cdpy_system *self, PyObject *args)
{
    int live = in_system_userfunction(self);
    if (!live && refuse_if_busy(self, "ModifyItem")) return NULL;
    PyObject *kindo, *params;
    int index;
    cd_kind kind;
    if (!PyArg_ParseTuple(args, "OiO!", &kindo, &index, &PyDict_Type, &params)) return NULL;
    if (parse_kind(kindo, &kind)) return NULL;
    if (index < 0 || index >= self->sys->list[kind].n)
        return PyErr_Format(PyExc_IndexError, "%s number %d does not exist (there are %d)",
                            cd_kind_name(kind), index, self->sys->list[kind].n);
    const cd_itemtype *t = self->sys->list[kind].items[index].type;
    /* start from the current parameters, then apply the changes */
    PyObject *cur = cdpy_params_to_dict(t, self->sys->list[kind].items[index].p);
    if (!cur) return NULL;
    if (PyDict_Update(cur, params)) { Py_DECREF(cur); return NULL; }
    void *p = cdpy_parse_params(t, index, cur, self);
    Py_DECREF(cur);
    if (!p) return NULL;
    if (live) {
        if (cdpy_live_modify(self, kind, index, p)) return NULL;
        Py_RETURN_NONE;
    }
    cd_error err = {0, ""};
    if (cd_system_modify(self->sys, kind, index, p, &err)) return raise_engine(self, &err);
    if (err.msg[0] && PyErr_WarnEx(PyExc_UserWarning, err.msg, 1) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *sys_get(cdpy_system *self, PyObject *args)
{
    PyObject *kindo;
    int index;
    cd_kind kind;
    if (!PyArg_ParseTuple(args, "Oi", &kindo, &index)) return NULL;
    if (parse_kind(kindo, &kind)) return NULL;
    if (index < 0 || index >= self->sys->list[kind].n)
        return PyErr_Format(PyExc_IndexError, "%s number %d does not exist (there are %d)",
                            cd_kind_name(kind), index, self->sys->list[kind].n);
    const cd_item *it = &self->sys->list[kind].items[index];
    PyObject *d = cdpy_params_to_dict(it->type, it->p);
    if (!d) return NULL;
    /* Exudyn's form: {'objectType': 'MassPoint', ...}, accepted back by Add and Modify */
    PyObject *tn = PyUnicode_FromString(it->type->typename_);
    if (!tn || PyDict_SetItemString(d, cd_kind_key(kind), tn)) { Py_XDECREF(tn); Py_DECREF(d); return NULL; }
    Py_DECREF(tn);
    /* and the full class name (coordyn's addition; ignored by Add and Modify) */
    tn = PyUnicode_FromString(it->type->name);
    if (!tn || PyDict_SetItemString(d, "itemType", tn)) { Py_XDECREF(tn); Py_DECREF(d); return NULL; }
    Py_DECREF(tn);
    return d;
}

static PyObject *sys_count(cdpy_system *self, PyObject *kindo)
{
    cd_kind kind;
    if (parse_kind(kindo, &kind)) return NULL;
    return PyLong_FromLong(self->sys->list[kind].n);
}

/* ------------------------------------------------------------------ assemble and state */

static int reset_state(cdpy_system *self)
{
    cd_system *s = self->sys;
    if (self->have_state) {
        cd_state_free(&self->cur);
        cd_state_free(&self->sos);
    }
    self->have_state = 0;
    if (cd_state_init(&self->cur, s)) { PyErr_NoMemory(); return -1; }
    if (cd_state_init(&self->sos, s)) {
        cd_state_free(&self->cur);
        PyErr_NoMemory();
        return -1;
    }
    self->have_state = 1;
    cd_state_set_initial(&self->cur, s);
    cd_state_set_initial(&self->sos, s);
    return 0;
}

static PyObject *sys_assemble(cdpy_system *self, PyObject *unused)
{
    if (refuse_if_busy(self, "Assemble")) return NULL;
    (void)unused;
    cd_error err = {0, ""};
    if (cd_system_assemble(self->sys, &err)) return raise_engine(self, &err);
    if (reset_state(self)) return NULL;
    Py_RETURN_NONE;
}

static int need_assembled(cdpy_system *self)
{
    if (self->sys->assembled && self->have_state) return 0;
    PyErr_SetString(self->solver_error ? self->solver_error : PyExc_RuntimeError,
                    "the system is not assembled: call mbs.Assemble() after adding or modifying "
                    "items");
    return -1;
}

static PyObject *vec_copy(const double *x, int n)
{
    npy_intp d = n;
    PyObject *a = PyArray_SimpleNew(1, &d, NPY_DOUBLE);
    if (a && n) memcpy(PyArray_DATA((PyArrayObject *)a), x, sizeof(double) * (size_t)n);
    return a;
}

/* coordinate vectors by kind: which = 0 q, 1 q_t, 2 q_tt, 3 lambda, 4 y (ODE1), 5 y_t,
 * 6 Data; config = 0 current, 1 initial, 2 reference, 3 start of step, 4 visualization (the
 * current vectors: coordyn draws the current state). *n is the length; *get the vector read
 * (NULL: zeros), *set the vector written (NULL: cannot be set in this configuration) */
static int coord_vector(cdpy_system *self, int which, int config, int *n, const double **get,
                        double **set)
{
    cd_system *s = self->sys;
    cd_state *c = &self->cur, *o = &self->sos;
    int sizes[7] = {s->n2, s->n2, s->n2, s->nae, s->n1, s->n1, s->nd};
    double *cur[7] = {c->q, c->v, c->a, c->lam, c->y, c->yd, c->data};
    double *sos[7] = {o->q, o->v, o->a, o->lam, o->y, o->yd, o->data};
    double *ini[7] = {s->q0, s->v0, NULL, s->lam0, s->y0, NULL, s->d0};
    double *ref[7] = {s->qref, NULL, NULL, NULL, s->yref, NULL, NULL};
    if (which < 0 || which > 6 || config < 0 || config > 4) {
        PyErr_Format(PyExc_ValueError, "invalid coordinate kind %d or configuration %d", which,
                     config);
        return -1;
    }
    *n = sizes[which];
    double *v = config == 0 || config == 4 ? cur[which] : config == 1 ? ini[which]
              : config == 2 ? ref[which] : sos[which];
    *get = v;
    *set = config == 2 ? NULL : v;
    if (config == 4) *set = NULL;  /* mirrors Current: set the Current configuration */
    /* during a solve StartOfStep is the solver's state at the start of the step */
    if (config == 3 && self->busy) *set = NULL;
    return 0;
}

/* the message for coordinates that cannot be set in a configuration */
static PyObject *not_settable(int which, int config)
{
    static const char *kinds[7] = {"ODE2 coordinates", "ODE2 velocities",
                                   "ODE2 accelerations", "AE coordinates", "ODE1 coordinates",
                                   "ODE1 velocities", "Data coordinates"};
    if (config == 2)
        return PyErr_Format(PyExc_ValueError, "cannot set %s in the Reference configuration: "
                            "reference values are item parameters (referenceCoordinates); "
                            "use ModifyNode", kinds[which]);
    if (config == 3)
        return PyErr_Format(PyExc_ValueError, "cannot set %s in the StartOfStep configuration "
                            "during a solve: it is the solver's state at the start of the step; "
                            "set the Current configuration", kinds[which]);
    if (config == 4)
        return PyErr_Format(PyExc_ValueError, "cannot set %s in the Visualization "
                            "configuration: coordyn's Visualization configuration mirrors the "
                            "Current one; set the Current configuration", kinds[which]);
    return PyErr_Format(PyExc_ValueError, "cannot set %s in the Initial configuration: the "
                        "solvers compute them from the initial coordinates; set the Current "
                        "configuration", kinds[which]);
}

static PyObject *sys_get_coords(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "GetCoordinates")) return NULL;
    int which, config, n;
    const double *src;
    double *dst;
    if (!PyArg_ParseTuple(args, "ii", &which, &config)) return NULL;
    if (need_assembled(self) || coord_vector(self, which, config, &n, &src, &dst)) return NULL;
    PyObject *a = vec_copy(src ? src : self->sys->qref, src ? n : 0);
    if (a && !src) {  /* zeros of length n */
        Py_DECREF(a);
        npy_intp d = n;
        a = PyArray_ZEROS(1, &d, NPY_DOUBLE, 0);
    }
    return a;
}

static PyObject *sys_set_coords(cdpy_system *self, PyObject *args)
{
    /* a system user function may change the current state of the solve (Exudyn's
     * PostStepUserFunction projecting the coordinates) */
    if (!in_system_userfunction(self) && refuse_if_busy(self, "SetCoordinates")) return NULL;
    int which, config, n;
    const double *src;
    double *dst;
    PyObject *vals;
    if (!PyArg_ParseTuple(args, "Oii", &vals, &which, &config)) return NULL;
    if (need_assembled(self) || coord_vector(self, which, config, &n, &src, &dst)) return NULL;
    if (!dst) return not_settable(which, config);
    PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(vals, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
    if (!a) return NULL;
    if (PyArray_NDIM(a) != 1 || PyArray_DIM(a, 0) != n) {
        PyErr_Format(PyExc_ValueError, "coordinates must be a vector of length %d, got shape with "
                     "%d entries", n, (int)PyArray_SIZE(a));
        Py_DECREF(a);
        return NULL;
    }
    const double *x = PyArray_DATA(a);
    for (int i = 0; i < n; i++)
        if (!isfinite(x[i])) {
            Py_DECREF(a);
            return PyErr_Format(PyExc_ValueError, "coordinate %d is not finite", i);
        }
    memcpy(dst, x, sizeof(double) * (size_t)n);
    Py_DECREF(a);
    Py_RETURN_NONE;
}

/* the state of a configuration (0 current, 1 initial, 2 reference) in tmp */
static const cd_state *config_state(cdpy_system *self, int config, cd_state *tmp)
{
    cd_system *s = self->sys;
    if (config == 0 || config == 4) return &self->cur;  /* 4: Visualization mirrors Current */
    if (config == 3) return &self->sos;
    if (cd_state_init(tmp, s)) { PyErr_NoMemory(); return NULL; }
    if (config == 1) cd_state_set_initial(tmp, s);
    return tmp;
}

static PyObject *sys_output(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "GetOutput")) return NULL;
    PyObject *kindo, *lpo = Py_None;
    int index, var, config;
    cd_kind kind;
    if (!PyArg_ParseTuple(args, "Oiii|O", &kindo, &index, &var, &config, &lpo)) return NULL;
    if (parse_kind(kindo, &kind) || need_assembled(self)) return NULL;
    double lp[3];
    if (lpo != Py_None) {
        PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(lpo, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
        if (!a) return NULL;
        int ok = PyArray_SIZE(a) == 3;
        if (ok) memcpy(lp, PyArray_DATA(a), sizeof lp);
        Py_DECREF(a);
        if (!ok) return PyErr_Format(PyExc_ValueError, "localPosition must have 3 entries");
    }
    if (var <= 0 || var >= CD_OV_COUNT)
        return PyErr_Format(PyExc_ValueError, "invalid OutputVariableType %d", var);
    if (config == 2 && kind == CD_NODE && var == CD_OV_COORDINATES && index >= 0 &&
        index < self->sys->list[CD_NODE].n &&
        cd_type_has_outvar(self->sys->list[CD_NODE].items[index].type, var)) {
        const cd_item *nd = &self->sys->list[CD_NODE].items[index];
        if (nd->nq == 0) return vec_copy(lp, 0);
        if (nd->nq == 1) return PyFloat_FromDouble(self->sys->qref[nd->ltg[0]]);
        return vec_copy(self->sys->qref + nd->ltg[0], nd->nq);
    }
    if (config == 2 && kind == CD_OBJECT && var == CD_OV_ROTATION && index >= 0 &&
        index < self->sys->list[CD_OBJECT].n &&
        !strcmp(self->sys->list[CD_OBJECT].items[index].type->name, "ObjectRigidBody2D")) {
        /* as Exudyn's: the angle coordinate of the configuration, the reference angle here */
        const cd_item *ob = &self->sys->list[CD_OBJECT].items[index];
        return PyFloat_FromDouble(self->sys->qref[ob->ltg[2]]);
    }
    cd_state tmp = {0};
    const cd_state *st = config_state(self, config, &tmp);
    if (!st) return NULL;
    double *buf = PyMem_Malloc(sizeof(double) * (size_t)cd_output_capacity(self->sys));
    if (!buf) {
        if (st == &tmp) cd_state_free(&tmp);
        return PyErr_NoMemory();
    }
    cd_evalws ws;
    cd_error err = {0, ""};
    int n = cd_evalws_init(&ws, self->sys, &err);
    if (!n) n = cd_eval_output(self->sys, &ws, kind, index, lpo != Py_None ? lp : NULL,
                               (cd_outvar)var, st, buf, &err);
    cd_evalws_free(&ws, self->sys);
    if (st == &tmp) cd_state_free(&tmp);
    PyObject *res = NULL;
    if (n < 0) res = raise_engine(self, &err);
    else if (!restore_uf_exception(self))
        res = n == 1 ? PyFloat_FromDouble(buf[0]) : vec_copy(buf, n);
    PyMem_Free(buf);
    return res;
}

static PyObject *colmajor_array(const double *x, npy_intp rows, npy_intp cols);

/* local Jacobians of one object (test oracle): dict K, D, Cq, Gq, Gv, analytic (and Ga for
 * CD_OBJF_AESELF objects); for mixed
 * objects (ObjectGenericAE, ObjectCoordinateCoupling) J and analytic, J = d[r2; g; r1] /
 * d[q, q_t, x, y] over the object's local coordinates (cd_objectops.mixed_jacobian) */
static PyObject *sys_object_jacobian(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "GetObjectJacobian")) return NULL;
    int obj, numerical, index2;
    if (!PyArg_ParseTuple(args, "ipp", &obj, &numerical, &index2)) return NULL;
    if (need_assembled(self)) return NULL;
    cd_system *s = self->sys;
    if (obj < 0 || obj >= s->list[CD_OBJECT].n)
        return PyErr_Format(PyExc_IndexError, "object number %d does not exist", obj);
    cd_evalws ws;
    cd_error err = {0, ""};
    int analytic = 0;
    int rc = cd_evalws_init(&ws, s, &err);
    const cd_item *mx = &s->list[CD_OBJECT].items[obj];
    PyObject *res = NULL;
    if (mx->type->object->mixed) {  /* mixed objects: J = d[r2; rg; r1]/d[q, q_t, x, y] */
        if (!rc) rc = cd_eval_mixed_jacobian(s, &ws, obj, &self->cur, numerical, &analytic, &err);
        if (!rc)
            res = Py_BuildValue("{s:N,s:O}", "J",
                                colmajor_array(ws.mixJ, mx->nq + mx->neq + mx->n1,
                                               2 * mx->nq + mx->nx + mx->n1),
                                "analytic", analytic ? Py_True : Py_False);
        rc = rc ? rc : (res ? 0 : CD_ERR_NOMEM);
    } else if (!rc) rc = cd_eval_object_jacobian(s, &ws, obj, &self->cur, index2, numerical,
                                                 &analytic, &err);
    if (!rc && !mx->type->object->mixed) {
        const cd_item *it = &s->list[CD_OBJECT].items[obj];
        npy_intp dq[2] = {it->nq, it->nq}, da[2] = {it->nae, it->nq};
        PyObject *m[5];
        double *src[5] = {ws.K, ws.D, ws.Cq, ws.Gq, ws.Gv};
        for (int k = 0; k < 5; k++) {
            npy_intp *d = k < 2 ? dq : da;
            /* column-major local arrays -> C-ordered arrays via Fortran-ordered creation */
            m[k] = PyArray_New(&PyArray_Type, 2, d, NPY_DOUBLE, NULL, NULL, 0, NPY_ARRAY_F_CONTIGUOUS, NULL);
            if (m[k]) memcpy(PyArray_DATA((PyArrayObject *)m[k]), src[k], sizeof(double) * (size_t)(d[0] * d[1]));
        }
        res = Py_BuildValue("{s:N,s:N,s:N,s:N,s:N,s:O}", "K", m[0], "D", m[1], "Cq", m[2],
                            "Gq", m[3], "Gv", m[4], "analytic", analytic ? Py_True : Py_False);
        /* constraints whose equations depend on their own unknowns: Ga = d g/d lam */
        if (res && (it->type->object->flags & CD_OBJF_AESELF)) {
            PyObject *ga = colmajor_array(ws.Ga, it->nae, it->nae);
            if (!ga || PyDict_SetItemString(res, "Ga", ga) < 0) Py_CLEAR(res);
            Py_XDECREF(ga);
        }
        if (!res && !rc) rc = cd_error_set(&err, CD_ERR_NOMEM, "out of memory building the "
                                           "Jacobian dict");
    }
    cd_evalws_free(&ws, s);
    if (rc) { Py_XDECREF(res); return raise_engine(self, &err); }
    if (restore_uf_exception(self)) { Py_XDECREF(res); return NULL; }
    return res;
}

/* a column-major n x m engine array as a NumPy array (NULL with exception on failure) */
static PyObject *colmajor_array(const double *x, npy_intp rows, npy_intp cols)
{
    npy_intp d[2] = {rows, cols};
    PyObject *a = PyArray_New(&PyArray_Type, cols ? 2 : 1, d, NPY_DOUBLE, NULL, NULL, 0,
                              NPY_ARRAY_F_CONTIGUOUS, NULL);
    if (a) memcpy(PyArray_DATA((PyArrayObject *)a), x, sizeof(double) * (size_t)(rows * (cols ? cols : 1)));
    return a;
}

/* kinematic_eval(index2, t) at the current state, its time set to t: dict r (n2 + nae: the residual [M a + sum r2 - f ;
 * g], g at velocity level if index2), Gq, Gv, Cq (nae x n2: dg/dq, dg/dv, the matrix whose
 * transpose multiplies lambda) for the kinematic analysis (coordyn.deformation) */
static PyObject *sys_kinematic_eval(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "SolveKinematics")) return NULL;
    int index2;
    double t;
    if (!PyArg_ParseTuple(args, "pd", &index2, &t)) return NULL;
    if (need_assembled(self)) return NULL;
    cd_system *s = self->sys;
    self->cur.t = t;
    npy_intp nr = s->n2 + s->nae, d[2] = {s->nae, s->n2};
    PyObject *r = PyArray_ZEROS(1, &nr, NPY_DOUBLE, 0);
    PyObject *G[3] = {PyArray_ZEROS(2, d, NPY_DOUBLE, 0), PyArray_ZEROS(2, d, NPY_DOUBLE, 0),
                      PyArray_ZEROS(2, d, NPY_DOUBLE, 0)};
    if (!r || !G[0] || !G[1] || !G[2]) {
        Py_XDECREF(r); Py_XDECREF(G[0]); Py_XDECREF(G[1]); Py_XDECREF(G[2]);
        return NULL;
    }
    cd_error err = {0, ""};
    int rc = cd_constraint_eval(s, &self->cur, index2, PyArray_DATA((PyArrayObject *)r),
                                PyArray_DATA((PyArrayObject *)G[0]),
                                PyArray_DATA((PyArrayObject *)G[1]),
                                PyArray_DATA((PyArrayObject *)G[2]), &err);
    if (rc) {
        Py_DECREF(r); Py_DECREF(G[0]); Py_DECREF(G[1]); Py_DECREF(G[2]);
        return raise_engine(self, &err);
    }
    if (restore_uf_exception(self)) {
        Py_DECREF(r); Py_DECREF(G[0]); Py_DECREF(G[1]); Py_DECREF(G[2]);
        return NULL;
    }
    return Py_BuildValue("{s:N,s:N,s:N,s:N}", "r", r, "Gq", G[0], "Gv", G[1], "Cq", G[2]);
}

/* the element parts of one object at the current state (for linearized analysis and tests):
 * dict M, fel, Kel, Kg (local coordinates) and mass, elastic, geometric (provided or not) */
static PyObject *sys_object_parts(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "GetObjectParts")) return NULL;
    int obj, have = 0;
    if (!PyArg_ParseTuple(args, "i", &obj)) return NULL;
    if (need_assembled(self)) return NULL;
    cd_system *s = self->sys;
    if (obj < 0 || obj >= s->list[CD_OBJECT].n)
        return PyErr_Format(PyExc_IndexError, "object number %d does not exist", obj);
    npy_intp n = s->list[CD_OBJECT].items[obj].nq;
    double *buf = PyMem_Calloc((size_t)(3 * n * n + n + 1), sizeof(double));
    if (!buf) return PyErr_NoMemory();
    double *M = buf, *Kel = M + n * n, *Kg = Kel + n * n, *fel = Kg + n * n;
    cd_evalws ws;
    cd_error err = {0, ""};
    int rc = cd_evalws_init(&ws, s, &err);
    if (!rc) rc = cd_eval_object_parts(s, &ws, obj, &self->cur, M, fel, Kel, Kg, &have, &err);
    cd_evalws_free(&ws, s);
    PyObject *res = NULL;
    if (!rc)
        res = Py_BuildValue("{s:N,s:N,s:N,s:N,s:O,s:O,s:O}", "M", colmajor_array(M, n, n),
                            "fel", colmajor_array(fel, n, 0), "Kel", colmajor_array(Kel, n, n),
                            "Kg", colmajor_array(Kg, n, n), "mass", have & 1 ? Py_True : Py_False,
                            "elastic", have & 2 ? Py_True : Py_False,
                            "geometric", have & 4 ? Py_True : Py_False);
    PyMem_Free(buf);
    if (rc) return raise_engine(self, &err);
    if (restore_uf_exception(self)) { Py_XDECREF(res); return NULL; }
    return res;
}

/* a cd_csc as the tuple (data, indices, indptr, (rows, cols)) for scipy.sparse.csc_matrix */
static PyObject *csc_tuple(const cd_csc *A)
{
    npy_intp nz = A->nnz, nc = (npy_intp)A->cols + 1;
    PyObject *x = PyArray_SimpleNew(1, &nz, NPY_DOUBLE);
    PyObject *ri = PyArray_SimpleNew(1, &nz, NPY_INT32);
    PyObject *cp = PyArray_SimpleNew(1, &nc, NPY_INT32);
    if (!x || !ri || !cp) { Py_XDECREF(x); Py_XDECREF(ri); Py_XDECREF(cp); return NULL; }
    if (nz) {
        memcpy(PyArray_DATA((PyArrayObject *)x), A->x, sizeof(double) * (size_t)nz);
        memcpy(PyArray_DATA((PyArrayObject *)ri), A->rowind, sizeof(int) * (size_t)nz);
    }
    memcpy(PyArray_DATA((PyArrayObject *)cp), A->colptr, sizeof(int) * (size_t)nc);
    return Py_BuildValue("(NNN(ii))", x, ri, cp, A->rows, A->cols);
}

/* linearized(config, numerical, eps_rel, eps_min) -> (M, K, D, C) as CSC tuples at the current
 * (0) or initial (1: q0, v0 and the initial multipliers lam0) configuration */
static PyObject *sys_linearized(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "ComputeLinearizedSystem")) return NULL;
    int config, numerical;
    double eps_rel, eps_min, load_factor = 1.0;
    if (!PyArg_ParseTuple(args, "ipdd|d", &config, &numerical, &eps_rel, &eps_min, &load_factor))
        return NULL;
    if (need_assembled(self)) return NULL;
    if (config != 0 && config != 1)
        return PyErr_Format(PyExc_ValueError, "configuration must be Current or Initial");
    cd_system *s = self->sys;
    cd_state tmp;
    memset(&tmp, 0, sizeof(tmp));
    const cd_state *st = config_state(self, config, &tmp);
    if (!st) return NULL;
    if (config == 1 && s->nae) memcpy(tmp.lam, s->lam0, sizeof(double) * (size_t)s->nae);
    cd_linsettings set = {numerical, eps_rel, eps_min, 0, load_factor};
    cd_csc A[4];
    cd_error err = {0, ""};
    int rc = cd_linearize(s, st, &set, &A[0], &A[1], &A[2], &A[3], &err);
    if (config == 1) cd_state_free(&tmp);
    PyObject *res = NULL;
    if (!rc) {
        PyObject *m[4];
        int ok = 1;
        for (int k = 0; k < 4; k++) {
            m[k] = ok ? csc_tuple(&A[k]) : NULL;
            if (!m[k]) ok = 0;
        }
        if (ok) res = Py_BuildValue("(NNNN)", m[0], m[1], m[2], m[3]);
        else
            for (int k = 0; k < 4; k++) Py_XDECREF(m[k]);
    }
    for (int k = 0; k < 4; k++) cd_csc_free(&A[k]);
    if (rc) return raise_engine(self, &err);
    if (restore_uf_exception(self)) { Py_XDECREF(res); return NULL; }
    return res;
}

/* dof(config, numerical, eps_rel, eps_min, use_svd, threshold, method) -> dict of the
 * degree-of-freedom analysis (cd_dof) at the current (0), initial (1) or reference (2: zero
 * displacements and velocities) configuration; method: 0 automatic, 1 dense, 2 sparse */
static PyObject *sys_dof(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "ComputeSystemDegreeOfFreedom")) return NULL;
    int config, numerical, use_svd, method;
    double eps_rel, eps_min, threshold;
    if (!PyArg_ParseTuple(args, "ipddpdi", &config, &numerical, &eps_rel, &eps_min, &use_svd,
                          &threshold, &method))
        return NULL;
    if (need_assembled(self)) return NULL;
    if (config < 0 || config > 2)
        return PyErr_Format(PyExc_ValueError, "configuration must be Current, Initial or Reference");
    cd_system *s = self->sys;
    cd_state tmp;
    memset(&tmp, 0, sizeof(tmp));
    const cd_state *st = config_state(self, config == 2 ? 1 : config, &tmp);
    if (!st) return NULL;
    if (config == 2) {
        memset(tmp.q, 0, sizeof(double) * (size_t)s->n2);
        memset(tmp.v, 0, sizeof(double) * (size_t)s->n2);
    }
    cd_dofresult r;
    cd_error err = {0, ""};
    int rc = cd_dof_analyze(s, st, numerical, eps_rel, eps_min, use_svd, threshold, method, &r,
                            &err);
    if (config != 0) cd_state_free(&tmp);
    if (rc) return raise_engine(self, &err);
    if (restore_uf_exception(self)) { cd_dofresult_free(&r); return NULL; }
    int N = s->pat.N, k = N < r.nae ? N : r.nae;
    PyObject *red = PyList_New(0), *da = vec_copy(r.diag_all, k), *de = vec_copy(r.diag_ae, r.nae);
    PyObject *res = NULL;
    if (red && da && de) {
        int ok = 1;
        for (int j = 0; j < r.nae && ok; j++)
            if (r.redundant[j]) {
                PyObject *o = PyLong_FromLong(j);
                if (!o || PyList_Append(red, o)) ok = 0;
                Py_XDECREF(o);
            }
        if (ok)
            res = Py_BuildValue("{s:i,s:i,s:i,s:i,s:i,s:O,s:O,s:O,s:d,s:s,s:l}", "nODE2",
                                r.n2, "nODE1", r.n1, "nAE", r.nae, "rankAll", r.rank_all,
                                "rankAE", r.rank_ae, "redundantRows", red, "diagAll", da,
                                "diagAE", de, "tolerance", r.tol_all, "method",
                                r.method == CD_DOF_DENSE ? "dense" : "sparse", "fill", r.fill);
    }
    Py_XDECREF(red);
    Py_XDECREF(da);
    Py_XDECREF(de);
    cd_dofresult_free(&r);
    return res;
}

/* ------------------------------------------------------------------ solve */

typedef struct {
    PyObject *callback;
    int interrupted;
    double last_cb;
    PyObject *events;       /* verboseMode's event callable, NULL if none */
    int events_failed;      /* it raised: the exception is in sys->exc_*, the solve stops */
    cdpy_system *sys;
} progress_ctx;

static double mono_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* called by the driver after a step at most every 0.02 s of wall time: Ctrl-C on every call,
 * the Python progress callback (progress bars) at most every 0.1 s whatever the driver's
 * interval (GIL taken here) */
static int progress_fn(void *vctx, double t, double t0, double t1)
{
    progress_ctx *pc = vctx;
    int stop = 0;
    PyGILState_STATE g = PyGILState_Ensure();
    if (pc->events_failed || PyErr_CheckSignals()) stop = 1;
    double now = mono_seconds();
    if (!stop && pc->callback && now - pc->last_cb >= 0.1) {
        pc->last_cb = now;
        PyObject *r = PyObject_CallFunction(pc->callback, "ddd", t, t0, t1);
        if (!r) stop = 1;
        Py_XDECREF(r);
    }
    if (stop) pc->interrupted = 1;  /* exception stays set for the caller */
    PyGILState_Release(g);
    return stop;
}

/* a list of n floats (NULL with an exception on failure) */
static PyObject *float_list(const double *x, int n)
{
    PyObject *l = PyList_New(n > 0 ? n : 0);
    for (int i = 0; l && i < n; i++) {
        PyObject *f = PyFloat_FromDouble(x[i]);
        if (!f) { Py_CLEAR(l); break; }
        PyList_SET_ITEM(l, i, f);
    }
    return l;
}

/* level 3: {"residual", "increment", "q", "v", "a", "lambda", "y", "y_t"} of an iteration */
static PyObject *event_vectors(const cd_event *ev)
{
    const cd_state *st = ev->st;
    return Py_BuildValue("{s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}",
                         "residual", float_list(ev->r, ev->N),
                         "increment", float_list(ev->dx, ev->N), "q", float_list(st->q, st->n2),
                         "v", float_list(st->v, st->n2), "a", float_list(st->a, st->n2),
                         "lambda", float_list(st->lam, st->nae), "y", float_list(st->y, st->n1),
                         "y_t", float_list(st->yd, st->n1));
}

/* verboseMode's events (cd_event) to the Python callable as one tuple
 * (kind, statics, step, t, factor, h, iteration, iterations, jacobians, residual, relative,
 *  contraction, constraint, tol_rel, tol_abs, message or None, vectors or None); an exception
 * is kept for the caller and stops the solve */
static int event_fn(void *vctx, const cd_event *ev)
{
    progress_ctx *pc = vctx;
    if (pc->events_failed || !pc->events) return 1;
    PyGILState_STATE g = PyGILState_Ensure();
    PyObject *vec = ev->st && ev->r ? event_vectors(ev) : (Py_INCREF(Py_None), Py_None);
    PyObject *msg = ev->message ? PyUnicode_DecodeUTF8(ev->message, (Py_ssize_t)strlen(ev->message),
                                                       "replace")
                                : (Py_INCREF(Py_None), Py_None);
    PyObject *r = NULL;
    if (vec && msg)
        r = PyObject_CallFunction(pc->events, "(iildddillddddddOO)", ev->kind, ev->statics,
                                  ev->step, ev->t, ev->factor, ev->h, ev->iteration,
                                  ev->iterations, ev->jacobians, ev->residual, ev->relative,
                                  ev->contraction, ev->constraint, ev->tol_rel, ev->tol_abs, msg,
                                  vec);
    Py_XDECREF(vec);
    Py_XDECREF(msg);
    if (!r) {
        pc->events_failed = 1;
        if (!pc->sys->exc_type) {
            PyErr_Fetch(&pc->sys->exc_type, &pc->sys->exc_value, &pc->sys->exc_tb);
            PyErr_NormalizeException(&pc->sys->exc_type, &pc->sys->exc_value,
                                     &pc->sys->exc_tb);
        }
        PyErr_Clear();
    }
    Py_XDECREF(r);
    PyGILState_Release(g);
    return pc->events_failed;
}

static void store_free(PyObject *cap)
{
    cd_sensors_free(PyCapsule_GetPointer(cap, "coordyn.sensors"));
}

static PyObject *stats_dict(const cd_stats *st)
{
    PyObject *d = Py_BuildValue("{s:l,s:l,s:l,s:l,s:l,s:l,s:l,s:l,s:l,s:l,s:l,s:l,"
                         "s:d,s:d,s:d,s:s,s:d}",
                         "steps", st->steps, "rejectedSteps", st->rejected,
                         "discontinuousIterations", st->discontinuous,
                         "maxDiscontinuousIterationsPerStep", st->disc_max,
                         "unsettledDiscontinuousSteps", st->disc_unsettled,
                         "errorRejectedSteps", st->rejected_error,
                         "newtonIterations", st->newton, "factorizations", st->factorizations,
                         "pivotingFactorizations", st->lsfull, "jacobians", st->jacobians,
                         "residuals", st->residuals, "lineSearchReductions", st->linesearch,
                         "minimumStepUsed", st->hmin_used,
                         "maximumStepUsed", st->hmax_used, "largestErrorEstimate", st->est_max,
                         "linearSolver", st->linsolver == CD_LS_DENSE ? "Dense"
                                         : st->linsolver == CD_LS_BLOCK ? "Block" : "Sparse",
                         "cpuTime", st->cpu_seconds);
    if (!d) return NULL;
    /* redundant constraint equations removed from the Newton matrix (cd_redundant.c) */
    int n = st->nredundant < CD_REDUNDANT_LISTED ? st->nredundant : CD_REDUNDANT_LISTED;
    PyObject *eq = PyList_New(n);
    if (!eq) { Py_DECREF(d); return NULL; }
    for (int k = 0; k < n; k++) PyList_SET_ITEM(eq, k, PyLong_FromLong(st->redundant[k]));
    PyObject *extra = Py_BuildValue("{s:i,s:i,s:i,s:d,s:N,s:O}", "redundantConstraints",
                                    st->nredundant, "redundantAtStart", st->nredundant_start,
                                    "redundantSelections", st->nselections,
                                    "redundantFirstFoundAt", st->t_redundant,
                                    "redundantEquations", eq, "minimumNormMultipliers",
                                    st->nredundant > 0 && !st->minnorm_skipped ? Py_True
                                                                               : Py_False);
    if (!extra || PyDict_Update(d, extra) < 0) { Py_XDECREF(extra); Py_DECREF(d); return NULL; }
    Py_DECREF(extra);
    return d;
}

/* the solution file's name from the settings (the Python layer has resolved it) into buf;
 * -1 with an exception if it is not a str or too long */
static int solution_file_name(PyObject *sd, const cd_settings *set, char *buf, size_t n)
{
    static const char key[] = "solutionSettings.coordinatesSolutionFileName";
    buf[0] = 0;
    if (!set->writeSolution) return 0;
    PyObject *v = PyDict_GetItemString(sd, key);  /* borrowed */
    const char *u = v && PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : NULL;
    if (!u) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_TypeError, "setting '%s' must be a str, got %R", key,
                         v ? v : Py_None);
        return -1;
    }
    if (!u[0] || strlen(u) >= n) {
        PyErr_Format(PyExc_ValueError, "setting '%s' must be a file name of 1 to %zu "
                     "characters, got %R", key, n - 1, v);
        return -1;
    }
    memcpy(buf, u, strlen(u) + 1);
    return 0;
}

static PyObject *sys_solve(cdpy_system *self, PyObject *args)
{
    if (refuse_if_busy(self, "Solve")) return NULL;
    int statik;
    PyObject *sd, *cb = Py_None, *events = Py_None;
    int verbose = 0;
    if (!PyArg_ParseTuple(args, "pO!|OOi", &statik, &PyDict_Type, &sd, &cb, &events, &verbose))
        return NULL;
    if (need_assembled(self)) return NULL;
    cd_settings set;
    cd_system *s = self->sys;
    /* every solve starts from the initial configuration, and the sensor data are those of this
     * solve (none if it fails before its start; arrays given out keep the old store alive) */
    cd_state_set_initial(&self->cur, s);
    cd_state_set_initial(&self->sos, s);
    Py_CLEAR(self->sensors);
    if (cdpy_parse_settings(sd, &set)) return NULL;
    char solname[4096];
    if (solution_file_name(sd, &set, solname, sizeof solname)) return NULL;
    progress_ctx pc = {cb == Py_None ? NULL : cb, 0, mono_seconds(),
                       events == Py_None ? NULL : events, 0, self};
    cd_sysfuncs sf;
    cdpy_sysuf_fill(self, &sf);
    cd_solvectx ctx = {progress_fn, &pc, 1, NULL, set.writeSolution ? solname : NULL,
                       verbose, events == Py_None ? NULL : event_fn, &pc, &sf, &self->sos};
    cd_error err = {0, ""};
    int rc;
    Py_CLEAR(self->exc_type); Py_CLEAR(self->exc_value); Py_CLEAR(self->exc_tb);
    self->busy = 1;
    self->solve_thread = PyThread_get_thread_ident();
    Py_BEGIN_ALLOW_THREADS
    rc = statik ? cd_solve_static(s, &set, &self->cur, &ctx, &self->stats, &err)
                : cd_solve_dynamic(s, &set, &self->cur, &ctx, &self->stats, &err);
    Py_END_ALLOW_THREADS
    self->busy = 0;
    if (ctx.sensors) {
        self->sensors = PyCapsule_New(ctx.sensors, "coordyn.sensors", store_free);
        if (!self->sensors) { cd_sensors_free(ctx.sensors); return NULL; }
    }
    if (restore_uf_exception(self)) return NULL;  /* a user function raised: re-raise it */
    if (pc.interrupted) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_KeyboardInterrupt, "solve interrupted");
        return NULL;
    }
    if (rc) return raise_engine(self, &err);
    if (self->stats.warning[0] && PyErr_WarnEx(PyExc_UserWarning, self->stats.warning, 1) < 0)
        return NULL;
    return stats_dict(&self->stats);
}

static PyObject *sys_stats(cdpy_system *self, PyObject *unused)
{
    if (refuse_read_if_busy(self, "GetSolverStatistics")) return NULL;
    (void)unused;
    return stats_dict(&self->stats);
}

/* sensor data of the last solve: a view (rows x (1 + n)) that keeps the storage alive */
static PyObject *sys_sensor_data(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "GetSensorStoredData")) return NULL;
    int i;
    if (!PyArg_ParseTuple(args, "i", &i)) return NULL;
    if (i < 0 || i >= self->sys->list[CD_SENSOR].n)
        return PyErr_Format(PyExc_IndexError, "sensor number %d does not exist (there are %d)", i,
                            self->sys->list[CD_SENSOR].n);
    cd_sensorstore *ss = self->sensors ? PyCapsule_GetPointer(self->sensors, "coordyn.sensors") : NULL;
    if (!ss || i >= ss->n) {
        npy_intp d[2] = {0, 0};
        return PyArray_SimpleNew(2, d, NPY_DOUBLE);
    }
    const cd_item *sn = &self->sys->list[CD_SENSOR].items[i];
    cd_sensorinfo si;
    sn->type->sensor->info(sn->p, &si);
    if (!si.storeInternal)
        return PyErr_Format(PyExc_ValueError, "sensor %d has storeInternal=False; no data is "
                            "stored", i);
    npy_intp d[2] = {ss->rows[i], ss->nvals[i] + 1};
    PyObject *a = PyArray_SimpleNewFromData(2, d, NPY_DOUBLE, ss->data[i]);
    if (!a) return NULL;
    Py_INCREF(self->sensors);
    if (PyArray_SetBaseObject((PyArrayObject *)a, self->sensors)) { Py_DECREF(a); return NULL; }
    PyArray_CLEARFLAGS((PyArrayObject *)a, NPY_ARRAY_WRITEABLE);
    return a;
}

static PyObject *sys_sizes(cdpy_system *self, PyObject *unused)
{
    (void)unused;
    /* AEvariables: the algebraic variables of NodeGenericAE nodes, the last of the AE */
    return Py_BuildValue("{s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "ODE2", self->sys->n2, "AE",
                         self->sys->nae, "ODE1", self->sys->n1, "Data", self->sys->nd, "nnz",
                         self->sys->pat.nnz, "assembled", self->sys->assembled, "AEvariables",
                         self->sys->nx);
}

static PyObject *sys_load_jacobian(cdpy_system *self, PyObject *args)
{
    if (refuse_read_if_busy(self, "GetLoadJacobian")) return NULL;
    int l, numerical;
    if (!PyArg_ParseTuple(args, "ip", &l, &numerical)) return NULL;
    if (need_assembled(self)) return NULL;
    cd_system *s = self->sys;
    if (l < 0 || l >= s->list[CD_LOAD].n)
        return PyErr_Format(PyExc_IndexError, "load number %d does not exist", l);
    cd_evalws ws;
    cd_error err = {0, ""};
    int analytic = 0, n = s->list[CD_LOAD].items[l].nq;
    int rc = cd_evalws_init(&ws, s, &err);
    if (!rc) rc = cd_eval_load_jacobian(s, &ws, l, &self->cur, numerical, &analytic, &err);
    PyObject *res = NULL;
    if (!rc) {
        npy_intp d[2] = {n, n};
        PyObject *K = PyArray_New(&PyArray_Type, 2, d, NPY_DOUBLE, NULL, NULL, 0,
                                  NPY_ARRAY_F_CONTIGUOUS, NULL);
        if (K) memcpy(PyArray_DATA((PyArrayObject *)K), ws.K, sizeof(double) * (size_t)(n * n));
        res = Py_BuildValue("{s:N,s:O}", "K", K, "analytic", analytic ? Py_True : Py_False);
    }
    cd_evalws_free(&ws, s);
    if (rc) { Py_XDECREF(res); return raise_engine(self, &err); }
    if (restore_uf_exception(self)) { Py_XDECREF(res); return NULL; }
    return res;
}

/* a Python list of n ints */
static PyObject *int_list(const int *x, int n)
{
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        PyObject *v = PyLong_FromLong(x[i]);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, v);
    }
    return l;
}

/* the global indices of an item's coordinates: (ODE2 indices, first AE index, number of AE);
 * for ObjectGenericAE the AE rows of its equations (in the pool of algebraic variables) */
static PyObject *sys_ltg(cdpy_system *self, PyObject *args)
{
    PyObject *kindo;
    int index;
    cd_kind kind;
    if (!PyArg_ParseTuple(args, "Oi", &kindo, &index)) return NULL;
    if (parse_kind(kindo, &kind) || need_assembled(self)) return NULL;
    const cd_itemlist *L = &self->sys->list[kind];
    if (index < 0 || index >= L->n)
        return PyErr_Format(PyExc_IndexError, "item number %d does not exist", index);
    const cd_item *it = &L->items[index];
    PyObject *q = int_list(it->ltg, it->nq);
    if (!q) return NULL;
    if (it->neq)  /* ObjectGenericAE: its equations in the AE pool */
        return Py_BuildValue("(Nii)", q, it->eq0, it->neq);
    return Py_BuildValue("(Nii)", q, it->ae0, it->nae);
}

/* a list of the n consecutive ints first, first + 1, ... */
static PyObject *range_list(int first, int n)
{
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        PyObject *v = PyLong_FromLong(first + i);
        if (!v) {
            Py_DECREF(l);
            return NULL;
        }
        PyList_SET_ITEM(l, i, v);
    }
    return l;
}

/* ltg_all(kind, index) -> {"ODE2", "ODE1", "AE", "Data"}: the global indices of an item's
 * coordinates in each vector (AE: a node's own equations' multipliers and its algebraic
 * variables; an object's multipliers, or its equations in the pool for ObjectGenericAE) */
static PyObject *sys_ltg_all(cdpy_system *self, PyObject *args)
{
    PyObject *kindo;
    int index;
    cd_kind kind;
    if (!PyArg_ParseTuple(args, "Oi", &kindo, &index)) return NULL;
    if (parse_kind(kindo, &kind) || need_assembled(self)) return NULL;
    const cd_itemlist *L = &self->sys->list[kind];
    if (index < 0 || index >= L->n)
        return PyErr_Format(PyExc_IndexError, "%s number %d does not exist (there are %d)",
                            cd_kind_name(kind), index, L->n);
    const cd_item *it = &L->items[index];
    int first = it->neq ? it->eq0 : it->ae0, n = it->neq ? it->neq : it->nae;
    int nx = kind == CD_NODE ? it->nx : 0;  /* NodeGenericAE: its algebraic variables */
    PyObject *ae = range_list(first, n + nx);
    for (int i = 0; ae && i < nx; i++) {
        PyObject *v = PyLong_FromLong(it->ltgx[i]);
        if (!v || PyList_SetItem(ae, n + i, v)) Py_CLEAR(ae);  /* SetItem steals v */
    }
    return Py_BuildValue("{s:N,s:N,s:N,s:N}", "ODE2", int_list(it->ltg, it->nq),
                         "ODE1", int_list(it->ltg1, it->n1), "AE", ae,
                         "Data", int_list(it->ltgd, it->nd));
}

/* owner of every Newton unknown (rows = 0) or equation (rows = 1) i in [0, N): kind (0 node,
 * 1 object), item index and local index (coordinate of the node, or equation of the item) into
 * three arrays. They differ in the AE pool: unknown i is a node's algebraic variable, equation
 * i an equation of a mixed object (ObjectGenericAE) */
static void unknown_owners(const cd_system *s, int rows, int *kind, int *item, int *local)
{
    for (int i = 0; i < s->n2; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[s->owner2[i]];
        kind[i] = CD_NODE;
        item[i] = s->owner2[i];
        local[i] = 0;
        for (int k = 0; k < nd->nq; k++)
            if (nd->ltg[k] == i) local[i] = k;
    }
    for (int a = 0; a < s->nae; a++) {
        int i = s->n2 + a, pool = a >= s->aex0;
        kind[i] = rows ? s->eqownerae_kind[a] : s->ownerae_kind[a];
        item[i] = rows ? s->eqownerae[a] : s->ownerae[a];
        const cd_item *it = &s->list[kind[i]].items[item[i]];
        local[i] = a - (!pool ? it->ae0 : rows ? it->eq0 : it->ltgx[0]);
    }
    for (int y = 0; y < s->n1; y++) {
        int i = s->off1 + y;
        const cd_item *nd = &s->list[CD_NODE].items[s->owner1[y]];
        kind[i] = CD_NODE;
        item[i] = s->owner1[y];
        local[i] = 0;
        for (int k = 0; k < nd->n1; k++)
            if (nd->ltg1[k] == y) local[i] = k;
    }
}

/* structure(form, generic) -> dict: the Dulmage-Mendelsohn decomposition of the Newton matrix
 * (form 0), of the constraint Jacobian (1) or of the causal view (2); see cd_structure.h */
static PyObject *sys_structure(cdpy_system *self, PyObject *args)
{
    int form = 0, generic = 1;
    if (!PyArg_ParseTuple(args, "|ip", &form, &generic)) return NULL;
    if (refuse_read_if_busy(self, "ComputeStructuralAnalysis")) return NULL;
    if (need_assembled(self)) return NULL;
    const cd_system *s = self->sys;
    cd_error err = {0, ""};
    cd_structure *S = NULL;
    int rc;
    Py_BEGIN_ALLOW_THREADS
    rc = cd_structure_compute(s, &self->cur, form, generic, &S, &err);
    Py_END_ALLOW_THREADS
    if (rc) return PyErr_Format(rc == CD_ERR_INPUT ? PyExc_ValueError : PyExc_RuntimeError,
                                "%s", err.msg);
    int N = s->pat.N;
    int *own = malloc(sizeof(int) * 6 * (size_t)(N > 0 ? N : 1));
    if (!own) {
        cd_structure_free(S);
        return PyErr_NoMemory();
    }
    unknown_owners(s, 0, own, own + N, own + 2 * N);
    unknown_owners(s, 1, own + 3 * N, own + 4 * N, own + 5 * N);
    PyObject *res = Py_BuildValue(
        "{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N,s:N}",
        "form", S->form, "m", S->m, "n", S->n, "nnz", S->nnz, "srank", S->srank, "nb", S->nb,
        "blk0", S->blk0, "nblk", S->nblk, "n2", s->n2, "nae", PyLong_FromLong(s->nae),
        "n1", PyLong_FromLong(s->n1), "rowid", int_list(S->rowid, S->m),
        "colid", int_list(S->colid, S->n), "p", int_list(S->p, S->m), "q", int_list(S->q, S->n),
        "r", int_list(S->r, S->nb + 1), "s", int_list(S->s, S->nb + 1),
        "rr", int_list(S->rr, 5), "cc", int_list(S->cc, 5),
        "owner", Py_BuildValue("(NNN)", int_list(own, N), int_list(own + N, N),
                               int_list(own + 2 * N, N)),
        "rowowner", Py_BuildValue("(NNN)", int_list(own + 3 * N, N), int_list(own + 4 * N, N),
                                  int_list(own + 5 * N, N)));
    free(own);
    cd_structure_free(S);
    return res;
}

/* the time of a configuration: time() -> t of the current state, time(t) sets it;
 * time(t_or_None, config): config 0 current, 3 start of step, 4 visualization (current) */
static PyObject *sys_time(cdpy_system *self, PyObject *args)
{
    PyObject *to = Py_None;
    int config = 0;
    if (!PyArg_ParseTuple(args, "|Oi", &to, &config)) return NULL;
    if (config != 0 && config != 3 && config != 4)
        return PyErr_Format(PyExc_ValueError, "coordyn keeps the time of the Current, "
                            "StartOfStep and Visualization configurations only (a solve starts "
                            "at simulationSettings.timeIntegration.startTime), got "
                            "configuration %d", config);
    if (config == 3 && need_assembled(self)) return NULL;
    cd_state *st = config == 3 ? &self->sos : &self->cur;
    if (to != Py_None) {
        if (refuse_if_busy(self, "SetTime")) return NULL;
        if (config == 4)
            return PyErr_Format(PyExc_ValueError, "cannot set the time of the Visualization "
                                "configuration: it mirrors the Current one; set the Current "
                                "configuration");
        double t = PyFloat_AsDouble(to);
        if (t == -1.0 && PyErr_Occurred()) return NULL;
        if (!isfinite(t)) return PyErr_Format(PyExc_ValueError, "time must be finite");
        st->t = t;
        Py_RETURN_NONE;
    }
    return PyFloat_FromDouble(st->t);
}

/* idle(what): None, or RuntimeError naming `what` while a solve of this system runs */
static PyObject *sys_idle(cdpy_system *self, PyObject *what)
{
    const char *w = PyUnicode_Check(what) ? PyUnicode_AsUTF8(what) : "this call";
    if (!w || refuse_if_busy(self, w)) return NULL;
    Py_RETURN_NONE;
}

/* delete(kind, index): remove an item; references to it become -1, later ones shift down */
static PyObject *sys_delete(cdpy_system *self, PyObject *args)
{
    if (refuse_if_busy(self, "DeleteItem")) return NULL;
    PyObject *kindo;
    int index;
    cd_kind kind;
    if (!PyArg_ParseTuple(args, "Oi", &kindo, &index)) return NULL;
    if (parse_kind(kindo, &kind)) return NULL;
    if (index < 0 || index >= self->sys->list[kind].n)
        return PyErr_Format(PyExc_IndexError, "%s number %d does not exist (there are %d)",
                            cd_kind_name(kind), index, self->sys->list[kind].n);
    cd_system_delete(self->sys, kind, index);
    if (kind == CD_SENSOR) Py_CLEAR(self->sensors);  /* the stored data were numbered */
    Py_RETURN_NONE;
}

/* set_sensor_data([array or None per sensor]): the stored sensor data (rows [t, values]) as a
 * restored system had them; an array given out before keeps its own store alive */
static PyObject *sys_set_sensor_data(cdpy_system *self, PyObject *lst)
{
    if (refuse_if_busy(self, "SetSensorStoredData")) return NULL;
    int n = self->sys->list[CD_SENSOR].n;
    if (!PyList_Check(lst) || PyList_GET_SIZE(lst) != n)
        return PyErr_Format(PyExc_ValueError, "sensor data: a list with one entry per sensor "
                            "(%d) is needed", n);
    cd_sensorstore *ss = calloc(1, sizeof(*ss));
    if (!ss) return PyErr_NoMemory();
    ss->n = n;
    ss->nvals = calloc((size_t)n + 1, sizeof(int));
    ss->rows = calloc((size_t)n + 1, sizeof(int));
    ss->data = calloc((size_t)n + 1, sizeof(double *));
    ss->files = calloc((size_t)n + 1, sizeof(FILE *));
    if (!ss->nvals || !ss->rows || !ss->data || !ss->files) {
        cd_sensors_free(ss);
        return PyErr_NoMemory();
    }
    for (int i = 0; i < n; i++) {
        PyObject *o = PyList_GET_ITEM(lst, i);
        if (o == Py_None) continue;
        PyArrayObject *a = (PyArrayObject *)PyArray_FROM_OTF(o, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
        if (!a) { cd_sensors_free(ss); return NULL; }
        if (PyArray_NDIM(a) != 2 || PyArray_DIM(a, 1) < 1) {
            Py_DECREF(a);
            cd_sensors_free(ss);
            return PyErr_Format(PyExc_ValueError, "sensor data of sensor %d: rows [time, "
                                "values...] (a 2-D array) are needed", i);
        }
        npy_intp rows = PyArray_DIM(a, 0), cols = PyArray_DIM(a, 1);
        ss->data[i] = malloc(sizeof(double) * (size_t)(rows * cols + 1));
        if (!ss->data[i]) { Py_DECREF(a); cd_sensors_free(ss); return PyErr_NoMemory(); }
        memcpy(ss->data[i], PyArray_DATA(a), sizeof(double) * (size_t)(rows * cols));
        ss->rows[i] = (int)rows;
        ss->nvals[i] = (int)cols - 1;
        if ((int)rows > ss->cap) ss->cap = (int)rows;
        Py_DECREF(a);
    }
    PyObject *cap = PyCapsule_New(ss, "coordyn.sensors", store_free);
    if (!cap) { cd_sensors_free(ss); return NULL; }
    Py_XSETREF(self->sensors, cap);
    Py_RETURN_NONE;
}

/* the residual at the current state (time, q, q_t, q_tt, lambda), as the equations of motion
 * M q_tt - f + C_q^T lambda (n2) and the constraints g (position level; velocity-level
 * constraints: their velocity rows) or, with index2, every constraint at velocity level */
static PyObject *sys_residual(cdpy_system *self, PyObject *args)
{
    int index2 = 0;
    if (!PyArg_ParseTuple(args, "|p", &index2)) return NULL;
    if (refuse_read_if_busy(self, "ComputeResidual")) return NULL;
    if (need_assembled(self)) return NULL;
    cd_system *s = self->sys;
    cd_evalws ws;
    cd_error err = {0, ""};
    cd_evalcoef c;
    memset(&c, 0, sizeof(c));
    c.force_scale = 1.0;
    c.mass_coef = 1.0;
    c.velocity_row_scale = 1.0;
    c.load_factor = 1.0;
    c.ode1_scale = 1.0;
    c.index2 = index2;
    int N = s->n2 + s->nae + s->n1;
    double *r = calloc((size_t)N + 1, sizeof(double));
    if (!r) return PyErr_NoMemory();
    int rc = cd_evalws_init(&ws, s, &err);
    if (!rc) {
        rc = cd_eval_residual(s, &ws, &self->cur, &c, r, &err);
        cd_evalws_free(&ws, s);
    }
    PyObject *res = NULL;
    if (!rc) res = Py_BuildValue("(NN)", vec_copy(r, s->n2), vec_copy(r + s->n2, s->nae));
    free(r);
    if (rc) return raise_engine(self, &err);
    if (restore_uf_exception(self)) { Py_XDECREF(res); return NULL; }
    return res;
}

static PyMethodDef sys_methods[] = {
    {"add", (PyCFunction)sys_add, METH_VARARGS, "add(kind, typename, params) -> index"},
    {"modify", (PyCFunction)sys_modify, METH_VARARGS, "modify(kind, index, params)"},
    {"get", (PyCFunction)sys_get, METH_VARARGS, "get(kind, index) -> dict of parameters"},
    {"count", (PyCFunction)sys_count, METH_O, "count(kind) -> number of items"},
    {"assemble", (PyCFunction)sys_assemble, METH_NOARGS, "assign coordinates and build patterns"},
    {"get_coords", (PyCFunction)sys_get_coords, METH_VARARGS, "get_coords(which, config)"},
    {"set_coords", (PyCFunction)sys_set_coords, METH_VARARGS, "set_coords(values, which, config)"},
    {"output", (PyCFunction)sys_output, METH_VARARGS, "output(kind, index, var, config[, lp])"},
    {"object_jacobian", (PyCFunction)sys_object_jacobian, METH_VARARGS,
     "object_jacobian(obj, numerical, index2) -> dict of local Jacobians"},
    {"load_jacobian", (PyCFunction)sys_load_jacobian, METH_VARARGS,
     "load_jacobian(load, numerical) -> dict with K = d(-f)/dq and analytic"},
    {"object_parts", (PyCFunction)sys_object_parts, METH_VARARGS,
     "object_parts(obj) -> dict of the element parts M, fel, Kel, Kg at the current state"},
    {"kinematic_eval", (PyCFunction)sys_kinematic_eval, METH_VARARGS,
     "kinematic_eval(index2, t) -> dict r, Gq, Gv, Cq at the current state at time t"},
    {"dof", (PyCFunction)sys_dof, METH_VARARGS,
     "dof(config, numerical, eps_rel, eps_min, use_svd, threshold, method) -> dict (cd_dof)"},
    {"linearized", (PyCFunction)sys_linearized, METH_VARARGS,
     "linearized(config, numerical, eps_rel, eps_min) -> CSC tuples of M, K, D, C = Cq^T"},
    {"solve", (PyCFunction)sys_solve, METH_VARARGS,
     "solve(static, settings[, progress[, events, verboseMode]])"},
    {"stats", (PyCFunction)sys_stats, METH_NOARGS, "statistics of the last solve"},
    {"sensor_data", (PyCFunction)sys_sensor_data, METH_VARARGS, "sensor_data(i) -> array"},
    {"sizes", (PyCFunction)sys_sizes, METH_NOARGS, "numbers of coordinates"},
    {"ltg", (PyCFunction)sys_ltg, METH_VARARGS,
     "ltg(kind, index) -> (ODE2 indices, first AE index, number of AE) of an item"},
    {"structure", (PyCFunction)sys_structure, METH_VARARGS,
     "structure([form, generic]) -> dict: Dulmage-Mendelsohn decomposition of the Newton matrix "
     "(form 0), the constraint Jacobian (1) or the causal view (2), with the owner (kind, item, "
     "local index) of every Newton unknown"},
    {"time", (PyCFunction)sys_time, METH_VARARGS,
     "time() -> t of the current state; time(t) sets it; time(t or None, config)"},
    {"ltg_all", (PyCFunction)sys_ltg_all, METH_VARARGS,
     "ltg_all(kind, index) -> {'ODE2', 'ODE1', 'AE', 'Data'}: global indices"},
    {"idle", (PyCFunction)sys_idle, METH_O, "idle(what): raises while a solve runs"},
    {"delete", (PyCFunction)sys_delete, METH_VARARGS,
     "delete(kind, index): remove an item, renumber the references to later items"},
    {"set_sensor_data", (PyCFunction)sys_set_sensor_data, METH_O,
     "set_sensor_data([rows array or None per sensor])"},
    {"set_system_function", (PyCFunction)cdpy_sys_set_sysuf, METH_VARARGS,
     "set_system_function(which, callable or None): the system user function `which` "
     "(0 PreStep, 1 PostStep, 2 PostNewton, 3 PreNewtonResidual, 4 SystemJacobian)"},
    {"residual", (PyCFunction)sys_residual, METH_VARARGS,
     "residual([index2]) -> (r2, rae) at the current state: M q_tt - f + C_q^T lambda, and g "
     "(index2: g_t)"},
    {NULL, NULL, 0, NULL}};

static PyType_Slot sys_slots[] = {
    {Py_tp_new, sys_new},
    {Py_tp_dealloc, sys_dealloc},
    {Py_tp_traverse, sys_traverse},
    {Py_tp_clear, sys_clear},
    {Py_tp_methods, sys_methods},
    {Py_tp_doc, "the engine's system: items, state and sensor data (use coordyn.MainSystem)"},
    {0, NULL}};

PyType_Spec cdpy_system_spec = {"coordyn._core._System", sizeof(cdpy_system), 0,
                                Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, sys_slots};
