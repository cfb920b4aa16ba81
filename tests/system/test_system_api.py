"""MainSystem's system API against Exudyn 1.13: item parameters, defaults, numbers by name,
Reset, systemIsConsistent, the Assemble steps, and the names Exudyn has that coordyn
deliberately does not provide (each raises an error saying so)."""
import numpy as np
import pytest

import coordyn as cd
from system_models import chain, pendulum, same_value, settings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# defaults that differ from Exudyn's on purpose (docs/differences_from_exudyn.rst): sensors
# store their data by default; empty matrices are None; an Euler-parameter node's reference
# orientation is the identity (Exudyn: zeros, not a rotation)
KNOWN_DEFAULT_DIFFERENCES = {("Sensor", "storeInternal"), ("Object", "systemMatrix"),
                             ("Object", "massMatrix"), ("Object", "stiffnessMatrix"),
                             ("Object", "dampingMatrix"), ("Object", "objectType"),
                             ("Node", "referenceCoordinates")}


# Exudyn 1.13.6 reports these defaults wrongly: the rotation marker's markerType is
# 'BodiesRelativeTranslationCoordinate' in GetMarkerDefaults (its item class says
# 'BodiesRelativeRotationCoordinate', as coordyn)
EXUDYN_DEFAULT_SLIPS = {("MarkerBodiesRelativeRotationCoordinate", "markerType")}

# frames that are "not given" by default: coordyn reports None (an empty matrix) where Exudyn
# 1.13.6 reports the identity; both mean the unturned frame (tests/rigid/test_local_ht.py,
# test_ground_frame.py), and coordyn needs "not given" to check localHT against localPosition
NOT_GIVEN_FRAMES = {("ObjectGround", "referenceRotation"), ("ObjectGround", "referenceHT"),
                    ("MarkerBodyRigid", "localHT"), ("MarkerNodeRigid", "localHT")}


def _empty(x):
    """an empty value; Exudyn's empty Vector3DList (ReevingSystemSprings' sheavesAxes) has a
    length but fails in NumPy's size"""
    try:
        return len(x) == 0
    except TypeError:
        return np.size(x) == 0


def test_defaults_match_exudyn():
    exu = pytest.importorskip("exudyn")
    mbs = cd.SystemContainer().AddSystem()
    ref = exu.SystemContainer().AddSystem()
    ours, theirs = mbs.GetAvailableFactoryItems(), ref.GetAvailableFactoryItems()
    compared = 0
    for kind in theirs:
        for full in theirs[kind]:
            if full not in ours[kind]:
                continue
            short = full[len(kind):] if full.startswith(kind) else full
            de = getattr(ref, f"Get{kind}Defaults")(short)
            dc = getattr(mbs, f"Get{kind}Defaults")(short)
            assert dc[f"{kind[0].lower()}{kind[1:]}Type"] == short or kind == "Object"
            for k in de:
                if dc.get(k, 0) is None and _empty(de[k]):
                    continue           # an empty matrix: None in coordyn (see above)
                if (full, k) in EXUDYN_DEFAULT_SLIPS:
                    continue
                if (full, k) in NOT_GIVEN_FRAMES:
                    assert dc[k] is None and np.allclose(de[k], np.eye(len(de[k])))
                    continue
                if k in dc and not k.startswith("V") and (kind, k) not in \
                        KNOWN_DEFAULT_DIFFERENCES and not callable(de[k]):
                    assert same_value(dc[k], de[k]), (full, k, dc[k], de[k])
                    compared += 1
    assert compared > 200


def test_defaults_format_and_errors():
    mbs = cd.SystemContainer().AddSystem()
    d = mbs.GetObjectDefaults("MassPoint")
    assert d == {"objectType": "MassPoint", "name": "", "mass": 0.0, "nodeNumber": -1,
                 "Vshow": True}
    assert mbs.GetNodeDefaults("NodePoint") == mbs.GetNodeDefaults("Point")
    assert mbs.GetMarkerDefaults("NodePosition")["nodeNumber"] == -1
    assert mbs.GetLoadDefaults("ForceVector")["bodyFixed"] is False
    assert mbs.GetSensorDefaults("Node")["outputVariableType"] == cd.OutputVariableType._None
    with pytest.raises(ValueError, match=r"GetNodeDefaults: unknown node type 'Bla' \(known: "
                                         r".*Point.*\)"):
        mbs.GetNodeDefaults("Bla")
    with pytest.raises(ValueError, match="unknown object type 'NodePoint'"):
        mbs.GetObjectDefaults("NodePoint")


