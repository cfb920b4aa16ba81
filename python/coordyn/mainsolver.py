"""Exudyn's solver objects: MainSolverImplicitSecondOrder, MainSolverStatic, MainSolverExplicit.

SolveSystem without user functions runs coordyn's C solver (the same solve as
mbs.SolveDynamic / mbs.SolveStatic) and fills ``it``, ``conv``, ``output`` and ``timer`` from
its statistics. With SetUserFunctionNewton (MainSolverImplicitSecondOrder) the steps run in
Python: per step InitializeStep (or its user function), the user's Newton (through
DiscontinuousIteration and its user function), FinishStep (or its user function), as Exudyn's
SolveSteps does. The lower-level calls (ComputeMassMatrix, ComputeODE2RHS,
ComputeJacobianODE2RHS, ComputeJacobianAE, ...) evaluate the system at its current state and
keep Exudyn's matrix layout: [ODE2, ODE1, AE] rows and columns.
"""
from __future__ import annotations

import copy
import time as _time

import numpy as np

from ._core import ExudynError
from .exudyn._notyet import NotImplementedFeatureError

__all__ = ["MainSolverImplicitSecondOrder", "MainSolverStatic", "MainSolverExplicit",
           "SolverIterationData", "SolverConvergenceData", "SolverOutputData", "CSolverTimer"]


class SolverIterationData:
    """Exudyn's solver.it: step counters and step sizes of the last (or running) solve."""

    def __init__(self):
        self.adaptiveStep = False
        self.automaticStepSize = False
        self.automaticStepSizeError = 0.
        self.currentStepIndex = 0
        self.currentStepSize = 0.
        self.currentTime = 0.
        self.discontinuousIteration = 0
        self.discontinuousIterationsCount = 0
        self.endTime = 0.
        self.initialStepSize = 0.
        self.lastStepSize = 0.
        self.maxStepSize = 0.
        self.minStepSize = 0.
        self.newtonJacobiCount = 0
        self.newtonSteps = 0
        self.newtonStepsCount = 0
        self.numberOfSteps = 0
        self.recommendedStepSize = 0.
        self.rejectedAutomaticStepSizeSteps = 0
        self.rejectedModifiedNewtonSteps = 0
        self.startTime = 0.

    def ToString(self):
        return (f"Solver iteration statistics:\ntotal number of steps:        "
                f"{self.currentStepIndex - 1}\ntotal number of Newton iterations: "
                f"{self.newtonStepsCount}\ntotal number of Newton Jacobians:  "
                f"{self.newtonJacobiCount}\n")

    def __repr__(self):
        return self.ToString()


class SolverConvergenceData:
    """Exudyn's solver.conv: the convergence flags of the last step."""

    def __init__(self):
        self.InitializeData()

    def InitializeData(self):
        self.contractivity = 0.
        self.discontinuousIterationError = 0.
        self.discontinuousIterationSuccessful = True
        self.errorCoordinateFactor = 1.
        self.jacobianUpdateRequested = True
        self.lastResidual = 0.
        self.linearSolverCausingRow = -1
        self.linearSolverFailed = False
        self.massMatrixNotInvertible = False
        self.newtonConverged = False
        self.newtonSolutionDiverged = False
        self.residual = 0.
        self.stepReductionFailed = False
        self.stopNewton = False


class SolverOutputData:
    """Exudyn's solver.output: flags of the solve's outcome."""

    def __init__(self):
        self.InitializeData()

    def InitializeData(self):
        self.cpuLastTimePrinted = 0.
        self.cpuSolverStartTime = 0.
        self.cpuStartTime = 0.
        self.finishedSuccessfully = False
        self.initializationSuccessful = False
        self.lastDiscontinuousIterationsCount = 0
        self.lastImageRecorded = 0.
        self.lastNewtonJacobiCount = 0
        self.lastNewtonStepsCount = 0
        self.lastRestartWritten = 0.
        self.lastSensorsWritten = 0.
        self.lastSolutionWritten = 0.
        self.lastVerboseStepIndex = 0
        self.multiThreadingMode = 0
        self.numberOfThreadsUsed = 1
        self.restartTime = 0.
        self.simulationStoppedByUser = False
        self.simulationStoppedByUserFunction = False
        self.simulationTimeout = False
        self.stepInformation = 0
        self.verboseMode = 0
        self.verboseModeFile = 0
        self.writeToSolutionFile = False
        self.writeToSolverFile = False


