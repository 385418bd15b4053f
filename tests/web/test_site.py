"""The static site in Chromium: the engine and the bots under Pyodide in a Web Worker (issue 28).

The site is built once from this checkout with the Pyodide runtime of the pinned ``pyodide``
npm package, found at ``$CARDRULES_PYODIDE`` (``.ci/run`` installs it there with npm); without
it these tests skip. A plain static file server on loopback serves the folder; every request
the page makes must go to that origin. The opponents' moves are shown without delay.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

import cardrules
from cardrules import bots, engine
from cardrules.web import site

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

_READY = "['your-turn', 'over', 'error'].includes(document.body.dataset.state)"
_MOVED = "v => document.body.dataset.version !== v"
BOOT_MS = 120_000  # Pyodide's first start on a busy two-core machine


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    where = os.environ.get("CARDRULES_PYODIDE")
    if not where:
        pytest.skip(
            "CARDRULES_PYODIDE is not set (npm install pyodide@" + site.PYODIDE_VERSION + ")"
        )
    out = tmp_path_factory.mktemp("site")
    site.build_site(out, pyodide_dir=Path(where))
    return out


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def site_url(built_site: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(built_site))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/"
    server.shutdown()


@pytest.fixture
def site_page(chromium: Any, site_url: str) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 1000, "height": 900})
    context.set_default_timeout(30_000)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    yield page
    context.close()
    elsewhere = [url for url in asked if not url.startswith(site_url)]
    assert not elsewhere, elsewhere


def start(page: Any, url: str, game: str, **fields: Any) -> None:
    page.goto(f"{url}index.html?speed=0")
    page.select_option("#game", game)
    page.select_option("#opponents", str(fields.pop("opponents", 1)))
    page.select_option("#level", fields.pop("level", "easy"))
    page.fill("#name", fields.pop("name", "Ada"))
    for field, value in fields.items():
        if field == "seed":
            page.click("summary")
        page.fill(f"#{field}", str(value))
    page.click("#start")
    page.wait_for_url("**/table.html?*id=*", timeout=BOOT_MS)
    page.wait_for_function(_READY, timeout=BOOT_MS)


def play_to_end(page: Any, limit: int) -> int:
    for turn in range(limit):
        page.wait_for_function(_READY)
        state = page.evaluate("document.body.dataset.state")
        assert state != "error", page.inner_text("#status")
        if state == "over":
            return turn
        version = page.evaluate("document.body.dataset.version")
        page.locator("#moves button.move:not([disabled])").first.click()
        page.wait_for_function(_MOVED, arg=version)
    raise AssertionError(f"not over after {limit} moves")


def test_offline_after_the_first_load_a_whole_game_and_its_points(site_page, site_url, built_site):
    page = site_page
    page.goto(f"{site_url}index.html")
    # The service worker has kept every file of the site once it is ready.
    kept = page.evaluate(
        """async () => {
             await navigator.serviceWorker.ready;
             const names = await caches.keys();
             const cache = await caches.open(names.find((n) => n.startsWith('cardrules-site-')));
             return (await cache.keys()).length;
           }"""
    )
    assert kept == len(json.loads((built_site / "site.json").read_text())["files"])
    page.context.set_offline(True)
    start(page, site_url, "casino", target=5)
    # The network is really off: a file the cache does not hold cannot be fetched.
    fetched = page.evaluate("fetch('not-in-the-cache.txt').then(() => 'fetched', () => 'failed')")
    assert fetched == "failed"
    assert play_to_end(page, limit=400) > 0
    # The engine's bytecode is kept for the next start (static/worker.js, keepBytecode).
    kept_dbs = page.evaluate("indexedDB.databases().then((all) => all.map((d) => d.name))")
    assert "/bytecode" in kept_dbs
    result = page.inner_text("#result")
    assert "this browser's leaderboard" in result
    page.click("text=Leaderboard >> nth=-1")
    page.wait_for_function("document.body.dataset.state === 'ready'")
    board = page.inner_text("section[data-game='casino']")
    assert "Ada" in board
    won = "ranking points" in result
    assert ("10" in board) if won else ("Recorded a lost game" in result)


_OPTIONS = {
    "rummy500": [{"players": 4, "target": 100}, {"players": 3}],
    "vegas_rummy": [{"players": 4, "max_score": 50, "buy_in": "0.50"}, {"players": 2}],
    "casino": [
        {"players": 4, "partners": True, "royal": True, "sweeps": True},
        {"players": 3, "target": 11},
    ],
}


def test_every_game_option_and_level_plays_in_the_browser(site_page, site_url):
    """Each game with each bot level and its options: dealt and played for a few moves by the
    worker (through the page's own request function), every answer a view of seat 0."""
    page = site_page
    page.goto(f"{site_url}table.html")
    played = page.evaluate(
        """async (cases) => {
             const out = [];
             for (const body of cases) {
               let reply = await api("POST", "/api/games", body);
               if (!reply.ok) { out.push({ body, error: reply.data }); continue; }
               const id = reply.data.id;
               for (let i = 0; i < 6 && !reply.data.over; i++) {
                 reply = await api("POST", `/api/games/${id}/act`,
                                   { index: 0, version: reply.data.version });
                 if (!reply.ok) break;
               }
               out.push({ body, ok: reply.ok, seat: reply.data.seat, version: reply.data.version,
                          seats: reply.data.names.length });
             }
             return out;
           }""",
        [
            {"game": game, "level": level, "name": "Ada", "seed": 11, **options}
            for game in engine.GAMES
            for level in bots.available_levels(game)
            for options in _OPTIONS[game]
        ],
    )
    for case in played:
        assert case.get("ok"), case
        assert case["seat"] == 0 and case["version"] > 0, case
        assert case["seats"] == case["body"].get("players", 2), case
    assert len(played) == sum(len(bots.available_levels(g)) * 2 for g in engine.GAMES)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "fields"),
    [
        ("rummy500", {"target": 50}),
        ("vegas_rummy", {"opponents": 2, "max_score": 30, "buy_in": "2", "seed": 1}),
    ],
)
def test_a_whole_game_in_the_static_site(site_page, site_url, game, fields):
    """Rummy 500 and Las Vegas Rummy (with its rebuy choice) to the end under Pyodide; a
    reload in the middle resumes the game from the browser's storage."""
    page = site_page
    start(page, site_url, game, **fields)
    for _ in range(4):
        version = page.evaluate("document.body.dataset.version")
        page.locator("#moves button.move:not([disabled])").first.click()
        page.wait_for_function(_MOVED, arg=version)
        page.wait_for_function(_READY)
    version = page.evaluate("document.body.dataset.version")
    page.reload()
    page.wait_for_function(_READY, timeout=BOOT_MS)
    assert page.evaluate("document.body.dataset.version") == version
    play_to_end(page, limit=500)
    assert "leaderboard" in page.inner_text("#result")


