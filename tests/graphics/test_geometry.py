"""coordyn.graphics builds real geometry: closed meshes (after welding coincident points every
edge is shared by exactly two triangles, in opposite directions), volumes by the divergence
theorem against closed forms, outward normals, bounding boxes, and the dicts of Exudyn 1.13's
exudyn.graphics where the construction is determined (counts and points)."""
import numpy as np
import pytest

from coordyn import graphics as g

pi = np.pi


def weld(P, T, digits=9):
    """Point indices merged by position: the triangles on the distinct points."""
    _, inv = np.unique(np.round(P, digits), axis=0, return_inverse=True)
    return inv.reshape(-1)[T]


def is_closed(gd):
    """Every directed edge occurs once and its reverse once: a closed, consistently oriented
    surface."""
    P, T = g.ToPointsAndTrigs(gd)
    W = weld(P, T)
    directed = np.concatenate([W[:, [0, 1]], W[:, [1, 2]], W[:, [2, 0]]])
    keys = {tuple(e) for e in directed}
    return (len(keys) == len(directed)
            and all((b, a) in keys for (a, b) in keys))


def volume(gd):
    """V = 1/6 sum p0 · (p1 × p2) over the triangles (divergence theorem, div x = 3)."""
    P, T = g.ToPointsAndTrigs(gd)
    return np.sum(np.einsum("ij,ij->i", P[T[:, 0]], np.cross(P[T[:, 1]], P[T[:, 2]]))) / 6


def face_normals(gd):
    P, T = g.ToPointsAndTrigs(gd)
    n = np.cross(P[T[:, 1]] - P[T[:, 0]], P[T[:, 2]] - P[T[:, 0]])
    return n / np.linalg.norm(n, axis=1)[:, None], P[T].mean(axis=1)


def check_point_normals(gd):
    """The per-point normals are unit vectors on the outer side of their triangles."""
    P, T = g.ToPointsAndTrigs(gd)
    N = gd["normals"]
    assert np.allclose(np.linalg.norm(N, axis=1), 1)
    n, _ = face_normals(gd)
    for k in range(3):
        assert np.all(np.einsum("ij,ij->i", N[T[:, k]], n) > 0)


def polygon_area(n, r, angle=2 * pi):
    """Area of the fan of n triangles of the arc angle with corners on the circle of radius r."""
    return 0.5 * n * r * r * np.sin(angle / n)


def test_colors_are_exudyns():
    ex = pytest.importorskip("exudyn.graphics")
    names = [c for c in dir(ex.color) if not c.startswith("_")]
    for name in names:
        if isinstance(getattr(ex.color, name), list):
            assert list(getattr(g.color, name)) == list(getattr(ex.color, name)), name


def test_brick_exact():
    b = g.Brick(centerPoint=[1, 2, 3], size=[0.4, 0.6, 1.0])
    assert is_closed(b)
    assert volume(b) == pytest.approx(0.24, rel=1e-14)
    assert np.allclose(b["points"].min(axis=0), [0.8, 1.7, 2.5])
    assert np.allclose(b["points"].max(axis=0), [1.2, 2.3, 3.5])
    n, c = face_normals(b)
    assert np.all(np.einsum("ij,ij->i", n, c - [1, 2, 3]) > 0)  # outward
    bn = g.Brick(centerPoint=[1, 2, 3], size=[0.4, 0.6, 1.0], addNormals=True)
    assert is_closed(bn) and volume(bn) == pytest.approx(0.24, rel=1e-14)
    check_point_normals(bn)


def test_brick_equals_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    for kw in ({}, {"centerPoint": [1, -2, 0.5], "size": [1, 2, 3], "color": g.color.red}):
        mine, theirs = g.Brick(**kw), ex.Brick(**kw)
        assert set(mine) == set(theirs)
        for key in ("points", "triangles", "colors"):
            assert np.allclose(mine[key], theirs[key]), key
        mine, theirs = g.Brick(addNormals=True, **kw), ex.Brick(addNormals=True, **kw)
        assert mine["points"].shape == theirs["points"].shape
        assert mine["triangles"].shape == theirs["triangles"].shape
        assert abs(volume(mine) - volume(theirs)) < 1e-12
        assert (sorted(map(tuple, np.round(mine["points"], 12)))
                == sorted(map(tuple, np.round(theirs["points"], 12))))
    e = g.Brick(addEdges=True)
    assert e["edges"].shape == (12, 2)
    assert np.allclose(np.linalg.norm(np.diff(e["points"][e["edges"]], axis=1), axis=2), 0.1)


