"""A fixed integer action space per game and config, and the legal-action mask.

Every action a seat can take is given a number in ``range(space.size)``. The
number is worked out from the action and, where the action names something by
its place, from the position it is played in (a Casino card is numbered by its
slot in the sorted hand, a build by its place on the table). On the legal
actions of any state the numbering is one-to-one: :meth:`ActionSpace.index`
and :meth:`ActionSpace.action` are inverse bijections between
``legal_actions(state)`` and ``legal_indices(state)``.

How the numbers are laid out (blocks in this order, each block's size in
brackets; ``M`` is the most melds the table can hold, ``deck_size // 3``):

Rummy 500
    ``draw`` [1], ``end round`` [1], ``take`` by how many cards are taken
    [deck size], ``discard`` by card (52 cards, then the joker) [53], ``meld``
    by the meld's table form [see below], ``lay off`` [M × 3 × (53 + 52)]:
    by target meld, then end (none, low, high: an ace fits both ends of a
    2–K run even without wrap-around, so the end always counts), then the
    card placed (a card as itself or an open joker: its number 0..52; a joker
    standing for a card: 53 + that card's number).
Las Vegas Rummy
    ``draw``, ``take``, ``rebuy``, ``retire``, ``deal`` [1 each], ``discard``
    [53], ``meld`` [below], ``lay off`` [M × (53 + 5 × 52 + 5)]: by target, then
    the card as itself (0..52), a wild of *kind* k standing for a card
    (53 + 52k + card), or a card of the wild rank laid off as an open wild on a
    set of its own rank (313 + k); ``swap`` [M × 52 × 5]: by target, the natural card
    put in, the kind of the wild taken out. Wild kinds are fixed per config so
    the numbers mean the same in every round: 0 the joker, 1..4 a card of the
    round's wild rank in clubs, diamonds, hearts, spades.
Casino
    cards are numbered by their slot ``h`` in the sorted hand (at most 4
    cards); a table *item* is a loose card (its number 0..51) or a build
    (52 + its place on the table; at most ``B = 3 × players`` builds exist,
    since each is made by a play that leaves its owner holding a card, and none
    survives a deal). ``trail`` [4], ``capture`` header [4 × 2 × items] (card,
    ace as 14 or not, first item), ``new build`` header [4 × values × (items
    + 1)] (card, value, first item or none), ``raise`` header [4 × B × R ×
    (items + 1)] (card, target, value — ``R`` is 1 unless
    ``table_cards_in_raise``, since the raise's value is then fixed by card and
    target — first item or none), ``add`` header [4 × B × (items + 1)] (the
    value is the target's), ``take`` [items], ``done`` [1]. Casino's stepwise
    plays keep this small: a whole capture would need a number per set of
    table items.

Melds (both rummies) are numbered by what they put on the table: runs by suit,
first position and length, then which positions hold a wild card and of what
kind; sets by rank, the suits of the natural cards, and the wild cards' kinds
and declared suits (or open). Every pattern the rules could ever allow is
numbered once, so the numbers do not depend on the hand. Wild cards are what
makes this large: Rummy 500 allows as many jokers in a meld as there are in
the pack (2, or 4 with two decks); Las Vegas Rummy without ``meld_strictness``
allows any number of wilds of five kinds, which gives millions of patterns.
:func:`action_space` refuses such configs with ``ValueError`` (and those with
late joins, whose seat count is not fixed) rather than number them badly.

>>> import cardrules
>>> from cardrules.rl import action_space
>>> state = cardrules.new_game("rummy500", seed=3)
>>> space = action_space("rummy500", state.config)
>>> space.size
5835
>>> legal = cardrules.legal_actions(state)
>>> [space.action(state, space.index(state, a)) for a in legal] == list(legal)
True
"""

from __future__ import annotations

import abc
import itertools
import operator
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt

from cardrules import casino, engine, rummy500, vegas_rummy
from cardrules.cards import Card
from cardrules.rummy.melds import MAX_RUN, RunMeld, SetMeld, placements

__all__ = [
    "ActionSpace",
    "action_space",
    "check_supported",
    "default_config",
    "numbers_mask",
]

