"""``attrs.evolve`` for the classes the rules rebuild on every move, a few times faster.

``attrs.evolve`` looks the class's fields up on every call; the games' ``apply``
makes a new state per action, so that lookup is a good part of an action's
cost. :func:`evolver` looks the fields up once and returns a function that
does what ``attrs.evolve`` does for that class: the same ``__init__`` (with its
converters and validators) gets every field, the changed ones from the keywords.

>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
...     y: int = 0
>>> move = evolver(Point)
>>> move(Point(1, 2), y=5)
Point(x=1, y=5)
>>> move(Point(1, 2), z=5)
Traceback (most recent call last):
...
TypeError: Point has no field 'z'

A field the class works out itself is worked out again for the new instance:

>>> @attrs.frozen
... class Pair:
...     a: int
...     b: int
...     total: int = attrs.field(init=False, eq=False)
...     def __attrs_post_init__(self) -> None:
...         object.__setattr__(self, "total", self.a + self.b)
>>> evolver(Pair)(Pair(1, 2), b=5).total
6
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

__all__ = ["evolver"]

_T = TypeVar("_T")


def evolver(cls: type[_T]) -> Callable[..., _T]:
    """A function ``(instance, **changes) -> new instance`` like ``attrs.evolve`` for ``cls``.

    Keyword-only or aliased fields make it fall back to ``attrs.evolve`` itself;
    fields with ``init=False`` are left to the class, which makes them anew.
    Instances are rebuilt as ``cls`` only if they are exactly ``cls``; instances
    of subclasses also go to ``attrs.evolve``.
    """
    # Fields with ``init=False`` are made by the class itself (``__attrs_post_init__``
    # works them out from the others), so they are neither read nor passed on.
    fields = [f for f in attrs.fields(cls) if f.init]  # type: ignore[arg-type]
    if any(f.kw_only or (f.alias or f.name) != f.name for f in fields):
        return attrs.evolve
    names = tuple(f.name for f in fields)
    position = {name: i for i, name in enumerate(names)}
    values_of = operator.attrgetter(*names) if len(names) > 1 else None
    if values_of is None:
        return attrs.evolve

    def evolve(instance: _T, **changes: Any) -> _T:
        if type(instance) is not cls:
            return attrs.evolve(instance, **changes)  # type: ignore[misc]
        values = list(values_of(instance))
        for name, value in changes.items():
            index = position.get(name)
            if index is None:
                raise TypeError(f"{cls.__name__} has no field {name!r}")
            values[index] = value
        return cls(*values)

    return evolve
