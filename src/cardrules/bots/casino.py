"""Casino computer players: easy, normal and expert (the Casino rules; API "Computer players").

* **easy** plays the obvious move: the capture that takes the most cards, else
  it trails its lowest card. It never builds.
* **normal** values what it takes by the points it is worth (10♦, 2♠, aces,
  spades, card count, sweeps when they score), builds when it holds the card
  that captures the build, and scores every move by what it gains minus what
  the next opponents could then take from the table. It estimates that from the
  cards it can see right now (its hand and the table): the chance that an
  opponent holds a card of each capture value. So it avoids trails that hand
  an opponent an easy capture or a sweep. The owner's duty (§1.4, CA-7) is
  kept by choosing among the legal actions only.
* **expert** remembers every card seen this hand (:class:`CasinoMemory`): cards
  that passed over the table, and, in two-player games, the rank of the
  opponent's capturing card whenever the cards he took allow only one value.
  Its chances are counted over the cards still unseen. It then checks the
  most promising moves by playing the rest of the deal out on sampled deals
  of the hidden cards (:func:`sample_hands`): the opponents' captures, whether
  its build survives to be taken next turn, and who takes the residue as the
  last capturer at the end of the final deal (CA-1).

Every level sees only its own :class:`~cardrules.casino.View`, never the state,
and is deterministic given its seed (one :class:`random.Random` per bot; any
order-dependent choice is sorted by ``card.index``).

**Bounded work** (issue 15 item 4). The number of whole plays grows
exponentially with the loose cards, so the bots weigh every whole play
(:func:`~cardrules.casino.plays`) and every capture an opponent could make
only on tables of at most :data:`EXACT_ITEMS` items (loose cards and builds).
On a more crowded table they weigh a bounded set (:func:`candidate_plays`):
for each way to start a play that ``legal_actions`` lists, the play that takes
just that item when it may stop there, and the play that goes on taking every
item it can in table order; an opponent's best capture is then estimated from
groups of one or two cards and whole builds. A decision then takes well under
a second on any table legal play can reach (docs/casino.rst gives figures).

>>> from cardrules import casino
>>> players = [ExpertBot(seed=1), NormalBot(seed=2)]
>>> state = casino.new_game(seed=4)
>>> while state.round_number == 1:
...     seat = state.to_act
...     state = casino.apply(state, players[seat].choose(casino.view(state, seat)))
>>> sum(state.history[0].points) >= 7
True
"""

from __future__ import annotations

import abc
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import ClassVar, Final

import attrs

import cardrules.casino
from cardrules.bots import search as search_module
from cardrules.bots.base import legal_actions_of
from cardrules.bots.search import SearchResult, decide, search_think_time, work_budget
from cardrules.cards import Card, Rank, Suit, make_deck, sort_cards
from cardrules.casino.actions import Action, Build, Capture, Play, Trail
from cardrules.casino.captures import Table, capture_values, partition, table_value
from cardrules.casino.config import Config
from cardrules.casino.plays import next_step, plays
from cardrules.casino.rules import play as play_whole
from cardrules.casino.state import State
from cardrules.casino.steps import Context, context_of, item_order, named_items
from cardrules.casino.validation import validate_state
from cardrules.casino.view import View
from cardrules.event_types import Move, RoundEnd

__all__ = [
    "EXACT_ITEMS",
    "GAME_WORTH",
    "INFER_TRIES",
    "LEVEL_CLASSES",
    "CasinoMemory",
    "CasinoPieces",
    "EasyBot",
    "ExpertBot",
    "NormalBot",
    "candidate_plays",
    "card_worth",
    "exact_world",
    "sample_hands",
    "solve_last_deal",
]

EXACT_ITEMS = 10
"""Tables of at most this many items (loose cards plus builds) are weighed exactly."""

_DECK = make_deck()
_BIG_CASINO = Card(Rank.TEN, Suit.DIAMONDS)
_LITTLE_CASINO = Card(Rank.TWO, Suit.SPADES)

W_CARD = 0.2
"""Worth of one card towards "most cards" (3 points for 27+ of 52)."""
W_SPADE = 0.12
"""Extra worth of a spade towards "most spades" (1 point)."""
MOST_CARDS = 3
"""Points for the most cards (ties score for nobody)."""
MOST_SPADES = 1
"""Points for the most spades (ties score for nobody)."""
W_SWEEP = 1.0
"""A sweep, when sweeps score (CA-5)."""
HAND_POINTS = 11
"""The points a hand scores without sweeps: a hand can end the game when a side's
score is within this of the target (``ExpertBot.game_odds``)."""


def card_worth(card: Card) -> float:
    """Roughly how many points capturing ``card`` is worth.

    >>> from cardrules.cards import parse_card
    >>> card_worth(parse_card("10D")) > card_worth(parse_card("AS")) > card_worth(parse_card("9S"))
    True
    """
    worth = W_CARD
    if card.suit is Suit.SPADES:
        worth += W_SPADE
    if card is _BIG_CASINO:
        worth += 2.0
    elif card is _LITTLE_CASINO or card.rank is Rank.ACE:
        worth += 1.0
    return worth


def _worth(cards: Iterable[Card]) -> float:
    return sum(card_worth(c) for c in cards)


def _keys(card: Card, config: Config) -> tuple[int, ...]:
    """Capture keys of a hand card: its capture values, or ``100 + rank`` for a standard face."""
    if not config.royal and card.rank.is_face:
        return (100 + int(card.rank),)
    return capture_values(card, config)


def _all_keys(config: Config) -> tuple[int, ...]:
    if config.royal:
        return tuple(range(1, config.max_value + 1))
    return (*range(1, 11), 111, 112, 113)


# ---------------------------------------------------------------------------
# A light table model: loose cards and builds, enough to value captures.


