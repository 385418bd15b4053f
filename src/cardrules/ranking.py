"""Ranking points and the leaderboard (SQLite, standard library only).

Winning a full game against the computer earns points by the level beaten
(see the Bots page of the docs): easy +10, normal +30, expert +100.
Against several computer opponents the hardest level counts. A lost game earns
nothing but is counted.

>>> points_for("expert")
100
>>> points_for_game(["easy", "normal"])
30
>>> import tempfile, os
>>> folder = tempfile.mkdtemp()
>>> board = Leaderboard(os.path.join(folder, "board.sqlite"))
>>> board.record("Ada", "rummy500", won=True, opponents=["normal"])
30
>>> board.record("Ada", "rummy500", won=False, opponents=["expert"])
0
>>> [(s.player, s.games, s.wins, s.points, s.best_level) for s in board.table("rummy500")]
[('Ada', 2, 1, 30, 'normal')]
>>> board.close()
"""

from __future__ import annotations

import os
import random
import sqlite3
import sys
import time
import unicodedata
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

import attrs

from cardrules.engine import GAMES

__all__ = [
    "APPLICATION_ID",
    "MAX_LIMIT",
    "MAX_NAME_LENGTH",
    "POINTS",
    "GameTotals",
    "Leaderboard",
    "Standing",
    "default_path",
    "points_for",
    "points_for_game",
]

POINTS: Final = {"easy": 10, "normal": 30, "expert": 100}
"""Ranking points for winning a full game against each computer level."""

MAX_NAME_LENGTH: Final = 40
"""The longest player name accepted, in characters."""

APPLICATION_ID: Final = 0x43524C42
"""``PRAGMA application_id`` of our leaderboard files (``CRLB``): a file without it is refused."""

MAX_LIMIT: Final = 10_000
"""The most rows :meth:`Leaderboard.table` returns at once."""

_LEVEL_ORDER: Final = ("easy", "normal", "expert")
_MAX_OPPONENTS: Final = 7
_SCHEMA_VERSION: Final = 1


def points_for(level: str) -> int:
    """Ranking points for beating a computer player of ``level`` in a full game."""
    if not isinstance(level, str) or level not in POINTS:
        raise ValueError(f"unknown ranked level {level!r}; ranked levels are easy, normal, expert")
    return POINTS[level]


def _check_levels(opponents: Sequence[str]) -> tuple[str, ...]:
    if isinstance(opponents, str) or not isinstance(opponents, Sequence):
        raise ValueError("opponents must be a list of levels, e.g. ['easy', 'expert']")
    levels = tuple(opponents)
    if not 1 <= len(levels) <= _MAX_OPPONENTS:
        raise ValueError(f"a game has 1..{_MAX_OPPONENTS} computer opponents, not {len(levels)}")
    for level in levels:
        points_for(level)
    return levels


def points_for_game(opponents: Sequence[str]) -> int:
    """Points for winning a full game against ``opponents``: the hardest level's points."""
    return max(points_for(level) for level in _check_levels(opponents))


def _hardest(levels: Sequence[str]) -> str:
    return max(levels, key=_LEVEL_ORDER.index)


def default_path() -> Path:
    """Where the leaderboard lives by default: the platform's user data folder.

    Linux and others: ``$XDG_DATA_HOME/cardrules`` (``~/.local/share/cardrules``);
    Windows: ``%APPDATA%\\cardrules``; macOS: ``~/Library/Application Support/cardrules``.
    """
    if sys.platform.startswith("win"):
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME")
        base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".local" / "share"
    return base / "cardrules" / "leaderboard.sqlite3"


def _check_name(player: object) -> str:
    if not isinstance(player, str):
        raise ValueError(f"a player name is text, not {type(player).__name__}")
    name = unicodedata.normalize("NFC", player).strip()
    if not name:
        raise ValueError("a player name may not be empty")
    if len(name) > MAX_NAME_LENGTH:
        raise ValueError(f"a player name may have at most {MAX_NAME_LENGTH} characters")
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ValueError(f"a player name may not contain the control character {char!r}")
    return name


def _check_game(game: object) -> str:
    if not isinstance(game, str) or game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    return game


@attrs.frozen
class Standing:
    """One line of the leaderboard: a player's totals (in one game, or all games)."""

    player: str
    games: int
    wins: int
    points: int
    best_level: str | None
    """The hardest level the player has beaten, or ``None``."""


@attrs.frozen
class GameTotals:
    """A player's totals in one game."""

    game: str
    games: int
    wins: int
    points: int
    best_level: str | None


