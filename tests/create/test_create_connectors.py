"""CreateCartesianSpringDamper, CreateRigidBodySpringDamper, CreateTorsionalSpringDamper,
CreateLinearSpringDamper and CreateCoordinateConstraint: each model is built with the same
Create* calls on coordyn and on Exudyn 1.13.6 and gives the same motion (1e-10 relative), is
checked against a closed form where one exists, and each bad argument has its message."""
import warnings

import numpy as np
import pytest

import coordyn as cd
from conftest import new_system, settings

TOL = 1e-9   # relative, unless a test says otherwise


def _exudyn():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    import exudyn.rigidBodyUtilities as rbu
    return exu, ii, rbu


def _coordyn():
    return cd, cd, cd.rigid


def rxyz(rbu):
    """Tait-Bryan nodes in the comparisons: with them a free spinning body agrees with Exudyn to
    1e-11 (with Euler parameters coordyn projects the velocities onto the norm constraint after
    each step, which moves the angular velocity by ~1e-8 per second against Exudyn)"""
    if rbu is cd.rigid:
        return cd.rigid.NodeType.RotationRxyz
    return pytest.importorskip("exudyn").NodeType.RotationRxyz


def run(lib, build, steps=400, t_end=1.0):
    """build(mbs, items, rigid) on a fresh system of lib (coordyn or Exudyn), solve with full
    Newton and tight tolerances; returns the outputs build asked for at the end"""
    mod, items, rbu = lib
    SC = mod.SystemContainer()
    mbs = SC.AddSystem()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        outputs = build(mbs, items, rbu)
        mbs.Assemble()
        s = mod.SimulationSettings()
        s.timeIntegration.endTime = t_end
        s.timeIntegration.numberOfSteps = steps
        s.timeIntegration.newton.useModifiedNewton = False
        s.timeIntegration.newton.relativeTolerance = 1e-13
        s.timeIntegration.newton.absoluteTolerance = 1e-14
        s.timeIntegration.verboseMode = 0
        s.solutionSettings.writeSolutionToFile = False
        mbs.SolveDynamic(s)
    return {k: np.atleast_1d(np.asarray(f(mbs, mod.OutputVariableType), float))
            for k, f in outputs.items()}


def compare(build, tol=TOL, **kw):
    ref = run(_exudyn(), build, **kw)
    res = run(_coordyn(), build, **kw)
    for k, v in ref.items():
        scale = max(np.abs(v).max(), 1e-3)
        assert np.abs(res[k] - v).max() <= tol * scale, (k, res[k], v)
    return res, ref


def body_out(b, var, lp=(0, 0, 0)):
    return lambda mbs, ov: mbs.GetObjectOutputBody(b, getattr(ov, var), localPosition=list(lp))


def node_out(n, var):
    return lambda mbs, ov: mbs.GetNodeOutput(n, getattr(ov, var))


# ------------------------------------------------------------ CreateCartesianSpringDamper
def cartesian_model(mbs, ii, rbu):
    b0 = mbs.CreateMassPoint(referencePosition=[7, 0, 0], mass=1, gravity=[0, -9.81, 0])
    g = mbs.AddObject(ii.ObjectGround())
    mbs.CreateCartesianSpringDamper(itemNumbers=[g, b0], localPosition0=[7.5, 1, 0],
                                    stiffness=[200, 2000, 50], damping=[2, 20, 1],
                                    offset=[0.1, 0.2, 0.3])
    body = mbs.CreateRigidBody(inertia=rbu.InertiaCuboid(1000, [0.4, 0.2, 0.1]),
                               referencePosition=[6.5, 0, 0], initialAngularVelocity=[0.5, 0.2, 0.3],
                               nodeType=rxyz(rbu))
    mbs.CreateCartesianSpringDamper(itemNumbers=[body, b0], localPosition0=[0.2, 0.1, 0],
                                    stiffness=[30, 10, 20], damping=[1, 1, 1],
                                    offset=[0.3, -0.1, 0], name="c2")
    return {"mass": body_out(b0, "Position"), "body": body_out(body, "Position"),
            "w": body_out(body, "AngularVelocity")}


