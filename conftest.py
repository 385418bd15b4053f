"""Collection rules for the whole test run (pytest reads this before anything else).

The ``rl`` extra's modules and docs page need numpy, OpenSpiel, PettingZoo and
Gymnasium; without the extra installed they are not collected (their tests in
``tests/rl`` skip themselves with ``pytest.importorskip``).
"""

import importlib.util

_RL_EXTRA = all(
    importlib.util.find_spec(name) is not None
    for name in ("numpy", "pyspiel", "pettingzoo", "gymnasium")
)
collect_ignore_glob = [] if _RL_EXTRA else ["src/cardrules/rl/*", "docs/rl.rst"]

# The web extra (cardrules serve): Starlette and uvicorn; tests/web skip themselves without it.
_WEB_EXTRA = all(importlib.util.find_spec(name) is not None for name in ("starlette", "uvicorn"))
if not _WEB_EXTRA:
    collect_ignore_glob += ["src/cardrules/web/*", "docs/web.rst"]
