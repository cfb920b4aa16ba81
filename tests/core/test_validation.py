"""Every invalid input the API accepts raises an exception that names the item, its index and
the parameter; nothing invalid is stored; solver failures say where and why.

Messages are matched with pytest.raises(..., match=...). ``_names(*parts)`` builds a regex that
requires every part (escaped, any order), so a test states *what* the message must name without
fixing its wording.
"""
import re

import numpy as np
import pytest

import coordyn as cd
from conftest import message_naming as _names

OV = cd.OutputVariableType
CT = cd.ConfigurationType


def _counts(mbs):
    return (mbs.NumberOfNodes(), mbs.NumberOfObjects(), mbs.NumberOfMarkers(),
            mbs.NumberOfLoads(), mbs.NumberOfSensors())


class Model:
    """A system with one item of most kinds, to attach invalid items to.

    nodes:   n3 NodePoint (0), n2 NodePoint2D (1), n1 Node1D (2), ng NodePointGround (3)
    objects: ground (0), mp MassPoint on n3 (1), m1d Mass1D on n1 (2), sd SpringDamper (3)
    markers: mg BodyPosition on ground (0), mp3 NodePosition n3 (1), mc3 NodeCoordinate n3/0 (2),
             mc2 NodeCoordinate n2/1 (3), mbm BodyMass on mp (4)
    loads:   force on mp3 (0)
    """

    def __init__(self):
        self.mbs = mbs = cd.SystemContainer().AddSystem()
        self.n3 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
        self.n2 = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1, 0]))
        self.n1 = mbs.AddNode(cd.Node1D(referenceCoordinates=[0]))
        self.ng = mbs.AddNode(cd.NodePointGround())
        self.ground = mbs.AddObject(cd.ObjectGround())
        self.mp = mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=self.n3))
        self.m1d = mbs.AddObject(cd.Mass1D(mass=1, nodeNumber=self.n1))
        self.mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=self.ground))
        self.mp3 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=self.n3))
        self.mc3 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=self.n3, coordinate=0))
        self.mc2 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=self.n2, coordinate=1))
        self.mbm = mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=self.mp))
        self.sd = mbs.AddObject(cd.SpringDamper(markerNumbers=[self.mg, self.mp3], stiffness=10,
                                                referenceLength=1))
        self.force = mbs.AddLoad(cd.Force(markerNumber=self.mp3, loadVector=[1, 0, 0]))


@pytest.fixture
def m():
    return Model()


def _add_fails(mbs, kind, item, exc, *parts):
    """adding item must raise exc naming all parts, and store nothing"""
    before = _counts(mbs)
    with pytest.raises(exc, match=_names(*parts)):
        getattr(mbs, "Add" + kind)(item)
    assert _counts(mbs) == before, "a failed Add must not store anything"


# ----------------------------------------------------------------------------- item kinds, dicts

@pytest.mark.parametrize("method, item, wanted_kind", [
    ("AddNode", lambda: cd.MassPoint(mass=1, nodeNumber=0), "node"),
    ("AddObject", lambda: cd.NodePoint(), "object"),
    ("AddMarker", lambda: cd.Force(), "marker"),
    ("AddLoad", lambda: cd.SensorNode(), "load"),
    ("AddSensor", lambda: cd.MarkerNodePosition(), "sensor"),
])
def test_wrong_item_kind(m, method, item, wanted_kind):
    it = item()
    before = _counts(m.mbs)
    with pytest.raises(TypeError, match=_names(method, type(it).__name__, wanted_kind)):
        getattr(m.mbs, method)(it)
    assert _counts(m.mbs) == before


@pytest.mark.parametrize("bad", [42, None, "MassPoint", [1, 2]])
def test_not_an_item(m, bad):
    with pytest.raises(TypeError, match=_names("AddObject", type(bad).__name__)):
        m.mbs.AddObject(bad)


def test_dict_without_type_key(m):
    _add_fails(m.mbs, "Object", {"mass": 1, "nodeNumber": 0}, TypeError, "objectType")
    _add_fails(m.mbs, "Node", {"referenceCoordinates": [0, 0, 0]}, TypeError, "nodeType")
    _add_fails(m.mbs, "Marker", {"nodeNumber": 0}, TypeError, "markerType")
    _add_fails(m.mbs, "Load", {"markerNumber": 0}, TypeError, "loadType")
    _add_fails(m.mbs, "Sensor", {"nodeNumber": 0}, TypeError, "sensorType")


def test_dict_unknown_type_name(m):
    _add_fails(m.mbs, "Object", {"objectType": "MassPointX", "mass": 1, "nodeNumber": 0},
               ValueError, "object", "MassPointX")
    # a valid type name of another kind is unknown for this kind
    _add_fails(m.mbs, "Object", {"objectType": "Point"}, ValueError, "object", "Point")


def test_dict_unknown_parameter(m):
    _add_fails(m.mbs, "Object", {"objectType": "MassPoint", "mas": 1, "nodeNumber": 0},
               ValueError, "ObjectMassPoint 4", "'mas'")


def test_unknown_keyword_in_item_class():
    with pytest.raises(TypeError, match=_names("ObjectMassPoint", "'mas'", "did you mean 'mass'")):
        cd.MassPoint(mas=1)
    with pytest.raises(TypeError, match=_names("ObjectMassPoint", "'physicsMas'",
                                               "did you mean 'physicsMass'")):
        cd.MassPoint(physicsMas=1)
    with pytest.raises(TypeError, match=_names("ObjectConnectorSpringDamper", "'stifness'",
                                               "did you mean 'stiffness'")):
        cd.SpringDamper(stifness=1)
    item = cd.MassPoint()
    with pytest.raises(AttributeError, match=_names("ObjectMassPoint", "'mas'")):
        item.mas = 1


