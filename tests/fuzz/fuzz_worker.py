"""The fuzzer's worker process: runs generated cases (Python scripts) one after the other and
classifies each outcome. The test process (fuzz_harness.Runner) starts it, feeds it one JSON line
per case on stdin and reads one JSON line per result on the protocol pipe; when the worker dies (a
signal) or stops answering (a hang) the test process records the case and starts a new worker.

    python fuzz_worker.py            serve cases (stdin: {"source": ...} lines)
    python fuzz_worker.py --probe    print the item compatibility table (see probe())

Outcome classes of a case that returns (crash and hang are found by the test process):

ok               the script ran to its end and every output it collected is finite
ok_warning       ran to its end with a warning (non-finite outputs are then allowed)
error            a clean error: one of CLEAN_ERRORS with a message, or any exception raised by
                 a user function (the engine passes it on, with a note naming the function)
system_error     SystemError (a C function returned NULL without setting an error, or said so)
internal_error   a clean type whose message says it is a broken invariant (CD_ERR_INTERNAL)
empty_message    an exception without a message
other_exception  any other exception (ZeroDivisionError, AssertionError, a bare MemoryError, ...)
silent_nonfinite NaN or Inf in coordinates, sensor data or outputs without an error or warning
"""
import faulthandler
import io
import json
import os
import re
import sys
import traceback
import warnings

import numpy as np

FAILURES = ("crash", "hang", "system_error", "internal_error", "empty_message", "other_exception",
            "silent_nonfinite")
# the state vectors collect() reads, checked after the outputs (which name an item)
STATE_KEYS = ("ODE2Coordinates", "ODE2Coordinates_t", "ODE2Coordinates_tt", "AECoordinates",
              "ODE1Coordinates", "ODE1Coordinates_t", "DataCoordinates")
# CD_ERR_INTERNAL messages, and the SystemErrors the extension raises itself
INTERNAL = re.compile(r"broken|rejected argument|invariant|bug in coordyn|assert|is not numeric",
                      re.I)


def _nonfinite(value):
    """the first non-finite entry of a (nested) numeric output, or None"""
    try:
        a = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        if isinstance(value, dict):
            for v in value.values():
                bad = _nonfinite(v)
                if bad is not None:
                    return bad
        return None
    if a.size and not np.all(np.isfinite(a)):
        return float(a[~np.isfinite(a)][0])
    return None


def classify(exc, ns, caught):
    """(class, detail) of one case: exc the exception that ended it (or None), ns its namespace,
    caught the warnings it issued"""
    if exc is not None:
        msg = str(exc)
        name = type(exc).__name__
        user_error = ns.get("UserFunctionError")
        chain, e = [], exc
        while e is not None and len(chain) < 20:
            chain.append(e)
            e = e.__cause__ or e.__context__
        if user_error is not None and any(isinstance(c, user_error) for c in chain):
            return "error", f"{name}: {msg}"
        # any exception of a user function comes back as it is, with a note naming the function
        if any("raised in '" in str(n) for n in getattr(exc, "__notes__", ())):
            return "error", f"{name} of a user function: {msg}"
        if isinstance(exc, SystemError):
            return "system_error", f"{name}: {msg}"
        if not msg.strip():
            return "empty_message", f"{name} without a message"
        clean = ns.get("CLEAN_ERRORS", ())
        if clean and isinstance(exc, clean) and not isinstance(exc, (RecursionError,
                                                                     NotImplementedError)):
            if INTERNAL.search(msg):
                return "internal_error", f"{name}: {msg}"
            return "error", f"{name}: {msg}"
        return "other_exception", f"{name}: {msg}"
    outputs = ns.get("outputs", {})
    # outputs (sensor data, Get*Output) first, then the state vectors
    # the solver statistics are collected (a crash reading them counts) but not checked: their
    # step-size extremes are inf after a solve without an accepted step
    for key in sorted((k for k in outputs if k != "statistics"), key=lambda k: k in STATE_KEYS):
        bad = _nonfinite(outputs[key])
        if bad is not None:
            if caught:
                return "ok_warning", f"{key} = {bad} with warning: {caught[0]}"
            return "silent_nonfinite", f"{key} contains {bad} and no error or warning came"
    errors = ns.get("errors") or []
    if errors:  # clean errors of calls made with attempt(): (stage, message)
        stage, msg = errors[0]
        return "error", msg
    if caught:
        return "ok_warning", caught[0]
    return "ok", ""


