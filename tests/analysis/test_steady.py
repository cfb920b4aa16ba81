"""Steady rotations and the linearized equations about a nominal motion
(mbs.ComputeSteadyRotation, mbs.ComputeLinearizedEquations), against closed forms and published
values: the seed's rotating mass-spring system, a rotating cantilever (Hodges and Rutkowski
1981 / Wright et al. 1982 flapwise frequencies; the rotating cord's limit), a pendulum
linearized about a moving state."""
import runpy

import numpy as np
import pytest

import coordyn as cd
from conftest import REPO

CAMPBELL = runpy.run_path(str(REPO / "examples" / "rotating_beam_campbell.py"),
                          run_name="campbell")


def mass_spring(Om, m1=1.0, m2=0.5, k1=100.0, k2=60.0, l1=1.0, l2=0.8, gravity=None,
                drive=True, damping=0.0):
    """The seed's rotating mass-spring system: a rod (RigidBody2D) turned about the z axis at
    the origin by a prescribed angle Om t; two masses slide on it (prismatic joints), spring k1
    (free length l1) from the hub to m1, k2 (l2) from m1 to m2."""
    mbs = cd.MainSystem()
    g = mbs.AddObject(cd.ObjectGround())
    ng = mbs.AddNode(cd.NodePointGround())
    nr = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0]))
    rod = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=nr, physicsMass=2.0, physicsInertia=1.0))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for i in range(3):
        mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nr, coordinate=i))
        if i < 2:
            mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mc]))
        elif drive:
            mbs.AddObject(cd.CoordinateConstraint(
                markerNumbers=[mg, mc], offsetUserFunction=lambda mbs, t, itemNumber, o: Om * t,
                offsetUserFunction_t=lambda mbs, t, itemNumber, o: Om))
    mrod = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=rod, localPosition=[0, 0, 0]))
    prev = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0, 0, 0]))
    for (m, x, k, l) in ((m1, l1, k1, l1), (m2, l1 + l2, k2, l2)):
        n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[x, 0, 0]))
        b = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=n, physicsMass=m, physicsInertia=0.01))
        mn = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
        mbs.AddObject(cd.ObjectJointPrismatic2D(markerNumbers=[mrod, mn], axisMarker0=[1, 0, 0],
                                                normalMarker1=[0, 1, 0], constrainRotation=True))
        mbs.AddObject(cd.ObjectConnectorSpringDamper(markerNumbers=[prev, mn], stiffness=k,
                                                     referenceLength=l, damping=damping))
        if gravity is not None:
            mbs.AddLoad(cd.LoadMassProportional(markerNumber=mbs.AddMarker(
                cd.MarkerBodyMass(bodyNumber=b)), loadVector=gravity))
        prev = mn
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("Om", [0.0, 2.0, 5.0, 7.0])
def test_rotating_mass_spring_against_the_seeds_closed_form(Om):
    m1, m2, k1, k2, l1, l2 = 1.0, 0.5, 100.0, 60.0, 1.0, 0.8
    mbs = mass_spring(Om)
    res = mbs.ComputeSteadyRotation([0, 0, Om])
    x = res.qref + res.q
    r1, r2 = np.hypot(x[3], x[4]), np.hypot(x[6], x[7])
    Dl = m1 * m2 * Om ** 4 - (k1 * m2 + k2 * m1 + k2 * m2) * Om ** 2 + k1 * k2
    r1e = (k1 * l1 * (k2 - m2 * Om ** 2) + k2 * l2 * m2 * Om ** 2) / Dl
    r2e = k2 * (r1e + l2) / (k2 - m2 * Om ** 2)
    assert r1 == pytest.approx(r1e, rel=1e-10)
    assert r2 == pytest.approx(r2e, rel=1e-10)
    # the masses lie on the rod, which is at angle Om t = 0
    assert abs(x[4]) < 1e-12 and abs(x[7]) < 1e-12
    lin = mbs.ComputeLinearizedEquations(steadyRotation=res)
    assert lin.T.shape[1] == 2          # two radii are the degrees of freedom
    K = np.array([[k1 + k2 - m1 * Om ** 2, -k2], [-k2, k2 - m2 * Om ** 2]])
    w = np.sqrt(np.sort(np.linalg.eigvals(np.linalg.solve(np.diag([m1, m2]), K)).real))
    assert lin.Frequencies() == pytest.approx(w, rel=1e-9)
    # N holds the centrifugal softening: without it the frequencies are the static ones
    Ks = np.array([[k1 + k2, -k2], [-k2, k2]])
    ws = np.sqrt(np.sort(np.linalg.eigvals(np.linalg.solve(np.diag([m1, m2]), Ks)).real))
    s, _ = np.linalg.eigh(lin.Ki + lin.Gi)
    Mi = lin.Mi
    w0 = np.sqrt(np.sort(np.linalg.eigvals(np.linalg.solve(Mi, lin.Ki + lin.Gi)).real))
    assert w0 == pytest.approx(ws, rel=1e-9)


