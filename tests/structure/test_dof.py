"""Degrees of freedom and redundant constraints: mbs.ComputeSystemDegreeOfFreedom against
Exudyn 1.13.6 on the same models, and mbs.ComputeDegreeOfFreedomReport on the classic
redundant mechanisms (Bricard, parallelogram with extra cranks, door on three hinges), a
singular configuration, undetermined coordinates and bad input. The report tests run on both
rank paths (dense LAPACK, sparse Givens QR): same counts, same named equations."""
import math
import types
import warnings

import numpy as np
import pytest
from scipy.optimize import least_squares

import coordyn as cd
from coordyn import dof

KEYS = ("degreeOfFreedom", "redundantConstraints", "nODE2", "nODE1", "nAE", "nPureAE")
METHODS = ["dense", "sparse"]


def coordyn_lib():
    return types.SimpleNamespace(SystemContainer=cd.SystemContainer, cuboid=cd.InertiaCuboid,
                                 ObjectGround=cd.ObjectGround, EP=cd.NodeType.RotationEulerParameters,
                                 NodeRigidBody2D=cd.NodeRigidBody2D,
                                 ObjectRigidBody2D=cd.ObjectRigidBody2D,
                                 MarkerBodyRigid=cd.MarkerBodyRigid,
                                 RevoluteJoint2D=cd.ObjectJointRevolute2D,
                                 Prismatic2D=cd.ObjectJointPrismatic2D,
                                 MarkerBodyPosition=cd.MarkerBodyPosition)


def exudyn_lib():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as eii
    from exudyn.utilities import InertiaCuboid
    return types.SimpleNamespace(SystemContainer=exu.SystemContainer, cuboid=InertiaCuboid,
                                 ObjectGround=eii.ObjectGround,
                                 EP=exu.NodeType.RotationEulerParameters,
                                 NodeRigidBody2D=eii.NodeRigidBody2D,
                                 ObjectRigidBody2D=eii.ObjectRigidBody2D,
                                 MarkerBodyRigid=eii.MarkerBodyRigid,
                                 RevoluteJoint2D=eii.ObjectJointRevolute2D,
                                 Prismatic2D=eii.ObjectJointPrismatic2D,
                                 MarkerBodyPosition=eii.MarkerBodyPosition)


def _mbs(lib):
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    return SC, mbs, mbs.AddObject(lib.ObjectGround())


def _body(lib, mbs, pos, R=None):
    kw = {} if R is None else {"referenceRotationMatrix": np.asarray(R)}
    return mbs.CreateRigidBody(inertia=lib.cuboid(density=1000, sideLengths=[1, 0.1, 0.1]),
                               referencePosition=list(map(float, pos)), nodeType=lib.EP, **kw)


# ------------------------------------------------------------------ models (both libraries)

def pendulum(lib):
    SC, mbs, g = _mbs(lib)
    b = _body(lib, mbs, [0.5, 0, 0])
    mbs.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0, 0], axis=[0, 0, 1])
    return SC, mbs


def free_body(lib):
    SC, mbs, g = _mbs(lib)
    _body(lib, mbs, [0.5, 0.2, 0])
    return SC, mbs


def chain(lib, n=4):
    """n bodies on spherical joints: 3 n degrees of freedom"""
    SC, mbs, g = _mbs(lib)
    prev = g
    for k in range(n):
        b = _body(lib, mbs, [k + 0.5, 0, 0])
        mbs.CreateSphericalJoint(itemNumbers=[prev, b], position=[k, 0, 0])
        prev = b
    return SC, mbs


def four_bar_3d(lib):
    """spatial bodies on four parallel revolute joints: mobility 1, three redundant equations"""
    SC, mbs, g = _mbs(lib)
    A, B, C, D = [0, 0, 0], [0.2, 1, 0], [2.1, 1.4, 0], [2, 0, 0]
    b1 = _body(lib, mbs, np.mean([A, B], axis=0))
    b2 = _body(lib, mbs, np.mean([B, C], axis=0))
    b3 = _body(lib, mbs, np.mean([C, D], axis=0))
    for pair, p in (([g, b1], A), ([b1, b2], B), ([b2, b3], C), ([b3, g], D)):
        mbs.CreateRevoluteJoint(itemNumbers=pair, position=p, axis=[0, 0, 1])
    return SC, mbs


