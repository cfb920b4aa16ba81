"""Create* helpers for connectors between a point of each of two items: CreateSpringDamper and
CreateDistanceConstraint."""
from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np

from .._index import ObjectIndex
from .._typing import ArrayLike, ItemNumber, UserFunction
from ._checks import _name, _real, _vec
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
