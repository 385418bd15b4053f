"""One action per move (issue 14 item 1), strict text, crafted actions (issue 15 items 4, 7),
lay-offs that name a needless end (issue 20), and bounded work on a long discard pile."""

from __future__ import annotations

import random
import threading

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules.cards import parse_card, parse_cards
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import MeldRules, RunMeld, SetMeld, make_meld
from cardrules.rummy500 import (
    GAME,
    Config,
    Discard,
    Draw,
    LayOff,
    Meld,
    Phase,
    TakeDiscard,
    apply,
    check,
    legal_actions,
    max_game_length,
    new_game,
    parse_action,
    view,
)
from cardrules.rummy500.actions import MAX_ACTION_TEXT
from tests.conformance.test_distinct_moves import position_after
from tests.rummy500.helpers import position


def test_a_set_is_one_action_in_any_card_order_issue14() -> None:
    """Issue 14 item 1: ``meld 4♠ 4♦ 4♥`` equals the listed ``meld 4♦ 4♥ 4♠``."""
    state = position(["4S 4D 4H 9C", "2C 3D 8S"], phase=Phase.PLAY)
    listed = [a for a in legal_actions(state) if isinstance(a, Meld)]
    assert [str(a) for a in listed] == ["meld 4♦ 4♥ 4♠"]
    typed = parse_action("meld 4♠ 4♦ 4♥", state)
    assert typed == listed[0] and hash(typed) == hash(listed[0])
    built = Meld(make_meld(parse_cards("4H 4S 4D"), MeldRules()))
    assert built == listed[0]
    assert apply(state, typed) == apply(state, listed[0]) == apply(state, built)


def test_run_cards_in_any_order_are_put_in_place_issue14() -> None:
    state = position(["5H 6H 7H QH KH AH 9C", "2C 3D 8S 4S 5S 6S"], phase=Phase.PLAY)
    assert str(parse_action("meld 6♥ 5♥ 7♥", state)) == "meld 5♥ 6♥ 7♥"
    assert str(parse_action("meld AH QH KH", state)) == "meld Q♥ K♥ A♥"
    assert parse_action("meld 7h 6h 5h", state) in legal_actions(state)


def test_jokers_in_any_order_keep_what_they_stand_for_issue14() -> None:
    config = Config(jokers=2, cards_2p=3)
    state = position(["5H 7H JK 9C", "2C 3D 8S"], phase=Phase.PLAY, config=config)
    assert str(parse_action("meld 7♥ JK=6♥ 5♥", state)) == "meld 5♥ JK=6♥ 7♥"


def _states(config: Config, seed: int, every: int = 5) -> list[object]:
    rnd = random.Random(seed)
    state = new_game(config, seed=seed)
    seen = []
    step = 0
    while not state.is_over and len(seen) < 30:
        if step % every == 0:
            seen.append(state)
        state = apply(state, rnd.choice(legal_actions(state)))
        step += 1
    return seen


CONFIGS = [Config(target=100), Config(target=60, jokers=2, allow_wraparound=True),
           Config(num_players=3, num_decks=2, target=60)]


def test_going_out_on_either_of_two_melds_differs_only_in_the_log_issue14() -> None:
    """R5-9: laying off the last card ends the round and the next deal clears the table,
    so going out on meld #2 or on meld #4 leaves equal positions; the log keeps which."""
    state = next(s for s in _states(CONFIGS[0], 521) if len(s.hands[s.to_act or 0]) == 1
                 and s.phase is Phase.PLAY)
    two = [a for a in legal_actions(state) if str(a).startswith("lay off 8♦")]
    assert [str(a) for a in two] == ["lay off 8♦ on #2", "lay off 8♦ on #4"]
    first, second = (apply(state, a) for a in two)
    assert attrs.evolve(first, events=()) == attrs.evolve(second, events=())
    assert first.events != second.events
    assert position_after(state, two[0]) != position_after(state, two[1])


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(case=st.sampled_from(range(len(CONFIGS))), seed=st.integers(0, 10**6),
       order=st.randoms(use_true_random=False))
def test_listed_actions_are_distinct_moves_and_read_back_in_any_order_issue14(
    case: int, seed: int, order: random.Random
) -> None:
    """Issue 14: no two listed actions of a state lead to equal states; every listed
    action's text, with its cards in any order, reads back to an equal action."""
    for state in _states(CONFIGS[case], seed):
        legal = legal_actions(state)
        # Positions, not logs: the event log alone would tell any two moves apart
        # (but for a move that ends the round, see position_after).
        after = [position_after(state, action) for action in legal]
        assert len(set(after)) == len(after)
        for action in legal:
            if not isinstance(action, Meld) or len(action.meld.cards) == 13:
                continue  # a 13-card run's order is what tells A-K from 2-A
            words = str(action).split()[1:]
            order.shuffle(words)
            assert parse_action("meld " + " ".join(words), state) == action


