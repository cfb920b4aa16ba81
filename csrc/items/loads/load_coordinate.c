/* LoadCoordinate: a scalar generalized force on one coordinate (MarkerNodeCoordinate) or
 * rotation coordinate (MarkerNodeRotationCoordinate: a torque about its axis) */
#include "cd_loads.h"
#include <string.h>

typedef struct {
    cd_p_loadbase b;
    double load;             /* generalized force */
    cd_func userFunction;    /* loadUserFunction */
} params;

static int value(const cd_system *s, int l, double t, double *out, cd_error *err)
{
    const params *p = s->list[CD_LOAD].items[l].p;
    return cd_load_values(s, l, &p->load, 1, &p->userFunction, t, out, err);
}

static int timed(const void *p) { return ((const params *)p)->userFunction.fn != NULL; }

/* f = val w, w the marker's gradient: the value on its coordinate (none on a ground node), or
 * on a rotation coordinate the row of the rotation Jacobian (MarkerNodeRotationCoordinate) */
static void force(const cd_system *s, cd_evalws *ws, const cd_item *ld, const double *q,
                  const double *v, const double *val, double *f)
{
    cd_markerdata *md = &ws->md[0];
    memset(f, 0, sizeof(double) * (size_t)ld->nq);
    cd_eval_marker(s, ws, 0, cd_load_marker_item(s, ld), q, v, md);
    cd_md_coord_add(md, val[0], f);
}

static int constant(const cd_system *s, const cd_item *ld)
{
    return (cd_load_marker_item(s, ld)->type->marker->flags & CD_MKF_CONSTJ) != 0;
}

/* K = -df/dq = -val dw/dq (0 on a single coordinate) */
static int jacobian(const cd_system *s, cd_evalws *ws, const cd_item *ld, const double *q,
                    const double *v, const double *val, double *K)
{
    cd_markerdata *md = &ws->md[0];
    int n = ld->nq;
    memset(K, 0, sizeof(double) * (size_t)(n * n));
    ws->mk_deriv = 1;
    cd_eval_marker(s, ws, 0, cd_load_marker_item(s, ld), q, v, md);
    ws->mk_deriv = 0;
    if (!cd_md_coord_exact(md)) return CD_JAC_NUMERICAL;
    cd_md_coord_dgrad(md, -val[0], K, n, 0);
    return CD_OK;
}

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_load_check_marker(s, i, p, CD_MKF_COORDINATE, "LoadCoordinate",
                                "a MarkerNodeCoordinate or MarkerNodeRotationCoordinate", e);
}

static const cd_loadops ops = {.marker_flags = CD_MKF_COORDINATE, .nvalues = 1,
                               .marker = cd_load_marker, .value = value, .timed = timed,
                               .force = force, .constant = constant, .jacobian = jacobian};
static const cd_outvar outvars[] = {CD_OV_FORCE, CD_OV_NONE};

static const cd_field fields[] = {
    CD_LOAD_NAME_FIELD, CD_LOAD_MARKER_FIELD,
    {"load", CD_FT_REAL, 0, offsetof(params, load), "0", 0, 0, "N",
     "generalized force on the coordinate", NULL},
    {"loadUserFunction", CD_FT_FUNC, CD_UF_LOADSCALAR, offsetof(params, userFunction), NULL, 0,
     0, "", "f(mbs, t, load) -> value replacing load", NULL}};

const cd_itemtype cd_type_LoadCoordinate = {
    .kind = CD_LOAD, .name = "LoadCoordinate", .typename_ = "Coordinate", .alias = NULL,
    .doc = "A scalar generalized force on one coordinate (MarkerNodeCoordinate), or a torque "
           "about the axis of a rotation coordinate (MarkerNodeRotationCoordinate).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .load = &ops, .outvars = outvars};
