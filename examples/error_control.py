"""Error control: a torque-driven slider-crank that blows up with a fixed step that looks fine.

The model (steel, density 7850 kg/m^3, gravity -9.81 m/s^2 in y):

    crank   cuboid 0.1 x 0.02 x 0.02 m, NodeRigidBody2D at its centre, pinned to the ground
            at its left end, a constant torque of 0.5 N m, started at 20 rad/s
    rod     cuboid 0.3 x 0.02 x 0.02 m, pinned to the crank's right end
    slider  a 0.05 m steel cube as a MassPoint2D on the x axis (a CoordinateConstraint on y),
            pinned to the rod's right end

The crank speeds up to about 159 rad/s within 2 s. Solved with generalized-alpha (rho = 0.9):

* h = 1e-3 (2000 steps) goes unstable near t = 1.8 s: without a check the crank ends at
  ~5e8 rad/s. coordyn's blow-up guard stops the solve with a SolverError at t = 1.836 s.
* h = 5e-4 is right; the converged answer (h = 1e-5 in coordyn and in Exudyn 1.13.6) is
  x_slider(2 s) = 0.39065 m, max crank speed 159.25 rad/s.
* With error control (timeIntegration.errorControl.active = True) the steps follow the local
  error estimate; the script prints its accuracy and step counts for a few tolerances.
"""
import warnings

import numpy as np

import coordyn as cd

OV = cd.OutputVariableType
X_CONVERGED = 0.39065     # slider x at t = 2 s (h = 1e-5; Exudyn 1.13.6 gives 0.390659)
PHI_CONVERGED = 107.19236  # crank angle [rad] at t = 2 s (Richardson from h = 1e-5, 5e-6)
W_MAX_CONVERGED = 159.25  # largest crank speed [rad/s] in 0 <= t <= 2 s


def build(mbs, omega0=20.0, torque=0.5, g=9.81, density=7850.0, r=0.1, l=0.3, t=0.02):
    """Add the slider-crank to mbs; returns (slider position sensor, crank speed sensor)."""
    m_crank, m_rod = density * r * t * t, density * l * t * t
    m_slider = density * 0.05**3
    ground = mbs.AddObject(cd.ObjectGround())
    ground_node = mbs.AddNode(cd.NodePointGround())
    # initial state at the dead centre (all along x): velocities consistent with omega0
    n_crank = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[r / 2, 0, 0],
                                             initialVelocities=[0, omega0 * r / 2, omega0]))
    crank = mbs.AddObject(cd.RigidBody2D(mass=m_crank, inertia=m_crank * (r**2 + t**2) / 12,
                                         nodeNumber=n_crank))
    n_rod = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[r + l / 2, 0, 0],
                                           initialVelocities=[0, omega0 * r / 2,
                                                              -omega0 * r / l]))
    rod = mbs.AddObject(cd.RigidBody2D(mass=m_rod, inertia=m_rod * (l**2 + t**2) / 12,
                                       nodeNumber=n_rod))
    n_slider = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[r + l, 0]))
    slider = mbs.AddObject(cd.MassPoint2D(mass=m_slider, nodeNumber=n_slider))

    crank_pivot = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[-r / 2, 0, 0]))
    joints = [(mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)), crank_pivot),
              (mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=crank, localPosition=[r / 2, 0, 0])),
               mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=rod, localPosition=[-l / 2, 0, 0]))),
              (mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=rod, localPosition=[l / 2, 0, 0])),
               mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=slider)))]
    for m0, m1 in joints:
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[m0, m1]))
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[
        mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ground_node, coordinate=0)),
        mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n_slider, coordinate=1))]))
    mbs.AddLoad(cd.Torque(markerNumber=crank_pivot, loadVector=[0, 0, torque]))
    for body in (crank, rod, slider):
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                               loadVector=[0, -g, 0]))
    return (mbs.AddSensor(cd.SensorNode(nodeNumber=n_slider, outputVariableType=OV.Position)),
            mbs.AddSensor(cd.SensorNode(nodeNumber=n_crank,
                                        outputVariableType=OV.AngularVelocity)),
            mbs.AddSensor(cd.SensorNode(nodeNumber=n_crank, outputVariableType=OV.Rotation)))


def solve(h=1e-3, end_time=2.0, tolerance=None, period=1e-3, **settings):
    """Solve; tolerance: relative tolerance of error control (None: fixed steps h).
    settings: extra settings as dotted paths. Returns a dict with x (slider at the end),
    w_max (largest crank speed), stats, error (the SolverError or None), t_end."""
    mbs = cd.SystemContainer().AddSystem()
    s_x, s_w, s_phi = build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = int(round(end_time / h))
    s.solutionSettings.sensorsWritePeriod = period
    if tolerance is not None:
        s.timeIntegration.errorControl.active = True
        s.timeIntegration.errorControl.relativeTolerance = tolerance
    for path, value in settings.items():
        node, leaf = s, path.split(".")
        for name in leaf[:-1]:
            node = getattr(node, name)
        setattr(node, leaf[-1], value)
    error = None
    try:
        mbs.SolveDynamic(s)
    except cd.SolverError as e:
        error = e
    x, w = mbs.GetSensorStoredData(s_x), mbs.GetSensorStoredData(s_w)
    return {"x": float(x[-1, 1]), "phi": float(mbs.GetSensorStoredData(s_phi)[-1, -1]), "t_end": float(x[-1, 0]), "w_max": float(np.max(abs(w[:, 3]))),
            "stats": mbs.GetSolverStatistics(), "error": error, "times": x[:, 0]}


def main():
    result = {}
    print(f"converged: x(2 s) = {X_CONVERGED} m, max crank speed {W_MAX_CONVERGED} rad/s")
    r = solve(1e-3)
    result["stopped_at"] = r["t_end"] if r["error"] else None
    print(f"fixed h = 1e-3: stopped at t = {r['t_end']:.3f} s: {r['error']}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        r = solve(1e-3, **{"timeIntegration.errorControl.blowUpTolerance": 0})
    result["w_max_unguarded"] = r["w_max"]
    print(f"fixed h = 1e-3 without the guard: max crank speed {r['w_max']:.3g} rad/s (wrong)")
    print("       steps   |phi - phi_conv|  |x - x_conv|   max speed")
    for h in (5e-4, 2.5e-4, 1e-4):
        r = solve(h)
        e_phi = abs(r["phi"] - PHI_CONVERGED)
        result[("fixed", h)] = (e_phi, r["stats"]["steps"], abs(r["x"] - X_CONVERGED))
        print(f"h = {h:<8g}{r['stats']['steps']:7d}   {e_phi:.2e}          "
              f"{abs(r['x'] - X_CONVERGED):.2e}       {r['w_max']:.2f}")
    for tol in (1e-4, 1e-5, 1e-6):
        r = solve(1e-3, tolerance=tol)
        st = r["stats"]
        e_phi = abs(r["phi"] - PHI_CONVERGED)
        result[("rtol", tol)] = (e_phi, st["steps"], abs(r["x"] - X_CONVERGED))
        print(f"rtol {tol:<7g}{st['steps']:7d}   {e_phi:.2e}          "
              f"{abs(r['x'] - X_CONVERGED):.2e}       {r['w_max']:.2f}   "
              f"({st['errorRejectedSteps']} rejected, "
              f"steps {st['minimumStepUsed']:.2g} to {st['maximumStepUsed']:.2g} s)")
    return result


if __name__ == "__main__":
    main()
