"""Redundant constraints in the solves (csrc/solvers/cd_redundant.c): equations that depend on
the others are removed from the Newton matrix, the multipliers are the minimum-norm ones, one
RedundantConstraintWarning names the equations, linearSolverSettings.handleRedundantConstraints
= False keeps the strict behaviour.

Physics checks:
- a parallelogram linkage of N = 40 identical cranks on one coupler (38 redundant equations)
  turning through the horizontal singular configurations, against its one-degree-of-freedom
  equation derived by hand (below), with second-order convergence in the step size;
- the sum of the cranks' multipliers is the coupler's total reaction m_p (a + g), shared
  equally (minimum norm) among the identical cranks;
- a door on three hinges spinning about its vertical axis: the hinges together carry m g and
  the centripetal force, each hinge a third of the weight;
- the Bricard linkage (Gruebler count 0, mobility 1) moves along its one-parameter family;
- a static parallelogram with a torsion spring: the equilibrium angle from the scalar moment
  balance, the ground joints together carry the weight.

The parallelogram's equation. Cranks of mass m_c, length L (uniform bars, J = m_c L^2 / 3 about
the pivot) at angle theta from the x axis, all parallel; the coupler (mass m_p) translates on
a circle of radius L: T = 1/2 (N m_c L^2 / 3 + m_p L^2) theta'^2,
V = g (N m_c L / 2 + m_p L) sin(theta), so
    I theta'' = -g S cos(theta),  I = N m_c L^2 / 3 + m_p L^2,  S = N m_c L / 2 + m_p L.
The cranks are horizontal (the four-bar's singular configuration, where a crank's tip can move
only across it) at theta = k pi.
"""
import math
import warnings

import numpy as np
import pytest
from scipy.integrate import solve_ivp
from scipy.optimize import brentq

import coordyn as cd

G = 9.81


def parallelogram(N, L=1.0, d=0.4, mc=1.0, mp=2.0, omega0=2.0, gravity=True, spring=None):
    """N cranks (pivots at (k d, 0), vertical at the start) on one coupler at height L; the
    cranks turn at omega0. spring=(k, theta_s): a torsion spring on crank 0,
    moment -k (theta - theta_s)."""
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    width = d * (N - 1)
    nc = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[width / 2, L, 0],
                                        initialVelocities=[-omega0 * L, 0, 0]))
    coupler = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=nc, mass=mp,
                                                 inertia=mp * width ** 2 / 12, name="coupler"))
    bodies, nodes, ground_joints, crank_joints = [coupler], [], [], []
    for k in range(N):
        n = mbs.AddNode(cd.NodeRigidBody2D(referenceCoordinates=[k * d, L / 2, math.pi / 2],
                                           initialVelocities=[-omega0 * L / 2, 0, omega0]))
        b = mbs.AddObject(cd.ObjectRigidBody2D(nodeNumber=n, mass=mc, inertia=mc * L * L / 12))
        nodes.append(n)
        bodies.append(b)
        mg = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[k * d, 0, 0]))
        m0 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[-L / 2, 0, 0]))
        m1 = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[L / 2, 0, 0]))
        mcp = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=coupler,
                                               localPosition=[k * d - width / 2, 0, 0]))
        ground_joints.append(mbs.AddObject(cd.ObjectJointRevolute2D(markerNumbers=[mg, m0],
                                                                    name=f"ground{k}")))
        crank_joints.append(mbs.AddObject(cd.ObjectJointRevolute2D(markerNumbers=[m1, mcp],
                                                                   name=f"crank{k}")))
    if gravity:
        for b in bodies:
            mbs.AddLoad(cd.LoadMassProportional(
                markerNumber=mbs.AddMarker(cd.MarkerBodyMass(bodyNumber=b)),
                loadVector=[0, -G, 0]))
    if spring is not None:
        k_s, th_s = spring
        mrot = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=2))
        mgr = mbs.AddMarker(cd.MarkerNodeCoordinate(nodeNumber=mbs.AddNode(cd.NodePointGround()),
                                                    coordinate=0))
        mbs.AddObject(cd.ObjectConnectorCoordinateSpringDamper(
            markerNumbers=[mgr, mrot], stiffness=k_s, offset=th_s - math.pi / 2))
    sens = mbs.AddSensor(cd.SensorNode(nodeNumber=nodes[0], storeInternal=True,
                                       outputVariableType=cd.OutputVariableType.Coordinates))
    mbs.Assemble()
    return mbs, dict(sensor=sens, ground=ground_joints, crank=crank_joints, nodes=nodes,
                     I=N * mc * L * L / 3 + mp * L * L, S=N * mc * L / 2 + mp * L, L=L, mp=mp,
                     mc=mc, N=N)


