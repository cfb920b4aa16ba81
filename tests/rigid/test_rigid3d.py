"""3D rigid bodies: Euler-parameter and Tait-Bryan nodes, ObjectRigidBody, spherical joint.

Physics checks: the heavy top of docs/references.rst (invariants and second-order convergence),
the torque-free axisymmetric body against Euler's closed form, conservation of angular
momentum and (with the trapezoidal rule) energy; and the error messages of bad input.
"""
import numpy as np
import pytest

import coordyn as cd
from coordyn.rigid import (RotationMatrix2EulerParameters, RotationMatrix2RotationVector,
                           RotationMatrix2RotXYZ, RotationMatrixZ, RotXYZ2GLocal)
from conftest import inertia6

OV = cd.OutputVariableType


def ep_rates(omega_body, e=(1.0, 0, 0, 0)):
    """Euler-parameter rates for a body angular velocity: e_t = Gbar^T w / 4."""
    e0, e1, e2, e3 = e
    Gb = 2 * np.array([[-e1, e0, e3, -e2], [-e2, -e3, e0, e1], [-e3, e2, -e1, e0]])
    return 0.25 * Gb.T @ np.asarray(omega_body, float)


def settings(h, tend, rho=0.9):
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(tend / h))
    s.timeIntegration.endTime = tend
    s.timeIntegration.generalizedAlpha.spectralRadius = rho
    s.solutionSettings.sensorsWritePeriod = h
    return s


def body_rates(mbs, node):
    """(times, body angular velocity A^T w, rotation matrices) from two sensors' data."""
    W = mbs.GetSensorStoredData(node["w"])
    A = mbs.GetSensorStoredData(node["A"])[:, 1:].reshape(-1, 3, 3)
    return W[:, 0], np.einsum("kji,kj->ki", A, W[:, 1:]), A


# ---------------------------------------------------------------- heavy top (docs/references.rst)
M_TOP = 15.0
JC_TOP = np.diag([0.234375, 0.46875, 0.234375])
C_TOP = np.array([0.0, 1.0, 0.0])
OMEGA0 = np.array([0.0, 150.0, -4.61538])
JR_TOP = JC_TOP + M_TOP * (C_TOP @ C_TOP * np.eye(3) - np.outer(C_TOP, C_TOP))
G_TOP = np.array([0, 0, -9.81])

# The top's axis swings down to within 0.2 degrees of the vertical, so Tait-Bryan angles xyz
# (singular where the node's z axis meets the global x axis) need a global frame whose x
# axis the motion avoids: WORLD maps docs/references.rst's frame to one whose x axis is D_FREE, a
# direction the top's axis stays more than 42 degrees away from (found by a search over the
# sphere on a fine RotVecLG run). The node's z axis is the top's symmetry axis (body y):
# node axes x, y, z = body z, x, y. Euler parameters and the Lie group are frame-covariant,
# so their results are the same in either frame.
D_FREE = np.array([-0.64964253, 0.40594171, 0.64278761])
_u = np.cross(D_FREE, [0.0, 0.0, 1.0])
_u /= np.linalg.norm(_u)
WORLD = np.array([D_FREE, _u, np.cross(D_FREE, _u)])      # rows: WORLD @ D_FREE = e_x
NODE_OF_BODY = np.array([[0.0, 1, 0], [0, 0, 1], [1, 0, 0]])  # columns: node axes in body


def heavy_top(h, tend=2.0, node="EP", final_rotation=False, world=WORLD):
    """heavy top of docs/references.rst in the global frame `world` (rows: new axes in the
    reference frame); returns max |w_s - 150|, energy drift, drift of the angular momentum
    about the gravity axis (or the final rotation matrix of the body in the reference frame)"""
    P = NODE_OF_BODY
    A0 = world @ P                                      # node orientation at t = 0
    w0 = P.T @ OMEGA0                                   # node-frame angular velocity
    Jn, cn = P.T @ JR_TOP @ P, P.T @ C_TOP
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    if node == "EP":
        e = RotationMatrix2EulerParameters(A0)
        n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, *e],
                                           initialVelocities=[0, 0, 0, *ep_rates(w0, e)]))
    elif node == "Rxyz":
        rot = RotationMatrix2RotXYZ(A0)
        n = mbs.AddNode(cd.NodeRigidBodyRxyz(
            referenceCoordinates=[0, 0, 0, *rot],
            initialVelocities=[0, 0, 0, *np.linalg.solve(RotXYZ2GLocal(rot), w0)]))
    else:  # Lie group: the velocity coordinates are the body angular velocity
        n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(
            referenceCoordinates=[0, 0, 0, *RotationMatrix2RotationVector(A0)],
            initialVelocities=[0, 0, 0, *w0]))
    b = mbs.AddObject(cd.RigidBody(mass=M_TOP, inertia=inertia6(Jn), centerOfMass=list(cn),
                                   nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    mbs.AddObject(cd.SphericalJoint(markerNumbers=[m0, m1]))
    g = world @ G_TOP
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=list(g)))
    sens = {"w": mbs.AddSensor(cd.SensorObject(objectNumber=b,
                                               outputVariableType=OV.AngularVelocityLocal)),
            "A": mbs.AddSensor(cd.SensorObject(objectNumber=b,
                                               outputVariableType=OV.RotationMatrix))}
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, tend))
    wn = mbs.GetSensorStoredData(sens["w"])[:, 1:]
    A = mbs.GetSensorStoredData(sens["A"])[:, 1:].reshape(-1, 3, 3)
    if final_rotation:
        return world.T @ A[-1] @ P.T
    energy = np.array([0.5 * w @ Jn @ w - M_TOP * g @ (Ak @ cn) for w, Ak in zip(wn, A)])
    Lg = np.array([(Ak @ (Jn @ w)) @ g / 9.81 for w, Ak in zip(wn, A)])
    return (np.abs(wn[:, 2] - 150).max(), np.abs(energy - energy[0]).max(),
            np.abs(Lg - Lg[0]).max())


