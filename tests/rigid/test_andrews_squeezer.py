"""Andrews' squeezer (examples/andrews_squeezer.py) against the Test Set for IVP solvers
(Mazzia & Magherini, problem "andrews", andrews.f; Hairer & Wanner II, sec. VII.7).

The example builds the mechanism from planar rigid bodies, revolute joints, a spring and a torque;
coordyn assembles 21 coordinates and 20 constraints where the Test Set has 7 angles and 6
constraints. The checks, with the reason for each tolerance:

- at t = 0 the consistent initial accelerations (generalized-alpha's start) equal the Test Set's
  y(15..21) (beta_tt = 14222.44, theta_tt = -10666.83, the others 0) to 1e-12 relative: a
  linear solve at the given configuration, so round-off only; it checks the masses, inertias,
  centres of mass, levers, spring and torque all at once;
- at t = 0.03 with the fixed step h = 1e-5 (3000 steps) the seven angles match the reference to
  a max relative error below 1e-4 (the accuracy asked for; measured 1.93e-5, from gamma, whose
  reference value 0.0408 is the smallest; h = 2e-5 gives 7.7e-5, h = 5e-5 4.7e-4). This is the
  global error C h^2 of a second-order method, not a tolerance of the model:
- halving h divides the error by 4 (measured 4.00), and Richardson extrapolation of the h = 1e-5
  and 5e-6 results, q + (q - q_coarse) / 3, removes the h^2 term and agrees with the reference
  to 5e-8 (measured 4.3e-9; Newton's tolerance, 1e-8 relative, bounds what is left). A model
  error (a wrong inertia, lever or centre of mass) would leave an h-independent floor far above
  that;
- the trapezoidal rule with index-2 constraints (TrapezoidalIndex2) converges to the same
  reference at second order (error 1.7e-5 at h = 5e-6, a constant 3.5 times generalized-alpha's).
"""
import runpy

import numpy as np
import pytest

import coordyn as cd
from conftest import REPO

A = runpy.run_path(str(REPO / "examples" / "andrews_squeezer.py"), run_name="andrews_squeezer")
OV = cd.OutputVariableType


@pytest.fixture(scope="module")
def runs():
    return {h: A["solve"](h) for h in (1e-5, 5e-6)}


def test_reference_data_are_the_test_set_values():
    """Spot checks of the copied numbers (andrews.f: andcom, init, solut)."""
    assert A["c0"] == 4530.0 and A["l0"] == 0.07785 and A["mom"] == 0.033
    assert (A["xa"], A["ya"], A["xb"], A["yb"], A["xc"], A["yc"]) == (
        -0.06934, -0.00227, -0.03635, 0.03273, 0.014, 0.072)
    assert A["Q_REF"][0] == 15.81077119629904 and A["Q_REF"][1] == -15.75637105984298
    # the reference has the symmetry of the two arms A-G-E and A-H-E: Omega = -phi
    assert A["Q_REF"][5] == -A["Q_REF"][3] and A["Q0"][5] == -A["Q0"][3]


def test_initial_configuration_is_assembled():
    """The joints hold at t = 0 (the initial angles are consistent) and the angles read back
    from the nodes are the Test Set's initial angles."""
    mbs = cd.SystemContainer().AddSystem()
    model = A["build"](mbs)
    mbs.Assemble()
    assert len(mbs.systemData.GetODE2Coordinates()) == 21      # 7 bodies x [x, y, phi]
    assert len(mbs.systemData.GetAECoordinates()) == 20        # 10 joints x 2
    for j in model["joints"]:
        assert np.max(np.abs(mbs.GetObjectOutput(j, OV.ConstraintEquation))) < 1e-15
    np.testing.assert_allclose(A["read_angles"](mbs, model), A["Q0"], rtol=0, atol=1e-15)


