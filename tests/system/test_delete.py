"""Delete{Node,Object,Marker,Load,Sensor}: the same deletions on the same model give the same
item lists as Exudyn 1.13 (items after the deleted one shift down, references follow,
references to the deleted item become -1, dependent items go with DeleteObject and DeleteLoad),
and a system with a deleted spring moves as the closed form says."""
import copy
import pickle
import warnings


import numpy as np
import pytest

import coordyn as cd
from system_models import chain, same_value, settings

# Exudyn 1.13 warns about the old settings names the shared helper uses for both engines
pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

KINDS = ("node", "object", "marker", "load", "sensor")

CASES = [
    "mbs.DeleteNode(1, suppressWarnings=True)",
    "mbs.DeleteNode(2, suppressWarnings=True)",
    "mbs.DeleteObject(0, suppressWarnings=True)",
    "mbs.DeleteObject(3, suppressWarnings=True)",
    "mbs.DeleteObject(1, deleteDependentItems=False, suppressWarnings=True)",
    "mbs.DeleteObject(2, deleteDependentItems=False, suppressWarnings=True)",
    "mbs.DeleteMarker(0, suppressWarnings=True)",
    "mbs.DeleteMarker(3, suppressWarnings=True)",
    "mbs.DeleteLoad(0, suppressWarnings=True)",
    "mbs.DeleteLoad(0, deleteDependentMarkers=False, suppressWarnings=True)",
    "mbs.DeleteSensor(0, suppressWarnings=True)",
    "mbs.DeleteSensor(4, suppressWarnings=True)",
    # sequences: each deletion acts on the renumbered system
    "mbs.DeleteSensor(1, suppressWarnings=True); mbs.DeleteMarker(1, suppressWarnings=True);"
    " mbs.DeleteNode(0, suppressWarnings=True)",
    "mbs.DeleteObject(3, deleteDependentItems=False, suppressWarnings=True);"
    " mbs.DeleteObject(0, suppressWarnings=True); mbs.DeleteLoad(0, suppressWarnings=True)",
]


def item_lists(mbs):
    d = mbs.GetDictionary()
    return {k: d[k + "List"] for k in KINDS}


def compare(lists_cd, lists_exu):
    for kind in KINDS:
        a, b = lists_cd[kind], lists_exu[kind]
        assert len(a) == len(b), f"{kind}: {len(a)} items in coordyn, {len(b)} in Exudyn"
        for i, (x, y) in enumerate(zip(a, b)):
            common = [k for k in x if k in y and not k.startswith("V")]
            # every item is named, so the names must agree too
            assert "name" in common and len(common) >= 2
            for k in common:
                assert same_value(x[k], y[k]), (kind, i, k, x[k], y[k])


@pytest.mark.parametrize("case", CASES)
def test_deletion_matches_exudyn(case):
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    results = []
    for mod, ns in ((cd, cd), (exu, ii)):
        SC, mbs = chain(mod, ns)
        exec(case, {"mbs": mbs})
        results.append(item_lists(mbs))
    compare(*results)


def test_deletion_renumbers_references_by_hand():
    """without Exudyn: DeleteNode(1) on the chain model, checked item by item"""
    SC, mbs = chain(cd, cd)
    mbs.DeleteNode(1, suppressWarnings=True)
    assert mbs.NumberOfNodes() == 2 and mbs.GetNode(1)["name"] == "n1"
    assert mbs.GetObject(0)["nodeNumber"] == -1           # m0 lost its node
    assert mbs.GetObject(1)["nodeNumber"] == 1            # m1's node shifted down
    assert mbs.GetMarker(0)["nodeNumber"] == -1
    assert mbs.GetMarker(1)["nodeNumber"] == 1
    assert mbs.GetMarker(2)["nodeNumber"] == 0            # ground before: unchanged
    assert mbs.GetSensor(0)["nodeNumber"] == 1
    assert mbs.GetObjectNumber("m1") == 1


def test_delete_object_with_dependent_items_by_hand():
    SC, mbs = chain(cd, cd)
    mbs.DeleteObject(3, suppressWarnings=True)           # spring sp1 with markers mk0, mk1
    assert [mbs.GetMarker(i)["name"] for i in range(mbs.NumberOfMarkers())] == ["mkg", "mkb"]
    assert list(mbs.GetObject(2)["markerNumbers"]) == [0, -1]   # sp0: mkg -> 0, mk0 deleted
    assert mbs.GetLoad(0)["markerNumber"] == -1
    assert mbs.GetSensor(2)["objectNumber"] == -1         # the deleted spring's sensor
    assert mbs.NumberOfNodes() == 3                       # a connector has no nodes


