"""Analytic Jacobians of joints, connectors and loads acting on rigid-body markers.

The markers are MarkerBodyRigid, MarkerNodeRigid and MarkerBodyPosition on 3D rigid bodies
(ObjectRigidBody on NodeRigidBodyEP, NodeRigidBodyRxyz and NodeRigidBodyRotVecLG), on planar
bodies (ObjectRigidBody2D on NodeRigidBody2D) and on ObjectGround. Every state is general:
random unit Euler parameters, general rotation vectors / Tait-Bryan angles, nonzero
displacements and velocities, nonzero multipliers, general joint frames
(rotationMarker0/rotationMarker1).

mbs.GetObjectJacobian(i[, numerical][, index2]) returns K = dr2/dq, D = dr2/dq_t, Cq, Gq, Gv and
"analytic"; numerical=True is the engine's forward-difference oracle (for RotVecLG nodes it
perturbs the rotation by right composition, psi o exp(eps e_k), and the analytic Jacobians are
given in the same Lie-group sense). mbs.GetLoadJacobian(i[, numerical]) returns K = d(-f)/dq of a
load's generalized force f at load factor 1.

Sections:
1. joints (GenericJoint, RevoluteJointZ, PrismaticJointX) between all kinds of rigid markers;
2. SphericalJoint on MarkerBodyRigid / MarkerBodyPosition at offsets;
3. SpringDamper, CartesianSpringDamper, DistanceConstraint (index 2 and 3),
   TorsionalSpringDamper, LinearSpringDamper; user functions fall back to numerical
   differentiation;
4. LoadForceVector / LoadTorqueVector (global and bodyFixed) and LoadMassProportional;
5. closed forms written here, not using the engine's differentiation: the GenericJoint
   constraint Jacobian on Euler parameters by central differences of g in NumPy, and the
   planar TorsionalSpringDamper's K and D by hand;
6. full Newton on the spatial slider-crank (examples/slider_crank_3d.py) converges in few
   iterations and gives the same motion as the numerically differentiated run.
"""
import runpy
import zlib

import numpy as np
import pytest
from scipy.spatial.transform import Rotation

import coordyn as cd
from conftest import (REPO, central_differences, check_jacobian, ep_rotation_matrix as _A_ep,
                      new_system)

OV = cd.OutputVariableType

RTOL = 1e-6  # analytic vs the engine's forward differences, relative to the group norm

# The oracle differentiates one residual with respect to (q, q_t) (or the multipliers): its
# round-off is relative to the whole derivative of that residual, so K and D share one scale,
# and so do Gq and Gv.

R0 = Rotation.from_rotvec([0.3, 0.2, -0.5]).as_matrix()   # general joint frames
R1 = Rotation.from_rotvec([-0.1, 0.4, 0.2]).as_matrix()
LP0, LP1 = [0.2, -0.1, 0.3], [-0.3, 0.25, 0.1]             # marker offsets in the body frames
POS0, POS1 = [0.1, 0.2, 0.3], [0.5, -0.2, 0.4]             # node reference positions


def _rng(*key):
    """a generator seeded by the test's parameters (reproducible, different per case)"""
    return np.random.default_rng(zlib.crc32(repr(key).encode()))


def _check(mbs, obj, index2=False, expect_analytic=True):
    """the analytic Jacobian (flag expect_analytic) equals the numerical oracle in every matrix"""
    return check_jacobian(mbs, obj, index2, expect_analytic)


def _unit(rng, n=4):
    e = rng.normal(size=n)
    return list(e / np.linalg.norm(e))


def _node(mbs, kind, pos, rng):
    """a rigid node of the given kind in a general state: reference position pos, a nonzero
    displacement and random velocities"""
    if kind == "2D":
        return mbs.AddNode(cd.NodeRigidBody2D(
            referenceCoordinates=pos[:2] + [0.4], initialCoordinates=[0.03, -0.02, 0.1],
            initialVelocities=list(rng.normal(size=3))))
    u0 = [0.03, -0.02, 0.05]
    if kind == "EP":
        return mbs.AddNode(cd.NodeRigidBodyEP(
            referenceCoordinates=pos + _unit(rng), initialCoordinates=u0 + [0] * 4,
            initialVelocities=list(rng.normal(size=7))))
    cls = {"Rxyz": cd.NodeRigidBodyRxyz, "LG": cd.NodeRigidBodyRotVecLG}[kind]
    return mbs.AddNode(cls(referenceCoordinates=pos + [0.3, -0.4, 0.7],
                           initialCoordinates=u0 + [0] * 3,
                           initialVelocities=list(rng.normal(size=6))))