TOP_STEPS = (2e-3, 1e-3, 5e-4)


@pytest.fixture(scope="module")
def top_table():
    return {(node, h): heavy_top(h, node=node) for node in ("EP", "Rxyz", "RotVecLG")
            for h in TOP_STEPS}


@pytest.mark.parametrize("node", ["EP", "Rxyz", "RotVecLG"])
def test_heavy_top_invariants_shrink_at_second_order(top_table, node):
    """At the reference step h = 2e-3 and at 1e-3, 5e-4: the deviation of the spin w_s from
    150, the energy drift and the drift of the angular momentum about the gravity axis shrink
    by about 4 per halving (second order), for every parametrization. RotVecLG keeps w_s
    exactly: its Euler equation for the symmetric axis is J_s w_s_t = 0."""
    rows = [top_table[node, h] for h in TOP_STEPS]
    for k in range(3):
        errs = [r[k] for r in rows]
        if node == "RotVecLG" and k == 0:
            assert max(errs) < 1e-9, errs
            continue
        for coarse, fine in zip(errs, errs[1:]):
            assert 3.2 < coarse / fine < 6.0, (k, errs)
    w_err, e_err, l_err = top_table[node, 2e-3]     # energy ~ 5.4e3 J, |L_g| ~ 70 N m s
    assert w_err < 0.1 and e_err < 3.0 and l_err < 20, (w_err, e_err, l_err)


def test_heavy_top_parametrizations_agree_as_h_shrinks():
    """The final orientation (t = 0.5) of the three parametrizations converges to one
    solution: their differences shrink by about 4 per halving."""
    diffs = []
    for h in (1e-3, 5e-4, 2.5e-4):
        A = {n: heavy_top(h, tend=0.5, node=n, final_rotation=True)
             for n in ("EP", "Rxyz", "RotVecLG")}
        diffs.append(max(np.abs(A["EP"] - A["Rxyz"]).max(), np.abs(A["EP"] - A["RotVecLG"]).max(),
                         np.abs(A["Rxyz"] - A["RotVecLG"]).max()))
    assert diffs[-1] < 5e-3, diffs
    for coarse, fine in zip(diffs, diffs[1:]):
        assert 3.0 < coarse / fine < 6.0, diffs


def test_heavy_top_is_frame_covariant_with_euler_parameters_and_lie_group():
    """Euler parameters and the rotation vector on SO(3) give the same motion in the frame of
    docs/references.rst and in the rotated frame used for Tait-Bryan angles (to round-off)."""
    for node in ("EP", "RotVecLG"):
        a = heavy_top(1e-3, tend=0.5, node=node, final_rotation=True, world=np.eye(3))
        b = heavy_top(1e-3, tend=0.5, node=node, final_rotation=True)
        assert np.abs(a - b).max() < 1e-9, node


def test_euler_parameter_velocities_stay_tangent():
    """The solver projects Euler-parameter velocities onto e . e_t = 0 after every step. A free
    unsymmetric body spinning at 150 rad/s (0.3 rad per step at h = 2e-3) ends with
    e . e_t at round-off (without the projection: 6.6, with |e_t| = 82, measured on a build
    without it), and the heavy top at h = 2e-3 stays within 1.4 J of its energy (without:
    6.5e5 J, as in Exudyn 1.13.6)."""
    e = np.array([1.0, 0, 0, 0])
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, *e],
                                       initialVelocities=[0, 0, 0, *ep_rates([1.0, 150, 2], e)]))
    mbs.AddObject(cd.RigidBody(mass=1, inertia=[0.3, 0.5, 0.4, 0, 0, 0], nodeNumber=n))
    mbs.Assemble()
    mbs.SolveDynamic(settings(2e-3, 0.2))
    q, v = mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t()
    et = v[3:]
    assert np.linalg.norm(et) > 70
    assert abs((e + q[3:]) @ et) < 1e-12 * np.linalg.norm(et)
    assert heavy_top(2e-3, node="EP")[1] < 1.4


