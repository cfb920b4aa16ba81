"""The scene: one renderer-independent description of what a system looks like over time.

A Scene holds the frame times and a list of Parts. A part is a triangle mesh, a set of line
segments or a text, with fixed vertices in its own frame and a pose per frame (a 4 x 4
homogeneous transform), or, for shapes that change form (springs, loads, beams), with its
vertices per frame in global coordinates. The renderers (coordyn.viewer: k3d in Jupyter and in
HTML files, pyvista off screen) draw the same scene.

What is drawn, as Exudyn draws it:
- bodies and ground: their graphicsDataList (VgraphicsData) in the body frame;
- beams and cables without graphics: their centre line, sampled along the element;
- nodes (visualizationSettings.nodes.show): a small sphere at the node position;
- markers (markers.show): a small cube at the marker position;
- connectors (connectors.show): springs as a helix-like zigzag between their markers, joints as
  a sphere at the first marker and a line to the second, other connectors as a line;
- loads (loads.show): an arrow at the load's marker along the load vector, of fixed length
  loads.defaultSize (fixedLoadSize) or scaled by loads.loadSizeFactor.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .._visualization_table import DEFAULTS
from ..items import ConfigurationType, OutputVariableType

OV = OutputVariableType
CURRENT = ConfigurationType.Current

GROUPS = ("ground", "bodies", "beams", "nodes", "markers", "connectors", "loads")


@dataclass
class Part:
    """One drawable piece of the scene.

    kind: 'mesh' (indices are triangles), 'lines' (indices are segments) or 'text'.
    vertices: (n, 3) in the part's frame; colors: (n, 4) RGBA in [0, 1].
    pose: index into Scene.poses (the part moves rigidly), or -1 (static, or deforming).
    deform: (nFrames, n, 3) global vertices per frame for parts that change form, or None."""
    name: str
    group: str
    kind: str
    vertices: np.ndarray
    indices: np.ndarray
    colors: np.ndarray
    pose: int = -1
    deform: np.ndarray | None = None
    text: str = ""
    size: float = 0.0           # line width or text size (scene units), 0: renderer default

    def vertices_at(self, scene, frame):
        """The part's global vertices at a frame."""
        if self.deform is not None:
            return self.deform[frame]
        if self.pose < 0:
            return self.vertices
        H = scene.poses[self.pose, frame]
        return self.vertices @ H[:3, :3].T + H[:3, 3]


@dataclass
class Scene:
    """Frame times (nFrames,), poses (nPoses, nFrames, 4, 4) and the parts."""
    times: np.ndarray
    poses: np.ndarray
    parts: list = field(default_factory=list)
    background: tuple = (1.0, 1.0, 1.0, 1.0)
    modelRotation: np.ndarray = field(default_factory=lambda: np.eye(3))
    title: str = ""

    @property
    def nFrames(self):
        return len(self.times)

    def bounds(self):
        """(lower, upper) corners of the box holding every part in every frame."""
        lo, hi = np.full(3, np.inf), np.full(3, -np.inf)
        for p in self.parts:
            if len(p.vertices) == 0:
                continue
            frames = range(self.nFrames) if (p.pose >= 0 or p.deform is not None) else [0]
            for k in frames:
                V = p.vertices_at(self, k)
                lo, hi = np.minimum(lo, V.min(axis=0)), np.maximum(hi, V.max(axis=0))
        if not np.all(np.isfinite(lo)):
            return np.full(3, -0.5), np.full(3, 0.5)
        return lo, hi

    def frame_at(self, time):
        """The last frame whose time is <= time (the first frame before the first time)."""
        k = int(np.searchsorted(self.times, time + 1e-12 * max(1.0, abs(time)), "right")) - 1
        return min(max(k, 0), self.nFrames - 1)


# ---------------------------------------------------------------------------------------------
# graphics data (coordyn.graphics / exudyn.graphics dicts) to parts

