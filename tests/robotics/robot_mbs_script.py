"""An Exudyn-style script for tests/robotics/test_redundant_mbs.py:
python robot_mbs_script.py exudyn|coordyn 3R|PANDA|TREE PDscale steps   (PDscale 0: no PD).
Prints the joint angles after 0.5 s (3R, PANDA) or the positions and rotation matrices of
all link bodies (TREE), comma separated."""
import sys

import numpy as np

engine = sys.argv[1]
if engine == 'coordyn':
    import coordyn
    coordyn.use_as_exudyn()
import exudyn as exu
from exudyn.utilities import ObjectGround, MarkerBodyRigid
import exudyn.robotics as rob
from exudyn.robotics.models import ManipulatorPANDA, Manipulator3RSimple, LinkDict2Robot

name, scale, steps = sys.argv[2], float(sys.argv[3]), int(sys.argv[4])


def ht(R=np.eye(3), p=(0, 0, 0)):
    H = np.eye(4)
    H[0:3, 0:3] = R
    H[0:3, 3] = p
    return H


def rot(axis, a):
    c, s = np.cos(a), np.sin(a)
    i, j = [(1, 2), (2, 0), (0, 1)][axis]
    R = np.eye(3)
    R[i, i], R[i, j], R[j, i], R[j, j] = c, -s, s, c
    return R


def tree_robot():
    """base and tool HTs, preHT and localHT, revolute and prismatic joints, two branches"""
    robot = rob.Robot(gravity=[0.5, -9.81, 0.2],
                      base=rob.RobotBase(HT=ht(rot(1, 0.3), [0.1, -0.2, 0.3])),
                      tool=rob.RobotTool(HT=ht(p=[0, 0, 0.12])))
    specs = [('Rz', -2, None, ht(rot(0, 0.5), [0.2, 0, 0.3])),
             ('Ry', -2, ht(rot(0, 0.4), [0.1, 0, 0.]), None),
             ('Px', -2, ht(rot(2, -0.3), [0.2, 0.1, 0]), ht(rot(1, 0.2), [0, 0.1, 0.2])),
             ('Rx', 1, None, ht(rot(2, 0.2), [0.3, 0, 0.1])),
             ('Pz', 3, ht(rot(1, 0.1), [0.05, 0.3, 0]), None),
             ('Rz', 0, ht(rot(0, 0.3), [0.2, 0.1, 0.4]), ht(rot(2, 0.3), [0, 0.2, 0]))]
    for k, (jt, parent, pre, local) in enumerate(specs):
        robot.AddLink(rob.RobotLink(mass=1 + k, COM=[0.1 * k, -0.05, 0.02 * k],
                                    inertia=np.diag([0.02, 0.03, 0.04]) + 0.001 * k,
                                    localHT=local, preHT=pre, jointType=jt, parent=parent,
                                    PDcontrol=(20. * scale, 0.5 * scale) if scale else
                                    (None, None)))
    robot.referenceConfiguration = np.array([0.2, -0.3, 0.1, 0.4, -0.05, 0.3])
    return robot


if name == 'TREE':
    robot = tree_robot()
else:
    d = ManipulatorPANDA() if name == 'PANDA' else Manipulator3RSimple()
    d['dhMode'] = 'stdDH'      # the Panda's std DH parameters (LinkDict2Robot rejects modDHKK)
    if scale:
        d['Pcontrol'] = d['Pcontrol'] * scale
        d['Dcontrol'] = d['Dcontrol'] * scale
    else:
        del d['Pcontrol']
    robot = LinkDict2Robot(d)
    robot.referenceConfiguration = np.array([0.2, -0.4, 0.3, 0.1, -0.2, 0.3, 0.5][
        :robot.NumberOfLinks()])
SC = exu.SystemContainer()
mbs = SC.AddSystem()
Hbase = robot.GetBaseHT()
Hbase = Hbase.HT44() if hasattr(Hbase, 'HT44') else Hbase
oGround = mbs.AddObject(ObjectGround(referencePosition=Hbase[0:3, 3]))
mBase = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
# the base marker's frame is the world frame: the base rotation goes to rotationMarkerBase
res = robot.CreateRedundantCoordinateMBS(mbs, baseMarker=mBase, createJointTorqueLoads=False,
                                         rotationMarkerBase=Hbase[0:3, 0:3])
mbs.Assemble()
s = exu.SimulationSettings()
s.timeIntegration.numberOfSteps = steps
s.timeIntegration.endTime = 0.5
s.timeIntegration.verboseMode = 0
s.solutionSettings.writeSolutionToFile = False
s.timeIntegration.newton.useModifiedNewton = False
s.timeIntegration.newton.relativeTolerance = 1e-12
s.timeIntegration.newton.absoluteTolerance = 1e-12
mbs.SolveDynamic(s)
n = robot.NumberOfLinks()
A = [np.array(mbs.GetNodeOutput(res['nodeList'][i], exu.OutputVariableType.RotationMatrix))
     .reshape(3, 3) for i in range(n)]
if name == 'TREE':
    out = []
    for i in range(n):
        out += list(mbs.GetNodeOutput(res['nodeList'][i], exu.OutputVariableType.Position))
        out += list(A[i].ravel())
else:
    out = []
    for i in range(n):
        Ap = A[i - 1] if i > 0 else np.eye(3)
        L = robot.GetLink(i).localHT
        L = L.HT44() if hasattr(L, 'HT44') else L
        R = Ap.T @ A[i] @ L[0:3, 0:3].T
        out.append(np.arctan2(R[1, 0], R[0, 0]))   # A_parent R_z(q) localRot = A (preHT = I)
print(",".join(repr(float(x)) for x in out))
