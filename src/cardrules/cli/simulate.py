"""``cardrules simulate GAME --games N --bots a,b``: bot-vs-bot matches and win rates.

The games are played by :func:`cardrules.bots.simulate.play_games` (what
:func:`cardrules.bots.simulate` uses): seats rotate from game to game, deals and
bots are seeded from ``--seed`` and the game's number, so a result depends on
``--seed`` and never on ``--workers`` or ``--backend``. By default every core
plays (``--workers 1``: one process); ``--backend ray`` plays on a Ray cluster
(``--address``) or a local Ray instance. Taking the outcomes as they come
(rather than one call of ``simulate``) lets the command show a progress bar on
stderr when stderr is a terminal. Win rates come with 95 % Wilson intervals.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import time
from collections.abc import Sequence
from typing import IO, TYPE_CHECKING, Any

from cardrules import bots, rng
from cardrules.bots.simulate import BACKENDS, play_games
from cardrules.cli.errors import UsageError
from cardrules.cli.options import GAME_TITLES, add_game_option_flags, build_config, game_name
from cardrules.cli.players import LEVELS, parse_levels
from cardrules.records import to_json

if TYPE_CHECKING:
    from cardrules.bots.simulate import GameOutcome

__all__ = ["add_parser", "run", "summarise"]

MAX_GAMES = 1_000_000
MAX_WORKERS = 64


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``simulate`` subcommand."""
    parser = commands.add_parser(
        "simulate",
        help="play many bot-vs-bot games and report win rates",
        description="Play N seeded games of GAME between computer players (seats rotated) and "
        "report win rates with 95% Wilson intervals.",
    )
    parser.add_argument(
        "game", type=game_name, metavar="GAME", help="rummy500, vegas_rummy or casino"
    )
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="games to play (default 100)"
    )
    parser.add_argument(
        "--bots",
        default="normal,expert",
        metavar="LEVEL,LEVEL[,...]",
        help=f"one level a seat ({', '.join(LEVELS)}; default normal,expert, as in watch)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        metavar="K",
        help="processes (default: every core; 1 plays in this process)",
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="process",
        help="process: this machine (default); ray: Ray tasks (needs cardrules[ray])",
    )
    parser.add_argument(
        "--address",
        metavar="ADDR",
        help="with --backend ray: the cluster to join (auto, ray://host:10001); "
        "default: a local Ray instance",
    )
    parser.add_argument("--seed", type=int, help="reproduce a match (default: a fresh seed)")
    parser.add_argument("--json", action="store_true", help="print a JSON summary")
    add_game_option_flags(parser, seats=False)
    parser.set_defaults(run=run)


def _check_levels(game: str, levels: Sequence[str]) -> None:
    for level in sorted(set(levels), key=LEVELS.index):
        try:
            bots.make(game, level, seed=0)
        except ValueError as exc:
            raise UsageError(f"--bots: {exc}") from None


def run(args: argparse.Namespace, out: IO[str], err: IO[str], _inp: IO[str]) -> int:
    """Play the match and print its summary."""
    levels = parse_levels(args.bots)
    if not 2 <= len(levels) <= 8:
        raise UsageError(f"--bots lists 2-8 levels, one a seat, not {len(levels)}")
    if not 1 <= args.games <= MAX_GAMES:
        raise UsageError(f"--games must be 1..{MAX_GAMES}, not {args.games}")
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be 1..{MAX_WORKERS}, not {args.workers}")
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address is for --backend ray")
    if args.backend == "ray" and importlib.util.find_spec("ray") is None:
        raise UsageError("--backend ray needs Ray: pip install 'cardrules[ray]'")
    _check_levels(args.game, levels)
    config = build_config(args.game, args, players=len(levels))
    seed = args.seed if args.seed is not None else rng.draw_seed()
    try:
        rng.validate_seed(seed)
    except (TypeError, ValueError) as exc:
        raise UsageError(f"bad --seed: {exc}") from None
    progress = _Progress(err, args.games) if _isatty(err) else None
    outcomes = []
    played = play_games(
        args.game,
        levels,
        games=args.games,
        seed=seed,
        config=config,
        workers=args.workers,
        backend=args.backend,
        address=args.address,
    )
    for outcome in played:
        outcomes.append(outcome)
        if progress:
            progress.tick()
    if progress:
        progress.done()
    outcomes.sort(key=lambda o: o.index)
    summary = summarise(args.game, levels, outcomes, seed, config)
    if args.json:
        out.write(json.dumps(summary, indent=2) + "\n")
    else:
        out.write(_table(summary) + "\n")
    return 0