def test_cartesian_spring_damper_same_as_exudyn():
    """the mass point alone agrees to 2e-15; with the spinning body on the second spring the
    converged results (Newton tolerance 1e-12 to 1e-14 on both) differ by 3e-9 relative in the
    angular velocity after 1 s, a difference of the two engines' rigid-body integration, not
    of the connector's placement (a wrong marker point or offset changes them by O(1))"""
    res, _ = compare(cartesian_model, tol=1e-8)
    assert np.linalg.norm(res["mass"] - [7, 0, 0]) > 0.01


def test_cartesian_spring_damper_closed_form():
    """a mass on a Cartesian spring to ground: each axis an undamped oscillator,
    x_i(t) = offset_i + (x0_i - offset_i) cos(sqrt(k_i/m) t) (to the time integration's
    O(h^2), 1e-5 at 10000 steps per second)"""
    mbs = new_system()
    g = mbs.CreateGround()
    m = mbs.CreateMassPoint(referencePosition=[0.3, -0.2, 0.1], mass=2.0)
    mbs.CreateCartesianSpringDamper(itemNumbers=[g, m], stiffness=[50, 200, 800],
                                    offset=[0.1, 0.0, -0.1])
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-4, 1.0, rho=1.0))
    x = mbs.GetObjectOutputBody(m, cd.OutputVariableType.Position, localPosition=[0, 0, 0])
    w = np.sqrt(np.array([50, 200, 800]) / 2.0)
    off, x0 = np.array([0.1, 0.0, -0.1]), np.array([0.3, -0.2, 0.1])
    assert np.allclose(x, off + (x0 - off) * np.cos(w), atol=1e-5), x


# ------------------------------------------------------------ CreateRigidBodySpringDamper
def rbsd_rotation_model(mbs, ii, rbu, glob=True):
    """a body on a spherical joint at the connector point (no relative displacement) and a
    bushing with isotropic rotational stiffness and damping, spun about an oblique axis
    (Exudyn's intrinsic (SE(3) mid-frame) formulation, the default)"""
    g = mbs.CreateGround()
    A = rbu.RotationMatrixZ(0.3) @ rbu.RotationMatrixX(0.5)
    body = mbs.CreateRigidBody(inertia=rbu.InertiaCuboid(1000, [0.4, 0.2, 0.1]),
                               referencePosition=[1, 0, 0], referenceRotationMatrix=A,
                               initialAngularVelocity=[3, -2, 4], nodeType=rxyz(rbu))
    mbs.CreateSphericalJoint(itemNumbers=[g, body], position=[1, 0, 0])
    K = np.zeros((6, 6))
    K[3:, 3:] = 8.0 * np.eye(3)
    D = np.zeros((6, 6))
    D[3:, 3:] = 0.05 * np.eye(3)
    mbs.CreateRigidBodySpringDamper(itemNumbers=[g, body], localPosition0=[1, 0, 0],
                                    stiffness=K, damping=D,
                                    rotationMatrixJoint=rbu.RotationMatrixY(0.4),
                                    useGlobalFrame=glob)
    return {"A": body_out(body, "RotationMatrix"), "w": body_out(body, "AngularVelocity")}


@pytest.mark.parametrize("glob", [True, False])
def test_rigid_body_spring_damper_rotation_same_as_exudyn(glob):
    res, _ = compare(lambda m, i, r: rbsd_rotation_model(m, i, r, glob), steps=500)
    assert np.linalg.norm(res["w"]) > 1.0


