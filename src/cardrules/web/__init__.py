"""Play in a browser: the web app of ``cardrules serve`` (the ``web`` extra: Starlette, uvicorn).

The server keeps every game's state and sends only views: each response about
a game is built from ``view(state, seat)`` (:mod:`cardrules.web.payload`). It
serves the lobby, the table, a spectator's table and the leaderboard as
plain HTML, CSS and JavaScript from the package (no CDN, no fonts from
elsewhere), keeps many games at once (one per browser session), saves them
to the data folder so they survive a restart, and drops idle ones.

>>> import tempfile
>>> from cardrules.web import GameStore, create_app
>>> app = create_app(GameStore(tempfile.mkdtemp()))
>>> type(app).__name__
'Starlette'

See ``docs/web.rst``.
"""

from __future__ import annotations

from cardrules.web.app import COOKIE, MAX_BODY, STATUS, create_app
from cardrules.web.payload import Table, table_payload
from cardrules.web.store import GameStore, WebGame, default_folder

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
