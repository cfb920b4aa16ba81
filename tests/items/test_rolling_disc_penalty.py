"""ObjectConnectorRollingDiscPenalty and MainSystem.CreateRollingDiscPenalty: a disc on a plane
with a penalty contact and regularized friction, against closed forms (the static compression
m g / k, rolling under a force at the centre a = 2F/(3m), a sliding disc decelerating with
mu g until it rolls at 2/3 of its start speed), Exudyn 1.13.6 on the same models, the
Jacobian's normal stiffness and damping, and the error messages of bad input."""
import types

import numpy as np
import pytest

import coordyn as cd

G = 9.81


def exudyn_lib():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    import exudyn.utilities  # noqa: F401  (MainSystem.Create* are attached by the import)
    ns = types.SimpleNamespace(**{k: getattr(ii, k) for k in dir(ii) if not k.startswith("_")})
    for k in ("SystemContainer", "SimulationSettings", "OutputVariableType"):
        setattr(ns, k, getattr(exu, k))
    return ns


def disc(lib, r=0.1, m=0.5, z0=None, v0=0.0, omega0=0.0, F=0.0, t_end=0.5, h=1e-3,
         create=True, solve=True, modified=True, sensors=("Position", "ForceLocal"), rtol=1e-8,
         **contact):
    """an upright disc (axis = the body's y axis = global y) of radius r and mass m, centre at
    height z0 (default r), speed v0 along x and spin omega0 about y, a force F along x at its
    centre, on the plane z = 0 through the penalty connector; returns (mbs, connector, body
    node, sensor data)"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    J = 0.5 * m * r ** 2
    inertia = cd.rigid.RigidBodyInertia(mass=m, inertiaTensor=np.diag([0.5 * J, J, 0.5 * J]))
    if lib is not cd:
        import exudyn.utilities as eu
        inertia = eu.RigidBodyInertia(mass=m, inertiaTensor=np.diag([0.5 * J, J, 0.5 * J]))
    b = mbs.CreateRigidBody(referencePosition=[0, 0, r if z0 is None else z0],
                            initialVelocity=[v0, 0, 0], initialAngularVelocity=[0, omega0, 0],
                            inertia=inertia, gravity=[0, 0, -G], returnDict=True)
    ground = mbs.AddObject(lib.ObjectGround())
    kw = dict(contactStiffness=1e5, contactDamping=2e3)
    kw.update(contact)
    if create:
        o = mbs.CreateRollingDiscPenalty(bodyNumbers=[ground, b['bodyNumber']],
                                         axisPosition=[0, 0, 0], axisVector=[0, 1, 0],
                                         discRadius=r, **kw)
    else:
        mg = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
        mb = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b['bodyNumber'],
                                               localPosition=[0, 0, 0]))
        nd = mbs.AddNode(lib.NodeGenericData(initialCoordinates=[0, 0, 0],
                                             numberOfDataCoordinates=3))
        o = mbs.AddObject(lib.ObjectConnectorRollingDiscPenalty(
            markerNumbers=[mg, mb], nodeNumber=nd, discRadius=r, discAxis=[0, 1, 0], **kw))
    if F:
        mc = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=b['bodyNumber'],
                                                  localPosition=[0, 0, 0]))
        mbs.AddLoad(lib.LoadForceVector(markerNumber=mc, loadVector=[F, 0, 0]))
    ov = lib.OutputVariableType
    sens = {k: mbs.AddSensor(lib.SensorObject(objectNumber=o, storeInternal=True,
                                               outputVariableType=getattr(ov, k)))
            for k in sensors}
    for k in ("Position", "Velocity", "AngularVelocity"):
        sens["node" + k] = mbs.AddSensor(lib.SensorNode(nodeNumber=b['nodeNumber'],
                                                        storeInternal=True,
                                                        outputVariableType=getattr(ov, k)))
    mbs.Assemble()
    if not solve:
        return mbs, o, b['nodeNumber'], None
    s = lib.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(t_end / h))
    s.timeIntegration.endTime = t_end
    s.solutionSettings.writeSolutionToFile = False
    s.solutionSettings.sensorsWritePeriod = h
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = modified
    s.timeIntegration.newton.relativeTolerance = rtol
    mbs.SolveDynamic(s)
    return mbs, o, b['nodeNumber'], {k: mbs.GetSensorStoredData(v) for k, v in sens.items()}


def test_disc_at_rest_compresses_by_mg_over_k():
    """touching the plane at the start, the damped disc settles where k d = m g: the centre
    at r - m g / k, the normal force m g, no friction force"""
    r, m, k = 0.1, 0.5, 1e5
    _, _, _, d = disc(cd, r=r, m=m, contactStiffness=k, contactDamping=300.0,
                      dryFriction=[0.5, 0.5], dryFrictionProportionalZone=0.01, t_end=0.3)
    z = d["nodePosition"][-1, 3]
    assert z == pytest.approx(r - m * G / k, abs=1e-9 * r)
    f = d["ForceLocal"][-1, 1:]
    assert f[2] == pytest.approx(m * G, rel=1e-7)
    assert np.abs(f[:2]).max() < 1e-9
    # the contact point (relative to the plane point): the bottom of the disc, d below z = 0
    assert d["Position"][-1, 3] == pytest.approx(-m * G / k, rel=1e-6)


def test_rolling_under_a_force_accelerates_with_2F_over_3m():
    """a force F at the centre of a uniform disc that rolls: F - f = m a, f r = J a / r with
    J = m r^2 / 2, so a = 2 F / (3 m) and the friction force f = F / 3 (backwards); in the
    penalty model the slip settles at a nearly constant value (measured: a within 2.3e-6,
    f within 4.6e-6 of the closed forms from t = 0.3 s to 0.5 s)"""
    r, m, F = 0.1, 0.5, 0.6
    _, _, _, d = disc(cd, r=r, m=m, F=F, v0=0.2, omega0=0.2 / r, t_end=0.5,
                      dryFriction=[0.8, 0.8], dryFrictionProportionalZone=0.01,
                      useLinearProportionalZone=True)
    t, v = d["nodeVelocity"][:, 0], d["nodeVelocity"][:, 1]
    i0, i1 = np.searchsorted(t, 0.3), len(t) - 1
    a = (v[i1] - v[i0]) / (t[i1] - t[i0])
    assert a == pytest.approx(2 * F / (3 * m), rel=1e-5)
    f = d["ForceLocal"][-1, 1:]
    assert f[1] == pytest.approx(-F / 3, rel=2e-5)     # forward friction on the disc
    assert f[2] == pytest.approx(m * G, rel=1e-6)
    # rolling: the centre speed is r times the spin (up to the small constant slip)
    w = d["nodeAngularVelocity"][-1, 2]
    assert v[-1] == pytest.approx(r * w, rel=1e-3)


def test_sliding_disc_decelerates_with_mu_g_and_rolls_at_two_thirds():
    """a disc sliding at v0 without spin, resting at its static compression: dry friction
    mu m g at the contact point (r below the centre) decelerates the centre by mu g and spins
    the disc up by 2 mu g / r until v = r omega at t* = v0 / (3 mu g); from m v + J omega / r =
    m v0 it then rolls on at 2 v0 / 3 with no force along the plane (measured: 1.2e-5, 1.3e-5,
    5.3e-7 of the closed forms)"""
    r, m, mu, v0, k = 0.1, 0.5, 0.4, 1.5, 1e5
    ts = v0 / (3 * mu * G)
    _, _, _, d = disc(cd, r=r, m=m, z0=r - m * G / k, v0=v0, t_end=0.5, h=5e-4,
                      contactStiffness=k, dryFriction=[mu, mu], dryFrictionProportionalZone=1e-2,
                      useLinearProportionalZone=True)
    t, v = d["nodeVelocity"][:, 0], d["nodeVelocity"][:, 1]
    w = d["nodeAngularVelocity"][:, 2]
    i0, i1 = np.searchsorted(t, 0.2 * ts), np.searchsorted(t, 0.8 * ts)
    a = (v[i1] - v[i0]) / (t[i1] - t[i0])
    assert a == pytest.approx(-mu * G, rel=1e-4)
    alpha = (w[i1] - w[i0]) / (t[i1] - t[i0])
    assert alpha == pytest.approx(2 * mu * G / r, rel=1e-4)
    assert v[-1] == pytest.approx(2 * v0 / 3, rel=2e-6)
    assert r * w[-1] == pytest.approx(v[-1], rel=1e-9)
    assert abs(d["ForceLocal"][-1, 2]) < 1e-6 * m * G


def test_item_and_create_give_the_same_motion():
    """CreateRollingDiscPenalty makes the two markers, the data node and the connector as
    the item added by hand; the node with its data starts at zero"""
    kw = dict(v0=1.0, t_end=0.1, dryFriction=[0.4, 0.4], dryFrictionProportionalZone=0.01)
    mbs, o, _, a = disc(cd, create=True, **kw)
    _, _, _, b = disc(cd, create=False, **kw)
    for k in a:
        assert np.array_equal(a[k], b[k]), k
    assert mbs.GetObject(o)["objectType"] == "ConnectorRollingDiscPenalty"
    nd = mbs.GetObject(o)["nodeNumber"]
    assert mbs.GetNode(nd)["nodeType"] == "GenericData"


@pytest.mark.parametrize("case", ["sliding", "rolling_friction", "mecanum"])
def test_against_exudyn(case):
    """the same disc in both engines, sensors at every step, compared to the largest value of
    each output. The models cover the slip zone and beyond (dry and viscous friction, the
    quadratic zone), rolling friction and the dryFrictionAngle of a Mecanum roller. While the
    states agree the forces agree to 1e-13; the states part by about 1e-10 per step because
    coordyn projects Euler-parameter velocities onto the norm constraint after each step and
    Exudyn does not (without that projection every output below agreed to 6e-8, the motion to
    1e-9). Measured: positions and velocities 4e-9, angular velocities 2.9e-8, slip
    velocities 8.7e-7 (VelocityLocal, differences of nearly equal velocities), forces 6.5e-7."""
    lib = exudyn_lib()
    kw = {"sliding": dict(v0=1.5, dryFriction=[0.4, 0.3], viscousFriction=[0.1, 0.2],
                          dryFrictionProportionalZone=1e-2),
          "rolling_friction": dict(v0=1.0, omega0=10.0, dryFriction=[0.5, 0.5],
                                   dryFrictionProportionalZone=1e-2, rollingViscousFriction=0.2,
                                   useLinearProportionalZone=True, F=0.3),
          "mecanum": dict(v0=1.0, omega0=5.0, dryFriction=[0.2, 0.6], dryFrictionAngle=0.4,
                          dryFrictionProportionalZone=1e-2, useLinearProportionalZone=True)}[case]
    sens = ("Position", "Velocity", "VelocityLocal", "ForceLocal", "RotationMatrix")
    common = dict(t_end=0.25, h=1e-3, sensors=sens, **kw)
    _, _, _, ref = disc(lib, **common)
    _, _, _, res = disc(cd, **common)
    tol = {"Position": 1e-8, "Velocity": 1e-8, "RotationMatrix": 1e-8, "nodePosition": 1e-8,
           "nodeVelocity": 1e-8, "nodeAngularVelocity": 5e-8, "VelocityLocal": 2e-6,
           "ForceLocal": 2e-6}
    for k, t in tol.items():
        a, b = res[k][:, 1:], ref[k][:, 1:]
        assert a.shape == b.shape and a.shape[0] == 251, k
        assert np.abs(a - b).max() <= t * np.abs(b).max(), (k, np.abs(a - b).max())
    assert np.abs(ref["ForceLocal"][-1, 3] - 0.5 * G) < 0.1   # in contact at the end


def test_exudyn_create_rolling_disc_penalty_model():
    """Exudyn's createRollingDiscPenaltyTest model (a cart on two penalty wheels with revolute
    joints, CreateRollingDiscPenalty) for 0.2 s: the contact point of wheel 0 agrees to 1e-10
    (the whole TestModel to 1 s: 2.5e-12, tools/exudyn_testmodels.py)"""
    lib = exudyn_lib()
    out = []
    for L in (lib, cd):
        mbs = L.SystemContainer().AddSystem()
        util = cd.rigid
        if L is lib:
            import exudyn.utilities as util
        m, r, Lc = 0.5, 0.1, 0.8
        om = [0, 4 * 2 * np.pi, 0]
        v0 = util.Skew(om) @ [0, 0, r]
        ring = util.RigidBodyInertia(mass=1, inertiaTensor=np.diag([0.25 * m * r ** 2,
                                                                    0.5 * m * r ** 2,
                                                                    0.25 * m * r ** 2]))
        w0 = mbs.CreateRigidBody(referencePosition=[-0.5 * Lc, 0, r], initialVelocity=v0,
                                 initialAngularVelocity=om, inertia=ring, gravity=[0, 0, -G])
        w1 = mbs.CreateRigidBody(referencePosition=[0.5 * Lc, 0, r], initialVelocity=v0,
                                 initialAngularVelocity=om, inertia=ring, gravity=[0, 0, -G])
        body = mbs.CreateRigidBody(referencePosition=[0, 0, r * 1.2], initialVelocity=v0,
                                   inertia=util.InertiaCuboid(2800, sideLengths=[Lc, 0.5 * r,
                                                                                 0.5 * r]),
                                   gravity=[0, 0, -G])
        ground = mbs.AddObject(L.ObjectGround())
        for w in (w0, w1):
            mbs.CreateRevoluteJoint(bodyNumbers=[w, body], position=[0, 0, 0], axis=[0, 1, 0],
                                    useGlobalFrame=False)
        o = [mbs.CreateRollingDiscPenalty(bodyNumbers=[ground, w], axisPosition=[0, 0, 0],
                                          axisVector=[0, 1, 0], discRadius=r,
                                          contactStiffness=1e5, contactDamping=1e3,
                                          dryFriction=[0.4, 0.4]) for w in (w0, w1)]
        mbs.Assemble()
        s = L.SimulationSettings()
        s.timeIntegration.numberOfSteps = 100
        s.timeIntegration.endTime = 0.2
        s.timeIntegration.verboseMode = 0
        s.timeIntegration.newton.useModifiedNewton = True
        mbs.SolveDynamic(s)
        out.append(np.array(mbs.GetObjectOutput(o[0], L.OutputVariableType.Position)))
    assert np.abs(out[1] - out[0]).max() <= 1e-10 * np.linalg.norm(out[0])
    # it rolled from x = -0.4 by about 0.5 m (4 turns/s of a 0.1 m wheel for 0.2 s)
    assert out[0][0] + 0.4 == pytest.approx(0.2 * 4 * 2 * np.pi * 0.1, rel=0.02)


def test_jacobian_is_numerical_with_the_contact_stiffness_and_damping():
    """the Jacobian is numerical (GetObjectJacobian says so); in contact and at rest its
    normal entries are the contact stiffness and damping: d r2_z / dz = k, d r2_z / dz_t = c
    (the body's z coordinate is column 2 of the disc's coordinates after marker 0's none)"""
    k, c = 1e5, 300.0
    mbs, o, n, _ = disc(cd, contactStiffness=k, contactDamping=c, t_end=0.05,
                        dryFriction=[0.5, 0.5], dryFrictionProportionalZone=0.01)
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 0.05
    s.timeIntegration.numberOfSteps = 50
    s.timeIntegration.newton.useModifiedNewton = True
    mbs.SolveDynamic(s, updateInitialValues=True)   # now in contact (data gap < 0)
    J = mbs.GetObjectJacobian(o)
    assert J["analytic"] is False
    assert J["K"][2, 2] == pytest.approx(k, rel=1e-5)
    assert J["D"][2, 2] == pytest.approx(c, rel=1e-5)
    Jn = mbs.GetObjectJacobian(o, numerical=True)
    assert np.array_equal(J["K"], Jn["K"]) and np.array_equal(J["D"], Jn["D"])


def test_deprecated_name_of_rolling_friction():
    """Exudyn 1.13's rollingFrictionViscous is the old name of rollingViscousFriction, in the
    item and in CreateRollingDiscPenalty"""
    kw = dict(v0=1.0, omega0=10.0, t_end=0.05, dryFriction=[0.5, 0.5],
              dryFrictionProportionalZone=1e-2)
    _, _, _, a = disc(cd, rollingViscousFriction=0.3, **kw)
    _, _, _, b = disc(cd, rollingFrictionViscous=0.3, **kw)
    _, _, _, c = disc(cd, create=False, rollingFrictionViscous=0.3, **kw)
    _, _, _, z = disc(cd, **kw)
    assert np.array_equal(a["nodeVelocity"], b["nodeVelocity"])
    assert np.array_equal(a["nodeVelocity"], c["nodeVelocity"])
    assert not np.array_equal(a["nodeVelocity"], z["nodeVelocity"])


def _bad(kw, marker1=None, node=True):
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    b = mbs.CreateRigidBody(referencePosition=[0, 0, 0.1], inertia=cd.rigid.InertiaCuboid(
        1000, [0.1, 0.1, 0.1]), returnDict=True)
    mg = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g))
    mb = (marker1 or cd.MarkerBodyRigid)(bodyNumber=b['bodyNumber'])
    mb = mbs.AddMarker(mb)
    p = dict(markerNumbers=[mg, mb], discRadius=0.1)
    if node:
        p["nodeNumber"] = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0, 0],
                                                         numberOfDataCoordinates=3))
    p.update(kw)
    mbs.AddObject(cd.ObjectConnectorRollingDiscPenalty(**p))
    mbs.Assemble()


