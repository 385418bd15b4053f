"""``python -m cardrules.wire``: serve one game over standard input and output (JSON lines)."""

import sys

from cardrules.wire.server import serve

if __name__ == "__main__":
    sys.stdout.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    serve(sys.stdin, sys.stdout)
