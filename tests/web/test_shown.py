"""What the table shows between your moves, served by ``cardrules serve`` (issues 28 and 31):
a Casino first step that reads as a step, the opponents' moves travelling as cards (face down
from the stock) and announced for screen readers, the speed control and reduced motion, and
the hint button with its key.

Every card that travels is recorded as it is added to the page (a ``MutationObserver`` from
an init script), and checked against the public events of the server's answer: a card drawn
from the stock is never drawn face up, and no card travels that the move did not show.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

import cardrules
from tests.web.test_browser import _MOVED, _READY, start
from tests.web.test_privacy import card_tokens

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

# Records every travelling card (its data-card, face or back) and every announcement.
RECORD = """
window.flights = []; window.said = [];
new MutationObserver((records) => {
  for (const r of records) {
    for (const n of r.addedNodes) {
      if (n.nodeType === 1 && n.classList.contains('flying')) {
        const stock = document.querySelector('#stock .count');
        window.flights.push({ card: n.dataset.card, back: !!n.querySelector('svg.back'),
                              text: n.textContent, stock: stock ? stock.textContent : '' });
      }
    }
    if (r.target.id === 'announce' && r.target.textContent) window.said.push(r.target.textContent);
  }
}).observe(document, { subtree: true, childList: true });
"""


def recording_page(chromium: Any, **options: Any) -> tuple[Any, Any]:
    context = chromium.new_context(
        viewport={"width": 1000, "height": 900}, bypass_csp=True, **options
    )
    context.set_default_timeout(20_000)
    context.add_init_script(RECORD)
    return context, context.new_page()


def at_speed(page: Any, speed: int) -> None:
    page.goto(page.url.replace("speed=0", f"speed={speed}"))
    page.wait_for_function(_READY)


def acts(page: Any) -> list[Any]:
    """The answers to this page's moves, kept as they arrive."""
    answers: list[Any] = []
    page.on("response", lambda r: answers.append(r) if r.url.endswith("/act") else None)
    return answers


def play_turn(page: Any) -> None:
    """One whole turn of yours by clicks: draw (if listed) then the first discard or move."""
    texts = [m["text"] for m in page.evaluate("window.cardrulesMoves()")]
    version = page.evaluate("document.body.dataset.version")
    if "draw" in texts:
        page.locator("#moves button.move[data-text='draw']").click()
        page.wait_for_function(_MOVED, arg=version)
        page.wait_for_function(_READY)
        version = page.evaluate("document.body.dataset.version")
    discard = page.locator("#moves button.move", has_text="discard")
    (discard.first if discard.count() else page.locator("#moves button.move").first).click()
    page.wait_for_function(_MOVED, arg=version)
    page.wait_for_function(_READY)


def others_events(answers: list[Any]) -> list[dict[str, Any]]:
    events = []
    for answer in answers:
        data = answer.json()
        events += [e for e in data["events"] if e.get("seat") != data["seat"]]
    return events


def test_a_casino_first_step_reads_as_a_step_in_its_button_label_and_keys(page, live):
    """Issue 28: "3♦ builds 10 with 6♦" only starts a build of 10 (it must take A♥ as well);
    its button, screen-reader label and key say so; played by its key, the play goes on."""
    game_id = start(page, live, "casino", opponents=1, seed=3)
    button = page.locator("#moves button.move[data-text='3♦ builds 10 with 6♦']")
    text = button.inner_text()
    assert "start: 3♦ builds 10 with 6♦" in text and "then take A♥" in text
    label = button.get_attribute("aria-label")
    key = button.get_attribute("data-key")
    assert label.startswith(f"key {key}: first step of a build of 10")
    assert "not finished" in label and "ace of hearts" in label
    # One that may end after its first step says so too; a whole move reads as one.
    other = page.locator("#moves button.move[data-text='5♦ builds 10 with 5♣']")
    assert "or done" in other.inner_text() and "end it there" in other.get_attribute("aria-label")
    whole = page.locator("#moves button.move[data-text='2♣ builds 3 with A♥']")
    assert whole.inner_text().endswith("2♣ builds 3 with A♥")
    assert "first step" not in whole.get_attribute("aria-label")
    version = page.evaluate("document.body.dataset.version")
    page.keyboard.press(key)
    page.wait_for_function(_MOVED, arg=version)
    page.wait_for_function(_READY)
    assert live.store.games[game_id].state.pending is not None
    assert "In progress: 3♦ builds 10 with 6♦" in page.inner_text("#pending")
    going_on = page.locator("#moves button.move[data-text='and A♥']")
    assert "also take ace of hearts" in going_on.get_attribute("aria-label")
    version = page.evaluate("document.body.dataset.version")
    going_on.click()
    page.wait_for_function(_MOVED, arg=version)
    page.wait_for_function(_READY)
    # Complete now (3 + 6 + 1), though it could take a loose 10 as well: "done" ends it.
    state = live.store.games[game_id].state
    if state.pending is not None:
        done = page.locator("#moves button.move[data-text='done']")
        assert "end the play in progress" in done.get_attribute("aria-label")
        version = page.evaluate("document.body.dataset.version")
        done.click()
        page.wait_for_function(_MOVED, arg=version)
    assert live.store.games[game_id].state.pending is None