# ---------------------------------------------------------------- torque-free bodies

def free_body(node_kind, h, tend, omega_body, J, rho=0.9):
    mbs = cd.SystemContainer().AddSystem()
    if node_kind == "EP":
        n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                           initialVelocities=[0.1, 0, 0, *ep_rates(omega_body)]))
    else:  # Tait-Bryan xyz at zero angles: G = I, so the angle rates are the body rates
        n = mbs.AddNode(cd.NodeRigidBodyRxyz(initialVelocities=[0.1, 0, 0, *omega_body]))
    mbs.AddObject(cd.RigidBody(mass=2.0, inertia=inertia6(J), nodeNumber=n))
    sens = {"w": mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.AngularVelocity)),
            "A": mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.RotationMatrix)),
            "p": mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))}
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, tend, rho))
    t, wb, A = body_rates(mbs, sens)
    return t, wb, A, mbs.GetSensorStoredData(sens["p"])


JAXI = np.diag([0.5, 0.5, 0.8])        # axisymmetric about body z
W0 = np.array([0.6, 0.0, 3.0])


def euler_closed_form(t):
    """Torque-free axisymmetric body: body w rotates about body z at (C - A)/A w3."""
    A, C = JAXI[0, 0], JAXI[2, 2]
    lam = (C - A) / A * W0[2]
    return np.stack([W0[0] * np.cos(lam * t), W0[0] * np.sin(lam * t), np.full_like(t, W0[2])], 1)


@pytest.mark.parametrize("node_kind", ["EP", "Rxyz"])
def test_torque_free_precession_matches_euler(node_kind):
    errs = []
    for h in (2e-3, 1e-3):
        t, wb, A, p = free_body(node_kind, h, 2.0, W0, JAXI)
        errs.append(np.abs(wb - euler_closed_form(t)).max())
        # the centre of mass moves uniformly (initial velocity 0.1 in x, no force)
        assert np.allclose(p[:, 1], 0.1 * t, atol=1e-12) and np.allclose(p[:, 2:], 0, atol=1e-12)
    assert errs[1] < 2e-4 and 3.0 < errs[0] / errs[1] < 5.0, errs


def test_angular_momentum_conserved_and_parametrizations_agree():
    J = np.array([[0.9, 0.05, 0.0], [0.05, 0.6, 0.02], [0.0, 0.02, 0.4]])
    w0 = np.array([0.3, 0.2, 2.5])
    res = {}
    for kind in ("EP", "Rxyz"):
        t, wb, A, p = free_body(kind, 5e-4, 1.0, w0, J)
        L = np.einsum("kij,jl,kl->ki", A, J, wb)   # global angular momentum A J w
        assert np.abs(L - L[0]).max() < 1e-6 * np.linalg.norm(L[0])
        res[kind] = (A[-1], wb[-1])
    assert np.abs(res["EP"][0] - res["Rxyz"][0]).max() < 1e-5
    assert np.abs(res["EP"][1] - res["Rxyz"][1]).max() < 1e-4


def test_energy_conserved_by_trapezoidal_rule():
    """rho = 1 on an unconstrained (Tait-Bryan) body: the energy error is small and shrinks
    at second order."""
    J = np.diag([0.9, 0.6, 0.4])
    errs = []
    for h in (2e-3, 1e-3):
        t, wb, A, p = free_body("Rxyz", h, 1.0, [0.2, 0.1, 2.0], J, rho=1.0)
        E = 0.5 * np.einsum("ki,ij,kj->k", wb, J, wb)
        errs.append(np.abs(E - E[0]).max() / E[0])
    assert errs[1] < 1e-5 and errs[0] / errs[1] > 3.0, errs


# ---------------------------------------------------------------- bad input

def test_euler_parameters_must_have_unit_norm():
    mbs = cd.SystemContainer().AddSystem()
    with pytest.raises(ValueError, match=r"NodeRigidBodyEP 0: .*unit norm.*1\.1"):
        mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1.1, 0, 0, 0]))
    assert mbs.NumberOfNodes() == 0


@pytest.mark.parametrize("inertia", [[-1, 1, 1, 0, 0, 0], [1, 1, 1, 2, 0, 0]])
def test_inertia_must_be_positive_semidefinite(inertia):
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0]))
    with pytest.raises(ValueError, match=r"ObjectRigidBody 0: parameter 'inertia' is not "
                                         r"positive semidefinite"):
        mbs.AddObject(cd.RigidBody(mass=1, inertia=inertia, nodeNumber=n))


