"""Initial configurations with curvature and prestrain (issue 9, "Large deflections"):
ObjectANCFCable2D's referenceCurvature and referenceAxialStrain, and
coordyn.beams.GenerateCircularArcANCFCable2D (Exudyn 1.13's helper for curved cables),
against closed forms:

- a straight cable with referenceCurvature k0, clamped at one end and not loaded, relaxes into
  the arc of curvature k0: tip at (sin(k0 L), 1 - cos(k0 L)) / k0, up to a full circle;
- a cable with referenceAxialStrain eps0 relaxes to the length L (1 + eps0);
- a quarter-circle cantilever of radius R (clamped at (R, 0), tangent +y, free end at (0, R))
  under a small tip load P in -y: Castigliano with M = P R cos(phi), N = -P cos(phi) gives the
  tip displacements u_x = -P R^3 / (2 EI) + P R / (2 EA), u_y = -(pi P R^3 / (4 EI) +
  pi P R / (4 EA)) (thin curved beam: bending and stretching energies uncoupled, as in the
  cable's strain measures)."""
import numpy as np
import pytest

import coordyn as cd
from coordyn.beams import GenerateCircularArcANCFCable2D, GenerateStraightLineANCFCable2D
from conftest import message_naming

OV = cd.OutputVariableType


def _static(mbs, rtol=None):
    s = cd.SimulationSettings()
    s.progressBar = False
    if rtol:
        s.staticSolver.newton.relativeTolerance = rtol
    mbs.SolveStatic(s)
    return mbs.GetSolverStatistics()


def precurved(n, k0L, L=1.0, EI=1.0, EA=1e6):
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=EI, axialStiffness=EA,
                             referenceCurvature=k0L / L)
    nodes = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [L, 0, 0], n, t,
                                            fixedConstraintsNode0=[1, 1, 0, 1])[0]
    mbs.Assemble()
    st = _static(mbs)
    return np.asarray(mbs.GetNodeOutput(nodes[-1], OV.Position)[:2]), st


@pytest.mark.parametrize("k0L", [1.0, np.pi, 2 * np.pi])
def test_precurved_cable_relaxes_into_the_arc(k0L):
    """from the straight configuration in one load step (measured: 7, 10, 16 Newton
    iterations); the tip error falls by about 16 per halving of the element length (measured
    for the full circle: 6.1e-3, 1.2e-4, 6.2e-6 with 8, 16, 32 elements) and is below 1e-5 L
    with 32 elements"""
    k0 = k0L
    exact = np.array([np.sin(k0L) / k0, (1 - np.cos(k0L)) / k0])
    errs = []
    for n in (8, 16, 32):
        p, st = precurved(n, k0L)
        assert st["steps"] == 1 and st["rejectedSteps"] == 0, st
        errs.append(np.linalg.norm(p - exact))
    assert errs[-1] < 1e-5, errs
    assert errs[0] / errs[1] > 12 and errs[1] / errs[2] > 12, errs


def test_prestrained_cable_takes_its_length():
    """referenceAxialStrain eps0 = 0.01, the cable clamped at x = 0 only: N = EA (eps - eps0)
    vanishes at eps = eps0, so the tip moves to L (1 + eps0) (exact for the cubic elements)"""
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=1e4,
                             referenceAxialStrain=0.01)
    nodes = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [2.0, 0, 0], 8, t,
                                            fixedConstraintsNode0=[1, 1, 0, 1])[0]
    mbs.Assemble()
    _static(mbs)
    p = mbs.GetNodeOutput(nodes[-1], OV.Position)
    assert abs(p[0] - 2.0 * 1.01) < 1e-12 and abs(p[1]) < 1e-12, p
    eps = mbs.GetObjectOutputBody(4, OV.StrainLocal, localPosition=[0.1, 0, 0])
    assert abs(float(np.ravel(eps)[0]) - 0.01) < 1e-12


def quarter_circle(n, P, relative, R=1.0, EI=1.0, EA=1e6):
    """the quarter-circle cantilever; relative: stress-free by strainIsRelativeToReference = 1,
    else by the helper's referenceCurvature = 1 / R (nearly stress-free)"""
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=EI, axialStiffness=EA,
                             strainIsRelativeToReference=1.0 if relative else 0.0)
    out = GenerateCircularArcANCFCable2D(mbs, [R, 0, 0], R, np.pi / 2, np.pi / 2, n, t,
                                         fixedConstraintsNode0=[1, 1, 1, 1],
                                         setCurvedReferenceConfiguration=not relative)
    nodes = out[0]
    mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=[0, -P, 0]))
    mbs.Assemble()
    _static(mbs, rtol=1e-12)
    return np.asarray(mbs.GetNodeOutput(nodes[-1], OV.Displacement)[:2]), out, mbs


