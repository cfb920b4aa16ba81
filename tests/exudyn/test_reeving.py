"""beams.CreateReevingCurve and beams.PointsAndSlopes2ANCFCable2D: the rope geometry of a
reeving system checked against the closed-form belt lengths of two pulleys and against Exudyn
1.13.6's functions (same inputs, same outputs); the cables built on it against Exudyn's items
and motion."""
import math

import numpy as np
import pytest

import coordyn as cd
import exudyn_models as em
from coordyn import beams

# an open belt (both pulleys on the same side) and a crossed belt around two pulleys
D, R1, R2 = 2.0, 0.5, 0.2


def test_open_belt_length_is_closed_form():
    """L = 2 sqrt(D^2 - (r1 - r2)^2) + pi (r1 + r2) + 2 (r1 - r2) asin((r1 - r2) / D)"""
    c = beams.CreateReevingCurve([[[0, 0], R1, "L"], [[D, 0], R2, "L"]], closedCurve=True,
                                 numberOfANCFnodes=40)
    dr = R1 - R2
    exact = 2 * math.sqrt(D**2 - dr**2) + math.pi * (R1 + R2) + 2 * dr * math.asin(dr / D)
    assert c["totalLength"] == pytest.approx(exact, rel=1e-14)
    _check_nodes(c, 40, [((0, 0), R1), ((D, 0), R2)])


def test_crossed_belt_length_is_closed_form():
    """L = 2 sqrt(D^2 - (r1 + r2)^2) + (pi + 2 asin((r1 + r2) / D)) (r1 + r2)"""
    c = beams.CreateReevingCurve([[[0, 0], R1, "L"], [[D, 0], R2, "R"]], closedCurve=True,
                                 numberOfANCFnodes=33)
    s = R1 + R2
    exact = 2 * math.sqrt(D**2 - s**2) + (math.pi + 2 * math.asin(s / D)) * s
    assert c["totalLength"] == pytest.approx(exact, rel=1e-14)
    _check_nodes(c, 33, [((0, 0), R1), ((D, 0), R2)])


def _check_nodes(c, n, circles):
    """a closed curve of n nodes (n + 1 points, the last on the first): equal element lengths
    summing to the total, unit slopes, each point on a tangent line or on its circle, and the
    arcs' curvatures +-1/r"""
    P = np.array(c["ancfPointsSlopes"])
    assert P.shape == (n + 1, 4)
    np.testing.assert_allclose(P[-1], P[0], atol=1e-12)
    np.testing.assert_allclose(np.linalg.norm(P[:, 2:], axis=1), 1.0, atol=1e-14)
    assert len(c["elementLengths"]) == n
    np.testing.assert_allclose(sum(c["elementLengths"]), c["totalLength"], rtol=1e-14)
    # chords are at most, and nearly, the element length
    chords = np.linalg.norm(np.diff(P[:, :2], axis=0), axis=1)
    assert np.all(chords <= c["elementLengths"][0] * (1 + 1e-12))
    assert np.all(chords > 0.9 * c["elementLengths"][0])
    radii = {round(1 / abs(k), 12) for k in c["elementCurvatures"] if k != 0}
    assert radii <= {round(r, 12) for _, r in circles}
    # a point whose distance from a centre is its radius has a slope normal to the radius
    for p in P:
        for centre, r in circles:
            v = p[:2] - centre
            if abs(np.linalg.norm(v) - r) < 1e-12:
                assert abs(v @ p[2:]) < 1e-12


def test_radial_offset_enlarges_the_circles():
    a = beams.CreateReevingCurve([[[0, 0], R1, "L"], [[D, 0], R2, "L"]], closedCurve=True)
    b = beams.CreateReevingCurve([[[0, 0], R1 - 0.1, "L"], [[D, 0], R2 - 0.1, "L"]],
                                 closedCurve=True, radialOffset=0.1)
    assert b["totalLength"] == pytest.approx(a["totalLength"], rel=1e-14)
    assert b["ancfPointsSlopes"] == [] and b["elementLengths"] == []   # numberOfANCFnodes=-1
    assert [g["radius"] for g in b["graphicsDataCircles"]] == pytest.approx([R1, R2, R1, R2])


