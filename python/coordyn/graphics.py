"""Geometry for drawing, with the function names, arguments and defaults of Exudyn 1.13's
exudyn.graphics, returning the dictionaries Exudyn returns (its "GraphicsData"):

* ``{'type': 'TriangleList', 'points': (n,3), 'normals': (n,3), 'colors': (n,4),
  'triangles': (m,3)}``: a triangle mesh; triangles are counterclockwise seen from outside, so
  the right-hand normal of every triangle points out of the solid; ``normals`` are per point.
* ``{'type': 'Spheres', 'points', 'radii', 'colors', 'resolution'}``: whole spheres, as
  Exudyn 1.13.6 returns them (``SpheresToTriangleList`` gives their mesh).
* ``{'type': 'Line', 'color', 'data': (n,3)}``, ``{'type': 'Text', ...}``,
  ``{'type': 'Circle', ...}``.

Arrays are NumPy rows (points × 3, ...) as Exudyn 1.13.6 returns them. Curved surfaces are flat
triangles here (Exudyn 1.13.6 draws some with 6-node triangles, 'triangles6';
Triangles6ToTriangles splits those), so the number of points of a Cylinder or an Arrow
differs from Exudyn's; Brick, Cuboid, Quad, CheckerBoard, Lines, Text, Circle and Sphere agree
with Exudyn point for point. docs/graphics.rst lists what is there and what is not.
"""
from __future__ import annotations

import heapq
import importlib
from math import asin, cos, radians, sin, tan

import numpy as np

# the rotation helpers exudyn.graphics re-exports (as it does from exudyn.rigidBodyUtilities)
from .rigid import (ComputeOrthonormalBasisVectors, GramSchmidt, HT2rotationMatrix,
                    HT2translation, HomogeneousTransformation, RotationMatrix2D,
                    RotationMatrixZ, RotationVector2RotationMatrix)

pi = np.pi

from ._libmisc import Deprecated  # noqa: E402,F401

from .exudyn._names import MODULE_ALL as _MODULE_ALL  # noqa: E402

__all__ = list(_MODULE_ALL["graphics"])  # Exudyn 1.13.6's, in its order
# (Exudyn 1.13.6's __all__; the rotation helpers, IsEmptyList and the math functions above are
# module attributes, as in Exudyn, but not star-imported)

# Exudyn's two switches of old mesh conventions, read when a mesh is made
#: 1.0: normals point out of the solid; -1.0 (Exudyn's convention until 2022) turns the normals
#: of SolidOfRevolution and of what is built on it (hollow Cylinder, Arrow, BallBearingRings)
#: inwards. Set ``coordyn.graphics.graphicsDataNormalsFactor = -1.0`` before making the mesh.
graphicsDataNormalsFactor = 1.0
#: False: triangles counterclockwise seen from outside; True (Exudyn's old order) reverses the
#: triangles of the sphere meshes of SpheresToTriangleList and RigidLink.
graphicsDataSwitchTriangleOrder = False


class color:
    """RGBA colors with Exudyn's names (exudyn.graphics.color); ``default`` [-1,-1,-1,-1]
    means the renderer's default color."""
    black = [0.0, 0.0, 0.0, 1.0]
    white = [1.0, 1.0, 1.0, 1.0]
    red = [1.0, 0.0, 0.0, 1.0]
    green = [0.0, 1.0, 0.0, 1.0]
    blue = [0.0, 0.0, 1.0, 1.0]
    yellow = [1.0, 1.0, 0.0, 1.0]
    cyan = [0.0, 1.0, 1.0, 1.0]
    magenta = [1.0, 0.0, 1.0, 1.0]
    orange = [1.0, 0.5, 0.0, 1.0]
    pink = [1.0, 0.0, 0.5, 1.0]
    violet = [0.5, 0.0, 1.0, 1.0]
    lawngreen = [0.5, 1.0, 0.0, 1.0]
    springgreen = [0.0, 1.0, 0.5, 1.0]
    dodgerblue = [0.0, 0.5, 1.0, 1.0]
    grey = [0.5, 0.5, 0.5, 1.0]
    darkgrey = [0.2, 0.2, 0.2, 1.0]
    darkgrey2 = [0.35, 0.35, 0.35, 1.0]
    lightgrey = [0.7, 0.7, 0.7, 1.0]
    lightgrey2 = [0.85, 0.85, 0.85, 1.0]
    lightred = [0.9, 0.4, 0.4, 1.0]
    lightgreen = [0.4, 0.9, 0.4, 1.0]
    steelblue = [0.4, 0.4, 0.9, 1.0]
    brown = [0.65, 0.2, 0.2, 1.0]
    default = [-1.0, -1.0, -1.0, -1.0]
    defaultBody = [0.4, 0.4, 0.9, 1]
    defaultFFRF = [0.0, 1.0, 0.0, 1.0]
    defaultJoint = [0.6, 0.6, 0.8, 1]


class material:
    """Exudyn's material constants (exudyn.graphics.material), for its ray tracer: a material
    index (``indexBase`` + 0 ... 9) in the alpha entry of a color selects the material, and
    ``material.steel`` etc. are the default color [-1, -1, -1] with that index."""
    indexBase = 1000
    indexDefault = indexBase
    indexMatt = indexBase + 1
    indexSteel = indexBase + 2
    indexPlastic = indexBase + 3
    indexChrome = indexBase + 4
    indexShiny = indexBase + 5
    indexTransparent = indexBase + 6
    indexGlass = indexBase + 7
    indexMirror = indexBase + 8
    indexEmission = indexBase + 9
    default = [-1, -1, -1, indexDefault]
    matt = [-1, -1, -1, indexMatt]
    steel = [-1, -1, -1, indexSteel]
    plastic = [-1, -1, -1, indexPlastic]
    chrome = [-1, -1, -1, indexChrome]
    shiny = [-1, -1, -1, indexShiny]
    transparent = [-1, -1, -1, indexTransparent]
    glass = [-1, -1, -1, indexGlass]
    mirror = [-1, -1, -1, indexMirror]
    emission = [-1, -1, -1, indexEmission]


def IsEmptyList(x):
    """True if x is a list or NumPy array of length 0 (as Exudyn's advancedUtilities)."""
    return isinstance(x, (list, np.ndarray)) and len(x) == 0


colorList = [color.red, color.green, color.blue, color.cyan, color.magenta, color.yellow,
             color.orange, color.pink, color.lawngreen, color.violet, color.springgreen,
             color.dodgerblue, color.grey, color.darkgrey, color.lightgrey, color.lightred,
             color.lightgreen, color.steelblue, color.brown, color.black, color.darkgrey2,
             color.lightgrey2, color.white]


# ---------------------------------------------------------------------------------------------
# helpers


def _vec3(where, name, v):
    a = np.asarray(v, dtype=float)
    if a.shape != (3,):
        raise ValueError(f"graphics.{where}: argument '{name}' must be a 3D vector, got shape "
                         f"{a.shape}")
    return a


def _rgba(where, c, name="color"):
    a = np.asarray(c, dtype=float)
    if a.shape != (4,):
        raise ValueError(f"graphics.{where}: argument '{name}' must be 4 RGBA values, got "
                         f"shape {a.shape}")
    return a


def _frame(axis):
    """Orthonormal e1, e2 perpendicular to the unit vector axis (e1 × e2 = axis)."""
    helper = np.eye(3)[int(np.argmin(np.abs(axis)))]
    e1 = np.cross(axis, helper)
    e1 /= np.linalg.norm(e1)
    return e1, np.cross(axis, e1)


def _mesh(points, normals, triangles, col):
    points = np.asarray(points, dtype=float).reshape((-1, 3))
    return {"type": "TriangleList",
            "colors": np.tile(np.asarray(col, dtype=float), (len(points), 1)),
            "points": points,
            "normals": np.asarray(normals, dtype=float).reshape((-1, 3)),
            "triangles": np.asarray(triangles, dtype=int).reshape((-1, 3))}


def _oriented(tri, points, normal, tol):
    """Triangle tri counterclockwise about normal: (p1-p0) × (p2-p0) · normal > 0; None if
    its area is below tol (a triangle collapsed on the axis of a solid of revolution)."""
    p0, p1, p2 = points[tri[0]], points[tri[1]], points[tri[2]]
    g = np.cross(p1 - p0, p2 - p0)
    if np.linalg.norm(g) <= tol:
        return None
    return tri if g @ normal > 0 else [tri[0], tri[2], tri[1]]


def _ear_clip(poly):
    """Triangles (index triples) of the simple polygon poly (k × 2, counterclockwise; a vertex
    may occur twice where a hole is bridged in). Ears are clipped best first (the largest area
    for the sum of the squared sides), so round outlines give no slivers; only reflex corners
    and repeated vertices can lie in an ear, so only they are tested."""
    keys = [(float(x), float(y)) for x, y in np.asarray(poly, dtype=float)]
    n = len(keys)
    prv, nxt = [(k - 1) % n for k in range(n)], [(k + 1) % n for k in range(n)]
    alive = [True] * n
    eps = 1e-14 * (1 + max(abs(c) for p in keys for c in p) ** 2)

    def cross(a, b, c):
        (ax, ay), (bx, by), (cx, cy) = keys[a], keys[b], keys[c]
        return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)

    seen = {}
    for k, key in enumerate(keys):
        seen.setdefault(key, []).append(k)
    repeated = {k for ks in seen.values() if len(ks) > 1 for k in ks}
    suspects = {k for k in range(n) if cross(prv[k], k, nxt[k]) <= eps} | repeated

    def quality(k):
        """None if the corner k is no ear, else how well shaped its triangle is."""
        a, c = prv[k], nxt[k]
        area = cross(a, k, c)
        if area <= eps:
            return None
        corners = {keys[a], keys[k], keys[c]}
        for j in suspects:
            if (alive[j] and keys[j] not in corners and cross(a, k, j) >= 0
                    and cross(k, c, j) >= 0 and cross(c, a, j) >= 0):
                return None
        sides = sum((keys[u][0] - keys[v][0]) ** 2 + (keys[u][1] - keys[v][1]) ** 2
                    for u, v in ((a, k), (k, c), (c, a)))
        return area / sides

    version = [0] * n
    heap = []

    def push(k):
        version[k] += 1
        q = quality(k)
        if q is not None:
            heapq.heappush(heap, (-q, k, version[k]))

    for k in range(n):
        push(k)
    tris, left = [], n
    while left > 3:
        while heap and (not alive[heap[0][1]] or heap[0][2] != version[heap[0][1]]):
            heapq.heappop(heap)
        if heap:
            k = heapq.heappop(heap)[1]
            tris.append([prv[k], k, nxt[k]])
        else:  # no ear (rounding): drop a flat corner, else clip the most convex one
            ring = [k for k in range(n) if alive[k]]
            c = [cross(prv[k], k, nxt[k]) for k in ring]
            flat = [k for k, ck in zip(ring, c) if abs(ck) <= eps]
            k = flat[0] if flat else ring[int(np.argmax(c))]
            if not flat:
                tris.append([prv[k], k, nxt[k]])
        alive[k] = False
        left -= 1
        a, c = prv[k], nxt[k]
        nxt[a], prv[c] = c, a
        for j in (a, c):
            if j not in repeated and cross(prv[j], j, nxt[j]) > eps:
                suspects.discard(j)
            push(j)
    k = alive.index(True)
    last = [k, nxt[k], nxt[nxt[k]]]
    if cross(*last) > 0:
        tris.append(last)
    return tris


def _signed_area(poly):
    x, y = poly[:, 0], poly[:, 1]
    return 0.5 * float(np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y))


def _flat_segments(contour):
    """Segments (x0, r0, n0, x1, r1, n1) of the closed contour (x along the axis, r the
    radius), counterclockwise in the (x, r) plane, with the outward normal (dr, -dx)/|..|."""
    c = np.asarray(contour, dtype=float)
    if _signed_area(c) < 0:
        c = c[::-1]
    segs = []
    for k in range(len(c)):
        a, b = c[k], c[(k + 1) % len(c)]
        d = b - a
        length = np.linalg.norm(d)
        if length > 0:
            n = np.array([d[1], -d[0]]) / length
            segs.append((a, n, b, n))
    return c, segs


def _smoothed(segs, angle):
    """The closed chain of contour segments (a, na, b, nb) with the normals at each corner
    replaced by the mean of the two segments' normals where these differ by less than angle."""
    out = [list(sg) for sg in segs]
    for k in range(len(out)):
        s0, s1 = out[k], out[(k + 1) % len(out)]
        mean = s0[3] + s1[1]
        if (np.arccos(np.clip(s0[3] @ s1[1], -1.0, 1.0)) < angle
                and np.linalg.norm(mean) > 1e-12):
            s0[3] = s1[1] = mean / np.linalg.norm(mean)
    return [tuple(sg) for sg in out]


