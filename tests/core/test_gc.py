"""Garbage collection of systems: a user function that closes over its MainSystem makes a
reference cycle (MainSystem -> engine system -> item -> function -> MainSystem) that only the
cycle collector can free, through the engine system's traversal."""
import gc
import weakref

import numpy as np

import coordyn as cd


def _system_with_closure(solve):
    """A mass point pushed by a load whose user function reads mbs.variables (a closure over
    mbs); returns a weak reference to mbs and the final x position if solved."""
    mbs = cd.SystemContainer().AddSystem()
    mbs.variables["force"] = 2.0
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(cd.Force(markerNumber=m, loadVectorUserFunction=lambda mbs_, t, v:
                         [mbs.variables["force"], 0, 0]))
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=n,
                                         outputVariableType=cd.OutputVariableType.Position))
    mbs.Assemble()
    x = None
    if solve:
        s = cd.SimulationSettings()
        s.progressBar = False
        mbs.SolveDynamic(s)
        x = mbs.GetSensorStoredData(sensor)[-1, 1]
    return weakref.ref(mbs), x


def test_system_with_closure_over_itself_is_collected():
    ref, _ = _system_with_closure(solve=False)
    gc.collect()
    assert ref() is None


def test_solved_system_with_closure_is_collected_and_solved_right():
    ref, x = _system_with_closure(solve=True)
    # x = F t^2 / (2 m) at t = 1 (constant force 2 N on 1 kg from rest)
    assert abs(x - 1.0) < 1e-10
    gc.collect()
    assert ref() is None


def test_collection_while_alive_keeps_user_functions_working():
    mbs = cd.SystemContainer().AddSystem()
    calls = []
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=2, nodeNumber=n))
    m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddLoad(cd.Force(markerNumber=m, loadVectorUserFunction=lambda mbs_, t, v:
                         (calls.append(t), [0, 4.0, 0])[1]))
    mbs.Assemble()
    gc.collect()
    s = cd.SimulationSettings()
    s.progressBar = False
    mbs.SolveDynamic(s)
    assert calls
    # y = F t^2 / (2 m) = 4 / 4 = 1 at t = 1
    np.testing.assert_allclose(mbs.GetNodeOutput(n, cd.OutputVariableType.Position),
                               [0, 1.0, 0], atol=1e-10)