def test_item_class_argument_errors():
    with pytest.raises(TypeError, match=_names("ObjectMassPoint", "'name'", "twice")):
        cd.MassPoint("a", name="b")
    with pytest.raises(TypeError, match=_names("ObjectMassPoint", "positional")):
        cd.MassPoint("a", 1, 0, 5)


# ----------------------------------------------------------------------------- numbers

def test_wrong_vector_length(m):
    _add_fails(m.mbs, "Node", cd.NodePoint(referenceCoordinates=[1, 2]), ValueError,
               "NodePoint 4", "'referenceCoordinates'", "length 3")
    _add_fails(m.mbs, "Node", cd.NodePoint2D(initialVelocities=[1, 2, 3]), ValueError,
               "NodePoint2D 4", "'initialVelocities'", "length 2")
    _add_fails(m.mbs, "Load", cd.Force(markerNumber=m.mp3, loadVector=[1, 0]), ValueError,
               "LoadForceVector 1", "'loadVector'", "length 3")
    _add_fails(m.mbs, "Object", cd.CartesianSpringDamper(markerNumbers=[m.mg, m.mp3],
                                                         stiffness=[1, 2]),
               ValueError, "ObjectConnectorCartesianSpringDamper 4", "'stiffness'", "length 3")
    _add_fails(m.mbs, "Object", cd.SpringDamper(markerNumbers=[m.mg, m.mp3, m.mp3]), ValueError,
               "ObjectConnectorSpringDamper 4", "'markerNumbers'", "length 2")


@pytest.mark.parametrize("kind, make, tname, param", [
    ("Node", lambda m, x: cd.NodePoint(referenceCoordinates=[1, x, 0]), "NodePoint 4",
     "referenceCoordinates"),
    ("Node", lambda m, x: cd.NodePoint(initialCoordinates=[x, 0, 0]), "NodePoint 4",
     "initialCoordinates"),
    ("Node", lambda m, x: cd.NodePoint2D(initialVelocities=[0, x]), "NodePoint2D 4",
     "initialVelocities"),
    ("Object", lambda m, x: cd.MassPoint(mass=x, nodeNumber=m.n3), "ObjectMassPoint 4", "mass"),
    ("Object", lambda m, x: cd.MassPoint(physicsMass=x, nodeNumber=m.n3), "ObjectMassPoint 4",
     "mass"),
    ("Object", lambda m, x: cd.SpringDamper(markerNumbers=[m.mg, m.mp3], stiffness=x),
     "ObjectConnectorSpringDamper 4", "stiffness"),
    ("Object", lambda m, x: cd.SpringDamper(markerNumbers=[m.mg, m.mp3], damping=x),
     "ObjectConnectorSpringDamper 4", "damping"),
    ("Object", lambda m, x: cd.DistanceConstraint(markerNumbers=[m.mg, m.mp3], distance=x),
     "ObjectConnectorDistance 4", "distance"),
    ("Object", lambda m, x: cd.ObjectGenericODE2(nodeNumbers=[m.n3],
                                                 stiffnessMatrix=np.diag([1.0, x, 1.0])),
     "ObjectGenericODE2 4", "stiffnessMatrix"),
    ("Load", lambda m, x: cd.Force(markerNumber=m.mp3, loadVector=[0, 0, x]), "LoadForceVector 1",
     "loadVector"),
    ("Load", lambda m, x: cd.LoadCoordinate(markerNumber=m.mc3, load=x), "LoadCoordinate 1",
     "load"),
])
@pytest.mark.parametrize("value", [np.nan, np.inf, -np.inf])
def test_non_finite_values(m, kind, make, tname, param, value):
    _add_fails(m.mbs, kind, make(m, value), ValueError, tname, f"'{param}'", "finite")


def test_negative_mass(m):
    _add_fails(m.mbs, "Object", cd.MassPoint(mass=-1, nodeNumber=m.n3), ValueError,
               "ObjectMassPoint 4", "'mass'", ">= 0")
    _add_fails(m.mbs, "Object", cd.Mass1D(physicsMass=-0.5, nodeNumber=m.n1), ValueError,
               "ObjectMass1D 4", "'mass'", ">= 0")


# ----------------------------------------------------------------------------- indices

@pytest.mark.parametrize("kind, make, tname, param, ref", [
    ("Object", lambda i: cd.MassPoint(mass=1, nodeNumber=i), "ObjectMassPoint 4", "nodeNumber",
     "node"),
    ("Object", lambda i: cd.ObjectGenericODE2(nodeNumbers=[0, i]), "ObjectGenericODE2 4",
     "nodeNumbers", "node"),
    ("Marker", lambda i: cd.MarkerNodePosition(nodeNumber=i), "MarkerNodePosition 5",
     "nodeNumber", "node"),
    ("Marker", lambda i: cd.MarkerBodyPosition(bodyNumber=i), "MarkerBodyPosition 5",
     "bodyNumber", "object"),
    ("Object", lambda i: cd.SpringDamper(markerNumbers=[0, i]), "ObjectConnectorSpringDamper 4",
     "markerNumbers", "marker"),
    ("Load", lambda i: cd.Force(markerNumber=i), "LoadForceVector 1", "markerNumber", "marker"),
    ("Sensor", lambda i: cd.SensorNode(nodeNumber=i, outputVariableType=OV.Position),
     "SensorNode 0", "nodeNumber", "node"),
    ("Sensor", lambda i: cd.SensorObject(objectNumber=i, outputVariableType=OV.Position),
     "SensorObject 0", "objectNumber", "object"),
    ("Sensor", lambda i: cd.SensorLoad(loadNumber=i), "SensorLoad 0", "loadNumber", "load"),
    ("Sensor", lambda i: cd.SensorMarker(markerNumber=i, outputVariableType=OV.Position),
     "SensorMarker 0", "markerNumber", "marker"),
])
def test_unknown_index(m, kind, make, tname, param, ref):
    count = {"node": m.mbs.NumberOfNodes(), "object": m.mbs.NumberOfObjects(),
             "marker": m.mbs.NumberOfMarkers(), "load": m.mbs.NumberOfLoads()}[ref]
    for bad in (count, count + 7):  # index == count is the first that does not exist
        _add_fails(m.mbs, kind, make(bad), ValueError, tname, f"'{param}'", f"{ref} {bad}")


