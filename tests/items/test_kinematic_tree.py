"""ObjectKinematicTree, MarkerKinematicTreeRigid, SensorKinematicTree and CreateKinematicTree.

Checked against hand-derived equations of motion (a point-mass pendulum against the exact
solution, a planar double pendulum and a cart-pendulum: mass matrix and forces in closed form),
energy conservation, the P/D control law, static equilibria under marker loads, the same
mechanism built of rigid bodies and revolute joints, Exudyn 1.13.6 (mass matrix, forces and
every sensor output on a 3D tree with prismatic joints), numerical differentiation (the
Jacobians of connectors, joints and loads on tree markers), and the error messages."""
import numpy as np
import pytest

import coordyn as cd
from conftest import check_jacobian, new_system, pendulum_exact

OV = cd.OutputVariableType
JT = cd.JointType
I3 = np.eye(3)


def tree(mbs, types, parents, offsets, masses, coms, inertias, rotations=None, q0=None,
         v0=None, qref=None, **kw):
    """a NodeGenericODE2 and an ObjectKinematicTree; returns (node, object)"""
    n = len(types)
    node = mbs.AddNode(cd.NodeGenericODE2(
        numberOfODE2Coordinates=n, referenceCoordinates=list(np.zeros(n) if qref is None
                                                             else qref),
        initialCoordinates=list(np.zeros(n) if q0 is None else q0),
        initialCoordinates_t=list(np.zeros(n) if v0 is None else v0)))
    obj = mbs.AddObject(cd.ObjectKinematicTree(
        nodeNumber=node, jointTypes=types, linkParents=parents,
        jointTransformations=[I3] * n if rotations is None else rotations,
        jointOffsets=offsets, linkMasses=masses, linkCOMs=coms, linkInertiasCOM=inertias, **kw))
    return node, obj


def rk67(h, t_end):
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(t_end / h))
    s.timeIntegration.endTime = t_end
    s.solutionSettings.sensorsWritePeriod = h
    s.solutionSettings.writeSolutionToFile = False
    s.progressBar = False
    return s


def solve(mbs, s, explicit=True):
    mbs.SolveDynamic(s, solverType=cd.DynamicSolverType.RK67) if explicit else \
        mbs.SolveDynamic(s)


# ------------------------------------------------------------------ pendulum, double pendulum
def test_point_mass_pendulum_matches_the_exact_solution():
    """a revolute-Z link with a point mass m at distance L (no inertia), gravity -g y: the
    angle obeys phi'' = -(g/L) cos(phi), as the point-mass pendulum of docs/references.rst"""
    m, L, g, phi0 = 1.0, 1.0, 9.81, 0.3
    mbs = new_system()
    node, obj = tree(mbs, [JT.RevoluteZ], [-1], [[0, 0, 0]], [m], [[L, 0, 0]],
                     [np.zeros((3, 3))], q0=[phi0], gravity=[0, -g, 0])
    sp = mbs.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=0,
                                              localPosition=[L, 0, 0],
                                              outputVariableType=OV.Position))
    sv = mbs.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=0,
                                              localPosition=[L, 0, 0],
                                              outputVariableType=OV.Velocity))
    mbs.Assemble()
    solve(mbs, rk67(1e-3, 2.0))
    times = np.array([0.5, 1.0, 2.0])
    exact = pendulum_exact(times, m, L, g, phi0=phi0)
    pos, vel = mbs.GetSensorStoredData(sp), mbs.GetSensorStoredData(sv)
    for t, ex in zip(times, exact):
        i = int(np.argmin(abs(pos[:, 0] - t)))
        assert np.abs(pos[i, 1:3] - ex[:2]).max() < 1e-10
        assert np.abs(vel[i, 1:3] - ex[2:4]).max() < 1e-9


def double_pendulum_eom(q, qd, m, c, L1, Jz, g):
    """planar double pendulum (relative angles, revolute Z, gravity -g y): M, h (Coriolis and
    centrifugal) and G (gravity) of M q'' + h + G = 0, derived by hand"""
    (m1, m2), (c1, c2), (J1, J2) = m, c, Jz
    s2, k2 = np.sin(q[1]), np.cos(q[1])
    M = np.array([[J1 + m1 * c1**2 + J2 + m2 * (L1**2 + c2**2 + 2 * L1 * c2 * k2),
                   J2 + m2 * (c2**2 + L1 * c2 * k2)],
                  [J2 + m2 * (c2**2 + L1 * c2 * k2), J2 + m2 * c2**2]])
    h = m2 * L1 * c2 * s2 * np.array([-(2 * qd[0] * qd[1] + qd[1]**2), qd[0]**2])
    G = g * np.array([m1 * c1 * np.cos(q[0]) + m2 * (L1 * np.cos(q[0]) +
                                                     c2 * np.cos(q[0] + q[1])),
                      m2 * c2 * np.cos(q[0] + q[1])])
    return M, h, G


DP = dict(m=(1.3, 0.7), c=(0.4, 0.6), L1=1.1, Jz=(0.05, 0.02), g=9.81)


def double_pendulum(mbs, q0, v0, **kw):
    (m1, m2), (c1, c2), L1, (J1, J2) = DP["m"], DP["c"], DP["L1"], DP["Jz"]
    return tree(mbs, [JT.RevoluteZ] * 2, [-1, 0], [[0, 0, 0], [L1, 0, 0]], [m1, m2],
                [[c1, 0, 0], [c2, 0, 0]], [np.diag([0.01, 0.04, J1]), np.diag([0.005, 0.016, J2])],
                q0=q0, v0=v0, gravity=[0, -DP["g"], 0], **kw)


