"""ObjectConnectorCoordinateSpringDamperExt: factors, offsets, the regularized Stribeck
friction and limit stops, each on the same model in coordyn and Exudyn 1.13.6, against closed
forms (uniform deceleration by dry friction, the free flight to a stop), the analytic Jacobian
against numerical differentiation, and the error messages of the inputs coordyn refuses."""
import types
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import check_jacobian, new_system


def exudyn_lib():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    ns = types.SimpleNamespace(**{k: getattr(ii, k) for k in dir(ii) if not k.startswith("_")})
    for k in ("SystemContainer", "SimulationSettings", "OutputVariableType"):
        setattr(ns, k, getattr(exu, k))
    return ns


def slider(lib, ext, x0=0.1, v0=0.5, m=2.0, t_end=1.0, steps=1000, data=False, solve=True):
    """a mass m on a Node1D (x0, v0), the connector from a ground coordinate to it (marker 1:
    the mass, factor1) and, with data, its NodeGenericData; returns outputs at t_end"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ng = mbs.AddNode(lib.NodePointGround())
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    n = mbs.AddNode(lib.Node1D(referenceCoordinates=[0.0], initialCoordinates=[x0],
                               initialVelocities=[v0]))
    mbs.AddObject(lib.ObjectMass1D(nodeNumber=n, physicsMass=m))
    mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    kw = dict(ext)
    if data:
        kw["nodeNumber"] = mbs.AddNode(lib.NodeGenericData(initialCoordinates=[0, 0, 0],
                                                           numberOfDataCoordinates=3))
    o = mbs.AddObject(lib.ObjectConnectorCoordinateSpringDamperExt(markerNumbers=[mg, mc], **kw))
    mbs.Assemble()
    if not solve:
        return mbs, o, n
    s = lib.SimulationSettings()
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.verboseMode = 0
    s.solutionSettings.writeSolutionToFile = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        mbs.SolveDynamic(s)
    ov = lib.OutputVariableType
    return {"q": float(np.atleast_1d(mbs.GetNodeOutput(n, ov.Coordinates))[0]),
            "v": float(np.atleast_1d(mbs.GetNodeOutput(n, ov.Coordinates_t))[0]),
            "F": float(np.atleast_1d(mbs.GetObjectOutput(o, ov.Force))[0]),
            "x": float(np.atleast_1d(mbs.GetObjectOutput(o, ov.Displacement))[0])}


LINEAR = dict(stiffness=40.0, damping=0.8, offset=0.05, velocityOffset=0.2, factor1=1.5)
FRICTION = dict(stiffness=5.0, dynamicFrictionForce=1.0, staticFrictionOffsetForce=0.4,
                exponentialDecayStatic=0.05, viscousFrictionFactor=0.3,
                frictionProportionalZone=1e-3)
STOPS = dict(stiffness=2.0, useLimitStops=True, limitStopsUpper=0.3, limitStopsLower=-0.2,
             limitStopsStiffness=1e4, limitStopsDamping=20.0)


@pytest.mark.parametrize("case", ["linear", "friction", "stops"])
def test_same_as_exudyn(case):
    """each model on Exudyn 1.13.6 and coordyn, 1000 steps over 1 s: equal to 1e-9 (forces
    to 1e-9 N absolute: with friction the mass comes to rest and the net force F, a
    difference of O(1) forces, is 6e-6 N)"""
    ext = {"linear": LINEAR, "friction": FRICTION, "stops": STOPS}[case]
    data = case == "stops"
    v0 = 1.5 if case == "stops" else 0.5
    ref = slider(exudyn_lib(), ext, v0=v0, data=data)
    res = slider(cd, ext, v0=v0, data=data)
    for k in ref:
        assert res[k] == pytest.approx(ref[k], rel=1e-9, abs=1e-9 if k == "F" else 1e-12), \
            (k, res[k], ref[k])
    if case == "stops":   # it really hit a stop: the spring alone would pass 0.3 at 1.5 m/s
        assert max(res["x"], ref["x"]) < 0.31


def test_force_law_at_start():
    """F = k (x - offset) + d (x_t - velocityOffset) with x = factor1 q1 - factor0 q0"""
    mbs, o, n = slider(cd, LINEAR, solve=False)
    F = mbs.GetObjectOutput(o, cd.OutputVariableType.Force)
    assert float(np.atleast_1d(F)[0]) == pytest.approx(40 * (1.5 * 0.1 - 0.05) +
                                                       0.8 * (1.5 * 0.5 - 0.2), rel=1e-14)


def test_dry_friction_decelerates_uniformly():
    """only dynamic friction F_d (no static part, no spring): x_t falls as v0 - F_d t / m until
    the regularization zone; generalized-alpha integrates the constant force exactly"""
    ext = dict(dynamicFrictionForce=1.0, frictionProportionalZone=1e-4)
    res = slider(cd, ext, x0=0.0, v0=0.5, m=2.0, t_end=0.8, steps=400)
    assert res["v"] == pytest.approx(0.5 - 1.0 * 0.8 / 2.0, rel=1e-10)
    assert res["q"] == pytest.approx(0.5 * 0.8 - 0.25 * 0.8 ** 2, rel=1e-10)


def test_limit_stop_contact_starts_at_the_stop():
    """free flight x = x0 + v0 t reaches the upper stop at t = (0.3 - 0.1) / 1.5; right after,
    the stop's force pushes back: the stop state (data 2) is x - upper > 0"""
    ext = dict(useLimitStops=True, limitStopsUpper=0.3, limitStopsLower=-0.2,
               limitStopsStiffness=1e4)
    t_hit = 0.2 / 1.5
    before = slider(cd, ext, v0=1.5, data=True, t_end=0.9 * t_hit, steps=100)
    assert before["q"] == pytest.approx(0.1 + 1.5 * 0.9 * t_hit, rel=1e-12)
    assert before["F"] == 0.0
    after = slider(cd, ext, v0=1.5, data=True, t_end=1.2 * t_hit, steps=120)
    assert after["F"] > 0 and after["q"] > 0.3


