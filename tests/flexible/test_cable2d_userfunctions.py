"""ObjectANCFCable2D's axialForceUserFunction and bendingMomentUserFunction (Exudyn's
arguments): against Exudyn 1.13.6 (its TestModel ANCFcable2DuserFunction.py, shortened) and
against the linear laws they replace."""
from math import atan

import numpy as np
import pytest

import coordyn as cd
from coordyn.beams import GenerateStraightLineANCFCable2D

EA, EI, RHOA = 1e5, 2000.0, 78.0


def bending_atan(mbs, t, itemNumber, xn, K, K_t, Kref, EIuf, dEI, eps, eps_t, epsRef):
    return EIuf * 0.1 * atan(10 * (K - Kref)) + dEI * K_t


def axial_softening(mbs, t, itemNumber, xn, eps, eps_t, epsRef, EAuf, dA, K, K_t, Kref):
    return max(0.02, 2 - t ** 0.5) * EAuf * (eps - epsRef) + dA * eps_t


def _run(exu, itf, gen, endTime=0.2, ne=8, **kw):
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    args = dict(physicsMassPerLength=RHOA, physicsBendingStiffness=EI,
                physicsBendingDamping=0.1 * EI, physicsAxialStiffness=kw.pop("EA", EA),
                physicsAxialDamping=0.05 * EA)
    args.update(kw)
    cable = itf.ObjectANCFCable2D(**args)
    ancf = gen(mbs, [0, 0, 0], [2, 0, 0], ne, cable, massProportionalLoad=[0, -9.81, 0],
               fixedConstraintsNode0=[1, 1, 0, 1])
    mbs.Assemble()
    ss = exu.SimulationSettings()
    ss.solutionSettings.writeSolutionToFile = False
    ss.timeIntegration.numberOfSteps = int(endTime / 5e-3)
    ss.timeIntegration.endTime = endTime
    ss.timeIntegration.newton.useModifiedNewton = True
    ss.timeIntegration.verboseMode = 0
    mbs.SolveDynamic(ss)
    tip = np.asarray(mbs.GetNodeOutput(ancf[0][-1], exu.OutputVariableType.Position))[:2]
    M = float(np.asarray(mbs.GetObjectOutputBody(ancf[1][1], exu.OutputVariableType.TorqueLocal,
                                                 [0.05, 0, 0])))
    N = float(np.asarray(mbs.GetObjectOutputBody(ancf[1][1], exu.OutputVariableType.ForceLocal,
                                                 [0.05, 0, 0])))
    return tip, M, N


def _cd(**kw):
    return _run(cd, cd, GenerateStraightLineANCFCable2D, **kw)


@pytest.mark.parametrize("which", ["both", "bending"])
def test_cable_user_functions_as_exudyn(which):
    exu = pytest.importorskip("exudyn")
    import exudyn.beams
    import exudyn.itemInterface
    kw = dict(bendingMomentUserFunction=bending_atan)
    if which == "both":
        kw["axialForceUserFunction"] = axial_softening
    ref = _run(exu, exudyn.itemInterface, exudyn.beams.GenerateStraightLineANCFCable2D, **kw)
    got = _cd(**kw)
    assert np.allclose(got[0], ref[0], rtol=0, atol=1e-7)
    assert got[1] == pytest.approx(ref[1], rel=1e-6)   # TorqueLocal through the user function
    assert got[2] == pytest.approx(ref[2], rel=1e-5)   # ForceLocal through the user function
    plain = _cd()
    assert not np.allclose(got[0], plain[0], rtol=0, atol=1e-4)  # the user functions change the motion


def test_linear_user_functions_reproduce_the_linear_laws():
    def axial_linear(mbs, t, i, xn, eps, eps_t, epsRef, EAuf, dA, K, K_t, Kref):
        assert 0 <= xn <= 1 and EAuf == 2 * EA      # x / L and the element's stiffness
        return EAuf * (eps - epsRef) + dA * eps_t

    def bending_linear(mbs, t, i, xn, K, K_t, Kref, EIuf, dEI, eps, eps_t, epsRef):
        return EIuf * (K - Kref) + dEI * K_t
    ref = _cd(EA=2 * EA)
    got = _cd(EA=2 * EA, axialForceUserFunction=axial_linear,
              bendingMomentUserFunction=bending_linear)
    assert np.allclose(got[0], ref[0], rtol=0, atol=1e-9)
    assert got[1] == pytest.approx(ref[1], rel=1e-8)


def test_axial_user_function_alone_is_used():
    """doubling the axial force in the user function = doubling EA (Exudyn 1.13.6 ignores an
    axialForceUserFunction given without a bendingMomentUserFunction; coordyn does not)"""
    def axial_double(mbs, t, i, xn, eps, eps_t, epsRef, EAuf, dA, K, K_t, Kref):
        return 2 * (EAuf * (eps - epsRef)) + dA * eps_t
    ref = _cd(EA=2 * EA, physicsAxialDamping=0.05 * EA)
    got = _cd(axialForceUserFunction=axial_double)
    assert np.allclose(got[0], ref[0], rtol=0, atol=1e-9)
    assert not np.allclose(got[0], _cd()[0], rtol=0, atol=1e-6)


def test_user_function_error_names_the_item_and_parameter():
    def bad(mbs, t, i, xn, K, K_t, Kref, EIuf, dEI, eps, eps_t, epsRef):
        return "no"
    with pytest.raises(Exception, match="bendingMomentUserFunction"):
        _cd(endTime=0.01, bendingMomentUserFunction=bad)


def test_generate_straight_line_cable_takes_a_2d_template_as_exudyn():
    """Exudyn's GenerateStraightLineANCFCable builds 2D cables from an ObjectANCFCable2D
    template (ANCFcable2DuserFunction.py uses it): the same items as the 2D function"""
    from coordyn.beams import GenerateStraightLineANCFCable

    def build(gen, **kw):
        SC = cd.SystemContainer()
        mbs = SC.AddSystem()
        out = gen(mbs, [0, 0, 0], [2, 0, 0], 3, cd.ObjectANCFCable2D(massPerLength=1,
                  bendingStiffness=1, axialStiffness=10), massProportionalLoad=[0, -9.81, 0],
                  **kw)
        return out, [mbs.GetNode(n) for n in out[0]], [mbs.GetObject(o) for o in out[1]]
    a = build(GenerateStraightLineANCFCable, fixedConstraintsNode0=[1, 1, 0, 1])
    b = build(GenerateStraightLineANCFCable2D, fixedConstraintsNode0=[1, 1, 0, 1])
    assert a[0] == b[0] and str(a[1]) == str(b[1]) and str(a[2]) == str(b[2])
    assert len(a[0][4]) == 3                       # three coordinate constraints at node 0
    assert build(GenerateStraightLineANCFCable)[0][4] == []   # default flags: none
    with pytest.raises(ValueError, match="fixedConstraintsNode0 must have 4 entries"):
        build(GenerateStraightLineANCFCable, fixedConstraintsNode0=[1, 1, 0, 1, 0, 0, 0])
