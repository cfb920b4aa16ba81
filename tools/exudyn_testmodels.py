"""Runs Exudyn's regression models (its repository's main/pythonDev/TestModels) unchanged, on
Exudyn and on coordyn, and compares each result with Exudyn's reference value
(runTestSuiteRefSol.py there: TestExamplesReferenceSolution and MiniExamplesReferenceSolution).

    python tools/exudyn_testmodels.py --mirror /work/.mirror/jgerstmayr+EXUDYN/repo
    python tools/exudyn_testmodels.py --models path/to/TestModels [--engines coordyn exudyn]
                                      [--only ObjectMassPoint.py ...] [--json out.json]

The models are Exudyn's files: they are read from an Exudyn checkout (--models) or a bare git
repository of it (--mirror) at run time and never stored here. Each runs in its own process
(timeout --timeout seconds) in a temporary copy of the TestModels folder: on Exudyn as it is,
on coordyn through coordyn.use_as_exudyn() (what `python -m coordyn.exudyn` does). A model
passes when |result - reference| <= 1e-8 max(1, |reference|). The table lists per model both
engines' outcome; for a failure, the first line of the error.
"""
import argparse
import concurrent.futures
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

# as Exudyn's runTestSuite.py runs a model: exec in a namespace that already holds exudyn,
# exu, numpy and (from the models run before) the star-import of exudyn.utilities
RUNNER = r'''
import sys, os
engine, model = sys.argv[1], sys.argv[2]
if engine == "coordyn":
    import coordyn
    coordyn.use_as_exudyn()
sys.path.insert(0, os.getcwd())
import matplotlib
matplotlib.use("Agg")
ns = {"__name__": "__main__", "__file__": os.path.abspath(model)}
exec("import numpy as np\nimport exudyn\nimport exudyn as exu\n"
     "from exudyn.utilities import *\n", ns)
import modelUnitTests
g = modelUnitTests.exudynTestGlobals
g.useGraphics = False
g.performTests = True
sys.argv = [model]
with open(model, encoding="utf8") as f:
    code = compile(f.read(), os.path.abspath(model), "exec")
exec(code, ns)
print("@@TESTRESULT@@", repr(float(g.testResult)))
'''
# --shared: all models in one process and one namespace, one after the other, as Exudyn's
# runTestSuite.py runs them (a model may use names an earlier model imported)
SHARED_RUNNER = r'''
def _runner():
    # everything the runner needs is local: the models run in this module's namespace
    # (__main__, as runTestSuite.py runs them, so that pickle finds their functions) and may
    # rebind any global name (g, model, json, ...)
    import sys, os, json, signal
    engine, timeout, models = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    if engine == "coordyn":
        import coordyn
        coordyn.use_as_exudyn()
    sys.path.insert(0, os.getcwd())
    import matplotlib
    matplotlib.use("Agg")
    import modelUnitTests
    glob = modelUnitTests.exudynTestGlobals
    glob.useGraphics = False
    glob.performTests = True
    ns = sys.modules["__main__"].__dict__
    exec("import numpy as np\nimport exudyn\nimport exudyn as exu\n"
         "from exudyn.utilities import *\nSC = exu.SystemContainer()\nmbs = SC.AddSystem()\n",
         ns)

    class Timeout(Exception):
        pass

    def alarm(*a):
        raise Timeout(f"timeout after {timeout} s")

    signal.signal(signal.SIGALRM, alarm)
    for model in models:
        glob.testResult = float("nan")
        signal.alarm(int(timeout))
        try:
            ns["__file__"] = os.path.abspath(model)
            with open(model, encoding="utf8") as f:
                exec(compile(f.read(), os.path.abspath(model), "exec"), ns)
            out = {"ok": True, "result": float(glob.testResult)}
        except BaseException as e:
            if isinstance(e, KeyboardInterrupt):
                raise
            out = {"ok": False,
                   "error": (type(e).__name__ + ": " + str(e)).splitlines()[0][:200]}
        finally:
            signal.alarm(0)
        print("@@MODEL@@", json.dumps([model, out]), flush=True)


_runner()
'''
TOL = 1e-8


