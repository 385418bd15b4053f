"""Rummy 500 rules: dealing, legal actions and their effects.

Every public function is pure, and the rules are written once: :func:`legal_actions`
lists the candidates the hand and the table offer and keeps those the reasons
below accept; :func:`check` puts an action in its canonical form
(:func:`canonical`) and asks the same reasons; :func:`apply` plays the canonical
form once :func:`check` accepts it. So an action is accepted exactly when its
canonical form is listed, and equal moves make equal states.

Canonical forms (``docs/rummy500.rst``, "Canonical forms"):

* ``Meld``: a set's natural cards by suit, then its jokers (open places); a
  run's cards in place, low to high (``cards[i]`` stands for ``start + i``), so a
  joker in a run stands for the card of its place.
* ``LayOff``: ``stands_for`` names what a joker stands for on a run (``None`` for
  a natural card and for a joker in a set); ``end`` is named only when the card
  could go on either end of a run as the same card (an ace on 2–K). A lay-off
  that leaves out what only one reading allows (the end, or a joker's card),
  or names a natural card as standing for itself, is that one reading.
* With jokers in play (``jokers=2``) a meld goes down three cards at a time:
  a big hand with wild cards holds tens of thousands of longer runs, and every
  longer meld is a three-card meld followed by lay-offs that reach the same
  position. A longer meld is refused with a reason that says which three
  cards to meld and what to lay off then. Without jokers every meld is listed.

Order of :func:`legal_actions`:

* draw phase: ``Draw`` (when the stock can be drawn), then ``TakeDiscard`` from
  the top card down to the deepest legal dig, then ``EndRound`` (empty stock only);
* play phase: ``Meld`` in :func:`cardrules.rummy.find_melds` order (sets by rank,
  then runs by suit, start and length), ``LayOff`` by table meld, then card
  order, then ``Discard`` in hand order.

The questions the rules ask again and again (which cards a hand holds, which
natural cards fit the table) are answered from the state's
:class:`~cardrules.rummy500.Masks`, worked out once when the state is made.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final, Literal

from cardrules import rng, stacking
from cardrules.cards import Card, make_deck, sort_cards
from cardrules.errors import IllegalActionError
from cardrules.evolve import evolver
from cardrules.rummy.meld_checks import is_natural_meld
from cardrules.rummy.melds import (
    MeldRules,
    NaturalTable,
    RunMeld,
    SetMeld,
    TableMeld,
    can_place,
    can_place_natural_with,
    canonical_meld,
    card_at,
    card_mask,
    cards_in,
    describe,
    find_melds,
    find_melds_with,
    holds,
    layoff_options,
    meld_error,
    natural_depths,
    natural_melds,
    without,
)
from cardrules.rummy500 import scoring
from cardrules.rummy500.actions import (
    Action,
    Discard,
    Draw,
    EndRound,
    LayOff,
    Meld,
    TakeDiscard,
    malformed,
)
from cardrules.rummy500.config import Config
from cardrules.rummy500.events import new_log
from cardrules.rummy500.masks import hand_masks, successor, table_summary
from cardrules.rummy500.state import Phase, State

if TYPE_CHECKING:
    from cardrules.rummy500.view import View

__all__ = [
    "MAX_JOKER_MELD",
    "apply",
    "canonical",
    "check",
    "first_dealer",
    "legal_actions",
    "listed_layoff",
    "max_game_length",
    "max_turns_per_round",
    "meld_rules",
    "new_game",
]


MAX_JOKER_MELD: Final = 3
"""With jokers in play, the most cards a meld laid down at once may hold (see the
module docstring): longer melds are a meld of three and lay-offs."""

_DRAW: Final = Phase.DRAW
_PLAY: Final = Phase.PLAY
_OVER: Final = Phase.OVER
"""The phases, for the rules' every call: reading a module's name is several times
cheaper than an enum class's attribute."""

_DRAW_ACTION: Final = Draw()
_END_ROUND_ACTION: Final = EndRound()
_CARDS: Final = tuple(sort_cards(make_deck(jokers_per_deck=1)))
"""``_CARDS[index]``: the card of each index (cards are interned: one object per card)."""
_DISCARDS: Final = tuple(Discard(card) for card in _CARDS)
"""``_DISCARDS[card.index]``: the discard of each distinct card, made once with its
constructor. Nearly every listing ends with a discard per card held, and building
those objects was a large part of listing them (most of it in the compiled build).
They are immutable values like the cards: :func:`apply` checks them like any other
action. :func:`_discards_of` lists a fresh one instead if one was changed in place
(``object.__setattr__``), so such misuse never reaches a listing."""


def _discards_of(cards: Iterable[Card]) -> list[Action]:
    """``Discard(card)`` of each card: the shared values of :data:`_DISCARDS` while intact
    (one call per listing, not one per card)."""
    shared = _DISCARDS
    actions: list[Action] = []
    for card in cards:
        action = shared[card.index]
        actions.append(action if action.card is card else Discard(card))
    return actions


# The takes and the lay-offs of natural cards a listing offers are shared values too,
# made once per value by a bounded cache of their constructor (random play lists a
# take every three actions and a lay-off every two; a look-up and the check below
# take about a third of the constructor's time). As with _DISCARDS, apply checks
# them like any other action, and one changed in place is not listed: its fields are
# compared with what was asked for (read untyped, as malformed() reads them), and a
# fresh one made instead.


