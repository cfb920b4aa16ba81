"""ObjectBeamGeometricallyExact2D: the planar geometrically exact (Simo-Reissner) beam of
Exudyn 1.13 on NodeRigidBody2D nodes, with its names, defaults and equations. Checked against
numerical differentiation (Jacobian, elastic tangent, the Jacobians of joints on the beam's
frames), Timoshenko beam theory (cantilever), the elastica (Mattiasson 1981 and an independent
boundary-value solution), the closed circle under a pure end moment, closed forms (mass
matrix), energy conservation of a beam hinged to a rigid crank, and Exudyn 1.13.6 itself."""
import warnings

import numpy as np
import pytest

import coordyn as cd
import exudyn_models as em
from conftest import check_element_parts, check_jacobian, message_naming, new_system

ov = cd.OutputVariableType


# ------------------------------------------------------------------ helpers

def cantilever(lib, n_el=16, L=1.0, EI=2.0, EA=1e4, GA=5e3, rhoA=3.0, rhoJ=0.01, nn=2,
               force=(0.0, -2e-4), torque=0.0, gravity=None, phi=0.0):
    """a straight beam from [0, 0] along angle phi, node 0 clamped (x, y, theta) by
    CoordinateConstraints to a ground node as in Exudyn's examples; a force and a torque on
    the tip node (MarkerNodeRigid). Returns (mbs, nodes, elements)"""
    mbs = lib.SystemContainer().AddSystem()
    npts = n_el * (nn - 1) + 1
    d = np.array([np.cos(phi), np.sin(phi)])
    nodes = [mbs.AddNode(lib.NodeRigidBody2D(
        referenceCoordinates=list(d * L * i / (npts - 1)) + [phi])) for i in range(npts)]
    els = []
    for e in range(n_el):
        els.append(mbs.AddObject(lib.ObjectBeamGeometricallyExact2D(
            nodeNumbers=nodes[(nn - 1) * e:(nn - 1) * e + nn], length=L / n_el,
            massPerLength=rhoA, crossSectionInertia=rhoJ, bendingStiffness=EI,
            axialStiffness=EA, shearStiffness=GA)))
        if gravity is not None:
            mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=els[-1]))
            mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=list(gravity)))
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j in range(3):
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    mt = mbs.AddMarker(lib.MarkerNodeRigid(nodeNumber=nodes[-1]))
    if any(f != 0 for f in force):
        mbs.AddLoad(lib.LoadForceVector(markerNumber=mt, loadVector=[force[0], force[1], 0]))
    if torque != 0:
        mbs.AddLoad(lib.LoadTorqueVector(markerNumber=mt, loadVector=[0, 0, torque]))
    mbs.Assemble()
    return mbs, nodes, els


def static_tip(lib, load_steps=1, rtol=None, atol=None, **kw):
    """the tip node's coordinates [u_x, u_y, theta] after a static solve, and the solver
    statistics (coordyn) or None"""
    mbs, nodes, _ = cantilever(lib, **kw)
    s = em.default_settings(lib)
    s.staticSolver.numberOfLoadSteps = load_steps
    if rtol is not None:
        s.staticSolver.newton.relativeTolerance = rtol
    if atol is not None:
        s.staticSolver.newton.absoluteTolerance = atol
    mbs.SolveStatic(s)
    u = np.asarray(mbs.GetNodeOutput(nodes[-1], lib.OutputVariableType.Coordinates))
    return u, (mbs.GetSolverStatistics() if hasattr(mbs, "GetSolverStatistics") else None)


# ------------------------------------------------------------------ names and defaults

def test_defaults_and_names_as_exudyn():
    """Exudyn 1.13's names (length, ...; the physics... names of older versions are aliases),
    all defaults 0 / False, the short name Beam2D"""
    e = cd.ObjectBeamGeometricallyExact2D(length=1.0)
    for k in ("massPerLength", "crossSectionInertia", "bendingStiffness", "axialStiffness",
              "shearStiffness", "bendingDamping", "axialDamping", "shearDamping",
              "referenceCurvature"):
        assert getattr(e, k) == 0.0, k
    assert e.includeReferenceRotations is False or e.includeReferenceRotations == 0
    old = cd.ObjectBeamGeometricallyExact2D(physicsLength=2.0, physicsShearStiffness=5.0,
                                            physicsCrossSectionInertia=0.5)
    assert old.length == 2.0 and old.shearStiffness == 5.0 and old.crossSectionInertia == 0.5
    assert cd.Beam2D is cd.ObjectBeamGeometricallyExact2D
    try:
        import exudyn.itemInterface as eii
    except ImportError:
        return
    ex = eii.ObjectBeamGeometricallyExact2D()
    for k in ("length", "massPerLength", "crossSectionInertia", "bendingStiffness",
              "axialStiffness", "shearStiffness", "bendingDamping", "axialDamping",
              "shearDamping", "referenceCurvature", "includeReferenceRotations"):
        assert getattr(ex, k) == getattr(cd.ObjectBeamGeometricallyExact2D(), k), k


# ------------------------------------------------------------------ Jacobian, parts, mass

def one_element(nn=2, damping=True, incl=False, seed=1):
    """one element on free nodes with an inclined, slightly curved reference, random
    displacements and velocities"""
    rng = np.random.default_rng(seed)
    mbs = new_system()
    le = 0.7
    refs = [[0.1 + le * 0.95 * t, 0.2 + le * 0.3 * t, 0.3 + 0.2 * t]
            for t in np.linspace(0, 1, nn)]
    nodes = [mbs.AddNode(cd.NodeRigidBody2D(
        referenceCoordinates=r, initialCoordinates=list(0.05 * rng.standard_normal(3)),
        initialVelocities=list(rng.standard_normal(3)))) for r in refs]
    el = mbs.AddObject(cd.ObjectBeamGeometricallyExact2D(
        nodeNumbers=nodes, length=le, massPerLength=2.0, crossSectionInertia=0.05,
        bendingStiffness=3.0, axialStiffness=400.0, shearStiffness=150.0,
        bendingDamping=0.3 if damping else 0.0, axialDamping=5.0 if damping else 0.0,
        shearDamping=2.0 if damping else 0.0, referenceCurvature=0.2,
        includeReferenceRotations=incl))
    mbs.Assemble()
    return mbs, el


