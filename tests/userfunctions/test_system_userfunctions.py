"""System user functions (Exudyn's MainSystem.Set{PreStep,PostStep,PostNewton,PreNewtonResidual,
SystemJacobian}UserFunction): where the solvers call them (times and counts as Exudyn 1.13.6
calls them on the same model), their return conventions, changes of item parameters and
coordinates made from them during a solve, and exceptions raised in them."""
import importlib
import time

import numpy as np
import pytest

import coordyn as cd

_KEEP = []


def _items(exu):
    return importlib.import_module(exu.__name__ + (".itemInterface" if exu.__name__ == "exudyn"
                                                   else ".items"))


def _set_load(mbs, load, key, value):
    f = getattr(mbs, "SetLoadParameter", None)
    if f is not None:
        f(load, key, value)
    else:
        mbs.ModifyLoad(load, {key: value})


def oscillator(exu, spring=True, load=1.0):
    """A mass of 2 kg on a Cartesian spring-damper (k = 100, d = 1) with a coordinate load in x:
    (mbs, node, spring object, load, coordinate marker)."""
    it = _items(exu)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    _KEEP.append(SC)  # Exudyn frees the systems with their container
    n = mbs.AddNode(it.NodePoint(referenceCoordinates=[0, 0, 0]))
    m = mbs.AddObject(it.MassPoint(physicsMass=2, nodeNumber=n) if exu.__name__ == "coordyn"
                      else it.MassPoint(mass=2, nodeNumber=n))
    mc = mbs.AddMarker(it.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    sp = None
    if spring:
        g = mbs.AddObject(it.ObjectGround())
        mg = mbs.AddMarker(it.MarkerBodyPosition(bodyNumber=g))
        mm = mbs.AddMarker(it.MarkerBodyPosition(bodyNumber=m))
        sp = mbs.AddObject(it.CartesianSpringDamper(markerNumbers=[mg, mm],
                                                    stiffness=[100, 100, 100],
                                                    damping=[1, 1, 1]))
    ld = mbs.AddLoad(it.LoadCoordinate(markerNumber=mc, load=load))
    return mbs, n, sp, ld, mc


def dyn_settings(exu, steps=10, end=1.0, modified=False):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = modified
    s.timeIntegration.generalizedAlpha.computeInitialAccelerations = False
    return s


def recorded_run(exu, case="plain"):
    """The oscillator with all four step/Newton functions recording their calls."""
    mbs, n, sp, ld, mc = oscillator(exu)
    calls = {"pre": [], "post": [], "pn": [], "res": []}

    def pre(mbs, t):
        calls["pre"].append(t)
        if case == "break" and t > 0.5:
            mbs.SetObjectParameter(sp, "stiffness", [0, 0, 0])
        return not (case == "stop" and t >= 0.3 - 1e-12)

    def post(mbs, t):
        calls["post"].append(t)
        return True

    def pn(mbs, t):
        calls["pn"].append(t)
        return [0, -1]

    def res(mbs, t, newtonIt, discontinuousIt):
        calls["res"].append((t, newtonIt, discontinuousIt))

    mbs.SetPreStepUserFunction(pre)
    mbs.SetPostStepUserFunction(post)
    mbs.SetPostNewtonUserFunction(pn)
    mbs.SetPreNewtonResidualUserFunction(res)
    mbs.Assemble()
    mbs.SolveDynamic(dyn_settings(exu))
    return mbs.systemData.GetODE2Coordinates(), calls


def test_calls_at_the_steps():
    """10 steps on [0, 1]: PreStep at each step's end, PostStep at the start and after each step,
    PostNewton once per step, PreNewtonResidual before each residual (2 per linear step)."""
    q, calls = recorded_run(cd)
    h = 0.1
    assert np.allclose(calls["pre"], h * np.arange(1, 11), atol=1e-14)
    assert np.allclose(calls["post"], h * np.arange(0, 11), atol=1e-14)
    assert np.allclose(calls["pn"], h * np.arange(1, 11), atol=1e-14)
    assert [c[1:] for c in calls["res"]] == [(0, 0), (1, 0)] * 10
    assert cd.SolveDynamic  # the solve finished; the mass moved under the load
    assert q[0] > 0


@pytest.mark.parametrize("case", ["plain", "stop", "break"])
def test_same_calls_and_results_as_exudyn(case):
    exudyn = pytest.importorskip("exudyn")
    qe, ce = recorded_run(exudyn, case)
    qc, cc = recorded_run(cd, case)
    assert np.allclose(qc, qe, rtol=1e-10, atol=1e-13)
    for k in ("pre", "post", "pn"):
        assert np.allclose(cc[k], ce[k], rtol=0, atol=1e-13), k
    if case != "break":  # Exudyn's stale modified-Newton matrix takes more iterations there
        assert np.allclose(np.array(cc["res"]), np.array(ce["res"]), rtol=0, atol=1e-13)


def test_prestep_false_stops_after_the_step():
    q, calls = recorded_run(cd, "stop")
    assert calls["pre"][-1] == pytest.approx(0.3)
    assert len(calls["pre"]) == 3


def test_prestep_none_stops_as_in_exudyn():
    """Exudyn converts the result to bool: a function without return stops after the first
    step."""
    mbs, *_ = oscillator(cd)
    seen = []
    mbs.SetPreStepUserFunction(lambda mbs, t: seen.append(t))
    mbs.Assemble()
    mbs.SolveDynamic(dyn_settings(cd))
    assert seen == [pytest.approx(0.1)]
    assert mbs.systemData.GetTime() == pytest.approx(0.1)


def test_poststep_false_stops_and_sensors_end_there():
    mbs, n, sp, ld, mc = oscillator(cd)
    sens = mbs.AddSensor(cd.SensorNode(nodeNumber=n, storeInternal=True,
                                       outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.SetPostStepUserFunction(lambda mbs, t: t < 0.45)
    mbs.Assemble()
    mbs.SolveDynamic(dyn_settings(cd))
    data = mbs.GetSensorStoredData(sens)
    assert data[-1, 0] == pytest.approx(0.5)
    assert mbs.systemData.GetTime() == pytest.approx(0.5)


def test_break_spring_matches_free_motion_after_the_break():
    """The PreStep function removes the spring's stiffness at t > 0.5: afterwards the mass moves
    under the load and the damper only; the same model solved with a spring without stiffness
    from a state taken at the break follows the same path."""
    q, calls = recorded_run(cd, "break")
    exudyn = pytest.importorskip("exudyn")
    qe, _ = recorded_run(exudyn, "break")
    assert q == pytest.approx(qe, rel=1e-10)


def test_poststep_projection_sets_current_coordinates():
    """A PostStep function that resets the coordinates to zero before they are stored
    (Exudyn's 'StopMass'): the sensor sees zero, and the mass restarts from rest each step."""
    mbs, n, sp, ld, mc = oscillator(cd)
    sens = mbs.AddSensor(cd.SensorNode(nodeNumber=n, storeInternal=True,
                                       outputVariableType=cd.OutputVariableType.Coordinates))

    def post(mbs, t):
        if t > 0.5:
            mbs.systemData.SetODE2Coordinates(np.zeros(3))
            mbs.systemData.SetODE2Coordinates_t(np.zeros(3))
        return True
    mbs.SetPostStepUserFunction(post)
    mbs.Assemble()
    mbs.SolveDynamic(dyn_settings(cd))
    data = mbs.GetSensorStoredData(sens)
    assert np.all(data[data[:, 0] > 0.55, 1:] == 0)
    assert np.any(data[data[:, 0] < 0.55, 1] != 0)


def replicated_spring(exu, jac=True, disc=False, steps=100):
    """A spring-damper (k = 100, d = 1) built from a PreNewtonResidual function that sets a
    coordinate load from the current iterate, with its Jacobian from a SystemJacobian function;
    disc: a PostNewton function that reports an error above the tolerance on every other call."""
    mbs, n, sp, ld, mc = oscillator(exu, spring=False, load=0.0)
    it = _items(exu)
    mbs.AddLoad(it.LoadCoordinate(markerNumber=mc, load=1.0))
    k, d = 100.0, 1.0
    cnt = {"jac": 0, "pn": 0, "fac": None}

    def res(mbs, t, newtonIt, discontinuousIt):
        u = mbs.systemData.GetODE2Coordinates()[0]
        v = mbs.systemData.GetODE2Coordinates_t()[0]
        _set_load(mbs, ld, "load", -k * u - d * v)

    def sysjac(mbs, t, f2, f2t, f1):
        cnt["jac"] += 1
        cnt["fac"] = (f2, f2t, f1)
        m = exu.MatrixContainer()
        m.SetWithSparseMatrix([[0, 0, -f2 * k - f2t * d]], 3, 3)
        return m

    def pn(mbs, t):
        cnt["pn"] += 1
        return [1.0 if cnt["pn"] % 2 == 1 else 0.0, -1]

    mbs.SetPreNewtonResidualUserFunction(res)
    if jac:
        mbs.SetSystemJacobianUserFunction(sysjac)
    if disc:
        mbs.SetPostNewtonUserFunction(pn)
    mbs.Assemble()
    s = dyn_settings(exu, steps=steps)
    s.timeIntegration.discontinuous.iterationTolerance = 0.5
    mbs.SolveDynamic(s)
    stats = mbs.GetSolverStatistics() if exu.__name__ == "coordyn" else None
    return mbs.systemData.GetODE2Coordinates(), cnt, stats


def spring_reference(steps=100):
    """The same oscillator with a real CoordinateSpringDamper."""
    mbs, n, sp, ld, mc = oscillator(cd, spring=False, load=1.0)
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[mg, mbs.AddMarker(
        cd.MarkerNodePosition(nodeNumber=n))], stiffness=[100, 0, 0], damping=[1, 0, 0]))
    mbs.Assemble()
    mbs.SolveDynamic(dyn_settings(cd, steps=steps))
    return mbs.systemData.GetODE2Coordinates()


def test_system_jacobian_is_used():
    """With the SystemJacobian function Newton converges in one iteration per step (the model
    is linear); without it, it needs more. Both reach the spring-damper's solution."""
    q, cnt, st = replicated_spring(cd, jac=True)
    q0, _, st0 = replicated_spring(cd, jac=False)
    ref = spring_reference()
    assert cnt["jac"] == st["jacobians"] == 100
    assert st["newtonIterations"] == 100
    assert st0["newtonIterations"] > 200
    assert q[0] == pytest.approx(ref[0], rel=1e-9)
    assert q0[0] == pytest.approx(ref[0], rel=1e-6)
    # dynamics: the factors are minus the coefficients of K and D in the Newton matrix
    # (generalized-alpha, rho = 0.9 (Chung-Hulbert), h = 0.01: K enters with h^2 beta
    # (1 - af) / (1 - am), D with gamma / (h beta) times that)
    f2, f2t, f1 = cnt["fac"]
    rho, h = 0.9, 0.01
    am, af = (2 * rho - 1) / (rho + 1), rho / (rho + 1)
    gamma = 0.5 + af - am
    beta = 0.25 * (gamma + 0.5) ** 2
    assert f2 == pytest.approx(-h * h * beta * (1 - af) / (1 - am), rel=1e-12)
    assert f2t == pytest.approx(f2 * gamma / (h * beta), rel=1e-12)


def test_system_jacobian_same_as_exudyn():
    exudyn = pytest.importorskip("exudyn")
    qe, ce, _ = replicated_spring(exudyn)
    qc, cc, _ = replicated_spring(cd)
    assert qc == pytest.approx(qe, rel=1e-10, abs=1e-14)
    assert cc["jac"] == ce["jac"]


def test_post_newton_discontinuity_repeats_the_newton_solve():
    """A PostNewton error above iterationTolerance makes the solver solve the step again: two
    Newton solves per step, as Exudyn does."""
    q, cnt, st = replicated_spring(cd, disc=True)
    assert cnt["pn"] == 200
    assert st["discontinuousIterations"] == 200
    assert st["newtonIterations"] == 200
    exudyn = pytest.importorskip("exudyn")
    qe, ce, _ = replicated_spring(exudyn, disc=True)
    assert ce["pn"] == cnt["pn"] and ce["jac"] == cnt["jac"]
    assert q == pytest.approx(qe, rel=1e-10, abs=1e-14)


def test_post_newton_recommended_step_size():
    """A recommended step size below the step retakes it at min(0.75 h, recommended) (adaptive
    steps), as Exudyn's ReduceStepSize does."""
    mbs, *_ = oscillator(cd)
    tried = []
    state = {"done": False}

    def pre(mbs, t):
        tried.append(t)
        return True

    def pn(mbs, t):
        if not state["done"] and t > 0.25:
            state["done"] = True
            return [10.0, 0.02]
        return [0, -1]
    mbs.SetPreStepUserFunction(pre)
    mbs.SetPostNewtonUserFunction(pn)
    mbs.Assemble()
    s = dyn_settings(cd)
    s.timeIntegration.adaptiveStep = True
    mbs.SolveDynamic(s)
    i = next(k for k, t in enumerate(tried) if t > 0.25)
    assert tried[i] == pytest.approx(0.3)
    assert tried[i + 1] == pytest.approx(0.22)          # retried from 0.2 with h = 0.02
    assert mbs.systemData.GetTime() == pytest.approx(1.0)
    assert mbs.GetSolverStatistics()["rejectedSteps"] == 1
    # Exudyn tries the same steps up to the retry (afterwards the engines grow the step by
    # their own rules)
    exudyn = pytest.importorskip("exudyn")
    mbs, *_ = oscillator(exudyn)
    tried_e = []
    state["done"] = False
    mbs.SetPreStepUserFunction(lambda mbs, t: tried_e.append(t) or True)
    mbs.SetPostNewtonUserFunction(pn)
    mbs.Assemble()
    s = dyn_settings(exudyn)
    s.timeIntegration.adaptiveStep = True
    mbs.SolveDynamic(s)
    assert np.allclose(tried_e[:i + 5], tried[:i + 5], rtol=0, atol=1e-12)


def test_post_newton_error_that_never_settles():
    """discontinuous.maxIterations Newton solves per step at most; then a warning
    (ignoreMaxIterations, the default) or the step fails."""
    for ignore in (True, False):
        mbs, *_ = oscillator(cd)
        calls = []
        mbs.SetPostNewtonUserFunction(lambda mbs, t: calls.append(t) or [10.0, -1])
        mbs.Assemble()
        s = dyn_settings(cd, steps=4)
        s.timeIntegration.discontinuous.maxIterations = 3
        s.timeIntegration.discontinuous.ignoreMaxIterations = ignore
        s.timeIntegration.adaptiveStep = False   # the failed step is not retried smaller
        msg = r"the PostNewtonUserFunction's error did not settle within " \
              r"discontinuous.maxIterations = 3"
        if ignore:
            with pytest.warns(UserWarning, match=msg):
                mbs.SolveDynamic(s)
            assert len(calls) == 3 * 4
        else:
            with pytest.raises(cd.SolverError, match=msg):
                mbs.SolveDynamic(s)
            assert len(calls) == 3


def test_static_solver_calls_step_functions():
    """The static solver calls them per load step as Exudyn does."""
    exudyn = pytest.importorskip("exudyn")
    out = []
    for exu in (exudyn, cd):
        mbs, *_ = oscillator(exu)
        calls = {"pre": [], "post": [], "res": 0}
        mbs.SetPreStepUserFunction(lambda mbs, t: calls["pre"].append(t) or True)
        mbs.SetPostStepUserFunction(lambda mbs, t: calls["post"].append(t) or True)
        mbs.Assemble()
        s = exu.SimulationSettings()
        s.staticSolver.numberOfLoadSteps = 4
        s.staticSolver.verboseMode = 0
        mbs.SolveStatic(s)
        out.append((calls, mbs.systemData.GetODE2Coordinates()))
    (ce, qe), (cc, qc) = out
    assert cc["pre"] == pytest.approx(ce["pre"]) and len(cc["pre"]) == 4
    assert cc["post"] == pytest.approx(ce["post"])
    assert qc == pytest.approx(qe, rel=1e-10)
    assert qc[0] == pytest.approx(0.01)   # 1 N / 100 N/m


def test_static_system_jacobian_sign():
    """Statics: Exudyn passes the factors (1, 0, 1) and its matrix is df/dq; coordyn passes the
    same factors and gives the same result with one Newton iteration per load step."""
    mbs, n, sp, ld, mc = oscillator(cd, spring=False, load=0.0)
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=mc, load=1.0))
    fac = []

    def res(mbs, t, i, d):
        _set_load(mbs, ld, "load", -100.0 * mbs.systemData.GetODE2Coordinates()[0])

    def jac(mbs, t, f2, f2t, f1):
        fac.append((f2, f2t, f1))
        return cd.MatrixContainer(np.diag([-f2 * 100.0, 0, 0]))
    mbs.SetPreNewtonResidualUserFunction(res)
    mbs.SetSystemJacobianUserFunction(jac)
    mbs.ModifyNode(n, {"referenceCoordinates": [0, 0, 0]})
    mbs.Assemble()
    # y and z have no stiffness: fix them by a ground spring in y, z only
    s = cd.SimulationSettings()
    s.staticSolver.verboseMode = 0
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[mg, mbs.AddMarker(
        cd.MarkerNodePosition(nodeNumber=n))], stiffness=[0, 1, 1]))
    mbs.Assemble()
    mbs.SolveStatic(s)
    assert fac[0] == (1.0, 0.0, 1.0)
    assert mbs.systemData.GetODE2Coordinates()[0] == pytest.approx(0.01, rel=1e-10)
    assert mbs.GetSolverStatistics()["newtonIterations"] <= 2


