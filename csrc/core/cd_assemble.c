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

/* nodes' ODE1 and Data coordinates: consecutive in the order the nodes were added */
static int assign_nodes_other(cd_system *s)
{
    int n1 = 0, nd = 0;
    cd_itemlist *l = &s->list[CD_NODE];
    for (int i = 0; i < l->n; i++) {
        cd_item *it = &l->items[i];
        const cd_nodeops *ops = it->type->node;
        it->n1 = ops->n1 ? ops->n1(it->p) : 0;
        it->nd = ops->ndata ? ops->ndata(it->p) : 0;
        it->nx = ops->nx ? ops->nx(it->p) : 0;  /* AE indices given in assign_connectors */
        it->ltg1 = malloc(sizeof(int) * (size_t)(it->n1 > 0 ? it->n1 : 1));
        it->ltgd = malloc(sizeof(int) * (size_t)(it->nd > 0 ? it->nd : 1));
        if (!it->ltg1 || !it->ltgd) return CD_ERR_NOMEM;
        for (int j = 0; j < it->n1; j++) it->ltg1[j] = n1 + j;
        for (int j = 0; j < it->nd; j++) it->ltgd[j] = nd + j;
        n1 += it->n1;
        nd += it->nd;
        if (it->n1 > s->maxn1) s->maxn1 = it->n1;
        if (it->nd > s->maxnd) s->maxnd = it->nd;
    }
    s->n1 = n1;
    s->nd = nd;
    s->yref = calloc((size_t)n1 + 1, sizeof(double));
    s->y0 = calloc((size_t)n1 + 1, sizeof(double));
    s->d0 = calloc((size_t)nd + 1, sizeof(double));
    s->owner1 = calloc((size_t)n1 + 1, sizeof(int));
    s->ownerd = calloc((size_t)nd + 1, sizeof(int));
    if (!s->yref || !s->y0 || !s->d0 || !s->owner1 || !s->ownerd) return CD_ERR_NOMEM;
    for (int i = 0; i < l->n; i++) {
        const cd_item *it = &l->items[i];
        if (it->n1) it->type->node->init1(it->p, s->yref + it->ltg1[0], s->y0 + it->ltg1[0]);
        if (it->nd) it->type->node->initdata(it->p, s->d0 + it->ltgd[0]);
        for (int j = 0; j < it->n1; j++) s->owner1[it->ltg1[j]] = i;
        for (int j = 0; j < it->nd; j++) s->ownerd[it->ltgd[j]] = i;
    }
    return CD_OK;
}

/* the count and index list of one kind of a node (ODE2: 0, ODE1: 1, Data: 2, algebraic
 * variables: 3) */
static int node_count(const cd_item *nd, int which, const int **ltg)
{
    const int *l[4] = {nd->ltg, nd->ltg1, nd->ltgd, nd->ltgx};
    const int n[4] = {nd->nq, nd->n1, nd->nd, nd->nx};
    if (ltg) *ltg = l[which];
    return n[which];
}

/* concatenate the nodes' index lists of one kind (see node_count) into *ltg */
static int concat_nodes(const cd_system *s, const int *nodes, int nn, int which, int **ltg,
                        int *count)
{
    int n = 0;
    for (int j = 0; j < nn; j++) n += node_count(&s->list[CD_NODE].items[nodes[j]], which, NULL);
    *ltg = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    if (!*ltg) return CD_ERR_NOMEM;
    *count = n;
    n = 0;
    for (int j = 0; j < nn; j++) {
        const int *src;
        int m = node_count(&s->list[CD_NODE].items[nodes[j]], which, &src);
        memcpy(*ltg + n, src, sizeof(int) * (size_t)m);
        n += m;
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
        int nn = ops->nodes(it->p, &nodes);
        int rc = concat_nodes(s, nodes, nn, 0, &it->ltg, &it->nq);
        if (!rc) rc = concat_nodes(s, nodes, nn, 1, &it->ltg1, &it->n1);
        if (!rc) rc = concat_nodes(s, nodes, nn, 2, &it->ltgd, &it->nd);
        if (rc) return rc;
        if (it->n1 > s->maxn1) s->maxn1 = it->n1;
        if (it->nd > s->maxnd) s->maxnd = it->nd;
    }
    return CD_OK;
}