def test_index_not_set(m):
    # the default of every index parameter is -1 (Exudyn's InvalidIndex)
    _add_fails(m.mbs, "Object", cd.MassPoint(mass=1), ValueError, "ObjectMassPoint 4",
               "'nodeNumber'", "not set")
    _add_fails(m.mbs, "Load", cd.Force(loadVector=[1, 0, 0]), ValueError, "LoadForceVector 1",
               "'markerNumber'")
    _add_fails(m.mbs, "Marker", cd.MarkerNodePosition(), ValueError, "MarkerNodePosition 5",
               "'nodeNumber'")
    _add_fails(m.mbs, "Sensor", cd.SensorObject(outputVariableType=OV.Force), ValueError,
               "SensorObject 0", "'objectNumber'")
    _add_fails(m.mbs, "Object", cd.SpringDamper(stiffness=1), ValueError,
               "ObjectConnectorSpringDamper 4", "'markerNumbers'")
    for invalid in (-1, cd.InvalidIndex()):
        _add_fails(m.mbs, "Object", cd.MassPoint(mass=1, nodeNumber=invalid), ValueError,
                   "ObjectMassPoint 4", "'nodeNumber'")
    _add_fails(m.mbs, "Object", cd.ObjectGenericODE2(nodeNumbers=[0, -1]), ValueError,
               "ObjectGenericODE2 4", "'nodeNumbers'")


def test_index_beyond_int_range_is_rejected(m):
    """2**32 must not wrap around to node 0 (it is no valid index)."""
    _add_fails(m.mbs, "Object", cd.MassPoint(mass=1, nodeNumber=2 ** 32), (ValueError,
                                                                              OverflowError),
               "ObjectMassPoint 4", "'nodeNumber'")
    _add_fails(m.mbs, "Marker", cd.MarkerNodeCoordinate(nodeNumber=m.n3, coordinate=2 ** 32),
               (ValueError, OverflowError), "MarkerNodeCoordinate 5", "'coordinate'")
    _add_fails(m.mbs, "Node", cd.NodeGenericODE2(numberOfODE2Coordinates=2 ** 32 + 2,
                                                 referenceCoordinates=[0, 0],
                                                 initialCoordinates=[0, 0],
                                                 initialCoordinates_t=[0, 0]),
               (ValueError, OverflowError), "NodeGenericODE2 4", "'numberOfODE2Coordinates'")


@pytest.mark.parametrize("kind, make, tname, param, node_type", [
    ("Object", lambda m: cd.MassPoint(mass=1, nodeNumber=m.n2), "ObjectMassPoint 4",
     "nodeNumber", "NodePoint2D"),
    ("Object", lambda m: cd.MassPoint(mass=1, nodeNumber=m.n1), "ObjectMassPoint 4",
     "nodeNumber", "Node1D"),
    # (a MassPoint on a NodePointGround is a fixed mass, as in Exudyn: tests/system)
    ("Object", lambda m: cd.MassPoint2D(mass=1, nodeNumber=m.ng), "ObjectMassPoint2D 4",
     "nodeNumber", "NodePointGround"),
    ("Object", lambda m: cd.MassPoint2D(mass=1, nodeNumber=m.n3), "ObjectMassPoint2D 4",
     "nodeNumber", "NodePoint"),
    ("Object", lambda m: cd.Mass1D(mass=1, nodeNumber=m.n3), "ObjectMass1D 4", "nodeNumber",
     "NodePoint"),
    ("Marker", lambda m: cd.MarkerNodePosition(nodeNumber=m.n1), "MarkerNodePosition 5",
     "nodeNumber", "Node1D"),
    ("Marker", lambda m: cd.MarkerBodyPosition(bodyNumber=m.sd), "MarkerBodyPosition 5",
     "bodyNumber", "ObjectConnectorSpringDamper"),
    ("Marker", lambda m: cd.MarkerBodyMass(bodyNumber=m.sd), "MarkerBodyMass 5",
     "bodyNumber", "ObjectConnectorSpringDamper"),
    ("Marker", lambda m: cd.MarkerBodyMass(bodyNumber=m.ground), "MarkerBodyMass 5",
     "bodyNumber", "ObjectGround"),
    ("Sensor", lambda m: cd.SensorBody(bodyNumber=m.sd, outputVariableType=OV.Position),
     "SensorBody 0", "bodyNumber", "ObjectConnectorSpringDamper"),
])
def test_index_of_wrong_kind_of_item(m, kind, make, tname, param, node_type):
    _add_fails(m.mbs, kind, make(m), ValueError, tname, f"'{param}'", node_type)