def test_inertia_against_the_triangle_inequality_warns_and_is_simulated_as_given():
    """diag(1, 1, 3) is positive definite but no physical body has it (Exudyn's robot models
    use such links): a warning names the body; the motion is that of the given tensor (a
    free rotation about the principal axis z keeps its rate, about a tilted axis the
    Euler equations with these moments hold)"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                       initialVelocities=[0, 0, 0, 0, 0.05, 0, 1.0]))  # omega = 2 e_t
    with pytest.warns(UserWarning, match=r"ObjectRigidBody 0: parameter 'inertia' violates the "
                                         r"triangle inequality"):
        mbs.AddObject(cd.RigidBody(mass=1, inertia=[1, 1, 3, 0, 0, 0], nodeNumber=n))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 2000
    s.timeIntegration.endTime = 1.0
    s.timeIntegration.newton.relativeTolerance = 1e-12
    mbs.SolveDynamic(s)
    # symmetric top J1 = J2 = 1, J3 = 3 without torque: omega_z (body) stays 2, the body-frame
    # (x, y) part turns with rate (J3 - J1)/J1 * omega_z = 4 about z
    R = mbs.GetNodeOutput(n, cd.OutputVariableType.RotationMatrix).reshape(3, 3)
    wg = mbs.GetNodeOutput(n, cd.OutputVariableType.AngularVelocity)
    wb = R.T @ wg
    assert wb[2] == pytest.approx(2.0, abs=1e-6)
    assert np.hypot(wb[0], wb[1]) == pytest.approx(0.1, abs=1e-6)
    # Euler: w1' = (J2 - J3)/J1 w2 w3 = -4 w2, w2' = (J3 - J1)/J2 w3 w1 = 4 w1
    assert np.arctan2(wb[1], wb[0]) == pytest.approx(np.arctan2(np.sin(4.0), np.cos(4.0)),
                                                    abs=1e-4)


def test_rigid_body_needs_a_rigid_node_and_markers_need_orientation():
    mbs = cd.SystemContainer().AddSystem()
    p = mbs.AddNode(cd.NodePoint())
    with pytest.raises(ValueError, match=r"ObjectRigidBody 0: parameter 'nodeNumber'.*NodePoint"):
        mbs.AddObject(cd.RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=p))
    mp = mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=p))
    with pytest.raises(ValueError, match=r"MarkerBodyRigid 0: parameter 'bodyNumber'.*orientation"):
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=mp))
    with pytest.raises(ValueError, match=r"MarkerNodeRigid 0: parameter 'nodeNumber'.*orientation"):
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=p))


def test_spherical_joint_constrained_axes_checked():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    g = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=mbs.AddObject(cd.ObjectGround())))
    with pytest.raises(ValueError, match=r"ObjectJointSpherical 2: parameter 'constrainedAxes'"):
        mbs.AddObject(cd.SphericalJoint(markerNumbers=[g, m], constrainedAxes=[1, 2, 1]))


def test_spherical_joint_free_axis_moves_freely():
    """A mass held by a spherical joint with z free falls in z exactly; x, y stay put and the
    joint force balances the x, y loads."""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(mass=2, nodeNumber=n))
    m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    g = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=mbs.AddObject(cd.ObjectGround())))
    j = mbs.AddObject(cd.SphericalJoint(markerNumbers=[g, m], constrainedAxes=[1, 1, 0]))
    mbs.AddLoad(cd.Force(markerNumber=m, loadVector=[3, -4, -2 * 9.81]))
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-2, 1.0))
    pos = mbs.GetNodeOutput(n, OV.Position)
    assert np.allclose(pos, [0, 0, -0.5 * 9.81], atol=1e-10)
    # M q_tt + C^T lam = f: the constraint force on the mass is C^T lam = J1^T lam = (3, -4)
    assert np.allclose(mbs.GetObjectOutput(j, OV.Force), [3, -4, 0], atol=1e-8)


# ---------------------------------------------------------------- joints with orientation

PENDULUM_TABLE = {1: (-0.986291751132, -0.165010853126), 2: (0.793566195343, -0.608483930444),
                  5: (0.942305435043, -0.334754338416), 10: (0.275087462565, -0.961419205102)}


def pendulum_revolute_z(h):
    """The docs/references.rst pendulum as a 3D rigid body (Euler parameters, negligible inertia)
    on a RevoluteJointZ at local (-1, 0, 0)."""
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[1, 0, 0, 1, 0, 0, 0]))
    b = mbs.AddObject(cd.RigidBody(mass=1, inertia=[1e-8, 1e-8, 1e-8, 0, 0, 0], nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[-1, 0, 0]))
    mbs.AddObject(cd.RevoluteJointZ(markerNumbers=[m0, m1]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, -9.81, 0]))
    sp = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, 10.0))
    return mbs.GetSensorStoredData(sp)


def test_revolute_z_pendulum_matches_reference():
    errs = []
    for h in (1e-3, 5e-4):
        d = pendulum_revolute_z(h)
        e = max(np.hypot(*(d[int(round(t / h)), 1:3] - xy)) for t, xy in PENDULUM_TABLE.items())
        assert np.abs(d[:, 3]).max() < 1e-12   # stays in the plane
        errs.append(e)
    assert errs[0] < 2e-4 and 3.5 < errs[0] / errs[1] < 4.5, errs


def test_prismatic_x_slides_down_an_incline():
    """A body on a PrismaticJointX whose axis is inclined by alpha slides with acceleration
    g sin(alpha) along it; the normal force is m g cos(alpha) and no torque acts."""
    alpha, m, g = 0.3, 2.0, 9.81
    R = [[np.cos(alpha), -np.sin(alpha), 0], [np.sin(alpha), np.cos(alpha), 0], [0, 0, 1]]
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0]))
    b = mbs.AddObject(cd.RigidBody(mass=m, inertia=[0.1, 0.1, 0.1, 0, 0, 0], nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    j = mbs.AddObject(cd.PrismaticJointX(markerNumbers=[m0, m1], rotationMarker0=R,
                                         rotationMarker1=R))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, -g, 0]))
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-2, 1.0))
    s = -0.5 * g * np.sin(alpha)
    assert np.allclose(mbs.GetNodeOutput(n, OV.Position),
                       [s * np.cos(alpha), s * np.sin(alpha), 0], atol=1e-10)
    force = mbs.GetObjectOutput(j, OV.Force)   # components in joint frame 0
    assert abs(abs(force[1]) - m * g * np.cos(alpha)) < 1e-8 and abs(force[0]) < 1e-12
    assert np.allclose(mbs.GetObjectOutput(j, OV.Torque), 0, atol=1e-8)


def test_generic_joint_all_axes_holds_the_body():
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                       initialVelocities=[0, 0, 0, *ep_rates([0, 0, 0])]))
    b = mbs.AddObject(cd.RigidBody(mass=1, inertia=[0.1, 0.2, 0.25, 0, 0, 0],
                                   centerOfMass=[0.3, 0, 0], nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    j = mbs.AddObject(cd.GenericJoint(markerNumbers=[m0, m1]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-2, 0.5))
    assert np.allclose(mbs.systemData.GetODE2Coordinates(), 0, atol=1e-12)
    # the clamp carries the weight and its moment m g x_c about z
    assert np.allclose(np.abs(mbs.GetObjectOutput(j, OV.Force)), [0, 9.81, 0], atol=1e-8)
    assert abs(abs(mbs.GetObjectOutput(j, OV.Torque)[2]) - 9.81 * 0.3) < 1e-8


def test_joint_with_orientation_rejects_point_markers():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    g = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=mbs.AddObject(cd.ObjectGround())))
    with pytest.raises(ValueError, match=r"markerNumbers.*entry 1.*no orientation"):
        mbs.AddObject(cd.RevoluteJointZ(markerNumbers=[g, m]))
    with pytest.raises(ValueError, match=r"'rotationMarker0' must be a 3x3"):
        mbs.AddObject(cd.GenericJoint(markerNumbers=[g, g], rotationMarker0=[[1, 0], [0, 1]]))


def test_body_sensor_rotation_outputs_and_index_types():
    """SensorBody records the angular velocity and rotation matrix of a rigid body; GetObject
    returns item numbers as index types."""
    w = np.array([0.2, -0.1, 1.5])
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(initialVelocities=[0, 0, 0, *w]))
    b = mbs.AddObject(cd.RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    sw = mbs.AddSensor(cd.SensorBody(bodyNumber=b, outputVariableType=OV.AngularVelocity))
    sA = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=[1, 0, 0],
                                     outputVariableType=OV.RotationMatrix))
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-2, 1.0))
    # a sphere-like body spins about a fixed axis: global w constant, A = exp(w t)
    assert np.allclose(mbs.GetSensorStoredData(sw)[:, 1:], w, atol=1e-12)
    A = mbs.GetSensorStoredData(sA)[-1, 1:].reshape(3, 3)
    axis, th = w / np.linalg.norm(w), np.linalg.norm(w) * 1.0
    K = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    assert np.allclose(A, np.eye(3) + np.sin(th) * K + (1 - np.cos(th)) * K @ K, atol=1e-12)
    assert isinstance(mbs.GetObject(b)["nodeNumber"], cd.NodeIndex)


def test_tait_bryan_singularity_is_reported():
    """Rotating about the body y axis drives beta through pi/2, where the Tait-Bryan angles are
    singular: the solve stops with a SolverError naming the body and the remedy."""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyRxyz(initialVelocities=[0, 0, 0, 0, 2.0, 0]))
    mbs.AddObject(cd.RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"ObjectRigidBody 0: .*Tait-Bryan.*singular.*"
                                             r"NodeRigidBodyEP"):
        mbs.SolveDynamic(settings(1e-2, 1.0))
    # the state is kept at the last good step, before beta reaches pi/2 (t = 0.785)
    beta = mbs.GetNodeOutput(n, OV.Coordinates)[4]
    assert 1.5 < beta < np.pi / 2


def test_body_outputs_local_velocity_rotation_and_kinetic_energy():
    J = np.diag([1.0, 2.0, 3.0])
    wl = np.array([0.3, 0.2, 0.1])
    R = np.array([[0.0, -1, 0], [1, 0, 0], [0, 0, 1]])         # 90 degrees about z
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyEP(
        referenceCoordinates=[0, 0, 0, np.sqrt(0.5), 0, 0, np.sqrt(0.5)],
        initialVelocities=[1, 0, 0, *ep_rates(wl, e=(np.sqrt(0.5), 0, 0, np.sqrt(0.5)))]))
    b = mbs.AddObject(cd.RigidBody(mass=2, inertia=inertia6(J), nodeNumber=n))
    mbs.Assemble()
    assert np.isclose(mbs.GetObjectOutput(b, OV.KineticEnergy), 0.5 * 2 * 1 + 0.5 * wl @ J @ wl)
    assert np.allclose(mbs.GetObjectOutput(b, OV.AngularVelocityLocal), wl, atol=1e-14)
    assert np.allclose(mbs.GetObjectOutput(b, OV.AngularVelocity), R @ wl, atol=1e-14)
    assert np.allclose(mbs.GetObjectOutput(b, OV.VelocityLocal), R.T @ [1, 0, 0], atol=1e-14)
    assert np.allclose(mbs.GetObjectOutput(b, OV.Rotation), [0, 0, np.pi / 2], atol=1e-14)


@pytest.mark.parametrize("planar", [False, True])
def test_torsional_spring_damper_oscillator(planar):
    """A body on a revolute joint with a torsional spring-damper to ground: phi(t) of the
    damped oscillator J phi'' + d phi' + k phi = 0 (closed form), error O(h^2)."""
    Jz, k, d, phi0 = 0.5, 20.0, 0.4, 0.3
    w = np.sqrt(k / Jz)
    zeta = d / (2 * np.sqrt(k * Jz))
    wd = w * np.sqrt(1 - zeta ** 2)

    def run(h):
        mbs = cd.SystemContainer().AddSystem()
        ground = mbs.AddObject(cd.ObjectGround())
        if planar:
            n = mbs.AddNode(cd.NodeRigidBody2D(initialCoordinates=[0, 0, phi0]))
            b = mbs.AddObject(cd.RigidBody2D(mass=1, inertia=Jz, nodeNumber=n))
            rot = cd.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=2)
        else:
            R = RotationMatrixZ(phi0)
            n = mbs.AddNode(cd.NodeRigidBodyEP(
                referenceCoordinates=[0, 0, 0, *RotationMatrix2EulerParameters(R)]))
            b = mbs.AddObject(cd.RigidBody(mass=1, inertia=[0.3, 0.3, Jz, 0, 0, 0],
                                           nodeNumber=n))
            rot = None
        m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
        m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[m0, m1]) if planar else
                      cd.RevoluteJointZ(markerNumbers=[m0, m1]))
        t = mbs.AddObject(cd.TorsionalSpringDamper(markerNumbers=[m0, m1], stiffness=k,
                                                   damping=d))
        s = mbs.AddSensor(cd.SensorObject(objectNumber=t, outputVariableType=OV.Rotation))
        if rot is not None:
            mr = mbs.AddMarker(rot)
            s2 = mbs.AddSensor(cd.SensorMarker(markerNumber=mr,
                                               outputVariableType=OV.Coordinates))
        mbs.Assemble()
        mbs.SolveDynamic(settings(h, 2.0))
        data = mbs.GetSensorStoredData(s)
        if rot is not None:   # the rotation-coordinate marker reads the same angle
            assert np.allclose(mbs.GetSensorStoredData(s2)[:, 1], data[:, 1], atol=1e-12)
        tt = data[:, 0]
        exact = np.exp(-zeta * w * tt) * (phi0 * np.cos(wd * tt) +
                                          zeta * w * phi0 / wd * np.sin(wd * tt))
        return np.abs(data[:, 1] - exact).max()

    e1, e2 = run(2e-3), run(1e-3)
    assert e2 < 2e-4 and 3.5 < e1 / e2 < 4.5, (e1, e2)


