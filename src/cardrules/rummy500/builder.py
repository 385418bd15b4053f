"""Build a Rummy 500 position from what a person would say about it.

"Seat 0 holds 4♠ 4♦ Q♥, the discard pile is 9♣ 4♥ K♦ 2♦, seat 1 has the run
J♠ Q♠ K♠, the scores are 480–470, seat 0 to draw" is::

    >>> from cardrules import rummy500
    >>> from cardrules.cards import format_cards
    >>> state = rummy500.position(
    ...     hands={0: "4♠ 4♦ Q♥ …"}, discard="9♣ 4♥ K♦ 2♦", melds=[(1, "J♠ Q♠ K♠")],
    ...     scores=(480, 470), to_act=0, phase="draw", seed=1)
    >>> len(state.hands[0]), "4♠" in format_cards(state.hands[0]), len(state.hands[1])
    (10, True, 10)
    >>> state.scores, len(state.stock), state.turns
    ((480, 470), 25, 6)

The ``…`` (or ``...``) after seat 0's cards says "and the rest of a hand":
seat 0 placed nothing, so it holds at least the 10 cards it was dealt (R-9).
Six cards left the stock since the deal (three melded, three more discarded),
so at least six turns were played, and the turn count also fixes whose turn it
is (R-3): ``turns`` comes out as 6 unless given.

An impossible request is refused with the reason:

    >>> rummy500.position(hands={0: "4♠ 4♦ Q♥"}, discard="K♠", melds=[(1, "J♠ Q♠ K♠")])
    Traceback (most recent call last):
    ...
    ValueError: the K♠ is used more often than the pack holds it

Everything not given is filled in: a seat missing from ``hands`` gets a full
hand (``Config.hand_size``) from the cards left, a hand ending in ``…`` is
filled up to the fewest cards it can hold (the cards dealt, one more for the
player who has drawn, less those it placed on the table), the rest go to the stock in
an order drawn from ``seed`` (or exactly ``stock``, top first, which must then
hold every card left). Scores become the config's ``starting_scores``. The
result is checked like a loaded state; an impossible request raises
``ValueError`` saying why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from cardrules import engine, rng
from cardrules.cards import Card, given_cards, make_deck, sort_cards
from cardrules.rummy.melds import MeldError, TableMeld, make_meld
from cardrules.rummy500.config import Config
from cardrules.rummy500.rules import meld_rules
from cardrules.rummy500.scoring import placement_points
from cardrules.rummy500.state import Phase, State

__all__ = ["position"]


def position(
    hands: Sequence[str] | Mapping[int, str] = (),
    *,
    discard: str = "",
    melds: Sequence[tuple[int, str]] = (),
    phase: Phase | str = Phase.DRAW,
    to_act: int = 0,
    scores: Sequence[int] | None = None,
    config: Config | None = None,
    stock: str | None = None,
    dealer: int | None = None,
    owed: str | None = None,
    taken: str = "",
    seed: int = 0,
    shuffle: bool = True,
    turns: int | None = None,
) -> State:
    """A checked Rummy 500 state with the given cards; the rest filled in (see the module).

    ``hands`` is a list (every seat, in order) or a mapping ``{seat: cards}``;
    ``discard`` is bottom to top; ``melds`` are ``(owner, cards)`` with a wild
    card written ``JK=6♥``; each meld's cards are credited to its owner.
    ``owed`` / ``taken`` describe a dig in progress (``phase="play"``). The
    dealer defaults to the seat before ``to_act``; ``config`` to one with as
    many players as ``hands`` lists (two for a mapping). ``shuffle=False`` puts
    the cards left in card order instead of the seeded order (the next draw is
    then easy to foresee). ``turns`` (turns finished this round) defaults to
    the fewest the discard pile and the seat to act allow (R-3, R-9). The seed
    did not draw the dealer, so a config that leaves the first dealer to the
    seed gets ``first_dealer=dealer`` (R5-11, issue 30 item 4).
    """
    state = assemble(
        hands, discard=discard, melds=melds, phase=phase, to_act=to_act, scores=scores,
        config=config, stock=stock, dealer=dealer, owed=owed, taken=taken, seed=seed,
        shuffle=shuffle, turns=turns,
    )
    engine.definition("rummy500").validate_state(state)
    return state


def assemble(
    hands: Sequence[str] | Mapping[int, str] = (),
    *,
    discard: str = "",
    melds: Sequence[tuple[int, str]] = (),
    phase: Phase | str = Phase.DRAW,
    to_act: int = 0,
    scores: Sequence[int] | None = None,
    config: Config | None = None,
    stock: str | None = None,
    dealer: int | None = None,
    owed: str | None = None,
    taken: str = "",
    seed: int = 0,
    shuffle: bool = True,
    turns: int | None = None,
) -> State:
    """:func:`position` without the final check (for tests that finish a position by hand)."""
    given = dict(hands) if isinstance(hands, Mapping) else dict(enumerate(hands))
    if config is None:
        config = Config(num_players=len(hands) if not isinstance(hands, Mapping) else 2)
    players = config.num_players
    if any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < players for s in given):
        raise ValueError(f"hands: seats are 0..{players - 1}")
    if scores is not None:
        scores = tuple(scores)
        if config.starting_scores and config.starting_scores != scores:
            raise ValueError("scores: the config already gives other starting_scores")
        config = attrs.evolve(config, starting_scores=scores)
    rng.validate_seed(seed)
    phase = Phase(phase) if isinstance(phase, str) else phase
    rules = meld_rules(config)
    table: list[TableMeld] = []
    for number, (owner, text) in enumerate(melds):
        if isinstance(owner, bool) or not isinstance(owner, int) or not 0 <= owner < players:
            raise ValueError(f"meld {number + 1}: the owner must be a seat 0..{players - 1}")
        cards, stands = _meld_cards(text, f"meld {number + 1}")
        try:
            table.append(make_meld(cards, rules, stands))
        except MeldError as exc:
            raise ValueError(f"meld {number + 1}: {exc}") from None
    open_ended = {seat for seat, text in given.items() if _is_open(text)}
    hand_cards = {
        seat: sort_cards(given_cards(_closed(text), f"seat {seat}'s hand"))
        for seat, text in given.items()
    }
    pile = given_cards(discard, "discard")
    left = Counter(make_deck(decks=config.num_decks, jokers_per_deck=config.jokers))
    used = [c for h in hand_cards.values() for c in h] + list(pile)
    used += [c for meld in table for c in meld.cards]
    for card in used:
        left[card] -= 1
        if left[card] < 0:
            raise ValueError(f"the {card} is used more often than the pack holds it")
    rest = sorted(left.elements())
    if shuffle:
        rest = list(rng.shuffle(rest, seed=seed, stream=1))
    if not isinstance(to_act, int) or isinstance(to_act, bool) or not 0 <= to_act < players:
        raise ValueError(f"the player to act must be a seat 0..{players - 1}")
    placed_by = Counter(owner for (owner, _), meld in zip(melds, table) for _ in meld.cards)
    for seat in range(players):
        if seat in hand_cards and seat not in open_ended:
            continue
        # A seat not given gets a full hand; "…" fills up to the fewest cards R-9 allows:
        # what was dealt, plus the card drawn, less what the seat placed.
        least = config.hand_size + (1 if seat == to_act and phase is Phase.PLAY else 0)
        if seat in open_ended:
            least -= placed_by[seat]
        wanted = max(0, least - len(hand_cards.get(seat, ())))
        if seat in hand_cards and not wanted:
            continue
        if len(rest) < wanted:
            raise ValueError(f"not enough cards left to deal seat {seat} a hand")
        hand_cards[seat] = sort_cards((*hand_cards.get(seat, ()), *rest[:wanted]))
        del rest[:wanted]
    stock_cards = tuple(rest) if stock is None else given_cards(stock, "stock")
    placed: list[list[Card]] = [[] for _ in range(players)]
    points: list[list[int]] = [[] for _ in range(players)]
    for (owner, _), meld in zip(melds, table):
        placed[owner].extend(meld.cards)
        points[owner].extend(placement_points(meld, i, config) for i in range(len(meld.cards)))
    dealer = (to_act - 1) % players if dealer is None else dealer
    if config.first_dealer is None and isinstance(dealer, int) and not isinstance(dealer, bool):
        # The seed did not draw this dealer (R5-11): the position's config names him.
        config = attrs.evolve(config, first_dealer=dealer % players)
    if turns is None:
        # each finished turn discarded at most one card onto the upcard; R-3:
        # the seat to act is the turns-th after the dealer's left.
        # Each turn also drew at most one card from the stock.
        # (The draw of a turn in progress, phase "play", counts too.)
        dealt_stock = config.deck_size - players * config.hand_size - 1
        drawn_now = 1 if phase is Phase.PLAY else 0
        turns = max(0, len(pile) - 1, dealt_stock - len(stock_cards) - drawn_now)
        if isinstance(dealer, int) and not isinstance(dealer, bool):
            turns += (to_act - dealer - 1 - turns) % players
    return State(
        config=config,
        seed=seed,
        shuffles=2,
        round_number=1,
        turns=turns,
        dealer=dealer,
        scores=config.starting_scores or (0,) * players,
        hands=tuple(hand_cards[seat] for seat in range(players)),
        stock=stock_cards,
        discard=pile,
        melds=tuple(table),
        meld_owners=tuple(owner for owner, _ in melds),
        placed=tuple(tuple(p) for p in placed),
        placed_points=tuple(tuple(p) for p in points),
        phase=phase,
        to_act=to_act,
        owed=None if owed is None else given_cards(owed, "owed")[0],
        taken=given_cards(taken, "taken"),
        stock_ran_out=config.stock_exhausted == "end" and not stock_cards,
    )


_ELLIPSES = ("…", "...")


def _is_open(text: str | Sequence[Card]) -> bool:
    """Whether a hand is written as "these cards and the rest" (``4♠ 4♦ …``)."""
    return isinstance(text, str) and text.rstrip().endswith(_ELLIPSES)


def _closed(text: str | Sequence[Card]) -> str | Sequence[Card]:
    if not _is_open(text):
        return text
    assert isinstance(text, str)
    text = text.rstrip()
    return text[: -1 if text.endswith("…") else -3]


def _meld_cards(text: str, what: str) -> tuple[tuple[Card, ...], list[Card | None]]:
    """Cards of a meld, ``JK=6♥`` naming what a wild card stands for."""
    from cardrules.cards import parse_card

    cards: list[Card] = []
    stands: list[Card | None] = []
    for token in text.replace(",", " ").split():
        card_text, _, target = token.partition("=")
        try:
            cards.append(parse_card(card_text))
            stands.append(parse_card(target) if target else None)
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None
    return tuple(cards), stands
