"""Exudyn's graphicsDataUtilities (its older graphics helpers) for scripts run through the
switch: ``from exudyn.graphicsDataUtilities import *`` gives this module. The colours
(color4red, ...), the mesh helpers (triangle normals and areas, mesh refinement, triangulation
of a polygon with holes) and the two old line builders; new scripts use coordyn.graphics.
"""
from __future__ import annotations

import copy
import math

import numpy as np

from .. import graphics as _graphics

__all__ = ["color4red", "color4green", "color4blue", "color4cyan", "color4magenta",
           "color4yellow", "color4orange", "color4pink", "color4lawngreen",
           "color4springgreen", "color4violet", "color4dodgerblue", "color4lightred",
           "color4lightgreen", "color4steelblue", "color4brown", "color4black",
           "color4darkgrey", "color4darkgrey2", "color4grey", "color4lightgrey",
           "color4lightgrey2", "color4white", "color4default", "color4list", "color4listSize",
           "SwitchTripletOrder", "ComputeTriangleNormal", "ComputeTriangleArea",
           "Compute6NodeTrigsNormals", "RefineMesh", "ShrinkMeshNormalToSurface",
           "ComputeTriangularMesh", "SegmentsFromPoints", "CirclePointsAndSegments",
           "GraphicsDataRectangle", "GraphicsDataOrthoCubeLines"]

_c = _graphics.color
color4red, color4green, color4blue = list(_c.red), list(_c.green), list(_c.blue)
color4cyan, color4magenta, color4yellow = list(_c.cyan), list(_c.magenta), list(_c.yellow)
color4orange, color4pink, color4lawngreen = list(_c.orange), list(_c.pink), list(_c.lawngreen)
color4springgreen, color4violet = list(_c.springgreen), list(_c.violet)
color4dodgerblue, color4lightred = list(_c.dodgerblue), list(_c.lightred)
color4lightgreen, color4steelblue = list(_c.lightgreen), list(_c.steelblue)
color4brown, color4black, color4darkgrey = list(_c.brown), list(_c.black), list(_c.darkgrey)
color4darkgrey2, color4grey = list(_c.darkgrey2), list(_c.grey)
color4lightgrey, color4lightgrey2 = list(_c.lightgrey), list(_c.lightgrey2)
color4white, color4default = list(_c.white), list(_c.default)
#: the 16 colours Exudyn cycles through (red, green, blue, ...)
color4list = [color4red, color4green, color4blue, color4cyan, color4magenta, color4yellow,
              color4orange, color4pink, color4lawngreen, color4violet, color4springgreen,
              color4dodgerblue, color4grey, color4darkgrey, color4lightgrey, color4brown]
color4listSize = len(color4list)


def SwitchTripletOrder(vector):
    """A copy of vector with entries 1 and 2 exchanged (reverses a triangle's orientation)."""
    v = list(vector)
    v[1], v[2] = v[2], v[1]
    return v


def ComputeTriangleNormal(p0, p1, p2):
    """Unit normal of the triangle p0, p1, p2 (right-hand rule; zero if degenerate)."""
    n = np.cross(np.asarray(p1, dtype=float) - p0, np.asarray(p2, dtype=float) - p0)
    length = np.linalg.norm(n)
    return n / length if length != 0.0 else n


def ComputeTriangleArea(p0, p1, p2):
    """Area of the triangle p0, p1, p2."""
    return 0.5 * np.linalg.norm(np.cross(np.asarray(p1, dtype=float) - p0,
                                         np.asarray(p2, dtype=float) - p0))


def Compute6NodeTrigsNormals(elementNodes):
    """Unit normals at the 6 nodes of a quadratic triangle (corners 1, 2, 3, then the
    mid-edge nodes 23, 31, 12), from the tangents of its quadratic shape functions."""
    X = np.asarray(elementNodes, dtype=float)
    nodes = [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (0.5, 0.5), (0.0, 0.5), (0.5, 0.0)]
    normals = np.zeros_like(X)
    for i, (xi, eta) in enumerate(nodes):
        # derivatives of the shape functions in the node order 1, 2, 3, 23, 31, 12
        d_xi = np.array([-3 + 4 * xi + 4 * eta, 4 * xi - 1, 0.0, 4 * eta, -4 * eta,
                         4 - 8 * xi - 4 * eta])
        d_eta = np.array([-3 + 4 * xi + 4 * eta, 0.0, 4 * eta - 1, 4 * xi,
                          4 - 4 * xi - 8 * eta, -4 * xi])
        n = np.cross(d_xi @ X, d_eta @ X)
        length = np.linalg.norm(n)
        normals[i] = n / length if length > 0 else n
    return normals


