"""Small PNG figures with numpy and zlib only: learning curves and observation planes.

The RL examples draw their figures with these, so plotting needs no library
beyond the ``rl`` extra's numpy. :func:`write_png` writes an RGB array;
:func:`line_chart` draws curves on a grid; :func:`heatmap` shows a matrix of
values in ``[0, 1]`` (the compact observation's planes).

>>> import numpy as np
>>> image = line_chart([[0.2, 0.4, 0.6]], width=40, height=30)
>>> image.shape, image.dtype
((30, 40, 3), dtype('uint8'))
"""

from __future__ import annotations

import itertools
import struct
import zlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

__all__ = ["PALETTE", "heatmap", "line_chart", "write_png"]

Image = npt.NDArray[np.uint8]

PALETTE = ((31, 119, 180), (214, 39, 40), (44, 160, 44), (148, 103, 189), (255, 127, 14))
"""Curve colours, in order: blue, red, green, purple, orange."""


def write_png(path: str | Path, image: Image) -> None:
    """Write an ``(height, width, 3)`` ``uint8`` array as an 8-bit RGB PNG file.

    >>> import tempfile, os
    >>> target = os.path.join(tempfile.mkdtemp(), "dot.png")
    >>> write_png(target, np.zeros((2, 3, 3), dtype=np.uint8))
    >>> open(target, "rb").read(8) == bytes([137, 80, 78, 71, 13, 10, 26, 10])
    True
    """
    pixels = np.asarray(image)
    if pixels.ndim != 3 or pixels.shape[2] != 3 or pixels.dtype != np.uint8:
        raise ValueError("an image is a (height, width, 3) uint8 array")
    height, width, _ = pixels.shape
    rows = b"".join(b"\x00" + pixels[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    Path(path).write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


def _line(image: Image, x0: int, y0: int, x1: int, y1: int, colour: Sequence[int]) -> None:
    steps = max(abs(x1 - x0), abs(y1 - y0), 1)
    xs = np.rint(np.linspace(x0, x1, steps + 1)).astype(int)
    ys = np.rint(np.linspace(y0, y1, steps + 1)).astype(int)
    height, width, _ = image.shape
    for dx, dy in ((0, 0), (1, 0), (0, 1)):  # two pixels thick
        keep = (xs + dx < width) & (ys + dy < height)
        image[ys[keep] + dy, xs[keep] + dx] = colour


def line_chart(
    curves: Sequence[Sequence[float]],
    *,
    width: int = 640,
    height: int = 360,
    low: float = 0.0,
    high: float = 1.0,
    gridlines: Sequence[float] = (0.25, 0.5, 0.75),
    marks: Sequence[float] = (),
) -> Image:
    """Curves of values between ``low`` and ``high`` over a shared x axis, as an image.

    Each curve spans the whole width (point ``i`` of ``k`` at ``i / (k - 1)``);
    colours follow :data:`PALETTE`. Light grey lines mark ``gridlines``; dark
    dashed vertical lines mark ``marks`` (fractions of the width, e.g. where
    training switched opponents).
    """
    image = np.full((height, width, 3), 255, dtype=np.uint8)
    left, right, top, bottom = 8, width - 8, 8, height - 8

    def y_of(value: float) -> int:
        share = (min(max(value, low), high) - low) / (high - low)
        return round(bottom - share * (bottom - top))

    for level in gridlines:
        image[y_of(level), left:right] = (215, 215, 215)
    for mark in marks:
        x = round(left + mark * (right - left))
        image[top:bottom:6, x] = (90, 90, 90)
        image[top + 1 : bottom : 6, x] = (90, 90, 90)
    image[top:bottom, left] = (0, 0, 0)
    image[bottom, left:right] = (0, 0, 0)
    for number, curve in enumerate(curves):
        colour = PALETTE[number % len(PALETTE)]
        points = list(curve)
        if len(points) == 1:
            points = points * 2
        span = max(len(points) - 1, 1)
        xy = [
            (round(left + i / span * (right - left)), y_of(value))
            for i, value in enumerate(points)
        ]
        for (x0, y0), (x1, y1) in itertools.pairwise(xy):
            _line(image, x0, y0, x1, y1, colour)
    return image


def heatmap(values: npt.ArrayLike, *, cell: int = 8) -> Image:
    """A matrix of values in ``[0, 1]`` as square cells: white 0 to dark blue 1, grid in grey.

    >>> heatmap(np.eye(2), cell=3).shape
    (7, 7, 3)
    """
    matrix = np.clip(np.asarray(values, dtype=np.float64), 0.0, 1.0)
    if matrix.ndim != 2:
        raise ValueError("a heatmap shows a 2-d matrix")
    rows, columns = matrix.shape
    image = np.full((rows * cell + 1, columns * cell + 1, 3), 200, dtype=np.uint8)
    dark = np.array([8, 48, 107], dtype=np.float64)
    white = np.array([255, 255, 255], dtype=np.float64)
    colours = (white + (dark - white) * matrix[..., None]).astype(np.uint8)
    for r in range(rows):
        for c in range(columns):
            y, x = r * cell + 1, c * cell + 1
            image[y : y + cell - 1, x : x + cell - 1] = colours[r, c]
    return image
