"""Structural analysis (Dulmage-Mendelsohn decomposition of the equations' pattern):
mbs.ComputeStructuralAnalysis, csrc/analysis/cd_structure.c.

Every expected number below is derived by hand from the model's equations (in the comments)."""
import sys
import time

import pytest

import coordyn as cd
from conftest import REPO


# ----------------------------------------------------------------------------- models

def _pendulums(N, independent=False, reference=None):
    """N point masses (NodePoint2D, MassPoint2D) on distance constraints: a chain hanging from
    the ground origin, or (independent) N pendulums each on its own link to the ground.
    ODE2 coordinates 2i, 2i+1 belong to mass i, multiplier i to its link."""
    mbs = cd.SystemContainer().AddSystem()
    og = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=og, localPosition=[0, 0, 0]))
    prev = mg
    for i in range(N):
        ref = reference(i) if reference else ([1.0, 0] if independent else [i + 1.0, 0])
        n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=ref))
        mbs.AddObject(cd.MassPoint2D(physicsMass=1, nodeNumber=n))
        m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
        mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mg if independent else prev, m],
                                                 distance=1, name=f"link{i}"))
        prev = m
    mbs.Assemble()
    return mbs


def _fourbar():
    """ground pivots A (0,0), D (3,0); moving points B (0,1), C (3,2): links AB, BC, CD as
    distance constraints. 4 coordinates, 3 constraints."""
    mbs = cd.SystemContainer().AddSystem()
    og = mbs.AddObject(cd.ObjectGround())
    mA = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=og, localPosition=[0, 0, 0]))
    mD = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=og, localPosition=[3, 0, 0]))
    nB = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, 1], name="B"))
    nC = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[3, 2], name="C"))
    mbs.AddObject(cd.MassPoint2D(physicsMass=1, nodeNumber=nB))
    mbs.AddObject(cd.MassPoint2D(physicsMass=2, nodeNumber=nC))
    mB = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nB))
    mC = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nC))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mA, mB], distance=1, name="AB"))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mB, mC], distance=10 ** 0.5,
                                             name="BC"))
    mbs.AddObject(cd.ObjectConnectorDistance(markerNumbers=[mC, mD], distance=2, name="CD"))
    mbs.Assemble()
    return mbs


def _coordinate(mbs, mass, name):
    """a Node1D with a Mass1D (mass > 0) or without (mass None); returns (node, marker)"""
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0], name=name))
    if mass is not None:
        mbs.AddObject(cd.Mass1D(physicsMass=mass, nodeNumber=n))
    return n, mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))


def _gear(with_rack=True, J1=0.1, J2=0.2, m=3.0, r=0.05, B1=0.3, B2=0.4, B3=0.5, k1=10.0,
          k2=100.0, g=9.81):
    """docs/references.rst, "Gear with a structural singularity": inertias J1 (theta1), J2 (theta2)
    coupled by a damper B1; B3 from J1 to ground, input torque tau on J1; torsional spring k1
    from J2 to ground; a mass m on a rack x driven by J2 through the gear x = r theta2, with
    spring k2, damper B2 and gravity on the mass.
    with_rack: the DAE, x a coordinate and the gear the CoordinateConstraint r theta2 - x = 0;
    else the hand-reduced ODE: theta1, theta2 only, inertia J2 + m r^2, the rack's spring,
    damper and weight reflected through the gear (r^2 k2, r^2 B2, -m g r)."""
    mbs = cd.SystemContainer().AddSystem()
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    n1, m1 = _coordinate(mbs, J1, "theta1")
    n2, m2 = _coordinate(mbs, J2 if with_rack else J2 + m * r * r, "theta2")
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[m1, m2], stiffness=0, damping=B1,
                                            name="B1"))
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, m1], stiffness=0, damping=B3,
                                            name="B3"))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=m1, load=1.0, name="tau"))
    if with_rack:
        mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, m2], stiffness=k1, damping=0,
                                                name="k1"))
        nx, mx = _coordinate(mbs, m, "x")
        mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, mx], stiffness=k2,
                                                damping=B2, name="k2B2"))
        mbs.AddLoad(cd.LoadCoordinate(markerNumber=mx, load=-m * g, name="weight"))
        # r theta2 - x = 0 (factorValue1 q_marker1 - q_marker0 = 0)
        mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mx, m2], factorValue1=r,
                                              name="gear"))
    else:
        mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, m2],
                                                stiffness=k1 + r * r * k2, damping=r * r * B2,
                                                name="k1+r^2k2"))
        mbs.AddLoad(cd.LoadCoordinate(markerNumber=m2, load=-m * g * r, name="weight"))
    mbs.Assemble()
    return mbs