def _bar2d(lib, mbs, p0, p1, p1_initial=None, p0_initial=None):
    """a planar bar from p0 to p1 (node at the centre, x along the bar); optional initial end
    points (displacement of the node); markers at both ends"""
    p0, p1 = np.asarray(p0, float), np.asarray(p1, float)
    L = float(np.linalg.norm(p1 - p0))
    phi = math.atan2(*(p1 - p0)[::-1])
    init = [0.0, 0.0, 0.0]
    if p1_initial is not None:
        q0, q1 = np.asarray(p0_initial, float), np.asarray(p1_initial, float)
        c = 0.5 * (q0 + q1) - 0.5 * (p0 + p1)
        init = [float(c[0]), float(c[1]), math.atan2(*(q1 - q0)[::-1]) - phi]
    n = mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=[*(0.5 * (p0 + p1)), phi],
                                        initialCoordinates=init))
    b = mbs.AddObject(lib.ObjectRigidBody2D(mass=1.0, inertia=L * L / 12,
                                            nodeNumber=n))
    m0 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b, localPosition=[-L / 2, 0, 0]))
    m1 = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b, localPosition=[L / 2, 0, 0]))
    return b, m0, m1


def _ground_marker(lib, mbs, g, p):
    return mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=g, localPosition=[p[0], p[1], 0.0]))


def four_bar_2d(lib, pts=((0, 0), (0, 1), (2, 1), (2, 0)), initial=None):
    """planar four-bar A-B-C-D (A, D on the ground); initial: the end points' initial positions"""
    SC, mbs, g = _mbs(lib)
    A, B, C, D = pts
    iA, iB, iC, iD = initial if initial is not None else (None,) * 4
    _, a0, a1 = _bar2d(lib, mbs, A, B, iB, iA)
    _, c0, c1 = _bar2d(lib, mbs, B, C, iC, iB)
    _, r0, r1 = _bar2d(lib, mbs, D, C, iC, iD)
    for m in ([_ground_marker(lib, mbs, g, A), a0], [a1, c0], [c1, r1],
              [_ground_marker(lib, mbs, g, D), r0]):
        mbs.AddObject(lib.RevoluteJoint2D(markerNumbers=m, name=""))
    return SC, mbs


def slider_crank_2d(lib, initial=None):
    """crank A-B, rod B-C, slider at C on the x axis; initial: (B, C) initial positions"""
    SC, mbs, g = _mbs(lib)
    A, B, C = (0, 0), (0.3, 0.4), (1.5, 0)
    iB, iC = initial if initial is not None else (None, None)
    _, a0, a1 = _bar2d(lib, mbs, A, B, iB, None if iB is None else A)
    _, c0, c1 = _bar2d(lib, mbs, B, C, iC, iB)
    ns = mbs.AddNode(lib.NodeRigidBody2D(
        referenceCoordinates=[C[0], C[1], 0],
        initialCoordinates=[0, 0, 0] if iC is None else [iC[0] - C[0], iC[1] - C[1], 0]))
    bs = mbs.AddObject(lib.ObjectRigidBody2D(mass=1.0, inertia=0.01, nodeNumber=ns))
    ms = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=bs, localPosition=[0, 0, 0]))
    mbs.AddObject(lib.RevoluteJoint2D(markerNumbers=[_ground_marker(lib, mbs, g, A), a0]))
    mbs.AddObject(lib.RevoluteJoint2D(markerNumbers=[a1, c0]))
    mbs.AddObject(lib.RevoluteJoint2D(markerNumbers=[c1, ms]))
    gm = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=g, localPosition=[C[0], C[1], 0]))
    mbs.AddObject(lib.Prismatic2D(markerNumbers=[gm, ms], axisMarker0=[1, 0, 0],
                                  normalMarker1=[0, 1, 0], constrainRotation=True))
    return SC, mbs


