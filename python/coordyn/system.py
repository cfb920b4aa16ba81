"""SystemContainer and MainSystem: building, assembling and solving a multibody system."""
from __future__ import annotations

import os
import sys
from typing import List

import numpy as np

from . import _core
from . import create as _create
from ._index import LoadIndex, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex
from .items import ConfigurationType, ItemBase, OutputVariableType, TYPE_KEYS
from .results.sensors import make_sensor_dirs
from .settings import SimulationSettings

__all__ = ["SystemContainer", "MainSystem", "SolveDynamic", "SolveStatic", "SolverError",
           "NodeIndex", "ObjectIndex", "MarkerIndex", "LoadIndex", "SensorIndex"]

SolverError = _core.SolverError

_KINDS = {"node": (_core.KIND_NODE, NodeIndex), "object": (_core.KIND_OBJECT, ObjectIndex),
          "marker": (_core.KIND_MARKER, MarkerIndex), "load": (_core.KIND_LOAD, LoadIndex),
          "sensor": (_core.KIND_SENSOR, SensorIndex)}


def _prefix(kind):
    return {"node": "Node", "object": "Object", "marker": "Marker", "load": "Load",
            "sensor": "Sensor"}[kind]


def _visual_entries(item):
    """Exudyn's visualization entries of an item ('Vshow', 'VgraphicsData', ...): from its
    visualization=V...(...) argument (an object or a dict) or, for a dict item, its V* keys."""
    if isinstance(item, ItemBase):
        vis = item._visualization
    elif isinstance(item, dict):
        vis = item.get("visualization")
        entries = {k: v for k, v in item.items() if len(k) > 1 and k[0] == "V"
                   and k[1].islower()}
    else:
        return {}
    if not isinstance(item, dict):
        entries = {}
    if vis is not None:
        pairs = vis.items() if isinstance(vis, dict) else vars(vis).items()
        entries.update({"V" + k: v for k, v in pairs if not k.startswith("_")})
    return entries


def _item_class(kind, name):
    """the item class of a type name (full, Exudyn's short one or an alias), None if unknown"""
    from .items import ITEM_TYPES, item_class
    for t in ITEM_TYPES:
        if t["kind"] == kind and name in (t["name"], t["typename"], t["alias"]):
            return item_class(t["name"])
    return None


def _foreign_enum(value):
    """Exudyn's OutputVariableType members (in a dict from Exudyn's GetDictionary) as coordyn's,
    matched by name: their numbers differ"""
    if type(value).__name__ == "OutputVariableType" and not isinstance(value, OutputVariableType):
        name = getattr(value, "name", None)
        if name in OutputVariableType.__members__:
            return OutputVariableType[name]
    return value


def _item_args(kind, item):
    """(type name, parameter dict) of an item object or a plain dict."""
    if isinstance(item, ItemBase):
        if item._kind != kind:
            raise TypeError(f"Add{_prefix(kind)} expects a {kind} item, got "
                            f"{type(item).__name__} (a {item._kind})")
        return item._typename, item.parameters()
    if isinstance(item, dict):
        key = TYPE_KEYS[kind]
        if key not in item:
            raise TypeError(f"Add{_prefix(kind)}: a dict item needs the key '{key}' "
                            f"(e.g. {{'{key}': ...}}), got keys {sorted(item)}")
        # Exudyn's visualization entries (Vshow, VgraphicsData, ...) are not the engine's:
        # MainSystem keeps them with the item (_visual_entries)
        params = {k: v for k, v in item.items()
                  if k not in (key, "visualization", "itemType")
                  and not (len(k) > 1 and k[0] == "V" and k[1].islower())}
        if "sectionData" in params:  # Exudyn's BeamSection: the flat section* parameters
            from .beamsection import expand_section
            params.update(expand_section(params.pop("sectionData"), str(item[key])))
        return str(item[key]), params
    raise TypeError(f"Add{_prefix(kind)} expects a {kind} item (e.g. coordyn.{_prefix(kind)}...) "
                    f"or a dict, got {type(item).__name__}")


def _warn_deprecated(kind, item, tname, params):
    """Exudyn's DeprecationWarning for each deprecated parameter name (physicsMass,
    factorValue1, ...) given with a value; the warning points at the caller of Add*"""
    import warnings
    if isinstance(item, ItemBase):
        cls, names = type(item), item._deprecated
    else:
        cls = _item_class(kind, tname)
        if cls is None:
            return  # an unknown type gets its error from the engine
        names = [k for k, v in params.items() if k in cls._aliases and v is not None]
    for name in names:
        warnings.warn(f"{cls.__name__}: the parameter {name} is deprecated since 1.12.258 and "
                      f"removed in 2031; use {cls._aliases[name]}", DeprecationWarning,
                      stacklevel=4)


#: (type name without Marker/Object, parameter): Exudyn 1.13's default None means "not given"
#: (the frame comes from the other parameter), so None leaves coordyn's default
_NONE_IS_NOT_GIVEN = {("BodyRigid", "localPosition"), ("Ground", "referencePosition")}
#: homogeneous-transformation parameters: an HT, a 4x4 matrix or its 16 values (Exudyn 1.13)
_HT_PARAMETERS = ("localHT", "referenceHT")


def _exudyn_frames(tname, params):
    """params without the None values that mean "not given" and with 16-value HTs as 4x4"""
    short = tname[6:] if tname.startswith(("Marker", "Object")) else tname
    out = {k: v for k, v in params.items()
           if not (v is None and (short, k) in _NONE_IS_NOT_GIVEN)}
    for k in _HT_PARAMETERS:
        v = out.get(k)
        if v is not None and not hasattr(v, "HT44") and np.shape(v) == (16,):
            out[k] = np.reshape(np.asarray(v, dtype=float), (4, 4))
    return out


def _dense_matrices(params):
    """params with MatrixContainer and scipy sparse values as dense arrays (Exudyn's matrix
    parameters, ObjectGenericODE2's massMatrix = exu.MatrixContainer(M) say, take all three;
    the engine reads dense matrices)."""
    import sys
    from .matrixcontainer import MatrixContainer
    sparse = sys.modules.get("scipy.sparse")   # a scipy matrix exists only if it is imported
    out = dict(params)
    for k, v in params.items():
        if isinstance(v, MatrixContainer):
            out[k] = v.Convert2DenseMatrix()
        elif sparse is not None and sparse.issparse(v):
            out[k] = v.toarray()
    return out


def _config(configuration):
    """A ConfigurationType from coordyn's enum, its int value, or an enum member with the same
    name (Exudyn's exu.ConfigurationType.Current, say: matched by name, not by number)."""
    if isinstance(configuration, ConfigurationType):
        return configuration
    name = getattr(configuration, "name", None)
    if isinstance(name, str) and name in ConfigurationType.__members__:
        return ConfigurationType[name]
    if isinstance(configuration, (int, np.integer)) and not isinstance(configuration, bool):
        if int(configuration) in set(int(c) for c in ConfigurationType):
            return ConfigurationType(int(configuration))
    raise ValueError(f"configuration must be a ConfigurationType "
                     f"({', '.join(ConfigurationType.__members__)}), got {configuration!r}")


# the coordinate vectors of the engine (csrc/pyext coord_vector): which -> index
_Q, _V, _A, _LAM, _Y, _YD, _DATA = range(7)


