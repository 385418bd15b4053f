"""A command run in a pseudo-terminal, for the tests where a real terminal matters.

Only the standard library (``pty``, ``os``, ``select``): the command sees a
terminal on stdin and stdout, so it reads with ``input()`` and readline, and
waits at a round's scoring, exactly as for a person.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Mapping

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")


class Terminal:
    """``cardrules ARGS`` in a pseudo-terminal ``columns`` wide and ``rows`` high."""

    def __init__(
        self, args: list[str], env: Mapping[str, str], columns: int = 100, rows: int = 50
    ) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        full_env = {**os.environ, **env, "COLUMNS": str(columns), "LINES": str(rows)}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "cardrules", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=full_env,
            close_fds=True,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        self.text = ""  # everything shown so far, terminal codes removed
        self.seen = 0  # how far expect() has read

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the command has ended
            return False
        if not chunk:
            return False
        self.text += _ANSI.sub("", chunk.decode("utf-8", "replace"))
        return True

    def expect(self, pattern: str, timeout: float = 30.0) -> str:
        """Wait until ``pattern`` (a regex) shows after what was read before; the text up to it."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            found = regex.search(self.text, self.seen)
            if found:
                chunk = self.text[self.seen : found.end()]
                self.seen = found.end()
                return chunk
            left = deadline - time.monotonic()
            if left <= 0 or (not self._read(min(left, 0.5)) and self.process.poll() is not None):
                raise AssertionError(
                    f"{pattern!r} did not show; the end of the screen:\n{self.text[-3000:]}"
                )

    def quiet_for(self, seconds: float) -> str:
        """Whatever is shown in the next ``seconds``."""
        start = len(self.text)
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            self._read(left)
        return self.text[start:]

    def type(self, keys: str) -> None:
        """Type ``keys`` (add ``\\r`` for Enter)."""
        os.write(self.master, keys.encode())

    def line(self, text: str) -> None:
        """Type a line and Enter."""
        self.type(text + "\r")

    def close(self) -> int:
        """Wait for the command to end (killing it after a while); its exit code."""
        try:
            code = self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        while self._read(0.1):
            pass
        os.close(self.master)
        return code
