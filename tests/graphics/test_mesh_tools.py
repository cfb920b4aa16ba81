"""Mesh tools: Triangles6ToTriangles, InconsistentTriangles, AddEdgesAndSmoothenNormals,
FromSTLfileASCII, the optional-package readers FromPyMeshlabFile and
NGsolveMesh2PointsAndTrigs (on stand-in modules, and their ImportError), SolidExtrusion's
smoothNormals and edges, SolidOfRevolution's smoothContour, material and the re-exported
helpers, against their definitions and Exudyn 1.13.6."""
import math
import sys
import types

import numpy as np
import pytest

import coordyn
from coordyn import graphics as g
from test_geometry import check_point_normals, is_closed, volume

pi = np.pi


def segments(gd, digits=9):
    """The edges of gd as sorted pairs of rounded end points."""
    P, E = np.reshape(gd["points"], (-1, 3)), np.reshape(gd["edges"], (-1, 2))
    return sorted(tuple(sorted(map(tuple, np.round(P[e], digits)))) for e in E)


# --------------------------------------------------------------------------- 6-node triangles

def test_triangles6_to_triangles():
    # one curved triangle: corners 0, 1, 2, mid nodes 3 (0-1), 4 (1-2), 5 (2-0); one edge3
    P = [[0, 0, 0], [2, 0, 0], [0, 2, 0], [1, 0, 0.1], [1, 1, 0.1], [0, 1, 0.1]]
    gd = {"type": "TriangleList", "points": np.array(P, float), "colors": np.ones((6, 4)),
          "triangles6": np.array([[0, 1, 2, 3, 4, 5]]), "edges3": np.array([[0, 1, 3]])}
    flat = g.Triangles6ToTriangles(gd)
    assert "triangles6" not in flat and "edges3" not in flat
    T = flat["triangles"]
    assert T.tolist() == [[0, 3, 5], [3, 1, 4], [5, 4, 2], [3, 4, 5]]
    assert flat["edges"].tolist() == [[0, 3], [3, 1]]
    # the four cover the projected triangle once, counterclockwise about +z
    Q = np.array(P)[:, :2]
    areas = [0.5 * ((Q[b, 0] - Q[a, 0]) * (Q[c, 1] - Q[a, 1])
                    - (Q[b, 1] - Q[a, 1]) * (Q[c, 0] - Q[a, 0])) for a, b, c in T]
    assert np.all(np.array(areas) > 0) and sum(areas) == pytest.approx(2.0)
    plain = g.Brick()
    assert g.Triangles6ToTriangles(plain) is plain


def test_triangles6_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    for gd in (ex.Cylinder(nTiles=8, addEdges=True), ex.Sphere(nTiles=6, innerRadius=0.05),
               ex.Torus([0, 0, 0], [0, 0, 1])):
        mine, theirs = g.Triangles6ToTriangles(gd), ex.Triangles6ToTriangles(gd)
        for key in ("triangles", "edges"):
            if key in theirs:
                assert np.array_equal(mine[key], np.reshape(theirs[key], np.shape(mine[key])))
        assert volume(mine) == pytest.approx(volume(g.FromPointsAndTrigs(
            *ex.ToPointsAndTrigs(theirs))), rel=1e-14)


def test_inconsistent_triangles():
    for gd in (g.Cylinder(), g.Sphere(), g.Torus([0, 0, 0], [1, 0, 0]),
               g.Brick(addNormals=True)):
        assert g.InconsistentTriangles(gd) == 0
    turned = g.InvertTriangles(g.Brick(addNormals=True), invertNormals=False)
    assert g.InconsistentTriangles(turned) == 36            # every corner of 12 triangles
    ex = pytest.importorskip("exudyn.graphics")
    for gd in (turned, ex.Cylinder(nTiles=8), ex.Sphere(nTiles=5)):
        assert g.InconsistentTriangles(gd) == ex.InconsistentTriangles(gd)


# --------------------------------------------------------------------------- edges, normals

