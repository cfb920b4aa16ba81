"""The property-based fuzzer of coordyn: hypothesis strategies that write random models as Python
scripts using the public API, and the runner that executes them in a worker process.

A case is a standalone script (the reproducer: run it with ``python case.py``). It builds a model
from random node, body, connector, joint, load, marker and sensor types, with random parameters
(magnitudes from 0 to huge, NaN and Inf), random settings from the settings table and a random
solver, and collects the outputs it checks (coordinates, sensor data, output variables). The item
types, their fields and the settings come from the package (``coordyn.items.ITEM_TYPES``, the
settings table) and which types fit together from a probe that adds them (fuzz_worker.probe), so
a new item type or setting is fuzzed without a change here.

Bad-input cases add wrong types, wrong shapes, out-of-range indices, bad settings and bad API calls.

Outcome classes: see fuzz_worker (ok, ok_warning, error; the failures crash, hang, system_error,
internal_error, empty_message, other_exception, silent_nonfinite).
"""
import collections
import json
import os
import pathlib
import select
import subprocess
import sys
import tempfile
import time

import numpy as np
from hypothesis import strategies as st

import coordyn as cd
from coordyn import _core

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
WORKER = HERE / "fuzz_worker.py"
sys.path.insert(0, str(HERE))
from fuzz_worker import FAILURES  # noqa: E402

CASE_TIMEOUT = float(os.environ.get("COORDYN_FUZZ_TIMEOUT", "20"))
NAN, INF = float("nan"), float("inf")

# -- the package's tables -------------------------------------------------------------------

ITEM_TYPES = {t["name"]: t for t in cd.items.ITEM_TYPES}
SETTINGS = [r for r in _core.settings_table() if r["type"] != "group"]
OUTVARS = [v for v in cd.OutputVariableType.__members__ if v != "_None"]
# settings the fuzzer leaves alone: output to the terminal (progress bar, statistics) or a file
QUIET = {"progressBar", "displayStatistics", "displayComputationTime",
         "solutionSettings.writeSolutionToFile"}
# integer settings whose large (valid) values make a solve long, and their fuzzing caps
INT_CAPS = {"timeIntegration.numberOfSteps": 200, "staticSolver.numberOfLoadSteps": 20,
            "timeIntegration.newton.maxIterations": 30, "staticSolver.newton.maxIterations": 30}
SOLVERS = ("GeneralizedAlpha", "Newmark", "NewmarkIndex2", "TrapezoidalIndex2", "Static")

_PROBE = None


def compat():
    """the probe's compatibility table (fuzz_worker.probe), run once in a subprocess"""
    global _PROBE
    if _PROBE is None:
        out = subprocess.run([sys.executable, str(WORKER), "--probe"], capture_output=True,
                             text=True, timeout=120, env=_worker_env(), check=True)
        _PROBE = json.loads(out.stdout)
    return _PROBE


