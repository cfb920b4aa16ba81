"""Explicit Lie-group Runge-Kutta integration in Python (the names and arguments of Exudyn's
exudyn.lieGroupIntegration; coordyn.lieGroupIntegration re-exports them).

Two parts:

- integrators for one rotating body given by its right-hand side, omega_t = f(v, omega), with
  the rotation vector v updated on SO(3) (v_new = v composed with the incremental rotation
  vector): ComputeStepWithRK1, ComputeStepWithRK1FromAcceleration, ComputeStepWithRK4 and
  RK_SolveEulersEOMWithProposedApproach;
- the pieces of a Lie-group RK4 for a whole system with NodeRigidBodyRotVecLG nodes, written for
  Exudyn's solver objects (mainSolver.ComputeODE2RHS, GetSystemResidual, ComputeMassMatrix,
  GetSystemMassMatrix, GetODE2size, it.currentStepSize): LieGroupExplicitRKInitialize,
  ExplicitRKComputeSystemAcceleration, LieGroupComputeKstage, ExplicitRKApplyCoordinateConstraints,
  LieGroupUpdateStageSystemCoordinates and UserFunctionNewtonLieGroupRK4. coordyn has no solver
  objects (exu.MainSolverImplicitSecondOrder raises NotImplementedFeatureError); its own
  explicit solvers integrate RotVecLG nodes on the Lie group (SolveDynamic with
  solverType=DynamicSolverType.RK44 and the others).
"""
from __future__ import annotations

import numpy as np

from .liegroup import CompositionRuleForRotationVectors, TExpSO3Inv

__all__ = [
    "ComputeStepWithRK1", "ComputeStepWithRK1FromAcceleration", "ComputeStepWithRK4",
    "RK_SolveEulersEOMWithProposedApproach", "LieGroupExplicitRKInitialize",
    "ExplicitRKComputeSystemAcceleration", "LieGroupComputeKstage",
    "ExplicitRKApplyCoordinateConstraints", "LieGroupUpdateStageSystemCoordinates",
    "UserFunctionNewtonLieGroupRK4",
]


# ----------------------------------------------------------------- one rotating body
def ComputeStepWithRK1(ODE2RHS, v0, w0, h):
    """One explicit Euler step on SO(3): omega = w0 + h f(v0, w0), v = v0 composed with h omega.
    Returns [v, omega]."""
    w = np.asarray(w0, dtype=float) + h * np.asarray(ODE2RHS(v0, w0), dtype=float)
    return [CompositionRuleForRotationVectors(v0, h * w), w]


def ComputeStepWithRK1FromAcceleration(v0_t, v0, w0, h):
    """ComputeStepWithRK1 with the angular acceleration v0_t given instead of f."""
    w = np.asarray(w0, dtype=float) + h * np.asarray(v0_t, dtype=float)
    return [CompositionRuleForRotationVectors(v0, h * w), w]


def ComputeStepWithRK4(ODE2RHS, v0, w0, h):
    """One classical RK4 step on SO(3) (Munthe-Kaas form): the stages evaluate f at v0 composed
    with the stage's incremental rotation vector Theta_i, whose rate is
    TExpSO3Inv(Theta_i) omega_i; the step composes v0 with the RK4 mean of the increments.
    Returns [v, omega]."""
    v0 = np.asarray(v0, dtype=float)
    w0 = np.asarray(w0, dtype=float)

    def f(theta, w):
        return np.asarray(ODE2RHS(CompositionRuleForRotationVectors(v0, theta), w), dtype=float)

    k, K = [], []
    theta, w = np.zeros(3), w0
    for c in (0.5, 0.5, 1.0, None):
        k.append(h * (f(theta, w) if K else np.asarray(ODE2RHS(v0, w0), dtype=float)))
        K.append(h * (TExpSO3Inv(theta) @ w))
        if c is not None:
            theta, w = c * K[-1], w0 + c * k[-1]
    w_new = w0 + (k[0] + 2 * k[1] + 2 * k[2] + k[3]) / 6.0
    increment = (K[0] + 2 * K[1] + 2 * K[2] + K[3]) / 6.0
    return [CompositionRuleForRotationVectors(v0, increment), w_new]


