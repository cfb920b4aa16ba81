"""The documentation builds without warnings and its generated parts are complete.

The Sphinx build runs once per session in a subprocess, with warnings as errors
(``python -m sphinx -W -b html docs <tmp>``). Then:

- every item type has a section on the generated items page whose parameter table lists
  exactly the type's parameters, in the engine's order, and which names its output variables;
- every settings path of ``coordyn.settings.settings_tree()`` appears on the solvers page;
- the solvers page states the size at which LinearSolverType.Auto moves a filled-in matrix to
  the dense path, in the hand-written and in the generated text, and the engine does so at
  exactly that size; every key of GetSolverStatistics() is explained there;
- every target of the Makefile is described on the getting-started page;
- every item type with "Rigid" in its name is described on the rigid-bodies page, every joint
  type on the joints page, and every Create* method and every name of coordyn.rigid on the
  helpers page;
- the Python examples of the hand-written pages run (each page as one script).
"""
import html
import os
import re
import subprocess
import sys
import time
from html.parser import HTMLParser

import pytest

pytest.importorskip("sphinx", reason="the docs test needs Sphinx (pip install -e '.[docs]')")

import coordyn  # noqa: E402
from coordyn.items import ITEM_TYPES  # noqa: E402
from coordyn.settings import settings_tree  # noqa: E402
from conftest import REPO  # noqa: E402

ROOT = str(REPO)
DOCS = os.path.join(ROOT, "docs")
PAGES_WITH_EXAMPLES = ["index", "getting_started", "concepts", "rigid_bodies", "joints",
                       "solution_files",
                       "flexible_bodies", "helpers", "solvers", "differences_from_exudyn",
                       "steady_motion", "deformation_elements", "degrees_of_freedom",
                       "initial_conditions", "algebraic_variables", "plots",
                       "graphics", "viewer"]


# the coordyn these tests import (the in-place build, or the one `make sanitize` builds): the
# examples run in subprocesses run on it too
PACKAGE_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(coordyn.__file__)))


def _env():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([PACKAGE_ROOT,
                                         env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env["MPLBACKEND"] = "Agg"
    env.pop("PYTEST_CURRENT_TEST", None)
    return env


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("docs_html")
    t0 = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", DOCS,
         str(out)], cwd=ROOT, env=_env(), capture_output=True, text=True, timeout=120)
    elapsed = time.monotonic() - t0
    assert proc.returncode == 0, (f"sphinx -W failed (exit {proc.returncode}):\n"
                                  f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}")
    assert elapsed < 60, f"docs build took {elapsed:.1f} s"
    return out


