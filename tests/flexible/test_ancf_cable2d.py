"""ObjectANCFCable2D and NodePoint2DSlope1 (issue 9, first slice): the planar ANCF cable of
Exudyn 1.13 with its names, defaults and equations. Checked against beam theory (cantilever tip
deflection PL^3/(3EI) and elongation PL/(EA)), numerical differentiation (Jacobian, elastic
tangent), closed forms (mass matrix, mass-proportional load), energy conservation of a cable
pendulum, and Exudyn 1.13.6 itself when it is installed."""
import numpy as np
import pytest

import coordyn as cd
import exudyn_models as em
from conftest import check_element_parts, check_jacobian, message_naming, new_system

ov = cd.OutputVariableType

# cantilever: L = 1, 16 elements, P L^2 / EI = 1e-4
L_TOT, N_EL, EI, EA, RHOA = 1.0, 16, 2.0, 1.0e4, 3.0
P_SMALL = 1e-4 * EI / L_TOT**2


def cantilever(lib, n_el=N_EL, tip_force=(0.0, -P_SMALL), gravity=None, reduced=0,
               old_names=False):
    """a cable along x from [0, 0] to [L, 0], node 0 clamped (x, y, slope_y) by
    CoordinateConstraints to a ground node as in Exudyn's examples; returns (mbs, nodes, els)"""
    mbs = lib.SystemContainer().AddSystem()
    le = L_TOT / n_el
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[i * le, 0.0, 1.0, 0.0]))
             for i in range(n_el + 1)]
    kw = (dict(physicsLength=le, physicsMassPerLength=RHOA, physicsBendingStiffness=EI,
               physicsAxialStiffness=EA) if old_names else
          dict(length=le, massPerLength=RHOA, bendingStiffness=EI, axialStiffness=EA))
    els = []
    for i in range(n_el):
        els.append(mbs.AddObject(em.make(lib.ObjectANCFCable2D,
                                         nodeNumbers=[nodes[i], nodes[i + 1]],
                                         useReducedOrderIntegration=reduced, **kw)))
        if gravity is not None:
            mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=els[-1]))
            mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=list(gravity)))
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j in (0, 1, 3):
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    mt = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mt, loadVector=[tip_force[0], tip_force[1], 0]))
    if hasattr(mbs, "Assemble"):
        mbs.Assemble()
    return mbs, nodes, els


def static_tip(lib, **kw):
    mbs, nodes, _ = cantilever(lib, **kw)
    s = em.default_settings(lib)
    mbs.SolveStatic(s)
    return np.asarray(mbs.GetNodeOutput(nodes[-1], lib.OutputVariableType.Displacement))


# ------------------------------------------------------------------ statics against beam theory

@pytest.mark.parametrize("reduced", [0, 1, 2])
def test_cantilever_tip_deflection(reduced):
    """tip load P: v = P L^3 / (3 EI) within 1e-6 (cubic Hermite elements are nodally exact for
    the linear beam; the geometric nonlinearity is (PL^2/EI)^2 = 1e-8)"""
    u = static_tip(cd, reduced=reduced)
    exact = -P_SMALL * L_TOT**3 / (3 * EI)
    assert abs(u[1] - exact) <= 1e-6 * abs(exact), (u[1], exact)


def test_cantilever_axial_elongation():
    """axial tip load P: u = P L / (EA) within 1e-6 (exact for N = EA (|r'| - 1))"""
    P = 10.0
    u = static_tip(cd, tip_force=(P, 0.0))
    exact = P * L_TOT / EA
    assert abs(u[0] - exact) <= 1e-6 * exact, (u[0], exact)
    assert abs(u[1]) < 1e-14


def test_old_parameter_names_are_aliases():
    """physicsLength, ... (Exudyn before 1.12) give the same element"""
    a = static_tip(cd)
    b = static_tip(cd, old_names=True)
    np.testing.assert_array_equal(a, b)
    el = cd.ObjectANCFCable2D(physicsLength=2.0, physicsAxialStiffness=5.0)
    assert el.length == 2.0 and el.axialStiffness == 5.0


