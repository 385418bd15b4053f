"""Saved games: where they go, writing them without losing one, and ``cardrules saves``.

A game saved without ``--save`` goes to the ``saves`` folder beside the
leaderboard in the user's data folder (``~/.local/share/cardrules/saves`` on
Linux), in a new file named after the game and the time
(``rummy500-20261201-093000.json``; ``-2``, ``-3`` … when that name is taken),
created exclusively, so no save ever replaces another. A resumed game writes
back to the file it came from. ``--save FILE`` naming a file that exists asks
before replacing it (``--overwrite`` says yes in advance). A replaced file is
written beside it first and then moved over it, so a crash never leaves half
a save. The seed is never in a file's name.

Beside each save the command keeps the seats' labels and levels in
``FILE.seats`` (a small JSON list), so ``replay`` and ``--resume`` show the
same names; a missing or unreadable ``.seats`` file only loses the names.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import tempfile
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import IO, Final

import attrs

from cardrules.cli.errors import CliError, UsageError
from cardrules.cli.leaderboard import default_db
from cardrules.cli.options import GAME_TITLES
from cardrules.cli.terminal import read_line

__all__ = [
    "MAX_LISTED",
    "Seats",
    "add_parser",
    "confirm_overwrite",
    "read_seats",
    "resolve_save",
    "run",
    "saves_dir",
    "write_save",
]

MAX_LISTED: Final = 1000
"""The most saves ``cardrules saves --limit`` lists."""

_SEATS_SUFFIX: Final = ".seats"
_MAX_LABEL: Final = 60
_MAX_SEATS: Final = 16
_MAX_SEATS_BYTES: Final = 8192


def saves_dir() -> Path:
    """The folder games are saved to by default: ``saves`` in the user's data folder."""
    return Path(default_db()).parent / "saves"


@attrs.frozen
class Seats:
    """The seats' labels and computer levels of a saved game (``None``: the player's seat)."""

    names: tuple[str, ...]
    levels: tuple[str | None, ...]


def _seats_file(path: Path) -> Path:
    return path.with_name(path.name + _SEATS_SUFFIX)


def read_seats(path: str | os.PathLike[str]) -> Seats | None:
    """The labels kept beside a save, or ``None`` (no file, or not one the command wrote)."""
    try:
        raw = _seats_file(Path(path)).read_bytes()[: _MAX_SEATS_BYTES + 1]
        if len(raw) > _MAX_SEATS_BYTES:
            return None
        data = json.loads(raw)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    names, levels = data.get("names"), data.get("levels")
    if not isinstance(names, list) or not isinstance(levels, list):
        return None
    if not 1 <= len(names) <= _MAX_SEATS or len(levels) != len(names):
        return None
    for name in names:
        if not isinstance(name, str) or not 0 < len(name) <= _MAX_LABEL or not name.isprintable():
            return None
    for level in levels:
        if level is not None and (not isinstance(level, str) or len(level) > _MAX_LABEL):
            return None
    return Seats(tuple(names), tuple(levels))


def _replace(target: Path, text: str) -> None:
    """Write ``text`` to ``target`` through a file beside it, then move it over."""
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _new_file(game: str, text: str) -> Path:
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for number in range(1, 10_000):
        name = f"{game}-{stamp}.json" if number == 1 else f"{game}-{stamp}-{number}.json"
        target = folder / name
        try:
            with target.open("x", encoding="utf-8") as stream:  # never replaces a file
                stream.write(text)
        except FileExistsError:
            continue
        return target
    raise OSError(f"too many saves named {game}-{stamp}-*.json")


def write_save(
    game: str, text: str, path: str | os.PathLike[str] | None, seats: Seats | None = None
) -> Path:
    """Write a save: to ``path`` (replacing it), or to a new file in :func:`saves_dir`.

    Returns where it went; :class:`CliError` if it cannot be written.
    """
    target = Path(path) if path is not None else None
    try:
        if target is None:
            target = _new_file(game, text)
        elif target.exists() and not target.is_file():
            target.write_text(text, encoding="utf-8")  # a device such as /dev/null
            return target
        else:
            _replace(target, text)
    except OSError as exc:
        where = target if target is not None else saves_dir()
        raise CliError(f"cannot save the game to {where}: {exc.strerror or exc}") from None
    if seats is not None:
        document = {"names": list(seats.names), "levels": list(seats.levels)}
        with contextlib.suppress(OSError):  # only the labels are lost; the game is saved
            _replace(_seats_file(target), json.dumps(document) + "\n")
    return target


