"""The public names of the package stay importable as coordyn.X.

PUBLIC is what dir(coordyn) held (without underscore names) before the package was laid out by
area (coordyn.create and coordyn.results as packages): a name may be added, none may go, and
every one of them except the modules in NOT_IN_ALL is in coordyn.__all__ (from coordyn import *
gives it)."""
import coordyn

PUBLIC = """
    AngularVelocity2EulerParameters_t AngularVelocity2RotXYZ_t
    AngularVelocityLocal2EulerParameters_t CartesianSpringDamper ComputeOrthonormalBasis
    ComputeOrthonormalBasisVectors ConfigurationType ConnectorCartesianSpringDamper
    ConnectorCoordinate ConnectorCoordinateSpringDamper ConnectorDistance
    ConnectorLinearSpringDamper ConnectorRigidBodySpringDamper ConnectorSpringDamper
    ConnectorTorsionalSpringDamper CoordinateConstraint CoordinateSpringDamper
    DistanceConstraint DynamicSolverType EulerParameters2G EulerParameters2GLocal
    EulerParameters2RotationMatrix Force GenericJoint GenericODE2 Gravity Ground
    HT2rotationMatrix HT2translation HomogeneousTransformation ITEM_TYPES
    Inertia6D2InertiaTensor InertiaCuboid InertiaCylinder InertiaHollowSphere InertiaMassPoint
    InertiaRodX InertiaSphere InertiaTensor2Inertia6D InvalidIndex ItemBase JointGeneric
    JointPrismatic2D JointPrismaticX JointRevolute2D JointRevoluteZ JointSpherical
    LinearSolverType LinearSpringDamper LoadCoordinate LoadForceVector LoadIndex
    LoadMassProportional LoadTorqueVector MainSystem MarkerBodyMass MarkerBodyPosition
    MarkerBodyRigid MarkerIndex MarkerNodeCoordinate MarkerNodePosition MarkerNodeRigid
    MarkerNodeRotationCoordinate Mass1D MassPoint MassPoint2D Node1D NodeGenericODE2 NodeIndex
    NodePoint NodePoint2D NodePointGround NodeRigidBody2D NodeRigidBodyEP NodeRigidBodyRotVecLG
    NodeRigidBodyRxyz NodeType ObjectConnectorCartesianSpringDamper ObjectConnectorCoordinate
    ObjectConnectorCoordinateSpringDamper ObjectConnectorDistance
    ObjectConnectorLinearSpringDamper ObjectConnectorRigidBodySpringDamper
    ObjectConnectorSpringDamper ObjectConnectorTorsionalSpringDamper ObjectGenericODE2
    ObjectGround ObjectIndex ObjectJointGeneric ObjectJointPrismatic2D ObjectJointPrismaticX
    ObjectJointRevolute2D ObjectJointRevoluteZ ObjectJointSpherical ObjectMass1D
    ObjectMassPoint ObjectMassPoint2D ObjectRigidBody ObjectRigidBody2D OutputVariableType
    Point Point2D PointGround PrismaticJoint2D PrismaticJointX RevoluteJoint2D RevoluteJointZ
    RigidBody RigidBody2D RigidBodyInertia RigidBodySpringDamper RotXYZ2EulerParameters
    RotXYZ2G RotXYZ2GLocal RotXYZ2RotationMatrix RotationMatrix2D
    RotationMatrix2EulerParameters RotationMatrix2RotXYZ RotationMatrix2RotationVector
    RotationMatrixX RotationMatrixY RotationMatrixZ RotationVector2RotationMatrix SensorBody
    SensorIndex SensorLoad SensorMarker SensorNode SensorObject SimulationSettings Skew
    Skew2Vec SolveDynamic SolveStatic SolverError SphericalJoint SpringDamper SystemContainer
    Torque TorsionalSpringDamper create item_class items rigid settings system
""".split()

# submodules that are attributes of the package but not exported by `from coordyn import *`
NOT_IN_ALL = {"create", "settings", "system"}

CREATE = ["CreateGround", "CreateMassPoint", "CreateRigidBody", "CreateRevoluteJoint",
          "CreatePrismaticJoint", "CreateSphericalJoint", "CreateGenericJoint",
          "CreateSpringDamper", "CreateDistanceConstraint", "CreateForce", "CreateTorque",
          "CreateCartesianSpringDamper", "CreateRigidBodySpringDamper",
          "CreateTorsionalSpringDamper", "CreateLinearSpringDamper", "CreateCoordinateConstraint",
          "CreateRollingDisc", "CreateRollingDiscPenalty",
          "CreateKinematicTree"]


def test_every_public_name_is_still_importable():
    missing = [n for n in PUBLIC if not hasattr(coordyn, n)]
    assert not missing, f"no longer importable as coordyn.X: {missing}"
    assert set(PUBLIC) <= set(dir(coordyn))


def test_all_keeps_its_names_and_each_resolves():
    lost = sorted(set(PUBLIC) - NOT_IN_ALL - set(coordyn.__all__))
    assert not lost, f"dropped from coordyn.__all__: {lost}"
    unresolved = [n for n in coordyn.__all__ if not hasattr(coordyn, n)]
    assert not unresolved, f"in coordyn.__all__ but not attributes: {unresolved}"
    namespace = {}
    exec("from coordyn import *", namespace)
    assert set(coordyn.__all__) <= set(namespace)


def test_create_helpers_are_the_mainsystem_methods():
    """coordyn.create (a package by area) still exports every Create* helper, and install
    attached exactly those functions to MainSystem"""
    exported = sorted(n for n in dir(coordyn.create) if n.startswith("Create"))
    assert exported == sorted(CREATE)
    for name in CREATE:
        assert getattr(coordyn.MainSystem, name) is getattr(coordyn.create, name), name
