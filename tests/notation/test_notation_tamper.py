"""Issue 13 item 1: tampered or malformed notation is refused with ValueError, never loaded
inconsistent, never a crash (the same checks as ``from_json``: the games' ``validate_state``
and ``validate_view``)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import engine
from cardrules.notation import MAX_NOTATION_CHARS


def _midgame(game: str, seed: int, steps: int) -> object:
    state = cardrules.new_game(game, seed=seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = cardrules.apply(state, rnd.choice(cardrules.legal_actions(state)))
    return state


SAMPLES = [
    (game, _midgame(game, seed, steps))
    for game in cardrules.GAMES
    for seed, steps in ((1, 0), (2, 17), (3, 60))
]
SAMPLES += [
    (game, cardrules.view(state, state.to_act)) for game, state in SAMPLES if not state.is_over
]


def load_or_refuse(text: str) -> None:
    """Either ValueError, or an object the game's validation accepts and that round-trips."""
    try:
        obj = cardrules.from_notation(text)
    except ValueError as exc:
        if not str(exc).startswith("bad notation"):
            raise AssertionError(f"a refusal that does not say 'bad notation': {exc}") from None
        return
    rules = engine.definition_of(obj)
    if type(obj) is rules.state_type:
        rules.validate_state(obj)
    else:
        rules.validate_view(obj)
    assert cardrules.from_notation(cardrules.notation(obj)) == obj
    assert cardrules.from_json(cardrules.to_json(obj)) == obj


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("", "header"),
        ("chess; seed 1", "header"),
        ("rummy500 board; seed 1", "header"),
        ("rummy500; seed 1;; dealer 0", "empty field"),
        ("rummy500; seed 1; seed 2", "seed: the field is given twice"),
        ("rummy500; colour red", "colour: unknown field"),
        ("rummy500; seed x", "seed: expected a whole number"),
        ("rummy500; seed 1", "this field is missing"),
        ('rummy500; seed "1', "unclosed quote"),
    ],
)
def test_malformed_text_names_the_bad_part(text: str, part: str) -> None:
    with pytest.raises(ValueError, match="bad notation") as info:
        cardrules.from_notation(text)
    assert part in str(info.value)


def _replace_field(text: str, key: str, value: str) -> str:
    fields = text.split("; ")
    out = [f"{key} {value}" if f.split(" ")[0] == key else f for f in fields]
    assert out != fields, key
    return "; ".join(out)


def test_impossible_positions_are_refused() -> None:
    """A card duplicated, a card missing, a bad turn, a score not matching history."""
    state = cardrules.new_game("rummy500", seed=4)
    text = cardrules.notation(state)
    hands = next(h for h in text.split("; ") if h.startswith("hands "))
    first_card = hands.split(" ")[1]
    duplicated = text.replace("; discard ", f"; discard {first_card} ")
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(duplicated)
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(text.replace(hands, hands.replace(first_card + " ", "", 1)))
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(_replace_field(text, "turn", "7"))
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(_replace_field(text, "scores", "480 0"))
    with pytest.raises(ValueError, match=r"bad notation: .*not an option"):
        cardrules.from_notation(text + "; options colour=red")
    with pytest.raises(ValueError, match=r"bad notation: .*num_players"):
        cardrules.from_notation(text + "; options num_players=9")


def test_impossible_melds_and_builds_are_refused() -> None:
    rummy = cardrules.notation(cardrules.new_game("rummy500", seed=1))
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(rummy + "; melds 0: 4♠ 9♦ K♣")
    casino = cardrules.notation(cardrules.new_game("casino", seed=1))
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(casino + "; builds 0: [8: 5♠+3♥")
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(casino + "; builds 0: [99: 5♠+3♥]")


def test_size_is_bounded() -> None:
    with pytest.raises(ValueError, match="longer than"):
        cardrules.from_notation("rummy500; " + "x" * MAX_NOTATION_CHARS)
    with pytest.raises(TypeError):
        cardrules.from_notation(b"rummy500")  # type: ignore[arg-type]


def test_tampered_views_are_refused() -> None:
    state = cardrules.new_game("vegas_rummy", seed=2)
    text = cardrules.notation(cardrules.view(state, state.to_act))
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(_replace_field(text, "sizes", "7 7 7"))
    with pytest.raises(ValueError, match="bad notation"):
        cardrules.from_notation(_replace_field(text, "seat", "9"))


_TOKENS = ["A♠", "10♦", "JK", "KH", "-", "()", "(", ")", "/", ":", "=", "+", "|", "[", "]",
           "0", "1", "7", "-3", "yes", "no", "draw", "play", '"x"', ";", "seed", "hands"]


@settings(max_examples=300, deadline=None)
@given(
    index=st.integers(0, len(SAMPLES) - 1),
    edits=st.lists(
        st.tuples(st.integers(0, 10_000), st.integers(0, 2), st.sampled_from(_TOKENS)),
        min_size=1, max_size=4,
    ),
)
def test_fuzz_token_edits(index: int, edits: list[tuple[int, int, str]]) -> None:
    """Small fuzz: tokens dropped, replaced or inserted anywhere: ValueError or a valid object."""
    _game, state = SAMPLES[index]
    tokens = cardrules.notation(state).split(" ")
    for where, how, token in edits:
        at = where % len(tokens)
        if how == 0 and len(tokens) > 1:
            del tokens[at]
        elif how == 1:
            tokens[at] = token
        else:
            tokens.insert(at, token)
    load_or_refuse(" ".join(tokens))


@settings(max_examples=200, deadline=None)
@given(index=st.integers(0, len(SAMPLES) - 1), cut=st.integers(0, 10_000))
def test_fuzz_truncated(index: int, cut: int) -> None:
    _game, state = SAMPLES[index]
    text = cardrules.notation(state)
    load_or_refuse(text[: cut % len(text)])


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_any_text(text: str) -> None:
    load_or_refuse(text)
    load_or_refuse("casino; " + text)
