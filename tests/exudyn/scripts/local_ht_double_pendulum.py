# An Exudyn 1.13 script (unchanged Exudyn API): a double pendulum of Tait-Bryan bodies hinged on
# a turned ground (ObjectGround referenceHT), the hinges' frames given by exu.HT in the markers'
# localHT (MarkerBodyRigid, MarkerNodeRigid), joined by GetJointArgs; prints the final
# coordinates of both bodies.
import exudyn as exu
from exudyn.utilities import *  # noqa: F401,F403
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
HG = exu.HT(Rxyz=[0.2, -0.1, 0.3], translation=[0.1, 0.2, 0])
ground = mbs.AddObject(ObjectGround(referenceHT=HG))
inertia = InertiaCuboid(density=1000, sideLengths=[0.6, 0.1, 0.1])
# body 0: its frame is the ground's turned by Rx(0.5), its centre 0.3 along its x axis
H0 = HG * exu.HT().SetRotationX(0.5) * exu.HT(translation=[0.3, 0, 0])
b0 = mbs.CreateRigidBody(inertia=inertia, referencePosition=H0.translation,
                         referenceRotationMatrix=H0.rotation, nodeType=exu.NodeType.RotationRxyz,
                         gravity=[0, -9.81, 0])
H1 = H0 * exu.HT(translation=[0.6, 0, 0])
w1 = 2 * H1.rotation[:, 1]         # turning about hinge 1 (body 0's y axis)
b1 = mbs.CreateRigidBody(inertia=inertia, referencePosition=H1.translation,
                         referenceRotationMatrix=H1.rotation, nodeType=exu.NodeType.RotationRxyz,
                         gravity=[0, -9.81, 0], initialAngularVelocity=list(w1),
                         initialVelocity=list(np.cross(w1, H1.RotateVector([0.3, 0, 0]))))
# hinge 0 about the ground's y axis: marker frames turned so that their z axis is that y axis
turn = exu.HT(rotation=RotationMatrixX(-0.5 * np.pi))
mg = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localHT=turn))
m0 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b0, localHT=exu.HT().SetRotationX(-0.5)
                                   * exu.HT(translation=[-0.3, 0, 0]) * turn))
mbs.AddObject(RevoluteJointZ(markerNumbers=[mg, m0]))
# hinge 1 about body 0's y axis, at its end: a node marker turned, and GetJointArgs
n0 = mbs.GetObject(b0)['nodeNumber']
mn = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b0, localHT=exu.HT(translation=[0.3, 0, 0])
                                   * exu.HT(rotation=RotationMatrixX(-0.5 * np.pi))))
mbs.AddObject(RevoluteJointZ(**GetJointArgs(mbs, markerNumber0=mn, bodyNumber1=b1)))
# a torsional spring between the node frame of body 0 (turned) and body 1
turnY = exu.HT(rotation=RotationMatrixX(-0.5 * np.pi))
mr0 = mbs.AddMarker(MarkerNodeRigid(nodeNumber=n0, localHT=turnY))
mr1 = mbs.AddMarker(MarkerBodyRigid(bodyNumber=b1, localHT=turnY))
mbs.AddObject(TorsionalSpringDamper(markerNumbers=[mr0, mr1], stiffness=20, damping=0.5))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 400
simulationSettings.timeIntegration.endTime = 0.4
simulationSettings.timeIntegration.newton.relativeTolerance = 1e-12
simulationSettings.timeIntegration.newton.absoluteTolerance = 1e-12
simulationSettings.solutionSettings.writeSolutionToFile = False
exu.SolveDynamic(mbs, simulationSettings)

q = list(mbs.systemData.GetODE2Coordinates())
exu.Print("result", *[repr(float(x)) for x in q])
