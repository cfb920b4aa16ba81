"""Settings and inputs that used to pass unchecked (issue 16, 'Settings and inputs that are never
checked'): every setting has a range in the settings list, checked when a solve starts; integers
are never cut to 32 bits; the sensor buffer size is computed in 64 bits; rejected steps can be
interrupted; sensor data belong to the solve that just ran; None is not a silent default."""
import math
import time

import numpy as np
import pytest

import coordyn as cd
from coordyn import _core
from conftest import message_naming as _names

OV = cd.OutputVariableType


def _osc(sensor=True, load_function=None):
    """a mass on a spring (x0 = 0.1), with a position sensor"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddNode(cd.NodePointGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0],
                                 initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=2.0, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[50, 50, 50]))
    if load_function is not None:
        mbs.AddLoad(cd.Force(markerNumber=m1, loadVector=[0, 0, 0],
                             loadVectorUserFunction=load_function))
    s = None
    if sensor:
        s = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position,
                                        storeInternal=True))
    mbs.Assemble()
    return mbs, s


def _settings(**values):
    """SimulationSettings with {dotted path: value}"""
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.numberOfSteps = 50
    s.timeIntegration.endTime = 0.5
    for path, value in values.items():
        node, leaf = s._resolve(path)
        setattr(node, leaf, value)
    return s


NAN, INF = float("nan"), float("inf")

# (settings, parts the message names): the setting's path, the range and the value
DYNAMIC_CASES = [
    ({"timeIntegration.minimumStepSize": 0.0},
     ("timeIntegration.minimumStepSize must be > 0, got 0",)),
    ({"timeIntegration.minimumStepSize": NAN},
     ("timeIntegration.minimumStepSize", "> 0", "nan")),
    ({"timeIntegration.minimumStepSize": -1e-8},
     ("timeIntegration.minimumStepSize", "> 0", "-1e-08")),
    ({"timeIntegration.newton.maxIterations": -3},
     ("timeIntegration.newton.maxIterations", ">= 0", "-3")),
    ({"timeIntegration.newton.relativeTolerance": -1e-8},
     ("timeIntegration.newton.relativeTolerance", ">= 0", "-1e-08")),
    ({"timeIntegration.newton.absoluteTolerance": NAN},
     ("timeIntegration.newton.absoluteTolerance", ">= 0", "nan")),
    ({"timeIntegration.newton.numericalDifferentiation.relativeEpsilon": 0.0},
     ("timeIntegration.newton.numericalDifferentiation.relativeEpsilon", "> 0", "got 0")),
    ({"timeIntegration.newton.numericalDifferentiation.minimumCoordinateSize": -1.0},
     ("minimumCoordinateSize", "> 0", "-1")),
    ({"solutionSettings.sensorsWritePeriod": NAN},
     ("solutionSettings.sensorsWritePeriod", ">= 0", "nan")),
    ({"solutionSettings.sensorsWritePeriod": -0.1},
     ("solutionSettings.sensorsWritePeriod", ">= 0", "-0.1")),
    ({"timeIntegration.endTime": INF}, ("timeIntegration.endTime", "finite", "inf")),
    ({"timeIntegration.startTime": -INF}, ("timeIntegration.startTime", "finite", "-inf")),
    ({"timeIntegration.endTime": 1e200, "timeIntegration.numberOfSteps": 10},
     ("step size", "1e+199", "numberOfSteps", "h^2")),
    ({"timeIntegration.endTime": 1e-300, "timeIntegration.numberOfSteps": 10},
     ("step size", "1e-301", "h^2")),
    ({"timeIntegration.endTime": 1.5e308, "timeIntegration.startTime": -1.5e308},
     ("endTime - startTime", "finite")),
    ({"timeIntegration.generalizedAlpha.newmarkGamma": 0.4},
     ("timeIntegration.generalizedAlpha.newmarkGamma", "in [0.5, 1]", "0.4")),
    ({"timeIntegration.generalizedAlpha.newmarkGamma": 5e199},   # crawled without end before
     ("timeIntegration.generalizedAlpha.newmarkGamma", "in [0.5, 1]", "5e+199")),
    ({"timeIntegration.generalizedAlpha.newmarkBeta": 0.0},
     ("timeIntegration.generalizedAlpha.newmarkBeta", "in (0, 1]", "0")),
    ({"timeIntegration.generalizedAlpha.newmarkBeta": 2.0},
     ("timeIntegration.generalizedAlpha.newmarkBeta", "in (0, 1]", "2")),
    # settings without an engine member (accepted for Exudyn scripts) are checked as well
    ({"timeIntegration.verboseMode": -1}, ("timeIntegration.verboseMode", ">= 0", "-1")),
    ({"solutionSettings.solutionWritePeriod": NAN},
     ("solutionSettings.solutionWritePeriod", ">= 0", "nan")),
    ({"parallel.numberOfThreads": 0}, ("parallel.numberOfThreads", ">= 1", "0")),
]


@pytest.mark.parametrize("values, parts", DYNAMIC_CASES)
def test_bad_dynamic_setting_is_named_with_its_range(values, parts):
    mbs, s = _osc()
    with pytest.raises(ValueError, match=_names(*parts)):
        mbs.SolveDynamic(_settings(**values))
    assert mbs.SolveDynamic(_settings()) is True   # the system is still usable


@pytest.mark.parametrize("values, parts", [
    ({"staticSolver.newton.maxIterations": -1},
     ("staticSolver.newton.maxIterations", ">= 0", "-1")),
    ({"staticSolver.newton.absoluteTolerance": -1.0},
     ("staticSolver.newton.absoluteTolerance", ">= 0", "-1")),
    ({"staticSolver.loadStepGeometric": True, "staticSolver.loadStepGeometricRange": 0.0},
     ("staticSolver.loadStepGeometricRange", "> 0", "0")),
    ({"staticSolver.loadStepGeometric": True, "staticSolver.loadStepGeometricRange": NAN},
     ("staticSolver.loadStepGeometricRange", "> 0", "nan")),
    ({"staticSolver.newton.numericalDifferentiation.relativeEpsilon": 0.0},
     ("staticSolver.newton.numericalDifferentiation.relativeEpsilon", "> 0")),
    ({"timeIntegration.startTime": NAN}, ("timeIntegration.startTime", "finite", "nan")),
])
def test_bad_static_setting_is_named_with_its_range(values, parts):
    mbs, s = _osc()
    with pytest.raises(ValueError, match=_names(*parts)):
        mbs.SolveStatic(_settings(**values))
    assert mbs.SolveStatic(_settings()) is True


def test_static_solve_does_not_check_the_dynamic_group_and_back():
    """each solver checks the settings it reads (and the shared ones)"""
    mbs, s = _osc()
    assert mbs.SolveStatic(_settings(**{"timeIntegration.minimumStepSize": 0.0}))
    assert mbs.SolveDynamic(_settings(**{"staticSolver.loadStepGeometricRange": 0.0}))


@pytest.mark.parametrize("steps", [2**32 + 100, 10**12, 2**64, -2**40, 2**31])
def test_integers_are_not_cut_to_32_bits(steps):
    mbs, s = _osc()
    with pytest.raises(ValueError, match=_names("timeIntegration.numberOfSteps", ">= 1",
                                                "2147483647", str(steps))):
        mbs.SolveDynamic(_settings(**{"timeIntegration.numberOfSteps": steps}))
    # the raw dict form (as _core.solve receives it) refuses the same way
    with pytest.raises(ValueError, match=_names("timeIntegration.numberOfSteps", str(steps))):
        mbs._core.solve(False, {"timeIntegration.numberOfSteps": steps}, None)
    assert mbs._core.stats()["steps"] == 0


def test_largest_int_is_accepted_by_the_parser():
    """2**31 - 1 steps pass the parser; refused later only where the size does not fit"""
    mbs, s = _osc()
    values = {"timeIntegration.numberOfSteps": 2**31 - 1,
              "timeIntegration.endTime": 1.0, "solutionSettings.sensorsWritePeriod": 0.0}
    with pytest.raises(ValueError, match=_names("sensor storage", "2147483649 rows",
                                                "sensorsWritePeriod")):
        mbs.SolveDynamic(_settings(**values))
    assert mbs.GetSensorStoredData(s).shape[0] == 0


def test_sensor_buffer_of_an_infinite_span_is_refused_before_allocating():
    mbs, s = _osc()
    with pytest.raises(ValueError, match=_names("timeIntegration.endTime", "finite")):
        mbs.SolveDynamic(_settings(**{"timeIntegration.endTime": INF,
                                      "solutionSettings.sensorsWritePeriod": 0.0}))


def test_settings_table_gives_every_number_a_range():
    """range, min, max (open or closed) for every int and real; defaults lie inside"""
    for row in _core.settings_table():
        if row["type"] not in ("int", "real"):
            assert row["range"] == "", row
            continue
        assert row["range"], row["path"]
        d = row["default"]
        assert (d > row["min"] if row["min_open"] else d >= row["min"]), row
        assert (d < row["max"] if row["max_open"] else d <= row["max"]), row
        if row["type"] == "int":
            assert row["max"] == 2**31 - 1 and not row["max_open"], row
    rows = {row["path"]: row for row in _core.settings_table()}
    ms = rows["timeIntegration.minimumStepSize"]
    assert (ms["range"], ms["min"], ms["min_open"], ms["max"]) == ("> 0", 0.0, True, math.inf)
    sr = rows["timeIntegration.generalizedAlpha.spectralRadius"]
    assert (sr["range"], sr["min"], sr["max"], sr["min_open"], sr["max_open"]) == \
        ("in [0, 1]", 0.0, 1.0, False, False)


def test_rejected_steps_check_for_interrupts():
    """Newton never converges (a force that jumps at random on every evaluation) and the step
    halves down to 1e-300: the progress callback (Ctrl-C, progress bars) runs on rejected steps
    and can stop the solve"""
    rng = np.random.default_rng(1)

    def slow(mbs, t, load):
        time.sleep(2e-4)
        return list(1e3 * rng.standard_normal(3))

    class Stop(Exception):
        pass

    calls = []

    def progress(t, t0, t1):
        calls.append(t)
        raise Stop("stop requested")

    mbs, s = _osc(load_function=slow)
    values = _settings(**{"timeIntegration.minimumStepSize": 1e-300})._all()
    start = time.perf_counter()
    with pytest.raises(Stop):
        mbs._core.solve(False, values, progress)
    assert time.perf_counter() - start < 1.0
    assert len(calls) == 1
    stats = mbs._core.stats()
    assert stats["steps"] == 0 and stats["rejectedSteps"] > 0


def test_halving_ends_at_the_minimum_step():
    """with minimumStepSize > 0 (checked) a Newton that cannot converge ends in SolverError"""
    mbs, s = _osc()
    with pytest.raises(cd.SolverError, match=_names("minimum")):
        mbs.SolveDynamic(_settings(**{"timeIntegration.newton.maxIterations": 0}))


def test_sensor_data_belong_to_the_solve_that_just_ran():
    mbs, s = _osc()
    assert mbs.SolveDynamic(_settings())
    old = mbs.GetSensorStoredData(s)
    assert old.shape[0] > 10
    kept = old.copy()
    # refused at the start (range check): no rows at all, not the previous solve's
    with pytest.raises(ValueError):
        mbs.SolveDynamic(_settings(**{"timeIntegration.minimumStepSize": 0.0}))
    assert mbs.GetSensorStoredData(s).shape[0] == 0
    # refused by the parser: the same
    assert mbs.SolveDynamic(_settings())
    with pytest.raises(ValueError):
        mbs.SolveDynamic(_settings(**{"timeIntegration.numberOfSteps": 2**64}))
    assert mbs.GetSensorStoredData(s).shape[0] == 0
    # failed at the first step: the initial row of this solve only
    with pytest.raises(cd.SolverError):
        mbs.SolveDynamic(_settings(**{"timeIntegration.newton.maxIterations": 0}))
    rows = mbs.GetSensorStoredData(s)
    assert rows.shape[0] == 1 and rows[0, 0] == 0.0 and rows[0, 1] == pytest.approx(0.1)
    # an array handed out earlier still reads the earlier solve's data
    assert np.array_equal(old, kept)


def test_none_is_not_a_silent_default():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    with pytest.raises(TypeError, match=_names("ObjectMassPoint", "physicsMass", "None")):
        cd.MassPoint(physicsMass=None, nodeNumber=n)
    with pytest.raises(TypeError, match=_names("ObjectMassPoint", "physicsMass", "None")):
        mbs.AddObject({"objectType": "MassPoint", "physicsMass": None, "nodeNumber": n})
    with pytest.raises(TypeError, match=_names("ObjectMassPoint", "mass")):
        mbs.AddObject(cd.MassPoint(mass=None, nodeNumber=n))
    with pytest.raises(TypeError, match=_names("NodePoint", "referenceCoordinates")):
        mbs.AddNode(cd.NodePoint(referenceCoordinates=None))


def test_none_still_means_empty_for_matrices_and_functions():
    """Exudyn's empty matrix and 'no user function' stay valid spellings"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddNode(cd.NodePointGround())
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(cd.Force(markerNumber=m1, loadVector=[1, 0, 0], loadVectorUserFunction=None))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[1, 1, 1],
                                           springForceUserFunction=None))
