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
                       "graphics", "viewer", "robotics", "symbolic"]


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


# ---------------------------------------------------------------------------- references
# docs/references.rst lists the published sources the examples and pages cite and the reference
# values of the benchmark problems. The project's old reference file (REFERENCES.md, outside the
# repository) must not be pointed to any more.

REFERENCES_RST = os.path.join(DOCS, "references.rst")
EXAMPLES_DIR = os.path.join(ROOT, "examples")

# (label of the entry in references.rst, pattern that finds a citation of it in a file). A file
# that matches must find the entry there; an example that matches must be named in the entry.
CITATIONS = [
    ("ref-arnold-bruls-2007", r"Arnold (?:and|&) Brüls"),
    ("ref-chung-hulbert-1993", r"Chung and Hulbert"),
    ("ref-zienkiewicz-xie-1991", r"Zienkiewicz"),
    ("ref-newmark-1959", r"Newmark"),
    ("ref-bruls-cardona-arnold-2012", r"Cardona"),
    ("ref-hairer-wanner-1996", r"Hairer"),
    ("ref-giles-manning", r"Giles \(1978\)|Manning \(1981\)"),
    ("ref-mazzia-magherini-testset", r"Test Set"),
    ("ref-mattiasson-1981", r"Mattiasson"),
    ("ref-bisshopp-drucker-1945", r"Bisshopp"),
    ("ref-hodges-rutkowski-1981", r"Hodges"),
    ("ref-timoshenko-gere-1961", r"4\.013|Euler buckling|against Euler"),
    ("ref-reissner-1972", r"Simo.Reissner"),
    ("ref-simo-1985", r"Simo.Reissner"),
    ("ref-jonker-meijaard-1990", r"SPACAR|Jonker"),
    ("ref-cellier-1991", r"Cellier"),
    ("ref-dulmage-mendelsohn-1958", r"Dulmage"),
    ("ref-elmqvist-1978", r"Elmqvist"),
    ("ref-davis-2006", r"\bDavis\b"),
    ("ref-exudyn", r"Exudyn \d"),
    ("ref-seed", r"\bthe seed\b|\bseed's\b|multiplier seed|\bseeds? on\b"),
    # benchmark problems
    ("ref-heavy-top", r"[Hh]eavy top"),
    ("ref-andrews-squeezer", r"Andrews'"),
    ("ref-elastica", r"Mattiasson|elastica"),
    ("ref-rotating-beam", r"Hodges"),
    ("ref-beam-frequencies", r"Euler-Bernoulli's omega|beta_n L"),
    ("ref-euler-buckling", r"Euler buckling|against Euler"),
    ("ref-lateral-buckling", r"4\.013"),
    ("ref-rotating-mass-spring", r"rotating mass.spring"),
]
# an author (or a publisher) followed by a year: "Mattiasson's (1981)", "Hodges and Rutkowski
# 1981", "Bisshopp and Drucker, 1945", "Springer 1996"
AUTHOR_YEAR = re.compile(r"\b([A-Z][A-Za-zäöüéß]+)(?:'s)?,? \(?((?:17|18|19|20)\d\d)\b"
                         r"(?![.\-:/0-9])")
NOT_AN_AUTHOR = {"With"}       # "With 2000 steps"
# the old file, however it was spelled
OLD_REFERENCE_FILE = re.compile(r"REFERENCES\.md|shared/REFERENCES", re.IGNORECASE)


def _file_text(path):
    """the text of an example or a page; for a notebook the sources of its cells"""
    if path.endswith(".ipynb"):
        import json
        with open(path, encoding="utf-8") as f:
            cells = json.load(f)["cells"]
        return "\n".join(c["source"] if isinstance(c["source"], str) else "".join(c["source"])
                         for c in cells)
    with open(path, encoding="utf-8") as f:
        return f.read()


def _citing_files():
    """{path relative to the repository: text} of the examples and the hand-written pages"""
    paths = [os.path.join(EXAMPLES_DIR, n) for n in sorted(os.listdir(EXAMPLES_DIR))
             if n.endswith((".py", ".ipynb"))]
    for sub in ("", "item_notes"):
        folder = os.path.join(DOCS, sub)
        paths += [os.path.join(folder, n) for n in sorted(os.listdir(folder))
                  if n.endswith(".rst") and n not in ("references.rst", "items.rst")]
    return {os.path.relpath(p, ROOT): _file_text(p) for p in paths}


