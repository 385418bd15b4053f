"""Take the docs' screenshots of the web app (not a test): ``python -m tests.web.screenshots DIR``.

Starts a server on loopback with a temporary data folder, opens the lobby and one table of
each game in Chromium (``/usr/bin/chromium``) and writes ``web-lobby.png``,
``web-rummy500.png``, ``web-vegas_rummy.png``, ``web-casino.png`` and ``web-phone.png``.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from cardrules.web import GameStore
from tests.web.conftest import CHROMIUM, CHROMIUM_ARGS, LiveServer

_GAMES = {
    "rummy500": {"opponents": "1", "moves": 9},
    "vegas_rummy": {"opponents": "3", "moves": 9},
    "casino": {"opponents": "1", "moves": 3},
}


def main(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    data = Path(tempfile.mkdtemp())
    store = GameStore(data / "games", leaderboard=str(data / "board.sqlite3"))
    with LiveServer(store) as live, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 900, "height": 1100}, bypass_csp=True)
        page = context.new_page()
        page.goto(f"{live.url}/?speed=0")
        page.fill("#name", "Ada")
        page.screenshot(path=str(out / "web-lobby.png"), full_page=True)
        for game, how in _GAMES.items():
            page.goto(f"{live.url}/?speed=0")
            page.select_option("#game", game)
            page.select_option("#opponents", how["opponents"])
            page.fill("#name", "Ada")
            page.click("#start")
            page.wait_for_url("**/table/**")
            for _ in range(int(how["moves"])):
                page.wait_for_function("document.body.dataset.state === 'your-turn'")
                moves = page.locator("#moves button.move:not([disabled])")
                moves.nth(moves.count() - 1).click()
            page.wait_for_function("document.body.dataset.state === 'your-turn'")
            page.locator("#hand .card").first.click()
            page.screenshot(path=str(out / f"web-{game}.png"), full_page=True)
        phone = context.new_page()  # the same browser session: the game is Ada's
        phone.set_viewport_size({"width": 360, "height": 740})
        phone.goto(page.url)
        phone.wait_for_function("document.body.dataset.state === 'your-turn'")
        phone.screenshot(path=str(out / "web-phone.png"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
