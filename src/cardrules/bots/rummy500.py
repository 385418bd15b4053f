"""Rummy 500 computer players: easy, normal and expert (see the Bots page of the docs).

* **easy** grabs the deepest part of the discard pile it is allowed to take,
  lays down the biggest meld it holds as soon as it can, lays off whatever
  fits, and discards its highest-value card. (The original rules' easy player only
  draws from the stock; under these rules such a player loses nearly every
  game even to random play, which digs up the pile it feeds, so easy digs.)
* **normal** plans the best set of melds for its hand (most points), lays off
  whatever fits the table, takes from the discard pile when the cards it gets
  are worth more than an unknown stock card, and picks its discard so as not to
  feed the next player: no card that fits a meld on the table, none near the
  cards the next player picked up.
* **expert** remembers every card seen this round (:class:`~.worlds.Memory`):
  it counts the cards still live for each partial meld and weighs a stock draw
  by the exact average over the cards it has not seen. From deals of the hidden
  cards sampled consistently with what it knows (:func:`~.worlds.sample_world`)
  it estimates the best dig the next player could make in the discard pile,
  and uses that to dig so as to deny him the pile, to choose the discard that
  opens least, and to hoard a meld whose lay-down would let him dig to a card
  that fits it. It keeps its deadwood low as the stock shrinks or an opponent
  gets close to going out, and values going out by the cards it leaves in the
  opponents' hands.

All three use only the view of their own seat, and are deterministic given
their seed.

>>> from cardrules import rummy500
>>> players = [ExpertBot(seed=1), NormalBot(seed=2)]
>>> state = rummy500.new_game(seed=2)
>>> while state.round_number == 1:
...     seat = state.to_act
...     state = rummy500.apply(state, players[seat].choose(rummy500.view(state, seat)))
>>> state.history[0].ended_by in ("went_out", "stock_exhausted")
True
"""

from __future__ import annotations

import abc
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from typing import ClassVar

import attrs

from cardrules.bots.base import legal_actions_of
from cardrules.bots.layoffs import greedy_layoffs
from cardrules.bots.rummy_search import (
    RUMMY500_CONFIDENCE,
    RUMMY500_PRIOR,
    Rummy500Pieces,
    rummy_candidates,
)
from cardrules.bots.search import SearchResult, decide, search_think_time
from cardrules.bots.worlds import Memory, sample_world, unseen_cards
from cardrules.cards import SUITS, Card
from cardrules.rummy.melds import (
    MeldRules,
    TableMeld,
    can_place,
    card_at,
    card_mask,
    find_melds,
    layoff_options,
)
from cardrules.rummy500 import scoring
from cardrules.rummy500.actions import Action, Discard, Draw, EndRound, LayOff, Meld, TakeDiscard
from cardrules.rummy500.config import Config
from cardrules.rummy500.rules import meld_rules
from cardrules.rummy500.state import Phase
from cardrules.rummy500.view import View

__all__ = ["EasyBot", "ExpertBot", "NormalBot", "Plan", "best_plan"]

_SEARCH_NODES = 4000
_BIG_HAND = 13
"""Hands of more cards (after a deep dig) are planned from three-card melds if wild."""
_FORCED_MELDS = 8
"""Melds holding a dug card tried one by one when no plan places it."""
_MAX_TAKES = 8
"""Digs a bot weighs in one decision: the shallowest ones and the deepest."""
_THREAT_DEPTH = 24
"""How deep the expert looks for the next player's best dig (bounded work)."""
"""Cap on the meld-partition search of one hand (hands of 20+ cards after a dig)."""


@attrs.frozen
class Plan:
    """The best way found to put a hand on the table this turn.

    ``melds`` are new melds from the hand; ``layoffs`` the cards then laid off
    (onto the table or the new melds, in order); ``left`` what stays in hand.
    """

    melds: tuple[TableMeld, ...]
    layoffs: tuple[Card, ...]
    left: tuple[Card, ...]
    points: int
    """Points scored by the melds and lay-offs."""


