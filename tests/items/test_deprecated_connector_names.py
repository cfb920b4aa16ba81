"""The connector parameter names Exudyn 1.12.258 deprecated and Exudyn 1.13.6 still accepts
(factorValue1, intrinsicFormulation, fDynamicFriction, fStaticFrictionOffset, fViscousFriction,
rollingFrictionViscous, classicalFormulation): the same model through the old and the new name
gives bit-identical motion (and a different one without the parameter, so the old name is not
ignored), Add* warns as Exudyn does, the old name wins when both are given (Exudyn) and
GetObject reports the new name only."""
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import new_system

OV = cd.OutputVariableType
# the motion tests use the old names on purpose; the warnings are tested where recorded
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# (item class name, old name, new name, a value other than the default)
OLD_NAMES = [
    ("ObjectConnectorCoordinate", "factorValue1", "factor1", 2.5),
    ("ObjectConnectorRigidBodySpringDamper", "intrinsicFormulation", "useIntrinsicFormulation",
     True),
    ("ObjectConnectorCoordinateSpringDamperExt", "fDynamicFriction", "dynamicFrictionForce",
     1.5),
    ("ObjectConnectorCoordinateSpringDamperExt", "fStaticFrictionOffset",
     "staticFrictionOffsetForce", 0.5),
    ("ObjectConnectorCoordinateSpringDamperExt", "fViscousFriction", "viscousFrictionFactor",
     0.25),
    ("ObjectConnectorRollingDiscPenalty", "rollingFrictionViscous", "rollingViscousFriction",
     0.3),
    ("ObjectJointSliding2D", "classicalFormulation", "useClassicalFormulation", False),
]


# the markers (and data node) each item is added with in _system_with_markers
_MARKERS = {"ObjectConnectorCoordinate": dict(markerNumbers=[0, 1]),
            "ObjectConnectorCoordinateSpringDamperExt": dict(markerNumbers=[0, 1],
                                                             frictionProportionalZone=1e-3),
            "ObjectConnectorRigidBodySpringDamper": dict(markerNumbers=[2, 3]),
            "ObjectConnectorRollingDiscPenalty": dict(markerNumbers=[2, 3], nodeNumber=0,
                                                      discRadius=0.1)}


def _message(cls, old, new):
    return (f"{cls}: the parameter {old} is deprecated since 1.12.258 and removed in 2031; "
            f"use {new}")


def _system_with_markers():
    """node 0 a data node; markers 0, 1 on the coordinates of a point node, 2, 3 rigid markers
    on the ground and a rigid body"""
    mbs = new_system()
    mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0, 0], numberOfDataCoordinates=3))
    n = mbs.AddNode(cd.NodePoint())
    for i in range(2):
        mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=i))
    ground = mbs.AddObject(cd.ObjectGround())
    body = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000.0, [0.2, 0.3, 0.4]))
    for b in (ground, body):
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    return mbs


def _add_recorded(mbs, item):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        o = mbs.AddObject(item)
    return o, [str(x.message) for x in w if issubclass(x.category, DeprecationWarning)]


@pytest.mark.parametrize("cls, old, new, value", OLD_NAMES)
def test_old_name_sets_the_new_one_and_warns(cls, old, new, value):
    """class and dict: the new parameter holds the value, GetObject shows only the new name,
    one DeprecationWarning with Exudyn's text; the old name wins over the new one"""
    klass = getattr(cd, cls)
    if cls not in _MARKERS:   # ObjectJointSliding2D: the item (the motion: test_joint_sliding2d)
        other = not value
        assert getattr(klass(**{old: value}), new) == value
        assert getattr(klass(**{old: value, new: other}), new) == value
        assert getattr(klass(**{new: other, old: value}), new) == value
        return
    mbs = _system_with_markers()
    base = _MARKERS[cls]
    a, wa = _add_recorded(mbs, klass(**base, **{old: value}))
    b, wb = _add_recorded(mbs, {"objectType": klass._typename, **base, old: value})
    other = not value if isinstance(value, bool) else value + 1.0
    c, wc = _add_recorded(mbs, klass(**base, **{old: value, new: other}))
    d, wd = _add_recorded(mbs, {"objectType": klass._typename, **base, new: other, old: value})
    for o in (a, b, c, d):
        got = mbs.GetObject(o)
        assert got[new] == value and old not in got
    assert wa == wb == wc == wd == [_message(cls, old, new)]
    _, wn = _add_recorded(mbs, klass(**base, **{new: value}))   # the new name does not warn
    assert wn == []
    mbs.SetObjectParameter(a, old, other)   # Exudyn: Set*Parameter takes the old name silently
    assert mbs.GetObjectParameter(a, new) == other


