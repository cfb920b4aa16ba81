"""A compliant four-bar built from deformation elements (the seed's SPACAR-style elements).

Ground pivots A = (0, 0) and D = (4, 0); crank AB (length 1, at 60 degrees), coupler BC, rocker
CD (length 2, at 100 degrees). The crank is an ObjectDeformationBeam2D with its three
deformations rigid, driven through an ObjectDeformationHinge2D between a fixed ground frame and
the crank's node A; the coupler and the rocker are ObjectDeformationTruss2D; a point mass m sits
at the joint C under gravity.

1. The kinematic model: every deformation rigid, the hinge angle prescribed (the crank turns at
   1 rad/s): degree-of-freedom count 0, and mbs.SolveKinematics gives the motion of C and the
   driving torque (inverse dynamics).
2. The compliant model, the same elements: the hinge locked (rigid) and the coupler elastic
   (stiffness k as a spring): one degree of freedom. The static equilibrium under gravity
   (SolveStatic), the natural frequency about it (ComputeODE2Eigenvalues) and a short
   simulation of a small oscillation (SolveDynamic), whose period is 2 pi / omega.
Switching the coupler between 'rigid' and 'elastic' is one parameter (SetObjectParameter) and a
new Assemble: the model is not rebuilt. Runs in well under a second; prints the results.
"""
import numpy as np

import coordyn as cd

A_LEN, C_LEN, D_X = 1.0, 2.0, 4.0
THETA0, PSI0 = np.radians(60.0), np.radians(100.0)
MASS, G, K = 2.0, 9.81, 500.0
ov = cd.OutputVariableType


def points():
    B = A_LEN * np.array([np.cos(THETA0), np.sin(THETA0)])
    C = np.array([D_X, 0.0]) + C_LEN * np.array([np.cos(PSI0), np.sin(PSI0)])
    return B, C


def build(speed=1.0):
    """the four-bar: all deformations rigid, the crank driven at `speed` (rad/s); returns
    (mbs, items)"""
    mbs = cd.SystemContainer().AddSystem()
    B, C = points()
    nG = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, THETA0]))
    nA = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, THETA0]))
    nB = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[B[0], B[1], THETA0]))
    nC = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=list(C)))
    nD = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[D_X, 0, 0]))
    ground = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
    for (n, j) in [(nG, 0), (nG, 1), (nG, 2), (nA, 0), (nA, 1)]:   # ground frame, pivot A
        mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=j))
        mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    hinge = mbs.AddObject(cd.ObjectDeformationHinge2D(
        nodeNumbers=[nG, nA], deformationModes=["prescribed"],
        prescribedDeformationUserFunction=lambda mbs, t, i, ep: [speed * t],
        prescribedDeformationUserFunction_t=lambda mbs, t, i, ep: [speed]))
    crank = mbs.AddObject(cd.ObjectDeformationBeam2D(nodeNumbers=[nA, nB],
                                                     deformationModes=["rigid"] * 3))
    l0 = float(np.linalg.norm(C - B))
    coupler = mbs.AddObject(cd.ObjectDeformationTruss2D(
        nodeNumbers=[nB, nC], deformationModes=["rigid"], axialStiffness=K * l0))
    rocker = mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[nC, nD],
                                                       deformationModes=["rigid"]))
    mbs.AddObject(cd.MassPoint2D(physicsMass=MASS, nodeNumber=nC))
    mC = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nC))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mC, loadVector=[0, -MASS * G, 0]))
    sensor = mbs.AddSensor(cd.SensorObject(objectNumber=coupler,
                                           outputVariableType=ov.Deformation))
    mbs.Assemble()
    return mbs, dict(C=nC, hinge=hinge, crank=crank, coupler=coupler, rocker=rocker,
                     sensor=sensor, l0=l0)