def RK_SolveEulersEOMWithProposedApproach(ODE2RHS, v0, w0, tEnd, numberOfSteps, solver):
    """Integrate omega_t = ODE2RHS(v, omega) from (v0, w0) over [0, tEnd] in numberOfSteps steps
    with solver 'RK1' or 'RK4'. Returns {'time', 'rotationVector', 'angularVelocity'} (arrays
    with numberOfSteps + 1 rows)."""
    steppers = {"RK1": ComputeStepWithRK1, "RK4": ComputeStepWithRK4}
    if solver not in steppers:
        raise ValueError(f"RK_SolveEulersEOMWithProposedApproach: solver must be 'RK1' or "
                         f"'RK4', got {solver!r}")
    if int(numberOfSteps) != numberOfSteps or numberOfSteps < 1:
        raise ValueError(f"RK_SolveEulersEOMWithProposedApproach: numberOfSteps must be a "
                         f"positive integer, got {numberOfSteps!r}")
    n = int(numberOfSteps)
    h = tEnd / n
    t = np.arange(n + 1) * h
    v = np.zeros((n + 1, 3))
    w = np.zeros((n + 1, 3))
    v[0], w[0] = v0, w0
    step = steppers[solver]
    for i in range(n):
        v[i + 1], w[i + 1] = step(ODE2RHS, v[i], w[i], h)
    return {"time": t, "rotationVector": v, "angularVelocity": w}


# ----------------------------------------------------------------- a system with RotVecLG nodes
def LieGroupExplicitRKInitialize(mainSys):
    """Store in mainSys.sys what the Lie-group RK4 needs: 'lieGroupODE2indices' (the first ODE2
    index of each NodeRigidBodyRotVecLG), 'lieGroupReferenceRotations' (their reference
    rotation vectors), 'constrainedToGroundCoordinatesList' (coordinates an active
    CoordinateConstraint fixes to ground) and 'constrainedCoordinatesList' (pairs of
    coordinates it ties together). Only constraints between MarkerNodeCoordinate markers with
    factor1 = 1 and offset = 0 can be resolved this way; others raise ValueError."""
    lg_index, lg_ref, to_ground, pairs = [], [], [], []
    for i in range(mainSys.NumberOfNodes()):
        d = mainSys.GetNode(i)
        if d["nodeType"] == "RigidBodyRotVecLG":
            lg_index.append(mainSys.GetNodeODE2Index(i))
            lg_ref.append(np.asarray(d["referenceCoordinates"], dtype=float)[3:6])
    for i in range(mainSys.NumberOfObjects()):
        d = mainSys.GetObject(i)
        if d["objectType"] != "ConnectorCoordinate" or not d.get("activeConnector", True):
            continue
        for key, value in (("factor1", 1.0), ("offset", 0.0)):
            if d.get(key, value) != value:
                raise ValueError(f"LieGroupExplicitRKInitialize: CoordinateConstraint {i} "
                                 f"has {key} = {d[key]}; the Lie-group RK4 resolves only "
                                 f"constraints with factor1 = 1 and offset = 0")
        coords = []
        for m in d["markerNumbers"]:
            dm = mainSys.GetMarker(m)
            if dm["markerType"] != "NodeCoordinate":
                raise ValueError(f"LieGroupExplicitRKInitialize: CoordinateConstraint {i} "
                                 f"uses marker {int(m)} of type {dm['markerType']}; the "
                                 f"Lie-group RK4 resolves MarkerNodeCoordinate markers only")
            if mainSys.GetNode(dm["nodeNumber"])["nodeType"] != "PointGround":
                coords.append(mainSys.GetNodeODE2Index(dm["nodeNumber"]) + dm["coordinate"])
        if len(coords) == 2:
            pairs.append(coords)
        elif len(coords) == 1:
            to_ground.append(coords[0])
    mainSys.sys["lieGroupODE2indices"] = lg_index
    mainSys.sys["lieGroupReferenceRotations"] = lg_ref
    mainSys.sys["constrainedToGroundCoordinatesList"] = to_ground
    mainSys.sys["constrainedCoordinatesList"] = pairs


def ExplicitRKComputeSystemAcceleration(mainSolver, mainSys, nODE2):
    """The ODE2 accelerations M^-1 f of the current state from Exudyn's solver object
    (ComputeODE2RHS, GetSystemResidual, ComputeMassMatrix, GetSystemMassMatrix), with the
    coordinates tied by constraints merged into the first one of each pair."""
    mainSolver.ComputeODE2RHS(mainSys)
    f = np.array(mainSolver.GetSystemResidual(), dtype=float)[0:nODE2]
    mainSolver.ComputeMassMatrix(mainSys)
    M = np.array(mainSolver.GetSystemMassMatrix(), dtype=float)
    for a, b in mainSys.sys["constrainedCoordinatesList"]:
        M[a, a] += M[a, b] + M[b, a] + M[b, b]
        f[a] += f[b]
    return np.linalg.solve(M, f)[0:nODE2]


