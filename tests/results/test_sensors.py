"""Sensors: rows [t, values...] at the write period, values equal to the outputs they record,
files with the same numbers, stored data as read-only views that outlive their system, user
function loads, SensorBody local positions, and bounded memory over many solves."""
import gc
import os
import weakref

import numpy as np
import pytest

import coordyn as cd
from conftest import UNDER_ASAN

OV = cd.OutputVariableType
CT = cd.ConfigurationType


def _settings(end=1.0, steps=100, period=None, start=0.0, rho=0.9):
    s = cd.SimulationSettings()
    s.timeIntegration.startTime = start
    s.timeIntegration.endTime = end
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.generalizedAlpha.spectralRadius = rho
    if period is not None:
        s.solutionSettings.sensorsWritePeriod = period
    return s


def _load_uf(mbs, t, load_vector):
    return [np.sin(3 * t), 2 * t * load_vector[1], 0.5]


class Model:
    """a mass point on a spring-damper to ground, with a user-function force, gravity and one
    sensor of each kind"""

    def __init__(self, file_name=None, store=True, lp=(0.1, 0.2, 0.3)):
        self.mbs = mbs = cd.SystemContainer().AddSystem()
        g = mbs.AddObject(cd.ObjectGround())
        self.node = n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0],
                                                 initialCoordinates=[0.1, 0, 0],
                                                 initialVelocities=[0, 1, 0.5]))
        self.body = mbs.AddObject(cd.MassPoint(mass=2, nodeNumber=n))
        m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
        self.marker = m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
        self.spring = mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=100,
                                                    damping=1, referenceLength=1))
        self.load = mbs.AddLoad(cd.Force(markerNumber=m1, loadVector=[0, 1.5, 0],
                                         loadVectorUserFunction=_load_uf))
        self.gravity = mbs.AddLoad(cd.Gravity(
            markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=self.body)),
            loadVector=[0, 0, -9.81]))
        self.lp = list(lp)
        kw = dict(writeToFile=True, fileName=file_name) if file_name else {}
        self.sensors = {
            "node": mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position,
                                                storeInternal=store, **kw)),
            "object": mbs.AddSensor(cd.SensorObject(objectNumber=self.spring,
                                                    outputVariableType=OV.Force)),
            "distance": mbs.AddSensor(cd.SensorObject(objectNumber=self.spring,
                                                      outputVariableType=OV.Distance)),
            "body": mbs.AddSensor(cd.SensorBody(bodyNumber=self.body, localPosition=self.lp,
                                                outputVariableType=OV.Position)),
            "body_vel": mbs.AddSensor(cd.SensorBody(bodyNumber=self.body, localPosition=self.lp,
                                                    outputVariableType=OV.Velocity)),
            "marker": mbs.AddSensor(cd.SensorMarker(markerNumber=m1,
                                                    outputVariableType=OV.Velocity)),
            "load": mbs.AddSensor(cd.SensorLoad(loadNumber=self.load)),
            "gravity": mbs.AddSensor(cd.SensorLoad(loadNumber=self.gravity)),
            "node_vel": mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Velocity)),
        }
        mbs.Assemble()

    def data(self, key):
        return self.mbs.GetSensorStoredData(self.sensors[key])

    def current(self, key, configuration=CT.Current):
        """the output the sensor records, read directly"""
        mbs = self.mbs
        return {
            "node": lambda: mbs.GetNodeOutput(self.node, OV.Position, configuration),
            "node_vel": lambda: mbs.GetNodeOutput(self.node, OV.Velocity, configuration),
            "object": lambda: mbs.GetObjectOutput(self.spring, OV.Force, configuration),
            "distance": lambda: mbs.GetObjectOutput(self.spring, OV.Distance, configuration),
            "body": lambda: mbs.GetObjectOutputBody(self.body, OV.Position, self.lp,
                                                    configuration),
            "body_vel": lambda: mbs.GetObjectOutputBody(self.body, OV.Velocity, self.lp,
                                                        configuration),
            "marker": lambda: mbs.GetMarkerOutput(self.marker, OV.Velocity, configuration),
            "load": lambda: mbs.GetLoadValues(self.load),
            "gravity": lambda: mbs.GetLoadValues(self.gravity),
        }[key]()


NVALUES = {"node": 3, "node_vel": 3, "object": 3, "distance": 1, "body": 3, "body_vel": 3,
           "marker": 3, "load": 3, "gravity": 3}