def _body(mbs, kind, pos, rng):
    """(node, body) of the given kind; the 3D body has a centre-of-mass offset"""
    n = _node(mbs, kind, pos, rng)
    if kind == "2D":
        return n, mbs.AddObject(cd.ObjectRigidBody2D(physicsMass=1.0, physicsInertia=0.1125,
                                                     centerOfMass=[0.1, -0.05], nodeNumber=n))
    c = np.array([0.1, -0.2, 0.15])
    J = np.diag([0.5, 0.6, 0.7]) + 2.0 * (c @ c * np.eye(3) - np.outer(c, c))
    return n, mbs.AddObject(cd.ObjectRigidBody(
        mass=2.0, inertia=[J[0, 0], J[1, 1], J[2, 2], J[1, 2], J[0, 2], J[0, 1]],
        centerOfMass=list(c), nodeNumber=n))


def _marker(mbs, spec, pos, lp, rng):
    """a marker from a spec "<kind>[:<marker>]": kind in EP, Rxyz, LG, 2D, ground, pt;
    marker "body" (MarkerBodyRigid at lp, default), "node" (MarkerNodeRigid), "bpos"
    (MarkerBodyPosition at lp). "pt" is a NodePoint with a MassPoint (MarkerNodePosition)."""
    kind, _, mk = spec.partition(":")
    mk = mk or "body"
    if kind == "ground":
        g = mbs.AddObject(cd.ObjectGround(referencePosition=[0.05, -0.1, 0.2]))
        cls = cd.MarkerBodyPosition if mk == "bpos" else cd.MarkerBodyRigid
        return mbs.AddMarker(cls(bodyNumber=g, localPosition=lp))
    if kind == "pt":
        n = mbs.AddNode(cd.NodePoint(referenceCoordinates=pos, initialCoordinates=[0.02, 0, -0.01],
                                     initialVelocities=list(rng.normal(size=3))))
        mbs.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=n))
        return mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    n, b = _body(mbs, kind, pos, rng)
    if mk == "node":
        return mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n))
    cls = cd.MarkerBodyPosition if mk == "bpos" else cd.MarkerBodyRigid
    return mbs.AddMarker(cls(bodyNumber=b, localPosition=lp))


def _pair(mbs, spec0, spec1, rng):
    return [_marker(mbs, spec0, POS0, LP0, rng), _marker(mbs, spec1, POS1, LP1, rng)]


def _assemble(mbs, rng):
    """assemble and set nonzero multipliers and accelerations"""
    mbs.Assemble()
    nae = mbs.systemData.GetAECoordinates().size
    if nae:
        lam = rng.normal(size=nae)
        mbs.systemData.SetAECoordinates(lam)
        np.testing.assert_array_equal(mbs.systemData.GetAECoordinates(), lam)
    n2 = mbs.systemData.GetODE2Coordinates().size
    mbs._core.set_coords(rng.normal(size=n2), 2, 0)


# ---------------------------------------------------------------------------------------------
# 1. GenericJoint, RevoluteJointZ, PrismaticJointX between rigid markers

JOINTS = {
    "Generic_all": ("ObjectJointGeneric", dict(constrainedAxes=[1, 1, 1, 1, 1, 1])),
    "Generic_101011": ("ObjectJointGeneric", dict(constrainedAxes=[1, 0, 1, 0, 1, 1])),
    "Generic_universal": ("ObjectJointGeneric", dict(constrainedAxes=[1, 1, 1, 0, 0, 1])),
    "RevoluteZ": ("ObjectJointRevoluteZ", {}),
    "PrismaticX": ("ObjectJointPrismaticX", {}),
}

JOINT_PAIRS = [("EP", "EP"), ("Rxyz", "LG"), ("LG", "EP"), ("ground", "Rxyz"), ("EP", "ground"),
               ("2D", "2D"), ("Rxyz", "Rxyz"), ("LG", "LG"), ("ground", "LG"), ("2D", "ground"),
               ("EP:node", "LG:node"), ("LG:node", "Rxyz"), ("ground", "2D:node")]


@pytest.mark.parametrize("pair", JOINT_PAIRS, ids="-".join)
@pytest.mark.parametrize("joint", JOINTS)
def test_joint_jacobian(joint, pair):
    """Joint between two rigid markers (general frames rotationMarker0/1, general state,
    nonzero velocities and multipliers): at index 3 the Jacobian is analytic and K, D, Cq, Gq,
    Gv equal the numerical oracle (K = d(Cq^T lambda)/dq is nonzero). At index 2 it is analytic
    as well and matches the oracle, with Gv (index 2) = Cq (index 3)."""
    rng = _rng(joint, pair)
    mbs = new_system()
    cls, kw = JOINTS[joint]
    j = mbs.AddObject(getattr(cd, cls)(markerNumbers=_pair(mbs, *pair, rng),
                                       rotationMarker0=R0, rotationMarker1=R1, **kw))
    _assemble(mbs, rng)
    a, n = _check(mbs, j)
    # the state is general enough that K and Gq are far from zero (0.099 for RevoluteZ between
    # the ground and a planar node, whose rotation rows both use the free axis of frame 0)
    assert np.linalg.norm(a["K"]) > 0.05 and np.linalg.norm(a["Gq"]) > 0.1
    assert a["Cq"].shape[0] == 6
    _check_index2(mbs, j, a)


