"""The benchmark scripts keep working (coordyn only, a few steps) and their models are the
mechanisms they claim to be: a rigid chain hangs together on its revolute joints and swings
under gravity."""
import sys

import numpy as np

from conftest import REPO

BENCH = str(REPO / "benchmarks")
sys.path.insert(0, BENCH)

import bench_ancf  # noqa: E402
import bench_eigen  # noqa: E402
import bench_chains  # noqa: E402
import bench_rigid  # noqa: E402


def test_rigid_chain_model_holds_together_and_swings():
    """bench_rigid's chain of 5 Euler-parameter bodies (0.5 m) on RevoluteJointZ joints,
    released horizontally: after 0.3 s each link end meets the next link's start to 1e-10, the
    links keep their length, the chain stays in the x-y plane and has swung down."""
    lib = bench_rigid.coordyn_lib()
    N, L = 5, bench_rigid.L
    SC, mbs = bench_rigid.build(lib, N)
    mbs.SolveDynamic(bench_rigid.settings(lib, 300, True))
    A = [np.asarray(mbs.GetNodeOutput(i, lib.OutputVariableType.RotationMatrix)).reshape(3, 3)
         for i in range(N)]
    p = [np.asarray(mbs.GetNodeOutput(i, lib.OutputVariableType.Position)) for i in range(N)]
    ends = [(pi - Ai[:, 0] * L / 2, pi + Ai[:, 0] * L / 2) for pi, Ai in zip(p, A)]
    assert np.linalg.norm(ends[0][0]) < 1e-10                      # pinned at the origin
    for k in range(N - 1):
        assert np.linalg.norm(ends[k][1] - ends[k + 1][0]) < 1e-10
    assert max(abs(pi[2]) for pi in p) < 1e-12
    assert p[-1][1] < -0.3                                         # it fell


def test_benchmark_scripts_run(capsys):
    """both scripts print their tables for coordyn alone"""
    bench_chains.main(["--engines", "coordyn", "--sizes", "10", "--steps", "20", "--reps", "1"])
    out = capsys.readouterr().out
    assert "| masspoint | 10 |" in out and "| pendulum | 10 |" in out
    t = bench_rigid.time_solve(bench_rigid.coordyn_lib(), 3, 50, True, 1)
    assert 0 < t < 10


def test_andrews_benchmark_runs(capsys):
    """bench_andrews prints its work-precision rows for coordyn alone; the error of
    generalized-alpha at h = 1e-4 is the example's (1.73e-3 against the Test Set reference)."""
    import bench_andrews
    rows = bench_andrews.main(["--engines", "coordyn", "--steps", "1e-4", "--reps", "1"])
    out = capsys.readouterr().out
    assert "| coordyn | ga | 0.0001 | 300 |" in out and "| coordyn | trapezoidal | 0.0001 |" in out
    (_, _, _, _, err_ga, _), (_, _, _, _, err_trap, _) = rows
    assert 1.5e-3 < err_ga < 2e-3 and 6e-3 < err_trap < 8e-3


def test_work_precision_benchmark_runs(capsys, tmp_path):
    """bench_work_precision prints fixed and controlled rows for the three models; the
    pendulum's fixed step 2.5e-3 gives the example's error (7.6e-4 against docs/references.rst) and
    error control at 1e-6 lands within a factor 3 of its own measured 2.4e-3"""
    import bench_work_precision
    png = tmp_path / "wp.png"
    rows = bench_work_precision.main(["--quick", "--reps", "1", "--plot", str(png)])
    assert png.stat().st_size > 10000    # the diagrams were drawn
    out = capsys.readouterr().out
    assert "| pendulum | fixed | 0.0025 | 4000 | 0 |" in out
    by = {(r[0], r[1]): r for r in rows}
    assert set(by) == {(m, k) for m in ("pendulum", "andrews", "slider-crank")
                       for k in ("fixed", "control")}
    assert 7e-4 < by[("pendulum", "fixed")][5] < 8.5e-4
    assert 8e-4 < by[("pendulum", "control")][5] < 7e-3
    assert 4e-4 < by[("andrews", "fixed")][5] < 5.5e-4


