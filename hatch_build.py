"""Build hook: with ``CARDRULES_MYPYC=1`` the wheel also carries mypyc-compiled modules.

Without the variable this hook does nothing and ``python -m build`` makes the
pure-Python wheel (``py3-none-any``), the default and the reference. With it::

    CARDRULES_MYPYC=1 python -m build --wheel

compiles the modules listed under ``[tool.cardrules.mypyc] modules`` in
``pyproject.toml`` with mypyc (as black and mypy ship themselves) and adds the
extension modules beside the unchanged ``.py`` files, giving a platform wheel
(``cp311-cp311-linux_x86_64`` and so on). Python imports an extension module
in preference to the ``.py`` file of the same name; the others stay pure.

The compiler works on a copy of the sources in a temporary folder, so nothing
is ever written into ``src/`` (an editable install keeps importing the pure
code). ``mypy`` and ``setuptools`` are then added to the build requirements
(hatchling asks :meth:`CompiledBuildHook.dependencies` before building); a C
compiler and the Python headers must be installed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import tomllib
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SWITCH = "CARDRULES_MYPYC"
"""The environment variable that turns compiling on (``1``, ``true`` or ``yes``)."""


def compiling() -> bool:
    """Whether the environment asks for the compiled wheel."""
    return os.environ.get(SWITCH, "").strip().lower() in {"1", "true", "yes", "on"}


def compiled_modules(root: Path) -> list[str]:
    """The module files to compile (paths under ``src/``), as ``pyproject.toml`` lists them."""
    with open(root / "pyproject.toml", "rb") as file:
        table = tomllib.load(file)
    modules = table["tool"]["cardrules"]["mypyc"]["modules"]
    missing = [m for m in modules if not (root / "src" / m).is_file()]
    if missing:
        raise FileNotFoundError(
            f"[tool.cardrules.mypyc] modules lists files that do not exist: {', '.join(missing)}"
        )
    with_classes = [m for m in modules if DATA_CLASS.search((root / "src" / m).read_text("utf-8"))]
    if with_classes:
        raise ValueError(
            "[tool.cardrules.mypyc] modules must not define attrs or dataclass classes (mypyc "
            "rewrites their annotations, which the JSON codec reads): " + ", ".join(with_classes)
        )
    return list(modules)


DATA_CLASS = re.compile(r"^@(attrs?|dataclasses)\.|^@dataclass\b", re.MULTILINE)
"""A class decorator that makes an attrs or dataclass class."""


SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="cardrules-compiled-parts",
    ext_modules=mypycify({modules!r}, opt_level="3", group_name="cardrules"),
)
"""


def compile_into(root: Path, work: Path, modules: list[str] | None = None) -> list[Path]:
    """Compile the listed modules from a copy of ``src`` in ``work``; the extension files built.

    The returned paths are relative to ``work / "src"``, which is laid out as
    the wheel is (``cardrules/cards.cpython-311-….so``, plus mypyc's shared
    ``cardrules__mypyc….so`` at the top level). ``modules`` (default: the
    listed ones, checked) is for trying other lists by hand.
    """
    modules = compiled_modules(root) if modules is None else modules
    source = work / "src"
    shutil.copytree(root / "src", source, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    (work / "setup.py").write_text(SETUP.format(modules=modules), encoding="utf-8")
    process = subprocess.run(
        [sys.executable, str(work / "setup.py"), "build_ext", "--inplace",
         "--build-temp", str(work / "build"), "--build-lib", str(work / "lib")],
        cwd=source,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,
    )
    if process.returncode:
        raise RuntimeError(f"mypyc failed:\n{process.stdout}")
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    built = sorted(p.relative_to(source) for p in source.rglob(f"*{suffix}"))
    expected = {Path(m).with_suffix(suffix) for m in modules}
    if not expected <= set(built):
        raise RuntimeError(f"mypyc did not build {sorted(map(str, expected - set(built)))}")
    return built


class CompiledBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Adds the mypyc-compiled modules to the wheel when ``CARDRULES_MYPYC`` is set."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """Extra build requirements, only when compiling."""
        # attrs and typing-extensions too: mypyc type-checks the sources it compiles; numpy
        # for the compiled RL modules' types (the wheel needs numpy only with the rl extra).
        needed = [
            "mypy>=1.10",
            "setuptools>=68",
            "attrs>=23.1",
            "typing-extensions>=4.7",
            "numpy>=1.26",
        ]
        return needed if compiling() else []

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or not compiling():
            return
        self._work = Path(tempfile.mkdtemp(prefix="cardrules-mypyc-"))
        built = compile_into(Path(self.root), self._work)
        for relative in built:
            build_data["force_include"][str(self._work / "src" / relative)] = str(relative)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        work = getattr(self, "_work", None)
        if work is not None:
            shutil.rmtree(work, ignore_errors=True)
