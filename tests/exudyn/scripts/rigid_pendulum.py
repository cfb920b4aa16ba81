# An Exudyn script (unchanged Exudyn API): a 3D rigid body on a spherical joint (Euler
# parameters), started spinning, with a sensor; prints the final position and the sensor.
import exudyn as exu
from exudyn.utilities import *  # noqa: F401,F403
import exudyn.graphics as graphics
import numpy as np

SC = exu.SystemContainer()
mbs = SC.AddSystem()
inertia = InertiaCuboid(density=1000, sideLengths=[0.4, 0.1, 0.1])
A0 = RotationMatrixZ(0.3) @ RotationMatrixX(0.1)
ep0 = RotationMatrix2EulerParameters(A0)
p0 = A0 @ np.array([0.2, 0, 0])
omega0 = [0, 2.0, 5.0]
node = mbs.AddNode(NodeRigidBodyEP(referenceCoordinates=list(p0) + list(ep0),
                                   initialVelocities=list(np.cross(omega0, p0))
                                   + list(AngularVelocity2EulerParameters_t(omega0, ep0))))
body = mbs.AddObject(RigidBody(physicsMass=inertia.Mass(),
                               physicsInertia=inertia.GetInertia6D(), nodeNumber=node,
                               visualization=VRigidBody(graphicsData=[graphics.Brick(
                                   size=[0.4, 0.1, 0.1], color=graphics.color.red)])))
ground = mbs.AddObject(ObjectGround())
mGround = mbs.AddMarker(MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
mBody = mbs.AddMarker(MarkerBodyRigid(bodyNumber=body, localPosition=[-0.2, 0, 0]))
mbs.AddObject(SphericalJoint(markerNumbers=[mGround, mBody]))
mbs.AddLoad(Gravity(markerNumber=mbs.AddMarker(MarkerBodyMass(bodyNumber=body)),
                    loadVector=[0, -g, 0]))
sensor = mbs.AddSensor(SensorBody(bodyNumber=body, storeInternal=True,
                                  outputVariableType=exu.OutputVariableType.AngularVelocity))
mbs.Assemble()

simulationSettings = exu.SimulationSettings()
simulationSettings.timeIntegration.numberOfSteps = 500
simulationSettings.timeIntegration.endTime = 0.5
simulationSettings.timeIntegration.newton.useModifiedNewton = False
simulationSettings.solutionSettings.writeSolutionToFile = False
simulationSettings.solutionSettings.sensorsWritePeriod = 0.1
exu.SolveDynamic(mbs, simulationSettings)

p = mbs.GetNodeOutput(node, exu.OutputVariableType.Position)
w = mbs.GetSensorStoredData(sensor)[-1, 1:]
exu.Print("result", *[repr(float(x)) for x in list(p) + list(w)])
