"""Exudyn's basicUtilities under coordyn's name: constants, Gauss/Lobatto integration, file
and marker helpers (``from coordyn.basicUtilities import *`` brings Exudyn 1.13.6's names).

Functions that would open a window raise an error naming coordyn's viewer instead.
"""
from __future__ import annotations

import math
import os

import numpy as np

from .exudyn._notyet import NotImplementedFeatureError, missing_function
from .results.solution import LoadSolutionFile

__all__ = ["pi", "sqrt2", "g", "ClearWorkspace", "SmartRound2String", "Normalize",
           "gaussIntegrationPoints", "gaussIntegrationWeights", "GaussIntegrate",
           "lobattoIntegrationPoints", "lobattoIntegrationWeights", "LobattoIntegrate",
           "GetOtherMarker", "GetJointArgs", "ShowOnlyObjects", "HighlightItem",
           "UFsensorRecord", "AddSensorRecorder", "UIWindowSuppressed", "OutputFilePath",
           "CreateDirectoryForFile", "LoadSolutionFile", "NumpyInt8ArrayToString",
           "BinaryReadIndex", "BinaryReadReal", "BinaryReadString", "BinaryReadArrayIndex",
           "BinaryReadRealVector", "LoadBinarySolutionFile", "RecoverSolutionFile",
           "SetSolutionState", "AnimateSolution"]

pi = math.pi
sqrt2 = math.sqrt(2.0)
#: gravitational acceleration used by Exudyn's examples [m/s^2]
g = 9.81


def _gauss_rule(n):
    x, w = np.polynomial.legendre.leggauss(n)
    return [float(v) for v in x], [float(v) for v in w]


def _lobatto_rule(n):
    # interior nodes: roots of P'_{n-1}; weights 2/(n(n-1) P_{n-1}(x)^2)
    P = np.polynomial.legendre.Legendre.basis(n - 1)
    inner = np.sort(P.deriv().roots().real) if n > 2 else np.array([])
    x = np.concatenate(([-1.0], inner, [1.0]))
    w = 2.0 / (n * (n - 1) * P(x) ** 2)
    x[np.abs(x) < 1e-15] = 0.0
    return [float(v) for v in x], [float(v) for v in w]


#: Gauss points and weights on [-1, 1]; entry i integrates polynomials of order 2i+1 exactly
gaussIntegrationPoints = [[0]] + [_gauss_rule(n)[0] for n in range(2, 6)]
gaussIntegrationWeights = [[2]] + [_gauss_rule(n)[1] for n in range(2, 6)]
#: Lobatto points and weights on [-1, 1] with 2, 3 and 4 points (exact to orders 1, 3, 5)
lobattoIntegrationPoints = [_lobatto_rule(n)[0] for n in range(2, 5)]
lobattoIntegrationWeights = [_lobatto_rule(n)[1] for n in range(2, 5)]


def _integrate(name, points, weights, functionOfX, integrationOrder, a, b, maxOrder):
    if integrationOrder > maxOrder:
        raise ValueError(f"{name}: maximum implemented integration order is {maxOrder}")
    if integrationOrder < 1 or integrationOrder % 2 != 1:
        raise ValueError(f"{name}: integration order must be odd (1, 3, 5, ...) and > 0, "
                         f"got {integrationOrder}")
    k = integrationOrder // 2
    value = 0 * functionOfX(0)
    for p, w in zip(points[k], weights[k]):
        value += 0.5 * (b - a) * w * functionOfX(0.5 * (b - a) * p + 0.5 * (b + a))
    return value


def GaussIntegrate(functionOfX, integrationOrder, a, b):
    """Integral of functionOfX over [a, b], exact for polynomials up to integrationOrder (odd,
    at most 9)."""
    return _integrate("GaussIntegrate", gaussIntegrationPoints, gaussIntegrationWeights,
                      functionOfX, integrationOrder, a, b, 9)


