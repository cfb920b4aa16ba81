"""What holds today and must keep holding (issue 16, "Keep what holds today, each with a
test"): no memory growth over 2000 build-and-solve cycles; Ctrl-C stops a solve promptly with
the sensor data kept and the system usable; a failed solve keeps the last good step and can be
continued with a smaller step; two threads solving two systems run in parallel with results
bit-identical to the serial solves.

Each measuring test has a companion that shows the measurement can fail (an injected leak, a
solve that is not interrupted, a GIL held)."""
import ctypes
import gc
import os
import signal
import sys
import threading
import time
import tracemalloc

import numpy as np
import pytest

from conftest import UNDER_ASAN

import coordyn as cd

OV = cd.OutputVariableType
CT = cd.ConfigurationType

linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"),
                                reason="reads /proc/self/statm, leaks with libc malloc")


# ----------------------------------------------------------------------------- memory

def _rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


class _MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                               "usmblks", "fsmblks", "uordblks", "fordblks",
                                               "keepcost")]


def _libc():
    libc = ctypes.CDLL(None)
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.memset.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_size_t]
    if hasattr(libc, "mallinfo2"):
        libc.mallinfo2.restype = _MallInfo2
    return libc


def _malloc_in_use():
    """bytes in use by malloc (glibc >= 2.33; the C engine's and numpy's allocations): a leak
    shows here even when RSS does not grow (freed heap memory of earlier tests reused)"""
    libc = _libc()
    if not hasattr(libc, "mallinfo2"):
        pytest.skip("needs glibc's mallinfo2")
    m = libc.mallinfo2()
    return m.uordblks + m.hblkhd


CYCLES, FIRST, WINDOW = 2000, 500, 250
LEAK = 1024                                 # bytes per cycle the bound must catch
# the growth per window of 250 cycles: the median of the six windows 500..2000 (a one-off
# jump, e.g. a resize of the interpreter's interned-string table, moves one window only);
# a leak of 1 kB per cycle adds 250 kB to every window
BOUND = WINDOW * LEAK // 4


def _settings(end, steps, period):
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end
    s.timeIntegration.numberOfSteps = steps
    s.solutionSettings.sensorsWritePeriod = period
    s.progressBar = False
    return s


_SMALL = _settings(0.05, 5, 0.01)


class _Boom(Exception):
    pass


