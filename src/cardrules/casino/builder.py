"""Build a Casino position from what a person would say about it.

"Seat 0 holds 5♦ 8♣ K♥, seat 1 holds 3♠ 8♥ 2♦; the table has 4♣ and seat 1's
build of 8 (5♠+3♥); seat 0 to play" is::

    >>> from cardrules import casino
    >>> state = casino.position(
    ...     hands={0: "5♦ 8♣ K♥", 1: "3♠ 8♥ 2♦"}, table="4♣",
    ...     builds=[(1, "[8: 5♠+3♥]")], to_act=0, seed=1)
    >>> [str(b) for b in state.builds], len(state.stock), sum(map(len, state.piles))
    (['[8: 5♠+3♥]'], 40, 3)

Everything not given is filled in: the stock gets as many cards as this deal
leaves in it (``stock`` exactly, top first, or the cards left in an order drawn
from ``seed``), a seat missing from ``hands`` gets as many cards as the turn
order gives it, and the cards still unplaced go to the piles (captured cards)
of the seats whose ``piles`` are not given, two at a time in turn (three
for the last when the count is odd, since no capture takes a single card).
``last`` (the last seat to capture) defaults to the latest seat before ``to_act``
holding a pile. Scores
become the config's ``starting_scores``. The result is checked like a loaded
state; an impossible request raises ``ValueError`` saying why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from cardrules import engine, rng
from cardrules.cards import Card, given_cards, make_deck, sort_cards
from cardrules.casino.config import Config
from cardrules.casino.state import State, TableBuild

__all__ = ["position"]

_CARDS_A_DEAL = 4
"""Cards each player receives in a deal (two, twice); the first deal also puts four on the table."""


def _build(owner: int, text: str, number: int) -> TableBuild:
    from cardrules.casino.notation import read_build
    from cardrules.notation import Reader, tokenize

    body = text.strip()
    if not body.startswith("["):
        body = f"[{body}]"
    reader = Reader(tokenize(body), f"build {number}")
    value, groups = read_build(reader)
    if not reader.at_end():
        reader.fail(f"unexpected {reader.peek()!r}")
    try:
        return TableBuild(value=value, groups=groups, owner=owner)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"build {number}: {exc}") from None


def position(
    hands: Mapping[int, str] | Sequence[str] = (),
    *,
    table: str = "",
    builds: Sequence[tuple[int, str]] = (),
    piles: Mapping[int, str] | None = None,
    to_act: int = 0,
    dealer: int | None = None,
    deal: int = 1,
    scores: Sequence[int] | None = None,
    sweeps: Sequence[int] = (),
    last: int | None = None,
    config: Config | None = None,
    stock: str | None = None,
    seed: int = 0,
) -> State:
    """A checked Casino state with the given cards; the rest filled in (see the module).

    ``builds`` are ``(owner, "[value: group | group]")``, a group's cards joined
    by ``+``; ``deal`` is the deal of the first hand (1 to 6 with two players),
    ``sweeps`` the seats that swept in it, in order. The dealer defaults to the
    seat before the first player of the deal
    (seat ``n-1``: seat 0 leads).
    """
    config = Config() if config is None else config
    if scores is not None:
        scores = tuple(scores)
        if config.starting_scores and config.starting_scores != scores:
            raise ValueError("scores: the config already gives other starting_scores")
        config = attrs.evolve(config, starting_scores=scores)
    rng.validate_seed(seed)
    n = config.num_players
    given = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
    for seat in [*given, to_act, *(piles or {})]:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"seats are 0..{n - 1}, not {seat!r}")
    dealer = n - 1 if dealer is None else dealer
    if not 1 <= deal <= config.deals_per_hand:
        raise ValueError(f"deal must be 1..{config.deals_per_hand}")
    held = {
        seat: sort_cards(given_cards(text, f"seat {seat}'s hand")) for seat, text in given.items()
    }
    # Seats from the dealer's left up to the one before ``to_act`` have played once more.
    lap = [(dealer + k) % n for k in range(1, n + 1)]
    played = set(lap[: lap.index(to_act)])
    sizes = {s: len(c) + (1 if s in played else 0) for s, c in held.items()}
    full = max(sizes.values(), default=_CARDS_A_DEAL)
    table_builds = tuple(_build(owner, text, k + 1) for k, (owner, text) in enumerate(builds))
    loose = sort_cards(given_cards(table, "table"))
    pile_cards = {
        s: sort_cards(given_cards(t, f"seat {s}'s pile")) for s, t in (piles or {}).items()
    }
    left = Counter(make_deck())
    used = [c for h in held.values() for c in h] + list(loose)
    used += [c for b in table_builds for c in b.cards] + [c for p in pile_cards.values() for c in p]
    for card in used:
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"the {card} is placed twice")
    rest = list(rng.shuffle(sorted(left.elements()), seed=seed, stream=0))
    stock_size = 52 - _CARDS_A_DEAL - _CARDS_A_DEAL * n * deal
    if stock is not None:
        stock_cards = given_cards(stock, "stock")
        for card in stock_cards:
            if card not in rest:
                raise ValueError(f"stock: the {card} is placed twice")
            rest.remove(card)
    else:
        stock_cards, rest = tuple(rest[:stock_size]), rest[stock_size:]
    if len(stock_cards) != stock_size:
        raise ValueError(
            f"deal {deal} leaves {stock_size} cards in the stock, not {len(stock_cards)}"
        )
    for seat in lap:
        if seat not in held:
            size = full - (1 if seat in played else 0)
            if size < 0 or len(rest) < size:
                raise ValueError(f"not enough cards left to give seat {seat} a hand")
            held[seat], rest = sort_cards(rest[:size]), rest[size:]
    open_piles = [s for s in range(n) if s not in pile_cards]
    if rest and not open_piles:
        raise ValueError(f"{len(rest)} cards are nowhere: give them in piles or stock")
    if len(rest) == 1:
        raise ValueError(
            f"the {rest[0]} is left over, and a pile cannot hold one card (a capture takes two "
            "or more, I-9): give it in a hand, a pile or the stock"
        )
    # Captures in pairs, the last one of three if the count is odd: no pile of one card.
    chunks = [rest[k : k + 2] for k in range(0, len(rest) - len(rest) % 2, 2)]
    if len(rest) % 2:
        chunks[-1].append(rest[-1])
    extra: dict[int, list[Card]] = {s: [] for s in open_piles}
    for k, chunk in enumerate(chunks):
        extra[open_piles[k % len(open_piles)]].extend(chunk)
    for seat, cards in extra.items():
        pile_cards[seat] = sort_cards(cards)
    if last is None:
        before = [lap[(lap.index(to_act) - k) % n] for k in range(1, n + 1)]
        last = next((s for s in before if pile_cards[s]), None)
    state = State(
        config=config,
        seed=seed,
        shuffles=1,
        dealer=dealer,
        round_number=1,
        deal_number=deal,
        to_act=to_act,
        hands=tuple(held[s] for s in range(n)),
        loose=loose,
        builds=table_builds,
        piles=tuple(pile_cards[s] for s in range(n)),
        sweep_log=tuple(sweeps),
        last_capturer=last,
        stock=stock_cards,
        scores=config.starting_scores or (0,) * config.num_sides,
        winners=(),
        history=(),
    )
    engine.definition("casino").validate_state(state)
    return state
