"""ObjectConnectorRigidBodySpringDamper with Exudyn's nodeNumber and postNewtonStepUserFunction:
an elastic-perfectly plastic spring whose plastic displacement lives in a NodeGenericData,
updated by the post-Newton function (a return mapping) and read by the
springForceTorqueUserFunction. Checked against the hand solution of the impact (elastic
phase, yielding at constant force, elastic rebound about the new plastic set), against
Exudyn 1.13.6 (motion, the data, the number and arguments of the calls), the recommended step
size, an inactive connector, and the errors of bad inputs."""
import types
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import check_jacobian, message_naming

M, K, FY, V0 = 2.0, 1000.0, 20.0, 1.0     # mass, stiffness along x, yield force, start speed
OMEGA = np.sqrt(K / M)
X_Y = FY / K                               # the yield displacement
V1 = np.sqrt(V0 ** 2 - OMEGA ** 2 * X_Y ** 2)   # speed at first yield (energy)
UP_HAND = M * V1 ** 2 / (2 * FY)          # plastic set: the work FY u_p takes M V1^2 / 2
XMAX_HAND = X_Y + UP_HAND


def coordyn_lib():
    import coordyn.utilities as u
    return types.SimpleNamespace(exu=cd, u=u)


def exudyn_lib():
    pytest.importorskip("exudyn")
    import exudyn as exu
    import exudyn.utilities as u
    return types.SimpleNamespace(exu=exu, u=u)


def plastic(lib, h=1e-4, t_end=0.3, active=True, recommend=-1.0, adaptive=False):
    """a rigid body (mass M) thrown with V0 along x against an elastic-perfectly plastic
    spring (the RigidBodySpringDamper's x component) to the ground; returns a namespace with
    the sensor data, the final plastic displacement and the recorded calls"""
    exu, u = lib.exu, lib.u
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.AddObject(u.ObjectGround())
    b = mbs.CreateRigidBody(inertia=u.RigidBodyInertia(mass=M, inertiaTensor=np.eye(3)),
                            initialVelocity=[V0, 0, 0], returnDict=True)
    m0 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=g))
    m1 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b["bodyNumber"]))
    nd = mbs.AddNode(u.NodeGenericData(initialCoordinates=[0.0, 0.0],
                                       numberOfDataCoordinates=2))
    calls = []

    def force(mbs, t, i, disp, rot, vel, omega, stiffness, damping, rotJ0, rotJ1, offset):
        calls.append(("force", t))
        up = mbs.systemData.GetDataCoordinates()[0]
        x = np.hstack([disp, rot])
        x[0] -= up
        return list(np.asarray(stiffness) @ x)

    def post_newton(mbs, t, i, data, disp, rot, vel, omega, stiffness, damping, rotJ0, rotJ1,
                    offset):
        calls.append(("pn", t, list(data), float(disp[0])))
        up, k = data[0], stiffness[0][0]
        trial = k * (disp[0] - up)
        if abs(trial) > FY:   # return mapping: the force back on the yield limit
            new = disp[0] - np.sign(trial) * FY / k
            return [abs(new - up) * k, recommend, new, data[1] + 1]
        return [0.0, recommend, up, data[1]]

    o = mbs.AddObject(u.ObjectConnectorRigidBodySpringDamper(
        markerNumbers=[m0, m1], nodeNumber=nd, activeConnector=active,
        stiffness=np.diag([K, K, K, 10.0, 10.0, 10.0]), springForceTorqueUserFunction=force,
        postNewtonStepUserFunction=post_newton))
    sx = mbs.AddSensor(u.SensorNode(nodeNumber=b["nodeNumber"], storeInternal=True,
                                    outputVariableType=exu.OutputVariableType.Displacement))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = int(round(t_end / h))
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.discontinuous.iterationTolerance = 1e-6
    s.timeIntegration.discontinuous.maxIterations = 10
    s.timeIntegration.adaptiveStep = adaptive
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)   # Exudyn's old settings names
        s.solutionSettings.writeSolutionToFile = False
        s.solutionSettings.sensorsWritePeriod = h
    mbs.SolveDynamic(s)
    return types.SimpleNamespace(mbs=mbs, o=o, nd=nd, x=mbs.GetSensorStoredData(sx),
                                 data=np.array(mbs.systemData.GetDataCoordinates()),
                                 calls=calls)