def RefineMesh(points, triangles):
    """Split every triangle into 4 at its edge midpoints (shared midpoints once);
    returns [points, triangles]."""
    pts = [np.asarray(p, dtype=float) for p in points]
    midpoint_of = {}
    out = []

    def mid(a, b):
        key = (min(a, b), max(a, b))
        if key not in midpoint_of:
            midpoint_of[key] = len(pts)
            pts.append(0.5 * (pts[a] + pts[b]))
        return midpoint_of[key]
    for t in triangles:
        a, b, c = (int(i) for i in t)
        ca = mid(c, a)   # new points in Exudyn's order
        ab = mid(a, b)
        bc = mid(b, c)
        out += [np.array(v, dtype=int) for v in ([a, ab, ca], [b, bc, ab], [c, ca, bc],
                                                  [ca, ab, bc])]
    return [pts, out]


def ShrinkMeshNormalToSurface(points, triangles, distance):
    """Move each point by distance against the normals of its triangles (per component the
    largest move); returns [points, triangles]."""
    moved = [np.array(p, dtype=float) for p in points]
    disp = [np.zeros(len(p)) for p in moved]
    for t in triangles:
        dn = -distance * ComputeTriangleNormal(moved[t[0]], moved[t[1]], moved[t[2]])
        for i in t:
            bigger = np.abs(dn) > np.abs(disp[i])
            disp[i][bigger] = dn[bigger]
    return [[p + d for p, d in zip(moved, disp)], copy.deepcopy(triangles)]


def ComputeTriangularMesh(vertices, segments):
    """Delaunay triangulation (scipy.spatial.Delaunay) of a 2D region bounded by segments
    (region to the left of each segment); returns the Delaunay object with only the inner
    triangles in .simplices."""
    from scipy.spatial import Delaunay
    tri = Delaunay(np.array(vertices))
    trigs = tri.simplices.copy()
    of_vertex = [[] for _ in range(len(vertices))]
    for i, t in enumerate(trigs):
        for v in t:
            of_vertex[v].append(i)
    inside = np.full(len(trigs), -1, dtype=int)
    for s0, s1 in segments:
        for i in of_vertex[s0] + of_vertex[s1]:
            for k in range(3):
                t0, t1 = trigs[i, k], trigs[i, (k + 1) % 3]
                if (s0, s1) == (t0, t1):
                    inside[i] = 1
                elif (s0, s1) == (t1, t0):
                    inside[i] = 0
    # the others inherit the state of a classified neighbour
    while (inside == -1).any():
        progress = False
        for i in np.flatnonzero(inside == -1):
            known = [inside[n] for n in tri.neighbors[i] if n >= 0 and inside[n] != -1]
            if known:
                inside[i] = known[-1]
                progress = True
        if not progress:
            raise ValueError("ComputeTriangularMesh: triangles not connected to any segment")
    tri.simplices = np.array([list(t) for t, flag in zip(trigs, inside) if flag == 1])
    return tri


def SegmentsFromPoints(points, pointIndexOffset=0, invert=False, closeCurve=True):
    """Segments [i, i+1] along points (reversed if invert), closed back to the start."""
    n = len(points)
    seg = np.zeros((n, 2), dtype=int)
    for i in range(n - 1):
        seg[i] = [i + 1, i] if invert else [i, i + 1]
    if closeCurve:
        seg[n - 1] = [0, n - 1] if invert else [n - 1, 0]
    return seg


def CirclePointsAndSegments(center=[0, 0], radius=0.1, invert=False, pointIndexOffset=0,
                            nTiles=16):
    """[points, segments] of a circle of nTiles points (starting at the top, clockwise;
    invert reverses the segments), indices shifted by pointIndexOffset."""
    points, segments = [], []
    for i in range(nTiles):
        phi = i / nTiles * 2 * math.pi
        points.append([radius * math.sin(phi) + center[0], radius * math.cos(phi) + center[1]])
        segments.append([(i + int(invert)) % nTiles + pointIndexOffset,
                         (i + 1 - int(invert)) % nTiles + pointIndexOffset])
    return [points, segments]


def GraphicsDataRectangle(xMin, yMin, xMax, yMax, color=[0., 0., 0., 1.]):
    """A closed rectangle outline in the x-y plane ('Line'); coordyn.graphics.Lines in new
    scripts."""
    P = [[xMin, yMin, 0], [xMax, yMin, 0], [xMax, yMax, 0], [xMin, yMax, 0], [xMin, yMin, 0]]
    return {"type": "Line", "color": list(color), "data": np.array(P, dtype=float)}


def GraphicsDataOrthoCubeLines(xMin, yMin, zMin, xMax, yMax, zMax, color=[0., 0., 0., 1.]):
    """The edges of an axis-aligned box as one polyline ('Line')."""
    P = [[xMin, yMin, zMin], [xMin, yMax, zMin], [xMin, yMin, zMin], [xMax, yMin, zMin],
         [xMax, yMax, zMin], [xMax, yMin, zMin], [xMax, yMin, zMax], [xMax, yMax, zMax],
         [xMax, yMin, zMax], [xMin, yMin, zMax], [xMin, yMax, zMax], [xMin, yMin, zMax],
         [xMin, yMin, zMin], [xMin, yMax, zMin], [xMax, yMax, zMin], [xMax, yMax, zMax],
         [xMin, yMax, zMax], [xMin, yMax, zMin]]
    return {"type": "Line", "color": list(color), "data": np.array(P, dtype=float)}