def test_defaults_as_exudyn():
    n = cd.NodePoint2DSlope1()
    np.testing.assert_array_equal(n.referenceCoordinates, [0, 0, 1, 0])
    np.testing.assert_array_equal(n.initialCoordinates, [0, 0, 0, 0])
    e = cd.ObjectANCFCable2D(length=1.0)
    for k in ("massPerLength", "bendingStiffness", "axialStiffness", "bendingDamping",
              "axialDamping", "referenceAxialStrain", "referenceCurvature",
              "strainIsRelativeToReference"):
        assert getattr(e, k) == 0.0, k
    assert e.useReducedOrderIntegration == 0


# ------------------------------------------------------------------ Jacobian, parts, mass

def one_element(damping=True, reduced=0, f_ref=0.0, seed=1):
    """one element on two free nodes with a curved reference and a random deformed state"""
    rng = np.random.default_rng(seed)
    mbs = new_system()
    le = 0.7
    ref0 = [0.1, 0.2, np.cos(0.3), np.sin(0.3)]
    ref1 = [0.1 + le * 0.95, 0.2 + le * 0.3, np.cos(0.5), np.sin(0.5)]
    n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=ref0,
                                          initialCoordinates=list(0.05 * rng.standard_normal(4)),
                                          initialVelocities=list(rng.standard_normal(4))))
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=ref1,
                                          initialCoordinates=list(0.05 * rng.standard_normal(4)),
                                          initialVelocities=list(rng.standard_normal(4))))
    el = mbs.AddObject(cd.ObjectANCFCable2D(
        nodeNumbers=[n0, n1], length=le, massPerLength=2.0, bendingStiffness=3.0,
        axialStiffness=400.0, bendingDamping=0.3 if damping else 0.0,
        axialDamping=5.0 if damping else 0.0, referenceAxialStrain=0.01,
        referenceCurvature=0.2, strainIsRelativeToReference=f_ref,
        useReducedOrderIntegration=reduced))
    mbs.Assemble()
    return mbs, el


@pytest.mark.parametrize("reduced", [0, 1, 2])
@pytest.mark.parametrize("f_ref", [0.0, 1.0])
def test_analytic_jacobian_matches_numerical(reduced, f_ref):
    mbs, el = one_element(reduced=reduced, f_ref=f_ref, seed=3 + reduced)
    a, _ = check_jacobian(mbs, el)
    assert np.linalg.norm(a["K"]) > 1 and np.linalg.norm(a["D"]) > 0.1


def test_parts_mass_elastic_geometric():
    """elastic forces without damping, their tangent = numerical derivative, the geometric part
    = the tangent minus the material part (the sum over points of E g g^T is positive
    semidefinite and the geometric part vanishes in the stress-free reference state)"""
    mbs, el = one_element(damping=True)
    r = check_element_parts(mbs, el, atol=1e-6)
    # stress-free reference (strainIsRelativeToReference = 1, no prestrain): no elastic force,
    # no geometric stiffness at q = 0
    mbs2 = new_system()
    n0 = mbs2.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0.2]))
    n1 = mbs2.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0.3, 0.9, 0.5]))
    e2 = mbs2.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1.0, massPerLength=1,
                                             bendingStiffness=2, axialStiffness=50,
                                             strainIsRelativeToReference=1.0))
    mbs2.Assemble()
    r2 = mbs2._core.object_parts(int(e2))
    assert np.abs(r2["fel"]).max() < 1e-12 and np.abs(r2["Kg"]).max() < 1e-12


def hermite(x, L):
    xi = x / L
    return np.array([1 - 3 * xi**2 + 2 * xi**3, x * (1 - xi)**2, 3 * xi**2 - 2 * xi**3,
                     x * (xi**2 - xi)])


