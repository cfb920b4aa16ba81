"""ODE1 (first-order) and Data coordinates: NodeGenericODE1, ObjectGenericODE1 and
NodeGenericData. The implicit solver integrates ODE1 coordinates with the trapezoidal rule
(as Exudyn does); the test system is y' = A y + b with A = [[0, 1], [-100, 0]], b = [0, 1],
y(0) = [1, 0], i.e. y0'' = -100 y0 + 1, whose solution is y0 = 0.01 + 0.99 cos(10 t)."""
import numpy as np
import pytest

import coordyn as cd
from conftest import new_system

A = np.array([[0.0, 1.0], [-100.0, 0.0]])
B = np.array([0.0, 1.0])
Y0 = np.array([1.0, 0.0])


def exact(t):
    return np.array([0.01 + 0.99 * np.cos(10 * t), -9.9 * np.sin(10 * t)])


def trapezoidal(n, t_end=1.0, consistent_start=True):
    """The trapezoidal rule y1 = y0 + h/2 (y0' + y1') applied to y' = A y + b, solved exactly
    per step (the discrete solution the solver must reproduce to its Newton tolerance)."""
    h, y = t_end / n, Y0.copy()
    yd = A @ y + B if consistent_start else np.zeros(2)
    for _ in range(n):
        y1 = np.linalg.solve(np.eye(2) - 0.5 * h * A, y + 0.5 * h * yd + 0.5 * h * B)
        yd, y = A @ y1 + B, y1
    return y, yd


def build(mbs, user_function=False):
    nd = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0, 0], initialCoordinates=list(Y0),
                                        numberOfODE1Coordinates=2))
    if user_function:
        obj = cd.ObjectGenericODE1(nodeNumbers=[nd],
                                   rhsUserFunction=lambda mbs, t, i, q: A @ q + B)
    else:
        obj = cd.ObjectGenericODE1(nodeNumbers=[nd], systemMatrix=A.tolist(), rhsVector=list(B))
    return nd, mbs.AddObject(obj)


def solve(n, consistent_start=True, user_function=False, t_end=1.0):
    mbs = new_system()
    nd, obj = build(mbs, user_function)
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=nd,
                                         outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = n
    s.timeIntegration.endTime = t_end
    s.timeIntegration.generalizedAlpha.computeInitialAccelerations = consistent_start
    s.progressBar = False
    mbs.SolveDynamic(s)
    return mbs, nd, obj, sensor


@pytest.mark.parametrize("n", [100, 1000])
def test_ode1_is_the_trapezoidal_rule(n):
    mbs, nd, obj, _ = solve(n)
    y_ref, yd_ref = trapezoidal(n)
    y = mbs.GetNodeOutput(nd, cd.OutputVariableType.Coordinates)
    np.testing.assert_allclose(y, y_ref, rtol=0, atol=1e-7)
    np.testing.assert_allclose(mbs.GetNodeOutput(nd, cd.OutputVariableType.Coordinates_t),
                               yd_ref, rtol=0, atol=1e-5)
    np.testing.assert_allclose(mbs.GetObjectOutput(obj, cd.OutputVariableType.Coordinates), y)
    np.testing.assert_allclose(mbs.systemData.GetODE1Coordinates(), y)


def test_ode1_converges_at_second_order_to_the_exact_solution():
    errors = [np.abs(solve(n)[0].systemData.GetODE1Coordinates() - exact(1.0)).max()
              for n in (200, 400, 800)]
    orders = np.log2(np.array(errors[:-1]) / np.array(errors[1:]))
    assert np.all(np.abs(orders - 2) < 0.1), (errors, orders)
    # phase error of the trapezoidal rule: w^3 h^2 t / 12 = 1.3e-4 rad at h = 1/800, times the
    # amplitude 9.9 of y1
    assert errors[-1] < 1.5e-3


def test_inconsistent_start_reproduces_exudyn():
    """Without computeInitialAccelerations the step starts from y0' = 0, as Exudyn 1.13.6 always
    does: its mini example (100 steps, endTime 1) gives y0(1) = -0.8495670596666733 (run here
    with Exudyn 1.13.6, generalized-alpha defaults); the consistent start is closer to the
    exact -0.8207."""
    mbs, nd, _, _ = solve(100, consistent_start=False)
    y = mbs.GetNodeOutput(nd, cd.OutputVariableType.Coordinates)
    assert abs(y[0] - (-0.8495670596666733)) < 1e-7
    np.testing.assert_allclose(y, trapezoidal(100, consistent_start=False)[0], atol=1e-7)


def test_user_function_gives_the_same_motion_as_the_matrix():
    a = solve(100)[0].systemData.GetODE1Coordinates()
    b = solve(100, user_function=True)[0].systemData.GetODE1Coordinates()
    np.testing.assert_allclose(a, b, rtol=0, atol=1e-9)


def test_sensor_records_the_ode1_coordinates():
    mbs, nd, _, sensor = solve(50, t_end=0.5)
    data = mbs.GetSensorStoredData(sensor)
    assert data.shape[1] == 3
    assert data[0, 0] == 0 and np.allclose(data[0, 1:], Y0)
    np.testing.assert_allclose(data[-1, 1:], trapezoidal(50, 0.5)[0], atol=1e-7)


def test_static_solve_finds_the_ode1_equilibrium():
    mbs = new_system()
    nd, _ = build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    mbs.SolveStatic(s)
    # A y + b = 0: y = [0.01, 0]
    np.testing.assert_allclose(mbs.systemData.GetODE1Coordinates(), [0.01, 0.0], atol=1e-12)


