"""Exudyn's advancedUtilities under coordyn's name: type checks, sweeps and smooth steps,
sparse-matrix conversion, TCP/IP exchange, energies and numerical Jacobians
(``from coordyn.advancedUtilities import *`` brings Exudyn 1.13.6's names).
"""
from __future__ import annotations

import enum
import math
import socket
import struct
import time
from dataclasses import dataclass

import numpy as np

from .exudyn._notyet import NotImplementedFeatureError, missing_function

__all__ = ["PlotLineCode", "specialExudynTypes", "FindObjectIndex", "FindNodeIndex",
           "IsListOrArray", "ExpectedType", "RaiseTypeError", "IsNone", "IsNotNone",
           "IsValidBool", "IsValidRealInt", "IsValidInt", "IsValidPRealInt", "IsValidURealInt",
           "IsReal", "IsInteger", "IsVector", "IsIntVector", "IsSquareMatrix",
           "IsValidObjectIndex", "IsValidNodeIndex", "IsValidMarkerIndex", "IsEmptyList",
           "FillInSubMatrix", "SweepSin", "SweepCos", "FrequencySweep", "SmoothStep",
           "SmoothStepDerivative", "IndexFromValue", "RoundMatrix", "ConvertScipySparseToDict",
           "ConvertDictToScipySparse", "SaveDictToHDF5", "LoadDictFromHDF5",
           "ConvertFunctionToSymbolic", "CreateSymbolicUserFunction", "TCPIPdata",
           "CreateTCPIPconnection", "TCPIPsendReceive", "CloseTCPIPconnection",
           "LoadPotentialEnergy", "CreateLoadEnergySensor", "SystemEnergy",
           "ItemODE2Coordinates", "NumericalJacobian"]


def _index_types():
    from .system import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
    return ObjectIndex, NodeIndex, LoadIndex, MarkerIndex, SensorIndex


def _special_types():
    from . import items, settings
    from .exudyn import _api
    from .rigid import NodeType
    return (_index_types() + (items.OutputVariableType, items.ConfigurationType, _api.ItemType,
                              NodeType, _api.JointType, settings.LinearSolverType,
                              _api.CrossSectionType, _api.ContactTypeIndex))


#: coordyn's index and enum types (Exudyn's specialExudynTypes)
specialExudynTypes = _special_types()

_LINE_CODES = [c + s for s in ("-", ":", "--", "-.") for c in "rgbkcmy"]


def PlotLineCode(index):
    """Matplotlib line code number index ('r-', 'g-', ...; 'k:' beyond the list)."""
    return _LINE_CODES[index] if index < len(_LINE_CODES) else "k:"


def _find_index(kind, i, globalVariables):
    from .exudyn._api import Print
    found = False
    for name, value in globalVariables.items():
        if type(value) is kind and int(value) == int(i):
            Print(f"variable '{name}' links to {kind.__name__[:-5].lower()} {i}")
            found = True
    if not found:
        Print("no according variable found")


def FindObjectIndex(i, globalVariables):
    """Print the names of the variables in globalVariables that hold ObjectIndex i."""
    _find_index(_index_types()[0], i, globalVariables)


def FindNodeIndex(i, globalVariables):
    """Print the names of the variables in globalVariables that hold NodeIndex i."""
    _find_index(_index_types()[1], i, globalVariables)


def IsListOrArray(data, checkIfNoneEmpty=False):
    """True for a list or NumPy array (non-empty if checkIfNoneEmpty)."""
    if isinstance(data, (list, np.ndarray)):
        return not (checkIfNoneEmpty and len(data) == 0)
    return False


class ExpectedType(enum.Enum):
    """Argument kinds named by RaiseTypeError (Exudyn's values: flags Positive=1, Unsigned=2
    combined with the base kinds)."""
    _None = 0
    Positive = 1
    Unsigned = 2
    Bool = 4
    Int = 8
    PInt = 9
    UInt = 10
    Real = 16
    PReal = 17
    UReal = 18
    Vector = 32
    IntVector = 40
    Matrix = 64
    RigidBodyInertia = 128
    NodeIndex = 256
    ObjectIndex = 512
    MarkerIndex = 1024
    LoadIndex = 2048
    SensorIndex = 4096
    String = 8192


