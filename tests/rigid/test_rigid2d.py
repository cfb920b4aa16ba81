"""Planar rigid bodies against physics: NodeRigidBody2D + ObjectRigidBody2D (mass, inertia about
the centre of mass, centerOfMass offset), MarkerBodyRigid / MarkerNodeRigid, RevoluteJoint2D,
PrismaticJoint2D, LoadTorqueVector and the rotation outputs.

Conventions checked here (M q_tt + C_q^T lambda = f):
- RevoluteJoint2D markers [m0, m1]: g = (p1 - p0)_xy; its multipliers [lambda0, lambda1] are the
  force that the joint exerts on marker 0's body (marker 1's body receives -lambda).
- CoordinateConstraint [q0, q1]: g = factor1 q1 - q0 - offset(t); the coordinate q1 receives the
  generalized force -factor1 lambda, q0 receives +lambda.
- PrismaticJoint2D: g0 = n1 . (p1 - p0), n1 = A1 normalMarker1; g1 = a0 . n1, a0 = A0 axisMarker0.

A planar rigid body with node position p, angle phi and centre of mass c (body frame) has
p_c = p + A(phi) c; with c_g = A c and t = d c_g / d phi = (-c_g,y, c_g,x), Lagrange's equations
give M(phi) = [[m I2, m t], [m t^T, I_c + m |c|^2]] and the quadratic term -m phi_t^2 c_g in the
x, y rows.
"""
import numpy as np
import pytest
from scipy.integrate import solve_ivp

import coordyn as cd
from conftest import (PEND_TABLE, central_differences, check_jacobian, message_naming as _names,
                      new_system, perp, rotation_2d as _rot, row_at, sensor_data, settings)

OV = cd.OutputVariableType
CT = cd.ConfigurationType


def _rigid(mbs, ref, m=1.0, inertia=0.0, com=(0.0, 0.0), q0=(0, 0, 0), v0=(0, 0, 0)):
    """NodeRigidBody2D + ObjectRigidBody2D with the moment of inertia `inertia` about the
    centre of mass (given to the body about the node, I_c + m |com|^2, as it takes it);
    returns (node, body)"""
    n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=list(ref), initialCoordinates=list(q0),
                                       initialVelocities=list(v0)))
    b = mbs.AddObject(cd.RigidBody2D(mass=m, inertia=inertia + m * float(np.dot(com, com)),
                                     centerOfMass=list(com), nodeNumber=n))
    return n, b


# ---------------------------------------------------------------------------------------------
# 1. rigid-body pendulum = point-mass pendulum (docs/references.rst)

# position error allowed at h = 1e-3 (rho 0.9), as for the point-mass pendulum: the phase error
# of a second-order method grows linearly in time, |dp| <= 2.5e-5 * t; a quarter at h / 2
TOL_PER_SECOND = {1e-3: 2.5e-5, 5e-4: 2.5e-5 / 4}


def _rigid_pendulum(h, end_time=10.0):
    """Mass 1 at the node (inertia 0) at (1, 0), hinged to the ground origin by a revolute joint
    at local (-1, 0): the rigid-body description of docs/references.rst's pendulum."""
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    n, b = _rigid(mbs, [1.0, 0.0, 0.0], m=1.0, inertia=0.0)
    joint = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[-1.0, 0, 0]))]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, -9.81, 0]))
    pos = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    force = mbs.AddSensor(cd.SensorObject(objectNumber=joint, outputVariableType=OV.Force))
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, end_time))
    return sensor_data(mbs, pos), sensor_data(mbs, force)


@pytest.fixture(scope="module")
def rigid_pendulum_runs():
    return {h: _rigid_pendulum(h) for h in (1e-3, 5e-4)}


def test_rigid_pendulum_equals_point_mass_pendulum(rigid_pendulum_runs, pendulum_runs):
    """With the mass at the node and no inertia the revolute joint at local (-1, 0) only adds the
    angle as a coordinate without mass: the positions equal the MassPoint2D + DistanceConstraint
    pendulum to 1e-8 at every step over 10 s (h = 1e-3 and 5e-4). The joint force is the rod
    force: lambda (on marker 0's body, the ground) = T p/|p| with T the distance constraint's
    multiplier (the tension), i.e. the rod pulls the ground towards the mass (to 1e-7 relative,
    the Newton tolerance)."""
    for h, (pos, force) in rigid_pendulum_runs.items():
        ref = pendulum_runs[h]
        assert pos.shape == ref["pos"].shape
        np.testing.assert_allclose(pos[:, 0], ref["pos"][:, 0], rtol=0, atol=1e-12)
        np.testing.assert_allclose(pos[:, 1:], ref["pos"][:, 1:], rtol=0, atol=1e-8)
        p = ref["pos"][:, 1:3]
        expected = ref["force"][:, 1:2] * p / np.linalg.norm(p, axis=1, keepdims=True)
        assert np.max(np.abs(expected)) > 25      # the tension reaches about 3 m g
        # (to the Newton tolerance: 1e-7 of the largest force)
        np.testing.assert_allclose(force[:, 1:3], expected, rtol=0,
                                   atol=1e-7 * np.max(np.abs(expected)))


@pytest.mark.parametrize("t", sorted(PEND_TABLE))
def test_rigid_pendulum_vs_table(rigid_pendulum_runs, t):
    """Node positions at t = 1, 2, 5, 10 vs docs/references.rst: within 2.5e-5 t at h = 1e-3 and
    6.25e-6 t at h = 5e-4, error ratio 3.5..4.5 for h -> h/2, Richardson to 1e-8."""
    ref = np.array(PEND_TABLE[t])
    p = {h: row_at(d[0], t)[:2] for h, d in rigid_pendulum_runs.items()}
    err = {h: np.linalg.norm(p[h] - ref) for h in p}
    for h, e in err.items():
        assert e < TOL_PER_SECOND[h] * t, f"h={h}, t={t}: error {e:.3e}"
    assert 3.5 < err[1e-3] / err[5e-4] < 4.5
    assert np.linalg.norm((4 * p[5e-4] - p[1e-3]) / 3 - ref) < 1e-8


# ---------------------------------------------------------------------------------------------
# 2. physical pendulum: node at the pivot, centre of mass offset

PP = dict(m=2.0, d=0.3, Ic=0.05, g=9.81)