def test_the_opponents_moves_travel_as_cards_and_are_announced(chromium, live):
    """Issue 28: each opponent's move is a card travelling across the table, one by one, and
    a sentence in the live region; a card drawn from the stock travels face down, and no card
    travels that the move did not show to everybody."""
    context, page = recording_page(chromium)
    try:
        game_id = start(page, live, "rummy500", opponents=3, seed=6)
        at_speed(page, 120)
        answers = acts(page)
        for _ in range(3):
            play_turn(page)
        events = others_events(answers)
        flights = page.evaluate("window.flights")
        said = page.evaluate("window.said")
        draws = [e for e in events if e["kind"] == "draw"]
        assert draws and flights
        backs = [f for f in flights if f["back"]]
        assert len(backs) == len(draws)
        assert all(f["card"] == "" and f["text"] == "" for f in backs)  # nothing to read
        shown = {card for e in events for card in e["cards"]}
        faces = [f for f in flights if not f["back"]]
        assert faces and all(f["card"] in shown for f in faces)
        # The table follows the moves as they land: each draw leaves one card fewer in the
        # stock for the next (the player's own views of those moments).
        stocks = [int(f["stock"].split()[-1]) for f in backs]
        assert len(backs) >= 2 and len(set(stocks)) > 1
        assert stocks == sorted(stocks, reverse=True)
        # Every move is said, who and what, cards by name.
        assert len(said) == len(events)
        names = live.store.games[game_id].names
        assert all(any(line.startswith(n) for n in names) for line in said)
        discards = [e for e in events if e["kind"] == "discard"]
        assert any("discard" in line and " of " in line for line in said) == bool(discards)
    finally:
        context.close()


def test_speed_off_and_reduced_motion_move_no_card_but_every_move_is_said(chromium, live):
    """The speed control's "off" shows the moves at once; a browser asking for reduced motion
    gets no travelling cards at any speed. Both still announce every move."""
    context, page = recording_page(chromium, reduced_motion="reduce")
    try:
        start(page, live, "rummy500", opponents=2, seed=6)
        at_speed(page, 120)
        answers = acts(page)
        play_turn(page)
        assert page.evaluate("window.flights") == []
        assert len(page.evaluate("window.said")) == len(others_events(answers))
    finally:
        context.close()
    context, page = recording_page(chromium)
    try:
        start(page, live, "rummy500", opponents=2, seed=6)
        assert page.locator("#speed option[value='0']").inner_text().startswith("off")
        answers = acts(page)
        play_turn(page)
        assert page.evaluate("window.flights") == []
        said = page.evaluate("window.said")
        events = others_events(answers[-1:])
        assert said and said[-1].count(". ") >= len(events) - 1  # all at once, in one sentence
    finally:
        context.close()


