"""The spatial deformation elements (ObjectDeformationTruss, ObjectDeformationBeam,
ObjectDeformationHinge on NodeRigidBodyEP nodes, csrc/items/deformation/defel_*3d.c): analytic
Jacobians against numerical differentiation, and the physics: a cantilever's natural frequencies
in both bending planes, Euler buckling with and without the seed's second-order elongation,
lateral-torsional buckling of a narrow cantilever (F_cr = 4.013 sqrt(EI_weak GJ) / L^2, the
seed's value; Timoshenko and Gere, Theory of elastic stability, 6.2), statics (axial, torsion,
tip force), a hinge as a torsional oscillator and as a pendulum's pivot. The kinematics are
checked in C (csrc/tests/test_defkin_spatial.c)."""
import numpy as np
import pytest

import coordyn as cd
from conftest import check_element_parts, check_jacobian, new_system

rng = np.random.default_rng(11)
BL = np.array([1.875104069, 4.694091133, 7.854757438, 10.995540735]) ** 2


def perturbed(mbs, scale=0.05):
    sd = mbs.systemData
    n = len(sd.GetODE2Coordinates())
    sd.SetODE2Coordinates(scale * rng.standard_normal(n))
    sd.SetODE2Coordinates_t(rng.standard_normal(n))
    sd.SetODE2Coordinates_tt(rng.standard_normal(n))
    nae = mbs._core.sizes()["AE"]
    if nae:
        sd.SetAECoordinates(10 * rng.standard_normal(nae))


def ep_node(mbs, pos, axis=(0, 0, 1), angle=0.0):
    a = np.asarray(axis, float) / np.linalg.norm(axis)
    e = [np.cos(angle / 2), *(np.sin(angle / 2) * a)]
    return mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=list(pos) + e))


TRUSS = dict(axialStiffness=300.0, axialDamping=2.0, massPerLength=1.5)
BEAM = dict(axialStiffness=500.0, torsionalStiffness=3.0, bendingStiffnessY=7.0,
            bendingStiffnessZ=11.0, axialDamping=3.0, torsionalDamping=0.1,
            bendingDampingY=0.4, bendingDampingZ=0.3, massPerLength=2.0,
            crossSectionAxisY=[0.2, 1.0, 0.3])
HINGE = dict(rotationalStiffness=40.0, tiltStiffness=900.0, rotationalDamping=1.5,
             tiltDamping=0.5, hingeAxis=[0.3, 0.2, 1.0])
CASES = [
    ("ObjectDeformationTruss", TRUSS, ["elastic"]),
    ("ObjectDeformationTruss", dict(TRUSS, massMatrixType="consistent"), ["rigid"]),
    ("ObjectDeformationBeam", BEAM, ["elastic"] * 6),
    ("ObjectDeformationBeam", dict(BEAM, massMatrixType="consistent"), ["elastic"] * 6),
    ("ObjectDeformationBeam", dict(BEAM, massMatrixType="consistent", secondOrderElongation=False),
     ["elastic"] * 6),
    ("ObjectDeformationBeam", dict(BEAM, massMatrixType="consistent"),
     ["rigid", "elastic", "prescribed", "elastic", "rigid", "elastic"]),
    ("ObjectDeformationBeam", BEAM, ["rigid"] * 6),
    ("ObjectDeformationHinge", HINGE, ["elastic"] * 3),
    ("ObjectDeformationHinge", HINGE, ["prescribed", "rigid", "rigid"]),
]


