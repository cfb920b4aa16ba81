"""Algebraic variables (NodeGenericAE), algebraic equations on them (ObjectGenericAE) and the
coupling of coordinate kinds (ObjectCoordinateCoupling), solved together with the mechanical
part by the static solver and by generalized-alpha (docs/algebraic_variables.rst).

Physics checks: Cellier's resistor circuit with its algebraic loop (closed-form current, the
loop one block of the block-triangular form), the same circuit with an inductor (the
trapezoidal rule's transient and the closed form), an oscillator whose spring force goes through
an algebraic variable, and a DC motor driving a crank through a gear against the hand-reduced
equations integrated by scipy."""
import runpy

import numpy as np
import pytest
from scipy.integrate import solve_ivp

import coordyn as cd
from conftest import REPO, new_system

EX = runpy.run_path(str(REPO / "examples" / "resistor_circuit.py"), run_name="circuit")
COORDS = cd.OutputVariableType.Coordinates


def ae_node(mbs, n=1, x0=None, name=""):
    x0 = [0.0] * n if x0 is None else list(x0)
    return mbs.AddNode(cd.NodeGenericAE(numberOfAECoordinates=n, referenceCoordinates=[0] * n,
                                        initialCoordinates=x0, name=name))


def solved(mbs, static=True, steps=10, end_time=0.01):
    s = cd.SimulationSettings()
    if static:
        mbs.SolveStatic(s)
    else:
        s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = steps, end_time
        mbs.SolveDynamic(s)
    return mbs


def circuit(inductor=False):
    mbs = new_system()
    nodes = EX["build"](mbs, inductor=inductor)
    mbs.Assemble()
    return mbs, nodes


# -- Cellier's circuit --------------------------------------------------------------------------
@pytest.mark.parametrize("solver", ["Dense", "Sparse"])
@pytest.mark.parametrize("static", [True, False], ids=["static", "dynamic"])
def test_resistor_loop_current(static, solver):
    mbs, nodes = circuit()
    s = cd.SimulationSettings()
    s.linearSolverType = getattr(cd.LinearSolverType, solver)
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = 10, 0.01
    mbs.SolveStatic(s) if static else mbs.SolveDynamic(s)
    assert mbs.GetSolverStatistics()["linearSolver"] == solver
    i1 = EX["closed_form_current"]()
    u = {k: mbs.GetNodeOutput(n, COORDS) for k, n in nodes.items()}
    assert u["R1"][1] == pytest.approx(i1, rel=1e-12, abs=1e-15)
    # every component law and Kirchhoff's laws hold
    for k, R in (("R1", EX["R1"]), ("R2", EX["R2"]), ("R3", EX["R3"])):
        assert u[k][0] == pytest.approx(R * u[k][1], rel=1e-12)
    assert u["U0"][0] == pytest.approx(EX["U0"], rel=1e-14)
    assert u["R2"][1] + u["R3"][1] == pytest.approx(i1, rel=1e-12)
    assert u["U0"][1] == pytest.approx(i1, rel=1e-12)
    # the equations' residuals as an output of the equation objects
    for o in range(mbs.NumberOfObjects()):
        assert abs(mbs.GetObjectOutput(o, cd.OutputVariableType.ConstraintEquation)) < 1e-12


def test_loop_is_one_block_named_by_its_items():
    mbs, nodes = circuit()
    for view in ("newton", "ode"):
        for generic in (True, False):
            rep = mbs.ComputeStructuralAnalysis(view, generic=generic)
            assert rep.isRegular and rep.shape == (8, 8)
            # generic values: the loop alone; the declared pattern (each equation on all the
            # variables of its nodes: 'source' on u0 and i0) is coarser, one block of all
            assert rep.blockSizes == ([1, 6, 1] if generic else [8]), (view, generic)
    rep = mbs.ComputeStructuralAnalysis()
    loop = rep.LargestBlocks(1)[0]
    assert loop["size"] == 6
    names = sorted(x.split("'")[1] for x in loop["items"])
    assert names == sorted(["R1", "R2", "R3"] * 2 + ["mesh 1", "mesh 2", "node b"])
    # the loop's equations are the objects' equations, its unknowns the nodes' variables
    assert any("algebraic equation (row 0) of object" in e and "'mesh 1'" in e
               for e in loop["equations"])
    assert all(u.startswith("algebraic variable (variable ") for u in loop["unknowns"])
    assert "node 0 (NodeGenericAE 'U0'), object 0 (ObjectGenericAE 'source')" in str(rep)
    # u0 first (the source), i0 last (node a): the block-triangular order of a solution
    first, last = rep.blocks[0], rep.blocks[-1]
    assert rep.UnknownLabel(first["unknowns"][0]).startswith("algebraic variable (variable 0)")
    assert "'source'" in rep.EquationLabel(first["equations"][0])
    assert "'node a'" in rep.EquationLabel(last["equations"][0])
    # no mechanical constraint: the constraint Jacobian has no rows
    assert mbs.ComputeStructuralAnalysis("jacobian").shape[0] == 0
    d = rep.AsDict()
    assert d["numberOfBlocks"] == 3 and d["nAE"] == 8


