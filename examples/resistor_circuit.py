"""Resistor circuit with an algebraic loop (Cellier, Continuous System Modeling, ch. 7).

A voltage source U0 feeds R1 in series with R2 parallel to R3. Written component by component,
as a modelling language would write it, every component has a voltage u and a current i
(NodeGenericAE: two algebraic variables each) and its own equation (ObjectGenericAE), and
Kirchhoff's laws connect them:

    source      u0 = U0                  mesh 1   u0 = u1 + u2
    resistors   u_k = R_k i_k (k = 1..3) mesh 2   u2 = u3
                                         node a   i0 = i1
                                         node b   i1 = i2 + i3

Eight equations in eight unknowns. Sorted into block-triangular form (the structural analysis,
CSparse's Dulmage-Mendelsohn decomposition), u0 comes first, i0 last, and the six equations of
R1, R2, R3, mesh 1, mesh 2 and node b form one block: an algebraic loop, which no sorting
breaks; it is solved simultaneously (here by the Newton iteration of the static and the
dynamic solver). The current through R1 is

    i1 = (R2 + R3) U0 / (R1 R2 + R1 R3 + R2 R3).

A second model puts an inductor L in series with R1: its current i_L is an ODE1 coordinate,
L di_L/dt = u_L with u_L = U0 - u1 - u2 (an algebraic variable, fed to the ODE1 coordinate by
an ObjectCoordinateCoupling), and i1 = i_L; the current rises as
i_L(t) = i_inf (1 - exp(-t / tau)), tau = L / (R1 + R2 R3 / (R2 + R3)).
"""
import numpy as np

import coordyn as cd

U0 = 10.0                          # source voltage [V]
R1, R2, R3 = 100.0, 200.0, 300.0   # resistances [Ohm]
L = 0.5                            # inductance [H] of the second model


def closed_form_current():
    """i1 from the circuit's equations solved by hand [A]."""
    return (R2 + R3) * U0 / (R1 * R2 + R1 * R3 + R2 * R3)


def equation(mbs, nodes, row, name, offset=0.0):
    """one linear equation row . u = offset on the variables u of the nodes, in order"""
    return mbs.AddObject(cd.ObjectGenericAE(nodeNumbers=nodes, systemMatrix=[row],
                                            offset=[offset], name=name))


def build(mbs, inductor=False):
    """The circuit; returns the nodes {component: node} (variables [u, i] each)."""
    nodes = {}
    for comp in ("U0", "R1", "R2", "R3"):
        nodes[comp] = mbs.AddNode(cd.NodeGenericAE(numberOfAECoordinates=2,
                                                   referenceCoordinates=[0, 0],
                                                   initialCoordinates=[0, 0], name=comp))
    n = nodes
    equation(mbs, [n["U0"]], [1, 0], "source", U0)                      # u0 = U0
    for k, R in ((1, R1), (2, R2), (3, R3)):
        equation(mbs, [n[f"R{k}"]], [1, -R], f"R{k}")                   # u_k = R_k i_k
    equation(mbs, [n["R2"], n["R3"]], [1, 0, -1, 0], "mesh 2")          # u2 = u3
    equation(mbs, [n["R1"], n["R2"], n["R3"]], [0, 1, 0, -1, 0, -1], "node b")  # i1 = i2 + i3
    if not inductor:
        equation(mbs, [n["U0"], n["R1"], n["R2"]], [1, 0, -1, 0, -1, 0], "mesh 1")
        equation(mbs, [n["U0"], n["R1"]], [0, 1, 0, -1], "node a")       # i0 = i1
        return nodes
    # the inductor: i_L (ODE1), u_L (algebraic); L di_L/dt = u_L
    nodes["iL"] = mbs.AddNode(cd.NodeGenericODE1(numberOfODE1Coordinates=1,
                                                 referenceCoordinates=[0],
                                                 initialCoordinates=[0], name="i_L"))
    nodes["uL"] = mbs.AddNode(cd.NodeGenericAE(numberOfAECoordinates=1, referenceCoordinates=[0],
                                               initialCoordinates=[0], name="u_L"))
    # mesh 1 with the inductor: u0 = u1 + u2 + u_L
    equation(mbs, [n["U0"], n["R1"], n["R2"], n["uL"]], [1, 0, -1, 0, -1, 0, -1], "mesh 1")
    equation(mbs, [n["U0"], n["R1"]], [0, 1, 0, -1], "node a")           # i0 = i1
    equation(mbs, [n["R1"], n["iL"]], [0, 1, -1], "series")              # i1 = i_L
    mbs.AddObject(cd.ObjectCoordinateCoupling(nodeNumbers=[n["uL"], n["iL"]], factor=1 / L,
                                              name="L"))
    return nodes


def main(end_time=0.05, steps=500):
    i1 = closed_form_current()
    # the resistors alone: static and dynamic solve
    mbs = cd.SystemContainer().AddSystem()
    nodes = build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    mbs.SolveStatic(s)
    current = cd.OutputVariableType.Coordinates
    static = mbs.GetNodeOutput(nodes["R1"], current)[1]
    s.timeIntegration.endTime, s.timeIntegration.numberOfSteps = 0.01, 10
    mbs.SolveDynamic(s)
    dynamic = mbs.GetNodeOutput(nodes["R1"], current)[1]
    report = mbs.ComputeStructuralAnalysis()
    print(f"current through R1: static {static:.15f} A, dynamic {dynamic:.15f} A, "
          f"closed form {i1:.15f} A")
    print(report)

    # with the inductor: the rise of the current
    mbs2 = cd.SystemContainer().AddSystem()
    nodes2 = build(mbs2, inductor=True)
    sensor = mbs2.AddSensor(cd.SensorNode(nodeNumber=nodes2["iL"], outputVariableType=current))
    mbs2.Assemble()
    s2 = cd.SimulationSettings()
    s2.timeIntegration.endTime, s2.timeIntegration.numberOfSteps = end_time, steps
    s2.solutionSettings.sensorsWritePeriod = end_time / steps
    mbs2.SolveDynamic(s2)
    data = mbs2.GetSensorStoredData(sensor)
    tau = L / (R1 + R2 * R3 / (R2 + R3))
    exact = i1 * (1 - np.exp(-data[:, 0] / tau))
    rise_error = float(np.max(np.abs(data[:, 1] - exact)))
    print(f"inductor L = {L} H: tau = {tau * 1e3:.4f} ms, i_L({end_time} s) = {data[-1, 1]:.12f} A, "
          f"largest deviation from i_inf (1 - exp(-t/tau)) {rise_error:.2e} A "
          f"({steps} trapezoidal steps)")
    return {"i1": i1, "static": float(static), "dynamic": float(dynamic), "report": report,
            "rise_error": rise_error, "final": float(data[-1, 1]), "tau": tau}


if __name__ == "__main__":
    main()
