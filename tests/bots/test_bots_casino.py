"""Casino bots: strength tripwires, no cheating, determinism, legality in every variant, memory."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest

from cardrules import casino
from cardrules.bots import available_levels, make, search, simulate
from cardrules.bots.casino import CasinoMemory, EasyBot, NormalBot, card_worth, sample_hands
from cardrules.bots.search import ExpertFactory
from cardrules.cards import make_deck, parse_card, parse_cards, sort_cards

# Measured over 400 games (docs/bots.rst): every level beats random in 90 %+ of
# two-player games. The thresholds sit well below that yet far above 50 %: a
# level that played like random would fail them.
TRIPWIRES = [("easy", 40, 0.7), ("normal", 30, 0.75), ("expert", 20, 0.75)]


@pytest.mark.parametrize(("level", "games", "threshold"), TRIPWIRES)
def test_each_level_beats_random(level: str, games: int, threshold: float) -> None:
    spec = ExpertFactory("casino", search.DEFAULT_THINK_TIME) if level == "expert" else level
    result = simulate("casino", [spec, "random"], games=games, seed=77)
    assert result.win_rates[0] >= threshold, result.table()


def test_levels_are_available() -> None:
    assert available_levels("casino") == ("random", "easy", "normal", "expert")


def _hide_differently(state: casino.State, seat: int, rnd: random.Random) -> casino.State:
    """The same state with the cards hidden from ``seat`` dealt anew.

    Hidden: the other hands, the stock, and the face-down captured piles (only
    their sizes show), each keeping its size.
    """
    others = [s for s in range(len(state.hands)) if s != seat]
    hidden = [c for s in others for c in state.hands[s]] + list(state.stock)
    hidden += [c for pile in state.piles for c in pile]
    rnd.shuffle(hidden)
    hands = list(state.hands)
    for s in others:
        hands[s] = sort_cards(hidden[: len(state.hands[s])])
        del hidden[: len(state.hands[s])]
    piles = []
    for pile in state.piles:
        piles.append(sort_cards(hidden[: len(pile)]))
        del hidden[: len(pile)]
    stock = tuple(hidden)
    return attrs.evolve(state, hands=tuple(hands), stock=stock, piles=tuple(piles))


def _other_world(state: casino.State, rnd: random.Random) -> casino.State:
    """A valid state that seat 0 cannot tell from ``state``, its hidden cards dealt otherwise."""
    for _ in range(200):
        alt = _hide_differently(state, 0, rnd)
        try:
            casino.validate_state(alt)  # an opponent must still hold a card for his builds
        except ValueError:
            continue
        if alt.hands[1:] != state.hands[1:] or (alt.stock, alt.piles) != (state.stock, state.piles):
            return alt
    pytest.fail("no other valid world found")


@pytest.mark.parametrize("level", ["random", "easy", "normal", "expert"])
def test_bots_do_not_look_at_hidden_cards(level: str) -> None:
    """Twin bots fed views of worlds differing only in hidden cards choose alike, move by move."""
    rnd = random.Random(3)
    real = casino.new_game(seed=19)
    watched = make("casino", level, seed=5)
    twin = make("casino", level, seed=5)
    other = make("casino", "normal", seed=6)
    compared = 0
    while real.round_number == 1 and not real.is_over:
        seat = real.to_act
        assert seat is not None
        if seat == 0:
            alt = _other_world(real, rnd)
            mine, theirs = casino.view(real, 0), casino.view(alt, 0)
            assert mine == theirs
            action = watched.choose(mine)
            assert twin.choose(theirs) == action
            compared += 1
        else:
            action = other.choose(casino.view(real, seat))
        real = casino.apply(real, action)
    assert compared >= 20


def _play(config: casino.Config, levels: list[str], seed: int, max_hands: int) -> int:
    """Play with bots at ``levels`` (by seat); assert every choice is legal; count decisions."""
    players = [make("casino", level, seed=seed + i) for i, level in enumerate(levels)]
    state = casino.new_game(config, seed=seed)
    decisions = 0
    while not state.is_over and state.round_number <= max_hands:
        seat = state.to_act
        assert seat is not None
        view = casino.view(state, seat)
        action = players[seat].choose(view)
        assert action in casino.legal_actions(state), str(action)
        state = casino.apply(state, action)
        decisions += 1
    return decisions


VARIANTS = {
    "standard": casino.Config(),
    "royal_sweeps": casino.Config(variant="royal", sweeps=True),
    "three": casino.Config(num_players=3),
    "partners": casino.Config(num_players=4, partnerships=True, sweeps=True),
    "face_all_compulsory": casino.Config(face_capture="all", compulsory_capture=True),
}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_choice_is_legal(name: str) -> None:
    config = VARIANTS[name]
    levels = ["expert", "normal", "easy", "random"][: config.num_players]
    assert _play(config, levels, seed=4, max_hands=2) > 20
    assert _play(config, list(reversed(levels)), seed=8, max_hands=1) > 10


@pytest.mark.parametrize("level", ["easy", "normal", "expert"])
def test_same_seed_same_game(level: str) -> None:
    def moves(seed: int) -> list[str]:
        players = [make("casino", level, seed=seed), make("casino", "normal", seed=1)]
        state = casino.new_game(casino.Config(variant="royal"), seed=12)
        out = []
        while state.round_number == 1:
            seat = state.to_act
            assert seat is not None
            action = players[seat].choose(casino.view(state, seat))
            out.append(str(action))
            state = casino.apply(state, action)
        return out

    assert moves(3) == moves(3)
    bot = make("casino", level, seed=3)
    state = casino.new_game(seed=12)
    first = bot.choose(casino.view(state, state.to_act))
    bot.reset()
    assert bot.choose(casino.view(state, state.to_act)) == first


def _state(hand: str, loose: str, other: str, **config: object) -> casino.State:
    """Seat 0 to act in the last deal of a two-player hand; unlisted cards sit in the piles."""
    cfg = casino.Config(**config)  # type: ignore[arg-type]
    base = casino.new_game(cfg, seed=1)
    mine, table, theirs = parse_cards(hand), parse_cards(loose), parse_cards(other)
    used = {*mine, *table, *theirs}
    rest = [c for c in sort_cards(make_deck()) if c not in used]
    state = attrs.evolve(
        base, to_act=0, dealer=1, deal_number=cfg.deals_per_hand,
        hands=(sort_cards(mine), sort_cards(theirs)), loose=sort_cards(table), stock=(),
        piles=(sort_cards(rest[::2]), sort_cards(rest[1::2])), last_capturer=1,
    )
    casino.validate_state(state)
    return state


def bot_steps(bot: object, state: casino.State) -> tuple[casino.Action, ...]:
    """The steps a bot takes for its whole play (a capture may take several)."""
    seat = state.to_act
    out = []
    while True:
        action = bot.choose(casino.view(state, seat))  # type: ignore[attr-defined]
        out.append(action)
        state = casino.apply(state, action)
        if state.pending is None or state.to_act != seat:
            return tuple(out)


def test_easy_takes_most_cards_and_trails_lowest() -> None:
    state = _state("5C 9D", "5H 3C 2D 4S", "KH QH")
    whole = casino.Capture(parse_card("5C"), parse_cards("5H 3C 2D"))
    assert bot_steps(EasyBot(seed=0), state) == casino.steps(state, whole)
    assert len(casino.steps(state, whole)) == 3  # 5♣ takes 3♣, and 2♦, and 5♥ (then done)
    state = _state("KC 9D 6H", "2H 3S", "KH QH JH")
    assert EasyBot(seed=0).choose(casino.view(state, 0)) == casino.Trail(parse_card("6H"))


def test_normal_prefers_points_and_builds_what_it_holds() -> None:
    # Taking the 10♦ (3 points with the card count) beats taking two plain cards.
    state = _state("10C 7H", "10D 4C 3H", "KH QH")
    assert NormalBot(seed=0).choose(casino.view(state, 0)) == casino.Capture(
        parse_card("10C"), parse_cards("10D"))
    # Holding 9♦ and 4♥ with a 5♣ on the table: build 9 rather than trail.
    state = _state("4H 9D", "5C", "KH QH")
    action = NormalBot(seed=0).choose(casino.view(state, 0))
    assert isinstance(action, casino.Build) and action.value == 9


def test_normal_does_not_trail_into_a_sweep() -> None:
    # Trailing the 3 onto a lone 4 gives a 7 a sweep; trailing the K (table K-less) is safer.
    state = _state("3D KC", "4H", "KH QH", sweeps=True)
    assert NormalBot(seed=0).choose(casino.view(state, 0)) == casino.Trail(parse_card("KC"))


def test_memory_infers_the_capturing_rank_and_samples_consistently() -> None:
    state = casino.new_game(seed=21)
    memory = CasinoMemory()
    players = [make("casino", "expert", seed=2), make("casino", "normal", seed=3)]
    for _ in range(15):
        seat = state.to_act
        assert seat is not None
        view = casino.view(state, seat)
        action = players[seat].choose(view)
        if seat == 0 and view.pending is None:
            memory.observe(view)
            memory.note(view, casino.plays(view)[0])
        state = casino.apply(state, action)
    view = casino.view(state, 0)
    memory.observe(view)
    unseen = memory.unseen(view)
    table = {*view.loose, *(c for b in view.builds for c in b.cards)}
    assert not set(unseen) & (set(view.hand) | table | memory.seen)
    hands = sample_hands(view, memory, random.Random(1))
    assert [len(h) for h in hands.values()] == [view.hand_sizes[1]]
    assert all(set(h) <= set(unseen) for h in hands.values())
    # A lone 7 taken between our turns can only have been taken by a 7.
    memory2 = CasinoMemory()
    board = _state("2C 9D", "7H 3S", "7C KH")
    v0 = casino.view(board, 0)
    memory2.observe(v0)
    trail = casino.Trail(parse_card("2C"))
    memory2.note(v0, trail)
    after = casino.apply(board, trail)
    after = casino.apply(after, casino.Capture(parse_card("7C"), parse_cards("7H")))
    memory2.observe(casino.view(after, 0))
    assert memory2.gone == Counter({7: 1})
    assert card_worth(parse_card("10D")) > card_worth(parse_card("2S")) > card_worth(
        parse_card("3S"))


def _crowded(config: casino.Config, seed: int, loose: int) -> casino.State:
    """A state of a first hand in which every player trails when he may, ``loose`` cards down."""
    import random

    rnd = random.Random(seed)
    state = casino.new_game(config, seed=seed)
    while len(state.loose) < loose or state.pending is not None:
        actions = casino.legal_actions(state)
        trails = [a for a in actions if isinstance(a, casino.Trail)]
        state = casino.apply(state, trails[0] if trails else rnd.choice(actions))
        assert state.round_number == 1
    return state


@pytest.mark.parametrize(
    "config", [casino.Config(), casino.Config(variant="royal"), casino.Config(capture_all=True)]
)
def test_bots_weigh_a_bounded_set_of_plays_on_crowded_tables(config: casino.Config) -> None:
    """Issue 15 item 4: on a table legal play reaches, with 30+ loose cards, the bots weigh
    at most two whole plays per listed first step (plus the trails), each legal, never
    the exponential list of every play; every level still answers with a legal action."""
    from cardrules.bots.casino import EXACT_ITEMS, _options, candidate_plays

    state = _crowded(config, 7, 30)
    seen = casino.view(state, state.to_act)
    assert len(seen.loose) > EXACT_ITEMS
    options = _options(seen)
    assert options == candidate_plays(seen)
    firsts = [a for a in seen.legal_actions if not isinstance(a, casino.Trail)]
    trails = [a for a in seen.legal_actions if isinstance(a, casino.Trail)]
    assert 0 < len(options) <= 2 * len(firsts) + len(trails)
    assert len(set(options)) == len(options)
    for option in options:
        assert casino.check_play(state, option) is None, str(option)
        assert casino.apply(state, casino.next_step(state, option)) is not None
    for level in ("easy", "normal", "expert"):
        bot = make("casino", level, seed=1)
        current = state
        seat = current.to_act
        while current.to_act == seat:  # the whole play, step by step
            action = bot.choose(casino.view(current, seat))
            assert casino.check(current, action) is None
            current = casino.apply(current, action)


def test_memory_rules_out_what_a_trailing_opponent_would_have_captured() -> None:
    """Normal never trails when it can capture: once the opponent trails on 7♥ 3♠ 2♣, he
    holds no 2, 3, 5, 7, 9 or 10, and the sampled deals (with ``infer``) agree."""
    board = _state("2C 9D", "7H 3S", "KH 4D")
    memory = CasinoMemory()
    v0 = casino.view(board, 0)
    memory.observe(v0)
    trail = casino.Trail(parse_card("2C"))
    memory.note(v0, trail)
    after = casino.apply(casino.apply(board, trail), casino.Trail(parse_card("KH")))
    view = casino.view(after, 0)
    memory.observe(view)
    assert len(memory.passed) == 1
    assert memory.ruled_out(view.config) == {2, 3, 5, 7, 9, 10}
    assert memory.consistent(parse_cards("4D"), view.config)
    assert not memory.consistent(parse_cards("5C"), view.config)
    rnd = random.Random(3)
    for _ in range(20):
        held = sample_hands(view, memory, rnd, infer=True)[1]
        assert len(held) == 1 and int(held[0].rank) not in {2, 3, 5, 7, 9, 10}
    # Without inference the same deals sometimes give him a card he would have used.
    plain = [sample_hands(view, memory, random.Random(k))[1][0] for k in range(40)]
    assert any(int(c.rank) in {2, 3, 5, 7, 9, 10} for c in plain)
    # The next hand deals him new cards: what he held before tells nothing.
    memory.observe(casino.view(attrs.evolve(after, round_number=2), 0))
    assert not memory.passed and not memory.ruled_out(view.config)


def test_play_out_trails_what_leaves_the_next_opponent_least() -> None:
    """The play-out's greedy policy trails its cheapest card (3♦); told the next opponent's
    hand (8♥) it trails 9♠ instead, since 3♦ beside 5♣ would let the 8 take both."""
    from cardrules.bots.casino import _greedy, _Snap

    config = casino.Config()
    snap = _Snap(tuple(parse_cards("5C")), (), config)
    hand = parse_cards("3D 9S")
    assert _greedy(snap, list(hand), 0, config)[:2] == (parse_card("3D"), -1)
    assert _greedy(snap, list(hand), 0, config, parse_cards("8H"))[:2] == (parse_card("9S"), -1)
    # A capture still comes first.
    assert _greedy(snap, parse_cards("5D 9S"), 0, config, parse_cards("8H"))[0] == parse_card("5D")


def test_play_out_goes_on_through_the_next_deal_from_a_stock() -> None:
    """With a stock the play-out deals the next deal (leader first) and plays it: seat 1
    takes 5♣ with 5♦ (−0.4 for seat 0), both trail until seat 0's 6♣ takes 2♣ 4♣ (+0.6),
    and the stock being spent, seat 0 as last capturer takes the residue J♥ 3♣ Q♥ K♥ (+0.8)."""
    from cardrules.bots.casino import _play_out, _Snap

    config = casino.Config()
    snap = _Snap(tuple(parse_cards("5C")), (), config)
    stock = tuple(parse_cards("5D KH QH JH 2C 3C 4C 6C"))
    value = _play_out(
        snap, {0: [], 1: []}, 0, None, 0, config, final=False, leader=1, fresh={}, stock=stock
    )
    assert value == pytest.approx(-0.4 + 0.6 + 0.8)
    # Without it, the deal ends there: only the exposed table is weighed.
    assert _play_out(
        snap, {0: [], 1: []}, 0, None, 0, config, final=False, leader=1, fresh={}
    ) == 0.0


def test_play_out_builds_what_it_holds_the_taker_of() -> None:
    """With ``builds`` the play-out policy builds as normal does (the Casino rules' §1.4: a
    build needs a card in hand that takes it): 3♦ on 5♣ makes 8 for the 8♥ held, where
    the greedy policy trails 3♦ and seat 1's 3♠ takes it. Seat 0 then takes the build
    (3♦ 5♣ 8♥, +0.6) and, last capturer of the final deal, the residue 3♠ 9♠ (+0.64)."""
    from cardrules.bots.casino import _greedy, _play_out, _Snap

    config = casino.Config()
    snap = _Snap(tuple(parse_cards("5C")), (), config)
    hand = parse_cards("3D 8H")
    assert _greedy(snap, list(hand), 0, config) == (parse_card("3D"), -1, 0.0, None)
    assert _greedy(snap, list(hand), 0, config, builds={}) == (parse_card("3D"), -1, 0.0, (0, 8))
    # A build the opponents surely take is not made.
    assert _greedy(snap, list(hand), 0, config, builds={8: 1.0})[3] is None

    def play(builds: dict[int, float] | None) -> float:
        hands = {0: list(hand), 1: list(parse_cards("3S 9S"))}
        return _play_out(
            snap, hands, 0, None, 0, config, final=True, leader=1, fresh={}, builds=builds
        )

    assert play({}) == pytest.approx(0.6 + 0.64)
    # Greedy: 3♦ trailed, 3♠ takes it (−0.52); 8♥ and 9♠ trailed; seat 1 takes the residue.
    assert play(None) == pytest.approx(-0.52 - 0.2 - 0.2 - 0.32)


def test_play_out_trails_as_normal_does() -> None:
    """With ``wary`` chances the play-out trails as normal does: the card whose trail costs
    least, a quarter of its worth plus the expected capture it leaves. An opponent sure to
    hold an 8 would take 3♦ with 5♣, so 9♠ is trailed, not the cheapest card 3♦."""
    from cardrules.bots.casino import _greedy, _Snap

    config = casino.Config()
    snap = _Snap(tuple(parse_cards("5C")), (), config)
    hand = parse_cards("3D 9S")
    assert _greedy(snap, list(hand), 0, config)[0] == parse_card("3D")
    assert _greedy(snap, list(hand), 0, config, wary={8: 1.0})[0] == parse_card("9S")
    assert _greedy(snap, list(hand), 0, config, wary={})[0] == parse_card("3D")


def test_last_deal_play_out_scores_most_cards_and_spades_exactly() -> None:
    """With ``piles`` the last deal's play-out scores "most cards" (3) and "most spades" (1)
    as the rules do (to the side with more, nobody on a tie) instead of a worth per card
    and spade: 5♦ takes 5♣ and, last capturer (CA-1), the residue 9♥ K♠."""
    from cardrules.bots.casino import _play_out, _Snap

    config = casino.Config()
    snap = _Snap(tuple(parse_cards("5C 9H")), (), config)

    def play(piles: tuple[int, int, int, int] | None) -> float:
        hands = {0: list(parse_cards("5D")), 1: list(parse_cards("KS"))}
        return _play_out(
            snap, hands, 0, None, 0, config, final=True, leader=1, fresh={}, piles=piles
        )

    assert play(None) == pytest.approx(0.8 + 0.12)  # four cards at 0.2, a spade at 0.12
    assert play((24, 24, 6, 6)) == pytest.approx(3.0 + 1.0)  # 28 to 24, 7 spades to 6
    assert play((20, 28, 6, 6)) == pytest.approx(-3.0 + 1.0)  # 24 to 28
    assert play((22, 26, 5, 7)) == pytest.approx(0.0 - 1.0)  # 26 each: nobody; 6 to 7


@pytest.mark.parametrize("game", range(4))
def test_last_deal_piles_are_what_the_expert_has_seen(game: int) -> None:
    """In the last deal every card is in a hand, on the table or in a pile: the expert's
    count of each side's cards and spades (its memory of who took what, and for the
    opponent's pile whatever unseen card is not in his hand) is the real one."""
    from cardrules.bots.casino import CasinoPieces, ExpertBot, _options
    from cardrules.cards import Suit

    state = casino.new_game(casino.Config(target=1), seed=900 + game)
    mine = game % 2
    expert = ExpertBot(seed=game, think_time=0.01)
    players = {mine: expert, 1 - mine: NormalBot(seed=game)}
    checked = 0
    while not state.is_over:
        seat = state.to_act
        view = casino.view(state, seat)
        action = players[seat].choose(view)
        if seat == mine and view.pending is None and view.stock_size == 0:
            pieces = CasinoPieces(view, expert.memory, list(_options(view)), exact_cards=True)
            assert pieces.piles is not None
            cards, others, spades, their_spades = pieces.piles
            unknown = pieces.unseen_spades - set(state.hands[1 - mine])
            piles = [list(pile) for pile in state.piles]
            assert (cards, others) == (len(piles[mine]), len(piles[1 - mine]))
            assert spades == sum(c.suit is Suit.SPADES for c in piles[mine])
            theirs = sum(c.suit is Suit.SPADES for c in piles[1 - mine])
            assert their_spades + len(unknown) == theirs
            checked += 1
        state = casino.apply(state, action)
    assert checked >= 2