@pytest.mark.parametrize("kind,kw,modes", CASES)
@pytest.mark.parametrize("index2", [False, True])
def test_analytic_jacobian_equals_numerical(kind, kw, modes, index2):
    mbs = new_system()
    if kind == "ObjectDeformationTruss":
        a = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0.1, 0.2, -0.1]))
        b = ep_node(mbs, [1.3, 0.7, 0.4], (1, 2, 3), 0.5)
    else:
        a = ep_node(mbs, [0.1, 0.2, 0.3], (0.3, -1, 0.2), 0.4)
        b = ep_node(mbs, [1.3, 0.7, -0.2], (1, 0.5, -0.7), -0.3)
    el = mbs.AddObject(getattr(cd, kind)(nodeNumbers=[a, b], deformationModes=modes,
                                         prescribedDeformation=[0.01] * len(modes), **kw))
    mbs.Assemble()
    assert mbs._core.sizes()["AE"] == sum(m != "elastic" for m in modes) + \
        (kind != "ObjectDeformationTruss") + 1     # + the EP nodes' norm equations
    for trial in range(3):
        perturbed(mbs, scale=0.05 if trial < 2 else 0.3)
        an, _ = check_jacobian(mbs, el, index2=index2)
        assert np.abs(an["K"]).max() > 0


@pytest.mark.parametrize("kind,kw", [("ObjectDeformationTruss", TRUSS),
                                     ("ObjectDeformationBeam", BEAM)])
def test_element_parts(kind, kw):
    """elastic forces, their tangent and the geometric stiffness (the massless hinge's
    Jacobian is checked above)"""
    mbs = new_system()
    a = ep_node(mbs, [0.1, 0.2, 0.3], (0.3, -1, 0.2), 0.4)
    b = ep_node(mbs, [1.3, 0.7, -0.2], (1, 0.5, -0.7), -0.3)
    el = mbs.AddObject(getattr(cd, kind)(nodeNumbers=[a, b], **kw))
    mbs.Assemble()
    r0 = mbs._core.object_parts(int(el))
    assert np.abs(r0["fel"]).max() < 1e-12 and np.abs(r0["Kg"]).max() < 1e-12
    perturbed(mbs)
    r = check_element_parts(mbs, el)
    assert np.abs(r["Kg"]).max() > 1e-4 * np.abs(r["Kel"]).max()


def cantilever(n=16, L=1.0, EA=1e4, GJ=0.8, EIy=1.0, EIz=2.0, rhoA=1.0, Ip=1e-6,
               mass="consistent", load=None, second_order=True, pinned=False):
    """n beam elements along x on EP nodes, clamped at x = 0 (position and the three vector
    Euler parameters fixed); torsional inertia Ip per length as ObjectRigidBody at the nodes
    (circular section: Ip about x, Ip/2 about y and z); load: a force on the tip node;
    pinned: the root's rotations and the tip's lateral positions free/fixed as pinned-pinned"""
    mbs = new_system()
    nodes = []
    for i in range(n + 1):
        nodes.append(ep_node(mbs, [L * i / n, 0, 0]))
        w = Ip * L / n * (0.5 if i in (0, n) else 1.0)
        mbs.AddObject(cd.ObjectRigidBody(nodeNumber=nodes[-1], physicsMass=0.0,
                                         physicsInertia=[w, w / 2, w / 2, 0, 0, 0]))
    els = [mbs.AddObject(cd.ObjectDeformationBeam(
        nodeNumbers=[nodes[i], nodes[i + 1]], axialStiffness=EA, torsionalStiffness=GJ,
        bendingStiffnessY=EIy, bendingStiffnessZ=EIz, massPerLength=rhoA, massMatrixType=mass,
        crossSectionAxisY=[0, 1, 0], secondOrderElongation=second_order)) for i in range(n)]
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))

    def fix(node, c):
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mbs.AddMarker(
            cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=c))]))
    for c in ([0, 1, 2, 4] if pinned else [0, 1, 2, 4, 5, 6]):
        fix(nodes[0], c)
    if pinned:
        fix(nodes[-1], 1)
        fix(nodes[-1], 2)
    if load is not None:
        mbs.AddLoad(cd.LoadForceVector(markerNumber=mbs.AddMarker(
            cd.MarkerNodePosition(nodeNumber=nodes[-1])), loadVector=list(load)))
    mbs.Assemble()
    return mbs, nodes, els


