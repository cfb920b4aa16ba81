"""coordyn.lieGroupBasics / lieGroupIntegration (Exudyn's Python Lie-group helpers): closed-form
identities (exp(log R) = R, tangent operators against numerical differentiation of the
exponential maps, T T^-1 = I), the composition rules against rotation-matrix products, the
RK integrators against the closed-form torque-free symmetric top, and Exudyn 1.13.6's values."""
import coordyn.lieGroupBasics as lg
import coordyn.lieGroupIntegration as lgi
import numpy as np
import pytest
from coordyn.rigidBodyUtilities import (
    EulerParameters2RotationMatrix,
    RotXYZ2RotationMatrix,
    Skew2Vec,
)

RNG = np.random.default_rng(7)
ANGLES = [0.0, 1e-9, 1e-5, 3e-3, 0.05, 0.7, 2.0, 3.0, np.pi - 1e-9]


def rotvec(phi):
    n = RNG.normal(size=3)
    return phi * n / np.linalg.norm(n)


def num_right_tangent(exp, x, vee, eps=1e-6):
    """columns: vee(exp(x)^-1 d exp(x + eps e_i)/d eps), central differences"""
    E0 = np.linalg.inv(exp(x))
    cols = []
    for i in range(len(x)):
        d = np.zeros(len(x))
        d[i] = eps
        cols.append(vee(E0 @ (exp(x + d) - exp(x - d)) / (2 * eps)))
    return np.array(cols).T


def vee_so3(A):
    return Skew2Vec(0.5 * (A - A.T))


def vee_se3(A):
    return np.r_[A[:3, 3], vee_so3(A[:3, :3])]


@pytest.mark.parametrize("phi", ANGLES)
def test_exp_and_log_so3_are_inverse(phi):
    w = rotvec(phi)
    R = lg.ExpSO3(w)
    np.testing.assert_allclose(R @ R.T, np.eye(3), atol=1e-15)
    assert np.linalg.det(R) == pytest.approx(1, abs=1e-15)
    np.testing.assert_allclose(Skew2Vec(lg.LogSO3(R)), w, atol=1e-14 * max(1, 1 / (np.pi - phi)
                                                                        if phi > 3 else 1))
    np.testing.assert_allclose(lg.ExpSO3(Skew2Vec(lg.LogSO3(R))), R, atol=1e-15)
    # the quaternion of the same rotation
    np.testing.assert_allclose(EulerParameters2RotationMatrix(lg.ExpS3(w)), R, atol=1e-15)


@pytest.mark.parametrize("phi", [1e-3, 0.05, 0.7, 2.0, 3.0])
def test_tangent_operators_so3(phi):
    w = rotvec(phi)
    T = lg.TExpSO3(w)
    np.testing.assert_allclose(num_right_tangent(lg.ExpSO3, w, vee_so3), T, atol=1e-9)
    np.testing.assert_allclose(T @ lg.TExpSO3Inv(w), np.eye(3), atol=1e-14)
    np.testing.assert_allclose(T @ w, w, atol=1e-15)   # the axis is invariant


@pytest.mark.parametrize("phi", [1e-7, 1e-3, 0.05, 0.15, 0.7, 2.0, 3.0])
def test_tangent_operators_se3(phi):
    x = np.r_[RNG.normal(size=3), rotvec(phi)]        # Omega . U != 0 in general
    T = lg.TExpSE3(x)
    np.testing.assert_allclose(num_right_tangent(lg.ExpSE3, x, vee_se3), T, atol=2e-9)
    np.testing.assert_allclose(T @ lg.TExpSE3Inv(x), np.eye(6), atol=1e-13)
    H = lg.ExpSE3(x)
    L = lg.LogSE3(H)
    np.testing.assert_allclose(np.r_[L[:3, 3], Skew2Vec(L[:3, :3])], x, atol=1e-13)
    np.testing.assert_allclose(lg.TExpR3xSO3(x) @ lg.TExpR3xSO3Inv(x), np.eye(6), atol=1e-14)
    G = lg.ExpR3xSO3(x)
    np.testing.assert_allclose(lg.R3xSO3Matrix2RotationMatrix(G), lg.ExpSO3(x[3:]), atol=0)
    np.testing.assert_allclose(lg.R3xSO3Matrix2Translation(G), x[:3], atol=0)