_MAX_ACTIONS = 200_000
"""The largest action space built; larger ones are refused (masks would be too slow)."""

_HAND = 4
"""Cards a Casino player holds at most (a deal gives four)."""


_INT8 = np.dtype(np.int8)
"""The masks' dtype, made once: ``frombuffer`` given a type looks its dtype up every call."""


_CARD_INDEX = operator.attrgetter("index")


def _card_number(card: Card) -> int:
    return card.index  # 0..51, the joker 52


# ---------------------------------------------------------------------------
# Melds


_VEGAS_LAYOFF = 53 + 5 * 52 + 5
"""Las Vegas lay-off numbers per target: as itself, a wild standing for a card, an open wild."""


def _wild_kind(card: Card) -> int:
    return 0 if card.suit is None else 1 + int(card.suit)


@lru_cache(maxsize=4096)
def _meld_key(meld: RunMeld | SetMeld) -> tuple[Any, ...]:
    """A meld's pattern: what :func:`_meld_table` numbers."""
    if isinstance(meld, RunMeld):
        wilds = tuple(
            (i, _wild_kind(card))
            for i, (card, natural) in enumerate(placements(meld))
            if card != natural
        )
        return ("run", int(meld.suit), meld.start, len(meld.cards), wilds)
    naturals = 0
    wild_list = []
    for card, natural in placements(meld):
        if natural is not None and card == natural:
            assert card.suit is not None
            naturals |= 1 << int(card.suit)
        else:
            declared = 4 if natural is None else int(natural.suit)  # type: ignore[arg-type]
            wild_list.append((_wild_kind(card), declared))
    return ("set", int(meld.rank), naturals, tuple(sorted(wild_list)))


def _run_shapes(wrap: bool) -> Iterator[tuple[int, int, int]]:
    for suit in range(4):
        for start in range(1, 14):
            for length in range(3, MAX_RUN + 1):
                if not wrap and start + length - 1 > 14:
                    continue
                yield suit, start, length


@lru_cache(maxsize=32)
def _meld_table(
    wrap: bool, max_wilds: int, kinds: int, declare: bool, require_natural: bool
) -> tuple[dict[tuple[Any, ...], int], int]:
    """Number every meld pattern the rules could allow; returns (table, size)."""
    table: dict[tuple[Any, ...], int] = {}
    for suit, start, length in _run_shapes(wrap):
        most = min(max_wilds, length - 1 if require_natural else length)
        for count in range(most + 1):
            for where in itertools.combinations(range(length), count):
                for what in itertools.product(range(kinds), repeat=count):
                    key = ("run", suit, start, length, tuple(zip(where, what)))
                    table[key] = len(table)
                    if len(table) > _MAX_ACTIONS:
                        raise ValueError(_TOO_MANY)
    wild_options = [(k, d) for k in range(kinds) for d in ([4, 0, 1, 2, 3] if declare else [4])]
    for rank in range(1, 14):
        for naturals in range(16):
            held = naturals.bit_count()
            if require_natural and held == 0:
                continue
            for count in range(max(0, 3 - held), min(max_wilds, 4 - held) + 1):
                for wilds in itertools.combinations_with_replacement(wild_options, count):
                    declared = [d for _k, d in wilds if d != 4]
                    if len(set(declared)) < len(declared):
                        continue
                    if any(naturals >> d & 1 for d in declared):
                        continue
                    table[("set", rank, naturals, tuple(sorted(wilds)))] = len(table)
    return table, len(table)


_TOO_MANY = (
    "this config allows too many distinct melds to number them all "
    f"(more than {_MAX_ACTIONS}); see cardrules.rl.actions"
)


# ---------------------------------------------------------------------------
# The spaces


