"""Stiff, finely meshed flexible models: the Newton tolerance respects the round-off floor of the
residual (docs/solvers.rst, "Convergence test"), dynamic steps that fail are reduced and grown
back, and the static solver reaches large deflections of nearly inextensible cables in one load
step.

Model (as benchmarks/bench_ancf.py): a cable of length 1 m along x, N ObjectANCFCable2D elements
(rhoA = 1 kg/m, EI = 1 N m^2, EA = 1e4 N), clamped at x = 0, falling under gravity. With
N = 1000 the axial terms (EA / element length = 1e7 N/m) cannot be resolved to the relative
tolerance 1e-8 of the forces: before the floor, the solve reduced its step to 2e-6 s at
t = 0.1 s with 10 iterations per step and did not finish 200 steps in 300 s."""
import numpy as np
import pytest

import coordyn as cd
from conftest import UNDER_ASAN

ov = cd.OutputVariableType


def cable(n_el, EA=1e4):
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=EA)
    nodes = cd.beams.GenerateStraightLineANCFCable2D(
        mbs, [0, 0, 0], [1, 0, 0], n_el, t, massProportionalLoad=[0, -9.81, 0],
        fixedConstraintsNode0=[1, 1, 0, 1])[0]
    mbs.Assemble()
    return mbs, nodes[-1]


def dynamic(n_el, steps, h=1e-3):
    mbs, tip = cable(n_el)
    s = cd.SimulationSettings()
    s.progressBar = False
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = steps * h
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.timeIntegration.newton.relativeTolerance = 1e-8
    s.timeIntegration.newton.absoluteTolerance = 1e-10
    s.linearSolverType = cd.LinearSolverType.Sparse
    # the element's axial modes (1e5 rad/s) are far above 1 / h: generalized-alpha damps them,
    # the blow-up guard would see their large (but not growing) local error estimates
    s.timeIntegration.errorControl.blowUpWarning = True
    mbs.SolveDynamic(s)
    return np.asarray(mbs.GetNodeOutput(tip, ov.Displacement)), mbs.GetSolverStatistics()


@pytest.mark.skipif(UNDER_ASAN, reason="4000 coordinates, 200 steps: minutes under ASan")
def test_falling_stiff_cable_1000_elements():
    """200 steps of 1 ms: the step is reduced (and grown back) at most a few times, Newton needs
    at most 3 iterations per step on average (measured: 2.6), and the tip agrees with a 100-element cable (the
    discretization error of the tip at t = 0.2 s is below 1e-6 m)"""
    tip, st = dynamic(1000, 200)
    assert st["steps"] >= 200 and st["rejectedSteps"] <= 3, st
    assert st["newtonIterations"] <= 3 * st["steps"], st
    assert st["maximumStepUsed"] == pytest.approx(1e-3)
    tip100, st100 = dynamic(100, 200)
    assert st100["rejectedSteps"] == 0
    assert abs(tip[1]) > 0.1     # the cable has fallen (large deflection at t = 0.2 s)
    assert np.abs(tip - tip100).max() < 1e-5, (tip, tip100)


def test_round_off_floor_does_not_loosen_well_scaled_solves():
    """a 10-element cable (no round-off trouble) gives the same tip whether the Newton
    tolerances are the defaults or 100 times tighter: the floor only matters where the residual
    cannot be evaluated to the tolerance"""
    tips = []
    for rtol in (1e-8, 1e-10):
        mbs, tip = cable(10)
        s = cd.SimulationSettings()
        s.progressBar = False
        s.timeIntegration.numberOfSteps = 100
        s.timeIntegration.endTime = 0.1
        s.timeIntegration.newton.relativeTolerance = rtol
        s.timeIntegration.errorControl.blowUpWarning = True
        mbs.SolveDynamic(s)
        tips.append(np.asarray(mbs.GetNodeOutput(tip, ov.Displacement)))
    assert np.abs(tips[0] - tips[1]).max() < 1e-9, tips


@pytest.mark.parametrize("n_el", [10, 100, 1000])
def test_static_stiff_cable_one_load_step(n_el):
    """the cantilever under its weight (tip deflection 0.7 m, a large deflection) in one load
    step with the default Newton settings, for every mesh: one step, at most 8 iterations, and
    the meshes agree"""
    mbs, tip = cable(n_el)
    s = cd.SimulationSettings()
    s.progressBar = False
    s.linearSolverType = cd.LinearSolverType.Sparse
    mbs.SolveStatic(s)
    st = mbs.GetSolverStatistics()
    assert st["steps"] == 1 and st["rejectedSteps"] == 0 and st["newtonIterations"] <= 8, st
    u = mbs.GetNodeOutput(tip, ov.Displacement)
    # converged value of the 1000-element mesh (the three meshes agree to 1e-4)
    np.testing.assert_allclose(u[:2], [-0.337578, -0.695693], atol=1e-4)