def hand_motion(t):
    """x(t): elastic x = V0 / OMEGA sin(OMEGA t) up to X_Y (t1), yielding at the constant
    force FY up to rest at XMAX_HAND (t2), then elastic about the plastic set:
    x = UP_HAND + X_Y cos(OMEGA (t - t2))"""
    t1 = np.arcsin(X_Y * OMEGA / V0) / OMEGA
    t2 = t1 + M * V1 / FY
    x = V0 / OMEGA * np.sin(OMEGA * t)
    yielding = (t > t1) & (t <= t2)
    tau = t[yielding] - t1
    x[yielding] = X_Y + V1 * tau - 0.5 * FY / M * tau ** 2
    x[t > t2] = UP_HAND + X_Y * np.cos(OMEGA * (t[t > t2] - t2))
    return x


def test_plastic_set_against_the_hand_solution():
    """the plastic set u_p = M V1^2 / (2 FY), the largest displacement X_Y + u_p, and the
    whole motion (elastic, yielding, elastic rebound about u_p) as by hand"""
    r = plastic(coordyn_lib())
    assert r.data[0] == pytest.approx(UP_HAND, rel=1e-5)
    assert r.x[:, 1].max() == pytest.approx(XMAX_HAND, rel=1e-5)
    t = r.x[:, 0]
    assert np.abs(r.x[:, 1] - hand_motion(t)).max() < 1e-5 * XMAX_HAND   # 1.4e-6 measured
    assert r.data[1] > 10              # the steps that yielded were counted in data[1]
    # every post-Newton call got the data Newton used: the previous call's result or the
    # same (after a repeated solve)
    pn = [c for c in r.calls if c[0] == "pn"]
    assert pn[0][2] == [0.0, 0.0]


def test_same_as_exudyn():
    """the motion to 1e-10, the plastic set, and the same sequence of calls (each
    springForceTorqueUserFunction call of the post-Newton evaluation included) with the same
    arguments as Exudyn 1.13.6"""
    a = plastic(exudyn_lib())
    b = plastic(coordyn_lib())
    assert np.abs(a.x - b.x).max() <= 1e-10 * np.abs(a.x).max()
    np.testing.assert_allclose(b.data, a.data, rtol=1e-10, atol=1e-14)
    pa = [c for c in a.calls if c[0] == "pn"]
    pb = [c for c in b.calls if c[0] == "pn"]
    assert len(pa) == len(pb) > 3000
    for ca, cb in zip(pa, pb):
        assert ca[1] == pytest.approx(cb[1], abs=1e-12)
        np.testing.assert_allclose(cb[2], ca[2], rtol=1e-9, atol=1e-14)
    # Exudyn evaluates the spring (and its function) right before each post-Newton call
    for calls in (a.calls, b.calls):
        idx = [k for k, c in enumerate(calls) if c[0] == "pn"]
        assert all(calls[k - 1][0] == "force" and calls[k - 1][1] == calls[k][1] for k in idx)


def test_inactive_connector_does_not_call_the_function():
    r = plastic(coordyn_lib(), active=False, t_end=0.01)
    assert not [c for c in r.calls if c[0] == "pn"]
    assert list(r.data) == [0.0, 0.0]
    assert r.x[-1, 1] == pytest.approx(V0 * 0.01, rel=1e-12)   # no spring: free flight


