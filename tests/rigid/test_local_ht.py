"""localHT of MarkerBodyRigid and MarkerNodeRigid (Exudyn 1.13): the marker frame is the body's
(node's) frame times the local transformation. Closed-form marker outputs, exact analytic
Jacobians of the connectors on such markers (against numerical differentiation) for every
rigid-node type and planar bodies, the same motion as the joints' rotationMarker0/1, and
Exudyn 1.13.6's motion; bad inputs."""
import numpy as np
import pytest

import coordyn as cd
import coordyn.utilities as u
from coordyn import HT

from tests.conftest import check_jacobian

OV = cd.OutputVariableType
NODE_TYPES = ["RotationEulerParameters", "RotationRxyz", "RotationRotationVector"]
HL = HT(Rxyz=[0.4, -0.3, 0.7], translation=[-0.2, 0.3, 0.1])       # a marker frame on a body
HN = HT(Rxyz=[-0.5, 0.2, 0.3])                                    # on a node (no translation)


def _lib(name):
    if name == "exudyn":
        exu = pytest.importorskip("exudyn")
        if not hasattr(exu, "HT"):
            pytest.skip("this Exudyn has no HT (1.13 has)")
        import exudyn.utilities as eu
        return exu, eu
    return cd, u


def _moving_body(mbs, nodeType, position=(0.3, -0.2, 0.5), omega=(0.7, -0.4, 1.1)):
    """a rigid body turned away from its reference rotation and moving"""
    return mbs.CreateRigidBody(
        inertia=u.InertiaCuboid(1000, [0.6, 0.1, 0.2]), referencePosition=list(position),
        referenceRotationMatrix=u.RotXYZ2RotationMatrix([0.2, -0.1, 0.3]),
        initialRotationMatrix=u.RotXYZ2RotationMatrix([0.3, 0.5, -0.2]),
        initialDisplacement=[0.01, -0.02, 0.03], initialVelocity=[0.2, -0.1, 0.3],
        initialAngularVelocity=list(omega), nodeType=getattr(cd.NodeType, nodeType))


@pytest.mark.parametrize("nodeType", NODE_TYPES)
def test_marker_outputs_are_the_turned_frame(nodeType):
    """position p + A t, orientation A R, angular velocity w (global) and R^T A^T w (local)"""
    mbs = cd.SystemContainer().AddSystem()
    b = _moving_body(mbs, nodeType)
    n = mbs.GetObject(b)["nodeNumber"]
    mb = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b, localHT=HL))
    mn = mbs.AddMarker(u.MarkerNodeRigid(nodeNumber=n, localHT=HN))
    mb4 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b, localHT=HL.HT44(),
                                          localPosition=HL.translation))
    mbs.Assemble()
    cfg = cd.ConfigurationType.Initial
    A = mbs.GetNodeOutput(n, OV.RotationMatrix, cfg).reshape(3, 3)
    p = mbs.GetNodeOutput(n, OV.Position, cfg)
    v = mbs.GetNodeOutput(n, OV.Velocity, cfg)
    w = mbs.GetNodeOutput(n, OV.AngularVelocity, cfg)
    for m, H in ((mb, HL), (mn, HN), (mb4, HL)):
        Am = A @ H.rotation
        out = {ov: mbs.GetMarkerOutput(m, ov, cfg) for ov in
               (OV.Position, OV.Velocity, OV.RotationMatrix, OV.AngularVelocity,
                OV.AngularVelocityLocal)}
        np.testing.assert_allclose(out[OV.Position], p + A @ H.translation, atol=1e-14)
        np.testing.assert_allclose(out[OV.Velocity], v + np.cross(w, A @ H.translation),
                                   atol=1e-14)
        np.testing.assert_allclose(out[OV.RotationMatrix].reshape(3, 3), Am, atol=1e-14)
        np.testing.assert_allclose(out[OV.AngularVelocity], w, atol=1e-14)
        np.testing.assert_allclose(out[OV.AngularVelocityLocal], Am.T @ w, atol=1e-14)
    # the rotation is really there: not the body's frame
    assert np.linalg.norm(mbs.GetMarkerOutput(mb, OV.RotationMatrix, cfg).reshape(3, 3) - A) > 0.1


