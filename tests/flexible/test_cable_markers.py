"""Markers on the planar ANCF cable: MarkerBodyRigid on ObjectANCFCable2D (the frame of an axis
point, rotated with the slope r'), its derivative data for the analytic Jacobians of joints and
connectors, and a clamp by ObjectJointGeneric that is the clamp by CoordinateConstraints."""
import numpy as np
import pytest

import coordyn as cd
import exudyn_models as em
from conftest import check_jacobian, message_naming, new_system

ov = cd.OutputVariableType
EI, EA, RHOA, L_TOT = 2.0, 1.0e4, 3.0, 1.0


def cable(mbs, n_el=8, start=(0, 0), end=(L_TOT, 0), gravity=(0, -9.81, 0)):
    t = cd.ObjectANCFCable2D(massPerLength=RHOA, bendingStiffness=EI, axialStiffness=EA)
    nodes, els, *_ = cd.beams.GenerateStraightLineANCFCable2D(
        mbs, [*start, 0], [*end, 0], n_el, t, massProportionalLoad=list(gravity),
        fixedConstraintsNode0=None, fixedConstraintsNode1=None)
    return nodes, els


def clamped(kind, P=1e-4 * EI):
    """a cantilever clamped at x = 0 by CoordinateConstraints on x, y, slope_y of node 0
    (kind 'coordinates') or by ObjectJointGeneric (x, y, rz) between MarkerBodyRigid on ground
    and on the cable's first element (kind 'rigid'); tip force P downwards"""
    mbs = new_system()
    nodes, els = cable(mbs, gravity=(0, 0, 0))
    if kind == "coordinates":
        ng = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
        mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        for j in (0, 1, 3):
            mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
            mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mc]))
        joint = None
    else:
        m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=mbs.AddObject(cd.ObjectGround())))
        m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=els[0], localPosition=[0, 0, 0]))
        joint = mbs.AddObject(cd.GenericJoint(markerNumbers=[m0, m1],
                                              constrainedAxes=[1, 1, 0, 0, 0, 1]))
    mt = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mt, loadVector=[0, -P, 0]))
    mbs.Assemble()
    return mbs, nodes, els, joint


def test_clamp_by_rigid_marker_is_the_coordinate_clamp():
    """statics: the same tip deflection (to round-off) as the coordinate clamp, and P L^3 / 3EI;
    dynamics under gravity: the same motion"""
    tips = []
    for kind in ("coordinates", "rigid"):
        mbs, nodes, _, _ = clamped(kind)
        mbs.SolveStatic(em.default_settings(cd))
        tips.append(np.asarray(mbs.GetNodeOutput(nodes[-1], ov.Displacement)))
    exact = -1e-4 * L_TOT**3 / 3
    assert abs(tips[0][1] - exact) < 1e-6 * abs(exact)
    assert np.abs(tips[1] - tips[0]).max() < 1e-12 * abs(exact) + 1e-15, tips

    ends = []
    for kind in ("coordinates", "rigid"):
        mbs, nodes, els, _ = clamped(kind, P=0.0)
        for e in els:
            mm = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=e))
            mbs.AddLoad(cd.LoadMassProportional(markerNumber=mm, loadVector=[0, -9.81, 0]))
        mbs.Assemble()
        s = em.default_settings(cd)
        s.timeIntegration.endTime = 0.1
        s.timeIntegration.numberOfSteps = 100
        mbs.SolveDynamic(s)
        ends.append(np.asarray(mbs.GetNodeOutput(nodes[-1], ov.Position)))
    assert ends[0][1] < -1e-3
    assert np.abs(ends[1] - ends[0]).max() < 1e-9, ends


def random_state(mbs, scale=0.03, seed=4):
    rng = np.random.default_rng(seed)
    q0 = mbs.systemData.GetODE2Coordinates()
    mbs.systemData.SetODE2Coordinates(q0 + scale * rng.standard_normal(q0.size))
    mbs.systemData.SetODE2Coordinates_t(rng.standard_normal(q0.size))


def cable_on_crank():
    """a rigid body (NodeRigidBody2D) and a cable whose marker sits in the middle of its second
    element: returns (mbs, marker on the crank, marker on the cable)"""
    mbs = new_system()
    nc = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0.3]))
    crank = mbs.AddObject(cd.RigidBody2D(mass=1.0, inertia=0.1, nodeNumber=nc))
    nodes, els = cable(mbs, n_el=4, start=(0.1, -0.05), end=(1.1, 0.2))
    mr = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[0.2, 0.1, 0]))
    mc = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=els[1], localPosition=[0.1, 0, 0]))
    return mbs, mr, mc


