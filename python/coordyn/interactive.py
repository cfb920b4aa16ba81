"""Exudyn's interactive module under coordyn's name. coordyn opens no native windows: the
solution viewer is coordyn.viewer (a notebook widget or an HTML page); the Tk dialogs raise
NotImplementedFeatureError naming what to use instead.
"""
from __future__ import annotations

from .exudyn._notyet import missing_function

__all__ = ["openDialogs", "ConfigureDialogColumns", "InteractiveDialog", "AnimateModes",
           "SolutionViewer", "ShowImage", "ConvertImages2Video", "InteractiveImages2Video"]

#: Exudyn's list of open Tk dialogs (always empty: coordyn opens none)
openDialogs: list = []


def SolutionViewer(mainSystem, solution=None, rowIncrement=1, timeout=0.04, runOnStart=True,
                   runMode=2, fontSize=12, title="", checkRenderEngineStopFlag=True,
                   windowSize=None):
    """The motion of the last solve (or of solution) in coordyn's viewer: a widget in a
    notebook, elsewhere an HTML page (coordyn.viewer.solution_viewer)."""
    from .viewer import solution_viewer
    return solution_viewer(mainSystem, solution, rowIncrement=rowIncrement, timeout=timeout,
                           runOnStart=runOnStart, runMode=runMode, fontSize=fontSize,
                           title=title, checkRenderEngineStopFlag=checkRenderEngineStopFlag,
                           windowSize=windowSize)


_TK = "it opens a Tk dialog window, and coordyn opens no native windows"
ConfigureDialogColumns = missing_function("ConfigureDialogColumns", "interactive", _TK)
InteractiveDialog = missing_function(
    "InteractiveDialog", "interactive", _TK,
    "a loop of mbs.SolveDynamic calls with ipywidgets sliders in a notebook")
AnimateModes = missing_function(
    "AnimateModes", "interactive", _TK,
    "mbs.ComputeODE2Eigenvalues and coordyn.viewer.show with the mode shape as solution")
ShowImage = missing_function("ShowImage", "interactive",
                             "it renders into Exudyn's OpenGL window",
                             "coordyn.viewer (its PNG export)")
ConvertImages2Video = missing_function(
    "ConvertImages2Video", "interactive", "it converts the images of Exudyn's renderer",
    "the viewer's video export (coordyn.viewer) or ffmpeg directly")
InteractiveImages2Video = missing_function("InteractiveImages2Video", "interactive", _TK,
                                           "ffmpeg directly")


# names that Exudyn 1.13.6's module holds as attributes (its imports), not in its __all__
from math import pi, sin  # noqa: E402,F401

from ._libmisc import extends  # noqa: E402,F401
from .basicUtilities import UIWindowSuppressed  # noqa: E402,F401
