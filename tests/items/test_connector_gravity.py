"""ObjectConnectorGravity: Newton's gravitation between two bodies, checked against Kepler's
third law, the conservation of energy and angular momentum of the two-body problem, Exudyn
1.13.6 on its own mini example, and numerical differentiation."""
import numpy as np
import pytest

import coordyn as cd
from conftest import check_jacobian, new_system

G = 6.6743e-11


def two_bodies(M, m, d0, v0, rho=1.0, steps=2000, t_end=1.0, dmin=0.0, sensors=True):
    """Bodies M and m, relative position d0 and relative velocity v0 (m relative to M), the
    centre of mass at rest at the origin."""
    mbs = new_system()
    d0, v0 = np.asarray(d0, float), np.asarray(v0, float)
    w0, w1 = -m / (M + m), M / (M + m)
    n0 = mbs.AddNode(cd.NodePoint(referenceCoordinates=list(w0 * d0),
                                  initialVelocities=list(w0 * v0)))
    n1 = mbs.AddNode(cd.NodePoint(referenceCoordinates=list(w1 * d0),
                                  initialVelocities=list(w1 * v0)))
    mbs.AddObject(cd.MassPoint(physicsMass=M, nodeNumber=n0))
    mbs.AddObject(cd.MassPoint(physicsMass=m, nodeNumber=n1))
    m0 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n0))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n1))
    grav = mbs.AddObject(cd.ObjectConnectorGravity(markerNumbers=[m0, m1], mass0=M, mass1=m,
                                                   gravitationalConstant=G,
                                                   minDistanceRegularization=dmin))
    ov = cd.OutputVariableType
    sens = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=v))
            for n in (n0, n1) for v in (ov.Position, ov.Velocity)] if sensors else []
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = t_end
    s.timeIntegration.generalizedAlpha.spectralRadius = rho
    s.solutionSettings.sensorsWritePeriod = t_end / steps
    s.progressBar = False
    return mbs, grav, sens, s


def orbit(M, m, rp, e, periods=1.0, steps_per_period=2000):
    """An elliptic orbit started at periapsis rp with eccentricity e; returns the solved system,
    its sensors and the Kepler period 2 pi sqrt(a^3 / (G (M + m)))."""
    mu = G * (M + m)
    a = rp / (1 - e)
    T = 2 * np.pi * np.sqrt(a ** 3 / mu)
    vp = np.sqrt(mu * (1 + e) / rp)
    mbs, grav, sens, s = two_bodies(M, m, [rp, 0, 0], [0, vp, 0], t_end=periods * T,
                                    steps=int(periods * steps_per_period))
    mbs.SolveDynamic(s)
    return mbs, grav, sens, T, a


def measured_period(mbs, sens):
    """time of the first return of the relative position to the +x axis (y from - to +,
    linear interpolation between output rows)"""
    p0, p1 = mbs.GetSensorStoredData(sens[0]), mbs.GetSensorStoredData(sens[2])
    t, y = p1[:, 0], p1[:, 2] - p0[:, 2]
    k = np.nonzero((y[:-1] < 0) & (y[1:] >= 0))[0][0]
    return t[k] - y[k] * (t[k + 1] - t[k]) / (y[k + 1] - y[k])


def test_kepler_third_law():
    """T^2 / a^3 = 4 pi^2 / (G (M + m)) for two orbits of different size and shape; the
    trapezoidal rule's period error is O(h^2): 2.1e-5 at 2000 steps per period (e = 0.3),
    so 8000 steps give about 1.3e-6"""
    M, m = 1e25, 1e23
    ratios = []
    for rp, e in ((1e5, 0.3), (2.5e5, 0.2)):
        mbs, _, sens, T, a = orbit(M, m, rp, e, periods=1.2, steps_per_period=8000)
        Tm = measured_period(mbs, sens)
        assert abs(Tm - T) < 5e-6 * T, (Tm, T)
        ratios.append(Tm ** 2 / a ** 3)
    assert abs(ratios[0] / ratios[1] - 1) < 1e-5
    assert abs(ratios[0] * G * (M + m) / (4 * np.pi ** 2) - 1) < 1e-5


