"""Rummy 500 rules: dealing, legal actions and their effects.

Every public function is pure. ``legal_actions`` and ``check`` share one set
of reasons, so an action is listed exactly when ``check`` accepts it.

Order of :func:`legal_actions`:

* draw phase: ``Draw`` (when the stock can be drawn), then ``TakeDiscard`` from
  the top card down to the deepest legal dig, then ``EndRound`` (empty stock only);
* play phase: ``Meld`` in :func:`cardrules.rummy.find_melds` order (sets by rank,
  then runs by suit, start and length), ``LayOff`` by table meld, then hand
  order, then ``Discard`` in hand order.

With jokers in play (``jokers=2``) only melds of three cards are listed: a big
hand with wild cards holds tens of thousands of longer runs, and each longer
meld is a three-card meld followed by lay-offs that reach the same position
(the same table, hand and credits). :func:`check` and :func:`apply` still
accept a longer meld played at once, as they accept a lay-off that names the
only end its card fits (issue 20). Without jokers every meld is listed.
"""

from __future__ import annotations

import bisect
import operator
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal

import attrs

from cardrules import listing, rng, stacking
from cardrules.cards import SUITS, Card, Rank, Suit, make_deck, sort_cards
from cardrules.errors import IllegalActionError
from cardrules.events import logs_events
from cardrules.rummy.melds import (
    MeldRules,
    NaturalTable,
    RunMeld,
    SetMeld,
    TableMeld,
    can_place,
    can_place_natural,
    can_place_on_natural,
    card_at,
    card_mask,
    cards_in,
    describe,
    find_melds,
    find_melds_with,
    layoff_options,
    meld_error,
    natural_melds,
    natural_table,
    natural_table_after,
    natural_table_without,
    note_table_change,
    pile_depths,
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
)
from cardrules.rummy500.config import Config
from cardrules.rummy500.events import new_log
from cardrules.rummy500.state import Phase, State

if TYPE_CHECKING:
    from cardrules.rummy500.view import View

__all__ = [
    "apply",
    "check",
    "legal_actions",
    "listed_layoff",
    "max_game_length",
    "max_turns_per_round",
    "meld_rules",
    "new_game",
]

_ACTION_TYPES = (Draw, TakeDiscard, Meld, LayOff, Discard, EndRound)


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
    if config.first_dealer is None:
        dealer = next(rng.random_ints(seed, 0)) % players
    else:
        dealer = config.first_dealer
    full = make_deck(decks=config.decks, jokers_per_deck=config.jokers)
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
        phase=Phase.DRAW,
        to_act=(dealer + 1) % players,  # R5-11: the dealer's left plays first
        history=history,
        stacked=stacked,
    )


# ---------------------------------------------------------------------------
# Legal actions


_listed = listing.memory()
"""What :func:`legal_actions` last listed in each thread (:mod:`cardrules.listing`)."""

