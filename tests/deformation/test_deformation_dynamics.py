"""Deformation elements in dynamics: the damped truss oscillator (complex eigenvalues from the
element's damping), the torsional oscillator of an elastic hinge, the DeformationVelocity
output, and energy conservation of a free, spinning and vibrating beam with the q-dependent
consistent mass (which needs the quadratic velocity terms and the derivative of M(q) a)."""
import numpy as np
import pytest

import coordyn as cd
from conftest import new_system, settings

ov = cd.OutputVariableType


def fix_coordinate(mbs, node, j):
    ng = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
    return mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))


def test_damped_truss_oscillator():
    """a point mass m on a truss (EA, axial damping d, length l0) from the ground, y fixed:
    m x_tt + (d / l0) x_t + (EA / l0) x = 0, eigenvalues -zeta w +- i w sqrt(1 - zeta^2)"""
    m, EA, d, l0 = 2.0, 300.0, 4.0, 1.5
    mbs = new_system()
    g = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    n = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[l0, 0]))
    mbs.AddObject(cd.MassPoint2D(physicsMass=m, nodeNumber=n))
    mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[g, n], axialStiffness=EA,
                                              axialDamping=d))
    fix_coordinate(mbs, n, 1)
    mbs.Assemble()
    k, c = EA / l0, d / l0
    w = np.sqrt(k / m)
    zeta = c / (2 * np.sqrt(k * m))
    lam, _ = mbs.ComputeODE2Eigenvalues(ignoreAlgebraicEquations=True, constrainedCoordinates=[1],
                                        computeComplexEigenvalues=True, useAbsoluteValues=False)
    lam = lam[np.abs(lam) > 1e-9]
    expected = -zeta * w + 1j * w * np.sqrt(1 - zeta**2)
    assert np.min(np.abs(lam - expected)) < 1e-9 * w
    assert np.min(np.abs(lam - np.conj(expected))) < 1e-9 * w


def test_torsional_oscillator_of_an_elastic_hinge():
    """a rigid body (inertia J) on a hinge of stiffness k to a fixed NodeRigidBody2D: w^2 = k/J"""
    J, k = 0.3, 12.0
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0.2]))
    n1 = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, 0.7]))
    mbs.AddObject(cd.RigidBody2D(physicsMass=1.0, physicsInertia=J, nodeNumber=n1))
    mbs.AddObject(cd.ObjectDeformationHinge2D(nodeNumbers=[n0, n1], rotationalStiffness=k))
    for j in range(3):
        fix_coordinate(mbs, n0, j)
    for j in range(2):
        fix_coordinate(mbs, n1, j)
    mbs.Assemble()
    omega2, _ = mbs.ComputeODE2Eigenvalues()
    assert omega2[0] == pytest.approx(k / J, rel=1e-12)
    # and the hinge's torque in a static twist: a torque T on node 1 gives e = T / k, sigma = T
    mr = mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=n1))
    mbs.AddLoad(cd.LoadTorqueVector(markerNumber=mr, loadVector=[0, 0, 0.6]))
    mbs.Assemble()
    mbs.SolveStatic()
    hinge = 1
    assert float(mbs.GetObjectOutput(hinge, ov.Deformation)) == pytest.approx(0.6 / k, rel=1e-10)
    # sigma is the torque in the hinge: the torque it applies to node 1 is -sigma = -T
    assert float(mbs.GetObjectOutput(hinge, ov.StressResultant)) == pytest.approx(0.6, rel=1e-10)


def test_deformation_velocity_output():
    """e_t = u . (v2 - v1) of a truss and [e1_t, e2_t, e3_t] of a beam against differences of
    e along the velocity"""
    mbs = new_system()
    a = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0.1, 0.2, 0.3]))
    b = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[1.3, 0.7, -0.2]))
    tr = mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[a, b]))
    bm = mbs.AddObject(cd.ObjectDeformationBeam2D(nodeNumbers=[a, b]))
    mbs.Assemble()
    rng = np.random.default_rng(3)
    q, v = 0.1 * rng.standard_normal(6), rng.standard_normal(6)
    sd = mbs.systemData
    h = 1e-6
    for el in (tr, bm):
        sd.SetODE2Coordinates(q + h * v)
        ep = np.atleast_1d(mbs.GetObjectOutput(el, ov.Deformation))
        sd.SetODE2Coordinates(q - h * v)
        em = np.atleast_1d(mbs.GetObjectOutput(el, ov.Deformation))
        sd.SetODE2Coordinates(q)
        sd.SetODE2Coordinates_t(v)
        et = np.atleast_1d(mbs.GetObjectOutput(el, ov.DeformationVelocity))
        np.testing.assert_allclose(et, (ep - em) / (2 * h), rtol=1e-7, atol=1e-9)
        assert np.abs(et).max() > 0.1


def test_spinning_free_beam_conserves_energy():
    """4 free beam elements (consistent mass), spinning at w0 about their centre with a
    transverse velocity pattern on top: no forces, so the energy 1/2 v^T M(q) v + sum 1/2 e^T S e
    is conserved (trapezoidal rule, rho = 1). Without the quadratic velocity terms of the
    q-dependent mass, or with a wrong d(M a)/dq in Newton, it is not."""
    L, EA, EI, rhoA, nel, w0 = 1.0, 400.0, 1.0, 1.0, 4, 2.0
    mbs = new_system()
    xs = np.linspace(-L / 2, L / 2, nel + 1)
    nodes = []
    for x in xs:
        vy = w0 * x + 0.3 * np.cos(np.pi * x / L)
        nodes.append(mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[x, 0, 0],
                                                    initialVelocities=[0, vy, w0])))
    els = [mbs.AddObject(cd.ObjectDeformationBeam2D(
        nodeNumbers=[nodes[i], nodes[i + 1]], axialStiffness=EA, bendingStiffness=EI,
        massPerLength=rhoA, massMatrixType="consistent")) for i in range(nel)]
    mbs.Assemble()
    l0 = L / nel
    S = np.diag([EA / l0, 0, 0]) + EI / l0**3 * np.array([[0, 0, 0], [0, 4, 2], [0, 2, 4]])

    def energy():
        v = mbs.systemData.GetODE2Coordinates_t()
        E = 0.0
        for i, el in enumerate(els):
            M = mbs._core.object_parts(int(el))["M"]
            vi = v[3 * i:3 * i + 6]
            e = mbs.GetObjectOutput(el, ov.Deformation)
            E += 0.5 * vi @ M @ vi + 0.5 * e @ S @ e
        return E

    sd = mbs.systemData
    sd.SetODE2Coordinates(sd.GetODE2Coordinates(cd.ConfigurationType.Initial))
    sd.SetODE2Coordinates_t(sd.GetODE2Coordinates_t(cd.ConfigurationType.Initial))
    E0 = energy()
    mbs.SolveDynamic(settings(1e-3, 1.5, rho=1.0))
    E1 = energy()
    phi = mbs.GetNodeOutput(nodes[0], ov.Rotation)[2]
    print(f"energy {E0:.10g} -> {E1:.10g}, relative change {E1 / E0 - 1:.3g}; rotation {phi:.4f}")
    assert abs(phi) > 2.0                     # it turned by more than 2 rad
    assert abs(E1 / E0 - 1) < 1e-5
