"""The Las Vegas Rummy table as text: what ``str(state)``, ``str(view)`` and the command show.

A view's table holds only what its seat may know; a state's table is what a
full-information observer sees: the same lines plus every hand and the stock,
top first. The seed is never shown. Wild cards in a hand are starred
(``7♣*``); ``names`` label the seats (default ``P0``, ``P1`` …).

>>> from cardrules.vegas_rummy import new_game, view
>>> state = new_game(seed=1)
>>> table_lines(view(state, None))[0].startswith("── Las Vegas Rummy · round 1")
True
>>> any(line.startswith("Stock (top first)") for line in table_lines(state))
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from cardrules.cards import Card
from cardrules.display import cards_text, heading, html, melds_lines, scores_line, seat_names
from cardrules.rummy.wilds import meld_text
from cardrules.vegas_rummy.state import Phase

__all__ = ["table_html", "table_lines", "table_text", "wild_text"]


def wild_text(upcard: Card | None) -> str:
    """What the upcard makes wild, in words."""
    if upcard is None:
        return ""
    if upcard.is_joker:
        return "wild: jokers only"
    return f"wild: every {upcard.rank.label} and the jokers"


def table_lines(
    obj: Any, names: Sequence[str] | None = None, *, marked: Collection[Card] = ()
) -> list[str]:
    """The table of a Las Vegas Rummy ``State`` or ``View`` as lines of text.

    ``marked`` cards are bracketed in the hand shown (the card just drawn).
    """
    from cardrules.vegas_rummy.state import State, wild_cards
    from cardrules.vegas_rummy.view import View, view

    if isinstance(obj, State):
        shown, hands, stock = view(obj, None), obj.hands, obj.stock
    elif isinstance(obj, View):
        shown, hands, stock = obj, None, None
    else:
        raise TypeError(f"expected a vegas_rummy State or View, not {type(obj).__name__}")
    config = shown.config
    labels = seat_names(names, len(shown.scores))
    wild = wild_cards(config, shown.upcard) if shown.upcard is not None else frozenset()
    title = (
        f"Las Vegas Rummy · round {shown.round_number} · dealer {labels[shown.dealer]}"
        f" · bust at {config.max_score}"
    )
    if shown.pot:
        title += f" · pot {shown.pot}"
    notes = []
    for seat in range(len(shown.scores)):
        parts = []
        if not shown.active[seat]:
            parts.append("retired")
        if shown.busts[seat]:
            parts.append(f"busted {shown.busts[seat]}x")
        notes.append(f"({', '.join(parts)})" if parts else "")
    lines = [
        heading(title),
        "Scores (penalty points, lower is better): " + scores_line(labels, shown.scores, notes),
    ]
    if shown.phase in (Phase.decide, Phase.table):
        lines.append("Between rounds: the cards are collected.")
    elif shown.phase != Phase.over:
        upcard = str(shown.upcard) if shown.upcard is not None else "-"
        lines.append(
            f"Upcard: {upcard}  ({wild_text(shown.upcard)})    decks: {shown.num_decks}"
        )
        lines.append(
            f"Stock: {shown.stock_size} cards    Hands: "
            + ", ".join(
                f"{labels[s]} {n}" for s, n in enumerate(shown.hand_sizes) if shown.active[s]
            )
        )
        pile = f"{cards_text(shown.discard)}  ← top" if shown.discard else "empty"
        lines.append(f"Discard pile ({len(shown.discard)}, bottom → top): {pile}")
        lines += melds_lines(
            [meld_text(owned.meld) for owned in shown.melds],
            [labels[owned.owner] for owned in shown.melds],
        )
        if hands is not None and stock is not None:
            lines.append("Hands (* wild):")
            lines.extend(
                f"  {labels[s]}: {cards_text(hand, wild=wild)}"
                for s, hand in enumerate(hands)
                if shown.active[s]
            )
            lines.append(f"Stock (top first): {cards_text(stock) or 'empty'}")
    if hands is None and shown.seat is not None and shown.hand:
        lines.append(
            "Your hand: "
            + cards_text(shown.hand, marked=marked, wild=wild)
            + ("   (* wild)" if any(card in wild for card in shown.hand) else "")
        )
    if shown.to_act is not None:
        lines.append(f"To act: {labels[shown.to_act]} [{shown.phase}]")
    elif shown.winners:
        lines.append("Game over: " + " and ".join(labels[s] for s in shown.winners) + " won")
    return lines


def table_text(obj: Any, names: Sequence[str] | None = None) -> str:
    """The table as one string (``str(state)``, ``str(view)``)."""
    return "\n".join(table_lines(obj, names))


def table_html(obj: Any, names: Sequence[str] | None = None) -> str:
    """The table as HTML, red suits in red (``_repr_html_`` in Jupyter)."""
    return html(table_lines(obj, names))
