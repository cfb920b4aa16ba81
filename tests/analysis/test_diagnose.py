"""The solvers explain a singular system matrix with the Lagrange-multiplier seed's three
failure cases, naming the items (coordyn.diagnose)."""
import numpy as np
import pytest

import coordyn as cd


def point(mbs, x, m):
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=list(x)))
    if m:
        mbs.AddObject(cd.MassPoint2D(nodeNumber=n, physicsMass=m))
    return n, mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))


def strict():
    """the strict behaviour: a singular matrix is an error, which the diagnosis explains"""
    sim = cd.SimulationSettings()
    sim.linearSolverSettings.handleRedundantConstraints = False
    return sim


def test_case_3_a_massless_point_that_no_constraint_fixes():
    """a mass point linked to a massless point by a distance constraint: the massless point
    can slide around the circle with no mass: case (3), naming its node"""
    mbs = cd.MainSystem()
    _, m1 = point(mbs, [0, 0], 1.0)
    n2, m2 = point(mbs, [1, 0], 0.0)
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[m1, m2], distance=1.0))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"case \(3\).*not positive on the constraint null "
                                             r"space.*node 1"):
        mbs.SolveDynamic()


def test_case_2_redundant_constraints():
    """a pendulum with its link given twice: case (2), naming both links"""
    mbs = cd.MainSystem()
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    _, m1 = point(mbs, [1, 0], 1.0)
    for name in ("link", "same link again"):
        mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mg, m1], distance=1.0,
                                                 name=name))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"case \(2\), redundant constraints: 1 of the 2.*"
                                             r"'link'.*'same link again'"):
        mbs.SolveDynamic(strict())
    # by default the solve removes the second link's equation and says so
    with pytest.warns(cd.RedundantConstraintWarning, match="'same link again': row 0"):
        mbs.SolveDynamic()


def test_case_1_singular_configuration():
    """a mass between two pivots on one line, held by two links along that line: the links
    cannot fix its motion across the line here, but could anywhere nearby: case (1)"""
    mbs = cd.MainSystem()
    g = mbs.AddObject(cd.ObjectGround())
    ma = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[0, 0, 0]))
    mb = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g, localPosition=[2, 0, 0]))
    _, m1 = point(mbs, [1, 0], 1.0)
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[ma, m1], distance=1.0, name="left"))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mb, m1], distance=1.0, name="right"))
    mbs.Assemble()
    with pytest.raises(cd.SolverError, match=r"case \(1\), a singular configuration.*rank 1 of "
                                             r"2 here.*not possible.*'left'.*'right'"):
        mbs.SolveDynamic(strict())
    # by default: one equation removed; with no force the mass stays where both links hold
    with pytest.warns(cd.RedundantConstraintWarning, match="'right': row 0"):
        mbs.SolveDynamic()
    assert np.abs(mbs.systemData.GetODE2Coordinates()).max() < 1e-12


def test_no_diagnosis_for_a_regular_system():
    from coordyn.diagnose import DiagnoseSingularSystem
    mbs = cd.MainSystem()
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    _, m1 = point(mbs, [1, 0], 1.0)
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mg, m1], distance=1.0))
    mbs.Assemble()
    assert DiagnoseSingularSystem(mbs) == ""
    mbs.SolveDynamic()
