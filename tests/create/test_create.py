"""The MainSystem.Create* helpers (coordyn/create/): each builds a model whose motion is
checked against physics.

* CreateMassPoint: free fall, exact (generalized-alpha integrates constant accelerations
  exactly); the Exudyn reference MassPoint model of docs/references.rst.
* CreateRigidBody + CreateRevoluteJoint: the docs/references.rst pendulum (3D with Euler parameters
  and Tait-Bryan angles, 2D), within its O(h^2) error and with error ratio ~4 at h/2; the same
  pendulum in a tilted plane built from rotated bodies; a physical (bar) pendulum through
  revolute, spherical and generic joints against the exact solution.
* CreateSpringDamper: period 2 pi sqrt(m/k) and the damped closed form.
* CreateDistanceConstraint: the pendulum table.
* CreateForce / CreateTorque: exact uniform (angular) acceleration on free bodies, body-fixed
  force on a spinning body against its closed form.
* CreatePrismaticJoint: sliding down an incline with a = g sin(alpha), exact.
* Bad arguments: TypeError/ValueError naming the function and the argument.
"""
import numpy as np
import pytest

import coordyn as cd
from conftest import PEND_TABLE, new_system, pendulum_exact, row_at, settings
from coordyn.rigid import (InertiaCuboid, InertiaMassPoint, RigidBodyInertia,
                           RotationMatrixX, RotationMatrixY, RotationMatrixZ)

OV = cd.OutputVariableType
G = 9.81
TIMES = sorted(PEND_TABLE)
# pendulum error bound per second of simulated time at h = 1e-3 (as tests/items/test_constraints.py)
TOL_PER_SECOND = 2.5e-5


def body_sensor(mbs, body, var=OV.Position, localPosition=(0, 0, 0)):
    return mbs.AddSensor(cd.SensorBody(bodyNumber=body, localPosition=list(localPosition),
                                       outputVariableType=var))


def object_sensor(mbs, body, var):
    return mbs.AddSensor(cd.SensorObject(objectNumber=body, outputVariableType=var))


def solve(mbs, h, tend, rho=0.9):
    mbs.Assemble()
    mbs.SolveDynamic(settings(h, tend, rho))


def table_errors(data, times=TIMES):
    return np.array([np.linalg.norm(row_at(data, t)[:2] - PEND_TABLE[t]) for t in times])


def check_pendulum_order(run, times=TIMES):
    """run(h) -> position sensor data; errors vs the table within 2.5e-5 t at h = 1e-3 and
    3.5..4.5 times smaller at h/2."""
    e1, e2 = table_errors(run(1e-3), times), table_errors(run(5e-4), times)
    assert np.all(e1 < TOL_PER_SECOND * np.array(times)), e1
    ratio = e1 / e2
    assert np.all((ratio > 3.5) & (ratio < 4.5)), ratio


# ---------------------------------------------------------------- CreateMassPoint

@pytest.mark.parametrize("create2D", [False, True])
def test_mass_point_free_fall_exact(create2D):
    """p(t) = p0 + u0 + v0 t + g t^2 / 2 at every step to rounding; returns an ObjectIndex, or
    with returnDict the node, body, mass marker and load."""
    mbs = new_system()
    p0, u0, v0, g = [1.0, 2.0, 0], [0.5, -0.25, 0], [0.5, 3.0, 0], [0.3, -G, 0]
    r = mbs.CreateMassPoint(referencePosition=p0, initialDisplacement=u0, initialVelocity=v0,
                            mass=2.0, gravity=g, create2D=create2D, returnDict=True)
    assert set(r) == {"nodeNumber", "bodyNumber", "markerBodyMass", "loadNumber"}
    assert isinstance(r["bodyNumber"], cd.ObjectIndex)
    assert isinstance(r["nodeNumber"], cd.NodeIndex)
    assert mbs.GetObject(r["bodyNumber"])["objectType"] == ("MassPoint2D" if create2D
                                                            else "MassPoint")
    s = body_sensor(mbs, r["bodyNumber"])
    solve(mbs, 0.01, 2.0)
    d = mbs.GetSensorStoredData(s)
    t = d[:, :1]
    exact = np.add(p0, u0) + np.array(v0) * t + 0.5 * np.array(g) * t ** 2
    assert np.abs(d[:, 1:] - exact).max() < 1e-12 * np.abs(exact).max()


