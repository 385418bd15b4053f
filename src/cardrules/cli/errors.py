"""The errors the command reports in one line instead of a traceback."""

from __future__ import annotations

__all__ = ["CliError", "UsageError"]


class CliError(Exception):
    """An error explained in one line; the command exits with ``code`` (1 by default)."""

    code = 1

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class UsageError(CliError):
    """Bad usage: an unknown name, a bad flag value or combination (exit code 2)."""

    code = 2