def _physical_pendulum(h, end_time, phi_ref, dphi0):
    """Body hinged at its node (ground origin), centre of mass at body (d, 0), gravity -g y.
    The node's rotation: reference phi_ref plus initial displacement dphi0, at rest.
    Returns sensor data (Rotation, AngularVelocity, node Position, joint Force)."""
    m, d, Ic, g = PP["m"], PP["d"], PP["Ic"], PP["g"]
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    n, b = _rigid(mbs, [0, 0, phi_ref], m=m, inertia=Ic, com=(d, 0), q0=(0, 0, dphi0))
    joint = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n))]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, -g, 0]))
    sensors = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=v))
               for v in (OV.Rotation, OV.AngularVelocity, OV.Position)]
    sensors.append(mbs.AddSensor(cd.SensorObject(objectNumber=joint, outputVariableType=OV.Force)))
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, end_time))
    return [sensor_data(mbs, s) for s in sensors]


def test_physical_pendulum_small_amplitude_period():
    """Centre of mass p_c = d (cos phi, sin phi); T = (I_c + m d^2) phi_t^2 / 2,
    V = m g d sin phi, so (I_c + m d^2) phi_tt = -m g d cos phi. About phi = -pi/2
    (phi = -pi/2 + theta, cos phi = sin theta ~ theta) the period is
    T0 = 2 pi sqrt((I_c + m d^2) / (m g d)) = 1.24204 s, times 1 + theta0^2/16 for the
    amplitude theta0 = 0.01. Measured from the downward zero crossings of theta over 5 s:
    relative error < 1e-5 at h = 1e-3 (observed 2e-6; the period with I_c alone, or with the
    centre of mass ignored, differs by 70 % or more), halving h divides it by 3.5..4.5; the
    node stays at the pivot."""
    m, d, Ic, g = PP["m"], PP["d"], PP["Ic"], PP["g"]
    th0 = 0.01
    T_exact = 2 * np.pi * np.sqrt((Ic + m * d**2) / (m * g * d)) * (1 + th0**2 / 16
                                                                   + 11 * th0**4 / 3072)
    errs = []
    for h in (1e-3, 5e-4):
        rot, omega, pos, force = _physical_pendulum(h, 5.0, -np.pi / 2, th0)
        t, theta = rot[:, 0], rot[:, 3] + np.pi / 2
        assert abs(theta[0] - th0) < 1e-15 and np.max(np.abs(theta)) < 1.001 * th0
        i = np.where((theta[:-1] > 0) & (theta[1:] <= 0))[0]
        assert len(i) >= 4
        crossings = t[i] + (t[i + 1] - t[i]) * theta[i] / (theta[i] - theta[i + 1])
        errs.append(abs(np.mean(np.diff(crossings)) / T_exact - 1))
        assert np.max(np.abs(pos[:, 1:])) < 1e-10
    assert errs[0] < 1e-5, f"relative period error {errs[0]:.2e}"
    assert 3.5 < errs[0] / errs[1] < 4.5


def _physical_pendulum_exact(t):
    """phi, phi_t, phi_tt of (I_c + m d^2) phi_tt = -m g d cos phi from phi = 0 at rest
    (scipy DOP853, rtol = atol = 1e-13)."""
    m, d, Ic, g = PP["m"], PP["d"], PP["Ic"], PP["g"]
    Ip = Ic + m * d**2
    sol = solve_ivp(lambda _, z: [z[1], -m * g * d * np.cos(z[0]) / Ip], (0, t[-1]), [0.0, 0.0],
                    method="DOP853", rtol=1e-13, atol=1e-13, t_eval=t)
    phi, w = sol.y
    return phi, w, -m * g * d * np.cos(phi) / Ip


def test_physical_pendulum_large_amplitude_vs_scipy():
    """Released at rest from the horizontal (phi = 0), 3 s: angle and angular velocity against
    scipy's solution of (I_c + m d^2) phi_tt = -m g d cos phi. With omega0^2 = m g d / I_p
    (about 25.6 1/s^2) the bounds at h = 1e-3 are |dphi| <= t (omega0 h)^2 and
    |dphi_t| <= 3 t omega0 (omega0 h)^2 (observed about half); halving h divides the errors by
    3.5..4.5.
    Joint force: Newton for the centre of mass, m a_c = F_body + m g, with
    a_c = d (-sin phi phi_tt - cos phi phi_t^2, cos phi phi_tt - sin phi phi_t^2); the joint's
    multiplier is the force on marker 0's body (the ground), lambda = -F_body = -m (a_c - g).
    Within 3 (omega0 h)^2 max|lambda| after 0.5 s (the multipliers' start-up transient)."""
    m, d, Ic, g = PP["m"], PP["d"], PP["Ic"], PP["g"]
    w0 = np.sqrt(m * g * d / (Ic + m * d**2))
    errs = []
    for h in (1e-3, 5e-4):
        rot, omega, pos, force = _physical_pendulum(h, 3.0, 0.0, 0.0)
        t = rot[:, 0]
        phi, w, a = _physical_pendulum_exact(t)
        assert np.min(phi) < -3.0                  # swings through the bottom to the left
        e_phi = np.abs(rot[:, 3] - phi)
        e_w = np.abs(omega[:, 3] - w)
        assert np.all(e_phi <= t * (w0 * h)**2 + 1e-13), f"h={h}: {e_phi.max():.2e}"
        assert np.all(e_w <= 3 * t * w0 * (w0 * h)**2 + 1e-12), f"h={h}: {e_w.max():.2e}"
        a_c = d * np.array([-np.sin(phi) * a - np.cos(phi) * w**2,
                            np.cos(phi) * a - np.sin(phi) * w**2])
        lam = -m * (a_c - np.array([[0.0], [-g]]))
        late = t > 0.5
        e_f = np.max(np.abs(force[late, 1:3] - lam[:, late].T))
        assert e_f <= 3 * (w0 * h)**2 * np.max(np.abs(lam)), f"h={h}: force error {e_f:.2e}"
        errs.append((e_phi.max(), e_w.max(), e_f))
    ratios = np.array(errs[0]) / np.array(errs[1])
    assert np.all((3.5 < ratios) & (ratios < 4.5)), ratios


# ---------------------------------------------------------------------------------------------
# 3. torque-driven free rotation

TQ = dict(m=2.0, I=0.4, tau=1.5)


