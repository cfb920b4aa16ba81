"""A live view: a viewer that follows the solves of a system while they run (in a notebook,
the widget moves during a long simulation) and afterwards replays what it saw."""
from __future__ import annotations

import numpy as np

from . import Viewer, _settings_of
from .scene import build_scene


class LiveViewer(Viewer):
    """The widget of mbs that every solve of mbs moves while it runs.

    The solve calls update() about every 0.1 s of wall time (with the progress bar's clock);
    each update draws the current state and keeps it as a frame (at most maxFrames, thinned
    evenly). When the solve ends, the widget holds the kept frames as an animation that its
    time slider replays. close() stops following."""

    def __init__(self, mbs, maxFrames=500, visualizationSettings=None, height=480):
        super().__init__(mbs, None, visualizationSettings=visualizationSettings, height=height)
        self.maxFrames = int(maxFrames)
        self.updates = 0
        self.frames = []          # (time, ODE2 coordinates) seen by update()
        if not hasattr(mbs, "_live_viewers"):
            mbs._live_viewers = []
        mbs._live_viewers.append(self)

    def _current(self):
        return build_scene(self.mbs, None, visualizationSettings=self.visualizationSettings)

    def update(self):
        """Draw the current state (called by the solve) and keep it as a frame."""
        from . import _k3d
        sd = self.mbs.systemData
        self.frames.append((float(sd.GetTime()), np.array(sd.GetODE2Coordinates())))
        if len(self.frames) > 2 * self.maxFrames:      # keep every other frame
            self.frames = self.frames[::2]
        self.scene = self._current()
        _k3d.update(self.widget, self.scene)
        self.updates += 1

    def finish(self):
        """The solve ended: draw the final state, then make the kept frames the animation."""
        from . import _k3d
        self.update()
        times = np.array([t for t, _ in self.frames])
        keep = np.concatenate([[True], np.diff(times) > 0])   # strictly increasing times
        rows = np.array([np.concatenate([[t], q]) for t, q in self.frames])[keep]
        if len(rows) > 1:
            n2 = rows.shape[1] - 1
            solution = {"data": rows, "columnsExported": [n2, 0, 0, 0, 0, 0, 0],
                        "nColumns": n2, "nRows": len(rows)}
            self.scene = build_scene(self.mbs, solution, maxFrames=self.maxFrames,
                                     visualizationSettings=self.visualizationSettings)
            _k3d.update(self.widget, self.scene)

    def close(self):
        """Stop following the solves of the system."""
        lv = getattr(self.mbs, "_live_viewers", [])
        if self in lv:
            lv.remove(self)


def live(mbs, maxFrames=500, visualizationSettings=None, height=480, display=True):
    """A LiveViewer of mbs; in a notebook it is shown at once (display=True), so that the next
    solve moves it while it runs."""
    v = LiveViewer(mbs, maxFrames, _settings_of(mbs, visualizationSettings), height)
    from . import in_notebook
    if display and in_notebook():
        from IPython.display import display as show
        show(v.widget)
    return v


class LiveProgress:
    """The solve's progress callable with the live viewers of the system added."""

    def __init__(self, progress, viewers):
        self.progress, self.viewers = progress, list(viewers)
        # verboseMode's event printer of the wrapped progress, if any
        self.verbose = getattr(progress, "verbose", 0)
        self.event = getattr(progress, "event", None)

    def __call__(self, *args):
        for v in self.viewers:
            v.update()
        return self.progress(*args) if self.progress is not None else None

    def close(self, *args):
        try:
            if self.progress is not None:
                self.progress.close(*args)
        finally:
            for v in self.viewers:
                v.finish()
