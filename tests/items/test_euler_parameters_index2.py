"""Euler-parameter nodes off the unit sphere, as with index-2 constraints (TrapezoidalIndex2),
where only 2 e . e_t = 0 is enforced and |e| drifts by O(h^2).

The node's rotation matrix is A = 1 - 2 (e_j^2 + e_k^2) on the diagonal (cd_rot_ep's quadratic
form plus (1 - |e|^2) I), torques and reactions act through G = 2 [-e1 e0 -e3 e2; ...] (linear
in e) and the angular velocity outputs are G e_t and Gbar e_t: Exudyn's formulas. On |e| = 1 all
of them equal the rotation, A Gbar and A Gbar e_t; off it they decide the drifted solution, which
is therefore Exudyn's."""
import numpy as np
import pytest

import coordyn as cd
from coordyn.utilities import InertiaCylinder, RigidBodyInertia, RotationMatrixZ


def engine(name):
    """(module, item classes) of coordyn or Exudyn 1.13.6"""
    if name == "coordyn":
        return cd, cd
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    return exu, ii


def run(name, variant, steps=1000, t_end=5.0, tol=1e-10, solver="TrapezoidalIndex2"):
    """A disc (axis z, COM at [0, 0, 3]) turning under a body-fixed or global torque, optionally
    with a point 3 below its centre held by a Cartesian spring-damper, or rolling on the
    plane y = -0.5."""
    exu, ii = engine(name)
    SC = exu.SystemContainer()
    mbs = SC.AddSystem()
    spin = "spin" in variant
    b = mbs.CreateRigidBody(inertia=InertiaCylinder(1000, 0.1, 0.5, axis=2),
                            referencePosition=[0, 0, 3],
                            initialAngularVelocity=[0.3, 0.2, 1.0] if spin else [0, 0, 0])
    m = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, -3]))
    mc = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=b, localPosition=[0, 0, 0]))
    g = mbs.AddObject(ii.ObjectGround(referencePosition=[0, -0.5, 0]))
    mg = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0.5, 0]))
    mg0 = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
    if "spring" in variant:
        mbs.AddObject(ii.ObjectConnectorCartesianSpringDamper(
            markerNumbers=[m, mg], stiffness=[1e6] * 3, damping=[1e4] * 3))
    if "roll" in variant:
        mbs.AddObject(ii.ObjectJointRollingDisc(markerNumbers=[mg0, mc], discRadius=0.5,
                                                discAxis=[0, 0, 1], planeNormal=[0, 1, 0]))
    mbs.AddLoad(ii.LoadTorqueVector(markerNumber=m, loadVector=[0, 0, 20],
                                    bodyFixed="global" not in variant))
    sw = mbs.AddSensor(ii.SensorBody(bodyNumber=b, storeInternal=True,
                                     outputVariableType=exu.OutputVariableType.AngularVelocity))
    swl = mbs.AddSensor(ii.SensorBody(
        bodyNumber=b, storeInternal=True,
        outputVariableType=exu.OutputVariableType.AngularVelocityLocal))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.endTime = t_end
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.useModifiedNewton = False
    s.timeIntegration.newton.relativeTolerance = tol
    s.timeIntegration.newton.absoluteTolerance = tol
    s.solutionSettings.writeSolutionToFile = False
    if name == "coordyn":    # Exudyn does not project the parameters' rates
        s.timeIntegration.generalizedAlpha.projectEulerParameterVelocities = False
    mbs.SolveDynamic(s, solverType=getattr(exu.DynamicSolverType, solver))
    q = np.array(mbs.systemData.GetODE2Coordinates())
    return q, mbs.GetSensorStoredData(sw), mbs.GetSensorStoredData(swl)


def norm_drift(q):
    e = np.array([1.0, 0, 0, 0]) + q[3:7]
    return abs(e @ e - 1)


@pytest.mark.parametrize("variant", ["spin", "spin global", "spring", "roll spring"])
def test_drifted_solution_as_exudyn(variant):
    """the same models on Exudyn 1.13.6: coordinates and angular velocities to 1e-8; before
    Exudyn's formulas, coordyn differed by 4e-4 (spin), 4.8e-4 (spring: the point on the
    axis moved along z) and 2.5e-5 (rolling disc)"""
    q, w, wl = run("coordyn", variant)
    qe, we, wle = run("exudyn", variant)
    assert norm_drift(q) > 1e-6          # the norm has drifted: the formulas matter
    assert np.abs(q - qe).max() < 1e-8
    assert np.abs(w[:, 1:] - we[:, 1:]).max() < 1e-8 * max(1, np.abs(we[:, 1:]).max())
    assert np.abs(wl[:, 1:] - wle[:, 1:]).max() < 1e-8 * max(1, np.abs(wle[:, 1:]).max())


def test_turning_about_the_axis_keeps_the_axis():
    """a body turning about z only: with A_33 = 1 - 2 (e1^2 + e2^2) = 1 the point on the axis
    3 below the centre stays at z = 0 however far |e| drifts (the quadratic form, |e|^2 R,
    moved it by 4.8e-4), and the spring holding it stays unstretched along z"""
    q, w, _ = run("coordyn", "spring")
    assert norm_drift(q) > 1e-6
    assert abs(q[2]) < 1e-12
    assert np.abs(w[:, 1:3]).max() < 1e-12        # no angular velocity about x, y


