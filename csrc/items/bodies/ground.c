/* ObjectGround: the fixed ground body with the frame (R, p) of referenceHT, or of
 * referenceRotation (identity if not given) and referencePosition; a local point lp is at
 * p + R lp, its frame is R */
#include "cd_bodies.h"
#include "../../math/cd_vec3.h"
#include <math.h>
#include <string.h>

typedef struct {
    cd_common c;
    cd_vec referencePosition;   /* 3 */
    cd_mat referenceRotation;   /* 3 x 3 or empty (identity) */
    cd_mat referenceHT;         /* 4 x 4 or empty: then position and rotation above */
} params;

/* the ground's frame: R (3 x 3, row-major) and origin p */
static void ground_frame(const params *pr, double R[9], double p[3])
{
    const cd_mat *H = &pr->referenceHT, *A = &pr->referenceRotation;
    for (int i = 0; i < 3; i++) {
        for (int j = 0; j < 3; j++)
            R[3 * i + j] = H->rows == 4 ? H->x[4 * i + j]
                         : A->rows == 3 ? A->x[3 * i + j] : (double)(i == j);
        p[i] = H->rows == 4 ? H->x[4 * i + 3] : pr->referencePosition.x[i];
    }
}

static void body_position(const cd_system *s, const cd_item *it, const double *lp,
                          const double *q, const double *v, double pos[3], double vel[3],
                          double *J)
{
    double R[9], p[3], r[3];
    (void)s; (void)q; (void)v; (void)J;
    ground_frame(it->p, R, p);
    cd_matvec(R, lp, r);
    for (int i = 0; i < 3; i++) {
        pos[i] = p[i] + r[i];
        vel[i] = 0;
    }
}

static void body_frame(const cd_system *s, const cd_item *it, const double *lp,
                       const double *q, const double *v, cd_markerdata *md)
{
    double p[3];
    body_position(s, it, lp, q, v, md->pos, md->vel, NULL);
    md->Jconst = 1;
    md->rigid = 1;
    ground_frame(it->p, md->A, p);
    memset(md->omega, 0, sizeof md->omega);
    memset(md->Jdot_v, 0, sizeof md->Jdot_v);
}

/* max |R^T R - I| of a row-major 3 x 3 block (stride ld) and its determinant */
static double orthonormality(const double *R, int ld, double *det)
{
    double e = 0;
    for (int r = 0; r < 3; r++)
        for (int k = 0; k < 3; k++) {
            double d = (r == k) ? -1.0 : 0.0;
            for (int j = 0; j < 3; j++) d += R[ld * j + r] * R[ld * j + k];
            e = fabs(d) > e ? fabs(d) : e;
        }
    *det = R[0] * (R[ld + 1] * R[2 * ld + 2] - R[ld + 2] * R[2 * ld + 1]) -
           R[1] * (R[ld] * R[2 * ld + 2] - R[ld + 2] * R[2 * ld]) +
           R[2] * (R[ld] * R[2 * ld + 1] - R[ld + 1] * R[2 * ld]);
    return e;
}

static int check_rotation(int index, const char *name, const cd_mat *m, int n, cd_error *err)
{
    double det, e;
    if (m->rows == 0) return CD_OK;
    if (m->rows != n || m->cols != n)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGround %d: parameter '%s' must be a %dx%d "
                            "matrix, got %d x %d", index, name, n, n, m->rows, m->cols);
    e = orthonormality(m->x, n, &det);
    if (e > 1e-10 || det < 0)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGround %d: parameter '%s' must have a "
                            "rotation matrix%s (orthonormal, determinant 1; max |R^T R - I| = %g, "
                            "det R = %g)", index, name, n == 4 ? " in its upper 3x3 block" : "",
                            e, det);
    if (n == 4 && (m->x[12] != 0.0 || m->x[13] != 0.0 || m->x[14] != 0.0 || m->x[15] != 1.0))
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGround %d: parameter 'referenceHT' must "
                            "have the last row [0, 0, 0, 1]", index);
    return CD_OK;
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const double *h = p->referenceHT.x, *x = p->referencePosition.x;
    double d = 0;
    int rc;
    (void)s;
    if ((rc = check_rotation(index, "referenceRotation", &p->referenceRotation, 3, err)) ||
        (rc = check_rotation(index, "referenceHT", &p->referenceHT, 4, err)))
        return rc;
    if (p->referenceHT.rows == 0) return CD_OK;
    /* both given: they must agree (a zero position / an absent rotation is "not given") */
    if (x[0] != 0.0 || x[1] != 0.0 || x[2] != 0.0)
        for (int i = 0; i < 3; i++) d = fmax(d, fabs(h[4 * i + 3] - x[i]));
    if (p->referenceRotation.rows == 3)
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                d = fmax(d, fabs(h[4 * i + j] - p->referenceRotation.x[3 * i + j]));
    if (d > 1e-14)
        return cd_error_set(err, CD_ERR_INPUT, "ObjectGround %d: parameter 'referenceHT' and "
                            "'referencePosition' or 'referenceRotation' are given and differ; "
                            "give one of them (Exudyn 1.13 refuses them too)", index);
    return CD_OK;
}

static const cd_objectops ops = {.flags = CD_OBJF_BODY | CD_OBJF_GROUND, .mass_const = 1,
                                 .body_position = body_position, .body_frame = body_frame};

static const cd_outvar outvars[] = {CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY,
                                    CD_OV_ACCELERATION, CD_OV_ANGULARVELOCITY,
                                    CD_OV_ROTATIONMATRIX, CD_OV_HOMOGENEOUSTRANSFORMATION,
                                    CD_OV_NONE};

static const cd_field fields[] = {
    CD_BODY_NAME_FIELD,
    {"referencePosition", CD_FT_VEC, 3, offsetof(params, referencePosition), "0 0 0", 0, 0,
     "m", "position of the ground's origin", NULL},
    {"referenceRotation", CD_FT_MAT, 3, offsetof(params, referenceRotation), NULL, 0, 0, "",
     "rotation matrix of the ground's frame (None: the identity): local points p + R x, "
     "MarkerBodyRigid frames R times their local rotation", NULL},
    {"referenceHT", CD_FT_MAT, 4, offsetof(params, referenceHT), NULL, 0, 0, "",
     "the ground's frame as a 4x4 homogeneous transformation (an HT), instead of "
     "referencePosition and referenceRotation (if both are given they must agree)", NULL}};

const cd_itemtype cd_type_ObjectGround = {
    .kind = CD_OBJECT, .name = "ObjectGround", .typename_ = "Ground", .alias = "Ground",
    .doc = "The fixed ground body with a fixed frame (referencePosition, referenceRotation or "
           "referenceHT); markers on it give fixed positions and frames.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .object = &ops,
    .check = check, .outvars = outvars};
