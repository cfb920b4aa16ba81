"""ObjectGround's frame (referencePosition, referenceRotation, referenceHT; Exudyn 1.13): points
and marker frames on a turned ground, CreateGround with a rotation, a pendulum hinged on a
turned ground against the closed form and Exudyn 1.13.6; bad inputs."""
import numpy as np
import pytest

import coordyn as cd
import coordyn.utilities as u
from coordyn import HT

OV = cd.OutputVariableType
HG = HT(Rxyz=[0.1, 0.2, 0.3], translation=[0.5, 0.1, 0])


@pytest.mark.parametrize("kw", [dict(referenceHT=HG), dict(referenceHT=HG.HT44()),
                                dict(referenceRotation=HG.rotation,
                                     referencePosition=HG.translation),
                                dict(referenceHT=HG, referencePosition=HG.translation,
                                     referenceRotation=HG.rotation)])
def test_points_and_frames_on_a_turned_ground(kw):
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround(**kw))
    x = np.array([1.0, -0.5, 0.3])
    HL = HT(Rxyz=[0, 0, 0.5], translation=x)
    m = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g, localHT=HL))
    mp = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=x))
    mbs.Assemble()
    R, p = HG.rotation, HG.translation
    for mk in (m, mp):
        np.testing.assert_allclose(mbs.GetMarkerOutput(mk, OV.Position), p + R @ x, atol=1e-15)
    np.testing.assert_allclose(mbs.GetMarkerOutput(m, OV.RotationMatrix).reshape(3, 3),
                               R @ HL.rotation, atol=1e-15)
    np.testing.assert_allclose(mbs.GetObjectOutputBody(g, OV.Position, localPosition=x),
                               p + R @ x, atol=1e-15)
    np.testing.assert_allclose(
        mbs.GetObjectOutputBody(g, OV.RotationMatrix, localPosition=x).reshape(3, 3), R,
        atol=1e-15)


def _hinged_bar(lib, ground_kw, create=False):
    """a bar (length 1, axis x) hinged at the ground's origin about the ground's z axis, under
    gravity -y; the ground frame turned by HG. Returns the bar's node position after 0.3 s."""
    if lib == "exudyn":
        exu = pytest.importorskip("exudyn")
        if not hasattr(exu, "HT"):
            pytest.skip("this Exudyn has no HT (1.13 has)")
        import exudyn.utilities as lu
        H = exu.HT(rotation=HG.rotation, translation=HG.translation)
    else:
        exu, lu, H = cd, u, HG
    mbs = exu.SystemContainer().AddSystem()
    if create:
        g = mbs.CreateGround(referenceHT=H)
    else:
        g = mbs.AddObject(lu.ObjectGround(**{k: (H if v is HG else v)
                                             for k, v in ground_kw.items()}))
    A = HG.rotation
    b = mbs.CreateRigidBody(inertia=lu.InertiaCuboid(1000, [1, 0.05, 0.05]),
                            referencePosition=HG.translation + A @ [0.5, 0, 0],
                            referenceRotationMatrix=A, gravity=[0, -9.81, 0],
                            nodeType=exu.NodeType.RotationRxyz)
    if create:
        mbs.CreateRevoluteJoint(bodyNumbers=[g, b], position=HG.translation, axis=A[:, 2])
    else:
        mg = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=g))
        mb = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=b, localPosition=[-0.5, 0, 0]))
        mbs.AddObject(lu.ObjectJointRevoluteZ(markerNumbers=[mg, mb]))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = 300
    s.timeIntegration.endTime = 0.3
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-12
    s.solutionSettings.writeSolutionToFile = False
    mbs.SolveDynamic(s)
    n = mbs.GetObject(b)["nodeNumber"]
    return np.array(mbs.GetNodeOutput(n, exu.OutputVariableType.Position))


def test_hinge_on_a_turned_ground_keeps_the_bar_in_the_ground_plane():
    """the marker frame on the ground is the ground's: the bar turns about its z axis, so its
    centre stays at distance 0.5 in the plane normal to that axis"""
    c = _hinged_bar("coordyn", dict(referenceHT=HG))
    r = c - HG.translation
    ez = HG.rotation[:, 2]
    assert abs(r @ ez) < 1e-10
    assert np.linalg.norm(r) == pytest.approx(0.5, abs=1e-10)
    assert np.linalg.norm(c - (HG.translation + HG.rotation @ [0.5, 0, 0])) > 0.01   # it swung


@pytest.mark.parametrize("kw", [dict(referenceHT=HG),
                                dict(referenceRotation=HG.rotation,
                                     referencePosition=HG.translation)])
def test_hinge_on_a_turned_ground_as_exudyn(kw):
    c = _hinged_bar("coordyn", kw)
    e = _hinged_bar("exudyn", kw)
    assert np.max(np.abs(c - e)) < 1e-10


def test_create_ground_with_a_rotation():
    c = _hinged_bar("coordyn", None, create=True)
    np.testing.assert_allclose(c, _hinged_bar("coordyn", dict(referenceHT=HG)), atol=1e-12)
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.CreateGround(referencePosition=[1, 2, 3], referenceRotationMatrix=HG.rotation)
    np.testing.assert_allclose(mbs.GetObject(g)["referenceRotation"], HG.rotation, atol=0)
    mbs.Assemble()
    np.testing.assert_allclose(mbs.GetObjectOutputBody(g, OV.Position, localPosition=[1, 0, 0]),
                               np.array([1, 2, 3]) + HG.rotation[:, 0], atol=1e-15)
    e = pytest.importorskip("exudyn")
    if hasattr(e, "HT"):
        np.testing.assert_allclose(c, _hinged_bar("exudyn", None, create=True), atol=1e-10)


def test_bad_ground_frames():
    bad = [
        (dict(referenceRotation=np.eye(4)),
         r"ObjectGround \d+: parameter 'referenceRotation' must be a 3x3 matrix, got 4 x 4"),
        (dict(referenceRotation=2 * np.eye(3)),
         r"ObjectGround \d+: parameter 'referenceRotation' must have a rotation matrix"),
        (dict(referenceHT=np.diag([1.0, 1, -1, 1])),
         r"parameter 'referenceHT' must have a rotation matrix in its upper 3x3 block"),
        (dict(referenceHT=np.eye(3)),
         r"ObjectGround \d+: parameter 'referenceHT' must be a 4x4 matrix"),
        (dict(referenceHT=HG, referencePosition=[1, 0, 0]),
         r"ObjectGround \d+: parameter 'referenceHT' and 'referencePosition' or "
         r"'referenceRotation' are given and differ"),
        (dict(referenceHT=HG, referenceRotation=np.eye(3)),
         r"are given and differ"),
    ]
    for kw, msg in bad:
        mbs = cd.SystemContainer().AddSystem()
        with pytest.raises(ValueError, match=msg):
            mbs.AddObject(cd.ObjectGround(**kw))
            mbs.Assemble()
    with pytest.raises(ValueError, match="CreateGround: argument 'referenceHT' is given together"):
        cd.SystemContainer().AddSystem().CreateGround(referenceHT=HG, referencePosition=[0, 0, 1])
