"""The deformation elements' analytic Jacobians (ObjectDeformationTruss2D, ObjectDeformationBeam2D,
ObjectDeformationHinge2D; csrc/items/deformation/) against the engine's numerical
differentiation of their residuals, at deformed states with velocities, accelerations and
multipliers, for every deformation mode, with damping, both mass matrix types, at index 3 and
index 2; and the element interface (elastic forces, tangent, geometric stiffness) against
central differences. The kinematics themselves are checked in C (csrc/tests/test_defkin_planar.c)."""
import numpy as np
import pytest

import coordyn as cd
from conftest import check_element_parts, check_jacobian, new_system

rng = np.random.default_rng(7)


def perturbed(mbs, scale=0.05, with_rates=True):
    """random coordinates, velocities, accelerations and multipliers as the current state"""
    sd = mbs.systemData
    n = len(sd.GetODE2Coordinates())
    sd.SetODE2Coordinates(scale * rng.standard_normal(n))
    if with_rates:
        sd.SetODE2Coordinates_t(rng.standard_normal(n))
        sd.SetODE2Coordinates_tt(rng.standard_normal(n))
    nae = mbs._core.sizes()["AE"]
    if nae:
        sd.SetAECoordinates(10 * rng.standard_normal(nae))


def two_node_element(kind, **kw):
    mbs = new_system()
    if kind == "ObjectDeformationTruss2D":
        a = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0.1, 0.2]))
        b = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1.3, 0.7, 0.4]))
    else:
        a = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0.1, 0.2, 0.3]))
        b = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1.3, 0.7, -0.2]))
    el = mbs.AddObject(getattr(cd, kind)(nodeNumbers=[a, b], **kw))
    mbs.Assemble()
    return mbs, el


TRUSS = dict(axialStiffness=300.0, axialDamping=2.0, massPerLength=1.5)
BEAM = dict(axialStiffness=500.0, bendingStiffness=7.0, axialDamping=3.0, bendingDamping=0.4,
            massPerLength=2.0)
HINGE = dict(rotationalStiffness=40.0, rotationalDamping=1.5)
CASES = [
    ("ObjectDeformationTruss2D", TRUSS, ["elastic"]),
    ("ObjectDeformationTruss2D", TRUSS, ["rigid"]),
    ("ObjectDeformationTruss2D", dict(TRUSS, massMatrixType="consistent"), ["prescribed"]),
    ("ObjectDeformationBeam2D", BEAM, ["elastic"] * 3),
    ("ObjectDeformationBeam2D", dict(BEAM, massMatrixType="consistent"), ["elastic"] * 3),
    ("ObjectDeformationBeam2D", dict(BEAM, massMatrixType="consistent"),
     ["rigid", "elastic", "prescribed"]),
    ("ObjectDeformationBeam2D", BEAM, ["rigid", "rigid", "rigid"]),
    ("ObjectDeformationBeam2D", dict(BEAM, stiffnessMatrix=[[500, 1, 2], [1, 40, 3], [2, 3, 50]],
                                     dampingMatrix=np.eye(3) * 0.7), ["elastic", "elastic",
                                                                       "rigid"]),
    ("ObjectDeformationHinge2D", HINGE, ["elastic"]),
    ("ObjectDeformationHinge2D", HINGE, ["prescribed"]),
]


@pytest.mark.parametrize("kind,kw,modes", CASES)
@pytest.mark.parametrize("index2", [False, True])
def test_analytic_jacobian_equals_numerical(kind, kw, modes, index2):
    mbs, el = two_node_element(kind, deformationModes=modes,
                               prescribedDeformation=[0.01] * len(modes), **kw)
    assert mbs._core.sizes()["AE"] == sum(m != "elastic" for m in modes)
    for trial in range(3):
        perturbed(mbs, scale=0.05 if trial < 2 else 0.3)
        a, n = check_jacobian(mbs, el, index2=index2)
        # the Jacobian is not trivially zero: K of elastic ones or with mass, Cq of constrained
        if "elastic" in modes or "mass" in str(kw):
            assert np.abs(a["K"]).max() > 0
        if mbs._core.sizes()["AE"]:
            assert np.abs(a["Cq"]).max() > 0.5


def test_jacobian_with_a_ground_node():
    """a truss to a NodePointGround: the ground end has no coordinates"""
    mbs = new_system()
    g = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0.0, 0.0, 0.0]))
    b = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1.0, 0.5]))
    el = mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[g, b], deformationModes=["rigid"],
                                                   axialStiffness=10.0, massPerLength=1.0))
    mbs.Assemble()
    perturbed(mbs)
    a, _ = check_jacobian(mbs, el)
    assert a["K"].shape == (2, 2)


@pytest.mark.parametrize("kind,kw", [("ObjectDeformationTruss2D", TRUSS),
                                     ("ObjectDeformationBeam2D", BEAM)])
def test_element_parts(kind, kw):
    """elastic forces, their tangent (central differences) and the geometric stiffness; the
    beam's Kg vanishes in the reference configuration (no stress) and not when deformed"""
    mbs, el = two_node_element(kind, **kw)
    r0 = mbs._core.object_parts(int(el))
    assert np.abs(r0["fel"]).max() < 1e-12 and np.abs(r0["Kg"]).max() < 1e-12
    perturbed(mbs, with_rates=False)
    r = check_element_parts(mbs, el)
    assert np.abs(r["Kg"]).max() > 1e-3 * np.abs(r["Kel"]).max()


def test_consistent_mass_of_the_beam():
    """in the reference configuration of a straight beam along x with nodes at angle 0, the
    Hermite mass matrix is the classical consistent beam mass (rho A l / 420)[156 22l 54 -13l;
    22l 4l^2 13l -3l^2; ...] on (y, phi), and on x (interpolated by the same cubic Hermite
    functions, the tangents being along x) (rho A l / 420)[156 54; 54 156]"""
    mbs = new_system()
    L, rhoA = 0.8, 2.5
    a = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0]))
    b = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[L, 0, 0]))
    el = mbs.AddObject(cd.ObjectDeformationBeam2D(nodeNumbers=[a, b], massPerLength=rhoA,
                                                  massMatrixType="consistent"))
    mbs.Assemble()
    M = mbs._core.object_parts(int(el))["M"]
    m = rhoA * L
    Mb = m / 420 * np.array([[156, 22 * L, 54, -13 * L], [22 * L, 4 * L**2, 13 * L, -3 * L**2],
                             [54, 13 * L, 156, -22 * L], [-13 * L, -3 * L**2, -22 * L, 4 * L**2]])
    iy = [1, 2, 4, 5]
    np.testing.assert_allclose(M[np.ix_(iy, iy)], Mb, rtol=1e-13, atol=1e-15)
    np.testing.assert_allclose(M[np.ix_([0, 3], [0, 3])],
                               m / 420 * np.array([[156, 54], [54, 156]]), rtol=1e-13)
    assert np.abs(M[np.ix_([0, 3], iy)]).max() < 1e-15
    # lumped: m/2 on each node's x and y, nothing on the rotations
    mbs.SetObjectParameter(el, "massMatrixType", "lumped")
    mbs.Assemble()
    M = mbs._core.object_parts(int(el))["M"]
    np.testing.assert_allclose(np.diag(M), [m / 2, m / 2, 0, m / 2, m / 2, 0])
