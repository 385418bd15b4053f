"""Casino rules: new games, legal actions, applying actions, state validation.

Rules: the Casino docs page. Comments cite its decisions (``# CA-7``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import attrs

from cardrules import rng
from cardrules.cards import Card, check_same_cards, format_cards, make_deck, sort_cards
from cardrules.casino.actions import (
    Action,
    Build,
    Capture,
    Done,
    Play,
    Take,
    Trail,
    parse_action_text,
)
from cardrules.casino.captures import capture_values, covers, partition, table_value
from cardrules.casino.config import Config
from cardrules.casino.events import log_move
from cardrules.casino.plays import check_play
from cardrules.casino.scoring import ITEM_NAMES, HandScore, score_hand
from cardrules.casino.state import State, TableBuild
from cardrules.casino.steps import (
    Context,
    capture_contexts,
    context_of,
    find_build,
    first_step,
    item_order,
    named_items,
)
from cardrules.errors import IllegalActionError
from cardrules.events import logs_events

__all__ = [
    "apply",
    "check",
    "deal_order",
    "legal_actions",
    "new_game",
    "parse_action",
    "play",
    "steps",
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


def _positions(state: State, play: Capture | Build) -> tuple[int, ...]:
    order = {item: k for k, item in enumerate(item_order(state))}
    return tuple(sorted(order[item] for item in named_items(play)))


def _header(card: Card, item: tuple[Card, ...], *, ace_high: bool) -> Capture:
    if len(item) == 1:
        return Capture(card, item, ace_high=ace_high)
    return Capture(card, (), (item,), ace_high=ace_high)


def _with_item(state: State, play: Capture | Build, item: tuple[Card, ...]) -> Capture | Build:
    """``play`` taking ``item`` as well."""
    if isinstance(play, Capture):
        if len(item) == 1 and item[0] in state.loose:
            return attrs.evolve(play, cards=(*play.cards, *item))
        return attrs.evolve(play, builds=(*play.builds, item))
    return attrs.evolve(play, cards=(*play.cards, *item))


# ---------------------------------------------------------------------------
# Enumeration (one step at a time, see cardrules.casino.steps)


def _card_steps(
    state: State, card: Card, loose_values: list[int | None], items: list[tuple[Card, ...]]
) -> tuple[list[Action], list[Action]]:
    """The first steps of every play of ``card``: (captures, builds and trail)."""
    config = state.config
    seat = state.to_act
    assert seat is not None
    # Totals some loose cards make (bit s: a subset sums to s): a build whose
    # missing part no subset makes needs no closer look.
    sums = 1
    for v in loose_values:
        if v is not None:
            sums |= (sums << v) & 0x7FFF
    captures: list[Action] = []
    for ctx, high in capture_contexts(state, card, loose_values):
        captures += [_header(card, items[p], ace_high=high) for p in ctx.next_items(())]
    others: list[Action] = []
    builds = state.builds
    rest = _without(state.hands[seat], card)
    owned = [j for j, b in enumerate(builds) if b.owner == seat]
    owned_values = [builds[j].value for j in owned]
    a = table_value(card, config.royal)
    if a is not None:  # CA-17: standard face cards never build
        held = {v for c in rest for v in capture_values(c, config)}
        top = config.max_value
        # New builds (§4 "New build"): the card and at least one loose card.
        for value in sorted(held):
            if value < a or value > top:
                continue
            if not config.same_value_builds and any(b.value == value for b in builds):
                continue  # CA-10 option
            if not covers(rest, [*owned_values, value], config):  # CA-7
                continue
            if not sums >> (value - a if value > a else value) & 1:
                continue  # nothing completes the card's group (or makes a group beside it)
            ctx = Context(state, card=card, kind="new", value=value, loose_values=loose_values)
            others += [
                Build(card, kind="new", value=value, cards=items[p]) for p in ctx.next_items(())
            ]
        # Raises of single builds (§4 "Raise", CA-9, CA-11).
        for j, build in enumerate(builds):
            if not build.is_single or (build.owner == seat and not config.raise_own_build):
                continue
            base = build.value + a
            others_owned = [builds[k].value for k in owned if k != j]
            values = range(base, top + 1) if config.table_cards_in_raise else (base,)
            for value in values:
                if value > top or value not in held:
                    continue
                if not config.same_value_builds and any(
                    b.value == value for k, b in enumerate(builds) if k != j
                ):
                    continue
                if not covers(rest, [*others_owned, value], config):
                    continue
                others += _build_heads(
                    state, card, "raise", value, j, base, sums, loose_values, items
                )
        # Adds to any build, its value unchanged (§4 "Add", CA-14 option).
        for j, build in enumerate(builds):
            value = build.value
            if a > value:
                continue
            if _partner_add(config, seat, build):
                required = owned_values
            else:
                required = [*(builds[k].value for k in owned if k != j), value]
            if not covers(rest, required, config):
                continue
            others += _build_heads(state, card, "add", value, j, a, sums, loose_values, items)
    if (not owned or config.owner_may_trail) and covers(rest, owned_values, config):
        others.append(Trail(card))  # §1.4, CA-7
    return captures, others


def _build_heads(
    state: State,
    card: Card,
    kind: Literal["raise", "add"],
    value: int,
    j: int,
    head: int,
    sums: int,
    loose_values: list[int | None],
    items: list[tuple[Card, ...]],
) -> list[Action]:
    """First steps of a raise or an add to build ``j``; ``head`` is what the card brings.

    With ``head == value`` the play is complete with no loose card (listed first),
    and loose cards can only join as further groups of ``value``; otherwise loose
    cards must first make up ``value - head``.
    """
    target = state.builds[j].cards
    heads: list[Action] = []
    if head == value:
        heads.append(Build(card, kind=kind, value=value, target=target))
        if not sums >> value & 1:
            return heads
    elif not sums >> (value - head) & 1:
        return heads
    ctx = Context(state, card=card, kind=kind, value=value, target=j, loose_values=loose_values)
    heads += [
        Build(card, kind=kind, value=value, target=target, cards=items[p])
        for p in ctx.next_items(())
    ]
    return heads


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action of the player to act, each once, in canonical order.

    A turn starts with the first step of a play. Order: by the card played, in
    hand order; for each card its captures (a Royal ace's at 1 before those at
    14), each named by its first item in table order; new builds (by value, then
    first item); raises (by target in table order, then value; the raise taking
    no loose card first); adds (likewise); last the trail. While a play is in
    progress: a :class:`~cardrules.casino.actions.Take` for each item that may
    come next, in table order, then :class:`~cardrules.casino.actions.Done` if
    the play is complete as it is. Empty once the game is over.

    At most (cards in hand) × (table items + 1) × (values) first steps and
    (table items + 1) later steps are listed, however crowded the table.
    """
    global _last_listed
    listed_state, listed = _last_listed
    if state is listed_state:
        return listed
    actions = _legal_actions(state)
    _last_listed = (state, actions)
    return actions