@pytest.mark.parametrize("method", ["dense", "sparse"])
def test_degree_of_freedom_counts_algebraic_variables_as_pure_ae(method):
    mbs, _ = circuit()
    assert mbs.ComputeSystemDegreeOfFreedom(method=method) == {
        "degreeOfFreedom": 0, "redundantConstraints": 0, "nODE2": 0, "nODE1": 0, "nAE": 8,
        "nPureAE": 8}
    mbs, _ = motor_crank()
    with pytest.warns(UserWarning, match="ODE1 coordinates do not count"):
        dof = mbs.ComputeSystemDegreeOfFreedom(method=method)
    assert dof["degreeOfFreedom"] == 1 and dof["nODE1"] == 1 and dof["redundantConstraints"] == 0


def test_inductor_transient_is_the_trapezoidal_rule():
    """i_L' = (U0 - R i_L) / L with R = R1 + R2 R3 / (R2 + R3) once the algebraic variables are
    eliminated; the trapezoidal rule gives i_{n+1} = (i_n (1 - h a/2) + h b) / (1 + h a/2) with
    a = R / L, b = U0 / L, exactly what the solver must reproduce, and that tends to the
    closed form i_inf (1 - exp(-t/tau)) at second order."""
    mbs, nodes = circuit(inductor=True)
    steps, T = 200, 0.01
    sensor = mbs.AddSensor(cd.SensorNode(nodeNumber=nodes["iL"], outputVariableType=COORDS))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = steps, T
    s.solutionSettings.sensorsWritePeriod = T / steps
    mbs.SolveDynamic(s)
    data = mbs.GetSensorStoredData(sensor)
    R = EX["R1"] + EX["R2"] * EX["R3"] / (EX["R2"] + EX["R3"])
    a, b, h = R / EX["L"], EX["U0"] / EX["L"], T / steps
    i = [0.0]
    for _ in range(steps):
        i.append((i[-1] * (1 - h * a / 2) + h * b) / (1 + h * a / 2))
    np.testing.assert_allclose(data[:, 1], i, rtol=0, atol=1e-13)
    exact = EX["closed_form_current"]() * (1 - np.exp(-data[:, 0] * a))
    assert np.max(np.abs(data[:, 1] - exact)) < 2e-5   # (h a)^2 / 12 relative, h a = 0.22
    # the algebraic variables follow: u_L = U0 - R i_L at the end
    uL = mbs.GetNodeOutput(nodes["uL"], COORDS)
    assert uL == pytest.approx(EX["U0"] - R * data[-1, 1], rel=1e-11)


def test_inductor_steady_state_by_the_static_solver():
    # statics: the ODE1 rates are zero, u_L = 0, the resistors' current
    mbs, nodes = circuit(inductor=True)
    solved(mbs)
    assert mbs.GetNodeOutput(nodes["iL"], COORDS) == pytest.approx(
        EX["closed_form_current"](), rel=1e-12)
    assert abs(mbs.GetNodeOutput(nodes["uL"], COORDS)) < 1e-12


def test_example_runs(capsys):
    r = EX["main"](steps=200)
    assert r["static"] == pytest.approx(r["i1"], rel=1e-12)
    assert r["dynamic"] == pytest.approx(r["i1"], rel=1e-12)
    assert "current through R1" in capsys.readouterr().out