@pytest.mark.parametrize("kind,number,parameter,value", [
    ("Node", 1, "referenceCoordinates", [1.5, 0, 0]),
    ("Object", 3, "stiffness", 75.0),
    ("Marker", 3, "localPosition", [0.1, 0, 0]),
    ("Load", 0, "loadVector", [0, -2, 0]),
    ("Sensor", 2, "outputVariableType", "Distance"),
])
def test_get_and_set_parameter_like_exudyn(kind, number, parameter, value):
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    got = []
    for mod, ns in ((cd, cd), (exu, ii)):
        SC, mbs = chain(mod, ns)
        v = getattr(mod.OutputVariableType, value) if isinstance(value, str) else value
        getattr(mbs, f"Set{kind}Parameter")(number, parameter, v)
        got.append(getattr(mbs, f"Get{kind}Parameter")(number, parameter))
        got.append(getattr(mbs, f"Get{kind}Parameter")(number, "name"))
        mbs.Assemble()
        mbs.SolveDynamic(settings(mod, 0, 0.2, 20))
        got.append(mbs.systemData.GetODE2Coordinates())
    ours, theirs = got[:3], got[3:]
    assert same_value(ours[0], theirs[0]) and ours[1] == theirs[1]
    assert np.allclose(ours[2], theirs[2], rtol=1e-6, atol=1e-9)


def test_parameter_errors_name_item_and_parameter():
    SC, mbs = chain(cd, cd)
    with pytest.raises(ValueError, match=r"GetNodeParameter: node 1 \(NodePoint\) has no "
                                         r"parameter 'bla' \(it has: name, referenceCoordinates"):
        mbs.GetNodeParameter(1, "bla")
    with pytest.raises(ValueError, match=r"SetLoadParameter: load 0 \(LoadForceVector\) has no "
                                         r"parameter 'force'"):
        mbs.SetLoadParameter(0, "force", [1, 0, 0])
    with pytest.raises(ValueError, match="SetObjectParameter: the type of object 0 cannot be "
                                         "changed"):
        mbs.SetObjectParameter(0, "objectType", "MassPoint2D")
    with pytest.raises(IndexError, match=r"GetSensorParameter: sensor number 5 does not exist"):
        mbs.GetSensorParameter(5, "name")
    with pytest.raises(ValueError, match="ObjectMassPoint 0.*mass"):
        mbs.SetObjectParameter(0, "mass", -1.0)
    # visualization parameters: the V prefix
    mbs.SetNodeParameter(1, "Vshow", False)
    assert mbs.GetNodeParameter(1, "Vshow") is False


def test_numbers_by_name():
    SC, mbs = chain(cd, cd)
    assert mbs.GetNodeNumber("n1") == 2 and isinstance(mbs.GetNodeNumber("n1"), cd.NodeIndex)
    assert mbs.GetObjectNumber("sp1") == 3
    assert isinstance(mbs.GetMarkerNumber("mkb"), cd.MarkerIndex)
    assert mbs.GetLoadNumber("f1") == 0 and mbs.GetSensorNumber("s_load") == 4
    SC, p = pendulum(cd, cd)   # unnamed items: Exudyn's names 'marker1', ...
    assert p.GetMarkerNumber("marker1") == 1 and p.GetLoadNumber("load1") == 1
    with pytest.raises(ValueError, match=r"GetNodeNumber: there is no node named 'xx' \(named "
                                         r"nodes: 'g', 'n0', 'n1'\)"):
        mbs.GetNodeNumber("xx")
    with pytest.raises(ValueError, match="there is no object named 'object0'"):
        mbs.GetObjectNumber("object0")           # object 0 is named 'm0'
    with pytest.raises(TypeError, match="GetSensorNumber: expected the sensor's name"):
        mbs.GetSensorNumber(3)


