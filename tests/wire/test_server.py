"""Issue 14 item 3: the reference JSON-lines server (``python -m cardrules.wire``),
played by a client written against the docs and the schema only (``client.py``)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardrules
from cardrules.wire import server

pytest.importorskip("jsonschema")

HERE = Path(__file__).resolve().parent
# The schema files as installed (the source tree, or the wheel under test in CI's
# compiled-build step, which runs without src/).
SCHEMAS = Path(cardrules.__file__).parent / "schema"
CONFIGS = {
    "rummy500": None,
    "vegas_rummy": {"type": "Config", "num_players": 2, "reshuffle_limit": 2},
    "casino": {"type": "Config", "num_players": 3},
}


@pytest.mark.parametrize("game", cardrules.GAMES)
def test_a_docs_only_client_plays_a_whole_game_over_a_pipe(game):
    command = [sys.executable, str(HERE / "client.py"), "--game", game, "--seed", "5"]
    command += ["--schema", str(SCHEMAS / f"{game}.json"), "--protocol", str(SCHEMAS / "wire.json")]
    if CONFIGS[game] is not None:
        command += ["--config", json.dumps(CONFIGS[game])]
    command += ["--", sys.executable, "-m", "cardrules.wire"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads(done.stdout.strip().splitlines()[-1])
    assert summary["moves"] > 0 and summary["events"] > 0 and summary["winners"]


def _protocol(part: str):
    import jsonschema

    from cardrules.wire.schema import load_schema

    protocol = {k: v for k, v in load_schema("wire").items() if k != "anyOf"}
    return jsonschema.Draft202012Validator({**protocol, "$ref": f"#/$defs/{part}"})


def test_the_documented_requests_fit_the_protocol_schema():
    requests = _protocol("request")
    for request in (
        {"wire": 1, "new_game": {"game": "casino", "seat": 0, "level": "easy", "seed": 7}},
        {"wire": 1, "act": {"action": {"type": "Trail", "card": "4D"}}},
        {"wire": 1, "act": {"text": "trail 4♦"}},
        {"wire": 1, "act": {"index": 3}},
        {"wire": 1, "view": {}},
    ):
        requests.validate(request)
    assert list(requests.iter_errors({"wire": 1, "act": {"index": 3}, "view": {}}))
    assert list(requests.iter_errors({"wire": 2, "view": {}}))


def _talk(*lines: str) -> list[dict]:
    out = io.StringIO()
    server.serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


NEW = json.dumps({"wire": 1, "new_game": {"game": "rummy500", "seed": 9}})


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("not json", "bad_request"),
        ("[1, 2]", "bad_request"),
        ('{"new_game": {}}', "version"),
        ('{"wire": 2, "view": {}}', "version"),
        ('{"wire": true, "view": {}}', "version"),
        ('{"wire": 1}', "bad_request"),
        ('{"wire": 1, "view": {}, "act": {}}', "bad_request"),
        ('{"wire": 1, "act": {"index": 0}}', "no_game"),
        ('{"wire": 1, "new_game": {"game": "chess"}}', "bad_request"),
        ('{"wire": 1, "new_game": {"game": "casino", "seat": 9}}', "bad_request"),
        ('{"wire": 1, "new_game": {"game": "casino", "level": "god"}}', "bad_request"),
        ('{"wire": 1, "new_game": {"game": "casino", "seed": -1}}', "bad_request"),
        ('{"wire": 1, "new_game": {"game": "casino", "config": {"type": "Nope"}}}', "bad_request"),
        (
            '{"wire": 1, "new_game": {"game": "casino", '
            '"config": {"type": "Config", "num_players": 9}}}',
            "bad_request",
        ),
        ("[" * 100_000 + "]" * 100_000, "too_long"),
        ('{"wire": 1, "view": {}, "x": NaN}', "bad_request"),
    ],
)
def test_bad_requests_get_clear_errors_and_the_server_goes_on(line, code):
    replies = _talk(line, '{"wire": 1, "view": {}}')
    assert replies[0]["error"]["code"] == code
    assert code in server.ERROR_CODES
    responses = _protocol("response")
    for reply in replies:
        responses.validate(reply)
    assert replies[0]["error"]["message"]
    assert len(replies) == 2  # still serving


def test_refused_moves_leave_the_game_as_it_was():
    replies = _talk(
        NEW,
        '{"wire": 1, "act": {"text": "discard ZZ"}}',
        '{"wire": 1, "act": {"index": 999}}',
        '{"wire": 1, "act": {"action": {"type": "Discard", "card": "AS"}}}',
        '{"wire": 1, "act": {"action": {"type": "Nope"}}}',
        '{"wire": 1, "act": {"jump": 1}}',
        '{"wire": 1, "act": {"text": "end round"}}',
    )
    first = replies[0]["view"]
    assert "error" not in replies[0] and first["data"]["to_act"] == 0
    codes = [reply["error"]["code"] for reply in replies[1:]]
    assert codes == [
        "bad_request",
        "bad_request",
        "illegal_action",
        "bad_request",
        "bad_request",
        "illegal_action",
    ]
    assert all(reply["view"] == first for reply in replies[1:])
    # The illegal action gets the rules' own reason, as the state gives it.
    assert "draw" in replies[3]["error"]["message"] or "turn" in replies[3]["error"]["message"]


def test_responses_are_views_that_hide_the_other_hands_and_the_seed():
    replies = _talk(NEW, '{"wire": 1, "act": {"index": 0}}')
    for reply in replies:
        data = reply["view"]["data"]
        assert reply["view"]["kind"] == "view" and data["seat"] == 0
        assert "seed" not in data and "stock" not in data and "hands" not in data


def test_one_new_game_after_another_restarts_and_bots_move_first_when_it_is_their_turn():
    second = json.dumps({"wire": 1, "new_game": {"game": "casino", "seat": 0, "seed": 2}})
    replies = _talk(NEW, second)
    assert replies[1]["view"]["game"] == "casino"
    # Casino: the player left of the dealer leads, so the bot at seat 1 may have moved.
    assert replies[1]["view"]["data"]["to_act"] == 0


def test_a_blank_line_is_ignored_and_end_of_input_ends_the_session():
    assert _talk("", "   ") == []