def test_add_edges_and_smoothen_normals_brick():
    b = g.Brick([1, 2, 3], [1, 2, 3], addNormals=True, color=g.color.red)
    s = g.AddEdgesAndSmoothenNormals(b, edgeColor=g.color.blue)
    assert len(s["edges"]) == 12 and np.allclose(s["edgeColor"], g.color.blue)
    # every corner has 3 faces: one point per face there, with the face normal
    assert len(s["points"]) == 24 and len(s["triangles"]) == 12
    assert is_closed(s) and volume(s) == pytest.approx(6.0, rel=1e-14)
    check_point_normals(s)
    n = np.cross(*[s["points"][s["triangles"][:, k]] - s["points"][s["triangles"][:, 0]]
                   for k in (1, 2)])
    for k in range(3):
        assert np.allclose(s["normals"][s["triangles"][:, k]],
                           n / np.linalg.norm(n, axis=1)[:, None])
    assert np.allclose(s["colors"], g.color.red)
    lengths = sorted(np.linalg.norm(np.subtract(*s["points"][s["edges"]].transpose(1, 0, 2)),
                                    axis=1))
    assert np.allclose(lengths, [1] * 4 + [2] * 4 + [3] * 4)
    welded = g.AddEdgesAndSmoothenNormals(b, smoothNormals=False, addEdges=False,
                                          triangleColor=g.color.green)
    assert len(welded["points"]) == 8 and "normals" not in welded and "edges" not in welded
    assert np.allclose(welded["colors"], g.color.green)


def test_smoothened_sphere_normals_are_radial():
    sphere = g.SpheresToTriangleList(g.Sphere([1, 0, 0], 0.5, nTiles=16))
    s = g.AddEdgesAndSmoothenNormals(sphere)
    assert len(s["edges"]) == 0 and is_closed(s)
    radial = (s["points"] - [1, 0, 0]) / 0.5
    assert np.einsum("ij,ij->i", s["normals"], radial).min() > 0.995
    # a cylinder: sharp rims (2 × nTiles edges), the mantle's normals radial
    c = g.AddEdgesAndSmoothenNormals(g.Cylinder([0, 0, 0], [0, 0, 1], 0.5, nTiles=24))
    assert len(c["edges"]) == 48 and g.InconsistentTriangles(c) == 0
    P, N = c["points"], c["normals"]
    side = np.abs(N[:, 2]) < 1e-12
    assert np.allclose(N[side, :2], P[side, :2] / 0.5)


def test_add_edges_and_smoothen_normals_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    for gd in (g.Brick([1, 2, 3], [1, 2, 3], addNormals=True), g.Cylinder(nTiles=12),
               g.SolidExtrusion([[0, 0], [1, 0], [1, 1], [0.5, 1.5], [0, 1]],
                                [[k, (k + 1) % 5] for k in range(5)], 0.5)):
        mine, theirs = g.AddEdgesAndSmoothenNormals(gd), ex.AddEdgesAndSmoothenNormals(gd)
        assert segments(mine, 4) == segments(theirs, 4)     # Exudyn rounds its points
        assert len(mine["triangles"]) == len(np.reshape(theirs["triangles"], (-1, 3)))
        assert volume(mine) == pytest.approx(volume(theirs), rel=1e-4)
        mine = g.AddEdgesAndSmoothenNormals(gd, smoothNormals=False)
        theirs = ex.AddEdgesAndSmoothenNormals(gd, smoothNormals=False)
        assert np.allclose(mine["points"], np.reshape(theirs["points"], (-1, 3)), atol=1e-4)
        assert np.array_equal(mine["triangles"], np.reshape(theirs["triangles"], (-1, 3)))


# --------------------------------------------------------------------------- ASCII STL

def test_stl_ascii(tmp_path):
    b = g.Brick([1, 2, 3], [1, 2, 3], addNormals=True)
    name = str(tmp_path / "b.stl")
    g.ExportSTL(b, name)
    a = g.FromSTLfileASCII(name, color=g.color.red)
    assert is_closed(a) and volume(a) == pytest.approx(6.0, rel=1e-14)
    check_point_normals(a)
    assert np.allclose(a["colors"], g.color.red)
    raw = g.FromSTLfileASCII(name, invertNormals=False, invertTriangles=False)
    assert volume(raw) == pytest.approx(-6.0) and np.allclose(raw["normals"], -a["normals"])
    ex = pytest.importorskip("exudyn.graphics")
    e = ex.FromSTLfileASCII(name)
    for key in ("points", "normals", "triangles", "colors"):
        assert np.allclose(g.FromSTLfileASCII(name)[key], np.reshape(e[key], a[key].shape))


