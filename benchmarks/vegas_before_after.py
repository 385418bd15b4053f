"""Las Vegas Rummy now against an earlier ``src`` folder: random play and JSON round trips.

Run::

    python benchmarks/vegas_before_after.py --before /work/before/src [--rounds 5] [--seconds 2]

The part of ``peers.py`` that issue 27's Las Vegas target asks about, alone, so
it can be run often: random legal play (``legal_actions`` and ``apply`` at every
step, full games from ``Config()``, game ``i`` dealt from seed ``i``) and
``from_json(to_json(state))`` on mid-game states, this code in this process and
the ``--before`` code in a child process (``peers.py --child``). The two take
turns in ``--rounds`` slices of about ``--seconds`` each, so a noisy machine
slows both alike; each round gives a ratio now ÷ before, and the median of the
rounds is the figure to quote.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from peers import (
    GAME_MODULES,
    Child,
    Player,
    Rate,
    cardrules_games,
    json_slice,
)

GAME = "vegas_rummy"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", metavar="SRC", required=True,
                        help="the src/ folder of the earlier cardrules")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    before = Child(sys.executable, source=args.before)
    now = Player(Rate("cardrules", GAME), cardrules_games(GAME_MODULES[GAME], None, args.seed))
    play_ratios, json_ratios = [], []
    print("round  play now/s  before/s  ratio   json now/s  before/s  ratio")
    for number in range(1, max(1, args.rounds) + 1):
        mark = (now.rate.actions, now.rate.seconds)
        now.play_for(args.seconds)
        now_rate = (now.rate.actions - mark[0]) / (now.rate.seconds - mark[1])
        reply = before.ask({"do": "play", "game": GAME, "seconds": args.seconds,
                            "seed": args.seed})
        before_rate = reply["actions"] / reply["seconds"]
        ours = next(t for t in json_slice(args.seconds / 2, args.seed) if t.what.startswith(GAME))
        theirs = next(t for t in before.ask({"do": "json", "seconds": args.seconds / 2,
                                             "seed": args.seed})["trips"]
                      if t["what"].startswith(GAME))
        if ours.error or theirs["error"]:
            raise SystemExit(f"JSON round trips failed: {ours.error or theirs['error']}")
        json_now = ours.count / ours.seconds
        json_before = theirs["count"] / theirs["seconds"]
        play_ratios.append(now_rate / before_rate)
        json_ratios.append(json_now / json_before)
        print(f"{number:5}  {now_rate:10.0f}  {before_rate:8.0f}  {play_ratios[-1]:5.2f}"
              f"   {json_now:10.0f}  {json_before:8.0f}  {json_ratios[-1]:5.2f}", flush=True)
    before.close()
    print(f"median now ÷ before: random play {statistics.median(play_ratios):.2f}x, "
          f"JSON round trips {statistics.median(json_ratios):.2f}x "
          f"({len(play_ratios)} interleaved rounds)")


if __name__ == "__main__":
    main()
