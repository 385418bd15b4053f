"""Fuzzing untrusted input: ``from_json`` and every game's action text parser.

API.md: "``from_json`` … Loading re-validates everything (card conservation,
counts per phase, scores) and raises ``ValueError`` on malformed, inconsistent or
oversized input"; "Bad text raises ``ValueError``". Every input here either
loads into a fully valid object — a state passes its game's checks *and* the
conformance profile's own card count, and can be played on — or raises
``ValueError`` / ``TypeError``. Nothing else may escape. The long run (100,000+
inputs, optionally coverage-guided) is ``benchmarks/fuzz_json.py``.
"""

from __future__ import annotations

import contextlib
import json
import random
from functools import cache
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import engine, records

from .profiles import PROFILES, conserved

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck),
                derandomize=True)


@cache
def corpus(game: str) -> tuple[tuple[str, str], ...]:
    """Real documents of ``game``: states, views, actions, configs and records, as (kind, text)."""
    rules = engine.definition(game)
    out: list[tuple[str, str]] = []
    for number, case in enumerate(PROFILES[game].cases[:2]):
        rnd = random.Random(number)
        state = rules.new_game(case.config, seed=number)
        actions = []
        for step in range(60):
            if state.is_over:
                break
            if step % 12 == 0:
                out.append(("state", cardrules.to_json(state)))
                out.append(("view", cardrules.to_json(rules.view(state, state.to_act))))
            action = rnd.choice(rules.legal_actions(state))
            out.append(("action", cardrules.to_json(action)))
            actions.append(action)
            state = rules.apply(state, action)
        out.append(("config", cardrules.to_json(case.config)))
        record = cardrules.GameRecord(game, case.config, number, None, tuple(actions[:20]))
        out.append(("record", cardrules.to_json(record)))
    return tuple(out)


def assert_fully_valid(game: str, loaded: Any, text: str) -> None:
    """A loaded object must be as good as one the library made itself."""
    rules = engine.definition(game)
    assert cardrules.from_json(cardrules.to_json(loaded)) == loaded
    if isinstance(loaded, rules.state_type):
        rules.validate_state(loaded)
        assert conserved(game, loaded), "a loaded state does not hold the pack exactly"
        legal = rules.legal_actions(loaded)
        assert bool(legal) != loaded.is_over
        for action in legal[:3]:
            rules.apply(loaded, action)
        for seat in range(len(loaded.hands)):
            rules.view(loaded, seat)
    elif isinstance(loaded, cardrules.GameRecord):
        final = loaded.final_state()
        rules.validate_state(final)
        assert conserved(game, final)


def load_or_refuse(game: str, text: str | bytes) -> Any:
    """``from_json(text)``: a fully valid object, or ``None`` after ValueError/TypeError."""
    try:
        loaded = cardrules.from_json(text)
    except (ValueError, TypeError):
        return None
    assert_fully_valid(game, loaded, text if isinstance(text, str) else text.decode())
    return loaded


# ---------------------------------------------------------------------------
# Mutations of real documents

def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.extend(_paths(item, (*path, index)))
    return out


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


REPLACEMENTS: list[Any] = [
    None, True, False, 0, -1, 1, 2, 7, 52, 2**63, -(2**63), 10**40, 1.5, float("1e308"),
    "", "AS", "JK", "10D", "ZZ", "x" * 300, [], {}, [None], ["AS", "AS"], {"type": "Draw"},
]


def tamper(doc: Any, rnd: random.Random, count: int) -> Any:
    """``count`` random tree edits: replace, delete, duplicate, swap cards, wrap, grow."""
    for _ in range(count):
        paths = [p for p in _paths(doc) if p]
        if not paths:
            break
        path = rnd.choice(paths)
        parent = _get(doc, path[:-1])
        key = path[-1]
        kind = rnd.randrange(7)
        if kind == 0:
            parent[key] = rnd.choice(REPLACEMENTS)
        elif kind == 1:
            del parent[key]
        elif kind == 2 and isinstance(parent, list):
            parent.insert(key, parent[key])  # an item twice (duplicate card, extra seat …)
        elif kind == 3:
            other = rnd.choice(paths)
            try:  # swap two values (cards between places, fields between objects)
                a, b = _get(doc, path), _get(doc, other)
                _get(doc, other[:-1])[other[-1]] = a
                parent[key] = b
            except (KeyError, IndexError, TypeError):
                pass
        elif kind == 4:
            parent[key] = [parent[key]]  # one level deeper
        elif kind == 5 and isinstance(parent[key], int) and not isinstance(parent[key], bool):
            parent[key] = parent[key] + rnd.choice([-1, 1, 10**6, -(10**6)])
        elif kind == 6 and isinstance(parent[key], list) and parent[key]:
            parent[key] = parent[key][: rnd.randrange(len(parent[key]))]
    return doc