def rbsd_general_model(mbs, ii, rbu, intrinsic):
    """a free body held by a fully coupled, anisotropic bushing with offsets in a turned joint
    frame, started displaced and turned (0.5 m, about 1 rad) and spinning: both of Exudyn's
    laws under combined displacement and rotation"""
    g = mbs.CreateGround()
    A = rbu.RotationMatrixZ(0.9) @ rbu.RotationMatrixX(0.6)
    body = mbs.CreateRigidBody(inertia=rbu.InertiaCuboid(1000, [0.4, 0.2, 0.1]),
                               referencePosition=[1.3, 0.4, -0.2], referenceRotationMatrix=A,
                               initialAngularVelocity=[1, -2, 1.5], nodeType=rxyz(rbu))
    B = np.arange(36.0).reshape(6, 6) % 5 - 2.0
    K = B @ B.T * 20 + 200 * np.eye(6)
    mbs.CreateRigidBodySpringDamper(itemNumbers=[g, body], localPosition0=[1, 0, 0],
                                    stiffness=K, damping=0.02 * K,
                                    offset=[0.01, 0.02, -0.03, 0.1, -0.05, 0.2],
                                    rotationMatrixJoint=rbu.RotationMatrixY(0.4),
                                    useIntrinsicFormulation=intrinsic)
    return {"A": body_out(body, "RotationMatrix"), "p": body_out(body, "Position")}


@pytest.mark.parametrize("intrinsic", [True, False])
def test_rigid_body_spring_damper_general_motion_same_as_exudyn(intrinsic):
    res, _ = compare(lambda m, i, r: rbsd_general_model(m, i, r, intrinsic), steps=500)
    assert np.abs(res["p"] - [1.3, 0.4, -0.2]).max() > 0.01


@pytest.mark.parametrize("glob", [True, False])
def test_rigid_body_spring_damper_translation_static(glob):
    """a coupled translational bushing in a turned joint frame carrying a body's weight at
    its centre of mass, with the Tait-Bryan law (translations and rotations uncoupled): the
    displacement is F K_t^-1 F^T m g with F the global joint frame:
    RJ with the ground as item0 (useGlobalFrame=True; exact, the body does not turn), or
    A_body RJ with the body as item0 (useGlobalFrame=False; the frame then turns with the
    body's small static rotation, so the check is to first order). (Exudyn's intrinsic law
    turns the body by the lever torque of the displacement: the test above.)"""
    mbs = new_system()
    g = mbs.CreateGround()
    inertia = cd.rigid.InertiaCuboid(1000, [0.4, 0.2, 0.1])
    Ab = cd.rigid.RotationMatrixZ(0.7)
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[1, 0, 0],
                               referenceRotationMatrix=Ab, gravity=[0, -9.81, 2.0])
    K = np.diag([1e4, 2e4, 3e4, 50, 60, 70.0])
    K[0, 1] = K[1, 0] = 3e3
    RJ = cd.rigid.RotationMatrixX(0.3) @ cd.rigid.RotationMatrixY(0.2)
    if glob:
        mbs.CreateRigidBodySpringDamper(itemNumbers=[g, body], localPosition0=[1, 0, 0],
                                        stiffness=K, rotationMatrixJoint=RJ,
                                        useIntrinsicFormulation=False)
        F = RJ
    else:
        mbs.CreateRigidBodySpringDamper(itemNumbers=[body, g], localPosition1=[1, 0, 0],
                                        stiffness=K, rotationMatrixJoint=RJ,
                                        useGlobalFrame=False, useIntrinsicFormulation=False)
        F = Ab @ RJ
    mbs.Assemble()
    mbs.SolveStatic()
    p = mbs.GetObjectOutputBody(body, cd.OutputVariableType.Position, localPosition=[0, 0, 0])
    u = F @ np.linalg.solve(K[:3, :3], F.T @ (inertia.mass * np.array([0, -9.81, 2.0])))
    A = np.reshape(mbs.GetObjectOutputBody(body, cd.OutputVariableType.RotationMatrix,
                                           localPosition=[0, 0, 0]), (3, 3))
    if glob:
        assert np.allclose(A, Ab, atol=1e-12)
        assert np.allclose(p - [1, 0, 0], u, rtol=1e-9, atol=1e-14), (p, u)
    else:   # the frame turns with the body a little: compare to first order in the rotation
        assert np.allclose(p - [1, 0, 0], u, rtol=1e-2, atol=1e-9), (p, u)
        assert np.linalg.norm(p - [1, 0, 0] - u) > 0 and np.linalg.norm(u) > 1e-3


