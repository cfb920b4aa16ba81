"""timeIntegration.verboseMode and staticSolver.verboseMode (coordyn.results.progress): the lines
Exudyn prints at levels 1, 2 and 3, with coordyn's numbers from the engine's events (cd_event):
per step at level 2, the vectors per Newton iteration at level 3, nothing at level 0; and the
structure of Exudyn 1.13's output for the same models where exudyn is importable."""
import logging
import math
import re

import pytest

import coordyn as cd
from coordyn.results import progress as pg

H, NSTEPS = 0.01, 8

STEP_DONE = re.compile(r"^STEP(\d+), t = (\S+)s, timeToGo = (\S+)s, Nit/step = (\S+)$")
STEP_DONE_STATIC = re.compile(r"^STEP(\d+), factor = (\S+), timeToGo = (\S+)s, "
                              r"Nit/step = (\S+)$")
STEP_TRY = re.compile(r"^STEP(\d+), t = (\S+), step size = (\S+)$")
STEP_TRY_STATIC = re.compile(r"^STEP(\d+), factor = (\S+), step size = (\S+)$")
NEWTON_IT = re.compile(r"^    NEWTON STEP (\d+): residual = (\S+): relTol = (\S+): "
                       r"contr. = (\S+)$")
NEWTON_START = re.compile(r"^Newton: initial residual = (\S+); goals: relTol=(\S+), "
                          r"absTol=(\S+)$")
CONVERGED = re.compile(r"^  Newton: converged after (\d+) steps; relative error = (\S+)$")


# ------------------------------------------------------------------ models (both libraries)

def _lib(name):
    if name == "coordyn":
        return cd, cd
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as eii
    return exu, eii


def mass_spring(name="coordyn"):
    """a mass point on a spring to the ground, pulled by a constant force"""
    exu, items = _lib(name)
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(items.NodePoint(referenceCoordinates=[0, 0, 0]))
    g = mbs.AddObject(items.ObjectGround())
    mg = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=g))
    mbs.AddObject(items.MassPoint(physicsMass=1.0, nodeNumber=n))
    mn = mbs.AddMarker(items.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(items.CartesianSpringDamper(markerNumbers=[mg, mn], stiffness=[100, 100, 100],
                                              damping=[1, 1, 1]))
    mbs.AddLoad(items.LoadForceVector(markerNumber=mn, loadVector=[10, 0, 0]))
    mbs.Assemble()
    return exu, mbs


def pendulum(name="coordyn"):
    """a rigid bar on a revolute joint to the ground, swinging under gravity"""
    exu, _ = _lib(name)
    if name == "coordyn":
        from coordyn.rigid import InertiaCuboid
    else:
        from exudyn.utilities import InertiaCuboid
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(1000, [1, 0.1, 0.1]),
                            referencePosition=[0.5, 0, 0], gravity=[0, -9.81, 0])
    mbs.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    return exu, mbs


