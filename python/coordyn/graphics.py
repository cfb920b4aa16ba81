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
triangles here (Exudyn 1.13.6 draws some with 6-node triangles, 'triangles6'), so the number
of points of a Cylinder or an Arrow differs from Exudyn's; Brick, Quad, CheckerBoard, Lines,
Text, Circle and Sphere agree with Exudyn point for point. docs/graphics.rst lists what is
there and what is not.
"""
from __future__ import annotations

import numpy as np

pi = np.pi

__all__ = ["color", "colorList", "Sphere", "Spheres", "SpheresToTriangleList", "Brick",
           "BrickXYZ", "Cylinder", "Quad", "CheckerBoard", "Lines", "Circle", "Text", "Arrow",
           "Basis", "FromPointsAndTrigs", "ToPointsAndTrigs", "Move", "MergeTriangleLists",
           "SolidOfRevolution", "SolidExtrusion", "FromSTLfile", "ExportSTL", "Frame", "Torus",
           "InvertTriangles", "BoundingBoxSingle", "BoundingBox", "Transform", "Tube",
           "RigidLink"]


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
    """Triangles (index triples) of the simple polygon poly (k × 2, counterclockwise)."""
    idx = list(range(len(poly)))
    tris = []

    def cross(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    while len(idx) > 3:
        n = len(idx)
        for k in range(n):
            i0, i1, i2 = idx[k - 1], idx[k], idx[(k + 1) % n]
            a, b, c = poly[i0], poly[i1], poly[i2]
            if cross(a, b, c) <= 0:
                continue  # reflex or collinear corner
            inside = any(cross(a, b, poly[j]) >= 0 and cross(b, c, poly[j]) >= 0
                         and cross(c, a, poly[j]) >= 0 for j in idx if j not in (i0, i1, i2)
                         and not np.array_equal(poly[j], a) and not np.array_equal(poly[j], b)
                         and not np.array_equal(poly[j], c))
            if not inside:
                tris.append([i0, i1, i2])
                idx.pop(k)
                break
        else:  # no ear: drop a collinear corner (it adds no area), else clip a convex one
            c = [cross(poly[idx[k - 1]], poly[idx[k]], poly[idx[(k + 1) % n]]) for k in range(n)]
            flat = [k for k in range(n) if abs(c[k]) <= 1e-14 * (1 + np.abs(poly).max() ** 2)]
            if flat:
                idx.pop(flat[0])
            else:
                k = int(np.argmax(c))
                tris.append([idx[k - 1], idx[k], idx[(k + 1) % n]])
                idx.pop(k)
    if cross(poly[idx[0]], poly[idx[1]], poly[idx[2]]) > 0:
        tris.append(idx)
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
    R sin aMax), or a whole hollow sphere (innerRadius), as a solid of revolution; nTiles arc
    segments per half circle, 2*nTiles around; arcs have radial normals."""
    nArc = max(1, int(np.ceil(nTiles * (aMax - aMin) / pi - 1e-9)))
    th = np.linspace(aMin, aMax, nArc + 1)
    outer = np.stack([radius * np.sin(th), radius * np.cos(th)], axis=1)
    segs = [(outer[k], outer[k] / radius, outer[k + 1], outer[k + 1] / radius)
            for k in range(nArc)]
    if innerRadius is None:
        top, bottom = np.array([outer[-1][0], 0.0]), np.array([outer[0][0], 0.0])
        up, down = np.array([1.0, 0.0]), np.array([-1.0, 0.0])
        segs += [(outer[-1], up, top, up), (bottom, down, outer[0], down)]
        polygon = np.vstack([outer, top, bottom])
    else:  # the inner surface, its normals pointing into the cavity
        inner = outer[::-1] * (innerRadius / radius)
        segs += [(inner[k], -inner[k] / innerRadius, inner[k + 1], -inner[k + 1] / innerRadius)
                 for k in range(nArc)]
        polygon = np.vstack([outer, inner])
    return _revolve(_vec3("Sphere", "point", point), np.array([0.0, 0.0, 1.0]), polygon, segs,
                    2 * nTiles, 0.0, 2 * pi, col)


