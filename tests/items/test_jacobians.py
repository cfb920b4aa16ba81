"""Every analytic object Jacobian matches numerical differentiation, in general 3D states
(nonzero displacements, velocities and multipliers); objects with user functions fall back to
numerical differentiation; and, independently of the engine's own differentiation, one spring
and one distance constraint are checked against central differences and closed forms computed
here in NumPy.

mbs.GetObjectJacobian(i[, numerical][, index2]) returns the local matrices of object i at the
current state: K = dr2/dq, D = dr2/dq_t (nq x nq), Cq (the matrix whose transpose multiplies
lambda in r2), Gq, Gv (derivatives of the algebraic residual), all nae x nq.
"""
import numpy as np
import pytest

import coordyn as cd
from conftest import JAC_RTOL as RTOL, check_jacobian, new_system

OV = cd.OutputVariableType
CT = cd.ConfigurationType


def _check(mbs, obj, index2=False, expect_analytic=True):
    return check_jacobian(mbs, obj, index2, expect_analytic)[0]


def _point(mbs, ref, q0=(0, 0, 0), v0=(0, 0, 0), m=1.5):
    """NodePoint with a MassPoint; returns (node, body, node marker)"""
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=list(ref), initialCoordinates=list(q0),
                                 initialVelocities=list(v0)))
    b = mbs.AddObject(cd.MassPoint(mass=m, nodeNumber=n))
    return n, b, mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))


def _two_points(mbs, body_marker=False, second_2d=False):
    """two points in a general 3D state (or a 3D and a 2D point); returns markers m0, m1"""
    n0, b0, m0 = _point(mbs, [0.1, 0.2, -0.3], [0.05, -0.02, 0.01], [0.3, -0.7, 0.2])
    if second_2d:
        n1 = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1.1, 0.6],
                                        initialCoordinates=[-0.03, 0.04],
                                        initialVelocities=[-0.5, 0.2]))
        b1 = mbs.AddObject(cd.MassPoint2D(mass=2.0, nodeNumber=n1))
        m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n1))
    else:
        n1, b1, m1 = _point(mbs, [1.1, 0.6, 0.4], [-0.03, 0.04, 0.02], [-0.5, 0.2, 0.9])
    if body_marker:  # a point fixed to the body, away from the node
        m1 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=b1, localPosition=[0.2, -0.1, 0.3]))
    return m0, m1


# ----------------------------------------------------------------------------- spring-dampers

SPRING_LAWS = {
    "all": dict(stiffness=2e3, damping=15, force=7, velocityOffset=0.3, referenceLength=0.8),
    "stiffness": dict(stiffness=2e3, referenceLength=0.8),
    "stiffness_no_free_length": dict(stiffness=50.0),
    "damping": dict(damping=15.0, referenceLength=0.8),
    "force": dict(force=7.0),
    "velocityOffset": dict(damping=15.0, velocityOffset=0.3),
}


@pytest.mark.parametrize("law", SPRING_LAWS)
@pytest.mark.parametrize("layout", ["nodes", "body_marker", "point2d"])
def test_spring_damper(law, layout):
    mbs = new_system()
    m0, m1 = _two_points(mbs, body_marker=layout == "body_marker",
                         second_2d=layout == "point2d")
    sd = mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], **SPRING_LAWS[law]))
    mbs.Assemble()
    a = _check(mbs, sd)
    assert a["K"].shape == ((6, 6) if layout != "point2d" else (5, 5))
    assert np.linalg.norm(a["K"]) + np.linalg.norm(a["D"]) > 0
    # the nonzero velocities make K unsymmetric when there is damping: a transposed K fails
    if law in ("all", "damping"):
        assert np.linalg.norm(a["K"] - a["K"].T) > 1e-3 * np.linalg.norm(a["K"])


def test_spring_damper_to_ground():
    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround(referencePosition=[0.3, -0.2, 0.5]))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0.1, 0, 0]))
    n, b, mk = _point(mbs, [1.0, 0.5, 0.2], [0.1, 0.1, -0.1], [1, -2, 0.5])
    sd = mbs.AddObject(cd.SpringDamper(markerNumbers=[mg, mk], **SPRING_LAWS["all"]))
    mbs.Assemble()
    assert _check(mbs, sd)["K"].shape == (3, 3)


