"""Cuboid, the rounded Brick, InvoluteGear, ToothedRack, LinkedCylinders and BallBearingRings:
closed solids whose volumes, radii and pitches follow from their definitions, and Exudyn
1.13.6's volumes, counts and bounding boxes where it builds the same geometry."""
from math import gamma

import numpy as np
import pytest

from coordyn import graphics as g
from test_geometry import check_point_normals, is_closed, volume

pi = np.pi


def shoelace(V):
    V = np.asarray(V, dtype=float)
    return 0.5 * abs(np.sum(V[:, 0] * np.roll(V[:, 1], -1) - np.roll(V[:, 0], -1) * V[:, 1]))


def ngon(n, r):
    return 0.5 * n * r * r * np.sin(2 * pi / n)


def exudyn_volume(ex, gd):
    """Volume of an Exudyn TriangleList (its curved 6-node triangles split flat)."""
    P, T = ex.ToPointsAndTrigs(ex.Triangles6ToTriangles(gd))
    return volume(g.FromPointsAndTrigs(P, T))


def box(gd):
    P = np.reshape(gd["points"], (-1, 3))
    return P.min(axis=0), P.max(axis=0)


# --------------------------------------------------------------------------- Cuboid, Brick

HEX = np.array([[0, 0, 0], [2, 0, 0], [2.2, 1, 0], [0.1, 1.1, 0], [0, 0, 1], [2, 0.1, 1.2],
                [2, 1, 1], [0, 1, 1.1]], dtype=float)


def test_cuboid_volume_and_faces():
    c = g.Cuboid(HEX, addNormals=True)
    assert is_closed(c)
    check_point_normals(c)
    # the volume of the hexahedron: 6 tetrahedra of the corner 0, by the divergence theorem
    assert volume(c) == pytest.approx(volume(g.Cuboid(HEX)), rel=1e-14) and volume(c) > 0
    cube = g.Cuboid(g.Brick([0, 0, 0], [1, 2, 3])["points"])
    assert volume(cube) == pytest.approx(6.0, rel=1e-14)
    open_ = g.Cuboid(HEX, faces=[1, 0, 1, 1, 1, 1])
    assert len(open_["triangles"]) == 10 and not is_closed(open_)
    bare = g.Cuboid(HEX, addEdges=True, addFaces=False)
    assert len(bare["triangles"]) == 0 and len(bare["edges"]) == 12


def test_cuboid_equals_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    for kw in ({}, {"addNormals": True}, {"faces": [0, 1, 1, 0, 1, 1]},
               {"faces": [1, 1, 0, 1, 1, 1], "addNormals": True}, {"addEdges": True},
               {"color": g.color.red, "addFaces": False}):
        mine, theirs = g.Cuboid(HEX, **kw), ex.Cuboid(HEX, **kw)
        assert set(mine) == set(theirs), kw
        for key in ("points", "normals", "colors", "triangles", "edges"):
            if key in theirs:
                assert np.allclose(mine[key], np.reshape(theirs[key], np.shape(mine[key]))), kw
    # with normals the edges are on other (coincident) points: the same segments
    mine, theirs = g.Cuboid(HEX, addNormals=True, addEdges=True), ex.Cuboid(HEX, addNormals=True,
                                                                          addEdges=True)

    def segments(gd):
        P, E = np.reshape(gd["points"], (-1, 3)), np.reshape(gd["edges"], (-1, 2))
        return sorted(tuple(sorted(map(tuple, np.round(P[e], 12)))) for e in E)
    assert segments(mine) == segments(theirs)


def superellipsoid_volume(half, roundness):
    q = 2 / min(1.0, roundness)
    return 8 * np.prod(half) * gamma(1 + 1 / q) ** 3 / gamma(1 + 3 / q)


@pytest.mark.parametrize("roundness", [0.2, 0.5, 1.0, 3.0])
def test_rounded_brick(roundness):
    size = np.array([1.0, 2.0, 3.0])
    errs = []
    for n in (32, 64):
        b = g.Brick([1, 2, 3], size, roundness=roundness, nTiles=n)
        assert is_closed(b) and g.InconsistentTriangles(b) == 0
        lo, hi = box(b)
        assert np.allclose(lo, [0.5, 1, 1.5]) and np.allclose(hi, [1.5, 3, 4.5])
        errs.append(abs(volume(b) - superellipsoid_volume(size / 2, roundness)))
    assert errs[1] < 0.5 * errs[0] and errs[1] < 0.02 * np.prod(size)
    if roundness >= 1:   # the ellipsoid: its normals are those of the ellipsoid's gradient
        b = g.Brick([0, 0, 0], size, roundness=1, nTiles=16)
        grad = b["points"] / (size / 2) ** 2
        assert np.allclose(b["normals"], grad / np.linalg.norm(grad, axis=1)[:, None])
        check_point_normals(b)


