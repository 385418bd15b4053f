"""Las Vegas Rummy options."""

from __future__ import annotations

import math
from decimal import Decimal
from typing import Literal

import attrs

from cardrules.vegas_rummy.money import money_sum, to_money

__all__ = [
    "DECK_SIZE",
    "MAX_DECKS",
    "MAX_HAND",
    "MAX_SCORE",
    "MAX_SEATS",
    "MAX_TURN_LIMIT",
    "Config",
    "deck_count",
    "to_money",
]

DECK_SIZE = 54
"""Cards in one Las Vegas Rummy deck: 52 plus exactly two jokers (spec section 1)."""


def _money(value: object) -> Decimal:
    return to_money(value)


def _shares(value: object) -> tuple[Decimal, ...]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise ValueError("pot_split is a pair of shares (winner, runner-up)")
    return tuple(to_money(v) for v in value)


def _int_tuple(value: object) -> tuple[int, ...]:
    if not isinstance(value, tuple | list) or len(value) > MAX_SEATS:
        raise ValueError("starting_scores is a sequence of whole numbers, one per seat")
    return tuple(value)


def deck_count(players: int, cards_per_player: int, formula: str = "strict") -> int:
    """The number of decks for ``players`` players of ``cards_per_player`` cards (LV-1).

    ``"strict"``: ``ceil((n*(m+5) + 1) / 54)``, so every player can draw five
    times before the first reshuffle (the deal, the upcard and five draws each).
    ``"simple"``: ``ceil(n*(m+5) / 54)``.

    >>> [deck_count(n, 7) for n in range(2, 13)]
    [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]
    >>> deck_count(9, 7, "simple")
    2
    """
    need = players * (cards_per_player + 5)
    if formula == "strict":
        need += 1
    elif formula != "simple":
        raise ValueError(f"deck_formula is 'strict' or 'simple', not {formula!r}")
    return max(1, math.ceil(need / DECK_SIZE))


MAX_SEATS = 16
"""The most seats a table may ever have (the spec sets no limit; bounded work does)."""
MAX_HAND = 15
"""The most cards dealt to each player (the spec suggests 7, or 9 or 11 for two)."""
MAX_DECKS = 6
"""The most decks a round may use (324 cards, 12 jokers)."""
MAX_SCORE = 10_000
"""The largest ``max_score`` (the spec: "almost always 100")."""
MAX_TURN_LIMIT = 100_000
"""The largest ``turn_limit``."""


