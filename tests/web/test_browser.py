"""End to end in a real browser: Chromium (the system's package) driven by Playwright.

Issue 17, "play a whole game of each game through clicks to its end, check the
leaderboard page"; keyboard play, phone-sized screens, the spectator's page, illegal
moves explained with the library's reason, the Las Vegas Rummy rebuy/retire choice.
Small configs keep each game short (Rummy 500 to 50 points, Las Vegas Rummy busting
at 30, Casino to 5 points); the opponents' moves are shown without delay (``?speed=0``).
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("httpx")

from cardrules import ranking

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

_READY = "['your-turn', 'over', 'error'].includes(document.body.dataset.state)"
_MOVED = "v => document.body.dataset.version !== v"


def start(page: Any, live: Any, game: str, **fields: Any) -> str:
    """Fill in the lobby and start; the game's id."""
    page.goto(f"{live.url}/?speed=0")
    page.select_option("#game", game)
    page.select_option("#opponents", str(fields.pop("opponents", 1)))
    page.select_option("#level", fields.pop("level", "easy"))
    page.fill("#name", fields.pop("name", "Ada"))
    for field, value in fields.items():
        if isinstance(value, bool):
            page.set_checked(f"#{field}", value)
        elif field == "seed":
            page.click("summary")
            page.fill("#seed", str(value))
        else:
            page.fill(f"#{field}", str(value))
    page.click("#start")
    page.wait_for_url("**/table/**")
    page.wait_for_function(_READY)
    return str(page.url.split("/table/")[1].split("?")[0])


def play_to_end(
    page: Any, *, limit: int, keyboard_every: int = 0, on_turn: Any = None, must_end: bool = True
) -> int:
    """Play the first listed move until the game is over (by click, or by key every n-th turn).

    ``on_turn(page)`` is asked first each turn and returns True if it made the move itself.
    At most ``limit`` moves; the game must be over by then unless ``must_end`` is false.
    """
    for turn in range(limit):
        page.wait_for_function(_READY)
        state = page.evaluate("document.body.dataset.state")
        assert state != "error", page.inner_text("#status")
        if state == "over":
            return turn
        version = page.evaluate("document.body.dataset.version")
        if on_turn is not None and on_turn(page):
            pass  # it moved
        elif keyboard_every and turn % keyboard_every == 0:
            page.keyboard.press("1")
        else:
            page.locator("#moves button.move:not([disabled])").first.click()
        page.wait_for_function(_MOVED, arg=version)
    if must_end:
        raise AssertionError(f"not over after {limit} moves")
    return limit


def test_rummy500_whole_game_by_clicks_and_keys_then_the_leaderboard(page, live, board):
    game_id = start(page, live, "rummy500", target=50)
    assert "Rummy 500" in page.inner_text("#title")
    assert page.locator("#hand .card").count() == 10
    # The hand is shown sorted: suit by suit, ace low.
    shown = [page.locator("#hand .card").nth(i).get_attribute("data-card") for i in range(10)]
    assert shown == [str(c) for c in sorted(live.store.games[game_id].view(0).hand)]
    moves = play_to_end(page, limit=400, keyboard_every=3)
    assert moves > 0
    assert page.is_visible("#over")
    result = page.inner_text("#result")
    assert "leaderboard" in result
    page.click("text=Leaderboard >> nth=-1")
    page.wait_for_function("document.body.dataset.state === 'ready'")
    board_text = page.inner_text("section[data-game='rummy500']")
    assert "Ada" in board_text
    with ranking.Leaderboard(board, read_only=True) as lb:
        (row,) = lb.table("rummy500")
    assert row.player == "Ada" and row.games == 1
    assert f"{row.points}" in board_text
    assert "easy 10, normal 30, expert 100" in page.inner_text("#points")