class SystemData:
    """Access to the system's coordinate vectors (Exudyn's mbs.systemData).

    Every Get/Set...Coordinates takes a configuration: Current (the solver's state),
    Initial (where a solve starts), Reference (reference values: read only; velocities and
    accelerations read as zeros), StartOfStep (during a solve the state at the start of the
    current step, as user functions see it, read only; after a solve the start of its last step; before
    the first solve the initial state) and Visualization (coordyn draws the
    current state: reads the Current vectors, cannot be set). Vectors are copies."""

    def __init__(self, mbs):
        self._mbs = mbs

    def _get(self, which, configuration):
        return self._mbs._core.get_coords(which, int(_config(configuration)))

    def _set(self, coordinates, which, configuration):
        self._mbs._core.set_coords(coordinates, which, int(_config(configuration)))

    def GetODE2Coordinates(self, configuration=ConfigurationType.Current, copy=True):
        """ODE2 displacement coordinates (Reference configuration: the reference coordinates).
        A copy is returned (copy=False is accepted and also returns a copy)."""
        return self._get(_Q, configuration)

    def GetODE2Coordinates_t(self, configuration=ConfigurationType.Current, copy=True):
        """ODE2 velocities (zeros in the Reference configuration)."""
        return self._get(_V, configuration)

    def GetODE2Coordinates_tt(self, configuration=ConfigurationType.Current, copy=True):
        """ODE2 accelerations: of the current state those the last solve computed; zeros in the
        Initial and Reference configurations (the solvers compute the initial ones)."""
        return self._get(_A, configuration)

    def GetAECoordinates(self, configuration=ConfigurationType.Current, copy=True):
        """AE coordinates: the Lagrange multipliers (one block per constraint), the nodes'
        algebraic variables."""
        return self._get(_LAM, configuration)

    def GetODE1Coordinates(self, configuration=ConfigurationType.Current, copy=True):
        """ODE1 (first-order) coordinates, displacements from their reference values."""
        return self._get(_Y, configuration)

    def GetODE1Coordinates_t(self, configuration=ConfigurationType.Current, copy=True):
        """Time derivatives of the ODE1 coordinates (zeros in Initial and Reference)."""
        return self._get(_YD, configuration)

    def GetDataCoordinates(self, configuration=ConfigurationType.Current, copy=True):
        """Data coordinates: history variables of items, not solved for by Newton."""
        return self._get(_DATA, configuration)

    def GetODE2CoordinatesTotal(self, configuration=ConfigurationType.Current):
        """Reference plus displacement ODE2 coordinates; in the Reference configuration the
        reference coordinates (once)."""
        cfg = _config(configuration)
        ref = self._get(_Q, ConfigurationType.Reference)
        return ref if cfg == ConfigurationType.Reference else ref + self._get(_Q, cfg)

    def SetODE2Coordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the ODE2 coordinates of the Current, Initial or StartOfStep configuration (a
        solve starts from the Initial ones)."""
        self._set(coordinates, _Q, configuration)

    def SetODE2Coordinates_t(self, coordinates, configuration=ConfigurationType.Current):
        """Set the ODE2 velocities of the Current, Initial or StartOfStep configuration."""
        self._set(coordinates, _V, configuration)

    def SetODE2Coordinates_tt(self, coordinates, configuration=ConfigurationType.Current):
        """Set the accelerations of the Current or StartOfStep configuration (the initial ones
        are computed by the solvers)."""
        self._set(coordinates, _A, configuration)

    def SetAECoordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the multipliers of the Current or StartOfStep configuration (e.g. to evaluate
        constraint forces or Jacobians) or the Initial ones (used by ComputeLinearizedSystem and
        ComputeODE2Eigenvalues, which linearize about the initial configuration; solves compute
        their own multipliers)."""
        self._set(coordinates, _LAM, configuration)

    def SetODE1Coordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the ODE1 coordinates of the Current, Initial or StartOfStep configuration."""
        self._set(coordinates, _Y, configuration)

    def SetODE1Coordinates_t(self, coordinates, configuration=ConfigurationType.Current):
        """Set the time derivatives of the ODE1 coordinates (Current or StartOfStep)."""
        self._set(coordinates, _YD, configuration)

    def SetDataCoordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the Data coordinates of the Current, Initial or StartOfStep configuration."""
        self._set(coordinates, _DATA, configuration)

    def GetTime(self, configuration=ConfigurationType.Current):
        """Time of the Current configuration (where the last solve ended), of StartOfStep, or of
        Visualization (the Current time). Initial and Reference have no time in coordyn: a
        solve starts at simulationSettings.timeIntegration.startTime."""
        return self._mbs._core.time(None, int(_config(configuration)))

    def SetTime(self, t, configuration=ConfigurationType.Current):
        """Set the time of the Current or StartOfStep configuration (for evaluating
        time-dependent items)."""
        self._mbs._core.time(float(t), int(_config(configuration)))

    def GetSystemState(self, configuration=ConfigurationType.Current):
        """The state as Exudyn gives it: [ODE2 coordinates, ODE2 velocities, ODE1 coordinates,
        AE coordinates, Data coordinates] (copies; without accelerations, ODE1 derivatives and
        the time)."""
        return [self._get(w, configuration) for w in (_Q, _V, _Y, _LAM, _DATA)]

    def SetSystemState(self, systemStateList, configuration=ConfigurationType.Current):
        """Set the state from a list as GetSystemState returns it: [ODE2 coordinates, ODE2
        velocities, ODE1 coordinates, AE coordinates, Data coordinates]."""
        if not isinstance(systemStateList, (list, tuple)) or len(systemStateList) != 5:
            raise ValueError("SetSystemState: systemStateList must be a list of 5 vectors [ODE2 "
                             "coordinates, ODE2 velocities, ODE1 coordinates, AE coordinates, "
                             "Data coordinates] (as GetSystemState returns), got "
                             f"{type(systemStateList).__name__}" +
                             (f" of length {len(systemStateList)}"
                              if isinstance(systemStateList, (list, tuple)) else ""))
        names = ("ODE2 coordinates", "ODE2 velocities", "ODE1 coordinates", "AE coordinates",
                 "Data coordinates")
        which = (_Q, _V, _Y, _LAM, _DATA)
        cfg = _config(configuration)
        sizes = self._mbs._core.sizes()
        n = (sizes["ODE2"], sizes["ODE2"], sizes["ODE1"], sizes["AE"], sizes["Data"])
        for k in range(5):  # check all before writing any
            if np.size(systemStateList[k]) != n[k]:
                raise ValueError(f"SetSystemState: entry {k} ({names[k]}) must have {n[k]} "
                                 f"entries, got {np.size(systemStateList[k])}")
        for k in range(5):
            if n[k]:
                self._set(systemStateList[k], which[k], cfg)

    def GetSystemStateDict(self, configuration=ConfigurationType.Current, reference=False):
        """Copies of the state vectors in a dict: ODE2Coords, ODE2Coords_t, ODE2Coords_tt,
        ODE1Coords, ODE1Coords_t, AECoords, dataCoords. reference=True (Exudyn's views into the
        engine's vectors) is not provided: writing into a copy would silently not change the
        state; use SetSystemState."""
        if reference:
            raise ValueError("GetSystemStateDict(reference=True) is not provided by coordyn (the "
                             "vectors are copies: writing into them would not change the state); "
                             "use reference=False and SetSystemState or Set...Coordinates")
        keys = ("ODE2Coords", "ODE2Coords_t", "ODE2Coords_tt", "AECoords", "ODE1Coords",
                "ODE1Coords_t", "dataCoords")
        return {k: self._get(w, configuration) for w, k in enumerate(keys)}

    def AddODE2LoadDependencies(self, loadNumber, globalODE2coordinates):
        """Not provided: coordyn's loads know their coordinates from their markers (their
        Jacobians are assembled there); raises an error saying so."""
        raise NotImplementedError("systemData.AddODE2LoadDependencies is not provided by coordyn: "
                                  "a load's Jacobian is taken over its marker's coordinates "
                                  "(mbs.GetLoadJacobian shows it); loads that depend on other "
                                  "coordinates through a user function are treated as explicit")

    # -- sizes and numbers
    def NumberOfODE2Coordinates(self):
        """Number of ODE2 (second-order) coordinates of the assembled system."""
        return self._mbs._core.sizes()["ODE2"]

    def NumberOfODE1Coordinates(self):
        """Number of ODE1 (first-order) coordinates of the assembled system."""
        return self._mbs._core.sizes()["ODE1"]

    def NumberOfAECoordinates(self):
        """Number of AE coordinates: multipliers and algebraic variables."""
        return self._mbs._core.sizes()["AE"]

    def NumberOfDataCoordinates(self):
        """Number of Data coordinates (history variables of items)."""
        return self._mbs._core.sizes()["Data"]

    def ODE2Size(self, configurationType=ConfigurationType.Current):
        """Number of ODE2 coordinates (the same in every configuration)."""
        _config(configurationType)
        return self.NumberOfODE2Coordinates()

    def ODE1Size(self, configurationType=ConfigurationType.Current):
        """Number of ODE1 coordinates (the same in every configuration)."""
        _config(configurationType)
        return self.NumberOfODE1Coordinates()

    def AEsize(self, configurationType=ConfigurationType.Current):
        """Number of AE coordinates (the same in every configuration)."""
        _config(configurationType)
        return self.NumberOfAECoordinates()

    def DataSize(self, configurationType=ConfigurationType.Current):
        """Number of Data coordinates (the same in every configuration)."""
        _config(configurationType)
        return self.NumberOfDataCoordinates()

    def SystemSize(self, configurationType=ConfigurationType.Current):
        """ODE2 + ODE1 + AE coordinates: the number of unknowns of the system."""
        _config(configurationType)
        s = self._mbs._core.sizes()
        return s["ODE2"] + s["ODE1"] + s["AE"]

    def NumberOfNodes(self):
        """Number of nodes (mbs.NumberOfNodes)."""
        return self._mbs.NumberOfNodes()

    def NumberOfObjects(self):
        """Number of objects (mbs.NumberOfObjects)."""
        return self._mbs.NumberOfObjects()

    def NumberOfMarkers(self):
        """Number of markers (mbs.NumberOfMarkers)."""
        return self._mbs.NumberOfMarkers()

    def NumberOfLoads(self):
        """Number of loads (mbs.NumberOfLoads)."""
        return self._mbs.NumberOfLoads()

    def NumberOfSensors(self):
        """Number of sensors (mbs.NumberOfSensors)."""
        return self._mbs.NumberOfSensors()

    # -- local-to-global coordinate lists (after Assemble)
    def _ltg(self, kind, number, which):
        code = _KINDS[kind][0]
        i = self._mbs._number(kind, number, f"Get{_prefix(kind)}LTG{which}")
        return self._mbs._core.ltg_all(code, i)[which]

    def GetObjectLTGODE2(self, objectNumber):
        """Global ODE2 indices of an object's coordinates (a connector: those of its markers)."""
        return self._ltg("object", objectNumber, "ODE2")

    def GetObjectLTGODE1(self, objectNumber):
        """Global ODE1 indices of an object's coordinates."""
        return self._ltg("object", objectNumber, "ODE1")

    def GetObjectLTGAE(self, objectNumber):
        """Global AE indices of an object: its multipliers (constraints) or its equations in
        the algebraic-variable pool (ObjectGenericAE)."""
        return self._ltg("object", objectNumber, "AE")

    def GetObjectLTGData(self, objectNumber):
        """Global Data indices of an object's data coordinates."""
        return self._ltg("object", objectNumber, "Data")

    def GetNodeLTGODE2(self, nodeNumber):
        """Global ODE2 indices of a node's coordinates."""
        return self._ltg("node", nodeNumber, "ODE2")

    def GetNodeLTGODE1(self, nodeNumber):
        """Global ODE1 indices of a node's coordinates."""
        return self._ltg("node", nodeNumber, "ODE1")

    def GetNodeLTGAE(self, nodeNumber):
        """Global AE indices of a node: its own algebraic equations' multipliers (the
        Euler-parameter norm) or its algebraic variables (NodeGenericAE)."""
        return self._ltg("node", nodeNumber, "AE")

    def GetNodeLTGData(self, nodeNumber):
        """Global Data indices of a node's data coordinates."""
        return self._ltg("node", nodeNumber, "Data")

    # -- printed information
    def Info(self):
        """Print every item's parameters (as Exudyn's systemData.Info)."""
        mbs = self._mbs
        for kind in _KINDS:
            for i in range(mbs._core.count(_KINDS[kind][0])):
                print(f"{kind}{i}:")
                print("   ", mbs._get(kind, i))

    def InfoLTG(self):
        """Print the local-to-global coordinate lists of the objects (after Assemble)."""
        n = self._mbs.NumberOfObjects()
        for which in ("ODE2", "ODE1", "AE", "Data"):
            for i in range(n):
                lst = ",".join(str(x) for x in self._ltg("object", i, which))
                print(f"object {i} {which} LTG=[{lst}]")


# Exudyn's system user functions: GetDictionary/SetDictionary carry those this coordyn provides
_SYSTEM_USER_FUNCTIONS = ("PreStepUserFunction", "PostStepUserFunction",
                          "PostNewtonUserFunction", "PreNewtonResidualUserFunction",
                          "SystemJacobianUserFunction")


