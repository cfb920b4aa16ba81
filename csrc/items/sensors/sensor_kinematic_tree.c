/* SensorKinematicTree: an output of a link-fixed point (localPosition, link coordinates) of
 * link linkNumber of an ObjectKinematicTree (Exudyn's OutputVariableKinematicTree): its
 * position, displacement (from the reference configuration), velocity, acceleration (global or
 * in the link frame), the link's rotation (Tait-Bryan xyz angles, rotation matrix), angular
 * velocity and angular acceleration (global or in the link frame). */
#include "cd_sensors_common.h"
#include "../bodies/cd_kintree.h"
#include "../../math/cd_vec3.h"
#include "../../math/cd_rotations.h"
#include <string.h>

typedef struct {
    cd_p_sensorbase b;        /* objectNumber: the ObjectKinematicTree */
    int linkNumber;
    cd_vec localPosition;     /* 3, link coordinates */
} params;

static const cd_outvar outvars[] = {
    CD_OV_POSITION, CD_OV_DISPLACEMENT, CD_OV_VELOCITY, CD_OV_VELOCITYLOCAL, CD_OV_ACCELERATION,
    CD_OV_ACCELERATIONLOCAL, CD_OV_ROTATION, CD_OV_ROTATIONMATRIX, CD_OV_ANGULARVELOCITY,
    CD_OV_ANGULARVELOCITYLOCAL, CD_OV_ANGULARACCELERATION, CD_OV_ANGULARACCELERATIONLOCAL,
    CD_OV_NONE};

static void info(const void *vp, cd_sensorinfo *si)
{
    const params *p = vp;
    cd_sensor_info_base(p, CD_OBJECT, si);
    si->lp = p->localPosition.x;
}

/* the output at the state st into out; returns the number of values */
static int value(const cd_system *s, int index, const cd_state *st, double *out, cd_error *err)
{
    const params *p = s->list[CD_SENSOR].items[index].p;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    const double *lp = p->localPosition.x;
    cd_kt_frame f, f0;
    (void)err;
    cd_kt_frame_eval(s, ob, p->linkNumber, lp, st->q, st->v, st->a, 1, &f, NULL, NULL, NULL);
    switch ((cd_outvar)p->b.outputVariableType) {
    case CD_OV_POSITION: memcpy(out, f.pos, sizeof f.pos); return 3;
    case CD_OV_DISPLACEMENT:   /* from the reference configuration (displacements zero) */
        cd_kt_frame_eval(s, ob, p->linkNumber, lp, NULL, NULL, NULL, 1, &f0, NULL, NULL, NULL);
        for (int j = 0; j < 3; j++) out[j] = f.pos[j] - f0.pos[j];
        return 3;
    case CD_OV_VELOCITY: memcpy(out, f.vel, sizeof f.vel); return 3;
    case CD_OV_VELOCITYLOCAL: cd_mattvec(f.A, f.vel, out); return 3;
    case CD_OV_ACCELERATION: memcpy(out, f.acc, sizeof f.acc); return 3;
    case CD_OV_ACCELERATIONLOCAL: cd_mattvec(f.A, f.acc, out); return 3;
    case CD_OV_ROTATION: cd_rot_rxyz_angles(f.A, out); return 3;
    case CD_OV_ROTATIONMATRIX: memcpy(out, f.A, sizeof f.A); return 9;
    case CD_OV_ANGULARVELOCITY: memcpy(out, f.omega, sizeof f.omega); return 3;
    case CD_OV_ANGULARVELOCITYLOCAL: cd_mattvec(f.A, f.omega, out); return 3;
    case CD_OV_ANGULARACCELERATION: memcpy(out, f.alpha, sizeof f.alpha); return 3;
    case CD_OV_ANGULARACCELERATIONLOCAL: cd_mattvec(f.A, f.alpha, out); return 3;
    default: return 0;   /* excluded by check */
    }
}

static int check(const cd_system *s, int index, const void *vp, cd_error *err)
{
    const params *p = vp;
    const cd_item *ob = &s->list[CD_OBJECT].items[p->b.number];
    if (ob->type != &cd_type_ObjectKinematicTree)
        return cd_error_set(err, CD_ERR_INPUT, "SensorKinematicTree %d: parameter "
                            "'objectNumber' refers to object %d of type %s; it must be an "
                            "ObjectKinematicTree", index, p->b.number, ob->type->name);
    int n = cd_kt_nlinks(ob->p);
    if (p->linkNumber < 0 || p->linkNumber >= n)
        return cd_error_set(err, CD_ERR_INPUT, "SensorKinematicTree %d: parameter 'linkNumber' "
                            "is %d; ObjectKinematicTree %d has links 0 .. %d", index,
                            p->linkNumber, p->b.number, n - 1);
    for (int k = 0; outvars[k] != CD_OV_NONE; k++)
        if ((int)outvars[k] == p->b.outputVariableType) return CD_OK;
    return cd_error_set(err, CD_ERR_INPUT, "SensorKinematicTree %d: parameter "
                        "'outputVariableType' is %s; it provides Position, Displacement, "
                        "Velocity, VelocityLocal, Acceleration, AccelerationLocal, Rotation, "
                        "RotationMatrix, AngularVelocity, AngularVelocityLocal, "
                        "AngularAcceleration and AngularAccelerationLocal", index,
                        cd_outvar_name((cd_outvar)p->b.outputVariableType));
}

#define OFF(m) offsetof(params, m)
static const cd_sensorops ops = {.info = info, .value = value};
static const cd_field fields[] = {
    CD_SENSOR_NAME_FIELD,
    CD_SENSOR_TARGET_FIELD("objectNumber", CD_OBJECT, "the ObjectKinematicTree"),
    {"linkNumber", CD_FT_INT, 0, OFF(linkNumber), NULL, 0, 0, "",
     "link of the tree measured (0 .. n-1)", NULL},
    {"localPosition", CD_FT_VEC, 3, OFF(localPosition), "0 0 0", 0, 0, "m",
     "the point, in the link's frame", NULL},
    CD_SENSOR_FILE_FIELDS,
    CD_SENSOR_OUTVAR_FIELD};

const cd_itemtype cd_type_SensorKinematicTree = {
    .kind = CD_SENSOR, .name = "SensorKinematicTree", .typename_ = "KinematicTree",
    .alias = NULL,
    .doc = "Position, velocity, acceleration, rotation and angular velocity/acceleration of a "
           "link-fixed point of an ObjectKinematicTree link (global or link frame).",
    .psize = sizeof(params), .fields = fields, .nfields = CD_NF(fields), .check = check,
    .sensor = &ops, .outvars = outvars};
