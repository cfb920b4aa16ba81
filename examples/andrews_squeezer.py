"""Andrews' squeezer mechanism: seven planar rigid bodies, ten revolute joints, a spring and a
driving torque; the benchmark problem "andrews" of the Test Set for IVP solvers.

Sources (the data and the reference solution below are copied from them):

- E. Hairer, G. Wanner, Solving Ordinary Differential Equations II, 2nd ed., Springer 1996,
  section VII.7 ("Multibody systems"), after Giles (1978) and Manning (1981).
- F. Mazzia, C. Magherini, Test Set for IVP Solvers, release 2.4, University of Bari, problem
  "Andrews' squeezing mechanism", Fortran file andrews.f (revision "andrews.F,v 1.2
  2006/10/02"), http://www.dm.uniba.it/~testset/src/problems/andrews.f: the parameters
  (andpar / the common block andcom; the same 42 numbers are the defaults of the R package
  deTestSet, function andrews()), the consistent initial values (subroutine init) and the
  reference solution at t = 0.03 s (subroutine solut / andsoln, computed by PSIDE on a Cray C90
  with rtol = atol = 1e-14).

The Test Set writes the mechanism with seven angles q = (beta, theta, gamma, phi, delta, Omega,
epsilon), the index-3 DAE M(q) q_tt = f(q, q_t) - G(q)^T lambda, g(q) = 0 with 6 constraints.
Here it is built as a user of coordyn builds a mechanism: 7 x NodeRigidBody2D + RigidBody2D
(21 coordinates), 10 RevoluteJoint2D (20 constraints), a SpringDamper and a LoadTorqueVector;
coordyn assembles its own equations, which have the same solution.

Geometry (read off the Test Set's constraint equations g and mass matrix M; fixed points
O = (0, 0), A = (xa, ya), B = (xb, yb), C = (xc, yc); R(a) the rotation by a). Every body's node
sits at a joint, with the node's angle equal to the body's absolute angle in the Test Set:

    body  node at  node angle        points in the body frame                centre of mass
    1     O        beta              P = (rr, 0)                             (ra, 0)
    2     P        beta + theta      E = (-d, 0)                             (-da, 0)
    3     B        gamma             E = (0, -ss), spring end D = (sd, -sc)  (sa, sb) *
    4     H        phi + delta       E = (0, -e)                             (0, -(e - ea))
    5     A        delta             H = (zt, 0)                             (ta, tb) *
    6     G        Omega + epsilon   E = (zf, 0)                             (zf - fa, 0)
    7     A        epsilon           G = (0, -u)                             (ua, ub) *

Joints: ground-1 at O, 1-2 at P, 2-3, 2-4 and 2-6 at E (bodies 2, 3, 4, 6 meet at E), ground-3
at B, 4-5 at H, ground-5 at A, 6-7 at G, ground-7 at A. The spring (c0, rest length l0, no
damping) pulls D on body 3 towards C; the torque mom acts on body 1. No gravity.
(*) Bodies 3, 5 and 7 turn about fixed pivots and the Test Set gives only their distances of the
centre of mass from the pivot, sqrt(sa^2 + sb^2) etc. (its M(3,3) = m3 (sa^2 + sb^2) + I3);
where in the body the centre lies does not change the motion (no gravity, fixed pivot), so it is
put at (sa, sb), (ta, tb), (ua, ub).

Reading the seven angles: the rotation coordinate phi_k of node k (Rotation output: reference +
displacement, a plain coordinate that is not wrapped to (-pi, pi]) is the absolute angle of body
k, so beta = phi_1, theta = phi_2 - phi_1, gamma = phi_3, phi = phi_4 - phi_5, delta = phi_5,
Omega = phi_6 - phi_7, epsilon = phi_7. The crank angle beta is cumulative (the Test Set's
reference beta(0.03) = 15.81 rad is 2.5 turns after beta(0) = -0.0617), and so is phi_1: no
angle is taken modulo 2 pi, the values compare directly with the reference.

Error measure (for work-precision diagrams): the relative error of each of the seven angles at
t = 0.03 against the reference, |q_i - q_i,ref| / |q_i,ref|, its maximum, and the Test Set's
number of significant correct digits scd = -log10(max relative error) (angles only; the
velocities, accelerations and multipliers of the Test Set's 27 components are not compared).
"""
import time

