"""Solution files (solutionSettings.writeSolutionToFile) in Exudyn's text format: the header and
rows coordyn writes, coordyn.LoadSolutionFile, and the exchange with Exudyn 1.13 (Exudyn's
LoadSolutionFile reads coordyn's file, coordyn's reads Exudyn's) for one model run in both."""

import numpy as np
import pytest

import coordyn as cd
from exudyn_models import exudyn_lib, default_settings, _try_set, make


def pendulum(lib, name, steps=100, end=0.5, **solution):
    """a mass point on a spring (x) and a mass point on a distance constraint (a pendulum) under
    gravity: ODE2, velocities, accelerations and one multiplier; the file `name`"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(lib.ObjectGround(referencePosition=[0, 0, 0]))
    n0 = mbs.AddNode(lib.NodePoint(referenceCoordinates=[0, 0, 0], initialCoordinates=[0.1, 0, 0],
                                   initialVelocities=[0, 0.5, 0]))
    m0 = mbs.AddObject(make(lib.MassPoint, nodeNumber=n0, mass=2))
    mbs.AddObject(lib.CartesianSpringDamper(markerNumbers=[
        mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0])),
        mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=m0, localPosition=[0, 0, 0]))],
        stiffness=[50, 20, 10], damping=[0.1, 0.1, 0.1]))
    n1 = mbs.AddNode(lib.NodePoint(referenceCoordinates=[1, 0, 0]))
    m1 = mbs.AddObject(make(lib.MassPoint, nodeNumber=n1, mass=1))
    mk = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=m1, localPosition=[0, 0, 0]))
    mbs.AddObject(lib.DistanceConstraint(markerNumbers=[
        mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0])), mk],
        distance=1))
    mbs.AddLoad(lib.Force(markerNumber=mk, loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    s = default_settings(lib)
    s.timeIntegration.endTime = end
    s.timeIntegration.numberOfSteps = steps
    _try_set(s, ['solutionSettings.writeSolutionToFile'], True)
    _try_set(s, ['solutionSettings.coordinatesSolutionFileName'], name)
    for k, v in solution.items():
        assert _try_set(s, ['solutionSettings.' + k], v)
    mbs.SolveDynamic(s)
    return mbs


def exudyn_load():
    ex = pytest.importorskip("exudyn.utilities")
    return lambda name: ex.LoadSolutionFile(name, verbose=False)


def test_header_and_rows(tmp_path):
    name = str(tmp_path / "sol.txt")
    mbs = pendulum(cd, name, steps=100, end=0.5)
    lines = open(name).read().splitlines()
    assert lines[0] == "#Exudyn implicit second order time integration solver solution file"
    assert lines[1].startswith("#simulation started=")
    assert lines[2] == ("#columns contain: time, ODE2 displacements, ODE2 velocities, "
                        "ODE2 accelerations, AE coordinates")
    assert lines[3] == "#number of system coordinates [nODE2, nODE1, nAlgebraic, nData] = [6,0,1,0]"
    assert lines[4] == ("#number of written coordinates [nODE2, nVel2, nAcc2, nODE1, nVel1, "
                        "nAlgebraic, nData] = [6,6,6,0,0,1,0]")
    assert lines[5] == "#total columns exported  (excl. time) = 19"
    assert lines[6] == "#number of time steps (planned) = 100"
    assert lines[8] == "#"
    assert lines[-2].startswith("#simulation finished=")
    assert lines[-1].startswith("#Solver Info: cpuTime=")
    rows = [ln for ln in lines if not ln.startswith("#")]
    # writeInitialValues, then every solutionWritePeriod = 0.01 s: 51 rows
    assert len(rows) == 51
    assert rows[0].split(",")[:4] == ["0", "0.1", "0", "0"]
    d = cd.LoadSolutionFile(name)
    assert d["columnsExported"] == [6, 6, 6, 0, 0, 1, 0]
    assert d["nColumns"] == 19 and d["nRows"] == 51 and d["data"].shape == (51, 20)
    np.testing.assert_allclose(d["data"][:, 0], np.linspace(0, 0.5, 51), atol=1e-12)
    # the last row is the final state, to outputPrecision = 10 digits
    sd = mbs.systemData
    np.testing.assert_allclose(d["data"][-1, 1:7], sd.GetODE2Coordinates(), rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(d["data"][-1, 7:13], sd.GetODE2Coordinates_t(), rtol=1e-9,
                               atol=1e-12)
    np.testing.assert_allclose(d["data"][-1, 19:], sd.GetAECoordinates(), rtol=1e-9, atol=1e-12)
    # each value is printf's %.10g of the double (the fast formatter against the C library)
    for ln in rows[:5]:
        assert ln == ",".join("%.10g" % float(x) for x in ln.split(","))


def test_export_options(tmp_path):
    name = str(tmp_path / "opt")  # no dot: '.txt' is appended, as Exudyn does
    pendulum(cd, name, steps=50, end=0.5, exportVelocities=False, exportAccelerations=False,
             exportAlgebraicCoordinates=False, writeInitialValues=False, solutionWritePeriod=0.1,
             outputPrecision=4, writeFileFooter=False)
    lines = open(name + ".txt").read().splitlines()
    assert lines[2] == "#columns contain: time, ODE2 displacements"
    d = cd.LoadSolutionFile(name + ".txt")
    assert d["columnsExported"] == [6, 0, 0, 0, 0, 0, 0]
    np.testing.assert_allclose(d["data"][:, 0], [0.1, 0.2, 0.3, 0.4, 0.5], atol=1e-12)
    assert not lines[-1].startswith("#")
    assert all(len(x.lstrip("-").replace(".", "").lstrip("0")) <= 4
               for x in lines[-1].split(",") if "e" not in x)
    # appendToFile: a second solve adds its header and rows
    pendulum(cd, name + ".txt", steps=50, end=0.5, appendToFile=True, solutionWritePeriod=0.1,
             exportVelocities=False, exportAccelerations=False, exportAlgebraicCoordinates=False)
    d2 = cd.LoadSolutionFile(name + ".txt")
    assert d2["nRows"] == 5 + 6


def test_period_zero_every_step_and_static(tmp_path):
    name = str(tmp_path / "every.txt")
    pendulum(cd, name, steps=20, end=0.1, solutionWritePeriod=0.0)
    assert cd.LoadSolutionFile(name)["nRows"] == 21
    # the static solver: no velocities or accelerations, its own first line
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    m = mbs.AddObject(cd.MassPoint(nodeNumber=n, physicsMass=1))
    g = mbs.AddObject(cd.ObjectGround())
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g)),
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=m))], stiffness=[100, 100, 100]))
    mbs.AddLoad(cd.Force(markerNumber=mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=m)),
                         loadVector=[0, -10, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.staticSolver.numberOfLoadSteps = 4
    s.solutionSettings.writeSolutionToFile = True
    s.solutionSettings.coordinatesSolutionFileName = str(tmp_path / "static.txt")
    s.solutionSettings.solutionWritePeriod = 0.0
    mbs.SolveStatic(s)
    lines = open(tmp_path / "static.txt").read().splitlines()
    assert lines[0] == "#Exudyn nonlinear static solver static solver solution file"
    assert lines[6] == "#number of load steps (planned) = 4"
    d = cd.LoadSolutionFile(str(tmp_path / "static.txt"))
    assert d["columnsExported"] == [3, 0, 0, 0, 0, 0, 0]
    np.testing.assert_allclose(d["data"][-1, 1:], [0, -0.1, 0], atol=1e-12)


def test_exudyn_reads_coordyn_and_coordyn_reads_exudyn(tmp_path):
    ex_load = exudyn_load()
    ex = exudyn_lib()
    fc, fe = str(tmp_path / "coordyn.txt"), str(tmp_path / "exudyn.txt")
    pendulum(cd, fc)
    pendulum(ex, fe)
    mine, theirs = ex_load(fc), cd.LoadSolutionFile(fe)
    # each engine's reader gives the same arrays for a file
    for f in (fc, fe):
        a, b = ex_load(f), cd.LoadSolutionFile(f)
        assert a["columnsExported"] == b["columnsExported"]
        assert (a["nColumns"], a["nRows"]) == (b["nColumns"], b["nRows"])
        np.testing.assert_array_equal(a["data"], b["data"])
    # the engines agree: same layout and times, numbers to the integrators' agreement
    # (positions to the 10 digits written, velocities to 1e-6 of their size; index-3
    # accelerations and multipliers of the two generalized-alpha codes differ by 1e-3 of theirs)
    assert mine["columnsExported"] == theirs["columnsExported"] == [6, 6, 6, 0, 0, 1, 0]
    assert mine["nRows"] == theirs["nRows"] == 51
    a, b = mine["data"], theirs["data"]
    np.testing.assert_array_equal(a[:, 0], b[:, 0])
    for cols, tol in ((slice(1, 7), 1e-8), (slice(7, 13), 1e-6), (slice(13, 20), 1e-3)):
        scale = np.abs(b[:, cols]).max()
        np.testing.assert_allclose(a[:, cols], b[:, cols], rtol=0, atol=tol * scale)


def test_unwritable_path_names_the_file(tmp_path):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    bad = str(blocker / "sub" / "sol.txt")  # a folder below a file cannot exist
    with pytest.raises(cd.SolverError, match="sol.txt"):
        pendulum(cd, bad)
    with pytest.raises(cd.SolverError, match="coordinatesSolutionFileName"):
        pendulum(cd, bad)


def test_bad_file_name_type(tmp_path):
    with pytest.raises((TypeError, ValueError), match="coordinatesSolutionFileName"):
        pendulum(cd, "")


def test_load_errors(tmp_path):
    p = tmp_path / "x.txt"
    p.write_text("0,1,2\n")
    with pytest.raises(ValueError, match="x.txt"):
        cd.LoadSolutionFile(str(p))
    d = cd.LoadSolutionFile(str(p), hasHeader=False)
    assert d["nColumns"] == 2 and d["columnsExported"] == []
    p.write_bytes(b"EXUBIN\n\x03\x08\x08\x00" + bytes(5))
    with pytest.raises(ValueError, match="x.txt"):
        cd.LoadSolutionFile(str(p))
    with pytest.raises(FileNotFoundError):
        cd.LoadSolutionFile(str(tmp_path / "missing.txt"))


def test_binary_files_both_ways(tmp_path):
    """binarySolutionFile: Exudyn's binary format ('.sol' appended), read by both readers;
    the values are the doubles themselves (floats with outputPrecision < 8)"""
    ex_load = exudyn_load()
    fc, fe = str(tmp_path / "coordyn"), str(tmp_path / "exudyn")
    mbs = pendulum(cd, fc, binarySolutionFile=True)
    pendulum(exudyn_lib(), fe, binarySolutionFile=True)
    with open(fc + ".sol", "rb") as f:
        head = f.read(16)
    with open(fe + ".sol", "rb") as f:
        assert f.read(16) == head  # EXUBIN, sizes, byte order
    for name in (fc + ".sol", fe + ".sol"):
        a, b = ex_load(name), cd.LoadSolutionFile(name)
        assert list(a["columnsExported"]) == b["columnsExported"] == [6, 6, 6, 0, 0, 1, 0]
        assert a["nRows"] == b["nRows"] == 51
        np.testing.assert_array_equal(a["data"], b["data"])
    d = cd.LoadSolutionFile(fc + ".sol")["data"]
    np.testing.assert_array_equal(d[-1, 1:7], mbs.systemData.GetODE2Coordinates())
    np.testing.assert_allclose(d[:, 1:7], cd.LoadSolutionFile(fe + ".sol")["data"][:, 1:7],
                               rtol=0, atol=1e-8)
    # the text file of the same solve holds the same values to 10 digits
    pendulum(cd, fc + ".txt")
    np.testing.assert_allclose(cd.LoadSolutionFile(fc + ".txt")["data"], d, rtol=1e-9,
                               atol=1e-12)
    # floats
    pendulum(cd, fc + "f.sol", binarySolutionFile=True, outputPrecision=6)
    a, b = ex_load(fc + "f.sol"), cd.LoadSolutionFile(fc + "f.sol")
    assert a["data"].dtype == np.float32
    np.testing.assert_array_equal(a["data"], b["data"])
    np.testing.assert_array_equal(b["data"], d.astype(np.float32))
    # maxRows, and a file cut in the middle of a row: the complete rows
    assert cd.LoadSolutionFile(fc + ".sol", maxRows=3)["nRows"] == 3
    raw = open(fc + ".sol", "rb").read()
    (tmp_path / "cut.sol").write_bytes(raw[:len(raw) // 2])
    cut = cd.LoadSolutionFile(str(tmp_path / "cut.sol"))
    assert 0 < cut["nRows"] < 51
    np.testing.assert_array_equal(cut["data"], d[:cut["nRows"]])
