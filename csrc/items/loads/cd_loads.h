/* cd_loads: what the load types (csrc/items/loads/) share. Every load's parameters begin with
 * cd_p_loadbase. */
#ifndef CD_LOADS_H
#define CD_LOADS_H

#include "../../core/cd_items.h"
#include "../../core/cd_eval.h"

typedef struct { cd_common c; int markerNumber; } cd_p_loadbase;

int cd_load_marker(const void *p);   /* markerNumber */
const cd_item *cd_load_marker_item(const cd_system *s, const cd_item *ld);  /* its marker */

/* the loads with a 3-vector value (force, torque, force per mass) begin with this head */
typedef struct {
    cd_p_loadbase b;
    cd_vec loadVector;       /* 3 */
    cd_func userFunction;    /* loadVectorUserFunction */
} cd_p_vectorload;

/* value and timed ops of the loads with a cd_p_vectorload head */
int cd_load_vector_value(const cd_system *s, int l, double t, double *out, cd_error *err);
int cd_load_vector_timed(const void *p);

/* the n values of load l: base (the parameter) or, when uf is set, uf at time t; returns n or
 * a negative status with err naming the load */
int cd_load_values(const cd_system *s, int l, const double *base, int n, const cd_func *uf,
                   double t, double *out, cd_error *err);

/* the marker must have flag; message: "<tname> needs <need>" */
int cd_load_check_marker(const cd_system *s, int index, const void *p, int flag,
                         const char *tname, const char *need, cd_error *err);

/* vector loads through a marker: f = J^T F (torque: Jrot^T tau), F = A val if bodyFixed, and
 * K = -df/dq from the marker's derivative data (CD_JAC_NUMERICAL when it has none) */
void cd_load_vector_force(const cd_system *s, cd_evalws *ws, const cd_item *ld, int bodyFixed,
                          int torque, const double *q, const double *v, const double *val,
                          double *f);
int cd_load_vector_jacobian(const cd_system *s, cd_evalws *ws, const cd_item *ld, int bodyFixed,
                            int torque, const double *q, const double *v, const double *val,
                            double *K);
/* 1 if a vector load's force is independent of q (markers with constant J, no orientation) */
int cd_load_vector_constant(const cd_system *s, const cd_item *ld);

#define CD_LOAD_NAME_FIELD                                                                       \
    {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "load's unique name",     \
     NULL}
#define CD_LOAD_MARKER_FIELD                                                                     \
    {"markerNumber", CD_FT_INDEX, 0, offsetof(cd_p_loadbase, markerNumber), NULL, 0, CD_MARKER,  \
     "", "marker the load acts on", NULL}

#endif
