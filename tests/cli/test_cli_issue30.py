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


def _run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    import io

    from cardrules.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_quitting_a_ranked_game_asks_first(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    term = Terminal(["play", "rummy500", "--no-leaderboard"], env, columns=COLUMNS, rows=ROWS)
    try:
        term.expect("Your move> ")
        term.line("quit")
        asked = term.expect(r"Quit anyway\? \[y/N\] ")
        assert "ranked" in asked and "practice" in asked
        term.line("n")
        term.expect("Going on.")
        term.expect("Your move> ")
        term.line("quit")
        term.expect(r"Quit anyway\? \[y/N\] ")
        term.line("y")
        term.expect("The game is saved to")
    finally:
        assert term.close() == 0
    saves = list((tmp_path / "cardrules" / "saves").glob("*.json"))
    assert len(saves) == 1


def test_quitting_a_practice_game_does_not_ask(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    args = ["play", "rummy500", "--seed", "4", "--no-leaderboard"]
    term = Terminal(args, env, columns=COLUMNS, rows=ROWS)
    try:
        term.expect("Your move> ")
        term.line("quit")
        shown = term.expect("The game is saved to")
        assert "Quit anyway" not in shown
    finally:
        assert term.close() == 0


def test_a_finished_game_is_saved_listed_and_replayed_with_your_hand(tmp_path):
    code, out, _ = _run(
        ["play", "casino", "--target", "3", "--level", "easy", "--name", "Ada"], "1\n" * 500
    )
    assert code == 0 and "Game saved to" in out
    name = re.search(r"replay it: cardrules replay (\S+)\)", out)[1]
    code, listed, _ = _run(["saves"])
    assert name in listed and "finished" in listed
    code, replayed, _ = _run(["replay", name])
    assert code == 0 and "Ada" in replayed


def test_saves_lists_a_folder_given_to_it(tmp_path):
    elsewhere = tmp_path / "mine"
    elsewhere.mkdir()
    save = elsewhere / "g.json"
    _run(["play", "rummy500", "--seed", "3", "--no-leaderboard", "--save", str(save)], "quit\n")
    code, listed, _ = _run(["saves", str(elsewhere)])
    assert code == 0
    assert str(save) in listed and "Rummy 500" in listed and "in progress" in listed
    code, _, err = _run(["saves", str(save)])
    assert code != 0 and "not a folder" in err


def test_an_unfinished_replay_shows_only_your_hand(tmp_path):
    save = tmp_path / "u.json"
    args = ["play", "rummy500", "--seed", "3", "--no-leaderboard", "--save", str(save)]
    _run(args, "draw\nquit\n")
    code, replayed, _ = _run(["replay", str(save)])
    assert code == 0
    assert "Your hand" in replayed and "\nHands:" not in replayed
    assert "you drew" in replayed


# Item 8: one move syntax where the move is the same, one wording, and `why`.


def test_take_names_the_card_or_not_in_both_rummies():
    from cardrules import rummy500, vegas_rummy
    from cardrules.errors import IllegalActionError

    state = vegas_rummy.new_game(vegas_rummy.Config(num_players=2, first_dealer=0), seed=3)
    top = state.discard[-1]
    assert vegas_rummy.parse_action(f"take {top.code}", state) == vegas_rummy.parse_action(
        "take", state
    )
    other = next(c for c in state.hands[0] if c != top)
    with pytest.raises(IllegalActionError, match="only the top card"):
        vegas_rummy.parse_action(f"take {other.code}", state)
    state = rummy500.new_game(seed=1)
    top = state.discard[-1]
    assert rummy500.parse_action("take", state) == rummy500.parse_action(f"take {top}", state)


def test_lay_off_without_on_and_casino_verbs_without_s():
    from cardrules import casino, rummy500, vegas_rummy

    state = rummy500.new_game(seed=1)
    card = state.hands[state.to_act][0]
    for game, position in ((rummy500, state),):
        one = game.parse_action(f"lay off {card.code} on #1", position)
        assert game.parse_action(f"lay off {card.code} #1", position) == one
    vstate = vegas_rummy.new_game(vegas_rummy.Config(num_players=2, first_dealer=0), seed=3)
    vcard = vstate.hands[vstate.to_act][0]
    assert vegas_rummy.parse_action(f"lay off {vcard.code} #1", vstate) == (
        vegas_rummy.parse_action(f"lay off {vcard.code} on #1", vstate)
    )
    read = casino.actions.parse_action_text
    assert read("JH take JS") == read("JH takes JS")
    assert read("5C build 8 with 3C") == read("5C builds 8 with 3C")
    assert read("3S raise [2C 3D] to 8") == read("3S raises [2C 3D] to 8")
    assert read("AH add to [4D 5C] for 9") == read("AH adds to [4D 5C] for 9")


@pytest.mark.parametrize(
    ("game", "title"),
    [("rummy500", "Rummy 500"), ("vegas_rummy", "Las Vegas Rummy"), ("casino", "Casino")],
)
def test_text_that_is_no_action_gets_one_wording_in_every_game(game, title):
    import cardrules

    state = cardrules.new_game(game, seed=2)
    with pytest.raises(ValueError, match=f"^not a {title} action: 'jump' \\(.*try "):
        cardrules.parse_action("jump", state)
    _, out, _ = _run(["play", game, "--seed", "2", "--no-leaderboard"], "jump\nquit\n")
    assert f"Not understood: not a {title} action: 'jump'" in out


def test_why_explains_the_rule_a_message_cited():
    _, out, _ = _run(
        ["play", "rummy500", "--seed", "2", "--no-leaderboard"], "why\nwhy R5-4\nquit\n"
    )
    assert "No rule was cited yet" in out
    assert 'R5-4: What "use immediately" means mechanically.' in out
    _, out, _ = _run(
        ["play", "casino", "--seed", "2", "--no-leaderboard"], "why §1.3 CA-7\nquit\n"
    )
    assert "§1.3: A build combines" in out and "CA-7: Garbled owner clause." in out


def test_why_after_a_refusal_explains_its_codes():
    from cardrules import vegas_rummy

    state = vegas_rummy.new_game(vegas_rummy.Config(num_players=2, first_dealer=0), seed=3)
    other = next(c for c in state.hands[0] if c != state.discard[-1])
    args = ["play", "vegas", "--players", "2", "--seed", "3", "--no-leaderboard"]
    _, out, _ = _run(args, f"take {other.code}\nwhy\nquit\n")
    refusal = next(line for line in out.splitlines() if line.startswith("Not allowed"))
    assert "(LV-11)" in refusal and "'why' explains the rule" in refusal
    assert "LV-11: Drawing from the discard pile." in out


# Item 10: watch draws a new round's table (its header) before the round's first move.


@pytest.mark.parametrize(
    ("game", "extra"),
    [("casino", ["--target", "11"]), ("rummy500", ["--target", "200"]), ("vegas", [])],
)
def test_watch_prints_a_new_rounds_header_before_its_first_move(game, extra):
    checked = 0
    for seed in range(3):
        args = ["watch", game, "--bots", "easy,easy", "--seed", str(seed), "--delay", "0"]
        _, out, _ = _run([*args, *extra, "--max-score", "60"] if game == "vegas" else args + extra)
        lines = out.splitlines()
        for i, line in enumerate(lines):
            if not re.match(r"(Round|Hand) \d+ (over|scored)", line):
                continue
            after = [x for x in lines[i + 1 :] if x.strip() and not x.startswith("  ")]
            if not after or after[0].startswith(("Game over", "The game", "Winner")):
                continue
            first = after[0]
            if first.endswith(": deal"):  # Las Vegas: the dealer's deal starts the round
                first = after[1]
            assert first.startswith(("──", "--")), (game, seed, first)
            checked += 1
    assert checked >= 3


def test_simulate_shows_its_progress_and_the_time_left(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    args = ["simulate", "casino", "--games", "6", "--bots", "easy,easy", "--workers", "1"]
    term = Terminal([*args, "--seed", "1", "--target", "5"], env, columns=COLUMNS, rows=ROWS)
    try:
        term.expect(r"\] 0/6 games  0:\d\d so far")
        term.expect(r"\] [1-6]/6 games  0:\d\d so far, about 0:\d\d left")
        term.expect("easy#1")
    finally:
        assert term.close() == 0
