"""ObjectJointRollingDisc: a rigid disc rolling without slip on a plane (velocity-level
constraints), checked against closed forms (straight rolling x = R phi with Newton's law for the
rolling cylinder, a coin in steady circular motion), Exudyn 1.13.6 on its rollingCoinTest model,
and bad input."""
import numpy as np
import pytest

import coordyn as cd



def coin_model(exu, itemmod, util, phi0=np.pi / 180, omega_z=10 * np.pi, r=0.01, m=1.0,
               t_end=0.5, h=5e-4, index2=True, axes=(1, 1, 1), init_acc=True, rtol=1e-8):
    """Exudyn's rollingCoinTest: a coin of radius r, tilted by phi0 about y, spinning about the
    vertical axis, rolling on the ground plane z = 0 (the same script for both engines)."""
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    g = [0, 0, -9.81]
    p0 = [r * np.sin(phi0), 0, r * np.cos(phi0)]
    A0 = util.RotationMatrixY(phi0)
    om = [0, 0, omega_z]
    v0 = util.Skew(om) @ A0 @ [0, 0, r]
    inertia = util.RigidBodyInertia(mass=m, inertiaTensor=np.diag(
        [0.5 * m * r ** 2, 0.25 * m * r ** 2, 0.25 * m * r ** 2]))
    d = mbs.CreateRigidBody(referencePosition=p0, referenceRotationMatrix=A0, initialVelocity=v0,
                            initialAngularVelocity=om, inertia=inertia, gravity=g,
                            returnDict=True)
    ground = mbs.AddObject(itemmod.ObjectGround())
    mg = mbs.AddMarker(itemmod.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    mb = mbs.AddMarker(itemmod.MarkerBodyRigid(bodyNumber=d['bodyNumber'],
                                               localPosition=[0, 0, 0]))
    o = mbs.AddObject(itemmod.ObjectJointRollingDisc(markerNumbers=[mg, mb],
                                                     constrainedAxes=list(axes), discRadius=r))
    ov = exu.OutputVariableType
    sens = {k: mbs.AddSensor(itemmod.SensorObject(objectNumber=o, storeInternal=True,
                                                   outputVariableType=getattr(ov, k)))
            for k in ("ForceLocal", "Position", "Velocity")}
    sens["node"] = mbs.AddSensor(itemmod.SensorNode(nodeNumber=d['nodeNumber'],
                                                    storeInternal=True,
                                                    outputVariableType=ov.Position))
    sens["rot"] = mbs.AddSensor(itemmod.SensorNode(nodeNumber=d["nodeNumber"], storeInternal=True, outputVariableType=ov.Coordinates))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(t_end / h))
    s.timeIntegration.endTime = t_end
    s.solutionSettings.sensorsWritePeriod = h
    s.solutionSettings.writeSolutionToFile = False
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = index2
    s.timeIntegration.generalizedAlpha.useNewmark = index2
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.5
    s.timeIntegration.newton.relativeTolerance = rtol
    s.timeIntegration.generalizedAlpha.computeInitialAccelerations = init_acc
    mbs.SolveDynamic(s)
    return mbs, o, {k: mbs.GetSensorStoredData(v) for k, v in sens.items()}


def coordyn_coin(**kw):
    import coordyn.utilities as util
    return coin_model(cd, cd, util, **kw)


