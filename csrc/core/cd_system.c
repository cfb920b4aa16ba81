/* cd_system: item lists, adding items with validation, labels */
#include "cd_system.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CD_X_SECOND(e, a, b) a,
#define CD_X_THIRD(e, a, b) b,
static const char *kind_names[CD_NKIND] = {CD_KINDS(CD_X_SECOND)};
static const char *kind_keys[CD_NKIND] = {CD_KINDS(CD_X_THIRD)};
#define CD_X_FT_NAME(e, name, storage, py) name,
#define CD_X_FT_PY(e, name, storage, py) py,
static const char *ftype_names[CD_FT_COUNT] = {CD_FIELD_TYPES(CD_X_FT_NAME)};
static const char *ftype_py[CD_FT_COUNT] = {CD_FIELD_TYPES(CD_X_FT_PY)};
#undef CD_X_FT_NAME
#undef CD_X_FT_PY
static const char *outvar_names[CD_OV_COUNT] = {CD_OUTPUT_VARIABLES(CD_X_SECOND)};
static const char *outvar_docs[CD_OV_COUNT] = {CD_OUTPUT_VARIABLES(CD_X_THIRD)};
static const char *uf_args[CD_UF_COUNT] = {NULL, CD_USERFUNCS(CD_X_SECOND)};
static const char *uf_sigs[CD_UF_COUNT] = {NULL, CD_USERFUNCS(CD_X_THIRD)};
#undef CD_X_SECOND
#undef CD_X_THIRD

const char *cd_kind_key(cd_kind k) { return (k >= 0 && k < CD_NKIND) ? kind_keys[k] : "?"; }
const char *cd_ftype_name(cd_ftype t)
{
    return (t >= 0 && t < CD_FT_COUNT) ? ftype_names[t] : "?";
}
const char *cd_ftype_python(cd_ftype t)
{
    return (t >= 0 && t < CD_FT_COUNT) ? ftype_py[t] : "Any";
}
const char *cd_outvar_name(cd_outvar v)
{
    return (v >= 0 && v < CD_OV_COUNT) ? outvar_names[v] : "(invalid OutputVariableType)";
}
const char *cd_outvar_doc(cd_outvar v) { return (v >= 0 && v < CD_OV_COUNT) ? outvar_docs[v] : ""; }
const char *cd_userfunc_args(int c) { return (c > 0 && c < CD_UF_COUNT) ? uf_args[c] : NULL; }
const char *cd_userfunc_signature(int c) { return (c > 0 && c < CD_UF_COUNT) ? uf_sigs[c] : ""; }

const char *cd_kind_name(cd_kind k) { return (k >= 0 && k < CD_NKIND) ? kind_names[k] : "?"; }

cd_system *cd_system_create(void)
{
    return calloc(1, sizeof(cd_system));
}

/* free what Assemble built (kept separate so Assemble can run again) */
void cd_system_unassemble(cd_system *s)
{
    for (int k = 0; k < CD_NKIND; k++)
        for (int i = 0; i < s->list[k].n; i++) {
            cd_item *it = &s->list[k].items[i];
            free(it->ltg);
            free(it->ltg1);
            free(it->ltgd);
            free(it->map);
            free(it->ltgx);
            free(it->mk_off);
            it->ltg = it->ltg1 = it->ltgd = it->ltgx = it->mk_off = NULL;
            it->nmk = 0;
            it->map = NULL;
            it->nq = it->nae = it->ae0 = it->n1 = it->nd = it->nx = it->eq0 = it->neq = 0;
        }
    free(s->qref); free(s->q0); free(s->v0); free(s->owner2); free(s->ownerae);
    free(s->ownerae_kind);
    s->ownerae_kind = NULL;
    free(s->lam0);
    s->lam0 = NULL;
    free(s->x0); free(s->eqownerae); free(s->eqownerae_kind);
    s->x0 = NULL;
    s->eqownerae = s->eqownerae_kind = NULL;
    s->aex0 = s->nx = 0;
    free(s->yref); free(s->y0); free(s->d0); free(s->owner1); free(s->ownerd);
    s->yref = s->y0 = s->d0 = NULL;
    s->owner1 = s->ownerd = NULL;
    s->n1 = s->nd = 0;
    free(s->lgoff); free(s->lgstart);
    s->lgoff = s->lgstart = NULL;
    s->nlg = 0;
    free(s->pat.colptr); free(s->pat.rowind); free(s->pat.diag);
    s->qref = s->q0 = s->v0 = NULL;
    s->owner2 = s->ownerae = NULL;
    memset(&s->pat, 0, sizeof(s->pat));
    s->assembled = 0;
}

