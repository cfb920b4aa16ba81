"""Andrews' squeezer work-precision table: coordyn vs Exudyn, error against steps and time.

The model is examples/andrews_squeezer.py's build(mbs, lib=...), item by item the same for both
engines; the error is the max relative error of the seven angles at t = 0.03 s against the Test
Set's reference (scd = -log10 of it). Fixed steps h (no step reduction), generalized-alpha
rho = 0.9 (coordyn's and Exudyn's default) or TrapezoidalIndex2, full Newton (rtol 1e-8,
atol 1e-10; --modified-newton for modified Newton, Exudyn 1.13's default), dense LU (--linear
sparse: CSparse / EigenSparse), no output,
one BLAS thread, Exudyn parallel.numberOfThreads = 1. Only SolveDynamic is timed; median of
--reps runs.

Both engines' ObjectRigidBody2D take the inertia about the reference point (the node): the same
build() runs in both.

    python benchmarks/bench_andrews.py                     # both engines, both solvers
    python benchmarks/bench_andrews.py --engines coordyn --steps 1e-4,1e-5 --reps 1
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import runpy  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'tests'))
from bench_rigid import coordyn_lib  # noqa: E402
from exudyn_models import _try_set, exudyn_lib, quiet  # noqa: E402

coordyn_lib()   # makes coordyn importable for the example (repository's python/ if needed)
EXAMPLE = runpy.run_path(os.path.join(HERE, '..', 'examples', 'andrews_squeezer.py'),
                         run_name='andrews_squeezer')
STEPS = (1e-4, 5e-5, 2e-5, 1e-5, 5e-6)


def engine_lib(engine):
    if engine == 'coordyn':
        return coordyn_lib()
    return exudyn_lib()


def solve(lib, h, solver='ga', modified=False, linear='dense'):
    """(angles at t = 0.03, SolveDynamic time) for the fixed step h"""
    mbs = lib.SystemContainer().AddSystem()
    model = EXAMPLE['build'](mbs, lib=lib)
    mbs.Assemble()
    s = lib.SimulationSettings()
    ti = s.timeIntegration
    ti.numberOfSteps = int(round(EXAMPLE['END_TIME'] / h))
    ti.endTime = EXAMPLE['END_TIME']
    ti.adaptiveStep = False
    ti.generalizedAlpha.spectralRadius = 0.9
    ti.generalizedAlpha.computeInitialAccelerations = True
    ti.newton.useModifiedNewton = modified
    ti.newton.relativeTolerance, ti.newton.absoluteTolerance = 1e-8, 1e-10
    if not _try_set(s, ['linearSolver.solverType', 'linearSolverType'],
                    lib.Dense if linear == 'dense' else lib.Sparse):
        raise RuntimeError(f'cannot set the {linear} solver')
    quiet(s)
    _try_set(s, ['parallel.numberOfThreads'], 1)
    kw = {}
    if solver == 'trapezoidal':
        kw['solverType'] = lib.DynamicSolverType.TrapezoidalIndex2
    t0 = time.perf_counter()
    mbs.SolveDynamic(s, **kw)
    cpu = time.perf_counter() - t0
    return EXAMPLE['read_angles'](mbs, model, lib), cpu


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--engines', default='coordyn,exudyn')
    ap.add_argument('--solvers', default='ga,trapezoidal', help='ga, trapezoidal')
    ap.add_argument('--steps', default=','.join(f'{h:g}' for h in STEPS))
    ap.add_argument('--reps', type=int, default=3)
    ap.add_argument('--modified-newton', action='store_true')
    ap.add_argument('--linear', default='dense', choices=('dense', 'sparse'))
    args = ap.parse_args(argv)
    engines = []
    for e in args.engines.split(','):
        try:
            engines.append((e, engine_lib(e)))
        except ImportError:
            print(f'# {e} not importable: skipped', file=sys.stderr)
    for e, lib in engines:
        if not hasattr(lib, 'Dense'):
            lib.Dense = lib.LinearSolverType.Dense
        if not hasattr(lib, 'DynamicSolverType'):
            import exudyn
            lib.DynamicSolverType = exudyn.DynamicSolverType
    steps = [float(h) for h in args.steps.split(',')]
    print(f"Andrews' squeezer to t = 0.03 s; Newton: "
          f"{'modified' if args.modified_newton else 'full'}; {args.linear}; one thread; "
          f"median of {args.reps}")
    print('| engine | solver | h [s] | steps | max rel. error | scd | time [ms] |')
    print('|---|---|---|---|---|---|---|')
    rows = []
    for e, lib in engines:
        for solver in args.solvers.split(','):
            for h in steps:
                runs = [solve(lib, h, solver, args.modified_newton, args.linear)
                        for _ in range(args.reps)]
                err = EXAMPLE['error_norm'](runs[0][0])
                cpu = statistics.median(r[1] for r in runs)
                n = int(round(EXAMPLE['END_TIME'] / h))
                rows.append((e, solver, h, n, err, cpu))
                print(f'| {e} | {solver} | {h:g} | {n} | {err:.3e} | {-np.log10(err):.2f} | '
                      f'{cpu * 1e3:.1f} |', flush=True)
    return rows


if __name__ == '__main__':
    main()
