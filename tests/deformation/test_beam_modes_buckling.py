"""ObjectDeformationBeam2D against the Euler-Bernoulli beam: natural frequencies of a cantilever
and of a free-free beam with 16 elements and the consistent (cubic Hermite) mass, via
mbs.ComputeODE2Eigenvalues, and Euler buckling loads via mbs.ComputeBucklingLoads.

References (Blevins, Formulas for natural frequency and mode shape, table 8-1): omega_n =
(beta_n L)^2 sqrt(EI / (rho A L^4)) with beta_n L = 1.875104069, 4.694091133, 7.854757438,
10.995540735 (clamped-free) and 4.730040745, 7.853204624 (free-free); Euler: P_cr = pi^2 EI /
(4 L^2) (cantilever), pi^2 EI / L^2 (pinned-pinned)."""
import numpy as np
import pytest

import coordyn as cd
from conftest import new_system

L, EI, EA, RHOA, NEL = 1.0, 2.0, 2e6, 3.0, 16
CANTILEVER = [1.875104069, 4.694091133, 7.854757438, 10.995540735]
FREE_FREE = [4.730040745, 7.853204624]


def beam(supports=(), tip_force=None, mass_type="consistent"):
    """NEL beam elements along x; supports: (node index, coordinate) pairs fixed by
    CoordinateConstraints to a ground node; tip_force: a force on the last node"""
    mbs = new_system()
    nodes = [mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[L * i / NEL, 0, 0]))
             for i in range(NEL + 1)]
    els = [mbs.AddObject(cd.ObjectDeformationBeam2D(
        nodeNumbers=[nodes[i], nodes[i + 1]], axialStiffness=EA, bendingStiffness=EI,
        massPerLength=RHOA, massMatrixType=mass_type)) for i in range(NEL)]
    ng = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for (i, j) in supports:
        mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nodes[i], coordinate=j))
        mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    if tip_force is not None:
        mt = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
        mbs.AddLoad(cd.LoadForceVector(markerNumber=mt, loadVector=list(tip_force) + [0]))
    mbs.Assemble()
    return mbs, nodes, els


def bending_omegas(mbs, n, skip=0):
    omega2, _ = mbs.ComputeODE2Eigenvalues()
    return np.sqrt(np.abs(omega2[skip:skip + n]))


def scale():
    return np.sqrt(EI / (RHOA * L**4))


def test_cantilever_frequencies():
    mbs, _, _ = beam(supports=[(0, 0), (0, 1), (0, 2)])
    om = bending_omegas(mbs, 4)
    ref = np.array(CANTILEVER) ** 2 * scale()
    err = om / ref - 1
    print("cantilever relative frequency errors", err)
    assert np.all(np.abs(err) < 1e-3), err
    # (beta L)^2 = 3.5160, 22.034, 61.697, 120.90
    np.testing.assert_allclose(om / scale(), [3.5160, 22.034, 61.697, 120.90], rtol=1e-3)


def test_free_free_frequencies():
    mbs, _, _ = beam()
    omega2, _ = mbs.ComputeODE2Eigenvalues()
    # three rigid-body modes (x, y, rotation), exactly without stiffness
    assert np.all(np.abs(omega2[:3]) < 1e-6 * omega2[3])
    om = np.sqrt(omega2[3:5])
    ref = np.array(FREE_FREE) ** 2 * scale()
    err = om / ref - 1
    print("free-free relative frequency errors", err)
    assert np.all(np.abs(err) < 1e-3), err


def test_lumped_mass_is_less_accurate_but_close():
    """the lumped mass (no rotary terms) needs the rotations condensed; with the beam's
    translational mass only it still gives the first cantilever frequency within 2 %"""
    mbs, nodes, _ = beam(supports=[(0, 0), (0, 1), (0, 2)], mass_type="lumped")
    M, K, D = mbs.ComputeLinearizedSystem()
    # static condensation of the massless rotations (the clamped node 0 removed): eigenvalues
    # of the translations of nodes 1 ..
    n2 = M.shape[0]
    free = [k for k in range(3, n2) if k % 3 != 2]
    rot = [k for k in range(3, n2) if k % 3 == 2]
    Kff = K[np.ix_(free, free)] - K[np.ix_(free, rot)] @ np.linalg.solve(
        K[np.ix_(rot, rot)], K[np.ix_(rot, free)])
    from scipy.linalg import eigh
    w2 = eigh(Kff, M[np.ix_(free, free)], eigvals_only=True)
    om1 = np.sqrt(w2[0])
    assert abs(om1 / (CANTILEVER[0] ** 2 * scale()) - 1) < 0.02
    assert np.all(np.diag(M)[rot] == 0)


def test_cantilever_buckling():
    P = 1.0
    mbs, _, _ = beam(supports=[(0, 0), (0, 1), (0, 2)], tip_force=(-P, 0))
    factors, modes = mbs.ComputeBucklingLoads(numberOfBucklingLoads=2)
    Pcr = np.pi**2 * EI / (4 * L**2)
    err = factors[0] * P / Pcr - 1
    print("cantilever buckling relative error", err)
    assert abs(err) < 5e-3
    # the second load: 9 Pcr. The element's geometric stiffness is that of the chord rotation
    # (sigma1 / l), exact for the deformations but O(h^2) against the continuous beam: 16
    # elements give 0.08 % on the first load and 0.7 % on the second
    assert abs(factors[1] * P / (9 * Pcr) - 1) < 1e-2


def test_pinned_pinned_buckling():
    P = 1.0
    mbs, _, _ = beam(supports=[(0, 0), (0, 1), (NEL, 1)], tip_force=(-P, 0))
    factors, _ = mbs.ComputeBucklingLoads(numberOfBucklingLoads=2)
    Pcr = np.pi**2 * EI / L**2
    err = factors[0] * P / Pcr - 1
    print("pinned-pinned buckling relative error", err)
    assert abs(err) < 5e-3
    assert abs(factors[1] * P / (4 * Pcr) - 1) < 2e-2   # O(h^2): 1.3 % with 16 elements
