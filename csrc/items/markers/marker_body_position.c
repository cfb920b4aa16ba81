/* MarkerBodyPosition: a point fixed to a body at localPosition */
#include "cd_markers.h"

typedef cd_p_markerpoint params;

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    int rc = cd_marker_check_body(s, i, p, 0, "MarkerBodyPosition", e);
    if (rc) return rc;
    return cd_marker_check_axis(s, i, p, "MarkerBodyPosition", e);
}

static const cd_markerops ops = {.flags = CD_MKF_POSITION, .on_body = 1, .base = cd_marker_base,
                                 .eval = cd_marker_body_point_eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(params),
    CD_MARKER_LOCAL_POSITION_FIELD};

const cd_itemtype cd_type_MarkerBodyPosition = {
    .kind = CD_MARKER, .name = "MarkerBodyPosition", .typename_ = "BodyPosition",
    .doc = "A point fixed to a body at localPosition.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