/* scratch memory every object asks for (no fixed caps on an object's size) */
static void assign_scratch(cd_system *s)
{
    for (int i = 0; i < s->list[CD_OBJECT].n; i++) {
        const cd_item *it = &s->list[CD_OBJECT].items[i];
        int n = it->type->object->scratch ? it->type->object->scratch(s, it) : 0;
        if (n > s->maxscratch) s->maxscratch = n;
    }
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
        if (ops->ltg) {  /* on several bodies */
            it->nq = ops->ltg(s, it, NULL);
            it->ltg = malloc(sizeof(int) * (size_t)(it->nq > 0 ? it->nq : 1));
            if (!it->ltg) return CD_ERR_NOMEM;
            ops->ltg(s, it, it->ltg);
        } else {
            it->nq = ops->coordinates ? ops->coordinates(s, it, &first) : base->nq;
            it->ltg = int_copy(it->nq ? base->ltg + first : NULL, it->nq);
            if (!it->ltg) return CD_ERR_NOMEM;
        }
        if (it->nq > s->maxmk) s->maxmk = it->nq;
        if (it->nq > s->maxnq) s->maxnq = it->nq;  /* outputs gather a marker's coordinates
                                                     * (a marker on two bodies has more than
                                                     * either body) */
        int (*dsize)(const void *) = ops->on_body ? base->type->object->marker_dsize
                                                  : base->type->node->marker_dsize;
        int nd = dsize ? dsize(base->p) : 0;
        if (ops->dsize && ops->dsize(s, it) > nd) nd = ops->dsize(s, it);
        if (nd > s->maxmkd) s->maxmkd = nd;
    }
    return CD_OK;
}

/* ltg (n entries, room for the coordinates of the markers mk) gets every coordinate of those
 * markers that it does not hold yet, in order; returns the new count */
static int append_unique(int *ltg, int n, const cd_system *s, const int *mk, int nmk)
{
    for (int k = 0; k < nmk; k++) {
        const cd_item *m = &s->list[CD_MARKER].items[mk[k]];
        for (int j = 0; j < m->nq; j++) {
            int g = m->ltg[j], seen = 0;
            for (int i = 0; i < n && !seen; i++) seen = ltg[i] == g;
            if (!seen) ltg[n++] = g;
        }
    }
    return n;
}

/* a connector's local coordinates: those of its markers in the order of its marker list,
 * marker k's starting at mk_off[k], then the coordinates of its more_markers (a sliding
 * joint's other cable elements) that are not among them yet */
static int connector_ltg(cd_system *s, cd_item *it)
{
    const cd_objectops *ops = it->type->object;
    const int *mk, *more = NULL;
    int nmk = ops->markers(it->p, &mk), nq = 0, cap = 0;
    int nmore = ops->more_markers ? ops->more_markers(it->p, &more) : 0;
    for (int k = 0; k < nmk; k++) nq += s->list[CD_MARKER].items[mk[k]].nq;
    for (int k = 0; k < nmore; k++) cap += s->list[CD_MARKER].items[more[k]].nq;
    free(it->ltg);  /* connectors on a Data node (contact states): ltg of the node's (zero)
                     * ODE2 coordinates from assign_bodies */
    free(it->mk_off);
    it->ltg = malloc(sizeof(int) * (size_t)(nq + cap > 0 ? nq + cap : 1));
    it->mk_off = malloc(sizeof(int) * (size_t)(nmk > 0 ? nmk : 1));
    if (!it->ltg || !it->mk_off) return CD_ERR_NOMEM;
    it->nq = 0;
    it->nmk = nmk;
    for (int k = 0; k < nmk; k++) {
        const cd_item *m = &s->list[CD_MARKER].items[mk[k]];
        memcpy(it->ltg + it->nq, m->ltg, sizeof(int) * (size_t)m->nq);
        it->mk_off[k] = it->nq;
        it->nq += m->nq;
    }
    it->nq = append_unique(it->ltg, it->nq, s, more, nmore);
    if (nmk > s->maxnmk) s->maxnmk = nmk;
    return CD_OK;
}