def test_composition_rules_are_rotation_products():
    for _ in range(20):
        v0, w = rotvec(RNG.uniform(0, 3)), rotvec(RNG.uniform(0, 1))
        R = lg.ExpSO3(v0) @ lg.ExpSO3(w)
        np.testing.assert_allclose(lg.ExpSO3(lg.CompositionRuleForRotationVectors(v0, w)), R,
                                   atol=1e-13)
        q, p = lg.ExpS3(v0), lg.ExpS3(w)
        np.testing.assert_allclose(EulerParameters2RotationMatrix(
            lg.CompositionRuleForEulerParameters(q, p)), R, atol=1e-14)
        a0 = RNG.uniform(-1, 1, 3)
        a = lg.CompositionRuleRotXYZAnglesRotationVector(a0, w)
        np.testing.assert_allclose(RotXYZ2RotationMatrix(a),
                                   RotXYZ2RotationMatrix(a0) @ lg.ExpSO3(w), atol=1e-13)
        assert np.all(np.abs(a - a0) <= np.pi)
        x0, dx = RNG.normal(size=3), np.r_[RNG.normal(size=3), w]
        semi = lg.CompositionRuleSemiDirectProductR3AndR3RotVec(np.r_[x0, v0], dx)
        # the SE(3) product: H(x0, R0) ExpSE3(dx)
        H0 = np.eye(4)
        H0[:3, :3], H0[:3, 3] = lg.ExpSO3(v0), x0
        np.testing.assert_allclose(semi[:3], (H0 @ lg.ExpSE3(dx))[:3, 3], atol=1e-13)
        direct = lg.CompositionRuleDirectProductR3AndS3(np.r_[x0, q], dx)
        np.testing.assert_allclose(direct[:3], x0 + dx[:3], atol=0)


def test_bad_input_names_the_function_and_argument():
    with pytest.raises(ValueError, match=r"ExpSO3: Omega must be a vector of 3 numbers, got "
                                         r"shape \(4,\)"):
        lg.ExpSO3([1, 2, 3, 4])
    with pytest.raises(ValueError, match=r"LogSO3: R must be a 3 x 3 matrix"):
        lg.LogSO3(np.eye(4))
    with pytest.raises(ValueError, match="CompositionRuleSemiDirectProductR3AndS3: q0 must be "
                                         "a vector of 7 numbers"):
        lg.CompositionRuleSemiDirectProductR3AndS3(np.zeros(6), np.zeros(6))
    with pytest.raises(ValueError, match="solver must be 'RK1' or 'RK4', got 'RK2'"):
        lgi.RK_SolveEulersEOMWithProposedApproach(lambda v, w: w, np.zeros(3), np.ones(3), 1,
                                                  10, "RK2")
    with pytest.raises(ValueError, match="numberOfSteps must be a positive integer"):
        lgi.RK_SolveEulersEOMWithProposedApproach(lambda v, w: w, np.zeros(3), np.ones(3), 1,
                                                  0, "RK4")


J = np.array([1.0, 1.0, 1.8])   # a symmetric top (J1 = J2)


def euler_rhs(v, w):
    """torque-free Euler equations in the body frame: J w_t = -w x (J w)"""
    return -np.cross(w, J * w) / J


def top_exact(w0, t):
    """closed form of the symmetric top (R(0) = I): w3 constant, (w1, w2) turn at the rate
    lam = (J3 - J1)/J1 w3; R(t) = ExpSO3(t L/J1) ExpSO3(-t lam e3), a precession about the
    constant angular momentum L = J w0 and a spin about the body axis 3. Returns (w(t), R(t))."""
    lam = (J[2] - J[0]) / J[0] * w0[2]
    c, s = np.cos(lam * t), np.sin(lam * t)
    w = np.array([c * w0[0] - s * w0[1], s * w0[0] + c * w0[1], w0[2]])
    L = J * w0                                   # body-frame momentum at t = 0 (R(0) = I)
    R = lg.ExpSO3(L / J[0] * t) @ lg.ExpSO3(np.array([0, 0, -lam * t]))
    return w, R


