"""What every game's table drawing shares: seat labels, headings, card lists and HTML.

Each game draws its table in ``cardrules.<game>.display`` (``str(state)``,
``str(view)`` and the ``cardrules`` command all use it); this module holds the
few pieces they share. Everything here is plain text (suit signs, no terminal
codes): a terminal program colours it afterwards, :func:`html` turns it into an
HTML block with red suits for Jupyter.

>>> from cardrules.cards import parse_cards
>>> cards_text(parse_cards("7H 3C"), marked=parse_cards("3C"))
'7♥ [3♣]'
>>> seat_name(None, 1)
'P1'
>>> html(["Hand: 10♦ <b>"])
'<pre class="cardrules">Hand: <span style="color:#c0182a">10♦</span> &lt;b&gt;</pre>'
"""

from __future__ import annotations

import html as _html
import re
from collections.abc import Collection, Iterable, Sequence
from typing import Final

from cardrules.cards import Card

__all__ = [
    "MARK_CLOSE",
    "MARK_OPEN",
    "WILD_MARK",
    "cards_text",
    "heading",
    "html",
    "melds_lines",
    "scores_line",
    "seat_name",
    "seat_names",
]

MARK_OPEN: Final = "["
"""Put before a card the reader should notice (the card just drawn)."""

MARK_CLOSE: Final = "]"
"""Put after a noticed card."""

WILD_MARK: Final = "*"
"""Put after a card that is wild (Las Vegas Rummy hands)."""

_RED_CARD: Final = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[♦♥]")
_WIDTH: Final = 72


def seat_name(names: Sequence[str] | None, seat: int | None) -> str:
    """The label of ``seat``: ``names[seat]``, else ``P<seat>`` (the specs' seat names)."""
    if seat is None:
        return "nobody"
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return f"P{seat}"


def seat_names(names: Sequence[str] | None, seats: int) -> list[str]:
    """The labels of seats ``0..seats-1``."""
    return [seat_name(names, seat) for seat in range(seats)]


def cards_text(
    cards: Iterable[Card],
    *,
    marked: Collection[Card] = (),
    wild: Collection[Card] = (),
) -> str:
    """Cards separated by spaces; ``marked`` ones in brackets (once each), ``wild`` ones starred."""
    pending = list(marked)
    parts = []
    for card in cards:
        text = str(card)
        if card in wild:
            text += WILD_MARK
        if card in pending:
            pending.remove(card)
            text = f"{MARK_OPEN}{text}{MARK_CLOSE}"
        parts.append(text)
    return " ".join(parts)


def heading(text: str) -> str:
    """A table's first line: ``── text ─────``."""
    line = f"── {text} "
    return line + "─" * max(3, _WIDTH - len(line))


def scores_line(
    labels: Sequence[str], scores: Sequence[object], notes: Sequence[str] = ()
) -> str:
    """``label score [note]`` for each side, separated by bars."""
    parts = []
    for side, score in enumerate(scores):
        note = f" {notes[side]}" if side < len(notes) and notes[side] else ""
        parts.append(f"{labels[side]} {score}{note}")
    return "  |  ".join(parts)


def melds_lines(texts: Sequence[str], owners: Sequence[str]) -> list[str]:
    """The melds on a rummy table, numbered as lay-offs name them, with who laid each.

    >>> melds_lines(["7♣ 7♦ 7♥", "4♠ 5♠ 6♠ 7♠"], ["P0", "P1"])
    ['Melds:', '  #1  7♣ 7♦ 7♥       laid by P0', '  #2  4♠ 5♠ 6♠ 7♠   laid by P1']
    >>> melds_lines([], [])
    ['Melds: none yet']
    """
    if not texts:
        return ["Melds: none yet"]
    wide = max(len(text) for text in texts)
    return ["Melds:"] + [
        f"  #{i + 1:<3}{text:<{wide}}   laid by {owner}"
        for i, (text, owner) in enumerate(zip(texts, owners, strict=True))
    ]


def html(lines: Sequence[str]) -> str:
    """The lines as one HTML ``<pre>`` block: everything escaped, red suits in red."""
    body = "\n".join(_html.escape(line) for line in lines)
    body = _RED_CARD.sub(lambda m: f'<span style="color:#c0182a">{m[0]}</span>', body)
    return f'<pre class="cardrules">{body}</pre>'
