/* cd_marker_vector: the vector markers (MarkerNodeCoordinates, MarkerObjectODE2Coordinates):
 * a marker on all ODE2 coordinates of its node or body, whose value is the vector of total
 * coordinates (reference + displacement) and whose Jacobian is the identity. The marker data
 * carry no point (pos, vel, J = 0, coord = -1); a consumer (ObjectConnectorCoordinateVector)
 * reads the values from its own local coordinates. */
#ifndef CD_MARKER_VECTOR_H
#define CD_MARKER_VECTOR_H

#include "cd_markers.h"

/* the eval op of the vector markers: no point, no single coordinate */
void cd_marker_vector_eval(const cd_system *s, const cd_item *mk, const double *q,
                           const double *v, cd_markerdata *md);
/* the output op: Coordinates (reference + displacement, mk->nq values) and Coordinates_t */
int cd_marker_vector_output(const cd_system *s, const cd_item *mk, const double *q,
                            const double *v, cd_outvar var, double *out);
/* 1 if mk is a marker whose value is a coordinate vector (the two above and
 * MarkerBodyCable2DCoordinates) */
int cd_marker_is_vector(const cd_item *mk);
/* the number of coordinates of a vector marker mk (its node's or body's ODE2 coordinates; 0
 * on a ground), from the model before Assemble */
int cd_marker_vector_size(const cd_system *s, const cd_item *mk);

#endif