def _torque_body(h, end_time, com, marker):
    """A free body at rest (no gravity) with a constant LoadTorqueVector [0, 0, tau] on a
    MarkerNodeRigid or on a MarkerBodyRigid away from the node (a torque is a free vector)."""
    mbs = new_system()
    n, b = _rigid(mbs, [0.5, -0.2, 0.3], m=TQ["m"], inertia=TQ["I"], com=com)
    if marker == "node":
        mk = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n))
    else:
        mk = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[0.7, 0.2, 0]))
    mbs.AddLoad(cd.Torque(markerNumber=mk, loadVector=[0, 0, TQ["tau"]]))
    sensors = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=v))
               for v in (OV.Coordinates, OV.Coordinates_t, OV.Coordinates_tt, OV.Position)]
    sensors.append(mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=[*com, 0],
                                               outputVariableType=OV.Position)))
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, end_time))
    return [sensor_data(mbs, s) for s in sensors]


@pytest.mark.parametrize("marker", ["node", "body"])
def test_torque_free_rotation_exact(marker):
    """Centre of mass at the node: I phi_tt = tau, phi = tau t^2 / (2 I) (generalized-alpha
    integrates constant accelerations exactly: 1e-12 relative), the node does not move."""
    q, v, a, pos, pc = _torque_body(0.01, 2.0, (0.0, 0.0), marker)
    t, alpha = q[:, 0], TQ["tau"] / TQ["I"]
    np.testing.assert_allclose(q[:, 3], 0.5 * alpha * t**2, rtol=0, atol=1e-12 * 0.5 * alpha * 4)
    np.testing.assert_allclose(v[:, 3], alpha * t, rtol=0, atol=1e-12 * alpha * 2)
    np.testing.assert_allclose(a[:, 3], alpha, rtol=1e-13)
    assert np.max(np.abs(q[:, 1:3])) == 0 and np.max(np.abs(a[:, 1:3])) == 0


@pytest.mark.parametrize("marker", ["node", "body"])
def test_torque_with_center_of_mass_offset(marker):
    """Centre of mass c = (0.3, -0.4) away from the node, no force: the x, y rows give
    m (p_tt + t phi_tt - phi_t^2 c_g) = m a_c = 0, the centre of mass stays at rest; inserting
    this into the phi row (t . c_g = 0, |t| = |c|) leaves I_c phi_tt = tau: phi is again exact
    (1e-12) while the node moves on the circle p = p_c0 - A(phi) c of radius |c| = 0.5. The
    node's x, y are not polynomial in t: at h = 5e-3 the centre of mass stays within
    |c| (omega_max h)^2 / 4 of its start (omega_max = 7.5 rad/s), and halving h divides the
    drift by 3.5..4.5; the node stays within the same bound of the circle."""
    com = np.array([0.3, -0.4])
    alpha = TQ["tau"] / TQ["I"]
    drift = []
    for h in (5e-3, 2.5e-3):
        q, v, a, pos, pc = _torque_body(h, 2.0, tuple(com), marker)
        t = q[:, 0]
        phi = 0.3 + 0.5 * alpha * t**2
        np.testing.assert_allclose(q[:, 3], phi - 0.3, rtol=0, atol=1e-11)
        np.testing.assert_allclose(a[:, 3], alpha, rtol=1e-12)
        bound = np.linalg.norm(com) * (alpha * 2.0 * h)**2 / 4
        pc0 = np.array([0.5, -0.2]) + _rot(0.3) @ com
        np.testing.assert_allclose(pc[0, 1:3], pc0, rtol=0, atol=1e-15)
        e_c = np.max(np.abs(pc[:, 1:3] - pc0))
        assert e_c <= bound, f"h={h}: centre of mass moved {e_c:.2e}"
        node = pc0 - np.einsum("kij,j->ki", np.array([_rot(p) for p in phi]), com)
        assert np.max(np.abs(pos[:, 1:3] - node)) <= bound
        drift.append(e_c)
    assert drift[0] > 1e-6                       # the test does see the x, y integration
    assert 3.5 < drift[0] / drift[1] < 4.5


# ---------------------------------------------------------------------------------------------
# 4. slider-crank driven at constant crank speed

SC = dict(r=0.2, l=0.5, omega=2 * np.pi)


def slider_closed_form(t, r=SC["r"], l=SC["l"], omega=SC["omega"]):
    """x = r c + D, D = sqrt(l^2 - r^2 s^2), s = sin(omega t), c = cos(omega t):
    x_t = -r omega s - r^2 omega s c / D,
    x_tt = -r omega^2 c - r^2 omega^2 ((c^2 - s^2) / D + r^2 s^2 c^2 / D^3)
    (d/dt (s c / D) = omega ((c^2 - s^2) / D + r^2 s^2 c^2 / D^3), as
    dD/dt = -r^2 omega s c / D)."""
    s, c = np.sin(omega * t), np.cos(omega * t)
    D = np.sqrt(l**2 - r**2 * s**2)
    return (r * c + D, -r * omega * s - r**2 * omega * s * c / D,
            -r * omega**2 * c - r**2 * omega**2 * ((c**2 - s**2) / D + r**2 * s**2 * c**2 / D**3))


def build_slider_crank(mbs, guide, masses=(1.0, 2.0, 3.0), inertias=(0.01, 0.05, 0.01)):
    """Crank (node at the ground pivot O, centre of mass at r/2), rod (node at its centre of
    mass), slider at S; revolute joints at O, at the crank pin P = crank (r, 0) = rod (-l/2, 0)
    and at S = rod (l/2, 0) = slider node. The crank's rotation coordinate is prescribed,
    phi = omega t, by a CoordinateConstraint [ground coordinate, crank coordinate 2] with
    offsetUserFunction. Guide of the slider on the x axis:
      'prismatic'  : RigidBody2D slider, PrismaticJoint2D from a base RigidBody2D (fixed by
                     three CoordinateConstraints; ObjectGround has no MarkerBodyRigid) with
                     axisMarker0 = x, normalMarker1 = y, constrainRotation;
      'coordinate' : MassPoint2D slider, a CoordinateConstraint keeps its y at 0.
    Initial state at theta = 0 with consistent velocities: crank omega, rod angular velocity
    -r omega / l and centre-of-mass velocity (0, r omega / 2), slider at rest."""
    r, l, w = SC["r"], SC["l"], SC["omega"]
    ground = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(cd.NodePointGround()),
                                               coordinate=0))

    def fix(node, coordinate, **kw):
        return mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mbs.AddMarker(
            cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=coordinate))], **kw))

    nc, crank = _rigid(mbs, [0, 0, 0], masses[0], inertias[0], com=(r / 2, 0), v0=(0, 0, w))
    nr, rod = _rigid(mbs, [r + l / 2, 0, 0], masses[1], inertias[1], v0=(0, r * w / 2, -r * w / l))
    if guide == "prismatic":
        ns, slider = _rigid(mbs, [r + l, 0, 0], masses[2], inertias[2])
        mslider = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=ns))
    else:
        ns = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[r + l, 0]))
        mbs.AddObject(cd.MassPoint2D(mass=masses[2], nodeNumber=ns))
        mslider = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=ns))
    joints = [
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
            mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
            mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=nc))])),
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
            mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=crank, localPosition=[r, 0, 0])),
            mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=rod, localPosition=[-l / 2, 0, 0]))])),
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
            mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=rod, localPosition=[l / 2, 0, 0])),
            mslider]))]
    if guide == "prismatic":
        nb, base = _rigid(mbs, [0, 0, 0], 1.0, 1.0)
        for k in range(3):
            fix(nb, k)
        guide_obj = mbs.AddObject(cd.PrismaticJoint2D(
            markerNumbers=[mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=base)), mslider],
            axisMarker0=[1, 0, 0], normalMarker1=[0, 1, 0], constrainRotation=True))
    else:
        guide_obj = fix(ns, 1)
    drive = fix(nc, 2, offsetUserFunction=lambda mbs, t, item, off: w * t,
                offsetUserFunction_t=lambda mbs, t, item, off: w)
    sensors = {k: mbs.AddSensor(cd.SensorNode(nodeNumber=ns, outputVariableType=v))
               for k, v in (("pos", OV.Position), ("vel", OV.Velocity), ("acc", OV.Acceleration))}
    return dict(joints=joints, guide=guide_obj, drive=drive, sensors=sensors)