def test_rounded_brick_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    for r, n in ((0.3, 12), (1.0, 20), (0.5, 5)):
        mine = g.Brick([1, 0, -1], [0.4, 0.2, 0.6], roundness=r, nTiles=n)
        theirs = ex.Brick([1, 0, -1], [0.4, 0.2, 0.6], roundness=r, nTiles=n)
        assert mine["points"].shape == theirs["points"].shape
        assert mine["triangles"].shape == theirs["triangles"].shape
        for a, b in zip(box(mine), box(theirs)):
            assert np.allclose(a, b)


# --------------------------------------------------------------------------- gears, rack

class TrapezoidGear:
    """A stand-in for exudyn.machines.InvoluteGear: straight-flanked teeth, the tooth as wide as
    the gap on the pitch circle, from the root (pitch - 1.25 module) to the tip (+ module)."""
    isInternalGear = False

    def __init__(self, module, nTeeth):
        self.module, self.nTeeth = module, nTeeth
        self.angleToothAndGap = 2 * pi / nTeeth

    def GenerateGear(self):
        rp = 0.5 * self.module * self.nTeeth
        a = self.angleToothAndGap
        # polar corners of one tooth: on the pitch circle the flanks are at -a/4 and +a/4
        polar = [(rp - 1.25 * self.module, -0.35 * a), (rp + self.module, -0.15 * a),
                 (rp + self.module, 0.15 * a), (rp - 1.25 * self.module, 0.35 * a)]
        pts = [(r * np.cos(phi + k * a), r * np.sin(phi + k * a))
               for k in range(self.nTeeth) for r, phi in polar]
        return np.array(pts)


def teeth_on_pitch_circle(gd, rp):
    """Half the number of crossings of the pitch circle along the outline of the base face."""
    P = gd["points"]
    base = P[np.isclose(P[:, 2], P[:, 2].min())]
    r = np.hypot(base[:, 0], base[:, 1])
    ring = base[r > 0.5 * rp]
    order = np.argsort(np.arctan2(ring[:, 1], ring[:, 0]))
    above = np.hypot(ring[order, 0], ring[order, 1]) > rp
    return int(np.sum(above != np.roll(above, 1))) // 2


def test_gear_geometry():
    gear = TrapezoidGear(module=0.02, nTeeth=17)
    rp = 0.5 * 0.02 * 17                       # pitch radius = module * teeth / 2
    w, bore = 0.05, 0.05
    G = g.InvoluteGear(gear, w, centerPoint=[1, 2, 3], radius=bore, nTilesCylinder=40)
    assert is_closed(G)
    assert volume(G) == pytest.approx(w * (shoelace(gear.GenerateGear()) - ngon(40, bore)),
                                      rel=1e-12)
    lo, hi = box(G)
    assert lo[2] == pytest.approx(3 - w / 2) and hi[2] == pytest.approx(3 + w / 2)
    assert teeth_on_pitch_circle(g.InvoluteGear(gear, w), rp) == 17
    r = np.hypot(G["points"][:, 0] - 1, G["points"][:, 1] - 2)
    assert r.max() == pytest.approx(rp + 0.02) and r.min() == pytest.approx(bore)
    # a helical gear: the top turned against the base by w tan(beta) / rp
    hel = g.InvoluteGear(gear, w, helixAngleDeg=30)
    P = hel["points"]
    top, bottom = P[np.isclose(P[:, 2], w / 2)], P[np.isclose(P[:, 2], -w / 2)]

    def first_tip_angle(Q):
        rr = np.hypot(Q[:, 0], Q[:, 1])
        ang = np.arctan2(Q[:, 1], Q[:, 0])[np.isclose(rr, rp + 0.02)]
        return ang[np.abs(ang) < 0.5 * gear.angleToothAndGap]
    turn = first_tip_angle(top).mean() - first_tip_angle(bottom).mean()
    assert turn == pytest.approx(w * np.tan(np.radians(30)) / rp, rel=1e-9)
    # rotated: the axis along x, centered on centerPoint
    A = np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0.0]])
    X = g.InvoluteGear(gear, w, rotationMatrix=A)
    assert np.allclose(box(X)[0][0], -w / 2) and np.allclose(box(X)[1][0], w / 2)


