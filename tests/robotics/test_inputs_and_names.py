"""coordyn.robotics: clear errors for bad input, the stand-ins for what coordyn lacks, the
mobile-platform kinematics, and the module layout under the exudyn switch."""
import importlib
import subprocess
import sys

import numpy as np
import pytest

import coordyn
import coordyn.robotics as rob
from coordyn.exudyn._notyet import NotImplementedFeatureError
from coordyn.robotics import mobile, models, special

from conftest import REPO


def test_dh_parameter_errors():
    with pytest.raises(ValueError, match=r"StdDH2HT: DHparameters must be 4 finite numbers "
                                         r"\[theta, d, a, alpha\]"):
        rob.StdDH2HT([0, 1, 2])
    with pytest.raises(ValueError, match="StdDH2HT: DHparameters must be 4 numbers"):
        rob.StdDH2HT([0, 'a', 2, 3])
    with pytest.raises(ValueError, match="StdDH2HT: DHparameters must be 4 finite"):
        rob.StdDH2HT([0, np.nan, 2, 3])
    with pytest.raises(ValueError, match=r"ModDHKK2HT: DHparameters must be 4 finite numbers "
                                         r"\[alpha, d, theta, r\]"):
        rob.ModDHKK2HT([0, 1, 2, 3, 4])


def test_link_parameter_errors():
    I3 = np.eye(3)
    with pytest.raises(ValueError, match="RobotLink: localHT must be a 4x4 homogeneous "
                                         r"transformation, got an array of shape \(3, 3\)"):
        rob.RobotLink(1, [0, 0, 0], I3, localHT=np.eye(3))
    with pytest.raises(ValueError, match=r"RobotLink: preHT must have the last row \[0,0,0,1\]"):
        rob.RobotLink(1, [0, 0, 0], I3, preHT=2 * np.eye(4))
    with pytest.raises(ValueError, match=r"RobotLink: inertia must be a 3x3 matrix, got an "
                                         r"array of shape \(3,\)"):
        rob.RobotLink(1, [0, 0, 0], [1, 1, 1])
    with pytest.raises(ValueError, match="RobotLink: COM must be a vector of 3 finite"):
        rob.RobotLink(1, [0, 0], I3)
    with pytest.raises(ValueError, match="RobotLink: mass must be finite and >= 0"):
        rob.RobotLink(-1, [0, 0, 0], I3)
    with pytest.raises(ValueError, match="RobotLink: jointType must be one of"):
        rob.RobotLink(1, [0, 0, 0], I3, jointType='Rw')
    with pytest.raises(ValueError, match="RobotLink: parent must be -2"):
        rob.RobotLink(1, [0, 0, 0], I3, parent=-3)
    with pytest.raises(ValueError, match="RobotLink: PDcontrol is not defined"):
        rob.RobotLink(1, [0, 0, 0], I3).GetPDcontrol()
    with pytest.raises(ValueError, match="RobotBase: HT must be a 4x4"):
        rob.RobotBase(HT=[1, 2, 3])
    with pytest.raises(ValueError, match="RobotTool: HT must be a 4x4"):
        rob.RobotTool(HT=np.eye(5))
    with pytest.raises(ValueError, match="Robot: gravity must be a vector of 3"):
        rob.Robot(gravity=[0, -9.81])


