"""The search pieces of the two rummies: a fast play-out policy and a round evaluation.

Both rummies are searched the same way (:mod:`cardrules.bots.search`): in a
sampled world, the candidate is applied and every seat then plays a quick
policy on the full state — take the top discard when it makes a meld with the
hand, else draw; meld the biggest meld, lay off, then discard the loosest card
— until the round ends or :data:`HORIZON` moves have been played. A round that
ended is worth the score each seat made in it (as the game's scoring counts
it); a round cut off is worth, per seat, the points it placed plus half those
of the melds it holds, less the rest of its hand. A candidate's value is its
seat's worth less the best opponent's.

>>> import random
>>> from cardrules import rummy500
>>> from cardrules.bots.worlds import Memory
>>> state = rummy500.new_game(seed=3)
>>> pieces = Rummy500Pieces(Memory(), state.to_act)
>>> world = pieces.sample(rummy500.view(state, state.to_act), random.Random(1))
>>> value, steps = pieces.play_out(world, rummy500.Draw(), random.Random(2))
>>> 1 <= steps <= MAX_STEPS + 1
True
"""

from __future__ import annotations

import abc
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from cardrules import rummy500, vegas_rummy
from cardrules.bots.worlds import Memory, sample_world
from cardrules.cards import Card, make_deck
from cardrules.rummy.melds import card_at
from cardrules.rummy500 import scoring as rummy500_scoring
from cardrules.vegas_rummy import scoring as vegas_scoring
from cardrules.vegas_rummy.view import state_from_view

__all__ = [
    "HORIZON",
    "LEGAL_PER_STEP",
    "MAX_CANDIDATES",
    "RUMMY500_CONFIDENCE",
    "RUMMY500_PRIOR",
    "SEARCH_PRIOR",
    "Rummy500Pieces",
    "VegasPieces",
    "hand_worth",
    "in_hand_melds",
    "quick_policy",
    "rummy_candidates",
    "sample_vegas_world",
]

HORIZON: Final = 2
"""Turns a play-out plays, the candidate's included, before the round is evaluated
(ours, then the next player's answer): the evaluation is always between turns."""

LEGAL_PER_STEP: Final = 4
"""A play-out move counts one more step of work for every this many legal actions listed."""

MAX_STEPS: Final = 80
"""Moves a play-out plays at most (a bound on the work of a long turn)."""


def in_hand_melds(hand: Iterable[Card], wilds: frozenset[Card] = frozenset()) -> set[Card]:
    """The natural cards of ``hand`` that make a set or a run of three with others held.

    >>> from cardrules.cards import parse_cards
    >>> sorted(map(str, in_hand_melds(parse_cards("5H 6H 7H KS KD 2C"))))
    ['5♥', '6♥', '7♥']
    """
    have = Counter(card for card in hand if card not in wilds and not card.is_joker)
    return {card for card in have if _makes_meld(card, have)}


def _makes_meld(card: Card, have: Counter[Card]) -> bool:
    suit = card.suit
    if suit is None:
        return False
    rank = card.rank
    same = sum(1 for other in have if other.rank == rank)
    if same >= 3:
        return True
    position = int(rank)
    for start in (position - 2, position - 1, position):
        if all(_held(have, suit, p) for p in range(start, start + 3)):
            return True
    if position == 1:  # an ace may sit above the king
        return _held(have, suit, 12) and _held(have, suit, 13)
    return False


def _held(have: Counter[Card], suit: Any, position: int) -> bool:
    if position < 1 or position > 14:
        return False
    return have[card_at(suit, position)] > 0


def _closeness(card: Card, hand: Sequence[Card]) -> int:
    """How many cards of ``hand`` are a pair or a near run-mate of ``card``."""
    near = 0
    for other in hand:
        if other is card or other == card:
            continue
        if other.rank == card.rank:
            near += 1
        elif other.suit is not None and other.suit == card.suit:
            near += abs(int(other.rank) - int(card.rank)) <= 2
    return near


