"""Perft for cards: counting legal action sequences, and fingerprints of states.

Chess programs check their move generators by counting the move sequences of
each length from known positions ("perft") and comparing with published
numbers. The same works for card games: :func:`perft` counts the sequences of
``depth`` legal actions from a state. Chance (the card drawn from the stock, a
new deal) happens inside :func:`cardrules.apply`, from the seed carried in the
state, so the count covers the players' decisions only and is a pure function
of the state.

Any change to what ``legal_actions`` lists, or to what ``apply`` makes of an
action, changes some count; the test suite keeps counts for positions of every
game in ``tests/data/<game>/perft.json`` and full games in
``tests/data/<game>/golden.json``, fingerprinted with :func:`state_digest`
(``scripts/regen_golden.py`` rewrites them).

>>> import cardrules
>>> state = cardrules.new_game("rummy500", seed=1)
>>> perft(state, 0), perft(state, 1) == len(cardrules.legal_actions(state))
(1, True)
>>> perft_divide(state, 1)
{'draw': 1}
>>> len(state_digest(state))
32
"""

from __future__ import annotations

import hashlib
from typing import Any

from cardrules import engine
from cardrules.records import to_json

__all__ = ["perft", "perft_divide", "state_digest"]


def perft(state: Any, depth: int) -> int:
    """The number of sequences of ``depth`` legal actions from ``state``.

    ``perft(state, 0)`` is 1; a finished game has no sequences of length 1 or
    more, so a game that ends part way counts only the sequences that reach
    ``depth``. Works for the state of any game in :data:`~cardrules.engine.GAMES`.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
        raise ValueError(f"depth must be a whole number >= 0, not {depth!r}")
    rules = engine.definition_of(state)
    return _perft(rules, state, depth)


def _perft(rules: engine.GameDefinition, state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(_perft(rules, rules.apply(state, action), depth - 1) for action in actions)


def perft_divide(state: Any, depth: int) -> dict[str, int]:
    """:func:`perft` split by first action: ``{str(action): count}``, in listed order.

    When two counts differ, the divided counts show which first action the
    difference lies under (then divide again from the state after it).
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number >= 1, not {depth!r}")
    rules = engine.definition_of(state)
    return {
        str(action): _perft(rules, rules.apply(state, action), depth - 1)
        for action in rules.legal_actions(state)
    }


def state_digest(state: Any) -> str:
    """A 32-character fingerprint of ``state``: the BLAKE2b hash of its JSON.

    Equal states have equal digests in any process (the JSON is deterministic);
    a change in any field, hidden ones included, changes the digest.
    """
    return hashlib.blake2b(to_json(state).encode("utf-8"), digest_size=16).hexdigest()