@functools.lru_cache(maxsize=4096)
def _shared_take(index: int, count: int) -> TakeDiscard:
    return TakeDiscard(_CARDS[index], count)


@functools.lru_cache(maxsize=4096)
def _shared_layoff(index: int, target: int) -> LayOff:
    return LayOff(_CARDS[index], target)


def _take_of(card: Card, count: int) -> TakeDiscard:
    """``TakeDiscard(card, count)``, shared while intact (see :func:`_shared_take`)."""
    action: Any = _shared_take(card.index, count)
    if action.card is card and type(action.count) is int and action.count == count:
        shared: TakeDiscard = action
        return shared
    return TakeDiscard(card, count)


def _layoff_of(
    card: Card, target: int, stands_for: Card | None, end: Literal["low", "high"] | None
) -> LayOff:
    """``LayOff(card, target, stands_for, end)``, shared while intact for a card that
    stands for itself at the only end it fits (see :func:`_shared_layoff`)."""
    if stands_for is None and end is None:
        action: Any = _shared_layoff(card.index, target)
        if (
            action.card is card
            and type(action.target) is int
            and action.target == target
            and action.stands_for is None
            and action.end is None
        ):
            shared: LayOff = action
            return shared
    return LayOff(card, target, stands_for, end)


def first_dealer(config: Config, seed: int) -> int:
    """The first dealer of a game: the config's, or else the seed's draw (R5-11).

    >>> first_dealer(Config(first_dealer=1), seed=7)
    1
    >>> first_dealer(Config(), seed=7) == new_game(seed=7).dealer
    True
    """
    if config.first_dealer is not None:
        return config.first_dealer
    return next(rng.random_ints(seed, 0)) % config.num_players


def meld_rules(config: Config) -> MeldRules:
    """The meld rules of a config: jokers wild when in play (R5-12), wrap-around per option."""
    return config.meld_rules


def max_turns_per_round(config: Config) -> int:
    """The most turns a round can have under ``config``.

    Every turn begins with a stock draw or a take from the discard pile. While
    a take obliges the player to use the card (R5-3, R5-4: the default), it
    puts at least that card on the table, which only grows during a round, so
    a round has at most ``stock + reshuffle_limit × cards in play`` draws and
    ``cards in play`` takes. With ``top_discard_must_be_used=False`` only
    ``Config.max_turns`` bounds it.

    >>> max_turns_per_round(Config())
    83
    """
    cards = config.deck_size
    stock = cards - config.num_players * config.hand_size - 1
    if not config.top_discard_must_be_used:
        return config.max_turns
    refills = config.reshuffle_limit if config.stock_exhausted == "reshuffle" else 0
    return min(config.max_turns, stock + refills * cards + cards)


def max_game_length(config: Config) -> int:
    """The most actions a game under ``config`` can take before it ends.

    A turn is a draw or take and a discard, and all the melds and lay-offs of
    a round place at most every card once, so a round takes at most
    ``2 × turns + cards in play + 1`` actions (the ``+ 1``: ``end round``), and a
    game at most ``max_rounds`` rounds (as OpenSpiel's ``max_game_length``).

    >>> max_game_length(Config())
    21900
    """
    if not isinstance(config, Config):
        raise TypeError(f"config must be a rummy500.Config, not {type(config).__name__}")
    per_round = 2 * max_turns_per_round(config) + config.deck_size + 1
    return config.max_rounds * per_round


# ---------------------------------------------------------------------------
# A new game and the deal


def new_game(
    config: Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
) -> State:
    """Start a game and deal the first round.

    ``deck`` (top card first) stacks the first deal: cards go one at a time to
    each player, starting left of the dealer and ending with the dealer, until
    every hand is full; the next card is the upcard that starts the discard
    pile; the rest is the stock, top first. Later rounds are shuffled from
    ``seed``. The first dealer is ``config.first_dealer`` or drawn from the seed.
    ``decks`` stacks every round: ``decks[0]`` is dealt as ``deck`` is, ``decks[1]``
    deals round 2 the same way, and so on; rounds after the last given deck are
    shuffled from ``seed`` (a stacked round uses up its shuffle number all the
    same, so the seeded rounds after it are those of the unstacked game).

    >>> from cardrules.cards import make_deck
    >>> state = new_game(Config(first_dealer=1), deck=make_deck())
    >>> [str(c) for c in state.hands[0][:3]], str(state.discard[-1]), state.stock_size
    (['A♣', '3♣', '5♣'], '8♦', 31)
    """
    if config is None:
        config = Config()
    if not isinstance(config, Config):
        raise TypeError(f"config must be a rummy500.Config, not {type(config).__name__}")
    seed = rng.draw_seed() if seed is None else rng.validate_seed(seed)
    players = config.num_players
    dealer = first_dealer(config, seed)
    full = make_deck(decks=config.num_decks, jokers_per_deck=config.jokers)
    stacked = stacking.stacked_decks(full, deck, decks)
    if stacked:
        deck, stacked = stacked[0], stacked[1:]
    if deck is None:
        cards = rng.shuffle(full, seed=seed, stream=1)
    else:
        cards = tuple(deck)
        for card in cards:
            if not isinstance(card, Card):
                raise TypeError(f"a stacked deck holds cards, not {type(card).__name__}")
        from cardrules.cards import check_same_cards

        check_same_cards(full, cards, "the stacked deck")
    return _deal(
        config=config,
        seed=seed,
        shuffles=2,  # stream 0 drew the dealer, stream 1 shuffled this deal
        round_number=1,
        dealer=dealer,
        scores=config.starting_scores or (0,) * players,
        history=(),
        deck=cards,
        stacked=stacked,
    )


