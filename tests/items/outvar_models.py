"""One small model per item type, written against the Exudyn-compatible API so that it builds on
coordyn and on Exudyn alike (tests/items/test_output_variables.py probes which output variables
each engine accepts for the item and compares their values).

Every builder takes (exu, ii): the module (coordyn or exudyn) and the namespace of its item
classes (coordyn, or exudyn.itemInterface), adds the item under test with nonzero coordinates
and velocities, and returns (mbs, kind, index, SC) of that item (SC: the container, which must outlive mbs), kind one of 'node', 'object',
'body' (an object probed with GetObjectOutputBody at LOCAL), 'marker'. The caller assembles."""
import numpy as np

LOCAL = [0.1, -0.2, 0.3]        # the local point of GetObjectOutputBody
LOCAL_AXIS = [0.3, 0.0, 0.0]    # on the axis of beams and cables

# Euler parameters of a rotation about [1, 2, 2]/3 by 0.5
_AX = np.array([1.0, 2.0, 2.0]) / 3.0
EP0 = [np.cos(0.25)] + list(np.sin(0.25) * _AX)


def _sys(exu):
    SC = exu.SystemContainer()
    return SC, SC.AddSystem()


# ------------------------------------------------------------------ nodes

def _node_only(node_fn):
    def build(exu, ii):
        SC, mbs = _sys(exu)
        n = mbs.AddNode(node_fn(ii))
        return mbs, "node", n, SC
    return build


def _rigid_ep(ii):
    return ii.NodeRigidBodyEP(referenceCoordinates=[1, 2, 3] + EP0,
                              initialCoordinates=[0.1, -0.2, 0.3, 0, 0, 0, 0],
                              initialVelocities=[0.4, 0.5, -0.6] + [0, 0, 0, 0])


def _rigid_rxyz(ii):
    return ii.NodeRigidBodyRxyz(referenceCoordinates=[1, 2, 3, 0.1, 0.2, 0.3],
                                initialCoordinates=[0.1, -0.2, 0.3, 0.2, -0.1, 0.4],
                                initialVelocities=[0.4, 0.5, -0.6, 0.7, -0.8, 0.9])


def _rigid_lg(ii):
    return ii.NodeRigidBodyRotVecLG(referenceCoordinates=[1, 2, 3, 0.1, 0.2, 0.3],
                                    initialCoordinates=[0.1, -0.2, 0.3, 0, 0, 0],
                                    initialVelocities=[0.4, 0.5, -0.6, 0.7, -0.8, 0.9])


def _rigid_2d(ii):
    return ii.NodeRigidBody2D(referenceCoordinates=[1, 2, 0.3], initialCoordinates=[0.1, -0.2, 0.4],
                              initialVelocities=[0.5, -0.6, 0.7])


NODES = {
    "NodePoint": lambda ii: ii.NodePoint(referenceCoordinates=[1, 2, 3],
                                         initialCoordinates=[0.1, -0.2, 0.3],
                                         initialVelocities=[0.4, 0.5, -0.6]),
    "NodePoint2D": lambda ii: ii.NodePoint2D(referenceCoordinates=[1, 2],
                                             initialCoordinates=[0.1, -0.2],
                                             initialVelocities=[0.4, 0.5]),
    "Node1D": lambda ii: ii.Node1D(referenceCoordinates=[1], initialCoordinates=[0.1],
                                   initialVelocities=[0.4]),
    "NodePointGround": lambda ii: ii.NodePointGround(referenceCoordinates=[1, 2, 3]),
    "NodeGenericODE2": lambda ii: ii.NodeGenericODE2(referenceCoordinates=[1, 2],
                                                     initialCoordinates=[0.1, -0.2],
                                                     initialCoordinates_t=[0.4, 0.5],
                                                     numberOfODE2Coordinates=2),
    "NodeRigidBody2D": _rigid_2d,
    "NodeRigidBodyEP": _rigid_ep,
    "NodeRigidBodyRxyz": _rigid_rxyz,
    "NodeRigidBodyRotVecLG": _rigid_lg,
    "NodeGenericODE1": lambda ii: ii.NodeGenericODE1(referenceCoordinates=[1, 2],
                                                     initialCoordinates=[0.1, -0.2],
                                                     numberOfODE1Coordinates=2),
    "NodeGenericData": lambda ii: ii.NodeGenericData(initialCoordinates=[0.1, -0.2],
                                                     numberOfDataCoordinates=2),
    "NodePoint2DSlope1": lambda ii: ii.NodePoint2DSlope1(referenceCoordinates=[1, 2, 0.6, 0.8],
                                                         initialCoordinates=[0.1, -0.2, 0.1, 0],
                                                         initialVelocities=[0.4, 0.5, 0.1, 0.2]),
    "NodePointSlope1": lambda ii: ii.NodePointSlope1(
        referenceCoordinates=[1, 2, 3, 0.6, 0.8, 0], initialCoordinates=[0.1, -0.2, 0.3, 0, 0.1, 0],
        initialVelocities=[0.4, 0.5, -0.6, 0.1, 0, 0.2]),
}