def test_double_pendulum_mass_matrix_and_forces_in_closed_form():
    q, qd = np.array([0.7, -1.2]), np.array([1.5, -0.8])
    mbs = new_system()
    node, obj = double_pendulum(mbs, q, qd)
    mbs.Assemble()
    M, h, G = double_pendulum_eom(q, qd, **DP)
    assert np.abs(mbs.ComputeItem(obj, "MassMatrix") - M).max() < 1e-13
    # Force: everything but M q'' (Exudyn's ComputeODE2LHS), here h + G
    F = mbs.GetObjectOutputBody(obj, OV.Force, [0, 0, 0])
    assert np.abs(F - (h + G)).max() < 1e-13
    assert np.allclose(mbs.GetObjectOutput(obj, OV.Coordinates), q)
    assert np.allclose(mbs.GetObjectOutput(obj, OV.Coordinates_t), qd)


def test_double_pendulum_trajectory_matches_its_equations():
    """RK67 on the tree against scipy's DOP853 on the hand-derived equations"""
    from scipy.integrate import solve_ivp
    q0, v0 = np.array([0.4, 0.9]), np.array([0.0, -0.5])
    mbs = new_system()
    node, obj = double_pendulum(mbs, q0, v0)
    mbs.Assemble()
    solve(mbs, rk67(1e-3, 1.5))

    def rhs(t, z):
        M, h, G = double_pendulum_eom(z[:2], z[2:], **DP)
        return np.concatenate([z[2:], np.linalg.solve(M, -h - G)])
    sol = solve_ivp(rhs, (0, 1.5), np.concatenate([q0, v0]), method="DOP853", rtol=1e-13,
                    atol=1e-13)
    assert np.abs(mbs.GetNodeOutput(node, OV.Coordinates) - sol.y[:2, -1]).max() < 1e-10
    assert np.abs(mbs.GetNodeOutput(node, OV.Coordinates_t) - sol.y[2:, -1]).max() < 1e-9


def test_cart_pendulum_prismatic_and_revolute_in_closed_form():
    """PrismaticX cart (m1) with a RevoluteZ pendulum (m2, COM at l, J about its COM):
    M = [[m1+m2, -m2 l s], [-m2 l s, m2 l^2 + J]], h = [-m2 l c w^2, 0], G = [0, m2 g l c]"""
    m1, m2, l, J, g = 2.0, 0.5, 0.8, 0.04, 9.81
    x, phi, xd, w = 0.3, 0.9, -0.4, 1.7
    mbs = new_system()
    node, obj = tree(mbs, [JT.PrismaticX, JT.RevoluteZ], [-1, 0], [[0, 0, 0], [0, 0, 0]],
                     [m1, m2], [[0, 0, 0], [l, 0, 0]], [np.eye(3) * 0.1, np.diag([0, J, J])],
                     q0=[x, phi], v0=[xd, w], gravity=[0, -g, 0])
    mbs.Assemble()
    s, c = np.sin(phi), np.cos(phi)
    M = np.array([[m1 + m2, -m2 * l * s], [-m2 * l * s, m2 * l**2 + J]])
    hG = np.array([-m2 * l * c * w**2, m2 * g * l * c])
    assert np.abs(mbs.ComputeItem(obj, "MassMatrix") - M).max() < 1e-13
    assert np.abs(mbs.GetObjectOutputBody(obj, OV.Force, [0, 0, 0]) - hG).max() < 1e-13


def test_reference_coordinates_add_to_the_displacements():
    """the joint value is reference + displacement; Coordinates reports it (as Exudyn)"""
    q = np.array([0.7, -1.2])
    mbs = new_system()
    node, obj = double_pendulum(mbs, q - [0.2, 0.5], [0, 0], qref=[0.2, 0.5])
    mbs.Assemble()
    M, h, G = double_pendulum_eom(q, [0, 0], **DP)
    assert np.abs(mbs.GetObjectOutputBody(obj, OV.Force, [0, 0, 0]) - G).max() < 1e-13
    assert np.allclose(mbs.GetObjectOutput(obj, OV.Coordinates), q, atol=1e-15)
    assert np.allclose(mbs.GetNodeOutput(node, OV.Coordinates), q - [0.2, 0.5], atol=1e-15)


# ------------------------------------------------------------------ a 3D tree
def tree3d(mbs, **kw):
    """six links, revolute and prismatic joints about tilted axes, branching"""
    rng = np.random.default_rng(7)
    types = [JT.RevoluteZ, JT.PrismaticX, JT.RevoluteX, JT.RevoluteY, JT.PrismaticZ,
             JT.RevoluteZ]
    parents = [-1, 0, 1, 1, 3, 2]
    rots, offs, Js, coms, ms = [], [], [], [], []
    for i in range(6):
        a, b, c = rng.uniform(-1, 1, 3)
        ca, sa, cb, sb, cc, sc = np.cos(a), np.sin(a), np.cos(b), np.sin(b), np.cos(c), np.sin(c)
        rots.append(np.array([[1, 0, 0], [0, ca, -sa], [0, sa, ca]]) @
                    np.array([[cb, 0, sb], [0, 1, 0], [-sb, 0, cb]]) @
                    np.array([[cc, -sc, 0], [sc, cc, 0], [0, 0, 1]]))
        offs.append(rng.uniform(-1, 1, 3))
        A = rng.uniform(-1, 1, (3, 3))
        Js.append(A @ A.T + 0.1 * np.eye(3))
        coms.append(rng.uniform(-1, 1, 3))
        ms.append(rng.uniform(0.5, 2))
    q0, v0 = rng.uniform(-1, 1, 6), rng.uniform(-1, 1, 6)
    return tree(mbs, types, parents, offs, ms, coms, Js, rotations=rots, q0=q0, v0=v0,
                gravity=[0.3, -9.81, 1.2], baseOffset=[0.2, 0.1, -0.3], **kw), \
        dict(masses=ms, coms=coms)