@pytest.mark.parametrize("nn", [2, 3])
@pytest.mark.parametrize("incl", [False, True])
def test_analytic_jacobian_matches_numerical(nn, incl):
    """(a) K = dr/dq and D = dr/dq_t at a deformed state with velocities and damping on"""
    mbs, el = one_element(nn=nn, incl=incl, seed=3 + nn)
    a, n = check_jacobian(mbs, el)
    assert np.linalg.norm(a["K"]) > 1 and np.linalg.norm(a["D"]) > 0.1
    err = np.linalg.norm(a["K"] - n["K"]) / np.linalg.norm(n["K"])
    assert err < 1e-7, err


def test_parts_elastic_geometric():
    """elastic forces without damping, their tangent = numerical derivative, the material part
    (tangent minus geometric) symmetric positive semidefinite, the geometric part symmetric and
    zero in the stress-free reference"""
    mbs, el = one_element(damping=True)
    r = check_element_parts(mbs, el, atol=1e-7)
    assert np.abs(r["Kg"]).max() > 1e-3
    # a straight, unloaded reference (length = node distance, no precurvature) is stress-free
    mbs2 = new_system()
    n0 = mbs2.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0.3]))
    n1 = mbs2.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[np.cos(0.3), np.sin(0.3), 0.3]))
    e2 = mbs2.AddObject(cd.ObjectBeamGeometricallyExact2D(
        nodeNumbers=[n0, n1], length=1.0, bendingStiffness=2, axialStiffness=50,
        shearStiffness=20))
    mbs2.Assemble()
    r2 = mbs2._core.object_parts(int(e2))
    assert np.abs(r2["fel"]).max() < 1e-12 and np.abs(r2["Kg"]).max() < 1e-12


@pytest.mark.parametrize("nn", [2, 3])
def test_mass_matrix(nn):
    """M = int S^T diag(rhoA, rhoA, rhoJ) S dx: a translation's kinetic energy m |v|^2 / 2
    (m = rhoA L), a uniform rotation rate's rhoJ L w^2 / 2 (the rotary inertia of the cross
    sections), and for the linear element the closed form L/6 [[2, 1], [1, 2]]"""
    mbs, el = one_element(nn=nn)
    M = mbs._core.object_parts(int(el))["M"]
    le, rhoA, rhoJ = 0.7, 2.0, 0.05
    v = np.array([0.3, -1.2])
    vq = np.tile([v[0], v[1], 0.0], nn)
    assert abs(0.5 * vq @ M @ vq - 0.5 * rhoA * le * v @ v) < 1e-14
    w = 1.7
    vq = np.tile([0.0, 0.0, w], nn)
    assert abs(0.5 * vq @ M @ vq - 0.5 * rhoJ * le * w**2) < 1e-14
    if nn == 2:
        Mref = np.kron(le / 6 * np.array([[2, 1], [1, 2]]), np.diag([rhoA, rhoA, rhoJ]))
        np.testing.assert_allclose(M, Mref, rtol=0, atol=1e-15)
    else:     # quadratic Lagrange: L/30 [[4, 2, -1], [2, 16, 2], [-1, 2, 4]]
        Mref = np.kron(le / 30 * np.array([[4, 2, -1], [2, 16, 2], [-1, 2, 4]]),
                       np.diag([rhoA, rhoA, rhoJ]))
        np.testing.assert_allclose(M, Mref, rtol=0, atol=1e-15)


def test_gravity_reaction_is_the_total_weight():
    """LoadMassProportional through MarkerBodyMass: the clamp carries rhoA L g and (small
    deflection, 1e-4 L) the moment rhoA L g L / 2"""
    rhoA, g = 3.0, 1e-3
    mbs, nodes, els = cantilever(cd, force=(0, 0), gravity=(0, -g, 0))
    mbs.SolveStatic(em.default_settings(cd))
    lam = mbs.systemData.GetAECoordinates()
    for ld in range(mbs.NumberOfLoads()):     # analytic (zero) load Jacobian
        a = mbs.GetLoadJacobian(ld)
        n = mbs.GetLoadJacobian(ld, numerical=True)
        assert a["analytic"] and np.abs(np.asarray(a["K"])).max() == 0
        assert np.abs(np.asarray(n["K"])).max() < 1e-9
    assert abs(abs(lam[1]) - rhoA * 1.0 * g) < 1e-12 * rhoA * g
    assert abs(lam[0]) < 1e-15
    assert abs(abs(lam[2]) - rhoA * g * 0.5) < 1e-6 * rhoA * g


# ------------------------------------------------------------------ (b) small deflection

def timoshenko_tip(P, L, EI, GA, n_el):
    """the tip deflection of the linear-element model: Timoshenko's P L^3 / (3 EI) + P L / GA
    minus the discretization term of one-point (reduced) integration, P L le^2 / (12 EI),
    le = L / n_el. With one point per element the curvature is the midpoint moment / EI, so
    the nodal rotations are exact, the shear strain is P / GA, and the deflection increments
    le (theta_mean + P / GA) sum the exact rotation theta(x) = P (L x - x^2 / 2) / EI by the
    trapezoidal rule, whose error for this quadratic is -(le^2 / 12) [theta'] = -P L le^2/(12EI)"""
    le = L / n_el
    return P * L**3 / (3 * EI) + P * L / GA - P * L * le**2 / (12 * EI)


@pytest.mark.parametrize("GA", [5e3, 1e7])
def test_cantilever_tip_load(GA):
    """(b) 16 linear elements, P L^2 / EI = 1e-4: the tip deflection within 1e-6 relative of
    Timoshenko's P L^3/(3EI) + P L/GA_s with the reduced-integration term -P L le^2/(12 EI)
    (1/(4 n^2) = 1e-3 relative of the bending part: without it the test fails); the tip
    rotation P L^2 / (2 EI) (shear does not rotate the cross sections)"""
    P, L, EI = 2e-4, 1.0, 2.0
    u, _ = static_tip(cd, GA=GA, force=(0, -P))
    exact = -timoshenko_tip(P, L, EI, GA, 16)
    assert abs(u[1] - exact) <= 1e-6 * abs(exact), (u[1], exact, (u[1] - exact) / exact)
    naive = -(P * L**3 / (3 * EI) + P * L / GA)
    assert abs(u[1] - naive) > 1e-4 * abs(naive)
    assert abs(u[2] - (-P * L**2 / (2 * EI))) <= 1e-6 * P * L**2 / (2 * EI)


