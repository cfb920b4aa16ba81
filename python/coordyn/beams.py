"""Helpers for beams and cables, as in Exudyn's ``exudyn.beams``.

So far: ``GenerateStraightLineANCFCable2D`` and ``GenerateStraightLineANCFCable``, which build
a straight line of ObjectANCFCable2D (ObjectANCFCable) elements with the same items, in the same
order, as Exudyn 1.13's functions of those names (so item numbers agree between the two);
``GenerateStraightBeam`` and ``GenerateBeamElementsAlongLine``, the generic generators of
Exudyn 1.13 for any beam template (cables, ObjectBeamGeometricallyExact2D with 2 or 3 nodes,
and the 3D ObjectBeamGeometricallyExact when coordyn has that item type);
``GenerateSlidingJoint``, an ObjectJointSliding2D along a list of cables;
``CreateReevingCurve``, the rope geometry of a reeving system (tangent lines and arcs around a
list of pulleys, with nodes at equal distances), and ``PointsAndSlopes2ANCFCable2D``, which
puts ObjectANCFCable2D elements on those nodes.
``GenerateAleSlidingJoint`` raises NotImplementedFeatureError (ObjectJointALEMoving2D and
ObjectALEANCFCable2D are not in coordyn)."""
from math import asin, atan2, cos, pi, sin

import numpy as np

from . import items as _items
from ._libmisc import Deprecated  # noqa: F401 (an attribute of Exudyn's module too)

from .exudyn._names import MODULE_ALL as _MODULE_ALL  # noqa: E402

__all__ = list(_MODULE_ALL["beams"])  # Exudyn 1.13.6's, in its order


def GenerateStraightLineANCFCable2D(mbs, positionOfNode0, positionOfNode1, numberOfElements,
                                    cableTemplate, massProportionalLoad=[0, 0, 0],
                                    fixedConstraintsNode0=[0, 0, 0, 0],
                                    fixedConstraintsNode1=[0, 0, 0, 0], nodeNumber0=-1,
                                    nodeNumber1=-1):
    """Add numberOfElements ObjectANCFCable2D elements (copies of cableTemplate, with length and
    nodeNumbers set) on a straight line from positionOfNode0 to positionOfNode1 (3D positions
    with z = 0), NodePoint2DSlope1 nodes with the line's unit direction as reference slope;
    a MarkerBodyMass and LoadMassProportional per element if massProportionalLoad is not
    zero; CoordinateConstraints to a ground node for the coordinates (x, y, slope x, slope y)
    of the first and the last node flagged 1 in fixedConstraintsNode0/1 (None: no ground node).
    nodeNumber0/1: use these existing nodes at the ends instead of new ones.

    Returns [cableNodeList, cableObjectList, loadList, cableNodePositionList,
    cableCoordinateConstraintList]."""
    return _generate(2, "GenerateStraightLineANCFCable2D", mbs, positionOfNode0,
                     positionOfNode1, numberOfElements, cableTemplate, massProportionalLoad,
                     fixedConstraintsNode0, fixedConstraintsNode1, nodeNumber0, nodeNumber1)


def GenerateStraightLineANCFCable(mbs, positionOfNode0, positionOfNode1, numberOfElements,
                                  cableTemplate, massProportionalLoad=[0, 0, 0],
                                  fixedConstraintsNode0=[0, 0, 0, 0, 0, 0],
                                  fixedConstraintsNode1=[0, 0, 0, 0, 0, 0], nodeNumber0=-1,
                                  nodeNumber1=-1):
    """The 3D counterpart of GenerateStraightLineANCFCable2D: ObjectANCFCable elements on
    NodePointSlope1 nodes; the constraint flags are for (x, y, z, slope x, slope y, slope z).
    Returns [cableNodeList, cableObjectList, loadList, cableNodePositionList,
    cableCoordinateConstraintList]. As in Exudyn, an ObjectANCFCable2D template makes this
    GenerateStraightLineANCFCable2D (constraint flags for the 4 coordinates of its nodes; the
    default flags, all zero, mean none)."""
    if dict(cableTemplate).get("objectType") in ("ANCFCable2D", "ObjectANCFCable2D"):
        free = [0] * 6

        def flags(f):
            return [0] * 4 if f is not None and list(f) == free else f
        return _generate(2, "GenerateStraightLineANCFCable", mbs, positionOfNode0,
                         positionOfNode1, numberOfElements, cableTemplate,
                         massProportionalLoad, flags(fixedConstraintsNode0),
                         flags(fixedConstraintsNode1), nodeNumber0, nodeNumber1)
    return _generate(3, "GenerateStraightLineANCFCable", mbs, positionOfNode0, positionOfNode1,
                     numberOfElements, cableTemplate, massProportionalLoad,
                     fixedConstraintsNode0, fixedConstraintsNode1, nodeNumber0, nodeNumber1)


