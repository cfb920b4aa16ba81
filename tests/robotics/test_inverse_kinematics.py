"""robotics.InverseKinematicsNumerical: the pose is reached exactly, a redundant robot's
solution is the equilibrium of the joint springs, and the Puma560 solution equals Exudyn's."""
import numpy as np
import pytest

import coordyn.robotics as rob
from coordyn.exudyn._notyet import NotImplementedFeatureError
from coordyn.robotics import models


def robot_and_target(name, qt):
    d = getattr(models, name)()
    d['dhMode'] = 'stdDH'
    robot = models.LinkDict2Robot(d)
    qt = np.array(qt[:robot.NumberOfLinks()])
    return robot, qt, robot.LinkHT(qt)[-1] @ robot.GetToolHT()


QT = [0.3, -0.5, 0.4, 0.2, -0.6, 0.3, 0.2]


@pytest.mark.parametrize("name", ["ManipulatorPuma560", "ManipulatorUR5"])
def test_non_redundant_robot_returns_the_nearby_branch(name):
    robot, qt, T = robot_and_target(name, QT)
    ik = rob.InverseKinematicsNumerical(robot)
    q, ok = ik.Solve(T, qt + 0.1)
    assert ok
    assert np.abs(robot.LinkHT(q)[-1] @ robot.GetToolHT() - T).max() <= 1e-14
    assert np.allclose(q, qt, atol=1e-12)
    assert np.abs(ik.GetCurrentRobotHT() - T).max() <= 1e-14
    # a far pose along interpolated poses
    T2 = robot.LinkHT(qt - 0.5)[-1] @ robot.GetToolHT()
    q2, ok2 = ik.SolveSafe(T2)
    assert ok2 and np.abs(robot.LinkHT(q2)[-1] @ robot.GetToolHT() - T2).max() <= 1e-14


def test_redundant_robot_solution_is_the_spring_equilibrium():
    """Panda (7 joints): the solution minimizes ½ Σ k_i (q_i − q0_i)² on the set of q reaching
    T, so K (q − q0) is orthogonal to the Jacobian's null space (self-motion)."""
    robot, qt, T = robot_and_target("ManipulatorPANDA", QT)
    k = np.array([1., 2., 1., 3., 1., 1., 2.])
    ik = rob.InverseKinematicsNumerical(robot, jointStiffness=k)
    q0 = qt + 0.1
    q, ok = ik.Solve(T, q0)
    assert ok and np.abs(robot.LinkHT(q)[-1] @ robot.GetToolHT() - T).max() <= 1e-14
    J = robot.Jacobian(robot.JointHT(q), toolPosition=T[0:3, 3])
    null = np.linalg.svd(J)[2][6:].T                 # 7 x 1 basis of the null space of J
    assert np.abs(null.T @ (k * (q - q0))).max() < 1e-10
    assert np.linalg.norm(k * (q - q0)) > 1e-3       # the springs are loaded


def test_against_exudyn_puma560():
    exu = pytest.importorskip("exudyn")
    if "coordyn" in exu.__file__:
        pytest.skip("exudyn is switched to coordyn in this process")
    import exudyn.robotics as xr
    import exudyn.robotics.models as xm
    d = xm.ManipulatorPuma560()
    rx = xm.LinkDict2Robot(d)
    qt = np.array(QT[:6])
    T = (rx.LinkHT(qt)[-1] * rx.tool.HT).HT44()
    qx, okx = xr.InverseKinematicsNumerical(rx).Solve(T, qt + 0.1)
    robot, _, Tc = robot_and_target("ManipulatorPuma560", QT)
    qc, okc = rob.InverseKinematicsNumerical(robot).Solve(T, qt + 0.1)
    assert okx and okc and np.abs(T - Tc).max() < 1e-15
    assert np.abs(np.array(qx) - qc).max() < 1e-8


def test_inverse_kinematics_bad_input():
    robot, qt, T = robot_and_target("ManipulatorPuma560", QT)
    with pytest.raises(ValueError, match="jointStiffness must be a positive number or 6"):
        rob.InverseKinematicsNumerical(robot, jointStiffness=[1, 2])
    with pytest.raises(TypeError, match="robot must be a Robot"):
        rob.InverseKinematicsNumerical({})
    with pytest.raises(NotImplementedFeatureError, match="useRenderer=True"):
        rob.InverseKinematicsNumerical(robot, useRenderer=True)
    ik = rob.InverseKinematicsNumerical(robot)
    with pytest.raises(ValueError, match="Solve: T must be a 4x4"):
        ik.Solve(np.eye(3))
    with pytest.raises(ValueError, match="T must be a homogeneous transformation"):
        ik.Solve(np.diag([2., 1, 1, 1]))
    with pytest.raises(ValueError, match="q0 must have 6 entries"):
        ik.Solve(T, [0, 0])
    far = np.eye(4)
    far[0:3, 3] = [5., 0, 0]                           # out of reach
    assert ik.Solve(far, qt) == [None, False]