def test_cantilever_tip_load_quadratic():
    """8 quadratic elements (two-point integration): the tip deflection P L^3/(3EI) + P L/GA_s
    within 1e-6 (no discretization term)"""
    P, L, EI, GA = 2e-4, 1.0, 2.0, 5e3
    u, _ = static_tip(cd, n_el=8, nn=3, GA=GA, force=(0, -P))
    exact = -(P * L**3 / (3 * EI) + P * L / GA)
    assert abs(u[1] - exact) <= 1e-6 * abs(exact), (u[1], exact, (u[1] - exact) / exact)


def test_cantilever_axial_load():
    """(b) axial tip load P: u = P L / EA within 1e-6 (exact: gamma1 = r'_x - 1), no lateral
    motion and no rotation"""
    P, EA = 10.0, 1e4
    u, _ = static_tip(cd, force=(P, 0), EA=EA)
    assert abs(u[0] - P / EA) <= 1e-6 * P / EA, u
    assert abs(u[1]) < 1e-14 and abs(u[2]) < 1e-14


# ------------------------------------------------------------------ (c) elastica

# Mattiasson (1981): cantilever, tip load P perpendicular to the undeformed axis; horizontal
# and vertical tip displacement / L for P L^2 / EI = 1 and 10
MATTIASSON = {1.0: (0.05643, 0.30172), 10.0: (0.55500, 0.81061)}


def elastica_tip(k):
    """an independent reference: the inextensible elastica theta'' = k cos(theta) on [0, 1]
    (s / L), theta(0) = 0, theta'(1) = 0 (tip load k EI / L^2 downwards, M = EI theta'),
    x' = cos(theta), z' = sin(theta), by shooting on theta'(0) (in (-k, 0): |M(0)| = k EI x_tip
    / L^2) with scipy's solve_ivp (rtol 1e-12) and brentq; returns (u/L, w/L) (shortening and
    deflection, positive)"""
    from scipy.integrate import solve_ivp
    from scipy.optimize import brentq

    def f(s, y):      # y = [theta, theta', x, z]
        return [y[1], k * np.cos(y[0]), np.cos(y[0]), np.sin(y[0])]

    def end(c):
        return solve_ivp(f, (0, 1), [0, c, 0, 0], rtol=1e-12, atol=1e-14).y[:, -1]
    c = brentq(lambda c: end(c)[1], -k, -1e-12, xtol=1e-15)
    y = end(c)
    return 1 - y[2], -y[3]


@pytest.mark.parametrize("k", sorted(MATTIASSON))
def test_elastica_large_deflection(k):
    """(c) 32 linear elements, EA = GA_s = 1e5 EI / L^2 (nearly inextensible and shear-rigid:
    stretch and shear change the tip by about 1e-4), tip load k EI / L^2 perpendicular to the
    undeformed axis, one load step from the straight configuration with the default Newton
    settings: the tip displacements within 1e-3 relative of Mattiasson's table and of the
    shooting solution, which agrees with the table to its 5 digits (measured errors of the
    beam: -5e-4, -1.6e-4 for k = 1; -1.8e-4, 6e-5 for k = 10: the discretization, about
    1/(4 n^2) = 2.4e-4). Measured: k = 1: 1 load step, 6 Newton iterations; k = 10: the load
    step is halved once, 2 steps, 40 iterations (before the Newton tolerance respected the
    round-off floor of the stiff axial and shear terms this needed absoluteTolerance 1e-6 and
    10 load steps, 36 steps with 29 rejected and 181 iterations)"""
    EI, L = 1.0, 1.0
    uh, uv = MATTIASSON[k]
    bh, bv = elastica_tip(k)
    assert abs(bh - uh) < 5e-5 * uh + 5e-6 and abs(bv - uv) < 5e-5 * uv + 5e-6, (bh, bv)
    u, st = static_tip(cd, n_el=32, EI=EI, EA=1e5, GA=1e5, force=(0, -k * EI / L**2),
                       load_steps=1)
    for got, ref in ((-u[0], bh), (-u[1], bv)):
        assert abs(got - ref) <= 1e-3 * ref, (got, ref, (got - ref) / ref)
    for got, ref in ((-u[0], uh), (-u[1], uv)):
        assert abs(got - ref) <= 1e-3 * ref, (got, ref)
    assert st["steps"] <= 3, st
    assert st["newtonIterations"] <= 50, st


# ------------------------------------------------------------------ (d) pure bending: circle

@pytest.mark.parametrize("nn,n_el", [(2, 16), (3, 8)])
def test_pure_bending_closes_a_circle(nn, n_el):
    """(d) end moment M = 2 pi EI / L: constant curvature kappa = 2 pi / L, the tip rotates by
    2 pi and returns to the clamp. The element reproduces constant curvature: kappa is the
    derivative of the interpolated rotation (exact for linear rotations), and with M alone the
    axial and shear forces vanish, so every element's chord (linear element: r' at the middle,
    the direction of the mean rotation) has length le and the turning between chords is exactly
    2 pi / n: the polygon closes for any n. Tip at the clamp within 1e-6 L."""
    EI, L = 2.0, 1.0
    M = 2 * np.pi * EI / L
    mbs, nodes, _ = cantilever(cd, n_el=n_el, nn=nn, EI=EI, EA=1e4, GA=5e3, force=(0, 0),
                               torque=M)
    s = em.default_settings(cd)
    s.staticSolver.numberOfLoadSteps = 20
    mbs.SolveStatic(s)
    st = mbs.GetSolverStatistics()
    u = mbs.GetNodeOutput(nodes[-1], ov.Coordinates)
    assert abs(u[2] - 2 * np.pi) < 1e-9, u
    # tip position = reference [L, 0] + displacement: back at [0, 0] (measured 3e-14)
    tip = np.array([L + u[0], u[1]])
    assert np.linalg.norm(tip) < 1e-6 * L, tip
    assert st["steps"] == 20 and st["rejectedSteps"] == 0 and st["newtonIterations"] <= 120
    if nn == 2:
        # the nodes lie on the circle through the clamp with radius le / (2 sin(pi / n))
        R = L / n_el / (2 * np.sin(np.pi / n_el))
        for n in nodes:
            p = mbs.GetNodeOutput(n, ov.Position)
            assert abs(np.hypot(p[0], p[1] - R) - R) < 1e-10 * R


# ------------------------------------------------------------------ (e) Exudyn 1.13.6