def _names(report, which, part):
    """the names of the items owning a part's equations or unknowns"""
    get = report.Equation if which == "equations" else report.Unknown
    return sorted(get(i)["name"] for i in part[which])


# ----------------------------------------------------------------------------- regular models

@pytest.mark.parametrize("N", [1, 5, 40])
def test_pendulum_chain_newton_matrix_is_one_regular_block(N):
    # Newton matrix: 2N coordinates + N multipliers; mass i couples with mass i+1 through link
    # i+1 (its C_q and its lambda-Hessian), link i with masses i-1, i: one strongly connected
    # component of size 3N, full structural rank
    r = _pendulums(N).ComputeStructuralAnalysis()
    assert r.shape == (3 * N, 3 * N)
    assert r.structuralRank == 3 * N and r.isRegular
    assert r.underDetermined == {"equations": [], "unknowns": []}
    assert r.overDetermined == {"equations": [], "unknowns": []}
    assert r.blockSizes == [3 * N]
    assert sorted(r.blocks[0]["unknowns"]) == list(range(3 * N))
    # nonzeros: mass i: diagonal 2x2 block (mass + lambda-Hessian of its links) 4 each, the
    # coupling 2x2 blocks between neighbours 2 x 4 (N-1), C_q and C_q^T: 2 (first link)
    # + 4 (N-1) each
    assert r.nnz == 4 * N + 8 * (N - 1) + 2 * (2 + 4 * (N - 1))


def test_independent_pendulums_are_independent_blocks():
    # 1000 pendulums on their own links: 1000 blocks of 3 (x, y, lambda of one pendulum)
    N = 1000
    r = _pendulums(N, independent=True).ComputeStructuralAnalysis()
    assert r.isRegular and r.structuralRank == 3 * N
    assert len(r.blocks) == N and r.blockSizes == [3] * N
    for b in r.blocks:
        i = b["unknowns"][0] // 2 if b["unknowns"][0] < 2 * N else b["unknowns"][0] - 2 * N
        assert sorted(b["unknowns"]) == [2 * i, 2 * i + 1, 2 * N + i]
        assert sorted(b["equations"]) == [2 * i, 2 * i + 1, 2 * N + i]
    big = r.LargestBlocks(2)
    assert [b["size"] for b in big] == [3, 3]
    assert len(big[0]["items"]) == 2  # the node and its link


def test_hanging_pendulum_keeps_its_structural_entries():
    # straight down (x = 0): C_q = [2x, 2y] has a numerical zero; structurally it is there
    r = _pendulums(1, reference=lambda i: [0, -1]).ComputeStructuralAnalysis("jacobian")
    assert r.nnz == 2 and r.structuralRank == 1


def test_pendulum_chain_constraint_jacobian():
    # C_q: N rows x 2N columns, link i on masses i-1 and i: structural rank N, every column in
    # the under-determined part (N degrees of freedom left), no square part
    N = 6
    r = _pendulums(N).ComputeStructuralAnalysis("jacobian")
    assert r.shape == (N, 2 * N) and r.structuralRank == N
    assert sorted(r.underDetermined["unknowns"]) == list(range(2 * N))
    assert sorted(r.underDetermined["equations"]) == list(range(2 * N, 3 * N))
    assert r.blocks == [] and r.overDetermined["equations"] == []
    assert r.nnz == 2 + 4 * (N - 1)


def test_fourbar():
    mbs = _fourbar()
    r = mbs.ComputeStructuralAnalysis()
    # 4 coordinates of B, C + 3 multipliers, all coupled through link BC: one block of 7
    assert r.isRegular and r.shape == (7, 7) and r.blockSizes == [7]
    names = {x for x in r.LargestBlocks(1)[0]["items"]}
    assert names == {"node 0 (NodePoint2D 'B')", "node 1 (NodePoint2D 'C')",
                     "object 3 (ObjectConnectorDistance 'AB')",
                     "object 4 (ObjectConnectorDistance 'BC')",
                     "object 5 (ObjectConnectorDistance 'CD')"}
    # C_q: 3 x 4, rank 3 (mobility 4 - 3 = 1): one unmatched coordinate
    j = mbs.ComputeStructuralAnalysis("jacobian")
    assert j.structuralRank == 3 and j.nnz == 2 + 4 + 2
    assert len(j.underDetermined["unknowns"]) == 4 and len(j.underDetermined["equations"]) == 3


