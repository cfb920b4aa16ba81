"""The viewer's optional libraries (pip install coordyn[viz]), with a clear message if missing."""
from __future__ import annotations

import importlib

_PIP = {"k3d": "k3d", "pyvista": "pyvista", "imageio": "imageio",
        "imageio_ffmpeg": "imageio-ffmpeg"}


def need(module, what):
    """Import an optional module, or raise ImportError saying what needs it and how to get it."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        raise ImportError(f"coordyn.viewer: {what} needs the package '{_PIP.get(module, module)}'"
                          f", which is not installed: pip install coordyn[viz] (or pip install "
                          f"{_PIP.get(module, module)})") from e