def test_whole_sphere_is_exudyns_spheres_and_its_mesh_is_a_sphere():
    ex = pytest.importorskip("exudyn.graphics")
    mine, theirs = g.Sphere([1, 2, 3], 0.5, g.color.red, 12), ex.Sphere([1, 2, 3], 0.5,
                                                                       ex.color.red, 12)
    assert mine["type"] == theirs["type"] == "Spheres"
    for key in ("points", "radii", "colors"):
        assert np.allclose(np.reshape(mine[key], -1), np.reshape(theirs[key], -1)), key
    assert mine["resolution"] == theirs["resolution"]
    R, errs = 0.5, []
    for n in (8, 16, 32):
        m = g.SpheresToTriangleList(g.Sphere([1, 2, 3], R, nTiles=n))
        assert is_closed(m)
        check_point_normals(m)
        assert np.allclose(np.linalg.norm(m["points"] - [1, 2, 3], axis=1), R)
        V, Vex = volume(m), 4 / 3 * pi * R ** 3
        # inscribed polyhedron: below the sphere, above the ball of its smallest face distance
        nf, c = face_normals(m)
        dmin = np.min(np.einsum("ij,ij->i", nf, c - [1, 2, 3]))
        assert dmin > R * np.cos(pi / (2 * n)) ** 2 * 0.999
        assert 4 / 3 * pi * dmin ** 3 < V < Vex
        errs.append(Vex - V)
        assert np.allclose(m["points"].min(axis=0), np.array([1, 2, 3]) - R)
    assert 3.5 < errs[0] / errs[1] < 4.5 and 3.5 < errs[1] / errs[2] < 4.5  # O(1/n^2)


def test_cut_and_hollow_spheres():
    R = 1.0
    cap = g.Sphere(radius=R, nTiles=64, majorAngleMax=0.0)  # the lower half
    assert cap["type"] == "TriangleList" and is_closed(cap)
    check_point_normals(cap)
    assert volume(cap) == pytest.approx(2 / 3 * pi, rel=2e-3)
    assert cap["points"][:, 2].max() == pytest.approx(0.0, abs=1e-15)
    s = g.Sphere(radius=R, nTiles=64, majorAngleMin=-0.3, majorAngleMax=np.arcsin(0.5))
    assert is_closed(s)
    z0, z1 = np.sin(-0.3), 0.5
    Vex = pi * (R * R * (z1 - z0) - (z1 ** 3 - z0 ** 3) / 3)
    assert volume(s) == pytest.approx(Vex, rel=2e-3)
    hollow = g.Sphere(radius=R, nTiles=32, innerRadius=0.5)
    assert is_closed(hollow)
    check_point_normals(hollow)
    assert volume(hollow) == pytest.approx(4 / 3 * pi * (1 - 0.125), rel=1e-2)


@pytest.mark.parametrize("n", [3, 7, 16])
def test_cylinder_volume_and_normals(n):
    p0, v, r = np.array([0.5, -1, 2]), np.array([1.0, 2.0, 2.0]), 0.3   # |v| = 3
    c = g.Cylinder(p0, v, r, nTiles=n)
    assert is_closed(c)
    check_point_normals(c)
    assert volume(c) == pytest.approx(polygon_area(n, r) * 3, rel=1e-12)
    axis = v / 3
    d = c["points"] - p0
    radial = d - np.outer(d @ axis, axis)
    assert np.allclose(d @ axis, np.where(d @ axis > 1.5, 3.0, 0.0))
    assert np.all(np.linalg.norm(radial, axis=1) < r * (1 + 1e-12))
    hollow = g.Cylinder(p0, v, r, nTiles=n, radiusInner=0.1)
    assert is_closed(hollow)
    check_point_normals(hollow)
    assert volume(hollow) == pytest.approx((polygon_area(n, r) - polygon_area(n, 0.1)) * 3,
                                           rel=1e-12)


@pytest.mark.parametrize("a0,a1", [(0.0, 2.0), (0.5, 4.5)])
def test_cylinder_parts(a0, a1):
    n, r, L = 12, 0.5, 2.0
    cake = g.Cylinder([0, 0, 0], [0, 0, L], r, nTiles=n, angleRange=[a0, a1], cutPlain=False)
    assert is_closed(cake)
    check_point_normals(cake)
    assert volume(cake) == pytest.approx(polygon_area(n, r, a1 - a0) * L, rel=1e-12)
    plain = g.Cylinder([0, 0, 0], [0, 0, L], r, nTiles=n, angleRange=[a0, a1], cutPlain=True)
    assert is_closed(plain)
    check_point_normals(plain)
    segment = polygon_area(n, r, a1 - a0) - 0.5 * r * r * np.sin(a1 - a0)
    assert volume(plain) == pytest.approx(segment * L, rel=1e-12)
    open_ = g.Cylinder([0, 0, 0], [0, 0, L], r, nTiles=n, angleRange=[a0, a1], cutPlain=True,
                       lastFace=False)
    assert not is_closed(open_) and len(open_["triangles"]) == len(plain["triangles"]) - 2


