"""ObjectConnectorReevingSystemSprings (a rope over sheaves given by rigid markers): an Atwood
machine with a stiff rope over two fixed sheaves against the closed-form acceleration, a
movable sheave hanging in a rope loop (static) against the hand-derived rope force and
position, the rope length against hand-derived geometry, the same models on Exudyn 1.13.6, the
symmetry of the (numerical) stiffness of the conservative rope, and bad input."""
import numpy as np
import pytest

import coordyn as cd
from exudyn_models import default_settings, exudyn_lib

G = 9.81
R = 0.2            # sheave radius [m]
D = 1.0            # distance of the two fixed sheaves [m]
EA = 1e7           # axial stiffness of the rope [N]
MA, MB = 1.0, 3.0  # the two masses [kg]


def _inertia(m):
    return [0.01 * m, 0.01 * m, 0.01 * m, 0, 0, 0]


def _mass(lib, mbs, pos, m, gravity=True):
    """rigid body (Euler parameters) at pos with gravity -G y; returns node, body, rigid marker"""
    n = mbs.AddNode(lib.NodeRigidBodyEP(referenceCoordinates=list(pos) + [1, 0, 0, 0]))
    b = mbs.AddObject(lib.ObjectRigidBody(mass=m, inertia=_inertia(m), nodeNumber=n))
    if gravity:
        mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=[0, -G, 0]))
    return n, b, mbs.AddMarker(lib.MarkerNodeRigid(nodeNumber=n))


def _axes(lib, axes):
    """sheavesAxes as Exudyn wants them (a Vector3DList; coordyn accepts lists too)"""
    v = getattr(lib, "Vector3DList", None)
    return v(axes) if v is not None else axes


def _exudyn_lib():
    import exudyn
    lib = exudyn_lib()
    lib.Vector3DList = exudyn.Vector3DList
    return lib


def atwood_geometry(hA=1.0, hB=1.5):
    """rope length: mass A hangs hA below the left side of sheave 1 (centre (0, 0)), mass B hB
    below the right side of sheave 2 (centre (D, 0)); rope over the tops of both sheaves"""
    return hA + np.pi * R / 2 + D + np.pi * R / 2 + hB


def atwood_model(lib, t_end=0.4, steps=400, hA=1.0, hB=1.5, coordinate=False):
    """Atwood machine: masses MA, MB on a stiff rope over two fixed sheaves on the ground; the
    rope is pre-stretched to the tension of the motion, T = 2 MA MB G / (MA + MB). With
    coordinate=True the rope's end at B is lengthened by a prescribed-free winch: two
    coordinate markers (a ground coordinate and a 1D mass) through coordinateFactors [1, 0.5].
    Returns mbs, rope, node A, node B (and the winch node or None)."""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(lib.ObjectGround())
    nA, _, mA = _mass(lib, mbs, [-R, -hA, 0], MA)
    nB, _, mB = _mass(lib, mbs, [D + R, -hB, 0], MB)
    s1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    s2 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[D, 0, 0]))
    L = atwood_geometry(hA, hB)
    T = 2 * MA * MB * G / (MA + MB)
    L0 = L * EA / (EA + T)
    markers = [mA, s1, s2, mB]
    nW = None
    kw = {}
    if coordinate:
        ng = mbs.AddNode(lib.NodePointGround())
        c0 = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        nW = mbs.AddNode(lib.Node1D(referenceCoordinates=[0]))
        mbs.AddObject(lib.ObjectMass1D(physicsMass=0.5, nodeNumber=nW))
        c1 = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nW, coordinate=0))
        markers += [c0, c1]
        kw = dict(hasCoordinateMarkers=True, coordinateFactors=[1, 0.5])
    rope = mbs.AddObject(lib.ObjectConnectorReevingSystemSprings(
        markerNumbers=markers, stiffnessPerLength=EA, dampingPerLength=0.01 * EA,
        referenceLength=L0,
        sheavesAxes=_axes(lib, [[0, 0, 1], [0, 0, -1], [0, 0, -1], [0, 0, 1]]),
        sheavesRadii=[0, R, R, 0], **kw))
    mbs.Assemble()
    s = default_settings(lib)
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = steps
    mbs.SolveDynamic(s)
    return mbs, rope, nA, nB, nW