@pytest.mark.parametrize("coordinate, node", [(2, "n2"), (3, "n3"), (1, "n1"), (-1, "n3")])
def test_marker_coordinate_out_of_range(m, coordinate, node):
    _add_fails(m.mbs, "Marker", cd.MarkerNodeCoordinate(nodeNumber=getattr(m, node),
                                                        coordinate=coordinate),
               ValueError, "MarkerNodeCoordinate 5", "'coordinate'", str(coordinate))


@pytest.mark.parametrize("make, tname, provides", [
    (lambda m: cd.SpringDamper(markerNumbers=[m.mc3, m.mc2], stiffness=1),
     "ObjectConnectorSpringDamper 4", "position"),
    (lambda m: cd.SpringDamper(markerNumbers=[m.mg, m.mc2], stiffness=1),
     "ObjectConnectorSpringDamper 4", "position"),
    (lambda m: cd.CartesianSpringDamper(markerNumbers=[m.mc3, m.mc2]),
     "ObjectConnectorCartesianSpringDamper 4", "position"),
    (lambda m: cd.DistanceConstraint(markerNumbers=[m.mc3, m.mc2], distance=1),
     "ObjectConnectorDistance 4", "position"),
    (lambda m: cd.CoordinateConstraint(markerNumbers=[m.mg, m.mp3]),
     "ObjectConnectorCoordinate 4", "coordinate"),
    (lambda m: cd.CoordinateConstraint(markerNumbers=[m.mc3, m.mp3]),
     "ObjectConnectorCoordinate 4", "coordinate"),
    (lambda m: cd.CoordinateSpringDamper(markerNumbers=[m.mg, m.mp3]),
     "ObjectConnectorCoordinateSpringDamper 4", "coordinate"),
])
def test_connector_on_wrong_marker_kind(m, make, tname, provides):
    _add_fails(m.mbs, "Object", make(m), ValueError, tname, "'markerNumbers'", provides)


@pytest.mark.parametrize("make, tname, marker_type", [
    (lambda m: cd.LoadCoordinate(markerNumber=m.mp3, load=1), "LoadCoordinate 1",
     "MarkerNodePosition"),
    (lambda m: cd.LoadCoordinate(markerNumber=m.mg, load=1), "LoadCoordinate 1",
     "MarkerBodyPosition"),
    (lambda m: cd.LoadMassProportional(markerNumber=m.mp3, loadVector=[0, -9.81, 0]),
     "LoadMassProportional 1", "MarkerNodePosition"),
    (lambda m: cd.Gravity(markerNumber=m.mc3, loadVector=[0, -9.81, 0]),
     "LoadMassProportional 1", "MarkerNodeCoordinate"),
    (lambda m: cd.Force(markerNumber=m.mc3, loadVector=[1, 0, 0]), "LoadForceVector 1",
     "MarkerNodeCoordinate"),
])
def test_load_on_wrong_marker_kind(m, make, tname, marker_type):
    _add_fails(m.mbs, "Load", make(m), ValueError, tname, "'markerNumber'", marker_type)


@pytest.mark.parametrize("distance", [0.0, -1.0, None])
def test_distance_constraint_distance_positive(m, distance):
    kw = {} if distance is None else {"distance": distance}
    _add_fails(m.mbs, "Object", cd.DistanceConstraint(markerNumbers=[m.mg, m.mp3], **kw),
               ValueError, "ObjectConnectorDistance 4", "'distance'", "> 0")


# ----------------------------------------------------------------------------- shapes

@pytest.mark.parametrize("param, value, shape", [
    ("massMatrix", np.eye(2), "2x2"),
    ("stiffnessMatrix", np.ones((3, 2)), "3x2"),
    ("dampingMatrix", np.eye(4), "4x4"),
])
def test_generic_ode2_matrix_shape(m, param, value, shape):
    _add_fails(m.mbs, "Object", cd.ObjectGenericODE2(nodeNumbers=[m.n3], **{param: value}),
               ValueError, "ObjectGenericODE2 4", f"'{param}'", shape, "3x3")


def test_generic_ode2_sizes(m):
    # two nodes: 3 + 2 coordinates
    _add_fails(m.mbs, "Object", cd.ObjectGenericODE2(nodeNumbers=[m.n3, m.n2],
                                                     massMatrix=np.eye(3)),
               ValueError, "ObjectGenericODE2 4", "'massMatrix'", "5x5")
    _add_fails(m.mbs, "Object", cd.ObjectGenericODE2(nodeNumbers=[m.n3], massMatrix=np.eye(3),
                                                     forceVector=[1, 2]),
               ValueError, "ObjectGenericODE2 4", "'forceVector'", "length 3")
    _add_fails(m.mbs, "Object", cd.ObjectGenericODE2(nodeNumbers=[]), ValueError,
               "ObjectGenericODE2 4", "'nodeNumbers'")
    _add_fails(m.mbs, "Object", cd.ObjectGenericODE2(nodeNumbers=[m.n3], massMatrix=[1, 0, 0]),
               ValueError, "ObjectGenericODE2 4", "'massMatrix'")


@pytest.mark.parametrize("kw, param", [
    (dict(referenceCoordinates=[0, 0], initialCoordinates=[0, 0, 0],
          initialCoordinates_t=[0, 0]), "initialCoordinates"),
    (dict(referenceCoordinates=[0], initialCoordinates=[0, 0], initialCoordinates_t=[0, 0]),
     "referenceCoordinates"),
    (dict(referenceCoordinates=[0, 0], initialCoordinates=[0, 0], initialCoordinates_t=[0]),
     "initialCoordinates_t"),
    (dict(referenceCoordinates=[0, 0]), "initialCoordinates"),
])
def test_node_generic_ode2_inconsistent_lengths(m, kw, param):
    _add_fails(m.mbs, "Node", cd.NodeGenericODE2(numberOfODE2Coordinates=2, **kw), ValueError,
               "NodeGenericODE2 4", f"'{param}'", "length 2")


