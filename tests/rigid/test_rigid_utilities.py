"""coordyn.rigid: rotation parametrizations and rigid-body inertia.

Rotations: round trips and orthogonality on random rotations, closed forms of 90-degree
rotations, the robust branches (180 degrees, gimbal lock, tiny angles), and the rate relations
of Euler parameters and Tait-Bryan angles checked against central differences of the rotation
matrices (dA/dt = omega~ A = A omega_body~).
Inertia: closed forms, the parallel-axis theorem against a sum over point masses, consistency of
Translated / Rotated / + (two half cuboids are one cuboid), and the 6-vector layout checked by
simulation: a body with a full inertia tensor spinning about a principal axis keeps its angular
velocity, which it does not if two off-diagonal entries are swapped.
"""
import numpy as np
import pytest

import coordyn as cd
from coordyn.rigid import (AngularVelocity2EulerParameters_t, AngularVelocity2RotXYZ_t,
                           AngularVelocityLocal2EulerParameters_t, ComputeOrthonormalBasis,
                           EulerParameters2G, EulerParameters2GLocal,
                           EulerParameters2RotationMatrix, HomogeneousTransformation,
                           Inertia6D2InertiaTensor, InertiaCuboid, InertiaCylinder,
                           InertiaHollowSphere, InertiaMassPoint, InertiaRodX, InertiaSphere,
                           InertiaTensor2Inertia6D, RigidBodyInertia,
                           RotationMatrix2EulerParameters,
                           RotationMatrix2RotationVector, RotationMatrix2RotXYZ,
                           RotationMatrixX, RotationMatrixY, RotationMatrixZ,
                           RotationVector2RotationMatrix, RotXYZ2EulerParameters, RotXYZ2G,
                           RotXYZ2GLocal, RotXYZ2RotationMatrix, Skew, Skew2Vec)

OV = cd.OutputVariableType
EX, EY, EZ = np.eye(3)


def random_rotations(n, seed=0):
    """n rotation matrices uniformly distributed (from random unit quaternions)."""
    q = np.random.default_rng(seed).normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1)[:, None]
    return [EulerParameters2RotationMatrix(e) for e in q]


def assert_rotation(A, tol=1e-14):
    assert np.abs(A.T @ A - np.eye(3)).max() < 10 * tol
    assert abs(np.linalg.det(A) - 1) < 10 * tol


# ---------------------------------------------------------------- closed forms

def test_elementary_rotations_90_degrees():
    """Rx(90) y = z, Ry(90) z = x, Rz(90) x = y, and the right-hand rule for each axis."""
    h = np.pi / 2
    assert np.allclose(RotationMatrixX(h) @ EY, EZ, atol=1e-15)
    assert np.allclose(RotationMatrixY(h) @ EZ, EX, atol=1e-15)
    assert np.allclose(RotationMatrixZ(h) @ EX, EY, atol=1e-15)
    assert np.allclose(RotationMatrixZ(h) @ EY, -EX, atol=1e-15)


def test_parametrizations_of_90_degrees_about_z():
    """Rz(90): Euler parameters [cos 45, 0, 0, sin 45], angles [0, 0, pi/2], rotation vector
    [0, 0, pi/2], all mapping back to the same matrix."""
    A = RotationMatrixZ(np.pi / 2)
    s = np.sqrt(0.5)
    assert np.allclose(RotationMatrix2EulerParameters(A), [s, 0, 0, s], atol=1e-15)
    assert np.allclose(RotationMatrix2RotXYZ(A), [0, 0, np.pi / 2], atol=1e-15)
    assert np.allclose(RotationMatrix2RotationVector(A), [0, 0, np.pi / 2], atol=1e-15)
    assert np.allclose(EulerParameters2RotationMatrix([s, 0, 0, s]), A, atol=1e-15)
    assert np.allclose(RotationVector2RotationMatrix([0, 0, np.pi / 2]), A, atol=1e-15)
    for k, R in enumerate((RotationMatrixX, RotationMatrixY, RotationMatrixZ)):
        rot = np.zeros(3)
        rot[k] = np.pi / 2
        assert np.allclose(RotXYZ2RotationMatrix(rot), R(np.pi / 2), atol=1e-15)
        v = np.zeros(3)
        v[k] = np.pi / 2
        assert np.allclose(RotationVector2RotationMatrix(v), R(np.pi / 2), atol=1e-15)


