"""Reading what the player types, and what the terminal can do.

On a terminal the prompt is read with :func:`input`, and the standard
library's :mod:`readline` (where the platform has it) gives line editing,
the arrow keys and a history of this session's moves. Scripted input (a file,
a pipe, a test's text stream) is read line by line and echoed, so a
transcript reads as typed.
"""

from __future__ import annotations

import shutil
import sys
from typing import IO

__all__ = [
    "enable_line_editing",
    "interactive",
    "isatty",
    "read_line",
    "terminal_height",
    "terminal_width",
]

_DEFAULT_WIDTH = 100
_MIN_WIDTH = 40
_MIN_HEIGHT = 12


def isatty(stream: IO[str]) -> bool:
    """Whether ``stream`` is a terminal (``False`` for anything that cannot say)."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def interactive(inp: IO[str], out: IO[str]) -> bool:
    """Whether a person types at a terminal: the process's own stdin and stdout, both terminals."""
    return inp is sys.stdin and out is sys.stdout and isatty(inp) and isatty(out)


def enable_line_editing(inp: IO[str], out: IO[str]) -> bool:
    """Load :mod:`readline` for an interactive prompt; ``False`` where it is not available."""
    if not interactive(inp, out):
        return False
    try:
        import readline  # noqa: F401  (importing it is what switches line editing on)
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return False
    return True


def read_line(inp: IO[str], out: IO[str], prompt: str) -> str:
    """One line typed after ``prompt``, without its line ending; ``EOFError`` at the end."""
    if interactive(inp, out):
        # input() with the prompt lets readline redraw the line while editing.
        return input(prompt)
    out.write(prompt)
    out.flush()
    line = inp.readline()
    if not line:
        raise EOFError
    line = line.rstrip("\r\n")
    if not isatty(inp):
        out.write(line + "\n")  # scripted input: show it, so the transcript reads as typed
    return line


def terminal_width(out: IO[str]) -> int:
    """The columns to fit text in: the terminal's width, else 100."""
    if not isatty(out):
        return _DEFAULT_WIDTH
    columns = shutil.get_terminal_size((_DEFAULT_WIDTH, 24)).columns
    return max(_MIN_WIDTH, columns)


def terminal_height(out: IO[str]) -> int | None:
    """The terminal's rows, or ``None`` when ``out`` is no terminal (nothing to fit)."""
    if not isatty(out):
        return None
    return max(_MIN_HEIGHT, shutil.get_terminal_size((_DEFAULT_WIDTH, 24)).lines)
