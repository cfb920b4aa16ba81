/* registry: every item type, lookup by name, output variable names, shared dispatch helpers */
#include "../core/cd_items.h"
#include <string.h>

static const cd_itemtype *const types[] = {
    &cd_type_NodePoint, &cd_type_NodePoint2D, &cd_type_Node1D, &cd_type_NodePointGround,
    &cd_type_NodeGenericODE2, &cd_type_NodeRigidBody2D, &cd_type_NodeRigidBodyEP,
    &cd_type_NodeRigidBodyRxyz, &cd_type_NodeRigidBodyRotVecLG,
    &cd_type_ObjectGround, &cd_type_ObjectMassPoint, &cd_type_ObjectMassPoint2D,
    &cd_type_ObjectMass1D, &cd_type_ObjectGenericODE2, &cd_type_ObjectRigidBody2D,
    &cd_type_ObjectRigidBody,
    &cd_type_ObjectConnectorSpringDamper, &cd_type_ObjectConnectorCartesianSpringDamper,
    &cd_type_ObjectConnectorCoordinateSpringDamper, &cd_type_ObjectConnectorDistance,
    &cd_type_ObjectConnectorCoordinate, &cd_type_ObjectJointRevolute2D,
    &cd_type_ObjectJointPrismatic2D, &cd_type_ObjectJointSpherical, &cd_type_ObjectJointGeneric,
    &cd_type_ObjectJointRevoluteZ, &cd_type_ObjectJointPrismaticX,
    &cd_type_ObjectConnectorTorsionalSpringDamper, &cd_type_ObjectConnectorLinearSpringDamper,
    &cd_type_ObjectConnectorRigidBodySpringDamper,
    &cd_type_MarkerNodePosition, &cd_type_MarkerNodeCoordinate, &cd_type_MarkerBodyPosition,
    &cd_type_MarkerBodyMass, &cd_type_MarkerBodyRigid, &cd_type_MarkerNodeRigid,
    &cd_type_MarkerNodeRotationCoordinate,
    &cd_type_LoadForceVector, &cd_type_LoadCoordinate, &cd_type_LoadMassProportional,
    &cd_type_LoadTorqueVector,
    &cd_type_SensorNode, &cd_type_SensorObject, &cd_type_SensorBody, &cd_type_SensorMarker,
    &cd_type_SensorLoad};

int cd_ntypes(void) { return CD_NF(types); }

const cd_itemtype *cd_type_get(int i) { return (i >= 0 && i < CD_NF(types)) ? types[i] : NULL; }

/* match the full name ("ObjectMassPoint"), the type key ("MassPoint") or the alias */
const cd_itemtype *cd_type_find(cd_kind kind, const char *name)
{
    for (int i = 0; i < CD_NF(types); i++) {
        const cd_itemtype *t = types[i];
        if (t->kind != kind) continue;
        if (!strcmp(t->name, name) || !strcmp(t->typename_, name) ||
            (t->alias && !strcmp(t->alias, name)))
            return t;
    }
    return NULL;
}

static const char *ov_names[CD_OV_COUNT] = {
    "_None", "Position", "Displacement", "Velocity", "Acceleration", "Coordinates",
    "Coordinates_t", "Coordinates_tt", "Force", "Distance", "ConstraintEquation", "Rotation",
    "AngularVelocity", "AngularAcceleration", "RotationMatrix", "Torque", "VelocityLocal",
    "AngularVelocityLocal", "KineticEnergy", "AngularAccelerationLocal"};

const char *cd_outvar_name(cd_outvar v)
{
    return (v >= 0 && v < CD_OV_COUNT) ? ov_names[v] : "(invalid OutputVariableType)";
}

int cd_type_has_outvar(const cd_itemtype *t, int v)
{
    for (const cd_outvar *o = t->outvars; o && *o != CD_OV_NONE; o++)
        if ((int)*o == v) return 1;
    return 0;
}

void cd_node_point(const cd_system *s, int node, const double *q, const double *v,
                   double pos[3], double vel[3], double *J)
{
    const cd_item *nd = &s->list[CD_NODE].items[node];
    const double *qref = nd->nq > 0 ? s->qref + nd->ltg[0] : NULL;
    nd->type->node->position(nd->p, qref, q, v, pos, vel, J);
}

void cd_body_point(const cd_system *s, int body, const double lp[3], const double *q,
                   const double *v, double pos[3], double vel[3], double *J)
{
    const cd_item *ob = &s->list[CD_OBJECT].items[body];
    ob->type->object->body_position(s, ob, lp, q, v, pos, vel, J);
}
