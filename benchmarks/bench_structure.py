"""Structural analysis benchmark: mbs.ComputeStructuralAnalysis on bench_rigid's chain of N
rigid bodies (Euler parameters, ObjectJointRevoluteZ), N = 10 ... 10^4.

For each N: the Newton matrix's size, the number of blocks and the largest, and the time of the
analysis (best of --reps runs) for the Newton matrix and for the constraint Jacobian. The time
must grow near-linearly (about tenfold per tenfold N).

    python benchmarks/bench_structure.py
    python benchmarks/bench_structure.py --sizes 10 100 --reps 1
"""
import argparse
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_rigid  # noqa: E402


def best_time(f, reps):
    best, out = float("inf"), None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = f()
        best = min(best, time.perf_counter() - t0)
    return best, out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000, 10000])
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args(argv)
    lib = bench_rigid.coordyn_lib()
    rows = []
    print(f"{'N':>6} {'unknowns':>9} {'blocks':>7} {'largest':>8} {'newton ms':>10} "
          f"{'jacobian ms':>12} {'per unknown us':>15}")
    for N in a.sizes:
        _, mbs = bench_rigid.build(lib, N)
        tn, r = best_time(lambda: mbs.ComputeStructuralAnalysis(), a.reps)
        tj, j = best_time(lambda: mbs.ComputeStructuralAnalysis("jacobian"), a.reps)
        assert r.isRegular and j.structuralRank == 6 * N  # 5 joint rows + 1 Euler-parameter norm
        rows.append((N, r.shape[0], len(r.blocks), max(r.blockSizes), tn, tj))
        print(f"{N:>6} {r.shape[0]:>9} {len(r.blocks):>7} {max(r.blockSizes):>8} "
              f"{tn * 1e3:>10.2f} {tj * 1e3:>12.2f} {tn / r.shape[0] * 1e6:>15.3f}")
    return rows


if __name__ == "__main__":
    main()
