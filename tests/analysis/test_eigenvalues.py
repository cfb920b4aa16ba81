"""Linearized analysis (mbs.ComputeLinearizedSystem, mbs.ComputeODE2Eigenvalues) against closed
forms: a spring-mass chain, cantilever bending frequencies of the ANCF cable and the
geometrically exact 2D beam, a pendulum about its hanging equilibrium; against Exudyn 1.13.6 on
the same models; sparse against dense; bad input."""
import types
import warnings

import numpy as np
import pytest

import coordyn as cd

pytest.importorskip("scipy")

# clamped-free Euler-Bernoulli beam: (beta_n L)^2, omega_n = (beta_n L)^2 sqrt(EI/(rhoA L^4))
BETAL2 = np.array([3.51601526, 22.0344916, 61.6972144, 120.901916])


def coordyn_lib():
    lib = types.SimpleNamespace(**{k: getattr(cd, k) for k in dir(cd) if not k.startswith("_")})
    lib.beams = cd.beams
    return lib


def exudyn_lib():
    pytest.importorskip("exudyn")
    import exudyn.beams
    from exudyn_models import exudyn_lib as ex
    lib = ex()
    lib.beams = exudyn.beams
    return lib


# ------------------------------------------------------------------ models (both libraries)

def spring_chain(lib, n=6, k=150.0, m=2.0, d=0.0):
    """n point masses on a line, each tied to its neighbour by a spring k (the first to the
    ground), the last end free; motion along x only (y, z removed by constrainedCoordinates)."""
    mbs = lib.SystemContainer().AddSystem()
    g = mbs.AddObject(lib.ObjectGround())
    prev = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=g))
    for i in range(n):
        nd = mbs.AddNode(lib.NodePoint(referenceCoordinates=[i + 1.0, 0, 0]))
        mbs.AddObject(lib.MassPoint(mass=m, nodeNumber=nd))
        mk = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nd))
        mbs.AddObject(lib.SpringDamper(markerNumbers=[prev, mk], stiffness=k, damping=d,
                                       referenceLength=1.0))
        prev = mk
    mbs.Assemble()
    return mbs


def chain_closed_form(n, k, m):
    """omega_j^2 of a fixed-free chain of n equal masses and springs"""
    j = np.arange(1, n + 1)
    return 4 * k / m * np.sin((2 * j - 1) * np.pi / (2 * (2 * n + 1))) ** 2


def cable(lib, n=16, EI=1.0, rhoA=1.0, L=1.0, EA=1e6, clamp_by_constraints=True):
    mbs = lib.SystemContainer().AddSystem()
    t = lib.ObjectANCFCable2D(massPerLength=rhoA, bendingStiffness=EI, axialStiffness=EA)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Exudyn: deprecated generator
        lib.beams.GenerateStraightLineANCFCable2D(
            mbs, [0, 0, 0], [L, 0, 0], n, t,
            fixedConstraintsNode0=[1, 1, 0, 1] if clamp_by_constraints else [0, 0, 0, 0])
    mbs.Assemble()
    return mbs


def ge_beam(lib, n=16, nodes_per_element=2, EI=1.0, rhoA=1.0, L=1.0, EA=1e6):
    """geometrically exact 2D beam; shear stiffness = axial stiffness (shear-rigid against
    bending), rotary inertia rhoA I/A = rhoA EI/EA (the consistent value, small)"""
    mbs = lib.SystemContainer().AddSystem()
    t = lib.ObjectBeamGeometricallyExact2D(
        massPerLength=rhoA, crossSectionInertia=rhoA * EI / EA, bendingStiffness=EI,
        axialStiffness=EA, shearStiffness=EA, nodeNumbers=[0] * nodes_per_element)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Exudyn: GenerateStraightBeam is deprecated
        lib.beams.GenerateStraightBeam(mbs, [0, 0, 0], [L, 0, 0], n, t,
                                       fixedConstraintsNode0=[1, 1, 1])
    mbs.Assemble()
    return mbs


def pendulum(lib, L=1.5, m=0.7, g=9.81):
    """a point mass hanging at distance L below the ground origin, on a distance constraint"""
    mbs = lib.SystemContainer().AddSystem()
    gr = mbs.AddObject(lib.ObjectGround())
    nd = mbs.AddNode(lib.NodePoint2D(referenceCoordinates=[0, -L]))
    body = mbs.AddObject(lib.MassPoint2D(mass=m, nodeNumber=nd))
    m0 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=gr))
    m1 = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nd))
    mbs.AddObject(lib.DistanceConstraint(markerNumbers=[m0, m1], distance=L))
    mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=body))
    mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=[0, -g, 0]))
    mbs.Assemble()
    return mbs


def bending_omegas(mbs, count=4, **kw):
    ev, _ = mbs.ComputeODE2Eigenvalues(**kw)
    return np.sqrt(ev[:count])


# ------------------------------------------------------------------ (a) spring-mass chain

def test_spring_chain_closed_form():
    n, k, m = 6, 150.0, 2.0
    mbs = spring_chain(cd, n, k, m)
    M, K, D = mbs.ComputeLinearizedSystem()
    assert M.shape == K.shape == D.shape == (3 * n, 3 * n)
    np.testing.assert_allclose(np.diag(M), m)
    np.testing.assert_allclose(K[0::3, 0::3], k * (2 * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1)
                                                  - np.diag([0] * (n - 1) + [1])), atol=1e-9)
    assert np.all(D == 0)
    # y, z have neither mass coupling nor stiffness: remove them
    yz = [i for i in range(3 * n) if i % 3]
    ev, V = mbs.ComputeODE2Eigenvalues(constrainedCoordinates=yz)
    ref = chain_closed_form(n, k, m)
    np.testing.assert_allclose(ev, ref, rtol=1e-12)
    assert V.shape == (3 * n, n) and np.all(V[yz] == 0)
    for j in range(n):  # K v = omega^2 M v in all coordinates
        np.testing.assert_allclose(K @ V[:, j], ev[j] * (M @ V[:, j]), atol=1e-9 * ev[-1])
    # without removing: 2n zero eigenvalues first, then the chain's
    ev_all, V_all = mbs.ComputeODE2Eigenvalues()
    assert np.all(np.abs(ev_all[:2 * n]) < 1e-9) and V_all.shape == (3 * n, 3 * n)
    np.testing.assert_allclose(ev_all[2 * n:], ref, rtol=1e-12)
    hz, _ = mbs.ComputeODE2Eigenvalues(constrainedCoordinates=yz, convert2Frequencies=True,
                                       numberOfEigenvalues=2)
    np.testing.assert_allclose(hz, np.sqrt(ref[:2]) / (2 * np.pi), rtol=1e-12)


