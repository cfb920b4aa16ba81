"""Explicit integrators (csrc/solvers/cd_explicit.c): Exudyn's explicit DynamicSolverTypes.

Convergence orders measured against closed forms (linear oscillator) and a scipy reference
(elastic pendulum), Exudyn's automatic step size, the Lie-group integrators on a free rigid
body (angular momentum), the same numbers as Exudyn 1.13.6 where it is installed, sensors and
solution files, and the errors for what the explicit solvers cannot integrate."""
import importlib
import math
import warnings

import numpy as np
import pytest

import coordyn as cd

DST = cd.DynamicSolverType
# method: order of the propagated solution
ORDERS = {"ExplicitEuler": 1, "ExplicitMidpoint": 2, "RK33": 3, "RK44": 4, "RK67": 6,
          "ODE23": 3, "DOPRI5": 5, "DVERK6": 6, "VelocityVerlet": 2}
EMBEDDED = ("ODE23", "DOPRI5", "DVERK6")
EXUDYN_METHODS = [m for m in ORDERS if m != "DVERK6"]   # Exudyn 1.13.6 has no DVERK6


def items(lib):
    return importlib.import_module("exudyn.itemInterface") if lib is not cd else cd


def settings(lib, n, t_end=1.0, **ti):
    s = lib.SimulationSettings()
    s.timeIntegration.numberOfSteps = n
    s.timeIntegration.endTime = t_end
    s.solutionSettings.writeSolutionToFile = False
    for k, v in ti.items():
        setattr(s.timeIntegration, k, v)
    return s


def solve(mbs, s, lib, method):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        mbs.SolveDynamic(s, solverType=getattr(lib.DynamicSolverType, method))


def steps_of(mbs, lib):
    """(accepted steps, rejected steps) of the last solve"""
    if lib is cd:
        st = mbs.GetSolverStatistics()
        return st["steps"], st["rejectedSteps"]
    it = mbs.sys["dynamicSolver"].it
    return it.currentStepIndex - 1, it.rejectedAutomaticStepSizeSteps


# ---------------------------------------------------------------- models

M, K = 2.0, 18.0          # oscillator: omega = 3
X0, V0 = 0.7, -0.4


def oscillator(lib=cd):
    I = items(lib)
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(I.NodePoint(referenceCoordinates=[0, 0, 0], initialCoordinates=[X0, 0, 0],
                                initialVelocities=[V0, 0, 0]))
    o = mbs.AddObject(I.MassPoint(physicsMass=M, nodeNumber=n))
    g = mbs.AddObject(I.ObjectGround())
    m0 = mbs.AddMarker(I.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(I.MarkerBodyPosition(bodyNumber=o))
    mbs.AddObject(I.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[K, K, K]))
    mbs.Assemble()
    return mbs, n


def oscillator_exact(t):
    w = math.sqrt(K / M)
    return X0 * math.cos(w * t) + V0 / w * math.sin(w * t), \
        -X0 * w * math.sin(w * t) + V0 * math.cos(w * t)


# elastic pendulum: a mass on a spring to the origin under gravity (nonlinear)
PM, PK, PL0, PG = 1.5, 60.0, 1.0, 9.81
P0, PV0 = [0.8, -0.9, 0.0], [0.6, 0.3, 0.0]