def _rgba(c, default):
    c = np.asarray(c if c is not None else default, dtype=float).reshape(-1)
    if c.size != 4 or c[0] < 0:      # Exudyn's [-1,-1,-1,-1]: the default colour
        c = np.asarray(default, dtype=float)
    return np.clip(c, 0.0, 1.0)


def _rows(a, n):
    return np.asarray(a, dtype=float).reshape((-1, n))


def _sphere(center, radius, color, tiles=8):
    """A UV sphere as (vertices, triangles, colors)."""
    th = np.linspace(0, np.pi, tiles + 1)
    ph = np.linspace(0, 2 * np.pi, 2 * tiles + 1)
    T, P = np.meshgrid(th, ph, indexing="ij")
    V = np.stack([np.sin(T) * np.cos(P), np.sin(T) * np.sin(P), np.cos(T)], -1).reshape(-1, 3)
    V = center + radius * V
    m = 2 * tiles + 1
    tri = []
    for i in range(tiles):
        for j in range(2 * tiles):
            a, b = i * m + j, i * m + j + 1
            c, d = a + m, b + m
            tri += [(a, c, b), (b, c, d)]
    return V, np.array(tri, dtype=np.uint32), np.tile(color, (len(V), 1))


def _cube(center, size, color):
    s = size / 2
    V = center + s * np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)],
                              dtype=float)
    T = np.array([(0, 2, 1), (1, 2, 3), (4, 5, 6), (5, 7, 6), (0, 1, 4), (1, 5, 4),
                  (2, 6, 3), (3, 6, 7), (0, 4, 2), (2, 4, 6), (1, 3, 5), (3, 7, 5)],
                 dtype=np.uint32)
    return V, T, np.tile(color, (8, 1))


def graphics_to_parts(graphicsData, name, group, pose, defaultColor):
    """Parts in the body frame from a list of graphics data dicts (coordyn.graphics or
    exudyn.graphics); the dicts' types: TriangleList, Line, Lines, Circle, Text, Spheres."""
    parts = []
    for k, g in enumerate(graphicsData or []):
        if not isinstance(g, dict):
            raise TypeError(f"viewer: {name}: graphics data entry {k} is a "
                            f"{type(g).__name__}, not a graphics data dict (coordyn.graphics)")
        t = g.get("type")
        label = f"{name} [{k}]"
        if t == "TriangleList":
            V = _rows(g["points"], 3)
            T = np.asarray(g["triangles"], dtype=np.int64).reshape((-1, 3))
            if len(T) and (T.min() < 0 or T.max() >= len(V)):
                raise ValueError(f"viewer: {name}: graphics data entry {k}: a triangle "
                                 f"index is outside the {len(V)} points")
            C = g.get("colors")
            C = (np.clip(_rows(C, 4), 0, 1) if C is not None and np.size(C) == 4 * len(V)
                 else np.tile(_rgba(None, defaultColor), (len(V), 1)))
            parts.append(Part(label, group, "mesh", V, T.astype(np.uint32), C, pose))
        elif t in ("Line", "Lines", "Circle"):
            if t == "Line":
                V = _rows(g["data"], 3)
                col = _rgba(g.get("color"), defaultColor)
            elif t == "Lines":          # quadratic segments stored as start, end, mid rows
                R = _rows(g["points"], 3)
                s = np.linspace(0, 1, 9)[:, None]
                V = np.concatenate([(1 - s) ** 2 * a + 2 * s * (1 - s) * m + s ** 2 * b
                                    for a, b, m in zip(R[0::3], R[1::3], R[2::3])])
                col = _rgba(np.asarray(g["colors"]).reshape(-1, 4)[0], defaultColor)
            else:
                a = np.linspace(0, 2 * np.pi, 33)
                V = (np.asarray(g.get("position", [0, 0, 0]), dtype=float)
                     + float(g.get("radius", 1)) * np.stack([np.cos(a), np.sin(a),
                                                             0 * a], -1))
                col = _rgba(g.get("color"), defaultColor)
            n = len(V)
            idx = (np.array([(i, i + 1) for i in range(n - 1)], dtype=np.uint32)
                   if n > 1 else np.zeros((0, 2), np.uint32))
            parts.append(Part(label, group, "lines", V, idx, np.tile(col, (n, 1)), pose))
        elif t == "Spheres":
            P, R = _rows(g["points"], 3), np.asarray(g["radii"], dtype=float).reshape(-1)
            C = _rows(g["colors"], 4)
            for i in range(len(P)):
                V, T, CC = _sphere(P[i], R[i], _rgba(C[i], defaultColor))
                parts.append(Part(f"{label} sphere {i}", group, "mesh", V, T, CC, pose))
        elif t == "Text":
            P = np.asarray(g.get("position", [0, 0, 0]), dtype=float).reshape(1, 3)
            parts.append(Part(label, group, "text", P, np.zeros((0, 2), np.uint32),
                              np.array([_rgba(g.get("color"), [0, 0, 0, 1])]), pose,
                              text=str(g.get("text", "")),
                              size=float(g.get("fontSize", 0) or 0)))
        else:
            raise ValueError(f"viewer: {name}: graphics data entry {k} has the unknown type "
                             f"{t!r} (known: TriangleList, Line, Lines, Circle, Text, Spheres)")
    return parts