def test_cantilever_frequencies_in_both_planes():
    """16 elements, consistent mass: (beta L)^2 sqrt(EI / (rho A L^4)) in the x-z plane (EIy)
    and the x-y plane (EIz = 2 EIy) within 0.1 % (measured 1.2e-4 on the fourth)"""
    mbs, _, _ = cantilever()
    w2, _ = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=8)
    w = np.sqrt(np.abs(w2))
    expected = np.sort(np.concatenate([BL, BL * np.sqrt(2.0)]))[:7]
    np.testing.assert_allclose(w[:7], expected, rtol=1e-3)


@pytest.mark.parametrize("second_order", [True, False])
def test_euler_buckling(second_order):
    """compression P at the tip: cantilever pi^2 EI / (4 L^2) in both planes, pinned-pinned
    pi^2 EI / L^2, 16 elements. Measured relative errors (cantilever; pinned-pinned), EIy and
    EIz planes: refined elongation 3.5e-4, 6.5e-4; 1.6e-3, 2.7e-3 (mostly the axial shortening
    2 P / EA of the compressible beam); plain elongation 1.2e-3, 1.5e-3; 4.8e-3, 5.9e-3"""
    tol = 3e-3 if second_order else 7e-3
    mbs, _, _ = cantilever(load=[-1.0, 0, 0], second_order=second_order)
    f, _ = mbs.ComputeBucklingLoads(numberOfBucklingLoads=2)
    np.testing.assert_allclose(f[:2], np.pi ** 2 / 4 * np.array([1.0, 2.0]), rtol=tol / 2)
    mbs, _, _ = cantilever(load=[-1.0, 0, 0], second_order=second_order, pinned=True)
    f, _ = mbs.ComputeBucklingLoads(numberOfBucklingLoads=2)
    np.testing.assert_allclose(f[:2], np.pi ** 2 * np.array([1.0, 2.0]), rtol=tol)


def test_one_element_buckling_shows_the_second_order_elongation():
    """one element: the plain elongation's string stiffness gives 3 EI / L^2, the seed's
    refined elongation the cubic beam's consistent geometric stiffness, 2.4860 EI / L^2
    ((5.2 - sqrt(19.84)) / 0.3); exact 2.4674"""
    f1 = cantilever(n=1, load=[-1.0, 0, 0])[0].ComputeBucklingLoads(numberOfBucklingLoads=1)[0]
    f0 = cantilever(n=1, load=[-1.0, 0, 0], second_order=False)[0].ComputeBucklingLoads(
        numberOfBucklingLoads=1)[0]
    # the axial shortening under P changes the result by ~2 P / EA = 6e-4 (measured 5e-4)
    assert f1[0] == pytest.approx((5.2 - np.sqrt(19.84)) / 0.3, rel=1e-3)
    assert f0[0] == pytest.approx(3.0, rel=1e-3)


def test_lateral_torsional_buckling_of_a_narrow_cantilever():
    """a tip force along y (bending in the stiff plane, EIz = 1000 EIy) at the centroid: the
    cantilever buckles sideways and twists at F = 4.013 sqrt(EIy GJ) / L^2 (measured with 16
    elements: +0.35 %, 32: +0.06 %)"""
    EIy, GJ = 1.0, 0.8
    mbs, _, _ = cantilever(n=16, EIy=EIy, EIz=1000.0, GJ=GJ, load=[0, 1.0, 0])
    f, modes = mbs.ComputeBucklingLoads(numberOfBucklingLoads=1)
    assert f[0] == pytest.approx(4.013 * np.sqrt(EIy * GJ), rel=5e-3)
    # the mode: sideways (z) displacement and twist, no displacement in the loaded plane
    tip = modes[-7:, 0]
    assert abs(tip[2]) > 10 * abs(tip[1])