def test_rotation_coordinate_marker_drives_a_crank():
    """A CoordinateConstraint between a ground coordinate and the rotation coordinate of a
    planar body prescribes phi = omega t exactly; Tait-Bryan angles of an Rxyz node and of an
    Euler-parameter node too."""
    omega = 3.0
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddNode(cd.NodePointGround())
    # consistent initial velocities: phi_t = omega, the centre of mass at rest
    n = mbs.AddNode(cd.NodeRigidBody2D(initialVelocities=[0, -0.2 * omega, omega]))
    mbs.AddObject(cd.RigidBody2D(mass=1, inertia=0.1 + 0.2**2, centerOfMass=[0.2, 0],
                                 nodeNumber=n))
    n3 = mbs.AddNode(cd.NodeRigidBodyRxyz(initialVelocities=[0, 0, 0, omega, 0, 0]))
    mbs.AddObject(cd.RigidBody(mass=1, inertia=[0.1, 0.1, 0.1, 0, 0, 0], nodeNumber=n3))
    ne = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                        initialVelocities=[0, 0, 0, 0, 0, 0, 0.5 * omega]))
    mbs.AddObject(cd.RigidBody(mass=1, inertia=[0.1, 0.1, 0.1, 0, 0, 0], nodeNumber=ne))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    for node, axis in ((n, 2), (n3, 0), (ne, 2)):
        m = mbs.AddMarker(cd.MarkerNodeRotationCoordinate(nodeNumber=node, rotationCoordinate=axis))
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, m],
                                              offsetUserFunction=lambda mbs, t, i, o: omega * t,
                                              offsetUserFunction_t=lambda mbs, t, i, o: omega))
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-2, 1.0))
    assert abs(mbs.GetNodeOutput(n, OV.Coordinates)[2] - omega) < 1e-10
    assert abs(mbs.GetNodeOutput(n3, OV.Coordinates)[3] - omega) < 1e-10
    assert abs(mbs.GetNodeOutput(ne, OV.Rotation)[2] - omega) < 1e-10