def test_energy_is_conserved_without_damping():
    mbs = new_system()
    (node, obj), d = tree3d(mbs)
    g = np.array([0.3, -9.81, 1.2])
    com = [mbs.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=i,
                                                localPosition=list(d["coms"][i]),
                                                outputVariableType=OV.Position))
           for i in range(6)]
    mbs.Assemble()

    def energy():
        v = mbs.GetNodeOutput(node, OV.Coordinates_t)
        T = 0.5 * v @ mbs.ComputeItem(obj, "MassMatrix") @ v
        return T - sum(m * g @ mbs.GetSensorValues(s) for m, s in zip(d["masses"], com))
    E0 = energy()
    solve(mbs, rk67(2e-4, 0.4))
    assert abs(np.linalg.norm(mbs.GetNodeOutput(node, OV.Coordinates_t))) > 0.5  # it moved
    assert abs(energy() - E0) < 1e-9 * abs(E0)


def test_mass_matrix_is_the_derivative_of_the_residual_by_the_accelerations():
    """r2(q, q', a) = M(q) a + h: the numerical derivative of the residual by q'' gives M"""
    mbs = new_system()
    (node, obj), d = tree3d(mbs)
    mbs.Assemble()
    M = mbs.ComputeItem(obj, "MassMatrix")
    assert np.allclose(M, M.T, atol=1e-14) and np.all(np.linalg.eigvalsh(M) > 0)
    F = mbs.GetObjectOutputBody(obj, OV.Force, [0, 0, 0])
    a = np.linspace(-1, 1, 6)
    mbs.systemData.SetODE2Coordinates_tt(a)
    r2, _ = mbs._core.residual()
    assert np.abs(r2 - (M @ a + F)).max() < 1e-12 * np.abs(M @ a + F).max()


def test_numerical_jacobian_is_the_derivative_of_the_force():
    """the object's Jacobian is numerical (said by the flag); it equals central differences of
    its Force output"""
    from conftest import central_differences
    mbs = new_system()
    (node, obj), d = tree3d(mbs)
    mbs.Assemble()
    jac = mbs.GetObjectJacobian(obj)
    assert jac["analytic"] is False
    q0 = mbs.systemData.GetODE2Coordinates()
    v0 = mbs.systemData.GetODE2Coordinates_t()

    def force_q(q):
        mbs.systemData.SetODE2Coordinates(q)
        return mbs.GetObjectOutputBody(obj, OV.Force, [0, 0, 0])

    def force_v(v):
        mbs.systemData.SetODE2Coordinates_t(v)
        return mbs.GetObjectOutputBody(obj, OV.Force, [0, 0, 0])
    K = central_differences(force_q, q0)
    mbs.systemData.SetODE2Coordinates(q0)
    D = central_differences(force_v, v0)
    mbs.systemData.SetODE2Coordinates_t(v0)
    assert np.abs(jac["K"] - K).max() < 1e-5 * np.abs(K).max()
    assert np.abs(jac["D"] - D).max() < 1e-5 * np.abs(D).max()


# ------------------------------------------------------------------ control, loads
def test_pd_control_and_offsets_enter_as_exudyn_writes_them():
    """one link about its joint, no gravity: Force = -f - P (u_o - q) - D (v_o - q') (the
    link's own inertia gives no torque about a fixed axis at a = 0)"""
    f, P, D, uo, vo, q, qd, qref = 0.7, 40.0, 3.0, 0.25, -0.5, 0.1, 0.8, 0.05
    mbs = new_system()
    node, obj = tree(mbs, [JT.RevoluteZ], [-1], [[0, 0, 0]], [2.0], [[0.5, 0.1, 0]],
                     [np.diag([0.1, 0.2, 0.3])], q0=[q], v0=[qd], qref=[qref],
                     jointForceVector=[f], jointPControlVector=[P], jointDControlVector=[D],
                     jointPositionOffsetVector=[uo], jointVelocityOffsetVector=[vo])
    mbs.Assemble()
    expected = -f - P * (uo - (qref + q)) - D * (vo - qd)
    assert abs(np.atleast_1d(mbs.GetObjectOutputBody(obj, OV.Force, [0, 0, 0]))[0] - expected) \
        < 1e-13


def test_pd_controlled_link_is_a_damped_oscillator():
    """J_O q'' + D q' + P (q - u_o) = f: the closed-form solution of the linear ODE"""
    m, cx, Jz, P, D, uo, f = 2.0, 0.5, 0.3, 40.0, 3.0, 0.25, 0.7
    JO = Jz + m * cx**2
    mbs = new_system()
    node, obj = tree(mbs, [JT.RevoluteZ], [-1], [[0, 0, 0]], [m], [[cx, 0, 0]],
                     [np.diag([0.1, 0.2, Jz])], jointForceVector=[f], jointPControlVector=[P],
                     jointDControlVector=[D], jointPositionOffsetVector=[uo],
                     jointVelocityOffsetVector=[0.0])
    mbs.Assemble()
    solve(mbs, rk67(1e-3, 1.0))
    qs = uo + f / P                     # static solution; q(0) = 0, q'(0) = 0
    zeta, wn = D / (2 * np.sqrt(P * JO)), np.sqrt(P / JO)
    wd = wn * np.sqrt(1 - zeta**2)
    t = 1.0
    exact = qs - qs * np.exp(-zeta * wn * t) * (np.cos(wd * t) + zeta * wn / wd * np.sin(wd * t))
    assert abs(np.atleast_1d(mbs.GetNodeOutput(node, OV.Coordinates))[0] - exact) < 1e-10


def pendulum_with_marker(mbs, m=1.5, d=0.4, L=1.0, g=9.81):
    node, obj = tree(mbs, [JT.RevoluteZ], [-1], [[0, 0, 0]], [m], [[d, 0, 0]],
                     [np.diag([0.01, 0.02, 0.03])], gravity=[0, -g, 0], q0=[-0.3])
    mk = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=0,
                                                   localPosition=[L, 0, 0]))
    return node, obj, mk