def _check_index2(mbs, j, a, expect_analytic=True):
    """at index 2 the joint's Jacobian is analytic (or numerical where stated) and equals the
    oracle, G_q (the derivative of g_t with respect to q) is nonzero, and, the equations being
    velocity level (g_t = Cq q_t), Gv = Cq of index 3"""
    a2, n2 = _check(mbs, j, index2=True, expect_analytic=expect_analytic)
    assert np.linalg.norm(a2["Gq"]) > 1e-2
    np.testing.assert_allclose(a2["Gv"], a["Cq"], rtol=0, atol=1e-6 * np.linalg.norm(a["Cq"]))


# ---------------------------------------------------------------------------------------------
# 2. SphericalJoint at offsets on 3D rigid bodies

SPHERICAL_PAIRS = [("EP", "Rxyz"), ("LG", "EP"), ("Rxyz", "LG"), ("EP", "EP"), ("LG", "LG"),
                   ("ground", "EP"), ("LG", "ground")]


@pytest.mark.parametrize("marker", ["body", "bpos"])
@pytest.mark.parametrize("pair", SPHERICAL_PAIRS, ids="-".join)
def test_spherical_joint_jacobian(pair, marker):
    """SphericalJoint between MarkerBodyRigid or MarkerBodyPosition markers at offsets on 3D
    rigid bodies (and ground): analytic at index 3, K, D, Cq, Gq, Gv equal the oracle; at
    index 2 it matches the oracle and Gv = Cq (index 3)."""
    rng = _rng(pair, marker)
    mbs = new_system()
    ms = _pair(mbs, *(f"{k}:{marker}" for k in pair), rng)
    j = mbs.AddObject(cd.ObjectJointSpherical(markerNumbers=ms))
    _assemble(mbs, rng)
    a, _ = _check(mbs, j)
    assert np.linalg.norm(a["K"]) > 0.1 and a["Cq"].shape[0] == 3
    _check_index2(mbs, j, a)


@pytest.mark.parametrize("pair", [("pt", "pt"), ("pt", "EP"), ("pt", "ground"), ("pt", "LG:bpos"),
                                  ("EP:node", "pt"), ("ground", "pt")], ids="-".join)
def test_spherical_joint_with_point_markers(pair):
    """SphericalJoint with a point marker (MarkerNodePosition of a NodePoint) in either place,
    in particular first: G_q = [-J0, J1] and K match the oracle (a sign error in marker 0's
    block of G_q once made such joints diverge)."""
    rng = _rng(pair, "point")
    mbs = new_system()
    j = mbs.AddObject(cd.ObjectJointSpherical(markerNumbers=_pair(mbs, *pair, rng)))
    _assemble(mbs, rng)
    a, _ = _check(mbs, j)
    assert a["Gq"].shape[0] == 3 and np.abs(a["Gq"]).max() > 0.5


def test_revolute_joint_2d_with_a_point_marker_first():
    """RevoluteJoint2D [NodePoint2D marker, RigidBody2D point]: analytic G_q equals the oracle
    and has -I in marker 0's columns."""
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 0], initialCoordinates=[0.1, 0.02]))
    mbs.AddObject(cd.MassPoint2D(physicsMass=1.0, nodeNumber=n0))
    n1 = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0.3]))
    b1 = mbs.AddObject(cd.ObjectRigidBody2D(physicsMass=1.0, physicsInertia=0.1, nodeNumber=n1))
    j = mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[
        mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n0)),
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=b1, localPosition=[0.2, 0.1, 0]))]))
    mbs.Assemble()
    a, _ = _check(mbs, j)
    np.testing.assert_array_equal(a["Gq"][:, :2], -np.eye(2))