def test_system_jacobian_entry_outside_pattern():
    mbs, n, sp, ld, mc = oscillator(cd, spring=False)
    n2 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n2))
    mbs.SetSystemJacobianUserFunction(lambda mbs, t, a, b, c: cd.MatrixContainer(
        np.eye(6)[:, ::-1]))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"SystemJacobianUserFunction: entry \(0, 5\) is "
                                             r"not in the Newton matrix pattern"):
        mbs.SolveDynamic(dyn_settings(cd))


def test_get_and_erase():
    mbs, *_ = oscillator(cd)

    def f(mbs, t):
        return True
    for name in ("PreStep", "PostStep", "PostNewton", "PreNewtonResidual", "SystemJacobian"):
        assert getattr(mbs, f"Get{name}UserFunction")() == 0
        getattr(mbs, f"Set{name}UserFunction")(f)
        assert getattr(mbs, f"Get{name}UserFunction")() is f
        getattr(mbs, f"Set{name}UserFunction")(0)
        assert getattr(mbs, f"Get{name}UserFunction")() == 0
    # Exudyn's dictionary form: from the getters with asDict=True, taken by the setters
    assert mbs.GetPreStepUserFunction(asDict=True) == 0
    mbs.SetPreStepUserFunction(f)
    d = mbs.GetPreStepUserFunction(asDict=True)
    assert d == {"function": f, "type": "Python"}
    mbs.SetPostStepUserFunction(d)
    assert mbs.GetPostStepUserFunction() is f
    mbs.SetPreStepUserFunction(0)
    mbs.SetPostStepUserFunction(0)
    with pytest.raises(TypeError, match=r"SetPreStepUserFunction: a dict must be \{'function'"):
        mbs.SetPreStepUserFunction({"function": f})
    with pytest.raises(TypeError, match="SetPreStepUserFunction: expected a Python function"):
        mbs.SetPreStepUserFunction(3)
    # an erased function is not called
    mbs.SetPreStepUserFunction(lambda mbs, t: 1 / 0)
    mbs.SetPreStepUserFunction(0)
    mbs.Assemble()
    mbs.SolveDynamic(dyn_settings(cd))
    assert mbs.systemData.GetTime() == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["PreStep", "PostStep", "PostNewton", "PreNewtonResidual",
                                  "SystemJacobian"])
