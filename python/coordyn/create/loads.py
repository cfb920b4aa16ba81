"""Create* helpers for loads: CreateForce, CreateTorque."""
from __future__ import annotations

from typing import TYPE_CHECKING, Optional

import numpy as np

from .._index import LoadIndex
from .._typing import ArrayLike, ItemNumber, UserFunction

from ._checks import _bool, _name, _vec
from ._items import _cls, _Item

if TYPE_CHECKING:
    from ..system import MainSystem


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


def CreateForce(mbs: MainSystem, name: str = "", itemNumber: Optional[ItemNumber] = None,
                loadVector: ArrayLike = (0.0, 0.0, 0.0), localPosition: ArrayLike = (0.0, 0.0, 0.0),
                bodyFixed: bool = False, loadVectorUserFunction: UserFunction = 0,
                show: bool = True, bodyNumber: Optional[ItemNumber] = None) -> LoadIndex:
    """Force (LoadForceVector) on a body at localPosition, on a node or on a marker.

    Args:
        name: name of the load
        itemNumber: the item loaded: a body (ObjectIndex or int; a MarkerBodyPosition at
            localPosition, or with bodyFixed=True on a rigid body a MarkerBodyRigid), a
            NodeIndex or a MarkerIndex (used as it is)
        loadVector: the force [N] (3 numbers; in the x-y plane for a planar item)
        localPosition: the point of the body, in its body frame ([0, 0, 0] for a node or
            marker)
        bodyFixed: loadVector is in the body frame and turns with it (on mass points the force
            stays global)
        loadVectorUserFunction: user function giving the load vector (0: none)
        show: accepted for Exudyn compatibility and ignored
        bodyNumber: older Exudyn name of itemNumber

    Returns:
        the LoadIndex
    """
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


def CreateTorque(mbs: MainSystem, name: str = "", itemNumber: Optional[ItemNumber] = None,
                 loadVector: ArrayLike = (0.0, 0.0, 0.0),
                 localPosition: ArrayLike = (0.0, 0.0, 0.0),
                 bodyFixed: bool = False, loadVectorUserFunction: UserFunction = 0,
                 show: bool = True, bodyNumber: Optional[ItemNumber] = None) -> LoadIndex:
    """Torque (LoadTorqueVector) on a rigid body (MarkerBodyRigid at localPosition), a rigid
    node (MarkerNodeRigid) or a marker with orientation.

    Args:
        name: name of the load
        itemNumber: the item loaded: a rigid body (ObjectIndex or int), a rigid-body NodeIndex
            or a MarkerIndex of a rigid marker (used as it is)
        loadVector: the torque [N m] (3 numbers; about z only for a planar item)
        localPosition: the point of the body where its marker sits, in its body frame
        bodyFixed: loadVector is in the body frame and turns with it
        loadVectorUserFunction: user function giving the load vector (0: none)
        show: accepted for Exudyn compatibility and ignored
        bodyNumber: older Exudyn name of itemNumber

    Returns:
        the LoadIndex
    """
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
