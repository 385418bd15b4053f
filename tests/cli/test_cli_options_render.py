"""Rule options from flags, the ``rules`` and ``leaderboard`` commands, and card styling."""

from __future__ import annotations

import argparse
import io
from decimal import Decimal
from pathlib import Path

import pytest

from cardrules import casino, engine, ranking, rummy500, vegas_rummy
from cardrules.cards import parse_cards
from cardrules.cli.main import main
from cardrules.cli.options import VEGAS_RESHUFFLE_LIMIT, build_config, config_fields, convert
from cardrules.cli.render import Style, columns, style_for
from cardrules.cli.rules_text import option_value_text


def run(args: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(args, stdin=io.StringIO(""), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def namespace(**kwargs: object) -> argparse.Namespace:
    base: dict[str, object] = {
        "target": None,
        "max_score": None,
        "buy_in": None,
        "royal": False,
        "sweeps": False,
        "partners": False,
        "option": [],
    }
    base.update(kwargs)
    return argparse.Namespace(**base)


def test_flags_set_config_fields() -> None:
    config = build_config(
        "casino", namespace(royal=True, sweeps=True, partners=True, target=11), players=None
    )
    assert config == casino.Config(
        variant="royal", sweeps=True, partnerships=True, num_players=4, target=11
    )
    vegas = build_config("vegas_rummy", namespace(max_score=50, buy_in="2.50"), players=3)
    assert (vegas.max_score, vegas.buy_in, vegas.num_players) == (50, Decimal("2.50"), 3)
    # The command's own defaults for Las Vegas Rummy, each overridable.
    assert (vegas.max_seats, vegas.reshuffle_limit) == (3, VEGAS_RESHUFFLE_LIMIT)
    free = build_config(
        "vegas_rummy", namespace(option=["max_seats=none", "reshuffle_limit=none"]), players=2
    )
    assert (free.max_seats, free.reshuffle_limit) == (None, None)


@pytest.mark.parametrize("game", engine.GAMES)
def test_every_option_is_reachable_with_option_key_value(game: str) -> None:
    """Each field, set to its value in a non-default Config, round-trips through its text."""
    rules = engine.definition(game)
    samples = {
        "rummy500": rummy500.Config(
            num_players=3,
            low_ace_points=1,
            jokers=2,
            first_dealer=1,
            stock_exhausted="reshuffle",
            tie="shared",
            target=250,
        ),
        "vegas_rummy": vegas_rummy.Config(
            num_players=3,
            buy_in=Decimal("1.5"),
            starting_scores=(0, 10, 5),
            ace_hand_points=11,
            pot_split=(Decimal(2), Decimal(1)),
            first_dealer=2,
            max_seats=5,
            reshuffle_limit=None,
            num_decks=2,
        ),
        "casino": casino.Config(
            variant="royal",
            royal_ace_14=False,
            end_rule="higher_total",
            num_players=4,
            partnerships=True,
            build_for_partner=True,
        ),
    }
    sample = samples[game]
    pairs = [
        f"{name}={option_value_text(getattr(sample, name))}"
        for name, _hint, _default in config_fields(rules.config_type)
    ]
    built = build_config(game, namespace(option=pairs), players=None)
    assert built == sample


def test_convert_by_annotation() -> None:
    assert convert("YES", bool, "x") is True
    assert convert("off", bool, "x") is False
    assert convert(" 11 ", int, "x") == 11
    hints = {name: hint for name, hint, _ in config_fields(vegas_rummy.Config)}
    assert convert("high_card", hints["first_dealer"], "first_dealer") == "high_card"
    assert convert("2", hints["first_dealer"], "first_dealer") == 2
    assert convert("13", hints["ace_hand_points"], "a") == 13
    assert convert("0.6,0.4", hints["pot_split"], "p") == (Decimal("0.6"), Decimal("0.4"))
    assert convert("none", hints["num_decks"], "n") is None
    with pytest.raises(ValueError, match="expected one of 1, 11, 13"):
        convert("12", hints["ace_hand_points"], "a")
    with pytest.raises(ValueError, match="expected true or false"):
        convert("maybe", bool, "flag")


def test_rules_lists_every_option_and_marks_changes() -> None:
    for game in engine.GAMES:
        code, out, err = run(["rules", game])
        assert code == 0, err
        for name, _hint, _default in config_fields(engine.definition(game).config_type):
            assert f"\n  {name} " in out
    code, out, _ = run(["rules", "rummy500", "--target", "150", "-o", "jokers=2"])
    assert "Goal: the first to 150 or more" in out
    assert "target" in out and "= 150   (default 500)" in out
    assert "= 2   (default 0)" in out
    code, out, _ = run(["rules", "casino", "--royal"])
    assert "Royal Casino" in out and "J 11, Q 12, K 13" in out


def test_leaderboard_command(tmp_path: Path) -> None:
    db = tmp_path / "board.sqlite3"
    code, out, _ = run(["leaderboard", "--db", str(db)])
    assert code == 0 and "no games recorded yet" in out
    with ranking.Leaderboard(db) as board:
        board.record("Ada", "rummy500", won=True, opponents=["expert"])
        board.record("Bob", "rummy500", won=True, opponents=["easy"])
        board.record("Bob", "casino", won=False, opponents=["normal"])
    code, out, _ = run(["leaderboard", "--db", str(db)])
    assert code == 0
    assert "Rummy 500" in out and "Casino" in out and "all games" in out
    lines = [line.split() for line in out.splitlines() if line.strip()[:1].isdigit()]
    assert ["1", "Ada", "100", "1", "1", "expert"] in lines
    assert ["2", "Bob", "10", "1", "2", "easy"] in lines  # all games: Bob 2 games
    code, out, _ = run(["leaderboard", "--db", str(db), "--game", "casino"])
    assert "Ada" not in out and "Bob" in out and "all games" not in out


def test_leaderboard_that_cannot_be_opened(tmp_path: Path) -> None:
    bad = tmp_path / "not-a-db.sqlite3"
    bad.write_bytes(b"this is not an sqlite file" * 100)
    code, _, err = run(["leaderboard", "--db", str(bad)])
    assert code == 1
    assert err.startswith(
        f"cardrules leaderboard: error: cannot open the leaderboard: {bad} is not a cardrules "
        "leaderboard"
    )


def test_styles() -> None:
    cards = parse_cards("10D KS AH 2C")
    assert Style(color=False, unicode=False).cards(cards) == "10D KS AH 2C"
    assert Style(color=False, unicode=True).cards(cards) == "10♦ K♠ A♥ 2♣"
    colored = Style(color=True, unicode=True).cards(cards)
    assert "\x1b[31m10♦\x1b[0m" in colored and "\x1b[31mA♥\x1b[0m" in colored
    assert "\x1b[31mK♠" not in colored
    assert Style(unicode=False).text("meld 5♥ JK=6♥ 7♥ → top") == "meld 5H JK=6H 7H -> top"


class _Tty(io.StringIO):
    def __init__(self, encoding: str) -> None:
        super().__init__()
        self._encoding = encoding

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self._encoding

    def isatty(self) -> bool:
        return True


def test_style_for_terminals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert style_for(io.StringIO()) == Style(color=False, unicode=False)  # not a terminal
    assert style_for(_Tty("utf-8")) == Style(color=True, unicode=True)
    assert style_for(_Tty("ascii")) == Style(color=True, unicode=False)
    assert style_for(_Tty("utf-8"), no_color=True) == Style(color=False, unicode=True)
    assert style_for(_Tty("utf-8"), ascii_only=True).unicode is False
    monkeypatch.setenv("NO_COLOR", "1")
    assert style_for(_Tty("utf-8")).color is False


def test_columns_fit_the_width() -> None:
    items = [f"{i}. discard {i}H" for i in range(1, 12)]
    lines = columns(items, 60)
    assert all(len(line) <= 60 for line in lines)
    assert len(lines) < len(items)  # several columns
    cells = [cell for line in lines for cell in line.split("   ") if cell.strip()]
    assert sorted(cell.strip() for cell in cells) == sorted(items)