@pytest.mark.parametrize("game", cardrules.GAMES)
@FUZZ
@given(pick=st.integers(0, 10**6), seed=st.integers(0, 10**6), edits=st.integers(1, 4))
def test_tampered_documents(game: str, pick: int, seed: int, edits: int) -> None:
    docs = corpus(game)
    _kind, text = docs[pick % len(docs)]
    doc = tamper(json.loads(text), random.Random(seed), edits)
    load_or_refuse(game, json.dumps(doc))


@pytest.mark.parametrize("game", cardrules.GAMES)
@FUZZ
@given(pick=st.integers(0, 10**6), data=st.data())
def test_byte_level_damage(game: str, pick: int, data: st.DataObject) -> None:
    """Truncated, flipped, inserted bytes (the text may stop being JSON or UTF-8)."""
    docs = corpus(game)
    raw = bytearray(docs[pick % len(docs)][1].encode())
    for _ in range(data.draw(st.integers(1, 4))):
        where = data.draw(st.integers(0, len(raw) - 1))
        how = data.draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        if how == "flip":
            raw[where] ^= 1 << data.draw(st.integers(0, 7))
        elif how == "cut":
            del raw[where:]
        elif how == "insert":
            raw[where:where] = data.draw(st.sampled_from([b"[", b"{", b'"', b",", b"9" * 30,
                                                           b"\xff", b"\\u0000", b" "]))
        elif raw:
            del raw[where]
        if not raw:
            break
    load_or_refuse(game, bytes(raw))


@FUZZ
@given(text=st.text(max_size=200) | st.binary(max_size=200).map(bytes))
def test_arbitrary_input(text: str | bytes) -> None:
    with contextlib.suppress(ValueError, TypeError):
        cardrules.from_json(text)


@pytest.mark.parametrize("game", cardrules.GAMES)
@pytest.mark.parametrize("kind", ["state", "record"])
def test_oversized_and_deep_input_is_refused(game: str, kind: str) -> None:
    text = next(t for k, t in corpus(game) if k == kind)
    doc = json.loads(text)
    doc["data"]["padding"] = "x" * records.MAX_JSON_CHARS
    with pytest.raises(ValueError, match="longer than"):
        cardrules.from_json(json.dumps(doc))
    deep: Any = "AS"
    for _ in range(records.MAX_DEPTH + 5):
        deep = [deep]
    doc = json.loads(text)
    doc["data"]["config"] = deep
    with pytest.raises(ValueError, match="nested"):
        cardrules.from_json(json.dumps(doc))
    # A number with more digits than Python converts from text.
    huge = text.replace('"data":{', '"data":{"big":' + "9" * 5000 + ",", 1)
    with pytest.raises(ValueError):
        cardrules.from_json(huge)


def test_duplicate_keys_are_refused() -> None:
    text = cardrules.to_json(cardrules.new_game("casino", seed=1))
    with pytest.raises(ValueError, match="twice"):
        cardrules.from_json(text.replace('"seed":', '"seed":1,"seed":', 1))


# ---------------------------------------------------------------------------
# Re-validation really catches inconsistent states (API.md: "card conservation,
# counts per phase, scores")


def _mid_game(game: str) -> Any:
    rules = engine.definition(game)
    case = PROFILES[game].cases[0]
    rnd = random.Random(5)
    state = rules.new_game(case.config, seed=5)
    for _ in range(40):
        nxt = rules.apply(state, rnd.choice(rules.legal_actions(state)))
        if nxt.is_over or not any(nxt.hands) or not nxt.stock:
            break
        state = nxt
    assert any(state.hands) and state.stock, "the position needs hands and a stock"
    return state


