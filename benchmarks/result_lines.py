"""The lines of a benchmark's results file (JSON lines), for resuming a run and reporting it.

The game benchmarks (``expert_vs_normal.py``, ``expert_vs_ismcts.py``,
``expert_casino_variants.py``, ``rl_ismcts_vs_bots.py``) append one JSON object a game
to their ``--out`` file; running the same command again skips the games already there.
"""

from __future__ import annotations

import json
import os
from typing import Any


def result_lines(path: str) -> list[dict[str, Any]]:
    """The objects written to ``path`` so far, in order (none if there is no such file)."""
    if not os.path.exists(path):
        return []
    with open(path) as handle:
        return [json.loads(text) for text in handle if text.strip()]
