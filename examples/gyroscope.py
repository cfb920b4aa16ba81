"""Gyroscope: the heavy top (docs/references.rst, "Heavy top") and its steady precession.

A symmetric top (mass m = 15 kg) spins about its body y axis; its centre of mass lies on that
axis at d = 1 m from a fixed pivot (SphericalJoint at the node), gravity -9.81 in z. Inertia
about the centre of mass diag(0.234375, 0.46875, 0.234375): J_spin = 0.46875 about the axis;
about the pivot the transverse inertia is J_t = 0.234375 + m d^2.

Part 1, the reference run (docs/references.rst, "Heavy top"): R(0) = I, body angular velocity
(0, 150, -4.61538), 2 s, rho = 0.9. Body w_y = 150, the total energy and the vertical angular
momentum about the pivot are exact invariants; the script prints their drift for
- NodeRigidBodyRotVecLG (Lie group: velocity coordinates = body angular velocity) and
- NodeRigidBodyEP (Euler parameters),
both at the reference step h = 2e-3. (Exudyn 1.13.6's Euler parameters end far off at this
step; coordyn projects the Euler-parameter velocities onto e . e_t = 0 after every step.)
This start is no quiet gyroscope: the axis, horizontal at t = 0, swings down through the
vertical and back (the exact solution reaches axis height -1).

Part 2, the gyroscope: the same top started with the body angular velocity
(0, w_spin, Omega_p), Omega_p = m g d / (J_spin w_spin). For a horizontal axis this is steady
precession: the angular momentum J_t Omega_p e_z + J_spin w_spin e_axis turns about z at
Omega_p, dL/dt = Omega_p J_spin w_spin (e_z x e_axis), which is exactly the torque of gravity
m g d (e_axis x -e_z) - the gyroscopic formula is exact here. The script measures the precession
rate (azimuth of the axis over 2 s) and how far the axis leaves the horizontal. The Lie group
method at h = 2e-3 precesses too slowly: w_spin h = 0.3 rad per step and the transverse body
angular velocity turns once per spin revolution, so its O(h^2) error has a large constant;
the deficit shrinks at second order (printed for h = 2e-3, 1e-3, 5e-4).
"""
import numpy as np

import coordyn as cd
from coordyn import graphics

OV = cd.OutputVariableType

m, g, d = 15.0, 9.81, 1.0
J_C = np.diag([0.234375, 0.46875, 0.234375])       # about the centre of mass
COM = np.array([0.0, d, 0.0])                        # centre of mass in body coordinates
J_P = J_C + m * (COM @ COM * np.eye(3) - np.outer(COM, COM))   # about the pivot (Steiner)
J_spin, w_spin = J_C[1, 1], 150.0
OMEGA_P = m * g * d / (J_spin * w_spin)             # gyroscopic precession rate [rad/s]
OMEGA_REFERENCE = np.array([0.0, w_spin, -4.61538])  # docs/references.rst, "Heavy top"
end_time = 2.0


def ep_rates(w_body):
    """Euler-parameter rates at e = (1, 0, 0, 0) (R = I) for a body angular velocity:
    e_t = Gbar^T w / 4 with Gbar = 2 [-e_vec, e0 I - skew(e_vec)] = 2 [0, I]."""
    return [0.0, *(0.5 * np.asarray(w_body))]


def build(mbs, node_type, w_body):
    """The top in mbs with an "EP" or "LG" node; returns its sensors."""
    # a pedestal under the pivot, a rod along the spin axis and the disc (graphics, for the
    # viewer); the disc has a light sector so that its spin is visible
    ground = mbs.AddObject(cd.ObjectGround(visualization=cd.VObjectGround(graphicsData=[
        graphics.Cylinder(pAxis=[0, 0, -1.2], vAxis=[0, 0, 1.15], radius=0.05,
                          color=graphics.color.darkgrey),
        graphics.CheckerBoard(point=[0, 0, -1.2], size=3)])))
    shapes = [graphics.Cylinder(pAxis=[0, 0, 0], vAxis=[0, 1.1 * d, 0], radius=0.03,
                                color=graphics.color.grey),
              graphics.Cylinder(pAxis=[0, 0.95 * d, 0], vAxis=[0, 0.1 * d, 0], radius=0.4,
                                color=graphics.color.steelblue, nTiles=32,
                                angleRange=[0.5, 2 * np.pi]),
              graphics.Cylinder(pAxis=[0, 0.95 * d, 0], vAxis=[0, 0.1 * d, 0], radius=0.4,
                                color=graphics.color.yellow, angleRange=[0, 0.5])]
    if node_type == "EP":   # [x, y, z, e0, e1, e2, e3]; velocities are the coordinate rates
        node = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                              initialVelocities=[0, 0, 0, *ep_rates(w_body)]))
    else:                   # [x, y, z, rotation vector]; velocities [v, body angular velocity]
        node = mbs.AddNode(cd.NodeRigidBodyRotVecLG(initialVelocities=[0, 0, 0, *w_body]))
    # inertia [Jxx, Jyy, Jzz, Jyz, Jxz, Jxy] about the node (the pivot)
    top = mbs.AddObject(cd.RigidBody(mass=m, nodeNumber=node, centerOfMass=list(COM),
                                     inertia=[J_P[0, 0], J_P[1, 1], J_P[2, 2], 0, 0, 0],
                                     visualization=cd.VObjectRigidBody(graphicsData=shapes)))
    # the pivot: the node stays at the ground origin
    mbs.AddObject(cd.SphericalJoint(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=top))]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=top)),
                           loadVector=[0, 0, -g]))
    return {v: mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=v))
            for v in (OV.AngularVelocity, OV.RotationMatrix)}


