"""A Rummy 500 state's bit masks, and the next state made from a copy of the one before.

These are the functions every move calls (:func:`successor` makes each new
state, :func:`hand_masks` and :func:`table_summary` answer the rules'
questions about the hand and the table). They live apart from
:mod:`cardrules.rummy500.state`, which defines the attrs classes, so that the
compiled build compiles them (``hatch_build.py`` keeps modules that define
attrs classes pure).
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from cardrules.cards import Card
from cardrules.rummy.melds import NaturalTable, holds, natural_table, natural_table_with
from cardrules.rummy500.state import State

__all__ = ["hand_mask", "hand_masks", "successor", "table_summary"]


_BITS: Final = tuple(1 << index for index in range(53))
"""``_BITS[card.index]``: the card's bit (a look-up is cheaper than the shift, at every state)."""


def hand_mask(hand: tuple[Card, ...]) -> int:
    """The bit mask of a hand: bit ``card.index`` set for each card held.

    >>> from cardrules.cards import parse_cards
    >>> bin(hand_mask(tuple(parse_cards("AC 3C 3C"))))
    '0b101'
    """
    mask = 0
    bits = _BITS
    for card in hand:
        mask |= bits[card.index]
    return mask


_UNUSABLE: Final = (AttributeError, TypeError, ValueError, KeyError, IndexError)
"""What reading a state whose fields are not of their declared types may raise."""


def hand_masks(state: State) -> tuple[int, ...] | None:
    """The :func:`hand_mask` of each of ``state.hands``, worked out once per state.

    ``None`` for a state whose fields are not of their declared types (the
    loader's validation then says what is wrong). A state made by
    :func:`successor` gets them from the state before.

    >>> from cardrules.rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> hand_masks(state)[1] == hand_mask(state.hands[1])
    True
    """
    held = state._held
    if held is None:
        try:
            held = tuple([hand_mask(hand) for hand in state.hands])
        except _UNUSABLE:
            return None
        object.__setattr__(state, "_held", held)
    return held


def table_summary(state: State) -> NaturalTable | None:
    """:func:`~cardrules.rummy.melds.natural_table` of ``state.melds``, worked out once per state.

    ``None`` for a state whose fields are not of their declared types.

    >>> from cardrules.rummy500 import new_game
    >>> table_summary(new_game(seed=1)).fits
    0
    """
    table = state._table
    if table is None:
        try:
            table = natural_table(state.melds, state.config.meld_rules)
        except _UNUSABLE:
            return None
        object.__setattr__(state, "_table", table)
    return table


def successor(
    before: State,
    changes: dict[str, Any],
    seat: int,
    *,
    added: tuple[Card, ...] = (),
    removed: tuple[Card, ...] = (),
    changed_meld: int | None = None,
) -> State:
    """The state after a move: ``before`` with the fields in ``changes`` replaced.

    For :func:`~cardrules.rummy500.apply` only, which has checked the move:
    the new state is a copy of ``before``'s ``__dict__`` with ``changes`` put
    in (the constructor would set each of the 24 fields again, the largest
    cost of a move), none of which may be ``stacked`` (the one field the
    constructor checks). The masks are carried over: the move changed only
    ``seat``'s hand, which gained ``added`` and lost ``removed`` (their bits
    are set, or cleared for a card of which it holds no copy any more; the hand
    is not walked again), and, when ``changed_meld`` is a number, that meld
    (a new one when it is the number of melds before), the only one summed up
    again (:func:`~cardrules.rummy.melds.natural_table_with`). Masks
    ``before`` had not worked out are left for the new state to work out.

    >>> from cardrules.rummy500 import Draw, apply, new_game
    >>> after = apply(new_game(seed=1), Draw())
    >>> after.masks == attrs.evolve(after).masks and after == attrs.evolve(after)
    True
    """
    if not changes.keys() <= _COPYABLE:  # no set made of the keys, as issuperset would
        raise TypeError(f"a move does not set {sorted(set(changes) - _COPYABLE)}")
    values = before.__dict__.copy()
    if len(values) != _FIELD_COUNT:  # changed in place: the constructor says what is wrong
        return attrs.evolve(before, **changes)
    values.update(changes)
    held = values["_held"]
    if held is not None:
        try:
            mask = held[seat]
            bits = _BITS
            for card in added:
                mask |= bits[card.index]
            if removed:
                if not added and mask.bit_count() == len(before.hands[seat]):
                    # A hand without repeats (one deck) keeps no copy of a card it gave.
                    for card in removed:
                        mask &= ~bits[card.index]
                else:
                    hand = values["hands"][seat]
                    for card in removed:
                        if not holds(hand, card):
                            mask &= ~bits[card.index]
            held = (*held[:seat], mask, *held[seat + 1 :])
        except _UNUSABLE:
            held = None
        values["_held"] = held
    if changed_meld is not None:
        table = values["_table"]
        if table is not None:
            try:
                table = natural_table_with(
                    table, values["melds"], changed_meld, values["config"].meld_rules
                )
            except _UNUSABLE:
                table = None
            values["_table"] = table
    new = _new_state(State)
    _set_dict(new, "__dict__", values)
    return new


_new_state: Final = object.__new__
_set_dict: Final = object.__setattr__


_COPYABLE: Final = frozenset(
    f.name for f in attrs.fields(State) if f.init and f.validator is None and f.converter is None
)
"""The fields :func:`successor` may set unchecked: all but ``stacked``."""

_FIELD_COUNT: Final = len(attrs.fields(State))
