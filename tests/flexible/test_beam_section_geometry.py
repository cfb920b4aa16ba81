"""BeamSectionGeometry (Exudyn's exu.BeamSectionGeometry): its fields and defaults as in Exudyn
1.13.6, their checks, and a beam that carries it in its visualization: the mechanics of the beam
do not depend on it."""
import numpy as np
import pytest

import coordyn as cd


def test_fields_and_defaults():
    g = cd.BeamSectionGeometry()
    assert g.crossSectionType == cd.CrossSectionType.Polygon
    assert g.crossSectionRadiusY == 0 and g.crossSectionRadiusZ == 0
    assert isinstance(g.polygonalPoints, cd.Vector2DList) and len(g.polygonalPoints) == 0
    lp = cd.Vector2DList()
    for p in ([0.1, -0.05], [0.1, 0.05], [-0.1, 0.05]):
        lp.Append(p)
    g.polygonalPoints = lp
    g.crossSectionType = cd.CrossSectionType.Circular
    g.crossSectionRadiusY = 0.2
    d = g.GetDictionary()
    assert d["polygonalPoints"] == [[0.1, -0.05], [0.1, 0.05], [-0.1, 0.05]]
    h = cd.BeamSectionGeometry()
    h.SetDictionary(d)
    assert h.GetDictionary() == d and repr(h) == repr(g)


def test_bad_values_name_the_field():
    g = cd.BeamSectionGeometry()
    with pytest.raises(ValueError, match=r"BeamSectionGeometry.crossSectionRadiusY must be "
                                         r"finite and >= 0, got -1.0"):
        g.crossSectionRadiusY = -1
    with pytest.raises(TypeError, match="BeamSectionGeometry.crossSectionType must be a "
                                        "CrossSectionType"):
        g.crossSectionType = 3
    with pytest.raises(ValueError, match="BeamSectionGeometry.polygonalPoints must be a "
                                         "Vector2DList"):
        g.polygonalPoints = [[1, 2, 3]]
    with pytest.raises(AttributeError):
        g.radius = 1.0
    with pytest.raises(KeyError, match="unknown keys \\['radius'\\]"):
        g.SetDictionary({"radius": 1})


def test_same_fields_as_exudyn():
    exu = pytest.importorskip("exudyn")
    e, c = exu.BeamSectionGeometry(), cd.BeamSectionGeometry()
    for name in ("crossSectionRadiusY", "crossSectionRadiusZ"):
        assert getattr(c, name) == getattr(e, name)
    assert c.crossSectionType.name == e.crossSectionType.name
    assert {n for n in dir(e) if not n.startswith("_")} == \
        {n for n in dir(c) if not n.startswith("_")}


def cantilever(geometry):
    """a 2-element 3D beam clamped at x = 0 with a tip force: the static tip deflection"""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    EI, L, F = 2.0, 1.0, 1e-3
    sec = cd.BeamSection(stiffnessMatrix=np.diag([1e4, 1e4, 1e4, 1.0, EI, EI]),
                         inertia=np.eye(3) * 1e-3, massPerLength=1.0)
    nodes = [mbs.AddNode(cd.NodeRigidBodyRotVecLG(referenceCoordinates=[x, 0, 0, 0, 0, 0]))
             for x in (0, 0.5 * L, L)]
    kw = {} if geometry is None else {"visualization": cd.VObjectBeamGeometricallyExact(
        sectionGeometry=geometry)}
    for i in range(2):
        mbs.AddObject(cd.ObjectBeamGeometricallyExact(nodeNumbers=nodes[i:i + 2],
                                                      length=0.5 * L, sectionData=sec, **kw))
    g = mbs.AddObject(cd.ObjectGround())
    mbs.AddObject(cd.GenericJoint(markerNumbers=[
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=g)),
        mbs.AddMarker(cd.MarkerNodeRigid(nodeNumber=nodes[0]))], constrainedAxes=[1] * 6))
    mbs.AddLoad(cd.Force(markerNumber=mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[2])),
                         loadVector=[0, F, 0]))
    mbs.Assemble()
    mbs.SolveStatic()
    # two linear elements with one-point integration: F L^3 / (3 EI) (1 - 1/(4 n^2)), n = 2,
    # plus the shear deflection F L / GA
    u_ref = F * L ** 3 / (3 * EI) * (1 - 1 / 16) + F * L / 1e4
    return mbs, mbs.GetNodeOutput(nodes[2], cd.OutputVariableType.Displacement)[1], u_ref


def test_beam_carries_the_geometry_and_its_mechanics_do_not_change():
    g = cd.BeamSectionGeometry()
    g.polygonalPoints = cd.Vector2DList([[0.01, -0.01], [0.01, 0.01], [-0.01, 0.01]])
    mbs, u, u_ref = cantilever(g)
    _, u0, _ = cantilever(None)
    assert u == u0
    assert u == pytest.approx(u_ref, rel=1e-6)
    assert mbs.GetObject(0)["VsectionGeometry"] is g