def test_rigid_chain_free_joint_axes():
    # 3 rigid bodies (Euler parameters: 7 coordinates and 1 norm equation each) on revolute
    # joints about z (6 rows each, the rotation about z deactivated: its equation is
    # lambda = 0): 21 ODE2, 3 + 18 AE. Newton matrix: the 3 free-axis multipliers are blocks of
    # their own (lambda = 0), the rest one block of 21 + 3 + 15 = 39. Constraint Jacobian
    # without the lambda = 0 rows: 18 x 21, structural rank 18 (3 degrees of freedom)
    mbs = cd.SystemContainer().AddSystem()
    prev = mbs.CreateGround()
    for i in range(3):
        b = mbs.CreateRigidBody(referencePosition=[i + 0.5, 0, 0],
                                inertia=cd.InertiaCuboid(1000, [1, 0.1, 0.1]))
        mbs.CreateRevoluteJoint(bodyNumbers=[prev, b], position=[i, 0, 0], axis=[0, 0, 1])
        prev = b
    mbs.Assemble()
    r = mbs.ComputeStructuralAnalysis()
    assert r.shape == (42, 42) and r.isRegular
    assert sorted(r.blockSizes) == [1, 1, 1, 39]
    for b in r.blocks:
        if len(b["unknowns"]) == 1:
            u = r.Unknown(b["unknowns"][0])
            assert (u["what"], u["itemType"], u["local"]) == \
                ("multiplier", "ObjectJointRevoluteZ", 5)
    j = mbs.ComputeStructuralAnalysis("jacobian")
    assert j.shape == (18, 21) and j.structuralRank == 18
    assert j.overDetermined["equations"] == []
    assert len(j.underDetermined["unknowns"]) == 21


def test_ode1_loop_and_block_order():
    # y0' = y1, y1' = -y0 (a loop), y2' = -y2 + y0 (needs y0): Newton matrix (trapezoidal:
    # I + c A) blocks {y0, y1} then {y2}, in the order of solution; causal view (y known,
    # unknowns y'): the identity, three blocks of one
    mbs = cd.SystemContainer().AddSystem()
    a = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0, 0, 0],
                                       initialCoordinates=[1, 0, 0],
                                       numberOfODE1Coordinates=3, name="ctrl"))
    mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[a], name="sys",
                                       systemMatrix=[[0, 1, 0], [-1, 0, 0], [1, 0, -1]]))
    mbs.Assemble()
    r = mbs.ComputeStructuralAnalysis()
    assert r.isRegular and r.nnz == 6
    assert [sorted(b["unknowns"]) for b in r.blocks] == [[0, 1], [2]]
    assert [sorted(b["equations"]) for b in r.blocks] == [[0, 1], [2]]
    assert r.Unknown(2) == {"item": "node", "itemNumber": 0, "itemType": "NodeGenericODE1",
                            "name": "ctrl", "local": 2, "what": "ODE1 coordinate", "index": 2}
    assert r.Equation(1)["what"] == "first-order equation"
    c = mbs.ComputeStructuralAnalysis("ode")
    assert c.isRegular and c.blockSizes == [1, 1, 1] and c.nnz == 3


# ----------------------------------------------------------------------------- redundant, singular