def test_no_stationary_solution_beyond_the_critical_speed():
    """Delta < 0 at Om = 8.5 (the closed form's radius turns negative): no solution, said so"""
    m1, m2, k1, k2 = 1.0, 0.5, 100.0, 60.0
    Om = 8.5
    assert m1 * m2 * Om ** 4 - (k1 * m2 + k2 * m1 + k2 * m2) * Om ** 2 + k1 * k2 < 0
    with pytest.raises(cd.SolverError, match="did not converge.*may not exist at this speed"):
        mass_spring(Om).ComputeSteadyRotation([0, 0, Om])


def test_steady_rotation_sets_the_state_and_the_initial_values():
    mbs = mass_spring(5.0)
    res = mbs.ComputeSteadyRotation([0, 0, 5.0], updateInitialValues=True)
    sd = mbs.systemData
    assert np.allclose(sd.GetODE2Coordinates(), res.q)
    assert np.allclose(sd.GetODE2Coordinates_t(), res.q_t)
    assert np.allclose(sd.GetODE2Coordinates(cd.ConfigurationType.Initial), res.q)
    # the masses move on circles: v = omega x r
    x = res.qref + res.q
    assert res.q_t[3] == pytest.approx(-5.0 * x[4], abs=1e-12)
    assert res.q_t[4] == pytest.approx(5.0 * x[3])
    assert res.q_tt[3] == pytest.approx(-25.0 * x[3])
    # a simulation from the steady state stays on it: the radius stays constant up to the
    # integrator's error (measured 4.5e-5 at 200 steps, 2.8e-6 at 800, 1.7e-7 at 3200: h^2)
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 800
    s.timeIntegration.endTime = 0.5
    mbs.SolveDynamic(s)
    q = sd.GetODE2Coordinates() + res.qref
    assert np.hypot(q[3], q[4]) == pytest.approx(np.hypot(x[3], x[4]), rel=5e-6)


def cantilever(Om, n=16, EI=1.0, rhoA=1.0, EA=1e6, L=1.0):
    """An ANCF cable clamped at the origin, its root slope turned about z by prescribed
    coordinates (cos Om t, sin Om t, 0): a rotating cantilever with zero hub radius (the model
    of examples/rotating_beam_campbell.py)"""
    return CAMPBELL["rotating_cantilever"](Om, n=n, EI=EI, EA=EA, rhoA=rhoA, L=L)


def flap_lag(lin):
    """frequencies of the modes out of the plane of rotation (flap, z) and in it (lag)"""
    s, X = lin.Eigenvalues()
    zrows = np.flatnonzero(np.isin(np.arange(X.shape[0]) % 6, (2, 5)))
    return CAMPBELL["flap_lag"](s, X, zrows)


# flapwise frequencies omega / sqrt(EI / (rho A L^4)) of a uniform rotating cantilever with
# zero hub radius against eta = Omega sqrt(rho A L^4 / EI): Hodges and Rutkowski, AIAA J. 19
# (1981) 1459, Table 1 (also Wright et al., J. Appl. Mech. 49 (1982) 197)
PUBLISHED = {1.0: (3.6817, 22.1810), 2.0: (4.1373, 22.6149), 3.0: (4.7973, 23.3203),
             5.0: (6.4495, 25.4461), 10.0: (11.2023, 33.6404)}


