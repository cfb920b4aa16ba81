/* cd_item_list: every item type of the engine, one line each (an X-macro list).
 *
 * X(name) stands for the type object cd_type_<name>, defined in one file under csrc/items/.
 * The registry (registry.c: lookup by name, the Python classes, the stubs and the item
 * reference in the docs) and the declarations below are generated from this list; adding an
 * item type is its C file plus one line here. The order is the order of the item reference. */
#ifndef CD_ITEM_LIST_H
#define CD_ITEM_LIST_H

#include "../core/cd_system.h"

#define CD_ITEM_TYPES(X)                                                                         \
    /* nodes */                                                                                  \
    X(NodePoint) X(NodePoint2D) X(Node1D) X(NodePointGround) X(NodeGenericODE2)                  \
    X(NodeRigidBody2D) X(NodeRigidBodyEP) X(NodeRigidBodyRxyz) X(NodeRigidBodyRotVecLG)          \
    X(NodeGenericODE1) X(NodeGenericData) X(NodePoint2DSlope1) X(NodePointSlope1)               \
    X(NodeGenericAE)                                                                             \
    /* bodies */                                                                                 \
    X(ObjectGround) X(ObjectMassPoint) X(ObjectMassPoint2D) X(ObjectMass1D)                      \
    X(ObjectGenericODE2) X(ObjectRigidBody2D) X(ObjectRigidBody) X(ObjectGenericODE1)            \
    X(ObjectANCFCable2D) X(ObjectANCFCable) X(ObjectBeamGeometricallyExact2D)                    \
    X(ObjectBeamGeometricallyExact)                                                              \
    X(ObjectRotationalMass1D) X(ObjectKinematicTree)                                             \
    /* algebraic equations and couplings of coordinate kinds */                                  \
    X(ObjectGenericAE) X(ObjectCoordinateCoupling)                                                 \
    /* connectors and constraints */                                                             \
    X(ObjectConnectorSpringDamper) X(ObjectConnectorCartesianSpringDamper)                       \
    X(ObjectConnectorCoordinateSpringDamper) X(ObjectConnectorDistance)                          \
    X(ObjectConnectorCoordinate) X(ObjectJointRevolute2D) X(ObjectJointPrismatic2D)              \
    X(ObjectJointSpherical) X(ObjectJointGeneric) X(ObjectJointRevoluteZ)                        \
    X(ObjectJointPrismaticX) X(ObjectJointRollingDisc)                                           \
    X(ObjectConnectorTorsionalSpringDamper)                                                      \
    X(ObjectConnectorLinearSpringDamper) X(ObjectConnectorRigidBodySpringDamper)                 \
    X(ObjectConnectorGravity) X(ObjectContactCircleCable2D)                                      \
    X(ObjectConnectorCoordinateVector)                                                           \
    X(ObjectConnectorCoordinateSpringDamperExt)                                                  \
    X(ObjectConnectorHydraulicActuatorSimple) X(ObjectConnectorRollingDiscPenalty)              \
    X(ObjectJointSliding2D) X(ObjectJointSliding) X(ObjectConnectorReevingSystemSprings)        \
    /* deformation elements */                                                                   \
    X(ObjectDeformationTruss2D) X(ObjectDeformationBeam2D) X(ObjectDeformationHinge2D)           \
    X(ObjectDeformationTruss) X(ObjectDeformationBeam) X(ObjectDeformationHinge)                 \
    /* markers */                                                                                \
    X(MarkerNodePosition) X(MarkerNodeCoordinate) X(MarkerBodyPosition) X(MarkerBodyMass)        \
    X(MarkerBodyRigid) X(MarkerNodeRigid) X(MarkerNodeRotationCoordinate)                        \
    X(MarkerBodyCable2DCoordinates) X(MarkerBodyCable2DShape) X(MarkerBodyBeamShape)             \
    X(MarkerNodeCoordinates) X(MarkerObjectODE2Coordinates) X(MarkerKinematicTreeRigid)         \
    X(MarkerBodiesRelativeTranslationCoordinate) X(MarkerBodiesRelativeRotationCoordinate)       \
    /* loads */                                                                                  \
    X(LoadForceVector) X(LoadCoordinate) X(LoadMassProportional) X(LoadTorqueVector)             \
    /* sensors */                                                                                \
    X(SensorNode) X(SensorObject) X(SensorBody) X(SensorMarker) X(SensorLoad) X(SensorUserFunction) \
    X(SensorKinematicTree)

#define CD_X_DECLARE(name) extern const cd_itemtype cd_type_##name;
CD_ITEM_TYPES(CD_X_DECLARE)
#undef CD_X_DECLARE

#endif