class _Sections(HTMLParser):
    """Text of every <section> keyed by its heading (nested sections are part of their parents'
    text), and the first-column cells of the table body rows directly in each section."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []        # [heading, text parts, first-column cells] per open section
        self.in_heading = None
        self.sections = {}
        self.first_column = {}
        self.all_text = []
        self.in_tbody = False
        self.cell = None       # text parts of the first cell of the current row
        self.col = 0

    def handle_starttag(self, tag, attrs):
        if tag == "section":
            self.stack.append(["", [], []])
        elif re.fullmatch(r"h[1-6]", tag) and self.stack:
            self.in_heading = []
        elif tag == "tbody":
            self.in_tbody = True
        elif tag == "tr" and self.in_tbody:
            self.col = 0
        elif tag == "td" and self.in_tbody:
            self.col += 1
            if self.col == 1:
                self.cell = []

    def handle_endtag(self, tag):
        if tag == "section" and self.stack:
            title, parts, cells = self.stack.pop()
            self.sections.setdefault(title, " ".join(parts))
            self.first_column.setdefault(title, cells)
        elif re.fullmatch(r"h[1-6]", tag) and self.in_heading is not None:
            self.stack[-1][0] = "".join(self.in_heading).replace("\u00b6", "").strip()
            self.in_heading = None
        elif tag == "tbody":
            self.in_tbody = False
        elif tag == "td" and self.cell is not None:
            if self.stack:
                self.stack[-1][2].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data):
        if self.in_heading is not None:
            self.in_heading.append(data)
        if self.cell is not None:
            self.cell.append(data)
        self.all_text.append(data)
        for _, parts, _ in self.stack:
            parts.append(data)


def _parse(path):
    p = _Sections()
    with open(path, encoding="utf-8") as f:
        p.feed(f.read())
    return p


def _has_word(text, word):
    return re.search(r"(?<![\w.])" + re.escape(word) + r"(?![\w])", text) is not None


def test_items_page_lists_every_type_and_parameter(built):
    page = _parse(built / "items.html")
    missing = []
    for t in ITEM_TYPES:
        section = page.sections.get(t["name"])
        if section is None:
            missing.append(f"section for {t['name']}")
            continue
        listed = page.first_column[t["name"]]
        expected = [f["name"] for f in t["fields"]]
        if listed != expected:
            missing.append(f"{t['name']} parameters: table has {listed}, engine has {expected}")
        for v in t["outputVariables"]:
            if not _has_word(section, v):
                missing.append(f"{t['name']} output {v}")
        if not _has_word(section, t["typename"]):
            missing.append(f"{t['name']} dict type name {t['typename']}")
    assert not missing, "missing from the items page: " + ", ".join(missing)


def test_items_page_has_nothing_that_does_not_exist(built):
    """Every type section on the page is a type the engine has (no stale entries)."""
    page = _parse(built / "items.html")
    names = {t["name"] for t in ITEM_TYPES}
    kinds = {"Nodes", "Objects", "Markers", "Loads", "Sensors"}
    generic = {"Item reference", "Overview", "Output variables", ""} | kinds
    stale = sorted(set(page.sections) - names - generic)
    assert not stale, f"items page has sections for unknown types: {stale}"


def test_solvers_page_lists_every_setting(built):
    text = html.unescape(" ".join(_parse(built / "solvers.html").all_text))
    missing = [path for path, _, _ in settings_tree() if not _has_word(text, path)]
    assert not missing, "settings missing from the solvers page: " + ", ".join(missing)


def test_differences_page_lists_every_item_type(built):
    text = " ".join(_parse(built / "differences_from_exudyn.html").all_text)
    missing = [t["name"] for t in ITEM_TYPES if not _has_word(text, t["name"])]
    assert not missing, "item types missing from differences_from_exudyn: " + ", ".join(missing)


def _auto_choice_full(n):
    """The linear solver Auto ends with for an n x n Newton matrix with a full pattern, built
    differently from gen_docs' probe (full stiffness matrix, diagonal mass matrix)."""
    import numpy as np
    mbs = coordyn.SystemContainer().AddSystem()
    node = mbs.AddNode(coordyn.NodeGenericODE2(referenceCoordinates=[0.0] * n,
                                               initialCoordinates=[0.01] * n,
                                               initialCoordinates_t=[0.0] * n,
                                               numberOfODE2Coordinates=n))
    k = np.full((n, n), -1.0) + (2.0 * n) * np.eye(n)
    mbs.AddObject(coordyn.ObjectGenericODE2(nodeNumbers=[node], massMatrix=np.eye(n),
                                            stiffnessMatrix=k))
    mbs.Assemble()
    s = coordyn.SimulationSettings()
    s.timeIntegration.numberOfSteps = 2
    s.timeIntegration.endTime = 1e-3
    s.progressBar = False
    mbs.SolveDynamic(s)
    return mbs.GetSolverStatistics()["linearSolver"]


