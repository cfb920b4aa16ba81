"""Slider-crank with a flexible connecting rod of ANCF cable elements.

The mechanism moves in a horizontal plane (no gravity):

    crank   ObjectRigidBody2D on a NodeRigidBody2D at the ground pivot O, length r, turned at
            constant speed omega by a CoordinateConstraint that prescribes its angle,
            phi = omega t (offsetUserFunction)
    rod     N_EL ObjectANCFCable2D elements (length l, rhoA, EI, EA) from the crank pin P to
            the slider pin S, hinged at both ends by RevoluteJoint2D: MarkerBodyRigid on the
            crank at [r, 0, 0] with MarkerBodyPosition at x = 0 of the first element, and
            MarkerBodyPosition at x = l_e of the last element with the slider's node
    slider  ObjectMassPoint2D on a NodePoint2D, kept on the x axis by a CoordinateConstraint

Rigid limit. With a very stiff rod (EI times 1e4, EA times 100) the slider follows the rigid
slider-crank, x(t) = r cos(omega t) + sqrt(l^2 - r^2 sin^2(omega t)).

Flexible rod: quasi-static estimate of the midpoint deflection. The rod's points accelerate,
to first order, as those of the rigid rod: linearly along the rod from a_P (crank pin,
a_P = -r omega^2 [cos, sin](omega t)) to a_S (slider, along x: the second derivative of x(t)).
With n the unit normal of the chord P -> S, the d'Alembert load per length transverse to the
rod is q(s) = -rhoA ((1 - s/l) a_P.n + (s/l) a_S.n): a linearly varying load on a beam pinned
at both ends, whose midpoint deflection (two triangular loads, each half of the uniform
5 q l^4 / (384 EI)) is

    w_est = -5 rhoA l^4 (a_P.n + a_S.n) / (768 EI).

It holds while omega is well below the rod's first bending frequency pi^2 sqrt(EI / (rhoA l^4))
(here about 10 omega: dynamic amplification about 1 %) and the axial force stays well below the
buckling load pi^2 EI / l^2 (a light slider). A small bending damping (about 10 % of critical
in the first mode) lets the free vibration excited by the start decay; the comparison uses the
last revolution. The script prints the rod's midpoint deflection w (midpoint minus chord
midpoint, along n) next to w_est over time and, with --plot, saves flexible_slider_crank.png.

Energy balance (energy_balance()). Without damping and with generalized-alpha at spectral
radius rho_inf = 1 (index-3 constraints; coordyn warns that it does not damp the multipliers
there, see below) the only force that works on the mechanism is the drive's: the change of

    E = T_crank + T_rod + T_slider + U_rod,
        T_crank = m |p_t|^2 / 2 + m phi_t p_t . t + J phi_t^2 / 2   (J about the node)
        T_rod   = rhoA/2 int |r_t|^2 dx   (4 Gauss points per element: exactly v^T M v / 2)
        T_slider = m_slider |v|^2 / 2
        U_rod   = int (EA eps^2 + EI K^2) / 2 dx   (StrainLocal, CurvatureLocal at the
                                                     elements' own 5 and 3 Gauss points)

equals the work W = int tau omega dt of the driving CoordinateConstraint. Its equation is
phi - offset(t) = 0, so it turns the crank with tau = -lambda (lambda its Force output, stored
every step by a SensorObject); W is the trapezoidal sum of tau omega. The hinges and the guide
do no work. |E - E(0) - W| / max |W| over 0.25 s (one half revolution) is 2.4e-4, 6.0e-5,
1.6e-5 for h = 1e-3, 5e-4, 2.5e-4 (ratios 3.93, 3.86: second order), and the constraint
equations (hinges, guide, drive; ConstraintEquation outputs) stay at round-off (1.1e-16).

The states themselves do not converge at that rate without damping: the start excites the rod's
element modes (axial frequencies of order sqrt(EA / rhoA) / l_e = 9e3 rad/s and above, omega h
>> 1), which rho_inf = 1 neither damps nor resolves, and the differences of the slider position,
the midpoint deflection or the energy between h and h/2 scatter (ratios of successive
differences between 0.8 and 3.2 for h = 1e-3 ... 1.25e-4 measured). With a small stiffness-
proportional damping, 1 % of critical in the first bending mode (ZETA_SMALL: c = 1.6e-4 s,
bendingDamping = c EI, axialDamping = c EA, which overdamps the axial element modes), the slider
position and the midpoint deflection converge at second order (ratios of successive maximum
differences over the run 3.6 to 4.0, in the test tests/flexible/test_flexible_slider_crank.py).
The balance then includes the dissipated energy D = int int (N_d^2 / d_A + M_d^2 / d_B) dx dt,
with the damping parts N_d = N - EA eps, M_d = M - EI K of the ForceLocal and TorqueLocal
outputs at the same Gauss points (d_A eps_t^2 + d_B K_t^2 is the dissipated power per length):

    E - E(0) + D = W.
"""
import sys
import warnings

