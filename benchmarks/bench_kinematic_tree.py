"""Kinematic-tree benchmark: coordyn vs Exudyn, steps per second of a serial chain as one
ObjectKinematicTree.

  chain  N links of length L (slender bars, mass 1 kg), joint axes alternating z and y, the
         first at the base; released from the straight configuration along x under gravity -y;
         N = 10 and 100.

Solvers: the implicit generalized-alpha solver (rho = 0.9, modified Newton, dense linear
solver: the tree's matrices are dense) and the explicit RK44 (no Newton). h = 1e-3 (implicit)
and 2e-4 (RK44); no output, one BLAS thread, Exudyn parallel.numberOfThreads = 1. Only
SolveDynamic is timed; median of --reps runs. The last column is the largest difference of the
final joint angles between the engines.

    python benchmarks/bench_kinematic_tree.py
    python benchmarks/bench_kinematic_tree.py --sizes 10 --reps 1
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests'))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exudyn_models import _try_set, exudyn_lib, quiet  # noqa: E402
from bench_rigid import coordyn_lib  # noqa: E402

L, MASS = 0.5, 1.0


def build(lib, N):
    """the chain as NodeGenericODE2 + ObjectKinematicTree; returns (SC, mbs, node)"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    J = np.diag([MASS * L * L / 1200, MASS * L * L / 12, MASS * L * L / 12])
    node = mbs.AddNode(lib.NodeGenericODE2(numberOfODE2Coordinates=N,
                                           referenceCoordinates=[0.0] * N,
                                           initialCoordinates=[0.0] * N,
                                           initialCoordinates_t=[0.0] * N))
    types = [lib.JointType.RevoluteZ if i % 2 == 0 else lib.JointType.RevoluteY
             for i in range(N)]
    mbs.AddObject(lib.ObjectKinematicTree(
        nodeNumber=node, jointTypes=types, linkParents=list(range(-1, N - 1)),
        jointTransformations=lib.Matrix3DList([np.eye(3)] * N),
        jointOffsets=lib.Vector3DList([[0.0, 0, 0]] + [[L, 0, 0]] * (N - 1)),
        linkMasses=[MASS] * N, linkCOMs=lib.Vector3DList([[L / 2, 0, 0]] * N),
        linkInertiasCOM=lib.Matrix3DList([J] * N), gravity=[0, -9.81, 0]))
    mbs.Assemble()
    return SC, mbs, node


def settings(lib, steps, h, explicit):
    s = lib.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = steps * h
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.timeIntegration.newton.useModifiedNewton = True
    if not explicit and not _try_set(s, ['linearSolver.solverType', 'linearSolverType'],
                                     lib.Dense):
        raise RuntimeError('cannot set the dense solver')
    quiet(s)
    _try_set(s, ['parallel.numberOfThreads'], 1)
    return s


def time_solve(lib, N, steps, h, explicit, reps):
    """median solve time and the final joint angles"""
    times = []
    for _ in range(reps):
        SC, mbs, node = build(lib, N)
        s = settings(lib, steps, h, explicit)
        t0 = time.perf_counter()
        if explicit:
            mbs.SolveDynamic(s, solverType=lib.DynamicSolverType.RK44)
        else:
            mbs.SolveDynamic(s)
        times.append(time.perf_counter() - t0)
    q = np.asarray(mbs.GetNodeOutput(node, lib.OutputVariableType.Coordinates))
    return statistics.median(times), q


def libs():
    cd = coordyn_lib()
    cd.Dense = cd.LinearSolverType.Dense
    cd.Matrix3DList, cd.Vector3DList = list, list
    engines = [('coordyn', cd)]
    try:
        import exudyn as exu
        ex = exudyn_lib()
        ex.Dense = exu.LinearSolverType.EXUdense
        ex.JointType, ex.DynamicSolverType = exu.JointType, exu.DynamicSolverType
        ex.Matrix3DList, ex.Vector3DList = exu.Matrix3DList, exu.Vector3DList
        engines.append(('exudyn', ex))
    except ImportError:
        print('# exudyn not importable: coordyn alone', file=sys.stderr)
    return engines


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--sizes', default='10,100')
    ap.add_argument('--reps', type=int, default=3)
    ap.add_argument('--steps', type=int, default=0, help='steps per solve (0: per case)')
    ap.add_argument('--engines', default='coordyn,exudyn')
    args = ap.parse_args(argv)
    engines = [e for e in libs() if e[0] in args.engines.split(',')]
    two = len(engines) > 1
    print('one thread; implicit: generalized-alpha, modified Newton, dense, h = 1e-3; '
          'explicit: RK44, h = 2e-4')
    print('| solver | N | steps | ' + ' | '.join(f'{e} steps/s' for e, _ in engines) +
          (' | ratio coordyn/exudyn | angle difference [rad] |' if two else ' |'))
    print('|---|---|---|' + '---|' * len(engines) + ('---|---|' if two else ''))
    for N in [int(x) for x in args.sizes.split(',')]:
        for explicit in (False, True):
            steps = args.steps or (2000 if N <= 10 else 200) * (5 if explicit else 1)
            h = 2e-4 if explicit else 1e-3
            res = [time_solve(lib, N, steps, h, explicit, args.reps) for _, lib in engines]
            rates = [steps / t for t, _ in res]
            row = (f"| {'RK44' if explicit else 'generalized-alpha'} | {N} | {steps} | " +
                   ' | '.join(f'{r:.4g}' for r in rates) + ' |')
            if two:
                diff = np.abs(res[0][1] - res[1][1]).max()
                row += f' {rates[0] / rates[1]:.2f} | {diff:.1e} |'
            print(row, flush=True)


if __name__ == '__main__':
    main()