def RaiseTypeError(where="", argumentName="", received=None, expectedType=None, dim=None,
                   cols=None):
    """Raise ValueError saying which argument of where expected which type (and size)."""
    text = f"ERROR in {where} in argument {argumentName}: "
    if isinstance(expectedType, str):
        text += expectedType
    else:
        text += "expected type=" + expectedType.name
        if expectedType in (ExpectedType.Vector, ExpectedType.IntVector):
            text += " (as list or numpy array)"
        elif expectedType == ExpectedType.Matrix:
            text += " (as list of lists or numpy array)"
        if dim is not None:
            ncols = dim if (expectedType == ExpectedType.Matrix and cols is None) else cols
            text += f", expected size = ({dim},{ncols})" if ncols is not None else \
                f", expected size = {dim}"
    try:
        text += f', but received "{received}", type={type(received)}'
    except Exception:
        text += ", <argument can not be converted to string>"
    raise ValueError(text)


def IsNone(x):
    return x is None


def IsNotNone(x):
    return x is not None


def IsValidBool(x):
    """bool or integer"""
    return isinstance(x, (bool, int, np.integer))


def IsValidRealInt(x):
    """float or integer (NumPy ones included)"""
    return isinstance(x, (float, int, np.floating, np.integer))


def IsValidInt(x):
    return isinstance(x, (int, np.integer))


def IsValidPRealInt(x):
    """a positive real or integer"""
    return IsValidRealInt(x) and x > 0


def IsValidURealInt(x):
    """a non-negative real or integer"""
    return IsValidRealInt(x) and x >= 0


def IsReal(x):
    return isinstance(x, (float, np.floating))


def IsInteger(x):
    return isinstance(x, (int, np.integer))


def _sized(v, expectedSize):
    return type(v) in (list, np.ndarray) and (expectedSize is None or len(v) == expectedSize)


def IsVector(v, expectedSize=None):
    """list or array of reals/integers (of expectedSize)"""
    return _sized(v, expectedSize) and all(IsValidRealInt(x) for x in v)


def IsIntVector(v, expectedSize=None):
    """list or array of integers (of expectedSize)"""
    return _sized(v, expectedSize) and all(IsInteger(x) for x in v)


def IsSquareMatrix(m, expectedSize=None):
    """list of lists or array of reals, expectedSize x expectedSize if given"""
    if not _sized(m, expectedSize):
        return False
    for row in m:
        if expectedSize is not None and len(row) != expectedSize:
            return False
        if not all(IsValidRealInt(x) for x in row):
            return False
    return True


def _valid_index(x, kind):
    """an integer or an index of the given kind (coordyn's indices are ints: an index of
    another kind, a NodeIndex given as an object index, is not valid, as in Exudyn)"""
    others = tuple(t for t in _index_types() if t is not kind)
    return isinstance(x, (int, np.integer)) and not isinstance(x, others) \
        or isinstance(x, kind)


def IsValidObjectIndex(x):
    """an integer or an ObjectIndex (not a NodeIndex, MarkerIndex, ...)"""
    return _valid_index(x, _index_types()[0])


def IsValidNodeIndex(x):
    """an integer or a NodeIndex (not an ObjectIndex, MarkerIndex, ...)"""
    return _valid_index(x, _index_types()[1])


def IsValidMarkerIndex(x):
    """an integer or a MarkerIndex (not an ObjectIndex, NodeIndex, ...)"""
    return _valid_index(x, _index_types()[3])


def IsEmptyList(x):
    return isinstance(x, (list, np.ndarray)) and len(x) == 0


def FillInSubMatrix(subMatrix, destinationMatrix, destRow, destColumn):
    """destinationMatrix[destRow:, destColumn:] = subMatrix (in place)"""
    r, c = subMatrix.shape
    destinationMatrix[destRow:destRow + r, destColumn:destColumn + c] = subMatrix


def SweepSin(t, t1, f0, f1):
    """sin of a linear frequency sweep from f0 (t=0) to f1 (t=t1)"""
    return math.sin(2 * math.pi * (f0 + 0.5 * (f1 - f0) / t1 * t) * t)


