"""cardrules.evolve.evolver: its copy path (classes without slots) equals the constructor."""

from __future__ import annotations

import attrs
import pytest

from cardrules.evolve import evolver
from cardrules.rummy500 import apply, legal_actions, new_game


@attrs.frozen(slots=False)
class Plain:
    x: int
    y: tuple[int, ...] = ()
    checked: str = attrs.field(default="a", validator=attrs.validators.instance_of(str))
    cached: int | None = attrs.field(init=False, default=None, eq=False)


def test_copy_path_equals_the_constructor() -> None:
    move = evolver(Plain)
    before = Plain(1, (2,))
    object.__setattr__(before, "cached", 7)
    after = move(before, x=5)
    assert after == Plain(5, (2,))
    assert type(after) is Plain
    assert after.cached is None  # an init=False field gets its default again
    assert before == Plain(1, (2,)) and before.cached == 7  # the old instance is untouched
    assert vars(after) == vars(Plain(5, (2,)))


def test_a_checked_field_goes_through_the_constructor() -> None:
    move = evolver(Plain)
    with pytest.raises(TypeError):
        move(Plain(1), checked=3)
    assert move(Plain(1), checked="b") == Plain(1, checked="b")


def test_an_unknown_field_is_refused() -> None:
    with pytest.raises(TypeError, match="no field 'z'"):
        evolver(Plain)(Plain(1), z=2)


def test_an_instance_changed_in_place_is_rebuilt() -> None:
    broken = Plain(1)
    del broken.__dict__["y"]
    with pytest.raises(AttributeError):
        evolver(Plain)(broken, x=2)  # read through the constructor's path, as attrs.evolve does


def test_a_subclass_goes_to_attrs_evolve() -> None:
    @attrs.frozen(slots=False)
    class Sub(Plain):
        z: int = 0

    assert evolver(Plain)(Sub(1, z=3), x=2) == Sub(2, z=3)


def test_classes_with_slots_use_the_constructor() -> None:
    @attrs.frozen
    class Slotted:
        x: int
        total: int = attrs.field(init=False, eq=False)

        def __attrs_post_init__(self) -> None:
            object.__setattr__(self, "total", self.x * 2)

    assert evolver(Slotted)(Slotted(1), x=4).total == 8


def test_rummy500_states_made_by_apply_equal_rebuilt_ones() -> None:
    """Every state apply makes (by the copy path) equals the same fields through the constructor."""
    state = new_game(seed=4)
    for step in range(200):
        if state.is_over:
            break
        actions = legal_actions(state)
        state = apply(state, actions[step % len(actions)])
        rebuilt = attrs.evolve(state)
        assert rebuilt == state
        assert vars(rebuilt).keys() == vars(state).keys()
        assert state.masks == attrs.evolve(state).masks
