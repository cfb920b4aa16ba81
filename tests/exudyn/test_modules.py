"""coordyn's Exudyn module layout: coordyn.utilities brings exactly Exudyn 1.13.6's names, the
helpers compute what Exudyn's compute, and names coordyn lacks raise NotImplementedFeatureError.
"""
import importlib
import math

import numpy as np
import pytest

import coordyn
from coordyn.exudyn._names import MODULE_ALL
from coordyn.exudyn._notyet import NotImplementedFeatureError, is_missing

MODULES = ["basicUtilities", "advancedUtilities", "rigidBodyUtilities", "itemInterface",
           "signalProcessing", "physics", "solver", "interactive", "processing"]


def star(module):
    ns = {}
    exec(f"from {module} import *", ns)
    del ns["__builtins__"]
    return ns


def test_names_match_installed_exudyn():
    """the stored name lists are Exudyn 1.13.6's (when Exudyn is installed)"""
    exudyn = pytest.importorskip("exudyn")
    assert exudyn.__version__ == "1.13.6"
    for name in MODULES:
        assert MODULE_ALL[name] == list(importlib.import_module("exudyn." + name).__all__), name


def test_utilities_star_import_equals_exudyn():
    pytest.importorskip("exudyn")
    assert set(star("coordyn.utilities")) == set(star("exudyn.utilities"))


@pytest.mark.parametrize("name", MODULES)
def test_module_star_import_equals_exudyn(name):
    pytest.importorskip("exudyn")
    assert set(star("coordyn." + name)) == set(star("exudyn." + name))


def test_utilities_has_stored_names_without_exudyn():
    names = set(star("coordyn.utilities"))
    expected = set().union(*(MODULE_ALL[m] for m in MODULES[:4]))
    assert names == expected and "np" not in names and len(names) == 486


def test_items_are_coordyns_classes():
    u = star("coordyn.utilities")
    assert u["MassPoint"] is coordyn.ObjectMassPoint
    assert u["RigidEP"] is coordyn.NodeRigidBodyEP and u["VRigidEP"] is coordyn.VNodeRigidBodyEP
    assert u["Point2DS1"] is coordyn.NodePoint2DSlope1
    assert u["eulerParameters0"] == [1.0, 0.0, 0.0, 0.0] and u["g"] == 9.81


def test_missing_item_raises_clear_error():
    from coordyn.itemInterface import ObjectFFRF
    assert is_missing(ObjectFFRF)
    with pytest.raises(NotImplementedFeatureError, match="ObjectFFRF is not in coordyn"):
        ObjectFFRF(nodeNumbers=[0])
    assert issubclass(NotImplementedFeatureError, NotImplementedError)
    assert issubclass(NotImplementedFeatureError, coordyn.ExudynError)


def test_stand_ins_name_what_to_use():
    from coordyn import advancedUtilities as au, interactive as it
    with pytest.raises(NotImplementedFeatureError, match="SystemEnergy"):
        au.SystemEnergy(None)
    with pytest.raises(NotImplementedFeatureError, match="Tk dialog"):
        it.InteractiveDialog(None, None, None, [])


# ---------------------------------------------------------------- numbers against Exudyn
RBU_CASES = [
    ("RotationMatrixZ", (0.3,)), ("RotationMatrixX", (-1.1,)), ("RotationMatrixY", (2.0,)),
    ("ComputeSkewMatrix", ([1.0, -2.0, 0.5],)),
    ("ComputeSkewMatrix", ([1.0, -2.0, 0.5, 0.1, 0.2, 0.3],)),
    ("ComputeSkewMatrix", (np.arange(12.0).reshape(6, 2),)),
    ("ComputeRotationAxisFromRotationVector", ([0.3, -0.4, 1.2],)),
    ("ComputeRotationAxisFromRotationVector", ([0.0, 0.0, 0.0],)),
    ("RotationVector2G", ([0.3, -0.4, 1.2],)), ("RotationVector2GLocal", ([0.3, -0.4, 1.2],)),
    ("RotXYZ2G_t", ([0.3, -0.4, 1.2], [0.7, 1.3, -0.2])),
    ("RotXYZ2GLocal_t", ([0.3, -0.4, 1.2], [0.7, 1.3, -0.2])),
    ("RotationMatrix2RotZYZ", (np.array([[0.36, 0.48, -0.8], [-0.8, 0.6, 0.0],
                                         [0.48, 0.64, 0.6]]), False)),
    ("RotationMatrix2RotZYZ", (np.array([[0.36, 0.48, -0.8], [-0.8, 0.6, 0.0],
                                         [0.48, 0.64, 0.6]]), True)),
    ("RotationMatrix2RotZYZ", (np.eye(3), False)),
    ("HTtranslate", ([1.0, 2.0, 3.0],)), ("HTtranslateX", (0.5,)), ("HTtranslateY", (0.5,)),
    ("HTtranslateZ", (0.5,)), ("HT0", ()), ("HTrotateX", (0.4,)), ("HTrotateY", (0.4,)),
    ("HTrotateZ", (0.4,)), ("RotationX2T66", (0.7,)), ("RotationY2T66", (0.7,)),
    ("RotationZ2T66", (0.7,)), ("Translation2T66", ([0.3, -1.0, 2.0],)),
    ("TranslationX2T66", (0.3,)), ("TranslationY2T66", (0.3,)), ("TranslationZ2T66", (0.3,)),
]


