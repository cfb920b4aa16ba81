"""Non-finite numbers anywhere stop the solve with an error naming the item and the time
(issue 16). User functions of objects and loads: tests/items/test_userfunction_nonfinite.py.
Here: parameters and initial values (refused when added or modified, naming the item, its name
and the field), forces that overflow to Inf or NaN from finite parameters (at the start of a
dynamic solve: an error naming the item and the start time; during a solve: the step is retried
and the failure names the item and the time), and sensor outputs (dynamic and static)."""
import numpy as np
import pytest

import coordyn as cd

OV = cd.OutputVariableType
CT = cd.ConfigurationType
NAN, INF = float("nan"), float("inf")


def _settings(steps=10, end=1.0):
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end
    s.solutionSettings.sensorsWritePeriod = end / steps
    s.staticSolver.numberOfLoadSteps = steps
    s.progressBar = False
    return s


def _spring_model(k=100.0, mass=1.0, force=(0, 1, 0), g=(0, 0, 0), u0=(0, 0, 0)):
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialCoordinates=list(u0),
                                 name="tip"))
    b = mbs.AddObject(cd.MassPoint(physicsMass=mass, nodeNumber=n, name="bob"))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=k, referenceLength=1,
                                  name="spring"))
    mbs.AddLoad(cd.Force(markerNumber=m1, loadVector=list(force), name="push"))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=list(g), name="weight"))
    s = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    mbs.Assemble()
    return mbs, s


# ----------------------------------------------------------------------------- inputs

@pytest.mark.parametrize("value", [NAN, INF])
@pytest.mark.parametrize("add, what", [
    (lambda mbs, x: mbs.AddNode(cd.NodePoint(initialCoordinates=[x, 0, 0], name="n")),
     r"NodePoint 1 \('n'\): parameter 'initialCoordinates' must be finite"),
    (lambda mbs, x: mbs.AddNode(cd.NodePoint(initialVelocities=[0, x, 0], name="n")),
     r"NodePoint 1 \('n'\): parameter 'initialVelocities' must be finite"),
    (lambda mbs, x: mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0],
                                                   initialCoordinates=[x],
                                                   numberOfODE1Coordinates=1, name="n")),
     r"NodeGenericODE1 1 \('n'\): parameter 'initialCoordinates' must be finite"),
    (lambda mbs, x: mbs.AddObject(cd.MassPoint(physicsMass=x, nodeNumber=0, name="o")),
     r"ObjectMassPoint 3 \('o'\): parameter 'mass' must be finite"),
    (lambda mbs, x: mbs.AddObject(cd.SpringDamper(markerNumbers=[0, 1], stiffness=x,
                                                  name="o")),
     r"ObjectConnectorSpringDamper 3 \('o'\): parameter 'stiffness' must be finite"),
    (lambda mbs, x: mbs.AddLoad(cd.Force(markerNumber=1, loadVector=[0, 0, x], name="l")),
     r"LoadForceVector 2 \('l'\): parameter 'loadVector' must be finite"),
    (lambda mbs, x: mbs.AddSensor(cd.SensorBody(bodyNumber=1, localPosition=[x, 0, 0],
                                                outputVariableType=OV.Position, name="s")),
     r"SensorBody 1 \('s'\): parameter 'localPosition' must be finite"),
])
def test_non_finite_inputs_are_refused_naming_item_and_field(add, what, value):
    mbs, _ = _spring_model()
    with pytest.raises(ValueError, match=what):
        add(mbs, value)


@pytest.mark.parametrize("modify, what", [
    (lambda mbs: mbs.ModifyNode(0, {"initialCoordinates": [NAN, 0, 0]}),
     r"NodePoint 0 \('tip'\): parameter 'initialCoordinates' must be finite, got nan"),
    (lambda mbs: mbs.ModifyObject(1, {"physicsMass": INF}),
     r"ObjectMassPoint 1 \('bob'\): parameter 'mass' must be finite, got inf"),
    (lambda mbs: mbs.ModifyObject(2, {"stiffness": -INF}),
     r"ObjectConnectorSpringDamper 2 \('spring'\): parameter 'stiffness' must be finite"),
    (lambda mbs: mbs.ModifyLoad(0, {"loadVector": [0, NAN, 0]}),
     r"LoadForceVector 0 \('push'\): parameter 'loadVector' must be finite, got nan \(entry 1\)"),
])
def test_non_finite_modifications_are_refused_and_the_item_kept(modify, what):
    mbs, s = _spring_model()
    before = [mbs.GetNode(0), mbs.GetObject(1), mbs.GetObject(2), mbs.GetLoad(0)]
    with pytest.raises(ValueError, match=what):
        modify(mbs)
    after = [mbs.GetNode(0), mbs.GetObject(1), mbs.GetObject(2), mbs.GetLoad(0)]
    for a, b in zip(before, after):
        assert a.keys() == b.keys()
        for key in a:
            np.testing.assert_array_equal(np.asarray(a[key], dtype=object),
                                          np.asarray(b[key], dtype=object))
    mbs.Assemble()
    mbs.SolveDynamic(_settings())  # still solvable


