"""Fixtures of the web tests: a game store in a temporary folder, a test client, a live
server on loopback and a headless Chromium from the system's packages.

Every test here needs the ``web`` extra; the browser tests need Playwright and
``/usr/bin/chromium`` too (``.ci/run`` installs both).
"""

from __future__ import annotations

import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Starlette's TestClient asks for httpx2 in a warning; httpx is what the extra installs.
warnings.filterwarnings("ignore", message=".*httpx2.*")

try:  # the web extra; without it every test module here skips (pytest.importorskip)
    from starlette.testclient import TestClient

    from cardrules.web import GameStore, create_app
except ModuleNotFoundError:  # pragma: no cover - only without the extra
    pass

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


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert (opponents and the hint) thinks a few milliseconds of calibrated work with
    its wall-clock cap lifted, as in the bot tests: these tests are about the table, and a
    loaded machine must not change a hint between two asks. (The static site's engine runs
    in the browser with the product default.)"""
    from cardrules.bots import search

    monkeypatch.setattr(search, "DEFAULT_THINK_TIME", 0.005)
    monkeypatch.setattr(search, "DEADLINE_FACTOR", 1e6)


class Clock:
    """A clock the tests move by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def board(tmp_path: Path) -> str:
    return str(tmp_path / "leaderboard.sqlite3")


@pytest.fixture
def store(tmp_path: Path, board: str, clock: Clock) -> GameStore:
    return GameStore(tmp_path / "games", leaderboard=board, clock=clock)


@pytest.fixture
def client(store: GameStore) -> Iterator[TestClient]:
    with TestClient(create_app(store)) as test_client:
        test_client.get("/")  # the lobby hands out the session cookie
        yield test_client


def new_game(client: TestClient, **options: Any) -> dict[str, Any]:
    """Start a game through the API; its first payload."""
    body = {"name": "Ada", "level": "easy", "players": 2, **options}
    reply = client.post("/api/games", json=body)
    assert reply.status_code == 201, reply.text
    data: dict[str, Any] = reply.json()
    return data


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class LiveServer:
    """uvicorn serving an app in a thread of the test process."""

    def __init__(self, store: GameStore, port: int | None = None) -> None:
        import uvicorn

        self.store = store
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            create_app(store), host="127.0.0.1", port=self.port, log_level="warning"
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


@pytest.fixture
def live(store: GameStore) -> Iterator[LiveServer]:
    with LiveServer(store) as server:
        yield server


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is not installed (apt-get install chromium)")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium: Any) -> Iterator[Any]:
    """A fresh browser session; afterwards, every request it made must have gone to loopback
    (the app is self-contained: no CDN, no fonts from elsewhere)."""
    # bypass_csp: Playwright evaluates the tests' probes as strings, which our CSP forbids.
    context = chromium.new_context(viewport={"width": 1000, "height": 900}, bypass_csp=True)
    context.set_default_timeout(15_000)
    asked: list[str] = []
    context.on("request", lambda request: asked.append(request.url))
    page = context.new_page()
    yield page
    context.close()
    elsewhere = [url for url in asked if not url.startswith("http://127.0.0.1:")]
    assert not elsewhere, elsewhere