cd_system *cd_system_free(cd_system *s)
{
    if (!s) return NULL;
    cd_system_unassemble(s);
    for (int k = 0; k < CD_NKIND; k++) {
        for (int i = 0; i < s->list[k].n; i++)
            cd_params_free(s->list[k].items[i].type, s->list[k].items[i].p);
        free(s->list[k].items);
    }
    free(s);
    return NULL;
}

const char *cd_item_label(const cd_system *s, cd_kind kind, int index, char *buf, size_t n)
{
    if (index < 0 || index >= s->list[kind].n) {
        snprintf(buf, n, "%s %d", cd_kind_name(kind), index);
        return buf;
    }
    const cd_item *it = &s->list[kind].items[index];
    const char *name = ((const cd_common *)it->p)->name;
    if (name && name[0])
        snprintf(buf, n, "%s %d ('%s')", it->type->name, index, name);
    else
        snprintf(buf, n, "%s %d", it->type->name, index);
    return buf;
}

/* every index field must refer to an existing item of the right kind */
static int check_refs(const cd_system *s, const cd_itemtype *t, int index, const void *p,
                      cd_error *err)
{
    for (int i = 0; i < t->nfields; i++) {
        const cd_field *f = &t->fields[i];
        const int *idx = NULL;
        int n = 0;
        if (f->check & CD_CHK_ALIAS) continue;
        if (f->type == CD_FT_INDEX) {
            idx = (const int *)((const char *)p + f->offset);
            n = 1;
        } else if (f->type == CD_FT_INDEXLIST) {
            const cd_ivec *v = (const cd_ivec *)((const char *)p + f->offset);
            idx = v->x;
            n = v->n;
        }
        for (int j = 0; j < n; j++) {
            int cnt = s->list[f->ref].n;
            if (idx[j] == -1) {
                char lb[160];  /* an item already in the system: with its name */
                int in = index < s->list[t->kind].n && s->list[t->kind].items[index].p == p;
                if (in) cd_item_label(s, t->kind, index, lb, sizeof lb);
                else snprintf(lb, sizeof lb, "%s %d", t->name, index);
                return cd_error_set(err, CD_ERR_INPUT,
                                    "%s: parameter '%s' is not set (needs a valid %s number; "
                                    "Delete... leaves -1 where a deleted item was referred to)",
                                    lb, f->name, cd_kind_name((cd_kind)f->ref));
            }
            if (idx[j] < 0)
                return cd_error_set(err, CD_ERR_INPUT,
                                    "%s %d: parameter '%s' has the invalid %s number %d",
                                    t->name, index, f->name, cd_kind_name((cd_kind)f->ref), idx[j]);
            if (idx[j] >= cnt)
                return cd_error_set(err, CD_ERR_INPUT,
                                    "%s %d: parameter '%s' refers to %s %d, which does not "
                                    "exist (there are %d %ss)",
                                    t->name, index, f->name, cd_kind_name((cd_kind)f->ref),
                                    idx[j], cnt, cd_kind_name((cd_kind)f->ref));
        }
    }
    return CD_OK;
}

static int validate(const cd_system *s, const cd_itemtype *t, int index, const void *p,
                    cd_error *err)
{
    for (int i = 0; i < t->nfields; i++) {
        if (t->fields[i].check & CD_CHK_ALIAS) continue;
        int rc = cd_params_check_field(t, index, &t->fields[i], p, err);
        if (rc) return rc;
    }
    int rc = check_refs(s, t, index, p, err);
    if (rc) return rc;
    return t->check ? t->check(s, index, p, err) : CD_OK;
}

