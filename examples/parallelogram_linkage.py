"""A parallelogram linkage of 40 identical cranks on one coupler: a redundant mechanism.

Forty cranks (uniform bars, mass m_c, length L; pivots on the ground every d along x) carry one
coupler (mass m_p). Two cranks and the coupler make a four-bar; each further crank adds a body
(3 coordinates) and two revolute joints (4 equations), so the Gruebler count is
3 * 41 - 4 * 40 = -37, while the linkage moves with one degree of freedom: 38 of its 160
constraint equations depend on the others. Where all cranks are horizontal (theta = k pi) the
linkage also passes a singular configuration, where a crank tip can move only across the crank.

The script
1. prints the degree-of-freedom report (Gruebler count, numerical mobility, redundant
   equations named by joint and axis);
2. simulates 4 s with gravity, the cranks turning through the horizontal configurations six
   times. The solver removes the 38 dependent equations from its Newton matrix and says so in
   one RedundantConstraintWarning; the multipliers it reports are the minimum-norm ones;
3. compares the crank angle with the hand-derived one-degree-of-freedom equation
       I theta'' = -g S cos(theta),  I = N m_c L^2 / 3 + m_p L^2,  S = N m_c L / 2 + m_p L
   (the coupler translates on a circle of radius L), integrated by scipy;
4. checks the reactions: the cranks together push the coupler with m_p (a + g), in equal
   shares.
"""
import math
import warnings

import numpy as np
from scipy.integrate import solve_ivp

import coordyn as cd

N, L, D, M_C, M_P, G, OMEGA0 = 40, 1.0, 0.4, 1.0, 2.0, 9.81, 2.0


def build(n=N):
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    width = D * (n - 1)
    nc = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[width / 2, L, 0],
                                        initialVelocities=[-OMEGA0 * L, 0, 0]))
    coupler = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=nc, mass=M_P,
                                                 inertia=M_P * width ** 2 / 12, name="coupler"))
    bodies, crank_nodes, crank_joints = [coupler], [], []
    for k in range(n):
        # crank k: vertical at the start, turning at OMEGA0 about its pivot (k D, 0)
        nk = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[k * D, L / 2, math.pi / 2],
                                            initialVelocities=[-OMEGA0 * L / 2, 0, OMEGA0]))
        b = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=nk, mass=M_C, inertia=M_C * L * L / 12,
                                               name=f"crank body {k}"))
        bodies.append(b)
        crank_nodes.append(nk)
        pivot = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[k * D, 0, 0]))
        foot = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[-L / 2, 0, 0]))
        tip = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[L / 2, 0, 0]))
        hole = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=coupler,
                                                localPosition=[k * D - width / 2, 0, 0]))
        mbs.AddObject(cd.ObjectJointRevolute2D(markerNumbers=[pivot, foot], name=f"pivot{k}"))
        crank_joints.append(mbs.AddObject(cd.ObjectJointRevolute2D(markerNumbers=[tip, hole],
                                                                   name=f"crank{k}")))
    for b in bodies:
        mbs.AddLoad(cd.LoadMassProportional(
            markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)), loadVector=[0, -G, 0]))
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=crank_nodes[0], storeInternal=True,
                                         outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    return mbs, sensor, crank_joints


def one_dof(t_eval, n=N):
    """theta, theta', theta'' of the hand-derived equation"""
    inertia = n * M_C * L * L / 3 + M_P * L * L
    S = n * M_C * L / 2 + M_P * L
    sol = solve_ivp(lambda t, y: [y[1], -G * S * math.cos(y[0]) / inertia], (0, t_eval[-1]),
                    [math.pi / 2, OMEGA0], t_eval=t_eval, rtol=1e-12, atol=1e-12)
    th, om = sol.y
    return th, om, -G * S * np.cos(th) / inertia


def main(steps=2000, end=4.0, verbose=True):
    mbs, sensor, crank_joints = build()
    report = mbs.ComputeDegreeOfFreedomReport()
    if verbose:
        print(report)
    sim = cd.SimulationSettings()
    sim.timeIntegration.numberOfSteps = steps
    sim.timeIntegration.endTime = end
    sim.solutionSettings.sensorsWritePeriod = end / 200
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", cd.RedundantConstraintWarning)
        mbs.SolveDynamic(sim)
    notes = [str(w.message) for w in caught
             if issubclass(w.category, cd.RedundantConstraintWarning)]
    data = mbs.GetSensorStoredData(sensor)
    theta = math.pi / 2 + data[:, 3]
    th, om, al = one_dof(data[:, 0])
    error = float(np.abs(theta - th).max())
    # the coupler's reaction from the cranks at the end: m_p (a + g), a on a circle of radius L
    a = L * (al[-1] * np.array([-math.sin(th[-1]), math.cos(th[-1])])
             - om[-1] ** 2 * np.array([math.cos(th[-1]), math.sin(th[-1])]))
    expected = M_P * (a + np.array([0.0, G]))
    forces = np.array([mbs.GetObjectOutput(j, cd.OutputVariableType.Force)[:2]
                       for j in crank_joints])
    total = -forces.sum(axis=0)  # lambda acts on the crank tip, -lambda on the coupler
    spread = float(np.abs(forces - forces.mean(axis=0)).max() / np.abs(forces).max())
    if verbose:
        print(f"solver: {notes[0] if notes else 'no redundant-constraint warning'}")
        print(f"crank angle turned {theta[-1] - theta[0]:.3f} rad "
              f"({int((theta[-1]) // math.pi) - 0} horizontal passes); "
              f"largest difference to the one-DOF equation {error:.2e} rad")
        print(f"coupler reaction from the cranks {total} N, expected {expected} N; "
              f"shares differ by {spread:.1e} (relative)")
    return dict(report=report, warnings=notes, error=error, turned=theta[-1] - theta[0],
                reaction=total, expected=expected, spread=spread)


if __name__ == "__main__":
    main()
