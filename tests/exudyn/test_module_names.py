"""Every public name of Exudyn 1.13.6's Python modules exists in coordyn's module of the same
name (its own functions and the names it holds through its imports: helpers of other modules,
math functions), ``from coordyn.X import *`` gives at least what ``from exudyn.X import *``
gives, and the small helpers behave as Exudyn's."""
import importlib
import math
import types
import warnings

import numpy as np
import pytest

import coordyn
from coordyn import _libmisc

MODULES = ["utilities", "itemInterface", "rigidBodyUtilities", "basicUtilities",
           "advancedUtilities", "beams", "graphics", "plot", "processing", "signalProcessing",
           "physics", "solver", "interactive", "FEM", "lieGroupBasics", "lieGroupIntegration"]


def star(module):
    ns = {}
    exec(f"from {module} import *", ns)
    del ns["__builtins__"]
    return ns


def public_names(module):
    """dir() without private names and without imported modules"""
    return {n for n in dir(module) if not n.startswith("_")
            and not isinstance(getattr(module, n), types.ModuleType)}


@pytest.mark.parametrize("name", MODULES)
def test_every_public_name_of_exudyns_module_exists(name):
    pytest.importorskip("exudyn")
    ex = importlib.import_module("exudyn." + name)
    cd = importlib.import_module("coordyn." + name)
    assert sorted(public_names(ex) - set(dir(cd))) == []


@pytest.mark.parametrize("name", MODULES)
def test_star_import_gives_exudyns_names(name):
    pytest.importorskip("exudyn")
    assert sorted(set(star("exudyn." + name)) - set(star("coordyn." + name))) == []


@pytest.mark.parametrize("name", MODULES)
def test_module_attributes_of_math_and_numpy_are_those(name):
    """a math name held by Exudyn's module (cos, pi, ...) is math's in coordyn too (a numpy
    ufunc would accept arrays where math raises, and the other way round)"""
    ex = pytest.importorskip("exudyn." + name)
    cd = importlib.import_module("coordyn." + name)
    for n in public_names(ex):
        obj = getattr(ex, n)
        if getattr(obj, "__module__", None) == "math" or n in ("pi", "norm"):
            assert getattr(cd, n) is obj or getattr(cd, n) == obj, n


def test_star_imports_do_not_bring_math_names():
    """Exudyn 1.13.6 defines __all__ in each module: a star import brings no cos or pi that
    would replace numpy's in a script (from numpy import cos; from exudyn.graphics import *)"""
    for name in MODULES:
        names = set(star("coordyn." + name))
        assert not names & {"cos", "sin", "tan", "asin", "atan2", "sqrt", "exp", "radians"}, name
    assert "pi" not in star("coordyn.graphics") and "RotationMatrixZ" not in star(
        "coordyn.graphics")


def test_reexported_helpers_are_the_same_objects():
    from coordyn import (FEM, advancedUtilities as au, basicUtilities as bu, itemInterface as ii,
                         lieGroupBasics as lg, plot, processing, rigidBodyUtilities as rbu)
    assert FEM.RigidBodyInertia is rbu.RigidBodyInertia
    assert FEM.eulerParameters0 == [1.0, 0.0, 0.0, 0.0]
    assert lg.HT2rotationMatrix is rbu.HT2rotationMatrix and lg.Skew is rbu.Skew
    assert lg.norm is np.linalg.norm and lg.sqrt is math.sqrt
    assert rbu.IsSquareMatrix is au.IsSquareMatrix and rbu.RaiseTypeError is au.RaiseTypeError
    assert processing.OutputFilePath is bu.OutputFilePath
    assert plot.PlotLineCode is au.PlotLineCode and plot.IsListOrArray is au.IsListOrArray
    assert bu.MarkerBodyRigid is coordyn.MarkerBodyRigid
    assert au.userFunctionArgsDict is ii.userFunctionArgsDict


def test_fem_star_import_is_exudyns():
    """Exudyn 1.13.6: ``from exudyn.FEM import *`` gives FEM's own names only (its __all__);
    RigidBodyInertia and eulerParameters0 come with exudyn.utilities, as in coordyn"""
    ex = pytest.importorskip("exudyn.FEM")
    assert "RigidBodyInertia" not in star("exudyn.FEM")
    assert set(star("coordyn.FEM")) == set(ex.__all__)
    assert {"RigidBodyInertia", "eulerParameters0"} <= set(star("coordyn.utilities"))


