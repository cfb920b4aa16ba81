"""Block solve against global solve in whole simulations: steps/s of SolveDynamic.

  pendulums  N independent planar pendulums: NodePoint2D + MassPoint2D on a DistanceConstraint
             to the ground, released from angles spread over 15..165 degrees (N blocks of 3)
  rigid      N independent RigidBody2D bars, each on a RevoluteJoint2D to the ground, released
             from angles spread over 15..165 degrees (N blocks of 5)
  tree       a binary tree of RigidBody2D bars with RevoluteJoint2D, N = 2^depth - 1 bodies,
             the root on the ground (one connected Newton matrix)
  chain      N RigidBody2D bars in a chain from the ground (one connected Newton matrix)

Generalized-alpha rho = 0.9, h = 1e-3, full Newton (--modified-newton for modified), no output,
OPENBLAS_NUM_THREADS=1. The linear solvers are run interleaved (one solve of each in turn,
--reps rounds); the table gives the median steps/s of each (process CPU time of
SolveDynamic), the ratio of the block path's time
per step to the global sparse LU's (< 1: the block path is faster), the pivoting
factorizations of each and the largest difference of the final coordinates between the block
and the sparse solve.

    OPENBLAS_NUM_THREADS=1 taskset -c 1 python benchmarks/bench_blocks.py
    python benchmarks/bench_blocks.py --models pendulums --sizes 1000 --steps 500
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import math  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

try:
    import coordyn as cd
except ImportError:
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'python'))
    import coordyn as cd

import numpy as np  # noqa: E402

L, MASS, H = 0.5, 1.0, 1e-3
SOLVERS = {"sparse": cd.LinearSolverType.Sparse, "block": cd.LinearSolverType.Block,
           "auto": cd.LinearSolverType.Auto, "dense": cd.LinearSolverType.Dense}


def _angle(i, N):
    return math.radians(15 + 150 * (i + 0.5) / N)


def build_pendulums(mbs, N):
    """N mass points, each on its own distance constraint to the ground"""
    ground = mbs.AddObject(cd.ObjectGround())
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    for i in range(N):
        a = _angle(i, N)
        node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[L * math.sin(a), -L * math.cos(a)]))
        mbs.AddObject(cd.MassPoint2D(mass=MASS, nodeNumber=node))
        m = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
        mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m], distance=L))
        mbs.AddLoad(cd.Force(markerNumber=m, loadVector=[0, -9.81 * MASS, 0]))


def _bar(mbs, pivot, angle):
    """a bar of length L hanging from pivot at angle (from the downward vertical); returns the
    body and the marker at its lower end"""
    c = [pivot[0] + 0.5 * L * math.sin(angle), pivot[1] - 0.5 * L * math.cos(angle)]
    node = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[c[0], c[1], angle - math.pi / 2]))
    body = mbs.AddObject(cd.RigidBody2D(mass=MASS, inertia=MASS * L * L / 12, nodeNumber=node))
    top = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[-L / 2, 0, 0]))
    end = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[L / 2, 0, 0]))
    mbs.AddLoad(cd.Gravity(markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=body)),
                           loadVector=[0, -9.81, 0]))
    tip = [pivot[0] + L * math.sin(angle), pivot[1] - L * math.cos(angle)]
    return top, end, tip


def build_rigid(mbs, N):
    """N bars, each on its own revolute joint to the ground"""
    ground = mbs.AddObject(cd.ObjectGround())
    for i in range(N):
        top, _, _ = _bar(mbs, [0.0, 0.0], _angle(i, N))
        g = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[g, top]))


def build_tree(mbs, N):
    """a binary tree of N bars (N = 2^depth - 1): body i hangs from the lower end of (i-1)//2"""
    ground = mbs.AddObject(cd.ObjectGround())
    ends = []
    for i in range(N):
        if i == 0:
            parent, pivot = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground)), [0.0, 0.0]
        else:
            parent, pivot = ends[(i - 1) // 2][0], ends[(i - 1) // 2][1]
        angle = 0.6 + 0.4 * (1 if i % 2 else -1) + 0.05 * i
        top, end, tip = _bar(mbs, pivot, angle)
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[parent, top]))
        ends.append((end, tip))


