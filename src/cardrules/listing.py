"""Each thread's last answer of a game's ``legal_actions``: ``apply`` checks a listed action once.

Legality is a pure function of the state, so asking again for the same state
object gives the same tuple, and ``apply`` may skip checking an action that is
one of those very objects: the usual loop (list the actions, apply one) checks
each action once. A game keeps one :func:`memory`; each thread has its own
entry in it (one, replaced as a whole), held by identity: the state is kept
alive with it, so no other state can take its place, and an action object only
passes unchecked together with the very state object it was listed for.

The memory is a plain ``threading.local`` with attributes set on use (not a
subclass with class defaults), which the compiled build reads safely from any
thread.

>>> notes = memory()
>>> state, actions = object(), ("draw", "take")
>>> recall(notes, state) is None
True
>>> remember(notes, state, actions)
>>> recall(notes, state) is actions, was_listed(notes, state, actions[1])
(True, True)
>>> was_listed(notes, object(), actions[1])
False
"""

from __future__ import annotations

import threading
from typing import Any

__all__ = ["memory", "recall", "remember", "was_listed"]


def memory() -> threading.local:
    """A new, empty memory of listings (one per game module)."""
    return threading.local()


def recall(notes: threading.local, state: object) -> tuple[Any, ...] | None:
    """The actions this thread last listed for this very ``state`` object, else ``None``."""
    if state is getattr(notes, "state", None):
        actions: tuple[Any, ...] = notes.actions
        return actions
    return None


def remember(notes: threading.local, state: object, actions: tuple[Any, ...]) -> None:
    """Keep ``actions`` as this thread's listing for ``state``."""
    notes.state = None  # never a moment where the old state pairs with the new actions
    notes.actions = actions
    notes.state = state


def was_listed(notes: threading.local, state: object, action: object) -> bool:
    """Whether ``action`` is one of the very objects this thread last listed for ``state``."""
    if state is getattr(notes, "state", None):
        for legal in notes.actions:
            if legal is action:
                return True
    return False
