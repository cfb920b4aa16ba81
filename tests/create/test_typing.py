"""The Create* helpers are typed MainSystem methods: declared in the class body (so editors and
type checkers see them), with complete annotations and docstrings, Exudyn 1.13.6's parameter
names and defaults, and mypy checks calls to them (and reports a wrong one)."""
import enum
import inspect
import os
import pathlib
import re
import subprocess
import sys
import typing

import numpy as np
import pytest

import coordyn as cd
import coordyn.create as create
from coordyn.create import bodies, connectors, joints, kinematic_tree, loads
from conftest import run_mypy

NAMES = list(create.__all__)


def _create_functions_of_the_modules():
    return sorted(name for mod in (bodies, connectors, joints, kinematic_tree, loads)
                  for name, fn in vars(mod).items()
                  if name.startswith("Create") and inspect.isfunction(fn)
                  and fn.__module__ == mod.__name__)


def test_every_create_function_is_a_method_declared_in_the_class_body():
    """one definition: each Create* function of coordyn.create is in __all__ and is the very
    function MainSystem's class body holds (no copy of its signature)"""
    assert sorted(NAMES) == _create_functions_of_the_modules()
    for name in NAMES:
        assert cd.MainSystem.__dict__[name] is getattr(create, name), name
    # system.py's own Create* methods are the stand-ins of later items (contact, distance
    # sensor, FFRF), which raise NotImplementedError (tests/system/test_system_api.py)
    declared = sorted(n for n, f in cd.MainSystem.__dict__.items() if n.startswith("Create")
                      and f.__module__ != "coordyn.system")
    assert declared == sorted(NAMES)
    assert not hasattr(create, "install")   # nothing is attached at run time any more
    mbs = cd.SystemContainer().AddSystem()
    assert mbs.CreateGround.__self__ is mbs


@pytest.mark.parametrize("name", NAMES)
def test_annotations_are_complete_and_resolve(name):
    """every parameter and the return value are annotated, and the annotations name real
    types (typing.get_type_hints evaluates them; MainSystem is imported for checkers only)"""
    fn = getattr(cd.MainSystem, name)
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())
    assert params[0].name == "mbs"
    missing = [p.name for p in params if p.annotation is inspect.Parameter.empty]
    assert not missing, f"{name}: parameters without annotation: {missing}"
    assert sig.return_annotation is not inspect.Signature.empty, name
    hints = typing.get_type_hints(fn, globalns={**fn.__globals__, "MainSystem": cd.MainSystem})
    assert hints["mbs"] is cd.MainSystem
    assert set(hints) == {p.name for p in params} | {"return"}
    returns = {"CreateForce": cd.LoadIndex, "CreateTorque": cd.LoadIndex}
    expected = returns.get(name, cd.ObjectIndex)
    if "returnDict" in sig.parameters:
        assert hints["return"] == typing.Union[expected, typing.Dict[str, int]]
    else:
        assert hints["return"] is expected


@pytest.mark.parametrize("name", NAMES)
def test_docstring_describes_every_parameter(name):
    """the docstring (Google style, rendered by napoleon) has an entry for every parameter"""
    doc = inspect.getdoc(getattr(cd.MainSystem, name))
    assert doc and "Args:" in doc and "Returns:" in doc, name
    args = doc.split("Args:", 1)[1].split("Returns:", 1)[0]
    documented = re.findall(r"^    (\w+): ", args, flags=re.M)
    params = list(inspect.signature(getattr(cd.MainSystem, name)).parameters)[1:]
    assert documented == params, name


@pytest.mark.skipif(not hasattr(typing, "get_overloads"), reason="typing.get_overloads: 3.11+")
@pytest.mark.parametrize("name", ["CreateMassPoint", "CreateRigidBody"])
def test_overloads_agree_with_the_function(name):
    """the @overload variants (ObjectIndex by default, a dict with returnDict=True) have the
    function's parameter names, order and defaults; only returnDict differs"""
    fn = getattr(create, name)
    overloads = typing.get_overloads(fn)
    assert len(overloads) == 3
    impl = inspect.signature(fn).parameters
    for ov in overloads:
        params = inspect.signature(ov).parameters
        assert list(params) == list(impl), name
        for p in params.values():
            if p.name == "returnDict":
                continue
            assert p.default == impl[p.name].default or (
                p.default is impl[p.name].default), (name, p.name)
            assert p.annotation == impl[p.name].annotation, (name, p.name)