def door(lib):
    SC, mbs, g = _mbs(lib)
    d = mbs.CreateRigidBody(inertia=lib.cuboid(density=500, sideLengths=[1, 0.05, 2]),
                            referencePosition=[0.5, 0, 1], nodeType=lib.EP)
    for k in range(3):
        mbs.CreateRevoluteJoint(itemNumbers=[g, d], position=[0, 0, k], axis=[0, 0, 1])
    return SC, mbs


def bricard(lib, t=0.5):
    F, _ = _bricard_frames(t)
    SC, mbs, g = _mbs(lib)
    bodies = [g] + [_body(lib, mbs, F[k][:3, 3], F[k][:3, :3]) for k in range(1, 6)] + [g]
    for k in range(1, 7):  # joint k on the z axis of frame k-1, between links k-1 and k
        mbs.CreateRevoluteJoint(name=f"J{k}", itemNumbers=[bodies[k - 1], bodies[k]],
                                position=list(F[k - 1][:3, 3]), axis=list(F[k - 1][:3, 2]))
    return SC, mbs


MODELS = {"door": door, "bricard": bricard, "pendulum": pendulum, "free_body": free_body, "chain_ep": chain,
          "four_bar_2d": four_bar_2d, "four_bar_3d": four_bar_3d,
          "slider_crank_2d": slider_crank_2d}
EXPECTED_DOF = {"door": 1, "bricard": 1, "pendulum": 1, "free_body": 6, "chain_ep": 12, "four_bar_2d": 1,
                "four_bar_3d": 1, "slider_crank_2d": 1}


def _dof(make, lib, **kw):
    SC, mbs = make(lib)
    mbs.Assemble()
    return mbs.ComputeSystemDegreeOfFreedom(**kw)


@pytest.mark.parametrize("name", list(MODELS))
@pytest.mark.parametrize("useSVD", [False, True])
def test_same_dict_as_exudyn(name, useSVD):
    ex = exudyn_lib()
    mine = _dof(MODELS[name], coordyn_lib(), useSVD=useSVD)
    assert set(mine) == set(KEYS)
    assert mine["degreeOfFreedom"] == EXPECTED_DOF[name]
    ref = _dof(MODELS[name], ex, useSVD=useSVD)
    assert {k: int(v) for k, v in ref.items()} == mine
    # the sparse path gives the same dictionary
    assert _dof(MODELS[name], coordyn_lib(), method="sparse") == mine


@pytest.mark.parametrize("name", list(MODELS))
@pytest.mark.parametrize("method", METHODS)
def test_dof_without_exudyn(name, method):
    res = _dof(MODELS[name], coordyn_lib(), method=method)
    assert res["degreeOfFreedom"] == EXPECTED_DOF[name]
    assert res["nODE1"] == 0


@pytest.mark.parametrize("name", list(MODELS))
def test_paths_name_the_same_equations(name):
    """dense and sparse: the same report (counts, ranks here and in the reference
    configuration, the equations named)"""
    reps = []
    for method in METHODS:
        SC, mbs = MODELS[name](coordyn_lib())
        mbs.Assemble()
        reps.append(mbs.ComputeDegreeOfFreedomReport(method=method))
    d, s = reps
    assert d.rankMethod == "dense QR" and s.rankMethod == "sparse QR"
    assert d.ExudynDict() == s.ExudynDict()
    assert (d.rank, d.rankReference) == (s.rank, s.rankReference)
    assert d.redundantEquations == s.redundantEquations


def test_verbose_prints(capsys):
    _dof(pendulum, coordyn_lib(), verbose=True, useSVD=True)
    out = capsys.readouterr().out
    assert "degree of freedom         = 1" in out and "singular values" in out


# ------------------------------------------------------------------ the report

