

def test_nodes_without_a_position_are_not_drawn():
    """a NodeGenericData (a sliding joint's or contact's data) has no position: the scene
    draws the other nodes and leaves it out instead of stopping"""
    import coordyn as cd
    from coordyn.viewer.scene import build_scene
    mbs = cd.SystemContainer().AddSystem()
    mbs.CreateMassPoint(referencePosition=[1, 2, 3], mass=1)
    mbs.AddNode(cd.NodeGenericData(initialCoordinates=[0, 0], numberOfDataCoordinates=2))
    mbs.Assemble()
    vs = cd.VisualizationSettings()
    vs.nodes.show = True
    scene = build_scene(mbs, None, visualizationSettings=vs)
    names = [p.name for p in scene.parts if p.group == "nodes"]
    assert names == ["Node 0 (Point)"]