def pendulum(lib=cd):
    I = items(lib)
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(I.NodePoint(referenceCoordinates=P0, initialVelocities=PV0))
    o = mbs.AddObject(I.MassPoint(physicsMass=PM, nodeNumber=n))
    g = mbs.AddObject(I.ObjectGround())
    m0 = mbs.AddMarker(I.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(I.MarkerBodyPosition(bodyNumber=o))
    mbs.AddObject(I.SpringDamper(markerNumbers=[m0, m1], stiffness=PK, referenceLength=PL0))
    mbs.AddLoad(I.Force(markerNumber=m1, loadVector=[0, -PM * PG, 0]))
    mbs.Assemble()
    return mbs, n


@pytest.fixture(scope="module")
def pendulum_reference():
    integrate = pytest.importorskip("scipy.integrate")

    def f(t, z):
        x, v = z[:2], z[2:]
        L = np.linalg.norm(x)
        a = -PK * (L - PL0) * x / L / PM + np.array([0, -PG])
        return np.r_[v, a]

    sol = integrate.solve_ivp(f, (0, 1), np.r_[P0[:2], PV0[:2]], method="DOP853", rtol=1e-12,
                              atol=1e-12)
    return sol.y[:, -1]


def final_error_oscillator(method, n):
    mbs, node = oscillator()
    solve(mbs, settings(cd, n, automaticStepSize=False), cd, method)
    x = mbs.GetNodeOutput(node, cd.OutputVariableType.Coordinates)[0]
    v = mbs.GetNodeOutput(node, cd.OutputVariableType.Coordinates_t)[0]
    xe, ve = oscillator_exact(1.0)
    return max(abs(x - xe), abs(v - ve))


def final_error_pendulum(method, n, ref):
    mbs, node = pendulum()
    solve(mbs, settings(cd, n, automaticStepSize=False), cd, method)
    p = mbs.GetNodeOutput(node, cd.OutputVariableType.Position)[:2]
    v = mbs.GetNodeOutput(node, cd.OutputVariableType.Velocity)[:2]
    return np.abs(np.r_[p, v] - ref).max()


# step counts where the errors are well above round-off and in the asymptotic range
STEPS = {"ExplicitEuler": 400, "ExplicitMidpoint": 100, "RK33": 50, "RK44": 40, "RK67": 12,
         "ODE23": 50, "DOPRI5": 20, "DVERK6": 12, "VelocityVerlet": 100}


# ---------------------------------------------------------------- orders

@pytest.mark.parametrize("method", list(ORDERS))
def test_order_linear_oscillator(method):
    n = STEPS[method]
    e = [final_error_oscillator(method, n * 2 ** k) for k in range(3)]
    orders = [math.log2(e[k] / e[k + 1]) for k in range(2)]
    p = ORDERS[method]
    assert abs(orders[1] - p) < 0.25, (method, e, orders)
    assert e[2] < e[1] < e[0]


@pytest.mark.parametrize("method", list(ORDERS))
def test_order_nonlinear_pendulum(method, pendulum_reference):
    n = STEPS[method] * 2
    e = [final_error_pendulum(method, n * 2 ** k, pendulum_reference) for k in range(3)]
    orders = [math.log2(e[k] / e[k + 1]) for k in range(2)]
    assert abs(orders[1] - ORDERS[method]) < 0.3, (method, e, orders)


def test_rk44_error_ratio_16():
    e1, e2 = final_error_oscillator("RK44", 80), final_error_oscillator("RK44", 160)
    assert 14.5 < e1 / e2 < 17.5


# ---------------------------------------------------------------- step-size control

@pytest.mark.parametrize("method", EMBEDDED)
def test_adaptive_meets_tolerance(method):
    errors, steps = [], []
    for tol in (1e-5, 1e-7, 1e-9):
        mbs, node = oscillator()
        solve(mbs, settings(cd, 10, absoluteTolerance=tol, relativeTolerance=tol), cd, method)
        st = mbs.GetSolverStatistics()
        # every accepted step's local error estimate is within the tolerances
        assert 0 < st["largestErrorEstimate"] <= 1.0
        x = mbs.GetNodeOutput(node, cd.OutputVariableType.Coordinates)[0]
        errors.append(abs(x - oscillator_exact(1.0)[0]))
        steps.append(st["steps"])
        assert errors[-1] < 50 * tol
        assert st["maximumStepUsed"] <= 0.1 + 1e-15   # (endTime - startTime) / numberOfSteps
    assert errors[2] < errors[1] < errors[0]
    assert steps[0] < steps[1] < steps[2]


def test_adaptive_rejects_and_recovers():
    # a first step of 0.5 is far too large for 1e-8: rejected, then the controller's steps
    mbs, node = oscillator()
    solve(mbs, settings(cd, 2, initialStepSize=0.5, absoluteTolerance=1e-8,
                        relativeTolerance=0), cd, "DOPRI5")
    st = mbs.GetSolverStatistics()
    assert st["rejectedSteps"] >= 1 and st["errorRejectedSteps"] == st["rejectedSteps"]
    assert st["largestErrorEstimate"] <= 1
    x = mbs.GetNodeOutput(node, cd.OutputVariableType.Coordinates)[0]
    assert abs(x - oscillator_exact(1.0)[0]) < 1e-6


def test_embedded_fixed_steps_without_automatic_step_size():
    mbs, _ = oscillator()
    solve(mbs, settings(cd, 37, automaticStepSize=False), cd, "DOPRI5")
    st = mbs.GetSolverStatistics()
    assert st["steps"] == 37 and st["rejectedSteps"] == 0


def test_minimum_step_size_warning():
    mbs, _ = oscillator()
    s = settings(cd, 10, absoluteTolerance=1e-14, relativeTolerance=0, minimumStepSize=1e-2)
    with pytest.warns(UserWarning, match="reached timeIntegration.minimumStepSize"):
        mbs.SolveDynamic(s, solverType=DST.DOPRI5)


def test_statistics_function_evaluations():
    # RK44: 4 evaluations per step, the first one being the last step's end-of-step evaluation,
    # plus the one at the start
    mbs, _ = oscillator()
    solve(mbs, settings(cd, 50), cd, "RK44")
    st = mbs.GetSolverStatistics()
    assert st["steps"] == 50 and st["residuals"] == 4 * 50 + 1
    assert st["newtonIterations"] == 0 and st["factorizations"] == 1  # constant mass matrix
    s = settings(cd, 50)
    s.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = False
    solve(mbs, s, cd, "RK44")
    assert mbs.GetSolverStatistics()["residuals"] == 4 * 50 + 1
    s.timeIntegration.reuseConstantMassMatrix = False
    solve(mbs, s, cd, "RK44")
    assert mbs.GetSolverStatistics()["factorizations"] == 4 * 50 + 1


# ---------------------------------------------------------------- Lie group

def free_body(lib=cd, omega=(0.3, 4.0, -1.5), inertia=(0.8, 1.7, 2.4)):
    I = items(lib)
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(I.NodeRigidBodyRotVecLG(referenceCoordinates=[0] * 6,
                                            initialVelocities=[0.1, 0, 0] + list(omega)))
    mbs.AddObject(I.ObjectRigidBody(physicsMass=3.0, physicsInertia=list(inertia) + [0, 0, 0],
                                    nodeNumber=n))
    mbs.Assemble()
    return mbs, n


def angular_momentum(mbs, n, lib=cd, inertia=(0.8, 1.7, 2.4)):
    A = np.asarray(mbs.GetNodeOutput(n, lib.OutputVariableType.RotationMatrix)).reshape(3, 3)
    wl = np.asarray(mbs.GetNodeOutput(n, lib.OutputVariableType.Coordinates_t))[3:]  # body frame
    return A @ (np.diag(inertia) @ wl)


@pytest.mark.parametrize("method", ["ExplicitMidpoint", "RK33", "RK44", "RK67"])
def test_lie_group_angular_momentum_order(method):
    L0 = np.diag([0.8, 1.7, 2.4]) @ np.array([0.3, 4.0, -1.5])
    drift = []
    for n in (40, 80, 160):
        mbs, node = free_body()
        solve(mbs, settings(cd, n, t_end=2.0), cd, method)
        drift.append(np.linalg.norm(angular_momentum(mbs, node) - L0))
    order = math.log2(drift[1] / drift[2])
    assert abs(order - ORDERS[method]) < 0.35, (drift, order)
    # the free translation is exact
    p = mbs.GetNodeOutput(node, cd.OutputVariableType.Position)
    assert np.allclose(p, [0.2, 0, 0], atol=1e-13)


def test_lie_group_dopri5_conserves_to_tolerance():
    mbs, node = free_body()
    solve(mbs, settings(cd, 20, t_end=2.0, absoluteTolerance=1e-10, relativeTolerance=0), cd,
          "DOPRI5")
    L0 = np.diag([0.8, 1.7, 2.4]) @ np.array([0.3, 4.0, -1.5])
    assert np.linalg.norm(angular_momentum(mbs, node) - L0) < 1e-7


# ---------------------------------------------------------------- against Exudyn

def spring_mass(lib, constraint=False):
    I = items(lib)
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(I.NodePoint(referenceCoordinates=[0, 0, 0], initialCoordinates=[1, 0.5, 0.2],
                                initialVelocities=[0, 0, 0.3]))
    o = mbs.AddObject(I.MassPoint(physicsMass=2, nodeNumber=n))
    g = mbs.AddObject(I.ObjectGround())
    m0 = mbs.AddMarker(I.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(I.MarkerBodyPosition(bodyNumber=o))
    mbs.AddObject(I.SpringDamper(markerNumbers=[m0, m1], stiffness=50, damping=0.3,
                                 referenceLength=0.7))
    mbs.AddLoad(I.Force(markerNumber=m1, loadVector=[0, -3, 1]))
    if constraint:   # z fixed: eliminated by the explicit solvers
        ng = mbs.AddNode(I.NodePointGround())
        mg = mbs.AddMarker(I.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        mz = mbs.AddMarker(I.MarkerNodeCoordinate(nodeNumber=n, coordinate=2))
        mbs.AddObject(I.CoordinateConstraint(markerNumbers=[mg, mz]))
    mbs.AddSensor(I.SensorNode(nodeNumber=n, storeInternal=True,
                               outputVariableType=lib.OutputVariableType.Coordinates))
    mbs.Assemble()
    return mbs, n


def final_state(mbs, n, lib):
    O = lib.OutputVariableType
    return np.r_[mbs.GetNodeOutput(n, O.Coordinates), mbs.GetNodeOutput(n, O.Coordinates_t),
                 mbs.GetNodeOutput(n, O.Coordinates_tt)]


@pytest.mark.parametrize("constraint", [False, True])
@pytest.mark.parametrize("method", EXUDYN_METHODS)
def test_same_as_exudyn(method, constraint):
    exu = pytest.importorskip("exudyn")
    out = {}
    for lib in (cd, exu):
        mbs, n = spring_mass(lib, constraint)
        s = settings(lib, 200, t_end=2.0)
        s.solutionSettings.sensorsWritePeriod = 0.05
        solve(mbs, s, lib, method)
        out[lib] = (final_state(mbs, n, lib), steps_of(mbs, lib),
                    np.asarray(mbs.GetSensorStoredData(0)))
    (x_cd, st_cd, sen_cd), (x_ex, st_ex, sen_ex) = out[cd], out[exu]
    if constraint:
        assert x_cd[2] == 0 and x_cd[5] == 0 and x_cd[8] == 0
    assert sen_cd.shape == sen_ex.shape
    if method not in EMBEDDED:
        assert st_cd == st_ex == (200, 0)
        assert np.abs(x_cd - x_ex).max() < 1e-10
        # sensors at the same times with the same values
        assert np.abs(sen_cd - sen_ex).max() < 1e-10
        return
    # automatic step size: the same controller; round-off in the error estimates (1e-13 of
    # the step's change) can tip a step size by 1e-6 and the sequences drift apart slightly
    assert abs(st_cd[0] - st_ex[0]) <= max(1, 0.01 * st_ex[0])
    assert abs(st_cd[1] - st_ex[1]) <= max(2, 0.05 * st_ex[1])
    assert 0.67 < st_cd[0] / st_ex[0] < 1.5
    assert np.abs(x_cd - x_ex).max() < 1e-6
    assert np.abs(sen_cd[:, 0] - sen_ex[:, 0]).max() < 0.01   # the same output steps


@pytest.mark.parametrize("method,tol", [("ODE23", 1e-6), ("DOPRI5", 1e-4), ("DOPRI5", 1e-8)])
def test_adaptive_steps_as_exudyn_with_ode1(method, tol):
    """Exudyn's regression model solverExplicitODE1ODE2test: ODE1 and ODE2 coordinates"""
    exu = pytest.importorskip("exudyn")
    out = {}
    for lib in (cd, exu):
        I = items(lib)
        SC = lib.SystemContainer()
        mbs = SC.AddSystem()
        n1 = mbs.AddNode(I.NodeGenericODE1(referenceCoordinates=[0] * 4,
                                           initialCoordinates=[1, 0, 0, 0],
                                           numberOfODE1Coordinates=4))
        A = np.array([[0, 0, 1, 0], [0, 0, 0, 1], [-100, 0, 0, 0], [0, -50, 0, 0]])
        mbs.AddObject(I.ObjectGenericODE1(nodeNumbers=[n1], systemMatrix=A,
                                          rhsVector=[0, 0, 0, 0.5]))
        n2 = mbs.AddNode(I.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[1, 0],
                                           initialCoordinates_t=[0, 0],
                                           numberOfODE2Coordinates=2))
        mbs.AddObject(I.ObjectGenericODE2(nodeNumbers=[n2], massMatrix=np.diag([2, 2]),
                                          stiffnessMatrix=np.diag([200, 100]),
                                          forceVector=[0, 1]))
        mbs.Assemble()
        s = settings(lib, 2, t_end=2.0, absoluteTolerance=tol, relativeTolerance=1e-4)
        solve(mbs, s, lib, method)
        x = np.r_[mbs.systemData.GetODE1Coordinates(), mbs.systemData.GetODE2Coordinates()]
        out[lib] = (x, steps_of(mbs, lib))
    n_cd, n_ex = out[cd][1][0], out[exu][1][0]
    assert abs(n_cd - n_ex) <= max(1, 0.01 * n_ex)
    assert out[cd][1] == out[exu][1]
    assert np.abs(out[cd][0] - out[exu][0]).max() < 1e-9
    # y0'' = -100 y0 from y0 = 1: cos(10 t)
    assert abs(out[cd][0][0] - math.cos(20.0)) < 20 * (tol + 1e-4)


@pytest.mark.parametrize("method", ["ExplicitEuler", "RK44", "RK67", "ODE23", "DOPRI5",
                                    "VelocityVerlet"])
def test_lie_group_heavy_top_as_exudyn(method):
    """Exudyn's regression model explicitLieGroupIntegratorTest (heavy top on RotVecLG)"""
    exu = pytest.importorskip("exudyn")
    out = {}
    m, rp = 15.0, np.array([0, 1.0, 0])
    J = np.diag([0.234375, 0.46875, 0.234375]) + m * (rp @ rp * np.eye(3) - np.outer(rp, rp))
    for lib in (cd, exu):
        I = items(lib)
        SC = lib.SystemContainer()
        mbs = SC.AddSystem()
        n = mbs.AddNode(I.NodeRigidBodyRotVecLG(referenceCoordinates=[0] * 6,
                                                initialVelocities=[0, 0, 0, 0, 150, -4.61538]))
        o = mbs.AddObject(I.ObjectRigidBody(physicsMass=m, nodeNumber=n,
                                            physicsInertia=[J[0, 0], J[1, 1], J[2, 2], 0, 0, 0]))
        mk = mbs.AddMarker(I.MarkerBodyPosition(bodyNumber=o, localPosition=list(rp)))
        mbs.AddLoad(I.Force(markerNumber=mk, loadVector=[0, 0, -m * 9.81]))
        mbs.Assemble()
        s = settings(lib, 100, t_end=0.1, absoluteTolerance=1e-10, relativeTolerance=0)
        solve(mbs, s, lib, method)
        O = lib.OutputVariableType
        out[lib] = (np.r_[mbs.GetNodeOutput(n, O.RotationMatrix),
                          mbs.GetNodeOutput(n, O.AngularVelocity) / 150,
                          mbs.GetNodeOutput(n, O.Coordinates_t)[3:] / 150],
                    steps_of(mbs, lib))
    assert np.abs(out[cd][0] - out[exu][0]).max() < 1e-12
    assert abs(out[cd][1][0] - out[exu][1][0]) <= 1 and out[cd][1][1] == out[exu][1][1]


def test_end_of_step_accelerations_off_as_exudyn():
    exu = pytest.importorskip("exudyn")
    out = {}
    for lib in (cd, exu):
        mbs, n = spring_mass(lib)
        s = settings(lib, 50)
        s.timeIntegration.explicitIntegration.computeEndOfStepAccelerations = False
        solve(mbs, s, lib, "RK44")
        out[lib] = final_state(mbs, n, lib)
    assert np.abs(out[cd] - out[exu]).max() < 1e-10
    # the lagging accelerations differ from the end of the step's
    mbs, n = spring_mass(cd)
    solve(mbs, settings(cd, 50), cd, "RK44")
    assert np.abs(final_state(mbs, n, cd)[6:] - out[cd][6:]).max() > 1e-5


# ---------------------------------------------------------------- selection and output

def test_enum_values_are_exudyns():
    exu = pytest.importorskip("exudyn")
    for m in exu.DynamicSolverType.__members__:
        assert int(getattr(DST, m)) == int(getattr(exu.DynamicSolverType, m)), m
    assert set(DST.__members__) == set(exu.DynamicSolverType.__members__)


def test_solver_type_setting_and_argument():
    mbs, n = oscillator()
    s = settings(cd, 40)
    s.timeIntegration.solverType = DST.RK44
    mbs.SolveDynamic(s)
    x_setting = mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates)[0]
    s2 = settings(cd, 40)
    mbs.SolveDynamic(s2, solverType=DST.RK44)
    assert mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates)[0] == x_setting
    assert s2.timeIntegration.solverType == DST.GeneralizedAlpha   # not changed by the solve
    # Exudyn's deprecated name of the setting
    s3 = settings(cd, 40)
    s3.timeIntegration.explicitIntegration.dynamicSolverType = DST.RK44
    assert s3.timeIntegration.solverType == DST.RK44
    mbs.SolveDynamic(s3)
    assert mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates)[0] == x_setting
    # the argument takes the place of the setting
    mbs.SolveDynamic(s3, solverType=DST.GeneralizedAlpha)
    assert mbs.GetSolverStatistics()["newtonIterations"] > 0


