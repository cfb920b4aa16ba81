"""Create* helpers of MainSystem, with Exudyn's names and keyword names (Exudyn 1.13.6,
exudyn/misc/mainSystemExtensions.py): each one adds the nodes, markers, objects and loads of one
physical item and returns the index Exudyn returns.

Every function named Create* here becomes a MainSystem method (see install, called by
coordyn.system). Conventions shared by all of them:

* Items to connect are given as ``itemNumbers=[i0, i1]`` (Exudyn 1.13.6); ``bodyNumbers`` (the
  older Exudyn name) and ``bodyOrNodeList`` (older still) are accepted as aliases. An entry is a
  body (an ObjectIndex or a plain int, including a ground object), a NodeIndex or a MarkerIndex.
* Joint positions and axes refer to the REFERENCE configuration of the items (reference
  coordinates, without initial displacements), as in Exudyn.
* Visualization arguments (show, color, drawSize, graphicsDataList, ...) are accepted and
  ignored: coordyn draws nothing.
* Bad arguments raise TypeError (wrong type or shape) or ValueError (wrong value), with a message
  naming the function and the argument.
"""
from __future__ import annotations

import warnings

import numpy as np

from . import rigid
from .items import (MarkerBodyMass, MarkerBodyPosition, MarkerBodyRigid, MarkerNodePosition,
                    MarkerNodeRigid, item_class)
from .system import LoadIndex, MarkerIndex, NodeIndex, SensorIndex


def install(cls):
    """Attach the Create* functions of this module to MainSystem."""
    for name, fn in list(globals().items()):
        if name.startswith("Create") and callable(fn):
            setattr(cls, name, fn)


def _cls(name):
    return item_class(name)


# ================================================================ argument checks

def _vec(where, name, value, n, allow_none=False):
    """value as a float array of n finite numbers, else TypeError/ValueError naming it."""
    if value is None and allow_none:
        return None
    if isinstance(value, (str, bytes, dict)):
        v = None
    else:
        try:
            v = np.array(value, dtype=float)
        except (TypeError, ValueError):
            v = None
    if v is None or v.shape != (n,):
        raise TypeError(f"{where}: argument '{name}' must be a vector of {n} numbers, "
                        f"got {value!r}")
    if not np.all(np.isfinite(v)):
        raise ValueError(f"{where}: argument '{name}' must be finite, got {value!r}")
    return v


def _real(where, name, value, nonneg=False, positive=False):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.number)):
        raise TypeError(f"{where}: argument '{name}' must be a number, got {value!r}")
    x = float(value)
    if not np.isfinite(x):
        raise ValueError(f"{where}: argument '{name}' must be finite, got {value!r}")
    if positive and not x > 0:
        raise ValueError(f"{where}: argument '{name}' must be > 0, got {value!r}")
    if nonneg and x < 0:
        raise ValueError(f"{where}: argument '{name}' must be >= 0, got {value!r}")
    return x


def _bool(where, name, value):
    if isinstance(value, (bool, np.bool_)) or (isinstance(value, (int, np.integer))
                                                and value in (0, 1)):
        return bool(value)
    raise TypeError(f"{where}: argument '{name}' must be a bool, got {value!r}")


def _name(where, name):
    if not isinstance(name, str):
        raise TypeError(f"{where}: argument 'name' must be a str, got {name!r}")
    return name


def _rotation(where, name, value, allow_none=True):
    """A 3x3 rotation matrix (orthogonal, det +1) or None."""
    if value is None and allow_none:
        return None
    try:
        A = np.array(value, dtype=float)
    except (TypeError, ValueError):
        A = None
    if A is None or A.shape != (3, 3):
        raise TypeError(f"{where}: argument '{name}' must be a 3x3 rotation matrix, "
                        f"got {value!r}")
    if np.abs(A.T @ A - np.eye(3)).max() > 1e-9 or np.linalg.det(A) < 0:
        raise ValueError(f"{where}: argument '{name}' must be a rotation matrix (orthogonal "
                         f"with determinant +1), got {A.tolist()}")
    return A


def _axes(where, name, value, n):
    v = _vec(where, name, value, n)
    if not np.all((v == 0) | (v == 1)):
        raise ValueError(f"{where}: argument '{name}' must hold only 0 (free) and 1 "
                         f"(constrained), got {value!r}")
    return [int(x) for x in v]


def _ht(where, name, value):
    """(translation, rotation) of a 4x4 homogeneous transformation (or its 16 values)."""
    T = np.array(value, dtype=float)
    if T.shape == (16,):
        T = T.reshape(4, 4)
    if T.shape != (4, 4):
        raise TypeError(f"{where}: argument '{name}' must be a 4x4 homogeneous transformation, "
                        f"got {value!r}")
    return T[:3, 3].copy(), _rotation(where, name + " (rotation part)", T[:3, :3])


def _frame_args(where, htName, ht, posName, pos, rotName, rot):
    if ht is None:
        return pos, rot
    if pos is not None or rot is not None:
        raise ValueError(f"{where}: argument '{htName}' is given together with '{posName}' or "
                         f"'{rotName}'; give one of them")
    return _ht(where, htName, ht)


# ================================================================ items and their reference poses

# classes of items by what they provide
_RIGID3D_BODIES = ("ObjectRigidBody",)
_PLANAR_BODIES = ("ObjectRigidBody2D", "ObjectMassPoint2D")
_ORIENTED_BODIES = ("ObjectGround", "ObjectRigidBody", "ObjectRigidBody2D")
_POSE_BODIES = ("ObjectGround", "ObjectMassPoint", "ObjectMassPoint2D", "ObjectRigidBody",
                "ObjectRigidBody2D")
