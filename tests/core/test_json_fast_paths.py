"""JSON round trips of odd and changed values, and shortcuts of the rules beside them.

``to_json`` writes each value by its own type, whatever its annotation says:
for real values from seeded games with one field replaced by values of the
wrong type, shape or range, it writes the text ``json.dumps`` writes of the
format's reference form (``test_json_differential.reference``), or refuses with
``TypeError`` where the format has no form. The codec keeps nothing between
calls but its per-class plans: a document changed in one value loads or fails
exactly as in a fresh process, right after the real one was read. Rummy 500's
natural-meld test never accepts a meld ``meld_error`` refuses.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import codec, engine, records
from cardrules.cards import JOKER, Card, Rank, Suit, parse_card
from cardrules.rummy.meld_checks import in_suit_order, is_natural_meld
from cardrules.rummy.melds import MeldRules, RunMeld, SetMeld, meld_error
from cardrules.rummy.wilds import normalize
from cardrules.rummy500 import validation as rummy_validation
from tests.core.test_json_differential import reference, reference_text

GAMES = ("rummy500", "vegas_rummy", "casino")

ODD_VALUES = [None, True, False, 0, 1, -1, 2**70, 1.5, "", "x", "AS", Decimal("1.50"),
              Suit.HEARTS, Rank.ACE, parse_card("AS"), JOKER, (), [], (1, 2), [parse_card("2C")],
              (parse_card("KD"), None), frozenset({1, 2})]


def _states(game: str, seed: int, count: int = 6) -> list[Any]:
    rules = engine.definition(game)
    rnd = random.Random(seed)
    state = rules.new_game(None, seed=seed)
    out = []
    step = 0
    while not state.is_over and len(out) < count:
        if step % 11 == 5:
            out.append(state)
        state = rules.apply(state, rnd.choice(rules.legal_actions(state)))
        step += 1
    return [*out, state]


def _parts(value: Any, depth: int = 0) -> list[Any]:
    """``value`` and every attrs value inside it (through tuples), cards aside (a card is
    made by its constructor only, one object per card)."""
    out = [value] if attrs.has(type(value)) and type(value) is not Card else []
    if depth > 6:
        return out
    if isinstance(value, tuple):
        for item in value:
            out += _parts(item, depth + 1)
    elif out:
        for field in attrs.fields(type(value)):
            out += _parts(getattr(value, field.name), depth + 1)
    return out


def _with(value: Any, name: str, new: Any) -> Any:
    """``value`` with one field replaced, bypassing converters and validators."""
    copy = object.__new__(type(value))
    for field in attrs.fields(type(value)):
        object.__setattr__(copy, field.name, getattr(value, field.name))
    object.__setattr__(copy, name, new)
    return copy


def _replace_deep(state: Any, rnd: random.Random) -> Any:
    """``state`` with one field of one of its parts (or of itself) replaced by an odd value."""
    target = rnd.choice(_parts(state))
    field = rnd.choice([f for f in attrs.fields(type(target)) if f.init])
    odd = _with(target, field.name, rnd.choice(ODD_VALUES))

    def rebuild(value: Any, depth: int = 0) -> Any:
        if value is target:
            return odd
        if depth > 6:
            return value
        if isinstance(value, tuple):
            return tuple(rebuild(item, depth + 1) for item in value)
        if attrs.has(type(value)) and type(value) is not Card:
            out = value
            for f in attrs.fields(type(value)):
                old = getattr(value, f.name)
                new = rebuild(old, depth + 1)
                if new is not old:
                    out = _with(out, f.name, new)
            return out
        return value

    return rebuild(state)


def _reference_json(obj: Any) -> str:
    """The document of ``obj`` from the format's reference walk (``TypeError`` where it has
    no form)."""
    rules = engine.definition_of(obj)
    kind = records._kind_of(rules, obj)
    return reference_text(rules.name, kind, reference(obj))


def _outcome(write: Any, obj: Any) -> str:
    try:
        return "wrote " + write(obj)
    except TypeError:
        return "TypeError"


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_to_json_writes_the_reference_text_of_any_value(game, seed):
    rnd = random.Random(seed)
    for state in _states(game, seed % 7, 3):
        for obj in (state, _replace_deep(state, rnd), _replace_deep(state, rnd)):
            assert _outcome(cardrules.to_json, obj) == _outcome(_reference_json, obj)


_RULES = [MeldRules(), MeldRules(allow_wraparound=True),
          MeldRules(wilds=frozenset({JOKER}), max_wilds=1),
          MeldRules(wilds=frozenset({JOKER}), require_natural=False, declare_set_suits=True)]


@settings(max_examples=300, deadline=None)
@given(
    kind=st.sampled_from(["run", "set"]),
    suit=st.sampled_from([*Suit, 2, None, "H"]),
    rank=st.sampled_from([*Rank, 5]),
    start=st.sampled_from([-1, 0, 1, 2, 5, 11, 12, 13, 14, True]),
    cards=st.lists(st.sampled_from([*(Card(r, s) for r in Rank if r is not Rank.JOKER
                                      for s in Suit), JOKER]), max_size=14),
    suits=st.lists(st.sampled_from([*Suit, None]), max_size=14),
    rules=st.sampled_from(_RULES),
)
def test_a_natural_meld_is_one_meld_error_accepts(kind, suit, rank, start, cards, suits, rules):
    cls = RunMeld if kind == "run" else SetMeld
    meld: Any = object.__new__(cls)
    given_values = {"suit": suit, "start": start, "rank": rank, "cards": tuple(cards),
                    "suits": tuple(suits)}
    for field in attrs.fields(cls):
        object.__setattr__(meld, field.name, given_values[field.name])
    if is_natural_meld(meld, rules):
        assert meld_error(meld, rules) is None
        for interchangeable in (False, True):
            assert in_suit_order(meld) == (normalize(meld, interchangeable=interchangeable) == meld)


@pytest.mark.parametrize("seed", range(4))
def test_natural_meld_decides_for_the_table_melds_of_real_games(seed):
    # The fast path is taken for the usual table melds (not only sound when it answers).
    melds = [m for state in _states("rummy500", seed, 12) for m in state.melds]
    rules = rummy_validation.meld_rules(_states("rummy500", seed, 1)[0].config)
    assert all(is_natural_meld(m, rules) == (meld_error(m, rules) is None)
               for m in melds if all(c is not JOKER for c in m.cards))


_RUMMY_CONFIGS = [None, {"forbid_rediscard_of_taken_card": True},
                  {"go_out_without_discard": False, "top_discard_must_be_used": False},
                  {"jokers": 2, "forbid_rediscard_of_taken_card": True}, {"num_players": 4}]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), options=st.sampled_from(_RUMMY_CONFIGS))
def test_rummy500_play_phase_always_lists_an_action_for_a_card_in_hand(seed, options):
    # R-10 "the player to act has a legal action" is settled in the play phase by a card
    # in hand (validation's _has_legal_action): the rules must always leave a discard.
    from cardrules import rummy500

    config = rummy500.Config(**options) if options else None
    state = rummy500.new_game(config, seed=seed)
    rnd = random.Random(seed)
    for _ in range(300):
        if state.is_over:
            break
        legal = rummy500.legal_actions(state)
        if state.phase is rummy500.Phase.PLAY:
            assert bool(legal) == bool(state.hands[state.to_act])
            assert rummy_validation._has_legal_action(state) == bool(legal)
        state = rummy500.apply(state, rnd.choice(legal))


@pytest.mark.parametrize("rules", _RULES)
def test_every_natural_run_and_set_is_recognised_and_ordered_as_normalize_says(rules):
    from itertools import permutations

    from cardrules.rummy.melds import card_at

    melds: list[Any] = [
        RunMeld(suit, start, tuple(card_at(suit, start + i) for i in range(size)))
        for suit in Suit for start in range(1, 14) for size in range(3, 14)
    ]
    melds += [
        SetMeld(rank, tuple(Card(rank, suit) for suit in suits), suits)
        for rank in Rank if rank is not Rank.JOKER
        for size in (3, 4) for suits in permutations(Suit, size)
    ]
    for meld in melds:
        legal = meld_error(meld, rules) is None
        assert is_natural_meld(meld, rules) == legal
        if legal:
            for interchangeable in (False, True):
                assert in_suit_order(meld) == (normalize(meld, interchangeable=interchangeable)
                                               == meld)


# ---------------------------------------------------------------------------
# Nothing kept between calls (issue 27): a changed document read right after the
# real one loads or fails as in a fresh process.


def _with_history(game: str) -> Any:
    """A state of ``game`` holding at least one finished round (seeded random play)."""
    rules = engine.definition(game)
    for seed in range(40):
        rnd = random.Random(seed)
        state = rules.new_game(None, seed=seed)
        for _ in range(3000):
            if state.is_over:
                break
            if state.history and rnd.random() < 0.05:
                return state
            state = rules.apply(state, rnd.choice(rules.legal_actions(state)))
    raise AssertionError(f"no {game} game finished a round")


def _cold() -> None:
    """Forget every class plan, reader and writer: the next reads are a fresh process's."""
    codec._reader.cache_clear()
    codec._class_plan.cache_clear()
    codec._writer.cache_clear()
    codec._writers_from.cache_clear()
    codec._remembered.cache_clear()


