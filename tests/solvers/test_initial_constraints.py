"""The constraints at the start of a dynamic solve: violated initial positions or velocities
stop the solve with an error naming each violated constraint (or, with
initialConstraintWarning, a warning), instead of a first step that jumps onto the constraint
with arbitrary forces."""
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import new_system


def mass_on_distance(L=0.5, p=(1.0, 0.0, 0.0), v=(0.0, 0.0, 0.0)):
    """the issue's case: a mass point at distance |p| from the ground origin, distance L"""
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=list(p), initialVelocities=list(v)))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    link = mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=L, name="link"))
    mbs.AddLoad(cd.Force(markerNumber=m1, loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    return mbs, s, n, link


def test_inconsistent_position_stops_the_solve_naming_the_constraint():
    mbs, s, _, _ = mass_on_distance(L=0.5)
    with pytest.raises(ValueError, match=r"violates 1 constraint.*ObjectConnectorDistance 2 "
                                         r"\('link'\): position residual 0\.5\b"):
        mbs.SolveDynamic(s)


def test_inconsistent_velocity_stops_the_solve():
    """moving along the link: d/dt |p| = 2 m/s, but the distance must stay 1"""
    mbs, s, _, _ = mass_on_distance(L=1.0, v=(2.0, 0.0, 0.0))
    with pytest.raises(ValueError, match=r"ObjectConnectorDistance 2 \('link'\): velocity "
                                         r"residual 2\b"):
        mbs.SolveDynamic(s)


def test_consistent_start_is_accepted_and_tolerance_applies():
    # perpendicular velocity: consistent; a residual of 1e-7 is inside the default 1e-6
    mbs, s, n, _ = mass_on_distance(L=1.0 - 1e-7, v=(0.0, 1.0, 0.0))
    mbs.SolveDynamic(s)
    mbs, s, n, _ = mass_on_distance(L=1.0 - 1e-7)
    s.timeIntegration.initialConstraintTolerance = 1e-8
    with pytest.raises(ValueError, match="position residual 1e-07"):
        mbs.SolveDynamic(s)


def test_warning_instead_of_error():
    mbs, s, n, _ = mass_on_distance(L=0.999)
    s.timeIntegration.initialConstraintWarning = True
    with pytest.warns(UserWarning, match=r"violates 1 constraint.*position residual 0\.001"):
        mbs.SolveDynamic(s)
    # the solve went on; index 3 put the mass on the constraint in the first step
    p = mbs.GetNodeOutput(n, cd.OutputVariableType.Position)
    assert abs(np.linalg.norm(p) - 0.999) < 1e-8


def test_no_warning_when_consistent():
    mbs, s, _, _ = mass_on_distance(L=1.0)
    s.timeIntegration.initialConstraintWarning = True
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mbs.SolveDynamic(s)


def test_every_violated_constraint_is_named():
    """a rigid body on a revolute joint whose markers do not coincide, and a distance constraint
    of the wrong length: both are named with their largest residual"""
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    node = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0.5, 0, 0, 1, 0, 0, 0]))
    body = mbs.AddObject(cd.ObjectRigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0],
                                            nodeNumber=node))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[-0.4, 0, 0]))
    mbs.AddObject(cd.ObjectJointRevoluteZ(markerNumbers=[m0, m1]))
    m2 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=body, localPosition=[0.5, 0, 0]))
    mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m2], distance=1.2))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    with pytest.raises(ValueError) as e:
        mbs.SolveDynamic(s)
    msg = str(e.value)
    assert "violates 2 constraint(s)" in msg
    # joint: p1 - p0 = (0.1, 0, 0); distance: |(1, 0, 0)| - 1.2 = -0.2
    assert "ObjectJointRevoluteZ 2: position residual 0.1;" in msg
    assert "ObjectConnectorDistance 3: position residual -0.2" in msg


def test_static_solve_does_not_require_consistent_positions():
    """statics solves the constraints: a mass held by springs to the origin in x, y and z and
    by a distance constraint of 0.5 from the ground point (1, 0, 0) starts at the origin
    (residual -0.5) and ends on the constraint"""
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground, localPosition=[1, 0, 0]))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[mg, m1], stiffness=[100, 100, 100]))
    mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=0.5))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    with pytest.raises(ValueError, match="position residual 0.5"):
        mbs.SolveDynamic(s)
    mbs.SolveStatic(s)
    # on the line to the attachment point, 0.5 from it: (0.5, 0, 0)
    np.testing.assert_allclose(mbs.GetNodeOutput(n, cd.OutputVariableType.Position),
                               [0.5, 0, 0], atol=1e-10)


def test_velocity_level_constraint_is_named_once_at_the_velocity_level():
    """Exudyn's createRollingDiscTest start: a disc on the plane (radius 0.2) spinning at
    [-6 pi, 10, 0] rad/s and moving at 6 pi r m/s forward; the tilt rate 10 rad/s about the
    forward axis moves the contact point sideways at -r 10 = -2 m/s (Exudyn's Velocity output of
    the joint says the same at that state). The rolling-disc joint's equations are velocity
    level, so the violation is one constraint, named at the velocity level only (an
    ObjectConnectorCoordinate with velocityLevel likewise)"""
    from coordyn.utilities import InertiaCylinder
    mbs = new_system()
    r = 0.2
    disc = mbs.CreateRigidBody(inertia=InertiaCylinder(density=5000, length=0.02, outerRadius=r,
                                                       axis=0),
                               referencePosition=[1, 0, r],
                               initialAngularVelocity=[-3 * 2 * np.pi, 10, 0],
                               initialVelocity=[0, r * 3 * 2 * np.pi, 0], gravity=[0, 0, -9.81])
    ground = mbs.CreateGround()
    o = mbs.CreateRollingDisc(bodyNumbers=[ground, disc], axisPosition=[0, 0, 0],
                              axisVector=[1, 0, 0], discRadius=r)
    mbs.Assemble()
    vl = mbs.GetObjectOutput(o, cd.OutputVariableType.VelocityLocal)
    assert vl == pytest.approx([-2.0, 0.0, 0.0], abs=1e-12)
    s = cd.SimulationSettings()
    s.progressBar = False
    with pytest.raises(ValueError) as e:
        mbs.SolveDynamic(s)
    msg = str(e.value)
    assert "violates 1 constraint(s)" in msg
    assert f"ObjectJointRollingDisc {int(o)}: velocity residual -2" in msg
    assert "position residual" not in msg
