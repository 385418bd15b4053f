"""``cardrules serve``: the subcommand, its lazy import of the extra, and a real server process."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from cardrules.cli.main import main
from tests.web.conftest import free_port


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main(list(argv), stdin=io.StringIO(), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_serve_is_listed_and_has_help():
    code, out, _ = run("--help")
    assert code == 0 and "serve" in out
    code, out, _ = run("serve", "--help")
    assert code == 0 and "--port" in out and "--host" in out


@pytest.mark.parametrize("argv", [["--port", "0"], ["--port", "70000"], ["--idle-hours", "0"]])
def test_bad_flags_are_usage_errors(argv):
    code, _, err = run("serve", *argv)
    assert code == 2 and "error" in err


def test_without_the_extra_the_command_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now raises ImportError
    code, _, err = run("serve", "--port", "8123")
    assert code == 1
    assert "pip install 'cardrules[web]'" in err and "uvicorn" in err


def test_the_core_and_the_cli_never_import_the_web_stack():
    probe = (
        "import sys, cardrules, cardrules.cli.main, cardrules.wire.server\n"
        "from cardrules.cli.main import build_parser; build_parser()\n"
        "bad = [m for m in ('starlette', 'uvicorn', 'cardrules.web') if m in sys.modules]\n"
        "assert not bad, bad\n"
    )
    subprocess.run([sys.executable, "-c", probe], check=True)


def test_cardrules_serve_runs_a_real_server(tmp_path):
    port = free_port()
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "cardrules", "serve", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                reply = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(0.1)
        assert reply.status_code == 200 and "cardrules" in reply.text
        client = httpx.Client(base_url=f"http://127.0.0.1:{port}", cookies=reply.cookies)
        made = client.post("/api/games", json={"game": "casino", "level": "easy"})
        assert made.status_code == 201
        # Saved in the CLI's data folder: saves/web beside the leaderboard.
        assert (tmp_path / "cardrules" / "saves" / "web" / f"{made.json()['id']}.json").is_file()
    finally:
        process.terminate()
        process.wait(timeout=20)
    assert "serving on" in process.stdout.read()
