"""Solver properties against exact solutions: measured convergence order of generalized-alpha
(q, v and lambda) on the pendulum and a double pendulum, dense vs sparse linear solvers, full vs
modified Newton, Newmark with index-2 constraints."""
import numpy as np
import pytest

import coordyn as cd
from conftest import (PEND_L, PEND_TABLE, new_system, observed_orders, pendulum_exact, row_at,
                      run_pendulum, settings, use_newmark_index2)

OV = cd.OutputVariableType
HS = [4e-3, 2e-3, 1e-3, 5e-4]


# ---------------------------------------------------------------------------------------------
# convergence order, single pendulum (docs/references.rst) vs the exact solution

def test_pendulum_exact_reference_matches_table():
    """The ODE reference used below (phi'' = -(g/L) cos phi, DOP853 rtol 1e-13) reproduces the
    docs/references.rst table to 2e-11."""
    ex = pendulum_exact(sorted(PEND_TABLE))
    for row, t in zip(ex, sorted(PEND_TABLE)):
        assert np.linalg.norm(row[:2] - PEND_TABLE[t]) < 2e-11


@pytest.mark.parametrize("rho", [0.9, 0.6])
def test_convergence_order_pendulum(rho):
    """Errors of q, v and lambda (the rod tension, Force output) at t = 1 for h = 4e-3 .. 5e-4
    against the exact solution: every observed order (three halvings) lies in (1.8, 2.3).
    lambda is compared at t = 1, long after its start-up transient (rho^n < 1e-11). The finest
    step also meets the docs/references.rst table at t = 1 within 2.5e-6."""
    ex = pendulum_exact([1.0])[0]
    errors = []
    for h in HS:
        mbs, it, d = run_pendulum(h, 1.0, rho=rho)
        q, v, lam = d["pos"][-1, 1:3], d["vel"][-1, 1:3], d["force"][-1, 1]
        assert d["pos"][-1, 0] == pytest.approx(1.0, abs=1e-12)
        # the multiplier: sensor = Force output = AE coordinate
        assert mbs.GetObjectOutput(it["link"], OV.Force) == lam
        assert mbs.systemData.GetAECoordinates()[0] == lam
        errors.append([np.linalg.norm(q - ex[:2]), np.linalg.norm(v - ex[2:4]), abs(lam - ex[4])])
    p = observed_orders(errors)
    for name, col in (("q", 0), ("v", 1), ("lambda", 2)):
        assert np.all((p[:, col] > 1.8) & (p[:, col] < 2.3)), f"order of {name}: {p[:, col]}"
    assert np.linalg.norm(q - PEND_TABLE[1]) < 2.5e-6


# ---------------------------------------------------------------------------------------------
# convergence order, double pendulum (chain of two links) vs its exact ODE

DP = dict(m1=1.0, m2=0.5, L1=1.0, L2=0.7, g=9.81)


def double_pendulum_exact(T):
    """Both links released horizontally (angles from the downward vertical = pi/2). Lagrange
    equations in the angles, DOP853 rtol 1e-13; the multipliers (link tensions) from Newton's
    law of each mass: m2 a2 = m2 g - n2 lam2, m1 a1 = m1 g - n1 lam1 + n2 lam2.
    Returns (positions [p1, p2], velocities [v1, v2], [lam1, lam2]) at T."""
    from scipy.integrate import solve_ivp
    m1, m2, L1, L2, g = (DP[k] for k in ("m1", "m2", "L1", "L2", "g"))

    def rhs(t, z):
        t1, t2, w1, w2 = z
        c, s = np.cos(t1 - t2), np.sin(t1 - t2)
        A = np.array([[(m1 + m2) * L1, m2 * L2 * c], [m2 * L1 * c, m2 * L2]])
        b = -np.array([m2 * L2 * w2 ** 2 * s + (m1 + m2) * g * np.sin(t1),
                       -m2 * L1 * w1 ** 2 * s + m2 * g * np.sin(t2)])
        return [w1, w2, *np.linalg.solve(A, b)]

    sol = solve_ivp(rhs, (0, T), [np.pi / 2, np.pi / 2, 0, 0], method="DOP853", rtol=1e-13,
                    atol=1e-13)
    t1, t2, w1, w2 = sol.y[:, -1]
    d1, d2 = rhs(T, sol.y[:, -1])[2:]
    e1, f1 = np.array([np.sin(t1), -np.cos(t1)]), np.array([np.cos(t1), np.sin(t1)])
    e2, f2 = np.array([np.sin(t2), -np.cos(t2)]), np.array([np.cos(t2), np.sin(t2)])
    p1, v1, a1 = L1 * e1, L1 * w1 * f1, L1 * d1 * f1 - L1 * w1 ** 2 * e1
    p2, v2, a2 = p1 + L2 * e2, v1 + L2 * w2 * f2, a1 + L2 * d2 * f2 - L2 * w2 ** 2 * e2
    G = np.array([0.0, -g])
    lam2 = e2 @ (m2 * G - m2 * a2)
    lam1 = e1 @ (m1 * G - m1 * a1 + e2 * lam2)
    return np.r_[p1, p2], np.r_[v1, v2], np.array([lam1, lam2])


