"""ANCF cantilever under a growing tip load: the large-deflection elastica.

A cable of length 1 (32 ObjectANCFCable2D elements, EI = 1, EA = 1e5: nearly inextensible),
clamped at x = 0 with coordyn.beams.GenerateStraightLineANCFCable2D, carries a tip load P
perpendicular to the undeformed axis. For P L^2 / EI = 0.5 ... 10 the script solves the static
equilibrium (from the straight configuration in one load step each: the solver would halve a
load step whose Newton iteration fails, and reports how many it took), prints the tip displacements
next to Mattiasson's (1981) elastica values where tabulated and, run as a script, plots the
deformed shapes (ancf_cantilever.png).
"""
import numpy as np

import coordyn as cd
from coordyn.beams import GenerateStraightLineANCFCable2D

LOADS = [0.5, 1.0, 2.0, 5.0, 10.0]               # P L^2 / EI
MATTIASSON = {1.0: (0.05643, 0.30172), 10.0: (0.55500, 0.81061)}   # u/L, v/L (horizontal, down)
L, EI, EA, N_EL = 1.0, 1.0, 1e5, 32


def solve(k, n_el=N_EL):
    """tip displacements (-u_x, -u_y) / L and the deformed axis (n_el + 1 node positions)"""
    mbs = cd.SystemContainer().AddSystem()
    template = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=EI, axialStiffness=EA)
    nodes = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [L, 0, 0], n_el, template,
                                            fixedConstraintsNode0=[1, 1, 0, 1])[0]
    tip = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=tip, loadVector=[0, -k * EI / L**2, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.staticSolver.numberOfLoadSteps = 1
    mbs.SolveStatic(s)
    st = mbs.GetSolverStatistics()
    u = mbs.GetNodeOutput(nodes[-1], cd.OutputVariableType.Displacement)
    shape = np.array([mbs.GetNodeOutput(n, cd.OutputVariableType.Position)[:2] for n in nodes])
    return np.array([-u[0], -u[1]]) / L, shape, (st["steps"], st["newtonIterations"])


def main(loads=LOADS, plot=False):
    results = {}
    for k in loads:
        tip, shape, (steps, its) = solve(k)
        results[k] = (tip, shape)
        ref = MATTIASSON.get(k)
        extra = (f"   Mattiasson {ref[0]:.5f} {ref[1]:.5f}" if ref else "")
        print(f"P L^2/EI = {k:5.1f}: u/L = {tip[0]:.5f}, v/L = {tip[1]:.5f}{extra}"
              f"   ({steps} load step(s), {its} Newton iterations)")
    if plot:
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(6, 5))
        for k, (tip, shape) in results.items():
            ax.plot(shape[:, 0], shape[:, 1], label=f"$PL^2/EI$ = {k:g}")
        ax.set_aspect("equal")
        ax.set_xlabel("x [m]")
        ax.set_ylabel("y [m]")
        ax.legend()
        fig.savefig("ancf_cantilever.png", dpi=100)
        print("plot saved to ancf_cantilever.png")
    return {k: v[0] for k, v in results.items()}


if __name__ == "__main__":
    main(plot=True)