def SweepCos(t, t1, f0, f1):
    """cos of a linear frequency sweep from f0 (t=0) to f1 (t=t1)"""
    return math.cos(2 * math.pi * (f0 + 0.5 * (f1 - f0) / t1 * t) * t)


def FrequencySweep(t, t1, f0, f1):
    """the instantaneous frequency of SweepSin/SweepCos"""
    return f0 + (f1 - f0) * t / t1


def SmoothStep(x, x0, x1, value0, value1):
    """value0 for x <= x0, value1 for x >= x1, a half cosine wave between"""
    if x <= x0:
        return value0
    if x >= x1:
        return value1
    return value0 + (value1 - value0) * 0.5 * (1 - math.cos((x - x0) / (x1 - x0) * math.pi))


def SmoothStepDerivative(x, x0, x1, value0, value1):
    """d SmoothStep / dx"""
    if x <= x0 or x >= x1:
        return 0
    dx = x1 - x0
    return (value1 - value0) * 0.5 * math.pi / dx * math.sin((x - x0) / dx * math.pi)


def IndexFromValue(data, value, tolerance=1e-7, assumeConstantSampleRate=False,
                   rangeWarning=True):
    """Index of value in data: the closest entry within tolerance, or (constant sample rate)
    the index computed from the first two entries, clipped to the array."""
    from .exudyn._api import Print
    if assumeConstantSampleRate and len(data) > 1:
        dt = data[1] - data[0]
        if dt == 0.0:
            raise ValueError("IndexFromValue: sample rate is zero")
        index = int((value - data[0]) / dt)
        if index < 0:
            if rangeWarning:
                Print("Warning: IndexFromValue: index smaller than 0; using 0 instead")
            return 0
        if index >= len(data):
            if rangeWarning:
                Print("Warning: IndexFromValue: index larger than array length-1; using "
                      "array length-1 instead")
            return len(data) - 1
        return index
    diff = np.abs(np.asarray(data, dtype=float) - value)
    if len(diff) == 0 or diff.min() >= tolerance:
        raise ValueError(f"IndexFromValue: value {value} not found within tolerance "
                         f"{tolerance}")
    return int(np.argmin(diff))


def RoundMatrix(matrix, treshold=1e-14):
    """Set the entries of matrix smaller in magnitude than treshold to 0 (in place)."""
    matrix[np.abs(matrix) < treshold] = 0


def ConvertScipySparseToDict(sparseMatrix):
    """A SciPy sparse matrix as a dict of its CSR arrays (data, indices, indptr, shape)."""
    csr = sparseMatrix.tocsr() if hasattr(sparseMatrix, "tocsr") else None
    if csr is None:
        raise ValueError(f"ConvertScipySparseToDict: unsupported sparse matrix type "
                         f"{type(sparseMatrix)}")
    return {"data": csr.data, "indices": csr.indices, "indptr": csr.indptr,
            "shape": csr.shape}


def ConvertDictToScipySparse(sparseDict):
    """The scipy.sparse.csr_matrix of ConvertScipySparseToDict's dict."""
    from scipy.sparse import csr_matrix
    return csr_matrix((sparseDict["data"], sparseDict["indices"], sparseDict["indptr"]),
                      shape=sparseDict["shape"])


def _need_h5py(what):
    try:
        import h5py
    except ImportError:
        raise ImportError(f"{what} needs h5py (pip install h5py)") from None
    return h5py


def SaveDictToHDF5(fileName, dataDict):
    """Write a dict of numbers, strings, arrays and nested dicts to an HDF5 file."""
    h5py = _need_h5py("SaveDictToHDF5")

    def write(group, d):
        for key, value in d.items():
            if isinstance(value, dict):
                write(group.create_group(key), value)
            else:
                group[key] = value
    with h5py.File(fileName, "w") as f:
        write(f, dataDict)