# the solid swept by the (x, r) half-plane region bounded by polygon turning about the axis
# through p0 along unit vector axis, from angle a0 to a1 in nTiles steps; segs give the surface
# pieces (contour segments with the 2D normals at their ends), caps close a partial sweep
def _revolve(p0, axis, polygon, segs, nTiles, a0, a1, col, caps=True):
    e1, e2 = _frame(axis)
    full = abs((a1 - a0) - 2 * pi) < 1e-12
    nphi = nTiles if full else nTiles + 1
    phi = a0 + (a1 - a0) * np.arange(nphi) / nTiles
    radial = np.cos(phi)[:, None] * e1 + np.sin(phi)[:, None] * e2
    size = max(1.0, float(np.abs(polygon).max()))
    tol = 1e-12 * size * size
    points, normals, tris = [], [], []
    for (a, na, b, nb) in segs:
        base = len(points)
        for (x, r), (nx, nr) in ((a, na), (b, nb)):
            for j in range(nphi):
                points.append(p0 + x * axis + r * radial[j])
                normals.append(nx * axis + nr * radial[j])
        P, N = np.array(points), np.array(normals)
        for j in range(nTiles):
            j1 = (j + 1) % nphi
            ia, ia1, ib, ib1 = base + j, base + j1, base + nphi + j, base + nphi + j1
            for t in ([ia, ib, ib1], [ia, ib1, ia1]):
                t = _oriented(t, P, N[t].sum(axis=0), tol)
                if t is not None:
                    tris.append(t)
    if not full and caps:
        for ang, sign in ((a0, -1.0), (a1, 1.0)):
            rad = np.cos(ang) * e1 + np.sin(ang) * e2
            n = sign * np.cross(axis, rad)  # ± the direction of increasing angle
            base = len(points)
            for (x, r) in polygon:
                points.append(p0 + x * axis + r * rad)
                normals.append(n)
            P = np.array(points)
            for t in _ear_clip(polygon):
                t = _oriented([base + i for i in t], P, n, tol)
                if t is not None:
                    tris.append(t)
    return _mesh(points, normals, tris, col)


# ---------------------------------------------------------------------------------------------
# spheres


def Spheres(points, radii=0.1, colors=[0., 0., 0., 1.], nTiles=-1):
    """Many whole spheres as one item of the type 'Spheres' (as exudyn.graphics.Spheres)."""
    pts = np.asarray(points, dtype=float).reshape((-1, 3))
    radii = np.broadcast_to(np.asarray(radii, dtype=float), (len(pts),)).copy()
    cols = np.asarray(colors, dtype=float)
    cols = np.tile(cols, (len(pts), 1)) if cols.shape == (4,) else cols.reshape((-1, 4))
    return {"type": "Spheres", "points": pts, "radii": radii, "colors": cols,
            "resolution": int(nTiles)}


def _sphere_mesh(point, radius, col, nTiles, aMin, aMax, innerRadius):
    """A sphere about z between the latitudes aMin and aMax (flat cuts at z = R sin aMin and
    R sin aMax), hollow with innerRadius, as a solid of revolution: its contour in the (z, r)
    half-plane runs up the outer arc, inward along the top cut (to the inner sphere if the cut
    meets it, else to the axis), down the inner arc and out along the bottom cut. nTiles arc
    segments per half circle, 2*nTiles around; arcs have radial normals."""
    def arc(r, t0, t1, sign):  # segments from the latitude t0 to t1, normals sign * radial
        k = max(1, int(np.ceil(nTiles * abs(t1 - t0) / pi - 1e-9)))
        th = np.linspace(t0, t1, k + 1)
        d = np.stack([np.sin(th), np.cos(th)], axis=1)
        return [(r * d[j], sign * d[j], r * d[j + 1], sign * d[j + 1]) for j in range(k)]

    def cut(t):  # the latitude at which the plane z = R sin t meets the inner sphere
        h = radius * np.sin(t) / innerRadius
        return np.sign(t) * 0.5 * pi if abs(h) >= 1 else np.arcsin(h)

    segs = arc(radius, aMin, aMax, 1.0)
    top, bottom = segs[-1][2], segs[0][0]
    up, down = np.array([1.0, 0.0]), np.array([-1.0, 0.0])
    if innerRadius is None:
        inner = [np.array([top[0], 0.0]), np.array([bottom[0], 0.0])]
        segs += [(top, up, inner[0], up), (inner[1], down, bottom, down)]
    else:
        inside = arc(innerRadius, cut(aMax), cut(aMin), -1.0)
        inner = [inside[0][0], inside[-1][2]]
        segs += [(top, up, np.array([top[0], inner[0][1]]), up)] + inside
        segs += [(np.array([bottom[0], inner[1][1]]), down, bottom, down)]
    # leave out what has no length or lies on the axis (the poles, the axis inside a cut)
    segs = [sg for sg in segs if np.linalg.norm(sg[2] - sg[0]) > 1e-14 * radius
            and max(sg[0][1], sg[2][1]) > 1e-14 * radius]
    polygon = np.array([sg[0] for sg in segs])
    return _revolve(_vec3("Sphere", "point", point), np.array([0.0, 0.0, 1.0]), polygon, segs,
                    2 * nTiles, 0.0, 2 * pi, col)


def _old_order(g):
    """g with its triangles reversed if graphicsDataSwitchTriangleOrder (Exudyn applies it to
    the sphere meshes of SpheresToTriangleList and RigidLink)"""
    if graphicsDataSwitchTriangleOrder:
        g["triangles"] = g["triangles"][:, [0, 2, 1]]
    return g


def _sphere_edges(g, point, radius, nTiles, addEdges, col):
    """Edges (on extra points) as Exudyn draws them on a whole sphere: meridians, 2 for
    addEdges=1, 4 for 2 or 3 (and True), 8 for more, and addEdges-2 circles of latitude
    (True: the equator), 2*nTiles segments per full circle."""
    n = 3 if addEdges is True else int(addEdges)
    nMeridians = 2 if n == 1 else (4 if n <= 3 else 8)
    lines = []
    th = np.linspace(-0.5 * pi, 0.5 * pi, nTiles + 1)
    for phi in 2 * pi * np.arange(nMeridians) / nMeridians:
        lines.append(np.stack([np.cos(th) * np.sin(phi), np.cos(th) * np.cos(phi),
                               np.sin(th)], axis=1))
    phi = 2 * pi * np.arange(2 * nTiles + 1) / (2 * nTiles)
    for t in -0.5 * pi + pi * np.arange(1, max(n - 1, 1)) / max(n - 1, 1):
        lines.append(np.stack([np.cos(t) * np.sin(phi), np.cos(t) * np.cos(phi),
                               np.full_like(phi, np.sin(t))], axis=1))
    _add_polylines(g, [point + radius * d for d in lines], lines, col)


def _add_polylines(g, polylines, normals, edgeColor):
    """Add the polylines (each points × 3, with their normals) to the TriangleList g as
    'edges' on extra points, in place."""
    P, N, E = [np.asarray(g["points"])], [np.asarray(g["normals"])], []
    n = len(P[0])
    for line, nrm in zip(polylines, normals):
        P.append(line)
        N.append(nrm)
        E += [[n + k, n + k + 1] for k in range(len(line) - 1)]
        n += len(line)
    g["points"], g["normals"] = np.vstack(P), np.vstack(N)
    g["colors"] = np.vstack([g["colors"], np.tile(g["colors"][0], (n - len(g["colors"]), 1))])
    g["edges"] = np.array(E, dtype=int).reshape((-1, 2))
    g["edgeColor"] = edgeColor


def Sphere(point=[0, 0, 0], radius=0.1, color=[0., 0., 0., 1.], nTiles=-1, addEdges=False,
           edgeColor=color.black, addFaces=True, majorAngleMin=-0.5 * pi,
           majorAngleMax=0.5 * pi, innerRadius=None):
    """A sphere about point. A whole sphere is of the type 'Spheres' (as in Exudyn 1.13.6);
    cut flat at the latitudes majorAngleMin/Max (about z), hollow (innerRadius), with edges
    or without faces it is a closed TriangleList, nTiles segments along a half circle (8 for
    nTiles=-1), 2*nTiles around. addEdges draws, as Exudyn, meridians and circles of latitude
    on a whole sphere and the outer rims of the cuts of a hollow sphere; addFaces=False leaves
    no triangles."""
    col = _rgba("Sphere", color)
    if radius <= 0 or (innerRadius is not None and not 0 < innerRadius < radius):
        raise ValueError("graphics.Sphere: need radius > 0 and 0 < innerRadius < radius")
    if not -0.5 * pi <= majorAngleMin < majorAngleMax <= 0.5 * pi:
        raise ValueError("graphics.Sphere: need -pi/2 <= majorAngleMin < majorAngleMax <= pi/2")
    cut = majorAngleMin != -0.5 * pi or majorAngleMax != 0.5 * pi
    if not cut and innerRadius is None and not addEdges and addFaces:
        return Spheres([point], radius, col, nTiles)
    nTiles = 8 if nTiles < 0 else max(2, int(nTiles))
    g = _sphere_mesh(point, radius, col, nTiles, majorAngleMin, majorAngleMax, innerRadius)
    p = _vec3("Sphere", "point", point)
    ec = _rgba("Sphere", edgeColor, "edgeColor")
    if addEdges and not cut and innerRadius is None:
        _sphere_edges(g, p, radius, nTiles, addEdges, ec)
    elif addEdges and innerRadius is not None:
        phi = 2 * pi * np.arange(2 * nTiles + 1) / (2 * nTiles)
        ring = np.stack([np.sin(phi), np.cos(phi), np.zeros_like(phi)], axis=1)
        rims = [t for t in (majorAngleMin, majorAngleMax) if abs(t) < 0.5 * pi]
        _add_polylines(g, [p + radius * (np.cos(t) * ring + [0, 0, np.sin(t)]) for t in rims],
                       [ring] * len(rims), ec)
    if not addFaces:
        g["triangles"] = np.zeros((0, 3), dtype=int)
    return g


def SpheresToTriangleList(graphicsData, nTiles=8):
    """The TriangleList of the spheres of a 'Spheres' item (its own resolution if > 0, else
    nTiles); other graphics data come back unchanged."""
    if graphicsData.get("type") != "Spheres":
        return graphicsData
    res = int(graphicsData.get("resolution", -1))
    n = res if res > 0 else nTiles
    out = None
    for p, r, c in zip(graphicsData["points"], graphicsData["radii"], graphicsData["colors"]):
        g = _old_order(_sphere_mesh(p, float(r), c, max(2, n), -0.5 * pi, 0.5 * pi, None))
        out = g if out is None else MergeTriangleLists(out, g)
    return out


# ---------------------------------------------------------------------------------------------
# bricks, quads

# the corners of a brick: bit 0 of the number x, bit 1 y, bit 2 z, in Exudyn's order
_BRICK_CORNERS = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0],
                           [0, 0, 1], [1, 0, 1], [1, 1, 1], [0, 1, 1]], dtype=float)
# two triangles per face, counterclockwise seen from outside: -z, +z, -y, +x, +y, -x
_BRICK_TRIANGLES = np.array([[0, 2, 1], [0, 3, 2], [6, 4, 5], [6, 7, 4], [0, 1, 4], [1, 5, 4],
                             [1, 2, 5], [2, 6, 5], [2, 3, 6], [3, 7, 6], [3, 0, 7], [0, 4, 7]])
_BRICK_EDGES = np.array([[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4],
                         [0, 4], [1, 5], [2, 6], [3, 7]])


def Cuboid(pList, color=[0., 0., 0., 1.], faces=[1, 1, 1, 1, 1, 1], addNormals=False,
           addEdges=False, edgeColor=color.black, addFaces=True):
    """A hexahedron with the 8 corners pList, numbered as a brick's (0-3 the bottom face
    counterclockwise seen from above, 4-7 the top face above them): 8 points and 2 triangles
    per face, or with addNormals 3 points per triangle with its unit normal. faces (6 flags:
    bottom, top and the sides 0-1, 1-2, 2-3, 3-0) leaves out the faces whose flag is 0;
    addEdges adds the 12 edges, addFaces=False leaves no triangles."""
    P = np.asarray(pList, dtype=float)
    if P.shape != (8, 3):
        raise ValueError(f"graphics.Cuboid: argument 'pList' must be 8 points in 3D, got shape "
                         f"{P.shape}")
    f = np.asarray(faces).reshape(-1)
    if f.shape != (6,):
        raise ValueError("graphics.Cuboid: argument 'faces' must be 6 flags (0 or 1)")
    col = _rgba("Cuboid", color)
    T = _BRICK_TRIANGLES[np.repeat(f != 0, 2)]
    if addNormals:
        Q = P[T].reshape((-1, 3))
        n = np.cross(Q[1::3] - Q[0::3], Q[2::3] - Q[0::3])
        length = np.linalg.norm(n, axis=1)
        n /= np.where(length > 0, length, 1.0)[:, None]
        g = _mesh(Q, np.repeat(n, 3, axis=0), np.arange(len(Q)).reshape((-1, 3)), col)
        # each corner's first point; the edges at a corner that is on no face are left out
        first = {}
        for i, k in enumerate(T.reshape(-1)):
            first.setdefault(int(k), i)
        edges = np.array([[first[a], first[b]] for a, b in _BRICK_EDGES
                          if a in first and b in first], dtype=int).reshape((-1, 2))
    else:
        g = _mesh(P, np.zeros((0, 3)), T, col)
        del g["normals"]
        edges = _BRICK_EDGES
    if not addFaces:
        g["triangles"] = np.zeros((0, 3), dtype=int)
    if addEdges:
        g["edges"] = edges.copy()
        g["edgeColor"] = _rgba("Cuboid", edgeColor, "edgeColor")
    return g