def _run_slider_crank(guide, h, end_time, **kw):
    mbs = new_system()
    it = build_slider_crank(mbs, guide, **kw)
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, end_time))
    return mbs, it, {k: sensor_data(mbs, s) for k, s in it["sensors"].items()}


@pytest.mark.parametrize("guide", ["prismatic", "coordinate"])
def test_slider_crank_kinematics_closed_form(guide):
    """One crank revolution (1 s), h = 1e-3 and 5e-4. The mechanism is kinematically driven:
    index-3 constraints hold the positions exactly, so x matches the closed form to 1e-12 and
    y = 0. Velocity and acceleration carry the method's O(h^2) error:
    |dx_t| <= 0.5 r omega (omega h)^2 and |dx_tt| <= 2 r omega^2 (omega h)^2 (observed about 0.3
    and 0.4 of these), and halving h divides both by 3.5..4.5."""
    r, w = SC["r"], SC["omega"]
    errs = []
    for h in (1e-3, 5e-4):
        mbs, it, d = _run_slider_crank(guide, h, 1.0)
        t = d["pos"][:, 0]
        assert len(t) == round(1 / h) + 1
        x, x_t, x_tt = slider_closed_form(t)
        np.testing.assert_allclose(d["pos"][:, 1], x, rtol=0, atol=1e-12)
        assert np.max(np.abs(d["pos"][:, 2])) < 1e-12
        e_v = np.max(np.abs(d["vel"][:, 1] - x_t))
        e_a = np.max(np.abs(d["acc"][:, 1] - x_tt))
        assert e_v <= 0.5 * r * w * (w * h)**2, f"h={h}: velocity error {e_v:.2e}"
        assert e_a <= 2 * r * w**2 * (w * h)**2, f"h={h}: acceleration error {e_a:.2e}"
        errs.append((e_v, e_a))
    ratios = np.array(errs[0]) / np.array(errs[1])
    assert np.all((3.5 < ratios) & (ratios < 4.5)), ratios


@pytest.mark.parametrize("guide", ["prismatic", "coordinate"])
def test_slider_crank_reaction_forces(guide):
    """Massless crank and rod (mass and inertia 0), slider of mass m = 3, no gravity; joint
    forces at t = 0.3 s (after the multipliers' start-up transient) against statics by hand.

    The rod carries no mass and is loaded only at its two pins: a two-force member, its force
    acts along e = (S - P)/l, P = r (cos theta, sin theta), S = (x, 0). Let the rod push the
    slider with N e. The slider moves along x only: m x_tt = N e_x, so N = m x_tt / e_x, and
    the guide balances N e_y.
    - Joint S [rod, slider]: lambda is the force on marker 0's body, the rod: the slider pushes
      back, lambda_S = -N e.
    - Joint P [crank, rod]: the rod pushes the crank with -N e (equilibrium of the rod):
      lambda_P = -N e.
    - Joint O [ground, crank]: the crank is in equilibrium, the ground force on it is +N e,
      lambda_O (on the ground) = -N e.
    - Drive g = phi - omega t (crank coordinate is marker 1, factor1 = 1): the crank receives
      -lambda_d; the moment balance of the crank about O, -lambda_d + (P x (-N e))_z = 0, gives
      lambda_d = -N (P_x e_y - P_y e_x). Power check: tau = -lambda_d and tau omega = m x_tt x_t.
    - Guide 'coordinate' (g = y_S): the slider receives -lambda_g in y: lambda_g = N e_y.
    - Guide 'prismatic' (g0 = n1 . (S - B), n1 = y, B the base origin): the slider receives
      -lambda0 n1, so lambda0 = N e_y; the rows of phi_S hold the moment about B,
      (n1 x (S - B))_z lambda0 - lambda1 = -x lambda0 - lambda1 = 0: lambda1 = -x lambda0.
    Tolerance 1e-4 relative to N at h = 1e-3 (observed 2e-5), and the errors decrease by
    3.5..4.5 when h is halved."""
    r, l, w, m = SC["r"], SC["l"], SC["omega"], 3.0
    tq = 0.3
    x, x_t, x_tt = slider_closed_form(tq)
    th = w * tq
    P = r * np.array([np.cos(th), np.sin(th)])
    e = (np.array([x, 0.0]) - P) / l
    N = m * x_tt / e[0]
    assert abs(N) > 10 and abs(e[1]) > 0.2      # a general configuration with large forces
    lam_joint = -N * e
    lam_drive = -N * (P[0] * e[1] - P[1] * e[0])
    assert -lam_drive * w == pytest.approx(m * x_tt * x_t, rel=1e-12)
    lam_guide = [N * e[1], -x * N * e[1]] if guide == "prismatic" else [N * e[1]]
    errs = []
    for h in (1e-3, 5e-4):
        mbs, it, d = _run_slider_crank(guide, h, tq, masses=(0, 0, m), inertias=(0, 0, 0))
        got = [mbs.GetObjectOutput(j, OV.Force) for j in it["joints"]]
        for g in got:
            assert len(g) == 3 and g[2] == 0
        err = max(np.max(np.abs(g[:2] - lam_joint)) for g in got)
        err = max(err, abs(mbs.GetObjectOutput(it["drive"], OV.Force) - lam_drive),
                  np.max(np.abs(np.atleast_1d(mbs.GetObjectOutput(it["guide"], OV.Force))
                                - lam_guide)))
        assert err < 1e-4 * abs(N), f"h={h}: force error {err:.2e} (N = {N:.3f})"
        errs.append(err)
    assert 3.5 < errs[0] / errs[1] < 4.5