def test_spring_chain_damped_complex():
    """a single damped oscillator: complex eigenvalues -d/2m +- i sqrt(k/m - (d/2m)^2)"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    nd = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=2.0, nodeNumber=nd))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nd))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=200.0, damping=4.0,
                                  referenceLength=1.0))
    mbs.Assemble()
    M, K, D = mbs.ComputeLinearizedSystem()
    assert D[0, 0] == pytest.approx(4.0) and K[0, 0] == pytest.approx(200.0)
    ev, _ = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False,
                                       constrainedCoordinates=[1, 2])
    ref = -1.0 + 1j * np.sqrt(100.0 - 1.0)
    assert min(abs(ev - ref)) < 1e-10 and min(abs(ev - ref.conjugate())) < 1e-10


# ------------------------------------------------------------------ (b) cantilevers

def test_cable_cantilever_16_elements():
    """ANCF cable, 16 elements, clamped by coordinate constraints (SVD projection) and by
    constrainedCoordinates: the first four bending frequencies within 0.1 % (measured: 1e-7,
    5e-6, 4e-5, 1.5e-4)"""
    EI, rhoA, L = 2.0, 3.0, 1.5
    ref = BETAL2 * np.sqrt(EI / (rhoA * L ** 4))
    w = bending_omegas(cable(cd, 16, EI, rhoA, L))
    assert np.all(np.abs(w / ref - 1) < 1e-3), w / ref - 1
    assert np.all(np.abs(w / ref - 1)[:2] < 1e-5)  # the lowest modes far better
    w2 = bending_omegas(cable(cd, 16, EI, rhoA, L, clamp_by_constraints=False),
                        constrainedCoordinates=[0, 1, 3])
    np.testing.assert_allclose(w2, w, rtol=1e-9)


def test_ge_beam_cantilever():
    """geometrically exact 2D beam: the quadratic (3-node) element with 16 elements is within
    0.1 % for the first four bending modes (measured 4e-6 .. 3e-4); the linear 2-node element
    needs many more: 5.7 % on mode 4 with 16 elements, 0.33 % with 64 (second order)"""
    ref = BETAL2
    w3 = bending_omegas(ge_beam(cd, 16, 3))
    assert np.all(np.abs(w3 / ref - 1) < 1e-3), w3 / ref - 1
    e16 = np.abs(bending_omegas(ge_beam(cd, 16, 2)) / ref - 1)
    e64 = np.abs(bending_omegas(ge_beam(cd, 64, 2)) / ref - 1)
    assert e16[3] < 0.07 and e64[3] < 5e-3
    assert e64[3] < e16[3] / 10  # second-order convergence (factor 16 ideally)


def free_free_omegas(mbs, n_rigid=3):
    """the first two elastic frequencies of a free-free planar beam (after its n_rigid
    rigid-body modes, which must come out as zero)"""
    w2, _ = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=n_rigid + 2, useSparseSolver=True)
    assert np.all(np.abs(w2[:n_rigid]) < 1e-6 * w2[n_rigid])
    return np.sqrt(w2[n_rigid:n_rigid + 2])


FREE_FREE = np.array([4.730040745, 7.853204624]) ** 2


def test_free_free_beams_16_elements():
    """free-free beams of 16 elements: the first two bending frequencies (beta L = 4.730040745,
    7.853204624) within 0.1 % for the ANCF cable (measured 5.2e-6, 3.9e-5) and the quadratic
    geometrically exact element (measured -1.5e-5, 4.2e-5); three rigid-body modes at zero"""
    for mbs in (cable(cd, 16, 1.0, 1.0, 1.0, clamp_by_constraints=False),):
        w = free_free_omegas(mbs)
        assert np.all(np.abs(w / FREE_FREE - 1) < 1e-3), w / FREE_FREE - 1
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectBeamGeometricallyExact2D(massPerLength=1.0, crossSectionInertia=1e-6,
                                          bendingStiffness=1.0, axialStiffness=1e6,
                                          shearStiffness=1e6, nodeNumbers=[0] * 3)
    cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [1, 0, 0], 16, t)
    mbs.Assemble()
    w = free_free_omegas(mbs)
    assert np.all(np.abs(w / FREE_FREE - 1) < 1e-3), w / FREE_FREE - 1


def ge_beam_3d(n, EI=1.0, rhoA=1.0, EA=1e6):
    mbs = cd.SystemContainer().AddSystem()
    sec = cd.BeamSection()
    sec.massPerLength = rhoA
    sec.inertia = np.diag([2, 1, 1]) * rhoA * EI / EA
    sec.stiffnessMatrix = np.diag([EA, EA, EA, 2 * EI, EI, EI])
    cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [1, 0, 0], n,
                                  cd.ObjectBeamGeometricallyExact(sectionData=sec),
                                  fixedConstraintsNode0=[1] * 6)
    mbs.Assemble()
    return mbs


@pytest.mark.skipif(not hasattr(cd, "ObjectBeamGeometricallyExact"), reason="no 3D beam")
def test_ge_beam_3d_cantilever():
    """the 3D geometrically exact beam (linear element, rotation vector nodes on the Lie group,
    clamped by a generic joint): bending modes in equal y/z pairs, with the 2D linear element's
    errors (16 elements: 5e-4 .. 5.7 % on modes 1..4; 64: 2.5e-5 .. 0.33 %)"""
    for n, tol in ((16, (1e-3, 0.07)), (64, (5e-5, 5e-3))):
        w = bending_omegas(ge_beam_3d(n), count=8, numberOfEigenvalues=8)
        np.testing.assert_allclose(w[0::2], w[1::2], rtol=1e-6)   # y and z
        err = np.abs(w[0::2] / BETAL2 - 1)
        assert err[0] < tol[0] and err[3] < tol[1], (n, err)


# ------------------------------------------------------------------ (c) pendulum

def static_settings():
    s = cd.SimulationSettings()
    # at zero multipliers the hanging pendulum has no stiffness across the link: the
    # mass-proportional stabilizer carries the first load step
    s.staticSolver.stabilizerODE2term = 1.0
    s.staticSolver.numberOfLoadSteps = 2
    return s


def test_pendulum_about_equilibrium():
    """omega^2 = g/L from the constraint's geometric stiffness at the equilibrium multiplier:
    SolveStatic(updateInitialValues=True) stores the equilibrium (coordinates and multipliers)
    as the initial configuration, which the linearization uses"""
    L, m, g = 1.5, 0.7, 9.81
    mbs = pendulum(cd, L, m, g)
    # before: zero initial multipliers, no stiffness at all (as Exudyn)
    ev0, _ = mbs.ComputeODE2Eigenvalues()
    assert abs(ev0[0]) < 1e-12
    mbs.SolveStatic(static_settings(), updateInitialValues=True)
    lam = mbs.systemData.GetAECoordinates(cd.ConfigurationType.Initial)
    assert abs(abs(lam[0]) - m * g) < 1e-9  # the link's tension m g
    ev, V = mbs.ComputeODE2Eigenvalues()
    assert ev.shape == (1,) and V.shape == (2, 1)
    assert ev[0] == pytest.approx(g / L, rel=1e-10)
    assert abs(V[1, 0]) < 1e-12 and abs(abs(V[0, 0]) - 1 / np.sqrt(m)) < 1e-12  # horizontal
    M, K, D, C, N = mbs.ComputeLinearizedSystem(returnConstraintJacobian=True,
                                                returnConstraintNullspace=True)
    assert C.shape == (2, 1) and N.shape == (1, 2)
    assert abs(abs(C[1, 0]) - 1) < 1e-12 and abs(C[0, 0]) < 1e-12
    # d(C_q^T lambda)/dq = (lambda / L) (I - e e^T), e the link's direction (vertical)
    np.testing.assert_allclose(K, [[m * g / L, 0], [0, 0]], atol=1e-9)
    Mp, Kp, Dp = mbs.ComputeLinearizedSystem(projectIntoConstraintNullspace=True)[:3]
    assert Kp[0, 0] / Mp[0, 0] == pytest.approx(g / L, rel=1e-10)
    # the sparse saddle-point path
    evs, Vs = mbs.ComputeODE2Eigenvalues(useSparseSolver=True, numberOfEigenvalues=1)
    assert evs[0] == pytest.approx(g / L, rel=1e-9)
    assert abs(Vs[1, 0]) < 1e-9


def test_pendulum_rigid_body_revolute():
    """a 2D rigid bar on a revolute joint at its end, hanging: omega^2 = m g d / J_pivot,
    J_pivot = J_c + m d^2 (physical pendulum)"""
    mbs = cd.SystemContainer().AddSystem()
    m, l, g = 2.0, 0.8, 9.81
    d = l / 2
    Jc = m * l ** 2 / 12
    gr = mbs.AddObject(cd.ObjectGround())
    nd = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, -d, 0]))
    body = mbs.AddObject(cd.ObjectRigidBody2D(physicsMass=m, physicsInertia=Jc, nodeNumber=nd))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr, localPosition=[0, 0, 0]))
    mb = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=body, localPosition=[0, d, 0]))
    mbs.AddObject(cd.ObjectJointRevolute2D(markerNumbers=[mg, mb]))
    mm = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mm, loadVector=[0, -g, 0]))
    mbs.Assemble()
    mbs.SolveStatic(static_settings(), updateInitialValues=True)
    ev, V = mbs.ComputeODE2Eigenvalues()
    assert ev.shape == (1,)
    assert ev[0] == pytest.approx(m * g * d / (Jc + m * d ** 2), rel=1e-8)


@pytest.mark.parametrize("node_type", list(cd.NodeType), ids=lambda t: t.name)
def test_pendulum_3d_rigid_body(node_type):
    """a 3D cuboid (CreateRigidBody) on a revolute joint about z through its top end, hanging:
    m g d / (J_c + m d^2) for every rotation parametrization (Euler parameters: the node's
    norm constraint is projected out too; rotation vector on the Lie group)"""
    mbs = cd.SystemContainer().AddSystem()
    a, l, g = 0.1, 0.8, 9.81
    d = l / 2
    inertia = cd.InertiaCuboid(density=1000, sideLengths=[a, l, a])
    m = inertia.Mass()
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, -d, 0],
                               gravity=[0, -g, 0], nodeType=node_type)
    ground = mbs.AddObject(cd.ObjectGround())
    mbs.CreateRevoluteJoint(bodyNumbers=[ground, body], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    mbs.SolveStatic(static_settings(), updateInitialValues=True)
    ev, V = mbs.ComputeODE2Eigenvalues()
    Jc = m * (l ** 2 + a ** 2) / 12
    assert ev.shape == (1,) and V.shape[1] == 1
    assert ev[0] == pytest.approx(m * g * d / (Jc + m * d ** 2), rel=1e-8)


# ------------------------------------------------------------------ (d) against Exudyn 1.13.6

@pytest.mark.parametrize("model,kw", [
    # numberOfEigenvalues: Exudyn 1.13.6 returns no eigenvectors for constrainedCoordinates
    # with the default numberOfEigenvalues=0 (coordyn returns all of them)
    (spring_chain, dict(constrainedCoordinates=[i for i in range(18) if i % 3],
                        numberOfEigenvalues=6)),
    (spring_chain, dict()),
    (cable, dict(numberOfEigenvalues=8)),
    (ge_beam, dict(numberOfEigenvalues=8)),
])
def test_same_as_exudyn(model, kw):
    ex = exudyn_lib()
    ev_c, V_c = model(coordyn_lib()).ComputeODE2Eigenvalues(**kw)
    ev_e, V_e = model(ex).ComputeODE2Eigenvalues(**kw)
    assert ev_c.shape == ev_e.shape and V_c.shape == V_e.shape
    scale = max(abs(ev_e))
    np.testing.assert_allclose(ev_c, ev_e, rtol=1e-6, atol=1e-9 * scale)
    Mc, Kc, Dc = model(coordyn_lib()).ComputeLinearizedSystem()[:3]
    Me, Ke, De = model(ex).ComputeLinearizedSystem()[:3]
    np.testing.assert_allclose(Mc, Me, rtol=0, atol=1e-12 * abs(Me).max())
    np.testing.assert_allclose(Kc, Ke, rtol=0, atol=1e-6 * abs(Ke).max())


def test_constrained_matrices_as_exudyn():
    """the constraint Jacobian (n2 x nae) and the null space, for the clamped cable"""
    ex = exudyn_lib()
    rc = cable(coordyn_lib(), 4).ComputeLinearizedSystem(returnConstraintJacobian=True,
                                                         returnConstraintNullspace=True)
    re = cable(ex, 4).ComputeLinearizedSystem(returnConstraintJacobian=True,
                                              returnConstraintNullspace=True)
    assert len(rc) == len(re) == 5
    np.testing.assert_allclose(abs(rc[3]), abs(re[3]), atol=1e-14)  # sign convention may differ
    assert rc[4].shape == re[4].shape
    # the same subspace: projectors agree
    np.testing.assert_allclose(rc[4].T @ rc[4], re[4].T @ re[4], atol=1e-12)
    pc = cable(coordyn_lib(), 4).ComputeLinearizedSystem(projectIntoConstraintNullspace=True)
    pe = cable(ex, 4).ComputeLinearizedSystem(projectIntoConstraintNullspace=True)
    assert len(pc) == len(pe) == 5 and pc[3] == pe[3] == [] and pc[4] == pe[4] == []


def test_damping_and_flags_as_exudyn():
    """D of a damped chain, and the length and entries of the returned list for every flag
    combination of ComputeLinearizedSystem on a constrained model, as Exudyn 1.13.6"""
    ex = exudyn_lib()
    Dc = spring_chain(coordyn_lib(), d=3.0).ComputeLinearizedSystem()[2]
    De = spring_chain(ex, d=3.0).ComputeLinearizedSystem()[2]
    assert abs(De).max() > 1
    np.testing.assert_allclose(Dc, De, atol=1e-12)
    for flags in [(a, b, c) for a in (0, 1) for b in (0, 1) for c in (0, 1)]:
        kw = dict(projectIntoConstraintNullspace=bool(flags[0]),
                  returnConstraintJacobian=bool(flags[1]),
                  returnConstraintNullspace=bool(flags[2]))
        rc = cable(coordyn_lib(), 3).ComputeLinearizedSystem(**kw)
        re = cable(ex, 3).ComputeLinearizedSystem(**kw)
        assert len(rc) == len(re), kw
        for a, b in zip(rc, re):
            if isinstance(b, list):
                assert a == b == [], kw
            else:
                assert np.shape(a) == np.shape(b), kw


def test_numerical_differentiation_setting():
    """staticSolver.newton.numericalDifferentiation.forODE2 = True: every Jacobian by forward
    differences; the eigenvalues agree with the analytic ones to the differences' accuracy"""
    mbs = cable(cd, 8, EA=1e4)
    ev_a, _ = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=4)
    s = cd.SimulationSettings()
    s.staticSolver.newton.numericalDifferentiation.forODE2 = True
    ev_n, _ = mbs.ComputeODE2Eigenvalues(simulationSettings=s, numberOfEigenvalues=4)
    np.testing.assert_allclose(ev_n, ev_a, rtol=1e-4)
    # really a different computation: the matrices differ (the eigenvalues agree to 1e-13
    # since the cable's strains are computed from positions relative to its first node)
    from coordyn.linearized import linearized_matrices
    Ka, Kn = linearized_matrices(mbs)[1], linearized_matrices(mbs, s)[1]
    assert abs(Ka - Kn).max() > 1e-11 * abs(Ka).max()  # measured 7e-10