def test_energy_and_angular_momentum_are_conserved():
    M, m = 1e25, 3e24
    mbs, _, sens, T, _ = orbit(M, m, 1e5, 0.5, periods=1.0, steps_per_period=8000)
    x0, v0, x1, v1 = (mbs.GetSensorStoredData(k)[:, 1:] for k in sens)
    L = np.linalg.norm(x1 - x0, axis=1)
    E = 0.5 * M * (v0 ** 2).sum(1) + 0.5 * m * (v1 ** 2).sum(1) - G * M * m / L
    H = M * np.cross(x0, v0)[:, 2] + m * np.cross(x1, v1)[:, 2]
    assert L.max() / L.min() > 2.5   # a real ellipse: periapsis 1e5, apoapsis 3e5
    # the trapezoidal rule (rho_inf = 1) keeps both within O(h^2) during the orbit (largest
    # at periapsis) and returns to them after a full period
    assert np.abs(E / E[0] - 1).max() < 1e-5 and abs(E[-1] / E[0] - 1) < 1e-9
    assert np.abs(H / H[0] - 1).max() < 1e-5


def test_exudyn_mini_example():
    """Exudyn's mini example (star 1e25 kg, satellite 1e3 kg on a circle of radius 1e5 m, a
    quarter period) with generalized-alpha, 1000 steps, full Newton: Exudyn 1.13.6 gives the
    satellite at (0.03251830242516007, 99999.99948742718) (run here); the exact quarter orbit
    ends at (0, 1e5)."""
    M, m, r = 1e25, 1e3, 1e5
    v = np.sqrt(G * M / r)
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    n1 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[r, 0, 0], initialVelocities=[0, v, 0]))
    mbs.AddObject(cd.MassPoint(nodeNumber=n0, physicsMass=M))
    mbs.AddObject(cd.MassPoint(nodeNumber=n1, physicsMass=m))
    m0 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n0))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n1))
    mbs.AddObject(cd.ObjectConnectorGravity(markerNumbers=[m0, m1], mass0=M, mass1=m))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = r * 0.5 * np.pi / v
    s.timeIntegration.numberOfSteps = 1000
    s.progressBar = False
    mbs.SolveDynamic(s)
    p = mbs.GetNodeOutput(n1, cd.OutputVariableType.Position)
    np.testing.assert_allclose(p[:2], [0.03251830242516007, 99999.99948742718], rtol=0,
                               atol=1e-8 * r)


@pytest.mark.parametrize("dmin", [0.0, 3.0])
def test_force_output_and_regularization(dmin):
    """|F| = G m0 m1 / L^2, or G m0 m1 / (L^2 + (L - dmin)^2) below dmin; the Force output is
    the force on marker 0, pointing to marker 1 (as Exudyn 1.13.6 reports it); the potential
    energy is -int_L^inf F (numerical quadrature)"""
    M, m, d = 2e10, 5e9, np.array([1.2, 1.6, 0.0])   # L = 2
    mbs, grav, _, _ = two_bodies(M, m, d, [0, 0, 0], dmin=dmin, sensors=False)
    L = 2.0
    den = L ** 2 + (L - dmin) ** 2 if L < dmin else L ** 2
    F = mbs.GetObjectOutput(grav, cd.OutputVariableType.Force)
    np.testing.assert_allclose(F, G * M * m / den * d / L, rtol=1e-14)
    from scipy.integrate import quad
    f = lambda x: G * M * m / (x * x + (x - dmin) ** 2 if x < dmin else x * x)  # noqa: E731
    V = -(quad(f, L, max(L, dmin))[0] + quad(f, max(L, dmin), np.inf)[0])
    assert mbs.GetObjectOutput(grav, cd.OutputVariableType.PotentialEnergy) == pytest.approx(
        V, rel=1e-10)
    assert mbs.GetObjectOutput(grav, cd.OutputVariableType.Distance) == pytest.approx(L)
    np.testing.assert_allclose(mbs.GetObjectOutput(grav, cd.OutputVariableType.Displacement), d)


