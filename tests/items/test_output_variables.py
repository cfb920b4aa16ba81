"""Every coordyn item reports every output variable the same Exudyn item reports, with the same
values.

The table test builds the same small model (outvar_models.py) on coordyn and on Exudyn 1.13.6,
tries every OutputVariableType of each engine on the item (GetNodeOutput, GetObjectOutput,
GetObjectOutputBody at a local point, GetMarkerOutput) and compares the two sets and the values
(1e-12) of the variables both give. What coordyn does not give yet, or gives differently, is
listed below item by item with the reason: a gap closed or a new one opened fails the test, so
the lists stay exact. The other tests compare the new outputs with closed forms."""
import numpy as np
import pytest

import coordyn as cd
from outvar_models import BUILDERS
from outvar_probe import probe

OV = cd.OutputVariableType

# output variables Exudyn 1.13.6 reports and coordyn does not (yet), per item type
KNOWN_MISSING = {
}

# output variables both report with different values, per item type, and why
KNOWN_DIFFERENT = {
    # Exudyn interpolates the nodes' velocities and angular velocities linearly between the
    # nodes (its source says: not consistent with the position); coordyn's are the exact rates
    # of the point's position and frame A(x) (the SE(3) interpolation), AngularVelocityLocal
    # A(x)^T times that (test_output_variables_exudyn.py checks them against differences)
    "ObjectBeamGeometricallyExact": {"AngularVelocity", "AngularVelocityLocal", "Velocity"},
    # coordyn's u_t is the exact rate of u = a0 . (p1 - p0), a0 . (v1 - v0) + (w0 x a0) . (p1 - p0)
    # (the sliding velocity seen from marker 0's turning body), Exudyn's a0 . (v1 - v0) drops
    # the turning of the axis (and Exudyn's force lacks the moment on marker 0's body): the
    # damping force differs with it (docs/coming_from_exudyn.rst, "What differs")
    "ObjectConnectorLinearSpringDamper": {"ForceLocal", "VelocityLocal"},
}


# item types for which Exudyn 1.13.6 gives no output variable at all
EXUDYN_REPORTS_NOTHING = {"MarkerBodyMass", "MarkerBodyBeamShape"}


@pytest.mark.parametrize("type_name", sorted(BUILDERS))
def test_output_variables_as_exudyn(type_name):
    pytest.importorskip("exudyn")
    try:
        ref = probe("exudyn", type_name)
    except Exception as ex:  # noqa: BLE001
        pytest.skip(f"Exudyn does not build the model: {ex}")
    got = probe("coordyn", type_name)
    # an empty set means a model Exudyn cannot read: only where Exudyn reports nothing at all
    assert bool(ref) != (type_name in EXUDYN_REPORTS_NOTHING)
    missing = set(ref) - set(got)
    assert missing == KNOWN_MISSING.get(type_name, set())
    different = {k for k in set(ref) & set(got)
                 if ref[k].shape != got[k].shape
                 or not np.allclose(ref[k], got[k], rtol=0, atol=1e-12)}
    assert different == KNOWN_DIFFERENT.get(type_name, set())


def test_every_item_type_that_exudyn_has_is_probed():
    ii = pytest.importorskip("exudyn.itemInterface")
    from coordyn.items import ITEM_TYPES
    not_probed = {t["name"] for t in ITEM_TYPES if hasattr(ii, t["name"])} - set(BUILDERS)
    # loads and sensors have no output variables of their own (SensorLoad reads the load's
    # value, the sensors read the items above: test_sensors_read_what_the_items_give); the
    # hydraulic actuator and the contact need models with ODE1 nodes and a cable contact; a
    # NodeGenericAE needs an ObjectGenericAE, which Exudyn does not have
    assert not_probed == {"NodeGenericAE", "LoadForceVector", "LoadCoordinate", "LoadMassProportional",
                          "LoadTorqueVector", "SensorNode", "SensorObject", "SensorBody",
                          "SensorMarker", "SensorLoad", "SensorUserFunction",
                          "ObjectConnectorHydraulicActuatorSimple",
                          "ObjectContactCircleCable2D",
                          # items whose own tests compare every output they report with
                          # Exudyn 1.13.6 on models they need (a tree node, a data node,
                          # cable chains): tests/items/test_kinematic_tree.py,
                          # test_rolling_disc_penalty.py, test_joint_sliding2d.py,
                          # test_reeving_system.py, test_relative_markers.py
                          "ObjectKinematicTree", "MarkerKinematicTreeRigid",
                          "SensorKinematicTree", "ObjectConnectorRollingDiscPenalty",
                          "ObjectJointSliding2D", "ObjectConnectorReevingSystemSprings",
                          "MarkerBodiesRelativeTranslationCoordinate",
                          "MarkerBodiesRelativeRotationCoordinate"}