def Sphere(point=[0, 0, 0], radius=0.1, color=[0., 0., 0., 1.], nTiles=-1, addEdges=False,
           edgeColor=color.black, addFaces=True, majorAngleMin=-0.5 * pi,
           majorAngleMax=0.5 * pi, innerRadius=None):
    """A sphere about point. A whole sphere is of the type 'Spheres' (as in Exudyn 1.13.6);
    cut flat at the latitudes majorAngleMin/Max (about z) or hollow (innerRadius) it is a
    closed TriangleList, nTiles segments along a half circle (8 for nTiles=-1), 2*nTiles
    around. addEdges, addFaces=False and a hollow sphere that is cut are not available
    (NotImplementedError)."""
    col = _rgba("Sphere", color)
    if addEdges or not addFaces:
        raise NotImplementedError("graphics.Sphere: addEdges and addFaces=False are not "
                                  "available in coordyn")
    if radius <= 0 or (innerRadius is not None and not 0 < innerRadius < radius):
        raise ValueError("graphics.Sphere: need radius > 0 and 0 < innerRadius < radius")
    if not -0.5 * pi <= majorAngleMin < majorAngleMax <= 0.5 * pi:
        raise ValueError("graphics.Sphere: need -pi/2 <= majorAngleMin < majorAngleMax <= pi/2")
    cut = majorAngleMin != -0.5 * pi or majorAngleMax != 0.5 * pi
    if cut and innerRadius is not None:
        raise NotImplementedError("graphics.Sphere: a hollow sphere that is cut is not "
                                  "available in coordyn")
    if not cut and innerRadius is None:
        return Spheres([point], radius, col, nTiles)
    nTiles = 8 if nTiles < 0 else max(2, int(nTiles))
    return _sphere_mesh(point, radius, col, nTiles, majorAngleMin, majorAngleMax, innerRadius)


def SpheresToTriangleList(graphicsData, nTiles=8):
    """The TriangleList of the spheres of a 'Spheres' item (its own resolution if > 0, else
    nTiles); other graphics data come back unchanged."""
    if graphicsData.get("type") != "Spheres":
        return graphicsData
    res = int(graphicsData.get("resolution", -1))
    n = res if res > 0 else nTiles
    out = None
    for p, r, c in zip(graphicsData["points"], graphicsData["radii"], graphicsData["colors"]):
        g = _sphere_mesh(p, float(r), c, max(2, n), -0.5 * pi, 0.5 * pi, None)
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


def BrickXYZ(xMin, yMin, zMin, xMax, yMax, zMax, color=[0., 0., 0., 1.], addNormals=False,
             addEdges=False, edgeColor=color.black, addFaces=True):
    """The box [xMin,xMax] × [yMin,yMax] × [zMin,zMax]: 8 points and 12 triangles, or with
    addNormals 36 points (3 per triangle) with the face normals."""
    lo, hi = np.array([xMin, yMin, zMin], float), np.array([xMax, yMax, zMax], float)
    corners = lo + _BRICK_CORNERS * (hi - lo)
    col = _rgba("Brick", color)
    if addNormals:
        P = corners[_BRICK_TRIANGLES].reshape((-1, 3))
        n = np.cross(P[1::3] - P[0::3], P[2::3] - P[0::3])
        N = np.repeat(n / np.linalg.norm(n, axis=1)[:, None], 3, axis=0)
        g = _mesh(P, N, np.arange(36).reshape((12, 3)), col)
        edgePoints = [np.flatnonzero((_BRICK_TRIANGLES.reshape(-1) == k))[0] for k in range(8)]
        edges = np.array(edgePoints)[_BRICK_EDGES]
    else:
        g = _mesh(corners, np.zeros((0, 3)), _BRICK_TRIANGLES, col)
        del g["normals"]
        edges = _BRICK_EDGES
    if not addFaces:
        g["triangles"] = np.zeros((0, 3), dtype=int)
    if addEdges:
        g["edges"] = edges.copy()
        g["edgeColor"] = _rgba("Brick", edgeColor, "edgeColor")
    return g


def Brick(centerPoint=[0, 0, 0], size=[0.1, 0.1, 0.1], color=[0., 0., 0., 1.],
          addNormals=False, addEdges=False, edgeColor=color.black, addFaces=True, roundness=0,
          nTiles=12):
    """A box about centerPoint with the edge lengths size (see BrickXYZ); roundness > 0 (rounded
    edges) is not available (NotImplementedError)."""
    if roundness:
        raise NotImplementedError("graphics.Brick: roundness is not available in coordyn")
    c, s = _vec3("Brick", "centerPoint", centerPoint), _vec3("Brick", "size", size)
    if np.any(s <= 0):
        raise ValueError("graphics.Brick: argument 'size' must be positive")
    lo, hi = c - 0.5 * s, c + 0.5 * s
    return BrickXYZ(*lo, *hi, color=color, addNormals=addNormals, addEdges=addEdges,
                    edgeColor=edgeColor, addFaces=addFaces)


