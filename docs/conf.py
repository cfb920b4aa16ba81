"""Sphinx configuration of the coordyn documentation.

Build with ``make docs`` or ``python -m sphinx -W -b html docs docs/_build/html``. The build
needs no network. Before Sphinx reads any page, gen_docs.generate() writes the generated pages
(items.rst, _generated/*.inc) from the installed engine's tables (and a few small probe solves
for what LinearSolverType.Auto does), so the extension must be importable (``make build`` or ``python3 setup.py build_ext --inplace``).
"""
import os
import sys

DOCS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(DOCS)
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, DOCS)

try:
    import coordyn  # noqa: E402
except ImportError as exc:  # pragma: no cover - a clear message instead of autodoc noise
    raise RuntimeError(
        "the coordyn documentation is generated from the engine's tables, so coordyn must be "
        "importable: run `make build` (or `python3 setup.py build_ext --inplace`) first "
        f"({exc})") from exc

import gen_docs  # noqa: E402

gen_docs.generate(DOCS)

project = "coordyn"
author = "the coordyn developers"
copyright = "the coordyn developers"
release = coordyn.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.mathjax",   # formulas are rendered in the browser by MathJax 3 ...
    "sphinx-mathjax-offline",  # ... served from the build's _static/mathjax: no network
]

root_doc = "index"
source_suffix = {".rst": "restructuredtext"}
exclude_patterns = ["_build", "_generated", "Thumbs.db", ".DS_Store"]
templates_path = []
language = "en"
nitpicky = False

autodoc_member_order = "bysource"
autodoc_typehints = "none"
napoleon_google_docstring = True
napoleon_numpy_docstring = False

html_theme = "alabaster"
html_title = f"coordyn {release}"
html_static_path = ["_static"]
html_css_files = ["coordyn.css"]  # code blocks and wide tables scroll
html_show_sourcelink = False
html_theme_options = {
    "description": "Multibody dynamics in C with an Exudyn-style Python API",
    "fixed_sidebar": True,
}