def LieGroupComputeKstage(mainSys, u0, v0, h, nODE2, Kprev, kprev, factK):
    """The stage's coordinate increments h (v0 + factK kprev); for each RotVecLG node the
    rotation part is h TExpSO3Inv(factK Kprev) (omega0 + factK kprev) instead."""
    v0 = np.asarray(v0, dtype=float)
    K = h * (v0[0:nODE2] + factK * np.asarray(kprev, dtype=float))
    for i in mainSys.sys["lieGroupODE2indices"]:
        r = slice(i + 3, i + 6)
        K[r] = h * (TExpSO3Inv(factK * np.asarray(Kprev)[r]) @ (v0[r] + factK * kprev[r]))
    return K


def ExplicitRKApplyCoordinateConstraints(mainSys):
    """Set the current coordinates and velocities fixed to ground to 0, and the second
    coordinate of each constrained pair to the first one."""
    u = mainSys.systemData.GetODE2Coordinates()
    v = mainSys.systemData.GetODE2Coordinates_t()
    for i in mainSys.sys["constrainedToGroundCoordinatesList"]:
        u[i] = v[i] = 0.0
    for a, b in mainSys.sys["constrainedCoordinatesList"]:
        u[b], v[b] = u[a], v[a]
    mainSys.systemData.SetODE2Coordinates(u)
    mainSys.systemData.SetODE2Coordinates_t(v)


def LieGroupUpdateStageSystemCoordinates(mainSys, u0, v0, nODE2, Kprev, kprev, factK):
    """Set the current state to the stage's: u0 + factK Kprev, v0 + factK kprev, with each
    RotVecLG node's rotation vector composed (reference + u0) with factK Kprev, minus the
    reference; then apply the coordinate constraints."""
    u0 = np.asarray(u0, dtype=float)
    u = u0[0:nODE2] + factK * np.asarray(Kprev, dtype=float)
    v = np.asarray(v0, dtype=float)[0:nODE2] + factK * np.asarray(kprev, dtype=float)
    for i, ref in zip(mainSys.sys["lieGroupODE2indices"],
                      mainSys.sys["lieGroupReferenceRotations"]):
        r = slice(i + 3, i + 6)
        u[r] = CompositionRuleForRotationVectors(ref + u0[r], factK * Kprev[r]) - ref
    mainSys.systemData.SetODE2Coordinates(u)
    mainSys.systemData.SetODE2Coordinates_t(v)
    ExplicitRKApplyCoordinateConstraints(mainSys)


def UserFunctionNewtonLieGroupRK4(mainSolver, mainSys, sims):
    """Exudyn's Newton user function that replaces a step of an implicit solver object by one
    explicit Lie-group RK4 step (call LieGroupExplicitRKInitialize(mainSys) first). Needs
    Exudyn's solver-object interface (see the module docstring). Returns True."""
    h = mainSolver.it.currentStepSize
    from .items import ConfigurationType
    t_end = mainSys.systemData.GetTime()
    t0 = mainSys.systemData.GetTime(ConfigurationType.StartOfStep)
    n = mainSolver.GetODE2size()
    u0 = mainSys.systemData.GetODE2Coordinates()
    v0 = mainSys.systemData.GetODE2Coordinates_t()

    mainSys.systemData.SetTime(t0)
    k = [h * ExplicitRKComputeSystemAcceleration(mainSolver, mainSys, n)]
    K = [h * v0[0:n]]
    for c in (0.5, 0.5, 1.0):
        mainSys.systemData.SetTime(t0 + c * h)
        LieGroupUpdateStageSystemCoordinates(mainSys, u0, v0, n, K[-1], k[-1], c)
        k.append(h * ExplicitRKComputeSystemAcceleration(mainSolver, mainSys, n))
        K.append(LieGroupComputeKstage(mainSys, u0, v0, h, n, K[-1], k[-2], c))
    mainSys.systemData.SetTime(t_end)
    v_new = v0 + (k[0] + 2 * k[1] + 2 * k[2] + k[3]) / 6.0
    du = (K[0] + 2 * K[1] + 2 * K[2] + K[3]) / 6.0
    u_new = u0 + du
    for i, ref in zip(mainSys.sys["lieGroupODE2indices"],
                      mainSys.sys["lieGroupReferenceRotations"]):
        r = slice(i + 3, i + 6)
        u_new[r] = CompositionRuleForRotationVectors(ref + u0[r], du[r]) - ref
    mainSys.systemData.SetODE2Coordinates(u_new)
    mainSys.systemData.SetODE2Coordinates_t(v_new)
    ExplicitRKApplyCoordinateConstraints(mainSys)
    return True