def test_stl_ascii_errors(tmp_path):
    bad = tmp_path / "bad.stl"
    bad.write_text("solid x\nfacet normal 0 0 1\n outer loop\n  vertex 0 0 0\n  vertex 1 0\n")
    with pytest.raises(ValueError, match=r"FromSTLfileASCII: .* line 5: expected 'vertex'"):
        g.FromSTLfileASCII(str(bad))
    bad.write_text("facet normal 0 0 1\n")
    with pytest.raises(ValueError, match="FromSTLfileASCII: .* does not start with 'solid'"):
        g.FromSTLfileASCII(str(bad))
    bad.write_text("solid x\nfacet normal 0 0 a\n")
    with pytest.raises(ValueError, match="line 2: not a number"):
        g.FromSTLfileASCII(str(bad))
    bad.write_text("solid x\n")
    with pytest.raises(ValueError, match="no 'endsolid'"):
        g.FromSTLfileASCII(str(bad))


# --------------------------------------------------------------------------- optional packages

def test_optional_packages_missing(monkeypatch):
    monkeypatch.setitem(sys.modules, "pymeshlab", None)    # import pymeshlab fails
    monkeypatch.setitem(sys.modules, "ngsolve", None)
    with pytest.raises(ImportError, match=r"FromPyMeshlabFile needs the package pymeshlab.*"
                                          r"pip install pymeshlab"):
        g.FromPyMeshlabFile("part.obj")
    with pytest.raises(ImportError, match=r"NGsolveMesh2PointsAndTrigs needs the package "
                                          r"ngsolve.*pip install ngsolve"):
        g.NGsolveMesh2PointsAndTrigs(ngMesh=object())


class FakeMesh:
    """The part of pymeshlab's Mesh that FromPyMeshlabFile reads: a tetrahedron."""
    P = np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1.0]])
    T = np.array([[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]])

    def __init__(self, faceColors):
        self.faceColors = faceColors

    def vertex_matrix(self):
        return self.P

    def face_matrix(self):
        return self.T

    def vertex_normal_matrix(self):
        return 3 * (self.P - 0.25)       # not unit length, as some files have them

    def transform_matrix(self):
        return np.eye(4)

    def has_face_color(self):
        return self.faceColors is not None

    def face_color_matrix(self):
        return self.faceColors


def fake_pymeshlab(mesh):
    class MeshSet:
        def load_new_mesh(self, fileName):
            self.fileName = fileName

        def current_mesh(self):
            return mesh
    return types.SimpleNamespace(MeshSet=MeshSet)


def test_from_pymeshlab_file(monkeypatch):
    monkeypatch.setitem(sys.modules, "pymeshlab", fake_pymeshlab(FakeMesh(None)))
    m = g.FromPyMeshlabFile("tet.stl")
    assert is_closed(m) and volume(m) == pytest.approx(1 / 6)
    assert np.allclose(np.linalg.norm(m["normals"], axis=1), 1)
    assert np.allclose(m["colors"], g.color.defaultBody)
    inv = g.FromPyMeshlabFile("tet.stl", invertNormals=True, invertTriangles=True)
    assert volume(inv) == pytest.approx(-1 / 6) and np.allclose(inv["normals"], -m["normals"])
    faceColors = np.array([[1, 0, 0, 1], [0, 1, 0, 1], [0, 0, 1, 1], [1, 1, 0, 1.0]])
    monkeypatch.setitem(sys.modules, "pymeshlab", fake_pymeshlab(FakeMesh(faceColors)))
    c = g.FromPyMeshlabFile("tet.obj")
    assert np.allclose(c["colors"][3], [1, 1, 0, 1])        # the last face at point 3
    assert np.allclose(g.FromPyMeshlabFile("tet.obj", useDefaultColor=True)["colors"],
                       g.color.defaultBody)
    ex = pytest.importorskip("exudyn.graphics")
    e = ex.FromPyMeshlabFile("tet.obj", invertTriangles=True)
    mine = g.FromPyMeshlabFile("tet.obj", invertTriangles=True)
    for key in ("points", "normals", "triangles", "colors"):
        assert np.allclose(mine[key], np.reshape(e[key], mine[key].shape)), key


class Node:
    def __init__(self, nr):
        self.nr = nr


