"""Create* helper for kinematic trees: CreateKinematicTree (Exudyn 1.13.6's arguments), a
NodeGenericODE2 with one coordinate per link and an ObjectKinematicTree built from a list of
TreeLink (coordyn.rigidBodyUtilities)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Sequence

import numpy as np

from .. import graphics
from .._index import ObjectIndex
from .._typing import ArrayLike, GraphicsDataList, UserFunction
from ._checks import _bool, _name, _real, _vec
from ._items import _cls

if TYPE_CHECKING:
    from ..system import MainSystem


def _per_link(where, name, value, n, default):
    """None: default; else a vector of n numbers (one per link)"""
    if value is None:
        return default
    return _vec(where, name, value, n)


def _colors(where, name, value, n, default):
    """one RGBA color for all links, or a list of n of them; [-1, ...]: default"""
    if not isinstance(value, (list, tuple)) or len(value) == 0:
        raise ValueError(f"{where}: argument '{name}' must be one RGBA color (4 numbers) or a "
                         f"list of {n} RGBA colors, got {value!r}")
    if not isinstance(value[0], (list, tuple, np.ndarray)):
        c = _vec(where, name, value, 4)
        return [list(default) if c[0] == -1 else list(c)] * n
    if len(value) != n:
        raise ValueError(f"{where}: argument '{name}' must hold {n} RGBA colors (one per "
                         f"link), got {len(value)}")
    return [list(_vec(where, name, c, 4)) for c in value]


def _axis(jointType):
    """unit vector of the joint axis of a JointType (RevoluteX..PrismaticZ = 1..6)"""
    a = np.zeros(3)
    a[(int(jointType) - 1) % 3] = 1.0
    return a


def _link_graphics(links, parents, colors, jcolors, jointRadius, jointWidth, roundness,
                   baseList):
    """per link: a cylinder at its joint and a bar from its parent's joint to it (drawn in the
    parent's list); leaf links get a short block. Returns the per-link lists and the base's."""
    n = len(links)
    out = [[] if lk.graphicsDataList is None else list(lk.graphicsDataList) for lk in links]
    leaf = [all(parents[j] != i for j in range(n)) for i in range(n)]
    for i, lk in enumerate(links):
        ax = _axis(lk.jointType)
        if leaf[i] and lk.graphicsDataList is None:
            d = np.array([jointWidth, 0, 0]) if ax[0] == 0 else np.array([0, jointWidth, 0])
            out[i].append(graphics.Brick(centerPoint=list(d), size=list(d + jointWidth),
                                         color=colors[i], roundness=min(roundness, 1)))
        p = parents[i]
        target = baseList if p < 0 else out[p]
        if target is None or (p >= 0 and links[p].graphicsDataList is not None):
            continue
        if lk.graphicsDataList is None:
            out[i].append(graphics.Cylinder(pAxis=list(-0.5 * jointWidth * ax),
                                            vAxis=list(jointWidth * ax), radius=jointRadius,
                                            color=jcolors[i]))
        v = np.asarray(lk.jointHT, dtype=float)[:3, 3]
        if np.linalg.norm(v) > 0:
            target.append(graphics.Cylinder(pAxis=[0, 0, 0], vAxis=list(v),
                                            radius=jointWidth / 1.2,
                                            color=colors[p] if p >= 0 else colors[i]))
    return out


def CreateKinematicTree(mbs: MainSystem, name: str = "", listOfTreeLinks: Sequence[Any] = (),
                        referenceCoordinates: Optional[ArrayLike] = None,
                        initialCoordinates: Optional[ArrayLike] = None,
                        initialCoordinates_t: Optional[ArrayLike] = None,
                        gravity: ArrayLike = (0.0, 0.0, 0.0),
                        baseOffset: ArrayLike = (0.0, 0.0, 0.0),
                        linkForces: Optional[Sequence[ArrayLike]] = None,
                        linkTorques: Optional[Sequence[ArrayLike]] = None,
                        jointForceVector: Optional[ArrayLike] = None,
                        jointPositionOffsetVector: Optional[ArrayLike] = None,
                        jointVelocityOffsetVector: Optional[ArrayLike] = None,
                        forceUserFunction: UserFunction = 0,
                        jointRadius: float = 0.05, jointWidth: float = 0.12,
                        colors: Sequence[Any] = (-1.0, -1.0, -1.0, -1.0),
                        colorsJoints: Sequence[Any] = (-1.0, -1.0, -1.0, -1.0),
                        baseGraphicsDataList: Optional[GraphicsDataList] = None,
                        linkRoundness: float = 0.2, show: bool = True) -> ObjectIndex:
    """Add a NodeGenericODE2 (one coordinate per link) and an ObjectKinematicTree made of
    listOfTreeLinks; returns the tree's ObjectIndex (Exudyn 1.13.6's CreateKinematicTree).

    Args:
        name: name of the object; its node is named 'Node:' + name
        listOfTreeLinks: TreeLink per link (coordyn.rigidBodyUtilities.TreeLink): inertia,
            jointType, jointHT (4x4 from the parent's link frame to the joint), parent (all
            None: a serial chain) and PDcontrol (P, D)
        referenceCoordinates: one reference coordinate per link (None: zeros)
        initialCoordinates: one initial displacement per link (None: zeros)
        initialCoordinates_t: one initial velocity per link (None: zeros)
        gravity: gravity vector (3 numbers)
        baseOffset: position of the base (3 numbers)
        linkForces: one global force (3-vector) per link, at its frame origin (None: none)
        linkTorques: one global torque (3-vector) per link (None: none)
        jointForceVector: generalized joint forces (None: none)
        jointPositionOffsetVector: set values of the P control (None: zeros when a link has
            PDcontrol)
        jointVelocityOffsetVector: set velocities of the D control (None: zeros when a link
            has PDcontrol)
        forceUserFunction: f(mbs, t, itemNumber, q, q_t) -> generalized forces (0: none)
        jointRadius: radius of the automatic joint graphics
        jointWidth: width of the automatic joint and link graphics
        colors: one RGBA color for all links or one per link ([-1, ...]: the default)
        colorsJoints: one RGBA color for all joints or one per joint
        baseGraphicsDataList: graphics of the base; None: bars to the first joints. A base with
            graphics becomes an ObjectGround at baseOffset, as in Exudyn
        linkRoundness: roundness of the automatic link graphics
        show: kept with the object for a viewer

    Returns:
        the ObjectIndex of the ObjectKinematicTree
    """
    where = "CreateKinematicTree"
    _name(where, name)
    links = list(listOfTreeLinks)
    n = len(links)
    if n == 0:
        raise ValueError(f"{where}: argument 'listOfTreeLinks' must hold at least one TreeLink")
    for i, lk in enumerate(links):
        if not all(hasattr(lk, a) for a in ("linkInertia", "jointType", "jointHT", "parent")):
            raise TypeError(f"{where}: argument 'listOfTreeLinks' entry {i} must be a TreeLink "
                            f"(coordyn.rigidBodyUtilities.TreeLink), got {lk!r}")
    base = _vec(where, "baseOffset", baseOffset, 3)
    g = _vec(where, "gravity", gravity, 3)
    jointRadius = _real(where, "jointRadius", jointRadius)
    jointWidth = _real(where, "jointWidth", jointWidth)
    linkRoundness = _real(where, "linkRoundness", linkRoundness)
    _bool(where, "show", show)
    zeros = np.zeros(n)
    qref = _per_link(where, "referenceCoordinates", referenceCoordinates, n, zeros)
    q0 = _per_link(where, "initialCoordinates", initialCoordinates, n, zeros)
    v0 = _per_link(where, "initialCoordinates_t", initialCoordinates_t, n, zeros)
    fj = _per_link(where, "jointForceVector", jointForceVector, n, [])
    uo = _per_link(where, "jointPositionOffsetVector", jointPositionOffsetVector, n, None)
    vo = _per_link(where, "jointVelocityOffsetVector", jointVelocityOffsetVector, n, None)
    colors = _colors(where, "colors", colors, n, graphics.color.defaultBody)
    jcolors = _colors(where, "colorsJoints", colorsJoints, n, graphics.color.defaultJoint)

    given = [lk.parent is not None for lk in links]
    if any(given) and not all(given):
        raise ValueError(f"{where}: either all TreeLink parents are None (a serial chain) or "
                         f"all are given as numbers")
    parents = []
    for i, lk in enumerate(links):
        p = i - 1 if lk.parent is None else int(lk.parent)
        if p >= i or p < -1:
            raise ValueError(f"{where}: TreeLink {i} has parent {lk.parent}; a parent must be "
                             f"-1 (the base) or a link with a smaller index")
        parents.append(p)
    HTs = []
    for i, lk in enumerate(links):
        H = np.asarray(lk.jointHT, dtype=float)
        if H.shape != (4, 4):
            raise TypeError(f"{where}: TreeLink {i}: jointHT must be a 4x4 homogeneous "
                            f"transformation, got shape {H.shape}")
        HTs.append(H)
    pd = any(lk.PDcontrol is not None for lk in links)
    P = [float(lk.PDcontrol[0]) if lk.PDcontrol is not None else 0.0 for lk in links]
    D = [float(lk.PDcontrol[1]) if lk.PDcontrol is not None else 0.0 for lk in links]
    if not pd and (uo is not None or vo is not None):
        raise ValueError(f"{where}: jointPositionOffsetVector and jointVelocityOffsetVector "
                         f"need a TreeLink with PDcontrol")

    # as Exudyn: without baseGraphicsDataList the base gets the bars to its links; a base with
    # graphics becomes a ground object at baseOffset
    baseList = [] if baseGraphicsDataList is None else list(baseGraphicsDataList)
    glist = _link_graphics(links, parents, colors, jcolors, jointRadius, jointWidth,
                           linkRoundness, baseList if baseGraphicsDataList is None else None)
    if baseList:
        mbs.CreateGround(referencePosition=base, graphicsDataList=baseList)

    node = mbs.AddNode(_cls("NodeGenericODE2")(
        name="Node:" + name if name else "", referenceCoordinates=list(qref),
        initialCoordinates=list(q0), initialCoordinates_t=list(v0), numberOfODE2Coordinates=n))
    inertia = [lk.linkInertia for lk in links]
    kw = dict(name=name, nodeNumber=node, jointTypes=[int(lk.jointType) for lk in links],
              linkParents=parents, jointTransformations=[H[:3, :3] for H in HTs],
              jointOffsets=[H[:3, 3] for H in HTs],
              linkInertiasCOM=[np.asarray(J.InertiaCOM()) for J in inertia],
              linkCOMs=[np.asarray(J.COM()) for J in inertia],
              linkMasses=[float(J.Mass()) for J in inertia], jointForceVector=list(fj),
              baseOffset=list(base), gravity=list(g), forceUserFunction=forceUserFunction,
              visualization=dict(show=bool(show), graphicsDataList=glist))
    if pd:
        kw.update(jointPControlVector=P, jointDControlVector=D,
                  jointPositionOffsetVector=list(zeros if uo is None else uo),
                  jointVelocityOffsetVector=list(zeros if vo is None else vo))
    if linkForces is not None:
        kw["linkForces"] = [_vec(where, "linkForces", f, 3) for f in linkForces]
    if linkTorques is not None:
        kw["linkTorques"] = [_vec(where, "linkTorques", f, 3) for f in linkTorques]
    return mbs.AddObject(_cls("ObjectKinematicTree")(**kw))