def double_pendulum_coordyn(h, T, rho, configure=None):
    p = DP
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    n1 = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[p["L1"], 0]))
    n2 = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[p["L1"] + p["L2"], 0]))
    b1 = mbs.AddObject(cd.MassPoint2D(physicsMass=p["m1"], nodeNumber=n1))
    b2 = mbs.AddObject(cd.MassPoint2D(physicsMass=p["m2"], nodeNumber=n2))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    k1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n1))
    k2 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n2))
    links = [mbs.AddObject(cd.DistanceConstraint(markerNumbers=[mg, k1], distance=p["L1"])),
             mbs.AddObject(cd.DistanceConstraint(markerNumbers=[k1, k2], distance=p["L2"]))]
    for b in (b1, b2):
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                               loadVector=[0, -p["g"], 0]))
    sens = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
            for n in (n1, n2)]
    mbs.Assemble()
    s = settings(h, T, rho)
    if configure:
        configure(s)
    mbs.SolveDynamic(s)
    q = np.r_[mbs.GetNodeOutput(n1, OV.Position)[:2], mbs.GetNodeOutput(n2, OV.Position)[:2]]
    v = np.r_[mbs.GetNodeOutput(n1, OV.Velocity)[:2], mbs.GetNodeOutput(n2, OV.Velocity)[:2]]
    lam = np.array([mbs.GetObjectOutput(c, OV.Force) for c in links])
    return dict(q=q, v=v, lam=lam, mbs=mbs, sens=[np.array(mbs.GetSensorStoredData(s_))
                                                  for s_ in sens])


@pytest.mark.parametrize("rho", [0.9, 0.6])
def test_convergence_order_double_pendulum(rho):
    """Chain of two links: errors of q, v and both multipliers at t = 1 for h = 4e-3 .. 5e-4
    vs the exact solution; every observed order in (1.8, 2.3); at h = 5e-4 the positions are
    within 1e-5 of the exact ones."""
    exact = double_pendulum_exact(1.0)
    errors = []
    for h in HS:
        r = double_pendulum_coordyn(h, 1.0, rho)
        errors.append([np.linalg.norm(r[k] - e) for k, e in zip(("q", "v", "lam"), exact)])
    p = observed_orders(errors)
    for name, col in (("q", 0), ("v", 1), ("lambda", 2)):
        assert np.all((p[:, col] > 1.8) & (p[:, col] < 2.3)), f"order of {name}: {p[:, col]}"
    assert errors[-1][0] < 1e-5


# ---------------------------------------------------------------------------------------------
# dense vs sparse linear solver, full vs modified Newton

GRID = dict(nx=4, ny=4, a=0.5, m=0.2, k=400.0, d=0.5, g=9.81)


def spring_grid(h, T, configure):
    """Free-floating nx x ny grid of NodePoint2D masses with SpringDampers along the edges and
    both diagonals, gravity, non-uniform initial velocities. Internal forces cancel, so the
    centre of mass moves exactly as x_c0 + v_c0 t - g t^2/2 e_y.
    Returns sensor data (n_nodes x rows x [t, x, y, z]) and stats."""
    p = GRID
    mbs = new_system()
    rng = np.random.default_rng(1)
    nodes, markers, bodies = {}, {}, []
    for i in range(p["nx"]):
        for j in range(p["ny"]):
            v0 = rng.uniform(-1, 1, 2)
            n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[i * p["a"], j * p["a"]],
                                           initialVelocities=list(v0)))
            bodies.append(mbs.AddObject(cd.MassPoint2D(physicsMass=p["m"], nodeNumber=n)))
            nodes[i, j] = n
            markers[i, j] = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    for (i, j) in list(markers):
        for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if (i + di, j + dj) in markers:
                L = p["a"] * np.hypot(di, dj)
                pair = [markers[i, j], markers[i + di, j + dj]]
                mbs.AddObject(cd.SpringDamper(markerNumbers=pair, referenceLength=L,
                                              stiffness=p["k"], damping=p["d"]))
    for b in bodies:
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                               loadVector=[0, -p["g"], 0]))
    sens = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
            for n in nodes.values()]
    vsens = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Velocity))
             for n in nodes.values()]
    mbs.Assemble()
    s = settings(h, T, 0.9)
    configure(s)
    mbs.SolveDynamic(s)
    pos = np.array([mbs.GetSensorStoredData(x) for x in sens])
    vel = np.array([mbs.GetSensorStoredData(x) for x in vsens])
    return pos, vel, mbs.GetSolverStatistics()