_last_listed: tuple[object, tuple[Action, ...]] = (object(), ())
"""The state :func:`legal_actions` last answered for (by identity) and its answer.

Legality is a function of the state alone, so :func:`apply` need not check again
an action that is one of the very objects just listed for that very state (the
usual loop: list, pick one, apply). One entry, replaced as a whole, so threads
are safe; anything else is checked in full.
"""


def _was_listed(state: State, action: object) -> bool:
    listed_state, listed = _last_listed
    return state is listed_state and any(a is action for a in listed)


def _legal_actions(state: State) -> tuple[Action, ...]:
    if state.to_act is None:
        return ()
    pending = state.pending
    if pending is not None:
        ctx = context_of(state, pending)
        chosen = _positions(state, pending)
        items = item_order(state)
        steps: list[Action] = [Take(items[p]) for p in ctx.next_items(chosen)]
        if ctx.complete(chosen):
            steps.append(Done())
        return tuple(steps)
    seat = state.to_act
    captures: list[Action] = []
    every: list[Action] = []
    royal = state.config.royal
    loose_values = [table_value(c, royal) for c in state.loose]
    items = item_order(state)
    for card in state.hands[seat]:
        caps, others = _card_steps(state, card, loose_values, items)
        captures += caps
        every += caps + others
    if state.config.compulsory_capture and captures:  # CA-8 option
        return tuple(captures)
    return tuple(every)


