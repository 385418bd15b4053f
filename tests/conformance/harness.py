"""The conformance harness: seeded random play with every invariant checked after every step.

It uses only the engine's generic functions (through
``cardrules.engine.definition(game)``) and a game's :class:`~.profiles.GameProfile`,
so every game in :data:`cardrules.GAMES` passes the same checks. The checks, by
clause of ``shared/API.md`` (see ``docs/conformance.rst``):

1. **JSON round trip** — "``to_json``/``from_json`` … loading re-validates
   everything": ``from_json(to_json(state)) == state`` at every step (which also
   runs the game's ``validate_state``); the chosen action and, at the end, the
   whole :class:`~cardrules.GameRecord` round-trip too.
2. **Cards conserved** — the cards in every physical place are exactly the pack.
3. **Listed actions accepted** — "``legal_actions`` … every legal action …
   each once": the list is non-empty until the game ends, has no duplicates,
   every entry passes ``check`` and is accepted by ``apply``, and its text form
   reads back (``parse_action(str(a), state) == a``).
4. **Unlisted actions refused** — "An illegal action raises
   ``IllegalActionError``": mutations of listed actions (every field of the
   attrs value changed in turn: another card, a number off by one, a flag
   flipped, a card added or dropped …) and actions listed at earlier positions
   of the game (often another seat's) are each either listed, or refused by
   ``check`` with a reason and by ``apply`` with ``IllegalActionError`` carrying
   the same reason. No other exception is allowed.
5. **Views blind** — "A view never holds another player's hidden cards, the
   stock order, or the seed": for the seat to act and, on alternate steps,
   another seat picked at random or the spectator, a twin state
   with the hidden cards dealt differently (and another seed) gives an equal
   view; the view's ``legal_actions`` are the state's for the seat to act and
   empty for the others.
6. **apply pure** — "Pure: the input is never changed": a digest of the state's
   JSON taken before the step's calls (applying every listed action, checks,
   views) equals the one taken after them.
7. **Termination** — the game ends within the profile's bound for the config
   and, when the game declares one, within ``definition.max_game_length(config)``
   (issue 15 item 5: the documented maximum game length, as OpenSpiel's).
8. **Determinism** — ``new_game`` with the same config and seed gives equal
   states, and replaying the game's record gives the same final state. Every
   tenth game also checks the record given to one player
   (``GameRecord.for_player``): it round-trips, names no seed, stock or deck,
   and is the same when built from twin states with other hidden cards.
"""

from __future__ import annotations

import enum
import functools
import hashlib
import random
import typing
from collections.abc import Sequence
from typing import Any

import attrs

import cardrules
from cardrules import engine, records
from cardrules.cards import Card
from cardrules.errors import IllegalActionError

from .profiles import conserved, hidden_twin, profile, seats_of

POOL_SIZE = 64
"""Actions remembered from earlier positions of a game, offered again as candidates."""
MUTANTS = 6
"""Mutations of one listed action tried at every step."""
FROM_POOL = 3
"""Actions of earlier positions tried at every step."""
PLAYER_RECORD_EVERY = 10
"""Every tenth game also checks the record given to one player (item 5, for records)."""


def digest(text: str) -> bytes:
    """A short fingerprint of a JSON text (compared instead of the text itself)."""
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


@attrs.define
class GameStats:
    """What one checked game went through (the harness asserts on these in bulk)."""

    steps: int = 0
    candidates: int = 0
    refused: int = 0
    same_play: int = 0
    twins: int = 0


# ---------------------------------------------------------------------------
# Unlisted actions


def _literal_options(hint: Any) -> tuple[Any, ...]:
    options: list[Any] = []
    for arg in typing.get_args(hint) if typing.get_origin(hint) is not None else ():
        if typing.get_origin(arg) is typing.Literal:
            options.extend(typing.get_args(arg))
    if typing.get_origin(hint) is typing.Literal:
        options.extend(typing.get_args(hint))
    return tuple(options)