def test_linear_spring_damper_along_a_rotating_axis():
    """A planar rigid slider on a PrismaticJoint2D along a tilted axis with a LinearSpringDamper
    along the same axis follows the damped oscillator's closed form, error O(h^2)."""
    m, k, d, u0, alpha = 2.0, 50.0, 1.0, 0.1, 0.4
    axis = [np.cos(alpha), np.sin(alpha), 0]
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodeRigidBody2D(initialCoordinates=[u0 * axis[0], u0 * axis[1], 0]))
    b = mbs.AddObject(cd.RigidBody2D(mass=m, inertia=0.1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    mbs.AddObject(cd.PrismaticJoint2D(markerNumbers=[m0, m1], axisMarker0=axis,
                                      normalMarker1=[-axis[1], axis[0], 0]))
    sd = mbs.AddObject(cd.LinearSpringDamper(markerNumbers=[m0, m1], stiffness=k, damping=d,
                                             axisMarker0=axis))
    su = mbs.AddSensor(cd.SensorObject(objectNumber=sd,
                                       outputVariableType=OV.DisplacementLocal))
    mbs.Assemble()
    errs = []
    for h in (2e-3, 1e-3):
        mbs.SolveDynamic(settings(h, 2.0))
        data = mbs.GetSensorStoredData(su)
        t = data[:, 0]
        w = np.sqrt(k / m)
        z = d / (2 * np.sqrt(k * m))
        wd = w * np.sqrt(1 - z * z)
        exact = np.exp(-z * w * t) * (u0 * np.cos(wd * t) + z * w * u0 / wd * np.sin(wd * t))
        errs.append(np.abs(data[:, 1] - exact).max())
    assert errs[1] < 1e-4 and 3.5 < errs[0] / errs[1] < 4.5, errs


def test_linear_spring_damper_needs_an_oriented_marker_0():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    g = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=mbs.AddObject(cd.ObjectGround())))
    with pytest.raises(ValueError, match=r"LinearSpringDamper 2: parameter 'markerNumbers' "
                                         r"entry 0 .*orientation"):
        mbs.AddObject(cd.LinearSpringDamper(markerNumbers=[m, g], stiffness=1))
    with pytest.raises(ValueError, match=r"'axisMarker0' must not be zero"):
        mbs.AddObject(cd.LinearSpringDamper(markerNumbers=[g, m], axisMarker0=[0, 0, 0]))


