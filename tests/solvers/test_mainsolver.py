"""Exudyn's solver objects (coordyn.MainSolverImplicitSecondOrder, MainSolverStatic,
MainSolverExplicit): SolveSystem against mbs.SolveDynamic / SolveStatic, a user Newton (explicit
Euler) against its closed-form recursion, the matrices against hand-assembled ones, numerical
differentiation and Exudyn."""
import numpy as np
import pytest

import coordyn
from coordyn.exudyn._notyet import NotImplementedFeatureError

M0, M1 = 2.0, 3.0
K0 = np.array([100., 200., 300.])
K1 = np.array([10., 20., 30.])
D0 = np.array([1., 2., 3.])
D1 = np.array([.1, .2, .3])
F = 5.0


def chain(constraint=True, mod=coordyn):
    """ground -spring0- mass0 -spring1- mass1 (force F in x on mass1), mass1's z fixed by a
    coordinate constraint"""
    ii = mod.itemInterface if mod is not coordyn else coordyn
    SC = mod.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddNode(ii.NodePointGround())
    n0 = mbs.AddNode(ii.NodePoint(referenceCoordinates=[1, 0, 0], initialCoordinates=[0.1, 0, 0]))
    n1 = mbs.AddNode(ii.NodePoint(referenceCoordinates=[2, 0, 0],
                                  initialVelocities=[0.3, 0, 0]))
    mbs.AddObject(ii.MassPoint(nodeNumber=n0, physicsMass=M0))
    mbs.AddObject(ii.MassPoint(nodeNumber=n1, physicsMass=M1))
    mg = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=g))
    a = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=n0))
    b = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=n1))
    mbs.AddObject(ii.CartesianSpringDamper(markerNumbers=[mg, a], stiffness=list(K0),
                                           damping=list(D0)))
    mbs.AddObject(ii.CartesianSpringDamper(markerNumbers=[a, b], stiffness=list(K1),
                                           damping=list(D1)))
    mbs.AddLoad(ii.Force(markerNumber=b, loadVector=[F, 0, 0]))
    if constraint:
        cn = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=n1, coordinate=2))
        cg = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
        mbs.AddObject(ii.CoordinateConstraint(markerNumbers=[cg, cn]))
    mbs.Assemble()
    return SC, mbs


def settings(steps=100, end=0.5, mod=coordyn):
    s = mod.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end
    s.timeIntegration.verboseMode = 0
    s.solutionSettings.writeSolutionToFile = False
    if mod is coordyn:
        s.progressBar = False
    return s


def hand_K():
    K = np.zeros((6, 6))
    K[:3, :3] = np.diag(K0 + K1)
    K[3:, 3:] = np.diag(K1)
    K[:3, 3:] = K[3:, :3] = -np.diag(K1)
    return K


def hand_D():
    D = np.zeros((6, 6))
    D[:3, :3] = np.diag(D0 + D1)
    D[3:, 3:] = np.diag(D1)
    D[:3, 3:] = D[3:, :3] = -np.diag(D1)
    return D


def test_static_solver_mass_and_stiffness_of_the_chain():
    """the static solver object's M and ODE2 Jacobian (scalarFactor_ODE2=-1: the stiffness)
    equal the hand-assembled matrices; damping with scalarFactor_ODE2_t; the AE blocks are
    C_q and C_q^T; the system matrix has [ODE2, ODE1, AE] rows"""
    SC, mbs = chain()
    s = coordyn.MainSolverStatic()
    assert s.InitializeSolver(mbs, settings())
    assert (s.GetODE2size(), s.GetODE1size(), s.GetAEsize(), s.GetDataSize()) == (6, 0, 1, 0)
    s.ComputeMassMatrix(mbs)
    np.testing.assert_array_equal(s.GetSystemMassMatrix(), np.diag([M0] * 3 + [M1] * 3))
    s.ComputeMassMatrix(mbs, scalarFactor=2.)
    np.testing.assert_array_equal(s.GetSystemMassMatrix(), 2 * np.diag([M0] * 3 + [M1] * 3))
    s.ComputeJacobianODE2RHS(mbs, scalarFactor_ODE2=-1, scalarFactor_ODE2_t=0)
    J = s.GetSystemJacobian()
    assert J.shape == (7, 7)
    np.testing.assert_allclose(J[:6, :6], hand_K(), rtol=1e-14, atol=1e-12)
    s.ComputeJacobianODE2RHS(mbs, scalarFactor_ODE2=0, scalarFactor_ODE2_t=1)
    np.testing.assert_allclose(s.GetSystemJacobian()[:6, :6], -hand_D(), rtol=1e-14,
                               atol=1e-12)
    s.ComputeJacobianAE(mbs)
    J = s.GetSystemJacobian()
    c = np.zeros(6)
    c[5] = 1.
    np.testing.assert_array_equal(J[6, :6], c)
    np.testing.assert_array_equal(J[:6, 6], c)
    s.FinalizeSolver(mbs, settings())


