#!/usr/bin/env python3
"""Explicit integrators: coordyn vs Exudyn, steps per second.

Model: bench_chains' masspoint chain (N NodePoint + MassPoint joined by spring-dampers,
k = 1e4 N/m, d = 10 Ns/m, 0.1 kg, gravity), 3N ODE2 coordinates, no constraints, built item by
item for both engines (bench_chains.build_chain). Solved with an explicit method of
DynamicSolverType (default RK44) at h = 1e-4 s (stable for the chain's highest frequency),
automaticStepSize off (fixed steps), sparse mass matrix (Exudyn: EigenSparse), no output of any
kind, Exudyn on one thread. Only
mbs.SolveDynamic is timed; median of --reps fresh models.

Columns: steps/s of each engine, ratio = coordyn/Exudyn speed (> 1: coordyn faster), right-hand
side evaluations per step of coordyn, and the largest difference between the engines in the last
node's final position (both must compute the same motion: the fixed-step methods agree to
round-off).

Usage:
  python benchmarks/bench_explicit.py                       # RK44, N = 10, 100, 1000, 10000
  python benchmarks/bench_explicit.py --methods RK44,ExplicitEuler,DOPRI5 --sizes 100
  python benchmarks/bench_explicit.py --engines coordyn --sizes 10 --steps 50
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import argparse
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_chains  # noqa: E402
from bench_chains import _quiet_stdout, build_chain, engine_libs, fmt_rate  # noqa: E402
from exudyn_models import _try_set, quiet  # noqa: E402  (bench_chains put tests/ on the path)

H = 1e-4


def settings(lib, steps):
    s = lib.SimulationSettings()
    ti = s.timeIntegration
    ti.endTime = steps * H
    ti.numberOfSteps = steps
    ti.automaticStepSize = False
    quiet(s)
    _try_set(s, ['parallel.numberOfThreads'], 1)
    # the mass matrix sparse in both (Exudyn's default EXUdense would store 3N x 3N doubles)
    if not _try_set(s, ['linearSolver.solverType', 'linearSolverType'], lib.Sparse):
        raise RuntimeError('cannot set the linear solver type')
    return s


def solver_types(lib):
    """the engine's DynamicSolverType"""
    if hasattr(lib, "DynamicSolverType"):
        return lib.DynamicSolverType
    import exudyn
    return exudyn.DynamicSolverType


def run_case(lib, N, method, steps, reps):
    """median solve time, right-hand sides per step (coordyn) and the last node's position"""
    times, rhs, pos = [], None, None
    for _ in range(reps):
        with _quiet_stdout():
            SC, mbs, node = build_chain(lib, N, "masspoint")
            mbs.Assemble()
            s = settings(lib, steps)
            t0 = time.perf_counter()
            mbs.SolveDynamic(s, solverType=getattr(solver_types(lib), method))
            times.append(time.perf_counter() - t0)
        stats = getattr(mbs, "GetSolverStatistics", None)
        if stats is not None and lib.name.startswith("coordyn"):
            rhs = stats()["residuals"] / steps
        pos = bench_chains.last_position(lib, mbs, node)
        del mbs, SC
    return {"time": statistics.median(times), "rhs": rhs, "pos": pos}


def default_steps(N, target=0.5):
    """steps so that an Exudyn RK44 solve takes about target seconds (1.13.6 on the development
    machine: about 1.7 us per node and step plus 20 us per step)"""
    return int(min(20000, max(10, round(target / (1.7e-6 * N + 2e-5)))))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="10,100,1000,10000")
    ap.add_argument("--methods", default="RK44")
    ap.add_argument("--steps", type=int, default=0, help="0: per N, ~0.5 s of Exudyn")
    ap.add_argument("--engines", default="coordyn,exudyn")
    ap.add_argument("--reps", type=int, default=3)
    a = ap.parse_args(argv)
    libs = engine_libs(a.engines)
    names = [lib.name for lib in libs]
    print(f"masspoint chain, h = {H}, fixed steps; steps/s of " + ", ".join(names))
    head = f"{'method':16s} {'N':>6s} {'steps':>6s} " + " ".join(f"{n.split()[0]:>10s}"
                                                             for n in names)
    print(head + ("   ratio  rhs/step  max|dpos|" if len(libs) == 2 else "  rhs/step"))
    rows = []
    for method in a.methods.split(","):
        for N in (int(x) for x in a.sizes.split(",")):
            steps = a.steps or default_steps(N)
            res = [run_case(lib, N, method, steps, a.reps) for lib in libs]
            rates = [steps / r["time"] for r in res]
            line = f"{method:16s} {N:6d} {steps:6d} " + " ".join(f"{fmt_rate(x):>10s}"
                                                                for x in rates)
            row = {"method": method, "N": N, "steps": steps, "rates": rates, "pos": res[0]["pos"],
                   "rhs": res[0]["rhs"]}
            if len(libs) == 2:
                row["ratio"] = rates[0] / rates[1]
                d = max(abs(x - y) for x, y in zip(res[0]["pos"], res[1]["pos"]))
                row["dpos"] = d
                line += f"  {row['ratio']:6.2f}  {res[0]['rhs'] or 0:8.2f}  {d:9.2e}"
            else:
                line += f"  {res[0]['rhs'] or 0:8.2f}"
            print(line, flush=True)
            rows.append(row)
    return rows


if __name__ == "__main__":
    main()
