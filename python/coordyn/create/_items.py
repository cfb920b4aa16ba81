"""The items a Create* helper connects or loads, as its caller gives them (a body, a node or a
marker), what they provide (orientation, planar or 3D motion) and their reference poses; and
the markers a helper puts on them."""
from __future__ import annotations

import numpy as np

from .. import rigid
from ..items import (MarkerBodyPosition, MarkerBodyRigid, MarkerNodePosition, MarkerNodeRigid,
                     item_class)
from .._index import LoadIndex, MarkerIndex, NodeIndex, SensorIndex


def _cls(name):
    return item_class(name)


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
                             f"system has {count} " + ("objects" if kind == "body"
                                                       else kind + "s"))
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
            H = np.asarray(self.params.get("localHT", []), dtype=float)
            if H.size:                 # the marker's own frame (Exudyn 1.13's localHT)
                p, A = p + A @ H[0:3, 3], A @ H[0:3, 0:3]
            elif kind == "body":
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

    def turned_marker(self, localPosition, rotation, name=""):
        """(marker, remaining rotation): a rigid marker at localPosition whose frame is the
        item's turned by rotation (its localHT, as Exudyn 1.13's Create* joints), or, where a
        marker cannot be turned (beams, markers without localHT), the marker and the rotation
        for the joint's rotationMarker0/1"""
        from ..basicUtilities import _marker_with_rotation
        R = np.asarray(rotation, dtype=float)
        if self.kind == "marker":
            return _marker_with_rotation(self.mbs, MarkerIndex(self.index), R)
        H = np.eye(4)
        H[0:3, 0:3] = R
        if self.kind == "node" and self.type in _ORIENTED_NODES:
            return self.mbs.AddMarker(MarkerNodeRigid(name=name, nodeNumber=self.index,
                                                      localHT=H)), np.eye(3)
        if self.kind == "body" and self.type in _ORIENTED_BODIES:
            H[0:3, 3] = localPosition
            return self.mbs.AddMarker(MarkerBodyRigid(name=name, bodyNumber=self.index,
                                                      localHT=H)), np.eye(3)
        return self.rigid_marker(localPosition, name), R

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


def _ground_pose(p):
    """position and rotation of an ObjectGround's frame from its parameters"""
    H = np.asarray(p.get("referenceHT", []), dtype=float)
    if H.size:
        return H[0:3, 3].copy(), H[0:3, 0:3].copy()
    A = np.asarray(p.get("referenceRotation", []), dtype=float)
    return (np.asarray(p["referencePosition"], dtype=float).copy(),
            A.reshape(3, 3).copy() if A.size else np.eye(3))


def _body_pose(mbs, where, b):
    p = mbs.GetObject(b)
    t = p["itemType"]
    if t == "ObjectGround":
        return _ground_pose(p)
    if t in _POSE_BODIES:
        return _node_pose(mbs, where, p["nodeNumber"])
    if t == "ObjectMass1D":   # as Exudyn's: R [x_ref, 0, 0] + referencePosition, frame R
        R = np.asarray(p["referenceRotation"], dtype=float).reshape(3, 3)
        x = float(np.asarray(mbs.GetNode(p["nodeNumber"])["referenceCoordinates"],
                             dtype=float).ravel()[0])
        return R @ [x, 0.0, 0.0] + np.asarray(p["referencePosition"], dtype=float), R
    raise ValueError(f"{where}: object {b} of type {t} has no reference frame (use a ground, "
                     f"mass point or rigid body)")


def _all_none(value):
    """value is a list or tuple of Nones ([None, None], Exudyn's 'not given')."""
    return isinstance(value, (list, tuple)) and len(value) > 0 and all(v is None for v in value)


def _item_numbers(mbs, where, itemNumbers, bodyNumbers, bodyOrNodeList, kinds):
    """The two items of a connector from itemNumbers or one of its aliases; [None, None]
    (Exudyn's default of itemNumbers) is not given, as None."""
    given = [(n, v) for n, v in (("itemNumbers", itemNumbers), ("bodyNumbers", bodyNumbers),
                                 ("bodyOrNodeList", bodyOrNodeList))
             if v is not None and not _all_none(v)]
    if len(given) != 1:
        raise TypeError(f"{where}: give the two items in exactly one of the arguments "
                        f"'itemNumbers', 'bodyNumbers' or 'bodyOrNodeList' (got "
                        f"{', '.join(n for n, _ in given) or 'none'})")
    arg, value = given[0]
    if isinstance(value, (str, bytes)) or not hasattr(value, "__len__") or len(value) != 2:
        raise TypeError(f"{where}: argument '{arg}' must be a list of two items [item0, item1], "
                        f"got {value!r}")
    return [_Item(mbs, where, f"{arg}[{i}]", value[i], kinds) for i in range(2)]


def _marker_names(name):
    return ("Marker0:" + name, "Marker1:" + name) if name else ("", "")