def test_pendulum_exudyn_lacks_constraint_stiffness():
    """documented difference: with the equilibrium multiplier as initial AE coordinate, Exudyn
    1.13.6's K has no d(C_q^T lambda)/dq term, its pendulum eigenvalue is 0; coordyn's g/L"""
    ex = exudyn_lib()
    import exudyn
    L, m, g = 1.5, 0.7, 9.81
    mbs = pendulum(ex, L, m, g)
    mbs.systemData.SetAECoordinates([m * g], configuration=exudyn.ConfigurationType.Initial)
    ev_e, _ = mbs.ComputeODE2Eigenvalues()
    assert abs(ev_e[0]) < 1e-12
    mc = pendulum(cd, L, m, g)
    mc.systemData.SetAECoordinates([m * g], configuration=cd.ConfigurationType.Initial)
    ev_c, _ = mc.ComputeODE2Eigenvalues()
    assert ev_c[0] == pytest.approx(g / L, rel=1e-10)


# ------------------------------------------------------------------ (e) sparse = dense

def test_sparse_equals_dense_unconstrained():
    mbs = cable(cd, 40, clamp_by_constraints=False)
    cc = [0, 1, 3]
    ev_d, V_d = mbs.ComputeODE2Eigenvalues(constrainedCoordinates=cc, numberOfEigenvalues=6)
    ev_s, V_s = mbs.ComputeODE2Eigenvalues(constrainedCoordinates=cc, numberOfEigenvalues=6,
                                           useSparseSolver=True)
    # (1e-8: the lowest mode's eigenvalue is ill-conditioned in the dense eigh, as below)
    np.testing.assert_allclose(ev_s, ev_d, rtol=1e-7)
    M = mbs.ComputeLinearizedSystem()[0]
    for j in range(6):  # the same mode shapes (M-normalized, up to sign)
        assert abs(abs(V_s[:, j] @ M @ V_d[:, j]) - 1) < 1e-7
    # a free-free cable (rigid-body modes: K singular) works with the negative shift
    ev_f, _ = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=5, useSparseSolver=True)
    ev_fd, _ = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=5)
    np.testing.assert_allclose(ev_f[3:], ev_fd[3:], rtol=1e-8)
    assert np.all(np.abs(ev_f[:3]) < 1e-6 * ev_fd[3])