def best_plan(
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    config: Config,
    *,
    must: Card | None = None,
    layoffs: bool = True,
) -> Plan:
    """The melds and lay-offs that put the most points from ``hand`` on the table.

    ``must`` is a card that has to be placed (a dug card, R5-4): plans that
    leave it in hand are used only when no plan places it. A bounded search;
    on very large hands it may miss the very best partition.

    >>> from cardrules.cards import parse_cards
    >>> plan = best_plan(parse_cards("5H 6H 7H 8H 8S 8D KC"), (), Config())
    >>> [len(m.cards) for m in plan.melds], [str(c) for c in plan.left]
    ([3, 3], ['K♣'])
    """
    rules = meld_rules(config)
    # With wild cards a big hand holds tens of thousands of long melds; three-card
    # melds plus the greedy lay-offs below rebuild the long ones (issue 15 item 4).
    longest = 3 if rules.wilds and len(hand) > _BIG_HAND else None
    candidates = find_melds(hand, rules, longest=longest)
    values = [_points(m.cards, config) for m in candidates]
    needs = [Counter(m.cards) for m in candidates]
    order = sorted(range(len(candidates)), key=lambda i: -values[i])
    counts = Counter(hand)
    nodes = 0
    options: list[tuple[int, tuple[int, ...]]] = []

    def search(start: int, chosen: list[int], total: int) -> None:
        nonlocal nodes
        nodes += 1
        options.append((total, tuple(chosen)))
        if nodes > _SEARCH_NODES:
            return
        for k in range(start, len(order)):
            i = order[k]
            need = needs[i]
            if all(counts[c] >= n for c, n in need.items()):
                counts.subtract(need)
                chosen.append(i)
                search(k + 1, chosen, total + values[i])
                chosen.pop()
                counts.update(need)

    def search_masks(start: int, chosen: list[int], total: int, one: int, two: int) -> None:
        """``search`` with the hand as masks: cards held once or more, twice or more."""
        nonlocal nodes
        nodes += 1
        options.append((total, tuple(chosen)))
        if nodes > _SEARCH_NODES:
            return
        for k in range(start, len(order)):
            i = order[k]
            need = masks[i]
            if not need & ~one:
                chosen.append(i)
                search_masks(k + 1, chosen, total + values[i],
                             (one & ~need) | (two & need), two & ~need)
                chosen.pop()

    # Where no meld needs a card twice and no card is held thrice (always without
    # wild cards), masks answer "does the hand still hold this meld" at once.
    masks = [card_mask(m.cards) for m in candidates]
    if max(counts.values(), default=0) <= 2 and all(
        len(need) == len(m.cards) for need, m in zip(needs, candidates)
    ):
        once = card_mask(counts)
        twice = card_mask(c for c, n in counts.items() if n >= 2)
        search_masks(0, [], 0, once, twice)
    else:
        search(0, [], 0)
    # Score every partition found with its lay-offs; keep the best (ties: fewer melds).
    options.sort(key=lambda o: (-o[0], len(o[1])))
    top = options[: 24 if layoffs or must is not None else 1]
    plans = [
        _complete(hand, [candidates[i] for i in chosen], table, rules, config, layoffs)
        for _, chosen in top
    ]
    best_any = max(plans, key=lambda p: (p.points, -len(p.melds)))
    if must is None:
        return best_any
    placing = [p for p in plans if must not in p.left]
    if placing:
        return max(placing, key=lambda p: (p.points, -len(p.melds)))
    # The dug card needs a meld that the top partitions did not use: force one.
    forced: list[Plan] = []
    with_must = [meld for meld in candidates if must in meld.cards]
    for meld in with_must[:_FORCED_MELDS]:
        if must in meld.cards:
            rest = list(hand)
            for card in meld.cards:
                rest.remove(card)
            sub = best_plan(rest, (*table, meld), config, layoffs=layoffs)
            forced.append(
                Plan(
                    (meld, *sub.melds),
                    sub.layoffs,
                    sub.left,
                    sub.points + _points(meld.cards, config),
                )
            )
    if forced:
        return max(forced, key=lambda p: p.points)
    return best_any


