/* cd_nodes: helpers shared by the point-like node types (csrc/items/nodes/) */
#ifndef CD_NODES_H
#define CD_NODES_H

#include "../../core/cd_items.h"

/* qref, q0, v0 (n = ref->n entries each) from the parameter vectors */
void cd_pointnode_init(const cd_vec *ref, const cd_vec *q0, const cd_vec *v0, double *qref,
                       double *q0out, double *v0out);
/* a node whose n <= 3 coordinates are the first n position components:
 * pos = [qref + q, 0...], vel = [v, 0...], J = [I; 0] (3 x n, column-major; J may be NULL) */
void cd_pointnode_position(int n, const double *qref, const double *q, const double *v,
                           double pos[3], double vel[3], double *J);

/* the name field every node has */
#define CD_NODE_NAME_FIELD                                                                       \
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "node's unique name", NULL}

/* the three coordinate vectors of a node with N coordinates (default text D) in struct T */
#define CD_NODE_COORD_FIELDS(T, N, D)                                                            \
    {"referenceCoordinates", CD_FT_VEC, N, offsetof(T, referenceCoordinates), D, 0, 0, "m",      \
     "reference coordinates; position = reference + displacement", NULL},                        \
    {"initialCoordinates", CD_FT_VEC, N, offsetof(T, initialCoordinates), D, 0, 0, "m",          \
     "initial displacement coordinates", NULL},                                                  \
    {"initialVelocities", CD_FT_VEC, N, offsetof(T, initialVelocities), D, 0, 0, "m/s",          \
     "initial velocities", NULL}

#endif
