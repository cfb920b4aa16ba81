"""VisualizationSettings with every name of Exudyn's (SC.visualizationSettings.nodes.show, ...).

The names and defaults come from Exudyn (python/coordyn/_visualization_table.py). The viewer
(coordyn.viewer) uses those that matter for drawing: bodies/nodes/markers/connectors/loads
.show, .defaultSize and .defaultColor, connectors.springNumberOfWindings, loads.fixedLoadSize
and loads.loadSizeFactor, general.backgroundColor, openGL.initialModelRotation and
window.renderWindowSize. The others are kept (an Exudyn script may set them) and have no effect.
"""
from __future__ import annotations

import copy
import difflib

import numpy as np

from ._visualization_table import DEFAULTS

_GROUPS = {}
for _name in DEFAULTS:
    _parts = _name.split(".")
    for _i in range(len(_parts)):
        _GROUPS.setdefault(".".join(_parts[:_i]), set()).add(_parts[_i])


def _check(path, default, value):
    if isinstance(default, bool):      # Exudyn takes any integer (nonzero: True)
        if not isinstance(value, (bool, np.bool_, int, np.integer)):
            raise TypeError(f"VisualizationSettings: {path} must be True or False, got "
                            f"{value!r}")
        return bool(value)
    if isinstance(default, int):       # Exudyn takes True/False as 1/0
        try:
            ok = int(value) == value
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise TypeError(f"VisualizationSettings: {path} must be an integer, got {value!r}")
        return int(value)
    if isinstance(default, float):
        try:
            return float(value)
        except (TypeError, ValueError):
            raise TypeError(f"VisualizationSettings: {path} must be a number, got "
                            f"{value!r}") from None
    if isinstance(default, str):
        if "." in default and default.split(".")[0].endswith("Type"):
            return value             # an enum (OutputVariableType, ItemType)
        if not isinstance(value, str):
            raise TypeError(f"VisualizationSettings: {path} must be a string, got {value!r}")
        return value
    # a vector or matrix: the same shape, numbers
    try:
        arr = np.asarray(value, dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"VisualizationSettings: {path} must be numbers of shape "
                        f"{np.shape(default)}, got {value!r}") from None
    if default and arr.shape != np.shape(default):
        raise ValueError(f"VisualizationSettings: {path} must have shape {np.shape(default)}, "
                         f"got {arr.shape}")
    return arr.tolist()


class _Group:
    """One level of the settings tree (VisualizationSettings().nodes, ...)."""

    def __init__(self, path):
        object.__setattr__(self, "_path", path)
        for k in _GROUPS[path]:
            full = f"{path}.{k}" if path else k
            if full in DEFAULTS:
                object.__setattr__(self, k, copy.deepcopy(DEFAULTS[full]))
            else:
                object.__setattr__(self, k, _Group(full))

    def _unknown(self, key):
        names = sorted(_GROUPS[self._path])
        close = difflib.get_close_matches(key, names, n=1)
        where = self._path or "VisualizationSettings"
        hint = f"; did you mean '{close[0]}'?" if close else ""
        return AttributeError(f"VisualizationSettings: '{where}' has no setting '{key}'{hint}")

    def __getattr__(self, key):        # only called for names that do not exist
        raise self._unknown(key)

    def __setattr__(self, key, value):
        if key not in _GROUPS[self._path]:
            raise self._unknown(key)
        full = f"{self._path}.{key}" if self._path else key
        if full not in DEFAULTS:
            raise AttributeError(f"VisualizationSettings: '{full}' is a group of settings, "
                                 "set its members")
        object.__setattr__(self, key, _check(full, DEFAULTS[full], value))

    def GetDictionary(self):
        """The settings of this level as nested dicts."""
        return {k: (v.GetDictionary() if isinstance(v, _Group) else copy.deepcopy(v))
                for k, v in sorted(vars(self).items()) if not k.startswith("_")}

    def SetDictionary(self, d):
        """Set settings from nested dicts (as GetDictionary returns)."""
        for k, v in d.items():
            cur = getattr(self, k)
            if isinstance(cur, _Group):
                cur.SetDictionary(v)
            else:
                setattr(self, k, v)

    def __repr__(self):
        return f"<VisualizationSettings{'.' + self._path if self._path else ''}>"


class VisualizationSettings(_Group):
    """Exudyn's visualization settings tree (SC.visualizationSettings)."""

    def __init__(self):
        super().__init__("")
