"""The fast paths of Casino's ``legal_actions`` and ``apply`` against the plain ones (issue 18 item 2).

``legal_actions`` works out a turn's first steps from sums and hand values
shared by the whole turn, and builds a :class:`~cardrules.casino.steps.Context`
only where those shortcuts do not decide; ``apply`` decides without a context
whether a one-item capture goes on, and hands the next state's steps on. None
of this may change a listed action, their order or a resulting state. Two
checks:

* an oracle: the first steps as :class:`~cardrules.casino.steps.Context`
  answers them for every card, value and build (how ``legal_actions`` worked
  before), compared with ``legal_actions`` on every state of seeded random
  games under many option sets; and ``apply``'s choice (play in progress or
  not, and the steps handed on) against a fresh context and a fresh listing;
* digests of seeded random games (every list of legal actions, every state's
  JSON, some checks, whole plays and copies of listed actions applied), pinned
  from the code before the fast paths (commit b215edf): the same games must
  give the same digests. A longer run of the same is marked ``slow``.
"""

from __future__ import annotations

import copy
import hashlib
import random
from typing import Literal

import pytest

import cardrules
from cardrules import casino
from cardrules.casino import Action, Build, Capture, Config, Done, State, Take, Trail
from cardrules.casino import rules as casino_rules
from cardrules.casino.captures import capture_values, covers, table_value
from cardrules.casino.steps import Context, capture_contexts, context_of, item_order

CONFIGS = {
    "default": Config(),
    "royal": Config(variant="royal", sweeps=True),
    "royal-no14": Config(variant="royal", royal_ace_14=False),
    "capture_all": Config(capture_all=True),
    "capture_all-royal": Config(capture_all=True, variant="royal"),
    "compulsory": Config(compulsory_capture=True, face_capture="all"),
    "build_as_card": Config(variant="royal", build_as_card=True),
    "build_as_card-std": Config(build_as_card=True, capture_all=True),
    "partners": Config(num_players=4, partnerships=True, build_for_partner=True),
    "partners-plain": Config(num_players=4, partnerships=True),
    "3p": Config(num_players=3),
    "4p": Config(num_players=4, owner_may_trail=True),
    "no-same-value": Config(same_value_builds=False, table_cards_in_raise=True),
    "owner-trail": Config(owner_may_trail=True, raise_own_build=False),
    "table-raise-royal": Config(variant="royal", table_cards_in_raise=True, build_as_card=True),
    "face-all": Config(face_capture="all", capture_all=True),
}


# ---------------------------------------------------------------------------
# The oracle: every first step from a Context, card by card


def _header(card: object, item: tuple[object, ...], high: bool) -> Capture:
    if len(item) == 1:
        return Capture(card, item, ace_high=high)  # type: ignore[arg-type]
    return Capture(card, (), (item,), ace_high=high)  # type: ignore[arg-type]


def _oracle_heads(
    state: State,
    card: object,
    kind: Literal["raise", "add"],
    value: int,
    j: int,
    head: int,
    items: list[tuple[object, ...]],
) -> list[Action]:
    target = state.builds[j].cards
    heads: list[Action] = []
    if head == value:
        heads.append(Build(card, kind=kind, value=value, target=target))  # type: ignore[arg-type]
    ctx = Context(state, card=card, kind=kind, value=value, target=j)  # type: ignore[arg-type]
    heads += [
        Build(card, kind=kind, value=value, target=target, cards=items[p])  # type: ignore[arg-type]
        for p in ctx.next_items(())
    ]
    return heads