class CSolverTimer:
    """Exudyn's solver.timer: coordyn measures only the total CPU time of a solve (total);
    the other counters stay 0."""

    _FIELDS = ("AERHS", "ODE1RHS", "ODE2RHS", "errorEstimator", "factorization",
               "integrationFormula", "jacobianAE", "jacobianODE1", "jacobianODE2",
               "jacobianODE2_t", "massMatrix", "newtonIncrement", "overhead", "postNewton",
               "python", "reactionForces", "realtimeIdleCPU", "total", "totalJacobian",
               "visualization", "writeSolution")

    def __init__(self):
        self.useTimer = True
        self.Reset()

    def Reset(self, useSolverTimer=True):
        for f in self._FIELDS:
            setattr(self, f, 0.)

    def StartTimer(self, value):
        return value - _time.process_time()

    def StopTimer(self, value):
        return value + _time.process_time()

    def Sum(self):
        return sum(getattr(self, f) for f in self._FIELDS if f not in ("total", "totalJacobian"))

    def ToString(self):
        return f"total time = {self.total} s (coordyn measures only the total)\n"


_NO_HOOK_DEFAULT = ("coordyn runs the default step of this solver in C: a step loop in Python "
                    "exists only with SetUserFunctionNewton (which replaces the Newton solve "
                    "of a step)")