def test_exception_stops_the_solve_and_names_the_function(name):
    mbs, *_ = oscillator(cd)

    def bad(mbs, t, *args):
        if t > 0.25:
            raise KeyError("boom")
        if name == "PostNewton":
            return [0, -1]
        if name == "SystemJacobian":
            return cd.MatrixContainer(np.zeros((3, 3)))
        return True
    getattr(mbs, f"Set{name}UserFunction")(bad)
    mbs.Assemble()
    with pytest.raises(KeyError, match="boom") as e:
        mbs.SolveDynamic(dyn_settings(cd))
    assert any(f"{name}UserFunction of the MainSystem" in n for n in e.value.__notes__)
    assert mbs.systemData.GetTime() <= 0.3 + 1e-12


def test_bad_return_of_post_newton():
    mbs, *_ = oscillator(cd)
    mbs.SetPostNewtonUserFunction(lambda mbs, t: 0.0)
    mbs.Assemble()
    with pytest.raises(TypeError, match=r"must return \[discontinuousError, "
                                        r"recommendedStepSize\]"):
        mbs.SolveDynamic(dyn_settings(cd))


def test_structural_change_refused_during_solve():
    mbs, n, sp, ld, mc = oscillator(cd)

    def pre(mbs, t):
        mbs.SetObjectParameter(sp, "markerNumbers", [2, 1])
        return True
    mbs.SetPreStepUserFunction(pre)
    mbs.Assemble()
    with pytest.raises(RuntimeError, match="'markerNumbers' cannot be changed during a solve"):
        mbs.SolveDynamic(dyn_settings(cd))


