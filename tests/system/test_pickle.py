"""pickle and copy.deepcopy of a whole MainSystem: the copy holds the same items, the same
Initial, Current and StartOfStep configurations and times, the same stored sensor data, and
continues a simulation bit for bit; user functions travel when picklable, and the error names
the item when one is not."""
import copy
import pickle

import numpy as np
import pytest

import coordyn as cd
from system_models import pendulum, settings

C = cd.ConfigurationType


def load_wave(mbs, t, loadVector):
    """a load user function defined at module level: picklable"""
    return [0.0, -9.81 * (1.0 + 0.1 * np.sin(10 * t)), 0.0]


def half_solved(user_function=False):
    SC, mbs = pendulum(cd, cd)
    if user_function:
        mbs.SetLoadParameter(0, "loadVectorUserFunction", load_wave)
    mbs.Assemble()
    mbs.SolveDynamic(settings(cd, 0, 0.5, 100), updateInitialValues=True)
    return mbs


def second_half():
    """settings of the continued solve: index-3 generalized-alpha leaves a small velocity-level
    constraint residual at t = 0.5, which the restart accepts (with a warning)"""
    s = settings(cd, 0.5, 1.0, 100)
    s.timeIntegration.initialConstraintWarning = True
    return s


def states(mbs):
    sd = mbs.systemData
    out = []
    for cfg in (C.Current, C.Initial, C.StartOfStep):
        out += sd.GetSystemState(cfg)
    out += [sd.GetODE2Coordinates_tt(), sd.GetODE2Coordinates_tt(C.StartOfStep),
            np.array([sd.GetTime(), sd.GetTime(C.StartOfStep)])]
    out += [mbs.GetSensorStoredData(i) for i in range(mbs.NumberOfSensors())]
    return out


def assert_identical(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        assert x.shape == y.shape and np.array_equal(x, y)


@pytest.mark.parametrize("how", ["pickle", "deepcopy", "copy"])
@pytest.mark.parametrize("user_function", [False, True])
def test_copy_continues_bit_for_bit(how, user_function):
    mbs = half_solved(user_function)
    if how == "pickle":
        other = pickle.loads(pickle.dumps(mbs))
    elif how == "deepcopy":
        other = copy.deepcopy(mbs)
    else:
        other = copy.copy(mbs)
    assert other is not mbs and other._core is not mbs._core
    before = states(mbs)
    assert before[-1].shape[0] == 101                     # sensor rows of the first half
    assert_identical(before, states(other))
    assert other.systemIsConsistent
    assert other.GetDictionary()["objectList"] == mbs.GetDictionary()["objectList"]
    if user_function:
        f = other.GetLoad(0)["loadVectorUserFunction"]
        assert f(other, 0.1, None) == load_wave(mbs, 0.1, None)
    # the second half on both: exactly the same numbers
    for m in (mbs, other):
        with pytest.warns(UserWarning, match="violates 1 constraint"):
            m.SolveDynamic(second_half())
    after = states(mbs)
    assert_identical(after, states(other))
    assert not np.array_equal(after[0], before[0])        # the system moved on
    # and the continued solve is close to the solve of the whole interval (same steps; the
    # restart recomputes the accelerations and generalized-alpha's auxiliary ones: 2e-6 here)
    SC, whole = pendulum(cd, cd)
    if user_function:
        whole.SetLoadParameter(0, "loadVectorUserFunction", load_wave)
    whole.Assemble()
    whole.SolveDynamic(settings(cd, 0, 1.0, 200))
    assert np.allclose(whole.systemData.GetODE2Coordinates(), after[0], rtol=0, atol=1e-5)


def test_copies_are_independent():
    mbs = half_solved()
    other = copy.deepcopy(mbs)
    other.systemData.SetODE2Coordinates(np.zeros(6), C.Initial)
    other.SetObjectParameter(0, "mass", 3.0)
    assert mbs.GetObjectParameter(0, "mass") == 1.0
    assert np.any(mbs.systemData.GetODE2Coordinates(C.Initial) != 0)


def test_unassembled_and_variables_travel():
    SC, mbs = pendulum(cd, cd)
    mbs.variables["k"] = 200.0
    mbs.sys["note"] = "kept"
    other = pickle.loads(pickle.dumps(mbs))
    assert not other.systemIsConsistent
    assert other.variables == {"k": 200.0} and other.sys == {"note": "kept"}
    assert other.NumberOfObjects() == 4 and other.GetObject(2)["name"] == "link"
    with pytest.raises(cd.SolverError, match="not assembled"):
        other.systemData.GetODE2Coordinates()


def test_visualization_entries_travel():
    SC, mbs = pendulum(cd, cd)
    mbs.SetObjectParameter(0, "VgraphicsData", [{"type": "Line", "data": [0, 0, 0, 1, 0, 0]}])
    other = copy.deepcopy(mbs)
    assert other.GetObject(0)["VgraphicsData"] == mbs.GetObject(0)["VgraphicsData"]


def test_unpicklable_user_function_names_the_item():
    SC, mbs = pendulum(cd, cd)
    mbs.SetLoadParameter(1, "loadVectorUserFunction", lambda mbs, t, v: v)
    with pytest.raises(pickle.PicklingError,
                       match=r"load 1 \(LoadForceVector\) has the user function "
                             r"loadVectorUserFunction=<function .*lambda.*cannot be pickled"):
        pickle.dumps(mbs)
    other = copy.deepcopy(mbs)                            # deepcopy shares the function
    assert other.GetLoad(1)["loadVectorUserFunction"] is mbs.GetLoad(1)["loadVectorUserFunction"]


def test_unpicklable_variables_are_named():
    SC, mbs = pendulum(cd, cd)
    mbs.variables["f"] = lambda: 0
    with pytest.raises(pickle.PicklingError, match="its variables cannot be pickled"):
        pickle.dumps(mbs)


def test_system_container_pickle_and_append():
    SC, mbs = pendulum(cd, cd)
    mbs.Assemble()
    mbs.SolveDynamic(settings(cd, 0, 0.2, 20))
    SC.visualizationSettings.general.drawWorldBasis = True
    for other in (pickle.loads(pickle.dumps(SC)), copy.deepcopy(SC)):
        assert other.NumberOfSystems() == 1
        m = other.GetSystem(0)
        assert m.GetSystemContainer() is other
        assert other.visualizationSettings.general.drawWorldBasis is True
        assert_identical(states(m), states(mbs))
    extra = cd.MainSystem()
    assert SC.AppendSystem(extra) == 1 and extra.GetSystemContainer() is SC
    with pytest.raises(ValueError, match=r"AppendSystem: this MainSystem is already in the "
                                         r"container \(number 1\)"):
        SC.AppendSystem(extra)
    with pytest.raises(TypeError, match="AppendSystem expects a coordyn.MainSystem, got dict"):
        SC.AppendSystem({})
    SC.GetSystem(0).SetLoadParameter(0, "loadVectorUserFunction", lambda mbs, t, v: v)
    with pytest.raises(pickle.PicklingError, match=r"SystemContainer system 0: .*load 0"):
        pickle.dumps(SC)
    with pytest.raises(ValueError, match="SystemContainer.SetDictionary: expected a dict"):
        SC.SetDictionary({})
