"""Feedback while a solve runs: the progress bar (tqdm), timeIntegration.verboseMode lines as
Exudyn prints them, and the solve's messages on the logging module (logger "coordyn").

The engine calls the progress function at most every 0.1 s (with the GIL taken); nothing is
called when neither the bar nor verboseMode is on. With progressBar='auto' the bar appears only
when the solve has run for more than 1 s, stderr is a terminal or the code runs in Jupyter, and
pytest is not running. The bar ends where the solve ended: full on success, at the time reached
with the reason (failed, interrupted) otherwise. In a notebook without ipywidgets the text bar
is used (no "IProgress not found" warning).

verboseMode (timeIntegration.verboseMode, staticSolver.verboseMode) prints Exudyn's lines, with
coordyn's numbers:

1. a header naming the solver, a line "STEPn, t = ...s, timeToGo = ...s, Nit/step = ..." about
   every 2 s of wall time and at the end, a failed step and its reduction ("  Newton (time/load
   step #k): convergence failed ..." and "  Solve steps: adaptive reduction to step size =
   ...") and "Solver terminated successfully after ... seconds." (or the failure);
2. in addition the integrator's parameters, and per time step (load step) a block "COMPUTE
   STEP": "STEPk, t = ..., step size = ...", Newton's initial residual and tolerances, a line
   per Newton iteration "    NEWTON STEP i: residual = ...: relTol = ...: contr. = ...",
   "    update Jacobian" when the Newton matrix is evaluated and factored, "  Newton: converged
   after n steps; relative error = ...", the discontinuous iteration's error (models with
   contact states) and "STEPk, t = ...s, timeToGo = ...s, Nit/step = n" when the step is
   accepted;
3. in addition the solver's step settings and per Newton iteration the vectors: the increment,
   the coordinates (solU, solV, solA, solODE1, solLambda) and the residual.

The engine calls an event function (the Python side's _Progress.event) with a fixed record for
these lines (cd_event in csrc/solvers/cd_solver.h): per step and iteration from level 2 on,
only for failed steps at level 1, never at level 0. Every line also goes to the logging module
(logger "coordyn": DEBUG, failed and reduced steps INFO).
"""
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


# the event kinds of cd_evkind (csrc/solvers/cd_solver.h)
EV_START, EV_STEP, EV_NEWTON, EV_JACOBIAN, EV_ITERATION, EV_CONVERGED, EV_FAILED, EV_REDUCED, \
    EV_DISCONTINUOUS, EV_ACCEPTED = range(1, 11)

_PLUS = "+" * 15


def _vec(x):
    """a vector as Exudyn prints it: [1,0.5,-2e-08]"""
    return "[" + ",".join(f"{v:g}" for v in x) + "]"


def _seconds(x):
    """Exudyn's SolverTimeToString: seconds, hours or days"""
    if x < 3600:
        return f"{x:g}s"
    if x < 3600 * 24:
        return f"{x / 3600:g}h"
    return f"{x / (3600 * 24):g} days"


