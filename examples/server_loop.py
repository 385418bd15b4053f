"""A game server's loop: the server keeps the state, each client only ever gets its view.

Run:  python examples/server_loop.py [--game rummy500|vegas_rummy|casino] [--seed 3]

The "clients" here are random players that receive their view as JSON text,
decode it, and answer with an action as JSON text — exactly what would cross a
network. The server checks every answer before applying it.
"""

from __future__ import annotations

import argparse
import json
import random

import cardrules


def client_turn(view_json: str, chooser: random.Random) -> str:
    """A client: read my view, pick one of my legal actions, send it back as JSON."""
    my_view = cardrules.from_json(view_json)
    action = chooser.choice(my_view.legal_actions)
    return cardrules.to_json(action)


def serve(game: str, seed: int, max_turns: int) -> None:
    """Run one game, sending views out and reading actions in, all as JSON."""
    state = cardrules.new_game(game, seed=seed)
    clients: dict[int, random.Random] = {}  # seats can be added mid-game (Vegas late joins)
    sent = 0
    turns = 0
    while not state.is_over and turns < max_turns:
        seat = state.to_act
        view_json = cardrules.to_json(cardrules.view(state, seat))
        assert '"seed"' not in view_json  # a view never carries the seed
        sent += len(view_json)
        chooser = clients.setdefault(seat, random.Random(seed * 100 + seat))
        answer = cardrules.from_json(client_turn(view_json, chooser))
        reason = cardrules.check(state, answer)
        if reason is not None:  # a real server would tell the client and ask again
            print(f"seat {seat} sent an illegal action: {reason}")
            continue
        state = cardrules.apply(state, answer)
        turns += 1
    status = f"over, winners {state.winners}" if state.is_over else "stopped"
    print(f"{game}: {turns} turns served, {sent} bytes of views sent, game {status}")
    print("final scores:", json.dumps(list(state.scores)))  # whole numbers, as numbers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rummy500", choices=cardrules.GAMES)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--max-turns", type=int, default=100_000)
    args = parser.parse_args()
    serve(args.game, args.seed, args.max_turns)


if __name__ == "__main__":
    main()