@pytest.mark.parametrize("eta", sorted(PUBLISHED))
def test_rotating_cantilever_against_published_flapwise_frequencies(eta):
    mbs = cantilever(eta)
    res = mbs.ComputeSteadyRotation([0, 0, eta])
    lin = mbs.ComputeLinearizedEquations(steadyRotation=res)
    flap, lag = flap_lag(lin)
    assert flap[:2] == pytest.approx(PUBLISHED[eta], rel=5e-5)
    # in the plane of rotation the centrifugal term softens by Omega^2 (inextensible beam):
    # omega_lag^2 = omega_flap^2 - Omega^2, up to the Coriolis coupling with the stiff axial
    # motion
    assert lag[0] ** 2 == pytest.approx(flap[0] ** 2 - eta ** 2, rel=2e-3)


def test_rotating_cantilever_without_speed_is_the_cantilever():
    lin = cantilever(0.0).ComputeLinearizedEquations()
    flap, lag = flap_lag(lin)
    beta = np.array([1.875104069, 4.694091133, 7.854757438]) ** 2
    assert np.sort(np.concatenate([flap, lag]))[:6:2] == pytest.approx(beta, rel=5e-5)


def test_rotating_cord_limit():
    """EI -> 0: the rotating cord, omega_i^2 = (2 i^2 - i) Omega^2 out of the plane and
    (2 i^2 - i - 1) Omega^2 in it (centrifugal stiffening alone)"""
    mbs = cantilever(1.0, n=32, EI=1e-5, EA=1e4)
    res = mbs.ComputeSteadyRotation([0, 0, 1.0])
    flap, lag = flap_lag(mbs.ComputeLinearizedEquations(steadyRotation=res))
    assert flap[:3] == pytest.approx(np.sqrt([1, 6, 15]), rel=1e-2)
    assert lag[1:3] == pytest.approx(np.sqrt([5, 14]), rel=1e-2)
    assert lag[0] < 0.15


def test_pendulum_linearized_about_a_moving_state():
    """Point mass m on a massless link L (a distance constraint) under gravity, at angle phi
    from the downward vertical with angular velocity phid, not an equilibrium. In the
    independent coordinate (arc length p = L dphi) the linearized equation is
    m p'' + m g cos(phi) / L p = 0: the frozen-time stiffness combines the constraint's
    geometric stiffness lambda / L (lambda = m g cos phi + m L phid^2, the link force) with the
    dynamic term -m phid^2 of the turning tangent; Ci = 0."""
    m, L, g, phi, phid = 2.0, 1.5, 9.81, 0.3, 2.0
    mbs = cd.MainSystem()
    gr = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 0]))
    mbs.AddObject(cd.MassPoint2D(nodeNumber=n, physicsMass=m))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr))
    mn = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mg, mn], distance=L))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mn, loadVector=[0, -m * g, 0]))
    mbs.Assemble()
    er, et = np.array([np.sin(phi), -np.cos(phi)]), np.array([np.cos(phi), np.sin(phi)])
    phidd = -g / L * np.sin(phi)
    sd = mbs.systemData
    sd.SetODE2Coordinates(L * er)
    sd.SetODE2Coordinates_t(L * phid * et)
    sd.SetODE2Coordinates_tt(L * (phidd * et - phid ** 2 * er))
    # the multiplier from the equations of motion (least squares, exact here)
    sd.SetAECoordinates([0.0])
    r0 = mbs._core.residual()[0]
    sd.SetAECoordinates([1.0])
    c = mbs._core.residual()[0] - r0
    lam = -(c @ r0) / (c @ c)
    sd.SetAECoordinates([lam])
    assert np.linalg.norm(mbs._core.residual()[0]) < 1e-12
    lin = mbs.ComputeLinearizedEquations()
    assert lin.Mi[0, 0] == pytest.approx(m, rel=1e-12)
    assert abs(lin.Ci[0, 0]) < 1e-8
    kk = lin.Ki + lin.Ni + lin.Gi
    assert kk[0, 0] == pytest.approx(m * g * np.cos(phi) / L, rel=1e-7)
    # the parts: G is the link's geometric stiffness |lambda| / L, N the rest
    assert abs(lin.Gi[0, 0]) == pytest.approx(m * (g * np.cos(phi) + L * phid ** 2) / L, rel=1e-8)
    assert lin.Ki[0, 0] == pytest.approx(0.0, abs=1e-9)
    # the state is left as it was
    assert np.allclose(sd.GetODE2Coordinates(), L * er)


