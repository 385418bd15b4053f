"""Ranking points and the SQLite leaderboard: values, queries, bad input, concurrency, crashes."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from cardrules import ranking
from cardrules.ranking import Leaderboard, points_for, points_for_game


def test_points_for_levels() -> None:
    assert (points_for("easy"), points_for("normal"), points_for("expert")) == (10, 30, 100)
    for bad in ("random", "Expert", "", "hard"):
        with pytest.raises(ValueError, match="unknown ranked level"):
            points_for(bad)


def test_points_for_a_game_is_the_hardest_level() -> None:
    assert points_for_game(["easy", "expert", "normal"]) == 100
    assert points_for_game(["easy", "easy"]) == 10
    with pytest.raises(ValueError):
        points_for_game([])
    with pytest.raises(ValueError):
        points_for_game("easy")


def test_default_path_follows_xdg(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(ranking.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert ranking.default_path() == tmp_path / "cardrules" / "leaderboard.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert ranking.default_path().parts[-4:-1] == (".local", "share", "cardrules")
    monkeypatch.setattr(ranking.sys, "platform", "win32")
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    assert ranking.default_path() == tmp_path / "roaming" / "cardrules" / "leaderboard.sqlite3"
    monkeypatch.setattr(ranking.sys, "platform", "darwin")
    assert "Application Support" in ranking.default_path().parts


def test_default_location_is_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(ranking.sys, "platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with Leaderboard() as board:
        board.record("Ada", "rummy500", won=True, opponents=["easy"])
    assert (tmp_path / "data" / "cardrules" / "leaderboard.sqlite3").exists()


def test_record_table_and_totals(tmp_path: Path) -> None:
    with Leaderboard(tmp_path / "b.sqlite3") as board:
        assert board.record("Ada", "rummy500", won=True, opponents=["easy", "expert"]) == 100
        assert board.record("Ada", "rummy500", won=True, opponents=["normal"]) == 30
        assert board.record("Bob", "rummy500", won=True, opponents=["normal"]) == 30
        assert board.record("Bob", "casino", won=True, opponents=["expert"]) == 100
        assert board.record("Bob", "rummy500", won=False, opponents=["expert"]) == 0
        rummy = board.table("rummy500")
        assert [(s.player, s.games, s.wins, s.points, s.best_level) for s in rummy] == [
            ("Ada", 2, 2, 130, "expert"),
            ("Bob", 2, 1, 30, "normal"),
        ]
        overall = board.table()
        assert [(s.player, s.points, s.games) for s in overall] == [
            ("Ada", 130, 2),
            ("Bob", 130, 3),
        ]
        totals = board.totals("Bob")
        assert [(t.game, t.games, t.wins, t.points, t.best_level) for t in totals] == [
            ("casino", 1, 1, 100, "expert"),
            ("rummy500", 2, 1, 30, "normal"),
        ]
        assert board.table("rummy500", limit=1)[0].player == "Ada"
        assert board.integrity_ok()
    # The file keeps everything after reopening, in WAL mode.
    with Leaderboard(tmp_path / "b.sqlite3") as board:
        assert board.count() == 5
    mode = sqlite3.connect(tmp_path / "b.sqlite3").execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


def test_names_are_normalised(tmp_path: Path) -> None:
    with Leaderboard(tmp_path / "b.sqlite3") as board:
        board.record("  Zoe ", "rummy500", won=True, opponents=["easy"])
        board.record("Zoe", "rummy500", won=True, opponents=["easy"])
        board.record("Ame\u0301lie", "rummy500", won=True, opponents=["easy"])
        board.record("Amélie", "rummy500", won=True, opponents=["easy"])
        assert {(s.player, s.games) for s in board.table()} == {("Zoe", 2), ("Amélie", 2)}


@pytest.mark.parametrize(
    ("player", "game", "won", "opponents", "message"),
    [
        ("", "rummy500", True, ["easy"], "empty"),
        ("   ", "rummy500", True, ["easy"], "empty"),
        ("x" * 41, "rummy500", True, ["easy"], "at most"),
        ("Bad\nName", "rummy500", True, ["easy"], "control"),
        ("Bad\x00", "rummy500", True, ["easy"], "control"),
        ("Bell\x07", "rummy500", True, ["easy"], "control"),
        ("Rtl\u202e", "rummy500", True, ["easy"], "control"),
        (42, "rummy500", True, ["easy"], "text"),
        ("Ada", "poker", True, ["easy"], "unknown game"),
        ("Ada", "rummy500", True, ["godlike"], "unknown ranked level"),
        ("Ada", "rummy500", True, ["random"], "unknown ranked level"),
        ("Ada", "rummy500", True, [], "opponents"),
        ("Ada", "rummy500", True, "easy", "list of levels"),
        ("Ada", "rummy500", 1, ["easy"], "True or False"),
    ],
)
def test_bad_input_is_refused(
    tmp_path: Path, player: object, game: object, won: object, opponents: object, message: str
) -> None:
    with Leaderboard(tmp_path / "b.sqlite3") as board:
        with pytest.raises(ValueError, match=message):
            board.record(player, game, won=won, opponents=opponents)  # type: ignore[arg-type]
        assert board.count() == 0
        with pytest.raises(ValueError, match="unknown game"):
            board.table("chess")


# --- several processes -------------------------------------------------------------


def _writer(path: str, name: str, count: int) -> None:
    board = Leaderboard(path, timeout=60)
    for i in range(count):
        board.record(name, "rummy500", won=i % 2 == 0, opponents=["normal"])
    board.close()


def test_several_processes_write_at_once(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.sqlite3")
    Leaderboard(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(target=_writer, args=(path, f"P{i}", 40)) for i in range(4)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(120)
        assert worker.exitcode == 0
    with Leaderboard(path) as board:
        assert board.count() == 160
        assert sorted((s.player, s.games, s.points) for s in board.table()) == [
            (f"P{i}", 40, 600) for i in range(4)
        ]
        assert board.integrity_ok()


def _die_mid_transaction(path: str) -> None:
    """Start a record's transaction, write into it, and die before committing."""
    board = Leaderboard(path)
    db = board._db
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT OR IGNORE INTO players(name) VALUES ('Ghost')")
    db.execute(
        "INSERT INTO results(player_id, game, won, opponents, hardest, points, played_at)"
        " VALUES (1, 'rummy500', 1, 'expert', 'expert', 100, 'now')"
    )
    os._exit(1)


