"""The helpers of basicUtilities, advancedUtilities and rigidBodyUtilities that work on a
system, checked against closed-form physics."""
import threading
import time

import numpy as np
import pytest

import coordyn
from coordyn import advancedUtilities as au
from coordyn import basicUtilities as bu
from coordyn import rigidBodyUtilities as rb
from coordyn.exudyn._notyet import NotImplementedFeatureError


def settings(steps=100, end=1.0):
    s = coordyn.SimulationSettings()
    s.timeIntegration.numberOfSteps = steps
    s.timeIntegration.endTime = end
    s.progressBar = False
    return s


def test_add_rigid_body_falls_freely():
    """AddRigidBody with gravity: y(t) = -g t^2 / 2, no rotation"""
    mbs = coordyn.SystemContainer().AddSystem()
    inertia = rb.InertiaCuboid(1000.0, [0.1, 0.2, 0.3])
    node, body = rb.AddRigidBody(mbs, inertia, coordyn.NodeType.RotationEulerParameters,
                                 position=[1, 2, 3], angularVelocity=[0, 0, 0],
                                 gravity=[0, -9.81, 0])
    mbs.Assemble()
    mbs.SolveDynamic(settings())
    p = mbs.GetNodeOutput(node, coordyn.OutputVariableType.Position)
    np.testing.assert_allclose(p, [1, 2 - 0.5 * 9.81, 3], atol=1e-9)
    assert mbs.GetObject(body)["mass"] == pytest.approx(inertia.Mass())
    with pytest.raises(ValueError, match="AddRigidBody: inertia must be a RigidBodyInertia"):
        rb.AddRigidBody(mbs, 5.0)


@pytest.mark.parametrize("ntype", ["RotationEulerParameters", "RotationRxyz",
                                   "RotationRotationVector"])
def test_get_rigid_body_node_gives_the_angular_velocity(ntype):
    """the node of GetRigidBodyNode starts with the requested global angular velocity"""
    mbs = coordyn.SystemContainer().AddSystem()
    A = rb.RotationMatrixZ(0.4) @ rb.RotationMatrixX(-0.3)
    omega = [0.2, -0.5, 1.0]
    node, _ = rb.AddRigidBody(mbs, rb.InertiaSphere(2.0, 0.1),
                              getattr(coordyn.NodeType, ntype), rotationMatrix=A,
                              angularVelocity=omega)
    mbs.Assemble()
    out = mbs.GetNodeOutput(node, coordyn.OutputVariableType.AngularVelocity,
                            configuration=coordyn.ConfigurationType.Initial)
    np.testing.assert_allclose(out, omega, atol=1e-12)
    R = mbs.GetNodeOutput(node, coordyn.OutputVariableType.RotationMatrix,
                          configuration=coordyn.ConfigurationType.Initial)
    np.testing.assert_allclose(np.reshape(R, (3, 3)), A, atol=1e-12)


def test_add_revolute_joint_keeps_the_pivot():
    """a body on AddRevoluteJoint swings about the pivot: its centre stays at distance L"""
    mbs = coordyn.SystemContainer().AddSystem()
    ground = mbs.AddObject(coordyn.ObjectGround())
    L = 0.5
    node, body = rb.AddRigidBody(mbs, rb.InertiaCuboid(500.0, [2 * L, 0.05, 0.05]),
                                 position=[L, 0, 0], gravity=[0, -9.81, 0])
    joint, m0, m1 = rb.AddRevoluteJoint(mbs, ground, body, point=[0, 0, 0], axis=[0, 0, 1])
    assert mbs.GetMarker(m0)["bodyNumber"] == ground and mbs.GetMarker(m1)["bodyNumber"] == body
    mbs.Assemble()
    mbs.SolveDynamic(settings(200, 0.3))
    p = mbs.GetNodeOutput(node, coordyn.OutputVariableType.Position)
    assert np.linalg.norm(p) == pytest.approx(L, abs=1e-7)
    assert p[1] < -0.05 and abs(p[2]) < 1e-9   # it fell, in the plane


def test_get_other_marker_sits_at_the_existing_marker():
    mbs = coordyn.SystemContainer().AddSystem()
    node, body = rb.AddRigidBody(mbs, rb.InertiaSphere(1.0, 0.1), position=[1, 0, 0],
                                 rotationMatrix=rb.RotationMatrixZ(0.7))
    ground = mbs.AddObject(coordyn.ObjectGround())
    existing = mbs.AddMarker(coordyn.MarkerBodyPosition(bodyNumber=ground,
                                                        localPosition=[1.5, 0.2, -0.1]))
    other = bu.GetOtherMarker(mbs, body, existing)
    mbs.Assemble()
    ref = coordyn.ConfigurationType.Reference
    np.testing.assert_allclose(
        mbs.GetMarkerOutput(other, coordyn.OutputVariableType.Position, configuration=ref),
        [1.5, 0.2, -0.1], atol=1e-14)