class FakeNetgenMesh:
    """The part of a Netgen mesh that NGsolveMesh2PointsAndTrigs reads: two triangles of the
    unit square, second order with the mid node of the diagonal lifted (a curved surface)."""
    corners = [[0.0, 0, 0], [1.0, 0, 0], [1.0, 1, 0], [0.0, 1, 0]]

    def __init__(self):
        self.order = 1

    def SecondOrder(self):
        self.order = 2

    def Points(self):
        mids = [[0.5, 0, 0], [1, 0.5, 0], [0.5, 0.5, 0.2], [0.5, 1, 0], [0, 0.5, 0]]
        return self.corners + (mids if self.order == 2 else [])

    def Elements2D(self):
        # Netgen's 6 nodes: corners, then the mid nodes of 1-2, 2-0, 0-1 (1-based numbers)
        elements = [[1, 2, 3, 6, 7, 5], [1, 3, 4, 8, 9, 7]]
        k = 6 if self.order == 2 else 3
        return [types.SimpleNamespace(vertices=[Node(i) for i in e[:3]],
                                      points=[Node(i) for i in e[:k]]) for e in elements]


def test_ngsolve_mesh(monkeypatch):
    monkeypatch.setitem(sys.modules, "ngsolve", types.ModuleType("ngsolve"))
    P, T, N = g.NGsolveMesh2PointsAndTrigs(ngMesh=FakeNetgenMesh(), meshOrder=1, scale=2)
    assert P.shape == (6, 3) and T.tolist() == [[0, 1, 2], [3, 4, 5]]
    assert np.allclose(N, [0, 0, 1]) and P.max() == 2
    P, T = g.NGsolveMesh2PointsAndTrigs(ngMesh=FakeNetgenMesh(), meshOrder=2, addNormals=False)
    assert len(P) == 9 and len(T) == 8
    flat = g.FromPointsAndTrigs(P, T)
    assert g.BoundingBox(flat)[1][2] == pytest.approx(0.2)
    # the area of the 8 flat triangles: each of the 4 halves of the square over the diagonal
    # lifted by 0.2 at its middle
    a = np.cross(P[T[:, 1]] - P[T[:, 0]], P[T[:, 2]] - P[T[:, 0]])
    assert np.all(a[:, 2] > 0)
    P, T, N = g.NGsolveMesh2PointsAndTrigs(ngMesh=FakeNetgenMesh(), triangles6=True)
    assert T.shape == (2, 6) and np.allclose(P[T[0, 3]], [0.5, 0, 0])   # mid node of 0-1
    assert np.allclose(np.linalg.norm(N, axis=1), 1) and np.all(N[:, 2] > 0)
    # at the corner (0, 0) of the first element the surface rises along the diagonal
    assert N[0] @ np.array([1, 1, 0]) < 0
    with pytest.raises(ValueError, match="NGsolveMesh2PointsAndTrigs: give one of"):
        g.NGsolveMesh2PointsAndTrigs()
    ex = pytest.importorskip("exudyn.graphics")
    for kw in ({"meshOrder": 1}, {"meshOrder": 2}, {"meshOrder": 2, "triangles6": True},
               {"meshOrder": 2, "addNormals": False}):
        mine = g.NGsolveMesh2PointsAndTrigs(ngMesh=FakeNetgenMesh(), **kw)
        theirs = ex.NGsolveMesh2PointsAndTrigs(ngMesh=FakeNetgenMesh(), **kw)
        for a, b in zip(mine, theirs):
            assert np.allclose(a, np.reshape(b, np.shape(a))), kw


# --------------------------------------------------------------------------- extrusion options

SQUARE_HOLE = ([[0, 0], [1, 0], [1, 1], [0, 1], [0.3, 0.3], [0.3, 0.6], [0.6, 0.6], [0.6, 0.3]],
               [[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4]])