@pytest.mark.parametrize("name,args", RBU_CASES, ids=[c[0] for c in RBU_CASES])
def test_rigid_body_utilities_match_exudyn(name, args):
    ex = pytest.importorskip("exudyn.rigidBodyUtilities")
    from coordyn import rigidBodyUtilities as cd
    np.testing.assert_allclose(getattr(cd, name)(*args), getattr(ex, name)(*args),
                               rtol=1e-14, atol=1e-14)


def _ht(rx, rz, t):
    from coordyn import rigidBodyUtilities as r
    return r.HTtranslate(t) @ r.HTrotateZ(rz) @ r.HTrotateX(rx)


def test_transformations_match_exudyn_and_invert():
    ex = pytest.importorskip("exudyn.rigidBodyUtilities")
    from coordyn import rigidBodyUtilities as cd
    T = _ht(0.3, -1.2, [0.5, -0.2, 1.5])
    A, v = T[:3, :3], T[:3, 3]
    T66 = cd.RotationTranslation2T66(A, v)
    for name, args in [("InverseHT", (T,)), ("RotationTranslation2T66", (A, v)),
                       ("RotationTranslation2T66Inverse", (A, v)), ("T66Inverse", (T66,)),
                       ("T66toHT", (T66,)), ("HT2T66Inverse", (T,))]:
        np.testing.assert_allclose(getattr(cd, name)(*args), getattr(ex, name)(*args),
                                   atol=1e-14, err_msg=name)
    for name in ("T66toRotationTranslation", "InverseT66toRotationTranslation"):
        for a, b in zip(getattr(cd, name)(T66), getattr(ex, name)(T66)):
            np.testing.assert_allclose(a, b, atol=1e-14, err_msg=name)
    # physics: the inverses are inverses, T66toHT gives back T
    np.testing.assert_allclose(cd.InverseHT(T) @ T, np.eye(4), atol=1e-14)
    np.testing.assert_allclose(cd.T66Inverse(T66) @ T66, np.eye(6), atol=1e-14)
    np.testing.assert_allclose(cd.T66toHT(T66), T, atol=1e-14)


def test_rotxyz_g_t_is_derivative_of_g():
    """RotXYZ2G_t and RotXYZ2GLocal_t are the time derivatives along rot(t) = rot0 + t rot_t"""
    from coordyn import rigidBodyUtilities as r
    rot, rot_t, h = np.array([0.3, -0.4, 1.2]), np.array([0.7, 1.3, -0.2]), 1e-6
    for G, G_t in ((r.RotXYZ2G, r.RotXYZ2G_t), (r.RotXYZ2GLocal, r.RotXYZ2GLocal_t)):
        numeric = (G(rot + h * rot_t) - G(rot - h * rot_t)) / (2 * h)
        np.testing.assert_allclose(G_t(rot, rot_t), numeric, atol=1e-8)


def test_get_rigid_body_node_matches_exudyn():
    ex = pytest.importorskip("exudyn.rigidBodyUtilities")
    import exudyn
    from coordyn import rigidBodyUtilities as cd
    A = cd.RotationMatrixZ(0.4) @ cd.RotationMatrixX(-0.3)
    for ntype in ("RotationEulerParameters", "RotationRxyz", "RotationRotationVector"):
        a = cd.GetRigidBodyNode(getattr(coordyn.NodeType, ntype), [1, 2, 3], [0.1, 0, 0], A,
                                [], [0.2, -0.5, 1.0])
        b = ex.GetRigidBodyNode(getattr(exudyn.NodeType, ntype), [1, 2, 3], [0.1, 0, 0], A,
                                [], [0.2, -0.5, 1.0])
        np.testing.assert_allclose(a.referenceCoordinates, b.referenceCoordinates, atol=1e-14)
        np.testing.assert_allclose(a.initialVelocities, b.initialVelocities, atol=1e-14)
    with pytest.raises(ValueError, match="no valid NodeType: 'Nonsense'"):
        cd.StrNodeType2NodeType("Nonsense")