def test_mass_point_exudyn_reference_model():
    """docs/references.rst 'MassPoint': reference [1,1,0], displacement [0.5,0,0], velocity
    [0.5,0,0], m = 1: x = 2.0 at t = 1 (default settings, 100 steps). No gravity: no load."""
    mbs = new_system()
    b = mbs.CreateMassPoint(referencePosition=[1, 1, 0], initialDisplacement=[0.5, 0, 0],
                            initialVelocity=[0.5, 0, 0], physicsMass=1)
    assert isinstance(b, cd.ObjectIndex) and mbs.NumberOfLoads() == 0
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 100, 1.0
    mbs.SolveDynamic(s)
    assert abs(mbs.GetObjectOutputBody(b, OV.Position)[0] - 2.0) < 1e-14


@pytest.mark.parametrize("nodeType", ["EP", "Rxyz", "RotVecLG", "2D"])
def test_rigid_body_initial_state(nodeType):
    """Reference frame, initial displacement and rotation (A = Aref Ainit), global velocity and
    global angular velocity arrive in the initial configuration of every node type; the
    reference configuration keeps the reference frame."""
    create2D = nodeType == "2D"
    Aref = RotationMatrixZ(0.4) if create2D else RotationMatrixX(0.3) @ RotationMatrixZ(-1.2)
    Ainit = RotationMatrixZ(-0.9) if create2D else RotationMatrixY(0.5)
    w = [0, 0, 2.5] if create2D else [0.3, -1.1, 2.5]
    v = [1.0, -2.0, 0]
    mbs = new_system()
    b = mbs.CreateRigidBody(inertia=BOX, referencePosition=[1, 2, 0], referenceRotationMatrix=Aref,
                            initialDisplacement=[0.1, 0.2, 0], initialRotationMatrix=Ainit,
                            initialVelocity=v, initialAngularVelocity=w, create2D=create2D,
                            nodeType="EP" if create2D else nodeType)
    mbs.Assemble()
    out = lambda var, c=cd.ConfigurationType.Current: np.asarray(mbs.GetObjectOutput(b, var, c))
    assert np.allclose(out(OV.Position), [1.1, 2.2, 0], atol=1e-14)
    assert np.allclose(out(OV.RotationMatrix).reshape(3, 3), Aref @ Ainit, atol=1e-14)
    assert np.allclose(out(OV.Velocity), v, atol=1e-14)
    assert np.allclose(out(OV.AngularVelocity), w, atol=1e-14)
    ref = cd.ConfigurationType.Reference
    assert np.allclose(out(OV.Position, ref), [1, 2, 0], atol=1e-14)
    assert np.allclose(out(OV.RotationMatrix, ref).reshape(3, 3), Aref, atol=1e-14)


# ---------------------------------------------------------------- rigid pendulums

def rigid_pendulum(h, nodeType="EP", mass_at_reference=False, create2D=False, tend=10.0):
    """Point mass m = 1 at (1, 0) on a massless link to the origin, as a rigid body: either
    the reference point at the pivot with the centre of mass at body x = 1, or the reference
    point at the mass (zero inertia tensor) with the pivot 1 away."""
    mbs = new_system()
    ground = mbs.CreateGround()
    if mass_at_reference:
        b = mbs.CreateRigidBody(inertia=InertiaMassPoint(1.0), referencePosition=[1, 0, 0],
                                gravity=[0, -G, 0], nodeType=nodeType, create2D=create2D)
        local = [0, 0, 0]
    else:
        b = mbs.CreateRigidBody(inertia=InertiaMassPoint(1.0).Translated([1, 0, 0]),
                                gravity=[0, -G, 0], nodeType=nodeType, create2D=create2D)
        local = [1, 0, 0]
    j = mbs.CreateRevoluteJoint(itemNumbers=[ground, b], position=[0, 0, 0], axis=[0, 0, 1])
    expected = "JointRevolute2D" if create2D else "JointRevoluteZ"
    assert mbs.GetObject(j)["objectType"] == expected
    s = body_sensor(mbs, b, localPosition=local)
    solve(mbs, h, tend)
    return mbs.GetSensorStoredData(s)


@pytest.mark.parametrize("nodeType", ["EP", "Rxyz", cd.rigid.NodeType.RotationRxyz,
                                      "RotVecLG"])
@pytest.mark.parametrize("mass_at_reference", [False, True])
def test_rigid_pendulum_3d_matches_table(nodeType, mass_at_reference):
    """CreateRigidBody + CreateRevoluteJoint (axis z, RevoluteJointZ on MarkerBodyRigid): the
    docs/references.rst pendulum at t = 1, 2, 5, 10 within its O(h^2) error."""
    check_pendulum_order(lambda h: rigid_pendulum(h, nodeType, mass_at_reference))


@pytest.mark.parametrize("mass_at_reference", [False, True])
def test_rigid_pendulum_2d_matches_table(mass_at_reference):
    """create2D: NodeRigidBody2D + ObjectRigidBody2D (centre of mass offset in the first case)
    and RevoluteJoint2D; the same table."""
    check_pendulum_order(lambda h: rigid_pendulum(h, create2D=True,
                                                  mass_at_reference=mass_at_reference))