_DRAW: Final = Draw()
_END_ROUND: Final = EndRound()
_DISCARDS: Final = tuple(Discard(card) for card in make_deck(jokers_per_deck=1))
"""``_DISCARDS[card.index]``: actions are immutable values, so one of each will do."""


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, in the order of the module docstring."""
    known = listing.recall(_listed, state)
    if known is not None:
        return known
    if not isinstance(state, State):
        raise TypeError(f"expected a rummy500 State, not {type(state).__name__}")
    actions = _legal_actions(state)
    listing.remember(_listed, state, actions)
    return actions


def _legal_actions(state: State) -> tuple[Action, ...]:
    if state.phase is Phase.DRAW:
        return tuple(_draw_actions(state))
    if state.phase is Phase.PLAY:
        actions = _free_play_actions(state) if state.owed is None else _owed_play_actions(state)
        if not actions:
            # Only reachable with forbid_rediscard_of_taken: see _stuck().
            actions = [_DISCARDS[card.index] for card in _distinct(_hand(state))]
        return tuple(actions)
    return ()


_TAKES: dict[tuple[int, int], TakeDiscard] = {}
"""``TakeDiscard(card, count)`` by card index and count, made once each (at most 53
cards × the 108 cards a pile can hold); actions are immutable values, and the
event log remembers the text of a shared action (``rummy500.events._text``)."""


def _take(card: Card, count: int) -> TakeDiscard:
    key = (card.index, count)
    action = _TAKES.get(key)
    if action is None:
        action = _TAKES[key] = TakeDiscard(card, count)
    return action


def _draw_actions(state: State) -> list[Action]:
    actions: list[Action] = [_DRAW] if _can_draw_stock(state) else []
    config = state.config
    rules = meld_rules(config)
    discard = state.discard
    if rules.wilds:
        for count in range(1, len(discard) + 1):
            action = TakeDiscard(discard[-count], count)
            if _take_reason(state, action) is None:
                actions.append(action)
    else:
        # The same test as _take_reason, for every depth of the pile in one pass.
        hand = _hand(state)
        depths = pile_depths(
            discard,
            card_mask(hand),
            natural_table(state.melds, rules),
            rules,
            len(hand) + 1 - (0 if config.go_out_without_discard else 1),
            first_free=not config.top_discard_must_be_used,
            bridging=not config.strict_immediate,
        )
        actions += [_take(discard[-count], count) for count in depths]
    if _end_round_reason(state) is None:
        actions.append(_END_ROUND)
    return actions


def _play_candidates(state: State, *, discards: bool = True) -> list[Action]:
    """Melds, lay-offs and (unless ``discards`` is false) discards, in the documented order.

    Each is possible with the hand and the table; the turn's obligations are
    checked by the callers.
    """
    hand = _hand(state)
    rules = meld_rules(state.config)
    if rules.wilds:
        melds = find_melds(hand, rules, longest=3)  # see the module docstring
    else:
        held = card_mask(hand)
        melds = natural_melds(held, rules)
    actions: list[Action] = [_found_meld(meld) for meld in melds]
    # A hand can hold a card twice only with two decks or with jokers.
    repeats = state.config.decks > 1 or state.config.jokers > 0
    distinct = _distinct(hand) if repeats else hand
    if state.melds and not rules.wilds:
        # Only natural cards: the table says which of them fit each meld.
        table = natural_table(state.melds, rules)
        if held & table.fits:
            for target, fits in enumerate(table.fits_each):
                mine = held & fits
                if not mine:
                    continue
                table_meld = state.melds[target]
                if isinstance(table_meld, SetMeld) or len(table_meld.cards) != _TWO_ENDED:
                    actions += [_natural_layoff(card, target) for card in cards_in(mine)]
                    continue
                for card in cards_in(mine):
                    actions.extend(_layoff_actions(card, target, table_meld, rules))
    elif state.melds:
        held = card_mask(distinct)
        wild_cards = [card for card in distinct if card in rules.wilds]
        for target, table_meld in enumerate(state.melds):
            fitting = _natural_fits(table_meld, held, rules)
            if wild_cards:
                fitting = sorted({*fitting, *wild_cards})
            for card in fitting:
                actions.extend(_layoff_actions(card, target, table_meld, rules))
    if discards:
        actions.extend([_DISCARDS[card.index] for card in distinct])
    return actions


_TWO_ENDED: Final = 12
"""The one length of run whose two ends take the same natural card: 2 to K takes
the ace at either end, and so does any twelve-card run with wrap-around."""

_NATURAL_LAYOFFS: dict[tuple[int, int], LayOff] = {}
"""``LayOff(card, target)`` by card index and target, made once each (at most 53
cards times the melds a table can hold); actions are immutable values."""


def _natural_layoff(card: Card, target: int) -> LayOff:
    """The one lay-off of a natural card that fits a set, or a run of any length but
    :data:`_TWO_ENDED`, with nothing wild: ``LayOff(card, target)``, as
    :func:`_layoff_actions` lists it."""
    key = (card.index, target)
    action = _NATURAL_LAYOFFS.get(key)
    if action is None:
        action = _NATURAL_LAYOFFS[key] = LayOff(card, target)
    return action


def _found_meld(meld: TableMeld) -> Meld:
    """``Meld(meld)`` for a meld :func:`find_melds` found: already canonical (its sets
    hold natural cards in suit order, then wild cards in card order), so the
    converter's sort is skipped on this hot path."""
    action: Meld = object.__new__(Meld)
    object.__setattr__(action, "meld", meld)
    return action


