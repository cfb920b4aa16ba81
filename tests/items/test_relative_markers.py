"""MarkerBodiesRelativeRotationCoordinate and MarkerBodiesRelativeTranslationCoordinate with the
coordinate connectors: against the closed form of two inertias on a torsional spring, against
equivalent models built from existing items (ObjectConnectorTorsionalSpringDamper,
ObjectConnectorSpringDamper), against Exudyn 1.13.6 on the same models, the connectors'
Jacobians against numerical differentiation, and bad input."""
import numpy as np
import pytest

import coordyn as cd
from conftest import new_system
from exudyn_models import default_settings, exudyn_lib

J0, J1 = 0.5, 2.0          # polar inertias of the two bodies [kg m^2]
K_ROT, D_ROT = 40.0, 0.0   # torsional stiffness [N m/rad], damping
OFF = 0.4                  # spring offset: the relative angle at rest [rad]


def _inertia(m, jz):
    return [0.6 * jz, 0.6 * jz, jz, 0, 0, 0]


def _body(lib, mbs, pos, jz, omega=0.0, vel=(0, 0, 0)):
    """rigid body (Euler parameters) at pos, spinning about z with omega"""
    n = mbs.AddNode(lib.NodeRigidBodyEP(referenceCoordinates=list(pos) + [1, 0, 0, 0],
                                        initialVelocities=list(vel) + [0, 0, 0, 0.5 * omega]))
    b = mbs.AddObject(lib.ObjectRigidBody(mass=1.0, inertia=_inertia(1.0, jz),
                                          nodeNumber=n))
    return n, b


def _revolute_z(lib, mbs, ground, body, pos):
    """revolute joint about global z between the ground point pos and the body's centre"""
    m0 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=list(pos)))
    m1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=body, localPosition=[0, 0, 0]))
    mbs.AddObject(lib.ObjectJointGeneric(markerNumbers=[m0, m1],
                                         constrainedAxes=[1, 1, 1, 1, 1, 0]))


def rotation_model(lib, variant="marker", t_end=0.5, steps=500, damping=D_ROT, offset0=0.0):
    """two bodies on revolute joints about z (at x = 0 and x = 1), a torsional spring between
    them: variant "marker" through MarkerBodiesRelativeRotationCoordinate and a
    CoordinateSpringDamper, "torsional" through ObjectConnectorTorsionalSpringDamper. Returns
    (mbs, spring object, node0, node1, relative-rotation marker or None) after the solve."""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(lib.ObjectGround())
    n0, b0 = _body(lib, mbs, [0, 0, 0], J0)
    n1, b1 = _body(lib, mbs, [1, 0, 0], J1)
    _revolute_z(lib, mbs, ground, b0, [0, 0, 0])
    _revolute_z(lib, mbs, ground, b1, [1, 0, 0])
    mrel = None
    if variant == "marker":
        ng = mbs.AddNode(lib.NodePointGround())
        mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        mrel = mbs.AddMarker(lib.MarkerBodiesRelativeRotationCoordinate(
            bodyNumbers=[b0, b1], axis0=[0, 0, 1], offset=offset0))
        spring = mbs.AddObject(lib.CoordinateSpringDamper(markerNumbers=[mg, mrel],
                                                          stiffness=K_ROT, damping=damping,
                                                          offset=OFF - offset0))
    else:
        m0 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b0))
        m1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b1))
        spring = mbs.AddObject(lib.ObjectConnectorTorsionalSpringDamper(
            markerNumbers=[m0, m1], stiffness=K_ROT, damping=damping, offset=OFF))
    mbs.Assemble()
    s = default_settings(lib)
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = steps
    mbs.SolveDynamic(s)
    return mbs, spring, n0, n1, mrel


L0, K_TR, D_TR, OMEGA = 0.8, 200.0, 3.0, 2.0