def test_basic_utilities_match_exudyn():
    ex = pytest.importorskip("exudyn.basicUtilities")
    from coordyn import basicUtilities as cd
    for name in ("gaussIntegrationPoints", "gaussIntegrationWeights",
                 "lobattoIntegrationPoints", "lobattoIntegrationWeights"):
        a, b = getattr(cd, name), getattr(ex, name)
        assert len(a) == len(b)
        for x, y in zip(a, b):
            np.testing.assert_allclose(x, y, atol=1e-15, err_msg=name)
    for x in (3.14159, 2.0, 12345.678, -0.000123, 1e-9, 7):
        assert cd.SmartRound2String(x) == ex.SmartRound2String(x)
    assert cd.Normalize([3, 4, 0]) == ex.Normalize([3, 4, 0]) == [0.6, 0.8, 0.0]


def test_gauss_lobatto_integrate_exactly():
    """order-k rules integrate x^k exactly; wrong orders are refused"""
    from coordyn import basicUtilities as b
    for order in (1, 3, 5, 7, 9):
        assert b.GaussIntegrate(lambda x: x ** order + 1, order, 0.5, 2.0) == pytest.approx(
            (2.0 ** (order + 1) - 0.5 ** (order + 1)) / (order + 1) + 1.5, rel=1e-13)
    for order in (1, 3, 5):
        assert b.LobattoIntegrate(lambda x: x ** order, order, -1.0, 3.0) == pytest.approx(
            (3.0 ** (order + 1) - 1.0) / (order + 1), rel=1e-13)
    with pytest.raises(ValueError, match="must be odd"):
        b.GaussIntegrate(math.sin, 2, 0, 1)
    with pytest.raises(ValueError, match="maximum implemented integration order is 5"):
        b.LobattoIntegrate(math.sin, 7, 0, 1)


def test_advanced_utilities_match_exudyn():
    ex = pytest.importorskip("exudyn.advancedUtilities")
    from coordyn import advancedUtilities as cd
    for t in (0.0, 0.3, 1.7):
        for name in ("SweepSin", "SweepCos", "FrequencySweep"):
            assert getattr(cd, name)(t, 2.0, 1.0, 5.0) == pytest.approx(
                getattr(ex, name)(t, 2.0, 1.0, 5.0), rel=1e-14, abs=1e-14)
    for x in (-1.0, 0.2, 0.5, 0.9, 1.5):
        for name in ("SmoothStep", "SmoothStepDerivative"):
            assert getattr(cd, name)(x, 0.1, 1.0, 2.0, -3.0) == pytest.approx(
                getattr(ex, name)(x, 0.1, 1.0, 2.0, -3.0), rel=1e-14, abs=1e-14)
    data = np.linspace(0, 1, 11)
    for v, c in ((0.3, False), (0.31, True), (-2.0, True), (5.0, True)):
        assert cd.IndexFromValue(data, v, 1e-7, c, False) == \
            ex.IndexFromValue(data, v, 1e-7, c, False)
    with pytest.raises(ValueError, match="not found"):
        cd.IndexFromValue(data, 0.35)
    assert [cd.PlotLineCode(i) for i in range(30)] == [ex.PlotLineCode(i) for i in range(30)]
    assert {m.name: m.value for m in cd.ExpectedType} == \
        {m.name: m.value for m in ex.ExpectedType}
    for x in (1, 1.5, True, np.int64(3), -2.0, "a", [1]):
        for name in ("IsValidBool", "IsValidRealInt", "IsValidInt", "IsValidPRealInt",
                     "IsValidURealInt", "IsReal", "IsInteger", "IsVector", "IsEmptyList"):
            try:
                expected = getattr(ex, name)(x)
            except TypeError:
                continue
            assert getattr(cd, name)(x) == expected, (name, x)
    with pytest.raises(ValueError, match="in argument mass: expected type=PReal"):
        cd.RaiseTypeError("f", "mass", -1, cd.ExpectedType.PReal)


def test_sparse_dict_round_trip():
    from scipy.sparse import csr_matrix
    from coordyn import advancedUtilities as au
    m = csr_matrix(np.array([[1.0, 0, 2], [0, 0, 3]]))
    assert (au.ConvertDictToScipySparse(au.ConvertScipySparseToDict(m)) != m).nnz == 0


