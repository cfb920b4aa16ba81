"""SimulationSettings: a tree of solver settings with Exudyn's names.

Every node of the tree rejects unknown attribute names (a typo raises AttributeError with the
closest valid name) and checks the type of what is assigned::

    s = coordyn.SimulationSettings()
    s.timeIntegration.numberOfSteps = 1000
    s.timeIntegration.endTime = 2
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    s.timeIntegration.newton.useModifiedNewton = True
    s.linearSolverType = coordyn.LinearSolverType.Sparse

The tree is built at import from the engine's settings list (csrc/solvers/cd_settings_list.h,
read through ``_core.settings_table()``): the groups come from the dotted paths, the defaults,
types and help texts from the list's entries. Nothing here repeats a setting's name.
"""
from __future__ import annotations

import difflib
import enum
import numbers
import warnings

from . import _core

__all__ = ["SimulationSettings", "LinearSolverType", "SettingNotHonouredWarning"]


class SettingNotHonouredWarning(UserWarning):
    """An Exudyn setting that changes results in Exudyn was set to a value other than its
    default, and coordyn cannot honour it (the message says what coordyn does instead)."""


class LinearSolverType(enum.IntEnum):
    """Linear solver of the Newton iterations; Auto picks by structure and fill (docs/solvers)."""
    Auto = _core.LS_AUTO
    Dense = _core.LS_DENSE      # LAPACK dgetrf/dgetrs
    Sparse = _core.LS_SPARSE    # CSparse LU with allocation-free refactorization
    Block = _core.LS_BLOCK      # each block of the block-triangular form factored on its own
    # Exudyn's names, so existing scripts run unchanged
    EXUdense = _core.LS_DENSE
    EigenDense = _core.LS_DENSE
    EigenSparse = _core.LS_SPARSE
    EigenSparseSymmetric = _core.LS_SPARSE


# str() and f-strings as Exudyn's enum: 'LinearSolverType.Dense' (Exudyn's names are aliases:
# str(LinearSolverType.EXUdense) is 'LinearSolverType.Dense')
LinearSolverType.__str__ = enum.Enum.__str__
LinearSolverType.__format__ = lambda self, spec: format(str(self), spec)


def _check_bool(name, value):
    if not isinstance(value, (bool, numbers.Integral)):
        raise TypeError(f"{name} must be a bool, got {type(value).__name__}")
    return bool(value)


def _check_int(name, value):
    # an integral float (numberOfSteps = 1e4, or a float from an Exudyn script) is an int
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, numbers.Integral)) \
            and float(value).is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    return int(value)


def _check_real(name, value):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__}")
    return float(value)


def _check_str(name, value):
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    return value


def _check_autobool(name, value):
    if not (value == "auto" or isinstance(value, bool)):
        raise ValueError(f"{name} must be 'auto', True or False, got {value!r}")
    return value


# per type of the settings list: check and convert an assigned value, convert the default
_CHECK = {"bool": _check_bool, "int": _check_int, "real": _check_real, "str": _check_str,
          "autobool": _check_autobool,
          "LinearSolverType": lambda name, value: LinearSolverType(value)}
_DEFAULT = {"bool": bool, "int": int, "real": float, "str": str, "autobool": lambda v: v,
            "LinearSolverType": LinearSolverType}


