"""mbs.systemData: every method on the same model as Exudyn 1.13 (same numbers), every
configuration, GetSystemState/SetSystemState in Exudyn's format, the local-to-global lists,
and the errors for bad input."""
import numpy as np
import pytest

import coordyn as cd
from system_models import pendulum, settings

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")
C = cd.ConfigurationType


def solved(mod, ns, t1=0.5):
    SC, mbs = pendulum(mod, ns)
    mbs.Assemble()
    mbs.SolveDynamic(settings(mod, 0, t1, 100))
    return mbs


def exudyn_pair():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    return solved(cd, cd), solved(exu, ii), exu


def test_state_and_coordinates_match_exudyn():
    mbs, ref, exu = exudyn_pair()
    a, b = mbs.systemData, ref.systemData
    E = exu.ConfigurationType
    for sa, sb in zip(a.GetSystemState(), b.GetSystemState()):
        assert sa.shape == sb.shape
        assert np.allclose(sa, sb, rtol=1e-6, atol=1e-8)
    for cfg in ("Current", "Initial", "Reference"):
        assert np.allclose(a.GetODE2Coordinates(getattr(C, cfg)),
                           b.GetODE2Coordinates(getattr(E, cfg)), rtol=1e-6, atol=1e-8)
        if cfg != "Reference":  # Exudyn gives an empty vector, coordyn zeros
            assert np.allclose(a.GetODE2Coordinates_t(getattr(C, cfg)),
                               b.GetODE2Coordinates_t(getattr(E, cfg)), rtol=1e-6, atol=1e-8)
        assert np.allclose(a.GetODE2CoordinatesTotal(getattr(C, cfg)),
                           b.GetODE2CoordinatesTotal(getattr(E, cfg)), rtol=1e-6, atol=1e-8)
    assert np.allclose(a.GetODE2Coordinates_tt(), b.GetODE2Coordinates_tt(), rtol=1e-5,
                       atol=1e-6)
    assert np.allclose(a.GetAECoordinates(), b.GetAECoordinates(), rtol=1e-5)
    # Exudyn's enum members are accepted (matched by name: Exudyn's Current is 2)
    assert np.array_equal(a.GetODE2Coordinates(E.Current), a.GetODE2Coordinates(C.Current))
    assert a.GetTime() == b.GetTime() == pytest.approx(0.5)
    assert a.GetTime(C.Visualization) == a.GetTime()
    # the pendulum's link holds: |p| = 1 in the total coordinates
    q = a.GetODE2CoordinatesTotal()
    assert np.hypot(q[0], q[1]) == pytest.approx(1.0, abs=1e-8)


def test_sizes_and_ltg_match_exudyn():
    mbs, ref, exu = exudyn_pair()
    a, b = mbs.systemData, ref.systemData
    for name in ("ODE2Size", "ODE1Size", "AEsize", "DataSize", "SystemSize", "NumberOfNodes",
                 "NumberOfObjects", "NumberOfMarkers", "NumberOfLoads", "NumberOfSensors"):
        assert getattr(a, name)() == getattr(b, name)(), name
    for i in range(mbs.NumberOfObjects()):
        for which in ("ODE2", "ODE1", "AE", "Data"):
            f = f"GetObjectLTG{which}"
            assert getattr(a, f)(i) == list(getattr(b, f)(i)), (f, i)
    for i in range(mbs.NumberOfNodes()):
        for which in ("ODE2", "ODE1", "AE", "Data"):
            f = f"GetNodeLTG{which}"
            assert getattr(a, f)(i) == list(getattr(b, f)(i)), (f, i)
    for i in (1, 2):
        assert mbs.GetNodeODE2Index(i) == ref.GetNodeODE2Index(i)
    assert a.GetObjectLTGAE(2) == [0]            # the link's multiplier
    assert a.GetObjectLTGODE2(3) == [0, 1, 2, 3, 4, 5]


def test_system_state_format_and_round_trip():
    mbs = solved(cd, cd)
    sd = mbs.systemData
    state = sd.GetSystemState()
    assert [len(x) for x in state] == [6, 6, 0, 1, 0]   # ODE2, ODE2_t, ODE1, AE, Data
    assert np.array_equal(state[0], sd.GetODE2Coordinates())
    assert np.array_equal(state[1], sd.GetODE2Coordinates_t())
    assert np.array_equal(state[3], sd.GetAECoordinates())
    new = [state[0] * 0.5, state[1] * 2, state[2], state[3] + 1, state[4]]
    for cfg in (C.Current, C.Initial, C.StartOfStep):
        sd.SetSystemState(new, cfg)
        for x, y in zip(sd.GetSystemState(cfg), new):
            assert np.array_equal(x, y)
    # the solver starts from the Initial state set here: |p| = 1 does not hold any more
    d = sd.GetSystemStateDict()
    assert set(d) == {"ODE2Coords", "ODE2Coords_t", "ODE2Coords_tt", "AECoords", "ODE1Coords",
                      "ODE1Coords_t", "dataCoords"}
    assert np.array_equal(d["ODE2Coords"], new[0])


