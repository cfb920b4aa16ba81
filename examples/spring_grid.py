"""Spring grid: a 2D cantilever made of point masses and springs, bent by gravity and an end load.

nx x ny masses (NodePoint2D + MassPoint2D) on a square grid of spacing a are joined by
SpringDamper springs along the grid lines and both diagonals (a truss that resists shear).
The left column is held by CoordinateConstraints that tie each x and y coordinate to a ground
coordinate (value 0). Gravity acts on every mass and a downward force on the right edge.

1. SolveStatic: the static deflection under these loads.
2. SolveDynamic: the loads are applied suddenly to the grid at rest in its undeformed shape;
   the grid oscillates about the static deflection and, damped, settles onto it.
"""
import numpy as np

import coordyn as cd

nx, ny, a = 20, 10, 0.1   # masses along x and y, spacing [m]
mass = 0.1                # mass of one node [kg]
EA = 1e4                  # axial stiffness: a spring of length L has k = EA / L [N]
damping = 1e-2            # d = damping * k [s] (stiffness-proportional damping)
g = 9.81                  # gravity [m/s^2]
F_edge = 100.0            # total downward force on the right edge [N]


def build(mbs, F=F_edge, gravity=g):
    """Add the grid to mbs; returns the nodes {(i, j): node} and the tip node (bottom right)."""
    nodes, markers = {}, {}
    for i in range(nx):
        for j in range(ny):
            n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[i * a, j * a]))
            body = mbs.AddObject(cd.MassPoint2D(mass=mass, nodeNumber=n))
            nodes[i, j] = n
            markers[i, j] = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
            mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                                   loadVector=[0, -gravity, 0]))
    # springs to the right, up, and along both diagonals of each square
    for (i, j) in nodes:
        for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
            if (i + di, j + dj) in nodes:
                L = a * np.hypot(di, dj)
                ends = [markers[i, j], markers[i + di, j + dj]]
                mbs.AddObject(cd.SpringDamper(markerNumbers=ends, referenceLength=L,
                                              stiffness=EA / L, damping=damping * EA / L))
    # clamp the left column: x and y of each node equal the ground coordinate (0)
    ground = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(cd.NodePointGround()),
                                                   coordinate=0))
    for j in range(ny):
        for c in (0, 1):
            q = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nodes[0, j], coordinate=c))
            mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[ground, q]))
    # the end load, shared by the nodes of the right edge
    for j in range(ny):
        mbs.AddLoad(cd.Force(markerNumber=markers[nx - 1, j], loadVector=[0, -F / ny, 0]))
    return nodes, nodes[nx - 1, 0]


def main(end_time=1.5, steps=1500):
    mbs = cd.SystemContainer().AddSystem()
    nodes, tip = build(mbs)
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=tip,
                                         outputVariableType=cd.OutputVariableType.Displacement))
    mbs.Assemble()
    n_ode2 = mbs.systemData.NumberOfODE2Coordinates()
    n_ae = mbs.systemData.NumberOfAECoordinates()
    print(f"spring grid {nx} x {ny}: {mbs.NumberOfObjects()} objects, {n_ode2} coordinates, "
          f"{n_ae} constraints, {n_ode2 - n_ae} degrees of freedom")

    # 1. static deflection
    s = cd.SimulationSettings()
    mbs.SolveStatic(s)
    static = mbs.GetNodeOutput(tip, cd.OutputVariableType.Displacement)
    # M q_tt + C_q^T lambda = f: a clamp multiplier lambda pushes its node with -lambda;
    # the multipliers follow the constraints (x, y, x, y, ...): every second one is a y
    reaction = -np.sum(mbs.systemData.GetAECoordinates()[1::2])
    print(f"static tip deflection: dx = {static[0]:.6f} m, dy = {static[1]:.6f} m")
    print(f"vertical force of the clamp: {reaction:.4f} N "
          f"(weight + edge load: {nx * ny * mass * g + F_edge:.4f} N)")

    # 2. dynamic response to the suddenly applied loads (starts from the initial state: at rest)
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.solutionSettings.sensorsWritePeriod = end_time / steps
    mbs.SolveDynamic(s)
    t, dy = mbs.GetSensorStoredData(sensor)[:, [0, 2]].T
    # period from the times dy crosses the static value downwards
    below = np.where((dy[:-1] > static[1]) & (dy[1:] <= static[1]))[0]
    period = float(np.mean(np.diff(t[below]))) if len(below) > 1 else float("nan")
    print(f"dynamic: largest tip deflection {dy.min():.6f} m "
          f"({dy.min() / static[1]:.2f} x static), period {period:.4f} s, "
          f"dy(t = {t[-1]:g}) = {dy[-1]:.6f} m")
    return {"coordinates": n_ode2, "constraints": n_ae, "tip_static": static[:2].tolist(),
            "reaction": float(reaction), "tip_dynamic_max": float(dy.min()),
            "tip_final": float(dy[-1]), "period": period}


if __name__ == "__main__":
    main()