def test_trapezoidal_index2_exists():
    assert DST.TrapezoidalIndex2 == 2
    mbs, n = oscillator()
    s = settings(cd, 200)
    mbs.SolveDynamic(s, solverType=DST.TrapezoidalIndex2)
    assert abs(mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates)[0] -
               oscillator_exact(1.0)[0]) < 2e-3
    assert s.timeIntegration.generalizedAlpha.useNewmark is False   # settings not changed


def test_trapezoidal_index2_takes_newmark_parameters_as_set():
    """as Exudyn's SolveDynamic, TrapezoidalIndex2 sets only useNewmark and
    useIndex2Constraints: newmarkBeta / newmarkGamma come from the settings (gamma = 0.6 gives
    another result than the trapezoidal rule's 0.5)"""
    def solve(how, gamma):
        mbs, n = oscillator()
        s = settings(cd, 200)
        ga = s.timeIntegration.generalizedAlpha
        ga.newmarkGamma = gamma
        ga.newmarkBeta = 0.25 * (gamma + 0.5) ** 2
        if how == "manual":
            ga.useNewmark = ga.useIndex2Constraints = True
            mbs.SolveDynamic(s)
        else:
            mbs.SolveDynamic(s, solverType=DST.TrapezoidalIndex2)
        return mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates)[0]
    assert solve("solver type", 0.6) == solve("manual", 0.6)
    assert solve("solver type", 0.6) != solve("solver type", 0.5)