def confirm_overwrite(
    path: str | None, inp: IO[str], out: IO[str], *, overwrite: bool, own: str | None = None
) -> None:
    """Ask before a save replaces an existing file; :class:`CliError` if the answer is no.

    ``own`` is the file the game was resumed from: writing back to it needs no
    question. Devices (``/dev/null``) and missing files need none either.
    """
    if path is None or overwrite:
        return
    target = Path(path)
    if not target.is_file():
        return
    if own is not None and Path(own).resolve() == target.resolve():
        return
    try:
        answer = read_line(inp, out, f"{target} exists. Replace it when the game is saved? [y/N] ")
    except EOFError:
        answer = ""
    if answer.strip().lower() not in ("y", "yes"):
        raise CliError(
            f"not replacing {target}: give another --save FILE, or --overwrite to replace it"
        )


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``saves`` subcommand."""
    parser = commands.add_parser(
        "saves",
        help="list saved games",
        description="List the games saved in the data folder (or in FOLDER), newest first, "
        "with the command that resumes each.",
    )
    parser.add_argument(
        "folder",
        metavar="FOLDER",
        nargs="?",
        default=None,
        help="list the games saved in this folder (e.g. where --save wrote them) instead",
    )
    parser.add_argument(
        "--limit", type=int, default=20, help=f"list at most this many (1-{MAX_LISTED})"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace, out: IO[str], _err: IO[str], _inp: IO[str]) -> int:
    """List the saves."""
    from cardrules.cli.session import load_record

    if not 1 <= args.limit <= MAX_LISTED:
        raise UsageError(f"--limit must be 1..{MAX_LISTED}, not {args.limit}")
    folder = saves_dir() if args.folder is None else Path(args.folder)
    if args.folder is not None and not folder.is_dir():
        raise UsageError(f"{args.folder} is not a folder")
    out.write(f"Saved games in {folder}\n")
    try:
        found = [p for p in folder.iterdir() if p.suffix == ".json" and p.is_file()]
    except FileNotFoundError:
        found = []
    except OSError as exc:
        raise CliError(f"cannot read {folder}: {exc.strerror or exc}") from None
    if not found:
        if args.folder is None:
            out.write("  none yet: `cardrules play` saves every game here (quit or finished)\n")
        else:
            out.write("  none\n")
        return 0
    found.sort(key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    rows: list[Sequence[str]] = []
    for path in found[: args.limit]:
        when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        # Outside the saves folder a save is named by its path (as --resume wants it).
        shown = path.name if args.folder is None else str(path)
        try:
            record = load_record(str(path))
        except CliError as exc:
            rows.append((shown, when, "cannot be read: " + exc.message.split(": ", 1)[-1]))
            continue
        over = record.final_state().is_over
        status = "finished" if over else "in progress"
        what = f"{GAME_TITLES[record.game]}, {len(record.actions)} actions, {status}"
        rows.append((shown, when, what))
    wide = max(len(row[0]) for row in rows)
    for name, when, what in rows:
        out.write(f"  {name:<{wide}}  {when}  {what}\n")
    if len(found) > args.limit:
        out.write(f"  … and {len(found) - args.limit} older (--limit {len(found)} lists them)\n")
    out.write(
        "Continue one with `cardrules play GAME --resume FILE`, watch it with "
        "`cardrules replay FILE`.\n"
    )
    return 0


def resolve_save(name: str) -> str:
    """``name`` as given, or the save of that name in :func:`saves_dir` when only it exists.

    So ``--resume rummy500-20261201-093000.json`` works from any folder.
    """
    given = Path(name)
    if given.exists() or given.parent != Path("."):
        return name
    saved = saves_dir() / given.name
    return str(saved) if saved.is_file() else name
