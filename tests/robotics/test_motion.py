"""coordyn.robotics.motion: trajectories against the closed form of their profiles and against
Exudyn 1.13.6 at sample times."""
import numpy as np
import pytest

from coordyn.robotics.motion import (Trajectory, ProfileConstantAcceleration, ProfilePTP,
                                     ProfileLinearAccelerationsList)


def test_constant_acceleration_closed_form():
    """s(t) = s0 + 2 d (t/T)² for t <= T/2, s1 − 2 d ((T−t)/T)² after; v, a their derivatives."""
    s0, s1, t0, T = np.array([1., -2.]), np.array([3., 0.5]), 0.5, 2.0
    d = s1 - s0
    traj = Trajectory(initialCoordinates=s0, initialTime=t0)
    traj.Add(ProfileConstantAcceleration(s1, T))
    for t in np.linspace(t0 - 0.3, t0 + T + 0.3, 37):
        s, v, a = traj.Evaluate(t)
        tau = t - t0
        if tau <= 0:
            ref = (s0, 0 * d, 0 * d)
        elif tau < T / 2:
            ref = (s0 + 2 * d * (tau / T) ** 2, 4 * d * tau / T ** 2, 4 * d / T ** 2)
        elif tau <= T:
            ref = (s1 - 2 * d * ((T - tau) / T) ** 2, 4 * d * (T - tau) / T ** 2,
                   -4 * d / T ** 2)
        else:
            ref = (s1, 0 * d, 0 * d)
        for x, y in zip((s, v, a), ref):
            assert np.allclose(x, y, rtol=1e-14, atol=1e-14), t
        for i in range(2):
            assert np.allclose(traj.EvaluateCoordinate(t, i), [r[i] for r in ref], atol=1e-14)
    assert traj.GetTimes() == [t0, t0 + T] and len(traj) == 1
    assert np.allclose(traj.GetFinalCoordinates(), s1)


def test_ptp_trapezoidal_closed_form():
    """One coordinate, distance D, a_max, v_max < sqrt(a_max D): T = D/v + v/a; the other
    coordinate is synchronized to the same T."""
    D, amax, vmax = 2.0, 4.0, 1.0
    traj = Trajectory(initialCoordinates=[0., 0.], initialTime=0.)
    traj.Add(ProfilePTP([D, 0.5], syncAccTimes=False, maxVelocities=[vmax, vmax],
                        maxAccelerations=[amax, amax]))
    T = D / vmax + vmax / amax
    assert traj.GetTimes()[-1] == pytest.approx(T, rel=1e-14)
    ta = vmax / amax
    for t in (0.1, ta, 1.0, T - 0.1, T):
        s, v, a = traj.EvaluateCoordinate(t, 0)
        if t < ta:
            ref = (0.5 * amax * t * t, amax * t, amax)
        elif t < T - ta:
            ref = (vmax * (t - ta) + 0.5 * amax * ta * ta, vmax, 0.)
        else:
            ref = (D - 0.5 * amax * (T - t) ** 2, amax * (T - t), -amax)
        assert np.allclose([s, v, a], ref, rtol=1e-13, atol=1e-13), t
    # the second coordinate arrives at the same time, at rest
    s, v, a = traj.Evaluate(T)
    assert np.allclose(s, [D, 0.5], atol=1e-13) and np.allclose(v, 0, atol=1e-13)
    # velocities integrate to positions (trapezoidal rule on a fine grid)
    ts = np.linspace(0, T, 20001)
    vs = np.array([traj.Evaluate(t)[1] for t in ts])
    assert np.allclose(np.trapezoid(vs, ts, axis=0), [D, 0.5], atol=1e-6)


def test_linear_accelerations_closed_form():
    """a(t) rising linearly from 0 to A in T: s = A t³/(6T), v = A t²/(2T)."""
    A, T = np.array([3., -1.]), 0.8
    traj = Trajectory(initialCoordinates=[1., 2.], initialTime=0.2)
    traj.Add(ProfileLinearAccelerationsList([(0., [0., 0.]), (T, list(A))]))
    for t in (0.2, 0.3, 0.6, 1.0):
        tau = t - 0.2
        s, v, a = traj.Evaluate(t)
        assert np.allclose(s, [1., 2.] + A * tau ** 3 / (6 * T), atol=1e-14)
        assert np.allclose(v, A * tau ** 2 / (2 * T), atol=1e-14)
        assert np.allclose(a, A * tau / T, atol=1e-14)


def exudyn_motion():
    exu = pytest.importorskip("exudyn")
    if "coordyn" in exu.__file__:
        pytest.skip("exudyn is switched to coordyn in this process")
    import exudyn.robotics.motion as xmo
    return xmo