def _connected(nodeType, connector):
    """two moving bodies joined by connector between markers with localHT (a body marker and a
    node marker) at a state away from the reference configuration"""
    mbs = cd.SystemContainer().AddSystem()
    b0 = _moving_body(mbs, nodeType)
    b1 = _moving_body(mbs, nodeType, position=(0.9, 0.1, 0.2), omega=(-0.3, 0.8, 0.2))
    n1 = mbs.GetObject(b1)["nodeNumber"]
    m0 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b0, localHT=HL))
    m1 = mbs.AddMarker(u.MarkerNodeRigid(nodeNumber=n1, localHT=HN))
    k6 = np.diag([1e4, 2e4, 3e4, 1e3, 2e3, 3e3])
    items = {
        "GenericJoint": lambda: u.ObjectJointGeneric(markerNumbers=[m0, m1],
                                                     constrainedAxes=[1, 1, 1, 1, 1, 0]),
        "RigidBodySpringDamper": lambda: u.ObjectConnectorRigidBodySpringDamper(
            markerNumbers=[m0, m1], stiffness=k6, damping=0.01 * k6),
        "TorsionalSpringDamper": lambda: u.ObjectConnectorTorsionalSpringDamper(
            markerNumbers=[m0, m1], stiffness=1e3, damping=10),
        "RevoluteJointZ": lambda: u.ObjectJointRevoluteZ(markerNumbers=[m0, m1]),
        "PrismaticJointX": lambda: u.ObjectJointPrismaticX(markerNumbers=[m0, m1]),
        "CartesianSpringDamper": lambda: u.ObjectConnectorCartesianSpringDamper(
            markerNumbers=[m0, m1], stiffness=[1e3, 2e3, 3e3], damping=[1, 2, 3]),
    }
    j = mbs.AddObject(items[connector]())
    mbs.Assemble()
    return mbs, j


CONNECTORS = ["GenericJoint", "RigidBodySpringDamper", "TorsionalSpringDamper",
              "RevoluteJointZ", "PrismaticJointX", "CartesianSpringDamper"]


@pytest.mark.parametrize("nodeType", NODE_TYPES)
@pytest.mark.parametrize("connector", CONNECTORS)
def test_jacobians_on_turned_markers(nodeType, connector):
    mbs, j = _connected(nodeType, connector)
    a, n = check_jacobian(mbs, j, expect_analytic=True)
    assert max(np.linalg.norm(a[k]) for k in ("K", "Cq")) > 0


def test_the_connectors_jacobians_are_analytic():
    """the checks above compare analytic with numerical Jacobians (not numerical twice)"""
    for c in ("GenericJoint", "RevoluteJointZ", "PrismaticJointX", "TorsionalSpringDamper"):
        mbs, j = _connected("RotationRxyz", c)
        assert mbs.GetObjectJacobian(j)["analytic"] is True, c


