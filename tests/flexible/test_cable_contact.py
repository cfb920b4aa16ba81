"""Contact of ANCF cables with circles: MarkerBodyCable2DShape, ObjectContactCircleCable2D and
the discontinuous (post-Newton) iteration of the solvers (docs/flexible_bodies.rst "Contact of
cables with circles", docs/solvers.rst "Discontinuous iteration")."""

import warnings

import numpy as np
import pytest

import coordyn as cd
import exudyn_models as em
from conftest import check_jacobian, message_naming, new_system

OV = cd.OutputVariableType

# Exudyn's regression value of main/pythonDev/TestModels/ANCFcontactCircleTest.py
# (runTestSuiteRefSol.py): Newton stopped at relativeTolerance = 1e-7 of Exudyn's criterion
EXUDYN_REF = -0.4842698420787613
# the converged equilibrium of the same model: coordyn with the test's settings, and Exudyn
# 1.13.6 with relativeTolerance 3e-9 or 1e-9 (-0.4842656104325766, -0.48426561043252514)
CONVERGED = -0.48426561043250


# ------------------------------------------------------------------ Exudyn's regression model

def contact_circle_test(lib, rel_tol=1e-7, configure=None):
    """ANCFcontactCircleTest.py: a cantilever (8 ANCF elements, L = 2) under 40 times its weight,
    geometric load steps, pressed on two circles; each element has 4 contact segments per
    circle. Returns (mbs, tip y displacement, cables, contacts, circles)."""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    oGround = mbs.AddObject(lib.ObjectGround(referencePosition=[0, 0, 0]))
    L, E, rho, b, h = 2, 2.07e11, 7800, 0.001, 0.001
    A, I = b * h, b * h ** 3 / 12
    nGround = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mGround = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nGround, coordinate=0))
    n_el = 8
    le = L / n_el
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[le * i, 0, 1, 0]))
             for i in range(n_el + 1)]
    cables = [mbs.AddObject(em.make(lib.ObjectANCFCable2D, length=le, massPerLength=rho * A,
                                    bendingStiffness=E * I, axialStiffness=E * A,
                                    nodeNumbers=[nodes[i], nodes[i + 1]]))
              for i in range(n_el)]
    for c in (0, 1, 3):
        m = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=c))
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mGround, m]))
    for i, n in enumerate(nodes):
        m = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=n))
        fact = 0.5 if i in (0, n_el) else 1
        mbs.AddLoad(lib.LoadForceVector(markerNumber=m,
                                        loadVector=[0, -40 * 2 * rho * A * fact * le, 0]))
    ns = 4
    circles = [([0.75 * L, -0.5], 0.2), ([0.25 * L, -0.15], 0.1)]
    mc = [mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=oGround, localPosition=[x, y, 0]))
          for (x, y), r in circles]
    contacts = []
    for el in cables:
        mCable = mbs.AddMarker(lib.MarkerBodyCable2DShape(bodyNumber=el, numberOfSegments=ns))
        for k, ((x, y), r) in enumerate(circles):
            nd = mbs.AddNode(lib.NodeGenericData(initialCoordinates=[0.1] * ns,
                                                 numberOfDataCoordinates=ns))
            contacts.append(mbs.AddObject(lib.ObjectContactCircleCable2D(
                markerNumbers=[mc[k], mCable], nodeNumber=nd, numberOfContactSegments=ns,
                contactStiffness=1e3, circleRadius=r, offset=0)))
    mbs.Assemble()
    s = lib.SimulationSettings()
    em.quiet(s)
    ss = s.staticSolver
    ss.newton.numericalDifferentiation.relativeEpsilon = 1e-10
    ss.numberOfLoadSteps = 40
    ss.loadStepGeometric = True
    ss.loadStepGeometricRange = 1e4
    ss.adaptiveStep = False
    ss.newton.relativeTolerance = rel_tol
    ss.newton.absoluteTolerance = 1e-10
    ss.newton.maxIterations = 30
    ss.discontinuous.iterationTolerance = 1
    ss.stabilizerODE2term = 2
    if configure:
        configure(s)
    mbs.SolveStatic(s)
    sol = mbs.systemData.GetODE2Coordinates()
    return mbs, sol[len(sol) - 3], cables, contacts, circles