def test_sensors_and_solution_file(tmp_path):
    mbs, n = oscillator()
    s = settings(cd, 100)
    s.solutionSettings.writeSolutionToFile = True
    s.solutionSettings.coordinatesSolutionFileName = str(tmp_path / "sol.txt")
    s.solutionSettings.solutionWritePeriod = 0.1
    s.solutionSettings.sensorsWritePeriod = 0.1
    sens = mbs.AddSensor(cd.SensorNode(nodeNumber=n, storeInternal=True,
                                       fileName=str(tmp_path / "x.txt"),
                                       outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    mbs.SolveDynamic(s, solverType=DST.RK44)
    data = mbs.GetSensorStoredData(sens)
    assert np.allclose(data[:, 0], np.linspace(0, 1, 11))
    xe = [oscillator_exact(t)[0] for t in data[:, 0]]
    assert np.abs(data[:, 1] - xe).max() < 1e-6
    sol = cd.LoadSolutionFile(str(tmp_path / "sol.txt"))
    assert np.allclose(sol["data"][:, 0], np.linspace(0, 1, 11))
    assert np.abs(sol["data"][:, 1] - xe).max() < 1e-6
    filed = np.loadtxt(tmp_path / "x.txt", comments="#", delimiter=",")
    assert np.allclose(filed[:, 1], data[:, 1], rtol=1e-9, atol=1e-12)


def test_adaptive_sensor_times_first_step_after_output_time():
    mbs, n = oscillator()
    sens = mbs.AddSensor(cd.SensorNode(nodeNumber=n, storeInternal=True,
                                       outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    s = settings(cd, 20, absoluteTolerance=1e-6, relativeTolerance=0)
    s.solutionSettings.sensorsWritePeriod = 0.1
    mbs.SolveDynamic(s, solverType=DST.DOPRI5)
    t = mbs.GetSensorStoredData(sens)[:, 0]
    assert t[0] == 0 and abs(t[-1] - 1) < 1e-12
    k = np.arange(1, len(t) - 1)
    assert np.all(t[1:-1] >= 0.1 * k - 1e-12) and np.all(t[1:-1] < 0.1 * k + 0.05 + 1e-12)
    xe = np.array([oscillator_exact(tt)[0] for tt in t])
    assert np.abs(mbs.GetSensorStoredData(sens)[:, 1] - xe).max() < 1e-5


def test_dverk6_is_a_coordyn_addition():
    exu = pytest.importorskip("exudyn")
    mbs, n = spring_mass(exu)
    with pytest.raises(Exception, match="not implemented"):
        solve(mbs, settings(exu, 10), exu, "DVERK6")
    mbs, n = spring_mass(cd)
    solve(mbs, settings(cd, 10), cd, "DVERK6")   # works in coordyn
    assert mbs.GetSolverStatistics()["steps"] >= 10


# ---------------------------------------------------------------- what explicit solvers refuse

def with_distance_constraint():
    mbs, n = spring_mass(cd)
    g = mbs.AddObject(cd.ObjectGround(referencePosition=[0, 0, 0]))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=1.0))
    mbs.Assemble()
    return mbs


def test_constraint_refused_with_its_name():
    mbs = with_distance_constraint()
    with pytest.raises(ValueError, match=r"RK44\) integrate systems without constraints: "
                       r"ObjectConnectorDistance 4 is a constraint.*GeneralizedAlpha"):
        mbs.SolveDynamic(settings(cd, 10), solverType=DST.RK44)


def test_constraints_ignored_with_warning_when_not_eliminated():
    mbs = with_distance_constraint()
    s = settings(cd, 10)
    s.timeIntegration.explicitIntegration.eliminateConstraints = False
    with pytest.warns(UserWarning, match="ObjectConnectorDistance 4 are ignored"):
        mbs.SolveDynamic(s, solverType=DST.RK44)


def test_coordinate_constraint_with_offset_refused():
    mbs, n = spring_mass(cd)
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mx = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mx], offset=0.1))
    mbs.Assemble()
    with pytest.raises(ValueError, match="ObjectConnectorCoordinate 3 is a constraint"):
        mbs.SolveDynamic(settings(cd, 10), solverType=DST.ExplicitEuler)


