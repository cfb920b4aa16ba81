"""One settings list (csrc/solvers/cd_settings_list.h): the C defaults, the run-time table, the
extension's parser and the Python SimulationSettings tree must agree on every name and default."""
import copy
import pickle

import pytest

import coordyn as cd
from coordyn import _core, settings as cs

TABLE = _core.settings_table()
ROWS = {row["path"]: row for row in TABLE}
LEAVES = [row for row in TABLE if row["type"] != "group"]
TYPES = {"bool": bool, "int": int, "real": float, "str": str, "autobool": str,
         "LinearSolverType": int}


def _node(root, path):
    *groups, leaf = path.split(".")
    node = root
    for g in groups:
        node = getattr(node, g)
    return node, leaf


def _osc():
    """a mass on a spring, assembled"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[100, 100, 100],
                                           offset=[1, 0, 0]))
    mbs.Assemble()
    return mbs


def test_table_rows_are_well_formed():
    assert len(ROWS) == len(TABLE), "duplicate paths"
    for row in TABLE:
        assert set(row) == {"path", "member", "type", "default", "effect", "aliases", "doc",
                            "range", "min", "max", "min_open", "max_open"}
        assert row["doc"].strip(), row["path"]
        parent = row["path"].rpartition(".")[0]
        assert parent == "" or ROWS[parent]["type"] == "group", row["path"]
        if row["type"] == "group":
            assert row["effect"] == "none" and row["member"] is None
            continue
        assert row["effect"] in ("result", "output", "python", "accepted", "warn"), row
        # a C member exactly for what the engine reads
        assert (row["member"] is not None) == (row["effect"] in ("result", "output")), row
        assert isinstance(row["default"], TYPES[row["type"]]), row
    members = [row["member"] for row in TABLE if row["member"]]
    assert len(set(members)) == len(members), "two paths share a C member"


def test_c_defaults_equal_table_and_python_defaults():
    """cd_settings_default() (read back member by member), the table and the Python tree"""
    c_defaults = _core.settings_defaults()
    engine = {row["path"] for row in LEAVES if row["member"]}
    assert set(c_defaults) == engine
    s = cd.SimulationSettings()
    for row in LEAVES:
        node, leaf = _node(s, row["path"])
        py = getattr(node, leaf)
        assert py == row["default"] and type(py) is not type(None), row["path"]
        if row["path"] in c_defaults:
            assert c_defaults[row["path"]] == row["default"], row["path"]
            assert type(c_defaults[row["path"]]) is type(row["default"]), row["path"]


def test_python_tree_has_exactly_the_table():
    s = cd.SimulationSettings()
    assert [path for path, _, _ in cs.settings_tree()] == [row["path"] for row in LEAVES]
    for path, default, doc in cs.settings_tree():
        assert doc == ROWS[path]["doc"]

    def groups(node, prefix=""):
        for key, value in type(node)._defaults.items():
            if isinstance(value, type):
                child = getattr(node, key)
                yield prefix + key, child
                yield from groups(child, prefix + key + ".")

    found = dict(groups(s))
    assert set(found) == {row["path"] for row in TABLE if row["type"] == "group"}
    for path, node in found.items():
        assert type(node).__doc__ == ROWS[path]["doc"]


def test_exudyn_defaults_and_types():
    s = cd.SimulationSettings()
    assert s.solutionSettings.sensorsWritePeriod == 0.01          # Exudyn's default, C and Python
    assert _core.settings_defaults()["solutionSettings.sensorsWritePeriod"] == 0.01
    assert s.linearSolverType is cd.LinearSolverType.Auto
    assert s.progressBar == "auto"
    for name in ("EXUdense", "EigenDense", "EigenSparse", "EigenSparseSymmetric"):
        s.linearSolverType = getattr(cd.LinearSolverType, name)
    assert s.linearSolverType is cd.LinearSolverType.Sparse
    with pytest.raises(ValueError, match="progressBar"):
        s.progressBar = "sometimes"


def test_deep_groups_and_accepted_only_entries():
    depth = max(row["path"].count(".") + 1 for row in TABLE)
    assert depth >= 4          # timeIntegration.newton.numericalDifferentiation.relativeEpsilon
    accepted = [row for row in LEAVES if row["effect"] == "accepted"]
    assert accepted   # (the deep one, discontinuous.useRecommendedStepSize, has an effect now)
    s = cd.SimulationSettings()
    for row in accepted:
        node, leaf = _node(s, row["path"])
        setattr(node, leaf, row["default"])              # accepted, type-checked
        if row["type"] in ("int", "real"):
            with pytest.raises(TypeError):
                setattr(node, leaf, "x")
    # the engine accepts them too (and ignores them)
    mbs = _osc()
    values = {row["path"]: row["default"] for row in accepted}
    values["timeIntegration.numberOfSteps"] = 50
    assert mbs._core.solve(False, values, None)["steps"] == 50


def test_each_path_sets_its_own_member():
    """the two Newton groups are separate: a static solve reads staticSolver.newton only"""
    mbs = _osc()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.newton.maxIterations = 0      # would fail any Newton that iterates
    s.timeIntegration.numberOfSteps = 7
    assert mbs.SolveStatic(s)
    s2 = copy.deepcopy(s)
    s2.timeIntegration.newton.maxIterations = 25
    assert mbs.SolveDynamic(s2) and mbs._core.stats()["steps"] == 7
    s.staticSolver.newton.maxIterations = 0
    s.staticSolver.numberOfLoadSteps = 1
    with pytest.raises(cd.SolverError, match="0 iterations"):
        mbs.SolveStatic(s)


def test_unknown_key_is_an_error_naming_it():
    mbs = _osc()
    with pytest.raises(ValueError, match="timeIntegration.numberOfStep'"):
        mbs._core.solve(False, {"timeIntegration.numberOfStep": 3}, None)
    with pytest.raises(ValueError, match="'timeIntegration.newton'.*group"):
        mbs._core.solve(False, {"timeIntegration.newton": 3}, None)
    with pytest.raises(TypeError, match="timeIntegration.endTime"):
        mbs._core.solve(False, {"timeIntegration.endTime": "late"}, None)
    with pytest.raises(ValueError, match="LinearSolverType"):
        mbs._core.solve(False, {"linearSolverType": 9}, None)


def test_aliases_of_the_table():
    """every alias of the list names the same setting in C and in Python"""
    mbs = _osc()
    for row in LEAVES:
        for alias in row["aliases"]:
            assert alias not in ROWS
            s = cd.SimulationSettings()
            node, leaf = _node(s, alias)
            assert getattr(node, leaf) == row["default"]
            if row["member"]:
                mbs._core.solve(False, {alias: row["default"]}, None)


def test_alias_machinery_on_a_synthetic_list():
    """aliases (in the same group and in another group) forward reads and writes"""
    table = [
        dict(path="a", member=None, type="group", default=None, effect="none", aliases=[],
             doc="group a"),
        dict(path="a.b", member=None, type="group", default=None, effect="none", aliases=[],
             doc="group a.b"),
        dict(path="a.b.x", member="x", type="real", default=1.5, effect="result",
             aliases=["a.b.oldX", "a.xInA"], doc="x"),
        dict(path="n", member="n", type="int", default=3, effect="result", aliases=[],
             doc="n"),
    ]

    class Root(cs._Node):
        """test root"""
        _resolve = cs.SimulationSettings._resolve

    cs._build_tree(table, Root)
    r = Root()
    assert r.a.b.oldX == 1.5 and r.a.xInA == 1.5
    r.a.xInA = 2
    assert r.a.b.x == 2.0 and r.a.b.oldX == 2.0
    r.a.b.oldX = 4
    assert r.a.b.x == 4.0
    with pytest.raises(TypeError):
        r.a.b.oldX = "4"
    with pytest.raises(AttributeError, match="oldX"):
        r.a.b.oldx = 1
    with pytest.raises(RuntimeError, match="before its group"):
        cs._build_tree([dict(path="z.y", member=None, type="int", default=0, effect="accepted",
                             aliases=[], doc="y")], Root)


def test_settings_copy_and_pickle():
    s = cd.SimulationSettings()
    s.staticSolver.newton.maxIterations = 7
    s.progressBar = True
    for t in (copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert t.staticSolver.newton.maxIterations == 7 and t.progressBar is True
        assert t.timeIntegration.newton.maxIterations == 25
        assert t._flat() == s._flat()
        t.staticSolver.newton.maxIterations = 8
        assert s.staticSolver.newton.maxIterations == 7
    assert type(s.staticSolver.newton) is not type(s.timeIntegration.newton)
