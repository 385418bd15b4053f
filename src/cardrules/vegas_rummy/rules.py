"""Las Vegas Rummy play: new games, legal actions, applying and checking actions.

Canonical order of :func:`legal_actions`:

* ``"draw"`` phase: ``Draw`` then ``TakeDiscard`` (each only when legal).
* ``"play"`` phase: melds of three cards (sets by rank, then runs by suit and
  start; see :func:`cardrules.rummy.wilds.enumerate_melds`), then lay-offs (by
  table meld, then card in hand order, then natural placement, the open place,
  then wild placements), then swaps (solidarity off; by table meld, then card,
  then wild card), then discards (hand order).
* ``"decide"``: ``Rebuy``, ``Retire``. ``"table"``: ``Deal``. ``"over"``: nothing.

**Canonical forms** (``docs/vegas_rummy.rst``, "Canonical forms"): only
three-card melds are moves (a longer meld is a three-card meld and lay-offs,
which give the same table; :func:`check` refuses a longer one saying so). Equal
cards are one action (cards are values). With meld solidarity on (the default)
a wild card on the table can never come back, so the arrangements of the same
wild cards over the same wild places are one action, in the form
:func:`canonical` gives; with solidarity off each arrangement is a move (a later
swap gives back a different card). :func:`check` judges, and :func:`apply`
plays, the canonical form, so ``check`` accepts an action exactly when its
canonical form is listed.

**Ending the turn** (LV-5, LV-11 option). An action is listed (and accepted)
exactly when the turn can still end legally after it: with a discard, or by
going out when ``go_out_without_discard``. With
``forbid_rediscard_of_taken_card`` a hand left with nothing but the taken card
(or its copies) can still end the turn if a swap brings a wild card into the
hand, or if every card left can be placed and going out without a discard is
allowed; the answer does not depend on the order of the moves.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal
from functools import lru_cache
from typing import Final, Literal, TypeVar

from cardrules import rng, stacking
from cardrules.cards import (
    Card,
    Rank,
    check_same_cards,
    make_deck,
    sort_cards,
)
from cardrules.errors import IllegalActionError
from cardrules.events import logs_events
from cardrules.evolve import evolver
from cardrules.rummy.melds import (
    MeldRules,
    SetMeld,
    TableMeld,
    meld_error,
)
from cardrules.rummy.wilds import (
    check_meld_cards,
    enumerate_melds,
    layoff_choices,
    meld_text,
    normalize,
    placed_card_text,
    swap_options,
    wild_mask,
)
from cardrules.vegas_rummy import betting, scoring
from cardrules.vegas_rummy.actions import (
    Action,
    Deal,
    Discard,
    Draw,
    LayOff,
    Meld,
    Rebuy,
    Retire,
    SwapWild,
    TakeDiscard,
    malformed,
)
from cardrules.vegas_rummy.config import DECK_SIZE, MAX_DECKS, MAX_SEATS, Config
from cardrules.vegas_rummy.events import new_log
from cardrules.vegas_rummy.state import (
    CutAttempt,
    LedgerEntry,
    OwnedMeld,
    Phase,
    RoundResult,
    State,
    _scope_wilds,
    pack_of_size,
)

__all__ = [
    "apply",
    "canonical",
    "check",
    "cut_value",
    "join",
    "legal_actions",
    "max_game_length",
    "meld_rules",
    "new_game",
    "round_meld_rules",
]

_evolve: Final = evolver(State)
"""``attrs.evolve``, the fields looked up once: a new state is made at every action."""

T = TypeVar("T")

# The phases as module constants: an enum member read as ``Phase.draw`` goes
# through the enum class's attribute lookup (about 0.1 µs), and the rules ask
# for the phase some twenty times an action.
_DRAW: Final = Phase.draw
_PLAY: Final = Phase.play
_DECIDE: Final = Phase.decide
_TABLE: Final = Phase.table
_OVER: Final = Phase.over
_IN_ROUND: Final = (_DRAW, _PLAY)
_BETWEEN_ROUNDS: Final = (_DECIDE, _TABLE)

_ACTION_TYPES = (Draw, TakeDiscard, Meld, LayOff, SwapWild, Discard, Rebuy, Retire, Deal)


# ---------------------------------------------------------------------------
# Rules of a round


@lru_cache(maxsize=256)
def _rules(
    wild_scope: Literal["rank", "card"],
    allow_wraparound: bool,
    meld_strictness: bool,
    require_natural: bool,
    set_wild_suit: str,
    upcard: Card,
) -> MeldRules:
    # Keyed by the settings it reads, not the whole config: a lookup at every
    # move would otherwise hash and compare every field of the config.
    return MeldRules(
        wilds=_scope_wilds(wild_scope, upcard),  # LV-2
        allow_wraparound=allow_wraparound,  # LV-9
        max_wilds=1 if meld_strictness else None,  # LV-6
        require_natural=require_natural,  # LV-6
        declare_set_suits=set_wild_suit == "declare_or_open",  # LV-8
    )


def meld_rules(state: State) -> MeldRules:
    """The meld rules of the round being played (wild cards from the upcard).

    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2, first_dealer=0), seed=3)
    >>> sorted(str(card) for card in meld_rules(state).wilds)
    ['A♠', 'A♣', 'A♥', 'A♦', 'JK']
    """
    if state.upcard is None:
        raise ValueError("no round is being played")
    return round_meld_rules(state.config, state.upcard)


def round_meld_rules(config: Config, upcard: Card) -> MeldRules:
    """The meld rules of a round under ``config`` with ``upcard`` turned up
    (LV-2, LV-6, LV-8, LV-9): what :func:`meld_rules` gives, for a bot's view too.

    >>> from cardrules import vegas_rummy as vr
    >>> from cardrules.cards import parse_card
    >>> round_meld_rules(vr.Config(), parse_card("9D")).max_wilds is None
    True
    """
    return _rules(
        config.wild_scope,
        config.allow_wraparound,
        config.meld_strictness,
        config.require_natural,
        config.set_wild_suit,
        upcard,
    )


def cut_value(card: Card) -> int:
    """A card's rank in the cut for the first dealer: joker > A > K > … > 2 (LV-16)."""
    if card.is_joker:
        return 15
    if card.rank is Rank.ACE:
        return 14
    return int(card.rank)