def test_sparse_equals_dense_constrained():
    """clamped by constraints: the sparse saddle-point shift-invert = the dense SVD projection.
    With EA / EI = 1e6 the dense eigh(K, M) (Cholesky of M, cond(M) ~ 5e6, |K| ~ EA) leaves a
    relative residual |N (K v - omega^2 M v)| / |omega^2 N M v| of 1.5e-5 on the first mode
    where shift-invert leaves 3e-8: they agree to 5e-6 there, better on the higher modes"""
    mbs = ge_beam(cd, 12, 3)
    ev_d, V_d = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=5)
    ev_s, V_s = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=5, useSparseSolver=True)
    np.testing.assert_allclose(ev_s, ev_d, rtol=1e-5)
    np.testing.assert_allclose(ev_s[2:], ev_d[2:], rtol=1e-7)
    M, K, D, C = mbs.ComputeLinearizedSystem(returnConstraintJacobian=True)
    # sparse eigenvectors satisfy the constraints
    assert np.abs(C.T @ V_s).max() < 1e-9 * np.abs(V_s).max()
    for j in range(5):
        assert abs(abs(V_s[:, j] @ M @ V_d[:, j]) - 1) < 1e-7


# ------------------------------------------------------------------ (f) bad input

def test_bad_input():
    mbs = spring_chain(cd, 3)
    with pytest.raises(ValueError, match="numberOfEigenvalues = 10 but the system has 9"):
        mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=10)
    with pytest.raises(ValueError, match="useSparseSolver=True .* set numberOfEigenvalues"):
        mbs.ComputeODE2Eigenvalues(useSparseSolver=True)
    with pytest.raises(ValueError, match="at most 8"):
        mbs.ComputeODE2Eigenvalues(useSparseSolver=True, numberOfEigenvalues=9)
    with pytest.raises(ValueError, match="constrainedCoordinates must be distinct"):
        mbs.ComputeODE2Eigenvalues(constrainedCoordinates=[9])
    with pytest.raises(ValueError, match="convert2Frequencies must be False"):
        mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, convert2Frequencies=True)
    with pytest.raises(TypeError, match="simulationSettings must be a coordyn.SimulationSettings"):
        mbs.ComputeODE2Eigenvalues(simulationSettings={})
    p = pendulum(cd)
    with pytest.raises(ValueError, match="either ignoreAlgebraicEquations=True or "
                                         "constrainedCoordinates"):
        p.ComputeODE2Eigenvalues(constrainedCoordinates=[0])
    with pytest.raises(ValueError, match="numberOfEigenvalues = 2 but the system has 1 degrees"):
        p.ComputeODE2Eigenvalues(numberOfEigenvalues=2)
    # not assembled: autoAssemble=False is an error, the default assembles with a warning
    mbs2 = cd.SystemContainer().AddSystem()
    nd = mbs2.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs2.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=nd))
    with pytest.raises(cd.SolverError, match="not assembled"):
        mbs2.ComputeODE2Eigenvalues(autoAssemble=False)
    with pytest.raises(cd.SolverError, match="not assembled"):
        mbs2.ComputeLinearizedSystem(autoAssemble=False)
    with pytest.warns(UserWarning, match="calling mbs.Assemble"):
        ev, _ = mbs2.ComputeODE2Eigenvalues()
    np.testing.assert_allclose(ev, 0, atol=1e-14)


def test_sparse_matrices_current_configuration():
    """linearized_matrices: scipy.sparse CSC at the initial or the current state; the pendulum
    after a static solve without updateInitialValues: the current state has the multiplier"""
    from coordyn.linearized import linearized_matrices
    L, m, g = 1.5, 0.7, 9.81
    mbs = pendulum(cd, L, m, g)
    mbs.SolveStatic(static_settings())
    Mi, Ki, Di, Ci = linearized_matrices(mbs)
    Mc, Kc, Dc, Cc = linearized_matrices(mbs, configuration=cd.ConfigurationType.Current)
    assert Ki.format == "csc" and Ki.nnz == 0  # initial multipliers zero: no stiffness
    assert Kc.format == "csc" and Kc[0, 0] == pytest.approx(m * g / L, rel=1e-9)
    assert Ci.shape == Cc.shape == (2, 1) and Ci.nnz == 1
    np.testing.assert_allclose(Mc.toarray(), m * np.eye(2))


def test_massless_coordinates():
    """a GE beam without rotary inertia: the mass matrix is singular; both paths say so and
    name the coordinates (the rotations, every third)"""
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectBeamGeometricallyExact2D(massPerLength=1, crossSectionInertia=0,
                                          bendingStiffness=1, axialStiffness=1e4,
                                          shearStiffness=1e4, nodeNumbers=[0, 0])
    cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [1, 0, 0], 4, t,
                                  fixedConstraintsNode0=[1, 1, 1])
    mbs.Assemble()
    msg = r"mass matrix is not positive definite; ODE2 coordinates without mass: \[2, 5, 8"
    with pytest.raises(ValueError, match=msg):
        mbs.ComputeODE2Eigenvalues()
    with pytest.raises(ValueError, match=msg):
        mbs.ComputeODE2Eigenvalues(useSparseSolver=True, numberOfEigenvalues=3)
    with pytest.raises(ValueError, match=msg):
        mbs.ComputeODE2Eigenvalues(ignoreAlgebraicEquations=True, constrainedCoordinates=[0, 1])


# ------------------------------------------------------------------ (g) accuracy and its warning

from coordyn.linearized import EigenvalueAccuracyWarning, EigenvalueErrorEstimates  # noqa: E402


def cantilever_cable(N, EA=1e4, angle=0.0, clamp=(1, 1, 0, 1)):
    """a 1 m ANCF cantilever (rhoA = EI = 1) of N elements along the direction angle"""
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=EA)
    cd.beams.GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [np.cos(angle), np.sin(angle), 0],
                                             N, t, fixedConstraintsNode0=list(clamp))
    mbs.Assemble()
    return mbs


def eigen_quiet(mbs, **kw):
    """(values, vectors, accuracy warnings)"""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        ev, V = mbs.ComputeODE2Eigenvalues(**kw)
    return ev, V, [x for x in w if issubclass(x.category, EigenvalueAccuracyWarning)]


