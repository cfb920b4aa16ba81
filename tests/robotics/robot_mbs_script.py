"""An Exudyn-style script for tests/robotics/test_redundant_mbs.py:
python robot_mbs_script.py exudyn|coordyn 3R|PANDA PDscale   (PDscale 0: no PD control).
Prints the joint angles after 0.5 s, comma separated."""
import sys

import numpy as np

engine = sys.argv[1]
if engine == 'coordyn':
    import coordyn; coordyn.use_as_exudyn()
import exudyn as exu
from exudyn.utilities import ObjectGround, MarkerBodyRigid
from exudyn.robotics.models import ManipulatorPANDA, Manipulator3RSimple, LinkDict2Robot
name, scale = sys.argv[2], float(sys.argv[3])
d = ManipulatorPANDA() if name == 'PANDA' else Manipulator3RSimple()
d['dhMode'] = 'stdDH'      # the Panda's std DH parameters (LinkDict2Robot rejects modDHKK)
if scale:
    d['Pcontrol'] = d['Pcontrol'] * scale
    d['Dcontrol'] = d['Dcontrol'] * scale
else:
    del d['Pcontrol']
robot = LinkDict2Robot(d)
robot.referenceConfiguration = np.array([0.2, -0.4, 0.3, 0.1, -0.2, 0.3, 0.5][:robot.NumberOfLinks()])
SC = exu.SystemContainer(); mbs = SC.AddSystem()
oGround = mbs.AddObject(ObjectGround())
mBase = mbs.AddMarker(MarkerBodyRigid(bodyNumber=oGround, localPosition=[0, 0, 0]))
res = robot.CreateRedundantCoordinateMBS(mbs, baseMarker=mBase, createJointTorqueLoads=False)
mbs.Assemble()
s = exu.SimulationSettings()
s.timeIntegration.numberOfSteps = int(sys.argv[4]) if len(sys.argv) > 4 else 500
s.timeIntegration.endTime = 0.5
s.timeIntegration.verboseMode = 0
s.timeIntegration.newton.useModifiedNewton = False
s.timeIntegration.newton.relativeTolerance = 1e-12
s.timeIntegration.newton.absoluteTolerance = 1e-12
mbs.SolveDynamic(s)
n = robot.NumberOfLinks()
A = [np.array(mbs.GetNodeOutput(res['nodeList'][i], exu.OutputVariableType.RotationMatrix)).reshape(3, 3) for i in range(n)]
q = []
for i in range(n):
    Ap = A[i-1] if i > 0 else np.eye(3)
    L = robot.GetLink(i).localHT
    L = L.HT44() if hasattr(L, 'HT44') else L
    R = Ap.T @ A[i] @ L[0:3, 0:3].T
    q.append(np.arctan2(R[1, 0], R[0, 0]))   # A_parent R_z(q) localRot = A (preHT = I)
print(",".join(repr(float(x)) for x in q))
