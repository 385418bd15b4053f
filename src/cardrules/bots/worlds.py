"""Card memory and the world sampler: full hidden states consistent with what a seat knows.

A seat sees its own hand and the public piles, not the other hands or the
stock order. :class:`Memory` follows the successive views of one seat through
a Rummy 500 round and keeps what a careful player remembers: every card seen
face up, which cards each opponent took from the discard pile (and so still
holds until it melds them), and which cards each opponent threw away.

:func:`sample_world` deals the cards the seat cannot see, at random but
consistently with the view and that memory, and returns a complete
:class:`cardrules.rummy500.State` that the rules can play on (determinized
search, "what could he hold?" estimates). It uses only the view, the memory and
the random generator it is given, never the real state, so a bot that samples
worlds does not cheat.

>>> import random
>>> from cardrules import rummy500
>>> state = rummy500.new_game(seed=5)
>>> mine = rummy500.view(state, state.to_act)
>>> world = sample_world(mine, Memory(), random.Random(1))
>>> world.hands[state.to_act] == state.hands[state.to_act], world.discard == state.discard
(True, True)
>>> rummy500.validate_state(world)
"""

from __future__ import annotations

import random
from collections import Counter

from cardrules.cards import Card, make_deck, sort_cards
from cardrules.rummy500 import scoring
from cardrules.rummy500.actions import Action, Discard, TakeDiscard
from cardrules.rummy500.config import Config
from cardrules.rummy500.rules import first_dealer
from cardrules.rummy500.state import Phase, State
from cardrules.rummy500.view import View

__all__ = ["Memory", "sample_world", "unseen_cards", "world_seed"]


class Memory:
    """What one seat remembers of the current Rummy 500 round.

    Feed it every view of the seat with :meth:`observe` and every action the
    seat then chose with :meth:`note_action`; it starts afresh at each new
    round. With two players every move of the opponent's turn on the discard
    pile can be worked out from the pile before and after it; with more players
    cards taken between two of our turns are known to be in *some* opponent's
    hand (``held_somewhere``).
    """

    def __init__(self) -> None:
        self.round_number: int | None = None
        self.seat: int | None = None
        self.seen: set[Card] = set()
        """Every card seen face up this round (discards, melds, our hand)."""
        self.held: dict[int, Counter[Card]] = {}
        """Cards each opponent took from the pile and has not melded since."""
        self.held_somewhere: Counter[Card] = Counter()
        """Cards taken by an opponent we could not tell apart (3+ players)."""
        self.picked: dict[int, list[Card]] = {}
        """Every card each opponent took from the pile this round (what he collects)."""
        self.passed: dict[int, list[Card]] = {}
        """Every card each opponent discarded this round (what he does not collect)."""
        self.reshuffles = 0
        """New stocks made from the pile this round, as far as we could tell."""
        self._pile: tuple[Card, ...] | None = None
        self._placed: tuple[tuple[Card, ...], ...] = ()
        self._stock = 0

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self.__init__()  # type: ignore[misc]

    def observe(self, view: View) -> None:
        """Take in a new view of our seat (call it before deciding)."""
        if view.seat is None:
            raise ValueError("a memory belongs to a seat; a spectator's view has no hand")
        if view.round_number != self.round_number or view.seat != self.seat:
            self._new_round(view)
        elif self._pile is not None:
            self._diff_pile(view)
        self._note_placed(view)
        self.seen.update(view.discard)
        self.seen.update(view.hand)
        for meld in view.melds:
            self.seen.update(meld.cards)
        if view.stock_size > self._stock:
            self.reshuffles += 1
        self._stock = view.stock_size
        self._pile = view.discard

    def note_action(self, view: View, action: Action) -> None:
        """Record the action our seat chose in ``view`` (so the next diff is exact)."""
        if isinstance(action, Discard):
            self._pile = (*view.discard, action.card)
        elif isinstance(action, TakeDiscard):
            self._pile = view.discard[: -action.count]
        else:
            self._pile = view.discard

    def opponents(self, num_players: int) -> list[int]:
        """The other seats, in turn order after ours."""
        assert self.seat is not None
        return [(self.seat + k) % num_players for k in range(1, num_players)]

    def _new_round(self, view: View) -> None:
        seat = view.seat
        assert seat is not None
        self.__init__()  # type: ignore[misc]
        self.round_number = view.round_number
        self.seat = seat
        players = len(view.hand_sizes)
        for other in range(players):
            if other != seat:
                self.held[other] = Counter()
                self.picked[other] = []
                self.passed[other] = []
        self._placed = tuple(() for _ in range(players))
        self._stock = view.stock_size
        # Before our first turn the others may have played: the pile holds the
        # upcard and their discards; what they took from it we cannot know.
        if len(view.discard) >= 2 and players == 2:
            self.passed[(seat + 1) % players].append(view.discard[-1])

    def _diff_pile(self, view: View) -> None:
        assert self.seat is not None and self._pile is not None
        before, after = self._pile, view.discard
        common = 0
        while common < min(len(before), len(after)) and before[common] == after[common]:
            common += 1
        taken = before[common:]
        discarded = after[common:]
        players = len(view.hand_sizes)
        if self.stock_size_grew(view):
            return  # a reshuffle: the pile became the stock, nothing more to infer
        if players == 2:
            other = (self.seat + 1) % 2
            self.held[other].update(taken)
            self.held[other].subtract(discarded)
            self.held[other] = +self.held[other]
            self.picked[other].extend(taken)
            self.passed[other].extend(discarded)
        else:
            self.held_somewhere.update(taken)
            self.held_somewhere.subtract(discarded)
            self.held_somewhere = +self.held_somewhere
            if discarded:
                previous = (self.seat - 1) % players
                self.passed[previous].append(discarded[-1])

    def stock_size_grew(self, view: View) -> bool:
        """Whether the stock grew since the last view (a reshuffle happened)."""
        return view.stock_size > self._stock

    def _note_placed(self, view: View) -> None:
        for other, cards in enumerate(view.placed):
            old = self._placed[other] if other < len(self._placed) else ()
            new = Counter(cards) - Counter(old)
            if other in self.held:
                for card, n in new.items():
                    from_held = min(n, self.held[other][card])
                    self.held[other][card] -= from_held
                    rest = n - from_held
                    if rest and self.held_somewhere[card]:
                        self.held_somewhere[card] -= min(rest, self.held_somewhere[card])
        for other in self.held:
            self.held[other] = +self.held[other]  # drop zero counts
        self.held_somewhere = +self.held_somewhere
        self._placed = view.placed