def test_mass_matrix_total_mass_and_kinetic_energy():
    """M = rhoA int S^T S: total mass rhoA L, the rigid translation's kinetic energy
    m |v|^2 / 2, a rigid rotation's rhoA L^3 w^2 / 6, and the closed form of the element matrix"""
    mbs, el = one_element()
    M = mbs._core.object_parts(int(el))["M"]
    le, rhoA = 0.7, 2.0
    v = np.array([0.3, -1.2])
    vq = np.array([v[0], v[1], 0, 0, v[0], v[1], 0, 0])     # translation: slopes unchanged
    assert abs(0.5 * vq @ M @ vq - 0.5 * rhoA * le * v @ v) < 1e-13
    # rotation about node 0 with w (straight cable along x): r = [x, 0] -> v = w [0, x],
    # slope velocity w [0, 1]
    w = 1.7
    vq = w * np.array([0, 0, 0, 1, 0, le, 0, 1])
    assert abs(0.5 * vq @ M @ vq - rhoA * le**3 * w**2 / 6) < 1e-13
    # closed form by a high-order quadrature of S^T S
    xg, wg = np.polynomial.legendre.leggauss(8)
    Mref = np.zeros((8, 8))
    for x, wi in zip(0.5 * le * (xg + 1), 0.5 * le * wg):
        S = np.kron(hermite(x, le), np.eye(2))
        Mref += wi * rhoA * S.T @ S
    np.testing.assert_allclose(M, Mref, atol=1e-14)
    # total mass through the system: gravity on the whole cantilever = m g at the clamp
    mbs, nodes, els = cantilever(cd, tip_force=(0, 0), gravity=(0, -9.81, 0))
    s = em.default_settings(cd)
    mbs.SolveStatic(s)
    lam = mbs.systemData.GetAECoordinates()
    assert abs(abs(lam[1]) - RHOA * L_TOT * 9.81) < 1e-8 * RHOA * L_TOT * 9.81


# ------------------------------------------------------------------ markers and bad input

def test_marker_on_the_axis_and_outputs():
    """MarkerBodyPosition at [x, 0, 0] sits at S(x) q; a force on it at x = L equals the node
    force; the body outputs Position/Displacement/Velocity read the same point"""
    mbs, nodes, els = cantilever(cd, tip_force=(0, 0))
    mk = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=els[-1],
                                             localPosition=[L_TOT / N_EL, 0, 0]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=[0, -P_SMALL, 0]))
    mbs.Assemble()
    mbs.SolveStatic(em.default_settings(cd))
    u_node = mbs.GetNodeOutput(nodes[-1], ov.Displacement)
    u_body = mbs.GetObjectOutputBody(els[-1], ov.Displacement, localPosition=[L_TOT / N_EL, 0, 0])
    np.testing.assert_allclose(u_body, u_node, atol=1e-15)
    exact = -P_SMALL * L_TOT**3 / (3 * EI)
    assert abs(u_node[1] - exact) <= 1e-6 * abs(exact)
    # the middle of the last element: the Hermite interpolation of the nodal values
    le = L_TOT / N_EL
    q = np.concatenate([mbs.GetNodeOutput(n, ov.Coordinates) for n in nodes[-2:]])
    qref = np.concatenate([[(N_EL - 1) * le, 0, 1, 0], [N_EL * le, 0, 1, 0]])
    S = np.kron(hermite(le / 2, le), np.eye(2))
    p = mbs.GetObjectOutputBody(els[-1], ov.Position, localPosition=[le / 2, 0, 0])
    np.testing.assert_allclose(p[:2], S @ (qref + q), atol=1e-15)
    with pytest.raises(ValueError, match=message_naming("MarkerBodyPosition", "localPosition")):
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=els[0], localPosition=[0.01, 0.02, 0]))
        mbs.Assemble()


@pytest.mark.parametrize("kw,param", [
    (dict(length=0.0), "length"), (dict(length=-1.0), "length"),
    (dict(physicsLength=-1.0), "length"),
    (dict(massPerLength=-1.0), "massPerLength"), (dict(bendingStiffness=-1.0), "bendingStiffness"),
    (dict(axialStiffness=-1.0), "axialStiffness"), (dict(axialDamping=-1.0), "axialDamping"),
    (dict(useReducedOrderIntegration=3), "useReducedOrderIntegration")])