def test_rotxyz_order_is_rx_ry_rz():
    """A = Rx(a) Ry(b) Rz(c), as the engine's NodeRigidBodyRxyz."""
    a, b, c = 0.3, -0.7, 1.9
    A = RotXYZ2RotationMatrix([a, b, c])
    assert np.allclose(A, RotationMatrixX(a) @ RotationMatrixY(b) @ RotationMatrixZ(c),
                       atol=1e-15)
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyRxyz(referenceCoordinates=[0, 0, 0, a, b, c]))
    mbs.AddObject(cd.RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    mbs.Assemble()
    assert np.allclose(mbs.GetNodeOutput(n, OV.RotationMatrix).reshape(3, 3), A, atol=1e-15)


def test_euler_parameters_match_engine():
    """EulerParameters2RotationMatrix is the engine's NodeRigidBodyEP rotation."""
    e = RotationMatrix2EulerParameters(random_rotations(1, seed=5)[0])
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0, 0, 0, *e]))
    mbs.AddObject(cd.RigidBody(mass=1, inertia=[1, 1, 1, 0, 0, 0], nodeNumber=n))
    mbs.Assemble()
    assert np.allclose(mbs.GetNodeOutput(n, OV.RotationMatrix).reshape(3, 3),
                       EulerParameters2RotationMatrix(e), atol=1e-15)


def test_skew():
    a, b = np.array([1.0, -2, 0.5]), np.array([0.3, 0.4, -1.2])
    assert np.allclose(Skew(a) @ b, np.cross(a, b))
    assert np.allclose(Skew2Vec(Skew(a)), a)


# ---------------------------------------------------------------- round trips

def test_round_trips_on_random_rotations():
    """500 random rotations: every parametrization maps back to A to 1e-14, and each
    constructed matrix is orthogonal with det +1."""
    for A in random_rotations(500):
        e = RotationMatrix2EulerParameters(A)
        assert abs(np.linalg.norm(e) - 1) < 1e-15 and e[0] >= 0
        rot = RotationMatrix2RotXYZ(A)
        v = RotationMatrix2RotationVector(A)
        assert np.linalg.norm(v) <= np.pi + 1e-15
        for B in (EulerParameters2RotationMatrix(e), RotXYZ2RotationMatrix(rot),
                  RotationVector2RotationMatrix(v)):
            assert_rotation(B)
            assert np.abs(B - A).max() < 2e-15 * 10
        assert np.allclose(RotXYZ2EulerParameters(rot) * np.sign(RotXYZ2EulerParameters(rot)[0]),
                           e, atol=1e-14)


def test_parameter_round_trips():
    """Parameters -> matrix -> parameters: Euler parameters up to sign, angles with |beta| <
    pi/2, rotation vectors with |v| < pi."""
    rng = np.random.default_rng(3)
    for _ in range(300):
        e = rng.normal(size=4)
        e /= np.linalg.norm(e)
        e2 = RotationMatrix2EulerParameters(EulerParameters2RotationMatrix(e))
        assert np.allclose(e2, e * np.sign(e[0]), atol=1e-14)
        rot = rng.uniform(-np.pi, np.pi, 3)
        rot[1] = rng.uniform(-1.5, 1.5)
        assert np.allclose(RotationMatrix2RotXYZ(RotXYZ2RotationMatrix(rot)), rot, atol=1e-12)
        v = rng.normal(size=3)
        v *= rng.uniform(0, np.pi - 1e-3) / np.linalg.norm(v)
        assert np.allclose(RotationMatrix2RotationVector(RotationVector2RotationMatrix(v)), v,
                           atol=1e-12)


@pytest.mark.parametrize("axis", [EX, EY, EZ, np.array([1.0, 1, 0]) / np.sqrt(2),
                                  np.array([1.0, -2, 3]) / np.sqrt(14)])