@pytest.mark.parametrize("connector", ["RigidBodySpringDamper", "TorsionalSpringDamper"])
def test_planar_bodies_jacobians(connector):
    """2D bodies and nodes (rotation about z): markers turned about any axis"""
    mbs = cd.SystemContainer().AddSystem()
    nodes, bodies = [], []
    for x, phi in ((0.0, 0.3), (1.0, -0.4)):
        n = mbs.AddNode(u.NodeRigidBody2D(referenceCoordinates=[x, 0.1, phi],
                                          initialCoordinates=[0.01, -0.02, 0.2],
                                          initialVelocities=[0.1, 0.2, 0.7]))
        nodes.append(n)
        bodies.append(mbs.AddObject(u.ObjectRigidBody2D(nodeNumber=n, physicsMass=2,
                                                        physicsInertia=0.1)))
    m0 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=bodies[0],
                                         localHT=HT(rotationVector=[0, 0, 0.5],
                                                    translation=[0.3, 0.1, 0])))
    m1 = mbs.AddMarker(u.MarkerNodeRigid(nodeNumber=nodes[1], localHT=HT(Rxyz=[0, 0, -0.7])))
    if connector == "RigidBodySpringDamper":
        k6 = np.diag([1e4, 2e4, 3e4, 1e3, 2e3, 3e3])
        j = mbs.AddObject(u.ObjectConnectorRigidBodySpringDamper(markerNumbers=[m0, m1],
                                                                 stiffness=k6, damping=0.01 * k6))
    else:
        j = mbs.AddObject(u.ObjectConnectorTorsionalSpringDamper(markerNumbers=[m0, m1],
                                                                 stiffness=1e3, damping=10))
    mbs.Assemble()
    a, n = check_jacobian(mbs, j, expect_analytic=True)
    assert np.linalg.norm(a["K"]) > 0


def _jointed_pair(libname, nodeType, connector, useHT, tEnd=0.2, h=1e-3):
    """body 0 hinged (or held by a spring-damper) to a turned ground marker, body 1 tied to
    body 0 by a rigid-body spring-damper between a node marker and a body marker; with useHT
    the frames are the markers' localHT, else the same frames as rotationMarker0/1. Returns the
    ODE2 coordinates at tEnd."""
    exu, lu = _lib(libname)
    mbs = exu.SystemContainer().AddSystem()
    nt = getattr(exu.NodeType, nodeType)
    g = mbs.AddObject(lu.ObjectGround())
    HG = exu.HT(Rxyz=[0.3, -0.2, 0.4])
    HB = exu.HT(Rxyz=[-0.1, 0.5, 0.2], translation=[-0.5, 0, 0])
    H0 = HG * HB.Inverse()               # body 0 so that the two joint frames coincide
    w = 2.0 * HG.rotation[:, 2]          # turning about the joint axis
    inertia = lu.InertiaCuboid(1000, [0.6, 0.1, 0.2])
    b0 = mbs.CreateRigidBody(inertia=inertia, referencePosition=H0.translation,
                             referenceRotationMatrix=H0.rotation, nodeType=nt,
                             gravity=[0, -9.81, -2], initialAngularVelocity=w,
                             initialVelocity=np.cross(w, H0.translation))
    b1 = mbs.CreateRigidBody(inertia=inertia, referencePosition=H0.translation + [0.6, -0.3, 0.1],
                             referenceRotationMatrix=lu.RotationMatrixY(0.3), nodeType=nt,
                             gravity=[0, -9.81, -2])
    Hn = exu.HT(Rxyz=[0.2, 0.1, -0.3])
    H1 = exu.HT(Rxyz=[0.4, 0, 0.1], translation=[-0.3, 0.1, 0])
    n0 = mbs.GetObject(b0)["nodeNumber"]
    if useHT:
        mg = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=g, localHT=HG))
        m0 = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=b0, localHT=HB))
        mn0 = mbs.AddMarker(lu.MarkerNodeRigid(nodeNumber=n0, localHT=Hn))
        mn1 = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=b1, localHT=H1))
        rot = [np.eye(3)] * 4
    else:
        mg = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=g, localPosition=[0, 0, 0]))
        m0 = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=b0, localPosition=HB.translation))
        mn0 = mbs.AddMarker(lu.MarkerNodeRigid(nodeNumber=n0))
        mn1 = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=b1, localPosition=H1.translation))
        rot = [HG.rotation, HB.rotation, Hn.rotation, H1.rotation]
    k6 = np.diag([1e4, 2e4, 3e4, 1e3, 2e3, 3e3])
    if connector == "GenericJoint":
        mbs.AddObject(lu.ObjectJointGeneric(markerNumbers=[mg, m0],
                                            constrainedAxes=[1, 1, 1, 1, 1, 0],
                                            rotationMarker0=rot[0], rotationMarker1=rot[1]))
    elif connector == "RevoluteJointZ":
        mbs.AddObject(lu.ObjectJointRevoluteZ(markerNumbers=[mg, m0], rotationMarker0=rot[0],
                                              rotationMarker1=rot[1]))
    elif connector == "TorsionalSpringDamper":
        mbs.AddObject(lu.ObjectConnectorTorsionalSpringDamper(
            markerNumbers=[mg, m0], stiffness=1e3, damping=10, rotationMarker0=rot[0],
            rotationMarker1=rot[1]))
        mbs.AddObject(lu.ObjectJointSpherical(markerNumbers=[mg, m0]))
    else:
        mbs.AddObject(lu.ObjectConnectorRigidBodySpringDamper(
            markerNumbers=[mg, m0], stiffness=k6, damping=0.01 * k6, rotationMarker0=rot[0],
            rotationMarker1=rot[1]))
    mbs.AddObject(lu.ObjectConnectorRigidBodySpringDamper(
        markerNumbers=[mn0, mn1], stiffness=k6, damping=0.02 * k6, rotationMarker0=rot[2],
        rotationMarker1=rot[3]))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(tEnd / h))
    s.timeIntegration.endTime = tEnd
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-12
    s.solutionSettings.writeSolutionToFile = False
    if libname == "coordyn":       # Exudyn's steps for Euler parameters
        s.timeIntegration.generalizedAlpha.projectEulerParameterVelocities = False
    mbs.SolveDynamic(s)
    return np.array(mbs.systemData.GetODE2Coordinates())


