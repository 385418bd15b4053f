"""What the conformance harness needs to know about each game, and nothing more.

Everything else the harness checks is generic (``legal_actions``, ``check``,
``apply``, ``view``, ``parse_action`` and the JSON codec through
``cardrules.engine.definition``). A new game joins :data:`cardrules.GAMES` and
adds one :class:`GameProfile` here; ``test_every_game_has_a_profile`` fails
until it does.

A profile gives:

* the configs the harness plays (ids are test ids), each with the number of
  games and its **termination bound**: the most actions one random-play game
  of that config may take (docs/conformance.rst lists them);
* ``cards_in_play`` / ``full_pack``: every card the state holds in a physical
  place, and the pack it must equal (card conservation);
* ``hidden_fields``: the state's fields whose cards a seat does not see
  (another seat's hand, the stock, face-down piles), from which the harness
  builds a *twin* state that differs only in hidden cards;
* ``same_play``: for games whose ``check`` also accepts another spelling of a
  listed action (Las Vegas Rummy melds written in a different order), whether
  an unlisted action is such a spelling;
* a case whose config is the game's default config (``config_type()``):
  ``test_default_config_is_played`` asks for one from every game that declares
  a ``max_game_length`` (issue 15 item 5: every game ends from its defaults);
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import attrs

from cardrules.cards import Card, make_deck


@attrs.frozen
class ConfigCase:
    """One config the harness plays: ``games`` seeded games, none longer than ``bound`` actions."""

    id: str
    config: Any
    games: int
    bound: int


@attrs.frozen
class GameProfile:
    """The game-specific half of the conformance harness (see the module docstring)."""

    name: str
    cases: tuple[ConfigCase, ...]
    cards_in_play: Callable[[Any], list[Card]]
    full_pack: Callable[[Any], Sequence[Card]]
    hidden_fields: tuple[str, ...]
    """Per-seat fields (``hands``) hide every seat's entry but the viewer's; others hide all."""
    per_seat_fields: tuple[str, ...] = ("hands",)
    same_play: Callable[[Any, Any, frozenset[Any]], bool] = lambda _s, _a, _legal: False

    @property
    def total_games(self) -> int:
        """Games played over all configs."""
        return sum(case.games for case in self.cases)


# ---------------------------------------------------------------------------
# Rummy 500 (spec rules/rummy500.md)


def _rummy500_cards(state: Any) -> list[Card]:
    cards = [c for hand in state.hands for c in hand] + list(state.stock) + list(state.discard)
    return cards + [c for meld in state.melds for c in meld.cards]


def _rummy500_pack(state: Any) -> Sequence[Card]:
    return make_deck(decks=state.config.num_decks, jokers_per_deck=state.config.jokers)


def _rummy500_same_play(state: Any, action: Any, legal: frozenset[Any]) -> bool:
    """An unlisted action ``check`` accepts: its canonical form is listed (issue 27).

    A lay-off that leaves out or adds what only one reading allows (the end of a
    run, a joker's card) is that reading (``rummy500.rules.canonical``).
    """
    from cardrules.rummy500.rules import canonical

    return canonical(state, action) in legal


def _rummy500() -> GameProfile:
    from cardrules.rummy500 import Config

    return GameProfile(
        name="rummy500",
        cases=(
            # The default config, as a user gets it (issue 15 item 5).
            ConfigCase("default", Config(), 30, 2_000),
            # The default rules with a short target: several rounds, every phase.
            ConfigCase("target100", Config(target=100), 300, 1_000),
            ConfigCase(
                "3p-low-ace-strict",
                Config(num_players=3, cards_3_4p=9, target=1, low_ace_points=1,
                       strict_immediate=True,
                       forbid_rediscard_of_taken_card=True, top_discard_must_be_used=False),
                250, 1_000,
            ),
            ConfigCase(
                "4p-jokers-reshuffle",
                Config(num_players=4, target=1, jokers=2, stock_exhausted="reshuffle",
                       reshuffle_limit=1, allow_wraparound=True, tie="shared"),
                250, 1_500,
            ),
            ConfigCase(
                "2p-discard-only",
                Config(target=1, stock_exhausted="discard_only", go_out_without_discard=False,
                       cards_2p=7),
                250, 1_000,
            ),
        ),
        cards_in_play=_rummy500_cards,
        full_pack=_rummy500_pack,
        hidden_fields=("hands", "stock"),
        same_play=_rummy500_same_play,
    )


# ---------------------------------------------------------------------------
# Las Vegas Rummy (spec shared/rules/vegas_rummy.md)


def _vegas_cards(state: Any) -> list[Card]:
    if state.phase not in ("draw", "play"):
        return []  # between rounds every card is collected (no pack in play)
    cards = [c for hand in state.hands for c in hand] + list(state.stock) + list(state.discard)
    return cards + [c for owned in state.melds for c in owned.meld.cards]


def _vegas_pack(state: Any) -> Sequence[Card]:
    if state.phase not in ("draw", "play"):
        return ()
    return make_deck(decks=state.num_decks, jokers_per_deck=2)


def _vegas_same_play(state: Any, action: Any, legal: frozenset[Any]) -> bool:
    """Another form of a listed action: its canonical form is listed (docs/vegas_rummy.rst)."""
    from cardrules.vegas_rummy import canonical

    return canonical(state, action) in legal


def _vegas() -> GameProfile:
    from cardrules.vegas_rummy import Config

    # The defaults (reshuffle_limit=3, turn_limit=1000) make every game end
    # (vegas_rummy.max_game_length); the first two cases play them as they are.
    # Joining is a host call (LV-14), never a listed action, so random play
    # keeps the seats it starts with.
    return GameProfile(
        name="vegas_rummy",
        cases=(
            ConfigCase("defaults", Config(), 2, 10_000),
            ConfigCase("defaults-2p", Config(num_players=2), 3, 10_000),
            ConfigCase(
                "2p-short", Config(num_players=2, cards_per_player=3, max_score=6,
                                   reshuffle_limit=1, max_seats=3),
                300, 1_500,
            ),
            ConfigCase(
                "3p-card-wilds-buy-in",
                Config(num_players=3, cards_per_player=3, max_score=10, buy_in="2.50",
                       wild_scope="card", meld_solidarity=False, reshuffle_limit=0,
                       max_seats=4, third_gets_buy_in=True, late_join_cost="plus_one"),
                250, 1_500,
            ),
            ConfigCase(
                "4p-strict-wrap",
                Config(num_players=4, cards_per_player=3, max_score=8, meld_strictness=True,
                       allow_wraparound=True, require_natural=False, reshuffle_limit=1,
                       forbid_rediscard_of_taken_card=True, go_out_without_discard=True,
                       max_seats=4, first_dealer=1),
                250, 1_500,
            ),
            ConfigCase(
                "5p-two-decks",
                Config(num_players=5, cards_per_player=3, max_score=6, num_decks=2,
                       ace_hand_points=11, reshuffle_limit=1, max_seats=5,
                       late_join_cost="literal"),
                200, 1_500,
            ),
        ),
        cards_in_play=_vegas_cards,
        full_pack=_vegas_pack,
        hidden_fields=("hands", "stock"),
        same_play=_vegas_same_play,
    )


# ---------------------------------------------------------------------------
# Casino (spec shared/rules/casino.md)


def _casino_cards(state: Any) -> list[Card]:
    cards = [c for hand in state.hands for c in hand] + list(state.loose) + list(state.stock)
    cards += [c for build in state.builds for group in build.groups for c in group]
    return cards + [c for pile in state.piles for c in pile]


def _casino() -> GameProfile:
    from cardrules.casino import Config, max_game_length

    deck = make_deck()
    return GameProfile(
        name="casino",
        cases=(
            # Issue 15 item 5: random play from the defaults ends, within the documented
            # maximum game length (max_hands × ACTIONS_PER_HAND).
            ConfigCase("default", Config(), 60, max_game_length(Config())),
            ConfigCase("standard-target5", Config(target=5), 300, 1_000),
            ConfigCase(
                "royal-sweeps", Config(variant="royal", sweeps=True, target=5), 250, 1_000
            ),
            ConfigCase(
                "3p-compulsory-all",
                Config(num_players=3, target=3, compulsory_capture=True, face_capture="all",
                       owner_may_trail=True),
                250, 1_000,
            ),
            ConfigCase(
                "partners-capture-all",
                Config(num_players=4, partnerships=True, target=3, capture_all=True,
                       build_for_partner=True, table_cards_in_raise=True),
                200, 1_000,
            ),
        ),
        cards_in_play=_casino_cards,
        full_pack=lambda _state: deck,
        # Captured piles are face down: a view shows their sizes only (CA-5).
        hidden_fields=("hands", "stock", "piles"),
        # Issue 27: check accepts exactly the listed steps (no same_play); a whole play
        # naming two or more table items is refused.
    )


PROFILES: dict[str, GameProfile] = {
    profile.name: profile for profile in (_rummy500(), _vegas(), _casino())
}
"""One profile per game of :data:`cardrules.GAMES`."""


def profile(game: str) -> GameProfile:
    """The profile of ``game``; fails loudly for a game without one."""
    if game not in PROFILES:
        raise LookupError(f"{game} has no conformance profile in tests/conformance/profiles.py")
    return PROFILES[game]


def conserved(game: str, state: Any) -> bool:
    """True when the cards in play are exactly the pack, each card as often as in the pack."""
    prof = profile(game)
    return Counter(prof.cards_in_play(state)) == Counter(prof.full_pack(state))


def hidden_twin(game: str, state: Any, seat: int | None, rnd: Any) -> Any:
    """``state`` with every card hidden from ``seat`` dealt out again at random.

    The hidden places keep their sizes (and sorted places stay sorted); the seed
    changes too, since no view may depend on it. ``seat=None`` is a spectator,
    from whom every hand is hidden.
    """
    prof = profile(game)
    slots: list[tuple[str, int | None, bool, int]] = []  # field, index, sorted, size
    hidden: list[Card] = []
    for name in prof.hidden_fields:
        value = getattr(state, name)
        if name in prof.per_seat_fields or (value and isinstance(value[0], tuple)):
            for index, part in enumerate(value):
                if name in prof.per_seat_fields and index == seat:
                    continue
                slots.append((name, index, list(part) == sorted(part), len(part)))
                hidden.extend(part)
        else:
            slots.append((name, None, False, len(value)))
            hidden.extend(value)
    rnd.shuffle(hidden)
    changes: dict[str, Any] = {}
    for name, index, keep_sorted, size in slots:
        cards, hidden = hidden[:size], hidden[size:]
        part = tuple(sorted(cards)) if keep_sorted else tuple(cards)
        if index is None:
            changes[name] = part
        else:
            current = list(changes.get(name, getattr(state, name)))
            current[index] = part
            changes[name] = tuple(current)
    changes["seed"] = (state.seed + 1) % 2**63
    return attrs.evolve(state, **changes)


def seats_of(state: Any) -> range:
    """Every seat of ``state`` (hands are kept per seat in every game)."""
    return range(len(state.hands))