@pytest.mark.parametrize("n", [0, -2])
def test_node_generic_ode2_no_coordinates(m, n):
    _add_fails(m.mbs, "Node", cd.NodeGenericODE2(numberOfODE2Coordinates=n), ValueError,
               "NodeGenericODE2 4", "'numberOfODE2Coordinates'")


@pytest.mark.parametrize("rot", [np.eye(2), np.ones((3, 2)), [1, 0, 0], np.eye(4)])
def test_mass1d_reference_rotation_not_3x3(m, rot):
    _add_fails(m.mbs, "Object", cd.Mass1D(mass=1, nodeNumber=m.n1, referenceRotation=rot),
               ValueError, "ObjectMass1D 4", "'referenceRotation'")


# ----------------------------------------------------------------------------- sensors

@pytest.mark.parametrize("make, tname, var, target", [
    (lambda m: cd.SensorNode(nodeNumber=m.n3, outputVariableType=OV.Force), "SensorNode 0",
     "Force", "NodePoint"),
    (lambda m: cd.SensorNode(nodeNumber=m.n1, outputVariableType=OV.Position), "SensorNode 0",
     "Position", "Node1D"),
    (lambda m: cd.SensorObject(objectNumber=m.mp, outputVariableType=OV.Distance),
     "SensorObject 0", "Distance", "ObjectMassPoint"),
    (lambda m: cd.SensorObject(objectNumber=m.sd, outputVariableType=OV.ConstraintEquation),
     "SensorObject 0", "ConstraintEquation", "ObjectConnectorSpringDamper"),
    (lambda m: cd.SensorMarker(markerNumber=m.mp3, outputVariableType=OV.Force),
     "SensorMarker 0", "Force", "MarkerNodePosition"),
    (lambda m: cd.SensorBody(bodyNumber=m.mp, outputVariableType=OV.Force), "SensorBody 0",
     "Force", "SensorBody"),
])
def test_sensor_output_variable_not_provided(m, make, tname, var, target):
    _add_fails(m.mbs, "Sensor", make(m), ValueError, tname, "'outputVariableType'", var, target)


def test_sensor_output_variable_missing_or_invalid(m):
    _add_fails(m.mbs, "Sensor", cd.SensorNode(nodeNumber=m.n3), ValueError, "SensorNode 0",
               "'outputVariableType'")
    _add_fails(m.mbs, "Sensor", cd.SensorNode(nodeNumber=m.n3, outputVariableType=99),
               ValueError, "SensorNode 0", "'outputVariableType'")


# ----------------------------------------------------------------------------- Python types

@pytest.mark.parametrize("kind, make, tname, param", [
    ("Object", lambda m: cd.MassPoint(mass="1", nodeNumber=m.n3), "ObjectMassPoint 4", "mass"),
    ("Object", lambda m: cd.MassPoint(mass=[1.0], nodeNumber=m.n3), "ObjectMassPoint 4", "mass"),
    ("Object", lambda m: cd.MassPoint(mass=True, nodeNumber=m.n3), "ObjectMassPoint 4", "mass"),
    ("Object", lambda m: cd.MassPoint(mass=1, nodeNumber="0"), "ObjectMassPoint 4",
     "nodeNumber"),
    ("Object", lambda m: cd.MassPoint(mass=1, nodeNumber=1.0), "ObjectMassPoint 4",
     "nodeNumber"),
    ("Object", lambda m: cd.MassPoint(mass=1, nodeNumber=m.n3, name=3), "ObjectMassPoint 4",
     "name"),
    ("Node", lambda m: cd.NodePoint(referenceCoordinates=["a", "b", "c"]), "NodePoint 4",
     "referenceCoordinates"),
    ("Node", lambda m: cd.NodePoint(referenceCoordinates="abc"), "NodePoint 4",
     "referenceCoordinates"),
    ("Node", lambda m: cd.NodePoint(referenceCoordinates=[[1, 2, 3]]), "NodePoint 4",
     "referenceCoordinates"),
    ("Object", lambda m: cd.SpringDamper(markerNumbers=["a", "b"]),
     "ObjectConnectorSpringDamper 4", "markerNumbers"),
    ("Object", lambda m: cd.SpringDamper(markerNumbers=[0.0, 1.0]),
     "ObjectConnectorSpringDamper 4", "markerNumbers"),
    ("Object", lambda m: cd.SpringDamper(markerNumbers=5), "ObjectConnectorSpringDamper 4",
     "markerNumbers"),
    ("Load", lambda m: cd.Force(markerNumber=m.mp3, loadVectorUserFunction="f"),
     "LoadForceVector 1", "loadVectorUserFunction"),
    ("Sensor", lambda m: cd.SensorNode(nodeNumber=m.n3, outputVariableType=1.0), "SensorNode 0",
     "outputVariableType"),
])
def test_wrong_python_types(m, kind, make, tname, param):
    _add_fails(m.mbs, kind, make(m), (TypeError, ValueError), tname, f"'{param}'")


@pytest.mark.parametrize("value", ["no", "False", [0]])
def test_bool_parameter_rejects_non_bool(m, value):
    """'no' must not silently become True (the settings tree rejects it too)."""
    _add_fails(m.mbs, "Sensor", cd.SensorNode(nodeNumber=m.n3, outputVariableType=OV.Position,
                                              writeToFile=value),
               (TypeError, ValueError), "SensorNode 0", "'writeToFile'")


