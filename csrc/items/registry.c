/* registry: every item type (from cd_item_list.h), lookup by name, shared dispatch helpers */
#include "../core/cd_items.h"
#include "cd_item_list.h"
#include <string.h>

#define CD_X_ADDRESS(name) &cd_type_##name,
static const cd_itemtype *const types[] = {CD_ITEM_TYPES(CD_X_ADDRESS)};
#undef CD_X_ADDRESS

int cd_ntypes(void) { return CD_NF(types); }

const cd_itemtype *cd_type_get(int i) { return (i >= 0 && i < CD_NF(types)) ? types[i] : NULL; }

/* match the full name ("ObjectMassPoint"), the type key ("MassPoint") or the alias */
const cd_itemtype *cd_type_find(cd_kind kind, const char *name)
{
    for (int i = 0; i < CD_NF(types); i++) {
        const cd_itemtype *t = types[i];
        if (t->kind != kind) continue;
        if (!strcmp(t->name, name) || !strcmp(t->typename_, name) ||
            (t->alias && !strcmp(t->alias, name)))
            return t;
    }
    return NULL;
}

int cd_type_has_outvar(const cd_itemtype *t, int v)
{
    for (const cd_outvar *o = t->outvars; o && *o != CD_OV_NONE; o++)
        if ((int)*o == v) return 1;
    return 0;
}

void cd_node_point(const cd_system *s, int node, const double *q, const double *v,
                   double pos[3], double vel[3], double *J)
{
    const cd_item *nd = &s->list[CD_NODE].items[node];
    const double *qref = nd->nq > 0 ? s->qref + nd->ltg[0] : NULL;
    nd->type->node->position(nd->p, qref, q, v, pos, vel, J);
}

void cd_body_point(const cd_system *s, int body, const double lp[3], const double *q,
                   const double *v, double pos[3], double vel[3], double *J)
{
    const cd_item *ob = &s->list[CD_OBJECT].items[body];
    ob->type->object->body_position(s, ob, lp, q, v, pos, vel, J);
}
