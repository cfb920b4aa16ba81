"""an Exudyn script that uses names of Exudyn's modules beyond utilities: the reeving-curve
helpers through a star import of exudyn.beams, names that exudyn.FEM and exudyn.lieGroupBasics
hold through their imports, and helpers of advancedUtilities and graphics"""
import numpy as np

import exudyn as exu
import exudyn.FEM as fem
import exudyn.graphics as gr
import exudyn.lieGroupBasics as lgb
from exudyn.advancedUtilities import IsSquareMatrix, userFunctionArgsDict
from exudyn.beams import *  # noqa: F403
from exudyn.utilities import *  # noqa: F403

SC = exu.SystemContainer()
mbs = SC.AddSystem()
d = CreateReevingCurve([[[0, 0], 0.3, 'L'], [[1.5, 0.2], 0.2, 'L']], closedCurve=True,
                       numberOfANCFnodes=12)
cable = ObjectANCFCable2D(massPerLength=0.5, bendingStiffness=0.02, axialStiffness=200.)
out = PointsAndSlopes2ANCFCable2D(mbs, d['ancfPointsSlopes'], d['elementLengths'], cable,
                                  massProportionalLoad=[0, -9.81, 0],
                                  fixedConstraintsNode0=[1, 1, 0, 0],
                                  elementCurvatures=d['elementCurvatures'])
mbs.Assemble()
s = exu.SimulationSettings()
s.timeIntegration.endTime = 0.02
s.timeIntegration.numberOfSteps = 20
s.timeIntegration.verboseMode = 0
s.timeIntegration.newton.useModifiedNewton = False
s.timeIntegration.newton.relativeTolerance = 1e-12
s.timeIntegration.newton.absoluteTolerance = 1e-14
s.solutionSettings.writeSolutionToFile = False
mbs.SolveDynamic(s)
p = mbs.GetNodeOutput(out[0][5], exu.OutputVariableType.Displacement)

inertia = fem.RigidBodyInertia(mass=2, inertiaTensor=np.diag([1., 2., 3.]))
R = lgb.HT2rotationMatrix(lgb.HomogeneousTransformation(
    lgb.RotXYZ2RotationMatrix([0.1, 0.2, 0.3]), [0, 0, 0]))
flags = [IsSquareMatrix(np.eye(3)), len(userFunctionArgsDict), gr.graphicsDataNormalsFactor,
         lgb.norm([3, 4]), lgb.sqrt(2), lgb.Skew([1, 2, 3])[0, 1], fem.eulerParameters0[0]]
print("result", d['totalLength'], *p, inertia.mass, *R[0], *[float(f) for f in flags])
