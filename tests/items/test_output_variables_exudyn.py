"""The output variables that close the gaps to Exudyn 1.13.6 (tests/items/test_output_variables.py
compares every one with Exudyn on the probe models): here they are checked against closed forms
on models in motion, and against Exudyn after the same solve where Exudyn is installed."""
import numpy as np
import pytest

import coordyn as cd
from conftest import settings

OV = cd.OutputVariableType
G = 9.81


def _solve(mod, mbs, h, end_time):
    s = mod.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(end_time / h))
    s.timeIntegration.endTime = end_time
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = False
    s.solutionSettings.writeSolutionToFile = False
    mbs.SolveDynamic(s)


# ------------------------------------------------------------------ ObjectJointPrismatic2D

def _incline(mod, ii, alpha, m=2.0, end_time=0.5):
    """a block (mass m, turned by alpha) slides without friction along the axis
    [cos alpha, sin alpha] of the ground; gravity -y. Outputs of the joint after end_time"""
    SC = mod.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(ii.ObjectGround())
    n = mbs.AddNode(ii.NodeRigidBody2D(referenceCoordinates=[0, 0, alpha]))
    b = mbs.AddObject(ii.ObjectRigidBody2D(physicsMass=m, physicsInertia=0.1, nodeNumber=n))
    mbs.AddLoad(ii.LoadMassProportional(markerNumber=mbs.AddMarker(
        ii.MarkerBodyMass(bodyNumber=b)), loadVector=[0, -G, 0]))
    mg = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=g))
    mb = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=b))
    j = mbs.AddObject(ii.ObjectJointPrismatic2D(
        markerNumbers=[mg, mb], axisMarker0=[np.cos(alpha), np.sin(alpha), 0],
        normalMarker1=[0, 1, 0]))
    mbs.Assemble()
    _solve(mod, mbs, 0.01, end_time)
    names = ("ForceLocal", "Distance", "DisplacementLocal", "Rotation",
             "HomogeneousTransformationLocal", "HomogeneousTransformation")
    return {v: np.asarray(mbs.GetObjectOutput(j, getattr(mod.OutputVariableType, v)),
                          dtype=float).ravel() for v in names}


def test_prismatic2d_block_on_incline_closed_form():
    """the block slides s = -g sin(alpha) t^2 / 2 along the axis (generalized-alpha is exact
    for a constant acceleration); the joint carries the normal force m g cos(alpha): on the
    ground (marker 0) it pushes along -n1 = -[-sin alpha, cos alpha]"""
    alpha, m, T = 0.4, 2.0, 0.5
    out = _incline(cd, cd, alpha, m, T)
    s = -0.5 * G * np.sin(alpha) * T ** 2
    axis, normal = np.array([np.cos(alpha), np.sin(alpha)]), np.array([-np.sin(alpha),
                                                                       np.cos(alpha)])
    assert out["Distance"][0] == pytest.approx(s, rel=1e-10)
    assert np.allclose(out["DisplacementLocal"], list(s * axis) + [0], atol=1e-10)
    assert np.allclose(out["ForceLocal"], list(-m * G * np.cos(alpha) * normal) + [0],
                       atol=1e-8)
    assert out["Rotation"][0] == pytest.approx(alpha, abs=1e-12)
    H = out["HomogeneousTransformationLocal"].reshape(4, 4)
    c, sn = np.cos(alpha), np.sin(alpha)
    assert np.allclose(H[:2, :2], [[c, -sn], [sn, c]], atol=1e-12)
    assert np.allclose(H[:3, 3], list(s * axis) + [0], atol=1e-10)
    assert np.allclose(out["HomogeneousTransformation"], np.eye(4).ravel(), atol=1e-15)


def test_prismatic2d_outputs_as_exudyn_after_solve():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as eii
    ours, ref = _incline(cd, cd, 0.7), _incline(exu, eii, 0.7)
    for v in ref:
        assert np.allclose(ours[v], ref[v], rtol=1e-8, atol=1e-10), v


def test_prismatic2d_rotation_is_the_relative_angle_wrapped():
    """Rotation = atan2 of the relative rotation A0^T A1: 3.5 rad apart reads 3.5 - 2 pi"""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    b = []
    for ref in ([0, 0, 0.5], [1, 0, 4.0]):
        n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=ref))
        b.append(mbs.AddObject(cd.ObjectRigidBody2D(physicsMass=1, physicsInertia=1,
                                                    nodeNumber=n)))
    m = [mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=x)) for x in b]
    o = mbs.AddObject(cd.ObjectJointPrismatic2D(markerNumbers=m, axisMarker0=[2, 0, 0]))
    mbs.Assemble()
    assert mbs.GetObjectOutput(o, OV.Rotation) == pytest.approx(3.5 - 2 * np.pi, abs=1e-14)
    # Distance is axisMarker0 . A0^T (p1 - p0), with the axis as given (not normalized)
    assert mbs.GetObjectOutput(o, OV.Distance) == pytest.approx(2 * np.cos(0.5), abs=1e-14)


# ------------------------------------------------------------------ MarkerBodyCable2DShape

def _cable(off=0.0, nseg=4):
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    L = 2.0
    n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0],
                                          initialVelocities=[0, 0.5, 0, 0]))
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[L, 0, 1, 0],
                                          initialVelocities=[0, 0.5, 0, 0]))
    o = mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], physicsLength=L,
                                           physicsMassPerLength=1, physicsBendingStiffness=1,
                                           physicsAxialStiffness=100))
    m = mbs.AddMarker(cd.MarkerBodyCable2DShape(bodyNumber=o, numberOfSegments=nseg,
                                                verticalOffset=off))
    mbs.Assemble()
    return mbs, o, m


def test_cable2d_shape_coordinates_straight_cable():
    """a straight cable along x moving with v = 0.5 in y: the points are i L / n (shifted by the
    offset along the normal y), all moving with [0, 0.5]"""
    for off in (0.0, 0.1):
        mbs, o, m = _cable(off)
        x = np.asarray(mbs.GetMarkerOutput(m, OV.Coordinates))
        assert np.allclose(x, np.ravel([[0.5 * i, off] for i in range(5)]), atol=1e-15)
        v = np.asarray(mbs.GetMarkerOutput(m, OV.Coordinates_t))
        assert np.allclose(v, np.ravel([[0, 0.5]] * 5), atol=1e-15)


def test_cable2d_shape_too_many_segments_named():
    with pytest.raises(ValueError, match="MarkerBodyCable2DShape 0: parameter 'numberOfSegments' "
                                         "must be <= 127"):
        _cable(nseg=128)
