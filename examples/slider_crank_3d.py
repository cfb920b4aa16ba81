"""Spatial slider-crank: a torque-driven crank pushes a slider whose guide is off its plane.

Three 3D rigid bodies (NodeRigidBodyEP + ObjectRigidBody, each node at the body's centre of
mass):

    crank   a disc (flywheel) turning about the global z axis through its centre O
            (RevoluteJointZ to the ground); its pin P = (r cos theta, r sin theta, 0)
    rod     length l, from P (SphericalJoint to the crank) to the slider pin S (universal joint
            to the slider: a GenericJoint with constrainedAxes [1, 1, 1, 0, 0, 1])
    slider  on a guide parallel to x through (0, e, c) (PrismaticJointX to the ground), so the
            slider pin S = (x, e, c) lies off the crank's plane z = 0: the rod moves in space.

The universal joint: the translations are locked, and of the rotations only "z" - in the
engine's joint frames, x axis of frame 0 (slider) perpendicular to y axis of frame 1 (rod).
Frame 0's x axis is the global z axis (a vertical pin in the slider); the rod's y axis is
horizontal and perpendicular to the rod, so the rod can tilt about both but not spin about its
own axis (with two spherical joints it could).

The crank starts at rest at theta = 0; a constant torque tau about z (a Torque load) drives it
against gravity (-y, in the crank plane) for several revolutions. Checks:
- the rod ends stay on the crank pin and the slider pin (< 1e-10 m), the slider stays on its
  guide;
- the slider position follows the closed form of the crank angle theta (read from the crank's
  RotationMatrix): |S - P| = l gives
      x(theta) = r cos theta + sqrt(l^2 - (e - r sin theta)^2 - c^2);
- work = energy: tau theta(t) = E(t) - E(0) with E the kinetic (translation and 3D rotation)
  plus potential energy of the three bodies; with rho = 0.9 the difference is the method's
  O(h^2) error.
"""
import numpy as np
from scipy.spatial.transform import Rotation

import coordyn as cd
from coordyn import graphics

OV = cd.OutputVariableType

r, l = 0.1, 0.3            # crank radius and rod length [m]
e, c = 0.05, 0.1           # guide offsets in y and z [m]
tau = 2.0                  # crank torque [N m]
g = 9.81                   # gravity [m/s^2] in -y
end_time = 1.0


def cylinder(m, length, radius=0.01):
    """Inertia about the centre of a slender cylinder along its body x axis."""
    return np.diag([m * radius**2 / 2, m * (3 * radius**2 + length**2) / 12,
                    m * (3 * radius**2 + length**2) / 12])


m_crank, m_rod, m_slider = 2.0, 0.5, 1.0      # [kg]
R_disc = 0.15                                  # crank disc radius [m]
# inertia about the centres of mass [kg m^2]: a thin disc about its axis z, the rod, a block
J_crank = np.diag([m_crank * R_disc**2 / 4, m_crank * R_disc**2 / 4, m_crank * R_disc**2 / 2])
J_rod, J_slider = cylinder(m_rod, l), np.diag([1e-3] * 3)


def closed_form(theta):
    """Slider x for crank angle theta."""
    return r * np.cos(theta) + np.sqrt(l**2 - (e - r * np.sin(theta))**2 - c**2)


def euler_parameters(A):
    """Euler parameters (e0, e1, e2, e3) of the rotation matrix A."""
    x, y, z, w = Rotation.from_matrix(A).as_quat()
    return [w, x, y, z]


