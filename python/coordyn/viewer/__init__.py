"""coordyn.viewer: see a system and its motion.

One scene description (coordyn.viewer.scene: the bodies' graphics and the default shapes of
nodes, markers, connectors and loads, posed for every frame of a solution) drawn by
well-kept libraries, installed with ``pip install coordyn[viz]``:

- in Jupyter, a k3d widget (three.js): play, pause, time slider, speed (fps), camera reset and
  a panel that shows and hides each group (bodies, nodes, markers, connectors, loads);
- as one self-contained HTML file (k3d's JavaScript inside, opens offline): save_html;
- off screen with pyvista (VTK): save_png, image, and MP4/GIF animations with imageio
  (imageio-ffmpeg for MP4): save_video.

    v = coordyn.viewer.show(mbs, coordyn.LoadSolutionFile('solution.txt'))
    v                    # in a notebook: the widget
    v.save_html('motion.html'); v.save_video('motion.mp4', fps=25)

Exudyn's calls go through it: mbs.SolutionViewer(), exu.StartRenderer()/StopRenderer(),
SC.renderer; SC.visualizationSettings chooses what is drawn, its sizes and colours.
"""
from __future__ import annotations

import os
import sys
import tempfile

from .scene import Part, Scene, build_scene, graphics_to_parts  # noqa: F401

__all__ = ["Viewer", "show", "live", "LiveViewer", "Scene", "Part", "build_scene",
           "in_notebook"]


def in_notebook():
    """True inside a Jupyter kernel (where the viewer shows its widget)."""
    ip = sys.modules.get("IPython")
    if ip is None:
        return False
    shell = ip.get_ipython() if hasattr(ip, "get_ipython") else None
    return shell is not None and "IPKernelApp" in getattr(shell, "config", {})


def _settings_of(mbs, visualizationSettings):
    if visualizationSettings is not None:
        return visualizationSettings
    sc = getattr(mbs, "_container", None)
    return getattr(sc, "visualizationSettings", None)


class Viewer:
    """The scene of a system over a solution, with its renderers.

    mbs: the system; solution: the dict coordyn.LoadSolutionFile (or exudyn's) returns, or
    None for the current state; rowIncrement: every n-th row; maxFrames: at most this many
    frames (evenly thinned); visualizationSettings: default SC.visualizationSettings of the
    system's container."""

    def __init__(self, mbs, solution=None, rowIncrement=1, maxFrames=500,
                 visualizationSettings=None, title="", height=480):
        self.mbs = mbs
        self.visualizationSettings = _settings_of(mbs, visualizationSettings)
        self.scene = build_scene(mbs, solution, rowIncrement, maxFrames,
                                 self.visualizationSettings, title)
        self.height = int(height)
        self._plot = None

    # -- the widget (Jupyter) and the HTML page
    @property
    def widget(self):
        """The k3d plot (a Jupyter widget) of the scene."""
        if self._plot is None:
            from . import _k3d
            self._plot = _k3d.plot(self.scene, height=self.height)
        return self._plot

    @property
    def times(self):
        """The times of the frames."""
        return self.scene.times

    def set_time(self, time):
        """Show the frame at this time in the widget."""
        self.widget.time = float(self.scene.times[self.scene.frame_at(time)])

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget)

    def html(self):
        """The self-contained HTML page (a string)."""
        from . import _k3d
        return _k3d.html(self.scene, height=self.height)

    def save_html(self, path):
        """Write the scene as one HTML file that opens offline in a browser; returns path."""
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.html())
        return str(path)

    # -- off screen
    def _frame(self, time, frame):
        if time is not None and frame is not None:
            raise ValueError("viewer: give time or frame, not both")
        if frame is None:
            return self.scene.frame_at(self.scene.times[0] if time is None else float(time))
        if not -self.scene.nFrames <= int(frame) < self.scene.nFrames:
            raise IndexError(f"viewer: frame {frame} out of range (the scene has "
                             f"{self.scene.nFrames} frames)")
        return int(frame) % self.scene.nFrames

    def _size(self, width, height):
        if width is None or height is None:
            w, h = 800, 600
            if self.visualizationSettings is not None:
                w, h = self.visualizationSettings.window.renderWindowSize
            width, height = width or w, height or h
        if width < 16 or height < 16:
            raise ValueError(f"viewer: image size {width} x {height} is too small")
        return int(width), int(height)

    def image(self, time=None, frame=None, width=None, height=None):
        """The picture of one frame (the frame at `time`, or frame number `frame`) as an
        (height, width, 3) uint8 array, drawn off screen by pyvista."""
        from ._offscreen import FrameRenderer
        r = FrameRenderer(self.scene, *self._size(width, height))
        try:
            return r.render(self._frame(time, frame))
        finally:
            r.close()

    def save_png(self, path, time=None, frame=None, width=None, height=None):
        """Write one frame as a PNG file; returns path."""
        from ._offscreen import save_png
        save_png(self.scene, path, self._frame(time, frame), *self._size(width, height))
        return str(path)

    def save_video(self, path, fps=25, width=None, height=None, every=1):
        """Write the motion (every n-th frame) as an MP4 (.mp4, imageio-ffmpeg) or an animated
        GIF (.gif); returns path."""
        from ._offscreen import save_video
        if int(every) < 1:
            raise ValueError(f"viewer.save_video: every must be >= 1, got {every}")
        save_video(self.scene, path, fps, *self._size(width, height),
                   frames=range(0, self.scene.nFrames, int(every)))
        return str(path)

    # -- outside a notebook
    def open(self, path=None):
        """Write the HTML page (to path, or a temporary file) and open it in a web browser when
        there is a display; returns the file name."""
        if path is None:
            fd, path = tempfile.mkstemp(prefix="coordyn_view_", suffix=".html")
            os.close(fd)
        self.save_html(path)
        if (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or sys.platform in ("darwin", "win32")) and \
                os.environ.get("COORDYN_NO_BROWSER") is None:
            import webbrowser
            webbrowser.open("file://" + os.path.abspath(path))
        return str(path)

    def __repr__(self):
        s = self.scene
        groups = {}
        for p in s.parts:
            groups[p.group] = groups.get(p.group, 0) + 1
        span = f"t = {s.times[0]:g} .. {s.times[-1]:g}" if s.nFrames else "empty"
        return (f"<coordyn.viewer.Viewer: {s.nFrames} frames ({span}), parts "
                + ", ".join(f"{k} {v}" for k, v in sorted(groups.items())) + ">")