def test_refined_eigenvalues_fine_cable():
    """400 elements (1604 coordinates): x^T K x of the first bending mode is a sum of terms
    1e11 times larger than omega_1^2, so the plain double-precision Rayleigh quotient of eigh
    is 5.4e-6 off the eigenvalue of the matrices (measured); with K x and M x in twice the
    working precision dense and sparse both give that eigenvalue and agree to 1e-12
    (measured 7.5e-13; 1.4e-8 from beam theory), without a warning"""
    mbs = cantilever_cable(400)
    ref = BETAL2 ** 2
    ev_d, _, wd = eigen_quiet(mbs, numberOfEigenvalues=4)
    ev_s, _, ws = eigen_quiet(mbs, numberOfEigenvalues=4, useSparseSolver=True)
    assert not wd and not ws
    np.testing.assert_allclose(ev_s, ev_d, rtol=1e-10)
    assert np.all(np.abs(ev_d / ref - 1) < 1e-6), ev_d / ref - 1


def test_accuracy_warning_fine_cable():
    """2000 elements: x^T K x is a sum of terms 6e13 times omega_1^2; the estimate from the
    round-off of K's entries is 1e-3 relative (typical 1.4e-4, bound 7e-3), so the sparse path
    warns naming eigenvalue 1 and the estimate. The actual error against beam theory is
    1.6e-7 (measured) for this model: the estimate assumes uncorrelated round-off and can be
    pessimistic by orders of magnitude (6000 here, 30 and 1.1 on the benchmark's cables of
    10^3 and 10^4 elements); the warning says the result may be off by that much."""
    mbs = cantilever_cable(2000)
    ev, V, w = eigen_quiet(mbs, numberOfEigenvalues=3, useSparseSolver=True,
                           constrainedCoordinates=[])
    assert len(w) == 1 and "eigenvalues 1 (omega^2 = 12.36" in str(w[0].message)
    from coordyn.linearized import linearized_matrices
    M, K = linearized_matrices(mbs)[:2]
    est, typ, bnd = EigenvalueErrorEstimates(K, M, ev, V)
    err = abs(ev[0] - BETAL2[0] ** 2)
    assert 1e-4 < est[0] / ev[0] < 1e-2 and err < 1e-6 * ev[0], (est / ev, err / ev[0])
    assert typ[0] < est[0] < bnd[0]


def test_accuracy_warning_stiff_axial_term():
    """a cable of 8 elements with EA = 1e14 EI/L^2, inclined by 30 degrees (clamped by all
    four coordinates of node 0): the axial stiffness EA/le enters the x and y rows, whose
    round-off is 1e13 times omega_1^2: warned on both paths, and really wrong (the first
    eigenvalue 32 instead of 12.37 of the same cable with EA = 1e10, which is not warned;
    the estimate is one of the entries' round-off, the element's own evaluation errors are
    larger here)"""
    clamp = (1, 1, 1, 1)
    ev0, _, w0 = eigen_quiet(cantilever_cable(8, 1e10, np.pi / 6, clamp), numberOfEigenvalues=2)
    assert not w0 and abs(ev0[0] / BETAL2[0] ** 2 - 1) < 1e-5
    mbs = cantilever_cable(8, 1e14, np.pi / 6, clamp)
    for sparse in (False, True):
        ev, V, w = eigen_quiet(mbs, numberOfEigenvalues=2, useSparseSolver=sparse)
        assert len(w) == 1 and "eigenvalues 1 (omega^2 = " in str(w[0].message), sparse
        assert abs(ev[0] / ev0[0] - 1) > 1e-3  # the warning is deserved


def test_free_free_zero_modes_do_not_warn():
    """free-free: the rigid-body eigenvalues come out as round-off (1e-7 with EA = 1e8), up to
    0.17 times their error bound and 1.2 times the estimate (measured, 1000 elements with
    EA = 1e6: an estimate-based zero test warned there): numerically zero, no warning (dense
    and sparse); the elastic ones agree. A free 3D rigid body: six exact zeros."""
    from coordyn.linearized import linearized_matrices
    for n, EA, sparse_only in ((16, 1e8, False), (1000, 1e6, True)):
        mbs = cantilever_cable(n, EA, np.pi / 6, clamp=(0, 0, 0, 0))
        M, K = linearized_matrices(mbs)[:2]
        res = []
        for sparse in (True,) if sparse_only else (False, True):
            ev, V, w = eigen_quiet(mbs, numberOfEigenvalues=6, useSparseSolver=sparse,
                                   useAbsoluteValues=False)
            assert not w, [str(x.message) for x in w]
            est, typ, bnd = EigenvalueErrorEstimates(K, M, ev, V)
            assert np.all(np.abs(ev[:3]) <= bnd[:3]) and np.all(np.abs(ev[3:]) > 1e3 * bnd[3:])
            res.append(ev[3:])
        # dense and sparse (ARPACK, which starts from a random vector): 1.8e-10 apart measured
        np.testing.assert_allclose(res[-1], res[0], rtol=1e-9)
    body = cd.SystemContainer().AddSystem()
    body.CreateRigidBody(inertia=cd.InertiaCuboid(density=1000, sideLengths=[0.1, 0.2, 0.3]),
                         referencePosition=[1, 2, 3])
    body.Assemble()
    ev, V, w = eigen_quiet(body)
    assert not w and np.all(np.abs(ev[:6]) < 1e-12)


# ------------------------------------------------------------------ (h) complex eigenvalues, stability

def damped_oscillator(m=2.0, k=200.0, d=4.0, lib=cd):
    mbs = lib.SystemContainer().AddSystem()
    g = mbs.AddObject(lib.ObjectGround())
    nd = mbs.AddNode(lib.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(lib.MassPoint(mass=m, nodeNumber=nd))
    m0 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nd))
    mbs.AddObject(lib.SpringDamper(markerNumbers=[m0, m1], stiffness=k, damping=d,
                                   referenceLength=1.0))
    mbs.Assemble()
    return mbs


def test_damped_oscillator_stability():
    """m x'' + d x' + k x = 0: lambda = -zeta omega +- i omega sqrt(1 - zeta^2), omega^2 = k/m,
    zeta = d / (2 sqrt(k m)); stable with max Re = -zeta omega; undamped (d = 0): marginal;
    negative stiffness: unstable with lambda = +sqrt(|k|/m)"""
    m, k, d = 2.0, 200.0, 4.0
    om, zeta = np.sqrt(k / m), d / (2 * np.sqrt(k * m))
    res = damped_oscillator(m, k, d).ComputeStability(constrainedCoordinates=[1, 2])
    assert res["stability"] == "stable"
    assert res["maxRealPart"] == pytest.approx(-zeta * om, rel=1e-12)
    assert abs(abs(res["eigenvalue"].imag) - om * np.sqrt(1 - zeta ** 2)) < 1e-10
    assert res["eigenValues"].shape == (2,) and res["mode"].shape == (6,)
    assert damped_oscillator(m, k, 0.0).ComputeStability(
        constrainedCoordinates=[1, 2])["stability"] == "marginal"
    r = damped_oscillator(m, -k, 0.0).ComputeStability(constrainedCoordinates=[1, 2])
    assert r["stability"] == "unstable" and r["maxRealPart"] == pytest.approx(om, rel=1e-12)


