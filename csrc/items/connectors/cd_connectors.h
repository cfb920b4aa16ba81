/* cd_connectors: what the connector types (csrc/items/connectors/, and the constraints and
 * joints in csrc/items/joints/) share, all in connector_common.c. Every connector's parameters
 * begin with cd_p_connector (its name and markerNumbers). JD = [-J0, J1] (3 x nq) is the
 * Jacobian of p1 - p0 with respect to the connector's local coordinates (marker 0's, then
 * marker 1's); K, D, G, X below are column-major over those nq coordinates. */
#ifndef CD_CONNECTORS_H
#define CD_CONNECTORS_H

#include "../../core/cd_items.h"

typedef struct { cd_common c; cd_ivec markerNumbers; } cd_p_connector;

/* the marker list of a connector (its markers op) */
int cd_conn_markers(const void *p, const int **markers);
/* markerNumbers entries refer to markers with flag (CD_MKF_POSITION or CD_MKF_COORDINATE);
 * the message names tname */
int cd_conn_check_markers(const cd_system *s, int index, const void *p, int flag,
                          const char *tname, cd_error *err);
/* node nodeNumber (>= 0) exists and is a NodeGenericData with ndata Data coordinates (a
 * connector's state); the message names tname */
int cd_conn_check_data_node(const cd_system *s, int index, int nodeNumber, int ndata,
                            const char *tname, cd_error *err);

/* coordinate connectors on the value x = s0 value_0 + s1 value_1 of their two coordinate
 * markers (a marker on a single coordinate, or one whose gradient depends on q): w = dx_t/dq_t
 * (the markers' gradients, the direction a scalar force F acts in: r2 = F w), dx = dx/dq and
 * dxt = dx_t/dq; each nq long, written fully (dx, dxt may be NULL). Returns 0 when a marker's
 * derivatives are not exact (a relative-coordinate marker): the caller's Jacobian is then
 * numerical (w is written anyway) */
int cd_conn_coord_rows(const cd_objctx *c, double s0, double s1, double *w, double *dx,
                       double *dxt);
/* K (nq x nq) += F dw/dq for w of cd_conn_coord_rows (the markers' gradient derivatives) */
void cd_conn_coord_dgrad(const cd_objctx *c, double s0, double s1, double F, double *K);

/* kinematics of two position markers: p1 - p0, v1 - v0, L = |p1 - p0|, L_t, n = (p1 - p0)/L;
 * cd_conn_kin_eval fails (recoverably, message naming `what`) when the markers coincide */
typedef struct { double d[3], vd[3], L, Lt, n[3]; } cd_conn_kin;
int cd_conn_kin_eval(const cd_objctx *c, cd_conn_kin *k, const char *what);
/* r2 = JD^T F (written fully) */
void cd_conn_apply_force(const cd_objctx *c, const double F[3], double *r2);
/* JD (3 x nq) */
void cd_conn_jd(const cd_objctx *c, double *JD);
/* r2 += s Jrot_k^T w over marker k's coordinates (a torque w on marker k's body) */
void cd_conn_add_rot_row(const cd_objctx *c, int k, const double w[3], double s, double *r2);
/* Position (of marker pm) and Velocity (v1 - v0) outputs: number of values, 0 for others */
int cd_conn_point_output(const cd_objctx *c, cd_outvar var, int pm, double *out);

/* ---- analytic Jacobians. Their temporaries come from the object's scratch (the scratch op
 * cd_conn_scratch, cd_objctx.scratch) through cd_work, a stack: cd_work_take hands out the
 * next n doubles; a cd_work passed by value to a helper gives back what the helper took when
 * it returns. There is no limit on nq. */
typedef struct { double *top; } cd_work;
static inline double *cd_work_take(cd_work *w, int n)
{
    double *p = w->top;
    w->top += n;
    return p;
}
/* *m[i] = the next 3 x nq matrix of w, for i < count */
void cd_work_take_mats(cd_work *w, int nq, double **const m[], int count);
/* the scratch op of the connectors and joints (doubles; the derivation is in the .c) */
int cd_conn_scratch(const cd_system *s, const cd_item *it);
/* the whole scratch of c as a cd_work */
cd_work cd_conn_work(const cd_objctx *c);
/* 1 if both markers have derivative products or constant J (the analytic Jacobian applies) */
int cd_conn_diff_ok(const cd_objctx *c);
/* G = d(p1 - p0)/dq, GV = d(v1 - v0)/dq (3 x nq; GV may be NULL) */
void cd_conn_dd(const cd_objctx *c, double *G, double *GV);
/* G (3 x nq) = d(A_k xl)/dq, d(A_k^T y)/dq, d omega_k/dq (marker k's columns, others 0) */
void cd_conn_dvec(const cd_objctx *c, int k, const double xl[3], double *G);
void cd_conn_dAt(const cd_objctx *c, int k, const double y[3], double *G);
void cd_conn_domega(const cd_objctx *c, int k, double *G);
/* G (3 x nq) = d omega_k/dq_t (marker k's columns, others 0; Jrot but on Euler-parameter
 * frames off |e| = 1) */
void cd_conn_domegav(const cd_objctx *c, int k, double *G);
/* K += s d(J_k^T F)/dq (takes marker k's n^2 doubles from w), K += s d(Jrot_k^T t)/dq */
void cd_conn_add_jtv(const cd_objctx *c, cd_work w, int k, const double F[3], double s,
                     double *K);
void cd_conn_add_jrtv(const cd_objctx *c, int k, const double t[3], double s, double *K);
/* K += JD^T A JD (A 3x3 row-major), K += s JD^T X, K rows of marker k += s Jrot_k^T X
 * (X 3 x nq) */
void cd_conn_add_jtaj(const cd_objctx *c, cd_work w, const double A[9], double *K);
void cd_conn_add_jdtx(const cd_objctx *c, const double *X, double s, double *K);
void cd_conn_add_jrtx(const cd_objctx *c, int k, const double *X, double s, double *K);

/* the connectors between two joint frames F0 = A0 R0, F1 = A1 R1 (generic joints, torsional
 * and rigid-body spring-dampers) begin their parameters with cd_p_frames */
typedef struct {
    cd_p_connector h;                          /* name, markerNumbers */
    cd_mat rotationMarker0, rotationMarker1;   /* 3 x 3: joint frames in the marker frames */
    int activeConnector;
} cd_p_frames;

/* 1 if the analytic Jacobian applies to frames: cd_conn_diff_ok and every marker with
 * coordinates has derivative products (rigid markers) */
int cd_conn_frames_diff_ok(const cd_objctx *c);
/* start of a force element's analytic Jacobian: CD_JAC_NUMERICAL if numerical is set,
 * otherwise K = D = 0 (nq x nq) and CD_OK */
int cd_conn_jacobian_begin(const cd_objctx *c, int numerical, double *K, double *D);
/* K += JD^T (A dD/dq + B dVD/dq) + d(JD^T)/dq Fv for r2 = JD^T Fv(D, VD), A = dFv/dD,
 * B = dFv/dVD (3x3 row-major), D = p1 - p0, VD = v1 - v0; takes 9 nq + nq^2 from w */
void cd_conn_add_force_jacobian(const cd_objctx *c, cd_work w, const double A[9],
                                const double B[9], const double Fv[3], double *K);
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