class Leaderboard:
    """Players' results, kept in an SQLite file (WAL mode, one transaction per record).

    ``path=None`` uses :func:`default_path`; ``":memory:"`` keeps it in memory.
    Several processes may record at once: writers wait for each other (busy
    timeout) and retry, and a writer killed mid-way loses only its own
    unfinished record. Player names are compared after Unicode NFC
    normalisation and trimming; they are case-sensitive.

    The board touches only its own file: our files carry ``PRAGMA
    application_id`` :data:`APPLICATION_ID`, and any other SQLite file (or a
    file that is no database) is refused with ``ValueError`` before anything
    is written to it. An empty or new file becomes a leaderboard. A file this
    library wrote before it was marked (the same tables, ``user_version`` 1,
    no application id) is accepted and marked on the next write.
    ``read_only=True`` (for displaying) opens the file read-only and never
    writes, creates or converts anything: a missing file reads as an empty
    board, and a file the user may not write to can be shown.
    """

    def __init__(
        self,
        path: str | os.PathLike[str] | None = None,
        *,
        timeout: float = 30.0,
        read_only: bool = False,
    ):
        if path is None:
            path = default_path()
        self.path = str(path)
        self.read_only = read_only
        self._timeout = timeout
        if read_only:
            self._db = self._open_read_only()
            return
        if self.path != ":memory:":
            self._refuse_foreign_file()
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None)
        try:
            self._db.execute(f"PRAGMA busy_timeout = {int(timeout * 1000)}")
            self._check_ours(self._db)
            if self.path != ":memory:":
                self._retry(lambda: self._db.execute("PRAGMA journal_mode=WAL"))
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.execute("PRAGMA foreign_keys=ON")
            self._retry(self._create)
        except BaseException:
            self._db.close()
            raise

    def _refuse_foreign_file(self) -> None:
        """``ValueError`` if the file exists and is not an SQLite database (checked unopened)."""
        target = Path(self.path)
        if not target.is_file() or target.stat().st_size == 0:
            return
        with target.open("rb") as stream:
            header = stream.read(16)
        if header != b"SQLite format 3\x00":
            raise ValueError(f"{self.path} is not a cardrules leaderboard (not an SQLite file)")

    def _check_ours(self, db: sqlite3.Connection) -> None:
        """``ValueError`` unless ``db`` is empty, ours, or ours from before the mark."""
        try:
            (app_id,) = db.execute("PRAGMA application_id").fetchone()
            (version,) = db.execute("PRAGMA user_version").fetchone()
            tables = {
                name
                for (name,) in db.execute(
                    "SELECT name FROM sqlite_master WHERE type IN ('table', 'view', 'index')"
                    " AND name NOT LIKE 'sqlite_%'"
                )
            }
        except sqlite3.DatabaseError as exc:
            raise ValueError(f"{self.path} is not a cardrules leaderboard ({exc})") from None
        if app_id == APPLICATION_ID:
            if version > _SCHEMA_VERSION:
                raise ValueError(
                    f"{self.path} is a leaderboard of a newer cardrules (schema {version}); "
                    "upgrade cardrules to use it"
                )
            return
        ours = {"players", "results", "results_by_player"}
        if app_id == 0 and ((not tables and version == 0) or (tables == ours and version == 1)):
            return
        what = f"application_id {app_id:#x}" if app_id else "its tables are not ours"
        raise ValueError(
            f"{self.path} is not a cardrules leaderboard ({what}); give another file "
            "(--leaderboard/--db PATH) — this one is left untouched"
        )

    def _open_read_only(self) -> sqlite3.Connection:
        if self.path == ":memory:" or not Path(self.path).exists():
            db = sqlite3.connect(":memory:", isolation_level=None)
            self._create_on(db)  # a board with no results; nothing on disk is touched
            return db
        self._refuse_foreign_file()
        target = Path(self.path).resolve()
        with target.open("rb") as stream:
            header = stream.read(20)
        in_wal_mode = len(header) == 20 and header[18] == 2
        wal = target.with_name(target.name + "-wal")
        if in_wal_mode and not wal.exists():
            # No writer is at work (its WAL file would exist): read the file as it is,
            # without the lock files a WAL reader would otherwise create beside it.
            uri = f"{target.as_uri()}?mode=ro&immutable=1"
        else:
            uri = f"{target.as_uri()}?mode=ro"
        db = sqlite3.connect(uri, uri=True, timeout=self._timeout, isolation_level=None)
        try:
            self._check_ours(db)
            tables = {n for (n,) in db.execute("SELECT name FROM sqlite_master")}
            if "results" not in tables:  # an empty file: nothing recorded
                db.close()
                db = sqlite3.connect(":memory:", isolation_level=None)
                self._create_on(db)
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _create_on(db: sqlite3.Connection) -> None:
        db.execute(
            "CREATE TABLE IF NOT EXISTS players (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)"
        )
        db.execute(
            "CREATE TABLE IF NOT EXISTS results ("
            " id INTEGER PRIMARY KEY,"
            " player_id INTEGER NOT NULL REFERENCES players(id),"
            " game TEXT NOT NULL, won INTEGER NOT NULL CHECK (won IN (0, 1)),"
            " opponents TEXT NOT NULL, hardest TEXT NOT NULL,"
            " points INTEGER NOT NULL, played_at TEXT NOT NULL)"
        )
        db.execute("CREATE INDEX IF NOT EXISTS results_by_player ON results(player_id, game)")

    def _create(self) -> None:
        with self._transaction() as db:
            self._check_ours(db)  # again inside the lock: another process may have changed it
            self._create_on(db)
            db.execute(f"PRAGMA user_version = {_SCHEMA_VERSION}")
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _retry(self, work: object, attempts: int = 8) -> object:
        assert callable(work)
        delay = 0.02
        for attempt in range(attempts):
            try:
                return work()
            except sqlite3.OperationalError as error:
                busy = "locked" in str(error) or "busy" in str(error)
                if not busy or attempt == attempts - 1:
                    raise
                time.sleep(delay * (1 + random.random()))
                delay = min(delay * 2, 1.0)
        raise AssertionError("unreachable")

    def record(self, player: str, game: str, *, won: bool, opponents: Sequence[str]) -> int:
        """Record one finished game of ``player`` against computer ``opponents``.

        Returns the ranking points earned (:func:`points_for_game` if won, else 0).
        Bad input raises ``ValueError`` and records nothing.
        """
        if self.read_only:
            raise ValueError(f"{self.path} was opened read-only: record nothing")
        name = _check_name(player)
        _check_game(game)
        if not isinstance(won, bool):
            raise ValueError(f"won must be True or False, not {won!r}")
        levels = _check_levels(opponents)
        points = points_for_game(levels) if won else 0
        played_at = datetime.now(UTC).isoformat(timespec="seconds")

        def work() -> None:
            with self._transaction() as db:
                db.execute("INSERT OR IGNORE INTO players(name) VALUES (?)", (name,))
                (player_id,) = db.execute(
                    "SELECT id FROM players WHERE name = ?", (name,)
                ).fetchone()
                db.execute(
                    "INSERT INTO results(player_id, game, won, opponents, hardest, points,"
                    " played_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (player_id, game, int(won), ",".join(levels), _hardest(levels), points,
                     played_at),
                )

        self._retry(work)
        return points

    def table(self, game: str | None = None, *, limit: int = 20) -> list[Standing]:
        """The leaderboard: players by points, then wins, then fewer games, then name.

        ``game=None`` adds up every game.
        """
        if game is not None:
            _check_game(game)
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
            raise ValueError(f"limit must be a whole number 1..{MAX_LIMIT}, not {limit!r}")
        where, args = ("WHERE r.game = ?", [game]) if game is not None else ("", [])
        rows = self._db.execute(
            "SELECT p.name, COUNT(*), SUM(r.won), SUM(r.points),"
            " MAX(CASE WHEN r.won THEN CASE r.hardest WHEN 'expert' THEN 3"
            " WHEN 'normal' THEN 2 ELSE 1 END ELSE 0 END)"
            f" FROM results r JOIN players p ON p.id = r.player_id {where}"
            " GROUP BY p.id ORDER BY SUM(r.points) DESC, SUM(r.won) DESC, COUNT(*) ASC, p.name"
            " LIMIT ?",
            (*args, limit),
        ).fetchall()
        return [
            Standing(name, games, wins, points, _LEVEL_ORDER[best - 1] if best else None)
            for name, games, wins, points, best in rows
        ]

    def totals(self, player: str) -> list[GameTotals]:
        """A player's totals and best result per game (games never played are left out)."""
        name = _check_name(player)
        rows = self._db.execute(
            "SELECT r.game, COUNT(*), SUM(r.won), SUM(r.points),"
            " MAX(CASE WHEN r.won THEN CASE r.hardest WHEN 'expert' THEN 3"
            " WHEN 'normal' THEN 2 ELSE 1 END ELSE 0 END)"
            " FROM results r JOIN players p ON p.id = r.player_id WHERE p.name = ?"
            " GROUP BY r.game ORDER BY r.game",
            (name,),
        ).fetchall()
        return [
            GameTotals(game, games, wins, points, _LEVEL_ORDER[best - 1] if best else None)
            for game, games, wins, points, best in rows
        ]

    def count(self) -> int:
        """How many results are recorded."""
        (n,) = self._db.execute("SELECT COUNT(*) FROM results").fetchone()
        return int(n)

    def integrity_ok(self) -> bool:
        """Whether SQLite's ``PRAGMA integrity_check`` finds the file sound."""
        return bool(self._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok")

    def close(self) -> None:
        """Close the database connection."""
        self._db.close()

    def __enter__(self) -> Leaderboard:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