def oracle_first_steps(state: State) -> tuple[Action, ...]:
    """Every first step, each play asked of its own Context (no shortcut)."""
    config = state.config
    seat = state.to_act
    assert seat is not None and state.pending is None
    items = item_order(state)
    builds = state.builds
    owned = [j for j, b in enumerate(builds) if b.owner == seat]
    owned_values = [builds[j].value for j in owned]
    partner = (seat + 2) % 4 if config.partnerships else None
    captures: list[Action] = []
    every: list[Action] = []
    for card in state.hands[seat]:
        rest = list(state.hands[seat])
        rest.remove(card)
        caps: list[Action] = []
        for ctx, high in capture_contexts(state, card):
            caps += [_header(card, items[p], high) for p in ctx.next_items(())]
        others: list[Action] = []
        a = table_value(card, config.royal)
        if a is not None:
            held = {v for c in rest for v in capture_values(c, config)}
            top = config.max_value
            for value in sorted(held):
                if value < a or value > top:
                    continue
                if not config.same_value_builds and any(b.value == value for b in builds):
                    continue
                if not covers(rest, [*owned_values, value], config):
                    continue
                ctx = Context(state, card=card, kind="new", value=value)
                others += [
                    Build(card, kind="new", value=value, cards=items[p])
                    for p in ctx.next_items(())
                ]
            for j, build in enumerate(builds):
                if not build.is_single or (build.owner == seat and not config.raise_own_build):
                    continue
                base = build.value + a
                others_owned = [builds[k].value for k in owned if k != j]
                values = range(base, top + 1) if config.table_cards_in_raise else (base,)
                for value in values:
                    if value > top or value not in held:
                        continue
                    if not config.same_value_builds and any(
                        b.value == value for k, b in enumerate(builds) if k != j
                    ):
                        continue
                    if not covers(rest, [*others_owned, value], config):
                        continue
                    others += _oracle_heads(state, card, "raise", value, j, base, items)
            for j, build in enumerate(builds):
                value = build.value
                if a > value:
                    continue
                if config.build_for_partner and build.owner == partner:
                    required = owned_values
                else:
                    required = [*(builds[k].value for k in owned if k != j), value]
                if not covers(rest, required, config):
                    continue
                others += _oracle_heads(state, card, "add", value, j, a, items)
        if (not owned or config.owner_may_trail) and covers(rest, owned_values, config):
            others.append(Trail(card))
        captures += caps
        every += caps + others
    if config.compulsory_capture and captures:
        return tuple(captures)
    return tuple(every)


def oracle_steps(state: State) -> tuple[Action, ...]:
    """The steps of a state, a play in progress answered by a fresh Context."""
    if state.to_act is None:
        return ()
    pending = state.pending
    if pending is None:
        return oracle_first_steps(state)
    ctx = context_of(state, pending)
    items = item_order(state)
    chosen = _positions(state, pending)
    steps: list[Action] = [Take(items[p]) for p in ctx.next_items(chosen)]
    if ctx.complete(chosen):
        steps.append(Done())
    return tuple(steps)


def _positions(state: State, play: Capture | Build) -> tuple[int, ...]:
    order = {item: k for k, item in enumerate(item_order(state))}
    named = [(c,) for c in play.cards] + (list(play.builds) if isinstance(play, Capture) else [])
    return tuple(sorted(order[item] for item in named))


def _goes_on(state: State, action: Action) -> bool:
    """Whether ``action`` (legal, one step) leaves a play in progress, by a fresh Context."""
    if isinstance(action, Trail | Done):
        return False
    pending = state.pending
    if isinstance(action, Take):
        assert pending is not None
        item = action.item
        if isinstance(pending, Capture):
            if len(item) == 1 and item[0] in state.loose:
                play: Capture | Build = Capture(
                    pending.card, (*pending.cards, *item), pending.builds, ace_high=pending.ace_high
                )
            else:
                play = Capture(
                    pending.card, pending.cards, (*pending.builds, item), ace_high=pending.ace_high
                )
        else:
            play = Build(
                pending.card,
                kind=pending.kind,
                value=pending.value,
                cards=(*pending.cards, *item),
                target=pending.target,
            )
    else:
        play = action
    chosen = _positions(state, play)
    return bool(chosen) and bool(context_of(state, play).next_items(chosen))


def _check_game(config: Config, seed: int) -> int:
    chooser = random.Random(seed)
    state = casino.new_game(config, seed=seed)
    steps = 0
    while not state.is_over:
        legal = casino.legal_actions(state)
        assert legal == oracle_steps(state), (config, seed, steps)
        action = chooser.choice(legal)
        new = casino.apply(state, action)
        assert (new.pending is not None) == _goes_on(state, action), (config, seed, steps)
        if new.pending is not None:
            assert casino_rules._legal_actions(new) == oracle_steps(new)
        state = new
        steps += 1
    return steps


