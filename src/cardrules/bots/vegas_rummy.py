"""Las Vegas Rummy computer players: easy, normal and expert (see the Bots page of the docs).

Scores are penalty points (lower is better) and going out — discarding the
last card — ends the round, so every level tries to shed cards and points.

* **easy** draws from the stock (the discard pile only when the stock cannot
  be drawn), lays down the biggest meld it holds as soon as it can, lays off
  natural cards that fit the table, and discards its highest-penalty card,
  never a wild card unless it holds nothing else.
* **normal** plans the melds and lay-offs that leave the fewest penalty points
  in hand (:func:`best_plan`, wild cards used to complete pairs), takes the top
  discard when its hand is then better than with an average stock card, keeps
  wild cards for melds (it lays one off only to go out or when no pair or
  sequence is left to use it on), swaps a wild card out of a meld when
  solidarity is off and that improves its hand, and picks its discard by
  penalty against the chance of completing a partial meld, avoiding cards that
  fit a table meld or that the next player showed interest in by taking a
  discard of the same rank or a suit neighbour.
* **expert** remembers the round (:class:`VegasMemory`): which discards each
  opponent took and which cards each threw away. From it and the visible cards
  it counts the live cards for each partial meld (a card an opponent took is
  not live), values a stock draw by the exact average over the cards it has not
  seen, and reads the discards an opponent made as cards he does not collect.
  It dumps high cards early, weighs the points in hand more the closer an
  opponent is to going out (his hand size) and the further the stock has run,
  and lays wild cards off rather than be caught with them then.

Between rounds a busted player rebuys when the buy-in is free or the expected
share of the pot is worth more than the buy-in (easy always rebuys), and the
next dealer deals (bots never seat a new player).

All levels use only the view of their own seat and are deterministic given
their seed; whatever depends on an order is sorted by ``card.index``.

>>> from cardrules import vegas_rummy as vr
>>> players = [ExpertBot(seed=1), NormalBot(seed=2)]
>>> state = vr.new_game(vr.Config(num_players=2, reshuffle_limit=3), seed=4)
>>> while state.round_number == 1 and not state.is_over:
...     seat = state.to_act
...     state = vr.apply(state, players[seat].choose(vr.view(state, seat)))
>>> len(state.history)
1
"""

from __future__ import annotations

import abc
import decimal
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import ClassVar

import attrs

from cardrules.bots.base import legal_actions_of
from cardrules.bots.layoffs import greedy_layoffs
from cardrules.bots.rummy_search import SEARCH_PRIOR, VegasPieces, rummy_candidates
from cardrules.bots.search import SearchResult, decide, search_think_time
from cardrules.cards import SUITS, Card, make_deck
from cardrules.rummy.melds import MeldRules, TableMeld, card_at, layoff_options
from cardrules.rummy.wilds import enumerate_melds, normalize
from cardrules.vegas_rummy import scoring
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
)
from cardrules.vegas_rummy.config import Config
from cardrules.vegas_rummy.rules import round_meld_rules
from cardrules.vegas_rummy.view import View

__all__ = [
    "DECISION_WORK",
    "EasyBot",
    "ExpertBot",
    "NormalBot",
    "Plan",
    "VegasMemory",
    "WorkBudget",
    "best_plan",
    "round_rules",
]

_SEARCH_NODES = 1500
"""Cap on the meld-combination search of one hand."""

_SAMPLE_NODES = 60
"""The smaller cap used for each of the many hands a stock draw may give (expert)."""

_MAX_CANDIDATES = 60
"""At most this many melds (the highest penalty first) enter one plan search."""

DECISION_WORK = 30_000
"""Work units one decision may spend on plan searches (a unit is about one
card-meld lay-off test: a plan considered costs hand size × melds, a meld
listed for a hand 4): the bound that keeps every bot decision under a second on
the largest tables ``Config`` allows (``benchmarks/vegas_bounds.py``). When it is
spent, the searches still running stop at their best plan so far (at least the
plan with no new meld) and further hands are valued by their points alone, so a
decision stays deterministic."""


@attrs.define
class WorkBudget:
    """What is left of one decision's :data:`DECISION_WORK` (shared by its searches)."""

    left: int = DECISION_WORK