def unseen_cards(view: View, memory: Memory | None = None) -> Counter[Card]:
    """The cards ``view``'s seat cannot place: in the stock or in hidden hands.

    Known opponent holdings from ``memory`` are not in it (they are not unknown).
    """
    pool = Counter(make_deck(decks=view.config.num_decks, jokers_per_deck=view.config.jokers))
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    for meld in view.melds:
        pool.subtract(meld.cards)
    if memory is not None:
        for held in _known_held(view, memory).values():
            pool.subtract(held)
    return +pool


def _known_held(view: View, memory: Memory) -> dict[int, Counter[Card]]:
    """Memory's known holdings, trimmed to what is still possible in this view."""
    visible = Counter(view.hand) + Counter(view.discard)
    for meld in view.melds:
        visible.update(meld.cards)
    deck = Counter(make_deck(decks=view.config.num_decks, jokers_per_deck=view.config.jokers))
    free = deck - visible
    known: dict[int, Counter[Card]] = {}
    for seat, held in sorted(memory.held.items()):
        if seat == view.seat or seat >= len(view.hand_sizes):
            continue
        kept: Counter[Card] = Counter()
        room = view.hand_sizes[seat]
        for card in sorted(held.elements()):
            if free[card] > 0 and room > 0:
                kept[card] += 1
                free[card] -= 1
                room -= 1
        known[seat] = kept
    return known


