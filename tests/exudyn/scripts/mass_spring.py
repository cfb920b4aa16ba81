# An Exudyn script (unchanged Exudyn API): a mass on a spring-damper, 1D, solved with
# generalized-alpha; prints the final position and velocity.
import sys

import exudyn as exu
from exudyn.utilities import *  # noqa: F401,F403

SC = exu.SystemContainer()
mbs = SC.AddSystem()
m, k, d, x0 = 2.0, 800.0, 4.0, 0.05
ground = mbs.AddNode(NodePointGround(referenceCoordinates=[0, 0, 0]))
node = mbs.AddNode(NodePoint(referenceCoordinates=[1, 0, 0], initialCoordinates=[x0, 0, 0]))
mbs.AddObject(MassPoint(physicsMass=m, nodeNumber=node))
mg = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
mn = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
mbs.AddObject(CoordinateSpringDamper(markerNumbers=[mg, mn], stiffness=k, damping=d))
for c in (1, 2):
    mc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=node, coordinate=c))
    mgc = mbs.AddMarker(MarkerNodeCoordinate(nodeNumber=ground, coordinate=c))
    mbs.AddObject(CoordinateConstraint(markerNumbers=[mgc, mc]))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 1000
simulationSettings.timeIntegration.endTime = 0.5
simulationSettings.timeIntegration.newton.useModifiedNewton = False
simulationSettings.timeIntegration.generalizedAlpha.spectralRadius = 0.8
simulationSettings.solutionSettings.writeSolutionToFile = False
simulationSettings.timeIntegration.verboseMode = 0
simulationSettings.displayStatistics = False
exu.SolveDynamic(mbs, simulationSettings)

x = mbs.GetNodeOutput(node, exu.OutputVariableType.Displacement)[0]
v = mbs.GetNodeOutput(node, exu.OutputVariableType.Velocity)[0]
exu.Print("argv", sys.argv[1:])
exu.Print("result", repr(float(x)), repr(float(v)))