def test_robot_method_errors():
    robot = rob.Robot()
    robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3)))
    with pytest.raises(ValueError, match="Robot.AddLink: link 1: parent index must be lower"):
        robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3), parent=1))
    with pytest.raises(TypeError, match="Robot.AddLink: robotLink must be a RobotLink"):
        robot.AddLink({'mass': 1})
    with pytest.raises(ValueError, match="Robot.LinkHT: q has 0 joint coordinates, the robot "
                                         "has 1 links"):
        robot.LinkHT([])
    HT = robot.JointHT([0.])
    with pytest.raises(ValueError, match="Robot.Jacobian: mode must be 'all', 'trans' or 'rot'"):
        robot.Jacobian(HT, mode='xyz')
    with pytest.raises(ValueError, match="Robot.Jacobian: HT must hold 1 to 1 joint"):
        robot.Jacobian(HT + HT)
    with pytest.raises(ValueError, match=r"Robot.Jacobian: HT\[0\] must be a 4x4"):
        robot.Jacobian([np.eye(3)])
    with pytest.raises(ValueError, match="Robot.Jacobian: toolPosition must be a vector of 3"):
        robot.Jacobian(HT, toolPosition=[1, 2])
    with pytest.raises(ValueError, match="StiffnessManipulability: JointStiffness must be a "
                                         "1x1 matrix"):
        special.StiffnessManipulability(robot, np.eye(2), HT, 'all')
    with pytest.raises(ValueError, match="VelocityManipulability: mode must be"):
        special.VelocityManipulability(robot, HT, 'both')
    with pytest.raises(ValueError, match="MassMatrix: jointJacobian must hold 1 link"):
        special.MassMatrix(robot, HT, [])
    with pytest.raises(ValueError, match="CalculateAllMeasures: flag must be a list of 4"):
        special.CalculateAllMeasures(robot, {}, [0.], 'all', [1, 1])
    with pytest.raises(ValueError, match="LinkDict2Robot: dhMode must be 'stdDH'"):
        models.LinkDict2Robot(dict(models.ManipulatorUR5(), dhMode='xyz'))
    with pytest.raises(ValueError, match="LinkDict2Robot: dhMode 'modDHKK' is not supported"):
        models.LinkDict2Robot(models.ManipulatorPANDA())
    mbs = coordyn.SystemContainer().AddSystem()
    g = mbs.AddObject(coordyn.ObjectGround())
    m = mbs.AddMarker(coordyn.MarkerBodyRigid(bodyNumber=g))
    with pytest.raises(ValueError, match="rotationMarkerBase must be a 3x3 matrix"):
        robot.CreateRedundantCoordinateMBS(mbs, m, rotationMarkerBase=np.eye(2))
    robot.referenceConfiguration = []
    with pytest.raises(ValueError, match="referenceConfiguration has 0 entries, the robot has 1"):
        robot.CreateRedundantCoordinateMBS(mbs, m)
    prism = rob.Robot()
    prism.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3), jointType='Pz'))
    with pytest.raises(ValueError, match="createJointTorqueLoads is only valid for revolute "
                                         "joints \\(link 0 has jointType 'Pz'\\)"):
        prism.CreateRedundantCoordinateMBS(mbs, m)


def test_names_coordyn_does_not_have_raise():
    robot = rob.Robot()
    robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3)))
    with pytest.raises(NotImplementedFeatureError, match="GetKinematicTree66 is not available "
                                                         "in coordyn.*use Robot.JointHT"):
        robot.GetKinematicTree66()
    from coordyn.robotics import utilities, future, rosInterface
    with pytest.raises(NotImplementedFeatureError, match="AddLidar is not available in "
                                                         "coordyn: .*GeneralContact"):
        utilities.AddLidar(None, 0, 0)
    for f in (utilities.LoadURDFrobot, utilities.GetURDFrobotData,
              utilities.GetRoboticsToolboxInternalModel):
        with pytest.raises(NotImplementedFeatureError, match="URDF import"):
            f(None, None)
    for f in (future.ComputeIK3R, future.ComputeIKPuma560, future.ComputeIKUR):
        with pytest.raises(NotImplementedFeatureError, match="DH2HT"):
            f(models.ManipulatorPuma560(), np.eye(4))
    with pytest.raises(NotImplementedFeatureError, match="roboticstoolbox"):
        future.MakeCorkeRobot({})
    with pytest.raises(NotImplementedFeatureError, match="MobileRobot2MBS is not available.*"
                                                         "CreateRollingDiscPenalty"):
        mobile.MobileRobot2MBS(None, {}, 0)
    with pytest.raises(NotImplementedFeatureError, match="ROS 1 interface"):
        rosInterface.ROSInterface()


def test_create_kinematic_tree_needs_object_kinematic_tree():
    """Runs when coordyn has ObjectKinematicTree (branch kintree); until then: a clear error."""
    robot = models.LinkDict2Robot(models.ManipulatorUR5())
    mbs = coordyn.SystemContainer().AddSystem()
    ok = getattr(coordyn, 'ObjectKinematicTree', None)
    if ok is None or hasattr(ok, '_coordyn_missing'):
        with pytest.raises(NotImplementedFeatureError, match="CreateKinematicTree is not "
                                                             "available in coordyn: it needs "
                                                             "the item ObjectKinematicTree"):
            robot.CreateKinematicTree(mbs)
        pytest.skip("coordyn has no ObjectKinematicTree yet (built on branch kintree): "
                    "CreateKinematicTree is checked for its error only")
    d = robot.CreateKinematicTree(mbs)
    assert set(d) == {'nodeGeneric', 'objectKinematicTree', 'baseObject'}


