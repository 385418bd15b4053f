"""Observations: a seat's view as named fixed-shape arrays, one flat vector, or plain lists.

Everything here is computed from a ``View`` (``cardrules.view(state, seat)``),
never from a state, so an observation cannot hold what the seat may not see.
Seats are *relative*: row 0 of every per-seat field is the viewing seat, row 1
the next seat clockwise, and so on (a spectator sees seat 0 first).

Cards are numbered 0..51 in suit order (clubs A..K, diamonds, hearts, spades),
52 the joker; a card vector of length 53 (52 in Casino, which has no joker)
holds counts. Numbers are raw (counts, points), not scaled. The fields, in the
order :func:`encode` concatenates them (``n`` seats, ``D`` cards in the pack,
``M = D // 3`` meld slots, ``B = 3n`` build slots):

Rummy 500
    ``hand`` (53), ``discard`` (D, 53) one row per pile position from the top,
    ``meld_cards`` (M, 53) the natural cards each table meld stands for and
    (last column) its jokers, ``meld_kind`` (M, 2) run/set, ``meld_owner`` (M, n),
    ``hand_sizes`` (n), ``scores`` (n), ``round_points`` (n), ``stock_size`` (1),
    ``phase`` (3: draw, play, over), ``to_act`` (n + 1, last: nobody),
    ``dealer`` (n), ``owed`` (53) the dug card still to be placed, ``taken``
    (53) the cards taken from the pile this turn, ``round_number`` (1).
Las Vegas Rummy
    ``hand`` (53), ``discard_top`` (53), ``discard`` (53) counts of the whole
    pile, ``upcard`` (53) the round's wild-card indicator, ``meld_cards``
    (M, 53), ``meld_kind`` (M, 2), ``meld_owner`` (M, n), ``hand_sizes`` (n),
    ``scores`` (n), ``busts`` (n), ``active`` (n), ``stock_size`` (1),
    ``phase`` (5: draw, play, decide, table, over), ``to_act`` (n + 1),
    ``dealer`` (n), ``taken`` (53), ``turn`` (1), ``reshuffles`` (1),
    ``round_number`` (1).
Casino
    ``hand`` (52), ``loose`` (52), ``build_cards`` (B, 52), ``build_value``
    (B, 1), ``build_single`` (B, 1), ``build_owner`` (B, n), ``pile_sizes``
    (n), ``sweeps`` (n), ``last_capturer`` (n + 1), ``scores`` (sides),
    ``stock_size`` (1), ``deal_number`` (1), ``last_deal`` (1), ``dealer`` (n),
    ``to_act`` (n + 1), ``pending_card`` (52), ``pending_kind`` (4: capture,
    new, raise, add), ``pending_value`` (1), ``pending_items`` (52 + B) the
    loose cards and builds the play in progress has taken so far,
    ``round_number`` (1).

The public history that matters is in the view itself: the whole discard pile
(in order for Rummy 500, where its depth is a choice), every meld and who made
it, the cards taken this turn, the captured piles' sizes and sweeps.

>>> import cardrules
>>> from cardrules.rl import observations
>>> state = cardrules.new_game("casino", seed=2)
>>> seen = cardrules.view(state, 0)
>>> vector = observations.encode(seen)
>>> vector.shape == (observations.size("casino", state.config),), vector.dtype
(True, dtype('float32'))
>>> observations.observation_dict(seen)["hand"].count(1)
4
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from cardrules import casino, engine, rummy500, vegas_rummy
from cardrules.rummy.melds import RunMeld, placements

__all__ = ["encode", "fields", "observation_arrays", "observation_dict", "size"]

Shape = tuple[int, ...]

_R500_PHASES = ("draw", "play", "over")
_VEGAS_PHASES = ("draw", "play", "decide", "table", "over")
_CASINO_KINDS = ("capture", "new", "raise", "add")


def _seats(config: Any) -> int:
    return int(config.num_players)


def fields(game: str, config: Any) -> tuple[tuple[str, Shape], ...]:
    """The observation's fields and their shapes, in encoding order.

    >>> fields("rummy500", rummy500.Config())[0]
    ('hand', (53,))
    """
    n = _seats(config)
    if game == "rummy500":
        deck = config.deck_size
        melds = deck // 3
        return (
            ("hand", (53,)),
            ("discard", (deck, 53)),
            ("meld_cards", (melds, 53)),
            ("meld_kind", (melds, 2)),
            ("meld_owner", (melds, n)),
            ("hand_sizes", (n,)),
            ("scores", (n,)),
            ("round_points", (n,)),
            ("stock_size", (1,)),
            ("phase", (len(_R500_PHASES),)),
            ("to_act", (n + 1,)),
            ("dealer", (n,)),
            ("owed", (53,)),
            ("taken", (53,)),
            ("round_number", (1,)),
        )
    if game == "vegas_rummy":
        melds = 54 * config.decks_for(n) // 3
        return (
            ("hand", (53,)),
            ("discard_top", (53,)),
            ("discard", (53,)),
            ("upcard", (53,)),
            ("meld_cards", (melds, 53)),
            ("meld_kind", (melds, 2)),
            ("meld_owner", (melds, n)),
            ("hand_sizes", (n,)),
            ("scores", (n,)),
            ("busts", (n,)),
            ("active", (n,)),
            ("stock_size", (1,)),
            ("phase", (len(_VEGAS_PHASES),)),
            ("to_act", (n + 1,)),
            ("dealer", (n,)),
            ("taken", (53,)),
            ("turn", (1,)),
            ("reshuffles", (1,)),
            ("round_number", (1,)),
        )
    if game == "casino":
        builds = 3 * n
        return (
            ("hand", (52,)),
            ("loose", (52,)),
            ("build_cards", (builds, 52)),
            ("build_value", (builds, 1)),
            ("build_single", (builds, 1)),
            ("build_owner", (builds, n)),
            ("pile_sizes", (n,)),
            ("sweeps", (n,)),
            ("last_capturer", (n + 1,)),
            ("scores", (config.num_sides,)),
            ("stock_size", (1,)),
            ("deal_number", (1,)),
            ("last_deal", (1,)),
            ("dealer", (n,)),
            ("to_act", (n + 1,)),
            ("pending_card", (52,)),
            ("pending_kind", (len(_CASINO_KINDS),)),
            ("pending_value", (1,)),
            ("pending_items", (52 + builds,)),
            ("round_number", (1,)),
        )
    raise ValueError(f"unknown game {game!r}")


def size(game: str, config: Any) -> int:
    """The length of :func:`encode`'s vector."""
    return sum(int(np.prod(shape)) for _name, shape in fields(game, config))


