"""Drawing a Scene off screen with pyvista (VTK): PNG frames, and MP4/GIF animations written
by imageio (imageio-ffmpeg for MP4)."""
from __future__ import annotations

import os

import numpy as np

from ._deps import need


class FrameRenderer:
    """An off-screen pyvista plotter holding the scene's parts; render(frame) gives an
    (height, width, 3) uint8 image of that frame."""

    def __init__(self, scene, width=800, height=600):
        pv = need("pyvista", "off-screen images and videos")
        self.scene = scene
        self.pl = pv.Plotter(off_screen=True, window_size=(int(width), int(height)))
        self.pl.set_background([float(c) for c in scene.background[:3]])
        self.items = []          # (part, actor, polydata)
        for p in scene.parts:
            if p.kind == "text" or len(p.indices) == 0:
                continue
            V = p.vertices if p.deform is None else p.deform[0]
            n = 3 if p.kind == "mesh" else 2
            cells = np.hstack([np.full((len(p.indices), 1), n), p.indices]).astype(np.int64)
            poly = (pv.PolyData(V.astype(float), faces=cells.ravel()) if p.kind == "mesh"
                    else pv.PolyData(V.astype(float), lines=cells.ravel()))
            rgb = np.round(np.clip(p.colors[:, :3], 0, 1) * 255).astype(np.uint8)
            poly.point_data["rgb"] = rgb
            actor = self.pl.add_mesh(poly, scalars="rgb", rgb=True, smooth_shading=False,
                                     opacity=float(np.min(p.colors[:, 3])),
                                     line_width=(6 if p.group == "beams" else 2)
                                     if p.kind == "lines" else None,
                                     render_lines_as_tubes=p.group == "beams",
                                     show_scalar_bar=False)
            self.items.append((p, actor, poly))
        self._camera()

    def _camera(self):
        lo, hi = self.scene.bounds()
        center = 0.5 * (lo + hi)
        size = max(float(np.linalg.norm(hi - lo)), 1e-3)
        R = np.asarray(self.scene.modelRotation, dtype=float)
        view, up = R.T @ np.array([0, 0, 1.0]), R.T @ np.array([0, 1.0, 0])
        self.pl.camera_position = [tuple(center + 0.9 * size * view), tuple(center), tuple(up)]
        self.pl.camera.view_angle = 60.0

    def render(self, frame):
        for p, actor, poly in self.items:
            if p.deform is not None:
                poly.points = p.deform[frame].astype(float)
            elif p.pose >= 0:
                actor.user_matrix = self.scene.poses[p.pose, frame]
        self.pl.render()
        return np.asarray(self.pl.screenshot(return_img=True))[..., :3].copy()

    def close(self):
        self.pl.close()


def save_png(scene, path, frame, width=800, height=600):
    imageio = need("imageio", "PNG export")
    r = FrameRenderer(scene, width, height)
    try:
        img = r.render(frame)
    finally:
        r.close()
    imageio.imwrite(path, img)
    return img


def save_video(scene, path, fps=25, width=800, height=600, frames=None):
    """Write the frames (default: all) as an MP4 (imageio-ffmpeg) or an animated GIF."""
    imageio = need("imageio", "video export")
    ext = os.path.splitext(str(path))[1].lower()
    if ext not in (".mp4", ".gif"):
        raise ValueError(f"viewer.save_video: '{path}': the file name must end in .mp4 or .gif")
    if fps <= 0:
        raise ValueError(f"viewer.save_video: fps must be > 0, got {fps}")
    if ext == ".mp4":
        need("imageio_ffmpeg", "MP4 export")
        # H.264 wants even sizes
        width, height = int(width) // 2 * 2, int(height) // 2 * 2
    frames = range(scene.nFrames) if frames is None else frames
    r = FrameRenderer(scene, width, height)
    try:
        if ext == ".mp4":
            with imageio.get_writer(str(path), fps=float(fps), codec="libx264",
                                    macro_block_size=1, quality=7) as w:
                for k in frames:
                    w.append_data(r.render(k))
        else:
            imgs = [r.render(k) for k in frames]
            imageio.mimsave(str(path), imgs, duration=1000.0 / float(fps), loop=0)
    finally:
        r.close()