def summarise(
    game: str, levels: Sequence[str], outcomes: Sequence[GameOutcome], seed: int, config: Any
) -> dict[str, Any]:
    """The JSON-ready summary: per bot its wins, win rate, 95 % interval and mean score."""
    n = len(levels)
    games = len(outcomes)
    labels = [
        f"{level}#{i + 1}" if list(levels).count(level) > 1 else level
        for i, level in enumerate(levels)
    ]
    wins = [0] * n
    totals = [0] * n
    for outcome in outcomes:
        for b in outcome.winners:
            wins[b] += 1
        for b in range(n):
            totals[b] += outcome.scores[b]
    results = []
    for b in range(n):
        low, high = bots.wilson_interval(wins[b], games)
        results.append(
            {
                "bot": labels[b],
                "level": levels[b],
                "wins": wins[b],
                "win_rate": wins[b] / games,
                "ci95": [low, high],
                "mean_score": totals[b] / games,
            }
        )
    return {
        "game": game,
        "games": games,
        "seed": seed,
        "config": json.loads(to_json(config))["data"],
        "bots": results,
        "mean_rounds": sum(o.rounds for o in outcomes) / games,
        "mean_actions": sum(o.actions for o in outcomes) / games,
        "unfinished": sum(1 for o in outcomes if not o.winners),
    }


def _table(summary: dict[str, Any]) -> str:
    lines = [
        f"{GAME_TITLES[summary['game']]}: {summary['games']} games, seed {summary['seed']}, "
        f"seats rotated",
        f"  {'bot':<12} {'wins':>6} {'win rate':>9}   95% interval      mean score",
    ]
    for row in summary["bots"]:
        low, high = row["ci95"]
        lines.append(
            f"  {row['bot']:<12} {row['wins']:>6} {row['win_rate']:>9.1%}   "
            f"[{low:6.1%}, {high:6.1%}]  {row['mean_score']:>10.1f}"
        )
    lines.append(f"  mean rounds a game: {summary['mean_rounds']:.2f}")
    if summary["unfinished"]:
        lines.append(f"  unfinished games: {summary['unfinished']}")
    return "\n".join(lines)


class _Progress:
    """A one-line progress bar with the time left, redrawn in place on a terminal."""

    def __init__(self, stream: IO[str], total: int) -> None:
        self.stream = stream
        self.total = total
        self.count = 0
        self.shown = -1
        self.started = time.monotonic()
        self._draw()  # at once: the first games may take a while to come back

    def tick(self) -> None:
        self.count += 1
        percent = self.count * 100 // self.total
        if percent != self.shown or self.count == self.total:
            self.shown = percent
            self._draw()

    def _draw(self) -> None:
        filled = self.count * 30 // self.total
        elapsed = time.monotonic() - self.started
        timing = f"  {_clock(elapsed)} so far"
        if self.count:
            timing += f", about {_clock(elapsed / self.count * (self.total - self.count))} left"
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.count}/{self.total} games{timing}  "
        )
        self.stream.flush()

    def done(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


def _clock(seconds: float) -> str:
    """``1:02:03`` / ``2:03``: a duration as a person reads it."""
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _isatty(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