@pytest.mark.parametrize("method", METHODS)
def test_report_matches_dict_and_prints(method):
    SC, mbs = four_bar_3d(coordyn_lib())
    mbs.Assemble()
    rep = mbs.ComputeDegreeOfFreedomReport(method=method)
    assert rep.ExudynDict() == mbs.ComputeSystemDegreeOfFreedom(method=method)
    assert rep.degreeOfFreedom == 1 and rep.redundantConstraints == 3
    assert rep.grueblerCount == -2
    assert len(rep.redundantEquations) == 3
    d = rep.AsDict()
    assert d["redundantConstraints"] == 3 and len(d["redundantEquations"]) == 3
    text = str(rep)
    assert "redundant constraints     = 3" in text and "Gruebler count" in text
    assert f"{method} QR)" in text
    assert not rep.singularConfiguration and rep.undeterminedCoordinates == []


def _door(n_hinges):
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    door = mbs.CreateRigidBody(inertia=cd.InertiaCuboid(density=500, sideLengths=[1, 0.05, 2]),
                               referencePosition=[0.5, 0, 1])
    for k in range(n_hinges):
        mbs.CreateRevoluteJoint(name=f"hinge{k}", itemNumbers=[g, door], position=[0, 0, k],
                                axis=[0, 0, 1])
    mbs.Assemble()
    return mbs


@pytest.mark.parametrize("method", METHODS)
def test_door_on_three_hinges(method):
    mbs = _door(3)
    rep = mbs.ComputeDegreeOfFreedomReport(method=method)
    assert rep.degreeOfFreedom == 1
    assert rep.redundantConstraints == 10
    assert rep.grueblerCount == 7 - 16 == -9
    names = sorted((e["name"], e["row"]) for e in rep.redundantEquations)
    assert names == [(f"hinge{k}", r) for k in (1, 2) for r in range(5)]
    assert all(e["itemType"] == "ObjectJointRevoluteZ" for e in rep.redundantEquations)
    assert "ObjectJointRevoluteZ" in str(rep) and "'hinge2': row 4 (rotation about y)" in str(rep)
    # one hinge: nothing redundant
    one = _door(1).ComputeDegreeOfFreedomReport(method=method)
    assert one.degreeOfFreedom == 1 and one.redundantConstraints == 0
    assert one.redundantEquations == []


def _parallelogram(n_cranks, L=1.0, d=0.5):
    lib = coordyn_lib()
    SC, mbs, g = _mbs(lib)
    width = d * (n_cranks - 1)
    _, cp0, _ = _bar2d(lib, mbs, (0, L), (width, L))
    coupler = mbs.GetMarker(cp0)["bodyNumber"]
    joints = []
    for k in range(n_cranks):
        _, c0, c1 = _bar2d(lib, mbs, (k * d, 0), (k * d, L))
        mc = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=coupler,
                                              localPosition=[k * d - width / 2, 0, 0]))
        joints.append(mbs.AddObject(cd.ObjectJointRevolute2D(
            markerNumbers=[_ground_marker(lib, mbs, g, (k * d, 0)), c0], name=f"ground{k}")))
        joints.append(mbs.AddObject(cd.ObjectJointRevolute2D(markerNumbers=[c1, mc],
                                                             name=f"crank{k}")))
    mbs.Assemble()
    return mbs, joints


@pytest.mark.parametrize("n", [2, 3, 6])
@pytest.mark.parametrize("method", METHODS)
def test_parallelogram_extra_cranks(n, method):
    mbs, joints = _parallelogram(n)
    rep = mbs.ComputeDegreeOfFreedomReport(method=method)
    assert rep.degreeOfFreedom == 1
    assert rep.grueblerCount == 3 * (n + 1) - 4 * n
    assert rep.redundantConstraints == n - 2  # the cranks beyond the first two (a four-bar)
    named = [e["name"] for e in rep.redundantEquations]
    assert named == [f"crank{k}" for k in range(2, n)]
    # vertical cranks: the coupler joint's equation along the crank is the dependent one
    assert all(e["row"] == 1 and e["axis"] == "translation y" for e in rep.redundantEquations)