def test_numpy_scalars_are_accepted(m):
    i = m.mbs.AddObject(cd.MassPoint(mass=np.float32(2.5), nodeNumber=np.int64(m.n3)))
    assert m.mbs.GetObject(i)["mass"] == 2.5 and m.mbs.GetObject(i)["nodeNumber"] == m.n3


# ----------------------------------------------------------------------------- nothing stored

def test_failed_add_stores_nothing_and_index_is_reused(m):
    mbs = m.mbs
    before = _counts(mbs)
    with pytest.raises(ValueError, match=_names("ObjectMassPoint 4", "'mass'")):
        mbs.AddObject(cd.MassPoint(mass=-1, nodeNumber=m.n3))
    with pytest.raises(ValueError, match=_names("ObjectMassPoint 4", "'nodeNumber'")):
        mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=99))
    assert _counts(mbs) == before
    # the index the message announced is the one the next valid item gets
    assert mbs.AddObject(cd.MassPoint2D(mass=1, nodeNumber=m.n2)) == 4
    # the system still assembles and solves: the failed items left no trace
    mbs.Assemble()
    assert mbs.systemData.NumberOfODE2Coordinates() == 3 + 2 + 1


def test_failed_modify_keeps_old_parameters(m):
    mbs = m.mbs
    old = mbs.GetObject(m.sd)
    with pytest.raises(ValueError, match=_names("ObjectConnectorSpringDamper 3", "'stiffness'")):
        mbs.ModifyObject(m.sd, {"stiffness": np.nan})
    with pytest.raises(ValueError, match=_names("ObjectConnectorSpringDamper 3", "'markerNumbers'")):
        mbs.ModifyObject(m.sd, {"markerNumbers": [m.mg, m.mc3]})
    with pytest.raises(ValueError, match=_names("ObjectConnectorSpringDamper 3", "'stifness'")):
        mbs.ModifyObject(m.sd, {"stifness": 3})
    new = mbs.GetObject(m.sd)
    assert new["stiffness"] == old["stiffness"] and new["markerNumbers"] == old["markerNumbers"]
    with pytest.raises(IndexError, match=_names("object", "99")):
        mbs.ModifyObject(99, {"stiffness": 1})


# ----------------------------------------------------------------------------- settings

def test_settings_typo():
    s = cd.SimulationSettings()
    with pytest.raises(AttributeError, match=_names("numberOfStep", "numberOfSteps")):
        s.timeIntegration.numberOfStep = 10
    with pytest.raises(AttributeError, match=_names("spectralRadiu", "spectralRadius")):
        s.timeIntegration.generalizedAlpha.spectralRadiu = 0.5
    with pytest.raises(AttributeError, match=_names("timeIntegrations", "timeIntegration")):
        s.timeIntegrations = 1
    with pytest.raises(AttributeError, match=_names("timeIntegration")):
        s.timeIntegration = 1  # a group, not a value
    assert s.timeIntegration.numberOfSteps == 100  # unchanged


@pytest.mark.parametrize("path, value", [
    ("timeIntegration.numberOfSteps", "10"),
    ("timeIntegration.numberOfSteps", 10.5),  # 10.0 is accepted (an int, as in Exudyn)
    ("timeIntegration.numberOfSteps", True),
    ("timeIntegration.endTime", "1"),
    ("timeIntegration.endTime", None),
    ("timeIntegration.adaptiveStep", "yes"),
    ("timeIntegration.newton.maxIterations", 2.5),
    ("timeIntegration.generalizedAlpha.spectralRadius", "0.5"),
    ("solutionSettings.sensorsWritePeriod", [0.1]),
    ("linearSolverType", 7),
    ("progressBar", "sometimes"),
])
def test_settings_wrong_type(path, value):
    s = cd.SimulationSettings()
    *parents, leaf = path.split(".")
    node = s
    for p in parents:
        node = getattr(node, p)
    old = getattr(node, leaf)
    with pytest.raises((TypeError, ValueError)):
        setattr(node, leaf, value)
    assert getattr(node, leaf) == old