def LobattoIntegrate(functionOfX, integrationOrder, a, b):
    """Integral of functionOfX over [a, b] with Lobatto points (end points included), exact for
    polynomials up to integrationOrder (odd, at most 5)."""
    if integrationOrder > 5:
        raise ValueError("LobattoIntegrate: maximum implemented integration order is 5")
    k = integrationOrder // 2
    if integrationOrder < 1 or integrationOrder % 2 != 1:
        raise ValueError(f"LobattoIntegrate: integration order must be odd (1, 3, 5) and > 0, "
                         f"got {integrationOrder}")
    value = 0 * functionOfX(0)
    for p, w in zip(lobattoIntegrationPoints[k], lobattoIntegrationWeights[k]):
        value += 0.5 * (b - a) * w * functionOfX(0.5 * (b - a) * p + 0.5 * (b + a))
    return value


def ClearWorkspace():
    """Delete the caller's global variables (not modules, functions or _private names) and
    empty exu.sys / exu.variables; close matplotlib figures."""
    import inspect
    import sys
    caller = inspect.stack()[1][0].f_globals
    for name in list(caller):
        value = caller[name]
        if name.startswith("_") or callable(value) or inspect.ismodule(value):
            continue
        del caller[name]
    from .exudyn import _api
    for key in [k for k in _api.sys if k != "renderState"]:
        del _api.sys[key]
    _api.variables.clear()
    if "matplotlib.pyplot" in sys.modules:
        sys.modules["matplotlib.pyplot"].close("all")


def SmartRound2String(x, prec=3):
    """x with prec significant digits as a short string ('1.23', '1e+05', '2.')."""
    text = f"{x:.{prec}g}"
    if abs(x) > 1 and x != int(x) and "." not in text and "e" not in text:
        text += "."
    if x == int(x) and len(text) > len(str(x)):
        text = str(x)
    return text


def Normalize(v):
    """v divided by its length, as a list (v unchanged if its length is 0)."""
    v = np.array(v, dtype=float)
    norm = np.linalg.norm(v)
    return (v / norm if norm != 0 else v).tolist()


def _reference_frames(mbs, body, marker):
    """The reference position and rotation of body's frame and the reference position of
    marker, assembling the system first if needed (Exudyn reads reference values before
    Assemble; coordyn evaluates them on an assembled system)."""
    from .items import ConfigurationType, OutputVariableType
    from .system import SolverError
    ref = ConfigurationType.Reference
    try:
        mbs.GetMarkerOutput(marker, OutputVariableType.Position, configuration=ref)
    except SolverError:
        mbs.Assemble()
    p_body = np.asarray(mbs.GetObjectOutputBody(body, OutputVariableType.Position,
                                                localPosition=[0, 0, 0], configuration=ref))
    A_body = np.asarray(mbs.GetObjectOutputBody(body, OutputVariableType.RotationMatrix,
                                                localPosition=[0, 0, 0],
                                                configuration=ref)).reshape(3, 3)
    p_marker = np.asarray(mbs.GetMarkerOutput(marker, OutputVariableType.Position,
                                              configuration=ref))
    return p_body, A_body, p_marker


def GetOtherMarker(mbs, bodyNumber, existingMarker, show=True):
    """A MarkerBodyRigid on bodyNumber at the reference position of existingMarker (assembles
    the system first if needed: coordyn evaluates reference positions on an assembled
    system)."""
    from .items import MarkerBodyRigid
    p_body, A, p_marker = _reference_frames(mbs, bodyNumber, existingMarker)
    return mbs.AddMarker(MarkerBodyRigid(bodyNumber=bodyNumber,
                                         localPosition=A.T @ (p_marker - p_body)))


