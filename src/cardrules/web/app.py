"""The Starlette application of ``cardrules serve``: pages, the JSON API, the static assets.

Pages (plain HTML, CSS and JavaScript served by the package; nothing from
elsewhere): ``/`` the lobby, ``/table/{id}`` a game, ``/watch/{id}`` the same
game for a spectator, ``/leaderboard``.

The JSON API (every game response is :func:`cardrules.web.payload.table_payload`
of a view):

=====================================  ==========================================
``GET /api/meta``                      the games, their options and bot levels
``POST /api/games``                    start a game from the lobby's form (201)
``GET /api/games``                     your games (this browser's)
``GET /api/games/{id}``                your view of a game
``POST /api/games/{id}/act``           ``{"index": n}`` or ``{"text": "..."}``, and
                                       optionally ``"version"``: play a move
``GET /api/games/{id}/hint``           the expert's suggested move for you, with
                                       its reason (from your view only)
``GET /api/games/{id}/watch``          the spectator's view
``GET /api/leaderboard``               the leaderboard's tables
=====================================  ==========================================

A browser is known by a random session cookie (``cardrules_session``); a game
answers only the session that started it, a spectator needs only the id.
Errors are ``{"error": {"code": ..., "message": ...}}`` with a 4xx status
(:data:`STATUS`): the game is left as it was. A request body holds at most
:data:`MAX_BODY` bytes.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from pathlib import Path
from typing import Any, Final

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cardrules import bots, engine, ranking, records
from cardrules.web.games import STATUS, WebGame, hint_payload
from cardrules.web.payload import Table, table_payload
from cardrules.web.store import GameStore, owner_key
from cardrules.wire.server import RequestError

__all__ = ["COOKIE", "MAX_BODY", "STATUS", "create_app"]

MAX_BODY: Final = 16_384
"""The largest request body accepted, in bytes (larger: 413)."""

COOKIE: Final = "cardrules_session"
"""The name of the browser-session cookie."""

COOKIE_DAYS: Final = 30
"""How long a browser keeps its session cookie."""


_STATIC: Final = Path(__file__).parent / "static"

_HEADERS: Final = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]


class _SecurityHeaders:
    """Adds the same safe headers to every response: only our own assets, no caching of games."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _set_session(response: Response, token: str) -> None:
    """Give the browser its session cookie (kept :data:`COOKIE_DAYS` days: games outlive a
    closed browser)."""
    response.set_cookie(
        COOKIE,
        token,
        max_age=COOKIE_DAYS * 86_400,
        httponly=True,
        samesite="strict",
        path="/",
    )


def _error(code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, STATUS.get(code, 400))


async def _json_body(request: Request) -> Any:
    """The request's JSON body, at most :data:`MAX_BODY` bytes; :class:`RequestError` if bad."""
    declared = request.headers.get("content-length")
    if declared is not None and not declared.isdigit():
        raise RequestError("bad_request", "Content-Length must be a whole number")
    if declared is not None and int(declared) > MAX_BODY:
        raise RequestError("too_large", f"a request body holds at most {MAX_BODY} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise RequestError("too_large", f"a request body holds at most {MAX_BODY} bytes")
    try:
        return json.loads(bytes(body), parse_constant=records._refuse_constant)
    except RecursionError:
        raise RequestError("bad_request", "the request is nested too deeply") from None
    except ValueError as exc:
        raise RequestError("bad_request", f"not JSON: {exc}") from None


def _payload(game: WebGame, seat: int | None, moved: bool = False) -> dict[str, Any]:
    """The game as ``seat`` sees it (under the game's lock; run it off the event loop);
    ``moved``: the answer to the player's move, with their views since it."""
    with game.lock:
        table = Table(
            game.id, game.game, tuple(game.names), game.practice, game.version, game.result
        )
        since = game.views_since_move() if moved else None
        return table_payload(table, game.view(seat), since_move=since)


async def _shown(
    game: WebGame, seat: int | None, status: int = 200, *, moved: bool = False
) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(_payload, game, seat, moved), status)


def _meta() -> dict[str, Any]:
    games = []
    for name in engine.GAMES:
        levels = list(bots.available_levels(name))
        games.append(
            {
                "name": name,
                "title": engine.TITLES[name],
                "levels": levels,
                "ranked": list(ranking.POINTS),
                "options": {
                    "rummy500": ["players", "target"],
                    "vegas_rummy": ["players", "max_score", "buy_in"],
                    "casino": ["players", "target", "royal", "sweeps", "partners"],
                }[name],
            }
        )
    return {"games": games, "points": ranking.POINTS, "max_body": MAX_BODY}