@pytest.mark.parametrize("config", [CT.Initial, CT.Current])
@pytest.mark.parametrize("setter", ["SetODE2Coordinates", "SetODE2Coordinates_t"])
def test_non_finite_coordinates_are_refused(setter, config):
    mbs, _ = _spring_model()
    with pytest.raises(ValueError, match=r"coordinate 1 is not finite"):
        getattr(mbs.systemData, setter)([0, NAN, 0], config)


# ----------------------------------------------------------------------------- forces

@pytest.mark.parametrize("model, item", [
    # k * (distance - L) = 1e308 * 10 overflows
    (dict(k=1e308, u0=(10, 0, 0)), r"ObjectConnectorSpringDamper 2 \('spring'\)"),
    # mass * g = 10 * 1e308 overflows
    (dict(mass=10.0, g=(0, 1e308, 0)), r"LoadMassProportional 1 \('weight'\) \(value inf\)"),
])
def test_non_finite_force_at_the_start_names_item_and_time(model, item):
    mbs, s = _spring_model(**model)
    with pytest.raises(cd.SolverError, match=r"the initial state gives a non-finite residual at "
                                             r"t = 0: its first non-finite term comes from "
                                             + item):
        mbs.SolveDynamic(_settings())
    # the start time is in the message
    settings = _settings()
    settings.timeIntegration.startTime = 0.25
    settings.timeIntegration.endTime = 1.25
    with pytest.raises(cd.SolverError, match=r"non-finite residual at t = 0\.25: .*" + item):
        mbs.SolveDynamic(settings)


def test_norm_overflow_at_the_start_is_reported():
    """every term finite (1.5e308) but the residual's norm (2.1e308) is above the largest
    double: the message says so and names the largest residuals"""
    mbs, _ = _spring_model(force=(0, 1.5e308, 1.5e308))
    with pytest.raises(cd.SolverError, match=r"norm is not finite at t = 0 \(every term is "
                                             r"finite.*largest residuals: ODE2 coordinate \d "
                                             r"of NodePoint 0 \('tip'\)"):
        mbs.SolveDynamic(_settings())


def test_non_finite_force_during_a_solve_names_item_and_time():
    """an unstable spring (negative stiffness, finite parameters): the displacement grows as
    e^(100 t) until the spring force overflows (t = 6.4); the step is retried down to the
    minimum step, then the failure names the spring and the time. The rows before are kept."""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0], initialVelocities=[1.0], name="x"))
    mbs.AddObject(cd.Mass1D(physicsMass=1, nodeNumber=n))
    g = mbs.AddNode(cd.NodePointGround())
    m0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    m1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[m0, m1], stiffness=-1e4,
                                            name="unstable"))
    sn = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Coordinates))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"time integration failed at t = 6\.4\d* with step "
                                             r"size .*: residual is not finite \(its first "
                                             r"non-finite term comes from "
                                             r"ObjectConnectorCoordinateSpringDamper 1 "
                                             r"\('unstable'\)"):
        mbs.SolveDynamic(_settings(steps=1000, end=10.0))
    data = mbs.GetSensorStoredData(sn)
    assert np.all(np.isfinite(data)) and data[-1, 0] == pytest.approx(6.41)
    assert data[-1, 1] > 1e300  # forces above 1e154 are finite too (their norm is scaled)


# ----------------------------------------------------------------------------- sensors