@pytest.mark.parametrize("layout", ["nodes", "body_marker", "point2d"])
def test_cartesian_spring_damper(layout):
    mbs = new_system()
    m0, m1 = _two_points(mbs, body_marker=layout == "body_marker",
                         second_2d=layout == "point2d")
    cs = mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[100, 200, 300],
                                                damping=[1, 2, 3], offset=[0.5, 0.1, 0.2]))
    mbs.Assemble()
    a = _check(mbs, cs)
    if layout == "nodes":  # K = [[S, -S], [-S, S]], S = diag(stiffness)
        S = np.diag([100.0, 200, 300])
        np.testing.assert_allclose(a["K"], np.block([[S, -S], [-S, S]]), rtol=0, atol=1e-12)
        np.testing.assert_allclose(a["D"], np.block([[S, -S], [-S, S]]) / 100, rtol=0,
                                   atol=1e-12)


@pytest.mark.parametrize("coords", [(1, 2), (0, 0), ("ground", 1)])
def test_coordinate_spring_damper(coords):
    mbs = new_system()
    n0, _, _ = _point(mbs, [0.1, 0.2, -0.3], [0.05, -0.02, 0.01], [0.3, -0.7, 0.2])
    n1 = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.4], initialCoordinates=[0.1],
                               initialVelocities=[-0.6]))
    mbs.AddObject(cd.Mass1D(mass=1, nodeNumber=n1))
    if coords[0] == "ground":
        ng = mbs.AddNode(cd.NodePointGround())
        c0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        c1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n0, coordinate=coords[1]))
    else:
        c0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n0, coordinate=coords[0]))
        c1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n1, coordinate=0))
    cs = mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[c0, c1], stiffness=50, damping=3,
                                                 offset=0.1))
    mbs.Assemble()
    a = _check(mbs, cs)
    if coords[0] == "ground":
        np.testing.assert_allclose(a["K"], [[50.0]], rtol=1e-15)
        np.testing.assert_allclose(a["D"], [[3.0]], rtol=1e-15)
    else:
        np.testing.assert_allclose(a["K"], 50 * np.array([[1, -1], [-1, 1.0]]), rtol=1e-15)
        np.testing.assert_allclose(a["D"], 3 * np.array([[1, -1], [-1, 1.0]]), rtol=1e-15)


def test_inactive_connectors():
    mbs = new_system()
    m0, m1 = _two_points(mbs)
    objs = [mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], activeConnector=False,
                                          **SPRING_LAWS["all"])),
            mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[1, 2, 3],
                                                   activeConnector=False))]
    mbs.Assemble()
    for o in objs:
        a = _check(mbs, o)
        assert np.linalg.norm(a["K"]) == 0 and np.linalg.norm(a["D"]) == 0


# ----------------------------------------------------------------------------- GenericODE2

def test_generic_ode2():
    mbs = new_system()
    n0, _, _ = _point(mbs, [0.1, 0.2, -0.3], [0.05, -0.02, 0.01], [0.3, -0.7, 0.2], m=0)
    n1 = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1, 2], initialCoordinates=[0.1, 0.2],
                                    initialVelocities=[-1, 0.5]))
    rng = np.random.default_rng(3)
    K = rng.standard_normal((5, 5))  # unsymmetric: a transposition would show
    D = rng.standard_normal((5, 5))
    go = mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n0, n1], massMatrix=np.eye(5),
                                            stiffnessMatrix=K, dampingMatrix=D,
                                            forceVector=np.arange(5.0)))
    mbs.Assemble()
    a = _check(mbs, go)
    np.testing.assert_array_equal(a["K"], K)
    np.testing.assert_array_equal(a["D"], D)
    assert a["Cq"].shape == (0, 5)


# ----------------------------------------------------------------------------- constraints

