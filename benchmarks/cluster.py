"""Games per second of ``simulate()`` on 1 process, on every core and on a local Ray instance.

Run::

    pip install -e '.[ray]'
    nice python benchmarks/cluster.py [--game rummy500] [--bots easy,normal] [--games 200]

The same match (same game, bots, config, seed and number of games) is played
three ways — ``workers=1``, ``workers=None`` (every core) and
``backend="ray"`` on a local Ray instance (started first and timed apart, and
warmed up with a few games so its workers have imported cardrules, as on a
cluster that is up before a job runs) — and the three results are checked to be
identical (every outcome of every game). For each it prints games per second,
the speed-up over one process and the CPU-hours a million such games take
(wall time × cores used), which is what a cluster bills. A ``--rst FILE``
writes the table for ``docs/cluster.rst``.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.util
import os
import platform
import time
from pathlib import Path

import cardrules
from cardrules.bots.simulate import SimulationResult, available_cores, simulate


def timed(**kwargs: object) -> tuple[SimulationResult, float]:
    start = time.perf_counter()
    result = simulate(**kwargs)  # type: ignore[arg-type]
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="rummy500")
    parser.add_argument("--bots", default="easy,normal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--rst", metavar="FILE", help="also write the table as reStructuredText")
    args = parser.parse_args()
    match = {"game": args.game, "bots": args.bots.split(","), "games": args.games,
             "seed": args.seed}
    cores = available_cores()
    rows: list[tuple[str, int, float]] = []
    serial, seconds = timed(**match, workers=1)
    rows.append(("1 process (workers=1)", 1, seconds))
    every, seconds = timed(**match)
    rows.append((f"every core (workers=None: {cores} processes)", cores, seconds))
    assert every == serial and every.outcomes == serial.outcomes, "workers changed the result"
    ray_note = "Ray not installed"
    if importlib.util.find_spec("ray") is not None:
        import ray

        start = time.perf_counter()
        ray.init(include_dashboard=False, log_to_driver=False)
        ray_note = f"local Ray {ray.__version__} started in {time.perf_counter() - start:.1f} s"
        ray_cpus = int(ray.cluster_resources().get("CPU", 1))
        # Warm up: Ray's worker processes import cardrules once, before a job's first games.
        simulate(**{**match, "games": 2 * ray_cpus}, backend="ray")
        on_ray, seconds = timed(**match, backend="ray")
        rows.append((f"local Ray ({ray_cpus} CPUs)", ray_cpus, seconds))
        assert on_ray == serial and on_ray.outcomes == serial.outcomes, "Ray changed the result"
        ray.shutdown()
    base = rows[0][2]
    table = [["How", "Games/s", "Speed-up", "Wall hours per million games",
              "CPU-hours per million games"]]
    for how, used, seconds in rows:
        per_second = args.games / seconds
        table.append([how, f"{per_second:,.1f}", f"{base / seconds:.2f}×",
                      f"{1e6 / per_second / 3600:,.1f}", f"{1e6 / per_second / 3600 * used:,.1f}"])
    machine = (
        f"Measured {datetime.date.today().isoformat()} on {platform.machine()} "
        f"{platform.system()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"cardrules {cardrules.__version__}: {args.game}, bots {args.bots}, {args.games} games, "
        f"seed {args.seed}; {ray_note}; all results identical to the 1-process run."
    )
    for row in table:
        print("  ".join(f"{cell:<46}" if i == 0 else f"{cell:>14}" for i, cell in enumerate(row)))
    print(machine)
    if args.rst:
        lines = [".. This file is written by benchmarks/cluster.py --rst; do not edit it by hand.",
                 "", machine, "", ".. list-table::", "   :header-rows: 1", ""]
        for row in table:
            lines += [("   * - " if i == 0 else "     - ") + cell for i, cell in enumerate(row)]
        Path(args.rst).parent.mkdir(parents=True, exist_ok=True)
        Path(args.rst).write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"wrote {args.rst}")


if __name__ == "__main__":
    main()