@pytest.mark.parametrize("start, end, steps, period, rows", [
    (0.0, 1.0, 100, 0.01, 101),
    (0.0, 1.0, 1000, 0.01, 101),
    (0.0, 1.0, 1000, 0.1, 11),
    (0.0, 2.0, 1000, 0.02, 101),
    (0.0, 1.0, 30, 0.1, 11),
    (0.0, 0.3, 3, 0.1, 4),
    (0.0, 1.0, 100, 0.001, 101),   # shorter than a step: every step
    (0.0, 1.0, 100, 0.0, 101),     # 0: every step
    (0.5, 1.5, 100, 0.05, 21),
])
def test_rows_at_write_period(start, end, steps, period, rows):
    m = Model()
    m.mbs.SolveDynamic(_settings(end=end, steps=steps, period=period, start=start))
    dt = max(period, (end - start) / steps)
    for key, nv in NVALUES.items():
        d = m.data(key)
        assert d.shape == (rows, 1 + nv), key
        assert d.dtype == np.float64
        np.testing.assert_allclose(d[:, 0], start + dt * np.arange(rows), rtol=0, atol=1e-12)
        assert d[0, 0] == start and d[-1, 0] == pytest.approx(end, abs=1e-12)
        assert np.all(np.isfinite(d))


def test_first_row_is_the_initial_state():
    m = Model()
    m.mbs.SolveDynamic(_settings())
    for key in ("node", "node_vel", "object", "distance", "body", "body_vel", "marker"):
        np.testing.assert_allclose(m.data(key)[0, 1:], m.current(key, CT.Initial), rtol=1e-15,
                                   atol=0, err_msg=key)
    np.testing.assert_array_equal(m.data("node")[0], [0, 1.1, 0, 0])
    np.testing.assert_array_equal(m.data("node_vel")[0], [0, 0, 1, 0.5])


def test_last_row_equals_outputs_at_the_end():
    m = Model()
    m.mbs.SolveDynamic(_settings(end=0.7, steps=140, period=0.05))
    for key in NVALUES:
        d = m.data(key)
        assert d[-1, 0] == pytest.approx(0.7)
        np.testing.assert_array_equal(d[-1, 1:], np.atleast_1d(m.current(key)), err_msg=key)
        np.testing.assert_array_equal(np.atleast_1d(m.mbs.GetSensorValues(m.sensors[key])),
                                      d[-1, 1:], err_msg=key)
    # and the motion is not trivial
    assert np.ptp(m.data("node")[:, 1:], axis=0).min() > 1e-3


def test_sensor_values_follow_the_solution():
    """the SensorNode rows are the solution: integrate the recorded velocity (trapezoid) and
    compare with the recorded positions"""
    m = Model()
    m.mbs.SolveDynamic(_settings(end=1.0, steps=2000, period=0.0005, rho=1.0))
    p, v = m.data("node"), m.data("node_vel")
    t = p[:, 0]
    integrated = p[0, 1:] + np.concatenate([[np.zeros(3)], np.cumsum(
        0.5 * (v[1:, 1:] + v[:-1, 1:]) * np.diff(t)[:, None], axis=0)])
    np.testing.assert_allclose(p[:, 1:], integrated, rtol=0, atol=1e-9)


def test_sensor_body_local_position():
    m = Model(lp=(0.1, 0.2, 0.3))
    m.mbs.SolveDynamic(_settings(end=0.5, steps=50))
    node, body = m.data("node"), m.data("body")
    np.testing.assert_array_equal(body[:, 0], node[:, 0])
    np.testing.assert_allclose(body[:, 1:], node[:, 1:] + [0.1, 0.2, 0.3], rtol=0, atol=1e-14)
    # a point mass does not rotate: every point has the node's velocity
    np.testing.assert_array_equal(m.data("body_vel")[:, 1:], m.data("node_vel")[:, 1:])


def test_sensor_body_on_rotated_mass1d():
    """Mass1D: position = referencePosition + R [x, 0, 0] + R localPosition"""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.5], initialVelocities=[2.0]))
    R = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]])  # 90 degrees about z
    b = mbs.AddObject(cd.Mass1D(mass=1, nodeNumber=n, referencePosition=[1, 2, 3],
                                referenceRotation=R))
    lp = [0.25, 0.0, 0.5]
    sb = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=lp,
                                     outputVariableType=OV.Position))
    sd = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=lp,
                                     outputVariableType=OV.Displacement))
    sv = mbs.AddSensor(cd.SensorBody(bodyNumber=b, localPosition=lp,
                                     outputVariableType=OV.Velocity))
    sx = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Coordinates))
    mbs.Assemble()
    mbs.SolveDynamic(_settings(end=0.5, steps=50))
    x = 0.5 + mbs.GetSensorStoredData(sx)[:, 1]
    assert mbs.GetSensorStoredData(sx)[-1, 1] == pytest.approx(1.0)  # free motion, v = 2
    expected = np.array([1, 2, 3]) + np.outer(x, R[:, 0]) + R @ lp
    np.testing.assert_allclose(mbs.GetSensorStoredData(sb)[:, 1:], expected, rtol=0, atol=1e-14)
    np.testing.assert_allclose(mbs.GetSensorStoredData(sd)[:, 1:],
                               np.outer(x - 0.5, R[:, 0]), rtol=0, atol=1e-14)
    np.testing.assert_allclose(mbs.GetSensorStoredData(sv)[:, 1:],
                               np.tile(2.0 * R[:, 0], (51, 1)), rtol=0, atol=1e-12)