class _MainSolverBase:
    """Common part of the solver objects (Exudyn's MainSolverBase)."""

    _static = False

    def __init__(self):
        self.it = SolverIterationData()
        self.conv = SolverConvergenceData()
        self.output = SolverOutputData()
        self.timer = CSolverTimer()
        self._mbs = None
        self._settings = None
        self._initialized = False
        self._error = ""
        self._jac = None
        self._mass = None
        self._res = None
        from .settings import SimulationSettings
        sims = SimulationSettings()
        self.newton = copy.deepcopy(sims.staticSolver.newton if self._static
                                    else sims.timeIntegration.newton)

    # ------------------------------------------------------------- helpers
    def _name(self):
        return type(self).__name__

    def _check_mbs(self, mainSystem, what):
        from .system import MainSystem
        if not isinstance(mainSystem, MainSystem):
            raise TypeError(f"{self._name()}.{what}: mainSystem must be a coordyn.MainSystem, "
                            f"got {type(mainSystem).__name__}")

    def _need_init(self, mainSystem, what):
        self._check_mbs(mainSystem, what)
        if not self._initialized:
            raise ExudynError(f"{self._name()}.{what}: the solver is not initialized; call "
                              f"InitializeSolver(mbs, simulationSettings) first")
        if mainSystem is not self._mbs:
            raise ExudynError(f"{self._name()}.{what}: mainSystem is not the system the solver "
                              f"was initialized with (InitializeSolver)")

    def _sizes(self):
        s = self._mbs._core.sizes()
        return s["ODE2"], s["ODE1"], s["AE"], s["Data"]

    def _system_size(self):
        n2, n1, nae, _ = self._sizes()
        return n2 + n1 + nae

    # ------------------------------------------------------------- sizes and names
    def CheckInitialized(self, mainSystem):
        self._check_mbs(mainSystem, "CheckInitialized")
        return self._initialized and mainSystem is self._mbs

    def GetODE2size(self):
        return self._sizes()[0] if self._mbs is not None else 0

    def GetODE1size(self):
        return self._sizes()[1] if self._mbs is not None else 0

    def GetAEsize(self):
        return self._sizes()[2] if self._mbs is not None else 0

    def GetDataSize(self):
        return self._sizes()[3] if self._mbs is not None else 0

    def GetErrorString(self):
        return self._error

    def IsStaticSolver(self):
        return self._static

    def GetSolverName(self):
        return self._solver_name

    def IsVerboseCheck(self, level):
        return self.output.verboseMode >= level

    def VerboseWrite(self, level, text):
        if self.output.verboseMode >= level:
            print(text, end="")

    def GetSimulationEndTime(self, simulationSettings):
        if self._static:
            return simulationSettings.staticSolver.loadStepDuration
        return simulationSettings.timeIntegration.endTime

    def ComputeLoadFactor(self, simulationSettings):
        """Only the static solver has a load factor (as in Exudyn)."""
        raise ExudynError(f"{self._name()}.ComputeLoadFactor: only MainSolverStatic has a load "
                          f"factor")

    def HasAutomaticStepSizeControl(self):
        return False

    # ------------------------------------------------------------- initialize / finalize
    def InitializeSolver(self, mainSystem, simulationSettings):
        """Check the system, set it/conv/output for a solve, copy the initial state to the
        current one (time = start time). Returns True."""
        from .settings import SimulationSettings
        self._check_mbs(mainSystem, "InitializeSolver")
        if not isinstance(simulationSettings, SimulationSettings):
            raise TypeError(f"{self._name()}.InitializeSolver: simulationSettings must be a "
                            f"coordyn.SimulationSettings, got {type(simulationSettings).__name__}")
        if not mainSystem._core.sizes()["assembled"]:
            mainSystem.Assemble()
        self._mbs, self._settings = mainSystem, simulationSettings
        self.conv.InitializeData()
        self.output.InitializeData()
        self.timer.Reset()
        it = self.it
        if self._static:
            ss = simulationSettings.staticSolver
            it.startTime, it.endTime = 0., ss.loadStepDuration
            it.numberOfSteps = ss.numberOfLoadSteps
            it.adaptiveStep = bool(ss.adaptiveStep)
        else:
            ti = simulationSettings.timeIntegration
            it.startTime, it.endTime = ti.startTime, ti.endTime
            it.numberOfSteps = ti.numberOfSteps
            it.adaptiveStep = bool(ti.adaptiveStep)
        it.maxStepSize = (it.endTime - it.startTime) / max(it.numberOfSteps, 1)
        it.minStepSize = it.maxStepSize * 1e-8
        it.initialStepSize = it.maxStepSize
        it.currentTime, it.currentStepSize, it.currentStepIndex = it.startTime, 0., 0
        self._t_start_of_step = it.startTime
        it.newtonSteps = it.newtonStepsCount = it.newtonJacobiCount = 0
        it.discontinuousIteration = it.discontinuousIterationsCount = 0
        sd = mainSystem.systemData
        from .items import ConfigurationType as C
        sd.SetODE2Coordinates(sd.GetODE2Coordinates(C.Initial))
        sd.SetODE2Coordinates_t(sd.GetODE2Coordinates_t(C.Initial))
        n2, n1, nae, nd = self._sizes()
        if n1:
            sd.SetODE1Coordinates(sd.GetODE1Coordinates(C.Initial))
        if nae:
            sd.SetAECoordinates(sd.GetAECoordinates(C.Initial))
        if nd:
            sd.SetDataCoordinates(sd.GetDataCoordinates(C.Initial))
        sd.SetTime(it.startTime)
        n = n2 + n1 + nae
        self._jac = np.zeros((n, n))
        self._mass = np.zeros((n2, n2))
        self._res = np.zeros(n)
        self._initialized = True
        self.output.initializationSuccessful = True
        self.output.verboseMode = (simulationSettings.staticSolver.verboseMode if self._static
                                   else simulationSettings.timeIntegration.verboseMode)
        self.newton = copy.deepcopy(simulationSettings.staticSolver.newton if self._static
                                    else simulationSettings.timeIntegration.newton)
        return True

    def FinalizeSolver(self, mainSystem, simulationSettings):
        """End of a solve: the solver can be initialized again."""
        self._check_mbs(mainSystem, "FinalizeSolver")
        self._initialized = False

    # ------------------------------------------------------------- evaluation at the state
    def _forces(self):
        """f (ODE2 right-hand side) and g (the constraints) at the current state."""
        core = self._mbs._core
        from .system import _A, _LAM
        n2, _, nae, _ = self._sizes()
        a = core.get_coords(_A, 0)
        lam = core.get_coords(_LAM, 0) if nae else None
        core.set_coords(np.zeros(n2), _A, 0)
        if nae:
            core.set_coords(np.zeros(nae), _LAM, 0)
        try:
            r2, rae = core.residual()
        finally:
            core.set_coords(a, _A, 0)
            if nae:
                core.set_coords(lam, _LAM, 0)
        return -np.asarray(r2), np.asarray(rae)

    def _linearized(self, loads):
        """M, K = d(-f)/dq, D = d(-f)/dq_t, C = C_q^T at the current state, without the
        constraints' geometric stiffness (multipliers set to 0 for the evaluation)."""
        from .system import _LAM
        core = self._mbs._core
        nae = self._sizes()[2]
        lam = core.get_coords(_LAM, 0) if nae else None
        if nae:
            core.set_coords(np.zeros(nae), _LAM, 0)
        try:
            M, K, D, C = core.linearized(0, False, 1e-7, 1e-12, 1.0 if loads else 0.0)
        finally:
            if nae:
                core.set_coords(lam, _LAM, 0)
        return [_dense(A) for A in (M, K, D, C)]

    def ComputeMassMatrix(self, mainSystem, scalarFactor=1.):
        """The mass matrix (times scalarFactor) at the current state: GetSystemMassMatrix."""
        self._need_init(mainSystem, "ComputeMassMatrix")
        self._mass = scalarFactor * self._linearized(False)[0]

    def ComputeODE2RHS(self, mainSystem):
        """The ODE2 right-hand side f (forces, with the sign of Exudyn's RHS: M q_tt = f) at
        the current state into the first ODE2 entries of the system residual."""
        self._need_init(mainSystem, "ComputeODE2RHS")
        n2 = self._sizes()[0]
        self._res[:n2] = self._forces()[0]

    def ComputeAlgebraicEquations(self, mainSystem, velocityLevel=False):
        """The algebraic equations g at the current state into the AE part of the residual."""
        self._need_init(mainSystem, "ComputeAlgebraicEquations")
        if velocityLevel:
            raise NotImplementedFeatureError(
                f"{self._name()}.ComputeAlgebraicEquations(velocityLevel=True) is not available "
                f"in coordyn; use velocityLevel=False (position-level constraints)")
        n2, n1, nae, _ = self._sizes()
        if nae:
            self._res[n2 + n1:] = self._forces()[1]

    def ComputeJacobianODE2RHS(self, mainSystem, scalarFactor_ODE2=1., scalarFactor_ODE2_t=0.,
                               scalarFactor_ODE1=1., computeLoadsJacobian=0):
        """The ODE2 block of the system Jacobian: scalarFactor_ODE2 * df/dq +
        scalarFactor_ODE2_t * df/dq_t (f the ODE2 right-hand side, so a spring of stiffness k
        gives -k scalarFactor_ODE2); load Jacobians only with computeLoadsJacobian."""
        self._need_init(mainSystem, "ComputeJacobianODE2RHS")
        n2, n1, _, _ = self._sizes()
        if n1:
            raise NotImplementedFeatureError(
                f"{self._name()}.ComputeJacobianODE2RHS with ODE1 coordinates is not available "
                f"in coordyn; use mbs.ComputeLinearizedSystem for ODE2 systems")
        _, K, D, _ = self._linearized(bool(computeLoadsJacobian))
        self._jac[:n2, :n2] = -scalarFactor_ODE2 * K - scalarFactor_ODE2_t * D

    def ComputeJacobianAE(self, mainSystem, scalarFactor_ODE2=1., scalarFactor_ODE2_t=0.,
                          scalarFactor_ODE1=1., velocityLevel=False):
        """The constraint blocks of the system Jacobian: C_q (times scalarFactor_ODE2) in the
        AE rows, C_q^T in the AE columns of the ODE2 rows."""
        self._need_init(mainSystem, "ComputeJacobianAE")
        if velocityLevel or scalarFactor_ODE2_t != 0:
            raise NotImplementedFeatureError(
                f"{self._name()}.ComputeJacobianAE with velocityLevel=True or "
                f"scalarFactor_ODE2_t != 0 is not available in coordyn; use the position-level "
                f"Jacobian (the defaults)")
        n2, n1, nae, _ = self._sizes()
        if not nae:
            return
        C = self._linearized(False)[3]          # C_q^T, n2 x nae
        self._jac[:n2, n2 + n1:] = C
        self._jac[n2 + n1:, :n2] = scalarFactor_ODE2 * C.T

    def GetSystemJacobian(self):
        """The system Jacobian ([ODE2, ODE1, AE] x [ODE2, ODE1, AE]) as a NumPy array."""
        self._need_data("GetSystemJacobian", self._jac)
        return self._jac.copy()

    def GetSystemMassMatrix(self):
        """The mass matrix of the last ComputeMassMatrix (ODE2 x ODE2)."""
        self._need_data("GetSystemMassMatrix", self._mass)
        return self._mass.copy()

    def GetSystemResidual(self):
        """The system residual vector ([ODE2, ODE1, AE])."""
        self._need_data("GetSystemResidual", self._res)
        return self._res.copy()

    def SetSystemJacobian(self, systemJacobian):
        self._need_data("SetSystemJacobian", self._jac)
        self._jac = _checked(systemJacobian, self._jac.shape, "systemJacobian", self._name())

    def SetSystemMassMatrix(self, systemMassMatrix):
        self._need_data("SetSystemMassMatrix", self._mass)
        self._mass = _checked(systemMassMatrix, self._mass.shape, "systemMassMatrix",
                              self._name())

    def SetSystemResidual(self, systemResidual):
        self._need_data("SetSystemResidual", self._res)
        self._res = _checked(systemResidual, self._res.shape, "systemResidual", self._name())

    def _need_data(self, what, data):
        if data is None:
            raise ExudynError(f"{self._name()}.{what}: the solver is not initialized; call "
                              f"InitializeSolver(mbs, simulationSettings) first")

    # ------------------------------------------------------------- the whole solve
    def _fill_from_stats(self, stats):
        it, conv = self.it, self.conv
        it.currentStepIndex = stats["steps"] + 1
        it.newtonStepsCount = stats["newtonIterations"]
        it.newtonJacobiCount = stats["jacobians"]
        it.discontinuousIterationsCount = stats["discontinuousIterations"]
        it.rejectedAutomaticStepSizeSteps = stats["errorRejectedSteps"]
        it.minStepSize = stats["minimumStepUsed"]
        it.currentTime = self._mbs.systemData.GetTime()
        it.lastStepSize = it.currentStepSize = stats["maximumStepUsed"] \
            if it.currentStepSize == 0 else it.currentStepSize
        conv.newtonConverged = True
        conv.stepReductionFailed = False
        self.timer.total = stats["cpuTime"]

    def _solve_c(self, mainSystem, simulationSettings):
        raise NotImplementedError

    def SolveSystem(self, mainSystem, simulationSettings):
        """Initialize, solve all steps, finalize; returns True (a failed solve raises
        coordyn.SolverError, as mbs.SolveDynamic / SolveStatic)."""
        self._check_mbs(mainSystem, "SolveSystem")
        if self._has_hooks():
            self.InitializeSolver(mainSystem, simulationSettings)
            ok = self.SolveSteps(mainSystem, simulationSettings)
            self.FinalizeSolver(mainSystem, simulationSettings)
            return ok
        self.InitializeSolver(mainSystem, simulationSettings)
        self._initialized = False
        t0 = _time.process_time()
        try:
            self._solve_c(mainSystem, simulationSettings)
        except ExudynError as e:
            self._error = str(e)
            self.conv.stepReductionFailed = True
            self.output.finishedSuccessfully = False
            raise
        self._fill_from_stats(mainSystem.GetSolverStatistics()
                              if hasattr(mainSystem, "GetSolverStatistics")
                              else mainSystem._core.stats())
        self.timer.total = _time.process_time() - t0
        self.output.finishedSuccessfully = True
        return True

    def _has_hooks(self):
        return False

    def SolveSteps(self, mainSystem, simulationSettings):
        raise NotImplementedFeatureError(
            f"{self._name()}.SolveSteps is not available in coordyn: {_NO_HOOK_DEFAULT}; use "
            f"SolveSystem")

    def __repr__(self):
        return f"<coordyn {self._name()}>"


