"""Rigid chain: N 3D rigid bodies on revolute joints swinging under gravity.

N bars (NodeRigidBodyEP + ObjectRigidBody: Euler parameters, seven coordinates and one
normalization constraint per body) are hinged end to end by RevoluteJointZ joints; the first
one to the ground at the origin. Every joint keeps its two points together and the two z axes
parallel, so the chain can only swing in the x-y plane. It starts straight and at rest, tilted
30 degrees below the horizontal, and falls under gravity (-y) for 2 s.

      O
       `.__                         bar k: length L, node at its centre,
           `.__                     joints at local (-L/2, 0, 0) and (+L/2, 0, 0)
               `.__  ... N bars
                    `

Checks, independent of the joint's own bookkeeping:
- every joint: the end of bar k and the start of bar k+1, read from body sensors at their local
  points, coincide (and the first bar's start stays at O) to 1e-10 at every step;
- the motion stays planar: every node has z = 0 and its body z axis stays the global z axis;
- energy: the motion conserves the total energy (kinetic, with the full 3D rotational part,
  plus potential). Generalized-alpha with rho = 0.9 dissipates a little, never adds energy:
  E(t) stays below E(0). The deficit is not monotone in t (it also carries the O(h^2) error of
  the method, which comes and goes with the motion); it stays below 5e-5 of m_total g N L / 2
  and shrinks by about 4 when h is halved.
"""
import numpy as np

import coordyn as cd

OV = cd.OutputVariableType

N = 20                    # number of bars
L = 0.1                   # bar length [m]
m = 0.2                   # bar mass [kg]
r = 0.005                 # bar radius [m] (for the inertia about its own axis)
g = 9.81                  # gravity [m/s^2] in -y
tilt = np.radians(-30)    # initial angle of the straight chain from +x
# inertia of a slender cylinder about its centre, axis along body x
J = np.diag([m * r**2 / 2, m * L**2 / 12, m * L**2 / 12])


def ep_z(angle):
    """Euler parameters of a rotation by angle about z."""
    return [np.cos(angle / 2), 0, 0, np.sin(angle / 2)]


def node_sensor(mbs, node, variable):
    return mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=variable))


def point_sensor(mbs, body, local):
    """the global position of a body point (local coordinates)"""
    return mbs.AddSensor(cd.SensorBody(bodyNumber=body, localPosition=local,
                                       outputVariableType=OV.Position))


def build(mbs):
    """Add the chain to mbs; returns the bodies and their sensors."""
    ground = mbs.AddObject(cd.ObjectGround())
    direction = np.array([np.cos(tilt), np.sin(tilt), 0])
    bodies, sensors = [], []
    # the joint frames: rotationMarker0/1 default to identity, so the joint's z axis is the
    # body z axis of each bar; the ground marker at the origin starts the chain
    previous = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
    for k in range(N):
        centre = (k + 0.5) * L * direction
        node = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[*centre, *ep_z(tilt)]))
        body = mbs.AddObject(cd.RigidBody(mass=m, nodeNumber=node,
                                          inertia=[J[0, 0], J[1, 1], J[2, 2], 0, 0, 0]))
        start = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[-L / 2, 0, 0]))
        mbs.AddObject(cd.RevoluteJointZ(markerNumbers=[previous, start]))
        previous = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[L / 2, 0, 0]))
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                               loadVector=[0, -g, 0]))
        bodies.append(body)
        sensors.append({"start": point_sensor(mbs, body, [-L / 2, 0, 0]),
                        "end": point_sensor(mbs, body, [L / 2, 0, 0]),
                        # the node is the centre of mass
                        "position": node_sensor(mbs, node, OV.Position),
                        "velocity": node_sensor(mbs, node, OV.Velocity),
                        "omega": node_sensor(mbs, node, OV.AngularVelocity),     # global
                        "rotation": node_sensor(mbs, node, OV.RotationMatrix)})  # body -> global
    return bodies, sensors


def main(steps=2000, end_time=2.0):
    mbs = cd.SystemContainer().AddSystem()
    bodies, sensors = build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.solutionSettings.sensorsWritePeriod = end_time / steps   # store every step
    mbs.SolveDynamic(s)

    def data(k, name):
        return mbs.GetSensorStoredData(sensors[k][name])[:, 1:]

    t = mbs.GetSensorStoredData(sensors[0]["position"])[:, 0]
    # joint residuals: |start of bar 0|, |end of bar k - start of bar k+1|
    joint = np.linalg.norm(data(0, "start"), axis=1).max()
    for k in range(N - 1):
        joint = max(joint, np.linalg.norm(data(k, "end") - data(k + 1, "start"), axis=1).max())
    # planarity: z of every node, and the body z axis (third column of A) = global z
    z = max(np.abs(data(k, "position")[:, 2]).max() for k in range(N))
    tilt_z = max(np.abs(data(k, "rotation")[:, [2, 5, 8]] - [0, 0, 1]).max() for k in range(N))
    # energy: sum of m |v|^2 / 2 + w_body . J w_body / 2 + m g y (node = centre of mass)
    E = np.zeros(len(t))
    for k in range(N):
        A = data(k, "rotation").reshape(-1, 3, 3)
        wb = np.einsum("kji,kj->ki", A, data(k, "omega"))      # A^T w: body angular velocity
        E += (0.5 * m * np.sum(data(k, "velocity")**2, axis=1)
              + 0.5 * np.einsum("ki,ij,kj->k", wb, J, wb) + m * g * data(k, "position")[:, 1])
    dE = E - E[0]
    scale = N * m * g * N * L / 2      # m_total g (N L) / 2 = 39 J: a natural energy scale
    tip = data(N - 1, "end")
    result = {"joint": float(joint), "z": float(max(z, tilt_z)),
              "energy_gain": float(np.max(dE)) / scale, "energy_loss": float(-np.min(dE)) / scale,
              "tip_speed": float(np.max(np.linalg.norm(np.gradient(tip, t, axis=0), axis=1)))}

    st = mbs.GetSolverStatistics()
    sd = mbs.systemData
    print(f"chain of {N} rigid bodies (Euler parameters) on RevoluteJointZ: "
          f"{sd.NumberOfODE2Coordinates()} coordinates, {sd.NumberOfAECoordinates()} algebraic "
          f"(an Euler-parameter norm per body, 6 per joint: 5 equations and lambda = 0 for the "
          f"free rotation)")
    print(f"h = {end_time / steps:g} s, rho = 0.9, {end_time} s")
    print(f"largest joint gap |p_end(k) - p_start(k+1)|: {joint:.1e} m")
    print(f"largest out-of-plane z: {z:.1e} m, largest tilt of a body z axis: {tilt_z:.1e}")
    print(f"tip: reaches {result['tip_speed']:.2f} m/s; ends at ({tip[-1, 0]:+.4f}, "
          f"{tip[-1, 1]:+.4f}) m")
    print(f"energy (E0 = {E[0]:.5f} J): largest gain {np.max(dE):.1e} J, largest loss "
          f"{-np.min(dE):.2e} J (at t = {t[np.argmin(dE)]:.3f} s) = {result['energy_loss']:.1e} "
          f"of {scale:.3f} J, at {end_time} s {-dE[-1]:.2e} J")
    print(f"{st['steps']} steps, {st['newtonIterations']} Newton iterations, "
          f"{st['cpuTime']:.2f} s")
    return result


if __name__ == "__main__":
    main()
