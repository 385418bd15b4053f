"""Casino rules: new games, legal actions, applying actions, state validation.

Spec: ``shared/rules/casino.md``. Comments cite its sections (``# CA-7``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

import attrs

from cardrules import rng
from cardrules.cards import Card, check_same_cards, format_cards, make_deck, sort_cards
from cardrules.casino.actions import Action, Build, Capture, Trail, parse_action_text
from cardrules.casino.captures import Table, capture_values, covers, partition, table_value
from cardrules.casino.config import Config
from cardrules.casino.scoring import ITEM_NAMES, HandScore, score_hand
from cardrules.casino.state import State, TableBuild
from cardrules.errors import IllegalActionError

__all__ = [
    "apply",
    "check",
    "deal_order",
    "legal_actions",
    "new_game",
    "parse_action",
    "validate_state",
]

_DECK = make_deck()


def _index(card: Card) -> int:
    return card.index


# ---------------------------------------------------------------------------
# Dealing (§1 "Deal", CA-13, CA-18)


def deal_order(num_players: int, dealer: int, *, first: bool) -> tuple[int | None, ...]:
    """Who receives each card of a deal, in order (``None``: the table).

    Cards go out in twos (§1): two to each player from the dealer's left, then
    (first deal of a hand only) two to the table, then two to the dealer; and
    the same again. Later deals have no table cards.

    >>> deal_order(2, 1, first=True)
    (0, 0, None, None, 1, 1, 0, 0, None, None, 1, 1)
    >>> deal_order(3, 2, first=False)
    (0, 0, 1, 1, 2, 2, 0, 0, 1, 1, 2, 2)
    """
    order = [(dealer + k) % num_players for k in range(1, num_players + 1)]
    out: list[int | None] = []
    for _ in range(2):
        for seat in order[:-1]:
            out += [seat, seat]
        if first:
            out += [None, None]
        out += [dealer, dealer]
    return tuple(out)


def _deal(
    cards: Sequence[Card], num_players: int, dealer: int, *, first: bool
) -> tuple[list[list[Card]], list[Card], tuple[Card, ...]]:
    order = deal_order(num_players, dealer, first=first)
    hands: list[list[Card]] = [[] for _ in range(num_players)]
    table: list[Card] = []
    for card, who in zip(cards, order, strict=False):
        (table if who is None else hands[who]).append(card)
    return hands, table, tuple(cards[len(order) :])


def _start_hand(
    config: Config,
    *,
    seed: int,
    shuffles: int,
    dealer: int,
    round_number: int,
    scores: tuple[int, ...],
    history: tuple[HandScore, ...],
    deck: Sequence[Card] | None = None,
) -> State:
    if deck is None:
        deck = rng.shuffle(_DECK, seed=seed, stream=shuffles)
        shuffles += 1
    hands, table, stock = _deal(deck, config.num_players, dealer, first=True)
    n = config.num_players
    return State(
        config=config,
        seed=seed,
        shuffles=shuffles,
        dealer=dealer,
        round_number=round_number,
        deal_number=1,
        to_act=(dealer + 1) % n,
        hands=tuple(sort_cards(h) for h in hands),
        loose=sort_cards(table),
        builds=(),
        piles=((),) * n,
        sweep_log=(),
        last_capturer=None,
        stock=stock,
        scores=scores,
        winners=(),
        history=history,
    )


def new_game(
    config: Config | None = None,
    *,
    seed: int | None = None,
    deck: Sequence[Card] | None = None,
    dealer: int | None = None,
) -> State:
    """A new game, its first hand dealt.

    ``deck`` (52 cards, top first) stacks the first hand: the first deal goes
    out as :func:`deal_order` says and the hand's later deals continue from the
    same pack; later hands are shuffled from ``seed``. ``dealer`` defaults to the
    last seat, so seat 0 plays first (CA-18).
    """
    if config is None:
        config = Config()
    if not isinstance(config, Config):
        raise TypeError(f"config must be a casino Config, not {type(config).__name__}")
    seed = rng.draw_seed() if seed is None else rng.validate_seed(seed)
    n = config.num_players
    if dealer is None:
        dealer = n - 1
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
        raise ValueError(f"dealer must be a seat from 0 to {n - 1}, not {dealer!r}")
    cards: tuple[Card, ...] | None = None
    if deck is not None:
        cards = tuple(deck)
        if any(not isinstance(c, Card) for c in cards):
            raise ValueError("deck must hold Card values")
        check_same_cards(_DECK, cards, "deck")
    return _start_hand(
        config,
        seed=seed,
        shuffles=0,
        dealer=dealer,
        round_number=1,
        scores=(0,) * config.num_sides,
        history=(),
        deck=cards,
    )


# ---------------------------------------------------------------------------
# Helpers


def _without(hand: Sequence[Card], card: Card) -> tuple[Card, ...]:
    out = list(hand)
    out.remove(card)
    return tuple(out)


def _partner(config: Config, seat: int) -> int | None:
    return (seat + 2) % 4 if config.partnerships else None


def _partner_add(config: Config, seat: int, build: TableBuild) -> bool:
    """CA-14 option: adding to one's partner's build needs no card of its value."""
    return config.build_for_partner and build.owner == _partner(config, seat)


def _bits(mask: int, n: int) -> list[int]:
    return [i for i in range(n) if mask >> i & 1]


# ---------------------------------------------------------------------------
# Enumeration


class _Turn:
    """What legal_actions needs about the player to act, computed once."""

    def __init__(self, state: State) -> None:
        config = state.config
        seat = state.to_act
        assert seat is not None
        self.state = state
        self.config = config
        self.seat = seat
        self.hand = state.hands[seat]
        self.loose = state.loose
        self.nloose = len(state.loose)
        self.builds = state.builds
        self.build_cards = [b.cards for b in state.builds]
        self.owned = [j for j, b in enumerate(state.builds) if b.owner == seat]
        limit = max((v for c in self.hand for v in capture_values(c, config)), default=0)
        if config.build_for_partner and state.builds:
            limit = max(limit, max(b.value for b in state.builds))
        self.table = Table(
            state.loose, [(b.value, b.is_single) for b in state.builds], config, limit=limit
        )

    def loose_cards(self, mask: int) -> tuple[Card, ...]:
        loose = self.loose
        return tuple(loose[i] for i in range(self.nloose) if mask >> i & 1)

    def captures(self, card: Card) -> list[Capture]:
        """Every legal capture with ``card`` (CA-3, CA-7, CA-8), in canonical order."""
        config = self.config
        rest = _without(self.hand, card)
        n = self.nloose
        owned_bits = 0
        for j in self.owned:
            owned_bits |= 1 << (n + j)
        out: list[Capture] = []
        if not config.royal and card.rank.is_face:
            # CA-3 / CA-17: a face card pairs with loose cards of its rank.
            same = [i for i, c in enumerate(self.loose) if c.rank is card.rank]
            if not same or not covers(rest, [self.builds[j].value for j in self.owned], config):
                return []
            if config.face_capture == "one":
                picks: list[tuple[int, ...]] = [(i,) for i in same]
            else:
                picks = [p for k in range(1, len(same) + 1) for p in combinations(same, k)]
                if config.capture_all:
                    picks = [tuple(same)]
            return [Capture(card, [self.loose[i] for i in p]) for p in picks]
        cover_cache: dict[int, bool] = {}
        for value in capture_values(card, config):
            masks = []
            for m in self.table.capture_unions(value):
                left = owned_bits & ~m
                ok = cover_cache.get(left)
                if ok is None:
                    required = [self.builds[j].value for j in self.owned if left >> (n + j) & 1]
                    ok = cover_cache[left] = covers(rest, required, config)  # CA-7
                if ok:
                    masks.append(m)
            if config.capture_all and masks:  # CA-8 option: take as many cards as possible
                sizes = {m: self._size(m) for m in masks}
                best = max(sizes.values())
                masks = [m for m in masks if sizes[m] == best]
            masks.sort(key=lambda m: (_bits(m >> n, len(self.builds)), _bits(m, n)))
            ace_high = value == 14
            for m in masks:
                taken = [self.build_cards[j] for j in _bits(m >> n, len(self.builds))]
                out.append(Capture(card, self.loose_cards(m), taken, ace_high=ace_high))
        return out

    def _size(self, mask: int) -> int:
        n = self.nloose
        size = (mask & ((1 << n) - 1)).bit_count()
        for j in _bits(mask >> n, len(self.builds)):
            size += len(self.build_cards[j])
        return size

    def _with_groups(self, seeds: Iterable[int], value: int) -> list[int]:
        """``seed | extra`` for every disjoint union ``extra`` of loose ``value``-groups."""
        extras = self.table.loose_unions(value)
        found: set[int] = set()
        for s in seeds:
            found.update(s | e for e in extras if not s & e)
        return sorted(found, key=lambda m: _bits(m, self.nloose))

    def builds_with(self, card: Card) -> list[Build]:
        """Every legal new build, raise and add with ``card`` (§1.3, §1.5, CA-7, CA-9..11)."""
        config = self.config
        a = table_value(card, config.royal)
        if a is None:  # CA-17
            return []
        rest = _without(self.hand, card)
        held = {v for c in rest for v in capture_values(c, config)}
        owned_values = [self.builds[j].value for j in self.owned]
        table = self.table
        top = config.max_value
        out: list[Build] = []
        # New builds (§4 "New build").
        for value in sorted(held):
            if value < a or value > top:
                continue
            if not config.same_value_builds and any(b.value == value for b in self.builds):
                continue  # CA-10 option
            if not covers(rest, [*owned_values, value], config):  # CA-7
                continue
            seeds = [0] if value == a else table.loose_sums(value - a)
            for m in self._with_groups(seeds, value):
                if m:
                    out.append(Build(card, kind="new", value=value, cards=self.loose_cards(m)))
        # Raises of single builds (§4 "Raise", CA-9, CA-11).
        for j, build in enumerate(self.builds):
            if not build.is_single:
                continue
            if build.owner == self.seat and not config.raise_own_build:
                continue
            base = build.value + a
            others = [self.builds[k].value for k in self.owned if k != j]
            spans = range(top - base + 1) if config.table_cards_in_raise else range(1)
            for extra in spans:
                value = base + extra
                if value > top or value not in held:
                    continue
                if not config.same_value_builds and any(
                    b.value == value for k, b in enumerate(self.builds) if k != j
                ):
                    continue
                if not covers(rest, [*others, value], config):
                    continue
                seeds = [0] if extra == 0 else table.loose_sums(extra)
                for m in self._with_groups(seeds, value):
                    out.append(
                        Build(
                            card,
                            kind="raise",
                            value=value,
                            target=self.build_cards[j],
                            cards=self.loose_cards(m),
                        )
                    )
        # Adds to any build, its value unchanged (§4 "Add", CA-14 option).
        for j, build in enumerate(self.builds):
            value = build.value
            if a > value:
                continue
            if _partner_add(config, self.seat, build):
                required = owned_values
            else:
                required = [*(self.builds[k].value for k in self.owned if k != j), value]
            if not covers(rest, required, config):
                continue
            seeds = [0] if value == a else table.loose_sums(value - a)
            for m in self._with_groups(seeds, value):
                out.append(
                    Build(
                        card,
                        kind="add",
                        value=value,
                        target=self.build_cards[j],
                        cards=self.loose_cards(m),
                    )
                )
        return out

    def may_trail(self, card: Card) -> bool:
        """§1.4: a build owner may not trail; CA-7: keep a card for every owned build."""
        if self.owned and not self.config.owner_may_trail:
            return False
        rest = _without(self.hand, card)
        return covers(rest, [self.builds[j].value for j in self.owned], self.config)

    def any_capture(self) -> bool:
        return any(self.captures(card) for card in self.hand)

    def all_actions(self) -> list[Action]:
        captures: list[Action] = []
        others: list[Action] = []
        per_card: list[list[Action]] = []
        for card in self.hand:
            caps = self.captures(card)
            captures += caps
            rest: list[Action] = [*self.builds_with(card)]
            if self.may_trail(card):
                rest.append(Trail(card))
            others += rest
            per_card.append([*caps, *rest])
        if self.config.compulsory_capture and captures:  # CA-8 option
            return captures
        return [a for group in per_card for a in group]


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, each once, in canonical order.

    Order: by the card played, in hand order; for each card its captures (a Royal
    ace's captures at 1 before those at 14; then by the builds and loose cards
    taken, in card order), new builds (by value, then cards), raises (by target
    in table order, then value, then cards), adds (by target, then cards), and
    last the trail. Empty once the game is over.
    """
    if state.to_act is None:
        return ()
    return tuple(_Turn(state).all_actions())


