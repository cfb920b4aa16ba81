"""coordyn.HT (Exudyn 1.13's exudyn.HT): closed-form values, algebraic identities, bad
inputs, and every method against Exudyn 1.13.6 where it is installed."""
import copy
import math
import pickle

import numpy as np
import pytest

import coordyn as cd
from coordyn import HT
from coordyn.rigidBodyUtilities import (HTrotateZ, HTtranslate, InverseHT, RotationMatrixX,
                                        RotationMatrixZ)


def _m(h):
    return np.array(h, dtype=float)


def test_construction_and_parts():
    H = HT(rotation=RotationMatrixZ(0.3), translation=[1, 2, 3])
    np.testing.assert_allclose(H.rotation, RotationMatrixZ(0.3), atol=0)
    np.testing.assert_array_equal(H.translation, [1, 2, 3])
    np.testing.assert_allclose(H.HT44(), HTtranslate([1, 2, 3]) @ HTrotateZ(0.3), atol=1e-15)
    np.testing.assert_array_equal(np.array(H), H.HT44())
    A, p = H.Get()
    np.testing.assert_array_equal(p, [1, 2, 3])
    # the parts are copies
    A[0, 0] = 99
    assert H.rotation[0, 0] != 99
    # a 4x4 matrix gives rotation and translation, an HT a copy
    np.testing.assert_array_equal(HT(H.HT44()).HT44(), H.HT44())
    assert HT(H) == H and HT(H) is not H
    # the other rotation parameters
    c, s = math.cos(0.6), math.sin(0.6)
    np.testing.assert_allclose(HT(eulerParameters=[math.cos(0.3), 0, 0, math.sin(0.3)]).rotation,
                               [[c, -s, 0], [s, c, 0], [0, 0, 1]], atol=1e-15)
    np.testing.assert_allclose(HT(Rxyz=[0.6, 0, 0]).rotation, RotationMatrixX(0.6), atol=1e-15)
    np.testing.assert_allclose(HT(rotationVector=[0, 0, 0.6]).rotation, RotationMatrixZ(0.6),
                               atol=1e-15)


def test_point_transformation_composition_inverse():
    H1 = HT(Rxyz=[0.1, -0.7, 2.3], translation=[1, 2, 3])
    H2 = HT(rotationVector=[0.3, 2.5, -1.0], translation=[-1, 0.5, 2])
    x = np.array([0.3, -0.2, 0.9])
    np.testing.assert_allclose(H1 * x, H1.rotation @ x + [1, 2, 3], atol=1e-15)
    np.testing.assert_allclose(_m(H1 * H2), _m(H1) @ _m(H2), atol=1e-14)
    np.testing.assert_allclose(_m(H1 @ H2), _m(H1) @ _m(H2), atol=1e-14)
    np.testing.assert_allclose(H1 @ np.r_[x, 1], _m(H1) @ np.r_[x, 1], atol=1e-15)
    np.testing.assert_allclose(_m(H1.Inverse()), InverseHT(_m(H1)), atol=1e-15)
    np.testing.assert_allclose(_m(H1.Relative(H2)), InverseHT(_m(H1)) @ _m(H2), atol=1e-14)
    np.testing.assert_allclose(_m(H1 * H1.Inverse()), np.eye(4), atol=1e-14)
    H3 = copy.copy(H1)
    H3.Invert()
    assert H3 == H1.Inverse()
    np.testing.assert_allclose(H1.RotateVector(x), H1.rotation @ x, atol=1e-15)
    np.testing.assert_allclose(H1.RotateVectorTransposed(x), H1.rotation.T @ x, atol=1e-15)


def test_rotation_parameters_round_trip():
    H = HT(Rxyz=[0.1, -0.7, 2.3], translation=[1, 2, 3])
    for get, put in [("GetCoordinatesEP", "SetCoordinatesEP"),
                     ("GetCoordinatesRxyz", "SetCoordinatesRxyz"),
                     ("GetCoordinatesRotationVector", "SetCoordinatesRotationVector")]:
        np.testing.assert_allclose(_m(getattr(HT(), put)(getattr(H, get)())), _m(H), atol=1e-14)
    np.testing.assert_allclose(H.GetRxyz(), [0.1, -0.7, 2.3], atol=1e-14)
    assert np.linalg.norm(H.GetEP()) == pytest.approx(1, abs=1e-15) and H.GetEP()[0] >= 0
    # a rotation by 0.8 about [1, 2, 2]/3
    R = HT().SetRotationAxis([1, 2, 2], 0.8)
    np.testing.assert_allclose(R.RotationAxis(), np.array([1, 2, 2]) / 3, atol=1e-15)
    assert R.RotationAngle() == pytest.approx(0.8, abs=1e-15)
    np.testing.assert_allclose(R.GetRotationVector(), 0.8 * np.array([1, 2, 2]) / 3, atol=1e-15)
    np.testing.assert_array_equal(HT().RotationAxis(raiseError=False), [0, 0, 0])
    # angles beyond pi come back in [0, pi]
    np.testing.assert_allclose(HT(rotationVector=[0, 0, 3.5]).GetRotationVector(),
                               [0, 0, 3.5 - 2 * math.pi], atol=1e-14)


