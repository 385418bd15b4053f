"""The Rummy 500 table as text: what ``str(state)``, ``str(view)`` and the command show.

A view's table holds only what its seat may know (its own hand, the sizes of
the others, everything public); a state's table is what a full-information
observer sees: the same lines plus every hand and the stock, top first. The
seed is never shown. ``names`` label the seats (default ``P0``, ``P1`` …).

>>> from cardrules.rummy500 import new_game, view
>>> state = new_game(seed=1)
>>> table_lines(view(state, 0))[0].startswith("── Rummy 500 · round 1 · dealer")
True
>>> "Stock (top first)" in str(state), "Stock (top first)" in str(view(state, 0))
(True, False)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.display import (
    cards_text,
    heading,
    html,
    melds_lines,
    scores_line,
    seat_name,
    seat_names,
)
from cardrules.rummy.melds import describe

__all__ = ["table_html", "table_lines", "table_text"]


def table_lines(
    obj: Any, names: Sequence[str] | None = None, *, marked: Collection[Card] = ()
) -> list[str]:
    """The table of a Rummy 500 ``State`` or ``View`` as lines of text.

    ``marked`` cards are bracketed in the hand shown (the card just drawn).
    """
    from cardrules.rummy500.state import State
    from cardrules.rummy500.view import View, view

    if isinstance(obj, State):
        shown, hands, stock = view(obj, None), obj.hands, obj.stock
    elif isinstance(obj, View):
        shown, hands, stock = obj, None, None
    else:
        raise TypeError(f"expected a rummy500 State or View, not {type(obj).__name__}")
    config = shown.config
    seats = len(shown.hand_sizes)
    labels = seat_names(names, seats)
    lines = [
        heading(
            f"Rummy 500 · round {shown.round_number} · dealer {seat_name(names, shown.dealer)}"
            f" · target {config.target}"
        ),
        "Scores: "
        + scores_line(labels, shown.scores, [f"(+{p} this round)" for p in shown.round_points]),
        f"Stock: {shown.stock_size} cards    Hands: "
        + ", ".join(f"{labels[s]} {n}" for s, n in enumerate(shown.hand_sizes)),
    ]
    if shown.discard:
        # The whole pile: digging (take 4♥) needs to see every card.
        lines.append(
            f"Discard pile ({len(shown.discard)}, bottom → top): "
            f"{cards_text(shown.discard)}  ← top"
        )
    else:
        lines.append("Discard pile: empty")
    lines += melds_lines(
        [describe(meld) for meld in shown.melds],
        [seat_name(names, owner) for owner in shown.meld_owners],
    )
    if shown.owed is not None and shown.to_act is not None:
        lines.append(
            f"{seat_name(names, shown.to_act)} must still meld or lay off {shown.owed} this turn"
        )
    if hands is not None and stock is not None:
        lines.append("Hands:")
        lines.extend(f"  {labels[s]}: {cards_text(hand)}" for s, hand in enumerate(hands))
        lines.append(f"Stock (top first): {cards_text(stock) or 'empty'}")
    elif shown.seat is not None:
        lines.append("Your hand: " + cards_text(shown.hand, marked=marked))
    if shown.to_act is not None:
        lines.append(f"To act: {seat_name(names, shown.to_act)} [{shown.phase.value}]")
    elif shown.winners:
        lines.append("Game over: " + " and ".join(labels[s] for s in shown.winners) + " won")
    return lines


def table_text(obj: Any, names: Sequence[str] | None = None) -> str:
    """The table as one string (``str(state)``, ``str(view)``)."""
    return "\n".join(table_lines(obj, names))


def table_html(obj: Any, names: Sequence[str] | None = None) -> str:
    """The table as HTML, red suits in red (``_repr_html_`` in Jupyter)."""
    return html(table_lines(obj, names))
