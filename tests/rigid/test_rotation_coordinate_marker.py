"""MarkerNodeRotationCoordinate as Exudyn's: on every rigid-body node (Euler parameters,
Tait-Bryan angles, rotation vector, planar) its value is one xyz Tait-Bryan angle of the node's
rotation (reference included, wrapped to (-pi, pi]) and its rate the component of the global
angular velocity; coordinate connectors and loads act through the row of the rotation
Jacobian, with analytic Jacobians checked against numerical differentiation. Physics: a
torsional oscillator on an Euler-parameter node (closed form), a driven crank on Rxyz and EP
nodes against Exudyn 1.13.6, and Exudyn's TestModel driveTrainTest against its reference."""
import os
import subprocess
import sys

import numpy as np
import pytest

import coordyn as cd
from conftest import check_jacobian
from coordyn.rigidBodyUtilities import (AngularVelocity2EulerParameters_t, InertiaCuboid,
                                        RotationMatrix2EulerParameters,
                                        RotationMatrix2RotationVector, RotXYZ2G,
                                        RotXYZ2RotationMatrix)
from exudyn_models import _try_set, exudyn_lib, quiet

OV = cd.OutputVariableType
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MIRROR = os.environ.get("COORDYN_EXUDYN_MIRROR", "/work/.mirror/jgerstmayr+EXUDYN/repo")

# a rotation with angle 0 beyond pi (3.9 -> 3.9 - 2 pi) and a global angular velocity
ANGLES = np.array([3.9, 0.4, -3.0])
WRAPPED = np.array([3.9 - 2 * np.pi, 0.4, -3.0])
OMEGA = np.array([0.3, -0.7, 1.1])


def rigid_node(lib, kind, pos=(1.0, 2.0, 3.0), angles=ANGLES, omega=OMEGA):
    """a node of kind 'EP', 'Rxyz', 'LG' with rotation Rxyz(angles) and global angular
    velocity omega (the Rxyz node: half of the angles in the reference coordinates)"""
    A = RotXYZ2RotationMatrix(angles)
    pos = list(pos)
    if kind == "EP":
        ep = RotationMatrix2EulerParameters(A)
        return lib.NodeRigidBodyEP(referenceCoordinates=pos + list(ep),
                                   initialVelocities=[0, 0, 0] +
                                   list(AngularVelocity2EulerParameters_t(omega, ep)))
    if kind == "Rxyz":
        half = list(0.5 * np.asarray(angles))
        return lib.NodeRigidBodyRxyz(referenceCoordinates=pos + half,
                                     initialCoordinates=[0, 0, 0] + half,
                                     initialVelocities=[0, 0, 0] +
                                     list(np.linalg.solve(RotXYZ2G(angles), omega)))
    return lib.NodeRigidBodyRotVecLG(referenceCoordinates=pos +
                                     list(RotationMatrix2RotationVector(A)),
                                     initialVelocities=[0, 0, 0] + list(A.T @ omega))


def marker_values(lib, kind):
    """(Coordinates, Coordinates_t) of the markers for the three angles of one node"""
    mbs = lib.SystemContainer().AddSystem()
    n = mbs.AddNode(rigid_node(lib, kind))
    m = [mbs.AddMarker(lib.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=i))
         for i in range(3)]
    mbs.Assemble()
    out = [[float(np.ravel(mbs.GetMarkerOutput(k, v))[0]) for k in m]
           for v in (lib.OutputVariableType.Coordinates, lib.OutputVariableType.Coordinates_t)]
    return np.array(out)


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "LG"])
def test_value_is_the_wrapped_tait_bryan_angle_and_the_rate_the_angular_velocity(kind):
    value, rate = marker_values(cd, kind)
    assert np.allclose(value, WRAPPED, rtol=0, atol=1e-13)
    assert np.allclose(rate, OMEGA, rtol=0, atol=1e-13)


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "LG"])
def test_values_as_exudyn(kind):
    pytest.importorskip("exudyn")
    assert np.allclose(marker_values(cd, kind), marker_values(exudyn_lib(), kind), rtol=0,
                       atol=1e-13)