def test_initial_accelerations_equal_the_test_set():
    """Consistent initial accelerations, recorded by the sensors at t = 0, against y(15..21)."""
    mbs = cd.SystemContainer().AddSystem()
    model = A["build"](mbs)
    acc = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.AngularAcceleration))
           for n in model["nodes"]]
    mbs.Assemble()
    s = A["simulation_settings"](1e-5, end_time=1e-5)
    s.solutionSettings.sensorsWritePeriod = 1e-5
    mbs.SolveDynamic(s)
    rows = [np.asarray(mbs.GetSensorStoredData(a))[0] for a in acc]
    assert all(r[0] == 0 for r in rows)
    qtt = A["angles_from_bodies"]([r[3] for r in rows])
    scale = np.max(np.abs(A["QTT0"]))
    np.testing.assert_allclose(qtt, A["QTT0"], rtol=0, atol=1e-12 * scale)


def test_angles_at_end_time_match_the_reference(runs):
    r = runs[1e-5]
    assert r["steps"] == 3000
    rel = A["relative_errors"](r["angles"])
    assert r["error"] == pytest.approx(np.max(rel))
    assert r["error"] < 1e-4, dict(zip(A["NAMES"], rel))
    assert r["scd"] > 4
    # the crank has turned 2.5 times: the angle is cumulative, not wrapped to (-pi, pi]
    assert 15.8 < r["angles"][0] < 15.82


def test_second_order_and_richardson_extrapolation(runs):
    """error(h) / error(h/2) = 4; the extrapolated angles agree with the reference to 5e-8."""
    q1, q2 = runs[1e-5]["angles"], runs[5e-6]["angles"]
    ratio = runs[1e-5]["error"] / runs[5e-6]["error"]
    assert 3.8 < ratio < 4.2
    q_extrapolated = q2 + (q2 - q1) / 3
    assert A["error_norm"](q_extrapolated) < 5e-8


def test_angular_velocities_converge_to_the_reference(runs):
    """The seven angular velocities y(8..14) at t = 0.03 (not part of the error norm): relative
    error below 1e-3 at h = 5e-6 (measured 7.3e-4, from epsilon_t = 0.32 rad/s, a small
    velocity beside beta_t = 1140 rad/s), and also second order."""
    errors = {}
    for h, r in runs.items():
        mbs, model = r["mbs"], r["model"]
        w = [mbs.GetNodeOutput(n, OV.AngularVelocity)[2] for n in model["nodes"]]
        errors[h] = A["error_norm"](A["angles_from_bodies"](w), A["QT_REF"])
    assert errors[5e-6] < 1e-3
    assert 3.5 < errors[1e-5] / errors[5e-6] < 4.5


def test_sensors_record_the_same_angles(runs):
    """sensor_angles (SensorNode Rotation of the 7 nodes) gives the angles at t = 0 and at the
    end time, equal to the initial values and to read_angles."""
    r = runs[1e-5]
    t, q = A["sensor_angles"](r["mbs"], r["model"])
    assert t[0] == 0 and t[-1] == pytest.approx(A["END_TIME"])
    np.testing.assert_allclose(q[0], A["Q0"], rtol=0, atol=1e-15)
    np.testing.assert_allclose(q[-1], r["angles"], rtol=0, atol=1e-13)


def test_trapezoidal_index2_converges_to_the_reference():
    errors = {h: A["solve"](h, solver_type=cd.DynamicSolverType.TrapezoidalIndex2)["error"]
              for h in (1e-5, 5e-6)}
    assert errors[5e-6] < 5e-5
    assert 3.5 < errors[1e-5] / errors[5e-6] < 4.5


def test_error_norm_and_scd():
    q_ref = A["Q_REF"]
    q = q_ref.copy()
    q[2] *= 1 + 1e-6                     # gamma off by 1e-6 relative
    q[0] += 1e-7 * abs(q_ref[0])         # beta by 1e-7
    assert A["error_norm"](q) == pytest.approx(1e-6, rel=1e-6)
    assert A["scd"](q) == pytest.approx(6, abs=1e-5)
    assert A["error_norm"](q_ref) == 0


def test_work_precision_rows():
    rows = A["work_precision"](steps=(1e-4, 5e-5), repeat=1)
    assert [h for h, _, _ in rows] == [1e-4, 5e-5]
    (_, e1, t1), (_, e2, t2) = rows
    assert e2 < e1 < 1e-2 and t1 > 0 and t2 > 0
