"""The table summary handed from one state to the next (issue 27).

Spec: shared/rules/casino.md §1.6 and CA-6 (the sums a capture or build reads),
CA-17 (a face card has no table value). A move makes the next state's
:class:`~cardrules.casino.table.TableSummary` from the last one
(``with_card`` for a trail, ``without`` for a capture or build) instead of
reading every loose card again. It must stay a pure function of the table: at
every step of every game it equals :func:`~cardrules.casino.table.summarize` of
the state's own loose cards and builds.
"""

from __future__ import annotations

import random

import attrs
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules import casino
from cardrules.cards import Card, make_deck, parse_card, parse_cards
from cardrules.casino import Config, State
from cardrules.casino.captures import capture_value_table, table_value_table, value_tables
from cardrules.casino.table import TableSummary, summarize

DECK = make_deck()

CONFIGS = [
    Config(),
    Config(variant="royal"),
    Config(num_players=4, partnerships=True, build_for_partner=True),
    Config(build_as_card=True, table_cards_in_raise=True),
    Config(capture_all=True, face_capture="all"),
    Config(variant="royal", table_cards_in_raise=True, sweeps=True),
]


def _fields(summary: TableSummary) -> tuple[object, ...]:
    return (
        summary.loose,
        summary.builds,
        summary.indices,
        summary.values,
        summary.sums,
        summary.pairs,
        summary.ordered,
        summary.royal,
    )


def _assert_fresh(state: State) -> None:
    """The state's summary is the one worked out from its table alone."""
    fresh = summarize(state.loose, state.builds, royal=state.config.royal)
    assert _fields(state.summary) == _fields(fresh)
    assert state.summary.loose is state.loose and state.summary.builds is state.builds


def test_seeded_games_hand_on_the_summary_of_their_own_table() -> None:
    """At every step of seeded random games, in several configs, the summary a move
    handed on equals the summary of the new table made from scratch."""
    trails = captures = builds = 0
    for k, config in enumerate(CONFIGS):
        for seed in range(4):
            rnd = random.Random(seed * 31 + k)
            state = casino.new_game(config, seed=seed + 10 * k)
            while not state.is_over:
                _assert_fresh(state)
                action = rnd.choice(casino.legal_actions(state))
                trails += isinstance(action, casino.Trail)
                captures += isinstance(action, casino.Capture)
                builds += isinstance(action, casino.Build)
                state = casino.apply(state, action)
            _assert_fresh(state)
    assert trails and captures and builds  # every kind of move was made


@settings(max_examples=60, deadline=None)
@given(
    config=st.sampled_from(CONFIGS),
    seed=st.integers(0, 10_000),
    choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=120),
)
def test_hypothesis_made_plays_hand_on_the_summary_of_their_own_table(
    config: Config, seed: int, choices: list[int]
) -> None:
    """Plays chosen by hypothesis (by position in the listing) hand on the summary of
    the new table, whole plays as well as steps."""
    state = casino.new_game(config, seed=seed)
    for choice in choices:
        if state.is_over:
            break
        if state.pending is None and choice % 3 == 0:
            whole = casino.plays(state)
            state = casino.play(state, whole[choice % len(whole)])
        else:
            listed = casino.legal_actions(state)
            state = casino.apply(state, listed[choice % len(listed)])
        _assert_fresh(state)


tables = st.lists(st.sampled_from(DECK), unique=True, max_size=14).map(
    lambda cards: tuple(sorted(cards, key=lambda c: c.index))
)


@settings(max_examples=200, deadline=None)
@given(loose=tables, card=st.sampled_from(DECK), royal=st.booleans())
def test_with_card_is_the_summary_of_the_table_with_the_card(
    loose: tuple[Card, ...], card: Card, royal: bool
) -> None:
    """A trailed card put in its place: the same summary as the new table's from scratch
    (the sums up to the card's place gain its value, CA-6; a face card none, CA-17)."""
    if card in loose:
        return
    before = summarize(loose, (), royal=royal)
    after = before.with_card(card)
    expected = tuple(sorted((*loose, card), key=lambda c: c.index))
    assert after.loose == expected
    assert _fields(after) == _fields(summarize(expected, (), royal=royal))


@settings(max_examples=200, deadline=None)
@given(data=st.data(), loose=tables, royal=st.booleans())
def test_without_is_the_summary_of_the_table_less_the_cards(
    data: st.DataObject, loose: tuple[Card, ...], royal: bool
) -> None:
    """Loose cards taken away (by position): the same summary as the new table's."""
    gone = data.draw(st.lists(st.integers(0, max(len(loose) - 1, 0)), unique=True))
    if not loose:
        gone = []
    before = summarize(loose, (), royal=royal)
    builds = casino.new_game(seed=1).builds
    after = before.without(gone, builds)
    expected = tuple(c for p, c in enumerate(loose) if p not in gone)
    assert after.loose == expected and after.builds is builds
    assert _fields(after) == _fields(summarize(expected, builds, royal=royal))


def test_a_table_out_of_order_is_sorted_as_the_rules_sort_it() -> None:
    """A summary of loose cards not in card order (a state made by hand, which
    ``validate_state`` refuses) is not ``ordered``; a move from it gives the summary of
    the sorted table, as a move made the table before the summary was handed on."""
    loose = parse_cards("KS 2C 5H")
    before = summarize(loose, (), royal=False)
    assert not before.ordered and summarize(parse_cards("2C 5H KS"), (), royal=False).ordered
    after = before.with_card(parse_card("3D"))
    assert _fields(after) == _fields(summarize(parse_cards("2C 3D 5H KS"), (), royal=False))
    less = before.without([2], ())
    assert _fields(less) == _fields(summarize(parse_cards("2C KS"), (), royal=False))


def test_a_state_with_its_table_out_of_order_plays_as_before() -> None:
    """``apply`` on such a state gives a state whose table is sorted, with its own summary."""
    state = casino.new_game(seed=4)
    shuffled = attrs.evolve(state, loose=tuple(reversed(state.loose)))
    assert not shuffled.summary.ordered
    trail = next(a for a in casino.legal_actions(shuffled) if isinstance(a, casino.Trail))
    after = casino.apply(shuffled, trail)
    assert list(after.loose) == sorted(after.loose, key=lambda c: c.index)
    assert after.loose == casino.apply(state, trail).loose
    _assert_fresh(after)


@settings(max_examples=40, deadline=None)
@given(
    pair=st.sampled_from(
        [
            ("standard", None),
            ("standard", False),
            ("royal", None),
            ("royal", True),
            ("royal", False),
        ]
    ),
    others=st.fixed_dictionaries(
        {"capture_all": st.booleans(), "num_players": st.sampled_from([2, 3, 4])}
    ),
)
def test_value_tables_are_the_configs_own(
    pair: tuple[str, bool | None], others: dict[str, object]
) -> None:
    """``value_tables`` (what a turn reads at once) gives the table values, the capture
    values and ``max_value`` of every valid config (CA-6, CA-17)."""
    variant, ace_14 = pair
    config = Config(variant=variant, royal_ace_14=ace_14, **others)  # type: ignore[arg-type]
    assert value_tables(config) == (
        table_value_table(config.royal),
        capture_value_table(config),
        config.max_value,
    )