def LoadDictFromHDF5(fileName, callerGlobals=None):
    """The dict SaveDictToHDF5 wrote (strings come back as str)."""
    h5py = _need_h5py("LoadDictFromHDF5")

    def read(group):
        out = {}
        for key, item in group.items():
            if isinstance(item, h5py.Group):
                out[key] = read(item)
            else:
                value = item[()]
                out[key] = value.decode() if isinstance(value, bytes) else value
        return out
    with h5py.File(fileName, "r") as f:
        return read(f)


def _user_function_item_type(mbs, itemIndex, itemTypeName):
    """Exudyn's item type name ('ObjectConnectorSpringDamper', 'LoadCoordinate', 'MainSystem')
    of the item whose user function is converted."""
    ObjectIndex, _, LoadIndex, _, SensorIndex = _index_types()
    if itemTypeName is not None:
        if itemIndex is not None:
            raise ValueError("ConvertFunctionToSymbolic: if itemTypeName is provided, itemIndex "
                             "must be None")
        return str(itemTypeName)
    if isinstance(itemIndex, ObjectIndex):
        return "Object" + mbs.GetObject(itemIndex)["objectType"]
    if isinstance(itemIndex, LoadIndex):
        return "Load" + mbs.GetLoad(itemIndex)["loadType"]
    if isinstance(itemIndex, SensorIndex):
        return "Sensor" + mbs.GetSensor(itemIndex)["sensorType"]
    if isinstance(itemIndex, int) and itemIndex == -1:
        return "MainSystem"
    raise ValueError(f"ConvertFunctionToSymbolic: itemIndex must be an ObjectIndex, LoadIndex or "
                     f"SensorIndex (or -1 for the MainSystem), or itemTypeName has to be "
                     f"provided instead; got {itemIndex!r}")


def ConvertFunctionToSymbolic(mbs, function, userFunctionName, itemIndex=None, itemTypeName=None,
                              verbose=0):
    """Record the Python user function `function` once with symbolic arguments (a named
    symbolic Real, Vector or Matrix per argument, named as the function's arguments; mbs as
    itself) and return the dictionary functionName, argList, argTypeList, returnValue (the
    recorded expression) and returnType. The argument types come from
    itemInterface.userFunctionArgsDict for the item type and userFunctionName."""
    from . import symbolic
    from .exudyn._api import Print as _Print
    from .itemInterface import userFunctionArgsDict
    if not callable(function) or not hasattr(function, "__code__"):
        raise TypeError(f"ConvertFunctionToSymbolic: function must be a Python function, got "
                        f"{type(function).__name__}")
    fnName = function.__name__
    fnArgs = function.__code__.co_varnames
    typeName = _user_function_item_type(mbs, itemIndex, itemTypeName)
    key = typeName + "," + str(userFunctionName)
    if key not in userFunctionArgsDict:
        names = sorted(k.split(",")[1] for k in userFunctionArgsDict
                       if k.startswith(typeName + ","))
        raise ValueError(f"ConvertFunctionToSymbolic: {typeName} has no user function "
                         f"'{userFunctionName}'" + (f" (it has {names})" if names else
                                                    " with a symbolic form"))
    types, names, returnType = (userFunctionArgsDict[key][0], userFunctionArgsDict[key][1],
                                userFunctionArgsDict[key][2][0])
    if verbose:
        _Print("Function Name:", fnName)
        _Print("Number of Arguments:", function.__code__.co_argcount)
        _Print("Argument Names:", fnArgs)
    if function.__code__.co_argcount != len(types):
        signature = ", ".join(f"{n}: {t}" for n, t in zip(names, types))
        raise ValueError(f"ConvertFunctionToSymbolic: function '{fnName}' takes "
                         f"{function.__code__.co_argcount} arguments; {typeName}."
                         f"{userFunctionName} needs {len(types)}: F({signature}) -> {returnType}")
    recording = symbolic.GetRecording()
    symbolic.SetRecording(True)
    symbolic._converting[0] = fnName
    try:
        fnDict, argList = {}, []
        for varType, arg in zip(types, fnArgs):
            if varType in ("Real", "Index"):
                var = symbolic.Real(arg, 0.)
            elif varType.startswith("StdVector"):
                size = {"StdVector2D": 2, "StdVector3D": 3, "StdVector6D": 6}.get(varType, 0)
                var = symbolic.Vector(arg, [0.] * size)
            elif varType in ("NumpyMatrix", "StdMatrix3D", "StdMatrix6D"):
                size = {"StdMatrix3D": 3, "StdMatrix6D": 6}.get(varType, 1)
                var = symbolic.Matrix(arg, np.zeros((size, size)).tolist())
            elif varType == "MainSystem":
                var = mbs
            else:
                raise ValueError(f"ConvertFunctionToSymbolic: argument '{arg}' of type "
                                 f"{varType} of {key} has no symbolic form")
            argList.append(var)
            fnDict[arg] = var
        returnValue = function(**fnDict)
    finally:
        symbolic.SetRecording(recording)
        symbolic._converting[0] = None
    if isinstance(returnValue, list):
        returnValue = symbolic.Vector(returnValue)
    if verbose:
        _Print("return value=", returnValue)
    return {"functionName": fnName, "argList": argList, "argTypeList": list(types),
            "argNames": list(fnArgs[:len(types)]), "returnValue": returnValue,
            "returnType": returnType}


