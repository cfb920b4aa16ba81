"""ObjectJointSliding2D: a point mass sliding without friction along a straight clamped ANCF
cable on an incline (closed form s = s0 + g sin(alpha) t^2 / 2, across element boundaries), the
constraint force (normal force m g cos(alpha) in motion, m g vertical in a static equilibrium
held by axialForce), a bead on a hanging flexible cable against Exudyn 1.13.6 with the same
model, and the error messages of bad input."""
import types

import numpy as np
import pytest

import coordyn as cd

G = 9.81


def coordyn_lib():
    ns = types.SimpleNamespace(**{k: getattr(cd, k) for k in dir(cd) if not k.startswith("_")})
    return ns


def exudyn_lib():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    ns = types.SimpleNamespace(**{k: getattr(ii, k) for k in dir(ii) if not k.startswith("_")})
    for k in ("SystemContainer", "SimulationSettings", "OutputVariableType"):
        setattr(ns, k, getattr(exu, k))
    ns.SolveDynamic = exu.SolveDynamic
    ns.SolveStatic = exu.SolveStatic
    return ns


def cable_chain(lib, mbs, points, slopes, L, EI=1e3, EA=1e7, rhoA=1.0):
    """ANCF cable elements between consecutive points; returns nodes, cables, cable markers"""
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[p[0], p[1], t[0], t[1]]))
             for p, t in zip(points, slopes)]
    cables, markers = [], []
    for i in range(len(nodes) - 1):
        o = mbs.AddObject(lib.ObjectANCFCable2D(
            nodeNumbers=[nodes[i], nodes[i + 1]], physicsLength=L, physicsMassPerLength=rhoA,
            physicsBendingStiffness=EI, physicsAxialStiffness=EA))
        cables.append(o)
        markers.append(mbs.AddMarker(lib.MarkerBodyCable2DCoordinates(bodyNumber=o)))
    return nodes, cables, markers


def fix_coordinates(lib, mbs, node, coordinates):
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for c in coordinates:
        mk = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=node, coordinate=c))
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mk]))