# -- nonlinear user equations -------------------------------------------------------------------
@pytest.mark.parametrize("with_jacobian", [False, True])
@pytest.mark.parametrize("static", [True, False], ids=["static", "dynamic"])
def test_nonlinear_user_equation(with_jacobian, static):
    """a diode-like element in series with a resistor: U0 = R i + u, i = Is (exp(u/Ut) - 1);
    the solution by Newton in numpy is the reference"""
    U0, R, Is, Ut = 2.0, 100.0, 1e-9, 0.025

    def g(mbs, t, item, q, q_t, velocityLevel):
        assert velocityLevel is False and len(q) == 2 and not np.any(q_t)
        i, u = q
        return [R * i + u - U0, i - Is * np.expm1(u / Ut)]

    def jac(mbs, t, item, q, q_t, velocityLevel):
        return [[R, 1.0], [1.0, -Is / Ut * np.exp(q[1] / Ut)]]

    mbs = new_system()
    n = ae_node(mbs, 2, x0=[0.0, 0.6])
    o = mbs.AddObject(cd.ObjectGenericAE(nodeNumbers=[n], numberOfEquations=2,
                                         constraintUserFunction=g,
                                         jacobianUserFunction=jac if with_jacobian else 0))
    mbs.Assemble()
    solved(mbs, static)
    i, u = mbs.GetNodeOutput(n, COORDS)
    x = np.array([0.0, 0.6])
    for _ in range(100):
        x = x - np.linalg.solve(np.array(jac(0, 0, 0, x, 0, 0)), g(0, 0, 0, x, np.zeros(2), False))
    assert [i, u] == pytest.approx(list(x), rel=1e-10)
    J = mbs.GetObjectJacobian(o)
    assert J["analytic"] == with_jacobian
    np.testing.assert_allclose(J["J"], np.array(jac(0, 0, 0, [i, u], 0, 0)), rtol=1e-5)


# -- coupling with mechanical coordinates -------------------------------------------------------
def oscillator(m=2.0, k=50.0, x0=0.1):
    """m q'' = -k s with the spring's elongation s an algebraic variable, s - q = 0
    (ObjectGenericAE reading the ODE2 coordinate) and the force -k s on q
    (ObjectCoordinateCoupling from the algebraic variable): q = x0 cos(sqrt(k/m) t)"""
    mbs = new_system()
    nq = mbs.AddNode(cd.Node1D(referenceCoordinates=[0], initialCoordinates=[x0]))
    mbs.AddObject(cd.ObjectMass1D(physicsMass=m, nodeNumber=nq))
    ns = ae_node(mbs, 1, name="elongation")
    eq = mbs.AddObject(cd.ObjectGenericAE(nodeNumbers=[ns, nq], systemMatrix=[[1, -1]],
                                          name="s = q"))
    cp = mbs.AddObject(cd.ObjectCoordinateCoupling(nodeNumbers=[ns, nq], factor=-k,
                                                   name="spring"))
    mbs.Assemble()
    return mbs, nq, ns, eq, cp


def test_oscillator_through_an_algebraic_variable():
    m, k, x0, T = 2.0, 50.0, 0.1, 1.0
    errors = []
    for steps in (400, 800):
        mbs, nq, ns, eq, cp = oscillator(m, k, x0)
        solved(mbs, False, steps, T)
        q = mbs.GetNodeOutput(nq, COORDS)
        errors.append(abs(q - x0 * np.cos(np.sqrt(k / m) * T)))
        assert mbs.GetNodeOutput(ns, COORDS) == pytest.approx(q, rel=1e-10)
        assert mbs.GetObjectOutput(cp, cd.OutputVariableType.Force) == pytest.approx(-k * q)
    assert errors[1] < 1e-4 and 3.5 < errors[0] / errors[1] < 4.5   # second order
    # the static solve: the spring holds the mass at q = 0
    mbs, nq, ns, eq, cp = oscillator(m, k, x0)
    solved(mbs)
    assert abs(mbs.GetNodeOutput(nq, COORDS)) < 1e-14


def test_analytic_jacobians_match_numerical_differentiation():
    mbs, nq, ns, eq, cp = oscillator()
    mbs.systemData.SetAECoordinates([0.3])
    for o in (eq, cp):
        a, n = mbs.GetObjectJacobian(o), mbs.GetObjectJacobian(o, numerical=True)
        assert a["analytic"] and not n["analytic"]
        np.testing.assert_allclose(a["J"], n["J"], rtol=1e-6, atol=1e-8)
    # rows [force on q; equation s - q; (no ODE1)], columns [q, q_t, s]
    np.testing.assert_allclose(mbs.GetObjectJacobian(eq)["J"], [[0, 0, 0], [-1, 0, 1]])
    np.testing.assert_allclose(mbs.GetObjectJacobian(cp)["J"], [[0, 0, 50.0]])
    mbs, _ = motor_crank()
    for o in range(mbs.NumberOfObjects()):
        if mbs.GetObject(o)["objectType"] == "CoordinateCoupling":
            a, n = mbs.GetObjectJacobian(o), mbs.GetObjectJacobian(o, numerical=True)
            np.testing.assert_allclose(a["J"], n["J"], rtol=1e-6, atol=1e-8)