# ---------------------------------------------------------------------------------------------
# building a scene from a system and a solution

def solution_frames(mbs, solution, rowIncrement=1, maxFrames=None):
    """(times, ODE2 coordinates per frame) from a LoadSolutionFile dict, or the current state
    when solution is None. rowIncrement takes every n-th row; maxFrames thins further."""
    n2 = mbs.systemData.NumberOfODE2Coordinates()
    if solution is None:
        q = np.asarray(mbs.systemData.GetODE2Coordinates(CURRENT), dtype=float)
        return np.array([mbs.systemData.GetTime(CURRENT)]), q.reshape(1, -1)
    if not isinstance(solution, dict) or "data" not in solution:
        raise TypeError("viewer: solution must be the dict coordyn.LoadSolutionFile (or "
                        "exudyn's) returns, or None for the current state")
    data = np.asarray(solution["data"], dtype=float)
    cols = solution.get("columnsExported") or []
    if data.ndim != 2 or len(data) == 0:
        raise ValueError("viewer: the solution has no rows (data is empty)")
    if cols and cols[0] != n2:
        raise ValueError(f"viewer: the solution has {cols[0]} ODE2 coordinates, the system "
                         f"{n2}: it belongs to another model (or the system was changed)")
    if data.shape[1] < 1 + n2:
        raise ValueError(f"viewer: solution rows have {data.shape[1] - 1} coordinates, the "
                         f"system needs {n2} ODE2 coordinates")
    if int(rowIncrement) < 1:
        raise ValueError(f"viewer: rowIncrement must be >= 1, got {rowIncrement}")
    rows = np.arange(0, len(data), int(rowIncrement))
    if maxFrames is not None and len(rows) > maxFrames:
        rows = rows[np.linspace(0, len(rows) - 1, int(maxFrames)).round().astype(int)]
    return data[rows, 0].copy(), data[rows, 1:1 + n2].copy()


def _beam_length(o):
    """The reference length of a beam or cable element (None for other objects)."""
    for key in ("physicsLength", "length"):
        if key in o and isinstance(o[key], (int, float)) and o.get("nodeNumbers") is not None:
            return float(o[key])
    return None


def _pose(R, p):
    H = np.eye(4)
    H[:3, :3], H[:3, 3] = R, p
    return H


def _node_pose(mbs, n):
    """the node's pose, or None for a node without a position (NodeGenericData, ODE1, ...)"""
    try:
        p = np.asarray(mbs.GetNodeOutput(n, OV.Position, CURRENT), dtype=float).reshape(-1)
    except (ValueError, RuntimeError, TypeError):
        return None
    p = np.concatenate([p, np.zeros(3 - len(p))])[:3]
    try:
        R = np.asarray(mbs.GetNodeOutput(n, OV.RotationMatrix, CURRENT),
                       dtype=float).reshape(3, 3)
    except (ValueError, RuntimeError, TypeError):
        R = np.eye(3)
    return _pose(R, p)


