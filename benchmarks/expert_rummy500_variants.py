"""Report: the Rummy 500 expert variants tried for issue 31, against normal, paired by deal.

``benchmarks/results/expert_rummy500_variants.jsonl`` holds one-round 2-player
games of each variant against normal, played as
``expert_vs_normal.py --only rummy500`` plays them (game ``index``, seed 31,
seats alternating with the index, so every variant met the same deals), on the
code of commit 87e7496 with the variant patched in (the shipped one is
``v3``). ``scores`` are the expert's round score, then normal's. The table
gives each variant's share of the games (ties half, 95 % Wilson interval), its
mean round-score lead over normal, and that lead less the reference variant's
on the same deals, with standard errors::

    python benchmarks/expert_rummy500_variants.py --reference nohold
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict

from cardrules.bots import wilson_interval

RESULTS = "benchmarks/results/expert_rummy500_variants.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", default=RESULTS)
    parser.add_argument("--reference", default="nohold", help="the variant others are paired with")
    args = parser.parse_args()
    games: dict[str, dict[int, dict[str, object]]] = defaultdict(dict)
    described: dict[str, str] = {}
    with open(args.results) as handle:
        for text in handle:
            if text.strip():
                line = json.loads(text)
                games[line["variant"]][line["index"]] = line
                described[line["variant"]] = line["description"]

    def lead(line: dict[str, object]) -> float:
        scores = line["scores"]
        assert isinstance(scores, list)
        return float(scores[0] - scores[1])

    reference = games[args.reference]
    print(f"{'variant':<8} {'n':>4}  {'expert':>6}  95 % interval     lead (se)     "
          f"vs {args.reference} (se)  description")
    for name, played in games.items():
        n = len(played)
        score = sum({"win": 1.0, "tie": 0.5}.get(str(g["result"]), 0.0) for g in played.values())
        low, high = wilson_interval(score, n)
        leads = [lead(g) for g in played.values()]
        paired = [lead(played[i]) - lead(reference[i]) for i in played if i in reference]
        print(
            f"{name:<8} {n:4d}  {score / n:6.1%}  [{low:.1%}, {high:.1%}]  "
            f"{statistics.mean(leads):6.1f} ({statistics.stdev(leads) / n**0.5:4.1f})  "
            f"{statistics.mean(paired):+7.1f} ({statistics.stdev(paired) / len(paired)**0.5:4.1f})"
            f"  {described[name]}"
        )


if __name__ == "__main__":
    main()
