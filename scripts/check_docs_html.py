#!/usr/bin/env python3
"""Check the rendered documentation: no error boxes, no links out of the docs.

Sphinx's ``-W`` turns warnings it *reports* into errors, but some problems only
show in the pages: docutils writes a red "ERROR"/"WARNING" box (a
``system-message``) into the HTML for trouble it found while rendering, and a
link to a file of the source tree (``../shared/rules/casino.md``) builds fine
but leads nowhere for a reader. This script reads every ``.html`` file of a
built site and fails (exit 1, one line a problem) on:

- any ``system-message`` element (docutils' ERROR, WARNING, SEVERE boxes) or a
  "Docutils System Messages" section;
- any ``href``/``src`` that is neither a web address (``http``, ``https``,
  ``mailto``) nor a file inside the built site (``file:`` links, absolute
  paths, ``../`` out of the site, links to files that do not exist);
- in the pages people read (not the ``_modules`` source listings), the words
  ``shared/rules/`` or ``shared/seeds/``: files of the project's working tree
  that users of the docs do not have.

Usage: ``python scripts/check_docs_html.py docs/_build/html`` (standard library only).
"""

from __future__ import annotations

import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

_WEB = ("http", "https", "mailto")
_PRIVATE = ("shared/rules/", "shared/seeds/")
_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    }
)


class _Page(HTMLParser):
    """The problems of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.boxes: list[str] = []
        self.links: list[str] = []
        self._in_box = 0
        self._box_text: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        classes = (values.get("class") or "").split()
        opens_box = "system-message" in classes or "system-messages" in classes
        if (opens_box or self._in_box) and tag not in _VOID:
            self._in_box += 1
        for name in ("href", "src"):
            target = values.get(name)
            if target is not None:
                self.links.append(target)

    def handle_endtag(self, tag: str) -> None:
        if self._in_box and tag not in _VOID:
            self._in_box -= 1
            if not self._in_box:
                self.boxes.append(" ".join("".join(self._box_text).split())[:200])
                self._box_text = []

    def handle_data(self, data: str) -> None:
        if self._in_box:
            self._box_text.append(data)
        self.text.append(data)


def _bad_link(site: Path, page: Path, target: str) -> str | None:
    """Why ``target`` (a link on ``page``) leaves the docs, or ``None``."""
    parts = urlsplit(target)
    if parts.scheme in _WEB:
        return None
    if parts.scheme:
        return f"a {parts.scheme}: link"
    if not parts.path:
        return None  # "#anchor" on the same page
    if parts.path.startswith("/"):
        return "an absolute path"
    resolved = (page.parent / unquote(parts.path)).resolve()
    if not resolved.is_relative_to(site):
        return "a file outside the docs"
    if not resolved.exists():
        return "a file that does not exist"
    return None


def check(site: Path) -> list[str]:
    """Every problem of the built site at ``site``, one line each."""
    site = site.resolve()
    problems = []
    pages = sorted(site.rglob("*.html"))
    if not pages:
        return [f"{site}: no HTML pages (build the docs first)"]
    for page in pages:
        name = page.relative_to(site)
        parser = _Page()
        parser.feed(page.read_text(encoding="utf-8", errors="replace"))
        for box in parser.boxes:
            problems.append(f"{name}: an error box in the page: {box}")
        for target in parser.links:
            why = _bad_link(site, page, target)
            if why is not None:
                problems.append(f"{name}: link to {target!r}: {why}")
        if name.parts[0] != "_modules":
            text = "".join(parser.text)
            for private in _PRIVATE:
                if private in text:
                    problems.append(f"{name}: names {private}… which readers do not have")
    return problems


def main(argv: list[str]) -> int:
    """Check the site given as the one argument; 0 if it is clean."""
    if len(argv) != 1:
        print("usage: check_docs_html.py BUILT_HTML_FOLDER", file=sys.stderr)
        return 2
    site = Path(argv[0])
    problems = check(site)
    for line in problems:
        print(line)
    if problems:
        print(f"{len(problems)} problem(s) in the rendered docs", file=sys.stderr)
        return 1
    print(f"rendered docs OK: {sum(1 for _ in site.rglob('*.html'))} pages")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
