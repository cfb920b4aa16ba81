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


def test_start_of_step_after_a_solve_is_the_start_of_its_last_step():
    """as in Exudyn: the solve of 100 steps to t = 0.5 leaves StartOfStep at t = 0.495,
    the state the last step started from (equal to a solve that ends there)"""
    mbs = solved(cd, cd)
    sd = mbs.systemData
    assert sd.GetTime(C.StartOfStep) == pytest.approx(0.495)
    assert sd.GetTime() == pytest.approx(0.5)
    sos = sd.GetSystemState(C.StartOfStep)
    SC, shorter = pendulum(cd, cd)           # the first 99 steps of the same size
    shorter.Assemble()
    shorter.SolveDynamic(settings(cd, 0, 0.495, 99))
    for a, b in zip(sos, shorter.systemData.GetSystemState()):
        assert np.allclose(a, b, rtol=1e-12, atol=1e-14)


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


def ode1_data_model(mod, ns):
    """a mass point, an ODE1 oscillator y'' = -4 y as y' = A y (y(0) = [1, 0]) and a data node"""
    SC = mod.SystemContainer()
    mbs = SC.AddSystem()
    mbs.AddNode(ns.NodePoint(referenceCoordinates=[0, 0, 0]))
    mbs.AddObject(ns.MassPoint(mass=1, nodeNumber=0))
    n = mbs.AddNode(ns.NodeGenericODE1(referenceCoordinates=[0, 0], initialCoordinates=[1, 0],
                                       numberOfODE1Coordinates=2))
    o = mbs.AddObject(ns.ObjectGenericODE1(nodeNumbers=[n], rhsVector=[0, 0],
                                           systemMatrix=np.array([[0, 1.0], [-4, 0]])))
    d = mbs.AddNode(ns.NodeGenericData(initialCoordinates=[0.5, 2],
                                       numberOfDataCoordinates=2))
    mbs.Assemble()
    return mbs, n, o, d


def test_ode1_and_data_coordinates():
    mbs, n, o, d = ode1_data_model(cd, cd)
    sd = mbs.systemData
    assert np.array_equal(sd.GetODE1Coordinates(), [1, 0])
    assert np.array_equal(sd.GetDataCoordinates(), [0.5, 2])
    assert sd.GetNodeLTGODE1(n) == [0, 1] and sd.GetObjectLTGODE1(o) == [0, 1]
    assert sd.GetNodeLTGData(d) == [0, 1] and mbs.GetNodeODE1Index(n) == 0
    assert (sd.ODE1Size(), sd.DataSize(), sd.SystemSize()) == (2, 2, 5)
    mbs.SolveDynamic(settings(cd, 0, 1, 1000))
    state = sd.GetSystemState()
    # y = cos 2t, y' = -2 sin 2t (the trapezoidal rule, h = 1 ms: error ~1e-7)
    assert np.allclose(state[2], [np.cos(2), -2 * np.sin(2)], atol=1e-6)
    assert np.allclose(sd.GetODE1Coordinates_t(), [-2 * np.sin(2), -4 * np.cos(2)], atol=1e-5)
    assert np.array_equal(state[4], [0.5, 2])
    assert np.array_equal(sd.GetODE1Coordinates(C.Initial), [1, 0])
    sd.SetODE1Coordinates([0.5, 0.25], C.Initial)
    sd.SetDataCoordinates([1.5, -1], C.Initial)
    sd.SetODE1Coordinates_t([3, 4], C.StartOfStep)
    assert np.array_equal(sd.GetODE1Coordinates_t(C.StartOfStep), [3, 4])
    mbs.SolveDynamic(settings(cd, 0, 1, 1000))
    y0 = np.array([0.5, 0.25])
    expected = [y0[0] * np.cos(2) + y0[1] / 2 * np.sin(2),
                -2 * y0[0] * np.sin(2) + y0[1] * np.cos(2)]
    assert np.allclose(sd.GetODE1Coordinates(), expected, atol=1e-6)
    assert np.array_equal(sd.GetDataCoordinates(), [1.5, -1])
    with pytest.raises(ValueError, match="cannot set ODE1 velocities in the Initial "
                                         "configuration"):
        sd.SetODE1Coordinates_t([0, 0], C.Initial)


def test_ode1_and_data_layout_matches_exudyn():
    exu = pytest.importorskip("exudyn")
    import exudyn.itemInterface as ii
    (a, n, o, _), (b, *_) = ode1_data_model(cd, cd), ode1_data_model(exu, ii)
    for f in ("GetNodeLTGODE1", "GetNodeLTGData", "GetNodeLTGODE2"):
        for i in range(3):
            assert getattr(a.systemData, f)(i) == list(getattr(b.systemData, f)(i)), (f, i)
    assert a.systemData.GetObjectLTGODE1(o) == list(b.systemData.GetObjectLTGODE1(o))
    assert a.GetNodeODE1Index(n) == b.GetNodeODE1Index(n)
    for x, y in zip(a.systemData.GetSystemState(), b.systemData.GetSystemState()):
        assert np.array_equal(x, y)
    for name in ("ODE1Size", "DataSize", "SystemSize"):
        assert getattr(a.systemData, name)() == getattr(b.systemData, name)()