def BrickXYZ(xMin, yMin, zMin, xMax, yMax, zMax, color=[0., 0., 0., 1.], addNormals=False,
             addEdges=False, edgeColor=color.black, addFaces=True):
    """The box [xMin,xMax] × [yMin,yMax] × [zMin,zMax] (a Cuboid): 8 points and 12 triangles,
    or with addNormals 36 points (3 per triangle) with the face normals."""
    lo, hi = np.array([xMin, yMin, zMin], float), np.array([xMax, yMax, zMax], float)
    return Cuboid(lo + _BRICK_CORNERS * (hi - lo), color, addNormals=addNormals,
                  addEdges=addEdges, edgeColor=edgeColor, addFaces=addFaces)


def _rounded_brick(center, half, q, col, nTiles, addFaces):
    """The superellipsoid |x/a|^q + |y/b|^q + |z/c|^q = 1 (half sizes a, b, c) about center:
    nTiles points around on each of nTiles/2+1 circles of latitude (the poles nTiles times),
    each point the unit sphere's direction scaled onto the surface; normals the surface's."""
    nLat = nTiles // 2 + 1
    u = 2 * pi * np.arange(nTiles) / nTiles
    v = pi * np.arange(nLat) / (nLat - 1)
    uu, vv = np.meshgrid(u, v)
    d = np.stack([np.sin(vv) * np.cos(uu), np.sin(vv) * np.sin(uu), np.cos(vv)],
                 axis=-1).reshape((-1, 3))
    m = np.abs(d).max(axis=1, keepdims=True)  # the q-norm, scaled against overflow
    s = d / (m * np.sum((np.abs(d) / m) ** q, axis=1, keepdims=True) ** (1 / q))
    n = np.sign(s) * np.abs(s) ** (q - 1) / half
    n /= np.linalg.norm(n, axis=1, keepdims=True)
    tris = []
    for i in range(nLat - 1):
        for j in range(nTiles):
            i0, i1 = i * nTiles + j, i * nTiles + (j + 1) % nTiles
            i2, i3 = i0 + nTiles, i1 + nTiles
            if i < nLat - 2:  # the last band's first triangle would lie in the south pole
                tris.append([i0, i2, i3])
            if i > 0:         # the first band's second one in the north pole
                tris.append([i0, i3, i1])
    g = _mesh(center + s * half, n, tris, col)
    if not addFaces:
        g["triangles"] = np.zeros((0, 3), dtype=int)
    return g


def Brick(centerPoint=[0, 0, 0], size=[0.1, 0.1, 0.1], color=[0., 0., 0., 1.],
          addNormals=False, addEdges=False, edgeColor=color.black, addFaces=True, roundness=0,
          nTiles=12):
    """A box about centerPoint with the edge lengths size (see BrickXYZ). With roundness > 0 a
    rounded box: the superellipsoid abs(x/a)^q + abs(y/b)^q + abs(z/c)^q = 1, q = 2/roundness
    (roundness >= 1: the ellipsoid in the box), nTiles (at least 8) points around and
    nTiles/2+1 circles of latitude, with the normals of the surface; as in Exudyn it has no
    edges."""
    c, s = _vec3("Brick", "centerPoint", centerPoint), _vec3("Brick", "size", size)
    if np.any(s <= 0):
        raise ValueError("graphics.Brick: argument 'size' must be positive")
    if roundness < 0:
        raise ValueError("graphics.Brick: argument 'roundness' must be >= 0")
    if roundness > 0:
        return _rounded_brick(c, 0.5 * s, 2 / min(1.0, roundness), _rgba("Brick", color),
                              max(8, int(nTiles)), addFaces)
    lo, hi = c - 0.5 * s, c + 0.5 * s
    return BrickXYZ(*lo, *hi, color=color, addNormals=addNormals, addEdges=addEdges,
                    edgeColor=edgeColor, addFaces=addFaces)


def _tiled_quad(p, col, col2, nx, ny):
    """The quad p[0..3] split into nx × ny tiles of 4 points and 2 triangles each, colors
    alternating; normal (p1-p0) × (p3-p0) normalized."""
    n = np.cross(p[1] - p[0], p[3] - p[0])
    n /= np.linalg.norm(n)
    points, colors, tris = [], [], []
    for j in range(ny):      # rows of tiles along p0-p3, as Exudyn orders them
        for i in range(nx):
            def at(u, v):  # bilinear map of the unit square onto the quad
                return ((1 - u) * (1 - v) * p[0] + u * (1 - v) * p[1] + u * v * p[2]
                        + (1 - u) * v * p[3])
            u0, u1, v0, v1 = i / nx, (i + 1) / nx, j / ny, (j + 1) / ny
            b = len(points)
            points += [at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)]
            colors += [col if (i + j) % 2 == 0 else col2] * 4
            tris += [[b, b + 1, b + 2], [b, b + 2, b + 3]]
    g = _mesh(points, np.tile(n, (len(points), 1)), tris, col)
    g["colors"] = np.array(colors, dtype=float)
    return g


def Quad(pList, color=[0., 0., 0., 1.], **kwargs):
    """The quadrilateral pList[0..3] (counterclockwise about its normal): 4 points, 2
    triangles; with alternatingColor a checkerboard of nTiles × nTilesY tiles (default 10)."""
    unknown = set(kwargs) - {"alternatingColor", "nTiles", "nTilesY"}
    if unknown:
        raise TypeError(f"graphics.Quad: unknown arguments {sorted(unknown)}")
    p = np.asarray(pList, dtype=float)
    if p.shape != (4, 3):
        raise ValueError("graphics.Quad: argument 'pList' must be 4 points in 3D")
    col = _rgba("Quad", color)
    if "alternatingColor" not in kwargs:
        return _tiled_quad(p, col, col, 1, 1)
    nx = int(kwargs.get("nTiles", 10))
    ny = int(kwargs.get("nTilesY", nx))
    return _tiled_quad(p, col, _rgba("Quad", kwargs["alternatingColor"], "alternatingColor"),
                       nx, ny)


def CheckerBoard(point=[0, 0, 0], normal=[0, 0, 1], size=1, color=color.lightgrey,
                 alternatingColor=color.lightgrey2, nTiles=10, **kwargs):
    """A square checkerboard of side size (size2 for the second side) centered at point with
    the given normal, nTiles × nTiles (nTiles2) tiles of 4 points and 2 triangles each;
    materialIndex replaces the alpha entry of both colors (see material). addEdges is
    accepted and, as in Exudyn, draws no edges (the tiles' colours show them)."""
    unknown = set(kwargs) - {"size2", "nTiles2", "materialIndex", "addEdges"}
    if unknown:
        raise TypeError(f"graphics.CheckerBoard: unknown arguments {sorted(unknown)}")
    col = _rgba("CheckerBoard", color)
    col2 = _rgba("CheckerBoard", alternatingColor, "alternatingColor")
    if "materialIndex" in kwargs:
        col[3] = col2[3] = kwargs["materialIndex"]
    c = _vec3("CheckerBoard", "point", point)
    n = _vec3("CheckerBoard", "normal", normal)
    n = n / np.linalg.norm(n)
    e1, e2 = _frame(n)
    if abs(n[2]) > 0.5:  # a board facing z lies along x and y, as Exudyn's
        e1 = np.array([1.0, 0.0, 0.0]) - n[0] * n
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(n, e1)
    h1, h2 = 0.5 * size, 0.5 * kwargs.get("size2", size)
    p = np.array([c - h1 * e1 - h2 * e2, c + h1 * e1 - h2 * e2, c + h1 * e1 + h2 * e2,
                  c - h1 * e1 + h2 * e2])
    return _tiled_quad(p, col, col2, int(nTiles), int(kwargs.get("nTiles2", nTiles)))


# ---------------------------------------------------------------------------------------------
# lines, circles, text


def Lines(pList, color=[0., 0., 0., 1.], shape='linear'):
    """A polyline through pList ('Line'); with shape='quadratic' curved segments through
    p0, m01, p1, m12, p2, ... (an odd number of points), each a quadratic curve through its
    start, mid and end point, stored as rows start, end, mid ('Lines', as Exudyn 1.13.6)."""
    P = np.asarray(pList, dtype=float).reshape((-1, 3))
    if shape == "quadratic":
        if len(P) < 3 or len(P) % 2 != 1:
            raise ValueError("graphics.Lines: shape='quadratic' needs an odd number of points, "
                             "at least 3: start, mid, end, mid, end, ...")
        rows = np.concatenate([P[[k, k + 2, k + 1]] for k in range(0, len(P) - 1, 2)])
        return {"type": "Lines", "shape": "quadratic", "points": rows,
                "colors": np.tile(_rgba("Lines", color), (len(rows), 1))}
    if shape != "linear":
        raise ValueError("graphics.Lines: shape must be 'linear' or 'quadratic'")
    return {"type": "Line", "color": np.array(color, dtype=float), "data": P}


def Circle(point=[0, 0, 0], radius=1, color=[0., 0., 0., 1.]):
    """A circle about point in the x-y plane, drawn by the renderer ('Circle')."""
    return {"type": "Circle", "color": np.array(color), "radius": radius,
            "position": np.array(point)}


def Text(point=[0, 0, 0], text='', color=[0., 0., 0., 1.], fontSize=0., offset=[0., 0.]):
    """A text at point ('Text'); fontSize 0 is the default size; offset in characters."""
    return {"type": "Text", "color": np.array(color), "text": text,
            "position": np.array(point), "fontSize": fontSize, "offset": offset}


# ---------------------------------------------------------------------------------------------
# solids of revolution


def SolidOfRevolution(pAxis, vAxis, contour, color=[0., 0., 0., 1.], nTiles=16,
                      smoothContour=False, addEdges=False, edgeColor=color.black, addFaces=True,
                      smoothingAngle=2 * pi, **kwargs):
    """The solid swept by the closed contour [[x, r], ...] (x along vAxis from pAxis, r >= 0 the
    distance from the axis) turning once about the axis, nTiles steps around; a closed mesh;
    alternatingColor colors every second step. smoothContour gives the two contour segments at
    a corner the mean of their normals there where these differ by less than smoothingAngle
    (a rounded look). addEdges adds a circle at each corner of the contour (off the axis) as
    'edges' on extra points, an integer addEdges that many copies of the contour around the
    axis too; addFaces=False leaves no triangles."""
    unknown = set(kwargs) - {"alternatingColor"}
    if unknown:
        raise TypeError(f"graphics.SolidOfRevolution: unknown arguments {sorted(unknown)}")
    v = _vec3("SolidOfRevolution", "vAxis", vAxis)
    c = np.asarray(contour, dtype=float)
    if c.ndim != 2 or c.shape[1] != 2 or len(c) < 3 or np.any(c[:, 1] < 0):
        raise ValueError("graphics.SolidOfRevolution: argument 'contour' must be >= 3 points "
                         "[x, r] with r >= 0")
    polygon, segs = _flat_segments(c)
    if smoothContour:
        segs = _smoothed(segs, smoothingAngle)
    p0, axis, nTiles = (_vec3("SolidOfRevolution", "pAxis", pAxis), v / np.linalg.norm(v),
                        max(3, int(nTiles)))
    g = _revolve(p0, axis, polygon, segs, nTiles, 0.0, 2 * pi, _rgba("SolidOfRevolution", color))
    g["normals"] = graphicsDataNormalsFactor * g["normals"]
    if "alternatingColor" in kwargs:
        _alternate(g, p0, axis, 0.0, nTiles,
                   _rgba("SolidOfRevolution", kwargs["alternatingColor"], "alternatingColor"))
    if addEdges:
        corners = polygon[np.linalg.norm(polygon - np.roll(polygon, 1, axis=0), axis=1) > 0]
        e1, e2 = _frame(axis)

        def radial(phi):  # unit vectors normal to the axis at the angles phi
            return np.cos(phi)[:, None] * e1 + np.sin(phi)[:, None] * e2
        ring = radial(2 * pi * np.arange(nTiles + 1) / nTiles)
        lines = [p0 + x * axis + r * ring for x, r in corners if r > 0]
        normals = [ring] * len(lines)
        nLines = 0 if addEdges is True else int(addEdges)
        closed = np.vstack([corners, corners[:1]])
        for rad in radial(2 * pi * np.arange(nLines) / max(nLines, 1)):
            lines.append(p0 + np.outer(closed[:, 0], axis) + np.outer(closed[:, 1], rad))
            normals.append(np.tile(rad, (len(closed), 1)))
        _add_polylines(g, lines, normals,
                       _rgba("SolidOfRevolution", edgeColor, "edgeColor"))
    if not addFaces:
        g["triangles"] = np.zeros((0, 3), dtype=int)
    return g


