"""The JSON API: every response is built from a view; bad requests get a 4xx and change nothing.

Issue 17, item "The server sends only views" and item "bad requests ... get a 4xx with the
reason, never a 500 and never a changed game".
"""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import records
from cardrules.web import MAX_BODY, GameStore
from tests.web.conftest import new_game

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _snapshot(store: GameStore, game_id: str) -> tuple[Any, int]:
    game = store.games[game_id]
    return game.state, game.version


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_every_game_payload_holds_exactly_the_players_view(client, store, game):
    """Item 1: the view in each response is view(state, seat) of the server's state, to the byte."""
    data = new_game(client, game=game)
    for _ in range(30):
        server = store.games[data["id"]]
        expected = json.loads(records.to_json(cardrules.view(server.state, 0)))
        assert data["view"] == expected
        assert data["seat"] == 0
        assert [{"index": m["index"], "text": m["text"]} for m in data["moves"]] == [
            {"index": i, "text": t} for i, t in enumerate(expected["data"]["legal_texts"])
        ]
        if data["over"]:
            break
        reply = client.post(f"/api/games/{data['id']}/act", json={"index": 0})
        assert reply.status_code == 200, reply.text
        data = reply.json()


def test_the_state_never_leaves_the_server(client, store):
    """No response carries a state document, the seed, the stock or the other hand."""
    data = new_game(client, game="rummy500")
    game = store.games[data["id"]]
    for path in (f"/api/games/{data['id']}", f"/api/games/{data['id']}/watch"):
        text = client.get(path).text
        assert '"kind":"state"' not in text.replace(" ", "")
        assert str(game.seed) not in text
        assert '"stock"' not in text
        assert '"hands"' not in text


def test_the_spectator_sees_no_hand(client, store):
    data = new_game(client, game="casino")
    watched = client.get(f"/api/games/{data['id']}/watch").json()
    assert watched["seat"] is None
    assert watched["hand"] == []
    assert watched["moves"] == []
    server = store.games[data["id"]]
    assert watched["view"] == json.loads(records.to_json(cardrules.view(server.state, None)))


def test_unknown_game_id_is_404(client):
    for method, path in (
        ("GET", "/api/games/nope"),
        ("POST", "/api/games/nope/act"),
        ("GET", "/api/games/nope/watch"),
    ):
        reply = client.request(method, path, json={"index": 0})
        assert reply.status_code == 404, (path, reply.text)
        assert reply.json()["error"]["code"] == "no_game"


def _bad(client, store, game_id, body: Any, *, raw: bytes | None = None, headers=None) -> dict:
    before = _snapshot(store, game_id)
    if raw is not None:
        reply = client.post(f"/api/games/{game_id}/act", content=raw, headers=headers or {})
    else:
        reply = client.post(f"/api/games/{game_id}/act", json=body)
    assert 400 <= reply.status_code < 500, reply.text
    assert _snapshot(store, game_id) == before  # never a changed game
    error: dict = reply.json()["error"]
    assert error["message"]
    return {"status": reply.status_code, **error}


def test_an_action_not_in_the_views_list_is_refused_with_the_librarys_reason(client, store):
    data = new_game(client, game="rummy500")
    gid = data["id"]
    state = store.games[gid].state
    assert data["your_turn"]
    # Not listed: discarding before drawing (the rules say why).
    card = data["view"]["data"]["hand"][0]
    error = _bad(client, store, gid, {"text": f"discard {card}"})
    assert error["status"] == 422 and error["code"] == "illegal_action"
    assert error["message"] == cardrules.check(
        state, cardrules.parse_action(f"discard {card}", state)
    )
    # An index past the list.
    error = _bad(client, store, gid, {"index": len(data["moves"])})
    assert error["status"] == 400 and "act.index" in error["message"]
    # Text that is no action at all.
    error = _bad(client, store, gid, {"text": "fly away"})
    assert error["status"] == 400
    # A move object of another shape.
    error = _bad(client, store, gid, {"index": 0, "text": "draw"})
    assert error["status"] == 400
    error = _bad(client, store, gid, [1, 2])
    assert error["status"] == 400
    error = _bad(client, store, gid, {"index": True})
    assert error["status"] == 400