def test_atwood_machine_closed_form():
    """a = G (MB - MA) / (MA + MB): A rises, B sinks by a t^2 / 2; the rope force is T =
    2 MA MB G / (MA + MB) and the rope length stays L0 (1 + T / EA)"""
    t = 0.4
    mbs, rope, nA, nB, _ = atwood_model(cd, t_end=t)
    ov = cd.OutputVariableType
    a = G * (MB - MA) / (MA + MB)
    pA, pB = mbs.GetNodeOutput(nA, ov.Position), mbs.GetNodeOutput(nB, ov.Position)
    assert pA[1] - (-1.0) == pytest.approx(0.5 * a * t * t, rel=1e-6)
    assert pB[1] - (-1.5) == pytest.approx(-0.5 * a * t * t, rel=1e-6)
    assert abs(pA[0] + R) < 1e-9 and abs(pB[0] - D - R) < 1e-9
    vA = mbs.GetNodeOutput(nA, ov.Velocity)
    assert vA[1] == pytest.approx(a * t, rel=1e-6)
    T = 2 * MA * MB * G / (MA + MB)
    assert mbs.GetObjectOutput(rope, ov.ForceLocal) == pytest.approx(T, rel=1e-6)
    L = mbs.GetObjectOutput(rope, ov.Distance)
    assert L == pytest.approx(atwood_geometry(1.0 - 0.5 * a * t * t, 1.5 + 0.5 * a * t * t),
                              rel=1e-9)
    assert mbs.GetObjectOutput(rope, ov.VelocityLocal) == pytest.approx(0.0, abs=1e-7)


def test_rope_length_and_rate_by_hand():
    """before the solve: the rope length along tangents and arcs, and its rate when the masses
    move with velocities vA, vB: L_t = vB_down - vA_up ... = -vA_y - vB_y"""
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    nA = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[-R, -1, 0, 1, 0, 0, 0],
                                        initialVelocities=[0, 0.3, 0, 0, 0, 0, 0]))
    nB = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[D + R, -1.5, 0, 1, 0, 0, 0],
                                        initialVelocities=[0, 0.7, 0, 0, 0, 0, 0]))
    for n in (nA, nB):
        mbs.AddObject(cd.ObjectRigidBody(mass=1, inertia=_inertia(1), nodeNumber=n))
    mA, mB = (mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n)) for n in (nA, nB))
    s1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    s2 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[D, 0, 0]))
    rope = mbs.AddObject(cd.ReevingSystemSprings(
        markerNumbers=[mA, s1, s2, mB], stiffnessPerLength=100.0, dampingPerLength=10.0,
        referenceLength=3.0, sheavesAxes=[[0, 0, 1], [0, 0, -1], [0, 0, -1], [0, 0, 1]],
        sheavesRadii=[0, R, R, 0], regularizationForce=-1))
    mbs.Assemble()
    ov = cd.OutputVariableType
    L = atwood_geometry(1.0, 1.5)
    assert mbs.GetObjectOutput(rope, ov.Distance) == pytest.approx(L, rel=1e-13)
    assert mbs.GetObjectOutput(rope, ov.VelocityLocal) == pytest.approx(-0.3 - 0.7, rel=1e-12)
    F = (100.0 * (L - 3.0) + 10.0 * (-1.0)) / 3.0
    assert mbs.GetObjectOutput(rope, ov.ForceLocal) == pytest.approx(F, rel=1e-12)
    # the conservative rope (no damping): K = d(dV/dq)/dq is symmetric; the damping gives a
    # symmetric D too (d (F_d dL/dq) / dq_t = DA/L0 g g^T)
    j = mbs.GetObjectJacobian(rope)
    assert j["analytic"] is False
    K, Dm = np.asarray(j["K"]), np.asarray(j["D"])
    assert np.abs(K).max() > 10
    np.testing.assert_allclose(K, K.T, rtol=0, atol=1e-5 * np.abs(K).max())
    np.testing.assert_allclose(Dm, Dm.T, rtol=0, atol=1e-6 * np.abs(Dm).max())
    # the vertical coordinates of A and B: dL/dyA = -1, dL/dyB = -1 -> D = DA/L0 [1 1; 1 1]
    iA, iB = 1, 7 + 1
    np.testing.assert_allclose(Dm[np.ix_([iA, iB], [iA, iB])], 10.0 / 3.0 * np.ones((2, 2)),
                               rtol=1e-6)