def _dense(csc):
    x, ri, cp, (rows, cols) = csc
    A = np.zeros((rows, cols))
    for j in range(cols):
        A[ri[cp[j]:cp[j + 1]], j] += x[cp[j]:cp[j + 1]]
    return A


def _checked(value, shape, name, solver):
    a = np.array(value, dtype=float)
    if a.shape != shape:
        raise ValueError(f"{solver}: {name} must have shape {shape}, got {a.shape}")
    return a


class MainSolverStatic(_MainSolverBase):
    """Exudyn's static solver object: SolveSystem runs coordyn's static solver (SolveStatic)."""

    _static = True
    _solver_name = "nonlinear static solver"

    def _solve_c(self, mainSystem, simulationSettings):
        from .system import SolveStatic
        SolveStatic(mainSystem, simulationSettings)

    @property
    def loadStepGeometricFactor(self):
        raise NotImplementedFeatureError(
            "MainSolverStatic.loadStepGeometricFactor is not available in coordyn: the "
            "geometric load steps are computed inside the C solver (docs/solvers.rst, Load "
            "steps)")

    def ComputeLoadFactor(self, simulationSettings):
        """The load factor at it.currentTime: currentTime / loadStepDuration (linear load
        steps; geometric load steps are not available here)."""
        ss = simulationSettings.staticSolver
        if ss.loadStepGeometric:
            raise NotImplementedFeatureError(
                "MainSolverStatic.ComputeLoadFactor with staticSolver.loadStepGeometric is not "
                "available in coordyn: the geometric load factor is inside the C solver")
        return self.it.currentTime / ss.loadStepDuration