def test_bad_input(kw, param):
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodePoint2DSlope1())
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
    args = dict(nodeNumbers=[n0, n1], length=1.0, massPerLength=1.0, bendingStiffness=1.0,
                axialStiffness=1.0)
    args.update(kw)
    if "physicsLength" in kw:
        del args["length"]
    with pytest.raises(ValueError, match=message_naming("ObjectANCFCable2D", param)):
        mbs.AddObject(cd.ObjectANCFCable2D(**args))
        mbs.Assemble()


def test_nodes_of_the_wrong_type():
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodePoint2D())
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
    with pytest.raises(ValueError, match=message_naming("ObjectANCFCable2D", "nodeNumbers",
                                                        "NodePoint2D", "NodePoint2DSlope1")):
        mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], length=1.0))
        mbs.Assemble()


# ------------------------------------------------------------------ the same model in Exudyn

def _dynamic_tip(lib, n_steps=100):
    """the cantilever under gravity and a tip load, released from the straight configuration:
    tip position after n_steps generalized-alpha steps (rho 0.9, h = 1e-4, full Newton)"""
    mbs, nodes, _ = cantilever(lib, tip_force=(0.5, -2.0), gravity=(0, -9.81, 0))
    s = em.default_settings(lib)
    s.timeIntegration.endTime = n_steps * 1e-4
    s.timeIntegration.numberOfSteps = n_steps
    s.timeIntegration.newton.relativeTolerance = 1e-10
    mbs.SolveDynamic(s)
    return np.asarray(mbs.GetNodeOutput(nodes[-1], lib.OutputVariableType.Position))


def test_same_as_exudyn():
    """Exudyn 1.13.6 and coordyn, same model and settings: static tip deflection to 1e-10
    relative, dynamic tip position after 100 steps to 1e-8"""
    pytest.importorskip("exudyn")
    ex = em.exudyn_lib()
    for kw in (dict(), dict(reduced=1), dict(tip_force=(-3.0, -0.05))):
        a, b = static_tip(cd, **kw), static_tip(ex, **kw)
        assert np.linalg.norm(a - b) <= 1e-10 * np.linalg.norm(b), (kw, a, b)
    a, b = _dynamic_tip(cd), _dynamic_tip(ex)
    u0 = np.array([L_TOT, 0, 0])
    assert np.linalg.norm(a - b) <= 1e-8 * np.linalg.norm(b - u0), (a, b)


# ------------------------------------------------------------------ cable pendulum: energy

GAUSS = {n: np.polynomial.legendre.leggauss(n) for n in (3, 5)}


def hermite_d(x, L):
    """first and second derivatives of the Hermite shape functions"""
    xi = x / L
    Sx = np.array([(-6 * xi + 6 * xi**2) / L, 1 - 4 * xi + 3 * xi**2, (6 * xi - 6 * xi**2) / L,
                   -2 * xi + 3 * xi**2])
    Sxx = np.array([(-6 + 12 * xi) / L**2, (-4 + 6 * xi) / L, (6 - 12 * xi) / L**2,
                    (-2 + 6 * xi) / L])
    return Sx, Sxx


def elastic_energy(qe, le, EA, EI):
    """the quadrature of EA eps^2/2 (5 Gauss points) + EI K^2/2 (3 points), the rules of the
    forces (useReducedOrderIntegration = 0), whose gradient the elastic forces are"""
    Q = qe.reshape(4, 2)
    U = 0.0
    for n, which in ((5, 0), (3, 1)):
        xg, wg = GAUSS[n]
        for x, w in zip(0.5 * le * (xg + 1), 0.5 * le * wg):
            Sx, Sxx = hermite_d(x, le)
            a, b = Sx @ Q, Sxx @ Q
            if which == 0:
                U += w * 0.5 * EA * (np.hypot(*a) - 1)**2
            else:
                U += w * 0.5 * EI * ((a[0] * b[1] - a[1] * b[0]) / (a @ a))**2
    return U