def test_statics_axial_torsion_bending():
    """small loads at the tip: PL/EA, TL/GJ, PL^3/(3 EI) in both planes"""
    L, EA, GJ, EIy, EIz = 1.0, 1e4, 0.8, 1.0, 2.0
    for load, idx, expected in (([1.0, 0, 0], 0, L / EA), ([0, 1e-4, 0], 1, 1e-4 / (3 * EIz)),
                                ([0, 0, 1e-4], 2, 1e-4 / (3 * EIy))):
        mbs, nodes, _ = cantilever(EA=EA, GJ=GJ, EIy=EIy, EIz=EIz, load=load)
        mbs.SolveStatic()
        d = mbs.GetNodeOutput(nodes[-1], cd.OutputVariableType.Displacement)
        assert d[idx] == pytest.approx(expected, rel=2e-4)
    mbs, nodes, _ = cantilever(EA=EA, GJ=GJ, EIy=EIy, EIz=EIz)
    T = 1e-4
    mbs.AddLoad(cd.LoadTorqueVector(markerNumber=mbs.AddMarker(cd.MarkerNodeRigid(
        nodeNumber=nodes[-1])), loadVector=[T, 0, 0]))
    mbs.Assemble()
    mbs.SolveStatic()
    R = mbs.GetNodeOutput(nodes[-1], cd.OutputVariableType.RotationMatrix).reshape(3, 3)
    assert np.arctan2(R[2, 1], R[1, 1]) == pytest.approx(T * L / GJ, rel=1e-6)


def test_hinge_torsional_oscillator():
    """a body (inertia J) on a hinge with stiffness k about an oblique axis a, its position
    fixed: omega^2 = k / (a^T J a); the hinge's tilts rigid"""
    mbs = new_system()
    a = np.array([0.3, 0.2, 1.0])
    an = a / np.linalg.norm(a)
    fixed = ep_node(mbs, [0, 0, 0])
    body = ep_node(mbs, [0.5, 0, 0])
    J = np.diag([0.3, 0.4, 0.5])
    mbs.AddObject(cd.ObjectRigidBody(nodeNumber=body, physicsMass=2.0,
                                     physicsInertia=[0.3, 0.4, 0.5, 0, 0, 0]))
    k = 40.0
    h = mbs.AddObject(cd.ObjectDeformationHinge(nodeNumbers=[fixed, body], hingeAxis=list(a),
                                                rotationalStiffness=k,
                                                deformationModes=["elastic", "rigid", "rigid"]))
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for node, cs in ((fixed, range(7)), (body, range(3))):
        for c in cs:
            if node == fixed and c == 3:
                continue          # e0 follows from the norm equation
            mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mbs.AddMarker(
                cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=c))]))
    mbs.Assemble()
    w2, _ = mbs.ComputeODE2Eigenvalues()
    assert w2[0] == pytest.approx(k / (an @ J @ an), rel=1e-9)
    # a static torque about the axis turns the body by T / k (exact: e1 is the angle)
    T = 3.0
    mbs.AddLoad(cd.LoadTorqueVector(markerNumber=mbs.AddMarker(cd.MarkerNodeRigid(
        nodeNumber=body)), loadVector=list(T * an)))
    mbs.Assemble()
    mbs.SolveStatic()
    e = mbs.GetObjectOutput(h, cd.OutputVariableType.Deformation)
    assert e[0] == pytest.approx(T / k, rel=1e-9)
    assert abs(e[1]) < 1e-12 and abs(e[2]) < 1e-12
    s = mbs.GetObjectOutput(h, cd.OutputVariableType.StressResultant)
    assert s[0] == pytest.approx(T, rel=1e-9)