def _complete(
    hand: Sequence[Card],
    melds: list[TableMeld],
    table: Sequence[TableMeld],
    rules: MeldRules,
    config: Config,
    layoffs: bool,
) -> Plan:
    left = list(hand)
    for meld in melds:
        for card in meld.cards:
            left.remove(card)
    laid: list[Card] = []
    if layoffs and left:
        # Highest first; the card index breaks ties (sets of cards have no stable order).
        laid = greedy_layoffs(
            left,
            [*table, *melds],
            rules,
            order=lambda c: (-scoring.card_points(c, config), c.index),
        )
    points = sum(_points(m.cards, config) for m in melds) + _points(laid, config)
    return Plan(tuple(melds), tuple(laid), tuple(left), points)


def _points(cards: Sequence[Card], config: Config) -> int:
    return sum(scoring.card_points(card, config) for card in cards)


# ---------------------------------------------------------------------------
# Bots


class _Rummy500Bot(abc.ABC):
    """What the three levels share: memory upkeep and the safety net of legality."""

    game: ClassVar[str] = "rummy500"
    level: ClassVar[str] = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.memory = Memory()
        self._random = random.Random(seed)

    def reset(self) -> None:
        """Forget the game played so far; the bot then plays as if new (same seed)."""
        self.memory = Memory()
        self._random = random.Random(self.seed)

    def choose(self, view: View) -> Action:
        """The action to play in ``view`` (the view of this bot's seat, which is to act)."""
        if not isinstance(view, View):
            raise TypeError(f"expected a rummy500 View, not {type(view).__name__}")
        legal = legal_actions_of(view)
        self.memory.observe(view)
        if len(legal) == 1:
            action: Action = legal[0]
        elif view.phase is Phase.DRAW:
            action = self._draw(view, legal)
        else:
            action = self._play(view, legal)
        if action not in legal:  # never happens by design; stay legal regardless
            action = legal[0]
        self.memory.note_action(view, action)
        return action

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    # -- the parts each level fills in --------------------------------------

    @abc.abstractmethod
    def _draw(self, view: View, legal: tuple[Action, ...]) -> Action:
        """The level's choice at this point of the turn (each level defines it)."""

    @abc.abstractmethod
    def _play(self, view: View, legal: tuple[Action, ...]) -> Action:
        """The level's choice at this point of the turn (each level defines it)."""

    # -- shared helpers ------------------------------------------------------

    @staticmethod
    def _stock_draw(legal: tuple[Action, ...]) -> Action:
        for action in legal:
            if isinstance(action, Draw):
                return action
        for action in legal:
            if isinstance(action, EndRound):
                return action
        return legal[0]

    @staticmethod
    def _discards(legal: tuple[Action, ...]) -> list[Card]:
        return [a.card for a in legal if isinstance(a, Discard)]


class EasyBot(_Rummy500Bot):
    """Easy: grabs the deepest usable pile, lays down the biggest meld at once, lays off
    anything, discards its highest card. No plan, no memory, no care for the next player."""

    level: ClassVar[str] = "easy"

    def _draw(self, view: View, legal: tuple[Action, ...]) -> Action:
        # A pure stock drawer loses almost every game to random play here (random
        # digs up the pile it feeds), so easy takes the deepest dig it may make.
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        if takes:
            return max(takes, key=lambda a: a.count)
        return self._stock_draw(legal)

    def _play(self, view: View, legal: tuple[Action, ...]) -> Action:
        config = view.config
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(melds, key=lambda a: (len(a.meld.cards), _points(a.meld.cards, config)))
        layoffs = [a for a in legal if isinstance(a, LayOff)]
        if layoffs:
            return layoffs[0]
        discards = self._discards(legal)
        if not discards:
            return legal[0]
        return Discard(max(discards, key=lambda c: (scoring.card_points(c, config), c.index)))


