/* marker_common: what the marker types share (see cd_markers.h) */
#include "cd_markers.h"
#include "../nodes/cd_nodes.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

int cd_marker_base(const void *p) { return ((const cd_p_markerbase *)p)->number; }

int cd_marker_check_body(const cd_system *s, int index, const void *vp, int need,
                         const char *tname, cd_error *err)
{
    const cd_p_markerbase *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->number];
    int fl = ob->type->object->flags;
    if (!(fl & CD_OBJF_BODY) || !ob->type->object->body_position || (need && !(fl & need)))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'bodyNumber' refers to object %d of type %s, which "
                            "is not a body%s", tname, index, p->number, ob->type->name,
                            need ? " with mass" : " with positions");
    return CD_OK;
}

void cd_marker_coordinate_eval(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md)
{
    (void)s; (void)mk;
    md->Jconst = 1;
    md->coord = md->n > 0 ? 0 : -1;
    md->value = md->n > 0 ? q[0] : 0.0;
    md->value_t = md->n > 0 ? v[0] : 0.0;
}

void cd_marker_body_point_eval(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md)
{
    const cd_p_markerpoint *p = mk->p;
    const cd_item *body = &s->list[CD_OBJECT].items[p->b.number];
    if (body->type->object->body_frame) {
        body->type->object->body_frame(s, body, p->localPosition.x, q, v, md);
        return;
    }
    cd_body_point(s, p->b.number, p->localPosition.x, q, v, md->pos, md->vel, md->J);
    md->Jconst = 1;
}

int cd_marker_check_axis(const cd_system *s, int index, const void *vp, const char *tname,
                         cd_error *err)
{
    const cd_p_markerpoint *p = vp;
    const cd_item *body = &s->list[CD_OBJECT].items[p->b.number];
    if ((body->type->object->flags & CD_OBJF_AXIS) &&
        (p->localPosition.x[1] != 0.0 || p->localPosition.x[2] != 0.0))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'localPosition' must be [x, 0, 0] on body %d of "
                            "type %s (points on its axis only), got [%g, %g, %g]", tname, index,
                            p->b.number, body->type->name, p->localPosition.x[0],
                            p->localPosition.x[1], p->localPosition.x[2]);
    return CD_OK;
}

int cd_marker_check_local_ht(const cd_mat *H, int index, const char *tname, cd_error *err)
{
    const double *h = H->x;
    double e = 0, det;
    if (H->rows == 0) return CD_OK;
    if (H->rows != 4 || H->cols != 4)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'localHT' must be a 4x4 "
                            "homogeneous transformation (an HT or a 4x4 matrix), got %d x %d",
                            tname, index, H->rows, H->cols);
    for (int r = 0; r < 3; r++)   /* e = max |R^T R - I| */
        for (int k = 0; k < 3; k++) {
            double d = (r == k) ? -1.0 : 0.0;
            for (int j = 0; j < 3; j++) d += h[4 * j + r] * h[4 * j + k];
            e = fabs(d) > e ? fabs(d) : e;
        }
    det = h[0] * (h[5] * h[10] - h[6] * h[9]) - h[1] * (h[4] * h[10] - h[6] * h[8]) +
          h[2] * (h[4] * h[9] - h[5] * h[8]);
    if (e > 1e-10 || det < 0)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'localHT' must have a rotation "
                            "matrix in its upper 3x3 block (orthonormal, determinant 1; max "
                            "|R^T R - I| = %g, det R = %g)", tname, index, e, det);
    if (h[12] != 0.0 || h[13] != 0.0 || h[14] != 0.0 || h[15] != 1.0)
        return cd_error_set(err, CD_ERR_INPUT, "%s %d: parameter 'localHT' must have the last "
                            "row [0, 0, 0, 1], got [%g, %g, %g, %g]", tname, index, h[12], h[13],
                            h[14], h[15]);
    return CD_OK;
}

int cd_marker_ht_rotates(const cd_mat *H)
{
    if (H->rows != 4) return 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (H->x[4 * i + j] != (i == j ? 1.0 : 0.0)) return 1;
    return 0;
}

void cd_marker_turn(cd_markerdata *md, const cd_mat *H)
{
    double R[9], A[9];
    if (!cd_marker_ht_rotates(H)) return;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) R[3 * i + j] = H->x[4 * i + j];
    cd_matmul(md->A, R, A);
    memcpy(md->A, A, sizeof A);
    if (md->want_d && md->deriv == &cd_rigid_markerderiv)
        cd_rigid_md_turn((cd_rigid_md *)(void *)md->dwork, R);
}