def _exudyn_case(lib, nn=2, incl=False, damp=0.0, dyn=False, n_el=8):
    """an inclined cantilever with precurvature, prestress (length 1.001 x node distance),
    gravity, a tip force and torque; includeReferenceRotations with varying nodal reference
    rotations; static (5 load steps, tight tolerances) or 100 generalized-alpha steps"""
    mbs = lib.SystemContainer().AddSystem()
    phi = 0.3
    d = np.array([np.cos(phi), np.sin(phi)])
    npts = n_el * (nn - 1) + 1
    nodes = [mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=list(d * i / (npts - 1)) +
                                             [phi + 0.01 * i * incl])) for i in range(npts)]
    els = []
    for e in range(n_el):
        els.append(mbs.AddObject(lib.ObjectBeamGeometricallyExact2D(
            nodeNumbers=nodes[(nn - 1) * e:(nn - 1) * e + nn], length=1.001 / n_el,
            massPerLength=2., crossSectionInertia=0.01, bendingStiffness=3.,
            axialStiffness=500., shearStiffness=200., referenceCurvature=0.2,
            includeReferenceRotations=incl, bendingDamping=damp, axialDamping=damp,
            shearDamping=damp)))
        mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=els[-1]))
        mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=[0, -9.81, 0]))
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j in range(3):
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    mt = mbs.AddMarker(lib.MarkerNodeRigid(nodeNumber=nodes[-1]))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mt, loadVector=[0.3, -2.0, 0]))
    mbs.AddLoad(lib.LoadTorqueVector(markerNumber=mt, loadVector=[0, 0, 0.5]))
    mbs.Assemble()
    s = em.default_settings(lib)
    if dyn:
        s.timeIntegration.endTime = 0.1
        s.timeIntegration.numberOfSteps = 100
        s.timeIntegration.newton.relativeTolerance = 1e-10
        mbs.SolveDynamic(s)
    else:
        s.staticSolver.numberOfLoadSteps = 5
        s.staticSolver.newton.relativeTolerance = 1e-12
        s.staticSolver.newton.absoluteTolerance = 1e-11
        mbs.SolveStatic(s)
    OV = lib.OutputVariableType
    tip = np.asarray(mbs.GetNodeOutput(nodes[-1], OV.Coordinates))
    outs = {(name, x): np.atleast_1d(np.asarray(mbs.GetObjectOutputBody(
        els[1], getattr(OV, name), localPosition=[x, 0, 0]), dtype=float))
        for name in ("Position", "Displacement", "Velocity", "Rotation", "StrainLocal",
                     "CurvatureLocal", "ForceLocal", "TorqueLocal")
        for x in (-0.5 / n_el, 0.02, 0.5 / n_el)}
    return tip, outs


@pytest.mark.parametrize("nn", [2, 3])
@pytest.mark.parametrize("incl", [False, True])
def test_same_as_exudyn_static(nn, incl):
    """(e) the same model in Exudyn 1.13.6 and coordyn: static tip coordinates equal to 1e-10
    relative (measured: a few 1e-16), every body output at three axial positions (layout and
    values) to 1e-9 of its scale"""
    pytest.importorskip("exudyn")
    a, oa = _exudyn_case(cd, nn=nn, incl=incl)
    b, ob = _exudyn_case(em.exudyn_lib(), nn=nn, incl=incl)
    assert np.linalg.norm(a - b) <= 1e-10 * np.linalg.norm(b), (a, b)
    for key, v in oa.items():
        scale = max(np.abs(ob[key]).max(), 1e-3)
        assert v.shape == ob[key].shape, key
        assert np.abs(v - ob[key]).max() <= 1e-9 * scale, (key, v, ob[key])


@pytest.mark.parametrize("nn,damp", [(2, 0.0), (2, 0.1), (3, 0.1)])
def test_same_as_exudyn_dynamic(nn, damp):
    """(e) 100 generalized-alpha steps (rho 0.9, h = 1e-3, full Newton, rtol 1e-10): tip
    coordinates equal to 1e-8 relative (measured: 1e-15 without damping, 1e-11 with)"""
    pytest.importorskip("exudyn")
    a, oa = _exudyn_case(cd, nn=nn, damp=damp, dyn=True)
    b, ob = _exudyn_case(em.exudyn_lib(), nn=nn, damp=damp, dyn=True)
    assert np.linalg.norm(a - b) <= 1e-8 * np.linalg.norm(b), (a, b)
    for key in (("Velocity", 0.02), ("ForceLocal", 0.02), ("TorqueLocal", 0.02)):
        scale = max(np.abs(ob[key]).max(), 1e-3)
        assert np.abs(oa[key] - ob[key]).max() <= 1e-7 * scale, (key, oa[key], ob[key])