def test_solvers_page_states_auto_switch_size(built):
    """The hand-written rule ("n ≥ 40") and the generated probe ("from n = 40 rows on") name the
    same size, and the engine moves a full matrix to the dense path at exactly that size."""
    text = html.unescape(" ".join(_parse(built / "solvers.html").all_text))
    text = re.sub(r"\s+", " ", text)
    rule = re.search(r"entries and n ≥ (\d+)", text)
    probed = re.search(r"moves to the dense solver from n = (\d+) rows on", text)
    assert rule and probed, "the Auto rule or its generated size is missing from solvers.html"
    n = int(rule.group(1))
    assert int(probed.group(1)) == n, (f"hand-written n >= {n} but generated "
                                       f"n = {probed.group(1)}")
    assert _auto_choice_full(n) == "Dense"
    assert _auto_choice_full(n - 1) == "Sparse"


def test_solvers_page_explains_every_statistic(built):
    mbs = coordyn.SystemContainer().AddSystem()
    mbs.AddObject(coordyn.MassPoint(mass=1.0, nodeNumber=mbs.AddNode(coordyn.NodePoint())))
    mbs.Assemble()
    mbs.SolveDynamic()
    text = html.unescape(" ".join(_parse(built / "solvers.html").all_text))
    missing = [k for k in mbs.GetSolverStatistics() if not _has_word(text, k)]
    assert not missing, "statistics missing from the solvers page: " + ", ".join(missing)


def test_getting_started_lists_every_make_target(built):
    makefile = open(os.path.join(ROOT, "Makefile"), encoding="utf-8").read()
    phony = re.search(r"^\.PHONY:(.*)$", makefile, re.M).group(1).split()
    targets = [t for t in phony if re.search(r"^" + re.escape(t) + r"\s*:", makefile, re.M)]
    assert targets, "no targets found in the Makefile"
    text = re.sub(r"\s+", " ", html.unescape(
        " ".join(_parse(built / "getting_started.html").all_text)))
    missing = [t for t in targets if f"make {t}" not in text]
    assert not missing, "make targets missing from getting_started: " + ", ".join(missing)


def _page_text(built, page):
    return re.sub(r"\s+", " ", html.unescape(" ".join(_parse(built / f"{page}.html").all_text)))


def test_rigid_bodies_page_describes_every_rigid_item(built):
    text = _page_text(built, "rigid_bodies")
    names = [t["name"] for t in ITEM_TYPES if "Rigid" in t["name"]] + ["LoadTorqueVector"]
    missing = [n for n in names if not _has_word(text, n)]
    assert not missing, "rigid-body items missing from rigid_bodies: " + ", ".join(missing)


def test_joints_page_describes_every_joint(built):
    text = _page_text(built, "joints")
    joints = [t for t in ITEM_TYPES if t["name"].startswith("ObjectJoint")]
    assert joints, "no joint types found"
    missing = [t["name"] for t in joints if not _has_word(text, t["name"])]
    missing += [f"{t['name']} output {v}" for t in joints for v in t["outputVariables"]
                if not _has_word(text, v)]
    assert not missing, "missing from joints: " + ", ".join(missing)


def test_helpers_page_lists_every_helper(built):
    import coordyn.rigid
    text = _page_text(built, "helpers")
    names = [n for n in dir(coordyn.MainSystem) if n.startswith("Create")]
    assert names, "MainSystem has no Create* methods"
    names += list(coordyn.rigid.__all__)
    missing = [n for n in names if not _has_word(text, n)]
    assert not missing, "helpers missing from helpers: " + ", ".join(missing)


def _python_blocks(rst_path):
    """The bodies of the ``.. code-block:: python`` directives of a page, in order."""
    lines = open(rst_path, encoding="utf-8").read().splitlines()
    blocks, i = [], 0
    while i < len(lines):
        m = re.match(r"^(\s*)\.\. code-block:: python\s*$", lines[i])
        i += 1
        if not m:
            continue
        indent = len(m.group(1))
        while i < len(lines) and re.match(r"^\s+:\w[\w-]*:", lines[i]):  # directive options
            i += 1
        body = []
        while i < len(lines):
            line = lines[i]
            if line.strip() and len(line) - len(line.lstrip()) <= indent:
                break
            body.append(line)
            i += 1
        text = "\n".join(body)
        pad = min((len(l) - len(l.lstrip()) for l in body if l.strip()), default=0)
        blocks.append("\n".join(l[pad:] for l in text.splitlines()))
    return blocks


