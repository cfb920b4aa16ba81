"""The step loop shared by the dynamic and the static solver (csrc/solvers/cd_driver.c): grid
points landed on exactly after step reductions, load steps, statistics."""
import numpy as np

import coordyn as cd
from conftest import build_pendulum, new_system


def _spring_mass():
    """a mass on a (geometrically nonlinear) spring to ground, loaded across it"""
    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=100, referenceLength=1))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[0, 5, 50],
                                           offset=[0, 0, 0]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=m1, loadVector=[0, -80, 3]))
    sens = mbs.AddSensor(cd.SensorNode(nodeNumber=n,
                                       outputVariableType=cd.OutputVariableType.Position))
    mbs.Assemble()
    return mbs, sens


def test_static_load_steps_and_statistics():
    mbs, sens = _spring_mass()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.startTime = 0.5
    s.staticSolver.numberOfLoadSteps = 4
    mbs.SolveStatic(s)
    st = mbs._core.stats()
    assert st["steps"] == 4 and st["rejectedSteps"] == 0
    assert st["minimumStepUsed"] == 0.25
    t = mbs.GetSensorStoredData(sens)[:, 0]
    assert list(t) == [0.5 + k / 4 for k in range(1, 5)]


def test_static_reduced_load_steps_record_at_nominal_steps():
    mbs, sens = _spring_mass()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.staticSolver.numberOfLoadSteps = 2
    s.staticSolver.newton.maxIterations = 3
    s.staticSolver.newton.relativeTolerance = 1e-5
    mbs.SolveStatic(s)
    st = mbs._core.stats()
    assert st["rejectedSteps"] > 0 and st["steps"] > 2
    assert st["minimumStepUsed"] < 0.5
    assert list(mbs.GetSensorStoredData(sens)[:, 0]) == [0.5, 1.0]


def test_dynamic_reduced_steps_land_on_the_grid():
    mbs = new_system()
    items = build_pendulum(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.numberOfSteps = 7
    s.timeIntegration.endTime = 3.0
    s.timeIntegration.newton.maxIterations = 4
    s.timeIntegration.errorControl.blowUpTolerance = 0   # deliberately coarse steps
    h = 3.0 / 7
    s.solutionSettings.sensorsWritePeriod = h
    mbs.SolveDynamic(s)
    st = mbs._core.stats()
    assert st["rejectedSteps"] > 0 and st["steps"] > 7 and st["minimumStepUsed"] < h
    t = mbs.GetSensorStoredData(items["pos"])[:, 0]
    assert len(t) == 8 and np.all(t == np.array([0.0] + [0.0 + k * h for k in range(1, 8)]))
