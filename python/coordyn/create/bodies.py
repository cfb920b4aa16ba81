"""Create* helpers for bodies: CreateGround, CreateMassPoint, CreateRigidBody."""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Literal, Optional, Union, overload

import numpy as np

from .. import rigid
from .._index import ObjectIndex
from .._typing import ArrayLike, GraphicsDataList, HTLike, MatrixLike, UserFunction
from ..items import MarkerBodyMass
from ._checks import _bool, _frame_args, _name, _real, _rotation, _vec
from ._items import _cls

if TYPE_CHECKING:
    from ..system import MainSystem

#: CreateRigidBody's nodeType: a coordyn.rigid.NodeType, its string ('EP', 'Rxyz', 'RotVecLG')
#: or Exudyn's exu.NodeType member of the same name
NodeTypeLike = Union[rigid.NodeType, str]
_NO_COLOR = (-1.0, -1.0, -1.0, -1.0)


def _add_gravity(mbs, where, body, gravity, rdict):
    if np.any(gravity != 0):
        m = mbs.AddMarker(MarkerBodyMass(bodyNumber=body))
        load = mbs.AddLoad(_cls("LoadMassProportional")(markerNumber=m, loadVector=list(gravity)))
        if rdict is not None:
            rdict["markerBodyMass"], rdict["loadNumber"] = m, load


def _visual(where, graphicsDataList, show, **more):
    """Exudyn's visualization of a body (show, graphicsData = graphicsDataList, ...), kept with
    the item; graphicsDataList must be a list of graphics data dicts (coordyn.graphics)."""
    if graphicsDataList is None:
        graphicsDataList = []
    if not isinstance(graphicsDataList, (list, tuple)) or not all(
            isinstance(d, dict) and "type" in d for d in graphicsDataList):
        raise TypeError(f"{where}: argument 'graphicsDataList' must be a list of graphics data "
                        f"dicts (coordyn.graphics.Brick(...), ...)")
    return dict(show=bool(show), graphicsData=list(graphicsDataList), **more)


def CreateGround(mbs: MainSystem, name: str = "", referencePosition: Optional[ArrayLike] = None,
                 referenceRotationMatrix: Optional[MatrixLike] = None,
                 graphicsDataList: GraphicsDataList = (),
                 graphicsDataUserFunction: UserFunction = 0, show: bool = True,
                 referenceHT: Optional[HTLike] = None) -> ObjectIndex:
    """Add an ObjectGround at referencePosition; returns its ObjectIndex.

    Args:
        name: name of the ground object
        referencePosition: position of the ground (3 numbers); None is [0, 0, 0]
        referenceRotationMatrix: rotation matrix of the ground's frame (None: the identity);
            points and marker frames on the ground turn with it
        graphicsDataList: graphics data (coordyn.graphics) kept with the object
            (GetObject(i)['VgraphicsData'])
        graphicsDataUserFunction: kept with the object for a viewer (0: none)
        show: kept with the object (GetObject(i)['Vshow'])
        referenceHT: position and rotation as a 4x4 homogeneous transformation, instead of
            referencePosition and referenceRotationMatrix (an HT or a 4x4 matrix)

    Returns:
        the ground's ObjectIndex
    """
    where = "CreateGround"
    _name(where, name)
    referencePosition, referenceRotationMatrix = _frame_args(
        where, "referenceHT", referenceHT, "referencePosition", referencePosition,
        "referenceRotationMatrix", referenceRotationMatrix)
    p = np.zeros(3) if referencePosition is None else _vec(where, "referencePosition",
                                                           referencePosition, 3)
    A = _rotation(where, "referenceRotationMatrix", referenceRotationMatrix)
    more = {} if A is None else {"referenceRotation": np.asarray(A, dtype=float).tolist()}
    _bool(where, "show", show)
    vis = _visual(where, graphicsDataList, show,
                  graphicsDataUserFunction=graphicsDataUserFunction)
    return mbs.AddObject(_cls("ObjectGround")(name=name, referencePosition=list(p),
                                              visualization=vis, **more))


@overload
def CreateMassPoint(
        mbs: MainSystem, name: str = "", referencePosition: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: ArrayLike = (0.0, 0.0, 0.0),
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0), mass: float = 0.0,
        gravity: ArrayLike = (0.0, 0.0, 0.0), graphicsDataList: GraphicsDataList = (),
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, returnDict: Literal[False] = False,
        physicsMass: Optional[float] = None) -> ObjectIndex: ...


@overload
def CreateMassPoint(
        mbs: MainSystem, name: str = "", referencePosition: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: ArrayLike = (0.0, 0.0, 0.0),
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0), mass: float = 0.0,
        gravity: ArrayLike = (0.0, 0.0, 0.0), graphicsDataList: GraphicsDataList = (),
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, *, returnDict: Literal[True],
        physicsMass: Optional[float] = None) -> Dict[str, int]: ...