def extract(mirror, folder):
    """The TestModels folder of a bare Exudyn repository into folder."""
    files = subprocess.run(["git", "-C", mirror, "ls-tree", "-r", "HEAD", "--name-only"],
                           capture_output=True, text=True, check=True).stdout.split()
    prefix = "main/pythonDev/TestModels/"
    for f in files:
        if f.startswith(prefix):
            target = os.path.join(folder, f[len(prefix):])
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "wb") as out:
                out.write(subprocess.run(["git", "-C", mirror, "show", "HEAD:" + f],
                                         capture_output=True, check=True).stdout)


def references(folder):
    sys.path.insert(0, folder)
    try:
        import runTestSuiteRefSol as r
        ref = dict(r.TestExamplesReferenceSolution())
        mini = r.MiniExamplesReferenceSolution()
        ref.update({(k if k.endswith(".py") else k + ".py"): v for k, v in mini.items()})
    finally:
        sys.path.pop(0)
    return ref


def run(engine, folder, model, timeout):
    work = tempfile.mkdtemp(prefix="exudyn_tm_")
    try:
        shutil.copytree(folder, work, dirs_exist_ok=True)
        for sub in ("solution", "testsolution"):       # folders the models write into
            os.makedirs(os.path.join(work, sub), exist_ok=True)
        env = dict(os.environ, MPLBACKEND="Agg", COORDYN_NO_BROWSER="1")
        try:
            p = subprocess.run([sys.executable, "-c", RUNNER, engine, model], cwd=work,
                               capture_output=True, text=True, timeout=timeout, env=env)
        except subprocess.TimeoutExpired:
            return {"ok": False, "error": f"timeout after {timeout} s"}
        for line in p.stdout.splitlines():
            if line.startswith("@@TESTRESULT@@"):
                return {"ok": True, "result": float(line.split(None, 1)[1])}
        err = [ln for ln in p.stderr.strip().splitlines() if ln.strip()]
        return {"ok": False, "error": err[-1][:200] if err else f"exit code {p.returncode}"}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_shared(engine, folder, models, timeout):
    """All models in one process (see SHARED_RUNNER); a model that kills the process is
    reported and the run goes on with the next one."""
    work = tempfile.mkdtemp(prefix="exudyn_tm_")
    results, todo = {}, list(models)
    try:
        shutil.copytree(folder, work, dirs_exist_ok=True)
        for sub in ("solution", "testsolution"):
            os.makedirs(os.path.join(work, sub), exist_ok=True)
        env = dict(os.environ, MPLBACKEND="Agg", COORDYN_NO_BROWSER="1")
        while todo:
            p = subprocess.run([sys.executable, "-c", SHARED_RUNNER, engine, str(timeout)]
                               + todo, cwd=work, capture_output=True, text=True, env=env)
            for line in p.stdout.splitlines():
                if line.startswith("@@MODEL@@"):
                    m, r = json.loads(line.split(None, 1)[1])
                    results[m] = r
            todo = [m for m in todo if m not in results]
            if todo:           # the process died in todo[0]
                err = [ln for ln in p.stderr.strip().splitlines() if ln.strip()]
                results[todo[0]] = {"ok": False, "error": "process died: " + (
                    err[-1][:150] if err else f"exit code {p.returncode}")}
                todo = todo[1:]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return results


def _cell(r):
    if r["pass"]:
        return "reference"
    if r["ok"]:
        return f"{r['result']:.10g}"
    return "stops"


