"""Building Rummy 500 positions for tests: a thin wrapper over :mod:`cardrules.rummy500.builder`.

The project's tests keep these names; the public, documented API is
``cardrules.rummy500.position`` (docs/positions.rst).
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.rummy500 import Config, Phase, State
from cardrules.rummy500.builder import assemble
from cardrules.rummy500.builder import position as build_position


def position(
    hands: Sequence[str],
    *,
    discard: str = "",
    melds: Sequence[tuple[int, str]] = (),
    phase: Phase = Phase.DRAW,
    to_act: int = 0,
    config: Config | None = None,
    stock: str | None = None,
    dealer: int | None = None,
    owed: str | None = None,
    taken: str = "",
) -> State:
    """A state with the given hands, discard pile (bottom to top) and melds (owner, cards).

    Every other card goes to the stock in card order unless ``stock`` is given;
    then the position is not checked (the test finishes it by hand).
    """
    build = build_position if stock is None else assemble
    return build(
        list(hands), discard=discard, melds=melds, phase=phase, to_act=to_act, config=config,
        stock=stock, dealer=dealer, owed=owed, taken=taken, seed=1, shuffle=False,
    )


def texts(actions: Sequence[object]) -> list[str]:
    """The text form of each action."""
    return [str(a) for a in actions]