def test_item_change_refused_in_item_user_function():
    """Item user functions run inside the evaluation of the items: they may read, not change."""
    mbs, n, sp, ld, mc = oscillator(cd)

    def uf(mbs, t, load):
        mbs.SetObjectParameter(sp, "stiffness", [1, 1, 1])
        return load
    mbs.ModifyLoad(ld, {"loadUserFunction": uf})
    mbs.Assemble()
    with pytest.raises(RuntimeError, match="the system is being solved"):
        mbs.SolveDynamic(dyn_settings(cd))


def test_mass_change_in_prestep_is_used():
    """A mass changed in a PreStep function takes effect at once (the constant mass matrices are
    computed again): the free mass under a constant force whose mass is set from 2 to 1 before
    the first step moves as the one of mass 1 (x(1) near F t^2 / (2 m) = 0.5)."""
    def free(m, change):
        mbs, n, sp, ld, mc = oscillator(cd, spring=False, load=1.0)
        mbs.ModifyObject(0, {"physicsMass": m})
        if change:
            mbs.SetPreStepUserFunction(lambda mbs, t: mbs.SetObjectParameter(0, "physicsMass",
                                                                             1.0) or True)
        mbs.Assemble()
        mbs.SolveDynamic(dyn_settings(cd, steps=10))
        return mbs.systemData.GetODE2Coordinates()[0]
    x = free(2.0, True)
    assert x == pytest.approx(free(1.0, False), rel=1e-12)
    assert x == pytest.approx(0.5, rel=0.15)
    assert free(2.0, False) == pytest.approx(0.5 * x, rel=1e-12)