# ---------------------------------------------------------------------------------------------
# 5. Jacobians: analytic vs numerical and vs closed forms computed here

def _check(mbs, obj, expect_analytic):
    return check_jacobian(mbs, obj, expect_analytic=expect_analytic)[0]


BODIES = [dict(ref=[0.1, 0.2, 0.3], q0=[0.05, -0.02, 0.4], v0=[0.3, -0.7, 1.9], m=2.0, I=0.3,
               com=[0.25, -0.15], lp=[0.4, 0.1]),
          dict(ref=[1.1, 0.6, -0.2], q0=[-0.03, 0.04, 0.1], v0=[-0.5, 0.2, -1.3], m=1.5, I=0.2,
               com=[-0.1, 0.2], lp=[-0.3, 0.2])]
ACC = np.array([0.7, -1.1, 2.3, -0.4, 0.9, -1.6])
LAMBDA = np.array([3.0, -2.0, 1.5, -0.7])


@pytest.fixture
def two_bodies():
    """two rigid bodies with centre-of-mass offsets in a general state (q, q_t, q_tt set),
    rigid markers at offsets, a revolute joint, a prismatic joint (axis not along x) and a
    spring-damper between the markers; multipliers set to nonzero values"""
    mbs = new_system()
    bodies, markers = [], []
    for B in BODIES:
        n, b = _rigid(mbs, B["ref"], B["m"], B["I"], B["com"], B["q0"], B["v0"])
        bodies.append(b)
        markers.append(mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b,
                                                        localPosition=[*B["lp"], 0])))
    rev = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=markers))
    pri = mbs.AddObject(cd.PrismaticJoint2D(markerNumbers=markers, axisMarker0=[0.6, 0.8, 0],
                                            normalMarker1=[0, 1, 0]))
    spring = mbs.AddObject(cd.SpringDamper(markerNumbers=markers, stiffness=100, damping=3,
                                           referenceLength=0.5))
    mbs.Assemble()
    mbs._core.set_coords(ACC, 2, 0)           # accelerations enter the body's K
    mbs.systemData.SetAECoordinates(LAMBDA)   # [revolute 2, prismatic 2]
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates_tt(), ACC)
    np.testing.assert_array_equal(mbs.systemData.GetAECoordinates(), LAMBDA)
    return mbs, bodies, rev, pri, spring


def _state(k):
    """angle, velocity, acceleration (3 each) of body k at the fixture's state"""
    B = BODIES[k]
    q = np.array(B["ref"]) + np.array(B["q0"])
    return q, np.array(B["v0"], float), ACC[3 * k:3 * k + 3]


def _body_r2(k, q, v, a):
    """r2 = M(phi) a - m phi_t^2 c_g (x, y) of body k at absolute coordinates q"""
    B = BODIES[k]
    m, I, c = B["m"], B["I"], np.array(B["com"])
    cg = _rot(q[2]) @ c
    t = perp(cg)
    M = np.array([[m, 0, m * t[0]], [0, m, m * t[1]], [m * t[0], m * t[1], I + m * c @ c]])
    r2 = M @ a
    r2[:2] -= m * v[2]**2 * cg
    return r2


def test_rigid_body_jacobian(two_bodies):
    """RigidBody2D with centre-of-mass offset, nonzero velocities and accelerations: the
    analytic K = dr2/dq, D = dr2/dq_t equal the engine's numerical ones and central differences
    of r2 = M(phi) a - m phi_t^2 c_g written here (only the phi column is nonzero:
    K[:, phi] = (-m a_phi c_g - m phi_t^2 t, -m c_g . a_xy), D[:, phi] = (-2 m phi_t c_g, 0))."""
    mbs, bodies, *_ = two_bodies
    for k, b in enumerate(bodies):
        a = _check(mbs, b, True)
        q, v, acc = _state(k)
        K = central_differences(lambda x: _body_r2(k, x, v, acc), q)
        D = central_differences(lambda x: _body_r2(k, q, x, acc), v)
        assert np.linalg.norm(K) > 0.5 and np.linalg.norm(D) > 0.5
        np.testing.assert_allclose(a["K"], K, rtol=0, atol=1e-8 * np.linalg.norm(K))
        np.testing.assert_allclose(a["D"], D, rtol=0, atol=1e-8 * np.linalg.norm(D))
        assert a["Cq"].shape == (0, 3)


def _marker_point(k, q):
    """position of body k's marker and its lever arm r = A lp at absolute coordinates q"""
    rr = _rot(q[2]) @ np.array(BODIES[k]["lp"])
    return q[:2] + rr, rr