class MainSolverExplicit(_MainSolverBase):
    """Exudyn's explicit solver object: SolveSystem runs coordyn's explicit integrator given
    by timeIntegration.solverType (DOPRI5, Exudyn's default, if that is an implicit one)."""

    _solver_name = "explicit time integration"

    def _solve_c(self, mainSystem, simulationSettings):
        from . import DynamicSolverType as D
        from .system import SolveDynamic
        st = D(int(simulationSettings.timeIntegration.solverType))
        if st in (D.GeneralizedAlpha, D.TrapezoidalIndex2):
            st = D.DOPRI5
        SolveDynamic(mainSystem, simulationSettings, solverType=st)

    def GetMethodOrder(self):
        raise NotImplementedFeatureError(
            "MainSolverExplicit.GetMethodOrder is not available in coordyn: the method's "
            "tableau is inside the C solver (docs/solvers.rst, Explicit integrators)")

    def GetNumberOfStages(self):
        raise NotImplementedFeatureError(
            "MainSolverExplicit.GetNumberOfStages is not available in coordyn: the method's "
            "tableau is inside the C solver (docs/solvers.rst, Explicit integrators)")

    def ComputeJacobianODE2RHS(self, *args, **kwargs):
        raise AttributeError("MainSolverExplicit has no ComputeJacobianODE2RHS (as in Exudyn)")

    def ComputeJacobianAE(self, *args, **kwargs):
        raise AttributeError("MainSolverExplicit has no ComputeJacobianAE (as in Exudyn)")

    def GetSystemJacobian(self):
        raise AttributeError("MainSolverExplicit has no GetSystemJacobian (as in Exudyn)")