def write_rst(path, table, models, engines, shared):
    """The docs table: per model its reference, each engine's outcome and, where coordyn does
    not give the reference, the reason (REASONS); a model without one is marked, and the
    docs test fails on the mark."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from exudyn_testmodels_reasons import REASONS
    sys.path.pop(0)
    names = {"coordyn": "coordyn", "exudyn": "Exudyn 1.13.6"}
    counts = ", ".join(f"{names.get(e, e)} {sum(table[m][e]['pass'] for m in models)}"
                       for e in engines)
    lines = [".. generated by tools/exudyn_testmodels.py --rst; do not edit",
             "", f"Models that give the reference result (of {len(models)}): {counts}"
             + (" (all models in one namespace, as Exudyn's runTestSuite.py runs them)."
                if shared else "."), "",
             ".. list-table::", "   :header-rows: 1", "   :widths: 26 12 12 12 38", "",
             "   * - model", "     - reference"]
    lines += [f"     - {names.get(e, e)}" for e in engines]
    lines += ["     - why coordyn does not give the reference"]
    for m in models:
        lines += [f"   * - ``{m}``", f"     - {table[m]['reference']:.10g}"]
        lines += [f"     - {_cell(table[m][e])}" for e in engines]
        if "coordyn" in engines and not table[m]["coordyn"]["pass"]:
            why = REASONS.get(m)
            if why is None:
                print(f"no reason recorded for {m}: {table[m]['coordyn']}", file=sys.stderr)
                why = "(no reason recorded)"
            lines += [f"     - {why}"]
        else:
            lines += ["     -"]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models")
    ap.add_argument("--mirror")
    ap.add_argument("--engines", nargs="+", default=["coordyn", "exudyn"])
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    ap.add_argument("--shared", action="store_true",
                    help="run all models in one namespace, as runTestSuite.py does")
    ap.add_argument("--rst", help="also write the table as reStructuredText for the docs, "
                                  "with the reason of every model coordyn does not pass "
                                  "(tools/exudyn_testmodels_reasons.py)")
    a = ap.parse_args()
    tmp = None
    if a.models:
        folder = a.models
    elif a.mirror:
        tmp = folder = tempfile.mkdtemp(prefix="exudyn_testmodels_")
        extract(a.mirror, folder)
    else:
        ap.error("give --models or --mirror")
    ref = references(folder)
    models = sorted(m for m in ref if os.path.exists(os.path.join(folder, m)))
    if a.only:
        models = [m for m in models if m in a.only]
    table = {m: {"reference": ref[m]} for m in models}
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        if a.shared:
            order = [m for m in ref if m in models]         # the suite's order
            shared = {ex.submit(run_shared, e, folder, order, a.timeout): e
                      for e in a.engines}
            futures = {}
            for f in concurrent.futures.as_completed(shared):
                for m, r in f.result().items():
                    futures[(m, shared[f])] = r
            pairs = [((m, e), r) for (m, e), r in futures.items()]
        else:
            futures = {ex.submit(run, e, folder, m, a.timeout): (m, e)
                       for m in models for e in a.engines}
            pairs = [(futures[f], f.result())
                     for f in concurrent.futures.as_completed(futures)]
        for (m, e), r in pairs:
            if r["ok"]:
                r["pass"] = abs(r["result"] - ref[m]) <= TOL * max(1.0, abs(ref[m])) \
                    and math.isfinite(r["result"])
            else:
                r["pass"] = False
            table[m][e] = r
    print("| model | reference | " + " | ".join(a.engines) + " |")
    print("|---|---|" + "---|" * len(a.engines))
    for m in models:
        cells = []
        for e in a.engines:
            r = table[m][e]
            cells.append("pass" if r["pass"] else
                         (f"{r['result']:.10g}" if r["ok"] else "error: " + r["error"]))
        print(f"| {m} | {ref[m]:.10g} | " + " | ".join(cells) + " |")
    for e in a.engines:
        print(f"{e}: {sum(table[m][e]['pass'] for m in models)} of {len(models)} models give "
              "the reference result")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(table, f, indent=1)
    if a.rst:
        write_rst(a.rst, table, models, a.engines, a.shared)
    if tmp:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
