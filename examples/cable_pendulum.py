"""A flexible pendulum: an ANCF cable pinned at one end falls from the horizontal.

A cable of length L = 1 m (10 ObjectANCFCable2D elements, rhoA = 1 kg/m, EI = 1 N m^2,
EA = 1e3 N), pinned at x = 0 by CoordinateConstraints on x and y of its first node (the slope
is free: a hinge), is released at rest along +x under gravity. Without damping and with the
generalized-alpha method at spectral radius rho_inf = 1 (no numerical dissipation) the total
energy

    E = T + V_g + U,   T = rhoA/2 int |r_t|^2 dx,  V_g = rhoA g int y dx,
                       U = int (EA eps^2 / 2 + EI K^2 / 2) dx

is conserved up to the time-integration error, O(h^2). The script evaluates E from the
element outputs (Velocity and Position at 4 Gauss points per element, exact for the cubic
shape functions; StrainLocal and CurvatureLocal at the elements' own integration points, 5 and
3, so U is the quadrature whose gradient the elastic forces are) and prints its drift over
0.5 s for h = 2e-3, 1e-3, 5e-4, and the pin's residual.

Convergence of the tip position at t = 0.5 s (h, h/2, h/4: the ratio of successive
differences is 4 for a second-order method) is measured on the same pendulum with a small
stiffness-proportional material damping, bendingDamping = c EI and axialDamping = c EA with
c = 1e-3 s (modal damping ratio c omega / 2: 0.5 % at 10 rad/s, 50 % at 1000 rad/s). Without
it the element modes (up to about 1e4 rad/s for 10 elements) are excited by the fall and
never damped; their phase error omega^3 h^2 t / 12 is far beyond 1 at these steps, and the
differences scatter (measured ratios 10.7, 0.7 and 3.1 for h from 2e-3 to 2.5e-4): the
trapezoidal-like rule is still second order, but only once h resolves every excited mode.

A SensorNode stores the tip position for an animation; with --plot the script saves
cable_pendulum.png (the tip's path).
"""
import sys

import numpy as np

import coordyn as cd
from coordyn.beams import GenerateStraightLineANCFCable2D

OV = cd.OutputVariableType
L, N_EL, RHOA, EI, EA, G = 1.0, 10, 1.0, 1.0, 1e3, 9.81
END_TIME = 0.5
STEPS = (250, 500, 1000)                  # h = 2e-3, 1e-3, 5e-4
DAMPING = 1e-3                            # c [s] of the convergence runs
GAUSS = {n: np.polynomial.legendre.leggauss(n) for n in (3, 4, 5)}


def build(mbs, n_el=N_EL, c=0.0):
    """the pinned cable (material damping c: bendingDamping = c EI, axialDamping = c EA);
    returns (nodes, elements, tip sensor)"""
    template = cd.ObjectANCFCable2D(massPerLength=RHOA, bendingStiffness=EI, axialStiffness=EA,
                                    bendingDamping=c * EI, axialDamping=c * EA)
    nodes, elements, *_ = GenerateStraightLineANCFCable2D(
        mbs, [0, 0, 0], [L, 0, 0], n_el, template, massProportionalLoad=[0, -G, 0],
        fixedConstraintsNode0=[1, 1, 0, 0])          # x, y of node 0: a pin
    tip = mbs.AddSensor(cd.SensorNode(nodeNumber=nodes[-1], outputVariableType=OV.Position,
                                      storeInternal=True))
    return nodes, elements, tip


def points(n, le):
    """Gauss points and weights of n points on [0, le]"""
    x, w = GAUSS[n]
    return 0.5 * le * (x + 1), 0.5 * le * w


def energy(mbs, elements, le):
    """(T, V_g, U) of the cable from the elements' outputs"""
    T = Vg = U = 0.0
    for e in elements:
        for x, w in zip(*points(4, le)):
            v = mbs.GetObjectOutputBody(e, OV.Velocity, localPosition=[x, 0, 0])
            p = mbs.GetObjectOutputBody(e, OV.Position, localPosition=[x, 0, 0])
            T += w * 0.5 * RHOA * (v[0]**2 + v[1]**2)
            Vg += w * RHOA * G * p[1]
        for n, var, k in ((5, OV.StrainLocal, EA), (3, OV.CurvatureLocal, EI)):
            for x, w in zip(*points(n, le)):
                s = float(np.ravel(mbs.GetObjectOutputBody(e, var, localPosition=[x, 0, 0]))[0])
                U += w * 0.5 * k * s**2
    return T, Vg, U