def quick_policy(
    state: Any,
    legal: Sequence[Any],
    points: Callable[[Card], int],
    wilds: frozenset[Card],
) -> Any:
    """The play-out move of the seat to act (see the module docstring); reads ``state`` whole.

    Play-outs run inside a world the searching bot dealt itself, so reading
    every hand there is what a world is for.
    """
    seat = state.to_act
    hand: tuple[Card, ...] = state.hands[seat]
    draw = None
    take = None
    melds = []
    layoff = None
    discards = []
    for action in legal:
        kind = type(action).__name__
        if kind == "Draw":
            draw = action
        elif kind == "TakeDiscard":
            if getattr(action, "count", 1) == 1:
                take = action
        elif kind == "Meld":
            melds.append(action)
        elif kind == "LayOff" and layoff is None:
            layoff = action
        elif kind == "Discard":
            discards.append(action)
    if draw is not None or take is not None:
        if take is not None and state.discard:
            top = state.discard[-1]
            if top in wilds or top in in_hand_melds((*hand, top), wilds):
                return take
        return draw if draw is not None else legal[0]
    if melds:
        return max(melds, key=lambda a: len(a.meld.cards))
    if layoff is not None:
        return layoff
    if discards:

        def keep(action: Any) -> tuple[int, int]:
            card: Card = action.card
            if card in wilds or card.is_joker:
                return (100, 0)
            return (6 * _closeness(card, hand) - points(card), card.index)

        return min(discards, key=keep)
    return legal[0]


def _deadwood_weight(state: Any) -> float:
    """How much a loose card counts against its holder: more as the stock runs down."""
    dealt = sum(len(hand) for hand in state.hands)
    total = len(state.stock) + dealt + len(state.discard)
    progress = 1.0 - min(1.0, len(state.stock) / max(1, total - dealt))
    return 0.5 + 0.5 * progress


def hand_worth(
    hand: Sequence[Card],
    points: Callable[[Card], int],
    wilds: frozenset[Card],
    deadwood_weight: float,
    *,
    melded_share: float,
) -> float:
    """A hand's worth to its holder mid-round, in points of the round's score.

    A card in a meld held is worth ``melded_share`` of its points (it will be
    placed); a wild card nothing; a card with a partner for a meld (a pair, a
    run-mate one or two apart) costs half its points, a lone card all of them,
    each times ``deadwood_weight``.

    >>> from cardrules.cards import parse_cards
    >>> hand_worth(parse_cards("5H 6H 7H KS"), lambda c: 10, frozenset(), 1.0, melded_share=0.5)
    5.0
    """
    melded = in_hand_melds(hand, wilds)
    worth = 0.0
    for card in hand:
        if card in wilds or card.is_joker:
            continue
        value = points(card)
        if card in melded:
            worth += melded_share * value
        elif _closeness(card, hand):
            worth -= 0.5 * deadwood_weight * value
        else:
            worth -= deadwood_weight * value
    return worth


class _RummyPieces(abc.ABC):
    """What both rummies share; the subclasses say how a seat's round is worth."""

    game: str = ""
    higher_is_better: bool = True

    def __init__(self, seat: int) -> None:
        self.seat = seat

    # -- per game -----------------------------------------------------------

    @abc.abstractmethod
    def _legal(self, state: Any) -> tuple[Any, ...]:
        """The legal actions of ``state``."""

    @abc.abstractmethod
    def _apply(self, state: Any, action: Any) -> Any:
        """``state`` after ``action``."""

    def _wilds(self, state: Any) -> frozenset[Card]:
        return frozenset()

    @abc.abstractmethod
    def _points(self, state: Any) -> Callable[[Card], int]:
        """The game's card points in ``state``'s round."""

    @abc.abstractmethod
    def _worth_cut(self, state: Any, seat: int) -> float:
        """What ``seat``'s round is worth where a play-out stops."""

    # -- shared -------------------------------------------------------------

    def play_out(self, world: Any, candidate: Any, rnd: random.Random) -> tuple[float, int]:
        """The candidate's value in ``world`` for our seat and the moves simulated."""
        state = self._apply(world, candidate)
        steps = 1
        start_round = world.round_number
        before = world.scores
        wilds = self._wilds(world)
        points = self._points(world)
        turns = 0
        acting = world.to_act
        while steps <= MAX_STEPS:
            if state.is_over or state.round_number != start_round or state.to_act is None:
                return self._worth_scored(before, state.scores), steps
            if state.to_act != acting:
                # Cut off between turns only, so every candidate is judged at the same
                # point of the turn cycle whatever number of moves its turn took.
                turns += 1
                acting = state.to_act
                if turns >= HORIZON:
                    break
            legal = self._legal(state)
            if not legal:
                break
            state = self._apply(state, quick_policy(state, legal, points, wilds))
            # A move costs more the more legal actions it had to list (a hand rich in
            # wild cards lists hundreds): counted in the work, the budget stays
            # time-like on such hands without a clock deciding.
            steps += 1 + len(legal) // LEGAL_PER_STEP
        if state.is_over or state.round_number != start_round:
            return self._worth_scored(before, state.scores), steps
        return self._margin([self._worth_cut(state, s) for s in range(len(state.hands))]), steps

    def _worth_scored(self, before: Sequence[int], after: Sequence[int]) -> float:
        gained = [b - a for a, b in zip(before, after)]
        if not self.higher_is_better:
            gained = [-g for g in gained]
        return self._margin(gained)

    def _margin(self, worth: Sequence[float]) -> float:
        others = [w for s, w in enumerate(worth) if s != self.seat]
        return worth[self.seat] - (max(others) if others else 0.0)


