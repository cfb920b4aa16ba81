"""SolidExtrusion gives closed prisms of the polygon's area times the height, also with a
twisted and shifted top; FromSTLfile reads ASCII and binary STL files (coordyn's own reader)
with Exudyn's inversions, and its mass properties are those of the solid."""
import struct

import numpy as np
import pytest

from coordyn import graphics as g
from test_geometry import check_point_normals, is_closed, volume

pi = np.pi

# a block with a cutout, counterclockwise (Exudyn's example of SolidExtrusion)
VERTS = [[-0.4, -0.4], [0.4, -0.4], [0.4, 0.4], [0.1, 0.4], [0.1, 0.2], [-0.1, 0.2],
         [-0.1, 0.4], [-0.4, 0.4]]
SEGS = [[k, (k + 1) % 8] for k in range(8)]
AREA = 0.8 * 0.8 - 0.2 * 0.2


def test_extrusion_volume_normals_box():
    e = g.SolidExtrusion(VERTS, SEGS, 1.5, pOff=[0, 2, -1])
    assert is_closed(e)
    check_point_normals(e)
    assert volume(e) == pytest.approx(AREA * 1.5, rel=1e-13)
    assert np.allclose(e["points"].min(axis=0), [-0.4, 1.6, -1])
    assert np.allclose(e["points"].max(axis=0), [0.4, 2.4, 0.5])


def test_extrusion_rotated_and_sheared_as_exudyn():
    A = np.array([[0, 0, 1], [1, 0, 0], [0, 1, 0.0]])
    e = g.SolidExtrusion(VERTS, SEGS, 2.0, rot=A, relOff=[0.3, 0.1, 0])
    assert is_closed(e)
    assert volume(e) == pytest.approx(AREA * 2.0, rel=1e-13)  # a shear keeps the volume
    ex = pytest.importorskip("exudyn.graphics")
    ee = ex.SolidExtrusion(VERTS, SEGS, 2.0, rot=A, relOff=[0.3, 0.1, 0])
    assert volume(ee) == pytest.approx(volume(e), rel=1e-12)
    P = np.reshape(ee["points"], (-1, 3))
    assert np.allclose(P.min(axis=0), e["points"].min(axis=0))
    assert np.allclose(P.max(axis=0), e["points"].max(axis=0))


def test_extrusion_bad_input():
    with pytest.raises(ValueError, match="counterclockwise"):
        g.SolidExtrusion(VERTS, [[b, a] for a, b in SEGS], 1.0)
    with pytest.raises(ValueError, match="close"):
        g.SolidExtrusion(VERTS, SEGS[:-1], 1.0)
    with pytest.raises(ValueError, match="vertex numbers"):
        g.SolidExtrusion(VERTS, SEGS + [[7, 8]], 1.0)


def test_extrusion_with_holes():
    # the block with a cutout and two holes (clockwise): a triangle and a square
    verts = VERTS + [[-0.3, -0.3], [-0.3, -0.1], [-0.1, -0.3],
                     [0.1, -0.3], [0.1, -0.1], [0.3, -0.1], [0.3, -0.3]]
    segs = SEGS + [[8, 9], [9, 10], [10, 8], [11, 12], [12, 13], [13, 14], [14, 11]]
    area = AREA - 0.5 * 0.2 * 0.2 - 0.2 * 0.2
    e = g.SolidExtrusion(verts, segs, 0.5)
    assert is_closed(e)
    check_point_normals(e)
    assert volume(e) == pytest.approx(area * 0.5, rel=1e-12)
    ex = pytest.importorskip("exudyn.graphics")
    assert volume(ex.SolidExtrusion(verts, segs, 0.5)) == pytest.approx(volume(e), rel=1e-12)
    # a ring: a 24-gon with a 12-gon hole
    a, b = np.linspace(0, 2 * pi, 24, endpoint=False), np.linspace(0, 2 * pi, 12, endpoint=False)
    ring = np.vstack([np.stack([np.cos(a), np.sin(a)], 1),
                      0.5 * np.stack([np.cos(b), -np.sin(b)], 1)])   # the hole clockwise
    rsegs = ([[k, (k + 1) % 24] for k in range(24)]
             + [[24 + k, 24 + (k + 1) % 12] for k in range(12)])
    r = g.SolidExtrusion(ring, rsegs, 1.0)
    assert is_closed(r)
    A = 0.5 * 24 * np.sin(2 * pi / 24) - 0.5 * 12 * 0.25 * np.sin(2 * pi / 12)
    assert volume(r) == pytest.approx(A, rel=1e-12)


