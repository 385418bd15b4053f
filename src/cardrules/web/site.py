"""``cardrules site build OUT``: the web app as a static site, the computer on the player's device.

The site is the pages of ``cardrules serve`` (the same ``app.js``) with the
engine and the bots in a Web Worker (``static/worker.js``) running
:mod:`cardrules.web.local` under Pyodide, so any static file server (or a
folder of files behind a CDN) can host it and no request carries a move. It
holds:

- the pages, the style, the scripts and the card drawings of the package;
- ``wheels/``: pure-Python wheels of cardrules, attrs and typing-extensions,
  made from the installed packages (the worker unpacks them into Pyodide);
- ``pyodide/``: the Pyodide runtime and standard library from the ``pyodide``
  npm package at :data:`PYODIDE_VERSION` — an unpacked package given as
  ``pyodide_dir`` (``npm install pyodide@0.28.3`` then
  ``node_modules/pyodide``), or fetched with ``npm`` when it is on the PATH;
- ``sw.js``, a service worker that keeps every file of the site in the
  browser's cache (after the first visit the games play offline), and
  ``manifest.webmanifest`` with an icon, so the browser offers to install it;
- ``site.json``: the version, the wheels, the ranking points and the list of
  files the service worker keeps.

>>> import tempfile, pathlib
>>> fake = pathlib.Path(tempfile.mkdtemp())
>>> build_site(pathlib.Path(tempfile.mkdtemp()) / "site", pyodide_dir=fake)
Traceback (most recent call last):
...
ValueError: ... is not the pyodide npm package: pyodide.js is missing
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Final

import cardrules
from cardrules import bots, engine

__all__ = ["PYODIDE_FILES", "PYODIDE_VERSION", "build_site", "find_pyodide", "make_wheel"]

PYODIDE_VERSION: Final = "0.28.3"
"""The version of the ``pyodide`` npm package the site is built and tested with."""

PYODIDE_FILES: Final = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""The files of the ``pyodide`` npm package the site needs (its runtime and standard library)."""

POINTS: Final = {"easy": 10, "normal": 30, "expert": 100}
"""Ranking points for a won game by the hardest computer level beaten: ``cardrules.ranking.POINTS``
(kept equal by a test; the ranking module needs SQLite, which the site never uses)."""

_STATIC: Final = Path(__file__).parent / "static"
_PAGES: Final = ("index.html", "table.html", "leaderboard.html")
_ZIP_TIME: Final = (2020, 1, 1, 0, 0, 0)
_RUNTIME_PACKAGES: Final = ("attrs", "typing_extensions")


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def make_wheel(
    out: Path, name: str, version: str, files: Iterable[tuple[str, bytes]], metadata: bytes
) -> Path:
    """Write a pure-Python wheel of ``files`` (``(path in the wheel, content)``) into ``out``.

    Its zip entries have a fixed time, so the same files make the same bytes.

    >>> import tempfile, zipfile
    >>> wheel = make_wheel(Path(tempfile.mkdtemp()), "demo", "1.0",
    ...     [("demo/__init__.py", b"X = 1\\n")], b"Metadata-Version: 2.1\\nName: demo\\n")
    >>> wheel.name, sorted(zipfile.ZipFile(wheel).namelist())[0]
    ('demo-1.0-py3-none-any.whl', 'demo-1.0.dist-info/METADATA')
    """
    stem = f"{name.replace('-', '_')}-{version}"
    info = f"{stem}.dist-info"
    entries = sorted(files)
    entries.append((f"{info}/METADATA", metadata))
    entries.append(
        (
            f"{info}/WHEEL",
            b"Wheel-Version: 1.0\nGenerator: cardrules.web.site\n"
            b"Root-Is-Purelib: true\nTag: py3-none-any\n",
        )
    )
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in entries)
    record += f"{info}/RECORD,,\n"
    entries.append((f"{info}/RECORD", record.encode()))
    out.mkdir(parents=True, exist_ok=True)
    wheel = out / f"{stem}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in entries:
            archive.writestr(zipfile.ZipInfo(path, _ZIP_TIME), data, zipfile.ZIP_DEFLATED)
    return wheel