class Rummy500Pieces(_RummyPieces):
    """The search pieces of Rummy 500, sampling worlds with :mod:`cardrules.bots.worlds`."""

    game = "rummy500"

    def __init__(self, memory: Memory, seat: int) -> None:
        super().__init__(seat)
        self.memory = memory

    def sample(self, view: rummy500.View, rnd: random.Random) -> rummy500.State:
        """A world consistent with ``view`` and the memory (never the real state)."""
        return sample_world(view, self.memory, rnd)

    def _legal(self, state: Any) -> tuple[Any, ...]:
        return rummy500.legal_actions(state)

    def _apply(self, state: Any, action: Any) -> Any:
        return rummy500.apply(state, action)

    def _points(self, state: Any) -> Callable[[Card], int]:
        config = state.config
        return lambda card: rummy500_scoring.card_points(card, config)

    def _worth_cut(self, state: Any, seat: int) -> float:
        points = self._points(state)
        return float(sum(state.placed_points[seat])) + hand_worth(
            state.hands[seat], points, frozenset(), _deadwood_weight(state), melded_share=0.8
        )


class VegasPieces(_RummyPieces):
    """The search pieces of Las Vegas Rummy (scores are penalty points: lower is better)."""

    game = "vegas_rummy"
    higher_is_better = False

    def __init__(self, memory: Any, seat: int) -> None:
        super().__init__(seat)
        self.memory = memory

    def sample(self, view: vegas_rummy.View, rnd: random.Random) -> vegas_rummy.State:
        """A world consistent with ``view`` and the memory (never the real state)."""
        return sample_vegas_world(view, self.memory, rnd)

    def _legal(self, state: Any) -> tuple[Any, ...]:
        return vegas_rummy.legal_actions(state)

    def _apply(self, state: Any, action: Any) -> Any:
        return vegas_rummy.apply(state, action)

    def _wilds(self, state: Any) -> frozenset[Card]:
        wilds: frozenset[Card] = state.wilds
        return wilds

    def _points(self, state: Any) -> Callable[[Card], int]:
        config = state.config
        wilds = self._wilds(state)
        return lambda card: vegas_scoring.card_points(card, wilds, config)

    def _worth_cut(self, state: Any, seat: int) -> float:
        if not state.active[seat]:
            return 0.0
        return hand_worth(
            state.hands[seat],
            self._points(state),
            self._wilds(state),
            _deadwood_weight(state),
            melded_share=0.0,
        )


