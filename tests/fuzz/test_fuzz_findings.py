"""Regression tests for what the fuzzer (tests/fuzz/test_fuzz.py) found, one minimal case each.

Fixed:
* an output variable that overflows or is NaN (huge but finite inputs) came back as a silent
  NaN/Inf from Get*Output and as sensor rows; it is now an error naming the item, the variable
  and the time (csrc/core/cd_output.c, cd_eval_output), and a sensor that reads it stops the solve.

Fixed after the fuzzer found them: a step whose coordinates overflow to Inf was accepted; non-
finite initial accelerations were kept after the solve failed; GetObjectOutputBody on a generic
object segfaulted; minimumStepSize = 1e-300 with a coordinate of -1.7e308 made a solve crawl
without end.

Also fixed: a solve that crawled without end (a hang of the long fuzzer run; Ctrl-C stopped
it): a massless Euler-parameter node and computeInitialAccelerations = False. The singular matrix
was factored only when the step size changed; the steps in between were accepted with 0 Newton
iterations, every increase of the step was rejected as singular and halved again, so the step
cycled near 2e-8. Now 5 singular factorizations in a row end the solve.
Newmark with newmarkGamma = 5e199 (accepted then: the range was >= 0.5) on one planar rigid
body with a force crawled the same way; newmarkGamma is now in [0.5, 1] and newmarkBeta in
(0, 1].
Under `make sanitize`: a joint between two ground markers (no coordinates) passed a NULL
scratch of size 0 to memset (undefined behaviour); the objects' scratch is never NULL now.
"""
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import coordyn as cd
from conftest import message_naming as _names
from fuzz_harness import _worker_env

OV = cd.OutputVariableType


def _settings(steps, end_time):
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end_time
    return s


def _free_mass(v, sensor=False):
    """a mass point in the plane, no forces, initial velocity v"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint2D(initialVelocities=v))
    mbs.AddObject(cd.MassPoint2D(nodeNumber=n, mass=1.0))
    if sensor:
        mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    mbs.Assemble()
    return mbs, n


def test_output_of_a_huge_rotation_vector_is_an_error():
    """rotation vector 1.8e308: the rotation matrix is NaN; the body's position was NaN"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(referenceCoordinates=[0, 0, 0, 0, 0, 1.7e308]))
    o = mbs.AddObject(cd.ObjectRigidBody(nodeNumber=n, mass=1.0, inertia=[1, 1, 1, 0, 0, 0]))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=_names("ObjectRigidBody 0", "Position",
                                                    "not finite")):
        mbs.GetObjectOutput(o, OV.Position)
    with pytest.raises(cd.SolverError, match=_names("NodeRigidBodyRotVecLG 0", "RotationMatrix")):
        mbs.GetNodeOutput(n, OV.RotationMatrix)


def test_connector_force_overflow_is_an_error():
    """damping 1e100 times a velocity 1e300: the force was -inf"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddNode(cd.NodePointGround())
    n = mbs.AddNode(cd.NodePoint(initialVelocities=[1e300, 0, 0]))
    mbs.AddObject(cd.MassPoint(nodeNumber=n, mass=1.0))
    m0 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    sd = mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], damping=[1e100] * 3))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=_names("ObjectConnectorCartesianSpringDamper",
                                                    "Force", "not finite", "t = 0")):
        mbs.GetObjectOutput(sd, OV.Force)


def test_sensor_that_reads_an_overflow_stops_the_solve():
    """the coordinate overflows: the step is not accepted, so the sensor never reads it"""
    mbs, _ = _free_mass([0, -1e308], sensor=True)
    with pytest.raises(cd.SolverError, match=_names("NodePoint2D 0", "is -inf after the step",
                                                    "not finite")):
        mbs.SolveDynamic(_settings(10, 10.0))


def test_coordinates_that_overflow_are_not_accepted():
    """a free mass at -1e308 m/s for 10 s: its coordinate overflows; the step is never
    accepted, the solve stops naming the coordinate, the state stays finite"""
    mbs, _ = _free_mass([0, -1e308])
    with pytest.raises(cd.SolverError, match=r"ODE2 coordinate 1 of NodePoint2D 0 is -inf "
                                             r"after the step \(not finite\)"):
        mbs.SolveDynamic(_settings(10, 10.0))
    assert np.all(np.isfinite(mbs.systemData.GetODE2Coordinates()))


def test_failed_solve_leaves_no_infinite_accelerations():
    """mass 5e-324 (positive, accepted) and a force: the initial acceleration is inf"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0.0], initialCoordinates=[0.0],
                                       initialCoordinates_t=[0.0], numberOfODE2Coordinates=1))
    mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=[[5e-324]],
                                       stiffnessMatrix=[[0.0]], dampingMatrix=[[0.0]],
                                       forceVector=[1.0]))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"computing initial accelerations: the solution "
                                             r"for ODE2 coordinate 0 of NodeGenericODE2 0 is inf"):
        mbs.SolveDynamic(_settings(10, 0.1))
    assert np.all(np.isfinite(mbs.systemData.GetODE2Coordinates_tt()))