# ---------------------------------------------------------------------------
# Seats


def _next_active(active: Sequence[bool], seat: int) -> int:
    n = len(active)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if active[other]:
            return other
    raise ValueError("nobody is playing")


def _deal_order(active: Sequence[bool], dealer: int) -> list[int]:
    """Active seats from the dealer's left round to the dealer (who is last)."""
    n = len(active)
    return [(dealer + step) % n for step in range(1, n + 1) if active[(dealer + step) % n]]


# ---------------------------------------------------------------------------
# A new game


def _cut(
    config: Config, seed: int, shuffles: int, cut_deck: tuple[Card, ...] | None = None
) -> tuple[int, tuple[CutAttempt, ...], int]:
    """Cut for the first dealer (spec section 1, LV-16). Returns dealer, attempts, shuffles.

    ``cut_deck`` (top first) stacks the first attempt; a tie to the pack's end
    reshuffles from the seed.
    """
    n = config.num_players
    return _cut_of(n, config.decks_for(n), seed, shuffles, cut_deck)


@lru_cache(maxsize=64)
def _cut_of(
    n: int, decks: int, seed: int, shuffles: int, cut_deck: tuple[Card, ...] | None
) -> tuple[int, tuple[CutAttempt, ...], int]:
    """:func:`_cut` from the two settings it reads, kept (every state loaded checks its cut)."""
    pack = make_deck(decks=decks, jokers_per_deck=2)
    attempts: list[CutAttempt] = []
    while True:
        if cut_deck is not None and not attempts:
            cards = cut_deck
        else:
            cards = rng.shuffle(pack, seed=seed, stream=shuffles)
        shuffles += 1
        position = 0
        contenders = list(range(n))
        passes: list[tuple[Card | None, ...]] = []
        while position + len(contenders) <= len(cards):
            row: list[Card | None] = [None] * n
            for seat in contenders:  # one card each, face up, cards are not collected
                row[seat] = cards[position]
                position += 1
            passes.append(tuple(row))
            best = max(cut_value(c) for c in row if c is not None)
            contenders = [s for s in contenders if cut_value(row[s]) == best]  # type: ignore[arg-type]
            if len(contenders) == 1:
                attempts.append(CutAttempt(tuple(passes)))
                return contenders[0], tuple(attempts), shuffles
        attempts.append(CutAttempt(tuple(passes)))  # the pack ran out: reshuffle, restart


def stacked_cut_dealer(config: Config, seed: int, cut: Sequence[CutAttempt]) -> int | None:
    """The first dealer if ``cut`` is what ``new_game(cut_deck=...)`` makes, else ``None``.

    The first attempt's cards, in the order dealt, are the top of the stacked
    pack; the cut is replayed with that pack and must come out the same.
    """
    if not cut:
        return None
    pack = make_deck(decks=config.decks_for(config.num_players), jokers_per_deck=2)
    top = [card for row in cut[0].passes for card in row if card is not None]
    rest = Counter(pack)
    rest.subtract(top)
    if any(count < 0 for count in rest.values()):
        return None
    dealer, replayed, _shuffles = _cut(config, seed, 0, (*top, *sorted(rest.elements())))
    return dealer if replayed == tuple(cut) else None


