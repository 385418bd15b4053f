"""Property checks over 200 random Las Vegas Rummy games (2–12 players, 1–3 decks).

After every step: card conservation (reshuffles included), ``apply`` leaves its
input unchanged, every legal action passes ``check``, random other actions are
refused, the JSON round trip gives the state back, views are blind to hidden
cards, and every game ends.
"""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal

import attrs
import pytest

import cardrules
from cardrules.cards import Card, make_deck
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import meld_error
from cardrules.rummy.wilds import enumerate_melds
from cardrules.vegas_rummy import (
    Config,
    Deal,
    Discard,
    Draw,
    LayOff,
    Meld,
    Rebuy,
    Retire,
    State,
    SwapWild,
    TakeDiscard,
    apply,
    canonical,
    check,
    legal_actions,
    meld_rules,
    new_game,
    parse_action,
    scoring,
    validate_state,
    view,
)

GAMES = 200
CHUNKS = 10
MAX_STEPS = 3000


def random_config(rnd: random.Random) -> Config:
    n = rnd.randint(2, 12)
    m = rnd.choice([2, 3, 4])
    decks = rnd.choice([None, 1, 2, 3])
    if decks is not None and 54 * decks < n * m + 1 + n:  # keep a few cards to draw
        decks = None
    return Config(
        num_players=n,
        cards_per_player=m,
        num_decks=decks,
        max_score=rnd.choice([6, 10, 14]),
        buy_in=rnd.choice([0, 1, "2.50"]),
        wild_scope=rnd.choice(["rank", "card"]),
        meld_solidarity=rnd.random() < 0.5,
        meld_strictness=rnd.random() < 0.3,
        require_natural=rnd.random() < 0.8,
        allow_wraparound=rnd.random() < 0.2,
        forbid_rediscard_of_taken_card=rnd.random() < 0.2,
        go_out_without_discard=rnd.random() < 0.1,
        third_gets_buy_in=rnd.random() < 0.5,
        late_join_cost=rnd.choice(["max1", "literal", "plus_one"]),
        max_seats=min(n + 1, 13),
        reshuffle_limit=1,
    )


def pack_of(state: State) -> Counter[Card]:
    return Counter(make_deck(decks=state.num_decks, jokers_per_deck=2))


def cards_of(state: State) -> Counter[Card]:
    cards: Counter[Card] = Counter(state.stock) + Counter(state.discard)
    for hand in state.hands:
        cards.update(hand)
    for owned in state.melds:
        cards.update(owned.meld.cards)
    return cards


def choose(state: State, actions: tuple[object, ...], rnd: random.Random) -> object:
    """Random, leaning towards melds, stock draws and retiring, so that games end soon."""
    if state.phase == "draw":
        return actions[0] if rnd.random() < 0.85 else rnd.choice(actions)
    if state.phase == "table":
        return Deal() if rnd.random() < 0.9 else rnd.choice(actions)
    if state.phase == "decide":
        return Retire() if rnd.random() < 0.75 else Rebuy()
    placing = [a for a in actions if isinstance(a, Meld | LayOff | SwapWild)]
    if placing and rnd.random() < 0.85:
        return rnd.choice(placing)
    return rnd.choice(actions)


def random_other(state: State, rnd: random.Random) -> object:
    """An action picked without looking at the rules."""
    pack = sorted(pack_of(state), key=lambda c: c.index)
    card = rnd.choice(pack)
    kind = rnd.randrange(9)
    if kind == 0:
        return Discard(card)
    if kind == 1:
        return LayOff(card, rnd.randrange(len(state.melds) + 1), rnd.choice([None, card]))
    if kind == 2:
        return SwapWild(card, rnd.randrange(len(state.melds) + 1), rnd.choice(pack))
    if kind == 3 and state.upcard is not None:
        hand = list(state.hands[state.to_act or 0]) or pack
        wider = enumerate_melds(rnd.sample(pack, 6) + hand[:3], meld_rules(state),
                                interchangeable=False)
        if wider:
            return Meld(rnd.choice(wider))
    return rnd.choice([Draw(), TakeDiscard(), Rebuy(), Retire(), Deal()])


def blind_twin(state: State, seat: int, rnd: random.Random) -> State:
    """The same state with the cards hidden from ``seat`` dealt differently."""
    others = [i for i in range(state.num_players) if i != seat]
    hidden = list(state.stock) + [c for i in others for c in state.hands[i]]
    rnd.shuffle(hidden)
    stock = tuple(hidden[: len(state.stock)])
    rest = hidden[len(state.stock):]
    hands = list(state.hands)
    for i in others:
        size = len(hands[i])
        hands[i] = tuple(sorted(rest[:size]))
        rest = rest[size:]
    return attrs.evolve(state, stock=stock, hands=tuple(hands))


def play(seed: int) -> tuple[int, int, int]:
    """Play one random game with every check after every step.

    Returns the number of steps, of reshuffles (LV-10) and of between-round events.
    """
    rnd = random.Random(seed)
    config = random_config(rnd)
    state = new_game(config, seed=seed)
    steps = 0
    reshuffles = 0
    while not state.is_over:
        if state.phase in ("draw", "play"):
            assert cards_of(state) == pack_of(state), "cards are not conserved"
        actions = legal_actions(state)
        assert actions
        assert len(set(actions)) == len(actions)
        for action in actions:
            assert check(state, action) is None, action
            assert parse_action(str(action), state) == action
            if isinstance(action, Meld):
                assert meld_error(action.meld, meld_rules(state)) is None
        for _ in range(3):
            other = random_other(state, rnd)
            if other in actions:
                continue
            if check(state, other) is None:  # another form of a listed action
                same = canonical(state, other)
                assert same in actions and apply(state, other) == apply(state, same)
                continue
            with pytest.raises(IllegalActionError):
                apply(state, other)
        assert cardrules.from_json(cardrules.to_json(state)) == state
        before = attrs.evolve(state)  # a copy of every field (all immutable values)
        seat = state.to_act if state.to_act is not None else 0
        if state.phase in ("draw", "play"):
            assert view(state, seat) == view(blind_twin(state, seat, rnd), seat)
        seen = view(state, seat)
        assert seen.hand == (state.hands[seat] if seat < state.num_players else None)
        assert seen.legal_actions == (actions if seat == state.to_act else ())
        action = choose(state, actions, rnd)
        previous = state
        state = apply(state, action)
        reshuffles += state.phase == "play" and state.reshuffles > previous.reshuffles
        assert state is not before
        assert before == attrs.evolve(before)
        assert all(getattr(before, f.name) is getattr(previous, f.name)
                   for f in attrs.fields(State))  # apply changed nothing in its input
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"
    validate_state(state)
    assert cardrules.from_json(cardrules.to_json(state)) == state
    settlement = scoring.settle(state)
    assert settlement.total == state.pot
    assert state.pot == sum((e.amount for e in state.ledger), Decimal(0))
    return steps, reshuffles, len(state.ledger) - config.num_players


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    per = GAMES // CHUNKS
    results = [play(seed) for seed in range(chunk * per, (chunk + 1) * per)]
    # The chunk really went through reshuffles and between-round decisions.
    assert sum(r[1] for r in results) > 0
    assert sum(r[2] for r in results) > 0