# --- issue 20: lay-off ends ------------------------------------------------------


def test_a_needless_end_is_accepted_and_normalised_issue20() -> None:
    state = position(["AH 9C 3D", "2C 3C 8S"], melds=[(1, "JH QH KH")], phase=Phase.PLAY,
                     config=Config(cards_2p=2))
    listed = LayOff(parse_card("AH"), 0)
    assert listed in legal_actions(state)
    assert parse_action("lay off A♥ on #1 at the high end", state) == listed
    named = LayOff(parse_card("AH"), 0, end="high")
    assert check(state, named) is None
    assert apply(state, named) == apply(state, listed)
    wrong = LayOff(parse_card("AH"), 0, end="low")
    reason = check(state, wrong)
    assert reason is not None and "does not fit at the low end" in reason
    with pytest.raises(IllegalActionError, match="at the low end"):
        apply(state, wrong)


def test_an_ace_fits_either_end_of_a_two_to_king_run_without_wraparound_issue20() -> None:
    """The ``LayOff.end`` docstring: a 2–K run takes an ace at either end, no wrap-around."""
    state = position(["AH 9C 3D", "2C 3C 8S"], melds=[(1, "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")],
                     phase=Phase.PLAY, config=Config(cards_2p=2))
    texts = [str(a) for a in legal_actions(state) if isinstance(a, LayOff)]
    assert texts == ["lay off A♥ on #1 at the low end", "lay off A♥ on #1 at the high end"]
    assert "either end" in (LayOff.__doc__ or "") and "2–K run" in (LayOff.__doc__ or "")


# --- issue 15 item 7: crafted actions, foreign objects, strict text ------------------


CRAFTED = [
    TakeDiscard("4H", 1),  # type: ignore[arg-type]
    TakeDiscard(parse_card("4H"), "2"),  # type: ignore[arg-type]
    TakeDiscard(parse_card("4H"), 10**5000),
    LayOff(parse_card("4H"), "1"),  # type: ignore[arg-type]
    LayOff(parse_card("4H"), 10**5000),
    LayOff(parse_card("4H"), 0, stands_for="5H"),  # type: ignore[arg-type]
    LayOff(parse_card("4H"), 0, end="middle"),  # type: ignore[arg-type]
    LayOff(None, 0),  # type: ignore[arg-type]
    Discard("KS"),  # type: ignore[arg-type]
    Discard(None),  # type: ignore[arg-type]
    Meld("meld 4H 5H 6H"),  # type: ignore[arg-type]
    Meld(SetMeld(4, ("4H", "4S", "4D"), (None, None, None))),  # type: ignore[arg-type]
    Meld(RunMeld("H", 4, tuple(parse_cards("4H 5H 6H")))),  # type: ignore[arg-type]
    Meld(RunMeld(parse_card("4H").suit, True, tuple(parse_cards("4H 5H 6H")))),  # type: ignore[arg-type]
    Meld(RunMeld(parse_card("4H").suit, 4, ("4H", 5, None))),  # type: ignore[arg-type]
    Meld(RunMeld(parse_card("4H").suit, 1, tuple(parse_cards("AH 2H 3H")) * 30)),
    Draw(),
    "draw",
    None,
]


@pytest.mark.parametrize("phase", [Phase.DRAW, Phase.PLAY])
@pytest.mark.parametrize("action", CRAFTED, ids=lambda a: type(a).__name__)
def test_check_and_apply_give_the_same_typed_reason_issue15_item7(phase: Phase,
                                                                   action: object) -> None:
    state = position(["4H 5H 6H 9D", "2C 3C 8S"], discard="KD", melds=[(1, "7C 8C 9C")],
                     phase=phase)
    reason = check(state, action)
    if isinstance(action, Draw) and phase is Phase.DRAW:
        assert reason is None
        return
    assert isinstance(reason, str) and reason
    with pytest.raises(IllegalActionError) as caught:
        apply(state, action)
    assert caught.value.reason == reason


def test_other_games_states_are_a_type_error_issue15_item7() -> None:
    casino = cardrules.new_game("casino", seed=1)
    for call in (lambda: view(casino, 0), lambda: legal_actions(casino),  # type: ignore[arg-type]
                 lambda: check(casino, Draw()), lambda: apply(casino, Draw()),  # type: ignore[arg-type]
                 lambda: parse_action("draw", casino)):  # type: ignore[arg-type]
        with pytest.raises(TypeError, match="rummy500 State"):
            call()