def _worker_env():
    env = dict(os.environ)
    pkg = str(pathlib.Path(cd.__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join([pkg] + [p for p in env.get("PYTHONPATH", "").split(
        os.pathsep) if p])
    env["PYTHONFAULTHANDLER"] = "1"
    return env


# -- the script each case is ----------------------------------------------------------------

PROLOGUE = '''\
import math
import numpy as np
import coordyn as cd
nan, inf = math.nan, math.inf
CLEAN_ERRORS = (ValueError, TypeError, IndexError, KeyError, AttributeError, OverflowError,
                RuntimeError)
errors = []   # clean errors of the calls made with attempt()
outputs = {}  # what the fuzzer checks: finite, unless an error or a warning came


class UserFunctionError(Exception):
    pass


def fail(*args):
    raise UserFunctionError("raised by the user function")


def attempt(call, key=None):
    """a call that may fail with a clean error (a message); the system must stay usable"""
    try:
        value = call()
    except CLEAN_ERRORS as e:
        if not str(e) or isinstance(e, (RecursionError, NotImplementedError)):
            raise
        errors.append((globals().get("stage", ""), f"{type(e).__name__}: {e}"))
        return None
    if key is not None:
        outputs[key] = value
    return value


def collect(mbs):
    d = mbs.systemData
    for name in ("ODE2Coordinates", "ODE2Coordinates_t", "ODE2Coordinates_tt", "AECoordinates",
                 "ODE1Coordinates", "ODE1Coordinates_t", "DataCoordinates"):
        outputs[name] = getattr(d, "Get" + name)()
    for i in range(mbs.NumberOfSensors()):
        if mbs.GetSensor(i)["storeInternal"]:
            outputs[f"sensor {i} data"] = np.array(mbs.GetSensorStoredData(i))
    outputs["statistics"] = mbs.GetSolverStatistics()


'''


def fmt(v):
    """Python source of a value (floats round-trip; nan and inf are names of the prologue)"""
    if isinstance(v, Raw):
        return v.src
    if isinstance(v, bool) or v is None:
        return repr(v)
    if isinstance(v, float):
        if v != v:
            return "nan"
        if v in (INF, -INF):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(fmt(x) for x in v) + "]"
    return repr(v)


class Raw:
    """source text used as is (a variable, a lambda, an expression)"""

    def __init__(self, src):
        self.src = src

    def __repr__(self):
        return self.src


class Case:
    """the script under construction and what it has built so far"""

    def __init__(self, draw, bad):
        self.draw, self.bad = draw, bad
        self.lines = []
        self.nodes = []      # (variable, type, coordinate count)
        self.objects = []    # (variable, type)
        self.markers = []    # (variable, marker key 'MarkerType/TargetType')
        self.loads = []      # (variable, type)
        self.sensors = []
        self.mode = draw(st.sampled_from(["sane", "wild"]), label="mode")
        # wild cases: magnitudes from 0 to huge; NaN/Inf in some cases, often in a few
        self.special = 0 if self.mode == "sane" else draw(st.sampled_from([0, 1, 5]),
                                                          label="% NaN/Inf")
        self.bad_left = draw(st.integers(1, 3), label="bad inputs") if bad else 0

    def emit(self, line):
        self.lines.append(line)

    def chance(self, percent):
        return self.draw(st.integers(0, 99)) < percent

    def want_bad(self, percent=8):
        """whether to put a bad input here (bad cases only, at most bad_left of them)"""
        if self.bad_left and self.chance(percent):
            self.bad_left -= 1
            return True
        return False

    def source(self):
        return PROLOGUE + "\n".join(self.lines) + "\n"


# -- values ---------------------------------------------------------------------------------

def real(c, positive=False, scale=1.0):
    """a float: modest values in sane cases; in wild ones also 0, tiny, huge, NaN and Inf"""
    d = c.draw
    r = d(st.integers(0, 99))
    if c.mode == "sane" or r < 55:
        lo = 0.05 if positive or r < 60 else -1.0
        return round(d(st.floats(lo, 1.0)) * scale, 6) or (scale if positive else 0.0)
    if r < 100 - c.special:
        e = d(st.sampled_from([0, -3, 3, -8, 8, -16, 16, -100, 100, -300, 300, -320, 308]))
        v = 0.0 if e == -320 and d(st.booleans()) else (5e-324 if e == -320 else
                                                        (1.7976931348623157e308 if e == 308
                                                         else 10.0 ** e))
        return v if positive or d(st.booleans()) else -v
    return d(st.sampled_from([NAN, INF, -INF]))


def vector(c, n, name=""):
    if "inertia" in name.lower() and n == 6 and (c.mode == "sane" or c.chance(85)):
        j = real(c, True)  # principal values that satisfy the triangle inequality
        return [j * (1 + 0.3 * c.draw(st.floats(0, 1))) for _ in range(3)] + [
            j * 0.01 * c.draw(st.floats(-1, 1)) if c.chance(30) else 0.0 for _ in range(3)]
    if "constrained" in name.lower():  # flags: 0 or 1 per axis
        return [float(c.chance(80)) for _ in range(n)]
    return [real(c, positive=("mass" in name.lower())) for _ in range(n)]


def rotation(c):
    """a rotation matrix (sane cases), or random entries (wild ones)"""
    if c.mode == "wild" and c.chance(30):
        return [[real(c) for _ in range(3)] for _ in range(3)]
    a = [c.draw(st.floats(-3.2, 3.2)) for _ in range(3)]
    A = cd.RotationMatrixZ(a[2]) @ cd.RotationMatrixY(a[1]) @ cd.RotationMatrixX(a[0])
    return np.round(A, 15).tolist()


def matrix(c, n, name=""):
    if n == 3:
        return rotation(c)
    if c.mode == "sane" or c.chance(50):  # diagonal, positive: a well-posed mass/stiffness
        return [[real(c, True) if i == j else 0.0 for j in range(n)] for i in range(n)]
    return [[real(c) for _ in range(n)] for _ in range(n)]


def user_function(c, n):
    """a Python user function (any signature) returning a random value; some fail"""
    d = c.draw
    kind = d(st.sampled_from(["vector", "scalar", "fail", "n", "nan", "none", "str"]))
    if kind == "vector":
        body = fmt(vector(c, d(st.sampled_from([3, 1, 2, 6]))))
    elif kind == "scalar":
        body = fmt(real(c))
    elif kind == "n":
        body = fmt(vector(c, max(n, 1)))
    elif kind == "nan":
        body = "[nan] * " + str(d(st.sampled_from([1, 3, 6, max(n, 1)])))
    elif kind == "fail":
        body = "fail()"
    elif kind == "none":
        body = "None"
    else:
        body = "'text'"
    return Raw(f"lambda *args: {body}")


BAD_VALUES = {
    "float": ["'1.0'", "None", "[1.0]", "1j", "np.float32('nan')", "10 ** 400", "{}", "object()",
              "np.array([[1.0]])", "True"],
    "vector": ["[1.0]", "[1.0] * 9", "['a', 'b', 'c']", "[[1.0, 2.0, 3.0]]", "1.0", "None",
               "np.zeros((2, 2))", "{'x': 1}", "[10 ** 400, 0, 0]", "[1, None, 3]", "'abc'"],
    "matrix": ["[[1.0, 2.0], [3.0]]", "[1.0, 2.0]", "np.zeros((2, 5))", "'eye'", "[[None]]",
               "np.full((3, 3), nan)", "[[1, 2, 3]] * 7", "[]"],
    "index": ["-1", "-2", "10 ** 6", "2 ** 31", "2 ** 63", "2 ** 64", "-2 ** 63", "1.5", "'0'",
              "None", "[0]", "cd.NodeIndex(10 ** 5)", "True", "np.int64(2 ** 40)"],
    "indexlist": ["[]", "[0]", "[0, 1, 2]", "[-1, 0]", "[0, 10 ** 6]", "None", "[1.5, 0]", "'ab'",
                  "[0, 0]", "[2 ** 63, 0]", "0"],
    "int": ["-1", "-10 ** 6", "2 ** 31", "2 ** 64", "1.5", "None", "'2'", "10 ** 9", "True"],
    "bool": ["'yes'", "2", "None", "[True]", "1.5"],
    "str": ["123", "None", "'x' * 100000", "'a\\x00b'", "b'bytes'", "['name']"],
    "outputvariable": ["999", "-1", "'Position'", "1.5", "None", "2 ** 40"],
    "function": ["42", "'f'", "lambda: 0", "lambda *args: fail()", "lambda *args: [nan, nan, nan]",
                 "lambda *args: 1 / 0", "print", "[]"],
}


def bad_value(c, ftype):
    return Raw(c.draw(st.sampled_from(BAD_VALUES.get(ftype, BAD_VALUES["float"])),
                      label="bad value"))


def field_value(c, t, f, size):
    """a value of field f of item type t (size: the coordinate count for size-0 vectors)"""
    kind, n, name = f["type"], f["size"], f["name"]
    if kind == "float":
        return real(c, positive=f["positive"] or f["nonnegative"] or "mass" in name
                    or "inertia" in name)
    if kind == "vector":
        if t["kind"] == "node" and name == "referenceCoordinates" and n == 7:
            q = np.array([c.draw(st.floats(-1, 1)) for _ in range(4)])
            q = q / np.linalg.norm(q) if np.linalg.norm(q) > 0.1 else np.array([1.0, 0, 0, 0])
            return vector(c, 3) + np.round(q, 15).tolist()
        if t["kind"] == "node" and name.startswith("initial") and n == 7 and (
                c.mode == "sane" or c.chance(70)):
            return vector(c, 3) + [0.0] * 4
        return vector(c, n or size, name)
    if kind == "matrix":
        return matrix(c, n or size, name)
    if kind == "bool":
        return c.draw(st.booleans()) if not name.startswith("active") else c.chance(85)
    if kind == "int":
        if name.startswith("numberOf"):
            return size
        return c.draw(st.integers(0, max(size - 1, 0)))
    if kind == "str":
        return c.draw(st.sampled_from(["", "item", "a b", "ünï"]))
    if kind == "function":
        return user_function(c, size)
    return None


def add_item(c, method, t, fixed, size=0, var=None):
    """emit var = mbs.<method>(cd.<Type>(...)) with the fixed fields, a random selection of the
    others, and in bad cases perhaps one bad value, unknown parameter or wrong item kind"""
    params = dict(fixed)
    for f in t["fields"]:
        if f["alias_of"] or f["name"] in params or f["type"] in ("index", "indexlist"):
            continue
        if f["type"] == "int" and f["name"].startswith("numberOf"):
            params[f["name"]] = size
            continue
        percent = 10 if f["type"] == "function" else 60
        if f["type"] == "int" or (f["type"] in ("vector", "matrix") and not f["size"]):
            percent = 100  # sized by the node's coordinates: required
        if f["name"] in ("mass", "inertia") or f["name"].endswith("Matrix"):
            percent = 97  # the default 0 makes the mass matrix singular
        if f["type"] == "str" and f["name"] == "fileName":
            continue
        if "centerofmass" in f["name"].lower() and c.chance(70):
            continue  # an offset centre of mass makes most inertias non-physical
        if c.chance(percent):
            params[f["name"]] = field_value(c, t, f, size)
    cls = t["name"]
    if c.want_bad(15):
        what = c.draw(st.sampled_from(["value", "value", "value", "unknown", "kind", "dict"]))
        if what == "value":
            f = c.draw(st.sampled_from([f for f in t["fields"] if not f["alias_of"]]))
            params[f["name"]] = bad_value(c, f["type"])
        elif what == "unknown":
            params["notAParameter"] = 1.0
        elif what == "kind":
            other = c.draw(st.sampled_from(sorted(ITEM_TYPES)))
            cls, params = other, {}
        else:
            key = cd.items.TYPE_KEYS[t["kind"]]
            tname = c.draw(st.sampled_from(["Bogus", t["typename"], ""]))
            c.emit(f"{var or '_'} = attempt(lambda: mbs.{method}({{{key!r}: {tname!r}, "
                   f"'nodeNumber': 0}}))")
            return var
    args = ", ".join(f"{k}={fmt(v)}" for k, v in params.items())
    call = f"mbs.{method}(cd.{cls}({args}))"
    # bad cases go on after a failed add (the next items then refer to None: more bad input)
    c.emit(f"{var or '_'} = attempt(lambda: {call})" if c.bad else f"{var or '_'} = {call}")
    return var


# -- the model ------------------------------------------------------------------------------

def build_model(c):
    cp = compat()
    d = c.draw
    c.emit("mbs = cd.SystemContainer().AddSystem()")
    c.emit("stage = 'build'")
    node_types = sorted(cp["nodes"])
    body_of = collections.defaultdict(list)  # node type -> body types
    for b, nts in cp["bodies"].items():
        for n in nts:
            body_of[n].append(b)
    for i in range(d(st.integers(1, 4), label="nodes")):
        nt = d(st.sampled_from(node_types))
        t = ITEM_TYPES[nt]
        generic = any(f["type"] == "int" and f["name"].startswith("numberOf") for f in t["fields"])
        size = d(st.integers(1, 3)) if generic else cp["nodes"][nt]
        var = f"n{i}"
        add_item(c, "AddNode", t, {}, size, var)
        c.nodes.append((var, nt, size))
        if body_of.get(nt) and c.chance(95):
            bt = d(st.sampled_from(sorted(body_of[nt])))
            ovar = f"o{len(c.objects)}"
            add_item(c, "AddObject", ITEM_TYPES[bt], {"nodeNumber": Raw(var)}, size, ovar)
            c.objects.append((ovar, bt))
    grounds = [n for n, t in ITEM_TYPES.items()
               if t["kind"] == "object" and not any(f["ref"] for f in t["fields"])]
    if grounds and c.chance(70):
        ovar = f"o{len(c.objects)}"
        add_item(c, "AddObject", ITEM_TYPES[d(st.sampled_from(grounds))], {}, 0, ovar)
        c.objects.append((ovar, grounds[0]))
    # generic objects on nodes they accept: mostly on the nodes no body took (so that every
    # coordinate has a mass), sometimes on any
    for gt, nts in sorted(cp.get("generic", {}).items()):
        fit = [n for n in c.nodes if n[1] in nts]
        bare = [n for n in fit if n[1] not in body_of]
        if bare and c.chance(85):
            chosen = bare
        elif fit and c.chance(15):
            chosen = d(st.lists(st.sampled_from(fit), min_size=1, max_size=2, unique=True))
        else:
            continue
        size = sum(n[2] for n in chosen)
        ovar = f"o{len(c.objects)}"
        add_item(c, "AddObject", ITEM_TYPES[gt],
                 {"nodeNumbers": Raw("[" + ", ".join(n[0] for n in chosen) + "]")}, size,
                 ovar)
        c.objects.append((ovar, gt))
    # markers on what exists
    targets = [("node", v, t, s) for v, t, s in c.nodes] + [("object", v, t, 0)
                                                             for v, t in c.objects]
    options = [(mt, kind, v, tt, s) for mt, ok in sorted(cp["markers"].items())
               for kind, v, tt, s in targets if [kind, tt] in ok]
    if options:
        for i in range(d(st.integers(0, 6), label="markers")):
            mt, kind, v, tt, s = d(st.sampled_from(options))
            ref = next(f["name"] for f in ITEM_TYPES[mt]["fields"]
                       if f["type"] == "index" and f["ref"] == kind)
            var = f"m{i}"
            add_item(c, "AddMarker", ITEM_TYPES[mt], {ref: Raw(v)}, s, var)
            c.markers.append((var, f"{mt}/{tt}"))
    # connectors and joints between markers that fit
    pairs = []
    by_key = collections.defaultdict(list)
    for v, k in c.markers:
        by_key[k].append(v)
    for ct, ok in sorted(cp["connectors"].items()):
        for k0, k1 in ok:
            for v0 in by_key.get(k0, ()):
                for v1 in by_key.get(k1, ()):
                    if v0 != v1:
                        pairs.append((ct, v0, v1))
    if pairs:
        for _ in range(d(st.integers(0, 3), label="connectors")):
            ct, v0, v1 = d(st.sampled_from(pairs))
            ovar = f"o{len(c.objects)}"
            add_item(c, "AddObject", ITEM_TYPES[ct], {"markerNumbers": Raw(f"[{v0}, {v1}]")}, 0,
                     ovar)
            c.objects.append((ovar, ct))
    loads = [(lt, v) for lt, ok in sorted(cp["loads"].items()) for v, k in c.markers if k in ok]
    if loads:
        for i in range(d(st.integers(0, 3), label="loads")):
            lt, v = d(st.sampled_from(loads))
            var = f"l{i}"
            add_item(c, "AddLoad", ITEM_TYPES[lt], {"markerNumber": Raw(v)}, 3, var)
            c.loads.append((var, lt))
    add_sensors(c)


def add_sensors(c):
    d = c.draw
    pools = {"node": c.nodes, "object": c.objects, "marker": c.markers, "load": c.loads}
    # (sensors that read one item; SensorUserFunction reads other sensors through a function)
    sensor_types = [t for t in ITEM_TYPES.values() if t["kind"] == "sensor"
                    and any(f["type"] == "index" for f in t["fields"])]
    for i in range(d(st.integers(0, 3), label="sensors")):
        t = d(st.sampled_from(sensor_types))
        ref = next(f for f in t["fields"] if f["type"] == "index")
        pool = pools.get(ref["ref"], [])
        if not pool:
            continue
        target = d(st.sampled_from(pool))
        fixed = {ref["name"]: Raw(target[0])}
        if any(f["type"] == "outputvariable" for f in t["fields"]):
            tt = ITEM_TYPES.get(target[1].split("/")[0], {})
            valid = tt.get("outputVariables") or OUTVARS
            var = d(st.sampled_from(valid)) if c.chance(85) else d(st.sampled_from(OUTVARS))
            fixed["outputVariableType"] = Raw(f"cd.OutputVariableType.{var}")
        if c.chance(10):
            fixed["writeToFile"] = True
            fixed["fileName"] = f"sensor{i}.txt"
        var = f"s{i}"
        add_item(c, "AddSensor", t, fixed, 3, var)
        c.sensors.append(var)


def setting_value(c, row):
    """a value of a setting in its range (capped where large values only cost time)"""
    d, kind, path = c.draw, row["type"], row["path"]
    if kind == "bool":
        return d(st.booleans())
    if kind == "int":
        hi = INT_CAPS.get(path, 10)
        return d(st.integers(int(max(row["min"], -5)), int(min(row["max"], hi))))
    if kind == "real":
        lo, hi = row["min"], row["max"]
        if path.endswith("endTime"):
            return d(st.sampled_from([1.0, 0.1, 1e-3, 10.0, 1e-9, 1e6, 1e200]))
        if path.endswith("minimumStepSize"):
            return d(st.sampled_from([1e-8, 1e-4, 1e-12, 1.0, 1e-300]))
        cands = [row["default"] * 10.0 ** e for e in (0, -3, 3, -8, 8, -200, 200)]
        if hi < INF:
            cands += [hi, (lo + hi) / 2]
        if lo > -INF and not row["min_open"]:
            cands.append(lo)
        cands = [x for x in cands if (lo < x or (x == lo and not row["min_open"]))
                 and (x < hi or (x == hi and not row["max_open"]))]
        return d(st.sampled_from(cands or [row["default"]]))
    if kind == "str":
        return d(st.sampled_from(["", "x.txt"]))
    if kind == "LinearSolverType":
        return Raw("cd.LinearSolverType." + d(st.sampled_from(list(
            cd.LinearSolverType.__members__))))
    return row["default"]


def bad_setting_value(c, row):
    kind = row["type"]
    choices = ["nan", "inf", "-inf", "-1", "0", "2 ** 31", "2 ** 64", "10 ** 12", "-1e300",
               "'10'", "None", "[1]", "1.5", "True"]
    if kind == "bool":
        choices = ["'no'", "None", "2", "1.5"]
    elif kind == "str":
        choices = ["1", "None"]
    return Raw(c.draw(st.sampled_from(choices), label="bad setting"))


def solve(c):
    d = c.draw
    c.emit("stage = 'assemble'")
    c.emit("attempt(mbs.Assemble)" if c.bad else "mbs.Assemble()")
    c.emit("s = cd.SimulationSettings()")
    c.emit("s.progressBar = False")
    c.emit(f"s.timeIntegration.numberOfSteps = {d(st.integers(1, 60), label='steps')}")
    c.emit(f"s.timeIntegration.endTime = {fmt(d(st.sampled_from([0.1, 1.0, 0.01, 2.0])))}")
    if c.chance(50):
        c.emit("s.timeIntegration.initialConstraintWarning = True  # warn, do not stop")
    rows = [r for r in SETTINGS if r["path"] not in QUIET]
    for row in d(st.lists(st.sampled_from(rows), max_size=6, unique_by=lambda r: r["path"]),
                 label="settings"):
        node, _, leaf = row["path"].rpartition(".")
        target = "s." + node if node else "s"
        if c.want_bad(30):
            c.emit(f"attempt(lambda: setattr({target}, {leaf!r}, "
                   f"{fmt(bad_setting_value(c, row))}))")
        else:
            c.emit(f"{target}.{leaf} = {fmt(setting_value(c, row))}")
    # error control follows the motion over the whole span: a free body spinning for 1e6 s
    # takes 1e8 honest steps, a long run rather than a hang (fixed steps stay at <= 60)
    c.emit("if s.timeIntegration.errorControl.active is True and "
           "isinstance(s.timeIntegration.endTime, float) and "
           "s.timeIntegration.endTime > 10: s.timeIntegration.endTime = 10.0")
    for k in range(d(st.integers(1, 2), label="solves")):
        solver = d(st.sampled_from(SOLVERS), label="solver")
        c.emit(f"stage = 'solve {solver}'")
        if solver == "Static":
            c.emit("attempt(lambda: mbs.SolveStatic(s))")
            continue
        ga = "s.timeIntegration.generalizedAlpha"
        c.emit(f"{ga}.useNewmark = {solver.startswith('Newmark')}")
        c.emit(f"{ga}.useIndex2Constraints = {solver == 'NewmarkIndex2'}")
        extra = ", solverType=cd.DynamicSolverType.TrapezoidalIndex2" \
            if solver == "TrapezoidalIndex2" else ""
        if c.want_bad(20):
            extra = ", solverType=" + d(st.sampled_from(["7", "'Trapezoidal'", "None", "-1"]))
        if k and c.chance(50):
            extra += ", updateInitialValues=True"
        c.emit(f"attempt(lambda: mbs.SolveDynamic(s{extra}))")
        if k == 0 and c.chance(30):
            modify(c)


def modify(c):
    """between two solves: change a parameter of an item (and assemble), or the coordinates"""
    d = c.draw
    what = d(st.sampled_from(["object", "node", "coords"]))
    if what == "coords":
        n = d(st.integers(0, 8))
        c.emit(f"attempt(lambda: mbs.systemData.SetODE2Coordinates({fmt(vector(c, n))}, "
               f"cd.ConfigurationType.Initial))")
        return
    pool = c.objects if what == "object" else c.nodes
    if not pool:
        return
    var, tname = d(st.sampled_from(pool))[:2]
    t = ITEM_TYPES[tname]
    f = d(st.sampled_from([f for f in t["fields"] if f["type"] in ("float", "vector", "bool")]
                          or [t["fields"][0]]))
    value = bad_value(c, f["type"]) if c.want_bad(50) else field_value(c, t, f, 3)
    method = "ModifyObject" if what == "object" else "ModifyNode"
    c.emit(f"attempt(lambda: mbs.{method}({var}, {{{f['name']!r}: {fmt(value)}}}))")
    c.emit("attempt(mbs.Assemble)")


def bad_calls(c):
    """bad API calls after the solves; each must fail cleanly and leave the system usable"""
    d = c.draw
    idx = d(st.sampled_from(["-1", "10 ** 6", "2 ** 31", "2 ** 64", "'0'", "1.5", "None", "0"]))
    ov = d(st.sampled_from(["999", "-3", "cd.OutputVariableType.Position", "'x'", "None"]))
    cfg = d(st.sampled_from(["7", "-1", "cd.ConfigurationType.Reference", "'Current'"]))
    lp = d(st.sampled_from(["[0, 0]", "[nan, 0, 0]", "(1, 2, 3)", "None"]))
    coords = d(st.sampled_from(["[nan] * 3", "[]", "[1e308] * 7", "None", "[[1, 2]]",
                                "[0.0] * 10 ** 4"]))
    multipliers = d(st.sampled_from(["[nan]", "[]", "[1.0] * 40"]))
    settings = d(st.sampled_from(["None", "s._root", "42", "cd.SimulationSettings()"]))
    call = d(st.sampled_from([
        f"mbs.GetNodeOutput({idx}, {ov})", f"mbs.GetObjectOutput({idx}, {ov})",
        f"mbs.GetMarkerOutput({idx}, {ov}, {cfg})",
        f"mbs.GetObjectOutputBody({idx}, {ov}, {lp})",
        f"mbs.GetSensorStoredData({idx})", f"mbs.GetSensorValues({idx})",
        f"mbs.GetLoadValues({idx})", f"mbs.GetObjectJacobian({idx})",
        f"mbs.GetLoadJacobian({idx}, numerical=True)", f"mbs.GetObject({idx})",
        f"mbs.ModifyObject({idx}, {{'mass': 1.0}})",
        f"mbs.systemData.SetODE2Coordinates({coords}, {cfg})",
        f"mbs.systemData.GetODE2Coordinates({cfg})",
        f"mbs.systemData.SetAECoordinates({multipliers})",
        f"mbs.SolveDynamic({settings}, bogus=1)",
        f"mbs.SolveStatic({d(st.sampled_from(['s', '42', '{}']))})",
        f"mbs.AddMarker(cd.MarkerNodePosition(nodeNumber={idx}))",
        f"mbs.AddLoad(cd.LoadCoordinate(markerNumber={idx}, load=1.0))",
        f"mbs.AddSensor(cd.SensorNode(nodeNumber={idx}, outputVariableType={ov}))",
    ]), label="bad call")
    c.emit(f"attempt(lambda: {call})")


def queries(c):
    """output variables of random items (a clean error is fine when the variable does not fit)"""
    d = c.draw
    items = ([("GetNodeOutput", v, t) for v, t, _ in c.nodes]
             + [("GetObjectOutput", v, t) for v, t in c.objects]
             + [("GetMarkerOutput", v, k.split("/")[0]) for v, k in c.markers])
    if items:
        for _ in range(d(st.integers(0, 4), label="queries")):
            fn, v, t = d(st.sampled_from(items))
            valid = ITEM_TYPES[t]["outputVariables"] or OUTVARS
            var = d(st.sampled_from(valid)) if c.chance(80) else d(st.sampled_from(OUTVARS))
            cfg = d(st.sampled_from(["Current", "Initial", "Reference"]))
            c.emit(f"attempt(lambda: mbs.{fn}({v}, cd.OutputVariableType.{var}, "
                   f"cd.ConfigurationType.{cfg}), key='{fn}({v}, {var}, {cfg})')")
    for v in c.sensors:
        c.emit(f"attempt(lambda: mbs.GetSensorValues({v}), key='GetSensorValues({v})')")


@st.composite
def cases(draw, bad=False):
    """the source of one fuzz case (bad=True: with bad inputs)"""
    c = Case(draw, bad)
    c.emit(f"# coordyn fuzz case ({'bad inputs' if bad else 'model'}, {c.mode} values)")
    build_model(c)
    solve(c)
    c.emit("stage = 'outputs'")
    c.emit("collect(mbs)")
    queries(c)
    if bad:
        for _ in range(draw(st.integers(1, 3))):
            bad_calls(c)
        c.emit("collect(mbs)  # the system is still usable after the bad calls")
    return c.source()


# -- running cases --------------------------------------------------------------------------

class Runner:
    """A persistent worker process fed one case at a time; a crash or a hang is recorded and the
    worker restarted. Counts outcomes by class (summary())."""

    def __init__(self):
        self.proc = None
        self.tmp = tempfile.TemporaryDirectory(prefix="coordyn-fuzz-")
        self.errlog = None
        self.counts = collections.Counter()
        self.by_stage = collections.Counter()
        self.details = collections.defaultdict(collections.Counter)
        self.failures = []
        self.n = 0
        self.seconds = 0.0

    def _start(self):
        self.errlog = open(os.path.join(self.tmp.name, "stderr.txt"), "w+")
        self.proc = subprocess.Popen([sys.executable, str(WORKER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=self.errlog,
                                     cwd=self.tmp.name, env=_worker_env(), text=True, bufsize=1)

    def _stop(self):
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc.stdin.close()
            self.proc.stdout.close()
            self.proc = None
        if self.errlog is not None:
            self.errlog.close()
            self.errlog = None

    def close(self):
        self._stop()
        self.tmp.cleanup()

    def _stderr_tail(self, start):
        self.errlog.flush()
        self.errlog.seek(start)
        text = self.errlog.read()
        return text[-4000:]

    def run(self, source, label=""):
        """run one case; returns the result dict (cls, detail, tb, stage)"""
        t0 = time.perf_counter()
        if self.proc is None or self.proc.poll() is not None:
            self._stop()
            self._start()
        self.n += 1
        start = self.errlog.seek(0, os.SEEK_END)
        try:
            self.proc.stdin.write(json.dumps({"id": self.n, "source": source}) + "\n")
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass
        ready, _, _ = select.select([self.proc.stdout], [], [], CASE_TIMEOUT)
        line = self.proc.stdout.readline() if ready else None
        if line:
            result = json.loads(line)
        else:
            hang = not ready
            if hang:
                self.proc.kill()
            rc = self.proc.wait()
            result = {"cls": "hang" if hang else "crash", "stage": "?",
                      "detail": (f"no answer within {CASE_TIMEOUT} s" if hang else
                                 f"the worker died with exit code {rc}"
                                 + (f" (signal {-rc})" if rc < 0 else "")),
                      "tb": self._stderr_tail(start)}
            self._stop()
            result["alone"] = self.confirm(source)
        self.seconds += time.perf_counter() - t0
        self.record(result, source, label)
        return result

    def confirm(self, source):
        """the outcome of a crashed or hung case run alone in a fresh process (a crash that
        only happens after other cases points at memory corrupted earlier)"""
        path = os.path.join(self.tmp.name, "alone.py")
        with open(path, "w") as fh:
            fh.write(source)
        try:
            p = subprocess.run([sys.executable, path], capture_output=True, text=True,
                               timeout=CASE_TIMEOUT, cwd=self.tmp.name, env=_worker_env())
        except subprocess.TimeoutExpired:
            return "alone: hangs too"
        return f"alone: exit code {p.returncode}" + (f", {p.stderr[-1500:]}"
                                                      if p.returncode else "")

    def record(self, result, source, label):
        cls = result["cls"]
        self.counts[cls] += 1
        stage = result.get("stage", "?").split(" ")[0]
        self.by_stage[f"{cls} at {stage}"] += 1
        detail = result.get("detail", "")
        if cls in ("error", "ok_warning", *FAILURES):
            self.details[cls][detail.split(":")[0] + ": " + _shape(detail)] += 1
        if cls in FAILURES:
            self.failures.append({"label": label, "result": result, "source": source})

    def summary(self):
        failures = sum(self.counts[k] for k in FAILURES)
        return {"cases": self.n, "seconds": round(self.seconds, 1), "failures": failures,
                "by_class": dict(self.counts.most_common()),
                "by_class_and_stage": dict(self.by_stage.most_common()),
                "top_messages": {k: dict(v.most_common(15)) for k, v in self.details.items()}}


def _shape(detail):
    """a message with its numbers and item indices blanked, to group similar messages"""
    import re
    text = detail.split(":", 1)[-1].strip()
    text = re.sub(r"[-+]?(\d+\.?\d*(e[-+]?\d+)?|nan|inf)", "#", text)
    return text[:110]


def report(result, source):
    """the failure message: class, detail, the reproducer and the worker's traceback"""
    return (f"fuzz case failed: {result['cls']} at stage '{result.get('stage')}'\n"
            f"{result.get('detail', '')}\n{result.get('alone', '')}\n"
            f"--- reproducer (run with python) ---\n{source}--- end of reproducer ---\n"
            f"{result.get('tb', '')}")
