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
    if (2 * (p->numberOfSegments + 1) > CD_MAXOUT)  /* Exudyn allows 12 */
        return cd_error_set(err, CD_ERR_INPUT, "MarkerBodyCable2DShape %d: parameter "
                            "'numberOfSegments' must be <= %d, got %d", index,
                            CD_MAXOUT / 2 - 1, p->numberOfSegments);
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

/* point i of the shape: position x and velocity xv (2 each) and, if Ji is not NULL, its 2 x nq
 * Jacobian (column-major); work: 6 nq doubles */
static void shape_point(const cd_system *s, const cd_item *mk, int i, const double *q,
                        const double *v, double x[2], double xv[2], double *Ji, double *work)
{
    const cd_p_cable2dshape *p = P(mk);
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    const cd_objectops *ops = ob->type->object;
    const int nq = mk->nq;
    const double L = ((const cd_p_ancf *)ob->p)->length, off = p->verticalOffset;
    double lp[3] = {(double)i * L / (double)p->numberOfSegments, 0, 0}, x3[3], xv3[3];
    if (off == 0.0) {
        ops->body_position(s, ob, lp, q, v, x3, xv3, work);
        for (int k = 0; Ji && k < nq; k++) {
            Ji[2 * k] = work[3 * k];
            Ji[2 * k + 1] = work[3 * k + 1];
        }
        x[0] = x3[0];
        x[1] = x3[1];
        xv[0] = xv3[0];
        xv[1] = xv3[1];
        return;
    }
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
    for (int k = 0; Ji && k < nq; k++) {
        double wr = md.Jrot[3 * k + 2];
        Ji[2 * k] = md.J[3 * k] - off * tx * wr;
        Ji[2 * k + 1] = md.J[3 * k + 1] - off * ty * wr;
    }
}

void cd_cable2d_shape_points(const cd_system *s, const cd_item *mk, const double *q,
                             const double *v, double *pos, double *vel, double *J, double *work)
{
    for (int i = 0; i <= P(mk)->numberOfSegments; i++)
        shape_point(s, mk, i, q, v, pos + 2 * i, vel + 2 * i, J + 2 * (size_t)mk->nq * i, work);
}

/* as Exudyn's: Coordinates = [x_0, y_0, x_1, y_1, ...] of the numberOfSegments + 1 points,
 * Coordinates_t their velocities (2 (numberOfSegments + 1) values, at most CD_MAXOUT) */
static int output(const cd_system *s, const cd_item *mk, const double *q, const double *v,
                  cd_outvar var, double *out)
{
    enum { MAXNQ = 16 };
    double work[6 * MAXNQ], x[2], xv[2];
    const int np = P(mk)->numberOfSegments + 1;
    if (var != CD_OV_COORDINATES && var != CD_OV_COORDINATES_T) return -1;
    if (mk->nq > MAXNQ || 2 * np > CD_MAXOUT) return -1;
    for (int i = 0; i < np; i++) {
        shape_point(s, mk, i, q, v, x, xv, NULL, work);
        out[2 * i] = var == CD_OV_COORDINATES ? x[0] : xv[0];
        out[2 * i + 1] = var == CD_OV_COORDINATES ? x[1] : xv[1];
    }
    return 2 * np;
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
                                 .eval = eval, .output = output};
static const cd_outvar outvars[] = {CD_OV_COORDINATES, CD_OV_COORDINATES_T, CD_OV_NONE};

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