class ActionSpace(abc.ABC):
    """The numbered actions of one game under one config (see the module docstring).

    ``size`` is OpenSpiel's ``num_distinct_actions``. ``index`` numbers an
    action in the position it is played in; ``action`` turns a number back
    into the legal action; ``mask`` marks the legal numbers. ``blocks`` lists
    ``(name, first number, count)`` for each kind of action, for readers.

    >>> import cardrules
    >>> state = cardrules.new_game("casino", seed=1)
    >>> space = action_space("casino", state.config)
    >>> space.size, int(space.mask(state).sum()) == len(cardrules.legal_actions(state))
    (5719, True)
    """

    game: str
    size: int
    blocks: tuple[tuple[str, int, int], ...]

    def __init__(self, game: str, config: Any, blocks: Sequence[tuple[str, int]]) -> None:
        self.game = game
        self.config = config
        self._legal_actions = engine.definition(game).legal_actions
        start = 0
        laid: list[tuple[str, int, int]] = []
        self._starts: dict[str, int] = {}
        for name, count in blocks:
            laid.append((name, start, count))
            self._starts[name] = start
            start += count
        self.blocks = tuple(laid)
        self.size = start
        if self.size > _MAX_ACTIONS:
            raise ValueError(_TOO_MANY)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickle's default makes a bare object, and a compiled class is made only
        # through __init__: OpenSpiel serialises states that hold a space.
        return (_space, (self.game, self.config))

    def _at(self, block: str, offset: int) -> int:
        return self._starts[block] + offset

    @abc.abstractmethod
    def index(self, position: Any, action: Any) -> int:
        """The number of ``action`` played in ``position`` (a state or the actor's view)."""

    def legal(self, position: Any) -> dict[int, Any]:
        """The legal actions of ``position`` (a state, or the view of the seat to act) by number.

        Every call lists and numbers them afresh (a space keeps no memory of
        positions); to turn many numbers of one position into actions, call
        this once and read the dict.

        >>> import cardrules
        >>> state = cardrules.new_game("rummy500", seed=3)
        >>> action_space("rummy500").legal(state)
        {0: Draw()}
        """
        return self._numbered(position)

    def _numbered(self, position: Any) -> dict[int, Any]:
        return self.number(position, _legal(position, self._legal_actions))

    def number(self, position: Any, actions: Sequence[Any]) -> dict[int, Any]:
        """``actions``, the legal actions of ``position`` as listed, by number.

        For whoever lists a position's legal actions anyway and keeps the
        listing (an environment numbers its own state's actions once and uses
        the dict for the mask and for the chosen number's action).

        >>> import cardrules
        >>> state = cardrules.new_game("casino", seed=1)
        >>> space = action_space("casino", state.config)
        >>> space.number(state, cardrules.legal_actions(state)) == space.legal(state)
        True
        """
        numbered = self._number_all(position, tuple(actions))
        if len(numbered) != len(actions):  # cannot happen: the numbering is one-to-one
            raise AssertionError("two legal actions got the same number")
        return numbered

    def _number_all(self, position: Any, actions: tuple[Any, ...]) -> dict[int, Any]:
        """``{index(position, a): a for a in actions}``; the spaces number common kinds inline."""
        return {self.index(position, action): action for action in actions}

    def legal_numbers(self, position: Any) -> Iterable[int]:
        """The numbers of the legal actions, in no particular order.

        >>> import cardrules
        >>> state = cardrules.new_game("rummy500", seed=3)
        >>> sorted(action_space("rummy500").legal_numbers(state))
        [0]
        """
        return self._numbered(position).keys()

    def legal_indices(self, position: Any) -> tuple[int, ...]:
        """The numbers of the legal actions, ascending."""
        return tuple(sorted(self._numbered(position)))

    def action(self, position: Any, number: SupportsIndex) -> Any:
        """The legal action numbered ``number`` (an ``int`` or a numpy integer).

        ``ValueError`` if no legal action has that number.
        """
        if isinstance(number, bool) or not isinstance(number, int | np.integer):
            raise TypeError(f"an action number is a whole number, not {number!r}")
        found = self._numbered(position).get(int(number))
        if found is None:
            raise ValueError(f"no legal action is numbered {number} here")
        return found

    def mask(self, position: Any) -> npt.NDArray[np.int8]:
        """A 0/1 vector of length ``size``: 1 where the number is a legal action."""
        return numbers_mask(self.size, self._numbered(position))