def test_marker_force_and_torque_static_equilibrium():
    """LoadForceVector Fx at the tip and LoadTorqueVector Tz: m g d cos q + L Fx sin q = Tz"""
    from scipy.optimize import brentq
    m, d, L, g, Fx, Tz = 1.5, 0.4, 1.0, 9.81, 8.0, 1.2
    mbs = new_system()
    node, obj, mk = pendulum_with_marker(mbs, m, d, L, g)
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=[Fx, 0, 0]))
    mbs.AddLoad(cd.LoadTorqueVector(markerNumber=mk, loadVector=[0, 0, Tz]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.staticSolver.newton.relativeTolerance = 1e-14
    s.staticSolver.newton.absoluteTolerance = 1e-14
    mbs.SolveStatic(s)
    q = brentq(lambda q: m * g * d * np.cos(q) + L * Fx * np.sin(q) - Tz, -np.pi / 2, 0)
    assert abs(np.atleast_1d(mbs.GetNodeOutput(node, OV.Coordinates))[0] - q) < 1e-10
    for ld in range(2):
        check = mbs.GetLoadJacobian(ld)
        num = mbs.GetLoadJacobian(ld, numerical=True)
        assert np.abs(check["K"] - num["K"]).max() < 1e-6 * max(1, np.abs(num["K"]).max())


def rigid_double_pendulum(mbs, q, qd):
    """the double pendulum of DP as two ObjectRigidBody on revolute joints (Z axes), at the
    angles q and rates qd; returns the bodies"""
    (m1, m2), (c1, c2), L1, (J1, J2) = DP["m"], DP["c"], DP["L1"], DP["Jz"]
    ground = mbs.AddObject(cd.ObjectGround())
    a1, a2 = q[0], q[0] + q[1]
    w1, w2 = qd[0], qd[0] + qd[1]
    e1, e2 = np.array([np.cos(a1), np.sin(a1), 0]), np.array([np.cos(a2), np.sin(a2), 0])
    n1, n2 = np.array([-e1[1], e1[0], 0]), np.array([-e2[1], e2[0], 0])
    bodies = []
    for m, c, J, Jxy, p, v, a, w in (
            (m1, c1, J1, (0.01, 0.04), c1 * e1, c1 * w1 * n1, a1, w1),
            (m2, c2, J2, (0.005, 0.016), L1 * e1 + c2 * e2, L1 * w1 * n1 + c2 * w2 * n2, a2, w2)):
        R = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
        inertia = cd.RigidBodyInertia(mass=m, inertiaTensor=np.diag([Jxy[0], Jxy[1], J]))
        bodies.append(mbs.CreateRigidBody(inertia=inertia, referencePosition=list(p),
                                          referenceRotationMatrix=R, initialVelocity=list(v),
                                          initialAngularVelocity=[0, 0, w],
                                          gravity=[0, -DP["g"], 0]))
    mbs.CreateRevoluteJoint(bodyNumbers=[ground, bodies[0]], position=[0, 0, 0],
                            axis=[0, 0, 1])
    mbs.CreateRevoluteJoint(bodyNumbers=[bodies[0], bodies[1]], position=list(L1 * e1),
                            axis=[0, 0, 1])
    return bodies


def test_sensor_outputs_equal_those_of_the_rigid_body_model():
    q, qd = np.array([0.7, -1.2]), np.array([1.5, -0.8])
    lp = np.array([0.3, -0.1, 0.2])
    kt, rb = new_system(), new_system()
    node, obj = double_pendulum(kt, q, qd)
    bodies = rigid_double_pendulum(rb, q, qd)
    c = DP["c"]
    pairs = []
    for link in range(2):
        for var in (OV.Position, OV.Velocity, OV.AngularVelocity, OV.RotationMatrix):
            s1 = kt.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=link,
                                                     localPosition=list(lp),
                                                     outputVariableType=var))
            # the rigid body's reference point is its centre of mass (c, 0, 0) in the link frame
            s2 = rb.AddSensor(cd.SensorBody(bodyNumber=bodies[link],
                                            localPosition=list(lp - [c[link], 0, 0]),
                                            outputVariableType=var))
            pairs.append((link, var, s1, s2))
        for var in (OV.VelocityLocal, OV.AngularVelocityLocal):
            pairs.append((link, var, kt.AddSensor(cd.SensorKinematicTree(
                objectNumber=obj, linkNumber=link, localPosition=list(lp),
                outputVariableType=var)), None))
    kt.Assemble()
    rb.Assemble()
    got = {}
    for link, var, s1, s2 in pairs:
        a = np.ravel(kt.GetSensorValues(s1))
        if s2 is not None:
            got[link, var] = np.ravel(rb.GetSensorValues(s2))
            assert np.abs(a - got[link, var]).max() < 1e-13, var
        else:   # the local ones: A^T of the global ones of the rigid body
            A = got[link, OV.RotationMatrix].reshape(3, 3)
            glob = got[link, OV.Velocity if var == OV.VelocityLocal else OV.AngularVelocity]
            assert np.abs(a - A.T @ glob).max() < 1e-13, var