def test_exudyn_rolling_coin():
    """rollingCoinTest (index 2, Newmark, spectral radius 0.5) for 0.05 s (100 steps) on both
    engines; both start from zero accelerations (computeInitialAccelerations=False): Exudyn's
    initial accelerations leave out the velocity-level constraints' d/dt(C) q_t term, coordyn's
    include it, so with it the multipliers of the first steps differ. The remaining force
    difference (1e-7 of the normal force after 100 steps) comes from where the two Newton
    iterations stop: Exudyn's Jacobian of this joint has no position derivatives."""
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ei
    import exudyn.utilities as eu
    kw = dict(t_end=0.05, init_acc=False, rtol=1e-12)
    _, _, ref = coin_model(exu, ei, eu, **kw)
    _, _, res = coordyn_coin(**kw)
    r, v, mg = 0.01, 0.01 * 10 * np.pi, 9.81   # the scales: radius, r omega, weight
    # measured: node 3.5e-10 r, Euler parameters 4.5e-10, contact point 7.5e-9 r, trail
    # velocity 3.5e-9 r omega, forces 1.3e-7 m g
    for k, scale, tol in (("node", r, 1e-8), ("rot", 1.0, 1e-8), ("Position", r, 2e-8),
                          ("Velocity", v, 1e-8), ("ForceLocal", mg, 1e-6)):
        a, b = res[k][:, 1:], ref[k][:, 1:]
        assert a.shape == b.shape and a.shape[0] == 101, k
        err = np.abs(a - b).max()
        assert err <= tol * scale, (k, err / scale)
    assert np.abs(ref["ForceLocal"][-1, 3] - 9.78) < 0.01   # the normal force ~ m g


def straight_disc(R=0.2, m=2.0, F=3.0, v0=0.5, t_end=1.0, steps=2000, index2=True,
                  marker0=None, create=False, **jointkw):
    """An upright disc (axis along global y, the body x axis) on the plane z = 0, pushed by
    the force F along x at its centre, rolling from the speed v0."""
    from coordyn.utilities import RotationMatrixZ, RigidBodyInertia
    mbs = cd.SystemContainer().AddSystem()
    J = 0.5 * m * R ** 2
    inertia = RigidBodyInertia(mass=m, inertiaTensor=np.diag([J, 0.25 * m * R ** 2,
                                                              0.25 * m * R ** 2]))
    d = mbs.CreateRigidBody(referencePosition=[0, 0, R],
                            referenceRotationMatrix=RotationMatrixZ(np.pi / 2),
                            initialVelocity=[v0, 0, 0], initialAngularVelocity=[0, v0 / R, 0],
                            inertia=inertia, gravity=[0, 0, -9.81], returnDict=True)
    ground = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    mb = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=d['bodyNumber'], localPosition=[0, 0, 0]))
    mc = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=d['bodyNumber'], localPosition=[0, 0, 0]))
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mc, loadVector=[F, 0, 0]))
    if create:   # MainSystem.CreateRollingDisc makes the same markers and joint
        o = mbs.CreateRollingDisc(bodyNumbers=[ground, d['bodyNumber']], axisPosition=[],
                                  axisVector=[1, 0, 0], discRadius=R, **jointkw)
    else:
        kw = dict(markerNumbers=[mg if marker0 is None else marker0(mbs, ground), mb],
                  discRadius=R)
        kw.update(jointkw)
        o = mbs.AddObject(cd.ObjectJointRollingDisc(**kw))
    ov = cd.OutputVariableType
    sp = mbs.AddSensor(cd.SensorNode(nodeNumber=d['nodeNumber'], storeInternal=True,
                                     outputVariableType=ov.Position))
    sw = mbs.AddSensor(cd.SensorNode(nodeNumber=d['nodeNumber'], storeInternal=True,
                                     outputVariableType=ov.AngularVelocity))
    sf = mbs.AddSensor(cd.SensorObject(objectNumber=o, storeInternal=True,
                                       outputVariableType=ov.ForceLocal))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = t_end
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = index2
    s.timeIntegration.generalizedAlpha.useNewmark = index2
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.generalizedAlpha.spectralRadius = 1.0   # exact for constant acceleration
    s.solutionSettings.sensorsWritePeriod = t_end / steps
    s.progressBar = False
    mbs.SolveDynamic(s)
    return mbs, o, [mbs.GetSensorStoredData(x) for x in (sp, sw, sf)]