def test_revolute_joint_jacobian(two_bodies):
    """RevoluteJoint2D between MarkerBodyRigid at offsets: analytic (index 3), equal to the
    numerical Jacobian and to the closed form: C_q = [-J0, J1] with J_k = [I2, perp(r_k)],
    r_k = A_k lp_k; K = d(C_q^T lambda)/dq has only (phi0, phi0) = r0 . lambda and
    (phi1, phi1) = -r1 . lambda; G_q = C_q, G_v = 0. At index 2 it is analytic too."""
    mbs, bodies, rev, *_ = two_bodies
    a = _check(mbs, rev, True)
    lam = LAMBDA[:2]
    (p0, r0), (p1, r1) = (_marker_point(k, _state(k)[0]) for k in (0, 1))
    Cq = np.zeros((2, 6))
    Cq[:, 0:2], Cq[:, 2] = -np.eye(2), -perp(r0)
    Cq[:, 3:5], Cq[:, 5] = np.eye(2), perp(r1)
    K = np.zeros((6, 6))
    K[2, 2], K[5, 5] = r0 @ lam, -(r1 @ lam)
    np.testing.assert_allclose(a["Cq"], Cq, rtol=0, atol=1e-14)
    np.testing.assert_allclose(a["Gq"], Cq, rtol=0, atol=1e-14)
    np.testing.assert_allclose(a["K"], K, rtol=0, atol=1e-13)
    assert np.linalg.norm(a["D"]) == 0 and np.linalg.norm(a["Gv"]) == 0
    # the residual is g = p1 - p0 (ConstraintEquation output)
    np.testing.assert_allclose(mbs.GetObjectOutput(rev, OV.ConstraintEquation), p1 - p0,
                               rtol=0, atol=1e-14)
    # index 2, g = v1 - v0 = [I2, perp(r1)] q1_t - [I2, perp(r0)] q0_t: G_v = C_q and G_q has
    # only the angle columns, d(phi_t perp(r))/dphi = -phi_t r (signs of the markers)
    a2 = mbs.GetObjectJacobian(rev, index2=True)
    n2 = mbs.GetObjectJacobian(rev, index2=True, numerical=True)
    assert a2["analytic"] is True and n2["analytic"] is False
    Gq2 = np.zeros((2, 6))
    Gq2[:, 2], Gq2[:, 5] = _state(0)[1][2] * r0, -_state(1)[1][2] * r1
    np.testing.assert_allclose(a2["Gv"], Cq, rtol=0, atol=1e-14)
    np.testing.assert_allclose(a2["Gq"], Gq2, rtol=0, atol=1e-14)
    np.testing.assert_allclose(n2["Gq"], Gq2, rtol=0, atol=1e-6 * np.linalg.norm(Gq2))
    np.testing.assert_allclose(a2["K"], K, rtol=0, atol=1e-13)


def _prismatic_g(x):
    """g0 = n1 . (p1 - p0), g1 = a0 . n1 at absolute coordinates x = [q0, q1]"""
    q0, q1 = x[:3], x[3:]
    p0, _ = _marker_point(0, q0)
    p1, _ = _marker_point(1, q1)
    n1 = _rot(q1[2]) @ np.array([0.0, 1.0])
    a0 = _rot(q0[2]) @ np.array([0.6, 0.8])
    return np.array([n1 @ (p1 - p0), a0 @ n1])


def test_prismatic_joint_jacobian(two_bodies):
    """PrismaticJoint2D has an analytic Jacobian (at index 2 too, equal to the oracle). Its
    generalized force C_q^T lambda must be the transpose of the gradient of its equations:
    C_q = G_q = dg/dq of g0 = n1 . (p1 - p0), g1 = a0 . n1 (central differences here), and
    K = d(C_q^T lambda)/dq = Hessian of lambda . g."""
    mbs, bodies, rev, pri, spring = two_bodies
    a = _check(mbs, pri, True)
    a2 = mbs.GetObjectJacobian(pri, index2=True)
    n2 = mbs.GetObjectJacobian(pri, index2=True, numerical=True)
    assert a2["analytic"] is True
    np.testing.assert_allclose(a2["Gv"], a["Cq"], rtol=0, atol=1e-14)
    np.testing.assert_allclose(a2["Gq"], n2["Gq"], rtol=0, atol=1e-6 * np.linalg.norm(n2["Gq"]))
    x = np.concatenate([_state(0)[0], _state(1)[0]])
    lam = LAMBDA[2:]
    G = central_differences(_prismatic_g, x)
    K = central_differences(lambda y: central_differences(_prismatic_g, y, 1e-5).T @ lam, x, 1e-4)
    np.testing.assert_allclose(a["Cq"], G, rtol=0, atol=1e-8 * np.linalg.norm(G))
    np.testing.assert_allclose(a["Gq"], G, rtol=0, atol=1e-8 * np.linalg.norm(G))
    np.testing.assert_allclose(a["K"], K, rtol=0, atol=1e-6 * np.linalg.norm(K))
    assert np.linalg.norm(K) > 0.5


def test_spring_damper_on_rigid_markers_jacobian(two_bodies):
    """SpringDamper between MarkerBodyRigid at offsets (position-dependent marker Jacobians) has
    an analytic Jacobian from the markers' derivative data; K and D equal central differences of
    r2 = [-J0^T F; J1^T F], F = (k (L - L0) + d L_t) n, J_k = [I2, perp(r_k)], written here."""
    mbs, bodies, rev, pri, spring = two_bodies
    a = _check(mbs, spring, True)

    def r2(x, v):
        out = []
        pts = []
        for k in (0, 1):
            p, rr = _marker_point(k, x[3 * k:3 * k + 3])
            pts.append((p, v[3 * k:3 * k + 2] + v[3 * k + 2] * perp(rr), rr))
        d, vd = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
        L = np.linalg.norm(d)
        n = d / L
        F = (100 * (L - 0.5) + 3 * (n @ vd)) * n
        for k, sgn in ((0, -1), (1, 1)):
            out += list(sgn * np.array([F[0], F[1], perp(pts[k][2]) @ F]))
        return np.array(out)

    x = np.concatenate([_state(0)[0], _state(1)[0]])
    v = np.concatenate([_state(0)[1], _state(1)[1]])
    K = central_differences(lambda y: r2(y, v), x)
    D = central_differences(lambda y: r2(x, y), v)
    np.testing.assert_allclose(a["K"], K, rtol=0, atol=1e-6 * np.linalg.norm(K))
    np.testing.assert_allclose(a["D"], D, rtol=0, atol=1e-6 * np.linalg.norm(D))


# ---------------------------------------------------------------------------------------------
# 6. validation

def _counts(mbs):
    return (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(),
            mbs.NumberOfLoads())


@pytest.fixture
def vmodel():
    """ground, a NodePoint with MassPoint, a NodeRigidBody2D with RigidBody2D, a NodePoint2D,
    and markers: position on the point node, position/rigid on the rigid body"""
    mbs = new_system()
    m = dict(mbs=mbs)
    m["ground"] = mbs.AddObject(cd.ObjectGround())
    m["np"] = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    m["mp"] = mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=m["np"]))
    m["nr"], m["rb"] = _rigid(mbs, [0, 1, 0], 1.0, 0.1)
    m["np2"] = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[2, 0]))
    m["m_np"] = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=m["np"]))
    m["m_bp"] = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=m["rb"]))
    m["m_rig"] = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=m["rb"]))
    m["m_nrig"] = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=m["nr"]))
    return m


def _fails(mbs, kind, item, *parts):
    before = _counts(mbs)
    with pytest.raises(ValueError, match=_names(*parts)):
        getattr(mbs, "Add" + kind)(item)
    assert _counts(mbs) == before, "a failed Add stores nothing"