def translation_model(lib, variant="marker", t_end=0.5, steps=500):
    """body 0 spins about z on a revolute joint at the origin; body 1 slides along body 0's x
    axis (a generic joint that leaves x free) starting at x = 1 with the common spin OMEGA; a
    spring of length L0 between the two centres: variant "marker" through
    MarkerBodiesRelativeTranslationCoordinate and a CoordinateSpringDamper, "spring" through
    ObjectConnectorSpringDamper (the centres lie on the axis, so both measure the same length)."""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(lib.ObjectGround())
    n0, b0 = _body(lib, mbs, [0, 0, 0], J0, omega=OMEGA)
    n1, b1 = _body(lib, mbs, [1, 0, 0], J1, omega=OMEGA, vel=(0, OMEGA, 0))
    _revolute_z(lib, mbs, ground, b0, [0, 0, 0])
    m0 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b0))
    m1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b1))
    mbs.AddObject(lib.ObjectJointGeneric(markerNumbers=[m0, m1],
                                         constrainedAxes=[0, 1, 1, 1, 1, 1]))
    mrel = None
    if variant == "marker":
        ng = mbs.AddNode(lib.NodePointGround())
        mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        mrel = mbs.AddMarker(lib.MarkerBodiesRelativeTranslationCoordinate(
            bodyNumbers=[b0, b1], axis0=[1, 0, 0]))
        spring = mbs.AddObject(lib.CoordinateSpringDamper(markerNumbers=[mg, mrel],
                                                          stiffness=K_TR, damping=D_TR,
                                                          offset=L0))
    else:
        mp0 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=b0))
        mp1 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=b1))
        spring = mbs.AddObject(lib.ObjectConnectorSpringDamper(
            markerNumbers=[mp0, mp1], stiffness=K_TR, damping=D_TR, referenceLength=L0))
    mbs.Assemble()
    s = default_settings(lib)
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = steps
    mbs.SolveDynamic(s)
    return mbs, spring, n0, n1, mrel


def _scalar(x):
    return float(np.atleast_1d(x)[0])


def _state(lib, mbs, n0, n1):
    ov = lib.OutputVariableType
    return np.concatenate([mbs.GetNodeOutput(n, v) for n in (n0, n1)
                           for v in (ov.Position, ov.Velocity, ov.AngularVelocity)])


def _angle_z(lib, mbs, n):
    A = np.asarray(mbs.GetNodeOutput(n, lib.OutputVariableType.RotationMatrix)).reshape(3, 3)
    return np.arctan2(A[1, 0], A[0, 0])


def test_rotation_closed_form():
    """two free inertias on a torsional spring: phi1 - phi0 = OFF (1 - cos w t),
    w^2 = k (1/J0 + 1/J1); the marker's value and velocity are that angle and its rate"""
    t = 0.5
    mbs, spring, n0, n1, mrel = rotation_model(cd, t_end=t, steps=2000)
    w = np.sqrt(K_ROT * (1 / J0 + 1 / J1))
    rel = _angle_z(cd, mbs, n1) - _angle_z(cd, mbs, n0)
    assert rel == pytest.approx(OFF * (1 - np.cos(w * t)), abs=2e-4)
    ov = cd.OutputVariableType
    assert _scalar(mbs.GetMarkerOutput(mrel, ov.Coordinates)) == pytest.approx(rel, abs=1e-12)
    wrel = mbs.GetNodeOutput(n1, ov.AngularVelocity)[2] - mbs.GetNodeOutput(n0, ov.AngularVelocity)[2]
    assert wrel == pytest.approx(OFF * w * np.sin(w * t), abs=2e-3)
    assert _scalar(mbs.GetMarkerOutput(mrel, ov.Coordinates_t)) == pytest.approx(wrel, abs=1e-12)
    # angular momentum stays zero: J0 w0 + J1 w1 = 0
    w0 = mbs.GetNodeOutput(n0, ov.AngularVelocity)[2]
    assert J0 * w0 + J1 * (w0 + wrel) == pytest.approx(0.0, abs=1e-6)
    assert mbs.GetObjectOutput(spring, ov.Force) == pytest.approx(K_ROT * (rel - OFF), abs=1e-9)


