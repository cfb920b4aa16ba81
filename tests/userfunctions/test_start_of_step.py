"""The StartOfStep configuration: during a solve the state at the start of the current step
(what Exudyn's user functions read), after the solve the start of the last step."""
import numpy as np
import pytest

import coordyn as cd

CFG = cd.ConfigurationType


def falling_point(record):
    """a point mass thrown along x under gravity: x = t, y = -5 t^2 with h = 0.1"""
    mbs = cd.SystemContainer().AddSystem()
    mbs.CreateMassPoint(referencePosition=[0, 0, 0], initialVelocity=[1, 0, 0], mass=1,
                        gravity=[0, -10, 0])

    def pre(mbs, t):
        record.append(("pre", t, mbs.systemData.GetODE2Coordinates(CFG.StartOfStep),
                       mbs.systemData.GetTime(CFG.StartOfStep),
                       mbs.systemData.GetODE2Coordinates()))
        return True

    def post(mbs, t):
        record.append(("post", t, mbs.systemData.GetODE2Coordinates(CFG.StartOfStep),
                       mbs.systemData.GetTime(CFG.StartOfStep),
                       mbs.systemData.GetODE2Coordinates()))
        return True

    mbs.SetPreStepUserFunction(pre)
    mbs.SetPostStepUserFunction(post)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 3
    s.timeIntegration.endTime = 0.3
    return mbs, s


def test_user_functions_see_the_start_of_the_step():
    record = []
    mbs, s = falling_point(record)
    mbs.SolveDynamic(s)
    exact = lambda t: np.array([t, -5 * t * t, 0])  # noqa: E731  (exact for constant forces)
    posts = [r for r in record if r[0] == "post"]
    pres = [r for r in record if r[0] == "pre"]
    assert [round(r[1], 12) for r in posts] == [0.0, 0.1, 0.2, 0.3]
    for kind, t, sos, tsos, cur in pres:          # before the step: start == current state
        assert np.allclose(sos, cur, atol=1e-14) and tsos == pytest.approx(t - 0.1)
    for kind, t, sos, tsos, cur in posts[1:]:     # after the step: the step's start
        assert np.allclose(sos, exact(t - 0.1), atol=1e-12)
        assert np.allclose(cur, exact(t), atol=1e-12)
        assert tsos == pytest.approx(t - 0.1)
    # after the solve: the start of the last step, Current the end
    assert np.allclose(mbs.systemData.GetODE2Coordinates(CFG.StartOfStep), exact(0.2),
                       atol=1e-12)
    assert mbs.systemData.GetTime(CFG.StartOfStep) == pytest.approx(0.2)
    assert np.allclose(mbs.systemData.GetODE2Coordinates(), exact(0.3), atol=1e-12)


def test_start_of_step_as_exudyn():
    exu = pytest.importorskip("exudyn")
    mine = []
    mbs, s = falling_point(mine)
    mbs.SolveDynamic(s)
    theirs = []
    SC = exu.SystemContainer()
    embs = SC.AddSystem()
    embs.CreateMassPoint(referencePosition=[0, 0, 0], initialVelocity=[1, 0, 0],
                         physicsMass=1, gravity=[0, -10, 0])

    def rec(kind):
        def f(m, t):
            E = exu.ConfigurationType
            theirs.append((kind, t, m.systemData.GetODE2Coordinates(E.StartOfStep),
                           m.systemData.GetTime(E.StartOfStep),
                           m.systemData.GetODE2Coordinates()))
            return True
        return f

    embs.SetPreStepUserFunction(rec("pre"))
    embs.SetPostStepUserFunction(rec("post"))
    embs.Assemble()
    es = exu.SimulationSettings()
    es.timeIntegration.numberOfSteps = 3
    es.timeIntegration.endTime = 0.3
    es.timeIntegration.verboseMode = 0
    es.solutionSettings.writeSolutionToFile = False
    embs.SolveDynamic(es)
    assert [(r[0], round(r[1], 12)) for r in mine] == [(r[0], round(r[1], 12)) for r in theirs]
    for a, b in zip(mine, theirs):
        assert np.allclose(a[2], b[2], atol=1e-12) and np.allclose(a[4], b[4], atol=1e-12)
        assert a[3] == pytest.approx(b[3], abs=1e-12)
    E = exu.ConfigurationType
    assert np.allclose(mbs.systemData.GetODE2Coordinates(CFG.StartOfStep),
                       embs.systemData.GetODE2Coordinates(E.StartOfStep), atol=1e-12)
