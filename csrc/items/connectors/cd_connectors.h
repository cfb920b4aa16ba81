/* cd_connectors: what the connector types (csrc/items/connectors/, and the constraints and
 * joints in csrc/items/joints/) share. Every connector's parameters begin with cd_p_connector
 * (its name and markerNumbers); the helpers on cd_conn_kin, JD = [-J0, J1] and the markers'
 * derivative data are declared in core/cd_items.h, the ones below in connector_common.c. */
#ifndef CD_CONNECTORS_H
#define CD_CONNECTORS_H

#include "../../core/cd_items.h"

/* the connectors between two joint frames F0 = A0 R0, F1 = A1 R1 (generic joints, torsional
 * and rigid-body spring-dampers) begin their parameters with cd_p_frames */
typedef struct {
    cd_p_connector h;                          /* name, markerNumbers */
    cd_mat rotationMarker0, rotationMarker1;   /* 3 x 3: joint frames in the marker frames */
    int activeConnector;
} cd_p_frames;

/* 1 if the analytic Jacobian applies to frames: cd_conn_diff_ok and every marker with
 * coordinates has derivative data (rigid markers) */
int cd_conn_frames_diff_ok(const cd_objctx *c);
/* start of a force element's analytic Jacobian: CD_JAC_NUMERICAL if numerical is set,
 * otherwise K = D = 0 (nq x nq) and CD_OK */
int cd_conn_jacobian_begin(const cd_objctx *c, int numerical, double *K, double *D);
/* K += JD^T (A dD/dq + B dVD/dq) + d(JD^T)/dq Fv for r2 = JD^T Fv(D, VD), A = dFv/dD,
 * B = dFv/dVD (3x3 row-major), D = p1 - p0, VD = v1 - v0 */
void cd_conn_add_force_jacobian(const cd_objctx *c, const double A[9], const double B[9],
                                const double Fv[3], double *K);
/* a scalar user force law: out = f(t, item, x, x_t, stiffness, damping, offset) */
int cd_conn_user_scalar(const cd_objctx *c, const cd_func *f, double x, double xt, double k,
                        double d, double offset, double *out);
/* connectors with cd_p_frames: both markers have an orientation and rotationMarker0/1 are
 * 3x3 matrices (message: "joint <index>: ..."); activeConnector */
int cd_conn_check_frames(const cd_system *s, int index, const void *p, cd_error *err);
int cd_conn_frames_active(const void *p);

/* the fields every connector has: name ("<WHAT>'s unique name"), markerNumbers, and
 * activeConnector (in struct T) */
#define CD_CONN_NAME_FIELD(WHAT)                                                                 \
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", WHAT "'s unique name",    \
     NULL}
#define CD_CONN_MARKERS_FIELD(DOC)                                                               \
    {"markerNumbers", CD_FT_INDEXLIST, 2, offsetof(cd_p_connector, markerNumbers), NULL, 0,      \
     CD_MARKER, "", DOC, NULL}
#define CD_CONN_ACTIVE_FIELD(T, DOC)                                                             \
    {"activeConnector", CD_FT_BOOL, 0, offsetof(T, activeConnector), "1", 0, 0, "", DOC, NULL}
/* the fields of cd_p_frames after markerNumbers: the joint frames and activeConnector */
#define CD_CONN_ROTATION_FIELDS                                                                  \
    {"rotationMarker0", CD_FT_MAT, 3, offsetof(cd_p_frames, rotationMarker0),                    \
     "1 0 0 0 1 0 0 0 1", 0, 0, "", "joint frame in marker 0's frame (3x3 rotation)", NULL},     \
    {"rotationMarker1", CD_FT_MAT, 3, offsetof(cd_p_frames, rotationMarker1),                    \
     "1 0 0 0 1 0 0 0 1", 0, 0, "", "joint frame in marker 1's frame (3x3 rotation)", NULL}
#define CD_CONN_FRAMES_ACTIVE_FIELD CD_CONN_ACTIVE_FIELD(cd_p_frames, CD_CONN_OFF_JOINT)
/* docs of markerNumbers (connectors joining two position markers) and of activeConnector */
#define CD_CONN_TWO_MARKERS "the two markers [m0, m1] it connects"
#define CD_CONN_TWO_FRAMES "two markers with orientation [m0, m1]"
#define CD_CONN_OFF_FORCE "False: the connector applies no force"
#define CD_CONN_OFF_JOINT "False: the joint is replaced by lambda = 0"
#define CD_CONN_OFF_CONSTRAINT "False: the constraint is replaced by lambda = 0"

#endif
