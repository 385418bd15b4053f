"""Rummy 500 rules: dealing, legal actions and their effects.

Every public function is pure. ``legal_actions`` and ``check`` share one set
of reasons, so an action is listed exactly when ``check`` accepts it.

Order of :func:`legal_actions`:

* draw phase: ``Draw`` (when the stock can be drawn), then ``TakeDiscard`` from
  the top card down to the deepest legal dig, then ``EndRound`` (empty stock only);
* play phase: ``Meld`` in :func:`cardrules.rummy.find_melds` order (sets by rank,
  then runs by suit, start and length), ``LayOff`` by table meld, then hand
  order, then ``Discard`` in hand order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any, Literal

import attrs

from cardrules import rng
from cardrules.cards import SUITS, Card, make_deck, sort_cards
from cardrules.errors import IllegalActionError
from cardrules.rummy.melds import (
    MeldRules,
    RunMeld,
    SetMeld,
    TableMeld,
    can_place,
    can_place_natural,
    card_at,
    describe,
    find_melds,
    find_melds_with,
    layoff_options,
    meld_error,
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
from cardrules.rummy500.state import Phase, State

__all__ = ["apply", "check", "legal_actions", "meld_rules", "new_game"]

_ACTION_TYPES = (Draw, TakeDiscard, Meld, LayOff, Discard, EndRound)


def meld_rules(config: Config) -> MeldRules:
    """The meld rules of a config: jokers wild when in play (R5-12), wrap-around per option."""
    return config.meld_rules


# ---------------------------------------------------------------------------
# A new game and the deal


def new_game(
    config: Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
) -> State:
    """Start a game and deal the first round.

    ``deck`` (top card first) stacks the first deal: cards go one at a time to
    each player, starting left of the dealer and ending with the dealer, until
    every hand is full; the next card is the upcard that starts the discard
    pile; the rest is the stock, top first. Later rounds are shuffled from
    ``seed``. The first dealer is ``config.first_dealer`` or drawn from the seed.

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
        scores=(0,) * players,
        history=(),
        deck=cards,
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
    )


