"""Robot.CreateRedundantCoordinateMBS: rigid bodies and generic joints simulated on coordyn,
against the closed form (a held arm stays at rest, a one-link robot is a physical pendulum) and
against Exudyn 1.13.6 (joint angles after 0.5 s)."""
import os
import subprocess
import sys

import numpy as np
import pytest

import coordyn
import coordyn.robotics as rob
from scipy.integrate import solve_ivp

from conftest import REPO

HERE = os.path.dirname(__file__)


def settings(steps, end):
    s = coordyn.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-12
    s.progressBar = False
    return s


def joint_angles(mbs, robot, res):
    """q_i from the body rotations: A_parent · R_z(q_i) · localRot_i = A_i (std DH, preHT = I)."""
    q = []
    for i in range(robot.NumberOfLinks()):
        A = np.array(mbs.GetNodeOutput(res['nodeList'][i],
                                       coordyn.OutputVariableType.RotationMatrix)).reshape(3, 3)
        Ap = np.eye(3) if i == 0 else np.array(mbs.GetNodeOutput(
            res['nodeList'][i - 1], coordyn.OutputVariableType.RotationMatrix)).reshape(3, 3)
        R = Ap.T @ A @ robot.GetLink(i).localHT[0:3, 0:3].T
        q.append(np.arctan2(R[1, 0], R[0, 0]))
    return np.array(q)


def planar_arm(q0):
    robot = rob.Robot(gravity=[0, -9.81, 0])
    for l, lc, m in ((0.7, 0.3, 2.0), (0.5, 0.2, 1.5)):
        robot.AddLink(rob.RobotLink(mass=m, COM=[-(l - lc), 0, 0],
                                    inertia=np.diag([0.02, 0.025, 0.04]),
                                    localHT=rob.StdDH2HT([0, 0, l, 0])))
    robot.referenceConfiguration = np.array(q0)
    return robot


def ground_marker(mbs):
    g = mbs.AddObject(coordyn.ObjectGround())
    return mbs.AddMarker(coordyn.MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))


def test_bodies_at_reference_configuration():
    q0 = [0.4, -1.1]
    robot = planar_arm(q0)
    mbs = coordyn.SystemContainer().AddSystem()
    res = robot.CreateRedundantCoordinateMBS(mbs, ground_marker(mbs))
    mbs.Assemble()
    for i, H in enumerate(robot.LinkHT(q0)):
        p = mbs.GetNodeOutput(res['nodeList'][i], coordyn.OutputVariableType.Position)
        assert np.allclose(p, H[0:3, 3], atol=1e-14)
    assert np.allclose(joint_angles(mbs, robot, res), q0, atol=1e-14)
    assert len(res['jointList']) == 2 and len(res['jointTorque1List']) == 2
    assert res['springDamperList'] == [None, None] and res['baseObject'] == -1


def test_gravity_compensation_holds_arm_at_rest():
    """Joint torques −StaticTorques on the torque loads cancel gravity: the arm stays put,
    and without them it moves (so the loads act)."""
    q0 = [0.4, -1.1]
    for compensate in (True, False):
        robot = planar_arm(q0)
        mbs = coordyn.SystemContainer().AddSystem()
        res = robot.CreateRedundantCoordinateMBS(mbs, ground_marker(mbs))
        tau = -robot.StaticTorques(robot.JointHT(q0)) * compensate
        for i in range(2):
            mbs.SetLoadParameter(res['jointTorque0List'][i], 'loadVector',
                                 res['unitTorque0List'][i] * tau[i])
            mbs.SetLoadParameter(res['jointTorque1List'][i], 'loadVector',
                                 res['unitTorque1List'][i] * tau[i])
        mbs.Assemble()
        mbs.SolveDynamic(settings(200, 0.2))
        q = joint_angles(mbs, robot, res)
        if compensate:
            assert np.allclose(q, q0, atol=1e-10)
        else:
            assert np.abs(q - q0).max() > 1e-2