def segment_gaps(mbs, cable, centre, radius, ns, length):
    """the gap of every contact segment, computed here from the cable's axis points"""
    pts = [np.asarray(mbs.GetObjectOutputBody(cable, OV.Position, [i * length / ns, 0, 0]))[:2]
           for i in range(ns + 1)]
    c = np.asarray(centre, float)
    gaps = []
    for p0, p1 in zip(pts[:-1], pts[1:]):
        d = p1 - p0
        s = np.clip(np.dot(c - p0, d) / np.dot(d, d), 0, 1)
        gaps.append(np.linalg.norm(c - (p0 + s * d)) - radius)
    return np.array(gaps)


def test_exudyn_regression_model():
    """coordyn with the test's settings reaches the converged equilibrium -0.48426561043250 (to
    1e-11), which is 8.7e-6 (relative) from Exudyn's reference value -0.4842698420787613: that
    value is Exudyn's Newton stopped at its relativeTolerance 1e-7 (test_same_as_exudyn shows
    that Exudyn itself gives the converged value with a tighter tolerance). The post-Newton
    iteration takes 44 Newton solves in the 40 load steps (4 in the step where the contact
    starts), as Exudyn's (discontinuousIterationsCount = 44)."""
    mbs, tip, cables, contacts, circles = contact_circle_test(cd)
    assert abs(tip - CONVERGED) < 1e-11 * abs(CONVERGED)
    assert abs(tip - EXUDYN_REF) < 1e-5 * abs(EXUDYN_REF)
    st = mbs.GetSolverStatistics()
    assert st["steps"] == 40
    assert st["discontinuousIterations"] == 44
    assert st["maxDiscontinuousIterationsPerStep"] == 4
    assert st["unsettledDiscontinuousSteps"] == 0
    # a fixed point: the stored state of every segment has the sign of its gap now
    data = np.asarray(mbs.systemData.GetDataCoordinates()).reshape(-1, 4)
    in_contact = 0
    for j, o in enumerate(contacts):
        (centre, r) = circles[j % 2]
        g = segment_gaps(mbs, cables[j // 2], centre, r, 4, 0.25)
        assert np.array_equal(g <= 0, data[j] <= 0), (j, g, data[j])
        in_contact += int(np.sum(g <= 0))
    assert in_contact == 2   # one segment on each circle


def test_tolerance_converges_to_the_same():
    """a tighter Newton tolerance does not move the coordyn result (it is converged)"""
    _, tip, *_ = contact_circle_test(cd, rel_tol=1e-10)
    assert abs(tip - CONVERGED) < 1e-11 * abs(CONVERGED)


def test_same_as_exudyn():
    """Exudyn 1.13.6: with the test's settings exactly its reference value; with Newton
    converged (relativeTolerance 3e-9) coordyn's value to 1e-10, and the same contact states"""
    pytest.importorskip("exudyn")
    ex = em.exudyn_lib()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, tip_ref, *_ = contact_circle_test(ex)
        mbs_e, tip_e, *_ = contact_circle_test(ex, rel_tol=3e-9)
    assert abs(tip_ref - EXUDYN_REF) < 1e-12
    mbs_c, tip_c, *_ = contact_circle_test(cd)
    assert abs(tip_e - tip_c) < 1e-10 * abs(tip_c)
    de = np.asarray(mbs_e.systemData.GetDataCoordinates())
    dc = np.asarray(mbs_c.systemData.GetDataCoordinates())
    assert np.array_equal(de <= 0, dc <= 0)
    np.testing.assert_allclose(dc, de, atol=1e-6)


def test_discontinuous_settings_as_exudyn():
    s = cd.SimulationSettings()
    for g in (s.timeIntegration.discontinuous, s.staticSolver.discontinuous):
        assert g.maxIterations == 5 and g.iterationTolerance == 1.0
        assert g.ignoreMaxIterations is True or g.ignoreMaxIterations == 1


def test_max_iterations_zero_never_updates_the_states():
    """maxIterations = 0: the states keep their initial values (0.1: no contact) and the cable
    hangs through the circles (its free deflection is far larger)"""
    def cfg(s):
        s.staticSolver.discontinuous.maxIterations = 0
    mbs, tip, *_ = contact_circle_test(cd, configure=cfg)
    assert np.all(np.asarray(mbs.systemData.GetDataCoordinates()) == 0.1)
    assert mbs.GetSolverStatistics()["discontinuousIterations"] == 0
    assert tip < CONVERGED - 0.1


def test_unsettled_states_warning_or_error():
    """maxIterations = 2 does not let the states settle in the step where contact starts:
    ignoreMaxIterations (default) accepts it with a warning naming the items; False makes it a
    SolverError naming them and the setting"""
    def cfg(s):
        s.staticSolver.discontinuous.maxIterations = 2
    with pytest.warns(UserWarning, match=message_naming("ObjectContactCircleCable2D",
                                                        "did not settle",
                                                        "discontinuous.maxIterations = 2")):
        mbs, tip, *_ = contact_circle_test(cd, configure=cfg)
    assert mbs.GetSolverStatistics()["unsettledDiscontinuousSteps"] >= 1
    assert mbs.GetSolverStatistics()["maxDiscontinuousIterationsPerStep"] == 2

    def cfg2(s):
        cfg(s)
        s.staticSolver.discontinuous.ignoreMaxIterations = False
    with pytest.raises(cd.SolverError, match=message_naming(
            "ObjectContactCircleCable2D", "did not settle", "discontinuous.maxIterations = 2",
            "iterationTolerance")):
        contact_circle_test(cd, configure=cfg2)


# ------------------------------------------------------------------ closed form

def cable_on_circle(ns=3, F=2.0, k=1e4, r=0.1, offset=0.0, vertical_offset=0.0, EI=1e3):
    """one stiff straight cable (L = 1) above a circle at (0.5, -r - offset - vertical_offset),
    free to translate vertically (node 0's x and both slopes' y fixed), a downward point load F
    at its middle; the middle segment touches the circle from the start (states -1)."""
    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround())
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
    cab = mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1.0, massPerLength=1.0,
                                             bendingStiffness=EI, axialStiffness=1e6))
    for n, c in ((n0, 0), (n0, 3), (n1, 3)):
        m = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=c))
        mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[mg, m]))
    mid = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=cab, localPosition=[0.5, 0, 0]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mid, loadVector=[0, -F, 0]))
    yc = -r - offset + vertical_offset   # the contact points (axis + vertical_offset) touch
    mc = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0.5, yc, 0]))
    shape = mbs.AddMarker(cd.MarkerBodyCable2DShape(bodyNumber=cab, numberOfSegments=ns,
                                                    verticalOffset=vertical_offset))
    init = [0.1] * ns
    init[ns // 2] = -1.0
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=init, numberOfDataCoordinates=ns))
    co = mbs.AddObject(cd.ObjectContactCircleCable2D(
        markerNumbers=[mc, shape], nodeNumber=nd, numberOfContactSegments=ns,
        contactStiffness=k, circleRadius=r, offset=offset))
    mbs.Assemble()
    return mbs, cab, co, yc