def build(mbs):
    """The mechanism at theta = 0, at rest; returns the sensors."""
    # the guide rail and a base plate under the crank (graphics only, for the viewer)
    ground = mbs.AddObject(cd.ObjectGround(visualization=cd.VObjectGround(graphicsData=[
        graphics.Brick(centerPoint=[0.3, e, c - 0.03], size=[0.5, 0.02, 0.02],
                       color=graphics.color.grey),
        graphics.Cylinder(pAxis=[0, 0, -0.06], vAxis=[0, 0, 0.03], radius=0.04,
                          color=graphics.color.darkgrey)])))
    P = np.array([r, 0, 0])                                # crank pin
    S = np.array([closed_form(0.0), e, c])                 # slider pin
    u = (S - P) / l                                        # rod axis
    v = np.cross([0, 0, 1], u)
    v /= np.linalg.norm(v)                                 # horizontal, perpendicular to the rod
    A_rod = np.column_stack([u, v, np.cross(u, v)])        # rod frame: body x along the rod

    def body(position, A, m, J, shapes):
        node = mbs.AddNode(cd.NodeRigidBodyEP(
            referenceCoordinates=[*position, *euler_parameters(A)]))
        return node, mbs.AddObject(cd.RigidBody(
            mass=m, nodeNumber=node, inertia=[J[0, 0], J[1, 1], J[2, 2], 0, 0, 0],
            visualization=cd.VObjectRigidBody(graphicsData=shapes)))

    # the shapes in the body frames: a disc with its pin, a rod, a block
    crank_node, crank = body([0, 0, 0], np.eye(3), m_crank, J_crank, [
        graphics.Cylinder(pAxis=[0, 0, -0.01], vAxis=[0, 0, 0.02], radius=R_disc,
                          color=graphics.color.steelblue, nTiles=32),
        graphics.Cylinder(pAxis=[r, 0, 0], vAxis=[0, 0, 0.03], radius=0.012,
                          color=graphics.color.grey)])
    rod_node, rod = body((P + S) / 2, A_rod, m_rod, J_rod, [
        graphics.Cylinder(pAxis=[-l / 2, 0, 0], vAxis=[l, 0, 0], radius=0.01,
                          color=graphics.color.red)])
    slider_node, slider = body(S, np.eye(3), m_slider, J_slider, [
        graphics.Brick(size=[0.06, 0.04, 0.04], color=graphics.color.orange)])

    def marker(b, local=(0, 0, 0)):
        return mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=list(local)))

    # O: crank about the global z axis
    mbs.AddObject(cd.RevoluteJointZ(markerNumbers=[marker(ground), marker(crank)]))
    # P: the rod's first end on the crank pin
    mbs.AddObject(cd.SphericalJoint(markerNumbers=[marker(crank, P),
                                                   marker(rod, [-l / 2, 0, 0])]))
    # S: universal joint; joint frame 0 in the slider has its x axis along global z
    # (columns of rotationMarker0 are the joint axes in the slider's frame), joint frame 1 is
    # the rod frame: constraint f0_x . f1_y = 0
    universal = mbs.AddObject(cd.GenericJoint(
        markerNumbers=[marker(slider), marker(rod, [l / 2, 0, 0])],
        constrainedAxes=[1, 1, 1, 0, 0, 1],
        rotationMarker0=[[0, 1, 0], [0, 0, 1], [1, 0, 0]]))
    # the guide: the slider moves along x through (0, e, c) and cannot rotate
    mbs.AddObject(cd.PrismaticJointX(markerNumbers=[marker(ground, [0, e, c]), marker(slider)]))

    # the drive and gravity
    mbs.AddLoad(cd.Torque(markerNumber=marker(crank), loadVector=[0, 0, tau]))
    bodies = [(crank, crank_node, m_crank, J_crank), (rod, rod_node, m_rod, J_rod),
              (slider, slider_node, m_slider, J_slider)]
    for b, _, m, _ in bodies:
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                               loadVector=[0, -g, 0]))

    def sensor(b, variable, local=(0, 0, 0)):
        return mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=list(local),
                                           outputVariableType=variable))

    def node_sensor(n, variable):   # rotations are node outputs
        return mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=variable))
    return {
        # joint points, each seen from both bodies
        "P_crank": sensor(crank, OV.Position, P),
        "P_rod": sensor(rod, OV.Position, [-l / 2, 0, 0]),
        "S_rod": sensor(rod, OV.Position, [l / 2, 0, 0]),
        "S_slider": sensor(slider, OV.Position),
        "universal": universal,
        # for the energy: centre-of-mass position and velocity, global angular velocity and
        # rotation matrix (body -> global) of every body
        "energy": [(m, J, sensor(b, OV.Position), sensor(b, OV.Velocity),
                    node_sensor(n, OV.AngularVelocity), node_sensor(n, OV.RotationMatrix))
                   for b, n, m, J in bodies],
    }


def main(steps=2000):
    mbs = cd.SystemContainer().AddSystem()
    sensors = build(mbs)
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.solutionSettings.sensorsWritePeriod = end_time / steps   # store every step
    mbs.SolveDynamic(s)

    def data(sensor):
        return mbs.GetSensorStoredData(sensor)[:, 1:]

    t = mbs.GetSensorStoredData(sensors["S_slider"])[:, 0]
    # crank angle from its rotation matrix A (row-major): theta = atan2(A_10, A_00)
    A_crank = data(sensors["energy"][0][5]).reshape(-1, 3, 3)
    theta = np.unwrap(np.arctan2(A_crank[:, 1, 0], A_crank[:, 0, 0]))
    S = data(sensors["S_slider"])
    gap_P = np.linalg.norm(data(sensors["P_rod"]) - data(sensors["P_crank"]), axis=1).max()
    gap_S = np.linalg.norm(data(sensors["S_rod"]) - S, axis=1).max()
    guide = np.abs(S[:, 1:] - [e, c]).max()
    # the universal joint: the rod's y axis stays horizontal (perpendicular to the slider pin z)
    A_rod = data(sensors["energy"][1][5]).reshape(-1, 3, 3)
    cross = np.abs(A_rod[:, 2, 1]).max()
    kinematics = np.abs(S[:, 0] - closed_form(theta)).max()

    E = np.zeros(len(t))
    for m, J, s_pos, s_vel, s_omega, s_rot in sensors["energy"]:
        A = data(s_rot).reshape(-1, 3, 3)
        wb = np.einsum("kji,kj->ki", A, data(s_omega))           # body angular velocity
        E += (0.5 * m * np.sum(data(s_vel)**2, axis=1) + 0.5 * np.einsum("ki,ij,kj->k", wb, J, wb)
              + m * g * data(s_pos)[:, 1])
    work = tau * (theta - theta[0])
    balance = np.abs(E - E[0] - work).max() / work[-1]

    result = {"joints": float(max(gap_P, gap_S)), "guide": float(guide), "cross": float(cross),
              "kinematics": float(kinematics), "revolutions": float(theta[-1] / (2 * np.pi)),
              "work": float(balance)}
    print(f"spatial slider-crank r = {r}, l = {l}, guide through (0, {e}, {c}) m; torque {tau} "
          f"N m; h = {end_time / steps:g} s, rho = 0.9, {end_time} s")
    print(f"crank: {result['revolutions']:.2f} revolutions, final speed "
          f"{np.gradient(theta, t)[-1]:.2f} rad/s")
    print(f"rod ends - joint points: |P| <= {gap_P:.1e} m, |S| <= {gap_S:.1e} m; slider off "
          f"its guide <= {guide:.1e} m; universal joint |rod y . z| <= {cross:.1e}")
    print(f"max |x_slider - closed form(theta)| = {kinematics:.1e} m "
          f"(x between {S[:, 0].min():.4f} and {S[:, 0].max():.4f} m)")
    print(f"work = energy: max |E(t) - E(0) - tau theta(t)| = {balance:.1e} of the work done "
          f"({work[-1]:.3f} J)")
    return result


if __name__ == "__main__":
    main()
