"""Python-level behaviour Exudyn's scripts rely on: GetJointArgs, the automatic Assemble of
SolveStatic/SolveDynamic (autoAssemble), and Exudyn's defaults under the switch."""
import coordyn as cd
import numpy as np
import pytest
from coordyn.basicUtilities import GetJointArgs
from coordyn.rigidBodyUtilities import InertiaCuboid, RotationVector2RotationMatrix


def pendulum_pair(use_args, rot=None):
    """A rigid bar on a revolute joint (z axis of the joint frame) at a ground point, the joint
    made by CreateRevoluteJoint (reference) or by RevoluteJointZ(**GetJointArgs(...))."""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.CreateGround()
    A = RotationVector2RotationMatrix([0.2, 0.3, 0.4])
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(5000, [1, 0.1, 0.1]),
                            referencePosition=[0.5, 0, 0], referenceRotationMatrix=A,
                            gravity=[0, -9.81, 0])
    p = np.array([0.25, -0.1, 0.1])
    R = np.eye(3) if rot is None else rot
    if use_args:
        mg = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g, localPosition=p))
        args = GetJointArgs(mbs, markerNumber0=mg, rotationMarker0=rot, bodyNumber1=b)
        mbs.AddObject(cd.RevoluteJointZ(**args))
    else:
        args = None
        mbs.CreateRevoluteJoint(bodyNumbers=[g, b], position=p, axis=R[:, 2])
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 100
    s.timeIntegration.endTime = 0.2
    mbs.SolveDynamic(s)
    n = mbs.GetObject(b)["nodeNumber"]
    return mbs, args, mbs.GetNodeOutput(n, cd.OutputVariableType.CoordinatesTotal)


@pytest.mark.parametrize("rot", [None, RotationVector2RotationMatrix([0.5, 0, 0])])
def test_joint_args_give_the_same_motion_as_the_create_helper(rot):
    mbs, args, q = pendulum_pair(True, rot)
    _, _, qr = pendulum_pair(False, rot)
    assert np.abs(q - qr).max() < 1e-9
    assert np.abs(q[:3] - [0.5, 0, 0]).max() > 1e-3          # it swung
    # the joint frames coincide in the reference configuration: the new marker sits at the
    # existing marker's point, and both frames are the ground frame turned by rot
    m0, m1 = args["markerNumbers"]
    assert set(args) == {"markerNumbers"}       # the frames are in the markers' localHT
    ref = cd.ConfigurationType.Reference
    np.testing.assert_allclose(mbs.GetMarkerOutput(m1, cd.OutputVariableType.Position, ref),
                               [0.25, -0.1, 0.1], atol=1e-14)
    R = np.eye(3) if rot is None else rot
    for m in (m0, m1):
        np.testing.assert_allclose(
            mbs.GetMarkerOutput(m, cd.OutputVariableType.RotationMatrix, ref).reshape(3, 3), R,
            atol=1e-14)