def _deal(
    *,
    config: Config,
    seed: int,
    shuffles: int,
    round_number: int,
    dealer: int,
    scores: tuple[int, ...],
    history: tuple[Any, ...],
    deck: Sequence[Card],
    stacked: tuple[tuple[Card, ...], ...] = (),
) -> State:
    players = config.num_players
    size = config.hand_size
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for _ in range(size):
        for offset in range(1, players + 1):
            hands[(dealer + offset) % players].append(deck[position])
            position += 1
    upcard = deck[position]
    return State(
        config=config,
        seed=seed,
        shuffles=shuffles,
        round_number=round_number,
        dealer=dealer,
        scores=scores,
        hands=tuple(sort_cards(hand) for hand in hands),
        stock=tuple(deck[position + 1 :]),
        discard=(upcard,),
        melds=(),
        meld_owners=(),
        placed=((),) * players,
        placed_points=((),) * players,
        phase=_DRAW,
        to_act=(dealer + 1) % players,  # R5-11: the dealer's left plays first
        history=history,
        stacked=stacked,
    )




# ---------------------------------------------------------------------------
# Legal actions


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, in the order of the module docstring.

    Each is a candidate the hand and the table offer that :func:`check` accepts.

    >>> from cardrules.rummy500 import new_game
    >>> [str(action) for action in legal_actions(new_game(seed=1))]
    ['draw']
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a rummy500 State, not {type(state).__name__}")
    phase = state.phase
    if phase is _DRAW:
        return tuple(_draw_actions(state))
    if phase is _PLAY:
        hand, held = _hand_and_held(state)
        # Each candidate is made of held cards and is a meld, or fits its meld, by
        # construction: of the reasons of _meld_reason and _layoff_reason only the
        # turn's obligations (_owed_reason) are left to ask.
        actions: list[Action] = []
        placements = _placements_made(state, hand, held)
        if placements:
            owed = state.owed
            new_meld = len(state.melds)
            for action, made in placements:
                if isinstance(action, Meld):
                    cards = action.meld.cards
                    reason = _owed_reason(
                        state,
                        hand,
                        held,
                        cards,
                        new_meld,
                        made,
                        owed is not None and holds(cards, owed),
                    )
                else:
                    cards = (action.card,)
                    reason = _owed_reason(
                        state, hand, held, cards, action.target, made, owed is action.card
                    )
                if reason is None:
                    actions.append(action)
        if _discard_turn_reason(state) is None:
            if _rediscard_rule_applies(state):
                actions += _discards_of(
                    card
                    for card in _distinct(hand, held)
                    if _discard_card_reason(state, card, hand) is None
                )
            else:
                actions += _discards_of(_distinct(hand, held))
        if not actions:
            # Only reachable with forbid_rediscard_of_taken_card: see _stuck().
            actions = _discards_of(_distinct(hand, held))
        return tuple(actions)
    return ()


def _draw_actions(state: State) -> list[Action]:
    actions: list[Action] = [_DRAW_ACTION] if _can_draw_stock(state) else []
    pile = state.discard
    actions += [
        _take_of(pile[-count], count) for count in _takeable(state, 1, len(pile))
    ]
    if _end_round_reason(state) is None:
        actions.append(_END_ROUND_ACTION)
    return actions


def _play_candidates(state: State) -> list[Action]:
    """The melds, lay-offs and discards the hand and the table offer, in the documented order.

    Each meld is made of held cards and each lay-off fits its meld; whether the
    turn's obligations allow it is for :func:`_check` to say.
    """
    hand, held = _hand_and_held(state)
    return [*_placements(state, hand, held), *[Discard(card) for card in _distinct(hand, held)]]


def _placements(state: State, hand: tuple[Card, ...], held: int) -> list[Meld | LayOff]:
    """The melds and lay-offs of :func:`_play_candidates`."""
    return [action for action, _ in _placements_made(state, hand, held)]


def _placements_made(
    state: State, hand: tuple[Card, ...], held: int
) -> list[tuple[Meld | LayOff, TableMeld]]:
    """:func:`_placements`, each with the meld it puts on the table; ``held`` is the
    mask of ``hand``."""
    rules = state.config.meld_rules
    wilds = rules.wilds
    # With wild cards, melds of at most three cards: see the module docstring.
    melds = find_melds(hand, rules, longest=MAX_JOKER_MELD) if wilds else natural_melds(held, rules)
    actions: list[tuple[Meld | LayOff, TableMeld]] = [(Meld(meld), meld) for meld in melds]
    if state.melds:
        table = _table(state)
        wild_cards = [card for card in _distinct(hand, held) if card in wilds] if wilds else []
        if held & table.fits or wild_cards:
            table_melds = state.melds
            for target, fits in enumerate(table.fits_each):
                # cards_in gives card order; wild cards are jokers, which come last.
                if held & fits:
                    for card in cards_in(held & fits):
                        actions += _layoff_moves(card, target, table_melds[target], rules)
                for card in wild_cards:
                    actions += _layoff_moves(card, target, table_melds[target], rules)
    return actions


