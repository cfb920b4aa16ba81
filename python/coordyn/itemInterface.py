"""Exudyn's itemInterface under coordyn's name: the item classes (NodePoint, ObjectMassPoint,
MassPoint, ...), their V* visualization classes, the user-function Protocol types and the
small helpers (``from coordyn.itemInterface import *`` brings Exudyn 1.13.6's names).

The classes are coordyn.items'. Item types coordyn does not have (yet) are stand-ins that raise
NotImplementedFeatureError when constructed; the list grows as coordyn gains items, because
every name is looked up in coordyn.items first.
"""
from __future__ import annotations

import copy
from typing import Any, Protocol

import numpy as np

from . import items as _items
from .exudyn._names import ITEM_ALIASES, MODULE_ALL, USER_FUNCTION_ARGS
from .exudyn._notyet import missing_class

__all__ = list(MODULE_ALL["itemInterface"])

_HELPERS = {"CheckForValidNumpyArray", "CheckForValidPInt", "CheckForValidPReal",
            "CheckForValidUInt", "CheckForValidUReal", "CopyDictLevel1", "IIDiagMatrix",
            "IsValidNumber"}

def IsValidNumber(x):
    """float or integer (NumPy ones included)"""
    return isinstance(x, (float, int, np.floating, np.integer))


def CheckForValidNumpyArray(value):
    """value itself if it is a number, else np.array(value)"""
    return value if IsValidNumber(value) else np.array(value)


def _check(value, parameterName, objectName, ok, kind, rule):
    if not ok:
        raise ValueError(f"Error in {objectName}: ({kind}) parameter {parameterName} {rule}, "
                         f"but received {value}")
    return value


def CheckForValidPInt(value, parameterName, objectName):
    return _check(value, parameterName, objectName, value > 0, "int", "must be positive (> 0)")


def CheckForValidPReal(value, parameterName, objectName):
    return _check(value, parameterName, objectName, value > 0, "float",
                  "must be positive (> 0)")


def CheckForValidUInt(value, parameterName, objectName):
    return _check(value, parameterName, objectName, value >= 0, "int", "may not be negative")


def CheckForValidUReal(value, parameterName, objectName):
    return _check(value, parameterName, objectName, value >= 0, "float",
                  "may not be negative")


def CopyDictLevel1(originalDict):
    """A dict with shallow copies of its values (anything else is returned unchanged)."""
    if not isinstance(originalDict, dict):
        return originalDict
    return {key: copy.copy(value) for key, value in originalDict.items()}


def IIDiagMatrix(rowsColumns, value):
    """A rowsColumns x rowsColumns list of lists with value on the diagonal."""
    return [[value if i == j else 0 for j in range(rowsColumns)] for i in range(rowsColumns)]


def _is_protocol_name(name):
    return (name.endswith("UserFunction") or name.endswith("UserFunction_t")) and \
        name != "SensorUserFunction"


def _protocol(name):
    """A typing.Protocol for a user-function type (for type hints, as Exudyn's)."""
    item = name[:name.index("UserFunction")]
    doc = (f"Type of a user function of {item} (Exudyn's Protocol {name}); the arguments are "
           f"Exudyn's, see the item's documentation.")
    return type(name, (Protocol,), {"__call__": lambda self, *args: Any, "__doc__": doc,
                                    "__module__": __name__})


#: Exudyn's table of the user functions' argument types: 'Item,parameter' -> [types, names,
#: return types]
userFunctionArgsDict = copy.deepcopy(USER_FUNCTION_ARGS)


def _lookup(name):
    if name == "userFunctionArgsDict":
        return userFunctionArgsDict
    if name in _HELPERS:
        return globals()[name]
    if _is_protocol_name(name):
        return _protocol(name)
    target = ITEM_ALIASES.get(name, name)   # Exudyn's short names: MassPoint, RigidEP, ...
    if hasattr(_items, target):
        return getattr(_items, target)
    return missing_class(name, "itemInterface",
                         f"the item type {target} is not in coordyn yet (the docs page "
                         f"'Coming from Exudyn' lists the item types coordyn lacks)")


globals().update({name: _lookup(name) for name in __all__ if name not in _HELPERS})


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from typing import Union  # noqa: E402,F401