def test_half_turns_and_tiny_angles(axis):
    """180-degree rotations (trace -1, where the trace formula fails) and rotations by 1e-9:
    Euler parameters, rotation vector and matrix stay accurate (Shepperd pivoting, series)."""
    A = RotationVector2RotationMatrix(np.pi * axis)
    assert_rotation(A)
    assert np.allclose(A, 2 * np.outer(axis, axis) - np.eye(3), atol=1e-15)
    e = RotationMatrix2EulerParameters(A)
    assert abs(e[0]) < 1e-15 and np.allclose(np.abs(e[1:]), np.abs(axis), atol=1e-15)
    assert np.allclose(EulerParameters2RotationMatrix(e), A, atol=1e-15)
    v = RotationMatrix2RotationVector(A)
    assert np.allclose(np.abs(v), np.pi * np.abs(axis), atol=1e-14)
    small = 1e-9 * axis
    B = RotationVector2RotationMatrix(small)
    assert np.allclose(B, np.eye(3) + Skew(small), atol=1e-17)
    assert np.allclose(RotationMatrix2RotationVector(B), small, rtol=1e-7, atol=1e-22)


@pytest.mark.parametrize("beta", [np.pi / 2, -np.pi / 2])
def test_rotxyz_gimbal_lock_reproduces_matrix(beta):
    """At beta = +-pi/2 only alpha +- gamma is defined: the angles returned still give A."""
    A = RotXYZ2RotationMatrix([0.4, beta, -1.1])
    rot = RotationMatrix2RotXYZ(A)
    assert abs(rot[1] - beta) < 1e-7
    assert np.allclose(RotXYZ2RotationMatrix(rot), A, atol=1e-14)


def test_orthonormal_basis():
    """First column along the vector, orthonormal with det +1, also for axis-aligned vectors."""
    for v in (EX, -EY, EZ, [1, 1, 1], [0.2, -3, 0.01], [1e-8, 0, 1]):
        B = ComputeOrthonormalBasis(v)
        assert_rotation(B)
        assert np.allclose(B[:, 0], np.asarray(v, float) / np.linalg.norm(v))


# ---------------------------------------------------------------- rate relations

def central_dA(param2A, x, x_t, h=1e-6):
    return (param2A(x + h * x_t) - param2A(x - h * x_t)) / (2 * h)


def test_euler_parameter_rates_by_finite_differences():
    """e_t = G^T omega / 4 (global omega) gives dA/dt = omega~ A; the local form
    Gbar^T omega_b / 4 gives dA/dt = A omega_b~; both agree for omega = A omega_b; G e_t and
    Gbar e_t return the angular velocities, and e . e_t = 0. A(e) is quadratic in e, so the
    central difference is exact up to rounding."""
    rng = np.random.default_rng(11)
    for A in random_rotations(50, seed=2):
        e = RotationMatrix2EulerParameters(A)
        w = rng.normal(size=3)
        et = AngularVelocity2EulerParameters_t(w, e)
        assert abs(e @ et) < 1e-15
        dA = central_dA(EulerParameters2RotationMatrix, e, et)
        assert np.abs(dA - Skew(w) @ A).max() < 1e-9
        assert np.allclose(EulerParameters2G(e) @ et, w, atol=1e-14)
        wb = A.T @ w
        et_local = AngularVelocityLocal2EulerParameters_t(wb, e)
        assert np.allclose(et_local, et, atol=1e-14)
        assert np.allclose(EulerParameters2GLocal(e) @ et_local, wb, atol=1e-14)
        assert np.abs(dA - A @ Skew(wb)).max() < 1e-9


def test_rotxyz_rates_by_finite_differences():
    """rot_t = G^-1 omega (global omega) gives dA/dt = omega~ A (central differences, error
    O(h^2) ~ 1e-12); G rot_t = omega and GLocal rot_t = A^T omega."""
    rng = np.random.default_rng(12)
    for _ in range(50):
        rot = rng.uniform(-np.pi, np.pi, 3)
        rot[1] = rng.uniform(-1.3, 1.3)
        A = RotXYZ2RotationMatrix(rot)
        w = rng.normal(size=3)
        rt = AngularVelocity2RotXYZ_t(w, rot)
        dA = central_dA(RotXYZ2RotationMatrix, rot, rt)
        assert np.abs(dA - Skew(w) @ A).max() < 1e-8 * (1 + np.abs(rt).max())
        assert np.allclose(RotXYZ2G(rot) @ rt, w, atol=1e-13)
        assert np.allclose(RotXYZ2GLocal(rot) @ rt, A.T @ w, atol=1e-13)
    with pytest.raises(ValueError, match="AngularVelocity2RotXYZ_t.*rotation"):
        AngularVelocity2RotXYZ_t([1, 0, 0], [0, np.pi / 2, 0])