JOINTS = ["GenericJoint", "RevoluteJointZ", "TorsionalSpringDamper", "RigidBodySpringDamper"]


@pytest.mark.parametrize("nodeType", NODE_TYPES)
@pytest.mark.parametrize("connector", JOINTS)
def test_local_ht_moves_as_rotation_marker(nodeType, connector):
    """Exudyn 1.13 deprecates rotationMarker0/1 for localHT: the same frames, the same motion"""
    a = _jointed_pair("coordyn", nodeType, connector, True)
    b = _jointed_pair("coordyn", nodeType, connector, False)
    assert np.max(np.abs(a - b)) < 1e-12
    assert np.max(np.abs(a)) > 0.1          # it moved


@pytest.mark.parametrize("nodeType", ["RotationEulerParameters", "RotationRxyz"])
@pytest.mark.parametrize("connector", JOINTS)
def test_local_ht_against_exudyn(nodeType, connector):
    """the same model on Exudyn 1.13.6 (its localHT): the coordinates after 0.2 s agree to
    1e-10 (RotVecLG nodes are left out: the two integrate them differently, with or without
    localHT)"""
    b = _jointed_pair("exudyn", nodeType, connector, True)
    a = _jointed_pair("coordyn", nodeType, connector, True)
    assert np.max(np.abs(a - b)) < 1e-10


def test_bad_local_ht():
    bad = [
        ("body", np.eye(3), None,
         r"MarkerBodyRigid \d+: parameter 'localHT' must be a 4x4 homogeneous transformation"),
        ("body", 2 * np.eye(4), None,
         r"MarkerBodyRigid \d+: parameter 'localHT' must have a rotation matrix"),
        ("body", np.diag([1.0, 1, -1, 1]), None,
         r"parameter 'localHT' must have a rotation matrix .*det R = -1"),
        ("body", [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 1, 1]], None,
         r"parameter 'localHT' must have the last row \[0, 0, 0, 1\]"),
        ("body", HT(translation=[1, 0, 0]), [0, 0, 1],
         r"MarkerBodyRigid \d+: parameters 'localPosition' \[0, 0, 1\] and 'localHT' "
         r"\(translation \[1, 0, 0\]\) differ; give one of them"),
        ("node", HT(translation=[1, 0, 0]), None,
         r"MarkerNodeRigid \d+: the translation of parameter 'localHT' must be zero"),
        ("node", np.ones((4, 4)), None,
         r"MarkerNodeRigid \d+: parameter 'localHT' must have a rotation matrix"),
    ]
    for on, H, lp, msg in bad:
        mbs = cd.SystemContainer().AddSystem()
        b = _moving_body(mbs, "RotationRxyz")
        if on == "body":
            item = u.MarkerBodyRigid(bodyNumber=b, localHT=H)
            if lp is not None:
                item.localPosition = lp
        else:
            item = u.MarkerNodeRigid(nodeNumber=mbs.GetObject(b)["nodeNumber"], localHT=H)
        with pytest.raises(ValueError, match=msg):
            mbs.AddMarker(item)
            mbs.Assemble()