def _after_the_real_one_and_cold(state: Any, changed: str) -> tuple[str, str]:
    """How ``changed`` loads right after ``state``'s own document, and in a fresh process."""
    cardrules.from_json(cardrules.to_json(state))
    warm = _load(changed)
    _cold()
    return warm, _load(changed)


def _load(text: str) -> str:
    try:
        loaded = cardrules.from_json(text)
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"
    return f"{loaded!r} {cardrules.to_json(loaded)}"


@pytest.mark.parametrize("game", GAMES)
def test_equal_finished_rounds_are_read_as_equal_new_objects(game):
    state = _with_history(game)
    text = cardrules.to_json(state)
    first, second = cardrules.from_json(text), cardrules.from_json(text)
    assert first == second == state
    assert all(a is not b for a, b in zip(first.history, second.history, strict=True))
    assert cardrules.to_json(first) == cardrules.to_json(second) == text


_ODD_JSON = [True, False, None, 0, 1, -1, 1.0, 0.0, -0.0, 2, "1", "x", "AS", [], [1], [True],
             {}, 10**12]


def _odd_value(target: Any, rnd: random.Random) -> None:
    """Change one value somewhere in the JSON object ``target``."""
    while True:
        key = rnd.choice(list(target) if isinstance(target, dict) else range(len(target)))
        inner = target[key]
        if isinstance(inner, dict | list) and inner and rnd.random() < 0.6:
            target = inner
            continue
        if isinstance(inner, int) and not isinstance(inner, bool) and rnd.random() < 0.3:
            target[key] = inner + rnd.choice([-1, 1])
        else:
            target[key] = rnd.choice(_ODD_JSON)
        return