def build(mod, gv=(), ga=()):
    traj = mod.Trajectory(initialCoordinates=[0., 1., -0.5], initialTime=0.3,
                          maxVelocities=list(gv), maxAccelerations=list(ga))
    traj.Add(mod.ProfileConstantAcceleration([1., 1.5, 0.5], 1.2))
    traj.Add(mod.ProfilePTP([-0.5, 1.5, 2.], syncAccTimes=False, maxVelocities=[2, 2, 2],
                            maxAccelerations=[5, 4, 6]))
    traj.Add(mod.ProfileLinearAccelerationsList([(0, [0., 1., 2.]), (0.5, [1., -1., 0.]),
                                                 (1.0, [0., 0., -1.])]))
    traj.Add(mod.ProfilePTP([0., 0., 0.], syncAccTimes=False, maxVelocities=[0.5, 1, 1],
                            maxAccelerations=[1, 1, 1]))
    return traj


def test_trajectory_against_exudyn():
    xmo = exudyn_motion()
    import coordyn.robotics.motion as cmo
    tx, tc = build(xmo), build(cmo)
    assert np.allclose(tx.GetTimes(), tc.GetTimes(), rtol=1e-15, atol=0)
    ts = np.linspace(0., tc.GetTimes()[-1] + 0.5, 401)
    for t in ts:
        for x, c in zip(tx.Evaluate(t), tc.Evaluate(t)):
            assert np.abs(np.asarray(x, dtype=float) - c).max() < 1e-12, t
        for i in range(3):
            assert np.abs(np.subtract(tx.EvaluateCoordinate(t, i),
                                      tc.EvaluateCoordinate(t, i))).max() < 1e-12, t
    # global limits of the Trajectory take part in ProfilePTP
    tx = xmo.Trajectory([0., 0.], 0., maxVelocities=[1, 2], maxAccelerations=[3, 1])
    tc = cmo.Trajectory([0., 0.], 0., maxVelocities=[1, 2], maxAccelerations=[3, 1])
    for traj, mod in ((tx, xmo), (tc, cmo)):
        traj.Add(mod.ProfilePTP([2., 1.], syncAccTimes=False))
    for t in np.linspace(0, 3, 31):
        for x, c in zip(tx.Evaluate(t), tc.Evaluate(t)):
            assert np.abs(np.asarray(x) - c).max() < 1e-13


def test_trajectory_bad_input_messages():
    with pytest.raises(ValueError, match="Trajectory: maxVelocities must be > 0"):
        Trajectory([0.], maxVelocities=[0.])
    with pytest.raises(ValueError, match="Trajectory: maxAccelerations must be > 0"):
        Trajectory([0.], maxAccelerations=[-1.])
    with pytest.raises(ValueError, match="ProfilePTP: syncAccTimes must be False"):
        ProfilePTP([1.])
    with pytest.raises(ValueError, match="ProfilePTP: maxAccelerations must be > 0"):
        ProfilePTP([1.], syncAccTimes=False, maxAccelerations=[0])
    traj = Trajectory([0.])
    with pytest.raises(ValueError, match="ProfilePTP: maxAccelerations must be given"):
        traj.Add(ProfilePTP([1.], syncAccTimes=False))
    with pytest.raises(ValueError, match="ProfileConstantAcceleration: duration must be > 0"):
        ProfileConstantAcceleration([1.], 0.)
    with pytest.raises(ValueError, match="ProfileConstantAcceleration: finalCoordinates must be"):
        ProfileConstantAcceleration(['x'], 1.)
    with pytest.raises(ValueError, match="initialCoordinates must have 1 entries"):
        Trajectory([0., 1.]).Add(ProfileConstantAcceleration([1.], 1.))
    with pytest.raises(ValueError, match="the first time in accelerationList must be zero"):
        ProfileLinearAccelerationsList([(0.1, [0.]), (1., [1.])])
    with pytest.raises(ValueError, match="at least two"):
        ProfileLinearAccelerationsList([(0., [0.])])
    with pytest.raises(ValueError, match="the acceleration vectors have 1 entries, the "
                                         "trajectory has 2"):
        Trajectory([0., 0.]).Add(ProfileLinearAccelerationsList([(0., [0.]), (1., [1.])]))
    with pytest.raises(ValueError, match="same time"):
        Trajectory([0.]).Add(ProfileLinearAccelerationsList([(0., [0.]), (0., [1.])]))
    with pytest.raises(ValueError, match="Trajectory: no profile added"):
        Trajectory([0.]).Evaluate(0.5)
    with pytest.raises(TypeError, match="Trajectory.Add: profile must be"):
        Trajectory([0.]).Add([1., 2.])