def _welded_points(numerical):
    """point mass 1 on a unit DistanceConstraint to the ground, point mass 2 held at point 1 by
    a SphericalJoint [m1, m2]; gravity -y; 1 s, h = 5e-3"""
    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    ns = [mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0])) for _ in range(2)]
    for n, m in zip(ns, (1.0, 2.0)):
        mbs.AddObject(cd.MassPoint(physicsMass=m, nodeNumber=n))
        mbs.AddLoad(cd.Force(markerNumber=mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n)),
                             loadVector=[0, -9.81 * m, 0]))
    m1, m2 = (mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n)) for n in ns)
    mbs.AddObject(cd.DistanceConstraint(markerNumbers=[mg, m1], distance=1.0))
    mbs.AddObject(cd.SphericalJoint(markerNumbers=[m1, m2]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime, s.timeIntegration.numberOfSteps = 1.0, 200
    s.timeIntegration.newton.numericalDifferentiation.forODE2 = numerical
    mbs.SolveDynamic(s)
    return mbs.systemData.GetODE2Coordinates(), mbs.GetSolverStatistics()


def test_welded_point_masses_swing_as_one_pendulum():
    """Two point masses joined by a SphericalJoint on a distance constraint swing as one point
    pendulum: they stay together, on the unit circle, and the analytic and numerical Jacobians
    give the same solution with the same number of Newton iterations."""
    qa, sa = _welded_points(False)
    qn, sn = _welded_points(True)
    p1, p2 = np.array([1, 0, 0]) + qa[:3], np.array([1, 0, 0]) + qa[3:]
    assert np.abs(p1 - p2).max() < 1e-10 and abs(np.linalg.norm(p1) - 1) < 1e-10
    assert p1[0] < -0.9                     # swung through the bottom to the other side
    np.testing.assert_allclose(qa, qn, rtol=0, atol=1e-9)
    assert sa["newtonIterations"] == sn["newtonIterations"] and sa["rejectedSteps"] == 0


@pytest.mark.parametrize("rotation", [True, False])
@pytest.mark.parametrize("pair", [("EP", "Rxyz"), ("LG", "ground"), ("2D", "2D"), ("ground", "EP"),
                                  ("2D:node", "LG:node")], ids="-".join)
def test_prismatic_joint_2d_jacobian(pair, rotation):
    """PrismaticJoint2D (g0 = n1 . (p1 - p0), g1 = a0 . n1 or lambda1 = 0) between rigid
    markers of every kind: analytic at index 3 and 2 and equal to the oracle."""
    rng = _rng(pair, rotation, "prismatic")
    mbs = new_system()
    j = mbs.AddObject(cd.PrismaticJoint2D(markerNumbers=_pair(mbs, *pair, rng),
                                          axisMarker0=[0.6, 0.8, 0], normalMarker1=[0, 0.6, 0.8],
                                          constrainRotation=rotation))
    _assemble(mbs, rng)
    a, _ = _check(mbs, j)
    assert np.linalg.norm(a["Gq"]) > 0.1
    _check_index2(mbs, j, a)


# ---------------------------------------------------------------------------------------------
# 3. connectors on rigid markers

_B = np.arange(36.0).reshape(6, 6) % 7 - 3.0
K6 = _B @ _B.T * 10 + 100 * np.eye(6)        # symmetric positive definite, fully coupled
D6 = _B.T @ _B * 0.1 + np.eye(6)

CONNECTORS = {
    "SpringDamper": lambda ms: cd.SpringDamper(
        markerNumbers=ms, stiffness=100, damping=3, referenceLength=0.2, force=1.5,
        velocityOffset=0.2),
    "CartesianSpringDamper": lambda ms: cd.CartesianSpringDamper(
        markerNumbers=ms, stiffness=[100, 200, 300], damping=[3, 4, 5], offset=[0.1, 0.2, 0.3]),
    "DistanceConstraint": lambda ms: cd.DistanceConstraint(markerNumbers=ms, distance=0.5),
    "TorsionalSpringDamper": lambda ms: cd.TorsionalSpringDamper(
        markerNumbers=ms, stiffness=100, damping=3, rotationMarker0=R0, rotationMarker1=R1,
        offset=0.1, velocityOffset=0.3, torque=0.5),
    "LinearSpringDamper": lambda ms: cd.LinearSpringDamper(
        markerNumbers=ms, stiffness=100, damping=3, axisMarker0=[0.3, 0.5, 0.8], offset=0.1,
        velocityOffset=0.2, force=0.7),
    "RigidBodySpringDamper": lambda ms: cd.RigidBodySpringDamper(
        markerNumbers=ms, stiffness=K6, damping=D6, rotationMarker0=R0, rotationMarker1=R1,
        offset=[0.01, 0.02, -0.03, 0.1, -0.05, 0.2]),
}

RIGID_PAIRS = [("EP", "Rxyz"), ("LG", "EP"), ("2D", "2D"), ("ground", "LG"), ("EP", "ground"),
               ("Rxyz", "LG"), ("EP:node", "LG:node")]
POINT_PAIRS = {"SpringDamper": [("EP", "pt"), ("pt", "LG"), ("Rxyz:bpos", "LG:bpos")],
               "CartesianSpringDamper": [("EP", "pt"), ("pt", "LG"), ("Rxyz:bpos", "LG:bpos")],
               "DistanceConstraint": [("EP", "pt"), ("pt", "LG"), ("Rxyz:bpos", "LG:bpos")],
               "LinearSpringDamper": [("LG", "pt"), ("EP", "Rxyz:bpos")],
               "TorsionalSpringDamper": [], "RigidBodySpringDamper": [("EP", "EP")]}
CONNECTOR_CASES = [(c, p) for c in CONNECTORS for p in RIGID_PAIRS + POINT_PAIRS[c]]


def _connector_model(name, pair, rng):
    mbs = new_system()
    ms = _pair(mbs, *pair, rng)
    return mbs, ms, mbs.AddObject(CONNECTORS[name](ms))


@pytest.mark.parametrize("name, pair", CONNECTOR_CASES,
                         ids=[f"{c}-{'-'.join(p)}" for c, p in CONNECTOR_CASES])
def test_connector_jacobian(name, pair):
    """Connector between rigid markers (and rigid-to-point, body-position markers at offsets),
    general state: analytic, K, D (and for the DistanceConstraint Cq, Gq, Gv) equal the oracle;
    the DistanceConstraint is analytic at index 2 as well."""
    rng = _rng(name, pair)
    mbs, _, c = _connector_model(name, pair, rng)
    _assemble(mbs, rng)
    a, _ = _check(mbs, c)
    assert np.linalg.norm(a["K"]) > 0.1
    if name == "DistanceConstraint":
        a2, _ = _check(mbs, c, index2=True)
        assert np.linalg.norm(a2["Gv"]) > 0.1
    else:   # every spring has damping
        assert np.linalg.norm(a["D"]) > 0.01


def _spring_uf(mbs, t, i, dl, dlt, k, d, f):
    return k * dl + d * (dlt - 0.2) + f


def _cartesian_uf(mbs, t, i, u, v, k, d, off):
    # Exudyn's convention: u is the relative displacement minus the offset
    return np.asarray(k) * np.asarray(u) + np.asarray(d) * np.asarray(v)


def _torsional_uf(mbs, t, i, rot, omega, k, d, off):
    return k * (rot - off) + d * (omega - 0.3) + 0.5


def _linear_uf(mbs, t, i, u, ut, k, d, off):
    return k * (u - off) + d * (ut - 0.2) + 0.7


USER_FUNCTIONS = {"SpringDamper": ("springForceUserFunction", _spring_uf),
                  "CartesianSpringDamper": ("springForceUserFunction", _cartesian_uf),
                  "TorsionalSpringDamper": ("springTorqueUserFunction", _torsional_uf),
                  "LinearSpringDamper": ("springForceUserFunction", _linear_uf)}


@pytest.mark.parametrize("pair", [("EP", "Rxyz"), ("LG", "ground"), ("2D", "2D")], ids="-".join)
@pytest.mark.parametrize("name", USER_FUNCTIONS)
def test_connector_user_function_falls_back(name, pair):
    """A connector with a user function (here reproducing the built-in law) is differentiated
    numerically (analytic False, equal to the oracle), and its Jacobian equals the analytic one
    of the same connector without the user function."""
    rng = _rng(name, pair)
    key, uf = USER_FUNCTIONS[name]
    mbs, ms, plain = _connector_model(name, pair, rng)
    with_uf = mbs.AddObject(CONNECTORS[name](ms))
    mbs.ModifyObject(with_uf, {key: uf})
    _assemble(mbs, rng)
    ref, _ = _check(mbs, plain)
    a, _ = _check(mbs, with_uf, expect_analytic=False)
    for k in ("K", "D"):
        scale = max(np.linalg.norm(ref["K"]), np.linalg.norm(ref["D"]))
        assert np.linalg.norm(a[k] - ref[k]) <= RTOL * scale + 1e-12, (k, a[k], ref[k])


# ---------------------------------------------------------------------------------------------
# 4. loads on rigid markers

LOADS = {"Force": ("Force", {}), "Force_bodyFixed": ("Force", dict(bodyFixed=True)),
         "Torque": ("Torque", {}), "Torque_bodyFixed": ("Torque", dict(bodyFixed=True)),
         "Gravity": ("Gravity", {})}
LOAD_VECTOR = [1.0, 2.0, 3.0]
GRAVITY = [1.0, -9.81, 2.0]
LOAD_CASES = ([(k, ld, m) for k in ("EP", "Rxyz", "LG", "2D") for ld in LOADS
               for m in (("body", "node") + (("bpos",) if ld.startswith("Force") else ()))
               if not (ld == "Gravity" and m != "body")])


@pytest.mark.parametrize("kind, load, marker", LOAD_CASES,
                         ids=[f"{k}-{ld}-{m}" for k, ld, m in LOAD_CASES])
def test_load_jacobian(kind, load, marker):
    """Force / torque (global or bodyFixed) at a marker at an offset from the node
    (MarkerBodyRigid, MarkerBodyPosition) or at the node (MarkerNodeRigid), and gravity on a
    body with a centre-of-mass offset: GetLoadJacobian is analytic and K = d(-f)/dq equals the
    numerical one. (The oracle's round-off is relative to the force, so the scale includes
    |loadVector| as well as |K|: a bodyFixed torque on the Lie-group node has K = 0.)"""
    rng = _rng(kind, load, marker)
    mbs = new_system()
    n, b = _body(mbs, kind, POS0, rng)
    cls, kw = LOADS[load]
    if load == "Gravity":
        m = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b))
        lv, mass = GRAVITY, (1.0 if kind == "2D" else 2.0)
    else:
        m = (mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n)) if marker == "node" else
             mbs.AddMarker((cd.MarkerBodyPosition if marker == "bpos" else cd.MarkerBodyRigid)(
                 bodyNumber=b, localPosition=[0.3, -0.1, 0.2])))
        lv, mass = LOAD_VECTOR, 1.0
    ld = mbs.AddLoad(getattr(cd, cls)(markerNumber=m, loadVector=lv, **kw))
    _assemble(mbs, rng)
    a = mbs.GetLoadJacobian(ld)
    nm = mbs.GetLoadJacobian(ld, numerical=True)
    assert a["analytic"] is True and nm["analytic"] is False
    assert a["K"].shape == nm["K"].shape == ((3, 3) if kind == "2D" else
                                             (7, 7) if kind == "EP" else (6, 6))
    scale = max(np.linalg.norm(a["K"]), np.linalg.norm(nm["K"]), mass * np.linalg.norm(lv))
    err = np.linalg.norm(a["K"] - nm["K"])
    assert err <= RTOL * scale, f"|analytic - numerical| = {err:.3g} of {scale:.3g}\n" \
                                f"{a['K']}\n{nm['K']}"
    # a torque on a planar body acts on the angle only, whatever the state: K = 0
    if kind == "2D" and load.startswith("Torque"):
        assert np.linalg.norm(a["K"]) == 0


