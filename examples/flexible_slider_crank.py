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
"""
import sys

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


def closed_form(t):
    """rigid slider-crank: slider position x and acceleration x_tt for theta = omega t"""
    th = omega * t
    s, c = np.sin(th), np.cos(th)
    D = np.sqrt(l**2 - r**2 * s**2)
    x = r * c + D
    x_tt = -r * omega**2 * c - r**2 * omega**2 * ((c**2 - s**2) / D + r**2 * s**2 * c**2 / D**3)
    return x, x_tt


def build(mbs, stiffness=1.0, axial=1.0):
    """the mechanism at theta = 0 (rod along x from P = (r, 0) to S = (r + l, 0)) with the
    velocities of the rigid motion; stiffness scales EI, axial EA. Returns a dict of sensors."""
    ground = mbs.AddObject(cd.ObjectGround())
    ground_coordinate = mbs.AddMarker(cd.MarkerNodeCoordinate(
        nodeNumber=mbs.AddNode(cd.NodePointGround()), coordinate=0))

    crank_node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0],
                                                initialVelocities=[0, 0, omega]))
    crank = mbs.AddObject(cd.RigidBody2D(mass=m_crank, inertia=m_crank * r**2 / 3,
                                         centerOfMass=[r / 2, 0], nodeNumber=crank_node))
    mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=crank_node))]))
    mbs.AddObject(cd.CoordinateConstraint(
        markerNumbers=[ground_coordinate,
                       mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=crank_node, coordinate=2))],
        offsetUserFunction=lambda mbs, t, itemNumber, offset: omega * t,
        offsetUserFunction_t=lambda mbs, t, itemNumber, offset: omega))

    # the rod: bendingDamping d gives the first mode the damping ratio d OMEGA_1 / (2 EI);
    # axial damping of the same proportion (c = d / EI) keeps the stiff axial modes quiet
    c = 2 * ZETA / OMEGA_1
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
    mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[crank_pin, rod_start]))      # P

    slider_node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[r + l, 0]))
    mbs.AddObject(cd.MassPoint2D(physicsMass=m_slider, nodeNumber=slider_node))
    rod_end = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=elements[-1],
                                                  localPosition=[le, 0, 0]))
    slider_pin = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=slider_node))
    mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[rod_end, slider_pin]))       # S
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[
        ground_coordinate, mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=slider_node,
                                                                 coordinate=1))]))

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