def Cylinder(pAxis=[0, 0, 0], vAxis=[0, 0, 1], radius=0.1, color=[0., 0., 0., 1.], nTiles=16,
             radiusInner=None, angleRange=[0, 2 * pi], lastFace=True, cutPlain=True,
             addEdges=False, edgeColor=color.black, addFaces=True, **kwargs):
    """A cylinder from pAxis to pAxis+vAxis, nTiles segments around (>= 3), hollow with
    radiusInner; a part angleRange of it is cut by a plane through the ends of the arc
    (cutPlain=True) or by two planes through the axis (cake shape, cutPlain=False), the cut
    faces drawn if lastFace. alternatingColor colors every second segment of a whole
    cylinder. A hollow cylinder is always cut by planes through the axis. addEdges adds the
    circles (arcs) of the rims as 'edges' (point pairs, on extra points) with edgeColor, an
    integer addEdges as many lines along the mantle too; addFaces=False leaves no
    triangles."""
    unknown = set(kwargs) - {"alternatingColor"}
    if unknown:
        raise TypeError(f"graphics.Cylinder: unknown arguments {sorted(unknown)}")
    p0, v = _vec3("Cylinder", "pAxis", pAxis), _vec3("Cylinder", "vAxis", vAxis)
    L = float(np.linalg.norm(v))
    if L == 0 or radius <= 0:
        raise ValueError("graphics.Cylinder: need |vAxis| > 0 and radius > 0")
    axis, col, nTiles = v / L, _rgba("Cylinder", color), max(3, int(nTiles))
    a0, a1 = float(angleRange[0]), float(angleRange[1])
    whole = abs((a1 - a0) - 2 * pi) < 1e-12
    if radiusInner is not None and radiusInner > 0:
        if not radiusInner < radius:
            raise ValueError("graphics.Cylinder: need radiusInner < radius")
        contour = [[0, radiusInner], [0, radius], [L, radius], [L, radiusInner]]
    else:
        contour = [[0, 0], [0, radius], [L, radius], [L, 0]]
    polygon, segs = _flat_segments(np.array(contour, dtype=float))
    if whole or not cutPlain or (radiusInner is not None and radiusInner > 0):
        g = _revolve(p0, axis, polygon, segs, nTiles, a0, a1 if not whole else a0 + 2 * pi,
                     col, caps=lastFace)
        if radiusInner is not None and radiusInner > 0:  # Exudyn: a SolidOfRevolution
            g["normals"] = graphicsDataNormalsFactor * g["normals"]
    else:  # arc plus chord, extruded along the axis
        g = _arc_prism(p0, axis, L, radius, a0, a1, nTiles, col, lastFace)
    if "alternatingColor" in kwargs and whole:
        _alternate(g, p0, axis, a0, nTiles,
                   _rgba("Cylinder", kwargs["alternatingColor"], "alternatingColor"))
    if addEdges:
        rims = [(0.0, radius), (L, radius)]
        if radiusInner is not None and radiusInner > 0:
            rims += [(0.0, radiusInner), (L, radiusInner)]
        nLines = 0 if addEdges is True else int(addEdges)
        _add_edges(g, p0, axis, rims, nTiles, a0, a0 + 2 * pi if whole else a1, nLines, L,
                   radius, _rgba("Cylinder", edgeColor, "edgeColor"))
    if not addFaces:
        g["triangles"] = np.zeros((0, 3), dtype=int)
    return g


def _alternate(g, p0, axis, a0, nTiles, col2):
    """Color the triangles of every second of the nTiles segments around the axis (from angle
    a0, by their centroids; those on the axis keep their color) with col2, in place."""
    e1, e2 = _frame(axis)
    C = g["points"][g["triangles"]].mean(axis=1) - p0
    radial = C - np.outer(C @ axis, axis)
    seg = (np.mod(np.arctan2(C @ e2, C @ e1) - a0, 2 * pi) / (2 * pi) * nTiles).astype(int)
    scale = max(1.0, float(np.abs(C).max()))
    odd = (seg % 2 == 1) & (np.linalg.norm(radial, axis=1) > 1e-12 * scale)
    g["colors"][g["triangles"][odd].reshape(-1)] = col2


def _add_edges(g, p0, axis, rims, nTiles, a0, a1, nLines, L, radius, edgeColor):
    """Add to the TriangleList g (in place) the circles or arcs (x, r) about the axis and
    nLines lines of length L at radius along the mantle, as 'edges' on extra points."""
    e1, e2 = _frame(axis)
    whole = abs((a1 - a0) - 2 * pi) < 1e-12
    nphi = nTiles if whole else nTiles + 1
    phi = a0 + (a1 - a0) * np.arange(nphi) / nTiles
    radial = np.cos(phi)[:, None] * e1 + np.sin(phi)[:, None] * e2
    P, N, E = [np.asarray(g["points"])], [np.asarray(g["normals"])], []
    n = len(P[0])
    for x, r in rims:
        P.append(p0 + x * axis + r * radial)
        N.append(radial)
        E += [[n + k, n + (k + 1) % nphi] for k in range(nTiles)]
        n += nphi
    for k in range(nLines):
        ang = a0 + (a1 - a0) * k / nLines
        rad = np.cos(ang) * e1 + np.sin(ang) * e2
        P.append(np.array([p0 + radius * rad, p0 + L * axis + radius * rad]))
        N.append(np.array([rad, rad]))
        E.append([n, n + 1])
        n += 2
    g["points"], g["normals"] = np.vstack(P), np.vstack(N)
    g["colors"] = np.vstack([g["colors"], np.tile(g["colors"][0], (n - len(g["colors"]), 1))])
    g["edges"] = np.array(E, dtype=int)
    g["edgeColor"] = edgeColor


def _arc_prism(p0, axis, L, radius, a0, a1, nTiles, col, lastFace):
    """The part of a cylinder between the arc a0..a1 and its chord: mantle with radial normals,
    the flat cut, and the two end faces (circular segments)."""
    e1, e2 = _frame(axis)
    phi = a0 + (a1 - a0) * np.arange(nTiles + 1) / nTiles
    radial = np.cos(phi)[:, None] * e1 + np.sin(phi)[:, None] * e2
    arc = radius * radial
    tol = 1e-12 * max(1.0, L, radius) ** 2
    points, normals, tris = [], [], []
    P = lambda: np.array(points)  # noqa: E731
    # mantle: ring at 0 and ring at L, radial normals
    for h in (0.0, L):
        points += list(p0 + h * axis + arc)
        normals += list(radial)
    m = nTiles + 1
    N = np.array(normals)
    for j in range(nTiles):
        for t in ([j, m + j, m + j + 1], [j, m + j + 1, j + 1]):
            t = _oriented(t, P(), N[t].sum(axis=0), tol)
            if t is not None:
                tris.append(t)
    # the end faces: fans over the arc (a convex polygon)
    for h, n in ((0.0, -axis), (L, axis)):
        b = len(points)
        points += list(p0 + h * axis + arc)
        normals += [n] * m
        for j in range(1, nTiles):
            t = _oriented([b, b + j, b + j + 1], P(), n, tol)
            if t is not None:
                tris.append(t)
    if lastFace:  # the cut through the chord
        chord = arc[-1] - arc[0]
        n = np.cross(chord, axis)
        n /= np.linalg.norm(n)
        if n @ (arc[0] + arc[-1]) > 0 and abs(a1 - a0) < pi:
            n = -n
        if abs(a1 - a0) >= pi and n @ (arc[0] + arc[-1]) < 0:
            n = -n
        b = len(points)
        points += [p0 + arc[0], p0 + arc[-1], p0 + L * axis + arc[-1], p0 + L * axis + arc[0]]
        normals += [n] * 4
        for t in ([b, b + 1, b + 2], [b, b + 2, b + 3]):
            t = _oriented(t, P(), n, tol)
            if t is not None:
                tris.append(t)
    return _mesh(points, normals, tris, col)


def Arrow(pAxis, vAxis, radius, color=[0., 0., 0., 1.], headFactor=2, headStretch=4,
          nTiles=12):
    """An arrow from pAxis along vAxis: a shaft of the given radius and a cone of radius
    headFactor*radius and length headStretch*headFactor*radius (a closed solid of
    revolution)."""
    L = float(np.linalg.norm(vAxis))
    rHead = radius * headFactor
    xHead = L - headStretch * rHead
    contour = [[0, 0], [0, radius], [xHead, radius], [xHead, rHead], [L, 0]]
    return SolidOfRevolution(pAxis, vAxis, contour, color, nTiles)


def Basis(origin=[0, 0, 0], rotationMatrix=np.eye(3), length=1,
          colors=[color.red, color.green, color.blue], headFactor=2, headStretch=4, nTiles=12,
          **kwargs):
    """Three arrows along the columns of rotationMatrix, of the given length and radius
    (keyword radius, default 0.01*length), merged into one TriangleList; with labels (3
    strings) the list [arrows, Text, Text, Text], the labels at the arrows' tips."""
    unknown = set(kwargs) - {"radius", "labels"}
    if unknown:
        raise TypeError(f"graphics.Basis: unknown arguments {sorted(unknown)}")
    radius = kwargs.get("radius", 0.01 * length)
    A = np.asarray(rotationMatrix, dtype=float)
    g = None
    for k in range(3):
        a = Arrow(origin, A[:, k] * length, radius, colors[k], headFactor, headStretch, nTiles)
        g = a if g is None else MergeTriangleLists(g, a)
    if "labels" not in kwargs:
        return g
    labels = list(kwargs["labels"])
    if len(labels) != 3:
        raise ValueError("graphics.Basis: argument 'labels' must be 3 texts")
    o = _vec3("Basis", "origin", origin)
    return [g] + [Text(o + A[:, k] * length, labels[k]) for k in range(3)]


# ---------------------------------------------------------------------------------------------
# points and triangles


def FromPointsAndTrigs(points, triangles, color=[0., 0., 0., 1.], normals=None):
    """A TriangleList from points (n × 3) and triangles (m × 3 point indices); color is one RGBA
    or one per point; normals (n × 3) optional."""
    P = np.asarray(points, dtype=float).reshape((-1, 3))
    T = np.asarray(triangles, dtype=int).reshape((-1, 3))
    if T.size and (T.min() < 0 or T.max() >= len(P)):
        raise ValueError("graphics.FromPointsAndTrigs: a triangle refers to a point that does "
                         "not exist")
    c = np.asarray(color, dtype=float)
    if c.shape == (4,):
        C = np.tile(c, (len(P), 1))
    elif c.size == 4 * len(P):
        C = c.reshape((-1, 4))
    else:
        raise ValueError("graphics.FromPointsAndTrigs: color must be 4 RGBA values or 4 per "
                         "point")
    g = {"type": "TriangleList", "colors": C, "points": P, "triangles": T}
    if normals is not None:
        N = np.asarray(normals, dtype=float).reshape((-1, 3))
        if len(N) != len(P):
            raise ValueError("graphics.FromPointsAndTrigs: need one normal per point")
        g["normals"] = N
    return g


def ToPointsAndTrigs(g):
    """(points, triangles) of a TriangleList as arrays n × 3 and m × 3."""
    if g.get("type") != "TriangleList":
        raise ValueError("graphics.ToPointsAndTrigs: needs graphics data of the type "
                         "'TriangleList'")
    return (np.asarray(g["points"], dtype=float).reshape((-1, 3)),
            np.asarray(g["triangles"], dtype=int).reshape((-1, 3)))


def Move(g, pOff, Aoff=None):
    """A copy of the TriangleList g rotated by Aoff (3 × 3) and shifted by pOff:
    p -> pOff + Aoff p, normals n -> Aoff n."""
    A = np.eye(3) if Aoff is None else np.asarray(Aoff, dtype=float)
    out = {k: (np.array(v) if isinstance(v, np.ndarray) else v) for k, v in g.items()}
    out["points"] = np.asarray(g["points"], float).reshape((-1, 3)) @ A.T + np.asarray(pOff,
                                                                                       float)
    if "normals" in g:
        out["normals"] = np.asarray(g["normals"], float).reshape((-1, 3)) @ A.T
    return out


def MergeTriangleLists(g1, g2):
    """One TriangleList of g1 and g2: the points of g2 follow those of g1 and its triangles
    (and edges) are renumbered; normals are kept only if both have them."""
    P1, T1 = ToPointsAndTrigs(g1)
    P2, T2 = ToPointsAndTrigs(g2)
    n = len(P1)
    g = {"type": "TriangleList",
         "colors": np.vstack([np.reshape(g1["colors"], (-1, 4)), np.reshape(g2["colors"],
                                                                              (-1, 4))]),
         "points": np.vstack([P1, P2]), "triangles": np.vstack([T1, T2 + n])}
    if "normals" in g1 and "normals" in g2:
        g["normals"] = np.vstack([np.reshape(g1["normals"], (-1, 3)),
                                  np.reshape(g2["normals"], (-1, 3))])
    if "edges" in g1 or "edges" in g2:
        g["edges"] = np.vstack([np.reshape(g1.get("edges", []), (-1, 2)).astype(int),
                                np.reshape(g2.get("edges", []), (-1, 2)).astype(int) + n])
        g["edgeColor"] = g1.get("edgeColor", g2.get("edgeColor"))
    return g


# ---------------------------------------------------------------------------------------------
# extrusions and STL files


def _loops(where, segments, nVertices):
    """The closed loops of vertex numbers that the segments [i, j] form."""
    seg = np.asarray(segments, dtype=int).reshape((-1, 2))
    if seg.size == 0 or seg.min() < 0 or seg.max() >= nVertices:
        raise ValueError(f"graphics.{where}: argument 'segments' must be pairs of vertex numbers")
    nxt = {}
    for i, j in seg:
        if int(i) in nxt:
            raise ValueError(f"graphics.{where}: vertex {i} starts two segments")
        nxt[int(i)] = int(j)
    loops, todo = [], set(nxt)
    while todo:
        start = min(todo)
        loop, k = [start], nxt[start]
        while k != start:
            if k not in todo or k in loop:
                raise ValueError(f"graphics.{where}: the segments do not close")
            loop.append(k)
            k = nxt[k]
        todo -= set(loop)
        loops.append(loop)
    if len(set(nxt.values())) != len(nxt) or set(nxt.values()) != set(nxt):
        raise ValueError(f"graphics.{where}: the segments do not close")
    return loops