_RIGID3D_NODES = ("NodeRigidBodyEP", "NodeRigidBodyRxyz", "NodeRigidBodyRotVecLG")
_ORIENTED_NODES = ("NodeRigidBody2D",) + _RIGID3D_NODES
_PLANAR_NODES = ("NodePoint2D", "NodeRigidBody2D")
_ORIENTED_MARKERS = ("MarkerBodyRigid", "MarkerNodeRigid")


class _Item:
    """One entry of itemNumbers: kind ('body', 'node', 'marker'), index, full type name, and
    for a marker the item it sits on."""

    def __init__(self, mbs, where, arg, value, kinds):
        if isinstance(value, MarkerIndex):
            kind = "marker"
        elif isinstance(value, NodeIndex):
            kind = "node"
        elif isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_)) \
                and not isinstance(value, (LoadIndex, SensorIndex)):
            kind = "body"          # an ObjectIndex or a plain int
        else:
            kind = None
        names = {"body": "a body (ObjectIndex)", "node": "a node (NodeIndex)",
                 "marker": "a marker (MarkerIndex)"}
        if kind not in kinds:
            raise TypeError(f"{where}: argument '{arg}' must be " +
                            " or ".join(names[k] for k in kinds) + f", got {value!r}")
        count = {"body": mbs.NumberOfObjects, "node": mbs.NumberOfNodes,
                 "marker": mbs.NumberOfMarkers}[kind]()
        if not 0 <= int(value) < count:
            raise ValueError(f"{where}: argument '{arg}' refers to {kind} {int(value)}, but the "
                             f"system has {count} {kind}s")
        self.mbs, self.where, self.arg, self.kind, self.index = mbs, where, arg, kind, int(value)
        get = {"body": mbs.GetObject, "node": mbs.GetNode, "marker": mbs.GetMarker}[kind]
        self.params = get(self.index)
        self.type = self.params["itemType"]
        if kind == "body" and self.type not in _POSE_BODIES and self.type != "ObjectMass1D":
            raise ValueError(f"{where}: argument '{arg}' is object {self.index} of type "
                             f"{self.type}, which is not a body (use a ground, mass point or "
                             f"rigid body)")

    # -- what the item provides
    def base(self):
        """('body' | 'node', index, type) of the item, following a marker to its body/node."""
        if self.kind != "marker":
            return self.kind, self.index, self.type
        p = self.params
        if "bodyNumber" in p:
            return "body", int(p["bodyNumber"]), self.mbs.GetObject(p["bodyNumber"])["itemType"]
        return "node", int(p["nodeNumber"]), self.mbs.GetNode(p["nodeNumber"])["itemType"]

    def oriented(self):
        if self.kind == "marker":
            return self.type in _ORIENTED_MARKERS
        return self.type in (_ORIENTED_BODIES if self.kind == "body" else _ORIENTED_NODES)

    def planar(self):
        kind, _, t = self.base()
        return t in (_PLANAR_BODIES if kind == "body" else _PLANAR_NODES)

    def ground(self):
        kind, _, t = self.base()
        return t in ("ObjectGround", "NodePointGround")

    def rigid3d(self):
        kind, _, t = self.base()
        return t in (_RIGID3D_BODIES if kind == "body" else _RIGID3D_NODES)

    # -- reference pose
    def pose(self, localPosition=(0, 0, 0)):
        """(position, rotation matrix) of the item's frame (plus localPosition on a body) in the
        reference configuration."""
        lp = np.asarray(localPosition, dtype=float)
        if self.kind == "body":
            p, A = _body_pose(self.mbs, self.where, self.index)
        elif self.kind == "node":
            p, A = _node_pose(self.mbs, self.where, self.index)
        else:
            kind, i, _ = self.base()
            p, A = (_body_pose if kind == "body" else _node_pose)(self.mbs, self.where, i)
            if kind == "body":
                p = p + A @ np.asarray(self.params.get("localPosition", np.zeros(3)), float)
        return p + A @ lp, A

    # -- markers on the item
    def position_marker(self, localPosition, name=""):
        if self.kind == "marker":
            return MarkerIndex(self.index)
        if self.kind == "node":
            return self.mbs.AddMarker(MarkerNodePosition(name=name, nodeNumber=self.index))
        return self.mbs.AddMarker(MarkerBodyPosition(name=name, bodyNumber=self.index,
                                                     localPosition=list(localPosition)))

    def rigid_marker(self, localPosition, name=""):
        if self.kind == "marker":
            return MarkerIndex(self.index)
        if self.kind == "node":
            return self.mbs.AddMarker(MarkerNodeRigid(name=name, nodeNumber=self.index))
        return self.mbs.AddMarker(MarkerBodyRigid(name=name, bodyNumber=self.index,
                                                  localPosition=list(localPosition)))


def _node_pose(mbs, where, n):
    p = mbs.GetNode(n)
    t, ref = p["itemType"], np.asarray(p["referenceCoordinates"], dtype=float)
    if t in ("NodePoint", "NodePointGround"):
        return ref[:3].copy(), np.eye(3)
    if t == "NodePoint2D":
        return np.array([ref[0], ref[1], 0.0]), np.eye(3)
    if t == "NodeRigidBody2D":
        return np.array([ref[0], ref[1], 0.0]), rigid.RotationMatrixZ(ref[2])
    if t == "NodeRigidBodyEP":
        e = ref[3:7]
        return ref[:3].copy(), rigid.EulerParameters2RotationMatrix(e / np.linalg.norm(e))
    if t == "NodeRigidBodyRxyz":
        return ref[:3].copy(), rigid.RotXYZ2RotationMatrix(ref[3:6])
    if t == "NodeRigidBodyRotVecLG":
        return ref[:3].copy(), rigid.RotationVector2RotationMatrix(ref[3:6])
    raise ValueError(f"{where}: node {n} of type {t} has no position (use a point or rigid-body "
                     f"node)")