def test_exponential_maps_and_interpolation():
    # a screw about z with pitch: Omega = [0, 0, phi], U = [0, 0, d] -> rotation Rz(phi),
    # translation [0, 0, d]
    H = HT().SetExpSE3([0, 0, 0.4, 0, 0, 0.9])
    np.testing.assert_allclose(_m(H), HTtranslate([0, 0, 0.4]) @ HTrotateZ(0.9), atol=1e-15)
    H1 = HT(Rxyz=[0.1, -0.7, 2.3], translation=[1, 2, 3])
    np.testing.assert_allclose(_m(HT().SetExpSE3(H1.LogSE3())), _m(H1), atol=1e-14)
    np.testing.assert_allclose(_m(HT().SetExpR3xSO3(H1.LogR3xSO3())), _m(H1), atol=1e-14)
    np.testing.assert_array_equal(H1.LogR3xSO3(), H1.GetCoordinatesRotationVector())
    H2 = HT(rotationVector=[0.3, 2.5, -1.0], translation=[-1, 0.5, 2])
    for f in (0.0, 1.0):
        T = H2 if f else H1
        np.testing.assert_allclose(_m(H1.InterpolateSE3(H2, f)), _m(T), atol=1e-13)
        np.testing.assert_allclose(_m(H1.InterpolateSO3(H2, f)), _m(T), atol=1e-13)
    # a pure rotation about a fixed axis: half the angle at factor 0.5, translation linear
    Ha, Hb = HT(translation=[0, 0, 0]), HT(rotationVector=[0, 0, 1.2], translation=[2, 0, 0])
    M = Ha.InterpolateSO3(Hb, 0.5)
    np.testing.assert_allclose(M.rotation, RotationMatrixZ(0.6), atol=1e-15)
    np.testing.assert_allclose(M.translation, [1, 0, 0], atol=1e-15)
    # SE(3): the screw through the point the rotation holds fixed keeps it on a circle
    S = Ha.InterpolateSE3(Hb, 0.5)
    c = np.array([1, 1 / math.tan(0.6), 0])          # fixed point of Hb: Rz(1.2) c + [2,0,0] = c
    np.testing.assert_allclose(Hb * c, c, atol=1e-14)
    np.testing.assert_allclose(S * c, c, atol=1e-14)


def test_setters_indexing_copy_pickle_repr():
    H = HT(translation=[1, 2, 3]).SetRotationX(0.4)
    np.testing.assert_array_equal(H.translation, [0, 0, 0])
    assert H.SetTranslation([4, 5, 6]).HasNoRotation()
    H[0:3, 3] = [7, 8, 9]
    np.testing.assert_array_equal(H[0:3, 3], [7, 8, 9])
    H.rotation = RotationMatrixZ(0.2)
    assert not H.HasNoRotation()
    assert HT().HasNoRotation() and HT(rotation=np.eye(3)).HasNoRotation()
    assert (HT(translation=[1, 0, 0]) * HT(translation=[0, 1, 0])).HasNoRotation()
    assert not HT().SetRotationX(0).HasNoRotation()
    for H2 in (copy.deepcopy(H), pickle.loads(pickle.dumps(H))):
        assert H2 == H
    assert repr(HT(translation=[1, 2, 3])) == (
        "HT(rotation=[[1,0,0],[0,1,0],[0,0,1]], translation=[1,2,3])")
    assert H.SetIdentity() == HT()


def test_bad_inputs():
    with pytest.raises(ValueError, match="at most one of rotation, eulerParameters"):
        HT(rotation=np.eye(3), Rxyz=[0, 0, 0])
    with pytest.raises(ValueError, match="translation must have 3 components"):
        HT(translation=[1, 2])
    with pytest.raises(ValueError, match="rotation must be a 3x3 matrix"):
        HT(rotation=[[1, 0], [0, 1]])
    with pytest.raises(ValueError, match="Euler parameters must have unit length"):
        HT(eulerParameters=[1, 0, 0, 0.1])
    with pytest.raises(ValueError, match="the axis must not be zero"):
        HT().SetRotationAxis([0, 0, 0], 0.5)
    with pytest.raises(ValueError, match="has no rotation"):
        HT().RotationAxis()
    with pytest.raises(ValueError, match="coordinates must have 7 components"):
        HT().SetCoordinatesEP([0, 0, 0, 1, 0, 0])
    with pytest.raises(ValueError, match="last row of an HT"):
        HT()[3, 3] = 2
    with pytest.raises(TypeError, match="an HT or a 3D vector"):
        HT() * np.eye(3)