@pytest.mark.parametrize("solver, order", [("RK1", 1), ("RK4", 4)])
def test_integrators_converge_to_the_symmetric_top(solver, order):
    w0 = np.array([0.3, -0.2, 1.5])
    wex, Rex = top_exact(w0, 1.0)
    errors = []
    for n in (20, 40):
        sol = lgi.RK_SolveEulersEOMWithProposedApproach(euler_rhs, np.zeros(3), w0, 1.0, n,
                                                        solver)
        R = lg.ExpSO3(sol["rotationVector"][-1])
        errors.append(np.abs(R - Rex).max() + np.abs(sol["angularVelocity"][-1] - wex).max())
        assert sol["time"][-1] == pytest.approx(1.0)
    rate = np.log2(errors[0] / errors[1])
    assert rate == pytest.approx(order, abs=0.3)
    assert errors[1] < (1e-6 if order == 4 else 0.1)


def test_rk1_from_acceleration_is_rk1():
    v0, w0 = rotvec(0.4), np.array([0.3, -0.2, 1.5])
    a = lgi.ComputeStepWithRK1(euler_rhs, v0, w0, 0.01)
    b = lgi.ComputeStepWithRK1FromAcceleration(euler_rhs(v0, w0), v0, w0, 0.01)
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])


def test_same_values_as_exudyn():
    """Exudyn 1.13.6 where its formulas are right: every function; TExpSE3 with Omega . U = 0
    (Exudyn squares Skew(Omega) elementwise in the Omega . U term) and angle >= 1e-4 (its
    series for (phi - sin phi)/phi^3 has -phi^2/24 for -phi^2/120), TExpSE3Inv with Omega . U
    = 0 and angle < 0.01 (above, its f6 lacks a factor phi: T T^-1 != I)."""
    E = pytest.importorskip("exudyn.lieGroupBasics")
    EI = pytest.importorskip("exudyn.lieGroupIntegration")
    for phi in [1e-5, 3e-3, 0.05, 0.7, 2.0, 3.0]:
        w, U = rotvec(phi), RNG.normal(size=3)
        Up = U - (U @ w) / (w @ w) * w
        v0, a0 = rotvec(1.3), RNG.uniform(-1, 1, 3)
        q = lg.ExpS3(v0)
        calls = [("ExpSO3", (w,)), ("ExpS3", (w,)), ("TExpSO3", (w,)), ("TExpSO3Inv", (w,)),
                 ("ExpSE3", (np.r_[U, w],)), ("LogSE3", (lg.ExpSE3(np.r_[U, w]),)),
                 ("ExpR3xSO3", (np.r_[U, w],)), ("TExpR3xSO3Inv", (np.r_[U, w],)),
                 ("LogSO3", (lg.ExpSO3(v0),)),
                 ("CompositionRuleForRotationVectors", (v0, w)),
                 ("CompositionRuleRotXYZAnglesRotationVector", (a0, w)),
                 ("CompositionRuleSemiDirectProductR3AndS3", (np.r_[U, q], np.r_[U, w])),
                 ("CompositionRuleSemiDirectProductR3AndR3RotXYZAngles",
                  (np.r_[U, a0], np.r_[U, w]))]
        if phi >= 1e-4:
            calls.append(("TExpSE3", (np.r_[Up, w],)))
        if phi < 1e-2:
            calls.append(("TExpSE3Inv", (np.r_[Up, w],)))
        for name, args in calls:
            np.testing.assert_allclose(getattr(lg, name)(*args), getattr(E, name)(*args),
                                       rtol=1e-13, atol=1e-13, err_msg=name)
    w0 = np.array([0.3, -0.2, 1.5])
    for solver in ("RK1", "RK4"):
        a = lgi.RK_SolveEulersEOMWithProposedApproach(euler_rhs, np.zeros(3), w0, 1.0, 30,
                                                      solver)
        b = EI.RK_SolveEulersEOMWithProposedApproach(euler_rhs, np.zeros(3), w0, 1.0, 30,
                                                     solver)
        for key in ("time", "rotationVector", "angularVelocity"):
            np.testing.assert_allclose(a[key], b[key], rtol=1e-13, atol=1e-13)