def test_matrix_parts_add_up_to_the_tangent():
    """K + N + G = d r/d q and C + D = d r/d q_t in all coordinates (the gyroscopic rigid body
    and a damped spring at a moving state)"""
    mbs = cd.MainSystem()
    gr = mbs.AddObject(cd.ObjectGround())
    b = mbs.CreateRigidBody(inertia=cd.InertiaCuboid(1000.0, [0.3, 0.2, 0.1]),
                            referencePosition=[0.5, 0, 0], initialVelocity=[0.1, 0.2, 0.0],
                            initialAngularVelocity=[3.0, 1.0, 2.0], gravity=[0, 0, -9.81])
    mbs.CreateSpringDamper(bodyNumbers=[gr, b], localPosition1=[0.1, 0, 0], stiffness=500.0,
                           damping=7.0)
    mbs.Assemble()
    M, K, D = mbs.ComputeLinearizedSystem()
    lin = mbs.ComputeLinearizedEquations(configuration=cd.ConfigurationType.Initial)
    assert np.allclose(lin.K + lin.N + lin.G, K, rtol=0, atol=1e-8 * np.abs(K).max())
    assert np.allclose(lin.C + lin.D, D, rtol=0, atol=1e-8 * np.abs(D).max())
    assert np.abs(lin.C).max() > 0.1          # the spinning body's gyroscopic terms
    assert np.allclose(lin.D, lin.D.T) and np.abs(lin.D).max() > 1.0   # the damper
    # the same body at rest has no velocity-dependent inertia
    mbs.systemData.SetODE2Coordinates_t(np.zeros(7))
    assert np.abs(mbs.ComputeLinearizedEquations().C).max() < 1e-12
    assert np.allclose(lin.M, M)


