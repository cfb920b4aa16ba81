"""The seed's four-bar with one elastic deformation: the four-bar of tests/deformation/
fourbar_models.py with its input hinge locked (rigid), the crank rigid, the rocker CD rigid and
the coupler BC an elastic truss of stiffness k; a point mass m at the joint C under gravity g.
The degree-of-freedom count is 1 (the coupler's elongation), the mechanism's 0.

Derivation by hand of the linearized one-degree-of-freedom equation. B is fixed (locked crank),
C = D + c (cos psi, sin psi) moves on the rocker's circle; take psi as the coordinate. The
coupler's length l(psi) = |C - B| and elongation e = l - l0, with (C' = dC/dpsi =
c (-sin psi, cos psi), C'' = -(C - D))
    l'  = (C - B) . C' / l,
    l'' = (|C'|^2 + (C - B) . C'') / l - ((C - B) . C')^2 / l^3.
Kinetic energy T = 1/2 m c^2 psi_t^2 (the other nodes are massless), potential energy
V = 1/2 k e^2 + m g c sin psi. Static equilibrium psi*: V'(psi*) = k e l' + m g c cos psi* = 0
(the coupler force sigma* = k e* balances gravity through the linkage). Linearized about it:
    m c^2 dpsi_tt + V''(psi*) dpsi = 0,   V'' = k l'^2 + k e* l'' - m g c sin psi*.
With de = l' dpsi this is the equation in the elastic deformation
    m_eff de_tt + (k_eff + k_geo) de = 0,
    m_eff = m c^2 / l'^2,  k_eff = k,  k_geo = (sigma* l'' - m g c sin psi*) / l'^2,
where k_geo, of order m g, is the geometric stiffness of the stressed linkage (the coupler
force turning with the coupler, gravity turning with the rocker). omega^2 = (k_eff + k_geo) /
m_eff. The test compares the engine's static equilibrium with psi*, the eigenvalue of
mbs.ComputeODE2Eigenvalues about it (which sees the rigid elements' multipliers through their
geometric stiffness) with omega^2, and the period of a small-amplitude SolveDynamic simulation
with 2 pi / omega."""
import numpy as np
from scipy.optimize import brentq

import coordyn as cd
import fourbar_models as fb
from conftest import settings

M, G, K = 2.0, 9.81, 500.0
ov = cd.OutputVariableType


def hand(b):
    """psi*, e*, omega^2, m_eff, k_geo from the derivation above"""
    B, _ = fb.reference_points()
    D = np.array([fb.D_, 0.0])
    c = fb.C_

    def geo(psi):
        C = D + c * np.array([np.cos(psi), np.sin(psi)])
        Cp = c * np.array([-np.sin(psi), np.cos(psi)])
        Cpp = -(C - D)
        r = C - B
        l = np.linalg.norm(r)
        lp = r @ Cp / l
        lpp = (Cp @ Cp + r @ Cpp) / l - (r @ Cp) ** 2 / l**3
        return l, lp, lpp

    def dV(psi):
        l, lp, _ = geo(psi)
        return K * (l - b) * lp + M * G * c * np.cos(psi)

    psi = brentq(dV, fb.PSI0 - 0.3, fb.PSI0 + 0.3)
    l, lp, lpp = geo(psi)
    e = l - b
    Vpp = K * lp**2 + K * e * lpp - M * G * c * np.sin(psi)
    m_eff = M * c * c / lp**2
    k_geo = (K * e * lpp - M * G * c * np.sin(psi)) / lp**2
    omega2 = Vpp / (M * c * c)
    assert abs((K + k_geo) / m_eff - omega2) < 1e-12 * omega2
    return psi, e, omega2, m_eff, k_geo


def rocker_angle(pos):
    return np.arctan2(pos[..., 1], pos[..., 0] - fb.D_)


def compliant():
    """the coupler's axial stiffness EA = k l0 (its stiffness as a spring is EA / l0 = k)"""
    B, C = fb.reference_points()
    l0 = np.linalg.norm(C - B)
    return fb.build(hinge_mode="rigid", coupler_mode="elastic", coupler_k=K * l0, mass=M, g=G)


