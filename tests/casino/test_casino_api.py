"""Issue 15 items 7 and 8, issue 14 items 1 and 4: the Casino package's parts and contracts.

Typed errors from foreign objects, check and apply agreeing on crafted actions,
whole plays refused by check and apply (issue 27) and made by ``play``, the parts named
like the other games'
(``validation.py``) and no import circle inside the package.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import attrs
import pytest

import cardrules
from cardrules import casino
from cardrules.cards import parse_card, parse_cards
from cardrules.casino import Build, Capture, Config, Done, State, Take, Trail
from cardrules.errors import IllegalActionError

PACKAGE = Path(casino.__file__).parent


def _imports(path: Path) -> set[str]:
    """The cardrules.casino modules a file imports at module level, TYPE_CHECKING blocks included.

    An import inside a function body runs only when called, after every module has
    loaded: ``State.__str__`` reaching the display that draws it is such a call-time
    edge, not an import circle.
    """
    found = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: list[ast.AST] = []
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        top.append(node)
        pending.extend(ast.iter_child_nodes(node))
    for node in top:
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            part = name.split(".")[2] if name.startswith("cardrules.casino.") else ""
            if part and (PACKAGE / f"{part}.py").exists():
                found.add(part)
    return found


def test_no_import_circle_in_the_casino_package() -> None:
    """Issue 15 item 8: plays -> view -> rules -> plays is broken, and no other circle exists."""
    graph = {
        path.stem: _imports(path) - {path.stem}
        for path in PACKAGE.glob("*.py")
        if path.stem != "__init__"
    }
    state: dict[str, str] = {}

    def visit(module: str, trail: list[str]) -> None:
        if state.get(module) == "done":
            return
        if state.get(module) == "open":
            raise AssertionError("import circle: " + " -> ".join([*trail, module]))
        state[module] = "open"
        for dep in sorted(graph.get(module, ())):
            visit(dep, [*trail, module])
        state[module] = "done"

    for module in sorted(graph):
        visit(module, [])


def test_parts_are_named_like_the_other_games() -> None:
    """Issue 15 item 8: the checks live in casino/validation.py, not in rules.py."""
    from cardrules.casino import rules, validation

    assert casino.validate_state is validation.validate_state
    assert casino.GAME.validate_view is validation.validate_view
    assert not hasattr(rules, "validate_state")


def test_foreign_states_get_a_type_error() -> None:
    """Issue 15 item 7: casino functions on another game's state raise a clear TypeError."""
    other = cardrules.new_game("rummy500", seed=1)
    for call in (
        lambda: casino.view(other, 0),
        lambda: casino.legal_actions(other),
        lambda: casino.check(other, Done()),
        lambda: casino.apply(other, Done()),
        lambda: casino.parse_action("done", other),
        lambda: casino.steps(other, Trail(parse_card("4D"))),
    ):
        with pytest.raises(TypeError, match="casino State"):
            call()


def _crafted(state: State) -> list[object]:
    """Listed actions whose fields were changed to the wrong types after construction."""
    out: list[object] = []
    for action in casino.legal_actions(state)[:6]:
        for field in attrs.fields(type(action)):
            for value in ("x", 3, None, ("x",), (parse_card("4D"), "x"), True):
                copy = attrs.evolve(action)
                object.__setattr__(copy, field.name, value)
                out.append(copy)
    take = Take((parse_card("4D"),))
    object.__setattr__(take, "item", ())
    out.append(take)
    return out


def test_check_and_apply_agree_on_crafted_actions() -> None:
    """Issue 15 item 7: same typed error from check and apply, whatever the fields hold."""
    rnd = random.Random(5)
    state = casino.new_game(seed=5)
    for _ in range(60):
        if state.is_over:
            break
        for bad in _crafted(state):
            reason = casino.check(state, bad)
            if reason is None:
                continue  # a change that happens to spell another legal action
            with pytest.raises(IllegalActionError) as info:
                casino.apply(state, bad)  # type: ignore[arg-type]
            assert info.value.reason == reason
        state = casino.apply(state, rnd.choice(casino.legal_actions(state)))


def test_a_listed_action_altered_after_listing_is_checked_in_full() -> None:
    """Issue 15 item 7, issue 27: nothing is trusted by identity; a listed action altered in
    place gets the library's error."""
    state = casino.new_game(seed=3)
    listed = casino.legal_actions(state)[0]
    object.__setattr__(listed, "card", "2C")
    with pytest.raises(IllegalActionError):
        casino.apply(state, listed)


