"""Exudyn's solver module under coordyn's name: SolveDynamic, SolveStatic, the linearized
analyses and the small helpers around them.

Exudyn keeps its solver objects in ``mbs.sys['dynamicSolver']`` and reports failure through
them; coordyn's mbs.SolveDynamic / SolveStatic raise SolverError (a subclass of ExudynError)
with the message instead and keep no solver object, so SolverSuccess accepts only the solver
objects a script creates (coordyn.MainSolverImplicitSecondOrder, ...).
"""
from __future__ import annotations

from .dof import ComputeSystemDegreeOfFreedom
from .exudyn._notyet import NotImplementedFeatureError, missing_function
from .linearized import ComputeLinearizedSystem, ComputeODE2Eigenvalues
from .system import SolveDynamic, SolveStatic

__all__ = ["solverCheckMemoryAllocations", "solverCheckMemoryAllocationsThreshold",
           "SolverErrorMessage", "SolveStatic", "SolveDynamic", "SolverSuccess",
           "DeactivateWritingOfSolvers", "RestoreSimulationSettings", "ComputeLinearizedSystem",
           "ComputeODE2Eigenvalues", "ComputeSystemDegreeOfFreedom",
           "CheckSolverInfoStatistics"]

#: Exudyn checks for allocations inside the step loop; coordyn never allocates there
solverCheckMemoryAllocations = True
solverCheckMemoryAllocationsThreshold = 100000


def _no_solver_object(name):
    return NotImplementedFeatureError(
        f"solver.{name}: expected a solver object (coordyn.MainSolverImplicitSecondOrder, "
        f"MainSolverStatic, MainSolverExplicit); coordyn's mbs.SolveDynamic / SolveStatic keep "
        f"no solver object (Exudyn's mbs.sys['dynamicSolver']): a failed solve raises "
        f"coordyn.SolverError (an ExudynError) whose message says why: catch it with "
        f"'except exu.ExudynError as e'")


def SolverSuccess(solverStructure):
    """[success, error message] of an Exudyn-style solver object."""
    output = getattr(solverStructure, "output", None)
    if output is None or not hasattr(solverStructure, "GetErrorString"):
        raise _no_solver_object("SolverSuccess")
    return [output.finishedSuccessfully, solverStructure.GetErrorString()]


SolverErrorMessage = missing_function(
    "SolverErrorMessage", "solver", "coordyn has no solver objects to read hints from",
    "the message of the SolverError the solve raised (it names the items and the time)")


def DeactivateWritingOfSolvers(simulationSettings):
    """Switch off the static solver's output, the solution file and the sensors; returns what
    RestoreSimulationSettings needs to switch them on again."""
    store = {"verboseModeOld": simulationSettings.staticSolver.verboseMode,
             "writeSolutionToFileOld": simulationSettings.solutionSettings.writeSolutionToFile,
             "sensorsStoreAndWriteFilesOld":
                 simulationSettings.solutionSettings.sensorsStoreAndWriteFiles}
    simulationSettings.staticSolver.verboseMode = 0
    simulationSettings.solutionSettings.writeSolutionToFile = False
    simulationSettings.solutionSettings.sensorsStoreAndWriteFiles = False
    return store


def RestoreSimulationSettings(simulationSettings, store):
    """Undo DeactivateWritingOfSolvers."""
    simulationSettings.staticSolver.verboseMode = store["verboseModeOld"]
    simulationSettings.solutionSettings.writeSolutionToFile = store["writeSolutionToFileOld"]
    simulationSettings.solutionSettings.sensorsStoreAndWriteFiles = \
        store["sensorsStoreAndWriteFilesOld"]


def CheckSolverInfoStatistics(solverName, infoStat, numberOfEvaluations):
    """Exudyn warns when its solvers allocate in every step; coordyn allocates nothing in the
    step loop (InfoStat counts are 0), so there is never anything to report."""
    return None


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from ._libmisc import docmeta, extends  # noqa: E402,F401