def test_rigid_body_spring_damper_period():
    """a bushing with rotational stiffness k about the z axis of a body on a revolute joint:
    period 2 pi sqrt(J_zz / k) (quarter period: the angle passes zero)"""
    mbs = new_system()
    g = mbs.CreateGround()
    inertia = cd.rigid.InertiaCuboid(1000, [0.4, 0.2, 0.1])
    body = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, 0, 0],
                               initialAngularVelocity=[0, 0, 1.0])
    mbs.CreateRevoluteJoint(itemNumbers=[g, body], position=[0, 0, 0], axis=[0, 0, 1])
    K = np.zeros((6, 6))
    K[5, 5] = 20.0
    mbs.CreateRigidBodySpringDamper(itemNumbers=[g, body], stiffness=K)
    s = mbs.AddSensor(cd.SensorBody(bodyNumber=body, outputVariableType=cd.OutputVariableType.AngularVelocity))
    mbs.Assemble()
    Jzz = inertia.inertiaTensor[2, 2]
    T = 2 * np.pi * np.sqrt(Jzz / 20.0)
    mbs.SolveDynamic(settings(T / 4000, T, rho=1.0))
    w = mbs.GetSensorStoredData(s)[:, 3]
    assert abs(w[-1] - 1.0) < 1e-4 and abs(w[len(w) // 2] + 1.0) < 1e-4
    assert np.min(w) == pytest.approx(-1.0, abs=1e-4)


def test_rigid_body_spring_damper_unsupported_options():
    mbs = new_system()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000, [1, 1, 1]))
    # useIntrinsicFormulation goes to the item (False: Exudyn's Tait-Bryan-angle law, True
    # Exudyn's intrinsic law)
    o = mbs.CreateRigidBodySpringDamper(itemNumbers=[g, b], useIntrinsicFormulation=False)
    assert mbs.GetObject(o)["useIntrinsicFormulation"] is False
    o = mbs.CreateRigidBodySpringDamper(itemNumbers=[g, b])
    assert mbs.GetObject(o)["useIntrinsicFormulation"] is True
    with pytest.raises(TypeError, match="CreateRigidBodySpringDamper.*useIntrinsicFormulation"):
        mbs.CreateRigidBodySpringDamper(itemNumbers=[g, b], useIntrinsicFormulation="no")
    with pytest.raises(ValueError, match="CreateRigidBodySpringDamper.*postNewtonStep"):
        mbs.CreateRigidBodySpringDamper(itemNumbers=[g, b],
                                        postNewtonStepUserFunction=lambda *a: [0])
    with pytest.raises(TypeError, match="CreateRigidBodySpringDamper.*'stiffness'.*6x6"):
        mbs.CreateRigidBodySpringDamper(itemNumbers=[g, b], stiffness=np.eye(3))
    m = mbs.CreateMassPoint(mass=1)
    with pytest.raises(ValueError, match="CreateRigidBodySpringDamper.*no orientation"):
        mbs.CreateRigidBodySpringDamper(itemNumbers=[g, m])


# ------------------------------------------------------------ CreateTorsionalSpringDamper
def torsional_model(mbs, ii, rbu, glob=True):
    g = mbs.CreateGround()
    A = rbu.RotationMatrixY(0.2)
    body = mbs.CreateRigidBody(inertia=rbu.InertiaCuboid(1000, [0.4, 0.2, 0.1]),
                               referencePosition=[0.5, 0.2, 0], referenceRotationMatrix=A,
                               initialAngularVelocity=list(2.0 * np.array([1, 2, 2]) / 3),
                               nodeType=rxyz(rbu))
    axis = np.array([1, 2, 2]) / 3
    mbs.CreateRevoluteJoint(itemNumbers=[g, body], position=[0.5, 0.2, 0], axis=list(axis))
    mbs.CreateTorsionalSpringDamper(itemNumbers=[body, g], position=[0, 0, 0] if not glob else
                                    [0.5, 0.2, 0], axis=list(A.T @ axis) if not glob else
                                    list(axis), stiffness=3.0, damping=0.01, offset=0.2,
                                    torque=0.05, useGlobalFrame=glob)
    return {"A": body_out(body, "RotationMatrix"), "w": body_out(body, "AngularVelocity")}