# ---------------------------------------------------------------------------------------------
# 5. closed forms written here

def _generic_g(x):
    """the six GenericJoint equations at x = [p0, e0, p1, e1] (14), markers at LP0/LP1 and
    joint frames F_k = A(e_k) R_k: g_i = f0_i . (P1 - P0) (i = x, y, z),
    f0_y . f1_z, f0_z . f1_x, f0_x . f1_y"""
    A0, A1 = _A_ep(x[3:7]), _A_ep(x[10:14])
    P0, P1 = x[0:3] + A0 @ LP0, x[7:10] + A1 @ LP1
    F0, F1 = A0 @ R0, A1 @ R1
    return np.array([F0[:, 0] @ (P1 - P0), F0[:, 1] @ (P1 - P0), F0[:, 2] @ (P1 - P0),
                     F0[:, 1] @ F1[:, 2], F0[:, 2] @ F1[:, 0], F0[:, 0] @ F1[:, 1]])


def test_generic_joint_euler_parameters_closed_form():
    """GenericJoint (all axes) between two NodeRigidBodyEP bodies, MarkerBodyRigid at offsets,
    general frames: the node positions, rotation matrices and marker positions are those of the
    quadratic Euler-parameter formula written here, and the analytic Gq equals central
    differences of the equations g (joints.rst) computed here from it, in all 14 directions.
    Cq (built from the velocity Jacobian [I, -A lp~ Gbar] and A Gbar) agrees with Gq on the
    directions tangent to |e| = 1 (e . t_e = 0) and vanishes along e, where Gq (exact
    derivative of the quadratic A) does not."""
    rng = _rng("closed-form-EP")
    mbs = new_system()
    e0, e1 = _unit(rng), _unit(rng)
    u0, u1 = [0.03, -0.02, 0.05], [-0.01, 0.04, 0.02]
    nodes, ms = [], []
    for pos, e, u, lp in ((POS0, e0, u0, LP0), (POS1, e1, u1, LP1)):
        n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=pos + e,
                                           initialCoordinates=u + [0] * 4,
                                           initialVelocities=list(rng.normal(size=7))))
        b = mbs.AddObject(cd.ObjectRigidBody(mass=2.0, inertia=[0.5, 0.6, 0.7, 0, 0, 0],
                                             nodeNumber=n))
        nodes.append(n)
        ms.append(mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=lp)))
    j = mbs.AddObject(cd.ObjectJointGeneric(markerNumbers=ms, constrainedAxes=[1] * 6,
                                            rotationMarker0=R0, rotationMarker1=R1))
    _assemble(mbs, rng)
    x = np.concatenate([np.add(POS0, u0), e0, np.add(POS1, u1), e1])
    # the state and the formula are the engine's
    for k, n in enumerate(nodes):
        np.testing.assert_allclose(mbs.GetNodeOutput(n, OV.Position), x[7 * k:7 * k + 3],
                                   rtol=0, atol=1e-15)
        np.testing.assert_allclose(
            np.reshape(mbs.GetNodeOutput(n, OV.RotationMatrix), (3, 3)),
            _A_ep(x[7 * k + 3:7 * k + 7]), rtol=0, atol=1e-14)
        lp = (LP0, LP1)[k]
        np.testing.assert_allclose(mbs.GetMarkerOutput(ms[k], OV.Position),
                                   x[7 * k:7 * k + 3] + _A_ep(x[7 * k + 3:7 * k + 7]) @ lp,
                                   rtol=0, atol=1e-14)
    assert np.abs(_generic_g(x)).max() > 0.05   # a general (not assembled) state

    a = mbs.GetObjectJacobian(j)
    assert a["analytic"] is True
    G = central_differences(_generic_g, x)
    assert G.shape == a["Gq"].shape == a["Cq"].shape == (6, 14)
    np.testing.assert_allclose(a["Gq"], G, rtol=0, atol=1e-8 * np.linalg.norm(G))

    # directions: positions (6) and the tangent spaces of both unit spheres (3 + 3)
    def tangent(e):
        return np.linalg.svd(np.array(e)[None, :])[2][1:].T   # 4 x 3, orthogonal to e
    T = np.zeros((14, 12))
    T[0:3, 0:3] = T[7:10, 3:6] = np.eye(3)
    T[3:7, 6:9], T[10:14, 9:12] = tangent(e0), tangent(e1)
    np.testing.assert_allclose(a["Cq"] @ T, a["Gq"] @ T, rtol=0,
                               atol=1e-12 * np.linalg.norm(a["Gq"]))
    # along e: Gbar e = 0, so Cq has no component; A(s e) = s^2 A(e) so Gq has one
    for sl in (slice(3, 7), slice(10, 14)):
        t = np.zeros(14)
        t[sl] = x[sl]
        np.testing.assert_allclose(a["Cq"] @ t, 0, rtol=0, atol=1e-13)
        dg = (_generic_g(x + 1e-6 * t) - _generic_g(x - 1e-6 * t)) / 2e-6
        assert np.linalg.norm(dg) > 0.05
        np.testing.assert_allclose(a["Gq"] @ t, dg, rtol=0, atol=1e-8)