def pendulum(h, T, n_el=8, L=1.0, rhoA=1.0, EI=1.0, EA=1e3, g=9.81):
    """the pinned cable; returns (energy at 0, energy at T, tip position at T, mbs)"""
    mbs = new_system()
    le = L / n_el
    nodes = [mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[i * le, 0, 1, 0]))
             for i in range(n_el + 1)]
    els = []
    for i in range(n_el):
        els.append(mbs.AddObject(cd.ObjectANCFCable2D(
            nodeNumbers=[nodes[i], nodes[i + 1]], length=le, massPerLength=rhoA,
            bendingStiffness=EI, axialStiffness=EA)))
        mm = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=els[-1]))
        mbs.AddLoad(cd.Gravity(markerNumber=mm, loadVector=[0, -g, 0]))
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j in (0, 1):
        mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mc]))
    mbs.Assemble()
    qref = mbs.systemData.GetODE2Coordinates(cd.ConfigurationType.Reference)
    ints = np.array([le / 2, le**2 / 12, le / 2, -le**2 / 12])   # int S dx

    def energy():
        q, v = mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t()
        qt = qref + q
        E = 0.0
        for k, e in enumerate(els):
            idx = np.arange(4 * k, 4 * k + 8)     # element k: coordinates of nodes k, k + 1
            M = mbs._core.object_parts(int(e))["M"]
            E += 0.5 * v[idx] @ M @ v[idx] + elastic_energy(qt[idx], le, EA, EI)
            E += rhoA * g * ints @ qt[idx][1::2]
        return E
    E0 = energy()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(T / h))
    s.timeIntegration.endTime = T
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.0
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.progressBar = False
    mbs.SolveDynamic(s)
    tip = mbs.GetNodeOutput(nodes[-1], cd.OutputVariableType.Position)
    return E0, energy(), tip, mbs


def test_cable_pendulum_energy_second_order():
    """a cable (8 elements) pinned at one end (x, y of node 0), released horizontally under
    gravity; Newmark with gamma = 1/2 (spectral radius 1) and index-2 constraints: the total
    energy (kinetic from the mass matrix, gravity, elastic = the quadrature whose gradient the
    elastic forces are) is conserved to second order in h over 0.3 s"""
    drift, tips = [], []
    for h in (2e-3, 1e-3, 5e-4):
        E0, E1, tip, _ = pendulum(h, 0.3)
        drift.append(abs(E1 - E0) / (9.81 * 0.5))     # relative to m g L / 2
        tips.append(tip)
    assert drift[1] < 1e-5, drift
    orders = np.log2(np.array(drift[:-1]) / np.array(drift[1:]))
    assert np.all((orders > 1.8) & (orders < 2.3)), (drift, orders)
    assert np.linalg.norm(tips[0][:2]) > 0.9           # it fell: tip far from the pin, below it
    assert tips[-1][1] < -0.5


# ------------------------------------------------------------------ coordyn.beams

def _generated(lib, gen, n_el=8):
    mbs = lib.SystemContainer().AddSystem()
    t = lib.ObjectANCFCable2D(massPerLength=2.0, bendingStiffness=0.5, axialStiffness=1e3,
                              useReducedOrderIntegration=1)
    info = gen(mbs, [0.2, 0.1, 0], [1.2, 0.6, 0], n_el, t, massProportionalLoad=[0, -9.81, 0],
               fixedConstraintsNode0=[1, 1, 0, 1], fixedConstraintsNode1=None)
    if hasattr(mbs, "Assemble"):
        mbs.Assemble()
    s = em.default_settings(lib)
    s.staticSolver.numberOfLoadSteps = 10
    mbs.SolveStatic(s)
    tip = np.asarray(mbs.GetNodeOutput(info[0][-1], lib.OutputVariableType.Position))
    src = mbs if hasattr(mbs, "NumberOfNodes") else mbs.systemData   # Exudyn: on systemData
    counts = (src.NumberOfNodes(), src.NumberOfObjects(), src.NumberOfMarkers(),
              src.NumberOfLoads())
    return info, tip, counts