def test_local_ht_on_a_planar_cable_must_be_an_axis_point():
    mbs = cd.SystemContainer().AddSystem()
    n0 = mbs.AddNode(u.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(u.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
    c = mbs.AddObject(u.ObjectANCFCable2D(nodeNumbers=[n0, n1], physicsLength=1,
                                          physicsMassPerLength=1, physicsBendingStiffness=1,
                                          physicsAxialStiffness=100))
    with pytest.raises(ValueError, match=r"MarkerBodyRigid \d+: parameter 'localHT' on body \d+ "
                                         r"of type ObjectANCFCable2D must be a translation"):
        mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=c, localHT=HT(Rxyz=[0, 0, 0.3],
                                                                 translation=[0.5, 0, 0])))
    # a translation along the axis is fine: the axis point's frame
    mbs = cd.SystemContainer().AddSystem()
    n0 = mbs.AddNode(u.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(u.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
    c = mbs.AddObject(u.ObjectANCFCable2D(nodeNumbers=[n0, n1], physicsLength=1,
                                          physicsMassPerLength=1, physicsBendingStiffness=1,
                                          physicsAxialStiffness=100))
    m = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=c, localHT=HT(translation=[0.5, 0, 0])))
    mbs.Assemble()
    np.testing.assert_allclose(mbs.GetMarkerOutput(m, OV.Position), [0.5, 0, 0], atol=1e-15)


def test_get_marker_returns_the_local_ht():
    mbs = cd.SystemContainer().AddSystem()
    b = _moving_body(mbs, "RotationRxyz")
    m = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b, localHT=HL))
    np.testing.assert_allclose(mbs.GetMarker(m)["localHT"], HL.HT44(), atol=0)
    m2 = mbs.AddMarker(u.MarkerBodyRigid(bodyNumber=b, localPosition=[1, 2, 3]))
    assert np.size(mbs.GetMarker(m2)["localHT"]) == 0     # not given


def _create_joints_local_hts(libname):
    """CreateRevoluteJoint / CreatePrismaticJoint / CreateGenericJoint /
    CreateTorsionalSpringDamper / CreateRigidBodySpringDamper between a ground and a turned body: the joints' rotationMarker0/1 (must be the identity) and their markers'
    localHT and reference frames"""
    exu, lu = _lib(libname)
    mbs = exu.SystemContainer().AddSystem()
    g = mbs.CreateGround(referencePosition=[0.1, 0, 0])
    b = mbs.CreateRigidBody(inertia=lu.InertiaCuboid(1000, [1, 0.1, 0.1]),
                            referencePosition=[1, 0, 0],
                            referenceRotationMatrix=lu.RotXYZ2RotationMatrix([0.2, 0.1, 0.3]))
    out = []
    for create, kw in (("CreateRevoluteJoint", dict(axis=[1, 1, 0])),
                       ("CreatePrismaticJoint", dict(axis=[0, 1, 1])),
                       ("CreateGenericJoint", dict(rotationMatrixAxes=lu.RotationMatrixZ(0.4),
                                                   constrainedAxes=[1, 1, 1, 1, 1, 0])),
                       ("CreateTorsionalSpringDamper", dict(axis=[0, 1, 1], stiffness=1)),
                       ("CreateRigidBodySpringDamper", dict(
                           localPosition0=[0.5, 0, 0], localPosition1=[-0.5, 0, 0],
                           stiffness=np.eye(6), rotationMatrixJoint=lu.RotationMatrixX(0.4)))):
        if create == "CreateRigidBodySpringDamper":
            j = mbs.CreateRigidBodySpringDamper(bodyNumbers=[g, b], **kw)
        else:
            j = getattr(mbs, create)(bodyNumbers=[g, b], position=[0.5, 0.2, 0], **kw)
        o = mbs.GetObject(j)
        for k in ("rotationMarker0", "rotationMarker1"):
            np.testing.assert_allclose(o[k], np.eye(3), atol=1e-15)
        out.append([np.asarray(mbs.GetMarker(m)["localHT"], dtype=float)
                    for m in o["markerNumbers"]])
    mbs.Assemble()
    ref = exu.ConfigurationType.Reference
    frames = [[mbs.GetMarkerOutput(m, exu.OutputVariableType.RotationMatrix, ref).reshape(3, 3)
               for m in mbs.GetObject(j)["markerNumbers"]] for j in range(2, 7)]
    return out, frames