def round_rules(config: Config, upcard: Card) -> MeldRules:
    """The meld rules of a round with ``upcard`` turned (LV-2, LV-6, LV-8, LV-9): the
    rules' own ``vegas_rummy.rules.round_meld_rules``."""
    return round_meld_rules(config, upcard)


@attrs.frozen
class Plan:
    """The melds and lay-offs chosen for a hand this turn and what then stays in hand.

    ``left`` still holds the card to discard at the end of the turn.
    """

    melds: tuple[TableMeld, ...]
    layoffs: tuple[Card, ...]
    left: tuple[Card, ...]


def _points(cards: Sequence[Card], wilds: frozenset[Card], config: Config) -> int:
    return sum(scoring.card_points(card, wilds, config) for card in cards)


def best_plan(
    hand: Sequence[Card],
    table: Sequence[TableMeld],
    rules: MeldRules,
    config: Config,
    *,
    candidates: Sequence[TableMeld] | None = None,
    wild_layoffs: bool = True,
    max_nodes: int = _SEARCH_NODES,
    budget: WorkBudget | None = None,
) -> Plan:
    """The melds and lay-offs that leave the fewest penalty points in ``hand``.

    At least one card always stays (LV-5: the turn ends with a discard); a plan
    that leaves exactly one card goes out. Ties go to fewer cards left, then to
    fewer wild cards used. ``candidates`` are the melds to choose from
    (default: every meld the hand holds); ``wild_layoffs=False`` keeps wild
    cards out of the lay-offs. A search bounded by ``max_nodes`` combinations
    (highest penalty first) of at most 60 three-card melds, each then extended
    by greedy lay-offs, and by ``budget`` (shared by the searches of one
    decision): on hands rich in wild cards it may miss the best.

    >>> from cardrules.cards import parse_cards
    >>> rules = round_rules(Config(), parse_cards("9D")[0])
    >>> plan = best_plan(parse_cards("5H 6H 7H KS KD 2C 9C"), (), rules, Config())
    >>> [len(m.cards) for m in plan.melds], [str(c) for c in plan.left]
    ([3, 3], ['2♣'])
    """
    wilds = rules.wilds
    if candidates is None:
        # Three-card melds: longer ones are the same cards laid off onto them (the
        # lay-offs below), and the list stays short on hands full of wild cards.
        candidates = enumerate_melds(hand, rules, max_size=len(hand) - 1, only_size=3)
        if budget is not None:
            budget.left -= 4 * len(candidates)
    counts = Counter(hand)
    size = len(hand)
    best: tuple[tuple[float, ...], Plan] | None = None
    nodes = 0
    order = sorted(
        range(len(candidates)),
        key=lambda i: (-_points(candidates[i].cards, wilds, config), i),
    )[:_MAX_CANDIDATES]
    work = budget if budget is not None else WorkBudget()

    needs = [tuple(Counter(m.cards).items()) for m in candidates]
    lengths = [len(m.cards) for m in candidates]

    def consider(chosen: list[int]) -> None:
        nonlocal best
        melds = [candidates[i] for i in chosen]
        work.left -= size * (len(table) + len(melds) + 1)
        plan = _with_layoffs(hand, melds, table, rules, wild_layoffs)
        left = plan.left
        if len(left) <= 1:
            key: tuple[float, ...] = (0, 0, len(left), _wild_use(plan, wilds))
        else:
            pts = [scoring.card_points(c, wilds, config) for c in left]
            key = (1, sum(pts) - max(pts), len(left), _wild_use(plan, wilds))
        if best is None or key < best[0]:
            best = (key, plan)

    def search(start: int, chosen: list[int], used: int) -> None:
        nonlocal nodes
        nodes += 1
        consider(chosen)
        if nodes > max_nodes or work.left <= 0:
            return
        for k in range(start, len(order)):
            if nodes > max_nodes or work.left <= 0:
                return
            i = order[k]
            if used + lengths[i] > size - 1:
                continue
            need = needs[i]
            if all(counts[c] >= n for c, n in need):
                for c, n in need:
                    counts[c] -= n
                chosen.append(i)
                search(k + 1, chosen, used + lengths[i])
                chosen.pop()
                for c, n in need:
                    counts[c] += n

    search(0, [], 0)
    assert best is not None
    return best[1]


def _wild_use(plan: Plan, wilds: frozenset[Card]) -> int:
    used = sum(1 for m in plan.melds for c in m.cards if c in wilds)
    return used + sum(1 for c in plan.layoffs if c in wilds)


