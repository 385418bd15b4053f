"""The numbered list of your legal actions: grouped by kind, fitted to the terminal.

A long list (Las Vegas Rummy after a draw can offer dozens of melds) is split
into groups — draws, melds, lay-offs, wild swaps, discards; captures, builds,
trails in Casino — each laid out in as many columns as the terminal's width
holds. The numbers run through the groups in the order shown, so ``7`` is the
seventh action on the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from cardrules.cli.render import columns

__all__ = ["GROUPS", "arrange", "group_of", "menu_lines"]

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


def menu_lines(
    game: str, menu: Sequence[Any], styled: Callable[[Any], str], width: int
) -> list[str]:
    """The numbered lines of ``menu`` (already :func:`arrange`-d), fitted to ``width``."""
    numbered = [(i, action) for i, action in enumerate(menu, 1)]
    groups: dict[str, list[tuple[int, Any]]] = {}
    for number, action in numbered:
        groups.setdefault(group_of(game, action), []).append((number, action))
    if len(menu) < _GROUPED_FROM or len(groups) == 1:
        parts = [("", numbered)]
    else:
        parts = [(name, groups[name]) for name in GROUPS if name in groups]
    lines = []
    for name, entries in parts:
        indent = "    " if name else "  "
        if name:
            lines.append(f"  {name[0].upper()}{name[1:]}:")
        plain = [f"{number}. {action}" for number, action in entries]
        texts = [f"{number}. {styled(action)}" for number, action in entries]
        lines.extend(indent + line for line in columns(texts, width - len(indent), plain))
    return lines
