/* cd_pyext: the CPython extension coordyn._core (private header; no physics here) */
#ifndef CD_PYEXT_H
#define CD_PYEXT_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#define PY_ARRAY_UNIQUE_SYMBOL cdpy_ARRAY_API
#ifndef CDPY_IMPORT_ARRAY
#define NO_IMPORT_ARRAY
#endif
#include <numpy/arrayobject.h>

#include "../core/cd_items.h"
#include "../core/cd_eval.h"
#include "../solvers/cd_solver.h"
#include "../solvers/cd_linearize.h"
#include "../solvers/cd_kinematics.h"
#include "../linalg/cd_dot2.h"

/* module state: exception types */
typedef struct {
    PyObject *SolverError;
    PyObject *SystemType;
} cdpy_state;

/* the _System object: model, current state, last sensor data */
typedef struct cdpy_system {
    PyObject_HEAD
    cd_system *sys;
    cd_state cur;            /* current configuration (solver output) */
    cd_state sos;            /* start-of-step configuration (Exudyn's StartOfStep): during a
                              * solve the start of the current step, after it the start of
                              * the last step */
    int have_state;          /* cur and sos allocated for the assembled sizes */
    PyObject *owner;         /* borrowed: the Python MainSystem passed to user functions */
    PyObject *sensors;       /* capsule holding the last cd_sensorstore, or NULL */
    PyObject *exc_type, *exc_value, *exc_tb;  /* exception raised in a user function */
    cd_stats stats;
    int busy;                /* 1 while a solve runs (GIL released): changes are refused */
    unsigned long solve_thread; /* thread running the solve: its user functions may read */
    PyObject *solver_error;  /* strong ref: module's SolverError */
    /* the system user functions (cd_pysysuf.c; NULL: not set), and while one runs in a
     * solve: in_sysuf (item parameters and coordinates may then be changed), live_changed (it
     * changed item parameters) */
    PyObject *sysuf[5];
    int in_sysuf;
    int live_changed;
} cdpy_system;

/* the system user functions, in the order of cdpy_system.sysuf */
enum { CDPY_SYSUF_PRESTEP, CDPY_SYSUF_POSTSTEP, CDPY_SYSUF_POSTNEWTON, CDPY_SYSUF_PRERESIDUAL,
       CDPY_SYSUF_JACOBIAN, CDPY_NSYSUF };
const char *cdpy_sysuf_name(int which);
PyObject *cdpy_sys_set_sysuf(cdpy_system *self, PyObject *args);
/* sf's hooks for the functions set (ctx = self) */
void cdpy_sysuf_fill(cdpy_system *self, cd_sysfuncs *sf);
/* replace the parameters of item (kind, index) by p during a solve, from a system user
 * function: refused (p freed, -1 with an exception) when the change alters the structure */
int cdpy_live_modify(cdpy_system *self, cd_kind kind, int index, void *p);

/* user-function context stored in an item's cd_func */
typedef struct cdpy_uf {
    PyObject *callable;      /* the object set (GetObjectParameter returns it) */
    PyObject *call;          /* what the engine calls: callable, or the compiled function of
                                a symbolic.UserFunction (its _coordyn_call) */
    int conv;                /* CD_UF_* calling convention */
    cdpy_system *sys;        /* borrowed: owns the item */
    cd_kind kind;
    const char *field;
} cdpy_uf;

void cdpy_uf_release(void *ctx);   /* frees a cdpy_uf and its callables */
int cdpy_uf_call(void *ctx, double t, int item, const double *in, int nin, double *out, int nout);
void *cdpy_parse_params(const cd_itemtype *t, int index, PyObject *dict, cdpy_system *sys);
PyObject *cdpy_params_to_dict(const cd_itemtype *t, const void *p);
PyObject *cdpy_item_types(PyObject *self, PyObject *unused);
int cdpy_parse_settings(PyObject *d, cd_settings *set);
PyObject *cdpy_settings_table(PyObject *self, PyObject *unused);
PyObject *cdpy_settings_defaults(PyObject *self, PyObject *unused);
extern PyType_Spec cdpy_system_spec;

#endif