def _cycle(i):
    """build a small model (user functions, sensors, loads), solve it (dynamically; every
    10th cycle statically, every 10th a user function raises during the solve: the error
    path), read its results"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0], initialVelocities=[0, 1, 0]))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n, name="mass"))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    fail = i % 10 == 9

    def spring(mbs, t, item, dl, dl_t, k, d, f):
        if fail and t > 0.02:
            raise _Boom("planned")
        return k * dl + d * dl_t

    mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=100, damping=1,
                                  referenceLength=1, springForceUserFunction=spring))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[10, 10, 10]))
    mbs.AddLoad(cd.Force(markerNumber=m1, loadVectorUserFunction=lambda mbs, t, v: [0, -1, 0]))
    s = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Position))
    mbs.Assemble()
    if fail:
        with pytest.raises(_Boom):
            mbs.SolveDynamic(_SMALL)
    elif i % 10 == 4:
        mbs.SolveStatic(_SMALL)
    else:
        mbs.SolveDynamic(_SMALL)
    data = mbs.GetSensorStoredData(s)
    mbs.GetSolverStatistics()
    mbs.GetNodeOutput(n, OV.Velocity)
    mbs.systemData.GetODE2Coordinates()
    return data.shape


def _measure(step, cycles=CYCLES):
    """per-window growth over cycles FIRST..end of RSS, of the bytes malloc has in use and of
    the memory tracemalloc traces (Python objects)"""
    rss, heap, traced = [], [], []
    tracemalloc.start()
    try:
        for i in range(cycles):
            step(i)
            if i + 1 >= FIRST and (i + 1 - FIRST) % WINDOW == 0:
                gc.collect()
                rss.append(_rss())
                heap.append(_malloc_in_use())
                traced.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    return np.diff(rss), np.diff(heap), np.diff(traced)


@linux_only
@pytest.mark.skipif(UNDER_ASAN, reason="ASan replaces malloc (mallinfo2 does not see its heap) "
                    "and its quarantine holds freed memory; the C tests check leaks there")
def test_no_memory_growth_over_2000_build_and_solve_cycles():
    t0 = time.perf_counter()
    d_rss, d_heap, d_traced = _measure(_cycle)
    elapsed = time.perf_counter() - t0
    assert len(d_rss) == (CYCLES - FIRST) // WINDOW == 6
    # a leak of 1 kB / cycle in C (malloc in use) or of Python objects (traced) exceeds BOUND
    # in every window; see test_the_memory_measurement_sees_a_1kB_leak
    for d in (d_rss, d_heap, d_traced):
        assert np.median(d) < BOUND, (d_rss, d_heap, d_traced, elapsed)
    # in total: besides one one-off jump, less than half of what the leak would add. Not for
    # RSS: on a loaded machine it jumped by 0.8 to 2.3 MB in two windows of one run while the
    # heap and the traced memory stayed flat (freed pages the allocator keeps); a leak shows in
    # the median of every measure and in the totals of these two
    for d in (d_heap, d_traced):
        assert d.sum() - d.max() < 2 * BOUND, (d_rss, d_heap, d_traced, elapsed)


@linux_only
@pytest.mark.skipif(UNDER_ASAN, reason="ASan replaces malloc (mallinfo2 does not see its heap) "
                    "and its quarantine holds freed memory; the C tests check leaks there")
def test_the_memory_measurement_sees_a_1kB_leak():
    """the same measurement with a 1 kB leak per cycle (C: libc malloc; Python: objects
    kept) fails the bounds above (RSS alone need not: a leak may reuse freed heap memory)"""
    libc = _libc()
    kept = []

    def c_leak(i):
        libc.memset(libc.malloc(LEAK), 1, LEAK)

    def py_leak(i):
        kept.append(bytes(LEAK - 33))  # 33: the header of a bytes object

    _, d_heap, _ = _measure(c_leak)
    assert np.median(d_heap) >= BOUND, d_heap
    _, _, d_traced = _measure(py_leak)
    assert np.median(d_traced) >= BOUND, d_traced


# ----------------------------------------------------------------------------- Ctrl-C

def _chain(n=20, end=100.0, steps=200000, k=1e3, seed=0, period=0.01):
    """n mass points on spring-dampers (sparse, nonlinear), a sensor at the last one"""
    rng = np.random.default_rng(seed)
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    prev = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    for i in range(n):
        nd = mbs.AddNode(cd.NodePoint(referenceCoordinates=[i + 1.0, 0, 0],
                                      initialVelocities=list(0.1 * rng.standard_normal(3))))
        b = mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=nd))
        mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nd))
        mbs.AddObject(cd.SpringDamper(markerNumbers=[prev, mk], stiffness=k, damping=1,
                                      referenceLength=1))
        mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                               loadVector=[0, -9.81, 0]))
        prev = mk
    s = mbs.AddSensor(cd.SensorNode(nodeNumber=nd, outputVariableType=OV.Position))
    mbs.Assemble()
    return mbs, s, nd, _settings(end, steps, period)


# the driver checks for Ctrl-C at most every 0.02 s of wall time, after a step: the latency is
# up to 0.02 s plus one step (here ~0.05 ms) plus scheduling; the issue asks for 0.1 s
LATENCY = 0.1


def _interrupt_after(delay):
    """SIGINT to the main thread after `delay` seconds; returns the timer and the dict that
    gets the time the signal was sent"""
    sent = {}
    main = threading.main_thread().ident

    def fire():
        sent["t"] = time.perf_counter()
        signal.pthread_kill(main, signal.SIGINT)

    timer = threading.Timer(delay, fire)
    timer.start()
    return timer, sent


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                    reason="signals reach the main thread only")
def test_ctrl_c_stops_a_solve_promptly_and_keeps_the_data():
    mbs, s, nd, settings = _chain()
    rng = np.random.default_rng(7)
    latencies = []
    for trial in range(5):
        timer, sent = _interrupt_after(0.15 + 0.1 * rng.random())  # at a random phase
        try:
            with pytest.raises(KeyboardInterrupt):
                mbs.SolveDynamic(settings)  # 100 s of simulation: seconds of work
            latencies.append(time.perf_counter() - sent["t"])
        finally:
            timer.cancel()
            timer.join()
        # the sensor data up to the interrupt are there, finite, one row per 0.01 s
        data = mbs.GetSensorStoredData(s)
        assert data.shape[0] > 10 and np.all(np.isfinite(data))
        np.testing.assert_allclose(np.diff(data[:, 0]), 0.01, rtol=1e-9)
        # the state is the last accepted step, at or just after the last sensor row
        t_steps = mbs.GetSolverStatistics()["steps"] * 100.0 / 200000
        assert -1e-9 <= t_steps - data[-1, 0] < 0.01 + 1e-9
        assert np.all(np.isfinite(mbs.GetNodeOutput(nd, OV.Position)))
    assert max(latencies) < LATENCY, latencies
    # the system is usable: a second solve gives what a fresh system gives
    short = _settings(0.2, 400, 0.01)
    mbs.SolveDynamic(short)
    fresh, fs, _, _ = _chain()
    fresh.SolveDynamic(short)
    np.testing.assert_array_equal(mbs.GetSensorStoredData(s), fresh.GetSensorStoredData(fs))
    np.testing.assert_array_equal(mbs.systemData.GetODE2Coordinates(),
                                  fresh.systemData.GetODE2Coordinates())


# ----------------------------------------------------------------------------- failure, continue

def _cubic(t_load=0.505, force=1e4):
    """a mass on a hardening spring (1e4 u^3), at rest until a force steps on at t_load: with
    h = 0.1 Newton (6 iterations) cannot follow the jump, with h = 0.01 it can. Before the
    jump every step size gives the state exactly (rest)."""
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0]))
    mbs.AddObject(cd.Mass1D(mass=1, nodeNumber=n))
    g = mbs.AddNode(cd.NodePointGround())
    m0 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=g, coordinate=0))
    m1 = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=n, coordinate=0))
    mbs.AddObject(cd.CoordinateSpringDamper(
        markerNumbers=[m0, m1], stiffness=0, damping=1,
        springForceUserFunction=lambda mbs, t, i, u, v, k, d, o: 1e4 * u ** 3 + d * v))
    mbs.AddLoad(cd.LoadCoordinate(markerNumber=m1,
                                  loadUserFunction=lambda mbs, t, l: force if t > t_load else 0))
    s = mbs.AddSensor(cd.SensorNode(nodeNumber=n, outputVariableType=OV.Coordinates))
    mbs.Assemble()
    return mbs, s


def _fixed(h, start=0.0, end=1.0):
    s = _settings(end, int(round((end - start) / h)), h)
    s.timeIntegration.startTime = start
    s.timeIntegration.adaptiveStep = False
    s.timeIntegration.newton.maxIterations = 6
    # the hardening spring oscillates with omega h ~ 1.7 at h = 0.01 after the load step: the
    # blow-up guard would stop that under-resolved motion; these tests are about continuing
    s.timeIntegration.errorControl.blowUpTolerance = 0
    return s


def test_failed_solve_keeps_last_good_step_and_continues_with_smaller_step():
    mbs, s = _cubic()
    with pytest.raises(cd.SolverError, match=r"failed at t = 0\.5 with step size 0\.1"):
        mbs.SolveDynamic(_fixed(0.1))
    # the last accepted step: t = 0.5 (the failing step was 0.5 -> 0.6), at rest
    data = mbs.GetSensorStoredData(s)
    assert data[-1, 0] == pytest.approx(0.5) and mbs.GetSolverStatistics()["steps"] == 5
    np.testing.assert_array_equal(data[:, 1], 0)
    q, v = mbs.systemData.GetODE2Coordinates(), mbs.systemData.GetODE2Coordinates_t()
    assert q[0] == 0 and v[0] == 0
    # continue from there with h = 0.01: the current state becomes the initial one
    mbs.systemData.SetODE2Coordinates(q, CT.Initial)
    mbs.systemData.SetODE2Coordinates_t(v, CT.Initial)
    mbs.SolveDynamic(_fixed(0.01, start=data[-1, 0]))
    cont = mbs.GetSensorStoredData(s)
    # ... and it is the solve that used h = 0.01 throughout
    ref, rs = _cubic()
    ref.SolveDynamic(_fixed(0.01))
    whole = ref.GetSensorStoredData(rs)
    k = int(np.argmin(abs(whole[:, 0] - 0.5)))
    assert cont.shape == whole[k:].shape == (51, 2)
    np.testing.assert_allclose(cont[:, 0], whole[k:, 0], rtol=0, atol=1e-12)
    assert np.abs(cont[:, 1]).max() > 0.5  # the jump happened
    np.testing.assert_allclose(cont[:, 1], whole[k:, 1], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(),
                               ref.systemData.GetODE2Coordinates(), rtol=1e-10)


# ----------------------------------------------------------------------------- threads

def _solve_in_threads(models, lock=None):
    """solve each (mbs, settings) in its own thread, started together; lock: a lock held
    around each solve (what a solve holding the GIL would do). Returns the wall time and, per
    thread, the wall-clock times of its progress callbacks (at most every 0.1 s)"""
    errors, stamps = [], [[] for _ in models]
    barrier = threading.Barrier(len(models) + 1)

    def run(i, mbs, s):
        try:
            barrier.wait()
            with lock or _NoLock():
                mbs._core.solve(False, s._all(),
                                lambda t, t0, t1: stamps[i].append(time.perf_counter()))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=run, args=(i, *m)) for i, m in enumerate(models)]
    for t in threads:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    assert not errors, errors
    return time.perf_counter() - t0, stamps


class _NoLock:
    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


def _concurrent(stamps):
    """both solves reported progress while the other was running: each one's callbacks fall
    between the first and the last callback of the other (impossible if a solve held the GIL
    or anything else that serializes them)"""
    a, b = stamps
    inside = lambda x, y: sum(y[0] < t < y[-1] for t in x)  # noqa: E731
    return len(a) >= 3 and len(b) >= 3 and inside(a, b) >= 2 and inside(b, a) >= 2


def _pair():
    return [tuple(_chain(n=20, end=1.0, steps=30000, k=k, seed=k, period=0.01)[i]
                  for i in (0, 1, 3)) for k in (500, 2000)]


def test_two_threads_solve_concurrently_with_serial_results():
    """bit-identical results, and the two solves run at the same time (the GIL is released
    during a solve: see also test_api.test_gil_is_released_during_solve)"""
    serial, par = _pair(), _pair()
    for mbs, s, settings in serial:
        mbs.SolveDynamic(settings)
    _, stamps = _solve_in_threads([(m, st) for m, _, st in par])
    for (a, sa, _), (b, sb, _) in zip(serial, par):
        np.testing.assert_array_equal(b.systemData.GetODE2Coordinates(),
                                      a.systemData.GetODE2Coordinates())
        np.testing.assert_array_equal(b.systemData.GetODE2Coordinates_t(),
                                      a.systemData.GetODE2Coordinates_t())
        np.testing.assert_array_equal(b.GetSensorStoredData(sb), a.GetSensorStoredData(sa))
    assert _concurrent(stamps), [np.round(np.array(x) - stamps[0][0], 2) for x in stamps]


def test_serialized_solves_are_not_taken_for_concurrent():
    """the criterion above fails for two threads whose solves cannot overlap"""
    _, stamps = _solve_in_threads([(m, st) for m, _, st in _pair()], lock=threading.Lock())
    assert not _concurrent(stamps)


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="needs two cores")
def test_two_threads_are_faster_than_serial():
    """on two free cores, two solves in two threads take about the time of one; tried three
    times (another process may hold a core for a while), and only when the machine is not
    already busy (load average below 1: the measurement needs both cores)"""
    if os.getloadavg()[0] > 1.0:
        pytest.skip(f"machine busy (load average {os.getloadavg()[0]:.1f}): no free cores to "
                    f"measure a speed-up with")
    ratios = []
    for attempt in range(3):
        models = _pair()
        t0 = time.perf_counter()
        for mbs, s, settings in models:
            mbs.SolveDynamic(settings)
        t_serial = time.perf_counter() - t0
        assert t_serial > 0.3, "model too small to tell"
        t_par, _ = _solve_in_threads([(m, st) for m, _, st in _pair()])
        ratios.append(t_serial / t_par)
        if ratios[-1] > 1.4:
            break
    assert max(ratios) > 1.4, ratios  # serialized: 1.0


@linux_only
def test_ctrl_c_stops_a_static_solve():
    """a static solve of 2e7 load steps (minutes) stops within 0.1 s of the SIGINT, and the
    system solves again afterwards"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 0, 0]))
    mbs.AddObject(cd.MassPoint(mass=1, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=g))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n))
    mbs.AddObject(cd.CartesianSpringDamper(markerNumbers=[m0, m1], stiffness=[100, 100, 100]))
    mbs.AddLoad(cd.Force(markerNumber=m1, loadVector=[1, 0, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    s.staticSolver.numberOfLoadSteps = 20_000_000
    sent = []
    timer = threading.Timer(0.3, lambda: (sent.append(time.perf_counter()),
                                          os.kill(os.getpid(), signal.SIGINT)))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        mbs.SolveStatic(s)
    latency = time.perf_counter() - sent[0]
    assert latency < 0.1, latency
    s.staticSolver.numberOfLoadSteps = 1
    assert mbs.SolveStatic(s)
    # the Cartesian spring pulls the point to the origin: k x = f at x = 0.01
    assert mbs.GetNodeOutput(n, OV.Position)[0] == pytest.approx(0.01)


def test_minimum_step_below_the_time_resolution_ends_the_solve():
    """a minimumStepSize below the round-off of the time would let the step shrink until it no
    longer advances t, and the solve would run on without end (found by the fuzzer): the
    minimum is raised to 64 eps |t| and the error says so"""
    import time as _time
    mbs = cd.SystemContainer().AddSystem()
    n = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0], initialVelocities=[1e308]))
    b = mbs.AddObject(cd.ObjectMass1D(nodeNumber=n, mass=0.1))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                                        loadVector=[1e100, 0, 0]))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 30
    s.timeIntegration.endTime = 2.0
    s.timeIntegration.minimumStepSize = 1e-300
    t0 = _time.perf_counter()
    with pytest.raises(cd.SolverError, match=r"minimum 2\.84e-14, the resolution of the time"):
        mbs.SolveDynamic(s)
    assert _time.perf_counter() - t0 < 5