@pytest.mark.parametrize("useGlobalFrame", [True, False])
def test_revolute_joint_tilted_plane_rotated_body(useGlobalFrame):
    """The pendulum turned by a rotation R (plane normal R e_z, gravity -g R e_y), its body
    with an arbitrary reference rotation Q: R^T p(t) matches the table. With
    useGlobalFrame=False the joint is given as [body, ground] in the body's frame."""
    R = RotationMatrixX(0.7) @ RotationMatrixY(-0.4) @ RotationMatrixZ(1.1)
    Q = RotationMatrixZ(-0.3) @ RotationMatrixX(2.0)
    p_mass = R[:, 0]

    def run(h):
        mbs = new_system()
        ground = mbs.CreateGround()
        b = mbs.CreateRigidBody(inertia=InertiaMassPoint(1.0).Translated(-Q.T @ p_mass),
                                referencePosition=2 * p_mass, referenceRotationMatrix=Q,
                                gravity=-G * R[:, 1])
        if useGlobalFrame:
            mbs.CreateRevoluteJoint(itemNumbers=[ground, b], position=[0, 0, 0], axis=R[:, 2])
        else:
            mbs.CreateRevoluteJoint(itemNumbers=[b, ground], position=Q.T @ (-2 * p_mass),
                                    axis=Q.T @ R[:, 2], useGlobalFrame=False)
        s = body_sensor(mbs, b, localPosition=-Q.T @ p_mass)
        solve(mbs, h, 2.0)
        d = mbs.GetSensorStoredData(s).copy()
        d[:, 1:] = d[:, 1:] @ R               # rows R^T p
        assert np.abs(d[:, 3]).max() < 1e-9   # stays in the plane
        return d

    check_pendulum_order(run, times=[1, 2])


# physical pendulum: a bar [1, 0.1, 0.1] hanging from one end, turned by phi0 about z
BAR = InertiaCuboid(1000, [1.0, 0.1, 0.1]).Translated([0.5, 0, 0])
L_EQ = BAR.Inertia()[2, 2] / (BAR.Mass() * 0.5)      # equivalent length J_O / (m c)
PHI0 = -0.3


def bar_pendulum(joint, create2D=False, h=1e-3, tend=2.0):
    mbs = new_system()
    ground = mbs.CreateGround(referencePosition=[0.5, -1.0, 0])
    b = mbs.CreateRigidBody(inertia=BAR, referencePosition=[0.2, 0.3, 0],
                            referenceRotationMatrix=RotationMatrixZ(PHI0), gravity=[0, -G, 0],
                            create2D=create2D)
    pivot = [0.2, 0.3, 0]
    if joint == "revolute":
        mbs.CreateRevoluteJoint(itemNumbers=[ground, b], position=pivot, axis=[0, 0, 1])
    elif joint == "spherical":
        mbs.CreateSphericalJoint(itemNumbers=[ground, b], position=pivot,
                                 constrainedAxes=[1, 1, 0] if create2D else [1, 1, 1])
    elif joint == "generic":
        mbs.CreateGenericJoint(itemNumbers=[ground, b], position=pivot,
                               constrainedAxes=[1, 1, 1, 1, 1, 0])
    elif joint == "generic tilted axes":   # joint frame turned about z: same constraints
        mbs.CreateGenericJoint(itemNumbers=[ground, b], position=pivot,
                               rotationMatrixAxes=RotationMatrixZ(0.8),
                               constrainedAxes=[1, 1, 1, 1, 1, 0])
    s = body_sensor(mbs, b, localPosition=[0.5, 0, 0])
    solve(mbs, h, tend)
    d = mbs.GetSensorStoredData(s)
    return d[:, 0], np.arctan2(d[:, 2] - 0.3, d[:, 1] - 0.2), d[:, 3]


@pytest.mark.parametrize("joint,create2D", [("revolute", False), ("revolute", True),
                                            ("spherical", False), ("spherical", True),
                                            ("generic", False), ("generic tilted axes", False)])
def test_bar_pendulum_joints_vs_exact(joint, create2D):
    """phi'' = -(m g c / J_O) cos(phi): the angle of the bar's centre of mass at t = 1, 2 within
    the O(h^2) error (< 1e-5 at h = 1e-3), z stays 0."""
    t, phi, z = bar_pendulum(joint, create2D)
    exact = pendulum_exact([1.0, 2.0], L=L_EQ, phi0=PHI0)
    for k, tt in enumerate([1.0, 2.0]):
        i = int(np.argmin(abs(t - tt)))
        assert abs(phi[i] - np.arctan2(exact[k, 1], exact[k, 0])) < 1e-5
    assert np.abs(z).max() < 1e-10