@overload
def CreateMassPoint(
        mbs: MainSystem, name: str = "", referencePosition: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: ArrayLike = (0.0, 0.0, 0.0),
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0), mass: float = 0.0,
        gravity: ArrayLike = (0.0, 0.0, 0.0), graphicsDataList: GraphicsDataList = (),
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, returnDict: bool = False,
        physicsMass: Optional[float] = None) -> Union[ObjectIndex, Dict[str, int]]: ...


def CreateMassPoint(
        mbs: MainSystem, name: str = "", referencePosition: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: ArrayLike = (0.0, 0.0, 0.0),
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0), mass: float = 0.0,
        gravity: ArrayLike = (0.0, 0.0, 0.0), graphicsDataList: GraphicsDataList = (),
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, returnDict: bool = False,
        physicsMass: Optional[float] = None) -> Union[ObjectIndex, Dict[str, int]]:
    """Add a point node and a mass point (NodePoint + MassPoint, or NodePoint2D + MassPoint2D
    with create2D=True), with gravity as a MarkerBodyMass and a LoadMassProportional if it is not
    zero. All vectors are 3D; for create2D their z components must be 0.

    Args:
        name: name of the body; its node is named 'Node:' + name
        referencePosition: reference position of the node (3 numbers)
        initialDisplacement: initial displacement from the reference position
        initialVelocity: initial velocity
        mass: mass [kg]
        gravity: gravitational acceleration (3 numbers); zero adds no load
        graphicsDataList: graphics data (coordyn.graphics) kept with the body
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        show: kept with the body (GetObject(i)['Vshow'])
        create2D: a planar mass point (NodePoint2D + MassPoint2D)
        returnDict: return a dict instead of the ObjectIndex
        physicsMass: the deprecated name of mass

    Returns:
        the body's ObjectIndex, or with returnDict=True a dict with 'nodeNumber', 'bodyNumber'
        and, with gravity, 'markerBodyMass' and 'loadNumber' (as Exudyn 1.13.6)
    """
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
    vis = _visual(where, graphicsDataList, show)
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
        b = mbs.AddObject(_cls("ObjectMassPoint2D")(name=name, mass=m, nodeNumber=n,
                                                    visualization=vis))
    else:
        n = mbs.AddNode(_cls("NodePoint")(name=nodeName, referenceCoordinates=list(p),
                                          initialCoordinates=list(u),
                                          initialVelocities=list(v)))
        b = mbs.AddObject(_cls("ObjectMassPoint")(name=name, mass=m, nodeNumber=n,
                                                  visualization=vis))
    rdict: Optional[Dict[str, int]] = {"nodeNumber": n, "bodyNumber": b} if returnDict else None
    _add_gravity(mbs, where, b, g, rdict)
    return b if rdict is None else rdict


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


@overload
def CreateRigidBody(
        mbs: MainSystem, name: str = "", referencePosition: Optional[ArrayLike] = None,
        referenceRotationMatrix: Optional[MatrixLike] = None,
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialAngularVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: Optional[ArrayLike] = None,
        initialRotationMatrix: Optional[MatrixLike] = None,
        inertia: Optional[rigid.RigidBodyInertia] = None, gravity: ArrayLike = (0.0, 0.0, 0.0),
        nodeType: NodeTypeLike = rigid.NodeType.RotationEulerParameters,
        graphicsDataList: GraphicsDataList = (), graphicsDataUserFunction: UserFunction = 0,
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, returnDict: Literal[False] = False,
        referenceHT: Optional[HTLike] = None,
        initialHT: Optional[HTLike] = None) -> ObjectIndex: ...


@overload
def CreateRigidBody(
        mbs: MainSystem, name: str = "", referencePosition: Optional[ArrayLike] = None,
        referenceRotationMatrix: Optional[MatrixLike] = None,
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialAngularVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: Optional[ArrayLike] = None,
        initialRotationMatrix: Optional[MatrixLike] = None,
        inertia: Optional[rigid.RigidBodyInertia] = None, gravity: ArrayLike = (0.0, 0.0, 0.0),
        nodeType: NodeTypeLike = rigid.NodeType.RotationEulerParameters,
        graphicsDataList: GraphicsDataList = (), graphicsDataUserFunction: UserFunction = 0,
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, *, returnDict: Literal[True],
        referenceHT: Optional[HTLike] = None,
        initialHT: Optional[HTLike] = None) -> Dict[str, int]: ...


@overload
def CreateRigidBody(
        mbs: MainSystem, name: str = "", referencePosition: Optional[ArrayLike] = None,
        referenceRotationMatrix: Optional[MatrixLike] = None,
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialAngularVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: Optional[ArrayLike] = None,
        initialRotationMatrix: Optional[MatrixLike] = None,
        inertia: Optional[rigid.RigidBodyInertia] = None, gravity: ArrayLike = (0.0, 0.0, 0.0),
        nodeType: NodeTypeLike = rigid.NodeType.RotationEulerParameters,
        graphicsDataList: GraphicsDataList = (), graphicsDataUserFunction: UserFunction = 0,
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, returnDict: bool = False,
        referenceHT: Optional[HTLike] = None,
        initialHT: Optional[HTLike] = None) -> Union[ObjectIndex, Dict[str, int]]: ...


