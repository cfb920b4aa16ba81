"""mbs.DrawSystemGraph: the items and the references between them as a networkx graph."""
import sys

import pytest

import coordyn as cd

nx = pytest.importorskip("networkx")


def pendulum():
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=1, gravity=[0, -9.81, 0])
    mbs.CreateDistanceConstraint(bodyNumbers=[g, b], distance=1)
    mbs.AddSensor(cd.SensorBody(bodyNumber=b, outputVariableType=cd.OutputVariableType.Position))
    return mbs


def test_graph_has_every_item_and_each_reference_as_an_edge():
    mbs = pendulum()
    _, G, labels = mbs.DrawSystemGraph(showGraph=False)
    assert labels is None
    # ground (object 0), mass point (object 1, node 0), the gravity load on the mass marker
    # (marker 0), the distance constraint (object 2) between markers 1 and 2, one sensor
    assert sorted(G.nodes) == sorted(["Node0", "Object0", "Object1", "Oconnector2", "Marker0",
                                      "Marker1", "Marker2", "Load0", "Sensor0"])
    expected = {("Marker0", "Object1"), ("Marker1", "Object0"), ("Marker2", "Object1"),
                ("Node0", "Object1"), ("Marker1", "Oconnector2"), ("Marker2", "Oconnector2"),
                ("Load0", "Marker0"), ("Sensor0", "Object1")}
    assert {tuple(sorted(e)) for e in G.edges} == {tuple(sorted(e)) for e in expected}


def test_options_leave_out_loads_and_sensors_and_name_items():
    mbs = pendulum()
    _, G, _ = mbs.DrawSystemGraph(showLoads=False, showSensors=False, showGraph=False)
    assert "Load0" not in G and "Sensor0" not in G and G.number_of_nodes() == 7
    mbs.SetObjectParameter(1, "name", "bob")
    _, G, _ = mbs.DrawSystemGraph(useItemNames=True, showGraph=False, addItemData=True)
    assert "bob" in G and "node0" in G and "marker2" in G
    assert G.nodes["bob"] == {"type": "ObjectMassPoint", "basicType": "Object", "ID": 1,
                              "name": "bob"}
    _, G, _ = mbs.DrawSystemGraph(useItemTypes=True, showGraph=False, addAnnotations=True)
    assert "Object-\nMassPoint1" not in G and "ObjectMassPoint1" in G   # no breaks undrawn
    assert G.nodes["ObjectMassPoint1"]["annotations"]["mass"] == 1.0


def test_drawing_returns_label_artists():
    import matplotlib
    matplotlib.use("Agg")
    mbs = pendulum()
    _, G, drawn = mbs.DrawSystemGraph(useItemTypes=True)
    assert set(drawn) == set(G.nodes) and "Object-\nMassPoint1" in drawn


def test_duplicate_names_are_an_error():
    mbs = pendulum()
    mbs.SetObjectParameter(0, "name", "x")
    mbs.SetObjectParameter(1, "name", "x")
    with pytest.raises(ValueError, match=r"share a label.*'x' \(Object 0, Object 1\)"):
        mbs.DrawSystemGraph(useItemNames=True, showGraph=False)


def test_without_networkx_the_error_names_the_package(monkeypatch):
    monkeypatch.setitem(sys.modules, "networkx", None)
    with pytest.raises(ImportError, match="pip install networkx"):
        pendulum().DrawSystemGraph(showGraph=False)