def test_body_fixed_twice_names_both_constraints():
    mbs = cd.SystemContainer().AddSystem()
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    n, mx = _coordinate(mbs, 1.0, "body")
    free, mf = _coordinate(mbs, 1.0, "other")
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, mf], stiffness=1, damping=0,
                                            name="spring"))
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mx], name="fix1"))
    mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[mg, mx], name="fix2"))
    mbs.Assemble()
    # C_q: 2 rows on 1 coordinate: both rows in the over-determined part, with that coordinate
    j = mbs.ComputeStructuralAnalysis("jacobian")
    assert j.structuralRank == 1
    assert _names(j, "equations", j.overDetermined) == ["fix1", "fix2"]
    assert _names(j, "unknowns", j.overDetermined) == ["body"]
    d = j.AsDict()
    assert sorted(e["itemType"] for e in d["overDetermined"]["equations"]) == \
        ["ObjectConnectorCoordinate"] * 2
    # Newton matrix (4 x 4): rank 3; the two constraint rows are over-determined (one column,
    # the body), the two multipliers under-determined (one row, the body's equation); the
    # other coordinate is a regular block of its own
    r = mbs.ComputeStructuralAnalysis()
    assert r.shape == (4, 4) and r.structuralRank == 3 and not r.isRegular
    assert _names(r, "equations", r.overDetermined) == ["fix1", "fix2"]
    assert _names(r, "unknowns", r.underDetermined) == ["fix1", "fix2"]
    assert _names(r, "equations", r.underDetermined) == ["body"]
    assert r.blockSizes == [1] and _names(r, "unknowns", r.blocks[0]) == ["other"]
    text = str(r)
    assert "over-determined part" in text and "'fix1'" in text and "'fix2'" in text


def test_massless_coordinate_is_under_determined():
    mbs = cd.SystemContainer().AddSystem()
    ng = mbs.AddNode(cd.NodePointGround())
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    _, m1 = _coordinate(mbs, 1.0, "heavy")
    _coordinate(mbs, None, "ghost")  # no mass, nothing attached
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[mg, m1], stiffness=1, damping=0))
    mbs.Assemble()
    r = mbs.ComputeStructuralAnalysis()
    assert r.structuralRank == 1 and not r.isRegular
    assert _names(r, "unknowns", r.underDetermined) == ["ghost"]
    assert _names(r, "equations", r.overDetermined) == ["ghost"]
    u = r.AsDict()["underDetermined"]["unknowns"][0]
    assert (u["item"], u["itemNumber"], u["itemType"], u["local"]) == ("node", 2, "Node1D", 0)
    assert "ghost" in str(r)
    # the assembled pattern holds every ODE2 diagonal: there it looks regular
    assert mbs.ComputeStructuralAnalysis(generic=False).isRegular


def test_gear_structural_singularity():
    # Cellier's sorting (q, q_t known; unknowns q_tt and the gear force lambda), the DAE:
    #   J1 theta1_tt                      = tau - B1(..) - B3(..)      -> theta1_tt
    #   J2 theta2_tt - r lambda           = ...                         } theta2_tt, x_tt, lambda
    #   m  x_tt          + lambda         = ...                         } in 2 equations
    #   r theta2 - x = 0                  : no unknown at all
    # structurally singular: under-determined {J2, m equations; theta2_tt, x_tt, lambda},
    # over-determined {gear}, the square part theta1 alone
    mbs = _gear()
    c = mbs.ComputeStructuralAnalysis("ode")
    assert c.shape == (4, 4) and c.structuralRank == 3 and not c.isRegular
    assert _names(c, "equations", c.underDetermined) == ["theta2", "x"]
    assert _names(c, "unknowns", c.underDetermined) == ["gear", "theta2", "x"]
    assert c.Unknown([i for i in c.underDetermined["unknowns"] if i >= 3][0])["what"] == \
        "multiplier"
    assert _names(c, "equations", c.overDetermined) == ["gear"]
    assert c.overDetermined["unknowns"] == []
    assert c.blockSizes == [1] and _names(c, "unknowns", c.blocks[0]) == ["theta1"]
    # the same from the assembled pattern (every diagonal and every declared entry)
    cp = mbs.ComputeStructuralAnalysis("ode", generic=False)
    assert cp.structuralRank == 3 and _names(cp, "equations", cp.overDetermined) == ["gear"]
    # written with its constraint as the index-3 Newton matrix does (C_q in the gear's row):
    # regular, theta1 -- theta2 (damper B1) -- gear -- x one block of 4
    r = mbs.ComputeStructuralAnalysis()
    assert r.isRegular and r.structuralRank == 4 and r.blockSizes == [4]
    # the hand-reduced 4th-order ODE: regular in both views; in the causal view the inertias
    # are two independent blocks (the mass matrix is diagonal), in the Newton matrix the
    # damper B1 joins them
    for view, sizes in (("ode", [1, 1]), ("newton", [2])):
        e = _gear(with_rack=False).ComputeStructuralAnalysis(view)
        assert e.isRegular and e.blockSizes == sizes


