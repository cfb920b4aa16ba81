/* LoadMassProportional: force per unit mass b on a body (MarkerBodyMass), e.g. gravity; the
 * generalized force is the body's mass_force(b) */
#include "cd_loads.h"
#include <string.h>

typedef cd_p_vectorload params;   /* loadVector: force per mass */

static const cd_item *body_of(const cd_system *s, const cd_item *ld)
{
    const cd_item *mk = &s->list[CD_MARKER].items[cd_load_marker(ld->p)];
    return &s->list[CD_OBJECT].items[mk->type->marker->base(mk->p)];
}


static void force(const cd_system *s, cd_evalws *ws, const cd_item *ld, const double *q,
                  const double *v, const double *val, double *f)
{
    const cd_item *body = body_of(s, ld);
    (void)ws; (void)v;
    body->type->object->mass_force(s, body, q, val, f);
}

/* point masses: constant; rigid bodies with an offset centre of mass: not */
static int constant(const cd_system *s, const cd_item *ld)
{
    const cd_objectops *bo = body_of(s, ld)->type->object;
    return !bo->mass_force_dq && !bo->body_frame;
}

static int jacobian(const cd_system *s, cd_evalws *ws, const cd_item *ld, const double *q,
                    const double *v, const double *val, double *K)
{
    const cd_item *body = body_of(s, ld);
    const cd_objectops *ops = body->type->object;
    (void)ws; (void)v;
    memset(K, 0, sizeof(double) * (size_t)(ld->nq * ld->nq));
    if (ops->mass_force_dq) {
        double mb[3] = {-val[0], -val[1], -val[2]};
        ops->mass_force_dq(s, body, q, mb, K);
        return CD_OK;
    }
    return ops->body_frame ? CD_JAC_NUMERICAL : CD_OK;
}

static int check(const cd_system *s, int i, const void *p, cd_error *e)
{
    return cd_load_check_marker(s, i, p, CD_MKF_BODYMASS, "LoadMassProportional",
                                "a MarkerBodyMass", e);
}

static const cd_loadops ops = {.marker_flags = CD_MKF_BODYMASS, .nvalues = 3,
                               .marker = cd_load_marker, .value = cd_load_vector_value,
                               .timed = cd_load_vector_timed,
                               .force = force, .constant = constant, .jacobian = jacobian};
static const cd_outvar outvars[] = {CD_OV_FORCE, CD_OV_NONE};

static const cd_field fields[] = {
    CD_LOAD_NAME_FIELD, CD_LOAD_MARKER_FIELD,
    {"loadVector", CD_FT_VEC, 3, offsetof(params, loadVector), "0 0 0", 0, 0, "m/s^2",
     "force per unit mass, e.g. gravity [0, -9.81, 0]", NULL},
    {"loadVectorUserFunction", CD_FT_FUNC, CD_UF_LOADVECTOR, offsetof(params, userFunction),
     NULL, 0, 0, "", "f(mbs, t, loadVector) -> vector replacing loadVector", NULL}};

const cd_itemtype cd_type_LoadMassProportional = {
    .kind = CD_LOAD, .name = "LoadMassProportional", .typename_ = "MassProportional",
    .alias = "Gravity",
    .doc = "A load proportional to the mass of a body (MarkerBodyMass), e.g. gravity.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .load = &ops, .outvars = outvars};