BUILDERS = {name: _node_only(fn) for name, fn in NODES.items()}


# ------------------------------------------------------------------ bodies

def _body(node_fn, obj_fn, kind="body"):
    def build(exu, ii):
        SC, mbs = _sys(exu)
        n = mbs.AddNode(node_fn(ii))
        b = mbs.AddObject(obj_fn(ii, n))
        return mbs, kind, b, SC
    return build


BODIES = {
    "ObjectMassPoint": (NODES["NodePoint"], lambda ii, n: ii.ObjectMassPoint(physicsMass=2,
                                                                             nodeNumber=n)),
    "ObjectMassPoint2D": (NODES["NodePoint2D"],
                          lambda ii, n: ii.ObjectMassPoint2D(physicsMass=2, nodeNumber=n)),
    "ObjectMass1D": (NODES["Node1D"], lambda ii, n: ii.ObjectMass1D(
        physicsMass=2, nodeNumber=n, referencePosition=[1, 2, 3],
        referenceRotation=np.eye(3).tolist())),
    "ObjectRotationalMass1D": (NODES["Node1D"], lambda ii, n: ii.ObjectRotationalMass1D(
        physicsInertia=2, nodeNumber=n, referencePosition=[1, 2, 3],
        referenceRotation=np.eye(3).tolist())),
    "ObjectRigidBody2D": (_rigid_2d, lambda ii, n: ii.ObjectRigidBody2D(
        physicsMass=2, physicsInertia=3, nodeNumber=n)),
    "ObjectRigidBody": (_rigid_ep, lambda ii, n: ii.ObjectRigidBody(
        physicsMass=2, physicsInertia=[1, 2, 2.5, 0.1, 0.2, 0.3], nodeNumber=n)),
}
for _name, (_nf, _of) in BODIES.items():
    BUILDERS[_name] = _body(_nf, _of)


def _ht44(R, t):
    """the 4x4 list [R t; 0 1] (an HT both engines take)"""
    return [list(R[i]) + [t[i]] for i in range(3)] + [[0, 0, 0, 1]]


def _ground(exu, ii):
    SC, mbs = _sys(exu)
    g = mbs.AddObject(ii.ObjectGround(referencePosition=[1, 2, 3], referenceRotation=R0))
    return mbs, "body", g, SC


BUILDERS["ObjectGround"] = _ground


def _generic_ode2(exu, ii):
    SC, mbs = _sys(exu)
    n = mbs.AddNode(NODES["NodeGenericODE2"](ii))
    o = mbs.AddObject(ii.ObjectGenericODE2(nodeNumbers=[n], massMatrix=np.diag([1.0, 2.0]),
                                           stiffnessMatrix=np.diag([3.0, 4.0]),
                                           forceVector=[0.5, -0.5]))
    return mbs, "body", o, SC