def test_planar_node_total_angle_wrapped():
    """NodeRigidBody2D (a coordyn extension: Exudyn refuses planar nodes): the z angle of
    reference + displacement, wrapped, and phi_t"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1, 2, 2.5],
                                       initialCoordinates=[0, 0, 1.0],
                                       initialVelocities=[0, 0, 0.8]))
    m = mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=2))
    mbs.Assemble()
    assert np.isclose(mbs.GetMarkerOutput(m, OV.Coordinates), 3.5 - 2 * np.pi, rtol=0,
                      atol=1e-14)
    assert np.isclose(mbs.GetMarkerOutput(m, OV.Coordinates_t), 0.8, rtol=0, atol=1e-14)


def test_get_marker_parameters():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(rigid_node(cd, "EP"))
    m = mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=1))
    d = mbs.GetMarker(m)
    assert (d["markerType"], int(d["nodeNumber"]), d["rotationCoordinate"]) == \
        ("NodeRotationCoordinate", int(n), 1)


# ---------------------------------------------------------------------------- Jacobians

def jacobian_model(kinds, connector, axes=(2, 0)):
    """two bodies on nodes of kinds, a connector between their rotation-coordinate markers
    (axes), in a general state: displaced coordinates (Euler parameters off the unit sphere),
    velocities and a multiplier"""
    mbs = cd.SystemContainer().AddSystem()
    mk = []
    for j, kind in enumerate(kinds):
        if kind == "2D":
            n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0.1, 0.2, 0.3 + j],
                                               initialVelocities=[0.2, -0.1, 0.9]))
            mbs.AddObject(cd.RigidBody2D(mass=2, inertia=0.3, nodeNumber=n))
            ax = 2
        else:
            n = mbs.AddNode(rigid_node(cd, kind, angles=ANGLES * (0.3 + 0.2 * j) + 0.1,
                                       omega=OMEGA * (1 - 2 * j)))
            mbs.AddObject(cd.RigidBody(mass=2, inertia=[0.3, 0.4, 0.5, 0.01, 0.02, 0.03],
                                       nodeNumber=n))
            ax = axes[j]
        mk.append(mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=n,
                                                                rotationCoordinate=ax)))
    o = mbs.AddObject(connector(mk))
    mbs.Assemble()
    rng = np.random.default_rng(3)
    q = mbs.systemData.GetODE2Coordinates()
    mbs.systemData.SetODE2Coordinates(q + 0.02 * rng.standard_normal(len(q)))
    v = mbs.systemData.GetODE2Coordinates_t()
    mbs.systemData.SetODE2Coordinates_t(v + 0.3 * rng.standard_normal(len(v)))
    if mbs.systemData.GetAECoordinates().size:
        mbs.systemData.SetAECoordinates(0.7 + 0.1 * np.arange(len(
            mbs.systemData.GetAECoordinates())))
    return mbs, o, mk


CONNECTORS = {
    "spring_damper": lambda m: cd.CoordinateSpringDamper(markerNumbers=m, stiffness=300,
                                                         damping=4, offset=0.1),
    "constraint": lambda m: cd.CoordinateConstraint(markerNumbers=m, factor1=0.7, offset=0.2),
    "constraint_velocity": lambda m: cd.CoordinateConstraint(markerNumbers=m, factor1=-1.3,
                                                             velocityLevel=True, offset=0.4),
    "spring_damper_ext": lambda m: cd.ObjectConnectorCoordinateSpringDamperExt(
        markerNumbers=m, stiffness=300, damping=4, factor0=1.5, factor1=-0.5, offset=0.1,
        dynamicFrictionForce=2, frictionProportionalZone=0.5),
}
KINDS = [("EP", "Rxyz"), ("LG", "EP"), ("Rxyz", "2D")]


@pytest.mark.parametrize("kinds", KINDS, ids=lambda k: "-".join(k))
@pytest.mark.parametrize("name", sorted(CONNECTORS))
def test_connector_jacobians_are_analytic_and_match_numerical(kinds, name):
    mbs, o, _ = jacobian_model(kinds, CONNECTORS[name])
    a, _ = check_jacobian(mbs, o)
    assert np.abs(a["K"]).max() > 0   # the gradient's derivative is there
    if name.startswith("constraint"):
        check_jacobian(mbs, o, index2=True)


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "LG", "2D"])
def test_load_coordinate_is_a_torque_about_the_axis(kind):
    """LoadCoordinate on the marker: f = value G_i^T (a torque about global axis i), its
    Jacobian analytic and equal to the numerical one"""
    mbs, o, mk = jacobian_model((kind, "Rxyz"), CONNECTORS["spring_damper"])
    ld = mbs.AddLoad(cd.LoadCoordinate(markerNumber=mk[0], load=2.5))
    mbs.Assemble()
    a = mbs.GetLoadJacobian(ld)
    n = mbs.GetLoadJacobian(ld, numerical=True)
    assert a["analytic"] and not n["analytic"]
    assert np.linalg.norm(a["K"] - n["K"]) <= 1e-6 * max(np.linalg.norm(n["K"]), 1e-8)


# ---------------------------------------------------------------------------- physics

def torsional_oscillator(h, tend, phi0=0.3, k=20.0, Jz=0.5, spin=0.0):
    """a free rigid body on an Euler-parameter node, turned by phi0 about z, with a
    CoordinateSpringDamper of stiffness k between a ground coordinate and its z angle; spin:
    an initial angular velocity about z. Returns (t, phi(t))"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddNode(cd.NodePointGround())
    A = RotXYZ2RotationMatrix([0, 0, phi0])
    ep = RotationMatrix2EulerParameters(A)
    n = mbs.AddNode(cd.NodeRigidBodyEP(
        referenceCoordinates=[0, 0, 0] + list(ep),
        initialVelocities=[0, 0, 0] + list(AngularVelocity2EulerParameters_t([0, 0, spin],
                                                                              ep))))
    mbs.AddObject(cd.RigidBody(mass=3, inertia=[0.2, 0.3, Jz, 0, 0, 0], nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    m1 = mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=2))
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[m0, m1], stiffness=k))
    s = mbs.AddSensor(cd.SensorMarker(markerNumber=m1, outputVariableType=OV.Coordinates))
    mbs.Assemble()
    st = cd.SimulationSettings()
    quiet(st)
    st.solutionSettings.sensorsStoreAndWriteFiles = True
    st.timeIntegration.numberOfSteps = int(round(tend / h))
    st.timeIntegration.endTime = tend
    st.solutionSettings.sensorsWritePeriod = h
    mbs.SolveDynamic(st)
    d = mbs.GetSensorStoredData(s)
    return d[:, 0], d[:, 1]