def _check_line(fname, positionOfNode0, positionOfNode1, numberOfElements, dim, dim_note,
                fixed0, fixed1, ncoord, coord_note):
    """the checked arguments of a straight-line generator: p0, p1 (3D; z = 0 for dim 2),
    numberOfElements (a positive integer), the constraint flag lists (ncoord entries or None),
    the direction d = p1 - p0 and its length (> 0); clear errors naming fname"""
    p0 = np.asarray(positionOfNode0, dtype=float)
    p1 = np.asarray(positionOfNode1, dtype=float)
    if p0.shape != (3,) or p1.shape != (3,):
        raise ValueError(f"{fname}: positionOfNode0 and positionOfNode1 must be 3D positions")
    if dim == 2 and (p0[2] != 0 or p1[2] != 0):
        raise ValueError(f"{fname}: positionOfNode0 and positionOfNode1 must have zero z "
                         f"components{dim_note}")
    if numberOfElements <= 0 or numberOfElements != int(numberOfElements):
        raise ValueError(f"{fname}: numberOfElements must be a positive integer, got "
                         f"{numberOfElements!r}")
    for name, fix in (("fixedConstraintsNode0", fixed0), ("fixedConstraintsNode1", fixed1)):
        if fix is not None and len(fix) != ncoord:
            raise ValueError(f"{fname}: {name} must have {ncoord} entries ({coord_note}), got "
                             f"{len(fix)}")
    d = p1 - p0
    total = float(np.linalg.norm(d))
    if total == 0:
        raise ValueError(f"{fname}: positionOfNode0 and positionOfNode1 coincide")
    return p0, p1, int(numberOfElements), d, total


def _generate(dim, fname, mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
              massProportionalLoad, fixedConstraintsNode0, fixedConstraintsNode1, nodeNumber0,
              nodeNumber1):
    nc = 2 * dim
    node_type = _items.NodePoint2DSlope1 if dim == 2 else _items.NodePointSlope1
    element_type = _items.ObjectANCFCable2D if dim == 2 else _items.ObjectANCFCable
    p0, p1, numberOfElements, d, total = _check_line(
        fname, positionOfNode0, positionOfNode1, numberOfElements, dim, "",
        fixedConstraintsNode0, fixedConstraintsNode1, nc, "the node's coordinates")
    le = total / numberOfElements
    slope = list(d[:dim] / total)
    template = dict(cableTemplate)
    template.pop("objectType", None)
    template["length"] = le

    def node_at(p):
        return mbs.AddNode(node_type(referenceCoordinates=list(p[:dim]) + slope))

    nodes, objects, loads, positions, constraints = [], [], [], [p0.tolist()], []
    n_first = nodeNumber0 if nodeNumber0 != -1 else node_at(p0)
    nodes.append(n_first)
    for i in range(numberOfElements):
        p = p0 + le * (i + 1) * d / total
        positions.append(p.tolist())
        last = nodeNumber1 if (i == numberOfElements - 1 and nodeNumber1 != -1) else node_at(p)
        nodes.append(last)
        template["nodeNumbers"] = [nodes[-2], nodes[-1]]
        obj = mbs.AddObject(element_type(**template))
        objects.append(obj)
        if np.linalg.norm(massProportionalLoad) != 0:
            mk = mbs.AddMarker(_items.MarkerBodyMass(bodyNumber=obj))
            loads.append(mbs.AddLoad(_items.LoadMassProportional(
                markerNumber=mk, loadVector=list(massProportionalLoad))))
    for fix, node, p in ((fixedConstraintsNode0, n_first, p0), (fixedConstraintsNode1, last, p1)):
        if fix is None:
            continue
        ground = mbs.AddNode(_items.NodePointGround(referenceCoordinates=list(p)))
        mg = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
        for j, f in enumerate(fix):
            if f != 0:
                mc = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
                constraints.append(mbs.AddObject(_items.ObjectConnectorCoordinate(
                    markerNumbers=[mg, mc])))
    return [nodes, objects, loads, positions, constraints]