def simulate(steps, n_el=N_EL, end_time=END_TIME, c=0.0):
    """returns a dict: energies at 0 and at end_time, tip position, pin residual, tip history"""
    mbs = cd.SystemContainer().AddSystem()
    nodes, elements, tip = build(mbs, n_el, c)
    mbs.Assemble()
    le = L / n_el
    E0 = energy(mbs, elements, le)
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.0     # no numerical damping
    # the same rho_inf = 1 member of the family as Newmark's trapezoidal rule (gamma = 1/2,
    # beta = 1/4; the results agree to round-off here), which also allows the constraints at
    # velocity level: index-3 constraints are not damped at rho_inf = 1 (coordyn warns)
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.solutionSettings.sensorsWritePeriod = 0.005               # 200 frames per second
    mbs.SolveDynamic(s)
    E1 = energy(mbs, elements, le)
    pin = np.asarray(mbs.GetNodeOutput(nodes[0], OV.Displacement))
    return {"E0": E0, "E1": E1, "tip": np.asarray(mbs.GetNodeOutput(nodes[-1], OV.Position)),
            "pin": float(np.abs(pin).max()), "history": np.asarray(mbs.GetSensorStoredData(tip)),
            "mbs": mbs, "nodes": nodes}


def main(steps=STEPS, plot=False):
    runs = [simulate(n) for n in steps]
    damped = [simulate(n, c=DAMPING) for n in steps]
    scale = RHOA * L * G * L / 2        # m g L / 2, the energy released by the fall of 90 deg
    for n, r in zip(steps, runs):
        E0, E1 = sum(r["E0"]), sum(r["E1"])
        r["drift"] = abs(E1 - E0) / scale
        T, Vg, U = r["E1"]
        print(f"h = {END_TIME / n:.1e}: tip at t = {END_TIME} s = ({r['tip'][0]:+.6f}, "
              f"{r['tip'][1]:+.6f}); T = {T:.5f}, V_g = {Vg:+.5f}, U = {U:.2e} J; "
              f"|E - E0| / (m g L/2) = {r['drift']:.2e}; pin residual {r['pin']:.1e} m")
    tips = [r["tip"][:2] for r in damped]
    diffs = [float(np.linalg.norm(tips[k] - tips[k + 1])) for k in range(len(tips) - 1)]
    ratio = diffs[0] / diffs[1] if len(diffs) > 1 else float("nan")
    print(f"with damping c = {DAMPING} s: tip at t = {END_TIME} s = ({tips[-1][0]:+.6f}, "
          f"{tips[-1][1]:+.6f}); |tip(h) - tip(h/2)|, |tip(h/2) - tip(h/4)| = "
          f"{diffs[0]:.2e}, {diffs[1] if len(diffs) > 1 else float('nan'):.2e} m; ratio "
          f"{ratio:.2f} (second order: 4)")
    if plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        hist = runs[-1]["history"]
        fig, ax = plt.subplots(figsize=(6, 5))
        ax.plot(hist[:, 1], hist[:, 2], "k--", lw=0.8, label="tip path")
        ax.plot(0, 0, "ko")
        ax.set_aspect("equal")
        ax.set_xlabel("x [m]")
        ax.set_ylabel("y [m]")
        ax.legend()
        fig.savefig("cable_pendulum.png", dpi=100)
        print("plot saved to cable_pendulum.png")
    return {"drift": [r["drift"] for r in runs], "ratio": ratio, "diffs": diffs,
            "tip": tips[-1], "pin": max(r["pin"] for r in runs + damped),
            "tip_undamped": runs[-1]["tip"][:2],
            "history": runs[-1]["history"]}


if __name__ == "__main__":
    main(plot="--plot" in sys.argv)
