"""Exudyn's top-level functions, exceptions, enums and dictionaries (``exu.Print``, ``exu.sys``,
``exu.ItemType``, ...), exposed by ``import coordyn`` so that ``import exudyn as exu`` mapped to
coordyn finds them.
"""
from __future__ import annotations

import builtins
import enum
import os
import platform
import sys as _pysys
import warnings

from .. import _core
from ._names import ENUMS, EXUDYN_VERSION
from ._notyet import NotImplementedFeatureError

__all__ = [
    "ExudynError", "ExudynArithmeticError", "ExudynIndexError", "ExudynTypeError",
    "ExudynValueError", "InternalError", "ModelError", "NotImplementedFeatureError",
    "Print", "SetWriteToConsole", "SetWriteToFile", "SetOutputPrecision",
    "SetPrintDelayMilliSeconds", "SetLinalgOutputFormatPython", "SuppressWarnings",
    "GetVersionString", "RequireVersion", "InfoStat", "Help",
    "ItemType", "JointType", "ObjectType", "MarkerType", "InspectType", "AccessFunctionType",
    "ComputeItemType", "NodeGroup", "CrossSectionType", "ContactTypeIndex", "KeyCode",
    "EXUDYN_API_VERSION", "Config",
]

#: the Exudyn release whose Python API coordyn follows (RequireVersion compares with it)
EXUDYN_API_VERSION = EXUDYN_VERSION

# ---------------------------------------------------------------- exceptions (Exudyn's names)
ExudynError = _core.ExudynError


class ExudynArithmeticError(ExudynError, ArithmeticError):
    """Arithmetic failure in the engine (Exudyn's name)."""


class ExudynIndexError(ExudynError, IndexError):
    """An item or coordinate index out of range (Exudyn's name)."""


class ExudynTypeError(ExudynError, TypeError):
    """An argument of the wrong type (Exudyn's name)."""


class ExudynValueError(ExudynError, ValueError):
    """An argument with an invalid value (Exudyn's name)."""


class InternalError(ExudynError, RuntimeError):
    """An inconsistency inside coordyn (please report it)."""


class ModelError(ExudynError, ValueError):
    """An inconsistent model (Exudyn's name)."""


# ---------------------------------------------------------------- enums built from Exudyn's list
def _enum(name, doc):
    cls = enum.IntEnum(name, ENUMS[name], module="coordyn")
    cls.__doc__ = doc
    # str() gives 'JointType.RevoluteZ' as Exudyn's enums do (an IntEnum would give '3')
    cls.__str__ = enum.Enum.__str__
    cls.__format__ = lambda self, spec: format(str(self), spec)
    return cls


ItemType = _enum("ItemType", "Kind of a system item (Node, Object, Marker, Load, Sensor).")
JointType = _enum("JointType", "Joint of a kinematic-tree link (RevoluteX ... PrismaticZ).")
ObjectType = _enum("ObjectType", "Object type flags (Ground, Constraint, Connector, Body).")
MarkerType = _enum("MarkerType", "Marker type flags (Position, Orientation, Coordinate, ...).")
InspectType = _enum("InspectType", "What mbs.Inspect reports (Exudyn's names).")
AccessFunctionType = _enum("AccessFunctionType", "Marker access functions (Exudyn's names).")
ComputeItemType = _enum("ComputeItemType", "What mbs.ComputeItem evaluates (Exudyn's names).")
NodeGroup = _enum("NodeGroup", "Coordinate groups of a node (ODE2, ODE1, AE, Data).")
CrossSectionType = _enum("CrossSectionType", "Beam cross-section geometry (Polygon, Circular).")
ContactTypeIndex = _enum("ContactTypeIndex", "Kinds of GeneralContact items (Exudyn's names).")
KeyCode = _enum("KeyCode", "Special keys of a renderer key-press user function.")


# ---------------------------------------------------------------- output configuration
class Config:
    """Exudyn's ``exu.config``: where exu.Print writes and with which precision."""

    _fields = {"linalgOutputFormatPython": 1, "outputDirectory": "", "outputPrecision": 6,
               "printDelayMilliSeconds": 0, "printFileName": "", "printFlushAlways": False,
               "printToConsole": True, "printToFile": False, "printToFileAppend": False,
               "suppressWarnings": 0}

    def __init__(self):
        for key, value in self._fields.items():
            object.__setattr__(self, key, value)
        object.__setattr__(self, "_file", None)

    def __setattr__(self, key, value):
        if key not in self._fields:
            raise AttributeError(f"exudyn.config has no field '{key}'; fields: "
                                 f"{', '.join(self._fields)}")
        object.__setattr__(self, key, value)

    def Version(self, addDetails: bool = False) -> str:
        """The Exudyn API version coordyn provides (1.13.6); with addDetails as
        GetVersionString(True)."""
        return GetVersionString(addDetails)

    def GetDictionary(self) -> dict:
        return {key: getattr(self, key) for key in self._fields}

    def SetDictionary(self, d: dict) -> None:
        for key, value in d.items():
            setattr(self, key, value)

    def GetDefaults(self) -> dict:
        return dict(self._fields)

    def __repr__(self):
        return "\n".join(f"  {k} = {getattr(self, k)!r}" for k in self._fields)


config = Config()
#: Exudyn's dictionary of global data (scripts and helpers store values there)
sys: dict = {}
#: Exudyn's dictionary of user variables
variables: dict = {}


def _close_file():
    if config._file is not None:
        config._file.close()
        object.__setattr__(config, "_file", None)


