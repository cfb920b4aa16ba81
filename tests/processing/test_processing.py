"""coordyn.processing: ParameterVariation, Minimize and GeneticOptimization on a mass-spring
(closed form: omega = sqrt(k/m), period T = 2 pi sqrt(m/k), x(t) = x0 cos(omega t)) and on a
known function; threads give bit-identical values to a serial run; against exudyn.processing on
the deterministic functions."""
import importlib
import math

import numpy as np
import pytest

import coordyn as cd
from coordyn import processing as pr
from coordyn.exudyn._notyet import NotImplementedFeatureError

MASS, X0 = 2.0, 0.01


def spring(module, k, mass=MASS):
    """mass point on a coordinate spring (x) to ground; y, z free without stiffness"""
    ii = importlib.import_module(module.__name__ + ".itemInterface")
    mbs = module.SystemContainer().AddSystem()
    n = mbs.AddNode(ii.NodePoint(referenceCoordinates=[0, 0, 0], initialCoordinates=[X0, 0, 0]))
    mbs.AddObject(ii.MassPoint(mass=mass, nodeNumber=n))
    ng = mbs.AddNode(ii.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mn = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddObject(ii.CoordinateSpringDamper(markerNumbers=[mg, mn], stiffness=k, damping=0))
    mbs.Assemble()
    return mbs, n


def frequency(module, k):
    mbs, _ = spring(module, k)
    omega2 = np.asarray(mbs.ComputeODE2Eigenvalues()[0])
    return math.sqrt(max(omega2)) / (2 * math.pi)


def final_x(p):
    """dynamic solve (releases the GIL): x at t = 0.5"""
    mbs, n = spring(cd, p["stiffness"])
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 400
    s.timeIntegration.endTime = 0.5
    s.solutionSettings.writeSolutionToFile = False
    s.progressBar = False
    mbs.SolveDynamic(s)
    return float(mbs.GetNodeOutput(n, cd.OutputVariableType.Position)[0])


def test_parameter_variation_frequencies_closed_form():
    ks = [100.0, 400.0, 2500.0]
    pd, values = pr.ParameterVariation(lambda p: frequency(cd, p["k"]), {"k": ks},
                                       showProgress=False)
    ref = [math.sqrt(k / MASS) / (2 * math.pi) for k in ks]
    np.testing.assert_allclose(values, ref, rtol=1e-10)
    np.testing.assert_array_equal(pd["k"], ks)


def test_parameter_variation_grid_and_types():
    pd, values = pr.ParameterVariation(lambda p: (p["a"], p["b"], p["computationIndex"]),
                                       {"a": (1, 3, 3), "b": [0.5, 2.0]},
                                       addComputationIndex=True, showProgress=False)
    assert values == [(1, 0.5, 0), (1, 2.0, 1), (2, 0.5, 2), (2, 2.0, 3), (3, 0.5, 4),
                      (3, 2.0, 5)]
    assert all(type(v[0]) is int and type(v[1]) is float for v in values)
    np.testing.assert_array_equal(pd["computationIndex"], np.arange(6))
    pd, values = pr.ParameterVariation(lambda p: p["m"], {"m": (1.0, 100.0, 3)},
                                       useLogSpace=True, showProgress=False)
    np.testing.assert_allclose(values, [1.0, 10.0, 100.0], rtol=1e-14)
    _, values = pr.ParameterVariation(lambda p: p["functionData"]["c"] * p["x"], {"x": [2.0]},
                                      parameterFunctionData={"c": 3.0}, showProgress=False)
    assert values == [6.0]


def test_dynamic_solves_match_closed_form_and_threads_equal_serial():
    params = {"stiffness": (50.0, 5000.0, 8)}
    _, serial = pr.ParameterVariation(final_x, params, showProgress=False)
    _, threaded = pr.ParameterVariation(final_x, params, useMultiProcessing=True,
                                        numberOfThreads=4, showProgress=False)
    assert serial == threaded  # bit for bit
    ks = np.linspace(50.0, 5000.0, 8)
    ref = X0 * np.cos(np.sqrt(ks / MASS) * 0.5)
    # generalized-alpha with 400 steps (measured: |error| <= 6.1e-5 of the 1e-2 amplitude)
    np.testing.assert_allclose(serial, ref, atol=1e-4, rtol=0)
    np.testing.assert_allclose(serial[:3], ref[:3], atol=2e-5, rtol=0)


def test_threads_actually_run_concurrently():
    """two parameter sets are in flight at the same time (a serial run would time out here)"""
    import threading
    barrier = threading.Barrier(2, timeout=20)

    def f(p):
        barrier.wait()
        return final_x(p)
    _, v = pr.ParameterVariation(f, {"stiffness": (100.0, 200.0, 4)}, useMultiProcessing=True,
                                 numberOfThreads=2, showProgress=False)
    assert len(v) == 4


def test_solve_releases_the_gil():
    """while a long solve runs in a thread, Python code in this thread keeps running"""
    import threading
    import time
    mbs, _ = spring(cd, 1000.0)
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 200000
    s.timeIntegration.endTime = 10.0
    s.solutionSettings.writeSolutionToFile = False
    s.progressBar = False
    t = threading.Thread(target=mbs.SolveDynamic, args=(s,))
    t.start()
    time.sleep(0.01)
    spins = 0
    while t.is_alive():
        spins += 1
        time.sleep(0)
    t.join()
    print("spins during the solve:", spins)
    assert spins > 100, spins


def test_minimize_finds_stiffness_for_target_period():
    T = 0.5
    k_exact = MASS * (2 * math.pi / T) ** 2

    def objective(p):
        f = frequency(cd, p["k"])
        return (1 / f - T) ** 2

    opt, val, plist, vlist = pr.Minimize(objective, {"k": (100.0, 600.0)}, tol=1e-12,
                                         showProgress=False)
    assert abs(opt["k"] / k_exact - 1) < 1e-4, (opt, k_exact)
    assert val < 1e-12
    assert len(plist["k"]) == len(vlist) > 1
    assert vlist[-1] == pytest.approx(val, abs=1e-15)


def _quadratic(p):
    return (p["x"] - 0.3) ** 2 + 2 * (p["y"] + 0.7) ** 2


def test_genetic_optimization_finds_known_minimum():
    opt, val, plist, vlist = pr.GeneticOptimization(
        _quadratic, {"x": (-2.0, 2.0), "y": (-2.0, 2.0)}, populationSize=60,
        numberOfGenerations=25, distanceFactor=0, randomizerInitialization=1,
        showProgress=False)
    assert abs(opt["x"] - 0.3) < 1e-3 and abs(opt["y"] + 0.7) < 1e-3, opt
    assert val == pytest.approx(_quadratic(opt), abs=1e-15) and val < 1e-5
    assert len(plist["x"]) == len(vlist) == 60 * 25
    # same seed: the same result, serial and threaded
    again = pr.GeneticOptimization(
        _quadratic, {"x": (-2.0, 2.0), "y": (-2.0, 2.0)}, populationSize=60,
        numberOfGenerations=25, distanceFactor=0, randomizerInitialization=1,
        useMultiProcessing=True, numberOfThreads=2, showProgress=False)
    assert again[0] == opt and again[1] == val and again[3] == vlist


def test_genetic_optimization_with_distance_factor_and_normal_children():
    opt, val, _, _ = pr.GeneticOptimization(
        _quadratic, {"x": (-2.0, 2.0), "y": (-2.0, 2.0)}, populationSize=40,
        numberOfGenerations=20, distanceFactor=0.1, distanceFactorGenerations=10,
        childDistribution="normal", randomizerInitialization=5, showProgress=False)
    assert abs(opt["x"] - 0.3) < 1e-2 and abs(opt["y"] + 0.7) < 1e-2, opt


def test_against_exudyn_processing():
    exu = pytest.importorskip("exudyn")
    ep = pytest.importorskip("exudyn.processing")
    params = {"k": (100.0, 1000.0, 4), "n": [1, 2]}

    def f(p):
        return p["k"] * p["n"] + 0.5

    a = ep.ParameterVariation(f, params, showProgress=False)
    b = pr.ParameterVariation(f, params, showProgress=False)
    assert a[1] == b[1]
    for key in a[0]:
        np.testing.assert_array_equal(a[0][key], b[0][key])
    # frequency of the same mass-spring on both engines
    _, fe = ep.ParameterVariation(lambda p: frequency(exu, p["k"]), {"k": [100.0, 900.0]},
                                  showProgress=False)
    _, fc = pr.ParameterVariation(lambda p: frequency(cd, p["k"]), {"k": [100.0, 900.0]},
                                  showProgress=False)
    np.testing.assert_allclose(fc, fe, rtol=1e-10)
    # Minimize on a deterministic function: same optimum and history
    obj = lambda p: (p["a"] - 1.25) ** 2 + (p["b"] - 0.5) ** 2 + 0.1 * p["a"] * p["b"]
    e = ep.Minimize(obj, {"a": (0.0, 2.0), "b": (0.0, 1.0)}, showProgress=False)
    c = pr.Minimize(obj, {"a": (0.0, 2.0), "b": (0.0, 1.0)}, showProgress=False)
    assert c[1] == e[1]
    assert c[0] == e[0]
    assert c[3] == e[3]


def test_genetic_optimization_equals_exudyn_with_same_seed():
    ep = pytest.importorskip("exudyn.processing")
    for kw in [dict(distanceFactor=0), dict(distanceFactor=0.1, distanceFactorGenerations=5),
               dict(childDistribution="normal", crossoverProbability=0.5)]:
        args = (_quadratic, {"x": (-2.0, 2.0), "y": (-2.0, 2.0)})
        opts = dict(populationSize=30, numberOfGenerations=8, randomizerInitialization=3,
                    showProgress=False, **kw)
        a, b = ep.GeneticOptimization(*args, **opts), pr.GeneticOptimization(*args, **opts)
        assert a[0] == b[0] and a[1] == b[1] and a[3] == b[3], kw
        for key in a[2]:
            np.testing.assert_array_equal(a[2][key], b[2][key])


def test_sensitivities_of_frequency_closed_form():
    """f = sqrt(k/m)/(2 pi): df/dk = f/(2k), df/dm = -f/(2m); central differences"""
    k, m = 400.0, MASS

    def fm(p):
        mbs, _ = spring(cd, p["k"], mass=p["m"])
        omega2 = max(np.asarray(mbs.ComputeODE2Eigenvalues()[0]))
        return [math.sqrt(omega2) / (2 * math.pi), omega2]
    plist, ref, vsorted, sens = pr.ComputeSensitivities(
        fm, {"k": (k, 1e-3, 2), "m": (m, 1e-3, 2)}, showProgress=False,
        useMultiProcessing=True, numberOfThreads=2)
    f = math.sqrt(k / m) / (2 * math.pi)
    assert ref[0] == pytest.approx(f, rel=1e-12)
    assert sens.shape == (2, 2) and len(plist) == 9
    assert sens[0, 0] == pytest.approx(f / (2 * k), rel=1e-6)
    assert sens[1, 0] == pytest.approx(-f / (2 * m), rel=1e-6)
    assert sens[0, 1] == pytest.approx(1 / m, rel=1e-8)        # omega^2 = k/m
    assert sens[1, 1] == pytest.approx(-k / m**2, rel=1e-5)
    assert vsorted["k"].shape == (4, 2)
    # forward difference, scaled by the reference: relative sensitivity k/f df/dk = 1/2
    _, _, vs, sens = pr.ComputeSensitivities(fm, {"k": (k, 1e-6), "m": m},
                                             scaledByReference=True, showProgress=False)
    assert sens[0, 0] / f == pytest.approx(0.5, rel=1e-5)
    assert sens[1, 0] / f == pytest.approx(-0.5, rel=1e-2)  # default step 1e-3, forward
    assert vs["k"].shape == (1, 2)
    # forward difference first, central second: each block is differenced in its own place
    _, _, vs, sens = pr.ComputeSensitivities(fm, {"m": (m, 1e-6), "k": (k, 1e-3, 3)},
                                             showProgress=False)
    assert sens[0, 0] == pytest.approx(-f / (2 * m), rel=1e-5)
    assert sens[1, 0] == pytest.approx(f / (2 * k), rel=1e-6)
    assert vs["m"].shape == (1, 2) and vs["k"].shape == (6, 2)


def test_sensitivities_equal_exudyn():
    ep = pytest.importorskip("exudyn.processing")

    def f(p):
        return [p["m"] * p["k"] ** 2, math.sin(p["m"]) + p["k"]]
    for par in [{"m": (2.0, 0.01, 3), "k": (5.0, 0.02, 3)}, {"m": (2.0, 0.01), "k": 3.0},
                {"m": (0.5, 0.1, 2), "k": (1.5, 0.1)}]:
        a = ep.ComputeSensitivities(f, dict(par), showProgress=False)
        b = pr.ComputeSensitivities(f, dict(par), showProgress=False)
        assert a[0] == b[0] and list(a[1]) == list(b[1])
        np.testing.assert_array_equal(a[3], b[3])
        for key in a[2]:
            np.testing.assert_array_equal(a[2][key], b[2][key])


def _lines(path):
    """the results file without its version line (engine and platform)"""
    text = open(path).read().splitlines()
    return text[:2] + text[3:]


def test_results_files_equal_exudyn(tmp_path):
    ep = pytest.importorskip("exudyn.processing")
    cases = [
        ("ParameterVariation", lambda p: p["k"] * p["n"] + 0.5,
         {"k": (100.0, 1000.0, 4), "n": [1, 2]}, dict(addComputationIndex=True)),
        ("GeneticOptimization", _quadratic, {"x": (-2.0, 2.0), "y": (-2.0, 2.0)},
         dict(populationSize=10, numberOfGenerations=3, randomizerInitialization=2)),
        ("Minimize", lambda p: (p["a"] - 1.25) ** 2 + (p["b"] - 0.5) ** 2,
         {"a": (0.0, 2.0), "b": (0.0, 1.0)}, {}),
        ("ComputeSensitivities", lambda p: p["m"] * p["k"] ** 2,
         {"m": (2.0, 0.01, 2), "k": (5.0, 0.02)}, {}),
    ]
    for name, fun, params, opts in cases:
        fe, fc = str(tmp_path / f"e_{name}.txt"), str(tmp_path / f"c_{name}.txt")
        getattr(ep, name)(fun, dict(params), resultsFile=fe, showProgress=False, **opts)
        getattr(pr, name)(fun, dict(params), resultsFile=fc, showProgress=False, **opts)
        le, lc = _lines(fe), _lines(fc)
        assert le[0].replace(fe, fc) == lc[0], name
        assert le[1:] == lc[1:], name
        assert len(lc) > 7, name
    assert "coordyn version = " in open(fc).read().splitlines()[2]


def test_dask_needs_dask():
    try:
        import dask.distributed  # noqa: F401
        pytest.skip("dask is installed")
    except ImportError:
        pass
    with pytest.raises(ImportError, match="useDask=True / daskScheduler needs Dask's distributed "
                       "scheduler, which is not installed"):
        pr.ParameterVariation(lambda p: p["x"], {"x": [1.0]}, useDask=True, showProgress=False)
    with pytest.raises(ImportError, match=r"pip install 'dask\[distributed\]'"):
        pr.ProcessParameterList(lambda p: p, [{}], False, daskScheduler="tcp://127.0.0.1:8786")


def test_dask_path_with_a_stand_in_client(monkeypatch):
    """the Dask branch: Client(address) or Client(LocalCluster()), map, gather in order, close"""
    import sys
    import types
    calls = []

    class Client:
        def __init__(self, address):
            calls.append(("client", address))

        def map(self, fun, items, pure=True):
            calls.append(("map", pure))
            return [fun(x) for x in reversed(items)][::-1]

        def gather(self, futures):
            return futures

        def close(self):
            calls.append(("close",))

    mod = types.ModuleType("dask.distributed")
    mod.Client, mod.LocalCluster = Client, lambda: "local-cluster"
    monkeypatch.setitem(sys.modules, "dask", types.ModuleType("dask"))
    monkeypatch.setitem(sys.modules, "dask.distributed", mod)
    _, v = pr.ParameterVariation(lambda p: 2 * p["x"], {"x": [1.0, 2.0, 3.0]}, useDask=True,
                                 showProgress=False)
    assert v == [2.0, 4.0, 6.0]
    assert calls == [("client", "local-cluster"), ("map", False), ("close",)]
    calls.clear()
    opt = pr.GeneticOptimization(_quadratic, {"x": (-2.0, 2.0), "y": (-2.0, 2.0)},
                                 populationSize=10, numberOfGenerations=2,
                                 randomizerInitialization=1, daskScheduler="tcp://h:1",
                                 showProgress=False)
    ref = pr.GeneticOptimization(_quadratic, {"x": (-2.0, 2.0), "y": (-2.0, 2.0)},
                                 populationSize=10, numberOfGenerations=2,
                                 randomizerInitialization=1, showProgress=False)
    assert opt[0] == ref[0] and opt[3] == ref[3]
    assert calls[0] == ("client", "tcp://h:1") and len(calls) == 6


def test_bad_arguments():
    f = lambda p: 0.0
    with pytest.raises(ValueError, match="parameter 'm'.*tuple.*list"):
        pr.ParameterVariation(f, {"m": 3.0})
    with pytest.raises(ValueError, match="parameter 'm': numberOfValues may not be zero"):
        pr.ParameterVariation(f, {"m": (1, 2, 0)})
    with pytest.raises(ValueError, match="parameter 'm': begin must be <= end"):
        pr.ParameterVariation(f, {"m": (2.0, 1.0, 3)})
    with pytest.raises(ValueError, match="parameter 'm'.*numberOfValues.*integer"):
        pr.ParameterVariation(f, {"m": (1.0, 2.0, 2.5)})
    with pytest.raises(ValueError, match="useLogSpace needs begin > 0"):
        pr.ParameterVariation(f, {"m": (0.0, 2.0, 3)}, useLogSpace=True)
    with pytest.raises(TypeError, match="parameterFunction must be callable"):
        pr.ParameterVariation(3, {"m": [1]})
    with pytest.raises(ValueError, match="numberOfThreads must be a positive integer"):
        pr.ParameterVariation(f, {"m": [1]}, numberOfThreads=0)
    with pytest.raises(ValueError, match="clusterHostNames.*daskScheduler"):
        pr.ParameterVariation(f, {"m": [1]}, useMultiProcessing=True, clusterHostNames=["h"])
    with pytest.raises(ValueError, match="useMPI: MPI parallelization is not in coordyn"):
        pr.ParameterVariation(f, {"m": [1]}, useMPI=True)
    with pytest.raises(TypeError, match=r"unknown argument\(s\) \['nThreads'\]"):
        pr.ParameterVariation(f, {"m": [1]}, nThreads=2)
    with pytest.raises(ValueError, match="parameter 'x' has a zero or negative range"):
        pr.GeneticOptimization(f, {"x": (1.0, 1.0)})
    with pytest.raises(ValueError, match="parameter 'x' must be a range \\(begin, end\\)"):
        pr.Minimize(f, {"x": (1.0, 2.0, 3)})
    with pytest.raises(ValueError, match="childDistribution must be 'uniform' or 'normal'"):
        pr.GeneticOptimization(f, {"x": (0.0, 1.0)}, childDistribution="gauss")
    with pytest.raises(ValueError, match="randomizerInitialization must be an integer"):
        pr.GeneticOptimization(f, {"x": (0.0, 1.0)}, randomizerInitialization=-1)
    with pytest.raises(ValueError, match="initialGuess has 1 values, parameters has 2"):
        pr.Minimize(f, {"x": (0.0, 1.0), "y": (0.0, 1.0)}, initialGuess=[0.5])
    with pytest.raises(ValueError, match="parameter 'x' must be \\(reference, relativeStep"):
        pr.ComputeSensitivities(f, {"x": (1.0, 0.1, 2, 4)})
    with pytest.raises(ValueError, match="parameter 'x': relativeStep may not be zero"):
        pr.ComputeSensitivities(f, {"x": (1.0, 0.0, 2)})
    with pytest.raises(ValueError, match="parameter 'x': its reference is 0.*numberOfSteps=0"):
        pr.ComputeSensitivities(f, {"x": (0.0, 0.1, 2)})
    with pytest.raises(NotImplementedFeatureError, match="PlotSensitivityResults is not avail"):
        pr.PlotSensitivityResults(None, None)


def test_exudyn_import_gives_coordyn_processing():
    import coordyn.exudyn as ce
    assert ce.exudyn_module_name("exudyn.processing") == "coordyn.processing"
    assert cd.processing is pr


EXUDYN_REPO = "/work/.mirror/jgerstmayr+EXUDYN/repo"


def test_exudyn_test_model_genetic_optimization_runs_unchanged(tmp_path):
    """Exudyn's TestModels/geneticOptimizationTest.py (GeneticOptimization and
    ParameterVariation of a mass-spring-damper, with a results file) run unchanged through
    `python -m coordyn.exudyn`: the reference value of Exudyn's runTestSuiteRefSol.py,
    0.10117518366826603"""
    import os
    import re
    import subprocess
    import sys
    try:
        src = subprocess.run(["git", "-C", EXUDYN_REPO, "show",
                              "HEAD:main/pythonDev/TestModels/geneticOptimizationTest.py"],
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("Exudyn's sources are not available")
    script = tmp_path / "geneticOptimizationTest.py"
    script.write_text(src)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(cd.__file__)))
    out = subprocess.run([sys.executable, "-m", "coordyn.exudyn", str(script)], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr[-2000:]
    value = float(re.search(r"geneticOptimizationTest testResult= (\S+)", out.stdout).group(1))
    assert value == pytest.approx(0.10117518366826603, rel=1e-12, abs=0)
    assert (tmp_path / "solution" / "geneticOptimizationTest.txt").stat().st_size > 0