def test_the_hint_button_and_its_key_show_the_experts_move_with_why(page, live):
    """Issue 31: the hint (button, or "?") highlights a listed move with its reason, from the
    player's own view; Enter then plays it. The hint's answer names no hidden card."""
    game_id = start(page, live, "rummy500", opponents=1, seed=4)
    hints: list[Any] = []
    page.on("response", lambda r: hints.append(r) if r.url.endswith("/hint") else None)
    for turn in range(4):
        page.wait_for_function(_READY)
        if page.evaluate("document.body.dataset.state") != "your-turn":
            break
        if turn % 2:
            page.keyboard.press("?")
        else:
            page.click("#hint")
        page.wait_for_selector("#moves button.move.hinted")
        game = live.store.games[game_id]
        answer = hints[-1].json()
        tip = answer["hint"]
        hinted = page.locator("#moves button.move.hinted")
        assert hinted.count() == 1 and hinted.get_attribute("data-index") == str(tip["index"])
        assert cardrules.view(game.state, 0).legal_texts[tip["index"]] == tip["text"]
        assert tip["reason"] in page.inner_text("#hint-text")
        assert "(the hint)" in hinted.get_attribute("aria-label")
        # Nothing in the hint's answer is a card the player may not see.
        seen = card_tokens(cardrules.to_json(cardrules.view(game.state, 0)))
        assert set(card_tokens(json.dumps(answer, ensure_ascii=False))) <= set(seen)
        # The hinted move has the focus: Enter plays it.
        version = page.evaluate("document.body.dataset.version")
        before = game.version
        page.keyboard.press("Enter")
        page.wait_for_function(_MOVED, arg=version)
        assert str(live.store.games[game_id].actions[before]) == tip["text"]
        assert page.locator("#moves button.move.hinted").count() == 0  # a hint is for one turn


def test_a_spectator_on_the_server_sees_each_move_travel_once(page, live, chromium):
    """The served spectator's page (/watch/{id}) shows the moves played since its last look
    one by one, as cards travelling (face down from the stock), each said once and in order.
    (It sees the moves the spectator's view still holds: about one trip round the table.)"""
    from cardrules.cli.render import name_of

    game_id = start(page, live, "rummy500", opponents=1, seed=6)
    context, watcher = recording_page(chromium)
    try:
        watcher.goto(f"{live.url}/watch/{game_id}?speed=100")
        watcher.wait_for_function("document.body.dataset.version !== undefined")
        first = live.store.games[game_id].version
        for _ in range(3):
            play_turn(page)
            watcher.wait_for_function(
                "v => document.body.dataset.version === v"
                " && document.body.dataset.state !== 'animating'",
                arg=str(live.store.games[game_id].version),
                timeout=30_000,
            )
        game = live.store.games[game_id]
        said = watcher.evaluate("window.said")
        # Each line is one move played since the first look, in order, none twice.
        played = [
            f"{name_of(game.names, seat)}: {action}"
            for seat, action in _seats_and_actions(game)[first:]
        ]
        spoken = [cardrules_spoken(line) for line in played]
        at = 0
        for line in said:
            assert line in spoken[at:], (line, spoken[at:])
            at = spoken.index(line, at) + 1
        assert len(said) >= 6  # at least the opponent's draw and discard of each turn
        backs = [f for f in watcher.evaluate("window.flights") if f["back"]]
        assert len(backs) == sum(1 for line in said if line.endswith(": draw"))
        assert all(f["card"] == "" for f in backs)
    finally:
        context.close()


def _seats_and_actions(game: Any) -> list[tuple[int, Any]]:
    """Who played each action of a served game (replayed from its record)."""
    state = cardrules.new_game(game.game, game.config, seed=game.seed)
    out = []
    for action in game.actions:
        out.append((state.to_act, action))
        state = cardrules.apply(state, action)
    return out


def cardrules_spoken(line: str) -> str:
    """A line as the page says it: cards by name ("K♠" is "king of spades")."""
    names = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
    suits = {"♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades"}

    def name(match: Any) -> str:
        card = match.group(0)
        return (
            "joker" if card == "JK" else f"{names.get(card[:-1], card[:-1])} of {suits[card[-1]]}"
        )

    return re.sub(r"(?:10|[2-9AJQK])[♣♦♥♠]|JK", name, line)


def test_first_steps_and_the_hint_fit_a_phone(chromium, live):
    """The longer labels of first steps and the hint's box wrap on a 360-pixel screen."""
    context = chromium.new_context(
        viewport={"width": 360, "height": 740}, is_mobile=True, bypass_csp=True
    )
    try:
        page = context.new_page()
        start(page, live, "casino", opponents=1, seed=3)
        page.click("#hint")
        page.wait_for_selector("#moves button.move.hinted")
        assert page.locator("#moves button.move.first-step").count() >= 2
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
