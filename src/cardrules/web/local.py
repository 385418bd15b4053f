"""The server's game requests answered in the browser: the engine of the static site.

``cardrules site build`` writes a site whose Web Worker runs this module under
Pyodide. The page sends the same requests it sends to ``cardrules serve``
(``POST /api/games``, ``GET /api/games/{id}``, ``POST /api/games/{id}/act``)
and gets the same answers (:func:`cardrules.web.payload.table_payload` of a
view, or ``{"error": ...}`` with the same status), so one page code plays in
both modes. The page keeps each game's document (:meth:`WebGame.document
<cardrules.web.games.WebGame.document>`) in the browser's storage and hands
it back when the worker does not hold the game (after a reload), and it keeps
the leaderboard there too: this module imports neither SQLite nor Starlette.

>>> import json
>>> tables = LocalTables()
>>> reply = json.loads(tables.handle("POST", "/api/games",
...     '{"game": "casino", "level": "easy", "seed": 7}'))
>>> reply["status"], reply["data"]["game"], reply["data"]["practice"]
(201, 'casino', True)
>>> game_id = reply["data"]["id"]
>>> moved = json.loads(tables.handle("POST", f"/api/games/{game_id}/act", '{"index": 0}'))
>>> moved["status"], moved["data"]["version"] > 0
(200, True)
"""

from __future__ import annotations

import json
import secrets
import time
from typing import Any, Final

from cardrules import bots, engine, rng
from cardrules.records import GameRecord
from cardrules.web.games import STATUS, WebGame, hint_payload, read_lobby
from cardrules.web.payload import Table, table_payload
from cardrules.wire.server import RequestError

__all__ = ["MAX_LOCAL_GAMES", "LocalTables", "bot_think_times"]

MAX_LOCAL_GAMES: Final = 10
"""The most games the worker holds in memory at once (the oldest is let go; the page still
has its document and hands it back when it is shown again)."""

_MAX_BODY: Final = 16_384


def _answer(status: int, data: Any, game: WebGame | None = None) -> str:
    reply: dict[str, Any] = {"status": status, "data": data}
    if game is not None:
        won, rivals = game.standing()
        reply["document"] = game.document()
        reply["summary"] = {
            "id": game.id,
            "title": engine.TITLES[game.game],
            "over": game.state.is_over,
            "moves": game.version,
            "game": game.game,
            "player": game.names[game.seat],
            "practice": game.practice,
            "won": won,
            "rivals": rivals,
        }
    return json.dumps(reply, ensure_ascii=False)


def _refuse(code: str, message: str) -> str:
    return _answer(STATUS.get(code, 400), {"error": {"code": code, "message": message}})


def _body(text: str | None) -> Any:
    if text is None or text == "":
        return None
    if len(text) > _MAX_BODY:
        raise RequestError("too_large", f"a request body holds at most {_MAX_BODY} bytes")
    try:
        return json.loads(text)
    except RecursionError:
        raise RequestError("bad_request", "the request is nested too deeply") from None
    except ValueError as exc:
        raise RequestError("bad_request", f"not JSON: {exc}") from None


def _shown(game: WebGame, status: int = 200, *, moved: bool = False) -> str:
    table = Table(game.id, game.game, tuple(game.names), game.practice, game.version, game.result)
    since = game.views_since_move() if moved else None
    return _answer(status, table_payload(table, game.view(game.seat), since_move=since), game)


def _watched(game: WebGame, events: tuple[Any, ...] | None, status: int = 200) -> str:
    """A watched game as a spectator sees it (``view(state, None)``), with ``events`` (the
    moves not shown yet) in place of the view's log; no document: nothing is kept."""
    table = Table(game.id, game.game, tuple(game.names), game.practice, game.version)
    return _answer(status, table_payload(table, game.view(None), events=events))