def _body_pose(mbs, where, b):
    p = mbs.GetObject(b)
    t = p["itemType"]
    if t == "ObjectGround":
        return np.asarray(p["referencePosition"], dtype=float).copy(), np.eye(3)
    if t in _POSE_BODIES:
        return _node_pose(mbs, where, p["nodeNumber"])
    raise ValueError(f"{where}: object {b} of type {t} has no reference frame (use a ground, "
                     f"mass point or rigid body)")


def _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList, kinds):
    """The two items of a connector from itemNumbers or one of its aliases."""
    given = [(n, v) for n, v in (("itemNumbers", itemNumbers), ("bodyNumbers", bodyNumbers),
                                 ("bodyOrNodeList", bodyOrNodeList)) if v is not None]
    if len(given) != 1:
        raise TypeError(f"{where}: give the two items in exactly one of the arguments "
                        f"'itemNumbers', 'bodyNumbers' or 'bodyOrNodeList' (got "
                        f"{', '.join(n for n, _ in given) or 'none'})")
    arg, value = given[0]
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        raise TypeError(f"{where}: argument '{arg}' must be a list of two items [item0, item1], "
                        f"got {value!r}")
    return [_Item(mbs, where, f"{arg}[{i}]", value[i], kinds) for i in range(2)]


def _local_positions(where, items, localPosition0, localPosition1):
    lps = [_vec(where, "localPosition0", localPosition0, 3),
           _vec(where, "localPosition1", localPosition1, 3)]
    for i, it in enumerate(items):
        if it.kind != "body" and np.any(lps[i] != 0):
            raise ValueError(f"{where}: argument 'localPosition{i}' must be [0,0,0] for a "
                             f"{it.kind} (item {i}), got {lps[i].tolist()}")
    return lps


def _marker_names(name):
    return ("Marker0:" + name, "Marker1:" + name) if name else ("", "")


def _add_gravity(mbs, where, body, gravity, rdict):
    if np.any(gravity != 0):
        m = mbs.AddMarker(MarkerBodyMass(bodyNumber=body))
        load = mbs.AddLoad(_cls("LoadMassProportional")(markerNumber=m, loadVector=list(gravity)))
        if rdict is not None:
            rdict["markerBodyMass"], rdict["loadNumber"] = m, load


# ================================================================ bodies

def CreateGround(mbs, name="", referencePosition=None, referenceRotationMatrix=None,
                 graphicsDataList=(), graphicsDataUserFunction=0, show=True, referenceHT=None):
    """Add an ObjectGround at referencePosition (default [0,0,0]); returns its ObjectIndex.

    referenceRotationMatrix (or the rotation of referenceHT) must be the identity (or None):
    coordyn's ObjectGround has no rotation. Graphics arguments are ignored."""
    where = "CreateGround"
    _name(where, name)
    referencePosition, referenceRotationMatrix = _frame_args(
        where, "referenceHT", referenceHT, "referencePosition", referencePosition,
        "referenceRotationMatrix", referenceRotationMatrix)
    p = np.zeros(3) if referencePosition is None else _vec(where, "referencePosition",
                                                           referencePosition, 3)
    A = _rotation(where, "referenceRotationMatrix", referenceRotationMatrix)
    if A is not None and np.abs(A - np.eye(3)).max() > 1e-14:
        raise ValueError(f"{where}: argument 'referenceRotationMatrix' must be the identity: "
                         f"coordyn's ObjectGround has no reference rotation (joint frames on "
                         f"ground are given by the joints' own axes)")
    _bool(where, "show", show)
    return mbs.AddObject(_cls("ObjectGround")(name=name, referencePosition=list(p)))


def CreateMassPoint(mbs, name="", referencePosition=(0.0, 0.0, 0.0),
                    initialDisplacement=(0.0, 0.0, 0.0), initialVelocity=(0.0, 0.0, 0.0),
                    mass=0.0, gravity=(0.0, 0.0, 0.0), graphicsDataList=(), drawSize=-1,
                    color=(-1.0, -1.0, -1.0, -1.0), show=True, create2D=False,
                    returnDict=False, physicsMass=None):
    """Add a point node and a mass point (NodePoint + MassPoint, or NodePoint2D + MassPoint2D
    with create2D=True), with gravity as a LoadMassProportional if it is not zero.

    All vectors are 3D; for create2D the z components must be 0.
    Returns the body's ObjectIndex, or with returnDict=True a dict with 'nodeNumber',
    'bodyNumber' and, with gravity, 'markerBodyMass' and 'loadNumber' (as Exudyn 1.13.6).
    physicsMass is the deprecated name of mass."""
    where = "CreateMassPoint"
    _name(where, name)
    if physicsMass is not None:
        if mass not in (0, 0.0, None):
            raise TypeError(f"{where}: arguments 'mass' and 'physicsMass' are both given; use "
                            f"'mass'")
        mass = physicsMass
    m = _real(where, "mass", mass, nonneg=True)
    p = _vec(where, "referencePosition", referencePosition, 3)
    u = _vec(where, "initialDisplacement", initialDisplacement, 3)
    v = _vec(where, "initialVelocity", initialVelocity, 3)
    g = _vec(where, "gravity", gravity, 3)
    create2D = _bool(where, "create2D", create2D)
    returnDict = _bool(where, "returnDict", returnDict)
    _bool(where, "show", show)
    nodeName = "Node:" + name if name else ""
    if create2D:
        for arg, x in (("referencePosition", p), ("initialDisplacement", u),
                       ("initialVelocity", v), ("gravity", g)):
            if x[2] != 0:
                raise ValueError(f"{where}: argument '{arg}' must have a zero z component for "
                                 f"create2D=True, got {x.tolist()}")
        n = mbs.AddNode(_cls("NodePoint2D")(name=nodeName, referenceCoordinates=list(p[:2]),
                                            initialCoordinates=list(u[:2]),
                                            initialVelocities=list(v[:2])))
        b = mbs.AddObject(_cls("ObjectMassPoint2D")(name=name, mass=m, nodeNumber=n))
    else:
        n = mbs.AddNode(_cls("NodePoint")(name=nodeName, referenceCoordinates=list(p),
                                          initialCoordinates=list(u),
                                          initialVelocities=list(v)))
        b = mbs.AddObject(_cls("ObjectMassPoint")(name=name, mass=m, nodeNumber=n))
    rdict = {"nodeNumber": n, "bodyNumber": b} if returnDict else None
    _add_gravity(mbs, where, b, g, rdict)
    return rdict if returnDict else b


