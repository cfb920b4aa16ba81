#!/usr/bin/env python3
"""Eigenvalue benchmark: the lowest eigenvalues of an ANCF cantilever, coordyn vs Exudyn.

Model (both engines, item by item through the Exudyn-compatible API): a cable of length 1 m
along x, N ObjectANCFCable2D elements (rhoA = 1 kg/m, EI = 1 N m^2, EA = 1e4 N), clamped at
x = 0 by removing the coordinates x, y, slope y of node 0 (constrainedCoordinates = [0, 1, 3]:
no constraint equations, so both engines' sparse paths apply). Rows: mbs.ComputeODE2Eigenvalues
with useSparseSolver False (dense, all eigenvalues; skipped above --dense-max) and True
(numberOfEigenvalues = --modes), median of --reps calls (only the call is timed), and the
relative error of the first bending frequency against Euler-Bernoulli,
omega_1 = 3.5160 sqrt(EI / (rhoA L^4)).

Usage:
  python benchmarks/bench_eigen.py                       # N = 100, 1000; dense up to 1000
  python benchmarks/bench_eigen.py --sizes 100,1000,10000 --reps 1
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import argparse
import statistics
import sys
import time
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_chains import engine_libs, speed_ratio  # noqa: E402
from exudyn_models import make  # noqa: E402

RHOA, EI, EA, L = 1.0, 1.0, 1e4, 1.0
OMEGA1 = 3.5160152 * np.sqrt(EI / (RHOA * L**4))


def build(lib, N):
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    le = L / N
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[i * le, 0, 1, 0]))
             for i in range(N + 1)]
    for i in range(N):
        mbs.AddObject(make(lib.ObjectANCFCable2D, nodeNumbers=[nodes[i], nodes[i + 1]],
                           length=le, massPerLength=RHOA, bendingStiffness=EI,
                           axialStiffness=EA))
    mbs.Assemble()
    return SC, mbs


def run(lib, N, sparse, modes, reps):
    SC, mbs = build(lib, N)
    times, values = [], None
    for _ in range(reps):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t0 = time.perf_counter()
            try:
                values, _ = mbs.ComputeODE2Eigenvalues(
                    useSparseSolver=sparse, numberOfEigenvalues=modes if sparse else 0,
                    constrainedCoordinates=[0, 1, 3])
            except Exception as e:
                return None, f"failed: {str(e).splitlines()[0][:50]}"
            times.append(time.perf_counter() - t0)
    w = np.sqrt(np.sort(np.abs(np.asarray(values)))[:2])
    # the lowest eigenvalue is the first bending mode (axial modes are far higher)
    return statistics.median(times), w[0] / OMEGA1 - 1


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,1000")
    ap.add_argument("--modes", type=int, default=10)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--dense-max", type=int, default=1000)
    ap.add_argument("--engines", default="coordyn,exudyn")
    a = ap.parse_args(argv)
    libs = engine_libs(a.engines)
    ratio = len(libs) == 2
    print("| path | N | " + " | ".join(f"{lib.name} [s]" for lib in libs) +
          (" | ratio |" if ratio else " |") + " " +
          " | ".join(f"error omega_1 {lib.name.split()[0]}" for lib in libs) + " |")
    print("|---|---|" + "---|" * (2 * len(libs) + ratio))
    for N in (int(n) for n in a.sizes.split(",")):
        for sparse in (False, True):
            if not sparse and N > a.dense_max:
                continue
            res = [run(lib, N, sparse, a.modes, a.reps) for lib in libs]
            cells = ["-" if t is None else f"{t:.4f}" for t, _ in res]
            if ratio:
                cells.append(speed_ratio(res))
            path = f"sparse, {a.modes} modes" if sparse else "dense, all"
            print(f"| {path} | {N} | " + " | ".join(cells) + " | " +
                  " | ".join(e if isinstance(e, str) else f"{e:.2e}" for _, e in res) + " |",
                  flush=True)


if __name__ == "__main__":
    main()
