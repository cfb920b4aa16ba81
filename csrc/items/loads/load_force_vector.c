/* LoadForceVector: A force vector applied at a position marker. */
#include "cd_loads.h"

typedef struct {
    cd_p_vectorload v;       /* name, markerNumber, loadVector, loadVectorUserFunction */
    int bodyFixed;           /* 1: loadVector in the marker's frame */
} params;

static void force(const cd_system *s, cd_evalws *ws, const cd_item *ld, const double *q,
                  const double *v, const double *val, double *f)
{
    cd_load_vector_force(s, ws, ld, ((const params *)ld->p)->bodyFixed, 0, q, v, val, f);
}

static int jacobian(const cd_system *s, cd_evalws *ws, const cd_item *ld, const double *q,
                    const double *v, const double *val, double *K)
{
    return cd_load_vector_jacobian(s, ws, ld, ((const params *)ld->p)->bodyFixed, 0, q, v, val,
                                   K);
}

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_load_check_marker(s, i, p, CD_MKF_POSITION, "LoadForceVector",
                                "a position marker", e);
}

static const cd_loadops ops = {.marker_flags = CD_MKF_POSITION, .nvalues = 3,
                               .marker = cd_load_marker, .value = cd_load_vector_value,
                               .timed = cd_load_vector_timed, .force = force,
                               .constant = cd_load_vector_constant, .jacobian = jacobian};
static const cd_outvar outvars[] = {CD_OV_FORCE, CD_OV_NONE};

#define OFF(f) offsetof(params, f)
static const cd_field fields[] = {
    CD_LOAD_NAME_FIELD, CD_LOAD_MARKER_FIELD,
    {"loadVector", CD_FT_VEC, 3, offsetof(params, v.loadVector), "0 0 0", 0, 0,
     "N", "force vector (global)", NULL},
    {"bodyFixed", CD_FT_BOOL, 0, OFF(bodyFixed), "0", 0, 0, "",
     "True: loadVector is given in the marker's frame and rotates with it (markers without "
     "orientation, e.g. MarkerNodePosition, have the global frame)", NULL},
    {"loadVectorUserFunction", CD_FT_FUNC, CD_UF_LOADVECTOR, offsetof(params, v.userFunction),
     NULL, 0, 0, "",
     "f(mbs, t, loadVector) -> force vector replacing loadVector", NULL}};

const cd_itemtype cd_type_LoadForceVector = {
    .kind = CD_LOAD, .name = "LoadForceVector", .typename_ = "ForceVector", .alias = "Force",
    .doc = "A force vector applied at a position marker.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .load = &ops, .outvars = outvars};