class MainSystem:
    """A multibody system: add items, Assemble, solve, read outputs."""

    def __init__(self):
        self._core = _core._System(self, SolverError)
        self.systemData = SystemData(self)
        self.variables = {}
        # Exudyn's visualization entries of the items, {(kind, number): {'Vshow': ...}}: the
        # engine never sees them, a viewer reads them through Get...
        self._visual = {}
        self._container = None       # the SystemContainer (SC.AddSystem sets it)
        self._solution_file = None   # the solution file of the last solve, if written
        self.sys = {}                # Exudyn's mbs.sys: a dict for the user's data
        self.interactiveMode = False  # Exudyn's flag for its renderer (no effect here)
        self.solverSignalJacobianUpdate = False  # Exudyn's flag (coordyn's Newton updates the
        #                              Jacobian by its own criteria; the results are the same)
        self._render_stop = False

    # -- adding, reading and modifying items
    def _add(self, kind, item):
        code, cls = _KINDS[kind]
        tname, params = _item_args(kind, item)
        _warn_deprecated(kind, item, tname, params)
        params = _exudyn_frames(tname, params)
        index = cls(self._core.add(code, tname, _dense_matrices(params)))
        visual = _visual_entries(item)
        if visual:
            self._visual[(kind, int(index))] = visual
        return index

    def AddNode(self, item):
        """Add a node (NodePoint(...), or a dict with 'nodeType'); returns its NodeIndex."""
        return self._add("node", item)

    def AddObject(self, item):
        """Add an object (body, connector, constraint); returns its ObjectIndex."""
        return self._add("object", item)

    def AddMarker(self, item):
        """Add a marker; returns its MarkerIndex."""
        return self._add("marker", item)

    def AddLoad(self, item):
        """Add a load; returns its LoadIndex."""
        return self._add("load", item)

    def AddSensor(self, item):
        """Add a sensor; returns its SensorIndex."""
        return self._add("sensor", item)

    def _get(self, kind, i):
        """The parameters of an item; item numbers come back as NodeIndex, MarkerIndex, ..."""
        d = self._core.get(_KINDS[kind][0], int(i))
        from .items import item_class
        for f in item_class(d["itemType"])._fields:
            if f["type"] == "index" and f["ref"] and d.get(f["name"], -1) >= 0:
                d[f["name"]] = _KINDS[f["ref"]][1](d[f["name"]])
            elif f["type"] == "indexlist" and f["ref"]:
                d[f["name"]] = [_KINDS[f["ref"]][1](x) if x >= 0 else x for x in d[f["name"]]]
            elif f["type"] == "outputvariable" and f["name"] in d:
                d[f["name"]] = OutputVariableType(d[f["name"]])
        if d["itemType"] == "ObjectKinematicTree":   # integer lists, as Exudyn returns them
            from .exudyn._api import JointType
            d["jointTypes"] = [JointType(int(t)) for t in d["jointTypes"]]
            d["linkParents"] = [int(x) for x in d["linkParents"]]
        d.update(self._visual.get((kind, int(i)), {}))
        return d

    def GetNode(self, nodeNumber):
        """The parameters of a node as a dict (Exudyn's nodeType key included)."""
        return self._get("node", nodeNumber)

    def GetObject(self, objectNumber):
        """The parameters of an object as a dict (Exudyn's objectType key included)."""
        return self._get("object", objectNumber)

    def GetMarker(self, markerNumber):
        """The parameters of a marker as a dict (Exudyn's markerType key included)."""
        return self._get("marker", markerNumber)

    def GetLoad(self, loadNumber):
        """The parameters of a load as a dict (Exudyn's loadType key included)."""
        return self._get("load", loadNumber)

    def GetSensor(self, sensorNumber):
        """The parameters of a sensor as a dict (Exudyn's sensorType key included)."""
        return self._get("sensor", sensorNumber)

    def _modify(self, kind, i, params):
        params = dict(params)
        key = TYPE_KEYS[kind]
        if key in params:  # a dict from Get...: the type must not change
            current = self._get(kind, i)[key]
            if str(params.pop(key)).removeprefix(_prefix(kind)) != current:
                raise ValueError(f"Modify{_prefix(kind)}: cannot change the type of {kind} "
                                 f"{int(i)} ({current})")
        params.pop("itemType", None)
        visual = _visual_entries(params)
        if visual:
            self._visual.setdefault((kind, int(i)), {}).update(visual)
        params = {k: v for k, v in params.items()
                  if k != "visualization" and not (len(k) > 1 and k[0] == "V" and k[1].islower())}
        if "sectionData" in params:  # Exudyn's BeamSection: the flat section* parameters
            from .beamsection import expand_section
            params.update(expand_section(params.pop("sectionData"), f"Modify{_prefix(kind)}"))
        self._core.modify(_KINDS[kind][0], int(i), _dense_matrices(params))

    def ModifyNode(self, nodeNumber, nodeDict):
        """Change parameters of a node; call Assemble() afterwards."""
        self._modify("node", nodeNumber, nodeDict)

    def ModifyObject(self, objectNumber, objectDict):
        """Change parameters of an object; call Assemble() afterwards."""
        self._modify("object", objectNumber, objectDict)

    def GetObjectParameter(self, objectNumber, parameterName):
        """The value of one parameter of an object (a visualization one with its 'V' prefix)."""
        return self._get_parameter("object", objectNumber, parameterName)

    def SetObjectParameter(self, objectNumber, parameterName, value):
        """Change one parameter of an object (Exudyn's mbs.SetObjectParameter); call
        Assemble() afterwards when it changes the model's structure (a deformation element's
        deformationModes change its number of multipliers)."""
        self._set_parameter("object", objectNumber, parameterName, value)

    def ModifyMarker(self, markerNumber, markerDict):
        """Change parameters of a marker; call Assemble() afterwards."""
        self._modify("marker", markerNumber, markerDict)

    def ModifyLoad(self, loadNumber, loadDict):
        """Change parameters of a load; call Assemble() afterwards."""
        self._modify("load", loadNumber, loadDict)

    def ModifySensor(self, sensorNumber, sensorDict):
        """Change parameters of a sensor; call Assemble() afterwards."""
        self._modify("sensor", sensorNumber, sensorDict)

    def NumberOfNodes(self):
        """Number of nodes added."""
        return self._core.count(_core.KIND_NODE)

    def NumberOfObjects(self):
        """Number of objects added."""
        return self._core.count(_core.KIND_OBJECT)

    def NumberOfMarkers(self):
        """Number of markers added."""
        return self._core.count(_core.KIND_MARKER)

    def NumberOfLoads(self):
        """Number of loads added."""
        return self._core.count(_core.KIND_LOAD)

    def NumberOfSensors(self):
        """Number of sensors added."""
        return self._core.count(_core.KIND_SENSOR)

    # -- Exudyn's system API: parameters, defaults, names, deletion, dictionary, reset
    def _number(self, kind, number, what):
        """number as an int index of an existing item of `kind`, else a clear error"""
        cls = _KINDS[kind][1]
        other = next((k for k, (_, c) in _KINDS.items() if isinstance(number, c) and k != kind),
                     None)
        if other is not None:
            raise TypeError(f"{what}: expected a {kind} number ({cls.__name__} or int), got "
                            f"{type(number).__name__}({int(number)}), a {other} number")
        if isinstance(number, bool) or not isinstance(number, (int, np.integer)):
            raise TypeError(f"{what}: expected a {kind} number ({cls.__name__} or int), got "
                            f"{number!r}")
        n = self._core.count(_KINDS[kind][0])
        if not 0 <= int(number) < n:
            raise IndexError(f"{what}: {kind} number {int(number)} does not exist (there are "
                             f"{n} {kind}s)")
        return int(number)

    def _get_parameter(self, kind, number, parameterName):
        i = self._number(kind, number, f"Get{_prefix(kind)}Parameter")
        d = self._get(kind, i)
        if parameterName == "Vshow" and parameterName not in d:
            return True   # Exudyn's default: every item is shown
        if parameterName not in d:   # another name of a parameter (Exudyn's physicsLength)
            from .items import item_class
            parameterName = item_class(d["itemType"])._aliases.get(parameterName, parameterName)
        if parameterName not in d or parameterName == "itemType":
            names = [k for k in d if k not in ("itemType", TYPE_KEYS[kind])]
            raise ValueError(f"Get{_prefix(kind)}Parameter: {kind} {i} ({d['itemType']}) has no "
                             f"parameter '{parameterName}' (it has: {', '.join(names)})")
        return d[parameterName]

    def _set_parameter(self, kind, number, parameterName, value):
        i = self._number(kind, number, f"Set{_prefix(kind)}Parameter")
        if parameterName == TYPE_KEYS[kind] or parameterName == "itemType":
            raise ValueError(f"Set{_prefix(kind)}Parameter: the type of {kind} {i} cannot be "
                             "changed; delete the item and add another")
        is_visual = (len(parameterName) > 1 and parameterName[0] == "V"
                     and parameterName[1].islower())
        if not is_visual:
            from .items import item_class
            t = self._get(kind, i)["itemType"]
            fields = {f["name"] for f in item_class(t)._fields}
            parameterName = item_class(t)._aliases.get(parameterName, parameterName)
            if parameterName not in fields:
                raise ValueError(f"Set{_prefix(kind)}Parameter: {kind} {i} ({t}) has no "
                                 f"parameter '{parameterName}'")
        self._modify(kind, i, {parameterName: value})

    def GetNodeParameter(self, nodeNumber, parameterName):
        """The value of one parameter of a node (a visualization one with its 'V' prefix)."""
        return self._get_parameter("node", nodeNumber, parameterName)

    def SetNodeParameter(self, nodeNumber, parameterName, value):
        """Change one parameter of a node; call Assemble() afterwards."""
        self._set_parameter("node", nodeNumber, parameterName, value)

    def GetMarkerParameter(self, markerNumber, parameterName):
        """The value of one parameter of a marker."""
        return self._get_parameter("marker", markerNumber, parameterName)

    def SetMarkerParameter(self, markerNumber, parameterName, value):
        """Change one parameter of a marker; call Assemble() afterwards."""
        self._set_parameter("marker", markerNumber, parameterName, value)

    def GetLoadParameter(self, loadNumber, parameterName):
        """The value of one parameter of a load."""
        return self._get_parameter("load", loadNumber, parameterName)

    def SetLoadParameter(self, loadNumber, parameterName, value):
        """Change one parameter of a load (its loadVector, say); takes effect in the next
        solve (call Assemble() after changing a markerNumber)."""
        self._set_parameter("load", loadNumber, parameterName, value)

    def GetSensorParameter(self, sensorNumber, parameterName):
        """The value of one parameter of a sensor."""
        return self._get_parameter("sensor", sensorNumber, parameterName)

    def SetSensorParameter(self, sensorNumber, parameterName, value):
        """Change one parameter of a sensor; call Assemble() afterwards."""
        self._set_parameter("sensor", sensorNumber, parameterName, value)

    def _defaults(self, kind, typeName):
        from .items import ITEM_TYPES, _parse_default
        name = str(getattr(typeName, "__name__", typeName))
        for t in ITEM_TYPES:
            if t["kind"] == kind and name in (t["typename"], t["name"], t["alias"]):
                d = {TYPE_KEYS[kind]: t["typename"]}
                d.update({f["name"]: _parse_default(f) for f in t["fields"] if not f["alias_of"]})
                d["Vshow"] = True
                return d
        known = sorted(t["typename"] for t in ITEM_TYPES if t["kind"] == kind)
        raise ValueError(f"Get{_prefix(kind)}Defaults: unknown {kind} type '{name}' (known: "
                         f"{', '.join(known)})")

    def GetNodeDefaults(self, typeName):
        """The default parameters of a node type as a dict ('Point' or 'NodePoint'), as
        Exudyn's: {'nodeType': 'Point', 'referenceCoordinates': ..., 'Vshow': True}."""
        return self._defaults("node", typeName)

    def GetObjectDefaults(self, typeName):
        """The default parameters of an object type as a dict ('MassPoint'); an item number
        without default is -1."""
        return self._defaults("object", typeName)

    def GetMarkerDefaults(self, typeName):
        """The default parameters of a marker type as a dict ('NodePosition')."""
        return self._defaults("marker", typeName)

    def GetLoadDefaults(self, typeName):
        """The default parameters of a load type as a dict ('ForceVector')."""
        return self._defaults("load", typeName)

    def GetSensorDefaults(self, typeName):
        """The default parameters of a sensor type as a dict ('Node')."""
        return self._defaults("sensor", typeName)

    def _number_by_name(self, kind, name):
        if not isinstance(name, str):
            raise TypeError(f"Get{_prefix(kind)}Number: expected the {kind}'s name (a str), got "
                            f"{name!r}")
        n = self._core.count(_KINDS[kind][0])
        names = [self._core.get(_KINDS[kind][0], i)["name"] for i in range(n)]
        if name in names:
            return _KINDS[kind][1](names.index(name))
        # Exudyn's names of unnamed items: 'node3', 'object0', ...
        prefix = kind
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            i = int(name[len(prefix):])
            if i < n and not names[i] and str(i) == name[len(prefix):]:
                return _KINDS[kind][1](i)
        raise ValueError(f"Get{_prefix(kind)}Number: there is no {kind} named '{name}' (named "
                         f"{kind}s: {', '.join(repr(x) for x in names if x) or 'none'})")

    def GetNodeNumber(self, nodeName):
        """The NodeIndex of the node with this name (an unnamed node i is also found as
        'node<i>', Exudyn's name for it); a ValueError if there is none (Exudyn returns -1)."""
        return self._number_by_name("node", nodeName)

    def GetObjectNumber(self, objectName):
        """The ObjectIndex of the object with this name (or 'object<i>' for an unnamed one)."""
        return self._number_by_name("object", objectName)

    def GetMarkerNumber(self, markerName):
        """The MarkerIndex of the marker with this name (or 'marker<i>' for an unnamed one)."""
        return self._number_by_name("marker", markerName)

    def GetLoadNumber(self, loadName):
        """The LoadIndex of the load with this name (or 'load<i>' for an unnamed one)."""
        return self._number_by_name("load", loadName)

    def GetSensorNumber(self, sensorName):
        """The SensorIndex of the sensor with this name (or 'sensor<i>' for an unnamed one)."""
        return self._number_by_name("sensor", sensorName)

    # deletion: the engine removes the item and renumbers every reference (cd_system_delete)
    def _refs(self, kind, i):
        """{(referring kind, its number, parameter): referred number} of item (kind, i)'s
        references, and the other way round: who refers to (kind, i)"""
        from .items import item_class
        d = self._core.get(_KINDS[kind][0], i)
        out = []
        for f in item_class(d["itemType"])._fields:
            if f["alias_of"] or f["type"] not in ("index", "indexlist") or not f["ref"]:
                continue
            vals = d.get(f["name"], -1)
            for v in (vals if isinstance(vals, list) else [vals]):
                if v >= 0:
                    out.append((f["ref"], int(v), f["name"]))
        return out

    def _delete(self, kind, number, what, suppressWarnings):
        import warnings
        i = self._number(kind, number, what)
        if not suppressWarnings:  # Exudyn's warnings: the items that lose their reference
            for k in _KINDS:
                for j in range(self._core.count(_KINDS[k][0])):
                    if k == kind and j == i:
                        continue
                    for ref, v, field in self._refs(k, j):
                        if ref == kind and v == i:
                            warnings.warn(f"{what}: {k} {j} refers in '{field}' to the deleted "
                                          f"{kind} {i}; it is set to -1 (invalid: Assemble "
                                          "names it until it is set again)", UserWarning,
                                          stacklevel=3)
        self._core.delete(_KINDS[kind][0], i)
        visual = {}
        for (k, j), v in self._visual.items():
            if k != kind or j < i:
                visual[(k, j)] = v
            elif j > i:
                visual[(k, j - 1)] = v
        self._visual = visual

    def DeleteNode(self, nodeNumber, suppressWarnings=False):
        """Delete a node. Later nodes shift down by one and every reference to them follows;
        references to the deleted node (in objects, markers, sensors) become -1, with a
        warning unless suppressWarnings (Assemble then names each of them). Call Assemble()."""
        self._delete("node", nodeNumber, "DeleteNode", suppressWarnings)

    def DeleteObject(self, objectNumber, deleteDependentItems=True, suppressWarnings=False):
        """Delete an object; later objects shift down, references follow (references to the
        deleted one become -1). With deleteDependentItems (default, as Exudyn) the nodes the
        object uses and, for a connector, its markers are deleted too (highest number first),
        even if other items use them. Call Assemble() afterwards."""
        i = self._number("object", objectNumber, "DeleteObject")
        deps = self._refs("object", i) if deleteDependentItems else []
        self._delete("object", i, "DeleteObject", suppressWarnings)
        for kind in ("marker", "node"):
            for j in sorted({v for k, v, _ in deps if k == kind}, reverse=True):
                self._delete(kind, j, "DeleteObject", suppressWarnings)

    def DeleteMarker(self, markerNumber, suppressWarnings=False):
        """Delete a marker; later markers shift down, references follow (references to the
        deleted one in objects, loads and sensors become -1). Call Assemble() afterwards."""
        self._delete("marker", markerNumber, "DeleteMarker", suppressWarnings)

    def DeleteLoad(self, loadNumber, deleteDependentMarkers=True, suppressWarnings=False):
        """Delete a load; later loads shift down, sensors follow. With deleteDependentMarkers
        (default, as Exudyn) the load's marker is deleted too. Call Assemble() afterwards."""
        i = self._number("load", loadNumber, "DeleteLoad")
        deps = self._refs("load", i) if deleteDependentMarkers else []
        self._delete("load", i, "DeleteLoad", suppressWarnings)
        for j in sorted({v for k, v, _ in deps if k == "marker"}, reverse=True):
            self._delete("marker", j, "DeleteLoad", suppressWarnings)

    def DeleteSensor(self, sensorNumber, suppressWarnings=False):
        """Delete a sensor; later sensors shift down (references in other sensors follow).
        The stored sensor data of the last solve are dropped. Call Assemble() afterwards."""
        self._delete("sensor", sensorNumber, "DeleteSensor", suppressWarnings)

    def Reset(self):
        """Remove every item and the state: an empty system (mbs.variables and mbs.sys are
        kept, as in Exudyn); the system stays in its SystemContainer."""
        self._core.idle("Reset")   # not while a solve of this system runs in another thread
        self._core = _core._System(self, SolverError)
        self._visual = {}
        self._solution_file = None

    def GetSystemContainer(self):
        """The SystemContainer this system was added to (None for a MainSystem made alone)."""
        return self._container

    @property
    def systemIsConsistent(self):
        """True when the system is assembled and unchanged since (Exudyn's flag, set by
        Assemble and cleared by adding, modifying or deleting items)."""
        return bool(self._core.sizes()["assembled"])

    def AssembleCoordinates(self):
        """Exudyn's first step of Assemble; coordyn assembles in one step: calls Assemble()."""
        self.Assemble()

    def AssembleLTGLists(self):
        """Exudyn's second step of Assemble; coordyn assembles in one step: calls Assemble()."""
        self.Assemble()

    def AssembleInitializeSystemCoordinates(self):
        """Exudyn's third step of Assemble (the current state becomes the initial one);
        coordyn assembles in one step: calls Assemble()."""
        self.Assemble()

    def AssembleSystemInitialize(self):
        """Exudyn's step of Assemble that initializes the items; calls Assemble()."""
        self.Assemble()

    def GetNodeODE2Index(self, nodeNumber):
        """Global index of a node's first ODE2 coordinate (after Assemble); an error for a node
        without ODE2 coordinates (Exudyn returns 0 for a ground node)."""
        return self._node_index(nodeNumber, "ODE2")

    def GetNodeODE1Index(self, nodeNumber):
        """Global index of a node's first ODE1 coordinate (after Assemble)."""
        return self._node_index(nodeNumber, "ODE1")

    def GetNodeAEIndex(self, nodeNumber):
        """Global index of a node's first AE coordinate (after Assemble)."""
        return self._node_index(nodeNumber, "AE")

    def _node_index(self, nodeNumber, which):
        i = self._number("node", nodeNumber, f"GetNode{which}Index")
        ltg = self._core.ltg_all(_core.KIND_NODE, i)[which]
        if not ltg:
            raise ValueError(f"GetNode{which}Index: node {i} ({self._get('node', i)['itemType']})"
                             f" has no {which} coordinates")
        return int(ltg[0])

    def GetAvailableFactoryItems(self):
        """The item types coordyn provides: {'Node': [...], 'Object': [...], 'Marker': [...],
        'Load': [...], 'Sensor': [...]} with full names ('NodePoint', 'ObjectMassPoint')."""
        from .items import ITEM_TYPES
        return {_prefix(k): sorted(t["name"] for t in ITEM_TYPES if t["kind"] == k)
                for k in _KINDS}

    def ComputeItem(self, itemIndex, what=None, localPosition=(0.0, 0.0, 0.0), vector=None):
        """Local quantities of an object at the current state (after Assemble), in the
        object's coordinates (its LTG lists), as Exudyn's ComputeItem: for an ObjectIndex and
        what = 'MassMatrix' (bodies), 'JacobianODE2' (d ODE2LHS / dq, ODE2LHS = -f + C_q^T
        lambda: the object's residual without the mass term), 'JacobianODE2_t' (d ODE2LHS /
        dq_t) or 'ConstraintJacobian' (constraints: dg/dq); Exudyn's ComputeItemType members
        are accepted. what=None gives the list of what applies. Nodes, markers and Exudyn's
        other ComputeItemType entries are not provided: NotImplementedError says so (use
        GetObjectJacobian, GetMarkerOutput, GetObjectOutputBody)."""
        if not isinstance(itemIndex, ObjectIndex):
            raise NotImplementedError(
                f"ComputeItem: coordyn computes items for an ObjectIndex only, got {itemIndex!r}; "
                "for markers and nodes use GetMarkerOutput/GetNodeOutput and GetObjectJacobian")
        i = self._number("object", itemIndex, "ComputeItem")
        if not self.systemIsConsistent:
            raise SolverError("ComputeItem: the system is not assembled: call mbs.Assemble()")
        ltg = self._core.ltg_all(_core.KIND_OBJECT, i)
        applies = []
        if ltg["ODE2"]:
            if self._core.object_parts(i)["mass"]:
                applies.append("MassMatrix")
            applies += ["JacobianODE2", "JacobianODE2_t"]
        if ltg["AE"] and ltg["ODE2"]:
            applies.append("ConstraintJacobian")
        which = getattr(what, "name", what)
        if which is None:
            return applies
        if which not in applies:
            raise NotImplementedError(
                f"ComputeItem: {which!r} is not provided for object {i} "
                f"({self._get('object', i)['itemType']}) by coordyn; what applies: {applies}")
        if which == "MassMatrix":
            return np.array(self._core.object_parts(i)["M"])
        key = {"JacobianODE2": "K", "JacobianODE2_t": "D", "ConstraintJacobian": "Cq"}[which]
        return np.array(self._core.object_jacobian(i, False, False)[key])

    def Inspect(self, itemIndex, what=None):
        """What an item provides, for a typed index (NodeIndex, ObjectIndex, MarkerIndex,
        LoadIndex, SensorIndex): with what=None a dict {'OutputVariables': [...]}, with
        what='OutputVariables' (or Exudyn's InspectType.OutputVariables) the list of the
        OutputVariableType members the item reports. Exudyn's other InspectType entries (type
        flags, requested node and marker types, access functions) are not provided: they raise
        NotImplementedError."""
        from .items import ITEM_TYPES
        kind = next((k for k, (_, c) in _KINDS.items() if isinstance(itemIndex, c)), None)
        if kind is None:
            raise TypeError(f"Inspect: expected a typed item index (NodeIndex, ObjectIndex, "
                            f"MarkerIndex, LoadIndex or SensorIndex), got {itemIndex!r}")
        i = self._number(kind, itemIndex, "Inspect")
        name = self._get(kind, i)["itemType"]
        outvars = [OutputVariableType[v] for t in ITEM_TYPES if t["name"] == name
                   for v in t["outputVariables"]]
        which = getattr(what, "name", what)
        if which is None:
            return {"OutputVariables": outvars}
        if which == "OutputVariables":
            return outvars
        raise NotImplementedError(f"Inspect: {which!r} is not provided by coordyn (only "
                                  "'OutputVariables'); the item classes' docstrings list each "
                                  "item's parameters, and mbs.GetObject(i) gives an item's values")

    def AddGeneralContact(self):
        """Not provided yet (general contact comes with the contact items in a later issue)."""
        raise NotImplementedError("mbs.AddGeneralContact is not provided by coordyn yet: "
                                  "GeneralContact comes with the contact items in a later issue")

    # Exudyn's Create functions for contact items, the distance sensor (GeneralContact ray
    # casting) and FFRF reduced-order bodies: those items come in later issues
    def CreateSphereSphereContact(self, *args, **kwargs):
        """Not provided yet: ObjectContactSphereSphere comes with the contact items."""
        raise NotImplementedError("mbs.CreateSphereSphereContact is not provided by coordyn "
                                  "yet: the contact items (ObjectContactSphereSphere) come in a "
                                  "later issue")

    def CreateSphereTriangleContact(self, *args, **kwargs):
        """Not provided yet: ObjectContactSphereTriangle comes with the contact items."""
        raise NotImplementedError("mbs.CreateSphereTriangleContact is not provided by coordyn "
                                  "yet: the contact items (ObjectContactSphereTriangle) come in "
                                  "a later issue")

    def CreateSphereQuadContact(self, *args, **kwargs):
        """Not provided yet: the sphere-quad contact comes with the contact items."""
        raise NotImplementedError("mbs.CreateSphereQuadContact is not provided by coordyn yet: "
                                  "the contact items (sphere-triangle contacts of a quad) come "
                                  "in a later issue")

    def CreateDistanceSensor(self, *args, **kwargs):
        """Not provided yet: the distance sensor casts rays in a GeneralContact."""
        raise NotImplementedError("mbs.CreateDistanceSensor is not provided by coordyn yet: it "
                                  "casts rays in a GeneralContact, which comes with the contact "
                                  "items in a later issue; a SensorUserFunction can compute a "
                                  "distance to known geometry meanwhile")

    def CreateDistanceSensorGeometry(self, *args, **kwargs):
        """Not provided yet: the distance sensor's geometry is a GeneralContact mesh."""
        raise NotImplementedError("mbs.CreateDistanceSensorGeometry is not provided by coordyn "
                                  "yet: it builds a GeneralContact mesh, which comes with the "
                                  "contact items in a later issue")

    def CreateFFRFReducedOrderObject(self, *args, **kwargs):
        """Not provided yet: ObjectFFRFreducedOrder comes with the floating-frame bodies."""
        raise NotImplementedError("mbs.CreateFFRFReducedOrderObject is not provided by coordyn "
                                  "yet: ObjectFFRFreducedOrder comes with the floating-frame "
                                  "(FFRF) bodies in a later issue; coordyn.FEM's FEMinterface "
                                  "already computes the modes and reduced matrices")

    def GetGeneralContact(self, generalContactNumber):
        """Not provided yet: coordyn has no GeneralContact (NumberOfGeneralContacts() is 0)."""
        raise NotImplementedError("mbs.GetGeneralContact: coordyn has no GeneralContact yet")

    def DeleteGeneralContact(self, generalContactNumber):
        """Not provided yet: coordyn has no GeneralContact (NumberOfGeneralContacts() is 0)."""
        raise NotImplementedError("mbs.DeleteGeneralContact: coordyn has no GeneralContact yet")

    def NumberOfGeneralContacts(self):
        """0: coordyn has no GeneralContact yet."""
        return 0

    def GetObjectOutputSuperElement(self, objectNumber, variableType, meshNodeNumber,
                                    configuration=ConfigurationType.Current):
        """Not provided yet: coordyn has no super elements (FFRF, GenericODE2 meshes)."""
        raise NotImplementedError("mbs.GetObjectOutputSuperElement is not provided by coordyn "
                                  "yet: the FFRF and mesh super elements come in a later issue")

    def ActivateRendering(self, flag=True):
        """Accepted for Exudyn scripts: coordyn's viewer shows solutions (SolutionViewer)."""
        return None

    def SendRedrawSignal(self):
        """Accepted for Exudyn scripts: coordyn's viewer has no window to redraw."""
        return None

    def GetRenderEngineStopFlag(self):
        """The flag SetRenderEngineStopFlag set (False: coordyn's viewer never sets it)."""
        return self._render_stop

    def SetRenderEngineStopFlag(self, stopFlag):
        """Set the flag GetRenderEngineStopFlag returns (coordyn has no render window)."""
        self._render_stop = bool(stopFlag)

    # the dictionary of the whole system and its state: copies, pickling
    def GetDictionary(self):
        """A full description of the system, from which SetDictionary rebuilds it: the item
        lists (nodeList, objectList, markerList, loadList, sensorList: each item's dict as
        Get... gives it, visualization entries included), variables, systemVariables (mbs.sys)
        and, for an assembled system, 'systemData': the Initial, Current and StartOfStep
        configurations with their times and the stored sensor data. copy.deepcopy and pickle use
        it: a rebuilt system continues a simulation bit for bit."""
        from . import __version__
        d = {"__version__": __version__}
        for kind in _KINDS:
            lst = []
            for i in range(self._core.count(_KINDS[kind][0])):
                it = self._get(kind, i)
                lst.append({k: (int(v) if isinstance(v, (NodeIndex, ObjectIndex, MarkerIndex,
                                                          LoadIndex, SensorIndex)) else
                                [int(x) for x in v] if isinstance(v, list) and v and
                                isinstance(v[0], (NodeIndex, ObjectIndex, MarkerIndex,
                                                  LoadIndex, SensorIndex)) else v)
                            for k, v in it.items()})
            d[kind + "List"] = lst
        d["variables"] = self.variables
        d["systemVariables"] = self.sys
        uf = {}
        for name in _SYSTEM_USER_FUNCTIONS:  # the system's user functions, where provided
            getter = getattr(self, "Get" + name, None)
            if getter is not None:
                uf[name] = getter()
        d["userFunctions"] = uf
        d["systemData"] = self._state_dict()
        return d

    def _state_dict(self):
        s = self._core.sizes()
        if not s["assembled"]:
            return {"assembled": False}
        core = self._core
        st = {"assembled": True,
              "Initial": [core.get_coords(w, 1) for w in (_Q, _V, _LAM, _Y, _DATA)]}
        for name, cfg in (("Current", 0), ("StartOfStep", 3)):
            st[name] = [core.get_coords(w, cfg) for w in range(7)] + [core.time(None, cfg)]
        data = []
        for i in range(self.NumberOfSensors()):
            try:
                a = core.sensor_data(i)
                data.append(np.array(a) if a.size else None)
            except ValueError:  # storeInternal=False
                data.append(None)
        st["sensorData"] = data
        return st

    def SetDictionary(self, systemDict):
        """Rebuild the system from a dict as GetDictionary gives it: the items (added in an
        order that satisfies their references), variables and, if the dict holds an assembled
        state, Assemble and every configuration, time and stored sensor data."""
        if not isinstance(systemDict, dict) or "nodeList" not in systemDict:
            raise ValueError("SetDictionary: expected a dict as mbs.GetDictionary() returns "
                             "(with nodeList, objectList, markerList, loadList, sensorList)")
        lists = {k: list(systemDict.get(k + "List", [])) for k in _KINDS}
        self._check_dangling(lists, "SetDictionary")
        self.Reset()
        self._add_in_order(lists)
        self.variables = systemDict.get("variables", {})
        self.sys = systemDict.get("systemVariables", {})
        for name, fn in systemDict.get("userFunctions", {}).items():
            setter = getattr(self, "Set" + name, None)
            if setter is not None and fn not in (0, None):
                setter(fn)
            elif fn not in (0, None):
                raise ValueError(f"SetDictionary: this coordyn has no Set{name}")
        self._set_state_dict(systemDict.get("systemData", {"assembled": False}))

    def _add_in_order(self, lists):
        """add the items of lists {kind: [dict]} in each kind's order, interleaving the kinds
        so that every reference names an item already added"""
        pos = {k: 0 for k in _KINDS}
        total = sum(len(v) for v in lists.values())
        added = 0
        while added < total:
            progress = False
            for kind in _KINDS:
                while pos[kind] < len(lists[kind]):
                    d = {k: _foreign_enum(v) for k, v in lists[kind][pos[kind]].items()}
                    if "itemType" in d:  # the full type name: no ambiguity
                        d[TYPE_KEYS[kind]] = d.pop("itemType")
                    cls = _item_class(kind, d.get(TYPE_KEYS[kind]))
                    if cls is not None and not self._refs_ready(cls, d):
                        break
                    self._add(kind, d)
                    pos[kind] += 1
                    added += 1
                    progress = True
            if not progress:
                kind = next(k for k in _KINDS if pos[k] < len(lists[k]))
                raise ValueError(f"SetDictionary: {kind} {pos[kind]} refers to items that cannot "
                                 "be added before it")

    @staticmethod
    def _check_dangling(lists, what):
        """a clear error for an item whose reference a Delete... left at -1: such an item
        cannot be added again, so the system cannot be rebuilt (copied, unpickled)"""
        for kind in _KINDS:
            for i, d in enumerate(lists.get(kind, [])):
                cls = _item_class(kind, d.get("itemType", d.get(TYPE_KEYS[kind])))
                for f in cls._fields if cls is not None else []:
                    if f["alias_of"] or f["type"] not in ("index", "indexlist") or not f["ref"]:
                        continue
                    v = d.get(f["name"], 0)
                    if any(int(x) < 0 for x in (v if isinstance(v, (list, tuple, np.ndarray))
                                                else [v])):
                        name = f" '{d['name']}'" if d.get("name") else ""
                        raise ValueError(
                            f"{what}: {kind} {i} ({cls.__name__}{name}) has {f['name']} = {v} "
                            f"(a deleted {f['ref']}); set it (Set{_prefix(kind)}Parameter) or "
                            f"delete the {kind} first")

    def _refs_ready(self, cls, d):
        for f in cls._fields:
            if f["alias_of"] or f["type"] not in ("index", "indexlist") or not f["ref"]:
                continue
            v = d.get(f["name"], -1)
            n = self._core.count(_KINDS[f["ref"]][0])
            if any(int(x) >= n for x in (v if isinstance(v, (list, tuple, np.ndarray)) else [v])):
                return False
        return True

    def _set_state_dict(self, st):
        if not st.get("assembled"):
            return
        core = self._core
        self.Assemble()
        for w, x in zip((_Q, _V, _LAM, _Y, _DATA), st["Initial"]):
            if len(x):
                core.set_coords(x, w, 1)
        for name, cfg in (("Current", 0), ("StartOfStep", 3)):
            for w, x in enumerate(st[name][:7]):
                if len(x):
                    core.set_coords(x, w, cfg)
            core.time(float(st[name][7]), cfg)
        data = st.get("sensorData", [])
        if any(x is not None for x in data):
            core.set_sensor_data(list(data))

    def __getstate__(self):
        import pickle
        d = self.GetDictionary()
        self._check_dangling({k: d[k + "List"] for k in _KINDS}, "cannot pickle the MainSystem")
        for kind in _KINDS:  # name the item whose user function cannot be pickled
            for i, it in enumerate(d[kind + "List"]):
                for k, v in it.items():
                    if callable(v) and not isinstance(v, type):
                        try:
                            pickle.dumps(v)
                        except Exception as e:
                            raise pickle.PicklingError(
                                f"cannot pickle the MainSystem: {kind} {i} ({it['itemType']}"
                                + (f" '{it['name']}'" if it.get("name") else "") +
                                f") has the user function {k}={v!r}, which cannot be pickled "
                                f"({e}); define it with def at module level (not a lambda or "
                                "a nested function)") from None
        for key in ("variables", "systemVariables", "userFunctions"):
            try:
                pickle.dumps(d[key])
            except Exception as e:
                raise pickle.PicklingError(f"cannot pickle the MainSystem: its {key} cannot be "
                                           f"pickled ({e})") from None
        return d

    def __setstate__(self, d):
        MainSystem.__init__(self)
        self.SetDictionary(d)

    def __deepcopy__(self, memo):
        import copy
        new = MainSystem()
        memo[id(self)] = new
        new.SetDictionary(copy.deepcopy(self.GetDictionary(), memo))
        return new

    def __copy__(self):
        """A copy of the system (items and state): the same as copy.deepcopy except that
        variables and sys are shared."""
        new = MainSystem()
        new.SetDictionary(self.GetDictionary())
        return new

    # -- assembling and solving
    def Assemble(self):
        """Assign coordinates and multipliers and build the Newton matrix pattern.
        The current configuration is set to the initial one."""
        self._core.assemble()

    def SolveDynamic(self, simulationSettings=None, updateInitialValues=False, solverType=None,
                     **kwargs):
        """Generalized-alpha time integration; returns True, raises SolverError on failure."""
        return SolveDynamic(self, simulationSettings, updateInitialValues=updateInitialValues,
                            solverType=solverType, **kwargs)

    def SolveStatic(self, simulationSettings=None, updateInitialValues=False, **kwargs):
        """Static equilibrium with load steps; returns True, raises SolverError on failure."""
        return SolveStatic(self, simulationSettings, updateInitialValues=updateInitialValues,
                           **kwargs)

    def GetSolverStatistics(self):
        """Statistics of the last solve (steps, Newton iterations, factorizations, ...)."""
        return self._core.stats()

    # -- outputs
    def _output(self, kind, i, variableType, configuration, localPosition=None):
        var = OutputVariableType(variableType)
        out = self._core.output(_KINDS[kind][0], int(i), int(var),
                                int(ConfigurationType(configuration)), localPosition)
        if var in (OutputVariableType.HomogeneousTransformation,
                   OutputVariableType.HomogeneousTransformationLocal):
            out = out.reshape(4, 4)  # a 4 x 4 matrix, as Exudyn returns it
        return out

    def GetNodeOutput(self, nodeNumber, variableType, configuration=ConfigurationType.Current):
        """Output variable of a node: array, or float for a single value."""
        return self._output("node", nodeNumber, variableType, configuration)

    def GetObjectOutput(self, objectNumber, variableType, configuration=ConfigurationType.Current):
        """Output variable of an object (connector force, distance, ...)."""
        return self._output("object", objectNumber, variableType, configuration)

    def GetObjectOutputBody(self, objectNumber, variableType, localPosition=(0, 0, 0),
                            configuration=ConfigurationType.Current):
        """Position, displacement, velocity or acceleration of a point on a body."""
        return self._output("object", objectNumber, variableType, configuration,
                            list(localPosition))

    def GetMarkerOutput(self, markerNumber, variableType, configuration=ConfigurationType.Current):
        """An output variable of a marker (Position, Velocity, Rotation, ...)."""
        return self._output("marker", markerNumber, variableType, configuration)

    def GetLoadValues(self, loadNumber):
        """Current value of a load (vector or scalar; user functions evaluated at the current time)."""
        return self._output("load", loadNumber, OutputVariableType.Force, ConfigurationType.Current)

    def GetSensorValues(self, sensorNumber, configuration=ConfigurationType.Current):
        """The value a sensor reads in the given configuration: a float when the sensor reads
        one value (as Exudyn returns it), else a NumPy array."""
        import numpy as np
        values = np.asarray(self._sensor_values(sensorNumber, configuration), dtype=float)
        if values.size == 1:
            return float(values.reshape(-1)[0])
        return values

    def _sensor_values(self, sensorNumber, configuration):
        p = self.GetSensor(sensorNumber)
        t = p["sensorType"]
        var = p.get("outputVariableType", OutputVariableType.Force)
        if t == "Node":
            return self.GetNodeOutput(p["nodeNumber"], var, configuration)
        if t == "Object":
            return self.GetObjectOutput(p["objectNumber"], var, configuration)
        if t == "Body":
            return self.GetObjectOutputBody(p["bodyNumber"], var, p["localPosition"], configuration)
        if t == "Marker":
            return self.GetMarkerOutput(p["markerNumber"], var, configuration)
        if t == "KinematicTree":  # the sensor computes its values (a link's point)
            return self._output("sensor", sensorNumber, var, configuration)
        if t == "UserFunction":  # f(mbs, t, sensorNumbers, factors, configuration)
            return p["sensorUserFunction"](
                self, self.systemData.GetTime(), [int(i) for i in p["sensorNumbers"]],
                list(p["factors"]), ConfigurationType(configuration))
        return self.GetLoadValues(p["loadNumber"])

    def GetSensorStoredData(self, sensorNumber):
        """Stored sensor data of the last solve: rows [time, values...] (read-only view)."""
        return self._core.sensor_data(int(sensorNumber))

    def GetSensorStoredDataFrame(self, sensorNumber):
        """Stored sensor data of the last solve as a pandas DataFrame with named columns
        ('time', 'x', 'y', 'z', ...; see coordyn.results.dataframes.sensor_dataframe)."""
        from .results.dataframes import sensor_dataframe
        return sensor_dataframe(self, sensorNumber)

    def SolutionViewer(self, solution=None, rowIncrement=1, timeout=0.04, runOnStart=True,
                       runMode=2, fontSize=12, title="", checkRenderEngineStopFlag=True,
                       windowSize=None):
        """Show the motion of the last solve (its solution file, or `solution` from
        LoadSolutionFile) in coordyn.viewer: the widget in a notebook, elsewhere an HTML page
        opened in the browser. Returns the Viewer (save_html, save_png, save_video)."""
        from .viewer import solution_viewer
        return solution_viewer(self, solution, rowIncrement, timeout, runOnStart, runMode,
                               fontSize, title, checkRenderEngineStopFlag, windowSize)

    def WaitForUserToContinue(self, printMessage=True):
        """Returns at once: coordyn's viewer has no window that waits for a key."""
        return None

    def DrawSystemGraph(self, showLoads=True, showSensors=True, useItemNames=False,
                        useItemTypes=False, addItemTypeNames=True, multiLine=True,
                        fontSizeFactor=1., layoutDistanceFactor=3., layoutIterations=100,
                        showLegend=True, tightLayout=True, showGraph=True, addItemData=False,
                        addAnnotations=False) -> list:
        """The items and their references as a networkx graph, drawn with matplotlib
        (coordyn.systemgraph.DrawSystemGraph); returns [networkx, G, labels]."""
        from .systemgraph import DrawSystemGraph
        return DrawSystemGraph(self, showLoads, showSensors, useItemNames, useItemTypes,
                               addItemTypeNames, multiLine, fontSizeFactor,
                               layoutDistanceFactor, layoutIterations, showLegend, tightLayout,
                               showGraph, addItemData, addAnnotations)

    def PlotSensor(self, *args, **kwargs):
        """Plot sensor data with matplotlib: coordyn.plot.PlotSensor(mbs, sensorNumbers,
        components, ...) with Exudyn's arguments; returns [plt, fig, ax, line]."""
        from .plot import PlotSensor
        return PlotSensor(self, *args, **kwargs)

    # -- Jacobians (for tests and analysis)
    def GetObjectJacobian(self, objectNumber, numerical=False, index2=False):
        """Local Jacobians of an object at the current state: dict with K = dr2/dq,
        D = dr2/dq_t, Cq (the constraint Jacobian), Gq, Gv (derivatives of the algebraic
        residual) and 'analytic' (False if numerical differentiation was used). For the objects
        that couple coordinate kinds (ObjectGenericAE, ObjectCoordinateCoupling): J, the
        derivative of their rows [ODE2 forces (nq); equations; ODE1 rates (n1)] with respect to
        their coordinates [q (nq), q_t (nq), algebraic variables x, ODE1 y], and 'analytic'."""
        return self._core.object_jacobian(int(objectNumber), bool(numerical), bool(index2))

    def GetLoadJacobian(self, loadNumber, numerical=False):
        """Local Jacobian of a load at the current state, at load factor 1: dict with
        K = d(-f)/dq over the load's coordinates (f its generalized force; the load's share of
        the residual's K) and 'analytic' (False if numerical differentiation was used)."""
        return self._core.load_jacobian(int(loadNumber), bool(numerical))

    # -- system user functions (Exudyn's MainSystem.Set/Get...UserFunction; docs/user_functions.rst).
    # The engine calls them where Exudyn's solvers do (csrc/solvers/cd_driver.c, cd_newton.c);
    # while one runs, it may change item parameters (SetObjectParameter, ...) and the current
    # coordinates (systemData.SetODE2Coordinates) of the solve
    _SYSTEM_FUNCTIONS = ("PreStepUserFunction", "PostStepUserFunction", "PostNewtonUserFunction",
                         "PreNewtonResidualUserFunction", "SystemJacobianUserFunction")

    def _set_system_function(self, which, value, wrap=None):
        name = self._SYSTEM_FUNCTIONS[which]
        if isinstance(value, dict):   # Exudyn's form, as its getters give it
            if set(value) != {"function", "type"} or value["type"] not in ("Python", "Symbolic"):
                raise TypeError(f"Set{name}: a dict must be {{'function': f, 'type': 'Python' "
                                f"or 'Symbolic'}} (what Exudyn's getters give), got keys "
                                f"{sorted(value)}")
            value = value["function"]
        if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
            value = None
        if value is not None and not callable(value):
            raise TypeError(f"Set{name}: expected a Python function (or 0 to erase it), got "
                            f"{type(value).__name__}")
        self._core.set_system_function(which, None if value is None else
                                       (wrap(value) if wrap else value))
        self.__dict__.setdefault("_system_functions", {})[which] = value

    def _get_system_function(self, which, asDict):
        f = self.__dict__.get("_system_functions", {}).get(which)
        if f is None:
            return 0
        if asDict:   # Exudyn's dictionary form
            from .symbolic import UserFunction
            return {"function": f,
                    "type": "Symbolic" if isinstance(f, UserFunction) else "Python"}
        return f

    def SetPreStepUserFunction(self, value):
        """Set PreStepUserFunction(mbs, t) -> bool, called before every step (t: the end of the
        step; again when a step is retried smaller); False (or None) stops the solve after this
        step; 0 erases it."""
        self._set_system_function(0, value)

    def GetPreStepUserFunction(self, asDict=False):
        """The PreStepUserFunction (0 if none); asDict=True: Exudyn's form {'function': f,
        'type': 'Python'} ('Symbolic' for a symbolic.UserFunction)."""
        return self._get_system_function(0, asDict)

    def SetPostStepUserFunction(self, value):
        """Set PostStepUserFunction(mbs, t) -> bool, called after every accepted step (and once
        at the start), after the discontinuous iterations and before sensors and the solution
        file record; False (or None) stops the solve after this step; 0 erases it."""
        self._set_system_function(1, value)

    def GetPostStepUserFunction(self, asDict=False):
        """The PostStepUserFunction (0 if none); asDict=True: Exudyn's form {'function': f,
        'type': 'Python'} ('Symbolic' for a symbolic.UserFunction)."""
        return self._get_system_function(1, asDict)

    def SetPostNewtonUserFunction(self, value):
        """Set PostNewtonUserFunction(mbs, t) -> [discontinuousError, recommendedStepSize],
        called after every converged Newton solve of a step: while the absolute value of
        discontinuousError (plus the items' own errors) exceeds discontinuous.iterationTolerance,
        the step is solved again from its start (at most discontinuous.maxIterations solves); a
        recommendedStepSize >= 0 below the step size retakes the step at that size (0: the
        minimum step; < 0: no recommendation); 0 erases it."""
        self._set_system_function(2, value)

    def GetPostNewtonUserFunction(self, asDict=False):
        """The PostNewtonUserFunction (0 if none); asDict=True: Exudyn's form {'function': f,
        'type': 'Python'} ('Symbolic' for a symbolic.UserFunction)."""
        return self._get_system_function(2, asDict)

    def SetPreNewtonResidualUserFunction(self, value):
        """Set PreNewtonResidualUserFunction(mbs, t, newtonIt, discontinuousIt), called before
        every residual evaluation of Newton (newtonIt 0: the first of a Newton solve), not
        before Jacobian evaluations; its return value is ignored; 0 erases it."""
        self._set_system_function(3, value)

    def GetPreNewtonResidualUserFunction(self, asDict=False):
        """The PreNewtonResidualUserFunction (0 if none); asDict=True: Exudyn's form {'function': f,
        'type': 'Python'} ('Symbolic' for a symbolic.UserFunction)."""
        return self._get_system_function(3, asDict)

    def SetSystemJacobianUserFunction(self, value):
        """Set SystemJacobianUserFunction(mbs, t, factorODE2, factorODE2_t, factorODE1) ->
        MatrixContainer (or a 2D array or scipy sparse matrix), called after every Newton matrix
        evaluation: its entries, derivatives of the right-hand side times the factors
        (a spring of stiffness k on coordinate i: [[i, i, -factorODE2 k]]), are added to the
        Newton matrix. Unknowns are ordered as in Exudyn [ODE2, ODE1, AE]; every entry must lie
        in the matrix pattern of the items (an error names it otherwise); 0 erases it."""
        self._set_system_function(4, value, _jacobian_triplet_function)

    def GetSystemJacobianUserFunction(self, asDict=False):
        """The SystemJacobianUserFunction (0 if none); asDict=True: Exudyn's form {'function': f,
        'type': 'Python'} ('Symbolic' for a symbolic.UserFunction)."""
        return self._get_system_function(4, asDict)

    # -- Create* helpers (Exudyn's mainSystemExtensions): the functions of coordyn.create, with
    # their annotations and docstrings, as methods (a function assigned in the class body is a
    # method for Python, editors and type checkers alike); tests/create checks that every
    # function in coordyn.create.__all__ is here
    CreateGround = _create.CreateGround
    CreateMassPoint = _create.CreateMassPoint
    CreateRigidBody = _create.CreateRigidBody
    CreateDistanceConstraint = _create.CreateDistanceConstraint
    CreateSpringDamper = _create.CreateSpringDamper
    CreateGenericJoint = _create.CreateGenericJoint
    CreatePrismaticJoint = _create.CreatePrismaticJoint
    CreateRevoluteJoint = _create.CreateRevoluteJoint
    CreateSphericalJoint = _create.CreateSphericalJoint
    CreateForce = _create.CreateForce
    CreateTorque = _create.CreateTorque
    CreateCartesianSpringDamper = _create.CreateCartesianSpringDamper
    CreateRigidBodySpringDamper = _create.CreateRigidBodySpringDamper
    CreateTorsionalSpringDamper = _create.CreateTorsionalSpringDamper
    CreateLinearSpringDamper = _create.CreateLinearSpringDamper
    CreateCoordinateConstraint = _create.CreateCoordinateConstraint
    CreateRollingDisc = _create.CreateRollingDisc
    CreateRollingDiscPenalty = _create.CreateRollingDiscPenalty
    CreateKinematicTree = _create.CreateKinematicTree

    def __repr__(self):
        s = self._core.sizes()
        return (f"<coordyn.MainSystem: {self.NumberOfNodes()} nodes, {self.NumberOfObjects()} "
                f"objects, {self.NumberOfMarkers()} markers, {self.NumberOfLoads()} loads, "
                f"{self.NumberOfSensors()} sensors; {s['ODE2']} ODE2 coordinates, {s['AE']} "
                f"multipliers{'' if s['assembled'] else ' (not assembled)'}>")