class LocalTables:
    """The games of one browser tab's worker, answering the web app's game requests.

    >>> tables = LocalTables()
    >>> import json
    >>> json.loads(tables.handle("GET", "/api/games/nope", None))["status"]
    404
    """

    def __init__(self) -> None:
        self.games: dict[str, WebGame] = {}
        self.watched: dict[str, WebGame] = {}

    def _keep(self, game: WebGame) -> None:
        self.games.pop(game.id, None)
        self.games[game.id] = game
        while len(self.games) > MAX_LOCAL_GAMES:
            del self.games[next(iter(self.games))]

    def _game(self, game_id: str, saved: str | None) -> WebGame:
        game = self.games.get(game_id)
        if game is None and saved:
            try:
                game = WebGame.from_document(saved)
            except (ValueError, TypeError, KeyError) as exc:
                raise RequestError("no_game", f"the saved game cannot be read: {exc}") from None
            if game.id != game_id:
                raise RequestError("no_game", "the saved game is another game")
            self._keep(game)
        if game is None:
            raise RequestError("no_game", "no such game in this browser")
        return game

    def create(self, options: object) -> WebGame:
        """A new game from the lobby's form, the computer players' first moves made."""
        game_name, config, level, name, seed = read_lobby(options)
        practice = seed is not None
        seed = rng.draw_seed() if seed is None else seed
        state = engine.new_game(game_name, config, seed=seed)
        seats = len(state.hands)
        names = [name] + [f"Bot {seat} ({level})" for seat in range(1, seats)]
        levels: list[str | None] = [None] + [level] * (seats - 1)
        record = GameRecord(game_name, state.config, seed, None, ())
        game = WebGame(
            secrets.token_urlsafe(12), "browser", record, names, levels, practice=practice
        )
        game.play_bots()
        self._keep(game)
        return game

    def watch(self, options: object) -> WebGame:
        """A new game of computer players only, for the spectator's page: the lobby's form
        (its ``name`` unused), every seat at its ``level``. It is not saved and earns nothing.
        """
        game_name, config, level, _name, seed = read_lobby(options)
        seed = rng.draw_seed() if seed is None else seed
        state = engine.new_game(game_name, config, seed=seed)
        seats = len(state.hands)
        record = GameRecord(game_name, state.config, seed, None, ())
        game = WebGame(
            secrets.token_urlsafe(12),
            "browser",
            record,
            [f"Bot {seat} ({level})" for seat in range(seats)],
            [level] * seats,
            practice=True,
        )
        self.watched[game.id] = game
        while len(self.watched) > MAX_LOCAL_GAMES:
            del self.watched[next(iter(self.watched))]
        return game

    def _watched_game(self, game_id: str) -> WebGame:
        game = self.watched.get(game_id)
        if game is None:
            raise RequestError("no_game", "no such watched game (it is not kept after a reload)")
        return game

    def handle(self, method: str, path: str, body: str | None, saved: str | None = None) -> str:
        """The answer to one request, as JSON text: ``{"status", "data"}`` and, for a game,
        its ``document`` (to keep) and ``summary`` (for the list of games and the leaderboard).

        ``saved`` is the document the page holds for the game named in ``path``.
        """
        parts = path.strip("/").split("/")
        try:
            if parts[:2] == ["api", "watch"]:
                return self._handle_watch(method, parts, body)
            if parts[:2] != ["api", "games"] or len(parts) > 4:
                raise RequestError("no_game", f"no such request: {method} {path}")
            if len(parts) == 2 and method == "POST":
                return _shown(self.create(_body(body)), 201)
            if len(parts) == 3 and method == "GET":
                return _shown(self._game(parts[2], saved))
            if len(parts) == 4 and parts[3] == "hint" and method == "GET":
                game = self._game(parts[2], saved)
                view, seed = game.hint_request()
                return _answer(200, hint_payload(game.game, view, seed, game.version))
            if len(parts) == 4 and parts[3] == "act" and method == "POST":
                game = self._game(parts[2], saved)
                args = _body(body)
                if not isinstance(args, dict):
                    raise RequestError("bad_request", "a move is a JSON object")
                version = args.pop("version", None)
                if version is not None and (
                    isinstance(version, bool) or not isinstance(version, int)
                ):
                    raise RequestError("bad_request", "version must be a whole number")
                if version is not None and version != game.version:
                    raise RequestError("stale", "the table has changed since; look again")
                game.act(args)
                return _shown(game, moved=True)
            raise RequestError("bad_request", f"no such request: {method} {path}")
        except RequestError as exc:
            return _refuse(exc.code, exc.message)

    def _handle_watch(self, method: str, parts: list[str], body: str | None) -> str:
        """``POST /api/watch`` (a new game of computer players), ``GET /api/watch/{id}``,
        and ``POST /api/watch/{id}/next`` (``{"version": n}`` optional): the next move,
        whose events are the answer's ``events``."""
        if len(parts) == 2 and method == "POST":
            game = self.watch(_body(body))
            return _watched(game, None, 201)
        if len(parts) == 3 and method == "GET":
            return _watched(self._watched_game(parts[2]), None)
        if len(parts) == 4 and parts[3] == "next" and method == "POST":
            game = self._watched_game(parts[2])
            args = _body(body)
            if args is not None and not isinstance(args, dict):
                raise RequestError("bad_request", "a request to go on is a JSON object")
            version = (args or {}).get("version")
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise RequestError("bad_request", "version must be a whole number")
            if version is not None and version != game.version:
                raise RequestError("stale", "the table has changed since; look again")
            if game.state.is_over:
                raise RequestError("game_over", "the game is over")
            return _watched(game, game.bot_move())
        raise RequestError("bad_request", f"no such request: {method} /{'/'.join(parts)}")


def bot_think_times(game: str, level: str, moves: int, seed: int) -> list[float]:
    """Seconds each of the first ``moves`` bot decisions takes in a seeded game where every
    seat is a bot of ``level`` (``benchmarks/web_static.py`` runs it in the browser's worker
    and in CPython).

    >>> len(bot_think_times("casino", "easy", 5, seed=1))
    5
    """
    state = engine.new_game(game, seed=seed)
    rules = engine.definition(game)
    players = {seat: bots.make(game, level, seed=seed + seat) for seat in range(len(state.hands))}
    times: list[float] = []
    while len(times) < moves and not state.is_over:
        seat = state.to_act
        if seat not in players:  # a seat that joined later
            players[seat] = bots.make(game, level, seed=seed + seat)
        view = rules.view(state, seat)
        begun = time.perf_counter()
        action = players[seat].choose(view)
        times.append(time.perf_counter() - begun)
        state = rules.apply(state, action)
    return times