@pytest.mark.parametrize("ns,offset,vertical_offset", [(1, 0.0, 0.0), (3, 0.0, 0.0),
                                                       (3, 0.02, 0.0), (3, 0.0, 0.005)])
def test_penalty_deflection_is_load_over_stiffness(ns, offset, vertical_offset):
    """the contact force balances the load (Force output = (0, F)); the segment's points sink
    into the circle by F / k exactly (the gap is measured to the polygon of the segment's end
    points, whatever the cable's bending between them); the other segments stay out of contact"""
    F, k, r = 2.0, 1e4, 0.1
    mbs, cab, co, yc = cable_on_circle(ns, F, k, r, offset, vertical_offset)
    s = em.default_settings(cd)
    mbs.SolveStatic(s)
    f = mbs.GetObjectOutput(co, OV.Force)
    np.testing.assert_allclose(f, [0, F, 0], rtol=0, atol=1e-9 * F)
    # the segment's end points on the axis (verticalOffset shifts the contact points along the
    # normal, here +y)
    x0, x1 = (ns // 2) / ns, (ns // 2 + 1) / ns
    y = [mbs.GetObjectOutputBody(cab, OV.Position, [x, 0, 0])[1] for x in (x0, x1)]
    expected = yc + r + offset - vertical_offset - F / k
    assert abs(expected + F / k) < 1e-15
    np.testing.assert_allclose(y, [expected, expected], rtol=0, atol=1e-10)
    assert abs(mbs.GetObjectOutput(co, OV.Distance) - (-F / k)) < 1e-10
    d = np.asarray(mbs.systemData.GetDataCoordinates())
    assert np.sum(d <= 0) == 1 and d[ns // 2] <= 0
    assert mbs.GetSolverStatistics()["discontinuousIterations"] == 1


def test_states_switch_on_from_no_contact():
    """the same model started without contact (all states 0.1), a spring (k_s = 100) at the
    middle keeping Newton regular, the load in 4 steps: the first Newton solve lets the cable
    sink into the circle, the post-Newton update switches the middle segment on, Newton runs
    again; the equilibrium: contact force = F + k_s y_mid, segment points at yc + r - f / k"""
    F, k, ks = 2.0, 1e4, 100.0
    mbs, cab, co, yc = cable_on_circle(3, F, k)
    nd = mbs.GetObject(co)["nodeNumber"]
    mbs.ModifyNode(nd, {"initialCoordinates": [0.1, 0.1, 0.1]})
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0.5, 0, 0]))
    mid = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=cab, localPosition=[0.5, 0, 0]))
    mbs.AddObject(cd.ObjectConnectorCartesianSpringDamper(markerNumbers=[mg, mid],
                                                          stiffness=[0, ks, 0]))
    mbs.Assemble()
    s = em.default_settings(cd)
    s.staticSolver.numberOfLoadSteps = 4
    mbs.SolveStatic(s)
    st = mbs.GetSolverStatistics()
    assert st["discontinuousIterations"] == st["steps"] + 1   # one repeated solve
    assert st["unsettledDiscontinuousSteps"] == 0
    y_mid = mbs.GetObjectOutputBody(cab, OV.Position, [0.5, 0, 0])[1]
    y = mbs.GetObjectOutputBody(cab, OV.Position, [1 / 3, 0, 0])[1]
    f = mbs.GetObjectOutput(co, OV.Force)[1]
    assert abs(f - (F + ks * y_mid)) < 1e-7   # Newton tolerance 1e-8 (relative)
    assert abs(y - (yc + 0.1 - f / k)) < 1e-10
    assert np.sum(np.asarray(mbs.systemData.GetDataCoordinates()) <= 0) == 1


