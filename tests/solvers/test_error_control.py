"""Local error estimates: the blow-up guard with fixed steps and error-controlled steps.

Reference values: the slider-crank of examples/error_control.py converged (h = 1e-5, coordyn
and Exudyn 1.13.6 agree to 1e-5 m); the pendulum of examples/pendulum.py against
docs/references.rst; closed forms for the oscillator and the first-order decay."""
import os
import re
import sys

import numpy as np
import pytest

import coordyn as cd
from conftest import new_system

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples"))
import error_control as sc  # noqa: E402
import pendulum  # noqa: E402

OV = cd.OutputVariableType


# ---------------------------------------------------------------- the blow-up guard

def test_fixed_step_blow_up_stops_with_time_estimate_and_advice():
    r = sc.solve(1e-3)
    msg = str(r["error"])
    assert r["error"] is not None, "h = 1e-3 blows up near t = 1.8 s and must not pass"
    assert "blows up at t = 1.8" in msg and "times the tolerances" in msg, msg
    assert "numberOfSteps" in msg and "errorControl.active" in msg, msg
    # the sensors stop at the last accepted step, a few steps into the blow-up (without the
    # guard the crank reaches ~5e8 rad/s)
    assert 1.7 < r["t_end"] < 1.9
    assert r["w_max"] < 1.5 * sc.W_MAX_CONVERGED


def test_without_the_guard_the_blow_up_is_what_it_prevents():
    r = sc.solve(1e-3, **{"timeIntegration.errorControl.blowUpTolerance": 0})
    assert r["error"] is None and r["w_max"] > 1e4   # the silently wrong answer of before


def test_blow_up_warning_instead_of_error():
    with pytest.warns(UserWarning, match="blows up at t = 1.8"):
        r = sc.solve(1e-3, **{"timeIntegration.errorControl.blowUpWarning": True})
    assert r["error"] is None and r["t_end"] == pytest.approx(2.0)


def test_a_converging_fixed_step_passes_the_guard():
    r = sc.solve(5e-4)
    assert r["error"] is None
    assert abs(r["x"] - sc.X_CONVERGED) < 5e-3
    assert r["stats"]["largestErrorEstimate"] < 0.1 * 1e3   # far from the bound


def test_estimate_is_third_order_in_h_for_a_pendulum():
    """The local error estimate of a smooth motion scales with h^3 (its leading term)."""
    est = []
    for n in (2000, 4000, 8000):
        mbs = new_system()
        pendulum.build(mbs)
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.timeIntegration.numberOfSteps = n
        s.timeIntegration.endTime = 10.0
        mbs.SolveDynamic(s)
        est.append(mbs.GetSolverStatistics()["largestErrorEstimate"])
    ratios = [est[0] / est[1], est[1] / est[2]]
    assert all(6.0 < q < 10.0 for q in ratios), (est, ratios)


# ---------------------------------------------------------------- error control

def pendulum_error(tol, first_steps=10000, **extra):
    mbs = new_system()
    node, sensor, link = pendulum.build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = first_steps
    s.timeIntegration.endTime = 10.0
    s.solutionSettings.sensorsWritePeriod = 1.0
    s.timeIntegration.errorControl.active = True
    s.timeIntegration.errorControl.relativeTolerance = tol
    s.timeIntegration.errorControl.absoluteTolerance = tol
    for k, v in extra.items():
        setattr(s.timeIntegration.errorControl, k, v)
    mbs.SolveDynamic(s)
    d = mbs.GetSensorStoredData(sensor)
    err = max(np.hypot(*(d[int(round(t)), 1:3] - xy)) for t, xy in pendulum.REFERENCE.items())
    return err, mbs.GetSolverStatistics(), d


def test_controlled_pendulum_converges_with_the_tolerance():
    errs, steps = [], []
    for tol in (1e-6, 1e-7, 1e-8):
        e, st, d = pendulum_error(tol)
        errs.append(e)
        steps.append(st["steps"])
        assert st["errorRejectedSteps"] < 0.05 * st["steps"], st
    # global error ~ tol^(2/3) for a second-order method controlled per step
    assert errs[0] > 2.5 * errs[1] > 2.5 * 2.5 * errs[2], errs
    assert errs[2] < 3e-4 and steps[0] < steps[1] < steps[2], (errs, steps)