import numpy as np

import coordyn as cd


# -- Test Set data (andrews.f, common block andcom; SI units: kg, m, kg m^2, N/m, N m) ----------
m1, m2, m3, m4, m5, m6, m7 = .04325, .00365, .02373, .00706, .07050, .00706, .05498
xa, ya, xb, yb, xc, yc = -.06934, -.00227, -.03635, .03273, .014, .072
c0 = 4530.0
i1, i2, i3, i4, i5, i6, i7 = 2.194e-6, 4.410e-7, 5.255e-6, 5.667e-7, 1.169e-5, 5.667e-7, 1.912e-5
d, da, e, ea = 28e-3, 115e-4, 2e-2, 1421e-5
rr, ra, l0 = 7e-3, 92e-5, 7785e-5
ss, sa, sb, sc, sd = 35e-3, 1874e-5, 1043e-5, 18e-3, 2e-2
ta, tb = 2308e-5, 916e-5
u, ua, ub = 4e-2, 1228e-5, 449e-5
zf, zt, fa = 2e-2, 4e-2, 1421e-5
mom = 33e-3

NAMES = ("beta", "theta", "gamma", "phi", "delta", "Omega", "epsilon")
END_TIME = 0.03
# consistent initial values at t = 0 (andrews.f, subroutine init: y(1..7); velocities 0)
Q0 = np.array([-0.0617138900142764496358948458001,
               0.0,
               0.455279819163070380255912382449,
               0.222668390165885884674473185609,
               0.487364979543842550225598953530,
               -0.222668390165885884674473185609,
               1.23054744454982119249735015568])
# and the consistent initial accelerations y(15..21) (= beta_tt, theta_tt; the others are 0)
QTT0 = np.array([14222.4439199541138705911625887, -10666.8329399655854029433719415,
                 0, 0, 0, 0, 0])
# reference solution at t = 0.03 (andrews.f, subroutine solut: y(1..7))
Q_REF = np.array([0.1581077119629904e+2, -0.1575637105984298e+2, 0.4082224013073101e-1,
                  -0.5347301163226948e+0, 0.5244099658805304e+0, 0.5347301163226948e+0,
                  0.1048080741042263e+1])
# and the angular velocities y(8..14) there
QT_REF = np.array([0.1139920302151208e+4, -0.1424379294994111e+4, 0.1103291221937134e+2,
                   0.1929337464421385e+2, 0.5735699284790808e+0, -0.1929337464421385e+2,
                   0.3231791658026955e+0])


def _rot(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s], [s, c]])


def body_angles(q):
    """Absolute angles of the bodies 1..7 from the Test Set's angles q (see the table above)."""
    be, th, ga, ph, de, om, ep = q
    return np.array([be, be + th, ga, ph + de, de, om + ep, ep])


def angles_from_bodies(psi):
    """The Test Set's seven angles from the absolute body angles psi_1..psi_7."""
    psi = np.asarray(psi, float)
    return np.array([psi[0], psi[1] - psi[0], psi[2], psi[3] - psi[4], psi[4], psi[5] - psi[6],
                     psi[6]])