def _free_play_actions(state: State) -> list[Action]:
    """The play-phase actions when no dug card is owed.

    Candidates are legal by construction (found in the hand, fitting the
    table), so only the going-out and re-discard rules are left to check; this
    gives the same list as filtering :func:`_play_candidates` through
    :func:`_reason`, only faster.
    """
    config = state.config
    candidates = _play_candidates(state)
    must_keep = not config.go_out_without_discard
    if not must_keep and not config.forbid_rediscard_of_taken:
        return candidates
    hand = _hand(state)
    size = len(hand)
    actions: list[Action] = []
    for action in candidates:
        if isinstance(action, Meld):
            if must_keep and len(action.meld.cards) == size:
                continue
        elif isinstance(action, LayOff):
            if must_keep and size == 1:
                continue
        elif (
            isinstance(action, Discard)
            and config.forbid_rediscard_of_taken
            and hand.count(action.card) <= state.taken.count(action.card)
        ):
            continue
        actions.append(action)
    return actions


def _owed_play_actions(state: State) -> list[Action]:
    """The play-phase actions while a dug card is owed (R5-4).

    No discard is allowed yet (:func:`_discard_reason`), and the melds and lay-offs of
    :func:`_play_candidates` are legal by construction, so of :func:`_reason`
    only :func:`_owed_reason` is left to check; this gives the same list as
    filtering every candidate through :func:`_reason`, only faster.
    """
    hand = _hand(state)
    owed = state.owed
    assert owed is not None
    config = state.config
    rules = meld_rules(config)
    candidates = _play_candidates(state, discards=False)
    # With wild cards, can_place searches the hand afresh for every candidate. Most
    # candidates leave some other way to place the owed card untouched: a three-card
    # meld of the hand holding it, or a lay-off on a table meld the play does not
    # change. Those "witnesses" settle most candidates at once.
    witnesses: list[Counter[Card]] = []
    fits_table: list[int] = []
    if rules.wilds and not config.strict_immediate:
        witnesses = [
            Counter(action.meld.cards)
            for action in candidates
            if isinstance(action, Meld) and owed in action.meld.cards
        ][:16]
        fits_table = [i for i, m in enumerate(state.melds) if layoff_options(m, owed, rules)]
    repeats = config.decks > 1 or config.jokers > 0  # a card held twice
    counts = Counter(hand) if witnesses or (repeats and not rules.wilds) else Counter()
    keep = 0 if config.go_out_without_discard else 1
    natural = not rules.wilds and not config.strict_immediate
    held = card_mask(hand) if natural else 0
    table = natural_table(state.melds, rules) if natural else None
    without: dict[int, NaturalTable] = {}
    actions: list[Action] = []
    for action in candidates:
        if isinstance(action, Meld):
            used: tuple[Card, ...] = action.meld.cards
            changed = len(state.melds)
            placed_owed = owed in used
        else:
            assert isinstance(action, LayOff)
            used = (action.card,)
            changed = action.target
            placed_owed = owed == action.card
        left = len(hand) - len(used)
        # _owed_reason's first answers, which need no hand after the play.
        if left == 0 or placed_owed or config.strict_immediate:
            if (config.go_out_without_discard if left == 0 else placed_owed):
                actions.append(action)
            continue
        if (fits_table or witnesses) and left > keep and (  # only with wild cards
            any(i != changed for i in fits_table)
            or any(
                left - keep >= 3 and all(counts[c] - used.count(c) >= n for c, n in w.items())
                for w in witnesses
            )
        ):
            actions.append(action)
            continue
        if table is not None:
            # _owed_reason's test with nothing wild, on masks kept from the hand before.
            if repeats:
                after = held
                for card in used:
                    if counts[card] <= used.count(card):
                        after &= ~(1 << card.index)
            else:
                after = held & ~card_mask(used)
            if not after >> owed.index & 1:
                continue
            # The table after the play is the table before a new meld, or
            # without the meld laid off on, plus that one meld: the owed card
            # fits the table after if it fits the one or goes onto the other.
            rest_of_table: NaturalTable | None = table
            if isinstance(action, Meld):
                changed_meld = action.meld
            else:
                rest_of_table = without.get(changed)
                if rest_of_table is None:
                    rest_of_table = natural_table_without(table, state.melds, changed)
                    without[changed] = rest_of_table
                laid_off = _layoff_result(state, action)
                assert laid_off is not None  # a candidate: it fits
                changed_meld = laid_off
            assert rest_of_table is not None
            if can_place_natural(owed, after, rest_of_table, rules, left - keep) or (
                can_place_on_natural(owed, after, changed_meld, rules, left - keep)
            ):
                actions.append(action)
            continue
        melds_after = _melds_after(state, action)
        rest = _remove(hand, used)
        assert rest is not None
        if _owed_reason(state, rest, melds_after, placed_owed, changed) is None:
            actions.append(action)
    return actions