def test_gear_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    machines = pytest.importorskip("exudyn.machines")
    gear = machines.InvoluteGear(module=0.1, nTeeth=20)
    # Exudyn 1.13.6 turns the top of a helical gear by half of w tan(beta) / rp
    half = np.degrees(np.arctan(0.5 * np.tan(np.radians(20))))
    for kw, exkw in (({}, {}), ({"radius": 0.3}, {}),
                     ({"radius": 0.3, "helixAngleDeg": half}, {"helixAngleDeg": 20}),
                     ({"relativeAngleOffset": 0.3, "centerPoint": [1, 0, 2]}, {})):
        mine = g.InvoluteGear(gear, 0.2, **kw)
        theirs = ex.InvoluteGear(gear, 0.2, **dict(kw, **exkw))
        assert is_closed(mine)
        assert volume(mine) == pytest.approx(exudyn_volume(ex, theirs), rel=1e-12), kw
        if not exkw:  # (Exudyn's helical gear is also turned by a quarter of its twist)
            for a, b in zip(box(mine), box(theirs)):
                assert np.allclose(a, b), kw
    # an involute gear of module m: the tips at rp + m, the roots at rp - 1.157 m
    G = g.InvoluteGear(gear, 0.2)
    r = np.hypot(G["points"][:, 0], G["points"][:, 1])
    assert r.max() == pytest.approx(1.0 + 0.1, rel=1e-6)
    assert r.min() == pytest.approx(1.0 - 0.1157, rel=1e-6)
    assert teeth_on_pitch_circle(G, 1.0) == 20
    internal = machines.InvoluteGear(module=0.1, nTeeth=20, isInternalGear=True)
    ring = g.InvoluteGear(internal, 0.2, radius=1.5, nTilesCylinder=64)
    assert is_closed(ring)
    assert volume(ring) == pytest.approx(0.2 * (ngon(64, 1.5)
                                                - shoelace(internal.GenerateGear())), rel=1e-12)


def test_rack_geometry():
    m, n, w, h, base = 0.1, 6, 0.2, 0.2, 0.1
    R = g.ToothedRack(m, n, w, h, base, centerPoint=[0, 0, 1])
    assert is_closed(R)
    p = m * pi
    # each tooth (a trapezoid as wide as a gap at half height) adds p/2 times its height
    assert volume(R) == pytest.approx(w * (n * p * base + n * 0.5 * p * h), rel=1e-13)
    P = R["points"]
    tips = P[np.isclose(P[:, 1], base + h) & np.isclose(P[:, 2], 1 - w / 2)]
    xs = np.unique(np.round(tips[:, 0], 12))
    centers = xs.reshape((-1, 2)).mean(axis=1)                     # the middle of each top
    assert len(centers) == n and np.allclose(np.diff(centers), p)   # tooth pitch m pi
    lo, hi = box(R)
    assert np.allclose(lo, [0, 0, 1 - w / 2]) and np.allclose(hi, [n * p, base + h, 1 + w / 2])
    # the flank: its width tan(pressure angle) times the height
    top = xs[:2]
    assert top[1] - top[0] == pytest.approx(0.5 * p - h * np.tan(np.radians(20)))


def test_rack_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    for args, kw in (((0.1, 5, 0.2, 0.2, 0.1), {}), ((0.1, 5.5, 0.2, 0.2, 0.1), {}),
                     ((0.05, 3, 0.1, 0.1, 0.05), {"pressureAngleDeg": 14.5,
                                                  "centerPoint": [1, 2, 0]})):
        mine, theirs = g.ToothedRack(*args, **kw), ex.ToothedRack(*args, **kw)
        assert is_closed(mine)
        assert volume(mine) == pytest.approx(exudyn_volume(ex, theirs), rel=1e-12)
        for a, b in zip(box(mine), box(theirs)):
            assert np.allclose(a, b)


# --------------------------------------------------------------------------- linked cylinders

def belt_area(L, r0, r1):
    """The area inside two circles and their outer tangents: the two sectors and the two
    right trapezoids between the centers and the tangent points."""
    theta = np.arccos((r1 - r0) / L)
    return r1 * r1 * (pi - theta) + r0 * r0 * theta + (r0 + r1) * np.sqrt(L * L - (r0 - r1) ** 2)