@pytest.mark.parametrize("position_marker", ["m_np", "m_bp"])
@pytest.mark.parametrize("entry", [0, 1])
def test_prismatic_needs_orientation_markers(vmodel, position_marker, entry):
    markers = [vmodel["m_rig"], vmodel["m_nrig"]]
    markers[entry] = vmodel[position_marker]
    _fails(vmodel["mbs"], "Object", cd.PrismaticJoint2D(markerNumbers=markers),
           "ObjectJointPrismatic2D", "markerNumbers", "orientation", f"entry {entry}")


@pytest.mark.parametrize("param", ["axisMarker0", "normalMarker1"])
def test_prismatic_zero_axis(vmodel, param):
    _fails(vmodel["mbs"], "Object", cd.PrismaticJoint2D(
        markerNumbers=[vmodel["m_rig"], vmodel["m_nrig"]], **{param: [0, 0, 0]}),
        "ObjectJointPrismatic2D", param)


def test_rigid_markers_need_rigid_items(vmodel):
    mbs = vmodel["mbs"]
    _fails(mbs, "Marker", cd.MarkerBodyRigid(bodyNumber=vmodel["mp"]), "MarkerBodyRigid",
           "bodyNumber", "ObjectMassPoint", "orientation")
    _fails(mbs, "Marker", cd.MarkerNodeRigid(nodeNumber=vmodel["np"]), "MarkerNodeRigid",
           "nodeNumber", "NodePoint", "orientation")
    _fails(mbs, "Marker", cd.MarkerNodeRigid(nodeNumber=vmodel["np2"]), "MarkerNodeRigid",
           "NodePoint2D")


def test_bodies_need_matching_nodes(vmodel):
    mbs = vmodel["mbs"]
    _fails(mbs, "Object", cd.RigidBody2D(mass=1, nodeNumber=vmodel["np2"]), "ObjectRigidBody2D",
           "nodeNumber", "NodePoint2D", "NodeRigidBody2D")
    _fails(mbs, "Object", cd.MassPoint2D(mass=1, nodeNumber=vmodel["nr"]), "ObjectMassPoint2D",
           "nodeNumber", "NodeRigidBody2D")
    _fails(mbs, "Object", cd.MassPoint(mass=1, nodeNumber=vmodel["nr"]), "ObjectMassPoint",
           "nodeNumber", "NodeRigidBody2D")


def test_torque_needs_orientation_marker(vmodel):
    _fails(vmodel["mbs"], "Load", cd.Torque(markerNumber=vmodel["m_np"], loadVector=[0, 0, 1]),
           "LoadTorqueVector", "markerNumber", "MarkerNodePosition", "orientation")


# ---------------------------------------------------------------------------------------------
# 7. outputs

@pytest.fixture(scope="module")
def moving_body():
    """a free body with centre-of-mass offset, initial velocity, a torque and a body-fixed
    point force, integrated 1 s at h = 1e-3; sensors on a body point (velocity, acceleration)"""
    mbs = new_system()
    n, b = _rigid(mbs, [0.5, -0.2, 0.3], 2.0, 0.4, (0.3, -0.4), (0.1, 0.1, 0.2), (0.3, -0.2, 2.0))
    mbs.AddLoad(cd.Torque(markerNumber=mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n)),
                          loadVector=[0, 0, 1.5]))
    mbs.AddLoad(cd.Force(markerNumber=mbs.AddMarker(cd.MarkerBodyRigid(
        bodyNumber=b, localPosition=[0.2, 0.5, 0])), loadVector=[0.5, -1.0, 0]))
    lp = [0.7, 0.2, 0]
    mk = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=lp))
    sv = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=lp,
                                     outputVariableType=OV.Velocity))
    sa = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=lp,
                                     outputVariableType=OV.Acceleration))
    mbs.Assemble()
    h = 1e-3
    mbs.SolveDynamic(settings(h, 1.0))
    return dict(mbs=mbs, node=n, body=b, lp=np.array(lp), marker=mk, h=h, vel=sensor_data(mbs, sv),
                acc=sensor_data(mbs, sa))


def test_rotation_outputs_consistent_with_coordinates(moving_body):
    """Node and body: Rotation = [0, 0, phi_ref + q_phi] (the body's, as Exudyn's: q_phi alone,
    one value; in the reference configuration phi_ref), AngularVelocity = [0, 0, q_phi_t],
    AngularAcceleration = [0, 0, q_phi_tt], RotationMatrix = Rz(phi) row-major (transforms body
    to global); Position = [x_ref + q_x, y_ref + q_y, 0], Velocity = [q_x_t, q_y_t, 0];
    Coordinates(_t, _tt) of the node are [x, y, phi] (and derivatives); the body's
    Displacement and Acceleration are those of the node in x, y with z = 0."""
    mbs, n, b = moving_body["mbs"], moving_body["node"], moving_body["body"]
    sd = mbs.systemData
    ref = sd.GetODE2Coordinates(CT.Reference)
    q, v, a = sd.GetODE2Coordinates(), sd.GetODE2Coordinates_t(), sd.GetODE2Coordinates_tt()
    phi = ref[2] + q[2]
    assert abs(phi) > 1 and abs(v[2]) > 1 and abs(a[2]) > 0.1
    A = np.eye(3)
    A[:2, :2] = _rot(phi)
    expected = {OV.Rotation: [0, 0, phi], OV.AngularVelocity: [0, 0, v[2]],
                OV.AngularAcceleration: [0, 0, a[2]], OV.RotationMatrix: A.ravel(),
                OV.Position: [ref[0] + q[0], ref[1] + q[1], 0],
                OV.Velocity: [v[0], v[1], 0]}
    for var, val in expected.items():
        body = mbs.GetObjectOutput(b, var)
        if var == OV.Rotation:   # the body's: the angle coordinate
            body = [0, 0, ref[2] + body]
        for got in (mbs.GetNodeOutput(n, var), body):
            np.testing.assert_allclose(got, val, rtol=1e-14, atol=1e-14, err_msg=var.name)
    assert mbs.GetObjectOutput(b, OV.Rotation) == q[2]
    assert mbs.GetObjectOutputBody(b, OV.Rotation, localPosition=[1, 2, 0]) == q[2]
    assert mbs.GetObjectOutput(b, OV.Rotation, configuration=CT.Reference) == ref[2]
    np.testing.assert_array_equal(mbs.GetNodeOutput(n, OV.Coordinates), q)
    np.testing.assert_array_equal(mbs.GetNodeOutput(n, OV.Coordinates_t), v)
    np.testing.assert_array_equal(mbs.GetNodeOutput(n, OV.Coordinates_tt), a)
    np.testing.assert_allclose(mbs.GetObjectOutput(b, OV.Displacement), [q[0], q[1], 0],
                               rtol=1e-14, atol=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutput(b, OV.Acceleration), [a[0], a[1], 0],
                               rtol=1e-14, atol=1e-14)