def test_mecanum_kinematics_closed_form():
    """o-configuration: w = (1/R)[vx − vy − (lx+ly)ω, vx + vy + (lx+ly)ω, vx + vy − (lx+ly)ω,
    vx − vy + (lx+ly)ω]; the pseudo-inverse recovers v."""
    R, lx, ly = 0.05, 0.2, 0.15
    mk = mobile.MobileKinematics(R, lx, ly)
    v = np.array([0.3, -0.2, 0.5])
    L = lx + ly
    w = np.array([v[0] - v[1] - L * v[2], v[0] + v[1] + L * v[2], v[0] + v[1] - L * v[2],
                  v[0] - v[1] + L * v[2]]) / R
    assert np.allclose(mk.GetWheelVelocities(v), w, atol=1e-13)
    assert np.allclose(mk.GetCartesianVelocities(w), v, atol=1e-13)
    k = np.arange(1., 6.)[:, None]        # 5 time steps, one per row (as in Exudyn, an array
    V = k * v                             # with more columns than rows is read transposed)
    assert np.allclose(mk.GetWheelVelocities(V), k * w, atol=1e-12)
    assert np.allclose(mk.GetWheelVelocities(V.T), k * w, atol=1e-12)
    assert np.allclose(mk.GetCartesianVelocities(k * w), V, atol=1e-12)
    with pytest.warns(DeprecationWarning, match="use MobileKinematics"):
        assert np.allclose(mobile.MecanumWheelVelocity2XYphi(
            mobile.MecanumXYphi2WheelVelocities(*v, R, 2 * lx, 2 * ly, 0), R, 2 * lx, 2 * ly, 0),
            v, atol=1e-13)
    with pytest.raises(ValueError, match="MobileKinematics: wheeltype must be 0"):
        mobile.MobileKinematics(R, lx, ly, wheeltype=3)
    with pytest.raises(ValueError, match="MobileKinematics: R \\(wheel radius\\) must be > 0"):
        mobile.MobileKinematics(0, lx, ly)
    with pytest.raises(ValueError, match="GetWheelVelocities: expected 3 values, got 2"):
        mk.GetWheelVelocities([1, 2])


def test_polynomial_derivatives_and_generatrix():
    a = np.array([2., -1., 0.5, 3.])        # 2x³ − x² + 0.5x + 3
    x = 0.7
    assert mobile.FunDiffPoly(x, a) == pytest.approx(6 * x * x - 2 * x + 0.5, rel=1e-15)
    assert mobile.FunDDiffPoly(x, a) == pytest.approx(12 * x - 2, rel=1e-15)
    # delta = 90°: the roll is a circle arc of the wheel: x = r sin u, y = r cos u − dRoll
    p = {'r': 0.1, 'delta': np.pi / 2, 'dRoll': 0.02}
    u = np.linspace(-0.5, 0.5, 5)
    gx, gy = mobile.GeneratrixRoll(u, p)
    assert np.allclose(gx, 0.1 * np.sin(u), atol=1e-15)
    assert np.allclose(gy, 0.1 * np.cos(u) - 0.02, atol=1e-15)
    p = {'r': 0.1, 'delta': np.pi / 4, 'dRoll': 0.07, 'lRoll': 0.05}
    mobile.Generatrix2Polynomial(p, mobile.GeneratrixRoll, tol=1e-6)
    xs = np.linspace(-0.02, 0.02, 9)
    u = np.linspace(-np.pi / 4, np.pi / 4, 20001)
    gx, gy = mobile.GeneratrixRoll(u, p)
    assert np.abs(np.polyval(p['aPoly'], xs) - np.interp(xs, gx, gy)).max() < 1e-6
    assert p['xBoundary'] == [-0.025, 0.025]


def test_mobile_against_exudyn():
    exu = pytest.importorskip("exudyn")
    if "coordyn" in exu.__file__:
        pytest.skip("exudyn is switched to coordyn in this process")
    import exudyn.robotics.mobile as xmob
    for kw in ({}, {'wheeltype': 1}, {'flagAdjusted': True, 'lcx': 0.01, 'lcy': -0.02}):
        a, b = xmob.MobileKinematics(0.05, 0.2, 0.15, **kw), mobile.MobileKinematics(
            0.05, 0.2, 0.15, **kw)
        assert np.abs(a.Jacobian - b.Jacobian).max() < 1e-14
        assert np.abs(a.GetCartesianVelocities(np.array([1., 2., 3., 4.]))
                      - b.GetCartesianVelocities(np.array([1., 2., 3., 4.]))).max() < 1e-12
    p1 = {'r': 0.1, 'delta': np.pi / 4, 'dRoll': 0.07, 'lRoll': 0.05}
    p2 = dict(p1)
    xmob.Generatrix2Polynomial(p1, xmob.GeneratrixRoll, tol=1e-8)
    mobile.Generatrix2Polynomial(p2, mobile.GeneratrixRoll, tol=1e-8)
    assert np.allclose(p1['aPoly'], p2['aPoly'], rtol=1e-10, atol=1e-12)
    assert np.allclose(p1['dyBoundary'], p2['dyBoundary'], rtol=1e-10)