def sample_vegas_world(
    view: vegas_rummy.View, memory: Any, rnd: random.Random
) -> vegas_rummy.State:
    """A Las Vegas Rummy state consistent with ``view``, dealt with ``rnd``.

    The cards the view does not show (the full packs less our hand, the
    discard pile and the melds) are dealt at random to the other hands and the
    stock; discards an opponent was seen to take (``memory.picked``) and not
    seen since go to his hand first. Uses only the view, the memory and
    ``rnd``, never the real state: the world's seed is drawn afresh.

    >>> import random
    >>> from cardrules import vegas_rummy as vr
    >>> state = vr.new_game(vr.Config(num_players=2), seed=4)
    >>> mine = vr.view(state, state.to_act)
    >>> world = sample_vegas_world(mine, None, random.Random(1))
    >>> vr.view(world, state.to_act) == mine
    True
    """
    seat = view.seat
    if seat is None or view.hand is None:
        raise ValueError("sample worlds from a seat's view, not a spectator's")
    pool = Counter(make_deck(decks=view.num_decks, jokers_per_deck=2))
    pool.subtract(view.hand)
    pool.subtract(view.discard)
    for owned in view.melds:
        pool.subtract(owned.meld.cards)
    players = len(view.hand_sizes)
    hands: list[list[Card]] = [[] for _ in range(players)]
    hands[seat] = list(view.hand)
    others = [s for s in range(players) if s != seat and view.hand_sizes[s] > 0]
    if memory is not None:
        for other in others:
            for card in getattr(memory, "picked", {}).get(other, []):
                if pool[card] > 0 and len(hands[other]) < view.hand_sizes[other]:
                    pool[card] -= 1
                    hands[other].append(card)
    unknown = sorted((+pool).elements(), key=lambda c: c.index)
    rnd.shuffle(unknown)
    for other in others:
        need = view.hand_sizes[other] - len(hands[other])
        hands[other].extend(unknown[:need])
        del unknown[:need]
    if len(unknown) != view.stock_size:
        raise ValueError("the view's card counts do not add up to the packs in play")
    return state_from_view(
        view,
        hands,
        unknown,
        seed=rnd.getrandbits(63),
        shuffles=view.round_number + 1 + view.reshuffles,
    )


SEARCH_PRIOR: Final = 1.0
"""Points the heuristic's own move is credited in a rummy search: a handful of
worlds must agree before another move replaces it."""

RUMMY500_PRIOR: Final = 5.0
"""Points the Rummy 500 heuristic's own draw is credited in its search: a card's worth,
so the play-out's rough hand evaluation alone does not overturn the heuristic's finer one."""

RUMMY500_CONFIDENCE: Final = 1.5
"""Standard errors of its paired gain by which another draw must beat the heuristic's
in a Rummy 500 search (:func:`cardrules.bots.search.search`'s ``confidence``)."""

MAX_CANDIDATES: Final = 4
"""Moves a rummy search compares: the heuristic's, and the best few others by kind."""


def rummy_candidates(
    chosen: Any,
    legal: Sequence[Any],
    hand: Sequence[Card],
    points: Callable[[Card], int],
    wilds: frozenset[Card] = frozenset(),
) -> list[Any]:
    """The moves worth searching: ``chosen`` (the heuristic's) first, then one of each kind.

    Drawing: the stock, the top discard, the deepest dig. Playing: the biggest
    meld, a lay-off, and the loosest discards. At most :data:`MAX_CANDIDATES`.

    >>> from cardrules import rummy500
    >>> state = rummy500.new_game(seed=3)
    >>> state = rummy500.apply(rummy500.apply(state, rummy500.Draw()), rummy500.Discard(
    ...     state.hands[state.to_act][0]))
    >>> legal = rummy500.legal_actions(state)
    >>> [str(a) for a in rummy_candidates(legal[0], legal, (), lambda c: 5)]
    ['draw', 'take A♣']
    """
    found: dict[Any, None] = {chosen: None}
    kinds: dict[str, list[Any]] = {}
    for action in legal:
        kinds.setdefault(type(action).__name__, []).append(action)
    if "Draw" in kinds or "TakeDiscard" in kinds or "EndRound" in kinds:
        for action in (*kinds.get("Draw", ()), *kinds.get("EndRound", ())):
            found[action] = None
        takes = sorted(kinds.get("TakeDiscard", ()), key=lambda a: getattr(a, "count", 1))
        for action in takes[:1] + takes[-1:]:
            found[action] = None
    else:
        melds = sorted(kinds.get("Meld", ()), key=lambda a: -len(a.meld.cards))
        for action in (*melds[:1], *kinds.get("LayOff", ())[:1], *kinds.get("SwapWild", ())[:1]):
            found[action] = None

        def keep(action: Any) -> tuple[int, int]:
            card: Card = action.card
            if card in wilds or card.is_joker:
                return (100, 0)
            return (6 * _closeness(card, hand) - points(card), card.index)

        for action in sorted(kinds.get("Discard", ()), key=keep)[:3]:
            found[action] = None
    return list(found)[:MAX_CANDIDATES]