def _jacobian_triplet_function(fn):
    """The SystemJacobianUserFunction fn as the engine calls it: its matrix as k x 3 triplets."""
    import numpy as np

    def triplets(mbs, t, factorODE2, factorODE2_t, factorODE1):
        m = fn(mbs, t, factorODE2, factorODE2_t, factorODE1)
        if hasattr(m, "GetTriplets"):              # MatrixContainer
            return np.ascontiguousarray(m.GetTriplets(), dtype=float).reshape(-1, 3)
        if hasattr(m, "tocoo"):                    # scipy sparse
            c = m.tocoo()
            return np.column_stack([c.row, c.col, c.data]).astype(float)
        a = np.asarray(m, dtype=float)
        if a.ndim != 2:
            raise TypeError(f"SystemJacobianUserFunction must return a MatrixContainer, a 2D "
                            f"array or a scipy sparse matrix, got {type(m).__name__}")
        r, c = np.nonzero(a)
        return np.column_stack([r, c, a[r, c]]).astype(float)
    return triplets


class SystemContainer:
    """Holds systems (Exudyn's SC); AddSystem() creates a MainSystem."""

    def __init__(self) -> None:
        from .viewer.renderer import Renderer, attach
        self.systems: List[MainSystem] = []
        self._visualizationSettings = None       # made when first used
        self.renderer = Renderer(self)
        attach(self)    # the container exu.StartRenderer() acts on, as in Exudyn

    def AddSystem(self) -> MainSystem:
        """Create a new MainSystem, keep it in this container and return it."""
        mbs = MainSystem()
        mbs._container = self
        self.systems.append(mbs)
        return mbs

    @property
    def visualizationSettings(self):
        """Exudyn's visualization settings (coordyn.VisualizationSettings): what the viewer
        draws, its sizes and colours."""
        if self._visualizationSettings is None:
            from .visualization import VisualizationSettings
            self._visualizationSettings = VisualizationSettings()
        return self._visualizationSettings

    @visualizationSettings.setter
    def visualizationSettings(self, value):
        from .visualization import VisualizationSettings
        if not isinstance(value, VisualizationSettings):
            raise TypeError("SystemContainer.visualizationSettings must be a "
                            f"coordyn.VisualizationSettings, got {type(value).__name__}")
        self._visualizationSettings = value

    # Exudyn's older names of the renderer's functions (SC.renderer.*)
    def GetRenderState(self):
        """The view state: SC.renderer.GetState()."""
        return self.renderer.GetState()

    def SetRenderState(self, renderState, waitForRendererFullStartup=True):
        """Set the view state: SC.renderer.SetState(renderState)."""
        return self.renderer.SetState(renderState, waitForRendererFullStartup)

    def RedrawAndSaveImage(self):
        """Save a PNG of the first system's current state: SC.renderer.RedrawAndSaveImage()."""
        return self.renderer.RedrawAndSaveImage()

    def SendRedrawSignal(self):
        """Returns at once: SC.renderer.SendRedrawSignal()."""
        return self.renderer.SendRedrawSignal()

    def GetCurrentMouseCoordinates(self, useOpenGLcoordinates=True):
        """[0.0, 0.0]: coordyn opens no window, so there is no mouse over it."""
        return [0.0, 0.0]

    def AttachToRenderEngine(self):
        """Make this container the one StartRenderer/StopRenderer act on."""
        from .viewer.renderer import attach
        attach(self)
        return True

    def DetachFromRenderEngine(self):
        """Accepted for Exudyn scripts (coordyn's viewer has no render engine to leave)."""
        return True

    def WaitForRenderEngineStopFlag(self):
        """Returns at once: coordyn's viewer has no window to wait for."""
        return None

    def RenderEngineZoomAll(self):
        """Accepted for Exudyn scripts: the viewer fits the scene itself."""
        return None

    def NumberOfSystems(self) -> int:
        """Number of systems in this container."""
        return len(self.systems)

    def AppendSystem(self, mainSystem: MainSystem) -> int:
        """Add an existing MainSystem (made with coordyn.MainSystem() or taken from another
        container) to this container; returns its number here."""
        if not isinstance(mainSystem, MainSystem):
            raise TypeError(f"AppendSystem expects a coordyn.MainSystem, got "
                            f"{type(mainSystem).__name__}")
        if any(m is mainSystem for m in self.systems):
            raise ValueError("AppendSystem: this MainSystem is already in the container (number "
                             f"{next(i for i, m in enumerate(self.systems) if m is mainSystem)})")
        mainSystem._container = self
        self.systems.append(mainSystem)
        return len(self.systems) - 1

    def GetDictionary(self) -> dict:
        """The container as a dict: 'systems' (each system's GetDictionary(), with its state)
        and 'visualizationSettings'; SetDictionary rebuilds it, pickle and copy use it."""
        from . import __version__
        vis = self._visualizationSettings
        return {"__version__": __version__,
                "systems": [m.GetDictionary() for m in self.systems],
                "visualizationSettings": None if vis is None else vis.GetDictionary()}

    def SetDictionary(self, containerDict: dict) -> None:
        """Replace the systems (and visualization settings) by those of a dict as
        GetDictionary returns it."""
        if not isinstance(containerDict, dict) or "systems" not in containerDict:
            raise ValueError("SystemContainer.SetDictionary: expected a dict as "
                             "SC.GetDictionary() returns (with 'systems')")
        self.systems = []
        for d in containerDict["systems"]:
            self.AddSystem().SetDictionary(d)
        vis = containerDict.get("visualizationSettings")
        self._visualizationSettings = None
        if vis is not None:
            self.visualizationSettings.SetDictionary(vis)

    def __getstate__(self):
        for i, m in enumerate(self.systems):   # the errors name the system and the item
            try:
                m.__getstate__()
            except Exception as e:
                import pickle
                raise pickle.PicklingError(f"SystemContainer system {i}: {e}") from None
        return self.GetDictionary()

    def __setstate__(self, d):
        SystemContainer.__init__(self)
        self.SetDictionary(d)

    def __deepcopy__(self, memo):
        import copy
        new = SystemContainer()
        memo[id(self)] = new
        new.SetDictionary(copy.deepcopy(self.GetDictionary(), memo))
        return new

    def GetSystem(self, systemNumber: int) -> MainSystem:
        """The system with this number."""
        return self.systems[systemNumber]

    def Reset(self) -> None:
        """Remove all systems from this container."""
        self.systems.clear()