@pytest.mark.parametrize("exact", [False, True])
def test_play_out_reply_is_the_opponents_best_card(exact: bool) -> None:
    """With ``reply`` the opponent's first move in a play-out is the card best for him, each
    tried with the greedy play after it. The greedy reply is one of those tries, so the
    value for us is never more than without ``reply``, and in some deals less; so too
    when the last deal's majorities are scored exactly (his reply's cards count for him)."""
    from cardrules.bots.casino import CasinoPieces, ExpertBot, _options

    state = casino.new_game(seed=12)
    players = [ExpertBot(seed=1, think_time=0.01), NormalBot(seed=2)]
    lower = 0
    compared = 0
    while state.round_number == 1 and compared < 300:
        seat = state.to_act
        view = casino.view(state, seat)
        action = players[seat].choose(view)
        if seat == 0 and view.pending is None and (view.stock_size == 0 or not exact):
            memory = players[0].memory
            plays = list(_options(view))
            plain = CasinoPieces(view, memory, plays, exact_cards=exact)
            reply = CasinoPieces(view, memory, plays, reply=True, exact_cards=exact)
            for k in range(5):
                world = plain.sample(view, random.Random(k))
                for play in plays:
                    ours = reply.play_out(world, play, random.Random(0))[0]
                    greedy = plain.play_out(world, play, random.Random(0))[0]
                    assert ours <= greedy + 1e-9
                    lower += ours < greedy - 1e-9
                    compared += 1
        state = casino.apply(state, action)
    assert lower > 0