def test_no_cost_when_erased():
    """A function set and erased again leaves nothing behind: the solve makes no call, takes the
    same iterations and the same time (within noise: the best of 9 interleaved runs) as one
    where none was ever set."""
    s = dyn_settings(cd, steps=20000, end=20.0)
    a, *_ = oscillator(cd)
    b, *_ = oscillator(cd)
    calls = []
    b.SetPreNewtonResidualUserFunction(lambda mbs, t, i, d: calls.append(t))
    b.SetPreStepUserFunction(lambda mbs, t: calls.append(t) or True)
    b.SetPreNewtonResidualUserFunction(0)
    b.SetPreStepUserFunction(0)
    for m in (a, b):
        m.Assemble()
    best = {"a": np.inf, "b": np.inf}
    for _ in range(9):
        for key, m in (("a", a), ("b", b)):
            t0 = time.perf_counter()
            m.SolveDynamic(s)
            best[key] = min(best[key], time.perf_counter() - t0)
    assert calls == []
    assert a.GetSolverStatistics()["newtonIterations"] == b.GetSolverStatistics()["newtonIterations"]
    assert np.array_equal(a.systemData.GetODE2Coordinates(), b.systemData.GetODE2Coordinates())
    assert best["b"] < 1.5 * best["a"]


def frozen_mass(exu, t_stop=0.55):
    """Exudyn's 'StopMass': from t_stop on, a PostStep function puts the mass back to the
    StartOfStep coordinates after every step. Returns (the sensor data, the times the function
    saw for StartOfStep, the times it saw for Current)."""
    mbs, n, sp, ld, mc = oscillator(exu)
    it = _items(exu)
    sens = mbs.AddSensor(it.SensorNode(nodeNumber=n, storeInternal=True,
                                       outputVariableType=exu.OutputVariableType.Coordinates))
    seen = []

    def post(mbs, t):
        sos = exu.ConfigurationType.StartOfStep
        seen.append((t, mbs.systemData.GetTime(sos)))
        if t > t_stop:
            q0 = mbs.systemData.GetODE2Coordinates(configuration=sos)
            mbs.systemData.SetODE2Coordinates(q0)
        return True
    mbs.SetPostStepUserFunction(post)
    mbs.Assemble()
    mbs.SolveDynamic(dyn_settings(exu, steps=20))
    return mbs.GetSensorStoredData(sens), np.array(seen)


