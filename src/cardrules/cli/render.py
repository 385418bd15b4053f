"""The table and the round breakdowns as terminal text: cards in colour or plain letters.

The table itself is drawn by the library (``cardrules.<game>.display``, what
``str(view)`` gives); this module styles it for a terminal: :meth:`Style.text`
colours red suits and starred wild cards, or turns suit signs into letters
(``10D``) on terminals that cannot show them, and :meth:`Style.hand` reverses
the card just drawn. What ``play`` draws is built from a
:func:`cardrules.view` (a seat's, or the spectator's), so it is exactly what
that seat may know; ``watch --open`` and the replay of a finished game draw
the state. The round breakdowns and the end of the game are here, one
function a game in :data:`ROUND_SUMMARIES` and :data:`GAME_OVER`.
"""

from __future__ import annotations

import os
import re
import textwrap
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import IO, Any, Final

import attrs

from cardrules.cards import Card
from cardrules.casino import display as casino_display
from cardrules.cli.options import GAME_TITLES
from cardrules.display import MARK_CLOSE, MARK_OPEN, WILD_MARK
from cardrules.rummy500 import display as rummy500_display
from cardrules.vegas_rummy import display as vegas_display

__all__ = [
    "GAME_OVER",
    "ROUND_SUMMARIES",
    "TABLES",
    "Style",
    "columns",
    "game_over_lines",
    "name_of",
    "new_results",
    "round_lines",
    "style_for",
    "table_lines",
]

_RED: Final = "\x1b[31m"
_BOLD: Final = "\x1b[1m"
_DIM: Final = "\x1b[2m"
_RESET: Final = "\x1b[0m"
_YELLOW: Final = "\x1b[33m"
_REVERSE: Final = "\x1b[7m"
_HAND_LABEL: Final = "Your hand: "
_GLUE: Final = "\x00"  # a space that wrapping may not break at
_CARD_RE: Final = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([♣♦♥♠])")
_WILD_RE: Final = re.compile(
    r"(?<![A-Za-z0-9])((?:10|[2-9AJQK])[♣♦♥♠]|JK)" + re.escape(WILD_MARK)
)
_MARKED_RE: Final = re.compile(
    re.escape(MARK_OPEN) + r"(?:(?:10|[2-9AJQK])[♣♦♥♠]|JK)\*?" + re.escape(MARK_CLOSE)
)
_ASCII: Final = str.maketrans(
    {
        "♣": "C",
        "♦": "D",
        "♥": "H",
        "♠": "S",
        "—": "-",
        "–": "-",
        "·": "-",
        "─": "-",
        "•": "*",
        "→": "->",
        "←": "<-",
    }
)