def _refused(state: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        cardrules.from_json(cardrules.to_json(state))


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_duplicate_missing_and_extra_cards_are_refused(game: str) -> None:
    state = _mid_game(game)
    seat = next(i for i, hand in enumerate(state.hands) if hand)
    hands = list(state.hands)
    # A card twice: a hand card replaced by a copy of the stock's top card.
    hands[seat] = tuple(sorted((*state.hands[seat][1:], state.stock[0])))
    _refused(attrs.evolve(state, hands=tuple(hands)), "conserved")
    _refused(attrs.evolve(state, stock=state.stock[1:]), "conserved|stock")  # a card missing
    _refused(attrs.evolve(state, stock=(*state.stock, state.stock[0])), "conserved|stock")


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_wrong_scores_are_refused(game: str) -> None:
    state = _mid_game(game)
    scores = list(state.scores)
    scores[0] += 1
    _refused(attrs.evolve(state, scores=tuple(scores)), "score")


def test_wrong_counts_are_refused() -> None:
    """Casino deals 4 cards a seat: a hand of the wrong size cannot occur (spec §2)."""
    state = _mid_game("casino")
    seat = next(i for i, hand in enumerate(state.hands) if hand)
    hands = list(state.hands)
    hands[seat] = tuple(sorted((*hands[seat], state.stock[0])))
    _refused(attrs.evolve(state, hands=tuple(hands), stock=state.stock[1:]), "cards|stock")
    vegas = _mid_game("vegas_rummy")
    _refused(attrs.evolve(vegas, hands=((), *vegas.hands[1:])), "no cards|conserved")
    rummy = _mid_game("rummy500")
    _refused(attrs.evolve(rummy, hands=(*rummy.hands[:-1], ())), "empty hand|conserved")


# ---------------------------------------------------------------------------
# Action text


def _texts(game: str) -> list[tuple[str, Any]]:
    """(text of a listed action, the state it was listed in) from seeded play."""
    rules = engine.definition(game)
    out: list[tuple[str, Any]] = []
    for number, case in enumerate(PROFILES[game].cases):
        rnd = random.Random(number)
        state = rules.new_game(case.config, seed=number)
        for _ in range(80):
            if state.is_over:
                break
            legal = rules.legal_actions(state)
            out.extend((str(a), state) for a in rnd.sample(legal, min(3, len(legal))))
            state = rules.apply(state, rnd.choice(legal))
    return out


_TEXTS: dict[str, list[tuple[str, Any]]] = {}


def _parse_or_refuse(game: str, text: str, state: Any) -> None:
    rules = engine.definition(game)
    try:
        action = rules.parse_action(text, state)
    except (ValueError, TypeError):  # IllegalActionError is a ValueError
        return
    assert type(action) in rules.action_types
    reason = rules.check(state, action)
    assert reason is None or isinstance(reason, str)


PIECES = ["", " ", "#", "#0", "#-1", "#99999999999999999999", "+", "+-1", "+" + "9" * 40, "=",
          "JK", "JK=", "=JK", "10", "1O", "AS", "as 14", "as 99", "[", "]", "[]", "takes",
          "with", "to", "for", "on", "meld", "lay off", "swap", "\x00", "♠", "\u200b", "9" * 5000]


@pytest.mark.parametrize("game", cardrules.GAMES)
@FUZZ
@given(pick=st.integers(0, 10**6), data=st.data())
def test_damaged_action_text(game: str, pick: int, data: st.DataObject) -> None:
    if game not in _TEXTS:
        _TEXTS[game] = _texts(game)
    text, state = _TEXTS[game][pick % len(_TEXTS[game])]
    words = text.split(" ")
    for _ in range(data.draw(st.integers(1, 3))):
        where = data.draw(st.integers(0, len(words)))
        how = data.draw(st.sampled_from(["insert", "replace", "delete", "cut", "chars"]))
        piece = data.draw(st.sampled_from(PIECES))
        if how == "insert":
            words.insert(where, piece)
        elif how == "replace" and words:
            words[where % len(words)] = piece
        elif how == "delete" and words:
            del words[where % len(words)]
        elif how == "cut":
            words = words[:where]
        else:
            joined = " ".join(words)
            cut = data.draw(st.integers(0, len(joined)))
            words = [joined[:cut] + data.draw(st.text(max_size=3)) + joined[cut:]]
    _parse_or_refuse(game, " ".join(words), state)


@pytest.mark.parametrize("game", cardrules.GAMES)
@FUZZ
@given(text=st.text(max_size=80))
def test_arbitrary_action_text(game: str, text: str) -> None:
    state = engine.definition(game).new_game(PROFILES[game].cases[0].config, seed=1)
    _parse_or_refuse(game, text, state)


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_action_text_refuses_non_text(game: str) -> None:
    rules = engine.definition(game)
    state = rules.new_game(PROFILES[game].cases[0].config, seed=1)
    for bad in (None, 12, b"draw", ["draw"]):
        with pytest.raises(TypeError):
            rules.parse_action(bad, state)  # type: ignore[arg-type]
