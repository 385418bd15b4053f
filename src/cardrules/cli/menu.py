"""The numbered list of your legal actions: grouped by kind, fitted to the terminal.

A long list (Las Vegas Rummy after a draw can offer dozens of melds) is split
into groups — draws, melds, lay-offs, wild swaps, discards; captures, builds,
trails in Casino — each laid out in as many columns as the terminal's width
holds. The numbers run through the groups in the order shown, so ``7`` is the
seventh entry on the screen.

One entry may stand for several actions: the readings of a meld's (or a
lay-off's) wild cards — ``meld 5♥ 5♠ JK=5?`` and ``meld 5♥ 5♠ JK=5♦`` — share
one line and one number (:func:`entries`); choosing it asks which reading.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardrules.cli.render import columns

__all__ = ["GROUPS", "arrange", "entries", "entry_text", "group_of", "menu_lines"]

GROUPS: Final = (
    "draw or take",
    "melds",
    "lay-offs",
    "wild swaps",
    "discards",
    "captures",
    "builds",
    "trails",
    "next item",
    "other",
)
"""The groups, in the order they are listed."""

_GROUP_OF: Final = {
    "Draw": "draw or take",
    "Take": "draw or take",
    "TakeDiscard": "draw or take",
    "Meld": "melds",
    "LayOff": "lay-offs",
    "SwapWild": "wild swaps",
    "Discard": "discards",
    "Capture": "captures",
    "Build": "builds",
    "Trail": "trails",
}

_GROUPED_FROM: Final = 9
"""Lists this long or longer are shown in groups."""


def group_of(game: str, action: Any) -> str:
    """The group an action is listed in."""
    kind = type(action).__name__
    if game == "casino" and kind in ("Take", "Done"):
        return "next item"  # a step of a Casino play in progress
    return _GROUP_OF.get(kind, "other")


def arrange(game: str, legal: Sequence[Any]) -> list[Any]:
    """``legal`` in the order listed: by group, the game's own order within a group."""
    order = {name: i for i, name in enumerate(GROUPS)}
    return sorted(legal, key=lambda action: order[group_of(game, action)])


_READING: Final = re.compile(r"=\S+")
"""What a wild card stands for in an action's text: ``JK=5♦`` reads ``JK``."""

_WITH_READINGS: Final = frozenset({"Meld", "LayOff"})


def _without_readings(game: str, action: Any) -> tuple[str, ...] | None:
    """The key shared by the readings of one meld or lay-off (``None``: an action on its own)."""
    if game == "casino" or type(action).__name__ not in _WITH_READINGS:
        return None
    text = str(action)
    if "=" not in text:
        return None
    words = _READING.sub("", text).split()
    # A run puts its wild card in place and a set after the naturals: order counts not.
    return (type(action).__name__, *sorted(words))


def entries(game: str, menu: Sequence[Any]) -> list[tuple[Any, ...]]:
    """``menu`` (already :func:`arrange`-d) as numbered entries: one per action, except
    that the readings of one meld's or lay-off's wild cards make one entry together.

    >>> from cardrules import rummy500
    >>> legal = rummy500.legal_actions(rummy500.new_game(seed=1))
    >>> listed = entries("rummy500", legal)
    >>> sum(len(entry) for entry in listed) == len(legal)
    True
    """
    out: list[tuple[Any, ...]] = []
    where: dict[tuple[str, ...], int] = {}
    for action in menu:
        key = _without_readings(game, action)
        if key is None:
            out.append((action,))
        elif key in where:
            out[where[key]] += (action,)
        else:
            where[key] = len(out)
            out.append((action,))
    return out


def entry_text(entry: tuple[Any, ...], styled: Callable[[Any], str]) -> str:
    """One entry's text: its action, or its first reading and how many there are."""
    if len(entry) == 1:
        return styled(entry[0])
    return f"{styled(entry[0])} (+{len(entry) - 1} readings)"


def menu_lines(
    game: str,
    menu: Sequence[tuple[Any, ...]],
    styled: Callable[[Any], str],
    width: int,
) -> list[str]:
    """The numbered lines of ``menu`` (:func:`entries`), fitted to ``width``."""
    numbered = [(i, entry) for i, entry in enumerate(menu, 1)]
    groups: dict[str, list[tuple[int, tuple[Any, ...]]]] = {}
    for number, entry in numbered:
        groups.setdefault(group_of(game, entry[0]), []).append((number, entry))
    if len(menu) < _GROUPED_FROM or len(groups) == 1:
        parts = [("", numbered)]
    else:
        parts = [(name, groups[name]) for name in GROUPS if name in groups]
    lines = []
    for name, listed in parts:
        indent = "    " if name else "  "
        if name:
            lines.append(f"  {name[0].upper()}{name[1:]}:")
        plain = [f"{number}. {entry_text(entry, str)}" for number, entry in listed]
        texts = [f"{number}. {entry_text(entry, styled)}" for number, entry in listed]
        lines.extend(indent + line for line in columns(texts, width - len(indent), plain))
    return lines