# the threefold-symmetric orthogonal Bricard linkage: six links of length a, twists alternately
# +90 and -90 degrees, zero offsets (Denavit-Hartenberg); joint angles [t, f, t, f, t, f] with
# f(t) from the loop closure T1 ... T6 = I, solved here and checked
def _dh(th, a, al):
    c, s, ca, sa = math.cos(th), math.sin(th), math.cos(al), math.sin(al)
    return np.array([[c, -s * ca, s * sa, a * c], [s, c * ca, -c * sa, a * s],
                     [0, sa, ca, 0], [0, 0, 0, 1.0]])


def _bricard_frames(t, a=1.0):
    def frames(f):
        F = [np.eye(4)]
        for i in range(6):
            F.append(F[-1] @ _dh(t if i % 2 == 0 else f, a, math.pi / 2 * (-1) ** i))
        return F

    def closure(x):
        E = frames(x[0])[-1] - np.eye(4)
        return E[:3, :].ravel()

    sol = least_squares(closure, [2.0], xtol=1e-15, ftol=1e-15, gtol=1e-15)
    F = frames(sol.x[0])
    assert np.abs(F[-1] - np.eye(4)).max() < 1e-12  # the loop closes
    return F, sol.x[0]


def bricard_links(F, tilt=None, gravity=None):
    """the linkage through frames F (from _bricard_frames): five links and the ground, joint k
    on the z axis of frame k-1 named Jk; tilt: added to joint 4's axis. Not assembled."""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    extra = {} if gravity is None else {"gravity": list(gravity)}
    bodies = [g] + [mbs.CreateRigidBody(inertia=cd.InertiaCuboid(density=1000,
                                                                 sideLengths=[1, 0.1, 0.1]),
                                        referencePosition=list(F[k][:3, 3]),
                                        referenceRotationMatrix=F[k][:3, :3], **extra)
                    for k in range(1, 6)] + [g]
    for k in range(1, 7):
        axis = F[k - 1][:3, 2] + (np.asarray(tilt) if k == 4 and tilt is not None else 0.0)
        mbs.CreateRevoluteJoint(name=f"J{k}", itemNumbers=[bodies[k - 1], bodies[k]],
                                position=list(F[k - 1][:3, 3]), axis=list(axis))
    return mbs, bodies


@pytest.mark.parametrize("t", [0.5, 1.0])
@pytest.mark.parametrize("method", METHODS)
def test_bricard_mobility_one(t, method):
    F, f = _bricard_frames(t)
    assert abs(math.remainder(f, math.pi)) > 0.2  # not a folded configuration
    mbs, _ = bricard_links(F)
    mbs.Assemble()
    rep = mbs.ComputeDegreeOfFreedomReport(method=method)
    assert rep.grueblerCount == 0
    assert rep.degreeOfFreedom == 1
    assert rep.redundantConstraints == 1
    assert len(rep.redundantEquations) == 1
    e = rep.redundantEquations[0]
    assert e["itemType"] == "ObjectJointRevoluteZ" and e["name"] == "J6"
    assert not rep.singularConfiguration and rep.rank == 34  # 35 - 1, also in the reference
    assert rep.rankReference == 34
    assert mbs.ComputeSystemDegreeOfFreedom(useSVD=True)["degreeOfFreedom"] == 1


@pytest.mark.parametrize("method", METHODS)
def test_bricard_is_not_a_generic_6r(method):
    """control: perturbing one twist (a generic 6R loop cannot close with mobility) -- the same
    construction through the computed frames gives a rigid structure (0 DOF)"""
    F, _ = _bricard_frames(0.5)
    # move joint 4's axis slightly: the six joint screws become independent
    mbs, _ = bricard_links(F, tilt=[0.0, 0.1, 0.05])
    mbs.Assemble()
    rep = mbs.ComputeDegreeOfFreedomReport(method=method)
    assert rep.degreeOfFreedom == 0 and rep.redundantConstraints == 0