def _crosses(p, q, a, b):
    """True if the segments p-q and a-b cross at a point inside both."""
    def side(u, v, w):
        return np.sign((v[0] - u[0]) * (w[1] - u[1]) - (v[1] - u[1]) * (w[0] - u[0]))
    return (side(p, q, a) * side(p, q, b) < 0) and (side(a, b, p) * side(a, b, q) < 0)


def _bridged(V, outer, holes):
    """One polygon (vertex numbers, possibly repeated) of the outer loop with each hole joined
    to it by a cut from the hole's rightmost vertex to the nearest visible vertex: the cut runs
    both ways, so the polygon bounds the region with the holes and ear clipping fills it."""
    poly, holes = list(outer), sorted(holes, key=lambda h: -V[h, 0].max())
    for n, h in enumerate(holes):
        k = int(np.argmax(V[h, 0]))
        m, hole = h[k], h[k:] + h[:k]
        edges = [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]
        for other in holes[n:]:
            edges += [(other[i], other[(i + 1) % len(other)]) for i in range(len(other))]
        order = sorted(range(len(poly)), key=lambda i: np.linalg.norm(V[poly[i]] - V[m]))
        for i in order:
            o = poly[i]
            if not any(_crosses(V[o], V[m], V[a], V[b]) for a, b in edges
                       if not {a, b} & {o, m}):
                break
        poly = poly[:i + 1] + hole + [m] + poly[i:]
    return poly


def SolidExtrusion(vertices, segments, height, rot=np.diag([1, 1, 1]), pOff=[0, 0, 0],
                   relRot=np.diag([1, 1, 1]), relOff=[0, 0, 0], color=[0, 0, 0, 1],
                   smoothNormals=False, addEdges=False, edgeColor=color.black, addFaces=True):
    """The region of the vertices [[x, y], ...] bounded by segments [[i, j], ...] (inside on
    their left: the outer loop counterclockwise, holes clockwise) extruded along z by height:
    the base at z = 0, the top plane turned by relRot and shifted by relOff + [0, 0, height];
    then p -> pOff + rot p. A closed mesh with flat faces; with smoothNormals the side faces
    share their points along each loop, with the mean of the two neighbouring sides' normals
    (a rounded look for sampled curves). addEdges adds the loops of the base and the top as
    'edges' (on the points of the two faces), addEdges=2 also a line along the side at each
    vertex; addFaces=False leaves no triangles."""
    V = np.asarray(vertices, dtype=float)
    if V.ndim != 2 or V.shape[1] != 2 or len(V) < 3:
        raise ValueError("graphics.SolidExtrusion: argument 'vertices' must be >= 3 points "
                         "[x, y]")
    loops = _loops("SolidExtrusion", segments, len(V))
    outer = [lp for lp in loops if _signed_area(V[lp]) > 0]
    if len(outer) != 1:
        raise ValueError("graphics.SolidExtrusion: the segments must form one counterclockwise "
                         "loop (the inside on their left) and clockwise loops for holes")
    poly = _bridged(V, outer[0], [lp for lp in loops if lp is not outer[0]])
    R, Rrel = np.asarray(rot, dtype=float), np.asarray(relRot, dtype=float)
    p0 = _vec3("SolidExtrusion", "pOff", pOff)
    flat = np.hstack([V, np.zeros((len(V), 1))])
    bottom = flat @ R.T + p0
    top = (flat @ Rrel.T + _vec3("SolidExtrusion", "relOff", relOff) + [0, 0, height]) @ R.T + p0
    tol = 1e-14 * max(1.0, float(np.abs(np.vstack([bottom, top])).max())) ** 2
    points, normals, tris = [], [], []
    # the caps: the polygon's triangles, normals -z (base) and relRot z (top), then rotated
    capTris = [[poly[i] for i in t] for t in _ear_clip(V[poly])]
    for ring, n in ((bottom, -R[:, 2]), (top, R @ Rrel[:, 2])):
        b = len(points)
        points += list(ring)
        normals += [n] * len(ring)
        P = np.array(points)
        for t in capTris:
            t = _oriented([b + i for i in t], P, n, tol)
            if t is not None:
                tris.append(t)
    # the mantle: one quad per segment, normal to the right of the segment
    for loop in loops:
        if smoothNormals:  # one point per vertex and face, the sides' mean normal
            d = V[np.roll(loop, -1)] - V[loop]
            side = np.stack([d[:, 1], -d[:, 0]], axis=1)
            side /= np.linalg.norm(side, axis=1, keepdims=True)
            mean = side + np.roll(side, 1, axis=0)
            mean /= np.linalg.norm(mean, axis=1, keepdims=True)
            n3 = np.hstack([mean, np.zeros((len(loop), 1))])
            b = len(points)
            points += list(bottom[loop]) + list(top[loop])
            normals += list(n3 @ R.T) + list(n3 @ (R @ Rrel).T)
        for k, (i, j) in enumerate(zip(loop, loop[1:] + loop[:1])):
            q = [bottom[i], bottom[j], top[j], top[i]]
            n = np.cross(q[1] - q[0], q[3] - q[0])
            if np.linalg.norm(n) <= tol:
                continue
            n /= np.linalg.norm(n)
            if smoothNormals:
                k1, m = (k + 1) % len(loop), len(loop)
                quad = [b + k, b + k1, b + m + k1, b + m + k]
            else:
                quad = list(range(len(points), len(points) + 4))
                points += q
                normals += [n] * 4
            for t in ([0, 1, 2], [0, 2, 3]):
                t = _oriented(t, q, n, tol)
                if t is not None:
                    tris.append([quad[i] for i in t])
    g = _mesh(points, normals, tris if addFaces else [], _rgba("SolidExtrusion", color))
    if addEdges:  # on the points of the base (0 ... n-1) and the top (n ... 2n-1)
        E = [[i, j] for loop in loops for i, j in zip(loop, loop[1:] + loop[:1])]
        E += [[len(V) + i, len(V) + j] for i, j in E]
        if addEdges == 2:
            E += [[i, len(V) + i] for loop in loops for i in loop]
        g["edges"] = np.array(E, dtype=int)
        g["edgeColor"] = _rgba("SolidExtrusion", edgeColor, "edgeColor")
    return g


def _positive(where, **values):
    for name, value in values.items():
        if not value > 0:
            raise ValueError(f"graphics.{where}: argument '{name}' must be positive, got {value}")


def _matrix3(where, name, A):
    a = np.asarray(A, dtype=float)
    if a.shape != (3, 3):
        raise ValueError(f"graphics.{where}: argument '{name}' must be a 3 × 3 matrix, got "
                         f"shape {a.shape}")
    return a


def _circle(radius, nTiles):
    """nTiles points on the circle about the origin, counterclockwise."""
    phi = 2 * pi * np.arange(nTiles) / nTiles
    return radius * np.stack([np.cos(phi), np.sin(phi)], axis=1)


def _closed(first, count):
    """The segments of a loop through the vertices first ... first+count-1, in this order."""
    return [[first + k, first + (k + 1) % count] for k in range(count)]


def InvoluteGear(involuteGear, width, centerPoint=np.zeros(3), rotationMatrix=np.eye(3),
                 helixAngleDeg=0, radius=0, relativeAngleOffset=0, color=[0, 0, 0, 1],
                 nTilesCylinder=32, smoothNormals=False, addEdges=False, edgeColor=color.black,
                 addFaces=True):
    """A gear wheel: the outline involuteGear.GenerateGear() (2D points, counterclockwise) of
    a gear object such as exudyn.machines.InvoluteGear (with module, nTeeth, angleToothAndGap
    and isInternalGear), turned back by relativeAngleOffset times the angle of one tooth and
    gap, extruded along the axis over width about centerPoint (the gear in the x-y plane, then
    turned by rotationMatrix). radius > 0 cuts a bore of that radius (nTilesCylinder points);
    an internal gear is the ring between its outline and the circle of that radius. With
    helixAngleDeg = beta the top is turned against the base by width tan(beta) / (pitch
    diameter / 2), so the teeth lean by beta on the pitch circle (an approximate helical gear;
    Exudyn 1.13.6 turns the top by half of this). smoothNormals, addEdges, edgeColor and
    addFaces as in SolidExtrusion."""
    where = "InvoluteGear"
    if not all(hasattr(involuteGear, a) for a in ("GenerateGear", "module", "nTeeth",
                                                    "angleToothAndGap", "isInternalGear")):
        raise ValueError("graphics.InvoluteGear: argument 'involuteGear' must be a gear like "
                         "exudyn.machines.InvoluteGear (GenerateGear(), module, nTeeth, "
                         "angleToothAndGap, isInternalGear)")
    _positive(where, width=width)
    if radius < 0:
        raise ValueError(f"graphics.InvoluteGear: argument 'radius' must be >= 0, got {radius}")
    outline = np.asarray(involuteGear.GenerateGear(), dtype=float) @ RotationMatrix2D(
        relativeAngleOffset * involuteGear.angleToothAndGap)
    if _signed_area(outline) < 0:
        outline = outline[::-1]
    r = np.linalg.norm(outline, axis=1)
    internal = bool(involuteGear.isInternalGear)
    if internal and not radius > r.max():
        raise ValueError(f"graphics.InvoluteGear: argument 'radius' of an internal gear must be "
                         f"larger than its outline ({r.max():g}), got {radius}")
    if not internal and radius >= r.min():
        raise ValueError(f"graphics.InvoluteGear: argument 'radius' (the bore) must be smaller "
                         f"than the root of the teeth ({r.min():g}), got {radius}")
    n = len(outline)
    vertices, segments = list(outline), _closed(0, n)
    if radius > 0:
        nCircle = max(3, int(nTilesCylinder))
        vertices += list(_circle(radius, nCircle))
        segments += _closed(n, nCircle)
        # the material is on the left: a bore turns clockwise, an internal gear's teeth too
        hole = slice(0, n) if internal else slice(n, None)
        segments[hole] = [[j, i] for i, j in segments[hole]]
    twist = width / (0.5 * involuteGear.module * involuteGear.nTeeth) * tan(
        radians(helixAngleDeg))
    A = _matrix3(where, "rotationMatrix", rotationMatrix)
    return SolidExtrusion(vertices, segments, width, rot=A @ RotationMatrixZ(-0.5 * twist),
                          pOff=_vec3(where, "centerPoint", centerPoint) - 0.5 * width * A[:, 2],
                          relRot=RotationMatrixZ(twist), color=color,
                          smoothNormals=smoothNormals, addEdges=addEdges, edgeColor=edgeColor,
                          addFaces=addFaces)


def ToothedRack(module, nTeeth, width, toothHeight, rackBaseHeight, pressureAngleDeg=20,
                centerPoint=np.zeros(3), rotationMatrix=np.eye(3), color=[0, 0, 0, 1],
                nTilesCylinder=32, addEdges=False, edgeColor=color.black, addFaces=True):
    """A toothed rack along x: a base of rackBaseHeight (y from 0) and nTeeth trapezoidal
    teeth of toothHeight with the pitch module*pi, flanks inclined by pressureAngleDeg, each
    tooth as wide as a gap at half its height; a fractional nTeeth ends the rack within the
    last tooth or root. Extruded along z over width about z = 0, moved to centerPoint and turned
    by rotationMatrix. nTilesCylinder is not used (it is in Exudyn's arguments)."""
    where = "ToothedRack"
    _positive(where, module=module, nTeeth=nTeeth, width=width, toothHeight=toothHeight,
              rackBaseHeight=rackBaseHeight)
    p = module * pi
    xTooth = toothHeight * tan(radians(pressureAngleDeg))
    if not 0 <= xTooth < 0.5 * p:
        raise ValueError(f"graphics.ToothedRack: argument 'pressureAngleDeg' ({pressureAngleDeg})"
                         f" gives flanks wider than half a pitch for this toothHeight")
    h0, h1 = rackBaseHeight, rackBaseHeight + toothHeight
    x0 = -0.25 * p + 0.5 * xTooth    # where the first root starts
    outline = [[nTeeth * p, 0.0], [0.0, 0.0]]  # clockwise: the bottom, then along the teeth
    for i in range(int(nTeeth)):
        outline += [[max(0.0, i * p + x0), h0], [(i + 0.5) * p - xTooth + x0, h0],
                    [(i + 0.5) * p + x0, h1], [(i + 1) * p - xTooth + x0, h1]]
    outline += [[nTeeth * p + x0, h0], [nTeeth * p, h0]]
    V = np.array(outline[::-1])      # counterclockwise
    A = _matrix3(where, "rotationMatrix", rotationMatrix)
    return SolidExtrusion(V, _closed(0, len(V)), width, rot=A,
                          pOff=_vec3(where, "centerPoint", centerPoint) - 0.5 * width * A[:, 2],
                          color=color, addEdges=addEdges, edgeColor=edgeColor, addFaces=addFaces)


def _arc(center, r, a0, delta, nTiles, last=True):
    """Points on the circle (center, r) from angle a0 over delta > 0, at least 2 segments,
    about nTiles per full turn; with or without the end point."""
    nSeg = max(2, int(np.ceil(nTiles * delta / (2 * pi))))
    phi = a0 + delta * np.arange(nSeg + int(last)) / nSeg
    return center + r * np.stack([np.cos(phi), np.sin(phi)], axis=1)