def rotor(Omega, k=30.0, Id=0.3, Ip=0.5, m=3.0, lib=cd, kt=None):
    """a rigid disk (polar inertia Ip about its axis z, diametral Id) spinning at Omega on
    Tait-Bryan coordinates (alpha, beta, gamma), tilted back by rotational springs k on alpha
    and beta (coordinate springs); translations and the spin angle removed by
    constrainedCoordinates=[0, 1, 2, 5] (or springs kt on x and y, then [2, 5])"""
    mbs = lib.SystemContainer().AddSystem()
    nd = mbs.AddNode(lib.NodeRigidBodyRxyz(referenceCoordinates=[0] * 6,
                                           initialVelocities=[0, 0, 0, 0, 0, Omega]))
    mbs.AddObject(lib.ObjectRigidBody(mass=m, inertia=[Id, Id, Ip, 0, 0, 0], nodeNumber=nd))
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for c in (3, 4) if kt is None else (0, 1, 3, 4):
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nd, coordinate=c))
        mbs.AddObject(lib.ObjectConnectorCoordinateSpringDamper(
            markerNumbers=[mg, mc], stiffness=k if c > 2 else kt))
    mbs.Assemble()
    return mbs


ROTOR_CC = [0, 1, 2, 5]


def test_gyroscopic_rotor_whirl():
    """Derivation. Kinetic energy of the symmetric rotor with R = Rx(alpha) Ry(beta) Rz(gamma):
    T = Id/2 (w_x^2 + w_y^2) + Ip/2 w_z^2 with w_x^2 + w_y^2 = alpha'^2 cos^2 beta + beta'^2 and
    w_z = gamma' + alpha' sin beta. To second order about alpha = beta = 0, gamma' = Omega:
    T = Id/2 (alpha'^2 + beta'^2) + Ip/2 (Omega + alpha' beta)^2, V = k/2 (alpha^2 + beta^2).
    Lagrange: Id alpha'' + Ip Omega beta' + k alpha = 0, Id beta'' - Ip Omega alpha' + k beta = 0
    (D = Ip Omega [[0, 1], [-1, 0]], gyroscopic). With e^(lambda t), lambda = i w:
    (k - Id w^2)^2 = (Ip Omega w)^2, so Id w^2 +- Ip Omega w - k = 0 and the forward and
    backward whirl w_f,b = (+-Ip Omega + sqrt(Ip^2 Omega^2 + 4 Id k)) / (2 Id). Dense and
    sparse (2 of the 4 eigenvalues of smallest magnitude: the backward pair) agree."""
    Id, Ip, k, Om = 0.3, 0.5, 30.0, 10.0
    mbs = rotor(Om, k, Id, Ip)
    M, K, D = mbs.ComputeLinearizedSystem()
    np.testing.assert_allclose(D[3:5, 3:5], Ip * Om * np.array([[0, 1], [-1, 0]]), atol=1e-9)
    r = np.sqrt(Ip ** 2 * Om ** 2 + 4 * Id * k)
    wf, wb = (Ip * Om + r) / (2 * Id), (-Ip * Om + r) / (2 * Id)
    ev, V = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False,
                                       constrainedCoordinates=ROTOR_CC)
    assert V.shape == (12, 4)
    np.testing.assert_allclose(np.sort(ev.imag), [-wf, -wb, wb, wf], rtol=1e-10)
    assert np.abs(ev.real).max() < 1e-10 * wf
    evs, Vs = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False,
                                         constrainedCoordinates=ROTOR_CC, useSparseSolver=True,
                                         numberOfEigenvalues=2)
    assert Vs.shape == (12, 2)
    np.testing.assert_allclose(np.sort(evs.imag), [-wb, wb], rtol=1e-10)
    for j in range(2):  # (lambda^2 M + lambda D + K) q = 0 with q the first half
        q, lam = Vs[:6, j], evs[j]
        assert np.abs((lam ** 2 * M + lam * D + K) @ q)[3:5].max() < 1e-9 * np.abs(q).max() * k
        np.testing.assert_allclose(Vs[6:, j], lam * q, atol=1e-9 * np.abs(q).max() * wf)
    assert mbs.ComputeStability(constrainedCoordinates=ROTOR_CC)["stability"] == "marginal"
    # with |ev| sorting (default): the magnitudes, smallest first, as the dense path
    a, _ = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, numberOfEigenvalues=2,
                                      constrainedCoordinates=ROTOR_CC, useSparseSolver=True)
    np.testing.assert_allclose(a, [wb, wb], rtol=1e-10)


def test_gyroscopic_rotor_negative_stiffness():
    """k < 0: the closed form's root Ip^2 Omega^2 + 4 Id k < 0 at Omega = 10: unstable with
    max Re lambda = sqrt(-(Ip^2 Omega^2 + 4 Id k)) / (2 Id); at Omega = 20 the spin stabilizes
    it (gyroscopic stabilization): marginal. The four tilt eigenvalues of this conservative
    gyroscopic system have one magnitude (lambda, -lambda, conjugates): the sparse path gets
    all four (and not an arbitrary half) with stiff translational springs added (8 eigenvalues,
    the 4 of smallest magnitude asked); it agrees with dense."""
    Id, Ip, k = 0.3, 0.5, -30.0
    growth = np.sqrt(-(Ip ** 2 * 100 + 4 * Id * k)) / (2 * Id)
    for sparse in (False, True):
        kw = dict(constrainedCoordinates=[2, 5], useSparseSolver=sparse,
                  numberOfEigenvalues=4 if sparse else 0)
        res = rotor(10.0, k, Id, Ip, kt=1e4).ComputeStability(**kw)
        assert res["stability"] == "unstable", sparse
        assert res["maxRealPart"] == pytest.approx(growth, rel=1e-10)
        q = res["mode"][:6]
        assert np.abs(q[[0, 1, 2, 5]]).max() < 1e-12 * np.abs(q).max() and abs(q[3]) > 0
        assert rotor(20.0, k, Id, Ip, kt=1e4).ComputeStability(**kw)["stability"] == \
            "marginal", sparse
    res = rotor(10.0, k, Id, Ip).ComputeStability(constrainedCoordinates=ROTOR_CC)
    assert res["stability"] == "unstable"
    assert res["maxRealPart"] == pytest.approx(growth, rel=1e-10)


def test_sparse_complex_equals_dense():
    """a damped spring chain (12 eigenvalues): the 4 of smallest magnitude from the sparse
    path = the dense ones; the cable clamped by constraints (the constrained pencil): the same
    magnitudes (+-i omega) as dense and as the real eigenvalues"""
    yz = [i for i in range(18) if i % 3]
    mbs = spring_chain(cd, 6, 150.0, 2.0, d=3.0)
    ev_d, _ = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False,
                                         constrainedCoordinates=yz)
    ev_s, V_s = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useAbsoluteValues=False,
                                           constrainedCoordinates=yz, useSparseSolver=True,
                                           numberOfEigenvalues=4)
    low = ev_d[np.argsort(np.abs(ev_d), kind="stable")[:4]]
    np.testing.assert_allclose(ev_s, np.sort(low), rtol=1e-10)
    assert np.all(ev_s.real < 0) and V_s.shape == (36, 4)
    st_d = mbs.ComputeStability(constrainedCoordinates=yz)
    st_s = mbs.ComputeStability(constrainedCoordinates=yz, useSparseSolver=True,
                                numberOfEigenvalues=4)
    assert st_d["stability"] == st_s["stability"] == "stable"
    assert st_s["maxRealPart"] == pytest.approx(st_d["maxRealPart"], rel=1e-10)
    c = cable(cd, 8)
    a_d, _ = c.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, numberOfEigenvalues=4)
    a_s, V = c.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, numberOfEigenvalues=4,
                                      useSparseSolver=True)
    w2, _ = c.ComputeODE2Eigenvalues(numberOfEigenvalues=2)
    np.testing.assert_allclose(a_s, a_d, rtol=1e-9)
    np.testing.assert_allclose(a_s[::2], np.sqrt(w2), rtol=1e-9)
    C = c.ComputeLinearizedSystem(returnConstraintJacobian=True)[3]
    assert V.shape == (C.shape[0], 4) and np.abs(C.T @ V).max() < 1e-9 * np.abs(V).max()