def _reference_entries():
    """references.rst as {label: text of its entry, up to the next label}"""
    with open(REFERENCES_RST, encoding="utf-8") as f:
        text = f.read()
    parts = re.split(r"^\.\. _([\w-]+):\s*$", text, flags=re.M)
    return text, {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def _reference_sections():
    """{section title: text up to the next title} of references.rst"""
    with open(REFERENCES_RST, encoding="utf-8") as f:
        lines = f.read().splitlines()
    heads = [i for i in range(len(lines) - 1)
             if lines[i].strip() and re.fullmatch(r"([=~\-])\1{2,}", lines[i + 1])
             and len(lines[i + 1]) >= len(lines[i])]
    return {lines[h].strip(): "\n".join(lines[h:(heads[k + 1] if k + 1 < len(heads) else None)])
            for k, h in enumerate(heads)}


def test_no_file_points_to_the_old_reference_file():
    """no example, notebook or page mentions REFERENCES.md (a file users do not have)"""
    offenders = []
    for top in (EXAMPLES_DIR, DOCS):
        for folder, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d not in ("_build", "__pycache__",
                                                    ".ipynb_checkpoints")]
            for name in files:
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    data = f.read().decode("utf-8", errors="ignore")
                offenders += [f"{os.path.relpath(path, ROOT)}: {m.group(0)}"
                              for m in OLD_REFERENCE_FILE.finditer(data)]
    assert not offenders, "point to docs/references.rst instead:\n" + "\n".join(offenders)


def test_every_cited_source_is_in_references():
    """every citation the patterns find has its entry in references.rst, and every example that
    cites a source is named in that entry; each pattern still finds a citation"""
    _, entries = _reference_entries()
    files = _citing_files()
    problems = []
    for label, pattern in CITATIONS:
        citing = [p for p, text in files.items() if re.search(pattern, text)]
        if not citing:
            problems.append(f"{label}: the pattern {pattern!r} finds no citation any more")
        if label not in entries:
            problems.append(f"{label}: cited in {citing}, no entry in references.rst")
            continue
        for path in citing:
            if path.startswith("examples") and os.path.basename(path) not in entries[label]:
                problems.append(f"{label}: {os.path.basename(path)} cites it, its entry does "
                                "not name it")
    assert not problems, "\n".join(problems)


def test_every_author_year_citation_is_in_references():
    """every 'Author (year)' in the examples and pages names an author of references.rst, and
    the example citing it is named there"""
    text, _ = _reference_entries()
    problems = []
    found = set()
    for path, content in _citing_files().items():
        for m in AUTHOR_YEAR.finditer(content):
            name, year = m.groups()
            if name in NOT_AN_AUTHOR:
                continue
            found.add(name)
            if name not in text or year not in text:
                problems.append(f"{path}: {m.group(0)!r} is not in references.rst")
            if path.startswith("examples") and os.path.basename(path) not in text:
                problems.append(f"{path} cites {m.group(0)!r} but references.rst does not name "
                                "the example")
    assert not problems, "\n".join(problems)
    # the scan sees the citations it is meant to see
    assert {"Mattiasson", "Rutkowski", "Giles", "Manning", "Drucker", "Hulbert"} <= found


def test_pointers_to_references_name_a_section():
    """every 'docs/references.rst, "Title"' in the examples and pages names a section of
    references.rst, and the section names the example; the examples that used the old file
    point to the page now"""
    sections = _reference_sections()

    def norm(title):
        return title.replace("α", "alpha").lower()

    by_title = {norm(t): body for t, body in sections.items()}
    pointers = re.compile(r"docs/references\.rst`?[\s,(#]*[\"']([^\"'\n]+)[\"']")
    problems = []
    pointing = set()
    for path, content in _citing_files().items():
        for m in pointers.finditer(content):
            title = m.group(1)
            pointing.add(os.path.basename(path))
            if norm(title) not in by_title:
                problems.append(f"{path}: no section {title!r} in references.rst")
            elif (path.startswith("examples")
                  and os.path.basename(path) not in by_title[norm(title)]):
                problems.append(f"{path}: section {title!r} does not name the example")
    assert not problems, "\n".join(problems)
    assert {"gear.py", "gyroscope.py", "oscillator.py", "pendulum.py", "slider_crank_2d.py",
            "pendulum_notebook.ipynb"} <= pointing


def test_references_page_has_every_label(built):
    """references.rst is in the toctree and every entry's label is an anchor of its page"""
    _, entries = _reference_entries()
    assert "references" in re.findall(r"^\s+(\w+)\s*$", open(os.path.join(DOCS, "index.rst"),
                                                              encoding="utf-8").read(), re.M)
    page = (built / "references.html").read_text(encoding="utf-8")
    missing = [label for label in entries if f'id="{label}"' not in page]
    assert not missing, f"labels without an anchor in references.html: {missing}"
    assert len(entries) >= 30