def sample_world(view: View, memory: Memory | None, rnd: random.Random) -> State:
    """A complete state consistent with ``view`` and ``memory``, dealt with ``rnd``.

    Opponents keep the cards memory knows they hold; the other hidden cards are
    dealt uniformly at random to the remaining places in their hands and to the
    stock. The world's seed is drawn from ``rnd`` (it only shuffles later
    rounds). Needs the view of a seat, not a spectator's.
    """
    if view.seat is None:
        raise ValueError("sample worlds from a seat's view, not a spectator's")
    if view.phase is Phase.OVER:
        raise ValueError("the game is over: there is nothing hidden left to sample")
    players = len(view.hand_sizes)
    known = _known_held(view, memory) if memory is not None else {}
    _add_public_taken(view, known)
    pool = unseen_cards(view)
    for held in known.values():
        pool.subtract(held)
    somewhere: list[Card] = []
    if memory is not None:
        for card in sorted(memory.held_somewhere.elements()):
            if pool[card] > 0:
                pool[card] -= 1
                somewhere.append(card)
    unknown = sorted((+pool).elements())
    rnd.shuffle(unknown)
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[view.seat] = list(view.hand)
    others = [s for s in range(players) if s != view.seat]
    for seat in others:
        hands[seat] = list(known.get(seat, Counter()).elements())
    for card in somewhere:  # into some opponent's hand that still has room
        roomy = [s for s in others if len(hands[s]) < view.hand_sizes[s]]
        if roomy:
            hands[rnd.choice(roomy)].append(card)
        else:
            unknown.append(card)
    for seat in others:
        need = view.hand_sizes[seat] - len(hands[seat])
        hands[seat].extend(unknown[:need])
        del unknown[:need]
    stock = tuple(unknown)
    if len(stock) != view.stock_size:
        raise ValueError("the view's card counts do not add up to a full deck")
    reshuffles = memory.reshuffles if memory is not None else 0
    config = view.config
    if config.stock_exhausted == "reshuffle":
        reshuffles = min(reshuffles, config.reshuffle_limit)
    else:
        reshuffles = 0
    ran_out = (
        view.phase is Phase.PLAY
        and not stock
        and (
            config.stock_exhausted == "end"
            or (config.stock_exhausted == "reshuffle" and reshuffles >= config.reshuffle_limit)
        )
    )
    seed = world_seed(config, (view.dealer - view.round_number + 1) % config.num_players, rnd)
    return State(
        config=config,
        seed=seed,
        shuffles=view.round_number + 1 + reshuffles,
        round_number=view.round_number,
        dealer=view.dealer,
        scores=view.scores,
        hands=tuple(sort_cards(hand) for hand in hands),
        stock=stock,
        discard=view.discard,
        melds=view.melds,
        meld_owners=view.meld_owners,
        placed=view.placed,
        placed_points=_placed_points(view),
        phase=view.phase,
        to_act=view.to_act,
        owed=view.owed,
        taken=view.taken,
        stock_ran_out=ran_out,
        reshuffles=reshuffles,
        history=view.history,
        winners=view.winners,
        events=view.events,
        turns=view.turns,
    )


def world_seed(config: Config, first: int, rnd: random.Random) -> int:
    """A fresh seed for a sampled Rummy 500 world whose first dealer is ``first``.

    The seed draws the first dealer (R5-11) unless the config names one, and a
    loaded state must agree with its seed, so a world's new seed is drawn until
    it draws the same (a few tries: one in ``num_players`` does).

    >>> from cardrules.rummy500 import Config, new_game
    >>> seed = world_seed(Config(num_players=4), 2, random.Random(1))
    >>> new_game(Config(num_players=4), seed=seed).dealer
    2
    """
    seed = rnd.getrandbits(63)
    if config.first_dealer is not None:  # the config names it: any seed will do
        return seed
    while first_dealer(config, seed) != first:
        seed = rnd.getrandbits(63)
    return seed


def _add_public_taken(view: View, known: dict[int, Counter[Card]]) -> None:
    """Put the cards the seat to act took from the pile this turn into ``known`` (R-10).

    Everybody saw them taken; those not placed since are still in the taker's
    hand, so a world must not deal them elsewhere (issue 29). Memory's other
    known cards of that seat fill the room left.
    """
    acting = view.to_act
    if acting is None or acting == view.seat or not view.taken:
        return
    public = Counter(view.taken) - Counter(view.placed[acting])
    if not public:
        return
    merged = Counter(public)
    room = view.hand_sizes[acting] - sum(public.values())
    for card in sorted((known.get(acting, Counter()) - public).elements()):
        if room <= 0:
            break
        merged[card] += 1
        room -= 1
    known[acting] = merged


def _placed_points(view: View) -> tuple[tuple[int, ...], ...]:
    """Per-card points of the placed cards, matching each seat's public round total.

    Only aces are ambiguous (an ace used low may score less, R5-2); as many aces
    as the total requires are given their low value.
    """
    config = view.config
    result = []
    for cards, total in zip(view.placed, view.round_points):
        points = [scoring.card_points(card, config) for card in cards]
        excess = sum(points) - total
        for i, card in enumerate(cards):
            if excess <= 0:
                break
            low = scoring.card_points(card, config, low=True)
            if points[i] > low:
                excess -= points[i] - low
                points[i] = low
        result.append(tuple(points))
    return tuple(result)