def test_errors():
    # the driver turns at 2 rad/s, the rotation asked at 3: not stationary, the driver named
    mbs = mass_spring(2.0)
    with pytest.raises(cd.SolverError, match="not stationary.*ObjectConnectorCoordinate"):
        mbs.ComputeSteadyRotation([0, 0, 3.0])
    # gravity in the plane of rotation: not stationary
    mbs = mass_spring(3.0, gravity=[0, -9.81, 0])
    with pytest.raises(cd.SolverError, match="not stationary.*gravity"):
        mbs.ComputeSteadyRotation([0, 0, 3.0])
    mbs = mass_spring(3.0)
    with pytest.raises(ValueError, match="planar nodes turn about the z axis"):
        mbs.ComputeSteadyRotation([1.0, 0, 3.0])
    with pytest.raises(ValueError, match="angularVelocity must be a finite 3-vector"):
        mbs.ComputeSteadyRotation([0, 3.0])
    with pytest.raises(ValueError, match="node 99 does not exist"):
        mbs.ComputeSteadyRotation([0, 0, 3.0], nodes=[99])
    m2 = cd.MainSystem()
    nd = m2.AddNode(cd.Node1D(referenceCoordinates=[0.0]))
    m2.AddObject(cd.ObjectMass1D(nodeNumber=nd, physicsMass=1.0))
    m2.Assemble()
    with pytest.raises(ValueError, match=r"node 0 .*Node1D.*cannot follow a rigid rotation"):
        m2.ComputeSteadyRotation([0, 0, 1.0])
    # linearizing "about the steady rotation" at a state that is not it
    res = mbs.ComputeSteadyRotation([0, 0, 3.0])
    v = res.q_t.copy()
    v[3] += 0.1                       # mass 1 slides outwards: allowed, but not steady
    mbs.systemData.SetODE2Coordinates_t(v)
    with pytest.raises(ValueError, match="not the steady rotation given"):
        mbs.ComputeLinearizedEquations(steadyRotation=res)
    with pytest.raises(TypeError, match="result of ComputeSteadyRotation"):
        mbs.ComputeLinearizedEquations(steadyRotation={"omega": 3})
    with pytest.raises(ValueError, match="configuration must be Current or Initial"):
        mbs.ComputeLinearizedEquations(configuration=cd.ConfigurationType.Reference)
    # a nominal state that violates the constraints: named, at position and velocity level
    mbs = mass_spring(3.0)
    q = mbs.systemData.GetODE2Coordinates()
    q[4] = 0.01                       # mass 1 off the rod
    mbs.systemData.SetODE2Coordinates(q)
    with pytest.raises(ValueError, match=r"nominal state \(current configuration\) violates "
                                         r"the constraints.*ObjectJointPrismatic2D.*position"):
        mbs.ComputeLinearizedEquations()
    mbs = mass_spring(3.0)            # the driver turns at 3 rad/s, the hub is at rest
    with pytest.raises(ValueError, match=r"ObjectConnectorCoordinate.*velocity residual -3"):
        mbs.ComputeLinearizedEquations(configuration=cd.ConfigurationType.Initial)


def test_free_rotation_has_a_zero_mode():
    """without the driver the hub turns freely: the steady rotation exists (any phase) and the
    linearized equations have the free rotation as a zero eigenvalue"""
    mbs = mass_spring(5.0, drive=False)
    res = mbs.ComputeSteadyRotation([0, 0, 5.0])
    s, _ = mbs.ComputeLinearizedEquations(steadyRotation=res).Eigenvalues()
    assert np.min(np.abs(s)) < 1e-6 * np.max(np.abs(s))


@pytest.mark.parametrize("nodeType", ["EP", "RotVecLG"])
@pytest.mark.parametrize("axis", [0, 1, 2])
def test_free_spinning_body_wobble_and_the_intermediate_axis(nodeType, axis):
    """A free rigid body spinning at Om about a principal axis a (inertias I1 < I2 < I3):
    small wobbles about the spin have s^2 = -Om^2 (Ia - Ib)(Ia - Ic) / (Ib Ic) (Euler's
    equations linearized): a frequency about the largest and smallest axis, a real pair (the
    tennis-racket instability) about the intermediate one. Checks the turning frame's terms for
    Euler parameters and Lie-group rotation vectors."""
    I = [2.0, 3.0, 4.5]
    Om = 4.0
    mbs = cd.MainSystem()
    mbs.CreateRigidBody(inertia=cd.RigidBodyInertia(mass=3.0, inertiaTensor=np.diag(I)),
                        nodeType=nodeType, referencePosition=[0.2, 0.1, 0],
                        initialAngularVelocity=list(Om * np.eye(3)[axis]))
    mbs.Assemble()
    res = mbs.ComputeSteadyRotation(Om * np.eye(3)[axis], rotationCenter=[0.2, 0.1, 0])
    s, _ = mbs.ComputeLinearizedEquations(steadyRotation=res).Eigenvalues()
    b, c = [i for i in range(3) if i != axis]
    s2 = -Om ** 2 * (I[axis] - I[b]) * (I[axis] - I[c]) / (I[b] * I[c])
    st = mbs.ComputeLinearizedEquations(steadyRotation=res).Stability()
    assert st["judgement"] == ("unstable" if s2 > 0 else "marginal")
    if s2 > 0:   # the growing mode turns about the spin axis' neighbours
        assert st["maxRealPart"] == pytest.approx(np.sqrt(s2), rel=1e-9)
    if s2 < 0:
        # a wobble frequency (the translations appear at Om in the turning frame: a double
        # root, whose computed real parts are ~sqrt(eps))
        assert np.min(np.abs(s - 1j * np.sqrt(-s2))) < 1e-9 * Om
        assert np.max(np.abs(s.real)) < 1e-6 * Om
    else:
        assert np.max(s.real) == pytest.approx(np.sqrt(s2), rel=1e-9)