@pytest.mark.parametrize("glob", [True, False])
def test_torsional_spring_damper_same_as_exudyn(glob):
    res, _ = compare(lambda m, i, r: torsional_model(m, i, r, glob), steps=500)
    assert np.linalg.norm(res["w"]) > 0.1


def test_torsional_spring_damper_bad_arguments():
    mbs = new_system()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000, [1, 1, 1]))
    with pytest.raises(ValueError, match="CreateTorsionalSpringDamper.*'stiffness'.*>= 0"):
        mbs.CreateTorsionalSpringDamper(itemNumbers=[g, b], axis=[0, 0, 1], stiffness=-1)
    with pytest.raises(ValueError, match="CreateTorsionalSpringDamper.*'axis'.*zero"):
        mbs.CreateTorsionalSpringDamper(itemNumbers=[g, b])
    m = mbs.CreateMassPoint(mass=1)
    with pytest.raises(ValueError, match="CreateTorsionalSpringDamper.*no orientation"):
        mbs.CreateTorsionalSpringDamper(itemNumbers=[g, m], axis=[0, 0, 1])


# ------------------------------------------------------------ CreateLinearSpringDamper
def linear_model(mbs, ii, rbu):
    g = mbs.CreateGround()
    axis = np.array([1.0, 1.0, 0.0]) / np.sqrt(2)
    b0 = mbs.CreateRigidBody(inertia=rbu.InertiaCuboid(density=1000, sideLengths=[0.2, 0.1, 0.1]),
                             referencePosition=[1, 0, 0], gravity=[-9.81, 0, 0],
                             initialVelocity=list(0.3 * axis), nodeType=rxyz(rbu))
    mbs.CreatePrismaticJoint(itemNumbers=[g, b0], position=[1, 0, 0], axis=list(axis))
    mbs.CreateLinearSpringDamper(itemNumbers=[g, b0], position=[1, 0, 0], axis=[1, 1, 0],
                                 stiffness=1e3, damping=10, offset=0.05, force=2.0,
                                 velocityOffset=0.1)
    return {"p": body_out(b0, "Position"), "v": body_out(b0, "Velocity")}


def test_linear_spring_damper_same_as_exudyn():
    res, _ = compare(linear_model)
    assert np.linalg.norm(res["p"] - [1, 0, 0]) > 1e-3


def test_linear_spring_damper_static_equilibrium():
    """Exudyn's docstring example with damping: the slider comes to rest where
    k u = m g (u the displacement along the axis, against gravity)"""
    mbs = new_system()
    g = mbs.CreateGround()
    inertia = cd.rigid.InertiaCuboid(density=1000, sideLengths=[0.2, 0.1, 0.1])
    b0 = mbs.CreateRigidBody(inertia=inertia, referencePosition=[1, 0, 0], gravity=[-9.81, 0, 0])
    mbs.CreatePrismaticJoint(itemNumbers=[g, b0], position=[1, 0, 0], axis=[1, 0, 0])
    mbs.CreateLinearSpringDamper(itemNumbers=[g, b0], position=[1, 0, 0], axis=[1, 0, 0],
                                 stiffness=1e3, damping=10)
    mbs.Assemble()
    mbs.SolveStatic()
    x = mbs.GetObjectOutputBody(b0, cd.OutputVariableType.Position, localPosition=[0, 0, 0])
    assert x[0] - 1 == pytest.approx(-inertia.mass * 9.81 / 1e3, rel=1e-9)


def test_linear_spring_damper_bad_arguments():
    mbs = new_system()
    g = mbs.CreateGround()
    b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000, [1, 1, 1]))
    with pytest.raises(ValueError, match="CreateLinearSpringDamper.*'axis'.*zero"):
        mbs.CreateLinearSpringDamper(itemNumbers=[g, b], axis=[0, 0, 0])
    with pytest.raises(ValueError, match="CreateLinearSpringDamper.*'damping'.*>= 0"):
        mbs.CreateLinearSpringDamper(itemNumbers=[g, b], damping=-2)
    n = mbs.AddNode(cd.NodePoint())
    with pytest.raises(TypeError, match="CreateLinearSpringDamper.*itemNumbers"):
        mbs.CreateLinearSpringDamper(itemNumbers=[g, n])


