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

import argparse
import hashlib
import json
import logging
import pathlib
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

from cardrules import bots, engine, records, rng
from cardrules.cards import Card
from cardrules.cli.errors import CliError
from cardrules.cli.leaderboard import check_player_name, record_result
from cardrules.cli.options import build_config
from cardrules.cli.players import LEVELS, derive_seed
from cardrules.cli.saves import saves_dir, write_save
from cardrules.records import GameRecord, from_json, to_json
from cardrules.wire.server import MAX_MOVES, RequestError, read_act

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

FILE_FORMAT: Final = "cardrules-web-game"
"""The ``format`` of a saved web game file."""

_MAX_FILE_BYTES: Final = 4_000_000
_ID_BYTES: Final = 12
_SWEEP_EVERY: Final = 60.0
_LEVEL_ORDER: Final = LEVELS

_log = logging.getLogger("cardrules.web")

_LOBBY_KEYS: Final = frozenset(
    {
        "game",
        "players",
        "level",
        "name",
        "target",
        "max_score",
        "buy_in",
        "royal",
        "sweeps",
        "partners",
        "seed",
    }
)


def default_folder() -> Path:
    """Where server games are saved: ``web`` inside the CLI's saves folder."""
    return saves_dir() / "web"


def owner_key(token: str) -> str:
    """What the store keeps of a browser's session token (a hash: the file never holds it)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _int_option(options: dict[str, Any], key: str, low: int, high: int) -> int | None:
    value = options.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise RequestError("bad_request", f"{key} must be a whole number {low}..{high}")
    return value


def _flag(options: dict[str, Any], key: str) -> bool:
    value = options.get(key, False)
    if not isinstance(value, bool):
        raise RequestError("bad_request", f"{key} must be true or false")
    return value


def read_lobby(options: object) -> tuple[str, Any, str, str, int | None]:
    """The lobby form as (game, config, level, name, seed); :class:`~.RequestError` if bad.

    The form's keys: ``game``; ``players`` (you and 1–3 computer opponents);
    ``level`` of the opponents; ``name`` for the leaderboard; the game's
    options ``target`` (Rummy 500, Casino), ``max_score`` and ``buy_in``
    (Las Vegas Rummy), ``royal``, ``sweeps`` and ``partners`` (Casino); and
    ``seed`` (a practice game). Options reach the game's Config as the CLI's
    flags do (``cardrules play``), with its defaults.
    """
    if not isinstance(options, dict):
        raise RequestError("bad_request", "a new game takes a JSON object")
    unknown = sorted(set(options) - _LOBBY_KEYS)
    if unknown:
        raise RequestError("bad_request", f"unknown keys {unknown}")
    game = options.get("game")
    if not isinstance(game, str) or game not in engine.GAMES:
        raise RequestError("bad_request", f"game must be one of {', '.join(engine.GAMES)}")
    level = options.get("level", "normal")
    if not isinstance(level, str) or level not in bots.available_levels(game):
        raise RequestError(
            "bad_request", f"level must be one of {', '.join(bots.available_levels(game))}"
        )
    name = options.get("name", "You")
    if not isinstance(name, str):
        raise RequestError("bad_request", "name must be text")
    seed = _int_option(options, "seed", 0, 2**63 - 1)
    buy_in = options.get("buy_in")
    if buy_in is not None and not isinstance(buy_in, str | int):
        raise RequestError("bad_request", "buy_in must be an amount such as 2 or 0.50")
    flags = argparse.Namespace(
        target=_int_option(options, "target", 1, 100_000),
        max_score=_int_option(options, "max_score", 1, 100_000),
        buy_in=None if buy_in in (None, "") else str(buy_in),
        royal=_flag(options, "royal"),
        sweeps=_flag(options, "sweeps"),
        partners=_flag(options, "partners"),
        option=[],
    )
    players = _int_option(options, "players", 2, 4)
    try:
        name = check_player_name(name)
        config = build_config(game, flags, players=players)
    except CliError as exc:
        raise RequestError("bad_request", exc.message.replace("--", "")) from None
    if config.num_players > 4:
        raise RequestError("bad_request", "a table seats you and 1-3 computer opponents")
    return game, config, level, name, seed


class WebGame:
    """One game on the server: the state (never sent), the player's seat, the bots.

    The player sits at seat 0; computer players of one level hold the other
    seats. Every change goes through :meth:`act`, which holds the game's lock.
    """

    def __init__(
        self,
        game_id: str,
        owner: str,
        record: records.GameRecord,  # qualified: the docs read these names as text
        names: list[str],
        levels: list[str | None],
        *,
        practice: bool,
        result: str | None = None,
        touched: float = 0.0,
    ) -> None:
        self.id = game_id
        self.owner = owner
        self.game = record.game
        self.rules = engine.definition(record.game)
        self.config = record.config
        self.seed = record.seed
        self.deck = record.deck
        # A file written elsewhere may stack every deal (or the cut) or seat late joiners: kept, so
        # that the game saved again replays. (The lobby never makes such games.)
        self.decks = record.decks
        self.joins = record.joins
        self.cut_deck = record.cut_deck
        self.actions: list[Any] = list(record.actions)
        self.state: Any = record.final_state()
        self.seat = 0
        self.names = names
        self.levels = levels
        self.practice = practice
        self.result = result
        self.touched = touched
        self.lock = threading.Lock()
        self.max_moves = MAX_MOVES
        if self.rules.max_game_length is not None:
            self.max_moves = min(MAX_MOVES, self.rules.max_game_length(self.config))
        self.bots: dict[int, bots.Bot] = {}
        for seat, level in enumerate(levels):
            if level is not None:
                self.bots[seat] = bots.make(self.game, level, seed=self._bot_seed(seat))

    def _bot_seed(self, seat: int) -> int:
        return derive_seed(self.seed, "seat", seat) % 2**32

    @property
    def version(self) -> int:
        """How many actions the game has taken (every seat's moves are public)."""
        return len(self.actions)

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see now."""
        return self.rules.view(self.state, seat)

    def act(self, args: Any) -> None:
        """Apply the player's action named by ``args`` (see :func:`cardrules.wire.server.read_act`),
        then let the computer players move until it is the player's turn again.

        Raises :class:`~.RequestError` and changes nothing if the action is not legal.
        """
        action = read_act(self.rules, self.state, self.seat, args)
        self._apply(action)
        self.play_bots()

    def _apply(self, action: Any) -> None:
        if len(self.actions) >= self.max_moves:
            raise RequestError("too_long", f"this game has reached {self.max_moves} moves")
        self.state = self.rules.apply(self.state, action)
        self.actions.append(action)

    def play_bots(self) -> None:
        """The computer players' moves, up to the player's turn or the end of the game."""
        while not self.state.is_over and self.state.to_act != self.seat:
            seat = self.state.to_act
            bot = self.bots.get(seat)
            if bot is None:  # a seat that joined later (Las Vegas Rummy): the hardest level
                level = max((lv for lv in self.levels if lv), key=_LEVEL_ORDER.index)
                while len(self.levels) <= seat:
                    self.levels.append(level)
                    self.names.append(f"Bot {len(self.names)} ({level})")
                bot = bots.make(self.game, level, seed=self._bot_seed(seat))
                self.bots[seat] = bot
            self._apply(bot.choose(self.rules.view(self.state, seat)))

    def record_result(self, leaderboard: str | None) -> None:
        """Once the game is over: its ranking points on the leaderboard, and what was said."""
        if not self.state.is_over or self.result is not None:
            return
        if self.practice:
            self.result = "Practice game (you chose the seed): not recorded on the leaderboard."
            return
        state = self.state
        rivals = [lv for seat, lv in enumerate(self.levels) if lv is not None]
        if self.game == "casino" and state.config.partnerships:
            partners = set(state.config.seats_of(state.config.side_of(self.seat)))
            rivals = [lv for seat, lv in enumerate(self.levels) if lv and seat not in partners]
        won = self.seat in state.winners
        self.result = record_result(
            leaderboard, self.names[0], self.game, won=won, opponents=rivals
        )

    def document(self) -> str:
        """The game as the JSON text of its save file."""
        record = GameRecord(
            self.game, self.config, self.seed, self.deck, tuple(self.actions),
            decks=self.decks, joins=self.joins, cut_deck=self.cut_deck,
        )
        return json.dumps(
            {
                "format": FILE_FORMAT,
                "version": 1,
                "id": self.id,
                "owner": self.owner,
                "names": self.names,
                "levels": self.levels,
                "practice": self.practice,
                "result": self.result,
                "touched": self.touched,
                "record": json.loads(to_json(record)),
            },
            ensure_ascii=False,
        )

    @classmethod
    def from_document(cls, text: str) -> WebGame:
        """A game read back from its save file; ``ValueError`` if it is not one."""
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != FILE_FORMAT:
            raise ValueError("not a cardrules web game file")
        record = from_json(json.dumps(data["record"]))
        if not isinstance(record, GameRecord):
            raise ValueError("the file's record is not a game record")
        names, levels = data["names"], data["levels"]
        if not isinstance(names, list) or not isinstance(levels, list):
            raise ValueError("names and levels must be lists")
        game_id, owner = data["id"], data["owner"]
        if not isinstance(game_id, str) or not isinstance(owner, str):
            raise ValueError("id and owner must be text")
        return cls(
            game_id,
            owner,
            record,
            [str(n) for n in names],
            [None if lv is None else str(lv) for lv in levels],
            practice=bool(data["practice"]),
            result=data.get("result"),
            touched=float(data.get("touched", 0.0)),
        )


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
        game.record_result(self.leaderboard)
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
            game.record_result(self.leaderboard)
            self.save(game)
        return game

    def owned_by(self, owner: str) -> list[WebGame]:
        """The games ``owner`` started, newest first."""
        with self.lock:
            mine = [g for g in self.games.values() if g.owner == owner]
        return sorted(mine, key=lambda g: g.touched, reverse=True)