def GenerateCircularArcANCFCable2D(mbs, positionOfNode0, radius, startAngle, arcAngle,
                                   numberOfElements, cableTemplate, massProportionalLoad=[0, 0, 0],
                                   fixedConstraintsNode0=[0, 0, 0, 0],
                                   fixedConstraintsNode1=[0, 0, 0, 0], nodeNumber0=-1,
                                   nodeNumber1=-1, setCurvedReferenceConfiguration=True,
                                   verboseMode=False):
    """Add numberOfElements ObjectANCFCable2D elements (copies of cableTemplate) along a
    circular arc of the given radius that starts at positionOfNode0 with the tangent at
    startAngle (rad, from the x axis) and turns by arcAngle (rad; positive: counterclockwise,
    the centre to the left of the tangent). Nodes are NodePoint2DSlope1 with the arc's points
    and unit tangents as reference coordinates, elements have the length radius abs(arcAngle) / n.
    setCurvedReferenceConfiguration: the elements get referenceCurvature = sign(arcAngle) /
    radius, so the arc is (nearly: the cubic interpolation of a circle) stress-free; otherwise
    the template's referenceCurvature is kept (the arc is then a bent straight cable). Loads and
    constraints as in GenerateStraightLineANCFCable2D (the constraints fix the displacement of
    the flagged coordinates of the first and the last node). As in Exudyn 1.13; verboseMode
    prints the nodes.

    Returns [cableNodeList, cableObjectList, loadList, cableNodePositionList,
    cableCoordinateConstraintList]."""
    fname = "GenerateCircularArcANCFCable2D"
    p0 = np.asarray(positionOfNode0, dtype=float)
    if p0.shape != (3,):
        raise ValueError(f"{fname}: positionOfNode0 must be a 3D position")
    if numberOfElements <= 0 or numberOfElements != int(numberOfElements):
        raise ValueError(f"{fname}: numberOfElements must be a positive integer, got "
                         f"{numberOfElements!r}")
    if not radius > 0:
        raise ValueError(f"{fname}: radius must be > 0, got {radius!r}")
    if arcAngle == 0:
        raise ValueError(f"{fname}: arcAngle must be nonzero")
    for name, fix in (("fixedConstraintsNode0", fixedConstraintsNode0),
                      ("fixedConstraintsNode1", fixedConstraintsNode1)):
        if fix is not None and len(fix) != 4:
            raise ValueError(f"{fname}: {name} must have 4 entries (x, y, slope x, slope y), "
                             f"got {len(fix)}")
    n = int(numberOfElements)
    sign = 1.0 if arcAngle > 0 else -1.0
    tangent = np.array([np.cos(startAngle), np.sin(startAngle), 0.0])
    normal = np.array([-np.sin(startAngle), np.cos(startAngle), 0.0])
    centre = p0 + sign * radius * normal
    template = dict(cableTemplate)
    template.pop("objectType", None)
    template["length"] = radius * abs(arcAngle) / n
    if setCurvedReferenceConfiguration:
        template["referenceCurvature"] = sign / radius

    def node_at(p, t):
        if verboseMode:
            print(f"  node {len(nodes)}: pos = {p[0]}, {p[1]}, slope = {t[0]}, {t[1]}")
        return mbs.AddNode(_items.NodePoint2DSlope1(referenceCoordinates=[p[0], p[1], t[0],
                                                                          t[1]]))

    nodes, objects, loads, positions, constraints = [], [], [], [p0.tolist()], []
    n_first = nodeNumber0 if nodeNumber0 != -1 else node_at(p0, tangent)
    nodes.append(n_first)
    for i in range(n):
        phi = (i + 1) * arcAngle / n
        p = centre + sign * radius * (np.sin(phi) * tangent - np.cos(phi) * normal)
        t = np.cos(phi) * tangent + np.sin(phi) * normal
        positions.append([p[0], p[1], 0.0])
        last = nodeNumber1 if (i == n - 1 and nodeNumber1 != -1) else node_at(p, t)
        nodes.append(last)
        template["nodeNumbers"] = [nodes[-2], nodes[-1]]
        objects.append(mbs.AddObject(_items.ObjectANCFCable2D(**template)))
        if np.linalg.norm(massProportionalLoad) != 0:
            mk = mbs.AddMarker(_items.MarkerBodyMass(bodyNumber=objects[-1]))
            loads.append(mbs.AddLoad(_items.LoadMassProportional(
                markerNumber=mk, loadVector=list(massProportionalLoad))))
    fixes = [f for f in (fixedConstraintsNode0, fixedConstraintsNode1) if f is not None]
    if any(np.any(np.asarray(f) != 0) for f in fixes):
        ground = mbs.AddNode(_items.NodePointGround(referenceCoordinates=[0, 0, 0]))
        mg = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
        for fix, node in ((fixedConstraintsNode0, n_first), (fixedConstraintsNode1, last)):
            for j, f in enumerate(fix or []):
                if f != 0:
                    mc = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
                    constraints.append(mbs.AddObject(_items.ObjectConnectorCoordinate(
                        markerNumbers=[mg, mc])))
    return [nodes, objects, loads, positions, constraints]


# ------------------------------------------------------------------ generic straight beams

def _template_type(beamTemplate):
    """the full object type name ("ObjectBeamGeometricallyExact2D") of an item or a dict"""
    try:
        t = dict(beamTemplate).get("objectType")
    except (TypeError, ValueError):
        t = None
    if not isinstance(t, str):
        return type(beamTemplate).__name__
    return t if t.startswith("Object") else "Object" + t


def _rotation_vector_x_to(d):
    """the rotation vector of the smallest rotation that turns e_x into the unit vector d"""
    ex = np.array([1.0, 0.0, 0.0])
    axis = np.cross(ex, d)
    s, c = np.linalg.norm(axis), float(d[0])
    if s < 1e-15:
        return [0.0, 0.0, 0.0] if c > 0 else [0.0, 0.0, float(np.pi)]
    return list(axis / s * np.arctan2(s, c))


