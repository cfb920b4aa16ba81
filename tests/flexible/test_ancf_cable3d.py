"""ObjectANCFCable and NodePointSlope1: the 3D ANCF cable of Exudyn 1.13 (axial strain and the
curvature vector, no torsion). Beam theory in both bending planes, the analytic Jacobian against
numerical differentiation, Exudyn's mini example value and the same dynamic model in Exudyn."""
import numpy as np
import pytest

import coordyn as cd
import exudyn_models as em
from conftest import check_jacobian, message_naming, new_system

ov = cd.OutputVariableType
L_TOT, EI, EA = 1.0, 2.0, 1e4


def cable3d(lib, n_el=16, tip=(0, 0, 0), gravity=None, rhoA=3.0, EI_=EI, EA_=EA, L=L_TOT,
            fix=(1, 1, 1, 0, 1, 1)):
    """a straight cable along x, node 0 fixed in the flagged coordinates by CoordinateConstraints
    to a ground node (Exudyn's GenerateStraightLineANCFCable); returns (mbs, nodes, elements)"""
    mbs = lib.SystemContainer().AddSystem()
    le = L / n_el
    nodes = [mbs.AddNode(lib.NodePointSlope1(referenceCoordinates=[i * le, 0, 0, 1, 0, 0]))
             for i in range(n_el + 1)]
    els = []
    for i in range(n_el):
        els.append(mbs.AddObject(em.make(lib.ObjectANCFCable, nodeNumbers=[nodes[i], nodes[i + 1]],
                                         length=le, massPerLength=rhoA, bendingStiffness=EI_,
                                         axialStiffness=EA_)))
        if gravity is not None:
            mm = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=els[-1]))
            mbs.AddLoad(lib.LoadMassProportional(markerNumber=mm, loadVector=list(gravity)))
    ng = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mg = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=ng, coordinate=0))
    for j, f in enumerate(fix):
        if f:
            mc = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
            mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mg, mc]))
    if any(tip):
        mt = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nodes[-1]))
        mbs.AddLoad(lib.LoadForceVector(markerNumber=mt, loadVector=list(tip)))
    if hasattr(mbs, "Assemble"):
        mbs.Assemble()
    return mbs, nodes, els


def test_cantilever_both_planes_and_axial():
    """P L^2 / EI = 1e-4 in y and in z: P L^3 / (3 EI) within 1e-6; axial: P L / EA"""
    P = 1e-4 * EI / L_TOT**2
    mbs, nodes, _ = cable3d(cd, tip=(0, -P, 0.5 * P))
    mbs.SolveStatic(em.default_settings(cd))
    u = mbs.GetNodeOutput(nodes[-1], ov.Displacement)
    d = P * L_TOT**3 / (3 * EI)
    assert abs(u[1] + d) <= 1e-6 * d and abs(u[2] - 0.5 * d) <= 1e-6 * 0.5 * d, (u, d)
    mbs, nodes, els = cable3d(cd, tip=(10.0, 0, 0))
    mbs.SolveStatic(em.default_settings(cd))
    u = mbs.GetNodeOutput(nodes[-1], ov.Displacement)
    assert abs(u[0] - 10.0 * L_TOT / EA) <= 1e-6 * 10.0 * L_TOT / EA
    N = mbs.GetObjectOutputBody(els[3], ov.ForceLocal, localPosition=[0.01, 0, 0])
    assert abs(float(np.ravel(N)[0]) - 10.0) < 1e-9


def test_exudyn_mini_example_value():
    """Exudyn's ObjectANCFCable mini example (32 elements, rhoA 78, EA 1e6, EI 833.33, gravity,
    clamped): tip x displacement -0.5013058140308901 (Exudyn's test value) to 1e-8"""
    mbs, nodes, _ = cable3d(cd, n_el=32, gravity=(0, -9.81, 0), rhoA=78.0, EI_=833.3333333333333,
                            EA_=1e6, L=2.0)
    mbs.SolveStatic(em.default_settings(cd))
    ux = mbs.GetNodeOutput(nodes[-1], ov.Displacement)[0]
    assert abs(ux - -0.5013058140308901) <= 1e-8 * 0.5013058140308901, ux


def test_analytic_jacobian_and_parts():
    rng = np.random.default_rng(7)
    mbs = new_system()
    ref0 = [0.1, 0.2, -0.1, 0.9, 0.3, 0.2]
    ref1 = [0.8, 0.4, 0.1, 0.8, 0.2, 0.5]
    ns = [mbs.AddNode(cd.NodePointSlope1(referenceCoordinates=r,
                                         initialCoordinates=list(0.05 * rng.standard_normal(6)),
                                         initialVelocities=list(rng.standard_normal(6))))
          for r in (ref0, ref1)]
    el = mbs.AddObject(cd.ObjectANCFCable(nodeNumbers=ns, length=0.75, massPerLength=2.0,
                                          bendingStiffness=3.0, axialStiffness=400.0,
                                          bendingDamping=0.3, axialDamping=5.0,
                                          referenceAxialStrain=0.01,
                                          strainIsRelativeToReference=0.5))
    mbs.Assemble()
    a, _ = check_jacobian(mbs, el)
    assert np.linalg.norm(a["D"]) > 0.1
    r = mbs._core.object_parts(int(el))
    M = r["M"]
    v = np.array([0.3, -1.2, 0.7])
    vq = np.concatenate([v, [0, 0, 0], v, [0, 0, 0]])
    assert abs(0.5 * vq @ M @ vq - 0.5 * 2.0 * 0.75 * v @ v) < 1e-13
    Km = r["Kel"] - r["Kg"]
    assert np.linalg.eigvalsh(0.5 * (Km + Km.T)).min() > -1e-9 * np.abs(Km).max()