# ---------------------------------------------------------------------------
# Legal actions


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, in the order of the module docstring."""
    if state.phase is Phase.DRAW:
        return tuple(_draw_actions(state))
    if state.phase is Phase.PLAY:
        if state.owed is None:
            actions = list(_free_play_actions(state))
        else:
            actions = [a for a in _play_candidates(state) if _reason(state, a) is None]
        if not actions:
            # Only reachable with forbid_rediscard_of_taken: see _stuck().
            actions = [Discard(card) for card in _distinct(_hand(state))]
        return tuple(actions)
    return ()


def _draw_actions(state: State) -> Iterator[Action]:
    if _can_draw_stock(state):
        yield Draw()
    config = state.config
    rules = meld_rules(config)
    if rules.wilds or config.strict_immediate:
        for count in range(1, len(state.discard) + 1):
            action = TakeDiscard(state.discard[-count], count)
            if _take_reason(state, action) is None:
                yield action
    else:
        # The same test as _take_reason, with one set of held cards grown depth by depth.
        hand = _hand(state)
        held = set(hand)
        keep = 0 if config.go_out_without_discard else 1
        for count in range(1, len(state.discard) + 1):
            card = state.discard[-count]
            held.add(card)
            budget = len(hand) + count - keep
            if (count == 1 and not config.top_discard_must_be_used) or can_place_natural(
                card, held, state.melds, rules, budget
            ):
                yield TakeDiscard(card, count)
    if _end_round_reason(state) is None:
        yield EndRound()


def _play_candidates(state: State) -> Iterator[Action]:
    hand = _hand(state)
    rules = meld_rules(state.config)
    for meld in find_melds(hand, rules):
        yield Meld(meld)
    distinct = _distinct(hand)
    held = set(distinct)
    wild_cards = [card for card in distinct if card in rules.wilds]
    for target, table_meld in enumerate(state.melds):
        fitting = _natural_fits(table_meld, held, rules)
        if wild_cards:
            fitting = sorted({*fitting, *wild_cards})
        for card in fitting:
            yield from _layoff_actions(card, target, table_meld, rules)
    for card in distinct:
        yield Discard(card)


def _free_play_actions(state: State) -> Iterator[Action]:
    """The play-phase actions when no dug card is owed.

    Candidates are legal by construction (found in the hand, fitting the
    table), so only the going-out and re-discard rules are left to check; this
    gives the same list as filtering :func:`_play_candidates` through
    :func:`_reason`, only faster.
    """
    config = state.config
    hand = _hand(state)
    size = len(hand)
    must_keep = not config.go_out_without_discard
    for action in _play_candidates(state):
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
        yield action


def _natural_fits(table_meld: TableMeld, held: set[Card], rules: MeldRules) -> list[Card]:
    """The held natural cards that could extend a meld, in hand order.

    A set takes only its rank; a run only the cards just below and above it.
    """
    if isinstance(table_meld, SetMeld):
        wanted = [card_at(suit, int(table_meld.rank)) for suit in SUITS]
    else:
        wanted = [
            card_at(table_meld.suit, table_meld.start - 1 or 13),
            card_at(table_meld.suit, table_meld.start + len(table_meld.cards)),
        ]
    return sorted(card for card in set(wanted) if card in held and card not in rules.wilds)


def _layoff_actions(
    card: Card, target: int, table_meld: TableMeld, rules: MeldRules
) -> Iterator[LayOff]:
    options = layoff_options(table_meld, card, rules)
    seen: Counter[Card | None] = Counter(stands_for for stands_for, _ in options)
    for stands_for, new in options:
        end: Literal["low", "high"] | None = None
        if seen[stands_for] > 1:
            end = _end_of(table_meld, new)
        yield LayOff(card, target, stands_for, end)


def _distinct(cards: Sequence[Card]) -> list[Card]:
    return list(dict.fromkeys(cards))


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
        return f"{action!r} is not a Rummy 500 action"
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
    if not isinstance(action.card, Card):
        return "name a card to take"
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        return "the number of cards taken must be at least 1"
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
    state: State, hand_after: Sequence[Card], melds_after: Sequence[TableMeld], placed_owed: bool
) -> str | None:
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
    if not can_place(owed, hand_after, melds_after, meld_rules(config), keep=keep):
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
    if not isinstance(meld, RunMeld | SetMeld):
        return "a meld is a run or a set"
    rest = _remove(_hand(state), meld.cards)
    if rest is None:
        missing = _remove(meld.cards, _hand(state)) or meld.cards
        return f"you do not hold {' '.join(str(c) for c in sort_cards(missing))}"
    error = meld_error(meld, meld_rules(state.config))
    if error is not None:
        return f"{describe(meld)} is not a meld: {error}"
    placed_owed = state.owed is not None and state.owed in meld.cards
    return _owed_reason(state, rest, (*state.melds, meld), placed_owed)


def _layoff_reason(state: State, action: LayOff) -> str | None:
    hand = _hand(state)
    if not isinstance(action.card, Card) or action.card not in hand:
        return f"you do not hold the {action.card}"
    target = action.target
    if isinstance(target, bool) or not isinstance(target, int):
        return f"name a meld by its number, not {target!r}"
    if not 0 <= target < len(state.melds):
        return f"there is no meld #{target + 1} on the table"
    new = _layoff_result(state, action)
    if new is None:
        existing = describe(state.melds[target])
        return f"the {action.card} does not fit on #{target + 1} ({existing})"
    rest = _remove(hand, (action.card,))
    assert rest is not None
    melds_after = (*state.melds[:target], new, *state.melds[target + 1 :])
    return _owed_reason(state, rest, melds_after, state.owed == action.card)


def _layoff_result(state: State, action: LayOff) -> TableMeld | None:
    table_meld = state.melds[action.target]
    rules = meld_rules(state.config)
    for candidate in _layoff_actions(action.card, action.target, table_meld, rules):
        if candidate == action:
            for stands_for, new in layoff_options(table_meld, action.card, rules):
                if stands_for != action.stands_for:
                    continue
                if action.end is None or _end_of(table_meld, new) == action.end:
                    return new
    return None


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

    The input state is never changed.
    """
    reason = check(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    assert state.to_act is not None
    if isinstance(action, Draw):
        return _apply_draw(state)
    if isinstance(action, TakeDiscard):
        return _apply_take(state, action)
    if isinstance(action, EndRound):
        return _end_round(state, ended_by="stock_exhausted", went_out=None)
    if isinstance(action, Meld):
        return _apply_placement(state, action.meld, None, action.meld.cards)
    if isinstance(action, LayOff):
        new = _layoff_result(state, action)
        assert new is not None
        return _apply_placement(state, new, action.target, (action.card,))
    assert isinstance(action, Discard)
    return _apply_discard(state, action.card)


def _replace(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*items[:index], value, *items[index + 1 :])


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
    return attrs.evolve(
        state,
        hands=_replace(state.hands, seat, sort_cards((*state.hands[seat], card))),
        stock=stock[1:],
        discard=discard,
        shuffles=shuffles,
        reshuffles=reshuffles,
        phase=Phase.PLAY,
        stock_ran_out=last,
    )


def _apply_take(state: State, action: TakeDiscard) -> State:
    seat = state.to_act
    assert seat is not None
    taken = state.discard[-action.count :]
    must_use = action.count > 1 or state.config.top_discard_must_be_used
    return attrs.evolve(
        state,
        hands=_replace(state.hands, seat, sort_cards((*state.hands[seat], *taken))),
        discard=state.discard[: -action.count],
        phase=Phase.PLAY,
        owed=action.card if must_use else None,
        taken=taken,
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
    points = tuple(scoring.placement_points(meld, i, state.config) for i in indexes)
    owed = state.owed
    if owed is not None and owed in cards:
        owed = None
    new = attrs.evolve(
        state,
        hands=_replace(state.hands, seat, rest),
        melds=melds,
        meld_owners=owners,
        placed=_replace(state.placed, seat, (*state.placed[seat], *cards)),
        placed_points=_replace(state.placed_points, seat, (*state.placed_points[seat], *points)),
        owed=owed,
    )
    if not rest:
        return _end_round(new, ended_by="went_out", went_out=seat)  # R5-9
    return new


def _apply_discard(state: State, card: Card) -> State:
    seat = state.to_act
    assert seat is not None
    rest = _remove(state.hands[seat], (card,))
    assert rest is not None
    new = attrs.evolve(
        state,
        hands=_replace(state.hands, seat, rest),
        discard=(*state.discard, card),
    )
    if not rest:
        return _end_round(new, ended_by="went_out", went_out=seat)
    if state.stock_ran_out:
        return _end_round(new, ended_by="stock_exhausted", went_out=None)  # R5-6 "end"
    return attrs.evolve(
        new,
        phase=Phase.DRAW,
        to_act=(seat + 1) % state.num_players,
        owed=None,
        taken=(),
    )


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
    winners = scoring.winners_after_round(scores, config)
    if winners:
        return attrs.evolve(
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
        deck=rng.shuffle(full, seed=state.seed, stream=state.shuffles),
    )