@pytest.mark.parametrize("node_kind", ["EP", "Rxyz"])
def test_angular_acceleration_of_the_torque_free_body(node_kind):
    """Euler's equations: J w_t + w x J w = 0 in the body frame, so the local angular
    acceleration output must equal -J^-1 (w x J w) (up to the integration error)."""
    J = np.diag([0.5, 0.5, 0.8])
    w0 = np.array([0.6, 0.0, 3.0])
    mbs = cd.SystemContainer().AddSystem()
    if node_kind == "EP":
        n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, 1, 0, 0, 0],
                                           initialVelocities=[0, 0, 0, *ep_rates(w0)]))
    else:
        n = mbs.AddNode(cd.NodeRigidBodyRxyz(initialVelocities=[0, 0, 0, *w0]))
    b = mbs.AddObject(cd.RigidBody(mass=1, inertia=inertia6(J), nodeNumber=n))
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-3, 0.5))
    wl = mbs.GetObjectOutput(b, OV.AngularVelocityLocal)
    al = mbs.GetObjectOutput(b, OV.AngularAccelerationLocal)
    expected = -np.linalg.solve(J, np.cross(wl, J @ wl))
    assert np.abs(al - expected).max() < 1e-4 * np.abs(expected).max()
    A = mbs.GetObjectOutput(b, OV.RotationMatrix).reshape(3, 3)
    assert np.allclose(mbs.GetObjectOutput(b, OV.AngularAcceleration), A @ al, atol=1e-12)