def test_sensor_load_records_user_function_values():
    m = Model()
    m.mbs.SolveDynamic(_settings(end=1.0, steps=100, period=0.05))
    d = m.data("load")
    t = d[:, 0]
    expected = np.column_stack([np.sin(3 * t), 2 * t * 1.5, 0.5 * np.ones_like(t)])
    np.testing.assert_allclose(d[:, 1:], expected, rtol=0, atol=1e-14)
    np.testing.assert_array_equal(m.data("gravity")[:, 1:], np.tile([0, 0, -9.81], (len(t), 1)))


def test_sensor_load_scalar_user_function():
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.Node1D())
    mbs.AddObject(cd.Mass1D(mass=1, nodeNumber=n))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    ld = mbs.AddLoad(cd.LoadCoordinate(markerNumber=mc, load=3.0,
                                       loadUserFunction=lambda mbs, t, load: load * t * t))
    sl = mbs.AddSensor(cd.SensorLoad(loadNumber=ld))
    sx = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Coordinates))
    mbs.Assemble()
    mbs.SolveDynamic(_settings(end=1.0, steps=200, period=0.1, rho=1.0))
    d = mbs.GetSensorStoredData(sl)
    assert d.shape == (11, 2)
    np.testing.assert_allclose(d[:, 1], 3 * d[:, 0] ** 2, rtol=0, atol=1e-14)
    assert mbs.GetLoadValues(ld) == pytest.approx(3.0)
    # x'' = 3 t^2  ->  x = t^4 / 4 (the load acts)
    assert mbs.GetSensorStoredData(sx)[-1, 1] == pytest.approx(0.25, rel=1e-4)


def test_write_to_file(tmp_path):
    fname = tmp_path / "sub" / "node.txt"  # the directory is created by the solve
    m = Model(file_name=str(fname))
    m.mbs.SolveDynamic(_settings(end=0.5, steps=100, period=0.01))
    text = fname.read_text()
    assert text.startswith("#")
    from_file = np.loadtxt(fname, delimiter=",", comments="#")
    # 10 significant digits (Exudyn's default outputPrecision)
    np.testing.assert_allclose(from_file, m.data("node"), rtol=1e-9, atol=1e-300)
    assert from_file.shape == (51, 4)
    # a second solve rewrites the file (it does not append)
    m.mbs.SolveDynamic(_settings(end=0.2, steps=20, period=0.01))
    np.testing.assert_allclose(np.loadtxt(fname, delimiter=",", comments="#"),
                               m.data("node"), rtol=1e-9, atol=1e-300)
    assert m.data("node").shape == (21, 4)


def test_file_only_with_a_file_name_and_no_internal_storage(tmp_path, monkeypatch):
    """As in Exudyn: writeToFile defaults to True and a file is written only when fileName is
    given"""
    monkeypatch.chdir(tmp_path)
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint(initialVelocities=[1, 2, 3]))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    s0 = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Velocity))
    s1 = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position,
                                     fileName="out/pos.txt", storeInternal=False))
    assert mbs.GetSensor(s0)["writeToFile"] is True
    mbs.Assemble()
    mbs.SolveDynamic(_settings(end=1.0, steps=10, period=0.1))
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["pos.txt"]
    d = np.loadtxt(tmp_path / "out" / "pos.txt", delimiter=",", comments="#")
    np.testing.assert_allclose(d[:, 1:], d[:, [0]] * [1, 2, 3], rtol=0, atol=1e-14)
    assert d.shape == (11, 4)
    with pytest.raises(ValueError, match="storeInternal"):
        mbs.GetSensorStoredData(s1)