def test_exudyn_test_model_value():
    """Exudyn's own TestModels/geometricallyExactBeam2Dtest.py (16 elements of an inclined
    steel beam, tip force and torque, static, includeReferenceRotations False and True): the
    published result -2.2115028353806547 within 1e-10 relative"""
    nEl, L, E, rho, b, h, nu = 16, 2, 2.07e11, 7850, 0.1, 0.5, 0.3
    A, I = b * h, b * h**3 / 12
    ks = 10 * (1 + nu) / (12 + 11 * nu)
    G = 7.9615e10
    fEnd = 5e8 * h**3
    phi = 0.25 * np.pi
    le = L / nEl
    mbs = new_system()
    nodes = [mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[np.cos(phi) * le * i,
                                                                  np.sin(phi) * le * i, phi]))
             for i in range(nEl + 1)]
    els = [mbs.AddObject(cd.ObjectBeamGeometricallyExact2D(
        nodeNumbers=[nodes[i], nodes[i + 1]], physicsLength=le, physicsMassPerLength=rho * A,
        physicsCrossSectionInertia=rho * I, physicsBendingStiffness=E * I,
        physicsAxialStiffness=E * A, physicsShearStiffness=ks * G * A)) for i in range(nEl)]
    ng = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j in range(3):
        mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mc]))
    mt = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.Force(markerNumber=mt, loadVector=[fEnd * np.sin(phi), -fEnd * np.cos(phi),
                                                      0]))
    mbs.AddLoad(cd.Torque(markerNumber=mt, loadVector=[0, 0, -5e8]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.staticSolver.newton.maxIterations = 50
    s.staticSolver.numberOfLoadSteps = 10
    total = np.zeros(3)
    for case in (0, 1):
        for e in els:
            mbs.ModifyObject(e, {"includeReferenceRotations": bool(case)})
        mbs.Assemble()
        mbs.SolveStatic(s)
        total += mbs.GetNodeOutput(nodes[-1], ov.Coordinates)
    ref = -2.2115028353806547
    assert abs(0.5 * total[1] - ref) <= 1e-10 * abs(ref), 0.5 * total[1]


# ------------------------------------------------------------------ frames, outputs, joints

def test_axis_frame_and_outputs():
    """a point [x, 0, 0] on the axis: the linear interpolation of the nodes (position,
    velocity), rotation = interpolated nodal rotation (Rotation [0, 0, phi], RotationMatrix,
    AngularVelocity); section forces of the small cantilever: M = P (L - X), Q = P"""
    P = 2e-4
    mbs, nodes, els = cantilever(cd, force=(0, -P))
    mbs.SolveStatic(em.default_settings(cd))
    le = 1.0 / 16
    e = 5
    c0, c1 = (np.asarray(mbs.GetNodeOutput(n, ov.Coordinates)) for n in nodes[e:e + 2])
    for x in (-le / 2, -le / 5, 0.0, le / 2):
        S = np.array([0.5 - x / le, 0.5 + x / le])
        p = mbs.GetObjectOutputBody(els[e], ov.Position, localPosition=[x, 0, 0])
        ref = np.array([(e + 0.5) * le + x, 0.0])
        np.testing.assert_allclose(p[:2], ref + S[0] * c0[:2] + S[1] * c1[:2], atol=1e-15)
        rot = mbs.GetObjectOutputBody(els[e], ov.Rotation, localPosition=[x, 0, 0])
        assert len(rot) == 3 and abs(rot[2] - (S[0] * c0[2] + S[1] * c1[2])) < 1e-16
        A = np.asarray(mbs.GetObjectOutputBody(els[e], ov.RotationMatrix,
                                               localPosition=[x, 0, 0])).reshape(3, 3)
        np.testing.assert_allclose(A[:2, :2], [[np.cos(rot[2]), -np.sin(rot[2])],
                                               [np.sin(rot[2]), np.cos(rot[2])]], atol=1e-16)
        X = (e + 0.5) * le + x
        M = mbs.GetObjectOutputBody(els[e], ov.TorqueLocal, localPosition=[x, 0, 0])
        F = mbs.GetObjectOutputBody(els[e], ov.ForceLocal, localPosition=[x, 0, 0])
        # one-point integration: the section forces are those of the element's middle
        assert abs(M[2] - (-P * (1.0 - (e + 0.5) * le))) < 1e-6 * P, (M, X)
        eps = mbs.GetObjectOutputBody(els[e], ov.StrainLocal, localPosition=[x, 0, 0])
        assert len(eps) == 6 and abs(eps[5] - F[1] / 5e3) < 1e-15
        if x == 0.0:
            # the shear force at the integration point (the middle) is the load; elsewhere
            # the output is Exudyn's: the strains of the interpolated rotation there
            assert abs(F[1] - (-P)) < 1e-6 * P and abs(F[0]) < 1e-3 * P, F
    # sensors read the same values (6 strain components, as Exudyn's StrainLocal)
    sn = [mbs.AddSensor(cd.SensorBody(bodyNumber=els[e], localPosition=[le / 4, 0, 0],
                                      outputVariableType=v)) for v in (ov.StrainLocal,
                                                                       ov.AngularVelocity)]
    mbs.Assemble()
    mbs.SolveStatic(em.default_settings(cd))
    v = mbs.GetSensorValues(sn[0])
    assert len(v) == 6
    np.testing.assert_array_equal(v, mbs.GetObjectOutputBody(els[e], ov.StrainLocal,
                                                             localPosition=[le / 4, 0, 0]))
    np.testing.assert_array_equal(mbs.GetSensorValues(sn[1]), [0, 0, 0])
    with pytest.raises(ValueError, match=message_naming("ObjectBeamGeometricallyExact2D",
                                                        "[x, 0, 0]")):
        mbs.GetObjectOutputBody(els[0], ov.Position, localPosition=[0.0, 0.1, 0])
    with pytest.raises(ValueError, match=message_naming("MarkerBodyPosition", "localPosition")):
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=els[0], localPosition=[0, 0.02, 0]))
        mbs.Assemble()
    mbs, nodes, els = cantilever(cd, force=(0, -P))
    with pytest.raises(ValueError, match=message_naming("MarkerBodyRigid", "localPosition",
                                                        "ObjectBeamGeometricallyExact2D")):
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=els[0], localPosition=[0, 0, 0.1]))
        mbs.Assemble()
    with pytest.raises(ValueError, match=message_naming("SensorBody", "localPosition")):
        mbs.AddSensor(cd.SensorBody(bodyNumber=els[0], localPosition=[0, 0.1, 0],
                                    outputVariableType=ov.Position))
        mbs.Assemble()


def crank_and_beam(n_el=4, joint="revolute", damping=0.0, h_crank=0.3):
    """a rigid crank pinned to ground at its node, a beam hinged (RevoluteJoint2D between
    MarkerBodyRigid on the crank and MarkerBodyPosition at x = -le/2 of the first element) or
    clamped (ObjectJointGeneric x, y, rotation z between MarkerBodyRigid frames) at
    [h_crank, 0]; gravity; returns (mbs, crank, elements, joint, beam nodes)"""
    mbs = new_system()
    g = 9.81
    ground = mbs.AddObject(cd.ObjectGround())
    nc = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0]))
    crank = mbs.AddObject(cd.RigidBody2D(mass=1.0, inertia=0.05, nodeNumber=nc))
    mgr = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    mc0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[0, 0, 0]))
    mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[mgr, mc0]))
    mm = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=crank))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mm, loadVector=[0, -g, 0]))
    t = cd.ObjectBeamGeometricallyExact2D(massPerLength=0.5, crossSectionInertia=1e-3,
                                          bendingStiffness=0.5, axialStiffness=1e3,
                                          shearStiffness=4e2, bendingDamping=damping)
    info = cd.beams.GenerateBeamElementsAlongLine(mbs, [h_crank, 0, 0], [h_crank + 1.0, 0, 0],
                                                  n_el, t, gravity=[0, -g, 0])
    els, nodes = info["elements"], info["nodes"]
    le = 1.0 / n_el
    mc1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[h_crank, 0, 0]))
    if joint == "revolute":
        mb = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=els[0],
                                                 localPosition=[-le / 2, 0, 0]))
        jt = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[mc1, mb]))
    else:
        mb = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=els[0], localPosition=[-le / 2, 0, 0]))
        jt = mbs.AddObject(cd.ObjectJointGeneric(markerNumbers=[mc1, mb],
                                                 constrainedAxes=[1, 1, 0, 0, 0, 1]))
    mbs.Assemble()
    return mbs, crank, els, jt, nodes