# ---------------------------------------------------------------------------
# Checking one action


def check(state: State, action: object) -> str | None:
    """``None`` if ``action`` is legal in ``state``, else the reason it is not.

    A whole play naming several table items is refused with the reason it is
    illegal, or, if it is legal, with a reminder that plays go one item at a
    time (:func:`steps` turns it into its steps).
    """
    if state.to_act is None:
        return "the game is over"
    if not isinstance(action, Capture | Build | Trail | Take | Done):
        return f"{type(action).__name__} is not a Casino action"
    pending = state.pending
    if pending is not None:
        if isinstance(action, Take | Done):
            return _check_next(state, pending, action)
        return f"first finish '{pending}': take one more item ('and …') or end it ('done')"
    if isinstance(action, Take | Done):
        return "there is no capture or build in progress to continue"
    reason = check_play(state, action, partial=True)
    if reason is not None or isinstance(action, Trail):
        return reason
    named = named_items(action)
    if len(named) > 1:
        whole = check_play(state, action)
        if whole is not None:
            return whole
        start = first_step(action, state)
        return (
            f"a play takes one table item per step: start with '{start}', then 'and …' "
            "for each other item in table order (casino.steps gives every step)"
        )
    ctx = context_of(state, action)
    if not named:
        if ctx.complete(()):
            return None
        return check_play(state, action) or f"'{action}' is not a complete play"
    position = _positions(state, action)[0]
    if ctx.feasible((position,)):
        return None
    whole = check_play(state, action)
    if not ctx.usable(position) and whole is not None:
        return whole
    return (
        f"no legal play '{action} …' exists: "
        + (f"{whole}; " if whole else "")
        + "items are taken in table order (loose cards by card, then builds), "
        "so start with the first item of the play"
    )


def _check_next(state: State, pending: Capture | Build, action: Take | Done) -> str | None:
    ctx = context_of(state, pending)
    chosen = _positions(state, pending)
    if isinstance(action, Done):
        if ctx.complete(chosen):
            return None
        return f"'{pending}' is not a legal play yet: take more ('and …')"
    item = action.item
    items = item_order(state)
    if item not in items:
        if len(item) == 1:
            return f"{item[0]} is not loose on the table"
        return f"there is no build [{format_cards(item)}] on the table"
    position = items.index(item)
    name = str(action)[4:]
    if position in chosen:
        return f"{name} is already taken"
    if position < chosen[-1]:
        return (
            f"items are taken in table order and {name} comes before "
            f"{str(Take(items[chosen[-1]]))[4:]}: start the play again from its first item"
        )
    if not ctx.usable(position):
        return f"{name} cannot be part of '{pending}'"
    if not ctx.feasible((*chosen, position)):
        return f"with {name} as well, '{pending}' cannot be completed"
    return None


# ---------------------------------------------------------------------------
# Whole plays


def steps(state: State, play: Play) -> tuple[Action, ...]:
    """The actions that make the whole ``play``, in order (one for a trail).

    Raises :class:`~cardrules.IllegalActionError` if the play is illegal.

    >>> from cardrules.casino import plays
    >>> state = new_game(seed=3)
    >>> whole = next(p for p in plays(state) if str(p) == "3♦ builds 10 with 6♦ A♥")
    >>> [str(a) for a in steps(state, whole)]
    ['3♦ builds 10 with 6♦', 'and A♥', 'done']
    """
    if state.pending is not None:
        raise IllegalActionError(f"a play is already in progress: '{state.pending}'", play)
    reason = check_play(state, play)
    if reason is not None:
        raise IllegalActionError(reason, play)
    if isinstance(play, Trail):
        return (play,)
    named = sorted(named_items(play), key=item_order(state).index)
    out: list[Action] = [first_step(play, state)]
    out += [Take(item) for item in named[1:]]
    ctx = context_of(state, play)
    chosen = _positions(state, play)
    if len(chosen) > 0 and ctx.next_items(chosen):
        out.append(Done())
    return tuple(out)