def run_case(source):
    """execute one case script; returns the result dict"""
    ns = {"__name__": "__fuzzcase__"}
    exc, tb = None, ""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            exec(compile(source, "<fuzzcase>", "exec"), ns)
        except BaseException as e:  # noqa: B902 - every outcome is classified
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            exc = e
            tb = traceback.format_exc(limit=-6)
    caught = [f"{x.category.__name__}: {x.message}" for x in w]
    cls, detail = classify(exc, ns, caught)
    stage = ns.get("stage", "")
    if cls == "error" and ns.get("errors") and exc is None:
        stage = ns["errors"][0][0]
    return {"cls": cls, "detail": detail[:2000], "tb": tb[-4000:] if cls in FAILURES else "",
            "stage": stage, "warnings": len(caught)}


# -- the compatibility probe ------------------------------------------------------------------

def _sane_value(f):
    """a plain valid value of a numeric field, for the probe"""
    t, n = f["type"], f["size"]
    if t == "float":
        return 1.0
    if t == "vector":
        if "inertia" in f["name"].lower():
            return [1.0, 1.0, 1.0, 0.0, 0.0, 0.0][:n] if n else None
        return None
    if t == "matrix" and n:
        return np.eye(n).tolist()
    return None


def probe():
    """Which item types fit together, found by adding them (nothing is hard-coded, so a new item
    type is fuzzed as soon as it is in the engine's tables):

    nodes      {node type: ODE2 coordinates with default parameters}
    bodies     {object type with a nodeNumber: [node types it accepts]}
    markers    {marker type: [[target kind ('node'/'object'), target type], ...]}
    connectors {object type with markerNumbers: [[marker key 0, marker key 1], ...]}
    loads      {load type: [marker key, ...]}
    (a marker key is 'MarkerType/TargetType')"""
    import coordyn as cd
    types = cd.items.ITEM_TYPES
    by_kind = {}
    for t in types:
        by_kind.setdefault(t["kind"], []).append(t)

    def item(t, **given):
        cls = cd.items.item_class(t["name"])
        params = {}
        for f in t["fields"]:
            if f["alias_of"] or f["type"] in ("index", "indexlist", "str", "function"):
                continue
            if f["type"] == "int":
                params[f["name"]] = 2 if f["name"].startswith("numberOf") else 0
                continue
            v = _sane_value(f)
            if v is not None:
                params[f["name"]] = v
        if t["kind"] == "node":
            k = params.get("numberOfODE2Coordinates", params.get("numberOfODE1Coordinates",
                                                                 params.get(
                                                                     "numberOfDataCoordinates")))
            if k:
                for f in t["fields"]:
                    if f["type"] == "vector" and not f["size"]:
                        params[f["name"]] = [0.0] * k
        params.update(given)
        return cls(**params)

    out = {"nodes": {}, "bodies": {}, "markers": {}, "connectors": {}, "loads": {}}
    mbs = cd.SystemContainer().AddSystem()
    node_ids = {}
    for t in by_kind["node"]:
        try:
            node_ids[t["name"]] = mbs.AddNode(item(t))
            out["nodes"][t["name"]] = 0
        except Exception:
            pass
    bodies = [t for t in by_kind["object"]
              if any(f["name"] == "nodeNumber" and f["ref"] == "node" for f in t["fields"])]
    body_ids = {}
    for t in by_kind["object"]:
        if not any(f["ref"] for f in t["fields"]):  # a ground: no node, no marker
            body_ids[t["name"]] = mbs.AddObject(item(t))
    for b in bodies:
        ok = []
        for nname, nid in node_ids.items():
            try:
                oid = mbs.AddObject(item(b, nodeNumber=nid))
            except Exception:
                continue
            ok.append(nname)
            body_ids.setdefault(b["name"], oid)
        out["bodies"][b["name"]] = ok
    marker_ids = {}
    for t in by_kind["marker"]:
        ok = []
        for f in t["fields"]:
            if f["type"] != "index" or f["ref"] not in ("node", "object"):
                continue
            targets = node_ids if f["ref"] == "node" else body_ids
            for tname, tid in targets.items():
                try:
                    mid = mbs.AddMarker(item(t, **{f["name"]: tid}))
                except Exception:
                    continue
                ok.append([f["ref"], tname])
                marker_ids[f"{t['name']}/{tname}"] = mid
        out["markers"][t["name"]] = ok
    for t in by_kind["object"]:
        if not any(f["name"] == "markerNumbers" for f in t["fields"]):
            continue
        ok = []
        for k0, m0 in marker_ids.items():
            for k1, m1 in marker_ids.items():
                if k0 == k1:
                    continue
                try:
                    mbs.AddObject(item(t, markerNumbers=[m0, m1]))
                except Exception:
                    continue
                ok.append([k0, k1])
        out["connectors"][t["name"]] = ok
    for t in by_kind["load"]:
        ok = []
        for k, m in marker_ids.items():
            try:
                mbs.AddLoad(item(t, markerNumber=m))
            except Exception:
                continue
            ok.append(k)
        out["loads"][t["name"]] = ok
    # objects on a list of nodes (generic ODE2/ODE1 objects): which node types they take, with
    # matrices and vectors of the node's size (a generic node: its numberOf...Coordinates = 2)
    out["generic"] = {}
    for t in by_kind["object"]:
        if not any(f["type"] == "indexlist" and f["ref"] == "node" for f in t["fields"]):
            continue
        ok = []
        for nname, nid in node_ids.items():
            s = cd.SystemContainer().AddSystem()
            nt = next(x for x in by_kind["node"] if x["name"] == nname)
            s.AddNode(item(nt))
            try:
                s.Assemble()
                k = s.systemData.NumberOfODE2Coordinates() or s.systemData.NumberOfODE1Coordinates()
            except Exception:
                continue
            if not k:
                continue
            params = {"nodeNumbers": [0]}
            for f in t["fields"]:
                if f["type"] == "matrix" and not f["size"]:
                    params[f["name"]] = np.eye(k).tolist()
                elif f["type"] == "vector" and not f["size"]:
                    params[f["name"]] = [0.0] * k
            try:
                s.AddObject(cd.items.item_class(t["name"])(**params))
                s.Assemble()
            except Exception:
                continue
            ok.append(nname)
        out["generic"][t["name"]] = ok
    # ODE2 coordinates per node type (default parameters), from a system of that node alone
    for nname in list(out["nodes"]):
        s = cd.SystemContainer().AddSystem()
        t = next(x for x in by_kind["node"] if x["name"] == nname)
        s.AddNode(item(t))
        try:
            s.Assemble()
            out["nodes"][nname] = s.systemData.NumberOfODE2Coordinates()
        except Exception:
            out["nodes"][nname] = -1
    return out


def serve():
    # the protocol pipe is the original stdout; whatever the engine or a case prints goes to
    # stderr (which the test process keeps, to show after a crash)
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", buffering=0), write_through=True)
    faulthandler.enable(file=sys.stderr, all_threads=False)
    import coordyn  # noqa: F401  (imported once, before the first case)
    for line in sys.stdin:
        if not line.strip():
            continue
        case = json.loads(line)
        sys.stderr.write(f"\n=== case {case.get('id', '?')}\n")
        sys.stderr.flush()
        result = run_case(case["source"])
        proto.write(json.dumps(result) + "\n")


if __name__ == "__main__":
    if "--probe" in sys.argv:
        print(json.dumps(probe()))
    else:
        serve()