def incline(lib, alpha=0.3, nel=4, length=2.0, s0=0.1, m=0.5, axial_force=0.0,
            classical=True, assemble=True):
    """a clamped straight cable going down at angle alpha from the origin; a point mass at
    sliding coordinate s0 under gravity"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    L = length / nel
    t = np.array([np.cos(alpha), -np.sin(alpha)])
    nodes, cables, markers = cable_chain(lib, mbs, [i * L * t for i in range(nel + 1)],
                                         [t] * (nel + 1), L)
    for n in nodes:
        fix_coordinates(lib, mbs, n, range(4))
    p0 = s0 * t
    k0 = int(s0 // L)
    nm = mbs.AddNode(lib.NodePoint2D(referenceCoordinates=[p0[0], p0[1]]))
    mbs.AddObject(lib.ObjectMassPoint2D(nodeNumber=nm, physicsMass=m))
    mm = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nm))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mm, loadVector=[0, -m * G, 0]))
    nd = mbs.AddNode(lib.NodeGenericData(initialCoordinates=[k0, s0], numberOfDataCoordinates=2))
    joint = mbs.AddObject(lib.ObjectJointSliding2D(
        markerNumbers=[mm, markers[k0]], slidingMarkerNumbers=markers,
        slidingMarkerOffsets=[i * L for i in range(nel)], nodeNumber=nd,
        useClassicalFormulation=classical, axialForce=axial_force))
    if assemble:
        mbs.Assemble()
    return types.SimpleNamespace(mbs=mbs, node=nm, joint=joint, data=nd, t=t, L=L, m=m,
                                 markers=markers, mm=mm)


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


def test_incline_closed_form_across_elements():
    lib = coordyn_lib()
    alpha, s0, t_end = 0.3, 0.1, 1.0
    md = incline(lib, alpha=alpha, s0=s0)
    cd.SolveDynamic(md.mbs, dyn_settings(lib, t_end, 1e-3))
    pos = md.mbs.GetNodeOutput(md.node, cd.OutputVariableType.Position)[:2]
    s_exact = s0 + G * np.sin(alpha) * t_end ** 2 / 2     # 1.55: elements 0 .. 3
    assert s_exact > 3 * md.L
    s = float(pos @ md.t)
    assert abs(s - s_exact) < 1e-10
    assert abs(pos @ np.array([md.t[1], -md.t[0]])) < 1e-12      # on the cable's line
    data = md.mbs.systemData.GetDataCoordinates()
    assert data[0] == 3                                           # now on the last element
    assert abs(data[1] - s_exact) < 1e-10
    sc = md.mbs.GetObjectOutput(md.joint, cd.OutputVariableType.SlidingCoordinate)
    assert abs(float(np.ravel(sc)[0]) - s_exact) < 1e-10
    v = md.mbs.GetObjectOutput(md.joint, cd.OutputVariableType.Velocity)[:2]
    assert np.allclose(v, G * np.sin(alpha) * t_end * md.t, atol=1e-9)
    # the joint force: the normal force m g cos(alpha) only (no friction, no axial part)
    f = md.mbs.GetObjectOutput(md.joint, cd.OutputVariableType.Force)
    assert abs(f[:2] @ md.t) < 1e-7
    assert abs(np.linalg.norm(f[:2]) - md.m * G * np.cos(alpha)) < 1e-7   # Newton tolerance


def test_static_spring_equilibrium():
    """a spring from the cable's upper end (stiffness k, length 0) holds the mass on the
    incline: k s = m g sin(alpha) along the cable, the joint force is the normal force
    m g cos(alpha)"""
    lib = coordyn_lib()
    alpha, m, k = 0.4, 0.7, 20.0
    md = incline(lib, alpha=alpha, s0=0.3, m=m, assemble=False)
    ground = md.mbs.AddObject(cd.ObjectGround())
    mg = md.mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    md.mbs.AddObject(cd.ObjectConnectorSpringDamper(markerNumbers=[mg, md.mm], stiffness=k,
                                                    referenceLength=0))
    md.mbs.Assemble()
    cd.SolveStatic(md.mbs, cd.SimulationSettings())
    s_exact = m * G * np.sin(alpha) / k
    pos = md.mbs.GetNodeOutput(md.node, cd.OutputVariableType.Position)[:2]
    assert np.allclose(pos, s_exact * md.t, atol=1e-10)
    f = md.mbs.GetObjectOutput(md.joint, cd.OutputVariableType.Force)
    n = np.array([-md.t[1], md.t[0]])
    assert abs(f[:2] @ md.t) < 1e-9
    assert abs(abs(f[:2] @ n) - m * G * np.cos(alpha)) < 1e-9
    assert md.mbs.systemData.GetDataCoordinates()[0] == 0


def hanging(lib, t_end=1.0, h=2e-3):
    """a flexible cable pinned at both ends (straight and horizontal at the start), gravity on
    cable and bead; the bead starts near the left end, slides down into the sag. Newton to a
    relative tolerance of 1e-10 in both engines: at Exudyn's default 1e-8 Exudyn's own result
    moves by 3e-8 (relative) when the tolerance is tightened, at 1e-9 and 1e-10 it stays"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    nel, length = 6, 3.0
    L = length / nel
    nodes, cables, markers = cable_chain(lib, mbs, [[i * L, 0] for i in range(nel + 1)],
                                         [[1, 0]] * (nel + 1), L, EI=20.0, EA=1e5, rhoA=2.0)
    fix_coordinates(lib, mbs, nodes[0], [0, 1])
    fix_coordinates(lib, mbs, nodes[-1], [0, 1])
    for c in cables:
        mc = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=c))
        mbs.AddLoad(lib.LoadMassProportional(markerNumber=mc, loadVector=[0, -G, 0]))
    s0 = 0.3
    nm = mbs.AddNode(lib.NodePoint2D(referenceCoordinates=[s0, 0]))
    mbs.AddObject(lib.ObjectMassPoint2D(nodeNumber=nm, physicsMass=0.5))
    mm = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nm))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mm, loadVector=[0, -0.5 * G, 0]))
    nd = mbs.AddNode(lib.NodeGenericData(initialCoordinates=[0, s0], numberOfDataCoordinates=2))
    joint = mbs.AddObject(lib.ObjectJointSliding2D(
        markerNumbers=[mm, markers[0]], slidingMarkerNumbers=markers,
        slidingMarkerOffsets=[i * L for i in range(nel)], nodeNumber=nd))
    mbs.Assemble()
    lib.SolveDynamic(mbs, dyn_settings(lib, t_end, h, newton_tol=1e-10))
    out = lib.OutputVariableType
    return (np.asarray(mbs.GetNodeOutput(nm, out.Position)),
            np.asarray(mbs.GetNodeOutput(nodes[3], out.Position)),
            np.asarray(mbs.GetObjectOutput(joint, out.Force)),
            np.asarray(mbs.systemData.GetDataCoordinates()))