def GenerateStraightBeam(mbs, positionOfNode0, positionOfNode1, numberOfElements, beamTemplate,
                         gravity=[0, 0, 0], fixedConstraintsNode0=None,
                         fixedConstraintsNode1=None, nodeNumber0=-1, nodeNumber1=-1):
    """Exudyn 1.13's generic generator (deprecated there in favour of
    GenerateBeamElementsAlongLine, same items): numberOfElements copies of beamTemplate (length
    and nodeNumbers set) on a straight line from positionOfNode0 to positionOfNode1 (3D
    positions; z = 0 for 2D elements).

    Templates and their nodes: ObjectANCFCable2D (NodePoint2DSlope1, reference slope = the
    line's unit direction), ObjectANCFCable (NodePointSlope1), ObjectBeamGeometricallyExact2D
    (NodeRigidBody2D, reference rotation atan2 of the direction; 3 nodeNumbers in the template:
    quadratic elements with a middle node, 2 nodes per element added), and the 3D
    ObjectBeamGeometricallyExact when coordyn has it (NodeRigidBodyRotVecLG, reference rotation
    vector turning e_x into the direction; Exudyn 1.13.6 itself rejects the 3D beam here).

    gravity: a LoadMassProportional (on a MarkerBodyMass) per element if not zero;
    fixedConstraintsNode0/1: flags per node coordinate, CoordinateConstraints to a
    NodePointGround at the end point (None: no ground node); for the 3D beam's rotation flags
    (coordinates 3..5 of a NodeRigidBodyRotVecLG, whose rotation vector cannot be constrained
    coordinate by coordinate) one GenericJoint between a ground frame at the node's reference
    orientation and a MarkerNodeRigid, with those rotation axes constrained, also returned in
    the constraint list; nodeNumber0/1: existing nodes to use at the ends.

    Returns [beamNodeList, beamObjectList, loadList, beamNodePositionList,
    beamCoordinateConstraintList] (nodes and positions include middle nodes)."""
    fname = "GenerateStraightBeam"
    tname = _template_type(beamTemplate)
    quadratic = False
    if tname == "ObjectANCFCable2D":
        node_type, ncoord, dim, kind = _items.NodePoint2DSlope1, 4, 2, "slope"
    elif tname == "ObjectANCFCable":
        node_type, ncoord, dim, kind = _items.NodePointSlope1, 6, 3, "slope"
    elif tname == "ObjectBeamGeometricallyExact2D":
        node_type, ncoord, dim, kind = _items.NodeRigidBody2D, 3, 2, "angle"
        quadratic = len(dict(beamTemplate).get("nodeNumbers") or []) == 3
    elif tname == "ObjectBeamGeometricallyExact":
        if not hasattr(_items, "ObjectBeamGeometricallyExact"):
            raise ValueError(f"{fname}: beamTemplate ObjectBeamGeometricallyExact (the 3D "
                             "geometrically exact beam) is not available in this coordyn; "
                             "only ObjectANCFCable2D, ObjectANCFCable and "
                             "ObjectBeamGeometricallyExact2D are")
        node_type, ncoord, dim, kind = _items.NodeRigidBodyRotVecLG, 6, 3, "rotvec"
    else:
        raise ValueError(f"{fname}: invalid beamTemplate {tname} (expected ObjectANCFCable2D, "
                         "ObjectANCFCable, ObjectBeamGeometricallyExact2D or "
                         "ObjectBeamGeometricallyExact)")
    element_type = getattr(_items, tname)
    p0, p1, numberOfElements, d, total = _check_line(
        fname, positionOfNode0, positionOfNode1, numberOfElements, dim,
        f" for the 2D element {tname}", fixedConstraintsNode0, fixedConstraintsNode1, ncoord,
        f"the coordinates of a {node_type.__name__}")
    le = total / numberOfElements
    u = d / total
    if kind == "slope":
        orientation = list(u[:dim])
    elif kind == "angle":
        orientation = [float(np.arctan2(u[1], u[0]))]
    else:
        orientation = _rotation_vector_x_to(u)
    template = dict(beamTemplate)
    template.pop("objectType", None)
    template["length"] = le

    def node_at(p):
        return mbs.AddNode(node_type(referenceCoordinates=list(p[:dim]) + orientation))

    nodes, objects, loads, positions, constraints = [], [], [], [list(positionOfNode0)], []
    n_first = nodeNumber0 if nodeNumber0 != -1 else node_at(p0)
    nodes.append(n_first)
    for i in range(numberOfElements):
        if quadratic:
            pm = p0 + le * u * (i + 0.5)
            positions.append(pm.tolist())
            nodes.append(node_at(pm))
        p = p0 + le * u * (i + 1)
        positions.append(p.tolist())
        last = nodeNumber1 if (i == numberOfElements - 1 and nodeNumber1 != -1) else node_at(p)
        nodes.append(last)
        template["nodeNumbers"] = nodes[-3:] if quadratic else nodes[-2:]
        obj = mbs.AddObject(element_type(**template))
        objects.append(obj)
        if np.linalg.norm(gravity) != 0:
            mk = mbs.AddMarker(_items.MarkerBodyMass(bodyNumber=obj))
            loads.append(mbs.AddLoad(_items.LoadMassProportional(markerNumber=mk,
                                                                 loadVector=list(gravity))))
    for fix, node, p in ((fixedConstraintsNode0, n_first, positionOfNode0),
                         (fixedConstraintsNode1, last, positionOfNode1)):
        if fix is None:
            continue
        ground = mbs.AddNode(_items.NodePointGround(referenceCoordinates=list(p)))
        mg = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
        # the rotation vector of a Lie-group node is composed on SO(3), not added: its
        # coordinates cannot be constrained one by one; a GenericJoint to a ground frame
        # at the node's reference orientation fixes the flagged rotation axes instead
        nfix = 3 if kind == "rotvec" else len(fix)
        for j, f in enumerate(fix[:nfix]):
            if f != 0:
                mc = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
                constraints.append(mbs.AddObject(_items.ObjectConnectorCoordinate(
                    markerNumbers=[mg, mc])))
        if kind == "rotvec" and any(f != 0 for f in fix[3:]):
            og = mbs.AddObject(_items.ObjectGround(referencePosition=list(p)))
            A = _rotation_matrix(np.asarray(orientation, dtype=float))
            mgr = mbs.AddMarker(_items.MarkerBodyRigid(bodyNumber=og))
            mnr = mbs.AddMarker(_items.MarkerNodeRigid(nodeNumber=node))
            constraints.append(mbs.AddObject(_items.ObjectJointGeneric(
                markerNumbers=[mgr, mnr], constrainedAxes=[0, 0, 0] + [int(f != 0)
                                                                       for f in fix[3:]],
                rotationMarker0=A.tolist())))
    return [nodes, objects, loads, positions, constraints]


