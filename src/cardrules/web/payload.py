"""What the web server sends about a game: built from one view and the table's public facts.

:func:`table_payload` is the only place a game's JSON for a browser is made,
and it is given a view, never the state: the view document itself (as
``cardrules.to_json`` writes it), and things derived from it for drawing the
table — the hand sorted, the legal moves with their texts, the public events
since the seat's last move with the seats' names, the table drawn as text by
the game's own display, the last round's scoring breakdown.

>>> import cardrules
>>> state = cardrules.new_game("casino", seed=1)
>>> table = Table("g1", "casino", ("You", "Bot 1 (easy)"), practice=False, version=0)
>>> data = table_payload(table, cardrules.view(state, 0))
>>> data["seat"], data["moves"][0]["text"], data["hand"]
(0, 'trail K♣', ['K♣', 'K♥', '2♠', 'K♠'])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import attrs

from cardrules import records
from cardrules.cli.render import ROUND_SUMMARIES, TABLES, Style, name_of
from cardrules.engine import TITLES
from cardrules.events import Move, RoundEnd

__all__ = ["Table", "table_payload"]

_PLAIN = Style(color=False, unicode=True)


@attrs.frozen
class Table:
    """The public facts of a table that are not in a view: its id, game, seat names, status."""

    id: str
    game: str
    names: tuple[str, ...]
    practice: bool
    version: int
    result: str | None = None


def _names(table: Table, seats: int) -> list[str]:
    return [name_of(table.names, seat) for seat in range(seats)]


def _event(event: object, names: Sequence[str], side_names: Sequence[str]) -> dict[str, Any]:
    if isinstance(event, Move):
        return {
            "kind": event.kind,
            "seat": event.seat,
            "who": name_of(names, event.seat),
            "text": event.text,
            "cards": [str(card) for card in event.cards],
        }
    assert isinstance(event, RoundEnd)
    return {
        "kind": "round_end",
        "round": event.round_number,
        "scores": list(event.scores),
        "winners": [name_of(names, seat) for seat in event.winners],
        "text": "round scored: "
        + ", ".join(f"{side_names[i]} {s}" for i, s in enumerate(event.scores)),
    }


def _side_names(game: str, view: Any, names: Sequence[str]) -> list[str]:
    if game == "casino":
        from cardrules.casino.display import side_names

        return side_names(view.config, names)
    return list(names)


def _over(game: str, view: Any, names: Sequence[str], sides: Sequence[str]) -> list[str] | None:
    if not view.winners and not getattr(view, "is_over", False):
        return None
    if game == "casino" and view.config.partnerships:
        won = sorted({view.config.side_of(seat) for seat in view.winners})
        who = " and ".join(sides[side] for side in won)
    else:
        who = " and ".join(name_of(names, seat) for seat in view.winners)
    lines = [f"Game over: {who} won." if who else "Game over."]
    lines.append("Final scores: " + ", ".join(f"{sides[i]} {s}" for i, s in enumerate(view.scores)))
    if game == "vegas_rummy" and view.pot:
        lines.append(f"Pot: {view.pot}")
    return lines


def _meld_cards(meld: Any) -> list[str]:
    return [str(card) for card in meld.cards]


def _board(game: str, view: Any, names: Sequence[str], sides: Sequence[str]) -> dict[str, Any]:
    """The table as the page draws it: seats, stock, discard pile, melds or builds, money.

    Only public facts of ``view`` (and the seat's own hand, drawn apart): counts of the
    other hands, never their cards.
    """
    seats = len(view.hand_sizes)
    board: dict[str, Any] = {
        "stock_size": view.stock_size,
        "seats": [
            {
                "seat": seat,
                "name": name_of(names, seat),
                "cards": view.hand_sizes[seat],
                "to_act": view.to_act == seat,
            }
            for seat in range(seats)
        ],
        "scores": [{"name": sides[i], "score": score} for i, score in enumerate(view.scores)],
    }
    if game == "casino":
        for seat in board["seats"]:
            seat["pile"] = view.pile_sizes[seat["seat"]]
            seat["sweeps"] = view.sweeps[seat["seat"]] if view.config.sweeps else None
        board["loose"] = [str(card) for card in view.loose]
        board["builds"] = [
            {
                "value": build.value,
                "owner": build.owner,
                "owner_name": name_of(names, build.owner),
                "groups": [[str(card) for card in group] for group in build.groups],
                "cards": [str(card) for card in build.cards],
            }
            for build in view.builds
        ]
        # A capture or build made in steps: the move so far, which "and ..." extends and
        # "done" ends (the first step's button reads as a whole move; this says it is not).
        board["pending"] = None if view.pending is None else str(view.pending)
        board["deal"] = view.deal_number
        board["last_deal"] = view.is_last_deal
        return board
    board["discard"] = [str(card) for card in view.discard]
    melds = []
    if game == "rummy500":
        placed_by = {str(card): seat for seat, cards in enumerate(view.placed) for card in cards}
        for number, (meld, owner) in enumerate(zip(view.melds, view.meld_owners), 1):
            cards = _meld_cards(meld)
            melds.append(
                {
                    "number": number,
                    "owner": owner,
                    "owner_name": name_of(names, owner),
                    "cards": [{"card": c, "by": placed_by.get(c, owner)} for c in cards],
                }
            )
        board["round_points"] = list(view.round_points)
    else:
        for number, owned in enumerate(view.melds, 1):
            melds.append(
                {
                    "number": number,
                    "owner": owned.owner,
                    "owner_name": name_of(names, owned.owner),
                    "cards": [{"card": c, "by": owned.owner} for c in _meld_cards(owned.meld)],
                }
            )
        board["money"] = _vegas_money(view, names)
        for seat in board["seats"]:
            seat["active"] = view.active[seat["seat"]]
            seat["busts"] = view.busts[seat["seat"]]
    board["melds"] = melds
    return board


def _item_text(item: tuple[Any, ...]) -> str:
    """A table item as the notation writes it: a loose card, or a build's cards in brackets."""
    return str(item[0]) if len(item) == 1 else "[" + " ".join(str(c) for c in item) + "]"


def _casino_steps(view: Any) -> list[dict[str, Any] | None]:
    """For each of the view's moves, what a first step starts when it does not finish the play.

    A Casino capture or build taking several table items is made one item at a
    time: ``A♣ builds 8 with 6♣`` may only start a build of 8, which then takes
    another item (``and 2♦``) and perhaps ends with ``done``. For such a first
    step: ``kind`` (``capture``, ``new``, ``raise``, ``add``), ``value``, the
    items that may come next (``then``, in table order) and whether the play
    could end right after this step (``can_end``: ``done`` would be listed).
    ``None`` for a move that is whole by itself. Worked out from the view alone
    (the seat's own hand and the table), exactly as the rules decide whether a
    step leaves the play in progress.
    """
    from cardrules.casino.actions import Build, Capture
    from cardrules.casino.steps import context_of, item_order, named_items

    steps: list[dict[str, Any] | None] = []
    if view.pending is not None:
        return [None] * len(view.legal_actions)
    order = item_order(view)
    for action in view.legal_actions:
        step = None
        if isinstance(action, Capture | Build):
            chosen = tuple(sorted(order.index(item) for item in named_items(action)))
            context = context_of(view, action)
            if chosen and context.goes_on(chosen):
                step = {
                    "kind": "capture" if isinstance(action, Capture) else action.kind,
                    "value": context.value,
                    "then": [_item_text(order[p]) for p in context.next_items(chosen)],
                    "can_end": context.complete(chosen),
                }
        steps.append(step)
    return steps


def _moves(game: str, view: Any) -> list[dict[str, Any]]:
    """The view's legal moves: index and text, and (Casino) what a first step starts."""
    moves: list[dict[str, Any]] = [
        {"index": i, "text": text} for i, text in enumerate(view.legal_texts)
    ]
    if game == "casino" and moves:
        for move, step in zip(moves, _casino_steps(view), strict=True):
            if step is not None:
                move["step"] = step
    return moves


def _vegas_money(view: Any, names: Sequence[str]) -> dict[str, Any]:
    """The pot, what each seat paid in, what a rebuy costs and restarts at, and at the end
    the pot's split (LV-12, LV-15): all public."""
    from cardrules.vegas_rummy.betting import rebuy_score
    from cardrules.vegas_rummy.scoring import runners_up_ranked, split_pot

    config = view.config
    seats = len(view.hand_sizes)
    paid = [
        sum((e.amount for e in view.ledger if e.seat == seat), Decimal(0)) for seat in range(seats)
    ]
    money: dict[str, Any] = {
        "pot": str(view.pot),
        "buy_in": str(config.buy_in),
        "max_score": config.max_score,
        "paid": [{"name": name_of(names, seat), "paid": str(paid[seat])} for seat in range(seats)],
        "rebuy": None,
        "split": None,
    }
    if "rebuy" in view.legal_texts:
        money["rebuy"] = {
            "cost": str(config.buy_in),
            "score": rebuy_score(view.scores, view.active, config.max_score),
        }
    if view.is_over:
        ranked = runners_up_ranked(view.scores, view.active, view.winners)
        payouts = split_pot(
            view.pot, config, winners=view.winners, ranked=ranked, buy_in=config.buy_in
        )
        money["split"] = [
            {
                "name": name_of(names, seat),
                "receives": str(payouts[seat]) if seat < len(payouts) else "0",
            }
            for seat in range(seats)
        ]
    return money


def table_payload(
    table: Table,
    view: Any,
    *,
    events: Sequence[Any] | None = None,
    since_move: tuple[Sequence[Any], Sequence[int]] | None = None,
) -> dict[str, Any]:
    """The JSON object sent to a browser for ``view`` (a player's or a spectator's).

    Everything in it comes from ``view`` and ``table``; see the module docstring.
    ``events`` (public events, such as the one move a spectator has not seen yet)
    replace the view's own events since the seat's last move. ``since_move`` (the
    seat's own views since its last move, and for each of the view's events the
    index of the view right after it; see :meth:`~cardrules.web.games.WebGame.views_since_move`)
    adds ``between``: ``tables`` (the hand and board of each of those views, the
    first right after the seat's move) and ``after_event`` (those indexes, one for
    each of the last events: the ones logged since the move) — the tables the page
    shows while the other players' moves travel.
    """
    game = table.game
    seats = len(view.hand_sizes)
    names = _names(table, seats)
    sides = _side_names(game, view, names)
    hand = sorted(view.hand or ())
    history = view.history
    scoring = ROUND_SUMMARIES[game](history[-1], names, _PLAIN, view.config) if history else []
    to_act = view.to_act
    over = _over(game, view, names, sides)
    payload: dict[str, Any] = {
        "id": table.id,
        "game": game,
        "title": TITLES[game],
        "seat": view.seat,
        "names": names,
        "sides": sides,
        "practice": table.practice,
        "version": table.version,
        "to_act": to_act,
        "to_act_name": None if to_act is None else name_of(names, to_act),
        "your_turn": view.seat is not None and to_act == view.seat and over is None,
        "hand": [str(card) for card in hand],
        "moves": _moves(game, view),
        "events": [_event(e, names, sides) for e in (view.events if events is None else events)],
        "table": TABLES[game](view, names),
        "scoring": scoring,
        "round_count": len(history),
        "over": over,
        "result": table.result if over is not None else None,
        "view": json.loads(records.to_json(view)),
        "board": _board(game, view, names, sides),
    }
    if game == "vegas_rummy":
        payload["pot"] = str(view.pot)
    if since_move is not None:
        views, after_event = since_move
        payload["between"] = {
            "tables": [
                {
                    "hand": [str(card) for card in sorted(earlier.hand or ())],
                    "board": _board(game, earlier, names, sides),
                }
                for earlier in views
            ],
            "after_event": list(after_event),
        }
    return payload
