/* cd_params: parameter structs driven by the item types' field tables */
#include "cd_system.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FIELD(p, f, T) ((T *)((char *)(p) + (f)->offset))
#define CFIELD(p, f, T) ((const T *)((const char *)(p) + (f)->offset))

const cd_field *cd_field_find(const cd_itemtype *t, const char *name)
{
    for (int i = 0; i < t->nfields; i++)
        if (strcmp(t->fields[i].name, name) == 0) return &t->fields[i];
    return NULL;
}

/* parse the text default into at most nmax numbers; returns how many */
static int parse_default(const char *def, double *x, int nmax)
{
    int n = 0;
    const char *s = def;
    char *end;
    while (s && *s && n < nmax) {
        double v = strtod(s, &end);
        if (end == s) break;
        x[n++] = v;
        s = end;
    }
    return n;
}

static int set_vec(cd_vec *v, const double *x, int n)
{
    double *nx = NULL;
    if (n > 0) {
        nx = malloc(sizeof(double) * (size_t)n);
        if (!nx) return CD_ERR_NOMEM;
        memcpy(nx, x, sizeof(double) * (size_t)n);
    }
    free(v->x);
    v->x = nx;
    v->n = n;
    return CD_OK;
}

static int set_ivec(cd_ivec *v, const double *x, int n)
{
    int *nx = NULL;
    if (n > 0) {
        nx = malloc(sizeof(int) * (size_t)n);
        if (!nx) return CD_ERR_NOMEM;
        for (int i = 0; i < n; i++) nx[i] = (int)x[i];
    }
    free(v->x);
    v->x = nx;
    v->n = n;
    return CD_OK;
}

int cd_field_set_numbers(const cd_field *f, void *p, const double *x, int n, int rows,
                         cd_error *err)
{
    switch (f->type) {
    case CD_FT_REAL: *FIELD(p, f, double) = n > 0 ? x[0] : 0.0; return CD_OK;
    case CD_FT_INT: case CD_FT_INDEX: case CD_FT_OUTVAR:
        *FIELD(p, f, int) = n > 0 ? (int)x[0] : -1; return CD_OK;
    case CD_FT_BOOL: *FIELD(p, f, int) = n > 0 && x[0] != 0.0; return CD_OK;
    case CD_FT_VEC:
        if (set_vec(FIELD(p, f, cd_vec), x, n)) break;
        return CD_OK;
    case CD_FT_INDEXLIST:
        if (set_ivec(FIELD(p, f, cd_ivec), x, n)) break;
        return CD_OK;
    case CD_FT_MAT: {
        cd_mat *m = FIELD(p, f, cd_mat);
        cd_vec tmp = {0, NULL};
        if (set_vec(&tmp, x, n)) break;
        free(m->x);
        m->x = tmp.x;
        m->rows = n > 0 ? rows : 0;
        m->cols = (n > 0 && rows > 0) ? n / rows : 0;
        return CD_OK;
    }
    default:
        return cd_error_set(err, CD_ERR_INTERNAL, "field '%s' is not numeric", f->name);
    }
    return cd_error_set(err, CD_ERR_NOMEM, "out of memory setting '%s'", f->name);
}

static int set_default_numbers(const cd_field *f, void *p, const double *x, int n,
                               cd_error *err);

/* number of numbers in a default text */
static int count_default(const char *def)
{
    int n = 0;
    const char *s = def;
    char *end;
    while (s && *s) {
        strtod(s, &end);
        if (end == s) break;
        n++;
        s = end;
    }
    return n;
}

/* set one field to its default */
static int set_default(const cd_field *f, void *p, cd_error *err)
{
    double small[16], *x = small;
    int cap = f->def ? count_default(f->def) : 0;
    if (cap > 16 && !(x = malloc(sizeof(double) * (size_t)cap)))
        return cd_error_set(err, CD_ERR_NOMEM, "out of memory");
    int rc = set_default_numbers(f, p, x, f->def ? parse_default(f->def, x, cap) : 0, err);
    if (x != small) free(x);
    return rc;
}

/* set one field to its default, given its default numbers x (n of them) */
static int set_default_numbers(const cd_field *f, void *p, const double *x, int n,
                               cd_error *err)
{
    if (f->type == CD_FT_STRING) {
        char **s = FIELD(p, f, char *);
        const char *d = f->def ? f->def : "";
        *s = malloc(strlen(d) + 1);
        if (!*s) return cd_error_set(err, CD_ERR_NOMEM, "out of memory");
        strcpy(*s, d);
        return CD_OK;
    }
    if (f->type == CD_FT_FUNC) return CD_OK;  /* zeroed by calloc */
    if ((f->type == CD_FT_INDEX || f->type == CD_FT_INT || f->type == CD_FT_OUTVAR) && n == 0) {
        *FIELD(p, f, int) = -1;
        return CD_OK;
    }
    /* matrices: field size is the number of rows of the default */
    return cd_field_set_numbers(f, p, x, n, f->type == CD_FT_MAT && f->size > 0 ? f->size : 1,
                                err);
}