@pytest.mark.parametrize("smooth", [True, False])
def test_linked_cylinders(smooth):
    h, r0, r1, ri0 = 1.2, 0.25, 0.15, 0.1
    errs = []
    for n in (64, 128):
        c = g.LinkedCylinders([0, 0, 0], [0.8, 0.2, 0.4], [0, 0, h], r0, r1, radiusInner0=ri0,
                              nTiles=n, smoothNormals=smooth)
        assert is_closed(c) and g.InconsistentTriangles(c) == 0
        exact = h * (belt_area(np.hypot(0.8, 0.2), r0, r1) - pi * ri0 * ri0)
        errs.append(abs(volume(c) - exact) / exact)
    assert errs[1] < 0.3 * errs[0] and errs[1] < 1e-3        # O(1/n^2)
    lo, hi = box(c)
    assert np.allclose(lo[2], 0) and np.allclose(hi[2], h)
    # every point of the mantle is within the larger of the two radii of a center
    P = c["points"][:, :2]
    d = np.minimum(np.linalg.norm(P, axis=1) - r0, np.linalg.norm(P - [0.8, 0.2], axis=1) - r1)
    assert d.max() < 1e-12
    # one circle inside the other: the larger cylinder
    big = g.LinkedCylinders([0, 0, 0], [0.05, 0, 0], [0, 0, 1], 0.3, 0.1, nTiles=32)
    assert volume(big) == pytest.approx(ngon(32, 0.3), rel=1e-12)


def test_linked_cylinders_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    args = ([0, 0, 0], [0.8, 0.2, 0.4], [0, 0.3, 1.2], 0.25, 0.15)
    for kw in ({}, {"radiusInner0": 0.1, "radiusInner1": 0.05}):
        mine = g.LinkedCylinders(*args, nTiles=48, smoothNormals=False, **kw)
        theirs = ex.LinkedCylinders(*args, nTiles=48, smoothNormals=False, **kw)
        assert volume(mine) == pytest.approx(exudyn_volume(ex, theirs), rel=1e-12)
        for a, b in zip(box(mine), box(theirs)):
            assert np.allclose(a, b)
        smooth = ex.LinkedCylinders(*args, nTiles=48, **kw)   # Exudyn's curved triangles
        assert volume(g.LinkedCylinders(*args, nTiles=48, **kw)) == pytest.approx(
            exudyn_volume(ex, smooth), rel=2e-3)


# --------------------------------------------------------------------------- bearing rings

def bearing_data(rb=0.006):
    """A 6008-like ball bearing (the defaults of exudyn.machines.GetBallBearingData)."""
    rOut, rBore, rc = 0.034, 0.02, 0.027
    gi = go = 1.04 * rb
    return dict(axis=[0, 0, 1], outsideDiameter=2 * rOut, boreDiameter=2 * rBore, width=0.015,
                radiusCage=rc, innerRingShoulderRadius=rc - 0.3 * rb,
                outerRingShoulderRadius=rc + 0.3 * rb, widthCage=2.5 * rb,
                heightCage=0.42 * rb, innerEdgeChamfer=rb / 8, outerEdgeChamfer=rb / 8,
                innerGrooveRadius=gi, outerGrooveRadius=go,
                innerGrooveTorusRadius=rc + gi - rb, outerGrooveTorusRadius=rc + rb - go)


def revolved_volume(contour, n):
    """Volume of the closed contour [x, r] turned in n straight steps: n sin(2 pi/n) times
    the integral of r over the region (the first moment about the axis)."""
    x, r = np.asarray(contour, dtype=float).T
    x1, r1 = np.roll(x, -1), np.roll(r, -1)
    moment = abs(np.sum((x * r1 - x1 * r) * (r + r1))) / 6
    return n * np.sin(2 * pi / n) * moment


def test_bearing_rings():
    d = bearing_data()
    n, ng = 48, 12
    rings = g.BallBearingRings(**d, nTilesRings=n, nTilesGrooves=ng)
    inner, outer, cage = (rings["innerRingGraphics"], rings["outerRingGraphics"],
                          rings["cageGraphics"])
    for part in (inner, outer, cage):
        assert is_closed(part) and g.InconsistentTriangles(part) == 0
    rBore, rOut, w = 0.02, 0.034, 0.0075
    ri, ro = (np.hypot(P[:, 0], P[:, 1]) for P in (inner["points"], outer["points"]))
    assert ri.min() == pytest.approx(rBore, rel=1e-12)
    assert ri.max() == pytest.approx(d["innerRingShoulderRadius"])
    assert ro.max() == pytest.approx(rOut) and ro.min() == pytest.approx(
        d["outerRingShoulderRadius"])
    for part in (inner, outer):
        assert np.allclose(box(part)[0][2], -w) and np.allclose(box(part)[1][2], w)
    # the inner ring: the chamfered face at the bore, the groove's arc about the ball circle
    gi, ti, si, ch = (d["innerGrooveRadius"], d["innerGrooveTorusRadius"],
                      d["innerRingShoulderRadius"], d["innerEdgeChamfer"])
    phi0 = np.arcsin((ti - si) / gi)
    phi = phi0 + (pi - 2 * phi0) * np.arange(ng + 1) / ng
    contour = [[w, si], [w, rBore + ch], [w - ch, rBore], [-w + ch, rBore], [-w, rBore + ch],
               [-w, si]] + [[-gi * np.cos(a), ti - gi * np.sin(a)] for a in phi]
    assert volume(inner) == pytest.approx(revolved_volume(contour, n), rel=1e-12)
    # the groove: points of the ring's inner face at the distance gi from the ball circle
    P = inner["points"]
    dist = np.hypot(np.hypot(P[:, 0], P[:, 1]) - ti, P[:, 2])
    assert np.sum(np.isclose(dist, gi)) >= n * (ng + 1)
    hc, wc = d["heightCage"], d["widthCage"]
    assert volume(cage) == pytest.approx(wc * (ngon(n, d["radiusCage"] + hc / 2)
                                               - ngon(n, d["radiusCage"] - hc / 2)), rel=1e-12)


