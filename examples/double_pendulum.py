"""Double pendulum: two rigid bars on revolute joints, against Lagrange's equations.

Two uniform bars (NodeRigidBody2D + ObjectRigidBody2D, coordinates [x, y, phi]) hang in a
chain: bar 1 from a ground pivot O, bar 2 from the free end P of bar 1. Both start horizontal,
at rest, and swing 2 s under gravity.

    O=======P=======      (t = 0: both bars along +x)
      bar 1   bar 2

Each node sits at its bar's centre of mass; the body angle phi is 0 when the bar points along
+x. With theta the angle of a bar from the downward vertical, theta = phi + pi/2. The same
system in the two angles (Lagrange's equations, c = cos(theta1 - theta2), s = sin(...)):

    M11 theta1'' + M12 theta2'' + k s theta2'^2 + (m1 a1 + m2 L1) g sin theta1 = 0
    M12 theta1'' + M22 theta2'' - k s theta1'^2 + m2 a2 g sin theta2            = 0

with M11 = I1 + m1 a1^2 + m2 L1^2, M22 = I2 + m2 a2^2, M12 = k c, k = m2 L1 a2 (a = L/2: the
distance of a centre of mass from its bar's upper joint; I about the centre of mass) is
integrated by scipy (rtol 1e-10) and compared with coordyn's angles at every step. The
generalized-alpha method is second order: the error shrinks by 4 when h is halved. The
script also prints the drift of the total energy (the motion conserves it; generalized-alpha
with rho = 0.9 damps a little).
"""
import numpy as np
from scipy.integrate import solve_ivp

import coordyn as cd

OV = cd.OutputVariableType

L1, L2 = 1.0, 0.8               # bar lengths [m]
m1, m2 = 1.0, 0.6               # masses [kg]
I1, I2 = m1 * L1**2 / 12, m2 * L2**2 / 12   # moments of inertia about the centres [kg m^2]
g = 9.81                        # gravity [m/s^2] in -y
end_time = 2.0


def build(mbs):
    """Add the double pendulum to mbs; returns the sensors of both bars."""
    ground = mbs.AddObject(cd.ObjectGround())
    bars = []
    x_pivot = 0.0
    for L, m, I in ((L1, m1, I1), (L2, m2, I2)):
        # the node at the centre of the bar, which starts horizontal (phi = 0)
        node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[x_pivot + L / 2, 0, 0]))
        body = mbs.AddObject(cd.RigidBody2D(mass=m, inertia=I, nodeNumber=node))
        bars.append((node, body, L, m, I))
        x_pivot += L

    # revolute joints: the upper end of each bar (local (-L/2, 0)) stays on the point above it
    # (the ground origin O, the lower end of bar 1 = P)
    (n1, b1, *_), (n2, b2, *_) = bars
    joints = [(mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)), b1, L1),
              (mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b1, localPosition=[L1 / 2, 0, 0])),
               b2, L2)]
    for marker0, body, L in joints:
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
            marker0, mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body,
                                                      localPosition=[-L / 2, 0, 0]))]))

    sensors = []
    for node, body, L, m, I in bars:
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                               loadVector=[0, -g, 0]))
        sensors.append({v: mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=v))
                        for v in (OV.Rotation, OV.Position, OV.Velocity, OV.AngularVelocity)})
    return sensors


def lagrange(t, y):
    """The double pendulum in the angles from the vertical, y = (theta1, theta2, w1, w2)."""
    th1, th2, w1, w2 = y
    a1, a2 = L1 / 2, L2 / 2
    k = m2 * L1 * a2
    c, s = np.cos(th1 - th2), np.sin(th1 - th2)
    M = np.array([[I1 + m1 * a1**2 + m2 * L1**2, k * c], [k * c, I2 + m2 * a2**2]])
    rhs = -np.array([k * s * w2**2 + (m1 * a1 + m2 * L1) * g * np.sin(th1),
                     -k * s * w1**2 + m2 * a2 * g * np.sin(th2)])
    return [w1, w2, *np.linalg.solve(M, rhs)]


def energy(mbs, sensors):
    """Kinetic + potential energy of both bars at every stored step."""
    E = 0.0
    for (m, I), s in zip(((m1, I1), (m2, I2)), sensors):
        v = mbs.GetSensorStoredData(s[OV.Velocity])[:, 1:3]
        w = mbs.GetSensorStoredData(s[OV.AngularVelocity])[:, 3]
        y = mbs.GetSensorStoredData(s[OV.Position])[:, 2]
        E = E + 0.5 * m * np.sum(v**2, axis=1) + 0.5 * I * w**2 + m * g * y
    return E


def main(steps=2000):
    mbs = cd.SystemContainer().AddSystem()
    sensors = build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.solutionSettings.sensorsWritePeriod = end_time / steps   # store every step
    mbs.SolveDynamic(s)

    # angles from the vertical: theta = phi + pi/2 (Rotation of a 2D node = [0, 0, phi])
    t = mbs.GetSensorStoredData(sensors[0][OV.Rotation])[:, 0]
    theta = np.stack([mbs.GetSensorStoredData(sk[OV.Rotation])[:, 3] + np.pi / 2
                      for sk in sensors], axis=1)
    exact = solve_ivp(lagrange, (0, end_time), [np.pi / 2, np.pi / 2, 0, 0], t_eval=t,
                      rtol=1e-10, atol=1e-12, method="DOP853").y[:2].T
    error = float(np.max(np.abs(theta - exact)))
    E = energy(mbs, sensors)
    drift = E - E[0]
    scale = (m1 * L1 / 2 + m2 * (L1 + L2 / 2)) * g   # potential energy lost when hanging down
    result = {"angle": error, "energy_gain": float(np.max(drift)) / scale,
              "energy_loss": float(-drift[-1]) / scale}

    h = end_time / steps
    print(f"double pendulum L = {L1}, {L2} m, m = {m1}, {m2} kg; h = {h:g} s, rho = 0.9")
    print(f"theta1(2 s) = {theta[-1, 0]:+.8f} rad (Lagrange/scipy {exact[-1, 0]:+.8f})")
    print(f"theta2(2 s) = {theta[-1, 1]:+.8f} rad (Lagrange/scipy {exact[-1, 1]:+.8f})")
    print(f"max |theta - Lagrange| over {end_time} s: {error:.2e} rad")
    print(f"energy: E(0) = {E[0]:.6f} J, largest gain {np.max(drift):.2e} J, "
          f"loss at {end_time} s {-drift[-1]:.2e} J (of {scale:.3f} J)")
    return result


if __name__ == "__main__":
    main()