def test_module_layout_matches_exudyn():
    """Each submodule has exactly Exudyn 1.13.6's __all__ (read from the installed package)."""
    exu = pytest.importorskip("exudyn")
    if "coordyn" in exu.__file__:
        pytest.skip("exudyn is switched to coordyn in this process")
    for sub in ('roboticsCore', 'motion', 'models', 'special', 'mobile', 'future',
                'utilities'):
        x = importlib.import_module('exudyn.robotics.' + sub)
        c = importlib.import_module('coordyn.robotics.' + sub)
        assert list(c.__all__) == list(x.__all__), sub
        for name in c.__all__:
            assert hasattr(c, name), (sub, name)
    assert set(rob.__all__) == set(importlib.import_module('exudyn.robotics.roboticsCore').__all__)


SWITCHED = r"""
import coordyn
coordyn.use_as_exudyn()
import exudyn
import exudyn.robotics
from exudyn.robotics import *
from exudyn.robotics.models import ManipulatorPuma560, LinkDict2Robot
from exudyn.robotics.motion import Trajectory, ProfilePTP
import exudyn.robotics.special as special, exudyn.robotics.mobile, exudyn.robotics.future
import exudyn.robotics.utilities, exudyn.robotics.rosInterface
assert exudyn.robotics is coordyn.robotics and Robot is coordyn.robotics.Robot
assert special is coordyn.robotics.special
r = LinkDict2Robot(ManipulatorPuma560())
print(round(float(r.LinkHT([0.1] * 6)[-1][0, 3]), 12))
"""


def test_switch_imports(tmp_path):
    env = {"PYTHONPATH": str(REPO / "python")}
    import os
    env = dict(os.environ, **env)
    out = subprocess.run([sys.executable, "-c", SWITCHED], capture_output=True, text=True,
                         env=env, cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    ref = models.LinkDict2Robot(models.ManipulatorPuma560()).LinkHT([0.1] * 6)[-1][0, 3]
    assert float(out.stdout.split()[-1]) == pytest.approx(ref, abs=1e-12)


def test_create_kinematic_tree_parameters_against_exudyn(monkeypatch):
    """The parameters CreateKinematicTree gives ObjectKinematicTree (recorded with a stand-in
    class while coordyn has no such item) equal those Exudyn 1.13.6 stores for the Puma560
    with PD control; jointOffsets and linkCOMs (Exudyn's GetObject fails on them) against
    Exudyn's robot data directly."""
    exu = pytest.importorskip("exudyn")
    if "coordyn" in exu.__file__:
        pytest.skip("exudyn is switched to coordyn in this process")
    import exudyn.robotics.models as xm
    import coordyn.itemInterface as eii

    recorded = {}

    def fake_tree(**kwargs):
        recorded.update(kwargs)
        return kwargs

    monkeypatch.setattr(coordyn, "ObjectKinematicTree", fake_tree, raising=False)
    monkeypatch.setattr(eii, "ObjectKinematicTree", fake_tree)
    monkeypatch.setattr(eii, "VObjectKinematicTree", lambda **kw: kw)
    mbs = coordyn.SystemContainer().AddSystem()
    monkeypatch.setattr(mbs, "AddObject", lambda item: 7 if isinstance(item, dict) else None)
    rc = models.LinkDict2Robot(models.ManipulatorPuma560())
    d = rc.CreateKinematicTree(mbs)
    assert d['objectKinematicTree'] == 7 and d['baseObject'] is None

    rx = xm.LinkDict2Robot(xm.ManipulatorPuma560())
    SC = exu.SystemContainer()
    xmbs = SC.AddSystem()
    dx = rx.CreateKinematicTree(xmbs)
    o = xmbs.GetObject(dx['objectKinematicTree'])
    for key in ('jointTransformations', 'linkInertiasCOM', 'linkMasses', 'jointPControlVector',
                'jointDControlVector', 'jointPositionOffsetVector', 'baseOffset', 'gravity',
                'linkParents'):
        assert np.abs(np.array(o[key], dtype=float)
                      - np.array(recorded[key], dtype=float)).max() < 1e-12, key
    assert [str(t).split('.')[-1] for t in o['jointTypes']] == \
        [str(t).split('.')[-1] for t in recorded['jointTypes']]
    for i, link in enumerate(rx.links):
        parent = rx.links[link.parent].localHT.HT44() if link.parent >= 0 else np.eye(4)
        H = parent @ link.preHT.HT44()
        assert np.abs(H[0:3, 3] - recorded['jointOffsets'][i]).max() < 1e-12
        com = link.localHT.HT44() @ np.hstack((link.COM, 1.))
        assert np.abs(com[0:3] - recorded['linkCOMs'][i]).max() < 1e-12
    assert mbs.GetNode(d['nodeGeneric'])['numberOfODE2Coordinates'] == 6
