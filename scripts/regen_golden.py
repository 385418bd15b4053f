"""Regenerate the perft positions and golden playthroughs in ``tests/data/<game>/``.

For every game of :data:`cardrules.GAMES` (or the ones named with ``--game``)
this writes two files, using nothing but the engine's generic functions:

``tests/data/<game>/perft.json``
    Positions (the library's own state JSON) picked from seeded random play
    under several configs, each with ``perft(state, d)`` for d = 1, 2, 3
    (:func:`cardrules.perft.perft`: the number of legal action sequences).
``tests/data/<game>/golden.json``
    Whole seeded games: the config, the seed, the first state's
    :func:`~cardrules.perft.state_digest`, and for every action its index in
    ``legal_actions``, the length of that list, its text and the digest of the
    state it leads to (digests cut to their first 16 hex digits).

``tests/conformance/test_golden.py`` replays both; any change in rules
behaviour (what is legal, in what order, what an action does, what a state
holds) shows up as a changed number or digest.

Run from the repository root::

    .venv/bin/python scripts/regen_golden.py                 # every game
    .venv/bin/python scripts/regen_golden.py --game casino   # one game (e.g. after a rules change)
    .venv/bin/python scripts/regen_golden.py --check         # compare only, write nothing

Regenerate only after a deliberate change of the rules (or of the state
format), and say so in the changelog: the point of these files is that nothing
else changes them. A game with no entry in ``CONFIGS`` below is generated from
its default config.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import cardrules
from cardrules import engine
from cardrules.perft import state_digest

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"

FORMAT = 1
"""The version of the two data files' layout."""

CONFIGS: dict[str, list[dict[str, Any]]] = {
    "rummy500": [
        {},
        {"num_players": 3, "target": 150, "jokers": 2, "allow_wraparound": True},
        {"num_players": 4, "target": 100, "stock_exhausted": "reshuffle", "low_ace_points": 1,
         "strict_immediate": True, "forbid_rediscard_of_taken_card": True},
        {"target": 100, "stock_exhausted": "discard_only", "go_out_without_discard": False,
         "top_discard_must_be_used": False, "tie": "shared"},
    ],
    "vegas_rummy": [
        {"num_players": 3, "max_score": 20, "reshuffle_limit": 1, "max_seats": 4},
        {"num_players": 2, "cards_per_player": 5, "max_score": 12, "buy_in": "2.50",
         "wild_scope": "card", "meld_solidarity": False, "reshuffle_limit": 1, "max_seats": 3},
        {"num_players": 4, "max_score": 40, "meld_strictness": True, "allow_wraparound": True,
         "require_natural": False, "go_out_without_discard": True, "reshuffle_limit": 0,
         "max_seats": 5, "late_join_cost": "plus_one", "first_dealer": 2, "cards_per_player": 5},
        {"num_players": 6, "cards_per_player": 4, "max_score": 12, "ace_hand_points": 11,
         "third_gets_buy_in": True, "reshuffle_limit": 1, "max_seats": 6, "buy_in": 1},
    ],
    "casino": [
        {},
        {"variant": "royal", "sweeps": True},
        {"num_players": 3, "compulsory_capture": True, "face_capture": "all", "target": 11},
        {"num_players": 4, "partnerships": True, "capture_all": True, "build_for_partner": True,
         "target": 11},
    ],
}
"""Per game, the configs (keyword arguments of its ``Config``) used for positions and games."""

SEEDS_PER_CONFIG = 1
"""Golden games per config."""
DIGEST_CHARS = 16
"""Golden files keep the first 16 hex digits (64 bits) of each state digest."""
MAX_GOLDEN_ACTIONS = 300
"""A golden game is cut off (recorded as unfinished) after this many actions."""
POSITION_STEPS = (0, 1, 2, 5, 9, 14, 23, 37, 61)
"""Candidate positions: the state after this many random actions."""
POSITIONS_PER_CONFIG = 3
"""Positions kept per config: the ones with the most legal actions."""
MAX_LEAVES = 40_000
"""A position whose perft(3) exceeds this is skipped (the test suite must stay quick)."""


def configs_of(game: str) -> list[Any]:
    """The config objects of ``game`` (its default config if it has no entry)."""
    config_type = engine.definition(game).config_type
    return [config_type(**kwargs) for kwargs in CONFIGS.get(game, [{}])]


def _document(obj: object) -> Any:
    """The object's JSON envelope, as a JSON value (kept readable in the data files)."""
    return json.loads(cardrules.to_json(obj))


def _bounded_perft(rules: engine.GameDefinition, state: Any, depth: int, budget: list[int]) -> int:
    if depth == 0:
        return 1
    actions = rules.legal_actions(state)
    if depth == 1:
        budget[0] -= len(actions)
        if budget[0] < 0:
            raise OverflowError
        return len(actions)
    return sum(
        _bounded_perft(rules, rules.apply(state, a), depth - 1, budget) for a in actions
    )


