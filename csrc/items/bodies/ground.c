/* ObjectGround: the fixed ground body; a local point lp is at referencePosition + lp, its
 * frame is not rotated */
#include "cd_bodies.h"
#include <string.h>

typedef struct {
    cd_common c;
    cd_vec referencePosition;   /* 3 */
} params;

static void body_position(const cd_system *s, const cd_item *it, const double *lp,
                          const double *q, const double *v, double pos[3], double vel[3],
                          double *J)
{
    const params *p = it->p;
    (void)s; (void)q; (void)v; (void)J;
    for (int i = 0; i < 3; i++) {
        pos[i] = p->referencePosition.x[i] + lp[i];
        vel[i] = 0;
    }
}

static void body_frame(const cd_system *s, const cd_item *it, const double *lp,
                       const double *q, const double *v, cd_markerdata *md)
{
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    body_position(s, it, lp, q, v, md->pos, md->vel, NULL);
    md->Jconst = 1;
    md->rigid = 1;
    memcpy(md->A, I3, sizeof I3);
    memset(md->omega, 0, sizeof md->omega);
    memset(md->Jdot_v, 0, sizeof md->Jdot_v);
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
     "m", "position of the ground's origin", NULL}};

const cd_itemtype cd_type_ObjectGround = {
    .kind = CD_OBJECT, .name = "ObjectGround", .typename_ = "Ground", .alias = "Ground",
    .doc = "The fixed ground body; markers on it give fixed positions.",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .object = &ops,
    .outvars = outvars};
