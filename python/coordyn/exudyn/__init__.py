"""Run Exudyn scripts on coordyn: the ``exudyn`` module names resolve to coordyn's modules.

Two ways to switch::

    python -m coordyn.exudyn script.py [args]     # runs an unmodified Exudyn script

    import coordyn
    coordyn.use_as_exudyn()                       # from here on: import exudyn -> coordyn
    import exudyn as exu
    from exudyn.utilities import *
    coordyn.use_as_exudyn(False)                  # undo: exudyn is Exudyn again (if installed)

A finder on ``sys.meta_path`` answers every ``exudyn`` and ``exudyn.<name>`` import with the
module ``coordyn`` / ``coordyn.<name>``, before the path finders could find an installed Exudyn.
Exudyn modules that coordyn does not have (yet) import as stand-ins whose names raise
NotImplementedFeatureError saying so.
"""
from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types

from ._notyet import NotImplementedFeatureError

__all__ = ["use_as_exudyn", "exudyn_module_name", "EXUDYN_MODULES", "MODULE_TARGETS",
           "EXUDYN_SETTING_DEFAULTS", "PACKAGES"]

#: Exudyn 1.13.6's modules: coordyn's module of the same name, or why there is none
EXUDYN_MODULES = {
    "utilities": None, "itemInterface": None, "rigidBodyUtilities": None,
    "basicUtilities": None, "advancedUtilities": None, "beams": None, "graphics": None,
    "plot": None, "signalProcessing": None, "physics": None, "solver": None,
    "interactive": None,
    "processing": None,
    "robotics": None,
    "FEM": None,
    "artificialIntelligence": "the reinforcement-learning interface is not in coordyn",
    "demos": "Exudyn's demos are not in coordyn; see coordyn's examples/",
    "graphicsDataUtilities": None,
    "kinematicTree": "the Python kinematic-tree classes (KinematicTree33, KinematicTree66, "
                     "...) are not in coordyn; ObjectKinematicTree and mbs.CreateKinematicTree "
                     "are",
    "lieGroupBasics": None,
    "lieGroupIntegration": None,
    "machines": "the machines module (gears, ...) is not in coordyn",
    "particles": "the particle helpers (GeneralContact) are not in coordyn",
    "shells": "shell elements are not in coordyn",
    "symbolic": None,
    "misc": "Exudyn's internal helper package is not part of coordyn",
    "exudynCPP": None,
}


#: Exudyn packages whose submodules (exudyn.robotics.motion, ...) are coordyn's of the same name
PACKAGES = ("robotics",)

#: settings whose default differs while the switch is on, because Exudyn scripts rely on
#: Exudyn's behaviour. Exudyn does not check the initial state against the constraints (its
#: first step moves the coordinates and velocities onto them), coordyn stops by default; with
#: the switch it warns, naming the violated constraints, and goes on as Exudyn does
EXUDYN_SETTING_DEFAULTS = {"timeIntegration.initialConstraintWarning": True,
                           # Exudyn writes the solution file by default, coordyn does not
                           "solutionSettings.writeSolutionToFile": True,
                           # Exudyn's steps for Euler parameters, so that results agree
                           "timeIntegration.generalizedAlpha.projectEulerParameterVelocities":
                               False}


#: Exudyn modules whose coordyn counterpart lives in this package (not as coordyn.<name>)
MODULE_TARGETS = {"graphicsDataUtilities": "coordyn.exudyn.graphicsDataUtilities"}


def exudyn_module_name(fullname: str):
    """coordyn's module name for an exudyn module name, or None for a stand-in."""
    parts = fullname.split(".")
    if parts[0] != "exudyn":
        raise ValueError(f"'{fullname}' is not an exudyn module name")
    if len(parts) == 1 or parts[1:] == ["exudynCPP"]:
        return "coordyn"
    if EXUDYN_MODULES.get(parts[1], "") is None and len(parts) == 2:
        return MODULE_TARGETS.get(parts[1], "coordyn." + parts[1])
    if parts[1] in PACKAGES and len(parts) == 3:
        return "coordyn." + ".".join(parts[1:])
    return None


class _StandIn(types.ModuleType):
    """An Exudyn module coordyn lacks: importing works, using any name raises."""

    def __getattr__(self, name):
        if name.startswith("__") and name != "__all__":
            raise AttributeError(name)
        what = f"{self.__name__}.{name}" if name != "__all__" else self.__name__
        raise NotImplementedFeatureError(
            f"{what} is not available in coordyn: {self._coordyn_reason} "
            f"(docs: coming_from_exudyn)")


class _Loader(importlib.abc.Loader):
    """Gives the module found by _Finder (coordyn's module or a stand-in)."""

    def create_module(self, spec):
        return spec.loader_state

    def exec_module(self, module):
        pass


def _target_module(fullname):
    """coordyn's module for fullname, or a stand-in module saying why there is none."""
    target = exudyn_module_name(fullname)
    if target is not None:
        try:
            return importlib.import_module(target)
        except ModuleNotFoundError as err:
            if err.name != target:
                raise
    top = fullname.split(".")[1]
    reason = EXUDYN_MODULES.get(top) or f"coordyn has no module '{fullname[7:]}'"
    module = _StandIn(fullname, f"Stand-in for {fullname}: {reason}")
    module._coordyn_reason = reason
    return module


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname != "exudyn" and not fullname.startswith("exudyn."):
            return None
        module = _target_module(fullname)
        # a stand-in is a package, so that exudyn.robotics.motion imports as well
        is_package = isinstance(module, _StandIn) or hasattr(module, "__path__")
        spec = importlib.util.spec_from_loader(fullname, _LOADER, is_package=is_package)
        spec.loader_state = module
        return spec


_LOADER = _Loader()
_FINDER = _Finder()
_saved: dict = {}   # exudyn modules imported before the switch (restored on undo)


class _Switch:
    """What use_as_exudyn returns: also a context manager that undoes the switch on exit."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        use_as_exudyn(False)
        return False


def use_as_exudyn(active: bool = True) -> _Switch:
    """From now on ``import exudyn`` (and ``exudyn.utilities``, ``exudyn.graphics``, ...) gives
    coordyn's modules, also when Exudyn is installed or was imported before.
    ``use_as_exudyn(False)`` undoes it: the exudyn modules imported before come back. While
    it is active, SimulationSettings() takes the defaults of EXUDYN_SETTING_DEFAULTS (the
    solution file is written, violated initial constraints warn). The
    return value is a context manager that undoes the switch at the end of a ``with`` block."""
    from .. import settings as _settings
    if active:
        _settings._SWITCHED_DEFAULTS.update(EXUDYN_SETTING_DEFAULTS)
        if _FINDER not in sys.meta_path:
            for name in [n for n in sys.modules if n == "exudyn" or n.startswith("exudyn.")]:
                _saved[name] = sys.modules.pop(name)
            sys.meta_path.insert(0, _FINDER)
        return _Switch()
    for path in EXUDYN_SETTING_DEFAULTS:
        _settings._SWITCHED_DEFAULTS.pop(path, None)
    if _FINDER in sys.meta_path:
        sys.meta_path.remove(_FINDER)
    for name in [n for n in sys.modules if n == "exudyn" or n.startswith("exudyn.")]:
        del sys.modules[name]
    sys.modules.update(_saved)
    _saved.clear()
    return _Switch()