class RedundantConstraintWarning(UserWarning):
    """A solve removed constraint equations that depend on the others (redundant constraints,
    or a singular configuration passed) and went on with minimum-norm multipliers."""


def _redundant_message(mbs, stats, shown=6):
    from .dof import describe_equations
    n, rows = stats["redundantConstraints"], stats["redundantEquations"]
    names = [e["description"] for e in describe_equations(mbs, rows[:shown])]
    more = n - len(names)
    where = "at the start of the solve" if stats["redundantAtStart"] else \
        f"at t = {stats['redundantFirstFoundAt']:.6g} (a singular Newton matrix)"
    msg = (f"{n} constraint equation(s) depend on the others (redundant constraints, or a "
           f"singular configuration), found {where}: " + "; ".join(names) + (f"; and {more} more" if more > 0 else "") +
           ". They were removed from the Newton matrix; they still hold, and the constraint "
           "forces are unchanged")
    msg += (", the multipliers reported are the minimum-norm ones (shared among the "
            "redundant joints)" if stats["minimumNormMultipliers"] else
            "; the multipliers of the removed equations are zero (too many for minimum-norm "
            "multipliers)")
    if stats["redundantSelections"] > 1:
        msg += (f". The set was chosen {stats['redundantSelections']} times as the "
                "configuration changed (singular configurations passed)")
    return msg + (". linearSolverSettings.handleRedundantConstraints = False makes a singular "
                  "Newton matrix an error instead")