def test_marker_loads_act_by_virtual_work():
    """a force F at a marker of link 1 and a torque T on it: the generalized forces are
    Q_k = a_k . ((p - o_k) x F + T) for the revolute joints k on the path (virtual work)"""
    F, T, lp = np.array([3.0, -2.0, 0.5]), np.array([0.2, -0.1, 0.8]), np.array([0.9, 0.2, 0.1])
    q = np.array([0.3, 0.2])
    res = []
    for loads in (False, True):
        mbs = new_system()
        node, obj = double_pendulum(mbs, q, [0, 0])
        mk = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=1,
                                                       localPosition=list(lp)))
        if loads:
            mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=list(F)))
            mbs.AddLoad(cd.LoadTorqueVector(markerNumber=mk, loadVector=list(T)))
        mbs.Assemble()
        res.append(mbs._core.residual()[0])
    a1, a2 = q[0], q[0] + q[1]
    o2 = DP["L1"] * np.array([np.cos(a1), np.sin(a1), 0])
    p = o2 + np.array([[np.cos(a2), -np.sin(a2), 0], [np.sin(a2), np.cos(a2), 0],
                       [0, 0, 1]]) @ lp
    ez = np.array([0, 0, 1.0])
    Q = np.array([ez @ (np.cross(p, F) + T), ez @ (np.cross(p - o2, F) + T)])
    assert np.abs((res[0] - res[1]) - Q).max() < 1e-13


@pytest.mark.parametrize("connector", ["spring", "cartesian", "generic", "spherical"])
def test_connector_jacobians_on_tree_markers(connector):
    """connectors and joints between a tree marker and another tree's marker: their analytic
    Jacobians (with the tree marker's derivative data) equal numerical differentiation"""
    mbs = new_system()
    (node, obj), d = tree3d(mbs)
    m0 = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=4,
                                                   localPosition=[0.3, -0.2, 0.5]))
    m1 = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=5,
                                                   localPosition=[-0.1, 0.4, 0.2]))
    if connector == "spring":
        c = mbs.AddObject(cd.ObjectConnectorSpringDamper(markerNumbers=[m0, m1], stiffness=100,
                                                         damping=3, referenceLength=0.5))
    elif connector == "cartesian":
        c = mbs.AddObject(cd.ObjectConnectorCartesianSpringDamper(
            markerNumbers=[m0, m1], stiffness=[100, 200, 300], damping=[1, 2, 3]))
    elif connector == "generic":
        c = mbs.AddObject(cd.ObjectJointGeneric(markerNumbers=[m0, m1],
                                                constrainedAxes=[1, 1, 1, 0, 1, 1]))
    else:
        c = mbs.AddObject(cd.ObjectJointSpherical(markerNumbers=[m0, m1]))
    mbs.Assemble()
    n = len(mbs.systemData.GetODE2Coordinates())
    if connector in ("generic", "spherical"):
        mbs.systemData.SetAECoordinates(np.linspace(0.5, 2.0,
                                                    len(mbs.systemData.GetAECoordinates())))
    assert n == 6
    check_jacobian(mbs, c)


def test_marker_output_and_acceleration_term():
    """the marker's position and velocity are the sensor's; its J q_tt + Jdot_v is the point's
    acceleration (SensorKinematicTree Acceleration at a given q_tt)"""
    mbs = new_system()
    (node, obj), d = tree3d(mbs)
    lp = [0.3, -0.2, 0.5]
    mk = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=4,
                                                   localPosition=lp))
    s = {v: mbs.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=4,
                                                 localPosition=lp, outputVariableType=v))
         for v in (OV.Position, OV.Velocity, OV.Acceleration)}
    mbs.Assemble()
    assert np.abs(mbs.GetMarkerOutput(mk, OV.Position) - mbs.GetSensorValues(s[OV.Position])
                  ).max() < 1e-14
    assert np.abs(mbs.GetMarkerOutput(mk, OV.Velocity) - mbs.GetSensorValues(s[OV.Velocity])
                  ).max() < 1e-14
    # the acceleration is the time derivative of the velocity along q(t) = q + v t + a t^2/2
    q, v, a = (mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t(),
               np.linspace(-1, 1, 6))
    mbs.systemData.SetODE2Coordinates_tt(a)
    acc = mbs.GetSensorValues(s[OV.Acceleration])
    h, vel = 1e-5, []
    for t in (-h, h):
        mbs.systemData.SetODE2Coordinates(q + v * t + 0.5 * a * t * t)
        mbs.systemData.SetODE2Coordinates_t(v + a * t)
        vel.append(mbs.GetSensorValues(s[OV.Velocity]))
    assert np.abs(acc - (vel[1] - vel[0]) / (2 * h)).max() < 1e-7 * np.abs(acc).max()


