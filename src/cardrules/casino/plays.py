"""Whole plays: every legal play of one card, and the checks of a whole play.

A *whole play* is a :class:`~cardrules.casino.actions.Capture`,
:class:`~cardrules.casino.actions.Build` or :class:`~cardrules.casino.actions.Trail`
naming everything it takes, as a person says it ("6♣ takes 6♥ 3♠ 3♦"). The game
itself moves one table item at a time (:mod:`cardrules.casino.steps`); this
module is for people and programs that think in whole plays: bots weighing
their options, a user interface reading a typed play, tests of the rules.

:func:`plays` lists them all. Their number grows exponentially with the loose
cards on the table (each subset of cards that makes groups is one play), so on
a crowded table prefer walking ``legal_actions`` step by step.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from cardrules.cards import Card, format_cards
from cardrules.casino.actions import Action, Build, Capture, Done, Play, Take, Trail
from cardrules.casino.captures import Table, capture_values, covers, partition, table_value
from cardrules.casino.config import Config
from cardrules.casino.state import TableBuild
from cardrules.casino.steps import (
    Position,
    can_capture,
    context_of,
    find_build,
    first_step,
    hand_to_play,
    item_order,
    named_items,
)

__all__ = ["check_play", "next_step", "plays"]


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
    """What the whole-play enumeration needs about the player to act, computed once."""

    def __init__(
        self,
        config: Config,
        seat: int,
        hand: tuple[Card, ...],
        loose: tuple[Card, ...],
        builds: tuple[TableBuild, ...],
    ) -> None:
        self.config = config
        self.seat = seat
        self.hand = hand
        self.loose = loose
        self.nloose = len(loose)
        self.builds = builds
        self.build_cards = [b.cards for b in builds]
        self.owned = [j for j, b in enumerate(builds) if b.owner == seat]
        limit = max((v for c in self.hand for v in capture_values(c, config)), default=0)
        if config.build_for_partner and builds:
            limit = max(limit, max(b.value for b in builds))
        self.table = Table(loose, [(b.value, b.is_single) for b in builds], config, limit=limit)

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

    def all_plays(self) -> list[Play]:
        captures: list[Play] = []
        others: list[Play] = []
        per_card: list[list[Play]] = []
        for card in self.hand:
            caps = self.captures(card)
            captures += caps
            rest: list[Play] = [*self.builds_with(card)]
            if self.may_trail(card):
                rest.append(Trail(card))
            others += rest
            per_card.append([*caps, *rest])
        if self.config.compulsory_capture and captures:  # CA-8 option
            return captures
        return [a for group in per_card for a in group]


def plays(position: Position) -> tuple[Play, ...]:
    """Every legal whole play of the player to act, each once, in canonical order.

    ``position`` is a state or the acting seat's view. While a play is in
    progress (``pending``), only the plays completing it are listed. Order: by
    the card played, in hand order; for each card its captures (a Royal ace's
    captures at 1 before those at 14; then by the builds and loose cards taken,
    in card order), new builds (by value, then cards), raises (by target in
    table order, then value, then cards), adds (by target, then cards), and last
    the trail. Empty once the game is over. The number of plays can grow
    exponentially with the number of loose cards.

    >>> from cardrules.casino import new_game
    >>> state = new_game(seed=3)
    >>> [str(p) for p in plays(state)][:4]
    ['2♣ builds 3 with A♥', 'trail 2♣', '3♦ builds 10 with 6♦ A♥', '3♦ builds 10 with 6♦ A♥ 10♥']
    """
    seat = position.to_act
    if seat is None:
        return ()
    turn = _Turn(position.config, seat, hand_to_play(position), position.loose, position.builds)
    found = turn.all_plays()
    pending = position.pending
    if pending is None:
        return tuple(found)
    return tuple(p for p in found if _continues(pending, p, position))


def _continues(pending: Capture | Build, play: Play, position: Position) -> bool:
    """True if ``play`` is ``pending`` with more items, all after its last one in table order."""
    if type(play) is not type(pending) or play.card is not pending.card:
        return False
    order = {item: k for k, item in enumerate(item_order(position))}
    if isinstance(pending, Capture):
        assert isinstance(play, Capture)
        if play.ace_high != pending.ace_high:
            return False
        old = [(c,) for c in pending.cards] + list(pending.builds)
        new = [(c,) for c in play.cards] + list(play.builds)
    else:
        assert isinstance(play, Build)
        if (play.kind, play.value, play.target) != (pending.kind, pending.value, pending.target):
            return False
        old = [(c,) for c in pending.cards]
        new = [(c,) for c in play.cards]
    if not set(old) <= set(new):
        return False
    last = max((order[i] for i in old), default=-1)
    return all(order[i] > last for i in new if i not in old)


def next_step(position: Position, play: Play) -> Action:
    """The action that goes on with the whole ``play`` (one of :func:`plays`) from ``position``.

    It is the play's first step when no play is in progress, else the next item
    it takes (a :class:`~cardrules.casino.actions.Take`) or
    :class:`~cardrules.casino.actions.Done`. A bot or a user interface can
    choose among whole plays and send their steps one by one.
    """
    if isinstance(play, Trail):
        return play
    pending = position.pending
    if pending is None:
        return first_step(play, position)
    order = item_order(position)
    items = sorted(named_items(play), key=order.index)
    taken: set[tuple[Card, ...]] = {(c,) for c in pending.cards}
    if isinstance(pending, Capture):
        taken |= set(pending.builds)
    rest = [item for item in items if item not in taken]
    return Take(rest[0]) if rest else Done()


# ---------------------------------------------------------------------------
# Checking one whole play


def _find_build(state: Position, cards: tuple[Card, ...]) -> int | None:
    return find_build(state.builds, cards)


def _bracket(cards: Sequence[Card]) -> str:
    return "[" + format_cards(cards) + "]"


def check_play(state: Position, action: object, *, partial: bool = False) -> str | None:
    """``None`` if the whole play ``action`` is legal in ``state``, else the reason it is not.

    With ``partial``, only what does not depend on the table items still to be
    chosen is checked (the card, the kind of play, its value, its target, the
    items named so far each being usable): this is how a step's header is judged.
    A play in progress (``state.pending``) is not considered: this judges the
    play as if the turn were starting.
    """
    if state.to_act is None:
        return "the game is over"
    if not isinstance(action, (Capture, Build, Trail)):
        return f"{type(action).__name__} is not a whole Casino play"
    config = state.config
    seat = state.to_act
    hand = hand_to_play(state)
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
        if config.compulsory_capture and can_capture(state):
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
                return f"{c} is in a build: it is captured, raised or added to whole (§1.3)"
            return f"{c} is not on the table"
    royal = config.royal
    vals = [table_value(c, royal) for c in action.cards]
    face = next((c for c, v in zip(action.cards, vals, strict=True) if v is None), None)

    if isinstance(action, Capture):
        return _check_capture(state, action, rest, owned, face, keep_msg, partial)

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
        if not partial and partition([a, *numbers], value) is None:
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
                if value < base or (not partial and partition([base, *numbers], value) is None):
                    return f"{build} raised with {card} and these cards does not make {value}"
            else:
                if value != base:
                    return f"{build} raised with {card} makes {base}, not {value} (CA-11)"
                if not partial and partition(numbers, value) is None:
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
            if not partial and partition([a, *numbers], value) is None:
                with_cards = f" with {format_cards(action.cards)}" if action.cards else ""
                return f"{card}{with_cards} does not make groups of {value} (§4)"
            required = owned_values if _partner_add(config, seat, build) else [*others, value]
            if not covers(rest, required, config):
                return f"you must keep a card of value {value} to add to this build (§1.5, CA-7)"
    if config.compulsory_capture and can_capture(state):
        return "you must capture when you can (compulsory_capture, CA-8)"
    return None


def _check_capture(
    state: Position,
    action: Capture,
    rest: tuple[Card, ...],
    owned: list[int],
    face: Card | None,
    keep_msg: str,
    partial: bool,
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
        if not partial and partition(items, value) is None:
            return f"the cards taken do not make groups of {value} (§4)"
    if partial:
        return None
    left = [state.builds[j].value for j in owned if j not in targets]
    if not covers(rest, left, config):
        return keep_msg
    if config.capture_all:
        order = {item: k for k, item in enumerate(item_order(state))}
        chosen = sorted([order[(c,)] for c in action.cards] + [order[b] for b in action.builds])
        if not context_of(state, action).complete(tuple(chosen)):
            return "you must take every card you can with that card (capture_all, CA-8)"
    return None