def _constrained_system(dim3=True):
    """two mass points under gravity, a DistanceConstraint between them and a
    CoordinateConstraint (y of point 0 = z of point 1, factor1 = 1); initial state consistent
    with both; after a short solve the multipliers are nonzero"""
    mbs = new_system()
    n0, b0, m0 = _point(mbs, [0.1, 0.2, -0.3], v0=[0.3, -0.7, 0.2])
    n1, b1, m1 = _point(mbs, [1.1, 0.6, 0.4], v0=[0.57, 0.2, -0.7], m=2.0)
    # n . (v1 - v0) = 0 with n ~ (1, 0.4, 0.7); v1_z = v0_y
    d0 = float(np.linalg.norm([1.0, 0.4, 0.7]))
    dc = mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=d0))
    c0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n0, coordinate=1))
    c1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n1, coordinate=2))
    cc = mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[c0, c1]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b1)),
                           loadVector=[0, -9.81, 3.0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 0.05
    s.timeIntegration.numberOfSteps = 10
    mbs.SolveDynamic(s)
    lam = mbs.systemData.GetAECoordinates()
    assert np.all(np.abs(lam) > 0.1), lam
    return mbs, dc, cc


@pytest.mark.parametrize("index2", [False, True])
def test_distance_constraint(index2):
    mbs, dc, cc = _constrained_system()
    a = _check(mbs, dc, index2=index2)
    assert a["Cq"].shape == (1, 6) and np.linalg.norm(a["K"]) > 0.1
    if index2:  # velocity level: dg_t/dq_t = C_q, dg_t/dq = (vD^T P / L) JD != 0
        np.testing.assert_allclose(a["Gv"], a["Cq"], rtol=1e-14)
        assert np.linalg.norm(a["Gq"]) > 1e-3
    else:
        np.testing.assert_allclose(a["Gq"], a["Cq"], rtol=1e-14)
        assert np.linalg.norm(a["Gv"]) == 0


def test_distance_constraint_2d_and_body_marker():
    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0.8, 0.6], initialVelocities=[-0.6, 0.8]))
    b = mbs.AddObject(cd.MassPoint2D(mass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0]))
    dc = mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=1.0))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                           loadVector=[0, -9.81, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 0.1
    s.timeIntegration.numberOfSteps = 20
    mbs.SolveDynamic(s)
    assert abs(mbs.GetObjectOutput(dc, OV.Force)) > 0.1
    for index2 in (False, True):
        assert _check(mbs, dc, index2=index2)["K"].shape == (2, 2)


@pytest.mark.parametrize("velocity_level", [False, True])
@pytest.mark.parametrize("index2", [False, True])
def test_coordinate_constraint(velocity_level, index2):
    mbs, dc, cc = _constrained_system()
    mbs.ModifyObject(cc, {"velocityLevel": velocity_level, "factor1": 2.5, "offset": 0.1})
    mbs.Assemble()
    a = _check(mbs, cc, index2=index2)
    np.testing.assert_array_equal(a["Cq"], [[-1.0, 2.5]])
    if velocity_level or index2:
        np.testing.assert_array_equal(a["Gv"], a["Cq"])
        np.testing.assert_array_equal(a["Gq"], [[0.0, 0.0]])
    else:
        np.testing.assert_array_equal(a["Gq"], a["Cq"])
        np.testing.assert_array_equal(a["Gv"], [[0.0, 0.0]])


def test_inactive_constraints():
    mbs, dc, cc = _constrained_system()
    for o in (dc, cc):
        mbs.ModifyObject(o, {"activeConnector": False})
    mbs.Assemble()
    for o in (dc, cc):
        a = _check(mbs, o)
        for key in ("K", "D", "Cq", "Gq", "Gv"):
            assert np.linalg.norm(a[key]) == 0, key


# ----------------------------------------------------------------------------- user functions

def test_user_functions_fall_back_to_numerical():
    """an object whose force law is a user function has no analytic Jacobian: 'analytic' is
    False, and the numerical Jacobian equals the analytic one of the same linear law"""
    law = SPRING_LAWS["all"]

    def spring_uf(mbs, t, i, dl, dlt, k, d, f):
        return k * dl + d * (dlt - law["velocityOffset"]) + f

    def cart_uf(mbs, t, i, u, v, k, d, off):
        return k * (u - off) + d * v

    def coord_uf(mbs, t, i, u, v, k, d, off):
        return k * (u - off) + d * v

    Kg = np.array([[4.0, 1.0, 0], [-1.0, 3.0, 0.5], [0, 0.2, 2.0]])

    def generic_uf(mbs, t, i, q, v):
        return -Kg @ q - 0.1 * Kg.T @ v

    pairs = []
    mbs = new_system()
    m0, m1 = _two_points(mbs)
    for kw in ({}, {"springForceUserFunction": spring_uf}):
        pairs.append(mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], **law, **kw)))
    for kw in ({}, {"springForceUserFunction": cart_uf}):
        pairs.append(mbs.AddObject(cd.CartesianSpringDamper(
            markerNumbers=[m0, m1], stiffness=[100, 200, 300], damping=[1, 2, 3],
            offset=[0.5, 0.1, 0.2], **kw)))
    c0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=0, coordinate=1))
    c1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=1, coordinate=2))
    for kw in ({}, {"springForceUserFunction": coord_uf}):
        pairs.append(mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[c0, c1], stiffness=50,
                                                             damping=3, offset=0.1, **kw)))
    for kw in ({"stiffnessMatrix": Kg, "dampingMatrix": 0.1 * Kg.T},
               {"forceUserFunction": generic_uf}):
        pairs.append(mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[0], **kw)))
    mbs.Assemble()
    for plain, with_uf in zip(pairs[::2], pairs[1::2]):
        ref = _check(mbs, plain)
        a = _check(mbs, with_uf, expect_analytic=False)
        for key in ("K", "D"):
            scale = np.linalg.norm(ref[key])
            assert np.linalg.norm(a[key] - ref[key]) <= RTOL * scale + 1e-12, \
                (plain, key, a[key], ref[key])