def test_torsional_oscillator_on_euler_parameters_has_the_closed_form_period():
    """J phi'' = -k phi: phi = phi0 cos(w t), w = sqrt(k / J); the period from the zero
    crossings and the trajectory converge with O(h^2)"""
    phi0, k, Jz = 0.3, 20.0, 0.5
    w = np.sqrt(k / Jz)
    errs = []
    for h in (2e-3, 1e-3):
        t, phi = torsional_oscillator(h, 3.0, phi0, k, Jz)
        errs.append(np.abs(phi - phi0 * np.cos(w * t)).max())
    assert errs[1] < 2e-3 and 3.5 < errs[0] / errs[1] < 4.5, errs
    # period: from the downward zero crossings (linear interpolation)
    i = np.where((phi[:-1] > 0) & (phi[1:] <= 0))[0]
    tz = t[i] - phi[i] * (t[i + 1] - t[i]) / (phi[i + 1] - phi[i])
    assert np.allclose(np.diff(tz), 2 * np.pi / w, rtol=2e-5)


def driven_crank(lib, kind, velocity_level=False, h=1e-3):
    """a rigid body with its centre of mass off the axis, on a revolute joint about global z
    under gravity, driven by a CoordinateConstraint on its z angle: phi = w t (position
    level, up to 2.5 < pi) or phi_t = w (velocity level, up to 5 > pi: the marker's value
    wraps, its rate does not). Returns the body point's positions."""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    w, tend = 5.0, 1.0 if velocity_level else 0.5
    ground = mbs.AddObject(lib.ObjectGround())
    g = mbs.AddNode(lib.NodePointGround())
    inertia = InertiaCuboid(density=1000, sideLengths=[0.4, 0.1, 0.1])
    omega = [0, 0, w]   # consistent with the drive
    if kind == "EP":
        ep = [1.0, 0, 0, 0]
        node = lib.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0] + ep, initialVelocities=[
            0, 0, 0] + list(AngularVelocity2EulerParameters_t(omega, np.array(ep))))
    else:
        node = lib.NodeRigidBodyRxyz(referenceCoordinates=[0] * 6,
                                     initialVelocities=[0, 0, 0] + omega)
    n = mbs.AddNode(node)
    com = np.array([0.2, 0.05, 0.0])
    # the rigid body with the node at the axis, its centre of mass at com
    b = mbs.AddObject(lib.ObjectRigidBody(
        mass=inertia.Mass(), inertia=inertia.Translated(com).GetInertia6D(),
        centerOfMass=list(com), nodeNumber=n))
    mc = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=b))
    mbs.AddLoad(lib.LoadMassProportional(markerNumber=mc, loadVector=[0, -9.81, 0]))
    m0 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b))
    mbs.AddObject(lib.ObjectJointGeneric(markerNumbers=[m0, m1],
                                         constrainedAxes=[1, 1, 1, 1, 1, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    mr = mbs.AddMarker(lib.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=2))
    if velocity_level:
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mr], offset=w,
                                                    velocityLevel=True))
    else:
        mbs.AddObject(lib.ObjectConnectorCoordinate(
            markerNumbers=[mg, mr], offsetUserFunction=lambda mbs, t, i, o: w * t,
            offsetUserFunction_t=lambda mbs, t, i, o: w))
    s = mbs.AddSensor(lib.SensorBody(bodyNumber=b, localPosition=[0.2, 0.05, 0],
                                     outputVariableType=lib.OutputVariableType.Position,
                                     storeInternal=True))
    mbs.Assemble()
    st = lib.SimulationSettings()
    quiet(st)
    ti = st.timeIntegration
    ti.numberOfSteps = int(round(tend / h))
    ti.endTime = tend
    ti.newton.useModifiedNewton = False
    ti.newton.relativeTolerance = 1e-12
    ti.newton.absoluteTolerance = 1e-12
    ti.generalizedAlpha.useIndex2Constraints = velocity_level
    ti.generalizedAlpha.useNewmark = velocity_level
    _try_set(st, ["solution.sensors.writePeriod", "solutionSettings.sensorsWritePeriod"], h)
    _try_set(st, ["solution.sensors.active", "solutionSettings.sensorsStoreAndWriteFiles"], True)
    mbs.SolveDynamic(st)
    return mbs.GetSensorStoredData(s)