# -- Exudyn's names and defaults ---------------------------------------------------------------
def _normalized(value):
    """a default in a comparable form: sequences and arrays as lists, numbers as floats, enum
    members (Python's or pybind11's, exu.NodeType) by name"""
    if isinstance(value, (bool, type(None), str)):
        return value
    if isinstance(value, enum.Enum) or type(value).__name__ == "NodeType":
        return ("enum", value.name)
    if isinstance(value, (list, tuple, np.ndarray)):
        return [_normalized(v) for v in value]
    if isinstance(value, (int, float, np.number)):
        return float(value)
    return value


@pytest.mark.parametrize("name", NAMES)
def test_names_and_defaults_are_exudyns(name):
    """inspect.signature of MainSystem.Create* has Exudyn 1.13.6's parameter names, in its
    order, with its defaults (a tuple for Exudyn's list, coordyn.rigid.NodeType for
    exu.NodeType)"""
    exu = pytest.importorskip("exudyn", reason="Exudyn is the reference")
    if not hasattr(exu.MainSystem, name):
        pytest.skip(f"exudyn {exu.__version__} has no MainSystem.{name}")
    ours = list(inspect.signature(getattr(cd.MainSystem, name)).parameters.values())[1:]
    theirs = list(inspect.signature(getattr(exu.MainSystem, name)).parameters.values())[1:]
    assert [p.name for p in ours] == [p.name for p in theirs], name
    for a, b in zip(ours, theirs):
        assert _normalized(a.default) == _normalized(b.default), (name, a.name, a.default,
                                                                  b.default)
        assert a.kind == b.kind, (name, a.name)


# -- mypy ---------------------------------------------------------------------------------------
GOOD = '''\
from typing import TYPE_CHECKING, Dict

import numpy as np

import coordyn as cd
from coordyn.rigid import InertiaCuboid

mbs = cd.SystemContainer().AddSystem()
ground = mbs.CreateGround(referencePosition=[0, 0, 0])
bar = InertiaCuboid(density=7800, sideLengths=[1.0, 0.05, 0.05])
body = mbs.CreateRigidBody(inertia=bar, referencePosition=np.array([0.5, 0.0, 0.0]),
                           referenceRotationMatrix=np.eye(3), gravity=[0, -9.81, 0],
                           nodeType=cd.rigid.NodeType.RotationRxyz)
d: Dict[str, int] = mbs.CreateRigidBody(inertia=bar, referencePosition=(1.5, 0, 0),
                                        returnDict=True)
mass: cd.ObjectIndex = mbs.CreateMassPoint(referencePosition=(2.0, 0.0, 0.0), mass=1.0)
point = mbs.CreateMassPoint(referencePosition=[3.0, 0.0, 0.0], mass=1.0, returnDict=True)
joint: cd.ObjectIndex = mbs.CreateRevoluteJoint(itemNumbers=[ground, body], position=[0, 0, 0],
                                                axis=[0, 0, 1])
mbs.CreateGenericJoint(itemNumbers=[body, d["bodyNumber"]], position=[1.0, 0, 0],
                       rotationMatrixAxes=np.eye(3), constrainedAxes=[1, 1, 1, 1, 1, 0])
mbs.CreateSpringDamper(itemNumbers=[body, mass], stiffness=100.0, damping=1.0)
mbs.CreateDistanceConstraint(bodyNumbers=[ground, point["bodyNumber"]])
slider = mbs.CreateRigidBody(inertia=bar, referencePosition=[0, -1.0, 0], nodeType="RotVecLG")
mbs.CreatePrismaticJoint(itemNumbers=[ground, slider], position=[0, -1.0, 0], axis=[1, 0, 0])
mbs.CreateSphericalJoint(itemNumbers=[mass, point["bodyNumber"]], position=[3.0, 0, 0],
                         constrainedAxes=[0, 1, 1])
force: cd.LoadIndex = mbs.CreateForce(itemNumber=mass, loadVector=[0, 1, 0])
torque = mbs.CreateTorque(itemNumber=body, loadVector=[0, 0, 1], bodyFixed=True)
mbs.CreateCartesianSpringDamper(itemNumbers=[ground, mass], stiffness=[1.0, 2.0, 3.0])
mbs.CreateCoordinateConstraint(itemNumbers=[None, mass], coordinates=[None, 2])
mbs.CreateTorsionalSpringDamper(itemNumbers=[ground, body], position=[0, 0, 0],
                                axis=np.array([0, 0, 1.0]), stiffness=10.0)
mbs.CreateLinearSpringDamper(itemNumbers=[ground, slider], position=[0, -1.0, 0],
                             axis=[1, 0, 0], stiffness=5.0)
mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, d["bodyNumber"]], stiffness=np.eye(6),
                                localPosition0=(1.5, 0, 0))
if TYPE_CHECKING:
    reveal_type(body)
    reveal_type(torque)
mbs.Assemble()
'''

