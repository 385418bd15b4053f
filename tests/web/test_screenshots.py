"""The docs' pictures of the table, taken by the tests (issue 28): each game's table at
1280×800 and at 390×844 (a phone), and the lobby, written to ``docs/images/``.

Seeded games played for some turns (melds, lay-offs and builds preferred, so the table has
something on it) by clicks, served by ``cardrules serve`` on loopback.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

from tests.web.test_browser import _MOVED, _READY, start

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
SIZES = {"1280": (1280, 800), "390": (390, 844)}
GAMES = {
    "rummy500": ({"opponents": 2, "seed": 4}, 14),
    "vegas_rummy": ({"opponents": 3, "seed": 5, "buy_in": "2"}, 12),
    "casino": ({"opponents": 1, "seed": 2}, 12),
}
_PREFERRED = ("meld", "lay off", "builds")


def _play(page: Any, turns: int) -> None:
    for _ in range(turns):
        page.wait_for_function(_READY)
        if page.evaluate("document.body.dataset.state") != "your-turn":
            return
        if page.locator("#pile .build").count():
            return  # a Casino build on the table: worth a picture
        moves = page.evaluate("window.cardrulesMoves()")
        version = page.evaluate("document.body.dataset.version")
        pick = next((m for m in moves if m["text"].startswith(_PREFERRED)), None)
        if pick is None:
            pick = next((m for m in moves if m["text"] == "draw"), moves[0])
        page.locator(f"#moves button.move[data-index='{pick['index']}']").click()
        page.wait_for_function(_MOVED, arg=version)
    page.wait_for_function(_READY)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("game", sorted(GAMES))
def test_screenshot_of_the_table(chromium, live, game, size):
    width, height = SIZES[size]
    context = chromium.new_context(
        viewport={"width": width, "height": height}, bypass_csp=True, is_mobile=size == "390"
    )
    try:
        page = context.new_page()
        fields, turns = GAMES[game]
        start(page, live, game, level="normal", **fields)
        _play(page, turns)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        IMAGES.mkdir(parents=True, exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(IMAGES / f"web-{game}-{size}.png"))
        if game == "rummy500" and size == "1280":
            page.goto(f"{live.url}/")
            page.screenshot(path=str(IMAGES / "web-lobby.png"))
    finally:
        context.close()


def test_screenshot_of_casino_first_steps_and_a_hint(chromium, live):
    """The move list of a Casino turn with first steps that read as steps, and a hint shown."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    try:
        page = context.new_page()
        start(page, live, "casino", opponents=1, seed=3, level="normal")
        page.click("#hint")
        page.wait_for_selector("#moves button.move.hinted")
        IMAGES.mkdir(parents=True, exist_ok=True)
        page.locator("#moves-area").screenshot(path=str(IMAGES / "web-casino-moves.png"))
    finally:
        context.close()
