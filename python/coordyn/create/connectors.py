"""Create* helpers for connectors between two items: CreateSpringDamper,
CreateDistanceConstraint, CreateCartesianSpringDamper, CreateRigidBodySpringDamper,
CreateTorsionalSpringDamper and CreateLinearSpringDamper."""
from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np

from .._index import ObjectIndex
from .. import rigid
from .._typing import ArrayLike, ItemNumber, MatrixLike, UserFunction
from ._checks import _bool, _name, _real, _rotation, _vec
from ._items import _cls, _item_numbers, _marker_names

if TYPE_CHECKING:
    from ..system import MainSystem

_NO_COLOR = (-1.0, -1.0, -1.0, -1.0)


def _local_positions(where, items, localPosition0, localPosition1):
    lps = [_vec(where, "localPosition0", localPosition0, 3),
           _vec(where, "localPosition1", localPosition1, 3)]
    for i, it in enumerate(items):
        if it.kind != "body" and np.any(lps[i] != 0):
            raise ValueError(f"{where}: argument 'localPosition{i}' must be [0,0,0] for a "
                             f"{it.kind} (item {i}), got {lps[i].tolist()}")
    return lps


def CreateSpringDamper(mbs: MainSystem, name: str = "",
                       itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                       localPosition0: ArrayLike = (0.0, 0.0, 0.0),
                       localPosition1: ArrayLike = (0.0, 0.0, 0.0),
                       referenceLength: Optional[float] = None, stiffness: float = 0.0,
                       damping: float = 0.0, force: float = 0.0, velocityOffset: float = 0.0,
                       springForceUserFunction: UserFunction = 0, show: bool = True,
                       drawSize: float = -1, color: ArrayLike = _NO_COLOR,
                       bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                       bodyOrNodeList: Optional[Sequence[ItemNumber]] = None) -> ObjectIndex:
    """Spring-damper (ObjectConnectorSpringDamper) between a point of each of two items:
    F = k (L - L0) + d (L_t - velocityOffset) + force along the line between the points.

    Args:
        name: name of the connector; its markers are named 'Marker0:' + name and
            'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int; the point at
            localPosition0/1, a MarkerBodyPosition), a NodeIndex (MarkerNodePosition) or a
            MarkerIndex (used as it is)
        localPosition0: the point on body item0, in its body frame ([0, 0, 0] for a node or
            marker)
        localPosition1: the point on body item1, in its body frame
        referenceLength: L0; None is the distance of the two points in the reference
            configuration
        stiffness: k [N/m]
        damping: d [N s/m]
        force: constant force [N] added to the spring and damper forces
        velocityOffset: subtracted from the length's rate in the damping term
        springForceUserFunction: user function replacing the force law (0: none)
        show: accepted for Exudyn compatibility and ignored
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the connector's ObjectIndex
    """
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


def CreateDistanceConstraint(mbs: MainSystem, name: str = "",
                             itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                             localPosition0: ArrayLike = (0.0, 0.0, 0.0),
                             localPosition1: ArrayLike = (0.0, 0.0, 0.0),
                             distance: Optional[float] = None, show: bool = True,
                             drawSize: float = -1.0, color: ArrayLike = _NO_COLOR,
                             bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                             bodyOrNodeList: Optional[Sequence[ItemNumber]] = None
                             ) -> ObjectIndex:
    """Distance constraint (ObjectConnectorDistance) between a point of each of two items (as in
    CreateSpringDamper). distance = 0 cannot be a distance constraint: as Exudyn, a
    SphericalJoint is created instead (z free if a planar item takes part), with a UserWarning.

    Args:
        name: name of the constraint; its markers are named 'Marker0:' + name and
            'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int), a NodeIndex or
            a MarkerIndex
        localPosition0: the point on body item0, in its body frame ([0, 0, 0] for a node or
            marker)
        localPosition1: the point on body item1, in its body frame
        distance: the distance to keep; None is the distance in the reference configuration
        show: accepted for Exudyn compatibility and ignored
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the constraint's ObjectIndex
    """
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