# ------------------------------------------------------------------ Jacobian

def jacobian_model(ns=3, xc=0.5, damping=30.0, on_body=False, vertical_offset=0.0):
    """a bent, moving cable (initial displacements and velocities) over a circle whose centre
    is at x = xc under it, fixed or on a moving, rotating rigid body; every segment in
    contact (states -1), so that all force terms act"""
    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround())
    n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0],
                                          initialCoordinates=[0.01, -0.02, 0.05, 0.1],
                                          initialVelocities=[0.3, -0.2, 0.1, 0.4]))
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0],
                                          initialCoordinates=[-0.02, 0.03, -0.04, -0.2],
                                          initialVelocities=[-0.1, 0.5, 0.2, -0.3]))
    cab = mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1.0, massPerLength=1.0,
                                             bendingStiffness=1.0, axialStiffness=1e2))
    if on_body:
        nb = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[xc - 0.1, -0.3, 0.2],
                                            initialVelocities=[0.2, -0.1, 0.7]))
        body = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=nb, physicsMass=1.0,
                                                  physicsInertia=0.1))
        mc = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=body, localPosition=[0.1, 0.05, 0]))
    else:
        mc = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[xc, -0.3, 0]))
    shape = mbs.AddMarker(cd.MarkerBodyCable2DShape(bodyNumber=cab, numberOfSegments=ns,
                                                    verticalOffset=vertical_offset))
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[-1.0] * ns,
                                        numberOfDataCoordinates=ns))
    co = mbs.AddObject(cd.ObjectContactCircleCable2D(
        markerNumbers=[mc, shape], nodeNumber=nd, numberOfContactSegments=ns,
        contactStiffness=1e3, contactDamping=damping, circleRadius=0.25, offset=0.01))
    mbs.Assemble()
    return mbs, co