# ---------------------------------------------------------------------------
# Checking one action


def _find_build(state: State, cards: tuple[Card, ...]) -> int | None:
    for j, build in enumerate(state.builds):
        if build.cards == cards:
            return j
    return None


def _bracket(cards: Sequence[Card]) -> str:
    return "[" + format_cards(cards) + "]"


def check(state: State, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason it is not."""
    if state.to_act is None:
        return "the game is over"
    if not isinstance(action, Capture | Build | Trail):
        return f"{type(action).__name__} is not a Casino action"
    config = state.config
    seat = state.to_act
    hand = state.hands[seat]
    card = action.card
    if card not in hand:
        return f"you do not hold {card}"
    rest = _without(hand, card)
    owned = [j for j, b in enumerate(state.builds) if b.owner == seat]
    owned_values = [state.builds[j].value for j in owned]
    keep_msg = "you must keep a card to capture each build you own (CA-7)"
    if isinstance(action, Trail):
        if owned and not config.owner_may_trail:
            return "you own a build, so you may not trail: capture, build or add to a build (§1.4)"
        if not covers(rest, owned_values, config):
            return keep_msg
        if config.compulsory_capture and _Turn(state).any_capture():
            return "you must capture when you can (compulsory_capture, CA-8)"
        return None

    # Loose cards named by the action.
    if len(set(action.cards)) != len(action.cards):
        return "a table card is named twice"
    in_builds = {x for b in state.builds for x in b.cards}
    loose = set(state.loose)
    for c in action.cards:
        if c not in loose:
            if c in in_builds:
                return f"{c} is in a build: a build is taken or extended only as a whole (§1.3)"
            return f"{c} is not on the table"
    royal = config.royal
    vals = [table_value(c, royal) for c in action.cards]
    face = next((c for c, v in zip(action.cards, vals, strict=True) if v is None), None)

    if isinstance(action, Capture):
        return _check_capture(state, action, rest, owned, face, keep_msg)

    # Build.
    a = table_value(card, royal)
    if a is None:
        return f"{card} is a face card: in standard Casino it cannot build (CA-17)"
    if face is not None:
        return f"{face} is a face card: in standard Casino it is never part of a build (CA-17)"
    numbers = [v for v in vals if v is not None]
    value = action.value
    top = config.max_value
    range_msg = f"a build's value must be from 1 to {top}, not {value} (CA-6)"
    if action.kind == "new":
        if not 1 <= value <= top:
            return range_msg
        if not action.cards:
            return "a build must combine the card played with table cards (§1.3)"
        if partition([a, *numbers], value) is None:
            return f"{card} with {format_cards(action.cards)} does not make {value} (§4)"
        if not config.same_value_builds and any(b.value == value for b in state.builds):
            return f"there is already a build of {value}: add to it instead (same_value_builds)"
        if not covers(rest, [*owned_values, value], config):
            return f"you must keep a card of value {value} to capture this build (§1.3, CA-7)"
    else:
        j = _find_build(state, action.target)
        if j is None:
            return f"there is no build {_bracket(action.target)} on the table"
        build = state.builds[j]
        others = [state.builds[k].value for k in owned if k != j]
        if action.kind == "raise":
            if not build.is_single:
                return f"{build} is a multiple build: its value can never change (§1.5)"
            if build.owner == seat and not config.raise_own_build:
                return "you may not raise your own build (raise_own_build, CA-9)"
            if not 1 <= value <= top:
                return range_msg
            base = build.value + a
            if config.table_cards_in_raise:
                if value < base or partition([base, *numbers], value) is None:
                    return f"{build} raised with {card} and these cards does not make {value}"
            else:
                if value != base:
                    return f"{build} raised with {card} makes {base}, not {value} (CA-11)"
                if partition(numbers, value) is None:
                    return (
                        f"the loose cards absorbed must make groups of {value}; "
                        "table cards cannot change a build's value (CA-11)"
                    )
            if not config.same_value_builds and any(
                b.value == value for k, b in enumerate(state.builds) if k != j
            ):
                return f"there is already a build of {value} (same_value_builds, CA-10)"
            if not covers(rest, [*others, value], config):
                return f"you must keep a card of value {value} to raise to it (§1.5, CA-7)"
        else:
            if value != build.value:
                return f"adding to {build} keeps its value {build.value}, not {value} (§1.5)"
            if partition([a, *numbers], value) is None:
                with_cards = f" with {format_cards(action.cards)}" if action.cards else ""
                return f"{card}{with_cards} does not make groups of {value} (§4)"
            required = owned_values if _partner_add(config, seat, build) else [*others, value]
            if not covers(rest, required, config):
                return f"you must keep a card of value {value} to add to this build (§1.5, CA-7)"
    if config.compulsory_capture and _Turn(state).any_capture():
        return "you must capture when you can (compulsory_capture, CA-8)"
    return None


def _check_capture(
    state: State,
    action: Capture,
    rest: tuple[Card, ...],
    owned: list[int],
    face: Card | None,
    keep_msg: str,
) -> str | None:
    config = state.config
    card = action.card
    if not action.cards and not action.builds:
        return "a capture must take at least one card"
    if len(set(action.builds)) != len(action.builds):
        return "a build is named twice"
    targets: list[int] = []
    for cards in action.builds:
        j = _find_build(state, cards)
        if j is None:
            return f"there is no build {_bracket(cards)} on the table"
        targets.append(j)
    if action.ace_high and not config.ace_14:
        return "an ace captures as 14 only in Royal Casino with royal_ace_14 (CA-6)"
    if not config.royal and card.rank.is_face:
        if action.builds:
            return f"a {card.rank.label} cannot capture a build (CA-17)"
        for c in action.cards:
            if c.rank is not card.rank:
                return f"a {card.rank.label} can only take a {card.rank.label} (CA-3, CA-17)"
        if config.face_capture == "one" and len(action.cards) > 1:
            return f"a {card.rank.label} takes only one matching card (CA-3)"
    else:
        value = 14 if action.ace_high else table_value(card, config.royal)
        assert value is not None
        if face is not None:
            return f"{face} is a face card: in standard Casino a number card never takes it (CA-17)"
        items = [table_value(c, config.royal) or 0 for c in action.cards]
        for j in targets:
            build = state.builds[j]
            if build.value != value and not (config.build_as_card and build.is_single):
                return (
                    f"the build {build} can only be taken by a card of value {build.value} (§1.2)"
                )
            items.append(build.value)
        if partition(items, value) is None:
            return f"the cards taken do not make groups of {value} (§4)"
    left = [state.builds[j].value for j in owned if j not in targets]
    if not covers(rest, left, config):
        return keep_msg
    if config.capture_all and action not in _Turn(state).captures(card):
        return "you must take every card you can with that card (capture_all, CA-8)"
    return None


# ---------------------------------------------------------------------------
# Applying


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`~cardrules.IllegalActionError` if illegal.

    The input is never changed. When every hand is empty the next deal is made;
    at the end of a hand the residue is given (CA-1), the hand is scored and the
    game ends or the next hand is dealt by the next dealer (CA-18).
    """
    reason = check(state, action)
    if reason is not None:
        raise IllegalActionError(reason, action)
    config = state.config
    seat = state.to_act
    assert seat is not None
    card = action.card
    hands = list(state.hands)
    hands[seat] = _without(hands[seat], card)
    loose = list(state.loose)
    builds = list(state.builds)
    piles = list(state.piles)
    sweep_log = state.sweep_log
    last_capturer = state.last_capturer
    royal = config.royal
    if isinstance(action, Trail):
        loose.append(card)
    elif isinstance(action, Capture):
        taken = list(action.cards)
        for c in action.cards:
            loose.remove(c)
        for cards in action.builds:
            j = _find_build(state, cards)
            assert j is not None
            taken += cards
        builds = [b for b in builds if b.cards not in action.builds]
        piles[seat] = sort_cards([*piles[seat], card, *taken])
        last_capturer = seat
        if not loose and not builds:  # CA-5: a sweep empties the table
            sweep_log = (*sweep_log, seat)
    else:
        for c in action.cards:
            loose.remove(c)
        value = action.value
        extra = list(action.cards)
        a = table_value(card, royal)
        assert a is not None
        nums = [table_value(c, royal) or 0 for c in extra]
        if action.kind == "new":
            groups = partition([a, *nums], value)
            assert groups is not None
            items = [card, *extra]
            builds.append(
                TableBuild(value, tuple(tuple(items[i] for i in g) for g in groups), seat)
            )
        else:
            j = _find_build(state, action.target)
            assert j is not None
            old = builds[j]
            owner = seat
            if action.kind == "raise":
                base = old.value + a
                if config.table_cards_in_raise:
                    groups = partition([base, *nums], value)
                    assert groups is not None
                    head = (*old.groups[0], card, *(extra[i - 1] for i in groups[0][1:]))
                    tail = [tuple(extra[i - 1] for i in g) for g in groups[1:]]
                else:
                    groups = partition(nums, value)
                    assert groups is not None
                    head = (*old.groups[0], card)
                    tail = [tuple(extra[i] for i in g) for g in groups]
                new_groups = (head, *tail)
            else:
                groups = partition([a, *nums], value)
                assert groups is not None
                items = [card, *extra]
                new_groups = (*old.groups, *(tuple(items[i] for i in g) for g in groups))
                if _partner_add(config, seat, old):
                    owner = old.owner  # CA-14 option: building for partner
            builds[j] = TableBuild(value, new_groups, owner)
    return _advance(
        state,
        seat=seat,
        hands=tuple(hands),
        loose=sort_cards(loose),
        builds=tuple(builds),
        piles=tuple(piles),
        sweep_log=sweep_log,
        last_capturer=last_capturer,
    )


def _advance(
    state: State,
    *,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    loose: tuple[Card, ...],
    builds: tuple[TableBuild, ...],
    piles: tuple[tuple[Card, ...], ...],
    sweep_log: tuple[int, ...],
    last_capturer: int | None,
) -> State:
    config = state.config
    n = config.num_players
    if any(hands):
        return attrs.evolve(
            state,
            to_act=(seat + 1) % n,
            hands=hands,
            loose=loose,
            builds=builds,
            piles=piles,
            sweep_log=sweep_log,
            last_capturer=last_capturer,
        )
    # CA-16: an owner may not trail and must keep a capturing card, so no build
    # can outlive the deal in which it was made.
    assert not builds, "a build survived the end of a deal (CA-16)"
    if state.stock:
        dealt, _table, stock = _deal(state.stock, n, state.dealer, first=False)
        return attrs.evolve(
            state,
            to_act=(state.dealer + 1) % n,
            deal_number=state.deal_number + 1,
            hands=tuple(sort_cards(h) for h in dealt),
            stock=stock,
            loose=loose,
            builds=builds,
            piles=piles,
            sweep_log=sweep_log,
            last_capturer=last_capturer,
        )
    # End of the hand: residue (CA-1), scoring, game end (CA-4) or next hand (CA-18).
    residue = loose
    residue_to: int | None = None
    final_piles = list(piles)
    if residue and config.residue_to_last_capturer and last_capturer is not None:
        residue_to = last_capturer
        final_piles[last_capturer] = sort_cards([*final_piles[last_capturer], *residue])
        loose = ()
    result = score_hand(
        config,
        piles=final_piles,
        sweep_log=sweep_log,
        hand=state.round_number,
        dealer=state.dealer,
        residue=residue,
        residue_to=residue_to,
        totals_before=state.scores,
    )
    history = (*state.history, result)
    if result.winner is not None:
        return attrs.evolve(
            state,
            to_act=None,
            hands=hands,
            loose=loose,
            builds=(),
            piles=tuple(final_piles),
            sweep_log=sweep_log,
            last_capturer=last_capturer,
            scores=result.totals,
            winners=config.seats_of(result.winner),
            history=history,
        )
    return _start_hand(
        config,
        seed=state.seed,
        shuffles=state.shuffles,
        dealer=(state.dealer + 1) % n,
        round_number=state.round_number + 1,
        scores=result.totals,
        history=history,
    )


# ---------------------------------------------------------------------------
# Text


def parse_action(text: str, state: State) -> Action:
    """Read an action from its text form (``str(action)``); see :mod:`cardrules.casino.actions`.

    Malformed text raises ``ValueError``. In Royal Casino an ace capture written
    without ``as 1``/``as 14`` takes the value that makes it legal (1 if both do).
    """
    action = parse_action_text(text)
    if (
        isinstance(action, Capture)
        and state.config.ace_14
        and action.card.rank.label == "A"
        and " as " not in f" {text.lower()} "
        and check(state, action) is not None
    ):
        high = Capture(action.card, action.cards, action.builds, ace_high=True)
        if check(state, high) is None:
            return high
    return action


# ---------------------------------------------------------------------------
# Validation (used when a state is loaded from JSON)


def validate_state(state: State) -> None:
    """Raise ``ValueError`` unless ``state`` is a consistent Casino state."""
    if not isinstance(state, State):
        raise ValueError(f"not a casino State: {type(state).__name__}")
    config = state.config
    if not isinstance(config, Config):
        raise ValueError("config is not a casino Config")
    n = config.num_players
    sides = config.num_sides
    try:
        rng.validate_seed(state.seed)
    except TypeError as exc:
        raise ValueError(str(exc)) from None
    if state.shuffles < 0 or state.shuffles > 1_000_000:
        raise ValueError("shuffles out of range")
    if not 0 <= state.dealer < n:
        raise ValueError(f"dealer {state.dealer} is not a seat")
    if len(state.hands) != n or len(state.piles) != n:
        raise ValueError(f"expected {n} hands and {n} piles")
    if len(state.scores) != sides:
        raise ValueError(f"expected {sides} scores")
    if not 1 <= state.round_number <= 100_000:
        raise ValueError("round_number out of range")
    if not 1 <= state.deal_number <= config.deals_per_hand:
        raise ValueError(f"deal_number must be 1..{config.deals_per_hand}")
    everything = [
        *(c for h in state.hands for c in h),
        *state.loose,
        *(c for b in state.builds for g in b.groups for c in g),
        *(c for p in state.piles for c in p),
        *state.stock,
    ]
    check_same_cards(_DECK, everything, "state")
    for name, cards in [
        ("loose", state.loose),
        *((f"hand {i}", h) for i, h in enumerate(state.hands)),
        *((f"pile {i}", p) for i, p in enumerate(state.piles)),
    ]:
        if tuple(cards) != sort_cards(cards):
            raise ValueError(f"{name} is not in sorted order")
    for seat in state.sweep_log:
        if not 0 <= seat < n:
            raise ValueError(f"sweep by seat {seat}, which does not exist")
    if state.last_capturer is not None and not 0 <= state.last_capturer < n:
        raise ValueError("last_capturer is not a seat")
    royal = config.royal
    seen_values: list[int] = []
    for build in state.builds:
        if not 0 <= build.owner < n:
            raise ValueError(f"build {build} has no valid owner")
        if not 1 <= build.value <= config.max_value:
            raise ValueError(f"build {build} has an impossible value")
        if not build.groups or (build.is_single and len(build.groups[0]) < 2):
            raise ValueError(f"build {build} is too small")
        for group in build.groups:
            values = [table_value(c, royal) for c in group]
            if not group or None in values or sum(v or 0 for v in values) != build.value:
                raise ValueError(f"build {build}: a group does not add up to {build.value}")
        seen_values.append(build.value)
    if not config.same_value_builds and len(set(seen_values)) != len(seen_values):
        raise ValueError("two builds of the same value (same_value_builds is off)")
    # Scores and history.
    if any(not isinstance(h.totals, tuple) or len(h.totals) != sides for h in state.history):
        raise ValueError("a hand result has the wrong number of sides")
    totals = (0,) * sides
    for k, result in enumerate(state.history):
        if result.hand != k + 1:
            raise ValueError("hand results are out of order")
        if len(result.points) != sides or len(result.cards) != sides:
            raise ValueError("a hand result has the wrong number of sides")
        if not 0 <= result.counted <= len(result.items):
            raise ValueError("a hand result counts more items than it has")
        points = [0] * sides
        for item in result.items[: result.counted]:
            if item.name not in ITEM_NAMES:
                raise ValueError(f"unknown score item {item.name!r}")
            if item.side is not None:
                if not 0 <= item.side < sides:
                    raise ValueError("a score item names no side")
                points[item.side] += item.points
            elif item.points:
                raise ValueError("points scored by nobody")
        if tuple(points) != result.points:
            raise ValueError(f"hand {k + 1}: points do not match their items")
        totals = tuple(t + p for t, p in zip(totals, points, strict=True))
        if totals != result.totals:
            raise ValueError(f"hand {k + 1}: totals do not add up")
        last = k == len(state.history) - 1
        if result.winner is not None and not (last and state.to_act is None):
            raise ValueError("a hand declared a winner but the game went on")
        if k and result.dealer != (state.history[k - 1].dealer + 1) % n:
            raise ValueError("the deal did not pass to the left")
    if totals != state.scores:
        raise ValueError("scores do not match the hand results")
    if state.to_act is None:
        if not state.history or state.history[-1].winner is None:
            raise ValueError("the game is over but nobody won")
        if state.winners != config.seats_of(state.history[-1].winner):
            raise ValueError("winners do not match the last hand")
        if any(state.hands) or state.builds or state.stock:
            raise ValueError("a finished game has cards in hand, builds or a stock")
        if len(state.history) != state.round_number:
            raise ValueError("round_number does not match the hand results")
        return
    if state.winners:
        raise ValueError("winners named while the game goes on")
    if len(state.history) != state.round_number - 1:
        raise ValueError("round_number does not match the hand results")
    if state.history and state.dealer != (state.history[-1].dealer + 1) % n:
        raise ValueError("the deal did not pass to the left")
    if not 0 <= state.to_act < n:
        raise ValueError(f"to_act {state.to_act} is not a seat")
    # Hand sizes follow the turn order: seats from P1 up to to_act have played one more.
    p1 = (state.dealer + 1) % n
    offset = (state.to_act - p1) % n
    size = len(state.hands[state.to_act])
    if not 1 <= size <= 4:
        raise ValueError("the player to act must hold 1 to 4 cards")
    for k in range(n):
        seat = (p1 + k) % n
        want = size - 1 if k < offset else size
        if len(state.hands[seat]) != want:
            raise ValueError(f"seat {seat} holds {len(state.hands[seat])} cards, expected {want}")
    deals_left = config.deals_per_hand - state.deal_number
    if len(state.stock) != 4 * n * deals_left:
        raise ValueError(f"the stock should hold {4 * n * deals_left} cards")
    # CA-7 invariant: every owner can still capture each build he owns.
    for seat in range(n):
        owned = [b.value for b in state.builds if b.owner == seat]
        if owned and not covers(state.hands[seat], owned, config):
            raise ValueError(f"seat {seat} owns a build it cannot capture (CA-7)")
