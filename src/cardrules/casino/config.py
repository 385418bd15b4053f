"""Casino rule options (the Casino docs' option table), one field per knob."""

from __future__ import annotations

from typing import Any, Literal

import attrs

__all__ = ["Config"]

Variant = Literal["standard", "royal"]
EndRule = Literal["higher_total", "count_out"]


def _bool(_inst: Any, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise ValueError(f"{attribute.name} must be true or false, not {value!r}")


def _choice(*options: object) -> Any:
    def check(_inst: Any, attribute: attrs.Attribute[Any], value: object) -> None:
        if value not in options or isinstance(value, bool):
            names = ", ".join(repr(o) for o in options)
            raise ValueError(f"{attribute.name} must be one of {names}, not {value!r}")

    return check


@attrs.frozen(kw_only=True)
class Config:
    """The rules of one Casino game; every field is an option of the spec's table (§3).

    ``royal_ace_14`` and ``end_rule`` default to ``None``, meaning "the
    variant's default": ``royal_ace_14`` is true in Royal Casino (CA-6) and
    ``end_rule`` is ``"higher_total"`` in standard and ``"count_out"`` in Royal
    (CA-4). :attr:`ace_14` and :attr:`resolved_end_rule` give the values in force.

    >>> Config().resolved_end_rule
    'higher_total'
    >>> Config(variant="royal").ace_14
    True
    >>> Config(num_players=3, partnerships=True)
    Traceback (most recent call last):
    ...
    ValueError: partnerships need exactly 4 players (CA-14), not 3
    """

    variant: Variant = attrs.field(default="standard", validator=_choice("standard", "royal"))
    """``"standard"`` Casino or ``"royal"`` Casino (J 11, Q 12, K 13, A 1 or 14)."""
    num_players: int = attrs.field(default=2)
    """2, 3 or 4 players."""
    partnerships: bool = attrs.field(default=False, validator=_bool)
    """Two teams of two, partners opposite (seats 0+2 and 1+3); needs 4 players (CA-14)."""
    face_capture: Literal["one", "all"] = attrs.field(
        default="one", validator=_choice("one", "all")
    )
    """Standard Casino: a J/Q/K takes exactly one loose card of its rank, or any number (CA-3)."""
    royal_ace_14: bool | None = attrs.field(default=None)
    """Royal: an ace played from hand may capture as 14 (CA-6). ``None``: true in Royal."""
    sweeps: bool = attrs.field(default=False, validator=_bool)
    """Each sweep (a capture that empties the table) scores 1 (CA-5)."""
    sweeps_cancel: bool = attrs.field(default=False, validator=_bool)
    """Sweeps of different sides cancel out; only the surplus scores (CA-5)."""
    end_rule: EndRule | None = attrs.field(default=None)
    """``"higher_total"`` or ``"count_out"`` (CA-4); ``None``: the variant's default."""
    target: int = attrs.field(default=21)
    """Points needed to win (CA-4)."""
    compulsory_capture: bool = attrs.field(default=False, validator=_bool)
    """A player who can capture must capture (CA-8)."""
    capture_all: bool = attrs.field(default=False, validator=_bool)
    """A capture must take as many cards as that card (at that value) can take (CA-8)."""
    owner_may_trail: bool = attrs.field(default=False, validator=_bool)
    """A build owner may trail (pagat variant; the original rules forbid it)."""
    raise_own_build: bool = attrs.field(default=True, validator=_bool)
    """A player may raise a single build he owns (CA-9)."""
    same_value_builds: bool = attrs.field(default=True, validator=_bool)
    """Two builds of the same value may stand on the table at once (CA-10)."""
    table_cards_in_raise: bool = attrs.field(default=False, validator=_bool)
    """Loose cards may be part of a raise itself, not only absorbed as groups (CA-11)."""
    build_as_card: bool = attrs.field(default=False, validator=_bool)
    """A single build may count as one card in a capture's sums (CA-12)."""
    build_for_partner: bool = attrs.field(default=False, validator=_bool)
    """A player may add to his partner's build without holding its value (CA-14)."""
    residue_to_last_capturer: bool = attrs.field(default=True, validator=_bool)
    """Cards left on the table at a hand's end go to the last capturer (CA-1)."""
    max_hands: int = attrs.field(default=50)
    """The game ends after this many hands at the latest (1 to 1000; issue 15 item 5).

    The rules alone need not end a game: players who only trail score nothing,
    and equal totals past the target call for another hand (CA-4). If nobody
    has won when hand ``max_hands`` is scored, the highest total wins, and equal
    highest totals share the game. So a game takes at most
    :func:`~cardrules.casino.max_game_length` actions.
    """

    def __attrs_post_init__(self) -> None:
        n = self.num_players
        if isinstance(n, bool) or not isinstance(n, int) or not 2 <= n <= 4:
            raise ValueError(f"num_players must be 2, 3 or 4, not {n!r}")
        if self.partnerships and n != 4:
            raise ValueError(f"partnerships need exactly 4 players (CA-14), not {n}")
        if self.build_for_partner and not self.partnerships:
            raise ValueError("build_for_partner needs partnerships=True (CA-14)")
        if self.royal_ace_14 is not None and not isinstance(self.royal_ace_14, bool):
            raise ValueError(f"royal_ace_14 must be true, false or null, not {self.royal_ace_14!r}")
        if self.royal_ace_14 and self.variant != "royal":
            raise ValueError("royal_ace_14 applies to Royal Casino only (CA-6)")
        if self.face_capture != "one" and self.variant == "royal":
            raise ValueError(
                "face_capture applies to standard Casino only; Royal faces are numbers"
            )
        if self.sweeps_cancel and not self.sweeps:
            raise ValueError("sweeps_cancel needs sweeps=True (CA-5)")
        if self.end_rule is not None and self.end_rule not in ("higher_total", "count_out"):
            raise ValueError(
                f"end_rule must be 'higher_total', 'count_out' or null, not {self.end_rule!r}"
            )
        t = self.target
        if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= 10_000:
            raise ValueError(f"target must be a whole number from 1 to 10000, not {t!r}")
        m = self.max_hands
        if isinstance(m, bool) or not isinstance(m, int) or not 1 <= m <= 1000:
            raise ValueError(f"max_hands must be a whole number from 1 to 1000, not {m!r}")

    @property
    def royal(self) -> bool:
        """True in Royal Casino."""
        return self.variant == "royal"

    @property
    def ace_14(self) -> bool:
        """True when an ace from hand may capture as 14 (Royal default, CA-6)."""
        if self.variant != "royal":
            return False
        return True if self.royal_ace_14 is None else self.royal_ace_14

    @property
    def resolved_end_rule(self) -> EndRule:
        """The end rule in force: the field, or the variant's default (CA-4)."""
        if self.end_rule is not None:
            return self.end_rule
        return "count_out" if self.variant == "royal" else "higher_total"

    @property
    def max_value(self) -> int:
        """The highest build or capture value: 10 standard, 14 Royal, 13 without ace-14 (CA-6)."""
        if self.variant != "royal":
            return 10
        return 14 if self.ace_14 else 13

    @property
    def num_sides(self) -> int:
        """Scoring sides: seats, or 2 teams with partnerships."""
        return 2 if self.partnerships else self.num_players

    def side_of(self, seat: int) -> int:
        """The scoring side of ``seat``: the seat itself, or its team (seat mod 2)."""
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> tuple[int, ...]:
        """The seats that make up scoring side ``side``."""
        if self.partnerships:
            return (side, side + 2)
        return (side,)

    @property
    def deals_per_hand(self) -> int:
        """Deals of 4 cards each per hand: 6 for 2 players, 4 for 3, 3 for 4 (CA-13)."""
        return {2: 6, 3: 4, 4: 3}[self.num_players]
