"""Drawing the table as text: cards in color or plain letters, one renderer a game.

Everything shown is built from a :func:`cardrules.view` (a seat's, or the
spectator's), never from hidden state, so what the command prints is exactly
what that seat may know. Card text comes from the library's ``str()`` forms
(``10♦``) and is passed through :meth:`Style.text`, which colors red suits or
turns suit signs into letters (``10D``) on terminals that cannot show them.

Each game has its own functions (``_table_rummy500`` …) registered in
:data:`TABLES`, :data:`ROUND_SUMMARIES` and :data:`GAME_OVER`, so a change in
one game's view touches one function.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, Final

import attrs

from cardrules.cards import Card
from cardrules.cli.options import GAME_TITLES
from cardrules.rummy.melds import describe
from cardrules.rummy.wilds import meld_text

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
_CARD_RE: Final = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([♣♦♥♠])")
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
            return _CARD_RE.sub(lambda m: f"{_RED}{m[0]}{_RESET}" if m[2] in "♦♥" else m[0], line)
        return line

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


def _heading(style: Style, text: str) -> str:
    line = f"── {text} "
    return style.bold(style.text(line + "─" * max(3, 72 - len(line))))


def _scores_line(names: Sequence[str], scores: Sequence[object], extra: Sequence[str] = ()) -> str:
    parts = []
    for seat, score in enumerate(scores):
        note = f" {extra[seat]}" if seat < len(extra) and extra[seat] else ""
        parts.append(f"{name_of(names, seat)} {score}{note}")
    return "  |  ".join(parts)


# ---------------------------------------------------------------------------
# Rummy 500


def _table_rummy500(view: Any, names: Sequence[str], style: Style) -> list[str]:
    config = view.config
    lines = [
        _heading(
            style,
            f"Rummy 500 · round {view.round_number} · dealer {name_of(names, view.dealer)}"
            f" · target {config.target}",
        ),
        "Scores: "
        + _scores_line(names, view.scores, [f"(+{p} this round)" for p in view.round_points]),
        f"Stock: {view.stock_size} cards    Hands: "
        + ", ".join(f"{name_of(names, s)} {n}" for s, n in enumerate(view.hand_sizes)),
    ]
    if view.discard:
        # The whole pile: digging (take 4♥) needs to see every card.
        lines.append(
            f"Discard pile ({len(view.discard)}, bottom → top): {style.cards(view.discard)}  ← top"
        )
    else:
        lines.append("Discard pile: empty")
    if view.melds:
        lines.append("Melds:")
        texts = [style.text(describe(meld)) for meld in view.melds]
        plain = [describe(meld) for meld in view.melds]
        wide = max(len(p) for p in plain)
        for i, (meld_text_, raw) in enumerate(zip(texts, plain)):
            owner = name_of(names, view.meld_owners[i])
            lines.append(f"  #{i + 1:<3}{meld_text_}{' ' * (wide - len(raw))}   laid by {owner}")
    else:
        lines.append("Melds: none yet")
    if view.owed is not None and view.to_act is not None:
        lines.append(
            style.text(
                f"{name_of(names, view.to_act)} must still meld or lay off {view.owed} this turn"
            )
        )
    if view.seat is not None:
        lines.append(style.bold("Your hand: ") + style.cards(view.hand))
    if view.to_act is not None:
        lines.append(f"To act: {name_of(names, view.to_act)} [{view.phase.value}]")
    return lines


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


def _wild_text(upcard: Card | None) -> str:
    if upcard is None:
        return ""
    if upcard.is_joker:
        return "wild: jokers only"
    return f"wild: every {upcard.rank.label} and the jokers"


def _table_vegas(view: Any, names: Sequence[str], style: Style) -> list[str]:
    config = view.config
    title = (
        f"Las Vegas Rummy · round {view.round_number} · dealer {name_of(names, view.dealer)}"
        f" · bust at {config.max_score}"
    )
    if view.pot:
        title += f" · pot {view.pot}"
    notes = []
    for seat in range(len(view.scores)):
        parts = []
        if not view.active[seat]:
            parts.append("retired")
        if view.busts[seat]:
            parts.append(f"busted {view.busts[seat]}x")
        notes.append(f"({', '.join(parts)})" if parts else "")
    lines = [
        _heading(style, title),
        "Scores (penalty points, lower is better): " + _scores_line(names, view.scores, notes),
    ]
    if view.phase in ("decide", "table"):
        lines.append("Between rounds: the cards are collected.")
    else:
        upcard = style.text(str(view.upcard)) if view.upcard is not None else "-"
        lines.append(f"Upcard: {upcard}  ({_wild_text(view.upcard)})    decks: {view.num_decks}")
        lines.append(
            f"Stock: {view.stock_size} cards    Hands: "
            + ", ".join(
                f"{name_of(names, s)} {n}" for s, n in enumerate(view.hand_sizes) if view.active[s]
            )
        )
        pile = f"{style.cards(view.discard)}  ← top" if view.discard else "empty"
        lines.append(f"Discard pile ({len(view.discard)}, bottom → top): {pile}")
        if view.melds:
            lines.append("Melds:")
            plain = [meld_text(owned.meld) for owned in view.melds]
            wide = max(len(p) for p in plain)
            for i, owned in enumerate(view.melds):
                lines.append(
                    f"  #{i + 1:<3}{style.text(plain[i])}{' ' * (wide - len(plain[i]))}"
                    f"   laid by {name_of(names, owned.owner)}"
                )
        else:
            lines.append("Melds: none yet")
    if view.seat is not None and view.hand:
        lines.append(style.bold("Your hand: ") + style.cards(view.hand))
    if view.to_act is not None:
        lines.append(f"To act: {name_of(names, view.to_act)} [{view.phase}]")
    return lines


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


def casino_side_names(config: Any, names: Sequence[str]) -> list[str]:
    """The scoring sides' labels: the seats, or the two teams with partnerships."""
    if not config.partnerships:
        return [name_of(names, s) for s in range(config.num_players)]
    return [
        " & ".join(name_of(names, seat) for seat in config.seats_of(side))
        for side in range(config.num_sides)
    ]