# ------------------------------------------------------------------ Exudyn 1.13.6
def exudyn_tree(exu, pd=True):
    """tree3d on Exudyn (its own classes)"""
    import exudyn.utilities as eu
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    ref = new_system()
    (rnode, robj), d = tree3d(ref, **(dict(
        jointForceVector=[0.3, -0.2, 0.5, 0.1, 0.0, -0.4], jointPControlVector=[1, 2, 3, 4, 5, 6],
        jointDControlVector=[0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
        jointPositionOffsetVector=[0.1] * 6, jointVelocityOffsetVector=[-0.2] * 6) if pd
        else {}))
    p = ref.GetObject(robj)
    nd = ref.GetNode(rnode)
    n = mbs.AddNode(eu.NodeGenericODE2(referenceCoordinates=nd["referenceCoordinates"],
                                       initialCoordinates=nd["initialCoordinates"],
                                       initialCoordinates_t=nd["initialCoordinates_t"],
                                       numberOfODE2Coordinates=6))
    kw = {k: p[k] for k in ("gravity", "baseOffset", "linkMasses", "jointForceVector",
                            "jointPControlVector", "jointDControlVector",
                            "jointPositionOffsetVector", "jointVelocityOffsetVector")}
    o = mbs.AddObject(eu.ObjectKinematicTree(
        nodeNumber=n, jointTypes=[exu.JointType(int(t)) for t in p["jointTypes"]],
        linkParents=[int(x) for x in p["linkParents"]],
        jointTransformations=exu.Matrix3DList(list(p["jointTransformations"])),
        jointOffsets=exu.Vector3DList(list(p["jointOffsets"])),
        linkInertiasCOM=exu.Matrix3DList(list(p["linkInertiasCOM"])),
        linkCOMs=exu.Vector3DList(list(p["linkCOMs"])), **kw))
    return ref, robj, mbs, o


def test_mass_matrix_and_forces_equal_exudyn():
    exu = pytest.importorskip("exudyn")
    for pd in (False, True):
        ref, robj, mbs, o = exudyn_tree(exu, pd)
        ref.Assemble()
        mbs.Assemble()
        solver = exu.MainSolverImplicitSecondOrder()
        solver.InitializeSolver(mbs, exu.SimulationSettings())
        solver.ComputeMassMatrix(mbs)
        M = np.array(solver.GetSystemMassMatrix())
        assert np.abs(ref.ComputeItem(robj, "MassMatrix") - M).max() < 1e-12 * np.abs(M).max()
        F = mbs.GetObjectOutputBody(o, exu.OutputVariableType.Force, [0, 0, 0])
        assert np.abs(ref.GetObjectOutputBody(robj, OV.Force, [0, 0, 0]) - F).max() < \
            1e-12 * np.abs(F).max()


SENSOR_VARS = ("Position", "Displacement", "Velocity", "VelocityLocal", "Acceleration",
               "AccelerationLocal", "Rotation", "RotationMatrix", "AngularVelocity",
               "AngularVelocityLocal", "AngularAcceleration", "AngularAccelerationLocal")


def test_sensor_outputs_equal_exudyn_after_a_simulation():
    exu = pytest.importorskip("exudyn")
    import exudyn.utilities as eu
    ref, robj, mbs, o = exudyn_tree(exu, pd=False)
    lp = [0.3, -0.2, 0.5]
    sens = []
    for v in SENSOR_VARS:
        for link in (0, 3, 4, 5):
            sens.append((
                ref.AddSensor(cd.SensorKinematicTree(objectNumber=robj, linkNumber=link,
                                                     localPosition=lp,
                                                     outputVariableType=getattr(OV, v))),
                mbs.AddSensor(eu.SensorKinematicTree(
                    objectNumber=o, linkNumber=link, localPosition=lp, storeInternal=True,
                    outputVariableType=getattr(exu.OutputVariableType, v)))))
    for sys_, lib in ((ref, cd), (mbs, exu)):
        sys_.Assemble()
        s = lib.SimulationSettings()
        s.timeIntegration.numberOfSteps = 200
        s.timeIntegration.endTime = 0.2
        if lib is cd:
            s.solutionSettings.writeSolutionToFile = False
        else:
            s.solution.file.write = False
        s.timeIntegration.verboseMode = 0
        sys_.SolveDynamic(s)
    for s1, s2 in sens:   # the two generalized-alpha solvers agree to about 1e-8
        a, b = np.ravel(ref.GetSensorValues(s1)), np.ravel(mbs.GetSensorValues(s2))
        assert np.abs(a - b).max() < 1e-6 * max(1, np.abs(b).max())


# ------------------------------------------------------------------ CreateKinematicTree
def test_create_kinematic_tree_builds_the_tree_of_its_links():
    from coordyn.rigidBodyUtilities import InertiaCuboid, TreeLink
    J = InertiaCuboid(density=1000, sideLengths=[0.8, 0.05, 0.05]).Translated([0.4, 0, 0])
    H = np.eye(4)
    H[:3, 3] = [0.5, 0, 0]
    mbs = new_system()
    o = mbs.CreateKinematicTree(listOfTreeLinks=[TreeLink(J, JT.RevoluteZ),
                                                 TreeLink(J, JT.PrismaticX, jointHT=H,
                                                          PDcontrol=(100, 2))],
                                initialCoordinates=[0.2, 0.1], gravity=[0, -9.81, 0],
                                name="arm")
    assert isinstance(o, cd.ObjectIndex)
    p = mbs.GetObject(o)
    assert p["linkParents"] == [-1, 0] and isinstance(p["linkParents"][0], int)
    assert p["jointTypes"] == [JT.RevoluteZ, JT.PrismaticX]
    assert str(mbs.GetObjectParameter(o, "jointTypes")[1]) == "JointType.PrismaticX"
    assert np.allclose(p["jointOffsets"], [[0, 0, 0], [0.5, 0, 0]])
    assert np.allclose(p["jointPControlVector"], [0, 100])
    assert np.allclose(p["jointPositionOffsetVector"], [0, 0])
    assert np.allclose(p["linkInertiasCOM"][1], J.InertiaCOM())
    assert mbs.GetNode(p["nodeNumber"])["name"] == "Node:arm"
    with pytest.raises(ValueError, match="CreateKinematicTree: TreeLink 1 has parent 1"):
        mbs.CreateKinematicTree(listOfTreeLinks=[TreeLink(J, parent=-1), TreeLink(J, parent=1)])
    with pytest.raises(ValueError, match="either all TreeLink parents are None"):
        mbs.CreateKinematicTree(listOfTreeLinks=[TreeLink(J), TreeLink(J, parent=0)])
    with pytest.raises(TypeError, match="'initialCoordinates' must be a vector of 2 numbers"):
        mbs.CreateKinematicTree(listOfTreeLinks=[TreeLink(J), TreeLink(J)],
                                initialCoordinates=[1, 2, 3])


# ------------------------------------------------------------------ bad input
def bad(**change):
    args = dict(types=[JT.RevoluteZ, JT.RevoluteZ], parents=[-1, 0],
                offsets=[[0, 0, 0], [1, 0, 0]], masses=[1, 1], coms=[[0.5, 0, 0]] * 2,
                inertias=[np.eye(3)] * 2)
    args.update(change)
    tree(new_system(), **args)


@pytest.mark.parametrize("change, message", [
    (dict(parents=[-1]), "'linkParents' must have 2 entries"),
    (dict(parents=[-2, 0]), "'linkParents' entry 0 is -2; a parent is -1"),
    (dict(parents=[-1, 1]), "'linkParents' entry 1 is 1; the parent of link 1 must be a link "
                            "with a smaller index"),
    (dict(parents=[-1, 0.5]), "'linkParents' entry 1 is 0.5"),
    (dict(masses=[1]), "'linkMasses' must have 2 entries"),
    (dict(masses=[1, -1]), "'linkMasses'"),
    (dict(coms=[[0, 0, 0]]), "'linkCOMs' must be a list of 2 3-vectors"),
    (dict(offsets=[[0, 0, 0]] * 3), "'jointOffsets' must be a list of 2 3-vectors"),
    (dict(inertias=[np.eye(3)]), "'linkInertiasCOM' must be a list of 2 3x3 matrices"),
    (dict(inertias=[np.eye(3), np.diag([1, -1, 1])]),
     "'linkInertiasCOM' entry 1 is not a symmetric positive semi-definite"),
    (dict(inertias=[np.eye(3), np.array([[1, 0.5, 0], [0, 1, 0], [0, 0, 1]])]),
     "'linkInertiasCOM' entry 1 is not a symmetric"),
    (dict(types=[JT.RevoluteZ, 7]), "'jointTypes' entry 1 is 7; use exu.JointType"),
    (dict(jointForceVector=[1, 2, 3]), "'jointForceVector' must be empty or have 2 entries"),
    (dict(jointPControlVector=[1, 2]), "'jointPControlVector' acts only with "
                                       "'jointPositionOffsetVector'"),
    (dict(jointVelocityOffsetVector=[1, 2]), "'jointVelocityOffsetVector' needs "
                                             "'jointDControlVector'"),
    (dict(linkForces=[[1, 0, 0]]), "'linkForces' must be a list of 2 3-vectors"),
])
def test_bad_input_names_the_item_and_the_parameter(change, message):
    with pytest.raises((ValueError, TypeError), match="ObjectKinematicTree 0: parameter " +
                       message.replace("(", r"\(").replace(".", r"\.")
                       if message.startswith("'") else message):
        bad(**change)


def test_bad_node_marker_and_sensor():
    mbs = new_system()
    n = mbs.AddNode(cd.NodeGenericODE2(numberOfODE2Coordinates=3, referenceCoordinates=[0] * 3,
                                       initialCoordinates=[0] * 3,
                                       initialCoordinates_t=[0] * 3))
    with pytest.raises(ValueError, match="ObjectKinematicTree 0: parameter 'nodeNumber' must be "
                                         "a NodeGenericODE2 with 1 coordinates"):
        mbs.AddObject(cd.ObjectKinematicTree(nodeNumber=n, jointTypes=[JT.RevoluteZ],
                                             linkParents=[-1], jointTransformations=[I3],
                                             jointOffsets=[[0, 0, 0]], linkMasses=[1],
                                             linkCOMs=[[0, 0, 0]], linkInertiasCOM=[I3]))
    mbs = new_system()
    node, obj = double_pendulum(mbs, [0, 0], [0, 0])
    g = mbs.AddObject(cd.ObjectGround())
    with pytest.raises(ValueError, match="MarkerKinematicTreeRigid 0: parameter 'linkNumber' is "
                                         "2; ObjectKinematicTree 0 has links 0 .. 1"):
        mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=2))
    with pytest.raises(ValueError, match="MarkerKinematicTreeRigid 0: parameter 'objectNumber' "
                                         "refers to object 1 of type ObjectGround"):
        mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=g, linkNumber=0))
    with pytest.raises(ValueError, match="SensorKinematicTree 0: parameter 'outputVariableType' "
                                         "is Force"):
        mbs.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=0,
                                             outputVariableType=OV.Force))
    with pytest.raises(ValueError, match="SensorKinematicTree 0: parameter 'linkNumber' is -1"):
        mbs.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=-1,
                                             outputVariableType=OV.Position))