# ------------------------------------------------------------------ (i) more models against Exudyn

def bar_chain(lib, n=2, l=0.8, m=1.5, kr=40.0, g=0.0):
    """n planar bars (NodeRigidBody2D at the centre, ObjectRigidBody2D, J = m l^2 / 12) hanging
    end to end from the ground on revolute joints (n * 3 coordinates, 2 n constraints), each
    rotation tied to the ground by a coordinate spring kr: the restoring stiffness does not
    need the multipliers (Exudyn's K has no constraint geometric stiffness), so both engines
    linearize the same system (g = 0: the multipliers are 0)"""
    mbs = lib.SystemContainer().AddSystem()
    gr = mbs.AddObject(lib.ObjectGround())
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mgc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    prev = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=gr, localPosition=[0, 0, 0]))
    for i in range(n):
        nd = mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=[0, -(i + 0.5) * l, 0]))
        b = mbs.AddObject(lib.ObjectRigidBody2D(mass=m, inertia=m * l ** 2 / 12, nodeNumber=nd))
        top = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=b, localPosition=[0, l / 2, 0]))
        mbs.AddObject(lib.ObjectJointRevolute2D(markerNumbers=[prev, top]))
        prev = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=b, localPosition=[0, -l / 2, 0]))
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nd, coordinate=2))
        mbs.AddObject(lib.ObjectConnectorCoordinateSpringDamper(markerNumbers=[mgc, mc],
                                                                stiffness=kr * (i + 1)))
    mbs.Assemble()
    return mbs


def free_cable(lib, n=12):
    return cable(lib, n, EA=1e4, clamp_by_constraints=False)


@pytest.mark.parametrize("model,kw,tol", [
    # constrained rigid bodies: null-space projection in both; measured agreement 1e-15
    (bar_chain, dict(), 1e-10),
    (lambda lib: bar_chain(lib, 3), dict(), 1e-10),
    # free-free cable: 3 rigid-body eigenvalues (round-off in both), then the elastic ones
    (free_cable, dict(numberOfEigenvalues=10), 1e-9),
    # sparse (Exudyn: eigsh with sigma = 0; only without constraint equations)
    (lambda lib: cable(lib, 24, EA=1e4, clamp_by_constraints=False),
     dict(numberOfEigenvalues=6, useSparseSolver=True, constrainedCoordinates=[0, 1, 3]), 1e-9),
    (lambda lib: spring_chain(lib, 8, 150.0, 2.0),
     dict(numberOfEigenvalues=5, useSparseSolver=True,
          constrainedCoordinates=[i for i in range(24) if i % 3]), 1e-11),
])
def test_more_models_as_exudyn(model, kw, tol):
    ex = exudyn_lib()
    ev_c, V_c = model(coordyn_lib()).ComputeODE2Eigenvalues(**kw)
    ev_e, V_e = model(ex).ComputeODE2Eigenvalues(**kw)
    assert ev_c.shape == ev_e.shape and V_c.shape == V_e.shape
    scale = max(abs(ev_e))
    nz = np.abs(ev_e) > 1e-8 * scale  # rigid-body zeros: only small in both
    np.testing.assert_allclose(ev_c[nz], ev_e[nz], rtol=tol)
    assert np.all(np.abs(ev_c[~nz]) < 1e-8 * scale)
    assert nz.sum() >= len(ev_e) - 3


def test_bar_chain_one_bar_closed_form():
    """one bar of the chain: the revolute joint leaves the rotation phi about the pivot,
    J_pivot phi'' + kr phi = 0 with J_pivot = m l^2 / 3: omega^2 = 3 kr / (m l^2); with
    gravity g about the hanging equilibrium (coordyn only: the constraints' geometric
    stiffness) omega^2 = (kr + m g l / 2) / (m l^2 / 3); sparse = dense"""
    l, m, kr, g = 0.8, 1.5, 40.0, 9.81
    ev, V = bar_chain(cd, 1, l, m, kr).ComputeODE2Eigenvalues()
    assert ev.shape == (1,) and ev[0] == pytest.approx(3 * kr / (m * l ** 2), rel=1e-12)
    mbs = bar_chain(cd, 1, l, m, kr)
    mk = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=1))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mk, loadVector=[0, -g, 0]))
    mbs.Assemble()
    mbs.SolveStatic(static_settings(), updateInitialValues=True)
    ev, _ = mbs.ComputeODE2Eigenvalues()
    evs, _ = mbs.ComputeODE2Eigenvalues(useSparseSolver=True, numberOfEigenvalues=1)
    ref = (kr + m * g * l / 2) / (m * l ** 2 / 3)
    assert ev[0] == pytest.approx(ref, rel=1e-9) and evs[0] == pytest.approx(ref, rel=1e-9)


def test_rotor_as_exudyn():
    """the gyroscopic rotor's complex eigenvalues (dense) against Exudyn 1.13.6: all six
    coordinates (Exudyn's complex path fails with constrainedCoordinates: its first-order
    matrices take the unreduced size), the translations and the spin angle give eigenvalues
    0; the whirl pairs +-i w_f, +-i w_b agree"""
    ex = exudyn_lib()
    kw = dict(computeComplexEigenvalues=True, useAbsoluteValues=False)
    ev_c, _ = rotor(10.0, lib=coordyn_lib()).ComputeODE2Eigenvalues(**kw)
    ev_e, _ = rotor(10.0, lib=ex).ComputeODE2Eigenvalues(**kw)
    assert ev_c.shape == ev_e.shape == (12,)
    nz_c, nz_e = ev_c[np.abs(ev_c) > 1e-6], ev_e[np.abs(ev_e) > 1e-6]
    assert len(nz_c) == len(nz_e) == 4
    np.testing.assert_allclose(np.sort(nz_c.imag), np.sort(nz_e.imag), rtol=1e-10)
    assert np.abs(nz_c.real).max() < 1e-10 and np.abs(nz_e.real).max() < 1e-10


def test_sparse_complex_bad_input():
    """the sparse complex path computes at most 2 ndof - 2 of the 2 ndof eigenvalues"""
    mbs = rotor(10.0)
    with pytest.raises(ValueError, match="numberOfEigenvalues = 3 but the first-order system "
                                         "has 4 eigenvalues"):
        mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useSparseSolver=True,
                                   numberOfEigenvalues=3, constrainedCoordinates=ROTOR_CC)
    with pytest.raises(ValueError, match="set numberOfEigenvalues"):
        mbs.ComputeStability(useSparseSolver=True, constrainedCoordinates=ROTOR_CC)
    with pytest.raises(ValueError, match="relativeTolerance must be >= 0"):
        mbs.ComputeStability(relativeTolerance=-1)


def test_accurate_product_exact():
    """the products K x of the refinement: error-free products and sums (Dot2), checked
    against exact rational arithmetic on rows that cancel to 1e-15 of their terms (plain
    double precision: relative errors above 1e-3) and on a row and a column that are full"""
    from fractions import Fraction
    from coordyn.linearized import _AccurateProduct
    import scipy.sparse as sp
    rng = np.random.default_rng(3)
    n = 40
    A = sp.random(n, n, density=0.2, random_state=4, format="lil") * 1e10
    A[:, 0] = 1.0
    A[3, :] = rng.standard_normal(n)
    A = sp.csr_matrix(A)
    x = rng.standard_normal((n, 2))
    # make every row's sum cancel: x chosen, then the diagonal set so that A x ~ 1e-6 |A| |x|
    Ad = A.toarray()
    for i in range(n):
        Ad[i, i] = 0.0
        Ad[i, i] = -(Ad[i] @ x[:, 0]) / x[i, 0] * (1 + 1e-15)
    A = sp.csr_matrix(Ad)
    exact = np.array([[float(sum(Fraction(Ad[i, k]) * Fraction(x[k, j]) for k in range(n)))
                       for j in range(2)] for i in range(n)])
    # Dot2's bound: u |y| + (n u)^2 sum |terms|, here below 1e-11 relative
    y = _AccurateProduct(A) @ x
    np.testing.assert_allclose(y, exact, rtol=1e-11, atol=0)
    rel_plain = np.abs(Ad @ x - exact)[:, 0] / np.abs(exact[:, 0])
    assert rel_plain.max() > 1e-3  # plain double precision really fails here
    np.testing.assert_allclose(_AccurateProduct(A) @ x[:, 1], exact[:, 1], rtol=1e-11, atol=0)


