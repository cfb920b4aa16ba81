"""Small reference models from docs/references.rst ("Small models with the values Exudyn's own runs
produce"), written against the Exudyn-compatible Python API so that the same code runs on
Exudyn and on coordyn.

Every model function takes a module-like namespace ``lib`` that provides

    SystemContainer, SimulationSettings, LinearSolverType, OutputVariableType
    and the item classes (ObjectGround, NodePoint, MassPoint, ...),

builds the model, solves it and returns one float (the value listed in docs/references.rst).

Settings: the Exudyn defaults of docs/references.rst are set *explicitly* (endTime 1, 100 steps,
generalized-alpha rho_inf 0.9, index 3, FULL Newton, rtol 1e-8, atol 1e-10, initial
accelerations computed).  Note: Exudyn 1.13.6 changed the default of
timeIntegration.newton.useModifiedNewton to True; the reference values were produced with full
Newton (the 1.11 default).  With modified Newton the DistanceConstraint value changes to
-0.9861806727696236 (the others are unchanged).

Run ``python tests/exudyn_models.py`` to evaluate all models with Exudyn and compare with the
reference values (prints with 16 significant digits).
"""

import warnings

# values from docs/references.rst (Exudyn's own mini-example test values)
REFERENCE = {
    'mass_point': 2.0,
    'mass_1d': 2.0,
    'spring_damper': 0.9733828995763039,
    'cartesian_spring_damper': -0.0009999999999750209,
    'distance_constraint': -0.9861806726069355,
    'load_mass_proportional': -4.904999999999998,
    'generic_ode2': 1.0039999999354785,
    'static_ancf_cable2d': -0.5013058140308901,
}


def _set(obj, path, value):
    """set a dotted attribute path, e.g. _set(s, 'timeIntegration.endTime', 1.)"""
    parts = path.split('.')
    for p in parts[:-1]:
        obj = getattr(obj, p)
    setattr(obj, parts[-1], value)


def _try_set(obj, paths, value):
    """set the first path of `paths` that exists (Exudyn >= 1.13 renamed some settings;
    the old names still work there but emit DeprecationWarning)"""
    for path in paths:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter('ignore')
                _set(obj, path, value)
            return True
        except AttributeError:
            continue
    return False


def default_settings(lib, modified_newton=False):
    """SimulationSettings with the docs/references.rst defaults set explicitly and all output off."""
    s = lib.SimulationSettings()
    ti = s.timeIntegration
    ti.startTime = 0.
    ti.endTime = 1.
    ti.numberOfSteps = 100
    ti.generalizedAlpha.spectralRadius = 0.9
    ti.generalizedAlpha.useNewmark = False
    ti.generalizedAlpha.useIndex2Constraints = False
    ti.generalizedAlpha.computeInitialAccelerations = True
    ti.newton.useModifiedNewton = modified_newton   # Exudyn 1.13.6 default: True (!)
    ti.newton.relativeTolerance = 1e-8
    ti.newton.absoluteTolerance = 1e-10
    ti.verboseMode = 0
    quiet(s)
    return s


def quiet(s):
    """switch off all console and file output (works with old and new Exudyn setting names)"""
    _try_set(s, ['solution.file.write', 'solutionSettings.writeSolutionToFile'], False)
    _try_set(s, ['solution.sensors.active', 'solutionSettings.sensorsStoreAndWriteFiles'], False)
    _try_set(s, ['show.statistics', 'displayStatistics'], False)
    _try_set(s, ['show.computationTime', 'displayComputationTime'], False)
    _try_set(s, ['show.globalTimers', 'displayGlobalTimers'], False)
    _try_set(s, ['timeIntegration.verboseMode'], 0)
    _try_set(s, ['staticSolver.verboseMode'], 0)


# Exudyn 1.12.258 renamed some keywords (old names still accepted but deprecated):
_OLD_KEYWORD = {'mass': 'physicsMass', 'length': 'physicsLength',
                'massPerLength': 'physicsMassPerLength',
                'bendingStiffness': 'physicsBendingStiffness',
                'axialStiffness': 'physicsAxialStiffness'}


