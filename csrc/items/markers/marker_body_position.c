/* MarkerBodyPosition: a point fixed to a body at localPosition.
 *
 * bodyFixed: Exudyn 1.13 takes the key in a dict (older scripts give it, e.g. its TestModel
 * sparseMatrixSpringDamperTest.py) and ignores it: the point is always fixed to the body, so
 * both values give the same marker. coordyn stores it (a Bool) and ignores it alike. */
#include "cd_markers.h"

typedef struct {
    cd_p_markerpoint m;  /* bodyNumber, localPosition: first, the marker_common functions read it */
    int bodyFixed;       /* accepted and ignored, as in Exudyn */
} params;

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    int rc = cd_marker_check_body(s, i, p, 0, "MarkerBodyPosition", e);
    if (rc) return rc;
    return cd_marker_check_axis(s, i, p, "MarkerBodyPosition", e);
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION, .on_body = 1, .base = cd_marker_base,
                                 .eval = cd_marker_body_point_eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_DISPLACEMENT,
                                    CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(cd_p_markerpoint),
    CD_MARKER_LOCAL_POSITION_FIELD,
    {"bodyFixed", CD_FT_BOOL, 0, offsetof(params, bodyFixed), "0", 0, 0, "",
     "accepted for Exudyn scripts and ignored, as Exudyn 1.13 ignores it: the point is always "
     "fixed to the body", NULL}};

const cd_itemtype cd_type_MarkerBodyPosition = {
    .kind = CD_MARKER, .name = "MarkerBodyPosition", .typename_ = "BodyPosition",
    .doc = "A point fixed to a body at localPosition.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