def _layoff_moves(
    card: Card, target: int, table_meld: TableMeld, rules: MeldRules
) -> list[tuple[LayOff, TableMeld]]:
    """Each way to lay ``card`` off on the meld, in canonical form, with the meld it makes.

    ``end`` is named only when the card could stand for the same thing at
    either end of a run (an ace on 2–K).
    """
    options = layoff_options(table_meld, card, rules)
    moves = []
    for stands_for, new in options:
        end: Literal["low", "high"] | None = None
        if len(options) > 1 and sum(1 for other, _ in options if other == stands_for) > 1:
            end = _end_of(table_meld, new)
        moves.append((_layoff_of(card, target, stands_for, end), new))
    return moves


def _distinct(cards: Sequence[Card], held: int) -> Sequence[Card]:
    """The cards without repeats, in order (hands are sorted: repeats are neighbours).

    ``held`` is their mask: as many bits as cards means no repeats.
    """
    if held.bit_count() == len(cards):
        return cards
    return [card for card, before in zip(cards, (None, *cards)) if card is not before]


def _hand(state: State) -> tuple[Card, ...]:
    seat = state.to_act
    if seat is None or not 0 <= seat < len(state.hands):
        raise ValueError("this state has no player to act: it was changed after it was made")
    return state.hands[seat]


def _hand_and_held(state: State) -> tuple[tuple[Card, ...], int]:
    """The hand of the player to act (:func:`_hand`) and its mask (:func:`hand_masks`)."""
    seat = state.to_act
    hands = state.hands
    held = state._held  # carried over by apply; worked out below for any other state
    if held is None:
        held = hand_masks(state)
        if held is None:
            raise ValueError("this state's fields are not of their declared types")
    if seat is None or not 0 <= seat < len(hands) or len(held) != len(hands):
        raise ValueError("this state has no player to act: it was changed after it was made")
    return hands[seat], held[seat]


def _table(state: State) -> NaturalTable:
    """The state's :func:`~cardrules.rummy500.masks.table_summary`."""
    table = state._table  # carried over by apply; worked out below for any other state
    if table is None:
        table = table_summary(state)
        if table is None:
            raise ValueError("this state's fields are not of their declared types")
    return table


def _can_draw_stock(state: State) -> bool:
    if state.stock:
        return True
    return (
        state.config.stock_exhausted == "reshuffle"
        and len(state.discard) > 1
        and state.reshuffles < state.config.reshuffle_limit
    )


# ---------------------------------------------------------------------------
# Canonical forms


def canonical(state: State | View, action: object) -> object:
    """The canonical form of ``action`` in ``state``: the form :func:`legal_actions` lists.

    A meld's cards are put in order (:func:`~cardrules.rummy.melds.canonical_meld`);
    a lay-off that leaves out what only one reading allows (the end of the
    run, what a joker stands for), or names a natural card as standing for
    itself, becomes that reading. Anything else is returned as it is, for
    :func:`check` to judge. :func:`apply` plays the canonical form.

    >>> from cardrules.cards import parse_card
    >>> from cardrules.rummy500 import Config, position
    >>> state = position(["AH 9C 4D", "2S 3S"], melds=[(1, "JH QH KH")], discard="5C", to_act=0,
    ...                  phase="play", config=Config(cards_2p=2))
    >>> str(canonical(state, LayOff(parse_card("AH"), 0, end="high")))
    'lay off A♥ on #1'
    """
    if malformed(action) is not None:
        return action
    well_formed: Any = action
    return _canonical(state, well_formed)


def _canonical(state: State | View, action: Action) -> Action:
    """:func:`canonical` of a well-formed action (:func:`malformed`)."""
    return _canonical_made(state, action)[0]


def _canonical_made(state: State | View, action: Action) -> tuple[Action, TableMeld | None]:
    """:func:`_canonical`, and for a lay-off that fits as written the meld it makes
    (``None`` otherwise), so that :func:`check` and :func:`apply` find it once."""
    if isinstance(action, Meld):
        meld = canonical_meld(action.meld)
        return (action if meld is action.meld else Meld(meld)), None
    if isinstance(action, LayOff):
        return _canonical_layoff(state, action)
    return action, None


def _canonical_layoff(state: State | View, action: LayOff) -> tuple[LayOff, TableMeld | None]:
    if state.phase is not _PLAY or not 0 <= action.target < len(state.melds):
        return action, None
    rules = meld_rules(state.config)
    table_meld = state.melds[action.target]
    moves = _layoff_moves(action.card, action.target, table_meld, rules)
    for move, new in moves:
        if move == action:
            return action, new
    stands_for = action.stands_for
    if stands_for == action.card and action.card not in rules.wilds:
        stands_for = None  # a natural card stands for itself
    readings = [
        (move, new)
        for move, new in moves
        if (stands_for is None or move.stands_for == stands_for)
        and (action.end is None or _end_of(table_meld, new) == action.end)
    ]
    return readings[0] if len(readings) == 1 else (action, None)


def listed_layoff(state: State | View, action: LayOff) -> LayOff:
    """The canonical form of a lay-off (:func:`canonical`): the one :func:`legal_actions` lists.

    >>> from cardrules.rummy500 import LayOff, new_game
    >>> from cardrules.cards import parse_card
    >>> listed_layoff(new_game(seed=1), LayOff(parse_card("AH"), 0, end="high")).end
    'high'
    """
    found = canonical(state, action)
    return found if isinstance(found, LayOff) else action


