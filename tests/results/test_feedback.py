"""Feedback while a solve runs (coordyn.results.progress): the progress bar ends where the solve
ended, verboseMode prints Exudyn's lines, the solve's messages go to the logging module."""
import logging
import time

import pytest

import coordyn as cd
from coordyn.results import progress as pg


def _mass(v=1.0, slow=False):
    """a free mass point; slow: a load user function that sleeps 3 ms per call, so that the
    solve runs long enough for the progress calls (at most every 0.1 s)"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(initialVelocities=[v, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=n))
    if slow:
        m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
        mbs.AddLoad(cd.LoadForceVector(markerNumber=m, loadVector=[0, 0, 0],
                                       loadVectorUserFunction=lambda mbs, t, load:
                                       time.sleep(3e-3) or [0.0, 0, 0]))
    mbs.Assemble()
    return mbs


def _blowing_up():
    """a point with a user force (3 ms per call) that becomes NaN at t > 0.5: the solve fails
    there, after the Python progress function was called (at most every 0.1 s)"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=n))
    m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=m, loadVector=[1, 0, 0],
                                   loadVectorUserFunction=lambda mbs, t, load:
                                   time.sleep(3e-3) or
                                   [float("nan") if t > 0.5 else 1.0, 0, 0]))
    mbs.Assemble()
    return mbs


class _FakeBar:
    def __init__(self, total, **kw):
        self.total, self.n, self.postfix, self.closed = total, 0.0, None, False

    def refresh(self):
        pass

    def set_postfix_str(self, s, refresh=True):
        self.postfix = s

    def close(self):
        self.closed = True


@pytest.fixture
def bars(monkeypatch):
    made = []

    def factory():
        def make(**kw):
            b = _FakeBar(**kw)
            made.append(b)
            return b
        return make
    monkeypatch.setattr(pg, "_tqdm_class", factory)
    return made


def test_bar_full_on_success(bars):
    mbs = _mass(slow=True)
    s = cd.SimulationSettings()
    s.progressBar = True
    mbs.SolveDynamic(s)
    assert len(bars) == 1 and bars[0].closed
    assert bars[0].n == pytest.approx(bars[0].total) and bars[0].postfix is None


def test_bar_stays_where_the_solve_failed_with_the_reason(bars):
    mbs = _blowing_up()
    s = cd.SimulationSettings()
    s.progressBar = True
    s.timeIntegration.numberOfSteps = 100
    s.timeIntegration.endTime = 1.0
    with pytest.raises(cd.SolverError):
        mbs.SolveDynamic(s)
    b = bars[0]
    assert b.closed and 0 < b.n <= 0.51 * b.total  # where it stopped, not filled to 100 %
    assert b.postfix.startswith("failed: loadVectorUserFunction of LoadForceVector 0 returned "
                                "nan")


def test_text_bar_in_a_notebook_without_ipywidgets(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "ipykernel", sys)  # as if in Jupyter
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # import fails
    from tqdm.std import tqdm
    assert pg._tqdm_class() is tqdm


def test_verbose_mode_prints_exudyn_lines(capsys):
    mbs = _mass()
    s = cd.SimulationSettings()
    s.timeIntegration.verboseMode = 1
    s.timeIntegration.numberOfSteps = 50
    s.timeIntegration.endTime = 0.5
    mbs.SolveDynamic(s)
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "+" * 31
    assert out[1] == f"coordyn V{cd.__version__} solver: implicit second order time integration"
    assert out[2] == "STEP50, t = 0.5s, timeToGo = 0s, Nit/step = 0"
    assert out[3].startswith("Solver terminated successfully after ")
    # off by default: nothing printed
    mbs.SolveDynamic(cd.SimulationSettings())
    assert capsys.readouterr().out == ""


def test_verbose_mode_reports_the_failure(capsys):
    s = cd.SimulationSettings()
    s.timeIntegration.verboseMode = 1
    s.timeIntegration.numberOfSteps = 100
    with pytest.raises(cd.SolverError):
        _blowing_up().SolveDynamic(s)
    out = capsys.readouterr().out
    assert "Solver terminated with an error after" in out and "returned nan" in out


def test_static_verbose_header(capsys):
    s = cd.SimulationSettings()
    s.staticSolver.verboseMode = 1
    mbs = _mass(0.0)
    mbs.SolveStatic(s)
    assert "solver: static solver" in capsys.readouterr().out


def test_messages_go_to_the_logging_module(caplog):
    caplog.set_level(logging.INFO, logger="coordyn")
    _mass().SolveDynamic()
    assert any(r.name == "coordyn" and "dynamic solve: 100 steps" in r.message
               for r in caplog.records)
    caplog.clear()
    with pytest.raises(cd.SolverError):
        _blowing_up().SolveDynamic()
    errs = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert errs and "dynamic solve failed: loadVectorUserFunction" in errs[0].message
