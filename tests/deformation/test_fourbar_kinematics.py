"""The kinematic analysis (mbs.SolveKinematics) and the degree-of-freedom count
(mbs.ComputeDeformationDegreesOfFreedom) on a four-bar of rigid deformation elements driven by
a prescribed hinge angle (tests/deformation/fourbar_models.py), against the closed-form
four-bar kinematics (loop closure), and the inverse dynamics against the power balance."""
import numpy as np
import pytest

import coordyn as cd
import fourbar_models as fb

W, AMP, NU = 1.3, 0.4, 2.0


def theta(t):
    return W * t + AMP * np.sin(NU * t)


def theta_t(t):
    return W + AMP * NU * np.cos(NU * t)


def theta_tt(t):
    return -AMP * NU**2 * np.sin(NU * t)


def test_dof_count():
    mbs, it = fb.build()
    dof = mbs.ComputeDeformationDegreesOfFreedom()
    assert (dof.coordinates, dof.constraints, dof.rigid, dof.prescribed, dof.elastic) == \
        (11, 5, 5, 1, 0)
    assert dof.degreesOfFreedom == 0 and dof.mechanismDegreesOfFreedom == 0
    assert dof.redundantEquations == 0
    assert dof["elements"] == 4
    s = str(dof)
    assert "degrees of freedom" in s and "prescribed deformations (inputs)" in s
    # the input free (the hinge elastic): one degree of freedom, a mechanism
    mbs2, _ = fb.build(hinge_mode="elastic")
    d2 = mbs2.ComputeDeformationDegreesOfFreedom()
    assert (d2.degreesOfFreedom, d2.elastic, d2.mechanismDegreesOfFreedom) == (1, 1, 0)
    # the coupler elastic as well: two
    mbs3, _ = fb.build(hinge_mode="elastic", coupler_mode="elastic", coupler_k=1.0)
    d3 = cd.ComputeDeformationDegreesOfFreedom(mbs3)
    assert (d3.degreesOfFreedom, d3.elastic, d3.rigid) == (2, 2, 4)
    # a redundant constraint: the crank's axial deformation also fixed by a distance constraint
    mbs4 = cd.SystemContainer().AddSystem()
    n0 = mbs4.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    n1 = mbs4.AddNode(cd.NodePoint2D(referenceCoordinates=[1, 0]))
    for k in range(2):
        mbs4.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[n0, n1], deformationModes="rigid"))
    mbs4.Assemble()
    d4 = mbs4.ComputeDeformationDegreesOfFreedom()
    assert (d4.degreesOfFreedom, d4.redundantEquations) == (0, 1)


def test_kinematics_against_closed_form():
    mbs, it = fb.build(theta=theta, theta_t=theta_t)
    times = np.linspace(0, 4, 41)
    res = mbs.SolveKinematics(times, inverseDynamics=False)
    qref = mbs.systemData.GetODE2Coordinates(cd.ConfigurationType.Reference)
    iC = slice(9, 11)   # node C's coordinates (after G, A, B with 3 each)
    _, C0 = fb.reference_points()
    prev = C0
    errs = []
    for k, t in enumerate(times):
        C, vC, aC = fb.closed_form(fb.THETA0 + theta(t), theta_t(t), theta_tt(t), b=it["b"],
                                   branch_point=prev)
        prev = C
        pos = qref[iC] + res.coordinates[k, iC]
        errs.append([np.abs(pos - C).max(), np.abs(res.coordinates_t[k, iC] - vC).max(),
                     np.abs(res.coordinates_tt[k, iC] - aC).max()])
        # the crank end B and the input angle
        B = fb.A_ * np.array([np.cos(fb.THETA0 + theta(t)), np.sin(fb.THETA0 + theta(t))])
        np.testing.assert_allclose(qref[6:8] + res.coordinates[k, 6:8], B, atol=1e-9)
        assert abs(res.coordinates[k, 5] - theta(t)) < 1e-9    # node A's angle
    errs = np.array(errs)
    print("four-bar kinematics max errors (position, velocity, acceleration):", errs.max(0))
    assert errs[:, 0].max() < 1e-9
    assert errs[:, 1].max() < 1e-8
    assert errs[:, 2].max() < 1e-6
    # the motion is not trivial: C moves and accelerates
    assert np.ptp(res.coordinates[:, 9]) > 0.5 and np.abs(res.coordinates_tt[:, 9:11]).max() > 1


def test_kinematics_without_derivative_function():
    """the prescribed deformation's time derivative by central differences of the user
    function gives the same velocities and accelerations"""
    mbs, it = fb.build(theta=theta, theta_t=theta_t)
    r1 = mbs.SolveKinematics([0.3, 0.7, 1.1], inverseDynamics=False)
    mbs2, _ = fb.build(theta=theta)
    r2 = mbs2.SolveKinematics([0.3, 0.7, 1.1], inverseDynamics=False)
    np.testing.assert_allclose(r2.coordinates, r1.coordinates, atol=1e-12)
    np.testing.assert_allclose(r2.coordinates_t, r1.coordinates_t, atol=1e-8)
    np.testing.assert_allclose(r2.coordinates_tt, r1.coordinates_tt, atol=1e-4)


def test_inverse_dynamics_power_balance():
    """a point mass m at C under gravity: the driving torque -sigma_hinge (the hinge's stress
    resultant is the torque in the hinge; the torque it applies to the crank is -sigma) times
    the crank speed equals the rate of the kinetic energy plus the power against gravity,
    tau w2 = m vC . aC + m g vC_y; and the rocker's force balances the coupler's at C"""
    m, g = 2.0, 9.81
    mbs, it = fb.build(theta=theta, theta_t=theta_t, mass=m, g=g)
    times = np.linspace(0.1, 3, 12)
    res = mbs.SolveKinematics(times)
    lam = res.multipliers
    # multiplier order: 5 coordinate constraints, hinge (1), crank (3), coupler (1), rocker (1)
    tau = -lam[:, 5]
    vC, aC = res.coordinates_t[:, 9:11], res.coordinates_tt[:, 9:11]
    power_in = tau * theta_t(times)
    power_out = m * np.sum(vC * aC, axis=1) + m * g * vC[:, 1]
    np.testing.assert_allclose(power_in, power_out, rtol=1e-6, atol=1e-6 * np.abs(power_out).max())
    assert np.abs(power_in).max() > 1.0
    # the StressResultant output of the hinge at the last time is that multiplier
    assert abs(float(mbs.GetObjectOutput(it["hinge"], cd.OutputVariableType.StressResultant))
               - lam[-1, 5]) < 1e-12


def test_not_kinematically_determined():
    mbs, _ = fb.build(hinge_mode="elastic")
    with pytest.raises(ValueError, match="not kinematically determined.*degrees of freedom 1"):
        mbs.SolveKinematics([0.0])