def test_joint_args_keep_the_rotation_of_a_marker_without_frame():
    """a position marker cannot be turned: the rotation stays in rotationMarker0"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(5000, [1, 0.1, 0.1]),
                            referencePosition=[0.5, 0, 0])
    mp = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0.25, 0, 0]))
    R = RotationVector2RotationMatrix([0.5, 0, 0])
    args = GetJointArgs(mbs, markerNumber0=mp, rotationMarker0=R, bodyNumber1=b)
    assert args["markerNumbers"][0] == mp
    np.testing.assert_array_equal(args["rotationMarker0"], R)


def test_joint_args_errors():
    mbs, *_ = pendulum_pair(False)
    with pytest.raises(ValueError, match="GetJointArgs: bodyNumber1 must be given with "
                                         "markerNumber0"):
        GetJointArgs(mbs, markerNumber0=0)
    with pytest.raises(ValueError, match="GetJointArgs: markerNumber1 must be None"):
        GetJointArgs(mbs, markerNumber0=0, markerNumber1=1, bodyNumber1=1)
    with pytest.raises(ValueError, match="GetJointArgs: give markerNumber0 .* or markerNumber1"):
        GetJointArgs(mbs, bodyNumber0=1)
    with pytest.raises(ValueError, match="GetJointArgs: bodyNumber0 must be given with "
                                         "markerNumber1"):
        GetJointArgs(mbs, markerNumber1=0)
    with pytest.raises(ValueError, match="GetJointArgs: rotationMarker0 must be a 3 x 3"):
        GetJointArgs(mbs, markerNumber0=0, bodyNumber1=1, rotationMarker0=[1, 0, 0])


def test_joint_args_same_frames_as_exudyn():
    """Exudyn 1.13.6 puts the rotation into the new marker's localHT: the global joint frames
    are the same."""
    exu = pytest.importorskip("exudyn")
    import exudyn.utilities as eu
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.CreateGround()
    A = RotationVector2RotationMatrix([0.2, 0.3, 0.4])
    b = mbs.CreateRigidBody(inertia=eu.InertiaCuboid(5000, [1, 0.1, 0.1]),
                            referencePosition=[0.5, 0, 0], referenceRotationMatrix=A)
    mg = mbs.AddMarker(eu.MarkerBodyRigid(bodyNumber=g, localPosition=[0.25, -0.1, 0.1]))
    R = RotationVector2RotationMatrix([0.5, 0, 0])
    ea = eu.GetJointArgs(mbs, markerNumber0=mg, rotationMarker0=R, bodyNumber1=b)
    mbs.Assemble()
    ref = exu.ConfigurationType.Reference
    frames_e = [mbs.GetMarkerOutput(m, exu.OutputVariableType.RotationMatrix, ref).reshape(3, 3)
                for m in ea["markerNumbers"]]
    _, args, _ = pendulum_pair(True, R)
    assert len(ea) == len(args) == 1 and list(ea) == list(args)
    cm, *_ = pendulum_pair(True, R)
    frames_c = [cm.GetMarkerOutput(m, cd.OutputVariableType.RotationMatrix,
                                   cd.ConfigurationType.Reference).reshape(3, 3)
                for m in args["markerNumbers"]]
    for fe, fc in zip(frames_e, frames_c):
        np.testing.assert_allclose(fc, fe, atol=1e-14)
    # the new marker's localHT is Exudyn's
    np.testing.assert_allclose(cm.GetMarker(args["markerNumbers"][1])["localHT"],
                               mbs.GetMarker(ea["markerNumbers"][1])["localHT"], atol=1e-14)


def x(mbs, n):
    return np.ravel(mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates))[0]


def test_solve_assembles_a_changed_system_with_a_warning():
    """Exudyn's autoAssemble: after SetObjectParameter the system is not consistent; the solve
    assembles it (with a warning) and uses the new value; autoAssemble=False refuses."""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0]))
    mbs.AddObject(cd.Mass1D(physicsMass=2, nodeNumber=n))
    gnd = mbs.AddNode(cd.NodePointGround())
    mk = [mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=i, coordinate=0)) for i in (gnd, n)]
    sp = mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=mk, stiffness=100))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=mk[1], load=10))
    mbs.Assemble()
    mbs.SolveStatic()
    assert x(mbs, n) == pytest.approx(0.1)
    mbs.SetObjectParameter(sp, "stiffness", 400)
    assert not mbs.systemIsConsistent
    with pytest.raises(cd.SolverError, match="SolveStatic: the system is not assembled"):
        mbs.SolveStatic(autoAssemble=False)
    with pytest.warns(UserWarning, match="SolveStatic: mbs.systemIsConsistent is False, "
                                         "calling mbs.Assemble"):
        mbs.SolveStatic()
    assert x(mbs, n) == pytest.approx(0.025)


def test_exudyn_defaults_under_the_switch():
    assert cd.SimulationSettings().solutionSettings.writeSolutionToFile is False
    with cd.use_as_exudyn():
        import exudyn
        s = exudyn.SimulationSettings()
        assert s.solutionSettings.writeSolutionToFile is True
    assert cd.SimulationSettings().solutionSettings.writeSolutionToFile is False