def test_the_browser_can_install_the_site_as_an_app(chromium, site_url, tmp_path):
    """Chromium's own check (DevTools' installability errors): manifest, icon, service worker.
    A persistent profile, as a person's browser is (Playwright's usual contexts are
    incognito, which cannot install)."""
    from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS

    context = chromium.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.goto(f"{site_url}index.html")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        devtools = context.new_cdp_session(page)
        manifest = devtools.send("Page.getAppManifest")
        assert manifest["errors"] == [] and manifest["url"].endswith("manifest.webmanifest")
        assert devtools.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def test_the_static_spectators_page_plays_computers_to_the_end_then_stops(site_page, site_url):
    """Issue 28: the static site's spectator page — computers against each other on this
    device, the same table and speed control (cards travel at a speed, none when it is
    off) — ends with the game and asks nothing more."""
    from tests.web.test_shown import RECORD

    page = site_page
    page.add_init_script(RECORD)
    page.goto(f"{site_url}index.html?speed=120")
    assert page.is_visible("#watch")
    page.select_option("#game", "casino")
    page.select_option("#opponents", "2")
    page.select_option("#level", "easy")
    page.fill("#target", "3")
    page.click("#watch")
    page.wait_for_url("**/watch.html*", timeout=BOOT_MS)
    page.wait_for_function("window.flights.length > 0", timeout=BOOT_MS)
    assert "(watching)" in page.inner_text("#title")
    assert page.locator("#opponents .seat").count() == 3  # every seat, as card backs
    assert not page.is_visible("#hand-area") and not page.is_visible("#moves-area")
    assert len(page.evaluate("window.said")) > 0
    page.select_option("#speed", "0")  # off: the rest at once
    page.wait_for_function("document.body.dataset.state === 'over'", timeout=BOOT_MS)
    assert "Game over" in page.inner_text("#over")
    # Nothing asks the engine any more: no loop, no polling.
    page.evaluate(
        """() => { window.asked = 0; const real = window.askWorker;
                   window.askWorker = (m) => { window.asked += 1; return real(m); }; }"""
    )
    version = page.evaluate("document.body.dataset.version")
    page.wait_for_timeout(2500)
    assert page.evaluate("window.asked") == 0
    assert page.evaluate("document.body.dataset.version") == version
    page.evaluate("api('GET', '/api/games/nope')")  # the counter does count a request
    assert page.evaluate("window.asked") == 1