# every line marked '# error' is an error mypy must report, and no other line
BAD = '''\
import coordyn as cd
from coordyn.rigid import InertiaCuboid

mbs = cd.SystemContainer().AddSystem()
ground = mbs.CreateGround(referencePosition="origin")  # error
body = mbs.CreateMassPoint(referencePosition=[0, 0, 0], mass="heavy")  # error
mbs.CreateForce(itemNumbr=body, loadVector=[0, 1, 0])  # error
load: cd.ObjectIndex = mbs.CreateTorque(itemNumber=body)  # error
d = mbs.CreateRigidBody(inertia=InertiaCuboid(1000.0, [1, 1, 1]), returnDict=True)
mbs.CreateRevoluteJoint(itemNumbers=[ground, d], axis=[0, 0, 1])  # error
mbs.CreateSpringDamper(itemNumbers=[ground, body], stiffness=[1.0])  # error
mbs.CreateGenericJoint(itemNumbers=[ground, body], useGlobalFrame="yes")  # error
mbs.CreateCoordinateConstraint(itemNumbers=[None, body], coordinates="x")  # error
mbs.CreateRigidBodySpringDamper(itemNumbers=[ground, body], stiffness=6.0)  # error
'''


@pytest.fixture(scope="module")
def mypy_result(tmp_path_factory):
    pytest.importorskip("mypy.api", reason="mypy is a test dependency")
    work = tmp_path_factory.mktemp("mypy")
    (work / "good.py").write_text(GOOD)
    (work / "bad.py").write_text(BAD)
    return work, run_mypy([work / "good.py", work / "bad.py"], work)


def _lines(out, filename, level):
    return sorted({int(m) for m in re.findall(rf"{filename}:(\d+): {level}:", out)})


def test_mypy_accepts_correct_calls(mypy_result):
    """mypy finds no error in a script using every Create* helper, and sees their real types
    (not Any): an ObjectIndex from CreateRigidBody, a LoadIndex from CreateTorque"""
    work, (status, out) = mypy_result
    assert _lines(out, "good.py", "error") == [], out
    assert 'Revealed type is "coordyn._index.ObjectIndex"' in out, out
    assert 'Revealed type is "coordyn._index.LoadIndex"' in out, out
    # and the script is correct at run time too
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(cd.__file__).parent.parent)}
    run = subprocess.run([sys.executable, str(work / "good.py")], env=env, capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr


def test_mypy_reports_wrong_calls(mypy_result):
    """a deliberate type error in each marked line of a second script is reported, on that
    line (so the check can fail), and mypy exits with status 1"""
    work, (status, out) = mypy_result
    assert status == 1, out
    marked = [i + 1 for i, line in enumerate(BAD.splitlines()) if line.endswith("# error")]
    assert _lines(out, "bad.py", "error") == marked, out
    assert 'Unexpected keyword argument "itemNumbr"' in out
    assert '"LoadIndex", variable has type "ObjectIndex"' in out


def test_mypy_finds_no_error_in_the_helpers(tmp_path):
    """the helpers' own annotations are consistent (defaults of the annotated types, overloads
    compatible with the function, return values of the declared types): mypy checks the
    package coordyn.create and the aliases without an error"""
    pytest.importorskip("mypy.api", reason="mypy is a test dependency")
    pkg = pathlib.Path(create.__file__).parent
    status, out = run_mypy([pkg, pkg.parent / "_typing.py", pkg.parent / "_index.py"], tmp_path)
    assert status == 0, out


def test_exudyns_default_item_numbers_mean_not_given():
    """itemNumbers defaults to (None, None) as Exudyn's [None, None]: the older names still
    work alone, and a call without any of them names the three arguments"""
    mbs = cd.SystemContainer().AddSystem()
    g = mbs.CreateGround()
    b = mbs.CreateMassPoint(referencePosition=[1, 0, 0], mass=1.0)
    assert mbs.CreateSpringDamper(bodyNumbers=[g, b], stiffness=1.0) >= 0
    assert mbs.CreateDistanceConstraint(itemNumbers=[None, None], bodyOrNodeList=[g, b]) >= 0
    with pytest.raises(TypeError, match="CreateSphericalJoint.*itemNumbers.*bodyNumbers"):
        mbs.CreateSphericalJoint(position=[0, 0, 0])