def _check_grid_centre_of_mass(pos, vel):
    t = pos[0, :, 0]
    c0, vc0 = pos[:, 0, 1:3].mean(axis=0), vel[:, 0, 1:3].mean(axis=0)
    exact = c0 + np.outer(t, vc0) - 0.5 * GRID["g"] * np.outer(t ** 2, [0, 1])
    np.testing.assert_allclose(pos[:, :, 1:3].mean(axis=0), exact, rtol=0, atol=1e-10)


def _configure(kind=cd.LinearSolverType.Auto, modified=False, tolerances=(1e-8, 1e-10)):
    def configure(s):
        s.linearSolverType = kind
        s.timeIntegration.newton.useModifiedNewton = modified
        s.timeIntegration.newton.relativeTolerance = tolerances[0]
        s.timeIntegration.newton.absoluteTolerance = tolerances[1]
    return configure


def _solve_both(configs):
    """Pendulum (10 s, h = 1e-3) and spring grid (2 s, h = 2e-3) for each configuration, with
    the physics checks every configuration must pass: pendulum |g| < 1e-10 and the table at
    t = 10 within 2.5e-4; the grid's centre of mass exactly on its free-fall parabola."""
    out = []
    for conf in configs:
        mbs, it, d = run_pendulum(1e-3, 10.0, configure=conf)
        st_p = mbs.GetSolverStatistics()
        assert np.max(np.abs(d["gap"][:, 1])) < 1e-10
        assert np.linalg.norm(row_at(d["pos"], 10)[:2] - PEND_TABLE[10]) < 2.5e-4
        pos, vel, st_g = spring_grid(2e-3, 2.0, conf)
        _check_grid_centre_of_mass(pos, vel)
        out.append((d, pos, vel, st_p, st_g))
    return out


@pytest.mark.parametrize("tolerances", [(1e-8, 1e-10), (1e-12, 1e-14)],
                         ids=["default_newton_tol", "tight_newton_tol"])
def test_dense_and_sparse_give_same_trajectories(tolerances):
    """The Dense (LAPACK) and Sparse (CSparse) linear solvers on the pendulum and a 16-mass
    spring grid. Positions agree to 1e-10 at every step with the default Newton tolerances.
    With tight Newton tolerances (rtol 1e-12, atol 1e-14: both converge fully, so only
    round-off separates them) also velocities agree to 1e-10, and the multiplier and the
    accelerations to 3e-8 of max |lambda| (index-3 multipliers carry round-off amplified by
    1/(beta h^2)). At the default tolerances velocities and multipliers may differ by the
    Newton tolerance (a step can stop one iteration earlier with one solver)."""
    dense, sparse = _solve_both([_configure(cd.LinearSolverType.Dense, tolerances=tolerances),
                                 _configure(cd.LinearSolverType.Sparse, tolerances=tolerances)])
    (d1, p1, v1, sp1, sg1), (d2, p2, v2, sp2, sg2) = dense, sparse
    assert sp1["linearSolver"] == sg1["linearSolver"] == "Dense"
    assert sp2["linearSolver"] == sg2["linearSolver"] == "Sparse"
    for key in d1:
        assert d1[key].shape == d2[key].shape
    np.testing.assert_allclose(d1["pos"], d2["pos"], rtol=0, atol=1e-10)
    np.testing.assert_allclose(p1, p2, rtol=0, atol=1e-10)
    if tolerances[0] < 1e-8:
        np.testing.assert_allclose(d1["vel"], d2["vel"], rtol=0, atol=1e-10)
        np.testing.assert_allclose(v1, v2, rtol=0, atol=1e-10)
        lam_scale = np.max(np.abs(d1["force"][:, 1]))
        for key in ("force", "acc"):
            np.testing.assert_allclose(d1[key], d2[key], rtol=0, atol=3e-8 * lam_scale,
                                       err_msg=key)