def test_start_of_step_during_a_solve_is_the_step_start():
    """In a PostStep function the StartOfStep configuration is the state at the start of the
    step just accepted: resetting Current to it freezes the mass at the position it had at the
    start of the first step after t_stop = 0.55 (the step 0.55 -> 0.6 is undone: the mass stays
    where it was at 0.55)."""
    data, seen = frozen_mass(cd)
    assert seen[0] == pytest.approx([0, 0])                      # before the first step
    assert np.allclose(seen[1:, 0] - seen[1:, 1], 0.05, atol=1e-12)   # h = 1/20
    x = data[:, 1]
    at = {round(t, 6): v for t, v in zip(data[:, 0], x)}
    assert at[0.55] != 0 and at[0.55] != at[0.5]                 # it moved up to 0.55
    assert np.all(x[data[:, 0] > 0.575] == at[0.55])             # and stays there exactly


def test_start_of_step_same_as_exudyn():
    exudyn = pytest.importorskip("exudyn")
    de, se = frozen_mass(exudyn)
    dc, sc = frozen_mass(cd)
    assert np.allclose(dc, de, rtol=1e-10, atol=1e-14)
    assert np.allclose(sc, se, rtol=0, atol=1e-12)


def test_start_of_step_cannot_be_set_during_a_solve():
    mbs, n, sp, ld, mc = oscillator(cd)

    def post(mbs, t):
        mbs.systemData.SetODE2Coordinates(np.zeros(3),
                                          configuration=cd.ConfigurationType.StartOfStep)
        return True
    mbs.SetPostStepUserFunction(post)
    mbs.Assemble()
    with pytest.raises(ValueError, match="StartOfStep configuration during a solve"):
        mbs.SolveDynamic(dyn_settings(cd))