def _zigzag(p0, p1, windings, width):
    """A spring between p0 and p1: a zigzag of `windings` turns, amplitude width/2."""
    d = p1 - p0
    L = np.linalg.norm(d)
    if L < 1e-14:
        return np.array([p0, p1])
    e = d / L
    a = np.cross(e, [0, 0, 1.0])
    if np.linalg.norm(a) < 1e-8:
        a = np.cross(e, [0, 1.0, 0])
    a /= np.linalg.norm(a)
    n = 2 * windings
    s = np.concatenate([[0.0], (np.arange(n) + 0.5) / n, [1.0]])
    amp = np.concatenate([[0.0], 0.5 * width * (-1.0) ** np.arange(n), [0.0]])
    return p0 + s[:, None] * d + amp[:, None] * a


def _arrow(p, v, length):
    """Shaft and two head strokes of an arrow at p along v, `length` long (4 segments)."""
    nv = np.linalg.norm(v)
    if nv < 1e-300:
        return np.tile(p, (6, 1))
    e = v / nv
    tip = p + length * e
    a = np.cross(e, [0, 0, 1.0])
    if np.linalg.norm(a) < 1e-8:
        a = np.cross(e, [0, 1.0, 0])
    a /= np.linalg.norm(a)
    h = 0.25 * length
    return np.array([p, tip, tip, tip - h * e + 0.5 * h * a, tip, tip - h * e - 0.5 * h * a])


_ARROW_SEGMENTS = np.array([(0, 1), (2, 3), (4, 5)], dtype=np.uint32)
def _setting(vs, path):
    """a visualization setting of vs, or Exudyn's default (the table VisualizationSettings
    is built from) without settings"""
    if vs is None:
        return DEFAULTS[path]
    obj = vs
    for k in path.split("."):
        obj = getattr(obj, k)
    return obj