def CreateSymbolicUserFunction(mbs, function, userFunctionName, itemIndex=None,
                               itemTypeName=None, verbose=0):
    """A symbolic.UserFunction made from the Python user function `function` of item
    itemIndex (or of item type itemTypeName): recorded once, compiled to Python source; set it
    on the item in place of the Python function, e.g. mbs.SetObjectParameter(co,
    'springForceUserFunction', symbolicFunc). docs: symbolic."""
    from . import symbolic
    fnDict = ConvertFunctionToSymbolic(mbs, function, userFunctionName, itemIndex, itemTypeName,
                                       verbose)
    symbolicFunc = symbolic.UserFunction()
    symbolicFunc.SetUserFunctionFromDict(mbs, fnDict, userFunctionName, itemIndex,
                                         str(itemTypeName))
    return symbolicFunc


@dataclass
class TCPIPdata:
    """State of a TCP/IP connection of CreateTCPIPconnection."""
    sendSize: int
    receiveSize: int
    packerSend: struct.Struct
    packerReceive: struct.Struct
    socketTCP: socket.socket
    connection: socket.socket
    address: tuple
    lastReceiveTime: float


def CreateTCPIPconnection(sendSize, receiveSize, IPaddress="127.0.0.1", port=52421,
                          bigEndian=False, verbose=False):
    """Wait for one client at IPaddress:port; messages are fixed-size packs of doubles
    (sendSize out, receiveSize in) with a trailing check sum (their sum)."""
    order = ">" if bigEndian else "<"
    server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind((IPaddress, port))
    server.listen(1)
    if verbose:
        print(f"CreateTCPIPconnection: waiting for a client at {IPaddress}:{port}")
    connection, address = server.accept()
    return TCPIPdata(sendSize, receiveSize, struct.Struct(order + "d" * (sendSize + 1)),
                     struct.Struct(order + "d" * (receiveSize + 1)), server, connection,
                     address, time.time())


def _receive_exactly(connection, n):
    chunks = b""
    while len(chunks) < n:
        chunk = connection.recv(n - len(chunks))
        if not chunk:
            return None
        chunks += chunk
    return chunks


def TCPIPsendReceive(TCPIPobject, sendData):
    """Send sendData (sendSize doubles and their sum), then receive receiveSize doubles;
    returns them as an array, or [] if the message was incomplete or its check sum wrong."""
    data = [float(x) for x in sendData]
    TCPIPobject.connection.sendall(TCPIPobject.packerSend.pack(*data, sum(data)))
    raw = _receive_exactly(TCPIPobject.connection, TCPIPobject.packerReceive.size)
    if raw is None:
        return []
    values = TCPIPobject.packerReceive.unpack(raw)
    if not math.isclose(sum(values[:-1]), values[-1], rel_tol=1e-12, abs_tol=1e-12):
        return []
    TCPIPobject.lastReceiveTime = time.time()
    return np.array(values[:-1])


def CloseTCPIPconnection(TCPIPobject):
    """Close the connection and the server socket."""
    TCPIPobject.connection.close()
    TCPIPobject.socketTCP.close()