def show(mbs, solution=None, **kwargs):
    """A Viewer of mbs over the solution (see Viewer); in a notebook, the widget shows when the
    viewer is the cell's value."""
    return Viewer(mbs, solution, **kwargs)


def live(mbs, maxFrames=500, visualizationSettings=None, height=480, display=True):
    """A LiveViewer (coordyn.viewer.live): a widget that the solves of mbs move while they
    run; shown at once in a notebook."""
    from .live import live as _live
    return _live(mbs, maxFrames, visualizationSettings, height, display)


def __getattr__(name):
    if name == "LiveViewer":
        from .live import LiveViewer
        return LiveViewer
    raise AttributeError(f"module 'coordyn.viewer' has no attribute '{name}'")


def solution_viewer(mbs, solution=None, rowIncrement=1, timeout=0.04, runOnStart=True,
                    runMode=2, fontSize=12, title="", checkRenderEngineStopFlag=True,
                    windowSize=None):
    """Exudyn's mbs.SolutionViewer: the motion of the last solve (its solution file, or
    `solution`) in the viewer: in a notebook the widget, elsewhere an HTML page opened in the
    browser (its file name is printed). timeout is the time per frame when playing."""
    if solution is None:
        from ..results.solution import LoadSolutionFile
        fname = getattr(mbs, "_solution_file", None)
        if not fname or not os.path.exists(fname):
            raise ValueError("SolutionViewer: no solution to show: solve with simulationSettings"
                             ".solutionSettings.writeSolutionToFile = True, or pass "
                             "solution=coordyn.LoadSolutionFile(fileName)")
        solution = LoadSolutionFile(fname)
    if windowSize is not None:
        windowSize = [int(x) for x in windowSize]
    v = Viewer(mbs, solution, rowIncrement=rowIncrement, title=title,
               height=windowSize[1] if windowSize else 480)
    if timeout and timeout > 0:
        v.widget.fps = float(min(60.0, 1.0 / timeout))
    if in_notebook():
        from IPython.display import display
        display(v.widget)
    else:
        print(f"SolutionViewer: {v.open()}")
    return v
