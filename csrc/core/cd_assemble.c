/* cd_assemble: global coordinates, LTG lists, multipliers and the Newton-matrix pattern */
#include "cd_system.h"
#include "cd_items.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int *int_copy(const int *x, int n)
{
    int *y = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (y && n > 0) memcpy(y, x, sizeof(int) * (size_t)n);
    return y;
}

/* nodes own consecutive ODE2 coordinates in the order they were added */
static int assign_nodes(cd_system *s)
{
    int n2 = 0;
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        cd_item *it = &s->list[CD_NODE].items[i];
        it->nq = it->type->node->nq(it->p);
        it->ltg = malloc(sizeof(int) * (size_t)(it->nq > 0 ? it->nq : 1));
        if (!it->ltg) return CD_ERR_NOMEM;
        for (int j = 0; j < it->nq; j++) it->ltg[j] = n2 + j;
        n2 += it->nq;
    }
    s->n2 = n2;
    s->lgoff = malloc(sizeof(int) * (size_t)(n2 + 1));
    s->lgstart = malloc(sizeof(int) * (size_t)(s->list[CD_NODE].n + 1));
    if (!s->lgoff || !s->lgstart) return CD_ERR_NOMEM;
    for (int i = 0; i < n2; i++) s->lgoff[i] = -1;
    s->nlg = 0;
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        const cd_item *it = &s->list[CD_NODE].items[i];
        if (!(it->type->node->flags & CD_NODEF_LIE)) continue;
        s->lgstart[s->nlg++] = it->ltg[3];
        for (int k = 0; k < 3; k++) s->lgoff[it->ltg[3 + k]] = k;
    }
    s->qref = calloc((size_t)n2 + 1, sizeof(double));
    s->q0 = calloc((size_t)n2 + 1, sizeof(double));
    s->v0 = calloc((size_t)n2 + 1, sizeof(double));
    s->owner2 = calloc((size_t)n2 + 1, sizeof(int));
    if (!s->qref || !s->q0 || !s->v0 || !s->owner2) return CD_ERR_NOMEM;
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        cd_item *it = &s->list[CD_NODE].items[i];
        if (it->nq == 0) continue;
        int g = it->ltg[0];
        it->type->node->init(it->p, s->qref + g, s->q0 + g, s->v0 + g);
        for (int j = 0; j < it->nq; j++) s->owner2[g + j] = i;
    }
    return CD_OK;
}

/* bodies: the concatenated coordinates of their nodes */
static int assign_bodies(cd_system *s)
{
    for (int i = 0; i < s->list[CD_OBJECT].n; i++) {
        cd_item *it = &s->list[CD_OBJECT].items[i];
        const cd_objectops *ops = it->type->object;
        if (!ops->nodes) continue;
        const int *nodes;
        int nn = ops->nodes(it->p, &nodes), nq = 0;
        for (int j = 0; j < nn; j++) nq += s->list[CD_NODE].items[nodes[j]].nq;
        it->nq = nq;
        it->ltg = malloc(sizeof(int) * (size_t)(nq > 0 ? nq : 1));
        if (!it->ltg) return CD_ERR_NOMEM;
        nq = 0;
        for (int j = 0; j < nn; j++) {
            const cd_item *nd = &s->list[CD_NODE].items[nodes[j]];
            memcpy(it->ltg + nq, nd->ltg, sizeof(int) * (size_t)nd->nq);
            nq += nd->nq;
        }
    }
    return CD_OK;
}

/* markers: the coordinates of the node or body they sit on, or the part of them that the
 * marker's type names (one coordinate for MarkerNodeCoordinate) */
static int assign_markers(cd_system *s)
{
    for (int i = 0; i < s->list[CD_MARKER].n; i++) {
        cd_item *it = &s->list[CD_MARKER].items[i];
        const cd_markerops *ops = it->type->marker;
        int b = ops->base(it->p), first = 0;
        const cd_item *base = ops->on_body ? &s->list[CD_OBJECT].items[b]
                                           : &s->list[CD_NODE].items[b];
        it->nq = ops->coordinates ? ops->coordinates(s, it, &first) : base->nq;
        it->ltg = int_copy(it->nq ? base->ltg + first : NULL, it->nq);
        if (!it->ltg) return CD_ERR_NOMEM;
        if (it->nq > s->maxmk) s->maxmk = it->nq;
    }
    return CD_OK;
}

