"""Status in coordyn of every public top-level name of Exudyn 1.13.6 (the table of
docs/coming_from_exudyn.rst is generated from this; tests/exudyn/test_names.py checks both).

A name coordyn has is 'yes' (found on the coordyn module). Every other name is listed in
MISSING with the reason; ``exu.<name>`` gives a stand-in that raises NotImplementedFeatureError
with that reason.
"""
from __future__ import annotations

from ._names import TOP_LEVEL
from ._notyet import is_missing, missing_class

_SOLVER_OBJECTS = ("coordyn's solver objects (MainSolverImplicitSecondOrder, ...) have only "
                   "it, conv, output, newton and timer; their file and local data stay in the "
                   "C solver")
_SETTINGS_CLASS = ("settings groups are created by SimulationSettings() (coordyn builds the "
                   "groups from its settings list)")
_VSETTINGS = ("visualization groups are created by VisualizationSettings() "
              "(SC.visualizationSettings)")

#: name -> reason, for Exudyn top-level names coordyn does not provide
MISSING = {
    "Experimental": "Exudyn's experimental switches have no counterpart",
    "experimental": "Exudyn's experimental switches have no counterpart",
    "GeneralContact": "GeneralContact (particles, spheres, triangles) is not in coordyn yet",
    "VisuGeneralContact": "GeneralContact is not in coordyn yet",
    "GraphicsMaterialList": "the OpenGL material list of Exudyn's renderer; coordyn's viewer "
                            "colours by the graphics data",
    "JointPreCheckCalcBodyMarkers": "an internal helper of Exudyn's Create* joints",
    "SolverFileData": _SOLVER_OBJECTS,
    "SolverLocalData": _SOLVER_OBJECTS,
    "Renderer": "Exudyn's OpenGL renderer: coordyn's is coordyn.viewer (SC.renderer exists "
                "for the calls scripts make)",
    "Special": "exu.special (Exudyn's internal switches) has no counterpart",
    "special": "exu.special (Exudyn's internal switches) has no counterpart",
    "SpecialBeams": "exu.special has no counterpart",
    "SpecialDeprecations": "exu.special has no counterpart",
    "SpecialExceptions": "exu.special has no counterpart",
    "SpecialSolver": "exu.special has no counterpart",
    "SpecialUserInterface": "exu.special has no counterpart",
    "demos": "Exudyn's demos are not in coordyn; see coordyn's examples/",
    "exudynCPP": "Exudyn's compiled module; coordyn's engine is coordyn._core",
    "misc": "Exudyn's internal helper package",
    "os": "the os module Exudyn's package imports; import os yourself",
}
for _n in TOP_LEVEL:
    if _n.startswith("VSettings"):
        MISSING[_n] = _VSETTINGS
    elif _n.endswith(("Settings", "SettingsDeprecated")) and _n not in (
            "SimulationSettings", "VisualizationSettings"):
        MISSING[_n] = _SETTINGS_CLASS
    elif _n == "Parallel":
        MISSING[_n] = _SETTINGS_CLASS

_stand_ins: dict = {}


def top_level_stand_in(name):
    """The stand-in for an Exudyn top-level name coordyn lacks (None for other names)."""
    if name not in MISSING:
        return None
    if name not in _stand_ins:
        _stand_ins[name] = missing_class(name, "exudyn", MISSING[name])
    return _stand_ins[name]


def top_level_status():
    """[(name, 'yes' or 'no', note)] for every Exudyn top-level name, in Exudyn's order."""
    import coordyn
    rows = []
    for name in TOP_LEVEL:
        if name in MISSING:
            rows.append((name, "no", MISSING[name]))
        elif name in coordyn._LAZY_MODULES:
            rows.append((name, "yes", f"module coordyn.{name}"))
        elif name in coordyn.exudyn.MODULE_TARGETS:
            rows.append((name, "yes", f"module {coordyn.exudyn.MODULE_TARGETS[name]}"))
        else:
            rows.append((name, "yes", ""))
    return rows


# ---------------------------------------------------------------- the docs' status tables
BEGIN = ".. begin generated status tables (coordyn.exudyn._status.render_rst)"
END = ".. end generated status tables"


def _table(header, rows):
    out = [".. list-table::", "   :header-rows: 1", ""]
    for row in [header] + rows:
        out.append("   * - " + row[0])
        out += [f"     - {cell}" for cell in row[1:]]
    return "\n".join(out) + "\n"


def _module_rows():
    import importlib
    from . import EXUDYN_MODULES, MODULE_TARGETS, PACKAGES
    from ._names import MODULE_ALL
    rows = []
    for name, reason in EXUDYN_MODULES.items():
        if name == "exudynCPP":
            continue
        if name in PACKAGES:
            rows += _package_rows(name)
            continue
        if reason is None:
            target = MODULE_TARGETS.get(name, "coordyn." + name)
            module = importlib.import_module(target)
            names = MODULE_ALL.get(name)
            if name == "utilities" or name in MODULE_TARGETS:
                names = module.__all__
            if names is None:
                rows.append((f"``exudyn.{name}``", f"``{target}``",
                             "coordyn's module with Exudyn's function names (see its page)"))
                continue
            missing = [n for n in names if is_missing(getattr(module, n))]
            note = (f"{len(names) - len(missing)} of {len(names)} names implemented"
                    if missing else f"all {len(names)} names")
            rows.append((f"``exudyn.{name}``", f"``{target}``", note))
        else:
            rows.append((f"``exudyn.{name}``", "stand-in", reason))
    return rows