def test_unsupported_rotation_parameters_are_refused():
    mbs = cd.MainSystem()
    mbs.CreateRigidBody(inertia=cd.InertiaCuboid(1.0, [1, 1, 1]), nodeType="Rxyz")
    mbs.Assemble()
    with pytest.raises(ValueError, match="NodeRigidBodyRxyz.*cannot follow a rigid rotation"):
        mbs.ComputeSteadyRotation([0, 0, 1.0])


def test_damped_rotating_system_is_asymptotically_stable():
    """the rotating mass-spring system with dampers: every mode decays"""
    mbs = mass_spring(5.0, damping=0.5)
    res = mbs.ComputeSteadyRotation([0, 0, 5.0])
    lin = mbs.ComputeLinearizedEquations(steadyRotation=res)
    st = lin.Stability()
    assert st["judgement"] == "asymptotically stable" and st["maxRealPart"] < 0
    # the undamped one is marginal
    mbs = mass_spring(5.0)
    st = mbs.ComputeLinearizedEquations(steadyRotation=mbs.ComputeSteadyRotation([0, 0, 5.0])).Stability()
    assert st["judgement"] == "marginal"


def ge_cantilever_ep(Om, n=16):
    """the rotating cantilever of geometrically exact beam elements on Euler-parameter nodes,
    the root's Euler parameters prescribed as a rotation Om t about z"""
    mbs = cd.MainSystem()
    nodes = [mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[i / n, 0, 0, 1, 0, 0, 0]))
             for i in range(n + 1)]
    K = np.diag([1e5, 1e5, 1e5, 1.0, 1.0, 1.0]).tolist()
    for i in range(n):
        mbs.AddObject(cd.ObjectBeamGeometricallyExact(
            nodeNumbers=[nodes[i], nodes[i + 1]], length=1.0 / n, sectionMassPerLength=1.0,
            sectionInertia=np.diag([2e-8, 1e-8, 1e-8]).tolist(), sectionStiffnessMatrix=K))
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for c in [0, 1, 2, 4, 5, 6]:
        f = f_t = 0
        if c == 6:   # e3 = sin(Om t / 2)
            f = lambda mbs, t, i, o: np.sin(Om * t / 2)
            f_t = lambda mbs, t, i, o: Om / 2 * np.cos(Om * t / 2)
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mbs.AddMarker(
            cd.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=c))], offsetUserFunction=f,
            offsetUserFunction_t=f_t))
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("eta", [1.0, 3.0, 10.0])
def test_rotating_geometrically_exact_beam_on_euler_parameter_nodes(eta):
    """the same rotating cantilever with 16 linear geometrically exact elements (Euler-parameter
    nodes, the turning frame's Euler-parameter terms): flap frequencies against Hodges and
    Rutkowski within the linear element's discretization error (4.5e-4 at eta = 0; measured
    4.4e-4, 4.8e-4, 9e-4 at eta = 1, 3, 10)"""
    mbs = ge_cantilever_ep(eta)
    res = mbs.ComputeSteadyRotation([0, 0, eta])
    s, X = mbs.ComputeLinearizedEquations(steadyRotation=res).Eigenvalues()
    sel = s.imag > 1e-6
    s, X = s[sel], X[:, sel]
    pos = np.mod(np.arange(X.shape[0]), 7) < 3
    z = np.linalg.norm(X[2::7], axis=0) ** 2 / np.linalg.norm(X[pos], axis=0) ** 2
    flap = s.imag[z > 0.5]
    assert flap[0] == pytest.approx(PUBLISHED[eta][0], rel=1.5e-3)