def test_controlled_steps_land_on_the_output_times():
    e, st, d = pendulum_error(1e-6)
    assert np.array_equal(d[:, 0], np.arange(11.0)), d[:, 0]   # t0 + k P exactly
    assert st["minimumStepUsed"] < st["maximumStepUsed"] <= 1.0


def test_maximum_step_size_is_respected():
    e, st, d = pendulum_error(1e-4, first_steps=100, maximumStepSize=0.01)
    assert st["maximumStepUsed"] <= 0.01 * (1 + 1e-12)
    assert st["steps"] >= 1000


def test_controlled_slider_crank_against_the_converged_answer():
    """the crank angle at t = 2 s (107.19 rad) converges with the tolerance: 0.83 rad at
    1e-4, 0.081 at 1e-5 (local errors accumulate over ~5000 steps)"""
    errs = []
    for tol in (1e-4, 1e-5):
        r = sc.solve(1e-3, tolerance=tol)
        assert r["error"] is None, r["error"]
        errs.append(abs(r["phi"] - sc.PHI_CONVERGED))
        assert abs(r["w_max"] - sc.W_MAX_CONVERGED) < 0.03 * sc.W_MAX_CONVERGED
    assert errs[0] < 1.5 and errs[1] < 0.2 * errs[0], errs


def test_step_below_minimum_is_an_error_naming_the_estimate():
    r = sc.solve(1e-3, tolerance=1e-8, **{"timeIntegration.minimumStepSize": 5e-4})
    assert isinstance(r["error"], cd.SolverError)
    assert re.search(r"error control: the step size fell below timeIntegration.minimumStepSize "
                     r"\(0.0005\) at t = .* is [0-9.e+]+ times the tolerances", str(r["error"]))


def oscillator(**settings):
    """undamped mass-spring m = 1, k = 100 (omega = 10) from x = 0.1 at rest, 3 s"""
    mbs = new_system()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0],
                                 initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(cd.MassPoint(mass=1.0, nodeNumber=n))
    g = mbs.AddObject(cd.ObjectGround())
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g)),
        mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))], stiffness=[100, 100, 100]))
    sx = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = 3.0
    s.timeIntegration.numberOfSteps = 300
    s.solutionSettings.sensorsWritePeriod = 0.1
    s.timeIntegration.errorControl.active = True
    for path, v in settings.items():
        node, leaf = s, path.split(".")
        for name in leaf[:-1]:
            node = getattr(node, name)
        setattr(node, leaf[-1], v)
    mbs.SolveDynamic(s)
    d = mbs.GetSensorStoredData(sx)
    return np.max(np.abs(d[:, 1] - 0.1 * np.cos(10 * d[:, 0]))), mbs.GetSolverStatistics()


@pytest.mark.parametrize("solver", ["GeneralizedAlpha", "Newmark", "TrapezoidalIndex2"])
def test_oscillator_closed_form_every_implicit_solver(solver):
    extra = {}
    if solver != "GeneralizedAlpha":
        extra["timeIntegration.generalizedAlpha.useNewmark"] = True
    if solver == "TrapezoidalIndex2":
        extra["timeIntegration.generalizedAlpha.useIndex2Constraints"] = True
    loose, st_loose = oscillator(**{"timeIntegration.errorControl.relativeTolerance": 1e-4,
                                    "timeIntegration.errorControl.absoluteTolerance": 1e-6},
                                 **extra)
    tight, st_tight = oscillator(**{"timeIntegration.errorControl.relativeTolerance": 1e-7,
                                    "timeIntegration.errorControl.absoluteTolerance": 1e-9},
                                 **extra)
    assert tight < 2e-4 and tight < 0.1 * loose, (loose, tight)
    assert st_tight["steps"] > 3 * st_loose["steps"]