def numbers_mask(size: int, numbers: Iterable[int]) -> npt.NDArray[np.int8]:
    """A new ``int8`` vector of length ``size`` with 1 at each of ``numbers``, else 0.

    >>> numbers_mask(5, {1: "a", 3: "b"}).tolist()
    [0, 1, 0, 1, 0]
    """
    # Setting bytes of a bytearray one by one beats numpy's fancy indexing for
    # the few tens of legal numbers a state has; frombuffer takes it over uncopied.
    flags = bytearray(size)
    for number in numbers:
        flags[number] = 1
    return np.frombuffer(flags, _INT8)


def _legal(position: Any, legal_actions: Any) -> tuple[Any, ...]:
    listed = getattr(position, "legal_actions", None)
    if isinstance(listed, tuple):  # a view: its own list (filled when the seat is to act)
        # A listing may wrap each action with its text and JSON; number the action itself.
        return tuple(getattr(item, "action", item) for item in listed)
    result: tuple[Any, ...] = legal_actions(position)
    return result


class _Rummy500Space(ActionSpace):
    def __init__(self, config: rummy500.Config) -> None:
        jokers = config.jokers * config.num_decks
        self._melds, melds = _meld_table(config.allow_wraparound, jokers, 1, False, True)
        self._tables = config.deck_size // 3
        # Three ends (none, low, high) in every config: an ace (or a joker standing
        # for one) fits both ends of a 2–K run without wrap-around too (issue 29).
        self._ends = 3
        super().__init__(
            "rummy500",
            config,
            [
                ("draw", 1),
                ("end round", 1),
                ("take", config.deck_size),
                ("discard", 53),
                ("meld", melds),
                ("lay off", self._tables * self._ends * 105),
            ],
        )

    def _number_all(self, position: Any, actions: tuple[Any, ...]) -> dict[int, Any]:
        discard_at, take_at = self._starts["discard"], self._starts["take"] - 1
        numbered: dict[int, Any] = {}
        for action in actions:
            kind = type(action)
            if kind is rummy500.Discard:
                numbered[discard_at + action.card.index] = action
            elif kind is rummy500.TakeDiscard:
                numbered[take_at + action.count] = action
            else:
                numbered[self.index(position, action)] = action
        return numbered

    def index(self, position: Any, action: Any) -> int:
        a = rummy500
        if isinstance(action, a.Draw):
            return self._at("draw", 0)
        if isinstance(action, a.EndRound):
            return self._at("end round", 0)
        if isinstance(action, a.TakeDiscard):
            return self._at("take", action.count - 1)
        if isinstance(action, a.Discard):
            return self._at("discard", _card_number(action.card))
        if isinstance(action, a.Meld):
            return self._at("meld", self._melds[_meld_key(action.meld)])
        if isinstance(action, a.LayOff):
            end = {None: 0, "low": 1, "high": 2}[action.end]
            placed = (
                _card_number(action.card)
                if action.stands_for is None
                else 53 + _card_number(action.stands_for)
            )
            return self._at("lay off", (action.target * self._ends + end) * 105 + placed)
        raise TypeError(f"not a Rummy 500 action: {action!r}")


