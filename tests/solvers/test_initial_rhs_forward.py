"""The consistent initial accelerations difference the velocity-level constraints forward in
time only: no user function sees a time before the start (Exudyn's TestModel
ANCFcable2DuserFunction.py takes t**0.5), and the accelerations stay exact (centripetal)."""
import numpy as np

import coordyn as cd


def _pendulum(loadfn, L=2.0, v0=3.0, g=9.81):
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, -L, 0],
                                 initialVelocities=[v0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=n))
    gr = mbs.AddObject(cd.ObjectGround())
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=L))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=m1, loadVector=[0, 0, 0],
                                   loadVectorUserFunction=loadfn))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=m1, loadVector=[0, -g, 0]))
    mbs.Assemble()
    return mbs, n


def test_no_user_function_call_before_the_start_time():
    times = []

    def load(mbs, t, loadVector):
        times.append(t)
        return [0.0, -(t ** 0.5) if t >= 0 else float("nan"), 0.0]
    mbs, n = _pendulum(load)
    ss = cd.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 10
    ss.timeIntegration.endTime = 0.01
    ss.solutionSettings.writeSolutionToFile = False
    mbs.SolveDynamic(ss)
    assert times and min(times) >= 0.0


def test_initial_accelerations_are_centripetal():
    L, v0, g = 2.0, 3.0, 9.81
    mbs, n = _pendulum(lambda mbs, t, lv: [0.0, 0.0, 0.0], L, v0, g)
    ss = cd.SimulationSettings()
    ss.timeIntegration.numberOfSteps = 1
    ss.timeIntegration.endTime = 1e-7
    ss.solutionSettings.writeSolutionToFile = False
    mbs.SolveDynamic(ss)
    a = np.asarray(mbs.GetNodeOutput(n, cd.OutputVariableType.Acceleration))
    # at the bottom: a = v0^2 / L upwards, no tangential acceleration
    assert np.allclose(a[:2], [0.0, v0 ** 2 / L], rtol=0, atol=1e-5)