def test_reset_consistency_and_container():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    assert mbs.GetSystemContainer() is SC
    SC2, mbs = pendulum(cd, cd)
    mbs.variables["a"] = 1
    assert not mbs.systemIsConsistent
    mbs.AssembleCoordinates()
    assert mbs.systemIsConsistent
    mbs.SetObjectParameter(0, "mass", 2.0)
    assert not mbs.systemIsConsistent
    for step in ("AssembleLTGLists", "AssembleInitializeSystemCoordinates",
                 "AssembleSystemInitialize"):
        mbs.SetObjectParameter(0, "mass", 1.0)
        getattr(mbs, step)()
        assert mbs.systemIsConsistent
    mbs.Reset()
    assert (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(),
            mbs.NumberOfLoads(), mbs.NumberOfSensors()) == (0, 0, 0, 0, 0)
    assert not mbs.systemIsConsistent and mbs.variables == {"a": 1}
    assert mbs.GetSystemContainer() is SC2 and SC2.GetSystem(0) is mbs
    # the emptied system is built again and solves as a fresh one
    SC3, fresh = pendulum(cd, cd)
    for m in (mbs, fresh):
        if m is mbs:
            _, built = pendulum(cd, cd)
            m.SetDictionary(built.GetDictionary())
        m.Assemble()
        m.SolveDynamic(settings(cd, 0, 0.1, 10))
    assert np.array_equal(mbs.systemData.GetODE2Coordinates(),
                          fresh.systemData.GetODE2Coordinates())


def test_set_dictionary_bad_input():
    mbs = cd.SystemContainer().AddSystem()
    with pytest.raises(ValueError, match=r"SetDictionary: expected a dict as "
                                         r"mbs.GetDictionary\(\) returns"):
        mbs.SetDictionary([1, 2])
    d = {"nodeList": [], "objectList": [{"objectType": "MassPoint", "mass": 1, "nodeNumber": 0}]}
    with pytest.raises(ValueError, match="SetDictionary: object 0 refers to items that cannot "
                                         "be added before it"):
        mbs.SetDictionary(d)


def test_dictionary_layout():
    SC, mbs = chain(cd, cd)
    d = mbs.GetDictionary()
    assert {"nodeList", "objectList", "markerList", "loadList", "sensorList", "variables",
            "systemVariables", "userFunctions", "systemData", "__version__"} <= set(d)
    assert d["objectList"][3]["markerNumbers"] == [0, 1]
    assert type(d["objectList"][3]["markerNumbers"][0]) is int
    assert d["systemData"] == {"assembled": False}


def test_exudyn_names_not_provided_raise_saying_so():
    SC, mbs = chain(cd, cd)
    with pytest.raises(NotImplementedError, match=r"ComputeItem: coordyn computes items for an "
                                                  r"ObjectIndex only, got MarkerIndex\(0\)"):
        mbs.ComputeItem(cd.MarkerIndex(0))
    with pytest.raises(cd.SolverError, match="ComputeItem: the system is not assembled"):
        mbs.ComputeItem(cd.ObjectIndex(0), "MassMatrix")
    mbs.Assemble()
    with pytest.raises(NotImplementedError, match=r"ComputeItem: 'ConstraintJacobian' is not "
                                                  r"provided for object 3 \(ObjectConnector"
                                                  r"SpringDamper\) by coordyn; what applies: "
                                                  r"\['JacobianODE2', 'JacobianODE2_t'\]"):
        mbs.ComputeItem(cd.ObjectIndex(3), "ConstraintJacobian")
    with pytest.raises(NotImplementedError, match=r"Inspect: 'RequestedNodeTypes' is not "
                                                  r"provided by coordyn \(only "
                                                  r"'OutputVariables'\)"):
        mbs.Inspect(cd.ObjectIndex(0), "RequestedNodeTypes")
    with pytest.raises(TypeError, match="Inspect: expected a typed item index"):
        mbs.Inspect(0)
    with pytest.raises(NotImplementedError, match="GeneralContact comes with the contact items"):
        mbs.AddGeneralContact()
    with pytest.raises(NotImplementedError, match="super elements come in a later issue"):
        mbs.GetObjectOutputSuperElement(0, cd.OutputVariableType.Position, 0)
    assert mbs.NumberOfGeneralContacts() == 0
    assert mbs.GetRenderEngineStopFlag() is False
    mbs.SetRenderEngineStopFlag(True)
    assert mbs.GetRenderEngineStopFlag() is True