def write_binary(path, tris):
    with open(path, "wb") as f:
        f.write(b"\0" * 80 + struct.pack("<I", len(tris)))
        for t in tris:
            f.write(struct.pack("<12fH", 0, 0, 0, *np.ravel(t), 0))


def test_stl_round_trip_ascii_and_binary(tmp_path):
    b = g.Brick(centerPoint=[1, 2, 3], size=[1, 2, 4], addNormals=True)
    g.ExportSTL(b, str(tmp_path / "b.stl"))
    r = g.FromSTLfile(str(tmp_path / "b.stl"))
    assert is_closed(r)
    check_point_normals(r)
    assert volume(r) == pytest.approx(8.0, rel=1e-12)
    P, T = g.ToPointsAndTrigs(b)
    plain = P[T]      # the triangles as they are in the file: outward (no inversions)
    write_binary(tmp_path / "b.bin.stl", plain)
    rb = g.FromSTLfile(str(tmp_path / "b.bin.stl"), invertNormals=False, invertTriangles=False,
                       scale=2.0, pOff=[1, 0, 0])
    assert is_closed(rb) and volume(rb) == pytest.approx(64.0, rel=1e-6)
    check_point_normals(rb)
    assert np.allclose(rb["points"].min(axis=0), [2, 2, 2])  # 2 (0.5, 1, 1) + (1, 0, 0)
    inverted = g.FromSTLfile(str(tmp_path / "b.bin.stl"))  # Exudyn's defaults invert both
    assert volume(inverted) == pytest.approx(-8.0, rel=1e-6)


def test_stl_written_by_exudyn(tmp_path):
    ex = pytest.importorskip("exudyn.graphics")
    c = ex.Brick(size=[1, 2, 3], addNormals=True)
    ex.ExportSTL(c, str(tmp_path / "c.stl"))
    r = g.FromSTLfile(str(tmp_path / "c.stl"))
    assert volume(r) == pytest.approx(6.0, rel=1e-6) and is_closed(r)


def test_stl_mass_properties(tmp_path):
    size, rho = np.array([1.0, 2.0, 4.0]), 7.0
    b = g.Brick(centerPoint=[1, 2, 3], size=size, addNormals=True)
    g.ExportSTL(b, str(tmp_path / "b.stl"), invertTriangles=False)
    r, props = g.FromSTLfile(str(tmp_path / "b.stl"), density=rho, invertTriangles=False)
    m = rho * 8.0
    assert props["volume"] == pytest.approx(8.0) and props["mass"] == pytest.approx(m)
    assert np.allclose(props["COM"], [1, 2, 3])
    J = m / 12 * np.diag([size[1] ** 2 + size[2] ** 2, size[0] ** 2 + size[2] ** 2,
                          size[0] ** 2 + size[1] ** 2])
    assert np.allclose(props["inertia"], J)
    assert np.allclose(props["minPos"], [0.5, 1, 1]) and np.allclose(props["maxPos"], [1.5, 3, 5])


def test_stl_bad_file(tmp_path):
    (tmp_path / "x.stl").write_bytes(b"not an stl file at all")
    with pytest.raises(ValueError, match="STL"):
        g.FromSTLfile(str(tmp_path / "x.stl"))