/* connectors: their markers' coordinates (connector_ltg); constraints get their own
 * multipliers, after the nodes' own algebraic equations (the Euler-parameter norm) */
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
        if ((ops->flags & CD_OBJF_CONNECTOR) && connector_ltg(s, it)) return CD_ERR_NOMEM;
        if (ops->nae) {
            it->nae = ops->nae(it->p);
            it->ae0 = nae;
            nae += it->nae;
        }
        if (it->nq > s->maxnq) s->maxnq = it->nq;
        if (it->nae > s->maxnae) s->maxnae = it->nae;
    }
    /* the algebraic variables of NodeGenericAE nodes last: the pool [aex0, nae) */
    s->aex0 = nae;
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        cd_item *nd = &s->list[CD_NODE].items[i];
        nd->ltgx = malloc(sizeof(int) * (size_t)(nd->nx > 0 ? nd->nx : 1));
        if (!nd->ltgx) return CD_ERR_NOMEM;
        for (int j = 0; j < nd->nx; j++) nd->ltgx[j] = nae + j;
        nae += nd->nx;
        if (nd->nx > s->maxnx) s->maxnx = nd->nx;
    }
    s->nx = nae - s->aex0;
    s->nae = nae;
    s->ownerae = calloc((size_t)nae + 1, sizeof(int));
    s->ownerae_kind = calloc((size_t)nae + 1, sizeof(int));
    s->eqownerae = calloc((size_t)nae + 1, sizeof(int));
    s->eqownerae_kind = calloc((size_t)nae + 1, sizeof(int));
    s->lam0 = calloc((size_t)nae + 1, sizeof(double));
    s->x0 = calloc((size_t)s->nx + 1, sizeof(double));
    if (!s->ownerae || !s->ownerae_kind || !s->lam0 || !s->eqownerae || !s->eqownerae_kind ||
        !s->x0)
        return CD_ERR_NOMEM;
    for (int i = 0; i < s->list[CD_NODE].n; i++) {
        const cd_item *nd = &s->list[CD_NODE].items[i];
        if (nd->nx) nd->type->node->initx(nd->p, s->x0 + (nd->ltgx[0] - s->aex0));
        for (int j = 0; j < nd->nx; j++) {
            s->ownerae[nd->ltgx[j]] = i;
            s->ownerae_kind[nd->ltgx[j]] = CD_NODE;
        }
    }
    for (int k = CD_NODE; k <= CD_OBJECT; k++)
        for (int i = 0; i < s->list[k].n; i++) {
            const cd_item *it = &s->list[k].items[i];
            for (int j = 0; j < it->nae; j++) {
                s->ownerae[it->ae0 + j] = i;
                s->ownerae_kind[it->ae0 + j] = k;
            }
        }
    memcpy(s->eqownerae, s->ownerae, sizeof(int) * (size_t)s->aex0);
    memcpy(s->eqownerae_kind, s->ownerae_kind, sizeof(int) * (size_t)s->aex0);
    return CD_OK;
}

/* mixed objects: the algebraic variables of their nodes, and their equations, given the rows
 * of the pool [aex0, nae) in the order the objects were added; the pool must be filled
 * exactly (as many equations as algebraic variables) */
static int assign_algebraic(cd_system *s, cd_error *err)
{
    int row = s->aex0, nobj = 0;
    for (int i = 0; i < s->list[CD_OBJECT].n; i++) {
        cd_item *it = &s->list[CD_OBJECT].items[i];
        const cd_objectops *ops = it->type->object;
        if (ops->nodes) {
            const int *nodes;
            int nn = ops->nodes(it->p, &nodes);
            if (concat_nodes(s, nodes, nn, 3, &it->ltgx, &it->nx)) return CD_ERR_NOMEM;
            if (it->nx > s->maxnx) s->maxnx = it->nx;
        }
        if (!ops->mixed) continue;
        it->neq = ops->neq ? ops->neq(it->p) : 0;
        it->eq0 = row;
        for (int j = 0; j < it->neq && row + j < s->nae; j++) {
            s->eqownerae[row + j] = i;
            s->eqownerae_kind[row + j] = CD_OBJECT;
        }
        row += it->neq;
        nobj += it->neq > 0;
        int nr = it->nq + it->neq + it->n1, nc = 2 * it->nq + it->nx + it->n1;
        if (nr * nc > s->maxmixed) s->maxmixed = nr * nc;
        if (it->nq > s->maxnq) s->maxnq = it->nq;
    }
    if (row - s->aex0 == s->nx) return CD_OK;
    return cd_error_set(err, CD_ERR_INPUT, "the algebraic equations do not match the algebraic "
                        "variables: %d equation(s) from %d object(s) (ObjectGenericAE) for %d "
                        "algebraic variable(s) of NodeGenericAE nodes; every algebraic variable "
                        "needs one equation", row - s->aex0, nobj, s->nx);
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
    /* a deleted item leaves references -1 (cd_system_delete): name them before any use */
    int rc0 = cd_system_check_refs(s, err);
    if (rc0) return rc0;
    s->maxnq = s->maxnae = s->maxmk = s->maxmkd = s->maxn1 = s->maxnd =
        s->maxscratch = s->maxnx = s->maxmixed = 0;
    s->maxnmk = 2;
    int rc = assign_nodes(s);
    if (!rc) rc = assign_nodes_other(s);
    if (!rc) rc = assign_bodies(s);
    if (!rc) rc = assign_markers(s);
    if (!rc) rc = assign_connectors(s);
    if (!rc) rc = assign_loads(s);
    if (!rc) rc = assign_algebraic(s, err);
    if (!rc) {
        s->off1 = s->n2 + s->nae;
        assign_scratch(s);
    }
    if (!rc) rc = cd_pattern_build(s, err);
    if (rc) {
        if (rc == CD_ERR_NOMEM) cd_error_set(err, rc, "out of memory in Assemble");
        else if (rc && err->code == CD_OK) cd_error_set(err, rc, "Assemble failed");
        cd_system_unassemble(s);
        return rc;
    }
    s->assembled = 1;
    return CD_OK;
}
