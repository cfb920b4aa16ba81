"""The element interface: objects give their mass matrix, their elastic forces with the tangent
stiffness, and their geometric stiffness separately (cd_objectops.mass/elastic/geometric, read
through cd_eval_object_parts; the linearized analysis reads the same parts). Checked against
closed forms and against numerical differentiation of the elastic forces."""
import numpy as np
import pytest

import coordyn as cd
from conftest import central_differences, new_system


def parts(mbs, obj):
    return mbs._core.object_parts(int(obj))


def spring_system(p1, k=100.0, L0=1.0, force=5.0, damping=3.0, user=False):
    mbs = new_system()
    n0 = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    n1 = mbs.AddNode(cd.NodePoint(referenceCoordinates=list(p1)))
    for n in (n0, n1):
        mbs.AddObject(cd.MassPoint(physicsMass=2.0, nodeNumber=n))
    m0 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n0))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=n1))
    kw = dict(springForceUserFunction=lambda mbs, t, i, dl, dlt, k_, d_, f_: k_ * dl) if user else {}
    sd = mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=k, referenceLength=L0,
                                       force=force, damping=damping, **kw))
    mbs.Assemble()
    return mbs, sd


def elastic_forces_at(mbs, obj, q):
    mbs.systemData.SetODE2Coordinates(q)
    return parts(mbs, obj)["fel"]


def test_spring_parts_closed_form():
    p1 = np.array([1.2, 0.3, -0.1])
    k, L0, F0 = 100.0, 1.0, 5.0
    mbs, sd = spring_system(p1, k, L0, F0)
    r = parts(mbs, sd)
    assert (r["mass"], r["elastic"], r["geometric"]) == (False, True, True)
    L = np.linalg.norm(p1)
    n = p1 / L
    F = k * (L - L0) + F0                  # elastic force: no damping term
    P = np.eye(3) - np.outer(n, n)
    np.testing.assert_allclose(r["fel"], np.concatenate([-F * n, F * n]), rtol=1e-14)
    block = lambda X: np.block([[X, -X], [-X, X]])
    np.testing.assert_allclose(r["Kg"], block(F / L * P), rtol=1e-13, atol=1e-13)
    # material stiffness: what remains of the tangent without the stresses
    np.testing.assert_allclose(r["Kel"] - r["Kg"], block(k * np.outer(n, n)), atol=1e-12)
    assert np.allclose(r["M"], 0)


def test_spring_tangent_is_the_derivative_of_the_elastic_forces():
    mbs, sd = spring_system([0.9, -0.4, 0.2])
    q0 = np.array([0.01, -0.02, 0.03, 0.1, 0.05, -0.07])
    mbs.systemData.SetODE2Coordinates(q0)
    Kel = parts(mbs, sd)["Kel"]
    num = central_differences(lambda q: elastic_forces_at(mbs, sd, q), q0)
    np.testing.assert_allclose(Kel, num, rtol=1e-7, atol=1e-6)


def test_spring_tangent_is_the_stiffness_at_rest():
    """At zero velocity the object's Jacobian K (elastic + damping terms) is the elastic
    tangent: the damping adds nothing to dr2/dq there."""
    mbs, sd = spring_system([1.5, 0.2, 0.0])
    K = mbs.GetObjectJacobian(sd)["K"]
    np.testing.assert_allclose(parts(mbs, sd)["Kel"], K, rtol=1e-13, atol=1e-12)


def test_geometric_stiffness_scales_with_the_force():
    """Kg is linear in the elastic force: doubling the prestress (at L = L0) doubles Kg, and it
    vanishes without stress."""
    p1 = [1.0, 0.0, 0.0]
    kg = [parts(*spring_system(p1, force=f))["Kg"] for f in (0.0, 4.0, 8.0)]
    assert np.abs(kg[0]).max() == 0
    np.testing.assert_allclose(kg[2], 2 * kg[1], rtol=1e-14)
    assert kg[1][1, 1] == pytest.approx(4.0)   # F / L (I - n n^T) in y


def test_spring_with_user_function_has_no_elastic_split():
    mbs, sd = spring_system([1.2, 0, 0], user=True)
    r = parts(mbs, sd)
    assert not r["elastic"] and not r["geometric"]
    assert np.all(r["Kel"] == 0) and np.all(r["fel"] == 0)


