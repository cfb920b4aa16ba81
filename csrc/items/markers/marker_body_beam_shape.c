/* MarkerBodyBeamShape: Exudyn's marker on the shape of a 3D beam element, the elements of
 * ObjectJointSliding (joint_sliding.c), which reads the element's 12 coordinates and length
 * itself. Exudyn 1.13.6 accepts it on ObjectANCFCable only (its message: "body number ... must
 * be an ObjectANCFCable"), and so does coordyn. For drawing, the marker data are those of the
 * element's start point (axis x = 0, as Exudyn's marker position); no connector or load other
 * than the sliding joint accepts it (no marker flags), and, as in Exudyn, it has no output
 * variables. */
#include "cd_markers.h"
#include "../bodies/cd_ancf.h"

typedef struct { cd_p_markerbase b; } params;

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (ob->type != &cd_type_ObjectANCFCable)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyBeamShape %d: parameter 'bodyNumber' refers to object %d "
                            "of type %s; the marker needs an ObjectANCFCable (the 3D cable; "
                            "ObjectANCFCable2D has MarkerBodyCable2DCoordinates)", index,
                            p->b.number, ob->type->name);
    return CD_OK;
}

/* the element's start point r(0) = S(0) q (J = S(0)) */
static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const params *p = mk->p;
    const double lp[3] = {0.0, 0.0, 0.0};
    cd_ancf_body_position(s, &s->list[CD_OBJECT].items[p->b.number], lp, q, v, md->pos,
                          md->vel, md->J);
    md->Jconst = 1;
    md->coord = -1;
    md->value = md->value_t = 0.0;
}

static const cd_markerops ops = {.flags = 0, .on_body = 1, .base = cd_marker_base,
                                 .eval = eval};
static const cd_outvar outvars[] = {CD_OV_NONE};
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD,
    {"bodyNumber", CD_FT_INDEX, 0, offsetof(params, b.number), NULL, 0, CD_OBJECT, "",
     "the ObjectANCFCable element the marker sits on", NULL}};

const cd_itemtype cd_type_MarkerBodyBeamShape = {
    .kind = CD_MARKER, .name = "MarkerBodyBeamShape", .typename_ = "BodyBeamShape",
    .doc = "A marker on the shape of an ObjectANCFCable element (Exudyn's marker for the 3D "
           "sliding joint): the cable elements of ObjectJointSliding; no output variables.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