def test_rigid_body_spring_damper_bushing_frequencies():
    """A rigid body hung on a 6-component bushing (diagonal stiffness): small vibrations in x
    at sqrt(k/m) and about z at sqrt(k_r/J_zz), each from its own initial condition."""
    m, Jzz, k, kr = 2.0, 0.3, 800.0, 60.0
    K = np.diag([k, k, k, kr, kr, kr])
    cases = {"x": ([0.01, 0, 0, 0, 0, 0], 0, np.sqrt(k / m)),
             "rz": ([0, 0, 0, 0, 0, 0.02], 5, np.sqrt(kr / Jzz))}
    for name, (x0, comp, w) in cases.items():
        mbs = cd.SystemContainer().AddSystem()
        ground = mbs.AddObject(cd.ObjectGround())
        R = RotationMatrixZ(x0[5])
        n = mbs.AddNode(cd.NodeRigidBodyEP(
            referenceCoordinates=[*x0[:3], *RotationMatrix2EulerParameters(R)]))
        b = mbs.AddObject(cd.RigidBody(mass=m, inertia=[0.2, 0.2, Jzz, 0, 0, 0], nodeNumber=n))
        m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
        m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
        sd = mbs.AddObject(cd.RigidBodySpringDamper(markerNumbers=[m0, m1], stiffness=K))
        s1 = mbs.AddSensor(cd.SensorObject(objectNumber=sd, outputVariableType=(
            OV.Displacement if comp < 3 else OV.Rotation)))
        mbs.Assemble()
        mbs.SolveDynamic(settings(1e-4, 1.0))
        data = mbs.GetSensorStoredData(s1)
        t, x = data[:, 0], data[:, 1 + comp % 3]
        exact = x0[comp] * np.cos(w * t)
        assert np.abs(x - exact).max() < 2e-3 * abs(x0[comp]), name
        other = np.delete(data[:, 1:], comp % 3, axis=1)
        assert np.abs(other).max() < 1e-9, name


def test_rigid_body_spring_damper_checks_matrix_shapes():
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=mbs.AddObject(cd.ObjectGround())))
    with pytest.raises(ValueError, match=r"RigidBodySpringDamper 1: parameter 'stiffness' must "
                                         r"be a 6x6 matrix, got 3x3"):
        mbs.AddObject(cd.RigidBodySpringDamper(markerNumbers=[g, g], stiffness=np.eye(3)))


def _spinning_revolute_lg(tangent, h=2e-3, tend=0.2):
    """a RotVecLG body spinning at 150 rad/s on a RevoluteJointZ (joint frame tilted) with
    an offset centre of mass under gravity; full Newton to 1e-12"""
    from coordyn.rigid import RotationVector2RotationMatrix
    psi0 = [0.3, -0.2, 0.1]
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(referenceCoordinates=[0, 0, 0, *psi0],
                                             initialVelocities=[0, 0, 0, 0, 0, 150.0]))
    c = np.array([0.2, 0, 0.1])
    J = np.diag([0.05, 0.05, 0.02]) + 2 * (c @ c * np.eye(3) - np.outer(c, c))
    b = mbs.AddObject(cd.RigidBody(mass=2, inertia=inertia6(J), centerOfMass=list(c),
                                   nodeNumber=n))
    mbs.AddObject(cd.RevoluteJointZ(
        markerNumbers=[mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g)),
                       mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))],
        rotationMarker0=RotationVector2RotationMatrix(psi0)))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    s = settings(h, tend)
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.generalizedAlpha.lieGroupAddTangentOperator = tangent
    mbs.SolveDynamic(s)
    st = mbs.GetSolverStatistics()
    return st["newtonIterations"] / st["steps"], mbs.systemData.GetODE2Coordinates()


def test_lie_group_tangent_operator_gives_quadratic_newton():
    """With 0.3 rad of rotation per step the joint's constraint Jacobian with respect to the
    step's rotation increment differs from the body-frame one by the tangent operator T. With
    it (the default) full Newton converges in 2 iterations per step; with the identity
    (lieGroupAddTangentOperator = False) it needs about 3.6 (linear convergence); the
    solution is the same (the step equations do not change, only the matrix)."""
    its_t, q_t = _spinning_revolute_lg(True)
    its_i, q_i = _spinning_revolute_lg(False)
    assert its_t <= 2.05 and its_i > 3.0, (its_t, its_i)
    assert np.abs(q_t - q_i).max() < 1e-9


def test_coordinate_marker_refuses_lie_group_rotation_coordinates():
    """The rotation coordinates of NodeRigidBodyRotVecLG are composed on SO(3), so a
    coordinate marker (for a CoordinateConstraint, CoordinateSpringDamper or LoadCoordinate)
    on them is refused with a message naming the parameter; its position coordinates work."""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyRotVecLG())
    for k in (3, 4, 5):
        with pytest.raises(ValueError, match=r"'coordinate' is %d, a rotation coordinate .*"
                                             r"NodeRigidBodyRotVecLG" % k):
            mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=k))
    assert int(mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=2))) == 0
