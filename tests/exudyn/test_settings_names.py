"""Every SimulationSettings name of Exudyn 1.13.6 is accepted by coordyn's SimulationSettings
(the tree is walked on an installed Exudyn); aliases reach the same setting; settings that
change results in Exudyn but not in coordyn warn when set to another value than the default.
"""
import warnings

import pytest

import coordyn
from coordyn import _core
from coordyn.settings import SettingNotHonouredWarning

LEAF_TYPES = (bool, int, float, str)


def exudyn_leaves():
    """(path, value) of every leaf of Exudyn's SimulationSettings, aliases included"""
    exu = pytest.importorskip("exudyn")

    def walk(node, prefix):
        for key in dir(node):
            if key.startswith("_") or key in ("GetDictionary", "SetDictionary"):
                continue
            value = getattr(node, key)
            if isinstance(value, LEAF_TYPES) or hasattr(type(value), "__members__"):
                yield prefix + key, value
            elif not callable(value):
                yield from walk(value, prefix + key + ".")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # Exudyn's deprecation warnings of old paths
        return list(walk(exu.SimulationSettings(), ""))


def coordyn_value(value):
    """Exudyn's enum members as coordyn's (by name), other values unchanged"""
    if hasattr(type(value), "__members__") and not isinstance(value, LEAF_TYPES):
        name = str(value).split(".")[-1]
        owner = {"LinearSolverType": coordyn.LinearSolverType,
                 "DynamicSolverType": coordyn.DynamicSolverType}[type(value).__name__]
        return owner[name]
    return value


def resolve(settings, path):
    *groups, leaf = path.split(".")
    node = settings
    for g in groups:
        node = getattr(node, g)
    return node, leaf


def test_exudyn_tree_is_what_we_expect():
    leaves = exudyn_leaves()
    assert len(leaves) >= 200
    paths = {p for p, _ in leaves}
    assert {"solution.file.write", "show.statistics", "linearSolver.solverType",
            "timeIntegration.realtime.active", "solutionSettings.solutionWritePeriod",
            "linearSolverSettings.pivotThreshold"} <= paths


def test_every_exudyn_setting_is_accepted():
    """get and set every path of Exudyn's tree (with Exudyn's default value) on coordyn's"""
    s = coordyn.SimulationSettings()
    for path, value in exudyn_leaves():
        node, leaf = resolve(s, path)
        getattr(node, leaf)  # readable
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", SettingNotHonouredWarning)
            setattr(node, leaf, coordyn_value(value))


def test_alias_paths_reach_the_same_setting():
    """Exudyn's alias pairs (found by setting one path on Exudyn and seeing which other paths
    change) are aliases in coordyn too"""
    exu = pytest.importorskip("exudyn")
    leaves = dict(exudyn_leaves())
    checked = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for path, value in leaves.items():
            if type(value) not in (bool, int, float):
                continue
            new = (not value) if isinstance(value, bool) else value + 3
            e = exu.SimulationSettings()
            node, leaf = resolve(e, path)
            setattr(node, leaf, new)
            partners = [q for q in leaves if q != path and type(leaves[q]) is type(value)
                        and getattr(*resolve(e, q)) != leaves[q]]
            c = coordyn.SimulationSettings()
            node, leaf = resolve(c, path)
            setattr(node, leaf, new)
            for q in partners:
                assert getattr(*resolve(c, q)) == new, f"{q} is not an alias of {path}"
                checked += 1
    assert checked >= 60


def test_warn_settings_warn_and_accepted_do_not():
    """a setting coordyn cannot honour warns at a non-default value (never silently ignored);
    accepted settings (no effect on results in Exudyn's solver coordyn runs) do not"""
    table = {r["path"]: r for r in _core.settings_table()}
    warn = [p for p, r in table.items() if r["effect"] == "warn"]
    accepted = [p for p, r in table.items() if r["effect"] == "accepted"]
    assert len(warn) >= 20 and len(accepted) >= 40
    for path in warn + accepted:
        s = coordyn.SimulationSettings()
        node, leaf = resolve(s, path)
        default = getattr(node, leaf)
        new = (not default) if isinstance(default, bool) else \
            (default + "x" if isinstance(default, str) else default + 1)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            setattr(node, leaf, new)
            setattr(node, leaf, default)   # back to the default: no warning
        hits = [w for w in caught if issubclass(w.category, SettingNotHonouredWarning)]
        if path in warn:
            assert len(hits) == 1, path
            assert leaf in str(hits[0].message) and "coordyn" in str(hits[0].message)
        else:
            assert not hits, path


def test_warning_names_the_setting_and_the_alternative():
    s = coordyn.SimulationSettings()
    with pytest.warns(SettingNotHonouredWarning, match=r"adaptiveStepDecrease = 0.25.*coordyn "
                                                       r"halves a failed step"):
        s.timeIntegration.adaptiveStepDecrease = 0.25
    with pytest.warns(SettingNotHonouredWarning, match="restart"):
        s.solution.restart.write = True


def test_integral_float_is_an_int_and_others_are_refused():
    s = coordyn.SimulationSettings()
    s.timeIntegration.numberOfSteps = 1e4
    assert s.timeIntegration.numberOfSteps == 10000
    assert isinstance(s.timeIntegration.numberOfSteps, int)
    with pytest.raises(TypeError, match="numberOfSteps must be an int, got float 10.5"):
        s.timeIntegration.numberOfSteps = 10.5
    with pytest.raises(AttributeError, match="did you mean 'writePeriod'"):
        s.solution.file.writePeriode = 0.1


def test_solution_file_alias_changes_the_written_file(tmp_path):
    """solution.file.write / solution.file.name / solution.file.writePeriod (Exudyn 1.13's
    paths) write the file as the solutionSettings names do"""
    mbs = coordyn.SystemContainer().AddSystem()
    n = mbs.AddNode(coordyn.NodePoint(referenceCoordinates=[0, 0, 0],
                                      initialVelocities=[1, 0, 0]))
    mbs.AddObject(coordyn.MassPoint(physicsMass=1, nodeNumber=n))
    mbs.Assemble()
    s = coordyn.SimulationSettings()
    s.timeIntegration.numberOfSteps = 10
    s.solution.file.write = True
    s.solution.file.name = str(tmp_path / "sol.txt")
    s.solution.file.writePeriod = 0.5
    s.progressBar = False
    mbs.SolveDynamic(s)
    data = coordyn.LoadSolutionFile(str(tmp_path / "sol.txt"))["data"]
    assert list(data[:, 0]) == pytest.approx([0.0, 0.5, 1.0])
    assert data[-1, 1] == pytest.approx(1.0)   # x = v t