def test_malformed_names_what_is_wrong_with_each_kind_of_action() -> None:
    """Issue 15 item 7 (issue 27: one pass over the cards): a card that is not a natural
    Card is told before cards out of order, wherever it stands; a joker is refused as the
    constructors refuse it."""
    from cardrules.cards import JOKER
    from cardrules.casino.actions import malformed

    two, five, nine = parse_cards("2C 5C 9C")
    capture = Capture(nine, (two,))
    assert malformed(capture) is None
    assert malformed(Trail(two)) is None and malformed(Done()) is None
    object.__setattr__(capture, "cards", (five, two))
    order = "must be in card order (as the constructor puts them)"
    assert malformed(capture) == f"the table cards {order}"
    object.__setattr__(capture, "cards", (five, two, "3C"))
    assert malformed(capture) == "the table cards must hold natural Card values, not '3C'"
    object.__setattr__(capture, "cards", (two, JOKER))
    assert malformed(capture) == "the table cards must hold natural Card values, not JOKER"
    take = Take((two,))
    object.__setattr__(take, "item", (five, two))
    assert malformed(take) == f"the item taken {order}"
    object.__setattr__(take, "item", ())
    assert malformed(take) == "take names an item"
    trail = Trail(two)
    object.__setattr__(trail, "card", JOKER)
    assert malformed(trail) == "the card played must be a natural Card, not JOKER"
    assert malformed("2C") == "str is not a Casino action"


# ---------------------------------------------------------------------------
# Issue 14 item 1: whole plays


def _stacked(first_deal: str) -> State:
    top = parse_cards(first_deal)
    rest = tuple(c for c in cardrules.cards.make_deck() if c not in top)
    return casino.new_game(deck=top + rest)


def test_a_whole_play_is_refused_with_its_steps_and_made_by_play() -> None:
    """Issue 27: check accepts exactly the listed steps, so a whole play naming two or more
    table items is refused, with a reason that spells out its steps; ``play`` makes it."""
    state = _stacked("6C 9C 3S 3D 2H 4H 7C 8C 6H KC 5H 7H")  # table K♣ 3♦ 6♥ 3♠
    whole = casino.parse_action("6C takes 6H 3S 3D", state)
    reason = casino.check(state, whole)
    assert reason == (
        "'6♣ takes 3♦ 6♥ 3♠' names 3 table items: a play is made one step at a time "
        "('6♣ takes 3♦', 'and 6♥', 'and 3♠'); casino.play(state, play) makes them all"
    )
    with pytest.raises(IllegalActionError) as info:
        casino.apply(state, whole)
    assert info.value.reason == reason
    assert whole not in casino.legal_actions(state)
    after = casino.play(state, whole)
    assert after.pending is None and after.to_act == 1
    # The same play with its items in any order is the same action and the same state.
    for spelling in ("6C takes 3S 6H 3D", "6♣ takes 3♦ 3♠ 6♥"):
        again = casino.parse_action(spelling, state)
        assert again == whole and casino.play(state, again) == after
    assert Capture(parse_card("6C"), parse_cards("3D 6H 3S")) == whole
    # Its steps are listed one after the other, and apply makes the same state.
    stepped = state
    for step in casino.steps(state, whole):
        assert step in casino.legal_actions(stepped)
        stepped = casino.apply(stepped, step)
    assert stepped == after


def test_a_whole_build_is_made_by_its_steps() -> None:
    state = _stacked("6C 9C 3S 3D 2H 4H 7C 8C 6H KC 5H 7H")  # hand 6♣ 9♣ 7♣ 8♣
    build = Build(parse_card("6C"), kind="new", value=9, cards=parse_cards("3D"))
    assert casino.check(state, build) is None  # one item: its own first step
    whole = [p for p in casino.plays(state) if isinstance(p, Build) and len(p.cards) > 1]
    assert whole
    for play in whole:
        assert "one step at a time" in (casino.check(state, play) or "")
        assert casino.play(state, play).pending is None


def test_an_illegal_whole_play_gets_a_reason_a_person_understands() -> None:
    state = _stacked("6C 9C 3S 3D 2H 4H 7C 8C 6H KC 5H 7H")
    reasons = {
        "6C takes 6H 3S": "do not make groups of 6",
        "6C takes 3S 3D KC": "face card",
        "6C takes 6H 3D 4D": "not on the table",
        "5C takes 3S 3D": "you do not hold 5♣",
        "6C builds 9 with 3S 3D": "does not make 9",
        "6C builds 12 with 6H": "from 1 to 10",
    }
    for text, expected in reasons.items():
        action = casino.parse_action(text, state)
        reason = casino.check(state, action)
        assert reason is not None and expected in reason, (text, reason)
        with pytest.raises(IllegalActionError) as info:
            casino.apply(state, action)
        assert info.value.reason == reason


