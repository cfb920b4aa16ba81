"""Frame, Torus, InvertTriangles and BoundingBox: closed tori of the right volume, frames equal
to Basis, inverted meshes of negative volume, bounding boxes as Exudyn's."""
import numpy as np
import pytest

from coordyn import graphics as g
from test_geometry import check_point_normals, is_closed, volume

pi = np.pi


@pytest.mark.parametrize("smooth", [True, False])
def test_torus_volume(smooth):
    R, r = 1.0, 0.25
    errs = []
    for n in (16, 32):
        t = g.Torus([1, 2, 3], [0, 1, 1], R, r, nTilesMajor=2 * n, nTilesMinor=n,
                    smoothNormals=smooth)
        assert is_closed(t)
        check_point_normals(t)
        errs.append(abs(volume(t) - 2 * pi * pi * R * r * r))
        # the n-gon of the tube turned in 2n straight steps: V = 2n sin(pi/n) A R (the map
        # (x, r, t) -> x a + r ((1-t) u_j + t u_j+1) has the Jacobian r sin(2 pi / 2n))
        A = 0.5 * n * r * r * np.sin(2 * pi / n)
        assert volume(t) == pytest.approx(2 * n * np.sin(pi / n) * A * R, rel=1e-12)
    assert 3 < errs[0] / errs[1] < 5       # O(1/n^2)
    inv = g.Torus([0, 0, 0], [0, 0, 1], R, r, invert=True)
    assert volume(inv) == pytest.approx(-volume(g.Torus([0, 0, 0], [0, 0, 1], R, r)))
    half = g.Torus([0, 0, 0], [0, 0, 1], R, r, minorAngleStart=-0.5 * pi, minorAngleEnd=0.5 * pi)
    assert not is_closed(half)
    assert half["points"][:, 0].max() == pytest.approx(R + r)
    assert np.hypot(half["points"][:, 0], half["points"][:, 1]).min() == pytest.approx(R)


def test_frame_is_basis():
    A = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]])
    H = np.eye(4)
    H[:3, :3], H[:3, 3] = A, [1, 2, 3]
    f, b = g.Frame(H, length=2, radius=0.05), g.Basis([1, 2, 3], A, 2, radius=0.05)
    assert np.allclose(f["points"], b["points"]) and np.array_equal(f["triangles"],
                                                                    b["triangles"])


def test_invert_triangles():
    b = g.Brick(addNormals=True)
    inv = g.InvertTriangles(b)
    assert volume(inv) == pytest.approx(-volume(b)) and np.allclose(inv["normals"],
                                                                      -b["normals"])
    assert np.allclose(b["normals"], g.Brick(addNormals=True)["normals"])   # copy
    ex = pytest.importorskip("exudyn.graphics")
    eb = ex.InvertTriangles(ex.Brick(addNormals=True))
    assert np.array_equal(inv["triangles"], np.reshape(eb["triangles"], (-1, 3)))


def test_bounding_box_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    items = [g.Brick([1, 2, 3], [1, 1, 1]), g.Sphere([5, 0, 0], 0.5),
             g.Lines([[0, -3, 0], [1, 1, 1]]), g.Text([0, 0, 9], "top")]
    lo, hi = g.BoundingBox(items)
    assert np.allclose(lo, [0, -3, -0.5]) and np.allclose(hi, [5.5, 2.5, 9])
    elo, ehi = ex.BoundingBox(items)
    assert np.allclose(lo, elo) and np.allclose(hi, ehi)
    assert g.BoundingBox([]) == [None, None]
    with pytest.raises(ValueError, match="type"):
        g.BoundingBoxSingle({"points": []})


def test_transform_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    A = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]])
    kw = dict(translation=[1, 2, 3], rotation=A, scale=2.0, invertTriangles=True,
              invertNormals=True)
    mine = g.Transform(g.Brick(size=[1, 2, 3], addNormals=True), **kw)
    theirs = ex.Transform(ex.Brick(size=[1, 2, 3], addNormals=True), **kw)
    for key in ("points", "normals", "triangles", "colors"):
        assert np.allclose(mine[key], np.reshape(theirs[key], np.shape(mine[key]))), key
    assert volume(mine) == pytest.approx(-8 * 6.0)   # scaled by 2^3 and turned inside out
    s, es = g.Transform(g.Sphere([1, 0, 0], 0.5), **kw), ex.Transform(ex.Sphere([1, 0, 0], 0.5),
                                                                       **kw)
    assert np.allclose(s["points"], np.reshape(es["points"], (-1, 3)))
    assert np.allclose(s["radii"], es["radii"])
    squash = g.Transform(g.Sphere([0, 0, 0], 1.0), rotation=np.diag([1, 1, 0.5]))
    assert squash["type"] == "TriangleList" and is_closed(squash)
    line = g.Transform(g.Lines([[1, 0, 0], [0, 1, 0]]), translation=[0, 0, 1], rotation=A)
    eline = ex.Transform(ex.Lines([[1, 0, 0], [0, 1, 0]]), translation=[0, 0, 1], rotation=A)
    assert np.allclose(line["data"], np.reshape(eline["data"], (-1, 3)))
    with pytest.raises(ValueError, match="type"):
        g.Transform({"type": "Unknown"})