def test_drift_is_second_order():
    """|e|^2 - 1 after 1 s of the spinning body shrinks about 4 times per halved step"""
    d = [norm_drift(run("coordyn", "spin", steps=n, t_end=1.0)[0]) for n in (100, 200, 400)]
    assert d[0] > 1e-7
    for a, b in zip(d, d[1:]):
        assert 3.0 < a / b < 5.0


def test_index3_is_unchanged():
    """with the norm constraint on position level the formulas agree: generalized alpha keeps
    |e| = 1 to the Newton tolerance and matches Exudyn as before"""
    q, w, _ = run("coordyn", "roll spring", solver="GeneralizedAlpha")
    qe, we, _ = run("exudyn", "roll spring", solver="GeneralizedAlpha")
    assert norm_drift(q) < 1e-9
    assert np.abs(q - qe).max() < 1e-8


def disc(q_rot):
    """an Euler-parameter body at displacement q_rot of its parameters (velocities given),
    with a body-fixed torque, a torsional spring-damper and a rolling-disc joint on it; returns
    the system, the items and |e|^2 - 1"""
    mbs = cd.SystemContainer().AddSystem()
    inertia = RigidBodyInertia(mass=2.0, inertiaTensor=np.diag([0.04, 0.02, 0.02]))
    b = mbs.CreateRigidBody(referencePosition=[0, 0, 0.2],
                            referenceRotationMatrix=RotationMatrixZ(np.pi / 2),
                            inertia=inertia)
    g = mbs.AddObject(cd.ObjectGround())
    mg = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
    mb = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[0.1, 0.05, -0.02]))
    ld = mbs.AddLoad(cd.LoadTorqueVector(markerNumber=mb, loadVector=[0.3, -2, 1],
                                         bodyFixed=True))
    ts = mbs.AddObject(cd.ObjectConnectorTorsionalSpringDamper(markerNumbers=[mg, mb],
                                                                stiffness=5, damping=0.3))
    rd = mbs.AddObject(cd.ObjectJointRollingDisc(markerNumbers=[mg, mb], discRadius=0.2))
    mbs.Assemble()
    q = np.concatenate([[0.01, -0.02, 0.005], q_rot])
    v = np.array([0.3, 0.1, -0.2, 0.4, -0.3, 0.2, 0.5])
    mbs.systemData.SetODE2Coordinates(q)
    mbs.systemData.SetODE2Coordinates_t(v)
    e = np.array([np.cos(np.pi / 4), 0, 0, np.sin(np.pi / 4)]) + q[3:]
    return mbs, ld, ts, rd, e @ e - 1


def jacobian_errors(mbs, ld, ts, rd):
    """largest relative difference analytic - numerical: of the load, and of the connectors"""
    a, n = mbs.GetLoadJacobian(ld), mbs.GetLoadJacobian(ld, numerical=True)
    assert a["analytic"] and np.abs(a["K"]).max() > 0.1
    err_load = np.abs(a["K"] - n["K"]).max() / np.abs(n["K"]).max()
    err_conn = 0.0
    for o in (ts,):          # (the rolling disc's Jacobian is numerical)
        for idx2 in (False, True):
            a = mbs.GetObjectJacobian(o, index2=idx2)
            n = mbs.GetObjectJacobian(o, numerical=True, index2=idx2)
            assert a["analytic"]
            for k in ("K", "D", "Cq", "Gq", "Gv"):
                if k in a and k in n and np.size(n[k]):
                    x, y = np.asarray(a[k]), np.asarray(n[k])
                    err_conn = max(err_conn, np.abs(x - y).max() / max(1, np.abs(y).max()))
    return err_load, err_conn


def test_jacobians_on_the_unit_sphere():
    """at |e| = 1 (any rotation, any velocities) the analytic Jacobians of the torque
    (G^T A tau) and of the torsional spring-damper are exact"""
    c, s = np.cos(0.35), np.sin(0.35)
    e = np.array([np.cos(np.pi / 4), 0, 0, np.sin(np.pi / 4)])
    # turn the reference by 0.7 rad about (1, 2, 2) / 3: e' = e o (c, s u)
    u = np.array([1, 2, 2]) / 3
    w0, wv = e[0], e[1:]
    e1 = np.concatenate([[w0 * c - wv @ (s * u)], w0 * s * u + c * wv + np.cross(wv, s * u)])
    mbs, ld, ts, rd, drift = disc(e1 - e)
    assert abs(drift) < 1e-14
    err_load, err_conn = jacobian_errors(mbs, ld, ts, rd)
    assert err_load < 1e-6 and err_conn < 1e-6    # numerical differentiation: 1e-7


def test_jacobians_off_the_unit_sphere():
    """at |e|^2 = 1.0099 the Jacobians stay exact: the torque's (G^T A tau, G linear in e), and
    the torsional spring-damper's, whose damping differentiates omega = A Gbar e_t (which is
    not G e_t there) by the markers' d omega/d e_t (measured 1.6e-6, the forward differences'
    error; with G for d omega/d e_t it was 3.5e-5)"""
    mbs, ld, ts, rd, drift = disc(np.array([0.003, 0.002, -0.001, 0.004]))
    assert abs(drift) > 0.009
    err_load, err_conn = jacobian_errors(mbs, ld, ts, rd)
    assert err_load < 1e-6 and err_conn < 5e-6
