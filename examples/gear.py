"""Gear: two inertias and a rack coupled by a gear constraint (an algebraic loop).

J1 is driven by an input torque tau(t) and damped to ground (B3); a damper B1 couples J1 to J2;
J2 has a torsional spring k1 to ground and drives a mass m on a rack through the gear
x = r theta2. The rack has a spring k2 and a damper B2 to ground and carries gravity. With
the gear as a constraint the model is an index-3 DAE (three coordinates, one multiplier).
Eliminating the gear by hand gives an ODE in (theta1, theta2) (docs/references.rst,
"Gear with a structural singularity"), integrated here with scipy for comparison.
"""
import numpy as np
from scipy.integrate import solve_ivp

import coordyn as cd

# parameters (SI units)
J1, J2 = 0.02, 0.05       # inertias [kg m^2]
B1, B3 = 0.5, 0.1         # dampers J1-J2 and J1-ground [N m s]
k1 = 20.0                 # torsional spring of J2 [N m/rad]
r = 0.1                   # gear: rack position x = r theta2 [m]
m, k2, B2 = 5.0, 1000.0, 10.0   # rack mass [kg], its spring [N/m] and damper [N s/m]
g = 9.81


def tau(t):
    """Input torque on J1 [N m]."""
    return 5.0 * np.sin(np.pi * t)


def build(mbs):
    """The DAE model; returns the sensors (theta1, theta2, x, gear force)."""
    # a ground node: its coordinate marker reads 0 (connectors to it act against ground)
    ground = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(cd.NodePointGround()),
                                                   coordinate=0))
    nodes, markers = [], []
    # theta1, theta2 and x: one coordinate (Node1D) each; Mass1D is the inertia of that
    # coordinate (a moment of inertia for an angle, a mass for a position)
    for inertia in (J1, J2, m):
        n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0]))
        mbs.AddObject(cd.Mass1D(mass=inertia, nodeNumber=n))
        nodes.append(n)
        markers.append(mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0)))
    th1, th2, x = markers
    # CoordinateSpringDamper: F = k (q1 - q0) + d (q1_t - q0_t), markers [q0, q1]
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[th1, th2], damping=B1))
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[ground, th1], damping=B3))
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[ground, th2], stiffness=k1))
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[ground, x], stiffness=k2, damping=B2))
    # the gear: factor1 * q_m1 - q_m0 - offset = 0 with m0 = x, m1 = theta2, factor1 = r,
    # so x = r theta2; its multiplier lambda is the force the gear puts on the rack
    gear = mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[x, th2], factor1=r))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=th1, loadUserFunction=lambda mbs, t, load: tau(t)))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=x, load=-m * g))
    coordinate = cd.OutputVariableType.Coordinates
    sensors = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=coordinate))
               for n in nodes]
    sensors.append(mbs.AddSensor(cd.SensorObject(objectNumber=gear,
                                                 outputVariableType=cd.OutputVariableType.Force)))
    return sensors


def reduced_ode(t, y):
    """The hand-reduced ODE, y = (theta1, theta2, omega1, omega2): x = r theta2 is inserted,
    so the rack's mass, spring, damper and weight act on J2 through the lever r."""
    th1, th2, w1, w2 = y
    tau_B1, tau_B3, tau_k1 = B1 * (w1 - w2), B3 * w1, k1 * th2
    F_k2, F_B2 = k2 * r * th2, B2 * r * w2
    dw2 = (tau_B1 - tau_k1 - r * (F_k2 + F_B2) - m * g * r) / (J2 + m * r**2)
    dw1 = (tau(t) - tau_B1 - tau_B3) / J1
    return [w1, w2, dw1, dw2]


def main(end_time=5.0, steps=5000):
    mbs = cd.SystemContainer().AddSystem()
    sensors = build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.solutionSettings.sensorsWritePeriod = end_time / steps
    mbs.SolveDynamic(s)
    t = mbs.GetSensorStoredData(sensors[0])[:, 0]
    th1, th2, x, force = (mbs.GetSensorStoredData(i)[:, 1] for i in sensors)

    ref = solve_ivp(reduced_ode, (0, end_time), [0, 0, 0, 0], t_eval=t, method="DOP853",
                    rtol=1e-11, atol=1e-12)
    th1_ref, th2_ref, w2_ref = ref.y[0], ref.y[1], ref.y[3]
    # the gear force accelerates the rack against its spring, damper and weight:
    # lambda = m x_tt + k2 x + B2 x_t + m g with x = r theta2
    dw2_ref = np.array([reduced_ode(ti, yi)[3] for ti, yi in zip(t, ref.y.T)])
    force_ref = m * r * dw2_ref + k2 * r * th2_ref + B2 * r * w2_ref + m * g

    errors = {"theta1": np.max(abs(th1 - th1_ref)),           # rad
              "theta2": np.max(abs(th2 - th2_ref)),           # rad
              "x": np.max(abs(x - r * th2_ref)),              # m
              "gear": np.max(abs(r * th2 - x)),               # m, the constraint itself
              "force": np.max(abs(force - force_ref))}        # N
    errors = {k: float(v) for k, v in errors.items()}
    sd = mbs.systemData
    print(f"gear, {steps} steps of h = {end_time / steps:g} s, "
          f"{sd.NumberOfODE2Coordinates()} coordinates, {sd.NumberOfAECoordinates()} multiplier")
    print(f"at t = {t[-1]:g}: theta1 = {th1[-1]:.6f} rad, theta2 = {th2[-1]:.6f} rad, "
          f"x = {x[-1]:.6f} m, gear force = {force[-1]:.4f} N")
    print("largest difference to the reduced ODE: " +
          ", ".join(f"{k} {v:.1e}" for k, v in errors.items()))
    return errors


if __name__ == "__main__":
    main()
