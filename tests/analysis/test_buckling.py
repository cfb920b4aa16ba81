"""mbs.ComputeBucklingLoads (python/coordyn/linearized.py): linear buckling about the static
equilibrium under the model's loads, det(K_0 + lambda G) = 0, against Euler's columns:
cantilever pi^2 EI / (4 L^2) (modes (2k - 1)^2 times that), pinned-pinned pi^2 EI / L^2 (k^2
times that), with the ANCF cable and the geometrically exact 2D beam (quadratic elements), and
the errors for loads that cannot buckle anything."""
import numpy as np
import pytest

import coordyn as cd
from coordyn.beams import GenerateStraightBeam, GenerateStraightLineANCFCable2D
from conftest import message_naming

EI, L = 2.0, 1.0


def column(n, bc, P=1.0, EA=1e5, element="cable", transverse=False):
    """a column along x from 0 to L under a tip load P along -x (compression); bc 'cf': clamped
    at x = 0, free at L; 'pp': pinned at both ends (x free at L)"""
    mbs = cd.SystemContainer().AddSystem()
    if element == "cable":
        t = cd.ObjectANCFCable2D(massPerLength=1.0, bendingStiffness=EI, axialStiffness=EA)
        f0 = [1, 1, 0, 0] if bc == "pp" else [1, 1, 0, 1]
        f1 = [0, 1, 0, 0] if bc == "pp" else [0, 0, 0, 0]
        nodes = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [L, 0, 0], n, t,
                                                fixedConstraintsNode0=f0,
                                                fixedConstraintsNode1=f1)[0]
    else:
        t = cd.ObjectBeamGeometricallyExact2D(nodeNumbers=[-1, -1, -1], massPerLength=1.0,
                                              crossSectionInertia=1e-4, bendingStiffness=EI,
                                              axialStiffness=EA, shearStiffness=EA)
        f0 = [1, 1, 0] if bc == "pp" else [1, 1, 1]
        f1 = [0, 1, 0] if bc == "pp" else [0, 0, 0]
        nodes = GenerateStraightBeam(mbs, [0, 0, 0], [L, 0, 0], n, t, fixedConstraintsNode0=f0,
                                     fixedConstraintsNode1=f1)[0]
    mk = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=nodes[-1]))
    load = [0, -P, 0] if transverse else [-P, 0, 0]
    mbs.AddLoad(cd.LoadForceVector(markerNumber=mk, loadVector=load))
    mbs.Assemble()
    return mbs, nodes


def settings():
    s = cd.SimulationSettings()
    s.progressBar = False
    return s


@pytest.mark.parametrize("element", ["cable", "beam"])
@pytest.mark.parametrize("bc,k", [("cf", lambda i: (2 * i - 1) ** 2 / 4), ("pp", lambda i: i**2)])
def test_euler_columns(element, bc, k):
    """16 elements, P = 1: the first three critical factors are Euler's loads k_i pi^2 EI/L^2
    within 0.5 % (the issue's bound; measured for the cable: 8.9e-5 and 3.9e-4 on the first,
    the shortening under the axial force with EA = 1e5 EI: 1e-6 with EA = 1e7); the first mode
    is the buckled shape (cantilever: 1 - cos(pi x / 2L); pinned: sin(pi x / L))"""
    mbs, nodes = column(16, bc, element=element)
    lam, modes = mbs.ComputeBucklingLoads(settings(), numberOfBucklingLoads=3)
    exact = np.array([k(i) for i in (1, 2, 3)]) * np.pi**2 * EI / L**2
    np.testing.assert_allclose(lam, exact, rtol=5e-3)
    assert abs(lam[0] / exact[0] - 1) < 1e-3
    # the transverse displacement of the nodes in the first mode
    stride = 4 if element == "cable" else 3
    nn = len(nodes)
    x = np.array([mbs.GetNode(nd)["referenceCoordinates"][0] for nd in nodes])
    v = modes[1::stride, 0][:nn]
    shape = 1 - np.cos(np.pi * x / (2 * L)) if bc == "cf" else np.sin(np.pi * x / L)
    v = v / v[np.argmax(np.abs(v))] * shape.max()
    assert np.abs(v - shape).max() < 2e-3, np.abs(v - shape).max()


def test_the_error_is_the_column_shortening():
    """the small error of the cantilever's first factor falls with the axial stiffness: 8.9e-5
    with EA = 5e4 EI and 1.0e-6 with EA = 5e6 EI (measured): the method has no other error"""
    exact = np.pi**2 * EI / (4 * L**2)
    errs = []
    for EA in (1e5, 1e7):
        mbs, _ = column(16, "cf", EA=EA)
        errs.append(abs(mbs.ComputeBucklingLoads(settings(), 1)[0][0] / exact - 1))
    assert errs[1] < 3e-6 and errs[0] > 30 * errs[1], errs


def test_load_scale_gives_factor_scale():
    """the factors are those of the reference load: P = 4 gives a quarter of the factors (to
    3e-5, measured: the pre-buckling shortening under the larger load changes G at second
    order)"""
    mbs, _ = column(8, "cf", P=1.0)
    l1 = mbs.ComputeBucklingLoads(settings(), 2)[0]
    mbs, _ = column(8, "cf", P=4.0)
    l4 = mbs.ComputeBucklingLoads(settings(), 2)[0]
    np.testing.assert_allclose(l4, l1 / 4, rtol=1e-4)


def test_tension_has_no_buckling_load():
    mbs, _ = column(8, "cf", P=-1.0)
    with pytest.raises(ValueError, match=message_naming("ComputeBucklingLoads",
                                                        "no positive critical load factor")):
        mbs.ComputeBucklingLoads(settings(), 2)


def test_load_without_geometric_stiffness():
    """a transverse tip load on a pinned-pinned column at the reference (the load acts on a
    constrained coordinate: no stress anywhere) produces no geometric stiffness"""
    mbs, _ = column(8, "pp", transverse=True)
    with pytest.raises(ValueError, match=message_naming("ComputeBucklingLoads",
                                                        "no geometric stiffness")):
        mbs.ComputeBucklingLoads(settings(), 2)


def test_more_loads_than_degrees_of_freedom():
    """2 elements: 12 coordinates, 3 constrained: 9 degrees of freedom"""
    mbs, _ = column(2, "cf")
    with pytest.raises(ValueError, match=message_naming("ComputeBucklingLoads",
                                                        "numberOfBucklingLoads", "1 .. 9")):
        mbs.ComputeBucklingLoads(settings(), 10)