def test_euler_parameter_node_refused():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0]))
    mbs.AddObject(cd.ObjectRigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0],
                                     nodeNumber=n))
    mbs.Assemble()
    with pytest.raises(ValueError, match="NodeRigidBodyEP 0 has algebraic equations.*"
                       "NodeRigidBodyRotVecLG"):
        mbs.SolveDynamic(settings(cd, 10), solverType=DST.RK44)


def test_lie_group_integration_off_refused():
    mbs, _ = free_body()
    s = settings(cd, 10)
    s.timeIntegration.explicitIntegration.useLieGroupIntegration = False
    with pytest.raises(ValueError, match="useLieGroupIntegration = False cannot integrate "
                       "NodeRigidBodyRotVecLG 0"):
        mbs.SolveDynamic(s, solverType=DST.RK44)


def test_adaptive_without_tolerance_refused():
    mbs, _ = oscillator()
    with pytest.raises(ValueError, match="absoluteTolerance must be > 0 for the automatic step "
                       "size of DynamicSolverType.DOPRI5"):
        mbs.SolveDynamic(settings(cd, 10, absoluteTolerance=0.0), solverType=DST.DOPRI5)
    # fixed steps need no tolerance
    mbs.SolveDynamic(settings(cd, 10, absoluteTolerance=0.0, automaticStepSize=False),
                     solverType=DST.DOPRI5)