def test_generate_straight_line_cable():
    """coordyn.beams.GenerateStraightLineANCFCable2D: an inclined cantilever under gravity;
    the items, their numbers and the static tip position as Exudyn's exudyn.beams function"""
    info, tip, counts = _generated(cd, cd.beams.GenerateStraightLineANCFCable2D)
    nodes, objs, loads, pos, cons = info
    assert (len(nodes), len(objs), len(loads), len(pos), len(cons)) == (9, 8, 8, 9, 3)
    assert counts == (10, 11, 12, 8)
    np.testing.assert_allclose(pos[-1], [1.2, 0.6, 0])
    assert tip[1] < 0.6
    pytest.importorskip("exudyn")
    import warnings
    import exudyn.beams
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        info_e, tip_e, counts_e = _generated(em.exudyn_lib(),
                                             exudyn.beams.GenerateStraightLineANCFCable2D)
    assert [[int(i) for i in x] for x in (info[0], info[1], info[2], info[4])] == \
        [[int(i) for i in x] for x in (info_e[0], info_e[1], info_e[2], info_e[4])]
    assert counts == counts_e
    u0 = np.array([1.2, 0.6, 0])
    assert np.linalg.norm(tip - tip_e) <= 1e-10 * np.linalg.norm(tip_e - u0), (tip, tip_e)
    np.testing.assert_allclose(info[3], info_e[3], rtol=0, atol=1e-15)


# ------------------------------------------------------------------ outputs at axial positions

CABLE_OUTPUTS = ("Position", "Displacement", "Velocity", "Rotation", "Director1", "StrainLocal",
                 "CurvatureLocal", "ForceLocal", "TorqueLocal")


def _bent_outputs(lib, n_el=8):
    """a cantilever with prestrain and precurvature under a tip load of P L^2 / EI = 1 (10 load
    steps); the body outputs of element 2 at x = 0, L/3 and L"""
    mbs = lib.SystemContainer().AddSystem()
    le = L_TOT / n_el
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[i * le, 0.0, 1.0, 0.0]))
             for i in range(n_el + 1)]
    els = [mbs.AddObject(lib.ObjectANCFCable2D(
        nodeNumbers=[nodes[i], nodes[i + 1]], length=le, massPerLength=RHOA,
        bendingStiffness=EI, axialStiffness=200.0, referenceAxialStrain=0.01,
        referenceCurvature=0.3)) for i in range(n_el)]
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j in (0, 1, 3):
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    mt = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mt, loadVector=[0, -EI / L_TOT**2, 0]))
    if hasattr(mbs, "Assemble"):
        mbs.Assemble()
    s = em.default_settings(lib)
    s.staticSolver.numberOfLoadSteps = 10
    mbs.SolveStatic(s)
    OV = lib.OutputVariableType
    return {(name, x): np.atleast_1d(np.asarray(mbs.GetObjectOutputBody(
        els[2], getattr(OV, name), localPosition=[x, 0, 0]), dtype=float))
        for name in CABLE_OUTPUTS for x in (0.0, le / 3, le)}