@attrs.define
class _Context:
    """What one decision needs to know, computed once."""

    config: Config
    table: tuple[TableMeld, ...]
    deadwood_weight: float
    outs: Callable[[Card], float]
    draws_left: float
    unseen: int
    out_bonus: float


class NormalBot(_Rummy500Bot):
    """Normal: plans its melds, lays off, digs when it pays, and does not feed the next player."""

    level: ClassVar[str] = "normal"

    #: How much an unknown stock card is worth over keeping the hand (normal's rough guess).
    draw_bonus: ClassVar[float] = 2.0
    #: Weight of the danger of a discard against its own value.
    danger_weight: ClassVar[float] = 1.0

    # -- context -----------------------------------------------------------

    def _context(self, view: View) -> _Context:
        config = view.config
        players = len(view.hand_sizes)
        initial = config.deck_size - players * config.hand_size - 1
        progress = 1.0 - min(1.0, view.stock_size / max(1, initial))
        weight = 0.5 + 0.5 * progress
        deck_copies = config.num_decks

        def outs(card: Card) -> float:
            return float(deck_copies)

        unseen = view.stock_size + sum(view.hand_sizes) - len(view.hand)
        return _Context(
            config=config,
            table=view.melds,
            deadwood_weight=weight,
            outs=outs,
            draws_left=view.stock_size / players,
            unseen=max(1, unseen),
            out_bonus=0.0,
        )

    # -- evaluation ----------------------------------------------------------

    def _value(
        self,
        hand: Sequence[Card],
        ctx: _Context,
        *,
        must: Card | None = None,
        discard: bool = False,
    ) -> float:
        """What a hand is worth this turn: points placeable now, minus weighted deadwood,
        plus the chances of its partial melds. ``discard``: one card still goes."""
        plan = best_plan(hand, ctx.table, ctx.config, must=must)
        left = list(plan.left)
        if discard and left:
            drop = max(
                left, key=lambda c: scoring.card_points(c, ctx.config) - self._keep(c, left, ctx)
            )
            left.remove(drop)
        if not left:
            return plan.points + ctx.out_bonus
        dead = _points(left, ctx.config)
        return plan.points - ctx.deadwood_weight * dead + self._potential(left, ctx)

    def _potential(self, left: Sequence[Card], ctx: _Context) -> float:
        return sum(self._keep(card, left, ctx) for card in left) / 2.0

    def _keep(self, card: Card, left: Sequence[Card], ctx: _Context) -> float:
        """The expected gain of keeping ``card`` for the partial melds it is part of."""
        if card.suit is None:
            return 0.0
        config = ctx.config
        gain = 0.0
        value = scoring.card_points(card, config)
        held = set(left)
        for other in held:
            if other == card or other.suit is None:
                continue
            need: list[Card] = []
            if other.rank is card.rank:
                need = [Card(card.rank, s) for s in SUITS if s not in (card.suit, other.suit)]
            elif other.suit is card.suit:
                gap = abs(int(other.rank) - int(card.rank))
                low = min(int(other.rank), int(card.rank))
                if gap == 1:
                    need = [card_at(card.suit, p) for p in (low - 1, low + 2) if 1 <= p <= 13]
                elif gap == 2:
                    need = [card_at(card.suit, low + 1)]
            if not need:
                continue
            outs = sum(ctx.outs(c) for c in need if c not in held)
            if outs <= 0:
                continue
            chance = 1.0 - (1.0 - min(1.0, outs / ctx.unseen)) ** max(1.0, ctx.draws_left)
            pair_value = value + scoring.card_points(other, config)
            gain = max(gain, chance * pair_value * (1.0 + ctx.deadwood_weight) / 2.0)
        return gain

    def _danger(self, card: Card, view: View, ctx: _Context) -> float:
        """How much discarding ``card`` may help the next player."""
        value = scoring.card_points(card, ctx.config)
        rules = meld_rules(ctx.config)
        if any(layoff_options(m, card, rules) for m in ctx.table):
            return value + 5.0
        players = len(view.hand_sizes)
        assert view.seat is not None
        nxt = (view.seat + 1) % players
        for picked in self.memory.picked.get(nxt, []):
            if picked.rank is card.rank or (
                picked.suit is card.suit and abs(int(picked.rank) - int(card.rank)) <= 2
            ):
                return value / 2.0 + 3.0
        return 0.0

    # -- decisions -----------------------------------------------------------

    def _draw(self, view: View, legal: tuple[Action, ...]) -> Action:
        ctx = self._context(view)
        hand = list(view.hand)
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        can_draw = any(isinstance(a, Draw) for a in legal)
        if not takes:
            return self._stock_draw(legal)
        baseline = self._draw_value(view, hand, ctx) if can_draw else -math.inf
        if not can_draw and any(isinstance(a, EndRound) for a in legal):
            baseline = self._value(hand, ctx)
        best: Action = self._stock_draw(legal)
        best_value = baseline
        if len(takes) > _MAX_TAKES:  # bounded work on a long pile (issue 15 item 4)
            takes = takes[: _MAX_TAKES - 2] + takes[-2:]
        for take in takes:
            got = list(view.discard[-take.count :])
            must = take.card if (take.count > 1 or view.config.top_discard_must_be_used) else None
            value = self._value(hand + got, ctx, must=must, discard=True) - self._dig_cost(
                take, ctx
            )
            if value > best_value + 1e-9:
                best, best_value = take, value
        return best

    def _dig_cost(self, take: TakeDiscard, ctx: _Context) -> float:
        return 0.0

    def _draw_value(self, view: View, hand: list[Card], ctx: _Context) -> float:
        return self._value(hand, ctx) + self.draw_bonus

    def _play(self, view: View, legal: tuple[Action, ...]) -> Action:
        ctx = self._context(view)
        plan = best_plan(view.hand, view.melds, view.config, must=view.owed)
        legal_set = set(legal)
        for meld in plan.melds:
            action = Meld(meld)
            if action in legal_set:
                return action
        laid = set(plan.layoffs)
        layoffs = [a for a in legal if isinstance(a, LayOff) and a.card in laid]
        if layoffs:
            return max(layoffs, key=lambda a: scoring.card_points(a.card, view.config))
        discards = self._discards(legal)
        if not discards:
            # The plan's melds were refused (a dug card to place first): any placement.
            places = [a for a in legal if isinstance(a, Meld | LayOff)]
            if view.owed is not None:
                places = [a for a in places if _uses(a, view.owed)] or places
            return places[0] if places else legal[0]
        return Discard(self._pick_discard(view, discards, ctx))

    def _pick_discard(self, view: View, discards: list[Card], ctx: _Context) -> Card:
        hand = list(view.hand)
        best_card = discards[0]
        best_score = -math.inf
        for card in discards:
            rest = list(hand)
            rest.remove(card)
            score = self._value(rest, ctx) - self.danger_weight * self._danger(card, view, ctx)
            if score > best_score + 1e-9:
                best_card, best_score = card, score
        return best_card