def test_extrusion_smooth_normals_and_edges():
    V, S = SQUARE_HOLE
    e = g.SolidExtrusion(V, S, 0.5, smoothNormals=True, addEdges=2, edgeColor=g.color.red)
    assert is_closed(e) and volume(e) == pytest.approx(0.5 * (1 - 0.09), rel=1e-14)
    assert g.InconsistentTriangles(e) == 0
    side = np.abs(e["normals"][:, 2]) < 1e-12
    # at the corners the mean of the two sides' normals, e.g. (1, 1)/sqrt 2 at [1, 1]
    corner = side & np.all(np.isclose(e["points"][:, :2], [1, 1]), axis=1)
    assert np.allclose(e["normals"][corner, :2], np.sqrt(0.5))
    hole = side & np.all(np.isclose(e["points"][:, :2], [0.3, 0.3]), axis=1)
    assert np.allclose(e["normals"][hole, :2], np.sqrt(0.5))   # into the hole
    assert len(e["edges"]) == 8 * 2 + 8 and np.allclose(e["edgeColor"], g.color.red)
    lengths = np.linalg.norm(np.subtract(*e["points"][e["edges"]].transpose(1, 0, 2)), axis=1)
    assert np.allclose(sorted(lengths), [0.3] * 8 + [0.5] * 8 + [1] * 8)
    assert len(g.SolidExtrusion(V, S, 0.5, addFaces=False)["triangles"]) == 0
    ex = pytest.importorskip("exudyn.graphics")
    for kw in ({"addEdges": True}, {"addEdges": 2, "relOff": [0.1, 0, 0]}):
        assert segments(g.SolidExtrusion(V, S, 0.5, **kw)) == segments(
            ex.SolidExtrusion(V, S, 0.5, **kw))


def test_revolution_smooth_contour():
    contour = [[0, 0], [0, 1], [1, 1.2], [2, 1], [2, 0]]
    sharp = g.SolidOfRevolution([0, 0, 0], [1, 0, 0], contour, nTiles=16)
    smooth = g.SolidOfRevolution([0, 0, 0], [1, 0, 0], contour, nTiles=16, smoothContour=True,
                                 smoothingAngle=0.3 * pi)
    assert np.allclose(smooth["points"], sharp["points"]) and is_closed(smooth)
    assert g.InconsistentTriangles(smooth) == 0
    top = np.isclose(np.hypot(smooth["points"][:, 1], smooth["points"][:, 2]), 1.2)
    # at the ridge (x = 1) the two cones' normals differ by 2 atan(0.2) < 0.3 pi: their mean,
    # radial; the corners at x = 0 and 2 (90° and more) stay sharp
    assert np.allclose(smooth["normals"][top, 0], 0)
    ends = np.isclose(np.abs(smooth["normals"][:, 0]), 1)
    assert np.sum(ends) == np.sum(np.isclose(np.abs(sharp["normals"][:, 0]), 1))


# --------------------------------------------------------------------------- names

def test_material_and_helpers():
    assert g.material.steel == [-1, -1, -1, 1002] and g.material.indexEmission == 1009
    assert g.IsEmptyList([]) and g.IsEmptyList(np.zeros(0)) and not g.IsEmptyList([0])
    assert not g.IsEmptyList(None)
    assert g.RotationMatrixZ is coordyn.rigid.RotationMatrixZ and g.sin is math.sin
    v0, v1, v2 = g.GramSchmidt([0, 0, 2], [1, 0, 1])
    assert np.allclose([v0, v1, v2], np.eye(3)[[2, 0, 1]])
    with pytest.raises(ValueError, match="GramSchmidt: vector1 must not be parallel"):
        g.GramSchmidt([0, 0, 1], [0, 0, 3])
    ex = pytest.importorskip("exudyn.graphics")
    for name in dir(ex.material):
        if not name.startswith("_"):
            assert getattr(g.material, name) == getattr(ex.material, name), name
    for name in ex.__all__:
        if not name.startswith("graphicsData"):
            assert hasattr(g, name), name
    for name in ("ComputeOrthonormalBasisVectors", "GramSchmidt", "HT2rotationMatrix",
                 "HT2translation", "HomogeneousTransformation", "RotationMatrix2D",
                 "RotationMatrixZ", "RotationVector2RotationMatrix", "IsEmptyList", "sin", "cos",
                 "tan", "asin", "radians"):
        assert hasattr(g, name), name
    a, b = [0.3, -1, 2], [1, 1, 0.5]
    for x, y in zip(g.GramSchmidt(a, b), ex.GramSchmidt(a, b)):
        assert np.allclose(x, y)


# --------------------------------------------------------------------------- Exudyn's arguments

def cut_hollow_sphere_volume(R, Ri, a0, a1):
    """The ball of radius R between the planes z = R sin a0 and R sin a1, without the ball
    of radius Ri: the integrals of pi (R^2 - z^2) and pi (Ri^2 - z^2) over z."""
    z0, z1 = R * np.sin(a0), R * np.sin(a1)
    zi0, zi1 = np.clip([z0, z1], -Ri, Ri)

    def F(r, z):
        return pi * (r * r * z - z ** 3 / 3)
    return F(R, z1) - F(R, z0) - (F(Ri, zi1) - F(Ri, zi0))