def test_lie_group_rotation_with_error_control():
    """a free body spinning about a principal axis with a small wobble: the angular momentum
    in the inertial frame is constant; error control keeps it to the tolerance's level"""
    def solve(tol):
        mbs = new_system()
        n = mbs.AddNode(cd.NodeRigidBodyRotVecLG(initialVelocities=[0, 0, 0, 0.3, 0, 20]))
        mbs.AddObject(cd.RigidBody(mass=1, inertia=[1, 2, 3, 0, 0, 0], nodeNumber=n))
        sw = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.AngularVelocity))
        sr = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.RotationMatrix))
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.timeIntegration.endTime = 1.0
        s.timeIntegration.numberOfSteps = 100
        s.solutionSettings.sensorsWritePeriod = 0.05
        s.timeIntegration.errorControl.active = True
        s.timeIntegration.errorControl.relativeTolerance = tol
        s.timeIntegration.errorControl.absoluteTolerance = tol
        mbs.SolveDynamic(s)
        w = mbs.GetSensorStoredData(sw)[:, 1:4]
        R = mbs.GetSensorStoredData(sr)[:, 1:10].reshape(-1, 3, 3)
        J = np.diag([1.0, 2.0, 3.0])
        L = np.array([Ri @ J @ Ri.T @ wi for Ri, wi in zip(R, w)])   # w in the global frame
        return np.max(np.linalg.norm(L - L[0], axis=1)), mbs.GetSolverStatistics()
    loose, st1 = solve(1e-4)
    tight, st2 = solve(1e-7)
    assert tight < 0.05 * loose and tight < 1e-3 * 60, (loose, tight)
    assert st2["steps"] > st1["steps"]


def test_ode1_decay_with_error_control():
    """y' = -5 y (ObjectODE1 via a generic ODE1 matrix) against exp(-5 t)"""
    mbs = new_system()
    n = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0], initialCoordinates=[1.0],
                                       numberOfODE1Coordinates=1))
    mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[n], systemMatrix=[[-5.0]]))
    sy = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Coordinates))
    mbs.Assemble()
    errs = []
    for tol in (1e-4, 1e-7):
        s = cd.SimulationSettings()
        s.timeIntegration.endTime = 1.0
        s.timeIntegration.numberOfSteps = 10
        s.solutionSettings.sensorsWritePeriod = 0.1
        s.timeIntegration.errorControl.active = True
        s.timeIntegration.errorControl.relativeTolerance = tol
        s.timeIntegration.errorControl.absoluteTolerance = tol
        mbs.SolveDynamic(s)
        d = mbs.GetSensorStoredData(sy)
        errs.append(np.max(np.abs(d[:, 1] - np.exp(-5 * d[:, 0]))))
    assert errs[1] < 0.05 * errs[0] and errs[1] < 1e-4, errs


# ---------------------------------------------------------------- inputs

def test_error_control_needs_a_sensor_period_with_sensors():
    mbs = new_system()
    pendulum.build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.errorControl.active = True
    s.solutionSettings.sensorsWritePeriod = 0
    with pytest.raises(ValueError, match="errorControl.active needs "
                       "solutionSettings.sensorsWritePeriod > 0"):
        mbs.SolveDynamic(s)


@pytest.mark.parametrize("name, value", [("relativeTolerance", 0.0),
                                         ("absoluteTolerance", -1.0),
                                         ("maximumStepSize", -0.1),
                                         ("blowUpTolerance", float("nan"))])
def test_bad_error_control_settings_are_named(name, value):
    mbs = new_system()
    pendulum.build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    setattr(s.timeIntegration.errorControl, name, value)
    with pytest.raises(ValueError, match=rf"timeIntegration.errorControl.{name} must be"):
        mbs.SolveDynamic(s)


def test_statistics_of_a_controlled_solve_without_an_accepted_step_are_finite():
    """error control that fails on its first step: minimumStepUsed and maximumStepUsed are 0,
    not inf (found by the fuzzer)"""
    r = sc.solve(1e-3, tolerance=1e-12, **{"timeIntegration.minimumStepSize": 5e-4})
    st = r["stats"]
    assert isinstance(r["error"], cd.SolverError) and st["steps"] == 0
    assert st["minimumStepUsed"] == 0 and st["maximumStepUsed"] == 0


def test_stiff_cable_passes_the_guard_and_a_blow_up_does_not():
    """an ANCF cantilever of 100 elements under gravity at h = 1e-3 (axial modes far above 1/h,
    damped by generalized-alpha) keeps plain estimates of ~2600 times the tolerances without
    growing: not a blow-up, the solve finishes; the slider-crank's blow-up still stops"""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "benchmarks"))
    import bench_ancf
    lib = bench_ancf.coordyn_lib()
    SC, mbs, last = bench_ancf.build(lib, 100)
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 300, 0.3
    mbs.SolveDynamic(s)
    st = mbs.GetSolverStatistics()
    assert st["steps"] == 300 and st["largestErrorEstimate"] > 1e3   # above the bound, passed
    assert np.all(np.isfinite(mbs.GetNodeOutput(last, OV.Position)))
    assert sc.solve(1e-3)["error"] is not None