@attrs.frozen
class Style:
    """How to print: ``color`` (ANSI red for ♥♦, bold headings), ``unicode`` (suit signs)."""

    color: bool = False
    unicode: bool = True

    def text(self, line: str) -> str:
        """``line`` with its cards colored, or their suit signs turned into letters."""
        if not self.unicode:
            return line.translate(_ASCII)
        if self.color:
            # Wild cards (7♣*) bold yellow, red suits red.
            line = _WILD_RE.sub(lambda m: f"{_BOLD}{_YELLOW}{m[0]}{_RESET}", line)
            return _CARD_RE.sub(lambda m: f"{_RED}{m[0]}{_RESET}" if m[2] in "♦♥" else m[0], line)
        return line

    def hand(self, line: str) -> str:
        """A hand's cards: styled, the card just drawn (``[7♣]``) in reverse video."""
        if not (self.color and self.unicode):
            return self.text(line)
        parts = []
        for token in line.split(" "):
            if _MARKED_RE.fullmatch(token):
                parts.append(f"{_REVERSE}{token}{_RESET}")
            else:
                parts.append(self.text(token))
        return " ".join(parts)

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards separated by spaces, styled."""
        return self.text(" ".join(str(card) for card in cards))

    def bold(self, line: str) -> str:
        """A heading."""
        return f"{_BOLD}{line}{_RESET}" if self.color else line

    def dim(self, line: str) -> str:
        """A less important line."""
        return f"{_DIM}{line}{_RESET}" if self.color else line


def style_for(stream: IO[str], *, no_color: bool = False, ascii_only: bool = False) -> Style:
    """The style a stream supports.

    Color needs a terminal (``isatty``), no ``NO_COLOR`` in the environment, no
    ``--no-color`` and a ``TERM`` other than ``dumb``. Suit signs need a
    terminal whose encoding can write them; otherwise cards print as ``AS``,
    ``10D``.
    """
    try:
        tty = stream.isatty()
    except (AttributeError, ValueError):
        tty = False
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♣♦♥♠→—·".encode(encoding)
        encodable = True
    except (UnicodeEncodeError, LookupError):
        encodable = False
    color = (
        tty
        and not no_color
        and not os.environ.get("NO_COLOR")
        and os.environ.get("TERM", "") != "dumb"
    )
    return Style(color=color, unicode=tty and encodable and not ascii_only)


def name_of(names: Sequence[str], seat: int | None) -> str:
    """The label of ``seat`` (seats added later by a join get ``Seat n``)."""
    if seat is None:
        return "nobody"
    return names[seat] if 0 <= seat < len(names) else f"Seat {seat}"


def columns(
    items: Sequence[str], width: int = 100, plain: Sequence[str] | None = None
) -> list[str]:
    """``items`` in as many columns as fit ``width`` (``plain``: their unstyled lengths)."""
    if not items:
        return []
    lengths = [len(p) for p in (plain if plain is not None else items)]
    widest = max(lengths) + 3
    per_row = max(1, min(len(items), width // widest))
    rows = (len(items) + per_row - 1) // per_row
    lines = []
    for r in range(rows):
        cells = []
        for c in range(per_row):
            i = c * rows + r
            if i < len(items):
                pad = widest - lengths[i] if c < per_row - 1 else 0
                cells.append(items[i] + " " * pad)
        lines.append("".join(cells).rstrip())
    return lines


def _scores_line(names: Sequence[str], scores: Sequence[object], extra: Sequence[str] = ()) -> str:
    parts = []
    for seat, score in enumerate(scores):
        note = f" {extra[seat]}" if seat < len(extra) and extra[seat] else ""
        parts.append(f"{name_of(names, seat)} {score}{note}")
    return "  |  ".join(parts)


# ---------------------------------------------------------------------------
# Rummy 500


def _round_rummy500(result: Any, names: Sequence[str], style: Style) -> list[str]:
    if result.ended_by == "went_out":
        how = f"{name_of(names, result.went_out)} went out"
    else:
        how = "the stock ran out"
    lines = [style.bold(f"Round {result.round_number} over: {how}.")]
    for seat in result.seats:
        lines.append(
            style.text(
                f"  {name_of(names, seat.seat)}: melded {seat.melded_total}, "
                f"in hand -{seat.hand_points}"
                + (f" ({' '.join(map(str, seat.in_hand))})" if seat.in_hand else "")
                + f" → {seat.round_score:+d}, total {seat.total}"
            )
        )
    return lines


def _over_rummy500(state: Any, names: Sequence[str], style: Style) -> list[str]:
    return [_scores_line(names, state.scores)]


# ---------------------------------------------------------------------------
# Las Vegas Rummy


def _round_vegas(result: Any, names: Sequence[str], style: Style) -> list[str]:
    how = (
        f"{name_of(names, result.went_out)} went out"
        if result.went_out is not None
        else "nobody went out"
    )
    lines = [style.bold(f"Round {result.round_number} over: {how}.")]
    for seat, points in enumerate(result.points):
        hand = result.hands[seat]
        shown = f" ({' '.join(map(str, hand))})" if hand else ""
        bust = "  BUSTED" if seat in result.busted else ""
        lines.append(
            style.text(f"  {name_of(names, seat)}: +{points}{shown} → {result.scores[seat]}{bust}")
        )
    return lines


def _over_vegas(state: Any, names: Sequence[str], style: Style) -> list[str]:
    from cardrules.vegas_rummy.scoring import settle

    lines = [_scores_line(names, state.scores)]
    settlement = settle(state)
    if settlement.pot:
        lines.append(f"Pot {settlement.pot}:")
        for seat, paid in enumerate(settlement.paid):
            lines.append(
                f"  {name_of(names, seat)}: paid {paid}, receives {settlement.payouts[seat]}"
            )
    return lines


# ---------------------------------------------------------------------------
# Casino


def _round_casino(result: Any, names: Sequence[str], style: Style, config: Any) -> list[str]:
    sides = casino_display.side_names(config, names)
    lines = [style.bold(f"Hand {result.hand} scored:")]
    if result.residue:
        lines.append(
            style.text(
                f"  left on the table: {' '.join(map(str, result.residue))} → "
                f"{name_of(names, result.residue_to)}"
            )
        )
    facts = ", ".join(
        f"{sides[s]} {result.cards[s]} cards/{result.spades[s]} spades"
        for s in range(len(result.cards))
    )
    lines.append(f"  {facts}")
    for i, item in enumerate(result.items):
        counted = "" if i < result.counted else "  (not counted: the game was already won)"
        who = "nobody" if item.side is None else sides[item.side]
        lines.append(style.text(f"  {item.name:<12} {who}: {item.points}{counted}"))
    lines.append(
        "  hand points: "
        + ", ".join(f"{sides[s]} {p}" for s, p in enumerate(result.points))
        + "   totals: "
        + ", ".join(f"{sides[s]} {t}" for s, t in enumerate(result.totals))
    )
    return lines


def _over_casino(state: Any, names: Sequence[str], style: Style) -> list[str]:
    return [_scores_line(casino_display.side_names(state.config, names), state.scores)]


# ---------------------------------------------------------------------------
# Dispatch

TABLES: Final[dict[str, Callable[..., list[str]]]] = {
    "rummy500": rummy500_display.table_lines,
    "vegas_rummy": vegas_display.table_lines,
    "casino": casino_display.table_lines,
}
"""The table drawing of each game (``cardrules.<game>.display``): plain text from a view."""

ROUND_SUMMARIES: Final[dict[str, Callable[[Any, Sequence[str], Style, Any], list[str]]]] = {
    "rummy500": lambda result, names, style, _config: _round_rummy500(result, names, style),
    "vegas_rummy": lambda result, names, style, _config: _round_vegas(result, names, style),
    "casino": _round_casino,
}
"""Each game's round (hand) breakdown, from an entry of ``state.history``."""