def _generic_ode1(exu, ii):
    SC, mbs = _sys(exu)
    n = mbs.AddNode(NODES["NodeGenericODE1"](ii))
    o = mbs.AddObject(ii.ObjectGenericODE1(nodeNumbers=[n], systemMatrix=np.diag([-1.0, -2.0]),
                                           rhsVector=[0.5, -0.5]))
    return mbs, "object", o, SC


BUILDERS["ObjectGenericODE2"] = _generic_ode2
BUILDERS["ObjectGenericODE1"] = _generic_ode1


def _cable2d(exu, ii):
    SC, mbs = _sys(exu)
    n0 = mbs.AddNode(ii.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0],
                                          initialCoordinates=[0, 0.01, 0, 0.02],
                                          initialVelocities=[0.1, 0.2, 0, 0.1]))
    n1 = mbs.AddNode(ii.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0],
                                          initialCoordinates=[0.01, 0.03, 0.01, -0.02],
                                          initialVelocities=[0.1, -0.2, 0.1, 0]))
    o = mbs.AddObject(ii.ObjectANCFCable2D(nodeNumbers=[n0, n1], physicsLength=1,
                                           physicsMassPerLength=1, physicsBendingStiffness=2,
                                           physicsAxialStiffness=100))
    return mbs, "axis", o, SC


def _cable3d(exu, ii):
    SC, mbs = _sys(exu)
    n0 = mbs.AddNode(ii.NodePointSlope1(referenceCoordinates=[0, 0, 0, 1, 0, 0],
                                        initialCoordinates=[0, 0.01, 0.02, 0, 0.02, 0],
                                        initialVelocities=[0.1, 0.2, 0.1, 0, 0.1, 0]))
    n1 = mbs.AddNode(ii.NodePointSlope1(referenceCoordinates=[1, 0, 0, 1, 0, 0],
                                        initialCoordinates=[0.01, 0.03, 0, 0.01, -0.02, 0.01],
                                        initialVelocities=[0.1, -0.2, 0, 0.1, 0, 0]))
    o = mbs.AddObject(ii.ObjectANCFCable(nodeNumbers=[n0, n1], physicsLength=1,
                                         physicsMassPerLength=1, physicsBendingStiffness=2,
                                         physicsAxialStiffness=100))
    return mbs, "axis", o, SC


def _beam2d(exu, ii):
    SC, mbs = _sys(exu)
    n0 = mbs.AddNode(ii.NodeRigidBody2D(referenceCoordinates=[0, 0, 0],
                                        initialCoordinates=[0, 0.01, 0.02],
                                        initialVelocities=[0.1, 0.2, 0.1]))
    n1 = mbs.AddNode(ii.NodeRigidBody2D(referenceCoordinates=[1, 0, 0],
                                        initialCoordinates=[0.01, 0.03, -0.02],
                                        initialVelocities=[0.1, -0.2, 0.2]))
    o = mbs.AddObject(ii.ObjectBeamGeometricallyExact2D(
        nodeNumbers=[n0, n1], physicsLength=1, physicsMassPerLength=1, physicsCrossSectionInertia=1,
        physicsBendingStiffness=2, physicsAxialStiffness=100, physicsShearStiffness=50))
    return mbs, "axis", o, SC


def _beam3d(exu, ii):
    SC, mbs = _sys(exu)
    n0 = mbs.AddNode(ii.NodeRigidBodyRotVecLG(referenceCoordinates=[0, 0, 0, 0, 0, 0],
                                              initialCoordinates=[0, 0.01, 0.02, 0.01, 0, 0.02],
                                              initialVelocities=[0.1, 0.2, 0.1, 0, 0.1, 0]))
    n1 = mbs.AddNode(ii.NodeRigidBodyRotVecLG(referenceCoordinates=[1, 0, 0, 0, 0, 0],
                                              initialCoordinates=[0.01, 0.03, 0, 0.02, -0.01, 0],
                                              initialVelocities=[0.1, -0.2, 0, 0.1, 0, 0.2]))
    o = mbs.AddObject(ii.ObjectBeamGeometricallyExact(nodeNumbers=[n0, n1], physicsLength=1,
                                                      sectionData=_section(exu.BeamSection())))
    return mbs, "axis", o, SC


