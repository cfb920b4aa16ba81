/* cd_items: what item files share: the connector parameter head, dispatch helpers, the
 * connector kinematics and the derivatives of rigid MarkerData. Every parameter struct starts
 * with cd_common; connectors continue with their marker list (cd_p_connector). */
#ifndef CD_ITEMS_H
#define CD_ITEMS_H

#include "cd_system.h"
#include "cd_marker.h"

typedef struct { cd_common c; cd_ivec markerNumbers; } cd_p_connector;

/* helpers shared by item files */
int cd_pattern_build(cd_system *s, cd_error *err);
int cd_pattern_find(const cd_pattern *P, int r, int c);
/* 1 if the type provides output variable v */
int cd_type_has_outvar(const cd_itemtype *t, int v);
/* body position of a local point: dispatch to the object's body_position */
void cd_body_point(const cd_system *s, int body, const double lp[3], const double *q,
                   const double *v, double pos[3], double vel[3], double *J);
/* node position (nodes with CD_NODEF_POS) */
void cd_node_point(const cd_system *s, int node, const double *q, const double *v,
                   double pos[3], double vel[3], double *J);

/* connectors between two position markers (csrc/items/connector_common.c) */
#define CD_CONN_MAXNQ 64  /* analytic Jacobians up to this many local coordinates */
typedef struct { double d[3], vd[3], L, Lt, n[3]; } cd_conn_kin; /* p1-p0, v1-v0, |d|, L_t, d/L */
/* the marker list of a connector: every connector's parameter struct begins with cd_p_connector */
int cd_conn_markers(const void *p, const int **markers);
int cd_conn_kin_eval(const cd_objctx *c, cd_conn_kin *k, const char *what);
void cd_conn_apply_force(const cd_objctx *c, const double F[3], double *r2);
void cd_conn_jd(const cd_objctx *c, double *JD);
void cd_conn_add_jtaj(const cd_objctx *c, const double A[9], double *K);
void cd_conn_add_rot_row(const cd_objctx *c, int k, const double w[3], double s, double *r2);
int cd_conn_point_output(const cd_objctx *c, cd_outvar var, int pm, double *out);
/* analytic Jacobians on markers with q-dependent J (rigid markers, derivative data): 3 x nq
 * matrices G (column-major over the connector's coordinates) */
int cd_conn_diff_ok(const cd_objctx *c);   /* both markers differentiable, nq small enough */
void cd_conn_dd(const cd_objctx *c, double *G, double *GV);  /* d(p1-p0)/dq, d(v1-v0)/dq */
void cd_conn_dvec(const cd_objctx *c, int k, const double xl[3], double *G); /* d(A_k xl)/dq */
void cd_conn_domega(const cd_objctx *c, int k, double *G);   /* d omega_k/dq */
void cd_conn_dAt(const cd_objctx *c, int k, const double y[3], double *G); /* d(A_k^T y)/dq */
void cd_conn_add_jtv(const cd_objctx *c, int k, const double F[3], double s, double *K);
void cd_conn_add_jrtv(const cd_objctx *c, int k, const double t[3], double s, double *K);
void cd_conn_add_jdtx(const cd_objctx *c, const double *X, double s, double *K);
void cd_conn_add_jrtx(const cd_objctx *c, int k, const double *X, double s, double *K);
int cd_conn_check_markers(const cd_system *s, int index, const void *p, int flag,
                          const char *tname, cd_error *err);

#define CD_NF(arr) ((int)(sizeof(arr) / sizeof((arr)[0])))

#endif