class _VegasSpace(ActionSpace):
    def __init__(self, config: vegas_rummy.Config) -> None:
        check_supported("vegas_rummy", config)
        decks = config.decks_for(config.num_players)
        self._tables = 54 * decks // 3
        self._melds, melds = _meld_table(
            config.allow_wraparound,
            1,
            5,
            config.set_wild_suit == "declare_or_open",
            config.require_natural,
        )
        super().__init__(
            "vegas_rummy",
            config,
            [
                ("draw", 1),
                ("take", 1),
                ("rebuy", 1),
                ("retire", 1),
                ("deal", 1),
                ("discard", 53),
                ("meld", melds),
                ("lay off", self._tables * _VEGAS_LAYOFF),
                ("swap", self._tables * 52 * 5),
            ],
        )
        v = vegas_rummy
        self._simple: dict[type[Any], int] = {
            v.Draw: self._at("draw", 0),
            v.TakeDiscard: self._at("take", 0),
            v.Rebuy: self._at("rebuy", 0),
            v.Retire: self._at("retire", 0),
            v.Deal: self._at("deal", 0),
        }

    def _number_all(self, position: Any, actions: tuple[Any, ...]) -> dict[int, Any]:
        discard_at, simple = self._starts["discard"], self._simple
        numbered: dict[int, Any] = {}
        for action in actions:
            kind = type(action)
            if kind is vegas_rummy.Discard:
                numbered[discard_at + action.card.index] = action
            elif kind in simple:
                numbered[simple[kind]] = action
            else:
                numbered[self.index(position, action)] = action
        return numbered

    def index(self, position: Any, action: Any) -> int:
        v = vegas_rummy
        number = self._simple.get(type(action))
        if number is not None:
            return number
        if isinstance(action, v.Discard):
            return self._at("discard", _card_number(action.card))
        if isinstance(action, v.Meld):
            return self._at("meld", self._melds[_meld_key(action.meld)])
        if isinstance(action, v.LayOff):
            stands_for = action.stands_for
            if stands_for is None:
                placed = _card_number(action.card)
            elif isinstance(stands_for, Card):
                placed = 53 + 52 * _wild_kind(action.card) + _card_number(stands_for)
            else:  # an open wild of the set's own rank (LV-6, LV-8): the set fixes the rank
                placed = 53 + 5 * 52 + _wild_kind(action.card)
            return self._at("lay off", action.target * _VEGAS_LAYOFF + placed)
        if isinstance(action, v.SwapWild):
            offset = (action.target * 52 + _card_number(action.card)) * 5 + _wild_kind(
                action.wild
            )
            return self._at("swap", offset)
        raise TypeError(f"not a Las Vegas Rummy action (or one a seat does not take): {action!r}")


class _CasinoSpace(ActionSpace):
    def __init__(self, config: casino.Config) -> None:
        self._builds = 3 * config.num_players
        self._items = 52 + self._builds
        self._values = config.max_value  # values 1..max (a multiple build of aces is worth 1)
        self._raise_values = self._values if config.table_cards_in_raise else 1
        items, free = self._items, self._items + 1
        super().__init__(
            "casino",
            config,
            [
                ("trail", _HAND),
                ("capture", _HAND * 2 * items),
                ("new build", _HAND * self._values * free),
                ("raise", _HAND * self._builds * self._raise_values * free),
                ("add", _HAND * self._builds * free),
                ("take", items),
                ("done", 1),
            ],
        )

    @staticmethod
    def _table(position: Any) -> tuple[dict[int, int], Any]:
        """The slot in the sorted hand of each held card's index, and the builds.

        By index, not by card: cards compare through a Python-level slot
        (``Card`` defines its ordering), and ``in`` or ``tuple.index`` would
        compare each card before the one sought.
        """
        if isinstance(position, casino.View):
            hand, builds = position.hand, position.builds
        else:
            seat = position.to_act
            hand, builds = (position.hands[seat] if seat is not None else ()), position.builds
        # Mapped in C: a comprehension runs a frame of its own.
        return dict(zip(map(_CARD_INDEX, hand), itertools.count())), builds

    def _item(self, builds: Any, item: tuple[Card, ...]) -> int:
        if len(item) == 1:
            return _card_number(item[0])
        for place, build in enumerate(builds):
            if build.cards == item:
                if place >= self._builds:
                    raise ValueError("more builds on the table than the action space allows")
                return 52 + place
        raise ValueError(f"no build {item} on the table")

    def _number_all(self, position: Any, actions: tuple[Any, ...]) -> dict[int, Any]:
        slots, builds = self._table(position)  # once for all the actions
        index_in = self._index_in
        numbered: dict[int, Any] = {}
        for action in actions:
            numbered[index_in(slots, builds, action)] = action
        return numbered

    def index(self, position: Any, action: Any) -> int:
        slots, builds = self._table(position)
        return self._index_in(slots, builds, action)

    def _index_in(self, slots: dict[int, int], builds: Any, action: Any) -> int:
        """``action``'s number, given the hand's slot of each card index and the builds."""
        if isinstance(action, casino.Trail):
            play = "trail"
        elif isinstance(action, casino.Capture):
            play = "capture"
        elif isinstance(action, casino.Build):
            play = "build"
        elif isinstance(action, casino.Done):
            return self._starts["done"]
        elif isinstance(action, casino.Take):
            return self._starts["take"] + self._item(builds, action.item)
        else:
            raise TypeError(f"not a Casino action: {action!r}")
        card = action.card
        slot = slots.get(card.index)
        if slot is None:
            raise ValueError(f"{card} is not in the hand")
        if slot >= _HAND:  # cannot happen: a deal gives four cards (CA, section 1)
            raise ValueError("a Casino hand holds at most four cards")
        if play == "trail":
            return self._starts["trail"] + slot
        # The play's first item (its first build taken, else its first loose
        # card), plus one for a build play (0: no loose card), written out here
        # rather than in a helper: a call costs more than the lookup.
        cards = action.cards
        if play == "capture":
            taken = action.builds
            first = self._item(builds, taken[0]) if taken else cards[0].index if cards else -1
            high: bool = action.ace_high
            return self._starts["capture"] + (slot * 2 + high) * self._items + first
        free = self._items + 1
        first = 1 + cards[0].index if cards else 0
        value: int = action.value - 1
        build_kind = action.kind
        if build_kind == "new":
            return self._starts["new build"] + (slot * self._values + value) * free + first
        target = self._item(builds, action.target) - 52
        if build_kind == "raise":
            value = value if self._raise_values > 1 else 0
            offset = ((slot * self._builds + target) * self._raise_values + value) * free
            return self._starts["raise"] + offset + first
        return self._starts["add"] + (slot * self._builds + target) * free + first