def test_error_control_setting_refused():
    mbs, _ = oscillator()
    s = settings(cd, 10)
    s.timeIntegration.errorControl.active = True
    with pytest.raises(ValueError, match="errorControl.active is coordyn's error control of the "
                       "implicit solvers; DynamicSolverType.RK44 takes fixed steps"):
        mbs.SolveDynamic(s, solverType=DST.RK44)


def test_massless_coordinate_named():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match="mass matrix is singular.*NodePoint 1"):
        mbs.SolveDynamic(settings(cd, 10), solverType=DST.RK44)


@pytest.mark.parametrize("bad,exc,msg", [(12, ValueError, "must be a coordyn.DynamicSolverType"),
                                         (0, ValueError, "must be a coordyn.DynamicSolverType"),
                                         ("RK44", TypeError, "must be a coordyn.DynamicSolverType"),
                                         (True, TypeError, "must be a coordyn.DynamicSolverType")])
def test_bad_solver_type(bad, exc, msg):
    mbs, _ = oscillator()
    with pytest.raises(exc, match="solverType " + msg):
        mbs.SolveDynamic(settings(cd, 10), solverType=bad)
    s = settings(cd, 10)
    if isinstance(bad, int) and not isinstance(bad, bool):
        s.timeIntegration.solverType = bad
        with pytest.raises(exc, match="timeIntegration.solverType " + msg):
            mbs.SolveDynamic(s)


