/* cd_pysysuf: the system user functions (Exudyn's MainSystem.Set{PreStep,PostStep,PostNewton,
 * PreNewtonResidual,SystemJacobian}UserFunction) as hooks of the solver (cd_sysfuncs), and the
 * changes of item parameters and coordinates they may make during a solve */
#include "cd_pyext.h"
#include <string.h>

static const char *const sysuf_names[CDPY_NSYSUF] = {
    "PreStepUserFunction", "PostStepUserFunction", "PostNewtonUserFunction",
    "PreNewtonResidualUserFunction", "SystemJacobianUserFunction"};

const char *cdpy_sysuf_name(int which)
{
    return which >= 0 && which < CDPY_NSYSUF ? sysuf_names[which] : "user function";
}

/* set_system_function(which, callable or None) */
PyObject *cdpy_sys_set_sysuf(cdpy_system *self, PyObject *args)
{
    int which;
    PyObject *fn;
    if (!PyArg_ParseTuple(args, "iO", &which, &fn)) return NULL;
    if (which < 0 || which >= CDPY_NSYSUF)
        return PyErr_Format(PyExc_ValueError, "invalid system user function %d", which);
    if (self->busy)
        return PyErr_Format(PyExc_RuntimeError, "Set%s: the system is being solved; set user "
                            "functions before the solve", sysuf_names[which]);
    if (fn != Py_None && !PyCallable_Check(fn))
        return PyErr_Format(PyExc_TypeError, "Set%s: expected a Python function or 0, got %s",
                            sysuf_names[which], Py_TYPE(fn)->tp_name);
    Py_XINCREF(fn == Py_None ? NULL : fn);
    Py_XSETREF(self->sysuf[which], fn == Py_None ? NULL : fn);
    Py_RETURN_NONE;
}

/* keep the exception of a failed call for the caller of the solve, with a note naming the
 * function and the time; err says the same for the engine */
static int failed(cdpy_system *self, int which, double t, cd_error *err)
{
    if (!self->exc_type) {
        PyErr_Fetch(&self->exc_type, &self->exc_value, &self->exc_tb);
        PyErr_NormalizeException(&self->exc_type, &self->exc_value, &self->exc_tb);
        PyObject *tobj = PyFloat_FromDouble(t);
        PyObject *note = tobj ? PyUnicode_FromFormat("raised in the %s of the MainSystem at "
                                                     "t = %R", sysuf_names[which], tobj)
                              : NULL;
        Py_XDECREF(tobj);
        if (note && self->exc_value) {
            PyObject *r = PyObject_CallMethod(self->exc_value, "add_note", "O", note);
            Py_XDECREF(r);
        }
        Py_XDECREF(note);
    }
    PyErr_Clear();
    return cd_error_set(err, CD_ERR_USERFUNC, "%s failed at t = %.10g", sysuf_names[which], t);
}

/* call user function `which` with (mbs, t, extra...) (GIL taken here); *res its result.
 * Item changes it makes are allowed meanwhile (cdpy_live_modify) */
static int call(cdpy_system *self, int which, PyObject *args, PyObject **res)
{
    self->in_sysuf = 1;
    *res = args ? PyObject_CallObject(self->sysuf[which], args) : NULL;
    self->in_sysuf = 0;
    Py_XDECREF(args);
    return *res ? 0 : -1;
}

static PyObject *mbs_of(cdpy_system *self) { return self->owner ? self->owner : Py_None; }

/* flags of a call that returned: changed parameters */
static int flags(cdpy_system *self)
{
    int f = self->live_changed ? CD_SYSUF_CHANGED : 0;
    self->live_changed = 0;
    return f;
}

/* Pre- and PostStepUserFunction: True goes on, False (or None, as in Exudyn) stops */
static int step_fn(cdpy_system *self, int which, double t, cd_error *err)
{
    PyObject *res;
    int rc;
    PyGILState_STATE g = PyGILState_Ensure();
    if (call(self, which, Py_BuildValue("(Od)", mbs_of(self), t), &res)) {
        rc = failed(self, which, t, err);
    } else {
        int truth = PyObject_IsTrue(res);
        rc = truth < 0 ? failed(self, which, t, err) : (truth ? 0 : CD_SYSUF_STOP) | flags(self);
    }
    Py_XDECREF(res);
    PyGILState_Release(g);
    return rc;
}