_NODE_TYPES = {"EP": "EP", "RotationEulerParameters": "EP", "EulerParameters": "EP",
               "Rxyz": "Rxyz", "RotationRxyz": "Rxyz", "RotXYZ": "Rxyz",
               "RotVecLG": "RotVecLG", "RotationRotationVector": "RotVecLG",
               "RotationVector": "RotVecLG"}


def _node_type(where, nodeType):
    """'EP', 'Rxyz' or 'RotVecLG' from a string, a coordyn.rigid.NodeType or an enum member
    with that name (exudyn.NodeType.RotationEulerParameters, ...)."""
    if isinstance(nodeType, rigid.NodeType):
        return nodeType.value
    key = nodeType if isinstance(nodeType, str) else getattr(nodeType, "name", None)
    if isinstance(key, str):
        key = key.replace("NodeType.", "")
        if key in _NODE_TYPES:
            return _NODE_TYPES[key]
    raise ValueError(f"{where}: argument 'nodeType' must be 'EP' (NodeType."
                     f"RotationEulerParameters), 'Rxyz' (NodeType.RotationRxyz) or 'RotVecLG' "
                     f"(NodeType.RotationRotationVector), got {nodeType!r}")


def CreateRigidBody(mbs, name="", referencePosition=None, referenceRotationMatrix=None,
                    initialVelocity=(0.0, 0.0, 0.0), initialAngularVelocity=(0.0, 0.0, 0.0),
                    initialDisplacement=None, initialRotationMatrix=None, inertia=None,
                    gravity=(0.0, 0.0, 0.0), nodeType="EP", graphicsDataList=(),
                    graphicsDataUserFunction=0, drawSize=-1, color=(-1.0, -1.0, -1.0, -1.0),
                    show=True, create2D=False, returnDict=False, referenceHT=None,
                    initialHT=None):
    """Add a rigid-body node and ObjectRigidBody (or NodeRigidBody2D + ObjectRigidBody2D with
    create2D=True) from a RigidBodyInertia (coordyn.rigid), with gravity if it is not zero.

    Args:
        referencePosition, referenceRotationMatrix: reference frame of the node (the body's
            reference point, where inertia is given about); defaults zero and identity
        initialVelocity: global velocity of the reference point
        initialAngularVelocity: GLOBAL angular velocity
        initialDisplacement, initialRotationMatrix: initial displacement added to the reference
            position and rotation superimposed on the reference rotation (A = Aref Ainit)
        referenceHT, initialHT: the same as 4x4 homogeneous transformations
        inertia: RigidBodyInertia (mass, tensor about the reference point, centre of mass)
        nodeType: 'EP' (NodeRigidBodyEP, the default, = exu.NodeType.RotationEulerParameters),
            'Rxyz' (NodeRigidBodyRxyz, = exu.NodeType.RotationRxyz) or 'RotVecLG'
            (NodeRigidBodyRotVecLG, = exu.NodeType.RotationRotationVector);
            coordyn.rigid.NodeType members and Exudyn's enum members are accepted
        create2D: planar body; all rotations must be about z, positions and velocities in x-y,
            the centre of mass in the x-y plane of the body frame

    Returns the body's ObjectIndex, or with returnDict=True a dict with 'nodeNumber',
    'bodyNumber' and, with gravity, 'markerBodyMass' and 'loadNumber'."""
    where = "CreateRigidBody"
    _name(where, name)
    referencePosition, referenceRotationMatrix = _frame_args(
        where, "referenceHT", referenceHT, "referencePosition", referencePosition,
        "referenceRotationMatrix", referenceRotationMatrix)
    initialDisplacement, initialRotationMatrix = _frame_args(
        where, "initialHT", initialHT, "initialDisplacement", initialDisplacement,
        "initialRotationMatrix", initialRotationMatrix)
    if not isinstance(inertia, rigid.RigidBodyInertia):
        raise TypeError(f"{where}: argument 'inertia' must be a coordyn.rigid.RigidBodyInertia "
                        f"(e.g. InertiaCuboid(density, sideLengths)), got {inertia!r}")
    p = np.zeros(3) if referencePosition is None else _vec(where, "referencePosition",
                                                           referencePosition, 3)
    Aref = _rotation(where, "referenceRotationMatrix", referenceRotationMatrix)
    Aref = np.eye(3) if Aref is None else Aref
    v = _vec(where, "initialVelocity", initialVelocity, 3)
    w = _vec(where, "initialAngularVelocity", initialAngularVelocity, 3)
    u = _vec(where, "initialDisplacement", initialDisplacement, 3, allow_none=True)
    Ainit = _rotation(where, "initialRotationMatrix", initialRotationMatrix)
    g = _vec(where, "gravity", gravity, 3)
    create2D = _bool(where, "create2D", create2D)
    returnDict = _bool(where, "returnDict", returnDict)
    _bool(where, "show", show)
    u = np.zeros(3) if u is None else u
    nodeName = "Node:" + name if name else ""
    if inertia.mass <= 0:
        raise ValueError(f"{where}: argument 'inertia' must have a positive mass, got "
                         f"{inertia.mass}")

    if create2D:
        n = _rigid_node_2d(mbs, where, nodeName, p, Aref, v, w, u, Ainit, g, inertia)
        com = inertia.COM()
        b = mbs.AddObject(_cls("ObjectRigidBody2D")(
            name=name, mass=inertia.mass, inertia=float(inertia.InertiaCOM()[2, 2]),
            centerOfMass=list(com[:2]), nodeNumber=n))
    else:
        kind = _node_type(where, nodeType)
        Acur = Aref if Ainit is None else Aref @ Ainit
        if kind == "EP":
            ref = rigid.RotationMatrix2EulerParameters(Aref)
            cur = rigid.RotationMatrix2EulerParameters(Acur)
            if cur @ ref < 0:       # the same rotation closest to the reference parameters
                cur = -cur
            rot_t = rigid.AngularVelocity2EulerParameters_t(w, cur)
            cls = _cls("NodeRigidBodyEP")
        elif kind == "Rxyz":
            ref = rigid.RotationMatrix2RotXYZ(Aref)
            cur = rigid.RotationMatrix2RotXYZ(Acur)
            cur = ref + (cur - ref + np.pi) % (2 * np.pi) - np.pi    # nearest branch
            if abs(np.cos(cur[1])) < 1e-8:
                raise ValueError(f"{where}: the initial rotation is at the Tait-Bryan "
                                 f"singularity (beta = +-pi/2) of nodeType 'Rxyz'; use 'EP'")
            rot_t = rigid.AngularVelocity2RotXYZ_t(w, cur)
            cls = _cls("NodeRigidBodyRxyz")
        else:   # Lie-group node: its velocity coordinates are the body angular velocity
            ref = rigid.RotationMatrix2RotationVector(Aref)
            cur = rigid.RotationMatrix2RotationVector(Acur)
            rot_t = Acur.T @ w
            cls = _cls("NodeRigidBodyRotVecLG")
        n = mbs.AddNode(cls(name=nodeName, referenceCoordinates=[*p, *ref],
                            initialCoordinates=[*u, *(cur - ref)],
                            initialVelocities=[*v, *rot_t]))
        b = mbs.AddObject(_cls("ObjectRigidBody")(
            name=name, mass=inertia.mass, inertia=[float(x) for x in inertia.GetInertia6D()],
            centerOfMass=list(inertia.COM()), nodeNumber=n))
    rdict = {"nodeNumber": n, "bodyNumber": b} if returnDict else None
    _add_gravity(mbs, where, b, g, rdict)
    return rdict if returnDict else b