@pytest.mark.parametrize("joint", ["revolute", "generic"])
def test_joint_jacobians_on_beam_frames(joint):
    """the analytic Jacobians of a RevoluteJoint2D (MarkerBodyPosition on the beam) and of an
    ObjectJointGeneric (MarkerBodyRigid on the beam: the derivative of the beam frame's
    rotation) equal the numerical ones at a perturbed state"""
    mbs, crank, els, jt, nodes = crank_and_beam(joint=joint)
    rng = np.random.default_rng(7)
    q0 = mbs.systemData.GetODE2Coordinates()
    mbs.systemData.SetODE2Coordinates(q0 + 0.05 * rng.standard_normal(q0.size))
    lam = mbs.systemData.GetAECoordinates()
    mbs.systemData.SetAECoordinates(rng.standard_normal(lam.size))
    a, n = check_jacobian(mbs, jt)
    assert np.linalg.norm(a["Cq"]) > 0.5


def beam_energy(mbs, crank, els, g=9.81):
    """kinetic (mass matrices) + gravity + elastic energy of the crank and beam model (crank
    node first: coordinates 0..2; beam node i: 3 + 3 i ..; element e on nodes e, e + 1); the
    elastic energy is the one-point quadrature le (EA g1^2 + GA g2^2 + EI k^2) / 2 whose
    gradient the elastic forces are (read from the StrainLocal and CurvatureLocal outputs)"""
    v = mbs.systemData.GetODE2Coordinates_t()
    E = 0.5 * v[:3] @ mbs._core.object_parts(int(crank))["M"] @ v[:3]
    p = mbs.GetObjectOutputBody(crank, ov.Position, localPosition=[0, 0, 0])
    E += 1.0 * g * p[1]
    for k, e in enumerate(els):
        ve = v[3 + 3 * k:3 + 3 * k + 6]
        E += 0.5 * ve @ mbs._core.object_parts(int(e))["M"] @ ve
        le = mbs.GetObject(e)["length"]
        y = mbs.GetObjectOutputBody(e, ov.Position, localPosition=[0, 0, 0])[1]
        eps = mbs.GetObjectOutputBody(e, ov.StrainLocal, localPosition=[0, 0, 0])
        kap = mbs.GetObjectOutputBody(e, ov.CurvatureLocal, localPosition=[0, 0, 0])[2]
        E += 0.5 * g * le * y   # rhoA = 0.5: int rhoA g y dx = rhoA g le y(middle)
        E += 0.5 * le * (1e3 * eps[0]**2 + 4e2 * eps[5]**2 + 0.5 * kap**2)
    return E


def test_energy_of_beam_hinged_to_crank():
    """(f) the beam hinged to the crank swings under gravity without damping; Newmark (rho_inf
    = 1, gamma = 1/2, trapezoidal) with index-2 constraints conserves the energy up to O(h^2):
    over 0.3 s (the beam swings down by 0.59 m) the drift relative to the potential energy
    scale (m g L = 1.5 * 9.81 J) is measured 1.67e-6 at h = 2e-3 and 4.17e-7 at h = 1e-3
    (ratio 4.0: second order, no energy error from the element itself), asserted < 1e-6 with
    a ratio in (3.5, 4.5). The hinge points stay together up to the O(h^2) position drift of
    index-2 constraints (measured 2.1e-7 at h = 1e-3)."""
    drift = []
    for h in (2e-3, 1e-3):
        mbs, crank, els, jt, nodes = crank_and_beam()
        E0 = beam_energy(mbs, crank, els)
        s = cd.SimulationSettings()
        s.progressBar = False
        T = 0.3
        s.timeIntegration.numberOfSteps = int(round(T / h))
        s.timeIntegration.endTime = T
        s.timeIntegration.generalizedAlpha.spectralRadius = 1.0
        s.timeIntegration.generalizedAlpha.useNewmark = True
        s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
        s.timeIntegration.newton.relativeTolerance = 1e-12
        mbs.SolveDynamic(s)
        E1 = beam_energy(mbs, crank, els)
        drift.append(abs(E1 - E0) / (1.5 * 9.81 * 1.0))
        tip = mbs.GetNodeOutput(nodes[-1], ov.Position)
        assert tip[1] < -0.2, tip                  # it swung down
        pc = mbs.GetObjectOutputBody(crank, ov.Position, localPosition=[0.3, 0, 0])
        pb = mbs.GetObjectOutputBody(els[0], ov.Position, localPosition=[-0.125, 0, 0])
        assert np.linalg.norm(pc - pb) < 2e-6      # index 2: positions drift, O(h^2)
    assert drift[1] < 1e-6, drift
    assert 3.5 < drift[0] / drift[1] < 4.5, drift


# ------------------------------------------------------------------ (g) bad input

@pytest.mark.parametrize("kw,param", [
    (dict(length=0.0), "length"), (dict(length=-1.0), "length"),
    (dict(physicsLength=-1.0), "length"),
    (dict(massPerLength=-1.0), "massPerLength"),
    (dict(crossSectionInertia=-1.0), "crossSectionInertia"),
    (dict(bendingStiffness=-1.0), "bendingStiffness"),
    (dict(axialStiffness=-1.0), "axialStiffness"), (dict(shearStiffness=-1.0), "shearStiffness"),
    (dict(shearDamping=-1.0), "shearDamping"), (dict(bendingDamping=np.nan), "bendingDamping")])
def test_bad_input(kw, param):
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodeRigidBody2D())
    n1 = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1, 0, 0]))
    args = dict(nodeNumbers=[n0, n1], length=1.0, massPerLength=1.0, bendingStiffness=1.0,
                axialStiffness=1.0, shearStiffness=1.0)
    args.update(kw)
    if "physicsLength" in kw:
        del args["length"]
    with pytest.raises(ValueError, match=message_naming("ObjectBeamGeometricallyExact2D", param)):
        mbs.AddObject(cd.ObjectBeamGeometricallyExact2D(**args))
        mbs.Assemble()


def test_nodes_of_the_wrong_type_or_number():
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodePoint2D())
    n1 = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1, 0, 0]))
    with pytest.raises(ValueError, match=message_naming("ObjectBeamGeometricallyExact2D",
                                                        "nodeNumbers", "NodePoint2D",
                                                        "NodeRigidBody2D")):
        mbs.AddObject(cd.ObjectBeamGeometricallyExact2D(nodeNumbers=[n0, n1], length=1.0))
        mbs.Assemble()
    mbs = new_system()
    ns = [mbs.AddNode(cd.NodeRigidBody2D()) for _ in range(4)]
    for bad in (ns[:1], ns):
        with pytest.raises(ValueError, match=message_naming("ObjectBeamGeometricallyExact2D",
                                                            "nodeNumbers", "2", "3")):
            mbs.AddObject(cd.ObjectBeamGeometricallyExact2D(nodeNumbers=bad, length=1.0))
            mbs.Assemble()