def exact(info, t_eval, theta0=math.pi / 2, omega0=2.0):
    I, S = info["I"], info["S"]
    sol = solve_ivp(lambda t, y: [y[1], -G * S * math.cos(y[0]) / I], (0, t_eval[-1]),
                    [theta0, omega0], t_eval=t_eval, rtol=1e-12, atol=1e-12)
    th, om = sol.y
    return th, om, -G * S * np.cos(th) / I


def solve(mbs, steps, end, **settings):
    sim = cd.SimulationSettings()
    sim.timeIntegration.numberOfSteps = steps
    sim.timeIntegration.endTime = end
    sim.solutionSettings.sensorsWritePeriod = end / 100
    for k, v in settings.items():
        obj = sim
        *path, last = k.split("__")
        for p in path:
            obj = getattr(obj, p)
        setattr(obj, last, v)
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        mbs.SolveDynamic(sim)
    return [x for x in w if issubclass(x.category, cd.RedundantConstraintWarning)]


def test_forty_cranks_through_the_singular_configuration():
    errors = []
    for steps in (1000, 2000):
        mbs, info = parallelogram(40)
        red = solve(mbs, steps, 4.0)
        data = mbs.GetSensorStoredData(info["sensor"])
        th = math.pi / 2 + data[:, 3]
        th_ex, _, _ = exact(info, data[:, 0])
        errors.append(np.abs(th - th_ex).max())
        # it turned through the horizontal configurations theta = pi, 2 pi, ... several times
        assert th[-1] > 6 * math.pi
        assert len(red) == 1
        msg = str(red[0].message)
        assert msg.startswith("38 constraint equation(s) depend on the others")
        assert "ObjectJointRevolute2D" in msg and "(translation y)" in msg and "minimum-norm" in msg
        st = mbs._core.stats()
        assert st["redundantConstraints"] == 38 and st["redundantAtStart"] == 38
        assert st["minimumNormMultipliers"]
    # the hand-derived equation, to second order in the step size (measured 2.06e-3 and 5.1e-4)
    assert errors[0] < 3e-3 and errors[1] < 8e-4
    assert 3.5 < errors[0] / errors[1] < 4.5


def test_redundant_multipliers_sum_to_the_total_reaction():
    """the coupler's reaction from all cranks is m_p (a + g); identical cranks share it equally
    (minimum norm); every ground joint carries the same"""
    end = 1.3  # theta has passed pi (horizontal) by then
    mbs, info = parallelogram(40)
    solve(mbs, 2600, end)
    th, om, al = exact(info, np.array([0.0, end]))
    assert th[-1] > math.pi
    L, mp = info["L"], info["mp"]
    # coupler centre: L (cos th, sin th) + const
    a = L * (al[-1] * np.array([-math.sin(th[-1]), math.cos(th[-1])]) -
             om[-1] ** 2 * np.array([math.cos(th[-1]), math.sin(th[-1])]))
    F = np.array([mbs.GetObjectOutput(j, cd.OutputVariableType.Force)[:2]
                  for j in info["crank"]])
    total = mp * (a + np.array([0.0, G]))
    # the joint force acts on the crank (marker 0) with lambda, on the coupler with -lambda
    assert np.allclose(-F.sum(axis=0), total, rtol=2e-3, atol=1e-3 * np.abs(total).max())
    # equal shares (to the Newton tolerance of the cranks' states; removing the equations
    # without the minimum-norm step would leave the removed ones at 0 and double others)
    assert np.abs(F - F.mean(axis=0)).max() < 1e-4 * np.abs(F).max()
    Fg = np.array([mbs.GetObjectOutput(j, cd.OutputVariableType.Force)[:2]
                   for j in info["ground"]])
    assert np.abs(Fg - Fg.mean(axis=0)).max() < 1e-4 * np.abs(Fg).max()


