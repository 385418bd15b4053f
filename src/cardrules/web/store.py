"""The web server's games: one :class:`WebGame` per game, kept in a :class:`GameStore`.

A game holds its full state here, on the server; what leaves the server is
built from views only (:mod:`cardrules.web.payload`). Each game is saved to
the data folder after every change (one JSON file per game, written beside
and moved over the old one, so a crash never leaves half a file), loaded
again when the server starts, and dropped — file and all — once nobody has
touched it for the store's idle time.

The file holds the game record (config, seed, actions), so it is the
server's secret: it is never served. A game started with a seed the player
chose is practice and earns no ranking points (the rule of ``cardrules
play``).

>>> import tempfile
>>> store = GameStore(tempfile.mkdtemp())
>>> game = store.create({"game": "casino", "level": "random", "name": "Ada"}, owner="t0")
>>> game.state.to_act == game.seat or game.state.is_over
True
>>> store.get(game.id, owner="t0") is game
True
"""

from __future__ import annotations

import hashlib
import logging
import pathlib
import secrets
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from cardrules import engine, ranking, rng
from cardrules.cards import Card
from cardrules.cli.errors import CliError
from cardrules.cli.saves import saves_dir, write_save
from cardrules.records import GameRecord
from cardrules.web.games import FILE_FORMAT, WebGame, read_lobby
from cardrules.wire.server import RequestError

__all__ = [
    "DEFAULT_IDLE_SECONDS",
    "FILE_FORMAT",
    "MAX_GAMES",
    "MAX_GAMES_PER_SESSION",
    "GameStore",
    "WebGame",
    "default_folder",
]

MAX_GAMES: Final = 1000
"""The most games one server keeps at once (a new one past this is refused with 429)."""

MAX_GAMES_PER_SESSION: Final = 10
"""The most games one browser session keeps: a new one past this drops that session's
least recently touched game (file too), so one browser cannot fill the server."""

DEFAULT_IDLE_SECONDS: Final = 7 * 24 * 3600
"""A game nobody has touched for this long (a week) is dropped, its file too."""

_MAX_FILE_BYTES: Final = 4_000_000
_ID_BYTES: Final = 12
_SWEEP_EVERY: Final = 60.0

_log = logging.getLogger("cardrules.web")


def record_result(game: WebGame, leaderboard: str | None) -> None:
    """Once ``game`` is over: its ranking points on the leaderboard, and what to tell the player
    (``game.result``). The text never names the leaderboard's file: it goes to a browser.

    >>> import tempfile
    >>> board = str(Path(tempfile.mkdtemp()) / "board.sqlite3")
    >>> store = GameStore(tempfile.mkdtemp(), leaderboard=board)
    >>> game = store.create({"game": "casino", "level": "easy", "target": 1}, owner="t0")
    >>> while not game.state.is_over:
    ...     game.act({"index": 0})
    >>> record_result(game, board)
    >>> game.result.endswith("on the leaderboard.") and board not in game.result
    True
    """
    if not game.state.is_over or game.result is not None:
        return
    if game.practice:
        game.result = "Practice game (you chose the seed): not recorded on the leaderboard."
        return
    won, rivals = game.standing()
    unranked = sorted({level for level in rivals if level not in ranking.POINTS})
    if unranked:
        game.result = (
            f"Not recorded on the leaderboard: {', '.join(unranked)} opponents are unranked."
        )
        return
    player = game.names[game.seat]
    try:
        with ranking.Leaderboard(leaderboard) as board:
            points = board.record(player, game.game, won=won, opponents=rivals)
    except (ValueError, OSError, sqlite3.Error) as exc:
        _log.error("cannot record %s on the leaderboard: %s", game.id, exc)
        game.result = "The leaderboard could not be written; the game is saved."
        return
    if won:
        game.result = f"{points} ranking points for {player} on the leaderboard."
    else:
        game.result = f"Recorded a lost game for {player} on the leaderboard."


def default_folder() -> Path:
    """Where server games are saved: ``web`` inside the CLI's saves folder."""
    return saves_dir() / "web"


def owner_key(token: str) -> str:
    """What the store keeps of a browser's session token (a hash: the file never holds it)."""
    return hashlib.sha256(token.encode()).hexdigest()


