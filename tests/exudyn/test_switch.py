"""The switch: `python -m coordyn.exudyn script.py` and coordyn.use_as_exudyn() make unmodified
Exudyn scripts run on coordyn; the scripts in scripts/ give Exudyn 1.13.6's numbers.
"""
import os
import subprocess
import sys

import pytest

import coordyn

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "scripts")
PYTHON_DIR = os.path.dirname(os.path.dirname(coordyn.__file__))


def run(args, cwd):
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR, PYTHONWARNINGS="ignore")
    out = subprocess.run([sys.executable] + args, capture_output=True, text=True, cwd=cwd,
                         env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def result(stdout):
    line = [ln for ln in stdout.splitlines() if ln.startswith("result")][-1]
    return [float(x) for x in line.split()[1:]]


# the tolerances are those of Newton's convergence test, which differs between the engines
# (docs/differences_from_exudyn: "Newton's predictor and convergence test")
@pytest.mark.parametrize("script, rtol", [("mass_spring.py", 1e-11), ("pendulum.py", 1e-8),
                                          ("rigid_pendulum.py", 1e-6)])
def test_script_gives_exudyns_result(script, rtol, tmp_path):
    pytest.importorskip("exudyn")
    path = os.path.join(SCRIPTS, script)
    on_coordyn = run(["-m", "coordyn.exudyn", path, "a", "b"], tmp_path)
    on_exudyn = run([path, "a", "b"], tmp_path)
    assert result(on_coordyn) == pytest.approx(result(on_exudyn), rel=rtol, abs=1e-12)


def test_script_gets_argv_and_is_main(tmp_path):
    out = run(["-m", "coordyn.exudyn", os.path.join(SCRIPTS, "mass_spring.py"), "x", "--y"],
              tmp_path)
    assert "argv ['x', '--y']" in out


def test_mass_spring_against_closed_form(tmp_path):
    """the damped oscillator x(t) = e^{-delta t}(x0 cos wd t + delta x0/wd sin wd t)"""
    import math
    x, v = result(run(["-m", "coordyn.exudyn", os.path.join(SCRIPTS, "mass_spring.py")],
                      tmp_path))
    m, k, d, x0, t = 2.0, 800.0, 4.0, 0.05, 0.5
    delta, w0 = d / (2 * m), math.sqrt(k / m)
    wd = math.sqrt(w0 ** 2 - delta ** 2)
    exact = math.exp(-delta * t) * (x0 * math.cos(wd * t) + delta * x0 / wd * math.sin(wd * t))
    assert x == pytest.approx(exact, abs=2e-4)   # 1000 steps of generalized-alpha


def test_main_usage_and_missing_script(tmp_path):
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    out = subprocess.run([sys.executable, "-m", "coordyn.exudyn"], capture_output=True,
                         text=True, env=env, cwd=tmp_path)
    assert out.returncode == 2 and "usage: python -m coordyn.exudyn script.py" in out.stdout
    out = subprocess.run([sys.executable, "-m", "coordyn.exudyn", "nothere.py"],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert out.returncode == 2 and "no such script: 'nothere.py'" in out.stderr


SWITCH_CODE = r"""
import sys
import exudyn as real                      # the installed Exudyn, imported before the switch
import coordyn
coordyn.use_as_exudyn()
import exudyn as exu
import exudyn.utilities
from exudyn.itemInterface import MassPoint
import exudyn.graphics as graphics
from exudyn.utilities import *
assert exu is coordyn, exu
assert exudyn.utilities is coordyn.utilities
assert MassPoint is coordyn.ObjectMassPoint and RotationMatrixZ is coordyn.RotationMatrixZ
assert graphics is coordyn.graphics
import exudyn.robotics.motion               # coordyn's robotics package and its submodules
assert exudyn.robotics.motion is sys.modules["coordyn.robotics.motion"]
from exudyn.robotics import *
assert Robot is coordyn.robotics.Robot
import exudyn.artificialIntelligence       # a stand-in: importable, unusable
try:
    exudyn.artificialIntelligence.OpenAIGymInterfaceEnv
except exu.NotImplementedFeatureError as e:
    assert "not in coordyn" in str(e), e
else:
    raise AssertionError("no error")
try:
    from exudyn.artificialIntelligence import *
except exu.NotImplementedFeatureError:
    pass
else:
    raise AssertionError("no error for import *")
coordyn.use_as_exudyn(False)               # undo: Exudyn is back
import exudyn
assert exudyn is real and "coordyn" not in exudyn.__file__
with coordyn.use_as_exudyn():
    import exudyn
    assert exudyn is coordyn
import exudyn
assert exudyn is real
print("ok")
"""


def test_use_as_exudyn_with_exudyn_installed(tmp_path):
    pytest.importorskip("exudyn")
    assert run(["-c", SWITCH_CODE], tmp_path).strip().endswith("ok")


def test_use_as_exudyn_in_process():
    """in this process: the switch and its undo leave sys.modules as they were"""
    before = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "exudyn"}
    with coordyn.use_as_exudyn():
        import exudyn
        import exudyn.solver
        assert exudyn is coordyn and exudyn.solver is coordyn.solver
    after = {k: v for k, v in sys.modules.items() if k.split(".")[0] == "exudyn"}
    assert after == before


def test_inconsistent_initial_state_warns_under_the_switch_and_gives_exudyns_result(tmp_path):
    """Exudyn does not check the initial state against the constraints; its first step moves
    the velocities onto them. Under the switch coordyn warns (naming the constraint) and goes
    on; both engines then solve the same discrete equations (tight Newton tolerances)."""
    path = os.path.join(SCRIPTS, "inconsistent_pendulum.py")
    env = dict(os.environ, PYTHONPATH=PYTHON_DIR)
    out = subprocess.run([sys.executable, "-m", "coordyn.exudyn", path], capture_output=True,
                         text=True, cwd=tmp_path, env=env, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "ObjectConnectorDistance 2: velocity residual 0.3" in out.stderr
    x, y = result(out.stdout)
    assert x ** 2 + y ** 2 == pytest.approx(1.0, abs=1e-10)   # on the constraint at the end
    import importlib.util
    if importlib.util.find_spec("exudyn") is not None:   # Exudyn 1.13.6 installed
        ex, ey = result(run([path], tmp_path))
        assert (x, y) == pytest.approx((ex, ey), rel=1e-9, abs=1e-11)


def test_switch_changes_the_initial_check_default_and_undoes_it():
    from coordyn.exudyn import EXUDYN_SETTING_DEFAULTS
    assert EXUDYN_SETTING_DEFAULTS == {
        "timeIntegration.initialConstraintWarning": True,
        "solutionSettings.writeSolutionToFile": True,
        "timeIntegration.generalizedAlpha.projectEulerParameterVelocities": False}
    assert coordyn.SimulationSettings().timeIntegration.initialConstraintWarning is False
    with coordyn.use_as_exudyn():
        import exudyn as exu
        s = exu.SimulationSettings()
        assert s.timeIntegration.initialConstraintWarning is True
        s.timeIntegration.initialConstraintWarning = False   # a script may still ask to stop
        assert s.timeIntegration.initialConstraintWarning is False
    assert coordyn.SimulationSettings().timeIntegration.initialConstraintWarning is False


def test_inconsistent_initial_state_stops_without_the_switch():
    import coordyn as cd
    mbs = cd.SystemContainer().AddSystem()
    ground = mbs.AddObject(cd.ObjectGround())
    node = mbs.AddNode(cd.NodePoint2D(referenceCoordinates=[1, 0], initialVelocities=[0.3, -1]))
    mbs.AddObject(cd.MassPoint2D(physicsMass=0.5, nodeNumber=node))
    m0 = mbs.AddMarker(cd.MarkerBodyPosition(bodyNumber=ground))
    m1 = mbs.AddMarker(cd.MarkerNodePosition(nodeNumber=node))
    mbs.AddObject(cd.DistanceConstraint(markerNumbers=[m0, m1], distance=1.0))
    mbs.Assemble()
    s = cd.SimulationSettings()
    s.timeIntegration.numberOfSteps = 10
    s.timeIntegration.endTime = 0.01
    with pytest.raises(ValueError, match="ObjectConnectorDistance 2: velocity residual 0.3"):
        mbs.SolveDynamic(s)


def test_enums_print_as_exudyns():
    """Exudyn's enums print as 'Type.Member' with str() and in f-strings (scripts put them
    into labels and file names); an IntEnum alone would print the number"""
    assert str(coordyn.ConfigurationType.StartOfStep) == "ConfigurationType.StartOfStep"
    assert f"{coordyn.DynamicSolverType.RK44}" == "DynamicSolverType.RK44"
    assert f"{coordyn.LinearSolverType.Dense:>30}".strip() == "LinearSolverType.Dense"
    assert str(coordyn.OutputVariableType.Position) == "OutputVariableType.Position"
    assert int(coordyn.DynamicSolverType.RK44) == 6    # still an int where one is needed


def test_euler_parameter_projection_off_gives_exudyns_steps():
    """a rigid bar (Euler parameters) swinging on a revolute joint: with the projection off
    (the default under the switch) coordyn takes Exudyn's steps (1e-10 with tight Newton
    tolerances); with coordyn's default projection the result differs measurably"""
    exu = pytest.importorskip("exudyn")
    import importlib

    def swing(mod, project):
        utilities = importlib.import_module(mod.__name__ + ".utilities")
        SC = mod.SystemContainer()
        mbs = SC.AddSystem()
        b = mbs.CreateRigidBody(inertia=utilities.InertiaCuboid(5000, [1, 0.1, 0.1]),
                                referencePosition=[3, 0, 0], gravity=[0, -9.81, 0],
                                initialAngularVelocity=[0, 0.5, 2.0],
                                initialVelocity=[0, 1.0, -0.25])   # omega x (0.5, 0, 0)
        g = mbs.AddObject(utilities.ObjectGround())
        mbs.CreateSphericalJoint(bodyNumbers=[g, b], position=[2.5, 0, 0])
        mbs.Assemble()
        s = mod.SimulationSettings()
        s.timeIntegration.numberOfSteps = 500
        s.timeIntegration.endTime = 1.0
        s.timeIntegration.verboseMode = 0
        s.timeIntegration.newton.relativeTolerance = 1e-13
        s.timeIntegration.newton.absoluteTolerance = 1e-15
        s.solutionSettings.writeSolutionToFile = False
        if project is not None:
            s.timeIntegration.generalizedAlpha.projectEulerParameterVelocities = project
        mbs.SolveDynamic(s)
        return np.array(mbs.systemData.GetODE2Coordinates())

    import numpy as np
    ref = swing(exu, None)
    assert coordyn.SimulationSettings().timeIntegration.generalizedAlpha.\
        projectEulerParameterVelocities is True
    off = swing(coordyn, False)
    on = swing(coordyn, True)
    assert np.abs(off - ref).max() < 1e-10
    assert np.abs(on - ref).max() > 1e-9   # 6.9e-9 measured
    with coordyn.use_as_exudyn():
        assert coordyn.SimulationSettings().timeIntegration.generalizedAlpha.\
            projectEulerParameterVelocities is False