def test_outputs_at_axial_positions():
    """Rotation, Director1, StrainLocal, CurvatureLocal, ForceLocal, TorqueLocal: their
    definitions; and the same values as Exudyn 1.13.6 (1e-9 of each output's scale)"""
    out = _bent_outputs(cd)
    le = L_TOT / 8
    for x in (0.0, le / 3, le):
        d = out[("Director1", x)]
        assert d[2] == 0
        assert abs(out[("Rotation", x)][0] - np.arctan2(d[1], d[0])) < 1e-15
        assert abs(out[("StrainLocal", x)][0] - (np.hypot(d[0], d[1]) - 1)) < 1e-15
        N, eps = out[("ForceLocal", x)][0], out[("StrainLocal", x)][0]
        M, K = out[("TorqueLocal", x)][0], out[("CurvatureLocal", x)][0]
        assert abs(N - 200.0 * (eps - 0.01)) < 1e-12 and abs(M - EI * (K - 0.3)) < 1e-12
    assert out[("Rotation", le)][0] < out[("Rotation", 0.0)][0] < 0     # bends down, more
    pytest.importorskip("exudyn")
    ref = _bent_outputs(em.exudyn_lib())
    for key, v in out.items():
        scale = max(np.abs(ref[key]).max(), 1e-3)
        assert v.shape == ref[key].shape, key
        assert np.abs(v - ref[key]).max() <= 1e-9 * scale, (key, v, ref[key])


def test_section_forces_of_the_small_cantilever():
    """tip load P: bending moment P (L - X) at distance X from the clamp; axial load: N = P"""
    mbs, nodes, els = cantilever(cd)
    mbs.SolveStatic(em.default_settings(cd))
    le = L_TOT / N_EL
    for e in (0, 7, 15):
        for x in (0.0, 0.5 * le, le):
            X = e * le + x
            M = mbs.GetObjectOutputBody(els[e], ov.TorqueLocal, localPosition=[x, 0, 0])
            err = abs(abs(float(np.ravel(M)[0])) - P_SMALL * (L_TOT - X))
            assert err < 1e-6 * P_SMALL * L_TOT, (e, x, err)
    mbs, nodes, els = cantilever(cd, tip_force=(10.0, 0.0))
    mbs.SolveStatic(em.default_settings(cd))
    for e in (0, 15):
        N = mbs.GetObjectOutputBody(els[e], ov.ForceLocal, localPosition=[0.3 * le, 0, 0])
        assert abs(float(np.ravel(N)[0]) - 10.0) < 1e-9
    with pytest.raises(ValueError, match=message_naming("ObjectANCFCable2D", "[x, 0, 0]")):
        mbs.GetObjectOutputBody(els[0], ov.Position, localPosition=[0.0, 0.1, 0])
    with pytest.raises(ValueError, match=message_naming("SensorBody", "localPosition")):
        mbs.AddSensor(cd.SensorBody(bodyNumber=els[0], localPosition=[0, 0.1, 0],
                                    outputVariableType=ov.Position))
        mbs.Assemble()
    sn = mbs.AddSensor(cd.SensorBody(bodyNumber=els[0], localPosition=[0, 0, 0],
                                     outputVariableType=ov.ForceLocal))
    assert sn is not None


# ------------------------------------------------------------------ large deflection: elastica

# Mattiasson (1981), cantilever with a tip load P perpendicular to the undeformed axis:
# horizontal and vertical tip displacement / L for P L^2 / EI = 1 and 10
MATTIASSON = {1.0: (0.05643, 0.30172), 10.0: (0.55500, 0.81061)}


@pytest.mark.parametrize("k", sorted(MATTIASSON))
def test_elastica_large_deflection(k):
    """32 elements, EA = 1e5 EI / L^2 (nearly inextensible: the stretch changes the tip by about
    1e-4), one load step from the straight configuration with the default Newton settings: the
    tip displacements are the published elastica values within 1e-3 relative. Measured: 1 load
    step, 6 (PL^2/EI = 1) and 8 (10) Newton iterations; before the static solver stopped
    calling residual growth divergence and the tolerance respected the round-off floor of the
    axial terms, this needed absoluteTolerance 1e-6 and 36 load steps (29 rejected)."""
    EIk = 1.0
    mbs = new_system()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=EIk, axialStiffness=1e5 * EIk)
    nodes = cd.beams.GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [L_TOT, 0, 0], 32, t,
                                                     fixedConstraintsNode0=[1, 1, 0, 1])[0]
    mt = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mt, loadVector=[0, -k * EIk / L_TOT**2, 0]))
    mbs.Assemble()
    s = em.default_settings(cd)
    s.staticSolver.numberOfLoadSteps = 1
    mbs.SolveStatic(s)
    st = mbs.GetSolverStatistics()
    assert st["steps"] == 1 and st["rejectedSteps"] == 0 and st["newtonIterations"] <= 10, st
    u = mbs.GetNodeOutput(nodes[-1], ov.Displacement)
    uh, uv = MATTIASSON[k]
    assert abs(-u[0] / L_TOT - uh) <= 1e-3 * uh, (u, uh)
    assert abs(-u[1] / L_TOT - uv) <= 1e-3 * uv, (u, uv)


