"""Feedback while a solve runs: the progress bar (tqdm), timeIntegration.verboseMode lines as
Exudyn prints them, and the solve's messages on the logging module (logger "coordyn").

The engine calls the progress function at most every 0.1 s (with the GIL taken); nothing is
called when neither the bar nor verboseMode is on. With progressBar='auto' the bar appears only
when the solve has run for more than 1 s, stderr is a terminal or the code runs in Jupyter, and
pytest is not running. The bar ends where the solve ended: full on success, at the time reached
with the reason (failed, interrupted) otherwise. In a notebook without ipywidgets the text bar
is used (no "IProgress not found" warning).

verboseMode >= 1 (timeIntegration.verboseMode, staticSolver.verboseMode) prints Exudyn's lines:
a header naming the solver, a line "STEPn, t = ...s, timeToGo = ...s, Nit/step = ..." about
every 2 s of wall time (the step count and iterations at the end, the time and the estimated
time to go while running) and "Solver terminated successfully after ... seconds." (or the
failure). Levels above 1 print the same lines (Exudyn's per-iteration output of levels 2 and
more is not reproduced)."""
from __future__ import annotations

import logging
import os
import sys
import time

LOG = logging.getLogger("coordyn")


def _interactive():
    if "PYTEST_CURRENT_TEST" in os.environ or os.environ.get("CI"):
        return False
    if "ipykernel" in sys.modules:
        return True
    return hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


def _tqdm_class():
    """tqdm's notebook widget where ipywidgets is there, else the text bar"""
    if "ipykernel" in sys.modules:
        try:
            import ipywidgets  # noqa: F401
            from tqdm.notebook import tqdm
            return tqdm
        except ImportError:
            pass
    from tqdm.std import tqdm
    return tqdm


class _Progress:
    def __init__(self, static, delay, bar, verbose, version, t_end):
        self.bar = None
        self.start = time.monotonic()
        self.delay = delay
        self.static = static
        self.want_bar = bar
        self.verbose = verbose
        self.last_print = self.start
        self.t = self.t0 = self.t1 = None
        self.t_end = t_end
        if verbose:
            kind = "static solver" if static else "implicit second order time integration"
            print("+++++++++++++++++++++++++++++++")
            print(f"coordyn V{version} solver: {kind}")

    def _eta(self):
        done = self.t - self.t0
        span = self.t1 - self.t0
        el = time.monotonic() - self.start
        return el * (span - done) / done if done > 0 else float("nan")

    def __call__(self, t, t0, t1):
        self.t, self.t0, self.t1 = t, t0, t1
        now = time.monotonic()
        if self.verbose and now - self.last_print >= 2.0:
            self.last_print = now
            print(f"t = {t:.6g}s, timeToGo = {self._eta():.3g}s", flush=True)
        if not self.want_bar:
            return
        if self.bar is None:
            if now - self.start < self.delay:
                return
            what = "load factor" if self.static else "t"
            unit = "" if self.static else " s"
            self.bar = _tqdm_class()(
                total=float(t1 - t0), desc="coordyn", disable=False,
                bar_format="{desc}: {percentage:3.0f}%|{bar}| " + what +
                " = {n:.4g}/{total:.4g}" + unit + " [{elapsed}<{remaining}]{postfix}")
        self.bar.n = float(t - t0)
        self.bar.refresh()

    def close(self, stats=None, error=None):
        """end the bar where the solve ended: full with stats (success), else at the time
        reached, with the reason"""
        elapsed = time.monotonic() - self.start
        if self.bar is not None:
            if error is None:
                self.bar.n = self.bar.total
                self.bar.refresh()
            else:
                self.bar.set_postfix_str(error, refresh=True)
            self.bar.close()
        if self.verbose:
            if error is None:
                steps = stats.get("steps", 0) if stats else 0
                nit = stats.get("newtonIterations", 0) / steps if steps else 0.0
                print(f"STEP{steps}, t = {self.t_end:.6g}s, timeToGo = 0s, "
                      f"Nit/step = {nit:.4g}")
                print(f"Solver terminated successfully after {elapsed:.5g} seconds.")
            else:
                print(f"Solver terminated with an error after {elapsed:.5g} seconds: {error}")


def make_progress(settings, static, version="0"):
    """A progress callable for the engine, or None when neither the bar nor verboseMode is on."""
    mode = settings.progressBar
    bar = not (mode is False or (mode == "auto" and not _interactive()))
    verbose = (settings.staticSolver.verboseMode if static
               else settings.timeIntegration.verboseMode)
    if not bar and not verbose:
        return None
    t_end = 1.0 if static else settings.timeIntegration.endTime
    return _Progress(static, 1.0 if mode == "auto" else 0.0, bar, verbose, version, t_end)
