"""ObjectJointGeneric alternativeConstraints (Exudyn's experimental flag). Exudyn uses the
alternative rotation equations x0 . (y1 x z0) = 1, y0 . (z1 x x0) = 1, z0 . (x1 x y0) = 1
only when all three rotations are constrained; they hold only where their gradient vanishes
(y0 . y1 = 1 has its maximum there), and Exudyn 1.13.6 stops with a singular system matrix
in every static and dynamic solve with them (checked here). coordyn therefore refuses that
combination with a message; with a free rotation the flag has no effect, as in Exudyn: a shaft
on a revolute GenericJoint carrying a welded body spins up through several turns as
T t / (J_A + J_B), bit for bit as with alternativeConstraints=False and as Exudyn's."""
import types
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import message_naming

JA, JB, T, T_END = 0.5, 0.25, 2.0, 2.0


def coordyn_lib():
    import coordyn.utilities as u
    return types.SimpleNamespace(exu=cd, u=u)


def exudyn_lib():
    pytest.importorskip("exudyn")
    import exudyn as exu
    import exudyn.utilities as u
    return types.SimpleNamespace(exu=exu, u=u)


def shaft(lib, alternative, lock_all=False, solve=True):
    """body A on a revolute GenericJoint (free rz) to the ground, body B welded to A by a
    GenericJoint (all axes), a torque T about z on B; alternative: alternativeConstraints
    on the revolute joint (lock_all: on the weld)"""
    exu, u = lib.exu, lib.u
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.AddObject(u.ObjectGround())
    ep = exu.NodeType.RotationEulerParameters
    a = mbs.CreateRigidBody(inertia=u.RigidBodyInertia(mass=1, inertiaTensor=np.diag([1, 1, JA])),
                            nodeType=ep)
    b = mbs.CreateRigidBody(inertia=u.RigidBodyInertia(mass=1, inertiaTensor=np.diag([1, 1, JB])),
                            referencePosition=[0, 0, 0.5], nodeType=ep)
    mg = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=g))
    ma = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=a))
    ma2 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=a, localPosition=[0, 0, 0.5]))
    mb = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b))
    mbs.AddObject(u.ObjectJointGeneric(markerNumbers=[mg, ma], constrainedAxes=[1, 1, 1, 1, 1, 0],
                                       alternativeConstraints=alternative and not lock_all))
    weld = mbs.AddObject(u.ObjectJointGeneric(markerNumbers=[ma2, mb],
                                              constrainedAxes=[1, 1, 1, 1, 1, 1],
                                              alternativeConstraints=alternative and lock_all))
    mbs.AddLoad(u.LoadTorqueVector(markerNumber=mb, loadVector=[0, 0, T]))
    nb = mbs.GetObject(b)["nodeNumber"]
    ov = exu.OutputVariableType
    sw = mbs.AddSensor(u.SensorNode(nodeNumber=nb, storeInternal=True,
                                    outputVariableType=ov.AngularVelocity))
    st = mbs.AddSensor(u.SensorObject(objectNumber=weld, storeInternal=True,
                                      outputVariableType=ov.TorqueLocal))
    mbs.Assemble()
    if not solve:
        return mbs
    s = exu.SimulationSettings()
    s.timeIntegration.endTime = T_END
    s.timeIntegration.numberOfSteps = 2000
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)   # Exudyn's old settings names
        s.solutionSettings.writeSolutionToFile = False
        s.solutionSettings.sensorsWritePeriod = 1e-3
    mbs.SolveDynamic(s)
    return np.hstack([mbs.GetSensorStoredData(sw), mbs.GetSensorStoredData(st)[:, 1:]])


def test_no_effect_with_a_free_rotation():
    """the flag on the revolute joint: the same motion bit for bit; the shaft turns
    T t_end^2 / (2 (J_A + J_B)) = 5.3 rad (closed form omega = T t / (J_A + J_B)), and the weld
    carries the torque J_A / (J_A + J_B) T that spins body A up"""
    with_flag = shaft(coordyn_lib(), True)
    without = shaft(coordyn_lib(), False)
    assert np.array_equal(with_flag, without)
    t = with_flag[:, 0]
    # 1.8e-6 measured (Exudyn's the same): the Euler-parameter nodes' rate off |e| = 1
    np.testing.assert_allclose(with_flag[:, 3], T * t / (JA + JB), rtol=1e-5, atol=1e-12)
    np.testing.assert_allclose(np.abs(with_flag[1:, 6]), JA / (JA + JB) * T, rtol=1e-7)


def test_free_rotation_same_as_exudyn():
    """Exudyn 1.13.6 with the flag on the revolute joint: the angular velocity within 1e-8
    of its size (4.5e-9 measured); the weld's torque within 1e-3 (2e-4 measured: Exudyn's
    multiplier jumps by 2.6e-4 for a few steps near t = 0.44 s, where coordyn's stays at
    J_A T / (J_A + J_B), test_no_effect_with_a_free_rotation)"""
    a = shaft(exudyn_lib(), True)
    b = shaft(coordyn_lib(), True)
    for k, tol in ((3, 1e-8), (6, 1e-3)):
        assert np.abs(np.abs(a[:, k]) - np.abs(b[:, k])).max() <= tol * np.abs(a[:, k]).max()


def test_all_rotations_locked_is_refused_with_the_reason():
    with pytest.raises(ValueError, match=message_naming(
            "ObjectJointGeneric", "'alternativeConstraints'", "all three rotations",
            "singular", "alternativeConstraints=False")):
        shaft(coordyn_lib(), True, lock_all=True, solve=False)


def test_exudyn_fails_with_all_rotations_locked(capfd):
    """the reason of the refusal, measured: Exudyn 1.13.6 cannot solve the weld with the
    flag (its solver reports a singular system Jacobian at the start and stops); without it,
    it can"""
    ex = exudyn_lib()
    assert np.isfinite(shaft(ex, False, lock_all=True)).all()
    capfd.readouterr()
    with pytest.raises(Exception) as err:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            shaft(ex, True, lock_all=True)
    assert type(err.value).__name__ == "SolverError"
    assert "Jacobian seems to be singular" in capfd.readouterr().out