class _Snap:
    """A table (loose cards, builds as ``(value, cards, owner, single)``) with memoised captures."""

    __slots__ = ("_best", "_table", "builds", "config", "loose")

    def __init__(
        self,
        loose: tuple[Card, ...],
        builds: tuple[tuple[int, tuple[Card, ...], int, bool], ...],
        config: Config,
    ) -> None:
        self.loose = loose
        self.builds = builds
        self.config = config
        self._table: Table | None = None
        self._best: dict[int, tuple[float, int, bool]] = {}

    @property
    def empty(self) -> bool:
        return not self.loose and not self.builds

    def best(self, key: int) -> tuple[float, int, bool]:
        """The best capture with ``key``: (worth taken, mask of items, empties the table)."""
        found = self._best.get(key)
        if found is not None:
            return found
        loose = self.loose
        result = (0.0, 0, False)
        if key >= 100:
            same = [i for i, c in enumerate(loose) if int(c.rank) == key - 100]
            if same:
                if self.config.face_capture == "all":
                    mask = sum(1 << i for i in same)
                else:
                    i = max(same, key=lambda i: (card_worth(loose[i]), loose[i].index))
                    mask = 1 << i
                result = (self._mask_worth(mask), mask, self._full(mask))
        elif len(loose) + len(self.builds) > EXACT_ITEMS:
            mask = self._estimate(key)
            if mask:
                result = (self._mask_worth(mask), mask, self._full(mask))
        else:
            if self._table is None:
                self._table = Table(
                    loose,
                    [(b[0], b[3]) for b in self.builds],
                    self.config,
                    limit=self.config.max_value,
                )
            best_worth = 0.0
            best_mask = 0
            for mask in sorted(self._table.capture_unions(key)):
                worth = self._mask_worth(mask)
                if worth > best_worth + 1e-12:
                    best_worth, best_mask = worth, mask
            if best_mask:
                result = (best_worth, best_mask, self._full(best_mask))
        self._best[key] = result
        return result

    def _estimate(self, key: int) -> int:
        """A good capture at value ``key`` on a crowded table, in time linear in its size.

        Every build of that value, every loose card of that value, then pairs of
        loose cards adding up to it, the most valuable cards first.
        """
        royal = self.config.royal
        n = len(self.loose)
        mask = 0
        for j, build in enumerate(self.builds):
            if build[0] == key:
                mask |= 1 << (n + j)
        by_value: dict[int, list[int]] = {}
        for i, card in enumerate(self.loose):
            v = table_value(card, royal)
            if v is None or v > key:
                continue
            if v == key:
                mask |= 1 << i
            else:
                by_value.setdefault(v, []).append(i)
        for indices in by_value.values():
            indices.sort(key=lambda i: -card_worth(self.loose[i]))
        for low in range(1, key // 2 + 1):
            high = key - low
            lows = by_value.get(low, [])
            if low == high:
                pairs = len(lows) // 2
                for i in lows[: 2 * pairs]:
                    mask |= 1 << i
                continue
            highs = by_value.get(high, [])
            for i, k in zip(lows, highs, strict=False):
                mask |= 1 << i | 1 << k
        return mask

    def _full(self, mask: int) -> bool:
        return mask == (1 << (len(self.loose) + len(self.builds))) - 1

    def _mask_worth(self, mask: int) -> float:
        n = len(self.loose)
        worth = 0.0
        for i, card in enumerate(self.loose):
            if mask >> i & 1:
                worth += card_worth(card)
        for j, build in enumerate(self.builds):
            if mask >> (n + j) & 1:
                worth += _worth(build[1])
        return worth

    def take(self, mask: int) -> tuple[_Snap, list[Card], list[int]]:
        """The table after the items of ``mask`` are captured; the cards and build owners taken."""
        n = len(self.loose)
        taken = [c for i, c in enumerate(self.loose) if mask >> i & 1]
        owners = []
        builds = []
        for j, build in enumerate(self.builds):
            if mask >> (n + j) & 1:
                taken += build[1]
                owners.append(build[2])
            else:
                builds.append(build)
        loose = tuple(c for i, c in enumerate(self.loose) if not mask >> i & 1)
        return _Snap(loose, tuple(builds), self.config), taken, owners

    def trail(self, card: Card) -> _Snap:
        loose = tuple(sorted((*self.loose, card), key=lambda c: c.index))
        return _Snap(loose, self.builds, self.config)

    def build(self, card: Card, target: int, value: int, seat: int) -> _Snap:
        """The table after ``seat`` builds ``value`` with ``card`` on loose card ``target``."""
        loose = self.loose[:target] + self.loose[target + 1 :]
        cards = tuple(sorted((card, self.loose[target]), key=lambda c: c.index))
        # One group (raisable) when the two add up to the value; two of it otherwise.
        single = value != table_value(card, self.config.royal)
        return _Snap(loose, (*self.builds, (value, cards, seat, single)), self.config)

    def cards(self) -> list[Card]:
        return [*self.loose, *(c for b in self.builds for c in b[1])]


def _snap_of(view: View) -> _Snap:
    builds = tuple((b.value, b.cards, b.owner, b.is_single) for b in view.builds)
    return _Snap(view.loose, builds, view.config)


def _after(snap: _Snap, action: Play, seat: int) -> tuple[_Snap, list[Card]]:
    """The table after ``seat`` plays ``action`` on ``snap``, and the cards it captured."""
    config = snap.config
    if isinstance(action, Trail):
        return snap.trail(action.card), []
    if isinstance(action, Capture):
        taken_loose = set(action.cards)
        taken_builds = set(action.builds)
        loose = tuple(c for c in snap.loose if c not in taken_loose)
        builds = tuple(b for b in snap.builds if b[1] not in taken_builds)
        taken = [action.card, *action.cards, *(c for b in action.builds for c in b)]
        return _Snap(loose, builds, config), taken
    used = set(action.cards)
    loose = tuple(c for c in snap.loose if c not in used)
    new_cards = tuple(sorted((action.card, *action.cards), key=lambda c: c.index))
    if action.kind == "new":
        # One group (a single build) exactly when the cards add up to the value.
        single = sum(table_value(c, config.royal) or 0 for c in new_cards) == action.value
        builds = (*snap.builds, (action.value, new_cards, seat, single))
    else:
        out = []
        for build in snap.builds:
            if build[1] == action.target:
                cards = tuple(sorted((*build[1], *new_cards), key=lambda c: c.index))
                single = action.kind == "raise" and not action.cards
                owner = seat
                if action.kind == "add" and config.build_for_partner and build[2] == (seat + 2) % 4:
                    owner = build[2]
                out.append((action.value, cards, owner, single))
            else:
                out.append(build)
        builds = tuple(out)
    return _Snap(loose, builds, config), []


# ---------------------------------------------------------------------------
# What the opponents may hold


def _opponents(view: View) -> list[int]:
    """Seats of the opponents (partners excluded), in playing order after ours."""
    assert view.seat is not None
    config = view.config
    n = config.num_players
    mine = config.side_of(view.seat)
    order = [(view.seat + k) % n for k in range(1, n)]
    return [s for s in order if config.side_of(s) != mine]


def _holds_this_deal(view: View) -> bool:
    """Whether the (one) opponent of a two-player game still holds cards of this deal."""
    assert view.seat is not None
    return view.config.num_players == 2 and view.hand_sizes[1 - view.seat] > 0


def _opponent_cards(view: View) -> int:
    """How many cards the opponents will play before our next turn (a fresh deal if none left)."""
    opponents = _opponents(view)
    held = sum(view.hand_sizes[s] for s in opponents)
    if held == 0 and view.stock_size > 0:
        held = 4 * len(opponents)
    return held


def _hold_chances(
    unseen: Sequence[Card], gone: Counter[int], held: int, config: Config
) -> dict[int, float]:
    """Per capture key, the chance that ``held`` cards drawn from ``unseen`` include one.

    ``gone`` counts, by rank, unseen cards known to be out of play (an
    opponent's capturing card inferred from what it took).
    """
    total = max(0, len(unseen) - sum(gone.values()))
    per_key: Counter[int] = Counter()
    by_rank: Counter[int] = Counter(int(c.rank) for c in unseen)
    for rank, count in by_rank.items():
        live = max(0, count - gone[rank])
        card = Card(Rank(rank), Suit.CLUBS)
        for key in _keys(card, config):
            per_key[key] += live
    chances: dict[int, float] = {}
    h = min(held, total)
    for key in _all_keys(config):
        u = per_key[key]
        if h <= 0 or u <= 0 or total <= 0:
            chances[key] = 0.0
            continue
        none = 1.0
        for i in range(h):
            if total - i <= 0:
                none = 0.0
                break
            none *= max(0.0, (total - u - i) / (total - i))
        chances[key] = 1.0 - none
    return chances


def _expected_loss(snap: _Snap, chances: dict[int, float], sweeps: bool) -> float:
    """The expected worth an opponent takes from ``snap`` with his best capture."""
    options = []
    for key, p in chances.items():
        if p <= 0.0:
            continue
        worth, _mask, empties = snap.best(key)
        if worth > 0.0:
            options.append((worth + W_CARD + (W_SWEEP if sweeps and empties else 0.0), p))
    options.sort(reverse=True)
    loss = 0.0
    missing = 1.0
    for worth, p in options:
        loss += worth * p * missing
        missing *= 1.0 - p
    return loss


# ---------------------------------------------------------------------------
# Memory and sampling (expert)


def _table_cards(view: View) -> set[Card]:
    return {*view.loose, *(c for b in view.builds for c in b.cards)}


class CasinoMemory:
    """What one seat remembers of the current Casino hand.

    Every card seen on the table or in our hand is remembered. With two players
    exactly one opponent move falls between two of our turns: when it took
    cards, their values often allow only one capture value, which gives the rank
    of the card he captured with (a card we never see); ``gone`` counts those.
    """

    def __init__(self, *, count_shown: bool = False) -> None:
        self.count_shown = count_shown
        """Whether the cards the events show the others play count as seen
        (:meth:`unseen`), so that their capturing cards are no longer dealt."""
        self.round_number: int | None = None
        self.seen: set[Card] = set()
        self.gone: Counter[int] = Counter()
        self.passed: list[_Snap] = []
        """Tables of this deal on which the opponent trailed (two players): his cards
        still in hand take nothing from them, or he would have captured."""
        self.theirs: set[Card] = set()
        """Cards we saw the opponent take this hand (two players)."""
        self._after_me: set[Card] | None = None
        self._snap_after_me: tuple[int, _Snap] | None = None
        self.shown: set[Card] = set()
        """Cards the other seats played this hand, as the public events name them
        (the capturing card too, which never lies on the table)."""
        self.taken: dict[int, set[Card]] = {}
        """Seat -> the cards the events show it captured this hand (other seats only)."""

    def observe(self, view: View) -> None:
        """Take in a view of our seat (call once per decision, before choosing)."""
        if view.round_number != self.round_number:
            self.round_number = view.round_number
            self.seen = set()
            self.gone = Counter()
            self.passed = []
            self.theirs = set()
            self._after_me = None
            self._snap_after_me = None
            self.shown = set()
            self.taken = {}
        named = self._read_events(view)
        table = _table_cards(view)
        if self._after_me is not None and view.config.num_players == 2:
            removed = sorted(self._after_me - table, key=lambda c: c.index)
            self.theirs.update(removed)
            if removed and not (named and self.count_shown):  # else the events named it
                rank = _capturing_rank(removed, view.config)
                if rank is not None:
                    self.gone[rank] += 1
            added = table - self._after_me
            before = self._snap_after_me
            if before is None or before[0] != view.deal_number:
                self.passed = []
            elif not removed and len(added) == 1 and next(iter(added)) in view.loose:
                self.passed.append(before[1])
        self.seen |= table
        self.seen.update(view.hand)

    def _read_events(self, view: View) -> bool:
        """Remember the other seats' moves of this hand named by ``view.events``; whether
        there was one."""
        events = view.events
        for k in range(len(events) - 1, -1, -1):
            if isinstance(events[k], RoundEnd):  # what came before belongs to a past hand
                events = events[k + 1 :]
                break
        named = False
        for event in events:
            if isinstance(event, Move) and event.seat != view.seat:
                named = True
                self.shown.update(event.cards)
                if event.kind == "capture":
                    self.taken.setdefault(event.seat, set()).update(event.cards)
        return named

    def note(self, view: View, action: Play) -> None:
        """Remember the table as our ``action`` leaves it."""
        table = _table_cards(view)
        if isinstance(action, Capture):
            table -= {*action.cards, *(c for b in action.builds for c in b)}
        else:
            table.add(action.card)
        self._after_me = table
        if view.pending is None and view.seat is not None:
            self._snap_after_me = (view.deal_number, _after(_snap_of(view), action, view.seat)[0])

    def ruled_out(self, config: Config) -> set[int]:
        """Ranks the opponent cannot hold now: each could have captured where he trailed."""
        return {
            rank
            for rank in range(1, 14)
            if not self.consistent([Card(Rank(rank), Suit.CLUBS)], config)
        }

    def consistent(self, hand: Iterable[Card], config: Config) -> bool:
        """Whether the opponent could hold ``hand`` and still have trailed as he did."""
        keys = [key for card in hand for key in _keys(card, config)]
        return not any(snap.best(key)[1] for snap in self.passed for key in keys)

    def unseen(self, view: View) -> list[Card]:
        """Cards never seen this hand (in other hands, the stock, or captured unseen)."""
        seen = self.seen | set(view.hand) | _table_cards(view)
        if self.count_shown:
            seen |= self.shown
        return [c for c in _DECK if c not in seen]


def exact_world(view: View, memory: CasinoMemory) -> State | None:
    """The real state of a two-player hand's last deal, rebuilt from ``view`` and ``memory``.

    Once the stock is empty, every card of the hand was seen by a card counter
    (dealt to it, on the table, or played by the opponent: the public events
    name even the card he captures with) except the opponent's hand, which is
    therefore known. His pile holds what the events show him capture and ours
    the rest. Returns ``None`` where this does not hold from the view alone:
    more than two players (the unseen cards are spread over several hands), a
    stock left, a play in progress, or a memory that missed part of the hand (the
    unseen cards are more than his hand, or the piles so rebuilt are not the
    sizes the view shows). Uses only the view and the memory, never the state.

    >>> from cardrules import casino
    >>> exact_world(casino.view(casino.new_game(seed=1), 0), CasinoMemory()) is None
    True
    """
    seat = view.seat
    config = view.config
    if (
        seat is None
        or config.num_players != 2
        or view.to_act != seat
        or view.pending is not None
        or view.stock_size
        or not view.is_last_deal
        or memory.round_number != view.round_number
    ):
        return None
    other = 1 - seat
    table = _table_cards(view)
    known = memory.seen | memory.shown | table | set(view.hand)
    hidden = [c for c in _DECK if c not in known]
    theirs = memory.taken.get(other, set()) - table
    ours = [c for c in _DECK if c in known and c not in table and c not in theirs]
    ours = [c for c in ours if c not in view.hand]
    if (
        len(hidden) != view.hand_sizes[other]
        or len(theirs) != view.pile_sizes[other]
        or len(ours) != view.pile_sizes[seat]
    ):
        return None
    hands = [view.hand, sort_cards(hidden)]
    piles = [sort_cards(ours), sort_cards(theirs)]
    if seat:
        hands.reverse()
        piles.reverse()
    try:
        state = State(
            config=config,
            seed=0,
            shuffles=view.round_number,  # one shuffle per hand dealt (I-3)
            dealer=view.dealer,
            round_number=view.round_number,
            deal_number=view.deal_number,
            to_act=seat,
            hands=tuple(hands),
            loose=view.loose,
            builds=view.builds,
            piles=tuple(piles),
            sweep_log=tuple(s for s, count in enumerate(view.sweeps) for _ in range(count)),
            last_capturer=view.last_capturer,
            stock=(),
            scores=view.scores,
            winners=(),
            history=view.history,
        )
        validate_state(state)
    except ValueError:
        return None
    return state


GAME_WORTH: Final = 100
"""What winning the game is worth to the exact last-deal search, in hand points:
more than any hand can swing, so a won game comes first and the points after."""


class _OutOfWorkError(Exception):
    """The exact search spent its budget (or met a table too crowded to list)."""


class _Endgame:
    """Alpha-beta over the real rules (:func:`~cardrules.casino.plays`,
    :func:`~cardrules.casino.play`) to the end of the hand, scored in its points."""

    def __init__(self, state: State, seat: int, work: int, deadline: float) -> None:
        config = state.config
        self.mine = config.side_of(seat)
        self.seat = seat
        self.hand_index = len(state.history)
        self.work = work
        self.deadline = deadline
        self.spent = 0
        self.table: dict[object, tuple[float, float]] = {}
        self.exact: dict[object, float] = {}

    def value(self, state: State) -> float | None:
        """The hand's points for our side less the other's once it is over, else ``None``."""
        if state.to_act is not None and len(state.history) == self.hand_index:
            return None
        scored = state.history[self.hand_index]
        mine = self.mine
        value = float(scored.points[mine] - scored.points[1 - mine])
        if scored.winner is not None:
            value += GAME_WORTH if scored.winner == mine else -GAME_WORTH
        return value

    def children(self, state: State) -> list[Play]:
        if len(state.loose) + len(state.builds) > EXACT_ITEMS:
            raise _OutOfWorkError
        found = list(plays(state))
        self.spent += 1 + len(found)
        if self.spent > self.work or time.process_time() > self.deadline:
            raise _OutOfWorkError
        # Big captures first, then builds, then trails: cut-offs come early.
        found.sort(key=_play_order)
        return found

    def search(self, state: State, alpha: float, beta: float) -> float:
        """The minimax value of ``state`` for us within (``alpha``, ``beta``)."""
        done = self.value(state)
        if done is not None:
            return done
        key = _position_key(state)
        low, high = self.table.get(key, (-math.inf, math.inf))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        first_alpha, first_beta = max(alpha, low), min(beta, high)
        alpha, beta = first_alpha, first_beta
        ours = state.to_act == self.seat
        best = -math.inf if ours else math.inf
        for whole in self.children(state):
            value = self.search(play_whole(state, whole), alpha, beta)
            if ours:
                best = max(best, value)
                alpha = max(alpha, best)
            else:
                best = min(best, value)
                beta = min(beta, best)
            if alpha >= beta:
                break
        if best <= first_alpha:
            high = min(high, best)
        elif best >= first_beta:
            low = max(low, best)
        else:
            low = high = best
        self.table[key] = (low, high)
        return best

    def soft_search(self, state: State, soft: float) -> float:
        """The value of ``state`` when the opponent plays his best reply with chance
        ``1 - soft`` and any of his plays alike with chance ``soft`` (no cut-offs)."""
        done = self.value(state)
        if done is not None:
            return done
        key = _position_key(state)
        known = self.exact.get(key)
        if known is not None:
            return known
        values = [self.soft_search(play_whole(state, w), soft) for w in self.children(state)]
        if state.to_act == self.seat:
            value = max(values)
        else:
            value = (1.0 - soft) * min(values) + soft * sum(values) / len(values)
        self.exact[key] = value
        return value


def _position_key(state: State) -> tuple[object, ...]:
    """What decides the rest of a hand: the fields a searched position is known by
    (the same position reached by two orders of play is searched once)."""
    return (
        state.hands,
        state.loose,
        state.builds,
        state.to_act,
        state.last_capturer,
        state.piles,
        state.sweep_log,
    )


def _play_order(whole: Play) -> tuple[int, int]:
    if isinstance(whole, Capture):
        return (0, -_taken_count(whole))
    return (1, 0) if isinstance(whole, Build) else (2, 0)


def solve_last_deal(
    state: State, ordered: Sequence[Play], work: int, deadline: float, *, soft: float = 0.0
) -> tuple[Play, float, int] | None:
    """The best of ``ordered`` (the plays of the seat to act in ``state``) by exact search.

    Minimax with alpha-beta over every legal play to the end of the hand (the
    opponent assumed to play his best), each end scored by the hand's real points
    (:data:`GAME_WORTH` more for a game won): last capture takes the table, most
    cards, most spades, sweeps when they score. Ties keep the earlier play of
    ``ordered``. Returns (play, value, work spent), or ``None`` if ``work`` plays
    listed or the processor-time ``deadline`` came first. Two players only
    (``ValueError`` otherwise). With ``soft`` the opponent is fallible: he plays
    his best reply with chance ``1 - soft``, else any play alike. That search
    (no cut-offs) runs after the minimax one, within what it left of ``work``;
    when it does not finish, the minimax answer stands.

    >>> from cardrules import casino
    >>> state = casino.position(["9S 2S", "10D 5H"], table="9D", deal=6)
    >>> [str(p) for p in casino.plays(state)]
    ['trail 2♠', '9♠ takes 9♦', 'trail 9♠']
    >>> best, value, _work = solve_last_deal(state, casino.plays(state)[::-1], 1000, 1e18)
    >>> str(best), value
    ('9♠ takes 9♦', 5.0)
    """
    assert state.to_act is not None
    if state.config.num_players != 2:
        raise ValueError("the exact last-deal search is for two players")
    solver = _Endgame(state, state.to_act, work, deadline)
    best: Play | None = None
    alpha = -math.inf
    try:
        solver.spent += 1 + len(ordered)
        for whole in ordered:
            value = solver.search(play_whole(state, whole), alpha, math.inf)
            if best is None or value > alpha:
                best, alpha = whole, value
    except _OutOfWorkError:
        return None
    assert best is not None
    if soft > 0:  # within what minimax left of the budget, so a decision costs no more
        gentle = _Endgame(state, state.to_act, work - solver.spent, deadline)
        try:
            gentle.spent += 1 + len(ordered)
            values = [gentle.soft_search(play_whole(state, w), soft) for w in ordered]
        except _OutOfWorkError:
            return best, alpha, solver.spent
        k = max(range(len(values)), key=lambda i: (values[i], -i))
        return ordered[k], values[k], solver.spent + gentle.spent
    return best, alpha, solver.spent


def _capturing_rank(taken: Sequence[Card], config: Config) -> int | None:
    """The rank of the card that captured ``taken``, when only one is possible."""
    royal = config.royal
    if not royal and any(c.rank.is_face for c in taken):
        if len({c.rank for c in taken}) == 1 and all(c.rank.is_face for c in taken):
            return int(taken[0].rank)
        return None
    if len(taken) > EXACT_ITEMS:
        return None  # too many ways to group them to search; infer nothing
    values = [table_value(c, royal) or 0 for c in taken]
    top = 14 if config.ace_14 else config.max_value
    options = [v for v in range(max(values), top + 1) if partition(values, v) is not None]
    if len(options) != 1:
        return None
    return 1 if options[0] == 14 else options[0]


def sample_hands(
    view: View, memory: CasinoMemory, rnd: random.Random, *, infer: bool = False
) -> dict[int, list[Card]]:
    """Deal the other seats' hands at random from the cards ``view``'s seat has not seen.

    Cards known to be gone by rank (``memory.gone``) are first struck from the
    pool. With ``infer``, what the rules and the opponent's play say of his hand
    is kept: a build's owner holds a card that takes it (§1.4: he must keep
    one), and (two players) a deal in which the opponent holds a card that could
    have captured from a table he trailed on this deal (``memory.passed``; the
    bots never trail when they can capture) is dealt again, up to
    :data:`INFER_TRIES` times. Uses only the view, the memory and ``rnd``:
    never the real state.
    """
    assert view.seat is not None
    hands = _deal_hands(view, memory, rnd, infer)
    if infer and memory.passed and view.config.num_players == 2:
        other = 1 - view.seat
        for _retry in range(INFER_TRIES):
            if memory.consistent(hands[other], view.config):
                break
            hands = _deal_hands(view, memory, rnd, infer)
    return hands


INFER_TRIES: Final = 16
"""Deals tried for one world before an inconsistent one is kept (:func:`sample_hands`)."""


def _deal_hands(
    view: View, memory: CasinoMemory, rnd: random.Random, owners_hold: bool = False
) -> dict[int, list[Card]]:
    """The other hands dealt at random from the pool; with ``owners_hold``, a build's
    owner first gets a card that takes it (the rules make him keep one, §1.4)."""
    assert view.seat is not None
    pool = memory.unseen(view)
    for rank in sorted(memory.gone):
        same = [c for c in pool if int(c.rank) == rank]
        for card in rnd.sample(same, min(len(same), memory.gone[rank])):
            pool.remove(card)
    rnd.shuffle(pool)
    hands: dict[int, list[Card]] = {}
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        held: list[Card] = []
        if owners_hold:
            for value in sorted({b.value for b in view.builds if b.owner == seat}):
                match = next((c for c in pool if value in _keys(c, view.config)), None)
                if match is not None and len(held) < size:
                    held.append(match)
                    pool.remove(match)
        take = min(size - len(held), len(pool))
        hands[seat] = held + pool[:take]
        del pool[:take]
    return hands


# ---------------------------------------------------------------------------
# Bots


class _CasinoBot(abc.ABC):
    """What the levels share: type checks, the legality net and the memory upkeep."""

    game: ClassVar[str] = "casino"
    level: ClassVar[str] = ""

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self.memory = CasinoMemory()

    def reset(self) -> None:
        """Forget the game played so far; the bot then plays as if new (same seed)."""
        self._random = random.Random(self.seed)
        self.memory = CasinoMemory()

    def choose(self, view: View) -> Action:
        """The action to play in ``view`` (the view of this bot's seat, which is to act).

        The bot weighs whole plays (:func:`~cardrules.casino.plays`) and answers
        with the next step of the one it picks; in the middle of a play it
        weighs the plays that complete it.
        """
        return self.choose_play(view)[0]

    def choose_play(self, view: View) -> tuple[Action, Action]:
        """The action to play in ``view`` and the whole play it starts or goes on with.

        A hint names the whole play ("9♠ takes [4♣ 5♦] 3♥") where the action is
        only its next step.
        """
        if not isinstance(view, View):
            raise TypeError(f"expected a casino View, not {type(view).__name__}")
        legal = legal_actions_of(view)
        if view.pending is None:
            self.memory.observe(view)
        options = _options(view)
        whole = options[0] if len(options) == 1 else self._pick(view, options)
        action = next_step(view, whole)
        if action not in legal:  # never happens by design; stay legal regardless
            return legal[0], legal[0]
        self.memory.note(view, whole)
        return action, whole

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"

    @abc.abstractmethod
    def _pick(self, view: View, legal: tuple[Play, ...]) -> Play:
        """The level's choice among the whole plays ``legal`` (each level defines it)."""


def _options(view: View) -> tuple[Play, ...]:
    """The whole plays a bot weighs: all of them on small tables, else a bounded set."""
    if len(view.loose) + len(view.builds) <= EXACT_ITEMS:
        return plays(view)
    return candidate_plays(view)


def candidate_plays(view: View) -> tuple[Play, ...]:
    """A bounded set of legal whole plays of the seat to act, one or two per way to start.

    For each first step that ``view.legal_actions`` lists (or, in the middle of a
    play, for the play in progress): the play that takes only what the step
    names, if it may stop there, and the play that goes on taking, in table
    order, every further item that still allows a legal play. Each is found with
    at most one legality test per table item, so the work is bounded by (first
    steps) × (table items) whatever the table, unlike :func:`~cardrules.casino.plays`.

    >>> from cardrules import casino
    >>> state = casino.new_game(seed=3)
    >>> print(state.describe().splitlines()[1])
    table: 5♣ 6♦ A♥ 10♥
    >>> [str(p) for p in candidate_plays(casino.view(state, state.to_act))][-2:]
    ['3♦ builds 10 with 6♦ A♥ 10♥', '5♦ builds 10 with 5♣ 10♥']
    """
    if view.to_act is None or view.seat != view.to_act:
        return ()
    items = item_order(view)
    position = {item: k for k, item in enumerate(items)}
    found: dict[Play, None] = {}
    pending = view.pending
    if pending is not None:
        ctx = context_of(view, pending)
        chosen = tuple(sorted(position[i] for i in named_items(pending)))
        for path in (chosen, _go_on(ctx, chosen)):
            if ctx.complete(path):
                found[_whole_play(pending, items, path)] = None
        return tuple(found)
    contexts: dict[tuple[object, ...], tuple[Capture | Build, Context, list[tuple[int, ...]]]] = {}
    for step in legal_actions_of(view):
        if isinstance(step, Trail):
            found[step] = None
            continue
        if not isinstance(step, Capture | Build):
            continue
        key: tuple[object, ...]
        if isinstance(step, Capture):
            key = ("capture", step.card, step.ace_high)
        else:
            key = ("build", step.card, step.kind, step.value, step.target)
        if key not in contexts:
            contexts[key] = (step, context_of(view, step), [])
        _first, ctx, starts = contexts[key]
        chosen = tuple(position[i] for i in named_items(step))
        starts.append(chosen)
        if ctx.complete(chosen):
            found[_whole_play(step, items, chosen)] = None
    for header, ctx, starts in contexts.values():
        best = max(starts, key=lambda c: (_items_worth(items, c), -c[0] if c else 0))
        if ctx.capture_all:  # every legal capture takes as many cards: one path is enough
            best = starts[0]
        for start in dict.fromkeys((starts[0], best)):
            path = _go_on(ctx, start)
            if ctx.complete(path):
                found[_whole_play(header, items, path)] = None
    return tuple(found)


def _items_worth(items: Sequence[tuple[Card, ...]], chosen: tuple[int, ...]) -> float:
    return sum(_worth(items[p]) for p in chosen)


def _go_on(ctx: Context, chosen: tuple[int, ...]) -> tuple[int, ...]:
    """``chosen`` and, in table order, every later item that keeps the play possible."""
    path = list(chosen)
    for p in range((path[-1] + 1) if path else 0, ctx.size):
        if ctx.usable(p) and ctx.feasible((*path, p)):
            path.append(p)
    return tuple(path)


def _whole_play(
    header: Capture | Build, items: Sequence[tuple[Card, ...]], chosen: tuple[int, ...]
) -> Capture | Build:
    """The play of ``header``'s kind taking the items at positions ``chosen``."""
    named = [items[p] for p in chosen]
    loose = [item[0] for item in named if len(item) == 1]
    if isinstance(header, Capture):
        builds = [item for item in named if len(item) > 1]
        return Capture(header.card, loose, builds, ace_high=header.ace_high)
    return attrs.evolve(header, cards=tuple(loose))


def _taken_count(action: Capture) -> int:
    return len(action.cards) + sum(len(b) for b in action.builds)


class EasyBot(_CasinoBot):
    """Easy: takes the most cards it can, else trails its lowest card; never builds."""

    level: ClassVar[str] = "easy"

    def _pick(self, view: View, legal: tuple[Play, ...]) -> Play:
        captures = [a for a in legal if isinstance(a, Capture)]
        if captures:
            return max(captures, key=lambda a: (_taken_count(a), -a.card.index))
        trails = [a for a in legal if isinstance(a, Trail)]
        if trails:
            return min(trails, key=lambda a: (int(a.card.rank), a.card.index))
        return legal[0]  # an owner must keep building: easy never builds, so never here


class NormalBot(_CasinoBot):
    """Normal: values captures by points, builds what it can take, trails safely."""

    level: ClassVar[str] = "normal"

    def _chances(self, view: View) -> dict[int, float]:
        visible = set(view.hand) | _table_cards(view)
        unseen = [c for c in _DECK if c not in visible]
        return _hold_chances(unseen, Counter(), _opponent_cards(view), view.config)

    def _pick(self, view: View, legal: tuple[Play, ...]) -> Play:
        scored = self._scores(view, legal, self._chances(view))
        return max(scored, key=lambda item: item[0])[1]

    def _scores(
        self, view: View, legal: tuple[Play, ...], chances: dict[int, float]
    ) -> list[tuple[float, Play]]:
        """Each legal action with its one-move score (ties keep the canonical order)."""
        assert view.seat is not None
        config = view.config
        snap = _snap_of(view)
        sweeps = config.sweeps
        out: list[tuple[float, Play]] = []
        for rank, action in enumerate(legal):
            after, taken = _after(snap, action, view.seat)
            score = _worth(taken)
            if sweeps and taken and after.empty:
                score += W_SWEEP
            score -= _expected_loss(after, chances, sweeps)
            if isinstance(action, Build):
                rest = list(view.hand)
                rest.remove(action.card)
                holders = [c for c in rest if action.value in _keys(c, config)]
                capturer = min(card_worth(c) for c in holders) if holders else 0.0
                build_cards = next(b[1] for b in after.builds if action.card in b[1])
                survive = 1.0 - chances.get(action.value, 0.0)
                score += 0.9 * survive * (_worth(build_cards) + capturer)
            elif isinstance(action, Trail):
                score -= 0.25 * card_worth(action.card)
            out.append((score - 1e-9 * rank, action))
        return out


class ExpertBot(NormalBot):
    """Expert: card memory, sampled deals of the hidden cards, the deal played out.

    Its best few plays by the one-move score are searched
    (:mod:`cardrules.bots.search`): each is played out greedily to the end of
    the deal in deals of the hidden cards sampled from what it has seen, for
    ``think_time`` seconds' worth of work (0: the one-move score alone). In the
    last deal of a two-player hand, where the cards it has not seen are the
    opponent's hand (:func:`exact_world`), it searches the rest of the hand
    exactly instead (:func:`solve_last_deal`), within the same work budget.
    """

    level: ClassVar[str] = "expert"

    #: How many moves (best by the one-move score) are checked by play-outs.
    candidates: ClassVar[int] = 8

    #: Whether sampled deals must agree with the opponent's trails (:func:`sample_hands`).
    infer: ClassVar[bool] = False

    #: Whether the greedy play-outs trail the card that leaves the next opponent least.
    safe_trails: ClassVar[bool] = False

    #: Whether play-outs go on through the next deal, dealt from a sampled stock.
    next_deal: ClassVar[bool] = False

    #: Whether the play-out policy builds (a card on one loose card, holding the taker).
    playout_builds: ClassVar[bool] = False

    #: Whether the play-out policy trails as normal does (least expected loss).
    playout_trails: ClassVar[bool] = False

    #: Whether play-outs of the hand's last deal (two players) score "most cards" and
    #: "most spades" exactly (to the side with more, nobody on a tie) instead of a
    #: worth per card and per spade.
    exact_cards: ClassVar[bool] = False

    #: Whether the opponent's first reply in a play-out is his best card (each tried).
    reply_search: ClassVar[bool] = False

    #: Whether the last deal of a two-player hand, where counting the cards gives
    #: the opponent's hand, is searched exactly (:func:`solve_last_deal`) instead
    #: of by sampled play-outs, which it falls back on when the search does not
    #: finish within the work budget.
    exact_endgame: ClassVar[bool] = True

    #: The exact search's work budget and processor-time cap, in think times.
    endgame_budget: ClassVar[float] = 1.0

    #: The chance the exact search gives the opponent of any play instead of his best
    #: (``soft`` of :func:`solve_last_deal`; 0: minimax).
    endgame_soft: ClassVar[float] = 0.25

    #: In a two-player hand that can end the game, the sampled search weighs each
    #: play-out by the chance of winning the game, not by its points: the score
    #: lead, plus the worth taken so far this hand and the play-out's, against a
    #: normal law of this many points a deal still to come (0: points, off).
    game_odds: ClassVar[float] = 0.0

    #: Whether the cards the public events show the opponents play (their capturing
    #: cards too) count as seen in every deal: the sampled deals and the hold chances
    #: then never give them a card already played (:class:`CasinoMemory` ``count_shown``).
    count_events: ClassVar[bool] = False

    def __init__(self, seed: int | None = None, *, think_time: float | None = None) -> None:
        super().__init__(seed)
        self.memory = CasinoMemory(count_shown=self.count_events)
        self.think_time = search_think_time(think_time)
        self.last_search: SearchResult | None = None
        """What the last decision's search found (``None`` when it did not search)."""
        self.last_endgame: tuple[Play, float, int] | None = None
        """What the last decision's exact last-deal search found: (play, value, work),
        ``None`` when it did not run or did not finish (:func:`solve_last_deal`)."""

    def reset(self) -> None:
        """Forget the game played so far; the bot then plays as if new (same seed)."""
        super().reset()
        self.memory = CasinoMemory(count_shown=self.count_events)

    def _chances(self, view: View) -> dict[int, float]:
        unseen = self.memory.unseen(view)
        if self.infer and self.memory.passed and _holds_this_deal(view):
            # None of his cards of this deal is of a rank his trails rule out.
            ruled_out = self.memory.ruled_out(view.config)
            unseen = [c for c in unseen if int(c.rank) not in ruled_out]
        return _hold_chances(unseen, self.memory.gone, _opponent_cards(view), view.config)

    def _pick(self, view: View, legal: tuple[Play, ...]) -> Play:
        assert view.seat is not None
        self.last_search = None
        self.last_endgame = None
        chances = self._chances(view)
        scored = sorted(self._scores(view, legal, chances), key=lambda item: -item[0])
        if self.think_time == 0:
            return scored[0][1]
        if self.exact_endgame:
            state = exact_world(view, self.memory)
            if state is not None:
                solved = solve_last_deal(
                    state,
                    [action for _score, action in scored],
                    work_budget("casino", self.think_time * self.endgame_budget),
                    # A safety net like the sampled search's: the work budget decides,
                    # so a slower machine plays the same move.
                    time.process_time()
                    + self.think_time * self.endgame_budget * search_module.DEADLINE_FACTOR,
                    soft=self.endgame_soft,
                )
                self.last_endgame = solved
                if solved is not None:
                    return solved[0]
        short = [action for _score, action in scored[: self.candidates]]
        pieces = CasinoPieces(
            view,
            self.memory,
            short,
            infer=self.infer,
            safe_trails=self.safe_trails,
            next_deal=self.next_deal,
            builds=self.playout_builds,
            wary=self.playout_trails,
            exact_cards=self.exact_cards,
            reply=self.reply_search,
            odds=self.game_odds,
        )
        found = decide("casino", short, pieces, view, self._random, self.think_time)
        self.last_search = found
        best: Play = found.best
        return best


class CasinoPieces:
    """The Casino search pieces: hands sampled from memory, greedy play-outs of the deal.

    A world is the other seats' hands (:func:`sample_hands`); a candidate's
    value is the worth it takes now plus what our side gains over the others
    when the deal is played out greedily (every seat: its best capture, else its
    cheapest trail). With ``infer`` the deals agree with what the opponent's
    trails and builds say of his hand (:func:`sample_hands`).
    """

    def __init__(
        self,
        view: cardrules.casino.View,
        memory: CasinoMemory,
        candidates: Sequence[Capture | Build | Trail],
        *,
        infer: bool = False,
        safe_trails: bool = False,
        next_deal: bool = False,
        builds: bool = False,
        wary: bool = False,
        exact_cards: bool = False,
        reply: bool = False,
        odds: float = 0.0,
    ) -> None:
        assert view.seat is not None
        self.memory = memory
        self.seat = view.seat
        config = view.config
        self.config = config
        self.mine = config.side_of(view.seat)
        self.final = view.stock_size == 0
        self.leader = (view.dealer + 1) % config.num_players
        self.last_capturer = view.last_capturer
        self.fresh = _hold_chances(memory.unseen(view), memory.gone, 4, config)
        self.hand = list(view.hand)
        self.infer = infer
        self.safe_trails = safe_trails
        self.builds = builds
        self.wary = wary
        self.reply = reply
        self.piles: tuple[int, int, int, int] | None = None
        self.unseen_spades: frozenset[Card] = frozenset()
        if exact_cards and self.final and config.num_players == 2:
            # Every card seen and gone is in a pile: his if we saw him take it, else ours.
            # What else his pile holds is what no one has seen outside his hand.
            gone = memory.seen - _table_cards(view) - set(view.hand)
            spades = {c for c in gone if c.suit is Suit.SPADES}
            theirs = len(spades & memory.theirs)
            self.piles = (
                view.pile_sizes[view.seat],
                view.pile_sizes[1 - view.seat],
                len(spades) - theirs,
                theirs,
            )
            self.unseen_spades = frozenset(c for c in memory.unseen(view) if c.suit is Suit.SPADES)
        self.stock_size = view.stock_size if next_deal else 0
        self.odds: tuple[float, float] | None = None
        """(lead so far, spread to come) when play-outs are valued as game chances."""
        if odds > 0 and config.num_players == 2 and max(view.scores) + HAND_POINTS >= config.target:
            # Cards gone from the table and our hand are in a pile: his if we saw him take them.
            table = _table_cards(view)
            his_pile = memory.taken.get(1 - view.seat, set()) - table
            our_pile = (memory.seen | memory.shown) - table - set(view.hand) - his_pile
            lead = view.scores[self.mine] - view.scores[1 - self.mine] + _worth(our_pile)
            deals_after = view.stock_size // (4 * config.num_players)
            self.odds = (lead - _worth(his_pile), odds * math.sqrt(deals_after + 1))
        snap = _snap_of(view)
        self._after: dict[Play, tuple[_Snap, float, int]] = {}
        self._taken: dict[Play, int] = {}
        for action in candidates:
            after, taken = _after(snap, action, view.seat)
            base = _worth(taken)
            if config.sweeps and taken and after.empty:
                base += W_SWEEP
            self._after[action] = (after, base, len(taken))
            self._taken[action] = sum(c.suit is Suit.SPADES for c in taken)

    def sample(
        self, view: View, rnd: random.Random
    ) -> tuple[dict[int, list[Card]], tuple[Card, ...]]:
        """The other hands, dealt from the cards not seen (never the real state), and
        (with ``next_deal``) the stock, the rest of those cards in a random order."""
        hands = sample_hands(view, self.memory, rnd, infer=self.infer)
        if not self.stock_size:
            return hands, ()
        dealt = {c for h in hands.values() for c in h}
        rest = [c for c in self.memory.unseen(view) if c not in dealt]
        rnd.shuffle(rest)
        return hands, tuple(rest[: self.stock_size])

    def play_out(
        self,
        world: tuple[dict[int, list[Card]], tuple[Card, ...]],
        candidate: Play,
        rnd: random.Random,
    ) -> tuple[float, int]:
        """The candidate's worth plus the greedy play-out's net gain, and the steps spent
        (with ``odds``, that gain as a chance of winning the game, times the spread)."""
        value, steps = self._net(world, candidate)
        if self.odds is not None:
            lead, spread = self.odds
            value = spread * 0.5 * (1.0 + math.erf((lead + value) / (spread * math.sqrt(2.0))))
        return value, steps

    def _net(
        self, world: tuple[dict[int, list[Card]], tuple[Card, ...]], candidate: Play
    ) -> tuple[float, int]:
        after, base, took = self._after[candidate]
        piles = None
        if self.piles is not None:  # the candidate's cards count towards the majorities
            cards, others, spades, their_spades = self.piles
            taken = self._taken[candidate]
            held = {c for h in world[0].values() for c in h}
            piles = (
                cards + took,
                others,
                spades + taken,
                their_spades + len(self.unseen_spades - held),
            )
            base -= W_CARD * took + W_SPADE * taken
        hands = {s: list(h) for s, h in world[0].items()}
        stock = world[1]
        hand = list(self.hand)
        hand.remove(candidate.card)
        hands[self.seat] = hand
        # Each card played weighs the table for its captures: a crowded table costs more.
        items = len(after.loose) + len(after.builds)
        played = sum(len(h) for h in hands.values()) + min(len(stock), 4 * len(hands))
        steps = (1 + played) * (1 + items // 4)
        config = self.config
        to_act = (self.seat + 1) % config.num_players
        last = self.seat if took else self.last_capturer

        def rest(
            snap: _Snap,
            hands: dict[int, list[Card]],
            to_act: int,
            last: int | None,
            piles: tuple[int, int, int, int] | None = piles,
        ) -> float:
            return _play_out(
                snap,
                hands,
                to_act,
                last,
                self.mine,
                config,
                final=self.final,
                leader=self.leader,
                fresh=self.fresh,
                safe_trails=self.safe_trails,
                stock=stock,
                builds=self.fresh if self.builds else None,
                wary=self.fresh if self.wary else None,
                piles=piles,
            )

        replies = hands.get(to_act, [])
        if not self.reply or len(replies) < 2 or config.side_of(to_act) == self.mine:
            return base + rest(after, hands, to_act, last), steps
        # The opponent's reply is his best card for him, each tried and played out greedily.
        worst = math.inf
        for card in sorted(replies, key=lambda c: c.index):
            left = {s: [c for c in h if c is not card] for s, h in hands.items()}
            after_him = (to_act + 1) % config.num_players
            _card, mask, worth, _made = _greedy(after, [card], to_act, config)
            if mask >= 0:
                table, lifted, _owners = after.take(mask)
                his = piles
                if his is not None:  # his capture counts towards his majorities, exactly
                    gained = [card, *lifted]
                    black = sum(c.suit is Suit.SPADES for c in gained)
                    his = (his[0], his[1] + len(gained), his[2], his[3] + black)
                    worth -= W_CARD * len(gained) + W_SPADE * black
                value = -worth + rest(table, left, after_him, to_act, his)
            else:
                value = rest(after.trail(card), left, after_him, last)
            worst = min(worst, value)
        return base + worst, steps * len(replies)


def _count(counts: list[int], theirs: bool, cards: Iterable[Card]) -> None:
    """Add ``cards`` to a side's card and spade counts (ours, or theirs)."""
    for card in cards:
        counts[theirs] += 1
        counts[2 + theirs] += card.suit is Suit.SPADES


def _greedy(
    snap: _Snap,
    hand: list[Card],
    seat: int,
    config: Config,
    reply: list[Card] | None = None,
    builds: dict[int, float] | None = None,
    wary: dict[int, float] | None = None,
) -> tuple[Card, int, float, tuple[int, int] | None]:
    """A quick policy for play-outs: the most valuable capture, else trail the cheapest card.

    Returns (card, mask taken or -1 for a trail or a build, worth taken with the
    card, the build as (loose card index, value) or ``None``). A build owner
    keeps a card that takes his build. With ``reply`` (the next player's hand,
    an opponent's) the trail is the one that leaves him the least to take, then
    the cheapest. With ``builds`` (the chance an opponent holds each capture
    key) it also builds as normal does, when that is worth more than its best
    capture: its card on one loose card, holding another that takes the build.
    With ``wary`` (the same chances) it trails as normal does: the card whose
    trail costs least, a quarter of its worth plus what the next players can
    expect to take from the table it leaves.
    """
    owned = [b[0] for b in snap.builds if b[2] == seat]
    best_card: Card | None = None
    best_mask = -1
    best_worth = 0.0
    for card in hand:
        for key in _keys(card, config):
            worth, mask, empties = snap.best(key)
            if not mask:
                continue
            worth += card_worth(card) + (W_SWEEP if config.sweeps and empties else 0.0)
            if worth > best_worth + 1e-12:
                best_card, best_mask, best_worth = card, mask, worth
    if builds is not None and len(hand) > 1:
        found = _best_build(snap, hand, config, builds)
        if found is not None and found[0] > best_worth + 1e-12:
            return found[1], -1, 0.0, found[2]
    if best_card is not None:
        return best_card, best_mask, best_worth, None
    keep = set(owned)
    trails = [c for c in hand if not keep & set(_keys(c, config))] or hand
    if wary is not None and len(trails) > 1:
        sweeps = config.sweeps
        card = min(
            trails,
            key=lambda c: (
                0.25 * card_worth(c) + _expected_loss(snap.trail(c), wary, sweeps),
                c.index,
            ),
        )
        return card, -1, 0.0, None
    if reply and len(trails) > 1:
        card = min(
            trails,
            key=lambda c: (_reply_worth(snap.trail(c), reply, config), card_worth(c), c.index),
        )
        return card, -1, 0.0, None
    card = min(trails, key=lambda c: (card_worth(c), int(c.rank), c.index))
    return card, -1, 0.0, None


def _best_build(
    snap: _Snap, hand: list[Card], config: Config, chances: dict[int, float]
) -> tuple[float, Card, tuple[int, int]] | None:
    """The best build of a hand card on one loose card that another hand card takes.

    Valued as normal values a build: what it will take (the two cards and the
    taker) times the chance it survives the opponents, and 0.9 for the turn it
    waits. Returns (value, card, (loose card index, build value)) or ``None``.
    """
    royal = config.royal
    best: tuple[float, Card, tuple[int, int]] | None = None
    for card in hand:
        own = table_value(card, royal)
        if own is None:
            continue
        for i, target in enumerate(snap.loose):
            other = table_value(target, royal)
            if other is None:
                continue
            for value in (own + other, own) if own == other else (own + other,):
                if value > config.max_value:
                    continue
                takers = [
                    card_worth(c) for c in hand if c is not card and value in _keys(c, config)
                ]
                if not takers:
                    continue
                worth = card_worth(card) + card_worth(target) + min(takers)
                score = 0.9 * (1.0 - chances.get(value, 0.0)) * worth
                if best is None or score > best[0] + 1e-12:
                    best = (score, card, (i, value))
    return best


def _reply_worth(snap: _Snap, hand: list[Card], config: Config) -> float:
    """The most ``hand`` can take from ``snap`` with one capture."""
    most = 0.0
    for card in hand:
        for key in _keys(card, config):
            worth, mask, empties = snap.best(key)
            if mask:
                most = max(most, worth + (W_SWEEP if config.sweeps and empties else 0.0))
    return most


def _play_out(
    snap: _Snap,
    hands: dict[int, list[Card]],
    to_act: int,
    last: int | None,
    mine: int,
    config: Config,
    *,
    final: bool,
    leader: int,
    fresh: dict[int, float],
    safe_trails: bool = False,
    stock: tuple[Card, ...] = (),
    builds: dict[int, float] | None = None,
    wary: dict[int, float] | None = None,
    piles: tuple[int, int, int, int] | None = None,
) -> float:
    """Play the rest of the deal greedily; the worth our side gains minus the others'.

    With a ``stock``, the next deal is dealt from it and played out too; with
    ``builds`` (hold chances per capture key) the policy also builds, and with
    ``wary`` trails as normal does (:func:`_greedy`). With ``piles`` (the cards
    our side and the other have taken, then the spades among them, in a
    two-sided last deal) "most cards" and "most spades" are scored exactly at
    the end instead of :data:`W_CARD` a card and :data:`W_SPADE` a spade.
    """
    counts = [0, 0, 0, 0]  # taken in the play-out: cards ours, theirs, spades ours, theirs
    n = config.num_players
    side_of: Callable[[int], int] = config.side_of
    net = 0.0
    seat = to_act
    deals = 2 if len(stock) >= 4 * n else 1
    for deal in range(deals):
        if deal:
            snap = _Snap(snap.loose, (), config)
            order = [(leader + j) % n for j in range(n)]
            hands = {s: list(stock[4 * k : 4 * k + 4]) for k, s in enumerate(order)}
            final = len(stock) == 4 * n
            seat = leader
        while any(hands.values()):
            hand = hands.get(seat, [])
            if hand:
                after = (seat + 1) % n
                rival = safe_trails and side_of(after) != side_of(seat)
                reply = hands.get(after) if rival else None
                card, mask, worth, made = _greedy(snap, hand, seat, config, reply, builds, wary)
                hand.remove(card)
                if made is not None:
                    snap = snap.build(card, made[0], made[1], seat)
                elif mask >= 0:
                    snap, taken, _owners = snap.take(mask)
                    last = seat
                    net += worth if side_of(seat) == mine else -worth
                    if piles is not None:
                        _count(counts, side_of(seat) != mine, [card, *taken])
                else:
                    snap = snap.trail(card)
            seat = (seat + 1) % n
        # Builds cannot outlive a deal (CA-16): their owners take them.
        for build in snap.builds:
            worth = _worth(build[1])
            net += worth if side_of(build[2]) == mine else -worth
            if piles is not None:
                _count(counts, side_of(build[2]) != mine, build[1])
    loose = _Snap(snap.loose, (), config)
    if final:
        if loose.loose and last is not None and config.residue_to_last_capturer:  # CA-1
            worth = _worth(loose.loose)
            net += worth if side_of(last) == mine else -worth
            if piles is not None:
                _count(counts, side_of(last) != mine, loose.loose)
        if piles is not None:
            net -= W_CARD * (counts[0] - counts[1]) + W_SPADE * (counts[2] - counts[3])
            totals = [pile + count for pile, count in zip(piles, counts, strict=True)]
            net += MOST_CARDS * ((totals[0] > totals[1]) - (totals[1] > totals[0]))
            net += MOST_SPADES * ((totals[2] > totals[3]) - (totals[3] > totals[2]))
    elif loose.loose:
        exposed = 0.6 * _expected_loss(loose, fresh, config.sweeps)
        net += exposed if side_of(leader) == mine else -exposed
    return net


LEVEL_CLASSES: dict[str, Callable[..., _CasinoBot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "expert": ExpertBot,
}
"""Level name -> bot class, for :func:`cardrules.bots.make`."""
