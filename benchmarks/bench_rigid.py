"""Rigid-body benchmarks: coordyn vs Exudyn, time per implicit time step.

  chain     N rigid bodies (Euler parameters, ObjectRigidBody) joined by ObjectJointRevoluteZ
            (the first to the ground), swinging under gravity in the x-y plane;
            N = 10, 100, 400, 1000, 1000 steps (fewer for large N with --quick).
  pendulum  one rigid body on a revolute joint, 10^5 steps: the per-step overhead.

Both engines: generalized-alpha rho = 0.9, h = 1e-3, modified Newton (the issue's setting;
--full-newton for full Newton), sparse linear solver, no output, one BLAS thread, Exudyn
parallel.numberOfThreads = 1. Only SolveDynamic is timed; median of --reps runs.

    python benchmarks/bench_rigid.py            # all rows (a few minutes)
    python benchmarks/bench_rigid.py --quick    # fewer steps for the large chains
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import types  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests'))
from exudyn_models import _try_set, exudyn_lib, quiet  # noqa: E402

L, MASS, H = 0.5, 1.0, 1e-3


def coordyn_lib():
    try:
        import coordyn as cd
    except ImportError:
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..',
                                        'python'))
        import coordyn as cd
    lib = types.SimpleNamespace(**{k: getattr(cd, k) for k in dir(cd) if not k.startswith('_')})
    lib.Sparse = cd.LinearSolverType.Sparse
    return lib


def build(lib, N):
    """N slender rigid bodies of length L along x, joined end to end by revolute joints about z."""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(lib.ObjectGround(referencePosition=[0, 0, 0]))
    prev = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    inertia = [MASS * L * L / 1200, MASS * L * L / 12, MASS * L * L / 12, 0, 0, 0]
    for i in range(N):
        n = mbs.AddNode(lib.NodeRigidBodyEP(referenceCoordinates=[L / 2 + i * L, 0, 0, 1, 0, 0, 0]))
        b = mbs.AddObject(lib.ObjectRigidBody(mass=MASS, inertia=inertia, nodeNumber=n))
        left = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b, localPosition=[-L / 2, 0, 0]))
        mbs.AddObject(lib.ObjectJointRevoluteZ(markerNumbers=[prev, left]))
        prev = mbs.AddMarker(lib.MarkerBodyRigid(bodyNumber=b, localPosition=[L / 2, 0, 0]))
        com = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0]))
        mbs.AddLoad(lib.LoadForceVector(markerNumber=com, loadVector=[0, -9.81 * MASS, 0]))
    mbs.Assemble()
    return SC, mbs


def settings(lib, steps, modified):
    s = lib.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = steps * H
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.timeIntegration.newton.useModifiedNewton = modified
    if not _try_set(s, ['linearSolver.solverType', 'linearSolverType'], lib.Sparse):
        raise RuntimeError('cannot set the sparse solver')
    quiet(s)
    _try_set(s, ['parallel.numberOfThreads'], 1)
    return s


def time_solve(lib, N, steps, modified, reps, with_position=False):
    """median solve time; with_position: also the final position of the last body's node"""
    times = []
    for _ in range(reps):
        SC, mbs = build(lib, N)
        s = settings(lib, steps, modified)
        t0 = time.perf_counter()
        mbs.SolveDynamic(s)
        times.append(time.perf_counter() - t0)
    if with_position:
        return statistics.median(times), list(mbs.GetNodeOutput(N - 1, lib.OutputVariableType.Position))
    return statistics.median(times)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--quick', action='store_true', help='fewer steps for N >= 400')
    ap.add_argument('--full-newton', action='store_true')
    ap.add_argument('--reps', type=int, default=3)
    args = ap.parse_args(argv)
    modified = not args.full_newton
    engines = [('coordyn', coordyn_lib())]
    try:
        engines.append(('exudyn', exudyn_lib()))
    except ImportError:
        print('# exudyn not importable: coordyn alone', file=sys.stderr)
    cases = [('pendulum', 1, 100000)] + [('chain', N, 1000) for N in (10, 100, 400, 1000)]
    if args.quick:
        cases = [('pendulum', 1, 20000)] + [('chain', N, 1000 if N < 400 else 100)
                                            for N in (10, 100, 400, 1000)]
    print(f"Newton: {'modified' if modified else 'full'}; h = {H}; sparse; one thread")
    two = len(engines) > 1
    print('| model | N | steps | ' + ' | '.join(f'{e} steps/s' for e, _ in engines) +
          (' | ratio coordyn/exudyn | last body: position difference [m] |' if two else ' |'))
    print('|---|---|---|' + '---|' * len(engines) + ('---|---|' if two else ''))
    for model, N, steps in cases:
        res = [time_solve(lib, N, steps, modified, args.reps, True) for _, lib in engines]
        rates = [steps / t for t, _ in res]
        row = f'| {model} | {N} | {steps} | ' + ' | '.join(f'{r:.4g}' for r in rates) + ' |'
        if two:
            diff = max(abs(a - b) for a, b in zip(res[0][1], res[1][1]))
            row += f' {rates[0] / rates[1]:.2f} | {diff:.1e} |'
        print(row, flush=True)


if __name__ == '__main__':
    main()