def new_game(
    config: Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    decks: Sequence[Sequence[Card]] | None = None,
    cut_deck: Sequence[Card] | None = None,
) -> State:
    """A new game, the first round dealt.

    ``seed`` makes every shuffle reproducible (drawn from the OS if omitted).
    ``deck`` (top card first) stacks the first deal: one card at a time to each
    player from the dealer's left, the dealer last, ``cards_per_player`` times
    round; the next card is the upcard; the rest is the stock, top first. It must
    hold exactly the round's pack (``num_decks`` decks of 52 cards and 2 jokers).
    ``decks`` stacks every round: ``decks[0]`` is dealt as ``deck`` is,
    ``decks[1]`` is the pack of round 2, and so on; rounds after the last given
    pack are shuffled from ``seed``. A stacked later round uses up a shuffle
    number as a shuffled one does; a pack that no longer fits the round (a join
    changed the number of decks) and all packs after it are dropped, and that
    round is shuffled. ``cut_deck`` (top first) stacks the cut for the first
    dealer: one card at a time to each seat still tied, seat 0 first; with no
    ``cut_deck``, or when it runs out in a tie, the cut is shuffled from the seed.
    """
    if config is None:
        config = Config()
    if not isinstance(config, Config):
        raise TypeError(f"config must be a vegas_rummy Config, not {type(config).__name__}")
    seed = rng.draw_seed() if seed is None else rng.validate_seed(seed)
    shuffles = 0
    stacked = stacking.stacked_decks(pack_of_size, deck, decks)
    if stacked:
        deck, stacked = stacked[0], stacked[1:]
    cut_cards: tuple[Card, ...] | None = None
    if cut_deck is not None:
        cut_cards = stacking.stacked_decks(
            make_deck(decks=config.decks_for(config.num_players), jokers_per_deck=2),
            None,
            [cut_deck],
        )[0]
    if config.first_dealer == "high_card":
        dealer, cut, shuffles = _cut(config, seed, shuffles, cut_cards)
    else:
        assert isinstance(config.first_dealer, int)
        dealer, cut = config.first_dealer, ()
    n = config.num_players
    starting = config.starting
    ledger = tuple(
        LedgerEntry(0, seat, "buy_in", config.buy_in, starting[seat]) for seat in range(n)
    )
    blank = State(
        config=config,
        seed=seed,
        shuffles=shuffles,
        phase=_TABLE,
        to_act=dealer,
        dealer=dealer,
        round_number=0,
        num_decks=config.decks_for(n),
        hands=((),) * n,
        stock=(),
        discard=(),
        melds=(),
        upcard=None,
        turns=0,
        taken=None,
        reshuffles=0,
        scores=starting,
        busts=(0,) * n,
        active=(True,) * n,
        winners=(),
        cut=cut,
        history=(),
        ledger=ledger,
        stacked=stacked,
    )
    return _deal(blank, dealer, deck)


def _deal(state: State, dealer: int, deck: Sequence[Card] | None = None) -> State:
    """Collect, shuffle and deal the next round (spec section 1 "Dealing a round")."""
    config = state.config
    order = _deal_order(state.active, dealer)
    decks = config.decks_for(len(order))  # LV-1, recomputed for the players now seated
    pack = make_deck(decks=decks, jokers_per_deck=2)
    # Every deal uses up one shuffle stream, stacked or not, so that the counter
    # follows from the round number (see validation).
    shuffles = state.shuffles + 1
    stacked = state.stacked
    if deck is None and stacked:
        if sorted(stacked[0]) == sorted(pack):
            deck, stacked = stacked[0], stacked[1:]
        else:
            stacked = ()  # the pack changed (a join): the stacked packs no longer fit
    if deck is None:
        cards = rng.shuffle(pack, seed=state.seed, stream=state.shuffles)
    else:
        cards = tuple(deck)
        if not all(isinstance(c, Card) for c in cards):
            raise TypeError("deck must be a sequence of cards")
        check_same_cards(pack, cards, "the stacked deck")
    hands: list[list[Card]] = [[] for _ in state.scores]
    position = 0
    for _ in range(config.cards_per_player):
        for seat in order:
            hands[seat].append(cards[position])
            position += 1
    upcard = cards[position]  # LV-2, LV-3: starts the discard pile, names the wild cards
    position += 1
    new = _evolve(
        state,
        shuffles=shuffles,
        phase=_DRAW,
        to_act=order[0],
        dealer=dealer,
        round_number=state.round_number + 1,
        num_decks=decks,
        hands=tuple(sort_cards(h) for h in hands),
        stock=tuple(reversed(cards[position:])),
        discard=(upcard,),
        melds=(),
        upcard=upcard,
        turns=0,
        taken=None,
        reshuffles=0,
        stacked=stacked,
    )
    return _start_turn(new)


def _can_take(state: State) -> bool:
    if state.turns == 0 or not state.discard:
        return False  # LV-3: the round's first player may not take the upcard
    if state.config.forbid_rediscard_of_taken_card:
        assert state.to_act is not None
        top = state.discard[-1]
        # LV-11 option: only if the turn can still end after taking it.
        hand = (*state.hands[state.to_act], top)
        return _turn_can_end(state.config, meld_rules(state), hand, lambda: _table(state), top)
    return True


def _can_draw(state: State) -> bool:
    return bool(state.stock) or len(state.discard) >= 2  # LV-10


def _limit_reached(state: State) -> bool:
    limit = state.config.reshuffle_limit
    return not state.stock and limit is not None and state.reshuffles >= limit


def _start_turn(state: State) -> State:
    """LV-10: if the player to act has nothing to draw, the round ends, nobody out.

    So it does when the stock is empty and ``reshuffle_limit`` reshuffles were
    done, and when ``turn_limit`` turns were played in the round.
    """
    if (
        (_can_draw(state) or _can_take(state))
        and not _limit_reached(state)
        and state.turns < state.config.turn_limit
    ):
        return state
    return _end_round(state, went_out=None)


# ---------------------------------------------------------------------------
# Round end and between rounds


