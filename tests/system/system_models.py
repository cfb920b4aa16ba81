"""The models the system-API tests build on coordyn and on Exudyn alike: each builder takes the
module (coordyn, or exudyn) and the namespace of its item classes (coordyn, or
exudyn.itemInterface), so that both get the same items in the same order."""
import numpy as np


def chain(exu, ii):
    """Two mass points on springs (ground - n0 - n1), a force on n1, a marker on a body and
    sensors of every kind that refers to other items.

    nodes:   0 ground 'g', 1 'n0' (x = 1), 2 'n1' (x = 2)
    objects: 0 'm0' (m = 1, node 1), 1 'm1' (m = 2, node 2), 2 'sp0' (markers [2, 0]),
             3 'sp1' (markers [0, 1])
    markers: 0 'mk0' (node 1), 1 'mk1' (node 2), 2 'mkg' (node 0), 3 'mkb' (body 1)
    loads:   0 'f1' (marker 1, [0, -1, 0])
    sensors: 0 's_node' (node 2), 1 's_marker' (marker 1), 2 's_object' (object 3),
             3 's_body' (body 0), 4 's_load' (load 0)"""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    OV = exu.OutputVariableType
    g = mbs.AddNode(ii.NodePointGround(name="g"))
    n0 = mbs.AddNode(ii.NodePoint(referenceCoordinates=[1, 0, 0], name="n0"))
    n1 = mbs.AddNode(ii.NodePoint(referenceCoordinates=[2, 0, 0], name="n1"))
    b0 = mbs.AddObject(ii.MassPoint(mass=1, nodeNumber=n0, name="m0"))
    mbs.AddObject(ii.MassPoint(mass=2, nodeNumber=n1, name="m1"))
    m0 = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=n0, name="mk0"))
    m1 = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=n1, name="mk1"))
    mg = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=g, name="mkg"))
    mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=1, localPosition=[0, 0, 0], name="mkb"))
    mbs.AddObject(ii.SpringDamper(markerNumbers=[mg, m0], stiffness=100, damping=0.5,
                                  referenceLength=1, name="sp0"))
    sp1 = mbs.AddObject(ii.SpringDamper(markerNumbers=[m0, m1], stiffness=50, damping=0.2,
                                        referenceLength=1, name="sp1"))
    f = mbs.AddLoad(ii.Force(markerNumber=m1, loadVector=[0, -1, 0], name="f1"))
    kw = dict(storeInternal=True, writeToFile=False)
    mbs.AddSensor(ii.SensorNode(nodeNumber=n1, outputVariableType=OV.Position, name="s_node",
                                **kw))
    mbs.AddSensor(ii.SensorMarker(markerNumber=m1, outputVariableType=OV.Position,
                                  name="s_marker", **kw))
    mbs.AddSensor(ii.SensorObject(objectNumber=sp1, outputVariableType=OV.Force,
                                  name="s_object", **kw))
    mbs.AddSensor(ii.SensorBody(bodyNumber=b0, outputVariableType=OV.Velocity, name="s_body",
                                **kw))
    mbs.AddSensor(ii.SensorLoad(loadNumber=f, name="s_load", **kw))
    return SC, mbs


def pendulum(exu, ii):
    """A mass point on a distance constraint (a multiplier) with a spring to a second mass and
    gravity: ODE2 coordinates and AE coordinates for the state tests.

    nodes: 0 ground, 1 'p' (x = 1), 2 'q' (x = 1, y = -1); objects: 0 mass 'mp', 1 mass 'mq',
    2 'link' (distance constraint ground - p), 3 'spring' (p - q)"""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddNode(ii.NodePointGround(name="g"))
    p = mbs.AddNode(ii.NodePoint(referenceCoordinates=[1, 0, 0], initialVelocities=[0, 0.5, 0],
                                 name="p"))
    q = mbs.AddNode(ii.NodePoint(referenceCoordinates=[1, -1, 0], name="q"))
    mbs.AddObject(ii.MassPoint(mass=1, nodeNumber=p, name="mp"))
    mbs.AddObject(ii.MassPoint(mass=0.5, nodeNumber=q, name="mq"))
    mg = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=g))
    mp = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=p))
    mq = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=q))
    mbs.AddObject(ii.DistanceConstraint(markerNumbers=[mg, mp], distance=1, name="link"))
    mbs.AddObject(ii.SpringDamper(markerNumbers=[mp, mq], stiffness=200, damping=1,
                                  referenceLength=1, name="spring"))
    mbs.AddLoad(ii.Force(markerNumber=mp, loadVector=[0, -9.81, 0]))
    mbs.AddLoad(ii.Force(markerNumber=mq, loadVector=[0, -9.81 * 0.5, 0]))
    mbs.AddSensor(ii.SensorNode(nodeNumber=q, storeInternal=True, writeToFile=False,
                                outputVariableType=exu.OutputVariableType.Position))
    mbs.AddSensor(ii.SensorObject(objectNumber=2, storeInternal=True, writeToFile=False,
                                  outputVariableType=exu.OutputVariableType.Force))
    return SC, mbs


def settings(exu, t0, t1, steps):
    s = exu.SimulationSettings()
    s.timeIntegration.startTime = t0
    s.timeIntegration.endTime = t1
    s.timeIntegration.numberOfSteps = steps
    s.solutionSettings.writeSolutionToFile = False
    s.solutionSettings.sensorsWritePeriod = (t1 - t0) / steps
    s.timeIntegration.verboseMode = 0
    return s


def same_value(a, b):
    """values of two item dicts agree (numbers exactly, arrays elementwise, enums by name)"""
    if hasattr(a, "name") and hasattr(b, "name"):
        return a.name == b.name
    if isinstance(a, str) or isinstance(b, str):
        return str(a) == str(b)
    return np.array_equal(np.asarray(a, dtype=float), np.asarray(b, dtype=float))
