"""Property-based fuzzing (issue 16, "Fuzzing, sanitizers, faults"): random models and random bad
inputs through the public API, each run in a worker process so that a crash or a hang fails the
test with the case's reproducer script. See fuzz_harness for what a case is, fuzz_worker for the
outcome classes, and docs/getting_started.rst ("Fuzzing") for how to run the long version.

    short run (part of the normal pytest run): a fixed number of derandomized examples
    COORDYN_FUZZ_EXAMPLES=20000   the number of cases (two thirds models, one third bad inputs)
    COORDYN_FUZZ_SEED=123         random examples from this seed instead of the fixed ones
    COORDYN_FUZZ_KEEP_GOING=1     record every failure (build/fuzz/failure_*.py) instead of
                                  stopping at the first one (and shrinking it)

A summary of the outcomes by class is written to build/fuzz_summary.json (printed with -s).
"""
import json
import os

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings

from fuzz_harness import REPO, FAILURES, Runner, cases, compat, report

TOTAL = int(os.environ.get("COORDYN_FUZZ_EXAMPLES", "0") or 0)
MODEL_EXAMPLES = TOTAL * 2 // 3 if TOTAL else 1400
BAD_EXAMPLES = TOTAL - TOTAL * 2 // 3 if TOTAL else 600
SEED = os.environ.get("COORDYN_FUZZ_SEED")
KEEP_GOING = os.environ.get("COORDYN_FUZZ_KEEP_GOING", "") not in ("", "0")
SUMMARY = REPO / "build" / "fuzz_summary.json"


def _settings(n):
    return settings(max_examples=n, deadline=None, derandomize=SEED is None, database=None,
                    print_blob=False, suppress_health_check=list(HealthCheck),
                    phases=[p for p in Phase if p.name != "explain"])


def _seeded(test):
    return seed(int(SEED))(test) if SEED is not None else test


@pytest.fixture(scope="module")
def runner():
    compat()  # the probe, before the first case
    for old in (SUMMARY.parent / "fuzz").glob("failure_*.py"):
        old.unlink()  # reproducers of an earlier run
    r = Runner()
    yield r
    r.close()
    summary = r.summary()
    SUMMARY.parent.mkdir(parents=True, exist_ok=True)
    if KEEP_GOING and r.failures:
        out = SUMMARY.parent / "fuzz"
        out.mkdir(exist_ok=True)
        for i, f in enumerate(r.failures):
            (out / f"failure_{i}.py").write_text(
                f.get("source", "") + "\n# " + report(f["result"], "").replace("\n", "\n# "))
        summary["reproducers"] = str(out)
    SUMMARY.write_text(json.dumps(summary, indent=1))
    print("\ncoordyn fuzz summary: " + json.dumps(summary, indent=1))


def _check(runner, source, label):
    result = runner.run(source, label)
    if result["cls"] in FAILURES and not KEEP_GOING:
        pytest.fail(report(result, source), pytrace=False)


@_seeded
@_settings(MODEL_EXAMPLES)
@given(source=cases(bad=False))
def test_random_models(runner, source):
    """random models: no crash, no hang, no SystemError, no NaN without an error or warning"""
    _check(runner, source, "model")


@_seeded
@_settings(BAD_EXAMPLES)
@given(source=cases(bad=True))
def test_bad_inputs(runner, source):
    """random bad inputs: each ends in a clean error with a message, never a crash"""
    _check(runner, source, "bad input")


def test_no_failures_recorded(runner):
    """with COORDYN_FUZZ_KEEP_GOING the failures are collected: fail here, listing them"""
    lines = [f"{f['label']}: {f['result']['cls']}: {f['result']['detail'][:300]}"
             for f in runner.failures]
    assert not lines, f"{len(lines)} fuzz failures (reproducers in build/fuzz/):\n" + \
        "\n".join(lines)