# ------------------------------------------------------------ CreateCoordinateConstraint
def coordinate_model(mbs, ii, rbu):
    """Exudyn's docstring example, plus a gear ratio with an offset between two nodes"""
    b0 = mbs.CreateRigidBody(inertia=rbu.InertiaCuboid(density=5000, sideLengths=[1, 0.1, 0.1]),
                             referencePosition=[6, 0, 0], gravity=[0, -9.81, 0],
                             initialAngularVelocity=[0, 0, 1], nodeType=rxyz(rbu))
    m1 = mbs.CreateMassPoint(referencePosition=[5.5, -1, 0], mass=1)
    mbs.CreateCoordinateConstraint(itemNumbers=[None, b0], coordinates=[None, 0])
    mbs.CreateCoordinateConstraint(itemNumbers=[b0, m1], coordinates=[1, 2])
    n0 = mbs.AddNode(ii.Node1D(referenceCoordinates=[0.0], initialVelocities=[0.25]))
    n1 = mbs.AddNode(ii.Node1D(referenceCoordinates=[0.0], initialVelocities=[0.5]))
    for n in (n0, n1):
        mbs.AddObject(ii.ObjectMass1D(nodeNumber=n, physicsMass=2.0))
    ground = mbs.CreateGround()
    mbs.CreateCoordinateConstraint(itemNumbers=[n1, n0], coordinates=[0, 0], factor1=2.0,
                                   offset=0.0, name="gear")
    mc = mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=n0, coordinate=0))
    mg = mbs.AddMarker(ii.MarkerNodeCoordinate(
        nodeNumber=mbs.AddNode(ii.NodePointGround()), coordinate=0))
    mbs.AddObject(ii.ObjectConnectorCoordinateSpringDamper(markerNumbers=[mg, mc],
                                                           stiffness=100.0))
    mbs.CreateCoordinateConstraint(itemNumbers=[ground, m1], coordinates=[None, 1])
    return {"b0": body_out(b0, "Position"), "w": body_out(b0, "AngularVelocity"),
            "m1": body_out(m1, "Position"), "n0": node_out(n0, "Coordinates"),
            "n1": node_out(n1, "Coordinates")}


def test_coordinate_constraint_same_as_exudyn():
    res, _ = compare(coordinate_model)
    assert res["b0"][0] == pytest.approx(6.0, abs=1e-12)       # x of b0 held at 6
    assert res["n1"][0] == pytest.approx(2 * res["n0"][0], abs=1e-12)   # q1 = 2 q0... gear


def test_coordinate_constraint_gear_closed_form():
    """2 q_b - q_a = 0 with masses m_a, m_b and a spring k on q_a: one oscillator of
    frequency sqrt(k / (m_a + m_b / 4)), exactly the reduced model"""
    mbs = new_system()
    na = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0], initialCoordinates=[0.1]))
    nb = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0], initialCoordinates=[0.05]))
    mbs.AddObject(cd.ObjectMass1D(nodeNumber=na, physicsMass=2.0))
    mbs.AddObject(cd.ObjectMass1D(nodeNumber=nb, physicsMass=4.0))
    mbs.CreateCoordinateConstraint(itemNumbers=[na, nb], coordinates=[0, 0], factor1=2.0)
    ma = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=na, coordinate=0))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(cd.NodePointGround()),
                                               coordinate=0))
    mbs.AddObject(cd.ObjectConnectorCoordinateSpringDamper(markerNumbers=[mg, ma],
                                                           stiffness=300.0))
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-4, 0.5, rho=1.0))
    w = np.sqrt(300.0 / (2.0 + 4.0 / 4))
    qa = np.atleast_1d(mbs.GetNodeOutput(na, cd.OutputVariableType.Coordinates))[0]
    qb = np.atleast_1d(mbs.GetNodeOutput(nb, cd.OutputVariableType.Coordinates))[0]
    assert qa == pytest.approx(0.1 * np.cos(w * 0.5), abs=1e-6)
    assert qb == pytest.approx(qa / 2, abs=1e-12)


