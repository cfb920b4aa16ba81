"""Large deflections with the static solver (csrc/solvers/cd_static.c, cd_newton.c): the line
search (staticSolver.lineSearch), adaptive load steps (staticSolver.adaptiveStep,
minimumStepSize) and their statistics.

Models: a discrete elastica (a cantilever of N rigid 2D links joined by revolute joints with
torsional springs, clamped to ground by a spring of twice the stiffness: the trapezoidal rule
for the curvature, error O(1/N^2)) under a tip load perpendicular to the undeformed axis; and
a point pulled across a spring that is straight and unstressed at the start (zero transverse
stiffness, so plain Newton overshoots by orders of magnitude)."""
import numpy as np
import pytest

import coordyn as cd

# inextensible elastica, tip load P perpendicular to the axis, L = EI = 1: horizontal and
# vertical tip displacement u/L, v/L (boundary-value problem solved with scipy's solve_bvp to
# 1e-10; Mattiasson 1981, Table 1: 0.05643, 0.30172 for PL^2/EI = 1 and 0.55500, 0.81061 for 10)
ELASTICA = {1: (0.056433236283386, 0.301720773799819),
            10: (0.554995597753758, 0.810609024880293)}


def _settings(n=1, line_search=True, adaptive=True):
    s = cd.SimulationSettings()
    s.progressBar = False
    s.staticSolver.numberOfLoadSteps = n
    s.staticSolver.lineSearch = line_search
    s.staticSolver.adaptiveStep = adaptive
    return s


def _chain(N, load):
    """cantilever of N rigid links (L = EI = 1) with tip load P L^2/EI = load, pointing -y"""
    h = 1.0 / N
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    prev = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g))
    for i in range(N):
        n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[(i + 0.5) * h, 0, 0]))
        b = mbs.AddObject(cd.RigidBody2D(mass=h, inertia=h ** 3 / 12, nodeNumber=n))
        left = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[-h / 2, 0, 0]))
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[prev, left]))
        mbs.AddObject(cd.TorsionalSpringDamper(markerNumbers=[prev, left],
                                               stiffness=(2.0 if i == 0 else 1.0) / h))
        prev = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[h / 2, 0, 0]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=prev, loadVector=[0, -load, 0]))
    tip = mbs.AddSensor(cd.SensorMarker(markerNumber=prev,
                                        outputVariableType=cd.OutputVariableType.Position))
    mbs.Assemble()
    return mbs, tip


def _solve_chain(N, load, **kw):
    mbs, tip = _chain(N, load)
    mbs.SolveStatic(_settings(**kw))
    p = mbs.GetSensorStoredData(tip)[-1, 1:]
    return np.array([1.0 - p[0], -p[1]]), mbs.GetSolverStatistics()


def test_elastica_pl2_10_in_one_load_step_with_the_line_search():
    """PL^2/EI = 10 from the straight configuration in one load step: with the line search 5
    Newton iterations (one reduced increment); plain Newton fails the full step after 25
    iterations and needs two half steps (34 iterations). Same equilibrium."""
    u_ls, st_ls = _solve_chain(16, 10.0)
    assert st_ls["steps"] == 1 and st_ls["rejectedSteps"] == 0
    assert st_ls["newtonIterations"] <= 8 and st_ls["lineSearchReductions"] >= 1
    u_pl, st_pl = _solve_chain(16, 10.0, line_search=False)
    assert st_pl["rejectedSteps"] >= 1 and st_pl["newtonIterations"] > 25
    assert st_pl["lineSearchReductions"] == 0
    assert np.allclose(u_ls, u_pl, rtol=0, atol=1e-10)
    # and without load-step reduction plain Newton gives up, the line search does not
    with pytest.raises(cd.SolverError, match="static solver failed at load factor 1 "):
        _solve_chain(16, 10.0, line_search=False, adaptive=False)
    u_na, st_na = _solve_chain(16, 10.0, adaptive=False)
    assert np.array_equal(u_na, u_ls)


