/* MarkerBodyMass: the mass distribution of a body, for mass-proportional loads (gravity) */
#include "cd_markers.h"

typedef struct { cd_p_markerbase b; } params;

/* the body's reference point (loads on it use the body's mass_force) */
static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    static const double zero[3] = {0, 0, 0};
    const params *p = mk->p;
    cd_body_point(s, p->b.number, zero, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_marker_check_body(s, i, p, CD_OBJF_MASSPROP, "MarkerBodyMass", e);
}

static const cd_markerops ops = {.flags = CD_MKF_BODYMASS | CD_MKF_POSITION, .on_body = 1,
                                 .base = cd_marker_base, .eval = eval};
static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_VELOCITY, CD_OV_NONE};
static const cd_field fields[] = {CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(params)};

const cd_itemtype cd_type_MarkerBodyMass = {
    .kind = CD_MARKER, .name = "MarkerBodyMass", .typename_ = "BodyMass",
    .doc = "The mass distribution of a body, for mass-proportional loads (gravity).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