_HOOKS = ("Newton", "InitializeStep", "FinishStep", "DiscontinuousIteration",
          "UpdateCurrentTime", "PostNewton", "ComputeNewtonJacobian", "ComputeNewtonResidual",
          "ComputeNewtonUpdate")


def _missing_method(cls, name, why):
    def method(self, *args, **kwargs):
        raise NotImplementedFeatureError(
            f"{type(self).__name__}.{name} is not available in coordyn: {why}")
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Not available in coordyn: {why}"
    method._coordyn_missing = why
    setattr(cls, name, method)


_INSIDE_C = ("a part of Exudyn's solver that runs inside coordyn's C solver; use SolveSystem, "
             "or the Compute* calls at the current state")
_NEWTON_INSIDE = ("the Newton iteration of a step runs inside coordyn's C solver; replace the "
                  "whole Newton solve with SetUserFunctionNewton")
for _n in ("InitializeSolverData", "InitializeSolverInitialConditions", "InitializeSolverOutput",
           "InitializeSolverPreChecks", "PreInitializeSolverSpecific",
           "PostInitializeSolverSpecific", "IncreaseStepSize", "ReduceStepSize",
           "WriteCoordinatesToFile", "WriteSolutionFileHeader"):
    _missing_method(_MainSolverBase, _n, _INSIDE_C)
for _n in ("ComputeODE1RHS", "ComputeJacobianODE1RHS"):
    _missing_method(_MainSolverBase, _n, "coordyn's solver objects evaluate ODE2 and AE "
                    "equations only; use mbs.ComputeLinearizedSystem or the ODE1 items' outputs")
for _n in ("ComputeNewtonJacobian", "ComputeNewtonResidual", "ComputeNewtonUpdate",
           "GetNewtonSolution", "PostNewton", "GetAAlgorithmic",
           "GetStartOfStepStateAAlgorithmic"):
    _missing_method(_MainSolverBase, _n, _NEWTON_INSIDE)