@pytest.mark.parametrize("load", [1, 10])
def test_elastica_chain_converges_to_the_elastica(load):
    """tip displacement of the discrete elastica: error O(1/N^2) (ratio 4 per halving of the
    link length), the Richardson extrapolation of N = 16, 32 within 3e-5 of the elastica"""
    ref = np.array(ELASTICA[load])
    u = {N: _solve_chain(N, float(load))[0] for N in (8, 16, 32)}
    e = {N: np.abs(u[N] - ref) for N in u}
    for N in (8, 16):
        assert np.all((3.5 < e[N] / e[2 * N]) & (e[N] / e[2 * N] < 4.5)), (N, e)
    assert np.all(e[32] / ref < 2e-3)
    rich = (4 * u[32] - u[16]) / 3
    assert np.all(np.abs(rich - ref) / ref < 3e-5), (rich, ref)


def test_line_search_leaves_easy_solves_unchanged():
    """PL^2/EI = 1 (moderate): no increment is reduced, the iterates and statistics are those
    of plain Newton, bit for bit"""
    for n in (1, 4):
        u1, s1 = _solve_chain(16, 1.0, n=n)
        u0, s0 = _solve_chain(16, 1.0, n=n, line_search=False)
        assert np.array_equal(u1, u0)
        assert s1["lineSearchReductions"] == 0
        for k in ("steps", "rejectedSteps", "newtonIterations", "residuals", "factorizations"):
            assert s1[k] == s0[k], k


def _pulled_spring():
    """a spring from the origin to (1, 0, 0), unstressed, pulled across by P = 50 (spring 100,
    a weak transverse spring 0.01): the equilibrium is the spring turned along the load,
    stretched: x = 0, y = (P + k) / (k + ky)"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=100, referenceLength=1))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[0, 0.01, 100],
                                           offset=[0, 0, 0]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=m1, loadVector=[0, 50, 0]))
    mbs.Assemble()
    return mbs, n


def test_pulled_spring_plain_newton_recovers_from_the_overshoot():
    """the first Newton increment from the straight spring is y = P / ky = 5000 (the solution
    is 1.5), a residual 400 times the load's. The static solver does not call that divergence
    (the stiff spring pulls the point back in the next iterations; until the solver stopped on
    residual growth, this took 20 load-step halvings and failed): plain Newton converges in one
    load step in 4 iterations; the line search too, with reductions"""
    for ls, its in ((False, 4), (True, 6)):
        mbs, n = _pulled_spring()
        mbs.SolveStatic(_settings(line_search=ls, adaptive=False))
        st = mbs.GetSolverStatistics()
        assert st["steps"] == 1 and st["rejectedSteps"] == 0 and st["newtonIterations"] == its
        assert (st["lineSearchReductions"] >= 1) == ls
        q = mbs.GetNodeOutput(n, cd.OutputVariableType.Position)
        assert np.allclose(q, [0, 150 / 100.01, 0], rtol=0, atol=1e-8)


def test_line_search_max_reductions_zero_is_plain_newton():
    """lineSearch with lineSearchMaxReductions = 0 takes plain Newton's iterates exactly"""
    res = []
    for ls in (False, True):
        mbs, n = _pulled_spring()
        s = _settings(line_search=ls, adaptive=False)
        s.staticSolver.lineSearchMaxReductions = 0
        mbs.SolveStatic(s)
        st = mbs.GetSolverStatistics()
        assert st["lineSearchReductions"] == 0
        res.append((st["newtonIterations"], tuple(mbs.GetNodeOutput(n, cd.OutputVariableType.Position))))
    assert res[0] == res[1]


def test_minimum_step_size_ends_the_load_step_halving():
    """with 2 Newton iterations allowed, the pulled spring does not converge at load steps 1,
    0.5, 0.25, 0.125; below minimumStepSize = 0.1 the solve ends with the last reason"""
    mbs, _ = _pulled_spring()
    s = _settings(line_search=False)
    s.staticSolver.minimumStepSize = 0.1
    s.staticSolver.newton.maxIterations = 2
    with pytest.raises(cd.SolverError, match=r"load step 0.125\): Newton did not converge in 2 "
                                             r"iterations"):
        mbs.SolveStatic(s)
    assert mbs.GetSolverStatistics()["rejectedSteps"] == 4


def test_line_search_is_off_by_default():
    """off by default (it changes results within the Newton tolerance where plain Newton
    converges too, see docs/solvers.rst): the default solve is plain Newton's"""
    s = cd.SimulationSettings()
    assert not s.staticSolver.lineSearch and s.staticSolver.lineSearchMaxReductions == 10
    assert s.staticSolver.adaptiveStep and s.staticSolver.minimumStepSize == 1e-8
    mbs, tip = _chain(16, 10.0)
    s.progressBar = False
    mbs.SolveStatic(s)
    st = mbs.GetSolverStatistics()
    assert st["lineSearchReductions"] == 0 and st["rejectedSteps"] == 1
    assert st["newtonIterations"] == 34