def test_vegas_rummy_whole_game_with_the_pot_and_the_rebuy_choice(page, live):
    # Seed 1 (a practice game) with three players busts you at your 22nd move or so.
    start(page, live, "vegas_rummy", opponents=2, max_score=30, buy_in="2", seed=1)
    assert "Pot: 6" in page.inner_text("#status")
    chose: list[str] = []

    def rebuy_when_asked(page: Any) -> bool:
        if not page.is_visible("#choice"):
            return False
        buttons = page.locator("#choice-moves button")
        texts = [buttons.nth(i).inner_text() for i in range(buttons.count())]
        assert any("rebuy" in t for t in texts) and any("retire" in t for t in texts)
        chose.append("rebuy")
        page.locator("#choice-moves button", has_text="rebuy").click()
        return True

    play_to_end(page, limit=400, on_turn=rebuy_when_asked)
    assert chose, "the rebuy/retire choice was never offered"
    assert "Practice game" in page.inner_text("#result")
    assert "Pot:" in page.inner_text("#over")


def test_casino_whole_game_and_the_round_scoring(page, live):
    start(page, live, "casino", target=5, sweeps=True)
    play_to_end(page, limit=400)
    assert page.is_visible("#scoring-area")
    assert "scored" in page.inner_text("#scoring")
    assert "Game over" in page.inner_text("#over")


def test_an_illegal_move_is_explained_with_the_librarys_reason(page, live):
    game_id = start(page, live, "rummy500")
    card = page.locator("#hand .card").first.get_attribute("data-card")
    page.click("#hand .card >> nth=0")
    assert page.get_attribute("#hand .card >> nth=0", "aria-pressed") == "true"
    page.click("#compose")  # "Discard selected" before drawing
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    game = live.store.games[game_id]
    import cardrules

    reason = cardrules.check(game.state, cardrules.parse_action(f"discard {card}", game.state))
    assert reason and reason in page.inner_text("#message")
    # Typed text, with the keyboard: "/" focuses the box.
    page.keyboard.press("Escape")
    page.keyboard.press("/")
    page.keyboard.type("meld nothing")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('message').textContent.includes('Not allowed')")
    assert game.version == live.store.games[game_id].version  # nothing changed


def test_a_spectator_watches_without_seeing_a_hand(page, live, chromium):
    game_id = start(page, live, "casino")
    other = chromium.new_context(bypass_csp=True)
    try:
        watcher = other.new_page()
        watcher.goto(f"{live.url}/watch/{game_id}?speed=0")
        watcher.wait_for_function("document.body.dataset.state !== undefined")
        assert "(watching)" in watcher.inner_text("#title")
        assert watcher.locator("#hand .card").count() == 0
        assert not watcher.is_visible("#moves-area")
        assert watcher.locator("#opponents .seat").count() == 2  # both players, as card backs
        # The spectator's session cannot play or see the player's view.
        reply = watcher.request.get(f"{live.url}/api/games/{game_id}")
        assert reply.status == 403
    finally:
        other.close()


def test_readable_at_phone_width(chromium, live):
    context = chromium.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, bypass_csp=True
    )
    try:
        page = context.new_page()
        start(page, live, "casino", opponents=3, partners=True)
        size = page.locator("#hand .card").first.bounding_box()
        assert size["width"] >= 36 and size["height"] >= 44  # big enough to tap

        def fits(page: Any) -> bool:
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 360, f"the table is {wide}px wide on a 360px screen"
            return False  # then play the first move

        play_to_end(page, limit=12, on_turn=fits, must_end=False)
        page.goto(f"{live.url}/")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()


def test_the_opponents_moves_are_shown_one_by_one(page, live):
    """With a delay between them (?speed=250), the opponents' moves arrive in the log in turn."""
    start(page, live, "rummy500", opponents=3)
    page.goto(page.url.replace("speed=0", "speed=250"))
    page.wait_for_function(_READY)
    page.locator("#moves button.move").first.click()  # draw
    page.wait_for_function("document.body.dataset.state === 'your-turn'")
    page.locator("#moves button.move", has_text="discard").first.click()
    # Three opponents move (draw or take, then discard, and maybe more) before your turn.
    page.wait_for_function("document.querySelectorAll('#events .event.new').length >= 1")
    first = page.locator("#events .event.new").count()
    assert page.evaluate("document.body.dataset.state") == "animating"
    assert page.locator("#moves button.move:not([disabled])").count() == 0  # wait for them
    page.wait_for_function("document.body.dataset.state === 'your-turn'")
    last = page.locator("#events .event.new").count()
    assert last >= 6 and first < last