def test_cylinder_alternating_color():
    c = g.Cylinder(nTiles=8, color=g.color.blue, alternatingColor=g.color.red)
    used = {tuple(x) for x in c["colors"][c["triangles"].reshape(-1)]}
    assert used == {tuple(g.color.blue), tuple(g.color.red)}


def test_cylinder_bounding_box_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    for kw in ({}, {"pAxis": [1, 2, 3], "vAxis": [0, 0, 2], "radius": 0.5, "nTiles": 16}):
        mine, theirs = g.Cylinder(**kw), ex.Cylinder(**kw)
        assert np.allclose(mine["points"].min(axis=0), theirs["points"].min(axis=0))
        assert np.allclose(mine["points"].max(axis=0), theirs["points"].max(axis=0))


def test_arrow_and_basis():
    n, r, L = 12, 0.02, 1.0
    a = g.Arrow([0, 0, 0], [L, 0, 0], r, nTiles=n)
    assert is_closed(a)
    check_point_normals(a)
    rHead, xHead = 2 * r, L - 4 * 2 * r
    Vex = polygon_area(n, r) * xHead + polygon_area(n, rHead) * (L - xHead) / 3
    assert volume(a) == pytest.approx(Vex, rel=1e-12)
    assert a["points"][:, 0].max() == pytest.approx(L)
    b = g.Basis(origin=[1, 1, 1], length=2)
    m = len(b["triangles"]) // 3  # three closed arrows (touching at the origin)
    for k in range(3):
        assert is_closed(g.FromPointsAndTrigs(b["points"], b["triangles"][k * m:(k + 1) * m]))
    assert volume(b) == pytest.approx(3 * volume(g.Arrow([0, 0, 0], [2, 0, 0], 0.02)),
                                      rel=1e-12)
    assert np.allclose(b["points"].max(axis=0), [3, 3, 3])
    ex = pytest.importorskip("exudyn.graphics")
    eb = ex.Basis(origin=[1, 1, 1], length=2)
    assert np.allclose(b["points"].max(axis=0), eb["points"].max(axis=0))


def test_solid_of_revolution_nonconvex():
    contour = [[0, 0], [0, 1], [1, 1], [1, 0.5], [2, 0.5], [2, 1], [3, 1], [3, 0]]
    s = g.SolidOfRevolution([0, 0, 0], [0, 1, 0], contour, nTiles=20)
    assert is_closed(s)
    check_point_normals(s)
    A = polygon_area(20, 1)
    assert volume(s) == pytest.approx(2 * A + polygon_area(20, 0.5), rel=1e-12)
    rev = g.SolidOfRevolution([0, 0, 0], [0, 1, 0], contour[::-1], nTiles=20)  # clockwise
    assert volume(rev) == pytest.approx(volume(s), rel=1e-12)


def test_quad_checkerboard_lines_text_circle_equal_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    pl = [[0, 0, 0], [2, 0, 0], [2, 1, 0.5], [0, 1, 0.5]]
    q, eq = g.Quad(pl, g.color.red), ex.Quad(pl, ex.color.red)
    for key in eq:
        assert np.allclose(q[key], eq[key]) if key != "type" else q[key] == eq[key]
    cb, ecb = g.CheckerBoard(), ex.CheckerBoard()
    for key in ("points", "triangles", "colors", "normals"):
        assert cb[key].shape == ecb[key].shape
    assert (sorted(map(tuple, np.round(cb["points"], 12)))
            == sorted(map(tuple, np.round(ecb["points"], 12))))
    n, _ = face_normals(cb)
    assert np.allclose(n, [0, 0, 1])
    assert np.sum(0.5 * np.linalg.norm(np.cross(
        cb["points"][cb["triangles"][:, 1]] - cb["points"][cb["triangles"][:, 0]],
        cb["points"][cb["triangles"][:, 2]] - cb["points"][cb["triangles"][:, 0]]),
        axis=1)) == pytest.approx(1.0)
    pts = [[0, 0, 0], [1, 0, 0], [1, 1, 0]]
    ln, eln = g.Lines(pts, g.color.blue), ex.Lines(pts, ex.color.blue)
    assert ln["type"] == eln["type"] and np.allclose(ln["data"], eln["data"])
    assert np.allclose(ln["color"], eln["color"])
    arc = [[1, 0, 0], [np.sqrt(0.5), np.sqrt(0.5), 0], [0, 1, 0], [-np.sqrt(0.5), np.sqrt(0.5), 0],
           [-1, 0, 0]]
    q, eq = g.Lines(arc, g.color.red, "quadratic"), ex.Lines(arc, ex.color.red, "quadratic")
    assert q["type"] == eq["type"] == "Lines" and q["shape"] == eq["shape"]
    assert np.allclose(q["points"], eq["points"]) and np.allclose(q["colors"], eq["colors"])
    t, et = g.Text([1, 2, 3], "hi", fontSize=14), ex.Text([1, 2, 3], "hi", fontSize=14)
    assert set(t) == set(et) and t["text"] == et["text"] and t["fontSize"] == et["fontSize"]
    c, ec = g.Circle([1, 0, 0], 2), ex.Circle([1, 0, 0], 2)
    assert set(c) == set(ec) and c["radius"] == ec["radius"]