def kinematics(mbs, it):
    """the driven rigid four-bar over a quarter turn of the crank"""
    dof = mbs.ComputeDeformationDegreesOfFreedom()
    print(dof)
    times = np.linspace(0.0, np.pi / 2, 7)
    res = mbs.SolveKinematics(times)
    torque = -res.multipliers[:, 5]   # the hinge's multiplier, 6th after 5 coordinate constraints
    print("\nkinematic analysis (crank at 1 rad/s):")
    print("   t [s]    C_x [m]    C_y [m]   |v_C| [m/s]  |a_C| [m/s^2]  torque [N m]")
    for k, t in enumerate(times):
        q, v, a = (res.coordinates[k, 9:11], res.coordinates_t[k, 9:11],
                   res.coordinates_tt[k, 9:11])
        C = points()[1] + q
        print(f"  {t:6.3f}  {C[0]:9.5f}  {C[1]:9.5f}  {np.linalg.norm(v):10.5f}  "
              f"{np.linalg.norm(a):12.5f}  {torque[k]:11.5f}")
    return dof, res


def compliant(mbs, it, dpsi=1e-3, periods=4):
    """the hinge locked, the coupler elastic: equilibrium, frequency, a small oscillation"""
    mbs.SetObjectParameter(it["hinge"], "deformationModes", ["rigid"])
    mbs.SetObjectParameter(it["coupler"], "deformationModes", ["elastic"])
    mbs.Assemble()
    dof = mbs.ComputeDeformationDegreesOfFreedom()
    mbs.SolveStatic(updateInitialValues=True)
    e_static = float(mbs.GetObjectOutput(it["coupler"], ov.Deformation))
    C = mbs.GetNodeOutput(it["C"], ov.Position)[:2]
    psi = np.arctan2(C[1], C[0] - D_X)
    omega2, _ = mbs.ComputeODE2Eigenvalues()
    omega = float(np.sqrt(omega2[0]))
    # a small oscillation: C turned by dpsi about D (consistent with every constraint)
    q0 = mbs.systemData.GetODE2Coordinates(cd.ConfigurationType.Initial)
    Cnew = np.array([D_X, 0.0]) + C_LEN * np.array([np.cos(psi + dpsi), np.sin(psi + dpsi)])
    q0[9:11] = Cnew - points()[1]
    mbs.systemData.SetODE2Coordinates(q0, cd.ConfigurationType.Initial)
    T = 2 * np.pi / omega
    s = cd.SimulationSettings()
    h = T / 200
    s.timeIntegration.numberOfSteps = int(round((periods + 0.5) * T / h))
    s.timeIntegration.endTime = s.timeIntegration.numberOfSteps * h
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.98
    s.solutionSettings.sensorsWritePeriod = h
    s.progressBar = False
    mbs.SolveDynamic(s)
    data = np.array(mbs.GetSensorStoredData(it["sensor"]))
    t, x = data[:, 0], data[:, 1] - e_static
    i = np.flatnonzero((x[:-1] < 0) & (x[1:] >= 0))
    tc = t[i] - x[i] * (t[i + 1] - t[i]) / (x[i + 1] - x[i])
    period = float(np.mean(np.diff(tc)))
    print("\ncompliant four-bar (coupler elastic, k = %g N/m, m = %g kg):" % (K, MASS))
    print(f"  degrees of freedom {dof.degreesOfFreedom} (elastic {dof.elastic})")
    print(f"  static equilibrium: rocker angle {np.degrees(psi):.4f} deg, coupler elongation "
          f"{e_static:.6g} m, force {K * e_static:.5g} N")
    print(f"  natural frequency {omega:.6f} rad/s ({omega / (2 * np.pi):.5f} Hz)")
    print(f"  simulated period {period:.6f} s, 2 pi / omega = {T:.6f} s")
    return dof, psi, e_static, omega, period


def main():
    mbs, it = build()
    dof0, res = kinematics(mbs, it)
    dof1, psi, e_static, omega, period = compliant(mbs, it)
    return dict(dof_kinematic=dof0.degreesOfFreedom, dof_compliant=dof1.degreesOfFreedom,
                kinematics=res, psi=psi, e_static=e_static, omega=omega, period=period,
                l0=it["l0"])


if __name__ == "__main__":
    main()