def movable_sheave_model(lib, m=2.0, h=1.0, L0=None, static=True):
    """a sheave (mass m, radius R) hangs in a rope loop whose ends are fixed at (-R, 0) and
    (R, 0); the sheave's centre starts at (0, -h), only its vertical motion is free"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(lib.ObjectGround())
    n, b, ms = _mass(lib, mbs, [0, -h, 0], m)
    mg = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, -h, 0]))
    mbs.AddObject(lib.ObjectJointGeneric(markerNumbers=[mg, mbs.AddMarker(
        lib.MarkerBodyRigid(bodyNumber=b))], constrainedAxes=[1, 0, 1, 1, 1, 1]))
    e0 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[-R, 0, 0]))
    e1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[R, 0, 0]))
    L0 = L0 if L0 is not None else 2 * h + np.pi * R
    rope = mbs.AddObject(lib.ObjectConnectorReevingSystemSprings(
        markerNumbers=[e0, ms, e1], stiffnessPerLength=EA * 1e-3, referenceLength=L0,
        dampingPerLength=EA * 1e-5,
        sheavesAxes=_axes(lib, [[0, 0, 1], [0, 0, 1], [0, 0, 1]]), sheavesRadii=[0, R, 0]))
    mbs.Assemble()
    s = default_settings(lib)
    if static:
        s.staticSolver.newton.relativeTolerance = 1e-12
        mbs.SolveStatic(s)
    else:
        s.timeIntegration.endTime = 0.5
        s.timeIntegration.numberOfSteps = 500
        mbs.SolveDynamic(s)
    return mbs, rope, n, L0


def test_movable_sheave_static():
    """two vertical strands carry the sheave: T = m g / 2; the rope stretches to
    L = L0 (1 + T / EA'), so the centre sits at y = -(L - pi R) / 2"""
    m = 2.0
    mbs, rope, n, L0 = movable_sheave_model(cd, m=m)
    ov = cd.OutputVariableType
    T = m * G / 2
    assert mbs.GetObjectOutput(rope, ov.ForceLocal) == pytest.approx(T, rel=1e-9)
    L = L0 * (1 + T / (EA * 1e-3))
    assert mbs.GetObjectOutput(rope, ov.Distance) == pytest.approx(L, rel=1e-12)
    assert mbs.GetNodeOutput(n, ov.Position)[1] == pytest.approx(-(L - np.pi * R) / 2, rel=1e-10)


@pytest.mark.parametrize("coordinate", [False, True])
def test_atwood_against_exudyn(coordinate):
    """the Atwood machine (with the winch's coordinate markers) on Exudyn 1.13.6: positions,
    velocities and the rope outputs to 1e-8"""
    pytest.importorskip("exudyn")
    lib = _exudyn_lib()
    a = atwood_model(cd, coordinate=coordinate)
    b = atwood_model(lib, coordinate=coordinate)
    ov, eov = cd.OutputVariableType, lib.OutputVariableType
    for n in (2, 3):
        for v in ("Position", "Velocity", "AngularVelocity"):
            np.testing.assert_allclose(a[0].GetNodeOutput(a[n], getattr(ov, v)),
                                       b[0].GetNodeOutput(b[n], getattr(eov, v)), rtol=0,
                                       atol=1e-8)
    for v in ("Distance", "VelocityLocal", "ForceLocal"):
        x, y = a[0].GetObjectOutput(a[1], getattr(ov, v)), b[0].GetObjectOutput(b[1],
                                                                                getattr(eov, v))
        assert float(np.atleast_1d(x)[0]) == pytest.approx(float(np.atleast_1d(y)[0]),
                                                           rel=1e-8, abs=1e-8)
    if coordinate:
        wa = np.atleast_1d(a[0].GetNodeOutput(a[4], ov.Coordinates))[0]
        wb = np.atleast_1d(b[0].GetNodeOutput(b[4], eov.Coordinates))[0]
        assert abs(wa) > 1e-4   # the winch moves
        assert wa == pytest.approx(wb, abs=1e-8)


def test_movable_sheave_dynamic_against_exudyn():
    """the movable sheave released from a slack-free start (dynamic), on Exudyn 1.13.6"""
    pytest.importorskip("exudyn")
    lib = _exudyn_lib()
    a = movable_sheave_model(cd, static=False, L0=2 * 1.0 + np.pi * R - 0.001)
    b = movable_sheave_model(lib, static=False, L0=2 * 1.0 + np.pi * R - 0.001)
    ov, eov = cd.OutputVariableType, lib.OutputVariableType
    ya = a[0].GetNodeOutput(a[2], ov.Position)[1]
    yb = b[0].GetNodeOutput(b[2], eov.Position)[1]
    assert ya == pytest.approx(yb, abs=1e-8)


def _rope_system():
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, -1, 0, 1, 0, 0, 0]))
    mbs.AddObject(cd.ObjectRigidBody(mass=1, inertia=_inertia(1), nodeNumber=n))
    ms = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n))
    e0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[-R, 0, 0]))
    mp = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    return mbs, e0, ms, mp, mc


