/* cd_items: what item files of every kind share: the pattern lookup, output-variable tables,
 * the positions of body points and nodes, and (cd_marker.h) the derivative products of
 * MarkerData. Every parameter struct starts with cd_common. The families have their own
 * headers: items/connectors/cd_connectors.h (connectors, also for the joints),
 * items/nodes/cd_nodes.h, items/bodies/cd_bodies.h, items/markers/cd_markers.h,
 * items/loads/cd_loads.h. */
#ifndef CD_ITEMS_H
#define CD_ITEMS_H

#include "cd_system.h"
#include "cd_marker.h"

/* helpers shared by item files */

/* call the user function f, a cd_func field of item (kind, index): out (nout) = f(t, index,
 * in (nin)). A failure keeps the function's status (positive: retry the step, negative: fatal)
 * and a message; a non-finite result is CD_ERR_NONFINITE. Messages name the field, the item
 * and the time. cd_object_userfunc: the same for the object of an evaluation context. */
int cd_call_userfunc(const cd_system *s, cd_kind kind, int index, const cd_func *f, double t,
                     const double *in, int nin, double *out, int nout, cd_error *err);
int cd_object_userfunc(const cd_objctx *c, const cd_func *f, const double *in, int nin,
                       double *out, int nout);

int cd_pattern_build(cd_system *s, cd_error *err);
int cd_pattern_find(const cd_pattern *P, int r, int c);
/* 1 if the type provides output variable v */
int cd_type_has_outvar(const cd_itemtype *t, int v);
/* the angular velocity outputs of a rigid frame md of the node (nq coordinates): global
 * wg = Jrot q_t (Euler parameters: G e_t), local wl = Gbar theta_t (Lie-group and planar nodes:
 * A^T wg), as Exudyn reports them; they equal A w and w on |e| = 1 */
void cd_rigidnode_omegas(const cd_nodeops *ops, const void *np, const double *qref,
                         const double *q, const double *v, int nq, const cd_markerdata *md,
                         double wg[3], double wl[3]);

/* body position of a local point: dispatch to the object's body_position */
void cd_body_point(const cd_system *s, int body, const double lp[3], const double *q,
                   const double *v, double pos[3], double vel[3], double *J);
/* node position (nodes with CD_NODEF_POS) */
void cd_node_point(const cd_system *s, int node, const double *q, const double *v,
                   double pos[3], double vel[3], double *J);

/* 1 if object item it has a mass matrix that does not depend on the state */
static inline int cd_mass_const(const cd_item *it)
{
    const cd_objectops *ops = it->type->object;
    return ops->mass_const && !(ops->mass_varies && ops->mass_varies(it->p));
}

/* 1 if item it (an object or a node) has the full nae x nae block d rae/d lam in the Newton
 * matrix (CD_OBJF_AESELF), and the size of its AA block in its map (cd_pattern.c) */
static inline int cd_aa_full(const cd_item *it)
{
    return it->type->kind == CD_OBJECT && (it->type->object->flags & CD_OBJF_AESELF);
}
static inline int cd_aa_size(const cd_item *it)
{
    return cd_aa_full(it) ? it->nae * it->nae : it->nae;
}

#define CD_NF(arr) ((int)(sizeof(arr) / sizeof((arr)[0])))

#endif
