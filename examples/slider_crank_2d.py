"""Slider-crank: a crank turned at constant speed pushes a slider through a connecting rod.

Three planar rigid bodies (NodeRigidBody2D + ObjectRigidBody2D, coordinates [x, y, phi]):

    crank   node at the ground pivot O, centre of mass at its middle, length r
    rod     node at its centre of mass, length l, pinned to the crank at P and to the slider
    slider  node at the slider pin S, kept on the x axis without rotation

              P
              o._           rod (length l)
       crank /    `-._
        (r) /          `-._
           / theta         `-._
    ------O--------------------[S]------> x      theta = omega t

Joints: RevoluteJoint2D at O (ground-crank), P (crank-rod) and S (rod-slider); the slider is
kept on the x axis by two CoordinateConstraints (y = 0 and phi = 0). The drive is a
CoordinateConstraint that prescribes the crank's rotation coordinate, phi = omega t, through
offsetUserFunction. The motion is then completely prescribed and the slider follows the
closed form

    x(t) = r cos(omega t) + sqrt(l^2 - r^2 sin^2(omega t)).

The script prints the largest deviation of the slider's position, velocity and acceleration
from the closed form and its derivatives, and checks the drive: its multiplier is the torque
the motor must deliver, and its power tau*omega equals the rate of change of the mechanical
energy (kinetic + potential) of the three bodies. Run as a script it plots x(t) to
slider_crank.png.
"""
import numpy as np

import coordyn as cd

OV = cd.OutputVariableType

# geometry and drive
r, l = 0.1, 0.4            # crank radius and rod length [m]
omega = 4 * np.pi          # crank speed [rad/s] (2 revolutions per second)
g = 9.81                   # gravity [m/s^2] in -y
# bodies: mass [kg], moment of inertia about the centre of mass [kg m^2]
m_crank, m_rod, m_slider = 0.5, 1.0, 2.0
I_crank, I_rod, I_slider = m_crank * r**2 / 12, m_rod * l**2 / 12, 1e-3


def closed_form(t):
    """Slider position, velocity and acceleration for theta = omega t (derivatives by hand):
    with s = sin(theta), c = cos(theta), D = sqrt(l^2 - r^2 s^2),
        x   = r c + D
        x_t = -r omega s - r^2 omega s c / D
        x_tt = -r omega^2 c - r^2 omega^2 ((c^2 - s^2) / D + r^2 s^2 c^2 / D^3)."""
    th = omega * t
    s, c = np.sin(th), np.cos(th)
    D = np.sqrt(l**2 - r**2 * s**2)
    x = r * c + D
    x_t = -r * omega * s - r**2 * omega * s * c / D
    x_tt = -r * omega**2 * c - r**2 * omega**2 * ((c**2 - s**2) / D + r**2 * s**2 * c**2 / D**3)
    return x, x_t, x_tt


def build(mbs):
    """Add the mechanism to mbs; returns a dict of the sensors and items."""
    ground = mbs.AddObject(cd.ObjectGround())
    # a ground coordinate (always 0) for the coordinate constraints
    ground_coordinate = mbs.AddMarker(cd.MarkerNodeCoordinate(
        nodeNumber=mbs.AddNode(cd.NodePointGround()), coordinate=0))

    # initial state at theta = 0: crank along +x, rod horizontal from P = (r, 0) to S;
    # velocities consistent with the drive: crank omega, rod angular velocity -r omega / l,
    # rod centre of mass moving up with r omega / 2, slider at rest (dead centre)
    crank_node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0],
                                                initialVelocities=[0, 0, omega]))
    # inertia about the node (the pivot), as Exudyn takes it: I_c + m (r/2)^2
    crank = mbs.AddObject(cd.RigidBody2D(mass=m_crank, inertia=I_crank + m_crank * (r / 2)**2,
                                         centerOfMass=[r / 2, 0],
                                         nodeNumber=crank_node))
    rod_node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[r + l / 2, 0, 0],
                                              initialVelocities=[0, r * omega / 2,
                                                                 -r * omega / l]))
    rod = mbs.AddObject(cd.RigidBody2D(mass=m_rod, inertia=I_rod, nodeNumber=rod_node))
    slider_node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[r + l, 0, 0]))
    slider = mbs.AddObject(cd.RigidBody2D(mass=m_slider, inertia=I_slider,
                                          nodeNumber=slider_node))
    bodies = [(crank, crank_node, m_crank, I_crank, [r / 2, 0, 0]),
              (rod, rod_node, m_rod, I_rod, [0, 0, 0]),
              (slider, slider_node, m_slider, I_slider, [0, 0, 0])]

    # revolute joints: the two markers stay at the same point
    def pin(marker0, marker1):
        return mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[marker0, marker1]))

    pin(mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=crank_node)))                      # O
    pin(mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[r, 0, 0])),
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=rod, localPosition=[-l / 2, 0, 0])))  # P
    pin(mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=rod, localPosition=[l / 2, 0, 0])),
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=slider_node)))                     # S

    # the slider's guide: y = 0 and phi = 0 (a CoordinateConstraint keeps q1 - q0 = 0)
    for coordinate in (1, 2):
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[
            ground_coordinate,
            mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=slider_node, coordinate=coordinate))]))

    # the motor: phi_crank - 0 = offset(t) = omega t; offsetUserFunction_t is its time
    # derivative (used for the consistent initial accelerations)
    drive = mbs.AddObject(cd.CoordinateConstraint(
        markerNumbers=[ground_coordinate,
                       mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=crank_node, coordinate=2))],
        offsetUserFunction=lambda mbs, t, itemNumber, offset: omega * t,
        offsetUserFunction_t=lambda mbs, t, itemNumber, offset: omega))

    # gravity acts at each body's centre of mass
    for body, *_ in bodies:
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                               loadVector=[0, -g, 0]))

    sensors = {name: mbs.AddSensor(cd.SensorNode(nodeNumber=slider_node, outputVariableType=v))
               for name, v in (("x", OV.Position), ("v", OV.Velocity), ("a", OV.Acceleration))}
    sensors["drive"] = mbs.AddSensor(cd.SensorObject(objectNumber=drive,
                                                     outputVariableType=OV.Force))
    # for the energy: centre-of-mass position and velocity, angular velocity of every body
    def body_sensor(body, com, variable):
        return mbs.AddSensor(cd.SensorBody(bodyNumber=body, localPosition=com,
                                           outputVariableType=variable))

    sensors["energy"] = [
        (m, I, body_sensor(b, com, OV.Position), body_sensor(b, com, OV.Velocity),
         mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.AngularVelocity)))
        for b, n, m, I, com in bodies]
    return sensors


