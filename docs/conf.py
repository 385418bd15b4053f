"""Sphinx configuration for the cardrules documentation."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

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
    "sphinx.ext.intersphinx",
    "sphinx.ext.viewcode",
]
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
# Every cross-reference must resolve (the README's build runs with -W -n).
nitpicky = True
# A private class named only by a public attribute's type (``CasinoMemory.passed``).
nitpick_ignore = [("py:class", "cardrules.bots.casino._Snap")]

# The docs build from `pip install -e '.[docs]'` alone: the extras' third-party
# modules are stood in for, so the RL and web pages still document their API.
autodoc_mock_imports = ["numpy", "pyspiel", "pettingzoo", "gymnasium", "starlette", "uvicorn"]

_MOCKED = tuple(f"{name}." for name in autodoc_mock_imports)


def _mocked_type_as_text(app: object, env: object, node: Any, contnode: Any) -> Any:
    """A type from a module stood in for above (``numpy.typing.NDArray``) is plain text.

    The docs build without the extras, so those names have no target (and a
    stand-in's subscript has no real name); only these modules' names are
    written unlinked — every other unresolved name stays a warning.
    """
    target = node.get("reftarget", "")
    if node.get("refdomain") == "py" and target.startswith(_MOCKED):
        return contnode
    return None


def setup(app: Any) -> None:
    app.connect("missing-reference", _mocked_type_as_text)


# Standard-library names link to docs.python.org through a small committed
# inventory (the build needs no network): see _inventories/make_python_inventory.py.
intersphinx_mapping = {"python": ("https://docs.python.org/3", "_inventories/python.inv")}
intersphinx_disabled_reftypes: list[str] = []

try:
    import furo  # noqa: F401

    html_theme = "furo"
except ImportError:  # the docs still build with the default theme
    html_theme = "alabaster"
html_title = f"cardrules {release}"
html_static_path: list[str] = []
exclude_patterns = ["_build", "_inventories"]
