"""Physics without constraints, against closed forms: free mass points under constant force,
linear oscillators (docs/references.rst "Damped oscillator"), static spring chains."""
import numpy as np
import pytest

import coordyn as cd
from conftest import new_system, settings

OV = cd.OutputVariableType


# ---------------------------------------------------------------------------------------------
# 1. free mass point: constant force (+ mass-proportional load) => exact quadratic motion

def _free_mass(kind, m, ref, u0, v0, force, grav):
    """Add one free mass of the given node kind; returns (mbs, node, sensors, exact accel)."""
    mbs = new_system()
    n = len(ref)
    if kind == "NodePoint":
        node = mbs.AddNode(cd.NodePoint(referenceCoordinates=ref, initialCoordinates=u0,
                                        initialVelocities=v0))
        body = mbs.AddObject(cd.MassPoint(physicsMass=m, nodeNumber=node))
        mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
        mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=force))
    elif kind == "NodePoint2D":
        node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=ref, initialCoordinates=u0,
                                          initialVelocities=v0))
        body = mbs.AddObject(cd.MassPoint2D(physicsMass=m, nodeNumber=node))
        mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
        mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=force))
    else:
        node = mbs.AddNode(cd.Node1D(referenceCoordinates=ref, initialCoordinates=u0,
                                     initialVelocities=v0))
        body = mbs.AddObject(cd.Mass1D(physicsMass=m, nodeNumber=node))
        mk = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
        mbs.AddLoad(cd.LoadCoordinate(markerNumber=mk, load=force[0]))
    mass_marker = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mass_marker, loadVector=grav))
    sens = [mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=v))
            for v in (OV.Coordinates, OV.Coordinates_t, OV.Coordinates_tt)]
    sens.append(mbs.AddSensor(cd.SensorBody(bodyNumber=body, outputVariableType=OV.Position)))
    acc = np.asarray(force[:n]) / m + np.asarray(grav[:n])  # Mass1D moves along global x
    return mbs, node, sens, acc


@pytest.mark.parametrize("rho", [0.9, 0.6])
@pytest.mark.parametrize("kind", ["NodePoint", "NodePoint2D", "Node1D"])
def test_free_mass_exact_quadratic_motion(kind, rho):
    """u(t) = u0 + v0 t + a t^2/2, v = v0 + a t, a = F/m + g: generalized-alpha integrates
    constant accelerations exactly, so every step must match to 1e-12."""
    n = {"NodePoint": 3, "NodePoint2D": 2, "Node1D": 1}[kind]
    m = 2.5
    ref, u0, v0 = [1.0, -2.0, 0.5][:n], [0.1, 0.2, -0.3][:n], [0.5, -1.0, 2.0][:n]
    force, grav = [3.0, -4.0, 5.0 if n == 3 else 0.0], [0.7, -9.81, 1.3 if n == 3 else 0.0]
    mbs, node, sens, a = _free_mass(kind, m, ref, u0, v0, force, grav)
    mbs.Assemble()
    mbs.SolveDynamic(settings(0.01, 2.0, rho))
    q, v, acc, pos = (np.array(mbs.GetSensorStoredData(s)) for s in sens)
    t = q[:, :1]
    assert len(t) == 201 and abs(t[-1, 0] - 2.0) < 1e-12
    u_exact = np.asarray(u0) + np.asarray(v0) * t + 0.5 * a * t ** 2
    np.testing.assert_allclose(q[:, 1:], u_exact, rtol=0, atol=1e-12)
    np.testing.assert_allclose(v[:, 1:], np.asarray(v0) + a * t, rtol=0, atol=1e-12)
    np.testing.assert_allclose(acc[:, 1:], np.broadcast_to(a, acc[:, 1:].shape), rtol=0,
                               atol=1e-12)
    # position = reference + displacement (3 components for every body, z = 0 in 2D)
    p_exact = np.zeros((len(t), 3))
    p_exact[:, :n] = np.asarray(ref) + u_exact
    np.testing.assert_allclose(pos[:, 1:], p_exact, rtol=0, atol=1e-12)


# ---------------------------------------------------------------------------------------------
# 2. linear oscillators vs the closed form of docs/references.rst

