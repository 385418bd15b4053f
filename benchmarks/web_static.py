"""Benchmark: the static site in Chromium (issue 28) — time to a playable table, and the bots'
think time under Pyodide beside CPython.

The site is built from this checkout (``cardrules site build``) with the pinned ``pyodide`` npm
package (``--pyodide DIR`` or ``$CARDRULES_PYODIDE``; else fetched with npm) and served by a
plain static file server on loopback. In headless Chromium (``/usr/bin/chromium``):

- **cold**: a fresh browser profile opens the lobby, starts a Rummy 500 game, and the clock
  stops when the table is playable (your turn) — Pyodide boots, the wheels unpack, the deal
  and the bots' first moves run in the worker;
- **cached**: the same profile again after the service worker has kept the site, with the
  network set offline (every file from the cache);
- **think time**: each bot level of each game, the mean seconds per decision over the first
  moves of seeded all-bot games, by ``cardrules.web.local.bot_think_times`` in the browser's
  worker and in this CPython — their ratio is the figure that compares across machines. (A
  mean, not a median: the browser's clock ticks in 0.1 ms steps, which the mean of many
  decisions smooths and a median of one decision's time would not.)

- **hint**: the wait for the hint button's answer (issue 31) — the page's own request
  (``GET /api/games/{id}/hint``, answered by the worker) at each of your first turns (10) of a
  seeded game of each game against normal bots, each hint's move then played — beside the
  same requests answered by ``cardrules.web.local.LocalTables`` in this CPython (the same
  games, the same hints): median ms per hint.

Three interleaved rounds, medians reported. Run::

    .venv/bin/python benchmarks/web_static.py [--pyodide DIR] [--rounds 3] [--moves 40]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, ClassVar

from playwright.sync_api import sync_playwright

from cardrules import bots, engine
from cardrules.web.local import LocalTables, bot_think_times
from cardrules.web.site import build_site

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
_READY = "['your-turn', 'over', 'error'].includes(document.body.dataset.state)"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, *args: Any) -> None:
        pass


def _table_time(page: Any, url: str) -> float:
    """Seconds from opening the lobby to a playable Rummy 500 table."""
    begun = time.perf_counter()
    page.goto(f"{url}index.html?speed=0")
    page.select_option("#game", "rummy500")
    page.select_option("#level", "normal")
    page.click("#start")
    page.wait_for_function(_READY, timeout=180_000)
    elapsed = time.perf_counter() - begun
    if page.evaluate("document.body.dataset.state") == "error":
        raise RuntimeError(page.inner_text("#status"))
    return elapsed


def _browser_think(page: Any, game: str, level: str, moves: int, seed: int) -> list[float]:
    times: list[float] = page.evaluate(
        """async ([game, level, moves, seed]) => {
             const worker = window.benchWorker ||= new Worker("static/worker.js");
             return await new Promise((resolve, reject) => {
               const listen = (event) => {
                 if (event.data.id !== 1) return;
                 worker.removeEventListener("message", listen);
                 if (event.data.error) reject(new Error(event.data.error));
                 else resolve(event.data.times);
               };
               worker.addEventListener("message", listen);
               worker.postMessage({ id: 1, kind: "think", game, level, moves, seed });
             });
           }""",
        [game, level, moves, seed],
    )
    return times


_HINT_GAME = """async ([game, seed, turns]) => {
  let reply = await api("POST", "/api/games", { game, level: "normal", seed, name: "Bench" });
  const id = reply.data.id;
  const times = [];
  for (let turn = 0; turn < turns && !reply.data.over; turn++) {
    const begun = performance.now();
    const tip = await api("GET", `/api/games/${id}/hint`);
    times.push((performance.now() - begun) / 1000);
    reply = await api("POST", `/api/games/${id}/act`,
                      { index: tip.data.hint.index, version: reply.data.version });
  }
  return times;
}"""


def _cpython_hints(game: str, seed: int, turns: int) -> list[float]:
    """The same hints as ``_HINT_GAME`` asks for, answered by the worker's code in CPython."""
    tables = LocalTables()
    reply = json.loads(
        tables.handle(
            "POST",
            "/api/games",
            json.dumps({"game": game, "level": "normal", "seed": seed, "name": "Bench"}),
        )
    )
    game_id = reply["data"]["id"]
    times = []
    for _ in range(turns):
        if reply["data"]["over"]:
            break
        begun = time.perf_counter()
        tip = json.loads(tables.handle("GET", f"/api/games/{game_id}/hint", None))
        times.append(time.perf_counter() - begun)
        act = {"index": tip["data"]["hint"]["index"], "version": reply["data"]["version"]}
        reply = json.loads(tables.handle("POST", f"/api/games/{game_id}/act", json.dumps(act)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pyodide", default=os.environ.get("CARDRULES_PYODIDE"))
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--moves", type=int, default=40, help="bot decisions per game and level")
    parser.add_argument("--hints", type=int, default=10, help="hints asked per game")
    args = parser.parse_args()
    out = Path(tempfile.mkdtemp()) / "site"
    build_site(out, pyodide_dir=Path(args.pyodide) if args.pyodide else None)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Quiet, directory=str(out))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/"
    cold: list[float] = []
    cached: list[float] = []
    think: dict[tuple[str, str], dict[str, list[float]]] = {}
    hints: dict[str, dict[str, list[float]]] = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for round_number in range(args.rounds):
            context = browser.new_context()
            page = context.new_page()
            cold.append(_table_time(page, url))
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            context.set_offline(True)
            again = context.new_page()
            cached.append(_table_time(again, url))
            context.set_offline(False)
            for game in engine.GAMES:
                for level in bots.available_levels(game):
                    seed = 100 + round_number
                    entry = think.setdefault((game, level), {"browser": [], "cpython": []})
                    entry["browser"].append(
                        statistics.fmean(_browser_think(again, game, level, args.moves, seed))
                    )
                    entry["cpython"].append(
                        statistics.fmean(bot_think_times(game, level, args.moves, seed))
                    )
            # The page's own request function: a table page of the site, no game shown.
            again.goto(f"{url}table.html")
            for game in engine.GAMES:
                seed = 200 + round_number
                entry = hints.setdefault(game, {"browser": [], "cpython": []})
                entry["browser"].append(
                    statistics.median(again.evaluate(_HINT_GAME, [game, seed, args.hints]))
                )
                entry["cpython"].append(statistics.median(_cpython_hints(game, seed, args.hints)))
            context.close()
        browser.close()
    server.shutdown()
    print(f"site: {size / 1e6:.1f} MB; Python {sys.version.split()[0]}; {args.rounds} rounds")
    print(f"time to a playable table, cold:   {statistics.median(cold):6.2f} s")
    print(f"time to a playable table, cached: {statistics.median(cached):6.2f} s  (offline)")
    print("think time: mean ms per decision (median of the rounds)")
    print(f"{'game':12} {'level':7} {'browser ms':>11} {'CPython ms':>11} {'ratio':>6}")
    for (game, level), entry in think.items():
        browser_ms = statistics.median(entry["browser"]) * 1000
        cpython_ms = statistics.median(entry["cpython"]) * 1000
        ratio = browser_ms / cpython_ms if cpython_ms else float("nan")
        print(f"{game:12} {level:7} {browser_ms:11.3f} {cpython_ms:11.3f} {ratio:6.2f}")

    print("hint: median ms from the page's request to its answer (median of the rounds)")
    print(f"{'game':12} {'browser ms':>11} {'CPython ms':>11} {'ratio':>6}")
    for game, entry in hints.items():
        browser_ms = statistics.median(entry["browser"]) * 1000
        cpython_ms = statistics.median(entry["cpython"]) * 1000
        ratio = browser_ms / cpython_ms if cpython_ms else float("nan")
        print(f"{game:12} {browser_ms:11.2f} {cpython_ms:11.2f} {ratio:6.2f}")


if __name__ == "__main__":
    main()