def test_a_whole_play_is_refused_while_another_is_in_progress() -> None:
    state = _stacked("6C 9C 3S 3D 2H 4H 7C 8C 6H KC 5H 7H")
    started = casino.apply(state, casino.parse_action("6C takes 3D", state))
    reason = casino.check(started, casino.parse_action("6C takes 6H 3S 3D", state))
    assert reason is not None and "first finish" in reason


def test_generic_top_level_refuses_whole_plays_as_casino_does() -> None:
    state = _stacked("6C 9C 3S 3D 2H 4H 7C 8C 6H KC 5H 7H")
    whole = casino.parse_action("6C takes 6H 3S 3D", state)
    assert cardrules.check(state, whole) == casino.check(state, whole) is not None
    with pytest.raises(IllegalActionError):
        cardrules.apply(state, whole)


# ---------------------------------------------------------------------------
# Issue 14 item 4: words


def test_messages_name_moves_as_the_rule_books_do_and_cite_no_files() -> None:
    import re

    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.glob("*.py"))
    messages = re.findall(r'(?:return|raise \w+\()\s*f?"([^"]*)"', source)
    assert messages
    for text in messages:
        assert ".md" not in text and "shared/" not in text, text
        assert " an add " not in f" {text} " and "a raise or an add" not in text, text
    with pytest.raises(ValueError, match="raising or adding to a build names its target"):
        Build(parse_card("5C"), kind="new", value=8, target=parse_cards("3C 2C"))
    assert isinstance(Config(), Config)


def test_action_text_length_is_bounded() -> None:
    """Issue 15 item 4: long text is refused before it is read; the longest action fits."""
    state = casino.new_game(seed=3)
    with pytest.raises(ValueError, match="too long"):
        casino.parse_action("trail 4D" + " " * 5000, state)
    with pytest.raises(ValueError, match="too long"):
        casino.parse_action("6C takes " + "3D " * 200, state)
    longest = Capture(parse_card("AS"), cardrules.cards.make_deck()[:40], ace_high=True)
    assert len(str(longest)) <= 400
    assert casino.parse_action(str(longest), state) == longest


def test_phase_is_an_enum_derived_from_the_state_one_model() -> None:
    """Issue 27 item 4: ``phase`` is a ``Phase`` enum in every game; Casino derives it."""
    from cardrules.casino import Phase

    state = _stacked("6C 9C 3S 3D 2H 4H 7C 8C 6H KC 5H 7H")
    assert state.phase is Phase.PLAY and casino.view(state, 0).phase is Phase.PLAY
    started = casino.apply(state, casino.parse_action("6C takes 3D", state))
    assert started.phase is Phase.TAKING and casino.view(started, 1).phase is Phase.TAKING
    rnd = random.Random(1)
    while not state.is_over:
        state = casino.apply(state, rnd.choice(casino.legal_actions(state)))
    assert state.phase is Phase.OVER and casino.view(state, None).phase is Phase.OVER
    assert Phase("taking") is Phase.TAKING
    assert state.num_players == state.config.num_players == 2
    assert "phase" not in cardrules.to_json(state)  # derived: the JSON is unchanged


def test_actions_name_every_card_as_format_cards_does() -> None:
    # The action texts read card names from a table by index (a speed choice):
    # each must be the card's own ``str``, for all 52 natural cards, in every kind of action.
    from cardrules.cards import format_cards, make_deck

    deck = sorted(make_deck(), key=lambda card: card.index)
    for card, other, third in zip(deck, deck[1:] + deck[:1], deck[2:] + deck[:2], strict=True):
        pair = tuple(sorted((other, third), key=lambda c: c.index))
        assert str(Trail(card)) == f"trail {card}"
        assert (
            str(Capture(card, (other,), (pair,))) == f"{card} takes [{format_cards(pair)}] {other}"
        )
        assert str(Build(card, kind="new", value=9, cards=pair)) == (
            f"{card} builds 9 with {format_cards(pair)}"
        )
        assert str(Build(card, kind="raise", value=9, target=pair)) == (
            f"{card} raises [{format_cards(pair)}] to 9"
        )
        assert str(Take(pair)) == f"and [{format_cards(pair)}]"
