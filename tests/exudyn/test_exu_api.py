"""Exudyn's top-level functions, exceptions and enums on coordyn (what `import exudyn as exu`
gives after the switch), compared with Exudyn 1.13.6 where it is installed."""
import importlib
import subprocess
import sys
import warnings

import pytest

import coordyn as exu
from coordyn.exudyn._names import ENUMS, TOP_LEVEL
from coordyn.exudyn._status import MISSING, top_level_status


def test_every_exudyn_top_level_name_exists():
    for name in TOP_LEVEL:
        assert getattr(exu, name) is not None, name


def test_top_level_names_match_installed_exudyn():
    """in a fresh process: other tests import Exudyn's submodules, which become attributes"""
    exudyn = pytest.importorskip("exudyn")
    out = subprocess.run([sys.executable, "-W", "ignore", "-c",
                          "import exudyn; print(' '.join(k for k in dir(exudyn) "
                          "if not k.startswith('_')))"], capture_output=True, text=True,
                         timeout=120)
    assert TOP_LEVEL == out.stdout.split()
    for name, members in ENUMS.items():
        assert members == {k: int(v) for k, v in getattr(exudyn, name).__members__.items()}


def test_missing_top_level_names_raise_with_reason():
    for name, reason in MISSING.items():
        with pytest.raises(exu.NotImplementedFeatureError, match="not available in coordyn"):
            getattr(exu, name)()
    with pytest.raises(exu.NotImplementedFeatureError, match="exu.special.*attribute 'solver'"
                       .replace("exu.", "exudyn.")):
        exu.special.solver.timeout = 10
    assert exu.symbolic is importlib.import_module("coordyn.symbolic")
    with pytest.raises(AttributeError, match="has no attribute 'NoSuchThing'"):
        exu.NoSuchThing
    assert {n for n, status, _ in top_level_status() if status == "no"} == set(MISSING)


def test_exceptions_as_in_exudyn():
    assert issubclass(exu.SolverError, exu.ExudynError)
    assert issubclass(exu.SolverError, RuntimeError)
    for name, base in [("ExudynArithmeticError", ArithmeticError), ("ExudynIndexError",
                       IndexError), ("ExudynTypeError", TypeError), ("ExudynValueError",
                       ValueError), ("InternalError", RuntimeError), ("ModelError", ValueError),
                       ("NotImplementedFeatureError", NotImplementedError)]:
        cls = getattr(exu, name)
        assert issubclass(cls, exu.ExudynError) and issubclass(cls, base), name
    exudyn = pytest.importorskip("exudyn")
    for name in ("ExudynError", "ExudynArithmeticError", "ExudynIndexError", "ExudynTypeError",
                 "ExudynValueError", "InternalError", "ModelError", "NotImplementedFeatureError",
                 "SolverError"):
        ours = {c.__name__ for c in getattr(exu, name).__mro__}
        theirs = {c.__name__ for c in getattr(exudyn, name).__mro__}
        assert ours == theirs, name


def test_failed_solve_is_caught_as_exudyn_error():
    """a script's `except exu.ExudynError` catches coordyn's solver failure"""
    mbs = exu.SystemContainer().AddSystem()
    n = mbs.AddNode(exu.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(exu.MassPoint(physicsMass=0.0, nodeNumber=n))   # singular mass matrix
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.progressBar = False
    with pytest.raises(exu.ExudynError):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            mbs.SolveDynamic(s)


def test_enums_as_in_exudyn():
    assert int(exu.ItemType.Object) == 2 and str(exu.JointType.RevoluteZ) == \
        "JointType.RevoluteZ"
    assert f"{exu.ItemType.Sensor}" == "ItemType.Sensor"
    exudyn = pytest.importorskip("exudyn")
    for name in ("ItemType", "JointType", "ObjectType", "MarkerType", "NodeGroup", "KeyCode"):
        ours, theirs = getattr(exu, name), getattr(exudyn, name)
        for member, value in theirs.__members__.items():
            assert int(getattr(ours, member)) == int(value)
            assert str(getattr(ours, member)) == str(value)


def test_print_console_and_file(tmp_path, capsys):
    exu.Print("a", 1, 2.5, sep="|", end="!\n")
    assert capsys.readouterr().out == "a|1|2.5!\n"
    path = tmp_path / "out.txt"
    try:
        exu.SetWriteToFile(str(path))
        exu.SetWriteToConsole(False)
        exu.Print("to file", 3)
        assert capsys.readouterr().out == ""
    finally:
        exu.SetWriteToConsole(True)
        exu.SetWriteToFile("", False)
    assert path.read_text() == "to file 3\n"
    with pytest.raises(TypeError, match="unknown keyword argument.*'file'"):
        exu.Print("x", file=None)


def test_print_matches_exudyn(capfd):
    exudyn = pytest.importorskip("exudyn")
    exudyn.Print("x =", 1.5, [1, 2], sep=" ", end="\n")
    theirs = capfd.readouterr().out
    exu.Print("x =", 1.5, [1, 2], sep=" ", end="\n")
    assert capfd.readouterr().out == theirs


def test_versions_and_require_version():
    assert exu.GetVersionString() == "1.13.6"
    assert "coordyn" in exu.GetVersionString(True)
    exu.RequireVersion("1.10.0")
    exu.RequireVersion("1.13.6")
    with pytest.raises(RuntimeError, match="1.14.0 required"):
        exu.RequireVersion("1.14.0")
    with pytest.raises(ValueError, match="not a version"):
        exu.RequireVersion("one")
    assert exu.config.Version() == "1.13.6"
    assert exu.config.Version(True) == exu.GetVersionString(True)


def test_info_stat_sys_and_settings(capsys):
    assert exu.InfoStat(False) == [0] * 7 and capsys.readouterr().out == ""
    exu.InfoStat()
    assert "coordyn" in capsys.readouterr().out
    assert isinstance(exu.sys, dict) and isinstance(exu.variables, dict)
    exu.SetOutputPrecision(12)
    assert exu.config.outputPrecision == 12
    exu.SetOutputPrecision(6)
    with pytest.raises(AttributeError, match="no field 'nonsense'"):
        exu.config.nonsense = 1


def test_suppress_warnings():
    """SuppressWarnings(True) hides coordyn's warnings (here: a setting coordyn cannot honour,
    which points at this file's line), not other warnings; False shows them again"""
    shown = []
    settings = exu.SimulationSettings()
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = lambda message, *args: shown.append(str(message))
        try:
            exu.SuppressWarnings(True)
            settings.timeIntegration.adaptiveStepDecrease = 0.3
            warnings.warn("not from coordyn")
        finally:
            exu.SuppressWarnings(False)
        assert shown == ["not from coordyn"]
        settings.timeIntegration.adaptiveStepDecrease = 0.4
    assert len(shown) == 2 and "adaptiveStepDecrease" in shown[1]


def test_lazy_modules():
    assert exu.utilities.RotationMatrixZ is exu.RotationMatrixZ
    assert exu.solver.SolveDynamic is exu.SolveDynamic