def _planar_angle(where, name, A):
    if (abs(A[2, 0]) + abs(A[2, 1]) + abs(A[0, 2]) + abs(A[1, 2]) + abs(A[2, 2] - 1)) > 1e-13:
        raise ValueError(f"{where}: argument '{name}' must be a rotation about the z axis for "
                         f"create2D=True, got {A.tolist()}")
    return float(np.arctan2(A[1, 0], A[0, 0]))


def _rigid_node_2d(mbs, where, nodeName, p, Aref, v, w, u, Ainit, g, inertia):
    for arg, x in (("referencePosition", p), ("initialVelocity", v),
                   ("initialDisplacement", u), ("gravity", g)):
        if x[2] != 0:
            raise ValueError(f"{where}: argument '{arg}' must have a zero z component for "
                             f"create2D=True, got {x.tolist()}")
    if w[0] != 0 or w[1] != 0:
        raise ValueError(f"{where}: argument 'initialAngularVelocity' must be about z only for "
                         f"create2D=True, got {w.tolist()}")
    if inertia.COM()[2] != 0:
        raise ValueError(f"{where}: argument 'inertia' must have its centre of mass in the body's "
                         f"x-y plane for create2D=True, got com {inertia.COM().tolist()}")
    phi = _planar_angle(where, "referenceRotationMatrix", Aref)
    dphi = 0.0 if Ainit is None else _planar_angle(where, "initialRotationMatrix", Ainit)
    return mbs.AddNode(_cls("NodeRigidBody2D")(
        name=nodeName, referenceCoordinates=[p[0], p[1], phi], initialCoordinates=[u[0], u[1],
                                                                                   dphi],
        initialVelocities=[v[0], v[1], w[2]]))


# ================================================================ joints

def _joint_frame(mbs, where, items, position, useGlobalFrame):
    """Global joint position in the reference configuration and the poses (p, A) of both
    items (a marker's own frame for a marker)."""
    useGlobalFrame = _bool(where, "useGlobalFrame", useGlobalFrame)
    poses = [it.pose() for it in items]
    markers = [it for it in items if it.kind == "marker"]
    empty = position is None or (hasattr(position, "__len__") and len(position) == 0)
    if markers:
        if not empty:
            raise ValueError(f"{where}: argument 'position' must be [] when a marker is given in "
                             f"itemNumbers (the marker sets the joint position), got {position!r}")
        pJ = poses[items.index(markers[0])][0]
        if len(markers) == 2:
            d = np.linalg.norm(poses[1][0] - poses[0][0])
            if d > 1e-10 * max(1.0, np.linalg.norm(pJ)):
                raise ValueError(f"{where}: the two markers in itemNumbers are {d:.3g} apart in "
                                 f"the reference configuration; the joint would start violated")
        return pJ, poses, useGlobalFrame
    pos = _vec(where, "position", position, 3)
    pJ = pos if useGlobalFrame else poses[0][0] + poses[0][1] @ pos
    return pJ, poses, useGlobalFrame


