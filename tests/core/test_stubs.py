"""The type stub of the item classes is generated from the engine's item tables and must stay
in step with them (the tables are the single source of truth)."""
import ast
import runpy

import pytest

import coordyn.items
from conftest import REPO as ROOT, run_mypy
STUB = ROOT / "python" / "coordyn" / "items.pyi"


def test_stub_is_what_the_generator_writes():
    render = runpy.run_path(str(ROOT / "tools" / "gen_stubs.py"))["render"]
    assert STUB.read_text() == render(), "rebuild (make build) to regenerate items.pyi"


def test_stub_declares_every_class_and_parameter():
    tree = ast.parse(STUB.read_text())
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    aliases = {n.targets[0].id for n in tree.body if isinstance(n, ast.Assign)}
    for t in coordyn.items.ITEM_TYPES:
        cls = classes[t["name"]]
        init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
        params = [a.arg for a in init.args.args[1:]]
        expected = [f["name"] for f in t["fields"]]
        if "sectionStiffnessMatrix" in expected:   # and Exudyn's BeamSection (sectionData)
            expected.append("sectionData")
        assert params[:-1] == expected, t["name"]
        if t["alias"]:
            assert t["alias"] in aliases
    for name in coordyn.items.__all__:
        assert name in classes or name in aliases or name in ("ITEM_TYPES", "item_class"), name


def _stub_names():
    tree = ast.parse(STUB.read_text())
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    aliases = {n.targets[0].id: n.value.id for n in tree.body
               if isinstance(n, ast.Assign) and isinstance(n.value, ast.Name)}
    return classes, aliases


def test_stub_has_every_item_class_of_the_module():
    """every item class coordyn.items defines at run time (the registered item types, their
    aliases and short names, the V* visualization classes) is in the stub, as a class or as an
    alias of the same class; and the stub declares no item type the engine does not register"""
    classes, aliases = _stub_names()
    runtime = {n: v for n, v in vars(coordyn.items).items()
               if not n.startswith("_") and isinstance(v, type) and issubclass(v, (coordyn.items.ItemBase,
                                                         coordyn.items.VisualizationBase))}
    for name, cls in runtime.items():
        if name in classes:
            continue
        assert name in aliases, f"{name} is not in items.pyi"
        assert runtime[aliases[name]] is cls, f"items.pyi: {name} = {aliases[name]}"
    registered = {t["name"] for t in coordyn.items.ITEM_TYPES}
    stub_items = {n for n, c in classes.items()
                  if any(isinstance(b, ast.Name) and b.id == "ItemBase" for b in c.bases)}
    assert stub_items == registered


def test_stub_declares_every_parameter_as_attribute():
    """each item class of the stub annotates every parameter as an attribute (item.mass, ...)
    and takes each by keyword, with the engine's default"""
    classes, _ = _stub_names()
    render_default = runpy.run_path(str(ROOT / "tools" / "gen_stubs.py"))["_default"]
    for t in coordyn.items.ITEM_TYPES:
        cls = classes[t["name"]]
        attrs = {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign)}
        fields = [f for f in t["fields"] if not f["alias_of"]]
        assert {f["name"] for f in fields} <= attrs, t["name"]
        init = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
        defaults = dict(zip([a.arg for a in init.args.args[1:]], init.args.defaults))
        for f in t["fields"]:
            assert ast.unparse(defaults[f["name"]]) == render_default(f), (t["name"], f["name"])


def test_mypy_accepts_every_item_parameter(tmp_path):
    """mypy, reading the stub, accepts every item class with every parameter by keyword (and
    still rejects an unknown one)"""
    pytest.importorskip("mypy.api", reason="mypy is a test dependency")
    lines = ["from typing import Any", "import coordyn as cd", "x: Any = None"]
    for t in coordyn.items.ITEM_TYPES:
        args = ", ".join(f"{f['name']}=x" for f in t["fields"])
        lines.append(f"cd.{t['name']}({args})")
    lines.append("cd.NodePoint(referenceCoordinate=x)")
    script = tmp_path / "all_items.py"
    script.write_text("\n".join(lines) + "\n")
    status, out = run_mypy([script], tmp_path)
    errors = [ln for ln in out.splitlines() if ": error:" in ln]
    assert len(errors) == 1 and f"all_items.py:{len(lines)}:" in errors[0] \
        and '"referenceCoordinate"' in errors[0], out