def build(mbs, q0=Q0, lib=cd):
    """Add the squeezer to mbs in the configuration q0 (the Test Set's angles, at rest).
    Returns a dict: 'nodes' (the 7 node numbers, bodies 1..7), 'bodies', 'joints' (10),
    'spring' and 'sensors' (7 SensorNode Rotation sensors, one per node).
    lib provides the item classes and OutputVariableType (default: coordyn). The same code
    builds the model in Exudyn (benchmarks/bench_andrews.py): RigidBody2D takes the inertia about
    the node in both engines, I_c + m |c|^2 from the Test Set's I_c about the centre of mass."""
    psi = body_angles(q0)
    O, A, B, C = (np.array(p, float) for p in ((0, 0), (xa, ya), (xb, yb), (xc, yc)))
    P = O + _rot(psi[0]) @ [rr, 0]        # crank pin (body 1 - body 2)
    H = A + _rot(psi[4]) @ [zt, 0]        # body 4 - body 5
    G = A + _rot(psi[6]) @ [0, -u]        # body 6 - body 7
    pivots = [O, P, B, H, A, G, A]        # where each body's node sits
    inertia = [(m1, i1, (ra, 0)), (m2, i2, (-da, 0)), (m3, i3, (sa, sb)), (m4, i4, (0, -(e - ea))),
               (m5, i5, (ta, tb)), (m6, i6, (zf - fa, 0)), (m7, i7, (ua, ub))]

    ground = mbs.AddObject(lib.ObjectGround())
    nodes, bodies = [], []
    for k in range(7):
        n = mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=[*pivots[k], psi[k]]))
        m, inertia_c, com = inertia[k]
        inertia_node = inertia_c + m * float(np.dot(com, com))
        bodies.append(mbs.AddObject(lib.RigidBody2D(mass=m, inertia=inertia_node,
                                                   centerOfMass=list(com), nodeNumber=n)))
        nodes.append(n)

    def point(k, local):
        """Position marker on body k (1..7) at local (body frame), or on the ground (k = 0)."""
        if k == 0:
            return mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=ground,
                                                       localPosition=[*local, 0]))
        return mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=bodies[k - 1],
                                                   localPosition=[*local, 0]))

    pairs = [((0, O), (1, (0, 0))),          # crank on the ground at O
             ((1, (rr, 0)), (2, (0, 0))),    # P
             ((2, (-d, 0)), (3, (0, -ss))),  # E: bodies 2, 3, 4, 6
             ((2, (-d, 0)), (4, (0, -e))),
             ((2, (-d, 0)), (6, (zf, 0))),
             ((0, B), (3, (0, 0))),          # B
             ((4, (0, 0)), (5, (zt, 0))),    # H
             ((0, A), (5, (0, 0))),          # A
             ((6, (0, 0)), (7, (0, -u))),    # G
             ((0, A), (7, (0, 0)))]          # A
    joints = [mbs.AddObject(lib.RevoluteJoint2D(markerNumbers=[point(*a), point(*b)]))
              for a, b in pairs]

    spring = mbs.AddObject(lib.SpringDamper(markerNumbers=[point(0, C), point(3, (sd, -sc))],
                                           stiffness=c0, damping=0, referenceLength=l0))
    mbs.AddLoad(lib.Torque(markerNumber=mbs.AddMarker(lib.MarkerNodeRigid(nodeNumber=nodes[0])),
                          loadVector=[0, 0, mom]))

    sensors = [mbs.AddSensor(lib.SensorNode(nodeNumber=n, storeInternal=True,
                                            outputVariableType=lib.OutputVariableType.Rotation))
               for n in nodes]
    return dict(nodes=nodes, bodies=bodies, joints=joints, spring=spring, sensors=sensors)


def read_angles(mbs, model, lib=cd):
    """The seven Test Set angles from the nodes' rotations (current configuration)."""
    psi = [mbs.GetNodeOutput(n, lib.OutputVariableType.Rotation)[2] for n in model["nodes"]]
    return angles_from_bodies(psi)


def sensor_angles(mbs, model):
    """(t, angles): the seven Test Set angles at every stored sensor time, shape (n, 7)."""
    data = [np.asarray(mbs.GetSensorStoredData(s)) for s in model["sensors"]]
    t = data[0][:, 0]
    psi = np.column_stack([dd[:, 3] for dd in data])    # rows [t, 0, 0, phi]
    return t, np.array([angles_from_bodies(row) for row in psi])