def _cardrules_wheel(out: Path) -> Path:
    """A wheel of the cardrules package as imported: its Python sources and ``py.typed``."""
    root = Path(cardrules.__file__).parent
    files = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root.parent).as_posix()
        if "__pycache__" in path.parts or not path.is_file():
            continue
        if path.suffix in (".so", ".pyd"):
            if not path.with_name(path.name.split(".")[0] + ".py").exists():
                raise ValueError(
                    f"{relative} is compiled and its source is not installed: build the site "
                    "from the pure package (pip install cardrules, not the compiled wheel)"
                )
            continue
        if path.suffix == ".py" or path.name == "py.typed":
            files.append((relative, path.read_bytes()))
    metadata = (
        f"Metadata-Version: 2.1\nName: cardrules\nVersion: {cardrules.__version__}\n"
        "Requires-Dist: attrs\nRequires-Dist: typing-extensions\n"
    ).encode()
    return make_wheel(out, "cardrules", cardrules.__version__, files, metadata)


def _installed_wheel(out: Path, package: str) -> Path:
    """A wheel of the installed distribution ``package`` (its files as installed)."""
    dist = importlib.metadata.distribution(package)
    files = []
    for item in dist.files or ():
        path = Path(str(dist.locate_file(item)))
        posix = item.as_posix()
        if ".dist-info/" in posix or "__pycache__" in posix or posix.startswith(".."):
            continue
        if path.suffix in (".so", ".pyd"):
            raise ValueError(f"{package} is not pure Python ({posix})")
        if path.is_file():
            files.append((posix, path.read_bytes()))
    metadata = (dist.read_text("METADATA") or "").encode()
    return make_wheel(out, dist.metadata["Name"], dist.version, files, metadata)