_SENSOR = {"node": ("SensorNode", "nodeNumber"), "object": ("SensorObject", "objectNumber"),
           "marker": ("SensorMarker", "markerNumber"), "body": ("SensorBody", "bodyNumber"),
           "axis": ("SensorBody", "bodyNumber")}


@pytest.mark.parametrize("type_name", sorted(BUILDERS))
def test_sensors_read_what_the_items_give(type_name):
    """a sensor accepts exactly the output variables its item gives, and reads the same values"""
    from outvar_models import LOCAL, LOCAL_AXIS
    got = probe("coordyn", type_name)
    for var in OV:
        if var == OV._None:
            continue
        mbs, kind, index, SC = BUILDERS[type_name](cd, cd)
        cls, key = _SENSOR[kind]
        kw = {key: index, "outputVariableType": var, "storeInternal": True}
        if kind in ("body", "axis"):
            kw["localPosition"] = LOCAL_AXIS if kind == "axis" else LOCAL
        if var.name not in got:
            with pytest.raises(ValueError, match=var.name):
                mbs.AddSensor(getattr(cd, cls)(**kw))
                mbs.Assemble()
            continue
        s = mbs.AddSensor(getattr(cd, cls)(**kw))
        mbs.Assemble()
        value = np.atleast_1d(np.asarray(mbs.GetSensorValues(s), dtype=float)).ravel()
        assert np.allclose(value, got[var.name], rtol=0, atol=1e-14), var.name


# ------------------------------------------------------------------ closed forms

def _rx(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[1, 0, 0], [0, c, -s], [0, s, c]])


def _ry(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, 0, s], [0, 1, 0], [-s, 0, c]])


def _rz(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])


ANG, RATE = np.array([0.3, -0.5, 0.8]), np.array([0.7, -0.4, 1.1])
POS, VEL = np.array([1.0, 2.0, 3.0]), np.array([0.4, -0.2, 0.1])


def _rxyz_body():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyRxyz(referenceCoordinates=list(POS) + list(ANG),
                                         initialVelocities=list(VEL) + list(RATE)))
    b = mbs.AddObject(cd.ObjectRigidBody(physicsMass=2, physicsInertia=[1, 2, 2.5, 0, 0, 0],
                                         nodeNumber=n))
    mbs.Assemble()
    return SC, mbs, b


def test_rigid_body_local_velocities_closed_form():
    """A = Rx(a) Ry(b) Rz(c): local angular velocity w = Rz^T Ry^T [a', 0, 0] + Rz^T [0, b', 0]
    + [0, 0, c']; the velocity of the body point lp is v + A (w x lp), in the body frame
    A^T v + w x lp"""
    SC, mbs, b = _rxyz_body()
    a, bb, c = ANG
    A = _rx(a) @ _ry(bb) @ _rz(c)
    w = (_rz(c).T @ _ry(bb).T @ [RATE[0], 0, 0] + _rz(c).T @ [0, RATE[1], 0] + [0, 0, RATE[2]])
    lp = np.array([0.2, -0.1, 0.4])
    get = lambda v: np.asarray(mbs.GetObjectOutputBody(b, v, localPosition=list(lp)))  # noqa
    assert np.allclose(get(OV.AngularVelocityLocal), w, atol=1e-14)
    assert np.allclose(get(OV.AngularVelocity), A @ w, atol=1e-14)
    assert np.allclose(get(OV.VelocityLocal), A.T @ VEL + np.cross(w, lp), atol=1e-14)
    assert np.allclose(get(OV.Rotation), ANG, atol=1e-14)
    H = get(OV.HomogeneousTransformation)
    assert H.shape == (4, 4)
    assert np.allclose(H[:3, :3], A, atol=1e-14) and np.allclose(H[:3, 3], POS + A @ lp)
    assert np.allclose(H[3], [0, 0, 0, 1])
    # the displacement of the point from its reference position: none at the start
    assert np.allclose(get(OV.Displacement), 0, atol=1e-14)