def simulate(node_type, h, w_body):
    """Times, body angular velocities and rotation matrices (body -> global) at every step."""
    mbs = cd.SystemContainer().AddSystem()
    sensors = build(mbs, node_type, w_body)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = int(round(end_time / h))
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.solutionSettings.sensorsWritePeriod = h
    mbs.SolveDynamic(s)
    w = mbs.GetSensorStoredData(sensors[OV.AngularVelocity])      # global angular velocity
    A = mbs.GetSensorStoredData(sensors[OV.RotationMatrix])[:, 1:].reshape(-1, 3, 3)
    w_body = np.einsum("kji,kj->ki", A, w[:, 1:])                 # A^T w
    return w[:, 0], w_body, A


def invariants(w_body, A):
    """Drift of body w_y, of the energy and of the vertical angular momentum about the pivot."""
    energy = 0.5 * np.einsum("ki,ij,kj->k", w_body, J_P, w_body) + m * g * (A @ COM)[:, 2]
    Lz = np.einsum("ki,ij,kj->k", A[:, 2, :], J_P, w_body)        # e_z . A J_P w_body
    return {"w_y": float(np.max(np.abs(w_body[:, 1] - w_spin))),
            "energy": float(np.max(np.abs(energy - energy[0]))),
            "Lz": float(np.max(np.abs(Lz - Lz[0]))), "E0": energy[0], "Lz0": Lz[0]}


def precession(t, A):
    """Mean precession rate (azimuth of the spin axis, unwrapped) and the largest height of
    the unit axis above the horizontal plane."""
    axis = A[:, :, 1]                       # body y axis in global coordinates
    psi = np.unwrap(np.arctan2(axis[:, 1], axis[:, 0]))
    return float((psi[-1] - psi[0]) / (t[-1] - t[0])), float(np.max(np.abs(axis[:, 2])))


def main():
    result = {}
    print(f"heavy top (docs/references.rst), {end_time} s, rho = 0.9")
    print("node                 h       max|w_y - 150|  max|E - E0| [J]  max|Lz - Lz0| [N m s]"
          "  lowest axis z")
    for node_type, h in (("LG", 2e-3), ("EP", 2e-3)):
        t, wb, A = simulate(node_type, h, OMEGA_REFERENCE)
        inv = invariants(wb, A)
        result[node_type] = inv
        name = "NodeRigidBodyRotVecLG" if node_type == "LG" else "NodeRigidBodyEP"
        print(f"{name:21s} {h:.0e}   {inv['w_y']:.2e}         {inv['energy']:.3e}        "
              f"{inv['Lz']:.3e}              {np.min(A[:, 2, 1]):+.3f}")
    print(f"(E0 = {inv['E0']:.2f} J, Lz0 = {inv['Lz0']:.4f} N m s)")

    print(f"\ngyroscope: start in steady precession, w_body = (0, {w_spin:g}, Omega_p), "
          f"Omega_p = m g d / (J_spin w_spin) = {OMEGA_P:.5f} rad/s")
    print("node                 h       precession rate  relative error  max |axis z|")
    result["precession"] = {}
    for node_type, h in (("EP", 2e-3), ("EP", 5e-4), ("LG", 2e-3), ("LG", 1e-3), ("LG", 5e-4)):
        t, wb, A = simulate(node_type, h, [0, w_spin, OMEGA_P])
        rate, height = precession(t, A)
        result["precession"][node_type, h] = (rate, height)
        name = "NodeRigidBodyRotVecLG" if node_type == "LG" else "NodeRigidBodyEP"
        print(f"{name:21s} {h:.0e}   {rate:.5f} rad/s    {(rate - OMEGA_P) / OMEGA_P:+.2e}       "
              f"{height:.2e}")
    return result


if __name__ == "__main__":
    main()
