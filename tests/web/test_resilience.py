"""Server mode when things go wrong (issue 28): a lost request shows a message and is tried
again (the table never sits frozen), a restarted server resumes the game, the spectator's
page stops asking once the game is over, and no response names a server path."""

from __future__ import annotations

import time
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from cardrules.web import GameStore
from tests.web.conftest import LiveServer
from tests.web.test_browser import _MOVED, _READY, play_to_end, start

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_a_lost_move_says_so_and_is_tried_again(page, live):
    game_id = start(page, live, "casino", seed=3)
    lost: list[str] = []

    def drop_twice(route: Any) -> None:
        if len(lost) < 2:
            lost.append(route.request.url)
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/api/games/*/act", drop_twice)
    version = page.evaluate("document.body.dataset.version")
    page.locator("#moves button.move").first.click()
    page.wait_for_selector("#trouble:not([hidden])")
    assert "lost" in page.inner_text("#trouble-text")
    page.click("#retry-now")  # no need to wait for the next try
    page.wait_for_function(_MOVED, arg=version, timeout=30_000)
    page.wait_for_function(_READY)
    assert len(lost) == 2 and page.is_hidden("#trouble")
    assert live.store.games[game_id].version > int(version)
    # Played once: the game's own count of your moves is one.
    assert page.evaluate("document.body.dataset.state") in ("your-turn", "over")


def test_a_restarted_server_resumes_the_game(page, store):
    port = None
    with LiveServer(store) as first:
        port = first.port
        game_id = start(page, first, "rummy500", seed=8)
        page.locator("#moves button.move").first.click()  # draw
        page.wait_for_function("document.body.dataset.state === 'your-turn'")
        before = page.evaluate("document.body.dataset.version")
    # The server is down: the next move is lost, and the page says it keeps trying.
    page.locator("#moves button.move").first.click()
    page.wait_for_selector("#trouble:not([hidden])", timeout=20_000)
    again = GameStore(store.folder, leaderboard=store.leaderboard, clock=store.clock)
    assert game_id in again.games
    with LiveServer(again, port=port):
        page.click("#retry-now")
        page.wait_for_function(_MOVED, arg=before, timeout=30_000)
        page.wait_for_function(_READY)
        assert page.is_hidden("#trouble")
        assert again.games[game_id].version > int(before)


def test_the_spectator_stops_asking_at_the_end_and_no_path_is_ever_sent(page, live, chromium):
    game_id = start(page, live, "casino", target=3, level="easy")
    other = chromium.new_context(bypass_csp=True)
    bodies: list[str] = []
    page.on("response", lambda r: bodies.append(r.text()) if "/api/" in r.url else None)
    try:
        watcher = other.new_page()
        asked: list[float] = []
        watcher.on(
            "request", lambda r: asked.append(time.monotonic()) if "/watch" in r.url else None
        )
        watcher.goto(f"{live.url}/watch/{game_id}?speed=0")
        play_to_end(page, limit=400)
        watcher.wait_for_function("document.body.dataset.state === 'over'", timeout=20_000)
        time.sleep(0.5)
        count = len(asked)
        time.sleep(4)  # the page polled every 1.5 s while the game was on
        assert len(asked) == count
    finally:
        other.close()
    assert page.inner_text("#result")
    for secret in (
        str(live.store.folder),
        str(live.store.leaderboard),
        str(live.store.folder.parent),
    ):
        assert all(secret not in body for body in bodies)
        assert secret not in page.content()