def _melds_after(state: State, action: Meld | LayOff) -> tuple[TableMeld, ...]:
    """The table after a meld or lay-off of the hand (legal, found by :func:`_play_candidates`)."""
    if isinstance(action, Meld):
        return (*state.melds, action.meld)
    return _replace(state.melds, action.target, _layoff_result(state, action))


def _natural_fits(table_meld: TableMeld, held: int, rules: MeldRules) -> list[Card]:
    """The held natural cards that could extend a meld, in hand order.

    ``held`` is the :func:`~cardrules.rummy.melds.card_mask` of the hand. A set
    takes only its rank; a run only the cards just below and above it.
    """
    if isinstance(table_meld, SetMeld):
        wanted: tuple[Card, ...] = tuple(card_at(suit, table_meld.rank) for suit in SUITS)
    else:
        low = card_at(table_meld.suit, table_meld.start - 1 or 13)
        high = card_at(table_meld.suit, table_meld.start + len(table_meld.cards))
        wanted = (low,) if low is high else (low, high) if low < high else (high, low)
    return [card for card in wanted if held >> card.index & 1 and card not in rules.wilds]


def _layoff_actions(
    card: Card, target: int, table_meld: TableMeld, rules: MeldRules
) -> list[LayOff]:
    return [action for action, _ in _layoff_moves(card, target, table_meld, rules)]


def _layoff_moves(
    card: Card, target: int, table_meld: TableMeld, rules: MeldRules
) -> list[tuple[LayOff, TableMeld]]:
    """Each way to lay ``card`` off on the meld, with the meld it makes.

    ``end`` is named only when the card could stand for the same thing at
    either end of a run (wrap-around).
    """
    options = layoff_options(table_meld, card, rules)
    if len(options) == 1:
        stands_for, new = options[0]
        shared = _natural_layoff(card, target) if stands_for is None else None
        return [(shared or LayOff(card, target, stands_for), new)]
    moves = []
    for stands_for, new in options:
        end: Literal["low", "high"] | None = None
        if sum(1 for other, _ in options if other == stands_for) > 1:
            end = _end_of(table_meld, new)
        moves.append((LayOff(card, target, stands_for, end), new))
    return moves


def _distinct(cards: Sequence[Card]) -> list[Card]:
    """The cards without repeats, in order (hands are sorted: repeats are neighbours)."""
    return [card for card, before in zip(cards, (None, *cards)) if card is not before]


def _hand(state: State) -> tuple[Card, ...]:
    assert state.to_act is not None
    return state.hands[state.to_act]


def _can_draw_stock(state: State) -> bool:
    if state.stock:
        return True
    return (
        state.config.stock_exhausted == "reshuffle"
        and len(state.discard) > 1
        and state.reshuffles < state.config.reshuffle_limit
    )


# ---------------------------------------------------------------------------
# Reasons an action is illegal