def test_compute_item_against_exudyn():
    """the spring's and the constraint's local Jacobians as Exudyn's ComputeItem gives them, at
    the same state; the mass matrix of a mass point is m I"""
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    q, v = [0.1, 0.05, 0, 0.2, -0.1, 0.0], [0.3, 0, 0, 0, -0.2, 0.0]
    got = []
    for mod, ns in ((cd, cd), (exu, ii)):
        SC, mbs = pendulum(mod, ns)
        mbs.Assemble()
        mbs.systemData.SetODE2Coordinates(q)
        mbs.systemData.SetODE2Coordinates_t(v)
        mbs.systemData.SetAECoordinates([2.0])
        W = getattr(mod, "ComputeItemType", None)
        names = ("JacobianODE2", "JacobianODE2_t")
        got.append([np.array(mbs.ComputeItem(mod.ObjectIndex(3), getattr(W, n) if W else n))
                    for n in names] +
                   [np.array(mbs.ComputeItem(mod.ObjectIndex(2),
                                             W.ConstraintJacobian if W else "ConstraintJacobian"))])
        if mod is cd:
            assert mbs.ComputeItem(cd.ObjectIndex(3)) == ["JacobianODE2", "JacobianODE2_t"]
            assert mbs.ComputeItem(cd.ObjectIndex(2)) == ["JacobianODE2", "JacobianODE2_t",
                                                          "ConstraintJacobian"]
            assert np.array_equal(mbs.ComputeItem(cd.ObjectIndex(1), "MassMatrix"),
                                  0.5 * np.eye(3))
    for a, b in zip(*got):
        assert a.shape == b.shape and np.allclose(a, b, rtol=1e-10, atol=1e-12)


def test_inspect_output_variables():
    """Inspect's output variables are those the item answers in GetObjectOutput and friends"""
    SC, mbs = chain(cd, cd)
    mbs.Assemble()
    OV = cd.OutputVariableType
    got = mbs.Inspect(cd.ObjectIndex(0))
    assert got == {"OutputVariables": [OV.Position, OV.Displacement, OV.Velocity,
                                       OV.Acceleration, OV.Rotation, OV.RotationMatrix,
                                       OV.AngularVelocity, OV.AngularVelocityLocal,
                                       OV.HomogeneousTransformation]}
    for index, read in ((cd.ObjectIndex(3), mbs.GetObjectOutput),
                        (cd.NodeIndex(1), mbs.GetNodeOutput),
                        (cd.MarkerIndex(0), mbs.GetMarkerOutput)):
        listed = mbs.Inspect(index, "OutputVariables")
        assert listed
        for v in listed:
            read(int(index), v)                       # each one is answered
        missing = [v for v in OV if v not in listed and v != OV._None]
        with pytest.raises(ValueError):
            read(int(index), missing[0])
    exu = pytest.importorskip("exudyn")
    assert mbs.Inspect(cd.ObjectIndex(0), exu.InspectType.OutputVariables)[0] == OV.Position


def test_every_exudyn_system_name_exists():
    """the public names of Exudyn's MainSystem and SystemData exist in coordyn, except those
    other parts of issue 13 provide (Create*, the system user functions, DrawSystemGraph)"""
    exu = pytest.importorskip("exudyn")
    ref = exu.SystemContainer().AddSystem()
    mbs = cd.SystemContainer().AddSystem()
    others = ("Create", "DrawSystemGraph")

    def public(o):
        return {n for n in dir(o) if not n.startswith("_")}
    missing = [n for n in public(ref) - public(mbs)
               if not n.startswith(others) and "UserFunction" not in n]
    assert missing == []
    assert sorted(public(ref.systemData) - public(mbs.systemData)) == []