class _Node:
    """A settings node: fixed attribute names (from _defaults), typed values.

    Class attributes, filled from the settings list: _defaults (name: default value, or the
    node class of a group), _docs (name: help text), _types (name: type of the list),
    _aliases (alternative name: path of the setting it stands for, from the root)."""

    _defaults: dict = {}
    _docs: dict = {}
    _types: dict = {}
    _aliases: dict = {}
    _effects: dict = {}

    def __init__(self, _root=None):
        root = self if _root is None else _root
        object.__setattr__(self, "_root", root)
        for key, value in self._defaults.items():
            object.__setattr__(self, key, value(root) if isinstance(value, type) else value)

    def __getattr__(self, key):
        # only called for names that are not attributes: aliases
        path = type(self)._aliases.get(key)
        if path is None:
            raise AttributeError(f"{type(self).__name__} has no setting '{key}'")
        node, leaf = self._root._resolve(path)
        return getattr(node, leaf)

    def __setattr__(self, key, value):
        if key in self._aliases:
            node, leaf = self._root._resolve(self._aliases[key])
            setattr(node, leaf, value)
            return
        if key not in self._defaults:
            names = list(self._defaults) + list(self._aliases)
            close = difflib.get_close_matches(key, names, n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise AttributeError(f"{type(self).__name__} has no setting '{key}'{hint}")
        if key not in self._types:
            raise AttributeError(f"'{key}' is a group of settings; set its members instead")
        value = _CHECK[self._types[key]](f"{type(self).__name__}.{key}", value)
        if self._effects.get(key) == "warn" and value != self._defaults[key]:
            warnings.warn(f"simulationSettings: {type(self).__name__}.{key} = {value!r}: "
                          f"{self._docs[key]}", SettingNotHonouredWarning, stacklevel=2)
        object.__setattr__(self, key, value)

    def __repr__(self):
        values = ", ".join(f"{k}={getattr(self, k)!r}" for k in self._defaults)
        return f"{type(self).__name__}({values})"

    def _leaves(self, prefix=""):
        """(path, value) of every leaf below this node"""
        for key in self._defaults:
            value = getattr(self, key)
            if isinstance(value, _Node):
                yield from value._leaves(prefix + key + ".")
            else:
                yield prefix + key, value


#: defaults that differ while Exudyn scripts run (coordyn.use_as_exudyn(), python -m
#: coordyn.exudyn): {path: value}, applied to every SimulationSettings created meanwhile
_SWITCHED_DEFAULTS: dict = {}


class SimulationSettings(_Node):
    """Root of the settings tree (Exudyn's names). Under coordyn.use_as_exudyn(), a new tree
    takes the defaults in coordyn.exudyn.EXUDYN_SETTING_DEFAULTS where coordyn's differ from
    Exudyn's or where Exudyn scripts rely on Exudyn's behaviour."""

    def __init__(self, _root=None):
        super().__init__(_root)
        for path, value in _SWITCHED_DEFAULTS.items():
            node, leaf = self._resolve(path)
            object.__setattr__(node, leaf, value)

    def _resolve(self, path):
        """(node, leaf name) of a dotted path below the root"""
        *groups, leaf = path.split(".")
        node = self
        for g in groups:
            node = object.__getattribute__(node, g)
        return node, leaf

    def _all(self) -> dict:
        """{path: value} of every setting: what a solve passes to the engine, which reads those
        with a C member and checks the numbers of all against their ranges."""
        return dict(self._leaves())

    def _flat(self) -> dict:
        """{path: value} of the settings the engine reads (those with a C member)."""
        return {path: value for path, value in self._leaves() if path in _ENGINE_PATHS}


def _class_name(path):
    last = path.rsplit(".", 1)[-1]
    name = last[0].upper() + last[1:]
    return name if name.endswith("Settings") else name + "Settings"


def _unique_class_name(path, classes, reserved):
    """Class name of a group: 'NewtonSettings', or with its parents' names when that is taken
    ('StaticSolverNewtonSettings'; Exudyn's 'solution' group next to 'solutionSettings', which
    keeps its name 'SolutionSettings': 'SolutionGroupSettings')."""
    taken = {c.__name__ for c in classes.values()}
    taken |= {name for owner, name in reserved.items() if owner != path}
    parts = [p[0].upper() + p[1:] for p in path.split(".")]
    base = _class_name(path)
    candidates = [base, "".join(parts[-2:-1]) + base, "".join(parts[:-1]) + base,
                  "".join(parts) + "GroupSettings"]
    for name in candidates:
        if name not in taken:
            return name
    raise RuntimeError(f"settings list: no class name for group '{path}'")


def _build_tree(table, root_class):
    """Fill root_class (and new node classes for the groups) from the settings list rows."""
    classes = {"": root_class}
    # groups named ...Settings (solutionSettings) keep that name as their class name
    reserved = {row["path"]: _class_name(row["path"]) for row in table
                if row["type"] == "group" and row["path"].endswith("Settings")}
    root_class._defaults, root_class._docs, root_class._types, root_class._aliases = {}, {}, {}, {}
    root_class._effects = {}
    for row in table:
        parent_path, _, name = row["path"].rpartition(".")
        parent = classes.get(parent_path)
        if parent is None:
            raise RuntimeError(f"settings list: '{row['path']}' comes before its group")
        parent._docs[name] = row["doc"]
        if row["type"] == "group":
            cls_name = _unique_class_name(row["path"], classes, reserved)
            cls = type(cls_name, (_Node,),
                       {"__doc__": row["doc"], "_defaults": {}, "_docs": {}, "_types": {},
                        "_aliases": {}, "_effects": {}, "__module__": root_class.__module__})
            classes[row["path"]] = cls
            parent._defaults[name] = cls
            continue
        parent._defaults[name] = _DEFAULT[row["type"]](row["default"])
        parent._types[name] = row["type"]
        parent._effects[name] = row["effect"]
        for alias in row["aliases"]:
            alias_parent, _, alias_name = alias.rpartition(".")
            if alias_parent not in classes:
                raise RuntimeError(f"settings list: alias '{alias}' of '{row['path']}' is not "
                                   f"in an existing group")
            classes[alias_parent]._aliases[alias_name] = row["path"]
    return classes


_TABLE = _core.settings_table()
_ENGINE_PATHS = frozenset(row["path"] for row in _TABLE if row["member"] is not None)
# the node classes are module attributes, so that settings can be pickled
globals().update({cls.__name__: cls for cls in _build_tree(_TABLE, SimulationSettings).values()})


def settings_tree(node=None, prefix=""):
    """(path, default, doc) of every leaf setting, for the docs."""
    node = node or SimulationSettings()
    rows = []
    for key, default in type(node)._defaults.items():
        value = getattr(node, key)
        if isinstance(value, _Node):
            rows += settings_tree(value, prefix + key + ".")
        else:
            rows.append((prefix + key, value, type(node)._docs.get(key, "")))
    return rows