class GameStore:
    """Every game of one server, by id, saved in ``folder``.

    ``clock`` gives the time in seconds (tests pass their own); a game not
    touched for ``idle_seconds`` is dropped. ``leaderboard`` is the SQLite
    file results go to (``None``: the CLI's default file).
    """

    def __init__(
        self,
        folder: str | pathlib.Path | None = None,
        *,
        leaderboard: str | None = None,
        idle_seconds: float = DEFAULT_IDLE_SECONDS,
        max_games: int = MAX_GAMES,
        clock: Callable[[], float] = time.time,
        new_id: Callable[[], str] | None = None,
    ) -> None:
        self.folder = Path(folder) if folder is not None else default_folder()
        self.leaderboard = leaderboard
        self.idle_seconds = idle_seconds
        self.max_games = max_games
        self.clock = clock
        self.new_id = new_id or (lambda: secrets.token_urlsafe(_ID_BYTES))
        self.games: dict[str, WebGame] = {}
        self.lock = threading.Lock()
        self._swept = clock()
        self.load()

    def _path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.json"

    def load(self) -> None:
        """Read every saved game of the folder (files that are not games are left alone)."""
        try:
            paths = sorted(self.folder.glob("*.json"))
        except OSError:
            return
        for path in paths[: self.max_games]:
            try:
                if path.stat().st_size > _MAX_FILE_BYTES:
                    raise ValueError("file too large")
                game = WebGame.from_document(path.read_text(encoding="utf-8"))
            except (OSError, ValueError, TypeError, KeyError) as exc:
                _log.warning("skipping %s: %s", path.name, exc)
                continue
            if path.stem == game.id:
                self.games[game.id] = game
        self.expire()

    def save(self, game: WebGame) -> None:
        """Write ``game``'s file (atomically)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        try:
            write_save(game.game, game.document() + "\n", self._path(game.id))
        except CliError as exc:
            _log.error("%s", exc.message)

    def expire(self) -> list[str]:
        """Drop the games idle for longer than the idle time; their ids."""
        now = self.clock()
        with self.lock:
            self._swept = now
            old = [gid for gid, g in self.games.items() if now - g.touched > self.idle_seconds]
            for game_id in old:
                del self.games[game_id]
        for game_id in old:
            self._path(game_id).unlink(missing_ok=True)
        return old

    def _maybe_expire(self) -> None:
        if self.clock() - self._swept >= min(_SWEEP_EVERY, self.idle_seconds):
            self.expire()

    def create(self, options: object, *, owner: str, deck: Sequence[Card] | None = None) -> WebGame:
        """A new game from the lobby's form (see :func:`!read_lobby`), the bots' first moves made.

        ``deck`` stacks the first deal (as ``new_game``'s ``deck``; for tests and
        tutorials — the lobby never sends one).
        """
        self._maybe_expire()
        game_name, config, level, name, seed = read_lobby(options)
        with self.lock:
            if len(self.games) >= self.max_games:
                raise RequestError("busy", f"this server holds {self.max_games} games already")
        practice = seed is not None
        seed = rng.draw_seed() if seed is None else seed
        state = engine.new_game(game_name, config, seed=seed, deck=deck)
        seats = len(state.hands)
        names = [name] + [f"Bot {seat} ({level})" for seat in range(1, seats)]
        levels: list[str | None] = [None] + [level] * (seats - 1)
        record = GameRecord(
            game_name, state.config, seed, None if deck is None else tuple(deck), ()
        )
        game = WebGame(
            self.new_id(), owner, record, names, levels, practice=practice, touched=self.clock()
        )
        game.play_bots()
        record_result(game, self.leaderboard)
        with self.lock:
            mine = sorted(
                (g for g in self.games.values() if g.owner == owner), key=lambda g: g.touched
            )
            dropped = mine[: max(0, len(mine) - MAX_GAMES_PER_SESSION + 1)]
            for old in dropped:
                del self.games[old.id]
            self.games[game.id] = game
        for old in dropped:
            self._path(old.id).unlink(missing_ok=True)
        self.save(game)
        return game

    def find(self, game_id: str) -> WebGame:
        """The game ``game_id`` (for a spectator); :class:`~.RequestError` ``no_game`` if none."""
        self._maybe_expire()
        with self.lock:
            game = self.games.get(game_id)
        if game is None:
            raise RequestError("no_game", "no such game (it may have expired)")
        return game

    def get(self, game_id: str, *, owner: str | None) -> WebGame:
        """The game ``game_id`` if ``owner`` started it; else :class:`~.RequestError`.

        Its player looking at it counts as touching it (it does not expire while open).
        """
        game = self.find(game_id)
        if owner is None or not secrets.compare_digest(game.owner, owner):
            raise RequestError("forbidden", "this game belongs to another browser session")
        game.touched = self.clock()
        return game

    def act(self, game_id: str, args: Any, *, owner: str | None, version: int | None) -> WebGame:
        """Play the player's action in game ``game_id`` (see :meth:`WebGame.act`) and save it.

        ``version`` (optional) is the number of actions the client last saw:
        a request made on an older table is refused (``stale``), so a double
        click never plays twice.
        """
        game = self.get(game_id, owner=owner)
        with game.lock:
            if version is not None and version != game.version:
                raise RequestError("stale", "the table has changed since; look again")
            game.act(args)
            game.touched = self.clock()
            record_result(game, self.leaderboard)
            self.save(game)
        return game

    def owned_by(self, owner: str) -> list[WebGame]:
        """The games ``owner`` started, newest first."""
        with self.lock:
            mine = [g for g in self.games.values() if g.owner == owner]
        return sorted(mine, key=lambda g: g.touched, reverse=True)