def test_physics_matches_exudyn():
    ex = pytest.importorskip("exudyn.physics")
    from coordyn import physics as cd
    for v in (-0.5, -2e-3, -5e-4, 0.0, 3e-4, 1e-3, 0.02, 1.0):
        assert cd.StribeckFunction(v, 0.3, 0.2, 0.05) == pytest.approx(
            ex.StribeckFunction(v, 0.3, 0.2, 0.05), rel=1e-14, abs=1e-15)
        assert cd.RegularizedFriction(v, 0.3, 0.2, 1e-3, 5e-3, 0.1) == pytest.approx(
            ex.RegularizedFriction(v, 0.3, 0.2, 1e-3, 5e-3, 0.1), rel=1e-14, abs=1e-15)
    s = np.array([[100.0, -20, 5, 3, -7, 11], [1, 2, 3, 0, 0, 0]])
    np.testing.assert_allclose(cd.VonMisesStress(s), ex.VonMisesStress(s), rtol=1e-14)
    assert cd.VonMisesStress(s[0]) == pytest.approx(ex.VonMisesStress(s[0]), rel=1e-14)
    # physics: uniaxial stress gives the stress itself, pure shear tau gives sqrt(3) tau
    assert cd.VonMisesStress([5.0, 0, 0, 0, 0, 0]) == pytest.approx(5.0)
    assert cd.VonMisesStress([0, 0, 0, 0, 0, 2.0]) == pytest.approx(2 * math.sqrt(3))
    # friction: continuous at the switching velocities, static peak at velStatic
    assert cd.RegularizedFriction(1e-3, 0.3, 0.2, 1e-3, 5e-3) == pytest.approx(0.5)
    assert cd.RegularizedFriction(5e-3, 0.3, 0.2, 1e-3, 5e-3) == pytest.approx(0.3)


def test_signal_processing_matches_exudyn():
    ex = pytest.importorskip("exudyn.signalProcessing")
    from coordyn import signalProcessing as cd
    t = np.linspace(0, 1, 201)
    sig = np.column_stack([t, np.sin(7 * t) + 0.01 * np.cos(90 * t), t ** 3])
    for kwargs in ({}, {"derivative": 1}, {"filterWindow": 0, "derivative": 1},
                   {"filterWindow": 0, "derivative": 2}, {"filterWindow": 9, "polyOrder": 2}):
        np.testing.assert_allclose(cd.FilterSensorOutput(sig, **kwargs),
                                   ex.FilterSensorOutput(sig, **kwargs), rtol=1e-13,
                                   atol=1e-12, err_msg=str(kwargs))
        np.testing.assert_allclose(cd.FilterSignal(sig[:, 1], 0.005, **kwargs),
                                   ex.FilterSignal(sig[:, 1], 0.005, **kwargs), rtol=1e-13,
                                   atol=1e-12, err_msg=str(kwargs))
    for a, b in zip(cd.ComputeFFT(t, sig[:, 1]), ex.ComputeFFT(t, sig[:, 1])):
        np.testing.assert_allclose(a, b, rtol=1e-13, atol=1e-13)
    for time in (0.0, 0.1234, 0.5, 0.999, 1.0):
        assert cd.GetInterpolatedSignalValue(time, sig, dataArrayIndex=2, timeArrayIndex=0,
                                             rangeWarning=False) == pytest.approx(
            ex.GetInterpolatedSignalValue(time, sig, dataArrayIndex=2, timeArrayIndex=0,
                                          rangeWarning=False), rel=1e-14)
    # physics: the FFT of a 10 Hz sine of amplitude 2 peaks at 10 Hz with magnitude 2
    tt = np.arange(1000) / 1000.0
    f, mag, _ = cd.ComputeFFT(tt, 2 * np.sin(2 * np.pi * 10 * tt))
    assert f[np.argmax(mag)] == pytest.approx(10.0) and mag.max() == pytest.approx(2.0)
    with pytest.raises(ValueError, match="filterWindow must be an odd"):
        cd.FilterSignal(sig[:, 1], 0.005, filterWindow=4)


def test_solver_module_and_settings_store():
    from coordyn import solver
    assert solver.SolveDynamic is coordyn.SolveDynamic
    s = coordyn.SimulationSettings()
    s.solutionSettings.writeSolutionToFile = True
    store = solver.DeactivateWritingOfSolvers(s)
    assert s.solutionSettings.writeSolutionToFile is False
    solver.RestoreSimulationSettings(s, store)
    assert s.solutionSettings.writeSolutionToFile is True
    with pytest.raises(NotImplementedFeatureError, match="expected a solver object "
                                                         r"\(coordyn.MainSolverImplicit"):
        solver.SolverSuccess(object())
    assert solver.SolverSuccess(coordyn.MainSolverStatic()) == [False, ""]
