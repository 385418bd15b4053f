"""Build Las Vegas Rummy positions and stacked decks from what a person would say.

:func:`position` sets up a moment of the first round: "the upcard is 7♦ (sevens
are wild), seat 0 holds Q♠ Q♥ 7♣ 2♦, seat 1 has laid down 5♥ 6♥ 7♥…"::

    >>> from cardrules import vegas_rummy
    >>> state = vegas_rummy.position(
    ...     hands={0: "Q♠ Q♥ 7♣ 2♦ 9♣ 9♦ K♠"}, upcard="7♦", discard="7♦ 2♣",
    ...     melds=[(1, "5♥ 6♥ 7♥")], config=vegas_rummy.Config(num_players=2),
    ...     dealer=0, to_act=0, turns=1, seed=1)
    >>> [str(c) for c in state.discard], len(state.hands[1]), state.wild_rank
    (['7♦', '2♣'], 4, Rank.SEVEN)

:func:`deck_for` writes the pack that deals a round the way you say, for
``new_game(decks=[...])``: so a test or a puzzle can script every round.

    >>> config = vegas_rummy.Config(num_players=2, first_dealer=1)
    >>> deck = vegas_rummy.deck_for(config, dealer=1, hands={0: "2♣ 3♣ 4♣ 5♣ 9♦ 9♥ 9♠"},
    ...                             upcard="K♦", stock="10♦", seed=2)
    >>> state = vegas_rummy.new_game(config, seed=2, decks=[deck])
    >>> [str(c) for c in state.hands[0]], str(state.upcard), str(state.stock[-1])
    (['2♣', '3♣', '4♣', '5♣', '9♦', '9♥', '9♠'], 'K♦', '10♦')

Everything not given is filled in from the cards left, in an order drawn from
``seed``. An impossible request raises ``ValueError`` saying why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from cardrules import engine, rng
from cardrules.cards import Card, given_cards, make_deck, parse_card, sort_cards
from cardrules.notation import Reader, read_meld, tokenize
from cardrules.vegas_rummy.config import Config
from cardrules.vegas_rummy.state import LedgerEntry, OwnedMeld, Phase, State, _deprecated

__all__ = ["deck_for", "position"]


def _card(text: str | Card, what: str) -> Card:
    if isinstance(text, Card):
        return text
    try:
        return parse_card(text)
    except ValueError as exc:
        raise ValueError(f"{what}: {exc}") from None


def _seat_order(seats: int, dealer: int) -> list[int]:
    """The deal's order: from the dealer's left, the dealer last."""
    return [(dealer + k) % seats for k in range(1, seats + 1)]


def deck_for(
    config: Config,
    *,
    dealer: int,
    hands: Mapping[int, str] | None = None,
    upcard: str | Card | None = None,
    stock: str = "",
    retired: Sequence[int] = (),
    seed: int = 0,
) -> tuple[Card, ...]:
    """The pack (top first) that deals a round of ``config.num_players`` seats as given.

    Cards go out one at a time from the dealer's left, the dealer last,
    ``cards_per_player`` times round; the next card is the upcard; the rest is
    the stock, whose top card (the first drawn) comes first — ``stock`` names
    the first cards drawn. Hands and cards not given are filled from the cards
    left in an order drawn from ``seed``. Seats in ``retired`` are skipped (they
    are dealt no cards, and the pack is the one for the seats still playing).
    """
    seats = config.num_players
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
        raise ValueError(f"dealer must be a seat 0..{seats - 1}")
    playing = [seat for seat in _seat_order(seats, dealer) if seat not in set(retired)]
    size = config.cards_per_player
    given = {s: given_cards(t, f"seat {s}'s hand") for s, t in (hands or {}).items()}
    for seat, cards in given.items():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise ValueError(f"hands: seats are 0..{seats - 1}, not {seat!r}")
        if len(cards) != size:
            raise ValueError(f"seat {seat}'s hand: a hand is {size} cards, not {len(cards)}")
    top = given_cards(stock, "stock")
    up = None if upcard is None else _card(upcard, "upcard")
    for seat in given:
        if seat not in playing:
            raise ValueError(f"seat {seat} has retired: it is dealt no cards")
    left = Counter(make_deck(decks=config.decks_for(len(playing)), jokers_per_deck=2))
    for card in [*(c for h in given.values() for c in h), *top, *([up] if up else [])]:
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"the {card} is used more often than the pack holds it")
    rest = list(rng.shuffle(sorted(left.elements()), seed=rng.validate_seed(seed), stream=0))
    for seat in playing:
        if seat not in given:
            given[seat], rest = tuple(rest[:size]), rest[size:]
    if up is None:
        up, rest = rest[0], rest[1:]
    dealt = [given[seat][k] for k in range(size) for seat in playing]
    return (*dealt, up, *top, *rest)


def position(
    hands: Mapping[int, str] | Sequence[str] = (),
    *,
    upcard: str | Card,
    discard: str | None = None,
    melds: Sequence[tuple[int, str]] = (),
    to_act: int = 0,
    phase: Phase | str = Phase.draw,
    dealer: int | None = None,
    scores: Sequence[int] | None = None,
    turns: int = 0,
    taken: str | None = None,
    config: Config | None = None,
    stock: str | None = None,
    seed: int = 0,
    **old: Any,
) -> State:
    """A checked first-round state with the given cards; the rest filled in.

    ``upcard`` names the wild cards (LV-2); ``discard`` (bottom to top) defaults
    to the upcard alone; ``melds`` are ``(owner, cards)``, a wild card written
    ``7♣=6♥`` (standing for the 6♥) or ``7♣=Q?`` (an open place in a set of
    queens). A seat missing from ``hands`` gets ``cards_per_player`` cards less
    those of the melds it owns;
    the rest is the stock (``stock`` top first, or in an order drawn from
    ``seed``). ``scores`` become ``starting_scores``; the dealer (default: the
    seat before ``to_act``) becomes ``first_dealer``, so no cut is made.
    For later rounds, stack their packs with :func:`deck_for` and play.
    ``turns`` is :attr:`State.turns <cardrules.vegas_rummy.State.turns>` (the
    old keyword ``turn`` still works, with a ``DeprecationWarning``).
    """
    if set(old) - {"turn"}:
        raise TypeError(f"position() got an unexpected keyword {sorted(set(old) - {'turn'})[0]!r}")
    if "turn" in old:
        _deprecated("position(turn=...)", "turns")
        turns = old["turn"]
    config = Config() if config is None else config
    seats = config.num_players
    dealer = (to_act - 1) % seats if dealer is None else dealer
    changes: dict[str, Any] = {"first_dealer": dealer}
    if scores is not None:
        changes["starting_scores"] = tuple(scores)
    try:
        config = attrs.evolve(config, **changes)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"config: {exc}") from None
    rng.validate_seed(seed)
    up = _card(upcard, "upcard")
    pile = (up,) if discard is None else given_cards(discard, "discard")
    given = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
    held = {s: sort_cards(given_cards(t, f"seat {s}'s hand")) for s, t in given.items()}
    table = []
    for number, (owner, text) in enumerate(melds):
        reader = Reader(tokenize(text), f"meld {number + 1}")
        table.append(OwnedMeld(owner, read_meld(reader)))
    decks = config.decks_for(seats)
    left = Counter(make_deck(decks=decks, jokers_per_deck=2))
    used = [*(c for h in held.values() for c in h), *pile]
    used += [c for owned in table for c in owned.meld.cards]
    for card in used:
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"the {card} is used more often than the pack holds it")
    rest = list(rng.shuffle(sorted(left.elements()), seed=seed, stream=0))
    for seat in range(seats):
        if seat not in held:
            melded = sum(len(o.meld.cards) for o in table if o.owner == seat)
            size = max(config.cards_per_player - melded, 0)
            held[seat], rest = sort_cards(rest[:size]), rest[size:]
    if stock is not None:
        top = given_cards(stock, "stock")
        if sorted(top) != sorted(rest):
            raise ValueError("stock: it must hold exactly the cards not placed elsewhere")
        rest = list(top)
    starting = config.starting
    state = State(
        config=config,
        seed=seed,
        shuffles=1,
        phase=Phase(phase),
        to_act=to_act,
        dealer=dealer,
        round_number=1,
        num_decks=decks,
        hands=tuple(held.get(s, ()) for s in range(seats)),
        stock=tuple(reversed(rest)),
        discard=pile,
        melds=tuple(table),
        upcard=up,
        turns=turns,
        taken=None if taken is None else _card(taken, "taken"),
        reshuffles=0,
        scores=starting,
        busts=(0,) * seats,
        active=(True,) * seats,
        winners=(),
        cut=(),
        history=(),
        ledger=tuple(
            LedgerEntry(0, seat, "buy_in", config.buy_in, starting[seat]) for seat in range(seats)
        ),
    )
    engine.definition("vegas_rummy").validate_state(state)
    return state