def LinkedCylinders(point0, point1, axisCylinder, radius0, radius1, radiusInner0=0,
                    radiusInner1=0, nTiles=32, color=[0, 0, 0, 1], addEdges=0,
                    edgeColor=color.black, addFaces=True, smoothNormals=True, **kwargs):
    """Two circles in the plane through point0 normal to axisCylinder, of radius0 about point0
    and radius1 about the projection of point1, joined by their outer common tangents (a belt
    around two pulleys), extruded along axisCylinder over its length; bores of radiusInner0 and
    radiusInner1 where these are > 0. The arcs have about nTiles segments per full circle. If
    one circle lies inside the other, the larger one as a Cylinder. smoothNormals, addEdges,
    edgeColor, addFaces and further keywords (relRot, relOff) as in SolidExtrusion."""
    where = "LinkedCylinders"
    p0, p1 = _vec3(where, "point0", point0), _vec3(where, "point1", point1)
    axis = _vec3(where, "axisCylinder", axisCylinder)
    _positive(where, radius0=radius0, radius1=radius1)
    for name, ri, ro in (("radiusInner0", radiusInner0, radius0),
                         ("radiusInner1", radiusInner1, radius1)):
        if not 0 <= ri < ro:
            raise ValueError(f"graphics.LinkedCylinders: argument '{name}' must be >= 0 and "
                             f"smaller than the radius, got {ri}")
    height = float(np.linalg.norm(axis))
    if height == 0:
        raise ValueError("graphics.LinkedCylinders: argument 'axisCylinder' must not be zero")
    e3 = axis / height
    d = (p1 - p0) - ((p1 - p0) @ e3) * e3
    L = float(np.linalg.norm(d))
    if L <= abs(radius0 - radius1) or L == 0:  # one circle in the other
        big = (p0, radius0, radiusInner0) if radius0 > radius1 else (p0 + d, radius1,
                                                                       radiusInner1)
        return Cylinder(big[0], axis, big[1], color, nTiles, radiusInner=big[2] or None,
                        addEdges=addEdges, edgeColor=edgeColor, addFaces=addFaces)
    e1 = d / L
    rot = np.column_stack([e1, np.cross(e3, e1), e3])
    # the outer tangents touch both circles where their normal n has n·(c1 - c0) = r0 - r1
    theta = float(np.arccos((radius1 - radius0) / L))
    c1 = np.array([L, 0.0])
    V = np.vstack([_arc(c1, radius1, pi + theta, 2 * pi - 2 * theta, nTiles),
                   _arc(np.zeros(2), radius0, pi - theta, 2 * theta, nTiles)])
    segments = _closed(0, len(V))
    for center, ri in ((np.zeros(2), radiusInner0), (c1, radiusInner1)):
        if ri > 0:  # a bore, clockwise
            hole = _arc(center, ri, 0.0, 2 * pi, nTiles, last=False)[::-1]
            segments += _closed(len(V), len(hole))
            V = np.vstack([V, hole])
    return SolidExtrusion(V, segments, height, rot=rot, pOff=p0, color=color,
                          smoothNormals=smoothNormals, addEdges=addEdges, edgeColor=edgeColor,
                          addFaces=addFaces, **kwargs)


def BallBearingRings(axis, outsideDiameter, boreDiameter, width, radiusCage,
                     innerRingShoulderRadius, outerRingShoulderRadius, widthCage, heightCage,
                     innerEdgeChamfer, outerEdgeChamfer, innerGrooveRadius, outerGrooveRadius,
                     innerGrooveTorusRadius, outerGrooveTorusRadius, nTilesRings=32,
                     nTilesGrooves=12, colorCage=[0.6, 0.5, 0.5, 0.4],
                     colorInnerRing=[0.5, 0.5, 0.5, 0.5], colorOuterRing=[0.5, 0.5, 0.5, 0.5],
                     **kwargs):
    """The rings of a ball bearing about axis through the origin, as solids of revolution
    (nTilesRings steps around, smoothed contours): the inner ring from the bore
    (boreDiameter/2, edges chamfered by innerEdgeChamfer) to innerRingShoulderRadius, with the
    groove of innerGrooveRadius about the circle of innerGrooveTorusRadius (nTilesGrooves
    segments); the outer ring likewise from outerRingShoulderRadius to outsideDiameter/2; both
    of the given width. The cage is a hollow cylinder of widthCage from radiusCage -
    heightCage/2 to radiusCage + heightCage/2. Returns {'innerRingGraphics',
    'outerRingGraphics', 'cageGraphics'}. The arguments are the keys of
    exudyn.machines.GetBallBearingData's dictionary; the others it has (nBalls, ...) are
    ignored."""
    where = "BallBearingRings"
    _positive(where, outsideDiameter=outsideDiameter, boreDiameter=boreDiameter, width=width,
              radiusCage=radiusCage, widthCage=widthCage, heightCage=heightCage,
              innerGrooveRadius=innerGrooveRadius, outerGrooveRadius=outerGrooveRadius)
    a = _vec3(where, "axis", axis)
    a = a / np.linalg.norm(a)
    rBore, rOut, w = 0.5 * boreDiameter, 0.5 * outsideDiameter, 0.5 * width
    if not rBore < innerRingShoulderRadius < outerRingShoulderRadius < rOut:
        raise ValueError("graphics.BallBearingRings: need boreDiameter/2 < "
                         "innerRingShoulderRadius < outerRingShoulderRadius < "
                         "outsideDiameter/2")
    rings = {}
    for name, shoulder, torus, rGroove, chamfer, edge, sign, col in (
            ("inner", innerRingShoulderRadius, innerGrooveTorusRadius, innerGrooveRadius,
             innerEdgeChamfer, rBore, 1.0, colorInnerRing),
            ("outer", outerRingShoulderRadius, outerGrooveTorusRadius, outerGrooveRadius,
             outerEdgeChamfer, rOut, -1.0, colorOuterRing)):
        s = sign * (torus - shoulder) / rGroove  # sin of where the groove meets the shoulder
        if not abs(s) <= 1:
            raise ValueError(f"graphics.BallBearingRings: the {name} groove does not meet the "
                             f"shoulder: need |{name}GrooveTorusRadius - "
                             f"{name}RingShoulderRadius| <= {name}GrooveRadius")
        if not 0 <= chamfer < min(w, abs(shoulder - edge)):
            raise ValueError(f"graphics.BallBearingRings: argument '{name}EdgeChamfer' must be "
                             f">= 0 and smaller than the ring")
        phi = asin(s) + (pi - 2 * asin(s)) * np.arange(nTilesGrooves + 1) / nTilesGrooves
        # the groove, from the -x shoulder to the +x one, cut into the ring's face
        groove = np.stack([-rGroove * np.cos(phi), torus - sign * rGroove * np.sin(phi)], 1)
        # the face at the bore (inner ring) or the outside (outer ring), chamfered
        body = [[w, edge + sign * chamfer], [w - chamfer, edge], [-w + chamfer, edge],
                [-w, edge + sign * chamfer]]
        contour = np.vstack([[[w, shoulder]], body, [[-w, shoulder]], groove])
        rings[name] = SolidOfRevolution([0, 0, 0], a, contour, col, nTilesRings,
                                        smoothContour=True, smoothingAngle=0.24 * pi)
    cage = Cylinder(-0.5 * widthCage * a, widthCage * a, radiusCage + 0.5 * heightCage,
                    colorCage, nTilesRings, radiusInner=radiusCage - 0.5 * heightCage)
    return {"innerRingGraphics": rings["inner"], "outerRingGraphics": rings["outer"],
            "cageGraphics": cage}


def _read_stl(fileName):
    """The triangles of an STL file (ASCII or binary) as an array triangles × 3 corners × 3."""
    with open(fileName, "rb") as f:
        data = f.read()
    if len(data) >= 84:
        count = int(np.frombuffer(data, dtype="<u4", count=1, offset=80)[0])
        if len(data) == 84 + 50 * count:  # binary: normal, 3 corners (float32), 2 bytes
            rec = np.dtype([("n", "<f4", 3), ("v", "<f4", (3, 3)), ("attr", "<u2")])
            return np.frombuffer(data, dtype=rec, count=count, offset=84)["v"].astype(float)
    text = data.decode("ascii", errors="replace")
    if not text.lstrip().startswith("solid"):
        raise ValueError(f"graphics.FromSTLfile: '{fileName}' is neither a binary nor an ASCII "
                         f"STL file")
    corners = [line.split()[1:4] for line in text.splitlines()
               if line.strip().startswith("vertex")]
    if len(corners) % 3:
        raise ValueError(f"graphics.FromSTLfile: '{fileName}': the number of vertices is not a "
                         f"multiple of 3")
    return np.array(corners, dtype=float).reshape((-1, 3, 3))


def FromSTLfileASCII(fileName, color=[0., 0., 0., 1.], verbose=False, invertNormals=True,
                     invertTriangles=True):
    """A TriangleList from an ASCII STL file, read line by line in the order 'solid',
    'facet normal nx ny nz', 'outer loop', 3 × 'vertex x y z', 'endloop', 'endfacet', ...,
    'endsolid' (a ValueError names the line that is not): 3 points per triangle with the
    facet's normal, negated if invertNormals; invertTriangles exchanges each triangle's last
    two points (as Exudyn's FromSTLfileASCII)."""
    where = "graphics.FromSTLfileASCII"
    with open(fileName, "r") as f:
        lines = [(k + 1, line.split()) for k, line in enumerate(f) if line.strip()]
    if not lines or lines[0][1][0] != "solid":
        raise ValueError(f"{where}: '{fileName}' does not start with 'solid'")
    points, normals = [], []
    pos = 1

    def expect(words, nNumbers):
        nonlocal pos
        if pos >= len(lines):
            raise ValueError(f"{where}: '{fileName}' ends before '{' '.join(words)}'")
        number, tokens = lines[pos]
        if tokens[:len(words)] != words or len(tokens) != len(words) + nNumbers:
            raise ValueError(f"{where}: '{fileName}' line {number}: expected '{' '.join(words)}'"
                             f"{' and %d numbers' % nNumbers if nNumbers else ''}, got "
                             f"'{' '.join(tokens)}'")
        pos += 1
        try:
            return [float(t) for t in tokens[len(words):]]
        except ValueError:
            raise ValueError(f"{where}: '{fileName}' line {number}: not a number in "
                             f"'{' '.join(tokens)}'") from None

    while pos < len(lines) and lines[pos][1][0] != "endsolid":
        n = expect(["facet", "normal"], 3)
        expect(["outer", "loop"], 0)
        points += [expect(["vertex"], 3) for _ in range(3)]
        normals += [n] * 3
        expect(["endloop"], 0)
        expect(["endfacet"], 0)
    if pos == len(lines):
        raise ValueError(f"{where}: '{fileName}' has no 'endsolid'")
    N = np.array(normals, dtype=float).reshape((-1, 3)) * (-1.0 if invertNormals else 1.0)
    T = np.arange(len(points)).reshape((-1, 3))
    if invertTriangles:
        T = T[:, [0, 2, 1]]
    if verbose:
        print(f"FromSTLfileASCII: {len(T)} triangles read from '{fileName}'")
    return _mesh(points, N, T, _rgba("FromSTLfileASCII", color))


def _optional(package, where):
    """The module package, or an ImportError that says how to install it."""
    try:
        return importlib.import_module(package)
    except ImportError:
        raise ImportError(f"graphics.{where} needs the package {package}, which is not "
                          f"installed: pip install {package}") from None


def FromPyMeshlabFile(fileName, defaultColor=color.defaultBody, invertNormals=False,
                      invertTriangles=False, normalizeNormals=True, useDefaultColor=False,
                      verbose=False):
    """A TriangleList of a mesh file that PyMeshLab reads (.obj, .stl, .ply, .dae, ...; needs
    pymeshlab): its points, triangles and point normals (made unit length if
    normalizeNormals; zero normals stay zero), negated if invertNormals, each triangle's last
    two points exchanged if invertTriangles. A mesh with face colors gives each point the color
    of its (last) face, unless useDefaultColor; else all points have defaultColor."""
    pymeshlab = _optional("pymeshlab", "FromPyMeshlabFile")
    meshSet = pymeshlab.MeshSet()
    meshSet.load_new_mesh(fileName)
    mesh = meshSet.current_mesh()
    P = np.asarray(mesh.vertex_matrix(), dtype=float)
    T = np.asarray(mesh.face_matrix(), dtype=int)
    N = np.asarray(mesh.vertex_normal_matrix(), dtype=float)
    if normalizeNormals:
        length = np.linalg.norm(N, axis=1, keepdims=True)
        if verbose and np.any(length == 0):
            print(f"FromPyMeshlabFile: {int(np.sum(length == 0))} zero normals left as zero")
        N = np.divide(N, length, out=np.zeros_like(N), where=length != 0)
    g = FromPointsAndTrigs(P, T[:, [0, 2, 1]] if invertTriangles else T,
                           _rgba("FromPyMeshlabFile", defaultColor, "defaultColor"),
                           -N if invertNormals else N)
    if mesh.has_face_color() and not useDefaultColor:
        g["colors"][T.reshape(-1)] = np.repeat(np.asarray(mesh.face_color_matrix(),
                                                          dtype=float), 3, axis=0)
    if verbose:
        print(f"FromPyMeshlabFile: '{fileName}': {len(P)} points, {len(T)} triangles")
    return g