void *cd_params_new(const cd_itemtype *t, cd_error *err)
{
    void *p = calloc(1, t->psize);
    if (!p) {
        cd_error_set(err, CD_ERR_NOMEM, "out of memory creating %s", t->name);
        return NULL;
    }
    for (int i = 0; i < t->nfields; i++) {
        if (t->fields[i].check & CD_CHK_ALIAS) continue;
        int rc = set_default(&t->fields[i], p, err);
        if (rc) {
            cd_params_free(t, p);
            if (rc == CD_ERR_NOMEM)
                cd_error_set(err, rc, "out of memory creating %s (default of '%s')", t->name,
                             t->fields[i].name);
            return NULL;
        }
    }
    return p;
}

void cd_params_free(const cd_itemtype *t, void *p)
{
    if (!p) return;
    for (int i = 0; i < t->nfields; i++) {
        const cd_field *f = &t->fields[i];
        if (f->check & CD_CHK_ALIAS) continue;
        switch (f->type) {
        case CD_FT_VEC: free(FIELD(p, f, cd_vec)->x); break;
        case CD_FT_INDEXLIST: free(FIELD(p, f, cd_ivec)->x); break;
        case CD_FT_MAT: free(FIELD(p, f, cd_mat)->x); break;
        case CD_FT_STRING: free(*FIELD(p, f, char *)); break;
        case CD_FT_FUNC: {
            cd_func *fn = FIELD(p, f, cd_func);
            if (fn->release && fn->ctx) fn->release(fn->ctx);
            break;
        }
        default: break;
        }
    }
    free(p);
}

/* "Type index" or "Type index ('name')" of an item being added or modified (p: its
 * parameters, which start with cd_common) */
static const char *param_label(const cd_itemtype *t, int index, const void *p, char *buf,
                               size_t n)
{
    const char *name = ((const cd_common *)p)->name;
    if (name && name[0]) snprintf(buf, n, "%s %d ('%s')", t->name, index, name);
    else snprintf(buf, n, "%s %d", t->name, index);
    return buf;
}

/* check a list of numbers for finiteness and sign (the item's label made only on error) */
static int check_values(const cd_itemtype *t, int index, const void *p, const cd_field *f,
                        const double *x, int n, cd_error *err)
{
    char lb[160];
    for (int i = 0; i < n; i++) {
        if (!isfinite(x[i]))
            return cd_error_set(err, CD_ERR_INPUT,
                                "%s: parameter '%s' must be finite, got %g (entry %d)",
                                param_label(t, index, p, lb, sizeof lb), f->name, x[i], i);
        if ((f->check & CD_CHK_NONNEG) && x[i] < 0)
            return cd_error_set(err, CD_ERR_INPUT, "%s: parameter '%s' must be >= 0, got %g",
                                param_label(t, index, p, lb, sizeof lb), f->name, x[i]);
        if ((f->check & CD_CHK_POS) && x[i] <= 0)
            return cd_error_set(err, CD_ERR_INPUT, "%s: parameter '%s' must be > 0, got %g",
                                param_label(t, index, p, lb, sizeof lb), f->name, x[i]);
    }
    return CD_OK;
}

int cd_params_check_field(const cd_itemtype *t, int index, const cd_field *f, const void *p,
                          cd_error *err)
{
    char lb[160];
    switch (f->type) {
    case CD_FT_REAL: return check_values(t, index, p, f, CFIELD(p, f, double), 1, err);
    case CD_FT_VEC: {
        const cd_vec *v = CFIELD(p, f, cd_vec);
        if (f->size > 0 && v->n != f->size)
            return cd_error_set(err, CD_ERR_INPUT,
                                "%s: parameter '%s' must have length %d, got length %d",
                                param_label(t, index, p, lb, sizeof lb), f->name, f->size, v->n);
        return check_values(t, index, p, f, v->x, v->n, err);
    }
    case CD_FT_MAT: {
        const cd_mat *m = CFIELD(p, f, cd_mat);
        return check_values(t, index, p, f, m->x, m->rows * m->cols, err);
    }
    case CD_FT_INDEXLIST: {
        const cd_ivec *v = CFIELD(p, f, cd_ivec);
        if (f->size > 0 && v->n != f->size)
            return cd_error_set(err, CD_ERR_INPUT,
                                "%s: parameter '%s' must have length %d, got length %d",
                                param_label(t, index, p, lb, sizeof lb), f->name, f->size, v->n);
        return CD_OK;
    }
    default: return CD_OK;
    }
}
