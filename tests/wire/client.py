"""A test client for the cardrules wire protocol, from docs/wire.rst and the JSON Schema only.

It imports nothing from cardrules: it starts the server command it is given,
speaks JSON lines over the pipe, validates every view against the committed
schema file and plays one whole game, choosing among the legal actions each
view lists (sent in turn as the action's JSON, its text and its index).

    python tests/wire/client.py --game casino --schema src/cardrules/schema/casino.json \\
        -- python -m cardrules.wire

The last line it prints is a JSON summary of the game.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys


class Client:
    def __init__(self, command: list[str], schema: dict, protocol: dict | None) -> None:
        self.server = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        import jsonschema  # here, so that collecting this file needs no extra

        self.validator = jsonschema.Draft202012Validator(schema)
        self.requests = self.responses = None
        if protocol is not None:  # wire.json: the request and response lines themselves
            only = {k: v for k, v in protocol.items() if k != "anyOf"}
            self.requests = jsonschema.Draft202012Validator({**only, "$ref": "#/$defs/request"})
            self.responses = jsonschema.Draft202012Validator({**only, "$ref": "#/$defs/response"})

    def send(self, request: dict) -> dict:
        assert self.server.stdin is not None and self.server.stdout is not None
        request = {"wire": 1, **request}
        if self.requests is not None:
            self.requests.validate(request)
        self.server.stdin.write(json.dumps(request) + "\n")
        self.server.stdin.flush()
        line = self.server.stdout.readline()
        if not line:
            raise SystemExit("the server closed the connection")
        response = json.loads(line)
        assert response["wire"] == 1, response
        if self.responses is not None:
            self.responses.validate(response)
        if response["view"] is not None:
            self.validator.validate(response["view"])
            assert response["view"]["kind"] == "view"
        return response

    def close(self) -> int:
        assert self.server.stdin is not None
        self.server.stdin.close()
        return self.server.wait(timeout=60)


def play(args: argparse.Namespace) -> dict:
    with open(args.schema, encoding="utf-8") as file:
        schema = json.load(file)
    protocol = None
    if args.protocol:
        with open(args.protocol, encoding="utf-8") as file:
            protocol = json.load(file)
    client = Client(args.command, schema, protocol)
    rnd = random.Random(args.seed)
    summary = {"game": args.game, "moves": 0, "events": 0, "errors_seen": 0}
    new_game = {"game": args.game, "seat": args.seat, "seed": args.seed}
    if args.config:
        new_game["config"] = json.loads(args.config)
    response = client.send({"new_game": new_game})
    assert "error" not in response, response
    # A move that is never legal: the server must refuse it and keep the game as it was.
    before = response["view"]
    refused = client.send({"act": {"text": "this is no move"}})
    assert refused["error"]["code"] in ("bad_request", "illegal_action"), refused
    assert refused["view"] == before
    summary["errors_seen"] += 1
    view = before["data"]
    while view["to_act"] is not None:  # docs: to_act is null once the game is over
        assert view["to_act"] == args.seat, "the server waits only for our seat"
        listed, texts = view["legal_actions"], view["legal_texts"]
        assert len(listed) == len(texts) > 0
        for event in view["events"]:
            summary["events"] += 1
            if event["type"] == "Move":
                assert event["seat"] != args.seat, "events start after our last move"
                if event["kind"] == "draw":
                    assert event["cards"] == [], "a stock draw names no card"
        # Stay in the game (retiring would leave the bots to finish it alone).
        keep = [i for i, text in enumerate(texts) if text != "retire"] or list(range(len(texts)))
        index = rnd.choice(keep)
        how = ("action", "text", "index")[summary["moves"] % 3]
        value = {"action": listed[index], "text": texts[index], "index": index}[how]
        response = client.send({"act": {how: value}})
        assert "error" not in response, response
        summary["moves"] += 1
        view = response["view"]["data"]
        assert summary["moves"] < 100_000
    summary["winners"] = view["winners"]
    summary["scores"] = view["scores"]
    late = client.send({"act": {"index": 0}})
    assert late["error"]["code"] == "game_over", late
    assert client.close() == 0
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--schema", required=True)
    parser.add_argument("--protocol", help="wire.json, to check every request and response line")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--config", help="a config object (JSON), as in docs/wire.rst")
    parser.add_argument("command", nargs="+", help="the server command, after --")
    summary = play(parser.parse_args())
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