@pytest.mark.parametrize("a0, a1", [(-0.3, 1.0), (-1.2, 0.2), (0.1, 0.4), (-0.5 * pi, 0.3)])
def test_hollow_cut_sphere(a0, a1):
    errs = []
    for n in (32, 64):
        h = g.Sphere([1, 2, 3], 1.0, nTiles=n, innerRadius=0.5, majorAngleMin=a0,
                     majorAngleMax=a1)
        assert is_closed(h)
        check_point_normals(h)
        errs.append(abs(volume(h) - cut_hollow_sphere_volume(1.0, 0.5, a0, a1)))
    assert 3 < errs[0] / errs[1] < 5                         # O(1/n^2)
    assert errs[1] < 2e-3 * cut_hollow_sphere_volume(1.0, 0.5, a0, a1)
    lo, hi = g.BoundingBox(h)
    assert lo[2] == pytest.approx(3 + np.sin(a0)) and hi[2] == pytest.approx(3 + np.sin(a1))


def test_sphere_edges_and_no_faces():
    s = g.Sphere([1, 2, 3], 0.5, nTiles=8, addEdges=5, edgeColor=g.color.red)
    assert s["type"] == "TriangleList" and is_closed(s)
    P = s["points"][s["edges"]]
    assert np.allclose(np.linalg.norm(P - [1, 2, 3], axis=2), 0.5)   # on the sphere
    # 8 meridians of 8 segments, 3 circles of latitude of 16
    assert len(s["edges"]) == 8 * 8 + 3 * 16 and np.allclose(s["edgeColor"], g.color.red)
    bare = g.Sphere(nTiles=6, addFaces=False)
    assert bare["type"] == "TriangleList" and len(bare["triangles"]) == 0
    hollow = g.Sphere(radius=1, nTiles=8, innerRadius=0.5, majorAngleMax=0.5, addEdges=True)
    rim = hollow["points"][hollow["edges"]].reshape((-1, 3))
    assert np.allclose(rim[:, 2], np.sin(0.5)) and np.allclose(np.hypot(rim[:, 0], rim[:, 1]),
                                                               np.cos(0.5))
    ex = pytest.importorskip("exudyn.graphics")
    for kw in ({"addEdges": True}, {"addEdges": 1}, {"addEdges": 2}, {"addEdges": 5},
               {"innerRadius": 0.2, "majorAngleMin": -0.3, "majorAngleMax": 1.0,
                "addEdges": True}):
        mine = g.Sphere([1, 2, 3], 0.5, nTiles=8, **kw)
        theirs = ex.Triangles6ToTriangles(ex.Sphere([1, 2, 3], 0.5, nTiles=8, **kw))
        assert segments(mine, 6) == segments(theirs, 6), kw


def test_revolution_edges_and_no_faces():
    contour = [[0, 0], [0, 0.2], [0.3, 0.2], [0.5, 0.3], [1, 0.3], [1, 0]]
    r = g.SolidOfRevolution([0, 0, 0], [0, 0, 1], contour, nTiles=16, addEdges=3)
    assert is_closed(r)
    P = r["points"][r["edges"]]                              # edges × 2 × 3
    rings, lines = P[:4 * 16], P[4 * 16:]                    # 4 corners off the axis
    radius = np.hypot(rings[:, :, 0], rings[:, :, 1])
    assert np.allclose(radius[:, 0], radius[:, 1]) and np.allclose(rings[:, 0, 2],
                                                                   rings[:, 1, 2])
    assert sorted(set(np.round(radius[:, 0], 12))) == [0.2, 0.3]
    # 3 copies of the contour: their lengths add up to 3 times its perimeter
    C = np.array(contour, dtype=float)
    perimeter = np.sum(np.linalg.norm(np.roll(C, -1, axis=0) - C, axis=1))
    assert np.sum(np.linalg.norm(lines[:, 1] - lines[:, 0], axis=1)) == pytest.approx(
        3 * perimeter)
    bare = g.SolidOfRevolution([0, 0, 0], [0, 0, 1], contour, addFaces=False, addEdges=True)
    assert len(bare["triangles"]) == 0 and len(bare["edges"]) == 4 * 16
    ex = pytest.importorskip("exudyn.graphics")
    theirs = ex.Triangles6ToTriangles(ex.SolidOfRevolution([0, 0, 0], [0, 0, 1],
                                                           contour + contour[:1], nTiles=16,
                                                           addEdges=True))
    Q = np.reshape(theirs["points"], (-1, 3))[np.reshape(theirs["edges"], (-1, 2))]
    offAxis = np.linalg.norm(Q[:, 1] - Q[:, 0], axis=1) > 0   # Exudyn also rings the axis
    assert np.sum(offAxis) == len(bare["edges"])


