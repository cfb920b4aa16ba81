/* cd_module: module coordyn._core, multi-phase init; module state holds SolverError */
#define CDPY_IMPORT_ARRAY
#include "cd_pyext.h"
#include "../analysis/cd_dof.h"

static PyObject *outvar_names(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    PyObject *d = PyDict_New();
    for (int v = 1; d && v < CD_OV_COUNT; v++) {
        PyObject *i = PyLong_FromLong(v);
        if (!i || PyDict_SetItemString(d, cd_outvar_name((cd_outvar)v), i)) {
            Py_XDECREF(i);
            Py_CLEAR(d);
            break;
        }
        Py_DECREF(i);
    }
    return d;
}

/* the output variables of cd_system.h: {name: one-line meaning} */
static PyObject *outvar_docs(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    PyObject *d = PyDict_New();
    for (int v = 1; d && v < CD_OV_COUNT; v++) {
        PyObject *doc = PyUnicode_FromString(cd_outvar_doc((cd_outvar)v));
        if (!doc || PyDict_SetItemString(d, cd_outvar_name((cd_outvar)v), doc)) Py_CLEAR(d);
        Py_XDECREF(doc);
    }
    return d;
}

/* the item kinds of cd_system.h: {kind name: Exudyn's type key in a plain dict} */
static PyObject *kind_keys(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    PyObject *d = PyDict_New();
    for (int k = 0; d && k < CD_NKIND; k++) {
        PyObject *key = PyUnicode_FromString(cd_kind_key((cd_kind)k));
        if (!key || PyDict_SetItemString(d, cd_kind_name((cd_kind)k), key)) Py_CLEAR(d);
        Py_XDECREF(key);
    }
    return d;
}

/* the field types of cd_system.h: {name: Python annotation} */
static PyObject *field_types(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    PyObject *d = PyDict_New();
    for (int t = 0; d && t < CD_FT_COUNT; t++) {
        PyObject *py = PyUnicode_FromString(cd_ftype_python((cd_ftype)t));
        if (!py || PyDict_SetItemString(d, cd_ftype_name((cd_ftype)t), py)) Py_CLEAR(d);
        Py_XDECREF(py);
    }
    return d;
}

/* the status codes of cd_error.h: [{name, value, meaning}] in the list's order */
static PyObject *error_codes(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
#define CD_ERROR_ROW(name, value, meaning) {#name, value, meaning},
    static const struct { const char *name; int value; const char *meaning; } rows[] = {
        CD_ERROR_LIST(CD_ERROR_ROW)};
#undef CD_ERROR_ROW
    int n = (int)(sizeof rows / sizeof rows[0]);
    PyObject *l = PyList_New(n);
    for (int i = 0; l && i < n; i++) {
        PyObject *d = Py_BuildValue("{s:s,s:i,s:s}", "name", rows[i].name, "value",
                                    rows[i].value, "meaning", rows[i].meaning);
        if (!d) Py_CLEAR(l);
        else PyList_SET_ITEM(l, i, d);
    }
    return l;
}

/* cd_error_name() and cd_error_meaning() of one code */
static PyObject *error_name(PyObject *self, PyObject *arg)
{
    (void)self;
    long code = PyLong_AsLong(arg);
    if (code == -1 && PyErr_Occurred()) return NULL;
    return Py_BuildValue("(ss)", cd_error_name((int)code), cd_error_meaning((int)code));
}

static PyObject *dense_limit(PyObject *self, PyObject *unused)
{
    (void)self; (void)unused;
    return PyLong_FromLong(cd_ls_dense_limit());
}

/* the arguments (indptr, indices, data, X) of the sparse kernels: a compressed-row matrix
 * (int32 indptr and indices, float64 data) and X (float64, ncols x k or a vector), converted and
 * checked (indices in range, indptr not decreasing); square: the matrix must be X's rows
 * square. On failure a[] are released and a ValueError is set. */
typedef struct { PyArrayObject *ip, *ix, *dt, *xa; npy_intp nr, nnz, ncol, k; int nd; } csr_args;

static void csr_release(csr_args *a)
{
    Py_CLEAR(a->ip);
    Py_CLEAR(a->ix);
    Py_CLEAR(a->dt);
    Py_CLEAR(a->xa);
}

