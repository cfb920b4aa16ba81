"""A user function of an object that returns NaN or Inf stops the solve with an error naming
the function, the object and the time (it used to surface as a non-finite residual, retried
down to the minimum step and reported at the nodes); the state of the last good step is
kept."""
import numpy as np
import pytest

import coordyn as cd
from conftest import new_system

BAD = float("nan")


def bad_after(t, value, t_bad=0.5):
    return value if t < t_bad else np.full(np.shape(value), BAD)


def spring(mbs, kind):
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    if kind == "spring":
        return n, cd.SpringDamper(markerNumbers=[m0, m1], stiffness=100, referenceLength=0.5,
                                  springForceUserFunction=lambda mbs, t, i, dl, dlt, k, d, f:
                                  bad_after(t, k * dl))
    return n, cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[100, 100, 100],
                                       springForceUserFunction=lambda mbs, t, i, u, v, k, d, o:
                                       bad_after(t, k * u))


def generic_ode2(mbs):
    n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[0, 0],
                                       initialCoordinates_t=[0, 0], numberOfODE2Coordinates=2))
    return n, cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.eye(2).tolist(),
                                   forceUserFunction=lambda mbs, t, i, q, v:
                                   bad_after(t, np.ones(2)))


def generic_ode1(mbs):
    n = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0], initialCoordinates=[1],
                                       numberOfODE1Coordinates=1))
    return n, cd.ObjectGenericODE1(nodeNumbers=[n],
                                   rhsUserFunction=lambda mbs, t, i, q: bad_after(t, -q))


def coordinate_constraint(mbs):
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0]))
    mbs.AddObject(cd.Mass1D(physicsMass=1, nodeNumber=n))
    ground = mbs.AddNode(cd.NodePointGround())
    m0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    m1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    return n, cd.CoordinateConstraint(markerNumbers=[m0, m1],
                                      offsetUserFunction=lambda mbs, t, i, off:
                                      bad_after(t, 0.1 * t))


CASES = {
    "SpringDamper": (lambda mbs: spring(mbs, "spring"), "springForceUserFunction",
                     "ObjectConnectorSpringDamper"),
    "CartesianSpringDamper": (lambda mbs: spring(mbs, "cartesian"), "springForceUserFunction",
                              "ObjectConnectorCartesianSpringDamper"),
    "GenericODE2": (generic_ode2, "forceUserFunction", "ObjectGenericODE2"),
    "GenericODE1": (generic_ode1, "rhsUserFunction", "ObjectGenericODE1"),
    "CoordinateConstraint": (coordinate_constraint, "offsetUserFunction",
                             "ObjectConnectorCoordinate"),
}


@pytest.mark.parametrize("case", CASES)
def test_nonfinite_user_function_result_is_named(case):
    build, field, type_name = CASES[case]
    mbs = new_system()
    node, item = build(mbs)
    obj = mbs.AddObject(item)
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=node,
                                         outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 100
    s.solutionSettings.sensorsWritePeriod = 0.01
    s.progressBar = False
    with pytest.raises(cd.SolverError, match=rf"{field} of {type_name} {int(obj)} returned nan "
                                             rf"\(value 0\) at t = 0\.5\b"):
        mbs.SolveDynamic(s)
    data = mbs.GetSensorStoredData(sensor)
    # the record ends with the last good step (t = 0.49), every value finite
    assert abs(data[-1, 0] - 0.49) < 1e-12
    assert np.all(np.isfinite(data))
