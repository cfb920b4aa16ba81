"""Drawing a Scene with k3d (three.js in a Jupyter widget, and in standalone HTML files that
carry k3d's JavaScript inside: they open offline)."""
from __future__ import annotations

import numpy as np

from ._deps import need


def _hex(c):
    c = np.clip(np.asarray(c, dtype=float)[:3], 0, 1)
    r, g, b = (np.round(c * 255)).astype(int)
    return int(r) << 16 | int(g) << 8 | int(b)


def _colors(C):
    C = np.clip(np.round(np.asarray(C, dtype=float)[:, :3] * 255), 0, 255).astype(np.uint32)
    return (C[:, 0] << 16 | C[:, 1] << 8 | C[:, 2]).astype(np.uint32)


def time_keys(times):
    """k3d's keys of a time series: the times as strings (unique, in order)."""
    return [repr(float(t)) for t in times]


def camera(scene, lo=None, hi=None):
    """k3d's camera [eye, target, up] looking at the scene's box along the model rotation's
    -z axis (Exudyn's openGL.initialModelRotation; the identity looks at the x-y plane)."""
    if lo is None:
        lo, hi = scene.bounds()
    center = 0.5 * (lo + hi)
    size = max(float(np.linalg.norm(hi - lo)), 1e-3)
    R = np.asarray(scene.modelRotation, dtype=float)
    view, up = R.T @ np.array([0, 0, 1.0]), R.T @ np.array([0, 1.0, 0])
    eye = center + 0.9 * size * view
    return [*eye, *center, *up]


def plot(scene, height=480, menu=True, grid=False):
    """A k3d Plot of the scene: every part an object with its group (bodies, nodes, markers,
    connectors, loads, ...) so that k3d's panel shows and hides them; moving parts carry a
    time series (their model matrix, or their vertices when they change form)."""
    k3d = need("k3d", "the Jupyter and HTML viewer")
    keys = time_keys(scene.times)
    moving = scene.nFrames > 1
    pl = k3d.plot(height=int(height), grid_visible=grid, menu_visibility=menu,
                  background_color=_hex(scene.background), camera_auto_fit=False,
                  time_interpolation=False, fps=25.0, axes_helper=1.0, name=scene.title or None)
    pl._coordyn_objects = []      # (part number, k3d object): for update()
    for number, p in enumerate(scene.parts):
        cols = _colors(p.colors)
        opacity = float(np.min(p.colors[:, 3])) if len(p.colors) else 1.0
        if p.kind == "mesh":
            kw = {}
            if p.pose >= 0:
                H = scene.poses[p.pose].astype(np.float32)
                kw["model_matrix"] = ({k: H[i] for i, k in enumerate(keys)} if moving
                                      else H[0])
            obj = k3d.mesh(p.vertices.astype(np.float32), p.indices.astype(np.uint32),
                           colors=cols, flat_shading=False, side="double", opacity=opacity,
                           name=p.name, group=p.group)
        elif p.kind == "lines":
            if len(p.indices) == 0:
                continue
            if p.deform is not None and moving:
                V = {k: p.deform[i].astype(np.float32) for i, k in enumerate(keys)}
            else:
                V = p.vertices_at(scene, 0).astype(np.float32)
            kw = {}
            if p.pose >= 0 and p.deform is None:
                H = scene.poses[p.pose].astype(np.float32)
                V = p.vertices.astype(np.float32)
                kw["model_matrix"] = ({k: H[i] for i, k in enumerate(keys)} if moving
                                      else H[0])
            tube = p.group == "beams" and p.size > 0     # beams as tubes of width p.size
            obj = k3d.lines(V, p.indices.astype(np.uint32), indices_type="segment",
                            colors=cols, shader="mesh" if tube else "simple",
                            width=p.size if tube else 0.01, opacity=opacity, name=p.name,
                            group=p.group)
        else:
            pos = p.vertices_at(scene, 0)[0]
            obj = k3d.text(p.text, position=[float(x) for x in pos], color=_hex(p.colors[0]),
                           size=0.8, label_box=False, name=p.name, group=p.group)
        if p.kind != "text" and "model_matrix" in kw:
            obj.model_matrix = kw["model_matrix"]   # a time series: set on the object
        pl += obj
        pl._coordyn_objects.append((number, obj))
    pl.camera = camera(scene)
    if moving:
        pl.time = float(scene.times[0])
    return pl


def update(pl, scene):
    """Move the objects of a plot made by plot() to a new scene of the same system and
    settings (the same parts): its single frame, or its frames as time series."""
    keys = time_keys(scene.times)
    series = scene.nFrames > 1
    for number, obj in pl._coordyn_objects:
        p = scene.parts[number]
        if p.kind == "text":
            continue
        if p.deform is not None:
            obj.vertices = ({k: p.deform[i].astype(np.float32) for i, k in enumerate(keys)}
                            if series else p.deform[0].astype(np.float32))
        elif p.pose >= 0:
            H = scene.poses[p.pose].astype(np.float32)
            obj.model_matrix = ({k: H[i] for i, k in enumerate(keys)} if series else H[0])
    if series:
        pl.time = float(scene.times[-1])


def html(scene, height=480):
    """One self-contained HTML page (k3d's JavaScript included) showing the scene."""
    pl = plot(scene, height=height)
    pl.snapshot_type = "full"
    return pl.get_snapshot()