def _joint_axis(where, axis, poses, useGlobalFrame):
    a = _vec(where, "axis", axis, 3)
    if np.linalg.norm(a) == 0:
        raise ValueError(f"{where}: argument 'axis' must not be zero")
    a = a / np.linalg.norm(a)
    return a if useGlobalFrame else poses[0][1] @ a


def _joint_dimension(where, items):
    """'2D' if a planar item takes part (then none may be a 3D rigid body), else '3D'."""
    planar = [it.planar() for it in items]
    if any(planar):
        for i, it in enumerate(items):
            if it.rigid3d():
                raise ValueError(f"{where}: argument '{it.arg}' is a 3D rigid body and "
                                 f"'{items[1 - i].arg}' a planar one; joints between 2D and 3D "
                                 f"bodies are not supported")
        return "2D"
    return "3D"


def _need_oriented(where, items, what):
    for it in items:
        if not it.oriented():
            raise ValueError(f"{where}: argument '{it.arg}' is {it.kind} {it.index} ({it.type}), "
                             f"which has no orientation; {what} needs rigid bodies, a ground or "
                             f"rigid markers")


def _local(p, A, pJ):
    return A.T @ (pJ - p)


def CreateRevoluteJoint(mbs, name="", itemNumbers=None, position=(), axis=(), useGlobalFrame=True,
                        show=True, axisRadius=0.1, axisLength=0.4, color=None, bodyNumbers=None,
                        bodyOrNodeList=None):
    """Revolute joint between two rigid bodies (or a ground), at position about axis, both
    global in the reference configuration (useGlobalFrame=True) or in body 0's frame.

    3D: an ObjectJointRevoluteZ on two MarkerBodyRigid at the joint point, whose joint frames
    (rotationMarker0/1) have their z axis along axis. Planar bodies (create2D): an
    ObjectJointRevolute2D on two MarkerBodyPosition; axis must then be along z.
    A MarkerIndex in itemNumbers is used as it is (position must then be []).
    Returns the joint's ObjectIndex."""
    where = "CreateRevoluteJoint"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "marker"))
    pJ, poses, glob = _joint_frame(mbs, where, items, position, useGlobalFrame)
    a = _joint_axis(where, axis, poses, glob)
    n0, n1 = _marker_names(name)
    if _joint_dimension(where, items) == "2D":
        if np.linalg.norm(np.cross(a, [0, 0, 1])) > 1e-12:
            raise ValueError(f"{where}: argument 'axis' must be along z for planar bodies, got "
                             f"{np.asarray(axis).tolist()}")
        ms = []
        for it, (p, A), mn in zip(items, poses, (n0, n1)):
            lp = _local(p, A, pJ)
            if it.planar():
                lp[2] = 0.0
            ms.append(it.position_marker(lp, mn))
        return mbs.AddObject(_cls("ObjectJointRevolute2D")(name=name, markerNumbers=ms))
    _need_oriented(where, items, "a revolute joint")
    v, t1, t2 = rigid.ComputeOrthonormalBasisVectors(a)
    AJ = np.column_stack([t1, t2, v])          # joint frame: z along the axis
    return _add_frame_joint(mbs, "ObjectJointRevoluteZ", name, items, poses, pJ, AJ, {})


def _add_frame_joint(mbs, typename, name, items, poses, pJ, AJ, extra):
    """A joint with frames AJ (global) at pJ on two rigid markers."""
    ms, R = [], []
    for it, (p, A), mn in zip(items, poses, _marker_names(name)):
        ms.append(it.rigid_marker(_local(p, A, pJ), mn))
        R.append((A.T @ AJ).tolist())
    return mbs.AddObject(_cls(typename)(name=name, markerNumbers=ms, rotationMarker0=R[0],
                                        rotationMarker1=R[1], **extra))


def CreatePrismaticJoint(mbs, name="", itemNumbers=None, position=(), axis=(),
                         useGlobalFrame=True, show=True, axisRadius=0.1, axisLength=0.4,
                         color=None, bodyNumbers=None, bodyOrNodeList=None):
    """Prismatic joint between two rigid bodies (or a ground): body 1 slides along axis (global
    in the reference configuration, or in body 0's frame) through position, with no relative
    rotation.

    3D: an ObjectJointPrismaticX on two MarkerBodyRigid at position, joint frames with x along
    axis. Planar bodies: an ObjectJointPrismatic2D (axisMarker0 = the axis in marker 0's frame,
    normalMarker1 = the in-plane normal in marker 1's frame, constrainRotation=True); axis must
    lie in the x-y plane. Returns the joint's ObjectIndex."""
    where = "CreatePrismaticJoint"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "marker"))
    pJ, poses, glob = _joint_frame(mbs, where, items, position, useGlobalFrame)
    a = _joint_axis(where, axis, poses, glob)
    _need_oriented(where, items, "a prismatic joint")
    if _joint_dimension(where, items) == "2D":
        if abs(a[2]) > 1e-12:
            raise ValueError(f"{where}: argument 'axis' must lie in the x-y plane for planar "
                             f"bodies, got {np.asarray(axis).tolist()}")
        normal = np.cross([0.0, 0.0, 1.0], a)
        ms = []
        for it, (p, A), mn in zip(items, poses, _marker_names(name)):
            lp = _local(p, A, pJ)
            if it.planar():
                lp[2] = 0.0
            ms.append(it.rigid_marker(lp, mn))
        return mbs.AddObject(_cls("ObjectJointPrismatic2D")(
            name=name, markerNumbers=ms, axisMarker0=list(poses[0][1].T @ a),
            normalMarker1=list(poses[1][1].T @ normal), constrainRotation=True))
    AJ = rigid.ComputeOrthonormalBasis(a)      # joint frame: x along the axis
    return _add_frame_joint(mbs, "ObjectJointPrismaticX", name, items, poses, pJ, AJ, {})