def _section(bs):
    bs.dampingMatrix = np.zeros((6, 6))
    bs.stiffnessMatrix = np.diag([100.0, 50, 50, 2, 3, 4])
    bs.inertia = np.diag([1.0, 0.5, 0.5])
    bs.massPerLength = 1.0
    return bs


def _beam_shape_marker(exu, ii):
    mbs, _, o, SC = _cable3d(exu, ii)
    m = mbs.AddMarker(ii.MarkerBodyBeamShape(bodyNumber=o))
    return mbs, "marker", m, SC


def _sliding3d(exu, ii):
    """a mass point (near the point 0.3 of the cable's axis, moving) in an ObjectJointSliding on
    the 3D cable"""
    mbs, _, o, SC = _cable3d(exu, ii)
    mk = mbs.AddMarker(ii.MarkerBodyBeamShape(bodyNumber=o))
    n = mbs.AddNode(ii.NodePoint(referenceCoordinates=[0.3, 0, 0],
                                 initialCoordinates=[0, 0.01, 0.02],
                                 initialVelocities=[0.4, 0.5, -0.6]))
    mbs.AddObject(ii.ObjectMassPoint(nodeNumber=n, physicsMass=1))
    m0 = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=n))
    nd = mbs.AddNode(ii.NodeGenericData(initialCoordinates=[0, 0.3], numberOfDataCoordinates=2))
    j = mbs.AddObject(ii.ObjectJointSliding(markerNumbers=[m0, mk], slidingMarkerNumbers=[mk],
                                            slidingMarkerOffsets=[0], nodeNumber=nd,
                                            constrainRotations=[0, 0, 0]))
    return mbs, "object", j, SC


BUILDERS["ObjectANCFCable2D"] = _cable2d
BUILDERS["ObjectANCFCable"] = _cable3d
BUILDERS["MarkerBodyBeamShape"] = _beam_shape_marker
BUILDERS["ObjectJointSliding"] = _sliding3d
BUILDERS["ObjectBeamGeometricallyExact2D"] = _beam2d
BUILDERS["ObjectBeamGeometricallyExact"] = _beam3d


# ------------------------------------------------------------------ connectors

def _two_points(exu, ii, dim=3):
    """two mass points, positions and velocities distinct; markers on their nodes"""
    SC, mbs = _sys(exu)
    if dim == 3:
        n0 = mbs.AddNode(ii.NodePoint(referenceCoordinates=[0, 0, 0],
                                      initialCoordinates=[0.1, 0.2, -0.1],
                                      initialVelocities=[0.3, -0.1, 0.2]))
        n1 = mbs.AddNode(ii.NodePoint(referenceCoordinates=[1, 0.5, 0.2],
                                      initialCoordinates=[0.2, -0.1, 0.3],
                                      initialVelocities=[-0.2, 0.4, 0.1]))
        for n in (n0, n1):
            mbs.AddObject(ii.ObjectMassPoint(physicsMass=1, nodeNumber=n))
    else:
        n0 = mbs.AddNode(ii.NodePoint2D(referenceCoordinates=[0, 0], initialCoordinates=[0.1, 0.2],
                                        initialVelocities=[0.3, -0.1]))
        n1 = mbs.AddNode(ii.NodePoint2D(referenceCoordinates=[1, 0.5], initialCoordinates=[0.2, -0.1],
                                        initialVelocities=[-0.2, 0.4]))
        for n in (n0, n1):
            mbs.AddObject(ii.ObjectMassPoint2D(physicsMass=1, nodeNumber=n))
    m0 = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=n0))
    m1 = mbs.AddMarker(ii.MarkerNodePosition(nodeNumber=n1))
    return SC, mbs, [m0, m1], [n0, n1]


