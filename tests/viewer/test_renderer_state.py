"""SC.renderer.GetState / SetState: Exudyn scripts keep the view in exu.sys['renderState']."""
import numpy as np
import pytest

import coordyn as cd


def test_state_round_trip_and_defaults():
    SC = cd.SystemContainer()
    s = SC.renderer.GetState()
    assert s["windowOpen"] is False and s["zoom"] == 1.0
    assert np.array_equal(s["modelRotation"], np.eye(3))
    assert list(s["currentWindowSize"]) == list(SC.visualizationSettings.window.renderWindowSize)
    s["zoom"] = 2.5
    s["centerPoint"] = [1, 2, 3]
    s["mouseCoordinates"] = [5, 5]          # not a view key: ignored, as in Exudyn
    SC.renderer.SetState(s)
    t = SC.renderer.GetState()
    assert t["zoom"] == 2.5 and list(t["centerPoint"]) == [1, 2, 3]
    t["zoom"] = 7.0                          # a copy: changing it does not change the state
    assert SC.renderer.GetState()["zoom"] == 2.5


def test_bad_states_are_refused():
    SC = cd.SystemContainer()
    with pytest.raises(TypeError, match="renderState must be a dict"):
        SC.renderer.SetState([1, 2])
    with pytest.raises(ValueError, match=r"'modelRotation' must have shape \(3, 3\)"):
        SC.renderer.SetState({"modelRotation": np.eye(2)})