# ---------------------------------------------------------------- springs and distances

def test_spring_damper_period():
    """Mass 2 on a spring k = 200 to a ground point, stretched by 0.2: oscillates about
    L0 with period 2 pi sqrt(m/k) (from zero crossings; rho = 1, h = 1e-3)."""
    m, k = 2.0, 200.0
    mbs = new_system()
    ground = mbs.CreateGround(referencePosition=[0, 1, 0])
    b = mbs.CreateMassPoint(referencePosition=[1.2, 0, 0], mass=m)
    sd = mbs.CreateSpringDamper(bodyNumbers=[ground, b], localPosition0=[0, -1, 0],
                                referenceLength=1.0, stiffness=k)
    assert mbs.GetObject(sd)["itemType"] == "ObjectConnectorSpringDamper"
    s = body_sensor(mbs, b)
    solve(mbs, 1e-3, 3.0, rho=1.0)
    d = mbs.GetSensorStoredData(s)
    t, x = d[:, 0], d[:, 1] - 1.0
    i = np.where((x[:-1] > 0) & (x[1:] <= 0))[0]
    crossings = t[i] + (t[i + 1] - t[i]) * x[i] / (x[i] - x[i + 1])
    T = np.mean(np.diff(crossings))
    assert len(crossings) >= 4
    assert abs(T - 2 * np.pi * np.sqrt(m / k)) < 1e-5 * T


def test_spring_damper_damped_closed_form_and_rest_length():
    """Damped: x(t) = e^(-zeta w t)(x0 cos wd t + (v0 + zeta w x0)/wd sin wd t) within O(h^2)
    at h = 1e-3; referenceLength=None gives the reference distance (a node between two springs
    stays at rest); bodyOrNodeList and NodeIndex items are accepted."""
    m, k, dmp, x0, v0 = 1.0, 100.0, 2.0, 0.1, -0.5
    mbs = new_system()
    ground = mbs.CreateGround()
    r = mbs.CreateMassPoint(referencePosition=[1 + x0, 0, 0], initialVelocity=[v0, 0, 0],
                            mass=m, returnDict=True)
    mbs.CreateSpringDamper(itemNumbers=[ground, r["nodeNumber"]], referenceLength=1,
                           stiffness=k, damping=dmp)
    rest = mbs.CreateMassPoint(referencePosition=[0, 2, 0], mass=1, returnDict=True)
    mbs.CreateSpringDamper(bodyOrNodeList=[ground, rest["nodeNumber"]],
                           localPosition0=[0, 3, 0], stiffness=50.0)
    sd2 = mbs.CreateSpringDamper(itemNumbers=[rest["bodyNumber"], ground],
                                 localPosition1=[1, 2, 0], stiffness=70.0)
    assert mbs.GetObject(sd2)["referenceLength"] == pytest.approx(1.0, abs=1e-15)
    s = body_sensor(mbs, r["bodyNumber"])
    s_rest = body_sensor(mbs, rest["bodyNumber"])
    solve(mbs, 1e-3, 1.0)
    w = np.sqrt(k / m)
    zeta = dmp / (2 * np.sqrt(k * m))
    wd = w * np.sqrt(1 - zeta ** 2)
    d = mbs.GetSensorStoredData(s)
    t = d[:, 0]
    exact = np.exp(-zeta * w * t) * (x0 * np.cos(wd * t) + (v0 + zeta * w * x0) / wd *
                                     np.sin(wd * t))
    assert np.abs(d[:, 1] - 1 - exact).max() < 2e-5
    assert np.abs(mbs.GetSensorStoredData(s_rest)[:, 1:] - [0, 2, 0]).max() < 1e-14


@pytest.mark.parametrize("create2D", [False, True])
def test_distance_constraint_pendulum(create2D):
    """CreateMassPoint + CreateDistanceConstraint (distance from the reference positions): the
    docs/references.rst pendulum within its O(h^2) error."""
    def run(h):
        mbs = new_system()
        ground = mbs.CreateGround(referencePosition=[0, 0.5, 0])
        b = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=1, gravity=[0, -G, 0],
                                create2D=create2D)
        c = mbs.CreateDistanceConstraint(itemNumbers=[ground, b], localPosition0=[0, -0.5, 0])
        assert mbs.GetObject(c)["distance"] == 1.0
        s = body_sensor(mbs, b)
        solve(mbs, h, 10.0)
        return mbs.GetSensorStoredData(s)

    check_pendulum_order(run)