def test_benchmark_script_runs(monkeypatch):
    """benchmarks/bench_explicit.py for coordyn alone: RK44 takes 4 right-hand sides per step
    and its chain ends where a tightly controlled DOPRI5 solve of the same chain ends"""
    import os
    bench_dir = os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks")
    monkeypatch.syspath_prepend(os.path.abspath(bench_dir))
    import bench_explicit
    rows = bench_explicit.main(["--engines", "coordyn", "--sizes", "10", "--steps", "20",
                                "--reps", "1"])
    assert len(rows) == 1 and rows[0]["rates"][0] > 0
    assert rows[0]["rhs"] == pytest.approx((4 * 20 + 1) / 20)
    lib = bench_explicit.bench_chains.coordyn_lib()
    SC, mbs, node = bench_explicit.build_chain(lib, 10, "masspoint")
    mbs.Assemble()
    s = bench_explicit.settings(lib, 20)
    s.timeIntegration.automaticStepSize = True
    s.timeIntegration.absoluteTolerance = 1e-13
    s.timeIntegration.relativeTolerance = 0
    mbs.SolveDynamic(s, solverType=DST.DOPRI5)
    ref = mbs.GetNodeOutput(node, cd.OutputVariableType.Position)
    assert np.abs(np.asarray(rows[0]["pos"]) - ref).max() < 1e-12