def test_bearing_rings_as_exudyn():
    ex = pytest.importorskip("exudyn.graphics")
    machines = pytest.importorskip("exudyn.machines")
    data = machines.GetBallBearingData(axis=[0, 1, 1], outsideDiameter=0.08, boreDiameter=0.05,
                                       width=0.02, nBalls=12)
    mine, theirs = g.BallBearingRings(**data), ex.BallBearingRings(**data)
    assert set(mine) == set(theirs)
    for key in mine:
        assert abs(volume(mine[key])) == pytest.approx(abs(exudyn_volume(ex, theirs[key])),
                                                       rel=2e-2), key
        for a, b in zip(box(mine[key]), box(theirs[key])):
            assert np.allclose(a, b, atol=1e-3 * 0.08), key


# --------------------------------------------------------------------------- bad arguments

def test_bad_arguments():
    gear = TrapezoidGear(0.02, 17)
    cases = [
        (lambda: g.Cuboid(HEX[:7]), "Cuboid: argument 'pList'"),
        (lambda: g.Cuboid(HEX, faces=[1, 1]), "Cuboid: argument 'faces'"),
        (lambda: g.InvoluteGear(object(), 0.1), "InvoluteGear: argument 'involuteGear'"),
        (lambda: g.InvoluteGear(gear, -0.1), "InvoluteGear: argument 'width'"),
        (lambda: g.InvoluteGear(gear, 0.1, radius=0.5), "InvoluteGear: argument 'radius'"),
        (lambda: g.InvoluteGear(gear, 0.1, centerPoint=[0, 0]),
         "InvoluteGear: argument 'centerPoint'"),
        (lambda: g.InvoluteGear(gear, 0.1, rotationMatrix=np.eye(2)),
         "InvoluteGear: argument 'rotationMatrix'"),
        (lambda: g.ToothedRack(0.1, 5, 0.2, -0.2, 0.1), "ToothedRack: argument 'toothHeight'"),
        (lambda: g.ToothedRack(0.1, 5, 0.2, 0.2, 0.1, pressureAngleDeg=60),
         "ToothedRack: argument 'pressureAngleDeg'"),
        (lambda: g.LinkedCylinders([0, 0, 0], [1, 0, 0], [0, 0, 1], -0.2, 0.1),
         "LinkedCylinders: argument 'radius0'"),
        (lambda: g.LinkedCylinders([0, 0, 0], [1, 0, 0], [0, 0, 1], 0.2, 0.1,
                                   radiusInner1=0.2), "LinkedCylinders: argument 'radiusInner1'"),
        (lambda: g.LinkedCylinders([0, 0, 0], [1, 0, 0], [0, 0, 0], 0.2, 0.1),
         "LinkedCylinders: argument 'axisCylinder'"),
        (lambda: g.LinkedCylinders([0, 0], [1, 0, 0], [0, 0, 1], 0.2, 0.1),
         "LinkedCylinders: argument 'point0'"),
        (lambda: g.BallBearingRings(**dict(bearing_data(), width=-1)),
         "BallBearingRings: argument 'width'"),
        (lambda: g.BallBearingRings(**dict(bearing_data(), innerGrooveRadius=0.001)),
         "BallBearingRings: the inner groove"),
        (lambda: g.BallBearingRings(**dict(bearing_data(), outerEdgeChamfer=0.1)),
         "BallBearingRings: argument 'outerEdgeChamfer'"),
        (lambda: g.BallBearingRings(**dict(bearing_data(), axis=[0, 1])),
         "BallBearingRings: argument 'axis'"),
    ]
    for call, message in cases:
        with pytest.raises(ValueError, match=message):
            call()