def build_chain(mbs, N):
    """N bars in a chain from the ground, starting horizontal"""
    ground = mbs.AddObject(cd.ObjectGround())
    prev, pivot = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground)), [0.0, 0.0]
    for i in range(N):
        top, end, pivot = _bar(mbs, pivot, math.pi / 2)
        mbs.AddObject(cd.RevoluteJoint2D(markerNumbers=[prev, top]))
        prev = end


MODELS = {"pendulums": build_pendulums, "rigid": build_rigid, "tree": build_tree,
          "chain": build_chain}


def build(model, N):
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    MODELS[model](mbs, N)
    mbs.Assemble()
    return SC, mbs


def settings(steps, solver, modified=False):
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = steps * H
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.9
    s.timeIntegration.newton.useModifiedNewton = modified
    s.linearSolverType = SOLVERS[solver]
    s.progressBar = False
    return s


def run(model, N, steps, solver, modified=False):
    """CPU seconds of SolveDynamic (the process's: the machine is shared), its statistics and
    the final ODE2 coordinates"""
    SC, mbs = build(model, N)
    s = settings(steps, solver, modified)
    t0 = time.process_time()
    mbs.SolveDynamic(s)
    dt = time.process_time() - t0
    return dt, mbs.GetSolverStatistics(), np.array(mbs.systemData.GetODE2Coordinates())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--models', default='pendulums,rigid,tree,chain')
    ap.add_argument('--sizes', default='1000', help='N per model (tree: rounded to 2^d - 1)')
    ap.add_argument('--steps', type=int, default=400)
    ap.add_argument('--solvers', default='sparse,block,auto,dense')
    ap.add_argument('--dense-max', type=int, default=1500, help='dense only up to this n')
    ap.add_argument('--reps', type=int, default=5)
    ap.add_argument('--modified-newton', action='store_true')
    a = ap.parse_args(argv)
    solvers = a.solvers.split(',')
    print(f"{'model':<10} {'N':>5} {'n':>6} " + " ".join(f"{k + ' st/s':>12}" for k in solvers)
          + f" {'blk/sp':>7} " + " ".join(f"{k[:5] + ' piv':>9}" for k in solvers)
          + f" {'auto':>6} {'max|dq|':>9}")
    for model in a.models.split(','):
        for N in (int(x) for x in a.sizes.split(',')):
            if model == 'tree':
                N = 2 ** max(1, round(math.log2(N + 1))) - 1
            _, mbs = build(model, N)
            sd = mbs.systemData
            n = sd.NumberOfODE2Coordinates() + sd.NumberOfAECoordinates() + \
                sd.NumberOfODE1Coordinates()
            times = {k: [] for k in solvers}
            stats, q = {}, {}
            for _ in range(a.reps):
                for k in solvers:
                    if k == 'dense' and n > a.dense_max:
                        continue
                    dt, stats[k], q[k] = run(model, N, a.steps, k, a.modified_newton)
                    times[k].append(dt)
            rate = {k: a.steps / statistics.median(v) if v else float('nan')
                    for k, v in times.items()}
            ratio = rate.get('sparse', float('nan')) / rate.get('block', float('nan'))
            diff = (float(np.max(np.abs(q['block'] - q['sparse'])))
                    if 'block' in q and 'sparse' in q else float('nan'))
            print(f"{model:<10} {N:>5} {n:>6} "
                  + " ".join(f"{rate[k]:>12.1f}" for k in solvers) + f" {ratio:>7.2f} "
                  + " ".join(f"{stats[k]['pivotingFactorizations'] if k in stats else '-':>9}"
                             for k in solvers)
                  + f" {stats['auto']['linearSolver'] if 'auto' in stats else '-':>6} {diff:>9.2g}",
                  flush=True)


if __name__ == '__main__':
    main()