def _rz(a):
    return Rotation.from_rotvec([0, 0, a]).as_matrix()


def test_torsional_spring_damper_2d_closed_form():
    """TorsionalSpringDamper between two NodeRigidBody2D bodies (frames turned about z by
    alpha0, alpha1): phi = phi1 + alpha1 - phi0 - alpha0, T = k (phi - offset) + d (w1 - w0 -
    velocityOffset) + torque, r2 = [-Jrot0^T z T; Jrot1^T z T], so only the angle rows and
    columns are nonzero: K = k [[1, -1], [-1, 1]] and D = d [[1, -1], [-1, 1]] there (derived
    by hand); the outputs Rotation, AngularVelocity, Torque are phi, w1 - w0, T."""
    k, d, off, voff, tq = 120.0, 3.5, 0.1, 0.3, 0.5
    a0, a1 = 0.2, -0.35
    q = [[0.1, 0.2, 0.4 + 0.1], [0.5, -0.2, -0.3 + 0.05]]   # ref + displacement
    v = [[0.3, -0.7, 1.9], [-0.5, 0.2, -1.3]]
    mbs = new_system()
    ms = []
    for (x, y, phi), vel, lp in zip(q, v, ([0.2, -0.1, 0], [-0.3, 0.25, 0])):
        n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[x, y, phi - 0.1],
                                           initialCoordinates=[0, 0, 0.1],
                                           initialVelocities=vel))
        b = mbs.AddObject(cd.ObjectRigidBody2D(physicsMass=1.0, physicsInertia=0.1,
                                               nodeNumber=n))
        ms.append(mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=lp)))
    tsd = mbs.AddObject(cd.TorsionalSpringDamper(
        markerNumbers=ms, stiffness=k, damping=d, offset=off, velocityOffset=voff, torque=tq,
        rotationMarker0=_rz(a0), rotationMarker1=_rz(a1)))
    mbs.Assemble()
    phi = q[1][2] + a1 - q[0][2] - a0
    w = v[1][2] - v[0][2]
    T = k * (phi - off) + d * (w - voff) + tq
    np.testing.assert_allclose(mbs.GetObjectOutput(tsd, OV.Rotation), phi, rtol=0, atol=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutput(tsd, OV.AngularVelocity), w, rtol=0,
                               atol=1e-14)
    np.testing.assert_allclose(mbs.GetObjectOutput(tsd, OV.Torque), T, rtol=0, atol=1e-12)

    a, _ = _check(mbs, tsd)
    pattern = np.zeros((6, 6))
    pattern[np.ix_([2, 5], [2, 5])] = [[1, -1], [-1, 1]]
    np.testing.assert_allclose(a["K"], k * pattern, rtol=0, atol=1e-12)
    np.testing.assert_allclose(a["D"], d * pattern, rtol=0, atol=1e-12)


