"""Generates the parts of the documentation that must never drift from the code.

Called from conf.py at the start of every Sphinx build. It reads

- ``coordyn.items.ITEM_TYPES`` (the engine's item tables, the single source of truth for item
  names, parameters, defaults, units and output variables) and writes ``items.rst``,
  ``_generated/item_list.inc`` and ``_generated/aliases.inc``;
- ``coordyn.settings.settings_tree()`` and writes ``_generated/settings.inc`` (the settings
  reference included by solvers.rst);
- ``coordyn._core.dense_limit()`` and small probe solves of the installed engine, and writes
  ``_generated/linsolver.inc`` (what LinearSolverType.Auto does in this build: the size up to
  which it starts dense, and the size from which a filled-in matrix moves to the dense path).

Nothing here lists a parameter or a setting by hand. Files are only rewritten when their
content changes, atomically, so concurrent builds and Sphinx's incremental rebuilds behave.
"""
from __future__ import annotations

import enum
import os
import tempfile

KIND_ORDER = ["node", "object", "marker", "load", "sensor"]

KIND_TITLES = {"node": "Nodes", "object": "Objects", "marker": "Markers", "load": "Loads",
               "sensor": "Sensors"}

# one sentence per kind: what the kind is for (no parameters here; those come from the tables)
KIND_INTROS = {
    "node": "Nodes own the ODE2 coordinates. Add them with ``mbs.AddNode``; "
            "the returned NodeIndex is what bodies and markers refer to.",
    "object": "Objects are bodies (they bring mass), connectors (springs and dampers between "
              "two markers) and constraints (connectors that own Lagrange multipliers). Add "
              "them with ``mbs.AddObject``.",
    "marker": "Markers are the points, coordinates or mass distributions that connectors and "
              "loads act on. Add them with ``mbs.AddMarker``.",
    "load": "Loads apply forces through a marker. Add them with ``mbs.AddLoad``.",
    "sensor": "Sensors record an output variable during a solve; read the record with "
              "``mbs.GetSensorStoredData``. Add them with ``mbs.AddSensor``.",
}


# ------------------------------------------------------------------ text helpers

def rst_escape(text: str) -> str:
    """Plain text made safe for reStructuredText (|x| is not a substitution, a_ not a link)."""
    out = str(text).replace("\\", "\\\\")
    for ch in "*|`_":
        out = out.replace(ch, "\\" + ch)
    return out


def literal(text) -> str:
    """Inline literal; an empty string is shown as two quotes."""
    s = str(text)
    if s == "":
        return "``''``"
    return "``" + s.replace("`", "'") + "``"


def heading(title: str, char: str, overline: bool = False) -> str:
    line = char * max(len(title), 3)
    return (line + "\n" if overline else "") + title + "\n" + line + "\n\n"


def list_table(header, rows, widths=None) -> str:
    """A list-table directive; cells are already valid inline RST."""
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append("   :widths: " + " ".join(str(w) for w in widths))
    lines.append("")
    for row in [header] + rows:
        for k, cell in enumerate(row):
            cell = cell if cell.strip() else "\u2014"
            lines.append(("   * - " if k == 0 else "     - ") + cell)
    return "\n".join(lines) + "\n\n"


def write_if_changed(path: str, text: str) -> None:
    """Write text to path atomically, leaving the file untouched when nothing changed."""
    try:
        with open(path, encoding="utf-8") as f:
            if f.read() == text:
                return
    except FileNotFoundError:
        pass
    d = os.path.dirname(path)
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=d, prefix=".gen-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# ------------------------------------------------------------------ items

def _numbers(text: str):
    return [float(x) for x in text.split()]


def _num(x: float) -> str:
    return f"{x:g}"


def field_type(f) -> str:
    """Readable type of a parameter from the table's type, size and reference kind."""
    kind, size, ref = f["type"], f["size"], f["ref"]
    if kind == "vector":
        return f"vector[{size}]" if size else "vector"
    if kind == "matrix":
        n = len(f["default"].split()) if f["default"] else 0
        if size and n:
            return f"matrix[{size}\u00d7{n // size}]"
        return f"matrix[{size}\u00d7\u00b7]" if size else "matrix"
    if kind == "index":
        return f"{ref} index" if ref else "index"
    if kind == "indexlist":
        what = f"{ref} indices" if ref else "indices"
        return f"list of {size} {what}" if size else f"list of {what}"
    if kind == "function":
        return "user function"
    if kind == "outputvariable":
        return "OutputVariableType"
    return kind


