"""Building Rummy 500 positions for tests: give the cards that matter, the rest go to the stock."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardrules.cards import make_deck, parse_cards, sort_cards
from cardrules.rummy.melds import TableMeld, make_meld
from cardrules.rummy500 import Config, Phase, State, validate_state
from cardrules.rummy500.rules import meld_rules


def position(
    hands: Sequence[str],
    *,
    discard: str = "",
    melds: Sequence[tuple[int, str]] = (),
    phase: Phase = Phase.DRAW,
    to_act: int = 0,
    config: Config | None = None,
    stock: str | None = None,
    dealer: int | None = None,
    owed: str | None = None,
    taken: str = "",
) -> State:
    """A state with the given hands, discard pile (bottom to top) and melds (owner, cards).

    Every other card goes to the stock unless ``stock`` is given (then the rest
    must be nothing). Each meld's cards are credited to its owner. Without a
    config, the cards dealt are as many as the smallest hand holds, and the turn
    count is as high as the discard pile and the stock need (so the position
    is one the rules reach, issue 15).
    """
    hand_cards = [sort_cards(parse_cards(h)) for h in hands]
    if config is None:
        credited = [
            len(hand_cards[s]) + sum(len(parse_cards(t)) for o, t in melds if o == s)
            - (1 if s == to_act and phase is Phase.PLAY else 0)
            for s in range(len(hands))
        ]
        dealt = max(1, min(credited))
        config = Config(num_players=len(hands), cards_2p=dealt, cards_3_4p=min(dealt, 13))
    pile = parse_cards(discard)
    table: list[TableMeld] = [make_meld(parse_cards(text), meld_rules(config)) for _, text in melds]
    used = Counter(c for h in hand_cards for c in h) + Counter(pile)
    used += Counter(c for m in table for c in m.cards)
    rest = Counter(make_deck(decks=config.decks, jokers_per_deck=config.jokers)) - used
    stock_cards = sort_cards(rest.elements()) if stock is None else parse_cards(stock)
    placed = [[] for _ in hands]  # type: list[list[Card]]
    points = [[] for _ in hands]  # type: list[list[int]]
    from cardrules.rummy500.scoring import placement_points

    for (owner, _), meld in zip(melds, table):
        placed[owner].extend(meld.cards)
        points[owner].extend(placement_points(meld, i, config) for i in range(len(meld.cards)))
    dealt_stock = config.deck_size - len(hands) * config.hand_size - 1
    begun = 1 if phase is Phase.PLAY else 0
    turns = max(0, len(pile) - 1, dealt_stock - len(stock_cards) - begun)
    state = State(
        config=config,
        seed=1,
        shuffles=2,
        round_number=1,
        turns=turns,
        dealer=(to_act - 1 - turns) % len(hands) if dealer is None else dealer,
        scores=(0,) * len(hands),
        hands=tuple(hand_cards),
        stock=stock_cards,
        discard=pile,
        melds=tuple(table),
        meld_owners=tuple(owner for owner, _ in melds),
        placed=tuple(tuple(p) for p in placed),
        placed_points=tuple(tuple(p) for p in points),
        phase=phase,
        to_act=to_act,
        owed=None if owed is None else parse_cards(owed)[0],
        taken=parse_cards(taken),
        stock_ran_out=config.stock_exhausted == "end" and not stock_cards,
    )
    if stock is None:
        validate_state(state)
    return state


def texts(actions: Sequence[object]) -> list[str]:
    """The text form of each action."""
    return [str(a) for a in actions]