class MainSolverImplicitSecondOrder(_MainSolverBase):
    """Exudyn's implicit second-order solver object (generalized-alpha; SolveSystem runs
    coordyn's generalized-alpha solver). User functions (SetUserFunction...) take
    (mainSolver, mainSystem, simulationSettings); with SetUserFunctionNewton the step loop
    runs in Python and calls them as Exudyn's SolveSteps does."""

    _solver_name = "generalized alpha"

    def __init__(self):
        super().__init__()
        self._uf = {}
        self._sensor_rows = None
        self._stop = False
        ga_rho = 0.9
        self.spectralRadius = ga_rho
        self.newmarkBeta = self.newmarkGamma = self.alphaM = self.alphaF = 0.
        self.factJacAlgorithmic = 0.

    def InitializeSolver(self, mainSystem, simulationSettings):
        ok = super().InitializeSolver(mainSystem, simulationSettings)
        ga = simulationSettings.timeIntegration.generalizedAlpha
        rho = ga.spectralRadius
        self.spectralRadius = rho
        if ga.useNewmark:
            self.alphaM = self.alphaF = 0.
            self.newmarkBeta, self.newmarkGamma = ga.newmarkBeta, ga.newmarkGamma
        else:
            self.alphaM = (2 * rho - 1) / (rho + 1)
            self.alphaF = rho / (rho + 1)
            self.newmarkGamma = 0.5 + self.alphaF - self.alphaM
            self.newmarkBeta = 0.25 * (self.newmarkGamma + 0.5) ** 2
        return ok

    def _solve_c(self, mainSystem, simulationSettings):
        from .system import SolveDynamic
        from . import DynamicSolverType as D
        st = D(int(simulationSettings.timeIntegration.solverType))
        if st not in (D.GeneralizedAlpha, D.TrapezoidalIndex2):
            st = D.GeneralizedAlpha
        SolveDynamic(mainSystem, simulationSettings, solverType=st)

    def _has_hooks(self):
        return bool(self._uf)

    # ------------------------------------------------------------- user functions
    def _set_uf(self, which, mainSystem, userFunction):
        self._check_mbs(mainSystem, f"SetUserFunction{which}")
        if userFunction is not None and not callable(userFunction):
            raise TypeError(f"{self._name()}.SetUserFunction{which}: userFunction must be "
                            f"callable (mainSolver, mainSystem, simulationSettings), got "
                            f"{type(userFunction).__name__}")
        if which not in ("Newton", "InitializeStep", "FinishStep", "DiscontinuousIteration",
                         "UpdateCurrentTime"):
            raise NotImplementedFeatureError(
                f"{self._name()}.SetUserFunction{which} is not available in coordyn: the "
                f"Newton solve of a step is coordyn's C solver; replace the whole Newton solve "
                f"with SetUserFunctionNewton instead")
        if userFunction is None:
            self._uf.pop(which, None)
        else:
            self._uf[which] = (mainSystem, userFunction)

    def SetUserFunctionNewton(self, mainSystem, userFunction):
        """userFunction(mainSolver, mainSystem, simulationSettings) -> bool replaces the Newton
        solve of every step: it sets the current coordinates of the step's end."""
        self._set_uf("Newton", mainSystem, userFunction)

    def SetUserFunctionInitializeStep(self, mainSystem, userFunction):
        """userFunction(mainSolver, mainSystem, simulationSettings) replaces InitializeStep
        (which advances the time: call mainSolver.UpdateCurrentTime in it)."""
        self._set_uf("InitializeStep", mainSystem, userFunction)

    def SetUserFunctionFinishStep(self, mainSystem, userFunction):
        """userFunction(mainSolver, mainSystem, simulationSettings) replaces FinishStep."""
        self._set_uf("FinishStep", mainSystem, userFunction)

    def SetUserFunctionDiscontinuousIteration(self, mainSystem, userFunction):
        """userFunction(mainSolver, mainSystem, simulationSettings) -> bool replaces
        DiscontinuousIteration (which calls Newton and PostNewton)."""
        self._set_uf("DiscontinuousIteration", mainSystem, userFunction)

    def SetUserFunctionUpdateCurrentTime(self, mainSystem, userFunction):
        """userFunction(mainSolver, mainSystem, simulationSettings) replaces
        UpdateCurrentTime (which sets it.currentTime to the end of the step)."""
        self._set_uf("UpdateCurrentTime", mainSystem, userFunction)

    def SetUserFunctionPostNewton(self, mainSystem, userFunction):
        self._set_uf("PostNewton", mainSystem, userFunction)

    def SetUserFunctionComputeNewtonJacobian(self, mainSystem, userFunction):
        self._set_uf("ComputeNewtonJacobian", mainSystem, userFunction)

    def SetUserFunctionComputeNewtonResidual(self, mainSystem, userFunction):
        self._set_uf("ComputeNewtonResidual", mainSystem, userFunction)

    def SetUserFunctionComputeNewtonUpdate(self, mainSystem, userFunction):
        self._set_uf("ComputeNewtonUpdate", mainSystem, userFunction)

    def _call(self, which, mainSystem, simulationSettings):
        _, uf = self._uf[which]
        return uf(self, mainSystem, simulationSettings)

    # ------------------------------------------------------------- the Python step loop
    def UpdateCurrentTime(self, mainSystem, simulationSettings):
        """it.currentTime = the end of the step (start of step + it.currentStepSize, not
        beyond it.endTime)."""
        self._need_init(mainSystem, "UpdateCurrentTime")
        if "UpdateCurrentTime" in self._uf:
            self._call("UpdateCurrentTime", mainSystem, simulationSettings)
            return
        it = self.it
        it.currentTime = min(self._t_start_of_step + it.currentStepSize, it.endTime)

    def InitializeStep(self, mainSystem, simulationSettings):
        """Advance the time to the end of the step (the state's time too) and call the
        system's PreStepUserFunction (returning False stops the solve after this step)."""
        self._need_init(mainSystem, "InitializeStep")
        if "InitializeStep" in self._uf:
            self._call("InitializeStep", mainSystem, simulationSettings)
            return
        self.UpdateCurrentTime(mainSystem, simulationSettings)
        mainSystem.systemData.SetTime(self.it.currentTime)
        pre = mainSystem._get_system_function(0, False)
        if pre:
            if not pre(mainSystem, self.it.currentTime):
                self._stop = True
                self.output.simulationStoppedByUserFunction = True

    def Newton(self, mainSystem, simulationSettings):
        """The Newton solve of a step: only the user function (SetUserFunctionNewton)."""
        self._need_init(mainSystem, "Newton")
        if "Newton" not in self._uf:
            raise NotImplementedFeatureError(
                f"{self._name()}.Newton is not available in coordyn without "
                f"SetUserFunctionNewton: {_NO_HOOK_DEFAULT}")
        return bool(self._call("Newton", mainSystem, simulationSettings))

    def DiscontinuousIteration(self, mainSystem, simulationSettings):
        """Newton of the step (coordyn's Python step loop has no post-Newton iteration)."""
        self._need_init(mainSystem, "DiscontinuousIteration")
        if "DiscontinuousIteration" in self._uf:
            return bool(self._call("DiscontinuousIteration", mainSystem, simulationSettings))
        self.it.discontinuousIteration = 0
        ok = self.Newton(mainSystem, simulationSettings)
        self.conv.newtonConverged = ok
        return ok

    def FinishStep(self, mainSystem, simulationSettings):
        """The end of a step: records the sensors that store internally (every
        solutionSettings.sensorsWritePeriod)."""
        self._need_init(mainSystem, "FinishStep")
        if "FinishStep" in self._uf:
            self._call("FinishStep", mainSystem, simulationSettings)
            return
        self._record_sensors(mainSystem, simulationSettings)

    def _record_sensors(self, mainSystem, simulationSettings, force=False):
        """One row [t, values] per sensor that stores internally, every sensorsWritePeriod."""
        sol = simulationSettings.solutionSettings
        t = self.it.currentTime
        if self._sensor_rows is None or not sol.sensorsStoreAndWriteFiles:
            return
        if self.it.currentStepIndex == 0 and not sol.writeInitialValues:
            return
        period = sol.sensorsWritePeriod
        last = self._sensors_last
        if not (force or last is None or t >= last + period - 1e-10
                or t >= self.it.endTime - 1e-10):
            return
        self._sensors_last = t
        for i, rows in enumerate(self._sensor_rows):
            if rows is not None:
                rows.append(np.concatenate(([t], np.atleast_1d(
                    np.asarray(mainSystem.GetSensorValues(i), dtype=float)).ravel())))

    def _store_sensors(self, mainSystem):
        if self._sensor_rows is None:
            return
        data = [None if rows is None else np.array(rows) for rows in self._sensor_rows]
        if any(d is not None for d in data):
            mainSystem._core.set_sensor_data(data)

    def SolveSteps(self, mainSystem, simulationSettings):
        """The step loop in Python (requires SetUserFunctionNewton): per step InitializeStep,
        DiscontinuousIteration (Newton), FinishStep. Returns True; a step whose Newton returns
        False raises SolverError (coordyn has no step reduction in this loop)."""
        from .system import SolverError
        self._need_init(mainSystem, "SolveSteps")
        if "Newton" not in self._uf and "DiscontinuousIteration" not in self._uf:
            raise NotImplementedFeatureError(
                f"{self._name()}.SolveSteps is not available in coordyn without "
                f"SetUserFunctionNewton: {_NO_HOOK_DEFAULT}")
        it = self.it
        it.currentStepSize = it.maxStepSize
        it.currentStepIndex = 0
        self.output.finishedSuccessfully = False
        self._t_start_of_step = it.currentTime
        t0 = _time.process_time()
        self._stop = False
        self._sensors_last = None
        self._sensor_rows = [[] if mainSystem.GetSensor(i).get("storeInternal") else None
                             for i in range(mainSystem.NumberOfSensors())]
        try:
            self._steps(mainSystem, simulationSettings, SolverError)
        finally:
            self._store_sensors(mainSystem)
        self.timer.total = _time.process_time() - t0
        self.output.finishedSuccessfully = True
        return True

    def _steps(self, mainSystem, simulationSettings, SolverError):
        it = self.it
        self.FinishStep(mainSystem, simulationSettings)
        it.currentStepIndex = 1
        while it.currentTime < it.endTime - 1e-10 and not self._stop:
            self._t_start_of_step = it.currentTime
            self.InitializeStep(mainSystem, simulationSettings)
            it.lastStepSize = it.currentStepSize
            if not self.DiscontinuousIteration(mainSystem, simulationSettings):
                self.conv.stepReductionFailed = True
                self._error = (f"{self._name()}: the Newton user function returned False at "
                               f"t = {it.currentTime}")
                raise SolverError(self._error)
            it.newtonStepsCount += it.newtonSteps
            self.FinishStep(mainSystem, simulationSettings)
            it.currentStepIndex += 1


for _cls in (MainSolverStatic, MainSolverExplicit):
    for _n in ("InitializeStep", "UpdateCurrentTime", "DiscontinuousIteration", "Newton",
               "FinishStep"):
        _missing_method(_cls, _n, "the steps of this solver run inside coordyn's C solver (a "
                        "step loop in Python exists only for MainSolverImplicitSecondOrder with "
                        "SetUserFunctionNewton); use SolveSystem")