def _normals6(X):
    """Unit normals at the 6 nodes (corners 0, 1, 2, then the mid nodes of 1-2, 2-0, 0-1) of
    the quadratic triangle X (6 × 3): the cross product of its two tangents there."""
    nodes = [(0, 0), (1, 0), (0, 1), (0.5, 0.5), (0, 0.5), (0.5, 0)]
    out = []
    for u, v in nodes:  # the derivatives of the 6 shape functions by u and by v
        w = 1 - u - v
        du = np.array([1 - 4 * w, 4 * u - 1, 0, 4 * v, -4 * v, 4 * (w - u)])
        dv = np.array([1 - 4 * w, 0, 4 * v - 1, 4 * u, 4 * (w - v), -4 * u])
        n = np.cross(du @ X, dv @ X)
        out.append(n / np.linalg.norm(n))
    return np.array(out)


def NGsolveMesh2PointsAndTrigs(mesh=None, ngMesh=None, meshOrder=2, scale=1, addNormals=True,
                               verbose=False, triangles6=False):
    """[points, triangles] or, with addNormals, [points, triangles, normals] of the surface of
    an NGSolve mesh (mesh) or a Netgen mesh (ngMesh, e.g. from OCCGeometry.GenerateMesh),
    points times scale, for FromPointsAndTrigs; needs ngsolve. meshOrder=1 takes the flat
    triangles; meshOrder=2 makes the mesh second order and splits each 6-node triangle into 4
    (or, with triangles6, keeps it as one row of 6: corners, then the mid nodes of 0-1, 1-2,
    2-0). With addNormals every triangle has its own points, the normals of the (curved)
    triangle at them."""
    where = "NGsolveMesh2PointsAndTrigs"
    _optional("ngsolve", where)
    if (mesh is None) == (ngMesh is None):
        raise ValueError(f"graphics.{where}: give one of the arguments 'mesh' and 'ngMesh'")
    if meshOrder not in (1, 2):
        raise ValueError(f"graphics.{where}: argument 'meshOrder' must be 1 or 2")
    if mesh is not None:
        ngMesh = mesh.ngmesh
    if meshOrder == 2:
        ngMesh.SecondOrder()
    X = np.array([list(p) for p in ngMesh.Points()], dtype=float)
    # Netgen numbers a 6-node triangle c0 c1 c2, then the mid nodes of 1-2, 2-0, 0-1
    nodes = [[v.nr - 1 for v in (el.vertices if meshOrder == 1 else el.points)]
             for el in ngMesh.Elements2D()]
    if any(len(e) != 3 * meshOrder for e in nodes):
        raise ValueError(f"graphics.{where}: expected surface triangles of {3 * meshOrder} "
                         f"nodes for meshOrder={meshOrder}")
    E = np.array(nodes, dtype=int).reshape((-1, 3 * meshOrder))
    if verbose:
        print(f"NGsolveMesh2PointsAndTrigs: {len(X)} points, {len(E)} surface elements")
    if meshOrder == 1:
        rows = E
    elif triangles6:
        rows = E[:, [0, 1, 2, 5, 3, 4]]
    else:  # 4 flat triangles: at each corner and the middle one
        rows = E[:, [0, 5, 4, 5, 1, 3, 5, 3, 4, 4, 3, 2]].reshape((-1, 3))
    if not addNormals:
        return [scale * X, rows]
    if meshOrder == 1:
        n = np.cross(X[E[:, 1]] - X[E[:, 0]], X[E[:, 2]] - X[E[:, 0]])
        N = np.repeat(n / np.linalg.norm(n, axis=1, keepdims=True), 3, axis=0)
    else:
        N6 = np.array([_normals6(X[e]) for e in E])  # elements × 6 × 3, Netgen's order
        local = [0, 1, 2, 5, 3, 4] if triangles6 else [0, 5, 4, 5, 1, 3, 5, 3, 4, 4, 3, 2]
        N = N6[:, local].reshape((-1, 3))
    width = rows.shape[1]
    return [scale * X[rows.reshape(-1)], np.arange(rows.size).reshape((-1, width)), N]


def _mass_properties(T, density):
    """Volume, mass, center of mass and inertia tensor about it of the closed mesh with the
    triangles T (triangles × 3 × 3, outward): sums over the tetrahedra (0, p0, p1, p2)."""
    a, b, c = T[:, 0], T[:, 1], T[:, 2]
    v = np.einsum("ij,ij->i", a, np.cross(b, c)) / 6  # signed tetrahedron volumes
    V = v.sum()
    com = (v[:, None] * (a + b + c)).sum(axis=0) / (4 * V)
    # second moments about the origin: int x x^T = v/20 (sum p p^T + (sum p)(sum p)^T)
    s = a + b + c
    C = (np.einsum("i,ij,ik->jk", v, a, a) + np.einsum("i,ij,ik->jk", v, b, b)
         + np.einsum("i,ij,ik->jk", v, c, c) + np.einsum("i,ij,ik->jk", v, s, s)) / 20
    C -= V * np.outer(com, com)  # about the center of mass
    inertia = density * (np.trace(C) * np.eye(3) - C)
    return V, density * V, com, inertia


def FromSTLfile(fileName, color=[0., 0., 0., 1.], verbose=False, density=0., scale=1.,
                Aoff=[], pOff=[], invertNormals=True, invertTriangles=True):
    """A TriangleList from an STL file (ASCII or binary, read by coordyn, no numpy-stl needed):
    3 points per triangle, scaled, then rotated by Aoff and shifted by pOff. As in Exudyn,
    invertTriangles reverses the order of all point indices (each triangle's orientation) and
    invertNormals the normals (the unit normals of the triangles). With density != 0 it returns
    [graphicsData, {'minPos', 'maxPos', 'volume', 'mass', 'COM', 'inertia'}], the mass
    properties of the mesh as it is in the file (outward triangles), inertia about the COM."""
    T = _read_stl(fileName) * scale
    if len(pOff) or len(Aoff):
        A = np.eye(3) if not len(Aoff) else np.asarray(Aoff, dtype=float)
        T = T @ A.T + (np.zeros(3) if not len(pOff) else np.asarray(pOff, dtype=float))
    P = T.reshape((-1, 3))
    n = np.cross(T[:, 1] - T[:, 0], T[:, 2] - T[:, 0])
    length = np.linalg.norm(n, axis=1)
    n = n / np.where(length > 0, length, 1.0)[:, None]
    N = np.repeat(n * (-1.0 if invertNormals else 1.0), 3, axis=0)
    idx = np.arange(len(P))[::-1] if invertTriangles else np.arange(len(P))
    g = _mesh(P, N, idx.reshape((-1, 3)), _rgba("FromSTLfile", color))
    if verbose:
        print(f"FromSTLfile: {len(T)} triangles, min point {P.min(axis=0)}, max point "
              f"{P.max(axis=0)}")
    if density == 0:
        return g
    V, m, com, inertia = _mass_properties(T, density)
    return [g, {"minPos": P.min(axis=0), "maxPos": P.max(axis=0), "volume": V, "mass": m,
                "COM": com, "inertia": inertia}]