@pytest.mark.parametrize("kw", [dict(), dict(damping=0.0), dict(xc=1.3), dict(xc=-0.4),
                                dict(ns=1), dict(on_body=True), dict(on_body=True, xc=1.2)],
                         ids=["interior", "no-damping", "beyond-end", "before-start",
                              "one-segment", "circle-on-body", "on-body-end"])
def test_analytic_jacobian(kw):
    """K and D analytic and equal to the engine's numerical differentiation: closest points
    inside segments and at their ends, with damping, the circle on a moving rigid body"""
    mbs, co = jacobian_model(**kw)
    a, n = check_jacobian(mbs, co, expect_analytic=True)
    assert np.linalg.norm(a["K"]) > 1.0
    if kw.get("damping", 30.0):
        assert np.linalg.norm(a["D"]) > 1.0


def test_vertical_offset_jacobian_is_numerical():
    mbs, co = jacobian_model(vertical_offset=0.01)
    check_jacobian(mbs, co, expect_analytic=False)


# ------------------------------------------------------------------ dynamics

def falling_cable(damping, t_end=0.6, n_steps=1200, k=2e4, h0=0.05, EI=1e2, EA=1e5):
    """a stiff straight cable (L = 1, 1 kg) falls flat from height h0 above a circle (r = 0.1,
    centre (0.5, -0.1)) under gravity, one contact segment; generalized-alpha with rho = 1.
    Returns (mbs, contact, t, midpoint y, midpoint vy, total energy E, h0, g, cable) with
    E = T + V_gravity + U_elastic + k gap^2 / 2 (while the state is in contact): the contact
    force is the gradient of that penalty potential."""
    from test_ancf_cable2d import elastic_energy
    g = 9.81
    mbs = new_system()
    gr = mbs.AddObject(cd.ObjectGround())
    ref = np.array([0, h0, 1, 0, 1, h0, 1, 0.0])
    n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=list(ref[:4])))
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=list(ref[4:])))
    cab = mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1.0, massPerLength=1.0,
                                             bendingStiffness=EI, axialStiffness=EA))
    mm = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=cab))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mm, loadVector=[0, -g, 0]))
    mc = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr, localPosition=[0.5, -0.1, 0]))
    shape = mbs.AddMarker(cd.MarkerBodyCable2DShape(bodyNumber=cab, numberOfSegments=1))
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0.1], numberOfDataCoordinates=1))
    co = mbs.AddObject(cd.ObjectContactCircleCable2D(
        markerNumbers=[mc, shape], nodeNumber=nd, numberOfContactSegments=1,
        contactStiffness=k, contactDamping=damping, circleRadius=0.1))
    sp = mbs.AddSensor(cd.SensorBody(bodyNumber=cab, localPosition=[0.5, 0, 0],
                                     outputVariableType=OV.Position, storeInternal=True))
    sv = mbs.AddSensor(cd.SensorBody(bodyNumber=cab, localPosition=[0.5, 0, 0],
                                     outputVariableType=OV.Velocity, storeInternal=True))
    sq = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=v, storeInternal=True))
          for n in (n0, n1) for v in (OV.Coordinates, OV.Coordinates_t)]
    sd = mbs.AddSensor(cd.SensorNode(nodeNumber=nd, outputVariableType=OV.Coordinates,
                                     storeInternal=True))
    mbs.Assemble()
    M = mbs._core.object_parts(int(cab))["M"]
    s = em.default_settings(cd)
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = n_steps
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.0
    s.solutionSettings.sensorsWritePeriod = t_end / n_steps
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # undamped integrator warning
        mbs.SolveDynamic(s)
    P, V = mbs.GetSensorStoredData(sp), mbs.GetSensorStoredData(sv)
    Q = [mbs.GetSensorStoredData(x)[:, 1:] for x in sq]
    state = mbs.GetSensorStoredData(sd)[:, 1]
    t, y, vy = P[:, 0], P[:, 2], V[:, 2]
    E = np.empty(len(t))
    c = np.array([0.5, -0.1])
    for i in range(len(t)):
        q = np.concatenate([Q[0][i], Q[2][i]]) + ref
        v = np.concatenate([Q[1][i], Q[3][i]])
        Vg = g * (q[1] / 2 + q[3] / 12 + q[5] / 2 - q[7] / 12)   # g int rhoA y dx
        p0, p1 = q[0:2], q[4:6]
        d = p1 - p0
        sr = np.clip(np.dot(c - p0, d) / np.dot(d, d), 0, 1)
        gap = np.linalg.norm(c - (p0 + sr * d)) - 0.1
        Up = 0.5 * k * gap ** 2 if state[i] <= 0 else 0.0
        E[i] = 0.5 * v @ M @ v + Vg + elastic_energy(q, 1.0, EA, EI) + Up
    return mbs, co, t, y, vy, E, h0, g, cab