class _TopSolver:
    """Exudyn's solver-object interface for one free rigid body on a NodeRigidBodyRotVecLG
    (ODE2 coordinates [position, rotation vector], velocities [global velocity, body angular
    velocity]): M = diag(m, m, m, J), f = [0, 0, 0, -w x J w]."""

    class it:
        currentStepSize = 0.02

    def __init__(self, m=2.0):
        self.m = m

    def GetODE2size(self):
        return 6

    def ComputeODE2RHS(self, mbs):
        w = mbs.systemData.GetODE2Coordinates_t()[3:6]
        self.f = np.r_[np.zeros(3), -np.cross(w, J * w)]

    def GetSystemResidual(self):
        return self.f

    def ComputeMassMatrix(self, mbs):
        pass

    def GetSystemMassMatrix(self):
        return np.diag(np.r_[[self.m] * 3, J])


def test_system_rk4_step_function_follows_the_symmetric_top():
    """UserFunctionNewtonLieGroupRK4 on a coordyn system (with a small solver object giving the
    body's right-hand side) integrates the top as RK_SolveEulersEOMWithProposedApproach does,
    and LieGroupExplicitRKInitialize finds the Lie-group node and the coordinate constraints."""
    import coordyn as cd
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    w0 = np.array([0.3, -0.2, 1.5])
    n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(referenceCoordinates=[0] * 6,
                                             initialVelocities=np.r_[0.1, 0, 0, w0]))
    mbs.AddObject(cd.ObjectRigidBody(physicsMass=2, physicsInertia=[1, 1, 1.8, 0, 0, 0],
                                     nodeNumber=n))
    gnd = mbs.AddNode(cd.NodePointGround())
    mk = [mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=i, coordinate=c))
          for i, c in ((gnd, 0), (n, 1))]
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=mk))
    mbs.Assemble()
    lgi.LieGroupExplicitRKInitialize(mbs)
    assert mbs.sys["lieGroupODE2indices"] == [0]
    assert mbs.sys["constrainedToGroundCoordinatesList"] == [1]
    assert mbs.sys["constrainedCoordinatesList"] == []
    solver, h, steps = _TopSolver(), 0.02, 50
    for k in range(steps):
        mbs.systemData.SetTime(k * h, cd.ConfigurationType.StartOfStep)
        mbs.systemData.SetTime((k + 1) * h)
        assert lgi.UserFunctionNewtonLieGroupRK4(solver, mbs, None) is True
    q = mbs.systemData.GetODE2Coordinates()
    v = mbs.systemData.GetODE2Coordinates_t()
    ref = lgi.RK_SolveEulersEOMWithProposedApproach(euler_rhs, np.zeros(3), w0, steps * h,
                                                    steps, "RK4")
    np.testing.assert_allclose(q[3:6], ref["rotationVector"][-1], atol=1e-13)
    np.testing.assert_allclose(v[3:6], ref["angularVelocity"][-1], atol=1e-13)
    assert q[0] == pytest.approx(0.1 * steps * h, abs=1e-14)     # free flight in x
    assert q[1] == 0 and v[1] == 0                                # fixed to ground
    _, Rex = top_exact(w0, steps * h)
    np.testing.assert_allclose(lg.ExpSO3(q[3:6]), Rex, atol=1e-6)


def test_initialize_refuses_constraints_it_cannot_resolve():
    import coordyn as cd
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    gnd = mbs.AddNode(cd.NodePointGround())
    mk = [mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=i, coordinate=0)) for i in (gnd, n)]
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=mk, offset=0.5))
    mbs.Assemble()
    with pytest.raises(ValueError, match="CoordinateConstraint 1 has offset = 0.5; the "
                                         "Lie-group RK4 resolves only"):
        lgi.LieGroupExplicitRKInitialize(mbs)