def test_every_configuration_get_and_set():
    SC, mbs = pendulum(cd, cd)
    mbs.Assemble()
    sd = mbs.systemData
    x = np.arange(6, dtype=float) * 0.01
    for cfg in (C.Current, C.Initial, C.StartOfStep):
        for get, put in (("GetODE2Coordinates", "SetODE2Coordinates"),
                         ("GetODE2Coordinates_t", "SetODE2Coordinates_t")):
            getattr(sd, put)(x + int(cfg), cfg)
            assert np.array_equal(getattr(sd, get)(cfg), x + int(cfg))
        sd.SetAECoordinates([7.0 + int(cfg)], cfg)
        assert sd.GetAECoordinates(cfg)[0] == 7.0 + int(cfg)
    for cfg in (C.Current, C.StartOfStep):
        sd.SetODE2Coordinates_tt(x * 3, cfg)
        assert np.array_equal(sd.GetODE2Coordinates_tt(cfg), x * 3)
    assert not np.any(sd.GetODE2Coordinates_tt(C.Initial))
    # Visualization reads the Current configuration
    assert np.array_equal(sd.GetODE2Coordinates(C.Visualization), sd.GetODE2Coordinates())
    # Reference: the nodes' reference coordinates, zero velocities
    assert np.array_equal(sd.GetODE2Coordinates(C.Reference), [1, 0, 0, 1, -1, 0])
    assert not np.any(sd.GetODE2Coordinates_t(C.Reference))
    # the time of Current and StartOfStep
    sd.SetTime(0.25)
    sd.SetTime(0.125, C.StartOfStep)
    assert sd.GetTime() == 0.25 and sd.GetTime(C.StartOfStep) == 0.125
    # GetNodeOutput reads the configuration asked for
    p = mbs.GetNodeOutput(1, cd.OutputVariableType.Displacement, C.StartOfStep)
    assert np.array_equal(p, sd.GetODE2Coordinates(C.StartOfStep)[:3])


def test_start_of_step_after_a_solve_is_where_it_ended():
    mbs = solved(cd, cd)
    sd = mbs.systemData
    for cur, sos in zip(sd.GetSystemState(), sd.GetSystemState(C.StartOfStep)):
        assert np.array_equal(cur, sos)
    assert sd.GetTime(C.StartOfStep) == sd.GetTime() == pytest.approx(0.5)


def test_bad_configurations_and_sizes():
    SC, mbs = pendulum(cd, cd)
    sd = mbs.systemData
    with pytest.raises(cd.SolverError, match="not assembled"):
        sd.GetODE2Coordinates()
    mbs.Assemble()
    with pytest.raises(ValueError, match=r"configuration must be a ConfigurationType \(Current, "
                                         r"Initial, Reference, StartOfStep, Visualization\), "
                                         r"got 'Current'"):
        sd.GetODE2Coordinates("Current")
    with pytest.raises(ValueError, match="got 17"):
        sd.GetODE2Coordinates(17)
    with pytest.raises(ValueError, match="cannot set ODE2 coordinates in the Reference "
                                         "configuration: .*ModifyNode"):
        sd.SetODE2Coordinates(np.zeros(6), C.Reference)
    with pytest.raises(ValueError, match="cannot set ODE2 velocities in the Visualization "
                                         "configuration: .*mirrors the Current"):
        sd.SetODE2Coordinates_t(np.zeros(6), C.Visualization)
    with pytest.raises(ValueError, match="cannot set ODE2 accelerations in the Initial "
                                         "configuration"):
        sd.SetODE2Coordinates_tt(np.zeros(6), C.Initial)
    with pytest.raises(ValueError, match="coordinates must be a vector of length 6"):
        sd.SetODE2Coordinates(np.zeros(5))
    with pytest.raises(ValueError, match="coordinate 2 is not finite"):
        sd.SetODE2Coordinates([0, 0, np.nan, 0, 0, 0])
    with pytest.raises(ValueError, match="keeps the time of the Current, StartOfStep and "
                                         "Visualization configurations only.*startTime"):
        sd.GetTime(C.Initial)
    with pytest.raises(ValueError, match="cannot set the time of the Visualization"):
        sd.SetTime(1.0, C.Visualization)
    with pytest.raises(ValueError, match="time must be finite"):
        sd.SetTime(np.inf)
    with pytest.raises(ValueError, match=r"SetSystemState: entry 3 \(AE coordinates\) must have "
                                         r"1 entries, got 2"):
        sd.SetSystemState([np.zeros(6), np.zeros(6), [], [0, 0], []])
    with pytest.raises(ValueError, match="a list of 5 vectors"):
        sd.SetSystemState([np.zeros(6)])
    with pytest.raises(ValueError, match=r"reference=True\) is not provided"):
        sd.GetSystemStateDict(reference=True)
    with pytest.raises(IndexError, match=r"GetObjectLTGODE2: object number 9 does not exist "
                                         r"\(there are 4 objects\)"):
        sd.GetObjectLTGODE2(9)
    with pytest.raises(ValueError, match=r"GetNodeODE2Index: node 0 \(NodePointGround\) has no "
                                         r"ODE2 coordinates"):
        mbs.GetNodeODE2Index(0)
    with pytest.raises(ValueError, match=r"GetNodeAEIndex: node 1 \(NodePoint\) has no AE"):
        mbs.GetNodeAEIndex(1)
    with pytest.raises(NotImplementedError, match="AddODE2LoadDependencies is not provided"):
        sd.AddODE2LoadDependencies(0, [0, 1])


def test_info_prints_every_item(capsys):
    mbs = solved(cd, cd)
    mbs.systemData.Info()
    out = capsys.readouterr().out
    assert "object2:" in out and "'link'" in out and "sensor1:" in out
    mbs.systemData.InfoLTG()
    out = capsys.readouterr().out
    assert "object 3 ODE2 LTG=[0,1,2,3,4,5]" in out and "object 2 AE LTG=[0]" in out
