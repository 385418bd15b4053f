"""Rummy 500 configuration: one field per option in the docs' options table."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from typing import Any, ClassVar, Literal

import attrs

from cardrules.cards import JOKER
from cardrules.rummy.melds import MeldRules

__all__ = ["MAX_TARGET", "Config"]

MAX_TARGET = 1_000_000
"""The highest ``target`` a config accepts (it bounds every score a state may hold)."""


_Validator = Callable[[Any, 'attrs.Attribute[Any]', Any], None]


def _whole(low: int, high: int | None = None) -> _Validator:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{attribute.name} must be a whole number, not {value!r}")
        if value < low or (high is not None and value > high):
            if high is None or (value < low and low == 1):
                bound = f"at least {low}"
            elif value > high and low == 1:
                bound = f"at most {high}"
            else:
                bound = f"{low}..{high}"
            shown = value if abs(value) < 10**12 else "a number that large"
            raise ValueError(f"{attribute.name} must be {bound}, not {shown}")

    return check


def _flag(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if not isinstance(value, bool):
        raise TypeError(f"{attribute.name} must be True or False, not {value!r}")


def _one_of(*options: object) -> _Validator:
    def check(_instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
        if value not in options or isinstance(value, bool) != isinstance(options[0], bool):
            allowed = ", ".join(repr(o) for o in options)
            raise ValueError(f"{attribute.name} must be one of {allowed}, not {value!r}")

    return check


def _score_tuple(value: object) -> tuple[int, ...]:
    """Starting scores as a tuple of whole numbers (refusing anything else)."""
    if isinstance(value, str | bytes) or not isinstance(value, tuple | list):
        raise TypeError("starting_scores is a sequence of whole numbers")
    if any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise TypeError("starting_scores is a sequence of whole numbers")
    return tuple(value)


@attrs.frozen(kw_only=True, cache_hash=True)
class Config:
    """The rules of one Rummy 500 game. Defaults follow the spec's decisions R5-1..R5-13.

    >>> Config().num_players, Config().target
    (2, 500)
    >>> Config(num_players=5)
    Traceback (most recent call last):
    ...
    ValueError: num_players must be 2..4 with 1 deck, not 5 (use num_decks=2 for up to 8)
    """

    num_players: int = attrs.field(default=2, validator=_whole(2, 8))
    """Players at the table, 2–4 (up to 8 with ``num_decks=2``, not the original rules' game)."""
    cards_2p: int = attrs.field(default=10, validator=_whole(1, 20))
    """Cards dealt to each of two players (R5-1: 10; 13 in some books)."""
    cards_3_4p: int = attrs.field(default=7, validator=_whole(1, 13))
    """Cards dealt to each player with three or more players."""
    ace_points: int = attrs.field(default=15, validator=_whole(0, 100))
    """What an ace scores, melded or in hand (R5-2)."""
    low_ace_points: int | None = attrs.field(default=None)
    """``None``: an ace scores ``ace_points`` everywhere; ``1``: an ace used low scores 1 (R5-2)."""
    top_discard_must_be_used: bool = attrs.field(default=True, validator=_flag)
    """Whether taking only the top discard also obliges you to use it this turn (R5-3)."""
    strict_immediate: bool = attrs.field(default=False, validator=_flag)
    """True: the very next play after a dig must place the dug card (R5-4)."""
    forbid_rediscard_of_taken_card: bool = attrs.field(default=False, validator=_flag)
    """True: no card taken from the pile may be discarded the same turn (R5-5)."""
    go_out_without_discard: bool = attrs.field(default=True, validator=_flag)
    """Whether melding your last cards ends the round with no discard (R5-9)."""
    stock_exhausted: Literal["end", "discard_only", "reshuffle"] = attrs.field(
        default="end", validator=_one_of("end", "discard_only", "reshuffle")
    )
    """What happens when the stock runs out (R5-6)."""
    reshuffle_limit: int = attrs.field(default=2, validator=_whole(0, 100))
    """With ``stock_exhausted="reshuffle"``: new stocks per round before the stock's end
    ends the round as in ``"end"``. Without a limit two players could trade the top
    discard for ever, so the library caps it (our decision; the spec is silent)."""
    target: int = attrs.field(default=500, validator=_whole(1, MAX_TARGET))
    """The score that ends the game (R5-8: reaching it counts); at most 1,000,000."""
    tie: Literal["another_round", "shared"] = attrs.field(
        default="another_round", validator=_one_of("another_round", "shared")
    )
    """What a shared highest total at or above the target does (R5-7)."""
    jokers: int = attrs.field(default=0, validator=_one_of(0, 2))
    """Jokers per deck: 0, or 2 wild jokers worth 15 points each (R5-12)."""
    allow_wraparound: bool = attrs.field(default=False, validator=_flag)
    """Whether runs may turn the corner K-A-2 (R5-10)."""
    num_decks: int = attrs.field(default=1, validator=_whole(1, 2))
    """Packs shuffled together; two allow up to eight players (not the original rules' game)."""
    first_dealer: int | None = attrs.field(default=None)
    """The first round's dealer seat; ``None`` draws it from the seed (R5-11)."""
    starting_scores: tuple[int, ...] = attrs.field(default=(), converter=_score_tuple)
    """Each seat's score before the first round (``()``: all 0), below ``target``: for a
    game resumed or set up part-way (issue 13; not a rule-book option)."""
    max_rounds: int = attrs.field(default=100, validator=_whole(1, 10_000))
    """Rounds after which the game ends even if nobody has reached ``target``:
    the highest total wins, and a tie is shared. Scores can fall as well as
    rise (a round can score below zero), so without a cap a game need never
    end (our decision, the spec is silent; random play ends in about 4 rounds
    and games between the bots in under 10)."""
    max_turns: int = attrs.field(default=500, validator=_whole(1, 100_000))
    """Turns after which a round ends, scored as when the stock runs out. It
    only matters when a turn can begin without using up a card: with
    ``top_discard_must_be_used=False`` two players could pass the top
    discard back and forth for ever. With the other options a round has at
    most ``stock + (reshuffle_limit + 1) × cards in play`` turns (our decision,
    the spec is silent)."""

    @first_dealer.validator
    def _check_first_dealer(
        self, _attribute: attrs.Attribute[int | None], value: int | None
    ) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"first_dealer must be a seat number or None, not {value!r}")
        if not 0 <= value < self.num_players:
            raise ValueError(f"first_dealer must be a seat 0..{self.num_players - 1}, not {value}")

    @low_ace_points.validator
    def _check_low_ace(self, _attribute: attrs.Attribute[int | None], value: int | None) -> None:
        if value is None:
            return
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"low_ace_points must be a whole number or None, not {value!r}")
        if not 0 <= value <= 100:
            raise ValueError(f"low_ace_points must be 0..100, not {value}")

    RENAMED_FIELDS: ClassVar[dict[str, str]] = {
        "decks": "num_decks",
        "forbid_rediscard_of_taken": "forbid_rediscard_of_taken_card",
    }
    """Old keyword (and JSON key) -> field, for one release: an old name still works,
    with a ``DeprecationWarning`` (the one model of the three games, issue 27)."""

    @property
    def decks(self) -> int:
        """Deprecated: :attr:`num_decks`."""
        _warn_renamed("decks")
        return self.num_decks

    @property
    def forbid_rediscard_of_taken(self) -> bool:
        """Deprecated: :attr:`forbid_rediscard_of_taken_card`."""
        _warn_renamed("forbid_rediscard_of_taken")
        return self.forbid_rediscard_of_taken_card

    meld_rules: MeldRules = attrs.field(init=False, eq=False, repr=False)
    """What counts as a meld under this config (derived: jokers wild, wrap-around)."""

    def __attrs_post_init__(self) -> None:
        wilds = frozenset({JOKER}) if self.jokers else frozenset()
        rules = MeldRules(wilds=wilds, allow_wraparound=self.allow_wraparound)
        object.__setattr__(self, "meld_rules", rules)
        if self.num_players > 4 * self.num_decks:
            extra = " (use num_decks=2 for up to 8)" if self.num_decks == 1 else ""
            raise ValueError(
                f"num_players must be 2..{4 * self.num_decks} with {self.num_decks} deck"
                f"{'s' if self.num_decks > 1 else ''}, not {self.num_players}{extra}"
            )
        if self.starting_scores and (
            len(self.starting_scores) != self.num_players
            or any(not -100_000 <= score < self.target for score in self.starting_scores)
        ):
            raise ValueError(
                f"starting_scores needs one score per player ({self.num_players}), "
                f"each below the target ({self.target})"
            )
        if self.hand_size * self.num_players + 1 > self.deck_size:
            raise ValueError(
                f"{self.num_players} hands of {self.hand_size} need more than "
                f"the {self.deck_size} cards in play"
            )

    @property
    def hand_size(self) -> int:
        """Cards dealt to each player."""
        return self.cards_2p if self.num_players == 2 else self.cards_3_4p

    @property
    def deck_size(self) -> int:
        """Cards in play: 52 a deck plus jokers."""
        return (52 + self.jokers) * self.num_decks


def _warn_renamed(old: str, *, keyword: bool = False) -> None:
    new = Config.RENAMED_FIELDS[old]
    what = f"Config({old}=...)" if keyword else f"Config.{old}"
    warnings.warn(
        f"{what} is deprecated, use {new} (renamed for one model across the games)",
        DeprecationWarning,
        stacklevel=3,
    )


def _accept_renamed_keywords(init: Callable[..., None]) -> Callable[..., None]:
    """``Config.__init__`` that also takes the old keywords, with a warning (for one release)."""

    @functools.wraps(init)
    def init_with_old_names(self: Config, **given: Any) -> None:
        for old, new in Config.RENAMED_FIELDS.items():
            if old in given:
                if new in given:
                    raise TypeError(f"give {new} or its old name {old}, not both")
                _warn_renamed(old, keyword=True)
                given[new] = given.pop(old)
        init(self, **given)

    return init_with_old_names


setattr(Config, "__init__", _accept_renamed_keywords(Config.__init__))  # noqa: B010