def test_strict_setting_keeps_the_singular_matrix_an_error():
    """(at rest: the exactly singular matrix of the initial accelerations; in motion the
    factorization may instead give huge multipliers that make Newton diverge)"""
    mbs, _ = parallelogram(3, omega0=0.0, gravity=False)
    sim = cd.SimulationSettings()
    sim.timeIntegration.numberOfSteps = 10
    sim.timeIntegration.endTime = 0.01
    sim.linearSolverSettings.handleRedundantConstraints = False
    with pytest.raises(cd.SolverError, match="singular") as e:
        mbs.SolveDynamic(sim)
    assert "crank2" in str(e.value)


def test_no_warning_without_redundancy():
    mbs, _ = parallelogram(2)  # a four-bar: nothing redundant
    assert solve(mbs, 100, 0.2) == []
    assert mbs._core.stats()["redundantConstraints"] == 0


def test_door_on_three_hinges_spinning():
    """the hinges' z axis is vertical (gravity -z); the door spins at omega about it. Together
    the hinges carry the weight m g and the centripetal force m omega^2 r towards the axis;
    the three weight equations are equal (their columns coincide), so each carries m g / 3"""
    m, r, omega = 500 * 1 * 0.05 * 2, 0.5, 3.0
    SC = cd.SystemContainer()
    mbs = SC.AddSystem()
    g = mbs.AddObject(cd.ObjectGround())
    door = mbs.CreateRigidBody(inertia=cd.InertiaCuboid(density=500, sideLengths=[1, 0.05, 2]),
                               referencePosition=[r, 0, 1], initialVelocity=[0, omega * r, 0],
                               initialAngularVelocity=[0, 0, omega], gravity=[0, 0, -G])
    hinges = [mbs.CreateRevoluteJoint(name=f"hinge{k}", itemNumbers=[g, door],
                                      position=[0, 0, k], axis=[0, 0, 1]) for k in range(3)]
    hinges = [h[0] if isinstance(h, (list, tuple)) else h for h in hinges]
    mbs.Assemble()
    T = 2 * math.pi / omega
    red = solve(mbs, 500, T / 4)  # a quarter turn: the door points along y
    assert len(red) == 1 and str(red[0].message).startswith("10 constraint equation(s)")
    F = np.array([mbs.GetObjectOutput(h, cd.OutputVariableType.Force) for h in hinges])
    # the door's centre is at (0, r, 1) after a quarter turn; centripetal force along -y
    total = -F.sum(axis=0)  # the joint force on the door (marker 1) is -lambda
    assert np.allclose(total, [0, -m * omega ** 2 * r, m * G], rtol=1e-3, atol=1e-3 * m * G)
    assert np.allclose(-F[:, 2], m * G / 3, rtol=1e-6)


def test_bricard_moves_along_its_one_parameter_family():
    import sys
    import os
    sys.path.insert(0, os.path.dirname(__file__))
    from test_dof import _bricard_frames, bricard_links
    F, f = _bricard_frames(0.5)
    mbs, bodies = bricard_links(F, gravity=[0, -G, -0.5 * G])
    nodes = [mbs.GetObject(b)["nodeNumber"] for b in bodies[1:3]]
    mbs.Assemble()
    red = solve(mbs, 400, 0.8)
    assert len(red) == 1 and str(red[0].message).startswith("1 constraint equation(s)")
    assert mbs.ComputeSystemDegreeOfFreedom()["degreeOfFreedom"] == 1
    R1, R2 = (np.asarray(mbs.GetNodeOutput(n, cd.OutputVariableType.RotationMatrix))
              .reshape(3, 3) for n in nodes)
    th1 = math.atan2(R1[1, 0], R1[0, 0])
    M = R1.T @ R2
    th2 = math.atan2(M[1, 0], M[0, 0])
    assert abs(th1 - 0.5) > 0.05  # it moved
    _, f1 = _bricard_frames(th1)
    assert abs(math.remainder(th2 - f1, 2 * math.pi)) < 1e-6