def test_hanging_cable_against_exudyn():
    ex = exudyn_lib()
    p_ex, mid_ex, f_ex, d_ex = hanging(ex)
    lib = coordyn_lib()
    lib.SolveDynamic = cd.SolveDynamic
    p_cd, mid_cd, f_cd, d_cd = hanging(lib)
    assert d_ex[0] == 1 and d_cd[0] == d_ex[0]       # slid over an element boundary
    assert np.allclose(p_cd, p_ex, rtol=1e-8, atol=1e-8 * np.abs(p_ex).max())
    assert np.allclose(mid_cd, mid_ex, rtol=1e-8, atol=1e-8 * np.abs(mid_ex).max())
    assert abs(d_cd[1] - d_ex[1]) <= 1e-8 * abs(d_ex[1])
    assert np.allclose(f_cd, f_ex, rtol=1e-6, atol=1e-6 * np.abs(f_ex).max())


@pytest.mark.parametrize("classical", [True, False])
def test_incline_against_exudyn(classical):
    """both formulations, with Exudyn's initial accelerations (its other formulation has a
    spurious tangential force lam2 C2^T on the mass, lam2 the step's sliding increment, which
    puts it 1.9e-3 m behind the closed form after 1 s: coordyn has the same equations)"""
    ex = exudyn_lib()
    mx = incline(ex, classical=classical)
    import exudyn
    exudyn.SolveDynamic(mx.mbs, dyn_settings(ex, 1.0, 1e-3))
    md = incline(coordyn_lib(), classical=classical)
    cd.SolveDynamic(md.mbs, dyn_settings(coordyn_lib(), 1.0, 1e-3))
    for var in ("Position", "Force", "SlidingCoordinate"):
        a = np.ravel(mx.mbs.GetObjectOutput(mx.joint, getattr(ex.OutputVariableType, var)))
        b = np.ravel(md.mbs.GetObjectOutput(md.joint, getattr(cd.OutputVariableType, var)))
        assert np.allclose(b, a, rtol=1e-8, atol=1e-9), var


# ------------------------------------------------------------------ bad input

def bad_model():
    lib = coordyn_lib()
    mbs = cd.SystemContainer().AddSystem()
    nodes, cables, markers = cable_chain(lib, mbs, [[0, 0], [1, 0], [2, 0]], [[1, 0]] * 3, 1.0)
    nm = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0.5, 0]))
    mbs.AddObject(cd.MassPoint2D(nodeNumber=nm, physicsMass=1))
    mm = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nm))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nm, coordinate=0))
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0.5], numberOfDataCoordinates=2))
    nd3 = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0, 0], numberOfDataCoordinates=3))
    nd9 = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[5, 0.5], numberOfDataCoordinates=2))
    return mbs, types.SimpleNamespace(markers=markers, mm=mm, mc=mc, nd=nd, nd3=nd3, nd9=nd9)


def good_args(k):
    return dict(markerNumbers=[k.mm, k.markers[0]], slidingMarkerNumbers=k.markers,
                slidingMarkerOffsets=[0, 1], nodeNumber=k.nd)


@pytest.mark.parametrize("change, message", [
    (dict(slidingMarkerNumbers=[], slidingMarkerOffsets=[]),
     "parameter 'slidingMarkerNumbers' is empty"),
    (dict(slidingMarkerOffsets=[0]),
     "parameter 'slidingMarkerOffsets' has length 1 but 'slidingMarkerNumbers' has length 2"),
    (dict(slidingMarkerOffsets=[1, 1]), "parameter 'slidingMarkerOffsets' must be increasing"),
    (dict(slidingMarkerOffsets=[0, -1]), "parameter 'slidingMarkerOffsets' must be increasing"),
    ("slidingwrong", "parameter 'slidingMarkerNumbers' entry 1 refers to marker"),
    ("m0coord", "parameter 'markerNumbers'[0] refers to marker"),
    ("m1pos", "parameter 'markerNumbers'[1] refers to marker"),
    ("m1notin", "is not in 'slidingMarkerNumbers'"),
    ("node3", "needs a NodeGenericData with numberOfDataCoordinates = 2"),
    ("node9", "initialCoordinates[0] = 5"),
    (dict(constrainRotation=True), "which has no position and orientation"),
])
def test_bad_input(change, message):
    mbs, k = bad_model()
    args = good_args(k)
    if change == "slidingwrong":
        args["slidingMarkerNumbers"] = [k.markers[0], k.mm]
    elif change == "m0coord":
        args["markerNumbers"] = [k.mc, k.markers[0]]
    elif change == "m1pos":
        args["markerNumbers"] = [k.mm, k.mm]
    elif change == "m1notin":
        args["slidingMarkerNumbers"] = [k.markers[1]]
        args["slidingMarkerOffsets"] = [0]
    elif change == "node3":
        args["nodeNumber"] = k.nd3
    elif change == "node9":
        args["nodeNumber"] = k.nd9
    else:
        args.update(change)
    with pytest.raises(Exception) as e:
        mbs.AddObject(cd.ObjectJointSliding2D(**args))
    assert "ObjectJointSliding2D" in str(e.value) and message in str(e.value), str(e.value)
    mbs.AddObject(cd.ObjectJointSliding2D(**good_args(k)))   # the good one is accepted