def test_system_jacobian_triplets_carry_global_indices():
    """Exudyn's ReplicateSpringDamper: the MatrixContainer is declared 3 x 3 but its triplet
    names the global index of a coordinate further down the system (here 3, after a first
    mass): sparse triplets keep their indices, the Jacobian entry is used (one Newton
    iteration per step of the linear model) and the result is the real spring's."""
    def build(user):
        mbs, n0, sp, ld, mc = oscillator(cd, spring=False, load=0.0)   # coordinates 0..2
        n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))   # coordinates 3..5
        mbs.AddObject(cd.MassPoint(physicsMass=2, nodeNumber=n))
        m = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
        mbs.AddLoad(cd.LoadCoordinate(markerNumber=m, load=1.0))
        if user:
            lu = mbs.AddLoad(cd.LoadCoordinate(markerNumber=m, load=0.0))
            mbs.SetPreNewtonResidualUserFunction(lambda mbs, t, i, j: mbs.SetLoadParameter(
                lu, "load", -100 * mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates)[0]))

            def jac(mbs, t, f2, f2t, f1):
                mc3 = cd.MatrixContainer()
                mc3.SetWithSparseMatrix([[3, 3, -f2 * 100]], 3, 3)
                return mc3
            mbs.SetSystemJacobianUserFunction(jac)
        else:
            g = mbs.AddNode(cd.NodePointGround())
            mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mbs.AddMarker(
                cd.MarkerNodeCoordinate(nodeNumber=g, coordinate=0)), m], stiffness=100))
        mbs.Assemble()
        mbs.SolveDynamic(dyn_settings(cd, steps=50))
        return mbs.systemData.GetODE2Coordinates()[3], mbs.GetSolverStatistics()
    x, st = build(True)
    xr, _ = build(False)
    assert st["newtonIterations"] == 50
    assert x == pytest.approx(xr, rel=1e-10)
    assert 0 < x < 0.02   # x'' = (1 - 100 x) / 2: between 0 and twice the static 0.01