# ------------------------------------------------------------------ singular, undetermined

@pytest.mark.parametrize("method", METHODS)
def test_singular_configuration_flattened_four_bar(method):
    """the rank here (7) and at the reference configuration (8) come from the same path"""
    lib = coordyn_lib()
    pts = ((0, 0), (0, 1), (2, 1), (2, 0))
    flat = ((0, 0), (1, 0), (3, 0), (2, 0))  # crank, coupler and rocker on one line
    SC, mbs = four_bar_2d(lib, pts, initial=flat)
    mbs.Assemble()
    rep = mbs.ComputeDegreeOfFreedomReport(method=method)
    assert rep.singularConfiguration
    assert rep.rank == 7 and rep.rankReference == 8
    assert rep.grueblerCount == 1
    assert rep.degreeOfFreedom == 2 and rep.redundantConstraints == 1
    assert "singular configuration    = True" in str(rep)
    # the same at the regular reference configuration
    ref = mbs.ComputeDegreeOfFreedomReport(configuration=cd.ConfigurationType.Reference,
                                           method=method)
    assert not ref.singularConfiguration and ref.degreeOfFreedom == 1
    # and a regular initial configuration is not flagged
    SC2, mbs2 = four_bar_2d(lib)
    mbs2.Assemble()
    assert not mbs2.ComputeDegreeOfFreedomReport(method=method).singularConfiguration


@pytest.mark.parametrize("method", METHODS)
def test_slider_crank_dead_centre_is_not_a_constraint_singularity(method):
    """at the dead centre (crank and rod on the slider's line) the slider cannot drive the
    crank, but the constraint Jacobian keeps its rank: mobility 1, not flagged"""
    lib = coordyn_lib()
    rod = math.hypot(1.2, 0.4)
    SC, mbs = slider_crank_2d(lib, initial=((0.5, 0.0), (0.5 + rod, 0.0)))
    mbs.Assemble()
    g = mbs._core.residual(False)[1]
    assert np.abs(g).max() < 1e-12  # the dead-centre configuration is consistent
    rep = mbs.ComputeDegreeOfFreedomReport(method=method)
    assert rep.degreeOfFreedom == 1 and not rep.singularConfiguration
    assert rep.rank == rep.rankReference == 8


def test_undetermined_coordinates():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n0 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(cd.MassPoint(physicsMass=1.0, nodeNumber=n0))
    n1 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], name="loose"))
    mbs.Assemble()
    rep = mbs.ComputeDegreeOfFreedomReport()
    und = rep.undeterminedCoordinates
    assert [(u["node"], u["localCoordinate"]) for u in und] == [(n1, 0), (n1, 1), (n1, 2)]
    assert all(u["name"] == "loose" for u in und)
    assert "'loose': coordinate 2" in str(rep)
    assert rep.degreeOfFreedom == 6


def test_constrained_massless_node_is_determined():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n1 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0, 0, 0]))
    mn = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n1))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mg, mn], distance=1.0))
    mbs.Assemble()
    rep = mbs.ComputeDegreeOfFreedomReport()
    # the distance fixes the x coordinate's row; y and z have nothing
    assert [u["localCoordinate"] for u in rep.undeterminedCoordinates] == [1, 2]
    assert rep.degreeOfFreedom == 2


# ------------------------------------------------------------------ bad input

def test_not_assembled():
    SC, mbs = pendulum(coordyn_lib())
    with pytest.raises(cd.SolverError, match="not assembled"):
        mbs.ComputeSystemDegreeOfFreedom(autoAssemble=False)
    with pytest.raises(cd.SolverError, match="not assembled"):
        mbs.ComputeDegreeOfFreedomReport(autoAssemble=False)
    with pytest.warns(UserWarning, match="calling mbs.Assemble"):
        assert mbs.ComputeSystemDegreeOfFreedom()["degreeOfFreedom"] == 1


