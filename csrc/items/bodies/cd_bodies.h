/* cd_bodies: what the body types (csrc/items/bodies/) share. The bodies on one node (mass
 * points, Mass1D, rigid bodies) begin their parameters with cd_p_body. */
#ifndef CD_BODIES_H
#define CD_BODIES_H

#include "../../core/cd_items.h"
#include "../cd_item_list.h"

typedef struct { cd_common c; double mass; int nodeNumber; } cd_p_body;

/* ops shared by the bodies on one node (p, c->item->p, it->p: a cd_p_body) */
int cd_body_nodes(const void *p, const int **nodes);       /* its one node */
int cd_body_point_mass(const cd_objctx *c, double *M);     /* M = m I (nq x nq) */
/* a point mass: position of the local point lp = node position + lp, J = the node's */
void cd_body_point_position(const cd_system *s, const cd_item *it, const double *lp,
                            const double *q, const double *v, double pos[3], double vel[3],
                            double *J);
/* a point mass: generalized force of the mass-proportional load b, f = m J^T b = m b */
void cd_body_point_mass_force(const cd_system *s, const cd_item *it, const double *q,
                              const double b[3], double *f);
/* a point mass: its node must be a position node (not ground, no rotation) with dim
 * coordinates; the message names tname and the node type it needs (need) */
int cd_body_check_point_node(const cd_system *s, int index, const void *p, int dim,
                             const char *tname, const char *need, cd_error *err);
/* the ops and fields of the point masses (MassPoint, MassPoint2D: parameters cd_p_body) */
extern const cd_objectops cd_body_point_ops;
#define CD_BODY_POINT_NFIELDS 4
extern const cd_field cd_body_point_fields[CD_BODY_POINT_NFIELDS];
/* the largest nq of a body with a body_frame op (rigid bodies 7, beams of 3 nodes 18) */
#define CD_BODY_FRAME_MAXNQ 32
/* bodies with a body_frame op: md = the frame of the local point lp without derivative data,
 * its J and Jrot in J, Jr (3 x nq each); and the body_position op from it */
void cd_body_frame_eval(const cd_system *s, const cd_item *it, const double *lp,
                        const double *q, const double *v, cd_markerdata *md, double *J,
                        double *Jr);
void cd_body_frame_position(const cd_system *s, const cd_item *it, const double *lp,
                            const double *q, const double *v, double pos[3], double vel[3],
                            double *J);
/* the node of a body on one node */
const cd_item *cd_body_node(const cd_system *s, const cd_item *it);

/* output variables of the bodies without rotation: those of the body point at the reference
 * and, as Exudyn reports them, identity rotation and zero angular velocity (cd_output.c) */
extern const cd_outvar cd_body_point_outvars[];

#define CD_BODY_NAME_FIELD                                                                       \
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "object's unique name",   \
     NULL}
#define CD_BODY_MASS_FIELD                                                                       \
    {"mass", CD_FT_REAL, 0, offsetof(cd_p_body, mass), "0", CD_CHK_NONNEG, 0, "kg",              \
     "mass of the body", NULL}
#define CD_BODY_NODE_FIELD(DOC)                                                                  \
    {"nodeNumber", CD_FT_INDEX, 0, offsetof(cd_p_body, nodeNumber), NULL, 0, CD_NODE, "", DOC,   \
     NULL}
/* Exudyn's deprecated name NAME of field OF (type TYPE, size SIZE, unit UNIT) */
#define CD_BODY_ALIAS_FIELD(NAME, TYPE, SIZE, UNIT, OF)                                          \
    {NAME, TYPE, SIZE, 0, NULL, CD_CHK_ALIAS, 0, UNIT, "deprecated alias of " OF, OF}

#endif