import numpy as np

import coordyn as cd
from coordyn.beams import GenerateStraightLineANCFCable2D

OV = cd.OutputVariableType

r, l = 0.1, 0.4                 # crank radius and rod length [m]
omega = 4 * np.pi               # crank speed [rad/s] (2 revolutions per second)
N_EL = 8                        # rod elements (even: node N_EL/2 is the midpoint)
RHOA, EI, EA = 0.5, 2.0, 1e5    # rod: kg/m, N m^2, N
m_crank, m_slider = 0.5, 0.1    # kg
END_TIME, STEPS = 1.5, 1500     # three revolutions, h = 1e-3
OMEGA_1 = np.pi**2 * np.sqrt(EI / (RHOA * l**4))   # first bending frequency (pinned-pinned)
ZETA = 0.1                      # damping ratio of the first bending mode
ZETA_SMALL = 0.01               # the small damping of the convergence runs (energy_balance)
BALANCE_TIME = 0.25             # energy balance: half a revolution
BALANCE_STEPS = (250, 500, 1000)   # h = 1e-3, 5e-4, 2.5e-4
GAUSS = {n: np.polynomial.legendre.leggauss(n) for n in (3, 4, 5)}


def closed_form(t):
    """rigid slider-crank: slider position x and acceleration x_tt for theta = omega t"""
    th = omega * t
    s, c = np.sin(th), np.cos(th)
    D = np.sqrt(l**2 - r**2 * s**2)
    x = r * c + D
    x_tt = -r * omega**2 * c - r**2 * omega**2 * ((c**2 - s**2) / D + r**2 * s**2 * c**2 / D**3)
    return x, x_tt


