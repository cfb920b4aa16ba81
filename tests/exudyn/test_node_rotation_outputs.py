"""OutputVariableType.Rotation of the 3D rigid-body nodes and CoordinatesTotal of nodes, against
Exudyn 1.13.6 and closed forms; integer parameters that Exudyn also takes as True/False."""
import numpy as np
import pytest

import coordyn as cd
from coordyn.rigidBodyUtilities import (RotationMatrix2EulerParameters,
                                        RotationMatrix2RotationVector, RotXYZ2RotationMatrix)

ANGLES = [0.3, -0.7, 1.9]   # Tait-Bryan xyz, |beta| < pi/2
POS = [1.0, 2.0, -0.5]


def _node(mod, kind):
    if mod is not cd:
        import exudyn.itemInterface as mod
    A = RotXYZ2RotationMatrix(ANGLES)
    if kind == "EP":
        ref = list(POS) + list(RotationMatrix2EulerParameters(A))
        return mod.NodeRigidBodyEP(referenceCoordinates=ref)
    if kind == "Rxyz":
        return mod.NodeRigidBodyRxyz(referenceCoordinates=list(POS) + [0.1, 0.2, 0.3],
                                     initialCoordinates=[0, 0, 0] + [a - b for a, b in zip(
                                         ANGLES, [0.1, 0.2, 0.3])])
    return mod.NodeRigidBodyRotVecLG(
        referenceCoordinates=list(POS) + list(RotationMatrix2RotationVector(A)))


def _outputs(mod, kind):
    SC = mod.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(_node(mod, kind))
    mbs.Assemble()
    return (np.asarray(mbs.GetNodeOutput(n, mod.OutputVariableType.Rotation)),
            np.asarray(mbs.GetNodeOutput(n, mod.OutputVariableType.CoordinatesTotal)))


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "RotVecLG"])
def test_rotation_is_tait_bryan_xyz(kind):
    rot, _ = _outputs(cd, kind)
    assert np.allclose(rot, ANGLES, atol=1e-12)


def test_rxyz_rotation_reports_the_coordinates_beyond_pi():
    # Exudyn reports the angle coordinates themselves, not angles recovered from A
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodeRigidBodyRxyz(referenceCoordinates=[0, 0, 0, 0, 0, 4.0]))
    mbs.Assemble()
    assert np.allclose(mbs.GetNodeOutput(n, cd.OutputVariableType.Rotation), [0, 0, 4.0])


@pytest.mark.parametrize("kind", ["EP", "Rxyz", "RotVecLG"])
def test_rotation_and_total_coordinates_as_exudyn(kind):
    exu = pytest.importorskip("exudyn")
    rot, tot = _outputs(cd, kind)
    rot_e, tot_e = _outputs(exu, kind)
    assert np.allclose(rot, rot_e, atol=1e-12)
    assert np.allclose(tot, tot_e, atol=1e-12)


def test_coordinates_total_is_reference_plus_displacement():
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[1, 2, 3], initialCoordinates=[0.5, 0, -1]))
    g = mbs.AddNode(cd.NodePointGround(referenceCoordinates=[1, 2, 3]))
    mbs.Assemble()
    assert np.allclose(mbs.GetNodeOutput(n, cd.OutputVariableType.CoordinatesTotal), [1.5, 2, 2])
    # a ground node has no coordinates: Exudyn 1.13.6 answers with an empty array
    assert mbs.GetNodeOutput(g, cd.OutputVariableType.CoordinatesTotal).shape == (0,)
    with pytest.raises(ValueError, match="NodePointGround.*Coordinates_tt"):
        mbs.GetNodeOutput(g, cd.OutputVariableType.Coordinates_tt)


def test_reduced_order_integration_takes_true_as_one():
    """Exudyn scripts pass useReducedOrderIntegration=True; it is the integer 1."""
    def tip(flag):
        SC = cd.SystemContainer()
        mbs = SC.AddSystem()
        from coordyn.beams import GenerateStraightLineANCFCable2D
        cable = cd.ObjectANCFCable2D(physicsMassPerLength=1, physicsBendingStiffness=10,
                                     physicsAxialStiffness=1e4, useReducedOrderIntegration=flag)
        nodes = GenerateStraightLineANCFCable2D(mbs, [0, 0, 0], [1, 0, 0], 2, cable,
                                                   massProportionalLoad=[0, -9.81, 0],
                                                   fixedConstraintsNode0=[1, 1, 1, 1])
        mbs.Assemble()
        mbs.SolveStatic(cd.SimulationSettings())
        return mbs.GetNodeOutput(nodes[0][-1], cd.OutputVariableType.Position)
    assert np.allclose(tip(True), tip(1), rtol=0, atol=0)
    assert not np.allclose(tip(False), tip(1), rtol=1e-9, atol=0)  # 0 and 1 differ
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    with pytest.raises(ValueError, match="useReducedOrderIntegration.*0, 1 or 2"):
        n0 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[0, 0, 1, 0]))
        n1 = mbs.AddNode(cd.NodePoint2DSlope1(referenceCoordinates=[1, 0, 1, 0]))
        mbs.AddObject(cd.ObjectANCFCable2D(nodeNumbers=[n0, n1], physicsLength=1,
                                           useReducedOrderIntegration=3))
        mbs.Assemble()
