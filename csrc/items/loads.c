/* Loads: LoadForceVector (force on a position marker, f = J^T F), LoadCoordinate (scalar on a
 * coordinate marker), LoadMassProportional (force per mass b on a MarkerBodyMass: f = m J^T b).
 * Values may be user functions of time. */
#include "../core/cd_items.h"
#include <stdio.h>

#define OFF(f) offsetof(cd_p_load, f)

static int check_marker(const cd_system *s, int index, const void *vp, int flag, const char *tname,
                        const char *need, cd_error *err)
{
    const cd_p_load *p = vp;
    const cd_item *mk = &s->list[CD_MARKER].items[p->markerNumber];
    if (!(mk->type->marker->flags & flag))
        return cd_error_set(err, CD_ERR_INPUT,
                            "%s %d: parameter 'markerNumber' refers to marker %d of type %s; %s "
                            "needs %s", tname, index, p->markerNumber, mk->type->name, tname, need);
    return CD_OK;
}
static int check_force(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_marker(s, i, p, CD_MKF_POSITION, "LoadForceVector", "a position marker", e);
}
static int check_coord(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_marker(s, i, p, CD_MKF_COORDINATE, "LoadCoordinate", "a MarkerNodeCoordinate", e);
}
static int check_mass(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_marker(s, i, p, CD_MKF_BODYMASS, "LoadMassProportional", "a MarkerBodyMass", e);
}

static int check_torque(const cd_system *s, int i, const void *p, cd_error *e)
{
    return check_marker(s, i, p, CD_MKF_ORIENTATION, "LoadTorqueVector",
                        "a marker with orientation (MarkerBodyRigid, MarkerNodeRigid)", e);
}

static const cd_loadops force_ops = {CD_MKF_POSITION, 3};
static const cd_loadops torque_ops = {CD_MKF_ORIENTATION, 3};
static const cd_loadops coord_ops = {CD_MKF_COORDINATE, 1};
static const cd_loadops mass_ops = {CD_MKF_BODYMASS, 3};
static const cd_outvar load_ov[] = {CD_OV_FORCE, CD_OV_NONE};

#define NAME_FIELD {"name", CD_FT_STRING, 0, offsetof(cd_common, name), "", 0, 0, "", "load's unique name", NULL}
#define MARKER_FIELD {"markerNumber", CD_FT_INDEX, 0, OFF(markerNumber), NULL, 0, CD_MARKER, "", "marker the load acts on", NULL}

static const cd_field force_fields[] = {
    NAME_FIELD, MARKER_FIELD,
    {"loadVector", CD_FT_VEC, 3, OFF(loadVector), "0 0 0", 0, 0, "N", "force vector (global)",
     NULL},
    {"bodyFixed", CD_FT_BOOL, 0, OFF(bodyFixed), "0", 0, 0, "",
     "True: loadVector is given in the marker's frame and rotates with it (markers without "
     "orientation, e.g. MarkerNodePosition, have the global frame)", NULL},
    {"loadVectorUserFunction", CD_FT_FUNC, CD_UF_LOADVECTOR, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, loadVector) -> force vector replacing loadVector", NULL}};
static const cd_field torque_fields[] = {
    NAME_FIELD, MARKER_FIELD,
    {"loadVector", CD_FT_VEC, 3, OFF(loadVector), "0 0 0", 0, 0, "N m", "torque vector (global)",
     NULL},
    {"bodyFixed", CD_FT_BOOL, 0, OFF(bodyFixed), "0", 0, 0, "",
     "True: loadVector is given in the marker's frame and rotates with it", NULL},
    {"loadVectorUserFunction", CD_FT_FUNC, CD_UF_LOADVECTOR, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, loadVector) -> torque vector replacing loadVector", NULL}};
static const cd_field coord_fields[] = {
    NAME_FIELD, MARKER_FIELD,
    {"load", CD_FT_REAL, 0, OFF(load), "0", 0, 0, "N", "generalized force on the coordinate", NULL},
    {"loadUserFunction", CD_FT_FUNC, CD_UF_LOADSCALAR, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, load) -> value replacing load", NULL}};
static const cd_field mass_fields[] = {
    NAME_FIELD, MARKER_FIELD,
    {"loadVector", CD_FT_VEC, 3, OFF(loadVector), "0 0 0", 0, 0, "m/s^2",
     "force per unit mass, e.g. gravity [0, -9.81, 0]", NULL},
    {"loadVectorUserFunction", CD_FT_FUNC, CD_UF_LOADVECTOR, OFF(userFunction), NULL, 0, 0, "",
     "f(mbs, t, loadVector) -> vector replacing loadVector", NULL}};

const cd_itemtype cd_type_LoadForceVector = {
    CD_LOAD, "LoadForceVector", "ForceVector", "Force",
    "A force vector applied at a position marker.", sizeof(cd_p_load), force_fields,
    CD_NF(force_fields), check_force, NULL, NULL, NULL, &force_ops, load_ov};
const cd_itemtype cd_type_LoadTorqueVector = {
    CD_LOAD, "LoadTorqueVector", "TorqueVector", "Torque",
    "A torque vector applied at a marker with orientation.", sizeof(cd_p_load), torque_fields,
    CD_NF(torque_fields), check_torque, NULL, NULL, NULL, &torque_ops, load_ov};
const cd_itemtype cd_type_LoadCoordinate = {
    CD_LOAD, "LoadCoordinate", "Coordinate", NULL,
    "A scalar generalized force on one coordinate (MarkerNodeCoordinate).", sizeof(cd_p_load),
    coord_fields, CD_NF(coord_fields), check_coord, NULL, NULL, NULL, &coord_ops, load_ov};
const cd_itemtype cd_type_LoadMassProportional = {
    CD_LOAD, "LoadMassProportional", "MassProportional", "Gravity",
    "A load proportional to the mass of a body (MarkerBodyMass), e.g. gravity.",
    sizeof(cd_p_load), mass_fields, CD_NF(mass_fields), check_mass, NULL, NULL, NULL, &mass_ops,
    load_ov};
