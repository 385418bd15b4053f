"""Casino rules, one test (or more) per decision of shared/rules/casino.md.

States are built directly with ``make_state`` (validated with
``validate_state``) or dealt from stacked decks.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs
import pytest

import cardrules
from cardrules import rng
from cardrules.cards import JOKER, Card, make_deck, parse_card, parse_cards
from cardrules.casino import (
    Build,
    Capture,
    Config,
    State,
    TableBuild,
    Take,
    Trail,
    apply,
    check,
    deal_order,
    legal_actions,
    new_game,
    parse_action,
    play,
    plays,
    validate_state,
)
from cardrules.casino.captures import covers
from cardrules.errors import IllegalActionError

DECK = make_deck()


def make_state(
    hands: Sequence[str],
    loose: str,
    builds: Sequence[tuple[int, str, int]] = (),
    *,
    config: Config | None = None,
    to_act: int = 0,
    last_deal: bool = True,
    last_capturer: int | None = None,
) -> State:
    """A validated state: seat hands, loose cards, builds ``(value, "5S+3H | 8D", owner)``.

    The dealer is the last seat. Unused cards go to the stock (as much as the deal
    number needs) and then to the captured piles; the last capturer is then the
    dealer unless given (a non-empty pile means somebody captured, invariant I-9).
    """
    config = config or Config()
    n = config.num_players
    hand_cards = [parse_cards(h) for h in hands]
    table_builds = tuple(
        TableBuild(v, tuple(parse_cards(g.replace("+", " ")) for g in text.split("|")), owner)
        for v, text, owner in builds
    )
    used = {c for h in hand_cards for c in h} | set(parse_cards(loose))
    used |= {c for b in table_builds for c in b.cards}
    rest = [c for c in DECK if c not in used]
    deal_number = config.deals_per_hand if last_deal else config.deals_per_hand - 1
    stock_size = 4 * n * (config.deals_per_hand - deal_number)
    stock, rest = tuple(rest[:stock_size]), rest[stock_size:]
    piles = [tuple(sorted(rest[i::n])) for i in range(n)]
    if last_capturer is None and any(piles):
        last_capturer = n - 1
    state = State(
        config=config,
        seed=1,
        shuffles=1,
        dealer=n - 1,
        round_number=1,
        deal_number=deal_number,
        to_act=to_act,
        hands=tuple(tuple(sorted(h)) for h in hand_cards),
        loose=tuple(sorted(parse_cards(loose))),
        builds=table_builds,
        piles=tuple(piles),
        sweep_log=(),
        last_capturer=last_capturer,
        stock=stock,
        scores=(0,) * config.num_sides,
        winners=(),
        history=(),
    )
    validate_state(state)
    return state


def texts(state: State, card: str | None = None) -> set[str]:
    """The legal whole plays (of one hand card) as text."""
    acts = plays(state)
    if card is not None:
        acts = tuple(a for a in acts if a.card == parse_card(card))
    return {str(a) for a in acts}


def act(state: State, text: str) -> State:
    """Make a whole play (or one step) written as text."""
    action = parse_action(text, state)
    if isinstance(action, Capture | Build | Trail) and state.pending is None:
        return play(state, action)
    return apply(state, action)


def canon(*spellings: str) -> set[str]:
    """Canonical text of actions written in any spelling."""
    from cardrules.casino.actions import parse_action_text

    return {str(parse_action_text(s)) for s in spellings}


# ---------------------------------------------------------------------------
# Worked examples


def test_ca01_deals_and_last() -> None:
    """CA-01 / CA-13: 2p 6 deals, 3p 4, 4p 3; "last"; P1 leads every deal."""
    for n, deals in ((2, 6), (3, 4), (4, 3)):
        config = Config(num_players=n, partnerships=n == 4)
        state = new_game(config, seed=5)
        assert len(state.loose) == 4 and all(len(h) == 4 for h in state.hands)
        assert 4 + 4 * n * deals == 52
        assert len(state.stock) == 4 * n * (deals - 1)
        seen = {1}
        while state.round_number == 1:
            assert state.is_last_deal == (state.deal_number == deals)
            if all(len(h) == 4 for h in state.hands):
                assert state.to_act == (state.dealer + 1) % n  # P1 leads
            seen.add(state.deal_number)
            state = apply(state, legal_actions(state)[0])
        assert seen == set(range(1, deals + 1))
        assert (state.dealer == 0 and state.to_act == 1) or state.is_over  # CA-18: passes left


def test_ca01_stacked_deck_order() -> None:
    """The documented dealing order: in twos, P1.., table, dealer; again."""
    assert deal_order(2, 1, first=True) == (0, 0, None, None, 1, 1) * 2
    assert deal_order(4, 3, first=True) == (0, 0, 1, 1, 2, 2, None, None, 3, 3) * 2
    deck = list(reversed(DECK))
    state = new_game(seed=3, deck=deck)
    assert set(state.hands[0]) == {deck[0], deck[1], deck[6], deck[7]}
    assert set(state.loose) == {deck[2], deck[3], deck[8], deck[9]}
    assert set(state.hands[1]) == {deck[4], deck[5], deck[10], deck[11]}
    assert state.stock == tuple(deck[12:])
    with pytest.raises(ValueError, match="not conserved"):
        new_game(deck=[*deck[:51], deck[0]])
    # Hand r is shuffled from the seed with stream r - 1; a stacked hand leaves its
    # stream unused, so shuffles always equals the hand number (issue 15 item 2).
    assert state.shuffles == 1
    while state.round_number == 1:
        state = apply(state, legal_actions(state)[0])
    assert state.shuffles == 2 and state.dealer == 0
    shuffled = rng.shuffle(DECK, seed=3, stream=1)
    assert set(state.hands[1]) == {shuffled[0], shuffled[1], shuffled[6], shuffled[7]}
    assert set(state.hands[0]) == {shuffled[4], shuffled[5], shuffled[10], shuffled[11]}
    assert new_game(seed=3).shuffles == 1


def test_ca02_one_card_every_option() -> None:
    """CA-02, verbatim: table 5♥ 3♣ 2♦ K♠; hand 5♣ 8♦."""
    state = make_state(["5C 8D", "4H 9S"], "5H 3C 2D KS")
    assert texts(state, "5C") == canon(
        "5♣ takes 5♥", "5♣ takes 3♣ 2♦", "5♣ takes 5♥ 3♣ 2♦", "5♣ builds 8 with 3♣", "trail 5♣"
    )
    assert texts(state, "8D") == canon("8♦ takes 5♥ 3♣", "trail 8♦")
    # The illegal ones, with their reasons.
    assert "keep a card of value 7" in (
        check(state, parse_action("5C builds 7 with 2D", state)) or ""
    )
    assert "value 10" in (check(state, parse_action("5C builds 10 with 5H", state)) or "")
    assert "value 10" in (check(state, parse_action("5C builds 10 with 3C 2D", state)) or "")
    assert "value 5" in (check(state, parse_action("5C builds 5 with 5H", state)) or "")
    assert "face card" in (check(state, parse_action("5C takes KS", state)) or "")
    # The 8-build: single, owner seat 0.
    after = act(state, "5♣ builds 8 with 3♣")
    assert str(after.builds[0]) == "[8: 5♣+3♣]" and after.builds[0].owner == 0


def test_ca03_single_versus_multiple_build() -> None:
    """CA-03, verbatim (pagat's example)."""
    state = make_state(["3H 3S 6D", "4H 9S 2C"], "AC 2D")
    assert texts(state, "3H") == canon(
        "3♥ takes A♣ 2♦", "3♥ builds 6 with A♣ 2♦", "3♥ builds 3 with A♣ 2♦", "trail 3♥"
    )
    assert texts(state, "6D") == {"trail 6♦"}
    six = act(state, "3♥ builds 6 with A♣ 2♦").builds[0]
    threes = act(state, "3♥ builds 3 with A♣ 2♦").builds[0]
    assert six.is_single and str(six) == "[6: 3♥+A♣+2♦]"
    assert not threes.is_single and str(threes) == "[3: 3♥ | A♣+2♦]"
    assert check(state, parse_action("3H builds 4 with AC", state)) is not None
    assert check(state, parse_action("3H builds 5 with 2D", state)) is not None
    second = make_state(["7S 2H", "4H 9S"], "3C 4D")
    assert texts(second, "7S") == canon("7♠ takes 3♣ 4♦", "trail 7♠")
    assert texts(second, "2H") == {"trail 2♥"}
    # Table cards alone never make a build: the card played is always in it.
    assert check(second, Build(parse_card("2H"), kind="new", value=7, cards=parse_cards("3C 4D")))


# ---------------------------------------------------------------------------
# Decisions


def test_ca01_residue_to_last_capturer_never_a_sweep() -> None:
    """CA-1: the residue goes to the last capturer (not a sweep); nobody if no capture."""
    base = {"hands": ["", "9H"], "loose": "5C 2D", "to_act": 1}
    state = make_state(**base, last_capturer=0)  # type: ignore[arg-type]
    done = act(state, "trail 9♥").history[0]
    assert done.residue_to == 0 and set(done.residue) == set(parse_cards("5C 2D 9H"))
    assert done.sweeps == (0, 0)
    # Nobody captured all hand (everybody trailed): the residue goes to nobody.
    state = new_game(seed=2)
    while state.round_number == 1:
        state = apply(state, next(a for a in legal_actions(state) if isinstance(a, Trail)))
    nobody = state.history[0]
    assert nobody.residue_to is None and len(nobody.residue) == 52 and nobody.points == (0, 0)
    off = make_state(**base, config=Config(residue_to_last_capturer=False), last_capturer=0)  # type: ignore[arg-type]
    assert act(off, "trail 9♥").history[0].residue_to is None


def test_ca02_each_ace_scores_one() -> None:
    """CA-2: each captured ace 1 point; the items come in the Royal counting order."""
    from cardrules.casino.scoring import score_hand

    piles = (parse_cards("AS AC AH"), parse_cards("AD"))
    result = score_hand(
        Config(),
        piles=piles,
        sweep_log=(),
        hand=1,
        dealer=1,
        residue=(),
        residue_to=None,
        totals_before=(0, 0),
    )
    aces = [(i.name, i.side, i.points) for i in result.items if i.name.startswith("A")]
    assert aces == [("A♠", 0, 1), ("A♣", 0, 1), ("A♥", 0, 1), ("A♦", 1, 1)]
    assert [i.name for i in result.items] == [
        "most cards",
        "most spades",
        "10♦",
        "2♠",
        "A♠",
        "A♣",
        "A♥",
        "A♦",
    ]


def test_ca03_face_capture_one_or_all() -> None:
    """CA-3: a J/Q/K takes one matching card by default; option "all"; Royal faces are numbers."""
    hands = ["KD 4C", "4H 9S"]
    state = make_state(hands, "KS KH 3C")
    assert texts(state, "KD") == canon("K♦ takes K♠", "K♦ takes K♥", "trail K♦")
    reason = check(state, Capture(parse_card("KD"), parse_cards("KS KH")))
    assert reason and "only one" in reason
    every = make_state(hands, "KS KH 3C", config=Config(face_capture="all"))
    assert "K♦ takes K♥ K♠" in texts(every, "KD")
    forced = make_state(hands, "KS KH 3C", config=Config(face_capture="all", capture_all=True))
    assert texts(forced, "KD") == {"K♦ takes K♥ K♠", "trail K♦"}
    royal = make_state(["QD 4C", "4H 9S"], "QS QH 7C 5D", config=Config(variant="royal"))
    assert canon("Q♦ takes 5♦ 7♣ Q♥ Q♠") <= texts(royal, "QD")


def test_ca04_end_rules() -> None:
    """CA-4: higher total wins, equal totals play on; count-out stops at the first to 21."""
    from cardrules.casino.scoring import score_hand

    piles = (parse_cards("2C 3C 4C 5C"), parse_cards("2H 3H 10D"))  # side 0 most cards (3)
    kwargs = {
        "piles": piles,
        "sweep_log": (),
        "hand": 3,
        "dealer": 0,
        "residue": (),
        "residue_to": None,
    }
    tie = score_hand(Config(), totals_before=(18, 19), **kwargs)  # type: ignore[arg-type]
    assert tie.totals == (21, 21) and tie.winner is None  # equal: another hand
    higher = score_hand(Config(), totals_before=(18, 20), **kwargs)  # type: ignore[arg-type]
    assert higher.totals == (21, 22) and higher.winner == 1
    out = score_hand(Config(end_rule="count_out"), totals_before=(18, 20), **kwargs)  # type: ignore[arg-type]
    assert out.winner == 0 and out.counted == 1 and out.totals == (21, 20)  # most cards first
    assert Config(variant="royal").resolved_end_rule == "count_out"


def test_ca05_sweeps() -> None:
    """CA-5: a capture that empties the table is a sweep; the next player can only trail."""
    config = Config(variant="royal", sweeps=True)
    state = make_state(["5C 9D", "4H 9S"], "5H", config=config)
    after = act(state, "5♣ takes 5♥")
    assert after.sweep_log == (0,) and after.last_capturer == 0
    assert texts(after) == {"trail 4♥", "trail 9♠"}
    from cardrules.casino.scoring import score_hand

    args = {
        "piles": ((), ()),
        "hand": 1,
        "dealer": 1,
        "residue": (),
        "residue_to": None,
        "totals_before": (0, 0),
    }
    plain = score_hand(config, sweep_log=(0, 1, 0), **args)  # type: ignore[arg-type]
    assert [i.side for i in plain.items if i.name == "sweep"] == [0, 1, 0]
    cancel = score_hand(
        Config(variant="royal", sweeps=True, sweeps_cancel=True), sweep_log=(0, 1, 0), **args
    )  # type: ignore[arg-type]
    assert [i.side for i in cancel.items if i.name == "sweep"] == [0]
    off = score_hand(Config(), sweep_log=(0, 1, 0), **args)  # type: ignore[arg-type]
    assert off.sweeps == (2, 1) and not [i for i in off.items if i.name == "sweep"]


def test_ca06_royal_ace_one_or_fourteen() -> None:
    """CA-6: a played ace captures as 1 or 14; on the table or in a build it is 1."""
    config = Config(variant="royal")
    state = make_state(["AS KC", "4H 9S"], "KH AD", config=config)
    got = texts(state, "AS")
    assert {"A♠ as 14 takes A♦ K♥", "A♠ takes A♦"} <= got
    assert parse_action("A♠ takes K♥ A♦", state) == Capture(
        parse_card("AS"), parse_cards("KH AD"), ace_high=True
    )
    # A held ace backs a build of 14 (K + table ace counting 1).
    assert "K♣ builds 14 with A♦" in texts(state, "KC")
    low = make_state(
        ["AS KC", "4H 9S"], "KH AD", config=Config(variant="royal", royal_ace_14=False)
    )
    assert "K♣ builds 14 with A♦" not in texts(low, "KC")
    assert check(low, Capture(parse_card("AS"), parse_cards("KH AD"), ace_high=True))
    # One ace cannot stand for both 1 and 14 (CA-7).
    assert not covers(parse_cards("AS"), [1, 14], config)
    assert covers(parse_cards("AS AH"), [1, 14], config)


def test_ca07_owner_must_keep_a_capturing_card() -> None:
    """CA-7 / §1.4: an owner may not trail nor give up his last card of the build's value."""
    state = make_state(["8D 5C 9H", "4H 9S KH"], "5H 3C", builds=[(8, "5S+3H", 0)])
    reason = check(state, Trail(parse_card("5C")))
    assert reason and "may not trail" in reason
    reason = check(state, Capture(parse_card("8D"), parse_cards("5H 3C")))
    assert reason and "CA-7" in reason
    assert "8♦ takes [3♥ 5♠] 3♣ 5♥" in texts(state, "8D")
    assert check(state, Build(parse_card("5C"), kind="new", value=9, cards=parse_cards("3C")))
    trail_ok = make_state(
        ["8D 5C 9H", "4H 9S KH"],
        "5H 3C",
        builds=[(8, "5S+3H", 0)],
        config=Config(owner_may_trail=True),
    )
    assert "trail 5♣" in texts(trail_ok) and "trail 8♦" not in texts(trail_ok)


def test_ca08_compulsory_and_capture_all() -> None:
    """CA-8: captures optional and partial by default; both options."""
    hands = ["5C 8D", "4H 9S"]
    assert len(texts(make_state(hands, "5H 3C 2D KS"), "5C")) == 5
    forced = make_state(hands, "5H 3C 2D KS", config=Config(compulsory_capture=True))
    assert texts(forced) == canon(
        "5♣ takes 5♥", "5♣ takes 3♣ 2♦", "5♣ takes 5♥ 3♣ 2♦", "8♦ takes 5♥ 3♣"
    )
    reason = check(forced, Trail(parse_card("8D")))
    assert reason and "must capture" in reason
    everything = make_state(hands, "5H 3C 2D KS", config=Config(capture_all=True))
    assert texts(everything, "5C") == canon("5♣ takes 5♥ 3♣ 2♦", "5♣ builds 8 with 3♣", "trail 5♣")
    assert "every card" in (check(everything, Capture(parse_card("5C"), parse_cards("5H"))) or "")


def test_ca09_raise_own_build() -> None:
    """CA-9: a player may raise his own single build if he holds the new value (option off)."""
    kwargs = {"hands": ["3S 8H 5C", "4H 9S KH"], "loose": "KD", "builds": [(5, "2C+3D", 0)]}
    state = make_state(**kwargs)  # type: ignore[arg-type]
    assert "3♠ raises [2♣ 3♦] to 8" in texts(state)
    no = make_state(**kwargs, config=Config(raise_own_build=False))  # type: ignore[arg-type]
    reason = check(no, parse_action("3♠ raises [2♣ 3♦] to 8", no))
    assert reason and "raise_own_build" in reason


def test_ca10_two_builds_of_one_value() -> None:
    """CA-10: two builds of the same value may stand; one card takes both; option off."""
    kwargs = {"hands": ["2C 7H", "7S 9S"], "loose": "5H", "builds": [(7, "4C+3D", 1)]}
    state = make_state(**kwargs)  # type: ignore[arg-type]
    assert "2♣ builds 7 with 5♥" in texts(state)
    no = make_state(**kwargs, config=Config(same_value_builds=False))  # type: ignore[arg-type]
    assert "2♣ builds 7 with 5♥" not in texts(no)
    assert "2♣ adds to [4♣ 3♦] for 7 with 5♥" in texts(no)
    two = act(state, "2♣ builds 7 with 5♥")
    assert canon("7♠ takes [4♣ 3♦] [2♣ 5♥]") <= texts(two)  # one card takes both


def test_ca11_table_cards_in_raise() -> None:
    """CA-11: a raise uses one hand card; loose groups of the new value may join; option."""
    kwargs = {"hands": ["2H 8C 3S", "5H 9S KH"], "loose": "AH 8D", "builds": [(5, "2C+3D", 1)]}
    state = make_state(**kwargs)  # type: ignore[arg-type]
    assert "3♠ raises [2♣ 3♦] to 8 with 8♦" in texts(state)
    assert "2♥ raises [2♣ 3♦] to 8 with A♥" not in texts(state)
    after = act(state, "3♠ raises [2♣ 3♦] to 8 with 8♦")
    assert str(after.builds[0]) == "[8: 2♣+3♦+3♠ | 8♦]" and after.builds[0].owner == 0
    assert "multiple" in (check(after, parse_action("5♥ raises [2♣ 3♦ 3♠ 8♦] to 13", after)) or "")
    opt = make_state(**kwargs, config=Config(table_cards_in_raise=True))  # type: ignore[arg-type]
    assert "2♥ raises [2♣ 3♦] to 8 with A♥" in texts(opt)


def test_ca12_build_as_card() -> None:
    """CA-12: a single build is not a card in sums, unless the option is on."""
    kwargs = {"hands": ["9H 4D", "7S 5S"], "loose": "2S", "builds": [(7, "4C+3D", 1)]}
    state = make_state(**kwargs)  # type: ignore[arg-type]
    assert "9♥ takes [4♣ 3♦] 2♠" not in texts(state)
    assert check(state, parse_action("9♥ takes [4♣ 3♦] 2♠", state))
    opt = make_state(**kwargs, config=Config(build_as_card=True))  # type: ignore[arg-type]
    assert "9♥ takes [4♣ 3♦] 2♠" in texts(opt)


def test_ca14_partnerships() -> None:
    """CA-14: captures pool per team; ownership is individual; building for partner is an option."""
    from cardrules.casino.scoring import score_hand

    config = Config(num_players=4, partnerships=True)
    piles = (parse_cards("2C 3C"), parse_cards("4C"), parse_cards("5C 10D"), parse_cards("2S AS"))
    result = score_hand(
        config,
        piles=piles,
        sweep_log=(2,),
        hand=1,
        dealer=3,
        residue=(),
        residue_to=None,
        totals_before=(0, 0),
    )
    assert result.cards == (4, 3) and result.points == (5, 3) and result.sweeps == (1, 0)
    hands = ["4C 2D", "4H 9S", "8H 9D", "QS KS"]
    kwargs = {"hands": hands, "loose": "6H", "builds": [(8, "5S+3H", 2)]}
    plain = make_state(**kwargs, config=config)  # type: ignore[arg-type]
    add = "2♦ adds to [3♥ 5♠] for 8 with 6♥"
    assert not any(isinstance(a, Build) for a in legal_actions(plain))
    assert "keep a card of value 8" in (check(plain, parse_action(add, plain)) or "")
    helper = make_state(**kwargs, config=attrs.evolve(config, build_for_partner=True))  # type: ignore[arg-type]
    assert add in texts(helper, "2D")
    after = act(helper, add)
    assert after.builds[0].owner == 2  # still the partner's build; he holds the 8
    assert new_game(config, seed=1).scores == (0, 0)


def test_ca15_most_cards_three_sides() -> None:
    """CA-15: the top must be strictly alone, else nobody scores the item."""
    from cardrules.casino.scoring import score_hand

    piles = (parse_cards("2C 3C"), parse_cards("4C 5C"), parse_cards("6C"))
    result = score_hand(
        Config(num_players=3),
        piles=piles,
        sweep_log=(),
        hand=1,
        dealer=2,
        residue=(),
        residue_to=None,
        totals_before=(0, 0, 0),
    )
    assert result.items[0].side is None and result.items[0].points == 0


def test_ca17_face_cards_standard() -> None:
    """CA-17: standard face cards never sum, build or get taken by a number."""
    state = make_state(["10C 3D", "4H 9S"], "JS 7H")
    assert texts(state, "10C") == {"trail 10♣"}
    assert "face card" in (check(state, Capture(parse_card("10C"), parse_cards("JS"))) or "")
    assert "face card" in (check(state, parse_action("3D builds 10 with 7H JS", state)) or "")


def test_builds_across_turns_ownership_changes() -> None:
    """§1.5 / §4: create, raise by the other player, add back, and capture."""
    state = make_state(["3S 8H 9C 9H", "AD 9D 4C QS"], "5C 2D KH")
    state = act(state, "3♠ builds 8 with 5♣")
    assert state.builds[0].owner == 0
    state = act(state, "A♦ raises [3♠ 5♣] to 9")
    assert state.builds[0].owner == 1 and str(state.builds[0]) == "[9: 3♠+5♣+A♦]"
    reason = check(state, parse_action("9♥ raises [5♣ A♦ 3♠] to 18", state))
    assert reason is not None
    assert "trail 8♥" in texts(state)  # seat 0 owns nothing now
    state = act(state, "9♥ adds to [A♦ 3♠ 5♣] for 9")
    assert state.builds[0].owner == 0 and not state.builds[0].is_single
    assert "multiple" in (
        check(state, Build(parse_card("4C"), kind="raise", value=13, target=state.builds[0].cards))
        or ""
    )
    state = act(state, "trail 4♣")  # seat 1 no longer owns it: may trail
    assert texts(state, "8H") == set()  # seat 0 owns it: no trail, 8 cannot help
    state = act(state, "9♣ takes [A♦ 5♣ 3♠ 9♥]")
    assert state.last_capturer == 0 and not state.builds


def test_bad_input_refused_with_reasons() -> None:
    """Refusals name the problem; apply raises IllegalActionError and changes nothing."""
    state = make_state(["5C 8D", "4H 9S"], "5H 3C 2D KS")
    cases = {
        "8♦ takes 5♥ 2♦": "do not make groups of 8",
        "5♣ builds 7 with 2♦": "keep a card of value 7",
        "9♠ takes 5♥ 3♣": "you do not hold 9♠",
        "5♣ takes K♠": "face card",
        "5♣ takes 7♥": "not on the table",
        "5♣ builds 8 with 3♣ 3♣": "named twice",
        "5♣ adds to [2♣ 6♣] for 8": "no build",
        "5♣ builds 99 with 3♣": "from 1 to 10",
    }
    before = cardrules.to_json(state)
    for text, words in cases.items():
        action = parse_action(text, state)
        reason = check(state, action)
        assert reason and words in reason, (text, reason)
        with pytest.raises(IllegalActionError) as info:
            apply(state, action)
        assert info.value.reason == reason and info.value.action == action
    assert cardrules.to_json(state) == before
    owner = act(state, "5♣ builds 8 with 3♣")
    owner = act(owner, "trail 4♥")
    assert "may not trail" in (check(owner, Trail(parse_card("8D"))) or "")
    for garbage in [
        "",
        "takes",
        "5♣ takes",
        "5♣ eats 3♣",
        "trail 1Z",
        "5♣ as 14 takes 5♥",
        "5♣ builds x with 3♣",
        "5♣ takes [3♣ 5♥",
    ]:
        with pytest.raises(ValueError):
            parse_action(garbage, state)
    assert check(state, "trail 5♣") == "str is not a Casino action"


def test_text_forms_read_back() -> None:
    """Every action's str() reads back; ASCII spellings work too."""
    state = make_state(["5C 8D", "4H 9S"], "5H 3C 2D KS")
    for action in legal_actions(state):
        assert parse_action(str(action), state) == action
    assert parse_action("5c takes 2d 3c", state) == parse_action("5♣ takes 3♣ 2♦", state)
    assert (
        str(
            Build(
                parse_card("AH"),
                kind="add",
                value=9,
                target=parse_cards("5C 4D"),
                cards=parse_cards("8C"),
            )
        )
        == "A♥ adds to [5♣ 4♦] for 9 with 8♣"
    )


def test_config_defaults_and_validation() -> None:
    """§3: every knob with its default; bad values and combinations refused."""
    c = Config()
    assert (c.variant, c.num_players, c.partnerships, c.face_capture) == (
        "standard",
        2,
        False,
        "one",
    )
    assert (c.ace_14, c.sweeps, c.sweeps_cancel, c.resolved_end_rule, c.target) == (
        False,
        False,
        False,
        "higher_total",
        21,
    )
    assert (c.compulsory_capture, c.capture_all, c.owner_may_trail, c.raise_own_build) == (
        False,
        False,
        False,
        True,
    )
    assert (c.same_value_builds, c.table_cards_in_raise, c.build_as_card) == (True, False, False)
    assert (c.build_for_partner, c.residue_to_last_capturer) == (False, True)
    assert Config(variant="royal").ace_14 and Config(variant="royal").max_value == 14
    assert Config(variant="royal", end_rule="higher_total").resolved_end_rule == "higher_total"
    bad = [
        {"variant": "modern"},
        {"num_players": 5},
        {"num_players": True},
        {"partnerships": True},
        {"num_players": 4, "build_for_partner": True},
        {"sweeps_cancel": True},
        {"royal_ace_14": True},
        {"target": 0},
        {"variant": "royal", "face_capture": "all"},
        {"end_rule": "first"},
        {"sweeps": 1},
    ]
    for kwargs in bad:
        with pytest.raises(ValueError):
            Config(**kwargs)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        Config("royal")  # type: ignore[misc]


def test_view_hides_what_it_should() -> None:
    """A view holds the own hand and public facts only; a spectator sees no hand."""
    state = new_game(Config(num_players=3), seed=987654321)
    mine = cardrules.view(state, 0)
    assert mine.hand == state.hands[0] and mine.legal_actions == legal_actions(state)
    assert mine.hand_sizes == (4, 4, 4) and mine.stock_size == len(state.stock)
    other = cardrules.view(state, 1)
    assert other.legal_actions == () and other.hand == state.hands[1]
    spectator = cardrules.view(state, None)
    assert spectator.hand == () and spectator.legal_actions == ()
    text = cardrules.to_json(spectator)
    for card in (c for h in state.hands for c in h):
        assert f'"{card.code}"' not in text
    for card in state.stock:
        assert f'"{card.code}"' not in text
    assert "987654321" not in text
    assert cardrules.from_json(text) == spectator
    with pytest.raises(ValueError):
        cardrules.view(state, 3)


def test_json_and_validation() -> None:
    """JSON round trip; tampered states are refused on load."""
    state = new_game(Config(variant="royal", sweeps=True), seed=4)
    for _ in range(30):
        state = apply(state, legal_actions(state)[0])
    assert cardrules.from_json(cardrules.to_json(state)) == state
    assert cardrules.from_json(cardrules.to_json(state.config)) == state.config
    action = legal_actions(state)[0]
    assert cardrules.from_json(cardrules.to_json(action)) == action
    record = cardrules.GameRecord("casino", state.config, 4, None, ())
    assert (
        cardrules.from_json(cardrules.to_json(record)).final_state().hands
        == new_game(state.config, seed=4).hands
    )
    hand0 = state.hands[state.to_act]
    tampered = [
        attrs.evolve(state, loose=(*state.loose, hand0[0])),  # a card twice
        attrs.evolve(state, scores=(5, 0)),  # scores without history
        attrs.evolve(state, to_act=(state.to_act + 1) % 2),  # hand sizes vs turn
        attrs.evolve(state, dealer=5),
        attrs.evolve(state, builds=(TableBuild(9, (parse_cards("2C 3C"),), 0),)),
    ]
    for bad in tampered:
        with pytest.raises(ValueError):
            validate_state(bad)
        with pytest.raises(ValueError):
            cardrules.from_json(cardrules.to_json(bad))


def test_hand_end_scoring_and_next_dealer() -> None:
    """CA-18: after a hand the deal passes left; scores equal the history's points."""
    state = new_game(seed=21)
    while state.round_number == 1:
        state = apply(state, legal_actions(state)[0])
    first = state.history[0]
    assert first.dealer == 1 and (state.is_over or state.dealer == 0)
    assert sum(first.points) == sum(i.points for i in first.items)
    assert sum(first.cards) == 52
    assert state.scores == first.totals


def test_card_type_checks() -> None:
    with pytest.raises(TypeError):
        Trail("5C")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Capture(parse_card("5C"), ace_high=True)
    with pytest.raises(ValueError):
        Build(parse_card("5C"), kind="new", value=8, target=parse_cards("3C"))
    assert isinstance(Card, type)


def test_action_constructors_check_every_field_in_one_pass() -> None:
    """The constructors (written out, not attrs converters and validators, for the speed of
    a listing) still put table cards in card order and refuse what is not a natural card
    with a TypeError naming the field, whatever the sequence it comes in (rules §4)."""
    five, three, two = parse_cards("5C 3D 2H")
    assert Capture(five, [three, two]).cards == (three, two) == Capture(five, (two, three)).cards
    assert Capture(five, (), [[two, three]]).builds == ((three, two),)
    assert Build(five, kind="add", value=8, cards=iter([three]), target=[two, three]).target == (
        three,
        two,
    )
    assert Take([two, three]).item == (three, two)
    wrong = [
        lambda: Capture(five, [three, 2]),
        lambda: Capture(five, ("3D",)),
        lambda: Capture(five, (), [[three, JOKER]]),
        lambda: Capture(JOKER, (three,)),
        lambda: Capture(five, "3D"),
        lambda: Build(five, kind="new", value=8, cards=(None,)),
        lambda: Build(five, kind="raise", value=8, target=[three, "2H"]),
        lambda: Build(five, kind="new", value="8", cards=(three,)),
        lambda: Take((1,)),
        lambda: Trail(None),
    ]
    for make in wrong:
        with pytest.raises(TypeError):
            make()
    with pytest.raises(TypeError, match="ace_high"):
        Capture(parse_card("AC"), (three,), ace_high=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind"):
        Build(five, kind="swap", value=8)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="take names"):
        Take(())


@pytest.mark.parametrize(
    "config", [Config(), Config(variant="royal"), Config(table_cards_in_raise=True)]
)
def test_legal_actions_stay_bounded_on_crowded_tables(config: Config) -> None:
    """Issue 3 / docs "Worst case, bounded": plays go one table item at a time, so even when
    everybody trails and the table fills up, first steps are at most
    H×(2(L+B)+3L+15B(L+1)+1) and steps inside a play at most L+B+1."""
    import random

    rnd = random.Random(7)
    state = new_game(config, seed=7)
    most_loose = 0
    while not state.is_over and state.round_number == 1:
        acts = legal_actions(state)
        hand, loose, builds = len(state.hands[state.to_act]), len(state.loose), len(state.builds)
        if state.pending is None:
            bound = hand * (2 * (loose + builds) + 3 * loose + 15 * builds * (loose + 1) + 1)
        else:
            bound = loose + builds + 1
        assert 0 < len(acts) <= bound, state.describe()
        most_loose = max(most_loose, loose)
        trails = [a for a in acts if isinstance(a, Trail)]
        state = apply(state, trails[0] if trails else rnd.choice(acts))
    assert most_loose >= 30  # the table really got crowded