@pytest.mark.parametrize("text", ["draw", "discard K♠", "take 4♥", "lay off 8♥ on #1"])
def test_look_alike_letters_and_digits_are_no_action_issue15_item7(text: str) -> None:
    state = new_game(seed=1)
    tricked = (text.replace("a", "\u0430").replace("K", "\u212a").replace("4", "\u0664")
               .replace("1", "\u0661").replace("s", "\u017f"))
    if tricked != text:
        with pytest.raises(ValueError):
            parse_action(tricked, state)


def test_action_text_has_a_length_cap_issue15_item4() -> None:
    state = new_game(seed=1)
    with pytest.raises(ValueError, match=f"at most {MAX_ACTION_TEXT} characters"):
        parse_action("meld " + "A♥ " * 10_000, state)
    with pytest.raises(ValueError):
        parse_action("take 4♥ +" + "9" * 5000, state)


def test_listed_actions_skip_the_recheck_only_in_their_own_thread_and_state() -> None:
    """Issue 15 item 7: the apply shortcut is per thread and per state object."""
    states = [new_game(seed=s) for s in range(8)]
    expected = [apply(s, legal_actions(s)[0]) for s in states]
    errors: list[BaseException] = []

    def worker(offset: int) -> None:
        try:
            for round_ in range(50):
                i = (round_ + offset) % len(states)
                action = legal_actions(states[i])[0]
                legal_actions(states[(i + 1) % len(states)])  # another state listed between
                assert apply(states[i], action) == expected[i]
                other = states[(i + 3) % len(states)]
                mine = legal_actions(states[i])[-1]
                if check(other, mine) is not None:
                    with pytest.raises(IllegalActionError):
                        apply(other, mine)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


# --- issue 15 items 4, 5: bounds ----------------------------------------------------


def test_max_game_length_is_declared_and_bounds_default_games_issue15_item5() -> None:
    assert GAME.max_game_length is max_game_length
    assert max_game_length(Config()) == 100 * (2 * 83 + 52 + 1)
    free = Config(top_discard_must_be_used=False, max_turns=40, max_rounds=3)
    assert max_game_length(free) == 3 * (2 * 40 + 52 + 1)
    rnd = random.Random(7)
    state = new_game(seed=7)
    steps = 0
    while not state.is_over:
        state = apply(state, rnd.choice(legal_actions(state)))
        steps += 1
    assert steps <= max_game_length(Config())


def test_a_round_ends_at_max_turns_and_the_game_at_max_rounds() -> None:
    config = Config(top_discard_must_be_used=False, max_turns=4, max_rounds=2)
    state = new_game(config, seed=3)
    rnd = random.Random(3)
    while not state.is_over:
        state = apply(state, rnd.choice(legal_actions(state)))
    assert len(state.history) == 2 and state.round_number == 2
    assert all(r.ended_by in ("turn_limit", "went_out") for r in state.history)
    assert state.winners == tuple(s for s, v in enumerate(state.scores) if v == max(state.scores))


def test_a_dig_of_an_eighty_card_pile_is_listed_quickly_issue15_item4() -> None:
    """Two decks and jokers, a hand of 90 cards after the dig: only three-card melds
    with jokers (rules module docstring), so the listing stays small."""
    config = Config(num_decks=2, jokers=2)
    state = new_game(config, seed=0)
    rnd = random.Random(0)
    while len(state.discard) < 80:
        legal = legal_actions(state)
        if state.phase is Phase.DRAW:
            action = Draw() if Draw() in legal else legal[0]
        else:
            action = rnd.choice([a for a in legal if isinstance(a, Discard)] or list(legal))
        state = apply(state, action)
        assert state.round_number == 1
    deepest = max((a for a in legal_actions(state) if isinstance(a, TakeDiscard)),
                  key=lambda a: a.count)
    dug = apply(state, deepest)
    legal = legal_actions(dug)
    assert 0 < len(legal) < 2_000
    assert all(len(a.meld.cards) == 3 for a in legal if isinstance(a, Meld))
    longer = next(a for a in legal if isinstance(a, Meld))
    assert attrs.has(type(longer))


def test_listed_melds_are_already_canonical_issue14() -> None:
    """The listing skips Meld's converter: what it lists must equal a Meld built normally."""
    for state in _states(Config(target=60, jokers=2), 4, every=1):
        for action in legal_actions(state):
            if isinstance(action, Meld):
                assert Meld(action.meld) == action
                assert Meld(action.meld).meld.cards == action.meld.cards