def test_same_results_as_exudyn():
    """Cross-check with Exudyn's rigidBodyUtilities where it is installed (the same names and
    the same global-omega convention)."""
    eru = pytest.importorskip("exudyn.rigidBodyUtilities")
    rng = np.random.default_rng(13)
    for A in random_rotations(30, seed=4):
        rot = RotationMatrix2RotXYZ(A)
        e = RotationMatrix2EulerParameters(A)
        w = rng.normal(size=3)
        assert np.allclose(RotXYZ2RotationMatrix(rot), eru.RotXYZ2RotationMatrix(rot))
        assert np.allclose(RotationMatrix2RotXYZ(A), eru.RotationMatrix2RotXYZ(A))
        ee = eru.RotationMatrix2EulerParameters(A)
        assert np.allclose(e, ee * np.sign(ee[0]))
        assert np.allclose(AngularVelocity2EulerParameters_t(w, e),
                           eru.AngularVelocity2EulerParameters_t(w, e))
        assert np.allclose(AngularVelocity2RotXYZ_t(w, rot), eru.AngularVelocity2RotXYZ_t(w, rot))
        v = RotationMatrix2RotationVector(A)
        assert np.allclose(RotationVector2RotationMatrix(v), eru.RotationVector2RotationMatrix(v))
    J = InertiaCuboid(700, [0.3, 0.2, 0.1]).Translated([0.1, -0.2, 0.3])
    Je = eru.InertiaCuboid(700, [0.3, 0.2, 0.1]).Translated([0.1, -0.2, 0.3])
    assert np.allclose(J.GetInertia6D(), Je.GetInertia6D()) and np.allclose(J.COM(), Je.COM())
    assert np.allclose(InertiaCylinder(1000, 0.5, 0.2, 1, 0.1).Inertia(),
                       eru.InertiaCylinder(1000, 0.5, 0.2, 1, 0.1).Inertia())


# ---------------------------------------------------------------- inertia

def test_cuboid_cylinder_sphere_closed_forms():
    m = 700 * 0.3 * 0.2 * 0.1
    J = InertiaCuboid(700, [0.3, 0.2, 0.1])
    assert np.isclose(J.Mass(), m)
    assert np.allclose(J.Inertia(), m / 12 * np.diag([0.05, 0.1, 0.13]))
    assert np.allclose(J.COM(), 0)
    rho, L, ro, ri = 2000.0, 0.8, 0.15, 0.1
    for axis in range(3):
        C = InertiaCylinder(rho, L, ro, axis=axis, innerRadius=ri)
        mc = rho * L * np.pi * (ro ** 2 - ri ** 2)
        d = np.full(3, mc * (3 * (ro ** 2 + ri ** 2) + L ** 2) / 12)
        d[axis] = mc * (ro ** 2 + ri ** 2) / 2
        assert np.isclose(C.Mass(), mc) and np.allclose(C.Inertia(), np.diag(d))
    # a hollow cylinder is a full one minus the core (mass and tensor add linearly)
    full, core = InertiaCylinder(rho, L, ro, 2), InertiaCylinder(rho, L, ri, 2)
    hollow = InertiaCylinder(rho, L, ro, 2, ri)
    assert np.isclose(hollow.Mass(), full.Mass() - core.Mass())
    assert np.allclose(hollow.Inertia(), full.Inertia() - core.Inertia())
    S = InertiaSphere(mass=3.0, radius=0.2)
    assert np.allclose(S.Inertia(), 0.4 * 3 * 0.04 * np.eye(3))
    Sd = InertiaSphere(density=1000, radius=0.2)
    assert np.isclose(Sd.Mass(), 1000 * 4 / 3 * np.pi * 0.008)
    assert np.allclose(InertiaHollowSphere(3.0, 0.2).Inertia(), 2 / 3 * 3 * 0.04 * np.eye(3))
    assert np.allclose(InertiaRodX(2.0, 3.0).Inertia(), np.diag([0, 1.5, 1.5]))
    P = InertiaMassPoint(2.0)
    assert P.Mass() == 2 and np.all(P.Inertia() == 0)