def _far_node(ref, v0=0.0, k=None, force=None):
    """a node far out (reference position ref) whose Position overflows when it moves:
    its equations (a GenericODE2 on the displacement) stay finite"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[ref, 0, 0], initialVelocities=[v0, 0, 0],
                                 name="far"))
    stiff = np.eye(3) * (k or 0.0)
    mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.eye(3),
                                       stiffnessMatrix=stiff))
    if force:
        mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
        mbs.AddLoad(cd.Force(markerNumber=mk, loadVector=[force, 0, 0]))
    sd = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Displacement,
                                     name="disp"))
    sp = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position, name="pos"))
    mbs.Assemble()
    return mbs, sd, sp


def test_non_finite_sensor_output_stops_the_dynamic_solve():
    # x = 1e308 (1 + t): above the largest double (1.797e308) from t = 0.8 on
    mbs, sd, sp = _far_node(1e308, v0=1e308)
    with pytest.raises(cd.SolverError, match=r"SensorNode 1 \('pos'\): NodePoint 0 \('far'\): "
                                             r"OutputVariableType.Position is not finite at "
                                             r"t = 0\.8\b.*entry 0 = inf"):
        mbs.SolveDynamic(_settings())
    # the rows up to the last finite output are kept, none with inf
    pos = mbs.GetSensorStoredData(sp)
    assert pos[-1, 0] == pytest.approx(0.7) and np.all(np.isfinite(pos))
    assert mbs.GetSensorStoredData(sd)[-1, 0] == pytest.approx(0.8)


def test_non_finite_sensor_output_at_the_start():
    mbs, sd, sp = _far_node(1e308)
    mbs.systemData.SetODE2Coordinates([1e308, 0, 0], CT.Initial)
    with pytest.raises(cd.SolverError, match=r"SensorNode 1 \('pos'\): .* is not finite at "
                                             r"t = 0\b.*entry 0 = inf"):
        mbs.SolveDynamic(_settings())
    assert mbs.GetSensorStoredData(sp).shape[0] == 0


def test_non_finite_sensor_output_stops_the_static_solve():
    # static: u = f / k = 1e150 / 1e-157 = 1e307 at load factor 1, x = 1.7e308 + u overflows
    # only there (1.79e308 at 0.9)
    mbs, sd, sp = _far_node(1.7e308, k=1e-157, force=1e150)
    with pytest.raises(cd.SolverError, match=r"SensorNode 1 \('pos'\): NodePoint 0 \('far'\): "
                                             r"OutputVariableType.Position is not finite at "
                                             r"t = 1\b.*entry 0 = inf"):
        mbs.SolveStatic(_settings())
    pos = mbs.GetSensorStoredData(sp)
    assert pos.shape[0] == 9 and pos[-1, 0] == pytest.approx(0.9)
    assert np.all(np.isfinite(pos))


def test_non_finite_static_force_names_item_and_load_factor():
    mbs, _ = _spring_model(mass=10.0, g=(0, 1e308, 0))
    with pytest.raises(cd.SolverError, match=r"static solver failed at load factor [0-9.e+-]+ "
                                             r".*residual is not finite \(its first non-finite "
                                             r"term comes from LoadMassProportional 1 "
                                             r"\('weight'\)"):
        mbs.SolveStatic(_settings())


def test_initial_accelerations_leave_the_coordinates_unchanged():
    """The initial accelerations differentiate the velocity-level residual along q +- eps v;
    q must come back exactly: by subtracting eps v again it did not where q + eps v overflows
    (a coordinate at -DBL_MAX with a large velocity became -inf, and a failed solve left that
    in the state, found by the fuzzer) nor for Lie-group rotations (the opposite composition
    re-parametrized the rotation vector). A solve that fails on its first step keeps the
    initial state."""
    mbs = cd.SystemContainer().AddSystem()
    q0 = [1.0, -1.7976931348623157e308, 1.0, 1.0, 1.0, 1.0]
    n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(referenceCoordinates=[1.0] * 6, initialCoordinates=q0,
                                             initialVelocities=[1.0, -1e300, 1.0, 1.0, 1.0, 1.0]))
    mbs.AddObject(cd.ObjectRigidBody(nodeNumber=n, mass=1.0, inertia=[1, 1, 1, 0, 0, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.numberOfSteps = 1
    s.timeIntegration.endTime = 0.1
    s.timeIntegration.minimumStepSize = 0.09
    with pytest.raises(cd.SolverError, match="not finite"):
        mbs.SolveDynamic(s)
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(), q0)
