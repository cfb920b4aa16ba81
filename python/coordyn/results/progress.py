"""Progress bar for long solves (tqdm), shown in terminals and notebooks.

The engine calls the progress function at most every 0.1 s (with the GIL taken); nothing is
called when the bar is off. With progressBar='auto' the bar appears only when the solve has
run for more than 1 s, stderr is a terminal or the code runs in Jupyter, and pytest is not
running."""
from __future__ import annotations

import os
import sys
import time


def _interactive():
    if "PYTEST_CURRENT_TEST" in os.environ or os.environ.get("CI"):
        return False
    if "ipykernel" in sys.modules:
        return True
    return hasattr(sys.stderr, "isatty") and sys.stderr.isatty()


class _Progress:
    def __init__(self, static, delay):
        self.bar = None
        self.start = time.monotonic()
        self.delay = delay
        self.static = static

    def __call__(self, t, t0, t1):
        if self.bar is None:
            if time.monotonic() - self.start < self.delay:
                return
            from tqdm.auto import tqdm
            what = "load factor" if self.static else "t"
            unit = "" if self.static else " s"
            self.bar = tqdm(total=float(t1 - t0), desc="coordyn", disable=False,
                            bar_format="{desc}: {percentage:3.0f}%|{bar}| " + what +
                            " = {n:.4g}/{total:.4g}" + unit + " [{elapsed}<{remaining}]")
        self.bar.n = float(t - t0)
        self.bar.refresh()

    def close(self):
        if self.bar is not None:
            self.bar.n = self.bar.total
            self.bar.refresh()
            self.bar.close()


def make_progress(settings, static):
    """A progress callable for the engine, or None when the bar is off."""
    mode = settings.progressBar
    if mode is False or (mode == "auto" and not _interactive()):
        return None
    return _Progress(static, 1.0 if mode == "auto" else 0.0)
