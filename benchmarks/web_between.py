"""Benchmark: what the tables shown between moves cost the answer to a move (issue 28).

The answer to a player's move carries ``between``: the player's own views after each computer
move since, so the page can show the table as each of them lands. This measures, for each game,
the extra time and bytes against the same answer without it, on the same positions:

- **replies**: the computer players' answers to the player's move with the views recorded
  (``WebGame.play_bots(steps)``: one more ``apply`` on an empty log and one view per computer
  move) beside the same answers without them (``play_bots()``), each pair from two copies of the
  same saved game, so the bots make the same moves;
- **payload**: ``table_payload(..., since_move=...)`` beside ``table_payload(...)`` of the same
  view, and the bytes of each as JSON.

Seeded games of three players against normal bots, the player playing a random listed move;
the two sides interleaved in every round, medians of the per-round sums. Run::

    .venv/bin/python benchmarks/web_between.py [--rounds 5] [--moves 40]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from cardrules import engine
from cardrules.records import GameRecord
from cardrules.web.games import WebGame
from cardrules.web.payload import Table, table_payload
from cardrules.wire.server import read_act


def _positions(game: str, moves: int, seed: int) -> list[tuple[str, int]]:
    """Saved games at the player's turn, with the index of the move the player plays there."""
    state = engine.new_game(game, engine.definition(game).config_type(num_players=3), seed=seed)
    record = GameRecord(game, state.config, seed, None, ())
    names = ["Ada", "Bot 1 (normal)", "Bot 2 (normal)"]
    web = WebGame("bench", "bench", record, names, [None, "normal", "normal"], practice=True)
    web.play_bots()
    picker = random.Random(seed)
    out = []
    while len(out) < moves and not web.state.is_over:
        view = web.view(0)
        index = picker.randrange(len(view.legal_actions))
        out.append((web.document(), index))
        web.act({"index": index})
    return out


def _measure(positions: list[tuple[str, int]]) -> dict[str, float]:
    sums = {"plain": 0.0, "recorded": 0.0, "payload": 0.0, "payload+": 0.0}
    size = {"bytes": 0, "bytes+": 0}
    for document, index in positions:
        plain, recorded = WebGame.from_document(document), WebGame.from_document(document)
        for web in (plain, recorded):
            web._apply(read_act(web.rules, web.state, web.seat, {"index": index}))
        begun = time.perf_counter()
        plain.play_bots()
        sums["plain"] += time.perf_counter() - begun
        steps: list[tuple[int, object]] = [(0, recorded.view(0))]
        begun = time.perf_counter()
        recorded.play_bots(steps)
        sums["recorded"] += time.perf_counter() - begun
        assert plain.actions == recorded.actions  # the same moves either way
        recorded._since_move = (recorded.version, tuple(steps))
        since = recorded.views_since_move()
        table = Table("bench", recorded.game, tuple(recorded.names), True, recorded.version)
        view = recorded.view(0)
        begun = time.perf_counter()
        without = table_payload(table, view)
        sums["payload"] += time.perf_counter() - begun
        begun = time.perf_counter()
        with_between = table_payload(table, view, since_move=since)
        sums["payload+"] += time.perf_counter() - begun
        size["bytes"] += len(json.dumps(without, ensure_ascii=False).encode())
        size["bytes+"] += len(json.dumps(with_between, ensure_ascii=False).encode())
    return {**sums, **{k: float(v) / len(positions) for k, v in size.items()}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=40, help="player's moves per game")
    args = parser.parse_args()
    positions = {game: _positions(game, args.moves, seed=31) for game in engine.GAMES}
    rounds: dict[str, list[dict[str, float]]] = {game: [] for game in engine.GAMES}
    for _ in range(args.rounds):
        for game in engine.GAMES:
            rounds[game].append(_measure(positions[game]))
    print(f"{args.rounds} rounds, {args.moves} moves of the player per game, 3 players")
    print(
        f"{'game':12} {'replies ms':>11} {'+views ms':>10} {'ratio':>6}"
        f" {'payload ms':>11} {'+between':>9} {'bytes':>7} {'+between':>9}"
    )
    for game, results in rounds.items():
        med = {key: statistics.median(r[key] for r in results) for key in results[0]}
        n = len(positions[game])
        print(
            f"{game:12} {med['plain'] / n * 1000:11.3f} {med['recorded'] / n * 1000:10.3f}"
            f" {med['recorded'] / med['plain']:6.2f} {med['payload'] / n * 1000:11.3f}"
            f" {med['payload+'] / n * 1000:9.3f} {med['bytes']:7.0f} {med['bytes+']:9.0f}"
        )


if __name__ == "__main__":
    main()