def _no_user_function(where, arg, value, what):
    """coordyn's item has no such user function: an error instead of ignoring it"""
    if value not in (0, None):
        raise ValueError(f"{where}: argument '{arg}' is not supported by coordyn ({what})")


def CreateCartesianSpringDamper(mbs: MainSystem, name: str = "",
                                itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                                localPosition0: ArrayLike = (0.0, 0.0, 0.0),
                                localPosition1: ArrayLike = (0.0, 0.0, 0.0),
                                stiffness: ArrayLike = (0.0, 0.0, 0.0),
                                damping: ArrayLike = (0.0, 0.0, 0.0),
                                offset: ArrayLike = (0.0, 0.0, 0.0),
                                springForceUserFunction: UserFunction = 0, show: bool = True,
                                drawSize: float = -1, color: ArrayLike = _NO_COLOR,
                                bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                                bodyOrNodeList: Optional[Sequence[ItemNumber]] = None
                                ) -> ObjectIndex:
    """Cartesian spring-damper (ObjectConnectorCartesianSpringDamper) between a point of each
    of two items: per global axis i, F_i = k_i (p1 - p0 - offset)_i + d_i (v1 - v0)_i.

    Args:
        name: name of the connector; its markers are named 'Marker0:' + name and
            'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int; the point at
            localPosition0/1, a MarkerBodyPosition), a NodeIndex (MarkerNodePosition) or a
            MarkerIndex (used as it is)
        localPosition0: the point on body item0, in its body frame ([0, 0, 0] for a node or
            marker)
        localPosition1: the point on body item1, in its body frame
        stiffness: [k_x, k_y, k_z] [N/m]
        damping: [d_x, d_y, d_z] [N s/m]
        offset: relaxed p1 - p0 [m] (global)
        springForceUserFunction: user function f(mbs, t, itemNumber, displacement, velocity,
            stiffness, damping, offset) -> 3 force components, replacing the force law (0: none)
        show: accepted for Exudyn compatibility and ignored
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the connector's ObjectIndex
    """
    where = "CreateCartesianSpringDamper"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "node", "marker"))
    lps = _local_positions(where, items, localPosition0, localPosition1)
    k = _vec(where, "stiffness", stiffness, 3)
    d = _vec(where, "damping", damping, 3)
    off = _vec(where, "offset", offset, 3)
    ms = [it.position_marker(lp, mn) for it, lp, mn in zip(items, lps, _marker_names(name))]
    extra = {}
    if springForceUserFunction not in (0, None):
        extra["springForceUserFunction"] = springForceUserFunction
    return mbs.AddObject(_cls("ObjectConnectorCartesianSpringDamper")(
        name=name, markerNumbers=ms, stiffness=list(k), damping=list(d), offset=list(off),
        **extra))


_ZERO6 = tuple((0.0,) * 6 for _ in range(6))
_IDENTITY = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))


def _matrix(where, arg, value, n):
    try:
        A = np.array(value, dtype=float)
    except (TypeError, ValueError):
        A = None
    if A is None or A.shape != (n, n):
        raise TypeError(f"{where}: argument '{arg}' must be a {n}x{n} matrix, got {value!r}")
    if not np.all(np.isfinite(A)):
        raise ValueError(f"{where}: argument '{arg}' must be finite, got {value!r}")
    return A


