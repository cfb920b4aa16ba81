#!/usr/bin/env python3
"""Chain benchmarks: coordyn vs Exudyn, time per implicit time step.

Two models, built item by item through the Exudyn-compatible API (function build_chain):

  masspoint  N NodePoint (3D) + MassPoint, neighbours (and mass 0 to the ground) joined by
             ObjectConnectorSpringDamper, gravity by LoadForceVector on MarkerNodePosition.
             3N ODE2 coordinates, no constraints.
  pendulum   N NodePoint2D + MassPoint2D, neighbours (and mass 0 to the ground) joined by
             ObjectConnectorDistance, gravity by LoadForceVector.  Released from the horizontal.
             2N ODE2 coordinates + N Lagrange multipliers (index 3).

Both: spacing 0.1 m, mass 0.1 kg per node, springs k = 1e4 N/m, d = 10 Ns/m, g = 9.81 m/s^2 in -y,
generalized-alpha rho_inf = 0.9 (index 3), step size h = 1e-3 s, full Newton (rtol 1e-8,
atol 1e-10) unless --modified-newton, no output of any kind (no solution file, no sensors,
no console), Exudyn parallel.numberOfThreads = 1.

Only the solve is timed (mbs.SolveDynamic; model building and mbs.Assemble are excluded; solver
initialisation incl. the initial-acceleration solve is inside the timed region).  Each case is
built and solved --reps times (default 3) and the median is reported.  Dense solvers are skipped
above --dense-max (default N = 1000).

Usage:
  python benchmarks/bench_chains.py                 # quick default (~0.5 s per solve)
  python benchmarks/bench_chains.py --full          # ~2 s per solve
  python benchmarks/bench_chains.py --sizes 10,100 --steps 500 --solvers sparse
  python benchmarks/bench_chains.py --engines exudyn --models pendulum --modified-newton
"""

import os
# one BLAS thread, as Exudyn runs with parallel.numberOfThreads = 1 (set before numpy/coordyn load)
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import argparse
import contextlib
import io
import math
import statistics
import sys
import time
import types
import warnings

# the Exudyn-compatibility helpers shared with the reference models of the test suite
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests'))
from exudyn_models import _try_set, exudyn_lib as _exudyn_lib, make, quiet  # noqa: E402

# ---------------------------------------------------------------------------------------------
# model parameters (shared by both engines)
H = 1e-3          # time step
SPACING = 0.1     # distance between neighbouring masses
MASS = 0.1        # mass per node
GRAVITY = 9.81
STIFFNESS = 1e4   # spring-damper chain
DAMPING = 10.

MODELS = ('masspoint', 'pendulum')
SOLVERS = ('dense', 'sparse')

# Exudyn 1.12.258 renamed some item keywords; make() tries the new name first, then the old one
def build_chain(lib, N, kind):
    """Build a chain of N masses; returns (SC, mbs, lastNode).  Keep SC alive while mbs is used.

    lib: namespace with SystemContainer and the item classes (ObjectGround, NodePoint, MassPoint,
    NodePoint2D, MassPoint2D, MarkerBodyPosition, MarkerNodePosition,
    ObjectConnectorSpringDamper, ObjectConnectorDistance, LoadForceVector)."""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    oGround = mbs.AddObject(lib.ObjectGround(referencePosition=[0, 0, 0]))
    mPrev = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0, 0, 0]))
    node = None
    for i in range(N):
        x = SPACING * (i + 1)
        if kind == 'masspoint':
            node = mbs.AddNode(lib.NodePoint(referenceCoordinates=[x, 0, 0]))
            mbs.AddObject(make(lib.MassPoint, nodeNumber=node, mass=MASS))
            m = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=node))
            mbs.AddObject(lib.ObjectConnectorSpringDamper(markerNumbers=[mPrev, m],
                                                          referenceLength=SPACING,
                                                          stiffness=STIFFNESS, damping=DAMPING))
        elif kind == 'pendulum':
            node = mbs.AddNode(lib.NodePoint2D(referenceCoordinates=[x, 0]))
            mbs.AddObject(make(lib.MassPoint2D, nodeNumber=node, mass=MASS))
            m = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=node))
            mbs.AddObject(lib.ObjectConnectorDistance(markerNumbers=[mPrev, m], distance=SPACING))
        else:
            raise ValueError('unknown chain kind ' + repr(kind))
        mbs.AddLoad(lib.LoadForceVector(markerNumber=m, loadVector=[0, -MASS * GRAVITY, 0]))
        mPrev = m
    return SC, mbs, node