# ----------------------------------------------------------------------------- independent checks

def _spring_state():
    mbs = new_system()
    m0, m1 = _two_points(mbs)
    law = SPRING_LAWS["all"]
    sd = mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], **law))
    mbs.Assemble()
    return mbs, sd, law


def test_spring_force_closed_form():
    """the connector's Force output is F n with F = k (L - L0) + d (L_t - v_off) + force"""
    mbs, sd, law = _spring_state()
    sdat = mbs.systemData
    p = sdat.GetODE2Coordinates(CT.Reference) + sdat.GetODE2Coordinates()
    v = sdat.GetODE2Coordinates_t()
    d, vd = p[3:] - p[:3], v[3:] - v[:3]
    L = np.linalg.norm(d)
    n = d / L
    F = (law["stiffness"] * (L - law["referenceLength"])
         + law["damping"] * (n @ vd - law["velocityOffset"]) + law["force"])
    np.testing.assert_allclose(mbs.GetObjectOutput(sd, OV.Force), F * n, rtol=1e-13)
    assert mbs.GetObjectOutput(sd, OV.Distance) == pytest.approx(L, rel=1e-14)


def test_spring_jacobian_by_central_differences():
    """K and D from central differences of the generalized force r2 = [-F; F] (F = the Force
    output), perturbing the coordinates with SetODE2Coordinates(Current)"""
    mbs, sd, law = _spring_state()
    sdat = mbs.systemData
    q0, v0 = sdat.GetODE2Coordinates(), sdat.GetODE2Coordinates_t()

    def r2(q, v):
        sdat.SetODE2Coordinates(q)
        sdat.SetODE2Coordinates_t(v)
        F = mbs.GetObjectOutput(sd, OV.Force)
        return np.concatenate([-F, F])

    h = 1e-6
    K = np.empty((6, 6))
    D = np.empty((6, 6))
    for j in range(6):
        e = np.zeros(6)
        e[j] = h
        K[:, j] = (r2(q0 + e, v0) - r2(q0 - e, v0)) / (2 * h)
        D[:, j] = (r2(q0, v0 + e) - r2(q0, v0 - e)) / (2 * h)
    sdat.SetODE2Coordinates(q0)
    sdat.SetODE2Coordinates_t(v0)
    a = mbs.GetObjectJacobian(sd)
    assert a["analytic"] is True
    np.testing.assert_allclose(a["K"], K, rtol=0, atol=1e-7 * np.linalg.norm(K))
    np.testing.assert_allclose(a["D"], D, rtol=0, atol=1e-7 * np.linalg.norm(D))
    # the Jacobian is evaluated at the current state: moving it changes K
    sdat.SetODE2Coordinates(q0 + [0.1, 0, 0, 0, 0, -0.2])
    assert np.linalg.norm(mbs.GetObjectJacobian(sd)["K"] - a["K"]) > 1e-3 * np.linalg.norm(K)


def test_distance_constraint_closed_form():
    """C_q = [-n^T, n^T], K = d(C_q^T lambda)/dq = lambda / L [[P, -P], [-P, P]],
    index 2: Gq = [-w^T, w^T] with w = P vD / L; P = I - n n^T"""
    mbs, dc, cc = _constrained_system()
    sdat = mbs.systemData
    p = sdat.GetODE2Coordinates(CT.Reference) + sdat.GetODE2Coordinates()
    v = sdat.GetODE2Coordinates_t()
    lam = mbs.GetObjectOutput(dc, OV.Force)
    assert lam == sdat.GetAECoordinates()[0]
    d, vd = p[3:6] - p[0:3], v[3:6] - v[0:3]
    L = np.linalg.norm(d)
    n = d / L
    P = np.eye(3) - np.outer(n, n)
    a = mbs.GetObjectJacobian(dc)
    np.testing.assert_allclose(a["Cq"], [np.concatenate([-n, n])], rtol=0, atol=1e-14)
    np.testing.assert_allclose(a["K"], lam / L * np.block([[P, -P], [-P, P]]), rtol=0,
                               atol=1e-12 * abs(lam))
    w = P @ vd / L
    a2 = mbs.GetObjectJacobian(dc, index2=True)
    np.testing.assert_allclose(a2["Gq"], [np.concatenate([-w, w])], rtol=0, atol=1e-13)
    assert mbs.GetObjectOutput(dc, OV.Distance) == pytest.approx(L, rel=1e-14)
