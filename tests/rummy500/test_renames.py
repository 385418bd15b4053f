"""One model across the games (issue 27 item 4): Rummy 500's renamed names, and the old
ones still working for one release with a ``DeprecationWarning``.

``Config.decks`` is now ``num_decks`` and ``forbid_rediscard_of_taken`` is
``forbid_rediscard_of_taken_card``; ``Config.RENAMED_FIELDS`` maps the old names.
"""

from __future__ import annotations

import json

import pytest

import cardrules
from cardrules import rummy500
from cardrules.cards import parse_card
from cardrules.rummy500 import Config, Phase, State
from cardrules.rummy500.actions import Discard, TakeDiscard, malformed
from cardrules.rummy500.rules import max_game_length, meld_rules


def test_new_names_and_shared_places() -> None:
    config = Config(num_decks=2, num_players=5, forbid_rediscard_of_taken_card=True)
    assert config.num_decks == 2 and config.forbid_rediscard_of_taken_card
    state = rummy500.new_game(config, seed=1)
    assert state.num_players == 5 and isinstance(state.phase, Phase) and state.turns == 0
    assert max_game_length(config) > 0 and meld_rules(config) is config.meld_rules
    assert malformed(Discard(parse_card("AS"))) is None
    assert malformed(TakeDiscard(parse_card("AS"), -1)) is not None
    from cardrules.rummy500.parse import parse_action

    assert parse_action("draw", state) == rummy500.Draw()


def test_old_keywords_and_attributes_warn_and_work() -> None:
    with pytest.warns(DeprecationWarning, match="num_decks"):
        old = Config(decks=2, num_players=6)
    assert old == Config(num_decks=2, num_players=6)
    with pytest.warns(DeprecationWarning, match="forbid_rediscard_of_taken_card"):
        assert Config(forbid_rediscard_of_taken=True).forbid_rediscard_of_taken_card
    with pytest.warns(DeprecationWarning, match="num_decks"):
        assert old.decks == 2
    with pytest.warns(DeprecationWarning, match="forbid_rediscard_of_taken_card"):
        assert old.forbid_rediscard_of_taken is False
    with pytest.raises(TypeError, match="not both"):
        Config(decks=2, num_decks=2)


def test_old_notation_options_are_read_with_a_warning() -> None:
    state = rummy500.new_game(Config(num_decks=2, num_players=5), seed=1)
    text = cardrules.notation(state)
    assert "num_decks=2" in text
    with pytest.warns(DeprecationWarning, match="decks"):
        assert cardrules.from_notation(text.replace("num_decks", "decks")) == state


def test_an_old_save_loads_with_a_warning() -> None:
    state = rummy500.new_game(Config(num_decks=2, num_players=5,
                                     forbid_rediscard_of_taken_card=True), seed=2)
    document = json.loads(cardrules.to_json(state))
    config = document["data"]["config"]
    config["decks"] = config.pop("num_decks")
    config["forbid_rediscard_of_taken"] = config.pop("forbid_rediscard_of_taken_card")
    with pytest.warns(DeprecationWarning, match="decks|forbid_rediscard_of_taken"):
        loaded = cardrules.from_json(json.dumps(document))
    assert isinstance(loaded, State) and loaded == state