def test_ode2_rhs_is_the_force_vector_and_its_jacobian_matches_numerical_differentiation():
    """f = -(spring + damper forces) + F with absolute marker positions (Exudyn's Cartesian
    spring has no reference length); df/dq by central differences of ComputeODE2RHS"""
    SC, mbs = chain()
    s = coordyn.MainSolverImplicitSecondOrder()
    s.InitializeSolver(mbs, settings())
    s.ComputeODE2RHS(mbs)
    r = s.GetSystemResidual()
    x0, x1 = 1.1, 2.0
    v0, v1 = 0., 0.3
    fx0 = -K0[0] * x0 + K1[0] * (x1 - x0) + D1[0] * (v1 - v0) - D0[0] * v0
    fx1 = -K1[0] * (x1 - x0) - D1[0] * (v1 - v0) + F
    np.testing.assert_allclose(r[[0, 3]], [fx0, fx1], rtol=1e-14)
    s.ComputeAlgebraicEquations(mbs)
    assert s.GetSystemResidual()[6] == 0.
    # numerical Jacobian of f
    sd = mbs.systemData
    q0 = sd.GetODE2Coordinates()
    Jn = np.zeros((6, 6))
    h = 1e-6
    for j in range(6):
        cols = []
        for sgn in (1, -1):
            q = q0.copy()
            q[j] += sgn * h
            sd.SetODE2Coordinates(q)
            s.ComputeODE2RHS(mbs)
            cols.append(s.GetSystemResidual()[:6])
        Jn[:, j] = (cols[0] - cols[1]) / (2 * h)
    sd.SetODE2Coordinates(q0)
    s.ComputeJacobianODE2RHS(mbs)
    np.testing.assert_allclose(s.GetSystemJacobian()[:6, :6], Jn, rtol=1e-8, atol=1e-7)