def make(cls, **kw):
    """create an item with the current (Exudyn 1.13) keyword names; if the class rejects them
    (an implementation that only knows the pre-1.12 names), retry with the old names"""
    try:
        return cls(**kw)
    except TypeError:
        return cls(**{_OLD_KEYWORD.get(k, k): v for k, v in kw.items()})


def _new_system(lib):
    SC = lib.SystemContainer()
    mbs = SC.AddSystem()
    oGround = mbs.AddObject(lib.ObjectGround(referencePosition=[0, 0, 0]))
    nGround = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    return SC, mbs, oGround, nGround


def _solve(mbs, s):
    if hasattr(mbs, 'Assemble'):
        mbs.Assemble()
    mbs.SolveDynamic(s)


# ---------------------------------------------------------------------------------------------
def mass_point(lib, modified_newton=False):
    """NodePoint ref [1,1,0], q0=[0.5,0,0], v0=[0.5,0,0], m=1, no forces -> x(1) = 2.0"""
    SC, mbs, oGround, nGround = _new_system(lib)
    node = mbs.AddNode(lib.NodePoint(referenceCoordinates=[1, 1, 0],
                                     initialCoordinates=[0.5, 0, 0],
                                     initialVelocities=[0.5, 0, 0]))
    mbs.AddObject(make(lib.MassPoint, nodeNumber=node, mass=1))
    _solve(mbs, default_settings(lib, modified_newton))
    return float(mbs.GetNodeOutput(node, lib.OutputVariableType.Position)[0])


def mass_1d(lib, modified_newton=False):
    """Node1D ref 1, q0=0.5, v0=0.5, Mass1D m=1 -> position(1) = 2.0
    (Exudyn reads it with GetObjectOutputBody(mass, Position, [0,0,0])[0])"""
    SC, mbs, oGround, nGround = _new_system(lib)
    node = mbs.AddNode(lib.Node1D(referenceCoordinates=[1],
                                  initialCoordinates=[0.5],
                                  initialVelocities=[0.5]))
    mass = mbs.AddObject(make(lib.Mass1D, nodeNumber=node, mass=1))
    _solve(mbs, default_settings(lib, modified_newton))
    return float(mbs.GetObjectOutputBody(mass, lib.OutputVariableType.Position, [0, 0, 0])[0])


def spring_damper(lib, modified_newton=False):
    """mass 1 at [1.05,0,0], ObjectConnectorSpringDamper to ground origin, k=100, d=1, L0=1"""
    SC, mbs, oGround, nGround = _new_system(lib)
    node = mbs.AddNode(lib.NodePoint(referenceCoordinates=[1.05, 0, 0]))
    oMass = mbs.AddObject(make(lib.MassPoint, nodeNumber=node, mass=1))
    m0 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0, 0, 0]))
    m1 = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=oMass, localPosition=[0, 0, 0]))
    mbs.AddObject(lib.ObjectConnectorSpringDamper(markerNumbers=[m0, m1], referenceLength=1,
                                                  stiffness=100, damping=1))
    _solve(mbs, default_settings(lib, modified_newton))
    return float(mbs.GetNodeOutput(node, lib.OutputVariableType.Position)[0])


def cartesian_spring_damper(lib, modified_newton=False):
    """m=5 at [1,1,0], CartesianSpringDamper to ground marker [1,1,0], k=5000*[1,1,1],
    d=[0,250,0], force [0,-5,0] -> y displacement(1)"""
    SC, mbs, oGround, nGround = _new_system(lib)
    k = 5000
    nMass = mbs.AddNode(lib.NodePoint(referenceCoordinates=[1, 1, 0]))
    mbs.AddObject(make(lib.MassPoint, mass=5, nodeNumber=nMass))
    mMass = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nMass))
    mGround = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=oGround, localPosition=[1, 1, 0]))
    mbs.AddObject(lib.ObjectConnectorCartesianSpringDamper(markerNumbers=[mGround, mMass],
                                                           stiffness=[k, k, k],
                                                           damping=[0, k * 0.05, 0],
                                                           offset=[0, 0, 0]))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mMass, loadVector=[0, -5, 0]))
    _solve(mbs, default_settings(lib, modified_newton))
    return float(mbs.GetNodeOutput(nMass, lib.OutputVariableType.Displacement)[1])