def test_falling_cable_conserves_energy():
    """before contact the midpoint falls as y0 - g t^2 / 2 and the energy is constant to 1e-12;
    the first contact is at t = sqrt(2 h0 / g); without damping the total energy (kinetic,
    gravity, elastic, penalty) stays within 0.2 % of m g h0 over three impacts (the contact
    switches at step ends: measured 0.09 %), the cable bounces back up to its start height within
    2 %, and the contact state switches on and off with repeated Newton solves"""
    mbs, co, t, y, vy, E, y0, g, cab = falling_cable(0.0)
    t_hit = np.sqrt(2 * y0 / g)
    free = t < t_hit - 0.01
    np.testing.assert_allclose(y[free], y0 - 0.5 * g * t[free] ** 2, rtol=0, atol=1e-10)
    assert np.max(np.abs(E[free] - E[0])) < 1e-12
    assert np.max(np.abs(E - E[0])) < 2e-3 * g * y0
    assert -0.02 < np.min(y) < 0                 # penetrates the circle (penalty)
    after = (t > t_hit + 0.05) & (t < 3 * t_hit)
    assert 0.98 * y0 < np.max(y[after]) < 1.02 * y0
    st = mbs.GetSolverStatistics()
    assert st["discontinuousIterations"] > st["steps"]
    assert st["unsettledDiscontinuousSteps"] == 0


def test_falling_cable_with_damping_loses_energy_and_rests():
    """contactDamping (overcritical: d = 400 > 2 sqrt(k m)) takes the energy out at the first
    impact: the total energy never grows (by more than 1e-4 m g h0 in a step, the contact
    switching; measured 2.6e-5) and ends near its resting value, no rebound (the midpoint
    stays below 20 % of the drop height, against 100 % without damping), and the cable comes
    to rest on the circle with its contact points (the segment's end points, the nodes) at the
    penetration m g / k and the contact force m g"""
    k = 2e4
    mbs, co, t, y, vy, E, y0, g, cab = falling_cable(400.0, t_end=2.0, n_steps=2000, k=k)
    t_hit = np.sqrt(2 * y0 / g)
    assert np.max(np.diff(E)) < 1e-4 * g * y0
    assert E[-1] < E[0] - 0.98 * g * y0
    assert np.max(y[t > t_hit + 0.05]) < 0.2 * y0
    assert abs(vy[-1]) < 1e-4
    for x in (0.0, 1.0):
        assert abs(mbs.GetObjectOutputBody(cab, OV.Position, [x, 0, 0])[1] + g / k) < 3e-8
    # the force includes the damping of what remains of the cable's vibration (|v| ~ 1e-5)
    np.testing.assert_allclose(mbs.GetObjectOutput(co, OV.Force), [0, g, 0], atol=1e-3 * g)