def test_malformed_json_and_oversized_bodies_are_refused(client, store):
    gid = new_game(client, game="casino")["id"]
    headers = {"content-type": "application/json"}
    assert _bad(client, store, gid, None, raw=b"{not json", headers=headers)["status"] == 400
    assert _bad(client, store, gid, None, raw=b"NaN", headers=headers)["status"] == 400
    assert _bad(client, store, gid, None, raw=b"[" * 5000 + b"]" * 5000, headers=headers)[
        "status"
    ] in (400, 413)
    big = b'{"text": "' + b"x" * (MAX_BODY + 10) + b'"}'
    error = _bad(client, store, gid, None, raw=big, headers=headers)
    assert error["status"] == 413 and error["code"] == "too_large"
    deep = b"[" * 3000 + b"]" * 3000
    assert _bad(client, store, gid, None, raw=deep, headers=headers)["status"] == 400
    assert _bad(client, store, gid, None, raw=b"\xff\xfe", headers=headers)["status"] == 400


def test_a_stale_version_or_another_session_changes_nothing(client, store):
    data = new_game(client, game="rummy500")
    gid = data["id"]
    error = _bad(client, store, gid, {"index": 0, "version": data["version"] + 1})
    assert error["status"] == 409 and error["code"] == "stale"
    error = _bad(client, store, gid, {"index": 0, "version": "1"})
    assert error["status"] == 400
    stranger = client.__class__(client.app)
    before = _snapshot(store, gid)
    reply = stranger.post(f"/api/games/{gid}/act", json={"index": 0})
    assert reply.status_code == 403 and reply.json()["error"]["code"] == "forbidden"
    assert stranger.get(f"/api/games/{gid}").status_code == 403
    assert stranger.get(f"/api/games/{gid}/watch").status_code == 200  # spectators need only the id
    assert _snapshot(store, gid) == before


def test_playing_after_the_end_is_409(client, store):
    data = new_game(client, game="casino", target=1)
    gid = data["id"]
    while not data["over"]:
        data = client.post(f"/api/games/{gid}/act", json={"index": 0}).json()
    error = _bad(client, store, gid, {"index": 0})
    assert error["status"] == 409 and error["code"] == "game_over"
    reply = client.get(f"/api/games/{gid}/hint")
    assert reply.status_code == 409 and reply.json()["error"]["code"] == "game_over"


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_the_hint_names_a_move_of_the_players_list_and_only_the_owner_gets_one(
    client, store, game, monkeypatch
):
    """Issue 31: the hint is the expert's move from the requesting seat's view, with its reason;
    another session gets 403 and asking changes nothing."""
    from cardrules import bots
    from cardrules.web import games

    asked: list[Any] = []
    real_hint = bots.hint

    def spy(name: str, view: Any, **options: Any) -> Any:
        asked.append(view)
        return real_hint(name, view, **options)

    monkeypatch.setattr(games.bots, "hint", spy)
    data = new_game(client, game=game, seed=5)
    gid = data["id"]
    before = _snapshot(store, gid)
    reply = client.get(f"/api/games/{gid}/hint")
    # The search was given the player's own view and nothing else.
    assert asked == [cardrules.view(store.games[gid].state, 0)]
    assert reply.status_code == 200, reply.text
    hint = reply.json()["hint"]
    assert data["moves"][hint["index"]]["text"] == hint["text"] and hint["reason"]
    assert reply.json()["version"] == data["version"]
    assert _snapshot(store, gid) == before
    stranger = client.__class__(client.app)
    assert stranger.get(f"/api/games/{gid}/hint").status_code == 403
    assert client.get("/api/games/nope/hint").status_code == 404


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "game must be one of"),
        ({"game": "casino", "level": "genius"}, "level must be one of"),
        ({"game": "casino", "players": 9}, "players must be"),
        ({"game": "casino", "name": ""}, "name must be"),
        ({"game": "casino", "name": "x" * 41}, "name must be"),
        ({"game": "casino", "colour": "red"}, "unknown keys"),
        ({"game": "rummy500", "max_score": 30}, "applies to Las Vegas Rummy only"),
        ({"game": "vegas_rummy", "buy_in": "lots"}, "buy-in"),
        ({"game": "casino", "royal": "yes"}, "royal must be true or false"),
        ({"game": "casino", "seed": -1}, "seed must be"),
        ([], "JSON object"),
    ],
)
def test_bad_lobby_forms_are_400_with_the_reason(client, store, body, words):
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 400, reply.text
    assert words in reply.json()["error"]["message"]
    assert store.games == {}