def _table_casino(view: Any, names: Sequence[str], style: Style) -> list[str]:
    config = view.config
    variant = "Royal Casino" if config.variant == "royal" else "Casino"
    last = " (last deal)" if view.is_last_deal else ""
    sides = casino_side_names(config, names)
    lines = [
        _heading(
            style,
            f"{variant} · hand {view.round_number}, deal {view.deal_number} of "
            f"{config.deals_per_hand}{last} · dealer {name_of(names, view.dealer)}"
            f" · target {config.target}",
        ),
        "Scores: " + _scores_line(sides, view.scores),
        f"Stock: {view.stock_size} cards    Hands: "
        + ", ".join(f"{name_of(names, s)} {n}" for s, n in enumerate(view.hand_sizes)),
        "Table: " + (style.cards(view.loose) if view.loose else "no loose cards"),
    ]
    for build in view.builds:
        kind = "single" if build.is_single else "multiple"
        lines.append(style.text(f"  build {build}  ({kind}, owner {name_of(names, build.owner)})"))
    captured = []
    for seat, size in enumerate(view.pile_sizes):
        sweeps = view.sweeps[seat]
        note = f" ({sweeps} sweep{'s' if sweeps != 1 else ''})" if config.sweeps and sweeps else ""
        captured.append(f"{name_of(names, seat)} {size}{note}")
    lines.append(
        "Captured: "
        + ", ".join(captured)
        + (
            f"    last capture: {name_of(names, view.last_capturer)}"
            if view.last_capturer is not None
            else ""
        )
    )
    if view.seat is not None:
        lines.append(style.bold("Your hand: ") + style.cards(view.hand))
    if view.to_act is not None:
        lines.append(f"To act: {name_of(names, view.to_act)}")
    return lines


def _round_casino(result: Any, names: Sequence[str], style: Style, config: Any) -> list[str]:
    sides = casino_side_names(config, names)
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
    return [_scores_line(casino_side_names(state.config, names), state.scores)]


# ---------------------------------------------------------------------------
# Dispatch

TABLES: Final[dict[str, Callable[[Any, Sequence[str], Style], list[str]]]] = {
    "rummy500": _table_rummy500,
    "vegas_rummy": _table_vegas,
    "casino": _table_casino,
}
"""The table drawing of each game, from a view."""

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


def table_lines(game: str, view: Any, names: Sequence[str], style: Style) -> list[str]:
    """The table as ``view`` sees it."""
    return TABLES[game](view, names, style)


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
        sides = casino_side_names(state.config, names)
        won = sorted({state.config.side_of(seat) for seat in state.winners})
        who = " and ".join(sides[side] for side in won)
    else:
        who = " and ".join(name_of(names, seat) for seat in state.winners)
    verb = "win" if len(state.winners) > 1 or who.startswith("You") else "wins"
    lines = [
        style.bold(
            f"Game over after {state.round_number} round(s): {who} {verb}."
            if state.winners
            else "Game over."
        )
    ]
    lines.extend(GAME_OVER[game](state, names, style))
    return lines


def title(game: str) -> str:
    """The game's title for people."""
    return GAME_TITLES[game]