def CreateSphericalJoint(mbs, name="", itemNumbers=None, position=(), constrainedAxes=(1, 1, 1),
                         useGlobalFrame=True, show=True, jointRadius=0.1, color=None,
                         bodyNumbers=None, bodyOrNodeList=None):
    """Spherical joint: the points of both items at position (global in the reference
    configuration, or in body 0's frame) stay together along the constrained GLOBAL axes
    (constrainedAxes [x, y, z], 1 = constrained). An ObjectJointSpherical on two
    MarkerBodyPosition; works with mass points too. Returns the joint's ObjectIndex."""
    where = "CreateSphericalJoint"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "marker"))
    ax = _axes(where, "constrainedAxes", constrainedAxes, 3)
    pJ, poses, _ = _joint_frame(mbs, where, items, position, useGlobalFrame)
    if ax[2] and all(it.planar() or it.ground() for it in items):
        raise ValueError(f"{where}: argument 'constrainedAxes' constrains z, but both items move "
                         f"in the x-y plane (the equation would be 0 = 0); use [1, 1, 0]")
    ms = []
    for it, (p, A), mn in zip(items, poses, _marker_names(name)):
        lp = _local(p, A, pJ)
        if it.planar():
            lp[2] = 0.0
        ms.append(it.position_marker(lp, mn))
    return mbs.AddObject(_cls("ObjectJointSpherical")(name=name, markerNumbers=ms,
                                                      constrainedAxes=ax))


def CreateGenericJoint(mbs, name="", itemNumbers=None, position=(), rotationMatrixAxes=None,
                       constrainedAxes=(1, 1, 1, 1, 1, 1), useGlobalFrame=True,
                       offsetUserFunction=0, offsetUserFunction_t=0, show=True, axesRadius=0.1,
                       axesLength=0.4, color=None, bodyNumbers=None, bodyOrNodeList=None):
    """Generic joint between two 3D rigid bodies (or a ground): constrainedAxes [x, y, z, rx, ry,
    rz] (1 = constrained) refer to the joint frame rotationMatrixAxes (columns = joint axes) at
    position; with useGlobalFrame=True both are global (reference configuration), else in body
    0's frame (the joint frame is then Abody0 rotationMatrixAxes). An ObjectJointGeneric on two
    MarkerBodyRigid. offsetUserFunction(_t) are not supported (ValueError if given).
    Returns the joint's ObjectIndex."""
    where = "CreateGenericJoint"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "marker"))
    ax = _axes(where, "constrainedAxes", constrainedAxes, 6)
    R = _rotation(where, "rotationMatrixAxes", rotationMatrixAxes)
    R = np.eye(3) if R is None else R
    if offsetUserFunction not in (0, None) or offsetUserFunction_t not in (0, None):
        raise ValueError(f"{where}: arguments 'offsetUserFunction' and 'offsetUserFunction_t' "
                         f"are not supported by coordyn's ObjectJointGeneric")
    pJ, poses, glob = _joint_frame(mbs, where, items, position, useGlobalFrame)
    _need_oriented(where, items, "a generic joint")
    if _joint_dimension(where, items) == "2D":
        raise ValueError(f"{where}: planar bodies are not supported (use CreateRevoluteJoint or "
                         f"CreatePrismaticJoint)")
    AJ = R if glob else poses[0][1] @ R
    return _add_frame_joint(mbs, "ObjectJointGeneric", name, items, poses, pJ, AJ,
                            {"constrainedAxes": ax})


# ================================================================ connectors between two points

def CreateSpringDamper(mbs, name="", itemNumbers=None, localPosition0=(0.0, 0.0, 0.0),
                       localPosition1=(0.0, 0.0, 0.0), referenceLength=None, stiffness=0.0,
                       damping=0.0, force=0.0, velocityOffset=0.0, springForceUserFunction=0,
                       show=True, drawSize=-1, color=None, bodyNumbers=None,
                       bodyOrNodeList=None):
    """Spring-damper (ObjectConnectorSpringDamper) between a point of each item: a body at
    localPosition0/1 (MarkerBodyPosition), a node (MarkerNodePosition) or a marker (as it is;
    localPosition must then be [0,0,0]). F = k (L - L0) + d (L_t - velocityOffset) + force.
    referenceLength=None: L0 = the distance of the two points in the reference configuration.
    Returns the connector's ObjectIndex."""
    where = "CreateSpringDamper"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "node", "marker"))
    lps = _local_positions(where, items, localPosition0, localPosition1)
    k = _real(where, "stiffness", stiffness)
    d = _real(where, "damping", damping)
    f = _real(where, "force", force)
    vo = _real(where, "velocityOffset", velocityOffset)
    if referenceLength is None:
        L0 = float(np.linalg.norm(items[1].pose(lps[1])[0] - items[0].pose(lps[0])[0]))
    else:
        L0 = _real(where, "referenceLength", referenceLength, nonneg=True)
    ms = [it.position_marker(lp, mn) for it, lp, mn in zip(items, lps, _marker_names(name))]
    extra = {}
    if springForceUserFunction not in (0, None):
        extra["springForceUserFunction"] = springForceUserFunction
    return mbs.AddObject(_cls("ObjectConnectorSpringDamper")(
        name=name, markerNumbers=ms, referenceLength=L0, stiffness=k, damping=d, force=f,
        velocityOffset=vo, **extra))