def _osc():
    """mass point on a Cartesian spring to ground, assembled"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[100, 100, 100],
                                           offset=[1, 0, 0]))
    mbs.Assemble()
    return mbs, n


def _settings(**kw):
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 20
    s.timeIntegration.endTime = 0.2
    for path, v in kw.items():
        *parents, leaf = path.split("__")
        node = s
        for p in parents:
            node = getattr(node, p)
        setattr(node, leaf, v)
    return s


@pytest.mark.parametrize("kw, parts", [
    (dict(timeIntegration__generalizedAlpha__spectralRadius=1.5), ("spectralRadius", "1.5")),
    (dict(timeIntegration__generalizedAlpha__spectralRadius=-0.1), ("spectralRadius", "-0.1")),
    (dict(timeIntegration__endTime=0.0), ("endTime", "startTime")),
    (dict(timeIntegration__startTime=2.0, timeIntegration__endTime=1.0), ("endTime", "startTime")),
    (dict(timeIntegration__endTime=float("nan")), ("endTime",)),
    (dict(timeIntegration__numberOfSteps=0), ("numberOfSteps",)),
    (dict(timeIntegration__numberOfSteps=-5), ("numberOfSteps",)),
    (dict(timeIntegration__generalizedAlpha__useIndex2Constraints=True),
     ("useIndex2Constraints", "useNewmark")),
])
def test_invalid_settings_raise_at_solve(kw, parts):
    mbs, n = _osc()
    q0 = mbs.systemData.GetODE2Coordinates()
    with pytest.raises(ValueError, match=_names(*parts)):
        mbs.SolveDynamic(_settings(**kw))
    # the system is still usable afterwards
    assert mbs.SolveDynamic(_settings()) is True
    assert not np.allclose(mbs.systemData.GetODE2Coordinates(), q0)


def test_spectral_radius_bounds_are_valid():
    for rho in (0.0, 1.0):
        mbs, n = _osc()
        assert mbs.SolveDynamic(_settings(timeIntegration__generalizedAlpha__spectralRadius=rho))


def test_invalid_static_settings():
    mbs, n = _osc()
    s = cd.SimulationSettings()
    s.staticSolver.numberOfLoadSteps = 0
    with pytest.raises(ValueError, match=_names("numberOfLoadSteps")):
        mbs.SolveStatic(s)


def test_unknown_solve_option():
    mbs, n = _osc()
    with pytest.raises(TypeError, match=_names("updateInitialValue")):
        mbs.SolveDynamic(_settings(), updateInitialValue=True)
    with pytest.raises(TypeError, match=_names("SimulationSettings")):
        mbs.SolveDynamic({"endTime": 1})


# ----------------------------------------------------------------------------- assemble state

def test_solve_before_assemble():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    for solve in (mbs.SolveDynamic, mbs.SolveStatic):
        with pytest.raises(cd.SolverError, match=_names("Assemble")):
            solve(cd.SimulationSettings(), autoAssemble=False)
    with pytest.raises(cd.SolverError, match=_names("Assemble")):
        mbs.GetNodeOutput(n, OV.Position)
    # Exudyn's default autoAssemble=True: the solve assembles first, with a warning
    with pytest.warns(UserWarning, match="SolveDynamic: mbs.systemIsConsistent is False, "
                                         "calling mbs.Assemble"):
        mbs.SolveDynamic(cd.SimulationSettings())
    assert mbs.systemIsConsistent


@pytest.mark.parametrize("change", ["node", "object", "marker", "load", "sensor", "modify"])
def test_changes_after_assemble_require_assemble(change):
    mbs, n = _osc()
    mbs.SolveDynamic(_settings())
    if change == "node":
        mbs.AddNode(cd.NodePointGround())
    elif change == "object":
        mbs.AddObject(cd.MassPoint(mass=3, nodeNumber=n))
    elif change == "marker":
        mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    elif change == "load":
        mbs.AddLoad(cd.Force(markerNumber=1, loadVector=[1, 0, 0]))
    elif change == "sensor":
        mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    else:
        mbs.ModifyObject(1, {"mass": 2})
    for call in (lambda: mbs.SolveDynamic(_settings(), autoAssemble=False),
                 lambda: mbs.SolveStatic(autoAssemble=False),
                 lambda: mbs.GetNodeOutput(n, OV.Position),
                 lambda: mbs.systemData.GetODE2Coordinates(),
                 lambda: mbs.GetObjectJacobian(2)):
        with pytest.raises(cd.SolverError, match=_names("Assemble")):
            call()
    mbs.Assemble()
    assert mbs.SolveDynamic(_settings())


# ----------------------------------------------------------------------------- user functions

class _Boom(Exception):
    pass


def _spring_with(uf=None, load_uf=None):
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialCoordinates=[0.1, 0, 0]))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    kw = {"springForceUserFunction": uf} if uf else {}
    sd = mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=100, referenceLength=1,
                                       **kw))
    ld = None
    if load_uf:
        ld = mbs.AddLoad(cd.Force(markerNumber=m1, loadVectorUserFunction=load_uf))
    mbs.Assemble()
    return mbs, sd, ld


def test_user_function_exception_propagates_with_note():
    err = _Boom("boom in the spring")

    def uf(mbs, t, i, dl, dlt, k, d, f):
        if t > 0.05:
            raise err
        return k * dl

    mbs, sd, _ = _spring_with(uf=uf)
    with pytest.raises(_Boom, match="boom in the spring") as info:
        mbs.SolveDynamic(_settings())
    assert info.value is err
    note = " ".join(getattr(info.value, "__notes__", []))
    assert "springForceUserFunction" in note and re.search(rf"object {int(sd)}\b", note), note
    assert re.search(r"t = 0\.0[5-9]", note), note
    # the system is usable after the failure
    mbs.ModifyObject(sd, {"springForceUserFunction": 0})
    mbs.Assemble()
    assert mbs.SolveDynamic(_settings())


def test_load_user_function_exception_propagates_with_note():
    def uf(mbs, t, v):
        return [1.0 / 0.0, 0, 0]

    mbs, sd, ld = _spring_with(load_uf=uf)
    with pytest.raises(ZeroDivisionError) as info:
        mbs.SolveDynamic(_settings())
    note = " ".join(getattr(info.value, "__notes__", []))
    assert "loadVectorUserFunction" in note and re.search(rf"load {int(ld)}\b", note), note


@pytest.mark.parametrize("ret, n", [([1.0, 2.0], 1), ((), 1), ("abc", 1)])
def test_spring_user_function_wrong_number_of_values(ret, n):
    mbs, sd, _ = _spring_with(uf=lambda mbs, t, i, dl, dlt, k, d, f: ret)
    with pytest.raises((ValueError, TypeError)) as info:
        mbs.SolveDynamic(_settings())
    text = str(info.value) + " ".join(getattr(info.value, "__notes__", []))
    assert "springForceUserFunction" in text, text
    if not isinstance(ret, str):
        assert f"{n} value" in text, text


@pytest.mark.parametrize("ret", [[1.0, 2.0], [1.0, 2.0, 3.0, 4.0], 5.0])
def test_load_user_function_wrong_number_of_values(ret):
    mbs, sd, ld = _spring_with(load_uf=lambda mbs, t, v: ret)
    with pytest.raises(ValueError, match=_names("loadVectorUserFunction", "3 value")):
        mbs.SolveDynamic(_settings())


def test_load_user_function_non_finite():
    mbs, sd, ld = _spring_with(load_uf=lambda mbs, t, v: [np.nan, 0, 0])
    with pytest.raises((cd.SolverError, ValueError), match=_names(f"LoadForceVector {int(ld)}")):
        mbs.SolveDynamic(_settings())


@pytest.mark.parametrize("call", ["GetObjectOutput", "GetObjectJacobian", "GetLoadValues"])
def test_user_function_exception_propagates_from_outputs(call):
    """Outside a solve, too, a raising user function must surface as itself, not as an
    unrelated message ('does not provide OutputVariableType.Force', 'CD_OK')."""
    err = _Boom("boom")

    def raise_it(*args):
        raise err

    mbs, sd, ld = _spring_with(uf=raise_it, load_uf=raise_it)
    with pytest.raises(_Boom) as info:
        if call == "GetObjectOutput":
            mbs.GetObjectOutput(sd, OV.Force)
        elif call == "GetObjectJacobian":
            mbs.GetObjectJacobian(sd)
        else:
            mbs.GetLoadValues(ld)
    assert info.value is err


# ----------------------------------------------------------------------------- solver failures

def _singular_system(load=False):
    """node 1 ('free') has neither mass nor stiffness"""
    mbs = cd.SystemContainer().AddSystem()
    n0 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    n1 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], name="free"))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n0))
    if load:
        mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n1))
        mbs.AddLoad(cd.Force(markerNumber=mk, loadVector=[1, 0, 0]))
    mbs.Assemble()
    return mbs


# the free node's coordinates are ODE2 coordinates 3, 4, 5
_NAMES_FREE_NODE = r"(?s)(NodePoint 1|node 1\b|'free'|coordinate [345]\b)"


def test_singular_system_names_node_default_settings():
    mbs = _singular_system()
    with pytest.raises(cd.SolverError, match=_NAMES_FREE_NODE):
        mbs.SolveDynamic(_settings())


def test_singular_system_message_not_repeated():
    mbs = _singular_system()
    with pytest.raises(cd.SolverError) as info:
        mbs.SolveDynamic(_settings())
    msg = str(info.value)
    head = msg[:40]
    assert msg.count(head) == 1, f"message repeats itself: {msg!r}"


@pytest.mark.parametrize("linear_solver", [cd.LinearSolverType.Dense, cd.LinearSolverType.Sparse])
def test_singular_system_names_node_with_load(linear_solver):
    mbs = _singular_system(load=True)
    s = _settings(timeIntegration__generalizedAlpha__computeInitialAccelerations=False)
    s.linearSolverType = linear_solver
    with pytest.raises(cd.SolverError, match=_NAMES_FREE_NODE):
        mbs.SolveDynamic(s)
    s = cd.SimulationSettings()
    s.linearSolverType = linear_solver
    with pytest.raises(cd.SolverError, match=_NAMES_FREE_NODE):
        mbs.SolveStatic(s)


def _stiff_failure():
    """a very stiff spring whirling at 10 rad/s; one Newton iteration per step cannot do"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialVelocities=[0, 10, 0],
                                 name="tip"))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n, name="ball"))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=1e8, referenceLength=1,
                                  name="stiff"))
    sn = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.newton.maxIterations = 1
    s.timeIntegration.adaptiveStep = False
    s.timeIntegration.numberOfSteps = 10
    s.timeIntegration.endTime = 1.0
    s.solutionSettings.sensorsWritePeriod = 0.1
    # omega h = 1000: the blow-up guard would stop the solve too; these tests are about Newton
    s.timeIntegration.errorControl.blowUpTolerance = 0
    return mbs, n, sn, s