def test_user_function_dicts_as_exudyn():
    """Exudyn 1.13.6's getters give {'function': f, 'type': 'Python'}; coordyn's item parameters
    and system setters take that form (a script passing what Exudyn's getter gave runs), with a
    clear error for another dict; the spring with the function from the dict moves as with the
    function itself"""
    def force(mbs, t, itemNumber, u, v, k, d, offset):
        return 2 * k * u + d * v

    def run(uf):
        mbs = cd.SystemContainer().AddSystem()
        n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0],
                                     initialVelocities=[1, 0, 0]))
        mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
        g = mbs.AddNode(cd.NodePointGround())
        m0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
        m1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
        o = mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[m0, m1], stiffness=100,
                                                    damping=1, springForceUserFunction=0))
        mbs.SetObjectParameter(o, "springForceUserFunction", uf)
        mbs.Assemble()
        mbs.SolveDynamic(dyn_settings(cd))
        return mbs, o, np.array(mbs.systemData.GetODE2Coordinates())
    _, _, q_f = run(force)
    mbs, o, q_d = run({"function": force, "type": "Python"})
    assert np.array_equal(q_f, q_d) and abs(q_f[0]) > 1e-3
    with pytest.raises(TypeError, match=r"parameter 'springForceUserFunction' as a dict must be "
                                        r"\{'function': f, 'type': 'Python' or 'Symbolic'\}"):
        mbs.SetObjectParameter(o, "springForceUserFunction", {"function": force, "type": "C"})