def test_distance_zero_makes_spherical_joint():
    """distance = 0 cannot be a distance constraint; as Exudyn, a SphericalJoint is made (z free
    for planar bodies), with a warning."""
    mbs = new_system()
    ground = mbs.CreateGround()
    b = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=1, create2D=True)
    with pytest.warns(UserWarning, match="CreateDistanceConstraint.*SphericalJoint"):
        j = mbs.CreateDistanceConstraint(itemNumbers=[ground, b], localPosition0=[1, 0, 0],
                                         distance=0)
    p = mbs.GetObject(j)
    assert p["objectType"] == "JointSpherical" and list(p["constrainedAxes"]) == [1, 1, 0]


# ---------------------------------------------------------------- loads on free bodies

BOX = InertiaCuboid(200, [0.3, 0.2, 0.1])


@pytest.mark.parametrize("offset", [0.0, 0.1])
@pytest.mark.parametrize("nodeType,create2D", [("Rxyz", False), ("EP", False), ("EP", True)])
def test_force_and_torque_uniform_acceleration(nodeType, create2D, offset):
    """Constant force F at the centre of mass and torque tau about the principal axis z on a
    free body: p_com = F t^2 / (2 m), omega_z = tau t / Jzz. Exact (to rounding) with the centre
    of mass at the reference point for Tait-Bryan and planar coordinates, which are linear in
    the angle; Euler parameters, or a centre of mass 0.1 off the reference point (the reference
    point then moves on a curve), give the O(h^2) error only (< 1e-5 at h = 1e-2)."""
    F, tau = np.array([1.0, -2.0, 0]), 0.01
    mbs = new_system()
    inertia = BOX.Translated([offset, 0, 0])
    b = mbs.CreateRigidBody(inertia=inertia, referencePosition=[0, 1, 0], nodeType=nodeType,
                            create2D=create2D)
    lf = mbs.CreateForce(itemNumber=b, loadVector=F, localPosition=[offset, 0, 0])
    lt = mbs.CreateTorque(bodyNumber=b, loadVector=[0, 0, tau])
    assert isinstance(lf, cd.LoadIndex) and isinstance(lt, cd.LoadIndex)
    sp = body_sensor(mbs, b, localPosition=[offset, 0, 0])
    sw = object_sensor(mbs, b, OV.AngularVelocity)
    solve(mbs, 1e-2, 1.0)
    t = mbs.GetSensorStoredData(sp)[:, 0]
    pc = mbs.GetSensorStoredData(sp)[:, 1:]
    w = mbs.GetSensorStoredData(sw)[:, 1:]
    Jc = inertia.InertiaCOM()[2, 2]
    exact_p = np.array([offset, 1, 0]) + np.outer(t ** 2 / (2 * inertia.Mass()), F)
    exact_case = offset == 0 and (nodeType == "Rxyz" or create2D)
    tol = 1e-12 if exact_case else 1e-5
    assert np.abs(pc - exact_p).max() < tol
    assert np.abs(w[:, 2] - tau / Jc * t).max() < tol * tau / Jc
    assert np.abs(w[:, :2]).max() < 1e-12


def test_force_on_mass_point_and_node():
    """CreateForce on a mass point body and on its node (NodeIndex): 2 F in total."""
    mbs = new_system()
    r = mbs.CreateMassPoint(referencePosition=[0, 0, 0], mass=4.0, returnDict=True)
    mbs.CreateForce(itemNumber=r["bodyNumber"], loadVector=[1.0, 0, 2.0])
    mbs.CreateForce(itemNumber=r["nodeNumber"], loadVector=[1.0, 0, 2.0], bodyFixed=True)
    s = body_sensor(mbs, r["bodyNumber"])
    solve(mbs, 0.1, 1.0)
    d = mbs.GetSensorStoredData(s)
    assert np.abs(d[:, 1:] - np.outer(d[:, 0] ** 2 / 4, [1, 0, 2])).max() < 1e-14


@pytest.mark.parametrize("create2D", [False, True])
def test_body_fixed_force_on_spinning_body(create2D):
    """A body spinning at w about z (principal axis through its reference point = centre of
    mass), with a body-fixed force F along body x: v = F/(m w) [sin wt, 1 - cos wt]; a global
    force gives v = F t / m. Within O(h^2)."""
    w, F = 3.0, 0.5
    out = {}
    for fixed in (True, False):
        mbs = new_system()
        b = mbs.CreateRigidBody(inertia=BOX, initialAngularVelocity=[0, 0, w], create2D=create2D)
        mbs.CreateForce(itemNumber=b, loadVector=[F, 0, 0], bodyFixed=fixed)
        s = body_sensor(mbs, b, OV.Velocity)
        solve(mbs, 1e-3, 2.0)
        out[fixed] = mbs.GetSensorStoredData(s)
    t, m = out[True][:, 0], BOX.Mass()
    exact = F / (m * w) * np.column_stack([np.sin(w * t), 1 - np.cos(w * t), 0 * t])
    assert np.abs(out[True][:, 1:] - exact).max() < 1e-6
    assert np.abs(out[False][:, 1:] - np.outer(F * t / m, [1, 0, 0])).max() < 1e-12