def test_tube():
    n, r = 12, 0.1
    z = np.linspace(0, 2, 5)
    straight = g.Tube(np.stack([0 * z, 0 * z, z], axis=1), [[0, 0, 1]] * 5, r, nTiles=n)
    check_point_normals(straight)
    P, T = g.ToPointsAndTrigs(straight)
    area = 0.5 * np.linalg.norm(np.cross(P[T[:, 1]] - P[T[:, 0]], P[T[:, 2]] - P[T[:, 0]]),
                                axis=1).sum()
    assert area == pytest.approx(n * 2 * r * np.sin(pi / n) * 2.0, rel=1e-12)
    # closed by two end caps (fans), the tube is a closed n-gon prism of the right volume
    caps = [g.FromPointsAndTrigs(P, [[0, j + 1, j] for j in range(1, n - 1)]),
            g.FromPointsAndTrigs(P, [[4 * n, 4 * n + j, 4 * n + j + 1] for j in range(1, n - 1)])]
    closed = g.MergeTriangleLists(g.FromPointsAndTrigs(P, T), g.MergeTriangleLists(*caps))
    assert is_closed(closed)
    assert volume(closed) == pytest.approx(0.5 * n * r * r * np.sin(2 * pi / n) * 2, rel=1e-12)
    # a quarter circle of radius 1: every ring in the plane normal to its axis, at distance r
    a = np.linspace(0, 0.5 * pi, 9)
    centers = np.stack([np.cos(a), np.sin(a), 0 * a], axis=1)
    axes = np.stack([-np.sin(a), np.cos(a), 0 * a], axis=1)
    bent = g.Tube(centers, axes, r, nTiles=n)
    check_point_normals(bent)
    rings = bent["points"].reshape((9, n, 3)) - centers[:, None, :]
    assert np.allclose(np.linalg.norm(rings, axis=2), r)
    assert np.allclose(np.einsum("ijk,ik->ij", rings, axes), 0)
    with pytest.raises(ValueError, match="axis"):
        g.Tube([[0, 0, 0], [1, 0, 0]], [[1, 0, 0]])


def test_rigid_link_and_alternating_revolution():
    n = 16
    link = g.RigidLink([0, 0, 0], [1, 0, 0], axis0=[0, 0, 1], radius=[0.1, 0.08],
                       thickness=0.04, width=[0.05, 0.05], nTiles=n)
    V = (0.5 * n * np.sin(2 * pi / n) * (0.02 ** 2 * 1.0 + 0.1 ** 2 * 0.05))  # two prisms
    sphere = g.SpheresToTriangleList(g.Sphere([1, 0, 0], 0.08, nTiles=n // 2))
    assert volume(link) == pytest.approx(V + volume(sphere), rel=1e-12)
    lo, hi = g.BoundingBox(link)
    assert np.allclose(lo, [-0.1, -0.1, -0.08]) and np.allclose(hi, [1.08, 0.1, 0.08])
    ex = pytest.importorskip("exudyn.graphics")
    elo, ehi = ex.BoundingBox(ex.RigidLink([0, 0, 0], [1, 0, 0], axis0=[0, 0, 1],
                                           radius=[0.1, 0.08], thickness=0.04, nTiles=n))
    assert np.allclose(lo, elo) and np.allclose(hi, ehi)
    rev = g.SolidOfRevolution([0, 0, 0], [1, 0, 0], [[0, 0], [0, 1], [1, 1], [1, 0]], nTiles=8,
                              color=g.color.red, alternatingColor=g.color.grey)
    used = {tuple(c) for c in rev["colors"][rev["triangles"].reshape(-1)]}
    assert used == {tuple(g.color.red), tuple(g.color.grey)}
    with pytest.raises(TypeError, match="unknown"):
        g.SolidOfRevolution([0, 0, 0], [1, 0, 0], [[0, 0], [0, 1], [1, 0]], smooth=True)