# ------------------------------------------------------------------ coordyn.beams

def _generated(lib, gen, nn=2, **kw):
    mbs = lib.SystemContainer().AddSystem()
    t = lib.ObjectBeamGeometricallyExact2D(massPerLength=2.0, crossSectionInertia=0.01,
                                           bendingStiffness=0.5, axialStiffness=1e3,
                                           shearStiffness=3e2, nodeNumbers=[0] * nn)
    info = gen(mbs, [0.2, 0.1, 0], [1.2, 0.6, 0], 6, t, gravity=[0, -9.81, 0], **kw)
    mbs.Assemble()
    s = em.default_settings(lib)
    s.staticSolver.numberOfLoadSteps = 5
    s.staticSolver.newton.relativeTolerance = 1e-12
    s.staticSolver.newton.absoluteTolerance = 1e-11
    mbs.SolveStatic(s)
    nodes = info["nodes"] if isinstance(info, dict) else info[0]
    tip = np.asarray(mbs.GetNodeOutput(nodes[-1], lib.OutputVariableType.Position))
    src = mbs if hasattr(mbs, "NumberOfNodes") else mbs.systemData
    counts = (src.NumberOfNodes(), src.NumberOfObjects(), src.NumberOfMarkers(),
              src.NumberOfLoads())
    return info, tip, counts


@pytest.mark.parametrize("nn", [2, 3])
def test_generate_straight_beam(nn):
    """coordyn.beams.GenerateStraightBeam and GenerateBeamElementsAlongLine: an inclined beam
    under gravity clamped at node 0; the same items, numbers and static tip position as Exudyn
    1.13.6's functions (1e-10)"""
    kw = dict(fixedConstraintsNode0=[1, 1, 1])
    info, tip, counts = _generated(cd, cd.beams.GenerateStraightBeam, nn=nn, **kw)
    nodes, objs, loads, pos, cons = info
    assert (len(nodes), len(objs), len(loads), len(pos), len(cons)) == \
        (6 * (nn - 1) + 1, 6, 6, 6 * (nn - 1) + 1, 3)
    np.testing.assert_allclose(pos[-1], [1.2, 0.6, 0], atol=1e-15)
    assert tip[1] < 0.6
    d = cd.beams.GenerateBeamElementsAlongLine
    info2, tip2, _ = _generated(cd, d, nn=nn, groundConstraintsStart=[1, 1, 1])
    assert info2["nodes"] == nodes and info2["elements"] == objs
    np.testing.assert_array_equal(tip, tip2)
    pytest.importorskip("exudyn")
    import exudyn.beams
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        info_e, tip_e, counts_e = _generated(em.exudyn_lib(), exudyn.beams.GenerateStraightBeam,
                                             nn=nn, **kw)
    assert [[int(i) for i in x] for x in (info[0], info[1], info[2], info[4])] == \
        [[int(i) for i in x] for x in (info_e[0], info_e[1], info_e[2], info_e[4])]
    assert counts == counts_e
    assert np.linalg.norm(tip - tip_e) <= 1e-10 * np.linalg.norm(tip_e), (tip, tip_e)
    np.testing.assert_allclose(np.array(info[3], dtype=float), np.array(info_e[3], dtype=float),
                               rtol=0, atol=1e-15)


def test_generator_bad_input():
    mbs = new_system()
    t = cd.ObjectBeamGeometricallyExact2D(bendingStiffness=1.0)
    with pytest.raises(ValueError, match=message_naming("GenerateStraightBeam", "z")):
        cd.beams.GenerateStraightBeam(mbs, [0, 0, 1], [1, 0, 0], 2, t)
    with pytest.raises(ValueError, match=message_naming("GenerateStraightBeam",
                                                        "numberOfElements")):
        cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [1, 0, 0], 0, t)
    with pytest.raises(ValueError, match=message_naming("GenerateStraightBeam",
                                                        "fixedConstraintsNode0", "3")):
        cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [1, 0, 0], 2, t,
                                      fixedConstraintsNode0=[1, 1])
    with pytest.raises(ValueError, match=message_naming("GenerateStraightBeam", "MassPoint")):
        cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [1, 0, 0], 2, cd.MassPoint())
    if not hasattr(cd.items, "ObjectBeamGeometricallyExact"):
        with pytest.raises(ValueError, match=message_naming("GenerateStraightBeam",
                                                            "ObjectBeamGeometricallyExact")):
            cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [1, 0, 0], 2,
                                          {"objectType": "BeamGeometricallyExact"})


def _crank_with_beam(lib, gen):
    """the crank and the beam hinged to it (RevoluteJoint2D between MarkerBodyRigid on the crank
    and MarkerBodyPosition at x = -le/2 on the first element), built with each library's
    GenerateStraightBeam; 200 steps of 1e-3 (rho 0.9, full Newton); the beam tip and the
    crank's coordinates"""
    mbs = lib.SystemContainer().AddSystem()
    ground = mbs.AddObject(lib.ObjectGround())
    nc = mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=[0, 0, 0]))
    cr = mbs.AddObject(em.make(lib.ObjectRigidBody2D, mass=1.0, inertia=0.05, nodeNumber=nc))
    mbs.AddObject(lib.RevoluteJoint2D(markerNumbers=[
        mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=cr, localPosition=[0, 0, 0]))]))
    mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=cr))
    mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=[0, -9.81, 0]))
    t = lib.ObjectBeamGeometricallyExact2D(massPerLength=0.5, crossSectionInertia=1e-3,
                                           bendingStiffness=0.5, axialStiffness=1e3,
                                           shearStiffness=4e2, nodeNumbers=[0, 0])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        nodes, els, *_ = gen(mbs, [0.3, 0, 0], [1.3, 0, 0], 4, t, gravity=[0, -9.81, 0])
    m1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=cr, localPosition=[0.3, 0, 0]))
    m2 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=els[0], localPosition=[-0.125, 0, 0]))
    mbs.AddObject(lib.RevoluteJoint2D(markerNumbers=[m1, m2]))
    mbs.Assemble()
    s = em.default_settings(lib)
    s.timeIntegration.endTime = 0.2
    s.timeIntegration.numberOfSteps = 200
    s.timeIntegration.newton.relativeTolerance = 1e-10
    mbs.SolveDynamic(s)
    OV = lib.OutputVariableType
    return (np.asarray(mbs.GetNodeOutput(nodes[-1], OV.Position)),
            np.asarray(mbs.GetNodeOutput(nc, OV.Coordinates)))