def _marker_rotation(mbs, marker, configuration):
    """The rotation matrix of a rigid marker's frame: the marker's output where it gives one,
    else its body's or node's (coordyn's rigid markers have no local rotation)."""
    from .items import OutputVariableType
    rm = OutputVariableType.RotationMatrix
    try:
        return np.asarray(mbs.GetMarkerOutput(marker, rm, configuration=configuration),
                          dtype=float).reshape(3, 3)
    except ValueError:
        pass
    m = mbs.GetMarker(marker)
    if "bodyNumber" in m:
        A = mbs.GetObjectOutputBody(m["bodyNumber"], rm, localPosition=[0, 0, 0],
                                    configuration=configuration)
    elif "nodeNumber" in m:
        A = mbs.GetNodeOutput(m["nodeNumber"], rm, configuration=configuration)
    else:
        raise ValueError(f"GetJointArgs: marker {int(marker)} ({m.get('markerType')}) has no "
                         f"frame: give a rigid-body or rigid-node marker")
    return np.asarray(A, dtype=float).reshape(3, 3)


def _marker_with_rotation(mbs, marker, rotation):
    """(marker, remaining rotation): a marker whose frame is marker's turned by rotation. The
    marker itself and the identity for no rotation; for a rigid marker (it has localHT) a new
    copy with localHT * rotation and the identity; else the marker and the rotation, which then
    goes to the joint's rotationMarker0/1 (as Exudyn 1.13.6)."""
    from .ht import HT
    from .items import item_class
    rotation = np.asarray(rotation, dtype=float)
    if np.linalg.norm(rotation - np.eye(3)) == 0:
        return marker, np.eye(3)
    data = dict(mbs.GetMarker(marker))
    if "localHT" not in data:
        return marker, rotation
    H = np.asarray(data["localHT"], dtype=float)
    if H.size == 0:                     # not given: the frame at localPosition
        H = np.eye(4)
        H[0:3, 3] = data.get("localPosition", [0, 0, 0])
    cls = item_class(data.pop("itemType", None) or "Marker" + data.get("markerType", ""))
    keep = {f["name"] for f in cls._fields} - {"name", "localPosition"}
    params = {k: v for k, v in data.items() if k in keep}
    params["localHT"] = (HT(H) * HT(rotation=rotation)).HT44()
    return mbs.AddMarker(cls(**params)), np.eye(3)


def GetJointArgs(mbs, markerNumber0=None, markerNumber1=None, rotationMarker0=None,
                 rotationMarker1=None, bodyNumber0=None, bodyNumber1=None):
    """Joint arguments from an existing marker and a body, as Exudyn 1.13: a new MarkerBodyRigid
    on the body whose localHT is the existing marker's reference frame (turned by the given
    rotation) seen from the body. Give markerNumber0 [, rotationMarker0] and bodyNumber1, or
    markerNumber1 [, rotationMarker1] and bodyNumber0. With a rotation, a rigid existing marker
    is replaced by a copy turned by it (localHT); for other markers the rotation stays in the
    joint's rotationMarker0/1. Returns {'markerNumbers'[, 'rotationMarker0/1']} for
    ``RevoluteJointZ(**args)`` and the other joints.
    """
    from .ht import HT
    from .items import ConfigurationType, MarkerBodyRigid
    if markerNumber0 is not None:
        if markerNumber1 is not None:
            raise ValueError("GetJointArgs: markerNumber1 must be None when markerNumber0 is "
                             "given")
        if bodyNumber1 is None:
            raise ValueError("GetJointArgs: bodyNumber1 must be given with markerNumber0")
        existing, body, rot_given = markerNumber0, bodyNumber1, rotationMarker0
    else:
        if markerNumber1 is None:
            raise ValueError("GetJointArgs: give markerNumber0 (with bodyNumber1) or "
                             "markerNumber1 (with bodyNumber0)")
        if bodyNumber0 is None:
            raise ValueError("GetJointArgs: bodyNumber0 must be given with markerNumber1")
        existing, body, rot_given = markerNumber1, bodyNumber0, rotationMarker1
    rot = np.eye(3) if rot_given is None else np.asarray(rot_given, dtype=float)
    if rot.shape != (3, 3):
        raise ValueError(f"GetJointArgs: rotationMarker{0 if markerNumber0 is not None else 1} "
                         f"must be a 3 x 3 rotation matrix, got shape {rot.shape}")
    p_body, A_body, p_marker = _reference_frames(mbs, body, existing)
    A_marker = _marker_rotation(mbs, existing, ConfigurationType.Reference)
    local = HT(rotation=A_body.T @ A_marker @ rot, translation=A_body.T @ (p_marker - p_body))
    new = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localHT=local))
    turned, remaining = _marker_with_rotation(mbs, existing, rot)
    if markerNumber0 is not None:
        args = {"markerNumbers": [turned, new]}
    else:
        args = {"markerNumbers": [new, turned]}
    if np.linalg.norm(remaining - np.eye(3)) != 0:
        args["rotationMarker0" if markerNumber0 is not None else "rotationMarker1"] = remaining
    return args