@pytest.mark.parametrize("bad,exc", [(-1e-12, ValueError), (float("nan"), ValueError),
                                     (float("inf"), ValueError), ("1e-12", TypeError),
                                     (True, TypeError)])
def test_bad_threshold(bad, exc):
    SC, mbs = pendulum(coordyn_lib())
    mbs.Assemble()
    with pytest.raises(exc, match="threshold"):
        mbs.ComputeSystemDegreeOfFreedom(threshold=bad)
    with pytest.raises(exc, match="threshold"):
        mbs.ComputeDegreeOfFreedomReport(threshold=bad)


def test_bad_settings_type():
    SC, mbs = pendulum(coordyn_lib())
    mbs.Assemble()
    with pytest.raises(TypeError, match="simulationSettings"):
        mbs.ComputeSystemDegreeOfFreedom(simulationSettings={})


@pytest.mark.parametrize("bad,exc,msg", [("qr", ValueError, "'qr'"), (1, TypeError, "int"),
                                         (None, TypeError, "NoneType"),
                                         ("Sparse", ValueError, "'Sparse'")])
def test_bad_method(bad, exc, msg):
    SC, mbs = pendulum(coordyn_lib())
    mbs.Assemble()
    for f in (mbs.ComputeSystemDegreeOfFreedom, mbs.ComputeDegreeOfFreedomReport):
        with pytest.raises(exc, match=r"method must be one of 'auto', 'dense', 'sparse', got "
                                      + msg):
            f(method=bad)


def test_sparse_with_svd_says_so():
    """useSVD=True with the sparse path forced: a warning that no singular values are
    computed; the threshold is still a lower bound of the tolerance"""
    SC, mbs = pendulum(coordyn_lib())
    mbs.Assemble()
    with pytest.warns(UserWarning, match=r"useSVD=True but method='sparse': the ranks come "
                                         r"from the sparse QR \(no singular values"):
        res = mbs.ComputeSystemDegreeOfFreedom(useSVD=True, method="sparse")
    assert res["degreeOfFreedom"] == 1
    with pytest.warns(UserWarning, match="useSVD=True but method='sparse'"):
        res = mbs.ComputeSystemDegreeOfFreedom(useSVD=True, method="sparse", threshold=1e6)
    assert res["redundantConstraints"] == res["nAE"]


@pytest.fixture(scope="module")
def long_chain():
    """bench_rigid's chain of 2000 bodies: 14000 algebraic equations (12000 in Exudyn's count:
    RevoluteZ's free axis is a trivial row here), N = 28000 rows"""
    import sys
    from conftest import REPO
    sys.path.insert(0, str(REPO / "benchmarks"))
    import bench_rigid
    return bench_rigid.build(bench_rigid.coordyn_lib(), 2000)[1]


def test_large_model_takes_the_sparse_path(long_chain):
    mbs = long_chain
    assert dof.DENSE_MAX_NAE < 12000 and dof.SVD_MAX_NAE < 12000
    rep = mbs.ComputeDegreeOfFreedomReport()
    assert rep.rankMethod == "sparse QR"
    assert rep.degreeOfFreedom == 2000 and rep.redundantConstraints == 0
    assert rep.nAE == 12000 and rep.grueblerCount == 2000
    assert rep.rank == rep.rankReference == 12000  # 5 joint rows + 1 Euler-parameter norm
    # useSVD: too large for the dense SVD, said so
    with pytest.warns(UserWarning, match=r"useSVD=True but the system has 14000 algebraic "
                                         r"equations, more than SVD_MAX_NAE = 500 \(the dense "
                                         r"SVD's limit\): the ranks come from the sparse QR"):
        assert mbs.ComputeSystemDegreeOfFreedom(useSVD=True)["degreeOfFreedom"] == 2000
    # a forced dense path refuses what it cannot store
    with pytest.raises(ValueError, match=r"the dense path would store 28000 x 14000 = "
                                         r"3\.92e\+08 entries \(at most 2e\+08\); use "
                                         r"the sparse path"):
        mbs.ComputeSystemDegreeOfFreedom(method="dense")