def field_default(f) -> str:
    """The default as an inline literal, or an em dash when the field has none."""
    kind, text = f["type"], f["default"]
    if f.get("alias_of") or not f.get("has_default", bool(text)):
        return "\u2014"
    if kind == "str":
        return literal(text)
    if kind == "bool":
        return literal(text.strip() not in ("", "0"))
    if kind in ("function", "index", "indexlist", "outputvariable"):
        return "\u2014"
    try:
        nums = _numbers(text)
    except ValueError:
        return literal(text)
    if kind in ("float", "int"):
        return literal(_num(nums[0])) if nums else "\u2014"
    if kind == "matrix" and f["size"] and nums:
        rows, cols = f["size"], len(nums) // f["size"]
        return literal("[" + ", ".join("[" + ", ".join(_num(x) for x in nums[r * cols:(r + 1) * cols])
                                       + "]" for r in range(rows)) + "]")
    if not nums:
        return "\u2014"
    return literal("[" + ", ".join(_num(x) for x in nums) + "]")


def field_doc(f) -> str:
    doc = rst_escape(f["doc"])
    notes = []
    if f.get("positive"):
        notes.append("must be > 0")
    elif f.get("nonnegative"):
        notes.append("must be \u2265 0")
    if f.get("alias_of"):
        notes.append(f"same as {literal(f['alias_of'])}")
    if notes:
        doc += " (" + "; ".join(notes) + ")"
    return doc


def python_names(items_module, t):
    """Every name under which coordyn.items exports the class of type t (full name first)."""
    cls = items_module.item_class(t["name"])
    names = [n for n in items_module.__all__ if getattr(items_module, n, None) is cls]
    names.sort(key=lambda n: (n != t["name"], n))
    return names


def label(name: str) -> str:
    return "item-" + name


def render_type(items_module, t) -> str:
    names = python_names(items_module, t)
    key = items_module.TYPE_KEYS[t["kind"]]
    out = [f".. _{label(t['name'])}:\n\n", heading(t["name"], "-")]
    out.append(rst_escape(t["doc"]) + "\n\n")
    others = [n for n in names if n != t["name"]]
    out.append(":Python class: " + literal("coordyn." + t["name"]) + "\n")
    out.append(":Also available as: " + (", ".join(literal("coordyn." + n) for n in others)
                                         if others else "\u2014") + "\n")
    out.append(":Dict form: " + literal(f"{{'{key}': '{t['typename']}', ...}}") + "\n")
    ov = t["outputVariables"]
    out.append(":Output variables: " + (", ".join(literal(v) for v in ov) if ov else
                                        "\u2014 (records the output variable of another item)"
                                        if t["kind"] == "sensor" else "\u2014") + "\n\n")
    rows = [[literal(f["name"]), rst_escape(field_type(f)), field_default(f),
             rst_escape(f["unit"]), field_doc(f)] for f in t["fields"]]
    if rows:
        out.append(list_table(["Parameter", "Type", "Default", "Unit", "Description"], rows,
                              widths=[22, 16, 14, 8, 40]))
    else:
        out.append("This type has no parameters.\n\n")
    return "".join(out)


def render_items(items_module, outvar_enum) -> str:
    types = items_module.ITEM_TYPES
    out = [".. This file is generated by docs/gen_docs.py from coordyn.items.ITEM_TYPES at\n"
           "   every documentation build. Do not edit it; change the item tables in csrc/items/.\n\n",
           heading("Item reference", "=", overline=True)]
    out.append(
        "This reference is generated when the documentation is built, from the same item tables "
        "(``coordyn.items.ITEM_TYPES``) that the engine uses to parse parameters and that "
        "``coordyn.items`` uses to build the Python classes. What you read here is therefore "
        "exactly what the installed engine accepts.\n\n"
        "Every parameter can be given as a keyword to the class (``MassPoint(mass=2, "
        "nodeNumber=n)``) or as a key of a plain dict with the type key shown under *Dict form*. "
        "An unknown keyword raises TypeError when the class is created (with the closest valid "
        "name); an unknown key of a dict raises ValueError (listing the valid names) when the "
        "item is added. A value of the wrong type raises TypeError, an invalid value ValueError, "
        "when the item is added. A dash in the *Default* column means the parameter has no "
        "default value: item numbers (node, body, marker, load indices) and other parameters "
        "without a default must be given unless their description says otherwise.\n\n"
        "``mbs.GetNode``, ``mbs.GetObject``, ... return the dict form (the type key with the "
        "short type name, every parameter, and ``'itemType'`` with the full class name), and "
        "``Add...`` and ``Modify...`` accept such dicts back. For compatibility with Exudyn "
        "scripts every item class accepts ``visualization``, and dicts may also contain Exudyn's "
        "visualization keys (``Vshow``, ``VdrawSize``, ...); all of these are ignored.\n\n")
    total = {k: sum(1 for t in types if t["kind"] == k) for k in KIND_ORDER}
    rows = []
    for kind in KIND_ORDER:
        for t in types:
            if t["kind"] == kind:
                rows.append([rst_escape(kind), f":ref:`{t['name']} <{label(t['name'])}>`",
                             rst_escape(t["doc"])])
    out.append(heading("Overview", "="))
    out.append(", ".join(f"{total[k]} {KIND_TITLES[k].lower()}" for k in KIND_ORDER)
               + " are available.\n\n")
    out.append(list_table(["Kind", "Type", "Description"], rows, widths=[10, 30, 60]))
    for kind in KIND_ORDER:
        kind_types = [t for t in types if t["kind"] == kind]
        if not kind_types:
            continue
        out.append(heading(KIND_TITLES[kind], "="))
        out.append(KIND_INTROS[kind] + "\n\n")
        for t in kind_types:
            out.append(render_type(items_module, t))
    # output variables: which item types provide each
    out.append(heading("Output variables", "="))
    out.append("Values of ``coordyn.OutputVariableType`` and the item types that provide them "
               "(for ``GetNodeOutput``, ``GetObjectOutput``, ``GetObjectOutputBody``, "
               "``GetMarkerOutput`` and the ``outputVariableType`` of sensors). A sensor can only "
               "record a variable its item provides; anything else is rejected when the sensor is "
               "added.\n\n")
    from coordyn import _core
    docs = _core.outvar_docs()  # the engine's table of output variables
    rows = []
    for member in outvar_enum:
        if member.name.startswith("_"):
            continue
        users = [f":ref:`{t['name']} <{label(t['name'])}>`" for t in types
                 if member.name in t["outputVariables"]]
        rows.append([literal(member.name), rst_escape(docs[member.name]),
                     ", ".join(users) if users else "\u2014"])
    out.append(list_table(["OutputVariableType", "Meaning", "Provided by"], rows,
                          widths=[22, 33, 45]))
    return "".join(out)


