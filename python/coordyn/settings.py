"""SimulationSettings: a tree of solver settings with Exudyn's names.

Every node of the tree rejects unknown attribute names (a typo raises AttributeError with the
closest valid name) and checks the type of what is assigned::

    s = coordyn.SimulationSettings()
    s.timeIntegration.numberOfSteps = 1000
    s.timeIntegration.endTime = 2
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.8
    s.timeIntegration.newton.useModifiedNewton = True
    s.linearSolverType = coordyn.LinearSolverType.Sparse
"""
from __future__ import annotations

import difflib
import enum
import numbers

from . import _core

__all__ = ["SimulationSettings", "LinearSolverType"]


class LinearSolverType(enum.IntEnum):
    """Linear solver of the Newton iterations. Auto picks by size (see docs/solvers)."""
    Auto = _core.LS_AUTO
    Dense = _core.LS_DENSE      # LAPACK dgetrf/dgetrs
    Sparse = _core.LS_SPARSE    # CSparse LU with allocation-free refactorization
    # Exudyn's names, so existing scripts run unchanged
    EXUdense = _core.LS_DENSE
    EigenDense = _core.LS_DENSE
    EigenSparse = _core.LS_SPARSE
    EigenSparseSymmetric = _core.LS_SPARSE


class _Node:
    """A settings node: fixed attribute names (from _defaults), typed values."""

    _defaults: dict = {}
    _docs: dict = {}

    def __init__(self):
        for key, value in self._defaults.items():
            object.__setattr__(self, key, value() if isinstance(value, type) else value)

    def __setattr__(self, key, value):
        if key not in self._defaults:
            close = difflib.get_close_matches(key, list(self._defaults), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise AttributeError(f"{type(self).__name__} has no setting '{key}'{hint}")
        default = self._defaults[key]
        if isinstance(default, type) and issubclass(default, _Node):
            raise AttributeError(f"'{key}' is a group of settings; set its members instead")
        if isinstance(default, bool):
            if not isinstance(value, (bool, numbers.Integral)):
                raise TypeError(f"{type(self).__name__}.{key} must be a bool, got {type(value).__name__}")
            value = bool(value)
        elif isinstance(default, enum.IntEnum):
            value = type(default)(value)
        elif isinstance(default, numbers.Integral):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral):
                raise TypeError(f"{type(self).__name__}.{key} must be an int, got {type(value).__name__}")
            value = int(value)
        elif isinstance(default, float):
            if isinstance(value, bool) or not isinstance(value, numbers.Real):
                raise TypeError(f"{type(self).__name__}.{key} must be a number, got {type(value).__name__}")
            value = float(value)
        object.__setattr__(self, key, value)

    def __repr__(self):
        return f"{type(self).__name__}({', '.join(f'{k}={getattr(self, k)!r}' for k in self._defaults)})"


class NumericalDifferentiationSettings(_Node):
    """Numerical differentiation of object Jacobians (the fallback and test oracle)."""

    _defaults = {"relativeEpsilon": 1e-7, "minimumCoordinateSize": 1e-2, "forODE2": False}
    _docs = {"relativeEpsilon": "perturbation relative to the coordinate's size",
             "minimumCoordinateSize": "coordinates smaller than this use it as their size",
             "forODE2": "True: differentiate every object numerically (no analytic Jacobians)"}


class NewtonSettings(_Node):
    """Newton iteration: tolerances, iteration limit, full or modified Newton."""

    _defaults = {"relativeTolerance": 1e-8, "absoluteTolerance": 1e-10, "maxIterations": 25,
                 "useModifiedNewton": False,
                 "numericalDifferentiation": NumericalDifferentiationSettings}
    _docs = {"relativeTolerance": "converged (after at least one iteration) when |r| <= "
                                  "relativeTolerance * max(|r| at the predictor, |f - C_q^T lambda|)",
             "absoluteTolerance": "or when |r| <= absoluteTolerance; |r| is the L2 norm of the "
                                  "unscaled force residual M q'' - f + C_q^T lambda (constraint "
                                  "rows have their own tolerance, see the solver docs)",
             "maxIterations": "iterations before the step counts as failed",
             "useModifiedNewton": "keep the factorization across iterations and steps while "
                                  "Newton contracts well"}


class GeneralizedAlphaSettings(_Node):
    """Generalized-alpha parameters (spectral radius) and the Newmark / index-2 option."""

    _defaults = {"spectralRadius": 0.9, "useNewmark": False, "useIndex2Constraints": False,
                 "newmarkBeta": 0.25, "newmarkGamma": 0.5, "computeInitialAccelerations": True,
                 "lieGroupAddTangentOperator": True}
    _docs = {"spectralRadius": "rho_inf in [0, 1]; 1 = trapezoidal rule (no numerical damping)",
             "useNewmark": "Newmark with newmarkBeta/newmarkGamma instead of generalized-alpha",
             "useIndex2Constraints": "constraints at velocity level (requires useNewmark)",
             "newmarkBeta": "Newmark beta (useNewmark); 0.25 with gamma 0.5 is the trapezoidal rule",
             "newmarkGamma": "Newmark gamma (useNewmark); > 0.5 adds numerical damping",
             "computeInitialAccelerations": "consistent initial accelerations and multipliers",
             "lieGroupAddTangentOperator": "NodeRigidBodyRotVecLG: the tangent operator of the "
                                           "step's rotation increment in the Newton matrix "
                                           "(False: identity; converges more slowly, same "
                                           "solution)"}