def test_warnings_name_the_items_that_lose_their_reference():
    SC, mbs = chain(cd, cd)
    with pytest.warns(UserWarning) as rec:
        mbs.DeleteMarker(1)
    msgs = [str(w.message) for w in rec]
    assert any("object 3 refers in 'markerNumbers' to the deleted marker 1" in m for m in msgs)
    assert any("load 0 refers in 'markerNumber' to the deleted marker 1" in m for m in msgs)
    assert any("sensor 1 refers in 'markerNumber' to the deleted marker 1" in m for m in msgs)
    SC, mbs = chain(cd, cd)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mbs.DeleteMarker(1, suppressWarnings=True)


def test_assemble_names_a_reference_left_by_a_deletion():
    SC, mbs = chain(cd, cd)
    mbs.DeleteObject(0, suppressWarnings=True)            # marker mk0 loses node n0
    with pytest.raises(ValueError, match=r"MarkerNodePosition 0 \('mk0'\): parameter "
                                         r"'nodeNumber' is not set .*Delete"):
        mbs.Assemble()
    assert not mbs.systemIsConsistent


def test_bad_numbers():
    SC, mbs = chain(cd, cd)
    with pytest.raises(IndexError, match=r"DeleteNode: node number 17 does not exist \(there "
                                         r"are 3 nodes\)"):
        mbs.DeleteNode(17)
    with pytest.raises(IndexError, match="DeleteSensor: sensor number -1 does not exist"):
        mbs.DeleteSensor(-1)
    with pytest.raises(TypeError, match=r"DeleteNode: expected a node number \(NodeIndex or "
                                        r"int\), got ObjectIndex\(0\), a object number"):
        mbs.DeleteNode(cd.ObjectIndex(0))
    with pytest.raises(TypeError, match="DeleteLoad: expected a load number"):
        mbs.DeleteLoad("f1")
    assert mbs.NumberOfNodes() == 3 and mbs.NumberOfSensors() == 5


def test_deleted_spring_frees_the_mass_closed_form():
    """DeleteObject(sp1) without its markers: mass m1 (2 kg) then falls under its force of 1 N
    alone, y(t) = -t^2/4 exactly (the integrator is exact for constant acceleration), and the
    sensors follow their renumbered items. Exudyn, given the same deletion, agrees."""
    results = []
    mods = [(cd, cd)]
    try:
        import exudyn as exu
        import exudyn.itemInterface as ii
        mods.append((exu, ii))
    except ImportError:
        pass
    for mod, ns in mods:
        SC, mbs = chain(mod, ns)
        mbs.DeleteObject(3, deleteDependentItems=False, suppressWarnings=True)
        mbs.DeleteSensor(2, suppressWarnings=True)        # it read the deleted spring
        mbs.Assemble()
        mbs.SolveDynamic(settings(mod, 0, 1, 100))
        n1 = mbs.GetNodeNumber("n1")
        y = mbs.GetNodeOutput(n1, mod.OutputVariableType.Displacement)[1]
        assert y == pytest.approx(-0.25, abs=1e-12)
        data = mbs.GetSensorStoredData(0)                 # s_node: position of n1
        assert np.allclose(data[:, 2], -data[:, 0] ** 2 / 4, atol=1e-12)
        results.append(mbs.systemData.GetODE2Coordinates())
    if len(results) == 2:
        assert np.allclose(results[0], results[1], rtol=1e-10, atol=1e-13)


def test_visual_entries_and_user_functions_follow_the_renumbering():
    SC, mbs = chain(cd, cd)
    assert mbs.GetObjectParameter(2, "Vshow") is True          # Exudyn's default
    mbs.SetObjectParameter(2, "Vshow", False)
    mbs.SetObjectParameter(3, "VdrawSize", 0.25)

    def spring_force(mbs, t, itemNumber, deltaL, deltaL_t, stiffness, damping, force):
        return 2 * stiffness * deltaL
    mbs.SetObjectParameter(3, "springForceUserFunction", spring_force)
    with pytest.warns(UserWarning, match="sensor 3 refers in 'bodyNumber' to the deleted "
                                         "object 0"):
        mbs.DeleteObject(0, deleteDependentItems=False)
    assert mbs.GetObjectParameter(1, "Vshow") is False          # sp0, was object 2
    assert mbs.GetObjectParameter(2, "VdrawSize") == 0.25       # sp1, was object 3
    assert mbs.GetObjectParameter(2, "springForceUserFunction") is spring_force
    assert mbs.GetObjectParameter(0, "Vshow") is True
    # a reference left at -1 (sensor 3 read body 0) stops copies, naming it
    with pytest.raises(ValueError, match=r"SetDictionary: sensor 3 \(SensorBody 's_body'\) has "
                                         r"bodyNumber = -1 \(a deleted object\); set it "
                                         r"\(SetSensorParameter\) or delete the sensor first"):
        copy.deepcopy(mbs)
    with pytest.raises(ValueError, match="cannot pickle the MainSystem: sensor 3"):
        pickle.dumps(mbs)
    mbs.DeleteSensor(3)
    other = copy.deepcopy(mbs)
    assert other.GetObjectParameter(2, "VdrawSize") == 0.25
    assert other.GetObjectParameter(2, "springForceUserFunction") is spring_force