def test_bad_input():
    mbs = new_system()
    a = ep_node(mbs, [0, 0, 0])
    b = ep_node(mbs, [1, 0, 0])
    p = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 0]))
    with pytest.raises(ValueError, match="crossSectionAxisY.*zero or along the element"):
        mbs.AddObject(cd.ObjectDeformationBeam(nodeNumbers=[a, b], crossSectionAxisY=[2, 0, 0]))
    with pytest.raises(ValueError, match="hingeAxis.*zero"):
        mbs.AddObject(cd.ObjectDeformationHinge(nodeNumbers=[a, b], hingeAxis=[0, 0, 0]))
    with pytest.raises(ValueError, match="refers to node .* of type NodePoint2D.*NodeRigidBodyEP"):
        mbs.AddObject(cd.ObjectDeformationBeam(nodeNumbers=[a, p]))
    with pytest.raises(ValueError, match="deformationModes' must list 6 mode"):
        mbs.AddObject(cd.ObjectDeformationBeam(nodeNumbers=[a, b], deformationModes=["rigid"]))
    with pytest.raises(ValueError, match="coincide"):
        mbs.AddObject(cd.ObjectDeformationTruss(nodeNumbers=[a, ep_node(mbs, [0, 0, 0])]))


def test_spatial_kinematics_of_an_arm_driven_by_a_hinge():
    """A rigid arm (ObjectDeformationBeam, all six deformations rigid) turned about an oblique
    axis a through the origin by a hinge whose rotation is prescribed, theta(t) = w t + c t^2:
    the model is kinematically determined (0 degrees of freedom) and SolveKinematics gives the
    tip on the circle T(t) = Rot(a, theta) T0 with velocity theta_t a x T and acceleration
    theta_tt a x T + theta_t^2 a x (a x T)."""
    mbs = new_system()
    a = np.array([0.3, -0.4, 1.0])
    an = a / np.linalg.norm(a)
    T0 = np.array([0.8, 0.3, -0.2])
    F = ep_node(mbs, [0, 0, 0])
    R = ep_node(mbs, [0, 0, 0])
    T = ep_node(mbs, T0)
    w, c = 2.0, 0.7
    mbs.AddObject(cd.ObjectDeformationHinge(
        nodeNumbers=[F, R], hingeAxis=list(a), deformationModes=["prescribed", "rigid", "rigid"],
        prescribedDeformationUserFunction=lambda mbs, t, i, e: [w * t + c * t * t, 0, 0],
        prescribedDeformationUserFunction_t=lambda mbs, t, i, e: [w + 2 * c * t, 0, 0]))
    mbs.AddObject(cd.ObjectDeformationBeam(nodeNumbers=[R, T], deformationModes=["rigid"] * 6,
                                           crossSectionAxisY=[0, 0, 1], massPerLength=1.0))
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for node, cs in ((F, [0, 1, 2, 4, 5, 6]), (R, [0, 1, 2])):
        for k in cs:
            mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mbs.AddMarker(
                cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=k))]))
    mbs.Assemble()
    dof = mbs.ComputeDeformationDegreesOfFreedom()
    assert (dof.coordinates, dof.rigid, dof.prescribed, dof.degreesOfFreedom) == (21, 8, 1, 0)
    times = np.linspace(0, 1.0, 11)
    res = mbs.SolveKinematics(times)
    ix = list(mbs._core.ltg(0, int(T))[0][:3])
    for k, t in enumerate(times):
        th, th_t, th_tt = w * t + c * t * t, w + 2 * c * t, 2 * c
        K = np.array([[0, -an[2], an[1]], [an[2], 0, -an[0]], [-an[1], an[0], 0]])
        Rm = np.eye(3) + np.sin(th) * K + (1 - np.cos(th)) * K @ K
        P = Rm @ T0
        np.testing.assert_allclose(T0 + res.coordinates[k, ix], P, atol=1e-9)
        np.testing.assert_allclose(res.coordinates_t[k, ix], th_t * np.cross(an, P), atol=1e-7)
        np.testing.assert_allclose(res.coordinates_tt[k, ix],
                                   th_tt * np.cross(an, P) +
                                   th_t ** 2 * np.cross(an, np.cross(an, P)), atol=1e-5)
