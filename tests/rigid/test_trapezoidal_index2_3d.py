"""The trapezoidal rule with index-2 (velocity-level) constraints on a spatial mechanism: two
cuboids (density 5000; 1 x 0.1 x 0.1 m on a revolute joint about z to the ground, 0.1 x 0.1 x
1 m on a revolute joint about x at its tip; the set-up of Exudyn's rigidBodyTutorial3) under
gravity, h = 1e-3, 4 s. The joints' rotation rows used to lose a constraint at a quarter turn
about the free axis, and the index-2 solve then drifted off the joint and lost up to 280 J;
now the energy is kept as well as by generalized-alpha."""
import numpy as np
import pytest

import coordyn as cd
from conftest import new_system

G = [0, -9.81, 0]
SIZES = ([1, 0.1, 0.1], [0.1, 0.1, 1])


def solve(node_type, solver):
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    bodies = []
    for size, pos in zip(SIZES, ([0.5, 0, 0], [1, 0, -0.5])):
        inertia = cd.InertiaCuboid(density=5000, sideLengths=size)
        bodies.append(mbs.CreateRigidBody(inertia=inertia, referencePosition=pos, gravity=G,
                                          nodeType=node_type, returnDict=True))
    mbs.CreateRevoluteJoint(bodyNumbers=[ground, bodies[0]["bodyNumber"]], position=[0, 0, 0],
                            axis=[0, 0, 1])
    mbs.CreateRevoluteJoint(bodyNumbers=[bodies[0]["bodyNumber"], bodies[1]["bodyNumber"]],
                            position=[1, 0, 0], axis=[1, 0, 0])
    ov = cd.OutputVariableType
    sens = [[mbs.AddSensor(cd.SensorNode(nodeNumber=b["nodeNumber"], outputVariableType=v))
             for v in (ov.Position, ov.Velocity, ov.AngularVelocity, ov.RotationMatrix)]
            for b in bodies]
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 4000
    s.timeIntegration.endTime = 4
    s.solutionSettings.sensorsWritePeriod = 1e-3
    s.progressBar = False
    mbs.SolveDynamic(s, solverType=solver)
    data = [[mbs.GetSensorStoredData(k)[:, 1:] for k in b] for b in sens]
    energy = 0
    for size, (p, v, w, A) in zip(SIZES, data):
        inertia = cd.InertiaCuboid(density=5000, sideLengths=size)
        m, J = inertia.Mass(), np.asarray(inertia.InertiaCOM())
        wl = np.einsum("nji,nj->ni", A.reshape(-1, 3, 3), w)   # body-frame angular velocity
        energy = energy + 0.5 * m * (v ** 2).sum(1) + 0.5 * np.einsum("ni,ij,nj->n", wl, J, wl) \
            - m * p @ G
    A0, A1 = (d[3].reshape(-1, 3, 3) for d in data)
    axis = np.einsum("nji,nj->ni", A0, A1[:, :, 0])   # body 1's x axis in body 0's frame
    return energy, axis, data[1][0][-1]


@pytest.mark.parametrize("node_type", [cd.NodeType.RotationEulerParameters,
                                       cd.NodeType.RotationRotationVector])
def test_trapezoidal_index2_keeps_energy_and_joints(node_type):
    E, axis, p_end = solve(node_type, cd.DynamicSolverType.TrapezoidalIndex2)
    assert np.abs(E - E[0]).max() < 0.01       # J; the potential energy changes by ~500 J
    np.testing.assert_allclose(axis, np.tile([1.0, 0, 0], (len(axis), 1)), atol=1e-4)
    Eg, axis_g, p_ga = solve(node_type, cd.DynamicSolverType.GeneralizedAlpha)
    assert np.abs(Eg - Eg[0]).max() < 0.01
    # both integrators are second order; their difference is the step's error, not a drift
    assert np.abs(p_end - p_ga).max() < 1e-3
