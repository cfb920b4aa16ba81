"""Create* helpers for loads: CreateForce, CreateTorque."""
from __future__ import annotations

import numpy as np

from ._checks import _bool, _name, _vec
from ._items import _cls, _Item


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