def _minimax(state: casino.State, seat: int, hand: int) -> float:
    """The plain minimax value of a last deal (every play, no cut-off): the reference."""
    from cardrules.bots.casino import GAME_WORTH

    if state.to_act is None or len(state.history) > hand:
        scored = state.history[hand]
        value = float(scored.points[seat] - scored.points[1 - seat])
        if scored.winner is not None:
            value += GAME_WORTH if scored.winner == seat else -GAME_WORTH
        return value
    values = [_minimax(casino.play(state, p), seat, hand) for p in casino.plays(state)]
    return max(values) if state.to_act == seat else min(values)


def test_exact_last_deal_search_builds_what_only_it_can_take() -> None:
    """§1.4 / CA-1: in the last deal the 2♠ trailed is taken by the 2♦, but built on the
    6♥ into an 8 that only our 8♣ takes, it is ours, with the residue as last capturer."""
    from cardrules.bots.casino import solve_last_deal

    state = casino.position(["2S 8C", "2D QH"], table="6H", deal=6)
    found = solve_last_deal(state, casino.plays(state), 1000, 1e18)
    assert found is not None
    best, value, _work = found
    assert str(best) == "2♠ builds 8 with 6♥"
    assert value == _minimax(state, 0, 0) == 7.0
    assert _minimax(casino.play(state, casino.parse_action("trail 2s", state)), 0, 0) < value
    assert solve_last_deal(state, casino.plays(state), 2, 1e18) is None  # out of work