# ---------------------------------------------------------------------------------------------
# 6. full Newton on the spatial slider-crank

SLIDER_CRANK = REPO / "examples" / "slider_crank_3d.py"


def _slider_crank(numerical, torque, tolerance, epsilon=1e-7, index2=False):
    """the example's mechanism (three NodeRigidBodyEP bodies, RevoluteJointZ, SphericalJoint,
    universal GenericJoint, PrismaticJointX, a torque and gravity) for 0.2 s at h = 1e-3 with
    full Newton; returns (iterations per step, q, q_t, lambda, mbs)"""
    ns = runpy.run_path(str(SLIDER_CRANK), run_name="example_slider_crank_3d")
    mbs = new_system()
    ns["build"](mbs)
    assert mbs.GetLoad(0)["loadVector"][2] == ns["tau"]   # load 0 is the crank's torque
    mbs.ModifyLoad(0, {"loadVector": [0, 0, torque]})
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 0.2
    s.timeIntegration.numberOfSteps = 200
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.newton.relativeTolerance = tolerance
    s.timeIntegration.newton.numericalDifferentiation.forODE2 = numerical
    s.timeIntegration.newton.numericalDifferentiation.relativeEpsilon = epsilon
    if index2:   # Newmark (trapezoidal rule) with the joints at velocity level
        s.timeIntegration.generalizedAlpha.useNewmark = True
        s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    mbs.SolveDynamic(s)
    st = mbs.GetSolverStatistics()
    assert st["steps"] == 200 and st["rejectedSteps"] == 0
    sd = mbs.systemData
    return (st["newtonIterations"] / st["steps"], sd.GetODE2Coordinates(),
            sd.GetODE2Coordinates_t(), sd.GetAECoordinates(), mbs)


