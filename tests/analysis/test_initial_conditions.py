"""Consistent initial conditions (mbs.ComputeConsistentInitialConditions): the closest
configuration (mass-weighted) satisfying the position constraints with driving coordinates kept,
the smallest velocity change satisfying the velocity constraints, the accelerations and
multipliers of the equations of motion; clear errors for conflicts."""
import numpy as np
import pytest

import coordyn as cd


def pendulum(q0, v0, m=2.0, L=1.5, g=9.81):
    mbs = cd.MainSystem()
    gr = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 0], initialCoordinates=q0,
                                   initialVelocities=v0))
    mbs.AddObject(cd.MassPoint2D(nodeNumber=n, physicsMass=m))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr))
    mn = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mg, mn], distance=L))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mn, loadVector=[0, -m * g, 0]))
    mbs.Assemble()
    return mbs


def test_pendulum_closed_form():
    """a point mass off its circle: the closest point is the radial projection, the velocity
    loses its radial part, the acceleration is -|v|^2/L toward the pivot plus gravity's
    tangential part; the equations of motion hold with the multiplier"""
    L, g = 1.5, 9.81
    q0, v0 = np.array([1.2, -0.6]), np.array([0.3, 0.4])
    mbs = pendulum(q0, v0)
    r = mbs.ComputeConsistentInitialConditions()
    n = q0 / np.linalg.norm(q0)
    t = np.array([-n[1], n[0]])
    np.testing.assert_allclose(r.q, L * n, rtol=1e-14)
    np.testing.assert_allclose(r.q_t, v0 - (v0 @ n) * n, rtol=1e-14)
    vv = r.q_t @ r.q_t
    np.testing.assert_allclose(r.q_tt @ n, -vv / L, rtol=1e-6)
    np.testing.assert_allclose(r.q_tt @ t, -g * t[1], rtol=1e-6)
    assert r.positionResidual < 1e-14 and r.velocityResidual < 1e-14
    # stored as the initial values; the equations of motion hold at the state
    sd = mbs.systemData
    np.testing.assert_allclose(sd.GetODE2Coordinates(cd.ConfigurationType.Initial), r.q)
    assert np.abs(mbs._core.residual()[0]).max() < 1e-6
    # a simulation from it starts without the initial-constraint error (it did not before)
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 100
    s.timeIntegration.endTime = 0.1
    mbs.SolveDynamic(s)
    with pytest.raises(ValueError, match="initial state violates"):
        pendulum(q0, v0).SolveDynamic(s)
    # the setting does it before the solve
    s.timeIntegration.computeConsistentInitialConditions = True
    mbs = pendulum(q0, v0)
    mbs.SolveDynamic(s)
    np.testing.assert_allclose(
        mbs.systemData.GetODE2Coordinates(cd.ConfigurationType.Initial), L * n, rtol=1e-14)


def fourbar(B0, C0, a=1.0, b=2.0, c=1.5, d=2.2, mB=1.0, mC=3.0):
    """ground pivots A (0, 0) and D (d, 0); moving joints B, C as point masses on distance
    constraints |B - A| = a, |C - B| = b, |C - D| = c (one degree of freedom)"""
    mbs = cd.MainSystem()
    gr = mbs.AddObject(cd.ObjectGround())
    nB = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 0], initialCoordinates=B0))
    nC = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 0], initialCoordinates=C0))
    for n, m in ((nB, mB), (nC, mC)):
        mbs.AddObject(cd.MassPoint2D(nodeNumber=n, physicsMass=m))
    mA = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr, localPosition=[0, 0, 0]))
    mD = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr, localPosition=[d, 0, 0]))
    mB_, mC_ = (mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n)) for n in (nB, nC))
    for (p, q, L) in ((mA, mB_, a), (mB_, mC_, b), (mD, mC_, c)):
        mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[p, q], distance=L))
    mbs.Assemble()
    return mbs


def test_fourbar_closest_configuration_with_a_driving_coordinate():
    """B's x coordinate marked as driving: kept; the others change as little as possible
    (mass-weighted): the result equals the constrained minimum found by SLSQP"""
    from scipy.optimize import minimize
    B0, C0 = np.array([0.55, 0.9]), np.array([2.0, 1.3])
    mbs = fourbar(B0, C0)
    r = mbs.ComputeConsistentInitialConditions(fixedCoordinates=[0])
    B, C = r.q[:2], r.q[2:]
    assert B[0] == B0[0]
    np.testing.assert_allclose([np.linalg.norm(B), np.linalg.norm(C - B),
                                np.linalg.norm(C - [2.2, 0])], [1.0, 2.0, 1.5], atol=1e-12)
    w = np.array([1.0, 3.0, 3.0])          # masses of B_y, C_x, C_y

    def cons(x):
        B, C = np.array([B0[0], x[0]]), x[1:]
        return [B @ B - 1.0, (C - B) @ (C - B) - 4.0, (C - [2.2, 0]) @ (C - [2.2, 0]) - 2.25]
    x0 = np.array([B0[1], *C0])
    opt = minimize(lambda x: 0.5 * np.sum(w * (x - x0) ** 2), x0,
                   constraints={"type": "eq", "fun": cons}, method="SLSQP",
                   options={"ftol": 1e-14, "maxiter": 200})
    np.testing.assert_allclose([B[1], *C], opt.x, atol=1e-7)
    # velocities: the constraint-consistent ones, the driving velocity kept when fixed
    v0 = np.array([0.4, -0.1, 0.2, 0.3])
    mbs = fourbar(B0, C0)
    mbs.systemData.SetODE2Coordinates_t(v0, cd.ConfigurationType.Initial)
    r = mbs.ComputeConsistentInitialConditions(fixedCoordinates=[0], fixedVelocities=[0])
    B, C = r.q[:2], r.q[2:]
    vB, vC = r.q_t[:2], r.q_t[2:]
    assert vB[0] == v0[0]
    np.testing.assert_allclose([B @ vB, (C - B) @ (vC - vB), (C - [2.2, 0]) @ vC], 0, atol=1e-12)


def test_conflicts_are_named():
    # two drivers on the same coordinate with different values
    mbs = cd.MainSystem()
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 0]))
    mbs.AddObject(cd.MassPoint2D(nodeNumber=n, physicsMass=1.0))
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mx = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mx], offset=0.1, name="drive a"))
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mx], offset=0.2, name="drive b"))
    mbs.Assemble()
    with pytest.raises(ValueError, match="position constraints are in conflict.*drive a.*"
                                         "drive b"):
        mbs.ComputeConsistentInitialConditions()
    # too many fixed coordinates
    mbs = pendulum([1.2, -0.6], [0, 0])
    with pytest.raises(ValueError, match=r"in conflict with the coordinates left free \(0 of 2"
                                         r".*ObjectConnectorDistance"):
        mbs.ComputeConsistentInitialConditions(fixedCoordinates=[0, 1])
    with pytest.raises(ValueError, match="fixedCoordinates must be ODE2 coordinate indices"):
        mbs.ComputeConsistentInitialConditions(fixedCoordinates=[5])
    # a configuration that cannot be assembled: pivots 3 apart, links 1 + 0.1 + 1.5 long
    mbs = fourbar([0.5, 0.9], [2.0, 1.3], b=0.1, d=3.0)
    with pytest.raises(ValueError, match="could not be satisfied|in conflict"):
        mbs.ComputeConsistentInitialConditions()
