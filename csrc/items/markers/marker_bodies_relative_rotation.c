/* MarkerBodiesRelativeRotationCoordinate: the rotation angle of body 1 relative to body 0
 * about axis0 fixed in body 0, a coordinate for coordinate connectors. With the basis
 * B = [a0, b1, b2] of axis0 (b1 the first of e_y (axis0 close to x) or e_x made orthogonal to
 * it, b2 = a0 x b1, a0 = axis0 / |axis0|) and Arel = A0^T A1:
 *     value   = atan2(b2 . Arel b1, b1 . Arel b1) - offset      (in (-pi, pi] before offset)
 *     value_t = a . (omega1 - omega0),   a = A0 axis0
 * gradient (Exudyn's): g = [-a^T Jrot0, a^T Jrot1], exact when the bodies only rotate about
 * the axis relative to each other (a revolute joint). */
#include "cd_markers.h"
#include "../../math/cd_vec3.h"
#include <math.h>

typedef cd_p_markerrelative params;
#define NAME "MarkerBodiesRelativeRotationCoordinate"

/* b1, b2: unit vectors completing the unit axis a0 to a right-handed orthonormal basis */
static void basis(const double axis[3], double b1[3], double b2[3])
{
    double L = sqrt(cd_dot(axis, axis)), a0[3] = {axis[0] / L, axis[1] / L, axis[2] / L};
    int nearx = fabs(a0[0]) > 0.5 && fabs(a0[1]) < 0.1 && fabs(a0[2]) < 0.1;
    double e[3] = {nearx ? 0.0 : 1.0, nearx ? 1.0 : 0.0, 0.0};
    double h = cd_dot(e, a0), n = 0;
    for (int i = 0; i < 3; i++) {
        b1[i] = e[i] - h * a0[i];
        n += b1[i] * b1[i];
    }
    n = sqrt(n);
    for (int i = 0; i < 3; i++) b1[i] /= n;
    cd_cross(a0, b1, b2);
}

static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    cd_markerdata f0, f1;
    double a[3], b1[3], b2[3], r1[3], r2[3], wd[3];
    cd_marker_relative_frames(s, mk, q, v, md, &f0, &f1);
    basis(p->axis0.x, b1, b2);
    cd_matvec(f1.A, b1, r1);   /* Arel b1 = A0^T (A1 b1) */
    cd_mattvec(f0.A, r1, r2);
    md->value = atan2(cd_dot(b2, r2), cd_dot(b1, r2)) - p->offset;
    cd_matvec(f0.A, p->axis0.x, a);
    for (int i = 0; i < 3; i++) wd[i] = f1.omega[i] - f0.omega[i];
    md->value_t = cd_dot(a, wd);
    cd_marker_relative_gradient(s, mk, a, md->Jrot, md);
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    if (p->nodeNumber != -1)
        return cd_error_set(err, CD_ERR_INPUT,
                            NAME " %d: parameter 'nodeNumber' (Exudyn's angle continuation "
                            "through a NodeGenericData) is not provided by coordyn; leave it out: "
                            "the angle then stays in (-pi, pi] (minus offset), as in Exudyn "
                            "without the node", index);
    return cd_marker_relative_check(s, index, vp, NAME, err);
}

static const cd_markerops ops = {.flags = CD_MKF_RELCOORD, .on_body = 1,
                                 .base = cd_marker_relative_base, .ltg = cd_marker_relative_ltg,
                                 .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_COORDINATES,
                                    CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_RELATIVE_FIELDS("axis in body 0 about which the relative rotation is measured",
                              "rad", "angle subtracted from the measured one (the zero angle)"),
    {"nodeNumber", CD_FT_INT, 0, offsetof(params, nodeNumber), "-1", 0, 0, "",
     "Exudyn's NodeGenericData for angle continuation: not provided, must stay -1", NULL}};

const cd_itemtype cd_type_MarkerBodiesRelativeRotationCoordinate = {
    .kind = CD_MARKER, .name = NAME, .typename_ = "BodiesRelativeRotationCoordinate",
    .doc = "A coordinate between two bodies: the rotation angle of body 1 relative to body 0 "
           "about axis0 (fixed in body 0), in (-pi, pi], minus offset; for "
           "ObjectConnectorCoordinate and ObjectConnectorCoordinateSpringDamper. Meant for "
           "bodies that only rotate about the axis relative to each other (a revolute joint).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