class _Filler:
    """Fills the zeroed arrays of one observation, turning seats into relative seats."""

    def __init__(self, game: str, view: Any) -> None:
        self.arrays = {
            name: np.zeros(shape, dtype=np.float32) for name, shape in fields(game, view.config)
        }
        self.n = _seats(view.config)
        self.me = 0 if view.seat is None else view.seat

    def rel(self, seat: int) -> int:
        return (seat - self.me) % self.n

    def per_seat(self, name: str, values: Any) -> None:
        for seat, value in enumerate(values):
            self.arrays[name][self.rel(seat)] = float(value)

    def one_seat(self, name: str, seat: int | None) -> None:
        self.arrays[name][self.n if seat is None else self.rel(seat)] = 1.0

    def cards(self, name: str, cards: Any, row: Any = None) -> None:
        target = self.arrays[name] if row is None else self.arrays[name][row]
        for card in cards:
            target[card.index] += 1.0

    def melds(self, melds: Any, owners: Any) -> None:
        for slot, (meld, owner) in enumerate(zip(melds, owners)):
            for card, natural in placements(meld):
                if natural is not None and card == natural:
                    self.arrays["meld_cards"][slot, natural.index] += 1.0
                elif natural is not None:
                    self.arrays["meld_cards"][slot, natural.index] += 1.0
                    self.arrays["meld_cards"][slot, 52] += 1.0
                else:  # an open wild in a set
                    self.arrays["meld_cards"][slot, 52] += 1.0
            self.arrays["meld_kind"][slot, 0 if isinstance(meld, RunMeld) else 1] = 1.0
            self.arrays["meld_owner"][slot, self.rel(owner)] = 1.0


def _rummy500(view: rummy500.View) -> dict[str, npt.NDArray[np.float32]]:
    f = _Filler("rummy500", view)
    a = f.arrays
    f.cards("hand", view.hand)
    for depth, card in enumerate(reversed(view.discard)):
        a["discard"][depth, card.index] = 1.0
    f.melds(view.melds, view.meld_owners)
    f.per_seat("hand_sizes", view.hand_sizes)
    f.per_seat("scores", view.scores)
    f.per_seat("round_points", view.round_points)
    a["stock_size"][0] = view.stock_size
    a["phase"][_R500_PHASES.index(view.phase.value)] = 1.0
    f.one_seat("to_act", view.to_act)
    a["dealer"][f.rel(view.dealer)] = 1.0
    if view.owed is not None:
        a["owed"][view.owed.index] = 1.0
    f.cards("taken", view.taken)
    a["round_number"][0] = view.round_number
    return a