# ------------------------------------------------------------------ Jacobian

def rigid_on_cable(axial_force=0.0):
    """a rigid body hanging from a point 0.3 above its centre on a pinned flexible cable (the
    marker's Jacobian depends on the body's rotation), after a few steps (nonzero forces and
    sliding increment)"""
    mbs = cd.SystemContainer().AddSystem()
    nel, L = 4, 0.5
    lib = coordyn_lib()
    nodes, cables, markers = cable_chain(lib, mbs, [[i * L, 0] for i in range(nel + 1)],
                                         [[1, 0]] * (nel + 1), L, EI=50.0, EA=1e5, rhoA=1.0)
    fix_coordinates(lib, mbs, nodes[0], [0, 1])
    fix_coordinates(lib, mbs, nodes[-1], [0, 1])
    nb = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0.4, -0.3, 0],
                                        initialVelocities=[0.5, 0, 0.2]))
    body = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=nb, physicsMass=2.0,
                                              physicsInertia=0.1))
    mb = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=body, localPosition=[0, 0.3, 0]))
    mc = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=body, localPosition=[0, 0, 0]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mc, loadVector=[0, -2 * G, 0]))
    joint = cd.beams.GenerateSlidingJoint(mbs, cables, mb, localMarkerIndexOfStartCable=0,
                                          slidingCoordinateStartPosition=0.4)[0]
    if axial_force:
        mbs.SetObjectParameter(joint, "axialForce", axial_force)
    mbs.Assemble()
    s = dyn_settings(coordyn_lib(), 0.05, 1e-3)
    cd.SolveDynamic(mbs, s)
    return mbs, joint


@pytest.mark.parametrize("axial_force", [0.0, 3.0])
def test_jacobian_against_numerical(axial_force):
    from conftest import check_jacobian
    mbs, joint = rigid_on_cable(axial_force)
    lam = mbs.systemData.GetAECoordinates()
    assert np.abs(lam).max() > 1                     # forces and the sliding change are set
    a, n = check_jacobian(mbs, joint)
    assert np.abs(a["K"]).max() > 1e-3               # the rigid marker's rotation term
    scale = np.abs(n["Ga"]).max()
    assert np.allclose(a["Ga"], n["Ga"], rtol=0, atol=1e-6 * scale)
    assert np.abs(a["Ga"][2, 2]) > 0 and np.abs(a["Ga"][0, 2]) > 0.5


def test_jacobian_with_euler_parameter_body():
    """marker 0 on a 3D rigid body (Euler parameters, moving in the plane): the rows of the
    position equations take the exact d p0/dq, which differs from the velocity Jacobian J0"""
    from conftest import check_jacobian
    mbs = cd.SystemContainer().AddSystem()
    lib = coordyn_lib()
    nodes, cables, markers = cable_chain(lib, mbs, [[i * 0.5, 0] for i in range(5)],
                                         [[1, 0]] * 5, 0.5, EI=50.0, EA=1e5, rhoA=1.0)
    fix_coordinates(lib, mbs, nodes[0], [0, 1])
    fix_coordinates(lib, mbs, nodes[-1], [0, 1])
    body = mbs.CreateRigidBody(referencePosition=[0.4, -0.3, 0], gravity=[0, -G, 0],
                               inertia=cd.utilities.InertiaCuboid(100, [0.1, 0.6, 0.1]),
                               initialVelocity=[0.5, 0, 0], initialAngularVelocity=[0, 0, 0.2])
    mb = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[0, 0.3, 0]))
    joint = cd.beams.GenerateSlidingJoint(mbs, cables, mb, localMarkerIndexOfStartCable=0,
                                          slidingCoordinateStartPosition=0.4)[0]
    mbs.Assemble()
    cd.SolveDynamic(mbs, dyn_settings(lib, 0.03, 1e-3))
    a, n = check_jacobian(mbs, joint)
    # the body's 7 coordinates come first: there d p0/dq (Gq) is not J0 (Cq)
    assert np.abs(a["Gq"][:2, :7] - a["Cq"][:2, :7]).max() > 1e-3