OSC = dict(m=0.5, k=50.0, x0=0.1, v0=-0.5)       # omega = 10 rad/s


def oscillator_exact(t, m, k, d, x0, v0):
    """docs/references.rst: x = e^(-zeta w t)(x0 cos wd t + (v0 + zeta w x0)/wd sin wd t)."""
    w = np.sqrt(k / m)
    zeta = d / (2 * np.sqrt(k * m))
    wd = w * np.sqrt(1 - zeta ** 2)
    return np.exp(-zeta * w * t) * (x0 * np.cos(wd * t)
                                    + (v0 + zeta * w * x0) / wd * np.sin(wd * t))


def _oscillator(variant, d, h, end_time, rho):
    """Solve one realization of m x'' + d x' + k x = 0; returns rows [t, x]."""
    m, k, x0, v0 = OSC["m"], OSC["k"], OSC["x0"], OSC["v0"]
    mbs = new_system()
    if variant == "SpringDamper":        # 3D mass point on a spring of length L0 along x
        L0 = 1.0
        ground = mbs.AddObject(cd.ObjectGround())
        node = mbs.AddNode(cd.NodePoint(referenceCoordinates=[L0, 0, 0],
                                        initialCoordinates=[x0, 0, 0],
                                        initialVelocities=[v0, 0, 0]))
        body = mbs.AddObject(cd.MassPoint(physicsMass=m, nodeNumber=node))
        mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
        mb = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=body))
        mbs.AddObject(cd.SpringDamper(markerNumbers=[mg, mb], referenceLength=L0, stiffness=k,
                                      damping=d))
    elif variant == "CoordinateSpringDamper":
        gnode = mbs.AddNode(cd.NodePointGround())
        node = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0], initialCoordinates=[x0],
                                     initialVelocities=[v0]))
        mbs.AddObject(cd.Mass1D(physicsMass=m, nodeNumber=node))
        mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=gnode, coordinate=0))
        mn = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
        mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, mn], stiffness=k, damping=d))
    else:                                # ObjectGenericODE2 on a 1-coordinate generic node
        node = mbs.AddNode(cd.NodeGenericODE2(numberOfODE2Coordinates=1,
                                              referenceCoordinates=[0.0],
                                              initialCoordinates=[x0], initialCoordinates_t=[v0]))
        mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[node], massMatrix=[[m]],
                                           stiffnessMatrix=[[k]], dampingMatrix=[[d]]))
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=OV.Coordinates))
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, end_time, rho))
    data = np.array(mbs.GetSensorStoredData(sensor))
    return data[:, :2]


VARIANTS = ["SpringDamper", "CoordinateSpringDamper", "GenericODE2"]