def _uses(action: Action, card: Card) -> bool:
    if isinstance(action, Meld):
        return card in action.meld.cards
    return isinstance(action, LayOff) and action.card == card


class ExpertBot(NormalBot):
    """Expert: card memory, live-card odds, exact draw averages, the next player's digs.

    ``worlds`` is how many deals of the hidden cards it samples per decision to
    estimate what the next player could dig (0 turns that estimate off).
    """

    level: ClassVar[str] = "expert"

    def __init__(
        self, seed: int | None = None, *, worlds: int = 12, think_time: float | None = None
    ) -> None:
        super().__init__(seed)
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 0:
            raise ValueError(f"worlds must be a whole number >= 0, not {worlds!r}")
        self.worlds = worlds
        self.think_time = search_think_time(think_time)
        self.last_search: SearchResult | None = None
        """What the last decision's search found (``None`` when it did not search)."""
        self._sampled: list[tuple[Card, ...]] = []
        self._sampled_for: tuple[object, ...] = ()

    def choose(self, view: View) -> Action:
        """The heuristic's move; a draw (stock, top discard or a dig) is checked by search.

        Only the draw is searched: melds, lay-offs and discards searched with the
        two-turn play-out lost about 28 points a round against the heuristic's own
        choices (``docs/bots.rst``). With ``think_time`` 0 the heuristic alone decides.
        """
        chosen = super().choose(view)
        self.last_search = None
        legal = view.legal_actions
        if (
            self.think_time == 0
            or len(legal) == 1
            or view.seat is None
            or view.phase is not Phase.DRAW
        ):
            return chosen
        config = view.config
        candidates = rummy_candidates(
            chosen, legal, view.hand, lambda card: scoring.card_points(card, config)
        )
        found = decide(
            "rummy500",
            candidates,
            Rummy500Pieces(self.memory, view.seat),
            view,
            self._random,
            self.think_time,
            prior=RUMMY500_PRIOR,
            confidence=RUMMY500_CONFIDENCE,
        )
        self.last_search = found
        if found.best != chosen:
            self.memory.note_action(view, found.best)
        action: Action = found.best
        return action

    def reset(self) -> None:
        """Forget the game played so far (memory, sampled worlds, random stream)."""
        super().reset()
        self._sampled = []
        self._sampled_for = ()

    def _context(self, view: View) -> _Context:
        config = view.config
        players = len(view.hand_sizes)
        initial = config.deck_size - players * config.hand_size - 1
        progress = 1.0 - min(1.0, view.stock_size / max(1, initial))
        weight = 0.45 + 0.55 * progress
        assert view.seat is not None
        others = [view.hand_sizes[s] for s in range(players) if s != view.seat]
        closest = min(others)
        if closest <= 2:
            weight = 1.0
        elif closest <= 4:
            weight = max(weight, 0.85)
        pool = unseen_cards(view, self.memory)
        in_pile = Counter(view.discard)

        def outs(card: Card) -> float:
            # A live card may still be drawn; one in the pile may be dug for (a little).
            return pool[card] + 0.35 * in_pile[card]

        unseen = max(1, sum(pool.values()))
        opp_cards = sum(others)
        return _Context(
            config=config,
            table=view.melds,
            deadwood_weight=weight,
            outs=outs,
            draws_left=max(1.0, view.stock_size / players),
            unseen=unseen,
            out_bonus=4.5 * opp_cards * (0.5 + 0.5 * progress) + 5.0,
        )

    def _draw_value(self, view: View, hand: list[Card], ctx: _Context) -> float:
        """The exact average, over the cards not seen, of the hand after a stock draw."""
        pool = unseen_cards(view, self.memory)
        total = sum(pool.values())
        if total == 0:
            return self._value(hand, ctx)
        value = 0.0
        for card, n in pool.items():
            value += n * self._value([*hand, card], ctx, discard=True)
        return value / total

    def _dig_cost(self, take: TakeDiscard, ctx: _Context) -> float:
        # Taking many cards lengthens the hand and shrinks what we can later dig.
        return 0.6 * max(0, take.count - 2)

    # -- the next player's digs ------------------------------------------------

    def _opponent_hands(self, view: View) -> list[tuple[Card, ...]]:
        """The next player's hand in worlds sampled from what we know (cached per view)."""
        key = (view.round_number, view.discard, view.stock_size, view.hand, len(view.melds))
        if key != self._sampled_for:
            assert view.seat is not None
            nxt = (view.seat + 1) % len(view.hand_sizes)
            self._sampled = [
                sample_world(view, self.memory, self._random).hands[nxt] for _ in range(self.worlds)
            ]
            self._sampled_for = key
        return self._sampled

    def _threat(self, view: View, pile: Sequence[Card], table: Sequence[TableMeld]) -> float:
        """The average value of the best dig the next player could make in ``pile``.

        A dig is worth the dug card plus half the cards taken above it (he may
        not meld them all). ``table`` is the table he would see.
        """
        hands = self._opponent_hands(view)
        if not hands or not pile:
            return 0.0
        config = view.config
        rules = meld_rules(config)
        top_free = not config.top_discard_must_be_used
        natural = not rules.wilds
        fits_table = {c for c in set(pile) if any(layoff_options(m, c, rules) for m in table)}
        total = 0.0
        for hand in hands:
            have = Counter(hand)
            best = 0.0
            taken = 0
            for k in range(1, min(len(pile), _THREAT_DEPTH) + 1):
                card = pile[-k]
                have[card] += 1
                value = scoring.card_points(card, config)
                taken += value
                if k == 1 and top_free:
                    best = max(best, 0.5 * value)
                    continue
                if card in fits_table:
                    usable = True
                elif natural:
                    usable = _makes_meld(card, have)
                else:
                    usable = can_place(card, tuple(have.elements()), table, rules)
                if usable:
                    best = max(best, value + 0.5 * (taken - value))
            total += best
        return total / len(hands)

    def _danger(self, card: Card, view: View, ctx: _Context) -> float:
        return self._threat(view, (*view.discard, card), view.melds) - self._base_threat

    _base_threat: float = 0.0

    def _pick_discard(self, view: View, discards: list[Card], ctx: _Context) -> Card:
        self._base_threat = self._threat(view, view.discard, view.melds)
        return super()._pick_discard(view, discards, ctx)

    def _draw(self, view: View, legal: tuple[Action, ...]) -> Action:
        ctx = self._context(view)
        hand = list(view.hand)
        takes = [a for a in legal if isinstance(a, TakeDiscard)]
        if not takes:
            return self._stock_draw(legal)
        if any(isinstance(a, Draw) for a in legal):
            best: Action = self._stock_draw(legal)
            best_value = self._draw_value(view, hand, ctx) - self._threat(
                view, view.discard, view.melds
            )
        else:
            best = self._stock_draw(legal)
            best_value = self._value(hand, ctx) if isinstance(best, EndRound) else -math.inf
        if len(takes) > _MAX_TAKES:  # bounded work on a long pile (issue 15 item 4)
            takes = takes[: _MAX_TAKES - 2] + takes[-2:]
        for take in takes:
            got = list(view.discard[-take.count :])
            must = take.card if (take.count > 1 or view.config.top_discard_must_be_used) else None
            rest = view.discard[: -take.count]
            value = self._value(hand + got, ctx, must=must, discard=True) - self._threat(
                view, rest, view.melds
            )
            if value > best_value + 1e-9:
                best, best_value = take, value
        return best


def _makes_meld(card: Card, have: Counter[Card]) -> bool:
    """Whether ``card`` is in a natural set or run of the cards counted in ``have``."""
    suit = card.suit
    if suit is None:
        return False
    same = sum(1 for s in SUITS if have[Card(card.rank, s)] > 0)
    if same >= 3:
        return True
    positions = [int(card.rank)] + ([14] if int(card.rank) == 1 else [])
    for position in positions:
        run = 1
        p = position - 1
        while p >= 1 and have[card_at(suit, p)] > 0 and run < 3:
            run += 1
            p -= 1
        p = position + 1
        while p <= 14 and have[card_at(suit, p)] > 0 and run < 3:
            run += 1
            p += 1
        if run >= 3:
            return True
    return False


LEVEL_CLASSES: dict[str, Callable[..., _Rummy500Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "expert": ExpertBot,
}
"""Level name -> bot class, for :func:`cardrules.bots.make`."""