# -- DC motor, gear and crank -------------------------------------------------------------------
MOTOR = dict(L=0.05, R=1.0, k=0.2, U=12.0, Jm=1e-3, n=10.0, m=2.0, l=0.6, g=9.81)


def motor_crank(p=MOTOR):
    """A DC motor (current i: NodeGenericODE1, L di/dt = U - R i - k omega_m; ObjectGenericODE1
    for U - R i, an ObjectCoordinateCoupling for the back-EMF) drives its shaft (Node1D angle
    phi_m, inertia Jm) with the torque k i (ObjectCoordinateCoupling); a gear phi_m = n phi
    (ObjectConnectorCoordinate) turns a crank, a bar of mass m and length l pivoted at one end
    (NodeRigidBody2D, ObjectJointRevolute2D), under gravity, starting horizontal."""
    mbs = new_system()
    d = p["l"] / 2
    gr = mbs.AddObject(cd.ObjectGround())
    nm = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0], name="phi_m"))
    mbs.AddObject(cd.ObjectMass1D(physicsMass=p["Jm"], nodeNumber=nm, name="shaft"))
    nc = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[d, 0, 0], name="crank"))
    bc = mbs.AddObject(cd.ObjectRigidBody2D(physicsMass=p["m"],
                                            physicsInertia=p["m"] * p["l"] ** 2 / 12,
                                            nodeNumber=nc))
    mg = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=gr, localPosition=[0, 0, 0]))
    mb = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=bc, localPosition=[-d, 0, 0]))
    mbs.AddObject(cd.ObjectJointRevolute2D(markerNumbers=[mg, mb]))
    mbs.AddLoad(cd.LoadMassProportional(markerNumber=mbs.AddMarker(
        cd.MarkerBodyMass(bodyNumber=bc)), loadVector=[0, -p["g"], 0]))
    mm = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nm, coordinate=0))
    mc = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nc, coordinate=2))
    mbs.AddObject(cd.ObjectConnectorCoordinate(markerNumbers=[mm, mc], factorValue1=p["n"],
                                               name="gear"))
    ni = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0.0], initialCoordinates=[0.0],
                                        numberOfODE1Coordinates=1, name="i"))
    mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[ni], systemMatrix=[[-p["R"] / p["L"]]],
                                       rhsVector=[p["U"] / p["L"]], name="U - R i"))
    mbs.AddObject(cd.ObjectCoordinateCoupling(nodeNumbers=[ni, nm], factor=p["k"],
                                              name="torque k i"))
    mbs.AddObject(cd.ObjectCoordinateCoupling(nodeNumbers=[nm, ni], factor=-p["k"] / p["L"],
                                              useVelocity=True, name="back-EMF"))
    mbs.Assemble()
    return mbs, {"shaft": nm, "crank": nc, "i": ni}


def reduced(t, z, p=MOTOR):
    """The hand-reduced equations. The gear phi_m = n phi is ideal (no power lost), so its
    torque on the crank is n times its torque on the shaft; eliminating it from
        Jm phi_m'' = k i - tau_gear,   Jc phi'' = n tau_gear - m g (l/2) cos(phi)
    (Jc = m l^2/3 about the pivot; gravity's moment about the pivot is -m g (l/2) cos(phi) for
    the angle phi from the horizontal) gives one equation of motion of the crank and the
    circuit's equation with omega_m = n phi':
        (Jc + n^2 Jm) phi'' = n k i - m g (l/2) cos(phi)
        L i' = U - R i - k n phi'
    integrated as the first-order system z = [phi, phi', i]."""
    phi, w, i = z
    Jc = p["m"] * p["l"] ** 2 / 3
    return [w, (p["n"] * p["k"] * i - p["m"] * p["g"] * p["l"] / 2 * np.cos(phi))
            / (Jc + p["n"] ** 2 * p["Jm"]),
            (p["U"] - p["R"] * i - p["k"] * p["n"] * w) / p["L"]]


