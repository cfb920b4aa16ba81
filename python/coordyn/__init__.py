"""coordyn: a multibody dynamics engine in C with an Exudyn-style Python front end.

    import coordyn as cd
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    mbs.Assemble()
    mbs.SolveDynamic(cd.SimulationSettings())
"""
from . import _core
from . import items
from . import rigid
from . import beams
from .beamsection import BeamSection, BeamSectionGeometry
from .rigid import *  # noqa: F401,F403  (rotation and inertia utilities)
from .ht import HT  # noqa: E402  (Exudyn's exu.HT)
from .items import *  # noqa: F401,F403  (NodePoint, MassPoint, ... and their aliases)
from .items import ConfigurationType, OutputVariableType
from .settings import LinearSolverType, SimulationSettings
from .system import (LoadIndex, MainSystem, MarkerIndex, NodeIndex, ObjectIndex, SensorIndex,
                     RedundantConstraintWarning, SolveDynamic, SolverError, SolveStatic,
                     SystemContainer)
from .linearized import ComputeBucklingLoads, ComputeLinearizedSystem, ComputeODE2Eigenvalues
from . import deformation
from .deformation import ComputeDeformationDegreesOfFreedom, SolveKinematics
from .results.solution import LoadSolutionFile
from .visualization import VisualizationSettings
from .matrixcontainer import MatrixContainer
from .veclists import (Matrix3DList, Matrix6DList, Vector2DList, Vector3DList,
                       Vector6DList)
from .viewer.renderer import (DoRendererIdleTasks, IsRendererActive, StartRenderer,
                              StopRenderer)
import enum as _enum

__version__ = "0.1.0"


class DynamicSolverType(_enum.IntEnum):
    """Dynamic solver for SolveDynamic(solverType=...) or timeIntegration.solverType, with
    Exudyn's names and values (docs/solvers.rst, "Explicit integrators")."""
    GeneralizedAlpha = 1    # implicit, index 3 (generalizedAlpha settings)
    TrapezoidalIndex2 = 2   # implicit: Newmark beta = 1/4, gamma = 1/2, index-2 constraints
    ExplicitEuler = 3       # explicit Runge-Kutta methods, order 1 to 6 ...
    ExplicitMidpoint = 4
    RK33 = 5
    RK44 = 6
    RK67 = 7
    ODE23 = 8               # ... and embedded pairs with automatic step size
    DOPRI5 = 9
    DVERK6 = 10
    VelocityVerlet = 11


# str() and f-strings as Exudyn's enum: 'DynamicSolverType.RK44'
DynamicSolverType.__str__ = _enum.Enum.__str__
DynamicSolverType.__format__ = lambda self, spec: format(str(self), spec)


def InvalidIndex():
    """The invalid index (-1), as in Exudyn."""
    return -1


__all__ = ["SystemContainer", "MainSystem", "SimulationSettings", "LinearSolverType",
           "OutputVariableType", "ConfigurationType", "SolveDynamic", "SolveStatic",
           "SolverError", "RedundantConstraintWarning", "ComputeLinearizedSystem", "ComputeODE2Eigenvalues", "ComputeBucklingLoads", "NodeIndex", "ObjectIndex", "MarkerIndex", "LoadIndex", "SensorIndex",
           "DynamicSolverType", "InvalidIndex", "items", "rigid", "beams", "BeamSection", "BeamSectionGeometry",
           "deformation", "ComputeDeformationDegreesOfFreedom", "SolveKinematics", "LoadSolutionFile",
           "VisualizationSettings", "StartRenderer", "StopRenderer", "IsRendererActive",
           "DoRendererIdleTasks", "MatrixContainer", "Vector2DList", "Vector3DList",
           "Vector6DList", "Matrix3DList", "Matrix6DList", "HT"] + items.__all__ + rigid.__all__

# ---------------------------------------------------------------- Exudyn's top level (exu.*)
# `import exudyn as exu` maps to this module (coordyn.use_as_exudyn, python -m coordyn.exudyn):
# exu.Print, exu.sys, exu.ExudynError, exu.ItemType, ... are these.
from .exudyn import use_as_exudyn  # noqa: E402
from .exudyn._api import *  # noqa: E402,F401,F403
from .exudyn import _api as _exu_api  # noqa: E402
from .exudyn._api import config, sys, variables  # noqa: E402,F401  (exu.config, exu.sys, ...)
from .solver import SolverSuccess  # noqa: E402
from .dof import ComputeSystemDegreeOfFreedom  # noqa: E402

from .system import SystemData  # noqa: E402
from .mainsolver import (CSolverTimer, MainSolverExplicit,  # noqa: E402
                         MainSolverImplicitSecondOrder, MainSolverStatic,
                         SolverConvergenceData, SolverIterationData, SolverOutputData)
from .settings import SettingNotHonouredWarning  # noqa: E402

__all__ += _exu_api.__all__ + ["use_as_exudyn", "SolverSuccess", "ComputeSystemDegreeOfFreedom",
            "SystemData", "SettingNotHonouredWarning", "MainSolverImplicitSecondOrder",
            "MainSolverStatic", "MainSolverExplicit", "SolverIterationData",
            "SolverConvergenceData", "SolverOutputData", "CSolverTimer"]

# the modules Exudyn's package has as attributes (exu.graphics, exu.utilities, ...)
_LAZY_MODULES = {"utilities", "itemInterface", "rigidBodyUtilities", "basicUtilities",
                 "advancedUtilities", "graphics", "plot", "signalProcessing", "physics",
                 "solver", "interactive", "beams", "processing", "robotics", "symbolic"}


def __getattr__(name):
    """exu.<module> imports coordyn's module; an Exudyn top-level name coordyn does not have
    gives a stand-in that raises NotImplementedFeatureError saying so."""
    if name in _LAZY_MODULES:
        import importlib
        return importlib.import_module(f"{__name__}.{name}")
    from .exudyn import MODULE_TARGETS
    if name in MODULE_TARGETS:
        import importlib
        return importlib.import_module(MODULE_TARGETS[name])
    from .exudyn._status import top_level_stand_in
    stand_in = top_level_stand_in(name)
    if stand_in is None:
        raise AttributeError(f"module 'coordyn' has no attribute '{name}'")
    return stand_in