/* connectors: marker 0's coordinates then marker 1's; constraints get their own multipliers,
 * after the nodes' own algebraic equations (the Euler-parameter norm) */
static int assign_connectors(cd_system *s)
{
    int nae = 0;
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        cd_item *nd = &s->list[CD_NODE].items[i];
        const cd_nodeops *ops = nd->type->node;
        nd->nae = ops->nae ? ops->nae(nd->p) : 0;
        nd->ae0 = nae;
        nae += nd->nae;
        if (nd->nae > s->maxnae) s->maxnae = nd->nae;
        if (nd->nq > s->maxnq) s->maxnq = nd->nq;
    }
    for (int i = 0; i < s->list[CD_OBJECT].n; i++) {
        cd_item *it = &s->list[CD_OBJECT].items[i];
        const cd_objectops *ops = it->type->object;
        if (ops->flags & CD_OBJF_CONNECTOR) {
            const int *mk;
            ops->markers(it->p, &mk);
            const cd_item *m0 = &s->list[CD_MARKER].items[mk[0]];
            const cd_item *m1 = &s->list[CD_MARKER].items[mk[1]];
            it->nq = m0->nq + m1->nq;
            it->ltg = malloc(sizeof(int) * (size_t)(it->nq > 0 ? it->nq : 1));
            if (!it->ltg) return CD_ERR_NOMEM;
            memcpy(it->ltg, m0->ltg, sizeof(int) * (size_t)m0->nq);
            memcpy(it->ltg + m0->nq, m1->ltg, sizeof(int) * (size_t)m1->nq);
            it->mk_off[0] = 0;
            it->mk_off[1] = m0->nq;
        }
        if (ops->nae) {
            it->nae = ops->nae(it->p);
            it->ae0 = nae;
            nae += it->nae;
        }
        if (it->nq > s->maxnq) s->maxnq = it->nq;
        if (it->nae > s->maxnae) s->maxnae = it->nae;
    }
    s->nae = nae;
    s->ownerae = calloc((size_t)nae + 1, sizeof(int));
    s->ownerae_kind = calloc((size_t)nae + 1, sizeof(int));
    if (!s->ownerae || !s->ownerae_kind) return CD_ERR_NOMEM;
    for (int k = CD_NODE; k <= CD_OBJECT; k++)
        for (int i = 0; i < s->list[k].n; i++) {
            const cd_item *it = &s->list[k].items[i];
            for (int j = 0; j < it->nae; j++) {
                s->ownerae[it->ae0 + j] = i;
                s->ownerae_kind[it->ae0 + j] = k;
            }
        }
    return CD_OK;
}

/* loads and sensors on markers: the marker's coordinates */
static int assign_loads(cd_system *s)
{
    for (int i = 0; i < s->list[CD_LOAD].n; i++) {
        cd_item *it = &s->list[CD_LOAD].items[i];
        const cd_item *mk = &s->list[CD_MARKER].items[it->type->load->marker(it->p)];
        it->nq = mk->nq;
        it->ltg = int_copy(mk->ltg, mk->nq);
        if (!it->ltg) return CD_ERR_NOMEM;
    }
    return CD_OK;
}

int cd_system_assemble(cd_system *s, cd_error *err)
{
    cd_system_unassemble(s);
    s->maxnq = s->maxnae = s->maxmk = 0;
    int rc = assign_nodes(s);
    if (!rc) rc = assign_bodies(s);
    if (!rc) rc = assign_markers(s);
    if (!rc) rc = assign_connectors(s);
    if (!rc) rc = assign_loads(s);
    if (!rc) rc = cd_pattern_build(s, err);
    if (rc) {
        if (rc == CD_ERR_NOMEM) cd_error_set(err, rc, "out of memory in Assemble");
        cd_system_unassemble(s);
        return rc;
    }
    s->assembled = 1;
    return CD_OK;
}