def test_same_as_exudyn_dynamic():
    """gravity and a skew tip load, 100 generalized-alpha steps: tip position as Exudyn 1.13.6"""
    pytest.importorskip("exudyn")

    def run(lib):
        mbs, nodes, _ = cable3d(lib, tip=(0.5, -2.0, 1.0), gravity=(0, -9.81, 0))
        s = em.default_settings(lib)
        s.timeIntegration.endTime = 0.01
        s.timeIntegration.numberOfSteps = 100
        s.timeIntegration.newton.relativeTolerance = 1e-10
        mbs.SolveDynamic(s)
        return np.asarray(mbs.GetNodeOutput(nodes[-1], lib.OutputVariableType.Position))
    a, b = run(cd), run(em.exudyn_lib())
    assert np.linalg.norm(a - b) <= 1e-8 * np.linalg.norm(b - [L_TOT, 0, 0]), (a, b)


def test_bad_input():
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodePoint())
    n1 = mbs.AddNode(cd.NodePointSlope1(referenceCoordinates=[1, 0, 0, 1, 0, 0]))
    with pytest.raises(ValueError, match=message_naming("ObjectANCFCable", "nodeNumbers",
                                                        "NodePointSlope1")):
        mbs.AddObject(cd.ObjectANCFCable(nodeNumbers=[n0, n1], length=1.0))
        mbs.Assemble()
    with pytest.raises(ValueError, match=message_naming("ObjectANCFCable", "length")):
        mbs.AddObject(cd.ObjectANCFCable(nodeNumbers=[n1, n1], length=-1.0))
    assert list(cd.NodePointSlope1().referenceCoordinates) == [0, 0, 0, 1, 0, 0]


def test_generate_straight_line_cable_3d():
    """coordyn.beams.GenerateStraightLineANCFCable: Exudyn's mini example of ObjectANCFCable
    built with the helper (value -0.5013058140308901); the same item numbers as Exudyn's helper"""
    def build(lib, gen):
        mbs = lib.SystemContainer().AddSystem()
        cable = lib.ObjectANCFCable(physicsMassPerLength=78.0,
                                    physicsBendingStiffness=833.3333333333333,
                                    physicsAxialStiffness=1e6)
        info = gen(mbs, positionOfNode0=[0, 0, 0], positionOfNode1=[2, 0, 0],
                   numberOfElements=32, cableTemplate=cable, massProportionalLoad=[0, -9.81, 0],
                   fixedConstraintsNode0=[1, 1, 1, 0, 1, 1])
        if hasattr(mbs, "Assemble"):
            mbs.Assemble()
        mbs.SolveStatic(em.default_settings(lib))
        return info, mbs.GetNodeOutput(info[0][-1], lib.OutputVariableType.Displacement)[0]
    info, ux = build(cd, cd.beams.GenerateStraightLineANCFCable)
    assert abs(ux - -0.5013058140308901) <= 1e-8 * 0.5013058140308901
    assert [len(x) for x in info] == [33, 32, 32, 33, 5]
    pytest.importorskip("exudyn")
    import warnings
    import exudyn.beams
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        info_e, ux_e = build(em.exudyn_lib(), exudyn.beams.GenerateStraightLineANCFCable)
    for k in (0, 1, 2, 4):
        assert [int(i) for i in info[k]] == [int(i) for i in info_e[k]]
    assert abs(ux - ux_e) <= 1e-10 * abs(ux_e)


def test_no_rigid_marker_on_the_3d_cable():
    """the 3D cable has no torsion, hence no frame: MarkerBodyRigid on it is refused with a
    message saying so (MarkerBodyPosition works)"""
    mbs = cd.SystemContainer().AddSystem()
    t = cd.ObjectANCFCable(massPerLength=1.0, bendingStiffness=1.0, axialStiffness=1e3)
    els = cd.beams.GenerateStraightLineANCFCable(mbs, [0, 0, 0], [1, 0, 0], 2, t)[1]
    mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=els[0], localPosition=[0.1, 0, 0]))
    with pytest.raises(ValueError, match=message_naming("MarkerBodyRigid", "bodyNumber",
                                                        "ObjectANCFCable", "without torsion")):
        mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=els[0], localPosition=[0.1, 0, 0]))
        mbs.Assemble()