def _with_layoffs(
    hand: Sequence[Card],
    melds: Sequence[TableMeld],
    table: Sequence[TableMeld],
    rules: MeldRules,
    wild_layoffs: bool,
) -> Plan:
    left = list(hand)
    for meld in melds:
        for card in meld.cards:
            left.remove(card)
    # Natural cards first (highest index first for a stable order), wild cards last;
    # one card always stays for the discard (LV-5).
    laid = greedy_layoffs(
        left,
        [*table, *melds],
        rules,
        order=lambda c: (c in rules.wilds, -c.index),
        keep=1,
        allowed=lambda c: wild_layoffs or c not in rules.wilds,
    )
    return Plan(tuple(melds), tuple(laid), tuple(left))


# ---------------------------------------------------------------------------
# Memory


class VegasMemory:
    """What one seat remembers of the current round: the discard pile's changes.

    Feed it each view with :meth:`observe` and each action the seat chose with
    :meth:`note_action`. Between two of our turns, the pile as we left it is
    compared with the pile we see: our discard gone means the next player took
    it; the card on top of what we left is the next player's discard. With two
    players this is exact; with more it follows the next player only (the
    others' moves cannot be told apart), plus every card that left the pile
    without a reshuffle (``taken``: held by some opponent unless melded).
    """

    def __init__(self) -> None:
        self.round_number: int | None = None
        self.picked: dict[int, list[Card]] = {}
        """Discards each opponent was seen to take."""
        self.passed: dict[int, list[Card]] = {}
        """Cards each opponent was seen to discard."""
        self.taken: Counter[Card] = Counter()
        """Every card that left the pile into an opponent's hand (not back on the table)."""
        self._pile: tuple[Card, ...] | None = None
        self._stock = 0

    def observe(self, view: View) -> None:
        """Take in a new view of our seat (call it before deciding)."""
        if view.seat is None:
            raise ValueError("a memory belongs to a seat; a spectator's view has no hand")
        if view.round_number != self.round_number:
            self.__init__()  # type: ignore[misc]
            self.round_number = view.round_number
            self._stock = view.stock_size
            self._pile = None
        if view.phase == "draw" and self._pile is not None:
            self._diff(view)
        self._pile = None
        self._stock = view.stock_size

    def _diff(self, view: View) -> None:
        assert view.seat is not None and self._pile is not None
        before, after = self._pile, view.discard
        if view.stock_size > self._stock or len(after) < len(before) - 1:
            return  # a reshuffle in between: nothing reliable to read
        n = len(view.hand_sizes)
        nxt = (view.seat + 1) % n
        while not view.active[nxt]:
            nxt = (nxt + 1) % n
        common = 0
        while common < min(len(before), len(after)) and before[common] == after[common]:
            common += 1
        for card in before[common:]:
            self.taken[card] += 1
        if common < len(before):
            self.picked.setdefault(nxt, []).append(before[-1])
            his = len(before) - 1
        else:
            his = len(before)
        if his < len(after) and common >= his:
            self.passed.setdefault(nxt, []).append(after[his])

    def note_action(self, view: View, action: Action) -> None:
        """Record the action our seat chose in ``view``."""
        if isinstance(action, Discard):
            self._pile = (*view.discard, action.card)
            self._stock = view.stock_size


# ---------------------------------------------------------------------------
# Evaluation


@attrs.frozen
class _Context:
    config: Config
    rules: MeldRules
    table: tuple[TableMeld, ...]
    weight: float
    """How much a penalty point left in hand weighs (1.0: plainly)."""
    card_cost: float
    """Cost of each card left (a turn further from going out)."""
    out_bonus: float
    live: Callable[[Card], float]
    unseen: int
    draws_left: float
    wild_outs: float
    wild_layoffs: bool


