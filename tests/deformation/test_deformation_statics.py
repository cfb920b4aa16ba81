"""Deformation elements in statics and under prescribed motion: axial truss PL/EA, a two-bar
truss (statically determinate: bar forces from equilibrium) elastic and rigid (the multiplier
is the stress resultant, the stiff elastic limit gives the same), switching a deformation
between elastic and rigid without rebuilding the model, a deformation prescribed by a user
function of time (position and multiplier against m x_tt), and the bad-input messages."""
import numpy as np
import pytest

import coordyn as cd
from conftest import message_naming, new_system, settings

ov = cd.OutputVariableType


def fix_coordinate(mbs, node, j):
    ng = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
    return mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))


@pytest.mark.parametrize("nel", [1, 3])
def test_axial_truss_PL_over_EA(nel):
    """a chain of nel trusses along x from a ground node, y fixed, end force P: the elongation
    e = l - l0 is exact, so u = P L / EA for any P (no geometric nonlinearity along the axis)"""
    L, EA, P = 2.0, 1e3, 37.0
    mbs = new_system()
    nodes = [mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))]
    nodes += [mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[L * i / nel, 0]))
              for i in range(1, nel + 1)]
    els = [mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[nodes[i], nodes[i + 1]],
                                                     axialStiffness=EA)) for i in range(nel)]
    for n in nodes[1:]:
        fix_coordinate(mbs, n, 1)
    mt = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mt, loadVector=[P, 0, 0]))
    mbs.Assemble()
    mbs.SolveStatic()
    u = mbs.GetNodeOutput(nodes[-1], ov.Displacement)[0]
    assert abs(u - P * L / EA) < 1e-10 * P * L / EA
    for e in els:
        np.testing.assert_allclose(mbs.GetObjectOutput(e, ov.StressResultant), [P], rtol=1e-10)
        np.testing.assert_allclose(mbs.GetObjectOutput(e, ov.Deformation), [P * L / nel / EA],
                                   rtol=1e-10)


def two_bar(modes, EA=1e9, F=100.0):
    """bars from ground points (-1, 0) and (1, 0) to the apex (0, 1), a load -F in y at the
    apex: each bar carries N = -F / (2 sin 45 deg) = -F / sqrt(2) (compression)"""
    mbs = new_system()
    g0 = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[-1, 0, 0]))
    g1 = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[1, 0, 0]))
    a = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 1]))
    bars = [mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[g, a], axialStiffness=EA,
                                                      deformationModes=modes))
            for g in (g0, g1)]
    ma = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=a))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=ma, loadVector=[0, -F, 0]))
    mbs.Assemble()
    return mbs, bars, a


def test_two_bar_elastic_and_rigid():
    F = 100.0
    N = -F / np.sqrt(2)
    mbs, bars, a = two_bar(["elastic"], EA=1e3, F=F)
    mbs.SolveStatic()
    # elastic, soft: the apex sinks; equilibrium in the deformed geometry: 2 N sin(alpha) = -F
    p = mbs.GetNodeOutput(a, ov.Position)
    sin_a = p[1] / np.hypot(1, p[1])
    Ns = [float(mbs.GetObjectOutput(b, ov.StressResultant)) for b in bars]
    np.testing.assert_allclose(Ns, [-F / (2 * sin_a)] * 2, rtol=1e-9)
    assert p[1] < 1 - 0.05        # the soft bars shorten visibly
    # stiff elastic: N to 1e-6
    mbs, bars, a = two_bar(["elastic"], EA=1e9, F=F)
    mbs.SolveStatic()
    stiff = [float(mbs.GetObjectOutput(b, ov.StressResultant)) for b in bars]
    np.testing.assert_allclose(stiff, [N, N], rtol=1e-6)
    # the same model made rigid without rebuilding it: the multipliers are the bar forces
    for b in bars:
        mbs.SetObjectParameter(b, "deformationModes", ["rigid"])
    mbs.Assemble()
    assert mbs._core.sizes()["AE"] == 2
    mbs.SolveStatic()
    rigid = [float(mbs.GetObjectOutput(b, ov.StressResultant)) for b in bars]
    np.testing.assert_allclose(rigid, [N, N], rtol=1e-10)
    np.testing.assert_allclose(mbs.systemData.GetAECoordinates(), [N, N], rtol=1e-10)
    np.testing.assert_allclose(stiff, rigid, rtol=1e-6)
    np.testing.assert_allclose(mbs.GetNodeOutput(a, ov.Position)[:2], [0, 1], atol=1e-12)
    # and back to elastic
    mbs.SetObjectParameter(bars[0], "deformationModes", "elastic")
    mbs.Assemble()
    assert mbs._core.sizes()["AE"] == 1
    assert mbs.GetObjectParameter(bars[0], "deformationModes") == "elastic"