def LoadPotentialEnergy(mbs, loadNumber, configuration=None):
    """Potential of a constant LoadForceVector or LoadMassProportional (-F . r of its marker,
    mass times gravity for the mass-proportional load)."""
    from .items import ConfigurationType, OutputVariableType
    conf = ConfigurationType.Current if configuration is None else configuration
    load = mbs.GetLoad(loadNumber)
    kind = load["loadType"]
    marker = load["markerNumber"]
    if kind == "ForceVector":
        if load.get("loadVectorUserFunction"):
            raise ValueError(f"LoadPotentialEnergy: load {int(loadNumber)} has a user function")
        p = np.asarray(mbs.GetMarkerOutput(marker, OutputVariableType.Position,
                                           configuration=conf))
        return -float(np.dot(load["loadVector"], p))
    raise NotImplementedFeatureError(
        f"LoadPotentialEnergy: coordyn computes it for LoadForceVector only, load "
        f"{int(loadNumber)} is a {kind}")


def CreateLoadEnergySensor(mbs, loadNumber, storeInternal=True, writeToFile=False,
                           fileName=""):
    """Exudyn builds a SensorUserFunction with LoadPotentialEnergy."""
    from .items import SensorUserFunction
    if getattr(SensorUserFunction, "_coordyn_missing", None):
        raise NotImplementedFeatureError("advancedUtilities.CreateLoadEnergySensor needs "
                                         "SensorUserFunction, which coordyn does not have yet")
    return mbs.AddSensor(SensorUserFunction(
        sensorNumbers=[], storeInternal=storeInternal, writeToFile=writeToFile,
        fileName=fileName,
        sensorUserFunction=lambda mbs_, t, sensors, factors, conf:
            [LoadPotentialEnergy(mbs_, loadNumber, conf)]))


SystemEnergy = missing_function(
    "SystemEnergy", "advancedUtilities",
    "the kinetic, potential and elastic energies of every item are not computed by coordyn yet",
    "sensors with OutputVariableType.KineticEnergy where the item reports it")


def ItemODE2Coordinates(mbs, itemIndex):
    """Global ODE2 coordinate indices of an object (its LTG list) or a node."""
    ObjectIndex, NodeIndex = _index_types()[:2]

    def need(owner, name):
        method = getattr(owner, name, None)
        if method is None:
            raise NotImplementedFeatureError(
                f"advancedUtilities.ItemODE2Coordinates needs {name}, which coordyn does not "
                f"have yet")
        return method
    if isinstance(itemIndex, ObjectIndex):
        return [int(i) for i in need(mbs.systemData, "GetObjectLTGODE2")(itemIndex)]
    if isinstance(itemIndex, NodeIndex):
        first = need(mbs, "GetNodeODE2Index")(itemIndex)
        return list(range(first, first + len(mbs.GetNode(itemIndex)["referenceCoordinates"])))
    raise ValueError(f"ItemODE2Coordinates: itemIndex must be an ObjectIndex or a NodeIndex, "
                     f"got {itemIndex!r}")


def NumericalJacobian(mbs, function, coordinates, velocities=False, epsilon=1e-6):
    """Central-difference Jacobian d function() / d q[coordinates] (or q_t with velocities),
    perturbing the current ODE2 coordinates of mbs (restored afterwards)."""
    sd = mbs.systemData
    get = sd.GetODE2Coordinates_t if velocities else sd.GetODE2Coordinates
    put = sd.SetODE2Coordinates_t if velocities else sd.SetODE2Coordinates
    q0 = np.array(get(), dtype=float)
    columns = []
    try:
        for i in coordinates:
            q = q0.copy()
            q[i] += epsilon
            put(q)
            plus = np.asarray(function(), dtype=float).ravel()
            q[i] -= 2 * epsilon
            put(q)
            minus = np.asarray(function(), dtype=float).ravel()
            columns.append((plus - minus) / (2 * epsilon))
    finally:
        put(q0)
    return np.array(columns).T


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from enum import Enum  # noqa: E402,F401
from math import cos, pi, sin  # noqa: E402,F401

from .itemInterface import userFunctionArgsDict  # noqa: E402,F401