def _rotation_matrix(v):
    """the rotation matrix of the rotation vector v (Rodrigues)"""
    t = float(np.linalg.norm(v))
    if t == 0:
        return np.eye(3)
    k = v / t
    K = np.array([[0, -k[2], k[1]], [k[2], 0, -k[0]], [-k[1], k[0], 0]])
    return np.eye(3) + np.sin(t) * K + (1 - np.cos(t)) * K @ K


def GenerateBeamElementsAlongLine(mbs, positionStart, positionEnd, numberOfElements,
                                  beamTemplate=None, gravity=[0, 0, 0],
                                  groundConstraintsStart=None, groundConstraintsEnd=None,
                                  nodeNumberStart=None, nodeNumberEnd=None, EI=None, EA=None,
                                  GA=None):
    """Exudyn 1.13's successor of GenerateStraightBeam (the same items in the same order):
    beam elements along the line from positionStart to positionEnd; groundConstraintsStart/End
    flag the node coordinates fixed to ground, nodeNumberStart/End (None: new nodes) the
    existing nodes at the ends. EI, EA, GA are in the signature for compatibility and unused in
    Exudyn 1.13.6; here they must be None (set the stiffnesses in beamTemplate).

    Returns {'nodes', 'elements', 'nodePositions', 'constraintObjects', 'loads'}."""
    for name, val in (("EI", EI), ("EA", EA), ("GA", GA)):
        if val is not None:
            raise ValueError(f"GenerateBeamElementsAlongLine: {name} is not used (as in Exudyn "
                             "1.13.6); set the stiffnesses in beamTemplate")
    if beamTemplate is None:
        raise ValueError("GenerateBeamElementsAlongLine: beamTemplate is required")
    nodes, objects, loads, positions, constraints = GenerateStraightBeam(
        mbs, positionStart, positionEnd, numberOfElements, beamTemplate, gravity=gravity,
        fixedConstraintsNode0=groundConstraintsStart, fixedConstraintsNode1=groundConstraintsEnd,
        nodeNumber0=-1 if nodeNumberStart is None else nodeNumberStart,
        nodeNumber1=-1 if nodeNumberEnd is None else nodeNumberEnd)
    return {"nodes": nodes, "elements": objects, "nodePositions": positions,
            "constraintObjects": constraints, "loads": loads}


def GenerateSlidingJoint(mbs, cableObjectList, markerBodyPositionOfSlidingBody,
                         localMarkerIndexOfStartCable=0, slidingCoordinateStartPosition=0):
    """An ObjectJointSliding2D that lets the point of markerBodyPositionOfSlidingBody slide
    along the ObjectANCFCable2D elements of cableObjectList (in this order), as Exudyn 1.13's
    function of this name: a MarkerBodyCable2DCoordinates per element, the elements' starting
    sliding coordinates (0, L0, L0 + L1, ...), and a NodeGenericData with the initial element
    index localMarkerIndexOfStartCable and the initial global sliding coordinate
    slidingCoordinateStartPosition. Returns [joint]."""
    markers, offsets, start = [], [], 0.0
    for body in cableObjectList:
        markers.append(mbs.AddMarker(_items.MarkerBodyCable2DCoordinates(bodyNumber=body)))
        offsets.append(start)
        start += mbs.GetObjectParameter(body, "length")   # Exudyn: physicsLength
    k = int(localMarkerIndexOfStartCable)
    if not 0 <= k < len(markers):
        raise ValueError(f"GenerateSlidingJoint: localMarkerIndexOfStartCable = {k} is not an "
                         f"index of cableObjectList (0 .. {len(markers) - 1})")
    data = mbs.AddNode(_items.NodeGenericData(
        initialCoordinates=[k, slidingCoordinateStartPosition], numberOfDataCoordinates=2))
    joint = mbs.AddObject(_items.ObjectJointSliding2D(
        markerNumbers=[markerBodyPositionOfSlidingBody, markers[k]],
        slidingMarkerNumbers=markers, slidingMarkerOffsets=offsets, nodeNumber=data))
    return [joint]