def test_sparse_path_grows_linearly(long_chain):
    """the sparse factor of bench_rigid's chain has a fixed number of entries per body (17):
    memory, and with it the work, grows linearly with N"""
    import bench_rigid
    from coordyn.dof import _raw
    fills = []
    for mbs in (bench_rigid.build(bench_rigid.coordyn_lib(), 200)[1], long_chain):
        raw = _raw(mbs, cd.SimulationSettings(), cd.ConfigurationType.Initial, False, 1e-12,
                   "sparse")
        fills.append(raw["fill"])
    assert fills[1] - fills[0] == 17 * (2000 - 200)


def _revolute_chain(n, doubled):
    """n bodies on revolute joints about z (a planar chain), the joints after the bodies in
    `doubled` added twice (the copy, named 'copy<k>', after the whole chain)"""
    lib = coordyn_lib()
    SC, mbs, g = _mbs(lib)
    bodies = [g] + [_body(lib, mbs, [k + 0.5, 0, 0]) for k in range(n)]
    for k in range(n):
        mbs.CreateRevoluteJoint(name=f"J{k}", itemNumbers=[bodies[k], bodies[k + 1]],
                                position=[k, 0, 0], axis=[0, 0, 1])
    for k in doubled:
        mbs.CreateRevoluteJoint(name=f"copy{k}", itemNumbers=[bodies[k], bodies[k + 1]],
                                position=[k, 0, 0], axis=[0, 0, 1])
    mbs.Assemble()
    return mbs


def test_sparse_path_names_the_later_copies():
    """a chain of 60 bodies (434 equations: the sparse path by default) with three joints
    doubled: the copies' five equations each are named, as on the dense path"""
    mbs = _revolute_chain(60, [3, 30, 59])
    rep = mbs.ComputeDegreeOfFreedomReport()
    assert rep.rankMethod == "sparse QR"
    assert rep.degreeOfFreedom == 60 and rep.redundantConstraints == 15
    named = sorted({e["name"] for e in rep.redundantEquations})
    assert named == ["copy3", "copy30", "copy59"]
    assert sorted(e["row"] for e in rep.redundantEquations) == [r for r in range(5)
                                                                 for _ in range(3)]
    dense = mbs.ComputeDegreeOfFreedomReport(method="dense")
    assert dense.redundantEquations == rep.redundantEquations
    assert dense.ExudynDict() == rep.ExudynDict()


def test_verbose_sparse_svd(capsys):
    SC, mbs = pendulum(coordyn_lib())
    mbs.Assemble()
    with pytest.warns(UserWarning, match="no singular values"):
        mbs.ComputeSystemDegreeOfFreedom(verbose=True, useSVD=True, method="sparse")
    out = capsys.readouterr().out
    assert "sparse QR, reduced norms by equation" in out and "degree of freedom         = 1" in out


def test_automatic_choice_by_size():
    """small models take the dense path (Exudyn's tolerance); the limits are the module's"""
    SC, mbs = chain(coordyn_lib(), 4)
    mbs.Assemble()
    assert mbs.ComputeDegreeOfFreedomReport().rankMethod == "dense QR"
    assert mbs.ComputeDegreeOfFreedomReport(useSVD=True).rankMethod == "dense SVD"
    assert dof.DENSE_MAX_NAE == 100 and dof.SVD_MAX_NAE == 500


def test_svd_threshold_is_used():
    """useSVD counts singular values <= threshold as zero (absolute, as Exudyn): a huge
    threshold declares every equation redundant"""
    SC, mbs = pendulum(coordyn_lib())
    mbs.Assemble()
    res = mbs.ComputeSystemDegreeOfFreedom(useSVD=True, threshold=1e6)
    assert res["redundantConstraints"] == res["nAE"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert mbs.ComputeSystemDegreeOfFreedom(useSVD=True)["redundantConstraints"] == 0