def _end_of(old: TableMeld, new: TableMeld) -> Literal["low", "high"]:
    if isinstance(old, RunMeld) and isinstance(new, RunMeld) and new.cards[1:] == old.cards:
        return "low"
    return "high"


# ---------------------------------------------------------------------------
# Reasons an action is illegal


def check(state: State, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason :func:`apply` would give.

    It accepts an action exactly when its canonical form (:func:`canonical`) is
    in :func:`legal_actions`.

    >>> from cardrules.rummy500 import Discard, new_game
    >>> from cardrules.cards import parse_card
    >>> check(new_game(seed=1), Discard(parse_card("AS")))
    'you must draw first: from the stock or the discard pile'
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a rummy500 State, not {type(state).__name__}")
    shape = malformed(action)
    if shape is not None:
        return shape
    well_formed: Any = action
    return _check(state, *_canonical_made(state, well_formed))


def _check(state: State, action: Action, made: TableMeld | None = None) -> str | None:
    """:func:`check` of a well-formed action (:func:`malformed`) in canonical form.

    ``made``, when given, is the meld a lay-off makes (:func:`_layoff_result`),
    so that :func:`apply` works it out once for the check and the move.
    Raises ``ValueError`` for a state with no player to act (changed after it was
    made), so that a move it accepts has a seat to be made by."""
    phase = state.phase
    if phase is _OVER:
        return "the game is over"
    hand = _hand(state)
    if phase is _DRAW:
        if isinstance(action, Draw):
            if _can_draw_stock(state):
                return None
            return "the stock is empty"
        if isinstance(action, TakeDiscard):
            return _take_action_reason(state, action)
        if isinstance(action, EndRound):
            return _end_round_reason(state)
        return "you must draw first: from the stock or the discard pile"
    reason = _play_reason(state, action, hand, made)
    if (
        reason is not None
        and isinstance(action, Discard)
        and phase is _PLAY
        and holds(hand, action.card)
        and _stuck(state)
    ):
        return None
    return reason


def _stuck(state: State) -> bool:
    """True when no regular play can end the turn, so any discard is allowed.

    With ``forbid_rediscard_of_taken_card`` a hand of taken cards only, none of which
    can be melded, would otherwise leave the player with no legal move.
    """
    hand = _hand(state)
    return not any(_play_reason(state, a, hand) is None for a in _play_candidates(state))


def _play_reason(
    state: State, action: Action, hand: tuple[Card, ...], made: TableMeld | None = None
) -> str | None:
    """:func:`_check` in the play phase; ``hand`` is the hand of the player to act."""
    if isinstance(action, Discard):
        return _discard_reason(state, action.card, hand)
    if isinstance(action, Meld):
        return _meld_reason(state, action, hand)
    if isinstance(action, LayOff):
        return _layoff_reason(state, action, hand, made)
    if isinstance(action, EndRound):
        return "the round can only be ended instead of drawing from an empty stock"
    return "you have already drawn this turn"


def _take_action_reason(state: State, action: TakeDiscard) -> str | None:
    pile = state.discard
    count = action.count
    if not holds(pile, action.card):
        return f"the {action.card} is not in the discard pile"
    if count > len(pile) or pile[-count] != action.card:
        return f"the {action.card} is not card number {count} from the top of the discard pile"
    if _takeable(state, count, count):
        return None
    return (
        f"you could not meld or lay off the {action.card} this turn, so you may not take it (R5-4)"
    )


def _takeable(state: State, shallowest: int, deepest: int) -> list[int]:
    """The depths from ``shallowest`` to ``deepest`` (1: the top card) at which the
    discard pile may be taken (R5-3, R5-4): the card there, with every card above it,
    can be melded or laid off this turn.

    One function for the listing (every depth) and :func:`check` (one depth), so the
    natural-card test runs over one mask of the hand that grows card by card.
    """
    config = state.config
    rules = config.meld_rules
    hand, held = _hand_and_held(state)
    pile = state.discard
    keep = 0 if config.go_out_without_discard else 1
    budget = len(hand) - keep  # cards that may be played, before the ones taken
    first_free = not config.top_discard_must_be_used  # R5-3 option
    strict = config.strict_immediate
    if not rules.wilds:
        # Every depth in one pass over one mask of the hand that grows card by card.
        found = natural_depths(
            pile, held, _table(state), rules, budget, shallowest, deepest, bridging=not strict
        )
        if first_free and shallowest == 1 <= deepest and found[:1] != [1]:
            found.insert(0, 1)  # the top card alone is an ordinary draw
        return found
    found = []
    for count in range(shallowest, deepest + 1):
        card = pile[-count]
        if count == 1 and first_free:
            found.append(count)  # the top card alone is an ordinary draw
            continue
        taken = hand + pile[-count:]
        if strict:
            placeable = _place_directly(card, taken, state.melds, rules, keep)
        else:
            placeable = can_place(card, taken, state.melds, rules, keep=keep)
        if placeable:
            found.append(count)
    return found


def _place_directly(
    card: Card, hand: Sequence[Card], table: Sequence[TableMeld], rules: MeldRules, keep: int
) -> bool:
    """Whether ``card`` can go down at once (R5-4 strict): in a new meld or onto a table meld."""
    budget = len(hand) - keep
    if any(len(m.cards) <= budget for m in find_melds_with(card, Counter(hand), rules)):
        return True
    return budget >= 1 and any(layoff_options(m, card, rules) for m in table)


def _end_round_reason(state: State) -> str | None:
    mode = state.config.stock_exhausted
    if state.stock:
        return "the round ends only when the stock is empty"
    if mode == "end":
        return "the round has already ended"
    if mode == "reshuffle" and _can_draw_stock(state):
        return "the discard pile can be shuffled into a new stock: draw"
    if mode == "reshuffle" and state.reshuffles >= state.config.reshuffle_limit:
        return "the round has already ended"
    return None


def _owed_reason(
    state: State,
    hand: tuple[Card, ...],
    held: int | None,
    cards: tuple[Card, ...],
    changed: int,
    made: TableMeld,
    placed_owed: bool,
) -> str | None:
    """The reason a meld or lay-off is illegal because of the dug card owed (R5-4, R5-9).

    The play takes ``cards`` (all held) from ``hand``, whose mask is ``held``
    (``None``: the state's, looked up if needed), and puts ``made`` on the
    table as meld number ``changed`` (a new meld when that is the number of
    melds before).
    """
    owed = state.owed
    config = state.config
    if len(cards) >= len(hand):
        if not config.go_out_without_discard:
            return "you must keep a card to discard: going out needs a discard (R5-9)"
        return None
    if owed is None or placed_owed:
        return None
    if config.strict_immediate:
        return f"you must first meld or lay off the {owed} you took (R5-4, strict)"
    keep = 0 if config.go_out_without_discard else 1
    rules = meld_rules(config)
    melds_after = (*state.melds[:changed], made, *state.melds[changed + 1 :])
    room = len(hand) - len(cards) - keep  # the callers found every card held
    if rules.wilds:
        hand_after = without(hand, cards)
        if hand_after is None:  # pragma: no cover - the callers found the cards held
            return "you do not hold those cards"
        placeable = can_place(owed, hand_after, melds_after, rules, keep=keep)
    else:
        # The mask of the hand after the play, from the hand's: a hand without
        # repeats (one deck) loses the bit of each card played; any other hand
        # is walked. This runs for every candidate of a listing while a card is owed.
        if held is None:
            held = _hand_and_held(state)[1]
        gone = card_mask(cards)
        if (
            held & gone == gone
            and held.bit_count() == len(hand)
            and gone.bit_count() == len(cards)
        ):
            after = held & ~gone
        else:
            hand_after = without(hand, cards)
            if hand_after is None:  # pragma: no cover - the callers found the cards held
                return "you do not hold those cards"
            after = card_mask(hand_after)
        placeable = bool(after >> owed.index & 1) and can_place_natural_with(
            owed, after, _table(state), melds_after, changed, rules, room
        )
    if not placeable:
        return f"that would leave you unable to use the {owed} you took from the pile (R5-4)"
    return None


def _meld_reason(state: State, action: Meld, hand: tuple[Card, ...]) -> str | None:
    meld = action.meld
    rest = without(hand, meld.cards)
    if rest is None:
        missing = without(meld.cards, hand) or meld.cards
        return f"you do not hold {' '.join(str(c) for c in sort_cards(missing))}"
    rules = state.config.meld_rules
    error = None if is_natural_meld(meld, rules) else meld_error(meld, rules)
    if error is not None:
        return f"{describe(meld)} is not a meld: {error}"
    if rules.wilds and len(meld.cards) > MAX_JOKER_MELD:
        first, later = _in_threes(meld, state.owed)
        return (
            f"with jokers in play a meld goes down three cards at a time: "
            f"meld {describe(first)}, then lay off {' '.join(str(c) for c in later)}"
        )
    placed_owed = state.owed is not None and holds(meld.cards, state.owed)
    return _owed_reason(state, hand, None, meld.cards, len(state.melds), meld, placed_owed)


def _in_threes(meld: TableMeld, owed: Card | None) -> tuple[TableMeld, tuple[Card, ...]]:
    """A legal three-card part of a longer meld (holding ``owed`` if it can), and the rest.

    Laying the rest off one by one, each onto an end, rebuilds the meld.
    """
    size = len(meld.cards)
    if isinstance(meld, SetMeld):
        order = sorted(range(size), key=lambda i: (meld.cards[i] != owed, i))
        three = SetMeld(
            meld.rank,
            tuple(meld.cards[i] for i in sorted(order[:3])),
            tuple(meld.suits[i] for i in sorted(order[:3])),
        )
        return three, tuple(meld.cards[i] for i in order[3:])
    windows = []
    for low in range(size - 2):
        cards = meld.cards[low : low + 3]
        naturals = sum(
            1 for i, card in enumerate(cards) if card == card_at(meld.suit, meld.start + low + i)
        )
        windows.append((owed not in cards, naturals == 0, low))
    _, _, low = min(windows)
    first = RunMeld(meld.suit, (meld.start + low - 1) % 13 + 1, meld.cards[low : low + 3])
    later = (*meld.cards[low + 3 :], *reversed(meld.cards[:low]))
    return first, later


def _layoff_reason(
    state: State, action: LayOff, hand: tuple[Card, ...], new: TableMeld | None = None
) -> str | None:
    """Why a lay-off is illegal, if it is. ``new``, when given, is the meld it makes,
    found by :func:`_layoff_moves` with the action itself."""
    if not holds(hand, action.card):
        return f"you do not hold the {action.card}"
    target = action.target
    if not 0 <= target < len(state.melds):
        return f"there is no meld #{target + 1} on the table"
    if new is None:
        new = _layoff_result(state, action)
    if new is None:
        return _misfit_reason(state, action)
    return _owed_reason(
        state, hand, None, (action.card,), target, new, state.owed is action.card
    )


def _misfit_reason(state: State, action: LayOff) -> str:
    """Why a held card is no lay-off on an existing meld as written."""
    target = action.target
    existing = describe(state.melds[target])
    moves = _layoff_moves(action.card, target, state.melds[target], meld_rules(state.config))
    if action.end is None and moves and all(move.end is not None for move, _ in moves):
        return (
            f"the {action.card} fits both ends of #{target + 1} ({existing}): say which, "
            f"as in 'lay off {action.card} on #{target + 1} at the low end'"
        )
    if action.stands_for is None and len(moves) > 1:
        readings = " or ".join(f"{move.card}={move.stands_for}" for move, _ in moves)
        return f"say which card the {action.card} stands for on #{target + 1}: {readings}"
    if action.end is not None and moves:
        return (
            f"the {action.card} does not fit at the {action.end} end of #{target + 1} ({existing})"
        )
    return f"the {action.card} does not fit on #{target + 1} ({existing})"


def _layoff_result(state: State, action: LayOff) -> TableMeld | None:
    """The meld ``action`` (in canonical form) makes, or ``None`` if it is no such lay-off."""
    table_meld = state.melds[action.target]
    rules = meld_rules(state.config)
    for move, new in _layoff_moves(action.card, action.target, table_meld, rules):
        if move == action:
            return new
    return None


def _discard_reason(state: State, card: Card, hand: tuple[Card, ...]) -> str | None:
    if not holds(hand, card):
        return f"you do not hold the {card}"
    return _discard_turn_reason(state) or _discard_card_reason(state, card, hand)


def _discard_turn_reason(state: State) -> str | None:
    """The part of :func:`_discard_reason` that is the same for every card held."""
    if state.owed is not None:
        return (
            f"you must meld or lay off the {state.owed} you took from the discard pile "
            "before you discard (R5-4)"
        )
    return None


def _rediscard_rule_applies(state: State) -> bool:
    """Whether :func:`_discard_card_reason` can refuse a card in this turn (R5-5 option)."""
    return bool(state.taken) and state.config.forbid_rediscard_of_taken_card


def _discard_card_reason(state: State, card: Card, hand: tuple[Card, ...]) -> str | None:
    """The part of :func:`_discard_reason` that depends on the card (held, ``card``)."""
    if _rediscard_rule_applies(state) and hand.count(card) <= state.taken.count(card):
        return f"you took the {card} from the discard pile this turn and may not discard it (R5-5)"
    return None


# ---------------------------------------------------------------------------
# Applying actions


def apply(state: State, action: object) -> State:
    """The state after ``action``. Raises :class:`~cardrules.IllegalActionError` if illegal.

    The input state is never changed. The action is played (and logged) in its
    canonical form (:func:`canonical`), so equal moves give equal states.

    >>> from cardrules.rummy500 import Draw, new_game
    >>> apply(new_game(seed=1), Draw()).phase
    <Phase.PLAY: 'play'>
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a rummy500 State, not {type(state).__name__}")
    shape = malformed(action)
    if shape is not None:
        raise IllegalActionError(shape, action)
    well_formed: Any = action
    canonical_action, made = _canonical_made(state, well_formed)
    new = _play(state, canonical_action, made)
    # ``new`` was made by this very call and nobody holds it yet, so its log (the
    # public events, cardrules.events) is set in place: building the state again
    # was the largest single cost of a move.
    object.__setattr__(new, "events", new_log(state, canonical_action, new))
    return new


def _play(state: State, action: Action, made: TableMeld | None) -> State:
    """The state after an action in canonical form, its log not yet set; ``made``:
    the meld a lay-off makes (:func:`_canonical_made`)."""
    reason = _check(state, action, made)
    if reason is not None:
        raise IllegalActionError(reason, action)
    seat: int = state.to_act  # type: ignore[assignment]  # _check found a seat to act
    if isinstance(action, Discard):
        return _apply_discard(state, seat, action.card)
    if isinstance(action, Draw):
        return _apply_draw(state, seat)
    if isinstance(action, TakeDiscard):
        return _apply_take(state, seat, action)
    if isinstance(action, Meld):
        return _apply_placement(state, seat, action.meld, None, action.meld.cards, action)
    if isinstance(action, LayOff):
        if made is None:  # pragma: no cover - _check found it
            raise IllegalActionError(_misfit_reason(state, action), action)
        return _apply_placement(state, seat, made, action.target, (action.card,), action)
    return _end_round(state, ended_by="stock_exhausted", went_out=None)


_evolve: Final = evolver(State)
"""``attrs.evolve`` for a state, its fields looked up once (a state is made at every action)."""


_INDEX: Final = attrgetter("index")
"""A card's place in hand order: a key that runs in C (a walk over the hand, or
``bisect`` with a Python function as the key, cost about twice as much)."""


def _with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted hand with ``card`` put in its place (as :func:`sort_cards` would:
    after the cards of the same index)."""
    at = bisect_right(hand, card.index, key=_INDEX)
    return (*hand[:at], card, *hand[at:])


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _apply_draw(state: State, seat: int) -> State:
    config = state.config
    stock, discard, shuffles = state.stock, state.discard, state.shuffles
    reshuffles = state.reshuffles
    if not stock:
        # R5-6 "reshuffle": the discards under the top card become a new stock.
        stock = rng.shuffle(discard[:-1], seed=state.seed, stream=shuffles)
        discard = discard[-1:]
        shuffles += 1
        reshuffles += 1
    last = len(stock) == 1 and (
        config.stock_exhausted == "end"
        or (config.stock_exhausted == "reshuffle" and reshuffles >= config.reshuffle_limit)
    )
    return successor(state, {
        "hands": _replace(state.hands, seat, _with_card(state.hands[seat], stock[0])),
        "stock": stock[1:],
        "discard": discard,
        "shuffles": shuffles,
        "reshuffles": reshuffles,
        "stock_ran_out": last,
        "phase": _PLAY,
    }, seat, added=stock[:1])