def distance_constraint(lib, modified_newton=False):
    """NodePoint2D [1,0], MassPoint2D m=50, distance 1 to ground origin, force [0,-50g,0],
    rho_inf = 0.7 -> x(1)"""
    SC, mbs, oGround, nGround = _new_system(lib)
    nMass = mbs.AddNode(lib.NodePoint2D(referenceCoordinates=[1, 0]))
    mbs.AddObject(make(lib.MassPoint2D, mass=50, nodeNumber=nMass))
    mMass = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nMass))
    mGround = mbs.AddMarker(lib.MarkerBodyPosition(bodyNumber=oGround, localPosition=[0, 0, 0]))
    mbs.AddObject(lib.ObjectConnectorDistance(markerNumbers=[mGround, mMass], distance=1))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mMass, loadVector=[0, -50 * 9.81, 0]))
    s = default_settings(lib, modified_newton)
    s.timeIntegration.generalizedAlpha.spectralRadius = 0.7
    _solve(mbs, s)
    return float(mbs.GetNodeOutput(nMass, lib.OutputVariableType.Position)[0])


def load_mass_proportional(lib, modified_newton=False):
    """NodePoint [1,0,0], m=2, LoadMassProportional [0,0,-9.81] on MarkerBodyMass -> z(1)"""
    SC, mbs, oGround, nGround = _new_system(lib)
    node = mbs.AddNode(lib.NodePoint(referenceCoordinates=[1, 0, 0]))
    body = mbs.AddObject(make(lib.MassPoint, nodeNumber=node, mass=2))
    mMass = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=body))
    mbs.AddLoad(lib.LoadMassProportional(markerNumber=mMass, loadVector=[0, 0, -9.81]))
    _solve(mbs, default_settings(lib, modified_newton))
    return float(mbs.GetNodeOutput(node, lib.OutputVariableType.Position)[2])


def generic_ode2(lib, modified_newton=False):
    """two NodePoints, ObjectGenericODE2 with M=0.5 I6, K=[[2k,-k],[-k,k]] (x) I3, k=5000,
    D same with 50, force [10,0,0] on node 1; trapezoidal rule / Newmark (beta=1/4, gamma=1/2)
    with index-2 constraints (Exudyn: solverType=TrapezoidalIndex2, which just sets
    generalizedAlpha.useNewmark=True and useIndex2Constraints=True) -> x of node 1 at t=1"""
    import numpy as np
    SC, mbs, oGround, nGround = _new_system(lib)
    nMass0 = mbs.AddNode(lib.NodePoint(referenceCoordinates=[0, 0, 0]))
    nMass1 = mbs.AddNode(lib.NodePoint(referenceCoordinates=[1, 0, 0]))
    I3 = np.eye(3)
    mass, stif, damp = 0.5 * I3, 5000 * I3, 50 * I3
    M = np.block([[mass, 0. * I3], [0. * I3, mass]])
    K = np.block([[2 * stif, -stif], [-stif, stif]])
    D = np.block([[2 * damp, -damp], [-damp, damp]])
    mbs.AddObject(lib.ObjectGenericODE2(nodeNumbers=[nMass0, nMass1], massMatrix=M,
                                        stiffnessMatrix=K, dampingMatrix=D))
    mNode1 = mbs.AddMarker(lib.MarkerNodePosition(nodeNumber=nMass1))
    mbs.AddLoad(lib.LoadForceVector(markerNumber=mNode1, loadVector=[10, 0, 0]))
    s = default_settings(lib, modified_newton)
    s.timeIntegration.generalizedAlpha.useNewmark = True
    s.timeIntegration.generalizedAlpha.useIndex2Constraints = True
    s.timeIntegration.generalizedAlpha.newmarkBeta = 0.25    # defaults, set for clarity
    s.timeIntegration.generalizedAlpha.newmarkGamma = 0.5
    _solve(mbs, s)
    return float(mbs.GetNodeOutput(nMass1, lib.OutputVariableType.Position)[0])