def test_recommended_step_size_reduces_the_step():
    """a recommended step (1e-5) below the step tried (1e-4) ends the discontinuous
    iteration of a yielding step and, with adaptiveStep, the step is taken again smaller:
    many more calls than without the recommendation (793 and 9943 measured; Exudyn 1.13.6:
    793 and 8798, its step growth differs), the same plastic set"""
    base = plastic(coordyn_lib(), t_end=0.05, adaptive=True)
    r = plastic(coordyn_lib(), t_end=0.05, adaptive=True, recommend=1e-5)
    nb = len([c for c in base.calls if c[0] == "pn"])
    nr = len([c for c in r.calls if c[0] == "pn"])
    assert nr > 5 * nb
    assert r.data[0] == pytest.approx(base.data[0], rel=1e-5)


def test_jacobian_stays_analytic_without_a_spring_function():
    """the post-Newton function does not enter the Jacobian: with it alone the connector's
    Jacobian is the analytic one (equal to numerical differentiation)"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000.0, [0.2, 0.3, 0.4]),
                            referencePosition=[0.1, 0.05, 0.0],
                            referenceRotationMatrix=cd.rigid.RotationMatrixZ(0.4))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0.0], numberOfDataCoordinates=1))
    o = mbs.AddObject(cd.ObjectConnectorRigidBodySpringDamper(
        markerNumbers=[m0, m1], nodeNumber=nd, stiffness=np.diag([1e3, 2e3, 3e3, 10, 20, 30]),
        damping=np.eye(6), postNewtonStepUserFunction=lambda *a: [0.0, -1.0, a[3][0]]))
    mbs.Assemble()
    check_jacobian(mbs, o)


def _bad(change):
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000.0, [1, 1, 1]))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0.0], numberOfDataCoordinates=1))
    point = mbs.AddNode(cd.NodePointGround())
    kw = dict(markerNumbers=[m0, m1], nodeNumber=nd, stiffness=np.eye(6),
              postNewtonStepUserFunction=lambda *a: [0.0, -1.0, 0.0])
    kw.update(change(nd, point))
    mbs.AddObject(cd.ObjectConnectorRigidBodySpringDamper(**kw))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 2
    s.timeIntegration.endTime = 0.002
    mbs.SolveDynamic(s)


@pytest.mark.parametrize("change, parts", [
    (lambda nd, pt: dict(nodeNumber=-1),
     ["ObjectConnectorRigidBodySpringDamper", "'postNewtonStepUserFunction'", "'nodeNumber'",
      "NodeGenericData"]),
    (lambda nd, pt: dict(nodeNumber=pt),
     ["ObjectConnectorRigidBodySpringDamper", "'nodeNumber'", "NodePointGround",
      "needs a NodeGenericData"]),
    (lambda nd, pt: dict(nodeNumber=9),
     ["ObjectConnectorRigidBodySpringDamper", "'nodeNumber'", "node 9", "does not exist"]),
    (lambda nd, pt: dict(postNewtonStepUserFunction=lambda *a: [0.0, -1.0]),
     ["postNewtonStepUserFunction", "must return 3 value"]),
    (lambda nd, pt: dict(postNewtonStepUserFunction=5),
     ["ObjectConnectorRigidBodySpringDamper", "postNewtonStepUserFunction"])])
def test_bad_input(change, parts):
    with pytest.raises(Exception, match=message_naming(*parts)):
        _bad(change)


def test_node_without_function_is_unused():
    """nodeNumber without postNewtonStepUserFunction is accepted (as in Exudyn) and the spring
    gives its force as without it: k x = 100 * 0.01 = 1"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000.0, [1, 1, 1]),
                            referencePosition=[0.01, 0, 0])
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0.0], numberOfDataCoordinates=1))
    o = mbs.AddObject(cd.ObjectConnectorRigidBodySpringDamper(markerNumbers=[m0, m1],
                                                              nodeNumber=nd,
                                                              stiffness=np.eye(6) * 100.0))
    mbs.Assemble()
    assert mbs.GetObjectOutput(o, cd.OutputVariableType.ForceLocal)[0] == pytest.approx(1.0)
