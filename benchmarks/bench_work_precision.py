"""Work-precision: error against steps and against time, fixed steps versus error control.

Three models with reference solutions:

    pendulum       examples/pendulum.py, 10 s; error: largest position error at t = 1, 2, 5,
                   10 s against ../shared/REFERENCES.md [m]
    andrews        examples/andrews_squeezer.py, 0.03 s; error: largest relative error of the
                   seven angles against the Test Set's reference
    slider-crank   examples/error_control.py, 2 s; error: |crank angle(2 s) - 107.19236| [rad]

Each row: the model, fixed (the step h) or control (the relative = absolute tolerance, or the
relative one for the slider-crank), accepted and rejected steps, the error and the median wall
time of SolveDynamic over --reps runs. coordyn only (Exudyn has no error control for its
implicit solvers). Usage:

    python benchmarks/bench_work_precision.py [--models pendulum,andrews,slider-crank]
                                              [--reps 3] [--quick] [--plot file.png]

--plot draws the work-precision diagrams (error against steps and against time, one row per
model; docs/_static/work_precision.png is made this way).
"""
import argparse
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "examples"))

import coordyn as cd  # noqa: E402
import andrews_squeezer  # noqa: E402
import error_control  # noqa: E402
import pendulum  # noqa: E402


def _median_time(run, reps):
    results = [run() for _ in range(reps)]
    return results[0][0], results[0][1], float(np.median([r[2] for r in results]))


def pendulum_run(h=None, tol=None):
    def run():
        mbs = cd.SystemContainer().AddSystem()
        node, sensor, link = pendulum.build(mbs)
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.progressBar = False
        s.timeIntegration.endTime = 10.0
        s.timeIntegration.numberOfSteps = int(round(10.0 / (h or 1e-3)))
        s.solutionSettings.sensorsWritePeriod = 1.0
        if tol is not None:
            ec = s.timeIntegration.errorControl
            ec.active, ec.relativeTolerance, ec.absoluteTolerance = True, tol, tol
        t0 = time.perf_counter()
        mbs.SolveDynamic(s)
        dt = time.perf_counter() - t0
        d = mbs.GetSensorStoredData(sensor)
        err = max(float(np.hypot(*(d[int(round(t)), 1:3] - np.asarray(xy))))
                  for t, xy in pendulum.REFERENCE.items())
        return err, mbs.GetSolverStatistics(), dt
    return run


def andrews_run(h=None, tol=None):
    def configure(s):
        if tol is not None:
            ec = s.timeIntegration.errorControl
            ec.active, ec.relativeTolerance, ec.absoluteTolerance = True, tol, tol
            s.solutionSettings.sensorsWritePeriod = andrews_squeezer.END_TIME

    def run():
        r = andrews_squeezer.solve(h or 1e-4, configure=configure)
        return r["error"], r["mbs"].GetSolverStatistics(), r["cpu"]
    return run


def slider_crank_run(h=None, tol=None):
    def run():
        t0 = time.perf_counter()
        r = error_control.solve(h or 1e-3, tolerance=tol, period=0.01)
        dt = time.perf_counter() - t0
        err = (abs(r["phi"] - error_control.PHI_CONVERGED) if r["error"] is None
               else float("inf"))
        return err, r["stats"], dt
    return run


MODELS = {
    "pendulum": (pendulum_run, [2.5e-3, 1.25e-3, 6.25e-4], [1e-6, 1e-7, 1e-8]),
    "andrews": (andrews_run, [5e-5, 2e-5, 1e-5], [1e-6, 1e-7, 1e-8]),
    "slider-crank": (slider_crank_run, [5e-4, 2.5e-4, 1e-4], [1e-4, 1e-5, 1e-6]),
}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="one step size and one tolerance each")
    ap.add_argument("--plot", help="write the work-precision diagrams to this image file")
    args = ap.parse_args(argv)
    rows = []
    print("| model | mode | h or tol | steps | rejected | error | time [ms] |")
    print("|---|---|---|---|---|---|---|")
    for name in args.models.split(","):
        make, steps, tols = MODELS[name]
        if args.quick:
            steps, tols = steps[:1], tols[:1]
        for mode, values in (("fixed", steps), ("control", tols)):
            for v in values:
                run = make(h=v) if mode == "fixed" else make(tol=v)
                err, st, dt = _median_time(run, args.reps)
                rows.append((name, mode, v, st["steps"], st["rejectedSteps"], err, dt))
                print(f"| {name} | {mode} | {v:g} | {st['steps']} | {st['rejectedSteps']} | "
                      f"{err:.3g} | {1e3 * dt:.1f} |", flush=True)
    if args.plot:
        plot(rows, args.plot)
    return rows


UNITS = {"pendulum": "position error [m]", "andrews": "max relative angle error",
         "slider-crank": "crank angle error [rad]"}


def plot(rows, path):
    """error against accepted steps and against wall time, fixed and controlled, per model"""
    import matplotlib
    import matplotlib.ticker
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    models = list(dict.fromkeys(r[0] for r in rows))
    fig, axes = plt.subplots(len(models), 2, figsize=(9, 3 * len(models)), squeeze=False)
    for ax_row, name in zip(axes, models):
        for mode, marker in (("fixed", "o-"), ("control", "s--")):
            sel = [r for r in rows if r[0] == name and r[1] == mode]
            label = "fixed steps" if mode == "fixed" else "error control"
            ax_row[0].loglog([r[3] for r in sel], [r[5] for r in sel], marker, label=label)
            ax_row[1].loglog([1e3 * r[6] for r in sel], [r[5] for r in sel], marker, label=label)
        ax_row[0].set_ylabel(f"{name}\n{UNITS.get(name, 'error')}")
        ax_row[0].set_xlabel("accepted steps")
        ax_row[1].set_xlabel("wall time of SolveDynamic [ms]")
        for ax in ax_row:
            ax.grid(True, which="both", alpha=0.3)
            ax.xaxis.set_major_locator(matplotlib.ticker.LogLocator(subs=(1.0, 2.0, 5.0)))
            ax.xaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
            ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
            ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    print(f"work-precision diagrams written to {path}")


if __name__ == "__main__":
    main()