def test_sparse_complex_refined_fine_cable():
    """1000-element cantilever (clamped by constraints), undamped: the complex eigenvalues
    +-i omega from the sparse first-order path, refined by the Rayleigh functional with the
    accurate products, equal the refined real path's omega^2 to 1e-12 (measured 2e-14; eigs's
    own values were 1.6e-4 off); ComputeStability: marginal"""
    mbs = cantilever_cable(1000)
    lam, _ = mbs.ComputeODE2Eigenvalues(computeComplexEigenvalues=True, useSparseSolver=True,
                                        numberOfEigenvalues=6, useAbsoluteValues=False)
    w2, _, _ = eigen_quiet(mbs, useSparseSolver=True, numberOfEigenvalues=3)
    np.testing.assert_allclose(np.sort(np.abs(lam.imag))[::2] ** 2, w2, rtol=1e-12)
    assert np.abs(lam.real).max() < 1e-9 * np.abs(lam).max()
    assert mbs.ComputeStability(useSparseSolver=True, numberOfEigenvalues=6)["stability"] == \
        "marginal"


def slider_crank(lib, r=0.3, l=0.8, theta=1.0, mA=0.7, mB=1.9, k=500.0):
    """point-mass slider-crank: crank pin A (mass mA) at distance r from the ground pivot
    (distance constraint), slider B (mass mB) on the x axis (coordinate constraint on y_B),
    rod AB of length l (distance constraint), a spring k on x_B to the ground, unstretched at
    the reference (crank angle theta): an equilibrium with zero multipliers"""
    sA = np.array([r * np.cos(theta), r * np.sin(theta)])
    xB = r * np.cos(theta) + np.sqrt(l ** 2 - (r * np.sin(theta)) ** 2)
    mbs = lib.SystemContainer().AddSystem()
    gr = mbs.AddObject(lib.ObjectGround())
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mgc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    m0 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=gr, localPosition=[0, 0, 0]))
    nA = mbs.AddNode(lib.NodePoint2D(referenceCoordinates=list(sA)))
    nB = mbs.AddNode(lib.NodePoint2D(referenceCoordinates=[xB, 0]))
    mbs.AddObject(lib.MassPoint2D(mass=mA, nodeNumber=nA))
    mbs.AddObject(lib.MassPoint2D(mass=mB, nodeNumber=nB))
    mA_ = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nA))
    mB_ = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nB))
    mbs.AddObject(lib.DistanceConstraint(markerNumbers=[m0, mA_], distance=r))
    mbs.AddObject(lib.DistanceConstraint(markerNumbers=[mA_, mB_], distance=l))
    myB = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nB, coordinate=1))
    mbs.AddObject(lib.CoordinateConstraint(markerNumbers=[mgc, myB]))
    mxB = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nB, coordinate=0))
    mbs.AddObject(lib.ObjectConnectorCoordinateSpringDamper(markerNumbers=[mgc, mxB],
                                                            stiffness=k, offset=xB))
    mbs.Assemble()
    return mbs


def test_slider_crank_closed_form():
    """one degree of freedom, the crank angle theta: the slider at s(theta) = r cos theta +
    sqrt(l^2 - r^2 sin^2 theta), T = (mA r^2 + mB s'^2) theta'^2 / 2, V = k (s - s0)^2 / 2, so
    about the equilibrium omega^2 = k s'^2 / (mA r^2 + mB s'^2) with
    s' = -r sin theta - r^2 sin theta cos theta / sqrt(l^2 - r^2 sin^2 theta). Dense, sparse
    (saddle point) and Exudyn 1.13.6 (zero multipliers: the same K) agree."""
    r, l, th, mA, mB, k = 0.3, 0.8, 1.0, 0.7, 1.9, 500.0
    sp_ = -r * np.sin(th) - r ** 2 * np.sin(th) * np.cos(th) / np.sqrt(l ** 2 -
                                                                       (r * np.sin(th)) ** 2)
    ref = k * sp_ ** 2 / (mA * r ** 2 + mB * sp_ ** 2)
    mbs = slider_crank(cd, r, l, th, mA, mB, k)
    ev, V = mbs.ComputeODE2Eigenvalues()
    assert ev.shape == (1,) and ev[0] == pytest.approx(ref, rel=1e-12)
    evs, _ = mbs.ComputeODE2Eigenvalues(useSparseSolver=True, numberOfEigenvalues=1)
    assert evs[0] == pytest.approx(ref, rel=1e-12)
    # the mode: A moves perpendicular to the crank, B along x by s' times the crank rotation
    dA, dB = V[0:2, 0], V[2:4, 0]
    np.testing.assert_allclose(dA @ [np.cos(th), np.sin(th)], 0, atol=1e-12)
    assert dB[0] / (dA @ [-np.sin(th), np.cos(th)] / r) == pytest.approx(sp_, rel=1e-10)
    ex = exudyn_lib()
    ev_e, _ = slider_crank(ex, r, l, th, mA, mB, k).ComputeODE2Eigenvalues()
    assert ev_e[0] == pytest.approx(ref, rel=1e-10)


def test_initial_configuration_violating_the_constraints_is_refused():
    """a mass off the circle of its link: the linearization would not be about a configuration
    of the mechanism; the error names the constraint (ignoreAlgebraicEquations skips it)"""
    mbs = cd.MainSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1.0, 0.0],
                                   initialCoordinates=[0.0, -0.05]))
    mbs.AddObject(cd.MassPoint2D(nodeNumber=n, physicsMass=1.0))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g)),
        mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))], distance=1.0))
    mbs.Assemble()
    with pytest.raises(ValueError, match=r"initial configuration violates the constraints.*"
                                         r"ObjectConnectorDistance.*position residual"):
        mbs.ComputeODE2Eigenvalues()
    values, _ = mbs.ComputeODE2Eigenvalues(ignoreAlgebraicEquations=True)
    assert np.allclose(values, 0.0)


def test_accurate_kernels_in_c():
    """_core.quadform_terms against NumPy; both kernels refuse inconsistent input"""
    import scipy.sparse as sp
    from coordyn import _core
    rng = np.random.default_rng(3)
    A = sp.random(30, 30, density=0.2, random_state=4, format="csr") + sp.eye(30)
    X = rng.standard_normal((30, 4))
    sq, ab = _core.quadform_terms(A.indptr.astype(np.int32), A.indices.astype(np.int32),
                                  A.data, X)
    C = A.tocoo()
    t = C.data[:, None] * X[C.row] * X[C.col]
    np.testing.assert_allclose(sq, (t ** 2).sum(axis=0), rtol=1e-13)
    np.testing.assert_allclose(ab, np.abs(t).sum(axis=0), rtol=1e-13)
    bad = A.indices.astype(np.int32).copy()
    bad[0] = 99
    for f in (_core.quadform_terms, _core.spmm_dot2):
        with pytest.raises(ValueError, match="out of range"):
            f(A.indptr.astype(np.int32), bad, A.data, X)
        with pytest.raises(ValueError, match="inconsistent"):
            f(A.indptr.astype(np.int32), A.indices.astype(np.int32), A.data[:-1], X)