def test_bad_input():
    mbs, e0, ms, mp, mc = _rope_system()
    RS = cd.ObjectConnectorReevingSystemSprings
    ax2 = [[0, 0, 1], [0, 0, 1]]
    name = "ObjectConnectorReevingSystemSprings"
    with pytest.raises(ValueError, match=name + r" \d+: parameter 'markerNumbers' has 1 entries, "
                       r"but needs at least 2"):
        mbs.AddObject(RS(markerNumbers=[e0], sheavesAxes=[[0, 0, 1]], sheavesRadii=[0]))
    with pytest.raises(ValueError, match=r"needs at least 4 .*hasCoordinateMarkers is True"):
        mbs.AddObject(RS(markerNumbers=[e0, ms, mc], hasCoordinateMarkers=True,
                         sheavesAxes=[[0, 0, 1]], sheavesRadii=[0]))
    with pytest.raises(ValueError, match=r"parameter 'sheavesAxes' must have one 3-vector per "
                       r"rigid marker \(2\), got 3 x 3"):
        mbs.AddObject(RS(markerNumbers=[e0, ms], sheavesAxes=ax2 + [[0, 0, 1]],
                         sheavesRadii=[0, 0]))
    with pytest.raises(ValueError, match=r"parameter 'sheavesRadii' must have one radius per "
                       r"rigid marker \(2\), got 1"):
        mbs.AddObject(RS(markerNumbers=[e0, ms], sheavesAxes=ax2, sheavesRadii=[0]))
    with pytest.raises(ValueError, match=r"parameter 'sheavesAxes' row 1 has length 2; the axes "
                       r"must be unit vectors"):
        mbs.AddObject(RS(markerNumbers=[e0, ms], sheavesAxes=[[0, 0, 1], [0, 0, 2]],
                         sheavesRadii=[0, 0]))
    with pytest.raises(ValueError, match=r"parameter 'sheavesRadii'.* must be >= 0"):
        mbs.AddObject(RS(markerNumbers=[e0, ms], sheavesAxes=ax2, sheavesRadii=[0, -1]))
    with pytest.raises(ValueError, match=r"parameter 'regularizationForce' must not be 0"):
        mbs.AddObject(RS(markerNumbers=[e0, ms], sheavesAxes=ax2, sheavesRadii=[0, 0],
                         regularizationForce=0))
    with pytest.raises(ValueError, match=r"parameter 'markerNumbers' entry 1 refers to marker "
                       r"%d of type MarkerNodePosition, which is not a rigid marker" % mp):
        mbs.AddObject(RS(markerNumbers=[e0, mp], sheavesAxes=ax2, sheavesRadii=[0, 0]))
    with pytest.raises(ValueError, match=r"entry 3 refers to marker %d of type MarkerNodeRigid, "
                       r"which is not a coordinate marker" % ms):
        mbs.AddObject(RS(markerNumbers=[e0, ms, mc, ms], hasCoordinateMarkers=True,
                         sheavesAxes=ax2, sheavesRadii=[0, 0]))


def test_coinciding_sheaves_stop_the_solve():
    """two sheaves at one place have no common tangent: the solve stops with an error naming
    the rope and the markers"""
    mbs, e0, ms, mp, mc = _rope_system()
    ground = 0
    e1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[-R, 0, 0]))
    mbs.AddObject(cd.ObjectConnectorReevingSystemSprings(
        markerNumbers=[e0, e1, ms], sheavesAxes=[[0, 0, 1]] * 3, sheavesRadii=[0, R, 0],
        stiffnessPerLength=100, referenceLength=1))
    mbs.Assemble()
    s = default_settings(cd)
    s.timeIntegration.numberOfSteps = 10
    s.timeIntegration.endTime = 0.01
    with pytest.raises(Exception, match=r"ObjectConnectorReevingSystemSprings \d+: the rope "
                       r"between markers \d+ and \d+ .*the centres of the sheaves coincide"):
        mbs.SolveDynamic(s)


def _u_rope(lib, end_axis):
    """a rope hanging in a U under a sheave (centre 0, radius R, axis z), its ends at
    (-R, -2, 0) and (R, -2, 0), with the given axis at the ends (which do not matter)"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(lib.ObjectGround())
    mk = [mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=p))
          for p in ([-R, -2, 0], [0, 0, 0], [R, -2, 0])]
    rope = mbs.AddObject(lib.ObjectConnectorReevingSystemSprings(
        markerNumbers=mk, stiffnessPerLength=1.0, referenceLength=1.0,
        sheavesAxes=_axes(lib, [end_axis, [0, 0, -1], end_axis]), sheavesRadii=[0, R, 0]))
    mbs.Assemble()
    return mbs.GetObjectOutput(rope, lib.OutputVariableType.Distance)


@pytest.mark.parametrize("end_axis", [[0, 0, 1], list(np.array([1, 0, 1]) / np.sqrt(2))])
def test_contact_points_lie_on_the_sheave(end_axis):
    """L = 2 + pi R + 2 whatever the (ignored) axes at the rope's ends: the tangent's contact
    point is on the circle of radius R (Exudyn 1.13.6 scales the second circle's radius by
    |a_B x c| / |a_A x c| and gives another length for the tilted end axis)"""
    assert _u_rope(cd, end_axis) == pytest.approx(4 + np.pi * R, rel=1e-13)
