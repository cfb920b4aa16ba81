"""RigidBodyInertia.GetGraphics: the inertia helpers draw their shape at the centre of mass as
Exudyn 1.13 does (compared with exudyn.rigidBodyUtilities where Exudyn is installed)."""
import numpy as np
import pytest

import coordyn as cd
from coordyn import graphics

RED = [1.0, 0.0, 0.0, 1.0]


def _box(g):
    p = np.asarray(g["points"], float).reshape(-1, 3)
    return p.min(axis=0), p.max(axis=0)


def test_shapes_and_sizes():
    lo, hi = _box(cd.InertiaCuboid(1000, [1, 0.2, 0.3]).GetGraphics(RED))
    assert np.allclose(lo, [-0.5, -0.1, -0.15]) and np.allclose(hi, [0.5, 0.1, 0.15])
    lo, hi = _box(cd.InertiaRodX(2.0, 3.0).GetGraphics(RED))
    assert np.allclose(hi - lo, [3.0, 0.03, 0.03])
    cyl = cd.InertiaCylinder(1000, 2.0, 0.1, axis=2, innerRadius=0.05).GetGraphics(RED)
    lo, hi = _box(cyl)
    assert np.allclose(lo, [-0.1, -0.1, -1.0]) and np.allclose(hi, [0.1, 0.1, 1.0], atol=1e-12)
    s = cd.InertiaSphere(radius=0.2, density=10).GetGraphics(RED, nTiles=8)
    assert s["type"] == "Spheres" and s["radii"][0] == pytest.approx(0.2)
    m = cd.InertiaMassPoint(2.0).GetGraphics(RED)  # a sphere of density 2000 and mass 2
    assert 4 / 3 * np.pi * m["radii"][0] ** 3 * 2000 == pytest.approx(2.0)


def test_default_color_and_no_shape():
    g = cd.InertiaCuboid(1000, [1, 1, 1]).GetGraphics([-1, -1, -1, -1])
    assert np.allclose(np.asarray(g["colors"], float).reshape(-1, 4)[0], graphics.color.defaultBody)
    both = cd.InertiaCuboid(1, [1, 1, 1]) + cd.InertiaCuboid(1, [1, 1, 1])
    assert both.GetGraphics(RED) is None
    assert cd.InertiaCuboid(1, [1, 1, 1]).Translated([1, 0, 0]).GetGraphics(RED) is None


@pytest.mark.parametrize("make", [
    lambda m: m.InertiaCuboid(density=1000, sideLengths=[1, 0.2, 0.3]),
    lambda m: m.InertiaRodX(mass=2.0, length=3.0),
    lambda m: m.InertiaSphere(mass=2.0, radius=0.3),
    lambda m: m.InertiaHollowSphere(mass=2.0, radius=0.3),
    lambda m: m.InertiaMassPoint(mass=2.0),
    lambda m: m.InertiaCylinder(density=1000, length=2.0, outerRadius=0.1, axis=1,
                                innerRadius=0.05),
])
def test_same_as_exudyn(make):
    rbu = pytest.importorskip("exudyn.rigidBodyUtilities")
    mine, theirs = make(cd).GetGraphics(RED), make(rbu).GetGraphics(RED)
    assert mine["type"] == theirs["type"]
    if mine["type"] == "Spheres":
        assert np.allclose(mine["points"], theirs["points"])
        assert np.allclose(mine["radii"], theirs["radii"])
    else:  # cylinders: Exudyn draws curved triangles, coordyn flat ones: the same extent
        for a, b in zip(_box(mine), _box(theirs)):
            assert np.allclose(a, b, atol=1e-12)