def Print(*args, **kwargs) -> None:
    """print() through Exudyn's channel: to the console unless SetWriteToConsole(False), and to
    the file of SetWriteToFile; takes print's sep, end and flush."""
    unknown = set(kwargs) - {"sep", "end", "flush"}
    if unknown:
        raise TypeError(f"Print: unknown keyword argument(s) {sorted(unknown)}; "
                        f"allowed: sep, end, flush")
    if config.printToConsole:
        builtins.print(*args, **kwargs)
    if config.printToFile and config._file is not None:
        builtins.print(*args, file=config._file, sep=kwargs.get("sep", " "),
                       end=kwargs.get("end", "\n"))
        if config.printFlushAlways or kwargs.get("flush"):
            config._file.flush()


def SetWriteToConsole(flag: bool) -> None:
    """True: exu.Print writes to the console (default); False: it does not."""
    config.printToConsole = bool(flag)


def SetWriteToFile(filename: str, flagWriteToFile: bool = True, flagAppend: bool = False,
                   flagFlushAlways: bool = False) -> None:
    """exu.Print also writes to filename (relative to config.outputDirectory); 
    SetWriteToFile('', False) closes the file."""
    _close_file()
    config.printToFile = bool(flagWriteToFile)
    config.printFileName = filename
    config.printToFileAppend = bool(flagAppend)
    config.printFlushAlways = bool(flagFlushAlways)
    if flagWriteToFile and filename:
        if config.outputDirectory and os.path.isabs(filename):
            raise ExudynValueError(f"SetWriteToFile: absolute filename '{filename}' together "
                                   f"with config.outputDirectory '{config.outputDirectory}'")
        path = os.path.join(config.outputDirectory, filename)
        object.__setattr__(config, "_file", open(path, "a" if flagAppend else "w"))


def SetOutputPrecision(numberOfDigits: int) -> None:
    """Digits of the numbers the engine prints (config.outputPrecision)."""
    config.outputPrecision = int(numberOfDigits)


def SetPrintDelayMilliSeconds(delayMilliSeconds: int) -> None:
    """Stored in config.printDelayMilliSeconds; coordyn adds no delay."""
    config.printDelayMilliSeconds = int(delayMilliSeconds)


def SetLinalgOutputFormatPython(flagPythonFormat: bool) -> None:
    """Stored in config.linalgOutputFormatPython; coordyn returns NumPy arrays."""
    config.linalgOutputFormatPython = int(bool(flagPythonFormat))


_shown_before_suppress = None   # warnings.showwarning while SuppressWarnings(True) is on


def _coordyn_in_stack(frame):
    while frame is not None:
        name = frame.f_globals.get("__name__", "")
        if (name == "coordyn" or name.startswith("coordyn.")) and name != __name__:
            return True
        frame = frame.f_back
    return False


def _quiet_showwarning(message, category, filename, lineno, file=None, line=None):
    """showwarning that drops the warnings issued by coordyn's code (found on the call stack:
    coordyn's warnings point at the user's line with stacklevel, so their module is not
    coordyn's)."""
    if _coordyn_in_stack(_pysys._getframe(1)):
        return
    _shown_before_suppress(message, category, filename, lineno, file, line)


def SuppressWarnings(flag: bool) -> None:
    """True: warnings issued by coordyn are not shown (others are); False: shown again."""
    global _shown_before_suppress
    config.suppressWarnings = int(bool(flag))
    if flag and _shown_before_suppress is None:
        _shown_before_suppress = warnings.showwarning
        warnings.showwarning = _quiet_showwarning
    elif not flag and _shown_before_suppress is not None:
        if warnings.showwarning is _quiet_showwarning:
            warnings.showwarning = _shown_before_suppress
        _shown_before_suppress = None


def GetVersionString(addDetails: bool = False) -> str:
    """The Exudyn API version coordyn provides ('1.13.6'); with addDetails also Python, the
    platform and coordyn's own version."""
    from .. import __version__
    if not addDetails:
        return EXUDYN_API_VERSION
    py = ".".join(str(v) for v in _pysys.version_info[:3])
    return (f"{EXUDYN_API_VERSION}; Python{py}; {platform.system()} {platform.machine()} "
            f"FLOAT64; coordyn {__version__}")


def _version_tuple(text):
    try:
        return tuple(int(part) for part in text.split(".")[:3])
    except ValueError:
        raise ValueError(f"RequireVersion: '{text}' is not a version like '1.10.0'") from None


def RequireVersion(requiredVersionString: str) -> None:
    """Raise RuntimeError if the Exudyn API coordyn provides (1.13.6) is older than required."""
    if _version_tuple(EXUDYN_API_VERSION) < _version_tuple(requiredVersionString):
        raise RuntimeError(f"EXUDYN version {requiredVersionString} required, but coordyn "
                           f"provides the API of Exudyn {EXUDYN_API_VERSION}")


def InfoStat(writeOutput: bool = True) -> list:
    """Exudyn's allocation counters [array new, array delete, vector new, vector delete, matrix
    new, matrix delete, linked data]; coordyn allocates nothing during a solve and counts no
    linear-algebra objects, so all seven are 0."""
    stats = [0] * 7
    if writeOutput:
        Print("Linalg stats: coordyn counts no linear-algebra allocations (all 0)")
    return stats


def Help() -> None:
    """Where to read about coordyn."""
    Print("coordyn: a multibody engine with Exudyn's Python API; see the docs, page "
          "'Coming from Exudyn', and help(coordyn)")