def test_cuboid_against_point_mass_integration():
    """The cuboid tensor equals the midpoint-rule sum of m_i (r.r I - r r^T) over a 24^3 grid of
    point masses (InertiaMassPoint(m_i).Translated(r_i) summed), to the O(1/n^2) rule error."""
    L = np.array([0.3, 0.2, 0.1])
    n = 24
    axes = [((np.arange(n) + 0.5) / n - 0.5) * L[k] for k in range(3)]
    r = np.stack(np.meshgrid(*axes, indexing="ij"), -1).reshape(-1, 3) + [0.05, -0.1, 0.2]
    mi = 700 * L.prod() / len(r)
    direct = mi * (np.sum(r * r) * np.eye(3) - r.T @ r)
    cuboid = InertiaCuboid(700, L).Translated([0.05, -0.1, 0.2])
    assert np.abs(cuboid.Inertia() - direct).max() < 1e-3 * np.abs(direct).max()
    # the same points through the class (+ and Translated), for 64 of them
    some = r[:: len(r) // 64][:64]
    body = sum((InertiaMassPoint(1.0).Translated(p) for p in some[1:]),
               InertiaMassPoint(1.0).Translated(some[0]))
    assert np.allclose(body.Inertia(), np.sum(some * some) * np.eye(3) - some.T @ some)
    assert np.allclose(body.COM(), some.mean(axis=0))


def test_parallel_axis_theorem():
    """Tensor about the reference point = tensor about the centre of mass + m (c.c I - c c^T);
    InertiaCOM undoes it and is invariant under Translated."""
    Jc = np.array([[2.0, 0.1, -0.2], [0.1, 3.0, 0.3], [-0.2, 0.3, 4.0]])
    c, m = np.array([0.5, -1.0, 2.0]), 5.0
    J = RigidBodyInertia(m, Jc, c, inertiaTensorAtCOM=True)
    assert np.allclose(J.Inertia(), Jc + m * (c @ c * np.eye(3) - np.outer(c, c)))
    assert np.allclose(J.InertiaCOM(), Jc)
    assert np.allclose(RigidBodyInertia(m, J.Inertia(), c).InertiaCOM(), Jc)   # Exudyn default
    K = J.Translated([1.0, 2.0, -3.0])
    assert np.allclose(K.COM(), c + [1, 2, -3]) and np.allclose(K.InertiaCOM(), Jc)
    assert np.allclose(K.Translated(-np.array([1.0, 2.0, -3.0])).Inertia(), J.Inertia())


def test_two_half_cuboids_are_one_cuboid():
    """Cuboids [1, b, c] at x = +-0.5 added are the cuboid [2, b, c]; an unequal split
    (0.5 and 1.5 long) gives the same body once the centre of mass is accounted for."""
    rho, b, c = 500.0, 0.3, 0.2
    halves = (InertiaCuboid(rho, [1, b, c]).Translated([0.5, 0, 0]) +
              InertiaCuboid(rho, [1, b, c]).Translated([-0.5, 0, 0]))
    whole = InertiaCuboid(rho, [2, b, c])
    assert np.isclose(halves.Mass(), whole.Mass())
    assert np.allclose(halves.COM(), 0, atol=1e-15)
    assert np.allclose(halves.Inertia(), whole.Inertia())
    split = (InertiaCuboid(rho, [0.5, b, c]).Translated([-0.75, 0, 0]) +
             InertiaCuboid(rho, [1.5, b, c]).Translated([0.25, 0, 0]))
    assert np.allclose(split.Inertia(), whole.Inertia()) and np.allclose(split.COM(), 0)
    shifted = whole.Translated([0.3, 0.1, 0])
    split_shifted = (InertiaCuboid(rho, [0.5, b, c]).Translated([-0.45, 0.1, 0]) +
                     InertiaCuboid(rho, [1.5, b, c]).Translated([0.55, 0.1, 0]))
    assert np.allclose(split_shifted.Inertia(), shifted.Inertia())
    assert np.allclose(split_shifted.COM(), shifted.COM())
    acc = InertiaCuboid(rho, [1, b, c]).Translated([0.5, 0, 0])
    acc += InertiaCuboid(rho, [1, b, c]).Translated([-0.5, 0, 0])
    assert np.allclose(acc.Inertia(), whole.Inertia())


def test_rotated_and_transformed():
    """A cuboid turned 90 degrees about z is the cuboid with x and y sides swapped; Rotated by R
    then R^T is the identity; Transformed(HT(R, v)) = Rotated(R).Translated(v); rotating a
    body with an offset centre of mass turns the offset too (com' = R com)."""
    L = [0.6, 0.2, 0.1]
    turned = InertiaCuboid(800, L).Rotated(RotationMatrixZ(np.pi / 2))
    assert np.allclose(turned.Inertia(), InertiaCuboid(800, [0.2, 0.6, 0.1]).Inertia())
    R = random_rotations(1, seed=9)[0]
    v = np.array([0.1, 0.2, -0.3])
    J = InertiaCuboid(800, L).Translated([0.2, 0, 0.1])
    assert np.allclose(J.Rotated(R).Rotated(R.T).Inertia(), J.Inertia())
    T = J.Transformed(HomogeneousTransformation(R, v))
    assert np.allclose(T.Inertia(), J.Rotated(R).Translated(v).Inertia())
    assert np.allclose(J.Rotated(R).COM(), R @ J.COM())
    assert np.allclose(J.Rotated(R).InertiaCOM(), R @ J.InertiaCOM() @ R.T)
    with pytest.raises(ValueError, match="Rotated.*rot"):
        J.Rotated(np.diag([1.0, 1, -1]))


def test_inertia6d_layout():
    """[Jxx, Jyy, Jzz, Jyz, Jxz, Jxy], and back."""
    J = np.array([[1.0, 0.6, 0.5], [0.6, 2.0, 0.4], [0.5, 0.4, 3.0]])
    assert InertiaTensor2Inertia6D(J) == [1, 2, 3, 0.4, 0.5, 0.6]
    assert np.all(Inertia6D2InertiaTensor([1, 2, 3, 0.4, 0.5, 0.6]) == J)
    assert RigidBodyInertia(1.0, J).GetInertia6D() == [1, 2, 3, 0.4, 0.5, 0.6]


def test_inertia_bad_arguments():
    with pytest.raises(ValueError, match="RigidBodyInertia.*'mass'"):
        RigidBodyInertia(-1.0, np.eye(3))
    with pytest.raises(TypeError, match="RigidBodyInertia.*'inertiaTensor'"):
        RigidBodyInertia(1.0, np.eye(2))
    with pytest.raises(ValueError, match="RigidBodyInertia.*'inertiaTensor'.*symmetric"):
        RigidBodyInertia(1.0, [[1, 0.1, 0], [0, 1, 0], [0, 0, 1]])
    with pytest.raises(TypeError, match="RigidBodyInertia.*'com'"):
        RigidBodyInertia(1.0, np.eye(3), [0, 0])
    with pytest.raises(ValueError, match="InertiaCylinder.*'axis'"):
        InertiaCylinder(1000, 1, 0.1, axis=3)
    with pytest.raises(ValueError, match="InertiaCylinder.*'innerRadius'"):
        InertiaCylinder(1000, 1, 0.1, axis=0, innerRadius=0.2)
    with pytest.raises(ValueError, match="InertiaCuboid.*'density'"):
        InertiaCuboid(-1, [1, 1, 1])
    with pytest.raises(ValueError, match="InertiaSphere.*'mass'.*'density'"):
        InertiaSphere(mass=1, radius=0.1, density=1000)
    with pytest.raises(TypeError, match="Translated.*'vec'"):
        InertiaCuboid(1, [1, 1, 1]).Translated([1, 2])


# ---------------------------------------------------------------- 6D layout in the engine

def spin(inertia6, mass, com, R0, omega, node_type, tend=1.0, h=2e-3):
    """Free body (no forces) spinning with global omega about its centre of mass; returns the
    largest deviation of the global angular velocity and of the centre-of-mass position."""
    # initial velocities through the rate relations under test: reference point v = -w x (R0 c)
    v0 = -np.cross(omega, R0 @ com)
    mbs = cd.SystemContainer().AddSystem()
    if node_type == "EP":
        e = RotationMatrix2EulerParameters(R0)
        n = mbs.AddNode(cd.NodeRigidBodyEP(
            referenceCoordinates=[0, 0, 0, *e],
            initialVelocities=[*v0, *AngularVelocity2EulerParameters_t(omega, e)]))
    elif node_type == "Rxyz":
        rot = RotationMatrix2RotXYZ(R0)
        n = mbs.AddNode(cd.NodeRigidBodyRxyz(
            referenceCoordinates=[0, 0, 0, *rot],
            initialVelocities=[*v0, *AngularVelocity2RotXYZ_t(omega, rot)]))
    else:   # Lie-group node: body angular velocity coordinates
        n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(
            referenceCoordinates=[0, 0, 0, *RotationMatrix2RotationVector(R0)],
            initialVelocities=[*v0, *(R0.T @ omega)]))
    b = mbs.AddObject(cd.RigidBody(mass=mass, inertia=list(inertia6), centerOfMass=list(com),
                                   nodeNumber=n))
    sw = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.AngularVelocity))
    sc = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=list(com),
                                     outputVariableType=OV.Position))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(tend / h))
    s.timeIntegration.endTime = tend
    s.solutionSettings.sensorsWritePeriod = h
    mbs.SolveDynamic(s)
    W = mbs.GetSensorStoredData(sw)[:, 1:]
    C = mbs.GetSensorStoredData(sc)[:, 1:]
    return np.abs(W - omega).max(), np.abs(C - R0 @ com).max()