int cd_system_add(cd_system *s, const cd_itemtype *t, void *p, cd_error *err)
{
    cd_itemlist *l = &s->list[t->kind];
    int index = l->n;
    int rc = validate(s, t, index, p, err);
    if (rc) {
        cd_params_free(t, p);
        return rc;
    }
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 16;
        cd_item *ni = realloc(l->items, sizeof(cd_item) * (size_t)cap);
        if (!ni) {
            cd_params_free(t, p);
            return cd_error_set(err, CD_ERR_NOMEM, "out of memory adding %s", t->name);
        }
        l->items = ni;
        l->cap = cap;
    }
    memset(&l->items[index], 0, sizeof(cd_item));
    l->items[index].type = t;
    l->items[index].p = p;
    l->n++;
    s->assembled = 0;
    return index;
}

int cd_system_modify(cd_system *s, cd_kind kind, int index, void *p, cd_error *err)
{
    cd_itemlist *l = &s->list[kind];
    const cd_itemtype *t = l->items[index].type;
    int rc = validate(s, t, index, p, err);
    if (rc) {
        cd_params_free(t, p);
        return rc;
    }
    cd_params_free(t, l->items[index].p);
    l->items[index].p = p;
    s->assembled = 0;
    return CD_OK;
}

/* the references of item p (type t) to items of kind `kind`: i == index -> -1, i > index -> i-1 */
static void renumber_refs(const cd_itemtype *t, void *p, cd_kind kind, int index)
{
    for (int i = 0; i < t->nfields; i++) {
        const cd_field *f = &t->fields[i];
        if ((f->check & CD_CHK_ALIAS) || f->ref != (int)kind) continue;
        int *idx = NULL, n = 0;
        if (f->type == CD_FT_INDEX) {
            idx = (int *)((char *)p + f->offset);
            n = 1;
        } else if (f->type == CD_FT_INDEXLIST) {
            cd_ivec *v = (cd_ivec *)((char *)p + f->offset);
            idx = v->x;
            n = v->n;
        }
        for (int j = 0; j < n; j++) {
            if (idx[j] == index) idx[j] = -1;
            else if (idx[j] > index) idx[j]--;
        }
    }
}

void cd_system_delete(cd_system *s, cd_kind kind, int index)
{
    cd_itemlist *l = &s->list[kind];
    cd_system_unassemble(s);
    s->assembled = 0;
    cd_params_free(l->items[index].type, l->items[index].p);
    memmove(&l->items[index], &l->items[index + 1],
            sizeof(cd_item) * (size_t)(l->n - index - 1));
    l->n--;
    for (int k = 0; k < CD_NKIND; k++)
        for (int i = 0; i < s->list[k].n; i++)
            renumber_refs(s->list[k].items[i].type, s->list[k].items[i].p, kind, index);
}

int cd_system_check_refs(const cd_system *s, cd_error *err)
{
    for (int k = 0; k < CD_NKIND; k++)
        for (int i = 0; i < s->list[k].n; i++) {
            const cd_item *it = &s->list[k].items[i];
            int rc = check_refs(s, it->type, i, it->p, err);
            if (rc) return rc;
        }
    return CD_OK;
}