@pytest.mark.parametrize("page", PAGES_WITH_EXAMPLES)
def test_examples_on_page_run(page, tmp_path):
    blocks = _python_blocks(os.path.join(DOCS, page + ".rst"))
    assert blocks, f"{page}.rst has no python examples"
    script = tmp_path / f"{page}_examples.py"
    script.write_text("\n\n".join(blocks) + "\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=_env(),
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, (f"examples of {page}.rst failed:\n{proc.stdout[-3000:]}\n"
                                  f"{proc.stderr[-3000:]}")


def test_math_renders_without_a_network(built):
    """every page with formulas loads MathJax from the build itself (sphinx-mathjax-offline puts
    MathJax 3 and its fonts into _static/mathjax), and no page loads a script, style sheet or
    font from the network"""
    pages = sorted(built.glob("*.html"))
    with_math = 0
    for page in pages:
        html_text = page.read_text(encoding="utf-8")
        srcs = re.findall(r'<(?:script|link)[^>]*(?:src|href)="([^"]+)"', html_text)
        remote = [s for s in srcs if re.match(r"(https?:)?//", s)]
        assert not remote, f"{page.name} loads {remote}"
        if "\\(" in html_text or "\\[" in html_text or 'class="math' in html_text:
            with_math += 1
            mj = [s for s in srcs if "mathjax" in s.lower()]
            assert mj, f"{page.name} has formulas but loads no MathJax"
            for s in mj:
                assert (built / s.split("?")[0]).is_file(), f"{page.name}: {s} is not in the build"
    assert with_math >= 5  # the pages with formulas (solvers, degrees of freedom, ...)
    fonts = list((built / "_static" / "mathjax" / "output" / "chtml" / "fonts").rglob("*.woff"))
    assert fonts, "MathJax's fonts are not in the build"


def test_api_reference_has_every_public_name(built):
    """the API reference (api.html) documents every public name of coordyn (items are on the
    items page), every function of the public submodules, and every public method of
    SystemContainer, MainSystem and SystemData"""
    text = (built / "api.html").read_text(encoding="utf-8")
    ids = set(re.findall(r'id="(coordyn\.[\w.]+)"', text))
    tails = {i.rsplit(".", 1)[-1] for i in ids}
    modules = {"items", "rigid", "beams", "deformation"}
    item_names = set(coordyn.items.__all__)
    missing = [n for n in coordyn.__all__
               if n not in item_names and n not in modules and n not in tails]
    for mod in ("rigid", "beams", "deformation", "viewer"):
        missing += [f"{mod}.{n}" for n in getattr(coordyn, mod).__all__
                    if n not in tails and not n.isupper()]
    for cls, qual in ((coordyn.SystemContainer, "coordyn.SystemContainer"),
                      (coordyn.MainSystem, "coordyn.MainSystem"),
                      (coordyn.system.SystemData, "coordyn.system.SystemData")):
        missing += [f"{qual}.{m}" for m in dir(cls)
                    if not m.startswith("_") and f"{qual}.{m}" not in ids]
    assert not missing, "not in the API reference: " + ", ".join(missing)


def test_code_blocks_scroll(built):
    """every page links the style sheet that lets code blocks and wide tables scroll"""
    css = (built / "_static" / "coordyn.css").read_text(encoding="utf-8")
    assert "overflow-x: auto" in css and "div.highlight pre" in css
    for page in built.glob("*.html"):
        assert "_static/coordyn.css" in page.read_text(encoding="utf-8"), page.name