def _apply_take(state: State, seat: int, action: TakeDiscard) -> State:
    taken = state.discard[-action.count :]
    must_use = action.count > 1 or state.config.top_discard_must_be_used
    return successor(state, {
        "hands": _replace(state.hands, seat, sort_cards((*state.hands[seat], *taken))),
        "discard": state.discard[: -action.count],
        "phase": _PLAY,
        "owed": action.card if must_use else None,
        "taken": taken,
    }, seat, added=taken)


def _apply_placement(
    state: State,
    seat: int,
    meld: TableMeld,
    target: int | None,
    cards: tuple[Card, ...],
    action: Action,
) -> State:
    rest = without(state.hands[seat], cards)
    if rest is None:  # pragma: no cover - _check found the cards held
        raise IllegalActionError("you do not hold those cards", action)
    if target is None:
        melds = (*state.melds, meld)
        owners = (*state.meld_owners, seat)
        indexes = range(len(meld.cards))
    else:
        melds = _replace(state.melds, target, meld)
        owners = state.meld_owners
        low = _end_of(state.melds[target], meld) == "low"
        indexes = range(1) if low else range(len(meld.cards) - 1, len(meld.cards))
    points = tuple([scoring.placement_points(meld, i, state.config) for i in indexes])
    owed = state.owed
    if owed is not None and holds(cards, owed):
        owed = None
    changes = {
        "hands": _replace(state.hands, seat, rest),
        "melds": melds,
        "meld_owners": owners,
        "placed": _replace(state.placed, seat, (*state.placed[seat], *cards)),
        "placed_points": _replace(state.placed_points, seat, (*state.placed_points[seat], *points)),
        "owed": owed,
    }
    if not rest:
        return _end_round(_evolve(state, **changes), ended_by="went_out", went_out=seat)  # R5-9
    changed = len(state.melds) if target is None else target
    return successor(state, changes, seat, removed=cards, changed_meld=changed)