def _odd_history(data: dict[str, Any], rnd: random.Random) -> None:
    """Change one value somewhere in the first finished round of a state's JSON data."""
    _odd_value(data["history"][0], rnd)


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_reading_a_changed_round_after_the_real_one_is_reading_it_cold(game, seed):
    # The round read first is remembered (and, in Casino, its check): a document whose
    # round differs in one value, or only in the order of its keys, must load or fail
    # exactly as it does in a fresh process.
    import json

    rnd = random.Random(seed)
    state = _with_history(game)
    document = json.loads(cardrules.to_json(state))
    if rnd.random() < 0.2:
        first = document["data"]["history"][0]
        document["data"]["history"][0] = dict(reversed(list(first.items())))
    else:
        _odd_history(document["data"], rnd)
    warm, cold = _after_the_real_one_and_cold(state, json.dumps(document, ensure_ascii=False))
    assert warm == cold


def _with_wild_meld(seed: int = 0) -> Any:
    """A Las Vegas state in a round with a meld holding a wild card on the table."""
    from cardrules import vegas_rummy as vr

    for number in range(seed, seed + 200):
        rnd = random.Random(number)
        state = vr.new_game(None, seed=number)
        for _ in range(600):
            if state.is_over:
                break
            if state.phase in ("draw", "play") and any(
                    c in vr.meld_rules(state).wilds for o in state.melds for c in o.meld.cards):
                return state
            state = vr.apply(state, rnd.choice(vr.legal_actions(state)))
    raise AssertionError("no wild meld was laid down")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_reading_a_changed_meld_after_the_real_one_is_reading_it_cold(seed):
    # Las Vegas owned melds are shared objects and their wild-card checks remembered:
    # a table meld changed in one value must load or fail as in a fresh process.
    import json

    rnd = random.Random(seed)
    state = _with_wild_meld(seed % 3)
    document = json.loads(cardrules.to_json(state))
    melds = document["data"]["melds"]
    _odd_value(melds[rnd.randrange(len(melds))], rnd)
    warm, cold = _after_the_real_one_and_cold(state, json.dumps(document, ensure_ascii=False))
    assert warm == cold


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_reading_a_changed_leaf_object_after_the_real_one_is_reading_it_cold(game, seed):
    # Configs, melds and events are remembered by their exact JSON values: one changed
    # in one value (``true`` for ``1``, ``1.0`` for ``1``, ...) or in the order of its
    # keys must load or fail exactly as in a fresh process.
    import json

    rnd = random.Random(seed)
    state = _with_history(game)
    document = json.loads(cardrules.to_json(state))
    data = document["data"]
    objects = [data["config"], *(o for o in data["events"] if isinstance(o, dict))]
    objects += [meld for meld in data.get("melds", []) if "cards" in meld]
    changed = rnd.choice(objects)
    if rnd.random() < 0.2:
        reordered = dict(reversed(list(changed.items())))
        changed.clear()
        changed.update(reordered)
    else:
        _odd_value(changed, rnd)
    warm, cold = _after_the_real_one_and_cold(state, json.dumps(document, ensure_ascii=False))
    assert warm == cold


def test_a_flag_for_a_number_is_refused_after_the_number_was_read():
    # ``true == 1`` in Python: the remembered config read with ``"jokers":0`` must not
    # be given for ``"jokers":false``.
    state = cardrules.new_game("rummy500", seed=1)
    text = cardrules.to_json(state)
    assert '"jokers":0' in text
    assert cardrules.from_json(text) == state
    with pytest.raises(ValueError, match=r"data\.config\.jokers: expected a whole number"):
        cardrules.from_json(text.replace('"jokers":0', '"jokers":false'))