@pytest.mark.parametrize("index2", [True, False])
def test_straight_rolling_closed_form(index2):
    """a disc pushed by F rolls with a = F / (m + J / R^2) = 2 F / (3 m), omega_y = v / R
    (x = R phi), the friction force -F / 3 along the forward axis and the normal force m g; the
    rest is the integrator's O(h^2) error of the rotation (7.6e-6 in x with 500 steps, 4.4e-7
    with 2000). With index-2 constraints the Euler parameters' norm drifts (O(h^2)), and the
    rotation matrix of a drifted e tilts the disc axis (turned 90 degrees from the reference)
    sideways: 2.44e-7 at t = 1, as in Exudyn 1.13.6 (test_index2_drift_as_exudyn)"""
    R, m, F, v0 = 0.2, 2.0, 3.0, 0.5
    mbs, o, (p, w, f) = straight_disc(R, m, F, v0, index2=index2)
    t = p[:, 0]
    a = 2 * F / (3 * m)
    x = v0 * t + 0.5 * a * t ** 2
    assert np.abs(p[:, 1] - x).max() < 1e-6 * x.max()
    drift = 3e-7 if index2 else 1e-10     # index 2: 2.44e-7 at t = 1, as in Exudyn
    assert np.abs(p[:, 2]).max() < drift and np.abs(p[:, 3] - R).max() < 1e-10
    assert np.abs(w[:, 2] - (v0 + a * t) / R).max() < 1e-6 * (v0 + a) / R   # x = R phi
    wdrift = 1e-5 if index2 else 1e-9    # index 2: -9.19e-6 about x at t = 1, as in Exudyn
    assert np.abs(w[:, 1]).max() < wdrift and np.abs(w[:, 3]).max() < wdrift
    # forward axis wF = w1 x n0 = y x z = +x: the force on the disc along it is -F/3 (Exudyn's
    # ForceLocal is the force on the disc, [lateral, forward, normal]); the multipliers carry
    # the undamped integrator's (spectral radius 1) oscillation: measured 6.5e-6 F (index 2),
    # 2.6e-4 F (generalized alpha)
    assert np.abs(f[1:, 2] + F / 3).max() < 2e-4 * F
    assert np.abs(f[1:, 3] - m * 9.81).max() < 2e-4 * m * 9.81
    assert np.abs(f[1:, 1]).max() < (5e-6 if index2 else 1e-8)   # index 2: 3.43e-6, as Exudyn
    pc = mbs.GetObjectOutput(o, cd.OutputVariableType.Position)
    assert np.allclose(pc, [x[-1], 0, 0], atol=1e-6)   # velocity level: z drifts (1.6e-7)
    vt = mbs.GetObjectOutput(o, cd.OutputVariableType.Velocity)
    assert np.allclose(vt, [v0 + a * t[-1], 0, 0], rtol=1e-6,
                       atol=1e-6 if index2 else 1e-9)   # the trail's (index 2: |e| drift)
    A = np.array(mbs.GetObjectOutput(o, cd.OutputVariableType.RotationMatrix)).reshape(3, 3)
    # columns [wL, wF, n0] with wL = n0 x wF = z x x = y (Exudyn's joint frame)
    assert np.allclose(A, [[0, 1, 0], [1, 0, 0], [0, 0, 1]], atol=1e-6 if index2 else 1e-9)


def test_free_forward_axis_slides():
    """constrainedAxes [1, 0, 1]: the forward slip is free, so the pushed disc slides without
    turning (a = F / m, omega = v0 / R) and its forward multiplier is 0"""
    R, m, F, v0 = 0.2, 2.0, 3.0, 0.5
    _, _, (p, w, f) = straight_disc(R, m, F, v0, constrainedAxes=[1, 0, 1])
    t = p[:, 0]
    assert np.abs(p[:, 1] - (v0 * t + 0.5 * F / m * t ** 2)).max() < 1e-8
    assert np.abs(w[:, 2] - v0 / R).max() < 1e-8
    assert np.abs(f[:, 2]).max() == 0.0


def test_inactive_joint_free_fall():
    """activeConnector False: the disc falls freely, z = R - g t^2 / 2"""
    R = 0.2
    _, _, (p, w, f) = straight_disc(R, F=0.0, activeConnector=False, t_end=0.2, steps=100)
    t = p[:, 0]
    assert np.abs(p[:, 3] - (R - 0.5 * 9.81 * t ** 2)).max() < 1e-9
    assert np.abs(f[:, 1:]).max() == 0.0


