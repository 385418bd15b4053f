"""The card table through clicks on the table itself, served by ``cardrules serve`` (issue 28).

A deep dig in the discard pile, a refused dig with the library's reason, a lay-off on an
opponent's meld (card, then meld), a Casino build and its capture (hand card, table cards,
then the one move left), the Las Vegas rebuy terms and the pot's split; keyboard keys past
the ninth move. Seeded (practice) games, so every run sees the same deals.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import cardrules
from tests.web.test_browser import _MOVED, _READY, start

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

EDGE = {"x": 6, "y": 30}  # where a fanned card shows: its left edge


def turns(page: Any, limit: int, act: Any) -> None:
    """Up to ``limit`` of your turns: ``act(page)`` moves (True) or the first listed move is
    clicked. Stops when the game is over."""
    for _ in range(limit):
        page.wait_for_function(_READY)
        state = page.evaluate("document.body.dataset.state")
        assert state != "error", page.inner_text("#status")
        if state == "over":
            return
        version = page.evaluate("document.body.dataset.version")
        if not act(page):
            page.locator("#moves button.move:not([disabled])").first.click()
        page.wait_for_function(_MOVED, arg=version)


def move_texts(page: Any) -> list[str]:
    buttons = page.locator("#moves button.move")
    return [buttons.nth(i).get_attribute("data-text") or "" for i in range(buttons.count())]


def test_rummy500_a_deep_dig_a_refused_dig_and_a_lay_off_on_an_opponents_meld(page, live):
    game_id = start(page, live, "rummy500", opponents=1, seed=4, target=200)
    done: dict[str, str] = {}

    def act(page: Any) -> bool:
        game = live.store.games[game_id]
        texts = [m["text"] for m in page.evaluate("window.cardrulesMoves()")]
        digs = [
            t for t in texts if t.startswith("take ") and "+" in t and int(t.split("+")[1]) >= 2
        ]
        if digs and "dig" not in done:
            card = digs[0].split()[1]
            # The pile is fanned: a card shows its left edge, where a player clicks.
            page.click(f"#pile .pile-card[data-card='{card}']", position=EDGE)
            done["dig"] = digs[0]
            return True
        if "draw" in texts and "refused" not in done:
            takeable = {t.split()[1] for t in texts if t.startswith("take ")}
            pile = page.locator("#pile .pile-card:not(.takeable)")
            if pile.count():
                card = pile.first.get_attribute("data-card")
                if card not in takeable:
                    page.click(f"#pile .pile-card[data-card='{card}']", position=EDGE)
                    page.wait_for_function(
                        "document.getElementById('message').textContent.includes('Not allowed')"
                    )
                    action = cardrules.parse_action(f"take {card}", game.state)
                    reason = cardrules.check(game.state, action)
                    assert reason and reason in page.inner_text("#message")
                    done["refused"] = card
                    return False  # then play on
        owners = {m["number"]: m["owner"] for m in page.evaluate("window.cardrulesMelds()")}
        for text in texts:
            if text.startswith("lay off ") and "lay off" not in done:
                card, number = text.split()[2], int(text.split("#")[1])
                if owners.get(number) not in (0, None):
                    page.click(f"#hand .card[data-card='{card}']", position=EDGE)
                    page.click(f"#melds .meld[data-number='{number}']")
                    done["lay off"] = text
                    return True
        return False

    turns(page, 300, act)
    assert {"dig", "refused", "lay off"} <= set(done), done
    # Each card of a meld says who placed it.
    marks = page.locator("#melds .card-img[aria-label*='placed by']")
    assert marks.count() > 0


def test_casino_a_build_and_its_capture_by_clicking_the_table(page, live):
    start(page, live, "casino", opponents=1, seed=2, target=5)
    done: dict[str, str] = {}

    def act(page: Any) -> bool:
        texts = [m["text"] for m in page.evaluate("window.cardrulesMoves()")]
        for text in texts:
            kind = "capture" if " takes [" in text else ("build" if " builds " in text else None)
            if kind is None or (kind == "capture" and "build" not in done) or kind in done:
                continue
            words = text.replace("[", " ").replace("]", " ").split()
            page.click(f"#hand .card[data-card='{words[0]}']", position=EDGE)
            if kind == "build":
                for card in words[4:]:
                    if card != "and":
                        page.click(f"#pile .loose[data-card='{card}']")
            else:
                page.locator("#pile .build").first.click()
            shown = page.locator("#moves button.move")
            chosen = [
                i for i in range(shown.count()) if shown.nth(i).get_attribute("data-text") == text
            ]
            assert chosen, (text, move_texts(page))
            shown.nth(chosen[0]).click()
            done[kind] = text
            return True
        return False

    turns(page, 200, act)
    assert {"build", "capture"} <= set(done), done
    page.wait_for_function(_READY)


def test_keys_past_the_ninth_move_and_the_speed_control(page, live):
    start(page, live, "casino", opponents=1, seed=2)
    keys = page.locator("#moves button.move kbd")
    labels = [keys.nth(i).inner_text() for i in range(keys.count())]
    assert labels == list("123456789abcdefghijklmnopqrstuvwxyz"[: len(labels)])  # in order
    version = page.evaluate("document.body.dataset.version")
    page.keyboard.press(labels[-1])
    page.wait_for_function(_MOVED, arg=version)
    page.select_option("#speed", "900")
    assert page.evaluate("localStorage.getItem('cardrules.speed')") == "900"
    page.keyboard.press("[")
    assert page.evaluate("localStorage.getItem('cardrules.speed')") == "450"


def test_vegas_rummy_rebuy_terms_and_the_pot_split(page, live):
    start(page, live, "vegas_rummy", opponents=2, max_score=30, buy_in="2", seed=1)
    terms: list[str] = []

    def act(page: Any) -> bool:
        if not page.is_visible("#choice"):
            return False
        terms.append(page.inner_text("#choice-terms"))
        page.locator("#choice-moves button", has_text="rebuy").click()
        return True

    turns(page, 400, act)
    assert terms and "pay 2 into the pot" in terms[0] and "points" in terms[0]
    assert page.is_visible("#over .split")
    split = page.inner_text("#over .split")
    assert "receives" in split and "paid in" in split
