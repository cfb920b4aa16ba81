"""coordyn.robotics kinematics: a planar 2R arm against its closed form (link frames, Jacobian,
static torques, mass matrix) and the Puma560, UR5 and Panda models against Exudyn 1.13.6."""
import numpy as np
import pytest

import coordyn.robotics as rob
from coordyn.robotics import models, special

L1, L2, LC1, LC2, M1, M2, IZ1, IZ2 = 0.7, 0.5, 0.3, 0.2, 2.0, 1.5, 0.04, 0.03


def planar_arm(gravity=(0, -9.81, 0)):
    """Two revolute z joints, std DH [q, 0, l, 0]: the link frame sits at the link's end;
    the COM lies lc from the joint, i.e. at x = -(l - lc) in the link frame."""
    robot = rob.Robot(gravity=list(gravity))
    for l, lc, m, iz in ((L1, LC1, M1, IZ1), (L2, LC2, M2, IZ2)):
        robot.AddLink(rob.RobotLink(mass=m, COM=[-(l - lc), 0, 0],
                                    inertia=np.diag([0.02, 0.025, iz]),
                                    localHT=rob.StdDH2HT([0, 0, l, 0])))
    return robot


Q = [0.4, -1.1]


def test_planar_arm_forward_kinematics_closed_form():
    robot = planar_arm()
    q1, q2 = Q
    H = robot.LinkHT(Q)
    tip = [L1 * np.cos(q1) + L2 * np.cos(q1 + q2), L1 * np.sin(q1) + L2 * np.sin(q1 + q2), 0]
    assert np.allclose(H[1][0:3, 3], tip, atol=1e-15)
    assert np.allclose(H[1][0:3, 0:3], [[np.cos(q1 + q2), -np.sin(q1 + q2), 0],
                                        [np.sin(q1 + q2), np.cos(q1 + q2), 0], [0, 0, 1]],
                       atol=1e-15)
    J = robot.JointHT(Q)       # joint frames: at the joint, rotated by the joint angle
    assert np.allclose(J[1][0:3, 3], [L1 * np.cos(q1), L1 * np.sin(q1), 0], atol=1e-15)
    com = robot.COMHT(J)
    assert np.allclose(com[1][0:3, 3], [L1 * np.cos(q1) + LC2 * np.cos(q1 + q2),
                                        L1 * np.sin(q1) + LC2 * np.sin(q1 + q2), 0], atol=1e-15)


def test_planar_arm_jacobian_closed_form_and_finite_differences():
    robot = planar_arm()
    q1, q2 = Q
    s1, s12, c1, c12 = np.sin(q1), np.sin(q1 + q2), np.cos(q1), np.cos(q1 + q2)
    J = robot.Jacobian(robot.JointHT(Q))
    Jexact = np.array([[-L1 * s1 - L2 * s12, -L2 * s12], [L1 * c1 + L2 * c12, L2 * c12],
                       [0, 0], [0, 0], [0, 0], [1, 1]])
    assert np.allclose(J, Jexact, atol=1e-14)
    assert np.allclose(robot.Jacobian(robot.JointHT(Q), mode='trans'), Jexact[0:3], atol=1e-14)
    assert np.allclose(robot.Jacobian(robot.JointHT(Q), mode='rot'), Jexact[3:6], atol=1e-14)
    # and against central differences of the tip position of LinkHT
    eps = 1e-6
    for j in range(2):
        dq = np.zeros(2)
        dq[j] = eps
        d = (robot.LinkHT(np.add(Q, dq))[1][0:3, 3] - robot.LinkHT(np.subtract(Q, dq))[1][0:3, 3])
        assert np.allclose(d / (2 * eps), J[0:3, j], atol=1e-9)


def test_planar_arm_static_torques_closed_form():
    g = 9.81
    robot = planar_arm()
    q1, q2 = Q
    tau = robot.StaticTorques(robot.JointHT(Q))
    # generalized gravity forces: -dV/dq with V = g (m1 lc1 s1 + m2 (l1 s1 + lc2 s12))
    t2 = -M2 * g * LC2 * np.cos(q1 + q2)
    t1 = -M1 * g * LC1 * np.cos(q1) - M2 * g * (L1 * np.cos(q1) + LC2 * np.cos(q1 + q2))
    assert np.allclose(tau, [t1, t2], rtol=1e-14, atol=1e-14)


