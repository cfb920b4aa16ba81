"""Symbolic user functions (advancedUtilities.CreateSymbolicUserFunction): a model with the
symbolic function gives the same solution as with the Python function it was recorded from (bit
for bit), the linear law gives the built-in spring's solution, Exudyn 1.13.6 with its own
symbolic function gives the same numbers, and bad input raises a clear error."""
import copy
import importlib
import math
import pickle
import re
import time
import warnings

import coordyn as cd
import coordyn.symbolic as esym
import numpy as np
import pytest
from coordyn.advancedUtilities import (
    ConvertFunctionToSymbolic,
    CreateSymbolicUserFunction,
)


def spring_symbolic(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
    return 10 * damping * deltaL_t + stiffness * esym.sign(deltaL) * esym.abs(deltaL) ** 1.2 + force


def spring_python(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
    return 10 * damping * deltaL_t + stiffness * np.sign(deltaL) * abs(deltaL) ** 1.2 + force


def load_symbolic(mbs, t, load):
    return load * esym.sin(10 * (2 * math.pi) * t)


def load_python(mbs, t, load):
    return load * math.sin(10 * (2 * math.pi) * t)


def oscillator(exu, spring=None, load=None, symbolic=False, steps=2000, end=10.,
               solver="RK44", x0=1.05):
    """Exudyn's symbolicUserFunctionTest model (a mass on a nonlinear spring-damper, a
    harmonic load) with the given user functions; returns (x(t) samples, final x)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(exu.utilities.ObjectGround())
    node = mbs.AddNode(exu.utilities.NodePoint(referenceCoordinates=[x0, 0, 0]))
    mass = mbs.AddObject(exu.utilities.MassPoint(nodeNumber=node, physicsMass=1))
    m0 = mbs.AddMarker(exu.utilities.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(exu.utilities.MarkerBodyPosition(bodyNumber=mass))
    co = mbs.AddObject(exu.utilities.ObjectConnectorSpringDamper(
        markerNumbers=[m0, m1], referenceLength=0.1, stiffness=100, damping=1,
        springForceUserFunction=spring or 0))
    mc = mbs.AddMarker(exu.utilities.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
    ld = mbs.AddLoad(exu.utilities.LoadCoordinate(markerNumber=mc, load=10,
                                                  loadUserFunction=load or 0))
    keep = []
    if symbolic:
        for f, name, item, setter in ((spring, "springForceUserFunction", co,
                                       mbs.SetObjectParameter),
                                      (load, "loadUserFunction", ld, mbs.SetLoadParameter)):
            if f:
                sf = exu.utilities.CreateSymbolicUserFunction(mbs, f, name, item)
                setter(item, name, sf)
                keep.append(sf)
    sensor = mbs.AddSensor(exu.utilities.SensorNode(
        nodeNumber=node, storeInternal=True, outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end
    s.timeIntegration.verboseMode = 0
    s.solutionSettings.writeSolutionToFile = False
    s.solutionSettings.sensorsWritePeriod = end / steps
    t0 = time.perf_counter()
    mbs.SolveDynamic(s, solverType=getattr(exu.DynamicSolverType, solver))
    elapsed = time.perf_counter() - t0
    x = mbs.GetSensorStoredData(sensor)[:, 1]
    return x, mbs.GetNodeOutput(node, exu.OutputVariableType.Position)[0], elapsed


class _Lib:
    """coordyn under Exudyn's module names (exu.utilities.*)"""

    def __init__(self):
        import coordyn.utilities as u
        self.utilities = u
        for n in ("SystemContainer", "SimulationSettings", "OutputVariableType",
                  "DynamicSolverType"):
            setattr(self, n, getattr(cd, n))


CD = _Lib()


@pytest.mark.parametrize("solver", ["RK44", "GeneralizedAlpha"])
def test_symbolic_equals_python_user_function_bit_for_bit(solver):
    xp, fp, _ = oscillator(CD, spring_python, load_python, solver=solver)
    xs, fs, _ = oscillator(CD, spring_symbolic, load_symbolic, symbolic=True, solver=solver)
    assert len(xs) == 2001 and np.array_equal(xs, xp) and fs == fp
    # the motion is a real one: it swings about the spring's length, driven by the load
    assert np.ptp(xs) > 0.01


def test_linear_symbolic_law_equals_built_in_spring():
    def linear(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
        return stiffness * deltaL + damping * deltaL_t + force
    xb = oscillator(CD, x0=0.35)[0]
    xs = oscillator(CD, linear, symbolic=True, x0=0.35)[0]
    assert np.allclose(xs, xb, rtol=0, atol=1e-14)
    # both are the damped oscillator x'' = -100 (x - 0.1) - x' + 10 (the mass stays on the
    # positive side of the ground point): x = 0.2 + e^(-t/2) (0.15 cos wt + 0.075/w sin wt)
    t = np.linspace(0., 10., 2001)
    w = math.sqrt(100 - 0.25)
    x = 0.2 + np.exp(-0.5 * t) * (0.15 * np.cos(w * t) + 0.075 / w * np.sin(w * t))
    assert np.abs(xs - x).max() < 1e-6 and np.ptp(xs) > 0.2


def test_symbolic_equals_exudyn_symbolic():
    exudyn = pytest.importorskip("exudyn")
    importlib.import_module("exudyn.utilities")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        xe, fe, _ = oscillator(exudyn, spring_symbolic_exudyn, load_symbolic_exudyn,
                               symbolic=True)
    xs, fs, _ = oscillator(CD, spring_symbolic, load_symbolic, symbolic=True)
    assert np.allclose(xs, xe, rtol=0, atol=1e-12) and fs == pytest.approx(fe, abs=1e-13)


def spring_symbolic_exudyn(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
    import exudyn
    s = exudyn.symbolic
    return 10 * damping * deltaL_t + stiffness * s.sign(deltaL) * s.abs(deltaL) ** 1.2 + force


def load_symbolic_exudyn(mbs, t, load):
    import exudyn
    return load * exudyn.symbolic.sin(10 * (2 * math.pi) * t)


def test_speed_of_symbolic_and_python_user_functions():
    """Both timings are measured (best of 3, 20000 RK44 steps; printed with -s); the symbolic
    function runs compiled Python source, so it must not be much slower than the original."""
    times = {}
    for key, args in (("python", (spring_python, load_python, False)),
                      ("symbolic", (spring_symbolic, load_symbolic, True)),
                      ("none", (None, None, False))):
        times[key] = min(oscillator(CD, *args, steps=20000, end=10.)[2] for _ in range(3))
    print("\nRK44, 20000 steps, best of 3: " +
          ", ".join(f"{k} {v:.3f} s" for k, v in times.items()))
    assert times["symbolic"] < 2.0 * times["python"]


def test_user_function_object():
    mbs = cd.SystemContainer().AddSystem()
    f = CreateSymbolicUserFunction(mbs, spring_symbolic, "springForceUserFunction",
                                   itemTypeName="ObjectConnectorSpringDamper")
    assert str(f) == ("((((10 * damping) * deltaL_t) + ((stiffness * sign(deltaL)) * "
                      "pow(abs(deltaL), 1.2))) + force)")
    for args in [(0.1, 0, 0.3, -2., 100., 1., 5.), (0.2, 3, -0.02, 0.5, 10., 0.1, 0.)]:
        assert f.Evaluate(mbs, *args) == spring_python(mbs, *args)
        assert f(mbs, *args) == spring_python(mbs, *args)
    # straight-line float arithmetic: math.pow first, C's pow where math raises
    assert "_f_pow(_c_abs(a3), 1.2)" in f.pythonSource and "_c_pow(" in f.pythonSource
    assert not any(isinstance(v, (esym.Real, esym._Node)) for v in f._function.__globals__.values())
    # edge of the domain: C's NaN, not a Python exception
    g = CreateSymbolicUserFunction(mbs, lambda mbs, t, load: load * esym.sqrt(t) / (t - 1),
                                   "loadUserFunction", itemTypeName="LoadCoordinate")
    assert math.isnan(g(mbs, -1., 2.)) and g(mbs, 1., 2.) == math.inf
    # copies and pickles compile again and compute the same
    for h in (copy.deepcopy(f), pickle.loads(pickle.dumps(f))):
        assert h(mbs, 0.1, 0, 0.3, -2., 100., 1., 5.) == f(mbs, 0.1, 0, 0.3, -2., 100., 1., 5.)
        assert str(h) == str(f)


def test_vector_user_functions():
    """LoadForceVector's and CartesianSpringDamper's vector functions equal their Python
    originals"""
    mbs = cd.SystemContainer().AddSystem()
    fs = CreateSymbolicUserFunction(
        mbs, lambda mbs, t, load: [load[0] * esym.cos(t), -load[1], esym.Real(0.5)],
        "loadVectorUserFunction", itemTypeName="LoadForceVector")
    out = fs(mbs, 0.7, [2., 3., 4.])
    assert isinstance(out, np.ndarray) and out.tolist() == [2. * math.cos(0.7), -3., 0.5]

    def cart(mbs, t, itemNumber, displacement, velocity, stiffness, damping, offset):
        return stiffness.MultComponents(displacement - offset) + damping.MultComponents(velocity)
    fc = CreateSymbolicUserFunction(mbs, cart, "springForceUserFunction",
                                    itemTypeName="ObjectConnectorCartesianSpringDamper")
    u, v, k, d, o = (np.array(x) for x in ([.1, .2, .3], [1., -1., 2.], [10., 20., 30.],
                                           [.5, .5, .5], [0., .1, 0.]))
    assert np.array_equal(fc(mbs, 0., 0, u, v, k, d, o), k * (u - o) + d * v)

    # in a solve: a mass under a symbolic vector load equals the same Python load
    def run(loadFunction, symbolic):
        mbs = cd.SystemContainer().AddSystem()
        n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
        b = mbs.AddObject(cd.MassPoint(nodeNumber=n, physicsMass=2.))
        m = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=b))
        ld = mbs.AddLoad(cd.LoadForceVector(markerNumber=m, loadVector=[1., 2., 0.],
                                            loadVectorUserFunction=loadFunction))
        if symbolic:
            keep = CreateSymbolicUserFunction(mbs, loadFunction, "loadVectorUserFunction", ld)
            mbs.SetLoadParameter(ld, "loadVectorUserFunction", keep)
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 100, 1.
        mbs.SolveDynamic(s)
        return mbs.GetNodeOutput(n, cd.OutputVariableType.Position)
    py = run(lambda mbs, t, load: [load[0] * math.cos(t), -load[1] * t, 0.], False)
    sy = run(lambda mbs, t, load: [load[0] * esym.cos(t), -load[1] * t, 0.], True)
    assert np.array_equal(sy, py)
    # x'' = cos(t)/2: x(1) = (1 - cos 1)/2; y'' = -t: y(1) = -1/6 (generalized-alpha, 100 steps)
    assert sy[0] == pytest.approx((1 - math.cos(1.)) / 2, rel=1e-3)
    assert sy[1] == pytest.approx(-1 / 6, rel=1e-3)


def test_variables_reach_a_compiled_function():
    """A named Real that is not an argument (esym.variables) is read when the function runs"""
    esym.variables.Reset()
    esym.variables.Set("gain", 1.)
    mbs = cd.SystemContainer().AddSystem()
    f = CreateSymbolicUserFunction(mbs, lambda mbs, t, load: load * esym.variables.Get("gain"),
                                   "loadUserFunction", itemTypeName="LoadCoordinate")
    assert f(mbs, 0., 3.) == 3.
    esym.variables.Set("gain", 2.5)
    assert f(mbs, 0., 3.) == 7.5
    esym.variables.Reset()


def test_system_user_function():
    """A symbolic PreStepUserFunction (MainSystem) stops the solve as the Python one does"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(nodeNumber=n, physicsMass=1.))
    f = CreateSymbolicUserFunction(mbs, lambda mbs, t: t < 0.5, "preStepUserFunction", -1)
    assert f(mbs, 0.2) is True and f(mbs, 0.7) is False
    mbs.SetPreStepUserFunction(f)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 10, 1.
    mbs.SolveDynamic(s)
    assert mbs.GetNodeOutput(n, cd.OutputVariableType.Position)[0] == pytest.approx(0.5)


def test_bad_input():
    mbs = cd.SystemContainer().AddSystem()
    kw = {"itemTypeName": "ObjectConnectorSpringDamper"}
    with pytest.raises(ValueError, match="function '<lambda>' takes 2 arguments; "
                                         "ObjectConnectorSpringDamper.springForceUserFunction "
                                         "needs 8: F\\(mbs: MainSystem, t: Real"):
        CreateSymbolicUserFunction(mbs, lambda mbs, t: t, "springForceUserFunction", **kw)
    with pytest.raises(ValueError, match="ObjectConnectorSpringDamper has no user function "
                                         "'forceUserFunction' \\(it has "
                                         "\\['springForceUserFunction'\\]\\)"):
        CreateSymbolicUserFunction(mbs, spring_symbolic, "forceUserFunction", **kw)
    with pytest.raises(ValueError, match="itemIndex must be an ObjectIndex, LoadIndex or "
                                         "SensorIndex"):
        CreateSymbolicUserFunction(mbs, spring_symbolic, "springForceUserFunction", "co")
    with pytest.raises(ValueError, match="if itemTypeName is provided, itemIndex must be None"):
        ConvertFunctionToSymbolic(mbs, spring_symbolic, "springForceUserFunction", 3, **kw)

    def uses_math(mbs, t, load):
        return load * math.sin(t)
    with pytest.raises(TypeError, match="float\\(\\) of the symbolic 't' while recording the "
                                        "user function 'uses_math'.*esym.sin"):
        CreateSymbolicUserFunction(mbs, uses_math, "loadUserFunction",
                                   itemTypeName="LoadCoordinate")

    def uses_if(mbs, t, load):
        return load if t > 1 else 0.
    with pytest.raises(TypeError, match="a Python if/and/or/not of the symbolic '\\(t > 1\\)'"
                                        ".*IfThenElse"):
        CreateSymbolicUserFunction(mbs, uses_if, "loadUserFunction",
                                   itemTypeName="LoadCoordinate")
    assert esym.GetRecording()      # restored after the failed recording
    assert float(esym.Real("t", 2.) * 2) == 4.0     # and float() works again outside it

    with pytest.raises(TypeError, match="must return a symbolic Real, Vector, Matrix, a list "
                                        "or a number, got str"):
        CreateSymbolicUserFunction(mbs, lambda mbs, t, load: "x", "loadUserFunction",
                                   itemTypeName="LoadCoordinate")
    with pytest.raises(ValueError, match="argument 'sensorNumbers' of type StdArrayIndex of "
                                         "SensorUserFunction,sensorUserFunction has no symbolic "
                                         "form"):
        CreateSymbolicUserFunction(mbs, lambda mbs, t, sensorNumbers, factors, configuration: t,
                                   "sensorUserFunction", itemTypeName="SensorUserFunction")
    with pytest.raises(ValueError, match="UserFunction: empty"):
        esym.UserFunction().Evaluate(mbs, 0.)
    with pytest.raises(IndexError, match="Vector\\[3\\]: index out of range \\(size 3\\)"):
        CreateSymbolicUserFunction(mbs, lambda mbs, t, load: [load[3] * t, 0, 0],
                                   "loadVectorUserFunction", itemTypeName="LoadForceVector")
    g = CreateSymbolicUserFunction(mbs, lambda mbs, t, load: load * 2, "loadVectorUserFunction",
                                   itemTypeName="LoadForceVector")
    with pytest.raises(ValueError, match="argument 'load' must be a vector, got shape \\(2, 2\\)"):
        g(mbs, 0., [[1., 2.], [3., 4.]])


def ode2_force_symbolic(mbs, t, itemNumber, q, q_t):
    return -5 * q.MultComponents(q).MultComponents(q) - 0.3 * q_t


def ode2_force_python(mbs, t, itemNumber, q, q_t):
    return -5 * (q * q * q) - 0.3 * q_t


def generic_ode2(force, symbolic):
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[0.1, 0],
                                       initialCoordinates_t=[0, 0.2],
                                       numberOfODE2Coordinates=2))
    o = mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.diag([2.0, 3.0]),
                                           stiffnessMatrix=np.array([[100.0, -20], [-20, 50]]),
                                           forceUserFunction=force))
    if symbolic:
        mbs.SetObjectParameter(o, "forceUserFunction", CreateSymbolicUserFunction(
            mbs, force, "forceUserFunction", o))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 200, 2.
    return mbs, s


def test_generic_ode2_vector_force_equals_python_and_energy_decays():
    """StdVector arguments (recorded with size 0, as Exudyn does): whole-vector operations"""
    mp, s = generic_ode2(ode2_force_python, False)
    ms, _ = generic_ode2(ode2_force_symbolic, True)
    mp.SolveDynamic(s)
    ms.SolveDynamic(s)
    qp, qs = (np.concatenate([m.systemData.GetODE2Coordinates(),
                              m.systemData.GetODE2Coordinates_t()]) for m in (mp, ms))
    assert np.array_equal(qs, qp)
    # damped: the energy 1/2 v'Mv + 1/2 q'Kq + 5/4 sum q^4 is below the initial 0.06 + 0.5 + ...
    q, v = qs[:2], qs[2:]
    K = np.array([[100.0, -20], [-20, 50]])
    energy = 0.5 * v @ np.diag([2.0, 3.0]) @ v + 0.5 * q @ K @ q + 1.25 * np.sum(q ** 4)
    energy0 = 0.5 * 3.0 * 0.2 ** 2 + 0.5 * 100 * 0.1 ** 2 + 1.25 * 0.1 ** 4
    assert 0 < energy < energy0


def test_whole_system_copies_and_pickles_with_symbolic_functions():
    mbs, s = generic_ode2(ode2_force_symbolic, True)
    copies = [copy.deepcopy(mbs), pickle.loads(pickle.dumps(mbs))]
    results = []
    for m in [mbs] + copies:
        m.SolveDynamic(s)
        results.append(m.systemData.GetODE2Coordinates())
        assert isinstance(m.GetObjectParameter(0, "forceUserFunction"), esym.UserFunction)
    assert np.array_equal(results[1], results[0]) and np.array_equal(results[2], results[0])


EXUDYN_REPO = "/work/.mirror/jgerstmayr+EXUDYN/repo"


@pytest.mark.parametrize("model, reference", [("symbolicModuleTest", 0.9484129575069745),
                                              ("symbolicUserFunctionTest", 0.10039884426884882)])
def test_exudyn_test_models_run_unchanged(model, reference, tmp_path):
    """Exudyn's TestModels run through `python -m coordyn.exudyn` give the reference values of
    Exudyn's runTestSuiteRefSol.py (symbolicUserFunctionTest with NormL2 defined: Exudyn
    1.13's utilities no longer has it, and the model stops there on Exudyn 1.13.6 too)"""
    import os
    import subprocess
    import sys
    try:
        src = subprocess.run(["git", "-C", EXUDYN_REPO, "show",
                              f"HEAD:main/pythonDev/TestModels/{model}.py"],
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("Exudyn's sources are not available")
    src = src.replace("u = NormL2(p)", "u = float(np.linalg.norm(p))")
    script = tmp_path / f"{model}.py"
    script.write_text(src)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(cd.__file__)))
    out = subprocess.run([sys.executable, "-m", "coordyn.exudyn", str(script)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    value = float(re.search(rf"solution of {model}= (\S+)", out.stdout).group(1))
    assert value == pytest.approx(reference, rel=1e-12, abs=0)


def test_engine_calls_the_compiled_function(monkeypatch):
    """An item holding a UserFunction calls its compiled function, not UserFunction.__call__,
    and GetObjectParameter gives the UserFunction back"""
    _, f_before, _ = oscillator(CD, spring_symbolic, load_symbolic, symbolic=True, steps=200)

    def refuse(self, *args):
        raise AssertionError("UserFunction.__call__ was called")
    monkeypatch.setattr(esym.UserFunction, "__call__", refuse)
    _, f_after, _ = oscillator(CD, spring_symbolic, load_symbolic, symbolic=True, steps=200)
    assert f_after == f_before and abs(f_before - 1.05) > 1e-3


def test_verbose_prints_the_recording(capsys):
    mbs = cd.SystemContainer().AddSystem()
    CreateSymbolicUserFunction(mbs, load_symbolic, "loadUserFunction",
                               itemTypeName="LoadCoordinate", verbose=1)
    out = capsys.readouterr().out
    assert "Function Name: load_symbolic" in out and "Argument Names: ('mbs', 't', 'load')" in out
    assert "return value= (load * sin((62.8319 * t)))" in out


def test_constants_and_outside_variables_in_both_paths():
    """Fast and C-semantics paths of a compiled function refer to the same constants and
    outside variables (a division by an argument takes the second path at t = 0)"""
    mbs = cd.SystemContainer().AddSystem()
    k = esym.Real("k", 3.)
    f = CreateSymbolicUserFunction(
        mbs, lambda mbs, t, load: load / t + k * esym.Vector([1., 2.])[1]
        + esym.sqrt(t + 1) * esym.Vector([5., 7.])[0] + esym.Matrix([[0.5]])[0, 0],
        "loadUserFunction", itemTypeName="LoadCoordinate")
    assert f(mbs, 4., 2.) == 2 / 4 + 3 * 2. + math.sqrt(5.) * 5. + 0.5
    assert f(mbs, 0., 2.) == math.inf
    assert math.isnan(f(mbs, 0., 0.))
    k.SetValue(-1.)
    assert f(mbs, 4., 2.) == 2 / 4 - 2. + math.sqrt(5.) * 5. + 0.5
    assert f(mbs, 0., -2.) == -math.inf
    # the invariant: both paths name the constants and leaves alike (one shared namespace)
    fast, safe = f.pythonSource.split("except")
    assert re.findall(r"_[gk]\d+", fast) == re.findall(r"_[gk]\d+", safe) != []


def test_an_object_answering_every_attribute_is_called_itself():
    """A callable that answers any attribute name (here: a mock) is what the engine calls"""
    from unittest import mock
    load = mock.Mock(side_effect=lambda mbs, t, load: 2.0)
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(nodeNumber=n, physicsMass=1.))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=mc, load=1., loadUserFunction=load))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 10, 1.
    mbs.SolveDynamic(s)
    assert load.call_count > 10
    assert mbs.GetNodeOutput(n, cd.OutputVariableType.Position)[0] == pytest.approx(1.0)