def perft_positions(game: str) -> list[dict[str, Any]]:
    """Positions of ``game`` with their perft counts at depths 1 to 3."""
    rules = engine.definition(game)
    out: list[dict[str, Any]] = []
    for number, config in enumerate(configs_of(game)):
        rnd = random.Random(f"perft:{game}:{number}")
        candidates: list[tuple[int, int, Any]] = []
        for seed in range(3):
            state = rules.new_game(config, seed=seed)
            steps = 0
            for target in POSITION_STEPS:
                while steps < target and not state.is_over:
                    state = rules.apply(state, rnd.choice(rules.legal_actions(state)))
                    steps += 1
                if state.is_over:
                    break
                candidates.append((seed, steps, state))
        # Prefer positions with more choice, then earlier ones; keep them varied.
        candidates.sort(key=lambda c: (-len(rules.legal_actions(c[2])), c[0], c[1]))
        kept = 0
        first = rules.new_game(config, seed=number)
        seen = {state_digest(first)}  # the deal below is kept anyway
        for seed, steps, state in candidates:
            if kept == POSITIONS_PER_CONFIG:
                break
            if state_digest(state) in seen:
                continue
            seen.add(state_digest(state))
            try:
                counts = [_bounded_perft(rules, state, d, [MAX_LEAVES]) for d in (1, 2, 3)]
            except OverflowError:
                continue
            out.append(
                {
                    "name": f"config{number}-seed{seed}-after{steps}",
                    "perft": counts,
                    "state": _document(state),
                }
            )
            kept += 1
        # Always keep the first position of a game too (the deal).
        out.append(
            {
                "name": f"config{number}-seed{number}-start",
                "perft": [_bounded_perft(rules, first, d, [10**9]) for d in (1, 2, 3)],
                "state": _document(first),
            }
        )
    return out


def _golden_game(
    rules: engine.GameDefinition, config: Any, seed: int
) -> tuple[Any, str, list[list[Any]]]:
    rnd = random.Random(f"golden:{rules.name}:{seed}")
    state = rules.new_game(config, seed=seed)
    start = state_digest(state)[:DIGEST_CHARS]
    steps: list[list[Any]] = []
    while not state.is_over and len(steps) < MAX_GOLDEN_ACTIONS:
        legal = rules.legal_actions(state)
        index = rnd.randrange(len(legal))
        action = legal[index]
        state = rules.apply(state, action)
        steps.append([index, len(legal), str(action), state_digest(state)[:DIGEST_CHARS]])
    return state, start, steps


def golden_games(game: str) -> list[dict[str, Any]]:
    """Whole seeded random games of ``game``: choices, texts and every state's digest."""
    rules = engine.definition(game)
    out: list[dict[str, Any]] = []
    for number, config in enumerate(configs_of(game)):
        for base in range(SEEDS_PER_CONFIG):
            # The first seed from 100 * number + base whose game ends within the cap.
            for seed in range(100 * number + base, 100 * number + base + 50, SEEDS_PER_CONFIG):
                state, start, steps = _golden_game(rules, config, seed)
                if state.is_over:
                    break
            out.append(
                {
                    "config": _document(config),
                    "seed": seed,
                    "over": state.is_over,
                    "start": start,
                    "steps": steps,
                }
            )
    return out


def generate(game: str) -> dict[str, Any]:
    """Both data files of ``game``, as JSON values, keyed by file name."""
    header = {"format": FORMAT, "game": game, "generated_by": "scripts/regen_golden.py"}
    return {
        "perft.json": {**header, "positions": perft_positions(game)},
        "golden.json": {**header, "games": golden_games(game)},
    }


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _text(value: Any) -> str:
    """Compact JSON with one position, game or step a line (small files, readable diffs)."""
    lines = ["{"]
    items = list(value.items())
    for number, (key, item) in enumerate(items):
        comma = "," if number < len(items) - 1 else ""
        if key not in ("positions", "games"):
            lines.append(f"{_compact(key)}:{_compact(item)}{comma}")
            continue
        lines.append(f"{_compact(key)}:[")
        for k, entry in enumerate(item):
            end = "," if k < len(item) - 1 else ""
            if "steps" in entry:
                head = {key2: v for key2, v in entry.items() if key2 != "steps"}
                lines.append(_compact(head)[:-1] + ',"steps":[')
                steps = entry["steps"]
                lines.extend(
                    _compact(step) + ("," if j < len(steps) - 1 else "")
                    for j, step in enumerate(steps)
                )
                lines.append("]}" + end)
            else:
                lines.append(_compact(entry) + end)
        lines.append("]" + comma)
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == value
    return text


def main(argv: list[str] | None = None) -> int:
    """Regenerate (or with ``--check`` compare) the data files; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", choices=cardrules.GAMES,
                        help="only this game (repeatable); default: every game")
    parser.add_argument("--check", action="store_true",
                        help="compare with the files on disk and write nothing")
    args = parser.parse_args(argv)
    changed = 0
    for game in args.game or cardrules.GAMES:
        started = time.perf_counter()
        files = generate(game)
        for name, value in files.items():
            path = DATA / game / name
            text = _text(value)
            same = path.exists() and path.read_text(encoding="utf-8") == text
            changed += not same
            if args.check:
                print(f"{path.relative_to(ROOT)}: {'unchanged' if same else 'DIFFERS'}")
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(f"{path.relative_to(ROOT)}: {'unchanged' if same else 'written'}, "
                      f"{len(text.encode()) // 1024} KB")
        print(f"{game}: {time.perf_counter() - started:.1f} s")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
