"""Issue 30 items 6 and 7 in a pseudo-terminal: Las Vegas Rummy at 80×24 (no screen
after a move taller than the terminal) and quitting a ranked game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.terminal import Terminal

COLUMNS, ROWS = 80, 24
_WAITS = re.compile(r"(Your move> |Your play> |\[Enter: [^\]]*\] |Which \([^)]*\)> )")


def _rows(screen: str) -> int:
    """The terminal rows ``screen`` takes at :data:`COLUMNS` (long lines wrap)."""
    lines = screen.split("\n")
    return sum(max(1, -(-len(line) // COLUMNS)) for line in lines)


def _play_and_measure(seed: int, moves: int, tmp_path: Path) -> list[tuple[int, str]]:
    """Play ``moves`` inputs of a 4-player Las Vegas game (always the first listed action);
    each screen between two inputs, with its height in rows."""
    env = {"XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    args = ["play", "vegas", "--players", "4", "--seed", str(seed), "--no-leaderboard"]
    term = Terminal(args, env, columns=COLUMNS, rows=ROWS)
    screens = []
    try:
        for _ in range(moves):
            try:
                screen = term.expect(_WAITS.pattern, timeout=60)
            except AssertionError:
                break  # the game ended
            # The first line is the rest of the row the last input was typed on.
            screen = screen.split("\n", 1)[1] if "\n" in screen else screen
            screens.append((_rows(screen), screen))
            wait = _WAITS.search(screen)
            assert wait is not None
            term.line("" if wait.group(1).startswith("[Enter") else "1")
        term.line("quit")
    finally:
        term.close()
    return screens


@pytest.mark.parametrize("seed", [3, 11])
def test_no_las_vegas_screen_after_a_move_is_taller_than_an_80x24_terminal(seed, tmp_path):
    screens = _play_and_measure(seed, 80, tmp_path)
    assert len(screens) > 20
    tallest = max(screens, key=lambda item: item[0])
    assert tallest[0] <= ROWS, f"{tallest[0]} rows:\n{tallest[1]}"
    # Every turn still shows whose turn it is and at least one numbered action,
    # and during a round the hand.
    turns = [screen for _, screen in screens if screen.endswith(("Your move> ", "Your play> "))]
    assert turns and all("To act: You" in s and "1. " in s for s in turns)
    assert sum("Your hand" in s for s in turns) > len(turns) // 2


def test_the_readings_of_one_meld_share_one_entry():
    import random

    from cardrules import vegas_rummy
    from cardrules.cli.menu import arrange, entries

    chooser = random.Random(5)
    for seed in range(40):
        state = vegas_rummy.new_game(vegas_rummy.Config(num_players=2), seed=seed)
        for _ in range(60):
            if state.is_over:
                break
            legal = arrange("vegas_rummy", vegas_rummy.legal_actions(state))
            listed = entries("vegas_rummy", legal)
            flat = [a for entry in listed for a in entry]
            assert sorted(map(str, flat)) == sorted(map(str, legal))  # nothing lost or added
            grouped = [entry for entry in listed if len(entry) > 1]
            if grouped:
                for entry in grouped:
                    assert {type(a).__name__ for a in entry} <= {"Meld", "LayOff"}
                    words = {tuple(sorted(re.sub(r"=\S+", "", str(a)).split())) for a in entry}
                    assert len(words) == 1, entry
                return
            state = vegas_rummy.apply(state, chooser.choice(legal))
    pytest.fail("no seed gave a meld with several readings")