def test_set_dictionary_from_exudyn_dictionary():
    """a dict from Exudyn's mbs.GetDictionary() builds the same model in coordyn (Exudyn's
    OutputVariableType members matched by name) and it moves as Exudyn's does"""
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    SC, ref = chain(exu, ii)
    mbs = cd.SystemContainer().AddSystem()
    mbs.SetDictionary(ref.GetDictionary())
    assert mbs.GetSensor(1)["outputVariableType"] == cd.OutputVariableType.Position
    assert mbs.GetSensor(2)["outputVariableType"] == cd.OutputVariableType.Force
    assert mbs.GetObject(3)["stiffness"] == 50.0 and mbs.GetObject(3)["name"] == "sp1"
    for m, mod in ((mbs, cd), (ref, exu)):
        m.Assemble()
        m.SolveDynamic(settings(mod, 0, 0.5, 50))
    assert np.allclose(mbs.systemData.GetODE2Coordinates(), ref.systemData.GetODE2Coordinates(),
                       rtol=1e-8, atol=1e-9)
    for s in range(5):
        assert np.allclose(mbs.GetSensorStoredData(s), ref.GetSensorStoredData(s), rtol=1e-8,
                           atol=1e-9)


def test_parameters_by_their_other_names():
    """Exudyn's parameter names that coordyn keeps as another name of a parameter
    (ObjectANCFCable2D's physicsLength is coordyn's length) work in Get/SetObjectParameter"""
    mbs = cd.SystemContainer().AddSystem()
    n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
    n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[2, 0, 1, 0]))
    o = mbs.AddObject(cd.ObjectANCFCable2D(physicsLength=2, physicsMassPerLength=1,
                                           physicsBendingStiffness=1, physicsAxialStiffness=1,
                                           nodeNumbers=[n0, n1]))
    assert mbs.GetObjectParameter(o, "physicsLength") == mbs.GetObjectParameter(o, "length") == 2
    mbs.SetObjectParameter(o, "physicsMassPerLength", 3.0)
    assert mbs.GetObjectParameter(o, "massPerLength") == 3.0
    with pytest.raises(ValueError, match="has no parameter 'physicsWidth'"):
        mbs.GetObjectParameter(o, "physicsWidth")


@pytest.mark.parametrize("name,reason", [
    ("CreateSphereSphereContact", "contact items"), ("CreateSphereTriangleContact", "contact items"),
    ("CreateSphereQuadContact", "contact items"), ("CreateDistanceSensor", "GeneralContact"),
    ("CreateDistanceSensorGeometry", "GeneralContact"),
    ("CreateFFRFReducedOrderObject", r"floating-frame \(FFRF\) bodies")])
def test_create_functions_of_later_items_say_so(name, reason):
    """Exudyn's Create functions whose items coordyn does not have yet: an error that names the
    function and what is missing (no AttributeError, no silent no-op)"""
    mbs = cd.SystemContainer().AddSystem()
    with pytest.raises(NotImplementedError, match=rf"mbs\.{name} is not provided by coordyn "
                                                  rf"yet: .*{reason}"):
        getattr(mbs, name)(itemNumbers=[0, 1])


def test_every_main_system_and_container_name_of_exudyn_exists():
    """every public name of Exudyn 1.13.6's MainSystem and SystemContainer resolves on coordyn's
    (as a working function, or one that raises NotImplementedError with the reason)"""
    exu = pytest.importorskip("exudyn")
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    for cls, obj in ((exu.MainSystem, mbs), (exu.SystemContainer, SC)):
        missing = [n for n in dir(cls) if not n.startswith("_") and not hasattr(obj, n)]
        assert missing == [], (cls.__name__, missing)


def test_container_render_state_is_the_renderers():
    """SC.GetRenderState/SetRenderState (Exudyn's older names) are SC.renderer's"""
    SC = cd.SystemContainer()
    st = SC.GetRenderState()
    st["zoom"] = 2.5
    SC.SetRenderState(st)
    assert SC.renderer.GetState()["zoom"] == 2.5
    assert SC.SendRedrawSignal() is None