def _variants(value: Any, hint: Any, pack: Sequence[Card], rnd: random.Random) -> list[Any]:
    """Values near ``value`` for a field of type ``hint`` (may be of the wrong shape)."""
    out: list[Any] = []
    options = _literal_options(hint)
    if options:
        out.extend(o for o in options if o != value)
    if value is None:
        out.append(rnd.choice(pack))
        if options:
            out.append(rnd.choice(options))
    elif isinstance(value, Card):
        out.extend([rnd.choice(pack), rnd.choice(pack)])
    elif isinstance(value, enum.Enum):  # before int: IntEnum members are ints
        out.extend(rnd.sample([m for m in type(value) if m is not value], 2))
    elif isinstance(value, bool):
        out.append(not value)
    elif isinstance(value, int):
        out.extend([value + 1, value - 1, -1, 0, value + 13])
    elif isinstance(value, tuple):
        if value:
            i = rnd.randrange(len(value))
            out.append(value[:i] + value[i + 1 :])  # one item fewer
            if isinstance(value[i], Card):
                swapped = list(value)
                swapped[i] = rnd.choice(pack)
                out.append(tuple(swapped))
            out.append((*value, value[i]))  # an item twice
        if not value or isinstance(value[0], Card):
            out.append((*value, rnd.choice(pack)))
    elif attrs.has(type(value)):
        out.extend(mutations(value, pack, rnd))
    return out


@functools.cache
def _fields_and_hints(cls: type[Any]) -> tuple[tuple[Any, Any], ...]:
    hints = typing.get_type_hints(cls)
    return tuple((f, hints.get(f.name)) for f in attrs.fields(cls) if f.init)


def mutations(action: Any, pack: Sequence[Card], rnd: random.Random) -> list[Any]:
    """Actions that differ from ``action`` in one field (nested attrs values included).

    Values the action's own validators refuse are skipped: they cannot be built,
    so they cannot be played.
    """
    out: list[Any] = []
    for field, hint in _fields_and_hints(type(action)):
        current = getattr(action, field.name)
        for value in _variants(current, hint, pack, rnd):
            try:
                out.append(attrs.evolve(action, **{field.alias or field.name: value}))
            except (ValueError, TypeError):
                continue
    return out


# ---------------------------------------------------------------------------
# The checked game


def play_checked(game: str, config: Any, seed: int, bound: int) -> tuple[Any, GameStats]:
    """Play one seeded random game of ``game``, checking every invariant after every step.

    Returns the final state and what the game went through. Raises
    ``AssertionError`` naming the seed and step at the first broken invariant.
    """
    rules = engine.definition(game)
    prof = profile(game)
    rnd = random.Random(f"{game}:{seed}")
    if rules.max_game_length is not None:
        documented = rules.max_game_length(config)
        assert isinstance(documented, int) and documented > 0, (
            f"{game}: max_game_length({config!r}) is not a positive whole number"
        )
        bound = min(bound, documented)
    state = rules.new_game(config, seed=seed)
    assert rules.new_game(config, seed=seed) == state, "new_game is not deterministic"
    stats = GameStats()
    pool: list[Any] = []
    actions: list[Any] = []
    while True:
        where = f"{game} seed={seed} step={stats.steps}"
        text = cardrules.to_json(state)
        before = digest(text)
        # 1. JSON round trip (from_json re-validates the state).
        assert cardrules.from_json(text) == state, f"{where}: JSON round trip differs"
        # 2. Cards conserved.
        assert conserved(game, state), f"{where}: cards are not conserved"
        legal = rules.legal_actions(state)
        legal_set = frozenset(legal)
        if state.is_over:
            assert legal == (), f"{where}: a finished game lists actions"
            assert state.winners, f"{where}: a finished game has no winners"
            assert state.to_act is None, f"{where}: a finished game has a player to act"
        else:
            # 3. Listed actions accepted, each once, text round trip.
            assert legal, f"{where}: the player to act has no legal action"
            assert len(legal_set) == len(legal), f"{where}: an action is listed twice"
            for action in legal:
                reason = rules.check(state, action)
                assert reason is None, f"{where}: listed {action} refused: {reason}"
                rules.apply(state, action)
                assert rules.parse_action(str(action), state) == action, (
                    f"{where}: text {str(action)!r} does not read back"
                )
        # 4. Unlisted actions refused.
        candidates: list[Any] = []
        if legal:
            pack = prof.full_pack(state) or _any_pack()
            candidates = mutations(rnd.choice(legal), pack, rnd)
            candidates = rnd.sample(candidates, min(MUTANTS, len(candidates)))
        candidates.extend(rnd.sample(pool, min(FROM_POOL, len(pool))))
        for action in candidates:
            stats.candidates += 1
            if action in legal_set:
                continue
            _expect_refused(rules, state, action, legal_set, prof, where, stats)
        # 5. Views blind to hidden cards.
        others = [seat for seat in seats_of(state) if seat != state.to_act]
        # The seat to act, and in turn another seat or the spectator (who sees no hand).
        watcher = rnd.choice(others) if others and stats.steps % 2 else None
        for seat in dict.fromkeys((state.to_act, watcher)):
            seen = rules.view(state, seat)
            want = legal if seat is not None and seat == state.to_act else ()
            assert seen.legal_actions == want, f"{where}: view of {seat} lists wrong actions"
            twin = hidden_twin(game, state, seat, rnd)
            assert rules.view(twin, seat) == seen, f"{where}: view of seat {seat} sees hidden cards"
            stats.twins += 1
        # 6. apply pure: nothing above changed the state.
        assert digest(cardrules.to_json(state)) == before, f"{where}: a call changed its input"
        if state.is_over:
            break
        # 7. Termination.
        assert stats.steps < bound, f"{where}: no end within {bound} actions"
        action = rnd.choice(legal)
        assert cardrules.from_json(cardrules.to_json(action)) == action, (
            f"{where}: action {action} does not round-trip"
        )
        actions.append(action)
        pool.append(action)
        if len(pool) > POOL_SIZE:
            pool.pop(rnd.randrange(POOL_SIZE))
        state = rules.apply(state, action)
        stats.steps += 1
    # 8. The game's record replays to the same end, through JSON too.
    record = cardrules.GameRecord(game, config, seed, None, tuple(actions))
    loaded = cardrules.from_json(cardrules.to_json(record))
    assert loaded == record, f"{game} seed={seed}: record does not round-trip"
    assert record.final_state() == state, f"{game} seed={seed}: replay differs"
    if seed % PLAYER_RECORD_EVERY == 0:
        _check_player_record(game, record, rnd)
    return state, stats