def _end_round(state: State, went_out: int | None) -> State:
    config = state.config
    wilds = state.wilds
    points = tuple(
        scoring.hand_points(hand, wilds, config) if on else 0
        for hand, on in zip(state.hands, state.active)
    )
    scores = tuple(s + p for s, p in zip(state.scores, points))
    busted = scoring.busted_seats(scores, state.active, config.max_score)
    busts = tuple(b + (1 if i in busted else 0) for i, b in enumerate(state.busts))
    over = scoring.game_over(scores, state.active, config.max_score)  # LV-13, before rebuys
    assert state.upcard is not None
    result = RoundResult(
        round_number=state.round_number,
        dealer=state.dealer,
        upcard=state.upcard,
        went_out=went_out,
        hands=state.hands,
        points=points,
        scores=scores,
        busted=busted,
        game_over=over,
        reshuffles=state.reshuffles,
    )
    n = state.num_players
    new = _evolve(
        state,
        hands=((),) * n,
        stock=(),
        discard=(),
        melds=(),
        upcard=None,
        turns=0,
        taken=None,
        reshuffles=0,
        scores=scores,
        busts=busts,
        history=(*state.history, result),
    )
    if over:
        winners = scoring.winners_of(scores, state.active, config.max_score)
        return _evolve(new, phase=_OVER, to_act=None, winners=winners)
    return _between_rounds(new)


def _pending(state: State) -> list[int]:
    """Busted active players still to choose rebuy or retire, from the dealer's left."""
    return [
        seat
        for seat in _deal_order(state.active, state.dealer)
        if state.scores[seat] >= state.config.max_score
    ]


def _between_rounds(state: State) -> State:
    pending = _pending(state)
    if pending:
        return _evolve(state, phase=_DECIDE, to_act=pending[0])  # LV-12
    return _evolve(state, phase=_TABLE, to_act=_next_active(state.active, state.dealer))


def join_error(state: State) -> str | None:
    """``None`` if a new player may join now (see :func:`join`), else the reason."""
    if not isinstance(state, State):
        raise TypeError(f"expected a vegas_rummy State, not {type(state).__name__}")
    if state.phase == _DECIDE:
        return "busted players must choose to rebuy or retire first (LV-12)"
    if state.phase != _TABLE:
        if state.phase == _OVER:
            return "the game is over"
        return "a new player may only join at the start of a round, not mid-round (LV-14)"
    config = state.config
    limit = config.max_seats if config.max_seats is not None else MAX_SEATS
    if state.num_players >= limit:
        return f"the table is full ({limit} seats)"
    try:
        config.decks_for(sum(state.active) + 1)
    except ValueError as exc:
        return str(exc)
    return None


def join(state: State) -> State:
    """Seat a new player before the next deal (LV-14): a call of the host, not a seat's move.

    Only between rounds, once every busted player has decided (phase
    ``"table"``). The newcomer takes a new seat, appended as the highest seat
    number, pays ``buy_in × max(1, k)`` (``late_join_cost``; ``k`` = the most busts
    of an active player) into the pot and starts at that player's score. Call it
    again to seat several. Raises ``ValueError`` with the reason when no one may
    join (mid-round, the table full, too few decks for one more player).

    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2, max_score=1, first_dealer=0), seed=3)
    >>> vr.join(state)
    Traceback (most recent call last):
    ...
    ValueError: a new player may only join at the start of a round, not mid-round (LV-14)
    """
    reason = join_error(state)
    if reason is not None:
        raise ValueError(reason)
    cost, score = betting.join_terms(state.config, state.scores, state.busts, state.active)
    seat = state.num_players
    entry = LedgerEntry(state.round_number, seat, "join", cost, score)
    active = (*state.active, True)
    return _evolve(
        state,
        hands=(*state.hands, ()),
        scores=(*state.scores, score),
        busts=(*state.busts, 0),
        active=active,
        ledger=(*state.ledger, entry),
        # The new seat sits left of the highest seat: if that seat dealt last,
        # the deal now passes to the newcomer (LV-17), who deals.
        to_act=_next_active(active, state.dealer),
    )


# ---------------------------------------------------------------------------
# Checking actions


def _table(state: State) -> tuple[TableMeld, ...]:
    return tuple(owned.meld for owned in state.melds)


def _replaced(
    state: State, target: int, meld: TableMeld
) -> Callable[[], tuple[TableMeld, ...]]:
    """The table melds with number ``target`` replaced by ``meld``, made when asked."""
    return lambda: tuple(
        meld if number == target else owned.meld for number, owned in enumerate(state.melds)
    )


def _minus(hand: Sequence[Card], cards: Sequence[Card]) -> tuple[Card, ...]:
    rest = tuple(hand)
    for card in cards:
        at = rest.index(card)  # (the first equal card, as list.remove takes)
        rest = rest[:at] + rest[at + 1 :]
    return rest


def _turn_can_end(
    config: Config,
    rules: MeldRules,
    hand: Sequence[Card],
    after: Callable[[], Sequence[TableMeld]],
    taken: Card | None,
) -> bool:
    """Whether some continuation of the turn ends it legally (LV-5, LV-11 option).

    A turn ends with a discard, or, with ``go_out_without_discard``, by placing
    the last card. With ``forbid_rediscard_of_taken_card`` the discard may not be
    the taken card (or a copy of it), so a hand of nothing but copies of it can
    end the turn only if a swap brings another card into the hand (a wild card
    other than the copy: an open ``7♥=7?`` swapped for a natural 7♥ gives back a
    7♥, which helps nothing), or if every copy can be placed and
    going out without a discard is allowed. Placing copies never opens a swap
    (it adds no wild card standing for the taken card), so the order of the moves
    does not matter. ``after`` gives the table melds after the move (made only
    when the answer needs them).
    """
    if not hand:
        return config.go_out_without_discard
    if not config.forbid_rediscard_of_taken_card or taken is None:
        return True
    if any(card != taken for card in hand):
        return True
    table = after()
    if not config.meld_solidarity and any(
        wild != taken for meld in table for wild, _ in swap_options(meld, taken, rules)
    ):
        return True
    return config.go_out_without_discard and _can_place_copies(taken, len(hand), table, rules)