def test_points_and_trigs_move_merge():
    ex = pytest.importorskip("exudyn.graphics")
    b = g.Brick(size=[1, 2, 3], addNormals=True)
    P, T = g.ToPointsAndTrigs(b)
    b2 = g.FromPointsAndTrigs(P, T, g.color.red, normals=b["normals"])
    assert np.array_equal(b2["points"], P) and np.array_equal(b2["triangles"], T)
    A = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]])
    m = g.Move(b, [1, 2, 3], A)
    em = ex.Move(ex.Brick(size=[1, 2, 3], addNormals=True), [1, 2, 3], A)
    assert np.allclose(m["points"], np.reshape(em["points"], (-1, 3)))
    assert np.allclose(m["normals"], np.reshape(em["normals"], (-1, 3)))
    assert volume(m) == pytest.approx(6.0) and is_closed(m)
    assert np.allclose(b["points"], P)  # input not modified
    merged = g.MergeTriangleLists(b, m)
    assert volume(merged) == pytest.approx(12.0)
    em = ex.MergeTriangleLists(ex.Brick(size=[1, 2, 3], addNormals=True), em)
    assert np.array_equal(merged["triangles"], np.reshape(em["triangles"], (-1, 3)))


def test_bad_arguments():
    with pytest.raises(ValueError, match="size"):
        g.Brick(size=[1, 0, 1])
    with pytest.raises(ValueError, match="centerPoint"):
        g.Brick(centerPoint=[1, 2])
    with pytest.raises(ValueError, match="vAxis"):
        g.Cylinder(vAxis=[0, 0, 0])
    with pytest.raises(ValueError, match="radiusInner"):
        g.Cylinder(radius=0.1, radiusInner=0.2)
    with pytest.raises(TypeError, match="unknown"):
        g.Cylinder(colour=[1, 0, 0, 1])
    with pytest.raises(ValueError, match="color"):
        g.Sphere(color=[1, 0, 0])
    with pytest.raises(ValueError, match="point"):
        g.FromPointsAndTrigs([[0, 0, 0]], [[0, 1, 2]])
    with pytest.raises(ValueError, match="contour"):
        g.SolidOfRevolution([0, 0, 0], [1, 0, 0], [[0, 0], [1, -1], [1, 0]])
    with pytest.raises(ValueError, match="odd"):
        g.Lines([[0, 0, 0], [1, 0, 0], [2, 0, 0], [3, 0, 0]], shape="quadratic")
    with pytest.raises(ValueError, match="shape"):
        g.Lines([[0, 0, 0], [1, 0, 0]], shape="cubic")
    with pytest.raises(ValueError, match="Brick: argument 'roundness'"):
        g.Brick(roundness=-0.1)


def test_cylinder_edges_and_no_faces():
    n, r, L = 12, 0.5, 2.0
    c = g.Cylinder([0, 0, 0], [0, 0, L], r, nTiles=n, addEdges=3, edgeColor=g.color.red,
                   radiusInner=0.2)
    assert is_closed(c)   # the extra points of the edges are used by no triangle
    E = c["edges"]
    assert E.shape == (4 * n + 3, 2) and np.allclose(c["edgeColor"], g.color.red)
    P = c["points"][E]                                  # edges × 2 × 3
    rad = np.linalg.norm(P[:, :, :2], axis=2)
    assert np.allclose(rad[:2 * n], r) and np.allclose(rad[2 * n:4 * n], 0.2)
    assert np.allclose(rad[4 * n:], r)
    assert np.allclose(np.abs(P[4 * n:, 1, 2] - P[4 * n:, 0, 2]), L)   # lines along the mantle
    seg = np.linalg.norm(P[:4 * n, 1] - P[:4 * n, 0], axis=1)          # chords of the rims
    assert np.allclose(seg[:2 * n], 2 * r * np.sin(pi / n))
    assert len(c["colors"]) == len(c["points"]) == len(c["normals"])
    bare = g.Cylinder(addFaces=False, addEdges=True, nTiles=n)
    assert len(bare["triangles"]) == 0 and len(bare["edges"]) == 2 * n
    part = g.Cylinder(nTiles=n, addEdges=True, angleRange=[0, 1.0])
    assert len(part["edges"]) == 2 * n and is_closed(part)