def test_the_pages_and_assets_are_served_by_the_package(client):
    for path in (
        "/",
        "/leaderboard",
        "/table/x",
        "/watch/x",
        "/static/app.js",
        "/static/style.css",
        "/static/cards.svg",
        "/static/worker.js",
        "/static/sw.js",
    ):
        reply = client.get(path)
        assert reply.status_code == 200, path
        assert "default-src 'self'" in reply.headers["content-security-policy"]
        # Nothing from elsewhere (SVG's namespace is a name, never fetched).
        text = reply.text.replace("http://www.w3.org/2000/svg", "")
        assert "http://" not in text and "https://" not in text, path
    assert client.get("/static/../store.py").status_code == 404
    meta = client.get("/api/meta").json()
    assert [g["name"] for g in meta["games"]] == list(cardrules.GAMES)
    assert meta["points"] == {"easy": 10, "normal": 30, "expert": 100}


_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(["index", "text", "action", "version", "x"]), children, max_size=3
        )
    ),
    max_leaves=12,
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=_JSON, raw=st.binary(max_size=64))
def test_any_body_gets_a_4xx_or_a_move_never_a_500(client, store, body, raw):
    """Item 1, as a property: whatever is posted, no 500; a refused request changes nothing."""
    data = new_game(client, game="rummy500") if not store.games else None
    gid = next(iter(store.games)) if data is None else data["id"]
    for reply_of in (
        lambda: client.post(f"/api/games/{gid}/act", json=body),
        lambda: client.post(f"/api/games/{gid}/act", content=raw),
        lambda: client.post("/api/games", json=body),
    ):
        before = _snapshot(store, gid)
        count = len(store.games)
        reply = reply_of()
        assert reply.status_code < 500, reply.text
        if reply.status_code >= 400:
            assert reply.json()["error"]["message"]
            assert _snapshot(store, gid) == before
            assert len(store.games) == count


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_the_answer_to_a_move_holds_the_players_views_while_the_others_answer(client, store, game):
    """While the opponents' moves travel, the page shows the table as the player's move left
    it, then as each of their moves left it: the answer's ``between`` holds the hand and
    board of view(state, 0) right after the player's move and after each opponent move
    that logged events (the player saw each), and which of them follows each event."""
    from cardrules.web.payload import _board

    data = new_game(client, game=game, seed=9, players=3)
    gid = data["id"]
    for _ in range(10):
        if data["over"]:
            break
        before = store.games[gid].version
        data = client.post(f"/api/games/{gid}/act", json={"index": 0}).json()
        server = store.games[gid]
        state = cardrules.new_game(game, server.config, seed=server.seed)
        for action in server.actions[: before + 1]:
            state = cardrules.apply(state, action)
        expected = [cardrules.view(state, 0)]
        for action in server.actions[before + 1 :]:
            state = cardrules.apply(state, action)
            expected.append(cardrules.view(state, 0))
        between = data["between"]
        tables = between["tables"]
        # One index for each event logged since the move: the last events of the view.
        logged = sum(len(e) for e in _logged_since(game, server, before))
        assert len(between["after_event"]) == logged <= len(data["events"])
        assert between["after_event"] == sorted(between["after_event"])
        # Each table is one of the player's own views since the move, in order, the first
        # right after it, the last the one the answer shows.
        boards = [
            {
                "hand": [str(c) for c in sorted(v.hand)],
                "board": _board(game, v, data["names"], data["sides"]),
            }
            for v in expected
        ]
        boards = json.loads(json.dumps(boards))
        assert tables[0] == boards[0]
        at = 0
        for table in tables[1:]:
            at = boards.index(table, at + 1)
        if len(tables) > 1:
            assert tables[-1]["board"] == data["board"] and tables[-1]["hand"] == data["hand"]
    # A plain look carries none.
    assert "between" not in client.get(f"/api/games/{gid}").json()


def _logged_since(game: str, server: Any, before: int) -> list[tuple[Any, ...]]:
    """The events each action from ``before`` on logged (after the player's own Move in the
    first), replayed on a log kept empty."""
    from cardrules.events import Move, with_events

    state = cardrules.new_game(game, server.config, seed=server.seed)
    for action in server.actions[:before]:
        state = cardrules.apply(state, action)
    out = []
    for number, action in enumerate(server.actions[before:]):
        logged = cardrules.apply(with_events(state, ()), action).events
        if number == 0:
            own = [i for i, e in enumerate(logged) if isinstance(e, Move) and e.seat == 0]
            logged = logged[own[-1] + 1 :] if own else ()
        out.append(logged)
        state = cardrules.apply(state, action)
    return out