# ------------------------------------------------------------------ joints on the cable

def test_cable_hinged_by_joints():
    """a RevoluteJoint2D between ground and MarkerBodyPosition at x = 0 of the first element is
    the pin of CoordinateConstraints on x, y of the first node (same motion to round-off); a
    cable hinged at the middle of its second element to a rigid crank: the joint's analytic
    Jacobian matches the numerical one and the two points stay together (index 3)"""
    def pendulum_cable(use_joint):
        mbs = new_system()
        t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=1e3)
        nodes, els, *_ = cd.beams.GenerateStraightLineANCFCable2D(
            mbs, [0, 0, 0], [1, 0, 0], 4, t, massProportionalLoad=[0, -9.81, 0],
            fixedConstraintsNode0=None if use_joint else [1, 1, 0, 0])
        if use_joint:
            m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=mbs.AddObject(cd.ObjectGround())))
            m1 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=els[0], localPosition=[0, 0, 0]))
            mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[m0, m1]))
        mbs.Assemble()
        s = em.default_settings(cd)
        s.timeIntegration.endTime = 0.3
        s.timeIntegration.numberOfSteps = 300
        mbs.SolveDynamic(s)
        return mbs.GetNodeOutput(nodes[-1], ov.Position)
    a, b = pendulum_cable(False), pendulum_cable(True)
    assert np.linalg.norm(a - b) < 1e-12 and a[1] < -0.3

    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround())
    nc = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0]))
    crank = mbs.AddObject(cd.RigidBody2D(mass=1.0, inertia=0.1, nodeNumber=nc))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    mc0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[0, 0, 0]))
    mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[mg, mc0]))
    t = cd.ObjectANCFCable2D(massPerLength=0.5, bendingStiffness=0.5, axialStiffness=1e3)
    le = 0.25
    nodes, els, *_ = cd.beams.GenerateStraightLineANCFCable2D(
        mbs, [0.3 - 1.5 * le, 0, 0], [0.3 + 2.5 * le, 0, 0], 4, t,
        massProportionalLoad=[0, -9.81, 0], fixedConstraintsNode0=None,
        fixedConstraintsNode1=None)
    mc1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[0.3, 0, 0]))
    mcab = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=els[1], localPosition=[le / 2, 0, 0]))
    hinge = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[mc1, mcab]))
    sens = [mbs.AddSensor(cd.SensorMarker(markerNumber=m, outputVariableType=ov.Position,
                                          storeInternal=True)) for m in (mc1, mcab)]
    mbs.Assemble()
    rng = np.random.default_rng(5)
    q0 = mbs.systemData.GetODE2Coordinates()
    mbs.systemData.SetODE2Coordinates(q0 + 0.02 * rng.standard_normal(q0.size))
    check_jacobian(mbs, hinge)
    mbs.systemData.SetODE2Coordinates(q0)
    s = em.default_settings(cd)
    s.timeIntegration.endTime = 0.2
    s.timeIntegration.numberOfSteps = 200
    mbs.SolveDynamic(s)
    p1, p2 = (np.array(mbs.GetSensorStoredData(k)) for k in sens)
    assert np.abs(p1[:, 1:] - p2[:, 1:]).max() < 1e-10
    assert p1[-1, 2] < -0.03                                     # the crank turned (gravity)