def _can_place_copies(
    card: Card, copies: int, table: Sequence[TableMeld], rules: MeldRules
) -> bool:
    """Whether ``copies`` copies of ``card`` can all be placed (new melds and lay-offs).

    The table melds take copies independently of each other; each new meld of
    copies alone takes from 3 up to its largest extension. So ``copies`` fit iff
    for some number ``m`` of new melds, ``3m ≤ copies ≤ table room + m × largest``.
    """
    memo: dict[TableMeld, int] = {}

    def room(meld: TableMeld) -> int:
        if meld not in memo:
            memo[meld] = 0  # cut cycles (none exist: every lay-off adds a card)
            memo[meld] = max(
                (1 + room(new) for _, new in layoff_choices(meld, card, rules)), default=0
            )
        return memo[meld]

    table_room = 0
    for meld in table:
        table_room += room(meld)
        if table_room >= copies:
            return True
    largest = max(
        (
            3 + room(meld)
            for meld in enumerate_melds(
                (card,) * min(copies, 3), rules, only_size=3, interchangeable=True
            )
        ),
        default=0,
    )
    return any(copies <= table_room + m * largest for m in range(1, copies // 3 + 1))


def _keep_reason(state: State) -> str:
    if state.config.forbid_rediscard_of_taken_card and state.taken is not None:
        return (
            f"you must keep a card other than {state.taken} (just taken) to discard, "
            "or be able to get one (LV-5, LV-11 option)"
        )
    return "you must keep a card to discard at the end of your turn (LV-5)"


def canonical(state: State, action: Action) -> Action:
    """The canonical form of ``action`` in ``state``: the form :func:`legal_actions` lists.

    ``docs/vegas_rummy.rst`` ("Canonical forms") states it for each kind of
    action. A meld's cards go in canonical order (:func:`~cardrules.rummy.wilds.normalize`:
    with meld solidarity on, one arrangement of the same wild cards over the same
    places); a card laid off "standing for itself" is the card laid off as itself.
    Everything else is its own canonical form, and so is anything that is no
    well-formed action (:func:`check` refuses it).

    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2, first_dealer=0), seed=3)
    >>> from cardrules.cards import Suit, parse_card, parse_cards
    >>> from cardrules.rummy.melds import RunMeld
    >>> str(canonical(state, vr.LayOff(parse_card("8H"), 0, parse_card("8H"))))
    'lay off 8♥ on #1'
    >>> run = RunMeld(Suit.HEARTS, 5, parse_cards("5H JK AC"))  # aces are wild here
    >>> str(vr.Meld(run)), str(canonical(state, vr.Meld(run)))
    ('meld 5♥ JK=6♥ A♣=7♥', 'meld 5♥ A♣=6♥ JK=7♥')
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a vegas_rummy State, not {type(state).__name__}")
    if not isinstance(action, (Meld, LayOff)) or malformed(action) is not None:
        return action
    if isinstance(action, Meld):
        meld = normalize(action.meld, interchangeable=state.config.meld_solidarity)
        return action if meld == action.meld else Meld(meld)
    if action.stands_for == action.card and not action.card.is_joker:
        return LayOff(action.card, action.target)  # (nothing stands for a joker: refused)
    return action





def _state_error(state: State) -> str | None:
    """A reason when ``state``'s fields cannot be a game's (a state changed in place).

    Only what the rules would otherwise trip over: the phase, the seat to act,
    and in a round the upcard and that seat's hand. :func:`validate_state`
    checks everything else when a state is loaded.
    """
    phase = state.phase
    if type(phase) is not Phase:  # (an enum with members has no subclasses)
        return f"the state is broken: {phase!r} is no phase"
    if phase is _OVER:
        return None
    seat = state.to_act
    seats = len(state.hands)
    if (
        type(seat) is not int and (not isinstance(seat, int) or isinstance(seat, bool))
    ) or not 0 <= seat < seats:
        return f"the state is broken: {seat!r} is no seat to act"
    if len(state.scores) != seats or len(state.active) != seats:
        return "the state is broken: it holds no hand, score or flag for some seat"
    if phase in _IN_ROUND and (
        not isinstance(state.upcard, Card) or not isinstance(state.hands[seat], tuple)
    ):
        return "the state is broken: a round is played with no upcard or hand"
    return None


def _seat(state: State) -> int:
    """The seat to act, in a state :func:`_state_error` found sound."""
    seat = state.to_act
    if seat is None:
        raise ValueError("nobody is to act")
    return seat


def check(state: State, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason :func:`apply` would give.

    It judges the action's canonical form (:func:`canonical`), and accepts it
    exactly when that form is in :func:`legal_actions`.

    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2, first_dealer=0), seed=3)
    >>> check(state, vr.TakeDiscard())
    'the first player of a round may not draw from the discard pile (LV-3)'
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a vegas_rummy State, not {type(state).__name__}")
    if isinstance(action, _ACTION_TYPES):
        action = canonical(state, action)
    return _judge(state, action)[0]


_Verdict = tuple[str | None, OwnedMeld | None]
"""What :func:`_judge` finds: the reason an action is refused (``None``: legal), and
for an accepted lay-off or swap the table meld it makes (``apply`` puts it down)."""

_LEGAL: Final[_Verdict] = (None, None)


def _judge(state: State, action: object) -> _Verdict:
    """:func:`check` of an action already in canonical form, with what :func:`apply` needs.

    One judgement for both: ``check`` reports its reason, ``apply`` plays the
    meld it built, so no rule is asked twice in one move.
    """
    reason = malformed(action)
    if reason is not None:
        return reason, None
    reason = _state_error(state)
    if reason is not None:
        return reason, None
    if not isinstance(action, _ACTION_TYPES):  # (malformed said so already)
        return f"{type(action).__name__} is not a Las Vegas Rummy action", None
    return _refusal(state, action)


def _refusal(state: State, action: Action) -> _Verdict:
    """:func:`_judge` of a well-formed action in a sound state."""
    phase = state.phase
    if phase == _OVER:
        return "the game is over", None
    if isinstance(action, (Rebuy, Retire)):
        if phase != _DECIDE:
            return (
                "only a player who has just busted may rebuy or retire, between rounds (LV-12)"
            ), None
        return _LEGAL
    if isinstance(action, Deal):
        if phase == _DECIDE:
            return "busted players must choose to rebuy or retire first (LV-12)", None
        if phase != _TABLE:
            return "you cannot deal now: a round is being played", None
        return _LEGAL
    if phase in _BETWEEN_ROUNDS:
        return "no round is being played: the table is between rounds", None
    hand = state.hands[_seat(state)]
    if isinstance(action, (Draw, TakeDiscard)):
        if phase != _DRAW:
            return "you have already drawn this turn", None
        if isinstance(action, Draw):
            if not _can_draw(state):
                return "the stock is empty and there are no discards to reshuffle (LV-10)", None
            return _LEGAL
        if not state.discard:
            return "the discard pile is empty", None
        if state.turns == 0:
            return "the first player of a round may not draw from the discard pile (LV-3)", None
        if not _can_take(state):
            return (
                f"you could not end your turn after taking {state.discard[-1]}: you may "
                "not discard it again (LV-11 option)"
            ), None
        return _LEGAL
    if phase != _PLAY:
        return "you must draw first: from the stock or the top of the discard pile", None
    config = state.config
    if isinstance(action, Discard):
        if action.card not in hand:
            return f"you do not hold {action.card}", None
        if config.forbid_rediscard_of_taken_card and action.card == state.taken:
            return f"you may not discard {action.card}: you took it this turn (LV-11 option)", None
        return _LEGAL
    rules = meld_rules(state)
    if isinstance(action, Meld):
        meld = action.meld
        if len(meld.cards) > 3:
            return (
                f"{meld_text(meld)}: only three-card melds are moves; lay down three of "
                "these cards as a meld, then lay off the others one by one (the table ends "
                "up the same)"
            ), None
        reason = meld_error(meld, rules)
        if reason is not None:
            return f"{meld_text(meld)}: {reason}", None
        reason = check_meld_cards(meld, hand)
        if reason is not None:
            return reason, None
        rest = _minus(hand, meld.cards)
        if not _turn_can_end(config, rules, rest, lambda: (*_table(state), meld), state.taken):
            return _keep_reason(state), None
        return _LEGAL
    if isinstance(action, LayOff):
        reason = _target_error(state, action.target)
        if reason is not None:
            return reason, None
        if action.card not in hand:
            return f"you do not hold {action.card}", None
        owned = _layoff_result(state, action, rules)
        if owned is None:
            return _layoff_refusal(state, action, rules), None
        rest = _minus(hand, [action.card])
        if not _turn_can_end(
            config, rules, rest, _replaced(state, action.target, owned.meld), state.taken
        ):
            return _keep_reason(state), None
        return None, owned
    assert isinstance(action, SwapWild)
    if config.meld_solidarity:
        return "meld solidarity is on: wild cards may not be swapped out of melds (LV-7)", None
    reason = _target_error(state, action.target)
    if reason is not None:
        return reason, None
    if action.card not in hand:
        return f"you do not hold {action.card}", None
    swapped = _swap_result(state, action, rules)
    if swapped is None:
        meld = state.melds[action.target].meld
        return (
            f"{action.card} cannot replace {action.wild} in #{action.target + 1} "
            f"({meld_text(meld)}): a wild card is swapped only for exactly the card it "
            "stands for (LV-7)"
        ), None
    rest = (*_minus(hand, [action.card]), action.wild)
    if not _turn_can_end(
        config, rules, rest, _replaced(state, action.target, swapped.meld), state.taken
    ):
        return _keep_reason(state), None
    return None, swapped


def _layoff_refusal(state: State, action: LayOff, rules: MeldRules) -> str:
    target = meld_text(state.melds[action.target].meld)
    placed = placed_card_text(action.card, action.stands_for)
    if action.stands_for is None:
        placed = str(action.card)
    why = ""
    if rules.max_wilds is not None and action.card in rules.wilds:
        why = f" (meld strictness: at most {rules.max_wilds} wild card per meld, LV-6)"
    options = layoff_choices(state.melds[action.target].meld, action.card, rules)
    hint = ""
    if options:
        ways = " or ".join(
            placed_card_text(action.card, sf) if sf is not None else str(action.card)
            for sf, _ in options
        )
        hint = f"; it goes on as {ways}"
    return f"{placed} does not fit on #{action.target + 1} ({target}){why}{hint}"


def _target_error(state: State, target: int) -> str | None:
    if not 0 <= target < len(state.melds):
        return f"there is no meld #{target + 1} on the table"
    return None


def _layoff_result(state: State, action: LayOff, rules: MeldRules) -> OwnedMeld | None:
    owned = state.melds[action.target]
    for stands_for, new in layoff_choices(owned.meld, action.card, rules):
        if stands_for == action.stands_for:
            fixed = normalize(new, interchangeable=state.config.meld_solidarity)
            return OwnedMeld(owned.owner, fixed)
    return None


def _swap_result(state: State, action: SwapWild, rules: MeldRules) -> OwnedMeld | None:
    owned = state.melds[action.target]
    for wild, new in swap_options(owned.meld, action.card, rules):
        if wild == action.wild:
            return OwnedMeld(owned.owner, new)
    return None


# ---------------------------------------------------------------------------
# Legal actions


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, in the canonical order (module docstring).

    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2, first_dealer=0), seed=3)
    >>> [str(action) for action in legal_actions(state)]
    ['draw']
    """
    if not isinstance(state, State):
        raise TypeError(f"expected a vegas_rummy State, not {type(state).__name__}")
    reason = _state_error(state)
    if reason is not None:
        raise ValueError(reason)
    phase = state.phase
    if phase == _OVER:
        return ()
    if phase == _DECIDE:
        return (Rebuy(), Retire())
    if phase == _TABLE:
        return (Deal(),)
    if phase == _DRAW:
        out: list[Action] = []
        if _can_draw(state):
            out.append(Draw())
        if _can_take(state):
            out.append(TakeDiscard())
        return tuple(out)
    return _play_actions(state)


def _play_actions(state: State) -> tuple[Action, ...]:
    seat = _seat(state)
    config = state.config
    rules = meld_rules(state)
    hand = state.hands[seat]
    taken = state.taken
    # Without the LV-11 option a non-empty hand can always end the turn; the
    # size limit below keeps one card unless going out without a discard is allowed.
    careful = config.forbid_rediscard_of_taken_card and taken is not None

    def can_end(rest: Sequence[Card], after: Callable[[], Sequence[TableMeld]]) -> bool:
        if rest and not careful:
            return True
        return _turn_can_end(config, rules, rest, after, taken)

    out: list[Action] = []
    size = len(hand)
    for meld in enumerate_melds(
        hand, rules, only_size=3, interchangeable=config.meld_solidarity
    ):
        # Three cards leave a card in any bigger hand, which is all a turn
        # needs without the LV-11 option.
        if (size > 3 and not careful) or can_end(
            _minus(hand, meld.cards), lambda meld=meld: (*_table(state), meld)  # type: ignore[misc]
        ):
            out.append(Meld(meld))
    distinct = sort_cards({card.index: card for card in hand}.values())  # (ints hash in C)
    # One card played from a bigger hand leaves cards in it, so without the LV-11
    # option the turn can end (can_end) and the rest of the hand is not needed.
    one_leaves_some = size > 1 and not careful
    rests: dict[Card, tuple[Card, ...]] = {}

    def rest_without(card: Card) -> tuple[Card, ...]:
        rest = rests.get(card)
        if rest is None:
            rest = rests[card] = _minus(hand, [card])
        return rest

    wilds = wild_mask(rules.wilds)
    wild_flags = [wilds >> card.index & 1 for card in distinct]
    for target, owned in enumerate(state.melds):
        meld = owned.meld
        # A natural card goes on a set of its rank or a run of its suit, or nowhere.
        if isinstance(meld, SetMeld):
            rank = meld.rank
            fitting = [c for c, wild in zip(distinct, wild_flags) if wild or c.rank is rank]
        else:
            suit = meld.suit
            fitting = [c for c, wild in zip(distinct, wild_flags) if wild or c.suit is suit]
        for card in fitting:
            # A 12-card wrap-around run takes the same card at either end: one action
            # (the low end; both give the same 13 cards).
            seen: list[object] = []  # (a card hashes in Python, compares in C)
            for stands_for, new in layoff_choices(meld, card, rules):
                if stands_for in seen:
                    continue
                seen.append(stands_for)
                if one_leaves_some or can_end(rest_without(card), _replaced(state, target, new)):
                    out.append(LayOff(card, target, stands_for))
    if not config.meld_solidarity:
        for target, owned in enumerate(state.melds):
            for card in distinct:
                for wild, new in swap_options(owned.meld, card, rules):
                    # (the hand gets the wild card back, so it is never empty)
                    if not careful or can_end(
                        (*rest_without(card), wild), _replaced(state, target, new)
                    ):
                        out.append(SwapWild(card, target, wild))
    for card in distinct:
        if not (config.forbid_rediscard_of_taken_card and card == taken):
            out.append(Discard(card))
    return tuple(out)


# ---------------------------------------------------------------------------
# Applying actions


def apply(state: State, action: Action) -> State:
    """The state after ``action``. Pure; raises :class:`~cardrules.IllegalActionError`.

    ``action`` is played in its canonical form (:func:`canonical`): ``apply(state,
    action) == apply(state, canonical(state, action))``.

    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2, first_dealer=0), seed=3)
    >>> apply(state, vr.Draw()).phase
    <Phase.play: 'play'>
    """
    return _apply(state, canonical(state, action))


@logs_events(new_log)  # the public event log (cardrules.events)
def _apply(state: State, action: Action) -> State:
    reason, owned = _judge(state, action)  # (action is canonical already)
    if reason is not None:
        if isinstance(action, _ACTION_TYPES) and malformed(action) is not None:
            error = IllegalActionError(reason)  # its text form cannot be written
            error.action = action
            raise error
        raise IllegalActionError(reason, action)
    config = state.config
    seat = _seat(state)
    # (the two moves of nearly every turn, draw and discard, are looked for first)
    if isinstance(action, Discard):
        hand = state.hands[seat]
        rest = _minus(hand, [action.card])
        hands = _put(state.hands, seat, rest)
        discard = (*state.discard, action.card)
        if not rest:  # LV-5: going out by discarding the last card
            return _end_round(_evolve(state, hands=hands, discard=discard, taken=None), seat)
        new = _evolve(
            state,
            hands=hands,
            discard=discard,
            taken=None,
            phase=_DRAW,
            to_act=_next_active(state.active, seat),
            turns=state.turns + 1,
        )
        return _start_turn(new)
    if isinstance(action, Draw):
        stock, discard, shuffles = state.stock, state.discard, state.shuffles
        reshuffles = state.reshuffles
        if not stock:  # LV-10: all discards but the top one become the new stock
            stock = rng.shuffle(discard[:-1], seed=state.seed, stream=shuffles)
            discard = discard[-1:]
            shuffles += 1
            reshuffles += 1
        card = stock[-1]
        return _evolve(
            state,
            phase=_PLAY,
            stock=stock[:-1],
            discard=discard,
            shuffles=shuffles,
            reshuffles=reshuffles,
            hands=_put(state.hands, seat, sort_cards((*state.hands[seat], card))),
            taken=None,
        )
    if isinstance(action, Rebuy):
        score = betting.rebuy_score(state.scores, state.active, config.max_score)  # LV-12
        entry = LedgerEntry(state.round_number, seat, "rebuy", config.buy_in, score)
        new = _evolve(
            state,
            scores=_put(state.scores, seat, score),
            ledger=(*state.ledger, entry),
        )
        return _between_rounds(new)
    if isinstance(action, Retire):
        entry = LedgerEntry(state.round_number, seat, "retire", Decimal(0), state.scores[seat])
        new = _evolve(
            state, active=_put(state.active, seat, False), ledger=(*state.ledger, entry)
        )
        return _between_rounds(new)
    if isinstance(action, Deal):
        return _deal(state, _next_active(state.active, state.dealer))  # LV-17
    hand = state.hands[seat]
    if isinstance(action, TakeDiscard):
        card = state.discard[-1]
        return _evolve(
            state,
            phase=_PLAY,
            discard=state.discard[:-1],
            hands=_put(state.hands, seat, sort_cards((*hand, card))),
            taken=card,
        )
    if isinstance(action, Meld):
        meld = action.meld  # canonical (apply)
        rest = _minus(hand, meld.cards)
        new = _evolve(
            state,
            hands=_put(state.hands, seat, rest),
            melds=(*state.melds, OwnedMeld(seat, meld)),
        )
        return _end_round(new, seat) if not rest else new
    if owned is None:  # (_judge accepted it, so it made the meld)
        raise IllegalActionError(f"{action} does not fit", action)
    if isinstance(action, LayOff):
        rest = _minus(hand, [action.card])
        new = _evolve(
            state,
            hands=_put(state.hands, seat, rest),
            melds=_put(state.melds, action.target, owned),
        )
        return _end_round(new, seat) if not rest else new
    rest = sort_cards((*_minus(hand, [action.card]), action.wild))
    return _evolve(
        state,
        hands=_put(state.hands, seat, rest),
        melds=_put(state.melds, action.target, owned),
    )


def _put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


# ---------------------------------------------------------------------------
# The longest game


def max_game_length(config: Config) -> int:
    """The most actions a game under ``config`` can take before it ends (OpenSpiel's bound).

    Proof sketch (``docs/vegas_rummy.rst``, "Every game ends"): in every round
    each active player but the one who went out adds at least one point (he
    holds a card), a rebuy resets a score to one that a standing player holds,
    and so the lowest score never falls; while it stays put the same player
    keeps going out and the lowest of the others rises each round. So at most
    ``(max_score + joins) × (max_score + 1)`` rounds are played, ``joins`` the
    seats the host may add. A round is one deal, at most one decision per seat,
    at most ``turn_limit`` turns of one draw and one discard, and at most two
    placements per card of the pack (a meld or lay-off adds a card to the
    table, a swap a natural card).

    >>> max_game_length(Config(num_players=2, max_score=10, turn_limit=100, max_seats=2))
    34210
    """
    if not isinstance(config, Config):
        raise TypeError(f"expected a vegas_rummy Config, not {type(config).__name__}")
    seats = config.max_seats if config.max_seats is not None else MAX_SEATS
    joins = seats - config.num_players
    decks = 1
    for players in range(2, seats + 1):
        try:
            decks = max(decks, config.decks_for(players))
        except ValueError:
            continue
    decks = min(decks, MAX_DECKS)
    pack = DECK_SIZE * decks
    rounds = (config.max_score + joins) * (config.max_score + 1)
    per_round = 1 + seats + 2 * config.turn_limit + 2 * pack
    return rounds * per_round