@pytest.mark.parametrize("offset0", [0.0, 0.25])
def test_rotation_equals_torsional_spring(offset0):
    """the relative-rotation marker with a CoordinateSpringDamper gives the trajectories of an
    ObjectConnectorTorsionalSpringDamper (with damping; the marker's offset shifts the value)"""
    a = rotation_model(cd, "marker", damping=0.7, offset0=offset0)
    b = rotation_model(cd, "torsional", damping=0.7)
    xa, xb = _state(cd, a[0], a[2], a[3]), _state(cd, b[0], b[2], b[3])
    assert np.abs(xa).max() > 0.1
    np.testing.assert_allclose(xa, xb, rtol=0, atol=1e-10)


def test_translation_equals_spring_damper():
    """the relative-translation marker along body 0's spinning x axis with a
    CoordinateSpringDamper gives the trajectories of an ObjectConnectorSpringDamper between the
    centres"""
    a = translation_model(cd, "marker")
    b = translation_model(cd, "spring")
    xa, xb = _state(cd, a[0], a[2], a[3]), _state(cd, b[0], b[2], b[3])
    assert np.abs(xa).max() > 0.5
    np.testing.assert_allclose(xa, xb, rtol=0, atol=1e-10)
    ov = cd.OutputVariableType
    d = a[0].GetNodeOutput(a[3], ov.Position) - a[0].GetNodeOutput(a[2], ov.Position)
    assert _scalar(a[0].GetMarkerOutput(a[4], ov.Coordinates)) == pytest.approx(np.linalg.norm(d),
                                                                           abs=1e-12)
    assert a[0].GetObjectOutput(a[1], ov.Displacement) == pytest.approx(np.linalg.norm(d),
                                                                        abs=1e-12)


@pytest.mark.parametrize("model", [rotation_model, translation_model])
def test_against_exudyn(model):
    """the same model on Exudyn 1.13.6: positions, velocities, angular velocities to 1e-8"""
    pytest.importorskip("exudyn")
    a = model(cd)
    lib = exudyn_lib()
    b = model(lib)
    xa, xb = _state(cd, a[0], a[2], a[3]), _state(lib, b[0], b[2], b[3])
    np.testing.assert_allclose(xa, xb, rtol=0, atol=1e-8 * max(1.0, np.abs(xb).max()))
    ov = cd.OutputVariableType
    va = _scalar(a[0].GetMarkerOutput(a[4], ov.Coordinates))
    vb = _scalar(b[0].GetMarkerOutput(b[4], lib.OutputVariableType.Coordinates))
    assert va == pytest.approx(vb, abs=1e-8)


def _two_turned_bodies(phi0=0.3, phi1=1.1, along=0.7):
    """body 0 turned by phi0 about z at the origin, body 1 turned by phi1 about z on body 0's x
    axis at distance `along`; returns mbs, ground coordinate marker and the two relative
    markers"""
    mbs = new_system()
    p1 = [along * np.cos(phi0), along * np.sin(phi0), 0]
    nodes = [mbs.AddNode(cd.NodeRigidBodyRxyz(referenceCoordinates=list(p) + [0, 0, a]))
             for p, a in (([0, 0, 0], phi0), (p1, phi1))]
    bodies = [mbs.AddObject(cd.ObjectRigidBody(mass=1.0, inertia=_inertia(1.0, 1.0),
                                               nodeNumber=n)) for n in nodes]
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mrot = mbs.AddMarker(cd.MarkerBodiesRelativeRotationCoordinate(bodyNumbers=bodies,
                                                                   axis0=[0, 0, 1]))
    mtr = mbs.AddMarker(cd.MarkerBodiesRelativeTranslationCoordinate(bodyNumbers=bodies,
                                                                     axis0=[1, 0, 0]))
    return mbs, mg, mrot, mtr