@pytest.mark.parametrize("index2", [False, True])
def test_generic_joint_jacobian_on_cable_marker(index2):
    """ObjectJointGeneric (x, y, rz) between a rigid body and a cable point: the analytic
    Jacobian (with the cable's derivative data: d(A x)/dq, d(A^T y)/dq, d(Jrot^T t)/dq,
    d omega/dq) against numerical differentiation, in a random state, both marker orders"""
    for order in (0, 1):
        mbs, mr, mc = cable_on_crank()
        mk = [mr, mc] if order == 0 else [mc, mr]
        j = mbs.AddObject(cd.GenericJoint(markerNumbers=mk, constrainedAxes=[1, 1, 0, 0, 0, 1]))
        mbs.Assemble()
        random_state(mbs, seed=7 + order)
        mbs.systemData.SetAECoordinates(np.random.default_rng(3).standard_normal(
            mbs.systemData.GetAECoordinates().size))
        a, n = check_jacobian(mbs, j, index2=index2)
        assert np.linalg.norm(a["Cq"]) > 0.1 and np.linalg.norm(a["K"]) > 1e-3


def test_spring_damper_jacobians_on_cable_marker():
    """ConnectorRigidBodySpringDamper (stiffness and damping in all 6 directions) and
    TorsionalSpringDamper between a rigid body and a cable frame: analytic = numerical"""
    K6, D6 = np.diag([50.0, 40, 30, 20, 10, 5]), np.diag([1.0, 2, 3, 0.5, 0.4, 0.3])
    for make in (lambda m: cd.RigidBodySpringDamper(markerNumbers=m, stiffness=K6, damping=D6),
                 lambda m: cd.TorsionalSpringDamper(markerNumbers=m, stiffness=3.0,
                                                    damping=0.2)):
        mbs, mr, mc = cable_on_crank()
        sd = mbs.AddObject(make([mr, mc]))
        mbs.Assemble()
        random_state(mbs)
        a, _ = check_jacobian(mbs, sd)
        assert np.linalg.norm(a["K"]) > 1


def test_cable_frame_outputs():
    """the frame of an axis point: rotation matrix from the slope's angle (Rotation output),
    angular velocity = d(angle)/dt (central differences along the velocity), position and
    velocity as MarkerBodyPosition's"""
    mbs, mr, mc = cable_on_crank()
    mbs.Assemble()
    random_state(mbs, seed=11)
    els = [i for i in range(mbs.NumberOfObjects())
           if mbs.GetObject(i)["objectType"] == "ANCFCable2D"]
    e, lp = els[1], [0.1, 0, 0]
    A = np.asarray(mbs.GetObjectOutputBody(e, ov.RotationMatrix, localPosition=lp)).reshape(3, 3)
    phi = mbs.GetObjectOutputBody(e, ov.Rotation, localPosition=lp)
    phi = float(np.ravel(phi)[0])
    c, s = np.cos(phi), np.sin(phi)
    assert np.abs(A - [[c, -s, 0], [s, c, 0], [0, 0, 1]]).max() < 1e-14
    q, v = mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t()
    h = 1e-6

    def angle(qq):
        mbs.systemData.SetODE2Coordinates(qq)
        return float(np.ravel(mbs.GetObjectOutputBody(e, ov.Rotation, localPosition=lp))[0])
    w_num = (angle(q + h * v) - angle(q - h * v)) / (2 * h)
    mbs.systemData.SetODE2Coordinates(q)
    w = np.asarray(mbs.GetObjectOutputBody(e, ov.AngularVelocity, localPosition=lp))
    assert abs(w[2] - w_num) < 1e-7 * max(1, abs(w_num)) and w[0] == 0 and w[1] == 0
    mp = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=e, localPosition=lp))
    mbs.Assemble()
    mbs.systemData.SetODE2Coordinates(q)
    mbs.systemData.SetODE2Coordinates_t(v)
    for var in (ov.Position, ov.Velocity):
        np.testing.assert_array_equal(mbs.GetMarkerOutput(mc, var), mbs.GetMarkerOutput(mp, var))


def test_rigid_marker_off_the_axis_is_refused():
    mbs = new_system()
    _, els = cable(mbs, n_el=2)
    with pytest.raises(Exception, match=message_naming("MarkerBodyRigid", "localPosition",
                                                       "[x, 0, 0]")):
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=els[0], localPosition=[0.1, 0.05, 0]))


# ------------------------------------------------------------------ MarkerBodyCable2DCoordinates

def coordinates_model(lib):
    """one element, node 1 displaced; a SensorMarker on MarkerBodyCable2DCoordinates"""
    mbs = lib.SystemContainer().AddSystem()
    n0 = mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0],
                                           initialCoordinates=[0.01, 0.1, 0, 0.2]))
    o = mbs.AddObject(em.make(lib.ObjectANCFCable2D, nodeNumbers=[n0, n1], length=1.0,
                              massPerLength=1.0, bendingStiffness=1.0, axialStiffness=100.0))
    m = mbs.AddMarker(lib.MarkerBodyCable2DCoordinates(bodyNumber=o))
    s = mbs.AddSensor(lib.SensorMarker(markerNumber=m, storeInternal=True,
                                       outputVariableType=lib.OutputVariableType.Coordinates))
    mbs.Assemble()
    return mbs, m, s


