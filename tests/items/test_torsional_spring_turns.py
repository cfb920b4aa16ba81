"""ObjectConnectorTorsionalSpringDamper with Exudyn's optional nodeNumber (a NodeGenericData
with one coordinate, the continuous angle): a shaft that winds up more than three turns
against a torsional spring has the torque k * (total angle) and oscillates harmonically
(closed form); without the data node the angle wraps into (-pi, pi] as in Exudyn; both runs
match Exudyn 1.13.6 to 1e-10; the Jacobian with a data node against numerical
differentiation; the error messages of a wrong nodeNumber."""
import types
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import check_jacobian, message_naming

K, J, W0 = 10.0, 0.1, 200.0          # omega = sqrt(K / J) = 10 rad/s, amplitude W0 / omega = 20
OMEGA = np.sqrt(K / J)
T_END, STEPS = 1.0, 2000


def exudyn_lib():
    pytest.importorskip("exudyn")
    import exudyn as exu
    import exudyn.utilities as eu
    return types.SimpleNamespace(exu=exu, u=eu)


def shaft(lib, data, damping=0.0, solve=True, phi0=0.0):
    """a rigid shaft (Rxyz node, spinning with W0 about z) on a torsional spring to the
    ground; data: with a NodeGenericData for the continuous angle (initial value phi0).
    Returns (mbs, connector, node, data node, sensor data or None)"""
    exu, u = lib.exu, lib.u
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.AddObject(u.ObjectGround())
    b = mbs.CreateRigidBody(inertia=u.RigidBodyInertia(mass=1.0, inertiaTensor=np.diag([J] * 3)),
                            nodeType=exu.NodeType.RotationRxyz, returnDict=True,
                            initialAngularVelocity=[0, 0, W0])
    m0 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=g))
    m1 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b["bodyNumber"]))
    kw, nd = {}, None
    if data:
        nd = mbs.AddNode(u.NodeGenericData(initialCoordinates=[phi0], numberOfDataCoordinates=1))
        kw["nodeNumber"] = nd
    o = mbs.AddObject(u.ObjectConnectorTorsionalSpringDamper(markerNumbers=[m0, m1],
                                                             stiffness=K, damping=damping, **kw))
    ov = exu.OutputVariableType
    sens = [mbs.AddSensor(u.SensorObject(objectNumber=o, storeInternal=True,
                                         outputVariableType=getattr(ov, v)))
            for v in ("Rotation", "TorqueLocal", "AngularVelocityLocal")]
    sens.append(mbs.AddSensor(u.SensorNode(nodeNumber=b["nodeNumber"], storeInternal=True,
                                           outputVariableType=ov.Coordinates)))
    mbs.Assemble()
    if not solve:
        return mbs, o, b["nodeNumber"], nd, None
    s = exu.SimulationSettings()
    s.timeIntegration.endTime = T_END
    s.timeIntegration.numberOfSteps = STEPS
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)   # Exudyn's old settings names
        s.solutionSettings.writeSolutionToFile = False
        s.solutionSettings.sensorsWritePeriod = T_END / STEPS
    mbs.SolveDynamic(s)
    rot, torque, omega, q = (mbs.GetSensorStoredData(x) for x in sens)
    return mbs, o, b["nodeNumber"], nd, dict(t=rot[:, 0], rot=rot[:, 1], torque=torque[:, 1],
                                             omega=omega[:, 1], psi=q[:, 6])


def coordyn_lib():
    import coordyn.utilities as u
    return types.SimpleNamespace(exu=cd, u=u)


def test_continuous_angle_gives_k_times_the_total_angle():
    """with the data node the spring sees the total angle psi (> 3 turns): the torque is
    k psi at every step, and the shaft oscillates as psi = W0 / omega sin(omega t)"""
    mbs, o, n, nd, r = shaft(coordyn_lib(), data=True)
    assert r["psi"].max() > 3 * 2 * np.pi and r["psi"].min() < -3 * 2 * np.pi
    np.testing.assert_allclose(r["rot"], r["psi"], rtol=0, atol=1e-12)
    np.testing.assert_allclose(r["torque"], K * r["psi"], rtol=0, atol=1e-11)
    exact = W0 / OMEGA * np.sin(OMEGA * r["t"])
    assert np.abs(r["psi"] - exact).max() < 2e-3 * W0 / OMEGA   # generalized-alpha, h = 5e-4
    # the data coordinate holds the continuous angle of the last step
    assert mbs.systemData.GetDataCoordinates()[0] == pytest.approx(r["psi"][-1], abs=1e-12)


