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
from .beamsection import BeamSection
from .rigid import *  # noqa: F401,F403  (rotation and inertia utilities)
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


def InvalidIndex():
    """The invalid index (-1), as in Exudyn."""
    return -1


__all__ = ["SystemContainer", "MainSystem", "SimulationSettings", "LinearSolverType",
           "OutputVariableType", "ConfigurationType", "SolveDynamic", "SolveStatic",
           "SolverError", "RedundantConstraintWarning", "ComputeLinearizedSystem", "ComputeODE2Eigenvalues", "ComputeBucklingLoads", "NodeIndex", "ObjectIndex", "MarkerIndex", "LoadIndex", "SensorIndex",
           "DynamicSolverType", "InvalidIndex", "items", "rigid", "beams", "BeamSection",
           "deformation", "ComputeDeformationDegreesOfFreedom", "SolveKinematics", "LoadSolutionFile",
           "VisualizationSettings", "StartRenderer", "StopRenderer", "IsRendererActive",
           "DoRendererIdleTasks", "MatrixContainer"] + items.__all__ + rigid.__all__