def test_spinning_body_acceleration_local_closed_form():
    """a body spinning at w about its symmetry axis z in free fall: the spin is steady, and the
    body point lp accelerates with g + w x (w x A lp); in the body frame A^T g + w x (w x lp)"""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    w, g = 3.0, np.array([0, 0, -9.81])
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                       initialVelocities=[0, 0, 0, 0, 0, 0, w / 2]))
    b = mbs.AddObject(cd.ObjectRigidBody(physicsMass=2, physicsInertia=[1, 1, 1.5, 0, 0, 0],
                                         nodeNumber=n))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mbs.AddMarker(
        cd.MarkerBodyMass(bodyNumber=b)), loadVector=list(g)))
    lp = [0.5, 0.2, -0.3]
    s = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=lp, storeInternal=True,
                                    outputVariableType=OV.AngularVelocityLocal))
    mbs.Assemble()
    from conftest import settings
    mbs.SolveDynamic(settings(0.01, 0.5))
    A = np.asarray(mbs.GetObjectOutputBody(b, OV.RotationMatrix)).reshape(3, 3)
    wl = np.array([0, 0, w])
    expect = A.T @ g + np.cross(wl, np.cross(wl, lp))
    assert np.allclose(mbs.GetObjectOutputBody(b, OV.AccelerationLocal, localPosition=lp),
                       expect, atol=1e-8)
    assert np.allclose(mbs.GetObjectOutputBody(b, OV.Acceleration, localPosition=lp),
                       A @ expect, atol=1e-8)
    assert np.allclose(mbs.GetObjectOutputBody(b, OV.AngularAccelerationLocal), 0, atol=1e-8)
    # the sensor (SensorBody with AngularVelocityLocal, Exudyn's rotatingTableTest reads it)
    data = mbs.GetSensorStoredData(s)
    assert data.shape == (51, 4)
    assert np.allclose(data[:, 1:], wl, atol=1e-10)


def _hinged_bar(mod, ii, rot0, theta0=0.0, omega0=0.0):
    """a bar (m = 2, centre of mass 0.5 m from the hinge along the body x axis) on a revolute
    joint about global z at the origin; gravity -y. The joint frame 0 on the ground is rot0
    (its z axis along global z); the bar starts at angle theta0 from the x axis"""
    SC = mod.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ii.ObjectGround())
    n = mbs.AddNode(ii.NodeRigidBodyRxyz(referenceCoordinates=[0.5 * np.cos(theta0),
                                                               0.5 * np.sin(theta0), 0, 0, 0,
                                                               theta0],
                                         initialVelocities=[-0.5 * omega0 * np.sin(theta0),
                                                            0.5 * omega0 * np.cos(theta0), 0, 0, 0,
                                                            omega0]))
    b = mbs.AddObject(ii.ObjectRigidBody(physicsMass=2, physicsInertia=[0.01, 0.2, 0.2, 0, 0, 0],
                                         nodeNumber=n))
    mbs.AddLoad(ii.LoadMassProportional(markerNumber=mbs.AddMarker(
        ii.MarkerBodyMass(bodyNumber=b)), loadVector=[0, -9.81, 0]))
    mg = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=g))
    mb = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5, 0, 0]))
    R1 = _rz(theta0).T @ np.asarray(rot0)  # frame 1 = frame 0 at the start
    j = mbs.AddObject(ii.ObjectJointRevoluteZ(markerNumbers=[mg, mb], rotationMarker0=rot0,
                                              rotationMarker1=R1.tolist()))
    mbs.Assemble()
    return SC, mbs, j


ROT0 = _rz(0.7)   # joint frame 0 turned by 0.7 about z


def test_revolute_joint_force_local_hanging_bar():
    """hanging at rest (theta = -pi/2): the joint holds the weight. ForceLocal is the force on
    marker 0's body (the ground), in joint frame 0: F0^T [0, -m g, 0]; no torque about x, y"""
    SC, mbs, j = _hinged_bar(cd, cd, ROT0.tolist(), theta0=-np.pi / 2)
    from conftest import settings
    mbs.SolveDynamic(settings(0.01, 0.2))
    F = mbs.GetObjectOutput(j, OV.ForceLocal)
    assert np.allclose(F, ROT0.T @ [0, -2 * 9.81, 0], atol=1e-8)
    assert np.allclose(mbs.GetObjectOutput(j, OV.TorqueLocal), 0, atol=1e-8)
    assert np.allclose(mbs.GetObjectOutput(j, OV.Rotation), 0, atol=1e-10)
    assert np.allclose(mbs.GetObjectOutput(j, OV.DisplacementLocal), 0, atol=1e-10)