def find_pyodide(pyodide_dir: Path | None) -> Path:
    """The unpacked ``pyodide`` npm package: ``pyodide_dir`` (the package, or a folder holding
    ``node_modules/pyodide``), else one fetched with ``npm`` into a temporary folder.

    ``ValueError`` if it is not there, not that package or not :data:`PYODIDE_VERSION`.

    >>> import tempfile
    >>> find_pyodide(Path(tempfile.mkdtemp()))
    Traceback (most recent call last):
    ...
    ValueError: ... is not the pyodide npm package: pyodide.js is missing
    """
    if pyodide_dir is None:
        npm = shutil.which("npm")
        if npm is None:
            raise ValueError(
                "the Pyodide runtime is needed: give --pyodide DIR (an unpacked pyodide "
                f"npm package, version {PYODIDE_VERSION}) or install npm"
            )
        where = Path(tempfile.mkdtemp(prefix="cardrules-pyodide-"))
        done = subprocess.run(
            [
                npm,
                "install",
                "--prefix",
                str(where),
                "--no-audit",
                "--no-fund",
                f"pyodide@{PYODIDE_VERSION}",
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise ValueError(f"npm install pyodide@{PYODIDE_VERSION} failed: {done.stderr[-500:]}")
        pyodide_dir = where
    for candidate in (pyodide_dir, pyodide_dir / "node_modules" / "pyodide"):
        if (candidate / "pyodide.js").is_file():
            pyodide_dir = candidate
            break
    for name in (*PYODIDE_FILES, "package.json"):
        if not (pyodide_dir / name).is_file():
            raise ValueError(f"{pyodide_dir} is not the pyodide npm package: {name} is missing")
    version = json.loads((pyodide_dir / "package.json").read_text(encoding="utf-8")).get("version")
    if version != PYODIDE_VERSION:
        raise ValueError(
            f"{pyodide_dir} holds pyodide {version}; the site needs {PYODIDE_VERSION} "
            f"(npm install pyodide@{PYODIDE_VERSION})"
        )
    return pyodide_dir


def _static_page(text: str) -> str:
    """A server page made a static one: links relative to the site, the static mode marked."""
    for old, new in (
        ('<html lang="en">', '<html lang="en" data-mode="static">'),
        ('"/static/', '"static/'),
        ('href="/leaderboard"', 'href="leaderboard.html"'),
        ('href="/"', 'href="index.html"'),
        (
            '<link rel="icon" href="data:,">',
            '<link rel="icon" href="static/icon.svg">\n'
            '<link rel="manifest" href="manifest.webmanifest">\n'
            '<meta name="theme-color" content="#0f5132">',
        ),
    ):
        text = text.replace(old, new)
    return text


def _manifest() -> str:
    return json.dumps(
        {
            "name": "cardrules: Rummy 500, Las Vegas Rummy and Casino",
            "short_name": "cardrules",
            "description": "Card games against the computer, which thinks on your device.",
            "start_url": "index.html",
            "scope": "./",
            "display": "standalone",
            "background_color": "#eef2ee",
            "theme_color": "#0f5132",
            "icons": [
                {"src": "static/icon.svg", "sizes": "any", "type": "image/svg+xml"},
            ],
        },
        indent=1,
    )


def build_site(out: Path, *, pyodide_dir: Path | None = None) -> list[Path]:
    """Write the static site into ``out`` (made if missing; files already there are replaced).

    Returns the files written. ``ValueError`` if the Pyodide runtime cannot be
    found (see :func:`find_pyodide`) or a package to ship is not pure Python.

    >>> import json, tempfile
    >>> runtime = Path(tempfile.mkdtemp())  # stand-ins for the npm package's files
    >>> for name in PYODIDE_FILES:
    ...     _ = (runtime / name).write_text("")
    >>> _ = (runtime / "package.json").write_text(json.dumps({"version": PYODIDE_VERSION}))
    >>> out = Path(tempfile.mkdtemp()) / "site"
    >>> written = build_site(out, pyodide_dir=runtime)
    >>> sorted(json.loads((out / "site.json").read_text())["wheels"])[1].split("-")[0]
    'cardrules'
    """
    runtime = find_pyodide(pyodide_dir)
    out.mkdir(parents=True, exist_ok=True)
    for folder in ("static", "wheels", "pyodide"):
        shutil.rmtree(out / folder, ignore_errors=True)
    wheels = [_cardrules_wheel(out / "wheels")]
    wheels += [_installed_wheel(out / "wheels", package) for package in _RUNTIME_PACKAGES]
    shutil.copytree(_STATIC, out / "static")
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copyfile(runtime / name, out / "pyodide" / name)
    for page in _PAGES:
        text = (_STATIC / page).read_text(encoding="utf-8")
        (out / page).write_text(_static_page(text), encoding="utf-8")
        (out / "static" / page).unlink()
    # The spectator's page: the table page watching a game of computer players.
    table = (out / "table.html").read_text(encoding="utf-8")
    (out / "watch.html").write_text(
        table.replace('data-page="table"', 'data-page="watch"').replace(
            "<title>cardrules — table</title>", "<title>cardrules — watch</title>"
        ),
        encoding="utf-8",
    )
    (out / "manifest.webmanifest").write_text(_manifest(), encoding="utf-8")
    (out / "static" / "sw.js").unlink()
    (out / "sw.js").unlink(missing_ok=True)
    files = sorted(
        path.relative_to(out).as_posix()
        for path in out.rglob("*")
        if path.is_file() and path.name != "site.json"
    )
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + (out / name).read_bytes())
    levels = {name: list(bots.available_levels(name)) for name in engine.GAMES}
    site = {
        "version": cardrules.__version__,
        "build": digest.hexdigest()[:16],
        "pyodide": PYODIDE_VERSION,
        "wheels": [wheel.name for wheel in wheels],
        "points": POINTS,
        "levels": levels,
        "titles": dict(engine.TITLES),
        "files": ["./", *files, "site.json"],
    }
    (out / "site.json").write_text(json.dumps(site, indent=1), encoding="utf-8")
    # The build's digest in the service worker's own text: a new build is a changed service
    # worker, which the browser installs (fetching the new files) in place of the old one.
    service_worker = (_STATIC / "sw.js").read_text(encoding="utf-8")
    (out / "sw.js").write_text(f"// build {site['build']}\n{service_worker}", encoding="utf-8")
    return [out / name for name in (*files, "site.json", "sw.js")]