def _ale_stand_in():
    from .exudyn._notyet import missing_function
    return missing_function("GenerateAleSlidingJoint", "coordyn.beams",
                            "ObjectJointALEMoving2D and ObjectALEANCFCable2D are not in coordyn")


GenerateAleSlidingJoint = _ale_stand_in()


# ---------------------------------------------------------------------------------------------
# reeving systems: a rope around a sequence of pulleys (circles), and cables along it

def _reeving_pieces(circles, removeFirstLine, removeLastLine):
    """The straight pieces and arcs of a rope that runs from circle to circle, touching circle
    k on its side s_k (+1 'L', -1 'R'). Between circles a (centre ca, radius ra, side sa) and
    b the rope is their common tangent: with u the unit vector from ca to cb (distance L),
    n = u turned by +90 degrees and sin(alpha) = (sb rb - sa ra) / L, the rope's normal is
    d = cos(alpha) n - sin(alpha) u and it touches at ca + sa ra d and cb + sb rb d. On each
    inner circle it follows the arc from the incoming to the outgoing tangent point, turning
    clockwise on an 'L' circle and counterclockwise on an 'R' one. Returns (pieces, length)."""
    pieces, total, arrive = [], 0.0, None
    (ca, ra, sa) = circles[0]
    for k in range(1, len(circles)):
        cb, rb, sb = circles[k]
        u = cb - ca
        L = np.linalg.norm(u)
        if L == 0:
            raise ValueError("CreateReevingCurve: distance of circles is zero (circles "
                             f"{k - 1} and {k} of circleList have the same centre)")
        u = (1.0 / L) * u
        alpha = asin((sb * rb - sa * ra) / L)
        n = np.array([-u[1], u[0]])
        # sa ra d and sb rb d, summed in Exudyn's order so that the points agree to the last
        # bit (the number of drawn arc segments, int(...), can depend on it)
        leave = ca + sa * n * cos(alpha) * ra + u * sin(-sa * alpha) * ra
        reach = cb + sb * n * cos(alpha) * rb + u * sin(-sb * alpha) * rb
        if arrive is not None:  # the arc on circle a from where the rope arrived
            t0 = _tangent_angle(arrive - ca, sa)
            t1 = _tangent_angle(leave - ca, sa)
            turn = t1 - t0
            if sa < 0 and turn < 0:
                turn += 2 * pi
            if sa > 0 and turn > 0:
                turn -= 2 * pi
            pieces.append({"type": "ARC", "point0": arrive, "radius": ra, "startAngle": t0,
                           "endAngle": t1, "arcAngle": turn})
            total += abs(ra * turn)
        if not ((removeFirstLine and k == 1) or (removeLastLine and k == len(circles) - 1)):
            length = np.linalg.norm(reach - leave)
            if length == 0:
                _print("WARNING: CreateReevingCurve: curve seems to be degenerated, check "
                       "location of circles")
            pieces.append({"type": "LINE", "point0": leave, "point1": reach})
            total += length
        arrive, (ca, ra, sa) = reach.copy(), (cb, rb, sb)
    return pieces, total


def _tangent_angle(radial, side):
    """the angle of the rope's direction at a point with the radius vector radial (the radial
    angle turned by -90 degrees on an 'L' circle, +90 degrees on an 'R' one)"""
    return atan2(radial[1], radial[0]) - side * 0.5 * pi


def _arc_point(piece, phi):
    """point and unit tangent after turning by phi (signed, as arcAngle) on an ARC piece"""
    t0, r = piece["startAngle"], piece["radius"]
    side = 1.0 if piece["arcAngle"] >= 0 else -1.0
    tangent0 = np.array([np.cos(t0), np.sin(t0)])
    normal0 = np.array([-np.sin(t0), np.cos(t0)])      # tangent0 turned by +90 degrees
    centre = piece["point0"] + side * r * normal0
    point = centre + side * r * (np.sin(phi) * tangent0 - np.cos(phi) * normal0)
    return point, np.cos(phi) * tangent0 + np.sin(phi) * normal0


