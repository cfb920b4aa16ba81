"""The block path of the linear solver (LinearSolverType.Block; csrc/linalg/cd_ls_block.c): a
Newton matrix that splits into blocks (independent subsystems, or the blocks of its block
triangular form) is factored block by block, and the simulation is the global solver's to
round-off. Auto takes the block path where the matrix splits, not for one connected mechanism."""
import math

import numpy as np
import pytest

import coordyn as cd

LS = cd.LinearSolverType
L = 0.5


def _pendulums(mbs, N):
    """N mass points, each on its own distance constraint to the ground, released from angles
    15 .. 165 degrees (N blocks of 3 x 3)"""
    ground = mbs.AddObject(cd.ObjectGround())
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    for i in range(N):
        a = math.radians(15 + 150 * (i + 0.5) / N)
        node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[L * math.sin(a), -L * math.cos(a)]))
        mbs.AddObject(cd.MassPoint2D(physicsMass=1.0 + 0.1 * i, nodeNumber=node))
        m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
        mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m], distance=L))
        mbs.AddLoad(cd.Force(markerNumber=m, loadVector=[0, -9.81, 0]))


def _tree(mbs, ground, depth, x0):
    """a binary tree of 2^depth - 1 RigidBody2D bars on revolute joints, hanging from ground at
    (x0, 0)"""
    ends = []
    for i in range(2 ** depth - 1):
        if i == 0:
            parent = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[x0, 0, 0]))
            pivot = [x0, 0.0]
        else:
            parent, pivot = ends[(i - 1) // 2]
        a = 0.6 + 0.4 * (1 if i % 2 else -1) + 0.05 * i
        c = [pivot[0] + 0.5 * L * math.sin(a), pivot[1] - 0.5 * L * math.cos(a)]
        node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[c[0], c[1], a - math.pi / 2]))
        body = mbs.AddObject(cd.RigidBody2D(mass=1.0, inertia=L * L / 12, nodeNumber=node))
        top = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[-L / 2, 0, 0]))
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[parent, top]))
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                               loadVector=[0, -9.81, 0]))
        end = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[L / 2, 0, 0]))
        ends.append((end, [pivot[0] + L * math.sin(a), pivot[1] - L * math.cos(a)]))


def _forest(mbs, trees, depth):
    ground = mbs.AddObject(cd.ObjectGround())
    for k in range(trees):
        _tree(mbs, ground, depth, 3.0 * k)


def _solve(build, kind, steps=300, static=False, modified=False):
    mbs = cd.SystemContainer().AddSystem()
    build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = steps * 1e-3
    s.timeIntegration.newton.useModifiedNewton = modified
    s.linearSolverType = kind
    s.progressBar = False
    (mbs.SolveStatic if static else mbs.SolveDynamic)(s)
    sd = mbs.systemData
    return ((np.concatenate([sd.GetODE2Coordinates(), sd.GetODE2Coordinates_t()]),
             np.array(sd.GetAECoordinates())), mbs.GetSolverStatistics())


def _same(a, b, tol=2e-12):
    """positions and velocities the same to tol (relative to max(1, |x|)), the multipliers to
    tol / (beta h^2): the Newton matrix has the multipliers scaled by beta h^2 (about 2.8e-7
    at h = 1e-3) among its unknowns, so the round-off of any linear solver reaches them
    magnified by 1 / (beta h^2). tol is 2e-12, not 1e-12, because two global solvers differ as
    much: on the 60 pendulums after 300 steps Dense and Sparse differ by 1.2e-12 (positions,
    velocities) and 5e-8 (multipliers), the block path and Sparse by 1.3e-12 and 1.4e-7."""
    rel = lambda x, y: np.max(np.abs(x - y) / np.maximum(1.0, np.abs(y)), initial=0.0)  # noqa
    return rel(a[0], b[0]) <= tol and rel(a[1], b[1]) <= tol / 2.8e-7