#: the submodules of Exudyn 1.13.6's packages (exudyn.robotics.<name>); '' is the package itself
PACKAGE_SUBMODULES = {"robotics": ("", "motion", "models", "special", "utilities", "mobile",
                                   "future", "rosInterface")}


def _package_modules(package):
    """[(exudyn name, coordyn module)] of a package and its submodules."""
    import importlib
    out = []
    for sub in PACKAGE_SUBMODULES[package]:
        name = package + ("." + sub if sub else "")
        out.append((name, importlib.import_module("coordyn." + name)))
    return out


def _package_rows(package):
    rows = []
    for name, module in _package_modules(package):
        names = list(module.__all__)
        missing = [n for n in names if is_missing(getattr(module, n))]
        note = (f"{len(names) - len(missing)} of {len(names)} names implemented"
                if missing else f"all {len(names)} names")
        rows.append((f"``exudyn.{name}``", f"``{module.__name__}``", note))
    return rows


def _missing_function_rows():
    import importlib
    from ._names import MODULE_ALL
    rows = []
    for module_name in MODULE_ALL:
        if module_name == "itemInterface":
            continue
        module = importlib.import_module("coordyn." + module_name)
        for n in MODULE_ALL[module_name]:
            obj = getattr(module, n)
            if is_missing(obj):
                why = obj._coordyn_missing.split(": ", 1)[1].replace(" (docs: coming_from_exudyn)",
                                                                     "")
                rows.append((f"``{module_name}.{n}``", why))
    for package in PACKAGE_SUBMODULES:
        for name, module in _package_modules(package):
            for n in module.__all__:
                obj = getattr(module, n)
                if is_missing(obj):
                    why = obj._coordyn_missing.split(": ", 1)[1].replace(
                        " (docs: coming_from_exudyn)", "")
                    rows.append((f"``{name}.{n}``", why))
    return rows


def _missing_items():
    import coordyn.itemInterface as ii
    from ._names import ITEM_ALIASES
    names = [n for n in ii.__all__ if is_missing(getattr(ii, n)) and not n.startswith("V")
             and n not in ITEM_ALIASES and not n.endswith(("UserFunction", "UserFunction_t"))]
    return names


def _warn_rows():
    from .. import _core
    prefix = "changes results in Exudyn, not honoured by coordyn: a value other than the " \
             "default warns; "
    rows = []
    for row in _core.settings_table():
        if row["effect"] == "warn":
            alias = f" (also ``{'``, ``'.join(row['aliases'])}``)" if row["aliases"] else ""
            rows.append((f"``{row['path']}``{alias}", f"``{row['default']!r}``",
                         row["doc"].replace(prefix, "")))
    return rows


def render_rst():
    """The status tables of docs/coming_from_exudyn.rst (between BEGIN and END)."""
    yes = [n for n, status, _ in top_level_status() if status == "yes"]
    no = [(f"``exu.{n}``", note) for n, status, note in top_level_status() if status == "no"]
    parts = [BEGIN, "", "Exudyn's modules", "----------------", "",
             _table(("Exudyn", "coordyn", "status"), _module_rows()),
             "Functions of these modules that coordyn does not provide (each raises "
             "``NotImplementedFeatureError`` with this reason):", "",
             _table(("name", "reason"), _missing_function_rows()),
             "Item types of ``itemInterface`` not in coordyn yet (their classes, short names "
             "and ``V*`` classes import, and raise ``NotImplementedFeatureError`` when "
             "constructed): " + ", ".join(f"``{n}``" for n in _missing_items()) + ".", "",
             "Exudyn's top level (``exu.*``)", "------------------------------", "",
             "Provided, as in Exudyn: " + ", ".join(f"``{n}``" for n in yes) + ".", "",
             "Not provided (``exu.<name>`` gives a stand-in that raises "
             "``NotImplementedFeatureError`` with the reason):", "",
             _table(("name", "reason"), no),
             "Settings Exudyn honours and coordyn cannot",
             "------------------------------------------", "",
             "Each of these warns (``SettingNotHonouredWarning``) when it is set to another value "
             "than its default; the default is Exudyn's:", "",
             _table(("setting", "default", "what coordyn does"), _warn_rows()), END]
    return "\n".join(parts) + "\n"


def write_docs(path=None):
    """Rewrite the generated part of docs/coming_from_exudyn.rst."""
    import os
    path = path or os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs",
                                "coming_from_exudyn.rst")
    with open(path) as f:
        text = f.read()
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(path, "w") as f:
        f.write(head + render_rst().rstrip("\n") + tail)