def test_a_remembered_object_changed_in_place_is_not_given_again():
    # Misuse: a loaded config changed through object.__setattr__. The next load of the
    # same JSON must give a config of that JSON, not the changed one.
    state = cardrules.new_game("rummy500", seed=1)
    text = cardrules.to_json(state)
    first = cardrules.from_json(text)
    object.__setattr__(first.config, "target", 400)
    second = cardrules.from_json(text)
    assert second.config.target == 500
    assert second == state
    assert cardrules.to_json(second) == text


def test_equal_documents_share_one_remembered_object_and_cache_entry():
    # The values handed to the cache beside the key take no part in its key: a second
    # document with the same config (new lists and texts from the parser) finds the
    # entry the first one made, and a config differing in one value makes its own.
    codec._remembered.cache_clear()
    state = cardrules.new_game("rummy500", seed=1)
    text = cardrules.to_json(state)
    first, second = cardrules.from_json(text), cardrules.from_json(text)
    assert second.config is first.config
    entries = codec._remembered.cache_info().currsize
    other = cardrules.from_json(text.replace('"target":500', '"target":400'))
    assert other.config.target == 400
    assert codec._remembered.cache_info().currsize == entries + 1
    assert codec._Values((1,)) == codec._Values((True,))
    assert hash(codec._Values((1,))) == hash(codec._Values(("x",)))


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=12,
)


def _typed(value: Any) -> Any:
    """``value`` with every leaf's type beside it (``True`` is not ``1`` nor ``1.0`` here)."""
    if isinstance(value, list | tuple):
        return (type(value), [_typed(item) for item in value])
    if isinstance(value, dict):
        return (dict, [(key, _typed(item)) for key, item in value.items()])
    return (type(value), value)


@settings(max_examples=300, deadline=None)
@given(first=st.lists(_JSON_VALUES, max_size=4), second=st.lists(_JSON_VALUES, max_size=4))
def test_remembered_objects_are_keyed_by_exactly_their_json_values(first, second):
    # The key of a remembered object is the repr of its fields' JSON values: read back
    # it gives those values with their types (what a miss reads them as); equal keys
    # are equal values with their types (``true`` is not ``1`` nor ``1.0``), and a copy
    # has the same key.
    import ast
    import copy
    import math

    a, b = codec._exact_key(tuple(first)), codec._exact_key(tuple(second))
    assert a is not None and b is not None
    if not any(isinstance(x, float) and math.isinf(x) for x in _leaves(first)):
        assert _typed(ast.literal_eval(a)) == _typed(tuple(first))
    if a == b:
        assert _typed(tuple(first)) == _typed(tuple(second))
    assert codec._exact_key(tuple(copy.deepcopy(first))) == a


def _leaves(value: Any) -> list[Any]:
    if isinstance(value, list | tuple):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in _leaves(item)]
    return [value]


def test_a_config_value_the_key_cannot_read_back_is_refused_as_when_read_cold():
    # A huge number is read by JSON as a float infinity, whose repr ``inf`` the key
    # cannot read back: the config is then read the ordinary way and refused there.
    state = cardrules.new_game("rummy500", seed=1)
    text = cardrules.to_json(state).replace('"target":500', '"target":1e999')
    with pytest.raises(ValueError, match=r"data\.config\.target: expected a whole number"):
        cardrules.from_json(text)


@pytest.mark.parametrize(("key", "odd", "message"), [
    ("side", "true", r"data\.history\[0\]\.items\[2\]\.side"),
    ("points", "1.0", r"data\.history\[0\]\.items\[2\]\.points: expected a whole number"),
    ("name", "7", r"data\.history\[0\]\.items\[2\]\.name"),
])
def test_a_plain_object_is_made_from_values_of_exactly_its_fields_types(key, odd, message):
    # A Casino score item (text, side, points; no validator) is made straight from its
    # JSON values when each has exactly its field's type (I-4 reads these items); any
    # other value (``true == 1``, ``1.0 == 1``) is read field by field and refused there.
    from cardrules.casino.scoring import ScoreItem

    plan = codec._class_plan(ScoreItem)
    assert plan.plain is not None and not plan.remembered
    state = next(s for s in _states("casino", 3, 60) if s.history)
    document = json.loads(cardrules.to_json(state))
    item = document["data"]["history"][0]["items"][2]
    assert codec.decode(ScoreItem, item, "item") == state.history[0].items[2]
    item[key] = json.loads(odd)
    with pytest.raises(ValueError, match=message):
        cardrules.from_json(json.dumps(document, ensure_ascii=False))