@pytest.mark.parametrize("with_derivative", [False, True])
def test_prescribed_deformation_user_function(with_derivative):
    """a truss from the ground to a point mass m (y fixed) whose elongation follows
    e_p(t) = A sin(w t): x = L + A sin(w t), and the multiplier (the truss's normal force,
    tension positive) sigma = -m x_tt = m A w^2 sin(w t)"""
    L, m, A, w = 1.0, 2.0, 0.1, 3.0
    mbs = new_system()
    g = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[L, 0], initialVelocities=[A * w, 0]))
    mbs.AddObject(cd.MassPoint2D(physicsMass=m, nodeNumber=n))
    kw = {}
    if with_derivative:
        kw["prescribedDeformationUserFunction_t"] = lambda mbs, t, i, ep: [A * w * np.cos(w * t)]
    tr = mbs.AddObject(cd.ObjectDeformationTruss2D(
        nodeNumbers=[g, n], deformationModes=["prescribed"],
        prescribedDeformationUserFunction=lambda mbs, t, i, ep: [ep[0] + A * np.sin(w * t)],
        **kw))
    fix_coordinate(mbs, n, 1)
    sx = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=ov.Position))
    ss = mbs.AddSensor(cd.SensorObject(objectNumber=tr, outputVariableType=ov.StressResultant))
    mbs.Assemble()
    h, T = 1e-3, 2.0
    mbs.SolveDynamic(settings(h, T, rho=0.5))
    x = np.array(mbs.GetSensorStoredData(sx))
    sig = np.array(mbs.GetSensorStoredData(ss))
    t = x[:, 0]
    np.testing.assert_allclose(x[:, 1], L + A * np.sin(w * t), atol=1e-10)
    ref = m * A * w**2 * np.sin(w * t)
    # the index-3 multipliers have a start transient that the numerical damping (rho 0.5)
    # removes within a few dozen steps
    late = t > 0.1
    assert np.abs(sig[late, 1] - ref[late]).max() < 1e-3 * m * A * w**2


# ------------------------------------------------------------------ bad input

def two_nodes(mbs, kinds=("NodeRigidBody2D", "NodeRigidBody2D"), p1=(1.0, 0.0)):
    n0 = mbs.AddNode(getattr(cd, kinds[0])(referenceCoordinates=[0, 0, 0][:3 if "Rigid" in kinds[0]
                                                                          else 2]))
    c1 = list(p1) + ([0.0] if "Rigid" in kinds[1] else [])
    n1 = mbs.AddNode(getattr(cd, kinds[1])(referenceCoordinates=c1))
    return n0, n1