class _Progress:
    def __init__(self, static, delay, bar, verbose, version, t_end, settings=None):
        self.bar = None
        self.start = time.monotonic()
        self.delay = delay
        self.static = static
        self.want_bar = bar
        self.verbose = verbose
        self.last_print = self.start
        self.t = self.t0 = self.t1 = None
        self.t_end = t_end
        self.t_start = 0.0
        self.adaptive = True
        if settings is not None:
            self.t_start = settings.timeIntegration.startTime  # statics: t = startTime + x
            self.adaptive = bool(settings.staticSolver.adaptiveStep if static
                                 else settings.timeIntegration.adaptiveStep)
        if verbose:
            kind = "static solver" if static else "implicit second order time integration"
            explicit = _explicit_name(settings) if not static else None
            if explicit:   # Exudyn's header of its explicit solvers
                kind = f"explicit time integration ({explicit})"
            self._out("+++++++++++++++++++++++++++++++")
            self._out(f"coordyn V{version} solver: {kind}")
        if verbose >= 3 and settings is not None:
            self._step_settings(settings)
        if verbose >= 2 and settings is not None:
            self._parameters(settings)

    @staticmethod
    def _out(line, level=logging.DEBUG):
        print(line)
        LOG.log(level, "%s", line)

    def _step_settings(self, s):
        """level 3: the solver's step settings (Exudyn's lines)"""
        if self.static:
            st = s.staticSolver
            n, t0, t1, hmin = st.numberOfLoadSteps, 0.0, 1.0, st.minimumStepSize
        else:
            ti = s.timeIntegration
            n, t0, t1, hmin = ti.numberOfSteps, ti.startTime, ti.endTime, ti.minimumStepSize
        for line in (f"number of steps = {n}", f"start time = {t0:g}", f"end time = {t1:g}",
                     f"minStepSize = {hmin:g}", f"maxStepSize = {(t1 - t0) / n:g}",
                     f"adaptiveStep = {int(self.adaptive)}"):
            self._out(line)

    def _parameters(self, s):
        """level 2: the integrator's parameters (the formulas of csrc/solvers/cd_genalpha.c) or
        the load steps"""
        if self.static:
            st = s.staticSolver
            geo = " geometric" if st.loadStepGeometric else ""
            self._out("*********************")
            self._out(f"Static solver ({st.numberOfLoadSteps}{geo} load steps):")
            self._out("*********************")
            return
        if _explicit_name(s):
            return     # Exudyn prints no parameters of its explicit methods
        ga = s.timeIntegration.generalizedAlpha
        if ga.useNewmark:
            self._out(f"  NEWMARK: beta={ga.newmarkBeta:g}, gamma={ga.newmarkGamma:g}")
            return
        r = ga.spectralRadius
        am, af = (2 * r - 1) / (r + 1), r / (r + 1)
        gamma = 0.5 + af - am
        beta = 0.25 * (gamma + 0.5) ** 2
        self._out(f"  Generalized-alpha: spectralRadius={r:g}, alphaM={am:g}, alphaF={af:g}, "
                  f"beta={beta:g}, gamma={gamma:g}, factJacA={(1 - af) / (1 - am):g}")

    def _where(self, t, factor):
        return f"factor = {factor:g}" if self.static else f"t = {t:g}s"

    def _time_to_go(self, t, factor):
        """Exudyn's estimate: the rest at the rate so far, once 0.2 s of wall time passed"""
        el = time.monotonic() - self.start
        x = factor if self.static else t
        x0, x1 = (0.0, 1.0) if self.static else (self.t_start, self.t_end)
        if el > 0.2 and x > x0:
            return (x1 - x) * el / (x - x0)
        return 0.0

    def event(self, kind, statics, step, t, factor, h, iteration, iterations, jacobians,
              residual, relative, contraction, constraint, tol_rel, tol_abs, message, vectors):
        """one engine event (cd_event): its lines"""
        out = self._out
        if kind == EV_START:
            for line in ("", "Start steps solving loop", "",
                         "Write initial step to solution file and visualize ...",
                         f"STEP0, {self._where(t, factor)}, timeToGo = 0s",
                         f"{_PLUS} STEP FINISHED {_PLUS[:-1]}", ""):
                out(line)
        elif kind == EV_STEP:
            out(f"{_PLUS} COMPUTE STEP {_PLUS}")
            line = f"STEP{step}, " + (f"factor = {factor:g}" if self.static else f"t = {t:g}")
            if self.static and abs(factor - (t - self.t_start)) > 1e-12:
                line += f", t = {t - self.t_start:g}"
            if self.adaptive:
                line += f", step size = {h:g}"
            out(line)
        elif kind == EV_NEWTON:
            out(f"Newton: initial residual = {residual:g}; goals: relTol={tol_rel:g}, "
                f"absTol={tol_abs:g}")
        elif kind == EV_JACOBIAN:
            out("    update Jacobian")
        elif kind == EV_ITERATION:
            if vectors is not None:
                out(f"  Newton: STEP {iteration}:")
                out(f"    newtonIncrement = {_vec(vectors['increment'])}")
            out(f"    NEWTON STEP {iteration}: residual = {residual:g}: relTol = {relative:g}: "
                f"contr. = {contraction:g}")
            if vectors is not None:
                out(f"    Newton solU         = {_vec(vectors['q'])}")
                if not self.static:
                    out(f"    Newton solV         = {_vec(vectors['v'])}")
                    out(f"    Newton solA         = {_vec(vectors['a'])}")
                if vectors["y"]:
                    out(f"    Newton solODE1      = {_vec(vectors['y'])}")
                    if not self.static:
                        out(f"    Newton solODE1_t    = {_vec(vectors['y_t'])}")
                out(f"    Newton solLambda    = {_vec(vectors['lambda'])}")
                out(f"    Newton RESIDUAL     = {_vec(vectors['residual'])}")
        elif kind == EV_CONVERGED:
            out(f"  Newton: converged after {iteration} steps; relative error = {relative:g}")
        elif kind == EV_DISCONTINUOUS:
            reached = " ... REACHED" if residual <= tol_abs else ""
            out(f"  discontinuous iteration error = {residual:g} (disc.it.={iteration}, "
                f"error goal = {tol_abs:g}{reached})")
        elif kind == EV_FAILED:
            where = f"load factor = {factor:g}" if self.static else f"time = {t:g}"
            out(f"  Newton (time/load step #{step}): convergence failed after {iteration} "
                f"iterations; {where}: {message}", logging.INFO)
        elif kind == EV_REDUCED:
            where = f"load factor = {factor:g}" if self.static else f"time = {t:g}"
            why = f" ({message})" if message else ""
            out(f"  Solve steps: adaptive reduction to step size = {h:g}, {where}{why}",
                logging.INFO)
        elif kind == EV_ACCEPTED:
            out(f"STEP{step}, {self._where(t, factor)}, "
                f"timeToGo = {_seconds(self._time_to_go(t, factor))}, Nit/step = {iterations:g}")
            out(f"{_PLUS} STEP FINISHED {_PLUS[:-1]}")
            out("")

    def _eta(self):
        done = self.t - self.t0
        span = self.t1 - self.t0
        el = time.monotonic() - self.start
        return el * (span - done) / done if done > 0 else float("nan")

    def __call__(self, t, t0, t1):
        self.t, self.t0, self.t1 = t, t0, t1
        now = time.monotonic()
        if self.verbose == 1 and now - self.last_print >= 2.0:
            self.last_print = now
            what = f"factor = {t:.6g}" if self.static else f"t = {t:.6g}s"
            print(f"{what}, timeToGo = {self._eta():.3g}s", flush=True)
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
                if self.verbose == 1:  # levels 2 and more printed a line per step
                    steps = stats.get("steps", 0) if stats else 0
                    nit = stats.get("newtonIterations", 0) / steps if steps else 0.0
                    what = (f"factor = {self.t_end:.6g}" if self.static
                            else f"t = {self.t_end:.6g}s")
                    self._out(f"STEP{steps}, {what}, timeToGo = 0s, Nit/step = {nit:.4g}")
                self._out(f"Solver terminated successfully after {elapsed:.5g} seconds.")
            else:
                self._out(f"Solver terminated with an error after {elapsed:.5g} seconds: "
                          f"{error}")
            sys.stdout.flush()


def _explicit_name(settings):
    """the name of the explicit DynamicSolverType of settings, None for the implicit solvers"""
    from .. import DynamicSolverType
    if settings is None:
        return None
    st = settings.timeIntegration.solverType
    return DynamicSolverType(st).name if st > DynamicSolverType.TrapezoidalIndex2 else None


def make_progress(settings, static, version="0"):
    """A progress callable for the engine, or None when neither the bar nor verboseMode is on.
    With verboseMode, its .event method takes the engine's events (pass it and .verbose to
    the engine's solve)."""
    mode = settings.progressBar
    bar = not (mode is False or (mode == "auto" and not _interactive()))
    verbose = (settings.staticSolver.verboseMode if static
               else settings.timeIntegration.verboseMode)
    if not bar and not verbose:
        return None
    t_end = 1.0 if static else settings.timeIntegration.endTime
    return _Progress(static, 1.0 if mode == "auto" else 0.0, bar, verbose, version, t_end,
                     settings)