# ---------------------------------------------------------------------------------------------
# settings helpers (work with the Exudyn >= 1.13 names and with the older names)
def make_settings(lib, steps, solver, modified_newton):
    s = lib.SimulationSettings()
    ti = s.timeIntegration
    ti.startTime = 0.
    ti.endTime = steps * H
    ti.numberOfSteps = steps
    ti.generalizedAlpha.spectralRadius = 0.9
    ti.generalizedAlpha.computeInitialAccelerations = True
    ti.newton.useModifiedNewton = bool(modified_newton)   # Exudyn 1.13.6 default would be True
    ti.newton.relativeTolerance = 1e-8
    ti.newton.absoluteTolerance = 1e-10
    solverType = lib.Dense if solver == 'dense' else lib.Sparse
    if not _try_set(s, ['linearSolver.solverType', 'linearSolverType'], solverType):
        raise RuntimeError('cannot set the linear solver type')
    quiet(s)  # no files, no sensors, no console output
    _try_set(s, ['parallel.numberOfThreads'], 1)   # single thread for a fair comparison
    return s


# ---------------------------------------------------------------------------------------------
# engines
def exudyn_lib():
    import exudyn as exu
    lib = _exudyn_lib()
    lib.name = 'exudyn ' + getattr(exu, '__version__', '?')
    return lib


def engine_libs(engines):
    """the engines named in the comma-separated list that can be imported (coordyn_lib,
    exudyn_lib), saying which cannot"""
    libs = []
    for e in engines.split(","):
        try:
            libs.append(coordyn_lib() if e == "coordyn" else exudyn_lib())
        except ImportError:
            print(f"({e} not available)")
    return libs


def speed_ratio(res):
    """Exudyn's time / coordyn's for [(t_coordyn, ...), (t_exudyn, ...)] (> 1: coordyn
    faster), '-' when either failed"""
    t0, t1 = res[0][0], res[1][0]
    return f"{t1 / t0:.2f}" if t0 and t1 else "-"


def coordyn_lib():
    try:
        import coordyn as cd
    except ImportError:   # not installed: try the in-repo package (<repo>/python/coordyn)
        import os
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'python'))
        import coordyn as cd
    lib = types.SimpleNamespace(**{k: getattr(cd, k) for k in dir(cd) if not k.startswith('_')})
    for sub in ('itemInterface', 'items'):   # item classes may live in a submodule
        mod = getattr(cd, sub, None)
        if mod is not None:
            for k in dir(mod):
                if not k.startswith('_') and not hasattr(lib, k):
                    setattr(lib, k, getattr(mod, k))
    lib.Dense = cd.LinearSolverType.Dense
    lib.Sparse = cd.LinearSolverType.Sparse
    lib.name = 'coordyn ' + getattr(cd, '__version__', '?')
    return lib


def newton_iterations(mbs):
    """total Newton iterations of the last solve, if the engine exposes them (Exudyn does)"""
    try:
        return mbs.sys['dynamicSolver'].it.newtonStepsCount
    except Exception:
        pass
    for path in ('solverStatistics', 'statistics', 'GetSolverStatistics'):
        v = getattr(mbs, path, None)
        try:
            v = v() if callable(v) else v
            return int(v['newtonIterations'])
        except Exception:
            continue
    return None


def last_position(lib, mbs, node):
    try:
        return [float(v) for v in mbs.GetNodeOutput(node, lib.OutputVariableType.Position)]
    except Exception:
        return None