def _write_and_report(path: str, done: object) -> None:
    board = Leaderboard(path, timeout=60)
    i = 0
    while True:
        board.record("Runner", "rummy500", won=True, opponents=["easy"])
        i += 1
        done.value = i  # type: ignore[attr-defined]


def test_a_writer_killed_mid_transaction_loses_nothing_committed(tmp_path: Path) -> None:
    path = str(tmp_path / "crash.sqlite3")
    with Leaderboard(path) as board:
        board.record("Ada", "rummy500", won=True, opponents=["expert"])
    context = multiprocessing.get_context("spawn")
    child = context.Process(target=_die_mid_transaction, args=(path,))
    child.start()
    child.join(60)
    assert child.exitcode == 1
    # A writer killed by SIGKILL at an arbitrary moment of a stream of records.
    done = context.Value("i", 0)
    runner = context.Process(target=_write_and_report, args=(path, done))
    runner.start()
    deadline = time.monotonic() + 60
    while done.value < 25 and time.monotonic() < deadline:
        time.sleep(0.01)
    os.kill(runner.pid, signal.SIGKILL)  # type: ignore[arg-type]
    runner.join(60)
    committed = done.value
    assert committed >= 25
    with Leaderboard(path) as board:
        assert board.integrity_ok()
        names = {s.player: s.games for s in board.table()}
        assert "Ghost" not in names
        assert names["Ada"] == 1
        # Every record reported as committed is there (at most one more, killed
        # between its commit and its report).
        assert committed <= names["Runner"] <= committed + 1
        board.record("Ada", "rummy500", won=True, opponents=["easy"])
        assert board.totals("Ada")[0].games == 2