def test_without_data_node_the_angle_wraps():
    """no data node: the rotation stays in (-pi, pi], the torque is k wrap(psi), and the
    shaft, pushed back towards the nearest multiple of 2 pi, spins on through many turns"""
    _, _, _, _, r = shaft(coordyn_lib(), data=False)
    assert np.all(np.abs(r["rot"]) <= np.pi)
    wrapped = r["psi"] - 2 * np.pi * np.round(r["psi"] / (2 * np.pi))
    np.testing.assert_allclose(r["rot"], wrapped, rtol=0, atol=1e-12)
    np.testing.assert_allclose(r["torque"], K * wrapped, rtol=0, atol=1e-11)
    assert r["psi"][-1] > 40.0   # it does not come back: the energy k pi^2 / 2 << J W0^2 / 2


def test_data_node_start_value_selects_the_turn():
    """a data node started at 4 pi: the spring counts the shaft's angle 0 as 4 pi (the
    nearest to 4 pi of 0 + 2 pi k) and winds back from there"""
    mbs, o, n, nd, _ = shaft(coordyn_lib(), data=True, solve=False, phi0=4 * np.pi)
    assert mbs.GetObjectOutput(o, cd.OutputVariableType.Rotation) == pytest.approx(4 * np.pi)
    assert mbs.GetObjectOutput(o, cd.OutputVariableType.TorqueLocal) == \
        pytest.approx(K * 4 * np.pi)


def test_inactive_connector_keeps_its_data():
    """Exudyn updates the data only of active connectors: inactive, the shaft spins freely
    and the data coordinate keeps its start value"""
    mbs, o, n, nd, _ = shaft(coordyn_lib(), data=True, solve=False, phi0=0.5)
    mbs.SetObjectParameter(o, "activeConnector", False)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 0.1
    s.timeIntegration.numberOfSteps = 100
    mbs.SolveDynamic(s)
    assert mbs.systemData.GetDataCoordinates()[0] == 0.5
    q = mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates)
    assert q[5] == pytest.approx(W0 * 0.1, rel=1e-12)


@pytest.mark.parametrize("data", [True, False])
def test_same_as_exudyn(data):
    """2000 steps of 5e-4 s, with and without the data node: the angle, the torque and the
    shaft's angle equal Exudyn 1.13.6's to 1e-10 (relative to their largest value)"""
    ex = exudyn_lib()
    *_, a = shaft(ex, data=data, damping=0.01)
    *_, b = shaft(coordyn_lib(), data=data, damping=0.01)
    for key in ("rot", "torque", "omega", "psi"):
        scale = np.abs(a[key]).max()
        assert np.abs(a[key] - b[key]).max() <= 1e-10 * scale, key


@pytest.mark.parametrize("phi0", [0.0, 2 * np.pi])
def test_jacobian_with_data_node(phi0):
    """the analytic Jacobian with a data node (angle shifted by 2 pi k) against numerical
    differentiation, at a state turned 2.5 rad with damping"""
    mbs, o, n, nd, _ = shaft(coordyn_lib(), data=True, damping=0.3, solve=False, phi0=phi0)
    q = mbs.systemData.GetODE2Coordinates()
    q[3:6] = [0.2, -0.1, 2.5]
    mbs.systemData.SetODE2Coordinates(q)
    check_jacobian(mbs, o)


def _bad(node):
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000.0, [1, 1, 1]))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    nodes = {"data2": lambda: mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0],
                                                             numberOfDataCoordinates=2)),
             "point": lambda: mbs.AddNode(cd.NodePoint()),
             "missing": lambda: 17, "negative": lambda: -3}
    mbs.AddObject(cd.ObjectConnectorTorsionalSpringDamper(markerNumbers=[m0, m1], stiffness=1.0,
                                                          nodeNumber=nodes[node]()))
    mbs.Assemble()


@pytest.mark.parametrize("node, parts", [
    ("data2", ["ObjectConnectorTorsionalSpringDamper", "'nodeNumber'", "NodeGenericData with 2",
               "needs a NodeGenericData with 1"]),
    ("point", ["ObjectConnectorTorsionalSpringDamper", "'nodeNumber'", "NodePoint",
               "needs a NodeGenericData with 1"]),
    ("missing", ["ObjectConnectorTorsionalSpringDamper", "'nodeNumber'", "node 17",
                 "does not exist"]),
    ("negative", ["ObjectConnectorTorsionalSpringDamper", "'nodeNumber'", "-3"])])
def test_bad_node_number(node, parts):
    with pytest.raises(Exception, match=message_naming(*parts)):
        _bad(node)
