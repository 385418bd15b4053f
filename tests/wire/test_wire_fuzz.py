"""Issue 30 fault 1: the wire server against bytes that are not UTF-8, keys written
twice and the protocol schema's edge values — it answers every line, never stops,
and refuses every request ``wire.json`` refuses."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardrules.wire import server

jsonschema = pytest.importorskip("jsonschema")


def _validator(part: str):
    from cardrules.wire.schema import load_schema

    protocol = {k: v for k, v in load_schema("wire").items() if k != "anyOf"}
    return jsonschema.Draft202012Validator({**protocol, "$ref": f"#/$defs/{part}"})


REQUESTS = _validator("request")
RESPONSES = _validator("response")
NEW = '{"wire": 1, "new_game": {"game": "casino", "seed": 4}}'
VIEW = '{"wire": 1, "view": {}}'
LONE = '{"wire": 1, "new_game": {"game": "casino", "config": {"type": "Config", "\\ud800": 1}}}'


def _exactly(line: str):
    """The request as JSON Schema sees its numbers: exactly (1e-400 is not 0, a whole 3.0 is 3)."""

    def number(text: str):
        value = Decimal(text)
        if value == value.to_integral_value() and value.adjusted() < 40:
            return int(value)
        return float(value) if value.adjusted() < 40 and value.adjusted() > -40 else value

    return json.loads(line, parse_float=number)


def _talk(*lines: str) -> list[dict]:
    out = io.StringIO()
    server.serve(io.StringIO("".join(line + "\n" for line in lines)), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    for reply in replies:
        RESPONSES.validate(reply)
    return replies


def test_a_byte_that_is_not_utf8_gets_an_error_and_the_requests_around_it_are_answered():
    # One write: two requests, a bad byte, a request after it (the report).
    sent = (NEW + "\n" + VIEW + "\n").encode() + b"\xff\n" + b'{"wire":1,"\xc3(":1}\n'
    sent += (VIEW + "\n").encode()
    done = subprocess.run(
        [sys.executable, "-m", "cardrules.wire"], input=sent, capture_output=True, timeout=120
    )
    assert done.returncode == 0 and not done.stderr, done.stderr.decode()[-2000:]
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    assert ["error" in reply for reply in replies] == [False, False, True, True, False]
    assert replies[2]["error"] == {
        "code": "bad_request",
        "message": "the request is not UTF-8 text",
    }
    assert replies[2]["view"] == replies[1]["view"] == replies[4]["view"]
    for reply in replies:
        RESPONSES.validate(reply)


def test_a_lone_surrogate_echoed_in_a_message_still_goes_out_as_utf8():
    done = subprocess.run(
        [sys.executable, "-m", "cardrules.wire"],
        input=(NEW + "\n" + '{"wire":1,"act":{"text":"\\ud800"}}\n' + LONE + "\n").encode(),
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    replies = [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]
    codes = [reply.get("error", {}).get("code") for reply in replies]
    assert codes == [None, "bad_request", "bad_request"]


@pytest.mark.parametrize(
    "line",
    [
        '{"wire": 1, "view": {}, "view": {}}',
        '{"wire": 1, "wire": 1, "view": {}}',
        '{"wire": 1, "act": {"index": 0, "index": 1}}',
        '{"wire": 1, "new_game": {"game": "casino", "game": "rummy500"}}',
        '{"wire": 1, "act": {"action": {"type": "Trail", "type": "Trail", "card": "4D"}}}',
    ],
)
def test_a_key_written_twice_is_refused_like_in_documents(line):
    replies = _talk(NEW, line, VIEW)
    assert replies[1]["error"]["code"] == "bad_request"
    assert "appears twice" in replies[1]["error"]["message"]
    assert replies[1]["view"] == replies[0]["view"] == replies[2]["view"]


@pytest.mark.parametrize("body", ['{"x": 1}', "[]", "null", "0", '""', '{"view": {}}'])
def test_view_takes_only_the_empty_object_as_the_schema_says(body):
    line = '{"wire": 1, "view": ' + body + "}"
    assert list(REQUESTS.iter_errors(_exactly(line)))
    assert _talk(NEW, line)[1]["error"]["code"] == "bad_request"


# The schema's edge values for the protocol's own numbers: JSON Schema's
# "integer" is any number whose fraction is zero, so 0.0 and 1e0 are whole numbers.
EDGES = [
    "0",
    "0.0",
    "-0.0",
    "1e0",
    "1.0",
    "0.5",
    "-1",
    "-1.0",
    "9223372036854775807",
    "9223372036854775808",
    "9223372036854775807.0",
    "1e400",
    "-1e400",
    "1e-400",
    "true",
    "false",
    "null",
    '"0"',
    "[]",
    "{}",
]


@pytest.mark.parametrize("value", EDGES)
@pytest.mark.parametrize(
    "template",
    [
        '{"wire": 1, "act": {"index": %s}}',
        '{"wire": 1, "new_game": {"game": "casino", "seed": %s}}',
        '{"wire": 1, "new_game": {"game": "casino", "seat": %s}}',
        '{"wire": %s, "view": {}}',
    ],
)
def test_the_schema_and_the_server_agree_on_edge_values(template, value):
    line = template % value
    schema_refuses = bool(list(REQUESTS.iter_errors(_exactly(line))))
    reply = _talk(NEW, line)[1]
    if schema_refuses:
        assert "error" in reply, line
    else:
        # Accepted by the schema: the server may refuse it only for what the
        # schema cannot know (the number of listed actions, of seats).
        assert "error" not in reply or "0.." in reply["error"]["message"], (line, reply)


def test_index_zero_written_as_a_fraction_is_the_first_listed_action():
    by_int = _talk(NEW, '{"wire": 1, "act": {"index": 0}}')[1]
    by_fraction = _talk(NEW, '{"wire": 1, "act": {"index": 0.0}}')[1]
    assert "error" not in by_int and by_fraction == by_int


_json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.0, 1.5, -1.0])
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
_keys = st.sampled_from(
    [
        "wire",
        "view",
        "act",
        "new_game",
        "index",
        "text",
        "action",
        "game",
        "seat",
        "seed",
        "level",
        "config",
        "x",
    ]
)


@st.composite
def _mangled_lines(draw) -> str:
    """A request near the schema's: known keys, any values, maybe a key twice or a bad byte."""
    pairs = draw(st.lists(st.tuples(_keys, _json_values | _requests_inner), max_size=4))
    if draw(st.booleans()):
        pairs.insert(0, ("wire", 1))
    text = "{" + ", ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in pairs) + "}"
    raw = text.encode()
    if draw(st.booleans()) and raw:
        cut = draw(st.integers(0, len(raw)))
        raw = (
            raw[:cut]
            + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"]))
            + raw[cut:]
        )
    return raw.decode("utf-8", "surrogateescape").replace("\n", " ")


_requests_inner = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["casino", "rummy500", "chess"]),
        "index": _json_values,
        "seat": _json_values,
        "seed": _json_values,
        "text": st.text(max_size=5),
    },
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_mangled_lines(), min_size=1, max_size=4))
def test_fuzzed_lines_each_get_one_schema_valid_reply_and_schema_refusals_are_errors(lines):
    replies = _talk(NEW, *lines, VIEW)
    sent = [line for line in lines if line.strip()]
    assert len(replies) == len(sent) + 2
    for line, reply in zip(sent, replies[1:-1], strict=True):
        try:
            request = _exactly(line)
        except ValueError:
            assert reply["error"]["code"] in ("bad_request", "version")
            continue
        if list(REQUESTS.iter_errors(request)):
            assert "error" in reply, line
    assert "error" not in replies[-1]