@pytest.mark.parametrize("d", [0.0, 1.0], ids=["undamped", "damped_zeta0.1"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_oscillator_closed_form_and_h2_convergence(variant, d):
    """x(t) over 2 s (3 periods) vs the closed form. Bound at h = 1e-3 from the phase error of a
    second-order method: |e| <= A * omega t * c (omega h)^2 with a generous c = 1/4 (the
    trapezoidal rule has 1/12); a 1 % error in k or m would give an error 40x larger.
    Halving h must reduce the largest error by 3..5 (order 2)."""
    m, k = OSC["m"], OSC["k"]
    w = np.sqrt(k / m)
    A = np.hypot(OSC["x0"], OSC["v0"] / w)
    T = 2.0
    errs = []
    for h in (2e-3, 1e-3):
        data = _oscillator(variant, d, h, T, 0.9)
        t, x = data[:, 0], data[:, 1]
        assert len(t) == round(T / h) + 1
        e = np.abs(x - oscillator_exact(t, m, k, d, OSC["x0"], OSC["v0"]))
        bound = A * w * t * 0.25 * (w * h) ** 2 + 1e-12
        assert np.all(e <= bound), f"h={h}: error {e.max():.3e} exceeds the phase-error bound"
        errs.append(e.max())
    ratio = errs[0] / errs[1]
    assert 3.0 < ratio < 5.0, f"error ratio for h -> h/2 is {ratio:.3f}, expected ~4"


def genalpha_spectral_radius(rho_inf, omega_h):
    """Spectral radius of the generalized-alpha step matrix (Chung & Hulbert parameters of
    docs/references.rst, Arnold-Bruls form) for the undamped oscillator at omega h: unknowns
    [q, h v, h^2 a, h^2 qdd]; a step maps x0 to x1 with A x1 = B x0."""
    r = rho_inf
    am, af = (2 * r - 1) / (r + 1), r / (r + 1)
    g = 0.5 + af - am
    b = 0.25 * (g + 0.5) ** 2
    A = np.array([[1, 0, -b, 0], [0, 1, -g, 0], [0, 0, 1 - am, -(1 - af)],
                  [omega_h ** 2, 0, 0, 1]])
    B = np.array([[1, 1, 0.5 - b, 0], [0, 1, 1 - g, 0], [0, 0, -am, af], [0, 0, 0, 0]])
    return max(abs(np.linalg.eigvals(np.linalg.solve(A, B))))


@pytest.mark.parametrize("rho", [1.0, 0.9, 0.8, 0.6])
def test_oscillator_energy_vs_spectral_radius(rho):
    """Undamped oscillator at a coarse step (omega h = 0.5, 200 steps). rho_inf = 1 is the
    trapezoidal rule: E = m v^2/2 + k x^2/2 is conserved to 1e-12. For rho_inf < 1 the energy
    decays like rho(omega h)^(2n) with rho the spectral radius of the method's step matrix: the
    fitted slope of log E per step equals 2 log rho within 1 % (with a wrong alpha_m, alpha_f,
    gamma or beta it would not; rho(0.5) = 0.99999572, 0.99996011, 0.99956547)."""
    m, k, x0, v0 = OSC["m"], OSC["k"], OSC["x0"], OSC["v0"]
    h = 0.05
    mbs = new_system()
    node = mbs.AddNode(cd.NodeGenericODE2(numberOfODE2Coordinates=1, referenceCoordinates=[0.0],
                                          initialCoordinates=[x0], initialCoordinates_t=[v0]))
    mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[node], massMatrix=[[m]],
                                       stiffnessMatrix=[[k]]))
    sq = mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=OV.Coordinates))
    sv = mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=OV.Coordinates_t))
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, 10.0, rho=rho))
    x = np.array(mbs.GetSensorStoredData(sq))[:, 1]
    v = np.array(mbs.GetSensorStoredData(sv))[:, 1]
    E = 0.5 * m * v ** 2 + 0.5 * k * x ** 2
    assert len(E) == 201 and abs(E[0] - (0.5 * m * v0 ** 2 + 0.5 * k * x0 ** 2)) < 1e-15
    if rho == 1.0:
        assert np.max(np.abs(E / E[0] - 1)) < 1e-12
        return
    slope = np.polyfit(np.arange(len(E)), np.log(E), 1)[0]
    expected = 2 * np.log(genalpha_spectral_radius(rho, np.sqrt(k / m) * h))
    assert abs(slope / expected - 1) < 0.01, f"slope {slope:.6e}, expected {expected:.6e}"


# ---------------------------------------------------------------------------------------------
# 3. static spring chains

K_CHAIN = [100.0, 250.0, 400.0, 80.0, 1000.0]


def _static_settings(load_steps=1, geometric=False):
    s = cd.SimulationSettings()
    s.staticSolver.numberOfLoadSteps = load_steps
    s.staticSolver.loadStepGeometric = geometric
    s.progressBar = False
    return s


def _chain_1d(mbs, ks, masses):
    """Node1D masses joined by CoordinateSpringDampers, spring 0 to a ground node."""
    gnode = mbs.AddNode(cd.NodePointGround())
    prev = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=gnode, coordinate=0))
    nodes, bodies, springs, markers = [], [], [], []
    for i, (k, m) in enumerate(zip(ks, masses)):
        node = mbs.AddNode(cd.Node1D(referenceCoordinates=[float(i + 1)]))
        bodies.append(mbs.AddObject(cd.Mass1D(physicsMass=m, nodeNumber=node)))
        mk = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
        springs.append(mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[prev, mk],
                                                               stiffness=k, damping=3.0)))
        nodes.append(node)
        markers.append(mk)
        prev = mk
    return nodes, bodies, springs, markers


