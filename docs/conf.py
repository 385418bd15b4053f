"""Sphinx configuration for the cardrules documentation."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from cardrules import __version__

project = "cardrules"
author = "The cardrules developers"
copyright = "2026, The cardrules developers"
release = __version__
version = __version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
nitpicky = False
suppress_warnings = ["ref.python"]

try:
    import furo  # noqa: F401

    html_theme = "furo"
except ImportError:  # the docs still build with the default theme
    html_theme = "alabaster"
html_title = f"cardrules {release}"
html_static_path: list[str] = []
exclude_patterns = ["_build"]