def _reeving_nodes(pieces, total, nNodes, nArcLines):
    """nNodes points and unit slopes at equal distances along the pieces (a point at the end
    of a piece, within a relative 1e-10, belongs to that piece), the element lengths and
    curvatures (of the piece holding the element's second node: 0 on a line, +-1/r on an arc),
    and the polyline of the curve (nArcLines segments per full circle)."""
    points, lengths, curvatures, polyline = [], [], [], []
    step = total / (nNodes - 1) if nNodes > 1 else 0.0
    start, nextS = 0.0, 0.0
    for piece in pieces:
        if piece["type"] == "LINE":
            p0, p1 = piece["point0"], piece["point1"]
            L = np.linalg.norm(p1 - p0)
            polyline += [list(p0) + [0], list(p1) + [0]]
            slope = (1.0 / L) * (p1 - p0) if L > 0 else np.zeros(2)

            def at(s):
                return p0 + s * slope, slope
            kappa = 0.0
        else:
            turn, r = piece["arcAngle"], piece["radius"]
            L = abs(r * turn)
            nSeg = int(abs(turn) * nArcLines / (2 * pi)) + 1
            polyline += [list(_arc_point(piece, (j + 1) * turn / nSeg)[0]) + [0]
                         for j in range(nSeg)]

            def at(s, piece=piece, turn=turn, L=L):
                return _arc_point(piece, s / L * turn)
            kappa = (1.0 if turn >= 0 else -1.0) / r
        end = start + L
        while nNodes > 1 and nextS <= end * (1.0 + 1e-10):
            p, slope = at(nextS - start)
            points.append(list(p) + list(slope))
            if nextS != 0:
                lengths.append(step)
                curvatures.append(kappa)
            nextS += step
        start = end
    return points, lengths, curvatures, [x for p in polyline for x in p]


def CreateReevingCurve(circleList, drawingLinesPerCircle=64, numberOfANCFnodes=-1,
                       removeLastLine=False, removeFirstLine=False, radialOffset=0.,
                       closedCurve=False, graphicsElementsPerCircle=64, graphicsNodeSize=0,
                       colorCircles=[0., 0.5, 1., 1.], colorLines=[1., 0.5, 0., 1.]):
    """The geometry of a reeving system, a rope running around the circles of circleList
    ([[centre x, centre y], radius, 'L' or 'R'] each: the circle lies to the left or to the
    right of the rope as it runs from circle to circle), as Exudyn 1.13's function: common
    tangent lines between consecutive circles and arcs on the circles in between (radii
    enlarged by radialOffset, e.g. half the rope's thickness). closedCurve appends the first
    two circles again and removes the last line (a closed loop; numberOfANCFnodes then counts
    the nodes of the loop, whose last node is its first); removeFirstLine/removeLastLine drop
    the first/last line. With numberOfANCFnodes >= 2, that many nodes at equal distances along
    the curve, with their unit tangents (for PointsAndSlopes2ANCFCable2D); with -1, none
    (Exudyn 1.13.6 does not return for -1). graphicsElementsPerCircle: segments per full
    circle of the drawn arcs; graphicsNodeSize > 0 draws the nodes as circles of that radius.
    drawingLinesPerCircle is accepted and unused, as in Exudyn. Prints the total length.

    Returns a dict: 'ancfPointsSlopes' ([x, y, slope x, slope y] per node), 'elementLengths'
    and 'elementCurvatures' (per element between consecutive nodes), 'totalLength',
    'circleData' (the LINE and ARC pieces), 'lineData' (the curve as a polyline of 3D points,
    flat), 'graphicsDataLines' and 'graphicsDataCircles' (graphics data of the curve and the
    circles)."""
    fname = "CreateReevingCurve"
    circles = list(circleList)
    nNodes = int(numberOfANCFnodes)
    if closedCurve:
        circles += [circleList[0], circleList[1]]
        removeLastLine, removeFirstLine = True, False
        if nNodes != -1:
            nNodes += 1
    if nNodes != -1 and nNodes < 2:
        raise ValueError(f"{fname}: numberOfANCFnodes must be -1 (no nodes) or >= 2, got "
                         f"{numberOfANCFnodes!r}")
    parsed, drawn = [], []
    for k, c in enumerate(circles):
        if len(c) != 3 or len(c[0]) != 2 or c[2] not in ("L", "R"):
            raise ValueError(f"{fname}: circleList[{k % len(circleList)}] must be "
                             f"[[x, y], radius, 'L' or 'R'], got {c!r}")
        if not c[1] > 0:
            raise ValueError(f"{fname}: radius in circleList may not be zero or negative "
                             f"(circleList[{k % len(circleList)}] has radius {c[1]!r})")
        r = c[1] + radialOffset
        parsed.append((np.array(c[0], dtype=float), r, 1 if c[2] == "L" else -1))
        drawn.append({"type": "Circle", "color": colorCircles,
                      "position": [c[0][0], c[0][1], 0], "radius": r})
    if len(parsed) < 2:
        raise ValueError(f"{fname}: circleList needs at least 2 circles, got {len(parsed)}")
    pieces, total = _reeving_pieces(parsed, removeFirstLine, removeLastLine)
    points, lengths, curvatures, lineData = _reeving_nodes(
        pieces, total, nNodes if nNodes != -1 else 0, graphicsElementsPerCircle)
    _print("Reeving system total length=", total)
    lines = [{"type": "Line", "color": colorLines, "data": lineData}]
    if graphicsNodeSize != 0:
        lines += [{"type": "Circle", "color": colorLines, "position": [p[0], p[1], 0],
                   "radius": graphicsNodeSize} for p in points]
    return {"ancfPointsSlopes": points, "elementLengths": lengths,
            "elementCurvatures": curvatures, "totalLength": total, "circleData": pieces,
            "lineData": lineData, "graphicsDataLines": lines, "graphicsDataCircles": drawn}