def test_warning_points_at_the_callers_line():
    mbs = _system_with_markers()
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[0, 1], factorValue1=2.0))
    assert len(w) == 1 and w[0].filename == __file__


def test_exudyn_warns_the_same_text():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ei
    for cls, old, new, value in OLD_NAMES:
        mbs = exu.SystemContainer().AddSystem()
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            extra = dict(discRadius=0.1) if "RollingDisc" in cls else {}
            mbs.AddObject(getattr(ei, cls)(markerNumbers=[0, 1], **extra, **{old: value}))
        assert [str(x.message) for x in w] == [_message(cls, old, new)]


# ------------------------------------------------------------- same motion under either name

def _solve(mbs, t_end=0.5, steps=200):
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.verboseMode = 0
    s.solutionSettings.writeSolutionToFile = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        mbs.SolveDynamic(s)
    return mbs.systemData.GetODE2Coordinates()


def _coordinate_constraint(**kw):
    """x1 = factor1 * x2 on two Mass1D, a force on the first: x1 = F t^2 / (2 (m1 + m2 / f^2))"""
    mbs = new_system()
    n = [mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0])) for _ in range(2)]
    for k, m in zip(n, (1.0, 2.0)):
        mbs.AddObject(cd.Mass1D(nodeNumber=k, mass=m))
    mk = [mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=k, coordinate=0)) for k in n]
    mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=mk, **kw))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=mk[0], load=3.0))
    return _solve(mbs)


def _bushing(**kw):
    """a rigid body turned 0.6 rad about z and moved, on a rigid-body spring-damper"""
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000.0, [0.2, 0.3, 0.4]),
                            referencePosition=[0.05, 0.0, 0.02],
                            referenceRotationMatrix=cd.rigid.RotationMatrixZ(0.6),
                            initialAngularVelocity=[0.5, 0.2, 1.0])
    m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b))
    mbs.AddObject(cd.ObjectConnectorRigidBodySpringDamper(
        markerNumbers=[m0, m1], stiffness=np.diag([1e4, 2e4, 3e4, 500.0, 700.0, 900.0]),
        damping=np.diag([10.0] * 6), **kw))
    return _solve(mbs, t_end=0.2)


def _friction_slider(**kw):
    """a mass on a Node1D sliding against Stribeck friction and viscous friction"""
    if "fDynamicFriction" not in kw:
        kw.setdefault("dynamicFrictionForce", 0.5)
    mbs = new_system()
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0], initialVelocities=[1.0]))
    mbs.AddObject(cd.Mass1D(nodeNumber=n, mass=2.0))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    data = mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0, 0],
                                          numberOfDataCoordinates=3))
    mbs.AddObject(cd.ObjectConnectorCoordinateSpringDamperExt(
        markerNumbers=[mg, mc], nodeNumber=data, stiffness=5.0, exponentialDecayStatic=0.5,
        frictionProportionalZone=1e-3, **kw))
    return _solve(mbs)


MOTIONS = [
    (_coordinate_constraint, "factorValue1", "factor1", 2.0),
    (_bushing, "intrinsicFormulation", "useIntrinsicFormulation", True),
    (_friction_slider, "fDynamicFriction", "dynamicFrictionForce", 1.0),
    (_friction_slider, "fStaticFrictionOffset", "staticFrictionOffsetForce", 0.4),
    (_friction_slider, "fViscousFriction", "viscousFrictionFactor", 0.3),
]


@pytest.mark.parametrize("model, old, new, value", MOTIONS)
def test_old_and_new_name_give_the_same_motion(model, old, new, value):
    by_new = model(**{new: value})
    by_old = model(**{old: value})
    assert np.array_equal(by_new, by_old)
    assert not np.allclose(by_new, model(), rtol=1e-6, atol=1e-9)


def test_factor_value1_against_the_closed_form():
    """x2 = x1 / f (the constraint x1 = f x2): x1 = F t^2 / (2 (m1 + m2 / f^2)) at t = 0.5"""
    q = _coordinate_constraint(factorValue1=2.0)
    x1 = 3.0 * 0.25 / (2 * (1.0 + 2.0 / 4.0))
    assert q[0] == pytest.approx(x1, rel=1e-10) and q[1] == pytest.approx(x1 / 2.0, rel=1e-10)


def test_old_name_none_is_refused_with_the_items_name():
    """None stays no value in coordyn (docs: differences_from_exudyn)"""
    with pytest.raises(TypeError, match="ObjectConnectorRigidBodySpringDamper: parameter "
                                        "'intrinsicFormulation'"):
        cd.ObjectConnectorRigidBodySpringDamper(intrinsicFormulation=None)