@pytest.mark.parametrize("velocity_level", [False, True], ids=["position", "velocity"])
@pytest.mark.parametrize("kind", ["EP", "Rxyz"])
def test_driven_crank_as_exudyn(kind, velocity_level):
    pytest.importorskip("exudyn")
    mine = driven_crank(cd, kind, velocity_level)
    ref = driven_crank(exudyn_lib(), kind, velocity_level)
    assert mine.shape == ref.shape
    # the point turns on the circle of radius |com| at the driven angle
    phi = 5.0 * mine[:, 0]
    r = np.hypot(0.2, 0.05)
    assert np.allclose(mine[:, 1:3], r * np.column_stack([np.cos(phi + np.arctan2(0.05, 0.2)),
                                                           np.sin(phi + np.arctan2(0.05, 0.2))]),
                       rtol=0, atol=1e-6)
    assert np.abs(mine[:, 1:] - ref[:, 1:]).max() < 1e-10


def test_drive_train_testmodel_gives_its_reference(tmp_path):
    """Exudyn's TestModel driveTrainTest (a 4-piston compressor whose crank, on an EP node, drives
    a flywheel through a velocity-level CoordinateConstraint on its MarkerNodeRotationCoordinate),
    run unchanged through `python -m coordyn.exudyn` in the way runTestSuite.py runs it (the
    name GraphicsDataRectangle, which Exudyn 1.13.6's utilities no longer has, comes from an
    earlier model there): its result, a small number (-9.27e-8), equals the reference to 1e-12
    absolute (7.5e-14 measured; Exudyn's test suite compares absolute differences too)."""
    if not os.path.isdir(MIRROR):
        pytest.skip(f"no bare Exudyn repository at {MIRROR} (set COORDYN_EXUDYN_MIRROR)")
    src = subprocess.run(["git", "-C", MIRROR, "show",
                          "HEAD:main/pythonDev/TestModels/driveTrainTest.py"],
                         capture_output=True, text=True, check=True).stdout
    reference = -9.269855516524927e-08   # runTestSuiteRefSol.py
    runner = ("import sys\nimport coordyn\ncoordyn.use_as_exudyn()\n"
              "import types\nm = types.ModuleType('modelUnitTests')\n"
              "m.exudynTestGlobals = types.SimpleNamespace(useGraphics=False)\n"
              "sys.modules['modelUnitTests'] = m\n"
              "from exudyn.graphicsDataUtilities import GraphicsDataRectangle\n"
              "exec(compile(sys.stdin.read(), 'driveTrainTest.py', 'exec'))\n"
              "print('@@', repr(float(m.exudynTestGlobals.testResult)))\n")
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python"), PYTHONWARNINGS="ignore")
    p = subprocess.run([sys.executable, "-c", runner], input=src, capture_output=True,
                       text=True, env=env, timeout=300, cwd=tmp_path)
    assert p.returncode == 0, p.stderr[-2000:]
    result = float(p.stdout.split("@@")[-1])
    assert abs(result - reference) < 1e-12, (result, reference)


# ---------------------------------------------------------------------------- bad input

@pytest.mark.parametrize("coordinate", [-1, 3])
def test_rotation_coordinate_out_of_range(coordinate):
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(rigid_node(cd, "EP"))
    with pytest.raises(ValueError, match=r"MarkerNodeRotationCoordinate 0: parameter "
                                         r"'rotationCoordinate' is -?\d; it must be 0, 1 or 2"):
        mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=n,
                                                      rotationCoordinate=coordinate))


@pytest.mark.parametrize("node", [cd.NodePoint(), cd.NodePointGround(), cd.Node1D()],
                         ids=lambda n: type(n).__name__)
def test_node_without_rotation(node):
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(node)
    with pytest.raises(ValueError, match=r"MarkerNodeRotationCoordinate 0: parameter "
                                         r"'nodeNumber' refers to node 0 of type \w+, which has "
                                         r"no rotation"):
        mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=2))


def test_planar_node_only_about_z():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBody2D())
    with pytest.raises(ValueError, match=r"MarkerNodeRotationCoordinate 0: parameter "
                                         r"'rotationCoordinate' is 0, but node 0 "
                                         r"\(NodeRigidBody2D\) rotates about z only: use 2"):
        mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=0))