@contextlib.contextmanager
def _quiet_stdout():
    """Exudyn prints a warning for dense systems > 1000 unknowns; keep the table readable"""
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf), warnings.catch_warnings():
        warnings.simplefilter('ignore')
        yield buf


def run_case(lib, N, kind, solver, steps, modified_newton, reps, max_rep_time):
    """median solve time over reps (fresh model each time); returns dict"""
    times, its, pos = [], None, None
    for r in range(reps):
        with _quiet_stdout():
            SC, mbs, node = build_chain(lib, N, kind)
            if hasattr(mbs, 'Assemble'):
                mbs.Assemble()
            s = make_settings(lib, steps, solver, modified_newton)
            t0 = time.perf_counter()
            mbs.SolveDynamic(s)
            t = time.perf_counter() - t0
        times.append(t)
        its = newton_iterations(mbs)
        pos = last_position(lib, mbs, node)
        del mbs, SC
        if t > max_rep_time:        # keep the whole run bounded: very slow cases get fewer reps
            break
    return {'time': statistics.median(times), 'reps': len(times), 'steps': steps,
            'its': its, 'pos': pos}


# ---------------------------------------------------------------------------------------------
def default_steps(kind, solver, N, target):
    """steps so that one Exudyn solve takes about `target` seconds on a ~3 GHz core
    (cost model fitted to Exudyn 1.13.6 runs on the development machine)"""
    est = 3.8e-6 * N + 1e-5                          # sparse: O(N) per step
    if solver == 'dense':
        c = 1.1e-8 if kind == 'masspoint' else 6.3e-8  # dense LU, empirically ~N^2.6
        est = max(est, c * N ** 2.6)
    return int(min(20000, max(1, round(target / est))))