# Issue 15 item 6: a leaderboard touches only its own file.


def _foreign_db(path: Path) -> bytes:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (body TEXT)")
    db.execute("INSERT INTO notes VALUES ('keep me')")
    db.execute("PRAGMA user_version = 7")
    db.commit()
    db.close()
    return path.read_bytes()


def test_issue15_6_our_files_are_marked(tmp_path: Path) -> None:
    path = tmp_path / "b.sqlite3"
    with Leaderboard(path) as board:
        board.record("Ada", "casino", won=True, opponents=["easy"])
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == ranking.APPLICATION_ID
    db.close()


def test_issue15_6_a_foreign_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    before = _foreign_db(path)
    for read_only in (False, True):
        with pytest.raises(ValueError, match="is not a cardrules leaderboard"):
            Leaderboard(path, read_only=read_only)
    assert path.read_bytes() == before  # not switched to WAL, no tables, user_version kept
    assert not (tmp_path / "other.sqlite3-wal").exists()
    marked = tmp_path / "marked.sqlite3"
    db = sqlite3.connect(marked)
    db.execute("PRAGMA application_id = 1234")
    db.execute("CREATE TABLE t (x)")
    db.commit()
    db.close()
    with pytest.raises(ValueError, match="application_id 0x4d2"):
        Leaderboard(marked)
    text = tmp_path / "notes.txt"
    text.write_text("hello, not a database\n" * 20)
    with pytest.raises(ValueError, match="not an SQLite file"):
        Leaderboard(text)
    assert text.read_text() == "hello, not a database\n" * 20


def test_issue15_6_read_only_never_writes(tmp_path: Path) -> None:
    missing = tmp_path / "none" / "b.sqlite3"
    with Leaderboard(missing, read_only=True) as board:
        assert board.table() == []
        with pytest.raises(ValueError, match="read-only"):
            board.record("Ada", "casino", won=True, opponents=["easy"])
    assert not missing.parent.exists()  # nothing created
    path = tmp_path / "b.sqlite3"
    with Leaderboard(path) as board:
        board.record("Ada", "casino", won=True, opponents=["expert"])
    stamp = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    with Leaderboard(path, read_only=True) as board:
        assert [s.points for s in board.table()] == [100]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == stamp


def test_issue15_6_a_read_only_file_is_displayable(tmp_path: Path) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "b.sqlite3"
    with Leaderboard(path) as board:
        board.record("Ada", "rummy500", won=True, opponents=["normal"])
    path.chmod(0o444)
    folder.chmod(0o555)  # not even a -shm or -wal file can be made beside it
    try:
        with Leaderboard(path, read_only=True) as board:
            assert [(s.player, s.points) for s in board.table()] == [("Ada", 30)]
    finally:
        folder.chmod(0o755)
        path.chmod(0o644)


def test_issue15_6_files_written_before_the_mark_still_open(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    Leaderboard._create_on(db)
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()
    with Leaderboard(path, read_only=True) as board:
        assert board.table() == []
    with Leaderboard(path) as board:
        board.record("Ada", "casino", won=False, opponents=["easy"])
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == ranking.APPLICATION_ID
    db.close()


def test_issue15_6_limit_is_bounded(tmp_path: Path) -> None:
    with Leaderboard(tmp_path / "b.sqlite3") as board:
        for bad in (0, ranking.MAX_LIMIT + 1, 10**30, True, "5"):
            with pytest.raises(ValueError, match="limit must be a whole number"):
                board.table(limit=bad)  # type: ignore[arg-type]
        assert board.table(limit=ranking.MAX_LIMIT) == []