def _apply_discard(state: State, seat: int, card: Card) -> State:
    rest = without(state.hands[seat], (card,))
    if rest is None:  # pragma: no cover - _check found the card held
        raise IllegalActionError(f"you do not hold the {card}", Discard(card))
    turns = state.turns + 1
    if not rest or state.stock_ran_out or turns >= state.config.max_turns:
        new = _evolve(
            state,
            hands=_replace(state.hands, seat, rest),
            discard=(*state.discard, card),
            turns=turns,
        )
        if not rest:
            return _end_round(new, ended_by="went_out", went_out=seat)
        if state.stock_ran_out:
            return _end_round(new, ended_by="stock_exhausted", went_out=None)  # R5-6 "end"
        return _end_round(new, ended_by="turn_limit", went_out=None)  # Config.max_turns
    return successor(state, {
        "hands": _replace(state.hands, seat, rest),
        "discard": (*state.discard, card),
        "turns": turns,
        "phase": _DRAW,
        "to_act": (seat + 1) % len(state.hands),
        "owed": None,
        "taken": (),
    }, seat, removed=(card,))


def _end_round(state: State, *, ended_by: str, went_out: int | None) -> State:
    config = state.config
    result = scoring.round_result(
        round_number=state.round_number,
        dealer=state.dealer,
        ended_by=ended_by,
        went_out=went_out,
        hands=state.hands,
        placed=state.placed,
        placed_points=state.placed_points,
        scores_before=state.scores,
        config=config,
    )
    scores = tuple(seat.total for seat in result.seats)
    history = (*state.history, result)
    winners = scoring.winners_after_round(scores, config, state.round_number)
    if winners:
        return _evolve(
            state,
            scores=scores,
            history=history,
            winners=winners,
            phase=_OVER,
            to_act=None,
            owed=None,
            taken=(),
            stock_ran_out=False,
        )
    full = make_deck(decks=config.num_decks, jokers_per_deck=config.jokers)
    return _deal(
        config=config,
        seed=state.seed,
        shuffles=state.shuffles + 1,
        round_number=state.round_number + 1,
        dealer=(state.dealer + 1) % config.num_players,  # R5-11: the deal passes left
        scores=scores,
        history=history,
        deck=(
            state.stacked[0]
            if state.stacked
            else rng.shuffle(full, seed=state.seed, stream=state.shuffles)
        ),
        stacked=state.stacked[1:],
    )