def test_planar_arm_mass_matrix_closed_form():
    robot = planar_arm()
    q2 = Q[1]
    HTj, HTl = robot.JointHT(Q), robot.LinkHT(Q)
    M = special.MassMatrix(robot, HTj, special.JointJacobian(robot, HTj, HTl))
    m11 = IZ1 + IZ2 + M1 * LC1 ** 2 + M2 * (L1 ** 2 + LC2 ** 2 + 2 * L1 * LC2 * np.cos(q2))
    m12 = IZ2 + M2 * (LC2 ** 2 + L1 * LC2 * np.cos(q2))
    m22 = IZ2 + M2 * LC2 ** 2
    assert np.allclose(M, [[m11, m12], [m12, m22]], rtol=1e-14, atol=1e-15)


def test_dh_helpers_closed_form():
    theta, d, a, alpha = 0.3, 0.2, 0.5, -0.7
    H = rob.StdDH2HT([theta, d, a, alpha])
    from coordyn.rigidBodyUtilities import HTrotateX, HTrotateZ, HTtranslate
    ref = HTrotateZ(theta) @ HTtranslate([0, 0, d]) @ HTtranslate([a, 0, 0]) @ HTrotateX(alpha)
    assert np.allclose(H, ref, atol=1e-15)
    pre, post = rob.ModDHKK2HT([alpha, d, theta, a])
    assert np.allclose(pre, HTrotateX(alpha) @ HTtranslate([d, 0, 0]), atol=1e-15)
    assert np.allclose(post, HTrotateZ(theta) @ HTtranslate([0, 0, a]), atol=1e-15)
    assert np.allclose(rob.projectAngleToPMPi([3.5, -3.5, 7.0, np.pi]),
                       [3.5 - 2 * np.pi, 2 * np.pi - 3.5, 7.0 - 2 * np.pi, np.pi])


def test_tree_robot_jacobian_uses_only_its_branch():
    """Two branches on one root: a link's Jacobian has zero columns for the other branch."""
    robot = rob.Robot(gravity=[0, 0, -9.81])
    H = rob.StdDH2HT([0, 0, 0.5, 0])
    robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3) * 0.01, localHT=H))
    robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3) * 0.01, localHT=H, parent=0))
    robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3) * 0.01, localHT=H, parent=0))
    assert not robot.IsSerialRobot() and robot.GetParentIndex(2) == 0 and robot.HasParent(2)
    J = robot.Jacobian(robot.JointHT([0.1, 0.2, -0.3]), linkIndex=2)
    assert np.all(J[:, 1] == 0) and np.linalg.norm(J[:, 2]) > 0.1
    q = np.array([0.1, 0.2, -0.3])
    tip = robot.LinkHT(q)[2][0:3, 3]
    assert np.allclose(tip, [0.5 * np.cos(0.1) + 0.5 * np.cos(-0.2),
                             0.5 * np.sin(0.1) + 0.5 * np.sin(-0.2), 0], atol=1e-15)


def test_prismatic_joint_jacobian():
    robot = rob.Robot()
    robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3), jointType='Rz',
                                localHT=rob.StdDH2HT([0, 0, 1.0, 0])))
    robot.AddLink(rob.RobotLink(1, [0, 0, 0], np.eye(3), jointType='Px'))
    q = [0.3, 0.25]
    tip = robot.LinkHT(q)[1][0:3, 3]
    assert np.allclose(tip, [1.25 * np.cos(0.3), 1.25 * np.sin(0.3), 0], atol=1e-15)
    J = robot.Jacobian(robot.JointHT(q))
    assert np.allclose(J[:, 1], [np.cos(0.3), np.sin(0.3), 0, 0, 0, 0], atol=1e-15)
    assert np.allclose(J[0:3, 0], [-1.25 * np.sin(0.3), 1.25 * np.cos(0.3), 0], atol=1e-15)


# ------------------------------------------------------------------ against Exudyn 1.13.6
def real_exudyn():
    exu = pytest.importorskip("exudyn")
    if "coordyn" in exu.__file__:
        pytest.skip("exudyn is switched to coordyn in this process")
    import exudyn.robotics.models as xm
    import exudyn.robotics.special as xs
    return xm, xs


def h44(H):
    return H.HT44() if hasattr(H, 'HT44') else np.asarray(H)


@pytest.mark.parametrize("name", ["ManipulatorPuma560", "ManipulatorUR5", "ManipulatorPANDA",
                                  "Manipulator3RSimple", "Manipulator4Rsimple"])