class TimeIntegrationSettings(_Node):
    """Dynamic solver: time span, number of steps, step reduction, Newton and generalized-alpha."""

    _defaults = {"numberOfSteps": 100, "endTime": 1.0, "startTime": 0.0,
                 "minimumStepSize": 1e-8, "adaptiveStep": True, "verboseMode": 0,
                 "generalizedAlpha": GeneralizedAlphaSettings, "newton": NewtonSettings}
    _docs = {"numberOfSteps": "steps of size (endTime - startTime) / numberOfSteps",
             "endTime": "time at the end of the simulation [s]",
             "startTime": "time at the start of the simulation [s]",
             "verboseMode": "accepted for Exudyn scripts; coordyn prints nothing during a solve",
             "adaptiveStep": "halve the step when Newton fails; grow it back after good steps",
             "minimumStepSize": "below this the solve stops with SolverError"}


class StaticSolverSettings(_Node):
    """Static solver: load steps and Newton."""

    _defaults = {"numberOfLoadSteps": 1, "loadStepGeometric": False,
                 "loadStepGeometricRange": 1000.0, "newton": NewtonSettings, "verboseMode": 0}
    _docs = {"numberOfLoadSteps": "load factor i / n in step i",
             "loadStepGeometric": "load factors range^(i/n - 1) instead",
             "loadStepGeometricRange": "ratio of the last to the first load factor",
             "verboseMode": "accepted for Exudyn scripts; coordyn prints nothing during a solve"}


class SolutionSettings(_Node):
    """Output during a solve: the sensor period."""

    _defaults = {"sensorsWritePeriod": 0.01, "writeSolutionToFile": False}
    _docs = {"sensorsWritePeriod": "sensor output period in seconds (never more often than "
                                   "every step)",
             "writeSolutionToFile": "accepted for Exudyn scripts; coordyn writes no solution "
                                    "file (use sensors)"}


class ParallelSettings(_Node):
    """Threads (accepted for Exudyn scripts; one system runs on one thread)."""

    _defaults = {"numberOfThreads": 1}
    _docs = {"numberOfThreads": "accepted for Exudyn scripts; the engine runs one thread per "
                                "system (solve independent systems in parallel threads)"}


class SimulationSettings(_Node):
    """Root of the settings tree (Exudyn's names)."""
    _defaults = {"timeIntegration": TimeIntegrationSettings, "staticSolver": StaticSolverSettings,
                 "solutionSettings": SolutionSettings, "parallel": ParallelSettings,
                 "linearSolverType": LinearSolverType.Auto, "displayStatistics": False,
                 "displayComputationTime": False, "progressBar": "auto"}
    _docs = {"linearSolverType": "LinearSolverType.Auto, Dense or Sparse",
             "progressBar": "'auto' (terminals and notebooks, long solves, not under pytest), "
                            "True or False",
             "displayStatistics": "print solver statistics after the solve",
             "displayComputationTime": "print solver statistics (with the CPU time) after the "
                                       "solve"}

    def __setattr__(self, key, value):
        if key == "progressBar":
            if not (value == "auto" or isinstance(value, bool)):
                raise ValueError(f"progressBar must be 'auto', True or False, got {value!r}")
            object.__setattr__(self, key, value)
            return
        super().__setattr__(key, value)

    def _flat(self, static: bool) -> dict:
        """The flat dict read by the engine."""
        ti, st = self.timeIntegration, self.staticSolver
        newton = st.newton if static else ti.newton
        ga = ti.generalizedAlpha
        return {
            "startTime": ti.startTime, "endTime": ti.endTime, "numberOfSteps": ti.numberOfSteps,
            "spectralRadius": ga.spectralRadius, "useNewmark": int(ga.useNewmark),
            "useIndex2Constraints": int(ga.useIndex2Constraints),
            "newmarkBeta": ga.newmarkBeta, "newmarkGamma": ga.newmarkGamma,
            "computeInitialAccelerations": int(ga.computeInitialAccelerations),
            "lieGroupAddTangentOperator": int(ga.lieGroupAddTangentOperator),
            "adaptiveStep": int(ti.adaptiveStep), "minimumStepSize": ti.minimumStepSize,
            "relativeTolerance": newton.relativeTolerance,
            "absoluteTolerance": newton.absoluteTolerance,
            "maxIterations": newton.maxIterations,
            "useModifiedNewton": int(newton.useModifiedNewton),
            "numericalJacobian": int(newton.numericalDifferentiation.forODE2),
            "relativeEpsilon": newton.numericalDifferentiation.relativeEpsilon,
            "minimumCoordinateSize": newton.numericalDifferentiation.minimumCoordinateSize,
            "numberOfLoadSteps": st.numberOfLoadSteps,
            "loadStepGeometric": int(st.loadStepGeometric),
            "loadStepGeometricRange": st.loadStepGeometricRange,
            "linearSolver": int(self.linearSolverType),
            "sensorsWritePeriod": self.solutionSettings.sensorsWritePeriod,
        }


def settings_tree(node=None, prefix=""):
    """(path, default, doc) of every leaf setting, for the docs."""
    node = node or SimulationSettings()
    rows = []
    for key, default in type(node)._defaults.items():
        value = getattr(node, key)
        if isinstance(value, _Node):
            rows += settings_tree(value, prefix + key + ".")
        else:
            rows.append((prefix + key, value, type(node)._docs.get(key, "")))
    return rows