def test_beam_hinged_to_crank_same_as_exudyn():
    """(e, f) the beam hinged to a rigid crank by a marker on the beam: the beam tip and the
    crank angle after 200 dynamic steps equal Exudyn 1.13.6's to 1e-10 (measured 7e-13;
    Exudyn's GenericJoint cannot use a MarkerBodyRigid on this beam, coordyn's can: see
    test_joint_jacobians_on_beam_frames)"""
    pytest.importorskip("exudyn")
    import exudyn.beams
    (ta, ca), (tb, cb) = (_crank_with_beam(cd, cd.beams.GenerateStraightBeam),
                          _crank_with_beam(em.exudyn_lib(), exudyn.beams.GenerateStraightBeam))
    assert np.linalg.norm(ta - tb) <= 1e-10 * np.linalg.norm(tb), (ta, tb)
    assert abs(ca[2] - cb[2]) <= 1e-10 * abs(cb[2]) and abs(cb[2]) > 0.05, (ca, cb)


def test_generator_3d_beam_cantilever_along_a_skew_line():
    """GenerateStraightBeam with the 3D ObjectBeamGeometricallyExact: NodeRigidBodyRotVecLG
    nodes whose reference rotation vector turns e_x into the line's direction, elements on
    consecutive node pairs with the element length, the position flags of node 0 as
    CoordinateConstraints and its rotation flags as one GenericJoint (a Lie-group rotation vector
    is not constrained coordinate by coordinate). The clamped cantilever along the skew line
    under a small tip load perpendicular to it deflects by the element's exact discrete value
    P L^3 / (3 EI) (1 - 1 / (4 n^2)) + P L / GA (linear interpolation, one integration point)
    within 1e-6 relative, along the load"""
    mbs = cd.SystemContainer().AddSystem()
    EI, GA, EA, n = 2.0, 1e4, 1e5, 8
    sec = cd.BeamSection()
    sec.stiffnessMatrix = np.diag([EA, GA, GA, 1.0, EI, EI])
    sec.massPerLength = 1.0
    sec.inertia = np.eye(3) * 1e-4
    p0, p1 = np.array([0.1, 0.2, 0.3]), np.array([1.1, 0.7, -0.2])
    L = np.linalg.norm(p1 - p0)
    nodes, els, loads, pos, cons = cd.beams.GenerateStraightBeam(
        mbs, list(p0), list(p1), n, cd.ObjectBeamGeometricallyExact(sectionData=sec),
        fixedConstraintsNode0=[1, 1, 1, 1, 1, 1])
    assert (len(nodes), len(els), len(loads), len(cons)) == (n + 1, n, 0, 4)
    assert mbs.GetObject(cons[-1])["objectType"] in ("JointGeneric", "GenericJoint")
    d = (p1 - p0) / L
    normal = np.cross(d, [0, 0, 1.0])
    normal /= np.linalg.norm(normal)
    P = 1e-6
    mk = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=list(P * normal)))
    mbs.Assemble()
    for k, nd in enumerate(nodes):
        node = mbs.GetNode(nd)
        assert node["nodeType"] == "RigidBodyRotVecLG"
        rc = np.array(node["referenceCoordinates"], dtype=float)
        np.testing.assert_allclose(rc[:3], p0 + k * (p1 - p0) / n, atol=1e-15)
        A = np.asarray(mbs.GetNodeOutput(nd, cd.OutputVariableType.RotationMatrix,
                                         cd.ConfigurationType.Reference)).reshape(3, 3)
        np.testing.assert_allclose(A[:, 0], d, atol=1e-14)     # the local x axis: the line
    for e in els:
        assert abs(mbs.GetObject(e)["length"] - L / n) < 1e-15
    s = cd.SimulationSettings()
    s.progressBar = False
    s.staticSolver.newton.relativeTolerance = 1e-12
    mbs.SolveStatic(s)
    u = np.asarray(mbs.GetNodeOutput(nodes[-1], cd.OutputVariableType.Displacement))
    exact = P * L**3 / (3 * EI) * (1 - 1 / (4 * n**2)) + P * L / GA
    assert abs(u @ normal - exact) <= 1e-6 * exact, (u @ normal, exact)
    assert np.linalg.norm(u - (u @ normal) * normal) <= 1e-6 * exact
    u0 = np.asarray(mbs.GetNodeOutput(nodes[0], cd.OutputVariableType.Displacement))
    assert np.linalg.norm(u0) < 1e-15


@pytest.mark.parametrize("nn", [2, 3])
def test_frame_velocities(nn):
    """at a state with velocities: Velocity = sum S_i v_i, AngularVelocity = sum S_i
    theta_i,t e_z at points of the axis, and Position's derivative along the velocities
    (central differences) is the Velocity"""
    mbs, el = one_element(nn=nn, seed=11)
    q = mbs.systemData.GetODE2Coordinates()
    v = mbs.systemData.GetODE2Coordinates_t()
    le = 0.7
    for x in (-0.35, -0.1, 0.2, 0.35):
        if nn == 2:
            S = np.array([0.5 - x / le, 0.5 + x / le])
        else:
            xi = 2 * x / le
            S = np.array([0.5 * xi * (xi - 1), 1 - xi**2, 0.5 * xi * (xi + 1)])
        V = mbs.GetObjectOutputBody(el, ov.Velocity, localPosition=[x, 0, 0])
        W = mbs.GetObjectOutputBody(el, ov.AngularVelocity, localPosition=[x, 0, 0])
        np.testing.assert_allclose(V[:2], S @ v.reshape(nn, 3)[:, :2], atol=1e-14)
        assert abs(W[2] - S @ v.reshape(nn, 3)[:, 2]) < 1e-14 and W[0] == W[1] == 0

        def pos(qq):
            mbs.systemData.SetODE2Coordinates(qq)
            return np.asarray(mbs.GetObjectOutputBody(el, ov.Position, localPosition=[x, 0, 0]))
        h = 1e-6
        dp = (pos(q + h * v) - pos(q - h * v)) / (2 * h)
        mbs.systemData.SetODE2Coordinates(q)
        np.testing.assert_allclose(dp, V, atol=1e-8)