def test_set_solution_state_restores_a_row(tmp_path):
    mbs = coordyn.SystemContainer().AddSystem()
    n = mbs.AddNode(coordyn.NodePoint(referenceCoordinates=[0, 0, 0],
                                      initialVelocities=[1, 2, 0]))
    mbs.AddObject(coordyn.MassPoint(physicsMass=1, nodeNumber=n))
    mbs.Assemble()
    s = settings(10)
    s.solutionSettings.writeSolutionToFile = True
    s.solutionSettings.coordinatesSolutionFileName = str(tmp_path / "sol.txt")
    s.solutionSettings.solutionWritePeriod = 0.0
    mbs.SolveDynamic(s)
    sol = bu.LoadSolutionFile(str(tmp_path / "sol.txt"))
    bu.SetSolutionState(mbs, sol, 4)
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), [0.4, 0.8, 0.0], atol=1e-12)
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates_t(), [1, 2, 0], atol=1e-12)
    with pytest.raises(IndexError, match="row 99 is not in the solution"):
        bu.SetSolutionState(mbs, sol, 99)


def test_load_potential_energy_and_numerical_jacobian():
    mbs = coordyn.SystemContainer().AddSystem()
    n = mbs.AddNode(coordyn.NodePoint(referenceCoordinates=[0, 2.0, 0]))
    mbs.AddObject(coordyn.MassPoint(physicsMass=3.0, nodeNumber=n))
    m = mbs.AddMarker(coordyn.MarkerNodePosition(nodeNumber=n))
    load = mbs.AddLoad(coordyn.Force(markerNumber=m, loadVector=[0, -3.0 * 9.81, 0]))
    mbs.Assemble()
    assert au.LoadPotentialEnergy(mbs, load) == pytest.approx(3.0 * 9.81 * 2.0)
    mbs.systemData.SetODE2Coordinates([0.5, -1.0, 2.0])
    J = au.NumericalJacobian(mbs, lambda: mbs.systemData.GetODE2Coordinates() ** 2, [0, 1, 2])
    np.testing.assert_allclose(J, np.diag([1.0, -2.0, 4.0]), atol=1e-8)
    np.testing.assert_allclose(mbs.systemData.GetODE2Coordinates(), [0.5, -1.0, 2.0])


def test_item_ode2_coordinates():
    mbs = coordyn.SystemContainer().AddSystem()
    mbs.AddNode(coordyn.NodePoint(referenceCoordinates=[0, 0, 0]))
    n = mbs.AddNode(coordyn.NodePoint2D(referenceCoordinates=[0, 0]))
    o = mbs.AddObject(coordyn.MassPoint2D(physicsMass=1, nodeNumber=n))
    mbs.Assemble()
    if hasattr(mbs.systemData, "GetObjectLTGODE2"):
        assert au.ItemODE2Coordinates(mbs, o) == [3, 4]
    else:
        with pytest.raises(NotImplementedFeatureError, match="GetObjectLTGODE2"):
            au.ItemODE2Coordinates(mbs, o)
    with pytest.raises(ValueError, match="must be an ObjectIndex or a NodeIndex"):
        au.ItemODE2Coordinates(mbs, 3)


def test_tree_link_defaults():
    link = rb.TreeLink(rb.InertiaSphere(1.0, 0.1))
    assert link.jointType == coordyn.JointType.RevoluteZ
    np.testing.assert_array_equal(link.jointHT, np.eye(4))


def test_tcpip_round_trip():
    """CreateTCPIPconnection / TCPIPsendReceive against a client that answers 2 x data"""
    import socket
    import struct
    port = 52000 + int(time.time()) % 1000
    result = {}

    def client():
        for _ in range(100):
            try:
                c = socket.create_connection(("127.0.0.1", port))
                break
            except OSError:
                time.sleep(0.02)
        pack_in, pack_out = struct.Struct("<" + "d" * 3), struct.Struct("<" + "d" * 2)
        data = pack_in.unpack(c.recv(pack_in.size))
        answer = [2 * data[0]]
        c.sendall(pack_out.pack(*answer, sum(answer)))
        result["received"] = data
        c.close()

    t = threading.Thread(target=client)
    t.start()
    tcp = au.CreateTCPIPconnection(2, 1, port=port)
    values = au.TCPIPsendReceive(tcp, [1.5, 2.5])
    au.CloseTCPIPconnection(tcp)
    t.join(5)
    assert result["received"] == (1.5, 2.5, 4.0)   # the data and their check sum
    np.testing.assert_allclose(values, [3.0])


def test_show_only_objects_sets_vshow():
    mbs = coordyn.SystemContainer().AddSystem()
    n = mbs.AddNode(coordyn.NodePoint(referenceCoordinates=[0, 0, 0]))
    a, b = [mbs.AddObject(coordyn.MassPoint(physicsMass=1, nodeNumber=n,
                                            visualization=coordyn.VMassPoint(show=True)))
            for _ in range(2)]
    bu.ShowOnlyObjects(mbs, [a])
    assert [mbs.GetObject(i)["Vshow"] for i in (a, b)] == [True, False]
    bu.ShowOnlyObjects(mbs, [a], showOthers=True)
    assert [mbs.GetObject(i)["Vshow"] for i in (a, b)] == [False, True]
