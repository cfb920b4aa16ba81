/* MarkerBodiesRelativeTranslationCoordinate: the translation of body 1's point relative to
 * body 0's point along axis0 fixed in body 0, a coordinate for coordinate connectors:
 *     value   = a . (p1 - p0) - offset,          a = A0 axis0
 *     value_t = a . (v1 - v0) + (omega0 x a) . (p1 - p0)
 * Its gradient (the row the connectors distribute their force with) is Exudyn's:
 *     g = [-a^T J0, a^T J1]   (J0, J1 the points' position Jacobians),
 * exact when the bodies only move along the axis relative to each other (a prismatic joint). */
#include "cd_markers.h"
#include "../../math/cd_vec3.h"

typedef cd_p_markerrelative params;
#define NAME "MarkerBodiesRelativeTranslationCoordinate"

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    cd_markerdata f0, f1;
    double a[3], wa[3], d[3], vd[3];
    cd_marker_relative_frames(s, mk, q, v, md, &f0, &f1);
    cd_matvec(f0.A, p->axis0.x, a);
    cd_cross(f0.omega, a, wa);
    for (int i = 0; i < 3; i++) {
        d[i] = f1.pos[i] - f0.pos[i];
        vd[i] = f1.vel[i] - f0.vel[i];
    }
    md->value = cd_dot(a, d) - p->offset;
    md->value_t = cd_dot(a, vd) + cd_dot(wa, d);
    cd_marker_relative_gradient(s, mk, a, md->J, md);
}

static int check(const cd_system *s, int index, const void *p, cd_error *err)
{
    return cd_marker_relative_check(s, index, p, NAME, err);
}

static const cd_markerops ops = {.flags = CD_MKF_RELCOORD, .on_body = 1,
                                 .base = cd_marker_relative_base, .ltg = cd_marker_relative_ltg,
                                 .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_COORDINATES,
                                    CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_RELATIVE_FIELDS("axis in body 0 along which the relative translation is measured",
                              "m", "translation subtracted from the measured one (the zero "
                              "position)")};

const cd_itemtype cd_type_MarkerBodiesRelativeTranslationCoordinate = {
    .kind = CD_MARKER, .name = NAME, .typename_ = "BodiesRelativeTranslationCoordinate",
    .doc = "A coordinate between two bodies: the translation of body 1's point localPosition1 "
           "relative to body 0's point localPosition0 along axis0 (fixed in body 0), minus "
           "offset; for ObjectConnectorCoordinate and ObjectConnectorCoordinateSpringDamper. "
           "Meant for bodies that only translate along the axis relative to each other "
           "(a prismatic joint).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
