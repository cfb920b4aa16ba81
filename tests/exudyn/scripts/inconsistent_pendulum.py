# An Exudyn script (unchanged Exudyn API): the pendulum of pendulum.py started with a velocity
# that has a component along the rod (the distance constraint's velocity level is violated).
# Exudyn does not check the initial state: its first step moves the velocity onto the
# constraint. Prints the final position.
import exudyn as exu
from exudyn.utilities import *  # noqa: F401,F403

SC = exu.SystemContainer()
mbs = SC.AddSystem()
L, mass = 1.0, 0.5
ground = mbs.AddObject(ObjectGround(referencePosition=[0, 0, 0]))
node = mbs.AddNode(NodePoint2D(referenceCoordinates=[L, 0], initialCoordinates=[0, 0],
                               initialVelocities=[0.3, -1.0]))
body = mbs.AddObject(MassPoint2D(physicsMass=mass, nodeNumber=node))
mGround = mbs.AddMarker(MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
mBody = mbs.AddMarker(MarkerNodePosition(nodeNumber=node))
mbs.AddObject(DistanceConstraint(markerNumbers=[mGround, mBody], distance=L))
mbs.AddLoad(Force(markerNumber=mBody, loadVector=[0, -mass * g, 0]))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 0.5
simulationSettings.timeIntegration.newton.useModifiedNewton = False
simulationSettings.timeIntegration.newton.relativeTolerance = 1e-12
simulationSettings.timeIntegration.newton.absoluteTolerance = 1e-14
simulationSettings.timeIntegration.generalizedAlpha.spectralRadius = 0.9
simulationSettings.solutionSettings.writeSolutionToFile = False
exu.SolveDynamic(mbs, simulationSettings)

p = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
exu.Print("result", repr(float(p[0])), repr(float(p[1])))