@pytest.mark.parametrize("load_steps,geometric", [(1, False), (5, False), (5, True)],
                         ids=["1step", "5steps", "5geometric"])
def test_static_spring_chain_tip_force(load_steps, geometric):
    """u_j = F sum_{i<=j} 1/k_i and every spring carries F (to 1e-10)."""
    F = 7.0
    mbs = new_system()
    nodes, bodies, springs, markers = _chain_1d(mbs, K_CHAIN, [1.0] * len(K_CHAIN))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=markers[-1], load=F))
    mbs.Assemble()
    mbs.SolveStatic(_static_settings(load_steps, geometric))
    u = mbs.systemData.GetODE2Coordinates()
    np.testing.assert_allclose(u, F * np.cumsum(1.0 / np.array(K_CHAIN)), rtol=0, atol=1e-10)
    for sp in springs:
        assert abs(mbs.GetObjectOutput(sp, OV.Force) - F) < 1e-10
    assert mbs.GetSolverStatistics()["steps"] == load_steps


def test_static_chain_gravity_load_mass_proportional():
    """Hanging chain of Node1D masses (axis x up), gravity -g through LoadMassProportional on
    MarkerBodyMass: spring i carries the weight below it, u_j = -g sum_{i<=j} W_i / k_i."""
    g = 9.81
    masses = np.array([1.0, 2.0, 0.5, 3.0, 1.5])
    mbs = new_system()
    nodes, bodies, springs, markers = _chain_1d(mbs, K_CHAIN, masses)
    for b in bodies:
        mass_marker = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b))
        mbs.AddLoad(cd.LoadMassProportional(markerNumber=mass_marker, loadVector=[-g, 0, 0]))
    mbs.Assemble()
    mbs.SolveStatic(_static_settings(3))
    below = np.cumsum(masses[::-1])[::-1]         # mass hanging on spring i
    u_exact = -g * np.cumsum(below / np.array(K_CHAIN))
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), u_exact, rtol=0, atol=1e-10)
    for sp, w in zip(springs, below):
        assert abs(mbs.GetObjectOutput(sp, OV.Force) + g * w) < 1e-10  # compression sign: u < 0


def test_static_chain_2d_springs_with_constraints():
    """Vertical chain of NodePoint2D masses with (length-based) SpringDampers, x of every node
    held by a CoordinateConstraint, gravity by LoadMassProportional: spring tensions are the
    weights below, y displacements -g sum W_i/k_i, the x constraints carry no force."""
    g = 9.81
    masses = np.array([1.0, 2.0, 0.5, 3.0, 1.5])
    L0 = [0.5, 0.3, 0.4, 0.6, 0.2]
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    gnode = mbs.AddNode(cd.NodePointGround())
    mgc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=gnode, coordinate=0))
    prev = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    y, springs, xcons = 0.0, [], []
    for m, k, L in zip(masses, K_CHAIN, L0):
        y -= L
        node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0.0, y]))
        body = mbs.AddObject(cd.MassPoint2D(physicsMass=m, nodeNumber=node))
        mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
        springs.append(mbs.AddObject(cd.SpringDamper(markerNumbers=[prev, mk], referenceLength=L,
                                                     stiffness=k, damping=1.0)))
        mx = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
        xcons.append(mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mgc, mx])))
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                               loadVector=[0, -g, 0]))
        prev = mk
    mbs.Assemble()
    mbs.SolveStatic(_static_settings(1))
    below = np.cumsum(masses[::-1])[::-1]
    u = mbs.systemData.GetODE2Coordinates().reshape(-1, 2)
    np.testing.assert_allclose(u[:, 0], 0.0, rtol=0, atol=1e-12)
    np.testing.assert_allclose(u[:, 1], -g * np.cumsum(below / np.array(K_CHAIN)), rtol=0,
                               atol=1e-10)
    for sp, w in zip(springs, below):
        # force vector = tension * unit vector from marker 0 (above) to marker 1 (below)
        np.testing.assert_allclose(mbs.GetObjectOutput(sp, OV.Force), [0, -g * w, 0], rtol=0,
                                   atol=1e-9)
    for c in xcons:
        assert abs(mbs.GetObjectOutput(c, OV.Force)) < 1e-10