@pytest.mark.parametrize("torque, tolerance", [(2.0, 1e-8), (50.0, 1e-12)])
def test_slider_crank_full_newton(torque, tolerance):
    """Spatial slider-crank with full Newton (useModifiedNewton False), 0.2 s at h = 1e-3: every
    object's Jacobian is analytic; the mean number of Newton iterations per step is at most 3
    and not more than with the numerical Jacobian (forODE2 True); a deliberately inaccurate
    Jacobian (forward differences with relativeEpsilon 1e-2) needs more iterations at the tight
    tolerance, so the count does see the Jacobian; and the analytic and numerical runs give the
    same q and q_t to 1e-8 (the multipliers, set by the last Newton correction, to 1e-7 of
    their size)."""
    it_a, q_a, v_a, l_a, mbs = _slider_crank(False, torque, tolerance)
    assert all(mbs.GetObjectJacobian(i)["analytic"] for i in range(mbs.NumberOfObjects()))
    it_n, q_n, v_n, l_n, _ = _slider_crank(True, torque, tolerance)
    assert it_a <= 3.0, it_a
    assert it_a <= it_n, (it_a, it_n)
    if tolerance < 1e-10:
        it_bad = _slider_crank(True, torque, tolerance, epsilon=1e-2)[0]
        assert it_bad > it_a + 0.1, (it_bad, it_a)
    np.testing.assert_allclose(q_a, q_n, rtol=0, atol=1e-8)
    np.testing.assert_allclose(v_a, v_n, rtol=0, atol=1e-8)
    np.testing.assert_allclose(l_a, l_n, rtol=0, atol=1e-7 * np.abs(l_n).max())
    assert np.abs(v_a).max() > 0.5     # the mechanism moves


@pytest.mark.parametrize("intrinsic", [False, True], ids=["taitbryan", "intrinsic"])
@pytest.mark.parametrize("rotvec", [[2.0, -1.2, 1.0], [1e-6, 0, 0], [0, 0, 0]],
                         ids=["137deg", "tiny", "zero"])
def test_rigid_body_spring_damper_at_large_and_small_relative_rotations(rotvec, intrinsic):
    """RigidBodySpringDamper between the ground and an Euler-parameter body whose relative
    rotation is 137 degrees (Tait-Bryan angles far from 0), tiny, or zero: analytic K and D
    equal the oracle (Tait-Bryan law); Exudyn's intrinsic law (SE(3) logarithm, its series
    branches at tiny and zero rotations) has the numerical Jacobian, nonzero and finite."""
    rng = _rng(tuple(rotvec), "rbsd")
    mbs = new_system()
    g = mbs.AddObject(cd.ObjectGround())
    e = Rotation.from_rotvec(rotvec).as_quat()
    n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[0.1, 0.2, 0.3, e[3], *e[:3]],
                                       initialVelocities=list(rng.normal(size=7))))
    b = mbs.AddObject(cd.ObjectRigidBody(mass=2.0, inertia=[0.5, 0.6, 0.7, 0, 0, 0], nodeNumber=n))
    j = mbs.AddObject(cd.RigidBodySpringDamper(
        markerNumbers=[mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g)),
                       mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[0.1, 0, 0]))],
        stiffness=K6, damping=D6, useIntrinsicFormulation=intrinsic))
    mbs.Assemble()
    if intrinsic:
        a = mbs.GetObjectJacobian(j)
        assert not a["analytic"]
        assert np.all(np.isfinite(a["K"])) and np.linalg.norm(a["K"]) > 10
        assert np.linalg.norm(a["D"]) > 1
        return
    a, _ = _check(mbs, j)
    assert np.linalg.norm(a["K"]) > 10 and np.linalg.norm(a["D"]) > 1


def test_slider_crank_index2_analytic_equals_numerical():
    """The spatial slider-crank with Newmark and index-2 joints (analytic Jacobians of g_t):
    full Newton needs no more iterations than with numerical differentiation (at most 3 per
    step, tolerance 1e-12, torque 50) and gives the same motion to 1e-8."""
    ia, qa, va, la, _ = _slider_crank(False, 50.0, 1e-12, index2=True)
    inum, qn, vn, ln, _ = _slider_crank(True, 50.0, 1e-12, index2=True)
    assert ia <= 3 and ia <= inum + 0.01, (ia, inum)
    np.testing.assert_allclose(qa, qn, rtol=0, atol=1e-8)
    np.testing.assert_allclose(va, vn, rtol=0, atol=1e-7)
