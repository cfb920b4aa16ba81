#!/usr/bin/env python3
"""Eigenvalue benchmark: the lowest eigenvalues of an ANCF cantilever, coordyn vs Exudyn.

Model (both engines, item by item through the Exudyn-compatible API): a cable of length 1 m
along x, N ObjectANCFCable2D elements (rhoA = 1 kg/m, EI = 1 N m^2, EA = 1e4 N), clamped at
x = 0 by removing the coordinates x, y, slope y of node 0 (constrainedCoordinates = [0, 1, 3]:
no constraint equations, so both engines' sparse paths apply). Rows: mbs.ComputeODE2Eigenvalues
with useSparseSolver False (dense: all eigenvalues, and numberOfEigenvalues = --modes; skipped
above --dense-max) and True (numberOfEigenvalues = --modes), median of --reps calls (only the call is timed), and the
relative error of the first bending frequency against Euler-Bernoulli,
omega_1 = 3.5160 sqrt(EI / (rhoA L^4)); for coordyn also whether it warned
(EigenvalueAccuracyWarning: the first eigenvalue's estimated relative error from the round-off
of the matrices' entries). Exudyn is not run above --exudyn-max (it forms the matrices dense:
N = 10^4 would need 4 x 12.8 GB).

Usage:
  python benchmarks/bench_eigen.py                       # N = 100, 1000; dense up to 1000
  python benchmarks/bench_eigen.py --sizes 100,1000,10000 --reps 3
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
OMEGA1 = 3.516015268 * np.sqrt(EI / (RHOA * L**4))  # (1.875104069)^2


def build(lib, N, model="cable"):
    """the cantilever of N elements: 'cable' (ObjectANCFCable2D, clamped by
    constrainedCoordinates [0, 1, 3]) or 'ge2d' (ObjectBeamGeometricallyExact2D on
    NodeRigidBody2D, shear and axial stiffness EA, clamped by constrainedCoordinates [0, 1, 2])"""
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    le = L / N
    if model == "ge2d":
        nodes = [mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=[i * le, 0, 0]))
                 for i in range(N + 1)]
        for i in range(N):
            mbs.AddObject(make(lib.ObjectBeamGeometricallyExact2D,
                               nodeNumbers=[nodes[i], nodes[i + 1]], physicsLength=le,
                               physicsMassPerLength=RHOA, physicsCrossSectionInertia=1e-6,
                               physicsBendingStiffness=EI, physicsAxialStiffness=EA,
                               physicsShearStiffness=EA))
        mbs.Assemble()
        return SC, mbs
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[i * le, 0, 1, 0]))
             for i in range(N + 1)]
    for i in range(N):
        mbs.AddObject(make(lib.ObjectANCFCable2D, nodeNumbers=[nodes[i], nodes[i + 1]],
                           length=le, massPerLength=RHOA, bendingStiffness=EI,
                           axialStiffness=EA))
    mbs.Assemble()
    return SC, mbs


CLAMP = {"cable": [0, 1, 3], "ge2d": [0, 1, 2]}


def run(lib, N, sparse, modes, reps, model="cable"):
    """(median time, error of omega_1, warning text) of mbs.ComputeODE2Eigenvalues; modes: the
    numberOfEigenvalues asked (0: all)"""
    SC, mbs = build(lib, N, model)
    times, values, warned = [], None, ""
    for _ in range(reps):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            t0 = time.perf_counter()
            try:
                values, _ = mbs.ComputeODE2Eigenvalues(
                    useSparseSolver=sparse, numberOfEigenvalues=modes,
                    constrainedCoordinates=CLAMP[model])
            except Exception as e:
                return None, f"failed: {str(e).splitlines()[0][:50]}", ""
            times.append(time.perf_counter() - t0)
        for x in w:
            if type(x.category).__name__ and x.category.__name__ == "EigenvalueAccuracyWarning":
                msg = str(x.message)
                if ": eigenvalues 1 (" in msg:
                    warned = msg[msg.index("~") + 1:msg.index(",", msg.index("~"))]
                elif "; eigenvalues 1 (" in msg:  # below its error bound
                    warned = "numerically zero (mode 1), modes >= 2 warned"
                else:
                    warned = "modes >= 2"
    w = np.sqrt(np.sort(np.abs(np.asarray(values)))[:2])
    # the lowest eigenvalue is the first bending mode (axial modes are far higher)
    return statistics.median(times), w[0] / OMEGA1 - 1, warned


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100,1000")
    ap.add_argument("--modes", type=int, default=10)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--dense-max", type=int, default=1000)
    ap.add_argument("--engines", default="coordyn,exudyn")
    ap.add_argument("--exudyn-max", type=int, default=1000)
    ap.add_argument("--model", default="cable", choices=sorted(CLAMP),
                    help="cable: ANCF (condition ~N^4); ge2d: geometrically exact beam (~N^2)")
    a = ap.parse_args(argv)
    libs = engine_libs(a.engines)
    ratio = len(libs) == 2
    print("| path | N | " + " | ".join(f"{lib.name} [s]" for lib in libs) +
          (" | ratio |" if ratio else " |") + " " +
          " | ".join(f"error omega_1 {lib.name.split()[0]}" for lib in libs) +
          " | coordyn warned (est. rel. error of omega_1^2) |")
    print("|---|---|" + "---|" * (2 * len(libs) + ratio + 1))
    for N in (int(n) for n in a.sizes.split(",")):
        for sparse, modes in ((False, 0), (False, a.modes), (True, a.modes)):
            if not sparse and N > a.dense_max:
                continue
            res = [run(lib, N, sparse, modes, a.reps, a.model)
                   if lib.name.startswith("coordyn") or N <= a.exudyn_max
                   else (None, "not run", "") for lib in libs]
            cells = ["-" if t is None else f"{t:.4f}" for t, _, _ in res]
            if ratio:
                cells.append(speed_ratio(res))
            path = f"{'sparse' if sparse else 'dense'}, " + (f"{modes} modes" if modes else "all")
            warned = next((wn for lib, (_, _, wn) in zip(libs, res)
                           if lib.name.startswith("coordyn")), "")
            print(f"| {path} | {N} | " + " | ".join(cells) + " | " +
                  " | ".join(e if isinstance(e, str) else f"{e:.2e}" for _, e, _ in res) +
                  f" | {warned or 'no'} |", flush=True)


if __name__ == "__main__":
    main()
