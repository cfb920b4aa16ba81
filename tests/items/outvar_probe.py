"""Which output variables an engine accepts for one item, and their values: the models of
outvar_models.py, probed with every OutputVariableType of that engine through GetNodeOutput,
GetObjectOutput, GetObjectOutputBody (at a local point) or GetMarkerOutput.

Run as a script (``python tests/items/outvar_probe.py``) to print the table of the output
variables Exudyn accepts and coordyn does not, item type by item type."""
import contextlib
import io
import os
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from outvar_models import BUILDERS, LOCAL, LOCAL_AXIS  # noqa: E402


def engine(name):
    """(module, item namespace) of 'coordyn' or 'exudyn'"""
    if name == "coordyn":
        import coordyn
        return coordyn, coordyn
    import exudyn
    import exudyn.itemInterface as ii
    return exudyn, ii


def _getter(exu, mbs, kind, index):
    if kind == "node":
        return lambda v: mbs.GetNodeOutput(index, v)
    if kind == "marker":
        return lambda v: mbs.GetMarkerOutput(index, v)
    if kind == "object":
        return lambda v: mbs.GetObjectOutput(index, v)
    lp = LOCAL_AXIS if kind == "axis" else LOCAL
    return lambda v: mbs.GetObjectOutputBody(index, v, localPosition=lp)


def probe(engine_name, type_name):
    """{output variable name: values (float array)} of every output variable the engine
    accepts for the model of type_name"""
    exu, ii = engine(engine_name)
    with warnings.catch_warnings(), contextlib.redirect_stdout(io.StringIO()):
        warnings.simplefilter("ignore")
        mbs, kind, index, SC = BUILDERS[type_name](exu, ii)
        mbs.Assemble()
        get = _getter(exu, mbs, kind, index)
        out = {}
        for name, v in exu.OutputVariableType.__members__.items():
            if name == "_None":
                continue
            try:
                val = get(v)
            except Exception:   # noqa: BLE001 -- not provided: each engine raises its own type
                continue
            out[name] = np.atleast_1d(np.asarray(val, dtype=float)).ravel()
    return out


if __name__ == "__main__":
    for t in sorted(BUILDERS):
        try:
            e = probe("exudyn", t)
        except Exception as ex:  # noqa: BLE001
            print(t, "exudyn model fails:", ex)
            continue
        try:
            c = probe("coordyn", t)
        except Exception as ex:  # noqa: BLE001
            print(t, "coordyn model fails:", ex)
            continue
        missing = sorted(set(e) - set(c))
        diff = sorted(k for k in set(e) & set(c)
                      if e[k].shape != c[k].shape or not np.allclose(e[k], c[k], rtol=0, atol=1e-12))
        print(f"{t}: missing {missing}; values differ {diff}")
        for k in diff:
            print("    ", k, "exudyn", e[k], "coordyn", c[k])