def falling_on_edge(lib, rel_tol=1e-10):
    """the cable (4 contact segments) falls onto a circle off its middle (x = 0.45): it hits,
    tips and bounces; 600 steps of 0.5 ms, no damping (Exudyn 1.13.6 has no contactDamping)"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    gr = mbs.AddObject(lib.ObjectGround(referencePosition=[0, 0, 0]))
    n0 = mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[0, 0.05, 1, 0]))
    n1 = mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[1, 0.05, 1, 0]))
    cab = mbs.AddObject(em.make(lib.ObjectANCFCable2D, nodeNumbers=[n0, n1], length=1.0,
                                massPerLength=1.0, bendingStiffness=1e2, axialStiffness=1e5))
    mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=cab))
    mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=[0, -9.81, 0]))
    mc = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=gr, localPosition=[0.45, -0.1, 0]))
    shape = mbs.AddMarker(lib.MarkerBodyCable2DShape(bodyNumber=cab, numberOfSegments=4))
    nd = mbs.AddNode(lib.NodeGenericData(initialCoordinates=[0.1] * 4,
                                         numberOfDataCoordinates=4))
    mbs.AddObject(lib.ObjectContactCircleCable2D(
        markerNumbers=[mc, shape], nodeNumber=nd, numberOfContactSegments=4,
        contactStiffness=2e4, circleRadius=0.1))
    mbs.Assemble()
    s = em.default_settings(lib)
    s.timeIntegration.endTime = 0.3
    s.timeIntegration.numberOfSteps = 600
    s.timeIntegration.newton.relativeTolerance = rel_tol
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mbs.SolveDynamic(s)
    return (np.asarray(mbs.systemData.GetODE2Coordinates()),
            np.asarray(mbs.systemData.GetDataCoordinates()), mbs)


def test_dynamic_contact_same_as_exudyn():
    """the dynamic discontinuous iteration (restart of the step from its start with the new
    states) as Exudyn's: after 600 steps with the impact and the bounce the coordinates equal
    Exudyn 1.13.6's to 1e-11 (measured 1.2e-13 with Newton's relativeTolerance 1e-10; 7e-11
    with 1e-8) and the contact states are the same"""
    pytest.importorskip("exudyn")
    qc, dc, mbs = falling_on_edge(cd)
    qe, de, _ = falling_on_edge(em.exudyn_lib())
    assert np.max(np.abs(qc - qe)) < 1e-11 * np.max(np.abs(qe))
    np.testing.assert_allclose(dc, de, rtol=0, atol=1e-12)
    assert np.any(dc != 0.1)   # the states were updated
    st = mbs.GetSolverStatistics()
    assert st["discontinuousIterations"] > st["steps"]


# ------------------------------------------------------------------ bad input

def _contact_model(mbs, **over):
    g = mbs.AddObject(cd.ObjectGround())
    n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
    cab = mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1.0, massPerLength=1.0,
                                             bendingStiffness=1.0, axialStiffness=1.0))
    mc = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0.5, -1, 0]))
    shape = mbs.AddMarker(cd.MarkerBodyCable2DShape(bodyNumber=cab, numberOfSegments=3))
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0.1] * 3, numberOfDataCoordinates=3))
    args = dict(markerNumbers=[mc, shape], nodeNumber=nd, numberOfContactSegments=3,
                contactStiffness=1e3, circleRadius=0.5)
    ctx = dict(g=g, n0=n0, cab=cab, mc=mc, shape=shape, nd=nd)
    for key, fn in over.items():
        args[key] = fn(mbs, ctx)
    return args


@pytest.mark.parametrize("over,parts", [
    (dict(contactStiffness=lambda m, c: -1.0), ["contactStiffness", ">= 0"]),
    (dict(contactDamping=lambda m, c: -1.0), ["contactDamping", ">= 0"]),
    (dict(circleRadius=lambda m, c: -0.5), ["circleRadius", ">= 0"]),
    (dict(numberOfContactSegments=lambda m, c: 4),
     ["numberOfContactSegments", "MarkerBodyCable2DShape", "numberOfSegments = 3"]),
    (dict(nodeNumber=lambda m, c: m.AddNode(cd.NodeGenericData(initialCoordinates=[0.1] * 2,
                                                               numberOfDataCoordinates=2))),
     ["numberOfContactSegments", "NodeGenericData", "numberOfDataCoordinates = 2"]),
    (dict(nodeNumber=lambda m, c: c["n0"]), ["nodeNumber", "NodePoint2DSlope1",
                                             "NodeGenericData"]),
    (dict(markerNumbers=lambda m, c: [m.AddMarker(cd.MarkerNodeCoordinate(
        nodeNumber=c["n0"], coordinate=0)), c["shape"]]),
     ["markerNumbers", "MarkerNodeCoordinate", "position"]),
    (dict(markerNumbers=lambda m, c: [c["mc"], m.AddMarker(cd.MarkerBodyPosition(
        bodyNumber=c["cab"], localPosition=[0.5, 0, 0]))]),
     ["markerNumbers", "MarkerBodyPosition", "MarkerBodyCable2DShape"]),
], ids=["stiffness", "damping", "radius", "segments-marker", "segments-node", "node-type",
        "marker0", "marker1"])
def test_bad_input(over, parts):
    mbs = new_system()
    args = _contact_model(mbs, **over)
    with pytest.raises(ValueError, match=message_naming("ObjectContactCircleCable2D", *parts)):
        mbs.AddObject(cd.ObjectContactCircleCable2D(**args))
        mbs.Assemble()


def test_bad_shape_marker():
    mbs = new_system()
    n = mbs.AddNode(cd.NodePoint())
    mp = mbs.AddObject(cd.MassPoint(nodeNumber=n, physicsMass=1.0))
    with pytest.raises(ValueError, match=message_naming("MarkerBodyCable2DShape", "bodyNumber",
                                                        "ObjectMassPoint", "ObjectANCFCable2D")):
        mbs.AddMarker(cd.MarkerBodyCable2DShape(bodyNumber=mp))
        mbs.Assemble()
    mbs = new_system()
    args = _contact_model(mbs)
    with pytest.raises(ValueError, match=message_naming("MarkerBodyCable2DShape",
                                                        "numberOfSegments")):
        mbs.AddMarker(cd.MarkerBodyCable2DShape(bodyNumber=1, numberOfSegments=0))
    assert args


def test_defaults_as_exudyn():
    c = cd.ObjectContactCircleCable2D()
    m = cd.MarkerBodyCable2DShape()
    assert c.numberOfContactSegments == 3 and c.contactStiffness == 0 and c.circleRadius == 0
    assert c.offset == 0 and c.activeConnector
    assert m.numberOfSegments == 3 and m.verticalOffset == 0
    ex = pytest.importorskip("exudyn.itemInterface")
    e, em_ = ex.ObjectContactCircleCable2D(), ex.MarkerBodyCable2DShape()
    assert (e.numberOfContactSegments, e.contactStiffness, e.circleRadius, e.offset) == \
        (c.numberOfContactSegments, c.contactStiffness, c.circleRadius, c.offset)
    assert (em_.numberOfSegments, em_.verticalOffset) == (m.numberOfSegments, m.verticalOffset)