def relative_errors(q, q_ref=Q_REF):
    """|q_i - q_ref,i| / |q_ref,i| for the seven angles."""
    q_ref = np.asarray(q_ref, float)
    return np.abs(np.asarray(q, float) - q_ref) / np.abs(q_ref)


def error_norm(q, q_ref=Q_REF):
    """Max relative error of the seven angles (the Test Set's error norm at the end point)."""
    return float(np.max(relative_errors(q, q_ref)))


def scd(q, q_ref=Q_REF):
    """Significant correct digits, -log10(max relative error) (Test Set); inf if exact."""
    err = error_norm(q, q_ref)
    return -np.log10(err) if err > 0 else np.inf


def simulation_settings(h, end_time=END_TIME, rho=None, sensors_every_step=False):
    """Fixed step h (no step reduction), generalized-alpha with spectral radius rho (None: the
    default, 0.9), sensors at the start and the end only unless sensors_every_step."""
    s = cd.SimulationSettings()
    n = int(round(end_time / h))
    if abs(n * h - end_time) > 1e-9 * end_time:
        raise ValueError(f"h = {h} does not divide the end time {end_time}")
    ti = s.timeIntegration
    ti.numberOfSteps, ti.endTime = n, end_time
    ti.adaptiveStep = False
    if rho is not None:
        ti.generalizedAlpha.spectralRadius = rho
    s.solutionSettings.sensorsWritePeriod = h if sensors_every_step else end_time
    s.progressBar = False
    return s


def solve(h, end_time=END_TIME, rho=None, solver_type=None, configure=None):
    """Build, solve with the fixed step h and return a dict: 'angles' (the seven angles at
    end_time), 'error' (max relative error against Q_REF, meaningful for end_time = 0.03),
    'scd', 'steps', 'cpu' (wall time of SolveDynamic in s), 'mbs', 'model'.
    solver_type: None (generalized-alpha) or cd.DynamicSolverType.TrapezoidalIndex2;
    configure(settings) may change further settings."""
    mbs = cd.SystemContainer().AddSystem()
    model = build(mbs)
    mbs.Assemble()
    s = simulation_settings(h, end_time, rho)
    if configure is not None:
        configure(s)
    t0 = time.perf_counter()
    mbs.SolveDynamic(s, solverType=solver_type)
    cpu = time.perf_counter() - t0
    q = read_angles(mbs, model)
    return dict(angles=q, error=error_norm(q), scd=scd(q), steps=s.timeIntegration.numberOfSteps,
                cpu=cpu, mbs=mbs, model=model)


def work_precision(steps=(1e-4, 5e-5, 2e-5, 1e-5, 5e-6), repeat=3, **kw):
    """[(h, error, median CPU time)] for the fixed steps h (keyword arguments go to solve)."""
    rows = []
    for h in steps:
        runs = [solve(h, **kw) for _ in range(repeat)]
        rows.append((h, runs[0]["error"], float(np.median([r["cpu"] for r in runs]))))
    return rows


def main(h=1e-5):
    r = solve(h)
    q, rel = r["angles"], relative_errors(r["angles"])
    rho = cd.SimulationSettings().timeIntegration.generalizedAlpha.spectralRadius
    print(f"Andrews' squeezer, generalized-alpha (default spectral radius {rho}), "
          f"fixed step h = {h:g} s, {r['steps']} steps to t = {END_TIME} s, {r['cpu']:.3f} s")
    print(f"{'angle':8s} {'coordyn':>22s} {'Test Set reference':>22s} {'rel. error':>10s}")
    for name, qi, qr, ei in zip(NAMES, q, Q_REF, rel):
        print(f"{name:8s} {qi:22.15g} {qr:22.15g} {ei:10.2e}")
    print(f"max relative error {r['error']:.2e}, scd = {r['scd']:.2f}")
    return dict(angles=q, error=r["error"], scd=r["scd"], h=h)


if __name__ == "__main__":
    main()