def test_models_against_exudyn(name):
    xm, xs = real_exudyn()
    dx, dc = getattr(xm, name)(), getattr(models, name)()
    for key in ('jointType', 'gravity', 'referenceConfiguration', 'dhMode'):
        assert dx[key] == dc[key], key
    for key in ('jointStiffnessMatrix', 'joinTorqueMaxMatrix', 'Pcontrol', 'Dcontrol'):
        assert np.array_equal(dx[key], dc[key]), key
    assert np.array_equal(h44(dx['tool']['HT']), dc['tool']['HT'])
    for lx, lc in zip(dx['links'], dc['links']):
        for key in lx:
            assert np.array_equal(np.array(lx[key], dtype=float),
                                  np.array(lc[key], dtype=float)), key
    assert len(dx['links']) == len(dc['links'])


@pytest.mark.parametrize("name", ["ManipulatorPuma560", "ManipulatorUR5", "ManipulatorPANDA"])
def test_robot_kinematics_and_mass_matrix_against_exudyn(name):
    """LinkHT, JointHT, COMHT, Jacobian (all modes), StaticTorques, JointJacobian, MassMatrix
    at random joint angles, to 1e-12 (Panda: its std DH parameters)."""
    xm, xs = real_exudyn()
    dx, dc = getattr(xm, name)(), getattr(models, name)()
    dx['dhMode'] = dc['dhMode'] = 'stdDH'
    rx, rc = xm.LinkDict2Robot(dx), models.LinkDict2Robot(dc)
    rng = np.random.default_rng(7)
    for _ in range(3):
        q = rng.uniform(-np.pi, np.pi, rc.NumberOfLinks())
        for f in ('LinkHT', 'JointHT'):
            for a, b in zip(getattr(rx, f)(q), getattr(rc, f)(q)):
                assert np.abs(h44(a) - b).max() < 1e-12, f
        Jx, Jc = rx.JointHT(q), rc.JointHT(q)
        for a, b in zip(rx.COMHT(Jx), rc.COMHT(Jc)):
            assert np.abs(h44(a) - b).max() < 1e-12
        for mode in ('all', 'trans', 'rot'):
            assert np.abs(rx.Jacobian(Jx, mode=mode) - rc.Jacobian(Jc, mode=mode)).max() < 1e-12
        assert np.abs(rx.Jacobian(Jx[0:3], toolPosition=[0.1, 0.2, 0.3])
                      - rc.Jacobian(Jc[0:3], toolPosition=[0.1, 0.2, 0.3])).max() < 1e-12
        assert np.abs(rx.StaticTorques(Jx) - rc.StaticTorques(Jc)).max() < 1e-12
        JJx = xs.JointJacobian(rx, Jx, rx.LinkHT(q))
        JJc = special.JointJacobian(rc, Jc, rc.LinkHT(q))
        assert max(np.abs(a - b).max() for a, b in zip(JJx, JJc)) < 1e-12
        Mx, Mc = xs.MassMatrix(rx, Jx, JJx), special.MassMatrix(rc, Jc, JJc)
        assert np.abs(Mx - Mc).max() < 1e-12
        assert np.allclose(Mc, Mc.T, atol=1e-14) and np.all(np.linalg.eigvalsh(Mc) > -1e-14)
        for mode in ('all', 'trans', 'rot'):
            assert abs(xs.VelocityManipulability(rx, Jx, mode)
                       - special.VelocityManipulability(rc, Jc, mode)) < 1e-12
        mx = xs.CalculateAllMeasures(rx, dx, q, 'trans', [1, 1, 0, 1])
        mc = special.CalculateAllMeasures(rc, dc, q, 'trans', [1, 1, 0, 1])
        for a, b in zip(mx, mc):
            assert np.allclose(a, b, rtol=1e-9, atol=1e-12)


def test_panda_moddhkk_against_exudyn():
    """LinkDictModDHKK2Robot (modified DH frames, inertia transformed into them): the same
    tip pose as the std DH robot and as Exudyn's."""
    xm, _ = real_exudyn()
    dx, dc = xm.ManipulatorPANDA(), models.ManipulatorPANDA()
    dx['dhMode'] = dc['dhMode'] = 'stdDH'
    import exudyn.robotics as xr          # Exudyn's own fails on the dict's 'base' entry
    with pytest.warns(DeprecationWarning):
        rx = xm.LinkDictModDHKK2Robot(dx, xr.Robot(gravity=[0, 0, -9.81]))
    with pytest.warns(DeprecationWarning, match="use LinkDict2Robot"):
        rc = models.LinkDictModDHKK2Robot(dc)
    q = np.array([0.3, -0.2, 0.5, -1.2, 0.4, 1.1, -0.6])
    for a, b in zip(rx.LinkHT(q), rc.LinkHT(q)):
        assert np.abs(h44(a) - b).max() < 1e-12
    for lx, lc in zip(rx.links, rc.links):
        assert np.abs(np.asarray(lx.COM) - lc.COM).max() < 1e-12
        assert np.abs(np.asarray(lx.inertia) - lc.inertia).max() < 1e-12
    Jx, Jc = rx.JointHT(q), rc.JointHT(q)
    assert np.abs(rx.Jacobian(Jx) - rc.Jacobian(Jc)).max() < 1e-12