def test_circular_arc_generator_geometry():
    """nodes on the circle with unit tangents, elements of length R |arcAngle| / n, the
    curvature 1 / R set on the elements (and the template unchanged), a clockwise arc gets
    -1 / R; the same items as Exudyn's helper (node, object, constraint counts)"""
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=1e4)
    R, n = 0.5, 6
    nodes, objs, loads, pos, cons = GenerateCircularArcANCFCable2D(
        mbs, [1.0, 2.0, 0], R, 0.3, -np.pi, n, t, massProportionalLoad=[0, -9.81, 0],
        fixedConstraintsNode0=[1, 1, 0, 1])
    assert len(nodes) == n + 1 and len(objs) == n and len(loads) == n and len(cons) == 3
    assert t.referenceCurvature == 0.0
    # clockwise: the centre is to the right of the start tangent (cos 0.3, sin 0.3)
    centre = np.array([1.0, 2.0]) + R * np.array([np.sin(0.3), -np.cos(0.3)])
    for k, nd in enumerate(nodes):
        rc = np.asarray(mbs.GetNode(nd)["referenceCoordinates"], dtype=float)
        assert abs(np.linalg.norm(rc[:2] - centre) - R) < 1e-14
        assert abs(np.linalg.norm(rc[2:]) - 1) < 1e-14
        assert abs(np.dot(rc[2:], rc[:2] - centre)) < 1e-14          # tangent
        np.testing.assert_allclose(rc[:2], pos[k][:2], atol=1e-15)
    np.testing.assert_allclose(np.asarray(pos[-1][:2]), centre + (centre - pos[0][:2]),
                               atol=1e-14)                           # half circle
    for o in objs:
        d = mbs.GetObject(o)
        assert d["referenceCurvature"] == -1 / R and abs(d["length"] - R * np.pi / n) < 1e-15


@pytest.mark.parametrize("relative", [True, False])
def test_quarter_circle_cantilever_against_castigliano(relative):
    """(u(P) - u(-P)) / 2 removes the geometric nonlinearity to O(P^3); relative errors of both
    components measured 1.8e-2, 2.7e-3, 2.0e-4, 4.8e-6 with 4, 8, 16, 32 elements, the same for
    both ways of making the arc stress-free: below 1e-5 with 32 and falling by at least 6 per
    halving"""
    P, R, EI, EA = 1e-3, 1.0, 1.0, 1e6
    exact = np.array([-P * R**3 / (2 * EI) + P * R / (2 * EA),
                      -(np.pi * P * R**3 / (4 * EI) + np.pi * P * R / (4 * EA))])
    errs = []
    for n in (8, 16, 32):
        u = (quarter_circle(n, P, relative)[0] - quarter_circle(n, -P, relative)[0]) / 2
        errs.append(np.max(np.abs(u - exact) / np.abs(exact)))
    assert errs[-1] < 1e-5, errs
    assert errs[0] / errs[1] > 6 and errs[1] / errs[2] > 6, errs


def test_curved_reference_arc_is_nearly_stress_free():
    """with referenceCurvature = 1 / R the cubic arc is stress-free up to the interpolation of
    the circle: the unloaded tip moves by less than 1e-6 R with 16 elements (measured 5e-7) and
    by 16 times less with 32"""
    d16 = np.linalg.norm(quarter_circle(16, 0.0, False)[0])
    d32 = np.linalg.norm(quarter_circle(32, 0.0, False)[0])
    assert d16 < 1e-6 and d32 < d16 / 10, (d16, d32)


@pytest.mark.parametrize("kw,msg", [
    (dict(radius=0.0), "radius must be > 0"),
    (dict(arcAngle=0.0), "arcAngle must be nonzero"),
    (dict(numberOfElements=0), "numberOfElements must be a positive integer"),
    (dict(fixedConstraintsNode0=[1, 1]), "fixedConstraintsNode0 must have 4 entries"),
    (dict(positionOfNode0=[0, 0]), "positionOfNode0 must be a 3D position"),
])
def test_circular_arc_bad_input(kw, msg):
    args = dict(positionOfNode0=[0, 0, 0], radius=1.0, startAngle=0.0, arcAngle=1.0,
                numberOfElements=4, cableTemplate=cd.ObjectANCFCable2D(massPerLength=1.0))
    args.update(kw)
    mbs = cd.SystemContainer().AddSystem()
    with pytest.raises(ValueError, match=message_naming("GenerateCircularArcANCFCable2D", msg)):
        GenerateCircularArcANCFCable2D(mbs, **args)


def test_circular_arc_same_as_exudyn():
    """the quarter-circle cantilever under P = 0.1 (a moderately large deflection) built with
    each engine's GenerateCircularArcANCFCable2D: the same item numbers and the same static tip
    displacement to 1e-10 relative (measured: 8e-15)"""
    exu = pytest.importorskip("exudyn")
    import exudyn.beams as eb
    import exudyn.itemInterface as eii
    res = []
    for lib, gen, it in ((cd, GenerateCircularArcANCFCable2D, cd),
                         (exu, eb.GenerateCircularArcANCFCable2D, eii)):
        mbs = lib.SystemContainer().AddSystem()
        t = it.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=1e4)
        nodes, objs, _, _, cons = gen(mbs, [1.0, 0, 0], 1.0, np.pi / 2, np.pi / 2, 8, t,
                                      fixedConstraintsNode0=[1, 1, 1, 1])
        mk = mbs.AddMarker(it.MarkerNodePosition(nodeNumber=nodes[-1]))
        mbs.AddLoad(it.LoadForceVector(markerNumber=mk, loadVector=[0, -0.1, 0]))
        mbs.Assemble()
        s = lib.SimulationSettings()
        s.staticSolver.newton.relativeTolerance = 1e-12
        s.staticSolver.newton.absoluteTolerance = 1e-13
        if lib is exu:
            s.staticSolver.verboseMode = 0
            s.staticSolver.newton.maxIterations = 50
        else:
            s.progressBar = False
        mbs.SolveStatic(s)
        res.append((list(map(int, nodes)), list(map(int, objs)), list(map(int, cons)),
                    np.asarray(mbs.GetNodeOutput(nodes[-1], lib.OutputVariableType.Displacement))))
    assert res[0][:3] == res[1][:3]
    u, ue = res[0][3], res[1][3]
    assert np.abs(u - ue).max() <= 1e-10 * np.abs(ue).max(), (u, ue)