def ShowOnlyObjects(mbs, objectNumbers=[], showOthers=False):
    """Set Vshow of the objects in objectNumbers to not showOthers, of all others to
    showOthers (an empty list means every object)."""
    chosen = objectNumbers if isinstance(objectNumbers, list) else [objectNumbers]
    chosen = [int(i) for i in chosen]
    count = getattr(mbs.systemData, "NumberOfObjects", None) or mbs.NumberOfObjects
    for i in range(count()):
        flag = (not showOthers) if (not chosen or i in chosen) else showOthers
        if "Vshow" in mbs.GetObject(i):
            mbs.SetObjectParameter(i, "Vshow", flag)


HighlightItem = missing_function(
    "HighlightItem", "basicUtilities", "it highlights an item in Exudyn's render window",
    "coordyn.viewer.show(mbs) and the item's visualization color")


def UFsensorRecord(mbs, t, sensorNumbers, factors, configuration):
    """Sensor user function of AddSensorRecorder: store t and the sensor's values in
    mbs.variables['sensorRecord<n>']."""
    i = sensorNumbers[0]
    val = np.atleast_1d(np.asarray(mbs.GetSensorValues(i, configuration=configuration),
                                   dtype=float))
    row = int((t + 1e-9) / factors[0])
    rec = mbs.variables["sensorRecord" + str(i)]
    if 0 <= row < len(rec):
        rec[row, 0] = t
        rec[row, 1:] = val
    return val


AddSensorRecorder = missing_function(
    "AddSensorRecorder", "basicUtilities", "deprecated in Exudyn 1.11 and not in coordyn",
    "a sensor with storeInternal=True and mbs.GetSensorStoredData(sensor)")


def UIWindowSuppressed(kind, callerInfo=""):
    """True: coordyn opens no window of this kind (never: coordyn has no native windows, so
    the functions that open one raise instead)."""
    return False


def OutputFilePath(fileName, callerInfo=""):
    """fileName below exu.config.outputDirectory (unchanged if that is empty)."""
    from .exudyn._api import config
    folder = config.outputDirectory
    if folder == "" or fileName == "":
        return fileName
    if fileName[0] in "/\\" or (len(fileName) > 1 and fileName[1] == ":"):
        where = callerInfo + ": " if callerInfo else ""
        raise ValueError(f"{where}the file name '{fileName}' is an absolute path while "
                         f"exudyn.config.outputDirectory is '{folder}'")
    return folder + fileName if folder[-1] in "/\\" else folder + "/" + fileName


def CreateDirectoryForFile(fileName):
    """Create the folder of fileName if needed; returns fileName."""
    folder = os.path.dirname(fileName)
    if folder:
        os.makedirs(folder, exist_ok=True)
    return fileName


def NumpyInt8ArrayToString(npArray):
    """The characters of an int8 array as a str."""
    return "".join(chr(int(x)) for x in npArray)


def BinaryReadIndex(file, intType):
    """[one integer of type intType from file, end of file reached]"""
    data = np.fromfile(file, dtype=intType, count=1)
    return [data[0], False] if data.size == 1 else [0, True]