def _two_rigid(exu, ii, planar=False):
    """two rigid bodies with rigid markers at offset points"""
    SC, mbs = _sys(exu)
    if planar:
        n0 = mbs.AddNode(ii.NodeRigidBody2D(referenceCoordinates=[0, 0, 0.1],
                                            initialCoordinates=[0.01, 0.02, 0.05],
                                            initialVelocities=[0.3, -0.1, 0.4]))
        n1 = mbs.AddNode(ii.NodeRigidBody2D(referenceCoordinates=[0.5, 0.1, 0.2],
                                            initialCoordinates=[-0.02, 0.01, -0.03],
                                            initialVelocities=[-0.2, 0.4, -0.3]))
        b = [mbs.AddObject(ii.ObjectRigidBody2D(physicsMass=1, physicsInertia=1, nodeNumber=n))
             for n in (n0, n1)]
    else:
        n0 = mbs.AddNode(ii.NodeRigidBodyRxyz(referenceCoordinates=[0, 0, 0, 0.1, 0.2, 0.3],
                                              initialCoordinates=[0.01, 0.02, 0.03, 0.05, -0.04, 0.02],
                                              initialVelocities=[0.3, -0.1, 0.2, 0.4, 0.5, -0.3]))
        n1 = mbs.AddNode(ii.NodeRigidBodyRxyz(referenceCoordinates=[0.5, 0.1, -0.1, -0.2, 0.1, 0.4],
                                              initialCoordinates=[-0.02, 0.01, 0.02, -0.03, 0.02, 0.01],
                                              initialVelocities=[-0.2, 0.4, 0.1, -0.3, 0.2, 0.6]))
        b = [mbs.AddObject(ii.ObjectRigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0],
                                              nodeNumber=n)) for n in (n0, n1)]
    m0 = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=b[0], localPosition=[0.25, 0.05, 0]))
    m1 = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=b[1], localPosition=[-0.25, 0.0, 0]))
    return SC, mbs, [m0, m1], [n0, n1]


R0 = [[0.36, 0.48, -0.8], [-0.8, 0.6, 0], [0.48, 0.64, 0.6]]   # a rotation matrix


def _conn(setup, obj_fn):
    def build(exu, ii):
        SC, mbs, mks, nodes = setup(exu, ii)
        o = mbs.AddObject(obj_fn(ii, mks, nodes, mbs))
        return mbs, "object", o, SC
    return build


def _coord_markers(exu, ii):
    SC, mbs, mks, nodes = _two_points(exu, ii)
    c = [mbs.AddMarker(ii.MarkerNodeCoordinate(nodeNumber=n, coordinate=1)) for n in nodes]
    return SC, mbs, c, nodes