def test_body_fixed_torque_follows_body_axis():
    """Body turned by Rx(90 deg): a body-fixed torque about body z acts about global -y
    (A e_z), a principal axis, so omega = tau t / Jzz (A e_z), within O(h^2)."""
    tau = 0.02
    mbs = new_system()
    A0 = RotationMatrixX(np.pi / 2)
    b = mbs.CreateRigidBody(inertia=BOX, referenceRotationMatrix=A0)
    mbs.CreateTorque(itemNumber=b, loadVector=[0, 0, tau], bodyFixed=True)
    s = object_sensor(mbs, b, OV.AngularVelocity)
    solve(mbs, 1e-3, 1.0)
    d = mbs.GetSensorStoredData(s)
    exact = np.outer(tau / BOX.Inertia()[2, 2] * d[:, 0], A0[:, 2])
    assert np.abs(d[:, 1:] - exact).max() < 1e-6


# ---------------------------------------------------------------- prismatic joint

@pytest.mark.parametrize("create2D", [False, True])
def test_prismatic_joint_incline(create2D):
    """A block (turned by 0.4 rad) on a prismatic joint along an incline of angle alpha slides
    with a = g sin(alpha) (exact for constant acceleration), keeping its rotation."""
    alpha = 0.3
    down = np.array([np.cos(alpha), -np.sin(alpha), 0])
    A0 = RotationMatrixZ(0.4)
    mbs = new_system()
    ground = mbs.CreateGround(referencePosition=[-1, 0, 0])
    b = mbs.CreateRigidBody(inertia=InertiaCuboid(100, [0.2, 0.1, 0.1]).Translated([0.05, 0, 0]),
                            referencePosition=[1, 2, 0], referenceRotationMatrix=A0,
                            gravity=[0, -G, 0], create2D=create2D)
    j = mbs.CreatePrismaticJoint(itemNumbers=[ground, b], position=[1.5, 1.9, 0], axis=2 * down)
    assert mbs.GetObject(j)["objectType"] == ("JointPrismatic2D" if create2D
                                              else "JointPrismaticX")
    sp = body_sensor(mbs, b)
    sA = object_sensor(mbs, b, OV.RotationMatrix)
    solve(mbs, 1e-2, 1.0)
    d = mbs.GetSensorStoredData(sp)
    t = d[:, 0]
    exact = np.array([1, 2, 0]) + np.outer(0.5 * G * np.sin(alpha) * t ** 2, down)
    assert np.abs(d[:, 1:] - exact).max() < 1e-12
    assert np.abs(mbs.GetSensorStoredData(sA)[:, 1:] - A0.ravel()).max() < 1e-12


# ---------------------------------------------------------------- items: markers, returns

def test_joint_on_markers_and_names():
    """A MarkerIndex in itemNumbers is used as it is (position []), names give Marker0:/1:
    and Node: prefixes."""
    mbs = new_system()
    ground = mbs.CreateGround()
    b = mbs.CreateRigidBody(name="bar", inertia=BAR, gravity=[0, -G, 0])
    assert mbs.GetNode(mbs.GetObject(b)["nodeNumber"])["name"] == "Node:bar"
    mg = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground))
    j = mbs.CreateRevoluteJoint(name="hinge", itemNumbers=[mg, b], position=[], axis=[0, 0, 1])
    m0, m1 = mbs.GetObject(j)["markerNumbers"]
    assert m0 == mg and mbs.GetMarker(m1)["name"] == "Marker1:hinge"
    s = body_sensor(mbs, b, localPosition=[0.5, 0, 0])
    solve(mbs, 1e-3, 1.0)
    p = row_at(mbs.GetSensorStoredData(s), 1.0)
    ex = pendulum_exact([1.0], L=L_EQ)[0]
    assert abs(np.arctan2(p[1], p[0]) - np.arctan2(ex[1], ex[0])) < 1e-5


# ---------------------------------------------------------------- bad arguments

@pytest.fixture
def model():
    mbs = new_system()
    ground = mbs.CreateGround()
    body = mbs.CreateRigidBody(inertia=BOX, referencePosition=[1, 0, 0])
    point = mbs.CreateMassPoint(referencePosition=[2, 0, 0], mass=1)
    body2d = mbs.CreateRigidBody(inertia=BOX, referencePosition=[3, 0, 0], create2D=True)
    return mbs, ground, body, point, body2d