@pytest.mark.parametrize("kind", ["ODE1", "ODE2"])
def test_output_at_a_local_position_of_an_object_without_points_is_an_error(kind):
    """GetObjectOutputBody on an ObjectGenericODE1 (not a body) segfaulted: the engine called
    the body-point function the type does not have; ObjectGenericODE2 (a body without points)
    the same. Both are an error naming the object and the variable."""
    mbs = cd.SystemContainer().AddSystem()
    if kind == "ODE1":
        n = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[1.0], initialCoordinates=[1.0],
                                           numberOfODE1Coordinates=1))
        o = mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[n], systemMatrix=[[1.0]],
                                               rhsVector=[1.0]))
    else:
        n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0.0], initialCoordinates=[0.0],
                                           initialCoordinates_t=[0.0],
                                           numberOfODE2Coordinates=1))
        o = mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=[[1.0]],
                                               stiffnessMatrix=[[0.0]], dampingMatrix=[[0.0]]))
    mbs.Assemble()
    for var in (OV.Position, OV.Velocity, OV.Displacement, OV.Acceleration):
        with pytest.raises(ValueError, match=rf"ObjectGeneric{kind} {int(o)} does not provide "
                                             rf"OutputVariableType.{var.name}"):
            mbs.GetObjectOutputBody(o, var, [0, 0, 0])


def _finishes(script, seconds=3.0):
    """whether the script (a solve) ends within seconds, in a subprocess (a hang cannot stop
    the test session); it may end with an error"""
    code = "import coordyn as cd\n" + textwrap.dedent(script)
    try:
        subprocess.run([sys.executable, "-c", code], timeout=seconds, capture_output=True,
                       env=_worker_env())
    except subprocess.TimeoutExpired:
        return False
    return True


def test_massless_node_without_initial_accelerations_ends():
    """the singular matrix was factored only when the step size changed, the steps between were
    accepted without iterations, so the step cycled near 2e-8; now 5 singular factorizations in
    a row end the solve with an error naming the massless coordinate"""
    assert _finishes("""
        mbs = cd.SystemContainer().AddSystem()
        n1 = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0.0], initialCoordinates=[1.0],
                                            numberOfODE1Coordinates=1))
        mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                       initialVelocities=[1, 0, 0, 0, 0, 0, 0]))
        mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[n1], systemMatrix=[[0.5]],
                                           rhsVector=[0.1]))
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.progressBar = False
        s.timeIntegration.generalizedAlpha.computeInitialAccelerations = False
        try:
            mbs.SolveDynamic(s)
        except cd.SolverError:
            pass
        """)


def test_tiny_minimum_step_ends():
    """minimumStepSize = 1e-300 (in its range) and a coordinate of -1.7e308: the solve crawled
    with steps down to 1e-154 (20 million steps in 3 s)"""
    assert _finishes("""
        mbs = cd.SystemContainer().AddSystem()
        n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0.0],
                                           initialCoordinates=[-1.7e308],
                                           initialCoordinates_t=[0.0], numberOfODE2Coordinates=1))
        mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=[[1.0]],
                                           stiffnessMatrix=[[0.1]], dampingMatrix=[[0.0]],
                                           forceVector=[0.0]))
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.progressBar = False
        s.timeIntegration.minimumStepSize = 1e-300
        try:
            mbs.SolveDynamic(s)
        except cd.SolverError:
            pass
        """)


def test_huge_newmark_gamma_ends():
    assert _finishes("""
        mbs = cd.SystemContainer().AddSystem()
        n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0.25, -0.25, 0.0],
                                           initialCoordinates=[0.0, 1.0, -0.8]))
        b = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=n, mass=0.6, inertia=0.9))
        m = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=b, localPosition=[-0.5, 0.9, 0.0]))
        mbs.AddLoad(cd.Force(markerNumber=m, loadVector=[0.3, 0.4, 0.3]))
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.progressBar = False
        s.timeIntegration.generalizedAlpha.useNewmark = True
        s.timeIntegration.generalizedAlpha.newmarkGamma = 5e199
        try:
            mbs.SolveDynamic(s)
        except cd.SolverError:
            pass
        """)


def test_joint_between_two_ground_markers_has_no_coordinates():
    """a PrismaticX joint between two markers on ground (no coordinates): its analytic Jacobian
    ran memset on a NULL scratch of size 0 (undefined behaviour that UBSan stops on, found by
    the fuzzer under `make sanitize`); the objects' scratch is now never NULL. The Jacobian has
    no columns; the constraint is violated (the markers are 1 m apart in y and z): a clear error
    naming the joint, and with initialConstraintWarning the solver's error"""
    mbs = cd.SystemContainer().AddSystem()
    n0 = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[1.0, 1.0, 1.0]))
    o0 = mbs.AddObject(cd.ObjectGround(referencePosition=[1.0, 1.0, 1.0]))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=o0, localPosition=[1.0, 1.0, 1.0]))
    m2 = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n0))
    j = mbs.AddObject(cd.ObjectJointPrismaticX(markerNumbers=[m0, m2]))
    mbs.Assemble()
    jac = mbs.GetObjectJacobian(j)
    assert all(np.asarray(jac[k]).size == 0 for k in ("K", "D", "Cq")), jac
    with pytest.raises(ValueError, match=_names(f"ObjectJointPrismaticX {int(j)}", "violates")):
        mbs.SolveDynamic(_settings(1, 0.1))
    s = _settings(1, 0.1)
    s.timeIntegration.initialConstraintWarning = True
    with pytest.raises(cd.SolverError):
        mbs.SolveDynamic(s)