class _VegasBot(abc.ABC):
    """What the levels share: the action dispatch, memory upkeep and legality safety net."""

    game: ClassVar[str] = "vegas_rummy"
    level: ClassVar[str] = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.memory = VegasMemory()
        self._random = random.Random(seed)
        self._memo: dict[tuple[object, ...], float] = {}
        self._work = WorkBudget()

    def reset(self) -> None:
        """Forget the game played so far; the bot then plays as if new (same seed)."""
        self.memory = VegasMemory()
        self._random = random.Random(self.seed)

    def choose(self, view: View) -> Action:
        """The action to play in ``view`` (the view of this bot's seat, which is to act)."""
        if not isinstance(view, View):
            raise TypeError(f"expected a vegas_rummy View, not {type(view).__name__}")
        legal = legal_actions_of(view)
        self._memo = {}
        self._work = WorkBudget()
        if view.phase in ("draw", "play"):
            self.memory.observe(view)
        if view.phase == "decide":
            action: Action = Rebuy() if self._rebuy(view) else Retire()
        elif view.phase == "table":
            action = Deal()
        elif view.phase == "draw":
            action = self._draw(view, legal)
        else:
            action = self._play(view, legal)
        if action not in legal:  # a safety net: the plans only pick listed actions
            action = legal[-1] if view.phase == "play" else legal[0]
        self.memory.note_action(view, action)
        return action

    # -- between rounds ------------------------------------------------------

    def _rebuy(self, view: View) -> bool:
        """Rebuy when free, or when the expected share of the pot beats the buy-in."""
        cost = view.config.buy_in
        if cost == 0:
            return True
        players = sum(1 for on in view.active if on)
        win, second = view.config.pot_split
        # An estimate, not money: its own context, whatever the host's.
        with decimal.localcontext(decimal.Context(prec=40)):
            total = win + second
            chance = Decimal(1) / Decimal(max(2, players))
            expected = (view.pot + cost) * chance * (win + second * (1 - chance)) / total
            return expected > cost

    # -- shared helpers --------------------------------------------------------

    def _rules(self, view: View) -> MeldRules:
        assert view.upcard is not None
        return round_rules(view.config, view.upcard)

    def _pts(self, card: Card, view: View) -> int:
        return scoring.card_points(card, self._rules(view).wilds, view.config)

    @abc.abstractmethod
    def _draw(self, view: View, legal: tuple[Action, ...]) -> Action:
        """The level's choice at this point of the turn (each level defines it)."""

    @abc.abstractmethod
    def _play(self, view: View, legal: tuple[Action, ...]) -> Action:
        """The level's choice at this point of the turn (each level defines it)."""


class EasyBot(_VegasBot):
    """Easy: stock draws, the biggest meld at once, natural lay-offs, highest card out."""

    level: ClassVar[str] = "easy"

    def _rebuy(self, view: View) -> bool:
        return True

    def _draw(self, view: View, legal: tuple[Action, ...]) -> Action:
        return Draw() if Draw() in legal else legal[0]

    def _play(self, view: View, legal: tuple[Action, ...]) -> Action:
        rules = self._rules(view)
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return max(
                melds,
                key=lambda a: (
                    len(a.meld.cards),
                    -sum(1 for c in a.meld.cards if c in rules.wilds),
                ),
            )
        layoffs = [a for a in legal if isinstance(a, LayOff) and a.card not in rules.wilds]
        if layoffs:
            return layoffs[0]
        discards = [a for a in legal if isinstance(a, Discard)]
        natural = [a for a in discards if a.card not in rules.wilds] or discards
        return max(natural, key=lambda a: (self._pts(a.card, view), a.card.index))


