"""Solution file cost: the rigid chain of bench_rigid.py (N = 10, 100; 1000 steps of 1e-3 s)
solved without and with solutionSettings.writeSolutionToFile at the default period (0.01 s:
101 rows of time, positions, velocities, accelerations and multipliers), alternating runs,
medians of --reps each. Run pinned to one core:

    taskset -c 1 python benchmarks/bench_solfile.py
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_rigid import build, coordyn_lib, settings  # noqa: E402


def one_solve(lib, N, steps, path, period=0.01):
    SC, mbs = build(lib, N)
    s = settings(lib, steps, True)
    if path:
        s.solutionSettings.writeSolutionToFile = True
        s.solutionSettings.coordinatesSolutionFileName = path
        s.solutionSettings.solutionWritePeriod = period
    t0 = time.perf_counter()
    mbs.SolveDynamic(s)
    return time.perf_counter() - t0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--reps', type=int, default=9)
    ap.add_argument('--steps', type=int, default=1000)
    a = ap.parse_args(argv)
    lib = coordyn_lib()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, 'coordinatesSolution.txt')
        print(f"{'N':>5} {'no file [s]':>12} {'file [s]':>10} {'slower':>8} {'file size':>10}"
              f" {'every step [s]':>15} {'row cost':>9}")
        for N in (10, 100):
            off, on, every = [], [], []
            one_solve(lib, N, a.steps, None)  # warm-up
            for _ in range(a.reps):
                off.append(one_solve(lib, N, a.steps, None))
                on.append(one_solve(lib, N, a.steps, path))
                every.append(one_solve(lib, N, a.steps, path, 0.0))
            size = os.path.getsize(path) * 101 / (a.steps + 1)
            m0, m1, m2 = (statistics.median(x) for x in (off, on, every))
            # the writer's cost at the default period from the every-step runs (10 times the
            # rows: less sensitive to the machine's noise), as a share of the solve
            row = (m2 - m0) / (a.steps + 1)
            print(f"{N:>5} {m0:>12.4f} {m1:>10.4f} {100 * (m1 / m0 - 1):>7.1f}% "
                  f"{size / 1e6:>8.2f} MB {m2:>15.4f} {100 * 101 * row / m0:>8.1f}%")


if __name__ == '__main__':
    main()