def test_dc_motor_crank_matches_the_reduced_equations():
    """The full model (motor_crank: shaft angle phi_m, crank on a revolute joint, the gear as a
    constraint phi_m = n phi with its multiplier, the current i an ODE1 coordinate, torque and
    back-EMF as couplings) against the hand reduction (see reduced()): the gear is ideal, so
    its torque on the crank is n times its torque on the shaft; eliminating it from
        Jm phi_m'' = k i - tau_gear,    Jc phi'' = n tau_gear - m g (l/2) cos(phi)
    with phi_m = n phi (Jc = m l^2 / 3 about the pivot) leaves the 2 equations
        (Jc + n^2 Jm) phi'' = n k i - m g (l/2) cos(phi)
        L i' = U - R i - k n phi'
    integrated by scipy (DOP853, rtol = atol = 1e-12) as z = [phi, phi', i]. Generalized-alpha
    and the trapezoidal rule converge to it at second order, within 1e-6 at h = 5e-5."""
    T, p = 0.5, MOTOR
    ref = solve_ivp(reduced, (0, T), [0, 0, 0], method="DOP853", rtol=1e-12, atol=1e-12,
                    dense_output=True)
    errors = []
    for steps in (5000, 10000):
        mbs, nd = motor_crank()
        sens = [mbs.AddSensor(cd.SensorNode(nodeNumber=nd["crank"], outputVariableType=COORDS)),
                mbs.AddSensor(cd.SensorNode(nodeNumber=nd["i"], outputVariableType=COORDS)),
                mbs.AddSensor(cd.SensorNode(nodeNumber=nd["shaft"], outputVariableType=COORDS))]
        mbs.Assemble()
        s = cd.SimulationSettings()
        s.timeIntegration.numberOfSteps, s.timeIntegration.endTime = steps, T
        s.solutionSettings.sensorsWritePeriod = T / steps
        mbs.SolveDynamic(s)
        crank, cur, shaft = (mbs.GetSensorStoredData(x) for x in sens)
        z = ref.sol(crank[:, 0])
        errors.append(max(np.max(np.abs(crank[:, 3] - z[0])), np.max(np.abs(cur[:, 1] - z[2]))))
        np.testing.assert_allclose(shaft[:, 1], p["n"] * crank[:, 3], rtol=0, atol=1e-10)
    # phi ~ 2 rad, i ~ 0.2 A at t = 0.5: second order, below 1e-6 at h = 5e-5
    assert errors[1] < 1e-6, errors
    assert 3.5 < errors[0] / errors[1] < 4.5, errors
    assert z[0][-1] > 1.5  # the crank has turned over the top


# -- bad inputs ---------------------------------------------------------------------------------
def test_bad_node_parameters():
    mbs = new_system()
    with pytest.raises(ValueError, match="'numberOfAECoordinates' must be >= 1, got 0"):
        mbs.AddNode(cd.NodeGenericAE(numberOfAECoordinates=0))
    with pytest.raises(ValueError, match="'initialCoordinates' must have length 2 "
                                         r"\(numberOfAECoordinates\), got length 1"):
        mbs.AddNode(cd.NodeGenericAE(numberOfAECoordinates=2, referenceCoordinates=[0, 0],
                                     initialCoordinates=[0]))


def test_bad_equation_parameters():
    mbs = new_system()
    n = ae_node(mbs, 2)
    ground = mbs.AddNode(cd.NodePointGround())
    cases = [
        (dict(nodeNumbers=[], systemMatrix=[[1, 0]]), "'nodeNumbers' is empty"),
        (dict(nodeNumbers=[ground], systemMatrix=[[1]]),
         "entry 0 is node 1 of type NodePointGround, which has no algebraic, ODE2 or ODE1"),
        (dict(nodeNumbers=[n], systemMatrix=[[1, 0, 0]]),
         r"'systemMatrix' must be 1 x 2 .* got 1 x 3"),
        (dict(nodeNumbers=[n], numberOfEquations=2, systemMatrix=[[1, 0]]),
         r"'systemMatrix' must be 2 x 2 .* got 1 x 2"),
        (dict(nodeNumbers=[n], systemMatrix=[[1, 0]], offset=[1, 2]),
         r"'offset' must have length 1 \(numberOfEquations\) or be empty, got length 2"),
        (dict(nodeNumbers=[n]), "no equations: set 'numberOfEquations'"),
        (dict(nodeNumbers=[n], offset=[1]), "the equations depend on no coordinate"),
        (dict(nodeNumbers=[n], systemMatrix=[[1, 0]],
              jacobianUserFunction=lambda *a: [[1, 0]]),
         "'jacobianUserFunction' without 'constraintUserFunction'"),
        (dict(nodeNumbers=[7], systemMatrix=[[1, 0]]), "nodeNumbers"),
    ]
    for kw, msg in cases:
        with pytest.raises((ValueError, IndexError), match=msg):
            mbs.AddObject(cd.ObjectGenericAE(**kw))