@pytest.mark.parametrize("dmin", [0.0, 3.0])
def test_analytic_jacobian_and_element_parts(dmin):
    mbs, grav, _, _ = two_bodies(2e10, 5e9, [1.2, 1.6, 0.3], [0, 0, 0], dmin=dmin,
                                 sensors=False)
    mbs.systemData.SetODE2Coordinates([0.01, -0.02, 0.03, 0.1, 0.05, -0.07])
    check_jacobian(mbs, grav)
    parts = mbs._core.object_parts(int(grav))
    assert parts["elastic"] and parts["geometric"]
    jac = mbs.GetObjectJacobian(grav)
    np.testing.assert_allclose(parts["Kel"], jac["K"], rtol=1e-14, atol=1e-20)
    # geometric stiffness (F / L) [[P, -P], [-P, P]] for point markers
    d = mbs.GetObjectOutput(grav, cd.OutputVariableType.Displacement)
    L = np.linalg.norm(d)
    F = np.linalg.norm(mbs.GetObjectOutput(grav, cd.OutputVariableType.Force))
    P = np.eye(3) - np.outer(d, d) / L ** 2
    np.testing.assert_allclose(parts["Kg"], F / L * np.block([[P, -P], [-P, P]]), rtol=1e-12,
                               atol=1e-12 * F / L)


def test_inactive_connector_applies_no_force():
    mbs, grav, sens, s = two_bodies(1e25, 1e3, [1e5, 0, 0], [0, 0, 0], steps=10, t_end=1.0)
    mbs.ModifyObject(grav, {"activeConnector": False})
    mbs.Assemble()
    mbs.SolveDynamic(s)
    assert np.allclose(mbs.GetSensorStoredData(sens[2])[-1, 1:], [1e5 * 1e25 / (1e25 + 1e3),
                                                                   0, 0], rtol=1e-14)


@pytest.mark.parametrize("params, message", [
    (dict(mass0=-1.0), "ObjectConnectorGravity 2: parameter 'mass0' must be >= 0"),
    (dict(minDistanceRegularization=-0.5),
     "ObjectConnectorGravity 2: parameter 'minDistanceRegularization' must be >= 0"),
])
def test_bad_parameters_are_named(params, message):
    mbs = new_system()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(physicsMass=1, nodeNumber=n))
    ground = mbs.AddObject(cd.ObjectGround())
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    with pytest.raises(ValueError, match=message):
        mbs.AddObject(cd.ObjectConnectorGravity(markerNumbers=[m0, m1], **params))


def test_markers_must_have_positions():
    mbs = new_system()
    n = mbs.AddNode(cd.NodePoint())
    m0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    with pytest.raises(ValueError, match="ObjectConnectorGravity 0: parameter 'markerNumbers' "
                                         "entry 0 refers to marker 0 of type "
                                         "MarkerNodeCoordinate, which provides no position"):
        mbs.AddObject(cd.ObjectConnectorGravity(markerNumbers=[m0, m1], mass0=1, mass1=1))


def test_colliding_bodies_stop_the_solve():
    """With dmin = 0 and the bodies falling into each other from rest (they meet at
    t = pi / (2 sqrt(2 G (M + m))) = 0.096 s) the force grows without bound; the solve must
    stop there and say where, not return a wrong answer"""
    mbs, grav, _, s = two_bodies(1e12, 1e12, [1.0, 0, 0], [0, 0, 0], steps=200, t_end=2.0,
                                 sensors=False)
    with pytest.raises(cd.SolverError, match=r"time integration failed at t = 0\.09.*NodePoint"):
        mbs.SolveDynamic(s)