def test_jacobian_numerical_where_not_analytic():
    """the other formulation and constrainRotation use the engine's forward differences"""
    mbs, joint = rigid_on_cable()
    mbs.SetObjectParameter(joint, "useClassicalFormulation", False)
    mbs.Assemble()
    assert mbs.GetObjectJacobian(joint)["analytic"] is False


# ------------------------------------------------------------------ initial state, helpers

def test_initial_velocity_along_cable_is_free():
    """a mass launched along the clamped incline: s = s0 + v0 t + g sin(alpha) t^2 / 2"""
    lib = coordyn_lib()
    alpha, s0, v0, t_end = 0.3, 0.1, 0.7, 0.5
    md = incline(lib, alpha=alpha, s0=s0, assemble=False)
    md.mbs.SetNodeParameter(md.node, "initialVelocities", list(v0 * md.t))
    md.mbs.Assemble()
    cd.SolveDynamic(md.mbs, dyn_settings(lib, t_end, 1e-3))
    pos = md.mbs.GetNodeOutput(md.node, cd.OutputVariableType.Position)[:2]
    assert abs(pos @ md.t - (s0 + v0 * t_end + G * np.sin(alpha) * t_end ** 2 / 2)) < 1e-10


def test_sliding_back_to_the_previous_element():
    """launched uphill on element 2, the mass turns at s = 0.51 on element 1 and slides back:
    s = s0 - v0 t + g sin(alpha) t^2 / 2, the element index goes 2 -> 1 and stays there"""
    lib = coordyn_lib()
    alpha, s0, v0, t_end = 0.3, 1.2, 2.0, 1.0
    md = incline(lib, alpha=alpha, s0=s0, assemble=False)
    md.mbs.SetNodeParameter(md.node, "initialVelocities", list(-v0 * md.t))
    sensor = md.mbs.AddSensor(cd.SensorNode(nodeNumber=md.data,
                                            outputVariableType=cd.OutputVariableType.Coordinates,
                                            storeInternal=True))
    md.mbs.Assemble()
    cd.SolveDynamic(md.mbs, dyn_settings(lib, t_end, 1e-3))
    pos = md.mbs.GetNodeOutput(md.node, cd.OutputVariableType.Position)[:2]
    s_exact = s0 - v0 * t_end + G * np.sin(alpha) * t_end ** 2 / 2
    assert abs(pos @ md.t - s_exact) < 1e-10
    k = md.mbs.GetSensorStoredData(sensor)[:, 1]
    assert k[0] == 2 and k[-1] == 1 and set(np.unique(k)) == {1.0, 2.0}
    assert np.all(np.diff(k) <= 0)                    # one switch, downwards


def test_initial_state_off_the_cable_is_named():
    lib = coordyn_lib()
    md = incline(lib, assemble=False)
    md.mbs.SetNodeParameter(md.node, "initialCoordinates", [0, 0.01])
    md.mbs.Assemble()
    with pytest.raises(ValueError, match=r"ObjectJointSliding2D \d+.*: position residual"):
        cd.SolveDynamic(md.mbs, dyn_settings(lib, 0.01, 1e-3))
    md.mbs.SetNodeParameter(md.node, "initialCoordinates", [0, 0])
    md.mbs.SetNodeParameter(md.node, "initialVelocities", [0.1, 0.3])   # not along the cable
    md.mbs.Assemble()
    with pytest.raises(ValueError, match=r"ObjectJointSliding2D \d+.*: velocity residual"):
        cd.SolveDynamic(md.mbs, dyn_settings(lib, 0.01, 1e-3))


def test_generate_sliding_joint_bad_index_and_ale_stand_in():
    from coordyn.exudyn._notyet import NotImplementedFeatureError
    mbs, k = bad_model()
    with pytest.raises(ValueError, match="localMarkerIndexOfStartCable = 5"):
        cd.beams.GenerateSlidingJoint(mbs, [0, 1], k.mm, localMarkerIndexOfStartCable=5)
    with pytest.raises(NotImplementedFeatureError, match="ObjectJointALEMoving2D"):
        cd.beams.GenerateAleSlidingJoint(mbs, [0, 1], k.mm, AleNode=0)