static int pre_step(void *ctx, double t, cd_error *err)
{
    return step_fn(ctx, CDPY_SYSUF_PRESTEP, t, err);
}

static int post_step(void *ctx, double t, cd_error *err)
{
    return step_fn(ctx, CDPY_SYSUF_POSTSTEP, t, err);
}

/* PostNewtonUserFunction: [discontinuousError, recommendedStepSize] */
static int post_newton(void *ctx, double t, double out[2], cd_error *err)
{
    cdpy_system *self = ctx;
    PyObject *res, *seq = NULL;
    int rc = 0;
    PyGILState_STATE g = PyGILState_Ensure();
    if (call(self, CDPY_SYSUF_POSTNEWTON, Py_BuildValue("(Od)", mbs_of(self), t), &res)) {
        rc = failed(self, CDPY_SYSUF_POSTNEWTON, t, err);
    } else {
        seq = PySequence_Fast(res, "");
        if (!seq || PySequence_Fast_GET_SIZE(seq) != 2) {
            PyErr_Clear();
            PyErr_Format(PyExc_TypeError, "PostNewtonUserFunction must return [discontinuousError, "
                         "recommendedStepSize], got %R", res);
            rc = failed(self, CDPY_SYSUF_POSTNEWTON, t, err);
        }
        for (int k = 0; !rc && k < 2; k++) {
            out[k] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(seq, k));
            if (out[k] == -1.0 && PyErr_Occurred()) rc = failed(self, CDPY_SYSUF_POSTNEWTON, t, err);
        }
        if (!rc) rc = flags(self);
    }
    Py_XDECREF(seq);
    Py_XDECREF(res);
    PyGILState_Release(g);
    return rc;
}

/* PreNewtonResidualUserFunction(mbs, t, newtonIt, discontinuousIt): returns nothing */
static int pre_residual(void *ctx, double t, int newton_it, int disc_it, cd_error *err)
{
    cdpy_system *self = ctx;
    PyObject *res;
    int rc;
    PyGILState_STATE g = PyGILState_Ensure();
    if (call(self, CDPY_SYSUF_PRERESIDUAL,
             Py_BuildValue("(Odii)", mbs_of(self), t, newton_it, disc_it), &res))
        rc = failed(self, CDPY_SYSUF_PRERESIDUAL, t, err);
    else
        rc = flags(self);
    Py_XDECREF(res);
    PyGILState_Release(g);
    return rc;
}

/* SystemJacobianUserFunction(mbs, t, factorODE2, factorODE2_t, factorODE1): the Python layer
 * gives its matrix as k x 3 triplets (row, column, value) */
