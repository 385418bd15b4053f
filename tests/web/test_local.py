"""The static site's engine without a browser: cardrules.web.local answers the page's requests
as the server does, and ``cardrules site build`` writes the site (issue 28).

These run on CPython; tests/web/test_site.py runs the same code under Pyodide in Chromium.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

import cardrules
from cardrules import ranking
from cardrules.cli.main import main
from cardrules.web import games, local, site
from cardrules.web.local import LocalTables
from cardrules.web.payload import Table, table_payload


def ask(tables: LocalTables, method: str, path: str, body: Any = None, saved: str | None = None):
    text = None if body is None else json.dumps(body)
    return json.loads(tables.handle(method, path, text, saved))


def test_the_browser_copies_of_the_ranking_constants_match_the_leaderboards():
    assert site.POINTS == ranking.POINTS
    assert games.MAX_NAME_LENGTH == ranking.MAX_NAME_LENGTH


def test_a_game_is_played_to_the_end_and_its_summary_says_who_won():
    tables = LocalTables()
    reply = ask(tables, "POST", "/api/games", {"game": "casino", "level": "easy", "target": 3})
    assert reply["status"] == 201
    game_id = reply["data"]["id"]
    assert reply["summary"]["rivals"] == ["easy"] and reply["summary"]["practice"] is False
    for _ in range(500):
        data = reply["data"]
        if data["over"]:
            break
        reply = ask(
            tables, "POST", f"/api/games/{game_id}/act", {"index": 0, "version": data["version"]}
        )
        assert reply["status"] == 200, reply
    assert reply["summary"]["over"] and reply["data"]["over"]
    state = games.WebGame.from_document(reply["document"]).state
    assert reply["summary"]["won"] == (0 in state.winners)


def test_the_answers_are_the_servers_payloads_of_a_view():
    """Only views: the same payload the server builds, no other hand in it."""
    tables = LocalTables()
    reply = ask(tables, "POST", "/api/games", {"game": "rummy500", "level": "normal", "seed": 5})
    game = games.WebGame.from_document(reply["document"])
    view = cardrules.view(game.state, 0)
    assert reply["data"]["view"] == json.loads(cardrules.to_json(view))
    assert reply["data"]["hand"] == [str(card) for card in sorted(view.hand)]


def test_refusals_carry_the_servers_codes_and_change_nothing():
    tables = LocalTables()
    reply = ask(tables, "POST", "/api/games", {"game": "rummy500", "level": "easy", "seed": 3})
    game_id, version = reply["data"]["id"], reply["data"]["version"]
    document = reply["document"]
    act = f"/api/games/{game_id}/act"
    assert (
        ask(tables, "POST", act, {"index": 0, "version": version + 1})["data"]["error"]["code"]
        == "stale"
    )
    illegal = ask(tables, "POST", act, {"text": "meld 2♣ 3♣ 4♣"})
    assert illegal["status"] in (400, 422) and illegal["data"]["error"]["message"]
    assert ask(tables, "POST", act, {"index": True})["status"] == 400
    assert ask(tables, "POST", act, ["index", 0])["status"] == 400
    assert json.loads(tables.handle("POST", act, "{nope", None))["status"] == 400
    assert ask(tables, "POST", "/api/games", {"game": "chess"})["status"] == 400
    assert ask(tables, "POST", "/api/games", {"game": "casino", "name": " "})["status"] == 400
    assert ask(tables, "GET", "/api/games/unknown")["status"] == 404
    assert ask(tables, "DELETE", f"/api/games/{game_id}")["status"] == 400
    assert ask(tables, "GET", f"/api/games/{game_id}")["document"] == document


def test_a_reloaded_page_hands_back_the_document_and_the_game_resumes():
    first = LocalTables()
    reply = ask(first, "POST", "/api/games", {"game": "vegas_rummy", "level": "easy", "seed": 9})
    game_id = reply["data"]["id"]
    moved = ask(first, "POST", f"/api/games/{game_id}/act", {"index": 0})
    fresh = LocalTables()  # a new worker: it knows nothing until the page hands the game back
    assert ask(fresh, "GET", f"/api/games/{game_id}")["status"] == 404
    again = ask(fresh, "GET", f"/api/games/{game_id}", saved=moved["document"])
    # The same table (the answer to a move also held the tables since the move).
    assert again["data"] == {k: v for k, v in moved["data"].items() if k != "between"}
    other = ask(fresh, "GET", "/api/games/someone-else", saved=moved["document"])
    assert other["status"] == 404
    assert ask(LocalTables(), "GET", f"/api/games/{game_id}", saved="{}")["status"] == 404


def test_the_worker_keeps_a_bounded_number_of_games():
    tables = LocalTables()
    for seed in range(local.MAX_LOCAL_GAMES + 3):
        ask(tables, "POST", "/api/games", {"game": "casino", "level": "random", "seed": seed})
    assert len(tables.games) == local.MAX_LOCAL_GAMES


def test_local_imports_neither_sqlite_nor_starlette():
    """Pyodide's standard library has no sqlite3; the site ships no Starlette."""
    code = (
        "import sys, types, os, importlib.util\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] in ('sqlite3', '_sqlite3', 'starlette', 'uvicorn'):\n"
        "            raise ImportError(name)\n"
        "sys.meta_path.insert(0, Block())\n"
        # The worker's boot (static/worker.js): the cli package without its __init__.
        "spec = importlib.util.find_spec('cardrules')\n"
        "cli = types.ModuleType('cardrules.cli')\n"
        "cli.__path__ = [os.path.join(os.path.dirname(spec.origin), 'cli')]\n"
        "sys.modules['cardrules.cli'] = cli\n"
        "from cardrules.web.local import LocalTables\n"
        "print(LocalTables().handle('POST', '/api/games', '{\"game\": \"casino\"}')[:14])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith('{"status": 201')


def fake_pyodide(folder: Path, version: str = site.PYODIDE_VERSION) -> Path:
    """A stand-in for the npm package's files (the builder copies them; it never runs them)."""
    package = folder / "node_modules" / "pyodide"
    package.mkdir(parents=True)
    for name in site.PYODIDE_FILES:
        (package / name).write_text(f"// {name}\n")
    (package / "package.json").write_text(json.dumps({"name": "pyodide", "version": version}))
    return folder


def test_site_build_writes_pages_wheels_runtime_and_the_offline_list(tmp_path):
    out = tmp_path / "site"
    written = site.build_site(out, pyodide_dir=fake_pyodide(tmp_path / "npm"))
    info = json.loads((out / "site.json").read_text())
    assert info["pyodide"] == site.PYODIDE_VERSION and info["points"] == ranking.POINTS
    # Every file the service worker keeps exists, and every file of the site is kept.
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert set(info["files"]) - {"./"} == files - {"sw.js"}
    assert {p.relative_to(out).as_posix() for p in written} == files
    for page in ("index.html", "table.html", "leaderboard.html", "watch.html"):
        text = (out / page).read_text()
        assert 'data-mode="static"' in text and '"/static/' not in text
        assert 'href="/' not in text
    # The spectator's page is the table page watching computers (and kept offline too).
    assert 'data-page="watch"' in (out / "watch.html").read_text()
    assert "watch.html" in info["files"]
    assert '<link rel="manifest"' in (out / "index.html").read_text()
    assert info["build"] in (out / "sw.js").read_text()
    manifest = json.loads((out / "manifest.webmanifest").read_text())
    assert (out / manifest["icons"][0]["src"]).is_file()
    # The wheels: cardrules as imported (every module), attrs and typing-extensions.
    names = sorted(info["wheels"])
    assert [n.split("-")[0] for n in names] == ["attrs", "cardrules", "typing_extensions"]
    with zipfile.ZipFile(out / "wheels" / next(n for n in names if "cardrules" in n)) as wheel:
        inside = set(wheel.namelist())
        assert "cardrules/web/local.py" in inside and "cardrules/rummy500/__init__.py" in inside
        record = wheel.read(next(n for n in inside if n.endswith("RECORD"))).decode()
        assert "cardrules/web/local.py,sha256=" in record
    # The same sources build the same bytes (fixed zip times): the build id is stable.
    again = site.build_site(tmp_path / "again", pyodide_dir=fake_pyodide(tmp_path / "npm2"))
    assert json.loads((tmp_path / "again" / "site.json").read_text())["build"] == info["build"]
    assert len(again) == len(written)


def test_site_build_refuses_a_wrong_pyodide(tmp_path):
    with pytest.raises(ValueError, match="missing"):
        site.find_pyodide(tmp_path)
    with pytest.raises(ValueError, match=f"needs {site.PYODIDE_VERSION}"):
        site.find_pyodide(fake_pyodide(tmp_path / "old", version="0.25.0"))


def test_the_site_command(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["site", "build", str(tmp_path / "s"), "--pyodide", str(fake_pyodide(tmp_path / "npm"))],
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    assert "wrote the site" in out.getvalue() and (tmp_path / "s" / "site.json").is_file()
    code = main(
        ["site", "build", str(tmp_path / "t"), "--pyodide", str(tmp_path / "nothing")],
        stdout=out,
        stderr=err,
    )
    assert code == 1 and "not the pyodide npm package" in err.getvalue()
    (tmp_path / "file").write_text("x")
    assert (
        main(
            ["site", "build", str(tmp_path / "file"), "--pyodide", str(tmp_path / "npm")],
            stdout=out,
            stderr=err,
        )
        == 2
    )


def _random_play(game: str, seed: int, stop: Any, **options: Any) -> Any:
    import random

    state = cardrules.new_game(game, seed=seed, **options)
    chooser = random.Random(seed)
    while not state.is_over and not stop(state):
        state = cardrules.apply(state, chooser.choice(cardrules.legal_actions(state)))
    return state


def _board(game: str, view: Any) -> dict[str, Any]:
    from cardrules.web.payload import Table, table_payload

    names = tuple(f"P{seat}" for seat in range(len(view.hand_sizes)))
    return table_payload(Table("t", game, names, practice=False, version=0), view)["board"]


def test_the_board_shows_the_vegas_rebuy_terms_and_the_pot_split():
    """LV-12: the rebuy costs the buy-in and restarts at the highest score still standing;
    LV-15: the split of the pot, which adds up to the pot."""
    from decimal import Decimal

    from cardrules.vegas_rummy.betting import rebuy_score
    from cardrules.vegas_rummy.config import Config

    config = Config(num_players=3, max_score=30, buy_in=Decimal(2))
    for seed in range(40):
        state = _random_play(
            "vegas_rummy",
            seed,
            lambda s: "rebuy" in cardrules.view(s, s.to_act).legal_texts,
            config=config,
        )
        if not state.is_over:
            break
    else:
        pytest.fail("no rebuy offered in 40 games")
    view = cardrules.view(state, state.to_act)
    money = _board("vegas_rummy", view)["money"]
    assert money["rebuy"] == {
        "cost": "2",
        "score": rebuy_score(view.scores, view.active, config.max_score),
    }
    finished = _random_play("vegas_rummy", 3, lambda s: False, config=config)
    money = _board("vegas_rummy", cardrules.view(finished, 0))["money"]
    assert money["split"] is not None and money["rebuy"] is None
    assert sum(Decimal(row["receives"]) for row in money["split"]) == Decimal(money["pot"])


def test_the_board_marks_who_placed_each_meld_card_and_a_casino_move_in_steps():
    state = _random_play("rummy500", 2, lambda s: any(s.placed[1:]) and any(s.placed[0]))
    board = _board("rummy500", cardrules.view(state, 0))
    for meld in board["melds"]:
        for card in meld["cards"]:
            assert card["card"] in {str(c) for c in state.placed[card["by"]]}
    for seed in range(40):
        state = _random_play("casino", seed, lambda s: s.pending is not None)
        if state.pending is not None:
            break
    view = cardrules.view(state, state.to_act)
    assert _board("casino", view)["pending"] == str(view.pending)


def test_a_casino_first_step_that_leaves_the_play_in_progress_says_so():
    """Issue 28: "3♦ builds 10 with 6♦" only starts a build of 10 (it must take A♥ too); the
    payload says what it starts and what may come next, exactly when the rules keep the play
    in progress (CA steps: a step that can take more items leaves the play pending)."""
    from cardrules.casino import Build, Capture

    seen = 0
    for seed in range(1, 30):
        state = cardrules.new_game("casino", seed=seed)
        view = cardrules.view(state, state.to_act)
        table = Table("g", "casino", ("Ada", "Bot"), practice=True, version=0)
        moves = table_payload(table, view)["moves"]
        for move, action in zip(moves, view.legal_actions, strict=True):
            after = cardrules.apply(state, action)
            goes_on = after.pending is not None
            assert ("step" in move) == goes_on, (seed, move)
            if not goes_on:
                continue
            seen += 1
            step = move["step"]
            assert isinstance(action, Capture | Build)
            assert step["kind"] == ("capture" if isinstance(action, Capture) else action.kind)
            # What may come next is what the rules list next, and "done" is there when can_end.
            following = cardrules.view(after, after.to_act).legal_texts
            assert [f"and {item}" for item in step["then"]] == [
                t for t in following if t.startswith("and ")
            ]
            assert step["can_end"] == ("done" in following)
    assert seen >= 3


def test_the_spectators_game_of_computers_goes_move_by_move_and_stops_at_the_end():
    tables = LocalTables()
    reply = ask(tables, "POST", "/api/watch", {"game": "casino", "level": "easy", "players": 3})
    assert reply["status"] == 201 and "document" not in reply and "summary" not in reply
    data = reply["data"]
    assert data["seat"] is None and data["hand"] == [] and data["moves"] == []
    assert len(data["names"]) == 3 and all(n.startswith("Bot ") for n in data["names"])
    game = tables.watched[data["id"]]
    moves = 0
    while not data["over"]:
        before = game.version
        reply = ask(tables, "POST", f"/api/watch/{data['id']}/next", {"version": data["version"]})
        assert reply["status"] == 200, reply
        data = reply["data"]
        moves += 1
        # One move as everybody saw it: the events of exactly the actions just played.
        played = [e for e in data["events"] if e["kind"] != "round_end"]
        assert len(played) == 1 and data["version"] > before, data["events"]
        assert data["view"] == json.loads(cardrules.to_json(cardrules.view(game.state, None)))
        assert moves < 2000
    assert ask(tables, "POST", f"/api/watch/{data['id']}/next", None)["status"] == 409
    stale = ask(tables, "POST", f"/api/watch/{data['id']}/next", {"version": 0})
    assert stale["data"]["error"]["code"] in ("stale", "game_over")
    assert ask(tables, "GET", "/api/watch/nope", None)["status"] == 404
    assert ask(tables, "POST", "/api/watch", {"game": "chess"})["status"] == 400
    assert tables.games == {}  # nothing of it is kept as the player's game


def test_a_hint_comes_from_the_players_own_view_and_names_a_listed_move():
    tables = LocalTables()
    for game_name in cardrules.GAMES:
        reply = ask(tables, "POST", "/api/games", {"game": game_name, "level": "easy", "seed": 8})
        game_id = reply["data"]["id"]
        for _ in range(3):
            data = reply["data"]
            tip = ask(tables, "GET", f"/api/games/{game_id}/hint")
            assert tip["status"] == 200 and "summary" not in tip and "document" not in tip
            hint = tip["data"]["hint"]
            assert data["moves"][hint["index"]]["text"] == hint["text"] and hint["reason"]
            assert tip["data"]["version"] == data["version"]
            # The same view and seed give the same hint: a pure function of what the seat sees.
            game = tables.games[game_id]
            view, seed = game.hint_request()
            assert view == cardrules.view(game.state, 0)
            assert games.hint_payload(game_name, view, seed, game.version) == tip["data"]
            reply = ask(
                tables,
                "POST",
                f"/api/games/{game_id}/act",
                {"index": hint["index"], "version": data["version"]},
            )
            assert reply["status"] == 200
    assert ask(tables, "GET", "/api/games/nope/hint")["status"] == 404
    # No hint out of turn or after the end (a game of computers stands in for both).
    watched = tables.watch({"game": "rummy500", "level": "random", "players": 2, "seed": 2})
    while watched.state.to_act == 0:
        watched.bot_move()
    with pytest.raises(games.RequestError, match="your turn"):
        watched.hint_request()
    while not watched.state.is_over:
        watched.bot_move()
    with pytest.raises(games.RequestError, match="over"):
        watched.hint_request()
