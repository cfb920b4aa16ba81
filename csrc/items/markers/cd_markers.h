/* cd_markers: what the marker types (csrc/items/markers/) share. Every marker's parameters
 * begin with cd_common and the index of the node or body it sits on. */
#ifndef CD_MARKERS_H
#define CD_MARKERS_H

#include "../../core/cd_items.h"
#include "../cd_item_list.h"

typedef struct { cd_common c; int number; } cd_p_markerbase;  /* nodeNumber or bodyNumber */

int cd_marker_base(const void *p);   /* the index in cd_p_markerbase */

/* coordinate markers: value = the displacement coordinate (ground nodes: 0), J constant */
void cd_marker_coordinate_eval(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md);

/* markers at a body-fixed point: the base and localPosition (3, relative to the body's
 * reference point, body frame) */
typedef struct { cd_p_markerbase b; cd_vec localPosition; } cd_p_markerpoint;

/* rigid markers with a local frame (MarkerBodyRigid): the point's parameters and localHT (4 x 4,
 * row-major, or empty: none), the marker frame in the body frame */
typedef struct { cd_p_markerpoint pt; cd_mat localHT; } cd_p_markerframe;

/* localHT is empty or a 4 x 4 homogeneous transformation (orthonormal rotation with determinant
 * 1, last row [0, 0, 0, 1]); the messages name tname and index */
int cd_marker_check_local_ht(const cd_mat *H, int index, const char *tname, cd_error *err);
/* 1 if localHT H is given and its rotation is not the unit matrix */
int cd_marker_ht_rotates(const cd_mat *H);
/* the frame turned by localHT's rotation R: A <- A R (J, Jrot, omega stay), with the
 * derivative data of rigid frames; nothing for an empty H */
void cd_marker_turn(cd_markerdata *md, const cd_mat *H);

/* marker data of a body-fixed point: the body's full frame if it has one (J may depend on q),
 * else its position */
void cd_marker_body_point_eval(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md);

/* bodyNumber refers to a body with positions (need = 0) or with mass (need = CD_OBJF_MASSPROP) */
int cd_marker_check_body(const cd_system *s, int index, const void *p, int need,
                         const char *tname, cd_error *err);

/* on beams and cables (CD_OBJF_AXIS) localPosition must be a point [x, 0, 0] of the axis */
int cd_marker_check_axis(const cd_system *s, int index, const void *p, const char *tname,
                         cd_error *err);

/* MarkerBodyCable2DShape (marker_body_cable2d_shape.c), read by ObjectContactCircleCable2D */
typedef struct {
    cd_p_markerbase b;            /* bodyNumber: an ObjectANCFCable2D */
    int numberOfSegments;         /* n: points x_i = i L / n, i = 0..n */
    double verticalOffset;        /* along the normal ez x r' / |r'| */
} cd_p_cable2dshape;
/* positions pos and velocities vel (2 (n + 1) each: x0, y0, x1, y1, ...) of the marker's
 * points and their Jacobians J (n + 1 blocks of 2 x mk->nq, column-major) from the marker's
 * local coordinates q, v; work: cd_cable2d_shape_work(s, mk) doubles */
void cd_cable2d_shape_points(const cd_system *s, const cd_item *mk, const double *q,
                             const double *v, double *pos, double *vel, double *J, double *work);
int cd_cable2d_shape_work(const cd_system *s, const cd_item *mk);
/* MarkerBodiesRelativeTranslationCoordinate and ...RotationCoordinate: a coordinate (value,
 * gradient in row 0 of J) between two bodies; local coordinates: body 0's, then body 1's */
typedef struct {
    cd_common c;
    cd_ivec bodyNumbers;             /* 2: bodies 0 and 1 */
    cd_vec localPosition0, localPosition1;  /* 3: points on body 0, body 1 (body frames) */
    cd_vec axis0;                    /* 3: axis in body 0's frame */
    double offset;                   /* subtracted from the measured value */
    int nodeNumber;                  /* rotation: Exudyn's angle continuation node (-1: none) */
} cd_p_markerrelative;
int cd_marker_relative_base(const void *p);   /* body 0 */
/* number of local coordinates; their global indices into ltg if not NULL (the ltg op) */
int cd_marker_relative_ltg(const cd_system *s, const cd_item *mk, int *ltg);
/* both bodies have frames and differ, axis0 is not zero; messages name tname */
int cd_marker_relative_check(const cd_system *s, int index, const void *p, const char *tname,
                             cd_error *err);
/* the frames f0, f1 of body 0's and body 1's points (their J, Jrot in md->J, md->Jrot:
 * [J0 | J1]); md gets body 0's point and frame, coord = -1 */
void cd_marker_relative_frames(const cd_system *s, const cd_item *mk, const double *q,
                               const double *v, cd_markerdata *md, cd_markerdata *f0,
                               cd_markerdata *f1);
/* md->J = [g; 0; 0] with g = [-a^T X0, a^T X1] from X = [X0 | X1] (3 x n, column-major; X may
 * be md->J itself) */
void cd_marker_relative_gradient(const cd_system *s, const cd_item *mk, const double a[3],
                                 const double *X, cd_markerdata *md);
#define CD_MARKER_RELATIVE_FIELDS(AXISDOC, OFFUNIT, OFFDOC)                                      \
    CD_MARKER_NAME_FIELD,                                                                        \
    {"bodyNumbers", CD_FT_INDEXLIST, 2, offsetof(cd_p_markerrelative, bodyNumbers), NULL, 0,     \
     CD_OBJECT, "", "the two bodies [b0, b1] (rigid bodies, beams or ground)", NULL},            \
    {"localPosition0", CD_FT_VEC, 3, offsetof(cd_p_markerrelative, localPosition0), "0 0 0", 0,  \
     0, "m", "point on body 0 (body frame): the marker's position, where forces act", NULL},     \
    {"localPosition1", CD_FT_VEC, 3, offsetof(cd_p_markerrelative, localPosition1), "0 0 0", 0,  \
     0, "m", "point on body 1 (body frame)", NULL},                                              \
    {"axis0", CD_FT_VEC, 3, offsetof(cd_p_markerrelative, axis0), "1 0 0", 0, 0, "", AXISDOC,    \
     NULL},                                                                                      \
    {"offset", CD_FT_REAL, 0, offsetof(cd_p_markerrelative, offset), "0", 0, 0, OFFUNIT, OFFDOC, \
     NULL}

#define CD_MARKER_NAME_FIELD                                                                     \
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "marker's unique name",   \
     NULL}
#define CD_MARKER_NODE_FIELD(T)                                                                  \
    {"nodeNumber", CD_FT_INDEX, 0, offsetof(T, b.number), NULL, 0, CD_NODE, "", "node number",   \
     NULL}
#define CD_MARKER_BODY_FIELD(T)                                                                  \
    {"bodyNumber", CD_FT_INDEX, 0, offsetof(T, b.number), NULL, 0, CD_OBJECT, "",                \
     "body (object) number", NULL}

#define CD_MARKER_LOCAL_POSITION_FIELD                                                           \
    {"localPosition", CD_FT_VEC, 3, offsetof(cd_p_markerpoint, localPosition), "0 0 0", 0, 0,    \
     "m", "position of the marker relative to the body's reference point", NULL}

#endif
