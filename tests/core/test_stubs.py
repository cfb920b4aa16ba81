"""The type stub of the item classes is generated from the engine's item tables and must stay
in step with them (the tables are the single source of truth)."""
import ast
import runpy

import coordyn.items
from conftest import REPO as ROOT
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