def test_gear_dae_and_ode_agree():
    # the two descriptions the structural report compares give the same motion
    out = []
    for with_rack in (True, False):
        mbs = _gear(with_rack)
        sens = mbs.AddSensor(cd.SensorNode(nodeNumber=2, storeInternal=True,
                                           outputVariableType=cd.OutputVariableType.Coordinates))
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.timeIntegration.endTime = 1.0
        s.timeIntegration.numberOfSteps = 400
        mbs.SolveDynamic(s)
        out.append(mbs.GetSensorStoredData(sens)[-1, 1])
    assert abs(out[0]) > 1e-2
    assert out[0] == pytest.approx(out[1], rel=1e-3)


def test_report_dict_and_names():
    r = _fourbar().ComputeStructuralAnalysis()
    d = r.AsDict()
    assert d["structuralRank"] == 7 and d["numberOfBlocks"] == 1 and d["blockSizes"] == [7]
    assert d["largestBlocks"][0]["size"] == 7 and len(d["largestBlocks"][0]["unknowns"]) == 7
    assert r.Equation(4) == {"item": "object", "itemNumber": 3,
                             "itemType": "ObjectConnectorDistance", "name": "AB", "local": 0,
                             "what": "algebraic equation", "index": 4}
    assert r.Unknown(3)["name"] == "C" and r.Unknown(3)["local"] == 1


# ----------------------------------------------------------------------------- errors, timing

def test_not_assembled_and_bad_matrix():
    mbs = cd.SystemContainer().AddSystem()
    mbs.AddNode(cd.Node1D(referenceCoordinates=[0]))
    with pytest.raises(Exception, match="[Aa]ssemble"):
        mbs.ComputeStructuralAnalysis()
    mbs.Assemble()
    with pytest.raises(ValueError, match="matrix must be one of"):
        mbs.ComputeStructuralAnalysis("hessian")
    with pytest.raises(ValueError, match="unknown form 7"):
        mbs._core.structure(7, True)


def test_failing_user_function_is_named():
    # the generic evaluation calls the items' functions: a failing one stops the analysis
    # with the item's name; the assembled pattern (generic=False) needs no evaluation
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddNode(cd.NodePointGround())
    m0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    _, m1 = _coordinate(mbs, 1.0, "body")

    def bad(mbs, t, i, u, v, k, d, o):
        raise RuntimeError("boom")
    mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[m0, m1], stiffness=0, damping=1,
                                            springForceUserFunction=bad))
    mbs.Assemble()
    with pytest.raises(RuntimeError, match="springForceUserFunction of "
                                           "ObjectConnectorCoordinateSpringDamper 1"):
        mbs.ComputeStructuralAnalysis()
    assert mbs.ComputeStructuralAnalysis(generic=False).isRegular


def test_timing_near_linear():
    times = {}
    for N in (10, 100, 1000, 10000):
        mbs = _pendulums(N)
        best = float("inf")
        for _ in range(3 if N < 10000 else 2):
            t0 = time.perf_counter()
            r = mbs.ComputeStructuralAnalysis()
            best = min(best, time.perf_counter() - t0)
        assert r.blockSizes == [3 * N]
        times[N] = best
    print("structural analysis of a pendulum chain:",
          ", ".join(f"N={n}: {t * 1e3:.2f} ms" for n, t in times.items()))
    # near-linear: a tenfold chain at most 40 times slower (linear: 10; quadratic: 100)
    assert times[10000] < 40 * times[1000]
    assert times[10000] < 2.0


def test_benchmark_script_rigid_chain():
    # benchmarks/bench_structure.py on bench_rigid's chain: N bodies of 7 Euler-parameter
    # coordinates, N norm equations, 6 joint rows each (one of them lambda = 0): 14 N unknowns;
    # the N free-axis multipliers are blocks of one, everything else one block of 13 N
    sys.path.insert(0, str(REPO / "benchmarks"))
    import bench_structure
    rows = bench_structure.main(["--sizes", "3", "20", "--reps", "1"])
    assert [(N, n, nb, big) for N, n, nb, big, _, _ in rows] == \
        [(3, 42, 4, 39), (20, 280, 21, 260)]
