"""Pictures and animations of three examples, drawn by coordyn.viewer (docs/gallery.rst).

- the spatial slider-crank (slider_crank_3d.py): the torque-driven crank turns, the rod moves in
  space, the slider runs along its off-plane guide;
- the gyroscope (gyroscope.py): the top started in steady precession turns about the vertical
  while it spins; its disc carries a light sector that shows the spin;
- the flexible pendulum (cable_pendulum.py): the ANCF cable falls and bends; without graphics
  the viewer draws its centre line, moved with the element's deformation.

Each model is solved with a solution file, read back with coordyn.LoadSolutionFile and drawn
off screen (pyvista): an animated GIF of the motion and a PNG of one frame. The viewer needs
the optional libraries of ``pip install coordyn[viz]``.

    python examples/animations.py [folder]     (default: a new temporary folder)

``python tools/make_gallery.py`` writes them to docs/images/gallery, where the gallery shows
them; tests/examples compares a fresh run with those pictures.
"""
import os
import runpy
import sys
import tempfile

import numpy as np

import coordyn as cd

HERE = os.path.dirname(os.path.abspath(__file__))
SIZE = (400, 300)          # pixels of the pictures and animations


def example(name):
    """The namespace of another example script (its build functions and parameters)."""
    return runpy.run_path(os.path.join(HERE, name + ".py"), run_name="example_" + name)


def view(azimuth, elevation):
    """openGL.initialModelRotation for a camera at (azimuth, elevation) [rad] around a scene
    whose vertical is z: rows right, up, towards the camera."""
    d = np.array([np.cos(elevation) * np.cos(azimuth), np.cos(elevation) * np.sin(azimuth),
                  np.sin(elevation)])
    up = np.array([0, 0, 1.0]) - d[2] * d
    up /= np.linalg.norm(up)
    return np.array([np.cross(up, d), up, d])


def solve(mbs, end_time, steps, folder, name, spectral_radius=0.9):
    s = cd.SimulationSettings()
    s.timeIntegration.endTime = end_time
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.generalizedAlpha.spectralRadius = spectral_radius
    s.solutionSettings.writeSolutionToFile = True
    s.solutionSettings.solutionWritePeriod = end_time / steps
    s.solutionSettings.coordinatesSolutionFileName = os.path.join(folder, name + ".txt")
    mbs.SolveDynamic(s)
    return cd.LoadSolutionFile(s.solutionSettings.coordinatesSolutionFileName)


def pictures(mbs, solution, folder, name, frames, fps, picture_time, **settings):
    """The GIF (frames evenly spaced over the solution) and a PNG of the frame at
    picture_time; returns their file names and the scene."""
    vs = cd.VisualizationSettings()
    vs.nodes.show = vs.markers.show = vs.loads.show = False
    for key, value in settings.items():
        group, item = key.split("__")
        setattr(getattr(vs, group), item, value)
    viewer = cd.viewer.show(mbs, solution, maxFrames=frames, visualizationSettings=vs)
    gif = viewer.save_video(os.path.join(folder, name + ".gif"), fps=fps,
                            width=SIZE[0], height=SIZE[1])
    png = viewer.save_png(os.path.join(folder, name + ".png"), time=picture_time,
                          width=SIZE[0], height=SIZE[1])
    return {"gif": gif, "png": png, "scene": viewer.scene}


def slider_crank(folder):
    ns = example("slider_crank_3d")
    mbs = cd.SystemContainer().AddSystem()
    ns["build"](mbs)
    mbs.Assemble()
    sol = solve(mbs, ns["end_time"], 500, folder, "slider_crank_3d")
    return pictures(mbs, sol, folder, "slider_crank_3d", 50, 12, 0.8,
                    openGL__initialModelRotation=view(-1.2, 0.5),
                    connectors__show=False)


def gyroscope(folder):
    ns = example("gyroscope")
    mbs = cd.SystemContainer().AddSystem()
    ns["build"](mbs, "LG", [0, ns["w_spin"], ns["OMEGA_P"]])
    mbs.Assemble()
    sol = solve(mbs, 2.0, 1000, folder, "gyroscope")
    return pictures(mbs, sol, folder, "gyroscope", 50, 12, 1.0,
                    openGL__initialModelRotation=view(-0.9, 0.45), connectors__show=False)


def cable(folder):
    ns = example("cable_pendulum")
    mbs = cd.SystemContainer().AddSystem()
    ns["build"](mbs, c=1e-3)
    mbs.Assemble()
    sol = solve(mbs, 1.0, 1000, folder, "cable_pendulum", spectral_radius=0.8)
    return pictures(mbs, sol, folder, "cable_pendulum", 50, 12, 0.5, connectors__show=False)


def main(folder=None):
    if folder is None:
        folder = tempfile.mkdtemp(prefix="coordyn_gallery_")
    os.makedirs(folder, exist_ok=True)
    result = {"slider_crank_3d": slider_crank(folder), "gyroscope": gyroscope(folder),
              "cable_pendulum": cable(folder)}
    for name, r in result.items():
        print(f"{name}: {r['scene'].nFrames} frames, {r['gif']} and {r['png']}")
    return result


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
