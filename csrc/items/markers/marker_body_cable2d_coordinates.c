/* MarkerBodyCable2DCoordinates: Exudyn's marker on all 8 coordinates of an ObjectANCFCable2D.
 * Exudyn's consumers (ObjectJointSliding2D, ObjectJointALEMoving2D,
 * ObjectContactFrictionCircleCable2D) reconstruct the cable's shape from them; in coordyn
 * ObjectJointSliding2D reads the element's coordinates itself (joint_sliding2d.c), so the marker
 * data here are those of a fixed point. Its outputs: Coordinates (the total coordinates
 * reference + displacement of both nodes, as Exudyn's SensorMarker gives them) and
 * Coordinates_t. No other connector or load accepts it (no position, no single coordinate). */
#include "cd_markers.h"

typedef struct { cd_p_markerbase b; } params;

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (ob->type != &cd_type_ObjectANCFCable2D)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyCable2DCoordinates %d: parameter 'bodyNumber' refers to "
                            "object %d of type %s; the marker needs an ObjectANCFCable2D", index,
                            p->b.number, ob->type->name);
    return CD_OK;
}

/* no position or coordinate for consumers: marker data as of a fixed point */
static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    (void)s; (void)mk; (void)q; (void)v;
    for (int i = 0; i < 3; i++) md->pos[i] = md->vel[i] = 0.0;
    for (int k = 0; k < 3 * md->n; k++) md->J[k] = 0.0;
    md->Jconst = 1;
    md->coord = -1;
    md->value = md->value_t = 0.0;
}

static int output(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                  cd_outvar var, double *out)
{
    if (var != CD_OV_COORDINATES && var != CD_OV_COORDINATES_T) return -1;
    for (int k = 0; k < mk->nq; k++)
        out[k] = var == CD_OV_COORDINATES ? s->qref[mk->ltg[k]] + q[k] : v[k];
    return mk->nq;
}

static const cd_markerops ops = {.flags = 0, .on_body = 1, .base = cd_marker_base,
                                 .eval = eval, .output = output};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};
static const cd_field fields[] = {CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(params)};

const cd_itemtype cd_type_MarkerBodyCable2DCoordinates = {
    .kind = CD_MARKER, .name = "MarkerBodyCable2DCoordinates",
    .typename_ = "BodyCable2DCoordinates",
    .doc = "A marker on the 8 coordinates of an ObjectANCFCable2D (Exudyn's marker for sliding "
           "joints and cable contact): the cable elements of ObjectJointSliding2D; outputs "
           "Coordinates (reference + displacement) and Coordinates_t.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .marker = &ops, .outvars = outvars};