def test_dof_count():
    mbs, _ = compliant()
    dof = mbs.ComputeDeformationDegreesOfFreedom()
    assert (dof.degreesOfFreedom, dof.elastic, dof.mechanismDegreesOfFreedom) == (1, 1, 0)


def test_equilibrium_and_frequency():
    mbs, it = compliant()
    psi, e, omega2, m_eff, k_geo = hand(it["b"])
    print(f"hand: psi* = {np.degrees(psi):.6f} deg, e* = {e:.6g}, omega^2 = {omega2:.10g}, "
          f"m_eff = {m_eff:.6g}, k_eff = {K}, k_geo = {k_geo:.6g}")
    assert abs(k_geo) > 1e-3 * K       # the geometric term matters at this load
    mbs.SolveStatic(updateInitialValues=True)
    pos = mbs.GetNodeOutput(it["C"], ov.Position)
    assert abs(rocker_angle(pos) - psi) < 1e-10
    assert abs(float(mbs.GetObjectOutput(it["coupler"], ov.Deformation)) - e) < 1e-10
    assert abs(float(mbs.GetObjectOutput(it["coupler"], ov.StressResultant)) - K * e) < 1e-7
    omega2_num, _ = mbs.ComputeODE2Eigenvalues()
    assert len(omega2_num) == 1
    print("eigenvalue", omega2_num[0], "relative error", omega2_num[0] / omega2 - 1)
    assert abs(omega2_num[0] / omega2 - 1) < 1e-8
    # without the rigid elements' multipliers the geometric term of the rocker is lost: the
    # eigenvalue is then wrong (the test above would fail if they were ignored)
    mbs.systemData.SetAECoordinates(np.zeros(mbs.systemData.NumberOfAECoordinates()),
                                    cd.ConfigurationType.Initial)
    wrong, _ = mbs.ComputeODE2Eigenvalues()
    assert abs(wrong[0] / omega2 - 1) > 1e-3


def test_small_amplitude_period():
    mbs, it = compliant()
    psi, e, omega2, m_eff, _ = hand(it["b"])
    s = mbs.AddSensor(cd.SensorObject(objectNumber=it["coupler"], outputVariableType=ov.Deformation))
    mbs.Assemble()
    mbs.SolveStatic(updateInitialValues=True)
    # perturb C along the rocker's circle by dpsi (consistent with every constraint)
    dpsi = 1e-3
    q0 = mbs.systemData.GetODE2Coordinates(cd.ConfigurationType.Initial)
    qref = mbs.systemData.GetODE2Coordinates(cd.ConfigurationType.Reference)
    C = np.array([fb.D_, 0.0]) + fb.C_ * np.array([np.cos(psi + dpsi), np.sin(psi + dpsi)])
    q0[9:11] = C - qref[9:11]
    mbs.systemData.SetODE2Coordinates(q0, cd.ConfigurationType.Initial)
    T = 2 * np.pi / np.sqrt(omega2)
    h = T / 400
    nper = 5
    mbs.SolveDynamic(settings(h, h * round((nper + 0.5) * T / h), rho=0.98))
    data = np.array(mbs.GetSensorStoredData(s))
    t, x = data[:, 0], data[:, 1] - e
    # upward zero crossings, linearly interpolated
    idx = np.flatnonzero((x[:-1] < 0) & (x[1:] >= 0))
    tc = t[idx] - x[idx] * (t[idx + 1] - t[idx]) / (x[idx + 1] - x[idx])
    assert len(tc) >= nper - 1
    period = np.mean(np.diff(tc))
    print(f"period {period:.8g} vs 2 pi / omega = {T:.8g}: relative error {period / T - 1:.3g}")
    assert abs(period / T - 1) < 1e-3
    # about the static equilibrium e*, with the amplitude de = l' dpsi, l' = c sqrt(m / m_eff)
    lp = fb.C_ * np.sqrt(M / m_eff)
    assert abs(np.abs(x).max() / (lp * dpsi) - 1) < 0.01
