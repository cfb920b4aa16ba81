"""ObjectRotationalMass1D: a rotor on a Node1D. Checked against Exudyn 1.13.6 on the same model
(spring, damper and a torque about a tilted axis), against the closed-form motion under a
constant torque, the body-frame geometry of an off-axis point, numerical differentiation of a
spring on such a point, and its error messages."""
import types
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import check_jacobian, new_system


def tilted():
    c, s = np.cos(0.4), np.sin(0.4)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]]) @ np.array([[c, 0, s], [0, 1, 0],
                                                                     [-s, 0, c]])


def rotor_model(lib, spring=True, steps=200, t_end=2.0):
    """a rotor (J = 2) about the tilted axis R0 e_z at p0 = (1, 2, 3), on a torsional coordinate
    spring-damper to ground (k = 50, d = 0.3) and a constant global torque; returns the
    outputs at the end"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    n = mbs.AddNode(lib.Node1D(referenceCoordinates=[0.2], initialCoordinates=[0.1],
                               initialVelocities=[0.5]))
    o = mbs.AddObject(lib.ObjectRotationalMass1D(nodeNumber=n, inertia=2.0,
                                                 referencePosition=[1, 2, 3],
                                                 referenceRotation=tilted()))
    if spring:
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
        mbs.AddObject(lib.ObjectConnectorCoordinateSpringDamper(markerNumbers=[mg, mc],
                                                                stiffness=50, damping=0.3))
    mr = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=o, localPosition=[0, 0, 0.5]))
    mbs.AddLoad(lib.LoadTorqueVector(markerNumber=mr, loadVector=[0.4, -0.7, 1.1]))
    mbs.Assemble()
    s = lib.SimulationSettings()
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.verboseMode = 0
    s.solutionSettings.writeSolutionToFile = False
    s.solutionSettings.sensorsWritePeriod = t_end
    mbs.SolveDynamic(s)
    ov = lib.OutputVariableType
    out = {v: np.atleast_1d(np.array(mbs.GetObjectOutputBody(o, getattr(ov, v),
                                                             localPosition=[0, 0, 0.5]), float))
           for v in ("Rotation", "AngularVelocity", "AngularVelocityLocal", "RotationMatrix",
                     "Position", "Velocity", "Displacement")}
    out["q"] = np.atleast_1d(mbs.GetNodeOutput(n, ov.Coordinates))
    out["q_t"] = np.atleast_1d(mbs.GetNodeOutput(n, ov.Coordinates_t))
    return out


def exudyn_lib():
    """Exudyn's item classes and system types in one namespace (like coordyn's module)"""
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    ns = types.SimpleNamespace(**{k: getattr(ii, k) for k in dir(ii) if not k.startswith("_")})
    for k in ("SystemContainer", "SimulationSettings", "OutputVariableType"):
        setattr(ns, k, getattr(exu, k))
    return ns


def test_same_as_exudyn():
    """spring, damper and tilted torque on both engines: every output equal to 1e-10"""
    lib = exudyn_lib()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # Exudyn's renamed settings
        ref = rotor_model(lib)
    res = rotor_model(cd)
    for k, v in ref.items():
        assert res[k].shape == v.shape, k
        assert np.allclose(res[k], v, rtol=1e-10, atol=1e-12), (k, res[k], v)
    assert abs(ref["q"][0]) > 0.05 and abs(ref["q_t"][0]) > 0.05  # it really moved


def test_constant_torque_closed_form():
    """without the spring psi(t) = psi0 + w0 t + (tau . R0 e_z) t^2 / (2 J), which
    generalized-alpha reproduces exactly (constant acceleration)"""
    out = rotor_model(cd, spring=False, steps=50, t_end=1.5)
    axis = tilted()[:, 2]
    alpha = np.dot([0.4, -0.7, 1.1], axis) / 2.0
    t = 1.5
    assert out["q"][0] == pytest.approx(0.1 + 0.5 * t + 0.5 * alpha * t ** 2, rel=1e-12)
    assert out["q_t"][0] == pytest.approx(0.5 + alpha * t, rel=1e-12)
    assert out["Rotation"][0] == pytest.approx(0.2 + out["q"][0], rel=1e-14)
    assert np.allclose(out["AngularVelocity"], (0.5 + alpha * t) * axis, rtol=1e-12)
    assert np.allclose(out["AngularVelocityLocal"], [0, 0, 0.5 + alpha * t], rtol=1e-12)


def spring_on_point(lp=(0.3, 0.2, 0.1)):
    mbs = new_system()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.7], initialCoordinates=[0.2],
                              initialVelocities=[1.3]))
    o = mbs.AddObject(cd.ObjectRotationalMass1D(nodeNumber=n, inertia=0.5,
                                                referencePosition=[1, 2, 3],
                                                referenceRotation=tilted()))
    g = mbs.AddObject(cd.ObjectGround())
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[1.5, 2.5, 2.0]))
    m1 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=o, localPosition=list(lp)))
    sp = mbs.AddObject(cd.ObjectConnectorSpringDamper(markerNumbers=[m0, m1], stiffness=300,
                                                      damping=2, referenceLength=0.4))
    mbs.Assemble()
    return mbs, o, sp


def test_off_axis_point_geometry_and_spring_jacobian():
    """a point lp off the axis sits at p0 + R0 Rz(psi) lp and moves with psi_t R0 Rz (e_z x lp);
    the spring on it has the analytic Jacobian of the numerical one"""
    lp = np.array([0.3, 0.2, 0.1])
    mbs, o, sp = spring_on_point(lp)
    psi, w = 0.9, 1.3
    c, s = np.cos(psi), np.sin(psi)
    A = tilted() @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])
    ov = cd.OutputVariableType
    pos = mbs.GetObjectOutputBody(o, ov.Position, localPosition=list(lp))
    vel = mbs.GetObjectOutputBody(o, ov.Velocity, localPosition=list(lp))
    assert np.allclose(pos, [1, 2, 3] + A @ lp, rtol=1e-14)
    assert np.allclose(vel, w * A @ np.cross([0, 0, 1], lp), rtol=1e-14)
    assert np.allclose(mbs.GetObjectOutputBody(o, ov.RotationMatrix, localPosition=[0, 0, 0]),
                       A.ravel(), rtol=1e-14)
    a, _ = check_jacobian(mbs, sp)
    assert np.linalg.norm(a["K"]) > 1.0 and np.linalg.norm(a["D"]) > 0.1


def test_off_axis_spring_energy_is_conserved():
    """undamped spring on an off-axis point: J psi_t^2 / 2 + k (L - L0)^2 / 2 stays constant
    (trapezoidal rule, small steps)"""
    mbs = new_system()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0], initialVelocities=[2.0]))
    o = mbs.AddObject(cd.ObjectRotationalMass1D(nodeNumber=n, inertia=0.5,
                                                referenceRotation=tilted()))
    g = mbs.AddObject(cd.ObjectGround())
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[1.0, 0.3, 0.2]))
    m1 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=o, localPosition=[0.5, 0, 0]))
    sp = mbs.AddObject(cd.ObjectConnectorSpringDamper(markerNumbers=[m0, m1], stiffness=40,
                                                      referenceLength=0.5))
    sn = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=cd.OutputVariableType.Coordinates_t))
    sd = mbs.AddSensor(cd.SensorObject(objectNumber=sp,
                                       outputVariableType=cd.OutputVariableType.Distance))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 2.0
    s.timeIntegration.numberOfSteps = 4000
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.0
    s.solutionSettings.sensorsWritePeriod = 2.0 / 4000
    mbs.SolveDynamic(s)
    w = mbs.GetSensorStoredData(sn)[:, 1]
    L = mbs.GetSensorStoredData(sd)[:, 1]
    E = 0.25 * w ** 2 + 20 * (L - 0.5) ** 2
    assert np.ptp(L) > 0.1  # the spring really works
    assert np.ptp(E) < 1e-4 * E[0], (np.ptp(E), E[0])


def test_bad_input_messages():
    mbs = new_system()
    p = mbs.AddNode(cd.NodePoint())
    n = mbs.AddNode(cd.Node1D())
    with pytest.raises(Exception, match=r"ObjectRotationalMass1D.*'inertia'.*>= 0"):
        mbs.AddObject(cd.ObjectRotationalMass1D(nodeNumber=n, inertia=-1))
    with pytest.raises(Exception, match=r"ObjectRotationalMass1D.*'nodeNumber'.*NodePoint.*Node1D"):
        mbs.AddObject(cd.ObjectRotationalMass1D(nodeNumber=p, inertia=1))
        mbs.Assemble()
    mbs = new_system()
    n = mbs.AddNode(cd.Node1D())
    with pytest.raises(Exception, match=r"ObjectRotationalMass1D.*'referenceRotation'.*3x3"):
        mbs.AddObject(cd.ObjectRotationalMass1D(nodeNumber=n, inertia=1,
                                                referenceRotation=np.eye(2)))
        mbs.Assemble()


def test_physics_inertia_alias_and_short_name():
    """Exudyn's deprecated physicsInertia and the short name Rotor1D"""
    assert cd.Rotor1D is cd.ObjectRotationalMass1D or issubclass(cd.Rotor1D,
                                                                 cd.ObjectRotationalMass1D)
    mbs = new_system()
    n = mbs.AddNode(cd.Node1D())
    o = mbs.AddObject(cd.Rotor1D(nodeNumber=n, physicsInertia=3.5))
    assert mbs.GetObjectParameter(o, "inertia") == 3.5