def CreateDistanceConstraint(mbs, name="", itemNumbers=None, localPosition0=(0.0, 0.0, 0.0),
                             localPosition1=(0.0, 0.0, 0.0), distance=None, show=True,
                             drawSize=-1.0, color=None, bodyNumbers=None, bodyOrNodeList=None):
    """Distance constraint (ObjectConnectorDistance) between a point of each item (as in
    CreateSpringDamper). distance=None: the distance in the reference configuration.
    distance = 0 cannot be a distance constraint: as Exudyn, a SphericalJoint is created
    instead (z free if a planar body takes part), with a warning.
    Returns the constraint's ObjectIndex."""
    where = "CreateDistanceConstraint"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "node", "marker"))
    lps = _local_positions(where, items, localPosition0, localPosition1)
    if distance is None:
        dist = float(np.linalg.norm(items[1].pose(lps[1])[0] - items[0].pose(lps[0])[0]))
    else:
        dist = _real(where, "distance", distance, nonneg=True)
    ms = [it.position_marker(lp, mn) for it, lp, mn in zip(items, lps, _marker_names(name))]
    if dist == 0:
        warnings.warn(f"{where}: distance = 0; creating a SphericalJoint instead", UserWarning,
                      stacklevel=2)
        ax = [1, 1, 0] if any(it.planar() for it in items) else [1, 1, 1]
        return mbs.AddObject(_cls("ObjectJointSpherical")(name=name, markerNumbers=ms,
                                                          constrainedAxes=ax))
    return mbs.AddObject(_cls("ObjectConnectorDistance")(name=name, markerNumbers=ms,
                                                         distance=dist))


# ================================================================ loads

def _load_item(mbs, where, itemNumber, bodyNumber):
    if bodyNumber is not None:
        if itemNumber is not None:
            raise TypeError(f"{where}: arguments 'itemNumber' and 'bodyNumber' are both given; "
                            f"use 'itemNumber'")
        return _Item(mbs, where, "bodyNumber", bodyNumber, ("body", "node", "marker"))
    if itemNumber is None:
        raise TypeError(f"{where}: argument 'itemNumber' (the body, node or marker) is required")
    return _Item(mbs, where, "itemNumber", itemNumber, ("body", "node", "marker"))


def _load_args(where, it, loadVector, localPosition, bodyFixed, torque=False):
    lv = _vec(where, "loadVector", loadVector, 3)
    lp = _vec(where, "localPosition", localPosition, 3)
    if it.kind != "body" and np.any(lp != 0):
        raise ValueError(f"{where}: argument 'localPosition' must be [0,0,0] for a {it.kind}, "
                         f"got {lp.tolist()}")
    if it.planar() and (np.any(lv[:2] != 0) if torque else lv[2] != 0):
        raise ValueError(f"{where}: argument 'loadVector' must be "
                         f"{'about z' if torque else 'in the x-y plane'} for a planar item, got "
                         f"{lv.tolist()}")
    return lv, lp, _bool(where, "bodyFixed", bodyFixed)


def _user_function(fn):
    return {} if fn in (0, None) else {"loadVectorUserFunction": fn}


def CreateForce(mbs, name="", itemNumber=None, loadVector=(0.0, 0.0, 0.0),
                localPosition=(0.0, 0.0, 0.0), bodyFixed=False, loadVectorUserFunction=0,
                show=True, bodyNumber=None):
    """Force (LoadForceVector) on a body at localPosition, on a node or on a marker.
    bodyFixed=True: loadVector is in the body frame and rotates with it (then a MarkerBodyRigid
    is used on rigid bodies; on mass points the force stays global). bodyNumber is the older
    name of itemNumber. Returns the LoadIndex."""
    where = "CreateForce"
    _name(where, name)
    it = _load_item(mbs, where, itemNumber, bodyNumber)
    lv, lp, fixed = _load_args(where, it, loadVector, localPosition, bodyFixed)
    if fixed and it.kind != "marker" and it.oriented() and not it.ground():
        m = it.rigid_marker(lp)
    else:
        m = it.position_marker(lp)
    return mbs.AddLoad(_cls("LoadForceVector")(name=name, markerNumber=m, loadVector=list(lv),
                                               bodyFixed=fixed,
                                               **_user_function(loadVectorUserFunction)))


def CreateTorque(mbs, name="", itemNumber=None, loadVector=(0.0, 0.0, 0.0),
                 localPosition=(0.0, 0.0, 0.0), bodyFixed=False, loadVectorUserFunction=0,
                 show=True, bodyNumber=None):
    """Torque (LoadTorqueVector) on a rigid body (MarkerBodyRigid at localPosition), a rigid
    node or a marker with orientation. bodyFixed=True: loadVector is in the body frame.
    Returns the LoadIndex."""
    where = "CreateTorque"
    _name(where, name)
    it = _load_item(mbs, where, itemNumber, bodyNumber)
    lv, lp, fixed = _load_args(where, it, loadVector, localPosition, bodyFixed, torque=True)
    if not it.oriented() or it.ground():
        raise ValueError(f"{where}: argument '{it.arg}' is {it.kind} {it.index} ({it.type}), "
                         f"which has no rotation; a torque needs a rigid body, a rigid-body node "
                         f"or a rigid marker")
    m = it.rigid_marker(lp)
    return mbs.AddLoad(_cls("LoadTorqueVector")(name=name, markerNumber=m, loadVector=list(lv),
                                                bodyFixed=fixed,
                                                **_user_function(loadVectorUserFunction)))