def test_cable2d_coordinates_marker_output():
    """Coordinates = reference + displacement of both nodes (as Exudyn 1.13.6 gives them),
    Coordinates_t the velocities, stored by SensorMarker during a simulation"""
    mbs, m, s = coordinates_model(cd)
    np.testing.assert_array_equal(mbs.GetSensorValues(s), [0, 0, 1, 0, 1.01, 0.1, 1, 0.2])
    st = em.default_settings(cd)
    st.timeIntegration.endTime = 0.02
    st.timeIntegration.numberOfSteps = 20
    mbs.SolveDynamic(st)
    q = mbs.systemData.GetODE2Coordinates() + mbs.systemData.GetODE2Coordinates(
        cd.ConfigurationType.Reference)
    np.testing.assert_array_equal(mbs.GetSensorStoredData(s)[-1, 1:], q)
    np.testing.assert_array_equal(mbs.GetMarkerOutput(m, ov.Coordinates_t),
                                  mbs.systemData.GetODE2Coordinates_t())
    assert np.abs(q - [0, 0, 1, 0, 1.01, 0.1, 1, 0.2]).max() > 1e-3      # it moved
    try:
        import exudyn  # noqa: F401
    except ImportError:
        return
    mbx, _, sx = coordinates_model(em.exudyn_lib())
    np.testing.assert_array_equal(mbx.GetSensorValues(sx), [0, 0, 1, 0, 1.01, 0.1, 1, 0.2])


def test_cable2d_coordinates_marker_has_no_consumer():
    """it gives no position and no single coordinate: connectors, loads and the Position
    output refuse it; it needs an ObjectANCFCable2D"""
    mbs, m, _ = coordinates_model(cd)
    with pytest.raises(Exception, match="outputVariableType"):
        mbs.AddSensor(cd.SensorMarker(markerNumber=m, outputVariableType=ov.Position))
    g = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(
        cd.NodePointGround(referenceCoordinates=[0, 0, 0])), coordinate=0))
    with pytest.raises(Exception, match="markerNumbers"):
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[g, m]))
    with pytest.raises(Exception, match="markerNumber"):
        mbs.AddLoad(cd.LoadForceVector(markerNumber=m, loadVector=[1, 0, 0]))
    with pytest.raises(Exception, match=message_naming("MarkerBodyCable2DCoordinates",
                                                       "bodyNumber", "ObjectANCFCable2D")):
        mbs.AddMarker(cd.MarkerBodyCable2DCoordinates(bodyNumber=mbs.AddObject(
            cd.ObjectGround())))


def cantilever_with_end_body(lib, dynamic):
    """4 elements clamped to ground and, at the far end, clamped to a rigid body by
    ObjectJointGeneric (x, y, rz) between MarkerBodyRigid; gravity; returns the body's
    coordinates after a static solve (5 load steps) or 0.2 s of dynamics (200 steps)"""
    mbs = lib.SystemContainer().AddSystem()
    n_el, le = 4, 0.25
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[i * le, 0, 1, 0]))
             for i in range(n_el + 1)]
    els = [mbs.AddObject(em.make(lib.ObjectANCFCable2D, nodeNumbers=[nodes[i], nodes[i + 1]],
                                 length=le, massPerLength=3.0, bendingStiffness=2.0,
                                 axialStiffness=1e4)) for i in range(n_el)]
    nc = mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=[1.2, 0, 0]))
    body = mbs.AddObject(em.make(lib.ObjectRigidBody2D, mass=2.0, inertia=0.1, nodeNumber=nc))
    ground = mbs.AddObject(lib.ObjectGround())
    pairs = ((ground, [0, 0, 0], els[0], [0, 0, 0]), (els[-1], [le, 0, 0], body, [-0.2, 0, 0]))
    for b0, p0, b1, p1 in pairs:
        m0 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b0, localPosition=p0))
        m1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b1, localPosition=p1))
        mbs.AddObject(lib.ObjectJointGeneric(markerNumbers=[m0, m1],
                                             constrainedAxes=[1, 1, 0, 0, 0, 1]))
    for b in els + [body]:
        mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    s = em.default_settings(lib)
    if dynamic:
        s.timeIntegration.endTime = 0.2
        s.timeIntegration.numberOfSteps = 200
        mbs.SolveDynamic(s)
    else:
        s.staticSolver.numberOfLoadSteps = 5
        mbs.SolveStatic(s)
    return np.array(mbs.GetNodeOutput(nc, lib.OutputVariableType.Coordinates))


def test_rigid_markers_on_cable_same_as_exudyn():
    """the cable clamped to ground and to a rigid body through MarkerBodyRigid on its ends:
    Exudyn 1.13.6 gives the same static equilibrium (large deflection; 4.6e-9 measured, the
    Newton tolerance) and the same motion after 200 steps (3.3e-11 measured)"""
    pytest.importorskip("exudyn")
    ex = em.exudyn_lib()
    for dynamic, tol in ((False, 1e-7), (True, 1e-9)):
        a, b = cantilever_with_end_body(cd, dynamic), cantilever_with_end_body(ex, dynamic)
        assert np.abs(a - b).max() < tol, (dynamic, a, b)
        assert a[1] < -0.1