@pytest.mark.parametrize("modified", [False, True])
def test_pendulums_block_equals_global(modified):
    build = lambda mbs: _pendulums(mbs, 60)                        # noqa: E731
    xs, ss = _solve(build, LS.Sparse, modified=modified)
    xb, sb = _solve(build, LS.Block, modified=modified)
    xa, sa = _solve(build, LS.Auto, modified=modified)
    assert sb["linearSolver"] == "Block" and sa["linearSolver"] == "Block"
    assert ss["linearSolver"] == "Sparse"
    assert _same(xb, xs) and _same(xa, xs)
    assert sb["newtonIterations"] == ss["newtonIterations"]


def test_forest_of_trees_block_equals_global():
    """three separate trees of 7 bars: three blocks of 35 x 35, each with its own sparse LU"""
    build = lambda mbs: _forest(mbs, 3, 3)                         # noqa: E731
    xs, _ = _solve(build, LS.Sparse)
    xb, sb = _solve(build, LS.Block)
    xd, _ = _solve(build, LS.Dense)
    assert sb["linearSolver"] == "Block"
    assert _same(xb, xs) and _same(xb, xd, 1e-10)


def test_one_tree_is_one_block():
    """a connected tree does not split: Block and Auto solve it with the global sparse LU"""
    build = lambda mbs: _forest(mbs, 1, 4)                         # noqa: E731
    xs, _ = _solve(build, LS.Sparse, steps=100)
    for kind in (LS.Block, LS.Auto):
        x, st = _solve(build, kind, steps=100)
        assert st["linearSolver"] == "Sparse"
        assert _same(x, xs, 0.0)


def _driven_chain(mbs, N=13):
    """N Node1D masses in a chain of CoordinateSpringDampers from the ground, every second one
    held by a CoordinateConstraint, a force on the others. With generic values of the active
    constraints the block triangular form has 1 x 1 blocks only (the structural analysis:
    the held x_i from their constraints, each free x_j from its equation, the multipliers
    last); the Newton matrix's pattern also holds the multipliers' diagonal (reserved for
    deactivated constraints, cd_pattern.c), which joins them into one block"""
    gnode = mbs.AddNode(cd.NodePointGround())
    prev = gx = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=gnode, coordinate=0))
    for i in range(N):
        node = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0]))
        mbs.AddObject(cd.Mass1D(physicsMass=1.0 + 0.1 * i, nodeNumber=node))
        m = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=0))
        mbs.AddObject(cd.CoordinateSpringDamper(markerNumbers=[prev, m], stiffness=100.0 + i,
                                                damping=0.5))
        if i % 2:
            mbs.AddLoad(cd.LoadCoordinate(markerNumber=m, load=1.0 + i))
        else:
            mbs.AddObject(cd.CoordinateConstraint(markerNumbers=[gx, m]))
        prev = m


def test_pattern_blocks_are_the_components():
    """the solver's pattern is structurally symmetric with a zero-free diagonal, so its block
    triangular form is its connected components: the driven chain, 13 blocks for the
    structural analysis, is one block for the solver, and Block solves it globally"""
    mbs = cd.SystemContainer().AddSystem()
    _driven_chain(mbs)
    mbs.Assemble()
    assert len(mbs.ComputeStructuralAnalysis().blockSizes) > 13
    xs, _ = _solve(_driven_chain, LS.Sparse)
    for kind in (LS.Block, LS.Auto):
        x, st = _solve(_driven_chain, kind)
        assert st["linearSolver"] == "Sparse" and _same(x, xs, 0.0)


def test_singular_block_names_the_item():
    """a massless point among the pendulums: the block path's failed column names its node as
    the global solver's does"""
    def build(mbs):
        _pendulums(mbs, 5)
        ground = mbs.AddObject(cd.ObjectGround())
        node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0.0, -1.0]))
        m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
        m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
        mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m], distance=1.0))
    msgs = []
    for kind in (LS.Sparse, LS.Block):
        with pytest.raises(cd.SolverError) as e:
            _solve(build, kind, steps=3)
        msgs.append(str(e.value))
    assert all("of NodePoint2D 5" in m for m in msgs), msgs
    assert "block LU" in msgs[1] and "block LU" not in msgs[0]
