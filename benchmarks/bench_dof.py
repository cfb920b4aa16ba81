"""Degree-of-freedom and structural analysis benchmark: coordyn against Exudyn 1.13 on
bench_rigid's chain of N rigid bodies (Euler parameters, ObjectJointRevoluteZ), N = 10 ... 10^4.

For each N, in one run: coordyn's mbs.ComputeSystemDegreeOfFreedom on the sparse path
(method="sparse") and on the dense path (method="dense", up to --dense-max bodies), Exudyn's
mbs.ComputeSystemDegreeOfFreedom on the same model (in a child process stopped after
--exudyn-timeout seconds; once it is stopped, larger N are not tried), and coordyn's structural
analysis (mbs.ComputeStructuralAnalysis of the Newton matrix and of the constraint Jacobian).
Times are medians of --reps runs (model building and Assemble not timed); the dictionaries of
both engines must agree. The sparse path's time must grow near-linearly: the slope column is
the log-log slope of its time between successive N (1 = linear).

    python benchmarks/bench_dof.py
    python benchmarks/bench_dof.py --sizes 10 100 --reps 1 --engines coordyn
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import argparse  # noqa: E402
import json  # noqa: E402
import math  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_rigid  # noqa: E402


def median_time(f, reps):
    times, out = [], None
    for _ in range(reps):
        t0 = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), out


def exudyn_child(N, reps):
    """in the child process: Exudyn's ComputeSystemDegreeOfFreedom on the chain, as JSON"""
    import exudyn.utilities  # noqa: F401  (attaches mbs.ComputeSystemDegreeOfFreedom)
    _, mbs = bench_rigid.build(bench_rigid.exudyn_lib(), N)
    t, d = median_time(lambda: mbs.ComputeSystemDegreeOfFreedom(), reps)
    print(json.dumps({"time": t, "dict": {k: int(v) for k, v in d.items()}}))


def exudyn_time(N, reps, timeout):
    """(median time, dict) of Exudyn, or (None, reason)"""
    cmd = [sys.executable, os.path.abspath(__file__), "--exudyn-child", str(N), "--reps",
           str(reps)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, f"> {timeout:g} s"
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if p.returncode or not lines:
        return None, "failed: " + (p.stderr.strip().splitlines() or ["?"])[-1][:60]
    r = json.loads(lines[-1])
    return r["time"], r["dict"]


def slope(t0, t1, n0, n1):
    return math.log(t1 / t0) / math.log(n1 / n0)


def fmt_ms(t):
    return "-" if t is None else f"{t * 1e3:.3g}"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 100, 1000, 10000])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--dense-max", type=int, default=100,
                    help="largest N for coordyn's dense path (O(N^3))")
    ap.add_argument("--exudyn-timeout", type=float, default=60.0,
                    help="seconds for all of Exudyn's runs at one N")
    ap.add_argument("--engines", default="coordyn,exudyn")
    ap.add_argument("--exudyn-child", type=int, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.exudyn_child:
        return exudyn_child(a.exudyn_child, a.reps)
    lib = bench_rigid.coordyn_lib()
    use_exudyn = "exudyn" in a.engines.split(",")
    if use_exudyn:
        try:
            import exudyn  # noqa: F401
        except ImportError:
            print("# exudyn not importable: coordyn alone", file=sys.stderr)
            use_exudyn = False
    print(f"rigid chain, median of {a.reps}; times in ms; ratio = Exudyn / coordyn sparse")
    print("| N | nAE | DOF | coordyn sparse | coordyn dense | Exudyn | ratio | slope sparse | "
          "structure newton | structure jacobian | sparse per body [us] |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    rows, prev, exudyn_stopped = [], None, None
    for N in a.sizes:
        _, mbs = bench_rigid.build(lib, N)
        ts, d = median_time(lambda: mbs.ComputeSystemDegreeOfFreedom(method="sparse"), a.reps)
        assert d["degreeOfFreedom"] == N and d["redundantConstraints"] == 0, d
        td = None
        if N <= a.dense_max:
            td, dd = median_time(lambda: mbs.ComputeSystemDegreeOfFreedom(method="dense"), a.reps)
            assert dd == d, (dd, d)
        te, note = None, "not run"
        if use_exudyn and exudyn_stopped is None:
            te, note = exudyn_time(N, a.reps, a.exudyn_timeout)
            if te is None:
                exudyn_stopped = N
            else:
                assert note == d, (note, d)  # the same dictionary
        elif use_exudyn:
            note = f"skipped (stopped at N = {exudyn_stopped})"
        tn, r = median_time(lambda: mbs.ComputeStructuralAnalysis(), a.reps)
        tj, j = median_time(lambda: mbs.ComputeStructuralAnalysis("jacobian"), a.reps)
        assert r.isRegular and j.structuralRank == 6 * N
        sl = "" if prev is None else f"{slope(prev[1], ts, prev[0], N):.2f}"
        ex = fmt_ms(te) if te is not None else (note if use_exudyn else "-")
        ratio = f"{te / ts:.3g}" if te is not None else "-"
        print(f"| {N} | {d['nAE']} | {d['degreeOfFreedom']} | {fmt_ms(ts)} | {fmt_ms(td)} | "
              f"{ex} | {ratio} | {sl} | {fmt_ms(tn)} | {fmt_ms(tj)} | {ts / N * 1e6:.3g} |",
              flush=True)
        rows.append({"N": N, "nAE": d["nAE"], "sparse": ts, "dense": td, "exudyn": te,
                     "newton": tn, "jacobian": tj})
        prev = (N, ts)
    return rows


if __name__ == "__main__":
    main()