def test_the_static_table_a_first_step_travelling_cards_and_the_hint(site_page, site_url):
    """Issues 28 and 31 in the static site: the Casino first step reads as a step, the hint
    (from the worker's view of your seat) highlights a move with why and Enter plays it,
    and the opponent's cards travel face up only when the move showed them."""
    from cardrules.web.games import WebGame
    from tests.web.test_privacy import card_tokens
    from tests.web.test_shown import RECORD

    page = site_page
    page.add_init_script(RECORD)
    start(page, site_url, "casino", seed=3)
    page.goto(page.url.replace("speed=0", "speed=120"))
    page.wait_for_function(_READY, timeout=BOOT_MS)
    step = page.locator("#moves button.move[data-text='3♦ builds 10 with 6♦']")
    assert "start: 3♦ builds 10 with 6♦" in step.inner_text()
    assert "first step of a build of 10" in step.get_attribute("aria-label")
    game_id = page.evaluate("new URLSearchParams(location.search).get('id')")

    def game() -> WebGame:
        return WebGame.from_document(
            page.evaluate(f"localStorage.getItem('cardrules.game.{game_id}')")
        )

    for _ in range(3):
        page.wait_for_function(_READY)
        if page.evaluate("document.body.dataset.state") != "your-turn":
            break
        page.keyboard.press("?")
        page.wait_for_selector("#moves button.move.hinted", timeout=BOOT_MS)
        before = game()
        view = cardrules.view(before.state, 0)
        seen = set(card_tokens(cardrules.to_json(view)))
        hinted = page.locator("#moves button.move.hinted")
        text = hinted.get_attribute("data-text")
        assert view.legal_texts[int(hinted.get_attribute("data-index"))] == text
        # Nothing the hint says, on the page or in the worker's answer, is a hidden card.
        # (In the browser the expert may reach its wall-clock cap, so asking again may
        # bring another move: each answer is checked on its own.)
        assert set(card_tokens(page.inner_text("#hint-text"))) <= seen
        answer = page.evaluate(f"api('GET', '/api/games/{game_id}/hint').then((r) => r.data)")
        assert set(card_tokens(json.dumps(answer, ensure_ascii=False))) <= seen
        assert answer["hint"]["text"] in view.legal_texts and answer["hint"]["reason"]
        version = page.evaluate("document.body.dataset.version")
        page.keyboard.press("Enter")
        page.wait_for_function(_MOVED, arg=version)
        page.wait_for_function(_READY)
        assert str(game().actions[before.version]) == text  # Enter played the hinted move
    flights = page.evaluate("window.flights")
    assert flights and not any(f["back"] for f in flights)  # Casino draws nothing unseen
    state = game().state
    hidden = {str(c) for c in state.stock} | {str(c) for c in state.hands[1]}
    assert not {f["card"] for f in flights} & hidden