def test_unwritable_file_raises(tmp_path):
    (tmp_path / "adir").mkdir()  # a directory cannot be opened as the sensor file
    m = Model(file_name=str(tmp_path / "adir"))
    with pytest.raises((cd.SolverError, OSError), match="(?s)(?=.*SensorNode 0)(?=.*adir)"):
        m.mbs.SolveDynamic(_settings(end=0.1, steps=10))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    m = Model(file_name=str(blocker / "cannot" / "be.txt"))
    with pytest.raises(OSError, match="cannot"):
        m.mbs.SolveDynamic(_settings(end=0.1, steps=10))


def test_stored_data_is_a_read_only_view_that_outlives_the_system():
    m = Model()
    m.mbs.SolveDynamic(_settings(end=0.5, steps=50))
    d = m.data("node")
    again = m.data("node")
    assert np.shares_memory(d, again)  # a view of the storage, not a copy
    assert not d.flags.writeable
    with pytest.raises(ValueError):
        d[0, 0] = 5.0
    copy = d.copy()
    alive = weakref.ref(m.mbs)
    del m, again
    gc.collect()
    assert alive() is None, "the system should be gone"
    np.testing.assert_array_equal(d, copy)
    junk = [np.full(d.shape, 7.0) for _ in range(50)]  # reuse freed memory, if any was freed
    np.testing.assert_array_equal(d, copy)
    del junk


def test_stored_data_survives_another_solve():
    m = Model()
    m.mbs.SolveDynamic(_settings(end=0.5, steps=50))
    old = m.data("node")
    copy = old.copy()
    m.mbs.systemData.SetODE2Coordinates([0.3, 0, 0], CT.Initial)
    m.mbs.SolveDynamic(_settings(end=0.3, steps=30))
    new = m.data("node")
    np.testing.assert_array_equal(old, copy)
    assert new.shape == (31, 4) and new[0, 1] == 1.3
    assert not np.shares_memory(old, new)


def test_stored_data_before_solve_and_bad_index():
    m = Model()
    assert m.data("node").shape[0] == 0
    with pytest.raises(IndexError):
        m.mbs.GetSensorStoredData(99)


def _rss_bytes():
    """the resident set size, after returning the allocator's free memory to the system where
    glibc allows it (malloc_trim): freed but cached heap pages otherwise count, and how many
    depends on what ran before in the same process (the full suite measured 28.8 MB of such
    growth once, the test alone 0 to 10 MB)"""
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # pragma: no cover - not glibc
        pass
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:  # pragma: no cover - not Linux
        import resource
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


@pytest.mark.skipif(UNDER_ASAN, reason="ASan's quarantine holds freed memory (RSS grows without "
                    "a leak); make sanitize checks the engine's leaks in the C tests")
def test_memory_bounded_over_many_solves():
    """two sensors of 1e5 rows = 6.4 MB per solve; 15 more solves (and 5 more systems) must
    not add more than a fraction of what a leak of the sensor storage would (~130 MB)"""
    def model():
        mbs = cd.SystemContainer().AddSystem()
        n = mbs.AddNode(cd.NodePoint(initialVelocities=[1, 0, 0]))
        mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
        mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
        mbs.AddLoad(cd.Force(markerNumber=mk, loadVector=[0, 1, 0]))
        s = [mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=v))
             for v in (OV.Position, OV.Velocity)]
        mbs.Assemble()
        return mbs, s

    settings = _settings(end=1.0, steps=100000, period=0.0)
    mbs, s = model()
    mbs.SolveDynamic(settings)
    assert mbs.GetSensorStoredData(s[0]).shape == (100001, 4)
    gc.collect()
    before = _rss_bytes()
    for _ in range(15):
        mbs.SolveDynamic(settings)
        data = mbs.GetSensorStoredData(s[1])
    for _ in range(5):
        other, so = model()
        other.SolveDynamic(settings)
        del other
    del data
    gc.collect()
    grown = _rss_bytes() - before
    print(f"RSS growth {grown / 1e6:.1f} MB")
    assert grown < 25e6, f"RSS grew by {grown / 1e6:.1f} MB"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_sensor_file_write_failure_stops_the_solve():
    """A sensor whose file cannot be written (a full device) stops the solve with a message
    naming the sensor; the rows stored so far stay available."""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.NodePoint())
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    s = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=cd.OutputVariableType.Position,
                                    writeToFile=True, fileName="/dev/full"))
    mbs.Assemble()
    settings = cd.SimulationSettings()
    settings.timeIntegration.numberOfSteps = 2000
    settings.solutionSettings.sensorsWritePeriod = 0
    with pytest.raises(cd.SolverError, match=r"SensorNode 0: writing its file failed"):
        mbs.SolveDynamic(settings)
    assert mbs.GetSensorStoredData(s).shape[0] > 1