def test_coordinate_constraint_velocity_level_and_user_function():
    """velocityLevel with offsetUserFunction_t: q_t = v(t) = 0.3 t, so q = 0.15 t^2"""
    mbs = new_system()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0]))
    mbs.AddObject(cd.ObjectMass1D(nodeNumber=n, physicsMass=1.0))
    mbs.CreateCoordinateConstraint(itemNumbers=[None, n], coordinates=[None, 0],
                                   velocityLevel=True,
                                   offsetUserFunction_t=lambda mbs, t, i, off: 0.3 * t)
    mbs.Assemble()
    mbs.SolveDynamic(settings(1e-3, 1.0))
    q = np.atleast_1d(mbs.GetNodeOutput(n, cd.OutputVariableType.Coordinates))[0]
    assert q == pytest.approx(0.15, rel=1e-6)


def test_coordinate_constraint_bad_arguments():
    mbs = new_system()
    g = mbs.CreateGround()
    m = mbs.CreateMassPoint(mass=1)
    with pytest.raises(ValueError, match="CreateCoordinateConstraint.*one of the two items"):
        mbs.CreateCoordinateConstraint(itemNumbers=[None, g], coordinates=[None, None])
    with pytest.raises(ValueError, match=r"CreateCoordinateConstraint.*coordinates\[1\]"):
        mbs.CreateCoordinateConstraint(itemNumbers=[None, m], coordinates=[None, 1.5])
    with pytest.raises(ValueError, match="CreateCoordinateConstraint.*has no coordinate 3"):
        mbs.CreateCoordinateConstraint(itemNumbers=[None, m], coordinates=[None, 3])
    with pytest.raises(TypeError, match="CreateCoordinateConstraint.*'coordinates'"):
        mbs.CreateCoordinateConstraint(itemNumbers=[None, m], coordinates=0)
    with pytest.raises(TypeError, match="CreateCoordinateConstraint.*'factor1'"):
        mbs.CreateCoordinateConstraint(itemNumbers=[None, m], coordinates=[None, 0],
                                       factor1="2")


def test_rigid_body_spring_damper_user_function_goes_to_the_item():
    """springForceTorqueUserFunction reaches the connector (as in Exudyn's Create): a function
    returning K (x - offset) + D x_t gives the motion of the built-in law (to the Newton
    tolerance: the user function's Jacobian is numerical), and one returning twice the torque
    a different one"""
    def run(uf, scale=1.0):
        mbs = new_system()
        g = mbs.CreateGround()
        b = mbs.CreateRigidBody(inertia=cd.rigid.InertiaCuboid(1000, [0.2, 0.3, 0.4]),
                                initialAngularVelocity=[0.5, -0.3, 1.0],
                                initialVelocity=[0.1, 0, 0])
        K = np.diag([100.0, 200, 300, 5, 6, 7])
        D = 0.1 * K
        def f(mbs, t, itemNumber, displacement, rotation, velocity, angularVelocity,
              stiffness, damping, rotJ0, rotJ1, offset):
            x = np.concatenate([displacement, rotation]) - offset
            v = np.concatenate([velocity, angularVelocity])
            out = np.asarray(stiffness) @ x + np.asarray(damping) @ v
            out[3:] *= scale
            return list(out)
        mbs.CreateRigidBodySpringDamper(itemNumbers=[g, b], stiffness=K, damping=D,
                                        useIntrinsicFormulation=False,
                                        springForceTorqueUserFunction=f if uf else 0)
        mbs.Assemble()
        mbs.SolveDynamic(settings(1e-3, 0.5))
        return np.array(mbs.systemData.GetODE2Coordinates())
    q0 = run(False)
    assert np.abs(run(True) - q0).max() < 1e-9
    assert np.abs(run(True, 2.0) - q0).max() > 1e-3