@pytest.mark.parametrize("name", list(CONFIGS))
def test_legal_actions_and_apply_match_the_oracle(name: str) -> None:
    """Issue 18 item 2: every listed step, in order, and apply's choice, as Contexts answer."""
    for seed in range(2):
        assert _check_game(CONFIGS[name], seed) > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CONFIGS))
def test_legal_actions_and_apply_match_the_oracle_long(name: str) -> None:
    for seed in range(2, 30):
        assert _check_game(CONFIGS[name], seed) > 0


# ---------------------------------------------------------------------------
# Digests pinned from the code before the fast paths


def game_digest(config: Config, seed: int) -> str:
    """SHA-256 (first 16 hex digits) of everything a seeded random game lists and makes."""
    digest = hashlib.sha256()
    chooser = random.Random(seed)
    state = casino.new_game(config, seed=seed)
    while not state.is_over:
        legal = casino.legal_actions(state)
        digest.update(repr(legal).encode())
        if chooser.random() < 0.15:
            every = casino.plays(state)
            digest.update(repr(every).encode())
            for action in legal[:6]:
                digest.update(repr(casino.check(state, action)).encode())
            if state.pending is None:
                for whole in every[:3]:  # whole plays, applied at once
                    digest.update(repr(casino.check(state, whole)).encode())
                    digest.update(cardrules.to_json(casino.apply(state, whole)).encode())
            twin = copy.copy(chooser.choice(legal))  # equal to a listed action, not one of them
            digest.update(cardrules.to_json(casino.apply(state, twin)).encode())
        state = casino.apply(state, chooser.choice(legal))
        digest.update(cardrules.to_json(state).encode())
    return digest.hexdigest()[:16]


PINNED: dict[str, list[str]] = {  # seeds 0, 1, 2, made by the code of commit b215edf
    "default": ["4454612dcfeff108", "43875654715189a2", "735c9aea209af90b"],
    "royal": ["3b2ec45d622b5eda", "e76087eb68bd6f3f", "ead2d427a69c9eb8"],
    "royal-no14": ["23cc42ed11b42806", "41e452619afe7d3a", "9b0e3399bcfb5717"],
    "capture_all": ["6cd1f52645236a84", "77031ca0ae03508b", "73e5d1a4bdcb05b3"],
    "capture_all-royal": ["ea9bbed4e08bd270", "c49bc43503379984", "b905555cf8fa1131"],
    "compulsory": ["ad8ec42c9a049272", "4c6bf2378ec7953d", "7b1fb1cadb1cd0bb"],
    "build_as_card": ["210741a56309b25d", "6612b1a615ff6b4f", "d5a3a222c1efe122"],
    "build_as_card-std": ["d655c1a8f603bbb3", "101db7deb02e14a7", "a06210f6b631094d"],
    "partners": ["363b4aa2099c54d5", "543d5dd50650b647", "ec1c1b73b578e3b5"],
    "partners-plain": ["2e3ff67fa6559d03", "4e7a914303e99308", "6ada25d162ae002e"],
    "3p": ["13d6403c7fc8ac0e", "aa376fc4b0fde762", "35b255f26adc55a8"],
    "4p": ["f32076145fa3c842", "0e2d1685f8b18b03", "d11f1ced64fcd60f"],
    "no-same-value": ["0e99b490c5776c69", "448dcc6a4c8a140a", "6ac1af608d79a1f9"],
    "owner-trail": ["7928a230cf5ec8a1", "4d6c20b10b0aa6d4", "27aba96efa37684b"],
    "table-raise-royal": ["1832d54dc00f0a7b", "5cdd9a0f1ec33257", "1fa8bdae94843a02"],
    "face-all": ["0e14857ef012bf8a", "210fa3f0a7faee10", "06718fdf158db673"],
}

PINNED_LONG: dict[str, list[str]] = {
    # name: digests of seeds 3..10
}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_games_unchanged(name: str) -> None:
    """Issue 18 item 2: the same seeded games list and make exactly what they did before."""
    assert [game_digest(CONFIGS[name], seed) for seed in range(3)] == PINNED[name]


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_games_unchanged_long(name: str) -> None:
    digests = [game_digest(CONFIGS[name], seed) for seed in range(3, 11)]
    assert digests == PINNED_LONG[name]