const char *cd_unknown_label(const cd_system *s, int i, char *buf, size_t n)
{
    char lb[160];
    if (i >= 0 && i < s->n2)
        snprintf(buf, n, "ODE2 coordinate %d of %s", i,
                 cd_item_label(s, CD_NODE, s->owner2[i], lb, sizeof lb));
    else if (i >= s->n2 + s->aex0 && i < s->off1) {
        int a = i - s->n2, nd = s->ownerae[a];
        snprintf(buf, n, "algebraic variable %d of %s", a - s->list[CD_NODE].items[nd].ltgx[0],
                 cd_item_label(s, CD_NODE, nd, lb, sizeof lb));
    } else if (i >= s->n2 && i < s->off1)
        snprintf(buf, n, "algebraic equation %d of %s", i - s->n2,
                 cd_item_label(s, (cd_kind)s->ownerae_kind[i - s->n2], s->ownerae[i - s->n2], lb,
                               sizeof lb));
    else if (i >= s->off1 && i < s->off1 + s->n1)
        snprintf(buf, n, "ODE1 coordinate %d of %s", i - s->off1,
                 cd_item_label(s, CD_NODE, s->owner1[i - s->off1], lb, sizeof lb));
    else
        snprintf(buf, n, "unknown %d (out of range)", i);
    return buf;
}

const char *cd_equation_label(const cd_system *s, int i, char *buf, size_t n)
{
    char lb[160];
    if (i < s->n2 + s->aex0 || i >= s->off1) return cd_unknown_label(s, i, buf, n);
    int a = i - s->n2;
    const cd_item *it = &s->list[s->eqownerae_kind[a]].items[s->eqownerae[a]];
    snprintf(buf, n, "algebraic equation %d of %s", a - it->eq0,
             cd_item_label(s, (cd_kind)s->eqownerae_kind[a], s->eqownerae[a], lb, sizeof lb));
    return buf;
}

int cd_state_init(cd_state *st, const cd_system *s)
{
    memset(st, 0, sizeof(*st));
    st->n2 = s->n2;
    st->nae = s->nae;
    st->n1 = s->n1;
    st->nd = s->nd;
    st->q = calloc((size_t)s->n2 + 1, sizeof(double));
    st->v = calloc((size_t)s->n2 + 1, sizeof(double));
    st->a = calloc((size_t)s->n2 + 1, sizeof(double));
    st->lam = calloc((size_t)s->nae + 1, sizeof(double));
    st->y = calloc((size_t)s->n1 + 1, sizeof(double));
    st->yd = calloc((size_t)s->n1 + 1, sizeof(double));
    st->data = calloc((size_t)s->nd + 1, sizeof(double));
    if (!st->q || !st->v || !st->a || !st->lam || !st->y || !st->yd || !st->data) {
        cd_state_free(st);
        return CD_ERR_NOMEM;
    }
    return CD_OK;
}

void cd_state_set_initial(cd_state *st, const cd_system *s)
{
    st->t = 0;
    memcpy(st->q, s->q0, sizeof(double) * (size_t)s->n2);
    memcpy(st->v, s->v0, sizeof(double) * (size_t)s->n2);
    memset(st->a, 0, sizeof(double) * (size_t)s->n2);
    memset(st->lam, 0, sizeof(double) * (size_t)s->nae);
    memcpy(st->lam + s->aex0, s->x0, sizeof(double) * (size_t)s->nx);
    memcpy(st->y, s->y0, sizeof(double) * (size_t)s->n1);
    memset(st->yd, 0, sizeof(double) * (size_t)s->n1);
    memcpy(st->data, s->d0, sizeof(double) * (size_t)s->nd);
}

void cd_state_free(cd_state *st)
{
    free(st->q); free(st->v); free(st->a); free(st->lam);
    free(st->y); free(st->yd); free(st->data);
    st->q = st->v = st->a = st->lam = st->y = st->yd = st->data = NULL;
}

void cd_state_copy(cd_state *dst, const cd_state *src)
{
    dst->t = src->t;
    memcpy(dst->q, src->q, sizeof(double) * (size_t)src->n2);
    memcpy(dst->v, src->v, sizeof(double) * (size_t)src->n2);
    memcpy(dst->a, src->a, sizeof(double) * (size_t)src->n2);
    memcpy(dst->lam, src->lam, sizeof(double) * (size_t)src->nae);
    memcpy(dst->y, src->y, sizeof(double) * (size_t)src->n1);
    memcpy(dst->yd, src->yd, sizeof(double) * (size_t)src->n1);
    memcpy(dst->data, src->data, sizeof(double) * (size_t)src->nd);
}