def fmt_rate(x):
    if x is None:
        return '—'
    if x >= 100:
        return '%.0f' % x
    if x >= 10:
        return '%.1f' % x
    return '%.2f' % x


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--sizes', default='10,100,1000,10000', help='comma separated chain lengths N')
    ap.add_argument('--steps', type=int, default=None, help='number of time steps for every case '
                    '(default: chosen per N so that an Exudyn solve takes ~0.5 s, ~2 s with --full)')
    ap.add_argument('--full', action='store_true', help='longer runs (~2 s per solve)')
    ap.add_argument('--models', default=','.join(MODELS))
    ap.add_argument('--solvers', default=','.join(SOLVERS))
    ap.add_argument('--engines', default='coordyn,exudyn')
    ap.add_argument('--reps', type=int, default=3, help='repetitions, median is reported')
    ap.add_argument('--max-rep-time', type=float, default=8.,
                    help='stop repeating a case after a solve longer than this (s)')
    ap.add_argument('--dense-max', type=int, default=1000, help='skip dense solver above this N')
    ap.add_argument('--modified-newton', action='store_true', help='modified instead of full Newton')
    args = ap.parse_args(argv)

    sizes = sorted(int(v) for v in args.sizes.split(','))
    models = [m for m in args.models.split(',') if m]
    solvers = [s for s in args.solvers.split(',') if s]
    target = 2.0 if args.full else 0.5

    libs = {}
    for eng in [e for e in args.engines.split(',') if e]:
        try:
            libs[eng] = coordyn_lib() if eng == 'coordyn' else exudyn_lib()
        except Exception as e:  # coordyn may not exist yet
            print('# %s not available: %s: %s' % (eng, type(e).__name__, e), file=sys.stderr)
    if not libs:
        print('no engine available', file=sys.stderr)
        return 1

    results = {}   # (model, solver, N, engine) -> dict or str (error)
    for model in models:
        for solver in solvers:
            for N in sizes:
                if solver == 'dense' and N > args.dense_max:
                    continue
                steps = args.steps if args.steps else default_steps(model, solver, N, target)
                for eng, lib in libs.items():
                    try:
                        r = run_case(lib, N, model, solver, steps, args.modified_newton,
                                     args.reps, args.max_rep_time)
                    except Exception as e:
                        r = '%s: %s' % (type(e).__name__, str(e).splitlines()[0] if str(e) else '')
                    results[(model, solver, N, eng)] = r
                    if isinstance(r, dict):
                        print('# %-9s %-6s N=%-6d %-8s steps=%-6d %.3f s (median of %d)'
                              % (model, solver, N, eng, steps, r['time'], r['reps']), file=sys.stderr)
                    else:
                        print('# %-9s %-6s N=%-6d %-8s FAILED %s' % (model, solver, N, eng, r),
                              file=sys.stderr)

    # --------------------------------------------------------------------- table
    def rate(key):
        r = results.get(key)
        return r['steps'] / r['time'] if isinstance(r, dict) else None

    def tps(key):
        r = results.get(key)
        return r['time'] / r['steps'] if isinstance(r, dict) else None

    print()
    print('Engines: ' + ', '.join(lib.name for lib in libs.values()) +
          '; Newton: ' + ('modified' if args.modified_newton else 'full') +
          '; h = %g s; Exudyn dense = EXUdense, sparse = EigenSparse; numberOfThreads = 1' % H)
    print()
    print('| model | N | solver | steps | coordyn steps/s | exudyn steps/s | ratio cd/exu '
          '| slope cd | slope exu | Newton it/step cd / exu | note |')
    print('|---|---|---|---|---|---|---|---|---|---|---|')
    for model in models:
        for solver in solvers:
            prevN = None
            for N in sizes:
                if solver == 'dense' and N > args.dense_max:
                    print('| %s | %d | %s | — | — | — | — | — | — | — | skipped (dense above N=%d) |'
                          % (model, N, solver, args.dense_max))
                    continue
                kc, ke = (model, solver, N, 'coordyn'), (model, solver, N, 'exudyn')
                rc, re_ = rate(kc), rate(ke)
                ratio = '%.2f' % (rc / re_) if (rc and re_) else '—'
                slopes = []
                for eng in ('coordyn', 'exudyn'):
                    if prevN is None:
                        slopes.append('—')
                        continue
                    a, b = tps((model, solver, prevN, eng)), tps((model, solver, N, eng))
                    slopes.append('%.2f' % (math.log(b / a) / math.log(N / prevN)) if (a and b) else '—')
                its = []
                for k in (kc, ke):
                    r = results.get(k)
                    its.append('%.2f' % (r['its'] / r['steps']) if isinstance(r, dict) and r['its'] else '—')
                notes = []
                steps = '—'
                for eng, k in (('coordyn', kc), ('exudyn', ke)):
                    r = results.get(k)
                    if isinstance(r, str):
                        notes.append('%s failed: %s' % (eng, r[:60]))
                    elif isinstance(r, dict):
                        steps = str(r['steps'])
                        if r['reps'] < args.reps:
                            notes.append('%s: %d rep' % (eng, r['reps']))
                if steps != '—' and int(steps) < 5:
                    notes.append('only %s step(s): solver initialisation dominates' % steps)
                pc_, pe_ = results.get(kc), results.get(ke)
                if isinstance(pc_, dict) and isinstance(pe_, dict) and pc_['pos'] and pe_['pos']:
                    d = max(abs(a - b) for a, b in zip(pc_['pos'], pe_['pos']))
                    notes.append('last-node pos diff %.1e' % d)
                print('| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s / %s | %s |'
                      % (model, N, solver, steps, fmt_rate(rc), fmt_rate(re_), ratio,
                         slopes[0], slopes[1], its[0], its[1], '; '.join(notes)))
                prevN = N
    print()
    print('steps/s = time steps per second of wall time (median of %d solves, solve only); '
          'ratio > 1: coordyn faster; slope = d log(time per step) / d log N between this N '
          'and the previous one.' % args.reps)
    return 0


if __name__ == '__main__':
    sys.exit(main())