def play(state: State, whole: Play) -> State:
    """The state after the whole play ``whole`` (all its :func:`steps` applied).

    >>> from cardrules.casino import plays
    >>> state = new_game(seed=3)
    >>> after = play(state, plays(state)[0])
    >>> after.to_act != state.to_act
    True
    """
    for action in steps(state, whole):
        state = apply(state, action)
    return state


# ---------------------------------------------------------------------------
# Applying


@logs_events(log_move)  # the public event log (cardrules.events)
def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`~cardrules.IllegalActionError` if illegal.

    The input is never changed. A capture or build that can still take more
    items stays in progress (``pending``) with the same player to act; once it
    is done the turn passes. When every hand is empty the next deal is made;
    at the end of a hand the residue is given (CA-1), the hand is scored and the
    game ends or the next hand is dealt by the next dealer (CA-18).
    """
    if not _was_listed(state, action):
        reason = check(state, action)
        if reason is not None:
            raise IllegalActionError(reason, action)
    if isinstance(action, Trail):
        return _perform(state, action)
    if isinstance(action, Done):
        assert state.pending is not None
        return _perform(state, state.pending)
    if isinstance(action, Take):
        assert state.pending is not None
        current = _with_item(state, state.pending, action.item)
    else:
        current = action
    chosen = _positions(state, current)
    if chosen and context_of(state, current).next_items(chosen):
        return attrs.evolve(state, pending=current)
    return _perform(state, current)


def _perform(state: State, action: Play) -> State:
    """Make the whole (legal) play ``action`` and pass the turn."""
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
            assert find_build(state.builds, cards) is not None
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
            j = find_build(state.builds, action.target)
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
            pending=None,
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
            pending=None,
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
            pending=None,
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

    Malformed text raises ``ValueError``. The text may be a step or a whole play
    (``6♣ takes 6♥ 3♠ 3♦``; :func:`steps` splits it). In Royal Casino an ace
    capture written without ``as 1``/``as 14`` takes the value that makes it
    legal (1 if both do).
    """
    action = parse_action_text(text)
    if (
        isinstance(action, Capture)
        and isinstance(state, State)  # a view (cardrules.parse_action) reads the ace as 1
        and state.config.ace_14
        and state.pending is None
        and action.card.rank.label == "A"
        and " as " not in f" {text.lower()} "
        and _judge(state, action) is not None
    ):
        high = Capture(action.card, action.cards, action.builds, ace_high=True)
        if _judge(state, high) is None:
            return high
    return action


def _judge(state: State, action: Capture) -> str | None:
    """A first step is judged as a step, a whole play as a whole play."""
    return check(state, action) if len(named_items(action)) == 1 else check_play(state, action)


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
    if state.pending is not None:
        _validate_pending(state, state.pending)


def _validate_pending(state: State, pending: object) -> None:
    """A play in progress names at least one item and can still take more (else it is made)."""
    if not isinstance(pending, Capture | Build):
        raise ValueError("pending must be a capture or a build")
    reason = check_play(state, pending, partial=True)
    if reason is not None:
        raise ValueError(f"the play in progress is not legal: {reason}")
    items = item_order(state)
    named = named_items(pending)
    if not named or any(item not in items for item in named):
        raise ValueError("the play in progress must name table items")
    chosen = _positions(state, pending)
    ctx = context_of(state, pending)
    if not ctx.feasible(chosen) or not ctx.next_items(chosen):
        raise ValueError("the play in progress cannot go on; it should have been made")