def test_checkerboard_basis_frame_arguments():
    ex = pytest.importorskip("exudyn.graphics")
    for kw in ({}, {"size": 2, "nTiles": 4, "nTiles2": 3, "size2": 1, "materialIndex": 1003},
               {"normal": [1, 1, 0], "size": 2, "size2": 1, "nTiles": 3, "nTiles2": 2}):
        mine, theirs = g.CheckerBoard(**kw), ex.CheckerBoard(**kw)
        for key in ("points", "colors", "triangles", "normals"):
            assert np.allclose(mine[key], np.reshape(theirs[key], mine[key].shape)), (kw, key)
    b = g.Basis([1, 0, 0], length=2, labels=["X", "Y", "Z"])
    eb = ex.Basis([1, 0, 0], length=2, labels=["X", "Y", "Z"])
    assert [x["type"] for x in b] == [x["type"] for x in eb]
    for t, et in zip(b[1:], eb[1:]):
        assert t["text"] == et["text"] and np.allclose(t["position"], et["position"])
    with pytest.raises(ValueError, match="Basis: argument 'labels'"):
        g.Basis(labels=["X", "Y"])
    with pytest.raises(TypeError, match="Frame: unknown arguments"):
        g.Frame(labels=["X", "Y", "Z"])
    with pytest.raises(TypeError, match="CheckerBoard: unknown arguments"):
        g.CheckerBoard(nTilesY=3)
    # addEdges is accepted and, as in Exudyn, draws nothing more
    with_edges, plain = g.CheckerBoard(addEdges=True), g.CheckerBoard()
    assert with_edges.keys() == plain.keys()
    assert all(np.array_equal(with_edges[k], plain[k]) for k in plain if k != "type")


def test_bad_arguments(monkeypatch):
    line = g.Lines([[0, 0, 0], [1, 0, 0]])
    monkeypatch.setitem(sys.modules, "ngsolve", types.ModuleType("ngsolve"))
    monkeypatch.setitem(sys.modules, "pymeshlab", fake_pymeshlab(FakeMesh(None)))
    cases = [
        (lambda: g.InconsistentTriangles(line), "InconsistentTriangles: argument 'graphicsData'"),
        (lambda: g.InconsistentTriangles(g.Brick()), "InconsistentTriangles: .* no normals"),
        (lambda: g.AddEdgesAndSmoothenNormals(line),
         "AddEdgesAndSmoothenNormals: argument 'graphicsData'"),
        (lambda: g.AddEdgesAndSmoothenNormals(g.Brick(), triangleColor=[1, 0, 0]),
         "AddEdgesAndSmoothenNormals: argument 'triangleColor'"),
        (lambda: g.AddEdgesAndSmoothenNormals(g.Brick(), edgeColor=[1, 0]),
         "AddEdgesAndSmoothenNormals: argument 'edgeColor'"),
        (lambda: g.NGsolveMesh2PointsAndTrigs(ngMesh=FakeNetgenMesh(), meshOrder=3),
         "NGsolveMesh2PointsAndTrigs: argument 'meshOrder'"),
        (lambda: g.NGsolveMesh2PointsAndTrigs(mesh=object(), ngMesh=FakeNetgenMesh()),
         "NGsolveMesh2PointsAndTrigs: give one of the arguments 'mesh' and 'ngMesh'"),
        (lambda: g.FromPyMeshlabFile("tet.stl", defaultColor=[1, 0, 0]),
         "FromPyMeshlabFile: argument 'defaultColor'"),
        (lambda: g.Brick(roundness=0.5, size=[1, -1, 1]), "Brick: argument 'size'"),
        (lambda: g.SolidExtrusion(*SQUARE_HOLE, 1, smoothNormals=True, edgeColor=[0, 0],
                                  addEdges=True), "SolidExtrusion: argument 'edgeColor'"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()