def static_ancf_cable2d(lib, modified_newton=False):
    """Static ANCF cable (later): 32 ANCFCable2D elements from [0,0] to [2,0], rhoA=78,
    EA=1e6, EI=833.333..., gravity [0,-9.81] (LoadMassProportional per element), node 0
    fixed in x, y, slope_y by CoordinateConstraints to a NodePointGround -> tip x displacement.
    Replicates exudyn.beams.GenerateStraightLineANCFCable2D item by item."""
    import numpy as np
    SC, mbs, oGround, nGround = _new_system(lib)
    rhoA, EA, EI = 78., 1e6, 833.3333333333333
    nEl, Ltot = 32, 2.
    h = Ltot / nEl
    nodes = [mbs.AddNode(lib.NodePoint2DSlope1(referenceCoordinates=[0., 0., 1., 0.]))]
    for i in range(nEl):
        nodes.append(mbs.AddNode(lib.NodePoint2DSlope1(
            referenceCoordinates=[h * (i + 1), 0., 1., 0.])))
        oEl = mbs.AddObject(make(lib.ObjectANCFCable2D, nodeNumbers=[nodes[-2], nodes[-1]],
                                   length=h, massPerLength=rhoA,
                                   bendingStiffness=EI, axialStiffness=EA))
        mM = mbs.AddMarker(lib.MarkerBodyMass(bodyNumber=oEl))
        mbs.AddLoad(lib.LoadMassProportional(markerNumber=mM, loadVector=[0, -9.81, 0]))
    nG = mbs.AddNode(lib.NodePointGround(referenceCoordinates=[0, 0, 0]))
    mG = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nG, coordinate=0))
    for j, fix in enumerate([1, 1, 0, 1]):
        if fix:
            mC = mbs.AddMarker(lib.MarkerNodeCoordinate(nodeNumber=nodes[0], coordinate=j))
            mbs.AddObject(lib.ObjectConnectorCoordinate(markerNumbers=[mG, mC]))
    if hasattr(mbs, 'Assemble'):
        mbs.Assemble()
    s = default_settings(lib, modified_newton)
    s.staticSolver.newton.useModifiedNewton = modified_newton
    mbs.SolveStatic(s)
    return float(mbs.GetNodeOutput(nodes[-1], lib.OutputVariableType.Displacement)[0])


MODELS = [mass_point, mass_1d, spring_damper, cartesian_spring_damper, distance_constraint,
          load_mass_proportional, generic_ode2, static_ancf_cable2d]


def exudyn_lib():
    """namespace with the Exudyn classes, as expected by the model functions"""
    import types
    import exudyn as exu
    import exudyn.itemInterface as eii
    lib = types.SimpleNamespace(**{k: getattr(eii, k) for k in dir(eii) if not k.startswith('_')})
    lib.SystemContainer = exu.SystemContainer
    lib.SimulationSettings = exu.SimulationSettings
    lib.LinearSolverType = exu.LinearSolverType
    lib.OutputVariableType = exu.OutputVariableType
    lib.BeamSection = exu.BeamSection
    lib.Dense = exu.LinearSolverType.EXUdense
    lib.Sparse = exu.LinearSolverType.EigenSparse
    return lib


if __name__ == '__main__':
    import exudyn as exu
    lib = exudyn_lib()
    print('Exudyn', exu.config.Version() if hasattr(exu, 'config') else exu.__version__)
    for modified in (False, True):
        print('\nuseModifiedNewton =', modified)
        for f in MODELS:
            v = f(lib, modified_newton=modified)
            ref = REFERENCE[f.__name__]
            rel = abs(v - ref) / max(abs(ref), 1e-300)
            print('%-26s %-24r ref %-24r rel.diff %.2e' % (f.__name__, v, ref, rel))