def _tiled_quad(p, col, col2, nx, ny):
    """The quad p[0..3] split into nx × ny tiles of 4 points and 2 triangles each, colors
    alternating; normal (p1-p0) × (p3-p0) normalized."""
    n = np.cross(p[1] - p[0], p[3] - p[0])
    n /= np.linalg.norm(n)
    points, colors, tris = [], [], []
    for i in range(nx):
        for j in range(ny):
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
    the given normal, nTiles × nTiles (nTilesY) tiles of 4 points and 2 triangles each."""
    unknown = set(kwargs) - {"size2", "nTilesY"}
    if unknown:
        raise TypeError(f"graphics.CheckerBoard: unknown arguments {sorted(unknown)}")
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
    return _tiled_quad(p, _rgba("CheckerBoard", color),
                       _rgba("CheckerBoard", alternatingColor, "alternatingColor"),
                       int(nTiles), int(kwargs.get("nTilesY", nTiles)))


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
    alternatingColor colors every second step.
    smoothContour, addEdges and addFaces=False are not available (NotImplementedError)."""
    unknown = set(kwargs) - {"alternatingColor"}
    if unknown:
        raise TypeError(f"graphics.SolidOfRevolution: unknown arguments {sorted(unknown)}")
    if smoothContour or addEdges or not addFaces:
        raise NotImplementedError("graphics.SolidOfRevolution: smoothContour, addEdges and "
                                  "addFaces=False are not available in coordyn")
    v = _vec3("SolidOfRevolution", "vAxis", vAxis)
    c = np.asarray(contour, dtype=float)
    if c.ndim != 2 or c.shape[1] != 2 or len(c) < 3 or np.any(c[:, 1] < 0):
        raise ValueError("graphics.SolidOfRevolution: argument 'contour' must be >= 3 points "
                         "[x, r] with r >= 0")
    polygon, segs = _flat_segments(c)
    p0, axis, nTiles = (_vec3("SolidOfRevolution", "pAxis", pAxis), v / np.linalg.norm(v),
                        max(3, int(nTiles)))
    g = _revolve(p0, axis, polygon, segs, nTiles, 0.0, 2 * pi, _rgba("SolidOfRevolution", color))
    if "alternatingColor" in kwargs:
        _alternate(g, p0, axis, 0.0, nTiles,
                   _rgba("SolidOfRevolution", kwargs["alternatingColor"], "alternatingColor"))
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
    (keyword radius, default 0.01*length), merged into one TriangleList."""
    unknown = set(kwargs) - {"radius"}
    if unknown:
        raise TypeError(f"graphics.Basis: unknown arguments {sorted(unknown)}")
    radius = kwargs.get("radius", 0.01 * length)
    A = np.asarray(rotationMatrix, dtype=float)
    g = None
    for k in range(3):
        a = Arrow(origin, A[:, k] * length, radius, colors[k], headFactor, headStretch, nTiles)
        g = a if g is None else MergeTriangleLists(g, a)
    return g


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
    then p -> pOff + rot p. A closed mesh with flat faces. smoothNormals, addEdges and
    addFaces=False are not available (NotImplementedError)."""
    if smoothNormals or addEdges or not addFaces:
        raise NotImplementedError("graphics.SolidExtrusion: smoothNormals, addEdges and "
                                  "addFaces=False are not available in coordyn")
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
        for i, j in zip(loop, loop[1:] + loop[:1]):
            q = [bottom[i], bottom[j], top[j], top[i]]
            n = np.cross(q[1] - q[0], q[3] - q[0])
            if np.linalg.norm(n) <= tol:
                continue
            n /= np.linalg.norm(n)
            b = len(points)
            points += q
            normals += [n] * 4
            P = np.array(points)
            for t in ([b, b + 1, b + 2], [b, b + 2, b + 3]):
                t = _oriented(t, P, n, tol)
                if t is not None:
                    tris.append(t)
    return _mesh(points, normals, tris, _rgba("SolidExtrusion", color))


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
            end = _sphere_mesh(p, r, _rgba("RigidLink", color), max(2, int(nTiles) // 2),
                               -0.5 * pi, 0.5 * pi, None)
        else:
            ax = ax / np.linalg.norm(ax)
            end = Cylinder(p - 0.5 * w * ax, w * ax, r, color, nTiles)
        g = MergeTriangleLists(g, end)
    return g