def test_revolute_joint_local_outputs_as_exudyn_while_swinging():
    """the swinging bar after 0.5 s: every local output of the joint as Exudyn's, after the
    same solve (1e-6: the two solvers' differences) and on Exudyn's state (1e-12)"""
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as eii
    out, sysd = {}, {}
    names = ("ForceLocal", "TorqueLocal", "Rotation", "AngularVelocityLocal",
             "DisplacementLocal", "VelocityLocal", "Position", "Velocity")
    for mod, ii in ((cd, cd), (exu, eii)):
        SC, mbs, j = _hinged_bar(mod, ii, ROT0.tolist(), theta0=0.3, omega0=1.0)
        s = mod.SimulationSettings()
        s.timeIntegration.numberOfSteps = 50
        s.timeIntegration.endTime = 0.5
        s.timeIntegration.newton.useModifiedNewton = False
        s.timeIntegration.verboseMode = 0
        s.solutionSettings.writeSolutionToFile = False
        mbs.SolveDynamic(s)
        out[mod] = {v: np.asarray(mbs.GetObjectOutput(j, getattr(mod.OutputVariableType, v)))
                    for v in names}
        sysd[mod] = (SC, mbs, j)
    for v, ref in out[exu].items():
        assert np.allclose(out[cd][v], ref, rtol=1e-6, atol=1e-9), v
    # the bar turned: Rotation about z is the angle travelled, the force is not the weight
    assert abs(out[cd]["Rotation"][2]) > 0.1
    assert abs(out[cd]["ForceLocal"][2]) < 1e-9
    # Exudyn's state in coordyn: the same outputs to 1e-12
    ed, cdd = sysd[exu][1].systemData, sysd[cd][1].systemData
    cdd.SetODE2Coordinates(ed.GetODE2Coordinates())
    cdd.SetODE2Coordinates_t(ed.GetODE2Coordinates_t())
    # Exudyn's RevoluteZ has 5 multipliers: the force in global coordinates (all translations
    # are constrained), then rx, ry; coordyn's are along the axes of joint frame 0 (here ROT0,
    # on the ground) and a 6th (rz) = 0
    lam = np.asarray(ed.GetAECoordinates())
    cdd.SetAECoordinates(list(ROT0.T @ lam[:3]) + list(lam[3:]) + [0.0])
    for v in names:
        ref = np.asarray(sysd[exu][1].GetObjectOutput(sysd[exu][2],
                                                      getattr(exu.OutputVariableType, v)))
        got = np.asarray(sysd[cd][1].GetObjectOutput(sysd[cd][2], getattr(OV, v)))
        assert np.allclose(got, ref, rtol=0, atol=1e-12), v


def test_marker_body_position_body_fixed_is_accepted_and_ignored():
    """Exudyn 1.13 takes bodyFixed in a MarkerBodyPosition dict and ignores it: both values
    give the same marker (the point moves with the body)"""
    pos = []
    for flag in (True, False):
        SC = cd.SystemContainer()
        mbs = SC.AddSystem()
        n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1, 0, 0.5]))
        b = mbs.AddObject(cd.ObjectRigidBody2D(physicsMass=1, physicsInertia=1, nodeNumber=n))
        m = mbs.AddMarker({"markerType": "BodyPosition", "bodyNumber": b,
                           "localPosition": [1, 0, 0], "bodyFixed": flag})
        mbs.Assemble()
        pos.append(np.asarray(mbs.GetMarkerOutput(m, OV.Position)))
        assert mbs.GetMarker(m)["bodyFixed"] is flag
    assert np.allclose(pos[0], pos[1])
    assert np.allclose(pos[0], [1 + np.cos(0.5), np.sin(0.5), 0], atol=1e-15)
    with pytest.raises(TypeError, match="MarkerBodyPosition 1: parameter 'bodyFixed'"):
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=b, bodyFixed="yes"))