def test_ancf_benchmark_runs(capsys):
    """bench_ancf prints its rows for coordyn alone; the static tip deflection of the 10-element
    cantilever under its weight is large (PL^3/EI of order 1) and the same as with 20 elements
    to 1e-3, for the cable and the geometrically exact beam (which agree to 1e-3: the beam's
    shear and its linear interpolation add a little)"""
    bench_ancf.main(["--engines", "coordyn", "--sizes", "10,20", "--steps", "5", "--reps", "1"])
    out = capsys.readouterr().out.splitlines()
    tips = {m: [float(r.split("|")[-2]) for r in out if r.startswith(f"| {m} | static")]
            for m in ("cable", "beam")}
    for m, t in tips.items():
        assert len(t) == 2 and -0.8 < t[0] < -0.6, (m, t)
        assert abs(t[0] - t[1]) < 1e-3 * abs(t[1]), (m, t)
    assert abs(tips["cable"][1] - tips["beam"][1]) < 1e-3


def test_eigen_benchmark_runs(capsys):
    """bench_eigen prints two dense rows (all modes, the lowest ones) and a sparse row for
    coordyn alone; the first bending frequency of the 20-element cantilever is
    Euler-Bernoulli's within 1e-5 on every path, without an accuracy warning (the last
    column)"""
    bench_eigen.main(["--engines", "coordyn", "--sizes", "20", "--reps", "1", "--modes", "4"])
    rows = [r for r in capsys.readouterr().out.splitlines() if r.startswith("| dense") or
            r.startswith("| sparse")]
    assert len(rows) == 3
    for r in rows:
        assert abs(float(r.split("|")[-3])) < 1e-5 and r.split("|")[-2].strip() == "no", r


def test_dof_benchmark_runs(capsys):
    """bench_dof prints its row for the chain: coordyn's sparse and dense paths and the
    structural analysis (and Exudyn, in a child process, where it is installed: the same
    dictionary, which the script asserts)"""
    import bench_dof
    try:
        import exudyn  # noqa: F401
        engines = "coordyn,exudyn"
    except ImportError:
        engines = "coordyn"
    rows = bench_dof.main(["--sizes", "10", "20", "--reps", "1", "--engines", engines,
                           "--exudyn-timeout", "120"])
    out = capsys.readouterr().out
    assert "| 10 | 60 | 10 |" in out and "| 20 | 120 | 20 |" in out
    assert [r["N"] for r in rows] == [10, 20]
    assert all(r["sparse"] > 0 and r["dense"] > 0 and r["newton"] > 0 for r in rows)
    if engines != "coordyn":
        assert all(r["exudyn"] is not None for r in rows)


def test_solution_file_benchmark_runs(capsys):
    """bench_solfile prints its rows (with and without the solution file) for N = 10 and 100"""
    import bench_solfile
    bench_solfile.main(["--reps", "1", "--steps", "20"])
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:2] == ["N", "no"] and [ln.split()[0] for ln in out[1:]] == ["10", "100"]


def test_kinematic_tree_chain_swings_and_runs(capsys):
    """bench_kinematic_tree's chain of 10 links, released along x: after 0.2 s (RK44) it has
    swung down (the first joint turned negative about z); the script
    prints its table for coordyn alone"""
    import bench_kinematic_tree as bkt
    lib = [lib for name, lib in bkt.libs() if name == "coordyn"][0]
    SC, mbs, node = bkt.build(lib, 10)
    mbs.SolveDynamic(bkt.settings(lib, 1000, 2e-4, True),
                     solverType=lib.DynamicSolverType.RK44)
    q = np.asarray(mbs.GetNodeOutput(node, lib.OutputVariableType.Coordinates))
    assert q[0] < -0.05
    bkt.main(["--engines", "coordyn", "--sizes", "10", "--steps", "20", "--reps", "1"])
    assert "| RK44 | 10 | 20 |" in capsys.readouterr().out