def test_create_joints_put_the_frames_into_local_ht():
    """as Exudyn 1.13.6: new markers whose localHT holds the joint frame (both markers' frames
    coincide in the reference configuration), identity rotationMarker0/1"""
    hts, frames = _create_joints_local_hts("coordyn")
    for (h0, h1), (f0, f1) in zip(hts, frames):
        assert h0.shape == h1.shape == (4, 4)
        np.testing.assert_allclose(f0, f1, atol=1e-14)
        assert np.linalg.norm(h0[0:3, 0:3] - np.eye(3)) > 0.1


def test_create_joints_local_ht_as_exudyn():
    c, _ = _create_joints_local_hts("coordyn")
    x, _ = _create_joints_local_hts("exudyn")
    for hc, hx in zip(c, x):
        for a, b in zip(hc, hx):
            np.testing.assert_allclose(a, b, atol=1e-14)


def _rolling_coin(libname, turned, t_end=0.2, h=5e-4):
    """Exudyn's rolling coin (radius r, tilted, spinning about the vertical) on
    ObjectJointRollingDisc. turned: the disc marker's frame is the body's turned by Q (localHT)
    and discAxis is the body's x axis in that frame, Q^T e_x; else the body frame and discAxis
    e_x. Returns the coin centre's path."""
    exu, lu = _lib(libname)
    mbs = exu.SystemContainer().AddSystem()
    r, m, phi0, wz = 0.01, 1.0, np.pi / 180, 10 * np.pi
    A0 = lu.RotationMatrixY(phi0)
    Q = lu.RotXYZ2RotationMatrix([0.3, -0.6, 1.1]) if turned else np.eye(3)
    om = np.array([0, 0, wz])
    d = mbs.CreateRigidBody(referencePosition=[r * np.sin(phi0), 0, r * np.cos(phi0)],
                            referenceRotationMatrix=A0,
                            initialVelocity=np.cross(om, A0 @ [0, 0, r]),
                            initialAngularVelocity=om, gravity=[0, 0, -9.81],
                            inertia=lu.RigidBodyInertia(mass=m, inertiaTensor=np.diag(
                                [0.5 * m * r ** 2, 0.25 * m * r ** 2, 0.25 * m * r ** 2])),
                            nodeType=exu.NodeType.RotationRxyz)
    g = mbs.AddObject(lu.ObjectGround())
    mg = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=g))
    mb = mbs.AddMarker(lu.MarkerBodyRigid(bodyNumber=d, localHT=exu.HT(rotation=Q)))
    mbs.AddObject(lu.ObjectJointRollingDisc(markerNumbers=[mg, mb], discRadius=r,
                                            discAxis=Q.T @ [1.0, 0, 0]))
    n = mbs.GetObject(d)["nodeNumber"]
    sen = mbs.AddSensor(lu.SensorNode(nodeNumber=n, storeInternal=True,
                                      outputVariableType=exu.OutputVariableType.Position))
    mbs.Assemble()
    s = exu.SimulationSettings()
    s.timeIntegration.numberOfSteps = int(round(t_end / h))
    s.timeIntegration.endTime = t_end
    s.solutionSettings.writeSolutionToFile = False
    s.solutionSettings.sensorsWritePeriod = h
    s.timeIntegration.verboseMode = 0
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.5
    s.timeIntegration.newton.relativeTolerance = 1e-12
    s.timeIntegration.newton.absoluteTolerance = 1e-14
    mbs.SolveDynamic(s)
    return np.array(mbs.GetSensorStoredData(sen))[:, 1:]