@pytest.mark.parametrize("game", range(3))
def test_exact_world_is_the_real_last_deal_and_its_search_is_minimax(game: int) -> None:
    """In a two-player hand's last deal every unseen card is in the opponent's hand: the
    world the expert rebuilds from its view and memory is the real state (hands, table,
    piles, the hand's counters: I-3 wants one shuffle per hand dealt), in the first hand
    and in the later ones alike, and its alpha-beta search values it as plain minimax
    does."""
    from cardrules.bots.casino import ExpertBot, exact_world, solve_last_deal

    state = casino.new_game(seed=700 + game)
    mine = game % 2
    expert = ExpertBot(seed=game, think_time=0.01)
    players = {mine: expert, 1 - mine: NormalBot(seed=9)}
    checked = {1: 0, 2: 0}
    while state.round_number <= 2 and not state.is_over:
        seat = state.to_act
        view = casino.view(state, seat)
        action = players[seat].choose(view)
        if seat == mine and view.pending is None and view.stock_size == 0:
            world = exact_world(view, expert.memory)
            assert world is not None
            assert (world.hands, world.piles) == (state.hands, state.piles)
            assert (world.loose, world.builds) == (state.loose, state.builds)
            assert world.last_capturer == state.last_capturer
            assert (world.round_number, world.shuffles) == (state.round_number, state.shuffles)
            assert (world.scores, world.history) == (state.scores, state.history)
            if sum(len(h) for h in state.hands) <= 6:
                found = solve_last_deal(world, casino.plays(world), 10**6, 1e18)
                assert found is not None
                assert found[1] == _minimax(state, mine, len(state.history))
                # A fallible opponent is never worth less to us than a perfect one.
                soft = solve_last_deal(world, casino.plays(world), 10**6, 1e18, soft=0.25)
                assert soft is not None and soft[1] >= found[1]
            checked[state.round_number] += 1
        elif seat == mine and view.pending is None:
            assert exact_world(view, expert.memory) is None  # a stock is left
        state = casino.apply(state, action)
    assert min(checked.values()) >= 4