@pytest.mark.parametrize("kw, msg", [
    (dict(discRadius=0.0), "parameter 'discRadius' must be > 0"),
    (dict(constrainedAxes=[1, 2, 1]), "parameter 'constrainedAxes' entries must be 0 or 1"),
    (dict(discAxis=[0, 0, 0]), "parameter 'discAxis' must not be the zero vector"),
    (dict(planeNormal=[0, 0, 2]), "parameter 'planeNormal' must be a unit vector"),
])
def test_bad_parameters(kw, msg):
    with pytest.raises(Exception, match="ObjectJointRollingDisc 2: " + msg.replace("'", ".")):
        straight_disc(steps=2, **kw)


def test_marker_without_orientation():
    def point_marker(mbs, ground):
        return mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    with pytest.raises(Exception, match="ObjectJointRollingDisc 2: parameter 'markerNumbers' "
                                        "entry 0 .* provides no orientation"):
        straight_disc(steps=2, marker0=point_marker)


def test_disc_flat_on_plane():
    with pytest.raises(Exception, match="ObjectJointRollingDisc 2: the disc axis is parallel "
                                        "to the plane normal"):
        straight_disc(steps=2, discAxis=[0, 0, 1])   # the body z axis is the global z axis


def test_create_rolling_disc():
    """MainSystem.CreateRollingDisc gives the same motion as the joint added by hand, and
    checks its arguments"""
    _, o, ref = straight_disc(steps=200)
    mbs, o2, res = straight_disc(steps=200, create=True, planeNormal=[0, 0, 1])
    for a, b in zip(res, ref):
        assert np.array_equal(a, b)
    j = mbs.GetObject(o2)
    assert j["objectType"] == "JointRollingDisc" and j["discRadius"] == 0.2
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(referencePosition=[0, 0, 1], inertia=cd.rigid.InertiaSphere(1, 1))
    with pytest.raises(ValueError, match="CreateRollingDisc: argument 'discRadius' must be > 0"):
        mbs.CreateRollingDisc(bodyNumbers=[g, b], discRadius=0.0)
    with pytest.raises(ValueError, match="CreateRollingDisc: argument 'constrainedAxes'"):
        mbs.CreateRollingDisc(bodyNumbers=[g, b], discRadius=1.0, constrainedAxes=[1, 2, 1])
    with pytest.raises(TypeError, match="CreateRollingDisc: argument 'axisVector'"):
        mbs.CreateRollingDisc(bodyNumbers=[g, b], discRadius=1.0, axisVector=[1, 0])
    with pytest.raises(TypeError, match="CreateRollingDisc: give the two items"):
        mbs.CreateRollingDisc(discRadius=1.0)


def test_coin_spinning_upright_in_place():
    """steady motion: an upright coin spinning about its vertical diameter at Omega does not
    roll (the contact point is on the spin axis) and needs no friction: the centre stays at
    [0, 0, r], the coin turns by Omega t about z, the contact force is [0, 0, m g]"""
    from coordyn.utilities import RigidBodyInertia, RotationMatrixZ
    r, m, Om, T = 0.01, 1.0, 20.0, 0.2
    mbs = cd.SystemContainer().AddSystem()
    inertia = RigidBodyInertia(mass=m, inertiaTensor=np.diag([0.5 * m * r ** 2,
                                                              0.25 * m * r ** 2,
                                                              0.25 * m * r ** 2]))
    d = mbs.CreateRigidBody(referencePosition=[0, 0, r], initialAngularVelocity=[0, 0, Om],
                            inertia=inertia, gravity=[0, 0, -9.81], returnDict=True)
    ground = mbs.CreateGround()
    o = mbs.CreateRollingDisc(bodyNumbers=[ground, d['bodyNumber']], axisPosition=[0, 0, 0],
                              discRadius=r)
    ov = cd.OutputVariableType
    sf = mbs.AddSensor(cd.SensorObject(objectNumber=o, storeInternal=True,
                                       outputVariableType=ov.ForceLocal))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 400, T
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.solutionSettings.sensorsWritePeriod = T / 400
    s.progressBar = False
    mbs.SolveDynamic(s)
    n = d['nodeNumber']
    assert np.allclose(mbs.GetNodeOutput(n, ov.Position), [0, 0, r], atol=1e-12)
    A = np.array(mbs.GetNodeOutput(n, ov.RotationMatrix)).reshape(3, 3)
    assert np.abs(A - RotationMatrixZ(Om * T)).max() < 1e-5   # the integrator's O(h^2)
    assert np.allclose(mbs.GetNodeOutput(n, ov.AngularVelocity), [0, 0, Om], rtol=1e-10)
    f = mbs.GetSensorStoredData(sf)
    assert np.abs(f[:, 1:3]).max() < 1e-9
    assert np.abs(f[1:, 3] - m * 9.81).max() < 1e-9 * m * 9.81
    # the contact point stays at the origin, below the centre
    assert np.allclose(mbs.GetObjectOutput(o, ov.Position), [0, 0, 0], atol=1e-12)