def create_app(store: GameStore | None = None) -> Starlette:
    """The web application over ``store`` (default: a :class:`~.GameStore` in the data folder).

    >>> import tempfile
    >>> from cardrules.web.store import GameStore
    >>> app = create_app(GameStore(tempfile.mkdtemp()))
    >>> [route.path for route in app.routes][:3]
    ['/', '/table/{id}', '/watch/{id}']
    """
    games = store if store is not None else GameStore()

    def owner(request: Request) -> str | None:
        token = request.cookies.get(COOKIE)
        return owner_key(token) if token else None

    def with_cookie(request: Request, response: Response) -> Response:
        if not request.cookies.get(COOKIE):
            _set_session(response, secrets.token_urlsafe(24))
        return response

    async def lobby(request: Request) -> Response:
        return with_cookie(request, FileResponse(_STATIC / "index.html"))

    async def table_page(request: Request) -> Response:
        return with_cookie(request, FileResponse(_STATIC / "table.html"))

    async def watch_page(request: Request) -> Response:
        return FileResponse(_STATIC / "table.html")

    async def leaderboard_page(request: Request) -> Response:
        return FileResponse(_STATIC / "leaderboard.html")

    async def meta(request: Request) -> Response:
        return JSONResponse(_meta())

    async def new_game(request: Request) -> Response:
        token = request.cookies.get(COOKIE) or secrets.token_urlsafe(24)
        try:
            options = await _json_body(request)
            game = await run_in_threadpool(games.create, options, owner=owner_key(token))
        except RequestError as exc:
            return _error(exc.code, exc.message)
        response = await _shown(game, game.seat, 201)
        if not request.cookies.get(COOKIE):
            _set_session(response, token)
        return response

    async def my_games(request: Request) -> Response:
        key = owner(request)
        mine = games.owned_by(key) if key else []
        listed = [
            {
                "id": g.id,
                "title": engine.TITLES[g.game],
                "over": g.state.is_over,
                "moves": g.version,
            }
            for g in mine
        ]
        return JSONResponse({"games": listed})

    async def show(request: Request) -> Response:
        try:
            game = games.get(request.path_params["id"], owner=owner(request))
        except RequestError as exc:
            return _error(exc.code, exc.message)
        return await _shown(game, game.seat)

    async def act(request: Request) -> Response:
        try:
            body = await _json_body(request)
            if not isinstance(body, dict):
                raise RequestError("bad_request", "a move is a JSON object")
            version = body.pop("version", None)
            if version is not None and (isinstance(version, bool) or not isinstance(version, int)):
                raise RequestError("bad_request", "version must be a whole number")
            game = await run_in_threadpool(
                games.act, request.path_params["id"], body, owner=owner(request), version=version
            )
        except RequestError as exc:
            return _error(exc.code, exc.message)
        return await _shown(game, game.seat, moved=True)

    async def hint(request: Request) -> Response:
        try:
            game = games.get(request.path_params["id"], owner=owner(request))
            with game.lock:
                view, seed = game.hint_request()
                version = game.version
        except RequestError as exc:
            return _error(exc.code, exc.message)
        # The search sees only the player's view, so its time tells nothing hidden.
        return JSONResponse(await run_in_threadpool(hint_payload, game.game, view, seed, version))

    async def watch(request: Request) -> Response:
        try:
            game = games.find(request.path_params["id"])
        except RequestError as exc:
            return _error(exc.code, exc.message)
        return await _shown(game, None)

    async def leaderboard(request: Request) -> Response:
        which = request.query_params.get("game") or None
        if which is not None and which not in engine.GAMES:
            return _error("bad_request", f"game must be one of {', '.join(engine.GAMES)}")
        tables = []
        try:
            with ranking.Leaderboard(games.leaderboard, read_only=True) as board:
                for name in [which] if which else [*engine.GAMES, None]:
                    rows = board.table(name, limit=100)
                    tables.append(
                        {
                            "game": name,
                            "title": engine.TITLES[name] if name else "All games",
                            "rows": [
                                {
                                    "player": r.player,
                                    "points": r.points,
                                    "wins": r.wins,
                                    "games": r.games,
                                    "best": r.best_level,
                                }
                                for r in rows
                            ],
                        }
                    )
        except (ValueError, OSError, sqlite3.Error) as exc:
            return JSONResponse(
                {"error": {"code": "leaderboard", "message": f"cannot read it: {exc}"}}, 503
            )
        return JSONResponse({"tables": tables, "points": ranking.POINTS})

    routes = [
        Route("/", lobby),
        Route("/table/{id}", table_page),
        Route("/watch/{id}", watch_page),
        Route("/leaderboard", leaderboard_page),
        Route("/api/meta", meta),
        Route("/api/games", new_game, methods=["POST"]),
        Route("/api/games", my_games, methods=["GET"]),
        Route("/api/games/{id}", show),
        Route("/api/games/{id}/act", act, methods=["POST"]),
        Route("/api/games/{id}/hint", hint),
        Route("/api/games/{id}/watch", watch),
        Route("/api/leaderboard", leaderboard),
        Mount("/static", StaticFiles(directory=_STATIC), name="static"),
    ]
    app = Starlette(routes=routes)
    app.state.store = games
    app.add_middleware(_SecurityHeaders)
    return app