def test_user_newton_explicit_euler_equals_the_closed_form_recursion():
    """a mass-spring (m, k) integrated by a hand-written explicit Euler in
    SetUserFunctionNewton: x_{n+1} = x_n + h v_n, v_{n+1} = v_n - h k/m x_n (1e-13)"""
    m, k, h, n = 2.0, 50.0, 1e-3, 200
    mbs = coordyn.SystemContainer().AddSystem()
    g = mbs.AddNode(coordyn.NodePointGround())
    nd = mbs.AddNode(coordyn.NodePoint(referenceCoordinates=[0, 0, 0],
                                       initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(coordyn.MassPoint(nodeNumber=nd, physicsMass=m))
    mg = mbs.AddMarker(coordyn.MarkerNodePosition(nodeNumber=g))
    mn = mbs.AddMarker(coordyn.MarkerNodePosition(nodeNumber=nd))
    mbs.AddObject(coordyn.CartesianSpringDamper(markerNumbers=[mg, mn], stiffness=[k, k, k]))
    mbs.Assemble()
    calls = {"init": 0, "finish": 0, "times": []}

    def newton(solver, mainSys, sims):
        solver.ComputeODE2RHS(mainSys)
        f = solver.GetSystemResidual()[:solver.GetODE2size()]
        solver.ComputeMassMatrix(mainSys)
        a = np.linalg.solve(solver.GetSystemMassMatrix(), f)
        u0 = mainSys.systemData.GetODE2Coordinates()
        v0 = mainSys.systemData.GetODE2Coordinates_t()
        hh = solver.it.currentStepSize
        mainSys.systemData.SetODE2Coordinates(u0 + hh * v0)
        mainSys.systemData.SetODE2Coordinates_t(v0 + hh * a)
        return True

    def init_step(solver, mainSys, sims):
        calls["init"] += 1
        solver.UpdateCurrentTime(mainSys, sims)
        mainSys.systemData.SetTime(solver.it.currentTime)
        calls["times"].append(solver.it.currentTime)

    def finish(solver, mainSys, sims):
        calls["finish"] += 1

    s = coordyn.MainSolverImplicitSecondOrder()
    s.SetUserFunctionNewton(mbs, newton)
    s.SetUserFunctionInitializeStep(mbs, init_step)
    s.SetUserFunctionFinishStep(mbs, finish)
    assert s.SolveSystem(mbs, settings(n, n * h))
    x, v = 0.1, 0.
    for _ in range(n):
        x, v = x + h * v, v - h * k / m * x
    q = mbs.systemData.GetODE2Coordinates()
    qt = mbs.systemData.GetODE2Coordinates_t()
    assert abs(q[0] - x) <= 1e-13 * abs(x) and abs(qt[0] - v) <= 1e-13 * abs(v)
    assert calls["init"] == n and calls["finish"] == n + 1   # FinishStep for the initial state
    np.testing.assert_allclose(calls["times"], h * np.arange(1, n + 1), rtol=1e-12)
    assert s.it.currentStepIndex == n + 1 and s.output.finishedSuccessfully
    assert s.it.currentTime == pytest.approx(n * h)


def test_user_newton_loop_records_sensors_and_calls_pre_step():
    """the Python step loop stores sensor rows [t, x] every sensorsWritePeriod (explicit Euler
    values) and stops after the step whose PreStepUserFunction returns False"""
    m, k, h, n = 1.0, 4.0, 0.01, 50
    mbs = coordyn.SystemContainer().AddSystem()
    g = mbs.AddNode(coordyn.NodePointGround())
    nd = mbs.AddNode(coordyn.NodePoint(initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(coordyn.MassPoint(nodeNumber=nd, physicsMass=m))
    mg = mbs.AddMarker(coordyn.MarkerNodePosition(nodeNumber=g))
    mn = mbs.AddMarker(coordyn.MarkerNodePosition(nodeNumber=nd))
    mbs.AddObject(coordyn.CartesianSpringDamper(markerNumbers=[mg, mn], stiffness=[k, k, k]))
    sens = mbs.AddSensor(coordyn.SensorNode(nodeNumber=nd, storeInternal=True,
                                            outputVariableType=coordyn.OutputVariableType
                                            .Displacement))
    mbs.Assemble()

    def newton(solver, mainSys, sims):
        solver.ComputeODE2RHS(mainSys)
        f = solver.GetSystemResidual()
        u0 = mainSys.systemData.GetODE2Coordinates()
        v0 = mainSys.systemData.GetODE2Coordinates_t()
        mainSys.systemData.SetODE2Coordinates(u0 + h * v0)
        mainSys.systemData.SetODE2Coordinates_t(v0 + h * f / m)
        return True

    sims = settings(n, n * h)
    sims.solutionSettings.sensorsWritePeriod = 2 * h
    s = coordyn.MainSolverImplicitSecondOrder()
    s.SetUserFunctionNewton(mbs, newton)
    s.SolveSystem(mbs, sims)
    x, v, rows = 0.1, 0., [[0., 0.1]]
    for i in range(1, n + 1):
        x, v = x + h * v, v - h * k / m * x
        if i % 2 == 0:
            rows.append([i * h, x])
    data = mbs.GetSensorStoredData(sens)
    np.testing.assert_allclose(data[:, :2], rows, rtol=1e-13, atol=1e-15)
    # PreStep returning False: the solve stops after that step
    mbs.SetPreStepUserFunction(lambda mbs_, t: t < 0.1 - 1e-12)
    s.SolveSystem(mbs, sims)
    assert s.it.currentTime == pytest.approx(0.1) and s.output.simulationStoppedByUserFunction


def test_user_newton_returning_false_stops_with_a_message():
    SC, mbs = chain()
    s = coordyn.MainSolverImplicitSecondOrder()
    s.SetUserFunctionNewton(mbs, lambda solver, m, sims: False)
    with pytest.raises(coordyn.SolverError, match="Newton user function returned False"):
        s.SolveSystem(mbs, settings())
    assert s.conv.stepReductionFailed and not s.output.finishedSuccessfully


@pytest.mark.parametrize("static", [False, True])
def test_solve_system_equals_mbs_solve_bit_for_bit_and_fills_it(static):
    SC, mbs = chain()
    sims = settings()
    if static:
        mbs.SolveStatic(sims)
    else:
        mbs.SolveDynamic(sims)
    q_ref = mbs.systemData.GetODE2Coordinates()
    v_ref = mbs.systemData.GetODE2Coordinates_t()
    SC2, mbs2 = chain()
    s = coordyn.MainSolverStatic() if static else coordyn.MainSolverImplicitSecondOrder()
    assert s.SolveSystem(mbs2, sims)
    np.testing.assert_array_equal(mbs2.systemData.GetODE2Coordinates(), q_ref)
    np.testing.assert_array_equal(mbs2.systemData.GetODE2Coordinates_t(), v_ref)
    st = mbs2.GetSolverStatistics() if hasattr(mbs2, "GetSolverStatistics") \
        else mbs2._core.stats()
    assert s.it.newtonStepsCount == st["newtonIterations"] > 0
    assert s.it.newtonJacobiCount == st["jacobians"]
    assert s.it.currentStepIndex == st["steps"] + 1
    assert s.it.currentTime == pytest.approx(mbs2.systemData.GetTime())
    assert s.conv.newtonConverged and not s.conv.stepReductionFailed
    assert s.output.finishedSuccessfully and s.GetErrorString() == ""
    assert s.timer.total >= 0 and s.IsStaticSolver() == static
    if not static:
        assert s.it.endTime == 0.5 and s.it.numberOfSteps == 100
        assert s.it.maxStepSize == pytest.approx(0.005)


def test_explicit_solver_object_equals_solve_dynamic():
    SC, mbs = chain(constraint=False)
    sims = settings()
    mbs.SolveDynamic(sims, solverType=coordyn.DynamicSolverType.RK44)
    q_ref = mbs.systemData.GetODE2Coordinates()
    SC2, mbs2 = chain(constraint=False)
    sims.timeIntegration.solverType = coordyn.DynamicSolverType.RK44
    s = coordyn.MainSolverExplicit()
    s.SolveSystem(mbs2, sims)
    np.testing.assert_array_equal(mbs2.systemData.GetODE2Coordinates(), q_ref)
    assert s.it.currentStepIndex == 101


def test_bad_use_gives_clear_errors():
    SC, mbs = chain()
    SC2, other = chain()
    s = coordyn.MainSolverImplicitSecondOrder()
    with pytest.raises(coordyn.ExudynError, match="ComputeMassMatrix: the solver is not "
                                                  "initialized; call InitializeSolver"):
        s.ComputeMassMatrix(mbs)
    with pytest.raises(coordyn.ExudynError, match="GetSystemJacobian: the solver is not "
                                                  "initialized"):
        s.GetSystemJacobian()
    s.InitializeSolver(mbs, settings())
    with pytest.raises(coordyn.ExudynError, match="ComputeODE2RHS: mainSystem is not the "
                                                  "system the solver was initialized with"):
        s.ComputeODE2RHS(other)
    with pytest.raises(TypeError, match="InitializeSolver: mainSystem must be a "
                                        "coordyn.MainSystem, got int"):
        s.InitializeSolver(3, settings())
    with pytest.raises(TypeError, match="InitializeSolver: simulationSettings must be"):
        s.InitializeSolver(mbs, {})
    with pytest.raises(TypeError, match="SetUserFunctionNewton: userFunction must be callable"):
        s.SetUserFunctionNewton(mbs, 5)
    with pytest.raises(NotImplementedFeatureError, match="SetUserFunctionComputeNewtonResidual "
                                                         "is not available in coordyn"):
        s.SetUserFunctionComputeNewtonResidual(mbs, lambda *a: 0.)
    with pytest.raises(NotImplementedFeatureError, match="Newton is not available in coordyn "
                                                         "without SetUserFunctionNewton"):
        s.Newton(mbs, settings())
    with pytest.raises(ValueError, match="systemJacobian must have shape"):
        s.SetSystemJacobian(np.zeros((2, 2)))
    s.FinalizeSolver(mbs, settings())
    with pytest.raises(coordyn.ExudynError, match="not initialized"):
        s.ComputeJacobianAE(mbs)
    with pytest.raises(AttributeError, match="MainSolverExplicit has no GetSystemJacobian"):
        coordyn.MainSolverExplicit().GetSystemJacobian()


def test_matrices_equal_exudyns():
    """the same chain on Exudyn: mass matrix, residual, ODE2 and AE Jacobians (layout, signs,
    scaling)"""
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface  # noqa: F401
    import warnings
    out = {}
    for mod in (coordyn, exu):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            SC, mbs = chain(mod=mod)
        s = mod.MainSolverStatic()
        s.InitializeSolver(mbs, settings(mod=mod))
        s.ComputeMassMatrix(mbs)
        out[mod, "M"] = s.GetSystemMassMatrix()
        s.ComputeODE2RHS(mbs)
        out[mod, "f"] = s.GetSystemResidual()[:6]
        s.ComputeJacobianODE2RHS(mbs, scalarFactor_ODE2=0.7, scalarFactor_ODE2_t=0.3)
        out[mod, "J2"] = s.GetSystemJacobian()[:6, :6]
        s.ComputeJacobianAE(mbs)
        out[mod, "J"] = s.GetSystemJacobian()
        s.FinalizeSolver(mbs, settings(mod=mod))
    for key in ("M", "f", "J2", "J"):
        np.testing.assert_allclose(out[coordyn, key], out[exu, key], rtol=1e-14, atol=1e-12,
                                   err_msg=key)


def test_exu_names_are_the_solver_objects():
    import coordyn.exudyn._status as st
    assert coordyn.MainSolverImplicitSecondOrder is coordyn.mainsolver.MainSolverImplicitSecondOrder
    assert "MainSolverStatic" not in st.MISSING
    with pytest.raises(NotImplementedFeatureError, match="SolverFileData"):
        coordyn.SolverFileData()


def test_every_exudyn_solver_name_exists_or_says_why():
    """each method and attribute of Exudyn 1.13.6's solver objects is there; the ones coordyn
    does not provide raise NotImplementedFeatureError naming the method"""
    exu = pytest.importorskip("exudyn")
    for name in ("MainSolverImplicitSecondOrder", "MainSolverStatic", "MainSolverExplicit"):
        theirs = getattr(exu, name)()
        ours = getattr(coordyn, name)()
        for attr in dir(theirs):
            if attr.startswith("_"):
                continue
            assert attr in dir(ours), (name, attr)
            for sub in ("it", "conv", "output", "timer"):
                if attr == sub:
                    for a in dir(getattr(theirs, sub)):
                        if not a.startswith("_"):
                            assert hasattr(getattr(ours, sub), a), (name, sub, a)
    s = coordyn.MainSolverImplicitSecondOrder()
    with pytest.raises(NotImplementedFeatureError,
                       match="MainSolverImplicitSecondOrder.ComputeNewtonResidual is not "
                             "available in coordyn: the Newton iteration"):
        s.ComputeNewtonResidual(None, None)
    with pytest.raises(NotImplementedFeatureError, match="GetMethodOrder is not available"):
        coordyn.MainSolverExplicit().GetMethodOrder()
    with pytest.raises(NotImplementedFeatureError, match="loadStepGeometricFactor is not"):
        coordyn.MainSolverStatic().loadStepGeometricFactor
    with pytest.raises(NotImplementedFeatureError, match="MainSolverStatic.Newton is not "
                                                         "available in coordyn: the steps"):
        coordyn.MainSolverStatic().Newton(None, None)
    with pytest.raises(coordyn.ExudynError, match="only MainSolverStatic has a load factor"):
        s.ComputeLoadFactor(coordyn.SimulationSettings())
    assert coordyn.MainSolverStatic().newton.maxIterations == \
        coordyn.SimulationSettings().staticSolver.newton.maxIterations
