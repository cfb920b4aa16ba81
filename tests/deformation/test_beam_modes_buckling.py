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


def buckling(supports, second_order):
    mbs, _, els = beam(supports=supports, tip_force=(-1.0, 0))
    if not second_order:
        for e in els:
            mbs.SetObjectParameter(e, "secondOrderElongation", False)
        mbs.Assemble()
    return mbs.ComputeBucklingLoads(numberOfBucklingLoads=2)[0]


@pytest.mark.parametrize("second_order", [True, False])
def test_cantilever_buckling(second_order):
    """first and second Euler loads pi^2 EI / (4 L^2) (1, 9). With the seed's second-order
    elongation (default) the element's geometric stiffness is the cubic beam's consistent one:
    measured 4.6e-6 and 5.4e-5; with the plain elongation l - l0 it is the chord rotation's
    string stiffness, O(h^2): 8.1e-4 and 7.3e-3"""
    factors = buckling([(0, 0), (0, 1), (0, 2)], second_order)
    Pcr = np.pi**2 * EI / (4 * L**2)
    tol = (2e-5, 2e-4) if second_order else (2e-3, 1e-2)
    assert abs(factors[0] / Pcr - 1) < tol[0]
    assert abs(factors[1] / (9 * Pcr) - 1) < tol[1]


@pytest.mark.parametrize("second_order", [True, False])
def test_pinned_pinned_buckling(second_order):
    """pi^2 EI / L^2 (1, 4); measured 2.1e-5 and 1.1e-4 (second-order elongation), 3.2e-3 and
    1.3e-2 (plain)"""
    factors = buckling([(0, 0), (0, 1), (NEL, 1)], second_order)
    Pcr = np.pi**2 * EI / L**2
    tol = (1e-4, 5e-4) if second_order else (5e-3, 2e-2)
    assert abs(factors[0] / Pcr - 1) < tol[0]
    assert abs(factors[1] / (4 * Pcr) - 1) < tol[1]