@pytest.mark.parametrize("which", ["rotation", "translation"])
def test_gradient_is_the_derivative_of_the_value(which):
    """at a configuration where the bodies differ by a rotation about the axis (rotation) or a
    translation along it (translation), the gradient the marker hands to the connectors (the
    constraint's Cq, from r2 = Cq^T lambda) equals the derivative of its value (the numerical
    Gq); the connectors report their Jacobian as numerical, and at the spring's rest value its
    K = k g g^T and D = d g g^T"""
    mbs, mg, mrot, mtr = _two_turned_bodies()
    mrel = mrot if which == "rotation" else mtr
    con = mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mrel]))
    mbs.Assemble()
    value = _scalar(mbs.GetMarkerOutput(mrel, cd.OutputVariableType.Coordinates))
    spr = mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, mrel], stiffness=50.0,
                                                  damping=3.0, offset=value))
    mbs.Assemble()
    assert value == pytest.approx(0.8 if which == "rotation" else 0.7, abs=1e-12)
    a = mbs.GetObjectJacobian(con)
    assert a["analytic"] is False
    g = a["Cq"][0]
    assert np.abs(g).max() > 0.5
    np.testing.assert_allclose(a["Gq"][0], g, rtol=0, atol=1e-6)
    # the spring at its rest value (force 0): K = k g g^T, D = d g g^T
    k = mbs.GetObjectJacobian(spr)
    assert k["analytic"] is False
    np.testing.assert_allclose(k["K"], 50.0 * np.outer(g, g), rtol=0, atol=1e-5)
    np.testing.assert_allclose(k["D"], 3.0 * np.outer(g, g), rtol=0, atol=1e-5)


def test_bad_input():
    mbs, mg, mrot, mtr = _two_turned_bodies()
    ng = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mp = mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=ng))
    R = cd.MarkerBodiesRelativeRotationCoordinate
    T = cd.MarkerBodiesRelativeTranslationCoordinate
    with pytest.raises(ValueError, match=r"MarkerBodiesRelativeRotationCoordinate \d+: parameter "
                       r"'bodyNumbers' entry 1 refers to object 2 of type ObjectMassPoint"):
        mbs.AddMarker(R(bodyNumbers=[0, mp]))
    with pytest.raises(ValueError, match=r"MarkerBodiesRelativeTranslationCoordinate \d+: "
                       r"parameter 'bodyNumbers' names body 1 twice"):
        mbs.AddMarker(T(bodyNumbers=[1, 1]))
    with pytest.raises(ValueError, match=r"parameter 'axis0' is the zero vector"):
        mbs.AddMarker(T(bodyNumbers=[0, 1], axis0=[0, 0, 0]))
    with pytest.raises(ValueError, match=r"'nodeNumber' \(Exudyn's angle continuation"):
        mbs.AddMarker(R(bodyNumbers=[0, 1], nodeNumber=0))
    with pytest.raises(ValueError, match=r"parameter 'bodyNumbers'"):
        mbs.AddMarker(R(bodyNumbers=[0]))
    with pytest.raises(ValueError, match=r"parameter 'bodyNumbers' refers to object 7, which does not exist"):
        mbs.AddMarker(R(bodyNumbers=[0, 7]))
    # coordinate connectors that need a single coordinate refuse them
    with pytest.raises(ValueError, match=r"LoadCoordinate \d+: parameter 'markerNumber' refers "
                       r"to marker %d of type MarkerBodiesRelativeRotationCoordinate" % mrot):
        mbs.AddLoad(cd.LoadCoordinate(markerNumber=mrot, load=1.0))


def test_sensor_on_marker_without_connector():
    """a SensorMarker reads a relative marker that no connector uses (its coordinates, those
    of both bodies, outnumber every object's): the value, and body 0's point as Position"""
    mbs, mg, mrot, mtr = _two_turned_bodies()
    ov = cd.OutputVariableType
    s1 = mbs.AddSensor(cd.SensorMarker(markerNumber=mrot, outputVariableType=ov.Coordinates,
                                       storeInternal=True))
    s2 = mbs.AddSensor(cd.SensorMarker(markerNumber=mtr, outputVariableType=ov.Position,
                                       storeInternal=True))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 2
    s.timeIntegration.endTime = 0.01
    mbs.SolveDynamic(s)
    assert mbs.GetSensorStoredData(s1)[-1][1] == pytest.approx(0.8, abs=1e-12)
    np.testing.assert_allclose(mbs.GetSensorStoredData(s2)[-1][1:], [0, 0, 0], atol=1e-12)
