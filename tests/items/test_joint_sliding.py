"""ObjectJointSliding (3D) and MarkerBodyBeamShape: a point mass sliding without friction along a
straight clamped ANCF cable on an incline in space (closed form s = s0 + g sin(alpha) t^2 / 2,
across element boundaries, both directions), a free translation axis, axialForce holding the
mass, a rigid body hanging from a sagging cable against Exudyn 1.13.6 (the model of Exudyn's
example ANCFslidingJoint.py), the analytic Jacobian against the numerical one, and the error
messages of bad input."""
import types

import numpy as np
import pytest

import coordyn as cd

G = 9.81
OV = cd.OutputVariableType


def coordyn_lib():
    return types.SimpleNamespace(**{k: getattr(cd, k) for k in dir(cd) if not k.startswith("_")})


def exudyn_lib():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    ns = types.SimpleNamespace(**{k: getattr(ii, k) for k in dir(ii) if not k.startswith("_")})
    for k in ("SystemContainer", "SimulationSettings", "OutputVariableType"):
        setattr(ns, k, getattr(exu, k))
    return ns


def dyn_settings(lib, t_end, h, newton_tol=None):
    s = lib.SimulationSettings()
    if newton_tol:
        s.timeIntegration.newton.relativeTolerance = newton_tol
        s.timeIntegration.newton.absoluteTolerance = newton_tol * 1e-2
    s.timeIntegration.numberOfSteps = int(round(t_end / h))
    s.timeIntegration.endTime = t_end
    s.timeIntegration.verboseMode = 0
    s.solutionSettings.writeSolutionToFile = False
    return s


# a direction going down at alpha = asin(0.3) below the horizontal, turned out of every
# coordinate plane: all three components of the joint take part
DOWN = np.array([0.6, 0.4 * np.sqrt(3), -0.3])
DOWN /= np.linalg.norm(DOWN)
SIN_ALPHA = -DOWN[2]