CASES = [
    dict(circleList=[[[0, 0], 0.2, "L"], [[0, 1], 0.2, "R"], [[0.8, 0.8], 0.4, "L"],
                     [[1, 0], 0.2, "L"]], numberOfANCFnodes=9, closedCurve=True,
         graphicsNodeSize=0.01),
    dict(circleList=[[[0, 0], 0.2, "L"], [[0, 1], 0.2, "L"], [[0.8, 0.8], 0.4, "L"],
                     [[1, 0], 0.2, "L"], [[0, 0], 0.2, "L"], [[0, 1], 0.2, "L"]],
         numberOfANCFnodes=50, removeLastLine=True),
    dict(circleList=[[[0, 0], 0.3, "R"], [[2, 0.5], 0.1, "L"], [[3, -1], 0.25, "R"]],
         numberOfANCFnodes=12, radialOffset=0.02, removeFirstLine=True,
         graphicsElementsPerCircle=20, colorCircles=[1, 0, 0, 1], colorLines=[0, 0, 1, 1]),
]


@pytest.mark.parametrize("case", CASES, ids=["closed", "six-circles", "open-offset"])
def test_reeving_curve_matches_exudyn(case, capsys):
    eb = pytest.importorskip("exudyn.beams")
    a, b = eb.CreateReevingCurve(**case), beams.CreateReevingCurve(**case)
    assert set(a) == set(b)
    for key in ("ancfPointsSlopes", "elementLengths", "elementCurvatures", "totalLength",
                "lineData"):
        np.testing.assert_allclose(np.array(b[key], dtype=float),
                                   np.array(a[key], dtype=float), rtol=0, atol=1e-14,
                                   err_msg=key)
    assert len(a["circleData"]) == len(b["circleData"])
    for pa, pb in zip(a["circleData"], b["circleData"]):
        assert pa.keys() == pb.keys() and pa["type"] == pb["type"]
        for key in set(pa) - {"type"}:
            np.testing.assert_allclose(pb[key], pa[key], atol=1e-14, err_msg=key)
    assert b["graphicsDataCircles"] == a["graphicsDataCircles"]
    assert len(b["graphicsDataLines"]) == len(a["graphicsDataLines"])
    for ga, gb in zip(a["graphicsDataLines"], b["graphicsDataLines"]):
        assert ga.keys() == gb.keys() and ga["type"] == gb["type"] and ga["color"] == gb["color"]
    out = capsys.readouterr().out.splitlines()
    assert out[0] == out[1] and out[0].startswith("Reeving system total length=")


@pytest.mark.parametrize("kwargs,match", [
    (dict(circleList=[[[0, 0], 0.0, "L"], [[1, 0], 0.1, "L"]]), r"circleList\[0\] has radius"),
    (dict(circleList=[[[0, 0], 0.1, "L"], [[0, 0], 0.1, "L"]]), "circles 0 and 1"),
    (dict(circleList=[[[0, 0], 0.1, "X"], [[1, 0], 0.1, "L"]]), r"circleList\[0\] must be"),
    (dict(circleList=[[[0, 0], 0.1, "L"]]), "at least 2 circles"),
    (dict(circleList=[[[0, 0], 0.1, "L"], [[1, 0], 0.1, "L"]], numberOfANCFnodes=1),
     "numberOfANCFnodes must be -1"),
    (dict(circleList=[[[0, 0], 0.1, "L"], [[1, 0], 0.1, "L"]], numberOfANCFnodes=0),
     "numberOfANCFnodes must be -1"),
])
def test_reeving_curve_bad_input(kwargs, match):
    with pytest.raises(ValueError, match="CreateReevingCurve: .*" + match):
        beams.CreateReevingCurve(**kwargs)


# ------------------------------------------------------------ cables on the reeving curve

CIRCLES = [[[0, 0], 0.3, "L"], [[1.5, 0.2], 0.2, "L"]]


def rope(lib, closed, curvature, fix0=(1, 1, 0, 0), fix1=(0, 0, 0, 0)):
    """a rope around two pulleys (closed loop, or open with removeLastLine) with gravity, the
    first node pinned; returns (mbs, returned lists)"""
    mbs = lib.SystemContainer().AddSystem()
    c = lib.beams.CreateReevingCurve(CIRCLES + ([] if closed else [CIRCLES[0]]),
                                     closedCurve=closed, removeLastLine=not closed,
                                     numberOfANCFnodes=16)
    template = lib.ObjectANCFCable2D(massPerLength=0.5, bendingStiffness=0.02,
                                     axialStiffness=200.0, axialDamping=0.5)
    out = lib.beams.PointsAndSlopes2ANCFCable2D(
        mbs, c["ancfPointsSlopes"], c["elementLengths"], template,
        massProportionalLoad=[0, -9.81, 0], fixedConstraintsNode0=list(fix0),
        fixedConstraintsNode1=list(fix1), firstNodeIsLastNode=closed,
        elementCurvatures=c["elementCurvatures"] if curvature else [],
        graphicsSizeConstraints=0.05)
    return mbs, out