def _with_solution_file(flat):
    """flat with the solution file's name as Exudyn resolves it ('.txt', binary '.sol', appended
    to a name without a dot), its folder created; the engine opens the file and names it if it cannot"""
    key = "solutionSettings.coordinatesSolutionFileName"
    if not flat.get("solutionSettings.writeSolutionToFile"):
        return flat
    name = flat[key]
    if not isinstance(name, str) or not name:
        raise ValueError(f"{key} must be a non-empty str when writeSolutionToFile is True, "
                         f"got {name!r}")
    if "." not in name:
        name += ".sol" if flat.get("solutionSettings.binarySolutionFile") else ".txt"
    folder = os.path.dirname(name)
    if folder:
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError:
            pass  # the engine's error names the file
    flat[key] = name
    return flat


def _solve(mbs, settings, static, updateInitialValues):
    from .results.progress import make_progress
    if settings is None:
        settings = SimulationSettings()
    if not isinstance(settings, SimulationSettings):
        raise TypeError(f"simulationSettings must be a coordyn.SimulationSettings, got "
                        f"{type(settings).__name__}")
    if not isinstance(mbs, MainSystem):
        raise TypeError(f"expected a coordyn.MainSystem, got {type(mbs).__name__}")
    ga = settings.timeIntegration.generalizedAlpha
    undamped = ga.newmarkGamma == 0.5 if ga.useNewmark else ga.spectralRadius == 1
    if (not static and undamped and not ga.useIndex2Constraints
            and settings.timeIntegration.solverType <= 2  # the implicit solvers
            and mbs._core.sizes()["AE"] > mbs._core.sizes()["AEvariables"]):
        import warnings
        warnings.warn("an undamped integrator (spectralRadius = 1, or Newmark with newmarkGamma "
                      "= 0.5) with index-3 constraints does not damp the multipliers: they may "
                      "oscillate with growing amplitude. Use spectralRadius < 1, or useNewmark = "
                      "useIndex2Constraints = True",
                      UserWarning, stacklevel=3)
    if not static and settings.timeIntegration.computeConsistentInitialConditions:
        mbs.ComputeConsistentInitialConditions(simulationSettings=settings)
    make_sensor_dirs(mbs)
    from . import __version__
    from .results.progress import LOG
    progress = make_progress(settings, static, __version__)
    if getattr(mbs, "_live_viewers", None):      # coordyn.viewer.live: widgets that follow
        from .viewer.live import LiveProgress
        progress = LiveProgress(progress, mbs._live_viewers)
    kind = "static" if static else "dynamic"
    stats, failure = None, "failed"
    flat = _with_solution_file(settings._all())
    renderer = getattr(mbs._container, "renderer", None)
    if renderer is not None and not flat.get("solutionSettings.writeSolutionToFile"):
        name = renderer.solution_file_for(mbs)   # a started renderer keeps the motion
        if name:
            flat["solutionSettings.writeSolutionToFile"] = True
            flat["solutionSettings.coordinatesSolutionFileName"] = name
            flat["solutionSettings.binarySolutionFile"] = False
    written = (flat["solutionSettings.coordinatesSolutionFileName"]
               if flat.get("solutionSettings.writeSolutionToFile") else None)
    try:
        if progress is not None and getattr(progress, "verbose", 0):
            stats = mbs._core.solve(static, flat, progress, progress.event,
                                    int(progress.verbose))
        else:
            stats = mbs._core.solve(static, flat, progress)
        failure = None
    except KeyboardInterrupt:
        failure = "interrupted"
        LOG.warning("%s solve interrupted", kind)
        raise
    except SolverError as e:
        failure = "failed: " + str(e).split(";")[0][:100]
        LOG.error("%s solve failed: %s", kind, e)
        if "singular" not in str(e):
            raise
        from .diagnose import DiagnoseSingularSystem
        why = DiagnoseSingularSystem(mbs, simulationSettings=settings)
        if not why:
            raise
        raise SolverError(f"{e}\n{why}") from None
    except BaseException as e:
        failure = f"failed: {type(e).__name__}"
        raise
    finally:
        if progress is not None:
            progress.close(stats, failure)
    if written:
        mbs._solution_file = written
        if renderer is not None:
            renderer.solved(mbs, written)
    LOG.info("%s solve: %d steps, %d Newton iterations, %.3g s", kind, stats["steps"],
             stats["newtonIterations"], stats["cpuTime"])
    if stats.get("redundantConstraints"):
        import warnings
        msg = _redundant_message(mbs, stats)
        LOG.warning(msg)
        warnings.warn(msg, RedundantConstraintWarning, stacklevel=3)
    if updateInitialValues:
        mbs.systemData.SetODE2Coordinates(mbs.systemData.GetODE2Coordinates(),
                                          ConfigurationType.Initial)
        mbs.systemData.SetODE2Coordinates_t(mbs.systemData.GetODE2Coordinates_t(),
                                            ConfigurationType.Initial)
        # the multipliers too (used only by the linearized analysis: the constraints' geometric
        # stiffness at the equilibrium; solves compute their own multipliers)
        mbs.systemData.SetAECoordinates(mbs.systemData.GetAECoordinates(),
                                        ConfigurationType.Initial)
    if settings.displayStatistics or settings.displayComputationTime:
        print(f"coordyn {'static' if static else 'dynamic'} solve: " +
              ", ".join(f"{k}={v}" for k, v in stats.items()), file=sys.stdout)
    return True


