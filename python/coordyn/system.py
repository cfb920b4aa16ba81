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


class SystemData:
    """Access to the system's coordinate vectors (Exudyn's mbs.systemData)."""

    def __init__(self, mbs):
        self._mbs = mbs

    def _get(self, which, configuration):
        return self._mbs._core.get_coords(which, int(ConfigurationType(configuration)))

    def GetODE2Coordinates(self, configuration=ConfigurationType.Current):
        """ODE2 displacement coordinates (reference configuration: reference coordinates)."""
        return self._get(0, configuration)

    def GetODE2Coordinates_t(self, configuration=ConfigurationType.Current):
        """ODE2 velocities."""
        return self._get(1, configuration)

    def GetODE2Coordinates_tt(self, configuration=ConfigurationType.Current):
        """ODE2 accelerations (of the current state: those the last solve computed)."""
        return self._get(2, configuration)

    def GetAECoordinates(self, configuration=ConfigurationType.Current):
        """Lagrange multipliers, one block per constraint."""
        return self._get(3, configuration)

    def SetODE2Coordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the current or initial ODE2 coordinates (a solve starts from the initial ones)."""
        self._mbs._core.set_coords(coordinates, 0, int(ConfigurationType(configuration)))

    def SetODE2Coordinates_t(self, coordinates, configuration=ConfigurationType.Current):
        """Set the current or initial ODE2 velocities."""
        self._mbs._core.set_coords(coordinates, 1, int(ConfigurationType(configuration)))

    def SetODE2Coordinates_tt(self, coordinates, configuration=ConfigurationType.Current):
        """Set the current accelerations (the initial ones are computed by the solvers)."""
        if ConfigurationType(configuration) != ConfigurationType.Current:
            raise ValueError("accelerations can only be set in the Current configuration")
        self._mbs._core.set_coords(coordinates, 2, 0)

    def GetTime(self, configuration=ConfigurationType.Current):
        """Time of the current state (the time the last solve reached)."""
        if ConfigurationType(configuration) != ConfigurationType.Current:
            raise ValueError("coordyn keeps the time of the Current configuration only")
        return self._mbs._core.time()

    def SetTime(self, t, configuration=ConfigurationType.Current):
        """Set the time of the current state (for evaluating time-dependent items)."""
        if ConfigurationType(configuration) != ConfigurationType.Current:
            raise ValueError("coordyn keeps the time of the Current configuration only")
        self._mbs._core.time(float(t))

    def SetAECoordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the current multipliers (e.g. to evaluate constraint forces or Jacobians) or the
        initial ones (used by ComputeLinearizedSystem and ComputeODE2Eigenvalues, which
        linearize about the initial configuration; solves compute their own multipliers)."""
        config = ConfigurationType(configuration)
        if config not in (ConfigurationType.Current, ConfigurationType.Initial):
            raise ValueError("multipliers can only be set in the Current or Initial configuration")
        self._mbs._core.set_coords(coordinates, 3, int(config))

    def GetODE1Coordinates(self, configuration=ConfigurationType.Current):
        """ODE1 (first-order) coordinates, displacements from their reference values."""
        return self._get(4, configuration)

    def GetODE1Coordinates_t(self, configuration=ConfigurationType.Current):
        """Time derivatives of the ODE1 coordinates."""
        return self._get(5, configuration)

    def GetDataCoordinates(self, configuration=ConfigurationType.Current):
        """Data coordinates: history variables of items, not solved for by Newton."""
        return self._get(6, configuration)

    def SetODE1Coordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the current or initial ODE1 coordinates."""
        self._mbs._core.set_coords(coordinates, 4, int(ConfigurationType(configuration)))

    def SetODE1Coordinates_t(self, coordinates, configuration=ConfigurationType.Current):
        """Set the current time derivatives of the ODE1 coordinates."""
        self._mbs._core.set_coords(coordinates, 5, int(ConfigurationType(configuration)))

    def SetDataCoordinates(self, coordinates, configuration=ConfigurationType.Current):
        """Set the current or initial Data coordinates."""
        self._mbs._core.set_coords(coordinates, 6, int(ConfigurationType(configuration)))

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

    # -- adding, reading and modifying items
    def _add(self, kind, item):
        code, cls = _KINDS[kind]
        tname, params = _item_args(kind, item)
        index = cls(self._core.add(code, tname, params))
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
        self._core.modify(_KINDS[kind][0], int(i), params)

    def ModifyNode(self, nodeNumber, nodeDict):
        """Change parameters of a node; call Assemble() afterwards."""
        self._modify("node", nodeNumber, nodeDict)

    def ModifyObject(self, objectNumber, objectDict):
        """Change parameters of an object; call Assemble() afterwards."""
        self._modify("object", objectNumber, objectDict)

    def GetObjectParameter(self, objectNumber, parameterName):
        """The value of one parameter of an object (Exudyn's mbs.GetObjectParameter)."""
        d = self._get("object", objectNumber)
        if parameterName not in d:
            raise ValueError(f"GetObjectParameter: object {int(objectNumber)} ({d['objectType']}) "
                             f"has no parameter '{parameterName}'")
        return d[parameterName]

    def SetObjectParameter(self, objectNumber, parameterName, value):
        """Change one parameter of an object (Exudyn's mbs.SetObjectParameter); call
        Assemble() afterwards when it changes the model's structure (a deformation element's
        deformationModes change its number of multipliers)."""
        self._modify("object", objectNumber, {parameterName: value})

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
        return self._core.output(_KINDS[kind][0], int(i), int(OutputVariableType(variableType)),
                                 int(ConfigurationType(configuration)), localPosition)

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
        """The value a sensor reads in the given configuration."""
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

    def __repr__(self):
        s = self._core.sizes()
        return (f"<coordyn.MainSystem: {self.NumberOfNodes()} nodes, {self.NumberOfObjects()} "
                f"objects, {self.NumberOfMarkers()} markers, {self.NumberOfLoads()} loads, "
                f"{self.NumberOfSensors()} sensors; {s['ODE2']} ODE2 coordinates, {s['AE']} "
                f"multipliers{'' if s['assembled'] else ' (not assembled)'}>")


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
    _check_kwargs(kwargs)
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
            ga.useIndex2Constraints = True
            ga.newmarkBeta = 0.25
            ga.newmarkGamma = 0.5
    return _solve(mbs, simulationSettings, False, updateInitialValues)


def SolveStatic(mbs, simulationSettings=None, updateInitialValues=False, **kwargs):
    """Static equilibrium by Newton with load steps (staticSolver settings)."""
    _check_kwargs(kwargs)
    return _solve(mbs, simulationSettings, True, updateInitialValues)


def _check_kwargs(kwargs):
    # Exudyn's options without meaning here are accepted; unknown names are errors
    accepted = {"showHints", "showCausingItems", "storeSolver", "autoAssemble"}
    unknown = set(kwargs) - accepted
    if unknown:
        raise TypeError(f"unknown solve option(s): {', '.join(sorted(unknown))}")


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