def test_output_variable_not_provided_names_item_and_variable():
    SC, mbs, b = _rxyz_body()
    with pytest.raises(ValueError, match="ObjectRigidBody 0 does not provide "
                                         "OutputVariableType.ForceLocal"):
        mbs.GetObjectOutputBody(b, OV.ForceLocal, localPosition=[0, 0, 0])
    with pytest.raises(ValueError, match="SensorBody 0: parameter 'outputVariableType' is "
                                         "TorqueLocal"):
        mbs.AddSensor(cd.SensorBody(bodyNumber=b, outputVariableType=OV.TorqueLocal))


def test_spring_potential_energy_and_force_local_closed_form():
    """SpringDamper: ForceLocal = k (L - L0) + f at rest, PotentialEnergy = k (L - L0)^2 / 2 +
    f (L - L0); CartesianSpringDamper: sum k_i (d_i - o_i)^2 / 2; CoordinateSpringDamper:
    k (u - o)^2 / 2; with a user function there is no potential (refused, named)"""
    k, L0, f = 40.0, 0.8, 0.5
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(cd.NodePointGround())
    n1 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0.6, 0.8, 0.3]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n1))
    m = [mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n)) for n in (n0, n1)]
    c = [mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n1, coordinate=i)) for i in (0, 1)]
    sd = mbs.AddObject(cd.SpringDamper(markerNumbers=m, stiffness=k, damping=3,
                                       referenceLength=L0, force=f))
    cs = mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=m, stiffness=[1, 2, 3],
                                                offset=[0.1, 0.2, 0.3]))
    co = mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=c, stiffness=7, offset=0.1))
    uf = mbs.AddObject(cd.SpringDamper(markerNumbers=m, stiffness=k, springForceUserFunction=(
        lambda mbs, t, i, L, L_t, k, d, L0: k * (L - L0))))
    mbs.Assemble()
    L = np.sqrt(0.6 ** 2 + 0.8 ** 2 + 0.3 ** 2)
    get = lambda o, v: mbs.GetObjectOutput(o, v)  # noqa: E731
    assert get(sd, OV.ForceLocal) == pytest.approx(k * (L - L0) + f, rel=1e-14)
    assert get(sd, OV.PotentialEnergy) == pytest.approx(0.5 * k * (L - L0) ** 2 + f * (L - L0),
                                                        rel=1e-14)
    assert get(cs, OV.PotentialEnergy) == pytest.approx(
        0.5 * (1 * 0.5 ** 2 + 2 * 0.6 ** 2 + 3 * 0.0 ** 2), rel=1e-14)
    assert get(co, OV.PotentialEnergy) == pytest.approx(0.5 * 7 * (0.8 - 0.6 - 0.1) ** 2,
                                                        rel=1e-12)
    with pytest.raises(ValueError, match="ObjectConnectorSpringDamper 4 does not provide "
                                         "OutputVariableType.PotentialEnergy"):
        get(uf, OV.PotentialEnergy)


def test_generic_ode2_force_closed_form_and_user_function_error():
    """ObjectGenericODE2's Force is Exudyn's left-hand side K q + D q_t - f - f_user; a user
    function that fails there raises its own message (no crash, found by the fuzzer)"""
    def build(fu):
        SC = cd.SystemContainer()
        mbs = SC.AddSystem()
        n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[1, 2], initialCoordinates=[0.1, 0.2],
                                           initialCoordinates_t=[0.3, -0.4],
                                           numberOfODE2Coordinates=2))
        o = mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.eye(2),
                                               stiffnessMatrix=[[3, 1], [1, 2]],
                                               dampingMatrix=np.diag([0.5, 0.25]),
                                               forceVector=[1, -1], forceUserFunction=fu))
        mbs.Assemble()
        return SC, mbs, o
    SC, mbs, o = build(lambda mbs, t, i, q, q_t: [q[0], 2.0])
    q, v = np.array([0.1, 0.2]), np.array([0.3, -0.4])
    expect = np.array([[3, 1], [1, 2]]) @ q + [0.5 * v[0], 0.25 * v[1]] - [1, -1] - [q[0], 2.0]
    assert np.allclose(mbs.GetObjectOutput(o, OV.Force), expect, atol=1e-15)
    assert np.allclose(mbs.GetObjectOutput(o, OV.CoordinatesTotal), [1.1, 2.2], atol=1e-15)
    SC, mbs, o = build(lambda mbs, t, i, q, q_t: [1.0, 2.0, 3.0])
    with pytest.raises(ValueError, match="forceUserFunction' must return 2 value"):
        mbs.GetObjectOutput(o, OV.Force)
