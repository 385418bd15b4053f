"""Games survive a restart, idle games expire, many games at once, ranking points recorded.

Issue 17: "Many games at once in one server (one per browser session), games survive a
server restart (saved to the data folder), idle games expire"; "ranking points (10 / 30 /
100) added to the same SQLite leaderboard the CLI uses".
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

import cardrules
from cardrules import bots, ranking, records
from cardrules.web import GameStore, create_app
from cardrules.web import store as store_module
from tests.web.conftest import Clock, TestClient, new_game


def _play_some(client: TestClient, data: dict[str, Any], moves: int) -> dict[str, Any]:
    for _ in range(moves):
        if data["over"]:
            break
        reply = client.post(f"/api/games/{data['id']}/act", json={"index": 0})
        assert reply.status_code == 200, reply.text
        data = reply.json()
    return data


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_a_game_survives_a_server_restart(tmp_path, board, clock, client, store, game):
    data = _play_some(client, new_game(client, game=game), 8)
    path = tmp_path / "games" / f"{data['id']}.json"
    assert path.is_file()
    saved = path.read_text(encoding="utf-8")
    assert json.loads(saved)["format"] == "cardrules-web-game"
    # A new server over the same folder: the same game, the same view, and play goes on.
    restarted = GameStore(tmp_path / "games", leaderboard=board, clock=clock)
    assert set(restarted.games) == {data["id"]}
    again = restarted.games[data["id"]]
    assert again.state == store.games[data["id"]].state
    with TestClient(create_app(restarted), cookies=client.cookies) as second:
        reply = second.get(f"/api/games/{data['id']}")
        assert reply.status_code == 200
        assert reply.json()["view"] == data["view"]
        if not data["over"]:
            assert second.post(f"/api/games/{data['id']}/act", json={"index": 0}).status_code == 200


def test_files_that_are_not_games_are_skipped(tmp_path, board, clock):
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "junk.json").write_text("{not json", encoding="utf-8")
    (folder / "other.json").write_text('{"format": "something else"}', encoding="utf-8")
    assert GameStore(folder, leaderboard=board, clock=clock).games == {}


def test_idle_games_expire_with_their_files(tmp_path, board, clock, client, store):
    old = new_game(client, game="casino")["id"]
    clock.now += store.idle_seconds / 2
    fresh = new_game(client, game="casino")["id"]
    clock.now += store.idle_seconds / 2 + 1
    assert client.get(f"/api/games/{fresh}").status_code == 200
    assert client.get(f"/api/games/{old}").status_code == 404
    assert not (tmp_path / "games" / f"{old}.json").exists()
    assert (tmp_path / "games" / f"{fresh}.json").exists()
    # Playing counts as touching: the fresh game lives on while it is played.
    clock.now += store.idle_seconds - 10
    assert client.post(f"/api/games/{fresh}/act", json={"index": 0}).status_code == 200
    clock.now += 20
    assert client.get(f"/api/games/{fresh}").status_code == 200
    # A restart after a long pause drops it too.
    clock.now += store.idle_seconds + 1
    assert GameStore(tmp_path / "games", leaderboard=board, clock=clock).games == {}


def test_many_games_at_once_one_per_browser_session(store):
    app = create_app(store)
    sessions = []
    for i in range(6):
        browser = TestClient(app)
        browser.get("/")
        data = new_game(browser, game=cardrules.GAMES[i % 3], name=f"P{i}")
        sessions.append((browser, data))
    ids = {data["id"] for _, data in sessions}
    assert len(ids) == 6
    for _ in range(5):
        for browser, data in sessions:
            reply = browser.post(f"/api/games/{data['id']}/act", json={"index": 0})
            assert reply.status_code in (200, 409), reply.text
    for i, (browser, data) in enumerate(sessions):
        mine = browser.get("/api/games").json()["games"]
        assert [g["id"] for g in mine] == [data["id"]]  # each session sees its own game only
        for _other_browser, other in sessions:
            if other is not data:
                assert browser.get(f"/api/games/{other['id']}").status_code == 403
        assert browser.get(f"/api/games/{data['id']}").json()["names"][0] == f"P{i}"


def test_a_full_store_refuses_new_games_with_429(tmp_path, board, clock):
    small = GameStore(tmp_path / "g", leaderboard=board, clock=clock, max_games=2)
    with TestClient(create_app(small)) as client:
        client.get("/")
        new_game(client, game="casino")
        new_game(client, game="casino")
        reply = client.post("/api/games", json={"game": "casino"})
        assert reply.status_code == 429


def _win_against(
    monkeypatch: Any,
    client: TestClient,
    level: str,
    game: str,
    options: dict[str, Any],
    seeds: range,
) -> dict[str, Any]:
    """Play with an expert bot at seat 0 over the API until a game is won; its last payload,
    with the number of games played (``"played"``: the lost ones before it count too)."""
    for played, seed in enumerate(seeds, 1):
        # The server draws the seed (not a practice game); the test picks which.
        monkeypatch.setattr(store_module.rng, "draw_seed", lambda seed=seed: seed)
        data = new_game(client, game=game, level=level, **options)
        me = bots.make(game, "expert", seed=seed)
        while not data["over"]:
            view = records.from_json(json.dumps(data["view"]))
            action = me.choose(view)
            index = list(view.legal_actions).index(action)
            data = client.post(f"/api/games/{data['id']}/act", json={"index": index}).json()
        if "Ada" in data["over"][0]:
            return {**data, "played": played}
    raise AssertionError("no game won")


@pytest.mark.parametrize(("level", "points"), [("easy", 10), ("normal", 30)])
def test_a_won_game_earns_the_levels_points_on_the_clis_leaderboard(
    monkeypatch, client, board, level, points
):
    data = _win_against(monkeypatch, client, level, "casino", {"target": 5}, range(40))
    assert not data["practice"]
    assert data["result"].startswith(f"{points} ranking points for Ada")
    with ranking.Leaderboard(board, read_only=True) as lb:
        (row,) = lb.table("casino")
    assert (row.player, row.points, row.wins) == ("Ada", points, 1)
    tables = client.get("/api/leaderboard").json()["tables"]
    assert tables[2]["rows"][0] == {
        "player": "Ada",
        "points": points,
        "wins": 1,
        "games": data["played"],
        "best": level,
    }
    # Looking again does not record the game twice.
    client.get(f"/api/games/{data['id']}")
    with ranking.Leaderboard(board, read_only=True) as lb:
        assert lb.table("casino")[0].games == data["played"]


def test_a_game_with_a_chosen_seed_is_practice_and_scores_nothing(client, board):
    data = new_game(client, game="casino", target=1, seed=5)
    assert data["practice"]
    while not data["over"]:
        data = client.post(f"/api/games/{data['id']}/act", json={"index": 0}).json()
    assert data["result"].startswith("Practice game")
    with ranking.Leaderboard(board, read_only=True) as lb:
        assert lb.table("casino") == []


def test_the_clock_fixture_moves(clock: Clock):
    before = clock()
    clock.now += 5
    assert clock() == before + 5


def test_one_session_keeps_at_most_its_share_of_games(tmp_path, client, store, clock):
    from cardrules.web.store import MAX_GAMES_PER_SESSION

    made = []
    for _ in range(MAX_GAMES_PER_SESSION + 2):
        clock.now += 1
        made.append(new_game(client, game="casino")["id"])
    assert len(store.games) == MAX_GAMES_PER_SESSION
    assert set(store.games) == set(made[2:])  # the two oldest went, files too
    assert not (tmp_path / "games" / f"{made[0]}.json").exists()
    assert client.get(f"/api/games/{made[0]}").status_code == 404
