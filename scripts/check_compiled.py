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


def main() -> int:
    with open(sys.argv[1], "rb") as file:
        listed = tomllib.load(file)["tool"]["cardrules"]["mypyc"]["modules"]
    expected = {path.removesuffix(".py").replace("/", ".") for path in listed}
    import cardrules

    extension = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled, pure, wrong = [], [], []
    names = ["cardrules"] + [
        m.name for m in pkgutil.walk_packages(cardrules.__path__, "cardrules.")
    ]
    for name in names:
        module = importlib.import_module(name)
        is_compiled = str(module.__file__).endswith(extension)
        (compiled if is_compiled else pure).append(name)
        if is_compiled != (name.removesuffix(".__init__") in expected):
            wrong.append(f"{name} ({module.__file__})")
    missing = sorted(expected - set(compiled))
    if "site-packages" not in str(cardrules.__file__):
        wrong.append(f"cardrules itself comes from {cardrules.__file__}, not an installed wheel")
    if wrong or missing:
        print("not as listed in [tool.cardrules.mypyc]:", *wrong, *missing, sep="\n  ")
        return 1
    print(f"compiled build: {len(compiled)} extension modules loaded, {len(pure)} pure modules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