def check_supported(game: str, config: Any) -> None:
    """Raise ``ValueError`` if the RL layer cannot number ``game``'s actions under ``config``.

    Only Las Vegas Rummy has limits: ``meld_strictness=True`` (at most one wild
    card a meld, LV-6; without it the wild-card patterns run into millions), and
    no late joins (``max_seats`` equal to ``num_players``, while a join is
    still a seat's action), so the seats are fixed.

    >>> check_supported("vegas_rummy", vegas_rummy.Config(num_players=2))
    Traceback (most recent call last):
    ...
    ValueError: the RL layer needs meld_strictness=True for Las Vegas Rummy ...
    """
    if game != "vegas_rummy":
        return
    if not config.meld_strictness:
        raise ValueError(
            "the RL layer needs meld_strictness=True for Las Vegas Rummy (any number of wild "
            "cards a meld gives millions of meld patterns); see cardrules.rl.actions"
        )
    joins_are_actions = hasattr(vegas_rummy, "Join")
    if joins_are_actions and config.max_seats != config.num_players:
        raise ValueError(
            "the RL layer needs fixed seats: set max_seats=num_players for Las Vegas Rummy"
        )


def default_config(game: str) -> Any:
    """The config the RL layer uses when given none: the game's default, if supported.

    Las Vegas Rummy's own default (four players, any number of wild cards a
    meld, late joins) cannot be numbered (:func:`check_supported`), so its RL
    default is two fixed seats with ``meld_strictness=True``, as in OpenSpiel
    (issue 29 fault 3).

    >>> default_config("vegas_rummy").num_players, default_config("casino").num_players
    (2, 2)
    """
    definition = engine.definition(game)
    if game == "vegas_rummy":
        return vegas_rummy.Config(num_players=2, meld_strictness=True, max_seats=2)
    return definition.config_type()


@lru_cache(maxsize=64)
def _space(game: str, config: Any) -> ActionSpace:
    if game == "rummy500":
        return _Rummy500Space(config)
    if game == "vegas_rummy":
        return _VegasSpace(config)
    return _CasinoSpace(config)


def action_space(game: str, config: Any = None) -> ActionSpace:
    """The action space of ``game`` under ``config`` (``None``: :func:`default_config`).

    Raises ``ValueError`` for a config whose actions cannot be numbered (see
    :func:`check_supported`). Spaces are cached per config.

    >>> action_space("casino").blocks[0]
    ('trail', 0, 4)
    """
    definition = engine.definition(game)
    if config is None:
        config = default_config(game)
    if not isinstance(config, definition.config_type):
        raise TypeError(f"expected a {game} Config, not {type(config).__name__}")
    return _space(game, config)


