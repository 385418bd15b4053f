"""``python -m cardrules.wire``: serve one game over standard input and output (JSON lines)."""

import sys

from cardrules.wire.server import serve

if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    # surrogateescape: a byte that is not UTF-8 reaches the server as a lone
    # surrogate, which it answers with an error, instead of stopping the reader
    # (and losing the requests decoded with it).
    sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")  # type: ignore[union-attr]
    serve(sys.stdin, sys.stdout)
