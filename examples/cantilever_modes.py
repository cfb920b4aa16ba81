"""Eigenfrequencies of a cantilever and of a pendulum: linearized analysis.

A cantilever of length L (EI, rhoA) clamped at x = 0, discretized with 16 ANCF cable elements
(ObjectANCFCable2D) and with 16 quadratic geometrically exact 2D beam elements
(ObjectBeamGeometricallyExact2D with 3 nodes), both with a high axial (and shear) stiffness:
mbs.ComputeODE2Eigenvalues gives omega^2; the first four bending frequencies are compared with
Euler-Bernoulli's omega_n = (beta_n L)^2 sqrt(EI / (rhoA L^4)). Then a point mass on a distance
constraint, linearized about its static equilibrium (SolveStatic with updateInitialValues=True
keeps the equilibrium and its multiplier as the initial state): omega^2 = g / L. Run as a
script, it plots the first four cable mode shapes (cantilever_modes.png).
"""
import numpy as np

import coordyn as cd

L, EI, RHOA, EA = 2.0, 3.0, 1.5, 3e6
BETAL2 = np.array([3.51601526, 22.0344916, 61.6972144, 120.901916])   # (beta_n L)^2
N_EL = 16


def cantilever(kind, n_el=N_EL):
    """[omega_1..4 in rad/s], the modes (columns) and the node list"""
    mbs = cd.SystemContainer().AddSystem()
    if kind == "cable":
        template = cd.ObjectANCFCable2D(massPerLength=RHOA, bendingStiffness=EI,
                                        axialStiffness=EA)
        nodes = cd.beams.GenerateStraightLineANCFCable2D(
            mbs, [0, 0, 0], [L, 0, 0], n_el, template, fixedConstraintsNode0=[1, 1, 0, 1])[0]
    else:
        template = cd.ObjectBeamGeometricallyExact2D(
            massPerLength=RHOA, crossSectionInertia=RHOA * EI / EA, bendingStiffness=EI,
            axialStiffness=EA, shearStiffness=EA, nodeNumbers=[0, 0, 0])
        nodes = cd.beams.GenerateStraightBeam(mbs, [0, 0, 0], [L, 0, 0], n_el, template,
                                              fixedConstraintsNode0=[1, 1, 1])[0]
    mbs.Assemble()
    omega2, modes = mbs.ComputeODE2Eigenvalues(numberOfEigenvalues=4)
    return np.sqrt(omega2), modes, nodes


def pendulum(length=0.8, g=9.81):
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[0, -length]))
    body = mbs.AddObject(cd.MassPoint2D(mass=0.5, nodeNumber=node))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
    mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=length))
    mm = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mm, loadVector=[0, -g, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.staticSolver.stabilizerODE2term = 1.0    # no stiffness across the link at lambda = 0
    s.staticSolver.numberOfLoadSteps = 2
    mbs.SolveStatic(s, updateInitialValues=True)
    omega2, _ = mbs.ComputeODE2Eigenvalues()
    return omega2[0], g / length


def main(plot=False):
    exact = BETAL2 * np.sqrt(EI / (RHOA * L**4))
    errors = {}
    for kind in ("cable", "beam"):
        omega, modes, nodes = cantilever(kind)
        errors[kind] = omega / exact - 1
        print(f"{kind:5s} ({N_EL} elements): omega = " + ", ".join(f"{w:.5f}" for w in omega)
              + "   relative errors " + ", ".join(f"{e:+.1e}" for e in errors[kind]))
        if plot and kind == "cable":
            import matplotlib.pyplot as plt
            x = np.linspace(0, L, N_EL + 1)
            for j in range(4):   # the y coordinate of each node (4 coordinates per node)
                y = modes[1::4, j]
                plt.plot(x, y / np.abs(y).max(), label=f"mode {j + 1}")
            plt.xlabel("x"); plt.ylabel("y (scaled)"); plt.legend()
            plt.savefig("cantilever_modes.png", dpi=100)
    print(f"exact:  omega = " + ", ".join(f"{w:.5f}" for w in exact))
    w2, ref = pendulum()
    errors["pendulum"] = w2 / ref - 1
    print(f"pendulum: omega^2 = {w2:.10f}, g/L = {ref:.10f}")
    return errors


if __name__ == "__main__":
    main(plot=True)
