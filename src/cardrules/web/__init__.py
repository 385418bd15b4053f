"""Play in a browser: the web app of ``cardrules serve`` and the static site of ``cardrules site``.

The server (the ``web`` extra: Starlette, uvicorn) keeps every game's state
and sends only views: each response about a game is built from
``view(state, seat)`` (:mod:`cardrules.web.payload`). It serves the lobby,
the table, a spectator's table and the leaderboard as plain HTML, CSS and
JavaScript from the package (no CDN, no fonts from elsewhere), keeps many
games at once (one per browser session), saves them to the data folder so
they survive a restart, and drops idle ones.

The static site (:mod:`cardrules.web.site`) is the same pages with the
engine and the bots in the browser, under Pyodide in a Web Worker
(:mod:`cardrules.web.local` answers the same requests there).

>>> import tempfile
>>> from cardrules.web import GameStore, create_app
>>> app = create_app(GameStore(tempfile.mkdtemp()))
>>> type(app).__name__
'Starlette'

The names are imported when first used, so that the browser's Python (which
has no Starlette and no SQLite) can import :mod:`cardrules.web.local`
without them. See ``docs/web.rst``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardrules.web.app import COOKIE, MAX_BODY, STATUS, create_app
    from cardrules.web.games import WebGame
    from cardrules.web.payload import Table, table_payload
    from cardrules.web.store import GameStore, default_folder

__all__ = [
    "COOKIE",
    "MAX_BODY",
    "STATUS",
    "GameStore",
    "Table",
    "WebGame",
    "create_app",
    "default_folder",
    "table_payload",
]

_HOMES = {
    "COOKIE": "app",
    "MAX_BODY": "app",
    "STATUS": "app",
    "create_app": "app",
    "WebGame": "games",
    "Table": "payload",
    "table_payload": "payload",
    "GameStore": "store",
    "default_folder": "store",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'cardrules.web' has no attribute {name!r}")
    return getattr(importlib.import_module(f"cardrules.web.{home}"), name)