def test_coin_steady_precession_fixed_centre():
    """steady motion of a tilted coin whose centre stays at rest (Euler's disk): the disc
    plane at alpha from the horizontal, the angular velocity along the line from the centre to
    the contact point, omega = -Omega sin(alpha) w3; the moment of the weight about the centre,
    a m g cos(alpha), turns the angular momentum (m a^2 / 4) omega at Omega when
    Omega^2 = 4 g / (a sin(alpha)). The disc axis precesses about the vertical at Omega."""
    from coordyn.utilities import RigidBodyInertia, RotationMatrixY
    a, m, g, alpha = 0.1, 1.0, 9.81, 0.5
    Om = np.sqrt(4 * g / (a * np.sin(alpha)))
    w3 = np.array([np.cos(alpha), 0, -np.sin(alpha)])
    mbs = cd.SystemContainer().AddSystem()
    inertia = RigidBodyInertia(mass=m, inertiaTensor=np.diag([0.5 * m * a ** 2,
                                                              0.25 * m * a ** 2,
                                                              0.25 * m * a ** 2]))
    d = mbs.CreateRigidBody(referencePosition=[0, 0, a * np.sin(alpha)],
                            referenceRotationMatrix=RotationMatrixY(alpha - np.pi / 2),
                            initialAngularVelocity=list(-Om * np.sin(alpha) * w3),
                            inertia=inertia, gravity=[0, 0, -g], returnDict=True)
    ground = mbs.CreateGround()
    o = mbs.CreateRollingDisc(bodyNumbers=[ground, d['bodyNumber']], axisPosition=[0, 0, 0],
                              discRadius=a)
    ov = cd.OutputVariableType
    sf = mbs.AddSensor(cd.SensorObject(objectNumber=o, storeInternal=True,
                                       outputVariableType=ov.ForceLocal))
    sp = mbs.AddSensor(cd.SensorNode(nodeNumber=d['nodeNumber'], storeInternal=True,
                                     outputVariableType=ov.Position))
    mbs.Assemble()
    T, steps = 2 * np.pi / Om, 2000              # one precession period
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = steps, T
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.solutionSettings.sensorsWritePeriod = T / steps
    s.progressBar = False
    mbs.SolveDynamic(s)
    p = mbs.GetSensorStoredData(sp)
    f = mbs.GetSensorStoredData(sf)
    A = np.array(mbs.GetNodeOutput(d['nodeNumber'], ov.RotationMatrix)).reshape(3, 3)
    errs = (np.abs(p[:, 1:] - [0, 0, a * np.sin(alpha)]).max() / a,
            np.abs(A[:, 0] - [np.sin(alpha), 0, np.cos(alpha)]).max(),
            np.abs(f[1:, 1:] - [0, 0, m * g]).max() / (m * g))
    # measured: 8.3e-13, 2.1e-6 (the integrator's), 2.5e-8
    assert errs[0] < 1e-10   # the centre stays
    assert errs[1] < 1e-5    # the axis is back after one period 2 pi / Omega
    assert errs[2] < 1e-6    # no friction, normal force m g