BAD = [
    ("CreateGround", TypeError, "referencePosition",
     lambda m, g, b, p, b2: m.CreateGround(referencePosition=[0, 0])),
    ("CreateGround", ValueError, "referenceRotationMatrix",
     lambda m, g, b, p, b2: m.CreateGround(referenceRotationMatrix=2 * RotationMatrixZ(0.1))),
    ("CreateMassPoint", ValueError, "mass",
     lambda m, g, b, p, b2: m.CreateMassPoint(mass=-1)),
    ("CreateMassPoint", TypeError, "mass",
     lambda m, g, b, p, b2: m.CreateMassPoint(mass="1")),
    ("CreateMassPoint", TypeError, "initialVelocity",
     lambda m, g, b, p, b2: m.CreateMassPoint(mass=1, initialVelocity=[1, 2])),
    ("CreateMassPoint", ValueError, "gravity",
     lambda m, g, b, p, b2: m.CreateMassPoint(mass=1, gravity=[0, 0, -9.81], create2D=True)),
    ("CreateMassPoint", TypeError, "create2D",
     lambda m, g, b, p, b2: m.CreateMassPoint(mass=1, create2D="yes")),
    ("CreateRigidBody", TypeError, "inertia",
     lambda m, g, b, p, b2: m.CreateRigidBody(inertia=[1, 1, 1])),
    ("CreateRigidBody", ValueError, "referenceRotationMatrix",
     lambda m, g, b, p, b2: m.CreateRigidBody(inertia=BOX, referenceRotationMatrix=2 * np.eye(3))),
    ("CreateRigidBody", ValueError, "nodeType",
     lambda m, g, b, p, b2: m.CreateRigidBody(inertia=BOX, nodeType="Quaternion")),
    ("CreateRigidBody", ValueError, "initialAngularVelocity",
     lambda m, g, b, p, b2: m.CreateRigidBody(inertia=BOX, initialAngularVelocity=[1, 0, 0],
                                              create2D=True)),
    ("CreateRigidBody", ValueError, "referenceRotationMatrix",
     lambda m, g, b, p, b2: m.CreateRigidBody(inertia=BOX, create2D=True,
                                              referenceRotationMatrix=RotationMatrixX(0.1))),
    ("CreateRigidBody", ValueError, "inertia",
     lambda m, g, b, p, b2: m.CreateRigidBody(inertia=RigidBodyInertia(0.0, np.eye(3)))),
    ("CreateRevoluteJoint", TypeError, "itemNumbers",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g], position=[0, 0, 0],
                                                  axis=[0, 0, 1])),
    ("CreateRevoluteJoint", TypeError, "itemNumbers\\[1\\]",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, "body"], position=[0, 0, 0],
                                                  axis=[0, 0, 1])),
    ("CreateRevoluteJoint", ValueError, "itemNumbers\\[1\\]",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, 99], position=[0, 0, 0],
                                                  axis=[0, 0, 1])),
    ("CreateRevoluteJoint", TypeError, "itemNumbers",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, b], bodyNumbers=[g, b],
                                                  position=[0, 0, 0], axis=[0, 0, 1])),
    ("CreateRevoluteJoint", ValueError, "axis",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0, 0],
                                                  axis=[0, 0, 0])),
    ("CreateRevoluteJoint", TypeError, "position",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0],
                                                  axis=[0, 0, 1])),
    ("CreateRevoluteJoint", TypeError, "useGlobalFrame",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, b], position=[0, 0, 0],
                                                  axis=[0, 0, 1], useGlobalFrame="no")),
    ("CreateRevoluteJoint", ValueError, "itemNumbers\\[1\\].*orientation",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, p], position=[0, 0, 0],
                                                  axis=[0, 0, 1])),
    ("CreateRevoluteJoint", ValueError, "axis",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[g, b2], position=[0, 0, 0],
                                                  axis=[1, 0, 0])),
    ("CreateRevoluteJoint", ValueError, "itemNumbers\\[0\\].*2D and 3D",
     lambda m, g, b, p, b2: m.CreateRevoluteJoint(itemNumbers=[b, b2], position=[0, 0, 0],
                                                  axis=[0, 0, 1])),
    ("CreatePrismaticJoint", ValueError, "axis",
     lambda m, g, b, p, b2: m.CreatePrismaticJoint(itemNumbers=[g, b2], position=[0, 0, 0],
                                                   axis=[0, 0, 1])),
    ("CreateSphericalJoint", ValueError, "constrainedAxes",
     lambda m, g, b, p, b2: m.CreateSphericalJoint(itemNumbers=[g, b], position=[0, 0, 0],
                                                   constrainedAxes=[1, 2, 1])),
    ("CreateSphericalJoint", ValueError, "constrainedAxes",
     lambda m, g, b, p, b2: m.CreateSphericalJoint(itemNumbers=[g, b2], position=[0, 0, 0])),
    ("CreateGenericJoint", TypeError, "constrainedAxes",
     lambda m, g, b, p, b2: m.CreateGenericJoint(itemNumbers=[g, b], position=[0, 0, 0],
                                                 constrainedAxes=[1, 1, 1])),
    ("CreateGenericJoint", TypeError, "rotationMatrixAxes",
     lambda m, g, b, p, b2: m.CreateGenericJoint(itemNumbers=[g, b], position=[0, 0, 0],
                                                 rotationMatrixAxes=np.eye(2))),
    ("CreateSpringDamper", TypeError, "stiffness",
     lambda m, g, b, p, b2: m.CreateSpringDamper(itemNumbers=[g, p], stiffness=[1, 2])),
    ("CreateSpringDamper", ValueError, "referenceLength",
     lambda m, g, b, p, b2: m.CreateSpringDamper(itemNumbers=[g, p], referenceLength=-1)),
    ("CreateSpringDamper", TypeError, "localPosition1",
     lambda m, g, b, p, b2: m.CreateSpringDamper(itemNumbers=[g, p], localPosition1=1.0)),
    ("CreateSpringDamper", ValueError, "localPosition1",
     lambda m, g, b, p, b2: m.CreateSpringDamper(
         itemNumbers=[g, cd.NodeIndex(m.GetObject(p)["nodeNumber"])], localPosition1=[1, 0, 0])),
    ("CreateSpringDamper", TypeError, "itemNumbers",
     lambda m, g, b, p, b2: m.CreateSpringDamper(stiffness=1)),
    ("CreateDistanceConstraint", ValueError, "distance",
     lambda m, g, b, p, b2: m.CreateDistanceConstraint(itemNumbers=[g, p], distance=-2)),
    ("CreateDistanceConstraint", TypeError, "itemNumbers\\[0\\]",
     lambda m, g, b, p, b2: m.CreateDistanceConstraint(itemNumbers=[None, p])),
    ("CreateForce", TypeError, "loadVector",
     lambda m, g, b, p, b2: m.CreateForce(itemNumber=b, loadVector=[1, 2])),
    ("CreateForce", TypeError, "itemNumber",
     lambda m, g, b, p, b2: m.CreateForce(loadVector=[1, 2, 3])),
    ("CreateForce", TypeError, "itemNumber",
     lambda m, g, b, p, b2: m.CreateForce(itemNumber=b, bodyNumber=b, loadVector=[1, 2, 3])),
    ("CreateForce", TypeError, "bodyFixed",
     lambda m, g, b, p, b2: m.CreateForce(itemNumber=b, loadVector=[1, 2, 3], bodyFixed=2)),
    ("CreateTorque", ValueError, "loadVector",
     lambda m, g, b, p, b2: m.CreateTorque(itemNumber=b2, loadVector=[1, 0, 1])),
    ("CreateForce", ValueError, "loadVector",
     lambda m, g, b, p, b2: m.CreateForce(itemNumber=b2, loadVector=[1, 0, 1])),
    ("CreateTorque", ValueError, "itemNumber",
     lambda m, g, b, p, b2: m.CreateTorque(itemNumber=p, loadVector=[0, 0, 1])),
    ("CreateTorque", ValueError, "localPosition",
     lambda m, g, b, p, b2: m.CreateTorque(itemNumber=cd.NodeIndex(m.GetObject(b)["nodeNumber"]),
                                           loadVector=[0, 0, 1], localPosition=[1, 0, 0])),
]


@pytest.mark.parametrize("fn,exc,arg,call", BAD,
                         ids=[f"{f}-{a}-{i}" for i, (f, _, a, _) in enumerate(BAD)])
def test_bad_arguments_name_function_and_argument(model, fn, exc, arg, call):
    """Each bad argument raises the expected exception class; the message names the function
    and the argument; nothing is added to the system."""
    mbs = model[0]
    counts = (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(),
              mbs.NumberOfLoads())
    with pytest.raises(exc, match=f"{fn}.*{arg}"):
        call(*model)
    assert counts == (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(),
                      mbs.NumberOfLoads())


def test_create_functions_are_mainsystem_methods():
    for name in ("CreateGround", "CreateMassPoint", "CreateRigidBody", "CreateRevoluteJoint",
                 "CreatePrismaticJoint", "CreateSphericalJoint", "CreateGenericJoint",
                 "CreateSpringDamper", "CreateDistanceConstraint", "CreateForce",
                 "CreateTorque"):
        assert callable(getattr(cd.MainSystem, name))
