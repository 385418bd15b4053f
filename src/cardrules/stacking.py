"""Stacked decks for every deal: checking the decks a test or puzzle gives ``new_game``.

Every game's ``new_game`` takes ``decks=[deck1, deck2, …]``: ``deck1`` is dealt
first (exactly as the ``deck`` argument would be), ``deck2`` at the next deal
that would shuffle, and so on; each game's docs say which deals those are and
the order in which the cards go out. The decks not yet used live in the
state's ``stacked`` field: hidden (the stock of the future), so never in a
view, but kept in JSON and in the notation.

>>> from cardrules.cards import make_deck
>>> decks = stacked_decks(make_deck(), None, [make_deck(), tuple(reversed(make_deck()))])
>>> len(decks), decks[1][0]
(2, Card(Rank.KING, Suit.SPADES))
>>> stacked_decks(make_deck(), None, [make_deck()[1:]])
Traceback (most recent call last):
...
ValueError: stacked deck 0: missing 1 card (A♣)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final

from cardrules.cards import Card

__all__ = ["MAX_STACKED_DECKS", "check_stacked", "stacked_decks"]

MAX_STACKED_DECKS: Final = 1_000
"""The most decks one game may be given in advance."""


def _pack_error(pack: Sequence[Card], cards: Sequence[Card]) -> str | None:
    want, have = Counter(pack), Counter(cards)
    if want == have:
        return None
    missing = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    parts = []
    if missing:
        parts.append(f"missing {len(missing)} card{'s' * (len(missing) > 1)} "
                     f"({' '.join(map(str, missing[:5]))}{' …' * (len(missing) > 5)})")
    if extra:
        parts.append(f"{len(extra)} card{'s' * (len(extra) > 1)} too many "
                     f"({' '.join(map(str, extra[:5]))}{' …' * (len(extra) > 5)})")
    return ", ".join(parts)


def stacked_decks(
    pack: Sequence[Card] | Callable[[int], Sequence[Card] | None],
    deck: Sequence[Card] | None,
    decks: Sequence[Sequence[Card]] | None,
) -> tuple[tuple[Card, ...], ...]:
    """``decks`` as checked tuples (``()`` for ``None``); ``deck`` and ``decks`` exclude each other.

    ``pack`` is the game's pack, or a function giving the pack a deck of that
    many cards must be (``None``: no pack has that size), for games whose pack
    changes with the players seated.
    """
    if decks is None:
        return ()
    if deck is not None:
        raise ValueError("give deck (the first deal) or decks (every deal), not both")
    if isinstance(decks, str | bytes) or not isinstance(decks, Sequence):
        raise TypeError("decks must be a list of decks (each a sequence of cards)")
    out = tuple(tuple(given) for given in decks)
    check_stacked(out, pack)
    return out


def check_stacked(
    decks: tuple[tuple[Card, ...], ...],
    pack: Sequence[Card] | Callable[[int], Sequence[Card] | None],
) -> None:
    """Raise ``ValueError``/``TypeError`` unless every deck is a whole pack.

    ``pack`` is as for :func:`stacked_decks`.
    """
    if len(decks) > MAX_STACKED_DECKS:
        raise ValueError(f"at most {MAX_STACKED_DECKS} stacked decks")
    for number, cards in enumerate(decks):
        if not isinstance(cards, tuple) or any(not isinstance(card, Card) for card in cards):
            raise TypeError(f"stacked deck {number} holds something that is not a card")
        full = pack(len(cards)) if callable(pack) else pack
        if full is None:
            raise ValueError(f"stacked deck {number}: no pack of this game has {len(cards)} cards")
        error = _pack_error(full, cards)
        if error is not None:
            raise ValueError(f"stacked deck {number}: {error}")
