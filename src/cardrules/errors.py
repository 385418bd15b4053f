"""The errors cardrules raises on purpose."""

from __future__ import annotations

__all__ = ["IllegalActionError"]


class IllegalActionError(ValueError):
    """An action the rules do not allow in this state.

    ``reason`` is a sentence a player can read; ``action`` is what was tried.
    The state the action was tried on is never changed.

    >>> err = IllegalActionError("you must draw first", action="discard 5♣")
    >>> err.reason
    'you must draw first'
    >>> str(err)
    'discard 5♣: you must draw first'
    """

    def __init__(self, reason: str, action: object = None) -> None:
        self.reason = reason
        self.action = action
        super().__init__(reason if action is None else f"{action}: {reason}")