static int csr_parse(PyObject *args, const char *name, int square, csr_args *a)
{
    PyObject *po[4];
    memset(a, 0, sizeof(*a));
    if (!PyArg_ParseTuple(args, "OOOO", &po[0], &po[1], &po[2], &po[3])) return -1;
    a->ip = (PyArrayObject *)PyArray_FROM_OTF(po[0], NPY_INT32, NPY_ARRAY_IN_ARRAY);
    a->ix = (PyArrayObject *)PyArray_FROM_OTF(po[1], NPY_INT32, NPY_ARRAY_IN_ARRAY);
    a->dt = (PyArrayObject *)PyArray_FROM_OTF(po[2], NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
    a->xa = (PyArrayObject *)PyArray_FROM_OTF(po[3], NPY_DOUBLE, NPY_ARRAY_IN_ARRAY);
    if (!a->ip || !a->ix || !a->dt || !a->xa) {
        csr_release(a);
        return -1;
    }
    a->nd = PyArray_NDIM(a->xa);
    a->nr = PyArray_SIZE(a->ip) - 1;
    a->nnz = PyArray_SIZE(a->ix);
    a->ncol = a->nd >= 1 ? PyArray_DIM(a->xa, 0) : 0;
    a->k = a->nd == 2 ? PyArray_DIM(a->xa, 1) : 1;
    const int *indptr = PyArray_DATA(a->ip), *indices = PyArray_DATA(a->ix);
    const char *bad = NULL;
    if (a->nd < 1 || a->nd > 2 || a->nr < 0 || (square && a->nr != a->ncol) ||
        PyArray_SIZE(a->dt) != a->nnz || indptr[0] != 0 || indptr[a->nr] != a->nnz)
        bad = "inconsistent compressed-row matrix or X";
    for (npy_intp q = 0; !bad && q < a->nnz; q++)
        if (indices[q] < 0 || indices[q] >= a->ncol) bad = "column index out of range";
    for (npy_intp i = 0; !bad && i < a->nr; i++)
        if (indptr[i + 1] < indptr[i]) bad = "indptr must not decrease";
    if (bad) {
        PyErr_Format(PyExc_ValueError, "%s: %s", name, bad);
        csr_release(a);
        return -1;
    }
    return 0;
}

/* spmm_dot2(indptr, indices, data, X) -> Y = A X with the accurate products (cd_dot2.h); the
 * number of rows is len(indptr) - 1 */
static PyObject *spmm_dot2(PyObject *self, PyObject *args)
{
    (void)self;
    csr_args a;
    if (csr_parse(args, "spmm_dot2", 0, &a)) return NULL;
    npy_intp dims[2] = {a.nr, a.k};
    PyObject *res = PyArray_SimpleNew(a.nd, dims, NPY_DOUBLE);
    double *work = malloc(sizeof(double) * 2 * (size_t)(a.k > 0 ? a.k : 1));
    if (res && work)
        cd_spmm_dot2((int)a.nr, PyArray_DATA(a.ip), PyArray_DATA(a.ix), PyArray_DATA(a.dt),
                     (int)a.k, PyArray_DATA(a.xa), PyArray_DATA((PyArrayObject *)res), work);
    else {
        Py_CLEAR(res);
        if (!PyErr_Occurred()) PyErr_NoMemory();
    }
    free(work);
    csr_release(&a);
    return res;
}

/* quadform_terms(indptr, indices, data, X) -> (sum t^2, sum |t|) per column of X, t the terms
 * a_pq x_p x_q (cd_dot2.h); the matrix square */
static PyObject *quadform_terms(PyObject *self, PyObject *args)
{
    (void)self;
    csr_args a;
    if (csr_parse(args, "quadform_terms", 1, &a)) return NULL;
    npy_intp dk = a.k;
    PyObject *sq = PyArray_SimpleNew(1, &dk, NPY_DOUBLE), *ab = PyArray_SimpleNew(1, &dk, NPY_DOUBLE);
    PyObject *res = NULL;
    if (sq && ab) {
        cd_quadform_terms((int)a.nr, PyArray_DATA(a.ip), PyArray_DATA(a.ix), PyArray_DATA(a.dt),
                          (int)a.k, PyArray_DATA(a.xa), PyArray_DATA((PyArrayObject *)sq),
                          PyArray_DATA((PyArrayObject *)ab));
        res = Py_BuildValue("(OO)", sq, ab);
    }
    Py_XDECREF(sq);
    Py_XDECREF(ab);
    csr_release(&a);
    return res;
}

static PyMethodDef module_methods[] = {
    {"quadform_terms", quadform_terms, METH_VARARGS,
     "quadform_terms(indptr, indices, data, X) -> (sum t^2, sum |t|) per column of X, t the "
     "terms a_pq x_p x_q of x^T A x (compressed-row A)"},
    {"spmm_dot2", spmm_dot2, METH_VARARGS,
     "spmm_dot2(indptr, indices, data, X) -> A X (compressed-row A) with every entry as accurate "
     "as in twice the working precision (Ogita-Rump-Oishi Dot2)"},
    {"item_types", cdpy_item_types, METH_NOARGS,
     "the item type tables (kind, name, fields with type, default, unit, doc)"},
    {"outvar_names", outvar_names, METH_NOARGS, "OutputVariableType names and values"},
    {"outvar_docs", outvar_docs, METH_NOARGS, "OutputVariableType names and their meanings"},
    {"kind_keys", kind_keys, METH_NOARGS, "item kinds and the type key of their dict form"},
    {"field_types", field_types, METH_NOARGS,
     "item parameter field types and their Python annotations"},
    {"settings_table", cdpy_settings_table, METH_NOARGS,
     "the settings list (cd_settings_list.h): one dict per entry with path, member (C member or "
     "None), type, default, effect, aliases and doc"},
    {"settings_defaults", cdpy_settings_defaults, METH_NOARGS,
     "{path: value} of cd_settings_default() for every setting the engine reads"},
    {"error_codes", error_codes, METH_NOARGS,
     "the engine's status codes (cd_error.h): one dict per code with name, value and meaning; "
     "0 success, > 0 recoverable (the step is retried smaller), < 0 failure"},
    {"error_name", error_name, METH_O, "error_name(code) -> (name, meaning) from the engine"},
    {"dense_limit", dense_limit, METH_NOARGS,
     "largest size for which Auto starts with the dense solver (it may still move to dense after "
     "the first sparse factorization fills, see docs/solvers)"},
    {NULL, NULL, 0, NULL}};

static int module_exec(PyObject *m)
{
    cdpy_state *st = PyModule_GetState(m);
    /* ExudynError: the base of the errors an Exudyn script catches (coordyn.ExudynError) */
    PyObject *exudyn_error = PyErr_NewExceptionWithDoc(
        "coordyn._core.ExudynError", "Base class of the errors Exudyn scripts catch.",
        NULL, NULL);
    if (!exudyn_error || PyModule_AddObject(m, "ExudynError", exudyn_error)) {
        Py_XDECREF(exudyn_error);
        return -1;
    }
    PyObject *bases = Py_BuildValue("(OO)", exudyn_error, PyExc_RuntimeError);
    if (!bases) return -1;
    st->SolverError = PyErr_NewExceptionWithDoc(
        "coordyn._core.SolverError",
        "A solve failed: Newton did not converge at the minimum step, a singular system, or an "
        "unassembled system.", bases, NULL);
    Py_DECREF(bases);
    if (!st->SolverError || PyModule_AddObjectRef(m, "SolverError", st->SolverError)) return -1;
    st->SystemType = PyType_FromModuleAndSpec(m, &cdpy_system_spec, NULL);
    if (!st->SystemType || PyModule_AddObjectRef(m, "_System", st->SystemType)) return -1;
    if (PyModule_AddIntConstant(m, "KIND_NODE", CD_NODE) ||
        PyModule_AddIntConstant(m, "KIND_OBJECT", CD_OBJECT) ||
        PyModule_AddIntConstant(m, "KIND_MARKER", CD_MARKER) ||
        PyModule_AddIntConstant(m, "KIND_LOAD", CD_LOAD) ||
        PyModule_AddIntConstant(m, "KIND_SENSOR", CD_SENSOR) ||
        PyModule_AddIntConstant(m, "LS_AUTO", CD_LS_AUTO) ||
        PyModule_AddIntConstant(m, "LS_DENSE", CD_LS_DENSE) ||
        PyModule_AddIntConstant(m, "LS_SPARSE", CD_LS_SPARSE) ||
        PyModule_AddIntConstant(m, "LS_BLOCK", CD_LS_BLOCK) ||
        PyModule_AddIntConstant(m, "DOF_DENSE_MAX_NAE", CD_DOF_DENSE_MAX_NAE) ||
        PyModule_AddIntConstant(m, "DOF_SVD_MAX_NAE", CD_DOF_SVD_MAX_NAE))
        return -1;
    return 0;
}

static int module_traverse(PyObject *m, visitproc visit, void *arg)
{
    cdpy_state *st = PyModule_GetState(m);
    Py_VISIT(st->SolverError);
    Py_VISIT(st->SystemType);
    return 0;
}

static int module_clear(PyObject *m)
{
    cdpy_state *st = PyModule_GetState(m);
    Py_CLEAR(st->SolverError);
    Py_CLEAR(st->SystemType);
    return 0;
}

static PyModuleDef_Slot module_slots[] = {{Py_mod_exec, module_exec}, {0, NULL}};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "coordyn._core",
    "coordyn's engine: the C system, solvers and item tables (use the coordyn package)",
    sizeof(cdpy_state), module_methods, module_slots, module_traverse, module_clear, NULL};

PyMODINIT_FUNC PyInit__core(void)
{
    import_array();
    return PyModuleDef_Init(&module_def);
}