def _vegas(view: vegas_rummy.View) -> dict[str, npt.NDArray[np.float32]]:
    f = _Filler("vegas_rummy", view)
    a = f.arrays
    f.cards("hand", view.hand or ())
    if view.discard:
        a["discard_top"][view.discard[-1].index] = 1.0
    f.cards("discard", view.discard)
    if view.upcard is not None:
        a["upcard"][view.upcard.index] = 1.0
    f.melds([m.meld for m in view.melds], [m.owner for m in view.melds])
    f.per_seat("hand_sizes", view.hand_sizes)
    f.per_seat("scores", view.scores)
    f.per_seat("busts", view.busts)
    f.per_seat("active", view.active)
    a["stock_size"][0] = view.stock_size
    a["phase"][_VEGAS_PHASES.index(view.phase)] = 1.0
    f.one_seat("to_act", view.to_act)
    a["dealer"][f.rel(view.dealer)] = 1.0
    if view.taken is not None:
        a["taken"][view.taken.index] = 1.0
    a["turn"][0] = view.turns
    a["reshuffles"][0] = view.reshuffles
    a["round_number"][0] = view.round_number
    return a


def _casino(view: casino.View) -> dict[str, npt.NDArray[np.float32]]:
    f = _Filler("casino", view)
    a = f.arrays
    f.cards("hand", view.hand)
    f.cards("loose", view.loose)
    slots = a["build_value"].shape[0]
    if len(view.builds) > slots:
        raise ValueError("more builds on the table than the observation holds")
    for slot, build in enumerate(view.builds):
        f.cards("build_cards", build.cards, slot)
        a["build_value"][slot, 0] = build.value
        a["build_single"][slot, 0] = float(build.is_single)
        a["build_owner"][slot, f.rel(build.owner)] = 1.0
    f.per_seat("pile_sizes", view.pile_sizes)
    f.per_seat("sweeps", view.sweeps)
    f.one_seat("last_capturer", view.last_capturer)
    for side, score in enumerate(view.scores):
        a["scores"][side] = score  # sides (teams) are not rotated: side 0 holds seats 0 and 2
    a["stock_size"][0] = view.stock_size
    a["deal_number"][0] = view.deal_number
    a["last_deal"][0] = float(view.is_last_deal)
    a["dealer"][f.rel(view.dealer)] = 1.0
    f.one_seat("to_act", view.to_act)
    pending = view.pending
    if pending is not None:
        a["pending_card"][pending.card.index] = 1.0
        kind = "capture" if isinstance(pending, casino.Capture) else pending.kind
        a["pending_kind"][_CASINO_KINDS.index(kind)] = 1.0
        if isinstance(pending, casino.Build):
            a["pending_value"][0] = pending.value
        f.cards("pending_items", pending.cards)
        named = [tuple(b.cards) for b in view.builds]
        chosen = list(getattr(pending, "builds", ()))
        if isinstance(pending, casino.Build) and pending.target:
            chosen.append(pending.target)
        for taken in chosen:
            if taken in named:
                a["pending_items"][52 + named.index(taken)] = 1.0
    a["round_number"][0] = view.round_number
    return a


_ENCODERS = {rummy500.View: _rummy500, vegas_rummy.View: _vegas, casino.View: _casino}


def observation_arrays(view: Any) -> dict[str, npt.NDArray[np.float32]]:
    """The view's fields as named ``float32`` arrays of the shapes :func:`fields` lists."""
    encoder = _ENCODERS.get(type(view))
    if encoder is None:
        raise TypeError(f"expected a cardrules View, not {type(view).__name__}")
    return encoder(view)  # type: ignore[operator, no-any-return]


def encode(view: Any) -> npt.NDArray[np.float32]:
    """The view as one flat ``float32`` vector: the fields' arrays, flattened, in order."""
    arrays = observation_arrays(view)
    return np.concatenate([array.ravel() for array in arrays.values()])


def observation_dict(view: Any) -> dict[str, Any]:
    """The same observation as a plain dict of (nested) lists of numbers, for your own encoding."""
    return {name: array.tolist() for name, array in observation_arrays(view).items()}


def game_of(view: Any) -> str:
    """The game name of a view."""
    return engine.definition_of(view).name

