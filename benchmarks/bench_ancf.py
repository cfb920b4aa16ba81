#!/usr/bin/env python3
"""Flexible-body benchmark: coordyn vs Exudyn on the same cantilever of ANCF cable elements
or geometrically exact 2D beam elements.

Models (both engines, built item by item through the Exudyn-compatible API), a cantilever of
length 1 m along x, clamped at x = 0 by CoordinateConstraints to a ground node, gravity
9.81 m/s^2 in -y (MarkerBodyMass + LoadMassProportional per element):
  cable: N ObjectANCFCable2D elements on NodePoint2DSlope1 (rhoA = 1 kg/m, EI = 1 N m^2,
         EA = 1e4 N), node 0 clamped in x, y, slope y;
  beam:  N ObjectBeamGeometricallyExact2D elements on NodeRigidBody2D (the same rhoA, EI, EA,
         shear stiffness GA = 1e4 N, rotary inertia rhoI = 1e-6 kg m), node 0 clamped in x, y,
         angle.

Rows: the static solve (1 load step, default Newton tolerances) and --steps dynamic steps
(generalized-alpha rho = 0.9,
h = 1e-3 s, full Newton, rtol 1e-8, atol 1e-10, sparse solver, no output, one thread); median of
--reps solves, only the solve timed; the tip deflections of both engines are printed so that the
rows compare the same result. coordyn's blow-up check (errorControl.blowUpWarning) is made a
warning: the element's axial modes are far above 1/h, which generalized-alpha damps.

Usage:
  python benchmarks/bench_ancf.py                         # N = 10, 100, 1000
  python benchmarks/bench_ancf.py --sizes 10,100,1000,10000 --engines coordyn
"""
import os
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import argparse
import statistics
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_chains import coordyn_lib, engine_libs, make_settings, speed_ratio  # noqa: E402,F401
from exudyn_models import _try_set, make  # noqa: E402

H = 1e-3
RHOA, EI, EA, L = 1.0, 1.0, 1e4, 1.0


GA, RHOI = 1e4, 1e-6


def build(lib, N, model="cable"):
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    le = L / N
    if model == "cable":
        nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[i * le, 0, 1, 0]))
                 for i in range(N + 1)]
    else:
        nodes = [mbs.AddNode(lib.NodeRigidBody2D(referenceCoordinates=[i * le, 0, 0]))
                 for i in range(N + 1)]
    for i in range(N):
        if model == "cable":
            el = make(lib.ObjectANCFCable2D, nodeNumbers=[nodes[i], nodes[i + 1]], length=le,
                      massPerLength=RHOA, bendingStiffness=EI, axialStiffness=EA)
        else:
            el = make(lib.ObjectBeamGeometricallyExact2D, nodeNumbers=[nodes[i], nodes[i + 1]],
                      length=le, massPerLength=RHOA, crossSectionInertia=RHOI,
                      bendingStiffness=EI, axialStiffness=EA, shearStiffness=GA)
        el = mbs.AddObject(el)
        mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=el))
        mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=[0, -9.81, 0]))
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j in ((0, 1, 3) if model == "cable" else (0, 1, 2)):
        mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
        mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    if hasattr(mbs, "Assemble"):
        mbs.Assemble()
    return SC, mbs, nodes[-1]


def run(lib, N, static, steps, reps, model="cable"):
    times, tip = [], None
    for _ in range(reps):
        SC, mbs, last = build(lib, N, model)
        s = make_settings(lib, steps, "sparse", False)
        s.timeIntegration.endTime = steps * H
        _try_set(s, ["timeIntegration.errorControl.blowUpWarning"], True)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            t0 = time.perf_counter()
            try:
                if static:
                    mbs.SolveStatic(s)
                else:
                    mbs.SolveDynamic(s)
            except Exception as e:   # both engines raise a SolverError (a RuntimeError, ...)
                return None, f"failed: {str(e).splitlines()[0][:60]}"
            times.append(time.perf_counter() - t0)
        tip = mbs.GetNodeOutput(last, lib.OutputVariableType.Displacement)[1]
        del SC
    return statistics.median(times), tip


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="10,100,1000")
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--engines", default="coordyn,exudyn")
    ap.add_argument("--models", default="cable,beam")
    a = ap.parse_args(argv)
    libs = engine_libs(a.engines)
    ratio = len(libs) == 2
    print("| model | case | N | " + " | ".join(f"{lib.name} [s]" for lib in libs) +
          (" | ratio |" if ratio else " |") +
          " " + " | ".join(f"tip y {lib.name.split()[0]} [m]" for lib in libs) + " |")
    print("|---|---|---|" + "---|" * (2 * len(libs) + ratio))
    for model in a.models.split(","):
        for N in (int(n) for n in a.sizes.split(",")):
            for static in (True, False):
                res = [run(lib, N, static, a.steps, a.reps, model) for lib in libs]
                case = "static" if static else f"{a.steps} steps"
                cells = ["-" if t is None else f"{t:.4f}" for t, _ in res]
                if ratio:
                    cells.append(speed_ratio(res))
                print(f"| {model} | {case} | {N} | " + " | ".join(cells) + " | " +
                      " | ".join(tip if isinstance(tip, str) else f"{tip:.10f}"
                                 for _, tip in res) + " |", flush=True)


if __name__ == "__main__":
    main()
