"""Check that the installed cardrules is the compiled build: every listed module is an extension.

Usage: ``python scripts/check_compiled.py PYPROJECT`` (run it from a folder
without ``src/``, with the compiled wheel installed). The modules to expect are
those ``[tool.cardrules.mypyc] modules`` lists in that ``pyproject.toml``; every
other module of the package must still be the pure ``.py`` file. Exits non-zero,
naming the modules, if either is not so.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import pkgutil
import sys
import tomllib
from pathlib import Path


def main() -> int:
    with open(sys.argv[1], "rb") as file:
        listed = tomllib.load(file)["tool"]["cardrules"]["mypyc"]["modules"]
    expected = {path.removesuffix(".py").replace("/", ".") for path in listed}
    import cardrules

    extension = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled: list[str] = []
    pure: list[str] = []
    wrong: list[str] = []
    names = ["cardrules"] + [
        m.name for m in pkgutil.walk_packages(cardrules.__path__, "cardrules.")
    ]
    root = Path(cardrules.__file__).parent.parent
    absent: list[str] = []
    for name in names:
        try:
            module = importlib.import_module(name)
            where = str(module.__file__)
        except ModuleNotFoundError as error:
            if (error.name or "").startswith("cardrules"):
                raise
            # An extra that is not installed (starlette for cardrules.web, say): the
            # module cannot be imported here, so its file on disk is judged instead.
            absent.append(f"{name} (needs {error.name})")
            where = _file_of(root, name, extension)
        is_compiled = where.endswith(extension)
        (compiled if is_compiled else pure).append(name)
        if is_compiled != (name.removesuffix(".__init__") in expected):
            wrong.append(f"{name} ({where})")
    missing = sorted(expected - set(compiled))
    if "site-packages" not in str(cardrules.__file__):
        wrong.append(f"cardrules itself comes from {cardrules.__file__}, not an installed wheel")
    if wrong or missing:
        print("not as listed in [tool.cardrules.mypyc]:", *wrong, *missing, sep="\n  ")
        return 1
    print(f"compiled build: {len(compiled)} extension modules, {len(pure)} pure modules")
    if absent:
        print("judged by their files (an extra is not installed):", *absent, sep="\n  ")
    return 0


def _file_of(root: Path, name: str, extension: tuple[str, ...]) -> str:
    """The file Python would load for module ``name`` under ``root``: an extension
    module before the ``.py`` file, as the import system prefers."""
    path = root.joinpath(*name.split("."))
    if path.is_dir():
        path = path / "__init__"
    for suffix in extension:
        if path.with_name(path.name + suffix).exists():
            return str(path.with_name(path.name + suffix))
    return str(path.with_name(path.name + ".py"))


if __name__ == "__main__":
    sys.exit(main())
