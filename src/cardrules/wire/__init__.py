"""The wire format: a JSON Schema of every document, and a reference JSON-lines server.

* :mod:`cardrules.wire.schema` — the JSON Schema of what :func:`cardrules.to_json`
  writes, generated from the classes and shipped as ``cardrules/schema/<game>.json``.
* :mod:`cardrules.wire.server` — :func:`serve`: one game between a client and
  bots over a pipe, ``python -m cardrules.wire``; the protocol is in
  ``docs/wire.rst``.

>>> from cardrules.wire import PROTOCOL, serve
>>> PROTOCOL
1
"""

from cardrules.wire.server import MAX_LINE, MAX_MOVES, PROTOCOL, serve

__all__ = ["MAX_LINE", "MAX_MOVES", "PROTOCOL", "serve"]