def build(mbs, stiffness=1.0, axial=1.0, zeta=ZETA, items=None):
    """the mechanism at theta = 0 (rod along x from P = (r, 0) to S = (r + l, 0)) with the
    velocities of the rigid motion; stiffness scales EI, axial EA, zeta is the damping ratio of
    the first bending mode (0: no damping). Returns a dict of sensors; if items is a dict, the
    item numbers (crank, elements, slider, joints, drive, ...) are stored in it."""
    ground = mbs.AddObject(cd.ObjectGround())
    ground_coordinate = mbs.AddMarker(cd.MarkerNodeCoordinate(
        nodeNumber=mbs.AddNode(cd.NodePointGround()), coordinate=0))

    crank_node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0],
                                                initialVelocities=[0, 0, omega]))
    crank = mbs.AddObject(cd.RigidBody2D(mass=m_crank, inertia=m_crank * r**2 / 3,
                                         centerOfMass=[r / 2, 0], nodeNumber=crank_node))
    joint_O = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=crank_node))]))
    drive = mbs.AddObject(cd.CoordinateConstraint(
        markerNumbers=[ground_coordinate,
                       mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=crank_node, coordinate=2))],
        offsetUserFunction=lambda mbs, t, itemNumber, offset: omega * t,
        offsetUserFunction_t=lambda mbs, t, itemNumber, offset: omega))

    # the rod: bendingDamping d gives the first mode the damping ratio d OMEGA_1 / (2 EI);
    # axial damping of the same proportion (c = d / EI) keeps the stiff axial modes quiet
    c = 2 * zeta / OMEGA_1
    template = cd.ObjectANCFCable2D(massPerLength=RHOA, bendingStiffness=stiffness * EI,
                                    axialStiffness=axial * EA,
                                    bendingDamping=c * stiffness * EI,
                                    axialDamping=c * axial * EA)
    nodes, elements, *_ = GenerateStraightLineANCFCable2D(
        mbs, [r, 0, 0], [r + l, 0, 0], N_EL, template, fixedConstraintsNode0=None,
        fixedConstraintsNode1=None)
    # rigid motion at theta = 0: P moves with (0, r omega), S is at rest, the rod turns with
    # -r omega / l (the slope vector's rate is (0, -r omega / l))
    for i, n in enumerate(nodes):
        s = i / N_EL
        mbs.ModifyNode(n, {"initialVelocities": [0, r * omega * (1 - s), 0, -r * omega / l]})
    le = l / N_EL

    crank_pin = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[r, 0, 0]))
    rod_start = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=elements[0],
                                                    localPosition=[0, 0, 0]))
    joint_P = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[crank_pin, rod_start]))  # P

    slider_node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[r + l, 0]))
    slider = mbs.AddObject(cd.MassPoint2D(mass=m_slider, nodeNumber=slider_node))
    rod_end = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=elements[-1],
                                                  localPosition=[le, 0, 0]))
    slider_pin = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=slider_node))
    joint_S = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[rod_end, slider_pin]))  # S
    guide = mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[
        ground_coordinate, mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=slider_node,
                                                                 coordinate=1))]))
    if items is not None:
        items.update(crank=crank, crank_node=crank_node, elements=elements, nodes=nodes,
                     slider=slider, slider_node=slider_node, drive=drive,
                     joints={"O": joint_O, "P": joint_P, "S": joint_S, "guide": guide,
                             "drive": drive},
                     c=c, EI=stiffness * EI, EA=axial * EA)

    def position(marker):
        return mbs.AddSensor(cd.SensorMarker(markerNumber=marker, outputVariableType=OV.Position,
                                             storeInternal=True))
    mid = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[N_EL // 2]))
    return {"P": position(crank_pin), "rod0": position(rod_start), "mid": position(mid),
            "rod1": position(rod_end), "S": position(slider_pin)}


def simulate(stiffness=1.0, axial=1.0, end_time=END_TIME, steps=STEPS):
    """returns time, slider position, midpoint deflection w, its estimate w_est, the rigid
    closed form and the largest constraint residual"""
    mbs = cd.SystemContainer().AddSystem()
    sensors = build(mbs, stiffness, axial)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.solutionSettings.sensorsWritePeriod = end_time / steps
    mbs.SolveDynamic(s)
    data = {k: np.asarray(mbs.GetSensorStoredData(v)) for k, v in sensors.items()}
    t = data["P"][:, 0]
    pos = {k: v[:, 1:3] for k, v in data.items()}
    chord = pos["S"] - pos["P"]
    n = np.stack([-chord[:, 1], chord[:, 0]], axis=1) / np.linalg.norm(chord, axis=1)[:, None]
    w = np.sum((pos["mid"] - 0.5 * (pos["P"] + pos["S"])) * n, axis=1)
    # the quasi-static estimate from the rigid motion
    th = omega * t
    a_P = -r * omega**2 * np.stack([np.cos(th), np.sin(th)], axis=1)
    x_rigid, x_tt = closed_form(t)
    a_S = np.stack([x_tt, 0 * t], axis=1)
    w_est = -5 * RHOA * l**4 * np.sum((a_P + a_S) * n, axis=1) / (768 * stiffness * EI)
    residual = max(np.abs(pos["P"] - pos["rod0"]).max(), np.abs(pos["rod1"] - pos["S"]).max(),
                   np.abs(pos["S"][:, 1]).max(),
                   np.abs(pos["P"] - r * np.stack([np.cos(th), np.sin(th)], axis=1)).max())
    return {"t": t, "x": pos["S"][:, 0], "x_rigid": x_rigid, "w": w, "w_est": w_est,
            "residual": residual}


def gauss_points(n, le):
    """n Gauss points and weights on [0, le]"""
    x, w = GAUSS[n]
    return 0.5 * le * (x + 1), 0.5 * le * w


def energy_balance(steps, end_time=BALANCE_TIME, zeta=0.0, index2=False):
    """The flexible slider-crank (zeta: damping ratio of the first bending mode, 0: none) with
    generalized-alpha at rho_inf = 1, index 3 (coordyn's UserWarning about the undamped
    multipliers is not caught here), steps steps up to end_time. Sensors store, every step, the
    velocities of the crank and the slider, the rod's velocity, strain and curvature (and with
    damping its section forces) at Gauss points, the drive's multiplier and every constraint
    equation. Returns a dict of time series: t, E (T_crank + T_rod + T_slider + U_rod), its
    parts, W (work of the drive), D (dissipated energy), balance = E - E(0) + D - W, x
    (slider), w (midpoint deflection), and error = max |balance| / max |W|, residual = largest
    |constraint equation| over the run (hinges, guide, drive). index2: Newmark's trapezoidal
    rule with the constraints at velocity level instead (useNewmark = useIndex2Constraints =
    True, the same rho_inf = 1 member of the family; coordyn does not warn then)."""
    mbs = cd.SystemContainer().AddSystem()
    it = {}
    sensors = build(mbs, zeta=zeta, items=it)
    le = l / N_EL
    damped = it["c"] > 0

    def sensor(kind, **kw):
        return mbs.AddSensor(getattr(cd, kind)(storeInternal=True, **kw))

    def along_rod(n, var):
        return [(w, sensor("SensorBody", bodyNumber=e, localPosition=[x, 0, 0],
                           outputVariableType=var))
                for e in it["elements"] for x, w in zip(*gauss_points(n, le))]

    rod_v = along_rod(4, OV.Velocity)
    rod_eps, rod_K = along_rod(5, OV.StrainLocal), along_rod(3, OV.CurvatureLocal)
    if damped:
        rod_N, rod_M = along_rod(5, OV.ForceLocal), along_rod(3, OV.TorqueLocal)
    crank = {var: sensor("SensorNode", nodeNumber=it["crank_node"], outputVariableType=var)
             for var in (OV.Velocity, OV.AngularVelocity, OV.Rotation)}
    slider_v = sensor("SensorNode", nodeNumber=it["slider_node"], outputVariableType=OV.Velocity)
    drive = sensor("SensorObject", objectNumber=it["drive"], outputVariableType=OV.Force)
    equations = {k: sensor("SensorObject", objectNumber=j,
                           outputVariableType=OV.ConstraintEquation)
                 for k, j in it["joints"].items()}
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.0   # index 3 (the default)
    s.timeIntegration.generalizedAlpha.useNewmark = index2
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = index2
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.solutionSettings.sensorsWritePeriod = end_time / steps
    mbs.SolveDynamic(s)

    def data(k):
        return np.asarray(mbs.GetSensorStoredData(k))

    def column(k):
        return data(k)[:, 1]

    t = data(drive)[:, 0]
    assert len(t) == steps + 1, "a sensor value at every step"
    # the crank: T = m |p_t|^2 / 2 + m phi_t p_t . t + J phi_t^2 / 2, t = d(A c)/dphi
    p = mbs.GetObject(it["crank"])
    m, J, com = p["mass"], p["inertia"], np.asarray(p["centerOfMass"], float)[:2]
    v, w_c = data(crank[OV.Velocity])[:, 1:3], data(crank[OV.AngularVelocity])[:, 3]
    phi = data(crank[OV.Rotation])[:, 3]
    tangent = np.stack([-np.sin(phi) * com[0] - np.cos(phi) * com[1],
                        np.cos(phi) * com[0] - np.sin(phi) * com[1]], axis=1)
    T_crank = 0.5 * m * np.sum(v * v, 1) + m * w_c * np.sum(v * tangent, 1) + 0.5 * J * w_c**2
    T_rod = sum(0.5 * RHOA * wt * np.sum(data(k)[:, 1:3]**2, 1) for wt, k in rod_v)
    vs = data(slider_v)[:, 1:3]
    T_slider = 0.5 * m_slider * np.sum(vs * vs, 1)
    U_rod = (sum(0.5 * it["EA"] * wt * column(k)**2 for wt, k in rod_eps)
             + sum(0.5 * it["EI"] * wt * column(k)**2 for wt, k in rod_K))
    E = T_crank + T_rod + T_slider + U_rod

    def trapezoid(power):
        return np.concatenate([[0.0], np.cumsum(0.5 * (power[1:] + power[:-1]) * np.diff(t))])

    tau = -column(drive)                    # the drive turns the crank with -lambda
    W = trapezoid(tau * w_c)
    D = np.zeros_like(t)
    if damped:
        c = it["c"]
        dissipation = (
            sum(wt * (column(kN) - it["EA"] * column(ke))**2 / (c * it["EA"])
                for (wt, kN), (_, ke) in zip(rod_N, rod_eps))
            + sum(wt * (column(kM) - it["EI"] * column(kk))**2 / (c * it["EI"])
                  for (wt, kM), (_, kk) in zip(rod_M, rod_K)))
        D = trapezoid(dissipation)
    balance = E - E[0] + D - W
    pos = {k: data(v)[:, 1:3] for k, v in sensors.items()}
    chord = pos["S"] - pos["P"]
    n = np.stack([-chord[:, 1], chord[:, 0]], axis=1) / np.linalg.norm(chord, axis=1)[:, None]
    w_mid = np.sum((pos["mid"] - 0.5 * (pos["P"] + pos["S"])) * n, axis=1)
    residuals = {k: float(np.abs(data(v)[:, 1:]).max()) for k, v in equations.items()}
    return {"t": t, "E": E, "T_crank": T_crank, "T_rod": T_rod, "T_slider": T_slider,
            "U_rod": U_rod, "W": W, "D": D, "tau": tau, "balance": balance,
            "error": float(np.abs(balance).max() / np.abs(W).max()),
            "x": pos["S"][:, 0], "w": w_mid, "residuals": residuals,
            "residual": max(residuals.values())}


def convergence(runs):
    """the largest differences over the run of the slider position and of the midpoint
    deflection between successive runs of energy_balance (steps doubled each time: the coarse
    run's samples are every second one of the finer run's)"""
    diffs = {}
    for key in ("x", "w"):
        diffs[key] = [float(np.abs(a[key] - b[key][::2]).max()) for a, b in zip(runs, runs[1:])]
    return diffs


def main(plot=False):
    flex = simulate()
    rigid = simulate(stiffness=1e4, axial=1e2)
    last = flex["t"] >= END_TIME - 2 * np.pi / omega          # the last revolution
    w, w_est = flex["w"][last], flex["w_est"][last]
    result = {
        "rigid_x": float(np.abs(rigid["x"] - rigid["x_rigid"]).max()),
        "rigid_w": float(np.abs(rigid["w"]).max()),
        "w_max": float(np.abs(w).max()), "w_est_max": float(np.abs(w_est).max()),
        "w_error": float(np.abs(w - w_est).max()),
        "correlation": float(np.corrcoef(w, w_est)[0, 1]),
        "flex_x": float(np.abs(flex["x"] - flex["x_rigid"]).max()),
        "residual": max(flex["residual"], rigid["residual"]),
    }
    print(f"flexible slider-crank: r = {r} m, l = {l} m, omega = {omega:.3f} rad/s, rod of "
          f"{N_EL} ANCF elements (EI = {EI} N m^2, first bending frequency "
          f"{OMEGA_1:.1f} rad/s), h = {END_TIME / STEPS:g} s")
    print(f"rigid limit (EI x 1e4, EA x 100): max |x - closed form| = {result['rigid_x']:.2e} m, "
          f"max |w| = {result['rigid_w']:.2e} m")
    print(f"flexible rod, last revolution: max |w| = {result['w_max']:.3e} m, quasi-static "
          f"estimate {result['w_est_max']:.3e} m, max |w - w_est| = {result['w_error']:.2e} m, "
          f"correlation {result['correlation']:.4f}; slider off the rigid closed form by up to "
          f"{result['flex_x']:.2e} m")
    print(f"largest constraint residual (pins, guide, drive) {result['residual']:.1e} m")
    # the energy balance without damping at rho_inf = 1, index 3: coordyn warns that the
    # multipliers are not damped there; the balance shows that the drive's work is right
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        runs = [energy_balance(n) for n in BALANCE_STEPS]
    messages = sorted({str(w.message).split(":")[0] for w in caught})
    result["balance"] = [r["error"] for r in runs]
    result["balance_residual"] = max(r["residual"] for r in runs)
    print(f"energy balance, no damping, rho_inf = 1, index 3 (coordyn warned: {messages}):")
    for n, run in zip(BALANCE_STEPS, runs):
        print(f"  h = {BALANCE_TIME / n:.2e}: max |E - E0 - W| / max |W| = {run['error']:.2e} "
              f"(max |W| = {np.abs(run['W']).max():.4f} J), constraint residual "
              f"{run['residual']:.1e}")
    print("   t [s]   w [mm]   w_est [mm]")
    for k in np.flatnonzero(last)[::50]:
        print(f"  {flex['t'][k]:6.3f}  {1e3 * flex['w'][k]:+7.4f}   {1e3 * flex['w_est'][k]:+7.4f}")
    if plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.plot(flex["t"], 1e3 * flex["w"], label="coordyn, ANCF rod")
        ax.plot(flex["t"], 1e3 * flex["w_est"], "--", label="quasi-static estimate")
        ax.set_xlabel("time [s]")
        ax.set_ylabel("midpoint deflection [mm]")
        ax.legend()
        fig.tight_layout()
        fig.savefig("flexible_slider_crank.png", dpi=100)
        print("plot saved to flexible_slider_crank.png")
    return result


if __name__ == "__main__":
    main(plot="--plot" in sys.argv)
