"""Helpers for beams and cables, as in Exudyn's ``exudyn.beams``.

So far: ``GenerateStraightLineANCFCable2D`` and ``GenerateStraightLineANCFCable``, which build
a straight line of ObjectANCFCable2D (ObjectANCFCable) elements with the same items, in the same
order, as Exudyn 1.13's functions of those names (so item numbers agree between the two)."""
import numpy as np

from . import items as _items

__all__ = ["GenerateStraightLineANCFCable2D", "GenerateStraightLineANCFCable"]


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
    cableCoordinateConstraintList]."""
    return _generate(3, "GenerateStraightLineANCFCable", mbs, positionOfNode0, positionOfNode1,
                     numberOfElements, cableTemplate, massProportionalLoad,
                     fixedConstraintsNode0, fixedConstraintsNode1, nodeNumber0, nodeNumber1)


def _generate(dim, fname, mbs, positionOfNode0, positionOfNode1, numberOfElements, cableTemplate,
              massProportionalLoad, fixedConstraintsNode0, fixedConstraintsNode1, nodeNumber0,
              nodeNumber1):
    nc = 2 * dim
    node_type = _items.NodePoint2DSlope1 if dim == 2 else _items.NodePointSlope1
    element_type = _items.ObjectANCFCable2D if dim == 2 else _items.ObjectANCFCable
    p0 = np.asarray(positionOfNode0, dtype=float)
    p1 = np.asarray(positionOfNode1, dtype=float)
    if p0.shape != (3,) or p1.shape != (3,):
        raise ValueError(f"{fname}: positionOfNode0 and positionOfNode1 "
                         "must be 3D positions")
    if dim == 2 and (p0[2] != 0 or p1[2] != 0):
        raise ValueError(f"{fname}: positionOfNode0 and positionOfNode1 "
                         "must have zero z components")
    if numberOfElements <= 0 or numberOfElements != int(numberOfElements):
        raise ValueError(f"{fname}: numberOfElements must be a positive "
                         f"integer, got {numberOfElements!r}")
    numberOfElements = int(numberOfElements)
    for name, fix in (("fixedConstraintsNode0", fixedConstraintsNode0),
                      ("fixedConstraintsNode1", fixedConstraintsNode1)):
        if fix is not None and len(fix) != nc:
            raise ValueError(f"{fname}: {name} must have {nc} entries (the node's "
                             f"coordinates), got {len(fix)}")
    d = p1 - p0
    total = float(np.linalg.norm(d))
    if total == 0:
        raise ValueError(f"{fname}: positionOfNode0 and positionOfNode1 "
                         "coincide")
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
