"""Building Rummy 500 positions for tests: give the cards that matter, the rest go to the stock."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.cards import make_deck, parse_cards, sort_cards
from cardrules.rummy500 import Config, Phase, State, validate_state
from cardrules.rummy500.builder import assemble


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
    if not discard and not taken and stock is None:
        # A pile is never empty but right after a player took all of it: the
        # spare card (the highest the position leaves free) lies on it.
        used = {c for h in hands for c in parse_cards(h.replace("…", ""))}
        used |= {c for _, text in melds for c in parse_cards(_plain(text))}
        pack = make_deck(decks=config.num_decks, jokers_per_deck=config.jokers)
        discard = str(next(c for c in reversed(sort_cards(pack)) if c not in used))
    # The public builder (issue 13 item 2) fills in the rest: the stock in card order.
    state = assemble(
        dict(enumerate(hands)), discard=discard, melds=melds, phase=phase, to_act=to_act,
        config=config, stock=stock, dealer=dealer, owed=owed, taken=taken, seed=1,
        shuffle=False,
    )
    if stock is None:
        validate_state(state)
    return state


def _plain(meld_text: str) -> str:
    """A meld's text without what its wild cards stand for (``JK=6♥`` is ``JK``)."""
    return " ".join(token.split("=")[0] for token in meld_text.split())


def texts(actions: Sequence[object]) -> list[str]:
    """The text form of each action."""
    return [str(a) for a in actions]
