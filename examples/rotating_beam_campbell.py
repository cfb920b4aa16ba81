"""Frequencies of a rotating beam against its speed: a Campbell diagram.

A uniform cantilever (length L = 1 m, EI = 1 N m^2, rho A = 1 kg/m, EA = 1e6 N; 16
ObjectANCFCable elements) is clamped at the axis of a hub that turns about z at the constant
rate Omega: the root's position is fixed and its slope is prescribed as (cos Omega t,
sin Omega t, 0) by coordinate constraints (a crank turned by prescribed joint coordinates).
For each speed, mbs.ComputeSteadyRotation finds the stationary (stretched) configuration and
mbs.ComputeLinearizedEquations the linearized equations in the frame turning with the hub,
whose eigenvalues are the beam's natural frequencies: out of the plane of rotation (flap)
they rise with the centrifugal stiffening, in it (lag) less, because the centrifugal force
also softens in-plane motion (omega_lag^2 ~ omega_flap^2 - Omega^2).

The script prints the first two flap and lag frequencies (in units of sqrt(EI / (rho A L^4)))
against the speed eta = Omega sqrt(rho A L^4 / EI), beside the published flap values of
Hodges and Rutkowski (AIAA J. 19, 1981, 1459), and, run with --plot, saves the Campbell
diagram (rotating_beam_campbell.png) with the lines omega = Omega and 2 Omega, where the
beam would resonate with loads that repeat once or twice per revolution.
"""
import sys

import numpy as np

import coordyn as cd
from coordyn.beams import GenerateStraightLineANCFCable

L, EI, RHOA, EA, N_EL = 1.0, 1.0, 1.0, 1e6, 16
SPEEDS = [0.0, 1.0, 2.0, 3.0, 5.0, 7.0, 10.0]
# flapwise omega / sqrt(EI / (rho A L^4)), modes 1 and 2, Hodges and Rutkowski 1981, Table 1
PUBLISHED = {0.0: (3.5160, 22.0345), 1.0: (3.6817, 22.1810), 2.0: (4.1373, 22.6149),
             3.0: (4.7973, 23.3203), 5.0: (6.4495, 25.4461), 7.0: (8.2996, 28.3341),
             10.0: (11.2023, 33.6404)}


def rotating_cantilever(Om, n=N_EL, EI=EI, EA=EA, rhoA=RHOA, L=L):
    """the cable (n elements) clamped at the origin, its root slope turned about z at the rate
    Om"""
    mbs = cd.SystemContainer().AddSystem()
    cable = cd.ObjectANCFCable(physicsMassPerLength=rhoA, physicsBendingStiffness=EI,
                               physicsAxialStiffness=EA)
    nodes = GenerateStraightLineANCFCable(mbs, positionOfNode0=[0, 0, 0],
                                          positionOfNode1=[L, 0, 0], numberOfElements=n,
                                          cableTemplate=cable)[0]
    ground = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    # the root's coordinates x, y, z, slope x, slope y, slope z (displacements from the
    # reference slope (1, 0, 0))
    drive = {3: (lambda mbs, t, i, o: np.cos(Om * t) - 1, lambda mbs, t, i, o: -Om * np.sin(Om * t)),
             4: (lambda mbs, t, i, o: np.sin(Om * t), lambda mbs, t, i, o: Om * np.cos(Om * t))}
    for c in range(6):
        mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=c))
        f, f_t = drive.get(c, (0, 0))
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mc], offsetUserFunction=f,
                                              offsetUserFunction_t=f_t))
    mbs.Assemble()
    return mbs


def flap_lag(s, modes, zrows):
    """(flap, lag): the frequencies Im s of the modes out of the plane of rotation (most of the
    mode in the rows zrows: z and slope z of each node) and in it. Without rotation the flap
    and lag frequencies coincide and the eigensolver returns any combination of the two modes:
    such a pair is split into its most-z and its least-z combination."""
    keep = s.imag > 1e-6
    s, modes = s[keep], modes[:, keep]
    flap, lag = [], []
    i = 0
    while i < s.size:
        j = i + 1
        while j < s.size and abs(s[j] - s[i]) <= 1e-8 * abs(s[i]):
            j += 1
        V = modes[:, i:j]
        if j - i == 1:
            z = np.linalg.norm(V[zrows]) ** 2 / np.linalg.norm(V) ** 2
            (flap if z > 0.5 else lag).append(s[i].imag)
        else:   # a degenerate cluster: the z content of its combinations
            Q, _ = np.linalg.qr(V)
            w = np.linalg.eigvalsh(Q[zrows].conj().T @ Q[zrows])
            for zc in w:
                (flap if zc > 0.5 else lag).append(s[i].imag)
        i = j
    return np.array(flap), np.array(lag)


def frequencies(Om):
    """(flap, lag): the natural frequencies out of and in the plane of rotation, ascending"""
    mbs = rotating_cantilever(Om)
    steady = mbs.ComputeSteadyRotation([0, 0, Om])
    lin = mbs.ComputeLinearizedEquations(steadyRotation=steady)
    s, modes = lin.Eigenvalues()
    n = modes.shape[0]
    zrows = np.flatnonzero(np.isin(np.arange(n) % 6, (2, 5)))   # z and slope z of each node
    return flap_lag(s, modes, zrows)


def main(plot=False):
    unit = np.sqrt(EI / (RHOA * L ** 4))
    table = {}
    print(" eta   flap 1   (publ.)   flap 2   (publ.)    lag 1     lag 2")
    for eta in SPEEDS:
        flap, lag = frequencies(eta * unit)
        flap, lag = flap / unit, lag / unit
        table[eta] = (flap[:3], lag[:3])
        p = PUBLISHED[eta]
        print(f"{eta:4.1f} {flap[0]:9.4f} {p[0]:9.4f} {flap[1]:9.4f} {p[1]:9.4f} "
              f"{lag[0]:9.4f} {lag[1]:9.4f}")
    if plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        eta = np.array(SPEEDS)
        fig, ax = plt.subplots(figsize=(6, 4.5))
        for k, style in ((0, "-"), (1, "--")):
            ax.plot(eta, [table[e][0][k] for e in SPEEDS], "b" + style, label=f"flap {k + 1}")
            ax.plot(eta, [table[e][1][k] for e in SPEEDS], "r" + style, label=f"lag {k + 1}")
        ax.plot(eta, eta, "k:", label="1 per revolution")
        ax.plot(eta, 2 * eta, "k-.", label="2 per revolution")
        ax.set_xlabel("speed  Omega sqrt(rho A L^4 / EI)")
        ax.set_ylabel("frequency  omega / sqrt(EI / (rho A L^4))")
        ax.set_ylim(0, 40)
        ax.legend()
        fig.savefig("rotating_beam_campbell.png", dpi=100)
        print("plot saved to rotating_beam_campbell.png")
    return table


if __name__ == "__main__":
    main(plot="--plot" in sys.argv)