def _check_whole(name: str, value: object, low: int, high: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    if value < low:
        raise ValueError(f"{name} must be at least {low}, not {value}")
    if high is not None and value > high:
        raise ValueError(f"{name} must be at most {high}, not {value}")


@attrs.frozen(kw_only=True, cache_hash=True)  # hashed on every rules lookup (meld_rules)
class Config:
    """The rule options of a Las Vegas Rummy game; defaults follow the spec.

    ``num_players`` is the number of seats at the start (the host may seat more
    between rounds with :func:`~cardrules.vegas_rummy.join`). Limits beyond the
    spec, so that every call answers within a documented time: at most
    :data:`!MAX_SEATS` seats (``num_players``, ``max_seats``, and seats after
    late joins), :data:`!MAX_HAND` cards each, :data:`!MAX_DECKS` decks and a
    ``max_score`` up to :data:`!MAX_SCORE`. Knobs not in the spec's table:
    ``max_seats`` caps the seats late joins may add (``None``: up to
    :data:`!MAX_SEATS`); ``reshuffle_limit`` (default 3, decided 2026-12-01 in
    LV-10; ``None``: no limit, the seed's rule) ends a round with nobody out,
    like LV-10's "nothing to draw", once the stock runs out after that many
    reshuffles in the round; ``turn_limit`` (default 1000, at most
    :data:`!MAX_TURN_LIMIT`) ends a round the same way once that many turns were
    played in it, since players who only ever take the top discard never empty
    the stock. Both make every game end (see
    :func:`~cardrules.vegas_rummy.max_game_length`). Amounts (``buy_in``,
    ``pot_split``) are exact ``Decimal`` values in canonical form
    (:func:`~cardrules.vegas_rummy.money.to_money`: ``"2.00"`` is ``2``); ``int``
    and decimal text are accepted, floats are refused.

    >>> Config(num_players=5).decks_for(5)
    2
    >>> Config(buy_in="2.00") == Config(buy_in=2)
    True
    >>> Config(num_players=2, num_decks=1, cards_per_player=15, reshuffle_limit=None).decks_for(2)
    1
    >>> Config(num_players=4, num_decks=1, cards_per_player=15)
    Traceback (most recent call last):
    ...
    ValueError: 1 deck(s) hold 54 cards, too few to deal 15 to each of 4 players and turn an upcard
    """

    num_players: int = 4
    max_score: int = 100
    cards_per_player: int = 7
    num_decks: int | None = None
    deck_formula: Literal["strict", "simple"] = "strict"
    buy_in: Decimal = attrs.field(default=Decimal(0), converter=_money)
    starting_scores: tuple[int, ...] = attrs.field(default=(), converter=_int_tuple)
    wild_scope: Literal["rank", "card"] = "rank"
    meld_solidarity: bool = True
    meld_strictness: bool = False
    require_natural: bool = True
    set_wild_suit: Literal["declare_or_open", "open"] = "declare_or_open"
    ace_hand_points: Literal[1, 11, 13] = 1
    allow_wraparound: bool = False
    forbid_rediscard_of_taken_card: bool = False
    go_out_without_discard: bool = False
    pot_split: tuple[Decimal, ...] = attrs.field(
        default=(Decimal("0.7"), Decimal("0.3")), converter=_shares
    )
    third_gets_buy_in: bool = False
    late_join_cost: Literal["max1", "literal", "plus_one"] = "max1"
    first_dealer: Literal["high_card"] | int = "high_card"
    max_seats: int | None = None
    reshuffle_limit: int | None = 3
    turn_limit: int = 1000

    def __attrs_post_init__(self) -> None:
        _check_whole("num_players", self.num_players, 2, MAX_SEATS)
        _check_whole("max_score", self.max_score, 1, MAX_SCORE)
        _check_whole("cards_per_player", self.cards_per_player, 1, MAX_HAND)
        if self.deck_formula not in ("strict", "simple"):
            raise ValueError(f"deck_formula is 'strict' or 'simple', not {self.deck_formula!r}")
        if self.buy_in < 0:
            raise ValueError(f"buy_in cannot be negative, not {self.buy_in}")
        if self.starting_scores:
            if len(self.starting_scores) != self.num_players:
                raise ValueError(
                    f"starting_scores needs one score per player ({self.num_players}), "
                    f"not {len(self.starting_scores)}"
                )
            for score in self.starting_scores:
                _check_whole("a starting score", score, 0)
                if score >= self.max_score:
                    raise ValueError(
                        f"a starting score ({score}) must be below max_score ({self.max_score})"
                    )
        for name, value, options in (
            ("wild_scope", self.wild_scope, ("rank", "card")),
            ("set_wild_suit", self.set_wild_suit, ("declare_or_open", "open")),
            ("late_join_cost", self.late_join_cost, ("max1", "literal", "plus_one")),
        ):
            if value not in options:
                raise ValueError(f"{name} is one of {options}, not {value!r}")
        for name in (
            "meld_solidarity",
            "meld_strictness",
            "require_natural",
            "allow_wraparound",
            "forbid_rediscard_of_taken_card",
            "go_out_without_discard",
            "third_gets_buy_in",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} is True or False, not {getattr(self, name)!r}")
        if isinstance(self.ace_hand_points, bool) or self.ace_hand_points not in (1, 11, 13):
            raise ValueError(f"ace_hand_points is 1, 11 or 13, not {self.ace_hand_points!r}")
        if len(self.pot_split) != 2:
            raise ValueError("pot_split is a pair of shares (winner, runner-up)")
        if any(share < 0 for share in self.pot_split) or money_sum(self.pot_split) <= 0:
            raise ValueError("pot_split shares are non-negative and not all zero")
        if self.first_dealer != "high_card":
            _check_whole("first_dealer", self.first_dealer, 0)
            assert isinstance(self.first_dealer, int)
            if self.first_dealer >= self.num_players:
                raise ValueError(
                    f"first_dealer must be a seat 0..{self.num_players - 1}, "
                    f"not {self.first_dealer}"
                )
        if self.max_seats is not None:
            _check_whole("max_seats", self.max_seats, self.num_players, MAX_SEATS)
        if self.reshuffle_limit is not None:
            _check_whole("reshuffle_limit", self.reshuffle_limit, 0, MAX_TURN_LIMIT)
        _check_whole("turn_limit", self.turn_limit, 1, MAX_TURN_LIMIT)
        if self.num_decks is not None:
            _check_whole("num_decks", self.num_decks, 1, MAX_DECKS)
        self.decks_for(self.num_players)

    def decks_for(self, players: int) -> int:
        """The decks used for a round dealt to ``players`` players (LV-1).

        Raises ``ValueError`` when an explicit ``num_decks`` is too small to deal.
        """
        decks = (
            self.num_decks
            if self.num_decks is not None
            else deck_count(players, self.cards_per_player, self.deck_formula)
        )
        if decks > MAX_DECKS:
            raise ValueError(f"{decks} decks are more than the {MAX_DECKS} a round may use")
        if DECK_SIZE * decks < players * self.cards_per_player + 1:
            raise ValueError(
                f"{decks} deck(s) hold {DECK_SIZE * decks} cards, too few to deal "
                f"{self.cards_per_player} to each of {players} players and turn an upcard"
            )
        return decks

    @property
    def starting(self) -> tuple[int, ...]:
        """The starting score of every initial seat (handicaps; zeros by default)."""
        return self.starting_scores or (0,) * self.num_players