def _check_player_record(game: str, record: cardrules.GameRecord, rnd: random.Random) -> None:
    """5 again, for the game record a player is given (``GameRecord.for_player``)."""
    rules = engine.definition(game)
    states = record.states()
    seat = rnd.choice([*seats_of(states[-1]), None])
    mine = record.for_player(seat)
    text = cardrules.to_json(mine)
    assert cardrules.from_json(text) == mine, f"{game}: player record does not round-trip"
    assert '"seed"' not in text and '"stock"' not in text and '"deck"' not in text
    twins = [hidden_twin(game, state, seat, rnd) for state in states]
    views = [
        rules.view(twin, seat if seat is not None and seat < len(twin.hands) else None)
        for twin in twins
    ]
    again = records.player_record(game, seat, record.config, record.actions, views)
    assert again == mine, f"{game}: the player record of seat {seat} shows hidden cards"


def _any_pack() -> tuple[Card, ...]:
    from cardrules.cards import make_deck

    return make_deck(jokers_per_deck=2)


def _expect_refused(
    rules: engine.GameDefinition,
    state: Any,
    action: Any,
    legal_set: frozenset[Any],
    prof: Any,
    where: str,
    stats: GameStats,
) -> None:
    """``action`` is not listed: ``check`` and ``apply`` must refuse it, with the same reason."""
    try:
        reason = rules.check(state, action)
    except Exception as exc:  # any other exception is the failure
        raise AssertionError(f"{where}: check({action!r}) raised {exc!r}") from exc
    if reason is None:
        assert prof.same_play(state, action, legal_set), (
            f"{where}: {action!r} passes check but is not listed"
        )
        stats.same_play += 1
        return
    assert isinstance(reason, str) and reason, f"{where}: check gave no reason for {action!r}"
    try:
        rules.apply(state, action)
    except IllegalActionError as exc:
        same = exc.reason == reason
        assert same, f"{where}: apply and check disagree on {action!r}"
    except Exception as exc:
        raise AssertionError(f"{where}: apply({action!r}) raised {exc!r}") from exc
    else:
        raise AssertionError(f"{where}: apply accepted unlisted {action!r}")
    stats.refused += 1