def PointsAndSlopes2ANCFCable2D(mbs, ancfPointsSlopes, elementLengths, cableTemplate,
                                massProportionalLoad=[0, 0, 0],
                                fixedConstraintsNode0=[0, 0, 0, 0],
                                fixedConstraintsNode1=[0, 0, 0, 0], firstNodeIsLastNode=True,
                                elementCurvatures=[], graphicsSizeConstraints=-1):
    """ObjectANCFCable2D elements (copies of cableTemplate) between NodePoint2DSlope1 nodes at
    the given [x, y, slope x, slope y] (from CreateReevingCurve), as Exudyn 1.13's function:
    element i has length elementLengths[i] and, if elementCurvatures is given, that
    referenceCurvature; with firstNodeIsLastNode the last element ends on the first node (a
    closed loop, one node fewer). Loads as in GenerateStraightLineANCFCable2D; flagged
    coordinates of the first (fixedConstraintsNode0) and the last node (fixedConstraintsNode1,
    which must be all 0 for a closed loop) get CoordinateConstraints to a ground node at the
    origin, drawn with size graphicsSizeConstraints.

    Returns [cableNodeList, cableObjectList, loadList, cableNodePositionList (x, y, 0 per node,
    flat), cableCoordinateConstraintList]."""
    fname = "PointsAndSlopes2ANCFCable2D"
    nElements = len(ancfPointsSlopes) - 1
    if nElements < 1:
        raise ValueError(f"{fname}: ancfPointsSlopes needs at least 2 nodes, got "
                         f"{len(ancfPointsSlopes)}")
    if len(elementLengths) < nElements:
        raise ValueError(f"{fname}: elementLengths has {len(elementLengths)} entries for "
                         f"{nElements} elements")
    if 0 < len(elementCurvatures) < nElements:
        raise ValueError(f"{fname}: elementCurvatures has {len(elementCurvatures)} entries "
                         f"for {nElements} elements")
    for name, flags in (("fixedConstraintsNode0", fixedConstraintsNode0),
                        ("fixedConstraintsNode1", fixedConstraintsNode1)):
        if len(flags) != 4:
            raise ValueError(f"{fname}: {name} must have 4 flags (x, y, slope x, slope y), "
                             f"got {list(flags)!r}")
    if firstNodeIsLastNode and any(f != 0 for f in fixedConstraintsNode1):
        raise ValueError(f"{fname}: fixedConstraintsNode1 must be [0,0,0,0] if "
                         "firstNodeIsLastNode=True (the last node is the first node)")
    template = dict(cableTemplate)
    template.pop("objectType", None)

    def node_at(ps):
        return mbs.AddNode(_items.NodePoint2DSlope1(referenceCoordinates=list(ps)))
    nodes, objects, loads, positions, constraints = [node_at(ancfPointsSlopes[0])], [], [], [], []
    positions += [ancfPointsSlopes[0][0], ancfPointsSlopes[0][1], 0]
    for i in range(nElements):
        closing = firstNodeIsLastNode and i == nElements - 1
        nodes.append(nodes[0] if closing else node_at(ancfPointsSlopes[i + 1]))
        positions += [ancfPointsSlopes[i + 1][0], ancfPointsSlopes[i + 1][1], 0]
        template["length"] = elementLengths[i]
        if len(elementCurvatures):
            template["referenceCurvature"] = elementCurvatures[i]
        template["nodeNumbers"] = [nodes[i], nodes[i + 1]]
        objects.append(mbs.AddObject(_items.ObjectANCFCable2D(**template)))
        if np.linalg.norm(massProportionalLoad) != 0:
            mk = mbs.AddMarker(_items.MarkerBodyMass(bodyNumber=objects[-1]))
            loads.append(mbs.AddLoad(_items.LoadMassProportional(
                markerNumber=mk, loadVector=list(massProportionalLoad))))
    if any(f != 0 for f in list(fixedConstraintsNode0) + list(fixedConstraintsNode1)):
        ground = mbs.AddNode(_items.NodePointGround(referenceCoordinates=[0, 0, 0]))
        mg = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=ground, coordinate=0))
        for flags, node in ((fixedConstraintsNode0, nodes[0]), (fixedConstraintsNode1, nodes[-1])):
            for j, f in enumerate(flags):
                if f != 0:
                    mc = mbs.AddMarker(_items.MarkerNodeCoordinate(nodeNumber=node, coordinate=j))
                    constraints.append(mbs.AddObject(_items.ObjectConnectorCoordinate(
                        markerNumbers=[mg, mc], visualization=_items.VObjectConnectorCoordinate(
                            drawSize=graphicsSizeConstraints))))
    return [nodes, objects, loads, positions, constraints]


def _print(*args):
    from . import Print
    Print(*args)