@pytest.mark.parametrize("kw, marker1, node, msg", [
    ({}, cd.MarkerBodyPosition, True,
     r"'markerNumbers' entry 1 refers to marker 1 of type MarkerBodyPosition.*no orientation"),
    ({}, None, False, r"'nodeNumber' is missing.*NodeGenericData with 3 data coordinates"),
    ({"nodeNumber": 0}, None, False, r"'nodeNumber' refers to node 0 \(NodeRigidBodyEP"),
    ({"planeNormal": [0, 0, 2]}, None, True, r"'planeNormal' must be a unit vector, got length 2"),
    ({"planeNormal": [0, 0, 0]}, None, True, r"'planeNormal' must be a unit vector, got length 0"),
    ({"discAxis": [1, 1, 0]}, None, True, r"'discAxis' must be a unit vector"),
    ({"contactStiffness": -1.0}, None, True, r"'contactStiffness' must be >= 0"),
    ({"contactDamping": -1.0}, None, True, r"'contactDamping' must be >= 0"),
    ({"discRadius": 0.0}, None, True, r"'discRadius' must be > 0"),
    ({"dryFriction": [0.1, -0.1]}, None, True, r"'dryFriction' must be >= 0"),
    ({"viscousFriction": [-1, 0]}, None, True, r"'viscousFriction' must be >= 0"),
    ({"dryFrictionProportionalZone": -1.0}, None, True, r"'dryFrictionProportionalZone' must"),
])
def test_bad_input_messages(kw, marker1, node, msg):
    with pytest.raises(Exception, match="ObjectConnectorRollingDiscPenalty.*" + msg):
        _bad(kw, marker1, node)


