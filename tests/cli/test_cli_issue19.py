"""Issue 19: the command as a newcomer finds it — saves, Casino plays, long lists, what happened.

Each test names the item of issue 19 it checks. Tests where a real terminal
matters (readline, waiting at a round's scoring, the terminal's width) run
the command in a pseudo-terminal (:mod:`tests.cli.terminal`).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from cardrules import casino, engine, from_json, rummy500, vegas_rummy
from cardrules.cli.main import main
from cardrules.cli.options import VEGAS_RESHUFFLE_LIMIT
from cardrules.cli.saves import saves_dir
from tests.cli.terminal import Terminal


def run(args: list[str], typed: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(typed), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def saved_files() -> list[Path]:
    folder = saves_dir()
    return sorted(folder.glob("*.json")) if folder.exists() else []


# -- 19.1 saves ---------------------------------------------------------------------------


def test_19_1_two_games_with_the_same_seed_keep_two_saves() -> None:
    args = ["play", "rummy500", "--seed", "9", "--level", "easy", "--no-leaderboard"]
    assert run(args, "1\n" * 6)[0] == 0  # a few moves, then end of input saves
    assert run(args, "quit\n")[0] == 0  # the same seed, quit at once
    first, second = saved_files()
    assert len(from_json(first.read_text()).actions) != len(from_json(second.read_text()).actions)
    assert all("9" not in p.name.split("-")[0] for p in (first, second))


def test_19_1_a_resumed_game_saves_to_its_own_file(tmp_path: Path) -> None:
    base = ["play", "rummy500", "--level", "easy", "--no-leaderboard"]
    run([*base, "--seed", "9"], "1\n" * 4)
    (saved,) = saved_files()
    before = len(from_json(saved.read_text()).actions)
    other = tmp_path / "other.json"
    other.write_text("keep")
    # A bare name is found in the saves folder; the game goes back into that file.
    code, out, err = run([*base, "--resume", saved.name], "1\n" * 4)
    assert code == 0, err
    assert f"Resumed {saved} after {before} actions." in out
    assert saved_files() == [saved]
    assert len(from_json(saved.read_text()).actions) > before
    assert other.read_text() == "keep"
    labels = json.loads(Path(str(saved) + ".seats").read_text())
    assert labels == {"names": ["You", "Bot 1 (easy)"], "levels": [None, "easy"]}


def test_19_1_nothing_is_overwritten_without_asking(tmp_path: Path) -> None:
    target = tmp_path / "mine.json"
    target.write_text("an earlier save\n")
    args = ["play", "casino", "--seed", "1", "--no-leaderboard", "--save", str(target)]
    code, out, err = run(args, "n\nquit\n")
    assert code == 1
    assert f"{target} exists. Replace it when the game is saved? [y/N]" in out
    assert "not replacing" in err and "--overwrite" in err
    assert target.read_text() == "an earlier save\n"
    assert run(args, "\n")[0] == 1  # no answer is no
    assert target.read_text() == "an earlier save\n"
    code, _, err = run(args, "y\nquit\n")
    assert code == 0, err
    assert from_json(target.read_text()).game == "casino"
    code, out, _ = run([*args, "--overwrite"], "quit\n")
    assert code == 0 and "exists" not in out


def test_19_1_saves_lists_them() -> None:
    code, out, _ = run(["saves"])
    assert code == 0 and "none yet" in out
    run(["play", "casino", "--seed", "1", "--no-leaderboard"], "quit\n")
    run(["play", "rummy500", "--seed", "9", "--level", "easy", "--no-leaderboard"], "1\n" * 4)
    saves_dir().joinpath("broken.json").write_text("{")
    code, out, _ = run(["saves"])
    assert code == 0
    assert str(saves_dir()) in out
    assert re.search(r"casino-\d{8}-\d{6}\.json .* Casino, 0 actions, in progress", out)
    assert re.search(r"rummy500-\d{8}-\d{6}\.json .* Rummy 500, \d+ actions, in progress", out)
    assert "broken.json" in out and "cannot be read" in out
    assert "--resume FILE" in out
    assert run(["saves", "--limit", "0"])[0] == 2
    assert run(["saves", "--limit", str(10**30)])[0] == 2


# -- 19.2 Casino: a play is composed, then applied ------------------------------------------


def _casino_seed_with_a_step() -> tuple[int, str]:
    """A seed where you play first and a capture can take more than one item."""
    for seed in range(200):
        state = casino.new_game(seed=seed)
        if state.to_act != 0:
            continue
        for action in casino.legal_actions(state):
            if casino.apply(state, action).pending is not None:
                return seed, str(action)
    raise AssertionError("no such seed")


def test_19_2_a_casino_play_backed_out_of_leaves_the_game_unchanged(tmp_path: Path) -> None:
    seed, step = _casino_seed_with_a_step()
    save = tmp_path / "c.json"
    typed = f"{step}\nundo\n{step}\ncancel\nundo\ntable\nquit\n"
    args = ["play", "casino", "--seed", str(seed), "--no-leaderboard", "--save", str(save)]
    code, out, err = run(args, typed)
    assert code == 0, err
    assert "Your play so far: " in out and "'undo' takes back a step" in out
    assert out.count("No play in progress: the table is as it was.") == 2
    assert "Nothing to undo: no play is in progress." in out
    record = from_json(save.read_text())
    assert record.actions == ()  # nothing reached the game
    assert record.final_state() == casino.new_game(seed=seed)


def test_19_2_a_casino_play_composed_step_by_step_is_applied_whole(tmp_path: Path) -> None:
    seed, step = _casino_seed_with_a_step()
    state = casino.new_game(seed=seed)
    partial = casino.apply(state, casino.parse_action(step, state))
    finish = []
    while partial.pending is not None and partial.to_act == 0:
        action = casino.legal_actions(partial)[0]
        finish.append(str(action))
        partial = casino.apply(partial, action)
    save = tmp_path / "c.json"
    args = ["play", "casino", "--seed", str(seed), "--no-leaderboard", "--save", str(save)]
    code, out, _ = run(args, "\n".join([step, *finish, "quit"]) + "\n")
    assert code == 0
    record = from_json(save.read_text())
    mine = [a for a, s in zip(record.actions, record.states()) if s.to_act == 0]
    assert len(mine) == 1 + len(finish)
    assert "You: " + step.replace("♦", "D").replace("♥", "H") in out.replace("♣", "C")


# -- 19.3 Las Vegas: grouped, fitted, wild cards marked, melds typed ------------------------


def _vegas_config() -> Any:
    return vegas_rummy.Config(num_players=2, max_seats=2, reshuffle_limit=VEGAS_RESHUFFLE_LIMIT)


def _vegas_seed_with_melds() -> tuple[int, Any]:
    for seed in range(300):
        state = vegas_rummy.new_game(_vegas_config(), seed=seed)
        if state.to_act != 0:
            continue
        drawn = vegas_rummy.apply(state, vegas_rummy.Draw())
        melds = [a for a in vegas_rummy.legal_actions(drawn) if type(a).__name__ == "Meld"]
        if melds and any(card in drawn.wilds for card in drawn.hands[0]):
            return seed, melds
    raise AssertionError("no such seed")


def test_19_3_vegas_actions_are_grouped_and_wild_cards_marked() -> None:
    seed, _melds = _vegas_seed_with_melds()
    args = ["play", "vegas", "--players", "2", "--seed", str(seed), "--no-leaderboard"]
    code, out, _ = run([*args, "--save", "/dev/null"], "draw\nquit\n")
    assert code == 0
    after = out.split("You: draw", 1)[1]
    assert "  Melds:\n" in after and "  Discards:\n" in after
    hand = next(line for line in after.splitlines() if line.startswith("Your hand: "))
    assert "*" in hand and "(* wild)" in hand
    assert all(len(line) <= 100 for line in after.splitlines() if line.startswith("    "))


def test_19_3_a_meld_can_be_typed_by_its_cards(tmp_path: Path) -> None:
    seed, melds = _vegas_seed_with_melds()
    unique = {}
    for meld in melds:
        key = tuple(sorted(meld.meld.cards))
        unique.setdefault(key, []).append(meld)
    cards, found = min(unique.items(), key=lambda item: len(item[1]))
    typed = "meld " + " ".join(card.code for card in reversed(cards))  # any order, no "="
    save = tmp_path / "v.json"
    args = ["play", "vegas", "--players", "2", "--seed", str(seed), "--no-leaderboard"]
    code, out, _ = run([*args, "--save", str(save)], f"draw\n{typed}\n1\nquit\n")
    assert code == 0
    actions = from_json(save.read_text()).actions
    if len(found) == 1:
        assert found[0] in actions
    else:  # several ways to place the wild cards: you are asked which, by number
        assert f"Those cards make {len(found)} melds" in out
        assert any(type(a).__name__ == "Meld" for a in actions)


def test_19_3_the_list_fits_a_narrow_terminal(tmp_path: Path) -> None:
    seed, _melds = _vegas_seed_with_melds()
    env = {"XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    args = ["play", "vegas", "--players", "2", "--seed", str(seed), "--no-leaderboard"]
    term = Terminal(args, env, columns=60)
    try:
        term.expect("Your move> ")
        term.line("draw")
        shown = term.expect("Your move> ")
        term.line("quit")
    finally:
        term.close()
    listed = shown.split("Your legal actions", 1)[1].splitlines()[1:-1]
    assert listed and all(len(line) <= 60 for line in listed), listed
    # The table too: long lines are wrapped at card boundaries, the heading shortened.
    assert all(len(line) <= 60 for line in shown.splitlines()), shown


# -- 19.4 what happened ---------------------------------------------------------------------


def test_19_4_the_card_you_drew_is_named_and_marked() -> None:
    args = ["play", "rummy500", "--seed", "9", "--level", "easy", "--no-leaderboard"]
    code, out, _ = run([*args, "--save", "/dev/null"], "draw\nquit\n")
    assert code == 0
    drawn = re.search(r"You: draw \(you drew (\S+)\)", out)
    assert drawn
    hand = next(line for line in out.split("You: draw", 1)[1].splitlines() if "Your hand" in line)
    assert f"[{drawn[1]}]" in hand


def test_19_4_the_card_a_bot_took_from_the_pile_is_named() -> None:
    args = ["watch", "vegas", "--bots", "normal,normal", "--delay", "0", "--actions-only"]
    code, out, _ = run([*args, "--seed", "3", "--max-score", "40"])
    assert code == 0
    assert re.search(r"Seat \d \(normal\): take \(took \S+\)", out)
    assert "(drew" not in out  # the bots' draws stay hidden from a spectator


def test_19_4_watch_open_shows_the_bots_hands() -> None:
    args = ["watch", "casino", "--bots", "easy,normal", "--delay", "0", "--seed", "4"]
    code, out, _ = run([*args, "--target", "3", "--open"])
    assert code == 0
    assert "Hands:\n  Seat 0 (easy): " in out and "Stock (top first):" in out
    code, closed, _ = run([*args, "--target", "3"])
    assert "\nHands:" not in closed and "Your hand" not in closed


def test_19_4_replay_names_seats_steps_back_and_shows_every_hand_at_the_end(
    tmp_path: Path,
) -> None:
    save = tmp_path / "g.json"
    args = ["play", "casino", "--seed", "2", "--target", "3", "--name", "Ada"]
    run([*args, "--no-leaderboard", "--save", str(save)], "1\n" * 500)
    code, out, _ = run(["replay", str(save), "--step"], "\nb\n\nq\n")
    assert code == 0
    turns = out.split("[Enter: next turn, b: back, q: stop]")
    assert len(turns) == 5
    # After "b" the turn before is shown again: the third screen repeats the first.
    assert turns[2].split("\n", 1)[1] == turns[0].split("\n", 1)[1]
    assert "Ada: " in out and "Bot 1 (normal): " in out
    assert "the game is over, so every hand is shown" in out
    assert "Hands:\n  Ada: " in out
    assert "seed" not in out.lower()


def test_19_4_an_unfinished_replay_hides_the_other_hands_and_shows_yours(tmp_path: Path) -> None:
    save = tmp_path / "q.json"
    run(["play", "casino", "--seed", "2", "--no-leaderboard", "--save", str(save)], "1\n1\nquit\n")
    code, out, _ = run(["replay", str(save)])
    assert code == 0
    assert "\nHands:" not in out and "seed" not in out.lower()
    assert "Your hand" in out  # the player's own (issue 30 item 7): the save is theirs


def test_19_4_play_waits_at_a_rounds_scoring(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    term = Terminal(["play", "casino", "--seed", "5", "--target", "50", "--no-leaderboard"], env)
    try:
        for _ in range(200):
            shown = term.expect(r"Your move> |\[Enter: go on\] ")
            if shown.endswith("[Enter: go on] "):
                break
            term.line("1")
        else:
            raise AssertionError("no hand was scored")
        assert "Hand 1 scored:" in shown
        assert "Your move>" not in term.quiet_for(1.0)  # it waits
        term.line("")
        term.expect("Your move> ")
        term.line("quit")
        term.expect("saved to")
    finally:
        assert term.close() == 0


# -- 19.5 line editing ----------------------------------------------------------------------


def test_19_5_the_prompt_has_history_and_line_editing(tmp_path: Path) -> None:
    pytest.importorskip("readline")
    env = {"XDG_DATA_HOME": str(tmp_path), "NO_COLOR": "1"}
    term = Terminal(["play", "rummy500", "--seed", "9", "--no-leaderboard"], env)
    try:
        term.expect("Your move> ")
        term.line("help")
        term.expect("Other commands")
        term.expect("Your move> ")
        term.type("\x1b[A\r")  # arrow up: the last line again
        term.expect("Other commands")
        term.expect("Your move> ")
        term.type("tble\x01\x1b[Ca\r")  # "tble", Home, right, "a": the line reads "table"
        term.expect("To act: ")
        term.line("quit")
        term.expect("saved to")
    finally:
        assert term.close() == 0
    assert term.text.count("Actions (cards as AS, 10D") == 2


# -- 19.7 smaller ---------------------------------------------------------------------------


def test_19_7_casino_counts_hands() -> None:
    code, out, _ = run(["watch", "casino", "--delay", "0", "--seed", "2", "--target", "3"])
    assert code == 0
    assert re.search(r"Game over after \d+ hand\(s\)", out) and "round(s)" not in out


@pytest.mark.parametrize("game", ["rummy500", "vegas_rummy"])
def test_19_7_help_writes_lay_offs_as_the_list_does(game: str) -> None:
    code, out, _ = run(["play", game, "--seed", "1", "--no-leaderboard"], "help\nquit\n")
    assert code == 0
    assert "lay off 8H on #2" in out and "layoff 8H #2" not in out
    state = engine.new_game(game, seed=1)
    parse = rummy500.parse_action if game == "rummy500" else vegas_rummy.parse_action
    assert str(parse("lay off 8H on #2", state)).startswith("lay off 8")


def test_19_7_simulate_has_a_default_bots_list() -> None:
    code, out, err = run(["simulate", "casino", "--games", "1", "--seed", "1", "--target", "3"])
    assert code == 0, err
    assert "normal" in out and "expert" in out


@pytest.mark.parametrize("game", ["rummy500", "vegas"])
def test_19_7_a_meld_that_is_no_meld_gets_the_same_word_in_both_rummies(game: str) -> None:
    args = ["play", game, "--players", "2", "--seed", "5", "--no-leaderboard", "--save"]
    code, out, _ = run([*args, "/dev/null"], "draw\nmeld KC 3D 4D\njump\nquit\n")
    assert code == 0
    assert "Not allowed: " in out.split("meld KC 3D 4D", 1)[1].splitlines()[1]
    assert "Not understood: " in out.split("jump", 1)[1].splitlines()[1]


def test_19_6_rules_summary_says_a_rebuy_resets_the_score() -> None:
    code, out, _ = run(["rules", "vegas", "--buy-in", "5"])
    assert code == 0
    assert "rebuy (your score is reset to the highest score of the players not busted" in out
    assert "buy-in of 5 again" in out
    code, out, _ = run(["rules", "vegas"])
    assert "rebuy for 0" not in out
