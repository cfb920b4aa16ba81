"""The four-bar of deformation elements used by the tests (and its closed-form kinematics).

Ground pivots A = (0, 0) and D = (d, 0); crank AB (length a, angle theta2), coupler BC (b),
rocker CD (c, angle psi of C - D). Elements:
- G: a NodeRigidBody2D at A fixed by three coordinate constraints (the ground frame);
- A: a NodeRigidBody2D at A, position pinned (two coordinate constraints), angle free;
- the input hinge (ObjectDeformationHinge2D) between G and A: its relative rotation is the
  crank angle change theta2 - theta2_0, prescribed (a driven crank) or rigid (a locked one);
- the crank: ObjectDeformationBeam2D A-B, all three deformations rigid (B a NodeRigidBody2D);
- the coupler: ObjectDeformationTruss2D B-C (C a NodePoint2D), rigid or elastic;
- the rocker: ObjectDeformationTruss2D C-D, rigid (D a NodePointGround).
Coordinates 3 + 3 + 3 + 2 = 11; constraints 5; rigid deformations 3 + 1 + 1 (+1 coupler);
with the driven hinge and a rigid coupler the model is kinematically determined (DOF 0)."""
import numpy as np

import coordyn as cd

A_, B_, C_, D_ = 1.0, 3.5, 2.0, 4.0            # a, b (computed from the reference), c, d
THETA0, PSI0 = np.radians(60.0), np.radians(100.0)


def reference_points(a=A_, c=C_, d=D_, theta0=THETA0, psi0=PSI0):
    B = a * np.array([np.cos(theta0), np.sin(theta0)])
    C = np.array([d, 0.0]) + c * np.array([np.cos(psi0), np.sin(psi0)])
    return B, C


def build(hinge_mode="prescribed", coupler_mode="rigid", coupler_k=0.0, mass=0.0, g=0.0,
          theta=None, theta_t=None):
    """the four-bar; theta(t), theta_t(t): the crank angle change (the hinge's prescribed
    deformation) and its derivative as user functions (None: 0). Returns (mbs, dict)."""
    mbs = cd.SystemContainer().AddSystem()
    B, C = reference_points()
    nG = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, THETA0]))
    nA = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[0, 0, THETA0]))
    nB = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[B[0], B[1], THETA0]))
    nC = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=list(C)))
    nD = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[D_, 0, 0]))
    gnd = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=gnd, coordinate=0))
    for (n, j) in [(nG, 0), (nG, 1), (nG, 2), (nA, 0), (nA, 1)]:
        mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=j))
        mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    kw = {}
    if theta is not None:
        kw["prescribedDeformationUserFunction"] = lambda mbs, t, i, ep: [theta(t)]
    if theta_t is not None:
        kw["prescribedDeformationUserFunction_t"] = lambda mbs, t, i, ep: [theta_t(t)]
    hinge = mbs.AddObject(cd.ObjectDeformationHinge2D(nodeNumbers=[nG, nA],
                                                      deformationModes=[hinge_mode], **kw))
    crank = mbs.AddObject(cd.ObjectDeformationBeam2D(nodeNumbers=[nA, nB],
                                                     deformationModes=["rigid"] * 3))
    coupler = mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[nB, nC],
                                                        deformationModes=[coupler_mode],
                                                        axialStiffness=coupler_k))
    rocker = mbs.AddObject(cd.ObjectDeformationTruss2D(nodeNumbers=[nC, nD],
                                                       deformationModes=["rigid"]))
    if mass:
        mbs.AddObject(cd.MassPoint2D(physicsMass=mass, nodeNumber=nC))
        mC = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nC))
        mbs.AddLoad(cd.LoadForceVector(markerNumber=mC, loadVector=[0, -mass * g, 0]))
    mbs.Assemble()
    return mbs, dict(G=nG, A=nA, B=nB, C=nC, D=nD, hinge=hinge, crank=crank, coupler=coupler,
                     rocker=rocker, b=float(np.linalg.norm(C - B)))


def closed_form(theta2, w2, al2, a=A_, b=None, c=C_, d=D_, branch_point=None):
    """the four-bar's kinematics from the loop closure a e^{i th2} + b e^{i th3} = d + c e^{i th4}:
    C from the intersection of the circles about B (radius b) and D (radius c), on the side of
    branch_point; then th3, th4; omega3, omega4 from the velocity loop
    i(a w2 e2 + b w3 e3 - c w4 e4) = 0; alpha3, alpha4 from the acceleration loop. Returns the
    position, velocity and acceleration of C."""
    B = a * np.array([np.cos(theta2), np.sin(theta2)])
    D = np.array([d, 0.0])
    BD = D - B
    L = np.linalg.norm(BD)
    x = (b * b - c * c + L * L) / (2 * L)
    y = np.sqrt(b * b - x * x)
    u = BD / L
    nrm = np.array([-u[1], u[0]])
    cands = [B + x * u + y * nrm, B + x * u - y * nrm]
    C = min(cands, key=lambda P: np.linalg.norm(P - branch_point))
    th3 = np.arctan2(*(C - B)[::-1])
    th4 = np.arctan2(*(C - D)[::-1])
    e = lambda th: np.array([np.cos(th), np.sin(th)])
    ep = lambda th: np.array([-np.sin(th), np.cos(th)])
    # velocity: a w2 ep2 + b w3 ep3 = c w4 ep4
    M = np.column_stack([b * ep(th3), -c * ep(th4)])
    w3, w4 = np.linalg.solve(M, -a * w2 * ep(theta2))
    # acceleration: a (al2 ep2 - w2^2 e2) + b (al3 ep3 - w3^2 e3) = c (al4 ep4 - w4^2 e4)
    rhs = -(a * (al2 * ep(theta2) - w2**2 * e(theta2)) - b * w3**2 * e(th3)
            + c * w4**2 * e(th4))
    al3, al4 = np.linalg.solve(M, rhs)
    vC = c * w4 * ep(th4)
    aC = c * (al4 * ep(th4) - w4**2 * e(th4))
    return C, vC, aC