def test_user_function_args_dict_is_exudyns():
    ex = pytest.importorskip("exudyn.advancedUtilities")
    from coordyn import advancedUtilities
    assert advancedUtilities.userFunctionArgsDict.keys() == ex.userFunctionArgsDict.keys()
    for key, value in ex.userFunctionArgsDict.items():
        assert advancedUtilities.userFunctionArgsDict[key][:3] == value[:3], key


# ------------------------------------------------------------------ deprecation, docmeta

def _warnings_of(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [(str(w.message), w.category, w.lineno) for w in caught]


@pytest.mark.parametrize("lib", ["exudyn", "coordyn"])
def test_deprecated_warns_and_returns(lib):
    if lib == "exudyn":
        pytest.importorskip("exudyn")
        import exudyn.rigidBodyUtilities as mod
    else:
        from coordyn import rigidBodyUtilities as mod

    @mod.Deprecated("1.11.0", 2029, use="Triple")
    def Double(x):
        """doubles"""
        return 2 * x
    if lib == "exudyn":
        import exudyn
        exudyn.special.deprecations.Reset()
    result, caught = _warnings_of(lambda: Double(4))
    assert result == 8 and Double.__name__ == "Double" and Double.__doc__ == "doubles"
    assert caught[0][:2] == (
        f"{__name__}.test_deprecated_warns_and_returns.<locals>.Double is deprecated since "
        "1.11.0 and removed in 2029; use Triple instead", DeprecationWarning)


@pytest.mark.parametrize("lib", ["exudyn", "coordyn"])
def test_deprecated_argument_names_the_caller(lib):
    if lib == "exudyn":
        exudyn = pytest.importorskip("exudyn")
        from exudyn.processing import DeprecatedArgument
        exudyn.special.deprecations.Reset()
    else:
        from coordyn.processing import DeprecatedArgument

    def Solve(oldArg=None):
        if oldArg is not None:
            DeprecatedArgument("oldArg", "1.12", 2030, use="newArg")
        return 1
    _, caught = _warnings_of(lambda: Solve(oldArg=3))
    assert caught[0][:2] == (f"the argument {__name__}.Solve.oldArg is deprecated since 1.12 "
                             "and removed in 2030; use newArg instead", DeprecationWarning)
    assert _warnings_of(lambda: Solve())[1] == []


def test_docmeta_attaches_metadata():
    @coordyn.solver.docmeta(author="A. B.", status="tested")
    def f():
        return 3
    assert f() == 3 and f.__docmeta__ == {"author": "A. B.", "date": None, "status": "tested",
                                          "public": True}
    with pytest.raises(TypeError):
        coordyn.solver.docmeta("A. B.")         # keyword-only, as in Exudyn


def test_extends_binds_a_method():
    class Host:
        pass

    @coordyn.solver.extends(Host)
    def HostTwice(self, x):
        return 2 * x

    @coordyn.plot.extends(Host, name="Thrice")
    def anything(self, x):
        return 3 * x
    assert Host().Twice(2) == 4 and Host().Thrice(2) == 6 and HostTwice(None, 1) == 2
    coordyn.interactive.extends(Host)(HostTwice)            # the same function again: fine
    with pytest.raises(AttributeError, match="Host.Twice already exists"):
        @_libmisc.extends(Host, name="Twice")
        def other(self):
            return 0


# ------------------------------------------------------------------ graphics switches

def _facing(g, centre):
    """mean sign of (triangle normal) . (triangle centre - centre): +1 all outwards"""
    P, T = np.asarray(g["points"]).reshape(-1, 3), np.asarray(g["triangles"]).reshape(-1, 3)
    n = np.cross(P[T[:, 1]] - P[T[:, 0]], P[T[:, 2]] - P[T[:, 0]])
    return np.mean(np.sign(np.einsum("ij,ij->i", n, P[T].mean(axis=1) - centre)))


def _normals_out(g):
    """mean sign of normal . radial direction from the x axis"""
    P, N = np.asarray(g["points"]).reshape(-1, 3), np.asarray(g["normals"]).reshape(-1, 3)
    return np.mean(np.sign(N[:, 1] * P[:, 1] + N[:, 2] * P[:, 2]))


@pytest.mark.parametrize("lib", ["exudyn", "coordyn"])
def test_graphics_switch_triangle_order(lib, monkeypatch):
    mod = (pytest.importorskip("exudyn.graphics") if lib == "exudyn"
           else importlib.import_module("coordyn.graphics"))
    c = np.array([1.0, 2.0, 3.0])
    assert mod.graphicsDataSwitchTriangleOrder is False
    assert _facing(mod.SpheresToTriangleList(mod.Sphere(c, 1.0, nTiles=8)), c) > 0.85
    monkeypatch.setattr(mod, "graphicsDataSwitchTriangleOrder", True)
    assert _facing(mod.SpheresToTriangleList(mod.Sphere(c, 1.0, nTiles=8)), c) < -0.85


@pytest.mark.parametrize("lib", ["exudyn", "coordyn"])
def test_graphics_normals_factor(lib, monkeypatch):
    mod = (pytest.importorskip("exudyn.graphics") if lib == "exudyn"
           else importlib.import_module("coordyn.graphics"))
    assert mod.graphicsDataNormalsFactor == 1.0
    arrow = _normals_out(mod.Arrow([0, 0, 0], [1, 0, 0], 0.1))
    cylinder = _normals_out(mod.Cylinder([0, 0, 0], [1, 0, 0], 0.5))
    assert arrow > 0.25 and cylinder > 0.2
    monkeypatch.setattr(mod, "graphicsDataNormalsFactor", -1.0)
    assert _normals_out(mod.Arrow([0, 0, 0], [1, 0, 0], 0.1)) == -arrow
    assert _normals_out(mod.Cylinder([0, 0, 0], [1, 0, 0], 0.5)) == cylinder   # not revolved


def test_graphics_normals_factor_flips_exactly(monkeypatch):
    from coordyn import graphics as g
    contour = [[0, 0.5], [1, 0.5], [1, 0.3], [0, 0.3]]
    a = g.SolidOfRevolution([0, 0, 0], [1, 0, 0], contour, nTiles=12)
    b = g.Cylinder([0, 0, 0], [1, 0, 0], 0.5, radiusInner=0.3)
    monkeypatch.setattr(g, "graphicsDataNormalsFactor", -1.0)
    np.testing.assert_array_equal(g.SolidOfRevolution([0, 0, 0], [1, 0, 0], contour,
                                                      nTiles=12)["normals"], -a["normals"])
    np.testing.assert_array_equal(g.Cylinder([0, 0, 0], [1, 0, 0], 0.5, radiusInner=0.3)
                                  ["normals"], -b["normals"])
    outer = np.linalg.norm(a["points"][:, 1:], axis=1) > 0.45
    assert np.all(np.einsum("ij,ij->i", a["normals"][outer, 1:], a["points"][outer, 1:]) > -1e-12)


@pytest.mark.parametrize("name", ["beams", "plot", "graphics"])
def test_stored_all_of_beams_plot_graphics(name):
    """coordyn's __all__ is the stored list (Exudyn 1.13.6's, checked when Exudyn is there),
    in Exudyn's order; the status table of coming_from_exudyn counts these names"""
    from coordyn.exudyn._names import MODULE_ALL
    cd = importlib.import_module("coordyn." + name)
    assert list(cd.__all__) == MODULE_ALL[name]
    try:
        ex = importlib.import_module("exudyn." + name)
    except ImportError:
        return
    assert MODULE_ALL[name] == list(ex.__all__)


# ------------------------------------------------------------------ validity checkers

CHECK_INPUTS = [None, 0, 1, -1, 2.5, True, False, np.int32(3), np.int64(-2), np.float64(1.5),
                np.bool_(True), "a", [], [1], [1, 2, 3], [1.0, 2, 3], (1, 2, 3), [[1, 2], [3, 4]],
                np.eye(3), np.zeros((2, 3)), np.array([1, 2, 3]), np.array([1.0, 2, 3]),
                np.array([True, False]), [1, "a", 3], [[1, 2], [3]], {}, float("nan"),
                np.array([])]
CHECKERS = ["IsNone", "IsNotNone", "IsValidBool", "IsValidRealInt", "IsValidInt",
            "IsValidPRealInt", "IsValidURealInt", "IsReal", "IsInteger", "IsVector",
            "IsIntVector", "IsSquareMatrix", "IsValidObjectIndex", "IsValidNodeIndex",
            "IsValidMarkerIndex", "IsEmptyList", "IsListOrArray"]


def _outcome(f, *args):
    try:
        return f(*args)
    except Exception as e:  # noqa: BLE001 - the exception type is the outcome compared
        return type(e)


@pytest.mark.parametrize("name", CHECKERS)
def test_validity_checkers_match_exudyn(name):
    """each checker gives Exudyn 1.13.6's answer (or raises what Exudyn raises) on plain
    Python and NumPy values, with the optional size arguments"""
    ex = pytest.importorskip("exudyn.advancedUtilities")
    from coordyn import rigidBodyUtilities as rbu        # holds the checkers too, as Exudyn's
    extra = {"IsVector": [(3,), (2,)], "IsIntVector": [(3,), (2,)],
             "IsSquareMatrix": [(3,), (2,)], "IsListOrArray": [(True,)]}.get(name, [])
    f_ex = getattr(ex, name)
    f_cd = getattr(rbu, name, None) or getattr(coordyn.advancedUtilities, name)
    for x in CHECK_INPUTS:
        for args in [()] + extra:
            assert _outcome(f_cd, x, *args) == _outcome(f_ex, x, *args), (name, x, args)


def test_index_checkers_reject_other_kinds():
    """an index of another kind is not a valid index (Exudyn: a NodeIndex is no object index);
    integers and the index of the kind are"""
    from coordyn import advancedUtilities as au
    o, n, m = coordyn.ObjectIndex(2), coordyn.NodeIndex(2), coordyn.MarkerIndex(1)
    assert au.IsValidObjectIndex(o) and au.IsValidObjectIndex(3) and au.IsValidObjectIndex(
        np.int64(1))
    assert not au.IsValidObjectIndex(n) and not au.IsValidObjectIndex(m)
    assert au.IsValidNodeIndex(n) and not au.IsValidNodeIndex(o) and not au.IsValidNodeIndex(m)
    assert au.IsValidMarkerIndex(m) and not au.IsValidMarkerIndex(n)
    assert not au.IsValidObjectIndex(2.0) and not au.IsValidNodeIndex("2")
    try:
        import exudyn
    except ImportError:
        return
    assert exudyn.advancedUtilities.IsValidObjectIndex(exudyn.NodeIndex(2)) is False


@pytest.mark.parametrize("args", [("f", "mass", -1, "PReal", None, None),
                                  ("CreateX", "position", [1, 2], "Vector", 3, None),
                                  ("G", "inertia", np.eye(2), "Matrix", 3, 3),
                                  ("H", "flag", 2.5, "Bool", None, None),
                                  ("I", "idx", -1, "ObjectIndex", None, None)])
def test_raise_type_error_message_is_exudyns(args):
    ex = pytest.importorskip("exudyn.advancedUtilities")
    from coordyn import rigidBodyUtilities as rbu
    where, arg, received, kind, dim, cols = args
    messages = []
    for mod in (ex, rbu):
        with pytest.raises(ValueError) as info:
            mod.RaiseTypeError(where, arg, received, getattr(mod.ExpectedType, kind), dim, cols)
        messages.append(str(info.value))
    assert messages[0] == messages[1] and f"in argument {arg}" in messages[1]


def test_script_with_module_names_gives_exudyns_result(tmp_path):
    """scripts/module_names.py (reeving curve, FEM and lieGroupBasics attributes, ...) run
    unchanged through ``python -m coordyn.exudyn`` prints Exudyn 1.13.6's numbers"""
    import os
    import subprocess
    import sys
    script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts",
                          "module_names.py")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(coordyn.__file__)),
               PYTHONWARNINGS="ignore")

    def result(args):
        out = subprocess.run([sys.executable] + args, capture_output=True, text=True,
                             cwd=tmp_path, env=env, timeout=300)
        assert out.returncode == 0, out.stderr[-3000:]
        line = [ln for ln in out.stdout.splitlines() if ln.startswith("result")][-1]
        return np.array([float(x) for x in line.split()[1:]])
    on_coordyn = result(["-m", "coordyn.exudyn", script])
    assert on_coordyn[1:3] @ on_coordyn[1:3] > 1e-8              # the rope moved
    pytest.importorskip("exudyn")
    on_exudyn = result([script])
    np.testing.assert_allclose(on_coordyn, on_exudyn, rtol=1e-8, atol=1e-12)