def CreateRigidBody(
        mbs: MainSystem, name: str = "", referencePosition: Optional[ArrayLike] = None,
        referenceRotationMatrix: Optional[MatrixLike] = None,
        initialVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialAngularVelocity: ArrayLike = (0.0, 0.0, 0.0),
        initialDisplacement: Optional[ArrayLike] = None,
        initialRotationMatrix: Optional[MatrixLike] = None,
        inertia: Optional[rigid.RigidBodyInertia] = None, gravity: ArrayLike = (0.0, 0.0, 0.0),
        nodeType: NodeTypeLike = rigid.NodeType.RotationEulerParameters,
        graphicsDataList: GraphicsDataList = (), graphicsDataUserFunction: UserFunction = 0,
        drawSize: float = -1, color: ArrayLike = _NO_COLOR, show: bool = True,
        create2D: bool = False, returnDict: bool = False,
        referenceHT: Optional[HTLike] = None,
        initialHT: Optional[HTLike] = None) -> Union[ObjectIndex, Dict[str, int]]:
    """Add a rigid-body node and ObjectRigidBody (or NodeRigidBody2D + ObjectRigidBody2D with
    create2D=True) from a RigidBodyInertia (coordyn.rigid), with gravity as a MarkerBodyMass and
    a LoadMassProportional if it is not zero.

    Args:
        name: name of the body; its node is named 'Node:' + name
        referencePosition: reference position of the node, the body's reference point (where
            the inertia is given about); None is [0, 0, 0]
        referenceRotationMatrix: reference rotation of the node (3x3); None is the identity
        initialVelocity: global velocity of the reference point
        initialAngularVelocity: GLOBAL angular velocity
        initialDisplacement: initial displacement added to the reference position; None is zero
        initialRotationMatrix: initial rotation superimposed on the reference rotation
            (A = Aref Ainit); None is the identity
        inertia: a RigidBodyInertia (mass, tensor about the reference point, centre of mass),
            e.g. InertiaCuboid(density, sideLengths); required
        gravity: gravitational acceleration (3 numbers); zero adds no load
        nodeType: 'EP' (NodeRigidBodyEP, the default, = NodeType.RotationEulerParameters),
            'Rxyz' (NodeRigidBodyRxyz, = NodeType.RotationRxyz) or 'RotVecLG'
            (NodeRigidBodyRotVecLG, = NodeType.RotationRotationVector); coordyn.rigid.NodeType
            members and Exudyn's exu.NodeType members are accepted
        graphicsDataList: graphics data (coordyn.graphics) kept with the body
        graphicsDataUserFunction: kept with the body for a viewer (0: none)
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        show: kept with the body (GetObject(i)['Vshow'])
        create2D: planar body; all rotations must be about z, positions and velocities in x-y,
            the centre of mass in the x-y plane of the body frame
        returnDict: return a dict instead of the ObjectIndex
        referenceHT: reference position and rotation as a 4x4 homogeneous transformation,
            instead of referencePosition and referenceRotationMatrix
        initialHT: initial displacement and rotation as a 4x4 homogeneous transformation,
            instead of initialDisplacement and initialRotationMatrix

    Returns:
        the body's ObjectIndex, or with returnDict=True a dict with 'nodeNumber', 'bodyNumber'
        and, with gravity, 'markerBodyMass' and 'loadNumber' (as Exudyn 1.13.6)
    """
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
    vis = _visual(where, graphicsDataList, show,
                  graphicsDataUserFunction=graphicsDataUserFunction)
    u = np.zeros(3) if u is None else u
    nodeName = "Node:" + name if name else ""
    if inertia.mass <= 0:
        raise ValueError(f"{where}: argument 'inertia' must have a positive mass, got "
                         f"{inertia.mass}")

    if create2D:
        n = _rigid_node_2d(mbs, where, nodeName, p, Aref, v, w, u, Ainit, g, inertia)
        com = inertia.COM()
        b = mbs.AddObject(_cls("ObjectRigidBody2D")(
            name=name, mass=inertia.mass, inertia=float(inertia.Inertia()[2, 2]),
            centerOfMass=list(com[:2]), nodeNumber=n, visualization=vis))
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
            centerOfMass=list(inertia.COM()), nodeNumber=n, visualization=vis))
    rdict: Optional[Dict[str, int]] = {"nodeNumber": n, "bodyNumber": b} if returnDict else None
    _add_gravity(mbs, where, b, g, rdict)
    return b if rdict is None else rdict


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