def test_verbose_header_names_the_explicit_method(capsys):
    mbs, _ = oscillator()
    s = settings(cd, 5)
    s.timeIntegration.verboseMode = 2
    mbs.SolveDynamic(s, solverType=DST.DOPRI5)
    out = capsys.readouterr().out
    assert "solver: explicit time integration (DOPRI5)" in out   # Exudyn's header
    assert "Generalized-alpha" not in out
    assert "adaptive reduction to step size" in out               # the rejected first step
    mbs.SolveDynamic(s)
    assert "Generalized-alpha: spectralRadius=0.9" in capsys.readouterr().out


def test_ode1_only_system():
    """no ODE2 coordinates (no mass matrix): y0'' = -4 y0 as a first-order system"""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n1 = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0, 0], initialCoordinates=[1, 0],
                                        numberOfODE1Coordinates=2))
    mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[n1], systemMatrix=np.array([[0, 1], [-4, 0]]),
                                       rhsVector=[0, 0]))
    mbs.Assemble()
    y = {}
    for m in ("RK44", "DOPRI5", "ExplicitEuler", "VelocityVerlet"):
        mbs.SolveDynamic(settings(cd, 100), solverType=getattr(DST, m))
        y[m] = mbs.systemData.GetODE1Coordinates()[0]
    assert abs(y["RK44"] - math.cos(2)) < 1e-8
    assert abs(y["DOPRI5"] - math.cos(2)) < 1e-10
    assert 1e-3 < abs(y["ExplicitEuler"] - math.cos(2)) < 2e-2
    # velocity Verlet integrates ODE1 coordinates with an explicit Euler step (as Exudyn)
    assert y["VelocityVerlet"] == y["ExplicitEuler"]


def test_non_finite_start_named_and_state_kept_finite():
    """a mass of 5e-324 gives M^-1 f = inf at the start: an error naming the coordinate, and the
    state after the failed solve stays finite"""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[1, 0],
                                       initialCoordinates_t=[0, 0], numberOfODE2Coordinates=2))
    mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.diag([1.0, 5e-324]),
                                       stiffnessMatrix=np.eye(2), forceVector=[0, 0.5]))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"RK44: the acceleration of ODE2 coordinate [01] "
                       r"of NodeGenericODE2 0 is (-?nan|-?inf) at the start"):
        mbs.SolveDynamic(settings(cd, 10), solverType=DST.RK44)
    assert np.all(np.isfinite(mbs.systemData.GetODE2Coordinates_tt()))