CONNECTORS = {
    "ObjectConnectorSpringDamper": (_two_points, lambda ii, m, n, mbs: ii.ObjectConnectorSpringDamper(
        markerNumbers=m, stiffness=10, damping=1, referenceLength=0.8, force=0.2)),
    "ObjectConnectorCartesianSpringDamper": (_two_points, lambda ii, m, n, mbs:
        ii.ObjectConnectorCartesianSpringDamper(markerNumbers=m, stiffness=[10, 20, 30],
                                                damping=[1, 2, 3], offset=[0.1, 0.2, 0.3])),
    "ObjectConnectorCoordinateSpringDamper": (_coord_markers, lambda ii, m, n, mbs:
        ii.ObjectConnectorCoordinateSpringDamper(markerNumbers=m, stiffness=10, damping=1,
                                                 offset=0.1)),
    "ObjectConnectorDistance": (_two_points, lambda ii, m, n, mbs: ii.ObjectConnectorDistance(
        markerNumbers=m, distance=1.2)),
    "ObjectConnectorCoordinate": (_coord_markers, lambda ii, m, n, mbs:
        ii.ObjectConnectorCoordinate(markerNumbers=m, offset=0.1)),
    "ObjectJointSpherical": (_two_rigid, lambda ii, m, n, mbs: ii.ObjectJointSpherical(
        markerNumbers=m)),
    "ObjectJointGeneric": (_two_rigid, lambda ii, m, n, mbs: ii.ObjectJointGeneric(
        markerNumbers=m, constrainedAxes=[1, 1, 1, 1, 0, 1], rotationMarker0=R0)),
    "ObjectJointRevoluteZ": (_two_rigid, lambda ii, m, n, mbs: ii.ObjectJointRevoluteZ(
        markerNumbers=m, rotationMarker0=R0)),
    "ObjectJointPrismaticX": (_two_rigid, lambda ii, m, n, mbs: ii.ObjectJointPrismaticX(
        markerNumbers=m, rotationMarker1=R0)),
    "ObjectConnectorTorsionalSpringDamper": (_two_rigid, lambda ii, m, n, mbs:
        ii.ObjectConnectorTorsionalSpringDamper(markerNumbers=m, stiffness=10, damping=1,
                                                offset=0.1, torque=0.2)),
    "ObjectConnectorLinearSpringDamper": (_two_rigid, lambda ii, m, n, mbs:
        ii.ObjectConnectorLinearSpringDamper(markerNumbers=m, stiffness=10, damping=1,
                                             offset=0.1, force=0.2)),
    "ObjectConnectorRigidBodySpringDamper": (_two_rigid, lambda ii, m, n, mbs:
        ii.ObjectConnectorRigidBodySpringDamper(markerNumbers=m,
                                                stiffness=np.diag([1.0, 2, 3, 4, 5, 6]),
                                                damping=np.diag([0.1, 0.2, 0.3, 0.4, 0.5, 0.6]))),
    "ObjectConnectorGravity": (_two_points, lambda ii, m, n, mbs: ii.ObjectConnectorGravity(
        markerNumbers=m, mass0=2, mass1=3)),
    "ObjectJointRevolute2D": None,
}
del CONNECTORS["ObjectJointRevolute2D"]
for _name, (_setup, _of) in CONNECTORS.items():
    BUILDERS[_name] = _conn(_setup, _of)


def _rolling_disc(exu, ii):
    SC, mbs = _sys(exu)
    g = mbs.AddObject(ii.ObjectGround())
    n = mbs.AddNode(ii.NodeRigidBodyRxyz(referenceCoordinates=[0, 0, 0.5, 0.1, 0.2, 0.3],
                                         initialVelocities=[0.1, 0.2, 0, 0.3, 0.4, 0.5]))
    b = mbs.AddObject(ii.ObjectRigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0],
                                         nodeNumber=n))
    mg = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=g))
    mb = mbs.AddMarker(ii.MarkerBodyRigid(bodyNumber=b))
    o = mbs.AddObject(ii.ObjectJointRollingDisc(markerNumbers=[mg, mb], discRadius=0.5))
    return mbs, "object", o, SC


BUILDERS["ObjectJointRollingDisc"] = _rolling_disc


# ------------------------------------------------------------------ markers

def _marker(setup, mk_fn):
    def build(exu, ii):
        SC, mbs, mks, nodes = setup(exu, ii)
        m = mbs.AddMarker(mk_fn(ii, nodes, mbs))
        return mbs, "marker", m, SC
    return build


def _rigid_setup(exu, ii):
    SC, mbs = _sys(exu)
    n = mbs.AddNode(_rigid_ep(ii))
    b = mbs.AddObject(ii.ObjectRigidBody(physicsMass=2, physicsInertia=[1, 2, 2.5, 0, 0, 0],
                                         nodeNumber=n))
    return SC, mbs, [], [n, b]