def render_item_list(items_module) -> str:
    """Compact list of the available types per kind, for differences_from_exudyn.rst."""
    out = [".. generated by docs/gen_docs.py from coordyn.items.ITEM_TYPES\n\n"]
    for kind in KIND_ORDER:
        names = [t["name"] for t in items_module.ITEM_TYPES if t["kind"] == kind]
        if names:
            out.append(f"- **{KIND_TITLES[kind]}**: "
                       + ", ".join(f":ref:`{n} <{label(n)}>`" for n in names) + "\n")
    return "".join(out) + "\n"


def render_aliases(items_module) -> str:
    """Parameter aliases (Exudyn's other names for a parameter), for differences_from_exudyn.rst."""
    found = {}
    for t in items_module.ITEM_TYPES:
        for f in t["fields"]:
            if f.get("alias_of"):
                found.setdefault((f["name"], f["alias_of"]), []).append(t["name"])
    out = [".. generated by docs/gen_docs.py from coordyn.items.ITEM_TYPES\n\n"]
    if not found:
        return "".join(out) + "No item has parameter aliases.\n\n"
    for (name, target), owners in sorted(found.items()):
        out.append(f"- {literal(name)} means {literal(target)} (in "
                   + ", ".join(f":ref:`{n} <{label(n)}>`" for n in owners) + ")\n")
    return "".join(out) + "\n"


# ------------------------------------------------------------------ settings

def setting_default(value) -> str:
    if isinstance(value, enum.Enum):
        return literal(f"{type(value).__name__}.{value.name}")
    return literal(repr(value))


def setting_range(row) -> str:
    """the valid values of a settings list row: its range (reals are always finite; ints are
    also at most 2**31 - 1, said above the table)"""
    if row is None or not row["range"]:
        return ""
    if row["type"] == "real":
        return rst_escape(row["range"] if row["range"] == "finite" else f"{row['range']}, finite")
    return rst_escape(f"integer {row['range']}")


def render_settings(rows, effects=None, table_rows=None) -> str:
    """rows: settings_tree(); effects: {path: effect} and table_rows: {path: row} from the
    engine's settings list (the range column)"""
    effects, table_rows = effects or {}, table_rows or {}
    out = [".. generated by docs/gen_docs.py from coordyn.settings.settings_tree() and "
           "coordyn._core.settings_table()\n\n"]
    table = [[literal(path), setting_default(default), setting_range(table_rows.get(path)),
              effects.get(path, ""), rst_escape(doc)]
             for path, default, doc in rows]
    out.append(list_table(["Setting (below SimulationSettings)", "Default", "Valid values",
                           "Effect", "Description"], table, widths=[36, 13, 13, 8, 30]))
    return "".join(out)