def test_visualization_class_has_exudyns_parameters():
    """VObjectKinematicTree (and VKinematicTree) with Exudyn's defaults; kept with the object"""
    from coordyn.itemInterface import VKinematicTree, VObjectKinematicTree
    assert VKinematicTree is VObjectKinematicTree
    v = VObjectKinematicTree(showJoints=False)
    assert dict(v) == dict(show=True, showLinks=True, showJoints=False,
                           color=[-1.0, -1.0, -1.0, -1.0], graphicsDataList=[])
    with pytest.raises(TypeError, match="VObjectKinematicTree: unknown parameter 'linkColor'"):
        VObjectKinematicTree(linkColor=[1, 0, 0, 1])
    mbs = new_system()
    node, obj = double_pendulum(mbs, [0, 0], [0, 0], visualization=v)
    assert mbs.GetObject(obj)["VshowJoints"] is False


def four_bar(lib, rot_z, inertia, steps=400, h=0.005):
    """a four-bar closed by a GenericJoint (x, y) between the ground and a
    MarkerKinematicTreeRigid at the end of the third link of a 3-link tree (bars of 1000 kg/m^3,
    0.05 m square, lengths 0.8, 0.5, 0.3, ground pivot at (0.5, 0.5)), swinging under gravity
    (0.5, -9.81, 0) by generalized-alpha; returns the final joint angles"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    L, w = (0.8, 0.5, 0.3), 0.05
    ground = mbs.AddObject(lib.ObjectGround(referencePosition=[L[1], L[0] - L[2], 0]))
    Js = [inertia(1000, [Li, w, w]).Translated([0.5 * Li, 0, 0]) for Li in L]
    node = mbs.AddNode(lib.NodeGenericODE2(numberOfODE2Coordinates=3, referenceCoordinates=[0.] * 3,
                                           initialCoordinates=[0.] * 3,
                                           initialCoordinates_t=[0.] * 3))
    kt = mbs.AddObject(lib.ObjectKinematicTree(
        nodeNumber=node, jointTypes=[lib.JointType.RevoluteZ] * 3, linkParents=[-1, 0, 1],
        jointTransformations=lib.Matrix3DList([rot_z(0.5 * np.pi), rot_z(-0.5 * np.pi),
                                               rot_z(-0.5 * np.pi)]),
        jointOffsets=lib.Vector3DList([[0, 0, 0], [L[0], 0, 0], [L[1], 0, 0]]),
        linkInertiasCOM=lib.Matrix3DList([J.InertiaCOM() for J in Js]),
        linkCOMs=lib.Vector3DList([J.COM() for J in Js]), linkMasses=[J.Mass() for J in Js],
        gravity=[0.5, -9.81, 0]))
    mb = mbs.AddMarker(lib.MarkerKinematicTreeRigid(objectNumber=kt, linkNumber=2,
                                                    localPosition=[L[2], 0, 0]))
    mg = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    mbs.AddObject(lib.ObjectJointGeneric(markerNumbers=[mg, mb],
                                         constrainedAxes=[1, 1, 0, 0, 0, 0]))
    mbs.Assemble()
    s = lib.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = steps * h
    s.timeIntegration.verboseMode = 0
    mbs.SolveDynamic(s)
    return np.asarray(mbs.GetNodeOutput(node, lib.OutputVariableType.Coordinates))


def test_four_bar_closed_by_a_joint_on_a_tree_marker_equals_exudyn():
    """the loop closure through MarkerKinematicTreeRigid in a dynamic simulation (2 s, the
    links turn by several radians): coordyn and Exudyn 1.13.6 give the same angles (the two
    generalized-alpha implementations differ by ~1e-7 here)"""
    exu = pytest.importorskip("exudyn")
    import types

    import exudyn.utilities as eu
    from coordyn.rigidBodyUtilities import InertiaCuboid, RotationMatrixZ
    cdlib = types.SimpleNamespace(**{k: getattr(cd, k) for k in dir(cd) if not k.startswith("_")})
    cdlib.Matrix3DList = cdlib.Vector3DList = list
    exlib = types.SimpleNamespace(**{k: getattr(eu, k) for k in dir(eu) if not k.startswith("_")})
    for k in ("SystemContainer", "SimulationSettings", "OutputVariableType", "JointType",
              "Matrix3DList", "Vector3DList"):
        setattr(exlib, k, getattr(exu, k))
    a = four_bar(cdlib, RotationMatrixZ, InertiaCuboid)
    b = four_bar(exlib, eu.RotationMatrixZ, eu.InertiaCuboid)
    assert np.abs(b).max() > 1.0                 # it moved a lot
    assert np.abs(a - b).max() < 2e-6


def test_marker_local_ht_turns_the_marker_frame():
    """localHT (Exudyn 1.13.6): the marker sits at its translation (the sensor's point) and a
    GenericJoint between two markers turned by localHT has analytic Jacobians equal to the
    numerical ones; a localHT that is no transformation, or disagrees with localPosition, is
    an error naming the marker and the parameters"""
    c, s = np.cos(0.4), np.sin(0.4)
    H = np.eye(4)
    H[:3, :3] = [[c, -s, 0], [s, c, 0], [0, 0, 1]]
    H[:3, 3] = [0.3, -0.2, 0.5]
    mbs = new_system()
    (node, obj), d = tree3d(mbs)
    m0 = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=4, localHT=H))
    H1 = H.copy()
    H1[:3, 3] = 0     # the translation from localPosition
    m1 = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=5,
                                                   localPosition=[-0.1, 0.4, 0.2], localHT=H1))
    s = mbs.AddSensor(cd.SensorKinematicTree(objectNumber=obj, linkNumber=4,
                                             localPosition=[0.3, -0.2, 0.5],
                                             outputVariableType=OV.Position))
    j = mbs.AddObject(cd.ObjectJointGeneric(markerNumbers=[m0, m1],
                                            constrainedAxes=[1, 1, 1, 1, 0, 1]))
    mbs.Assemble()
    assert np.abs(mbs.GetMarkerOutput(m0, OV.Position) - mbs.GetSensorValues(s)).max() < 1e-14
    mbs.systemData.SetAECoordinates(np.linspace(0.5, 2.0, 6))
    check_jacobian(mbs, j)
    with pytest.raises(ValueError, match="MarkerKinematicTreeRigid 2: parameter 'localHT' is not "
                                         "a homogeneous transformation"):
        mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=0,
                                                  localHT=2 * np.eye(4)))
    with pytest.raises(ValueError, match="MarkerKinematicTreeRigid 2: parameters 'localPosition' "
                                         "and 'localHT' give different positions"):
        mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=0,
                                                  localPosition=[1, 0, 0], localHT=H))


def test_marker_rotation_is_the_link_rotation_times_local_ht():
    """a RigidBodySpringDamper between two markers of one link, the second turned by localHT
    about x by 0.4 rad: its torque is the rotational stiffness times 0.4"""
    c, s = np.cos(0.4), np.sin(0.4)
    H = np.eye(4)
    H[:3, :3] = [[1, 0, 0], [0, c, -s], [0, s, c]]
    mbs = new_system()
    node, obj = double_pendulum(mbs, [0.3, 0.2], [0, 0])
    m0 = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=1))
    m1 = mbs.AddMarker(cd.MarkerKinematicTreeRigid(objectNumber=obj, linkNumber=1, localHT=H))
    k = np.zeros((6, 6))
    k[3, 3] = 10.0
    sd = mbs.AddObject(cd.ObjectConnectorRigidBodySpringDamper(markerNumbers=[m0, m1],
                                                               stiffness=k))
    mbs.Assemble()
    # rotation of m1 against m0 about x by 0.4: the torque about x is k * 0.4 (sign aside)
    assert abs(abs(np.ravel(mbs.GetObjectOutput(sd, OV.Torque))[0]) - 4.0) < 1e-12