MARKERS = {
    "MarkerNodePosition": (_two_points, lambda ii, n, mbs: ii.MarkerNodePosition(nodeNumber=n[1])),
    "MarkerNodeCoordinate": (_two_points, lambda ii, n, mbs: ii.MarkerNodeCoordinate(
        nodeNumber=n[1], coordinate=1)),
    "MarkerBodyPosition": (_rigid_setup, lambda ii, n, mbs: ii.MarkerBodyPosition(
        bodyNumber=n[1], localPosition=LOCAL)),
    "MarkerBodyMass": (_rigid_setup, lambda ii, n, mbs: ii.MarkerBodyMass(bodyNumber=n[1])),
    # the frames turned by localHT (Exudyn 1.13): rotation R0, translation LOCAL
    "MarkerBodyRigid": (_rigid_setup, lambda ii, n, mbs: ii.MarkerBodyRigid(
        bodyNumber=n[1], localHT=_ht44(R0, LOCAL))),
    "MarkerNodeRigid": (_rigid_setup, lambda ii, n, mbs: ii.MarkerNodeRigid(
        nodeNumber=n[0], localHT=_ht44(R0, [0, 0, 0]))),
    "MarkerNodeRotationCoordinate": (_rigid_setup, lambda ii, n, mbs:
                                     ii.MarkerNodeRotationCoordinate(nodeNumber=n[0],
                                                                     rotationCoordinate=1)),
    "MarkerNodeCoordinates": (_two_points, lambda ii, n, mbs: ii.MarkerNodeCoordinates(
        nodeNumber=n[1])),
}
for _name, (_setup, _mf) in MARKERS.items():
    BUILDERS[_name] = _marker(_setup, _mf)


def _marker_rot_coord(exu, ii):
    SC, mbs = _sys(exu)
    n = mbs.AddNode(_rigid_rxyz(ii))
    m = mbs.AddMarker(ii.MarkerNodeRotationCoordinate(nodeNumber=n, rotationCoordinate=1))
    return mbs, "marker", m, SC


def _cable2d_marker(kind):
    def build(exu, ii):
        mbs, _, o, SC = _cable2d(exu, ii)
        if kind == "coords":
            m = mbs.AddMarker(ii.MarkerBodyCable2DCoordinates(bodyNumber=o))
        elif kind == "shape":
            m = mbs.AddMarker(ii.MarkerBodyCable2DShape(bodyNumber=o, numberOfSegments=4))
        else:
            m = mbs.AddMarker(ii.MarkerObjectODE2Coordinates(objectNumber=o))
        return mbs, "marker", m, SC
    return build


def _rigid2d_setup(exu, ii):
    return _two_rigid(exu, ii, planar=True)


def _point2d_setup(exu, ii):
    return _two_points(exu, ii, dim=2)


def _coord_ext(exu, ii):
    SC, mbs, mks, nodes = _coord_markers(exu, ii)
    o = mbs.AddObject(ii.ObjectConnectorCoordinateSpringDamperExt(
        markerNumbers=mks, stiffness=10, damping=1, offset=0.1))
    return mbs, "object", o, SC


def _coord_vector(exu, ii):
    SC, mbs, mks, nodes = _two_points(exu, ii)
    c = [mbs.AddMarker(ii.MarkerNodeCoordinates(nodeNumber=n)) for n in nodes]
    o = mbs.AddObject(ii.ObjectConnectorCoordinateVector(
        markerNumbers=c, scalingMarker0=np.array([[1.0, 0, 0]]),
        scalingMarker1=np.array([[-1.0, 0, 0]]), offset=[0.1]))
    return mbs, "object", o, SC


BUILDERS.update({
    "MarkerNodeRotationCoordinate": _marker_rot_coord,
    "MarkerBodyCable2DCoordinates": _cable2d_marker("coords"),
    "MarkerBodyCable2DShape": _cable2d_marker("shape"),
    "MarkerObjectODE2Coordinates": _cable2d_marker("ode2"),
    "ObjectJointRevolute2D": _conn(_point2d_setup, lambda ii, m, n, mbs:
                                   ii.ObjectJointRevolute2D(markerNumbers=m)),
    "ObjectJointPrismatic2D": _conn(_rigid2d_setup, lambda ii, m, n, mbs:
                                    ii.ObjectJointPrismatic2D(markerNumbers=m,
                                                              axisMarker0=[1, 0, 0],
                                                              normalMarker1=[0, 1, 0])),
    "ObjectConnectorCoordinateSpringDamperExt": _coord_ext,
    "ObjectConnectorCoordinateVector": _coord_vector,
})