@pytest.mark.parametrize("neq, msg", [(1, "1 equation\\(s\\) from 1 object\\(s\\) .* for 2 "
                                              "algebraic variable"),
                                      (3, "3 equation\\(s\\) .* for 2 algebraic variable")])
def test_equations_must_match_variables(neq, msg):
    mbs = new_system()
    n = ae_node(mbs, 2)
    mbs.AddObject(cd.ObjectGenericAE(nodeNumbers=[n], systemMatrix=np.ones((neq, 2)).tolist()))
    with pytest.raises(ValueError, match="the algebraic equations do not match the algebraic "
                                         "variables: " + msg):
        mbs.Assemble()
    # a variable without any equation
    mbs = new_system()
    ae_node(mbs, 1)
    with pytest.raises(ValueError, match="0 equation\\(s\\) from 0 object\\(s\\)"):
        mbs.Assemble()


@pytest.mark.parametrize("bad, msg", [
    (lambda q: [q[0], q[1]], "constraintUserFunction.* must return 1 value"),
    (lambda q: [float("nan")], "constraintUserFunction of ObjectGenericAE 0 returned nan"),
])
@pytest.mark.parametrize("static", [True, False], ids=["static", "dynamic"])
def test_bad_user_function_results(bad, msg, static):
    mbs = new_system()
    n = ae_node(mbs, 1)
    mbs.AddObject(cd.ObjectGenericAE(nodeNumbers=[n], numberOfEquations=1,
                                     constraintUserFunction=lambda mbs, t, i, q, qt, vl: bad(
                                         [q[0] - 1.0, 0.0])))
    mbs.Assemble()
    with pytest.raises((ValueError, cd.SolverError), match=msg):
        solved(mbs, static)


def test_bad_jacobian_user_function_shape():
    mbs = new_system()
    n = ae_node(mbs, 2)
    mbs.AddObject(cd.ObjectGenericAE(nodeNumbers=[n], numberOfEquations=2,
                                     constraintUserFunction=lambda mbs, t, i, q, qt, vl: q - 1,
                                     jacobianUserFunction=lambda mbs, t, i, q, qt, vl: np.eye(3)))
    mbs.Assemble()
    with pytest.raises(ValueError, match="jacobianUserFunction.* must return 4 value"):
        solved(mbs)


def test_bad_coupling_parameters():
    mbs = new_system()
    a = ae_node(mbs, 1)
    q = mbs.AddNode(cd.Node1D(referenceCoordinates=[0]))
    y = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0], initialCoordinates=[0],
                                       numberOfODE1Coordinates=1))
    ground = mbs.AddNode(cd.NodePointGround())
    cases = [
        (dict(nodeNumbers=[q, q]), "must name two different nodes, got node 1 twice"),
        (dict(nodeNumbers=[q, a]), "entry 1 is node 0 of type NodeGenericAE, which has no ODE2 "
                                   "or ODE1 coordinates"),
        (dict(nodeNumbers=[ground, q]), "entry 0 is node 3 of type NodePointGround"),
        (dict(nodeNumbers=[a, q], inputCoordinate=1),
         r"'inputCoordinate' must be in \[0, 1\) \(the algebraic coordinates of node 0\), got 1"),
        (dict(nodeNumbers=[a, y], outputCoordinate=2),
         r"'outputCoordinate' must be in \[0, 1\) \(the ODE1 coordinates of node 2\), got 2"),
        (dict(nodeNumbers=[y, q], useVelocity=True),
         "'useVelocity' needs an input node with ODE2 coordinates, node 2 has ODE1"),
        (dict(nodeNumbers=[a]), "nodeNumbers"),
    ]
    for kw, msg in cases:
        with pytest.raises(ValueError, match=msg):
            mbs.AddObject(cd.ObjectCoordinateCoupling(**kw))


