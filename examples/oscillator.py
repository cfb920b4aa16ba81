"""Damped oscillator: a mass point on a spring-damper to ground, compared with the closed form.

m x_tt + d x_t + k x = 0 with m = 1 kg, k = 100 N/m, d = 2 N s/m (damping ratio 0.1), released
from x0 = 0.1 m at rest. The closed form (docs/references.rst, "Damped oscillator") is
x(t) = exp(-zeta w t) (x0 cos(w_d t) + (v0 + zeta w x0) / w_d sin(w_d t)).
The script integrates 3 s with generalized-alpha and prints the largest deviation.
"""
import numpy as np

import coordyn as cd

m, k, d = 1.0, 100.0, 2.0     # mass [kg], stiffness [N/m], damping [N s/m]
L0 = 1.0                      # free length of the spring [m]
x0, v0 = 0.1, 0.0             # initial displacement [m] and velocity [m/s]


def closed_form(t):
    w = np.sqrt(k / m)                   # undamped natural frequency
    zeta = d / (2 * np.sqrt(k * m))      # damping ratio
    wd = w * np.sqrt(1 - zeta**2)        # damped natural frequency
    return np.exp(-zeta * w * t) * (x0 * np.cos(wd * t)
                                    + (v0 + zeta * w * x0) / wd * np.sin(wd * t))


def main(end_time=3.0, steps=3000):
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    # the mass sits at the spring's free length L0 on the x axis; x is its displacement
    node = mbs.AddNode(cd.NodePoint(referenceCoordinates=[L0, 0, 0],
                                    initialCoordinates=[x0, 0, 0], initialVelocities=[v0, 0, 0]))
    mbs.AddObject(cd.MassPoint(mass=m, nodeNumber=node))
    m_ground = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))   # at the origin
    m_mass = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m_ground, m_mass], referenceLength=L0,
                                  stiffness=k, damping=d))
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=node,
                                         outputVariableType=cd.OutputVariableType.Displacement))
    mbs.Assemble()

    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.solutionSettings.sensorsWritePeriod = end_time / steps   # store every step
    mbs.SolveDynamic(s)

    data = mbs.GetSensorStoredData(sensor)   # rows [t, dx, dy, dz]
    t, x = data[:, 0], data[:, 1]
    error = float(np.max(np.abs(x - closed_form(t))))
    print(f"damped oscillator, h = {end_time / steps:g} s, generalized-alpha rho = 0.9")
    print(f"x({t[-1]:g}) = {x[-1]:.10f} m (closed form {closed_form(t[-1]):.10f} m)")
    print(f"max |x - x_exact| over {len(t)} samples: {error:.2e} m")
    return error


if __name__ == "__main__":
    main()