def SolveDynamic(mbs, simulationSettings=None, updateInitialValues=False, solverType=None,
                 **kwargs):
    """Time integration of mbs from its initial configuration: generalized-alpha with index-3
    constraints by default (see timeIntegration.generalizedAlpha for the options).

    solverType (a DynamicSolverType) takes the place of timeIntegration.solverType for this
    solve, as in Exudyn; the settings object is not changed. TrapezoidalIndex2 is the
    trapezoidal rule (Newmark with beta = 1/4, gamma = 1/2) with index-2 constraints;
    ExplicitEuler, ExplicitMidpoint, RK33, RK44, RK67, ODE23, DOPRI5, DVERK6 and VelocityVerlet
    are the explicit integrators (timeIntegration.explicitIntegration, automaticStepSize).
    Returns True; raises SolverError (with the time, step size and the items that dominate the
    residual) when Newton fails at the minimum step. Sensor data and the state up to the last
    good step are kept."""
    _check_kwargs(kwargs, mbs, "SolveDynamic")
    from . import DynamicSolverType
    if simulationSettings is None:
        simulationSettings = SimulationSettings()
    if not isinstance(simulationSettings, SimulationSettings):
        raise TypeError(f"simulationSettings must be a coordyn.SimulationSettings, got "
                        f"{type(simulationSettings).__name__}")
    given = solverType
    if solverType is None:
        solverType = simulationSettings.timeIntegration.solverType
    what = "solverType" if given is not None else "timeIntegration.solverType"
    if isinstance(solverType, bool) or not isinstance(solverType, (int, DynamicSolverType)):
        raise TypeError(f"{what} must be a coordyn.DynamicSolverType, got {solverType!r}")
    try:
        solverType = DynamicSolverType(int(solverType))
    except ValueError:
        raise ValueError(f"{what} must be a coordyn.DynamicSolverType "
                         f"({', '.join(m.name for m in DynamicSolverType)}), got "
                         f"{solverType!r}") from None
    if solverType != int(simulationSettings.timeIntegration.solverType) or \
            solverType == DynamicSolverType.TrapezoidalIndex2:
        import copy
        simulationSettings = copy.deepcopy(simulationSettings)
        ti = simulationSettings.timeIntegration
        ti.solverType = int(solverType)
        if solverType == DynamicSolverType.TrapezoidalIndex2:
            ti.solverType = int(DynamicSolverType.GeneralizedAlpha)
            ga = ti.generalizedAlpha
            ga.useNewmark = True
            ga.useIndex2Constraints = True   # newmarkBeta/Gamma as set, as in Exudyn
    return _solve(mbs, simulationSettings, False, updateInitialValues)