class NormalBot(_VegasBot):
    """Normal: plans melds, takes useful discards, keeps wilds, does not feed the next player."""

    level: ClassVar[str] = "normal"
    draw_bonus: ClassVar[float] = 3.0
    danger_weight: ClassVar[float] = 1.0

    # -- context -------------------------------------------------------------

    def _pool(self, view: View) -> Counter[Card]:
        """Cards not visible to us (hidden hands and stock), by count."""
        pool = Counter(make_deck(decks=view.num_decks, jokers_per_deck=2))
        assert view.hand is not None
        pool.subtract(view.hand)
        pool.subtract(view.discard)
        for owned in view.melds:
            pool.subtract(owned.meld.cards)
        return +pool

    def _context(self, view: View) -> _Context:
        rules = self._rules(view)
        pool = self._pool(view)
        players = sum(1 for on in view.active if on)
        unseen = max(1, sum(pool.values()))
        wild_outs = float(sum(n for c, n in pool.items() if c in rules.wilds))
        return _Context(
            config=view.config,
            rules=rules,
            table=tuple(m.meld for m in view.melds),
            weight=1.0,
            card_cost=2.0,
            out_bonus=10.0,
            live=lambda c: float(pool[c]),
            unseen=unseen,
            draws_left=max(1.0, min(6.0, view.stock_size / players)),
            wild_outs=wild_outs,
            wild_layoffs=False,
        )

    # -- evaluation ----------------------------------------------------------

    def _keep(self, card: Card, left: Sequence[Card], ctx: _Context) -> float:
        """The value of keeping ``card`` for the partial melds it belongs to."""
        wilds = ctx.rules.wilds
        if card in wilds:
            return 60.0  # a wild card completes any pair: never thrown away
        if card.suit is None:
            return 0.0
        pts = scoring.card_points(card, wilds, ctx.config)
        gain = 0.0
        for other in set(left):
            if other == card or other.suit is None or other in wilds:
                continue
            need: list[Card] = []
            if other.rank is card.rank:
                need = [Card(card.rank, s) for s in SUITS if s not in (card.suit, other.suit)]
            elif other.suit is card.suit:
                a, b = sorted((int(card.rank), int(other.rank)))
                positions = [(a, b)] + ([(b, 14)] if a == 1 else [])
                for low, high in positions:
                    if high - low == 1:
                        need += [card_at(card.suit, p) for p in (low - 1, high + 1) if 1 <= p <= 14]
                    elif high - low == 2:
                        need.append(card_at(card.suit, low + 1))
            if not need:
                continue
            outs = sum(ctx.live(c) for c in set(need)) + ctx.wild_outs
            if outs <= 0:
                continue
            chance = 1.0 - (1.0 - min(1.0, outs / ctx.unseen)) ** ctx.draws_left
            other_pts = scoring.card_points(other, wilds, ctx.config)
            gain = max(gain, chance * (pts + other_pts + 2 * ctx.card_cost) * 0.6)
        return gain

    def _discard_score(self, card: Card, left: Sequence[Card], ctx: _Context) -> float:
        """How much we want to throw ``card`` away (higher: sooner)."""
        pts = scoring.card_points(card, ctx.rules.wilds, ctx.config)
        return ctx.weight * pts - self._keep(card, left, ctx)

    def _value(
        self,
        hand: Sequence[Card],
        ctx: _Context,
        *,
        discard: bool = True,
        nodes: int = _SEARCH_NODES,
    ) -> float:
        """The cost of a hand after this turn's melds (lower is better).

        Memoized for the decision being made (``self._memo`` is cleared per choice).
        """
        key = (tuple(sorted(c.index for c in hand)), discard, nodes)
        cached = self._memo.get(key)
        if cached is not None:
            return cached
        value = self._compute_value(hand, ctx, discard=discard, nodes=nodes)
        self._memo[key] = value
        return value

    def _compute_value(
        self, hand: Sequence[Card], ctx: _Context, *, discard: bool, nodes: int
    ) -> float:
        if len(hand) < 2:
            return -ctx.out_bonus if discard else ctx.card_cost
        if self._work.left <= 0:  # the decision's work is spent: points alone
            wilds = ctx.rules.wilds
            pts = sorted(scoring.card_points(c, wilds, ctx.config) for c in hand)
            kept = pts[:-1] if discard else pts
            return ctx.weight * sum(kept) + ctx.card_cost * len(kept)
        plan = best_plan(
            hand,
            ctx.table,
            ctx.rules,
            ctx.config,
            wild_layoffs=self._wild_layoffs(hand, ctx),
            max_nodes=nodes,
            budget=self._work,
        )
        left = list(plan.left)
        if discard:
            if len(left) <= 1:
                return -ctx.out_bonus
            left.remove(self._pick(left, ctx))
        wilds = ctx.rules.wilds
        cost = sum(ctx.weight * scoring.card_points(c, wilds, ctx.config) for c in left)
        cost -= sum(self._keep(c, left, ctx) for c in left if c not in wilds) / 2.0
        cost -= sum(min(12.0, 40.0 / ctx.weight) for c in left if c in wilds) / 2.0
        return cost + ctx.card_cost * len(left)

    def _wild_layoffs(self, hand: Sequence[Card], ctx: _Context) -> bool:
        return ctx.wild_layoffs

    def _pick(self, left: Sequence[Card], ctx: _Context) -> Card:
        wilds = ctx.rules.wilds
        natural = [c for c in set(left) if c not in wilds] or list(set(left))
        return max(natural, key=lambda c: (self._discard_score(c, left, ctx), c.index))

    def _danger(self, card: Card, view: View, ctx: _Context) -> float:
        """How much throwing ``card`` may help the next player."""
        pts = scoring.card_points(card, ctx.rules.wilds, ctx.config)
        if any(layoff_options(m, card, ctx.rules) for m in ctx.table):
            return 4.0 + pts / 4.0
        nxt = _next_seat(view)
        for picked in self.memory.picked.get(nxt, []):
            if picked.suit is None or card.suit is None:
                continue
            if picked.rank is card.rank or (
                picked.suit is card.suit and abs(int(picked.rank) - int(card.rank)) <= 2
            ):
                return 3.0 + pts / 4.0
        return 0.0

    # -- decisions -----------------------------------------------------------

    def _draw(self, view: View, legal: tuple[Action, ...]) -> Action:
        if TakeDiscard() not in legal:
            return legal[0]
        if Draw() not in legal:
            return TakeDiscard()
        ctx = self._context(view)
        assert view.hand is not None
        hand = list(view.hand)
        top = view.discard[-1]
        take = self._value([*hand, top], ctx)
        if top in ctx.rules.wilds:
            take -= 6.0
        if take < self._stock_value(view, hand, ctx) - 1e-9:
            return TakeDiscard()
        return Draw()

    def _stock_value(self, view: View, hand: list[Card], ctx: _Context) -> float:
        return self._value(hand, ctx, discard=False) - self.draw_bonus

    def _play(self, view: View, legal: tuple[Action, ...]) -> Action:
        ctx = self._context(view)
        assert view.hand is not None
        hand = list(view.hand)
        swap = self._swap(view, legal, hand, ctx)
        if swap is not None:
            return swap
        candidates = _legal_melds(legal, view.config)
        plan = best_plan(
            hand,
            ctx.table,
            ctx.rules,
            ctx.config,
            candidates=list(candidates),
            wild_layoffs=self._wild_layoffs(hand, ctx),
            budget=self._work,
        )
        legal_set = set(legal)
        for meld in plan.melds:
            action = candidates.get(normalize(meld, interchangeable=True))
            if action is not None and action in legal_set:
                return action
        planned = set(plan.layoffs)
        layoffs = [a for a in legal if isinstance(a, LayOff) and a.card in planned]
        if layoffs:
            # Natural cards first, the highest penalty first; the first placement listed.
            return min(
                layoffs,
                key=lambda a: (a.card in ctx.rules.wilds, -self._pts(a.card, view), a.card.index),
            )
        discards = [a.card for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        return Discard(self._choose_discard(view, hand, discards, ctx))

    def _choose_discard(
        self, view: View, hand: list[Card], discards: list[Card], ctx: _Context
    ) -> Card:
        wilds = ctx.rules.wilds
        options = sorted({c for c in discards if c not in wilds}, key=lambda c: c.index)
        if not options:
            options = sorted(set(discards), key=lambda c: c.index)
        if len(hand) == 1:
            return options[0]
        best, best_score = options[0], -math.inf
        for card in options:
            score = self._discard_score(card, hand, ctx) - self.danger_weight * self._danger(
                card, view, ctx
            )
            if score > best_score + 1e-9:
                best, best_score = card, score
        return best

    def _swap(
        self, view: View, legal: tuple[Action, ...], hand: list[Card], ctx: _Context
    ) -> Action | None:
        swaps = [a for a in legal if isinstance(a, SwapWild)]
        if not swaps:
            return None
        now = self._value(hand, ctx)
        best: Action | None = None
        best_value = now - 1.0
        for action in swaps:
            rest = list(hand)
            rest.remove(action.card)
            rest.append(action.wild)
            value = self._value(rest, ctx)
            if value < best_value - 1e-9:
                best, best_value = action, value
        return best


def _legal_melds(legal: Sequence[Action], config: Config) -> dict[TableMeld, Meld]:
    """The legal melds by their canonical form (wild arrangements count once)."""
    out: dict[TableMeld, Meld] = {}
    for action in legal:
        if isinstance(action, Meld):
            out.setdefault(normalize(action.meld, interchangeable=True), action)
    return out


def _next_seat(view: View) -> int:
    assert view.seat is not None
    n = len(view.hand_sizes)
    nxt = (view.seat + 1) % n
    while not view.active[nxt] and nxt != view.seat:
        nxt = (nxt + 1) % n
    return nxt


class ExpertBot(NormalBot):
    """Expert: card memory, live-card counts, exact stock averages, timing of going out."""

    level: ClassVar[str] = "expert"

    def __init__(self, seed: int | None = None, *, think_time: float | None = None) -> None:
        super().__init__(seed)
        self.think_time = search_think_time(think_time)
        self.last_search: SearchResult | None = None
        """What the last decision's search found (``None`` when it did not search)."""

    def choose(self, view: View) -> Action:
        """The heuristic's move, checked against the other candidates by search.

        With ``think_time`` 0 the heuristic alone decides (no search).
        """
        chosen = super().choose(view)
        self.last_search = None
        legal = view.legal_actions
        if (
            self.think_time == 0
            or len(legal) == 1
            or view.seat is None
            or view.phase not in ("draw", "play")
        ):
            return chosen
        wilds = self._rules(view).wilds
        candidates = rummy_candidates(
            chosen, legal, view.hand or (), lambda card: self._pts(card, view), wilds
        )
        found = decide(
            "vegas_rummy",
            candidates,
            VegasPieces(self.memory, view.seat),
            view,
            self._random,
            self.think_time,
            prior=SEARCH_PRIOR,
        )
        self.last_search = found
        if found.best != chosen:
            self.memory.note_action(view, found.best)
        action: Action = found.best
        return action

    def _pool(self, view: View) -> Counter[Card]:
        pool = super()._pool(view)
        on_table = Counter(c for owned in view.melds for c in owned.meld.cards)
        # A taken card seen again (melded, or discarded back) is no longer held, and
        # the base pool has already left it out: subtract it once only.
        held = +(self.memory.taken - on_table - Counter(view.discard))
        return +(pool - held)

    def _context(self, view: View) -> _Context:
        rules = self._rules(view)
        pool = self._pool(view)
        assert view.seat is not None
        players = sum(1 for on in view.active if on)
        others = [
            size for s, size in enumerate(view.hand_sizes) if s != view.seat and view.active[s]
        ]
        closest = min(others) if others else 7
        dealt = view.config.cards_per_player
        stock_start = max(1, view.num_decks * 54 - players * dealt - 1)
        progress = 1.0 - min(1.0, view.stock_size / stock_start) + 0.5 * view.reshuffles
        weight = 1.0 + 0.3 * min(1.0, progress)
        if closest <= 2:
            weight += 0.8
        elif closest <= 4:
            weight += 0.4
        opp_points = sum(others) * 6.0
        unseen = max(1, sum(pool.values()))
        return _Context(
            config=view.config,
            rules=rules,
            table=tuple(m.meld for m in view.melds),
            weight=weight,
            card_cost=2.5,
            out_bonus=10.0 + opp_points / max(1, len(others)),
            live=lambda c: float(pool[c]),
            unseen=unseen,
            draws_left=max(1.0, min(6.0, view.stock_size / players, 2.0 * closest)),
            wild_outs=float(sum(n for c, n in pool.items() if c in rules.wilds)),
            wild_layoffs=closest <= 3,
        )

    def _wild_layoffs(self, hand: Sequence[Card], ctx: _Context) -> bool:
        return ctx.wild_layoffs or len(hand) <= 3

    def _stock_value(self, view: View, hand: list[Card], ctx: _Context) -> float:
        """The exact average, over the cards we have not seen, of the hand after a stock draw."""
        pool = self._pool(view)
        total = sum(pool.values())
        if total == 0:
            return self._value(hand, ctx, discard=False)
        value = 0.0
        for card in sorted(pool, key=lambda c: c.index):
            value += pool[card] * self._value([*hand, card], ctx, nodes=_SAMPLE_NODES)
        return value / total

    def _danger(self, card: Card, view: View, ctx: _Context) -> float:
        danger = super()._danger(card, view, ctx)
        nxt = _next_seat(view)
        passed = self.memory.passed.get(nxt, [])
        if danger > 0 and any(p.rank is card.rank for p in passed):
            danger /= 2.0  # he threw this rank away: he is not collecting it
        size = view.hand_sizes[nxt]
        if size <= 3:
            danger *= 1.5
        return danger


LEVEL_CLASSES: dict[str, Callable[..., _VegasBot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "expert": ExpertBot,
}
"""Level name -> bot class, for :func:`cardrules.bots.make`."""
