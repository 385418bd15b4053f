"""Issue 19 item 6: `scripts/check_docs_html.py` fails on error boxes and links out of the docs."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "check_docs_html.py"


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_docs_html", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def site(tmp_path: Path, pages: dict[str, str]) -> Path:
    root = tmp_path / "html"
    for name, body in pages.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"<html><body>{body}</body></html>", encoding="utf-8")
    return root


def test_19_6_a_clean_site_passes(tmp_path: Path) -> None:
    checker = load()
    root = site(
        tmp_path,
        {
            "index.html": '<a href="casino.html#rules">x</a> <a href="https://pagat.com">p</a>'
            '<img src="_static/logo.png"> <a href="#top">t</a> <a href="mailto:a@b.c">m</a>',
            "casino.html": "<p>Casino</p>",
            "_static/logo.png": "",
            "_modules/cardrules/casino.html": "<pre>Spec: shared/rules/casino.md</pre>",
        },
    )
    assert checker.check(root) == []
    assert checker.main([str(root)]) == 0


def test_19_6_error_boxes_and_links_out_fail(tmp_path: Path) -> None:
    checker = load()
    root = site(
        tmp_path,
        {
            "casino.html": '<div class="system-message"><p class="system-message-title">'
            "System Message: ERROR/3 (casino.rst, line 9)</p><p>bad contents</p></div>"
            '<a href="../../shared/rules/casino.md">spec</a>'
            '<a href="file:///etc/passwd">f</a> <a href="/abs/page.html">a</a>'
            '<a href="missing.html">m</a> <p>see shared/seeds/casino.txt</p>',
        },
    )
    problems = checker.check(root)
    text = "\n".join(problems)
    assert "an error box in the page: System Message: ERROR/3" in text
    assert "'../../shared/rules/casino.md': a file outside the docs" in text
    assert "a file: link" in text and "an absolute path" in text
    assert "a file that does not exist" in text
    assert "names shared/seeds/" in text
    assert checker.main([str(root)]) == 1
    assert checker.main([]) == 2