static int jacobian(void *ctx, double t, const double fac[3], cd_jacaddfn add, void *addctx,
                    cd_error *err)
{
    cdpy_system *self = ctx;
    PyObject *res;
    PyArrayObject *a = NULL;
    int rc = 0;
    PyGILState_STATE g = PyGILState_Ensure();
    if (call(self, CDPY_SYSUF_JACOBIAN,
             Py_BuildValue("(Odddd)", mbs_of(self), t, fac[0], fac[1], fac[2]), &res)) {
        rc = failed(self, CDPY_SYSUF_JACOBIAN, t, err);
    } else {
        a = (PyArrayObject *)PyArray_FROM_OTF(res, NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
        if (!a || PyArray_NDIM(a) != 2 || PyArray_DIM(a, 1) != 3) {
            if (a) PyErr_SetString(PyExc_SystemError, "system Jacobian triplets: bad shape");
            rc = failed(self, CDPY_SYSUF_JACOBIAN, t, err);
        }
    }
    if (!rc) {
        const double *x = PyArray_DATA(a);
        npy_intp n = PyArray_DIM(a, 0);
        for (npy_intp k = 0; !rc && k < n; k++)
            rc = add(addctx, (int)x[3 * k], (int)x[3 * k + 1], x[3 * k + 2], err);
    }
    Py_XDECREF(a);
    Py_XDECREF(res);
    PyGILState_Release(g);
    return rc;
}

void cdpy_sysuf_fill(cdpy_system *self, cd_sysfuncs *sf)
{
    memset(sf, 0, sizeof(*sf));
    sf->ctx = self;
    if (self->sysuf[CDPY_SYSUF_PRESTEP]) sf->pre_step = pre_step;
    if (self->sysuf[CDPY_SYSUF_POSTSTEP]) sf->post_step = post_step;
    if (self->sysuf[CDPY_SYSUF_POSTNEWTON]) sf->post_newton = post_newton;
    if (self->sysuf[CDPY_SYSUF_PRERESIDUAL]) sf->pre_residual = pre_residual;
    if (self->sysuf[CDPY_SYSUF_JACOBIAN]) sf->jacobian = jacobian;
}

/* ------------------------------------------------------------------ changes during a solve */

/* the field's value differs in a way that changes the model's structure: an item reference,
 * an integer (counts, modes), or the size of a vector or matrix */
static int structural_change(const cd_field *f, const void *p0, const void *p1)
{
    const char *a = (const char *)p0 + f->offset, *b = (const char *)p1 + f->offset;
    switch (f->type) {
    case CD_FT_INDEX: case CD_FT_INT:
        return *(const int *)a != *(const int *)b;
    case CD_FT_INDEXLIST: {
        const cd_ivec *u = (const cd_ivec *)a, *v = (const cd_ivec *)b;
        return u->n != v->n || (u->n && memcmp(u->x, v->x, sizeof(int) * (size_t)u->n));
    }
    case CD_FT_VEC: return ((const cd_vec *)a)->n != ((const cd_vec *)b)->n;
    case CD_FT_MAT: {
        const cd_mat *u = (const cd_mat *)a, *v = (const cd_mat *)b;
        return u->rows != v->rows || u->cols != v->cols;
    }
    default: return 0;
    }
}

int cdpy_live_modify(cdpy_system *self, cd_kind kind, int index, void *p)
{
    cd_system *s = self->sys;
    cd_item *it = &s->list[kind].items[index];
    const cd_itemtype *t = it->type;
    char lb[160];
    cd_item_label(s, kind, index, lb, sizeof lb);
    if (kind == CD_MARKER || kind == CD_SENSOR) {
        cd_params_free(t, p);
        PyErr_Format(PyExc_RuntimeError, "%s: markers and sensors cannot be changed during a "
                     "solve (only the parameters of nodes, objects and loads)", lb);
        return -1;
    }
    for (int i = 0; i < t->nfields; i++) {
        const cd_field *f = &t->fields[i];
        if ((f->check & CD_CHK_ALIAS) || !structural_change(f, it->p, p)) continue;
        cd_params_free(t, p);
        PyErr_Format(PyExc_RuntimeError, "%s: '%s' cannot be changed during a solve (it changes "
                     "the model's structure); change it before the solve and call Assemble()",
                     lb, f->name);
        return -1;
    }
    const cd_objectops *ops = kind == CD_OBJECT ? t->object : NULL;
    void *old = it->p;
    it->p = p;
    int bad = ops && ((ops->nae && ops->nae(old) != ops->nae(p)) ||
                      (ops->velocity_level && ops->velocity_level(old) != ops->velocity_level(p)) ||
                      (ops->mass_varies && ops->mass_varies(old) != ops->mass_varies(p)) ||
                      (ops->scratch && ops->scratch(s, it) > s->maxscratch));
    cd_error err = {0, ""};
    for (int i = 0; i < t->nfields && !bad && !err.code; i++)
        if (!(t->fields[i].check & CD_CHK_ALIAS))
            cd_params_check_field(t, index, &t->fields[i], p, &err);
    if (!bad && !err.code && t->check) t->check(s, index, p, &err);
    if (bad || err.code) {
        it->p = old;
        cd_params_free(t, p);
        if (bad)
            PyErr_Format(PyExc_RuntimeError, "%s: this change cannot be made during a solve (it "
                         "changes the model's structure); change it before the solve and call "
                         "Assemble()", lb);
        else
            PyErr_SetString(PyExc_ValueError, err.msg);
        return -1;
    }
    cd_params_free(t, old);
    self->live_changed = 1;
    return 0;
}