def test_one_link_robot_is_a_physical_pendulum():
    """θ'' = −m g lc cos θ / (I_z + m lc²) (θ from the x axis, gravity −y), integrated by scipy."""
    m, lc, l, Iz, g, th0 = 2.0, 0.3, 0.7, 0.04, 9.81, 0.3
    robot = rob.Robot(gravity=[0, -g, 0])
    robot.AddLink(rob.RobotLink(mass=m, COM=[-(l - lc), 0, 0],
                                inertia=np.diag([0.025, 0.02, Iz]),
                                localHT=rob.StdDH2HT([0, 0, l, 0])))
    robot.referenceConfiguration = np.array([th0])
    mbs = coordyn.SystemContainer().AddSystem()
    res = robot.CreateRedundantCoordinateMBS(mbs, ground_marker(mbs),
                                             createJointTorqueLoads=False)
    mbs.Assemble()
    mbs.SolveDynamic(settings(2000, 0.5))
    k = m * g * lc / (Iz + m * lc * lc)
    ref = solve_ivp(lambda t, y: [y[1], -k * np.cos(y[0])], (0, 0.5), [th0, 0.],
                    rtol=1e-12, atol=1e-12).y[0, -1]
    assert joint_angles(mbs, robot, res)[0] == pytest.approx(ref, abs=1e-5)
    assert abs(ref - th0) > 0.5      # it really swung


def test_pd_control_spring_damper_settles_at_zero():
    """With PDcontrol the torsional spring-damper pulls the joint to q = 0: a stiff, damped
    joint with gravity settles at the static deflection tau_g / P."""
    P, D = 2000., 60.
    robot = rob.Robot(gravity=[0, -9.81, 0])
    robot.AddLink(rob.RobotLink(mass=2.0, COM=[-0.4, 0, 0], inertia=np.diag([0.025, 0.02, 0.04]),
                                localHT=rob.StdDH2HT([0, 0, 0.7, 0]), PDcontrol=(P, D)))
    robot.referenceConfiguration = np.array([0.2])
    mbs = coordyn.SystemContainer().AddSystem()
    res = robot.CreateRedundantCoordinateMBS(mbs, ground_marker(mbs),
                                             createJointTorqueLoads=False)
    assert res['springDamperList'][0] is not None
    mbs.Assemble()
    mbs.SolveDynamic(settings(2000, 2.0))
    q = joint_angles(mbs, robot, res)[0]
    # P q = −m g lc cos q  (lc = 0.3)
    from scipy.optimize import brentq
    qs = brentq(lambda x: P * x + 2.0 * 9.81 * 0.3 * np.cos(x), -1, 1)
    assert q == pytest.approx(qs, abs=1e-6)


SCRIPT = os.path.join(HERE, "robot_mbs_script.py")


def run_script(engine, name, scale, steps, cwd):
    env = dict(os.environ, PYTHONPATH=str(REPO / "python"))
    out = subprocess.run([sys.executable, SCRIPT, engine, name, scale, steps], cwd=cwd,
                         capture_output=True,
                         text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return np.array([float(x) for x in out.stdout.split()[-1].split(',')])


@pytest.mark.parametrize("name,scale,steps", [("3R", "0", "500"), ("3R", "0.01", "500"),
                                              ("PANDA", "0", "1000"), ("TREE", "1", "500")])
def test_against_exudyn(name, scale, steps, tmp_path):
    """The same Exudyn script (robotics.models + CreateRedundantCoordinateMBS, 0.5 s) on
    Exudyn 1.13.6 and, through use_as_exudyn, on coordyn: joint angles agree to 1e-8.
    (The Panda swings through 2.7 rad; the two generalized-α implementations differ there by
    2.2e-7, 2.7e-8, 3.6e-9 at 250, 500, 1000 steps, i.e. in an O(h³) term.)"""
    exu = pytest.importorskip("exudyn")
    if "coordyn" in exu.__file__:
        pytest.skip("exudyn is switched to coordyn in this process")
    qx = run_script("exudyn", name, scale, steps, tmp_path)
    qc = run_script("coordyn", name, scale, steps, tmp_path)
    assert np.abs(qx - qc).max() < 1e-8, (qx, qc)
    if name == "TREE":       # positions and rotation matrices of the 6 bodies; the first moved
        assert len(qc) == 6 * 12
        from coordyn.rigidBodyUtilities import HTrotateY, HTrotateZ, HTtranslate, HTrotateX
        H0 = (HTtranslate([0.1, -0.2, 0.3]) @ HTrotateY(0.3) @ HTrotateZ(0.2)
              @ HTtranslate([0.2, 0, 0.3]) @ HTrotateX(0.5))
        assert np.abs(qc[0:3] - H0[0:3, 3]).max() > 1e-3
    else:                    # joint angles, away from the reference configuration
        assert np.abs(qc - [0.2, -0.4, 0.3, 0.1, -0.2, 0.3, 0.5][:len(qc)]).max() > 0.05