def test_create_bad_arguments():
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(referencePosition=[0, 0, 0.1], inertia=cd.rigid.InertiaCuboid(
        1000, [0.1, 0.1, 0.1]))
    with pytest.raises(ValueError, match="CreateRollingDiscPenalty: argument 'discRadius' must "
                                         "be > 0"):
        mbs.CreateRollingDiscPenalty(bodyNumbers=[g, b], discRadius=0.0)
    with pytest.raises(ValueError, match="CreateRollingDiscPenalty: argument 'contactStiffness'"):
        mbs.CreateRollingDiscPenalty(bodyNumbers=[g, b], discRadius=0.1, contactStiffness=-1)
    with pytest.raises(TypeError, match="CreateRollingDiscPenalty: argument 'dryFriction'"):
        mbs.CreateRollingDiscPenalty(bodyNumbers=[g, b], discRadius=0.1, dryFriction=[1, 2, 3])
    with pytest.raises(TypeError, match="CreateRollingDiscPenalty: give the two items"):
        mbs.CreateRollingDiscPenalty(discRadius=0.1)


def test_disc_flat_on_the_plane_stops_with_a_message():
    """a disc axis along the plane normal has no forward direction: the solve stops naming the
    connector and the reason"""
    mbs, o, _, _ = disc(cd, create=False, solve=False)
    mbs.SetObjectParameter(o, "discAxis", [0, 0, 1])
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 0.01
    s.timeIntegration.numberOfSteps = 10
    with pytest.raises(cd.SolverError, match=f"ObjectConnectorRollingDiscPenalty {int(o)}: the "
                                             "disc axis is parallel to the plane normal"):
        mbs.SolveDynamic(s)
