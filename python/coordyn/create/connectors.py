"""Create* helpers for connectors between a point of each of two items: CreateSpringDamper and
CreateDistanceConstraint."""
from __future__ import annotations

import warnings

import numpy as np

from ._checks import _name, _real, _vec
from ._items import _cls, _item_numbers, _marker_names


def _local_positions(where, items, localPosition0, localPosition1):
    lps = [_vec(where, "localPosition0", localPosition0, 3),
           _vec(where, "localPosition1", localPosition1, 3)]
    for i, it in enumerate(items):
        if it.kind != "body" and np.any(lps[i] != 0):
            raise ValueError(f"{where}: argument 'localPosition{i}' must be [0,0,0] for a "
                             f"{it.kind} (item {i}), got {lps[i].tolist()}")
    return lps


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