def test_full_and_modified_newton_agree():
    """Full and modified Newton solve the same step equations. With Newton tolerances
    rtol 1e-10 / atol 1e-12 the pendulum and spring-grid positions and velocities agree to 1e-8
    over the whole run and the multiplier to 1e-6 of max |lambda|; with the default tolerances
    (rtol 1e-8) positions still agree to 5e-8 (modified Newton stops near the tolerance,
    full Newton far below it, and the difference accumulates over 10^4 steps). Modified Newton
    needs fewer factorizations."""
    for tol, pos_tol in (((1e-10, 1e-12), 1e-8), ((1e-8, 1e-10), 5e-8)):
        full, modified = _solve_both([_configure(modified=False, tolerances=tol),
                                      _configure(modified=True, tolerances=tol)])
        (d1, p1, v1, sp1, sg1), (d2, p2, v2, sp2, sg2) = full, modified
        np.testing.assert_allclose(d1["pos"], d2["pos"], rtol=0, atol=pos_tol)
        np.testing.assert_allclose(p1, p2, rtol=0, atol=pos_tol)
        assert sp2["factorizations"] < sp1["factorizations"]
        assert sg2["factorizations"] < sg1["factorizations"]
        if tol[0] == 1e-10:
            np.testing.assert_allclose(d1["vel"], d2["vel"], rtol=0, atol=1e-8)
            np.testing.assert_allclose(v1, v2, rtol=0, atol=1e-8)
            lam_scale = np.max(np.abs(d1["force"][:, 1]))
            np.testing.assert_allclose(d1["force"], d2["force"], rtol=0, atol=1e-6 * lam_scale)


# ---------------------------------------------------------------------------------------------
# Newmark (trapezoidal) with index-2 constraints

def test_newmark_index2_pendulum():
    """Trapezoidal rule with velocity-level constraints on the docs/references.rst pendulum: positions
    at t = 1, 2, 5, 10 within 1.5e-5*t of the table at h = 1e-3 (errors shrink 3.5..4.5x at
    h/2); the velocity-level residual n.v stays below 1e-6 m/s (v_max = 4.4 m/s) at every step
    and below 1e-9 m/s once t >= 0.1; the position-level drift ||p| - L| is O(h^2): < 5e-6 at
    h = 1e-3 and 3..5x smaller at h/2."""
    errs, drift = {}, {}
    for h in (1e-3, 5e-4):
        mbs, it, d = run_pendulum(h, 10.0, configure=use_newmark_index2)
        p, v, t = d["pos"][:, 1:3], d["vel"][:, 1:3], d["pos"][:, 0]
        r = np.hypot(p[:, 0], p[:, 1])
        gv = np.abs(np.sum(p * v, axis=1) / r)
        assert np.max(gv) < 1e-6, f"h={h}: velocity constraint residual {np.max(gv):.3e}"
        assert np.max(gv[t >= 0.1]) < 1e-9
        drift[h] = np.max(np.abs(r - PEND_L))
        errs[h] = np.array([np.linalg.norm(row_at(d["pos"], tt)[:2] - PEND_TABLE[tt])
                            for tt in sorted(PEND_TABLE)])
    assert np.all(errs[1e-3] < 1.5e-5 * np.array(sorted(PEND_TABLE)))
    ratio = errs[1e-3] / errs[5e-4]
    assert np.all((ratio > 3.5) & (ratio < 4.5)), ratio
    assert drift[1e-3] < 5e-6
    assert 3.0 < drift[1e-3] / drift[5e-4] < 5.0


def test_newmark_index2_double_pendulum_order():
    """Index-2 trapezoidal rule on the double pendulum: q and v errors at t = 1 converge with
    order 2 (1.8 .. 2.3) against the exact solution."""
    exact = double_pendulum_exact(1.0)
    errors = []
    for h in HS:
        r = double_pendulum_coordyn(h, 1.0, 0.9, configure=use_newmark_index2)
        errors.append([np.linalg.norm(r["q"] - exact[0]), np.linalg.norm(r["v"] - exact[1])])
    p = observed_orders(errors)
    assert np.all((p > 1.8) & (p < 2.3)), p