def build_scene(mbs, solution=None, rowIncrement=1, maxFrames=500, visualizationSettings=None,
                title=""):
    """The Scene of mbs over the rows of a solution (LoadSolutionFile's dict; None: the
    current state). The system's current state is restored afterwards."""
    if not getattr(mbs, "_assembled", True):
        mbs.Assemble()
    vs = visualizationSettings
    times, Q = solution_frames(mbs, solution, rowIncrement, maxFrames)
    sd = mbs.systemData
    q_saved = np.array(sd.GetODE2Coordinates(CURRENT), dtype=float)
    t_saved = sd.GetTime(CURRENT)
    nF = len(times)
    nodes, objects = mbs.NumberOfNodes(), mbs.NumberOfObjects()
    markers, loads = mbs.NumberOfMarkers(), mbs.NumberOfLoads()
    node_items = [mbs.GetNode(i) for i in range(nodes)]
    object_items = [mbs.GetObject(i) for i in range(objects)]
    marker_items = [mbs.GetMarker(i) for i in range(markers)]
    load_items = [mbs.GetLoad(i) for i in range(loads)]

    pose_of_node = {}        # node -> pose index
    node_pos = np.zeros((nodes, nF, 3))
    node_ok = np.zeros(nodes, bool)    # nodes with a position (drawn)
    poses = []
    marker_pos = np.zeros((markers, nF, 3))
    marker_ok = np.zeros(markers, bool)
    beams = {}               # object -> (nF, nSamples, 3)
    load_vec = np.zeros((loads, nF, 3))
    for i, o in enumerate(object_items):
        if o.get("nodeNumber") is not None and not (o.get("VgraphicsData") or []) == []:
            pose_of_node.setdefault(int(o["nodeNumber"]), len(pose_of_node))
    node_pose = np.zeros((len(pose_of_node), nF, 4, 4))
    beam_objects = [i for i, o in enumerate(object_items)
                    if _beam_length(o) is not None and not o.get("VgraphicsData")]
    try:
        for k in range(nF):
            if solution is not None:   # else: the current state as it is (a live view reads
                sd.SetODE2Coordinates(Q[k], CURRENT)   # it while a solve runs: no writes)
                sd.SetTime(float(times[k]), CURRENT)
            for n in range(nodes):
                H = _node_pose(mbs, n)
                if H is None:
                    continue
                node_ok[n] = True
                node_pos[n, k] = H[:3, 3]
                if n in pose_of_node:
                    node_pose[pose_of_node[n], k] = H
            for m in range(markers):
                try:
                    marker_pos[m, k] = np.asarray(mbs.GetMarkerOutput(m, OV.Position, CURRENT),
                                                  dtype=float).reshape(-1)[:3]
                    marker_ok[m] = True
                except (ValueError, RuntimeError, TypeError):
                    pass
            for i in beam_objects:
                L = _beam_length(object_items[i])
                xs = np.linspace(0, L, 17)
                try:
                    P = [np.asarray(mbs.GetObjectOutputBody(i, OV.Position, [x, 0, 0], CURRENT),
                                    dtype=float).reshape(-1)[:3] for x in xs]
                except (ValueError, RuntimeError, TypeError):
                    continue
                beams.setdefault(i, np.zeros((nF, len(xs), 3)))[k] = P
            for j in range(loads):
                try:
                    load_vec[j, k] = np.asarray(mbs.GetLoadValues(j),
                                                dtype=float).reshape(-1)[:3]
                except (ValueError, RuntimeError, TypeError):
                    pass
    finally:
        if solution is not None:
            sd.SetODE2Coordinates(q_saved, CURRENT)
            sd.SetTime(t_saved, CURRENT)
    poses = node_pose

    lo, hi = (node_pos.reshape(-1, 3).min(0), node_pos.reshape(-1, 3).max(0)) if nodes else (
        np.zeros(3), np.zeros(3))
    extent = max(float(np.max(hi - lo)), 0.1)
    parts = []
    bodyColor = _setting(vs, "bodies.defaultColor")
    extra_poses = []

    # bodies and ground with their graphics
    if _setting(vs, "bodies.show"):
        for i, o in enumerate(object_items):
            gd = o.get("VgraphicsData") or []
            if not gd or not o.get("Vshow", True):
                continue
            name = f"Object {i} ({o['objectType']})" + (f" '{o['name']}'" if o.get("name")
                                                        else "")
            if o.get("nodeNumber") is not None:
                parts += graphics_to_parts(gd, name, "bodies",
                                           pose_of_node[int(o["nodeNumber"])], bodyColor)
            elif o["objectType"] != "Ground":
                import warnings
                warnings.warn(f"viewer: the graphics of {name} are not drawn: only bodies on "
                              "one node and the ground carry graphics in coordyn's viewer",
                              stacklevel=3)
            else:                      # ground: in its reference frame
                from ..create._items import _ground_pose
                ref, R = _ground_pose({"referencePosition": [0, 0, 0], **o})
                ps = graphics_to_parts(gd, name, "ground", -1, bodyColor)
                for p in ps:
                    p.vertices = p.vertices @ R.T + ref
                parts += ps
        for i, B in beams.items():
            o = object_items[i]
            idx = np.array([(s, s + 1) for s in range(B.shape[1] - 1)], dtype=np.uint32)
            parts.append(Part(f"Object {i} ({o['objectType']})", "beams", "lines", B[0], idx,
                              np.tile(_rgba(None, bodyColor), (B.shape[1], 1)), -1, B,
                              size=0.01 * extent))

    # nodes and markers
    if _setting(vs, "nodes.show") and nodes:
        size = float(_setting(vs, "nodes.defaultSize"))
        r = (size if size > 0 else 0.01 * extent)
        col = _rgba(_setting(vs, "nodes.defaultColor"), DEFAULTS["nodes.defaultColor"])
        for n in np.flatnonzero(node_ok):
            V, T, C = _sphere(np.zeros(3), r, col, tiles=4)
            extra_poses.append(np.array([_pose(np.eye(3), node_pos[n, k]) for k in range(nF)]))
            parts.append(Part(f"Node {n} ({node_items[n]['nodeType']})", "nodes", "mesh", V, T,
                              C, len(poses) + len(extra_poses) - 1))
    if _setting(vs, "markers.show") and markers:
        size = float(_setting(vs, "markers.defaultSize"))
        a = (size if size > 0 else 0.015 * extent)
        col = _rgba(_setting(vs, "markers.defaultColor"), DEFAULTS["markers.defaultColor"])
        for m in range(markers):
            if not marker_ok[m]:
                continue
            V, T, C = _cube(np.zeros(3), a, col)
            extra_poses.append(np.array([_pose(np.eye(3), marker_pos[m, k])
                                         for k in range(nF)]))
            parts.append(Part(f"Marker {m} ({marker_items[m]['markerType']})", "markers",
                              "mesh", V, T, C, len(poses) + len(extra_poses) - 1))

    # connectors: springs, joints, others
    if _setting(vs, "connectors.show"):
        size = float(_setting(vs, "connectors.defaultSize"))
        col = _rgba(_setting(vs, "connectors.defaultColor"), DEFAULTS["connectors.defaultColor"])
        wind = int(_setting(vs, "connectors.springNumberOfWindings"))
        for i, o in enumerate(object_items):
            mk = o.get("markerNumbers")
            if not mk or len(mk) != 2 or not o.get("Vshow", True):
                continue
            m0, m1 = int(mk[0]), int(mk[1])
            if not (marker_ok[m0] and marker_ok[m1]):
                continue
            name = f"Object {i} ({o['objectType']})"
            typ = o["objectType"]
            if "SpringDamper" in typ:
                D = np.array([_zigzag(marker_pos[m0, k], marker_pos[m1, k], wind, 0.5 * size)
                              for k in range(nF)])
            else:
                D = np.stack([marker_pos[m0], marker_pos[m1]], axis=1)
            idx = np.array([(s, s + 1) for s in range(D.shape[1] - 1)], dtype=np.uint32)
            parts.append(Part(name, "connectors", "lines", D[0], idx,
                              np.tile(col, (D.shape[1], 1)), -1, D, size=0.02 * size))
            if typ.startswith("Joint") or "Joint" in typ:
                V, T, C = _sphere(np.zeros(3), 0.25 * size, col, tiles=6)
                extra_poses.append(np.array([_pose(np.eye(3), marker_pos[m0, k])
                                             for k in range(nF)]))
                parts.append(Part(name + " joint", "connectors", "mesh", V, T, C,
                                  len(poses) + len(extra_poses) - 1))

    # loads
    if _setting(vs, "loads.show"):
        col = _rgba(_setting(vs, "loads.defaultColor"), DEFAULTS["loads.defaultColor"])
        fixed = bool(_setting(vs, "loads.fixedLoadSize"))
        L0 = float(_setting(vs, "loads.defaultSize"))
        factor = float(_setting(vs, "loads.loadSizeFactor"))
        for j, ld in enumerate(load_items):
            m = ld.get("markerNumber")
            if m is None or not marker_ok[int(m)]:
                continue
            m = int(m)
            D = np.array([_arrow(marker_pos[m, k], load_vec[j, k],
                                 L0 if fixed else factor * np.linalg.norm(load_vec[j, k]))
                          for k in range(nF)])
            parts.append(Part(f"Load {j} ({ld['loadType']})", "loads", "lines", D[0],
                              _ARROW_SEGMENTS, np.tile(col, (6, 1)), -1, D,
                              size=0.01 * L0))

    if extra_poses:
        allp = np.concatenate([poses.reshape(-1, nF, 4, 4)] +
                              [e.reshape(1, nF, 4, 4) for e in extra_poses])
    else:
        allp = poses.reshape(-1, nF, 4, 4)
    bg = _rgba(_setting(vs, "general.backgroundColor"), [1, 1, 1, 1])
    rot = np.asarray(_setting(vs, "openGL.initialModelRotation"), dtype=float).reshape(3, 3)
    return Scene(times=np.asarray(times, dtype=float), poses=allp, parts=parts,
                 background=tuple(bg), modelRotation=rot, title=title)