def test_static_parallelogram_with_a_torsion_spring():
    """crank 0 carries a torsion spring -k (theta - theta_s); static equilibrium of the moment
    about the pivots: k (theta - theta_s) = -g S cos(theta); the ground joints carry the weight
    (N m_c + m_p) g together, in equal shares"""
    k_s, th_s = 400.0, math.pi / 4
    mbs, info = parallelogram(5, omega0=0.0, spring=(k_s, th_s))
    S = info["S"]
    theta = brentq(lambda t: k_s * (t - th_s) + G * S * math.cos(t), 0.0, math.pi / 2)
    sim = cd.SimulationSettings()
    sim.staticSolver.numberOfLoadSteps = 10
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        mbs.SolveStatic(sim)
    assert sum(issubclass(x.category, cd.RedundantConstraintWarning) for x in w) == 1
    th = math.pi / 2 + mbs.GetNodeOutput(info["nodes"][0], cd.OutputVariableType.Coordinates)[2]
    assert abs(th - theta) < 1e-9
    Fg = np.array([mbs.GetObjectOutput(j, cd.OutputVariableType.Force)[:2]
                   for j in info["ground"]])
    weight = (info["N"] * info["mc"] + info["mp"]) * G
    assert abs(abs(Fg[:, 1].sum()) - weight) < 1e-8 * weight


def _chain(N, double_at=None):
    """bench_rigid's chain of N rigid bodies on revolute joints; double_at: that joint twice"""
    mbs = cd.SystemContainer().AddSystem()
    L, m = 0.5, 1.0
    ground = mbs.AddObject(cd.ObjectGround())
    prev = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=ground, localPosition=[0, 0, 0]))
    inertia = [m * L * L / 1200, m * L * L / 12, m * L * L / 12, 0, 0, 0]
    joints = []
    for i in range(N):
        n = mbs.AddNode(cd.NodeRigidBodyEP(referenceCoordinates=[L / 2 + i * L, 0, 0, 1, 0, 0, 0]))
        b = mbs.AddObject(cd.ObjectRigidBody(mass=m, inertia=inertia, nodeNumber=n))
        left = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[-L / 2, 0, 0]))
        joints.append([mbs.AddObject(cd.ObjectJointRevoluteZ(markerNumbers=[prev, left]))])
        if i == double_at:
            joints[-1].append(mbs.AddObject(cd.ObjectJointRevoluteZ(markerNumbers=[prev, left],
                                                                    name="copy")))
        prev = mbs.AddMarker(cd.MarkerBodyRigid(bodyNumber=b, localPosition=[L / 2, 0, 0]))
        com = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=b, localPosition=[0, 0, 0]))
        mbs.AddLoad(cd.LoadForceVector(markerNumber=com, loadVector=[0, -G * m, 0]))
    mbs.Assemble()
    return mbs, joints


def test_large_chain_with_a_doubled_joint_sparse_selection():
    """60 bodies: above the dense selection's size, the sparse greedy QR finds the copy's five
    equations at the start (the later of equivalent ones); the motion is the single joint's and
    the two copies share its force equally"""
    single, js = _chain(60)
    double, jd = _chain(60, double_at=30)
    assert solve(single, 200, 0.2) == []
    red = solve(double, 200, 0.2)
    assert len(red) == 1 and str(red[0].message).startswith("5 constraint equation(s)")
    assert "'copy'" in str(red[0].message)
    st = double._core.stats()
    assert st["redundantConstraints"] == 5 and st["redundantAtStart"] == 5
    q1 = single.systemData.GetODE2Coordinates()
    q2 = double.systemData.GetODE2Coordinates()
    assert np.abs(q1 - q2).max() < 1e-10
    f = single.GetObjectOutput(js[30][0], cd.OutputVariableType.Force)
    fa, fb = (double.GetObjectOutput(j, cd.OutputVariableType.Force) for j in jd[30])
    # the sum: to the multipliers' Newton accuracy (a tolerance of 1e-12 instead of the default
    # moves the single joint's force by 7e-8 relative; measured difference 4e-7)
    assert np.allclose(fa + fb, f, rtol=2e-6, atol=2e-6 * np.abs(f).max())
    assert np.abs(fa - fb).max() < 1e-12 * np.abs(f).max()  # equal shares (minimum norm)