def test_newton_failure_message():
    mbs, n, sn, s = _stiff_failure()
    with pytest.raises(cd.SolverError) as info:
        mbs.SolveDynamic(s)
    msg = str(info.value)
    t = re.search(r"\bt = ([0-9.eE+-]+)", msg)
    h = re.search(r"step size ([0-9.eE+-]+)", msg)
    assert t and h, msg
    assert float(h.group(1)) == pytest.approx(0.1), msg
    assert "NodePoint 0 ('tip')" in msg, msg  # the item dominating the residual
    assert "converge" in msg, msg
    # the state and sensor data up to the last good step are kept
    steps = mbs.GetSolverStatistics()["steps"]
    t_fail = float(t.group(1))
    assert t_fail == pytest.approx(0.1 * steps)
    data = mbs.GetSensorStoredData(sn)
    assert data[-1, 0] == pytest.approx(t_fail)
    np.testing.assert_allclose(data[-1, 1:], mbs.GetNodeOutput(n, OV.Position), rtol=0,
                               atol=1e-15)


def test_newton_failure_residual_values_consistent_with_norm():
    """The message reports the residual norm and the largest residual entries; the largest
    entry of a vector of N entries is at least norm / sqrt(N), in the same units."""
    mbs, n, sn, s = _stiff_failure()
    with pytest.raises(cd.SolverError) as info:
        mbs.SolveDynamic(s)
    msg = str(info.value)
    norm = float(re.search(r"\(residual ([0-9.eE+-]+)", msg).group(1))
    entries = [abs(float(x)) for x in re.findall(r" = ([-0-9.eE+]+)(?:;|$)", msg.split(
        "largest residuals:")[1])]
    N = mbs.systemData.NumberOfODE2Coordinates() + mbs.systemData.NumberOfAECoordinates()
    assert max(entries) >= norm / np.sqrt(N) * 0.99, msg
    assert max(entries) <= norm * 1.01, msg