GAME_OVER: Final[dict[str, Callable[[Any, Sequence[str], Style], list[str]]]] = {
    "rummy500": _over_rummy500,
    "vegas_rummy": _over_vegas,
    "casino": _over_casino,
}
"""Each game's final lines (scores, Las Vegas Rummy's pot), from the final state."""


def table_lines(
    game: str,
    view: Any,
    names: Sequence[str],
    style: Style,
    *,
    marked: Collection[Card] = (),
    width: int | None = None,
) -> list[str]:
    """The table as ``view`` sees it: the library's drawing, styled for the terminal.

    ``marked`` cards (the one just drawn) stand out in the hand. With a
    ``width``, long lines (a deep discard pile, the stock) are wrapped at
    card boundaries with an indent, and the heading's rule is shortened.
    """
    lines = TABLES[game](view, names, marked=marked)
    heading = lines[0]
    styled = []
    if width is not None and len(heading) > width:
        heading = heading.rstrip("─ ")
        rule = width - len(heading) - 1
        if rule >= 3:
            styled.append(style.bold(style.text(heading + " " + "─" * rule)))
        else:
            styled.extend(style.bold(style.text(p)) for p in _wrapped(heading, width, names))
    else:
        styled.append(style.bold(style.text(heading)))
    for line in lines[1:]:
        pieces = _wrapped(line, width, names)
        if line.startswith(_HAND_LABEL):
            first = pieces[0][len(_HAND_LABEL) :]
            styled.append(style.bold(_HAND_LABEL) + style.hand(first))
            styled.extend(style.hand(piece) for piece in pieces[1:])
        else:
            styled.extend(style.text(piece) for piece in pieces)
    return styled


def _wrapped(line: str, width: int | None, names: Sequence[str] = ()) -> list[str]:
    """``line`` cut at spaces to fit ``width``, the rest indented.

    Never inside a card, nor inside a seat's name (``Bot 1 (easy)``).
    """
    if width is None or len(line) <= width:
        return [line]
    glued = line
    for name in sorted(names, key=len, reverse=True):
        glued = glued.replace(name, name.replace(" ", _GLUE))
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    pieces = textwrap.wrap(
        glued,
        width,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [piece.replace(_GLUE, " ") for piece in pieces] or [line]


def new_results(before: Any, after: Any) -> tuple[Any, ...]:
    """Round results that ``after`` has and ``before`` had not."""
    return tuple(after.history[len(before.history) :])


def round_lines(
    game: str, result: Any, names: Sequence[str], style: Style, config: Any
) -> list[str]:
    """One round's scoring breakdown."""
    return ROUND_SUMMARIES[game](result, names, style, config)


def game_over_lines(game: str, state: Any, names: Sequence[str], style: Style) -> list[str]:
    """The end of the game: who won, the final scores (and the pot)."""
    if game == "casino" and state.config.partnerships:
        sides = casino_display.side_names(state.config, names)
        won = sorted({state.config.side_of(seat) for seat in state.winners})
        who = " and ".join(sides[side] for side in won)
    else:
        who = " and ".join(name_of(names, seat) for seat in state.winners)
    verb = "win" if len(state.winners) > 1 or who.startswith("You") else "wins"
    rounds = "hand(s)" if game == "casino" else "round(s)"  # Casino scores by the hand
    lines = [
        style.bold(
            f"Game over after {state.round_number} {rounds}: {who} {verb}."
            if state.winners
            else "Game over."
        )
    ]
    lines.extend(GAME_OVER[game](state, names, style))
    return lines


def title(game: str) -> str:
    """The game's title for people."""
    return GAME_TITLES[game]
