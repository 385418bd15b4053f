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

For a class without slots (``@attrs.frozen(slots=False)``) whose changed fields
have no validator or converter, the new instance is made from a copy of the old
one's ``__dict__`` with the changes put in: one C-level dict copy instead of
the constructor's call per field (which is most of the cost of a 24-field
state). The fields it did not change hold the values the constructor
already accepted for the old instance, and a field with ``init=False`` gets its
default again. Anything else, and every class with slots, goes through
``__init__``:

>>> @attrs.frozen(slots=False)
... class Tagged:
...     x: int
...     tag: str = attrs.field(validator=attrs.validators.instance_of(str))
>>> move = evolver(Tagged)
>>> move(Tagged(1, "a"), x=2)
Tagged(x=2, tag='a')
>>> move(Tagged(1, "a"), tag=3)
Traceback (most recent call last):
...
TypeError: ("'tag' must be <class 'str'> (got 3 that is a <class 'int'>)."...
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

    copyable = _copyable_fields(cls)
    if copyable is None:
        return evolve
    defaults = _init_false_defaults(cls)
    if defaults is None:
        return evolve
    make = object.__new__
    set_dict = object.__setattr__
    size = len(attrs.fields(cls))  # type: ignore[arg-type]

    def evolve_by_copy(instance: _T, **changes: Any) -> _T:
        if type(instance) is not cls or not copyable.issuperset(changes):
            # Another class, a field that is checked or converted, or no such field.
            return evolve(instance, **changes)
        values = instance.__dict__.copy()
        if len(values) != size:
            # Changed in place (a field added or deleted): rebuild, which checks it.
            return evolve(instance, **changes)
        values.update(changes)
        values.update(defaults)
        new: _T = make(cls)
        set_dict(new, "__dict__", values)
        return new

    return evolve_by_copy


def _copyable_fields(cls: type[Any]) -> frozenset[str] | None:
    """The ``__init__`` fields a new instance of ``cls`` may take unchecked from a copy
    (those without validator or converter), or ``None`` when the class cannot be
    copied so (it has slots, or ``__attrs_post_init__`` works things out)."""
    if "__dict__" not in dir(cls) or "__slots__" in vars(cls):
        return None
    if hasattr(cls, "__attrs_post_init__") or hasattr(cls, "__attrs_pre_init__"):
        return None
    fields = attrs.fields(cls)
    return frozenset(
        f.name for f in fields if f.init and f.validator is None and f.converter is None
    )


def _init_false_defaults(cls: type[Any]) -> dict[str, Any] | None:
    """The defaults of the fields with ``init=False``, or ``None`` if one has none or
    a factory (it is then left to ``__init__``)."""
    defaults = {}
    for f in attrs.fields(cls):
        if f.init:
            continue
        if f.default is attrs.NOTHING or isinstance(f.default, attrs.Factory):  # type: ignore[arg-type]
            return None
        defaults[f.name] = f.default
    return defaults
