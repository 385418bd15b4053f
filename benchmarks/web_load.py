"""Benchmark: 50 games at once against ``cardrules serve`` on loopback (issue 17).

A real server process (``python -m cardrules serve``, its own data folder and
leaderboard) is played by scripted clients, each a browser session of its own
(its own cookie) playing a whole game through the JSON API: it reads the
moves its view lists and plays one at random (``{"index": n, "version": v}``).
Every response time is recorded; the script reports the median, p95 and p99,
the errors, and checks that no game was lost or mixed up (each client's game
answers with its own id and its player's name to the end, and is over).

The yardstick, measured in the same run before the load: the median time of
one ``GET /api/games/{id}`` from a single client on the idle server, so the
figures compare across machines as ratios. Run::

    .venv/bin/python benchmarks/web_load.py [--games 50] [--port 0]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx

_GAMES = (
    ("rummy500", {"target": 100}),
    ("vegas_rummy", {"max_score": 50, "players": 3}),
    ("casino", {"target": 11}),
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _start_server(port: int, folder: str) -> subprocess.Popen[str]:
    env = {**os.environ, "XDG_DATA_HOME": folder}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/meta", timeout=2)
            return process
        except httpx.TransportError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.1)


class Client:
    """One browser session playing one whole game, timing each request."""

    def __init__(self, base: str, number: int, times: list[float], errors: list[str]) -> None:
        self.http = httpx.AsyncClient(base_url=base, timeout=120)
        self.name = f"Load {number}"
        self.number = number
        self.times = times
        self.errors = errors
        self.rng = random.Random(number)

    async def request(self, method: str, path: str, body: Any = None) -> httpx.Response:
        start = time.perf_counter()
        reply = await self.http.request(method, path, json=body)
        self.times.append(time.perf_counter() - start)
        return reply

    async def play(self) -> bool:
        game, options = _GAMES[self.number % len(_GAMES)]
        await self.request("GET", "/")
        body = {"game": game, "level": "easy", "name": self.name, "players": 2, **options}
        reply = await self.request("POST", "/api/games", body)
        if reply.status_code != 201:
            self.errors.append(f"{self.name}: new game {reply.status_code} {reply.text[:200]}")
            return False
        data = reply.json()
        game_id = data["id"]
        for _ in range(5000):
            if data["id"] != game_id or data["names"][0] != self.name:
                self.errors.append(f"{self.name}: got another game's table")
                return False
            if data["over"]:
                break
            move = self.rng.randrange(len(data["moves"]))
            reply = await self.request(
                "POST", f"/api/games/{game_id}/act", {"index": move, "version": data["version"]}
            )
            if reply.status_code != 200:
                self.errors.append(f"{self.name}: act {reply.status_code} {reply.text[:200]}")
                return False
            data = reply.json()
        final = await self.request("GET", f"/api/games/{game_id}")
        await self.http.aclose()
        ok = final.status_code == 200 and final.json()["over"] is not None
        if not ok:
            self.errors.append(f"{self.name}: the game was lost or not over")
        return ok


async def _yardstick(base: str, samples: int = 200) -> float:
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        await http.get("/")
        made = await http.post("/api/games", json={"game": "casino", "level": "easy"})
        game_id = made.json()["id"]
        times = []
        for _ in range(samples):
            start = time.perf_counter()
            await http.get(f"/api/games/{game_id}")
            times.append(time.perf_counter() - start)
    return statistics.median(times)


async def _load(base: str, games: int) -> tuple[list[float], list[str], int, float]:
    times: list[float] = []
    errors: list[str] = []
    clients = [Client(base, n, times, errors) for n in range(games)]
    start = time.perf_counter()
    finished = await asyncio.gather(*(c.play() for c in clients))
    return times, errors, sum(finished), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--port", type=int, default=0, help="0: a free port")
    args = parser.parse_args()
    port = args.port or _free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        server = _start_server(port, folder)
        try:
            idle = asyncio.run(_yardstick(base))
            times, errors, finished, wall = asyncio.run(_load(base, args.games))
        finally:
            server.terminate()
            server.wait(timeout=30)
    times.sort()
    p50 = statistics.median(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    p99 = times[int(0.99 * (len(times) - 1))]
    print(
        f"{args.games} concurrent games on loopback, {len(times)} requests in {wall:.1f} s "
        f"({len(times) / wall:.0f} requests/s)"
    )
    print(f"games finished: {finished}/{args.games}; errors: {len(errors)}")
    for line in errors[:10]:
        print("  " + line)
    print(f"yardstick: one GET of a view on the idle server, median {idle * 1000:.2f} ms")
    print(
        f"response time under load: median {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms"
    )
    print(f"ratios to the yardstick: median {p50 / idle:.1f}x, p95 {p95 / idle:.1f}x")
    if errors or finished != args.games:
        sys.exit(1)


if __name__ == "__main__":
    main()