def _hanging_mass(stabilizer, line_search=False):
    """a mass on a rod of length 1 (ConnectorDistance), starting horizontal, loaded by 20 N
    downwards: a kinematic system (no stiffness across the rod while the rod force is zero)"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1, 0]))
    mbs.AddObject(cd.MassPoint2D(mass=2, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[m0, m1], distance=1))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=m1, loadVector=[0, -20, 0]))
    sens = mbs.AddSensor(cd.SensorNode(nodeNumber=n,
                                       outputVariableType=cd.OutputVariableType.Position))
    mbs.Assemble()
    s = _settings(n=10, line_search=line_search)
    s.staticSolver.stabilizerODE2term = stabilizer
    return mbs, s, sens


# Exudyn 1.13.6, the same model, stabilizerODE2term = 10: position after load steps 1 to 4
# (Exudyn then fails the 5th load step; coordyn goes on to the hanging equilibrium)
EXUDYN_STABILIZED = [[0.99493719, -0.10049871], [0.95504826, -0.29645037],
                     [0.83630076, -0.54827095], [0.63237909, -0.77465908]]


def test_stabilizer_solves_a_kinematic_system_like_exudyn():
    mbs, s, sens = _hanging_mass(0.0)
    with pytest.raises(cd.SolverError, match="singular"):
        mbs.SolveStatic(s)
    for line_search in (False, True):
        mbs, s, sens = _hanging_mass(10.0, line_search)
        mbs.SolveStatic(s)
        d = mbs.GetSensorStoredData(sens)
        assert np.allclose(d[:4, 1:3], EXUDYN_STABILIZED, rtol=0, atol=2e-8)
        assert np.allclose(d[-1, 1:3], [0, -1], rtol=0, atol=1e-10)   # no stabilizer at lf = 1
        assert mbs.systemData.GetODE2Coordinates_tt() == pytest.approx([0, 0], abs=1e-14)


def test_stabilizer_matches_exudyn_live():
    exu = pytest.importorskip("exudyn")
    from exudyn.itemInterface import (MarkerBodyPosition, MarkerNodePosition, MassPoint2D,
                                      NodePoint2D, ObjectConnectorDistance, ObjectGround,
                                      LoadForceVector, SensorNode)
    for stab in (1.0, 10.0):
        SC = exu.SystemContainer()
        mbs = SC.AddSystem()
        g = mbs.AddObject(ObjectGround())
        n = mbs.AddNode(NodePoint2D(referenceCoordinates=[1, 0]))
        mbs.AddObject(MassPoint2D(mass=2, nodeNumber=n))
        m0 = mbs.AddMarker(MarkerBodyPosition(bodyNumber=g))
        m1 = mbs.AddMarker(MarkerNodePosition(nodeNumber=n))
        mbs.AddObject(ObjectConnectorDistance(markerNumbers=[m0, m1], distance=1))
        mbs.AddLoad(LoadForceVector(markerNumber=m1, loadVector=[0, -20, 0]))
        se = mbs.AddSensor(SensorNode(nodeNumber=n, outputVariableType=exu.OutputVariableType.Position,
                                      storeInternal=True))
        mbs.Assemble()
        ss = exu.SimulationSettings()
        ss.staticSolver.numberOfLoadSteps = 10
        ss.staticSolver.stabilizerODE2term = stab
        ss.staticSolver.verboseMode = 0
        try:
            mbs.SolveStatic(ss)
        except Exception:
            pass   # Exudyn fails a later load step; compare the ones it finished
        de = mbs.GetSensorStoredData(se)
        # Exudyn records the start and reduced steps too: compare the nominal load steps
        de = de[(de[:, 0] > 0) & (np.abs(de[:, 0] * 10 - np.round(de[:, 0] * 10)) < 1e-9)]
        cmbs, s, sens = _hanging_mass(stab)
        cmbs.SolveStatic(s)
        dc = cmbs.GetSensorStoredData(sens)[:len(de)]
        assert len(de) >= 1
        assert np.allclose(dc[:, :3], de[:, :3], rtol=0, atol=5e-8)