BAD = [
    ("ObjectDeformationBeam2D", ("NodePoint2D", "NodeRigidBody2D"), (1, 0), {},
     ["ObjectDeformationBeam2D 0", "nodeNumbers", "NodePoint2D", "needs NodeRigidBody2D"]),
    ("ObjectDeformationHinge2D", ("NodeRigidBody2D", "NodePoint2D"), (1, 0), {},
     ["ObjectDeformationHinge2D 0", "node 1 of type NodePoint2D"]),
    ("ObjectDeformationTruss2D", ("NodePoint2D", "NodePoint2D"), (0, 0), {},
     ["ObjectDeformationTruss2D 0", "coincide", "zero length"]),
    ("ObjectDeformationBeam2D", ("NodeRigidBody2D", "NodeRigidBody2D"), (0, 0), {},
     ["ObjectDeformationBeam2D 0", "coincide"]),
    ("ObjectDeformationBeam2D", ("NodeRigidBody2D", "NodeRigidBody2D"), (1, 0),
     dict(deformationModes=["elastic", "rigid"]),
     ["ObjectDeformationBeam2D 0", "deformationModes", "3 mode(s)", "elastic rigid"]),
    ("ObjectDeformationTruss2D", ("NodePoint2D", "NodePoint2D"), (1, 0),
     dict(deformationModes=["stiff"]),
     ["ObjectDeformationTruss2D 0", "deformationModes", "'elastic', 'rigid' or 'prescribed'",
      "stiff"]),
    ("ObjectDeformationTruss2D", ("NodePoint2D", "NodePoint2D"), (1, 0),
     dict(axialStiffness=-1.0), ["ObjectDeformationTruss2D 0", "axialStiffness", ">= 0"]),
    ("ObjectDeformationBeam2D", ("NodeRigidBody2D", "NodeRigidBody2D"), (1, 0),
     dict(massPerLength=-2.0), ["ObjectDeformationBeam2D 0", "massPerLength", ">= 0"]),
    ("ObjectDeformationHinge2D", ("NodeRigidBody2D", "NodeRigidBody2D"), (0, 0),
     dict(rotationalStiffness=-2.0), ["ObjectDeformationHinge2D 0", "rotationalStiffness"]),
    ("ObjectDeformationBeam2D", ("NodeRigidBody2D", "NodeRigidBody2D"), (1, 0),
     dict(stiffnessMatrix=np.eye(2)), ["ObjectDeformationBeam2D 0", "stiffnessMatrix",
                                       "3 x 3", "2 x 2"]),
    ("ObjectDeformationTruss2D", ("NodePoint2D", "NodePoint2D"), (1, 0),
     dict(prescribedDeformation=[0.1, 0.2]),
     ["ObjectDeformationTruss2D 0", "prescribedDeformation", "1 value(s)", "got 2"]),
    ("ObjectDeformationBeam2D", ("NodeRigidBody2D", "NodeRigidBody2D"), (1, 0),
     dict(massMatrixType="diagonal"), ["ObjectDeformationBeam2D 0", "massMatrixType",
                                       "'lumped' or 'consistent'", "diagonal"]),
    ("ObjectDeformationTruss2D", ("NodePoint2D", "NodePoint2D"), (1, 0),
     dict(deformationModes=["rigid", 3]), ["ObjectDeformationTruss2D 0", "deformationModes",
                                            "list of strings"]),
]


@pytest.mark.parametrize("kind,nodes,p1,kw,parts", BAD)
def test_bad_input(kind, nodes, p1, kw, parts):
    mbs = new_system()
    n0, n1 = two_nodes(mbs, nodes, p1)
    with pytest.raises((ValueError, TypeError), match=message_naming(*parts)):
        mbs.AddObject(getattr(cd, kind)(nodeNumbers=[n0, n1], **kw))
    assert mbs.NumberOfObjects() == 0


def test_bad_input_same_node_twice_and_count():
    mbs = new_system()
    n0, _ = two_nodes(mbs)
    with pytest.raises(ValueError, match=message_naming("ObjectDeformationHinge2D 0",
                                                        "node 0 twice")):
        mbs.AddObject(cd.ObjectDeformationHinge2D(nodeNumbers=[n0, n0]))
    with pytest.raises(ValueError, match=message_naming("ObjectDeformationHinge2D 0",
                                                        "nodeNumbers")):
        mbs.AddObject(cd.ObjectDeformationHinge2D(nodeNumbers=[n0]))


def test_bad_user_function_result():
    """a user function returning the wrong number of values stops the solve naming it"""
    mbs = new_system()
    g = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1, 0]))
    mbs.AddObject(cd.MassPoint2D(physicsMass=1, nodeNumber=n))
    mbs.AddObject(cd.ObjectDeformationTruss2D(
        nodeNumbers=[g, n], deformationModes="prescribed",
        prescribedDeformationUserFunction=lambda mbs, t, i, ep: [0.0, 1.0]))
    fix_coordinate(mbs, n, 1)
    mbs.Assemble()
    with pytest.raises(Exception, match=message_naming("prescribedDeformationUserFunction",
                                                       "1 value")):
        mbs.SolveDynamic(settings(1e-3, 0.01))