def CreateRigidBodySpringDamper(mbs: MainSystem, name: str = "",
                                itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                                localPosition0: ArrayLike = (0.0, 0.0, 0.0),
                                localPosition1: ArrayLike = (0.0, 0.0, 0.0),
                                stiffness: MatrixLike = _ZERO6, damping: MatrixLike = _ZERO6,
                                offset: ArrayLike = (0.0,) * 6,
                                rotationMatrixJoint: MatrixLike = _IDENTITY,
                                useGlobalFrame: bool = True,
                                useIntrinsicFormulation: bool = True,
                                springForceTorqueUserFunction: UserFunction = 0,
                                postNewtonStepUserFunction: UserFunction = 0, show: bool = True,
                                drawSize: float = -1, color: ArrayLike = _NO_COLOR,
                                intrinsicFormulation: Optional[bool] = None,
                                bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                                bodyOrNodeList: Optional[Sequence[ItemNumber]] = None
                                ) -> ObjectIndex:
    """6-component spring-damper (ObjectConnectorRigidBodySpringDamper, a bushing) between a
    frame on each of two items, on two rigid markers at localPosition0/1; the joint frame
    rotationMatrixJoint (global, or in item0's frame) becomes the markers' localHT.

    Both of Exudyn's force laws, with its results: useIntrinsicFormulation=True (the default)
    measures the SE(3) logarithm of the relative frame in the mid frame (with the lever
    torque), False the relative position and Tait-Bryan angles xyz in joint frame 0.

    Args:
        name: name of the connector; its markers are named 'Marker0:' + name and
            'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int; a
            MarkerBodyRigid at localPosition0/1), a rigid node (MarkerNodeRigid) or a rigid
            MarkerIndex (used as it is)
        localPosition0: the point on body item0, in its body frame ([0, 0, 0] for a node or
            marker)
        localPosition1: the point on body item1, in its body frame
        stiffness: 6x6 stiffness on [displacement; rotation] in the joint frame
        damping: 6x6 damping on [velocity; angular velocity] in the joint frame
        offset: relaxed [displacement; rotation] (6 numbers)
        rotationMatrixJoint: the joint frame: global (useGlobalFrame=True) or in item0's frame
        useGlobalFrame: rotationMatrixJoint is global (True) or in item0's frame (False)
        useIntrinsicFormulation: True: Exudyn's intrinsic (SE(3)) law; False: the Tait-Bryan
            angles xyz of F0^T F1
        springForceTorqueUserFunction: the connector's user function (Exudyn's arguments;
            0: none): its 6 values replace stiffness and damping's force and torque
        postNewtonStepUserFunction: not supported here (0 only): it needs a data node; use
            ObjectConnectorRigidBodySpringDamper with nodeNumber
        show: accepted for Exudyn compatibility and ignored
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        intrinsicFormulation: older Exudyn name of useIntrinsicFormulation
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the connector's ObjectIndex
    """
    where = "CreateRigidBodySpringDamper"
    _name(where, name)
    if intrinsicFormulation is not None:
        useIntrinsicFormulation = intrinsicFormulation
    intrinsic = _bool(where, "useIntrinsicFormulation", useIntrinsicFormulation)
    _no_user_function(where, "postNewtonStepUserFunction", postNewtonStepUserFunction,
                      "the function needs the connector's nodeNumber (a NodeGenericData), "
                      "which CreateRigidBodySpringDamper has no argument for (Exudyn's stops "
                      "at Assemble); add ObjectConnectorRigidBodySpringDamper(nodeNumber=..., "
                      "postNewtonStepUserFunction=...) instead")
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "node", "marker"))
    lps = _local_positions(where, items, localPosition0, localPosition1)
    K = _matrix(where, "stiffness", stiffness, 6)
    D = _matrix(where, "damping", damping, 6)
    off = _vec(where, "offset", offset, 6)
    RJ = _rotation(where, "rotationMatrixJoint", rotationMatrixJoint, allow_none=False)
    glob = _bool(where, "useGlobalFrame", useGlobalFrame)
    for it in items:
        if not it.oriented():
            raise ValueError(f"{where}: argument '{it.arg}' is {it.kind} {it.index} "
                             f"({it.type}), which has no orientation; a RigidBodySpringDamper "
                             f"needs rigid bodies, rigid nodes, a ground or rigid markers")
    A0 = items[0].pose(lps[0])[1]
    A1 = items[1].pose(lps[1])[1]
    if glob:
        R0, R1 = A0.T @ RJ, A1.T @ RJ
    else:
        R0, R1 = RJ, A1.T @ A0 @ RJ
    # the frames in the markers' localHT, as Exudyn 1.13 (R0/R1 where a marker cannot carry them)
    (m0, R0), (m1, R1) = [it.turned_marker(lp, R, mn) for it, lp, R, mn in
                          zip(items, lps, (R0, R1), _marker_names(name))]
    ms = [m0, m1]
    return mbs.AddObject(_cls("ObjectConnectorRigidBodySpringDamper")(
        name=name, markerNumbers=ms, stiffness=K.tolist(), damping=D.tolist(),
        offset=list(off), rotationMarker0=R0.tolist(), rotationMarker1=R1.tolist(),
        useIntrinsicFormulation=intrinsic,
        springForceTorqueUserFunction=springForceTorqueUserFunction))