def check(state: State, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason :func:`apply` would give."""
    if not isinstance(state, State):
        raise TypeError(f"expected a rummy500 State, not {type(state).__name__}")
    if not isinstance(action, _ACTION_TYPES):
        return f"{type(action).__name__} is not a Rummy 500 action"
    shape = _shape_reason(action)
    if shape is not None:
        return shape
    if state.phase is Phase.OVER:
        return "the game is over"
    reason = _reason(state, action)
    if (
        reason is not None
        and isinstance(action, Discard)
        and state.phase is Phase.PLAY
        and action.card in _hand(state)
        and _stuck(state)
    ):
        return None
    return reason


MAX_NUMBER: Final = 10_000
"""Numbers in actions (meld numbers, cards taken) above this are refused before use."""


def _shape_reason(action: Action) -> str | None:
    """Why an action's fields are not of the types its class declares, if they are not.

    Actions are plain attrs values, so any object can be put in a field; the
    rules look at the fields only once this passes, so a crafted action gets
    this reason from :func:`check` and :func:`apply` alike (issue 15 item 7).
    The fields are read untyped (``raw``): the compiled build checks a typed
    read and would raise ``TypeError`` on exactly the values looked for here.
    """
    raw: Any = action
    if isinstance(action, Draw | EndRound):
        return None
    if isinstance(action, TakeDiscard):
        if not isinstance(raw.card, Card):
            return "name a card to take"
        count = raw.count
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            return "the number of cards taken must be at least 1"
        if count > MAX_NUMBER:
            return "the discard pile is not that deep"
        return None
    if isinstance(action, Discard):
        return None if isinstance(raw.card, Card) else "name a card to discard"
    if isinstance(action, LayOff):
        if not isinstance(raw.card, Card):
            return "name a card to lay off"
        target = raw.target
        if isinstance(target, bool) or not isinstance(target, int):
            return "name a meld by its number"
        if not 0 <= target < MAX_NUMBER:
            return "there is no such meld on the table"
        if raw.stands_for is not None and not isinstance(raw.stands_for, Card):
            return "a joker stands for a card"
        if raw.end not in (None, "low", "high"):
            return "the end of a run is 'low' or 'high'"
        return None
    return _meld_shape_reason(raw.meld)


def _meld_shape_reason(meld: object) -> str | None:
    fields: Any = meld  # read untyped, as in _shape_reason
    cards: Any
    if type(meld) is RunMeld:
        suit, start, cards = fields.suit, fields.start, fields.cards
        if not isinstance(suit, Suit) or isinstance(start, bool) or not isinstance(start, int):
            return "a run names its suit and the position of its first card"
    elif type(meld) is SetMeld:
        cards = fields.cards
        if not isinstance(fields.rank, Rank) or not isinstance(fields.suits, tuple) or not all(
            suit is None or isinstance(suit, Suit) for suit in fields.suits
        ):
            return "a set names its rank and the suit of each card"
    else:
        return "a meld is a run or a set"
    if not isinstance(cards, tuple) or not all(isinstance(card, Card) for card in cards):
        return "a meld is made of cards"
    if len(cards) > 13:
        return "a run has at most 13 cards"
    return None


def _stuck(state: State) -> bool:
    """True when no regular play can end the turn, so any discard is allowed.

    With ``forbid_rediscard_of_taken`` a hand of taken cards only, none of which
    can be melded, would otherwise leave the player with no legal move.
    """
    return not any(_reason(state, a) is None for a in _play_candidates(state))


def _reason(state: State, action: Action) -> str | None:
    if state.phase is Phase.DRAW:
        if isinstance(action, Draw):
            if _can_draw_stock(state):
                return None
            return "the stock is empty"
        if isinstance(action, TakeDiscard):
            return _take_reason(state, action)
        if isinstance(action, EndRound):
            return _end_round_reason(state)
        return "you must draw first: from the stock or the discard pile"
    if isinstance(action, Draw | TakeDiscard):
        return "you have already drawn this turn"
    if isinstance(action, EndRound):
        return "the round can only be ended instead of drawing from an empty stock"
    if isinstance(action, Meld):
        return _meld_reason(state, action)
    if isinstance(action, LayOff):
        return _layoff_reason(state, action)
    return _discard_reason(state, action)


def _take_reason(state: State, action: TakeDiscard) -> str | None:
    config = state.config
    pile = state.discard
    count = action.count
    if action.card not in pile:
        return f"the {action.card} is not in the discard pile"
    if count > len(pile) or pile[-count] != action.card:
        return f"the {action.card} is not card number {count} from the top of the discard pile"
    if count == 1 and not config.top_discard_must_be_used:
        return None  # R5-3 option: the top card alone is an ordinary draw
    hand = _hand(state) + pile[-count:]
    keep = 0 if config.go_out_without_discard else 1
    rules = meld_rules(config)
    if config.strict_immediate:
        placeable = _place_directly(action.card, hand, state.melds, rules, keep)
    else:
        placeable = can_place(action.card, hand, state.melds, rules, keep=keep)
    if not placeable:
        return (
            f"you could not meld or lay off the {action.card} this turn, "
            "so you may not take it (R5-4)"
        )
    return None


def _place_directly(
    card: Card, hand: Sequence[Card], table: Sequence[TableMeld], rules: MeldRules, keep: int
) -> bool:
    budget = len(hand) - keep
    held = card_mask(hand)
    if not rules.wilds and held >> card.index & 1:
        table_now = natural_table(table, rules)
        return can_place_natural(card, held, table_now, rules, budget, bridging=False)
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
    hand_after: Sequence[Card],
    melds_after: tuple[TableMeld, ...],
    placed_owed: bool,
    changed: int,
) -> str | None:
    """The reason a meld or lay-off is illegal because of the dug card owed (R5-4, R5-9).

    ``melds_after`` is the table after the play, whose meld number ``changed``
    is the new or extended one.
    """
    owed = state.owed
    config = state.config
    if not hand_after:
        if not config.go_out_without_discard:
            return "you must keep a card to discard: going out needs a discard (R5-9)"
        return None
    if owed is None or placed_owed:
        return None
    if config.strict_immediate:
        return f"you must first meld or lay off the {owed} you took (R5-4, strict)"
    keep = 0 if config.go_out_without_discard else 1
    rules = meld_rules(config)
    if rules.wilds:
        placeable = can_place(owed, hand_after, melds_after, rules, keep=keep)
    else:
        # As can_place does, with the table summed up from the one before the play.
        held = card_mask(hand_after)
        table = natural_table_after(natural_table(state.melds, rules), melds_after, changed, rules)
        placeable = bool(held >> owed.index & 1) and can_place_natural(
            owed, held, table, rules, len(hand_after) - keep
        )
    if not placeable:
        return f"that would leave you unable to use the {owed} you took from the pile (R5-4)"
    return None


def _remove(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """The hand without ``cards``, or ``None`` if it does not hold them all."""
    rest = list(hand)
    for card in cards:
        try:
            rest.remove(card)
        except ValueError:
            return None
    return tuple(rest)


def _meld_reason(state: State, action: Meld) -> str | None:
    meld = action.meld
    rest = _remove(_hand(state), meld.cards)
    if rest is None:
        missing = _remove(meld.cards, _hand(state)) or meld.cards
        return f"you do not hold {' '.join(str(c) for c in sort_cards(missing))}"
    error = meld_error(meld, meld_rules(state.config))
    if error is not None:
        return f"{describe(meld)} is not a meld: {error}"
    placed_owed = state.owed is not None and state.owed in meld.cards
    return _owed_reason(state, rest, (*state.melds, meld), placed_owed, len(state.melds))


def _layoff_reason(state: State, action: LayOff) -> str | None:
    hand = _hand(state)
    if action.card not in hand:
        return f"you do not hold the {action.card}"
    target = action.target
    if not 0 <= target < len(state.melds):
        return f"there is no meld #{target + 1} on the table"
    new = _layoff_result(state, action)
    if new is None:
        existing = describe(state.melds[target])
        if action.end is not None and _layoff_result(state, attrs.evolve(action, end=None)):
            return (
                f"the {action.card} does not fit at the {action.end} end of "
                f"#{target + 1} ({existing})"
            )
        return f"the {action.card} does not fit on #{target + 1} ({existing})"
    rest = _remove(hand, (action.card,))
    assert rest is not None
    melds_after = (*state.melds[:target], new, *state.melds[target + 1 :])
    return _owed_reason(state, rest, melds_after, state.owed == action.card, target)


def _layoff_result(state: State, action: LayOff) -> TableMeld | None:
    """The meld ``action`` makes, or ``None`` if it is no lay-off of the card there.

    A lay-off that names the one end its card fits is the listed lay-off
    without the end (issue 20): ``lay off A♥ on #1 at the high end`` onto
    J♥ Q♥ K♥.
    """
    table_meld = state.melds[action.target]
    rules = meld_rules(state.config)
    moves = _layoff_moves(action.card, action.target, table_meld, rules)
    for candidate, new in moves:
        if candidate is action or candidate == action:
            return new
    if action.end is not None and isinstance(table_meld, RunMeld):
        for candidate, new in moves:
            if (
                candidate.end is None
                and candidate.stands_for == action.stands_for
                and _end_of(table_meld, new) == action.end
            ):
                return new
    return None


def listed_layoff(state: State | View, action: LayOff) -> LayOff:
    """The listed form of a lay-off: without an ``end`` when the card fits only that end.

    Any other lay-off is returned as it is (for :func:`check` to judge).

    >>> from cardrules.rummy500 import LayOff, new_game
    >>> from cardrules.cards import parse_card
    >>> listed_layoff(new_game(seed=1), LayOff(parse_card("AH"), 0, end="high")).end
    'high'
    """
    if (
        _shape_reason(action) is not None  # before any typed read of a crafted field
        or action.end is None
        or state.phase is not Phase.PLAY
        or not 0 <= action.target < len(state.melds)
        or not isinstance(state.melds[action.target], RunMeld)
    ):
        return action
    bare = attrs.evolve(action, end=None)
    table_meld = state.melds[action.target]
    rules = meld_rules(state.config)
    moves = _layoff_moves(action.card, action.target, table_meld, rules)
    if any(candidate == action for candidate, _ in moves):
        return action
    for candidate, new in moves:
        if candidate == bare and _end_of(table_meld, new) == action.end:
            return bare
    return action


def _end_of(old: TableMeld, new: TableMeld) -> Literal["low", "high"]:
    if isinstance(old, RunMeld) and isinstance(new, RunMeld) and new.cards[1:] == old.cards:
        return "low"
    return "high"


def _discard_reason(state: State, action: Discard) -> str | None:
    hand = _hand(state)
    card = action.card
    if not isinstance(card, Card) or card not in hand:
        return f"you do not hold the {card}"
    if state.owed is not None:
        return (
            f"you must meld or lay off the {state.owed} you took from the discard pile "
            "before you discard (R5-4)"
        )
    if state.config.forbid_rediscard_of_taken and hand.count(card) <= state.taken.count(card):
        return f"you took the {card} from the discard pile this turn and may not discard it (R5-5)"
    return None


# ---------------------------------------------------------------------------
# Applying actions


def apply(state: State, action: object) -> State:
    """The state after ``action``. Raises :class:`~cardrules.IllegalActionError` if illegal.

    The input state is never changed. A lay-off that names an end it does not
    need is played (and logged) as the listed lay-off, so equal moves give equal
    states.
    """
    if (
        isinstance(action, LayOff)
        and isinstance(state, State)
        and _shape_reason(action) is None  # first: a crafted field gets its reason inside
        and action.end is not None
    ):
        action = listed_layoff(state, action)
    # The event hook is typed for actions; an object of any other type is refused
    # inside, with the same reason check gives.
    listed: Any = action
    return _apply_logged(state, listed)


@logs_events(new_log)  # the public event log (cardrules.events)
def _apply_logged(state: State, action: object) -> State:
    if not listing.was_listed(_listed, state, action):
        reason = check(state, action)
        if reason is not None:
            raise IllegalActionError(reason, action)
    assert state.to_act is not None
    if isinstance(action, Discard):  # the most common actions first
        return _apply_discard(state, action.card)
    if isinstance(action, Draw):
        return _apply_draw(state)
    if isinstance(action, TakeDiscard):
        return _apply_take(state, action)
    if isinstance(action, Meld):
        return _apply_placement(state, action.meld, None, action.meld.cards)
    if isinstance(action, LayOff):
        new = _layoff_result(state, action)
        assert new is not None
        return _apply_placement(state, new, action.target, (action.card,))
    assert isinstance(action, EndRound)
    return _end_round(state, ended_by="stock_exhausted", went_out=None)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


_FIELD_NAMES: Final = tuple(field.name for field in attrs.fields(State))
_FIELD_INDEX: Final = {name: i for i, name in enumerate(_FIELD_NAMES)}
_field_values: Final = operator.attrgetter(*_FIELD_NAMES)


def _evolve(state: State, **changes: Any) -> State:
    """``attrs.evolve(state, **changes)`` without looking the fields up on every call."""
    values = list(_field_values(state))
    for name, value in changes.items():
        values[_FIELD_INDEX[name]] = value
    return State(*values)


# The three changes of nearly every move, each passing every field by position, in
# State's order (pinned by a test): a move makes a state, and looking the fields up
# by name was a tenth of it.


def _after_draw(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    shuffles: int,
    reshuffles: int,
    stock_ran_out: bool,
    owed: Card | None,
    taken: tuple[Card, ...],
) -> State:
    """``state`` after a draw from the stock or the discard pile: the play phase."""
    return State(
        state.config,
        state.seed,
        shuffles,
        state.round_number,
        state.dealer,
        state.scores,
        hands,
        stock,
        discard,
        state.melds,
        state.meld_owners,
        state.placed,
        state.placed_points,
        Phase.PLAY,
        state.to_act,
        owed,
        taken,
        stock_ran_out,
        reshuffles,
        state.history,
        state.winners,
        state.turns,
        state.events,
        state.stacked,
    )


def _after_placement(
    state: State,
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[TableMeld, ...],
    meld_owners: tuple[int, ...],
    placed: tuple[tuple[Card, ...], ...],
    placed_points: tuple[tuple[int, ...], ...],
    owed: Card | None,
) -> State:
    """``state`` after a meld or a lay-off: the same seat plays on."""
    return State(
        state.config,
        state.seed,
        state.shuffles,
        state.round_number,
        state.dealer,
        state.scores,
        hands,
        state.stock,
        state.discard,
        melds,
        meld_owners,
        placed,
        placed_points,
        state.phase,
        state.to_act,
        owed,
        state.taken,
        state.stock_ran_out,
        state.reshuffles,
        state.history,
        state.winners,
        state.turns,
        state.events,
        state.stacked,
    )


def _after_discard(
    state: State, hands: tuple[tuple[Card, ...], ...], discard: tuple[Card, ...], turns: int
) -> State:
    """``state`` after a discard that does not end the round: the next seat draws."""
    assert state.to_act is not None
    return State(
        state.config,
        state.seed,
        state.shuffles,
        state.round_number,
        state.dealer,
        state.scores,
        hands,
        state.stock,
        discard,
        state.melds,
        state.meld_owners,
        state.placed,
        state.placed_points,
        Phase.DRAW,
        (state.to_act + 1) % len(state.hands),
        None,
        (),
        state.stock_ran_out,
        state.reshuffles,
        state.history,
        state.winners,
        turns,
        state.events,
        state.stacked,
    )


def _index_of(card: Card) -> int:
    return card.index


def _with_card(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The sorted hand with ``card`` added in its place."""
    at = bisect.bisect_right(hand, card.index, key=_index_of)
    return (*hand[:at], card, *hand[at:])


def _apply_draw(state: State) -> State:
    seat = state.to_act
    assert seat is not None
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
    card = stock[0]
    hands = _replace(state.hands, seat, _with_card(state.hands[seat], card))
    return _after_draw(
        state, hands, stock[1:], discard, shuffles, reshuffles, last, state.owed, state.taken
    )


def _apply_take(state: State, action: TakeDiscard) -> State:
    seat = state.to_act
    assert seat is not None
    taken = state.discard[-action.count :]
    must_use = action.count > 1 or state.config.top_discard_must_be_used
    hands = _replace(state.hands, seat, sort_cards((*state.hands[seat], *taken)))
    return _after_draw(
        state,
        hands,
        state.stock,
        state.discard[: -action.count],
        state.shuffles,
        state.reshuffles,
        state.stock_ran_out,
        action.card if must_use else None,
        taken,
    )


def _apply_placement(
    state: State, meld: TableMeld, target: int | None, cards: tuple[Card, ...]
) -> State:
    seat = state.to_act
    assert seat is not None
    rest = _remove(state.hands[seat], cards)
    assert rest is not None
    if target is None:
        melds = (*state.melds, meld)
        owners = (*state.meld_owners, seat)
        indexes = range(len(meld.cards))
    else:
        melds = _replace(state.melds, target, meld)
        owners = state.meld_owners
        indexes = range(1) if _end_of(state.melds[target], meld) == "low" else range(
            len(meld.cards) - 1, len(meld.cards)
        )
    rules = meld_rules(state.config)
    if rest and not rules.wilds:  # going out ends the round: that table is not asked about again
        note_table_change(state.melds, melds, len(state.melds) if target is None else target, rules)
    points = tuple(scoring.placement_points(meld, i, state.config) for i in indexes)
    owed = state.owed
    if owed is not None and owed in cards:
        owed = None
    new = _after_placement(
        state,
        _replace(state.hands, seat, rest),
        melds,
        owners,
        _replace(state.placed, seat, (*state.placed[seat], *cards)),
        _replace(state.placed_points, seat, (*state.placed_points[seat], *points)),
        owed,
    )
    if not rest:
        return _end_round(new, ended_by="went_out", went_out=seat)  # R5-9
    return new


def _apply_discard(state: State, card: Card) -> State:
    seat = state.to_act
    assert seat is not None
    rest = _remove(state.hands[seat], (card,))
    assert rest is not None
    hands = _replace(state.hands, seat, rest)
    discard = (*state.discard, card)
    turns = state.turns + 1
    if not rest or state.stock_ran_out or turns >= state.config.max_turns:
        new = _evolve(state, hands=hands, discard=discard, turns=turns)
        if not rest:
            return _end_round(new, ended_by="went_out", went_out=seat)
        if state.stock_ran_out:
            return _end_round(new, ended_by="stock_exhausted", went_out=None)  # R5-6 "end"
        return _end_round(new, ended_by="turn_limit", went_out=None)  # Config.max_turns
    return _after_discard(state, hands, discard, turns)


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
            phase=Phase.OVER,
            to_act=None,
            owed=None,
            taken=(),
            stock_ran_out=False,
        )
    full = make_deck(decks=config.decks, jokers_per_deck=config.jokers)
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
