/* What the sliding joints share (cd_joints.h): ObjectJointSliding2D (joint_sliding2d.c) and
 * ObjectJointSliding (joint_sliding.c) both follow a position marker along a chain of ANCF
 * cable elements. Shared here: the element under the joint and its kinematics at the local
 * sliding coordinate x = d1 + ds - o_k (r = S(x) q_k, r' = S'(x) q_k, r'' and the velocities,
 * S the cubic Hermite shape functions of cd_ancf.h), the element switch after Newton and the
 * checks of the sliding markers and the data node. */
#include "cd_joints.h"
#include "../bodies/cd_ancf.h"
#include "../markers/cd_markers.h"
#include "../cd_item_list.h"

int cd_sliding_more_markers(const void *vp, const int **mk)
{
    const cd_p_sliding *p = vp;
    *mk = p->slidingMarkerNumbers.x;
    return p->slidingMarkerNumbers.n;
}

int cd_sliding_nodes(const void *vp, const int **n)
{
    *n = &((const cd_p_sliding *)vp)->nodeNumber;
    return 1;
}

/* the current element: data[0], kept in range */
static int current_index(const cd_objctx *c)
{
    const cd_p_sliding *p = c->item->p;
    int k = (int)c->data[0];
    if (k < 0) k = 0;
    if (k >= p->slidingMarkerNumbers.n) k = p->slidingMarkerNumbers.n - 1;
    return k;
}

void cd_sliding_eval(const cd_objctx *c, int dim, double ds, cd_sliding_elem *e)
{
    const cd_p_sliding *p = c->item->p;
    const cd_system *s = c->sys;
    const cd_item *it = c->item;
    e->k = current_index(c);
    e->nc = 4 * dim;
    const cd_item *mk = &s->list[CD_MARKER].items[p->slidingMarkerNumbers.x[e->k]];
    const cd_item *body = &s->list[CD_OBJECT].items[((const cd_p_markerbase *)mk->p)->number];
    e->L = ((const cd_p_ancf *)body->p)->length;
    e->EA = ((const cd_p_ancf *)body->p)->axialStiffness;
    for (int j = 0; j < e->nc; j++) {
        int g = mk->ltg[j], l = 0;
        while (l < it->nq && it->ltg[l] != g) l++;   /* present: more_markers */
        e->idx[j] = l;
        e->q[j] = s->qref[g] + c->q[l];
        e->v[j] = c->v[l];
    }
    e->x = c->data[1] + ds - p->slidingMarkerOffsets.x[e->k];
    cd_ancf_shape(e->x, e->L, e->S, e->Sx, e->Sxx);
    cd_ancf_map(dim, e->S, e->q, e->r);
    cd_ancf_map(dim, e->Sx, e->q, e->rx);
    cd_ancf_map(dim, e->Sxx, e->q, e->rxx);
    cd_ancf_map(dim, e->S, e->v, e->rt);
    cd_ancf_map(dim, e->Sx, e->v, e->rxt);
}

int cd_sliding_post_newton(const cd_objctx *c, int dim, double ds, int active, double *out,
                           double *error)
{
    const cd_p_sliding *p = c->item->p;
    int n = p->slidingMarkerNumbers.n;
    cd_sliding_elem e;
    out[0] = c->data[0];
    out[1] = c->data[1];
    *error = 0.0;
    if (!active) return CD_OK;
    cd_sliding_eval(c, dim, ds, &e);
    int k = e.k;
    if (e.x < 0) {
        *error = -e.x;
        if (k > 0) k--;
    }
    if (e.x > e.L) {
        *error = e.x - e.L;
        if (k < n - 1) k++;
    }
    double sl = c->data[1] + ds, smax = p->slidingMarkerOffsets.x[n - 1] + e.L;
    out[0] = k;
    out[1] = sl < 0 ? 0 : (sl > smax ? smax : sl);
    return CD_OK;
}

static int check_list(const cd_system *s, int index, const cd_p_sliding *p,
                      const cd_itemtype *mtype, const char *tname, cd_error *err)
{
    int n = p->slidingMarkerNumbers.n;
    if (n < 1)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'slidingMarkerNumbers' is "
                            "empty; it needs the %s of at least one cable element", tname, index,
                            mtype->name);
    if (p->slidingMarkerOffsets.n != n)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'slidingMarkerOffsets' has "
                            "length %d but 'slidingMarkerNumbers' has length %d; they must be "
                            "equal (one offset per sliding marker)", tname, index,
                            p->slidingMarkerOffsets.n, n);
    for (int k = 0; k < n; k++) {
        int m = p->slidingMarkerNumbers.x[k];
        const cd_item *mk = &s->list[CD_MARKER].items[m];
        if (mk->type != mtype)
            return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'slidingMarkerNumbers' "
                                "entry %d refers to marker %d of type %s; the sliding markers "
                                "must be %s", tname, index, k, m, mk->type->name, mtype->name);
        if (k > 0 && !(p->slidingMarkerOffsets.x[k] > p->slidingMarkerOffsets.x[k - 1]))
            return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'slidingMarkerOffsets' "
                                "must be increasing (entry %d = %g follows %g)", tname, index, k,
                                p->slidingMarkerOffsets.x[k], p->slidingMarkerOffsets.x[k - 1]);
    }
    return CD_OK;
}

int cd_sliding_check(const cd_system *s, int index, const cd_p_sliding *p,
                     const cd_itemtype *mtype, const char *tname, cd_error *err)
{
    int m1 = p->h.markerNumbers.x[1];
    const cd_item *k1 = &s->list[CD_MARKER].items[m1];
    if (k1->type != mtype)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'markerNumbers'[1] refers to "
                            "marker %d of type %s; the cable needs a %s", tname, index, m1,
                            k1->type->name, mtype->name);
    int rc = check_list(s, index, p, mtype, tname, err);
    if (rc) return rc;
    int found = 0;
    for (int k = 0; k < p->slidingMarkerNumbers.n; k++) found |= p->slidingMarkerNumbers.x[k] == m1;
    if (!found)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'markerNumbers'[1] (marker "
                            "%d) is not in 'slidingMarkerNumbers'; it must be the sliding marker "
                            "of the element where the joint starts", tname, index, m1);
    const cd_item *nd = &s->list[CD_NODE].items[p->nodeNumber];
    if (nd->type != &cd_type_NodeGenericData || nd->type->node->ndata(nd->p) != 2)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'nodeNumber' refers to node "
                            "%d of type %s; the joint needs a NodeGenericData with "
                            "numberOfDataCoordinates = 2 (element index, sliding coordinate)",
                            tname, index, p->nodeNumber, nd->type->name);
    double d0[2];
    nd->type->node->initdata(nd->p, d0);
    int k = (int)d0[0];
    if (d0[0] != k || k < 0 || k >= p->slidingMarkerNumbers.n)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: NodeGenericData %d (nodeNumber) has "
                            "initialCoordinates[0] = %g; it must be the index (0 .. %d) in "
                            "'slidingMarkerNumbers' of the element where the joint starts",
                            tname, index, p->nodeNumber, d0[0], p->slidingMarkerNumbers.n - 1);
    return CD_OK;
}