def incline(lib, direction=DOWN, nel=4, length=2.0, s0=0.1, m=0.5, axial_force=0.0,
            translations=(1, 1, 1), v0=(0, 0, 0), assemble=True):
    """a clamped straight ANCF cable from the origin along direction; a point mass at sliding
    coordinate s0 under gravity -z"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    L = length / nel
    t = np.asarray(direction, dtype=float)
    nodes = [mbs.AddNode(lib.NodePointSlope1(referenceCoordinates=list(i * L * t) + list(t)))
             for i in range(nel + 1)]
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    markers = []
    for i in range(nel):
        o = mbs.AddObject(lib.ObjectANCFCable(
            nodeNumbers=[nodes[i], nodes[i + 1]], physicsLength=L, physicsMassPerLength=1.0,
            physicsBendingStiffness=1e3, physicsAxialStiffness=1e7))
        markers.append(mbs.AddMarker(lib.MarkerBodyBeamShape(bodyNumber=o)))
    for n in nodes:
        for c in range(6):
            mk = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=n, coordinate=c))
            mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mk]))
    k0 = int(s0 // L)
    nm = mbs.AddNode(lib.NodePoint(referenceCoordinates=list(s0 * t),
                                   initialVelocities=list(v0)))
    mbs.AddObject(lib.ObjectMassPoint(nodeNumber=nm, physicsMass=m))
    mm = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nm))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mm, loadVector=[0, 0, -m * G]))
    nd = mbs.AddNode(lib.NodeGenericData(initialCoordinates=[k0, s0], numberOfDataCoordinates=2))
    joint = mbs.AddObject(lib.ObjectJointSliding(
        markerNumbers=[mm, markers[k0]], slidingMarkerNumbers=markers,
        slidingMarkerOffsets=[i * L for i in range(nel)], nodeNumber=nd,
        constrainRotations=[0, 0, 0], constrainTranslations=list(translations),
        axialForce=axial_force))
    if assemble:
        mbs.Assemble()
    return types.SimpleNamespace(mbs=mbs, node=nm, joint=joint, data=nd, t=t, L=L, m=m,
                                 markers=markers, mm=mm, SC=SC)


def test_incline_closed_form_across_elements():
    s0, t_end = 0.1, 1.0
    md = incline(coordyn_lib(), s0=s0)
    cd.SolveDynamic(md.mbs, dyn_settings(coordyn_lib(), t_end, 1e-3))
    s_exact = s0 + G * SIN_ALPHA * t_end ** 2 / 2          # 1.57: elements 0 .. 3
    assert s_exact > 3 * md.L
    pos = md.mbs.GetNodeOutput(md.node, OV.Position)
    assert abs(pos @ md.t - s_exact) < 1e-10
    assert np.linalg.norm(pos - (pos @ md.t) * md.t) < 1e-12      # on the cable's line
    data = md.mbs.systemData.GetDataCoordinates()
    assert data[0] == 3 and abs(data[1] - s_exact) < 1e-10
    sc = md.mbs.GetObjectOutput(md.joint, OV.SlidingCoordinate)
    assert abs(float(np.ravel(sc)[0]) - s_exact) < 1e-10
    v = md.mbs.GetObjectOutput(md.joint, OV.Velocity)
    assert np.allclose(v, G * SIN_ALPHA * t_end * md.t, atol=1e-9)
    assert np.allclose(md.mbs.GetObjectOutput(md.joint, OV.Position), pos, rtol=0, atol=1e-15)
    # the joint force on the body: the normal part of gravity, m g cos(alpha), pointing up
    f = md.mbs.GetObjectOutput(md.joint, OV.Force)
    weight = np.array([0, 0, -md.m * G])
    assert abs(f @ md.t) < 1e-7
    assert np.allclose(f, -(weight - (weight @ md.t) * md.t), rtol=0, atol=1e-7)


def test_sliding_back_to_the_previous_element():
    """launched uphill on element 2, the mass turns on element 1 and slides back: s = s0 - v0 t
    + g sin(alpha) t^2 / 2, the element index goes 2 -> 1 and stays there"""
    s0, v0, t_end = 1.2, 2.0, 1.0
    md = incline(coordyn_lib(), s0=s0, v0=-v0 * DOWN, assemble=False)
    sensor = md.mbs.AddSensor(cd.SensorNode(nodeNumber=md.data,
                                            outputVariableType=OV.Coordinates,
                                            storeInternal=True))
    md.mbs.Assemble()
    cd.SolveDynamic(md.mbs, dyn_settings(coordyn_lib(), t_end, 1e-3))
    s_exact = s0 - v0 * t_end + G * SIN_ALPHA * t_end ** 2 / 2
    s_turn = s0 - v0 ** 2 / (2 * G * SIN_ALPHA)                  # 0.52, on element 1
    assert md.L < s_turn < 2 * md.L and md.L < s_exact < 2 * md.L
    assert abs(md.mbs.GetNodeOutput(md.node, OV.Position) @ md.t - s_exact) < 1e-10
    k = md.mbs.GetSensorStoredData(sensor)[:, 1]
    assert k[0] == 2 and k[-1] == 1 and set(np.unique(k)) == {1.0, 2.0}
    assert np.all(np.diff(k) <= 0)


def test_free_translation_axis():
    """constrainTranslations [1, 1, 0] on a cable in the x-y plane (going down along y): the
    mass moves freely along z (z = vz t, gravity along -z here acts on nothing but the mass) while
    it slides without friction; the joint force has no z component"""
    direction = np.array([0.8, -0.6, 0.0])
    vz, t_end, s0 = 0.3, 0.5, 0.1
    lib = coordyn_lib()
    md = incline(lib, direction=direction, s0=s0, translations=(1, 1, 0), v0=(0, 0, vz),
                 assemble=False)
    # gravity along -y instead of -z (the load of incline() is along -z: remove it by a load
    # of the opposite sign, then add the weight along -y)
    md.mbs.AddLoad(cd.LoadForceVector(markerNumber=md.mm, loadVector=[0, -md.m * G, md.m * G]))
    md.mbs.Assemble()
    cd.SolveDynamic(md.mbs, dyn_settings(lib, t_end, 1e-3))
    pos = md.mbs.GetNodeOutput(md.node, OV.Position)
    s_exact = s0 + G * 0.6 * t_end ** 2 / 2
    assert abs(pos[:2] @ direction[:2] - s_exact) < 1e-10
    assert abs(pos[2] - vz * t_end) < 1e-12
    f = md.mbs.GetObjectOutput(md.joint, OV.Force)
    assert f[2] == 0.0
    assert abs(f @ direction) < 1e-7
    assert abs(np.linalg.norm(f) - md.m * G * 0.8) < 1e-7   # the normal force m g cos(alpha)


@pytest.mark.parametrize("axial_force", [0.0, 0.8])
def test_static_spring_and_axial_force(axial_force):
    """a spring from the cable's upper end (stiffness k, length 0) holds the mass on the
    incline: k s = m g sin(alpha) + F along the cable (axialForce F: r'.f = |r'| F, f the force on
    the body); the joint force is the normal part of gravity plus F along the cable"""
    m, k = 0.5, 20.0
    md = incline(coordyn_lib(), s0=0.3, m=m, axial_force=axial_force, assemble=False)
    ground = md.mbs.AddObject(cd.ObjectGround())
    mg = md.mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    md.mbs.AddObject(cd.ObjectConnectorSpringDamper(markerNumbers=[mg, md.mm], stiffness=k,
                                                    referenceLength=0))
    md.mbs.Assemble()
    cd.SolveStatic(md.mbs, cd.SimulationSettings())
    s_exact = (m * G * SIN_ALPHA + axial_force) / k
    pos = md.mbs.GetNodeOutput(md.node, OV.Position)
    assert np.allclose(pos, s_exact * md.t, rtol=0, atol=1e-10)
    f = md.mbs.GetObjectOutput(md.joint, OV.Force)
    weight = np.array([0, 0, -m * G])
    assert np.allclose(f, -(weight - (weight @ md.t) * md.t) + axial_force * md.t, rtol=0,
                       atol=1e-9)
    assert md.mbs.systemData.GetDataCoordinates()[0] == 0


def test_axial_force_initial_acceleration_left_out():
    """Exudyn's initial accelerations leave axialForce out (its initial system has no right-hand
    side in the force row), and coordyn's do the same: a mass held by F = -m g sin(alpha)
    starts with the acceleration g sin(alpha) for the first step and creeps down at
    h g sin(alpha) / 2 after it (held exactly, the mass would not move); asserted against that
    closed form to 5 %. The joint's Force at the end holds the weight's normal part (0.5 g on
    its third component)"""
    md = incline(coordyn_lib(), s0=0.7, axial_force=-0.5 * G * SIN_ALPHA)
    h = 1e-3
    cd.SolveDynamic(md.mbs, dyn_settings(coordyn_lib(), 0.5, h))
    pos = md.mbs.GetNodeOutput(md.node, OV.Position)
    ds = pos @ md.t - 0.7
    assert abs(ds - 0.5 * h * G * SIN_ALPHA * 0.5) < 0.05 * ds     # creep h a0 / 2 per second
    f = md.mbs.GetObjectOutput(md.joint, OV.Force)
    assert np.allclose(f, [0, 0, 0.5 * G], rtol=0, atol=1e-7)


@pytest.mark.parametrize("case", ["plain", "axial", "free_y"])
def test_incline_against_exudyn(case):
    """the same model on both engines for 0.7 s (Exudyn's initial accelerations and step):
    positions, sliding coordinate and force; the free axis y with an initial velocity along it"""
    kw = {"plain": {}, "axial": dict(axial_force=0.8),
          "free_y": dict(direction=[0.8, 0.0, -0.6], translations=(1, 0, 1), v0=(0, 0.3, 0))}[case]
    ex = exudyn_lib()
    import exudyn
    mx = incline(ex, **kw)
    exudyn.SolveDynamic(mx.mbs, dyn_settings(ex, 0.7, 1e-3, newton_tol=1e-10))
    lib = coordyn_lib()
    md = incline(lib, **kw)
    cd.SolveDynamic(md.mbs, dyn_settings(lib, 0.7, 1e-3, newton_tol=1e-10))
    assert md.mbs.systemData.GetDataCoordinates()[0] >= 1        # crossed a boundary
    for var in ("Position", "Velocity", "Force", "SlidingCoordinate"):
        a = np.ravel(mx.mbs.GetObjectOutput(mx.joint, getattr(ex.OutputVariableType, var)))
        b = np.ravel(md.mbs.GetObjectOutput(md.joint, getattr(OV, var)))
        # forces: measured 3e-8 relative (the Newton tolerance), positions 1e-10
        assert np.allclose(b, a, rtol=1e-7 if var == "Force" else 1e-8, atol=1e-9), var
    assert np.array_equal(md.mbs.systemData.GetDataCoordinates()[:1],
                          mx.mbs.systemData.GetDataCoordinates()[:1])


# ------------------------------------------------------------------ against Exudyn's example

def sagging_cable(exu, utilities, beams, t_end=1.0, nel=8):
    """Exudyn's example ANCFslidingJoint.py (a rigid block hanging from a point 0.2 m above its
    centre, offset in z, on a cable pinned at both ends that sags under gravity) with 8
    elements instead of 48 and a shorter end time; Newton to a relative tolerance of 1e-10"""
    u = utilities
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    L, rCable = 2.0, 0.01
    rhoA, EA, EI = 7800 * rCable ** 2 * np.pi, 0.25e5, 1.0
    cable = u.ObjectANCFCable(physicsMassPerLength=rhoA, physicsBendingStiffness=EI,
                              physicsBendingDamping=EI * 0.02, physicsAxialStiffness=EA,
                              physicsAxialDamping=EA * 0.02)
    ancf = beams.GenerateStraightLineANCFCable(
        mbs=mbs, positionOfNode0=[0, 0, 0], positionOfNode1=[L, 0, 0], numberOfElements=nel,
        cableTemplate=cable, massProportionalLoad=[0, -9.81, 0],
        fixedConstraintsNode0=[1, 1, 1, 0, 1, 1], fixedConstraintsNode1=[1, 1, 1, 0, 1, 1])
    lElem = L / nel
    s0 = 0.1 * L
    k0 = int(s0 / lElem)
    hy, sz = 0.4, 5 * rCable
    cube = [5 * rCable, hy - 2 * rCable, 10 * rCable]
    oRigid = mbs.CreateRigidBody(referencePosition=[s0, -0.5 * hy, -sz],
                                 inertia=u.InertiaCuboid(2 * 7800, cube), gravity=[0, -9.81, 0])
    mTop = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=oRigid, localPosition=[0, 0.5 * hy, sz]))
    ms = [mbs.AddMarker(u.MarkerBodyBeamShape(bodyNumber=o)) for o in ancf[1]]
    nd = mbs.AddNode(u.NodeGenericData(initialCoordinates=[k0, s0], numberOfDataCoordinates=2))
    sj = mbs.AddObject(u.ObjectJointSliding(
        markerNumbers=[mTop, ms[k0]], constrainRotations=[0, 0, 0], slidingMarkerNumbers=ms,
        slidingMarkerOffsets=[i * lElem for i in range(nel)], nodeNumber=nd))
    mbs.Assemble()
    s = dyn_settings(exu, t_end, 0.5e-3, newton_tol=1e-10)
    mbs.SolveDynamic(s)
    out = exu.OutputVariableType
    return dict(pos=np.asarray(mbs.GetObjectOutput(sj, out.Position)),
                vel=np.asarray(mbs.GetObjectOutput(sj, out.Velocity)),
                force=np.asarray(mbs.GetObjectOutput(sj, out.Force)),
                sc=float(np.ravel(mbs.GetObjectOutput(sj, out.SlidingCoordinate))[0]),
                data=np.asarray(mbs.systemData.GetDataCoordinates()),
                mid=np.asarray(mbs.GetNodeOutput(ancf[0][nel // 2], out.Position)),
                body=np.asarray(mbs.GetObjectOutputBody(oRigid, out.Position, [0, 0, 0])))


def test_rigid_body_on_sagging_cable_against_exudyn():
    """measured: positions agree within 1e-10 m, the sliding coordinate within 1e-10 m, the
    joint force within 1e-8 relative after 1 s and four element switches"""
    import warnings
    exu = pytest.importorskip("exudyn")
    import exudyn.beams
    import exudyn.utilities
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ref = sagging_cable(exu, exudyn.utilities, exudyn.beams)
    import coordyn.beams
    import coordyn.utilities
    got = sagging_cable(cd, coordyn.utilities, coordyn.beams)
    assert ref["data"][0] == 4 and got["data"][0] == 4          # four switches
    assert ref["sc"] > 1.1                                      # slid 0.9 m from 0.2
    for k in ("pos", "mid", "body"):
        assert np.allclose(got[k], ref[k], rtol=0, atol=1e-9), k
    assert np.allclose(got["vel"], ref["vel"], rtol=0, atol=1e-8)
    assert abs(got["sc"] - ref["sc"]) < 1e-9
    assert abs(got["data"][1] - ref["data"][1]) < 1e-9
    assert np.allclose(got["force"], ref["force"], rtol=0, atol=1e-7 * np.abs(ref["force"]).max())


# ------------------------------------------------------------------ Jacobian

def rigid_on_cable(axial_force=0.0, translations=(1, 1, 1)):
    """the sagging-cable model after a few steps (nonzero forces and sliding increment, the
    marker on a rigid body with Euler parameters)"""
    import coordyn.beams
    import coordyn.utilities as u
    mbs = cd.SystemContainer().AddSystem()
    cable = u.ObjectANCFCable(physicsMassPerLength=2.0, physicsBendingStiffness=5.0,
                              physicsAxialStiffness=1e4)
    ancf = coordyn.beams.GenerateStraightLineANCFCable(
        mbs=mbs, positionOfNode0=[0, 0, 0], positionOfNode1=[2, 0, 0], numberOfElements=4,
        cableTemplate=cable, massProportionalLoad=[0, -G, 0],
        fixedConstraintsNode0=[1, 1, 1, 0, 1, 1], fixedConstraintsNode1=[1, 1, 1, 0, 1, 1])
    body = mbs.CreateRigidBody(referencePosition=[0.4, -0.2, -0.05],
                               inertia=u.InertiaCuboid(500, [0.05, 0.4, 0.1]),
                               gravity=[0, -G, 0], initialVelocity=[0.5, 0, 0],
                               initialAngularVelocity=[0, 0.4, -0.5])
    top = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=body, localPosition=[0, 0.2, 0.05]))
    ms = [mbs.AddMarker(u.MarkerBodyBeamShape(bodyNumber=o)) for o in ancf[1]]
    nd = mbs.AddNode(u.NodeGenericData(initialCoordinates=[0, 0.4], numberOfDataCoordinates=2))
    joint = mbs.AddObject(u.ObjectJointSliding(
        markerNumbers=[top, ms[0]], slidingMarkerNumbers=ms,
        slidingMarkerOffsets=[0, 0.5, 1, 1.5], nodeNumber=nd, constrainRotations=[0, 0, 0],
        constrainTranslations=list(translations), axialForce=axial_force))
    mbs.Assemble()
    cd.SolveDynamic(mbs, dyn_settings(coordyn_lib(), 0.03, 1e-3))
    return mbs, joint


@pytest.mark.parametrize("axial_force, translations", [(0.0, (1, 1, 1)), (3.0, (1, 1, 1)),
                                                       (0.0, (1, 0, 1))])
def test_jacobian_against_numerical(axial_force, translations):
    from conftest import check_jacobian
    mbs, joint = rigid_on_cable(axial_force, translations)
    lam = mbs.systemData.GetAECoordinates()
    assert np.abs(lam).max() > 1                     # forces and the sliding change are set
    a, n = check_jacobian(mbs, joint)
    assert np.abs(a["K"]).max() > 1e-3               # the rigid marker's rotation term
    assert np.abs(a["Ga"][0, 0]) > 0 and np.abs(a["Ga"][1, 0]) > 0.5
    assert np.allclose(a["Ga"], n["Ga"], rtol=0, atol=1e-6 * np.abs(n["Ga"]).max())


def test_jacobian_numerical_at_velocity_level():
    from conftest import check_jacobian
    mbs, joint = rigid_on_cable()
    check_jacobian(mbs, joint, index2=True, expect_analytic=False)


# ------------------------------------------------------------------ initial state, names

def test_initial_state_off_the_cable_is_named():
    lib = coordyn_lib()
    md = incline(lib, assemble=False)
    md.mbs.SetNodeParameter(md.node, "initialCoordinates", [0, 0, 0.01])
    md.mbs.Assemble()
    with pytest.raises(ValueError, match=r"ObjectJointSliding \d+.*: position residual"):
        cd.SolveDynamic(md.mbs, dyn_settings(lib, 0.01, 1e-3))
    md.mbs.SetNodeParameter(md.node, "initialCoordinates", [0, 0, 0])
    md.mbs.SetNodeParameter(md.node, "initialVelocities", [0, 0, 0.3])   # not along the cable
    md.mbs.Assemble()
    with pytest.raises(ValueError, match=r"ObjectJointSliding \d+.*: velocity residual"):
        cd.SolveDynamic(md.mbs, dyn_settings(lib, 0.01, 1e-3))


def test_exudyn_names_and_defaults():
    ii = pytest.importorskip("exudyn.itemInterface")
    import coordyn.itemInterface as cii
    assert cii.SlidingJoint is cd.ObjectJointSliding is cii.ObjectJointSliding
    assert cii.VSlidingJoint is cii.VObjectJointSliding
    for name in ("ObjectJointSliding", "MarkerBodyBeamShape"):
        ref = {k: v for k, v in dict(getattr(ii, name)()).items() if not k.startswith("V")}
        got = dict(getattr(cii, name)())
        assert set(got) == set(ref), name
        for k, v in ref.items():
            assert np.array_equal(np.asarray(got[k]), np.asarray(v)), (name, k)


# ------------------------------------------------------------------ bad input

def bad_model():
    lib = coordyn_lib()
    md = incline(lib, nel=2, length=2.0, s0=0.5, assemble=False)
    mbs = md.mbs
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=md.node, coordinate=0))
    nd3 = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0, 0], numberOfDataCoordinates=3))
    nd9 = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[5, 0.5], numberOfDataCoordinates=2))
    return mbs, types.SimpleNamespace(markers=md.markers, mm=md.mm, mc=mc, nd=md.data, nd3=nd3,
                                      nd9=nd9, node=md.node)


def good_args(k):
    return dict(markerNumbers=[k.mm, k.markers[0]], slidingMarkerNumbers=k.markers,
                slidingMarkerOffsets=[0, 1], nodeNumber=k.nd, constrainRotations=[0, 0, 0])


@pytest.mark.parametrize("change, message", [
    (dict(constrainRotations=[1, 1, 1]),
     "parameter 'constrainRotations' is [1, 1, 1]; rotation constraints are not implemented"),
    ("default_rotations", "set constrainRotations=[0, 0, 0]"),
    (dict(constrainRotations=[0, 0, 1]), "parameter 'constrainRotations' is [0, 0, 1]"),
    (dict(constrainTranslations=[1, 0.5, 1]),
     "parameter 'constrainTranslations' entries must be 0 or 1, got 0.5"),
    (dict(slidingMarkerNumbers=[], slidingMarkerOffsets=[]),
     "parameter 'slidingMarkerNumbers' is empty; it needs the MarkerBodyBeamShape"),
    (dict(slidingMarkerOffsets=[0]),
     "parameter 'slidingMarkerOffsets' has length 1 but 'slidingMarkerNumbers' has length 2"),
    (dict(slidingMarkerOffsets=[0, 0, 1]),
     "parameter 'slidingMarkerOffsets' has length 3 but 'slidingMarkerNumbers' has length 2"),
    (dict(slidingMarkerOffsets=[1, 1]), "parameter 'slidingMarkerOffsets' must be increasing"),
    ("slidingwrong", "parameter 'slidingMarkerNumbers' entry 1 refers to marker"),
    ("m0coord", "parameter 'markerNumbers'[0] refers to marker"),
    ("m1pos", "parameter 'markerNumbers'[1] refers to marker"),
    ("m1notin", "is not in 'slidingMarkerNumbers'"),
    ("nonode", "parameter 'nodeNumber' is not set"),
    ("pointnode", "the joint needs a NodeGenericData with numberOfDataCoordinates = 2"),
    ("node3", "the joint needs a NodeGenericData with numberOfDataCoordinates = 2"),
    ("node9", "initialCoordinates[0] = 5"),
])
def test_bad_input(change, message):
    mbs, k = bad_model()
    args = good_args(k)
    if change == "default_rotations":
        del args["constrainRotations"]
    elif change == "slidingwrong":
        args["slidingMarkerNumbers"] = [k.markers[0], k.mm]
    elif change == "m0coord":
        args["markerNumbers"] = [k.mc, k.markers[0]]
    elif change == "m1pos":
        args["markerNumbers"] = [k.mm, k.mm]
    elif change == "m1notin":
        args["slidingMarkerNumbers"] = [k.markers[1]]
        args["slidingMarkerOffsets"] = [0]
    elif change == "nonode":
        del args["nodeNumber"]
    elif change == "pointnode":
        args["nodeNumber"] = k.node
    elif change == "node3":
        args["nodeNumber"] = k.nd3
    elif change == "node9":
        args["nodeNumber"] = k.nd9
    else:
        args.update(change)
    with pytest.raises(ValueError) as e:
        mbs.AddObject(cd.ObjectJointSliding(**args))
    assert "ObjectJointSliding" in str(e.value) and message in str(e.value), str(e.value)
    mbs.AddObject(cd.ObjectJointSliding(**good_args(k)))   # the good one is accepted


def test_beam_shape_marker_needs_a_3d_cable():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mass = mbs.AddObject(cd.MassPoint(nodeNumber=n, physicsMass=1))
    a = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    b = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
    c2 = mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[a, b], physicsLength=1,
                                            physicsMassPerLength=1))
    body = mbs.CreateRigidBody(referencePosition=[0, 0, 0],
                               inertia=cd.utilities.InertiaCuboid(1, [1, 1, 1]))
    for obj, tname in ((mass, "ObjectMassPoint"), (c2, "ObjectANCFCable2D"),
                       (body, "ObjectRigidBody")):
        with pytest.raises(ValueError, match=rf"MarkerBodyBeamShape \d+: parameter 'bodyNumber' "
                                             rf"refers to object {int(obj)} of type {tname}; the "
                                             r"marker needs an ObjectANCFCable"):
            mbs.AddMarker(cd.MarkerBodyBeamShape(bodyNumber=obj))
    with pytest.raises(ValueError, match="MarkerBodyBeamShape .*'bodyNumber' refers to object 9"):
        mbs.AddMarker(cd.MarkerBodyBeamShape(bodyNumber=9))


def test_beam_shape_marker_is_refused_by_other_connectors():
    mbs, k = bad_model()
    with pytest.raises(ValueError, match="MarkerBodyBeamShape"):
        mbs.AddObject(cd.ObjectConnectorSpringDamper(markerNumbers=[k.mm, k.markers[0]],
                                                     stiffness=1))
    with pytest.raises(ValueError, match="MarkerBodyBeamShape"):
        mbs.AddLoad(cd.LoadForceVector(markerNumber=k.markers[0], loadVector=[1, 0, 0]))