def test_rolling_disc_on_a_turned_marker():
    """the rolling disc reads its axis in the marker frame: a marker turned by Q with discAxis
    Q^T e_x rolls exactly as the plain coin with discAxis e_x; and as Exudyn 1.13.6"""
    a = _rolling_coin("coordyn", True)
    b = _rolling_coin("coordyn", False)
    assert np.max(np.abs(a - b)) < 1e-12
    assert np.max(np.abs(a[-1, 0:2] - a[0, 0:2])) > 1e-3          # it rolled
    e = _rolling_coin("exudyn", True)
    assert np.max(np.abs(a - e)) < 1e-10


def test_exudyn_argument_forms():
    """Exudyn 1.13's forms: localPosition=None with localHT (positional too), the 16 values of
    an HT, a plain dict; the marker frame is the same each time"""
    import coordyn.itemInterface as ii
    mbs = cd.SystemContainer().AddSystem()
    b = _moving_body(mbs, "RotationRxyz")
    forms = [ii.MarkerBodyRigid("m", b, None, HL),
             ii.MarkerBodyRigid(bodyNumber=b, localPosition=None, localHT=HL),
             ii.MarkerBodyRigid(bodyNumber=b, localHT=HL.HT44().ravel()),
             {"markerType": "BodyRigid", "bodyNumber": b, "localHT": HL}]
    ms = [mbs.AddMarker(f) for f in forms]
    mbs.Assemble()
    ref = [mbs.GetMarkerOutput(ms[0], v) for v in (OV.Position, OV.RotationMatrix)]
    for m in ms:
        np.testing.assert_array_equal(mbs.GetMarker(m)["localHT"], HL.HT44())
        for v, r in zip((OV.Position, OV.RotationMatrix), ref):
            np.testing.assert_array_equal(mbs.GetMarkerOutput(m, v), r)
    # None is "not given" only where Exudyn's default is None and the frame comes from localHT
    with pytest.raises(TypeError, match="'localPosition' must be a list of numbers, got None"):
        mbs.AddMarker(ii.MarkerBodyPosition(bodyNumber=b, localPosition=None))


def test_exudyn_script_with_ht_runs_unchanged(tmp_path):
    """an Exudyn 1.13 script (exu.HT, localHT, referenceHT, GetJointArgs) through
    `python -m coordyn.exudyn` gives Exudyn 1.13.6's coordinates"""
    import os
    import subprocess
    import sys
    script = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                          "exudyn", "scripts", "local_ht_double_pendulum.py")
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(cd.__file__)),
               PYTHONWARNINGS="ignore")

    def result(args):
        out = subprocess.run([sys.executable] + args + [script], capture_output=True, text=True,
                             cwd=tmp_path, env=env, timeout=300)
        assert out.returncode == 0, out.stderr[-3000:]
        line = [ln for ln in out.stdout.splitlines() if ln.startswith("result")][-1]
        return np.array([float(x) for x in line.split()[1:]])

    c = result(["-m", "coordyn.exudyn"])
    assert np.max(np.abs(c)) > 0.1                   # it moved
    _lib("exudyn")                                   # skips without Exudyn 1.13
    x = result([])
    assert np.max(np.abs(c - x)) < 1e-10