def _lib(name):
    if name == "exudyn":
        exu = pytest.importorskip("exudyn")
        import exudyn.beams
        import exudyn.itemInterface as eii
        from types import SimpleNamespace
        return SimpleNamespace(SystemContainer=exu.SystemContainer, beams=exudyn.beams,
                               ObjectANCFCable2D=eii.ObjectANCFCable2D,
                               SimulationSettings=exu.SimulationSettings,
                               OutputVariableType=exu.OutputVariableType)
    return cd


@pytest.mark.parametrize("closed,curvature,fix1", [(True, True, (0, 0, 0, 0)),
                                                   (False, False, (0, 1, 0, 0))])
def test_cable_items_and_motion_match_exudyn(closed, curvature, fix1, capsys):
    results = {}
    for name in ("exudyn", "coordyn"):
        lib = _lib(name)
        mbs, out = rope(lib, closed, curvature, fix1=fix1)
        nodes, objects, loads, positions, constraints = out
        results[name] = dict(
            lists=[list(map(int, x)) for x in (nodes, objects, loads, constraints)],
            positions=np.array(positions, dtype=float),
            ref=[np.array(mbs.GetNodeParameter(n, "referenceCoordinates")) for n in nodes],
            el=[(mbs.GetObjectParameter(o, "length"),
                 mbs.GetObjectParameter(o, "referenceCurvature"),
                 list(map(int, mbs.GetObjectParameter(o, "nodeNumbers")))) for o in objects],
            counts=(mbs.systemData.NumberOfNodes(), mbs.systemData.NumberOfObjects(),
                    mbs.systemData.NumberOfMarkers(), mbs.systemData.NumberOfLoads()))
        mbs.Assemble()
        s = em.default_settings(lib)
        s.timeIntegration.endTime = 0.05
        s.timeIntegration.numberOfSteps = 50
        mbs.SolveDynamic(s)
        results[name]["q"] = np.array([mbs.GetNodeOutput(n, lib.OutputVariableType.Position)
                                       for n in nodes])
    a, b = results["exudyn"], results["coordyn"]
    assert a["lists"] == b["lists"] and a["counts"] == b["counts"]
    np.testing.assert_allclose(b["positions"], a["positions"], rtol=0, atol=1e-15)
    np.testing.assert_allclose(np.array(b["ref"]), np.array(a["ref"]), atol=1e-15)
    assert [e[2] for e in a["el"]] == [e[2] for e in b["el"]]
    np.testing.assert_allclose([e[:2] for e in b["el"]], [e[:2] for e in a["el"]], atol=1e-15)
    if closed:
        assert b["lists"][0][-1] == b["lists"][0][0]            # the loop closes on node 0
        assert len({e[1] for e in b["el"]}) == 3                # 0, 1/r1, 1/r2 (all 'L': < 0)
    # the rope moved under gravity, the same in both
    assert np.abs(b["q"][:, :2] - np.array(b["ref"])[:, :2]).max() > 1e-4
    np.testing.assert_allclose(b["q"], a["q"], atol=1e-9)


def test_points_and_slopes_bad_input():
    mbs = cd.SystemContainer().AddSystem()
    c = beams.CreateReevingCurve(CIRCLES, closedCurve=True, numberOfANCFnodes=8)
    t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=10.0)
    P, L = c["ancfPointsSlopes"], c["elementLengths"]
    with pytest.raises(ValueError, match="PointsAndSlopes2ANCFCable2D: fixedConstraintsNode1 "
                                         "must be"):
        beams.PointsAndSlopes2ANCFCable2D(mbs, P, L, t, fixedConstraintsNode1=[1, 0, 0, 0])
    with pytest.raises(ValueError, match="PointsAndSlopes2ANCFCable2D: elementLengths has 3"):
        beams.PointsAndSlopes2ANCFCable2D(mbs, P, L[:3], t)
    with pytest.raises(ValueError, match="PointsAndSlopes2ANCFCable2D: elementCurvatures has 2"):
        beams.PointsAndSlopes2ANCFCable2D(mbs, P, L, t, elementCurvatures=[0.0, 1.0])
    with pytest.raises(ValueError, match="PointsAndSlopes2ANCFCable2D: fixedConstraintsNode0 "
                                         "must have 4 flags"):
        beams.PointsAndSlopes2ANCFCable2D(mbs, P, L, t, fixedConstraintsNode0=[1, 1])
    with pytest.raises(ValueError, match="PointsAndSlopes2ANCFCable2D: ancfPointsSlopes needs"):
        beams.PointsAndSlopes2ANCFCable2D(mbs, P[:1], L, t)
    assert mbs.systemData.NumberOfNodes() == 0       # nothing added on bad input
