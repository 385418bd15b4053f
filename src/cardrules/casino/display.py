"""The Casino table as text: what ``str(state)``, ``str(view)`` and the command show.

A view's table holds only what its seat may know; a state's table is what a
full-information observer sees: the same lines plus every hand, the captured
piles and the stock, top first. The seed is never shown. Builds are listed
with their value and owner; ``names`` label the seats (default ``P0`` …).

>>> from cardrules.casino import new_game, view
>>> state = new_game(seed=1)
>>> table_lines(view(state, None))[0].startswith("── Casino · hand 1, deal 1 of 6")
True
>>> any(line.startswith("Stock (top first)") for line in table_lines(state))
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.display import cards_text, heading, html, scores_line, seat_name, seat_names

__all__ = ["side_names", "table_html", "table_lines", "table_text"]


def side_names(config: Any, names: Sequence[str] | None = None) -> list[str]:
    """The scoring sides' labels: the seats, or the two teams with partnerships."""
    if not config.partnerships:
        return seat_names(names, config.num_players)
    return [
        " & ".join(seat_name(names, seat) for seat in config.seats_of(side))
        for side in range(config.num_sides)
    ]


def table_lines(
    obj: Any, names: Sequence[str] | None = None, *, marked: Collection[Card] = ()
) -> list[str]:
    """The table of a Casino ``State`` or ``View`` as lines of text.

    ``marked`` cards are bracketed in the hand shown.
    """
    from cardrules.casino.state import State
    from cardrules.casino.view import View, view

    if isinstance(obj, State):
        shown, state = view(obj, None), obj
    elif isinstance(obj, View):
        shown, state = obj, None
    else:
        raise TypeError(f"expected a casino State or View, not {type(obj).__name__}")
    config = shown.config
    labels = seat_names(names, config.num_players)
    variant = "Royal Casino" if config.variant == "royal" else "Casino"
    last = " (last deal)" if shown.is_last_deal else ""
    lines = [
        heading(
            f"{variant} · hand {shown.round_number}, deal {shown.deal_number} of "
            f"{config.deals_per_hand}{last} · dealer {labels[shown.dealer]}"
            f" · target {config.target}"
        ),
        "Scores: " + scores_line(side_names(config, names), shown.scores),
        f"Stock: {shown.stock_size} cards    Hands: "
        + ", ".join(f"{labels[s]} {n}" for s, n in enumerate(shown.hand_sizes)),
        "Table: " + (cards_text(shown.loose) if shown.loose else "no loose cards"),
    ]
    for build in shown.builds:
        kind = "single" if build.is_single else "multiple"
        lines.append(f"  build {build}  ({kind}, owner {labels[build.owner]})")
    captured = []
    for seat, size in enumerate(shown.pile_sizes):
        sweeps = shown.sweeps[seat]
        note = f" ({sweeps} sweep{'s' if sweeps != 1 else ''})" if config.sweeps and sweeps else ""
        captured.append(f"{labels[seat]} {size}{note}")
    lines.append(
        "Captured: "
        + ", ".join(captured)
        + (
            f"    last capture: {labels[shown.last_capturer]}"
            if shown.last_capturer is not None
            else ""
        )
    )
    if shown.pending is not None:
        lines.append(f"Play in progress: {shown.pending} …")
    if state is not None:
        lines.append("Hands:")
        lines.extend(f"  {labels[s]}: {cards_text(hand)}" for s, hand in enumerate(state.hands))
        lines.append("Captured piles:")
        lines.extend(
            f"  {labels[s]}: {cards_text(pile) or 'empty'}" for s, pile in enumerate(state.piles)
        )
        lines.append(f"Stock (top first): {cards_text(state.stock) or 'empty'}")
    elif shown.seat is not None:
        lines.append("Your hand: " + cards_text(shown.hand, marked=marked))
    if shown.to_act is not None:
        lines.append(f"To act: {labels[shown.to_act]}")
    elif shown.winners:
        won = " and ".join(labels[s] for s in shown.winners)
        lines.append(f"Game over: {won} won")
    return lines


def table_text(obj: Any, names: Sequence[str] | None = None) -> str:
    """The table as one string (``str(state)``, ``str(view)``)."""
    return "\n".join(table_lines(obj, names))


def table_html(obj: Any, names: Sequence[str] | None = None) -> str:
    """The table as HTML, red suits in red (``_repr_html_`` in Jupyter)."""
    return html(table_lines(obj, names))