def tree_robot(mod, HTfun):
    """A tree with base and tool HTs, preHT (modified-DH style) and localHT, revolute and
    prismatic joints about all three axes; mod is coordyn.robotics or exudyn.robotics."""
    from coordyn.rigidBodyUtilities import HTrotateX, HTrotateY, HTtranslate
    base = mod.RobotBase(HT=HTfun(HTtranslate([0.1, -0.2, 0.3]) @ HTrotateY(0.3)))
    tool = mod.RobotTool(HT=HTfun(HTtranslate([0, 0, 0.12])))
    robot = mod.Robot(gravity=[0.5, -9.81, 0.2], base=base, tool=tool)
    specs = [('Rz', -2, None, [0, 0.3, 0.2, 0.5]), ('Ry', -2, [0.4, 0.1, 0., 0.2], None),
             ('Px', -2, [-0.3, 0.2, 0.1, 0.], [0, 0.1, 0.2, -0.4]), ('Rx', 1, None, [0.2, 0, 0.3, 0.1]),
             ('Pz', 3, [0.1, 0.05, 0.3, 0.], None), ('Rz', -1, [0.3, 0.2, 0.1, 0.4], [0, 0.2, 0, 0.3])]
    for k, (jt, parent, pre, std) in enumerate(specs):
        preHT = HTfun(mod.ModDHKK2HT(pre)[0] @ HTrotateX(0.1 * k)) if pre is not None else None
        localHT = HTfun(mod.StdDH2HT(std)) if std is not None else None
        robot.AddLink(mod.RobotLink(mass=1 + k, COM=[0.1 * k, -0.05, 0.02 * k],
                                    inertia=np.diag([0.02, 0.03, 0.04]) + 0.001 * k,
                                    localHT=localHT, preHT=preHT, jointType=jt, parent=parent))
    return robot


def test_tree_robot_against_exudyn():
    """Kinematics of a tree robot with base, tool, preHT, localHT and prismatic joints."""
    real_exudyn()
    import exudyn
    import exudyn.robotics as xr

    def to_x(H):
        return exudyn.HT(np.array(H, dtype=float))

    def c44(H):
        return np.array(H.HT44() if hasattr(H, 'HT44') else H)
    # ModDHKK2HT of Exudyn returns exudyn.HT: convert for the numpy products above
    class XR:
        def __getattr__(self, name):
            return getattr(xr, name)

        @staticmethod
        def ModDHKK2HT(p):
            return [c44(H) for H in xr.ModDHKK2HT(p)]

        @staticmethod
        def StdDH2HT(p):
            return c44(xr.StdDH2HT(p))
    rx, rc = tree_robot(XR(), to_x), tree_robot(rob, lambda H: H)
    assert not rc.IsSerialRobot() and rx.IsSerialRobot() == rc.IsSerialRobot()
    q = np.array([0.3, -0.4, 0.15, 0.7, -0.05, 0.25])
    for f in ('LinkHT', 'JointHT'):
        for a, b in zip(getattr(rx, f)(q), getattr(rc, f)(q)):
            assert np.abs(h44(a) - b).max() < 1e-12, f
    Jx, Jc = rx.JointHT(q), rc.JointHT(q)
    for a, b in zip(rx.COMHT(Jx), rc.COMHT(Jc)):
        assert np.abs(h44(a) - b).max() < 1e-12
    for link in range(6):
        assert np.abs(rx.Jacobian(Jx, linkIndex=link) - rc.Jacobian(Jc, linkIndex=link)).max() \
            < 1e-12, link
    # the tree Jacobian against central differences of the link origin
    eps = 1e-6
    J = rc.Jacobian(Jc, linkIndex=4)
    for j in range(6):
        dq = np.zeros(6)
        dq[j] = eps
        d = rc.LinkHT(q + dq)[4][0:3, 3] - rc.LinkHT(q - dq)[4][0:3, 3]
        assert np.allclose(d / (2 * eps), J[0:3, j], atol=1e-9), j
