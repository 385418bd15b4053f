"""Bot tests play many games: the expert thinks briefly and by work alone.

The product default (``DEFAULT_THINK_TIME``, 0.2 s a decision) would make a
ladder of games take many minutes, and the wall-clock cap would let a loaded
machine change a choice; these tests are about behaviour, so the expert's
default here is a few milliseconds of calibrated work with the caps lifted.
Worker processes of ``simulate`` do not see this: tests that use them pass
:class:`~cardrules.bots.search.ExpertFactory` with :data:`QUICK`.
"""

from __future__ import annotations

import pytest

from cardrules.bots import search

QUICK = 0.005
"""The think time of the expert in these tests, in seconds of calibrated work."""


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search, "DEFAULT_THINK_TIME", QUICK)
    monkeypatch.setattr(search, "DEADLINE_FACTOR", 1e6)
    monkeypatch.setattr(search, "WALL_FACTOR", 1e6)