def test_helpers_take_an_ht():
    """The 4x4-matrix helpers of coordyn (rigidBodyUtilities, robotics) take an HT too."""
    import coordyn.rigidBodyUtilities as rbu
    from coordyn.robotics import Robot, RobotLink, RobotTool
    H = HT(Rxyz=[0.1, 0.2, 0.3], translation=[1, 2, 3])
    np.testing.assert_array_equal(rbu.HT2rotationMatrix(H), H.rotation)
    np.testing.assert_array_equal(rbu.HT2translation(H), H.translation)
    np.testing.assert_allclose(rbu.InverseHT(H), _m(H.Inverse()), atol=1e-15)
    links = [dict(localHT=HT(translation=[0.5, 0, 0])), dict(localHT=HTtranslate([0.5, 0, 0]))]
    robs = []
    for tool in (HT(translation=[0, 0, 0.1]), HTtranslate([0, 0, 0.1])):
        rob = Robot(tool=RobotTool(HT=tool))
        for kw in links:
            rob.AddLink(RobotLink(mass=1, COM=[0.1, 0, 0], inertia=np.eye(3) * 0.01, **kw))
        robs.append(rob)
    T0, T1 = (r.LinkHT([0.1, 0.2])[-1] @ np.asarray(r.GetToolHT()) for r in robs)
    np.testing.assert_allclose(T0, T1, atol=1e-15)
    # closed form: planar two-link arm about z
    np.testing.assert_allclose(np.asarray(T0)[0:2, 3],
                               [0.5 * math.cos(0.1) + 0.5 * math.cos(0.3),
                                0.5 * math.sin(0.1) + 0.5 * math.sin(0.3)], atol=1e-15)


def test_against_exudyn():
    exu = pytest.importorskip("exudyn")
    if not hasattr(exu, "HT"):
        pytest.skip("this Exudyn has no HT class (1.13 has)")
    E = exu.HT
    cases = [dict(Rxyz=[0.1, -0.7, 2.3], translation=[1, 2, 3]),
             dict(rotationVector=[0.3, 2.5, -1.0], translation=[-1, 0.5, 2]),
             dict(rotationVector=[0, 0, math.pi]), dict(Rxyz=[0, math.pi / 2, 0.3]),
             dict(rotationVector=[0, 0, 3.5], translation=[0, 1, 0])]
    methods = ["GetCoordinatesEP", "GetCoordinatesRotationVector", "GetCoordinatesRxyz",
               "GetEP", "GetRotationVector", "GetRxyz", "HT44", "LogR3xSO3", "LogSE3",
               "RotationAngle", "HasNoRotation"]
    for a in cases[0:2]:       # (the others have zeros whose sign may differ: 0 or -0)
        assert repr(E(**a)) == repr(HT(**a))
    for a in cases:
        e, c = E(**a), HT(**a)
        for m in methods:
            np.testing.assert_allclose(getattr(c, m)(), getattr(e, m)(), atol=1e-12,
                                       err_msg=f"{m} {a}")
        for b in cases:
            eb, cb = E(**b), HT(**b)
            for f in (0.3, 1.7):
                np.testing.assert_allclose(_m(c.InterpolateSE3(cb, f)),
                                           e.InterpolateSE3(eb, f).HT44(), atol=1e-12)
                np.testing.assert_allclose(_m(c.InterpolateSO3(cb, f)),
                                           e.InterpolateSO3(eb, f).HT44(), atol=1e-12)
            np.testing.assert_allclose(_m(c * cb), (e * eb).HT44(), atol=1e-14)
            np.testing.assert_allclose(_m(c.Relative(cb)), e.Relative(eb).HT44(), atol=1e-14)
    x = [0.5, -1, 2, 0.4, 1.1, -2.2]
    for m, arg in [("SetExpSE3", (x,)), ("SetExpR3xSO3", (x,)),
                   ("SetRotationAxis", ([1, 2, 3], 0.7)), ("SetRotationX", (0.4,)),
                   ("SetRotationY", (0.4,)), ("SetRotationZ", (0.4,)),
                   ("SetTranslation", ([1, 2, 3],))]:
        np.testing.assert_allclose(_m(getattr(HT(), m)(*arg)), getattr(E(), m)(*arg).HT44(),
                                   atol=1e-14, err_msg=m)
    assert E().SetRotationX(0).HasNoRotation() == HT().SetRotationX(0).HasNoRotation()


def test_exu_ht_under_the_switch():
    import coordyn.exudyn as cx
    assert cd.HT is HT
    assert cx.exudyn_module_name("exudyn") == "coordyn"