def test_user_functions_reading_system_data_agree_but_iterate_more():
    """Exudyn's way: the back-EMF in the ODE1 right-hand side and the torque as a load, each a
    user function reading mbs.systemData. The same motion (to Newton's tolerance), but the
    coupling is not in the Newton matrix: more iterations than with ObjectCoordinateCoupling
    (the model is linear: one iteration per step there)."""
    p = MOTOR

    def model(user_functions):
        mbs = new_system()
        nm = mbs.AddNode(cd.Node1D(referenceCoordinates=[0.0]))
        mbs.AddObject(cd.ObjectMass1D(physicsMass=p["Jm"], nodeNumber=nm))
        ni = mbs.AddNode(cd.NodeGenericODE1(referenceCoordinates=[0.0], initialCoordinates=[0.0],
                                            numberOfODE1Coordinates=1))
        if user_functions:
            mbs.AddObject(cd.ObjectGenericODE1(
                nodeNumbers=[ni], rhsUserFunction=lambda mbs, t, i, y: [
                    (p["U"] - p["R"] * y[0] - p["k"] * mbs.systemData.GetODE2Coordinates_t()[0])
                    / p["L"]]))
            mm = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nm, coordinate=0))
            mbs.AddLoad(cd.LoadCoordinate(markerNumber=mm, loadUserFunction=lambda mbs, t, l:
                                          p["k"] * mbs.systemData.GetODE1Coordinates()[0]))
        else:
            mbs.AddObject(cd.ObjectGenericODE1(nodeNumbers=[ni], systemMatrix=[[-p["R"] / p["L"]]],
                                               rhsVector=[p["U"] / p["L"]]))
            mbs.AddObject(cd.ObjectCoordinateCoupling(nodeNumbers=[ni, nm], factor=p["k"]))
            mbs.AddObject(cd.ObjectCoordinateCoupling(nodeNumbers=[nm, ni],
                                                      factor=-p["k"] / p["L"], useVelocity=True))
        mbs.Assemble()
        solved(mbs, False, 1000, 0.1)
        return (mbs.systemData.GetODE1Coordinates()[0], mbs.systemData.GetODE2Coordinates_t()[0],
                mbs.GetSolverStatistics()["newtonIterations"])

    i_u, w_u, it_u = model(True)
    i_c, w_c, it_c = model(False)
    assert i_u == pytest.approx(i_c, rel=1e-6) and w_u == pytest.approx(w_c, rel=1e-6)
    assert it_c == 1000 and it_u > 1.5 * it_c


def test_analyses_on_the_ode2_system_refuse_algebraic_variables():
    mbs, *_ = oscillator()
    msg = "the system has 1 algebraic variable\\(s\\) \\(NodeGenericAE\\); this analysis"
    for f in (mbs.ComputeODE2Eigenvalues, mbs.ComputeLinearizedSystem,
              mbs.ComputeConsistentInitialConditions):
        with pytest.raises(ValueError, match=f"{f.__name__}: {msg}"):
            f()
    # the DOF report says what the pure algebraic equations are
    rep = mbs.ComputeDegreeOfFreedomReport()
    assert rep.degreeOfFreedom == 1 and rep.nAlgebraicVariables == 1
    assert "1 (0 trivial lambda = 0, 1 of algebraic variables)" in str(rep)


def test_variable_without_equation_is_structurally_singular():
    """two variables, two equations, but neither depends on x1: the structural analysis names
    x1 as under-determined, the solver's singular column names it"""
    mbs = new_system()
    n = ae_node(mbs, 2, name="x")
    mbs.AddObject(cd.ObjectGenericAE(nodeNumbers=[n], systemMatrix=[[1, 0], [2, 0]],
                                     offset=[1, 2], name="both on x0"))
    mbs.Assemble()
    rep = mbs.ComputeStructuralAnalysis()
    assert not rep.isRegular and rep.structuralRank == 1
    assert [rep.UnknownLabel(i) for i in rep.underDetermined["unknowns"]] == [
        "algebraic variable (variable 1) of node 0 NodeGenericAE 'x'"]
    assert "'both on x0'" in rep.EquationLabel(rep.overDetermined["equations"][0])
    with pytest.raises(cd.SolverError, match="algebraic variable 1 of NodeGenericAE 0 \\('x'\\) "
                                             "\\(an algebraic loop without a solution, or no "
                                             "equation depends on it\\?\\)"):
        solved(mbs)
