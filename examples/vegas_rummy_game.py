"""A seeded game of Las Vegas Rummy between random players.

Prints every move, each round's scoring, the rebuys, retirements and joins, and
the pot settlement. Run: ``.venv/bin/python examples/vegas_rummy_game.py [seed]``
"""

from __future__ import annotations

import random
import sys
from decimal import Decimal

from cardrules.cards import format_cards
from cardrules.vegas_rummy import (
    Config,
    Deal,
    Draw,
    LayOff,
    Meld,
    Rebuy,
    Retire,
    apply,
    join,
    join_error,
    legal_actions,
    new_game,
    scoring,
)


def main(seed: int = 7) -> None:
    """Play and narrate one game."""
    rnd = random.Random(seed)
    config = Config(num_players=4, max_score=50, cards_per_player=7, buy_in=Decimal("2.00"),
                    third_gets_buy_in=True, max_seats=5, reshuffle_limit=3)
    state = new_game(config, seed=seed)
    cut = " ".join(
        "/".join("--" if c is None else str(c) for c in row) for row in state.cut[-1].passes
    )
    print(f"Cut for dealer: {cut} -> seat {state.dealer} deals")
    shown_round = 0
    while not state.is_over:
        if state.round_number != shown_round and state.upcard is not None:
            shown_round = state.round_number
            print(f"\nRound {shown_round}: dealer {state.dealer}, upcard {state.upcard} "
                  f"(wild: {format_cards(sorted(state.wilds))})")
        actions = legal_actions(state)
        if state.phase == "draw":
            action: object = Draw() if Draw() in actions else actions[0]
        elif state.phase == "decide":
            action = rnd.choice([Rebuy(), Retire()])
        elif state.phase == "table":
            if join_error(state) is None and rnd.random() < 0.3:
                state = join(state)  # the host seats a newcomer (LV-14), then the deal
                print(f"  a new player joins as seat {state.num_players - 1}")
            action = Deal()
        else:
            placing = [a for a in actions if isinstance(a, Meld | LayOff)]
            action = rnd.choice(placing) if placing else rnd.choice(actions)
        seat = state.to_act
        state = apply(state, action)
        if not isinstance(action, Draw):
            print(f"  seat {seat}: {action}")
        if state.history and state.history[-1].round_number == shown_round and (
            state.phase not in ("draw", "play")
        ):
            result = state.history[-1]
            who = "nobody" if result.went_out is None else f"seat {result.went_out}"
            print(f"  {who} went out; points {result.points}; scores {result.scores}")
            shown_round = -shown_round
    settlement = scoring.settle(state)
    print(f"\nWinner(s): {settlement.winners}; runner(s)-up: {settlement.runners_up}; "
          f"second runner(s)-up: {settlement.second_runners_up}")
    for entry in state.ledger:
        print(f"  ledger: after round {entry.after_round}, seat {entry.seat} {entry.kind} "
              f"{entry.amount} (score {entry.score})")
    print(f"Pot {settlement.pot}:")
    for seat, (paid, got) in enumerate(zip(settlement.paid, settlement.payouts)):
        print(f"  seat {seat}: paid {_money(paid)}, receives {_money(got)}")


def _money(amount: object) -> str:
    """Cents when the amount is whole cents (11.2 -> 11.20); otherwise exactly as it is."""
    if isinstance(amount, Decimal) and amount == amount.quantize(Decimal("0.01")):
        return f"{amount:.2f}"
    return str(amount)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
