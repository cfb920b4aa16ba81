# An Exudyn script (unchanged Exudyn API): a planar mathematical pendulum, a mass point on a
# distance constraint under gravity; prints the final position.
import exudyn as exu
from exudyn.utilities import *  # noqa: F401,F403
import exudyn.graphics as graphics  # noqa: F401

SC = exu.SystemContainer()
mbs = SC.AddSystem()
L, mass = 1.0, 0.5
ground = mbs.AddObject(ObjectGround(referencePosition=[0, 0, 0]))
node = mbs.AddNode(NodePoint2D(referenceCoordinates=[L, 0], initialCoordinates=[0, 0]))
body = mbs.AddObject(MassPoint2D(physicsMass=mass, nodeNumber=node))
mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
mBody = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
mbs.AddObject(DistanceConstraint(markerNumbers=[mGround, mBody], distance=L))
mbs.AddLoad(Force(markerNumber=mBody, loadVector=[0, -mass * g, 0]))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 2000
simulationSettings.timeIntegration.endTime = 1.0
simulationSettings.timeIntegration.newton.useModifiedNewton = False
simulationSettings.timeIntegration.generalizedAlpha.spectralRadius = 0.9
simulationSettings.solutionSettings.writeSolutionToFile = False
exu.SolveDynamic(mbs, simulationSettings)

p = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
exu.Print("result", repr(float(p[0])), repr(float(p[1])))