def test_ode1_beside_a_mass_spring():
    """ODE1 and ODE2 coordinates in one system: each moves as it would alone."""
    mbs = new_system()
    nd1, _ = build(mbs)
    ground = mbs.AddObject(cd.ObjectGround())
    n2 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialVelocities=[0, 0, 0],
                                  initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n2))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n2))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=100, referenceLength=1))
    mbs.Assemble()
    sd = mbs.systemData
    assert (sd.NumberOfODE2Coordinates(), sd.NumberOfODE1Coordinates(),
            sd.NumberOfAECoordinates(), sd.NumberOfDataCoordinates()) == (3, 2, 0, 0)
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 1000
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.0
    s.progressBar = False
    mbs.SolveDynamic(s)
    np.testing.assert_allclose(sd.GetODE1Coordinates(), trapezoidal(1000)[0], atol=1e-7)
    # x = 1 + 0.1 cos(10 t): trapezoidal phase error (w h)^2 w t / 12 ~ 8e-5 rad
    x = mbs.GetNodeOutput(n2, cd.OutputVariableType.Position)[0]
    assert abs(x - (1 + 0.1 * np.cos(10))) < 2e-5


def test_ode1_initial_and_reference_configurations():
    mbs = new_system()
    nd = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[5, 6], initialCoordinates=[1, 2],
                                        numberOfODE1Coordinates=2))
    mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[nd], systemMatrix=[[0, 0], [0, 0]]))
    mbs.Assemble()
    sd, cfg = mbs.systemData, cd.ConfigurationType
    np.testing.assert_array_equal(sd.GetODE1Coordinates(cfg.Initial), [1, 2])
    np.testing.assert_array_equal(sd.GetODE1Coordinates(cfg.Reference), [5, 6])
    sd.SetODE1Coordinates([3, 4], cfg.Initial)
    s = cd.SimulationSettings()
    s.progressBar = False
    mbs.SolveDynamic(s)  # y' = 0: the solve keeps the (new) initial values
    np.testing.assert_allclose(sd.GetODE1Coordinates(), [3, 4], atol=1e-12)
    with pytest.raises(ValueError, match="cannot set"):
        sd.SetODE1Coordinates([0, 0], cfg.Reference)
    with pytest.raises(ValueError, match="length 2"):
        sd.SetODE1Coordinates([0, 0, 0])


def test_data_coordinates_are_state_but_not_unknowns():
    mbs = new_system()
    nd = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[1.5, -2, 7],
                                        numberOfDataCoordinates=3))
    n2 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0], initialVelocities=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n2))
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=nd,
                                         outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    sd = mbs.systemData
    assert sd.NumberOfDataCoordinates() == 3 and sd.NumberOfODE2Coordinates() == 3
    assert mbs._core.sizes()["nnz"] == 9  # the mass point's 3 x 3 block only
    np.testing.assert_array_equal(sd.GetDataCoordinates(), [1.5, -2, 7])
    np.testing.assert_array_equal(sd.GetDataCoordinates(cd.ConfigurationType.Initial),
                                  [1.5, -2, 7])
    sd.SetDataCoordinates([4, 5, 6], cd.ConfigurationType.Initial)
    s = cd.SimulationSettings()
    s.progressBar = False
    mbs.SolveDynamic(s)
    np.testing.assert_array_equal(sd.GetDataCoordinates(), [4, 5, 6])
    data = mbs.GetSensorStoredData(sensor)
    assert np.all(data[:, 1:] == [4, 5, 6])
    sd.SetDataCoordinates([0, 1, 2])
    np.testing.assert_array_equal(mbs.GetNodeOutput(nd, cd.OutputVariableType.Coordinates),
                                  [0, 1, 2])
    # the mass point moved on: x = t
    assert abs(mbs.GetNodeOutput(n2, cd.OutputVariableType.Position)[0] - 1.0) < 1e-12


@pytest.mark.parametrize("make, message", [
    (lambda mbs, n: cd.NodeGenericODE1(referenceCoordinates=[0], initialCoordinates=[0, 0],
                                       numberOfODE1Coordinates=2),
     "NodeGenericODE1 .*'referenceCoordinates' must have length 2"),
    (lambda mbs, n: cd.NodeGenericODE1(numberOfODE1Coordinates=0),
     "'numberOfODE1Coordinates' must be >= 1"),
    (lambda mbs, n: cd.NodeGenericData(initialCoordinates=[1], numberOfDataCoordinates=2),
     "NodeGenericData .*'initialCoordinates' must have length 2"),
    (lambda mbs, n: cd.ObjectGenericODE1(nodeNumbers=[n], systemMatrix=[[1, 0, 0]] * 3),
     "ObjectGenericODE1 .*'systemMatrix' must be 2 x 2"),
    (lambda mbs, n: cd.ObjectGenericODE1(nodeNumbers=[n], rhsVector=[1]),
     "'rhsVector' must have length 2"),
    (lambda mbs, n: cd.ObjectGenericODE1(nodeNumbers=[mbs.AddNode(cd.NodePoint())]),
     "'nodeNumbers' entry 0 is node 1 of type NodePoint, which has no ODE1 coordinates"),
])
def test_bad_input_is_named(make, message):
    mbs = new_system()
    n = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0, 0], initialCoordinates=[0, 0],
                                       numberOfODE1Coordinates=2))
    item = make(mbs, n)
    add = mbs.AddNode if item._kind == "node" else mbs.AddObject
    with pytest.raises(ValueError, match=message):
        add(item)


def test_user_function_error_names_the_object():
    mbs = new_system()
    nd = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0], initialCoordinates=[1],
                                        numberOfODE1Coordinates=1))
    mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[nd],
                                       rhsUserFunction=lambda mbs, t, i, q: [1, 2]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    with pytest.raises(ValueError, match="rhsUserFunction.* must return 1 value"):
        mbs.SolveDynamic(s)
