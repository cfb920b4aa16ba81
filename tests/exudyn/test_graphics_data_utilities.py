"""exudyn.graphicsDataUtilities through the switch: the same colours, meshes and line data as
Exudyn 1.13.6's module."""
import numpy as np
import pytest

from coordyn.exudyn import graphicsDataUtilities as cd


def test_names_and_colors_match_exudyn():
    ex = pytest.importorskip("exudyn.graphicsDataUtilities")
    assert cd.__all__ == list(ex.__all__)
    for name in cd.__all__:
        if name.startswith("color4"):
            assert getattr(cd, name) == getattr(ex, name), name


def test_mesh_helpers_match_exudyn():
    ex = pytest.importorskip("exudyn.graphicsDataUtilities")
    p = [np.array([0.0, 0, 0]), np.array([1.0, 0, 0]), np.array([0.0, 2, 0]),
         np.array([1.0, 1, 1])]
    t = [np.array([0, 1, 2]), np.array([1, 3, 2])]
    np.testing.assert_allclose(cd.ComputeTriangleNormal(*p[:3]), ex.ComputeTriangleNormal(*p[:3]))
    assert cd.ComputeTriangleArea(*p[1:]) == pytest.approx(ex.ComputeTriangleArea(*p[1:]))
    assert cd.SwitchTripletOrder([1, 2, 3]) == ex.SwitchTripletOrder([1, 2, 3]) == [1, 3, 2]
    a, b = cd.RefineMesh(p, t), ex.RefineMesh(p, t)
    np.testing.assert_allclose(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    a, b = cd.ShrinkMeshNormalToSurface(p, t, 0.1), ex.ShrinkMeshNormalToSurface(p, t, 0.1)
    np.testing.assert_allclose(a[0], b[0])
    six = np.array([[0, 0, 0], [2, 0, 0], [0, 2, 0.5], [1, 1, 0.4], [0, 1, 0.2], [1, 0, 0.1]])
    np.testing.assert_allclose(cd.Compute6NodeTrigsNormals(six),
                               ex.Compute6NodeTrigsNormals(six.astype(float)))
    for args in ([4], [5, 3, True], [3, 0, False, False]):
        pts = np.zeros((args[0], 2))
        np.testing.assert_array_equal(cd.SegmentsFromPoints(pts, *args[1:]),
                                      ex.SegmentsFromPoints(pts, *args[1:]))
    for kw in ({}, {"center": [1, 2], "radius": 0.5, "invert": True, "pointIndexOffset": 4,
                    "nTiles": 8}):
        a, b = cd.CirclePointsAndSegments(**kw), ex.CirclePointsAndSegments(**kw)
        np.testing.assert_allclose(a[0], b[0])
        assert a[1] == b[1]
    for f, args in ((cd.GraphicsDataRectangle, (0, 1, 2, 3)),
                    (cd.GraphicsDataOrthoCubeLines, (0, 1, 2, 3, 4, 5))):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = getattr(ex, f.__name__)(*args, color=[1, 0, 0, 1])
        ours = f(*args, color=[1, 0, 0, 1])
        assert ours["type"] == theirs["type"] and ours["color"] == theirs["color"]
        np.testing.assert_allclose(ours["data"], theirs["data"])


def test_triangular_mesh_of_a_square_with_a_hole():
    """the square [0,2]^2 minus the square [0.5,1.5]^2: area 3"""
    outer = [[0, 0], [2, 0], [2, 2], [0, 2]]
    inner = [[0.5, 0.5], [0.5, 1.5], [1.5, 1.5], [1.5, 0.5]]   # clockwise: a hole
    seg = [[0, 1], [1, 2], [2, 3], [3, 0], [4, 5], [5, 6], [6, 7], [7, 4]]
    tri = cd.ComputeTriangularMesh(outer + inner, seg)
    P = np.array(outer + inner, dtype=float)
    area = sum(cd.ComputeTriangleArea(*[np.append(P[i], 0) for i in t]) for t in tri.simplices)
    assert area == pytest.approx(3.0)
    ex = pytest.importorskip("exudyn.graphicsDataUtilities")
    theirs = ex.ComputeTriangularMesh(outer + inner, seg)
    assert sorted(map(sorted, tri.simplices.tolist())) == \
        sorted(map(sorted, theirs.simplices.tolist()))


def test_switch_gives_this_module():
    import coordyn
    with coordyn.use_as_exudyn():
        from exudyn.graphicsDataUtilities import GraphicsDataRectangle, color4red
        assert GraphicsDataRectangle is cd.GraphicsDataRectangle and color4red == [1, 0, 0, 1]