def test_spring_on_rigid_markers_tangent_matches_numerical():
    """Rigid-body markers: the marker Jacobians depend on the rotation, so the tangent has the
    extra terms d(J^T F)/dq, in the geometric part as well."""
    mbs = new_system()
    ground = mbs.AddObject(cd.ObjectGround())
    node = mbs.AddNode(cd.NodeRigidBodyRxyz(referenceCoordinates=[1, 0.2, 0, 0.3, -0.2, 0.5]))
    body = mbs.AddObject(cd.ObjectRigidBody(physicsMass=1, physicsInertia=[1, 1, 1, 0, 0, 0],
                                            nodeNumber=node))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground, localPosition=[0, 0, 0]))
    m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=body, localPosition=[0.3, 0.1, -0.2]))
    sd = mbs.AddObject(cd.SpringDamper(markerNumbers=[m0, m1], stiffness=50,
                                       referenceLength=0.5, force=2))
    mbs.Assemble()
    q0 = np.array([0.02, -0.01, 0.03, 0.1, 0.2, -0.1])
    mbs.systemData.SetODE2Coordinates(q0)
    r = parts(mbs, sd)
    num = central_differences(lambda q: elastic_forces_at(mbs, sd, q), q0)
    np.testing.assert_allclose(r["Kel"], num, rtol=1e-6, atol=1e-6)
    assert np.abs(r["Kg"][3:, 3:]).max() > 0  # rotation columns carry stress terms


def test_generic_ode2_parts():
    mbs = new_system()
    n = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0, 0], initialCoordinates=[0.1, -0.2],
                                       initialCoordinates_t=[0, 0], numberOfODE2Coordinates=2))
    M = [[2.0, 0.0], [0.0, 3.0]]
    K = [[10.0, -4.0], [-4.0, 8.0]]
    obj = mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[n], massMatrix=M, stiffnessMatrix=K,
                                             dampingMatrix=[[1, 0], [0, 1]],
                                             forceVector=[1, 1]))
    mbs.Assemble()
    r = parts(mbs, obj)
    assert (r["mass"], r["elastic"], r["geometric"]) == (True, True, False)
    np.testing.assert_array_equal(r["M"], M)
    np.testing.assert_array_equal(r["Kel"], K)
    np.testing.assert_allclose(r["fel"], np.array(K) @ [0.1, -0.2], rtol=1e-15)
    assert np.all(r["Kg"] == 0)


def test_generic_ode2_user_force_beyond_64_coordinates():
    """No cap on an object's size: a forceUserFunction on 100 coordinates (scratch memory is
    asked for at Assemble); m q'' = f with f = 1 gives q = t^2 / 2."""
    n = 100
    mbs = new_system()
    node = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0] * n, initialCoordinates=[0] * n,
                                          initialCoordinates_t=[0] * n,
                                          numberOfODE2Coordinates=n))
    mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(n).tolist(),
                                       forceUserFunction=lambda mbs, t, i, q, v: np.ones(n)))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.progressBar = False
    mbs.SolveDynamic(s)
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), 0.5, rtol=1e-10)


def test_mass_point_parts():
    mbs = new_system()
    n = mbs.AddNode(cd.NodePoint(referenceCoordinates=[0, 0, 0]))
    mp = mbs.AddObject(cd.MassPoint(physicsMass=3.0, nodeNumber=n))
    mbs.Assemble()
    r = parts(mbs, mp)
    assert (r["mass"], r["elastic"], r["geometric"]) == (True, False, False)
    np.testing.assert_array_equal(r["M"], 3.0 * np.eye(3))


def test_outputs_of_large_nodes_and_objects():
    """Coordinates outputs of items with more coordinates than the default output buffer
    (256): the buffer is sized at Assemble from the largest item"""
    n = 300
    mbs = new_system()
    node = mbs.AddNode(cd.NodeGenericODE2(referenceCoordinates=[0] * n,
                                          initialCoordinates=list(np.arange(n) * 1e-3),
                                          initialCoordinates_t=[0] * n,
                                          numberOfODE2Coordinates=n))
    obj = mbs.AddObject(cd.ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(n).tolist()))
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=node,
                                         outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    q0 = np.arange(n) * 1e-3
    np.testing.assert_array_equal(mbs.GetNodeOutput(node, cd.OutputVariableType.Coordinates), q0)
    np.testing.assert_array_equal(mbs.GetObjectOutput(obj, cd.OutputVariableType.Coordinates),
                                  q0)
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 2
    s.progressBar = False
    mbs.SolveDynamic(s)
    data = mbs.GetSensorStoredData(sensor)
    assert data.shape[1] == n + 1
    np.testing.assert_allclose(data[-1, 1:], q0, atol=1e-14)
