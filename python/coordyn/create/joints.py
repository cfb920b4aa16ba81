"""Create* helpers for joints between two bodies: CreateRevoluteJoint, CreatePrismaticJoint,
CreateSphericalJoint, CreateGenericJoint, CreateCoordinateConstraint, CreateRollingDisc,
CreateRollingDiscPenalty."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np

from .. import rigid
from .._index import ObjectIndex
from .._typing import ArrayLike, ItemNumber, MatrixLike, UserFunction
from ._checks import _axes, _bool, _name, _real, _rotation, _vec
from ._items import _cls, _item_numbers, _marker_names

if TYPE_CHECKING:
    from ..system import MainSystem

_NO_COLOR = (-1.0, -1.0, -1.0, -1.0)
_IDENTITY = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


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


def CreateRevoluteJoint(mbs: MainSystem, name: str = "",
                        itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                        position: ArrayLike = (), axis: ArrayLike = (), useGlobalFrame: bool = True,
                        show: bool = True, axisRadius: float = 0.1, axisLength: float = 0.4,
                        color: ArrayLike = _NO_COLOR,
                        bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                        bodyOrNodeList: Optional[Sequence[ItemNumber]] = None) -> ObjectIndex:
    """Revolute joint between two rigid bodies (or a ground), at position about axis.

    3D: an ObjectJointRevoluteZ on two MarkerBodyRigid at the joint point, whose frames (their
    localHT, as Exudyn 1.13) have their z axis along axis. Planar bodies (create2D): an
    ObjectJointRevolute2D on two MarkerBodyPosition; axis must then be along z.

    Args:
        name: name of the joint; its markers are named 'Marker0:' + name and 'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int, including a
            ground) or a MarkerIndex (used as it is; position must then be [])
        position: the joint point (3 numbers), global in the reference configuration
            (useGlobalFrame=True) or in item0's body frame
        axis: the rotation axis (3 numbers, not zero), global or in item0's body frame
        useGlobalFrame: position and axis are global (True) or in item0's frame (False)
        show: accepted for Exudyn compatibility and ignored
        axisRadius: accepted for Exudyn compatibility and ignored
        axisLength: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the joint's ObjectIndex
    """
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
    """A joint with frames AJ (global) at pJ on two rigid markers, the frames in the markers'
    localHT as Exudyn 1.13 (rotationMarker0/1 where a marker cannot carry them)"""
    ms, R = [], []
    for it, (p, A), mn in zip(items, poses, _marker_names(name)):
        m, rest = it.turned_marker(_local(p, A, pJ), A.T @ AJ, mn)
        ms.append(m)
        R.append(np.asarray(rest).tolist())
    return mbs.AddObject(_cls(typename)(name=name, markerNumbers=ms, rotationMarker0=R[0],
                                        rotationMarker1=R[1], **extra))


def CreatePrismaticJoint(mbs: MainSystem, name: str = "",
                         itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                         position: ArrayLike = (), axis: ArrayLike = (),
                         useGlobalFrame: bool = True,
                         show: bool = True, axisRadius: float = 0.1, axisLength: float = 0.4,
                         color: ArrayLike = _NO_COLOR,
                         bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                         bodyOrNodeList: Optional[Sequence[ItemNumber]] = None) -> ObjectIndex:
    """Prismatic joint between two rigid bodies (or a ground): item1 slides along axis through
    position, with no relative rotation.

    3D: an ObjectJointPrismaticX on two MarkerBodyRigid at position, joint frames with x along
    axis. Planar bodies: an ObjectJointPrismatic2D (axisMarker0 = the axis in marker 0's frame,
    normalMarker1 = the in-plane normal in marker 1's frame, constrainRotation=True); axis must
    lie in the x-y plane.

    Args:
        name: name of the joint; its markers are named 'Marker0:' + name and 'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int, including a
            ground) or a MarkerIndex (used as it is; position must then be [])
        position: a point on the sliding axis (3 numbers), global in the reference
            configuration (useGlobalFrame=True) or in item0's body frame
        axis: the sliding direction (3 numbers, not zero), global or in item0's body frame
        useGlobalFrame: position and axis are global (True) or in item0's frame (False)
        show: accepted for Exudyn compatibility and ignored
        axisRadius: accepted for Exudyn compatibility and ignored
        axisLength: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the joint's ObjectIndex
    """
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


def CreateSphericalJoint(mbs: MainSystem, name: str = "",
                         itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                         position: ArrayLike = (), constrainedAxes: Sequence[int] = (1, 1, 1),
                         useGlobalFrame: bool = True, show: bool = True, jointRadius: float = 0.1,
                         color: ArrayLike = _NO_COLOR,
                         bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                         bodyOrNodeList: Optional[Sequence[ItemNumber]] = None) -> ObjectIndex:
    """Spherical joint: the points of both items at position stay together along the
    constrained GLOBAL axes. An ObjectJointSpherical on two MarkerBodyPosition; works with mass
    points too.

    Args:
        name: name of the joint; its markers are named 'Marker0:' + name and 'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int, including a
            ground) or a MarkerIndex (used as it is; position must then be [])
        position: the joint point (3 numbers), global in the reference configuration
            (useGlobalFrame=True) or in item0's body frame
        constrainedAxes: [x, y, z], 1 = constrained, 0 = free (global axes); z may not be
            constrained when both items move in the x-y plane
        useGlobalFrame: position is global (True) or in item0's frame (False)
        show: accepted for Exudyn compatibility and ignored
        jointRadius: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the joint's ObjectIndex
    """
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


def CreateGenericJoint(mbs: MainSystem, name: str = "",
                       itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                       position: ArrayLike = (),
                       rotationMatrixAxes: Optional[MatrixLike] = _IDENTITY,
                       constrainedAxes: Sequence[int] = (1, 1, 1, 1, 1, 1),
                       useGlobalFrame: bool = True,
                       offsetUserFunction: UserFunction = 0, offsetUserFunction_t: UserFunction = 0,
                       show: bool = True, axesRadius: float = 0.1, axesLength: float = 0.4,
                       color: ArrayLike = _NO_COLOR,
                       bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                       bodyOrNodeList: Optional[Sequence[ItemNumber]] = None) -> ObjectIndex:
    """Generic joint between two 3D rigid bodies (or a ground): an ObjectJointGeneric on two
    MarkerBodyRigid whose joint frames are rotationMatrixAxes at position.

    Args:
        name: name of the joint; its markers are named 'Marker0:' + name and 'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int, including a
            ground) or a MarkerIndex (used as it is; position must then be [])
        position: the joint point (3 numbers), global in the reference configuration
            (useGlobalFrame=True) or in item0's body frame
        rotationMatrixAxes: the joint frame (3x3, columns = joint axes), global or, with
            useGlobalFrame=False, in item0's frame (the joint frame is then
            Abody0 rotationMatrixAxes); None is the identity
        constrainedAxes: [x, y, z, rx, ry, rz] in the joint frame, 1 = constrained, 0 = free
        useGlobalFrame: position and rotationMatrixAxes are global (True) or in item0's frame
        offsetUserFunction: user function f(mbs, t, itemNumber, offsetUserFunctionParameters)
            -> the 6 offsets (displacements and rotations in the joint frame) at time t,
            ObjectJointGeneric's offsetUserFunction (0: none)
        offsetUserFunction_t: its time derivative (0: none), for index-2 and velocity levels
        show: accepted for Exudyn compatibility and ignored
        axesRadius: accepted for Exudyn compatibility and ignored
        axesLength: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the joint's ObjectIndex
    """
    where = "CreateGenericJoint"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "marker"))
    ax = _axes(where, "constrainedAxes", constrainedAxes, 6)
    R = _rotation(where, "rotationMatrixAxes", rotationMatrixAxes)
    R = np.eye(3) if R is None else R
    for arg, f in (("offsetUserFunction", offsetUserFunction),
                   ("offsetUserFunction_t", offsetUserFunction_t)):
        if f not in (0, None) and not callable(f):
            raise TypeError(f"{where}: argument '{arg}' must be a function or 0, got {f!r}")
    pJ, poses, glob = _joint_frame(mbs, where, items, position, useGlobalFrame)
    _need_oriented(where, items, "a generic joint")
    if _joint_dimension(where, items) == "2D":
        raise ValueError(f"{where}: planar bodies are not supported (use CreateRevoluteJoint or "
                         f"CreatePrismaticJoint)")
    AJ = R if glob else poses[0][1] @ R
    extra = {"constrainedAxes": ax}
    if offsetUserFunction not in (0, None):
        extra["offsetUserFunction"] = offsetUserFunction
    if offsetUserFunction_t not in (0, None):
        extra["offsetUserFunction_t"] = offsetUserFunction_t
    return _add_frame_joint(mbs, "ObjectJointGeneric", name, items, poses, pJ, AJ, extra)


def _node_ode2_count(mbs, n):
    """number of ODE2 coordinates of node n (before Assemble: from its type and parameters)"""
    p = mbs.GetNode(n)
    if p["itemType"] == "NodePointGround":
        return 0
    if "referenceCoordinates" in p:
        return len(np.atleast_1d(p["referenceCoordinates"]))
    return 0


def CreateCoordinateConstraint(mbs: MainSystem, name: str = "",
                               itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                               coordinates: Sequence[Optional[int]] = (None, None),
                               offset: float = 0.0, factor1: float = 1.0,
                               velocityLevel: bool = False,
                               offsetUserFunction: UserFunction = 0,
                               offsetUserFunction_t: UserFunction = 0, show: bool = True,
                               drawSize: float = -1.0, color: ArrayLike = _NO_COLOR,
                               factorValue1: Optional[float] = None,
                               bodyNumbers: Optional[Sequence[Optional[ItemNumber]]] = None,
                               bodyOrNodeList: Optional[Sequence[Optional[ItemNumber]]] = None
                               ) -> ObjectIndex:
    """Coordinate constraint (ObjectConnectorCoordinate) factor1 q1 - q0 = offset between a
    coordinate of each of two items, or of one item and the ground, on two
    MarkerNodeCoordinate (a NodePointGround with its marker is added for the ground).

    Args:
        name: name of the constraint; its markers are named 'Marker0:' + name and
            'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int; its
            coordinates are those of its nodes, counted over the nodes in their order), a
            NodeIndex, or None or a ground object for the ground
        coordinates: the two coordinate indices [c0, c1] (of the node, or counted over the
            body's nodes); None for the ground
        offset: the offset in factor1 q1 - q0 = offset
        factor1: the factor of q1 (a gear ratio)
        velocityLevel: True: constrain the velocities, factor1 q1_t - q0_t = offset
        offsetUserFunction: user function f(mbs, t, itemNumber, offset) -> offset(t) (0: none)
        offsetUserFunction_t: its time derivative, for velocityLevel and index 2 (0: none)
        show: accepted for Exudyn compatibility and ignored
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        factorValue1: older Exudyn name of factor1
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the constraint's ObjectIndex
    """
    from ._checks import _real
    where = "CreateCoordinateConstraint"
    _name(where, name)
    if factorValue1 is not None:
        factor1 = factorValue1
    f1 = _real(where, "factor1", factor1)
    off = _real(where, "offset", offset)
    vl = _bool(where, "velocityLevel", velocityLevel)
    given = [(n, v) for n, v in (("itemNumbers", itemNumbers), ("bodyNumbers", bodyNumbers),
                                 ("bodyOrNodeList", bodyOrNodeList))
             if v is not None and not (isinstance(v, (list, tuple)) and len(v) == 2
                                       and all(x is None for x in v))]
    if len(given) > 1:
        raise TypeError(f"{where}: give the two items in one of the arguments 'itemNumbers', "
                        f"'bodyNumbers' or 'bodyOrNodeList' (got "
                        f"{', '.join(n for n, _ in given)})")
    arg, value = given[0] if given else ("itemNumbers", itemNumbers)
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        raise TypeError(f"{where}: argument '{arg}' must be a list of two items [item0, item1] "
                        f"(None for the ground), got {value!r}")
    if isinstance(coordinates, (str, bytes)) or not hasattr(coordinates, "__len__") \
            or len(coordinates) != 2:
        raise TypeError(f"{where}: argument 'coordinates' must be a list of two coordinate "
                        f"indices [c0, c1], got {coordinates!r}")
    from ._items import _Item
    items = [None if v is None else _Item(mbs, where, f"{arg}[{i}]", v, ("body", "node"))
             for i, v in enumerate(value)]
    grounds = [it is None or (it.kind == "body" and it.type == "ObjectGround") for it in items]
    if all(grounds):
        raise ValueError(f"{where}: one of the two items must be a body or a node, got "
                         f"{list(value)!r}")
    ms = []
    for i, (it, mn) in enumerate(zip(items, _marker_names(name))):
        MC = _cls("MarkerNodeCoordinate")
        if grounds[i]:
            ng = mbs.AddNode(_cls("NodePointGround")())
            ms.append(mbs.AddMarker(MC(name=mn, nodeNumber=ng, coordinate=0)))
            continue
        assert it is not None   # not the ground
        c = coordinates[i]
        if isinstance(c, (bool, np.bool_)) or not isinstance(c, (int, np.integer)) or c < 0:
            raise ValueError(f"{where}: coordinates[{i}] = {c!r} is not a valid coordinate index")
        c = int(c)
        if it.kind == "node":
            node, nc = it.index, c
            if nc >= _node_ode2_count(mbs, node):
                raise ValueError(f"{where}: {arg}[{i}] = node {node} has no coordinate {c}")
        else:
            p = it.params
            nodes = [p["nodeNumber"]] if "nodeNumber" in p else list(p.get("nodeNumbers", []))
            node, nc = None, c
            for n in nodes:
                cnt = _node_ode2_count(mbs, int(n))
                if nc < cnt:
                    node = int(n)
                    break
                nc -= cnt
            if node is None:
                raise ValueError(f"{where}: {arg}[{i}] = {it.index}: the body has no "
                                 f"coordinate {c}")
        ms.append(mbs.AddMarker(MC(name=mn, nodeNumber=node, coordinate=nc)))
    extra = {}
    if offsetUserFunction not in (0, None):
        extra["offsetUserFunction"] = offsetUserFunction
    if offsetUserFunction_t not in (0, None):
        extra["offsetUserFunction_t"] = offsetUserFunction_t
    return mbs.AddObject(_cls("ObjectConnectorCoordinate")(
        name=name, markerNumbers=ms, offset=off, factor1=f1, velocityLevel=vl, **extra))


def CreateRollingDisc(mbs: MainSystem, name: str = "",
                      bodyNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                      axisPosition: ArrayLike = (), axisVector: ArrayLike = (1, 0, 0),
                      discRadius: float = 0.0, planePosition: ArrayLike = (0, 0, 0),
                      planeNormal: ArrayLike = (0, 0, 1), constrainedAxes: Sequence[int] = (1, 1, 1),
                      activeConnector: bool = True, show: bool = True, discWidth: float = 0.1,
                      color: ArrayLike = _NO_COLOR) -> ObjectIndex:
    """A disc rolling without slip on a plane: an ObjectJointRollingDisc between a
    MarkerBodyRigid on bodyNumbers[0] (the plane) and one on bodyNumbers[1] (the disc).

    Args:
        name: name of the joint; its markers are named 'Marker0:' + name and 'Marker1:' + name
        bodyNumbers: [plane body, disc body] (ObjectIndex or int; the plane body is often a
            ground)
        axisPosition: the disc centre in the disc body's frame (3 numbers; [] is [0, 0, 0])
        axisVector: the disc axis in the disc body's frame
        discRadius: the disc radius (> 0)
        planePosition: a point of the plane in the plane body's frame
        planeNormal: the plane's unit normal in the plane body's frame
        constrainedAxes: [lateral, forward, normal], 1 = constrained, 0 = free
        activeConnector: False: the joint is switched off (its multipliers are 0)
        show: accepted for Exudyn compatibility and ignored
        discWidth: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored

    Returns:
        the joint's ObjectIndex
    """
    where = "CreateRollingDisc"
    _name(where, name)
    items = _item_numbers(mbs, where, None, bodyNumbers, None, ("body",))
    empty = axisPosition is None or (hasattr(axisPosition, "__len__") and len(axisPosition) == 0)
    pos = np.zeros(3) if empty else _vec(where, "axisPosition", axisPosition, 3)
    axis = _vec(where, "axisVector", axisVector, 3)
    ppos = _vec(where, "planePosition", planePosition, 3)
    normal = _vec(where, "planeNormal", planeNormal, 3)
    ax = _axes(where, "constrainedAxes", constrainedAxes, 3)
    r = _real(where, "discRadius", discRadius, positive=True)
    active = _bool(where, "activeConnector", activeConnector)
    m0, m1 = _marker_names(name)
    mp = items[0].rigid_marker(ppos, m0)
    md = items[1].rigid_marker(pos, m1)
    return mbs.AddObject(_cls("ObjectJointRollingDisc")(
        name=name, markerNumbers=[mp, md], constrainedAxes=ax, discRadius=r,
        discAxis=list(axis), planeNormal=list(normal), activeConnector=active))


def CreateRollingDiscPenalty(mbs: MainSystem, name: str = "",
                             bodyNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                             axisPosition: ArrayLike = (), axisVector: ArrayLike = (1, 0, 0),
                             discRadius: float = 0.0, planePosition: ArrayLike = (0, 0, 0),
                             planeNormal: ArrayLike = (0, 0, 1), contactStiffness: float = 0.0,
                             contactDamping: float = 0.0, dryFriction: ArrayLike = (0, 0),
                             dryFrictionAngle: float = 0.0,
                             dryFrictionProportionalZone: float = 0.0,
                             viscousFriction: ArrayLike = (0, 0),
                             rollingViscousFriction: float = 0.0,
                             useLinearProportionalZone: bool = False,
                             activeConnector: bool = True, show: bool = True,
                             discWidth: float = 0.1, color: ArrayLike = _NO_COLOR,
                             rollingFrictionViscous: Optional[float] = None) -> ObjectIndex:
    """A disc on a plane with a penalty contact and friction: a MarkerBodyRigid on
    bodyNumbers[0] (the plane), one on bodyNumbers[1] (the disc), a NodeGenericData with 3 data
    coordinates for the contact state and an ObjectConnectorRollingDiscPenalty between them.

    Args:
        name: name of the connector; its markers are named 'Marker0:' + name and 'Marker1:' + name
        bodyNumbers: [plane body, disc body] (ObjectIndex or int; the plane body is often a
            ground)
        axisPosition: the disc centre in the disc body's frame (3 numbers; [] is [0, 0, 0])
        axisVector: the unit disc axis in the disc body's frame
        discRadius: the disc radius (> 0)
        planePosition: a point of the plane in the plane body's frame
        planeNormal: the plane's unit normal in the plane body's frame
        contactStiffness: normal contact stiffness (>= 0)
        contactDamping: normal contact damping (>= 0)
        dryFriction: dry friction coefficients [lateral, forward] (>= 0)
        dryFrictionAngle: rotation of the friction axes (rad; Mecanum wheels)
        dryFrictionProportionalZone: slip velocity of the friction's regularization (>= 0)
        viscousFriction: friction coefficients per slip velocity [lateral, forward] (>= 0)
        rollingViscousFriction: viscous rolling friction (>= 0)
        useLinearProportionalZone: True: linear friction law in the proportional zone
        activeConnector: False: the connector applies no force
        show: accepted for Exudyn compatibility and ignored
        discWidth: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        rollingFrictionViscous: Exudyn's deprecated name of rollingViscousFriction

    Returns:
        the connector's ObjectIndex
    """
    where = "CreateRollingDiscPenalty"
    _name(where, name)
    if rollingFrictionViscous is not None:
        rollingViscousFriction = rollingFrictionViscous
    items = _item_numbers(mbs, where, None, bodyNumbers, None, ("body",))
    empty = axisPosition is None or (hasattr(axisPosition, "__len__") and len(axisPosition) == 0)
    pos = np.zeros(3) if empty else _vec(where, "axisPosition", axisPosition, 3)
    axis = _vec(where, "axisVector", axisVector, 3)
    ppos = _vec(where, "planePosition", planePosition, 3)
    normal = _vec(where, "planeNormal", planeNormal, 3)
    mu = _vec(where, "dryFriction", dryFriction, 2)
    muv = _vec(where, "viscousFriction", viscousFriction, 2)
    r = _real(where, "discRadius", discRadius, positive=True)
    k = _real(where, "contactStiffness", contactStiffness, nonneg=True)
    d = _real(where, "contactDamping", contactDamping, nonneg=True)
    angle = _real(where, "dryFrictionAngle", dryFrictionAngle)
    vr = _real(where, "dryFrictionProportionalZone", dryFrictionProportionalZone, nonneg=True)
    mur = _real(where, "rollingViscousFriction", rollingViscousFriction, nonneg=True)
    linear = _bool(where, "useLinearProportionalZone", useLinearProportionalZone)
    active = _bool(where, "activeConnector", activeConnector)
    m0, m1 = _marker_names(name)
    mp = items[0].rigid_marker(ppos, m0)
    md = items[1].rigid_marker(pos, m1)
    nd = mbs.AddNode(_cls("NodeGenericData")(initialCoordinates=[0.0, 0.0, 0.0],
                                              numberOfDataCoordinates=3))
    return mbs.AddObject(_cls("ObjectConnectorRollingDiscPenalty")(
        name=name, markerNumbers=[mp, md], nodeNumber=nd, discRadius=r, discAxis=list(axis),
        planeNormal=list(normal), contactStiffness=k, contactDamping=d, dryFriction=list(mu),
        dryFrictionAngle=angle, dryFrictionProportionalZone=vr, viscousFriction=list(muv),
        rollingViscousFriction=mur, useLinearProportionalZone=linear, activeConnector=active))