def mechanical_energy(mbs, sensors):
    """E(t) = sum over the bodies of m |v_c|^2 / 2 + I_c phi_t^2 / 2 + m g y_c."""
    E = 0.0
    for m, I, s_pos, s_vel, s_omega in sensors["energy"]:
        pos, vel = mbs.GetSensorStoredData(s_pos), mbs.GetSensorStoredData(s_vel)
        w = mbs.GetSensorStoredData(s_omega)[:, 3]
        E = E + 0.5 * m * np.sum(vel[:, 1:3]**2, axis=1) + 0.5 * I * w**2 + m * g * pos[:, 2]
    return E


def main(end_time=1.0, steps=2000, plot=False):
    mbs = cd.SystemContainer().AddSystem()
    sensors = build(mbs)
    mbs.Assemble()

    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.solutionSettings.sensorsWritePeriod = end_time / steps   # store every step
    mbs.SolveDynamic(s)

    t = mbs.GetSensorStoredData(sensors["x"])[:, 0]
    x, x_t, x_tt = (mbs.GetSensorStoredData(sensors[k])[:, 1] for k in ("x", "v", "a"))
    xe, xe_t, xe_tt = closed_form(t)
    # the drive constraint phi - omega t = 0 acts on the crank with the generalized force
    # -lambda (M q_tt + C_q^T lambda = f): the motor torque is tau = -lambda
    tau = -mbs.GetSensorStoredData(sensors["drive"])[:, 1]
    power = tau * omega
    dE_dt = np.gradient(mechanical_energy(mbs, sensors), t)   # central differences
    # compare after the start-up: generalized-alpha multipliers begin with an alternating
    # O(h) transient that dies out within about 150 steps (docs/references.rst,
    # "Generalized-alpha parameters"); the last sample has a one-sided difference
    inner = slice(150, -1)

    h = end_time / steps
    result = {
        "x": float(np.max(np.abs(x - xe))),
        "x_t": float(np.max(np.abs(x_t - xe_t))),
        "x_tt": float(np.max(np.abs(x_tt - xe_tt))),
        "power": float(np.max(np.abs(power - dE_dt)[inner])),
        "peak_power": float(np.max(np.abs(power))),
    }
    print(f"slider-crank r = {r} m, l = {l} m, omega = {omega:.4f} rad/s; h = {h:g} s, "
          f"generalized-alpha rho = 0.9, {len(t)} samples")
    print(f"max |x    - closed form| = {result['x']:.2e} m")
    print(f"max |x_t  - closed form| = {result['x_t']:.2e} m/s   (|x_t| up to "
          f"{np.max(np.abs(xe_t)):.3f})")
    print(f"max |x_tt - closed form| = {result['x_tt']:.2e} m/s^2 (|x_tt| up to "
          f"{np.max(np.abs(xe_tt)):.3f})")
    print(f"motor torque between {tau.min():.3f} and {tau.max():.3f} N m")
    print(f"power balance after step 150: max |tau omega - dE/dt| = {result['power']:.2e} W "
          f"(peak power {result['peak_power']:.3f} W)")

    if plot:
        import matplotlib.pyplot as plt
        fig, (ax1, ax2) = plt.subplots(2, 1, sharex=True, figsize=(7, 6))
        ax1.plot(t, x, label="coordyn")
        ax1.plot(t, xe, "--", label="closed form")
        ax1.set_ylabel("slider x [m]")
        ax1.legend()
        ax2.plot(t, tau)
        ax2.set_ylabel("motor torque [N m]")
        ax2.set_xlabel("time [s]")
        fig.tight_layout()
        fig.savefig("slider_crank.png", dpi=100)
        print("plot saved to slider_crank.png")
    return result


if __name__ == "__main__":
    import os
    if not os.environ.get("DISPLAY"):
        import matplotlib
        matplotlib.use("Agg")   # no display: draw to the file only
    main(plot=True)
