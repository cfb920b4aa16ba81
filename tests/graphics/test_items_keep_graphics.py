"""Bodies and ground keep Exudyn's visualization parameters (graphicsDataList of the Create*
helpers, visualization=V...(graphicsData=[...]) of items, V* keys of dict items): the engine
never sees them, GetObject returns them as Exudyn does ('Vshow', 'VgraphicsData')."""
import numpy as np
import pytest

import coordyn as cd
from coordyn import graphics


def test_create_helpers_keep_graphics_data_list():
    mbs = cd.SystemContainer().AddSystem()
    brick = graphics.Brick(size=[1, 2, 3], color=graphics.color.red)
    ground = mbs.CreateGround(graphicsDataList=[graphics.CheckerBoard(), brick])
    d = mbs.GetObject(ground)
    assert d["Vshow"] is True and len(d["VgraphicsData"]) == 2
    assert d["VgraphicsData"][1] is brick
    body = mbs.CreateRigidBody(inertia=cd.InertiaCuboid(1000, [1, 2, 3]),
                               referencePosition=[1, 0, 0], graphicsDataList=[brick],
                               show=False)
    d = mbs.GetObject(body)
    assert d["Vshow"] is False and d["VgraphicsData"] == [brick]
    mp = mbs.CreateMassPoint(mass=1, graphicsDataList=[graphics.Sphere(radius=0.2)])
    assert mbs.GetObject(mp)["VgraphicsData"][0]["type"] == "Spheres"
    mbs.Assemble()  # the engine works as before
    mbs.SolveDynamic(cd.SimulationSettings())
    assert mbs.GetObject(body)["VgraphicsData"] == [brick]


def test_item_classes_and_dicts_keep_visualization():
    mbs = cd.SystemContainer().AddSystem()
    line = graphics.Lines([[0, 0, 0], [1, 0, 0]])
    g0 = mbs.AddObject(cd.ObjectGround(visualization=cd.VObjectGround(graphicsData=[line])))
    assert mbs.GetObject(g0)["VgraphicsData"] == [line] and mbs.GetObject(g0)["Vshow"]
    g1 = mbs.AddObject({"objectType": "Ground", "VgraphicsData": [line], "Vshow": False})
    assert mbs.GetObject(g1)["Vshow"] is False
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    m = mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n,
                                   visualization={"show": True, "graphicsData": [line]}))
    assert mbs.GetObject(m)["VgraphicsData"] == [line]
    plain = mbs.AddObject(cd.ObjectGround())
    assert "VgraphicsData" not in mbs.GetObject(plain)
    mbs.ModifyObject(plain, {"VgraphicsData": [line]})
    assert mbs.GetObject(plain)["VgraphicsData"] == [line]


def test_bad_graphics_data_list():
    mbs = cd.SystemContainer().AddSystem()
    with pytest.raises(TypeError, match="graphicsDataList"):
        mbs.CreateGround(graphicsDataList=[np.zeros(3)])
    with pytest.raises(TypeError, match="graphicsDataList"):
        mbs.CreateGround(graphicsDataList=graphics.Brick())