def CreateTorsionalSpringDamper(mbs: MainSystem, name: str = "",
                                itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                                position: ArrayLike = (0.0, 0.0, 0.0),
                                axis: ArrayLike = (0.0, 0.0, 0.0), stiffness: float = 0.0,
                                damping: float = 0.0, offset: float = 0.0,
                                velocityOffset: float = 0.0, torque: float = 0.0,
                                useGlobalFrame: bool = True,
                                springTorqueUserFunction: UserFunction = 0,
                                unlimitedRotations: bool = True, show: bool = True,
                                drawSize: float = -1, color: ArrayLike = _NO_COLOR,
                                bodyNumbers: Optional[Sequence[ItemNumber]] = None,
                                bodyOrNodeList: Optional[Sequence[ItemNumber]] = None
                                ) -> ObjectIndex:
    """Torsional spring-damper (ObjectConnectorTorsionalSpringDamper) about axis between two
    rigid bodies (or a ground): T = k (phi - offset) + d (phi_t - velocityOffset) + torque,
    on two MarkerBodyRigid at position whose joint frames have their z axis along axis (as
    Exudyn: z = axis, y and -x the other vectors of its orthonormal basis).

    coordyn's torsional spring measures phi in (-pi, pi]: it does not count turns, so with
    unlimitedRotations=True (Exudyn then counts them in a data node) the results equal
    Exudyn's while the relative rotation stays within +-pi.

    Args:
        name: name of the connector; its markers are named 'Marker0:' + name and
            'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int, including a
            ground) or a rigid MarkerIndex (used as it is; position must then be [])
        position: the connector's point (3 numbers), global in the reference configuration
            (useGlobalFrame=True) or in item0's body frame
        axis: the rotation axis (3 numbers, not zero), global or in item0's body frame
        stiffness: k [N m/rad], >= 0
        damping: d [N m s/rad], >= 0
        offset: relative rotation at which the spring is relaxed [rad]
        velocityOffset: subtracted from the relative angular velocity in the damping term
        torque: constant torque added [N m]
        useGlobalFrame: position and axis are global (True) or in item0's frame (False)
        springTorqueUserFunction: user function f(mbs, t, itemNumber, rotation,
            angularVelocity, stiffness, damping, offset) -> torque, replacing the law (0: none)
        unlimitedRotations: accepted; coordyn's rotation is measured in (-pi, pi] either way
        show: accepted for Exudyn compatibility and ignored
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored
        bodyNumbers: older Exudyn name of itemNumbers
        bodyOrNodeList: still older Exudyn name of itemNumbers

    Returns:
        the connector's ObjectIndex
    """
    from .joints import _joint_axis, _joint_frame, _local, _need_oriented
    where = "CreateTorsionalSpringDamper"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList,
                          ("body", "marker"))
    k = _real(where, "stiffness", stiffness, nonneg=True)
    d = _real(where, "damping", damping, nonneg=True)
    off = _real(where, "offset", offset)
    vo = _real(where, "velocityOffset", velocityOffset)
    tq = _real(where, "torque", torque)
    _bool(where, "unlimitedRotations", unlimitedRotations)
    pJ, poses, glob = _joint_frame(mbs, where, items, position, useGlobalFrame)
    a = _joint_axis(where, axis, poses, glob)
    _need_oriented(where, items, "a torsional spring-damper")
    B = rigid.ComputeOrthonormalBasis(a)
    AJ = np.column_stack([-B[:, 2], B[:, 1], B[:, 0]])   # z along the axis (Exudyn's frame)
    ms, R = [], []
    for it, (p, A), mn in zip(items, poses, _marker_names(name)):
        m, rest = it.turned_marker(_local(p, A, pJ), A.T @ AJ, mn)   # localHT, as Exudyn 1.13
        ms.append(m)
        R.append(np.asarray(rest).tolist())
    extra = {}
    if springTorqueUserFunction not in (0, None):
        extra["springTorqueUserFunction"] = springTorqueUserFunction
    return mbs.AddObject(_cls("ObjectConnectorTorsionalSpringDamper")(
        name=name, markerNumbers=ms, stiffness=k, damping=d, offset=off, velocityOffset=vo,
        torque=tq, rotationMarker0=R[0], rotationMarker1=R[1], **extra))


