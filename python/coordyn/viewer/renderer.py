"""Exudyn's renderer calls on the viewer: SC.renderer, coordyn.StartRenderer/StopRenderer, ...

Exudyn opens an OpenGL window that draws the model while it moves. coordyn has no window: a
started renderer has every solve of the container's systems keep its motion (a solution file,
a temporary one if the settings write none), and StopRenderer shows the last solve's motion in
the viewer (the widget in a notebook, elsewhere an HTML page opened in the browser when there
is a display; its file name is printed). Calls that only steer Exudyn's window (ZoomAll,
SendRedrawSignal, DoIdleTasks, ...) return at once: they never change results.
"""
from __future__ import annotations

import os
import tempfile
import weakref

import numpy as np

_attached = None          # the SystemContainer the module-level calls act on (the last created)


def attach(sc):
    global _attached
    _attached = weakref.ref(sc)


def attached():
    sc = _attached() if _attached is not None else None
    if sc is None:
        raise RuntimeError("no SystemContainer: create one with coordyn.SystemContainer() "
                           "before starting the renderer")
    return sc


class Renderer:
    """SC.renderer: Start, Stop, IsActive, DoIdleTasks, ZoomAll, ... (see the module)."""

    def __init__(self, sc):
        self._sc = weakref.ref(sc)
        self._active = False
        self._last = None            # (mbs, solution file) of the last solve while active
        self._files = []
        self.viewer = None           # the Viewer StopRenderer showed last

    # -- what the solves call
    def solution_file_for(self, mbs):
        """A temporary solution file for a solve whose settings write none (None if the
        renderer is not active)."""
        if not self._active:
            return None
        fd, name = tempfile.mkstemp(prefix="coordyn_render_", suffix=".txt")
        os.close(fd)
        self._files.append(name)
        return name

    def solved(self, mbs, solutionFile):
        """Remember the last solve's solution file while active."""
        if self._active and solutionFile:
            self._last = (mbs, solutionFile)

    # -- Exudyn's interface
    def Start(self, verbose=0):
        """Start recording the motion of the solves (no window: see coordyn.viewer)."""
        self._active = True
        return True

    def IsActive(self):
        """True between Start and Stop."""
        return self._active

    def Stop(self):
        """Show the last solve's motion (or the first system's current state) in the viewer."""
        if not self._active:
            return
        self._active = False
        sc = self._sc()
        from . import Viewer, in_notebook
        from ..results.solution import LoadSolutionFile
        if self._last is not None:
            mbs, fname = self._last
            solution = LoadSolutionFile(fname) if os.path.exists(fname) else None
        elif sc is not None and sc.systems:
            mbs, solution = sc.systems[0], None
        else:
            return
        if solution is not None and solution["nRows"] == 0:
            solution = None
        self.viewer = Viewer(mbs, solution)
        if in_notebook():
            from IPython.display import display
            display(self.viewer.widget)
        else:
            print(f"renderer: the model is shown in {self.viewer.open()}")
        self._last = None
        for f in self._files:
            try:
                os.remove(f)
            except OSError:
                pass
        self._files = []

    def DoIdleTasks(self, waitSeconds=0):
        """Returns at once (there is no window to serve)."""
        return None

    def ZoomAll(self):
        """Returns at once: the viewer fits the scene itself."""
        return None

    def SendRedrawSignal(self):
        """Returns at once: the viewer draws when it is shown."""
        return None

    #: the view state keys GetState gives and SetState takes (Exudyn's names)
    _STATE_KEYS = ("centerPoint", "rotationCenterPoint", "maxSceneSize", "zoom",
                   "currentWindowSize", "modelRotation")

    def GetState(self):
        """The view state as Exudyn's renderer gives it (a dict: centerPoint, zoom,
        modelRotation, ...; windowOpen is False: coordyn opens no window). Scripts keep it in
        exu.sys['renderState'] and give it back with SetState."""
        state = getattr(self, "_state", None)
        if state is None:
            sc = self._sc()
            size = [1024, 768]
            if sc is not None:
                size = list(sc.visualizationSettings.window.renderWindowSize)
            state = {"centerPoint": np.zeros(3), "rotationCenterPoint": np.zeros(3),
                     "maxSceneSize": 1.0, "zoom": 1.0,
                     "currentWindowSize": np.array(size, dtype=int),
                     "modelRotation": np.eye(3)}
            self._state = state
        out = {"viewEnabled": True, "windowOpen": False}
        out.update({k: (v.copy() if isinstance(v, np.ndarray) else v) for k, v in state.items()})
        return out

    def SetState(self, renderState, waitForRendererFullStartup=False):
        """Take the view keys of a state from GetState (others, such as the mouse state, are
        ignored as Exudyn ignores them); checks their shapes."""
        if not isinstance(renderState, dict):
            raise TypeError(f"Renderer.SetState: renderState must be a dict from GetState, "
                            f"got {type(renderState).__name__}")
        shapes = {"centerPoint": (3,), "rotationCenterPoint": (3,), "maxSceneSize": (),
                  "zoom": (), "currentWindowSize": (2,), "modelRotation": (3, 3)}
        state = self.GetState()
        for key in self._STATE_KEYS:
            if key in renderState:
                v = np.asarray(renderState[key], dtype=float)
                if v.shape != shapes[key]:
                    raise ValueError(f"Renderer.SetState: '{key}' must have shape "
                                     f"{shapes[key]}, got {v.shape}")
                state[key] = float(v) if v.shape == () else v
        self._state = {k: state[k] for k in self._STATE_KEYS}

    def GetRenderCount(self):
        """0: nothing is drawn while a solve runs."""
        return 0

    def RedrawAndSaveImage(self):
        """Save a PNG of the first system's current state: exportImages.saveImageFileName
        with a 5-digit counter (as Exudyn names them)."""
        sc = self._sc()
        if sc is None or not sc.systems:
            return
        from . import Viewer
        vs = sc.visualizationSettings
        name = vs.exportImages.saveImageFileName
        n = getattr(self, "_imageCounter", 0)
        self._imageCounter = n + 1
        folder = os.path.dirname(name)
        if folder:
            os.makedirs(folder, exist_ok=True)
        Viewer(sc.systems[0]).save_png(f"{name}{n:05d}.png")


def StartRenderer(verbose=0):
    """Exudyn's exu.StartRenderer: start the renderer of the last created SystemContainer."""
    return attached().renderer.Start(verbose)


def StopRenderer():
    """Exudyn's exu.StopRenderer: show what the renderer recorded (see the module)."""
    return attached().renderer.Stop()


def IsRendererActive():
    sc = _attached() if _attached is not None else None
    return bool(sc is not None and sc.renderer.IsActive())


def DoRendererIdleTasks(waitSeconds=0):
    """Accepted for Exudyn scripts: returns at once (there is no window to serve)."""
    return None
