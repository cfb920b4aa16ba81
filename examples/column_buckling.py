"""Buckling of a column: mbs.ComputeBucklingLoads against Euler.

A column of length L = 1 m (EI = 2 N m^2, EA = 1e5 N, 16 ObjectANCFCable2D elements) along x,
loaded at its top by a compressive reference force P = 1 N along -x, for the four Euler cases
with their effective lengths:
    clamped-free     P_cr = pi^2 EI / (2 L)^2
    pinned-pinned    P_cr = pi^2 EI / L^2
    clamped-pinned   P_cr = pi^2 EI / (0.6992 L)^2   (beta L = 4.4934, the root of tan x = x)
    clamped-clamped  P_cr = pi^2 EI / (L / 2)^2      (the top end free to slide along x)
The script prints the first critical load factors and the relative errors against Euler and,
run with --plot, saves the first buckling modes (column_buckling.png). The remaining error is
the column's shortening under the axial force, which the model has and Euler's inextensible
column has not: P_cr ~ 1/L^2 and the strain P_cr / EA make it 2 P_cr / EA (8.9e-5 .. 1.6e-3
here; 1e-6 with EA = 1e7).
"""
import sys

import numpy as np

import coordyn as cd
from coordyn.beams import GenerateStraightLineANCFCable2D

L, EI, EA, N_EL = 1.0, 2.0, 1e5, 16
# constrained coordinates (x, y, slope x, slope y) at the bottom and the top, and the Euler
# factor c in P_cr = c pi^2 EI / L^2
CASES = {
    "clamped-free": ([1, 1, 0, 1], [0, 0, 0, 0], 0.25),
    "pinned-pinned": ([1, 1, 0, 0], [0, 1, 0, 0], 1.0),
    "clamped-pinned": ([1, 1, 0, 1], [0, 1, 0, 0], (4.493409457909064 / np.pi) ** 2),
    "clamped-clamped": ([1, 1, 0, 1], [0, 1, 0, 1], 4.0),
}


def buckle(bottom, top, n_el=N_EL, loads=2):
    """critical load factors of P = 1 (compression) and the modes' transverse displacement
    at the nodes"""
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=EI, axialStiffness=EA)
    nodes = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [L, 0, 0], n_el, t,
                                            fixedConstraintsNode0=bottom,
                                            fixedConstraintsNode1=top)[0]
    tip = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=tip, loadVector=[-1.0, 0, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    factors, modes = mbs.ComputeBucklingLoads(s, numberOfBucklingLoads=loads)
    return factors, modes[1::4, 0]     # y displacement of each node in the first mode


def main(plot=False):
    errors, shapes = {}, {}
    for name, (bottom, top, c) in CASES.items():
        factors, shape = buckle(bottom, top)
        euler = c * np.pi**2 * EI / L**2
        errors[name] = factors[0] / euler - 1
        shapes[name] = shape / shape[np.argmax(np.abs(shape))]
        print(f"{name:16s} P_cr = {factors[0]:9.5f} N (Euler {euler:9.5f} N, relative error "
              f"{errors[name]:+.1e}), next {factors[1]:9.4f} N")
    if plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        x = np.linspace(0, L, N_EL + 1)
        fig, ax = plt.subplots(figsize=(6, 4))
        for name, v in shapes.items():
            ax.plot(x, v, label=name)
        ax.set_xlabel("x [m]")
        ax.set_ylabel("first buckling mode (normalized)")
        ax.legend()
        fig.savefig("column_buckling.png", dpi=100)
        print("plot saved to column_buckling.png")
    return errors


if __name__ == "__main__":
    main(plot="--plot" in sys.argv)