def CreateLinearSpringDamper(mbs: MainSystem, name: str = "",
                             itemNumbers: Sequence[Optional[ItemNumber]] = (None, None),
                             position: ArrayLike = (0.0, 0.0, 0.0),
                             axis: ArrayLike = (1.0, 0.0, 0.0), stiffness: float = 0.0,
                             damping: float = 0.0, offset: float = 0.0,
                             velocityOffset: float = 0.0, force: float = 0.0,
                             useGlobalFrame: bool = True,
                             springForceUserFunction: UserFunction = 0, show: bool = True,
                             drawSize: float = -1, color: ArrayLike = _NO_COLOR
                             ) -> ObjectIndex:
    """Linear spring-damper (ObjectConnectorLinearSpringDamper) along axis, fixed to item0,
    between two rigid bodies (or a ground), on two MarkerBodyRigid at position:
    F = k (u - offset) + d (u_t - velocityOffset) + force with u the displacement along the
    axis; usually used with a prismatic joint.

    Args:
        name: name of the connector; its markers are named 'Marker0:' + name and
            'Marker1:' + name
        itemNumbers: the two items [item0, item1]: a body (ObjectIndex or int, including a
            ground) or a rigid MarkerIndex (used as it is; position must then be [])
        position: the connector's point (3 numbers), global in the reference configuration
            (useGlobalFrame=True) or in item0's body frame
        axis: the direction of the spring (3 numbers, not zero; normalized), global or in
            item0's body frame
        stiffness: k [N/m], >= 0
        damping: d [N s/m], >= 0
        offset: displacement along the axis at which the spring is relaxed [m]
        velocityOffset: subtracted from the velocity in the damping term [m/s]
        force: constant force added [N]
        useGlobalFrame: position and axis are global (True) or in item0's frame (False)
        springForceUserFunction: user function f(mbs, t, itemNumber, displacement, velocity,
            stiffness, damping, offset) -> force, replacing the law (0: none)
        show: accepted for Exudyn compatibility and ignored
        drawSize: accepted for Exudyn compatibility and ignored
        color: accepted for Exudyn compatibility and ignored

    Returns:
        the connector's ObjectIndex
    """
    from .joints import _joint_axis, _joint_frame, _local, _need_oriented
    where = "CreateLinearSpringDamper"
    _name(where, name)
    items = _item_numbers(mbs, where, itemNumbers, None, None, ("body", "marker"))
    k = _real(where, "stiffness", stiffness, nonneg=True)
    d = _real(where, "damping", damping, nonneg=True)
    off = _real(where, "offset", offset)
    vo = _real(where, "velocityOffset", velocityOffset)
    f = _real(where, "force", force)
    pJ, poses, glob = _joint_frame(mbs, where, items, position, useGlobalFrame)
    a = _joint_axis(where, axis, poses, glob)
    _need_oriented(where, items[:1], "a linear spring-damper (its axis is fixed to item0)")
    ms = [it.rigid_marker(_local(p, A, pJ), mn)
          for it, (p, A), mn in zip(items, poses, _marker_names(name))]
    extra = {}
    if springForceUserFunction not in (0, None):
        extra["springForceUserFunction"] = springForceUserFunction
    return mbs.AddObject(_cls("ObjectConnectorLinearSpringDamper")(
        name=name, markerNumbers=ms, axisMarker0=list(poses[0][1].T @ a), stiffness=k,
        damping=d, offset=off, velocityOffset=vo, force=f, **extra))