@pytest.mark.parametrize("state", ["linear", "friction", "contact"])
def test_jacobian(state):
    ext = {"linear": LINEAR, "friction": dict(FRICTION, frictionProportionalZone=0.1),
           "contact": STOPS}[state]
    mbs, o, n = slider(cd, ext, x0=0.35 if state == "contact" else 0.1,
                       v0=0.05 if state == "friction" else 0.5, data=state == "contact",
                       solve=False)
    if state == "contact":   # a step so that the stop state is set
        s = cd.SimulationSettings()
        s.timeIntegration.endTime = 1e-3
        s.timeIntegration.numberOfSteps = 1
        mbs.SolveDynamic(s, updateInitialValues=True)
    a, _ = check_jacobian(mbs, o)
    assert np.linalg.norm(a["K"]) > 1.0


def test_bad_input_messages():
    T = "ObjectConnectorCoordinateSpringDamperExt"
    cases = [
        (dict(dynamicFrictionForce=1.0), "frictionProportionalZone.*stick-slip"),
        (dict(useLimitStops=True, limitStopsUpper=1, limitStopsLower=0),
         "useLimitStops needs parameter 'nodeNumber'"),
        (dict(useLimitStops=True, limitStopsUpper=0, limitStopsLower=1, nodeNumber=0),
         "'limitStopsLower'.*above"),
        (dict(springForceUserFunction=lambda *a: 0.0), "'springForceUserFunction'.*not "
         "supported.*ObjectConnectorCoordinateSpringDamper"),
        (dict(nodeNumber=0), "'nodeNumber' refers to node 0.*NodeGenericData with 3"),
    ]
    for kw, msg in cases:
        mbs = new_system()
        ng = mbs.AddNode(cd.NodePointGround())
        mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
        with pytest.raises(Exception, match=T + ".*" + msg):
            mbs.AddObject(cd.ObjectConnectorCoordinateSpringDamperExt(markerNumbers=[mg, mg],
                                                                     **kw))
            mbs.Assemble()