def cable(name="coordyn"):
    """a statically loaded ANCF cantilever: several Newton iterations per load step"""
    exu, items = _lib(name)
    mbs = exu.SystemContainer().AddSystem()
    L, ne = 2.0, 4
    nodes = [mbs.AddNode(items.NodePoint2DSlope1(referenceCoordinates=[L * i / ne, 0, 1, 0]))
             for i in range(ne + 1)]
    for i in range(ne):
        mbs.AddObject(items.Cable2D(physicsLength=L / ne, physicsMassPerLength=1.0,
                                    physicsBendingStiffness=10.0, physicsAxialStiffness=1e3,
                                    nodeNumbers=[nodes[i], nodes[i + 1]]))
    g = mbs.AddObject(items.ObjectGround())
    mg = mbs.AddMarker(items.MarkerBodyPosition(bodyNumber=g))
    for c in range(4):
        mn = mbs.AddMarker(items.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=c))
        mgc = mbs.AddMarker(items.MarkerBodyCoordinate(bodyNumber=g, coordinate=0)) \
            if hasattr(items, "MarkerBodyCoordinate") else None
        if mgc is None:
            mgn = mbs.AddNode(items.NodePointGround())
            mgc = mbs.AddMarker(items.MarkerNodeCoordinate(nodeNumber=mgn, coordinate=0))
        mbs.AddObject(items.CoordinateConstraint(markerNumbers=[mgc, mn]))
    del mg
    tip = mbs.AddMarker(items.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(items.LoadForceVector(markerNumber=tip, loadVector=[0, -1, 0]))
    mbs.Assemble()
    return exu, mbs


def _settings(exu, level, static=False, steps=NSTEPS, load_steps=4):
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = steps * H
    s.staticSolver.numberOfLoadSteps = load_steps
    s.timeIntegration.verboseMode = level
    s.staticSolver.verboseMode = level
    s.displayComputationTime = False
    s.displayStatistics = False
    s.solutionSettings.writeSolutionToFile = False
    if hasattr(s.solutionSettings, "sensorsStoreAndWriteFiles"):
        s.solutionSettings.sensorsStoreAndWriteFiles = False
    if hasattr(s, "progressBar"):
        s.progressBar = False
    return s


def _run(model, level, static=False, capsys=None, **kw):
    exu, mbs = model()
    s = _settings(exu, level, static, **kw)
    (mbs.SolveStatic if static else mbs.SolveDynamic)(s)
    out = capsys.readouterr().out.splitlines()
    return out, mbs.GetSolverStatistics()


def _num(x):
    return float(x)


# ------------------------------------------------------------------ level 0 and 1

@pytest.mark.parametrize("static", [False, True])
def test_level_0_prints_nothing(capsys, static):
    out, _ = _run(pendulum if not static else cable, 0, static, capsys)
    assert out == []


def test_level_0_and_1_get_no_step_events(monkeypatch, capsys):
    """verboseMode < 2: the engine calls no event per step (only for failed steps)"""
    seen = []
    orig = pg._Progress.event
    monkeypatch.setattr(pg._Progress, "event", lambda self, *a: seen.append(a[0]) or
                        orig(self, *a))
    for level in (0, 1):
        _run(pendulum, level, False, capsys)
        _run(cable, level, True, capsys)
    assert seen == []


def test_level_1_has_no_step_lines(capsys):
    out, st = _run(pendulum, 1, False, capsys)
    assert out[1].endswith("solver: implicit second order time integration")
    assert not any("COMPUTE STEP" in line or "NEWTON STEP" in line for line in out)
    assert out[-2] == (f"STEP{NSTEPS}, t = {NSTEPS * H:g}s, timeToGo = 0s, "
                       f"Nit/step = {st['newtonIterations'] / NSTEPS:.4g}")
    out, st = _run(cable, 1, True, capsys)
    assert out[-2] == (f"STEP4, factor = 1, timeToGo = 0s, "
                       f"Nit/step = {st['newtonIterations'] / 4:.4g}")


def _hard_settings(exu, level):
    """the pendulum in steps of 0.1 s with at most 2 full Newton iterations: steps fail and are
    halved until they converge"""
    s = _settings(exu, level, steps=4)
    s.timeIntegration.endTime = 0.4
    s.timeIntegration.newton.maxIterations = 2
    s.timeIntegration.newton.useModifiedNewton = False
    return s


FAILED = re.compile(r"^  Newton \(time/load step #(\d+)\): convergence failed after (\d+) "
                    r"iterations; time = (\S+): Newton did not converge in 2 iterations")
REDUCED = re.compile(r"^  Solve steps: adaptive reduction to step size = (\S+), time = (\S+)$")


def test_level_1_reports_failed_and_reduced_steps(capsys, caplog):
    caplog.set_level(logging.INFO, logger="coordyn")
    exu, mbs = pendulum()
    mbs.SolveDynamic(_hard_settings(exu, 1))
    st = mbs.GetSolverStatistics()
    out = capsys.readouterr().out.splitlines()
    failed = [m for m in map(FAILED.match, out) if m]
    reduced = [m for m in map(REDUCED.match, out) if m]
    assert st["rejectedSteps"] > 3
    assert len(failed) == len(reduced) == st["rejectedSteps"]
    assert all(int(m.group(2)) == 2 for m in failed)
    # the failed step ended after the time its reduction starts from
    for f, r in zip(failed, reduced):
        assert _num(f.group(3)) > _num(r.group(2))
        assert 0 < _num(r.group(1)) < 0.1
    assert not any("COMPUTE STEP" in x for x in out)
    assert out[-2].startswith(f"STEP{st['steps']}, t = 0.4s")
    logged = [r.message for r in caplog.records if r.levelno == logging.INFO]
    assert sum("adaptive reduction" in m for m in logged) == st["rejectedSteps"]


def test_level_2_blocks_of_rejected_steps(capsys):
    exu, mbs = pendulum()
    mbs.SolveDynamic(_hard_settings(exu, 2))
    st = mbs.GetSolverStatistics()
    out = capsys.readouterr().out.splitlines()
    tried = [m for m in map(STEP_TRY.match, out) if m]
    done = [m for m in map(STEP_DONE.match, out) if m]
    assert len(tried) == st["steps"] + st["rejectedSteps"]
    assert [int(m.group(1)) for m in done] == list(range(1, st["steps"] + 1))
    assert _num(done[-1].group(2)) == pytest.approx(0.4)
    # Nit/step counts the iterations of the rejected tries too
    assert sum(_num(m.group(4)) for m in done) == st["newtonIterations"]
    assert sum(bool(NEWTON_IT.match(x)) for x in out) == st["newtonIterations"]


# ------------------------------------------------------------------ level 2

def _blocks(out, static=False):
    """the per-step blocks between COMPUTE STEP and STEP FINISHED"""
    blocks, cur = [], None
    for line in out:
        if "COMPUTE STEP" in line:
            cur = []
        elif "STEP FINISHED" in line:
            if cur is not None:
                blocks.append(cur)
            cur = None
        elif cur is not None:
            cur.append(line)
    return blocks


@pytest.mark.parametrize("model", [mass_spring, pendulum])
def test_level_2_dynamic_lines_per_step(capsys, caplog, model):
    caplog.set_level(logging.DEBUG, logger="coordyn")
    out, st = _run(model, 2, False, capsys)
    assert out[2].startswith("  Generalized-alpha: spectralRadius=0.9, alphaM=0.421053, "
                             "alphaF=0.473684, beta=0.277008, gamma=0.552632, factJacA=0.909091")
    assert "Start steps solving loop" in out and "STEP0, t = 0s, timeToGo = 0s" in out
    blocks = _blocks(out)
    assert len(blocks) == NSTEPS == st["steps"]
    nit_total = 0
    for k, b in enumerate(blocks, 1):
        m = STEP_TRY.match(b[0])
        assert m and int(m.group(1)) == k
        assert _num(m.group(2)) == pytest.approx(k * H, rel=1e-5)
        assert _num(m.group(3)) == pytest.approx(H, rel=1e-5)
        start = NEWTON_START.match(b[1])
        assert start and _num(start.group(2)) == 1e-8 and _num(start.group(3)) == 1e-10
        its = [NEWTON_IT.match(x) for x in b if NEWTON_IT.match(x)]
        assert [int(m.group(1)) for m in its] == list(range(1, len(its) + 1))
        conv = [CONVERGED.match(x) for x in b if CONVERGED.match(x)]
        assert len(conv) == 1 and int(conv[0].group(1)) == len(its)
        done = STEP_DONE.match(b[-1])
        assert done and int(done.group(1)) == k
        assert _num(done.group(2)) == pytest.approx(k * H, rel=1e-5)
        assert _num(done.group(4)) == len(its)
        # relTol: the residual relative to the initial one
        r0 = _num(start.group(1))
        for m in its:
            assert _num(m.group(3)) == pytest.approx(_num(m.group(2)) / r0, rel=1e-4, abs=1e-300)
        nit_total += len(its)
    assert nit_total == st["newtonIterations"]
    # the Jacobians of the steps (the statistics also count the initial accelerations' one)
    assert sum(x == "    update Jacobian" for x in out) == st["jacobians"] - 1
    assert out[-1].startswith("Solver terminated successfully after ")
    # no level-1 summary line after the per-step lines
    assert not STEP_DONE.match(out[-3] if len(out) > 2 else "")
    # the lines go to the logging module too
    logged = [r.message for r in caplog.records if r.name == "coordyn"]
    assert sum("COMPUTE STEP" in m for m in logged) == NSTEPS


def test_level_2_static_lines_per_load_step(capsys):
    out, st = _run(cable, 2, True, capsys)
    assert out[2:5] == ["*********************", "Static solver (4 load steps):",
                        "*********************"]
    assert "STEP0, factor = 0, timeToGo = 0s" in out
    blocks = _blocks(out)
    assert len(blocks) == 4 == st["steps"]
    nit = 0
    for k, b in enumerate(blocks, 1):
        m = STEP_TRY_STATIC.match(b[0])
        assert m and int(m.group(1)) == k and _num(m.group(2)) == pytest.approx(k / 4, rel=1e-5)
        done = STEP_DONE_STATIC.match(b[-1])
        assert done and _num(done.group(2)) == pytest.approx(k / 4, rel=1e-5)
        its = [x for x in b if NEWTON_IT.match(x)]
        assert _num(done.group(4)) == len(its) > 1
        nit += len(its)
    assert nit == st["newtonIterations"]


# ------------------------------------------------------------------ level 3

def test_level_3_vectors_and_decreasing_residuals(capsys):
    out, st = _run(cable, 3, True, capsys)
    assert out[2:8] == ["number of steps = 4", "start time = 0", "end time = 1",
                        "minStepSize = 1e-08", "maxStepSize = 0.25", "adaptiveStep = 1"]
    blocks = _blocks(out)
    assert len(blocks) == 4
    n_inc = 0
    for b in blocks:
        res = [_num(NEWTON_IT.match(x).group(2)) for x in b if NEWTON_IT.match(x)]
        assert len(res) > 1
        # Newton converges: the residuals decrease from the first increment on
        assert all(b2 < b1 for b1, b2 in zip(res, res[1:]))
        conv = CONVERGED.match([x for x in b if CONVERGED.match(x)][0])
        assert _num(conv.group(2)) <= 1e-8 or res[-1] <= 1e-10
        vec = [x for x in b if x.startswith("    Newton RESIDUAL     = [")]
        inc = [x for x in b if x.startswith("    newtonIncrement = [")]
        solu = [x for x in b if x.startswith("    Newton solU         = [")]
        assert len(vec) == len(inc) == len(solu) == len(res)
        n_inc += len(inc)
        # statics: the force rows of the printed residual vector have the printed norm
        for line, r in zip(vec, res):
            v = [float(x) for x in line.split("= [")[1].rstrip("]").split(",")]
            n2 = 4 * 5
            assert math.sqrt(sum(x * x for x in v[:n2])) == pytest.approx(r, rel=1e-4,
                                                                          abs=1e-12)
        assert not any("solV" in x for x in b)  # statics: no velocities
    assert n_inc == st["newtonIterations"]


def test_level_3_dynamic_vectors(capsys):
    out, st = _run(pendulum, 3, False, capsys)
    blocks = _blocks(out)
    assert len(blocks) == NSTEPS
    n2 = 7  # Euler parameters
    for b in blocks:
        for key in ("solU", "solV", "solA"):
            lines = [x for x in b if x.startswith(f"    Newton {key}")]
            assert lines and all(len(x.split("[")[1].split(",")) == n2 for x in lines)
    assert sum(x.startswith("    newtonIncrement = ") for x in out) == st["newtonIterations"]


def test_event_callback_exception_stops_the_solve(monkeypatch, capsys):
    def boom(self, *a):
        if a[0] == pg.EV_ACCEPTED:
            raise RuntimeError("event failed")
    monkeypatch.setattr(pg._Progress, "event", boom)
    exu, mbs = pendulum()
    with pytest.raises(RuntimeError, match="event failed"):
        mbs.SolveDynamic(_settings(exu, 2, steps=200))
    assert mbs.GetSolverStatistics()["steps"] < 200
    # the system solves again afterwards
    mbs.SolveDynamic(_settings(exu, 0))
    capsys.readouterr()


# ------------------------------------------------------------------ Exudyn's structure

def _exudyn_out(model, level, static, capfd, **kw):
    exu, mbs = model("exudyn")
    s = _settings(exu, level, static, **kw)
    capfd.readouterr()
    (mbs.SolveStatic if static else mbs.SolveDynamic)(s)
    return capfd.readouterr().out.splitlines()


def _structure(out, static):
    done = STEP_DONE_STATIC if static else STEP_DONE
    tried = STEP_TRY_STATIC if static else STEP_TRY
    return ([(int(m.group(1)), round(float(m.group(2)), 6))
             for m in map(done.match, out) if m],
            [(int(m.group(1)), round(float(m.group(2)), 6), round(float(m.group(3)), 6))
             for m in map(tried.match, out) if m],
            sum("COMPUTE STEP" in x for x in out), sum("STEP FINISHED" in x for x in out))


@pytest.mark.parametrize("model,static", [(mass_spring, False), (pendulum, False),
                                          (mass_spring, True), (cable, True)])
@pytest.mark.parametrize("level", [1, 2, 3])
def test_same_structure_as_exudyn(capfd, model, static, level):
    pytest.importorskip("exudyn")
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ex = _exudyn_out(model, level, static, capfd)
    exu, mbs = model()
    s = _settings(exu, level, static)
    capfd.readouterr()
    (mbs.SolveStatic if static else mbs.SolveDynamic)(s)
    ours = capfd.readouterr().out.splitlines()
    assert _structure(ours, static) == _structure(ex, static)
    if level >= 2:
        assert len(_structure(ours, static)[1]) == (4 if static else NSTEPS)
        for line in ("Start steps solving loop",
                     "STEP0, factor = 0, timeToGo = 0s" if static else
                     "STEP0, t = 0s, timeToGo = 0s"):
            assert line in ours and line in ex
        header = [x for x in ex if "Generalized-alpha:" in x or "load steps):" in x]
        assert header and all(x in ours for x in header)
        # a NEWTON STEP line per Newton iteration, a converged line per step in both
        assert sum(bool(CONVERGED.match(x)) for x in ours) == \
            sum(bool(CONVERGED.match(x)) for x in ex)
    if level >= 3:
        assert [x for x in ex if " = " in x and x.split(" = ")[0] in (
            "number of steps", "start time", "end time", "minStepSize", "maxStepSize",
            "adaptiveStep")] == ours[2:8]


# ------------------------------------------------------------------ discontinuous iteration

def test_level_2_discontinuous_iteration_and_geometric_load_steps(capsys):
    """the cantilever on two circles of tests/flexible/test_cable_contact.py (contact states,
    geometric load steps): a line per discontinuous iteration, the load factor and the step
    variable per load step"""
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "flexible" / "test_cable_contact.py"
    spec = importlib.util.spec_from_file_location("_cable_contact", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def cfg(s):
        s.staticSolver.verboseMode = 2

    mbs, *_ = mod.contact_circle_test(cd, configure=cfg)
    st = mbs.GetSolverStatistics()
    out = capsys.readouterr().out.splitlines()
    disc = re.compile(r"^  discontinuous iteration error = (\S+) \(disc.it.=(\d+), "
                      r"error goal = 1( ... REACHED)?\)$")
    blocks = _blocks(out)
    assert len(blocks) == 40 == st["steps"]
    n = 0
    for k, b in enumerate(blocks, 1):
        # adaptiveStep = False there: no step size (as Exudyn)
        # (the step variable t only where it differs from the factor: not in the last step)
        m = re.match(r"^STEP(\d+), factor = (\S+)(?:, t = (\S+))?$", b[0])
        assert m and int(m.group(1)) == k
        # geometric load steps: 1e4^((k - 1)/39 - 1), the step variable k / 40
        assert _num(m.group(2)) == pytest.approx(1e4 ** ((k - 1) / 39 - 1), rel=1e-5)
        assert _num(m.group(3) or m.group(2)) == pytest.approx(k / 40, rel=1e-5)
        assert (m.group(3) is None) == (k == 40)
        d = [disc.match(x) for x in b if disc.match(x)]
        assert [int(x.group(2)) for x in d] == list(range(len(d)))
        assert d[-1].group(3) and _num(d[-1].group(1)) <= 1
        assert all(not x.group(3) for x in d[:-1])
        # one Newton solve per discontinuous iteration
        assert sum(bool(CONVERGED.match(x)) for x in b) == len(d)
        n += len(d)
    assert n == st["discontinuousIterations"] > 40