def test_exact_world_needs_two_players_and_the_whole_hand_seen() -> None:
    """Counting gives the opponent's hand only with one opponent and a memory of the whole
    hand: a bot that joins in the last deal, or a three-player table, gets no world."""
    from cardrules.bots.casino import ExpertBot, exact_world

    for config in (casino.Config(), casino.Config(num_players=3)):
        state = casino.new_game(config, seed=5)
        bots = [ExpertBot(seed=s, think_time=0.01) for s in range(config.num_players)]
        while state.stock or state.pending is not None:
            seat = state.to_act
            state = casino.apply(state, bots[seat].choose(casino.view(state, seat)))
        view = casino.view(state, state.to_act)
        bots[state.to_act].memory.observe(view)
        known = exact_world(view, bots[state.to_act].memory)
        assert (known is not None) == (config.num_players == 2)
        late = CasinoMemory()
        late.observe(view)
        assert exact_world(view, late) is None


def test_expert_falls_back_to_its_search_when_the_exact_one_runs_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A budget too small to finish the exact search leaves the decision to the sampled
    search (the expert's ``last_endgame`` is then ``None``); either way it plays legally."""
    from cardrules.bots.casino import ExpertBot

    # The work budget alone decides: a loaded machine must not cap the roomy search.
    monkeypatch.setattr("cardrules.bots.search.DEADLINE_FACTOR", 1e6)
    monkeypatch.setattr("cardrules.bots.search.WALL_FACTOR", 1e6)

    state = casino.position(["2S 8C 4H 9D", "2D QH 5C KS"], table="6H 3C 10S", deal=6)
    view = casino.view(state, 0)
    roomy, cramped = ExpertBot(seed=1, think_time=0.15), ExpertBot(seed=1, think_time=0.0001)
    for bot in (roomy, cramped):
        bot.memory.round_number = view.round_number
        bot.memory.seen = set(make_deck()) - set(state.hands[1])
        bot.memory.taken = {1: set(state.piles[1])}
        assert bot.choose(view) in casino.legal_actions(state)
    assert roomy.last_endgame is not None
    assert cramped.last_endgame is None and cramped.last_search is not None


def test_memory_reads_the_opponents_capturing_card_from_the_events() -> None:
    """The card an opponent captures with never lies on the table, but the public events
    name it (a Move's cards): the memory keeps it in ``shown`` and his pile in ``taken``,
    and only with ``count_shown`` does it leave the unseen cards."""
    state = casino.position(["4H 9C", "5D KS"], table="5C 2H", to_act=1, dealer=0)
    state = casino.apply(state, casino.Capture(parse_card("5D"), parse_cards("5C")))
    view = casino.view(state, 0)
    plain, counting = CasinoMemory(), CasinoMemory(count_shown=True)
    for memory in (plain, counting):
        memory.observe(view)
        assert memory.shown == set(parse_cards("5D 5C"))
        assert memory.taken == {1: set(parse_cards("5D 5C"))}
    assert parse_card("5D") in plain.unseen(view)
    assert parse_card("5D") not in counting.unseen(view)


@pytest.mark.parametrize(
    "config",
    [
        casino.Config(variant="royal", sweeps=True, sweeps_cancel=True),
        casino.Config(capture_all=True, face_capture="all", residue_to_last_capturer=False),
        casino.Config(build_as_card=True, owner_may_trail=True, compulsory_capture=True),
    ],
    ids=["royal-sweeps", "capture-all", "build-as-card"],
)
def test_exact_world_holds_under_the_rule_options(config: casino.Config) -> None:
    """Whatever the two-player rules, the last deal's counted world is the real state."""
    from cardrules.bots.casino import ExpertBot, exact_world

    state = casino.new_game(config, seed=41)
    players = [ExpertBot(seed=1, think_time=0.01), ExpertBot(seed=2, think_time=0.01)]
    checked = 0
    while state.round_number == 1:
        seat = state.to_act
        view = casino.view(state, seat)
        action = players[seat].choose(view)
        if view.pending is None and view.stock_size == 0:
            world = exact_world(view, players[seat].memory)
            assert world is not None
            assert (world.hands, world.piles) == (state.hands, state.piles)
            assert world.sweep_log.count(seat) == state.sweep_log.count(seat)
            checked += 1
        state = casino.apply(state, action)
    assert checked >= 6


@pytest.mark.parametrize("mine", [0, 1])
def test_game_odds_weigh_play_outs_by_the_chance_of_the_game(mine: int) -> None:
    """CA-4: the first to the target wins, so in a hand that can end the game the search
    with ``game_odds`` values a play-out as spread × Φ((lead + net) / spread), the lead
    being the score lead plus the worth each pile holds (what we saw him take is his, the
    rest gone from view ours: the real piles); in a hand that cannot end it, as points."""
    import math

    from cardrules.bots.casino import CasinoPieces, ExpertBot

    config = casino.Config(target=1)
    state = casino.new_game(config, seed=60 + mine)
    players = {mine: ExpertBot(seed=3, think_time=0.01), 1 - mine: NormalBot(seed=4)}
    checked = 0
    while state.stock and not state.is_over:
        seat = state.to_act
        view = casino.view(state, seat)
        action = players[seat].choose(view)
        if seat == mine and view.pending is None:
            memory = players[mine].memory
            candidates = list(casino.plays(state))
            odds = CasinoPieces(view, memory, candidates, odds=2.0)
            plain = CasinoPieces(view, memory, candidates)
            assert plain.odds is None and odds.odds is not None
            lead, spread = odds.odds
            piles = [sum(card_worth(c) for c in pile) for pile in state.piles]
            assert lead == pytest.approx(piles[mine] - piles[1 - mine])
            assert spread == pytest.approx(2.0 * math.sqrt(len(state.stock) // 8 + 1))
            world = odds.sample(view, random.Random(checked))
            for play in candidates:
                net = plain.play_out(world, play, random.Random(0))[0]
                chance = 0.5 * (1 + math.erf((lead + net) / (spread * math.sqrt(2))))
                assert odds.play_out(world, play, random.Random(0))[0] == pytest.approx(
                    spread * chance
                )
            checked += 1
        state = casino.apply(state, action)
    assert checked >= 10
    first = casino.new_game(seed=5)  # 0 : 0 of 21: this hand cannot end the game
    early = CasinoPieces(casino.view(first, 0), CasinoMemory(), casino.plays(first), odds=2.0)
    assert early.odds is None