def _auto_choice(n: int) -> str:
    """'Dense' or 'Sparse': what LinearSolverType.Auto used for one step of a system whose
    Newton matrix (n x n) has a completely full pattern (one NodeGenericODE2 with n coordinates
    and an ObjectGenericODE2 with a full mass matrix)."""
    import numpy as np
    import coordyn as cd
    mbs = cd.SystemContainer().AddSystem()
    node = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0.0] * n,
                                          initialCoordinates=[0.0] * n,
                                          initialCoordinates_t=[0.0] * n,
                                          numberOfODE2Coordinates=n))
    mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(n) + 0.01))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.linearSolverType = cd.LinearSolverType.Auto
    s.timeIntegration.numberOfSteps = 1
    s.progressBar = False
    mbs.SolveDynamic(s)
    return mbs.GetSolverStatistics()["linearSolver"]


def _auto_chain_choice(masses: int) -> str:
    """What LinearSolverType.Auto used for a planar pendulum chain (3 x masses unknowns)."""
    import coordyn as cd
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    prev = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    for i in range(masses):
        node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0.1 * (i + 1), 0]))
        mbs.AddObject(cd.MassPoint2D(mass=0.1, nodeNumber=node))
        marker = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
        mbs.AddObject(cd.DistanceConstraint(markerNumbers=[prev, marker], distance=0.1))
        mbs.AddLoad(cd.Force(markerNumber=marker, loadVector=[0, -0.981, 0]))
        prev = marker
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.linearSolverType = cd.LinearSolverType.Auto
    s.timeIntegration.numberOfSteps = 1
    s.timeIntegration.endTime = 1e-3
    s.progressBar = False
    mbs.SolveDynamic(s)
    return mbs.GetSolverStatistics()["linearSolver"]


PROBE_MAX_N = 256   # largest full matrix the generator tries


def probe_auto(dense_limit: int) -> dict:
    """What LinearSolverType.Auto does in the installed engine, found by small solves:
    dense_limit (Auto starts dense up to this size), min_dense_n (smallest full matrix above
    dense_limit that Auto moves to the dense path, None if none up to PROBE_MAX_N) and
    chain (the choice for a pendulum chain of 100 masses, n = 300)."""
    lo, hi = max(dense_limit, 0) + 1, PROBE_MAX_N
    min_dense = None
    if _auto_choice(hi) == "Dense":
        while lo < hi:                    # smallest n in [lo, hi] that goes dense
            mid = (lo + hi) // 2
            if _auto_choice(mid) == "Dense":
                hi = mid
            else:
                lo = mid + 1
        min_dense = lo
    return {"dense_limit": dense_limit, "min_dense_n": min_dense,
            "chain": _auto_chain_choice(100)}


def render_linsolver(facts: dict) -> str:
    out = [".. generated by docs/gen_docs.py from coordyn._core.dense_limit() and probe solves "
           "of the installed engine\n\n"]
    limit, nmin = facts["dense_limit"], facts["min_dense_n"]
    if limit <= 0:
        out.append("In this build ``LinearSolverType.Auto`` starts every solve with the sparse "
                   f"solver (``coordyn._core.dense_limit()`` is {limit}: no size starts dense). ")
    else:
        out.append("In this build ``LinearSolverType.Auto`` starts with the dense solver when "
                   f"the Newton matrix has at most {limit} rows (``coordyn._core.dense_limit()``) "
                   "and with the sparse solver above. ")
    if nmin is None:
        out.append("No Newton matrix with a completely full pattern of up to "
                   f"{PROBE_MAX_N} rows moved to the dense solver when this page was built.")
    else:
        out.append("Probed when this page was built: a Newton matrix whose pattern is completely "
                   f"full moves to the dense solver from n = {nmin} rows on"
                   + (f" (n = {nmin - 1} stays sparse)" if nmin - 1 > max(limit, 0) else "")
                   + ".")
    out.append(" The Newton matrix of a planar pendulum chain of 100 masses (n = 300) "
               + ("stays sparse." if facts["chain"] == "Sparse" else "is solved densely."))
    return "".join(out) + "\n\n"


# ------------------------------------------------------------------ entry point

def generate(docs_dir: str) -> list:
    """Write every generated file below docs_dir; returns their paths."""
    import coordyn
    from coordyn import _core, items, settings

    files = {
        os.path.join(docs_dir, "items.rst"): render_items(items, coordyn.OutputVariableType),
        os.path.join(docs_dir, "_generated", "item_list.inc"): render_item_list(items),
        os.path.join(docs_dir, "_generated", "aliases.inc"): render_aliases(items),
        os.path.join(docs_dir, "_generated", "settings.inc"):
            render_settings(settings.settings_tree(),
                            {r["path"]: r["effect"] for r in _core.settings_table()},
                            {r["path"]: r for r in _core.settings_table()}),
        os.path.join(docs_dir, "_generated", "linsolver.inc"):
            render_linsolver(probe_auto(int(_core.dense_limit()))),
    }
    for path, text in files.items():
        write_if_changed(path, text)
    return list(files)


if __name__ == "__main__":
    for p in generate(os.path.dirname(os.path.abspath(__file__))):
        print(p)