def SolveStatic(mbs, simulationSettings=None, updateInitialValues=False, **kwargs):
    """Static equilibrium by Newton with load steps (staticSolver settings)."""
    _check_kwargs(kwargs, mbs, "SolveStatic")
    return _solve(mbs, simulationSettings, True, updateInitialValues)


def _check_kwargs(kwargs, mbs=None, name="Solve"):
    # Exudyn's options without meaning here are accepted; unknown names are errors
    accepted = {"showHints", "showCausingItems", "storeSolver", "autoAssemble"}
    unknown = set(kwargs) - accepted
    if unknown:
        raise TypeError(f"unknown solve option(s): {', '.join(sorted(unknown))}")
    # Exudyn's autoAssemble (default True): a system changed since Assemble (systemIsConsistent
    # False, e.g. after SetObjectParameter) is assembled, with a warning, before the solve
    if isinstance(mbs, MainSystem) and not mbs._core.sizes()["assembled"]:
        if not kwargs.get("autoAssemble", True):
            raise SolverError(f"{name}: the system is not assembled: call mbs.Assemble() (or "
                              f"use autoAssemble=True)")
        import warnings
        warnings.warn(f"{name}: mbs.systemIsConsistent is False, calling mbs.Assemble() "
                      f"before solving; to avoid this, call mbs.Assemble() after changing the "
                      f"system", UserWarning, stacklevel=4)
        mbs.Assemble()


# ComputeLinearizedSystem and ComputeODE2Eigenvalues (as Exudyn's mainSystemExtensions)
from . import linearized as _linearized  # noqa: E402

_linearized.install(MainSystem)

# ComputeSteadyRotation and ComputeLinearizedEquations (steady motions, the seed's matrices)
from . import steady as _steady  # noqa: E402

_steady.install(MainSystem)

# ComputeConsistentInitialConditions (the Lagrange-multiplier seed)
from . import initial as _initial  # noqa: E402

_initial.install(MainSystem)

# the deformation elements' analysis: degree-of-freedom count and kinematic analysis
from . import deformation as _deformation  # noqa: E402

_deformation.install(MainSystem)

# degrees of freedom and redundant constraints (ComputeSystemDegreeOfFreedom and its report)
from . import dof as _dof  # noqa: E402

_dof.install(MainSystem)

# ComputeStructuralAnalysis: Dulmage-Mendelsohn decomposition of the equations (issue 11)
from . import structure as _structure  # noqa: E402

_structure.install(MainSystem)