def test_node_displacement_and_acceleration_are_3d_vectors(moving_body):
    """NodeRigidBody2D Displacement = [q0, q1, 0] (= Position - reference position) and
    Acceleration = [q0_tt, q1_tt, 0] (= the derivative of Velocity = [q0_t, q1_t, 0]), as in
    Exudyn and as for the body: the third entry is z, not the angle."""
    mbs, n = moving_body["mbs"], moving_body["node"]
    sd = mbs.systemData
    q, a = sd.GetODE2Coordinates(), sd.GetODE2Coordinates_tt()
    pos_ref = mbs.GetNodeOutput(n, OV.Position, CT.Reference)
    wrong = []
    for var, val in ((OV.Displacement, [q[0], q[1], 0]), (OV.Acceleration, [a[0], a[1], 0])):
        got = mbs.GetNodeOutput(n, var)
        if not np.allclose(got, val, rtol=1e-14, atol=1e-14):
            wrong.append(f"{var.name}: got {got}, expected {np.array(val)}")
    np.testing.assert_allclose(mbs.GetNodeOutput(n, OV.Position) - pos_ref,
                               [q[0], q[1], 0], atol=1e-14)
    assert not wrong, "; ".join(wrong)


def test_body_point_and_marker_outputs(moving_body):
    """A body point lp: position p + A lp, velocity p_t + phi_t perp(A lp), acceleration
    p_tt + phi_tt perp(A lp) - phi_t^2 A lp; rigid markers give the same position and velocity,
    the initial configuration gives the initial values."""
    mbs, b, lp = moving_body["mbs"], moving_body["body"], moving_body["lp"]
    sd = mbs.systemData
    ref = sd.GetODE2Coordinates(CT.Reference)
    q, v, a = sd.GetODE2Coordinates(), sd.GetODE2Coordinates_t(), sd.GetODE2Coordinates_tt()
    rr = _rot(ref[2] + q[2]) @ lp[:2]
    pos = ref[:2] + q[:2] + rr
    vel = v[:2] + v[2] * perp(rr)
    acc = a[:2] + a[2] * perp(rr) - v[2]**2 * rr
    for var, val in ((OV.Position, pos), (OV.Velocity, vel), (OV.Acceleration, acc)):
        np.testing.assert_allclose(mbs.GetObjectOutputBody(b, var, lp), [*val, 0], rtol=1e-13,
                                   atol=1e-13, err_msg=var.name)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(b, OV.Displacement, lp),
                               [*(pos - ref[:2] - _rot(ref[2]) @ lp[:2]), 0], atol=1e-14)
    mk = moving_body["marker"]
    np.testing.assert_allclose(mbs.GetMarkerOutput(mk, OV.Position), [*pos, 0], atol=1e-14)
    np.testing.assert_allclose(mbs.GetMarkerOutput(mk, OV.Velocity), [*vel, 0], atol=1e-14)
    q0 = sd.GetODE2Coordinates(CT.Initial)
    r0 = _rot(ref[2] + q0[2]) @ lp[:2]
    np.testing.assert_allclose(mbs.GetObjectOutputBody(b, OV.Position, lp, CT.Initial),
                               [*(ref[:2] + q0[:2] + r0), 0], atol=1e-14)


def test_sensor_body_acceleration_is_derivative_of_velocity(moving_body):
    """SensorBody Acceleration at a body point equals the central difference of its recorded
    Velocity (h = 1e-3) to 1e-4 of its magnitude; the centripetal part phi_t^2 |A lp| is about
    as large as the whole acceleration (30 m/s^2), so leaving it out would fail by far."""
    vel, acc, h, lp = (moving_body[k] for k in ("vel", "acc", "h", "lp"))
    fd = (vel[2:, 1:3] - vel[:-2, 1:3]) / (2 * h)
    scale = np.max(np.abs(acc[:, 1:3]))
    assert scale > 20
    err = np.max(np.abs(fd - acc[1:-1, 1:3]))
    assert err < 1e-4 * scale, f"{err:.2e} of {scale:.2e}"
    w = moving_body["mbs"].GetNodeOutput(moving_body["node"], OV.AngularVelocity)[2]
    assert w**2 * np.linalg.norm(lp) > 0.5 * scale


def test_inertia_is_about_the_node_as_in_exudyn():
    """ObjectRigidBody2D's inertia J is about the reference point (the node), as Exudyn 1.13
    documents and computes: a physical pendulum with its node on the pivot and the centre of
    mass at d swings with the small-amplitude period 2 pi sqrt(J / (m g d))."""
    m, d, J, g = 2.0, 0.3, 0.25, 9.81
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, -np.pi / 2],
                                          initialCoordinates=[0, 0, 1e-3]))
    body = mbs.AddObject(cd.RigidBody2D(mass=m, inertia=J, centerOfMass=[d, 0], nodeNumber=node))
    mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground)),
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=node))]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                           loadVector=[0, -g, 0]))
    sa = mbs.AddSensor(cd.SensorNode(nodeNumber=node, outputVariableType=OV.Rotation))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 4000, 4.0
    s.solutionSettings.sensorsWritePeriod = 1e-3
    mbs.SolveDynamic(s)
    d_ = mbs.GetSensorStoredData(sa)
    t, phi = d_[:, 0], d_[:, -1] + np.pi / 2
    up = np.where((phi[:-1] < 0) & (phi[1:] >= 0))[0]
    crossings = t[up] - phi[up] * (t[up + 1] - t[up]) / (phi[up + 1] - phi[up])
    period = float(np.mean(np.diff(crossings)))
    assert period == pytest.approx(2 * np.pi * np.sqrt(J / (m * g * d)), rel=1e-4)


def test_inertia_below_m_c2_is_refused():
    mbs = new_system()
    n = mbs.AddNode(cd.NodeRigidBody2D())
    with pytest.raises(ValueError, match=r"ObjectRigidBody2D 0: parameter 'inertia' \(0.1\) is "
                       r"about the reference point \(the node\), as in Exudyn, and must be at "
                       r"least mass \|centerOfMass\|\^2 = 0.18"):
        mbs.AddObject(cd.RigidBody2D(mass=2.0, inertia=0.1, centerOfMass=[0.3, 0], nodeNumber=n))