def BinaryReadReal(file, realType):
    """[one real of type realType from file, end of file reached]"""
    data = np.fromfile(file, dtype=realType, count=1)
    return [data[0], False] if data.size == 1 else [0, True]


def BinaryReadString(file, intType):
    """[a string stored as length (intType) and bytes, False]"""
    n = np.fromfile(file, dtype=intType, count=1)[0]
    return [NumpyInt8ArrayToString(np.fromfile(file, dtype=np.byte, count=n)), False]


def BinaryReadArrayIndex(file, intType):
    """[an integer array stored as length and values (intType), False]"""
    n = np.fromfile(file, dtype=intType, count=1)[0]
    return [np.fromfile(file, dtype=intType, count=n), False]


def BinaryReadRealVector(file, intType, realType):
    """[a real vector stored as length (intType) and values (realType), end of file]"""
    size = np.fromfile(file, dtype=intType, count=1)
    if size.size != 1:
        return [[], True]
    data = np.fromfile(file, dtype=realType, count=size[0])
    return [data, False] if data.size == size[0] else [[], True]


def LoadBinarySolutionFile(fileName, maxRows=-1, verbose=True):
    """A binary solution file (solutionSettings.binarySolutionFile) as LoadSolutionFile's dict
    (LoadSolutionFile reads both formats)."""
    return LoadSolutionFile(fileName, maxRows=maxRows, verbose=verbose)


def RecoverSolutionFile(fileName, newFileName, verbose=0):
    """Copy the complete rows of a text solution file that ends in an incomplete row."""
    with open(fileName) as f:
        lines = f.readlines()
    width = None
    out = []
    for line in lines:
        if line.startswith("#") or not line.strip():
            out.append(line)
            continue
        n = len(line.split(","))
        width = width or n
        if n == width and line.endswith("\n"):
            out.append(line)
    with open(newFileName, "w") as f:
        f.writelines(out)
    if verbose:
        print(f"RecoverSolutionFile: {len(out)} of {len(lines)} lines kept")


def SetSolutionState(mbs, solution, row, configuration=None, sendRedrawSignal=True):
    """Set the system's coordinates (Current unless configuration says otherwise) from row of
    a solution (LoadSolutionFile's dict), in the order of its columnsExported."""
    from .items import ConfigurationType
    conf = ConfigurationType.Current if configuration is None else configuration
    data = np.asarray(solution["data"])
    if not 0 <= row < len(data):
        raise IndexError(f"SetSolutionState: row {row} is not in the solution "
                         f"({len(data)} rows)")
    sd = mbs.systemData
    setters = ["SetODE2Coordinates", "SetODE2Coordinates_t", "SetODE2Coordinates_tt",
               "SetODE1Coordinates", "SetODE1Coordinates_t", "SetAECoordinates",
               "SetDataCoordinates"]
    k = 1
    for name, n in zip(setters, solution["columnsExported"]):
        if n:
            setter = getattr(sd, name, None)
            if setter is None:
                raise NotImplementedFeatureError(f"SetSolutionState: coordyn's SystemData has "
                                                 f"no {name}")
            setter(data[row, k:k + n], configuration=conf)
            k += n


def AnimateSolution(mbs, solution, rowIncrement=1, timeout=0.04, createImages=False,
                    runLoop=False):
    """Exudyn animates the solution in its render window; coordyn shows it in its viewer
    (coordyn.viewer.solution_viewer: a widget in a notebook, else an HTML page)."""
    if createImages:
        raise NotImplementedFeatureError(
            "basicUtilities.AnimateSolution(createImages=True) is not available in coordyn: "
            "use coordyn.viewer.show(mbs, solution) and the viewer's video export")
    from .viewer import solution_viewer
    return solution_viewer(mbs, solution, rowIncrement=rowIncrement, timeout=timeout)


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from ._libmisc import Deprecated  # noqa: E402,F401
from .items import MarkerBodyRigid, SensorUserFunction, VMarkerBodyRigid  # noqa: E402,F401
