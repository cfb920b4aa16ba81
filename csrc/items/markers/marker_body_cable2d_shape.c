/* MarkerBodyCable2DShape: Exudyn's marker on the shape of an ObjectANCFCable2D, for
 * ObjectContactCircleCable2D. It gives the numberOfSegments + 1 equidistant points
 * x_i = i L / numberOfSegments of the cable's axis (shifted by verticalOffset along the normal
 * n = ez x r' / |r'|), their velocities and their 2 x nq Jacobians (cd_cable2d_shape_points);
 * the consumer joins consecutive points to the polygon of contact segments. For other
 * consumers it is a marker without position or coordinate (marker data of the point x = 0,
 * flags 0: no connector or load accepts it). */
#include "cd_markers.h"
#include "../bodies/cd_ancf.h"
#include <string.h>

#define P(mk) ((const cd_p_cable2dshape *)(mk)->p)

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const cd_p_cable2dshape *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (p->numberOfSegments < 1)
        return cd_error_set(err, CD_ERR_INPUT, "MarkerBodyCable2DShape %d: parameter "
                            "'numberOfSegments' must be >= 1, got %d", index,
                            p->numberOfSegments);
    if (ob->type != &cd_type_ObjectANCFCable2D)
        return cd_error_set(err, CD_ERR_INPUT,
                            "MarkerBodyCable2DShape %d: parameter 'bodyNumber' refers to object %d "
                            "of type %s; the marker needs an ObjectANCFCable2D", index,
                            p->b.number, ob->type->name);
    return CD_OK;
}

int cd_cable2d_shape_work(const cd_system *s, const cd_item *mk)
{
    (void)s;
    return 6 * mk->nq;
}

void cd_cable2d_shape_points(const cd_system *s, const cd_item *mk, const double *q,
                             const double *v, double *pos, double *vel, double *J, double *work)
{
    const cd_p_cable2dshape *p = P(mk);
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    const cd_objectops *ops = ob->type->object;
    const int nq = mk->nq, np = p->numberOfSegments + 1;
    const double L = ((const cd_p_ancf *)ob->p)->length, off = p->verticalOffset;
    for (int i = 0; i < np; i++) {
        double lp[3] = {(double)i * L / (double)p->numberOfSegments, 0, 0}, x[3], xv[3];
        double *Ji = J + 2 * (size_t)nq * i;   /* 2 x nq, column-major */
        if (off == 0.0) {
            ops->body_position(s, ob, lp, q, v, x, xv, work);
            for (int k = 0; k < nq; k++) {
                Ji[2 * k] = work[3 * k];
                Ji[2 * k + 1] = work[3 * k + 1];
            }
        } else {
            /* the body's frame at x_i: A's second column is the normal, omega_z its rate */
            cd_markerdata md;
            memset(&md, 0, sizeof md);
            md.n = nq;
            md.J = work;
            md.Jrot = work + 3 * nq;
            ops->body_frame(s, ob, lp, q, v, &md);
            double nx = md.A[1], ny = md.A[4], tx = md.A[0], ty = md.A[3], w = md.omega[2];
            x[0] = md.pos[0] + off * nx;
            x[1] = md.pos[1] + off * ny;
            /* d/dt (off n) = off omega ez x n = -off omega t */
            xv[0] = md.vel[0] - off * w * tx;
            xv[1] = md.vel[1] - off * w * ty;
            for (int k = 0; k < nq; k++) {
                double wr = md.Jrot[3 * k + 2];
                Ji[2 * k] = md.J[3 * k] - off * tx * wr;
                Ji[2 * k + 1] = md.J[3 * k + 1] - off * ty * wr;
            }
        }
        pos[2 * i] = x[0];
        pos[2 * i + 1] = x[1];
        vel[2 * i] = xv[0];
        vel[2 * i + 1] = xv[1];
    }
}

/* marker data of the cable's point x = 0 (consumers other than the contact do not accept it) */
static void eval(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                 cd_markerdata *md)
{
    const cd_item *ob = &s->list[CD_OBJECT].items[P(mk)->b.number];
    const double lp[3] = {0, 0, 0};
    ob->type->object->body_position(s, ob, lp, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
    md->coord = -1;
    md->value = md->value_t = 0.0;
}

static const cd_markerops ops = {.flags = 0, .on_body = 1, .base = cd_marker_base,
                                 .eval = eval};
static const cd_outvar outvars[] = {CD_OV_NONE};

#define OFF(f) offsetof(cd_p_cable2dshape, f)
static const cd_field fields[] = {
    CD_MARKER_NAME_FIELD, CD_MARKER_BODY_FIELD(cd_p_cable2dshape),
    {"numberOfSegments", CD_FT_INT, 0, OFF(numberOfSegments), "3", CD_CHK_POS, 0, "",
     "number of straight segments between numberOfSegments + 1 equidistant points of the axis "
     "(must equal the contact's numberOfContactSegments)", NULL},
    {"verticalOffset", CD_FT_REAL, 0, OFF(verticalOffset), "0", 0, 0, "m",
     "offset of the points along the cable's normal ez x r' / |r'| (e.g. half its height)",
     NULL}};

const cd_itemtype cd_type_MarkerBodyCable2DShape = {
    .kind = CD_MARKER, .name = "MarkerBodyCable2DShape", .typename_ = "BodyCable2DShape",
    .doc = "The shape of an ObjectANCFCable2D as numberOfSegments straight segments between "
           "equidistant points of its axis (optionally offset along its normal), for "
           "ObjectContactCircleCable2D.",
    .psize = sizeof(cd_p_cable2dshape), .fields = fields, .nfields = CD_NF(fields),
    .check = check, .marker = &ops, .outvars = outvars};