def AddEdgesAndSmoothenNormals(graphicsData, edgeColor=color.black, edgeAngle=0.25 * pi,
                               addEdges=True, smoothNormals=True, roundDigits=5,
                               triangleColor=[]):
    """A TriangleList (e.g. from an STL file) with coincident points merged (equal after
    rounding to roundDigits digits relative to the size of the mesh) and triangles that
    collapse dropped; stored normals are ignored. Its edges are those where the normals of the
    two triangles differ by edgeAngle or more, and those with one triangle (or more than two);
    addEdges stores them as 'edges' with edgeColor. smoothNormals gives each point the mean
    normal of the triangles about it, weighted by their angles there, and a point on edges one
    point per fan of triangles between them (so edges stay sharp). triangleColor (4 RGBA
    values) colors all points; else each keeps its color."""
    where = "graphics.AddEdgesAndSmoothenNormals"
    gd = Triangles6ToTriangles(SpheresToTriangleList(graphicsData))
    if gd.get("type") != "TriangleList":
        raise ValueError(f"{where}: argument 'graphicsData' must be of the type 'TriangleList'")
    P, T = ToPointsAndTrigs(gd)
    if len(T) == 0:
        raise ValueError(f"{where}: argument 'graphicsData' has no triangles")
    if len(triangleColor):
        C = np.tile(_rgba("AddEdgesAndSmoothenNormals", triangleColor, "triangleColor"),
                    (len(P), 1))
    else:
        C = np.asarray(gd["colors"], dtype=float).reshape((-1, 4))
        if len(C) != len(P):
            raise ValueError(f"{where}: argument 'graphicsData' needs one color per point (or "
                             f"give triangleColor)")
    size = float(np.linalg.norm(P.max(axis=0) - P.min(axis=0))) or 1.0
    _, first, inv = np.unique(np.round(P / size, int(roundDigits)), axis=0, return_index=True,
                              return_inverse=True)
    P, C, T = P[first], C[first], inv.reshape(-1)[T]
    T = T[(T[:, 0] != T[:, 1]) & (T[:, 1] != T[:, 2]) & (T[:, 2] != T[:, 0])]
    n = np.cross(P[T[:, 1]] - P[T[:, 0]], P[T[:, 2]] - P[T[:, 0]])
    length = np.linalg.norm(n, axis=1)
    n = n / np.where(length > 0, length, 1.0)[:, None]
    # the triangles at each (undirected) edge, with the corner numbers 3t+k of its two ends
    at = {}
    for t, tri in enumerate(T):
        for k in range(3):
            a, b = int(tri[k]), int(tri[(k + 1) % 3])
            key = (a, b) if a < b else (b, a)
            ca, cb = 3 * t + k, 3 * t + (k + 1) % 3
            at.setdefault(key, []).append((ca, cb) if a < b else (cb, ca))
    parent = list(range(3 * len(T)))  # the corners of one fan end in one set

    def root(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    edges = []
    cosEdge = np.cos(edgeAngle)
    for key, corners in at.items():
        if len(corners) == 2 and n[corners[0][0] // 3] @ n[corners[1][0] // 3] > cosEdge:
            for end in (0, 1):
                parent[root(corners[0][end])] = root(corners[1][end])
        else:
            edges.append(corners[0])
    if smoothNormals:
        roots = np.array([root(c) for c in range(3 * len(T))])
        groups, number = np.unique(roots, return_inverse=True)
        newT = number.reshape((-1, 3))
        # each triangle counts with its angle at the point (a cylinder's mantle comes out radial)
        angle = np.empty((len(T), 3))
        for k in range(3):
            e1 = P[T[:, (k + 1) % 3]] - P[T[:, k]]
            e2 = P[T[:, (k + 2) % 3]] - P[T[:, k]]
            angle[:, k] = np.arctan2(np.linalg.norm(np.cross(e1, e2), axis=1),
                                     np.einsum("ij,ij->i", e1, e2))
        N = np.zeros((len(groups), 3))
        np.add.at(N, number, (n[:, None, :] * angle[:, :, None]).reshape((-1, 3)))
        N /= np.linalg.norm(N, axis=1, keepdims=True)
        old = T.reshape(-1)[groups]  # the merged point of each new one
        out = FromPointsAndTrigs(P[old], newT, C[old], N)
        E = number[np.array(edges, dtype=int).reshape((-1, 2))]
    else:
        out = FromPointsAndTrigs(P, T, C)
        E = T.reshape(-1)[np.array(edges, dtype=int).reshape((-1, 2))]
    if addEdges:
        out["edges"] = E
        out["edgeColor"] = _rgba("AddEdgesAndSmoothenNormals", edgeColor, "edgeColor")
    return out


def ExportSTL(graphicsData, fileName, solidName='ExudynSolid', invertNormals=True,
              invertTriangles=True):
    """Write the triangles of a TriangleList to an ASCII STL file; the inversions are those of
    FromSTLfile, so FromSTLfile(ExportSTL(g)) gives g's triangles back."""
    P, T = ToPointsAndTrigs(graphicsData)
    if invertTriangles:
        T = T[::-1, ::-1]
    lines = [f"solid {solidName}"]
    for t in T:
        n = np.cross(P[t[1]] - P[t[0]], P[t[2]] - P[t[0]])
        n = n / (np.linalg.norm(n) or 1.0)
        lines.append(f"facet normal {n[0]:.9e} {n[1]:.9e} {n[2]:.9e}")
        lines.append(" outer loop")
        lines += [f"  vertex {p[0]:.17e} {p[1]:.17e} {p[2]:.17e}" for p in P[t]]
        lines += [" endloop", "endfacet"]
    lines.append(f"endsolid {solidName}")
    with open(fileName, "w") as f:
        f.write("\n".join(lines) + "\n")


# ---------------------------------------------------------------------------------------------
# more shapes and tools


def Frame(HT=np.eye(4), length=1, colors=[color.red, color.green, color.blue], headFactor=2,
          headStretch=4, nTiles=12, **kwargs):
    """Basis at the frame of the homogeneous transformation HT (rotation HT[:3,:3], origin
    HT[:3,3]); keyword radius as in Basis."""
    unknown = set(kwargs) - {"radius"}
    if unknown:
        raise TypeError(f"graphics.Frame: unknown arguments {sorted(unknown)}")
    H = np.asarray(HT, dtype=float)
    if H.shape != (4, 4):
        raise ValueError("graphics.Frame: argument 'HT' must be a 4 × 4 matrix")
    return Basis(H[:3, 3], H[:3, :3], length, colors, headFactor, headStretch, nTiles, **kwargs)


def Torus(point, axis, radiusMajor=0.5, radiusMinor=0.1, color=[0., 0., 0., 1.],
          nTilesMajor=24, nTilesMinor=12, minorAngleStart=0, minorAngleEnd=2 * pi,
          smoothNormals=True, invert=False):
    """A torus about point and axis: the circle of radiusMinor at the distance radiusMajor,
    nTilesMinor segments, turned once about the axis in nTilesMajor steps; a closed mesh. The
    minor angle (0 outermost, pi innermost) from minorAngleStart to minorAngleEnd draws part of
    the tube (an open surface). smoothNormals gives the normals of the torus at the points
    (else of the flat segments); invert turns the triangles and normals inside out."""
    if not 0 < radiusMinor < radiusMajor:
        raise ValueError("graphics.Torus: need 0 < radiusMinor < radiusMajor")
    a = _vec3("Torus", "axis", axis)
    whole = abs((minorAngleEnd - minorAngleStart) - 2 * pi) < 1e-12
    nMinor = max(3, int(nTilesMinor))
    th = minorAngleStart + (minorAngleEnd - minorAngleStart) * np.arange(nMinor + 1) / nMinor
    dirs = np.stack([np.sin(th), np.cos(th)], axis=1)     # (x along the axis, r): 0 is outermost
    ring = np.array([0.0, radiusMajor]) + radiusMinor * dirs
    segs = []
    for k in range(nMinor):
        if smoothNormals:
            segs.append((ring[k], dirs[k], ring[k + 1], dirs[k + 1]))
        else:
            d = ring[k + 1] - ring[k]
            n = np.array([-d[1], d[0]]) / np.linalg.norm(d)
            n = n if n @ (dirs[k] + dirs[k + 1]) > 0 else -n
            segs.append((ring[k], n, ring[k + 1], n))
    polygon = ring[:-1] if whole else ring
    g = _revolve(_vec3("Torus", "point", point), a / np.linalg.norm(a), polygon, segs,
                 max(3, int(nTilesMajor)), 0.0, 2 * pi, _rgba("Torus", color))
    return InvertTriangles(g) if invert else g


def InvertTriangles(graphicsData, invertTriangles=True, invertNormals=True):
    """A copy of the TriangleList with the triangles' orientation reversed (point indices 0
    and 1 exchanged) and/or the normals flipped."""
    out = {k: (np.array(v) if isinstance(v, np.ndarray) else v) for k, v in graphicsData.items()}
    if invertTriangles:
        T = np.asarray(graphicsData["triangles"], dtype=int).reshape((-1, 3))
        out["triangles"] = T[:, [1, 0, 2]]
    if invertNormals and "normals" in graphicsData:
        out["normals"] = -np.asarray(graphicsData["normals"], dtype=float).reshape((-1, 3))
    return out


def Triangles6ToTriangles(graphicsData):
    """A copy of the TriangleList with each 6-node triangle of 'triangles6' (corners c0, c1,
    c2, then the mid nodes of c0-c1, c1-c2, c2-c0) split into 4 flat triangles on the same
    points and each quadratic edge of 'edges3' (ends, mid node) into 2 straight 'edges', as
    Exudyn draws them flat; other graphics data come back unchanged. coordyn's own builders
    make flat triangles only; this reads Exudyn's."""
    if graphicsData.get("type") != "TriangleList" or not ("triangles6" in graphicsData
                                                           or "edges3" in graphicsData):
        return graphicsData
    out = {k: v for k, v in graphicsData.items() if k not in ("triangles6", "edges3")}
    T6 = np.asarray(graphicsData.get("triangles6", []), dtype=int).reshape((-1, 6))
    c0, c1, c2, m01, m12, m20 = T6.T
    split = np.stack([np.stack([c0, m01, m20], 1), np.stack([m01, c1, m12], 1),
                      np.stack([m20, m12, c2], 1), np.stack([m01, m12, m20], 1)],
                     axis=1).reshape((-1, 3))
    out["triangles"] = np.vstack([np.asarray(graphicsData.get("triangles", []),
                                             dtype=int).reshape((-1, 3)), split])
    if "edges3" in graphicsData:
        E3 = np.asarray(graphicsData["edges3"], dtype=int).reshape((-1, 3))
        halves = np.stack([E3[:, [0, 2]], E3[:, [2, 1]]], axis=1).reshape((-1, 2))
        out["edges"] = np.vstack([np.asarray(graphicsData.get("edges", []),
                                             dtype=int).reshape((-1, 2)), halves])
    return out


def InconsistentTriangles(graphicsData):
    """The number of triangle corners whose point normal points against the triangle's
    right-hand normal (0 for a consistent mesh); spheres and 6-node triangles are split into
    flat triangles first. ValueError for other types or without normals."""
    gd = Triangles6ToTriangles(SpheresToTriangleList(graphicsData))
    if gd.get("type") != "TriangleList":
        raise ValueError("graphics.InconsistentTriangles: argument 'graphicsData' must be of "
                         "the type 'TriangleList' or 'Spheres'")
    if "normals" not in gd:
        raise ValueError("graphics.InconsistentTriangles: argument 'graphicsData' has no "
                         "normals")
    P, T = ToPointsAndTrigs(gd)
    N = np.asarray(gd["normals"], dtype=float).reshape((-1, 3))
    n = np.cross(P[T[:, 1]] - P[T[:, 0]], P[T[:, 2]] - P[T[:, 0]])
    return int(sum(np.sum(np.einsum("ij,ij->i", N[T[:, k]], n) < 0) for k in range(3)))


def BoundingBoxSingle(graphicsData):
    """[min, max] corners of the graphics data (TriangleList, Line, Lines, Spheres with their
    radii, Circle in the x-y plane, Text at its position), or [None, None] without points."""
    t = graphicsData.get("type")
    if t is None:
        raise ValueError("graphics.BoundingBoxSingle: graphics data without 'type'")
    key = {"TriangleList": "points", "Lines": "points", "Line": "data", "Spheres": "points",
           "Text": "position", "Circle": "position"}.get(t)
    if key is None:
        raise ValueError(f"graphics.BoundingBoxSingle: unknown type '{t}'")
    P = np.asarray(graphicsData.get(key, []), dtype=float).reshape((-1, 3))
    if P.size == 0:
        return [None, None]
    if t == "Spheres":
        r = np.broadcast_to(np.asarray(graphicsData["radii"], dtype=float), (len(P),))[:, None]
        return [(P - r).min(axis=0), (P + r).max(axis=0)]
    if t == "Circle":
        r = float(graphicsData["radius"]) * np.array([1.0, 1.0, 0.0])
        return [P[0] - r, P[0] + r]
    return [P.min(axis=0), P.max(axis=0)]


def BoundingBox(graphicsData):
    """[min, max] corners of one graphics data dict or of a list of them."""
    if isinstance(graphicsData, dict):
        return BoundingBoxSingle(graphicsData)
    lo = hi = None
    for gd in graphicsData:
        a, b = BoundingBox(gd)
        if a is not None:
            lo = a.copy() if lo is None else np.minimum(lo, a)
            hi = b.copy() if hi is None else np.maximum(hi, b)
    return [lo, hi]


def Transform(graphicsData, translation=None, rotation=None, scale=1, normalizeNormals=False,
              invertNormals=False, invertTriangles=False, warn=True):
    """A copy of the graphics data with the points moved by p -> translation + scale rotation p
    (normals rotated, optionally made unit length and flipped; triangles optionally turned).
    Spheres stay spheres under a rotation times a factor (radii scaled) and become triangles
    under any other matrix; Line, Lines, Text and Circle move their points (positions)."""
    p0 = np.zeros(3) if translation is None else np.asarray(translation, dtype=float)
    A = np.eye(3) if rotation is None else np.asarray(rotation, dtype=float)
    t = graphicsData.get("type")

    def move(P):
        return p0 + scale * np.asarray(P, dtype=float).reshape((-1, 3)) @ A.T

    out = {k: (np.array(v) if isinstance(v, np.ndarray) else v) for k, v in graphicsData.items()}
    if t == "TriangleList":
        out["points"] = move(graphicsData["points"])
        if invertTriangles:
            out["triangles"] = np.asarray(graphicsData["triangles"],
                                          dtype=int).reshape((-1, 3))[:, [1, 0, 2]]
        if "normals" in graphicsData:
            N = np.asarray(graphicsData["normals"], dtype=float).reshape((-1, 3))
            if normalizeNormals:
                length = np.linalg.norm(N, axis=1, keepdims=True)
                if warn and np.any(length == 0):
                    print(f"Warning: graphics.Transform: {int(np.sum(length == 0))} "
                          f"zero-length normals found; left as zeros.")
                N = np.divide(N, length, out=np.zeros_like(N), where=length != 0)
            out["normals"] = (-N if invertNormals else N) @ A.T
    elif t == "Spheres":
        f2 = np.trace(A @ A.T) / 3  # A A^T = f2 I for a rotation times a factor
        if np.abs(A @ A.T - f2 * np.eye(3)).max() > 1e-12 * max(1.0, f2):
            return Transform(SpheresToTriangleList(graphicsData), translation, rotation, scale,
                             normalizeNormals, invertNormals, invertTriangles, warn)
        out["points"] = move(graphicsData["points"])
        out["radii"] = scale * np.sqrt(f2) * np.asarray(graphicsData["radii"], dtype=float)
    elif t in ("Line", "Lines"):
        key = "data" if t == "Line" else "points"
        out[key] = move(graphicsData[key])
    elif t in ("Text", "Circle"):
        out["position"] = move(graphicsData["position"])[0]
    else:
        raise ValueError(f"graphics.Transform: unsupported graphics data type '{t}'")
    return out


def _turn(v, k, angle):
    """v turned by angle about the unit vector k (Rodrigues)."""
    return (v * np.cos(angle) + np.cross(k, v) * np.sin(angle)
            + k * (k @ v) * (1 - np.cos(angle)))


def Tube(points, axes, radius=0.1, color=[0., 0., 0., 1.], nTiles=16):
    """The mantle of a tube of the given radius along the polyline points: at each point a ring
    of nTiles points in the plane normal to its axis (axes[i]), the rings' frames carried from
    one axis to the next by the smallest rotation, so the tube does not twist; open at its
    ends, normals pointing out of the tube."""
    P = np.asarray(points, dtype=float).reshape((-1, 3))
    Z = np.asarray(axes, dtype=float).reshape((-1, 3))
    if len(P) < 2 or len(P) != len(Z):
        raise ValueError("graphics.Tube: need at least 2 points and one axis per point")
    Z = Z / np.linalg.norm(Z, axis=1)[:, None]
    nTiles = max(3, int(nTiles))
    up = np.array([0.0, 0.0, 1.0]) if abs(Z[0, 2]) < 0.9 else np.array([1.0, 0.0, 0.0])
    x = np.cross(up, Z[0])
    x /= np.linalg.norm(x)
    phi = 2 * pi * np.arange(nTiles) / nTiles
    pts, nrm, tris = [], [], []
    for i in range(len(P)):
        if i > 0:  # carry x with the rotation that takes the previous axis to this one
            k = np.cross(Z[i - 1], Z[i])
            s = np.linalg.norm(k)
            if s > 1e-12:
                x = _turn(x, k / s, np.arctan2(s, Z[i - 1] @ Z[i]))
        y = np.cross(Z[i], x)
        radial = np.cos(phi)[:, None] * x + np.sin(phi)[:, None] * y
        pts += list(P[i] + radius * radial)
        nrm += list(radial)
    Pa, Na = np.array(pts), np.array(nrm)
    tol = 1e-14 * max(1.0, float(np.abs(Pa).max())) ** 2
    for i in range(len(P) - 1):
        a, b = i * nTiles, (i + 1) * nTiles
        for j in range(nTiles):
            j1 = (j + 1) % nTiles
            for t in ([a + j, b + j, b + j1], [a + j, b + j1, a + j1]):
                t = _oriented(t, Pa, Na[t].sum(axis=0), tol)
                if t is not None:
                    tris.append(t)
    return _mesh(Pa, Na, tris, _rgba("Tube", color))


def RigidLink(p0, p1, axis0=[0, 0, 0], axis1=[0, 0, 0], radius=[0.1, 0.1], thickness=0.05,
              width=[0.05, 0.05], color=[0., 0., 0., 1.], nTiles=16):
    """A link from p0 to p1: a cylinder of diameter thickness between them, and at each end a
    cylinder of radius[i] and width[i] centered on the point along axis_i, or a sphere of
    radius[i] where axis_i is zero; one TriangleList of three closed solids."""
    a, b = _vec3("RigidLink", "p0", p0), _vec3("RigidLink", "p1", p1)
    g = Cylinder(a, b - a, 0.5 * thickness, color, nTiles)
    for p, ax, r, w in ((a, axis0, radius[0], width[0]), (b, axis1, radius[1], width[1])):
        ax = np.asarray(ax, dtype=float)
        if np.linalg.norm(ax) == 0:
            end = _old_order(_sphere_mesh(p, r, _rgba("RigidLink", color),
                                          max(2, int(nTiles) // 2), -0.5 * pi, 0.5 * pi, None))
        else:
            ax = ax / np.linalg.norm(ax)
            end = Cylinder(p - 0.5 * w * ax, w * ax, r, color, nTiles)
        g = MergeTriangleLists(g, end)
    return g