@pytest.mark.parametrize("node_type", ["EP", "Rxyz", "RotVecLG"])
def test_inertia6d_layout_in_engine_principal_spin(node_type):
    """A cuboid turned by a general rotation R (full tensor in the body frame) with its centre
    of mass off the reference point spins about its major principal axis R e_x: the angular
    velocity stays constant (and the centre of mass at rest) up to the O(h^2) integration error
    (checked at h and h/2). With Jyz
    and Jxy swapped in the 6-vector the same axis is no longer principal and the angular
    velocity changes at order 1."""
    box = InertiaCuboid(1000, [0.1, 0.2, 0.3])          # Jxx largest
    R = RotationMatrixX(0.4) @ RotationMatrixY(-0.7) @ RotationMatrixZ(0.5)
    com = np.array([0.05, -0.1, 0.08])
    J = box.Rotated(R).Translated(com)
    R0 = RotationMatrixZ(1.0)                            # reference rotation of the node
    omega = 4.0 * R0 @ R @ EX                            # global spin about the major axis
    # the Tait-Bryan path must stay away from beta = +-pi/2 for Rxyz
    for t in np.linspace(0, 1, 50):
        assert abs((RotationVector2RotationMatrix(omega * t) @ R0)[0, 2]) < 0.9
    err = {h: np.array(spin(J.GetInertia6D(), J.Mass(), J.COM(), R0, omega, node_type, h=h))
           for h in (2e-3, 1e-3)}
    assert np.all(err[2e-3] < [1e-4, 1e-5]), err
    ratio = err[2e-3] / err[1e-3]
    # O(h^2) discretization error only; the Lie-group node keeps the body angular velocity of a
    # principal-axis spin exactly (its velocity coordinates), so that error is round-off there
    exact = err[2e-3] < 1e-11
    assert np.all(((ratio > 3.5) & (ratio < 4.5)) | exact), (ratio, err)
    assert node_type == "RotVecLG" or not exact.any(), err
    j = J.GetInertia6D()
    wrong = [j[0], j[1], j[2], j[5], j[4], j[3]]
    dw_wrong, _ = spin(wrong, J.Mass(), J.COM(), R0, omega, node_type)
    assert dw_wrong > 0.1, dw_wrong
